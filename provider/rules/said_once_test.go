package rules

import (
	"context"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
)

// TestJoinedLineSaidOnce forks testdata/said-once-en.html for a beginner:
// the lesson line joins the hero's subheadline and leaves the paragraph it
// came from, which keeps its other sentence, so the page says it once.
// Graders read a line standing in the hero and again further down as a
// copy-paste.
func TestJoinedLineSaidOnce(t *testing.T) {
	res := forkPage(t, "testdata/said-once-en.html", "beginner")
	const line = "Learn to weave with step-by-step video lessons made for complete beginners."
	n, joined, rest := 0, false, false
	for _, b := range res.Blocks {
		n += strings.Count(b.Text, line)
		joined = joined || b.Role == fork.RoleSubheadline && strings.Contains(b.Text, line)
		if strings.HasPrefix(b.Source, line) {
			rest = b.Text == "New patterns for scarves, runners and blankets arrive with every season." && strings.Contains(b.Rationale, "the page says it once")
		}
	}
	if !joined || n != 1 || !rest {
		t.Errorf("joined to the hero %v, times on the page %d (want 1), paragraph cut to its other sentence %v", joined, n, rest)
	}
}

// TestGuaranteeBlockIsMaterial forks the same page for a cautious buyer:
// its guarantee section ("If the loom breaks in the first year, we
// replace it.", no cue word in the sentence) moves up, and no note says
// the page has no guarantee: the block the page sets apart as its
// guarantee is the cautious reader's material whatever its words.
func TestGuaranteeBlockIsMaterial(t *testing.T) {
	res := forkPage(t, "testdata/said-once-en.html", "cautious")
	if len(res.Sections) < 2 || res.Sections[1] != 4 {
		t.Errorf("section order %v: want the guarantee (section 4) right under the hero", res.Sections)
	}
	for _, n := range res.Notes {
		if strings.HasPrefix(n, "no guarantee") {
			t.Errorf("note %q beside a moved guarantee", n)
		}
	}
}

// forkPage forks a page of testdata for a profile, in the everyday layer.
func forkPage(t *testing.T, path, profile string) *fork.Result {
	t.Helper()
	f := fork.New(fork.WithProvider(New()))
	res, err := f.Fork(context.Background(), fork.Request{HTML: readPage(t, path), Profile: profile})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCautiousReadsSafety forks testdata/safety-en.html for a cautious
// buyer: the page has no guarantee, but its safety section speaks to the
// first of the reader's motivations, and it moves up right under the
// hero, named by the words it holds, not as "the guarantee or trial
// terms".
func TestCautiousReadsSafety(t *testing.T) {
	res := forkPage(t, "testdata/safety-en.html", "cautious")
	if len(res.Sections) < 2 || res.Sections[1] != 3 {
		t.Fatalf("section order %v: want the safety section (3) right under the hero; notes %q", res.Sections, res.Notes)
	}
	for _, b := range res.Blocks {
		if b.Source == "Safe to chew" && (!strings.Contains(b.Rationale, "right under the hero") || strings.Contains(b.Rationale, "guarantee or trial terms")) {
			t.Errorf("rationale %q", b.Rationale)
		}
	}
	if h := res.Experiment.Hypothesis; strings.Contains(h, "guarantee") || !strings.Contains(h, `the section "Safe to chew" put first`) {
		t.Errorf("hypothesis %q: want the safety section put first, and no guarantee the page does not have", h)
	}
}
