package rules

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/ledger"
	"github.com/marketingfork/fork/internal/units"
)

// dollarRegions write their own currency with a bare "$", so a US dollar
// price must say US$ there.
var dollarRegions = map[string]bool{"AU": true, "CA": true, "NZ": true, "SG": true, "HK": true}

// applyUnits converts a block's quantities and US-dollar signs for the
// target culture, returning the new text, the ledger changes and the
// rationale.
func applyUnits(text string, facts []fork.Fact, target fork.Language) (string, []fork.Change, []string) {
	region := target.Region()
	var changes []fork.Change
	var why []string
	for _, f := range facts {
		switch {
		case f.Kind == ledger.KindQuantity:
			written, to, rule, ok := units.Fact(f, target.String(), region)
			if !ok {
				continue
			}
			var n int
			if text, n = replaceToken(text, f.Text, written); n == 0 {
				continue
			}
			changes = append(changes, fork.Change{From: f.Value, To: to, Rule: rule})
			why = append(why, fmt.Sprintf("culture %s (%s → %s)", rule, f.Text, written))
		case f.Kind == ledger.KindPrice && f.Currency == "USD" && dollarRegions[region] && strings.HasPrefix(f.Text, "$"):
			if strings.Contains(text, "US"+f.Text) {
				continue
			}
			var n int
			if text, n = replaceToken(text, f.Text, "US"+f.Text); n == 0 {
				continue
			}
			why = append(why, fmt.Sprintf("culture %s: %s written US%s so it is not read as the local dollar", target, f.Text, f.Text))
		}
	}
	return text, changes, why
}

// replaceToken replaces old where it stands as a whole token: "4 °F" must
// not match inside "14 °F".
func replaceToken(text, old, repl string) (string, int) {
	n := 0
	for from := 0; from < len(text); {
		i := strings.Index(text[from:], old)
		if i < 0 {
			break
		}
		at := from + i
		end := at + len(old)
		if (at > 0 && isAlnum(text[at-1])) || (end < len(text) && isAlnum(text[end])) {
			from = at + 1
			continue
		}
		text = text[:at] + repl + text[end:]
		from = at + len(repl)
		n++
	}
	return text, n
}

func isAlnum(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// westernGrouped is a number grouped in thousands: 100,000 or 2,500,000.
var westernGrouped = regexp.MustCompile(`\b\d{1,3}(?:,\d{3})+\b`)

// applyNumberFormat writes numbers in the target culture's grouping where it
// differs from the source's: India groups by lakh and crore (1,00,000). The
// value does not change, so the ledger keeps the fact.
func applyNumberFormat(text string, target fork.Language) (string, []string) {
	if target.Region() != "IN" {
		return text, nil
	}
	var why []string
	text = westernGrouped.ReplaceAllStringFunc(text, func(m string) string {
		digits := strings.ReplaceAll(m, ",", "")
		if len(digits) < 6 {
			return m // under a lakh both write 12,345
		}
		indian := indianGrouping(digits)
		why = append(why, fmt.Sprintf("culture %s: lakh grouping (%s → %s)", target, m, indian))
		return indian
	})
	return text, why
}

// indianGrouping groups digits as 12,34,56,789: the last three, then twos.
func indianGrouping(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
	var parts []string
	for len(head) > 2 {
		parts = append([]string{head[len(head)-2:]}, parts...)
		head = head[:len(head)-2]
	}
	if head != "" {
		parts = append([]string{head}, parts...)
	}
	return strings.Join(append(parts, tail), ",")
}
