package fork_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
)

// TestCheckOutcomes holds the three outcomes apart: a rule that cannot
// measure a language is skipped with its reason, never passed, and the
// report counts what ran and names what was skipped.
func TestCheckOutcomes(t *testing.T) {
	f := fork.New()
	page := readPage(t, "bergkaffee-de.html")
	ex, err := f.Extract(context.Background(), fork.Source{HTML: page})
	if err != nil {
		t.Fatal(err)
	}
	var honest fork.Draft
	for _, b := range ex.Blocks {
		honest.Blocks = append(honest.Blocks, fork.DraftBlock{ID: b.ID, Text: b.Text})
	}
	rep, err := f.Verify(context.Background(), fork.VerifyRequest{Source: fork.Source{HTML: page}, Fork: honest, Target: fork.Target{LanguageLayer: "plain"}})
	if err != nil {
		t.Fatal(err)
	}
	var skipped []string
	ran := 0
	for _, c := range rep.Checks {
		switch c.Status {
		case fork.CheckSkipped:
			skipped = append(skipped, c.Name)
			if c.Passed || c.Details == "" {
				t.Errorf("skipped check %s: passed=%v, details %q; want not passed, with a reason", c.Name, c.Passed, c.Details)
			}
		case fork.CheckPassed, fork.CheckFailed:
			ran++
			if c.Passed != (c.Status == fork.CheckPassed) {
				t.Errorf("check %s: status %s but passed=%v", c.Name, c.Status, c.Passed)
			}
		default:
			t.Errorf("check %s has no status", c.Name)
		}
	}
	// The page has no inline elements to keep; German copy has no
	// Flesch–Kincaid grade, English plain-word list or English passive
	// test.
	want := []string{"markup", "layer:max_grade", "layer:common_words", "layer:active_voice"}
	if diff := cmp.Diff(want, skipped); diff != "" {
		t.Errorf("skipped checks (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(skipped, rep.ChecksSkipped); diff != "" {
		t.Errorf("report's skipped list (-checks +report):\n%s", diff)
	}
	if rep.ChecksRun != ran || ran == 0 {
		t.Errorf("ChecksRun = %d; %d checks ran", rep.ChecksRun, ran)
	}
	if !rep.Passed {
		t.Errorf("the page's own text failed: %+v", rep.Checks)
	}
}
