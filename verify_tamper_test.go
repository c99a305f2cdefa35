package fork_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/tamper"
)

// tamperCorpus is the corpus of real pages beside the checkout; the
// suite's own pages are in testdata/verify.
const (
	tamperCorpus = "../shared/corpus"
	tamperOwn    = "testdata/verify"
)

// TestVerifyTamperSuite measures verification: on every corpus page and
// every page of our own, the honest draft (each block's own text) must
// pass every fact check, and every tampered draft (one change of one
// category: a price's digits, a swapped currency, an invented claim, a
// moved link ...) must fail, on a check its category expects. The log
// gives the drafts generated and caught per category; each uncaught draft
// fails the test with what was changed and what failed.
func TestVerifyTamperSuite(t *testing.T) {
	ctx := context.Background()
	f := fork.New()
	own, err := tamper.LoadPages(filepath.Join(tamperOwn, "*.html"))
	if err != nil || len(own) == 0 {
		t.Fatalf("no pages of our own in %s: %v", tamperOwn, err)
	}
	corpus, err := tamper.LoadPages(filepath.Join(tamperCorpus, "*.html"))
	if err != nil {
		t.Fatal(err)
	}

	var all, ours tamper.Tally
	for _, group := range []struct {
		name  string
		pages []tamper.Page
	}{{"own", own}, {"corpus", corpus}} {
		t.Run(group.name, func(t *testing.T) {
			if len(group.pages) == 0 {
				t.Skipf("corpus not found at %s; the tamper suite runs on the real pages only where ../shared/corpus is beside the checkout", tamperCorpus)
			}
			for _, page := range group.pages {
				t.Run(page.Name, func(t *testing.T) {
					t.Parallel()
					run, err := tamper.RunPage(ctx, f, page, nil)
					if err != nil {
						t.Fatal(err)
					}
					all.Add(run)
					if group.name == "own" {
						ours.Add(run)
					}
					tamper.Check(t, run)
				})
			}
		})
	}

	// Our own pages exist so that every category is tried at least once.
	for _, c := range tamper.Categories {
		if n, _ := ours.Generated(c.Name); n == 0 {
			t.Errorf("category %s: no draft generated on the pages of %s; the pages or the generator need mending", c.Name, tamperOwn)
		}
	}

	t.Logf("\n%s", all.Table())
	if n := len(all.Uncaught()); n > 0 {
		t.Errorf("%d tampered drafts not caught (listed in the page subtests)", n)
	}
	if n := len(all.FalseAlarms()); n > 0 {
		t.Errorf("%d false alarms on honest drafts:\n%s", n, strings.Join(all.FalseAlarms(), "\n"))
	}
}

// TestVerifyHonestRewrites verifies rewrites a copywriter could hand in:
// new wording for the headline, some body lines and the calls to action,
// with the same facts and links. testdata/verify/rewrites/<page>.json
// holds only the rewritten blocks; every other block keeps its source
// text. No fact check may fail: a check that does cries wolf.
func TestVerifyHonestRewrites(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(tamperOwn, "rewrites", "*.json"))
	if len(files) == 0 {
		t.Fatalf("no rewrites in %s/rewrites", tamperOwn)
	}
	if _, err := os.Stat(tamperCorpus); err != nil {
		t.Skipf("corpus not found at %s; the rewrites are of its pages", tamperCorpus)
	}
	ctx := context.Background()
	f := fork.New()
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json") + ".html"
		t.Run(name, func(t *testing.T) {
			page, err := os.ReadFile(filepath.Join(tamperCorpus, name))
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var rw fork.Draft
			if err := json.Unmarshal(b, &rw); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			p, err := f.Plan(ctx, fork.Request{HTML: string(page)})
			if err != nil {
				t.Fatal(err)
			}
			draft := tamper.Honest(p)
			known := map[int]int{}
			for i, db := range draft.Blocks {
				known[db.ID] = i
			}
			for _, nb := range rw.Blocks {
				i, ok := known[nb.ID]
				if !ok {
					t.Fatalf("%s: block %d is not on the page", file, nb.ID)
				}
				if nb.Text == draft.Blocks[i].Text {
					t.Errorf("%s: block %d is the source's text, not a rewrite", file, nb.ID)
				}
				draft.Blocks[i].Text = nb.Text
			}
			rep, err := f.Verify(ctx, fork.VerifyRequest{Source: fork.Source{HTML: string(page)}, Fork: draft})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d of %d blocks rewritten: passed=%v, failed %v", len(rw.Blocks), len(draft.Blocks), rep.Passed, tamper.FailedChecks(rep))
			for _, c := range rep.Checks {
				failed := slices.Contains(tamper.FailedChecks(rep), c.Name)
				switch {
				case failed && slices.Contains(tamper.FactChecks, c.Name):
					t.Errorf("false alarm: %s failed on an honest rewrite of %d blocks: %s (blocks %v)", c.Name, len(rw.Blocks), c.Details, c.Blocks)
				case failed:
					t.Logf("%s failed (not a fact check): %s", c.Name, c.Details)
				}
			}
		})
	}
}
