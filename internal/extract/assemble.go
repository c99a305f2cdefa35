package extract

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"

	"github.com/marketingfork/fork/internal/langtag"
	"github.com/marketingfork/fork/internal/offer"
)

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
		b := Block{ID: id, Role: c.role, Text: literalBreaks(c.text), Href: c.href, Attribution: c.attribution, Was: c.was, Hidden: c.cx.hidden, Excluded: excludedItem(c.src), Tag: c.el.Data, Path: x.path(c.el)}
		if c.attr != "" {
			b.Path += "@" + c.attr
		}
		b.Markup = c.t.mk.placeholder()
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
	visible := significant
	if tableCell(c.src) {
		visible = func(s string) bool { return strings.TrimSpace(s) != "" }
	}
	first, last := -1, -1
	for i, p := range c.pieces {
		if visible(p.n.Data) {
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
	if tableCell(c.src) && !significant(fd+ld) {
		// A cell of marks keeps only its white space aside.
		lead = fd[:len(fd)-len(strings.TrimLeftFunc(fd, unicode.IsSpace))]
		trail = ld[len(strings.TrimRightFunc(ld, unicode.IsSpace)):]
		if len(ps) == 1 && len(lead) == len(fd) {
			trail = ""
		}
	}

	var b, struck strings.Builder
	seps := make([]string, len(ps)) // what the text puts before each run
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
			seps[i] = x.decimal
		case i > 0 && needSpace(p.sep, lastRune(b.String()), firstRune(s)):
			seps[i] = " "
		}
		b.WriteString(seps[i])
		b.WriteString(s)
		if p.struck {
			struck.WriteString(s)
		} else if struck.Len() > 0 {
			c.was = appendWas(c.was, struck.String())
			struck.Reset()
		}
		if visible(p.n.Data) {
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
	c.was = appendWas(c.was, struck.String())
	c.text = fold(b.String())
	nodes := make([]*html.Node, len(ps))
	for i, p := range ps {
		nodes[i] = p.n
	}
	c.t = target{el: c.src, nodes: nodes, lead: lead, trail: trail}
	c.allLinks = allLinks
	c.small = small
	if !(hasAlnum(c.text) || tableCell(c.src) && c.text != "") || (noCopy && !c.ctaEl) {
		c.drop = true
		return
	}
	if oneLink && link != nil && !c.ctaEl && c.role == "" {
		c.link = link
		c.el = link
	}
	for i, n := range nodes {
		if n.Parent == c.el && visible(n.Data) {
			c.t.into = i
			break
		}
	}
	c.t.mk = inlineOf(ps, seps, lead, trail, c.text)
}

// tableCell reports whether n is a cell of a table: a cell holding only a
// mark ("✓", "✗", "—") is still what a reader compares plans by.
func tableCell(n *html.Node) bool { return n.Data == "td" || n.Data == "th" }

// appendWas adds a struck-out run, folded, if it holds anything to read.
func appendWas(was []string, s string) []string {
	if s = fold(s); hasAlnum(s) {
		return append(was, s)
	}
	return was
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
