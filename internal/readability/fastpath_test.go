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
