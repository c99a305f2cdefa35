package fork_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
)

// TestAdopt turns a fork written elsewhere into a result once it passes
// verification, and refuses one that fails a check, naming it.
func TestAdopt(t *testing.T) {
	f := fork.New()
	page := readPage(t, "tidyflow-en.html")
	ex, err := f.Extract(context.Background(), fork.Source{HTML: page})
	if err != nil {
		t.Fatal(err)
	}
	draft := func(change func(fork.Block) string) fork.Draft {
		var d fork.Draft
		for _, b := range ex.Blocks {
			d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: change(b), Rationale: "test"})
		}
		return d
	}
	const headline = "Late payers, reminded for you"
	target := fork.Target{Profile: "skeptic", LanguageLayer: "everyday"}

	t.Run("passing", func(t *testing.T) {
		d := draft(func(b fork.Block) string {
			if b.Role == fork.RoleHeadline {
				return headline
			}
			return b.Text
		})
		vr := fork.VerifyRequest{Source: fork.Source{HTML: page}, Fork: d, Target: target}
		rep, err := f.Verify(context.Background(), vr)
		if err != nil || !rep.Passed {
			t.Fatalf("verify: %v, passed %v", err, rep != nil && rep.Passed)
		}
		res, err := f.Adopt(context.Background(), vr)
		if err != nil {
			t.Fatal(err)
		}
		if res.Provider.Name != fork.DraftProvider || !res.Passed || res.Target.Profile != "skeptic" {
			t.Errorf("provider %q, passed %v, profile %q", res.Provider.Name, res.Passed, res.Target.Profile)
		}
		if res.HTML != rep.Page.HTML {
			t.Error("the result's page is not the page verify rendered")
		}
		var found bool
		for _, b := range res.Blocks {
			found = found || b.Text == headline && b.Source != headline
		}
		if !found || res.Experiment.PrimaryMetric == "" {
			t.Errorf("headline in blocks %v, primary metric %q", found, res.Experiment.PrimaryMetric)
		}
	})

	t.Run("failing", func(t *testing.T) {
		d := draft(func(b fork.Block) string {
			if b.Role == fork.RolePrice {
				return strings.ReplaceAll(b.Text, "12", "2")
			}
			return b.Text
		})
		_, err := f.Adopt(context.Background(), fork.VerifyRequest{Source: fork.Source{HTML: page}, Fork: d, Target: target})
		if !errors.Is(err, fork.ErrInvalidInput) || !strings.Contains(err.Error(), "ledger") {
			t.Errorf("err = %v; want invalid input naming the ledger check", err)
		}
	})
}
