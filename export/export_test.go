package export_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/export"
	"github.com/marketingfork/fork/provider/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const sourceURL = "https://loomwise.example/throws"

// agentDraft is a fork an agent wrote by following the skill for a busy
// reader of testdata/page.html: copy rewritten in place (inline markup
// kept as placeholders, a button relabelled, an input's value), the page's
// order kept. The built-in engine leaves that plain page's copy alone for
// most profiles, which is right for the engine but shows an export nothing.
type agentDraft struct{}

func (agentDraft) Info() fork.ProviderInfo {
	return fork.ProviderInfo{Name: "agent", Version: "test"}
}

func (agentDraft) Rewrite(_ context.Context, plan *fork.Plan) (*fork.Draft, error) {
	texts := map[int]string{
		3:  "Warm from the first thread",
		4:  "Hand-woven from <1>undyed mountain wool</1>, finished in our mill.",
		5:  "Start my order",
		15: "Buy it now",
	}
	d := &fork.Draft{}
	for _, b := range plan.Blocks {
		text, ok := texts[b.ID]
		if !ok {
			text = b.Text
		}
		d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text})
	}
	return d, nil
}

// forkPage forks testdata/page.html for a profile as if fetched from
// sourceURL: the busy professional's fork is an agent's draft, every other
// profile's the built-in engine's.
func forkPage(t testing.TB, profile string) (*fork.Result, []byte) {
	t.Helper()
	src, err := os.ReadFile("testdata/page.html")
	if err != nil {
		t.Fatal(err)
	}
	var p fork.Provider = rules.New()
	if profile == "busy-professional" {
		p = agentDraft{}
	}
	res, err := fork.New(fork.WithProvider(p)).Fork(context.Background(), fork.Request{HTML: string(src), Profile: profile, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	res.SourceURL = sourceURL
	return res, src
}

// TestGolden writes every format for a fork that keeps the page's order,
// one that moves sections, and two variants at once.
func TestGolden(t *testing.T) {
	plain, src := forkPage(t, "busy-professional")
	moved, _ := forkPage(t, "cautious")
	if len(plain.Sections) != 0 || len(moved.Sections) == 0 {
		t.Fatalf("fixtures changed: busy-professional sections %v, cautious sections %v", plain.Sections, moved.Sections)
	}
	for _, tc := range []struct {
		name    string
		results []*fork.Result
	}{
		{"plain", []*fork.Result{plain}},
		{"moved", []*fork.Result{moved}},
		{"two-variants", []*fork.Result{plain, moved}},
	} {
		e, err := export.New(src, tc.results...)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range export.Formats {
			t.Run(tc.name+"/"+string(f), func(t *testing.T) {
				var got bytes.Buffer
				if err := e.Write(&got, f); err != nil {
					t.Fatal(err)
				}
				ext := ".json"
				if f == export.Unbounce {
					ext = ".html"
				}
				golden := filepath.Join("testdata", "golden", tc.name+"."+string(f)+ext)
				if *update {
					if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update)", err)
				}
				if diff := cmp.Diff(string(want), got.String()); diff != "" {
					t.Errorf("%s (-want +got):\n%s", golden, diff)
				}
			})
		}
	}
}

// TestChanges checks what every format is built from: each changed block
// once, with its new text, the hash of its source text, and HTML that
// keeps the block's inline markup.
func TestChanges(t *testing.T) {
	res, src := forkPage(t, "busy-professional")
	e, err := export.New(src, res)
	if err != nil {
		t.Fatal(err)
	}
	changed := map[int]fork.ForkedBlock{}
	for _, b := range res.Blocks {
		if b.Text != b.Source {
			changed[b.ID] = b
		}
	}
	if len(changed) == 0 {
		t.Fatal("the fixture fork changes nothing")
	}
	got := e.Variants[0].Changes
	if len(got) != len(changed) {
		t.Fatalf("%d changes, want %d", len(got), len(changed))
	}
	for _, c := range got {
		b := changed[c.Block]
		if c.Text != b.Text {
			t.Errorf("block %d: text %q, want %q", c.Block, c.Text, b.Text)
		}
		if c.Attribute == "" && !strings.Contains(c.HTML, strings.SplitN(b.Text, " ", 2)[0]) {
			t.Errorf("block %d: html %q does not hold the new text %q", c.Block, c.HTML, b.Text)
		}
		if len(c.SourceSHA256) != 64 {
			t.Errorf("block %d: source hash %q", c.Block, c.SourceSHA256)
		}
	}
}

// TestTextIsEscaped: a fork's text is text, however it reads; it becomes
// HTML through the page's renderer, the same as in the forked page.
func TestTextIsEscaped(t *testing.T) {
	res, src := forkPage(t, "busy-professional")
	const text = "Every throw is woven by hand from undyed mountain wool <b>& finished</b> in our mill."
	for i, b := range res.Blocks {
		if strings.HasPrefix(b.Source, "Each throw is woven") {
			res.Blocks[i].Text = text
		}
	}
	e, err := export.New(src, res)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range e.Variants[0].Changes {
		if c.Text != text {
			continue
		}
		if strings.Contains(c.HTML, "<b>") || !strings.Contains(c.HTML, "&lt;b&gt;&amp; finished&lt;/b&gt;") {
			t.Errorf("html %s: the text is not escaped", c.HTML)
		}
		if got := visibleText(t, c.HTML); got != text {
			t.Errorf("html %s reads %q, want %q", c.HTML, got, text)
		}
		return
	}
	t.Fatal("the changed paragraph is not exported")
}

// visibleText is the text of an HTML fragment.
func visibleText(t *testing.T, fragment string) string {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(fragment), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return b.String()
}

func TestBadInput(t *testing.T) {
	res, src := forkPage(t, "cautious")
	drifted := bytes.Replace(src, []byte("Warmth you can feel"), []byte("Comfort you can feel"), 1)
	badOrder := *res
	badOrder.Sections = []int{0, 0, 1, 2, 3}
	short := *res
	short.Sections = []int{1, 0}
	stray := *res
	stray.Blocks = append([]fork.ForkedBlock{{ID: 999, Path: "/html[1]"}}, res.Blocks...)
	for _, tc := range []struct {
		name    string
		src     []byte
		results []*fork.Result
		is      error
	}{
		{"page changed since the fork", drifted, []*fork.Result{res}, export.ErrSourceMismatch},
		{"another page", []byte("<p>hello</p>"), []*fork.Result{res}, export.ErrSourceMismatch},
		{"no fork", src, nil, fork.ErrInvalidInput},
		{"nil fork", src, []*fork.Result{nil}, fork.ErrInvalidInput},
		{"section order with a repeat", src, []*fork.Result{&badOrder}, fork.ErrInvalidInput},
		{"section order too short", src, []*fork.Result{&short}, fork.ErrInvalidInput},
		{"block not on the page", src, []*fork.Result{&stray}, export.ErrSourceMismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := export.New(tc.src, tc.results...)
			if !errors.Is(err, tc.is) {
				t.Errorf("err = %v, want %v", err, tc.is)
			}
		})
	}
	for _, s := range []string{"", "vwo", "growthbook2"} {
		if _, err := export.ParseFormat(s); !errors.Is(err, fork.ErrInvalidInput) {
			t.Errorf("ParseFormat(%q) = %v, want ErrInvalidInput", s, err)
		}
	}
	if f, err := export.ParseFormat(" GrowthBook "); err != nil || f != export.GrowthBook {
		t.Errorf("ParseFormat(GrowthBook) = %v, %v", f, err)
	}
}

// TestCorpus exports a fork of every corpus page in every format: each
// located on its page, with a selector for every change.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../shared/corpus/*.html")
	if len(files) == 0 {
		t.Fatal("no corpus pages under ../shared/corpus")
	}
	f := fork.New(fork.WithProvider(rules.New()))
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			res, err := f.Fork(context.Background(), fork.Request{HTML: string(src), Profile: "executive"})
			if err != nil {
				t.Skipf("not forkable: %v", err)
			}
			e, err := export.New(src, res)
			if unchanged := res.Sections == nil && !slices.ContainsFunc(res.Blocks, func(b fork.ForkedBlock) bool { return b.Text != b.Source }); unchanged {
				// A fork that changes nothing is no variant: refused.
				if !errors.Is(err, fork.ErrNoVariant) {
					t.Errorf("a fork that changes nothing: export error %v; want ErrNoVariant", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			v := e.Variants[0]
			if (len(res.Sections) > 0) != (v.Moves != nil) {
				t.Errorf("fork sections %v, export moves %v", res.Sections, v.Moves)
			}
			if v.Moves != nil && len(v.Moves.Order) != len(res.Sections) {
				t.Errorf("%d moves for %d sections", len(v.Moves.Order), len(res.Sections))
			}
			for _, c := range v.Changes {
				if c.Selector == "" || (c.Attribute == "" && c.HTML == "") {
					t.Errorf("block %d: selector %q, html %q", c.Block, c.Selector, c.HTML)
				}
			}
			for _, format := range export.Formats {
				if err := e.Write(io.Discard, format); err != nil {
					t.Errorf("%s: %v", format, err)
				}
			}
		})
	}
}

// TestUnbounceBase: the page Unbounce gets (WithBase) has a <base href> to
// the source at the start of its head, so its relative links and assets resolve from Unbounce's
// host; a page with a base of its own, or no source URL, is left alone.
func TestUnbounceBase(t *testing.T) {
	const u = `https://shop.example/a?b=1&c="2"`
	const base = `<base href="https://shop.example/a?b=1&amp;c=&#34;2&#34;">`
	for _, tc := range []struct{ name, page, url, want string }{
		{"after head", `<!doctype html><html><head><title>T</title></head><body><p>x</p></body></html>`, u,
			`<!doctype html><html><head>` + base + `<title>T</title></head><body><p>x</p></body></html>`},
		{"head with attributes", `<html><head lang="en"><meta charset="utf-8"></head></html>`, u,
			`<html><head lang="en">` + base + `<meta charset="utf-8"></head></html>`},
		{"implied head", `<title>T</title><p>x</p>`, u, base + `<title>T</title><p>x</p>`},
		{"no head, body first", `<html><body><p>x</p></body></html>`, u, `<html>` + base + `<body><p>x</p></body></html>`},
		{"own base kept", `<html><head><base href="/x/"></head><body></body></html>`, u, `<html><head><base href="/x/"></head><body></body></html>`},
		{"no source url", `<html><head></head></html>`, "", `<html><head></head></html>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, export.WithBase(tc.page, tc.url)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzNew: any source page with a real fork gives an export or an error,
// never a panic, and an export writes in every format.
func FuzzNew(f *testing.F) {
	res, src := forkPage(f, "cautious")
	f.Add(string(src))
	f.Add("<p>hello</p>")
	f.Add(strings.Replace(string(src), "<main>", "<main><main>", 1))
	f.Fuzz(func(t *testing.T, page string) {
		e, err := export.New([]byte(page), res)
		if err != nil {
			if !errors.Is(err, fork.ErrInvalidInput) {
				t.Fatalf("error %v does not wrap ErrInvalidInput", err)
			}
			return
		}
		for _, format := range export.Formats {
			if err := e.Write(io.Discard, format); err != nil {
				t.Fatal(err)
			}
		}
	})
}
