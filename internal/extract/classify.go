package extract

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/marketingfork/fork/internal/langtag"
	"github.com/marketingfork/fork/internal/offer"
)

var (
	onclickRe = regexp.MustCompile(`(?:location(?:\.href)?\s*=\s*|location\.(?:assign|replace)\(\s*|window\.open\(\s*)['"]([^'"]+)['"]`)
	domainRe  = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}$`)
	urlishRe  = regexp.MustCompile(`^(?:[a-z][a-z0-9+.-]*://\S+|[^\s@]+@[^\s@]+\.\w+|[\w.-]+(?:/[\w.-]+)+\.\w{1,5})$`)
)

func isDigitByte(b byte) bool { return b >= '0' && b <= '9' }

func isLower(r rune) bool { return unicode.IsLower(r) }
func isUpper(r rune) bool { return unicode.IsUpper(r) }

func hasDigit(s string) bool {
	return strings.IndexFunc(s, unicode.IsDigit) >= 0
}

// digitsOnly reports whether s is a bare number ("25", "9.99").
func digitsOnly(s string) bool {
	return s != "" && strings.Trim(s, "0123456789.,") == ""
}

// priceCoverage is the share of s's non-space characters that belong to
// prices, as the offer vocabulary reads them; a long text is not a price
// block whatever it holds.
func priceCoverage(s string) float64 {
	if len(s) > 4*maxPriceChars {
		return 0
	}
	return offer.PriceCoverage(s)
}

func boundaryAfter(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	r := firstRune(s[i:])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// phraseSet finds whole-word phrases in a text in one pass: phrases are
// indexed by their first word.
type phraseSet map[string][]string

func compilePhrases(lists ...[]string) phraseSet {
	ps := phraseSet{}
	for _, list := range lists {
		for _, p := range list {
			end := strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
			if end < 0 {
				end = len(p)
			}
			ps[p[:end]] = append(ps[p[:end]], p)
		}
	}
	return ps
}

// in reports whether lower holds one of the phrases as whole words.
func (ps phraseSet) in(lower string) bool {
	return ps.inWords(lower, wordStarts(lower))
}

// inWords is in with the word starts of lower worked out by wordStarts.
func (ps phraseSet) inWords(lower string, starts [][2]int) bool {
	for _, w := range starts {
		for _, p := range ps[lower[w[0]:w[1]]] {
			if strings.HasPrefix(lower[w[0]:], p) && boundaryAfter(lower, w[0]+len(p)) {
				return true
			}
		}
	}
	return false
}

// wordStarts returns the byte spans of the words (runs of letters and
// digits) of s.
func wordStarts(s string) [][2]int {
	var out [][2]int
	start := -1
	for i, r := range s {
		alnum := r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') ||
			r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
		switch {
		case alnum && start < 0:
			start = i
		case !alnum && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(s)})
	}
	return out
}

var (
	// The guarantee and legal phrases are the offer vocabulary's, so a
	// block's role and the lines the ledger keeps agree: a phrase that
	// marks a line of any length, one that marks only a short badge, and
	// legal marks and conditions that count only in small print.
	guaranteePhraseSet   = compilePhrases(offerPhrases(offer.GuaranteePhrases(), offer.KeyGuarantee))
	guaranteeWordSet     = compilePhrases(offerPhrases(offer.GuaranteePhrases(), offer.KeyGuaranteeWord))
	finePrintSet         = compilePhrases(offerPhrases(offer.LegalPhrases(), offer.KeyLegal, offer.KeyRights))
	finePrintWeakSet     = compilePhrases(offerPhrases(offer.LegalPhrases(), offer.KeyLegalMark, offer.KeyCondition))
	rightsSet            = compilePhrases(offerPhrases(offer.LegalPhrases(), offer.KeyRights))
	footnoteConditionSet = compilePhrases(footnoteConditions)
	faqHeadingSet        = compilePhrases(faqHeadingWords)
)

// startsWithCTAVerb reports whether a text opens with a call-to-action verb
// in one of the languages of ctaVerbs.
func startsWithCTAVerb(lower string) bool {
	lower = strings.TrimLeftFunc(lower, func(r rune) bool { return isSpaceOrDecor(r) || unicode.IsPunct(r) })
	for _, verbs := range ctaVerbs {
		for _, v := range verbs {
			if strings.HasPrefix(lower, v) && boundaryAfter(lower, len(v)) {
				return true
			}
		}
	}
	return false
}

func isCopyright(lower string) bool {
	for _, m := range copyrightMarks {
		if strings.HasPrefix(lower, m) {
			return true
		}
	}
	return rightsSet.in(lower)
}

// offerPhrases returns the lower-cased texts of the forms with one of keys.
func offerPhrases(fs []offer.Form, keys ...string) []string {
	var out []string
	for _, f := range fs {
		if slices.Contains(keys, f.Key) {
			out = append(out, strings.ToLower(f.Text))
		}
	}
	return out
}

func startsWithFootnote(s string) bool {
	for _, m := range footnoteMarks {
		if strings.HasPrefix(s, m) {
			return true
		}
	}
	return false
}

func startsWithDash(s string) bool {
	for _, d := range attributionDashes {
		if strings.HasPrefix(s, d) {
			return true
		}
	}
	return false
}

func trimDashes(s string) string {
	return strings.TrimSpace(strings.TrimLeft(s, "—–-―~ "))
}

// ctaHref returns where a call to action leads: the href as written; for a
// button the formaction, the URL its onclick opens, the enclosing link, or
// the form's action.
func ctaHref(el *html.Node) string {
	if el.Data == "a" {
		href, ok := getAttr(el, "href")
		h := strings.TrimSpace(href)
		if h == "" || h == "#" || strings.HasPrefix(strings.ToLower(h), "javascript:") {
			if u := onclickURL(el); u != "" {
				return u
			}
		}
		if ok {
			return href
		}
	}
	if v, ok := getAttr(el, "formaction"); ok {
		return v
	}
	if u := onclickURL(el); u != "" {
		return u
	}
	if el.Data == "button" {
		// <button><a href="/checkout">…</a></button>: the link inside is
		// where the button leads.
		if a := onlyLink(el); a != nil {
			return attrVal(a, "href")
		}
	}
	for p := el.Parent; p != nil; p = p.Parent {
		if p.Type != html.ElementNode {
			continue
		}
		if p.Data == "a" {
			if v, ok := getAttr(p, "href"); ok {
				return v
			}
		}
		if p.Data == "form" && (el.Data == "button" || el.Data == "input") {
			return attrVal(p, "action")
		}
	}
	if f := attrVal(el, "form"); f != "" && (el.Data == "button" || el.Data == "input") {
		for r := el; r != nil; r = r.Parent {
			if r.Parent == nil {
				if form := findByID(r, f); form != nil && form.Data == "form" {
					return attrVal(form, "action")
				}
			}
		}
	}
	return ""
}

// onlyLink returns the one link with a target inside el, or nil when there
// is none or more than one.
func onlyLink(el *html.Node) *html.Node {
	var found *html.Node
	n := 0
	var walk func(e *html.Node)
	walk = func(e *html.Node) {
		for c := e.FirstChild; c != nil && n < 2; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.Data == "a" {
				if _, ok := getAttr(c, "href"); ok {
					found = c
					n++
				}
				continue
			}
			walk(c)
		}
	}
	walk(el)
	if n != 1 {
		return nil
	}
	return found
}

func onclickURL(el *html.Node) string {
	if m := onclickRe.FindStringSubmatch(attrVal(el, "onclick")); m != nil {
		return m[1]
	}
	return ""
}

func findByID(n *html.Node, id string) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && attrVal(c, "id") == id {
			return c
		}
		if f := findByID(c, id); f != nil {
			return f
		}
	}
	return nil
}

// path returns the block pointer of n: element names with 1-based
// positions among same-named siblings, from the root. Positions are
// counted once per parent and paths are remembered, so a page with
// thousands of siblings stays linear.
func (x *extractor) path(n *html.Node) string {
	if n == nil || n.Type != html.ElementNode {
		return ""
	}
	if p, ok := x.paths[n]; ok {
		return p
	}
	idx, ok := x.pos[n]
	if !ok {
		idx = 1
		if n.Parent != nil {
			count := map[string]int{}
			for s := n.Parent.FirstChild; s != nil; s = s.NextSibling {
				if s.Type == html.ElementNode {
					count[s.Data]++
					x.pos[s] = count[s.Data]
				}
			}
			idx = x.pos[n]
		}
	}
	b := make([]byte, 0, 64)
	b = append(b, x.path(n.Parent)...)
	b = append(b, '/')
	b = append(b, n.Data...)
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(idx), 10)
	b = append(b, ']')
	p := string(b)
	x.paths[n] = p
	return p
}

// setupTestimonials finds testimonial cards and blockquotes before the walk,
// so that attributions standing before their quote are known in time.
func (x *extractor) setupTestimonials(root *html.Node) {
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || x.skipped(c) {
			continue
		}
		inf := x.info[c]
		if !inf.hasText {
			continue
		}
		if c.Data == "blockquote" {
			x.setupBlockquote(c)
			continue
		}
		if inf.testi && !inf.ctaEl && c.Data != "a" && c.Data != "button" && !x.testiBelow(c) {
			if h := testiHint(x.classOf(c)); h != 0 && x.setupCard(c, h == weakHint) {
				continue
			}
		}
		x.setupTestimonials(c)
	}
}

const (
	strongHint = 1
	weakHint   = 2
)

// testiHint tells whether n's class names it a testimonial (strongHint) or
// a review (weakHint).
func testiHint(toks []string) int {
	switch {
	case len(toks) == 0:
		return 0
	case testimonialHints.match(toks):
		return strongHint
	case reviewHints.match(toks):
		return weakHint
	}
	return 0
}

func (x *extractor) testiBelow(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && !x.skipped(c) && x.info[c].testi {
			return true
		}
	}
	return false
}

// setupCard sets up a testimonial card s: the quoted words and who they are
// from.
func (x *extractor) setupCard(s *html.Node, weak bool) bool {
	if x.info[s].hasCTA && x.info[s].hasBlock && x.hasForm(s) {
		return false
	}
	a := x.findAttribution(s, nil, false)
	q := x.findQuote(s, a)
	if q == nil {
		return false
	}
	if weak && a == nil && !isQuoted(x.nodeText(q)) {
		return false
	}
	if a == nil {
		if p := s.Parent; p != nil && p.Type == html.ElementNode && p.Data != "body" && p.Data != "main" && x.countTesti(p) == 1 && !x.info[p].hasH1 {
			if a = x.findAttribution(p, s, false); a == nil {
				a = x.shortHeading(p, s)
			}
		}
	}
	if a == nil {
		a = x.shortHeading(s, q)
	}
	t := &testimonial{}
	if a != nil {
		t.attribution = trimDashes(x.nodeText(a))
		x.info[a].consumed = true
	}
	x.info[q].quote = t
	return true
}

func (x *extractor) hasForm(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (c.Data == "form" || x.hasForm(c)) {
			return true
		}
	}
	return false
}

// countTesti counts the testimonial cards under n.
func (x *extractor) countTesti(n *html.Node) int {
	k := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || x.skipped(c) || !x.info[c].testi {
			continue
		}
		if testiHint(x.classOf(c)) != 0 && !x.testiBelow(c) {
			k++
		} else {
			k += x.countTesti(c)
		}
	}
	return k
}

func (x *extractor) setupBlockquote(b *html.Node) {
	a := x.findAttribution(b, nil, true)
	if a == nil {
		if p := b.Parent; p != nil && p.Data == "figure" {
			for c := p.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode && c.Data == "figcaption" && !x.skipped(c) {
					a = c
					break
				}
			}
		}
	}
	if a == nil {
		s := b.NextSibling
		for s != nil && s.Type != html.ElementNode {
			if s.Type == html.TextNode && significant(s.Data) {
				s = nil
				break
			}
			s = s.NextSibling
		}
		if s != nil && !x.skipped(s) && x.info[s].hasText && !x.info[s].hasBlock {
			t := x.nodeText(s)
			if wordCount(t) <= maxAttributionWords && (s.Data == "cite" || s.Data == "figcaption" || attributionHints.match(x.classOf(s)) || startsWithDash(t)) {
				a = s
			}
		}
	}
	t := &testimonial{}
	if a != nil {
		t.attribution = trimDashes(x.nodeText(a))
		x.info[a].consumed = true
	}
	x.info[b].quote = t
}

// findAttribution looks under root (leaving out exclude's subtree) for the
// element naming who a testimonial is from.
func (x *extractor) findAttribution(root, exclude *html.Node, blockquote bool) *html.Node {
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c == exclude || x.skipped(c) || !x.info[c].hasText {
			continue
		}
		if c.Data == "cite" || c.Data == "figcaption" || (blockquote && c.Data == "footer") || attributionHints.match(x.classOf(c)) {
			if wordCount(x.nodeText(c)) <= maxAttributionWords {
				return c
			}
		}
		if a := x.findAttribution(c, exclude, blockquote); a != nil {
			return a
		}
	}
	return nil
}

// findQuote returns the element holding the quoted words of card s.
func (x *extractor) findQuote(s, attribution *html.Node) *html.Node {
	var hinted, best *html.Node
	bestWords := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode || c == attribution || x.skipped(c) || !x.info[c].hasText {
				continue
			}
			words := 0
			if hinted == nil && (c.Data == "blockquote" || c.Data == "q" || quoteTextHints.match(x.classOf(c))) {
				if words = wordCount(x.nodeText(c)); words >= minQuoteWords {
					hinted = c
					return
				}
			}
			if x.info[c].hasBlock {
				walk(c)
				continue
			}
			if words == 0 {
				words = wordCount(x.nodeText(c))
			}
			if words > bestWords {
				best, bestWords = c, words
			}
		}
	}
	walk(s)
	if hinted != nil {
		return hinted
	}
	if bestWords >= minQuoteWords {
		return best
	}
	if !x.info[s].hasBlock && wordCount(x.nodeText(s)) >= minQuoteWords {
		return s
	}
	return nil
}

// shortHeading returns the first short heading or bold line under root,
// leaving out exclude's subtree: the name over a testimonial.
func (x *extractor) shortHeading(root, exclude *html.Node) *html.Node {
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c == exclude || x.skipped(c) || !x.info[c].hasText {
			continue
		}
		switch c.Data {
		case "h2", "h3", "h4", "h5", "h6", "strong", "b":
			if wordCount(x.nodeText(c)) <= 6 {
				return c
			}
			continue
		}
		if h := x.shortHeading(c, exclude); h != nil {
			return h
		}
	}
	return nil
}

// setupFAQScopes marks the sections that a FAQ heading opens.
func (x *extractor) setupFAQScopes(root *html.Node) {
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || x.skipped(c) || !x.info[c].hasText {
			continue
		}
		if isHeadingTag(c.Data) {
			lower := strings.ToLower(x.nodeText(c))
			if faqHeadingSet.in(lower) {
				scope := c.Parent
				if x.textChildren(scope) <= 2 && scope.Parent != nil && scope.Parent.Type == html.ElementNode {
					scope = scope.Parent
				}
				if inf := x.info[scope]; inf != nil {
					inf.faqScope = true
				}
			}
			continue
		}
		if x.info[c].heading {
			x.setupFAQScopes(c)
		}
	}
}

func (x *extractor) textChildren(n *html.Node) int {
	k := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && !x.skipped(c) && x.info[c].hasText {
			k++
		}
	}
	return k
}

// markFAQ marks, among el's children, headings that ask a question and the
// elements after them that answer it.
func (x *extractor) markFAQ(el *html.Node) {
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || x.skipped(c) || !x.info[c].hasText {
			continue
		}
		if !isHeadingTag(c.Data) || c.Data == "h1" || !endsWithQuestion(x.nodeText(c)) {
			continue
		}
		var answers []*html.Node
		for s := c.NextSibling; s != nil; s = s.NextSibling {
			if s.Type != html.ElementNode || x.skipped(s) || !x.info[s].hasText {
				continue
			}
			if isHeadingTag(s.Data) || x.info[s].heading || faqQuestionHints.match(x.classOf(s)) {
				break
			}
			answers = append(answers, s)
		}
		if len(answers) == 0 {
			continue
		}
		x.info[c].faqQ = true
		for _, a := range answers {
			x.info[a].faqA = true
		}
	}
}

// finish turns the candidates into blocks.
func (x *extractor) finish(d *Document, h head) {
	for _, c := range x.cands {
		x.finalize(c)
	}
	for _, c := range x.cands {
		if !c.drop && c.role == "" {
			x.classify(c)
		}
	}
	live := x.cands[:0]
	for _, c := range x.cands {
		if !c.drop {
			live = append(live, c)
		}
	}
	x.cands = live
	x.attachAttributions()
	x.filter()
	x.pickHeadline()

	var title string
	var texts []string
	d.Blocks = make([]Block, 0, len(x.cands))
	d.targets = make([]target, 0, len(x.cands))
	for _, c := range x.cands {
		if c.drop {
			continue
		}
		id := len(d.Blocks)
		b := Block{ID: id, Role: c.role, Text: c.text, Href: c.href, Attribution: c.attribution, Tag: c.el.Data, Path: x.path(c.el)}
		if c.attr != "" {
			b.Path += "@" + c.attr
		}
		d.Blocks = append(d.Blocks, b)
		d.targets = append(d.targets, c.t)
		switch c.role {
		case RoleTitle:
			if title == "" {
				title = c.text
			}
		case RoleMetaDescription:
		default:
			texts = append(texts, c.text)
		}
	}
	d.SiteName = h.siteName(title, texts)
}

// finalize works out a candidate's text and write-back target.
func (x *extractor) finalize(c *cand) {
	if c.attr != "" {
		c.text = fold(attrVal(c.el, c.attr))
		c.t = target{el: c.el, attr: c.attr}
		if !hasAlnum(c.text) {
			c.drop = true
		}
		return
	}
	first, last := -1, -1
	for i, p := range c.pieces {
		if significant(p.n.Data) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		c.drop = true
		return
	}
	ps := c.pieces[first : last+1]
	fd, ld := ps[0].n.Data, ps[len(ps)-1].n.Data
	lead := fd[:leadLen(fd)]
	trail := ld[len(ld)-trailLen(ld):]

	var b strings.Builder
	noCopy, small := true, true
	var link *html.Node
	oneLink := true
	allLinks := true
	for i, p := range ps {
		s := p.n.Data
		if i == len(ps)-1 {
			s = s[:len(s)-len(trail)]
		}
		if i == 0 {
			s = s[len(lead):]
		}
		switch {
		case i > 0 && x.splitCents(b.String(), s, p):
			b.WriteString(x.decimal)
		case i > 0 && needSpace(p.sep, lastRune(b.String()), firstRune(s)):
			b.WriteByte(' ')
		}
		b.WriteString(s)
		if significant(p.n.Data) {
			noCopy = noCopy && p.noCopy
			small = small && p.small
			switch {
			case p.link == nil:
				oneLink, allLinks = false, false
			case link == nil:
				link = p.link
			case link != p.link:
				oneLink = false
			}
		}
	}
	c.text = fold(b.String())
	nodes := make([]*html.Node, len(ps))
	for i, p := range ps {
		nodes[i] = p.n
	}
	c.t = target{el: c.src, nodes: nodes, lead: lead, trail: trail}
	c.allLinks = allLinks
	c.small = small
	if !hasAlnum(c.text) || (noCopy && !c.ctaEl) {
		c.drop = true
		return
	}
	if oneLink && link != nil && !c.ctaEl && c.role == "" {
		c.link = link
		c.el = link
	}
	for i, n := range nodes {
		if n.Parent == c.el && significant(n.Data) {
			c.t.into = i
			break
		}
	}
}

// splitCents reports cents set apart from their price as a reader sees one
// amount: "$59<sup>95</sup>" is $59.95, and "<span>$</span><span>30</span>
// <span>00</span>" is $30.00, not 5995 or "30 00". The cents are two digits
// in a <sup>, or in an element right after a whole amount that follows a
// currency mark, with no space between.
func (x *extractor) splitCents(prev, s string, p piece) bool {
	if len(s) != 2 || !isDigitByte(s[0]) || !isDigitByte(s[1]) || prev == "" || !isDigitByte(prev[len(prev)-1]) {
		return false
	}
	start := len(prev)
	for start > 0 && isDigitByte(prev[start-1]) {
		start--
	}
	if start > 0 && strings.ContainsRune(".,", rune(prev[start-1])) {
		return false // "4,99" then "00": already a decimal number
	}
	if par := p.n.Parent; par != nil && par.Data == "sup" {
		return true
	}
	return (p.sep == sepElem || p.sep == sepNone) && offer.CurrencyBefore(prev, start) >= 0
}

// decimalMark is the mark lang writes decimals with, as the offer
// vocabulary says: "," or ".".
func decimalMark(lang string) string {
	t, err := langtag.Parse(lang)
	if err != nil {
		return "."
	}
	return string(offer.DecimalMark(t.Base(), t.Region()))
}

// needSpace decides whether the texts of two adjacent elements need a
// space between them: words in neighbouring elements ("<strong>Title</strong>
// <span>Text</span>" styled as blocks), a sentence ending before the next,
// a number badge before its label ("<span>1</span>Memory").
func needSpace(sep sepKind, prev, next rune) bool {
	switch sep {
	case sepSpace:
		return true
	case sepElem:
		return (wordish(prev) || strings.ContainsRune(".?!:;,)”»", prev)) && wordish(next)
	case sepExit:
		return (unicode.IsDigit(prev) || strings.ContainsRune(".?!", prev)) && unicode.IsUpper(next)
	}
	return false
}

// classify decides a block's role. The order is the precedence: a call to
// action, then FAQ parts, testimonials, prices, guarantees, fine print,
// headings, bullets, and body copy for the rest. Headline and hero tagline
// are decided afterwards from the page as a whole.
func (x *extractor) classify(c *cand) {
	text := c.text
	lower := strings.ToLower(text)
	words := wordCount(text)
	tag := c.src.Data
	toks := x.classOf(c.src)
	if c.el != c.src {
		toks = append(toks[:len(toks):len(toks)], x.classOf(c.el)...)
	}
	heading := isHeadingTag(tag)
	c.h1 = tag == "h1"
	cx := c.cx

	// Calls to action.
	if c.ctaEl {
		if priceCoverage(text) >= 0.8 || (priceHints.match(toks) && digitsOnly(text)) {
			c.role = RolePrice
			return
		}
		c.role = RoleCTA
		c.href = ctaHref(c.src)
		return
	}
	if cx.mode == modeNormal && c.link != nil && words <= maxCTAVerbWords && startsWithCTAVerb(lower) {
		c.role = RoleCTA
		c.href = ctaHref(c.link)
		return
	}
	if card := cx.link; cx.mode == modeNormal && card != nil && heading && words <= maxCTAVerbWords && !x.cardUsed[card] {
		if ci := x.info[card]; ci.hasBlock && !ci.hasCTA && startsWithCTAVerb(lower) {
			x.cardUsed[card] = true
			c.role = RoleCTA
			c.href = ctaHref(card)
			return
		}
	}

	// FAQ.
	if cx.summary || cx.dt || cx.question || x.info[c.src].faqQ {
		c.role = RoleFAQQuestion
		return
	}
	if (cx.details && !cx.summary) || cx.dd || cx.answer {
		c.role = RoleFAQAnswer
		return
	}

	// Testimonials.
	if cx.testi != nil {
		c.role = RoleTestimonial
		c.attribution = cx.testi.attribution
		return
	}
	if !heading && words >= minTestimonialWords && isQuoted(text) {
		c.role = RoleTestimonial
		return
	}

	// Prices, guarantees, fine print.
	if len([]rune(text)) <= maxPriceChars && ((priceHints.match(toks) && hasDigit(text)) || priceCoverage(text) >= 0.5) {
		c.role = RolePrice
		return
	}
	starts := wordStarts(lower)
	if guaranteeHints.match(toks) ||
		(words <= maxGuaranteeWords && guaranteePhraseSet.inWords(lower, starts)) ||
		(words <= maxShortGuarantee && guaranteeWordSet.inWords(lower, starts)) {
		c.role = RoleGuarantee
		return
	}
	if !heading {
		smallCtx := cx.small || cx.aside || cx.mode == modeFooter || tag == "small" || c.small
		switch {
		case startsWithFootnote(text) && (smallCtx || finePrintSet.inWords(lower, starts) || finePrintWeakSet.inWords(lower, starts) || footnoteConditionSet.inWords(lower, starts)):
			// An asterisk note is fine print when it is legal or
			// conditional; the owner's own note ("* Family discounts on
			// request") is copy a fork may retell.
			c.fpText = true
		case isCopyright(lower) && words <= 30:
			c.fpText = true
		case words <= maxFinePrintWords && finePrintSet.inWords(lower, starts):
			c.fpText = true
		case smallCtx && finePrintWeakSet.inWords(lower, starts):
			c.fpText = true
		}
		if c.fpText || finePrintHints.match(toks) {
			c.role = RoleFinePrint
			return
		}
	}

	// Headings, bullets, body.
	if heading || (words <= maxHeadingHintWords && headingHints.match(toks)) {
		c.role = RoleSubheadline
		return
	}
	if tag == "li" || (c.src.Parent != nil && c.src.Parent.Data == "li" && !c.direct) {
		c.role = RoleBullet
		return
	}
	c.role = RoleBody
}

// attachAttributions gives a quoted testimonial the attribution line that
// follows it ("— Name").
func (x *extractor) attachAttributions() {
	for i, c := range x.cands {
		if c.role != RoleTestimonial || c.attribution != "" || c.cx.testi != nil || i+1 >= len(x.cands) {
			continue
		}
		n := x.cands[i+1]
		if n.attr != "" || n.ctaEl || wordCount(n.text) > maxAttributionWords || nextElement(c.src) != n.src {
			continue
		}
		if n.src.Data == "cite" || n.src.Data == "figcaption" || attributionHints.match(x.classOf(n.src)) || startsWithDash(n.text) {
			c.attribution = trimDashes(n.text)
			n.drop = true
		}
	}
}

func nextElement(n *html.Node) *html.Node {
	for s := n.NextSibling; s != nil; s = s.NextSibling {
		if s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

// filter drops what is not copy: footer boilerplate, very short texts,
// bare URLs and e-mail addresses.
func (x *extractor) filter() {
	for _, c := range x.cands {
		if c.drop {
			continue
		}
		switch c.role {
		case RoleTitle, RoleMetaDescription:
			continue
		}
		if c.cx.mode == modeFooter {
			keep := !c.allLinks && (c.role == RoleGuarantee || (c.role == RoleFinePrint && c.fpText && !isCopyright(strings.ToLower(c.text))))
			if !keep {
				c.drop = true
				continue
			}
		}
		switch c.role {
		case RoleCTA, RolePrice, RoleSubheadline, RoleBullet:
		default:
			if countAlnum(c.text) < minLettersShortBlock {
				c.drop = true
				continue
			}
		}
		if c.role != RoleCTA && !strings.Contains(c.text, " ") && urlishRe.MatchString(strings.ToLower(c.text)) {
			c.drop = true
		}
	}
}

// pickHeadline makes the first h1 the headline. A page without one gets
// its first copy block, if short, or else its first heading. The short
// block right after the headline in the same section is the hero tagline.
func (x *extractor) pickHeadline() {
	var live []*cand
	for _, c := range x.cands {
		if !c.drop {
			live = append(live, c)
		}
	}
	idx := -1
	for i, c := range live {
		if c.h1 && c.role != RoleCTA {
			idx = i
			break
		}
	}
	if idx < 0 {
		for i, c := range live {
			switch c.role {
			case RoleTitle, RoleMetaDescription, RoleCTA, RolePrice, RoleFinePrint, RoleGuarantee:
				continue
			}
			ok := c.role == RoleBody || c.role == RoleSubheadline || (c.role == RoleTestimonial && c.attribution == "")
			if ok && wordCount(c.text) <= maxHeadlineFallback {
				idx = i
			}
			break
		}
	}
	if idx < 0 {
		for i, c := range live {
			if isHeadingTag(c.src.Data) && c.role == RoleSubheadline {
				idx = i
				break
			}
		}
	}
	if idx < 0 {
		return
	}
	h := live[idx]
	h.role = RoleHeadline
	h.attribution = ""
	if idx+1 >= len(live) {
		return
	}
	n := live[idx+1]
	if (n.role == RoleBody || n.role == RoleSubheadline) && n.src.Data != "li" && !n.direct &&
		wordCount(n.text) <= maxTaglineWords && followsAsSibling(h.src, n.src) {
		n.role = RoleSubheadline
	}
}

// followsAsSibling reports whether e is, or is inside, an element that
// comes after h among h's siblings.
func followsAsSibling(h, e *html.Node) bool {
	for a := e; a != nil; a = a.Parent {
		if a.Parent != h.Parent {
			continue
		}
		for s := h.NextSibling; s != nil; s = s.NextSibling {
			if s == a {
				return true
			}
		}
		return false
	}
	return false
}
