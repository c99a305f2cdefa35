package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/tamper"
)

// tamperPages are the pages the CLI runs the tamper suite on: our own,
// and every page of the corpus beside the checkout.
const tamperOwnGlob = "../../testdata/verify/*.html"

var tamperCorpusPages = []string{"../../../shared/corpus/*.html"}

// TestVerifyTamperCLI runs the tamper suite through `mfork verify --format
// json`: each draft is written to a file, the exit code must match the
// report's verdict (0 passed, 1 failed), and the report must fail the same
// checks as the library's. Drafts the CLI lets through fail the test, as
// in the library's suite.
func TestVerifyTamperCLI(t *testing.T) {
	pages, err := tamper.LoadPages(tamperOwnGlob)
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages of our own at %s: %v", tamperOwnGlob, err)
	}
	for _, p := range tamperCorpusPages {
		if m, _ := filepath.Glob(p); len(m) == 0 {
			t.Logf("corpus page %s not found; the CLI suite runs on our own pages only (the corpus lives in ../shared/corpus beside the checkout)", p)
			continue
		}
		more, err := tamper.LoadPages(p)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, more...)
	}

	ctx := context.Background()
	f := fork.New()
	var tally tamper.Tally
	for _, page := range pages {
		t.Run(page.Name, func(t *testing.T) {
			run, err := tamper.RunPage(ctx, f, page, cliVerifier(t))
			if err != nil {
				t.Fatal(err)
			}
			tally.Add(run)
			tamper.Check(t, run)
		})
	}
	t.Logf("through the CLI:\n%s", tally.Table())
}

// cliVerifier verifies a draft with the verify command, as a user would
// from a file.
func cliVerifier(t *testing.T) tamper.Verifier {
	dir := t.TempDir()
	n := 0
	return func(_ context.Context, page tamper.Page, d fork.Draft) (*fork.Report, error) {
		n++
		path := filepath.Join(dir, fmt.Sprintf("draft-%03d.json", n))
		b, err := json.Marshal(tamper.WireDraft(d))
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return nil, err
		}
		code, out, errOut := runCLI(t, "", "verify", "--source", page.Path, "--fork", path, "--format", "json")
		var rep fork.Report
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			return nil, fmt.Errorf("mfork verify exited %d without a JSON report (%v): %s", code, err, errOut)
		}
		want := 0
		if !rep.Passed {
			want = 1
		}
		if code != want {
			t.Errorf("%s, draft %s: exit code %d for a report with passed=%v; want %d (stderr %q)", page.Name, path, code, rep.Passed, want, errOut)
		}
		return &rep, nil
	}
}
