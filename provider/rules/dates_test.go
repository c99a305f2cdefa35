package rules_test

import (
	"context"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
)

// TestNumericDatesChangeCulture: a date of figures alone is read the other
// way round across the Atlantic; a culture fork writes it in words in the
// target's order, and verification passes it (the month is part of the
// date, not an invented name).
func TestNumericDatesChangeCulture(t *testing.T) {
	for _, tc := range []struct {
		name, from, to, date, want string
	}{
		{"us to gb", "en-US", "en-GB", "11/12/2026", "12 November 2026"},
		{"gb to us", "en-GB", "en-US", "12/11/2026", "November 12, 2026"},
		{"us to gb, day past twelve", "en-US", "en-GB", "11/25/2026", "25 November 2026"},
		{"same figure", "en-US", "en-GB", "05/05/2026", "05/05/2026"},
		{"same order", "en-US", "en-US", "11/12/2026", "11/12/2026"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `<html lang="` + tc.from + `"><head><title>Tidewell</title></head><body><section><h1>Plan your week in ten minutes</h1>
<p>Tidewell sorts your tasks before you wake up.</p><a class="button" href="/start">Start</a></section>
<section><h2>Launch offer</h2><p>Half price for the first year. Offer ends ` + tc.date + `.</p></section></body></html>`
			res, err := newForker().Fork(context.Background(), fork.Request{HTML: src, SourceLanguage: tc.from, TargetLanguage: tc.to})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, b := range res.Blocks {
				if strings.HasPrefix(b.Source, "Half price") {
					found = true
					if want := "Half price for the first year. Offer ends " + tc.want + "."; b.Text != want {
						t.Errorf("got %q; want %q (fallback %q)", b.Text, want, b.Fallback)
					}
				}
			}
			if !found {
				t.Fatal("no offer block")
			}
			for _, c := range res.Checks {
				if (c.Name == "ledger" || c.Name == "no_invented_facts") && !c.Passed {
					t.Errorf("%s: %s", c.Name, c.Details)
				}
			}
		})
	}
}
