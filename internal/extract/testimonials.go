package extract

import (
	"strings"

	"golang.org/x/net/html"
)

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
	if x.quotesUnder(s, 2) >= 2 {
		// A band of quotes (<section class="testimonials"> around two
		// <blockquote>s, each with its <cite>) is no one card: read as
		// one, the second quote took the first one's name and kept its
		// own glued to its words.
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
	// A quote of several paragraphs is one testimonial: its other
	// paragraphs beside q are the customer's words too.
	for c := q.Parent.FirstChild; c != nil && q.Parent != s.Parent; c = c.NextSibling {
		if c != q && c != a && c.Type == html.ElementNode && c.Data == q.Data && !x.skipped(c) && x.info[c].hasText && !x.info[c].hasBlock && wordCount(x.nodeText(c)) >= minQuoteWords {
			x.info[c].quote = t
		}
	}
	return true
}

// quotesUnder counts the <blockquote> elements with text under n, up to
// limit.
func (x *extractor) quotesUnder(n *html.Node, limit int) int {
	k := 0
	for c := n.FirstChild; c != nil && k < limit; c = c.NextSibling {
		if c.Type != html.ElementNode || x.skipped(c) || !x.info[c].hasText {
			continue
		}
		if c.Data == "blockquote" {
			k++
			continue
		}
		k += x.quotesUnder(c, limit-k)
	}
	return k
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

// holds reports whether n is p or stands under it: a line that holds the
// quote is no attribution beside it ("<div><b>Anna:</b> Lovely flat…</div>"
// is the whole card).
func holds(p, n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == p {
			return true
		}
	}
	return false
}

// maxBoldAttributionWords is the longest line a bold name opens that is
// still its attribution: a name with a role and a place ("Julien M.,
// ancien chef de rayon, aujourd’hui data analyst à Nantes") runs longer
// than an attribution told by its element alone.
const maxBoldAttributionWords = 2 * maxAttributionWords

// shortHeading returns the first short heading or bold line under root,
// leaving out exclude's subtree: the name over a testimonial.
func (x *extractor) shortHeading(root, exclude *html.Node) *html.Node {
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c == exclude || x.skipped(c) || !x.info[c].hasText {
			continue
		}
		switch c.Data {
		case "h2", "h3", "h4", "h5", "h6", "strong", "b":
			if wordCount(x.nodeText(c)) > 6 {
				continue
			}
			// A bold name that opens a short line ("<p><b>Sabine</b>, aus
			// Leipzig – August 2023</p>") names the customer with the rest
			// of the line: the line is the attribution, or its rest stood
			// as a testimonial of its own (", aus Leipzig – August 2023").
			if p := c.Parent; (c.Data == "strong" || c.Data == "b") && p.Type == html.ElementNode && !x.info[p].hasBlock && !holds(p, exclude) &&
				strings.HasPrefix(strings.TrimSpace(x.nodeText(p)), strings.TrimSpace(x.nodeText(c))) && wordCount(x.nodeText(p)) <= maxBoldAttributionWords {
				return p
			}
			return c
		}
		if h := x.shortHeading(c, exclude); h != nil {
			return h
		}
	}
	return nil
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

const (
	strongHint = 1
	weakHint   = 2
)
