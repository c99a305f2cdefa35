package extract

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzFold holds fold, whose fast path passes over runes that are not
// ASCII and not white space, to the plain reading that folds every text.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"", " ", "a  b", "“Quoted” — dash", "a\u00a0b", " lead", "trail ", "x\xffy", "tab\there", "é\u2003é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := fold(s), foldPlain(s); got != want {
			t.Fatalf("fold(%q) = %q; want %q", s, got, want)
		}
	})
}

// foldPlain is fold without its fast path.
func foldPlain(s string) string {
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			space = len(b) > 0
		} else {
			if space {
				b = append(b, ' ')
				space = false
			}
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}
