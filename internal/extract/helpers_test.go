package extract

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// corpusDir returns the shared corpus folder beside the checkout, skipping
// the test when it is absent.
func corpusDir(tb testing.TB) string {
	tb.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "corpus"))
	if err != nil {
		tb.Fatal(err)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		tb.Skipf("corpus not found at %s; golden tests need ../shared/corpus beside the checkout", dir)
	}
	return dir
}

// corpusPages returns the corpus pages by name (file name without .html).
func corpusPages(tb testing.TB) map[string][]byte {
	tb.Helper()
	dir := corpusDir(tb)
	files, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Skipf("corpus not found at %s: no .html pages; golden tests need ../shared/corpus beside the checkout", dir)
	}
	pages := make(map[string][]byte, len(files))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		pages[strings.TrimSuffix(filepath.Base(f), ".html")] = b
	}
	return pages
}

func sortedNames(pages map[string][]byte) []string {
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func mustParse(tb testing.TB, page []byte) *Document {
	tb.Helper()
	d, err := Parse(bytes.NewReader(page))
	if err != nil {
		tb.Fatalf("Parse: %v", err)
	}
	return d
}

func mustParseString(tb testing.TB, page string) *Document {
	tb.Helper()
	return mustParse(tb, []byte(page))
}

func readTestdata(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func render(tb testing.TB, d *Document, texts map[int]string) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := d.Render(&buf, texts); err != nil {
		tb.Fatalf("Render: %v", err)
	}
	return buf.Bytes()
}

// rewrite returns new text for a block that a rewriter could plausibly
// produce: other words, same job (a price stays the price, a question stays
// a question, a quote stays in quotation marks).
func rewrite(b Block) string {
	switch b.Role {
	case RoleTitle:
		return "A new title for the page"
	case RoleMetaDescription:
		return "A new description of the page."
	case RoleHeadline:
		return "A brand new headline"
	case RoleSubheadline:
		return "A fresh subheadline"
	case RoleBullet:
		return fmt.Sprintf("Rewritten bullet point %d", b.ID)
	case RoleCTA:
		return "Get going now"
	case RoleTestimonial:
		if isQuoted(b.Text) {
			return "“A rewritten quote from a very happy customer.”"
		}
		return "A rewritten quote from a very happy customer of ours."
	case RolePrice:
		return b.Text
	case RoleGuarantee:
		return "Full money-back guarantee for thirty days."
	case RoleFAQQuestion:
		return "Is this a rewritten question?"
	case RoleFAQAnswer:
		return "Yes, this answer was rewritten."
	case RoleFinePrint:
		return "*Rewritten fine print applies."
	}
	return fmt.Sprintf("Fresh body copy number %d for a new audience.", b.ID)
}

func rewriteAll(d *Document) map[int]string {
	texts := make(map[int]string, len(d.Blocks))
	for _, b := range d.Blocks {
		texts[b.ID] = rewrite(b)
	}
	return texts
}
