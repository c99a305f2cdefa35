package mcpserver

import (
	"strings"
	"testing"

	"github.com/marketingfork/fork"
)

// TestInstructionsNameMisstatements: an agent writing from a plan whose
// page states a saving its prices contradict is told never to lead with
// it; a plan without one says nothing of it.
func TestInstructionsNameMisstatements(t *testing.T) {
	prof, err := fork.LookupProfile("bargain-hunter")
	if err != nil {
		t.Fatal(err)
	}
	p := &fork.Plan{Profile: prof, Material: []fork.Material{{Block: 3, Text: "Save 20% yearly."}}}
	const want = "never lead with it"
	if got := strings.Join(planInstructions(p, false), "\n"); strings.Contains(got, want) {
		t.Errorf("instructions without misstatements say %q:\n%s", want, got)
	}
	p.Misstatements = []fork.Misstatement{{Block: 3, Stated: fork.Fact{Kind: "percentage", Text: "20%"}, Actual: 33, Sum: "$39.99/year against 12 × $4.99/month"}}
	if got := strings.Join(planInstructions(p, false), "\n"); !strings.Contains(got, "misstatements") || !strings.Contains(got, want) {
		t.Errorf("instructions do not name the misstatement:\n%s", got)
	}
}
