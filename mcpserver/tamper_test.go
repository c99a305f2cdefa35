package mcpserver_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/tamper"
	"github.com/marketingfork/fork/mcpserver"
)

// tamperOwnGlob and tamperCorpusPages are the pages the MCP tool runs the
// tamper suite on: our own, and every page of the corpus beside the checkout.
const tamperOwnGlob = "../testdata/verify/*.html"

var tamperCorpusPages = []string{"../../shared/corpus/*.html"}

// TestVerifyTamperMCP runs the tamper suite through the verify_fork tool
// over real HTTP with the official client: each report must fail the same
// checks as the library's, and drafts the tool lets through fail the test,
// as in the library's suite.
func TestVerifyTamperMCP(t *testing.T) {
	pages, err := tamper.LoadPages(tamperOwnGlob)
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages of our own at %s: %v", tamperOwnGlob, err)
	}
	for _, p := range tamperCorpusPages {
		if m, _ := filepath.Glob(p); len(m) == 0 {
			t.Logf("corpus page %s not found; the MCP suite runs on our own pages only (the corpus lives in ../shared/corpus beside the checkout)", p)
			continue
		}
		more, err := tamper.LoadPages(p)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, more...)
	}

	e := newEnv(t, nil)
	cs := connect(t, e, keyed(), "")
	ctx := context.Background()
	f := fork.New()
	var tally tamper.Tally
	for _, page := range pages {
		t.Run(page.Name, func(t *testing.T) {
			via := func(_ context.Context, page tamper.Page, d fork.Draft) (*fork.Report, error) {
				var out mcpserver.VerifyOutput
				decode(t, call(t, cs, "verify_fork", map[string]any{
					"source": map[string]any{"html": page.HTML},
					"fork":   tamper.WireDraft(d),
				}), &out)
				if out.Sandbox {
					t.Errorf("%s: verify_fork answered from the sandbox", page.Name)
				}
				return &out.Report, nil
			}
			run, err := tamper.RunPage(ctx, f, page, via)
			if err != nil {
				t.Fatal(err)
			}
			tally.Add(run)
			tamper.Check(t, run)
		})
	}
	t.Logf("through MCP verify_fork:\n%s", tally.Table())
}
