package fork

import (
	"fmt"
	"sort"
	"strings"

	"github.com/marketingfork/fork/internal/extract"
	"github.com/marketingfork/fork/internal/langdetect"
	"github.com/marketingfork/fork/internal/ledger"
	"github.com/marketingfork/fork/internal/units"
)

// ruleChange is what the project's own culture rules do to one source fact
// for a fork's target: the value the fork must then state, and the rule.
type ruleChange struct {
	to, rule string
}

// allowedChanges computes, from the target culture alone, every change a
// fork may make to the source's facts: a quantity converted for a region
// that measures otherwise (internal/units). Verification decides this
// itself; a draft's declared changes are never taken on trust, so no path
// (the built-in engine, an LLM, an agent's draft, a third-party Provider)
// can license a change by naming a rule.
func allowedChanges(p *Plan) map[string]ruleChange {
	out := map[string]ruleChange{}
	if p.Culture == "" {
		return out
	}
	for _, f := range p.Ledger {
		if _, value, rule, ok := units.Fact(f, p.TargetLanguage, p.Culture); ok {
			out[factKey(f.Kind, f.Value)] = ruleChange{to: value, rule: rule}
		}
	}
	return out
}

func factKey(k ledger.Kind, value string) string { return string(k) + "|" + value }

// checkDeclaredChanges holds a draft's declared changes to what the rules
// give: a change of a fact the source does not state, of a fact no rule of
// the target changes, or to another value than the rule's, fails, naming
// the fact, the declared rule and what the rule would give.
func checkDeclaredChanges(p *Plan, d *Draft, allowed map[string]ruleChange) Check {
	if len(d.Changes) == 0 {
		return newCheck("declared_changes", CheckPassed, "no changes declared", nil)
	}
	byValue := map[string][]Fact{}
	for _, f := range p.Ledger {
		byValue[f.Value] = append(byValue[f.Value], f)
	}
	var bad []string
	var blocks []int
	for _, c := range d.Changes {
		facts := byValue[c.From]
		if len(facts) == 0 {
			bad = append(bad, fmt.Sprintf("%q → %q (%q): the source states no %q", c.From, c.To, c.Rule, c.From))
			continue
		}
		f := facts[0]
		a, ok := allowed[factKey(f.Kind, f.Value)]
		switch {
		case !ok:
			bad = append(bad, fmt.Sprintf("%s %q → %q (%q): no rule of %s changes it", f.Kind, f.Text, c.To, c.Rule, p.TargetLanguage))
			blocks = append(blocks, f.Block)
		case a.to != c.To:
			bad = append(bad, fmt.Sprintf("%s %q → %q (%q): the rule %q gives %q", f.Kind, f.Text, c.To, c.Rule, a.rule, a.to))
			blocks = append(blocks, f.Block)
		}
	}
	if len(bad) > 0 {
		return newCheck("declared_changes", CheckFailed, "changes the rules do not make: "+strings.Join(bad, "; "), uniqueSorted(blocks))
	}
	return newCheck("declared_changes", CheckPassed, fmt.Sprintf("%d declared changes, each what its rule gives", len(d.Changes)), nil)
}

// placedKinds are the facts that belong to the block that states them: a
// plan's price, its discount, its code. Hero lines (title, description,
// headline, subheadline) are reframed whole by a fork, so their facts may
// move; a row of a price table may not lose or swap its own.
var placedKinds = map[ledger.Kind]bool{ledger.KindPrice: true, ledger.KindPercentage: true}

var heroRoles = map[Role]bool{RoleTitle: true, RoleMetaDescription: true, RoleHeadline: true, RoleSubheadline: true}

// checkPlacement finds facts that left their block: a price removed from
// its plan's row (even where the same price stands in another row) or two
// rows' prices swapped. A block the fork lost is the coverage check's.
func checkPlacement(p *Plan, forked []Block, forkFacts []Fact, allowed map[string]ruleChange) Check {
	inBlock := map[int]map[string]bool{}
	for _, f := range forkFacts {
		if inBlock[f.Block] == nil {
			inBlock[f.Block] = map[string]bool{}
		}
		inBlock[f.Block][factKey(f.Kind, f.Value)] = true
	}
	where := func(key string) []int {
		var ids []int
		for id, set := range inBlock {
			if set[key] {
				ids = append(ids, id)
			}
		}
		sort.Ints(ids)
		return ids
	}
	var items []string
	var blocks []int
	n := 0
	for _, f := range p.Ledger {
		i := f.Block
		if !placedKinds[f.Kind] || i < 0 || i >= len(p.Blocks) || heroRoles[p.Blocks[i].Role] || forked[i].Text == "" {
			continue
		}
		n++
		key := factKey(f.Kind, f.Value)
		if inBlock[i][key] {
			continue
		}
		if a, ok := allowed[key]; ok && inBlock[i][factKey(f.Kind, a.to)] {
			continue
		}
		item := fmt.Sprintf("%s %q left block %d", f.Kind, f.Text, i)
		if others := where(key); len(others) > 0 {
			item += fmt.Sprintf(" (the fork states it in block %s)", joinInts(others))
		}
		items = append(items, item)
		blocks = append(blocks, i)
	}
	if len(items) > 0 {
		return newCheck("fact_placement", CheckFailed, strings.Join(items, "; "), uniqueSorted(blocks))
	}
	return newCheck("fact_placement", CheckPassed, fmt.Sprintf("all %d prices and percentages in their own blocks", n), nil)
}

// checkCTAAction holds each call to action to its action: a new label must
// name the same action (download, buy, sign up, start a trial, contact,
// donate, book…) as its source, so a download link never reads "Book a
// demo". A label that names no action it can tell is left to the reader.
func checkCTAAction(p *Plan, forked []Block) Check {
	var items []string
	var blocks []int
	n := 0
	for i, b := range p.Blocks {
		if b.Role != RoleCTA || forked[i].Text == "" || forked[i].Text == foldSpace(b.Text) {
			continue
		}
		from := extract.CTAAction(b.Text)
		if from == "" {
			continue
		}
		n++
		to := extract.CTAAction(forked[i].Text)
		if to != "" && to != from {
			items = append(items, fmt.Sprintf("block %d: %q (%s) became %q (%s)", b.ID, b.Text, from, forked[i].Text, to))
			blocks = append(blocks, b.ID)
		}
	}
	if len(items) > 0 {
		return newCheck("cta_action", CheckFailed, "calls to action that now name another action: "+strings.Join(items, "; "), blocks)
	}
	return newCheck("cta_action", CheckPassed, fmt.Sprintf("%d relabelled calls to action name their source's action", n), nil)
}

// minBlockWords is the shortest block whose language is judged on its own:
// below it a brand name or a loanword decides.
const minBlockWords = 8

// blockLanguages finds the blocks that read as another language than the
// target: the rewritten ones, or every block of a translation. A block the
// detector is unsure of is left alone.
func blockLanguages(p *Plan, forked []Block, want string) (items []string, blocks []int) {
	for i, b := range forked {
		if !proseRoles[b.Role] || b.Text == "" || len(strings.Fields(b.Text)) < minBlockWords {
			continue
		}
		if !p.Translation && b.Text == foldSpace(p.Blocks[i].Text) {
			continue
		}
		got, conf := langdetect.Detect(blockSample(b.Text))
		if got != "" && got != want && conf >= 0.5 {
			items = append(items, fmt.Sprintf("block %d reads as %s", b.ID, got))
			blocks = append(blocks, b.ID)
		}
	}
	return items, blocks
}

// maxBlockSample bounds how much of one block the language check reads:
// some fifty words tell a language as well as a page does, and the check
// stays linear in the number of blocks, not in their length.
const maxBlockSample = 320

// blockSample is the start of a block's text, cut at a word boundary.
func blockSample(s string) string {
	if len(s) <= maxBlockSample {
		return s
	}
	cut := strings.LastIndexByte(s[:maxBlockSample], ' ')
	if cut <= 0 {
		cut = maxBlockSample
	}
	return s[:cut]
}

func joinInts(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = fmt.Sprint(id)
	}
	return strings.Join(s, ", ")
}
