package fork

import (
	"strings"
	"testing"
)

// FuzzSentenceOf: whatever the text, the sentence found is a piece of it,
// and holds the needle when the text holds it where no number runs into
// it.
func FuzzSentenceOf(f *testing.F) {
	f.Add("Pay $45/year instead of $4.99/month and save 25%. 5% of every plan goes to charity.", "5%")
	f.Add("Tu économises 20% soit presque 2 mois offerts.", "20%")
	f.Add("", "%")
	f.Fuzz(func(t *testing.T, text, needle string) {
		got := sentenceOf(text, needle)
		if !strings.Contains(text, got) {
			t.Fatalf("sentenceOf(%q, %q) = %q, not a piece of the text", text, needle, got)
		}
		if needle != "" && strings.HasPrefix(text, needle) && !strings.Contains(got, needle) {
			t.Fatalf("sentenceOf(%q, %q) = %q lacks the needle", text, needle, got)
		}
	})
}
