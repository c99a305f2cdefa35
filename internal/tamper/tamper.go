// Package tamper builds honest and tampered drafts of a page, to measure
// what fork verification catches. The honest draft is every block's own
// source text; each tampered draft is a copy of it with one change of one
// category (a price's digits, a swapped currency, an invented claim, a
// moved link, a dropped block ...). A category that does not apply to a
// page (no coupon, no second price) is not generated for it.
//
// The suite runs in the root package's tests, the CLI's and the MCP
// server's, which is why it is a package of its own and not test code.
package tamper

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/langtag"
)

// FactChecks are the checks an honest draft must never fail: whatever the
// target, keeping every block's own text keeps the offer.
var FactChecks = []string{
	"ledger", "no_invented_facts", "coverage", "cta_targets", "verbatim", "cta_action", "fact_placement",
	"declared_changes", "conditions",
}

// Category is one kind of tamper and the checks that should catch it: a
// draft is caught when the report fails and at least one of Expect fails.
type Category struct {
	Name   string
	Expect []string
}

// Categories in the order the report lists them.
var Categories = []Category{
	{"price_digits", []string{"ledger", "no_invented_facts"}},
	{"declared_rule", []string{"ledger", "no_invented_facts", "declared_changes"}},
	{"currency_swap", []string{"ledger", "no_invented_facts"}},
	{"percentage", []string{"ledger", "no_invented_facts"}},
	{"quantity", []string{"ledger"}},
	{"number_reuse", []string{"no_invented_facts"}},
	{"endorsement", []string{"no_invented_facts"}},
	{"invented_name", []string{"no_invented_facts"}},
	{"claims", []string{"no_invented_facts"}},
	{"price_swap", []string{"fact_placement", "ledger"}},
	{"price_removed_from_row", []string{"ledger", "fact_placement"}},
	// A billing period turned into another ("billed annually" → "billed
	// monthly") is a new condition on that price: the conditions check
	// names it even where another row of the page is billed monthly.
	{"qualifier_period", []string{"ledger", "no_invented_facts", "conditions"}},
	{"coupon", []string{"ledger", "no_invented_facts"}},
	{"cta_link", []string{"cta_targets"}},
	{"cta_action", []string{"cta_action"}},
	{"verbatim", []string{"verbatim"}},
	{"block_dropped", []string{"coverage"}},
	{"contact", []string{"ledger", "no_invented_facts"}},
	{"condition_dropped", []string{"ledger", "conditions", "no_invented_facts"}},
	{"other_language", []string{"language"}},
	// A block's inline placeholders dropped, duplicated, renamed or
	// closed across another (see markup.go).
	{"markup", []string{"markup"}},
}

func expectOf(category string) []string {
	for _, c := range Categories {
		if c.Name == category {
			return c.Expect
		}
	}
	panic("tamper: unknown category " + category)
}

// Case is one tampered draft.
type Case struct {
	// Category is the tamper's kind; Variant tells cases of one category
	// apart ("digits", "words", "cancel_any_time").
	Category, Variant string
	// Block is the block tampered (the first one, for a swap), or -1.
	Block int
	// Before and After are the tampered block's text (or link) before and
	// after the change.
	Before, After string
	// Expect are the checks of which at least one must fail.
	Expect []string
	// Draft is the honest draft with the one change.
	Draft fork.Draft
}

// Label is the case's category and variant.
func (c Case) Label() string {
	if c.Variant == "" {
		return c.Category
	}
	return c.Category + "/" + c.Variant
}

// Honest is the draft that keeps every block's own text and link.
func Honest(p *fork.Plan) fork.Draft {
	d := fork.Draft{Blocks: make([]fork.DraftBlock, len(p.Blocks))}
	for i, b := range p.Blocks {
		d.Blocks[i] = fork.DraftBlock{ID: b.ID, Text: b.Text, Href: b.Href}
	}
	return d
}

// Wire is a draft as the CLI reads it from a file and the MCP tool takes
// it as an argument: blocks and declared changes.
type Wire struct {
	Blocks  []fork.DraftBlock `json:"blocks"`
	Changes []fork.Change     `json:"changes,omitempty"`
}

// WireDraft is d in the shape of Wire.
func WireDraft(d fork.Draft) Wire { return Wire{Blocks: d.Blocks, Changes: d.Changes} }

// maxPerKind bounds the cases one tamper of one category makes per page,
// so a price list of twenty rows does not drown the other categories.
const maxPerKind = 3

// Generate builds every tampered draft that applies to the page's plan.
func Generate(p *fork.Plan) []Case {
	g := newGen(p)
	g.priceDigits()
	g.currencySwap()
	g.percentage()
	g.quantity()
	g.numberReuse()
	g.endorsement()
	g.inventedName()
	g.claims()
	g.priceSwap()
	g.priceRemoved()
	g.qualifiers()
	g.coupon()
	g.ctaLink()
	g.ctaAction()
	g.verbatim()
	g.blockDropped()
	g.contact()
	g.conditionDropped()
	g.otherLanguage()
	g.markupTampers()
	return g.cases
}

type gen struct {
	p      *fork.Plan
	lang   string
	honest fork.Draft
	idx    map[int]int // block ID → index in p.Blocks and honest.Blocks
	cases  []Case
	// pageLower is the page's whole text in lower case.
	pageLower string
}

func newGen(p *fork.Plan) *gen {
	g := &gen{p: p, lang: baseLang(p.SourceLanguage), honest: Honest(p), idx: map[int]int{}}
	var sb strings.Builder
	for i, b := range p.Blocks {
		g.idx[b.ID] = i
		sb.WriteString(strings.ToLower(b.Text))
		sb.WriteByte('\n')
	}
	g.pageLower = sb.String()
	return g
}

// baseLang is a tag's language if the tables know it, else "en".
func baseLang(tag string) string {
	t, err := langtag.Parse(tag)
	if err != nil {
		return "en"
	}
	l := t.Base()
	if _, ok := endorsement[l]; ok {
		return l
	}
	return "en"
}

func (g *gen) block(id int) fork.Brief { return g.p.Blocks[g.idx[id]] }

func (g *gen) copyDraft() fork.Draft {
	d := fork.Draft{Blocks: make([]fork.DraftBlock, len(g.honest.Blocks))}
	copy(d.Blocks, g.honest.Blocks)
	return d
}

// setText adds a case whose draft differs from the honest one in one
// block's text; it makes nothing when the text would not change.
func (g *gen) setText(category, variant string, id int, text string) *Case {
	before := g.block(id).Text
	text = tidy(text)
	if text == before || strings.TrimSpace(text) == "" {
		return nil
	}
	d := g.copyDraft()
	d.Blocks[g.idx[id]].Text = text
	g.cases = append(g.cases, Case{Category: category, Variant: variant, Block: id, Before: before, After: text, Expect: expectOf(category), Draft: d})
	return &g.cases[len(g.cases)-1]
}

// ---- finding facts in text

var (
	digitRun = regexp.MustCompile(`[0-9]+`)
	emailRe  = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`)
	phoneRe  = regexp.MustCompile(`\+?\(?[0-9][0-9 ()./-]{6,}[0-9]`)
)

// locate finds fact text ft in text where it stands alone: not inside a
// longer number or word. It returns -1 when there is no such place.
func locate(text, ft string) int {
	if ft == "" {
		return -1
	}
	for from := 0; from < len(text); {
		i := strings.Index(text[from:], ft)
		if i < 0 {
			return -1
		}
		i += from
		if standsAlone(text, i, i+len(ft)) {
			return i
		}
		from = i + 1
	}
	return -1
}

func standsAlone(text string, i, j int) bool {
	if i > 0 {
		r, _ := utf8.DecodeLastRuneInString(text[:i])
		first, _ := utf8.DecodeRuneInString(text[i:])
		if unicode.IsDigit(r) || (isWordRune(r) && isWordRune(first)) {
			return false
		}
	}
	if j < len(text) {
		r, _ := utf8.DecodeRuneInString(text[j:])
		last, _ := utf8.DecodeLastRuneInString(text[:j])
		if unicode.IsDigit(r) || (isWordRune(r) && isWordRune(last)) {
			return false
		}
	}
	return true
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// placed is a fact found in its block's text.
type placed struct {
	fact fork.Fact
	id   int
	at   int // byte offset of fact.Text in the block's text
}

// factsOf lists the facts of the given kinds that stand in their block's
// text, in page order, blocks of the page's copy before the head's title
// and description.
func (g *gen) factsOf(kinds ...fork.FactKind) []placed {
	want := map[fork.FactKind]bool{}
	for _, k := range kinds {
		want[k] = true
	}
	var out []placed
	for _, b := range g.p.Blocks {
		for _, f := range b.Facts {
			if !want[f.Kind] {
				continue
			}
			if at := locate(b.Text, f.Text); at >= 0 {
				out = append(out, placed{f, b.ID, at})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return headRank(g.block(out[i].id).Role) < headRank(g.block(out[j].id).Role) })
	return out
}

// headRank puts the head's title and description last: a rewrite tampers
// with the page's copy first.
func headRank(r fork.Role) int {
	if r == fork.RoleTitle || r == fork.RoleMetaDescription {
		return 1
	}
	return 0
}

// distinctValues keeps the first fact of each value, up to n.
func distinctValues(ps []placed, n int) []placed {
	seen := map[string]bool{}
	var out []placed
	for _, p := range ps {
		if seen[p.fact.Value] || len(out) == n {
			continue
		}
		seen[p.fact.Value] = true
		out = append(out, p)
	}
	return out
}

// digitsOf is s's digits alone: "1.058" and "1 058" are both "1058".
func digitsOf(s string) string {
	var sb strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// digitVariants lists same-length replacements of a run of digits, the
// most telling first: the first two digits swapped (49 → 94), then the
// first digit moved on (5 → 6, 10 → 20).
func digitVariants(run string) []string {
	var out []string
	if len(run) >= 2 && run[0] != run[1] && run[1] != '0' {
		out = append(out, string([]byte{run[1], run[0]})+run[2:])
	}
	for d := byte(1); d <= 8; d++ {
		nd := '0' + (run[0]-'0'+d)%10
		if nd == '0' && len(run) > 1 {
			continue
		}
		out = append(out, string(nd)+run[1:])
	}
	return out
}

// changeDigits changes the first run of digits in fact text ft so that
// the new figure is none the page states for this kind (taken holds their
// digits). It returns the new text and the old and new run.
func changeDigits(ft string, taken map[string]bool) (string, string, string, bool) {
	loc := digitRun.FindStringIndex(ft)
	if loc == nil {
		return "", "", "", false
	}
	run := ft[loc[0]:loc[1]]
	for _, v := range digitVariants(run) {
		nt := ft[:loc[0]] + v + ft[loc[1]:]
		if !taken[digitsOf(nt)] {
			return nt, run, v, true
		}
	}
	return "", "", "", false
}

// takenDigits is the digits of every fact of kind k on the page.
func (g *gen) takenDigits(k fork.FactKind) map[string]bool {
	taken := map[string]bool{}
	for _, f := range g.p.Ledger {
		if f.Kind == k {
			taken[digitsOf(f.Text)] = true
		}
	}
	return taken
}

// newValue is a fact's normalised value with the leading digits of its
// amount changed as its text's were: the first run of a written number
// ("1" of "1.058", "49" of "49,90") is the start of the normalised one.
func newValue(value, oldRun, newRun string) (string, bool) {
	loc := digitRun.FindStringIndex(value)
	if loc == nil || !strings.HasPrefix(value[loc[0]:loc[1]], oldRun) {
		return "", false
	}
	return value[:loc[0]] + newRun + value[loc[0]+len(oldRun):], true
}

func replaceAt(text string, at int, old, new string) string {
	return text[:at] + new + text[at+len(old):]
}

// ---- 1, 2: price digits, and the same declared under a made-up rule

func (g *gen) priceDigits() {
	taken := g.takenDigits(fork.FactKind("price"))
	for _, pf := range distinctValues(g.factsOf("price"), maxPerKind) {
		nt, oldRun, newRun, ok := changeDigits(pf.fact.Text, taken)
		if !ok {
			continue
		}
		text := replaceAt(g.block(pf.id).Text, pf.at, pf.fact.Text, nt)
		g.setText("price_digits", "", pf.id, text)
		if to, ok := newValue(pf.fact.Value, oldRun, newRun); ok {
			if c := g.setText("declared_rule", "", pf.id, text); c != nil {
				c.Draft.Changes = []fork.Change{{From: pf.fact.Value, To: to, Rule: "anything"}}
			}
		}
	}
}

// ---- 3: currency swapped

type currencySwap struct {
	from, to string
	word     bool // a code or word, that must stand alone
}

var randRe = regexp.MustCompile(`\bR ?[0-9]`)

var currencySwaps = []currencySwap{
	{"US$", "R$", false}, {"R$", "US$", false}, {"A$", "US$", false}, {"C$", "US$", false}, {"€", "$", false},
	{"£", "€", false}, {"¥", "$", false}, {"$", "€", false},
	{"EUR", "USD", true}, {"USD", "EUR", true}, {"GBP", "EUR", true}, {"BRL", "USD", true}, {"CHF", "EUR", true},
	{"ZAR", "USD", true}, {"MXN", "USD", true}, {"euros", "dollars", true}, {"euro", "dollar", true},
	{"Euro", "Dollar", true}, {"dollars", "euros", true}, {"reais", "dólares", true},
}

// swapCurrency replaces the currency mark in a price's text; the earliest
// mark wins, the longest where two start at the same place.
func swapCurrency(ft, currency string) (string, bool) {
	best, bestLen, to := -1, 0, ""
	for _, s := range currencySwaps {
		for from := 0; from < len(ft); {
			i := strings.Index(ft[from:], s.from)
			if i < 0 {
				break
			}
			i += from
			if !s.word || standsAloneWord(ft, i, i+len(s.from)) {
				if best < 0 || i < best || (i == best && len(s.from) > bestLen) {
					best, bestLen, to = i, len(s.from), s.to
				}
				break
			}
			from = i + 1
		}
	}
	if best < 0 && currency == "ZAR" {
		// Rand: "R899", "R 3 600".
		if m := randRe.FindStringIndex(ft); m != nil {
			best, bestLen, to = m[0], 1, "$"
		}
	}
	if best < 0 {
		return "", false
	}
	return ft[:best] + to + ft[best+bestLen:], true
}

// standsAloneWord is whether text[i:j] is a whole word (a currency code
// may touch digits: "400EUR").
func standsAloneWord(text string, i, j int) bool {
	if i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(text[:i]); unicode.IsLetter(r) {
			return false
		}
	}
	if j < len(text) {
		if r, _ := utf8.DecodeRuneInString(text[j:]); unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func (g *gen) currencySwap() {
	n := 0
	seen := map[string]bool{}
	for _, pf := range g.factsOf("price") {
		if n == 2 || seen[pf.fact.Currency] {
			continue
		}
		nt, ok := swapCurrency(pf.fact.Text, pf.fact.Currency)
		if !ok {
			continue
		}
		seen[pf.fact.Currency] = true
		if g.setText("currency_swap", "", pf.id, replaceAt(g.block(pf.id).Text, pf.at, pf.fact.Text, nt)) != nil {
			n++
		}
	}
}

// ---- 4: a percentage's number

func (g *gen) percentage() {
	taken := g.takenDigits("percentage")
	for _, pf := range distinctValues(g.factsOf("percentage"), maxPerKind) {
		nt, _, _, ok := changeDigits(pf.fact.Text, taken)
		if !ok {
			continue
		}
		g.setText("percentage", "", pf.id, replaceAt(g.block(pf.id).Text, pf.at, pf.fact.Text, nt))
	}
}

// ---- 5: a quantity's number, changed and spelled out

func (g *gen) quantity() {
	taken := g.takenDigits("quantity")
	qs := distinctValues(g.factsOf("quantity"), 100)
	n := 0
	for _, pf := range qs {
		if n == maxPerKind {
			break
		}
		nt, _, _, ok := changeDigits(pf.fact.Text, taken)
		if !ok {
			continue
		}
		if g.setText("quantity", "digits", pf.id, replaceAt(g.block(pf.id).Text, pf.at, pf.fact.Text, nt)) != nil {
			n++
		}
	}
	n = 0
	for _, pf := range qs {
		if n == 2 {
			break
		}
		loc := digitRun.FindStringIndex(pf.fact.Text)
		if loc == nil {
			continue
		}
		// A whole number only: not "1.32 GB", not "1 000".
		// A whole number that stands as a word: not "1.32 GB", "1 000" or
		// "3x".
		rest := pf.fact.Text[loc[1]:]
		if r, _ := utf8.DecodeRuneInString(rest); rest != "" && r != ' ' && r != '-' && r != '\u00a0' {
			continue
		}
		if len(rest) > 1 && rest[0] == ' ' && rest[1] >= '0' && rest[1] <= '9' {
			continue
		}
		v, err := strconv.Atoi(pf.fact.Text[loc[0]:loc[1]])
		word, ok := numberWords[g.lang][v]
		if err != nil || !ok {
			continue
		}
		nt := pf.fact.Text[:loc[0]] + word + pf.fact.Text[loc[1]:]
		if g.setText("quantity", "words", pf.id, replaceAt(g.block(pf.id).Text, pf.at, pf.fact.Text, nt)) != nil {
			n++
		}
	}
}

// ---- 6, 7, 8: claims appended to a body block

// hostBlocks are blocks a rewrite could append a sentence to, or drop or
// replace whole: blocks that state no figure, contact or verbatim line
// first (so that one tamper trips one thing), then body copy before
// answers, subheadlines and bullets, longest first.
func (g *gen) hostBlocks() []fork.Brief {
	rank := map[fork.Role]int{fork.RoleBody: 0, fork.RoleFAQAnswer: 1, fork.RoleSubheadline: 2, fork.RoleBullet: 3}
	var out []fork.Brief
	for _, b := range g.p.Blocks {
		if _, ok := rank[b.Role]; !ok || b.Verbatim || len(strings.Fields(b.Text)) < 4 {
			continue
		}
		out = append(out, b)
	}
	sort.SliceStable(out, func(i, j int) bool {
		fi, fj := statesFacts(out[i]), statesFacts(out[j])
		if fi != fj {
			return !fi
		}
		ri, rj := rank[out[i].Role], rank[out[j].Role]
		if ri != rj {
			return ri < rj
		}
		return len(strings.Fields(out[i].Text)) > len(strings.Fields(out[j].Text))
	})
	return out
}

// statesFacts is whether a block holds a fact other than a name or a link.
func statesFacts(b fork.Brief) bool {
	for _, f := range b.Facts {
		if f.Kind != "name" && f.Kind != "url" {
			return true
		}
	}
	return false
}

// appendSentence adds a sentence after a block's text.
func appendSentence(text, s string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return s
	}
	if r, _ := utf8.DecodeLastRuneInString(text); !strings.ContainsRune(".!?…:;\"”»)", r) {
		text += "."
	}
	return text + " " + s
}

func (g *gen) numberReuse() {
	hosts := g.hostBlocks()
	if len(hosts) == 0 {
		return
	}
	// The page's whole numbers from its quantities and numbers, quantities
	// first; years and tiny counts make poor claims.
	nums := g.factsOf("quantity", "number")
	sort.SliceStable(nums, func(i, j int) bool { return nums[i].fact.Kind == "quantity" && nums[j].fact.Kind != "quantity" })
	for _, rc := range reuseClaims {
		for _, pf := range nums {
			v := pf.fact.Amount
			if v != float64(int(v)) || v < 2 || v > 999 {
				continue
			}
			n := int(v)
			if rc.name == "percent_off" && n > 90 {
				continue
			}
			claim := fmt.Sprintf(rc.text[g.lang], n)
			if rc.name == "percent_off" && g.hasFact("percentage", fmt.Sprintf("%d%%", n)) {
				continue
			}
			if strings.Contains(g.pageLower, strings.ToLower(claim)) {
				continue
			}
			host, ok := g.hostWithout(hosts, pf.id)
			if !ok {
				continue
			}
			if c := g.setText("number_reuse", rc.name, host.ID, appendSentence(host.Text, claim)); c != nil {
				break
			}
		}
	}
}

func (g *gen) hasFact(kind fork.FactKind, value string) bool {
	for _, f := range g.p.Ledger {
		if f.Kind == kind && f.Value == value {
			return true
		}
	}
	return false
}

// hostWithout is the first host block other than block id.
func (g *gen) hostWithout(hosts []fork.Brief, id int) (fork.Brief, bool) {
	for _, h := range hosts {
		if h.ID != id {
			return h, true
		}
	}
	return fork.Brief{}, false
}

func (g *gen) endorsement() {
	hosts := g.hostBlocks()
	if len(hosts) == 0 {
		return
	}
	g.setText("endorsement", "", hosts[0].ID, appendSentence(hosts[0].Text, endorsement[g.lang]))
}

func (g *gen) inventedName() {
	hosts := g.hostBlocks()
	if len(hosts) == 0 || g.pageSays([][]string{{"stripe"}, {"acme"}, {"keller"}, {"maria"}}) {
		return
	}
	g.setText("invented_name", "", hosts[0].ID, appendSentence(hosts[0].Text, names[g.lang]))
}

func (g *gen) claims() {
	hosts := g.hostBlocks()
	if len(hosts) == 0 {
		return
	}
	for _, c := range claims {
		if g.pageSays(c.already[g.lang]) || (g.lang != "en" && g.pageSays(c.already["en"])) {
			continue
		}
		g.setText("claims", c.name, hosts[0].ID, appendSentence(hosts[0].Text, c.text[g.lang]))
	}
}

// pageSays is whether the page's text holds every word of any one set.
func (g *gen) pageSays(sets [][]string) bool {
	for _, set := range sets {
		all := true
		for _, w := range set {
			if !strings.Contains(g.pageLower, w) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// ---- 9, 10: prices moved between blocks

func (g *gen) priceSwap() {
	// Blocks with exactly one price, price rows first.
	byBlock := map[int][]placed{}
	var order []int
	for _, pf := range g.factsOf("price") {
		if len(byBlock[pf.id]) == 0 {
			order = append(order, pf.id)
		}
		byBlock[pf.id] = append(byBlock[pf.id], pf)
	}
	var single []placed
	for _, id := range order {
		if headRank(g.block(id).Role) > 0 {
			continue // the head's description is no plan's row
		}
		if n := countKind(g.block(id).Facts, "price"); n == 1 && len(byBlock[id]) == 1 {
			single = append(single, byBlock[id][0])
		}
	}
	sort.SliceStable(single, func(i, j int) bool {
		return priceRowRank(g.block(single[i].id).Role) < priceRowRank(g.block(single[j].id).Role)
	})
	used := map[int]bool{}
	made := 0
	for i := 0; i < len(single) && made < 2; i++ {
		a := single[i]
		if used[a.id] {
			continue
		}
		for j := i + 1; j < len(single); j++ {
			b := single[j]
			if used[b.id] || b.fact.Amount == a.fact.Amount || b.fact.Text == a.fact.Text {
				continue
			}
			d := g.copyDraft()
			ta := replaceAt(g.block(a.id).Text, a.at, a.fact.Text, b.fact.Text)
			tb := replaceAt(g.block(b.id).Text, b.at, b.fact.Text, a.fact.Text)
			d.Blocks[g.idx[a.id]].Text = ta
			d.Blocks[g.idx[b.id]].Text = tb
			g.cases = append(g.cases, Case{
				Category: "price_swap", Block: a.id,
				Before: fmt.Sprintf("block %d: %s | block %d: %s", a.id, g.block(a.id).Text, b.id, g.block(b.id).Text),
				After:  fmt.Sprintf("block %d: %s | block %d: %s", a.id, ta, b.id, tb),
				Expect: expectOf("price_swap"), Draft: d,
			})
			used[a.id], used[b.id] = true, true
			made++
			break
		}
	}
}

func countKind(facts []fork.Fact, k fork.FactKind) int {
	n := 0
	for _, f := range facts {
		if f.Kind == k {
			n++
		}
	}
	return n
}

// priceRowRank puts price rows before prose, and the head's lines last.
func priceRowRank(r fork.Role) int {
	switch r {
	case fork.RolePrice:
		return 0
	case fork.RoleTitle, fork.RoleMetaDescription:
		return 2
	}
	return 1
}

func (g *gen) priceRemoved() {
	ps := g.factsOf("price")
	made := 0
	for _, a := range ps {
		if made == 2 {
			break
		}
		if headRank(g.block(a.id).Role) > 0 {
			continue
		}
		elsewhere := false
		for _, b := range ps {
			if b.id != a.id && b.fact.Value == a.fact.Value {
				elsewhere = true
				break
			}
		}
		if !elsewhere {
			continue
		}
		text := removeSpan(g.block(a.id).Text, a.at, a.at+len(a.fact.Text))
		if !hasLetter(text) {
			continue // the block was the price alone: that is a dropped block
		}
		if g.setText("price_removed_from_row", "", a.id, text) != nil {
			made++
		}
	}
}

// removeSpan cuts text[i:j] and mends the space and punctuation around
// it: "at $8/month billed annually, with" → "at $8/month, with";
// "(€8 korting)" → "(korting)"; "continue (€4/mo) or" → "continue or".
func removeSpan(text string, i, j int) string {
	spaced := (i > 0 && text[i-1] == ' ') || (j < len(text) && text[j] == ' ')
	before, after := strings.TrimRight(text[:i], " "), strings.TrimLeft(text[j:], " ")
	if strings.HasSuffix(before, "(") && strings.HasPrefix(after, ")") {
		before, after = strings.TrimRight(strings.TrimSuffix(before, "("), " "), strings.TrimLeft(strings.TrimPrefix(after, ")"), " ")
		spaced = true
	}
	const seps = ",;:·–—-|/ "
	switch {
	case before == "":
		after = strings.TrimLeft(after, seps)
	case after == "":
		before = strings.TrimRight(before, seps)
	case strings.ContainsAny(after[:1], ",.;)!?"):
		before = strings.TrimRight(before, seps)
	}
	if before == "" || after == "" || !spaced || strings.HasSuffix(before, "(") || strings.ContainsAny(after[:1], ",.;)!?") {
		return strings.TrimSpace(before + after)
	}
	return before + " " + after
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// ---- 11: qualifiers: the period, "up to", annual billing

func (g *gen) qualifiers() {
	g.periodSwap(yearMarkers, eachMonth, "year_to_month")
	g.periodSwap(monthMarkers, eachYear, "month_to_year")
	g.upTo()
	g.billingSwap()
}

// discountWords mark a percentage that is a saving, the kind a rewrite
// turns into a ceiling ("Save 17%" → "Save up to 17%").
var discountWords = []string{"save", "off", "discount", "spar", "rabatt", "ahorr", "descuento", "economi", "desconto",
	"remise", "réduction", "sconto", "rispar", "korting", "bespaar"}

// qualifierWords already bound a figure: "at least 35%" must not become
// "at least up to 35%".
var qualifierWords = []string{"up to", "at least", "over", "more than", "bis zu", "mindestens", "über", "hasta", "más de",
	"jusqu'à", "plus de", "até", "mais de", "fino a", "fino al", "oltre", "tot", "meer dan", "minstens", "ab", "from", "desde", "dès"}

// upTo puts "up to" before a saving's percentage.
func (g *gen) upTo() {
	ps := g.factsOf("percentage")
	sort.SliceStable(ps, func(i, j int) bool {
		return containsAny(strings.ToLower(g.block(ps[i].id).Text), discountWords) && !containsAny(strings.ToLower(g.block(ps[j].id).Text), discountWords)
	})
	for _, pf := range ps {
		if pf.fact.Amount >= 100 {
			continue // "up to 100% secure" says the same
		}
		text := g.block(pf.id).Text
		head := strings.ToLower(strings.TrimRight(text[:pf.at], " "))
		bound := false
		for _, q := range qualifierWords {
			if strings.HasSuffix(head, q) && (len(head) == len(q) || head[len(head)-len(q)-1] == ' ') {
				bound = true
			}
		}
		if bound {
			continue
		}
		at, ins := pf.at, upTo[g.lang]
		if g.lang == "es" && strings.HasSuffix(head, " un") {
			at, ins = pf.at-len("un "), "hasta " // "ahorra un 17%" → "ahorra hasta un 17%"
		}
		if g.setText("qualifier_period", "up_to", pf.id, text[:at]+ins+text[at:]) != nil {
			return
		}
	}
}

// periodSwap changes the billing period that stands in or right after a
// price's text into the other period.
func (g *gen) periodSwap(markers []string, repl map[string]string, variant string) {
	for _, pf := range g.factsOf("price") {
		text := g.block(pf.id).Text
		numAt := pf.at
		if loc := digitRun.FindStringIndex(pf.fact.Text); loc != nil {
			numAt += loc[1]
		}
		end := min(len(text), pf.at+len(pf.fact.Text)+20)
		window := strings.ToLower(text[numAt:end])
		best, bestLen := -1, 0
		for _, m := range markers {
			i := strings.Index(window, m)
			if i < 0 || !standsAloneWord(window, i, i+len(m)) {
				continue
			}
			if best < 0 || i < best || (i == best && len(m) > bestLen) {
				best, bestLen = i, len(m)
			}
		}
		if best < 0 {
			continue
		}
		at := numAt + best
		nt := text[:at] + repl[g.lang] + text[at+bestLen:]
		if g.setText("qualifier_period", variant, pf.id, nt) != nil {
			return
		}
	}
}

// billingSwap turns annual billing into monthly in a block that states a
// price or a percentage: "billed annually" → "billed monthly".
func (g *gen) billingSwap() {
	swaps := billingSwaps[g.lang]
	if g.lang != "en" {
		swaps = append(swaps, billingSwaps["en"]...)
	}
	for _, pf := range append(g.factsOf("price"), g.factsOf("percentage")...) {
		text := g.block(pf.id).Text
		for _, s := range swaps {
			if i := indexWord(text, s[0]); i >= 0 {
				if g.setText("qualifier_period", "billing", pf.id, text[:i]+matchCase(text[i:i+len(s[0])], s[1])+text[i+len(s[0]):]) != nil {
					return
				}
			}
		}
	}
}

// indexWord finds w in text as whole words, ignoring case; -1 if absent.
func indexWord(text, w string) int {
	lt, lw := strings.ToLower(text), strings.ToLower(w)
	if len(lt) != len(text) || len(lw) != len(w) {
		return -1 // a case change that moves bytes: not worth the trouble
	}
	for from := 0; from < len(lt); {
		i := strings.Index(lt[from:], lw)
		if i < 0 {
			return -1
		}
		i += from
		if standsAloneWord(lt, i, i+len(lw)) {
			return i
		}
		from = i + 1
	}
	return -1
}

// matchCase capitalises repl as old is.
func matchCase(old, repl string) string {
	r, _ := utf8.DecodeRuneInString(old)
	if unicode.IsUpper(r) {
		rr, n := utf8.DecodeRuneInString(repl)
		return string(unicode.ToUpper(rr)) + repl[n:]
	}
	return repl
}

// ---- 12: a coupon code

var couponRe = regexp.MustCompile(`(?i:\b(?:promo ?code|coupon code|voucher code|discount code|gutscheincode|rabattcode|gutschein|kortingscode|codice sconto|codice|código|codigo|cupom|cupón|coupon|voucher|code))\b[\s:"'“«„]*([A-Z0-9][A-Z0-9-]{3,})\b`)

func (g *gen) coupon() {
	for _, b := range g.p.Blocks {
		for _, m := range couponRe.FindAllStringSubmatchIndex(b.Text, -1) {
			code := b.Text[m[2]:m[3]]
			if !strings.ContainsAny(code, "0123456789") || !strings.ContainsAny(code, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
				continue
			}
			nc := bumpCode(code)
			g.setText("coupon", "", b.ID, b.Text[:m[2]]+nc+b.Text[m[3]:])
			return
		}
	}
}

// bumpCode changes a code's last digit (SPRING24 → SPRING25), or its last
// letter.
func bumpCode(code string) string {
	b := []byte(code)
	for i := len(b) - 1; i >= 0; i-- {
		switch {
		case b[i] >= '0' && b[i] <= '9':
			b[i] = '0' + (b[i]-'0'+1)%10
			return string(b)
		}
	}
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] >= 'A' && b[i] <= 'Y' {
			b[i]++
			return string(b)
		}
	}
	return code + "X"
}

// ---- 13, 14: calls to action

func (g *gen) ctas() []fork.Brief {
	var out []fork.Brief
	for _, b := range g.p.Blocks {
		if b.Role == fork.RoleCTA {
			out = append(out, b)
		}
	}
	return out
}

func (g *gen) ctaLink() {
	ctas := g.ctas()
	for _, a := range ctas {
		if a.Href == "" {
			continue
		}
		g.setHref("foreign", a.ID, "https://elsewhere.example/offer")
		for _, b := range ctas {
			if b.Href != "" && b.Href != a.Href {
				g.setHref("other_cta", a.ID, b.Href)
				break
			}
		}
		return
	}
}

func (g *gen) setHref(variant string, id int, href string) {
	d := g.copyDraft()
	d.Blocks[g.idx[id]].Href = href
	g.cases = append(g.cases, Case{Category: "cta_link", Variant: variant, Block: id, Before: g.block(id).Href, After: href, Expect: expectOf("cta_link"), Draft: d})
}

func (g *gen) ctaAction() {
	var dl, buy *fork.Brief
	for _, b := range g.ctas() {
		label, href := strings.ToLower(b.Text), strings.ToLower(b.Href)
		switch {
		case dl == nil && (containsAny(label, downloadWords) || containsAny(href, downloadHrefs)):
			dl = &b
		case buy == nil && containsAny(label, buyWords) && !containsAny(label, downloadWords):
			buy = &b
		}
	}
	if dl != nil {
		g.setText("cta_action", "download_to_demo", dl.ID, bookDemoLabel[g.lang])
	}
	if buy != nil {
		g.setText("cta_action", "buy_to_download", buy.ID, downloadLabel[g.lang])
	}
}

// containsAny is whether s holds any of words, each standing alone where
// it is a word.
func containsAny(s string, words []string) bool {
	for _, w := range words {
		if i := strings.Index(s, w); i >= 0 {
			if !unicode.IsLetter([]rune(w)[0]) || standsAloneWordPrefix(s, i) {
				return true
			}
		}
	}
	return false
}

// standsAloneWordPrefix is whether a word starts at i (it may go on:
// "download" in "downloads").
func standsAloneWordPrefix(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !unicode.IsLetter(r)
}

// ---- 15: a verbatim line reworded by one word

func (g *gen) verbatim() {
	for _, role := range []fork.Role{fork.RoleTestimonial, fork.RoleGuarantee, fork.RoleFinePrint} {
		for _, b := range g.p.Blocks {
			if b.Role != role {
				continue
			}
			if nt, ok := rewordOne(b.Text, g.lang, b.Facts); ok {
				g.setText("verbatim", string(role), b.ID, nt)
				break
			}
		}
	}
}

var wordRe = regexp.MustCompile(`\p{L}+`)

// rewordOne replaces one word of text: a synonym from the language's
// table where one stands, else the last plain lower-case word of four
// letters or more (never inside a fact) by the language's filler word.
func rewordOne(text, lang string, facts []fork.Fact) (string, bool) {
	inFact := func(i, j int) bool {
		for _, f := range facts {
			if f.Kind == "guarantee" || f.Kind == "legal" {
				continue // the whole line: its words are what we change
			}
			if k := strings.Index(text, f.Text); k >= 0 && i < k+len(f.Text) && k < j {
				return true
			}
		}
		return false
	}
	words := wordRe.FindAllStringIndex(text, -1)
	hyphened := func(w []int) bool {
		return (w[0] > 0 && text[w[0]-1] == '-') || (w[1] < len(text) && text[w[1]] == '-')
	}
	for _, s := range synonyms[lang] {
		for _, w := range words {
			if text[w[0]:w[1]] == s[0] && !hyphened(w) && !inFact(w[0], w[1]) {
				return text[:w[0]] + s[1] + text[w[1]:], true
			}
		}
	}
	for k := len(words) - 1; k >= 0; k-- {
		w := words[k]
		word := text[w[0]:w[1]]
		r, _ := utf8.DecodeRuneInString(word)
		if utf8.RuneCountInString(word) < 4 || !unicode.IsLower(r) || hyphened(w) || inFact(w[0], w[1]) || strings.EqualFold(word, fallbackWord[lang]) {
			continue
		}
		return text[:w[0]] + fallbackWord[lang] + text[w[1]:], true
	}
	return "", false
}

// ---- 16: a block left out

func (g *gen) blockDropped() {
	drop := func(variant string, id int) {
		d := g.copyDraft()
		i := g.idx[id]
		d.Blocks = append(d.Blocks[:i:i], d.Blocks[i+1:]...)
		g.cases = append(g.cases, Case{Category: "block_dropped", Variant: variant, Block: id, Before: g.block(id).Text, After: "", Expect: expectOf("block_dropped"), Draft: d})
	}
	if hosts := g.hostBlocks(); len(hosts) > 0 {
		drop("body", hosts[0].ID)
	}
	for _, role := range []fork.Role{fork.RolePrice, fork.RoleCTA} {
		for _, b := range g.p.Blocks {
			if b.Role == role {
				drop(string(role), b.ID)
				break
			}
		}
	}
}

// ---- 17: an e-mail address and a phone number, one character off

func (g *gen) contact() {
	for _, b := range g.p.Blocks {
		if m := emailRe.FindStringIndex(b.Text); m != nil {
			addr := b.Text[m[0]:m[1]]
			if g.setText("contact", "email", b.ID, b.Text[:m[0]]+bumpLetter(addr)+b.Text[m[1]:]) != nil {
				break
			}
		}
	}
	phones := g.phoneSpans()
	if len(phones) > 0 {
		p := phones[0]
		b := g.block(p.id)
		num := b.Text[p.at:p.end]
		g.setText("contact", "phone", p.id, b.Text[:p.at]+bumpLastDigit(num)+b.Text[p.end:])
	}
}

type span struct{ id, at, end int }

// phoneSpans finds phone numbers: the ledger's, else any run that looks
// like one (eight digits or more, with a + or grouped by spaces).
func (g *gen) phoneSpans() []span {
	var out []span
	for _, pf := range g.factsOf("phone") {
		out = append(out, span{pf.id, pf.at, pf.at + len(pf.fact.Text)})
	}
	if len(out) > 0 {
		return out
	}
	for _, b := range g.p.Blocks {
		for _, m := range phoneRe.FindAllStringIndex(b.Text, -1) {
			s := b.Text[m[0]:m[1]]
			lead := strings.ToLower(b.Text[max(0, m[0]-40):m[0]])
			if len(digitsOf(s)) >= 8 && (strings.HasPrefix(s, "+") || containsAny(lead, phoneWords)) {
				out = append(out, span{b.ID, m[0], m[1]})
			}
		}
	}
	return out
}

// phoneWords stand before a phone number written without a +.
var phoneWords = []string{"phone", "call", "tel", "ruf", "anruf", "llam", "teléfono", "ligue", "telefone", "appel",
	"téléphone", "chiama", "telefono", "bel ", "telefoon"}

// bumpLetter changes the first letter of an address's local part.
func bumpLetter(addr string) string {
	b := []byte(addr)
	for i, c := range b {
		switch {
		case c >= 'a' && c < 'z', c >= 'A' && c < 'Z':
			b[i] = c + 1
			return string(b)
		case c == 'z' || c == 'Z':
			b[i] = c - 1
			return string(b)
		}
	}
	return "x" + addr
}

func bumpLastDigit(num string) string {
	b := []byte(num)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] >= '0' && b[i] <= '9' {
			b[i] = '0' + (b[i]-'0'+1)%10
			break
		}
	}
	return string(b)
}

// ---- 18: a price's condition removed from its block

func (g *gen) conditionDropped() {
	made := 0
	seen := map[int]bool{}
	for _, pf := range g.factsOf("price") {
		if made == 2 || seen[pf.id] {
			continue
		}
		b := g.block(pf.id)
		text := b.Text
		lower := strings.ToLower(text)
		if len(lower) != len(text) {
			continue
		}
		for _, phrase := range conditionPhrases {
			i := strings.Index(lower, phrase)
			if i < 0 || !standsAloneWord(lower, i, i+len(phrase)) {
				continue
			}
			j := i + len(phrase)
			if g.overlapsPrice(b, i, j) {
				continue
			}
			if i > 0 && text[i-1] == '(' && j < len(text) && text[j] == ')' {
				i, j = i-1, j+1
			}
			nt := removeSpan(text, i, j)
			if locate(nt, pf.fact.Text) < 0 {
				continue
			}
			if g.setText("condition_dropped", "", pf.id, nt) != nil {
				made++
				seen[pf.id] = true
				break
			}
		}
	}
}

// overlapsPrice is whether text[i:j] of block b overlaps a price fact.
func (g *gen) overlapsPrice(b fork.Brief, i, j int) bool {
	for _, f := range b.Facts {
		if f.Kind != "price" {
			continue
		}
		if k := locate(b.Text, f.Text); k >= 0 && i < k+len(f.Text) && k < j {
			return true
		}
	}
	return false
}

// ---- 19: a whole block in another language

func (g *gen) otherLanguage() {
	var best *fork.Brief
	for _, b := range g.hostBlocks() {
		if b.Role != fork.RoleBody && b.Role != fork.RoleFAQAnswer && b.Role != fork.RoleSubheadline {
			continue
		}
		if n := len(strings.Fields(b.Text)); n >= 15 && (best == nil || n > len(strings.Fields(best.Text))) {
			bb := b
			best = &bb
		}
	}
	if best == nil {
		return
	}
	bank, variant := englishText, "english"
	if g.lang == "en" {
		bank, variant = spanishText, "spanish"
	}
	g.setText("other_language", variant, best.ID, sentenceOf(bank, len(strings.Fields(best.Text))))
}

// sentenceOf is the first n words of bank (round again if need be) as
// one sentence.
func sentenceOf(bank string, n int) string {
	words := strings.Fields(bank)
	out := make([]string, 0, n)
	for len(out) < n {
		out = append(out, words[len(out)%len(words)])
	}
	s := strings.TrimRight(strings.Join(out, " "), ",.;")
	return s + "."
}

var spaces = regexp.MustCompile(` {2,}`)

// tidy folds runs of plain spaces; a no-break space stays as it is, so a
// tamper changes nothing but what it means to.
func tidy(s string) string { return strings.Trim(spaces.ReplaceAllString(s, " "), " ") }
