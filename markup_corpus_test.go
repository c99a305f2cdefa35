package fork_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/markup"
	"github.com/marketingfork/fork/provider/rules"
)

// TestForksKeepThePage forks every corpus page and page of our own with
// the built-in engine, for every profile and layer, and holds the forked
// HTML to the source's structure: the same start tags with the same
// attributes (as a multiset), every comment and the doctype, and no inline
// element that had text left empty. It also counts the blocks with inline
// markup that a fork changed, and those that kept their source text
// because the placeholders could not be put back with certainty.
func TestForksKeepThePage(t *testing.T) {
	var paths []string
	own, _ := filepath.Glob("testdata/pages/*.html")
	for _, p := range own {
		if !strings.Contains(p, "no-copy") {
			paths = append(paths, p)
		}
	}
	paths = append(paths, "internal/extract/testdata/pages/inline.html")
	corpus, _ := filepath.Glob("../shared/corpus/*.html")
	paths = append(paths, corpus...)
	f := fork.New(fork.WithProvider(rules.New()))
	var changed, kept int
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want := pageShape(t, src)
		ex, err := f.Extract(context.Background(), fork.Source{HTML: string(src)})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			for _, layer := range fork.LayerNames() {
				for _, profile := range fork.ProfileNames() {
					res, err := f.Fork(context.Background(), fork.Request{HTML: string(src), Profile: profile, LanguageLayer: layer})
					if err != nil {
						t.Fatalf("%s/%s: %v", profile, layer, err)
					}
					for _, c := range res.Checks {
						if c.Name == "markup" && c.Failed() {
							t.Errorf("%s/%s: the built-in engine's fork fails the markup check: %s", profile, layer, c.Details)
						}
					}
					changed += markupChanged(ex, res)
					kept += markupKept(t, res)
					got := pageShape(t, []byte(res.HTML))
					// The line breaks the fork added (markup.LineBreak), one
					// <br> each, and no other element.
					got.starts[tagKey("br", nil)] -= addedBreaks(res)
					if got.starts[tagKey("br", nil)] == 0 {
						delete(got.starts, tagKey("br", nil))
					}
					for _, d := range want.diff(got) {
						t.Errorf("%s/%s: %s", profile, layer, d)
					}
				}
			}
		})
	}
	t.Logf("blocks with inline markup: %d changed with their elements kept, %d kept their source text", changed, kept)
	if changed == 0 {
		t.Error("no fork changed a block with inline markup")
	}
}

// addedBreaks counts the line breaks (markup.LineBreak) the fork's blocks
// hold: each is a <br> the page did not have.
func addedBreaks(res *fork.Result) int {
	n := 0
	for _, b := range res.Blocks {
		n += strings.Count(b.Text, markup.LineBreak) - strings.Count(b.Source, markup.LineBreak)
	}
	return n
}

// markupChanged counts the blocks with inline markup whose text the fork
// changed.
func markupChanged(ex *fork.Extraction, res *fork.Result) int {
	n := 0
	for _, b := range res.Blocks {
		if ex.Blocks[b.ID].Markup != "" && b.Text != b.Source {
			n++
		}
	}
	return n
}

// markupKept counts the blocks the fork's note says kept their source
// text, and checks that each of them reads as its source and says so.
func markupKept(t *testing.T, res *fork.Result) int {
	t.Helper()
	for _, n := range res.Notes {
		list, ok := strings.CutPrefix(n, "blocks ")
		if !ok {
			list, ok = strings.CutPrefix(n, "block ")
		}
		if ok && strings.Contains(n, "source text: ") {
			list, _, _ = strings.Cut(list, " keep")
			ids := strings.Split(list, ", ")
			byID := map[int]fork.ForkedBlock{}
			for _, b := range res.Blocks {
				byID[b.ID] = b
			}
			for _, id := range ids {
				i, err := strconv.Atoi(id)
				b, ok := byID[i]
				if err != nil || !ok {
					t.Fatalf("note %q names no block", n)
				}
				if b.Text != b.Source || !strings.Contains(b.Rationale, "kept its source text") {
					t.Errorf("block %d kept its source: text %q, rationale %q", i, b.Text, b.Rationale)
				}
			}
			return len(ids)
		}
	}
	return 0
}

// shape is what of a page a fork must keep.
type shape struct {
	starts   map[string]int // start tags with their attributes
	comments map[string]int
	doctype  string
	// withText counts the inline elements (by start tag) that hold text.
	withText map[string]int
}

// inlineNames are the elements whose text runs on in their block.
var inlineNames = map[string]bool{
	"a": true, "abbr": true, "b": true, "cite": true, "code": true, "del": true, "em": true, "i": true,
	"ins": true, "kbd": true, "mark": true, "q": true, "s": true, "small": true, "span": true,
	"strike": true, "strong": true, "sub": true, "sup": true, "time": true, "u": true,
}

func pageShape(t *testing.T, page []byte) shape {
	t.Helper()
	s := shape{starts: map[string]int{}, comments: map[string]int{}, withText: map[string]int{}}
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				t.Fatal(z.Err())
			}
			break
		}
		tok := z.Token()
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			s.starts[tagKey(tok.Data, copyless(tok.Attr))]++
		case html.CommentToken:
			s.comments[tok.Data]++
		case html.DoctypeToken:
			s.doctype = tok.Data
		}
	}
	root, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && inlineNames[n.Data] && strings.TrimSpace(textOf(n)) != "" {
			s.withText[tagKey(n.Data, copyless(n.Attr))]++
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return s
}

func textOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(textOf(c))
	}
	return b.String()
}

// copyAttrs are the attributes whose values are copy a fork rewrites
// (attribute blocks): the attribute stays, its value may change.
var copyAttrs = map[string]bool{"content": true, "alt": true, "aria-label": true, "value": true}

func copyless(attrs []html.Attribute) []html.Attribute {
	out := make([]html.Attribute, len(attrs))
	for i, a := range attrs {
		if copyAttrs[a.Key] {
			a.Val = ""
		}
		out[i] = a
	}
	return out
}

func tagKey(name string, attrs []html.Attribute) string {
	kv := make([]string, len(attrs))
	for i, a := range attrs {
		kv[i] = a.Key + "=" + a.Val
	}
	sort.Strings(kv)
	return "<" + name + " " + strings.Join(kv, " ") + ">"
}

// diff lists what got lost or gained against the source's shape.
func (s shape) diff(got shape) []string {
	var out []string
	for k, n := range s.starts {
		if got.starts[k] != n {
			out = append(out, "start tag "+k+": "+itoa(got.starts[k])+" in the fork, "+itoa(n)+" in the source")
		}
	}
	for k, n := range got.starts {
		if _, ok := s.starts[k]; !ok {
			out = append(out, "start tag "+k+": "+itoa(n)+" in the fork, none in the source")
		}
	}
	for k, n := range s.comments {
		if got.comments[k] != n {
			out = append(out, "comment "+k+": "+itoa(got.comments[k])+" in the fork, "+itoa(n)+" in the source")
		}
	}
	if got.doctype != s.doctype {
		out = append(out, "doctype "+got.doctype+", the source's is "+s.doctype)
	}
	for k, n := range s.withText {
		if got.withText[k] < n {
			out = append(out, "inline element "+k+" has text "+itoa(got.withText[k])+" times in the fork, "+itoa(n)+" in the source")
		}
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }
