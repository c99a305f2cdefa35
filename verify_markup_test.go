package fork_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/markup"
	"github.com/marketingfork/fork/provider/rules"
)

// inlinePage is a page of our own with links, bold, a struck-out price, a
// line break and an icon inside its blocks.
const inlinePage = "internal/extract/testdata/pages/inline.html"

func TestMarkupCheck(t *testing.T) {
	src, err := os.ReadFile(inlinePage)
	if err != nil {
		t.Fatal(err)
	}
	f := fork.New()
	ctx := context.Background()
	ex, err := f.Extract(ctx, fork.Source{HTML: string(src)})
	if err != nil {
		t.Fatal(err)
	}
	lede := -1
	for _, b := range ex.Blocks {
		if strings.HasPrefix(b.Text, "Over 3,000") {
			lede = b.ID
		}
	}
	if lede < 0 || ex.Blocks[lede].Markup == "" {
		t.Fatalf("no lede with markup in %+v", ex.Blocks)
	}
	tests := []struct {
		name, text string
		status     fork.Outcome
		details    []string
	}{
		{"own text", ex.Blocks[lede].Text, fork.CheckPassed, nil},
		{"own markup", ex.Blocks[lede].Markup, fork.CheckPassed, nil},
		{"placeholders kept", "Read the <1>full <2>how-it-works</2> guide</1> before your first card: it takes <3>two minutes</3>. Over 3,000 families use Pebblepost every month.", fork.CheckPassed, nil},
		{"plain text", "Read the full how-it-works guide before your first card: it takes two minutes. Over 3,000 families use Pebblepost every month.", fork.CheckFailed,
			[]string{"block " + itoa(lede) + " is plain text", "keep its placeholders"}},
		{"dropped", "Read the <1>full how-it-works guide</1> before your first card: it takes <3>two minutes</3>. Over 3,000 families use Pebblepost every month.", fork.CheckFailed,
			[]string{"block " + itoa(lede), "placeholder <2>…</2> is missing"}},
		{"renamed", "Read the <1>full <4>how-it-works</4> guide</1> before your first card: it takes <3>two minutes</3>. Over 3,000 families use Pebblepost every month.", fork.CheckFailed,
			[]string{"placeholder <2>…</2> was renamed to 4"}},
		{"misnested", "Read the <1>full <2>how-it-works guide</1></2> before your first card: it takes <3>two minutes</3>. Over 3,000 families use Pebblepost every month.", fork.CheckFailed,
			[]string{"badly nested"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := fork.Draft{}
			for _, b := range ex.Blocks {
				text := b.Text
				if b.ID == lede {
					text = tt.text
				}
				d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text})
			}
			rep, err := f.Verify(ctx, fork.VerifyRequest{Source: fork.Source{HTML: string(src)}, Fork: d, Target: fork.Target{Profile: "parent", LanguageLayer: "everyday"}})
			if err != nil {
				t.Fatal(err)
			}
			var c *fork.Check
			for i := range rep.Checks {
				if rep.Checks[i].Name == "markup" {
					c = &rep.Checks[i]
				}
			}
			if c == nil {
				t.Fatal("no markup check in the report")
			}
			if c.Status != tt.status {
				t.Fatalf("markup check %s (%s); want %s", c.Status, c.Details, tt.status)
			}
			for _, want := range tt.details {
				if !strings.Contains(c.Details, want) {
					t.Errorf("details %q lack %q", c.Details, want)
				}
			}
			if tt.status == fork.CheckPassed && rep.Page != nil && tt.name == "placeholders kept" {
				if !strings.Contains(rep.Page.HTML, `<a href="/how-it-works" class="link">full <em>how-it-works</em> guide</a>`) {
					t.Errorf("the rendered page lost the link around its words:\n%s", rep.Page.HTML)
				}
				if strings.Contains(rep.Page.Markdown, "<1>") {
					t.Errorf("the Markdown shows placeholders:\n%s", rep.Page.Markdown)
				}
			}
		})
	}
}

// TestForkKeepsInlineElements forks the page with the built-in engine: a
// rewritten sentence keeps its link and bold around the words they
// wrapped, and the fork's blocks read as plain text.
func TestForkKeepsInlineElements(t *testing.T) {
	src, err := os.ReadFile(inlinePage)
	if err != nil {
		t.Fatal(err)
	}
	f := fork.New(fork.WithProvider(rules.New()))
	res, err := f.Fork(context.Background(), fork.Request{HTML: string(src), Profile: "skeptic", LanguageLayer: "plain"})
	if err != nil {
		t.Fatal(err)
	}
	ledeChanged := false
	for _, b := range res.Blocks {
		if strings.Contains(b.Text, "<1>") {
			t.Errorf("block %d shows placeholders: %q", b.ID, b.Text)
		}
		if strings.HasPrefix(b.Source, "Over 3,000") && b.Text != b.Source {
			ledeChanged = true
		}
	}
	if !ledeChanged {
		t.Fatal("the fork left the sentence with the link and bold as it was; the test needs a rewritten one")
	}
	for _, c := range res.Checks {
		if c.Name == "markup" && c.Status != fork.CheckPassed {
			t.Errorf("markup check %s: %s", c.Status, c.Details)
		}
	}
	for _, want := range []string{`<a href="/how-it-works" class="link">full <em>how-it-works</em> guide</a>`, `<strong>two minutes</strong>`, `<s class="was">$12</s>`, `<b class="now">$9</b>`, `<i class="icon icon-phone"></i>`} {
		if !strings.Contains(res.HTML, want) {
			t.Errorf("the fork lost %s:\n%s", want, res.HTML)
		}
	}
}

// TestLineBreakCheck verifies drafts of a page without inline elements: a
// line break (markup.LineBreak) between two runs of a paragraph's words
// passes and renders as a <br>; one in a button's label, one that opens
// the text, or any other placeholder fails the markup check, which a page
// without inline elements no longer skips when a draft adds one.
func TestLineBreakCheck(t *testing.T) {
	const src = `<html lang="en"><body><section><h1>Ledgerline</h1><p>Bookkeeping that keeps up with your clients.</p><a href="/trial">Start your trial</a></section>
<section><h2>Refunds</h2><p>Cancel within 14 days and we refund every cent.</p></section></body></html>`
	f := fork.New()
	ctx := context.Background()
	ex, err := f.Extract(ctx, fork.Source{HTML: src})
	if err != nil {
		t.Fatal(err)
	}
	const sub, cta = "Bookkeeping that keeps up with your clients.", "Start your trial"
	for _, tt := range []struct {
		name, block, text string
		status            fork.Outcome
	}{
		{"break between two lines", sub, sub + " " + markup.LineBreak + "Cancel within 14 days and we refund every cent.", fork.CheckPassed},
		{"break in a button", cta, "Start" + markup.LineBreak + "your trial", fork.CheckFailed},
		{"break first", sub, markup.LineBreak + sub, fork.CheckFailed},
		// a break inside a figure would show "1" and "4" on two lines
		{"break inside a figure", "Cancel within 14 days and we refund every cent.", "Cancel within 1" + markup.LineBreak + "4 days and we refund every cent.", fork.CheckFailed},
		{"invented placeholder", sub, "Bookkeeping that keeps up with <1>your clients</1>.", fork.CheckFailed},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := fork.Draft{}
			for _, b := range ex.Blocks {
				text := b.Text
				if b.Text == tt.block {
					text = tt.text
				}
				d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text})
			}
			rep, err := f.Verify(ctx, fork.VerifyRequest{Source: fork.Source{HTML: src}, Fork: d, Target: fork.Target{Profile: "cautious", LanguageLayer: "everyday"}})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range rep.Checks {
				if c.Name != "markup" {
					continue
				}
				if c.Status != tt.status {
					t.Fatalf("markup check %s (%s); want %s", c.Status, c.Details, tt.status)
				}
				if tt.status == fork.CheckPassed && (rep.Page == nil || !strings.Contains(rep.Page.HTML, "<p>"+sub+" <br>Cancel within 14 days")) {
					t.Errorf("the page does not set the line on its own: %+v", rep.Page)
				}
				return
			}
			t.Fatal("no markup check in the report")
		})
	}
}

// TestPageOwnLineBreakText forks testdata/pages/literal-break-en.html,
// whose copy shows "<0/>" itself (a page on an i18n library's syntax): the
// page's own "<0/>" is text, not a line break, so every profile's fork
// keeps it and passes, and no block's text reads as holding a break.
func TestPageOwnLineBreakText(t *testing.T) {
	src, err := os.ReadFile("testdata/pages/literal-break-en.html")
	if err != nil {
		t.Fatal(err)
	}
	f := fork.New(fork.WithProvider(rules.New()))
	for _, profile := range []string{"cautious", "skeptic", "enthusiast"} {
		res, err := f.Fork(context.Background(), fork.Request{HTML: string(src), Profile: profile})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Passed {
			t.Errorf("%s: fork failed: %+v", profile, res.Checks)
		}
		for _, b := range res.Blocks {
			if strings.Contains(b.Source, markup.LineBreak) {
				t.Errorf("%s: block %d's source %q reads as holding a line break", profile, b.ID, b.Source)
			}
		}
		if !strings.Contains(res.HTML, "Write &lt;0/&gt; to break a line") {
			t.Errorf("%s: the page's own words changed:\n%s", profile, res.HTML)
		}
	}
}
