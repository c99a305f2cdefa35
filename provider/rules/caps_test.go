package rules

import (
	"testing"

	"github.com/marketingfork/fork"
)

// TestCapsSentence writes banners in capitals as sentences, each word as
// the page writes it elsewhere, and leaves alone what is no such banner.
func TestCapsSentence(t *testing.T) {
	plan := &fork.Plan{Blocks: []fork.Brief{
		{Block: fork.Block{Role: fork.RoleBody, Text: "Export every page to PDF with Trailnote in one click."}},
		{Block: fork.Block{Role: fork.RoleBody, Text: "Lifetime updates come with each licence."}},
		{Block: fork.Block{Role: fork.RoleBody, Text: "FOUNDING MEMBERS ONLY"}}, // a banner: no form of its own
	}}
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"FOUNDING PRICE FOR THE FIRST 500 TRAILNOTE MEMBERS", "Founding price for the first 500 Trailnote members.", true},
		{"LIFETIME UPDATES AND PDF EXPORT — LOCKED IN FOR LIFE", "Lifetime updates and PDF export — locked in for life.", true},
		{"GET 50% OFF YOUR FIRST YEAR TODAY", "Get 50% off your first year today.", true},
		{"FOUNDING PRICE FOR THE FIRST MEMBERS!", "", false}, // an end mark: written as the page wants it
		{"Founding price for the first members", "", false},  // not in capitals
		{"LOCKED IN FOR LIFE", "", false},                    // too few words to be a sentence
		{"FOUNDING PRICE (FOR THE FIRST MEMBERS", "", false}, // unbalanced
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, ok := capsSentence(tc.in, plan)
			if ok != tc.ok || got != tc.want {
				t.Errorf("capsSentence(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}
