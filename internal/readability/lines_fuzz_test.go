package readability

import (
	"slices"
	"strings"
	"testing"
)

// FuzzLines holds lines, which reads line breaks byte by byte, to
// strings.FieldsFunc's reading of them rune by rune, and countExclamations,
// which passes over plain ASCII bytes outside a run, to the plain reading
// that ranges over every rune.
func FuzzLines(f *testing.F) {
	for _, s := range []string{
		"", "\n", "a\nb", "Wow!!! Really?!\r\nYes\u2028no\u2029\u0085end", "\xe2\u0085\xc2\xe2\x80\xa8", "a\xe2\x80", "¡Hola! ¿Qué?", "‼ ⁉ ！？ ?",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.FieldsFunc(s, func(r rune) bool {
			switch r {
			case '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029':
				return true
			}
			return false
		})
		if got := lines(s); !slices.Equal(got, want) {
			t.Fatalf("lines(%q) = %q; want %q", s, got, want)
		}
		if got, want := countExclamations(s), countExclamationsPlain(s); got != want {
			t.Fatalf("countExclamations(%q) = %d; want %d", s, got, want)
		}
	})
}

// countExclamationsPlain is countExclamations as it read every rune.
func countExclamationsPlain(text string) int {
	n := 0
	inRun, runHasBang := false, false
	for _, r := range text {
		if r == '!' || r == '?' || r == '‼' || r == '⁉' || r == '⁈' || r == '⁇' || r == '！' || r == '？' {
			inRun = true
			if r != '?' && r != '⁇' && r != '？' {
				runHasBang = true
			}
			continue
		}
		if inRun && runHasBang {
			n++
		}
		inRun, runHasBang = false, false
	}
	if inRun && runHasBang {
		n++
	}
	return n
}
