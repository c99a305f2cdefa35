package fork_test

import (
	"context"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/address"
	"github.com/marketingfork/fork/internal/readability"
)

// TestFormalGuarantee: the offer lock keeps a guarantee's words, and
// allows one rewrite of them: the professional layer's formal address, as
// internal/address writes it. Any other rewording fails, and so does the
// formal one in another layer.
func TestFormalGuarantee(t *testing.T) {
	f := fork.New()
	page := readPage(t, "huerta-es.html")
	ex, err := f.Extract(context.Background(), fork.Source{HTML: page})
	if err != nil {
		t.Fatal(err)
	}
	es, _ := address.For("es")
	const guarantee = "Si algo llega en mal estado"
	verify := func(t *testing.T, layer string, reword func(string) string) *fork.Report {
		t.Helper()
		var d fork.Draft
		found := false
		for _, b := range ex.Blocks {
			text := b.Text
			if strings.HasPrefix(text, guarantee) {
				text, found = reword(text), true
			}
			d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text})
		}
		if !found {
			t.Fatalf("no block opens with %q", guarantee)
		}
		rep, err := f.Verify(context.Background(), fork.VerifyRequest{Source: fork.Source{HTML: page}, Fork: d, Target: fork.Target{Profile: "cautious", LanguageLayer: layer}})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	status := func(rep *fork.Report, name string) fork.Outcome {
		for _, c := range rep.Checks {
			if c.Name == name {
				return c.Status
			}
		}
		return ""
	}
	formal := func(s string) string { out, _ := es.Rewrite(s, false); return out }
	t.Run("formal, professional", func(t *testing.T) {
		rep := verify(t, "professional", formal)
		if status(rep, "verbatim") != fork.CheckPassed || status(rep, "ledger") != fork.CheckPassed {
			t.Errorf("verbatim %s, ledger %s: the formal guarantee was refused", status(rep, "verbatim"), status(rep, "ledger"))
		}
	})
	t.Run("reworded, professional", func(t *testing.T) {
		rep := verify(t, "professional", func(s string) string {
			return strings.Replace(formal(s), "le devolvemos su importe", "le devolvemos parte del importe", 1)
		})
		if status(rep, "verbatim") != fork.CheckFailed {
			t.Errorf("verbatim %s: a guarantee reworded beyond its address passed", status(rep, "verbatim"))
		}
	})
	t.Run("written out, professional", func(t *testing.T) {
		// In English the one rewrite is the contractions written out:
		// "doesn't" is "does not", and the same terms.
		page := readPage(t, "invoicely-en.html")
		for _, tc := range []struct {
			name, layer string
			reword      func(string) string
			want        fork.Outcome
		}{
			{"written out", "professional", func(s string) string { out, _ := readability.WriteOut(s); return out }, fork.CheckPassed},
			{"written out in another layer", "plain", func(s string) string { out, _ := readability.WriteOut(s); return out }, fork.CheckFailed},
			{"reworded", "professional", func(s string) string {
				out, _ := readability.WriteOut(s)
				return strings.Replace(out, "every cent", "the fee", 1)
			}, fork.CheckFailed},
		} {
			t.Run(tc.name, func(t *testing.T) {
				ex, err := f.Extract(context.Background(), fork.Source{HTML: page})
				if err != nil {
					t.Fatal(err)
				}
				var d fork.Draft
				found := false
				for _, b := range ex.Blocks {
					text := b.Text
					if strings.HasPrefix(text, "If Invoicely doesn't") {
						text, found = tc.reword(text), true
					}
					d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text})
				}
				if !found {
					t.Fatal("no guarantee block")
				}
				rep, err := f.Verify(context.Background(), fork.VerifyRequest{Source: fork.Source{HTML: page}, Fork: d, Target: fork.Target{Profile: "cautious", LanguageLayer: tc.layer}})
				if err != nil {
					t.Fatal(err)
				}
				if got := status(rep, "ledger"); got != tc.want {
					t.Errorf("ledger %s; want %s", got, tc.want)
				}
			})
		}
	})
	t.Run("formal and longer, professional", func(t *testing.T) {
		// A verbatim block's budget is its own length: "Deine" said as
		// "Ihre" is shorter, and the same words.
		page := readPage(t, "radkurs-de.html")
		ex, err := f.Extract(context.Background(), fork.Source{HTML: page})
		if err != nil {
			t.Fatal(err)
		}
		de, _ := address.For("de")
		var d fork.Draft
		longer := false
		for _, b := range ex.Blocks {
			text := b.Text
			if b.Text == "Deine Garantie" || strings.HasPrefix(text, "Wenn dir der erste Abend") {
				text, _ = de.Rewrite(text, false)
				longer = longer || len(text) != len(b.Text)
			}
			d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text})
		}
		if !longer {
			t.Fatal("the German guarantee kept its length: the case tests nothing")
		}
		rep, err := f.Verify(context.Background(), fork.VerifyRequest{Source: fork.Source{HTML: page}, Fork: d, Target: fork.Target{Profile: "cautious", LanguageLayer: "professional"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"verbatim", "ledger", "length_budget"} {
			if st := status(rep, name); st != fork.CheckPassed {
				t.Errorf("%s %s: the formal guarantee was refused", name, st)
			}
		}
	})
	t.Run("formal, everyday", func(t *testing.T) {
		rep := verify(t, "everyday", formal)
		if status(rep, "verbatim") != fork.CheckFailed {
			t.Errorf("verbatim %s: the everyday layer may not reword a guarantee", status(rep, "verbatim"))
		}
	})
}
