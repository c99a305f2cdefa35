package fork_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

// TestNoVariantNoTest: a fork that changes nothing a visitor sees says so
// in its experiment and its notes instead of sizing an A/A test; a fork
// that changes the page frames a test as usual.
func TestNoVariantNoTest(t *testing.T) {
	page, err := os.ReadFile("internal/extract/testdata/pages/small.html")
	if err != nil {
		t.Fatal(err)
	}
	f := fork.New(fork.WithProvider(rules.New()))
	for _, tc := range []struct {
		profile string
		same    bool
	}{{"enthusiast", true}, {"skeptic", false}} {
		res, err := f.Fork(context.Background(), fork.Request{HTML: string(page), Profile: tc.profile})
		if err != nil {
			t.Fatal(err)
		}
		changed := res.Sections != nil
		for _, b := range res.Blocks {
			changed = changed || (b.Text != b.Source && b.Role != fork.RoleTitle && b.Role != fork.RoleMetaDescription)
		}
		if changed == tc.same {
			t.Fatalf("%s: the fork changes the page: %v; the test expects %v", tc.profile, changed, !tc.same)
		}
		noted := slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "A/A test") })
		none := strings.HasPrefix(res.Experiment.Hypothesis, "None yet")
		if noted != tc.same || none != tc.same {
			t.Errorf("%s: A/A note %v, hypothesis %q; want the note and a hypothesis of none only when the fork changes nothing", tc.profile, noted, res.Experiment.Hypothesis)
		}
	}
}
