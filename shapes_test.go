package fork_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
)

// extractPage extracts one of our own pages in internal/extract/testdata.
func extractPage(t *testing.T, name string) *fork.Extraction {
	t.Helper()
	page, err := os.ReadFile("internal/extract/testdata/pages/" + name)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := fork.New().Extract(context.Background(), fork.Source{HTML: string(page)})
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

// TestSocialMetaFactsLocked locks the facts of the share preview's copy
// like any other block's: the price in og:description and twitter:description
// is a fact of that block.
func TestSocialMetaFactsLocked(t *testing.T) {
	ex := extractPage(t, "social-meta.html")
	priced := map[string]bool{}
	for _, f := range ex.Ledger {
		b := ex.Blocks[f.Block]
		if f.Kind == "price" && f.Amount == 18 && f.Currency == "USD" && strings.HasSuffix(b.Path, "@content") {
			priced[b.Path] = true
		}
	}
	if len(priced) != 3 {
		t.Errorf("the price is locked in %d meta blocks %v; want 3 (description, og:description, twitter:description)", len(priced), priced)
	}
}

// TestStruckPrices reads a struck-out price as a "was" price linked to the
// live price beside it, and verification keeps it so: a draft that keeps
// both passes; one that drops the was price, or writes its amount as the
// price to pay, fails.
func TestStruckPrices(t *testing.T) {
	ex := extractPage(t, "struck-price.html")
	type was struct{ value, beside string }
	var got []was
	for _, f := range ex.Ledger {
		if f.Was {
			got = append(got, was{f.Value, f.Beside})
		}
	}
	want := []was{{"was EUR 125.00", "EUR 115.00"}, {"was EUR 99.90", "only EUR 89.90"}, {"was EUR 19.00", "EUR 9.00"}, {"was EUR 12.00", "EUR 10.00"}}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(was{})); diff != "" {
		t.Errorf("was prices (-want +got):\n%s", diff)
	}
	page, err := os.ReadFile("internal/extract/testdata/pages/struck-price.html")
	if err != nil {
		t.Fatal(err)
	}
	verify := func(t *testing.T, texts map[int]string) *fork.Report {
		t.Helper()
		var d fork.Draft
		for _, b := range ex.Blocks {
			text := b.Text
			if s, ok := texts[b.ID]; ok {
				text = s
			}
			d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text})
		}
		rep, err := fork.New().Verify(context.Background(), fork.VerifyRequest{Source: fork.Source{HTML: string(page)}, Fork: d, Target: fork.Target{Language: "de"}})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	failed := func(rep *fork.Report, name string) string {
		for _, c := range rep.Checks {
			if c.Name == name && c.Failed() {
				return c.Details
			}
		}
		return ""
	}
	id := func(text string) int {
		for _, b := range ex.Blocks {
			if b.Text == text {
				return b.ID
			}
		}
		t.Fatalf("no block %q", text)
		return -1
	}
	weite, pflege := id("115 € 125 €"), id("Statt 19 € bekommst du das Set zu jedem Paar für 9 €.")
	t.Run("kept", func(t *testing.T) {
		rep := verify(t, map[int]string{pflege: "Statt 19 € gibt es das Set zu jedem Paar für 9 €."})
		if d := failed(rep, "ledger") + failed(rep, "fact_placement"); d != "" {
			t.Errorf("an honest rewrite fails: %s", d)
		}
	})
	t.Run("dropped", func(t *testing.T) {
		rep := verify(t, map[int]string{weite: "115 €"})
		if d := failed(rep, "ledger"); !strings.Contains(d, "125") {
			t.Errorf("dropping the was price: ledger %q; want it to name the missing 125 €", d)
		}
	})
	t.Run("led with", func(t *testing.T) {
		// A headline that leads with the price block's text shows the
		// was price as a price to pay.
		head := id("Leichte Laufschuhe für lange Strecken")
		rep := verify(t, map[int]string{head: "115 € 125 €: Leichte Laufschuhe für lange Strecken"})
		if d := failed(rep, "fact_placement"); !strings.Contains(d, "reads as a live price in block") {
			t.Errorf("a headline leading with the was price: fact_placement %q; want it to say so", d)
		}
	})
	t.Run("made live", func(t *testing.T) {
		rep := verify(t, map[int]string{pflege: "Statt 19 € bekommst du das Set zu jedem Paar für 9 €, einzeln für 19 €."})
		if d := failed(rep, "fact_placement"); !strings.Contains(d, "reads as a live price") {
			t.Errorf("the was amount as a price to pay: fact_placement %q; want it to say so", d)
		}
	})
}

// TestBuiltInForksOfShapes forks each page of our own written for a shape
// extraction handles with the built-in engine, for every profile, and
// expects verification to pass: the new blocks (table cells of marks,
// hidden tabs, share-preview meta, was prices, scarcity lines, submit
// buttons) are blocks an engine can keep.
func TestBuiltInForksOfShapes(t *testing.T) {
	pages := []string{"pricing-table.html", "social-meta.html", "struck-price.html", "scarcity.html", "flat.html", "nested-sections.html", "forms.html"}
	for _, name := range pages {
		page, err := os.ReadFile("internal/extract/testdata/pages/" + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range fork.Profiles() {
			res, err := fork.New(fork.WithProvider(rulesProvider())).Fork(context.Background(), fork.Request{HTML: string(page), Profile: p.Name})
			if err != nil {
				t.Fatalf("%s/%s: %v", name, p.Name, err)
			}
			for _, c := range res.Checks {
				if c.Failed() {
					t.Errorf("%s/%s: check %s failed: %s", name, p.Name, c.Name, c.Details)
				}
			}
		}
	}
}

// TestScarcityLines flags the scarcity and urgency lines of a page of our
// own, wherever they stand: a top bar, a bold line under the button, a
// badge in a plan card, small print beside a price.
func TestScarcityLines(t *testing.T) {
	ex := extractPage(t, "scarcity.html")
	var got []string
	for _, b := range ex.Blocks {
		if b.Scarcity {
			got = append(got, b.Text)
		}
	}
	want := []string{"La inscripción termina el viernes", "Solo quedan 6 plazas", "Últimas 3 plazas", "Oferta por tiempo limitado"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("scarcity lines (-want +got):\n%s", diff)
	}
}
