package readability

import (
	"slices"
	"testing"
	"unicode"
)

// wordsByRunes is Words written over a rune slice, the plainest reading of
// its rules: the oracle the byte-walking Words is fuzzed against.
func wordsByRunes(text string) []string {
	rs := []rune(text)
	var words []string
	start := -1
	for i, r := range rs {
		switch {
		case start < 0:
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				start = i
			}
		case isWordRune(r) || (i > 0 && i+1 < len(rs) && joins(rs[i-1], r, rs[i+1])):
		default:
			words = append(words, string(rs[start:i]))
			start = -1
		}
	}
	if start >= 0 {
		words = append(words, string(rs[start:]))
	}
	return words
}

// FuzzWords checks that Words splits any text, valid UTF-8 or not, as the
// rune-by-rune reading of its rules does, and that Contractions, which
// reads only the words around apostrophes, finds what reading every word
// finds.
func FuzzWords(f *testing.F) {
	for _, s := range []string{"", "don't stop", "state-of-the-art COVID-19", "$4.99 or 1,058 e.g. example.com", "l'amour’s", "a-", "x\xffy", "é\u0301t\u00e9", "'quoted'", "“Don't” we're\u00a0it’s  they'll've"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := Words(s), wordsByRunes(s)
		// The oracle writes an invalid byte as U+FFFD; compare as runes.
		norm := func(ws []string) []string {
			out := make([]string, len(ws))
			for i, w := range ws {
				out[i] = string([]rune(w))
			}
			return out
		}
		if !slices.Equal(norm(got), norm(want)) {
			t.Fatalf("Words(%q) = %q; want %q", s, got, want)
		}
		var every []string
		for _, w := range Words(unquoted(s)) {
			if isContraction(w) {
				every = append(every, w)
			}
		}
		if c := Contractions(s); !slices.Equal(c, every) {
			t.Fatalf("Contractions(%q) = %q; want %q", s, c, every)
		}
	})
}
