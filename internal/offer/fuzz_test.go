package offer

import (
	"testing"
	"unicode/utf8"
)

// FuzzPriceSpans feeds the price scanner any text: it never panics, and
// the spans it reports are in order, inside the text, on rune boundaries
// and non-empty, with a digit in each.
func FuzzPriceSpans(f *testing.F) {
	for _, s := range []string{"$5/mo", "0€ /mois", "R$ 1.058/mês", "S/ 150 al mes", "EUR 400,-", "£1 200 000", "R899", "$10/user per month", "\u00a0€\u202f5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		last := 0
		PriceSpans(s, func(start, end int) {
			if start < last || end <= start || end > len(s) {
				t.Fatalf("span [%d,%d) after %d in %q", start, end, last, s)
			}
			if !utf8.ValidString(s[start:end]) && utf8.ValidString(s) {
				t.Fatalf("span [%d,%d) cuts a rune in %q", start, end, s)
			}
			digit := false
			for i := start; i < end; i++ {
				digit = digit || isDigit(s[i])
			}
			if !digit {
				t.Fatalf("span %q holds no digit", s[start:end])
			}
			last = end
		})
		if c := PriceCoverage(s); c < 0 || c > 1 {
			t.Fatalf("coverage %v of %q", c, s)
		}
	})
}
