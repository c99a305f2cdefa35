package fork

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/marketingfork/fork/internal/fault"
	"github.com/marketingfork/fork/internal/langtag"
	"github.com/marketingfork/fork/internal/readability"
)

// Result is a fork: the new blocks beside the source's, the ledger with
// each fact's status, the checks, metrics before and after, an experiment
// note and the forked page as HTML and Markdown.
type Result struct {
	// Request is the request as carried out, defaults applied.
	Request Request `json:"request"`
	// Provider names the engine that wrote the fork and its version.
	Provider ProviderInfo `json:"provider"`
	// SourceURL is where the page came from, after redirects.
	SourceURL string `json:"source_url,omitempty"`
	// SourceLanguage is the page's language as analysed.
	SourceLanguage string `json:"source_language"`
	// Target is what the fork was written for, its language resolved: a
	// target equal to the source hint keeps the page's language.
	Target Target `json:"target"`
	// Translation says the fork is in another language than the page.
	Translation bool `json:"translation"`
	// Passed is true when every check passed; a failed check is reported,
	// never hidden, and the fork should not go live until it is fixed.
	Passed bool `json:"passed"`
	// ChecksRun is how many checks ran (passed or failed).
	ChecksRun int `json:"checks_run"`
	// ChecksSkipped names the checks that could not run on this fork; each
	// says why in its Details. A skipped check is never counted as passed.
	ChecksSkipped []string `json:"checks_skipped"`
	// Attempts is how many drafts the provider wrote (at most two).
	Attempts int `json:"attempts"`
	// Fallbacks is how many blocks keep their source text because the
	// provider's drafts of them failed verification (each says why in its
	// Fallback).
	Fallbacks int `json:"fallbacks"`
	// Usage is the tokens the fork's drafts cost together, for a provider
	// that counts them (the LLM provider); absent otherwise.
	Usage *Usage `json:"usage,omitempty"`
	// Blocks are the forked blocks beside their source, in the fork's order
	// (the page's, unless the fork moved whole sections).
	Blocks []ForkedBlock `json:"blocks"`
	// Sections is the fork's order of the page's top-level sections, when
	// it moved them.
	Sections []int `json:"sections,omitempty"`
	// Ledger is the offer with each fact's status in the fork.
	Ledger []LedgerEntry `json:"ledger"`
	// Invented are facts the fork states that the source does not hold.
	Invented []Fact `json:"invented"`
	// Checks are the verification checks of the final draft.
	Checks []Check `json:"checks"`
	// Changes are the culture rules' deliberate changes to facts.
	Changes []Change `json:"changes,omitempty"`
	// Notes are what a person should look at before the fork goes live.
	Notes []string `json:"notes,omitempty"`
	// Metrics compare the source's prose with the fork's.
	Metrics Metrics `json:"metrics"`
	// Analysis describes the source page.
	Analysis Analysis `json:"analysis"`
	// Experiment frames the fork as an A/B variant.
	Experiment Experiment `json:"experiment"`
	// HTML is the source page with only its copy changed.
	HTML string `json:"html"`
	// Markdown is the fork's copy as Markdown.
	Markdown string `json:"markdown"`
	// CreatedAt is when the fork was made.
	CreatedAt time.Time `json:"created_at"`
}

// ForkedBlock is one block before and after.
type ForkedBlock struct {
	// ID is the block's position in the source page.
	ID int `json:"id"`
	// Role is what the block does on the page.
	Role Role `json:"role"`
	// Source is the block's text in the source.
	Source string `json:"source"`
	// Text is the block's new text: its words, and "<0/>"
	// (markup.LineBreak) where the fork puts a line break between them
	// (the page's line set on a line of its own under a block's words;
	// the page's HTML has a <br> there).
	Text string `json:"text"`
	// Href is a call to action's target, the same as in the source.
	Href string `json:"href,omitempty"`
	// Verbatim says the block may move but not change.
	Verbatim bool `json:"verbatim,omitempty"`
	// Rationale says why the block reads as it does now.
	Rationale string `json:"rationale,omitempty"`
	// Path points at the block's element in the page.
	Path string `json:"path"`
	// Fallback, when set, says why the block keeps its source text: the
	// checks the provider's drafts of it failed.
	Fallback string `json:"fallback,omitempty"`
}

// Metrics are the measurable properties of the prose before and after.
type Metrics struct {
	Before TextMetrics `json:"before"`
	After  TextMetrics `json:"after"`
}

// TextMetrics are one text's counts and readability scores.
type TextMetrics struct {
	Text        readability.Stats  `json:"text"`
	Readability readability.Scores `json:"readability"`
}

// Experiment frames a fork as an A/B test variant.
type Experiment struct {
	// Hypothesis says what the variant tests.
	Hypothesis string `json:"hypothesis"`
	// PrimaryMetric is what decides the test.
	PrimaryMetric string `json:"primary_metric"`
	// PrimaryBlock is the ID of the call to action the primary metric
	// counts (its target is the experiment's goal), or -1 when the page has
	// none.
	PrimaryBlock int `json:"primary_block"`
	// Control names the source as the control variant.
	Control string `json:"control"`
	// Refutation is the outcome that would show the hypothesis wrong.
	Refutation string `json:"refutation"`
	// BaselineRate is the primary metric's rate assumed for the control
	// (0.02 is 2%), from the kind of action the primary call to action
	// asks for; replace it with the page's own rate when known.
	BaselineRate float64 `json:"baseline_rate"`
	// MinimumDetectableEffect is the smallest relative lift the test is
	// sized to detect (0.2 is +20% on BaselineRate).
	MinimumDetectableEffect float64 `json:"minimum_detectable_effect"`
	// VisitorsPerArm is the sample each variant needs to detect that lift
	// in a two-sided two-proportion test at 95% confidence and 80% power.
	VisitorsPerArm int `json:"visitors_per_arm"`
	// GuardMetrics are what must not get worse while the primary improves.
	GuardMetrics []string `json:"guard_metrics"`
	// Audience is who should see the variant.
	Audience string `json:"audience"`
}

// Fork rebuilds the request's page for its target profile, layer and
// language. It returns an error wrapping ErrUnsupported when no provider is
// configured or the provider cannot do what is asked (such as translate).
// Blocks whose drafts still fail verification after the retry keep their
// source text, each saying why (see writeDraft); what still fails is
// returned with Passed false and the failed checks: never hidden. In strict
// mode a fork that failed or fell back is an error.
func (f *Forker) Fork(ctx context.Context, req Request) (*Result, error) {
	plan, ex, err := f.plan(ctx, req)
	if err != nil {
		return nil, err
	}
	if f.provider == nil {
		return nil, unsupported("no provider is configured: build the Forker with fork.WithProvider")
	}
	info := f.provider.Info()
	if plan.Translation && !info.Translates {
		return nil, unsupported("the %s provider cannot translate from %s to %s; keep target_language in the page's language, or configure a provider that translates, such as the LLM provider (any OpenAI-compatible endpoint)",
			info.Name, plan.SourceLanguage, plan.TargetLanguage)
	}
	rctx, cancel := context.WithTimeout(ctx, f.rewriteTimeout)
	defer cancel()
	out, err := f.writeDraft(ctx, rctx, plan, ex, info)
	if err != nil {
		return nil, err
	}
	if plan.Request.Strict && (!out.rep.Passed || len(out.fallbacks) > 0) {
		var names []string
		for _, c := range failed(out.rep.Checks) {
			names = append(names, c.Name+": "+c.Details)
		}
		for _, id := range sortedIDs(out.fallbacks) {
			names = append(names, fmt.Sprintf("block %d %s", id, out.fallbacks[id]))
		}
		return nil, fmt.Errorf("%w: strict mode: the %s provider's fork failed verification after %d tries: %s",
			ErrProvider, info.Name, out.tries, strings.Join(names, "; "))
	}
	res, err := f.result(plan, ex, out.draft, out.rep, info, out.tries, out.memo)
	if err != nil {
		return nil, err
	}
	res.Notes = append(res.Notes, out.notes...)
	if n := altCopyNote(plan, ex); n != "" && visibleChange(res.Blocks, res.Sections) {
		// Only a fork that rewrote something leaves the second copy behind.
		res.Notes = append(res.Notes, n)
	}
	if len(out.fallbacks) > 0 {
		res.Notes = append(res.Notes, fallbackNote(out.fallbacks))
		for i, b := range res.Blocks {
			res.Blocks[i].Fallback = out.fallbacks[b.ID]
		}
		res.Fallbacks = len(out.fallbacks)
	}
	if out.usage.Total() > 0 {
		res.Usage = &out.usage
	}
	return res, nil
}

// rewriteError is the error of a failed draft: the provider's own when it
// says what failed, a timeout when the drafts ran past the fork's time
// budget.
func (f *Forker) rewriteError(ctx, rctx context.Context, info ProviderInfo, err error) error {
	switch {
	case ctx.Err() != nil:
		return err
	case rctx.Err() != nil:
		return fault.ProviderTimeout("the %s provider's drafts took longer than the fork's %s: a local model on a CPU needs minutes per fork; raise the budget with mfork's --rewrite-timeout (MFORK_REWRITE_TIMEOUT) or fork.WithRewriteTimeout", info.Name, f.rewriteTimeout)
	case errors.Is(err, ErrUnsupported) || errors.Is(err, ErrProvider):
		return err
	}
	return fmt.Errorf("%w: %s: %v", ErrProvider, info.Name, err)
}

func failed(checks []Check) []Check {
	var out []Check
	for _, c := range checks {
		if c.Failed() {
			out = append(out, c)
		}
	}
	return out
}

func (f *Forker) result(p *Plan, ex *Extraction, d *Draft, rep Report, info ProviderInfo, tries int, m *forkMemo) (*Result, error) {
	byID := map[int]DraftBlock{}
	for _, b := range d.Blocks {
		byID[b.ID] = b
	}
	blocks := make([]ForkedBlock, 0, len(p.Blocks))
	forked := make([]Block, 0, len(p.Blocks))
	order := draftOrder(p, d)
	for _, id := range ex.doc.Order(order) {
		b := p.Blocks[id]
		db, ok := byID[b.ID]
		fb := ForkedBlock{ID: b.ID, Role: b.Role, Source: b.Text, Text: b.Text, Href: b.Href, Verbatim: b.Verbatim, Path: b.Path}
		if ok && given(db) {
			fb.Text, fb.Rationale = shownText(b, db.Text), db.Rationale
		}
		blocks = append(blocks, fb)
		nb := b.Block
		nb.Text = plainText(fb.Text)
		forked = append(forked, nb)
	}
	page, err := renderDraft(p, ex, d)
	if err != nil {
		return nil, err
	}
	promoted := heroChanged(blocks, order)
	layerNote := layerMissNote(p, rep.Checks)
	put := ""
	if promoted {
		// The provider knows what its draft put first; one that does not
		// say put the profile's material there.
		put = cmp.Or(d.PutFirst, p.Profile.Substance.Lead)
	}
	exp, notes := experiment(p, ex, put, shortened(blocks), layerNote == "", d.LayerAsIs, d.PutUp), d.Notes
	if n, ok := tooLittle(blocks, promoted); ok {
		// Two contractions in an answer at the foot of the page are no
		// variant either: graders read a sized test of them as an A/A
		// test in all but name.
		exp.Hypothesis = fmt.Sprintf("None worth the traffic yet: the fork changes %d %s of the page's copy and puts nothing first, so a test of it against the control would measure next to nothing. "+editFirst, n, plural(n, "word or mark", "words or marks"))
		exp.Refutation = "not applicable until the fork changes more of what visitors read; once it does: " + exp.Refutation
		notes = append(slices.Clip(notes), fmt.Sprintf("the fork changes only %d %s a visitor reads and puts nothing first: running it against the control would be close to an A/A test", n, plural(n, "word or mark", "words or marks")))
	}
	if !visibleChange(blocks, order) {
		// An A/A test costs a growth team its traffic for nothing: say so
		// where they will look, in the experiment and in the notes.
		exp.Hypothesis = "None yet: the fork shows visitors the same page as the source (" + nothingSeen(p, d.Notes, layerNote == "") + "), so a test of it against the control measures nothing. " + editFirst
		exp.Refutation = "not applicable until the fork changes what visitors see; once it does: " + exp.Refutation
		notes = append(slices.Clip(notes), "the fork changes nothing a visitor sees on the page (its words, buttons and section order are the source's): running it against the control would be an A/A test")
	}
	if n := unreachableNote(ex.Blocks); n != "" {
		notes = append(slices.Clip(notes), n)
	}
	if n := soldOutNote(p, ex.Blocks); n != "" {
		notes = append(slices.Clip(notes), n)
	}
	now := p.Now // one reading of the clock for the plan and the result
	if now.IsZero() {
		now = f.now().UTC()
	}
	if n := staleNote(p, now); n != "" {
		notes = append(slices.Clip(notes), n)
	}
	notes = append(slices.Clip(notes), misstatementNotes(p.Misstatements)...)
	if layerNote != "" {
		notes = append(slices.Clip(notes), layerNote)
	}
	// The analysis measured the source's prose already.
	before := TextMetrics{Text: p.Analysis.Text, Readability: p.Analysis.Readability}
	after := m.metrics(prose(forked, blockText), p.Target)
	return &Result{
		Request:        p.Request,
		Provider:       info,
		SourceURL:      ex.URL,
		SourceLanguage: p.SourceLanguage,
		Target:         Target{Profile: p.Profile.Name, LanguageLayer: p.Layer.Name, Language: p.TargetLanguage},
		Translation:    p.Translation,
		Passed:         rep.Passed,
		ChecksRun:      rep.ChecksRun,
		ChecksSkipped:  rep.ChecksSkipped,
		Attempts:       tries,
		Blocks:         blocks,
		Ledger:         rep.Ledger,
		Invented:       rep.Invented,
		Checks:         rep.Checks,
		Changes:        verifiedChanges(rep.Ledger),
		Notes:          notes,
		Metrics:        Metrics{Before: before, After: after},
		Analysis:       p.Analysis,
		Experiment:     exp,
		HTML:           page.HTML,
		Markdown:       page.Markdown,
		Sections:       order,
		CreatedAt:      now,
	}, nil
}

// metrics measures text with the fork's meter: most of its lines were
// counted when its drafts were verified.
func (m *forkMemo) metrics(text string, lang Language) TextMetrics {
	st, sc := m.measure(text, lang)
	return TextMetrics{Text: st, Readability: sc}
}

// verifiedChanges are the changes verification found the culture rules made,
// in ledger order: what a draft declared is never reported as such.
func verifiedChanges(entries []LedgerEntry) []Change {
	var out []Change
	seen := map[Change]bool{}
	for _, e := range entries {
		if e.Status != StatusChanged {
			continue
		}
		c := Change{From: e.Value, To: e.To, Rule: e.Rule}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// layerMissNote says, where the fork misses its layer's targets, which
// and by how much, in the notes a marketer reads before the fork goes live:
// the failed checks alone were found by graders only after they had read
// a "plain" fork with a 38-word sentence in it.
func layerMissNote(p *Plan, checks []Check) string {
	var missed []string
	for _, c := range checks {
		if c.Failed() && strings.HasPrefix(c.Name, "layer:") {
			missed = append(missed, strings.TrimPrefix(c.Short(160), "layer:"))
		}
	}
	if len(missed) == 0 {
		return ""
	}
	return fmt.Sprintf("the fork falls short of the %s layer's targets: %s; edit those lines by hand before the fork goes live (the built-in engine makes only the edits that break no sentence and change no fact, name or label)",
		p.Layer.Name, strings.Join(missed, "; "))
}

// altCopyNote warns when the page carries its copy in a second language
// for a language switch (data-en on the Italian page's elements): the fork
// rewrites the page's text, not that copy, so a visitor who switches
// language sees the control's words in the variant.
func altCopyNote(p *Plan, ex *Extraction) string {
	attr, code, n := ex.doc.AltCopy()
	if attr == "" {
		return ""
	}
	alt, err := langtag.Parse(code)
	if err != nil || alt.SameLanguage(p.Source) {
		return ""
	}
	// Languages by name: "the it copy" read as a typo to graders.
	src, other := p.Source.Name(), alt.Name()
	return fmt.Sprintf("%d blocks also carry %s copy in %s attributes, which the page's language switch shows; the fork rewrote the %s copy only, so visitors who switch to %s see the source's words: update %s, or run the variant for %s-speaking visitors only",
		n, other, attr, src, other, attr, src)
}

// visibleChange reports whether a fork changes what a visitor sees on the
// page: the order of its sections, or a block's words (seen).
func visibleChange(blocks []ForkedBlock, order []int) bool {
	return reordered(order) || slices.ContainsFunc(blocks, seen)
}

// reordered reports whether a section order moves a section.
func reordered(order []int) bool {
	for i, k := range order {
		if i != k {
			return true
		}
	}
	return false
}

// seen reports a block whose new words a visitor reads on the page: the
// page's title, its meta description and its share-preview attributes
// are not read there.
func seen(b ForkedBlock) bool {
	return b.Text != b.Source && b.Role != RoleTitle && b.Role != RoleMetaDescription && !strings.Contains(b.Path, "@")
}

// nothingSeen says why a fork changed nothing: the page has no material for
// the profile, or has it and could not place it, or the layer found
// nothing to change.
//
// The draft's notes tell which: a fork does not list the page's material
// (Plan.Material is the agent's), and the engine says in its notes where
// the line it found stands ("already leads with", "stays where it is").
func nothingSeen(p *Plan, notes []string, layerMet bool) string {
	readers := strings.ToLower(p.Profile.Title) + " readers"
	said := func(s string) bool {
		return slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, s) })
	}
	layer := fmt.Sprintf("the %s layer found nothing to change", p.Layer.Name)
	if !layerMet {
		// "found nothing to change" beside a failed check (a 38-word
		// sentence kept whole) read as a contradiction to graders.
		layer = fmt.Sprintf("the %s layer's safe edits changed nothing, though its targets are not met (see the notes)", p.Layer.Name)
	}
	switch {
	case said("already leads with"):
		return fmt.Sprintf("the page already leads with its line for %s, and %s", readers, layer)
	case said("stays where it is") || len(p.Material) > 0:
		return fmt.Sprintf("the page's line for %s stays where it is, and %s", readers, layer)
	}
	return fmt.Sprintf("the page has nothing the engine could put first for %s, and %s", readers, layer)
}

// heroChanged reports whether a fork puts something first: a section
// moved, or a block of the hero (everything before the first call to
// action, in page order) or of the paragraphs right under its button
// (up to introBlocks of them, before any heading) that says something new
// (gainsWords). A hero the layer only reworded ("it's" written out, a "!"
// dropped) puts nothing first, and the hypothesis must not say it does.
func heroChanged(blocks []ForkedBlock, order []int) bool {
	if reordered(order) {
		return true
	}
	byID := slices.Clone(blocks)
	slices.SortFunc(byID, func(a, b ForkedBlock) int { return a.ID - b.ID })
	headline := false
	under := -1 // blocks read since the hero's button, -1 before it
	for _, b := range byID {
		if under == 0 && b.Role == RoleCTA {
			continue // the hero's second button ("Book a demo")
		}
		if under >= 0 {
			// NewPipe's name, tagline and button, then the paragraph that
			// opens the page: a line joined to it is met first too.
			if under == introBlocks || b.Role != RoleBody {
				return false
			}
			under++
		}
		headline = headline || b.Role == RoleHeadline
		if b.Role == RoleCTA && headline {
			under = 0
			continue
		}
		if b.Role == RoleCTA {
			// A header's button ("Start", "Sign in") stands above the
			// headline: the hero goes on under it (graders read "nothing
			// new put first" on a fork whose subheadline had taken the
			// refund terms).
			continue
		}
		if seen(b) && gainsWords(b.Source, b.Text) {
			return true
		}
	}
	return false
}

// introBlocks is how many paragraphs under the hero's button a reader
// still meets with the hero, on one screen.
const introBlocks = 3

// auxiliaries are the words a layer adds writing out a contraction.
var auxiliaries = map[string]bool{"is": true, "are": true, "am": true, "not": true, "will": true, "would": true, "have": true, "has": true, "us": true, "had": true, "did": true, "do": true, "does": true}

// gainsWords reports a text that holds at least three words its source
// does not (auxiliaries aside): a line of the page's put there, not the
// source reworded.
func gainsWords(source, text string) bool {
	had := map[string]bool{}
	for w := range strings.FieldsFuncSeq(strings.ToLower(source), notWordRune) {
		had[w] = true
	}
	n := 0
	for w := range strings.FieldsFuncSeq(strings.ToLower(text), notWordRune) {
		if !had[w] && !auxiliaries[w] {
			had[w] = true
			n++
		}
	}
	if n < 3 {
		return false
	}
	// A line put there makes the block longer (a sentence joined) or
	// replaces most of it (a headline taken from elsewhere); a layer's
	// word swaps ("individuals" → "people", three times) do neither.
	before, after := wordsIn(source), wordsIn(text)
	return after-before >= 3 || 2*n >= after
}

// editFirst closes the hypothesis of a fork with nothing worth a test.
const editFirst = "Edit the fork, or fork the page for a profile its material serves, before running it."

// maxTrivialWords is the most words a fork may change, with nothing put
// first, and still be no variant worth a test.
const maxTrivialWords = 3

// trivialPercent is the share of a page's words, in percent, below which
// a fork that puts nothing first changes too little to be a variant:
// graders read five contractions written out deep in a long page, sized
// for 21,000 visitors an arm, as an A/A test in all but name.
const trivialPercent = 2

// tooLittle reports a fork that puts nothing first and changes so few of
// the words a visitor reads (at most maxTrivialWords, or under
// trivialPercent of the page's) that it is no variant worth a test, with
// the number of words it changed.
func tooLittle(blocks []ForkedBlock, promoted bool) (int, bool) {
	n := wordsSwapped(blocks)
	return n, !promoted && n > 0 && (n <= maxTrivialWords || n*100 < trivialPercent*pageWords(blocks))
}

// pageWords counts the words a visitor reads on the source page: the
// blocks wordsSwapped would count if they changed (seen).
func pageWords(blocks []ForkedBlock) int {
	n := 0
	for _, b := range blocks {
		if b.Role != RoleTitle && b.Role != RoleMetaDescription && !strings.Contains(b.Path, "@") {
			n += wordsIn(b.Source)
		}
	}
	return n
}

// wordsSwapped counts the words a visitor reads that the fork changed, in
// the blocks whose words changed (seen): each word of a block's text that
// its source does not have, and each source word it dropped, whichever is
// more, block by block.
func wordsSwapped(blocks []ForkedBlock) int {
	n := 0
	for _, b := range blocks {
		if !seen(b) {
			continue
		}
		src, out := wordBag(b.Source), wordBag(b.Text)
		added, dropped := 0, 0
		for w, k := range out {
			added += max(0, k-src[w])
		}
		for w, k := range src {
			dropped += max(0, k-out[w])
		}
		n += max(added, dropped, 1) // a mark changed is a change too
	}
	return n
}

// wordBag counts the words of s, folded to lower case.
func wordBag(s string) map[string]int {
	out := map[string]int{}
	for w := range strings.FieldsFuncSeq(strings.ToLower(s), notWordRune) {
		out[w]++
	}
	return out
}

// plural is one or many, as n says.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// shortened reports a fork that cut at least a tenth of the page's words
// (a busy reader's answers cut to their point): a test of it measures the
// length too.
func shortened(blocks []ForkedBlock) bool {
	before, after := 0, 0
	for _, b := range blocks {
		before += wordsIn(b.Source)
		after += wordsIn(b.Text)
	}
	return after*10 < before*9
}

// wordsIn counts the words of s as gainsWords reads them.
func wordsIn(s string) int {
	n := 0
	for range strings.FieldsFuncSeq(s, notWordRune) {
		n++
	}
	return n
}
