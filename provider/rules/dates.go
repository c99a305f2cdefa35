package rules

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/ledger"
)

const monthNames = `January|February|March|April|May|June|July|August|September|October|November|December`

// usDate is "June 20th", "August 8th - 10th, 2026", "March 3, 2026";
// dayFirstDate is "20 June", "12 May 2026".
var (
	usDate       = regexp.MustCompile(`^(` + monthNames + `) (\d{1,2})(?:st|nd|rd|th)?(?:\s*[-–]\s*(\d{1,2})(?:st|nd|rd|th)?)?(?:,? (\d{4}))?$`)
	dayFirstDate = regexp.MustCompile(`^(\d{1,2})(?:st|nd|rd|th)?(?:\s*[-–]\s*(\d{1,2})(?:st|nd|rd|th)?)? (` + monthNames + `)(?:,? (\d{4}))?$`)
)

// applyDates writes English dates in the target culture's order: month
// first in the United States ("June 20, 2026"), day first elsewhere ("20
// June 2026"). The date itself does not change, so the ledger keeps it.
func applyDates(text string, facts []fork.Fact, target fork.Language) (string, []string) {
	region := target.Region()
	if region == "" {
		return text, nil
	}
	var why []string
	done := map[string]bool{}
	for _, f := range facts {
		if f.Kind != ledger.KindDate || done[f.Text] {
			continue
		}
		done[f.Text] = true
		var written string
		if region == "US" {
			m := dayFirstDate.FindStringSubmatch(f.Text)
			if m == nil {
				continue
			}
			written = m[3] + " " + m[1]
			if m[2] != "" {
				written += "–" + m[2]
			}
			if m[4] != "" {
				written += ", " + m[4]
			}
		} else {
			m := usDate.FindStringSubmatch(f.Text)
			if m == nil {
				continue
			}
			written = m[2]
			if m[3] != "" {
				written += "–" + m[3]
			}
			written += " " + m[1]
			if m[4] != "" {
				written += " " + m[4]
			}
		}
		if written == f.Text || !strings.Contains(text, f.Text) {
			continue
		}
		text = strings.ReplaceAll(text, f.Text, written)
		why = append(why, fmt.Sprintf("culture %s: date order (%s → %s)", target, f.Text, written))
	}
	return text, why
}
