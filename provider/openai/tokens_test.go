package openai

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"

	"github.com/marketingfork/fork"
)

// corpusDir holds the real landing pages, beside the checkout.
const corpusDir = "../../../shared/corpus"

// maxPromptShare is the most a first draft's prompt may cost, in tokens,
// as a share of the page's raw HTML: the median over the corpus.
const maxPromptShare = 0.35

var o200k = sync.OnceValues(func() (*tiktoken.Tiktoken, error) {
	// The BPE ranks ship inside the loader module: nothing is downloaded.
	tiktoken.SetBpeLoader(loader.NewOfflineLoader())
	return tiktoken.GetEncoding("o200k_base")
})

// pageShare is one page's first-draft prompt against its HTML, in tokens.
type pageShare struct {
	name               string
	html, system, user int
	share              float64
}

// promptShares measures the first draft's prompt (every call's system and
// user message) of a default fork of every corpus page.
func promptShares(tb testing.TB) []pageShare {
	tb.Helper()
	pages, _ := filepath.Glob(filepath.Join(corpusDir, "*.html"))
	if len(pages) == 0 {
		tb.Skipf("corpus not found at %s; this measure needs ../shared/corpus beside the checkout", corpusDir)
	}
	enc, err := o200k()
	if err != nil {
		tb.Fatalf("o200k_base: %v", err)
	}
	count := func(s string) int { return len(enc.Encode(s, nil, nil)) }
	var out []pageShare
	for _, path := range pages {
		raw, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
		plan := planFor(tb, fork.Request{HTML: string(raw)})
		ps := pageShare{name: strings.TrimSuffix(filepath.Base(path), ".html"), html: count(string(raw))}
		for _, c := range newRequest(plan, DefaultChunkTokens).calls {
			ps.system += count(c.system)
			ps.user += count(c.user)
		}
		ps.share = float64(ps.system+ps.user) / float64(ps.html)
		out = append(out, ps)
	}
	return out
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}

// TestPromptShare holds the first draft's prompt to a median of
// maxPromptShare of the page's raw HTML tokens over the corpus.
func TestPromptShare(t *testing.T) {
	var shares []float64
	for _, ps := range promptShares(t) {
		t.Logf("%-45s html %6d  prompt %6d (system %5d, copy %5d)  %.2f×", ps.name, ps.html, ps.system+ps.user, ps.system, ps.user, ps.share)
		shares = append(shares, ps.share)
	}
	if m := median(shares); m > maxPromptShare {
		t.Errorf("the first draft's prompt is a median %.2f× the page's HTML tokens; want at most %.2f×", m, maxPromptShare)
	} else {
		t.Logf("median %.2f× (at most %.2f×)", m, maxPromptShare)
	}
}

// BenchmarkPromptTokens reports, per corpus page, the first draft's prompt
// tokens as a share of the page's raw HTML tokens (o200k_base), and the
// median over the corpus.
func BenchmarkPromptTokens(b *testing.B) {
	shares := promptShares(b)
	var all []float64
	for _, ps := range shares {
		all = append(all, ps.share)
		b.Run(ps.name, func(b *testing.B) {
			for range b.N {
			}
			b.ReportMetric(float64(ps.system+ps.user), "prompt-tokens")
			b.ReportMetric(float64(ps.html), "html-tokens")
			b.ReportMetric(ps.share, "prompt/html")
		})
	}
	b.Run("median", func(b *testing.B) {
		for range b.N {
		}
		b.ReportMetric(median(all), "prompt/html")
	})
}
