package fork

import (
	"fmt"
	"math"
	"strings"

	"github.com/marketingfork/fork/internal/ledger"
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
	// Actual is the saving the block's prices give, in percent.
	Actual float64 `json:"actual_percent"`
	// Sum says which prices give it ("39,99€/an against 12 × 4,99€/mois").
	Sum string `json:"sum"`
}

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
	var out []Misstatement
	for _, b := range blocks {
		actual, sum, ok := blockSaving(b.Facts)
		if !ok {
			continue
		}
		for _, f := range b.Facts {
			if f.Kind != ledger.KindPercentage || strings.Contains(f.Qualifier, "up-to") {
				continue
			}
			stated := math.Abs(f.Amount) // "-20%" states a saving of 20
			if stated <= 0 || stated >= 100 {
				continue
			}
			if stated > actual+overstateBy || stated <= actual-understateBy {
				out = append(out, Misstatement{Block: b.ID, Stated: f, Actual: actual, Sum: sum})
			}
		}
	}
	return out
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
		if math.Abs(m.Amount*12-y.Amount) < 0.12 {
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
		advice := "a visitor who does the sum will doubt the rest of the offer, and a saving the prices do not give is a claim the page cannot back: correct the figure on the control before either arm runs"
		if math.Abs(m.Stated.Amount) < m.Actual {
			verb = "understates"
			advice = "the real figure is the stronger argument: correct it on the control before either arm runs"
		}
		out = append(out, fmt.Sprintf("block %d %s its saving: it says %q, but %s is a saving of %.0f%%; the fork keeps the page's figure, as it keeps every fact, so %s",
			m.Block, verb, m.Stated.Text, m.Sum, math.Floor(m.Actual+0.5), advice))
	}
	return out
}
