package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/marketingfork/fork/internal/offer"
)

// This file decides blocks' roles: classify gives each candidate its role,
// filter drops what is not copy, pickHeadline settles the headline and the
// hero tagline. Testimonials are found in testimonials.go, FAQs in faq.go,
// calls to action's targets in cta.go, block text put together in
// assemble.go; prices and guarantee and legal phrases are the offer
// vocabulary's (internal/offer).

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
	if len(s) > 4*maxPriceChars || scaledAmount(s) {
		return 0
	}
	return offer.PriceCoverage(s)
}

// scaledAmount reports an amount of money with a scale glued after it
// ("$38M", "€2bn", "$5k", offer.Scales): a figure a page reports (what
// customers recovered, what a round raised), not what its offer costs. A
// stat card of one read as a price moved a case study up as "the prices"
// for a bargain hunter (a new page of our own). Other letters glued on
// ("29€HT", "$12ea") leave the price alone.
func scaledAmount(s string) bool {
	scaled := false
	offer.PriceSpans(s, func(_, end int) {
		k := end
		for k < len(s) {
			r, n := utf8.DecodeRuneInString(s[k:])
			if !unicode.IsLetter(r) {
				break
			}
			k += n
		}
		scaled = scaled || k > end && scales(s[end:k])
	})
	return scaled
}

// scales answers whether letters glued to an amount scale it, by the
// offer vocabulary's scales (offer.Scales), which the ledger multiplies
// the amount by: exact forms by their case ("M", "bn"), others in lower
// case ("million").
var scales = func() func(string) bool {
	exact, folded := map[string]bool{}, map[string]bool{}
	for _, f := range offer.Scales() {
		if f.Exact {
			exact[f.Text] = true
		} else {
			folded[strings.ToLower(f.Text)] = true
		}
	}
	return func(w string) bool { return exact[w] || folded[strings.ToLower(w)] }
}()

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

func isCopyright(lower string) bool {
	for _, m := range copyrightMarks {
		if strings.HasPrefix(lower, m) {
			return true
		}
	}
	for _, p := range rightsPhrases {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

func startsWithFootnote(s string) bool {
	for _, m := range footnoteMarks {
		if strings.HasPrefix(s, m) {
			return true
		}
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
	if utf8.RuneCountInString(text) <= maxPriceChars && ((priceHints.match(toks) && hasDigit(text)) || priceCoverage(text) >= 0.5) {
		c.role = RolePrice
		return
	}
	// The word starts are read when a phrase set is first asked: a long
	// block of copy is asked none.
	var starts [][2]int
	wordsAt := func() [][2]int {
		if starts == nil {
			starts = wordStarts(lower)
		}
		return starts
	}
	if guaranteeHints.match(toks) ||
		(words <= maxGuaranteeWords && guaranteePhraseSet.inWords(lower, wordsAt())) ||
		(words <= maxShortGuarantee && guaranteeWordSet.inWords(lower, wordsAt())) {
		c.role = RoleGuarantee
		return
	}
	if !heading {
		smallCtx := cx.small || cx.aside || cx.mode == modeFooter || tag == "small" || c.small
		switch {
		case startsWithFootnote(text) && (smallCtx || finePrintSet.inWords(lower, wordsAt()) || finePrintWeakSet.inWords(lower, wordsAt()) || footnoteConditionSet.inWords(lower, wordsAt())):
			// An asterisk note is fine print when it is legal or
			// conditional; the owner's own note ("* Family discounts on
			// request") is copy a fork may retell.
			c.fpText = true
		case isCopyright(lower) && words <= 30:
			c.fpText = true
		case words <= maxFinePrintWords && finePrintSet.inWords(lower, wordsAt()):
			c.fpText = true
		case smallCtx && finePrintWeakSet.inWords(lower, wordsAt()):
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
		switch {
		case c.role == RoleCTA, c.role == RolePrice, c.role == RoleSubheadline, c.role == RoleBullet, tableCell(c.src):
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
