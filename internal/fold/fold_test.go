package fold

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzContainsLower holds ContainsLower to the reading it stands for: the
// text lowered, then searched.
func FuzzContainsLower(f *testing.F) {
	for _, s := range [][2]string{
		{"Think and Grow Rich", "grow rich"},
		{"WALLACE D. WATTLES", "wattles"},
		{"The Science of Getting Rich", "science of"},
		{"no name here", "wattles"},
		{"café Wattles’ book", "wattles’"},
		{"ÜNÏCODE", "ünï"},
		{"", ""},
		{"abc", ""},
		{"\u212a", "k"},
		{"\u0130stanbul", "istanbul"},
		{"a\xffb", "a\ufffdb"},
		{"\xe2\x80", "\ufffd\ufffd"},
		{"é", "\xa9"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, text, lower string) {
		if got, want := ContainsLower(text, lower), strings.Contains(strings.ToLower(text), lower); got != want {
			t.Fatalf("ContainsLower(%q, %q) = %v; want %v", text, lower, got, want)
		}
	})
}

// FuzzHasLowerAt holds HasLowerAt to what it promises: where it finds
// lower at a rune of text, text's lower case holds lower.
func FuzzHasLowerAt(f *testing.F) {
	f.Add("Think and Grow Rich", 10, "grow")
	f.Add("\u212aelvin", 0, "kelvin")
	f.Add("a\xffb", 1, "\ufffdb")
	f.Fuzz(func(t *testing.T, text string, i int, lower string) {
		if i < 0 || i >= len(text) || !utf8.RuneStart(text[i]) {
			return
		}
		if HasLowerAt(text, i, lower) && !strings.Contains(strings.ToLower(text), lower) {
			t.Fatalf("HasLowerAt(%q, %d, %q) is true, but the text's lower case does not hold it", text, i, lower)
		}
	})
}

// FuzzWholeRunes holds the reading checkLedger takes before ContainsLower:
// text that holds v, v of whole runes, holds v's lower case in its own.
func FuzzWholeRunes(f *testing.F) {
	f.Add("Think and Grow Rich", "Grow")
	f.Add("x\xe2\x80\x99y", "\xe2\x80")
	f.Add("\xe2Wattles", "Wattles")
	f.Fuzz(func(t *testing.T, text, v string) {
		if utf8.ValidString(v) && strings.Contains(text, v) && !strings.Contains(strings.ToLower(text), strings.ToLower(v)) {
			t.Fatalf("%q holds %q, but its lower case does not hold %q", text, v, strings.ToLower(v))
		}
	})
}
