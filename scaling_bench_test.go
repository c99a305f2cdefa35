package fork_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

// scalingFamilies are the page shapes whose fork time must grow at most
// linearly with their size: a real page's body repeated, one long
// paragraph of ordinary words, and random bytes served as HTML.
func scalingFamilies(b *testing.B) map[string]func(n int) string {
	largest := ""
	for _, p := range corpusPages(b) {
		page, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if len(page) > len(largest) {
			largest = string(page)
		}
	}
	words := strings.Fields("the plan gives every team a clear view of its work and saves time on each project while keeping costs low for small and large companies alike")
	return map[string]func(int) string{
		"repeated": func(n int) string {
			var sb strings.Builder
			for sb.Len() < n {
				sb.WriteString(largest)
			}
			return sb.String()[:n]
		},
		"paragraph": func(n int) string {
			var sb strings.Builder
			sb.WriteString(`<html lang="en"><body><h1>Plans</h1><p>`)
			r := rand.New(rand.NewSource(1))
			for sb.Len() < n {
				sb.WriteString(words[r.Intn(len(words))])
				if r.Intn(12) == 0 {
					sb.WriteString(". ")
				} else {
					sb.WriteByte(' ')
				}
			}
			sb.WriteString(`</p><a class="btn" href="/buy">Buy now</a></body></html>`)
			return sb.String()
		},
		"random": func(n int) string {
			r := rand.New(rand.NewSource(2))
			buf := make([]byte, n)
			r.Read(buf)
			return string(buf)
		},
	}
}

// BenchmarkScaling forks each family at sizes doubling from 64 KB to 1 MB
// with the built-in engine: the series shows whether doubling a page's copy
// at most doubles its fork time (a log-log slope of at most 1.05), and
// whether a 400 KB page of random bytes or of one paragraph is answered in
// under a second. A fork refused as too large counts: refusing is an answer.
func BenchmarkScaling(b *testing.B) {
	f := fork.New(fork.WithProvider(rules.New()))
	fams := scalingFamilies(b)
	for _, name := range []string{"repeated", "paragraph", "random"} {
		for _, kb := range []int{64, 128, 256, 512, 1024} {
			page := fams[name](kb << 10)
			b.Run(fmt.Sprintf("%s/%dKB", name, kb), func(b *testing.B) {
				b.SetBytes(int64(len(page)))
				for b.Loop() {
					f.Fork(context.Background(), fork.Request{HTML: page})
				}
			})
		}
	}
}
