package fork_test

import (
	"context"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
)

// TestZeroPriceIsAFreePlan: a plan priced at zero is a free plan, so a
// fork may call it one; a page whose plans all cost money may not.
func TestZeroPriceIsAFreePlan(t *testing.T) {
	page := func(starter string) string {
		return `<html lang="en"><body><h1>Uptime checks for your cron jobs</h1>
<section><h3>Starter</h3><div class="price">` + starter + `</div><ul><li>10 checks</li></ul><a href="/signup?plan=starter">Get started</a></section>
<section><h3>Team</h3><div class="price">$9/mo</div><ul><li>100 checks</li></ul><a href="/signup?plan=team">Get started</a></section>
</body></html>`
	}
	f := fork.New()
	for _, tt := range []struct {
		name, starter string
		invented      bool
	}{
		{"zero price", "$0/mo", false},
		{"every plan paid", "$3/mo", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := page(tt.starter)
			ex, err := f.Extract(context.Background(), fork.Source{HTML: src})
			if err != nil {
				t.Fatal(err)
			}
			var d fork.Draft
			for _, b := range ex.Blocks {
				text := b.Text
				if b.Role == fork.RoleHeadline {
					text = "Start on the free plan, 10 checks included"
				}
				d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text})
			}
			rep, err := f.Verify(context.Background(), fork.VerifyRequest{Source: fork.Source{HTML: src}, Fork: d})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range rep.Checks {
				if c.Name != "no_invented_facts" {
					continue
				}
				if got := strings.Contains(c.Details, "free plan"); got != tt.invented || c.Passed == tt.invented {
					t.Errorf("no_invented_facts passed %v: %s; want the free plan invented: %v", c.Passed, c.Details, tt.invented)
				}
			}
		})
	}
}
