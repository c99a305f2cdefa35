package export_test

import (
	"context"
	"io"
	"os"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/export"
	"github.com/marketingfork/fork/provider/rules"
)

// largestPage is the corpus's largest page, a long sales letter.
const largestPage = "../../shared/corpus/25-wattles-prosperity-bible-sales-letter.html"

// BenchmarkExport measures an export per format on the largest corpus page:
// locating the fork's changes on the page (parse, selectors, rendering the
// changed blocks) and writing the format, as GET /v1/forks/{id}/export
// will do per request.
func BenchmarkExport(b *testing.B) {
	src, err := os.ReadFile(largestPage)
	if err != nil {
		b.Fatal(err)
	}
	res, err := fork.New(fork.WithProvider(rules.New())).Fork(context.Background(), fork.Request{HTML: string(src), Profile: "executive"})
	if err != nil {
		b.Fatal(err)
	}
	res.SourceURL = sourceURL
	for _, f := range export.Formats {
		b.Run(string(f), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				e, err := export.New(src, res)
				if err != nil {
					b.Fatal(err)
				}
				if err := e.Write(io.Discard, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
