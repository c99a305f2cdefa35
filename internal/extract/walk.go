package extract

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// How extraction works.
//
//  1. analyze walks the tree once, bottom-up, and notes for every element
//     whether it is skipped (script, style, svg, template, iframe, pre,
//     form controls, hidden by attribute, aria-hidden, display:none, a
//     hidden class, a cookie/consent banner, an icon), whether it carries
//     text, whether it is a call-to-action element (button, submit input,
//     button-styled link) and whether it holds block-level content.
//  2. setupTestimonials and setupFAQScopes find testimonial cards (their
//     quote and attribution) and FAQ sections before the walk, because an
//     attribution may stand before its quote.
//  3. visit walks the body top-down. An element without block-level content
//     is one block (a leaf); a CTA element is one block of its own even
//     inside a paragraph; an element with child blocks is a container: its
//     child blocks are visited and its own text runs form one more block,
//     so that no text is counted twice. <nav>, role=navigation, menu-like
//     link lists and a <header> without the h1 are walked in CTA-only mode:
//     only button-styled calls to action are kept. The page <footer> is
//     walked in footer mode: only fine print (legal, tax, footnotes) and
//     guarantees are kept; copyright lines, link lists, contact details and
//     slogans are boilerplate.
//  4. finish works out each block's text (white space folded, decoration at
//     the edges left out), decides roles (classify), drops what is not copy
//     and picks the headline.

// nodeInfo is what the analysis pass learns about one element.
type nodeInfo struct {
	skip     bool // the subtree is not copy (script, hidden, icon, ...)
	noCopy   bool // code or marked translate=no: skipped as a block of its own
	ctaEl    bool // a call-to-action element: button, submit, button-styled link
	block    bool // starts a block of its own (not inline, or a CTA element)
	hasBlock bool // some descendant with text is block-level
	hasText  bool // the subtree carries text
	hasCTA   bool // some descendant is a CTA element
	hasH1    bool
	heading  bool // the subtree has a heading h1-h6
	hasNav   bool // the subtree has a <nav> or role=navigation
	testi    bool // the subtree (self included) has a testimonial class hint

	// label and labelAttr hold the accessible name of a link that shows no
	// text: its own aria-label or the alt of the one image inside it. Such
	// a link is a call to action whose label is that attribute.
	label     *html.Node
	labelAttr string

	cls   []string // lower-cased class tokens
	clsID []string // cls and the lower-cased id

	consumed bool         // used as a testimonial attribution, not a block
	faqScope bool         // a FAQ section found from its heading
	faqQ     bool         // a heading that asks a FAQ question
	faqA     bool         // an element answering the preceding FAQ question
	quote    *testimonial // the quoted words of a testimonial
	panel    bool         // a hidden tab panel or toggled region, read as copy
	struck   bool         // crossed out, it or an element above it (see struckOut)
}

type testimonial struct {
	attribution string
}

type mode uint8

const (
	modeNormal  mode = iota
	modeCTAOnly      // navigation: only button-styled calls to action are kept
	modeFooter       // page footer: only fine print and guarantees are kept
)

// ctx is what a block knows about the elements around it.
type ctx struct {
	mode     mode
	hidden   bool // inside a hidden tab panel or toggled region
	aside    bool
	small    bool
	link     *html.Node // nearest enclosing <a>
	details  bool
	summary  bool
	dt, dd   bool
	faq      bool
	question bool
	answer   bool
	testi    *testimonial
}

// cand is a block being built.
type cand struct {
	src      *html.Node // the element the text was collected from
	el       *html.Node // the element Tag and Path name: src, or the one link holding all of the text
	direct   bool       // formed by src's own text runs next to child blocks
	cx       ctx
	pieces   []piece
	attr     string // attribute key of an attribute block
	text     string
	t        target
	ctaEl    bool
	link     *html.Node // the link holding all of the text
	allLinks bool       // all of the text is link text
	small    bool       // all of the text is inside <small>

	role        Role
	href        string
	attribution string
	h1          bool
	fpText      bool     // fine print decided from the words, kept in the footer
	was         []string // the struck-out runs of text, folded
	drop        bool
}

type sepKind uint8

const (
	sepNone  sepKind = iota
	sepElem          // two elements meet with nothing between them
	sepExit          // text follows right after an element's end
	sepSpace         // a line break or block boundary
)

// piece is one text node of a block.
type piece struct {
	n      *html.Node
	sep    sepKind
	link   *html.Node
	noCopy bool // inside code or translate=no
	small  bool // inside <small>
	struck bool // crossed out (see struckOut)
}

type extractor struct {
	info     map[*html.Node]*nodeInfo
	cands    []*cand
	cardUsed map[*html.Node]bool
	pos      map[*html.Node]int    // position among same-named siblings
	paths    map[*html.Node]string // block pointers already worked out
	decimal  string                // the page's decimal mark, for cents set apart ("$59<sup>95</sup>")
	toggled  map[string]bool       // ids of the regions the page's controls open
}

func newExtractor() *extractor {
	return &extractor{
		cardUsed: map[*html.Node]bool{},
		pos:      map[*html.Node]int{},
		paths:    map[*html.Node]string{},
		toggled:  map[string]bool{},
	}
}

func (x *extractor) skipped(n *html.Node) bool {
	inf := x.info[n]
	return inf == nil || inf.skip
}

func (x *extractor) run(d *Document) {
	h := scanHead(d.root)
	d.Lang = h.lang()
	x.decimal = decimalMark(d.Lang)

	x.findToggled(d.root)
	n := countElements(d.root)
	infos := make([]nodeInfo, n)
	x.info = make(map[*html.Node]*nodeInfo, n)
	i := 0
	x.analyze(d.root, infos, &i)

	// Head blocks.
	if h.title != nil {
		c := &cand{src: h.title, el: h.title, role: RoleTitle}
		for ch := h.title.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.Type == html.TextNode {
				c.pieces = append(c.pieces, piece{n: ch})
			}
		}
		x.cands = append(x.cands, c)
	}
	if m := h.description; m != nil || h.ogDesc != nil {
		if m == nil {
			m = h.ogDesc
		}
		x.cands = append(x.cands, &cand{src: m, el: m, attr: "content", role: RoleMetaDescription})
	}
	// The share preview's titles and descriptions are copy a visitor sees
	// on the page that shared the link: blocks, written back into their
	// content attribute. og:description already read as the description
	// is not read twice.
	for _, m := range h.social {
		if m != h.description && (h.description != nil || m != h.ogDesc) {
			x.cands = append(x.cands, &cand{src: m, el: m, attr: "content", role: socialRole(m)})
		}
	}

	if h.body != nil {
		x.setupTestimonials(h.body)
		x.setupFAQScopes(h.body)
		x.visit(h.body, ctx{})
	}
	x.finish(d, h)
}

func countElements(n *html.Node) int {
	c := 0
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.ElementNode {
			c++
		}
		c += countElements(ch)
	}
	return c
}

// inlineTags are the elements whose text runs on inside their parent's
// block.
var inlineTags = map[string]bool{
	"a": true, "abbr": true, "acronym": true, "b": true, "bdi": true, "bdo": true, "big": true,
	"br": true, "cite": true, "code": true, "data": true, "del": true, "dfn": true, "em": true,
	"font": true, "i": true, "img": true, "ins": true, "kbd": true, "label": true, "mark": true,
	"nobr": true, "q": true, "rp": true, "rt": true, "ruby": true, "s": true, "samp": true,
	"small": true, "span": true, "strike": true, "strong": true, "sub": true, "sup": true,
	"time": true, "tt": true, "u": true, "var": true, "wbr": true, "output": true, "input": true,
}

func isInline(n *html.Node) bool { return inlineTags[n.Data] }

// skipTags are elements whose content is never copy.
var skipTags = map[string]bool{
	"script": true, "style": true, "noscript": true, "template": true, "svg": true, "math": true,
	"iframe": true, "object": true, "embed": true, "canvas": true, "video": true, "audio": true,
	"select": true, "textarea": true, "option": true, "optgroup": true, "datalist": true,
	"pre": true, "img": true, "picture": true, "source": true, "track": true, "map": true,
	"area": true, "link": true, "meta": true, "title": true, "param": true, "xmp": true,
	"plaintext": true, "noembed": true, "noframes": true, "frameset": true, "frame": true,
	"base": true, "hr": true, "head": true, "progress": true, "meter": true,
}

var noCopyTags = map[string]bool{"code": true, "kbd": true, "samp": true}

// isHeadingTag reports an HTML heading's tag name (h1 to h6).
func isHeadingTag(t string) bool {
	return len(t) == 2 && t[0] == 'h' && t[1] >= '1' && t[1] <= '6'
}

// hidden reports whether n is hidden from readers.
func hidden(n *html.Node) bool { return hiddenEl(n, classTokens(n)) }

func hiddenEl(n *html.Node, cls []string) bool {
	if _, ok := getAttr(n, "hidden"); ok {
		return true
	}
	if strings.EqualFold(strings.TrimSpace(attrVal(n, "aria-hidden")), "true") {
		return true
	}
	if style := attrVal(n, "style"); style != "" && (strings.Contains(style, "none") || strings.Contains(style, "hidden")) {
		s := strings.ToLower(strings.Join(strings.Fields(style), ""))
		if strings.Contains(s, "display:none") || strings.Contains(s, "visibility:hidden") {
			return true
		}
	}
	if hasToken(cls, hiddenClassTokens) {
		return true
	}
	for _, t := range cls {
		if cookieLike(t) {
			return true
		}
	}
	return cookieLike(strings.ToLower(attrVal(n, "id")))
}

func cookieLike(s string) bool {
	for _, h := range cookieHints {
		if strings.Contains(s, h) {
			return true
		}
	}
	return false
}

func isIcon(n *html.Node, cls []string) bool {
	switch n.Data {
	case "i", "span", "em":
	default:
		return false
	}
	for _, t := range cls {
		for _, tok := range iconClassTokens {
			if t == tok {
				return true
			}
		}
		for _, p := range iconClassPrefixes {
			if strings.HasPrefix(t, p) {
				return true
			}
		}
		if strings.HasSuffix(t, "-icon") || strings.HasSuffix(t, "_icon") {
			return true
		}
	}
	return false
}

// intrinsicSkip reports whether n's subtree is not copy wherever it stands.
func intrinsicSkip(n *html.Node, cls []string) bool {
	if n.Namespace != "" || skipTags[n.Data] {
		return true
	}
	if n.Data == "input" {
		switch strings.ToLower(attrVal(n, "type")) {
		case "submit", "button":
			return !significant(attrVal(n, "value"))
		}
		return true
	}
	if n.Data == "dialog" {
		if _, open := getAttr(n, "open"); !open {
			return true
		}
	}
	return hiddenEl(n, cls) || isIcon(n, cls)
}

func noCopyEl(n *html.Node, cls []string) bool {
	if noCopyTags[n.Data] {
		return true
	}
	if strings.EqualFold(strings.TrimSpace(attrVal(n, "translate")), "no") {
		return true
	}
	if _, ok := getAttr(n, "data-l10n-off"); ok {
		return true
	}
	return hasToken(cls, []string{"notranslate"})
}

// buttonStyled reports whether a link is styled as a button: a CTA class
// hint, or an inline style that paints a background.
func buttonStyled(n *html.Node, cls []string) bool {
	if ctaHints.match(cls) {
		return true
	}
	if strings.EqualFold(attrVal(n, "role"), "button") {
		return true
	}
	style := strings.ToLower(attrVal(n, "style"))
	return strings.Contains(style, "background") && strings.Contains(style, "padding") || utilityButton(cls)
}

// utilityButton reports a link painted as a button with utility classes
// (Tailwind and the like): a background colour and padding on both axes,
// "bg-emerald-600 px-6 py-3".
func utilityButton(cls []string) bool {
	var bg, px, py bool
	for _, t := range cls {
		switch {
		case strings.HasPrefix(t, "bg-"):
			switch t {
			case "bg-transparent", "bg-none", "bg-inherit", "bg-current":
			default:
				bg = true
			}
		case strings.HasPrefix(t, "px-"), strings.HasPrefix(t, "pl-") || strings.HasPrefix(t, "pr-"):
			px = true
		case strings.HasPrefix(t, "py-"), strings.HasPrefix(t, "pt-") || strings.HasPrefix(t, "pb-"):
			py = true
		case strings.HasPrefix(t, "p-"):
			px, py = true, true
		}
	}
	return bg && px && py
}

// uiControlButton reports whether a button operates the page (a menu
// toggle, a carousel arrow, back-to-top) rather than calling to action.
func uiControlButton(n *html.Node, clsID []string) bool {
	for _, k := range uiControlAttrs {
		if _, ok := getAttr(n, k); ok {
			return true
		}
	}
	return uiControl.match(clsID)
}

// panelClassTokens are class tokens of tab panels and collapsible regions
// that frameworks hide until a visitor opens them.
var panelClassTokens = []string{
	"tab-pane", "tab-panel", "tabpanel", "tabs-panel", "collapse", "accordion-collapse",
	"accordion-content", "accordion-panel", "toggle-content",
}

// notPanelTokens hide copy from every reader, opened or not.
var notPanelTokens = []string{
	"sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text",
	"screen-reader-only", "skip-link", "offscreen",
}

// hiddenPanel reports whether n, hidden, is a tab panel or a toggled
// region: copy a visitor sees when they open it, unlike a template, a
// screen-reader label or a cookie banner.
func (x *extractor) hiddenPanel(n *html.Node, cls []string) bool {
	if n.Namespace != "" || skipTags[n.Data] || n.Data == "input" || n.Data == "dialog" || !hiddenEl(n, cls) || isIcon(n, cls) || hasToken(cls, notPanelTokens) {
		return false
	}
	for _, t := range cls {
		if cookieLike(t) {
			return false
		}
	}
	if strings.EqualFold(strings.TrimSpace(attrVal(n, "role")), "tabpanel") || hasToken(cls, panelClassTokens) {
		return true
	}
	id := strings.TrimSpace(attrVal(n, "id"))
	return id != "" && x.toggled[id]
}

// contactAction reports a link in running copy that asks the reader to get
// in touch ("Contact us", "Escríbenos", "Email us"): a call to action whose
// target the fork must keep, though it is not styled as a button.
func (x *extractor) contactAction(a *html.Node, inf *nodeInfo) bool {
	if inf.hasBlock || !contactHref(attrVal(a, "href")) || !ownSentence(a) {
		return false
	}
	t := strings.ToLower(fold(x.nodeText(a)))
	return wordCount(t) <= maxCTAVerbWords && startsWithCTAVerb(t)
}

// checkoutAction reports a plain link to a checkout, a cart or a
// payment page that stands alone in its block: a sales letter's "Yes!
// Give me instant access »" under its price is its buy button, however
// it is styled. A checkout link inside a sentence ("P.S. … Click here to
// join now.") stays part of its paragraph.
func (x *extractor) checkoutAction(a *html.Node, inf *nodeInfo) bool {
	if inf.hasBlock || a.Parent == nil || !checkoutPage(attrVal(a, "href")) {
		return false
	}
	return strings.TrimSpace(x.nodeText(a.Parent)) == strings.TrimSpace(x.nodeText(a))
}

// ownSentence reports whether a link is a sentence of its own in its
// parent: nothing follows it, and what precedes it ends a sentence
// ("Questions? <a>Contact us</a>"). A link inside a sentence stays part of
// it, or the sentence would be cut in two.
func ownSentence(a *html.Node) bool {
	for n := a.NextSibling; n != nil; n = n.NextSibling {
		if n.Type == html.TextNode && significant(n.Data) || n.Type == html.ElementNode && n.Data != "br" && strings.TrimSpace(textOf(n)) != "" {
			return false
		}
	}
	var before strings.Builder
	for n := a.Parent.FirstChild; n != nil && n != a; n = n.NextSibling {
		switch n.Type {
		case html.TextNode:
			before.WriteString(n.Data)
		case html.ElementNode:
			before.WriteString(textOf(n))
		}
	}
	b := strings.TrimSpace(before.String())
	return b == "" || strings.ContainsRune(".?!:", lastRune(b))
}

// textOf is the text below n, as written.
func textOf(n *html.Node) string {
	var sb strings.Builder
	walkText(n, func(t string) { sb.WriteString(t) })
	return sb.String()
}

// contactHref reports whether a link leads to a contact page, an e-mail
// address or a phone number.
func contactHref(href string) bool {
	h := strings.ToLower(strings.TrimSpace(href))
	if strings.HasPrefix(h, "mailto:") || strings.HasPrefix(h, "tel:") {
		return true
	}
	if i := strings.IndexAny(h, "?#"); i >= 0 {
		h = h[:i]
	}
	for _, seg := range strings.Split(h, "/") {
		seg = strings.TrimSuffix(strings.TrimSuffix(seg, ".html"), ".php")
		if contactPages[seg] {
			return true
		}
	}
	return false
}

// closedPanel reports a tab pane or collapsible region that a framework's
// style sheet hides until it is opened: Bootstrap's .collapse without
// .show, .tab-pane without .active.
func closedPanel(cls []string) bool {
	open := hasToken(cls, []string{"show", "in", "active", "open", "is-open", "is-active"})
	return !open && hasToken(cls, []string{"collapse", "tab-pane"})
}

// markOnly reports whether n's text, all of it visible marks and no
// letters, is something besides white space: "✓", "—".
func markOnly(n *html.Node) bool {
	found := false
	walkText(n, func(t string) {
		found = found || strings.TrimSpace(t) != ""
	})
	return found
}

// walkText calls fn with each text node's text below n.
func walkText(n *html.Node, fn func(string)) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			fn(c.Data)
		case html.ElementNode:
			walkText(c, fn)
		}
	}
}

// findToggled notes the ids of the regions the page's controls open: those
// a control's aria-controls names, a data-target or data-bs-target
// "#id", or a tab's href "#id".
func (x *extractor) findToggled(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		for _, id := range strings.Fields(attrVal(c, "aria-controls")) {
			x.toggled[id] = true
		}
		for _, k := range []string{"data-target", "data-bs-target"} {
			if v := strings.TrimSpace(attrVal(c, k)); strings.HasPrefix(v, "#") {
				x.toggled[v[1:]] = true
			}
		}
		if strings.EqualFold(attrVal(c, "role"), "tab") {
			if v := strings.TrimSpace(attrVal(c, "href")); strings.HasPrefix(v, "#") {
				x.toggled[v[1:]] = true
			}
		}
		x.findToggled(c)
	}
}

// analyze fills x.info for n's subtree (post-order) and returns n's info.
func (x *extractor) analyze(n *html.Node, infos []nodeInfo, i *int) *nodeInfo {
	var inf *nodeInfo
	if n.Type == html.ElementNode {
		inf = &infos[*i]
		*i++
		x.info[n] = inf
		inf.cls = classTokens(n)
		inf.clsID = inf.cls
		if id := strings.TrimSpace(attrVal(n, "id")); id != "" {
			inf.clsID = append(inf.cls[:len(inf.cls):len(inf.cls)], strings.ToLower(id))
		}
		if intrinsicSkip(n, inf.cls) {
			if inf.panel = x.hiddenPanel(n, inf.cls); !inf.panel {
				inf.skip = true
				return inf
			}
		}
	} else {
		inf = &nodeInfo{}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			if significant(c.Data) {
				inf.hasText = true
			}
		case html.ElementNode:
			ci := x.analyze(c, infos, i)
			if ci.skip {
				continue
			}
			inf.hasText = inf.hasText || ci.hasText
			if ci.hasText && (ci.block || ci.hasBlock) {
				inf.hasBlock = true
			}
			inf.hasCTA = inf.hasCTA || ci.ctaEl || ci.hasCTA
			inf.hasH1 = inf.hasH1 || ci.hasH1 || c.Data == "h1"
			inf.heading = inf.heading || ci.heading || isHeadingTag(c.Data)
			inf.hasNav = inf.hasNav || ci.hasNav || c.Data == "nav" || strings.EqualFold(attrVal(c, "role"), "navigation")
			inf.testi = inf.testi || ci.testi
		}
	}
	if n.Type != html.ElementNode {
		return inf
	}
	inf.struck = struckOut(n, inf.cls)
	if tableCell(n) && !inf.hasText && markOnly(n) {
		// "✓" and "✗" are what a comparison table says.
		inf.hasText = true
	}
	if !inf.panel && closedPanel(inf.cls) {
		inf.panel = true
	}
	switch n.Data {
	case "input":
		inf.hasText = true
		inf.ctaEl = true
	case "button":
		if strings.EqualFold(strings.TrimSpace(attrVal(n, "type")), "reset") {
			// A reset button clears a form: a form control, not a call.
			inf.skip = true
			return inf
		}
		if uiControlButton(n, inf.clsID) {
			t := x.nodeText(n)
			if !endsWithQuestion(t) && !faqQuestionHints.match(inf.cls) {
				inf.skip = true
				return inf
			}
		} else {
			inf.ctaEl = inf.hasText
		}
	case "a":
		if !inf.hasText && !logoHints.match(inf.cls) {
			if inf.label, inf.labelAttr = imageLinkLabel(n); inf.label != nil {
				inf.hasText = true
				inf.ctaEl = true
				break
			}
		}
		inf.ctaEl = inf.hasText && (buttonStyled(n, inf.cls) || x.contactAction(n, inf) || x.checkoutAction(n, inf))
		if !inf.ctaEl && !inf.hasBlock && logoHints.match(inf.cls) {
			inf.skip = true
			return inf
		}
	default:
		if strings.EqualFold(attrVal(n, "role"), "button") && !uiControlButton(n, inf.clsID) {
			inf.ctaEl = inf.hasText
		}
	}
	if inf.ctaEl && x.inactive(n) {
		// A disabled or unavailable button ("Sold out", "Locked") calls
		// to nothing: the fork leaves it exactly as it is.
		inf.skip = true
		return inf
	}
	inf.block = !isInline(n) || inf.ctaEl
	inf.noCopy = noCopyEl(n, inf.cls)
	if !inf.ctaEl && n.Data != "a" && n.Data != "button" && !inlineTags[n.Data] && testiHint(inf.cls) != 0 {
		// A card is a box; a span named "header-testim" is a card's title.
		inf.testi = true
	}
	return inf
}

// visit extracts the blocks of element el.
func (x *extractor) visit(el *html.Node, cx ctx) {
	inf := x.info[el]
	if inf == nil || inf.skip || inf.consumed || !inf.hasText {
		return
	}
	if inf.noCopy && !inf.ctaEl {
		return
	}
	cx = x.enter(el, cx)
	if cx.mode == modeCTAOnly {
		if inf.ctaEl && buttonStyled(el, inf.cls) {
			x.emitCTA(el, cx)
			return
		}
		for c := el.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				x.visit(c, cx)
			}
		}
		return
	}
	if inf.ctaEl {
		x.emitCTA(el, cx)
		return
	}
	if !inf.hasBlock {
		if el.Data != "a" && x.linksOnly(el) {
			// A row of links ("Download for Mac", "Download for Linux")
			// is one block per link.
			for c := el.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode && c.Data == "a" {
					x.visit(c, cx)
				}
			}
			return
		}
		x.leaf(el, cx)
		return
	}
	x.container(el, cx)
}

// linksOnly reports whether el's text is two or more links side by side,
// with nothing but white space or separators between them.
func (x *extractor) linksOnly(el *html.Node) bool {
	links := 0
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			if significant(c.Data) {
				return false
			}
		case html.ElementNode:
			inf := x.info[c]
			if inf == nil || inf.skip || !inf.hasText {
				continue
			}
			if c.Data != "a" {
				return false
			}
			links++
		}
	}
	return links >= 2
}

// enter returns the context for el's content.
func (x *extractor) enter(el *html.Node, cx ctx) ctx {
	inf := x.info[el]
	tag := el.Data
	role := strings.ToLower(attrVal(el, "role"))
	switch {
	case cx.mode == modeFooter:
	case tag == "nav" || role == "navigation" || role == "menubar" || role == "menu" || role == "tablist":
		cx.mode = modeCTAOnly
	case (tag == "header" || role == "banner") && !inf.hasH1 && (inf.hasNav || !inf.heading || x.hasLinkList(el)):
		cx.mode = modeCTAOnly
	case tag == "footer" && x.pageFooter(el), role == "contentinfo", hasToken(x.classIDOf(el), footerTokens):
		cx.mode = modeFooter
	case cx.mode == modeNormal && x.isLinkList(el):
		cx.mode = modeCTAOnly
	}
	if inf.panel {
		cx.hidden = true
	}
	switch tag {
	case "aside":
		cx.aside = true
	case "small":
		cx.small = true
	case "a":
		cx.link = el
	case "details":
		cx.details, cx.summary = true, false
	case "summary":
		cx.summary = cx.details
	case "dt":
		cx.dt, cx.dd = true, false
	case "dd":
		cx.dd, cx.dt = true, false
	}
	if tinyFont(el) {
		cx.small = true
	}
	if inf.faqScope || faqScope.match(x.classIDOf(el)) {
		cx.faq = true
	}
	toks := x.classOf(el)
	if faqAnswerHints.match(toks) || inf.faqA {
		cx.answer, cx.question = true, false
	} else if !cx.answer && faqQuestionHints.match(toks) && wordCount(x.nodeText(el)) <= 40 {
		cx.question = true
	}
	if inf.quote != nil {
		cx.testi = inf.quote
	}
	return cx
}

// tinyFont reports whether an inline style sets a font size of 11px or less.
func tinyFont(el *html.Node) bool {
	style := strings.ToLower(attrVal(el, "style"))
	i := strings.Index(style, "font-size:")
	if i < 0 {
		return false
	}
	v := strings.TrimSpace(style[i+len("font-size:"):])
	n := 0
	for _, r := range v {
		if r < '0' || r > '9' {
			break
		}
		n = n*10 + int(r-'0')
		if n > 1000 {
			return false
		}
	}
	return n > 0 && n <= 11 && strings.HasPrefix(strings.TrimLeft(v, "0123456789"), "px")
}

// pageFooter reports whether a <footer> closes the page rather than an
// article or a section.
func (x *extractor) pageFooter(el *html.Node) bool {
	for p := el.Parent; p != nil; p = p.Parent {
		switch p.Data {
		case "article", "aside", "nav", "section", "blockquote", "details", "fieldset", "figure", "td", "dialog":
			return false
		}
	}
	return true
}

// isLinkList reports whether el is a menu: a list whose every item is one
// short link and nothing else.
func (x *extractor) isLinkList(el *html.Node) bool {
	min := 3
	switch el.Data {
	case "ul", "ol", "menu":
		min = 2
	case "a", "p", "li", "button", "h1", "h2", "h3", "h4", "h5", "h6", "body", "main":
		return false
	}
	links := 0
	menuLike := false
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			if significant(c.Data) {
				return false
			}
		case html.ElementNode:
			ci := x.info[c]
			if ci == nil || ci.skip || !ci.hasText {
				continue
			}
			link := c
			if c.Data == "li" {
				link = x.onlyChild(c)
			}
			if link == nil || link.Data != "a" {
				return false
			}
			if _, ok := getAttr(link, "href"); !ok {
				return false
			}
			li := x.info[link]
			t := x.nodeText(link)
			if li.heading || li.hasCTA || wordCount(t) > 5 || x.leafBlocks(link) > 1 {
				return false
			}
			if !startsWithCTAVerb(strings.ToLower(t)) {
				menuLike = true
			}
			links++
		}
	}
	// Links that all call to action ("Download for Mac", "Download for
	// Linux") are not a menu.
	return links >= min && menuLike
}

// onlyChild returns the one child of el that carries text, if el has no
// text of its own.
func (x *extractor) onlyChild(el *html.Node) *html.Node {
	var only *html.Node
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			if significant(c.Data) {
				return nil
			}
		case html.ElementNode:
			ci := x.info[c]
			if ci == nil || ci.skip || !ci.hasText {
				continue
			}
			if only != nil {
				return nil
			}
			only = c
		}
	}
	return only
}

// leafBlocks counts the text-bearing leaf blocks under el.
func (x *extractor) leafBlocks(el *html.Node) int {
	n := 0
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		ci := x.info[c]
		if ci == nil || ci.skip || !ci.hasText {
			continue
		}
		if ci.block && !ci.hasBlock {
			n++
		} else {
			n += x.leafBlocks(c)
		}
	}
	return n
}

func (x *extractor) hasLinkList(el *html.Node) bool {
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || x.skipped(c) {
			continue
		}
		if x.isLinkList(c) || x.hasLinkList(c) {
			return true
		}
	}
	return false
}

// container extracts the blocks of an element that has child blocks: each
// child block, and the element's own text runs as one more block.
func (x *extractor) container(el *html.Node, cx ctx) {
	if cx.faq {
		x.markFAQ(el)
	}
	var direct *cand
	var run []*html.Node
	flush := func() {
		if len(run) == 0 {
			return
		}
		var sig []*html.Node
		textSig := false
		for _, n := range run {
			if n.Type == html.TextNode {
				if significant(n.Data) {
					textSig = true
				}
				continue
			}
			if inf := x.info[n]; inf != nil && !inf.skip && !inf.consumed && inf.hasText {
				sig = append(sig, n)
			}
		}
		if !textSig && len(sig) == 1 {
			x.visit(sig[0], cx)
			run = run[:0]
			return
		}
		if !textSig && len(sig) == 0 {
			run = run[:0]
			return
		}
		if direct == nil {
			direct = &cand{src: el, el: el, direct: true, cx: cx}
			x.cands = append(x.cands, direct)
		}
		col := collector{x: x, pieces: direct.pieces}
		if len(direct.pieces) > 0 {
			col.pending = sepSpace
		}
		for _, n := range run {
			col.add(n, nil, false)
		}
		direct.pieces = col.pieces
		run = run[:0]
	}
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			run = append(run, c)
		case html.ElementNode:
			inf := x.info[c]
			if inf == nil || inf.skip {
				continue
			}
			if isInline(c) && !inf.block && !inf.hasBlock {
				run = append(run, c)
				continue
			}
			flush()
			x.visit(c, cx)
		}
	}
	flush()
}

// leaf makes one block of el's text.
func (x *extractor) leaf(el *html.Node, cx ctx) {
	col := collector{x: x}
	var link *html.Node
	if el.Data == "a" {
		link = el
	}
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		col.add(c, link, false)
	}
	x.cands = append(x.cands, &cand{src: el, el: el, cx: cx, pieces: col.pieces})
}

// emitCTA makes a call-to-action block of el.
func (x *extractor) emitCTA(el *html.Node, cx ctx) {
	if el.Data == "input" {
		x.cands = append(x.cands, &cand{src: el, el: el, cx: cx, attr: "value", ctaEl: true})
		return
	}
	if inf := x.info[el]; inf.label != nil {
		x.cands = append(x.cands, &cand{src: el, el: inf.label, cx: cx, attr: inf.labelAttr, ctaEl: true})
		return
	}
	col := collector{x: x}
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		col.add(c, nil, false)
	}
	x.cands = append(x.cands, &cand{src: el, el: el, cx: cx, pieces: col.pieces, ctaEl: true})
}

// inactive reports a call-to-action element a visitor cannot use: disabled,
// aria-disabled, or labelled only as unavailable ("Sold out", "Locked").
func (x *extractor) inactive(n *html.Node) bool {
	if _, ok := getAttr(n, "disabled"); ok && (n.Data == "button" || n.Data == "input") {
		return true
	}
	if strings.EqualFold(strings.TrimSpace(attrVal(n, "aria-disabled")), "true") {
		return true
	}
	label := x.nodeText(n)
	if n.Data == "input" {
		label = attrVal(n, "value")
	}
	label = strings.ToLower(strings.TrimFunc(fold(label), func(r rune) bool { return !unicode.IsLetter(r) }))
	return unavailableLabels[label]
}

// SaysUnavailable reports whether a price or a heading says its offer can
// no longer be taken: it holds one of the labels of an unavailable button
// as words of their own ("£129+VAT, Conference only (sold out!)"), in a
// sentence that does not speak of the past ("last year the day sold out
// three weeks ahead" is a reason to book early, not a closed offer).
func SaysUnavailable(text string) bool {
	now, _ := unavailableWhen(text)
	return now
}

// SaysUnavailableOnce reports a text that says an offer was gone only in
// the past ("vorig jaar was de dag uitverkocht"): a sold-out claim the
// ledger reads there is no closed offer today.
func SaysUnavailableOnce(text string) bool {
	now, past := unavailableWhen(text)
	return past && !now
}

// unavailableWhen reads a text's words that say an offer is gone, sentence
// by sentence: whether one says so of today, and whether one says so of
// the past (pastSentence).
func unavailableWhen(text string) (now, past bool) {
	for _, sentence := range strings.FieldsFunc(text, func(r rune) bool { return r == '.' || r == '!' || r == '?' || r == '\n' }) {
		words := strings.FieldsFunc(strings.ToLower(fold(sentence)), func(r rune) bool { return !unicode.IsLetter(r) })
		for i := range words {
			for n := 1; n <= 3 && i+n <= len(words); n++ {
				if unavailableOffers[strings.Join(words[i:i+n], " ")] {
					if pastSentence(words, i) {
						past = true
					} else {
						now = true
					}
				}
			}
		}
	}
	return now, past
}

// pastSentence reports a sentence (its folded, lower-case words) that
// speaks of the past where its word at i says an offer is gone: a past
// verb right before it ("was sold out", "war ausverkauft") or a time gone
// by anywhere in it ("last year", "vorig jaar").
func pastSentence(words []string, i int) bool {
	if i > 0 && pastVerbs[words[i-1]] {
		return true
	}
	joined := " " + strings.Join(words, " ") + " "
	for _, p := range pastTimes {
		if strings.Contains(joined, " "+p+" ") {
			return true
		}
	}
	return false
}

// pastVerbs are the past forms of "to be" that put an unavailable offer in
// the past, in the languages the extractor reads (folded, lower case).
var pastVerbs = map[string]bool{
	"was": true, "were": true, "war": true, "waren": true, "etait": true, "etaient": true, "fut": true,
	"estaba": true, "estaban": true, "fue": true, "estava": true, "estavam": true, "foi": true,
	"era": true, "erano": true, "fu": true,
}

// pastTimes are the phrases of a time gone by (folded, lower case, words
// parted by single spaces).
var pastTimes = []string{
	"last year", "last time", "previous years", "letztes jahr", "letzten jahr", "vergangenes jahr", "vergangenen jahr", "vorjahr",
	"l annee derniere", "l an dernier", "el ano pasado", "ano passado", "l anno scorso", "anno scorso",
	"vorig jaar", "vorige keer", "vorige editie",
}

// unavailableOffers are the unavailableLabels that say so of an offer in
// running text too ("closed" or "locked" may say something else).
var unavailableOffers = map[string]bool{
	"sold out": true, "ausverkauft": true, "épuisé": true, "complet": true, "agotado": true,
	"esgotado": true, "esaurito": true, "uitverkocht": true,
}

// maxImageLabelWords bounds the label of an image link: a button image says
// "Buy Tickets" or "Become a patron!"; a longer alt describes a picture or a
// sponsor, which is no call to action.
const maxImageLabelWords = 6

// imageLinkLabel returns where a link without visible text keeps its label:
// its aria-label, or the alt text of the single image it holds. A link
// without a target, or whose image is decorative (empty alt), has none.
func imageLinkLabel(a *html.Node) (*html.Node, string) {
	href, ok := getAttr(a, "href")
	if h := strings.TrimSpace(href); !ok || h == "" || h == "#" || strings.HasPrefix(strings.ToLower(h), "javascript:") {
		return nil, ""
	}
	short := func(s string) bool {
		n := wordCount(s)
		return n > 0 && n <= maxImageLabelWords && hasAlnum(s)
	}
	if short(attrVal(a, "aria-label")) {
		return a, "aria-label"
	}
	var img *html.Node
	count := 0
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && count < 2; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.Data == "img" {
				img = c
				count++
				continue
			}
			find(c)
		}
	}
	find(a)
	if count != 1 || logoHints.match(classTokens(img)) || !short(attrVal(img, "alt")) {
		return nil, ""
	}
	return img, "alt"
}

// collector gathers the text nodes of a block in order, noting where
// elements meet so that words in adjacent elements are not run together.
type collector struct {
	x         *extractor
	pieces    []piece
	pending   sepKind
	afterElem bool
}

func (c *collector) add(n *html.Node, link *html.Node, noCopy bool) {
	struck := false
	if p := c.x.info[n.Parent]; p != nil {
		struck = p.struck
	}
	c.addIn(n, link, noCopy, false, struck)
}

func (c *collector) addIn(n *html.Node, link *html.Node, noCopy, small, struck bool) {
	switch n.Type {
	case html.TextNode:
		sep := c.pending
		if sep == sepNone && c.afterElem {
			sep = sepExit
		}
		c.pieces = append(c.pieces, piece{n: n, sep: sep, link: link, noCopy: noCopy, small: small, struck: struck})
		c.pending = sepNone
		c.afterElem = false
	case html.ElementNode:
		inf := c.x.info[n]
		if inf == nil || inf.skip || inf.consumed {
			return
		}
		if n.Data == "br" {
			c.pending = sepSpace
			c.afterElem = false
			return
		}
		inline := isInline(n)
		switch {
		case !inline:
			c.pending = sepSpace
		case c.afterElem && c.pending == sepNone:
			c.pending = sepElem
		}
		c.afterElem = false
		if n.Data == "a" {
			link = n
		}
		noCopy = noCopy || inf.noCopy
		small = small || n.Data == "small"
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			c.addIn(ch, link, noCopy, small, struck || inf.struck)
		}
		if !inline {
			c.pending = sepSpace
		}
		c.afterElem = true
	}
}

// struckOut reports whether n is crossed out as a reader sees it: <s>,
// <del>, <strike>, a line-through class (Tailwind's "line-through",
// Bootstrap's "text-decoration-line-through", "strike", "strikethrough")
// or an inline line-through style.
func struckOut(n *html.Node, cls []string) bool {
	switch n.Data {
	case "s", "del", "strike":
		return true
	}
	for _, t := range cls {
		switch t {
		case "line-through", "text-decoration-line-through", "strike", "strikethrough", "strike-through":
			return true
		}
	}
	style := strings.ToLower(attrVal(n, "style"))
	return strings.Contains(style, "line-through") && strings.Contains(style, "text-decoration")
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

// excludedItem reports whether the list item holding el (el itself, or
// its parent or grandparent) is marked as a feature the offer lacks: a
// class that says so, a cross icon or a cross mark before its words.
func excludedItem(el *html.Node) bool {
	li := el
	for k := 0; li != nil && li.Data != "li" && k < 2; k++ {
		li = li.Parent
	}
	if li == nil || li.Type != html.ElementNode || li.Data != "li" {
		return false
	}
	if excludedClass(classTokens(li)) {
		return true
	}
	return opensWithCross(li)
}

// excludedClass reports a class name of excludedClassTokens, or one that
// ends with a suffix of excludedClassSuffixes.
func excludedClass(cls []string) bool {
	if hasToken(cls, excludedClassTokens) {
		return true
	}
	for _, t := range cls {
		for _, s := range excludedClassSuffixes {
			if strings.HasSuffix(t, s) && len(t) > len(s) {
				return true
			}
		}
	}
	return false
}

// opensWithCross reports whether n shows a cross before any of its words:
// an icon element whose class names a cross (crossIconNames) or a cross
// mark (crossGlyphs); a multiplication sign before a figure multiplies
// ("×2 faster").
func opensWithCross(n *html.Node) bool {
	found, done := false, false
	var visit func(c *html.Node)
	visit = func(c *html.Node) {
		for ; c != nil && !done; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				t := strings.TrimSpace(c.Data)
				if t == "" {
					continue
				}
				r, size := utf8.DecodeRuneInString(t)
				if crossGlyphs[r] {
					next, _ := utf8.DecodeRuneInString(strings.TrimSpace(t[size:]))
					found = r != '×' || !unicode.IsDigit(next)
				}
				done = true
			case html.ElementNode:
				if crossIcon(classTokens(c)) {
					found, done = true, true
					return
				}
				visit(c.FirstChild)
			}
		}
	}
	visit(n.FirstChild)
	return found
}

// crossIcon reports class names that name a cross icon ("fa-times",
// "bi-x-circle", "icon-close").
func crossIcon(cls []string) bool {
	for _, t := range cls {
		name, set := t, false
		for _, p := range iconSetPrefixes {
			if rest, ok := strings.CutPrefix(name, p); ok {
				name, set = rest, true
				break
			}
		}
		for _, s := range iconVariantSuffixes {
			if rest, ok := strings.CutSuffix(name, s); ok && rest != "" {
				name, set = rest, true
				break
			}
		}
		if (set || name == "cross" || name == "xmark") && crossIconNames[name] {
			return true
		}
	}
	return false
}
