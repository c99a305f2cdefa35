package extract

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// goldenPage is what a golden file holds for one corpus page.
type goldenPage struct {
	Lang     string  `json:"lang"`
	SiteName string  `json:"site_name"`
	Blocks   []Block `json:"blocks"`
	// Sections is how many reorderable sections the page has (0 for
	// none) and Layout why it has none.
	Sections int    `json:"sections"`
	Layout   string `json:"layout,omitempty"`
}

// TestGolden compares the blocks of every corpus page with
// testdata/golden/<page>.json; go test -update rewrites them.
func TestGolden(t *testing.T) {
	pages := corpusPages(t)
	for _, name := range sortedNames(pages) {
		t.Run(name, func(t *testing.T) {
			checkGolden(t, pages[name], filepath.Join("testdata", "golden", name+".json"))
		})
	}
}

// TestOwnPagesGolden compares the blocks of each page of our own in
// testdata/pages (one per shape extraction handles) with
// testdata/golden/pages/<page>.json; go test -update rewrites them.
func TestOwnPagesGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "pages", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no pages in testdata/pages: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".html")
		t.Run(name, func(t *testing.T) {
			page, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, page, filepath.Join("testdata", "golden", "pages", name+".json"))
		})
	}
}

// checkGolden compares what Parse makes of page with the golden file at
// path, or rewrites the file under -update.
func checkGolden(t *testing.T, page []byte, path string) {
	t.Helper()
	d := mustParse(t, page)
	got := goldenPage{Lang: d.Lang, SiteName: d.SiteName, Blocks: d.Blocks}
	_, got.Sections = d.Sections()
	_, got.Layout = d.Layout()
	if *update {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(got); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	var want goldenPage
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

// TestCorpusSanity checks every corpus page independently of the goldens:
// a title, a headline, a call to action that leads somewhere, IDs in order,
// no text counted twice, and every visible price inside some block.
func TestCorpusSanity(t *testing.T) {
	pages := corpusPages(t)
	for _, name := range sortedNames(pages) {
		t.Run(name, func(t *testing.T) {
			d := mustParse(t, pages[name])
			count := map[Role]int{}
			ctaHref := false
			for i, b := range d.Blocks {
				if b.ID != i {
					t.Errorf("block %d has ID %d", i, b.ID)
				}
				if b.Text == "" || b.Path == "" || b.Tag == "" {
					t.Errorf("block %d is incomplete: %+v", i, b)
				}
				if b.Text != strings.TrimSpace(b.Text) || strings.Contains(b.Text, "  ") {
					t.Errorf("block %d text not folded: %q", i, b.Text)
				}
				count[b.Role]++
				if b.Role == RoleCTA && b.Href != "" {
					ctaHref = true
				}
			}
			// A body fragment (a template without its layout) has no
			// <title>: then there is no title block to fork.
			wantTitle := 0
			if titleRe.Match(pages[name]) {
				wantTitle = 1
			}
			// The share preview's titles (og:title, twitter:title) are
			// title blocks too, in their meta element's content.
			heads := 0
			for _, b := range d.Blocks {
				switch {
				case b.Role == RoleTitle && b.Tag == "title":
					heads++
				case b.Role == RoleTitle && (b.Tag != "meta" || !strings.HasSuffix(b.Path, "@content")):
					t.Errorf("block %d is a title in <%s> at %s; want <title> or a meta's content", b.ID, b.Tag, b.Path)
				}
			}
			if heads != wantTitle {
				t.Errorf("%d <title> blocks, want %d", heads, wantTitle)
			}
			if count[RoleHeadline] != 1 {
				t.Errorf("%d headlines, want 1", count[RoleHeadline])
			}
			if !ctaHref {
				t.Errorf("no call to action with a target")
			}
			assertDisjoint(t, d)

			for _, p := range visiblePrices(t, pages[name]) {
				found := false
				for _, b := range d.Blocks {
					if strings.Contains(b.Text, p) {
						found = true
						break
					}
				}
				if !found {
					t.Errorf("visible price %q is in no block", p)
				}
			}
		})
	}
}

// titleRe finds a non-empty <title> element.
var titleRe = regexp.MustCompile(`(?is)<title[^>]*>\s*[^<\s][^<]*</title>`)

// testPriceRe finds prices in a page's visible text. It is kept apart from
// the extractor's own pattern on purpose.
var testPriceRe = regexp.MustCompile(`(?:R\$|\$|€|£)\s?\d[\d.,]*\d|(?:R\$|\$|€|£)\s?\d|\d[\d.,]*\s?(?:€|EUR\b)`)

// visiblePrices returns the prices in the text a reader sees, leaving out
// scripts, styles, templates and hidden elements.
func visiblePrices(t *testing.T, page []byte) []string {
	root, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				b.WriteString(c.Data)
			case html.ElementNode:
				switch c.Data {
				case "head", "script", "style", "noscript", "template", "svg":
					continue
				}
				if hidden(c) {
					continue
				}
				if c.Data != "span" {
					b.WriteByte('\n')
				}
				walk(c)
			}
		}
	}
	walk(root)
	var out []string
	for _, line := range strings.Split(b.String(), "\n") {
		for _, m := range testPriceRe.FindAllString(fold(line), -1) {
			out = append(out, strings.TrimRight(m, ".,"))
		}
	}
	return out
}
