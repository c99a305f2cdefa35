package extract

import (
	"strings"

	"golang.org/x/net/html"
)

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
