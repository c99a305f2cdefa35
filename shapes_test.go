package fork_test

import (
	"context"
	"os"
	"strings"
	"testing"

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
