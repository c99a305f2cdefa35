package openai

import (
	"maps"
	"slices"
	"strings"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/units"
)

// conversion is a locked quantity the target region writes in other units:
// the model is told to write it as converted here, and the change is
// recorded by the provider, never taken from the model, so a model cannot
// declare a changed fact acceptable.
type conversion struct {
	fact    fork.Fact
	written string      // the converted quantity as the fork writes it: "-10 °C"
	change  fork.Change // the ledger change, once the draft holds written
}

// conversions lists the plan's quantities to convert for its culture, by
// the fact's index in the ledger.
func conversions(p *fork.Plan) map[int]conversion {
	out := map[int]conversion{}
	for i, f := range p.Ledger {
		written, to, rule, ok := units.Fact(f, p.TargetLanguage, p.Culture)
		if !ok {
			continue
		}
		out[i] = conversion{fact: f, written: written, change: fork.Change{From: f.Value, To: to, Rule: rule}}
	}
	return out
}

// appliedChanges returns the changes of the conversions the draft made:
// those whose block now holds the converted quantity.
func appliedChanges(convs map[int]conversion, blocks []fork.DraftBlock) []fork.Change {
	text := map[int]string{}
	for _, b := range blocks {
		text[b.ID] = b.Text
	}
	var out []fork.Change
	for _, idx := range slices.Sorted(maps.Keys(convs)) {
		c := convs[idx]
		if strings.Contains(text[c.fact.Block], c.written) {
			out = append(out, c.change)
		}
	}
	return out
}
