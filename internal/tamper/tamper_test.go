package tamper

import (
	"context"
	"slices"
	"strings"

	"testing"

	"github.com/marketingfork/fork"
)

// TestCasesChangeOneThing holds the generator to its word: each tampered
// draft differs from the honest one in what its category says and nothing
// else, so that a check that fires fires on the tamper.
func TestCasesChangeOneThing(t *testing.T) {
	pages, err := LoadPages("../../testdata/verify/*.html")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages: %v", err)
	}
	corpus, _ := LoadPages("../../../shared/corpus/*.html")
	pages = append(pages, corpus...)
	f := fork.New()
	for _, page := range pages {
		t.Run(page.Name, func(t *testing.T) {
			p, err := f.Plan(context.Background(), fork.Request{HTML: page.HTML})
			if err != nil {
				t.Fatal(err)
			}
			honest := Honest(p)
			for i, b := range p.Blocks {
				if honest.Blocks[i] != (fork.DraftBlock{ID: b.ID, Text: b.Text, Href: b.Href}) {
					t.Fatalf("honest block %d is not the source's", b.ID)
				}
			}
			for _, c := range Generate(p) {
				checkCase(t, p, honest, c)
			}
		})
	}
}

func checkCase(t *testing.T, p *fork.Plan, honest fork.Draft, c Case) {
	t.Helper()
	if len(c.Expect) == 0 || c.Expect[0] != expectOf(c.Category)[0] {
		t.Errorf("%s: expects %v", c.Label(), c.Expect)
	}
	if (len(c.Draft.Changes) > 0) != (c.Category == "declared_rule") {
		t.Errorf("%s: declares %v", c.Label(), c.Draft.Changes)
	}
	got := map[int]fork.DraftBlock{}
	for _, b := range c.Draft.Blocks {
		got[b.ID] = b
	}
	var texts, hrefs, missing []int
	for _, h := range honest.Blocks {
		b, ok := got[h.ID]
		switch {
		case !ok:
			missing = append(missing, h.ID)
		case b.Text != h.Text:
			texts = append(texts, h.ID)
		case b.Href != h.Href:
			hrefs = append(hrefs, h.ID)
		}
	}
	want := [3]int{1, 0, 0} // blocks with new text, new links, left out
	switch c.Category {
	case "price_swap":
		want = [3]int{2, 0, 0}
	case "cta_link":
		want = [3]int{0, 1, 0}
	case "block_dropped":
		want = [3]int{0, 0, 1}
	}
	if g := [3]int{len(texts), len(hrefs), len(missing)}; g != want {
		t.Errorf("%s: changes the text of %v, the link of %v and leaves out %v; want %v of each", c.Label(), texts, hrefs, missing, want)
		return
	}
	changed := append(append(texts, hrefs...), missing...)
	if !slices.Contains(changed, c.Block) {
		t.Errorf("%s: says block %d, changes blocks %v", c.Label(), c.Block, changed)
	}
	if len(texts) == 1 && got[texts[0]].Text != c.After {
		t.Errorf("%s: After %q is not the draft's %q", c.Label(), c.After, got[texts[0]].Text)
	}
}

func TestTransforms(t *testing.T) {
	for _, tt := range []struct{ name, got, want string }{
		{"swap", digitVariants("49")[0], "94"},
		{"no leading zero", digitVariants("10")[0], "20"},
		{"currency R$", must(swapCurrency("R$ 1.058", "BRL")), "US$ 1.058"},
		{"currency US$", must(swapCurrency("US$ 12", "USD")), "R$ 12"},
		{"currency code", must(swapCurrency("400 EUR", "EUR")), "400 USD"},
		{"currency €", must(swapCurrency("49,90 €/año", "EUR")), "49,90 $/año"},
		{"rand", must(swapCurrency("R899", "ZAR")), "$899"},
		{"coupon", bumpCode("SPRING24"), "SPRING25"},
		{"coupon letters", bumpCode("SAVEBIG"), "SAVEBIH"},
		{"value", must(newValue("BRL 1058.00/month", "1", "2")), "BRL 2058.00/month"},
		{"value decimals", must(newValue("EUR 49.90/year", "49", "94")), "EUR 94.90/year"},
		{"remove mid", cut("Pro at $8/month billed annually, with more", "billed annually"), "Pro at $8/month, with more"},
		{"remove parens", cut("continue (€4/mo) or stay", "€4/mo"), "continue or stay"},
		{"remove in parens", cut("€10 (€8 off per hour)", "€8"), "€10 (off per hour)"},
		{"remove tail", cut("Basis: 39 €/Jahr, jährlich abgerechnet", "jährlich abgerechnet"), "Basis: 39 €/Jahr"},
		{"remove glued", cut("£595+VAT/£345+VAT", "+VAT"), "£595/£345+VAT"},
		{"sentence", sentenceOf("one two three", 5), "one two three one two."},
		{"append", appendSentence("Fast and light", "Award-winning."), "Fast and light. Award-winning."},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: got %q; want %q", tt.name, tt.got, tt.want)
		}
	}
	if locate("$50/mo and $5/mo", "$5/mo") != 11 {
		t.Error("locate found $5/mo inside $50/mo")
	}
	if nt, ok := rewordOne("Full Frontal is a full day.", "en", nil); !ok || nt != "Full Frontal is a entire day." {
		t.Errorf("rewordOne: got %q", nt)
	}
}

// cut removes the first s from text as removeSpan does.
func cut(text, s string) string {
	i := strings.Index(text, s)
	return removeSpan(text, i, i+len(s))
}

func must[T any](v T, ok bool) T {
	if !ok {
		var zero T
		return zero
	}
	return v
}
