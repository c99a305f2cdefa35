package fork

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

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
func allowedChanges(p *Plan) map[fkey]ruleChange {
	out := map[fkey]ruleChange{}
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

// fkey is a fact's kind and normalised value, what facts are compared by.
// It is a pair where a string joined as kind+"|"+value was: the same facts
// compare equal, as no kind holds a '|' (TestFactKindsUnjoined), and a
// key is made without allocating.
type fkey struct {
	kind  ledger.Kind
	value string
}

func factKey(k ledger.Kind, value string) fkey { return fkey{k, value} }

// checkDeclaredChanges holds a draft's declared changes to what the rules
// give: a change of a fact the source does not state, of a fact no rule of
// the target changes, or to another value than the rule's, fails, naming
// the fact, the declared rule and what the rule would give.
func checkDeclaredChanges(p *Plan, d *Draft, allowed map[fkey]ruleChange) Check {
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

// placedKinds are the facts whose move the placement check names: a plan's
// price and its discount may not leave their row or swap with another's.
var placedKinds = map[ledger.Kind]bool{ledger.KindPrice: true, ledger.KindPercentage: true}

// stateIn says how block id of the fork states source fact f: as the
// source does (kept), changed by a rule of the target culture (changed,
// with the rule), or not at all.
func stateIn(inBlock blockFacts, id int, f Fact, allowed map[fkey]ruleChange) (kept bool, rc ruleChange, changed bool) {
	key := factKey(f.Kind, f.Value)
	if inBlock.has(id, key) {
		return true, ruleChange{}, false
	}
	if a, ok := allowed[key]; ok && inBlock.has(id, factKey(f.Kind, a.to)) {
		return false, a, true
	}
	return false, ruleChange{}, false
}

// blockFacts says which facts each block states: one set of (block,
// fact) pairs, sized once, where a set per block was a map each.
type blockFacts map[blockFact]bool

type blockFact struct {
	block int
	key   fkey
}

// has reports whether block id states the fact key.
func (b blockFacts) has(id int, key fkey) bool { return b[blockFact{id, key}] }

// factsByBlock indexes the fork's facts by the block that states them.
func factsByBlock(facts []Fact) blockFacts {
	out := make(blockFacts, len(facts))
	for _, f := range facts {
		out[blockFact{f.Block, factKey(f.Kind, f.Value)}] = true
	}
	return out
}

// checkPlacement finds facts that left their block: a price removed from
// its plan's row (even where the same price stands in another row) or two
// rows' prices swapped. A block the fork lost is the coverage check's.
func checkPlacement(p *Plan, forked []Block, inBlock blockFacts, allowed map[fkey]ruleChange) Check {
	where := func(key fkey) []int {
		var ids []int
		for bf := range inBlock {
			if bf.key == key {
				ids = append(ids, bf.block)
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
		if !placedKinds[f.Kind] || i < 0 || i >= len(p.Blocks) || forked[i].Text == "" {
			continue
		}
		n++
		key := factKey(f.Kind, f.Value)
		if kept, _, changed := stateIn(inBlock, i, f, allowed); kept || changed {
			continue
		}
		item := fmt.Sprintf("%s %q left block %d", f.Kind, f.Text, i)
		if others := where(key); len(others) > 0 {
			item += fmt.Sprintf(" (the fork states it in block %s)", joinInts(others))
		}
		items = append(items, item)
		blocks = append(blocks, i)
	}
	wasItems, wasBlocks := wasTurnedLive(p, forked, inBlock)
	items, blocks = append(items, wasItems...), append(blocks, wasBlocks...)
	if len(items) > 0 {
		return newCheck("fact_placement", CheckFailed, strings.Join(items, "; "), uniqueSorted(blocks))
	}
	return newCheck("fact_placement", CheckPassed, fmt.Sprintf("all %d prices and percentages in their own blocks", n), nil)
}

// wasTurnedLive finds struck-out "was" prices a fork states as live ones:
// the amount a reader saw crossed out now reads as what they pay, in its
// own block or in another (a headline that leads with "£64 £80" shows
// both as prices). A block that stated the amount as a live price in the
// source may go on doing so. (A was price dropped or moved out of its
// block is the ledger's and placement's to report.)
func wasTurnedLive(p *Plan, forked []Block, inBlock blockFacts) (items []string, blocks []int) {
	was := map[fkey]string{} // live key of each was price -> its text
	for _, f := range p.Ledger {
		if f.Was {
			was[factKey(f.Kind, strings.TrimPrefix(f.Value, ledger.QualifierWas+" "))] = f.Text
		}
	}
	if len(was) == 0 {
		return nil, nil
	}
	srcIn := factsByBlock(p.Ledger) // only where a page has was prices
	for i := range forked {
		if forked[i].Text == "" {
			continue
		}
		for key, text := range was {
			if inBlock.has(i, key) && !srcIn.has(i, key) {
				items = append(items, fmt.Sprintf("the struck-out price %q reads as a live price in block %d", text, i))
				blocks = append(blocks, i)
			}
		}
	}
	sort.Strings(items)
	return items, blocks
}

// checkCTAAction holds each call to action to its action: a new label must
// name the same action (download, buy, sign up, start a trial, contact,
// donate, book…) as its source, so a download link never reads "Book a
// demo". A label that names no action it can tell is left to the reader.
func checkCTAAction(p *Plan, forked []Block, same []bool) Check {
	var items []string
	var blocks []int
	n := 0
	for i, b := range p.Blocks {
		if b.Role != RoleCTA || forked[i].Text == "" || same[i] {
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
func blockLanguages(p *Plan, forked []Block, same []bool, want string, m *forkMemo) (items []string, blocks []int) {
	for i, b := range forked {
		if !proseRoles[b.Role] || b.Text == "" || (!p.Translation && same[i]) || !hasFields(b.Text, minBlockWords) {
			continue
		}
		got, conf := m.detect(blockSample(b.Text))
		if got != "" && got != want && conf >= 0.5 {
			items = append(items, fmt.Sprintf("block %d reads as %s", b.ID, got))
			blocks = append(blocks, b.ID)
		}
	}
	return items, blocks
}

// hasFields reports whether s has at least n words as strings.Fields
// splits it, counting no further.
func hasFields(s string, n int) bool {
	for range strings.FieldsSeq(s) {
		if n--; n <= 0 {
			return true
		}
	}
	return n <= 0
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

// checkConditions holds an offer to its conditions: a block that states a
// price or a discount with a condition ("$8/month billed annually", "for
// new customers") keeps the condition as long as it keeps the price, and
// gains none the source does not attach to it there ("billed annually"
// turned "billed monthly" is a new offer, even where another row is billed
// monthly). A fork may drop a whole offer line, never the condition alone.
func checkConditions(p *Plan, forked []Block, forkFacts []Fact, inBlock blockFacts, allowed map[fkey]ruleChange) Check {
	type offer struct {
		prices     []Fact
		conditions []Fact
	}
	offers := map[int]*offer{}
	for _, f := range p.Ledger {
		o := offers[f.Block]
		if o == nil {
			o = &offer{}
			offers[f.Block] = o
		}
		switch {
		case placedKinds[f.Kind]:
			o.prices = append(o.prices, f)
		case isCondition(f):
			o.conditions = append(o.conditions, f)
		}
	}
	added := map[int][]Fact{}
	for _, f := range forkFacts {
		if isCondition(f) {
			added[f.Block] = append(added[f.Block], f)
		}
	}
	var items []string
	var blocks []int
	n := 0
	for id := range p.Blocks {
		o := offers[id]
		if o == nil || len(o.prices) == 0 || forked[id].Text == "" {
			continue
		}
		kept := false
		for _, f := range o.prices {
			if k, _, changed := stateIn(inBlock, id, f, allowed); k || changed {
				kept = true
			}
		}
		if !kept {
			continue // the price left; the ledger and placement checks say so
		}
		n += len(o.conditions)
		had := map[string]bool{}
		for _, c := range o.conditions {
			had[c.Value] = true
			if !inBlock.has(id, factKey(c.Kind, c.Value)) {
				items = append(items, fmt.Sprintf("block %d keeps its price but drops the condition %q", id, c.Text))
				blocks = append(blocks, id)
			}
		}
		for _, c := range added[id] {
			if !had[c.Value] {
				had[c.Value] = true
				items = append(items, fmt.Sprintf("block %d gives its price a condition the source does not: %q", id, c.Text))
				blocks = append(blocks, id)
			}
		}
	}
	if len(items) > 0 {
		return newCheck("conditions", CheckFailed, strings.Join(items, "; "), uniqueSorted(blocks))
	}
	return newCheck("conditions", CheckPassed, fmt.Sprintf("all %d conditions kept with their prices", n), nil)
}

func isCondition(f Fact) bool { return f.Kind == ledger.KindClaim && f.Claim == ledger.ClaimCondition }

// properNames finds the proper names a fork's rewritten blocks state that
// the source lacks: a capitalised word inside a sentence ("Built with
// Stripe", "our founder Maria Keller"), or a word with a capital inside it
// ("PhantomSnap"), that no source block or link holds in any case. Words
// that open a sentence, a quotation or a parenthesis are left out, as are
// blocks written in title case, where every word is capitalised. German
// capitalises every noun, so there only words with an inner capital count.
// All-capital words are not judged: copy shouts common words ("FREE").
func properNames(p *Plan, forked []Block, same []bool, m *forkMemo) []Fact {
	var srcWords map[string]bool
	nounsCapitalised := p.Target.Base() == "de"
	var out []Fact
	seen := map[string]bool{}
	for i, b := range forked {
		if b.Text == "" || (!p.Translation && same[i]) {
			continue
		}
		words := capitalWords(b.Text)
		for k, w := range words.names {
			inner := hasInnerCapital(w.word)
			if !inner && (words.titleCase[w.sentence] || nounsCapitalised || w.sentenceStart) {
				continue
			}
			if srcWords == nil {
				// Built once a word needs it: most rewritten blocks hold
				// no capital inside a sentence.
				srcWords = m.sourceWords()
			}
			lw := strings.ToLower(w.word)
			if seen[lw] || inWords(srcWords, lw) || langdetect.FunctionWord(lw) {
				continue
			}
			// A word in a capitalised phrase the source writes ("the
			// Scientific Methodology" shortened to "the Scientific
			// Method") is the phrase reworded, not a new name.
			if !inner && (nextToKnown(words.names, k-1, w, srcWords, true) || nextToKnown(words.names, k+1, w, srcWords, false)) {
				continue
			}
			seen[lw] = true
			out = append(out, Fact{Kind: ledger.KindName, Text: w.word, Value: w.word, Block: b.ID})
		}
	}
	return out
}

type capWord struct {
	word          string
	sentenceStart bool
	pos           int // the word's index among the block's words
	sentence      int // the sentence's index in the block
}

// nextToKnown reports whether names[k] stands right before (before) or
// after w in the text and is a capitalised word of four letters or more
// that the source holds.
func nextToKnown(names []capWord, k int, w capWord, srcWords map[string]bool, before bool) bool {
	if k < 0 || k >= len(names) {
		return false
	}
	n := names[k]
	if (before && n.pos != w.pos-1) || (!before && n.pos != w.pos+1) {
		return false
	}
	return utf8.RuneCountInString(n.word) >= 4 && inWords(srcWords, strings.ToLower(n.word))
}

type capWords struct {
	names     []capWord // capitalised words, with whether they open a sentence
	titleCase []bool    // per sentence: written in title case
}

// titleSmall are the short words title case leaves in lower case ("Tools
// for Teams and Families").
var titleSmall = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "but": true, "or": true, "nor": true, "for": true,
	"yet": true, "so": true, "of": true, "on": true, "in": true, "to": true, "at": true, "by": true,
	"as": true, "up": true, "via": true, "per": true, "vs": true,
}

// capitalWords splits text into words, notes the capitalised ones and
// which sentences are in title case: every word of three letters or more
// but the small ones capitalised, and at least two of them.
func capitalWords(text string) capWords {
	var cw capWords
	start := true
	sentence := 0
	big, capitalised := 0, 0
	closeSentence := func() {
		cw.titleCase = append(cw.titleCase, big >= 2 && capitalised == big)
		big, capitalised = 0, 0
	}
	pos := -1
	for tok := range strings.FieldsSeq(text) {
		pos++
		lead := strings.TrimLeftFunc(tok, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		opens := start || strings.ContainsAny(tok[:len(tok)-len(lead)], "(\"“‘«¿¡'-–—•*")
		word := strings.TrimRightFunc(lead, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		// A separator standing alone ("Brand | Weekly bread", "Plans –
		// Pricing") opens a new segment, as a full stop does.
		ends := strings.ContainsAny(tok[len(tok)-min(len(tok), 2):], ".!?:;") || (word == "" && strings.ContainsAny(tok, "|–—-·•/"))
		start = ends
		if word != "" {
			r, _ := utf8.DecodeRuneInString(word)
			// Lower-casing maps rune to rune, so only a word of three
			// runes may be one of the small ones (none is longer):
			// the longer ones are not lowered to be asked.
			if n := utf8.RuneCountInString(word); n > 3 || n == 3 && !titleSmall[strings.ToLower(word)] {
				big++
				if unicode.IsUpper(r) {
					capitalised++
				}
			}
			if (unicode.IsUpper(r) || hasInnerCapital(word)) && !isAllCaps(word) && utf8.RuneCountInString(word) >= 2 {
				cw.names = append(cw.names, capWord{word: word, sentenceStart: opens, pos: pos, sentence: sentence})
			}
		}
		if ends {
			closeSentence()
			sentence++
		}
	}
	closeSentence()
	return cw
}

// hasInnerCapital reports a capital after a lower-case letter: "PhantomSnap",
// "iPhone".
func hasInnerCapital(w string) bool {
	prevLower := false
	for _, r := range w {
		if unicode.IsUpper(r) && prevLower {
			return true
		}
		prevLower = unicode.IsLower(r)
	}
	return false
}

func isAllCaps(w string) bool {
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// inWords reports whether every part of w ("editor-in-chief" is three) is
// in the set.
func inWords(set map[string]bool, w string) bool {
	for part := range strings.FieldsFuncSeq(w, notWordRune) {
		if !set[part] {
			return false
		}
	}
	return true
}

// wordSet is the set of words (letters and digits) in s.
func wordSet(s string) map[string]bool {
	// Sized once for about the words a text of this length holds apart
	// (a word in 32 bytes), rather than grown by doubling from empty.
	out := make(map[string]bool, len(s)/32)
	for w := range strings.FieldsFuncSeq(s, notWordRune) {
		out[w] = true
	}
	return out
}

// notWordRune reports a rune that is neither a letter nor a digit: what
// separates the words of wordSet and inWords.
func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

func joinInts(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = fmt.Sprint(id)
	}
	return strings.Join(s, ", ")
}
