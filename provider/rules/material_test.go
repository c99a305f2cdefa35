package rules

import (
	"testing"

	"github.com/marketingfork/fork"
)

// TestRestricted: an offer limited to a group is restricted unless the
// profile looks for that group.
func TestRestricted(t *testing.T) {
	for _, tc := range []struct {
		line string
		cues []string
		want bool
	}{
		{"registered nonprofits get 20% off any plan.", []string{"off"}, true},
		{"students save 50% with an .edu address.", []string{"save"}, true},
		{"kids under 12 travel free.", []string{"kids", "free"}, false},
		{"save 20% on the annual plan.", []string{"save"}, false},
		{"the military-grade encryption keeps it safe.", nil, true}, // a word's start: a false alarm that costs a lead, never a fact
	} {
		t.Run(tc.line, func(t *testing.T) {
			if got := restricted(tc.line, fork.Substance{Cues: tc.cues}); got != tc.want {
				t.Errorf("restricted(%q) = %v; want %v", tc.line, got, tc.want)
			}
		})
	}
}
