package readability

import (
	"strings"
	"testing"
)

// FuzzIndexApostrophe holds indexApostrophe to strings.IndexAny, the
// plain reading, on any text, invalid UTF-8 included.
func FuzzIndexApostrophe(f *testing.F) {
	for _, s := range []string{"", "don't", "don’t", "donʼt", "\xe2\x80", "\xe2\xe2\x80\x99", "\xca\xca\xbc'", "a\xff’", "‘quoted’ \u02bc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := indexApostrophe(s), strings.IndexAny(s, "'’ʼ"); got != want {
			t.Fatalf("indexApostrophe(%q) = %d; strings.IndexAny %d", s, got, want)
		}
	})
}

// FuzzSyllables holds syllables, which reads a word without a hyphen
// whole, to the plain reading: every word split at its hyphens.
func FuzzSyllables(f *testing.F) {
	for _, s := range []string{"", "-", "state-of-the-art", "co\u2011op", "re\u2010use", "COVID-19", "naïve", "\xe2\x80", "x\xe2y", "--a--"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, word string, li uint8) {
		base := tag(fuzzLangs[int(li)%len(fuzzLangs)]).Base()
		want := 0
		for _, part := range strings.FieldsFunc(word, isHyphen) {
			want += partSyllables(part, base)
		}
		if got := syllables(word, base); got != max(want, 1) {
			t.Fatalf("syllables(%q, %q) = %d; plain reading %d", word, base, got, max(want, 1))
		}
	})
}
