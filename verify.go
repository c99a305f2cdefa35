package fork

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/address"
	"github.com/marketingfork/fork/internal/extract"
	"github.com/marketingfork/fork/internal/fold"
	"github.com/marketingfork/fork/internal/langdetect"
	"github.com/marketingfork/fork/internal/langtag"
	"github.com/marketingfork/fork/internal/ledger"
	"github.com/marketingfork/fork/internal/markup"
	"github.com/marketingfork/fork/internal/readability"
)

// Outcome is what became of one verification check.
type Outcome string

// The outcomes of a check. A check that cannot measure what it is for (a
// readability formula for a language it has no calibration for, a language
// detector on three words) is skipped with its reason; a skipped check is
// never counted as passed.
const (
	CheckPassed  Outcome = "passed"
	CheckFailed  Outcome = "failed"
	CheckSkipped Outcome = "skipped"
)

// OutcomeOf turns a measured yes/no into CheckPassed or CheckFailed, for
// rules that always measure.
func OutcomeOf(ok bool) Outcome {
	if ok {
		return CheckPassed
	}
	return CheckFailed
}

// Check is one verification check. A report is a list of them, so a caller
// can show, count or gate on each.
type Check struct {
	// Name identifies the check ("ledger", "no_invented_facts",
	// "layer:max_avg_sentence").
	Name string `json:"name"`
	// Status is passed, failed or skipped.
	Status Outcome `json:"status"`
	// Passed is true only when the check ran and passed: a skipped check is
	// not passed.
	Passed bool `json:"passed"`
	// Details gives the figures or the items that failed; for a skipped
	// check, why it could not run.
	Details string `json:"details"`
	// Blocks are the IDs of the blocks the check failed on.
	Blocks []int `json:"blocks,omitempty"`
}

// newCheck builds a check with its status and the matching Passed.
func newCheck(name string, status Outcome, details string, blocks []int) Check {
	return Check{Name: name, Status: status, Passed: status == CheckPassed, Details: details, Blocks: blocks}
}

// Skipped reports whether the check did not run.
func (c Check) Skipped() bool { return c.Status == CheckSkipped }

// Failed reports whether the check ran and failed.
func (c Check) Failed() bool { return c.Status == CheckFailed }

// Fact statuses in a verified ledger.
const (
	StatusKept       = "kept"       // the fork holds the fact as the source has it
	StatusChanged    = "changed"    // a named culture rule changed it on purpose
	StatusTranslated = "translated" // a verbatim line was translated: the one exception
	StatusMissing    = "missing"    // the fork lost it
	StatusDropped    = "dropped"    // a claim the fork left out whole, as it may
)

// LedgerEntry is a source fact with what became of it in the fork.
type LedgerEntry struct {
	Fact
	// Status is kept, changed, translated or missing.
	Status string `json:"status"`
	// Rule names the culture rule behind a change.
	Rule string `json:"rule,omitempty"`
	// To is the fact's normalised value in the fork, when changed.
	To string `json:"to,omitempty"`
}

// Report is the outcome of verifying a fork against its source.
type Report struct {
	// Passed is true when every check that ran passed and at least one ran.
	Passed bool `json:"passed"`
	// ChecksRun is how many checks ran (passed or failed).
	ChecksRun int `json:"checks_run"`
	// ChecksSkipped names the checks that could not run; each says why in
	// its Details.
	ChecksSkipped []string `json:"checks_skipped"`
	// Checks are the checks in a fixed order.
	Checks []Check `json:"checks"`
	// Ledger is the source's offer with each fact's status.
	Ledger []LedgerEntry `json:"ledger"`
	// Invented are facts the fork states that the source does not hold.
	Invented []Fact `json:"invented"`
	// Page is the source page with the draft's text written in, for a
	// draft that passed: the page to ship. Absent when a check failed.
	Page *RenderedPage `json:"page,omitempty"`
}

// RenderedPage is a fork as a page: the source's HTML with the fork's
// text, and the fork's copy as Markdown.
type RenderedPage struct {
	// HTML is the source page with only its copy changed.
	HTML string `json:"html"`
	// Markdown is the fork's copy as Markdown.
	Markdown string `json:"markdown"`
}

// Target is what a fork was written for.
type Target struct {
	// Profile is the target audience; default "enthusiast".
	Profile string `json:"profile,omitempty"`
	// LanguageLayer is the target layer; default "everyday".
	LanguageLayer string `json:"language_layer,omitempty"`
	// Language is the fork's BCP 47 language; default: the page's own.
	Language string `json:"target_language,omitempty"`
	// Brand is what the marketer's own words require of the fork; its
	// keep, glossary and avoid are checked.
	Brand
}

// VerifyRequest asks to check a fork written elsewhere (by an agent or a
// person) against its source page and target.
type VerifyRequest struct {
	// Source is the original page.
	Source Source `json:"source"`
	// Fork is the new text by block ID. Ignored when ForkHTML is set.
	Fork Draft `json:"fork"`
	// ForkHTML is the forked page as HTML; its blocks are matched to the
	// source's by their element paths, or by order where the markup moved.
	ForkHTML string `json:"fork_html,omitempty"`
	// Target is what the fork was written for.
	Target Target `json:"target"`
}

// Verify checks a fork against its source: the offer ledger, invented
// facts, block coverage and CTA targets, verbatim lines, length budgets,
// the layer's rules and the language.
func (f *Forker) Verify(ctx context.Context, vr VerifyRequest) (*Report, error) {
	plan, ex, draft, err := f.draft(ctx, vr)
	if err != nil {
		return nil, err
	}
	rep, err := verifyWith(ctx, plan, draft, ex.memo)
	if err != nil {
		return nil, err
	}
	if rep.Passed {
		page, err := renderDraft(plan, ex, draft)
		if err != nil {
			return nil, err
		}
		rep.Page = &page
	}
	return &rep, nil
}

// DraftProvider is the provider name a Result made by Adopt carries: the
// draft was written outside the service, by an agent following the skill
// or a person.
const DraftProvider = "draft"

// Adopt verifies a fork written elsewhere and, when every check passes,
// returns it as a Result: the shape Fork returns, with the rendered page
// and the experiment's metric, so an agent's fork can be exported to an
// A/B testing tool or kept like the service's own. A draft that fails a
// check is refused with ErrInvalidInput naming the failed checks: a fork
// that fails one is not a variant to run.
func (f *Forker) Adopt(ctx context.Context, vr VerifyRequest) (*Result, error) {
	plan, ex, draft, err := f.draft(ctx, vr)
	if err != nil {
		return nil, err
	}
	rep, err := verifyWith(ctx, plan, draft, ex.memo)
	if err != nil {
		return nil, err
	}
	if !rep.Passed {
		var names []string
		for _, c := range failed(rep.Checks) {
			names = append(names, c.Name)
		}
		return nil, fmt.Errorf("%w: the fork fails %d checks (%s): verify it and fix them before it runs as a variant", ErrInvalidInput, len(names), strings.Join(names, ", "))
	}
	return f.result(plan, ex, draft, rep, ProviderInfo{Name: DraftProvider, Version: "1"}, 1, ex.memo)
}

// draft plans the source for a verify request's target and reads its
// fork, given as blocks or as the forked page.
func (f *Forker) draft(ctx context.Context, vr VerifyRequest) (*Plan, *Extraction, *Draft, error) {
	t := vr.Target
	req := Request{Profile: t.Profile, LanguageLayer: t.LanguageLayer, SourceLanguage: vr.Source.Language, TargetLanguage: t.Language, URL: vr.Source.URL, HTML: vr.Source.HTML, Brand: t.Brand}
	if req.TargetLanguage == "" {
		// No target language means the page's own: make it equal the hint.
		req.TargetLanguage = orDefault(req.SourceLanguage, DefaultLanguage)
	}
	plan, ex, err := f.plan(ctx, req)
	if err != nil {
		return nil, nil, nil, err
	}
	draft := vr.Fork
	if strings.TrimSpace(vr.ForkHTML) != "" {
		d, err := draftFromHTML(ex, vr.ForkHTML)
		if err != nil {
			return nil, nil, nil, err
		}
		draft = *d
	}
	if len(draft.Blocks) == 0 {
		return nil, nil, nil, fmt.Errorf("%w: the fork has no blocks", ErrInvalidInput)
	}
	return plan, ex, &draft, nil
}

// draftOrder is the draft's section order where it is a valid one, nil
// (the page's order) otherwise: an invalid order is the section_order
// check's finding, never applied.
func draftOrder(p *Plan, d *Draft) []int {
	if c := checkOrder(p, d); !c.Passed {
		return nil
	}
	return d.Sections
}

// given reports whether a draft block holds text: an empty one keeps the
// source's (and the coverage check reports it lost).
func given(b DraftBlock) bool { return strings.TrimSpace(b.Text) != "" }

// renderDraft writes a draft's text into the source page, in the draft's
// section order where that order is valid (the page's otherwise).
func renderDraft(p *Plan, ex *Extraction, d *Draft) (RenderedPage, error) {
	texts := map[int]string{}
	known := map[int]bool{}
	for _, b := range p.Blocks {
		known[b.ID] = true
	}
	for _, b := range d.Blocks {
		if known[b.ID] && given(b) {
			texts[b.ID] = foldSpace(b.Text)
		}
	}
	order := draftOrder(p, d)
	// A Builder hands over what it holds: a Buffer's String copies the
	// page again.
	var page strings.Builder
	if err := ex.doc.RenderOrdered(&page, texts, order); err != nil {
		return RenderedPage{}, fmt.Errorf("render the forked page: %w", err)
	}
	return RenderedPage{HTML: page.String(), Markdown: ex.doc.MarkdownOrdered(texts, order)}, nil
}

// draftFromHTML reads a forked page and matches its blocks to the source's.
// A pair scores by the share of words the two share, plus a bonus where
// the element path is the same; pairs are taken best first. So a block
// rewritten in place matches by its path, and a block whose whole section
// moved matches by its words.
func draftFromHTML(ex *Extraction, page string) (*Draft, error) {
	doc, err := extract.Parse(strings.NewReader(page))
	if err != nil {
		return nil, fmt.Errorf("%w: the fork is not HTML: %v", ErrInvalidInput, err)
	}
	type pair struct {
		src, fork int
		score     float64
	}
	var pairs []pair
	for i, f := range doc.Blocks {
		for _, s := range ex.Blocks {
			// A rewrite may change how the extractor reads a block (a
			// reframed button no longer starts with a verb), so a block
			// at the same element pairs whatever its role now.
			if s.Role != f.Role && s.Path != f.Path {
				continue
			}
			sc := overlap(s.Text, f.Text)
			if s.Path == f.Path {
				sc += 0.3
			}
			if s.Href != "" && s.Href == f.Href {
				sc += 0.5 // "Shop now" ×7 tell apart by where they lead
			}
			if sc >= 0.3 {
				pairs = append(pairs, pair{s.ID, i, sc})
			}
		}
	}
	sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].score > pairs[j].score })
	var d Draft
	srcTaken, forkTaken := map[int]bool{}, map[int]bool{}
	for _, p := range pairs {
		if srcTaken[p.src] || forkTaken[p.fork] {
			continue
		}
		srcTaken[p.src], forkTaken[p.fork] = true, true
		f := doc.Blocks[p.fork]
		text := f.Text
		if m := ex.Blocks[p.src].Markup; m != "" && text != ex.Blocks[p.src].Text {
			// The fork's elements are numbered in its own order:
			// read its words back onto the source's placeholders.
			if r, ok := markup.Reapply(m, text); ok {
				text = r
			}
		}
		d.Blocks = append(d.Blocks, DraftBlock{ID: p.src, Text: text, Href: f.Href})
	}
	sort.Slice(d.Blocks, func(i, j int) bool { return d.Blocks[i].ID < d.Blocks[j].ID })
	return &d, nil
}

// overlap is the share of a's words that b has too: a rewrite keeps much
// of a block's words, another block shares few.
func overlap(a, b string) float64 {
	words := strings.Fields(strings.ToLower(a))
	if len(words) == 0 {
		return 0
	}
	have := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(b)) {
		have[w] = true
	}
	n := 0
	for _, w := range words {
		if have[w] {
			n++
		}
	}
	return float64(n) / float64(len(words))
}

// numericKinds are the facts compared by normalised value.
var numericKinds = map[ledger.Kind]bool{
	ledger.KindPrice: true, ledger.KindPercentage: true, ledger.KindQuantity: true, ledger.KindNumber: true,
	ledger.KindDate: true, ledger.KindEmail: true, ledger.KindPhone: true, ledger.KindCode: true,
}

// verifyDraft runs every check of a draft against its plan.
func verifyDraft(ctx context.Context, p *Plan, d *Draft) (Report, error) {
	return verifyWith(ctx, p, d, &forkMemo{})
}

// verifyWith is verifyDraft reading and filling the fork's memo, for a
// fork whose drafts are verified more than once.
func verifyWith(ctx context.Context, p *Plan, d *Draft, m *forkMemo) (Report, error) {
	byID := map[int]DraftBlock{}
	var unknown []int
	known := map[int]bool{}
	for _, b := range p.Blocks {
		known[b.ID] = true
	}
	for _, b := range d.Blocks {
		if !known[b.ID] {
			unknown = append(unknown, b.ID)
			continue
		}
		byID[b.ID] = b
	}
	// The fork as blocks: the source's structure with the draft's words.
	forked := make([]Block, 0, len(p.Blocks))
	for _, b := range p.Blocks {
		fb := b.Block
		if db, ok := byID[b.ID]; ok {
			fb.Text = plainText(db.Text)
			if db.Href != "" {
				fb.Href = db.Href
			}
		} else {
			fb.Text = ""
		}
		forked = append(forked, fb)
	}
	src := make([]Block, len(p.Blocks))
	// same[i] says block i reads as its source: the checks that judge
	// rewritten words (names, actions, languages) skip it.
	same := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		src[i] = b.Block
		same[i] = foldsTo(b.Text, forked[i].Text)
	}

	var checks []Check
	forkFacts, err := p.forkFacts(ctx, forked, &m.ledger)
	if err != nil {
		return Report{}, err
	}
	allowed := allowedChanges(p)
	inBlock := factsByBlock(forkFacts)
	formal := formalFor(p)
	entries, ledgerCheck := checkLedger(p, forked, forkFacts, inBlock, allowed, formal)
	checks = append(checks, ledgerCheck)
	invented, inventedCheck := checkInvented(p, src, forked, same, forkFacts, allowed, m)
	checks = append(checks, inventedCheck, checkDeclaredChanges(p, d, allowed), checkPlacement(p, forked, inBlock, allowed), checkConditions(p, forked, forkFacts, inBlock, allowed))
	checks = append(checks, checkCoverage(p, byID, unknown), checkCTATargets(p, forked), checkCTAAction(p, forked, same), checkVerbatim(p, forked, same, formal), checkBudgets(p, forked, formal), checkOrder(p, d), checkMarkup(p, byID))
	prose, running := layerText(p, forked)
	sample := NewSample(prose, p.Target)
	sample.Running = running
	sample.measured.meter = &m.meter
	for _, r := range p.Layer.Rules {
		status, detail := r.Check(sample)
		checks = append(checks, newCheck("layer:"+r.Name, status, detail, nil))
	}
	checks = append(checks, checkLanguage(p, forked, same, sample.Text, m))
	checks = append(checks, checkBrand(p, forked)...)
	rep := Report{Checks: checks, Ledger: entries, Invented: invented}
	rep.tally()
	return rep, nil
}

// tally sets Passed, ChecksRun and ChecksSkipped from the checks: a
// skipped check neither passes nor fails the report.
func (r *Report) tally() {
	r.ChecksRun, r.ChecksSkipped = 0, []string{}
	failed := false
	for i := range r.Checks {
		c := &r.Checks[i]
		if c.Status == "" {
			c.Status = OutcomeOf(c.Passed)
		}
		c.Passed = c.Status == CheckPassed
		switch c.Status {
		case CheckSkipped:
			r.ChecksSkipped = append(r.ChecksSkipped, c.Name)
		case CheckFailed:
			failed = true
			r.ChecksRun++
		default:
			r.ChecksRun++
		}
	}
	r.Passed = !failed && r.ChecksRun > 0
}

// forkFacts finds the facts the fork states. A block whose text and link
// are the source's, read in the source's locale, states the source's facts:
// only the rewritten blocks are read again. Names are not looked for:
// whether a source name is kept is a plain text search, and the names a
// fork invents are found by properNames against the source's words.
func (p *Plan) forkFacts(ctx context.Context, forked []Block, memo *ledger.Memo) ([]Fact, error) {
	sameLocale := p.TargetLanguage == p.SourceLanguage
	unchanged := map[int]bool{}
	var changed []Block
	for i, b := range forked {
		if sameLocale && b.Text == p.Blocks[i].Text && b.Href == p.Blocks[i].Href {
			unchanged[b.ID] = true
			continue
		}
		changed = append(changed, b)
	}
	if len(changed) == len(forked) {
		return ledger.ExtractContext(ctx, ledger.Source{Blocks: forked, Locale: p.TargetLanguage, KnownNamesOnly: true, Memo: memo})
	}
	facts, err := ledger.ExtractContext(ctx, ledger.Source{Blocks: changed, Locale: p.TargetLanguage, KnownNamesOnly: true, Memo: memo})
	if err != nil {
		return nil, err
	}
	// Grown once: the source's facts are most of the fork's.
	kept := 0
	for _, f := range p.Ledger {
		if unchanged[f.Block] {
			kept++
		}
	}
	facts = slices.Grow(facts, kept)
	for _, f := range p.Ledger {
		if unchanged[f.Block] {
			facts = append(facts, f)
		}
	}
	return facts, nil
}

// layerText is the fork's prose a layer's rules measure: verbatim blocks,
// the guarantee and legal lines inside other blocks and the terms the
// brand keeps are words the fork must not change, so no rule may ask it
// to. It returns the prose, and apart the running copy: the prose without
// its headings (see Sample.Running).
func layerText(p *Plan, forked []Block) (prose, running string) {
	var sb, run strings.Builder
	// Sized once: the prose is most of the page's copy.
	size := 0
	for _, b := range forked {
		if proseRoles[b.Role] {
			size += len(b.Text) + 1
		}
	}
	sb.Grow(size)
	run.Grow(size)
	for i, b := range forked {
		if !proseRoles[b.Role] || p.Blocks[i].Verbatim {
			continue
		}
		text := b.Text
		for _, f := range p.Blocks[i].Facts {
			if f.Kind == ledger.KindGuarantee || f.Kind == ledger.KindLegal {
				text = strings.ReplaceAll(text, foldSpace(f.Text), "")
			}
		}
		for _, k := range p.Request.Keep {
			// A term the marketer keeps ("Amazing Notes") is theirs to
			// word: no layer rule may ask the fork to change it.
			if k != "" {
				text = strings.ReplaceAll(text, k, "")
			}
		}
		if text = strings.TrimSpace(text); text != "" {
			sb.WriteString(text)
			sb.WriteByte('\n')
			if !HeadsCopy(b.Role, b.Text) {
				run.WriteString(text)
				run.WriteByte('\n')
			}
		}
	}
	return sb.String(), run.String()
}

// headingRoles head a section or the page: as titles (HeadsCopy) they keep
// the page's own voice ("What's Included") in every register.
var headingRoles = map[Role]bool{RoleHeadline: true, RoleSubheadline: true, RoleMetaDescription: true}

// HeadsCopy reports a block that heads a section or the page as a title
// does ("What's Included", "You're in good company."): a heading's role,
// and text that does not end as a sentence or is one short one. It keeps
// the page's own voice in every register. A subheadline written as
// sentences ("… starts giving advice. We're SOC 2 Type II audited every
// year.") is running copy, and a layer that writes contractions out
// writes out its own too (graders read a hero that kept "We're" beside a
// page that had lost every other contraction as half done).
func HeadsCopy(role Role, text string) bool {
	if !headingRoles[role] {
		return false
	}
	t := strings.TrimRight(strings.TrimSpace(text), "\"'”’»)")
	if trail, ok := strings.CutSuffix(t, "..."); ok {
		// "Here's why..." is a title; "You've made a smart choice and
		// here's why..." is a sentence that trails off into the copy.
		return len(strings.Fields(trail)) <= maxTitleWords
	}
	if !strings.HasSuffix(t, ".") {
		return true
	}
	body := strings.TrimSuffix(t, ".")
	return !strings.ContainsAny(body, ".!?") && len(strings.Fields(body)) <= maxTitleWords
}

// maxTitleWords is the most words of a heading written as one sentence
// that still reads as a title ("You're in good company.").
const maxTitleWords = 8

func checkLedger(p *Plan, forked []Block, forkFacts []Fact, inBlock blockFacts, allowed map[fkey]ruleChange, formal formalLines) ([]LedgerEntry, Check) {
	values := map[fkey]bool{}
	for _, f := range forkFacts {
		values[factKey(f.Kind, f.Value)] = true
	}
	// A fact is looked for in its own block's line of all first: it
	// mostly stands there, and a line of all holds no more than all does,
	// where searching all for each fact read the page once per fact.
	all := joinTexts(forked)
	at := make(map[int]int, len(forked)) // block ID → its line of all
	lines := make([][2]int, len(forked))
	for i, from := 0, 0; i < len(forked); i++ {
		at[forked[i].ID] = i
		lines[i] = [2]int{from, from + len(forked[i].Text)}
		from += len(forked[i].Text) + 1
	}
	line := func(block int) (string, bool) {
		i, ok := at[block]
		if !ok {
			return "", false
		}
		return all[lines[i][0]:lines[i][1]], true
	}
	in := func(block int, v string) bool {
		if l, ok := line(block); ok && strings.Contains(l, v) {
			return true
		}
		return strings.Contains(all, v)
	}
	// lowerAll is all in lower case, made when a name is not in its own
	// line: the line is searched without case as it stands. A name the
	// line writes as the ledger does (v, whole runes) is in its lower
	// case too, lowered rune by rune where it stands: that is asked
	// first, of the bytes as they are.
	var lowerAll string
	inLower := func(block int, v, lv string) bool {
		if l, ok := line(block); ok && (utf8.ValidString(v) && strings.Contains(l, v) || fold.ContainsLower(l, lv)) {
			return true
		}
		if lowerAll == "" {
			lowerAll = strings.ToLower(all)
		}
		return strings.Contains(lowerAll, lv)
	}
	hrefs := map[string]bool{}
	for _, b := range forked {
		if b.Href != "" {
			hrefs[b.Href] = true
		}
	}
	entries := make([]LedgerEntry, 0, len(p.Ledger))
	var missing []string
	var blocks []int
	for _, fact := range p.Ledger {
		e := LedgerEntry{Fact: fact, Status: StatusMissing}
		switch {
		case numericKinds[fact.Kind]:
			// A fact is kept in the block that states it: "30 days" in
			// another block does not keep this block's.
			switch kept, rc, changed := stateIn(inBlock, fact.Block, fact, allowed); {
			case kept:
				e.Status = StatusKept
			case changed:
				e.Status, e.Rule, e.To = StatusChanged, rc.rule, rc.to
			}
		case fact.Kind == ledger.KindURL:
			if hrefs[fact.Value] || in(fact.Block, fact.Value) {
				e.Status = StatusKept
			}
		case fact.Kind == ledger.KindName:
			if inLower(fact.Block, fact.Value, strings.ToLower(fact.Value)) {
				e.Status = StatusKept
			}
		case fact.Kind == ledger.KindClaim:
			// A claim may be kept or dropped whole, never changed or
			// invented (no_invented_facts); a condition dropped from the
			// price it qualifies is the conditions check's.
			e.Status = StatusDropped
			if values[factKey(fact.Kind, fact.Value)] {
				e.Status = StatusKept
			}
		default: // guarantee and legal lines: verbatim
			if in(fact.Block, foldSpace(fact.Value)) {
				e.Status = StatusKept
			} else if to, ok := formal.of(fact.Value); ok && in(fact.Block, foldSpace(to)) {
				e.Status = StatusKept // its words, said to the reader formally
			} else if p.Translation {
				e.Status = StatusTranslated
			}
		}
		if e.Status == StatusMissing {
			missing = append(missing, fmt.Sprintf("%s %q", fact.Kind, fact.Text))
			blocks = append(blocks, fact.Block)
		}
		entries = append(entries, e)
	}
	c := Check{Name: "ledger", Passed: len(missing) == 0, Blocks: uniqueSorted(blocks)}
	if c.Passed {
		c.Details = fmt.Sprintf("all %d facts kept", len(p.Ledger))
		if changed := changedSummary(entries); changed != "" {
			c.Details = fmt.Sprintf("all %d facts kept, %s", len(p.Ledger), changed)
		}
	} else {
		c.Details = fmt.Sprintf("%d of %d facts missing: %s", len(missing), len(p.Ledger), strings.Join(missing, "; "))
	}
	return entries, c
}

// inDate reports a capitalised word that stands in one of its block's
// dates ("November" in "12 November 2026").
func inDate(facts []Fact, name Fact) bool {
	for _, f := range facts {
		if f.Kind == ledger.KindDate && f.Block == name.Block && slices.Contains(strings.Fields(f.Text), name.Text) {
			return true
		}
	}
	return false
}

// checkInvented finds facts the fork states that the source does not hold:
// numbers, prices, percentages, dates, links, addresses and names.
func checkInvented(p *Plan, src, forked []Block, same []bool, forkFacts []Fact, allowed map[fkey]ruleChange, m *forkMemo) ([]Fact, Check) {
	have := map[fkey]bool{}
	for _, f := range p.Ledger {
		have[factKey(f.Kind, f.Value)] = true
		if a, ok := allowed[factKey(f.Kind, f.Value)]; ok {
			have[factKey(f.Kind, a.to)] = true
		}
	}
	// A plan priced at zero (a price block reading "$0/mo") is a free
	// plan: the page offers one whether or not it says the words.
	for _, f := range p.Ledger {
		if f.Kind == ledger.KindPrice && f.Amount == 0 && !f.Was && roleOf(p, f.Block) == RolePrice {
			have[factKey(ledger.KindClaim, "free:plan")] = true
		}
	}
	srcLower := m.sourceLower(src)
	invented := []Fact{}
	var blocks []int
	seen := map[fkey]bool{}
	for _, f := range forkFacts {
		k := factKey(f.Kind, f.Value)
		if seen[k] {
			// Listed once, but every block that states it is named:
			// each must be fixed (or fall back) for the check to pass.
			blocks = append(blocks, f.Block)
			continue
		}
		var ok bool
		switch {
		case f.Kind == ledger.KindName || f.Kind == ledger.KindURL:
			ok = have[k] || strings.Contains(srcLower, strings.ToLower(f.Value))
		case numericKinds[f.Kind] || f.Kind == ledger.KindClaim:
			ok = have[k]
		default:
			ok = true // verbatim lines are checked by the ledger and verbatim checks
		}
		if !ok {
			seen[k] = true
			invented = append(invented, f)
			blocks = append(blocks, f.Block)
		}
	}
	for _, f := range properNames(p, forked, same, m) {
		if inDate(forkFacts, f) {
			// "12 November 2026" written for "11/12/2026": a month is
			// part of a date the ledger checks, not a name.
			continue
		}
		if k := factKey(f.Kind, f.Value); !seen[k] {
			seen[k] = true
			invented = append(invented, f)
			blocks = append(blocks, f.Block)
		}
	}
	c := Check{Name: "no_invented_facts", Passed: len(invented) == 0, Blocks: uniqueSorted(blocks)}
	if c.Passed {
		c.Details = "every number, price, code, date, link, name and claim is in the source"
	} else {
		items := make([]string, len(invented))
		for i, f := range invented {
			items[i] = fmt.Sprintf("%s %q", f.Kind, f.Text)
		}
		c.Details = "not in the source: " + strings.Join(items, "; ")
	}
	return invented, c
}

// roleOf is the role of the plan's block with the given ID.
func roleOf(p *Plan, id int) Role {
	for _, b := range p.Blocks {
		if b.ID == id {
			return b.Role
		}
	}
	return ""
}

func checkCoverage(p *Plan, byID map[int]DraftBlock, unknown []int) Check {
	var lost []int
	for _, b := range p.Blocks {
		if db, ok := byID[b.ID]; !ok || strings.TrimSpace(db.Text) == "" {
			lost = append(lost, b.ID)
		}
	}
	c := Check{Name: "coverage", Passed: len(lost) == 0 && len(unknown) == 0, Blocks: lost}
	switch {
	case c.Passed:
		c.Details = fmt.Sprintf("all %d blocks present", len(p.Blocks))
	case len(unknown) > 0:
		c.Details = fmt.Sprintf("%d blocks lost; the fork has blocks the source does not: %v", len(lost), unknown)
	default:
		c.Details = fmt.Sprintf("%d of %d blocks lost", len(lost), len(p.Blocks))
	}
	return c
}

func checkCTATargets(p *Plan, forked []Block) Check {
	var moved []int
	var items []string
	n := 0
	for i, b := range p.Blocks {
		if b.Role != RoleCTA || b.Href == "" {
			continue
		}
		n++
		if forked[i].Href != b.Href {
			moved = append(moved, b.ID)
			items = append(items, fmt.Sprintf("block %d: %q → %q", b.ID, b.Href, forked[i].Href))
		}
	}
	c := Check{Name: "cta_targets", Passed: len(moved) == 0, Blocks: moved}
	if c.Passed {
		c.Details = fmt.Sprintf("all %d call-to-action targets kept", n)
	} else {
		c.Details = "targets changed: " + strings.Join(items, "; ")
	}
	return c
}

// checkVerbatim holds testimonials, guarantees and fine print to their
// source text; a translation is the one exception, and the professional
// layer's form of address the other, outside a customer's words.
func checkVerbatim(p *Plan, forked []Block, same []bool, formal formalLines) Check {
	var changed []int
	n := 0
	for i, b := range p.Blocks {
		if !b.Verbatim {
			continue
		}
		n++
		if forked[i].Text != "" && !same[i] && !p.Translation {
			if to, ok := formal.of(b.Text); ok && b.Role != RoleTestimonial && foldsTo(to, forked[i].Text) {
				continue
			}
			changed = append(changed, b.ID)
		}
	}
	c := Check{Name: "verbatim", Passed: len(changed) == 0, Blocks: changed}
	switch {
	case !c.Passed:
		c.Details = fmt.Sprintf("%d testimonial, guarantee or fine-print blocks reworded", len(changed))
	case p.Translation && n > 0:
		c.Details = fmt.Sprintf("%d verbatim blocks may be translated, never reworded", n)
	default:
		c.Details = fmt.Sprintf("all %d verbatim blocks unchanged", n)
	}
	return c
}

func checkBudgets(p *Plan, forked []Block, formal formalLines) Check {
	var over []int
	var items []string
	for i, b := range p.Blocks {
		if p.Translation && b.Verbatim {
			continue
		}
		if b.Verbatim {
			// A verbatim block's budget is its own length: said formally
			// ("Deine" → "Ihre"), its words are the same words.
			if to, ok := formal.of(b.Text); ok && foldsTo(to, forked[i].Text) {
				continue
			}
		}
		n := utf8.RuneCountInString(forked[i].Text)
		if n == 0 {
			continue // a lost block is the coverage check's finding
		}
		max := b.Budget.MaxChars
		if p.Translation {
			max = max * 13 / 10 // languages differ in length
		}
		if n > max || n < b.Budget.MinChars {
			over = append(over, b.ID)
			items = append(items, fmt.Sprintf("block %d (%s): %d chars, budget %d–%d", b.ID, b.Role, n, b.Budget.MinChars, max))
		}
	}
	c := Check{Name: "length_budget", Passed: len(over) == 0, Blocks: over}
	if c.Passed {
		c.Details = "every block within its budget"
	} else {
		c.Details = strings.Join(items, "; ")
	}
	return c
}

// checkOrder accepts a section order that is a permutation of the page's
// sections: a fork may move whole sections, never drop or repeat one.
func checkOrder(p *Plan, d *Draft) Check {
	c := Check{Name: "section_order", Passed: true, Details: "page order kept"}
	if d.Sections == nil {
		return c
	}
	seen := make([]bool, p.Sections)
	for _, s := range d.Sections {
		if s < 0 || s >= p.Sections || seen[s] {
			c.Passed = false
			break
		}
		seen[s] = true
	}
	if !c.Passed || len(d.Sections) != p.Sections {
		c.Passed = false
		c.Details = fmt.Sprintf("order %v is not a permutation of the page's %d sections", d.Sections, p.Sections)
		return c
	}
	c.Details = fmt.Sprintf("sections reordered: %v", d.Sections)
	return c
}

// checkLanguage confirms the fork is in the target language where the
// detector is confident enough to say: over the whole fork, and block by
// block, so one block left in another language is found.
func checkLanguage(p *Plan, forked []Block, same []bool, text string, m *forkMemo) Check {
	want := p.Target.Base()
	got, conf := m.detect(detectSample(text))
	c := Check{Name: "language", Status: CheckPassed}
	if !langdetect.Knows(want) {
		c.Status, c.Details = CheckSkipped, "no language detector for "+languageName(want)
		return c
	}
	items, blocks := blockLanguages(p, forked, same, want, m)
	switch {
	case got != "" && conf >= 0.2 && got != want:
		c.Status = CheckFailed
		c.Details = fmt.Sprintf("the fork reads as %s, the target is %s", got, want)
	case len(items) > 0:
		c.Status = CheckFailed
		c.Details = fmt.Sprintf("the fork reads as %s, but %s", want, strings.Join(items, "; "))
		c.Blocks = blocks
	case got == "" || conf < 0.2:
		c.Status, c.Details = CheckSkipped, "not enough text to tell the language"
	default:
		c.Details = fmt.Sprintf("the fork reads as %s, block by block too", got)
	}
	return c
}

// changedSummary says which facts the culture rules changed, by rule:
// "2 changed by en-GB: °F to °C".
func changedSummary(entries []LedgerEntry) string {
	by := map[string]int{}
	var rules []string
	for _, e := range entries {
		if e.Status != StatusChanged {
			continue
		}
		if by[e.Rule] == 0 {
			rules = append(rules, e.Rule)
		}
		by[e.Rule]++
	}
	parts := make([]string, len(rules))
	for i, r := range rules {
		parts[i] = fmt.Sprintf("%d changed by %s", by[r], r)
	}
	return strings.Join(parts, ", ")
}

func joinTexts(blocks []Block) string {
	var buf strings.Builder
	buf.Grow(copyBytes(blocks) + len(blocks))
	for _, b := range blocks {
		buf.WriteString(b.Text)
		buf.WriteByte('\n')
	}
	return buf.String()
}

// foldSpace folds runs of white space to one space and trims the ends. Most
// text is folded already (extraction folds every block), so that is
// checked first, without allocating.
func foldSpace(s string) string {
	if spaceFolded(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	gap := false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			gap = b.Len() > 0
		} else {
			if gap {
				b.WriteByte(' ')
				gap = false
			}
			b.WriteString(s[i : i+n]) // the bytes as they were, invalid ones too
		}
		i += n
	}
	return b.String()
}

// foldsTo reports whether foldSpace(s) is folded, asked of a source's
// text for each draft block: folding never lengthens a text, so a longer
// folded is told apart without reading s.
func foldsTo(s, folded string) bool {
	return len(folded) <= len(s) && foldSpace(s) == folded
}

// spaceFolded reports text whose only white space is single spaces between
// words, as strings.Fields reads white space.
func spaceFolded(s string) bool {
	prevSpace := true // no space may start the text
	for i := 0; i < len(s); {
		c := s[i]
		if c > ' ' && c < utf8.RuneSelf {
			// Most bytes: a printable ASCII character, asked first.
			i++
			prevSpace = false
			continue
		}
		if c < utf8.RuneSelf {
			i++
			if c == ' ' {
				if prevSpace {
					return false
				}
				prevSpace = true
				continue
			}
			if c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
				return false
			}
			prevSpace = false
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			return false
		}
		prevSpace = false
		i += n
	}
	return !prevSpace || s == ""
}

func uniqueSorted(ids []int) []int {
	if len(ids) == 0 {
		return nil
	}
	sort.Ints(ids)
	out := ids[:1]
	for _, id := range ids[1:] {
		if id != out[len(out)-1] {
			out = append(out, id)
		}
	}
	return out
}

// languageName names a tag's base language for people ("de-CH" → "German"),
// or gives the tag back when it cannot.
func languageName(tag string) string {
	if t, err := langtag.Parse(tag); err == nil {
		return t.Name()
	}
	return tag
}

// formalLines is the one rewrite the offer lock allows of the words it
// keeps (guarantee and legal lines, fine print), in the professional
// layer: the formal address, as internal/address writes it, in a language
// it has a rewriter for, and in English the contractions written out, as
// readability.WriteOut writes them. A guarantee said to "tú" beside copy
// said to "usted" reads as two voices, and "we'll refund every cent"
// under copy that says "we will" as a lapse; said formally, or written
// out, its terms are the same terms.
type formalLines struct {
	// rewrite is the rewrite, nil for none; how names it in a
	// rationale; address says it is the form of address.
	rewrite func(string) (string, int)
	how     string
	address bool
}

// formalFor is the plan's formal rewrite, or none: another layer, a
// translation, a language without one.
func formalFor(p *Plan) formalLines {
	if p.Layer.Name != "professional" || p.Translation {
		return formalLines{}
	}
	if r, ok := address.For(p.Target.Base()); ok {
		return formalLines{rewrite: func(t string) (string, int) { return r.Rewrite(t, false) }, how: "addressed as " + r.Formal(), address: true}
	}
	if p.Target.Base() == "en" {
		return formalLines{rewrite: readability.WriteOut, how: "with its contractions written out"}
	}
	return formalLines{}
}

// of returns text said to the reader formally, or written out, and whether
// that changed it.
func (f formalLines) of(text string) (string, bool) {
	if f.rewrite == nil {
		return "", false
	}
	out, n := f.rewrite(text)
	return out, n > 0
}

// LockedRewrite is the one rewrite the offer lock allows of the words it
// keeps in this plan (a guarantee, fine print), as verification reads it,
// so that a provider writes exactly what verification accepts: nil where
// none is allowed. how names it in a rationale ("addressed as usted");
// address says it is the form of address, which a provider that keeps a
// page's informal address keeps off its locked lines too.
func (p *Plan) LockedRewrite() (rewrite func(string) (string, int), how string, address bool) {
	f := formalFor(p)
	return f.rewrite, f.how, f.address
}
