package ledger

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marketingfork/fork/internal/extract"
	"github.com/marketingfork/fork/internal/offer"
)

// TestRolesAgreeWithFacts checks that extraction and the ledger read
// prices alike, as they ask one offer vocabulary: a block extraction calls
// a price has a price fact, and a block that is a price and nothing else
// (as the ledger reads it) is a price block, or a call to action that
// carries its price in its label. It runs over our own pages and the
// corpus.
func TestRolesAgreeWithFacts(t *testing.T) {
	files := testPages(t)
	checked := 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			d := readPage(t, f)
			facts := Extract(Source{Blocks: d.Blocks, Locale: d.Lang})
			prices := map[int][]Fact{}
			for _, fc := range facts {
				if fc.Kind == KindPrice {
					prices[fc.Block] = append(prices[fc.Block], fc)
				}
			}
			for _, b := range d.Blocks {
				if b.Role == extract.RolePrice {
					checked++
				}
				if b.Role == extract.RolePrice && len(prices[b.ID]) == 0 {
					t.Errorf("block %d %q is a price block with no price fact", b.ID, b.Text)
				}
				if onlyPrices(b.Text, prices[b.ID]) && b.Role != extract.RolePrice && b.Role != extract.RoleCTA {
					t.Errorf("block %d %q holds only prices %v but is a %s block", b.ID, b.Text, prices[b.ID], b.Role)
				}
			}
		})
	}
	if checked == 0 {
		t.Error("no page has a price block: the check checked nothing")
	}
}

// onlyPrices reports whether text is its price facts and nothing else
// (give or take punctuation), and the offer vocabulary sees it as a price
// too.
func onlyPrices(text string, fs []Fact) bool {
	if len(fs) == 0 {
		return false
	}
	rest := text
	for _, f := range fs {
		rest = strings.Replace(rest, f.Text, "", 1)
	}
	return strings.Trim(rest, " \u00a0/–-.,:;()*+") == "" && offer.PriceCoverage(text) > 0
}

// testPages are our own pages and the corpus's, for the tests that read
// every page the ledger is held to.
func testPages(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{
		filepath.Join("..", "extract", "testdata", "pages", "*.html"),
		filepath.Join("..", "..", "..", "shared", "corpus", "*.html"),
	} {
		fs, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	if len(files) < 5 {
		t.Fatalf("found %d pages; want our own pages and the corpus", len(files))
	}
	return files
}

// readPage reads and parses the page at path f.
func readPage(t *testing.T, f string) *extract.Document {
	t.Helper()
	page, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	d, err := extract.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return d
}
