package rules

import (
	"fmt"
	"regexp"
	"strconv"
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
	// slashDate is "11/12/2026", "11.12.26"; isoDay is a ledger date's
	// Value with its year, month and day known.
	slashDate = regexp.MustCompile(`^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$`)
	isoDay    = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})$`)
)

// numericDate writes a date of figures alone ("11/12/2026") in words, in
// the target's order, where the target reads its figures the other way
// round: an en-US "11/12/2026" is 11 December to a British reader, so the
// fork says "12 November 2026" (and an en-GB "12/11/2026" reads "November
// 12, 2026" in the United States). A date whose day and month are the same
// figure, or already in the target's order, stays as written.
func numericDate(f fork.Fact, monthFirst bool) (string, bool) {
	m := slashDate.FindStringSubmatch(f.Text)
	v := isoDay.FindStringSubmatch(f.Value)
	if m == nil || v == nil {
		return "", false
	}
	month, _ := strconv.Atoi(v[2])
	day, _ := strconv.Atoi(v[3])
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	if month == day || month < 1 || month > 12 {
		return "", false
	}
	if (monthFirst && a == month && b == day) || (!monthFirst && a == day && b == month) {
		return "", false
	}
	name := strings.Split(monthNames, "|")[month-1]
	if monthFirst {
		return fmt.Sprintf("%s %d, %s", name, day, v[1]), true
	}
	return fmt.Sprintf("%d %s %s", day, name, v[1]), true
}

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
		if w, ok := numericDate(f, region == "US"); ok {
			written = w
		} else if region == "US" {
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
