package ledger

import (
	"strings"
	"testing"
)

func TestParseNumber(t *testing.T) {
	tests := []struct {
		in, locale string
		want       float64
		ok         bool
	}{
		// English: '.' decimal, ',' groups
		{"1,234.50", "en", 1234.5, true},
		{"1.32", "en", 1.32, true},
		{"1,234", "en", 1234, true},
		{"1.058", "en", 1.058, true}, // single '.' + 3 digits: the locale's decimal mark
		{"1234", "en", 1234, true},
		{"-20", "en", -20, true},
		{"+20", "en", 20, true},
		{"−5", "en", -5, true}, // U+2212 minus
		{"0.058", "en", 0.058, true},
		{"1,000,000", "en", 1000000, true},
		{"1,00,000", "en-IN", 100000, true}, // Indian grouping
		{"1 247", "en", 1247, true},         // space groups in every locale
		{"1'499.00", "en", 1499, true},
		{"1.234,50", "en", 1234.5, true}, // both marks: the last one is decimal
		{"4,99", "en", 4.99, true},       // single ',' + 2 digits: decimal
		{".5", "en", 0.5, true},
		{" 42 ", "en", 42, true},
		{"1,234", "en-GB", 1234, true},
		{"1.058", "en-GB", 1.058, true},
		{"1.058", "en-US", 1.058, true},

		// German: ',' decimal, '.' groups
		{"1.058", "de", 1058, true},
		{"4,99", "de", 4.99, true},
		{"1.234,50", "de", 1234.5, true},
		{"1.234.567", "de", 1234567, true},
		{"15,-", "de", 15, true},
		{"15,–", "de", 15, true},
		{"1,234", "de", 1.234, true},
		{"0,058", "de", 0.058, true},
		{"1234.567", "de", 1234.567, true}, // a first group of 4 digits cannot be grouped

		// Swiss German: '.' decimal, apostrophe groups
		{"1'499.00", "de-CH", 1499, true},
		{"1'499.–", "de-CH", 1499, true},
		{"1’499", "de-CH", 1499, true},
		{"1.058", "de-CH", 1.058, true},
		{"1'234'567.5", "de-CH", 1234567.5, true},

		// French: ',' decimal, spaces group
		{"4,99", "fr", 4.99, true},
		{"1 247", "fr", 1247, true},
		{"1\u202f247", "fr", 1247, true}, // narrow no-break space
		{"1\u00a0247,50", "fr", 1247.5, true},
		{"12 345 678", "fr", 12345678, true},
		{"1.000", "fr", 1000, true},
		{"1,000", "fr", 1, true}, // ',' is French decimal
		{"39,99", "fr", 39.99, true},

		// Spanish
		{"1.058", "es", 1058, true},
		{"5.990", "es-CL", 5990, true},
		{"4,99", "es", 4.99, true},
		{"1,299.00", "es-MX", 1299, true},
		{"1.058", "es-MX", 1.058, true},

		// Brazilian Portuguese
		{"1.058", "pt-BR", 1058, true},
		{"7.599", "pt-BR", 7599, true},
		{"1.483,50", "pt-BR", 1483.5, true},
		{"0,99", "pt-BR", 0.99, true},
		{"17.799", "pt-BR", 17799, true},

		// unknown locales read as English
		{"1,234", "", 1234, true},
		{"1.058", "zz-nonsense", 1.058, true},

		// not numbers
		{"", "en", 0, false},
		{"   ", "en", 0, false},
		{"abc", "en", 0, false},
		{"1..2", "en", 0, false},
		{"1,2,3", "en", 0, false},
		{"1.234.5", "de", 0, false},
		{"12 34", "fr", 0, false},
		{"1 2345", "fr", 0, false},
		{"1.234,567.8", "en", 0, false},
		{"1,234 567", "fr", 0, false}, // mixed group separators
		{"--5", "en", 0, false},
		{"1e5", "en", 0, false},
		{"Infinity", "en", 0, false},
		{"NaN", "en", 0, false},
		{"5.", "en", 0, false},
		{"$5", "en", 0, false},
		{"20%", "en", 0, false},
		{"1,234.5.6", "en", 0, false},
		{strings.Repeat("9", 400), "en", 0, false}, // overflows float64
	}
	for _, tt := range tests {
		t.Run(tt.locale+"/"+tt.in, func(t *testing.T) {
			got, ok := ParseNumber(tt.in, tt.locale)
			if ok != tt.ok || got != tt.want {
				t.Errorf("ParseNumber(%q, %q) = %v, %v; want %v, %v", tt.in, tt.locale, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestFormatPrice(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{30, "30.00"}, {4.99, "4.99"}, {4.5, "4.50"}, {1058, "1058.00"},
		{0, "0.00"}, {0.005, "0.005"}, {-5, "-5.00"}, {2500000, "2500000.00"},
	}
	for _, tt := range tests {
		if got := formatPrice(tt.in); got != tt.want {
			t.Errorf("formatPrice(%v) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
