package ledger

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/internal/extract"
)

// TestMemoReadsAsWithout holds a Memo to reading without one: over our
// own pages and the corpus, read as a fork's drafts are (KnownNamesOnly,
// the page, then a draft that changes a block in three and moves a link
// in another, the same draft with a price struck out, the page in
// another locale and again), and with Names, where the Memo must not be
// used, each reading with the Memo gives the facts the reading without
// it gives.
func TestMemoReadsAsWithout(t *testing.T) {
	files := testPages(t)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			d := readPage(t, f)
			draft := make([]extract.Block, len(d.Blocks))
			for i, b := range d.Blocks {
				switch i % 3 {
				case 0:
					b.Text = strings.ToUpper(b.Text) + " Was $9.99, now $4.99: only 3 left, ends Friday 12/05."
				case 1:
					b.Href = "https://example.com/other"
				}
				draft[i] = b
			}
			// The same draft with its $9.99 struck out.
			struck := make([]extract.Block, len(draft))
			for i, b := range draft {
				b.Was = append([]string{"$9.99"}, b.Was...)
				struck[i] = b
			}
			var memo Memo
			for _, src := range []Source{
				{Blocks: d.Blocks, Locale: d.Lang, KnownNamesOnly: true},
				{Blocks: draft, Locale: d.Lang, KnownNamesOnly: true},
				{Blocks: struck, Locale: d.Lang, KnownNamesOnly: true},
				{Blocks: d.Blocks, Locale: "en-GB", KnownNamesOnly: true},
				{Blocks: draft, Locale: d.Lang, Names: []string{"Wattles"}},
				{Blocks: d.Blocks, Locale: d.Lang, KnownNamesOnly: true},
			} {
				want := Extract(src)
				src.Memo = &memo
				if diff := cmp.Diff(want, Extract(src)); diff != "" {
					t.Fatalf("with a Memo, locale %s (-without +with):\n%s", src.Locale, diff)
				}
			}
		})
	}
}
