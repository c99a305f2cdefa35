package fork

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// BenchmarkVerify measures verification alone, per fork, on the largest
// corpus page: the worst case, a draft that rewrote every block that is not
// other people's words (each block's first letter's case flipped, so every
// one is read again), next to the honest draft (the page's own text).
func BenchmarkVerify(b *testing.B) {
	pages, _ := filepath.Glob("../shared/corpus/*.html")
	if len(pages) == 0 {
		b.Skip("corpus not found at ../shared/corpus")
	}
	sort.Slice(pages, func(i, j int) bool { return size(pages[i]) > size(pages[j]) })
	src, err := os.ReadFile(pages[0])
	if err != nil {
		b.Fatal(err)
	}
	p, _, err := New().plan(context.Background(), Request{HTML: string(src)})
	if err != nil {
		b.Fatal(err)
	}
	var honest, rewritten Draft
	for _, bl := range p.Blocks {
		honest.Blocks = append(honest.Blocks, DraftBlock{ID: bl.ID, Text: bl.Text})
		text := bl.Text
		if !bl.Verbatim {
			text = flipFirst(text)
		}
		rewritten.Blocks = append(rewritten.Blocks, DraftBlock{ID: bl.ID, Text: text})
	}
	for _, tc := range []struct {
		name  string
		draft *Draft
	}{{"honest", &honest}, {"rewritten", &rewritten}} {
		b.Run(filepath.Base(pages[0])+"/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = verifyDraft(context.Background(), p, tc.draft)
			}
		})
	}
}

func size(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

func flipFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if unicode.IsUpper(r) {
		return string(unicode.ToLower(r)) + s[n:]
	}
	return strings.ToUpper(s[:n]) + s[n:]
}

// FuzzFoldSpace holds foldSpace to strings.Fields' reading of white space,
// on any bytes, valid UTF-8 or not.
func FuzzFoldSpace(f *testing.F) {
	for _, s := range []string{"", " ", "a b", " a  b ", "a\u00a0b", "a\u2003 b", "x\xff y", "tab\there", "folded already"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := foldSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("foldSpace(%q) = %q; want %q", s, got, want)
		}
	})
}
