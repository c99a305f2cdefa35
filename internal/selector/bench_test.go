package selector_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/selector"
)

// BenchmarkSelectors indexes the corpus's largest page and computes the
// selector of each of its blocks.
func BenchmarkSelectors(b *testing.B) {
	src, err := os.ReadFile("../../../shared/corpus/25-wattles-prosperity-bible-sales-letter.html")
	if err != nil {
		b.Fatal(err)
	}
	ex, err := fork.New().Extract(context.Background(), fork.Source{HTML: string(src)})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		ix, err := selector.Parse(strings.NewReader(string(src)))
		if err != nil {
			b.Fatal(err)
		}
		for _, bl := range ex.Blocks {
			if _, err := ix.For(bl.Path); err != nil {
				b.Fatal(err)
			}
		}
	}
}
