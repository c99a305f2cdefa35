package units

import (
	"testing"

	"github.com/marketingfork/fork/internal/ledger"
)

func TestFor(t *testing.T) {
	tests := []struct {
		region, unit string
		amount       float64
		want         string // "" when no conversion applies
	}{
		{"GB", "°F", 14, "-10 °C"},
		{"GB", "°F", 104, "40 °C"},
		{"DE", "lb", 2.2, "1 kg"},
		{"AU", "in", 15, "38 cm"},
		{"CA", "mi", 3, "4.8 km"},
		{"GB", "mi", 3, ""}, // the UK keeps miles
		{"US", "°C", 20, "68 °F"},
		{"US", "km", 10, "6.2 miles"},
		{"US", "°F", 70, ""},
		{"DE", "°C", 20, ""},
		{"", "°F", 70, ""},
		{"GB", "°F", 32, "0 °C"},
	}
	for _, tt := range tests {
		c, ok := For(tt.region, tt.unit)
		got := ""
		if ok {
			got = c.Convert(tt.amount)
		}
		if got != tt.want {
			t.Errorf("For(%q, %q).Convert(%v): got %q; want %q", tt.region, tt.unit, tt.amount, got, tt.want)
		}
	}
}

// TestFactKeepsQualifier converts a qualified quantity: the value the rule
// promises is the one the ledger reads back from the fork's words.
func TestFactKeepsQualifier(t *testing.T) {
	var src ledger.Fact
	for _, f := range ledger.FromText("Delivery up to 5 miles away.", "en-US") {
		if f.Kind == ledger.KindQuantity {
			src = f
		}
	}
	if src.Qualifier == "" {
		t.Fatalf("no qualified quantity in the source: %+v", src)
	}
	written, value, _, ok := Fact(src, "en-AU", "AU")
	if !ok {
		t.Fatal("no conversion")
	}
	var got string
	for _, f := range ledger.FromText("Delivery up to "+written+" away.", "en-AU") {
		if f.Kind == ledger.KindQuantity {
			got = f.Value
		}
	}
	if got != value {
		t.Errorf("the rule promises %q; the fork %q reads as %q", value, written, got)
	}
}
