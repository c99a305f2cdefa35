package rules_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

var fixed = func() time.Time { return time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC) }

func newForker() *fork.Forker {
	return fork.New(fork.WithProvider(rules.New()), fork.WithClock(fixed))
}

func page(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func failed(cs []fork.Check) []string {
	var out []string
	for _, c := range cs {
		if !c.Passed {
			out = append(out, c.Name+": "+c.Details)
		}
	}
	return out
}

func TestTranslationRefused(t *testing.T) {
	_, err := newForker().Fork(context.Background(), fork.Request{HTML: page(t, "../../testdata/pages/tidyflow-en.html"), TargetLanguage: "fr"})
	if !errors.Is(err, fork.ErrUnsupported) || !strings.Contains(err.Error(), "LLM provider") {
		t.Fatalf("got %v; want ErrUnsupported naming the LLM provider", err)
	}
}

// pages are the project's own pages plus, where present, the corpus.
func pages(t testing.TB) []string {
	own, _ := filepath.Glob("../../testdata/pages/*.html")
	var out []string
	for _, p := range own {
		if !strings.Contains(p, "no-copy") {
			out = append(out, p)
		}
	}
	corpus, _ := filepath.Glob("../../../shared/corpus/*.html")
	if len(corpus) == 0 {
		t.Logf("corpus not found at ../shared/corpus; forking the project's own pages only")
	}
	return append(out, corpus...)
}

// TestEveryPageProfileLayer forks every page for every profile and layer in
// the page's own language: each fork must pass verification and come out
// byte-identical when made twice.
func TestEveryPageProfileLayer(t *testing.T) {
	f := newForker()
	for _, path := range pages(t) {
		src := page(t, path)
		t.Run(filepath.Base(path), func(t *testing.T) {
			headlines := map[string]bool{}
			ctas := map[string]bool{}
			hasCTA := false
			var sourceHeadline string
			for _, layer := range fork.LayerNames() {
				for _, profile := range fork.ProfileNames() {
					req := fork.Request{HTML: src, Profile: profile, LanguageLayer: layer}
					res, err := f.Fork(context.Background(), req)
					if err != nil {
						t.Fatalf("%s/%s: %v", profile, layer, err)
					}
					if !res.Passed {
						t.Errorf("%s/%s failed: %v", profile, layer, failed(res.Checks))
					}
					if layer == "everyday" {
						again, err := f.Fork(context.Background(), req)
						if err != nil {
							t.Fatal(err)
						}
						a, _ := json.Marshal(res)
						b, _ := json.Marshal(again)
						if string(a) != string(b) {
							t.Errorf("%s/%s: two runs differ", profile, layer)
						}
						for _, blk := range res.Blocks {
							if blk.Role == fork.RoleHeadline {
								headlines[blk.Text] = true
								sourceHeadline = blk.Source
								break
							}
						}
						for _, blk := range res.Blocks {
							if blk.Role == fork.RoleCTA {
								hasCTA = true
								ctas[blk.Text] = true
								break
							}
						}
					}
				}
			}
			if len(headlines) < 10 {
				t.Errorf("12 profiles gave %d distinct headlines; want at least 10 (source %q)", len(headlines), sourceHeadline)
			}
			if hasCTA && len(ctas) < 8 {
				t.Errorf("12 profiles gave %d distinct CTA texts; want at least 8: %v", len(ctas), ctas)
			}
		})
	}
}

func BenchmarkFork(b *testing.B) {
	f := newForker()
	for _, path := range pages(b) {
		src := page(b, path)
		b.Run(filepath.Base(path), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			names := fork.ProfileNames()
			for b.Loop() {
				if _, err := f.Fork(context.Background(), fork.Request{HTML: src, Profile: names[i%len(names)]}); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
