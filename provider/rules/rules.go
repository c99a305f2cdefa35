// Package rules is Marketing Fork's built-in provider: deterministic and
// offline. It reframes a page with the page's own material and adds no
// words of its own around it: for the profile it chooses what leads (the
// page's line that carries what the audience looks for, in the headline or
// subheadline, or its section moved up), how a button is labelled (another
// label the page uses for the same link, or a complete label for the same
// action) and, for a reader short of time, what is cut; for the layer it
// changes how each sentence reads (contractions, common words, hype
// removed, long sentences split only into whole sentences). Where it has
// nothing better than the source for a slot, the slot keeps the source, and
// where the page lacks what a profile wants, the draft's notes say so. It
// cannot translate; a fork into another language needs an LLM provider.
package rules

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/address"
	"github.com/marketingfork/fork/internal/langtag"
	"github.com/marketingfork/fork/internal/markup"
)

// Version changes whenever the same input could give other output.
const Version = "1.0.0"

// Provider is the built-in rules provider. It is safe for concurrent use:
// its tables are built once by New and only read afterwards.
type Provider struct {
	expand *wordTable // contractions to long forms (professional)
	// contract turns long forms into contractions (everyday): the
	// negations first, so "you will not" becomes "you won't", never
	// "you'll not".
	contract []*wordTable
	slang    *wordTable                  // slang to plain words (professional)
	plain    *wordTable                  // formal words to common ones (plain)
	hype     map[string][]*regexp.Regexp // hype words per base language
	cultures map[string]*cultureRules    // English culture rules per region
	offer    []string                    // words of a sentence about the offer (offerIn)
	// address rewrites the reader's informal address to the formal one
	// (professional), per base language.
	address map[string]*address.Rewriter
}

// New returns the rules provider with its word tables compiled.
func New() *Provider {
	p := &Provider{hype: map[string][]*regexp.Regexp{}, cultures: map[string]*cultureRules{}, offer: offerCues(), address: map[string]*address.Rewriter{}}
	for _, lang := range []string{"es", "de", "fr"} {
		if r, ok := address.For(lang); ok {
			p.address[lang] = r
		}
	}
	for region := range regionSpelling {
		p.cultures[region] = newCulture("en", region)
	}
	var expand, contract, contractNot []wordPair
	for _, c := range contractions {
		expand = append(expand, wordPair{from: c[0], to: c[1]})
		switch {
		case !contractable[c[1]]:
		case strings.HasSuffix(c[1], "not"):
			contractNot = append(contractNot, wordPair{from: c[1], to: c[0], beforeWord: true})
		default:
			contract = append(contract, wordPair{from: c[1], to: c[0], beforeWord: true})
		}
	}
	p.expand = newWordTable(expand, false)
	p.contract = []*wordTable{newWordTable(contractNot, false), newWordTable(contract, false)}
	for _, t := range p.contract {
		t.gapAfterWh, t.keepStress = true, true
	}
	p.slang = newWordTable(pairsOf(slang), true)
	p.plain = newWordTable(pairsOf(fork.PlainWords()), true)
	p.plain.noRepeat = true
	p.plain.keepPhrases(fork.PlainKept())
	for lang := range hypeGrammars {
		for _, w := range fork.HypeWords(langtag.MustParse(lang)) {
			p.hype[lang] = append(p.hype[lang], wordPattern(w))
		}
	}
	return p
}

// pairsOf turns a word map into rules in a fixed order.
func pairsOf(m map[string]string) []wordPair {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]wordPair, len(keys))
	for i, k := range keys {
		out[i] = wordPair{from: k, to: m[k]}
	}
	return out
}

// Info names the provider; it does not translate.
func (p *Provider) Info() fork.ProviderInfo {
	return fork.ProviderInfo{Name: "rules", Version: Version, Translates: false, RetriesNamedBlocks: true}
}

// strongLead is the least score of a line that joins the hero's copy
// read out of its place: a weaker one says little there.
const strongLead = 5

// Rewrite drafts the fork. The profile changes substance, chosen from the
// page: the line that carries what the audience looks for leads, a button
// takes a label that names its action for the audience, a busy reader's
// fork is shorter. The layer changes how each sentence reads, never
// breaking one. On a second try (plan.Findings set) the blocks the findings
// name keep the layer's transforms only.
func (p *Provider) Rewrite(ctx context.Context, plan *fork.Plan) (*fork.Draft, error) {
	if plan.Translation {
		return nil, fmt.Errorf("%w: the built-in rules provider cannot translate from %s to %s; configure the LLM provider (any OpenAI-compatible endpoint) for a fork into another language",
			fork.ErrUnsupported, plan.SourceLanguage, plan.TargetLanguage)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if plan.Target.IsZero() {
		// A plan the Forker did not build (decoded from JSON) has no typed
		// target: a fork with no language to write in would change nothing
		// and pass every check, so refuse it.
		return nil, fmt.Errorf("%w: the plan has no target language; build it with Forker.Plan", fork.ErrInvalidInput)
	}
	lang := plan.Target.Base()
	flagged := map[int]bool{}
	for _, c := range plan.Findings {
		for _, id := range c.Blocks {
			flagged[id] = true
		}
	}
	var culture *cultureRules
	if lang == "en" {
		culture = p.cultures[plan.Target.Region()]
	}
	brand := plan.Request.Brand
	gloss := newGlossary(brand.Glossary)
	edits, ranked, notes, lines, leadsAt := p.profileEdits(plan, lang, flagged)
	var lead *line
	promote := -1
	if len(ranked) > 0 {
		lead = &ranked[0]
		promote = plan.Blocks[lead.block].Section
	}
	if n, ok := p.layerReach(plan.Layer.Name, lang, plan.Target.Name()); ok {
		notes = append(notes, n)
	}
	addr, why := p.formalAddress(plan, lang)
	if why != "" {
		notes = append(notes, why)
	}
	// locked rewrites the words the offer lock keeps (a guarantee, fine
	// print) as verification allows: said formally, or in English with
	// the contractions written out. A page whose address stays informal
	// (addr nil) keeps its locked lines' address too.
	locked, lockedHow, formal := plan.LockedRewrite()
	if formal && addr == nil {
		locked = nil
	}
	d := &fork.Draft{Blocks: make([]fork.DraftBlock, 0, len(plan.Blocks)), Sections: keepAbove(plan, promoteSection(plan, plan.PatternOrder(), promote), leadsAt, promote), Notes: notes}
	// On a page whose parts cannot move (Plan.Sections is 0) the line stays
	// where it is whatever its weight, and the marketer is told where it
	// stands: it is the test they can still run by hand.
	sectionOnly := lead != nil && lead.moveOnly && movedUp(d.Sections, promote)
	if lead != nil && (!movedUp(d.Sections, promote) || sectionOnly) {
		// No section carries the line up: it joins the hero's subheadline,
		// next to the first call to action, where it is a whole sentence
		// and the slot has room; where the best line cannot (a card's
		// label, a sentence too long for the slot), the next best that can
		// joins instead: a strong one, or another line of the same block
		// (the sentence under the guarantee's label states the guarantee).
		// Where the best is a line that leads only with its section (a
		// customer's quote, a long sentence) and it moved up, the page's
		// best line that fits the hero may still join it: the two changes
		// tell the same reader two things.
		for _, l := range ranked {
			if sectionOnly && plan.Blocks[l.block].Section == promote || opensMovedGroup(plan, l.block) {
				// Its section moved up right under the hero (for this
				// line, or by the profile's pattern: a bargain hunter's
				// prices, which it opens): joined too, the line would
				// stand twice on one screen ("Refunds usually land back
				// on your card within 5 working days." in the hero's
				// paragraph and again in the refund section under it).
				continue
			}
			least := strongLead
			if l.block == lead.block && l.text != lead.text && lead.score >= strongLead {
				least = minLeadScore
			}
			if id, e, ok := joinLead(plan, withParallel(plan, l, ranked), flagged, least); ok {
				edits[id] = e
				lead = nil
				break
			}
		}
	}
	if lead != nil && lead.role == fork.RoleMetaDescription && !movedUp(d.Sections, promote) {
		// The meta description is not on the page: naming it as the
		// page's best line sent graders to copy no visitor reads.
		d.Notes = append(d.Notes, fmt.Sprintf("the best line the engine found for %s readers (%s) stands in the page's description for search results (%q), which no visitor reads on the page and no hero slot can take as it stands",
			strings.ToLower(plan.Profile.Title), plan.Profile.Substance.Lead, lead.text))
	} else if lead != nil && !movedUp(d.Sections, promote) {
		// Any line the engine found and left says where it stands, a weak
		// one too: without it the fork neither names the page's line nor
		// says there is none (SwellSync's launch offer for an early
		// adopter left a silent A/A fork).
		where := "it fits no hero slot and its section cannot move up, so it stays where it is"
		if nextToTop(plan, promote) {
			where = "its section already stands right under the hero, where a moved section would go, so it stays where it is"
			if kept, verb := keptWithHero(plan); kept != "" {
				// Graders read "right under the hero" beside testimonials
				// under a whole price grid as false: say what is between.
				where = fmt.Sprintf("its section already stands as high as a section can: right under %s, which %s with the hero, so it stays where it is", kept, verb)
			}
		} else if g := sectionGroup(plan, promote); g != nil && refused(plan, g) == refuseLong {
			where = fmt.Sprintf("it fits no hero slot, and its part runs to %d words, too long to put first for a reader short of time, so it stays where it is", groupWords(plan, g))
		} else if _, caps := capsSentence(lead.text, plan); !caps && !sentenceShaped(lead.text) && lead.role != fork.RoleHeadline && lead.role != fork.RoleSubheadline {
			// A label ("PRECIO DE LANZAMIENTO PARA LOS PRIMEROS SOCIOS")
			// is no sentence of the hero, however many of the reader's
			// words it holds.
			where = "it is a label, not a sentence the hero's copy can take, and its section cannot move up, so it stays where it is"
		} else if lead.score < strongLead {
			// joinLead takes only a strong line into the hero's copy: a
			// weaker one "fits no slot" for want of words, not of room.
			where = "it holds too few of the reader's words to stand in the hero's copy out of its place, and its section cannot move up, so it stays where it is"
		}
		d.Notes = append(d.Notes, fmt.Sprintf("the page's best line for %s readers (%s) is %q in block %d: %s",
			strings.ToLower(plan.Profile.Title), plan.Profile.Substance.Lead, lead.text, lead.block, where))
	}
	cutJoined(plan, edits, flagged)
	held, heldAt := plan.Profile.Substance.Lead, -1
	if len(ranked) > 0 {
		held, heldAt = movedName(plan, ranked[0], plan.Profile.Substance), ranked[0].block
	}
	moves := sectionMoves(plan, d.Sections, promote, held, heldAt)
	if heldAt >= 0 && movedUp(d.Sections, promote) && !heroHeld(edits) {
		// Only where the move is what the hypothesis names: a line
		// joined to the hero was put first, wherever its section went.
		_, d.PutUp = underOthers(plan, d.Sections, promote)
		// A line under a later heading of the part that moved ("Safe &
		// Secure", third under "Open Source") is moved up, not put
		// first: graders read "names put first" beside a section that
		// opens on another heading as more than the fork does.
		if h, ok := headingAbove(plan, heldAt); ok {
			if g := sectionGroup(plan, promote); g != nil {
				if first, ok := sectionHeading(plan, g[0]); ok && first != h {
					d.PutUp = true
				}
			}
		}
	}
	d.PutFirst = putFirstName(edits, held, heldAt >= 0 && movedUp(d.Sections, promote))
	for id, e := range edits {
		if e.held != "" && e.held == d.PutFirst && underButton(plan, id) {
			// Joined under the hero's button, the line is moved up, not
			// put first: the hypothesis says so.
			d.PutUp = true
		}
	}
	if h, ok := sectionHeading(plan, promote); ok && strings.HasPrefix(d.PutFirst, "the words ") {
		// A hypothesis of "the words "safety" and "tested" put first"
		// names no change a reader sees: the section that moved does.
		d.PutFirst = fmt.Sprintf("the section %q", h)
	}
	if d.PutFirst == "" {
		d.PutFirst = movedTopic(plan, d.Sections)
	}
	if put, bySection, ok := putLine(edits, ranked, heldAt >= 0 && movedUp(d.Sections, promote)); ok {
		d.Notes = append(d.Notes, twinNote(plan, lines, put, d.Sections, bySection)...)
	}
	flaggedRefs := map[string]bool{}
	changed := map[string]bool{}
	layerEdited := false
	for _, b := range plan.Blocks {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		move := moves[b.ID]
		if b.Verbatim {
			text, why := b.Text, move
			if locked != nil && addressed(b) {
				// A guarantee or fine print keeps its words, but for the
				// form of address or its contractions (see transform).
				if t, n := locked(b.Text); n > 0 {
					text = t
					why = strings.TrimPrefix(why+"; ", "; ") + fmt.Sprintf("layer %s: its words kept, %s (%d)", plan.Layer.Name, lockedHow, n)
				}
			}
			d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text, Rationale: why})
			continue
		}
		e, edited := edits[b.ID]
		transform := func(text string, facts []fork.Fact) (string, []string, []string) {
			var why []string
			source, kept, factLines := protect(text, facts, brand.Keep)
			if lang == "en" {
				var changes []fork.Change
				var more []string
				source, changes, more = applyUnits(source, facts, plan.Target)
				why = append(why, more...)
				source, more = applyDates(source, facts, plan.Target)
				why = append(why, more...)
				source, more = applyNumberFormat(source, plan.Target)
				why = append(why, more...)
				for _, c := range changes {
					if !changed[c.From] {
						changed[c.From] = true
						d.Changes = append(d.Changes, c)
					}
				}
			}
			out, more := p.applyLayer(plan.Layer.Name, lang, b, source, addr)
			layerEdited = layerEdited || out != source
			why = append(why, more...)
			var refs []string
			if culture != nil {
				var spelled []string
				if out, spelled, refs = culture.apply(out); len(spelled) > 0 {
					why = append(why, culture.rationale(spelled))
				}
			}
			rewrote := false // a kept line said formally or written out
			if locked != nil && addressed(b) {
				// The guarantee's words are kept, but for the form of
				// address or its contractions, which verification reads
				// as the same rewrite (fork.Plan's formal lines): a
				// guarantee said to "tú" under a hero said to "usted"
				// reads as two voices one screen apart.
				for i := range kept[:factLines] {
					if t, n := locked(kept[i]); n > 0 {
						kept[i] = t
						rewrote = true
						why = append(why, fmt.Sprintf("layer %s: the guarantee or legal line's words kept, %s", plan.Layer.Name, lockedHow))
					}
				}
			}
			if len(kept) > 0 && out != text && !rewrote {
				why = append(why, "guarantee and legal lines inside the block kept verbatim")
			}
			out, n := gloss.apply(out)
			if n > 0 {
				why = append(why, fmt.Sprintf("the glossary's renderings used (%d)", n))
			}
			return restore(out, kept), why, refs
		}
		text, why, refs := b.Text, []string(nil), []string(nil)
		if edited {
			text, why, refs = transformLines(e.text, append(append([]fork.Fact(nil), b.Facts...), e.facts...), transform)
			why = append([]string{e.why}, why...)
			if n := utf8.RuneCountInString(markup.Strip(text)); n > b.Budget.MaxChars || n < b.Budget.MinChars {
				edited = false // the layer made it too long: the source it is
			}
		}
		if !edited {
			text, why, refs = transform(b.Text, b.Facts)
			if r, w, ok := inPlace(b, text, transform); ok {
				text, why = r, w
			}
		}
		if w, ok := addsAvoided(b.Text, text, brand.Avoid); ok {
			// An edit that brings in a word the brand never uses is not
			// made: the block reads as written, with the glossary's
			// renderings (unless one of them is the avoided word).
			source, kept, _ := protect(b.Text, b.Facts, brand.Keep)
			glossed, _ := gloss.apply(source)
			text = restore(glossed, kept)
			if _, still := addsAvoided(b.Text, text, brand.Avoid); still {
				text = b.Text
			}
			why = []string{fmt.Sprintf("the layer's edits not made: they would have added %q, a word the brand avoids", w)}
		}
		for _, r := range refs {
			if !flaggedRefs[r] {
				flaggedRefs[r] = true
				d.Notes = append(d.Notes, fmt.Sprintf("block %d mentions %q, which may not mean the same in %s: check it before the fork goes live", b.ID, r, plan.TargetLanguage))
			}
		}
		if move != "" {
			why = append([]string{move}, why...)
		}
		rationale := ""
		if text != b.Text || move != "" {
			rationale = strings.Join(why, "; ")
		}
		d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text, Rationale: rationale})
	}
	d.LayerAsIs = !layerEdited
	return d, nil
}

// transformLines is transform on each line of text that a line break
// (markup.LineBreak) parts, the breaks kept: the layer's edits read whole
// sentences, never the break. Reasons two lines share are given once.
func transformLines(text string, facts []fork.Fact, transform func(string, []fork.Fact) (string, []string, []string)) (string, []string, []string) {
	lines := strings.Split(text, markup.LineBreak)
	if len(lines) == 1 {
		return transform(text, facts)
	}
	var why, refs []string
	for i, l := range lines {
		core := strings.TrimSpace(l)
		out, w, r := transform(core, facts)
		lines[i] = strings.Replace(l, core, out, 1)
		for _, x := range w {
			if !slices.Contains(why, x) {
				why = append(why, x)
			}
		}
		refs = append(refs, r...)
	}
	return strings.Join(lines, markup.LineBreak), why, refs
}

// inPlace edits a block with inline elements (a link, bold words) run by
// run: the layer's and the culture's word edits are applied to each run of
// text between its elements, and the block keeps every element where it
// stood. It is for a block whose whole rewrite (text) cannot take its
// elements back with certainty, which would otherwise keep its source and
// fail the layer's checks ("Set!" inside a bold run stays). It reports
// false where the whole rewrite can take them back, where the block has
// none, or where a guarantee or legal line spans two runs (it must stay
// verbatim, and a run-by-run edit cannot protect it).
func inPlace(b fork.Brief, text string, transform func(string, []fork.Fact) (string, []string, []string)) (string, []string, bool) {
	if b.Markup == "" || text == b.Text {
		return "", nil, false
	}
	if _, ok := markup.Reapply(b.Markup, text); ok {
		return "", nil, false
	}
	toks := markup.Tokens(b.Markup)
	for _, f := range b.Facts {
		if (f.Kind == "guarantee" || f.Kind == "legal") && !inOneRun(toks, f.Text) {
			return "", nil, false
		}
	}
	counts := map[string]int{}
	var order []string
	changed := false
	for i, t := range toks {
		if t.Kind != markup.Text || strings.TrimSpace(t.Text) == "" {
			continue
		}
		out, why := editRun(t.Text, b.Facts, transform)
		if out == t.Text {
			continue
		}
		toks[i].Text, changed = out, true
		for _, w := range why {
			what, n := whyCount(w)
			if _, seen := counts[what]; !seen {
				order = append(order, what)
			}
			counts[what] += n
		}
	}
	if !changed {
		return "", nil, false
	}
	out := markup.String(toks)
	if markup.Validate(b.Markup, out) != nil {
		return "", nil, false
	}
	why := make([]string, 0, len(order)+1)
	for _, what := range order {
		if counts[what] > 0 {
			what = fmt.Sprintf("%s (%d)", what, counts[what])
		}
		why = append(why, what)
	}
	return out, append(why, "edited word by word around the block's links and emphasis, which stay on their words"), true
}

// editRun edits one run of a block's text with transform, keeping the
// spaces at its edges (they part it from the elements around it:
// "Includes: <b>Two day…" must not become "Includes:<b>Two") and the case
// of its first letter (a run may start mid-sentence).
func editRun(run string, facts []fork.Fact, transform func(string, []fork.Fact) (string, []string, []string)) (string, []string) {
	core := strings.TrimSpace(run)
	start := strings.Index(run, core)
	lead, trail := run[:start], run[start+len(core):]
	out, why, _ := transform(core, facts)
	if out == core {
		return run, nil
	}
	if first, r := firstRuneOf(core), firstRuneOf(out); unicode.IsLower(first) && unicode.IsUpper(r) {
		out = string(unicode.ToLower(r)) + out[utf8.RuneLen(r):]
	}
	return lead + out + trail, why
}

// inOneRun reports whether line stands whole inside one run of text.
func inOneRun(toks []markup.Token, line string) bool {
	line = strings.TrimSpace(line)
	for _, t := range toks {
		if t.Kind == markup.Text && strings.Contains(t.Text, line) {
			return true
		}
	}
	return line == ""
}

// whyCount splits a rationale part "layer professional: exclamation marks
// removed (2)" into its words and its count (0 when it has none).
func whyCount(w string) (string, int) {
	i := strings.LastIndex(w, " (")
	if i < 0 || !strings.HasSuffix(w, ")") {
		return w, 0
	}
	n, err := strconv.Atoi(w[i+2 : len(w)-1])
	if err != nil {
		return w, 0
	}
	return w[:i], n
}

// protect swaps a block's guarantee and legal lines, and the terms the
// brand keeps, for placeholders that no transform touches (private-use
// runes: not letters, not capitals), so they stay verbatim while the rest
// of the block is rewritten.
func protect(text string, facts []fork.Fact, keep []string) (string, []string, int) {
	var kept []string
	lines := make([]string, 0, len(facts)+len(keep))
	for _, f := range facts {
		if f.Kind == "guarantee" || f.Kind == "legal" {
			lines = append(lines, strings.TrimSpace(f.Text))
		}
	}
	factLines := len(lines)
	nFacts := 0 // the kept lines that are the facts' (they come first)
	lines = append(lines, keep...)
	for i, line := range lines {
		if line == "" || !strings.Contains(text, line) {
			continue
		}
		text = strings.ReplaceAll(text, line, string(rune(placeholderBase+len(kept))))
		kept = append(kept, line)
		if i < factLines {
			nFacts++
		}
	}
	return text, kept, nFacts
}

// glossary writes each glossary term as the glossary renders it, whole
// words only and without regard to case; a term written with a capital
// gives its rendering one. Its patterns are compiled once per fork.
type glossary []glossaryTerm

type glossaryTerm struct {
	re   *regexp.Regexp
	want string
}

func newGlossary(m map[string]string) glossary {
	terms := make([]string, 0, len(m))
	for t, want := range m {
		if t != "" && !strings.EqualFold(t, want) {
			terms = append(terms, t)
		}
	}
	// Longer terms first, so "free trial" wins over "free".
	sort.Slice(terms, func(i, j int) bool {
		if len(terms[i]) != len(terms[j]) {
			return len(terms[i]) > len(terms[j])
		}
		return terms[i] < terms[j]
	})
	g := make(glossary, len(terms))
	for i, t := range terms {
		g[i] = glossaryTerm{re: regexp.MustCompile(`(?i)(^|[^\pL\pN_])(` + regexp.QuoteMeta(t) + `)([^\pL\pN_]|$)`), want: m[t]}
	}
	return g
}

// apply renders text's glossary terms and returns the count.
func (g glossary) apply(text string) (string, int) {
	n := 0
	for _, t := range g {
		text = t.re.ReplaceAllStringFunc(text, func(m string) string {
			sub := t.re.FindStringSubmatch(m)
			r := t.want
			if unicode.IsUpper(firstRuneOf(sub[2])) {
				r = capitalize(r)
			}
			n++
			return sub[1] + r + sub[3]
		})
	}
	return text, n
}

// addsAvoided reports the first word of avoid that out holds more often
// than the source block did.
func addsAvoided(source, out string, avoid []string) (string, bool) {
	if out == source {
		return "", false
	}
	lowerSrc, lowerOut := strings.ToLower(source), strings.ToLower(out)
	for _, w := range avoid {
		lw := strings.ToLower(w)
		if lw != "" && wholeWords(lowerOut, lw) > wholeWords(lowerSrc, lw) {
			return w, true
		}
	}
	return "", false
}

// wholeWords counts phrase in lower where it stands as whole words.
func wholeWords(lower, phrase string) int {
	n := 0
	for from := 0; from < len(lower); {
		i := strings.Index(lower[from:], phrase)
		if i < 0 {
			break
		}
		at, end := from+i, from+i+len(phrase)
		if (at == 0 || !isWordRune(lastRune(lower[:at]))) && (end == len(lower) || !isWordRune(firstRuneOf(lower[end:]))) {
			n++
		}
		from = at + 1
	}
	return n
}

// placeholderBase is the first private-use rune protect uses.
const placeholderBase = 0xE100

func restore(text string, kept []string) string {
	for i, line := range kept {
		text = strings.ReplaceAll(text, string(rune(placeholderBase+i)), line)
	}
	return text
}

// firstWord is s's first word without its punctuation; it reads no
// further than that word, since it runs at every split place of a long
// sentence.
func firstWord(s string) string {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		s = s[:i]
	}
	return strings.Trim(s, ":,.?!")
}

// proseRoles are split into shorter sentences; titles, prices and buttons
// are not sentences.
var proseRoles = map[fork.Role]bool{
	fork.RoleHeadline: true, fork.RoleSubheadline: true, fork.RoleBody: true, fork.RoleBullet: true,
	fork.RoleFAQQuestion: true, fork.RoleFAQAnswer: true,
}

// reportWords is the sentence length past which a sentence kept whole is
// worth a word in the rationale: the plain layer's longest sentence.
const reportWords = 25

// overLimit counts the sentences over reportWords words.
func overLimit(sentences []string) int {
	n := 0
	for _, s := range sentences {
		if wordCount(s) > reportWords {
			n++
		}
	}
	return n
}

// applyKeepingApostrophes applies a contraction table, which is written
// with straight apostrophes, to text that may use curly ones: it matches on
// straight ones and, when the page writes only curly ones, writes the
// result with curly ones too. Text no rule changed is returned as it was.
func applyKeepingApostrophes(text string, apply func(string) (string, int)) (string, int) {
	out, n := apply(normaliseApostrophes(text))
	if n == 0 {
		return text, 0
	}
	if strings.Contains(text, "’") && !strings.Contains(text, "'") {
		out = strings.ReplaceAll(out, "'", "’")
	}
	return out, n
}

// labelRoles are UI and title text: a word swap would rename a button, a
// feature or a chapter.
var labelRoles = map[fork.Role]bool{fork.RoleCTA: true, fork.RoleTitle: true}

// isLabel reports a block whose words are a name or a label: a button, the
// page title, or a heading in Title Case ("Frequently Asked Questions").
func isLabel(b fork.Brief) bool {
	if labelRoles[b.Role] || uiText(b) {
		return true
	}
	if b.Role != fork.RoleHeadline && b.Role != fork.RoleSubheadline && b.Role != fork.RoleFAQQuestion {
		return false
	}
	return titleCase(b.Text)
}

// oneLineHeadline reports a headline of one sentence, or a heading under
// it of a few words: its "!" goes without a full stop in its place
// ("¡Planifica tu semana!" reads "Planifica tu semana", as headlines are
// written; "LIFETIME Membership." read to a grader as a typo), where one
// of two sentences ("Stop guessing! Start planning!") needs its stops,
// and so does a subheadline that is a paragraph's sentence.
func oneLineHeadline(b fork.Brief) bool {
	switch b.Role {
	case fork.RoleHeadline:
	case fork.RoleSubheadline:
		// Only a heading element: a paragraph under the headline
		// ("Tidewell sorts your tasks before you wake up!") is a
		// sentence, and ends with a stop.
		if fork.HeadingRank(b.Tag) == 0 || len(strings.Fields(b.Text)) > maxHeadingWords {
			return false
		}
	default:
		return false
	}
	body := strings.TrimRight(b.Text, "!¡?. ")
	return !strings.ContainsAny(body, ".!?")
}

// maxHeadingWords is the most words a subheadline has where it is a
// heading ("Get Your Membership To EWL College Today!") rather than a
// sentence of the hero's paragraph.
const maxHeadingWords = 8

// putFirstName is what the draft puts first, for the hypothesis: the line
// a hero edit took in (the first by block ID), else what the section moved
// up holds, else nothing ("", the profile's material by default).
func putFirstName(edits map[int]edit, held string, moved bool) string {
	first := -1
	for id, e := range edits {
		if e.held != "" && (first < 0 || id < first) {
			first = id
		}
	}
	if first >= 0 {
		return edits[first].held
	}
	if moved {
		return held
	}
	return ""
}

// heroHeld reports whether an edit put something first in the hero (its
// held names it).
func heroHeld(edits map[int]edit) bool {
	for _, e := range edits {
		if e.held != "" {
			return true
		}
	}
	return false
}

// putLine is the page's line the draft put first: the one an edit placed
// in the hero (the lowest block's, should there be two), or else the
// best of ranked where its section moved up (bySection); false when it
// put none.
func putLine(edits map[int]edit, ranked []line, moved bool) (l line, bySection, ok bool) {
	best := -1
	for id, e := range edits {
		if e.from != nil && (best < 0 || id < best) {
			best = id
		}
	}
	if best >= 0 {
		return *edits[best].from, false, true
	}
	if moved && len(ranked) > 0 {
		return ranked[0], true, true
	}
	return line{}, false, false
}

// uiText reports a block that is a link's or a button's whole text, a
// call to action the page did not mark as one ("Essaie gratuitement !"):
// like a button's label it is the page's UI, and the layers leave it as it
// stands ("Essaie gratuitement." read as a sentence on a link).
func uiText(b fork.Brief) bool {
	return b.Tag == "a" || b.Tag == "button"
}

// titleCase reports text of two or more words longer than three letters,
// all capitalised: a title, not a sentence. Quoted words are someone's
// label ('What's "Unlimited Team Members"?' is a sentence) and not counted.
func titleCase(text string) bool {
	words, caps := 0, 0
	q := quotedSpans(text)
	var b strings.Builder
	for i, r := range text {
		if !q.covers(i) {
			b.WriteRune(r)
		}
	}
	for _, w := range strings.Fields(b.String()) {
		if utf8.RuneCountInString(w) <= 3 {
			continue // "of", "and", "the" stay lower case in a title
		}
		words++
		if unicode.IsUpper(firstRuneOf(w)) {
			caps++
		}
	}
	return words >= 2 && caps == words
}

// expansionWords are the words writing out a contraction adds; in a title
// they take a capital like their neighbours.
var expansionWords = wordSet("not is are am will would have has us")

// capitaliseExpansions gives the words a written-out contraction added a
// capital, for a title: "Ones You Do not" becomes "Ones You Do Not".
func capitaliseExpansions(text string) string {
	words := strings.Split(text, " ")
	for i, w := range words {
		if expansionWords[strings.Trim(w, ".,!?")] {
			words[i] = capitalize(w)
		}
	}
	return strings.Join(words, " ")
}

// applyLayer applies a layer's transforms to text, standing in block b, and
// says which it applied.
func (p *Provider) applyLayer(layer, lang string, b fork.Brief, text string, addr *address.Rewriter) (string, []string) {
	var why []string
	note := func(n int, what string) {
		if n > 0 {
			why = append(why, fmt.Sprintf("layer %s: %s (%d)", layer, what, n))
		}
	}
	label := isLabel(b)
	split := func(maxWords, commaMax, hardMax int) {
		if !proseRoles[b.Role] || label {
			return
		}
		var n int
		var kept []string
		text, n, kept = splitSentencesOver(text, lang, maxWords, commaMax, hardMax)
		note(n, "long sentences split where both parts are whole sentences")
		if long := overLimit(kept); long > 0 {
			why = append(why, fmt.Sprintf("layer %s: %d sentence(s) over %d words kept whole: no place to split them leaves two complete sentences", layer, long, reportWords))
		}
	}
	var n int
	switch layer {
	case "everyday":
		if lang == "en" && !label {
			text, n = applyKeepingApostrophes(text, func(t string) (string, int) {
				total := 0
				for _, table := range p.contract {
					var k int
					t, k = table.apply(t)
					total += k
				}
				return t, total
			})
			note(n, "contractions for a conversational tone")
		}
		split(18, 0, 0)
	case "professional":
		if lang == "en" && !labelRoles[b.Role] && !fork.HeadsCopy(b.Role, b.Text) && b.Role != fork.RoleTitle {
			// A button's label is the page's UI: "See what's new" stays,
			// where "See what is new" reads as no button does. A heading
			// keeps its contractions too: "What's Included" and "You're in
			// good company" are how professional pages head a section,
			// and "What Is Included" reads stiff.
			text, n = applyKeepingApostrophes(text, func(t string) (string, int) {
				return outsideInverted(t, b.Role != fork.RoleFAQQuestion, func(t string) (string, int) {
					t, h := expandHad(t)
					t, a := p.expand.apply(t)
					t, b := expandRest(t)
					return t, h + a + b
				})
			})
			if n > 0 && label && titleCase(b.Text) {
				text = capitaliseExpansions(text)
			}
			note(n, "contractions written out")
		}
		if lang == "en" && !label {
			text, n = p.slang.apply(text)
			note(n, "slang replaced")
		}
		if addr != nil && addressed(b) {
			text, n = addr.Rewrite(text, b.Role == fork.RoleBullet)
			note(n, "the reader addressed as "+addr.Formal())
		}
		if b.Role != fork.RoleCTA && !uiText(b) {
			// A button's label changes through the label table only
			// (relabel): "Buy Your Tickets Now!" is the page's UI, and a
			// flattened button is no register.
			text, n = removeExclamations(text, labelRoles[b.Role] || oneLineHeadline(b))
			note(n, "exclamation marks removed")
			text, n = dropHype(text, p.hype[lang], lang)
			note(n, "hype words removed")
			text, n = removeEmoticons(text)
			note(n, "emoticons removed")
		}
	case "technical":
		if b.Role != fork.RoleCTA && !uiText(b) {
			text, n = dropHype(text, p.hype[lang], lang)
			note(n, "hype adjectives removed")
			text, n = removeExclamations(text, labelRoles[b.Role] || oneLineHeadline(b))
			note(n, "exclamation marks removed")
			text, n = removeEmoticons(text)
			note(n, "emoticons removed")
		}
	case "plain":
		if lang == "en" && !label {
			text, n = p.plain.apply(text)
			note(n, "common words instead of formal ones")
		}
		split(10, 10, hardMaxWords)
	}
	return text, why
}

// layerReach says, for a page in a language other than English, how little
// of the layer the engine writes there: its contractions, common words and
// slang are English word lists, and a marketer who reads "the plain layer
// found nothing to change" on an Italian page must know it had nothing to
// change with. It reports false for English, where the layer is whole.
func (p *Provider) layerReach(layer, lang, name string) (string, bool) {
	if lang == "en" {
		return "", false
	}
	hype := len(p.hype[lang]) > 0
	// Splitting needs the language's conjunctions and verbs: a note that
	// a Polish fork "splits long sentences" claimed what it never does.
	splits := "it splits long sentences where both parts are whole sentences"
	if len(conjunctions[lang]) == 0 {
		splits = "it splits no sentences"
	}
	var does string
	switch layer {
	case "everyday":
		does = splits + " and writes no contractions"
	case "professional":
		does = "it drops exclamation marks"
		if r := p.address[lang]; r != nil {
			// By rule, word by word: a verb its tables lack can stay
			// informal beside one made formal, so the marketer reads the
			// changed sentences (each block's rationale names them).
			does = fmt.Sprintf("it addresses the reader as %q by rule, word by word (read the rewritten sentences before the fork goes live: a verb its tables lack can stay informal beside one made formal), and drops exclamation marks", r.Formal())
		}
		if hype {
			does += " and hype words"
		}
		does += ", but writes out no contractions and replaces no slang"
	case "technical":
		does = "it drops exclamation marks"
		if hype {
			does += " and hype adjectives"
		}
	case "plain":
		does = splits + ", but swaps no formal words for common ones"
		if len(conjunctions[lang]) == 0 {
			does = "it neither splits sentences nor swaps formal words for common ones"
		}
	default:
		return "", false
	}
	return fmt.Sprintf("the built-in engine writes the %s layer fully in English only: in %s %s; an LLM provider (any OpenAI-compatible endpoint) rewrites the wording itself", layer, name, does), true
}
