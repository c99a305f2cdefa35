package extract

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

var (
	onclickRe = regexp.MustCompile(`(?:location(?:\.href)?\s*=\s*|location\.(?:assign|replace)\(\s*|window\.open\(\s*)['"]([^'"]+)['"]`)
	domainRe  = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}$`)
	urlishRe  = regexp.MustCompile(`^(?:[a-z][a-z0-9+.-]*://\S+|[^\s@]+@[^\s@]+\.\w+|[\w.-]+(?:/[\w.-]+)+\.\w{1,5})$`)
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
