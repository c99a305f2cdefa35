package fork_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
)

// TestMisstatements holds each kind of saving sum to the prices beside it,
// on small pages of our own: a yearly plan against a monthly one, a
// struck-out price against the live one, and the blocks whose sum cannot
// be told.
func TestMisstatements(t *testing.T) {
	for _, tc := range []struct {
		name, lang, copy string
		want             []string // "stated→actual", rounded
	}{
		{"yearly understated, monthly equivalent beside", "en", "<p>The yearly plan costs $39.99/year ($3.33/month) instead of $4.99/month. You save 20%.</p>", []string{"20%→33"}},
		{"yearly overstated", "en", "<p>Pay $45/year instead of $4.99/month and save 40%.</p>", []string{"40%→25"}},
		{"yearly right", "en", "<p>The yearly plan costs $39.99/year instead of $4.99/month. You save 33%.</p>", nil},
		{"yearly rounded down", "en", "<p>Pay $50/year instead of $5/month and save 15%.</p>", nil},
		{"yearly understated", "en", "<p>Pay $30/year instead of $5/month and save 20%.</p>", []string{"20%→50"}},
		{"french toggle sum", "fr", "<p>L'abonnement annuel coûte 39,99€/an (soit 3,33€/mois), contre 4,99€/mois en mensuel. Tu économises 20%.</p>", []string{"20%→33"}},
		{"struck out right", "en", "<p>Now <del>$50</del> $40: 20% off.</p>", nil},
		{"struck out overstated", "en", "<p>Now <del>$50</del> $40: 30% off.</p>", []string{"30%→20"}},
		{"up to", "en", "<p>Pay $30/year instead of $5/month and save up to 20%.</p>", nil},
		{"several plans", "en", "<p>Standard $5/month, Plus $50/month, or $48/year: save 20%.</p>", nil},
		{"percentage alone", "en", "<p>Annual plans: -20%</p>", nil},
		{"other currency", "en", "<p>Pay €30/year instead of $5/month and save 20%.</p>", nil},
		{"uptime is no saving", "en", "<p>Pro costs $99/year or $9.99/month, with 99.9% uptime.</p>", nil},
		{"charity is no saving", "en", "<p>Pay $45/year instead of $4.99/month and save 25%. 5% of every plan goes to charity.</p>", nil},
		{"rounded monthly figure", "en", "<p>Pay $999/year (that is $84/month). Save 20%.</p>", nil},
		{"signed toggle", "fr", "<p>Annuel : 39,99€/an au lieu de 4,99€/mois (-20%)</p>", []string{"-20%→33"}},
		// A block without prices that states the same saving repeats the
		// error; one that states another figure, or has prices of its
		// own, does not.
		{"repeated in a toggle", "en", "<p>Monthly Yearly -20%</p><p>Pay $30/year instead of $5/month and save 20%.</p>", []string{"20%→50", "-20%→50"}},
		{"another figure beside", "en", "<p>Monthly Yearly -10%</p><p>Pay $30/year instead of $5/month and save 20%.</p>", []string{"20%→50"}},
		{"own sum beside", "en", "<p>Pay $48/year instead of $5/month: save 20%.</p><p>Pay $30/year instead of $5/month and save 20%.</p>", []string{"20%→50"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := fmt.Sprintf(`<html lang="%s"><head><title>Plans</title></head><body><main><h1>Plans for every rider</h1>%s<a href="https://example.com/buy">Buy</a></main></body></html>`, tc.lang, tc.copy)
			plan, err := fork.New().Plan(context.Background(), fork.Request{HTML: page, Profile: "bargain-hunter"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range fork.Misstatements(plan.Blocks) {
				got = append(got, fmt.Sprintf("%s→%.0f", m.Stated.Text, m.Actual))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("misstatements (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMisstatementNote: a fork of a page whose saving its prices
// contradict says so in its notes, with both figures (the page says 20%
// where its prices give 33%).
func TestMisstatementNote(t *testing.T) {
	res, err := fork.New(fork.WithProvider(&scriptedProvider{})).Fork(context.Background(), fork.Request{HTML: readPage(t, "../sums-en.html"), Profile: "bargain-hunter"})
	if err != nil {
		t.Fatal(err)
	}
	// The plan an agent writes from says so too.
	plan, err := fork.New().Plan(context.Background(), fork.Request{HTML: readPage(t, "../sums-en.html"), Profile: "bargain-hunter"})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(plan); len(plan.Misstatements) != 1 || !strings.Contains(string(b), `"misstatements":[{"block":10,`) {
		t.Errorf("plan misstatements %+v", plan.Misstatements)
	}
	notes := strings.Join(res.Notes, "\n")
	for _, want := range []string{`block 10 understates its saving: it says "20%"`, "$39.99/year against 12 × $4.99/month is a saving of 33%"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
}
