package fork_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/marketingfork/fork"
)

// startTags lists a page's start tags in order.
func startTags(page string) []string {
	var out []string
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken:
			name, _ := z.TagName()
			out = append(out, string(name))
		}
	}
}

// TestSectionsOnlyWhereTheyExist forks a flat page (headings and
// paragraphs as siblings) and a page of real sections for every profile:
// the flat page keeps its order and its analysis says why, and on the
// sectioned page every heading stays with the copy after it.
func TestSectionsOnlyWhereTheyExist(t *testing.T) {
	ctx := context.Background()
	flat, err := os.ReadFile("internal/extract/testdata/pages/flat.html")
	if err != nil {
		t.Fatal(err)
	}
	nested, err := os.ReadFile("internal/extract/testdata/pages/nested-sections.html")
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for _, p := range fork.Profiles() {
		t.Run(p.Name, func(t *testing.T) {
			res, err := fork.New(fork.WithProvider(rulesProvider())).Fork(ctx, fork.Request{HTML: string(flat), Profile: p.Name})
			if err != nil {
				t.Fatal(err)
			}
			if res.Analysis.Reorderable || res.Sections != nil {
				t.Errorf("flat page: reorderable %v, sections %v; want neither", res.Analysis.Reorderable, res.Sections)
			}
			if !strings.HasPrefix(res.Analysis.SectionsNote, "flat page") {
				t.Errorf("flat page: sections note %q; want it to say the page is flat", res.Analysis.SectionsNote)
			}
			// The page keeps its order: every heading is followed by what
			// followed it in the page.
			if got, want := startTags(res.HTML), startTags(string(flat)); !slices.Equal(got, want) {
				t.Errorf("flat page's elements moved:\n got %v\nwant %v", got, want)
			}
			res, err = fork.New(fork.WithProvider(rulesProvider())).Fork(ctx, fork.Request{HTML: string(nested), Profile: p.Name})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Analysis.Reorderable || res.Analysis.SectionsNote != "" {
				t.Errorf("sectioned page: reorderable %v (%q); want true", res.Analysis.Reorderable, res.Analysis.SectionsNote)
			}
			if res.Sections != nil {
				moved++
			}
			for _, plan := range []string{"/order/small", "/order/large"} {
				price := strings.Index(res.HTML, map[string]string{"/order/small": "$49", "/order/large": "$69"}[plan])
				cta := strings.Index(res.HTML, plan)
				if price < 0 || cta < 0 || cta < price || cta-price > 400 {
					t.Errorf("the plan's price and its button drifted apart: price at %d, %s at %d", price, plan, cta)
				}
			}
		})
	}
	if moved == 0 {
		t.Error("no profile reordered the sectioned page: the check of its plans checked nothing")
	}
}
