package offer

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPriceSpans(t *testing.T) {
	// The tables are the union of what extraction and the ledger read:
	// PEN and ₣ came from the one, NT$ and SFr. from the other.
	cases := map[string][]string{
		"$5/mo":                          {"$5/mo"},
		"0€ /mois":                       {"0€ /mois"},
		"Pro 4,99€/mois or 39,99€/an":    {"4,99€/mois", "39,99€/an"},
		"R$ 1.058/mês and R$ 17.799":     {"R$ 1.058/mês", "R$ 17.799"},
		"400 EUR":                        {"400 EUR"},
		"EUR 400,-":                      {"EUR 400,-"},
		"€ 15 per month":                 {"€ 15 per month"},
		"Make a $1,400 donation":         {"$1,400"},
		"Tickets are $200.":              {"$200"},
		"about 20 euros per person":      {"20 euros per person"},
		"US$ 9.99 a month":               {"US$ 9.99 a month"},
		"£1 200 000":                     {"£1 200 000"},
		"20% off, 3 users, 1 247 people": nil,
		"Omax3 has 93.9% EPA":            nil,
		"100 krone":                      nil,
		"S/ 150 al mes":                  {"S/ 150 al mes"},
		"PEN 150":                        {"PEN 150"},
		"NT$ 300 and SFr. 20":            {"NT$ 300", "SFr. 20"},
		"₣ 40":                           {"₣ 40"},
		"$10/user per month":             {"$10/user"},
		"$12 per month per seat":         {"$12 per month per seat"},
		"R899 once, but page R2 and R 5": {"R899"},
		"5 pounds of flour":              nil,
	}
	for in, want := range cases {
		var got []string
		PriceSpans(in, func(start, end int) { got = append(got, in[start:end]) })
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("PriceSpans(%q) (-want +got):\n%s", in, diff)
		}
	}
}
