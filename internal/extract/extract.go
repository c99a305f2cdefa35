package extract

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/marketingfork/fork/internal/fault"
	"golang.org/x/net/html"

	"github.com/marketingfork/fork/internal/offer"
)

// Document is a parsed page with its copy blocks.
type Document struct {
	// Lang is the declared language: <html lang>, else <meta
	// http-equiv="content-language">, else og:locale ("pt_BR" becomes
	// "pt-BR"); "" if none.
	Lang string
	// SiteName is og:site_name, else application-name, else the brand part
	// of <title>; "" if unknown.
	SiteName string
	// Blocks is the page's copy in page order; Blocks[i].ID == i.
	Blocks []Block

	root    *html.Node
	targets []target // targets[i] is where Blocks[i] is written back

	src     []byte // the page as read, for splicing (see splice.go)
	rawOnce sync.Once
	raw     *rawIndex
}

// rawIndex maps the tree to the page's bytes, built on the first render.
func (d *Document) rawIndex() *rawIndex {
	d.rawOnce.Do(func() {
		if d.src != nil {
			d.raw = buildRawIndex(d.src, d.root)
		}
	})
	return d.raw
}

// target is where a block's text lives in the tree.
type target struct {
	// el is the block's element; for an attribute block the element that
	// holds the attribute.
	el *html.Node
	// attr is the attribute key of an attribute block ("content",
	// "value"); "" for a text block.
	attr string
	// nodes are the block's text nodes from the first to the last that
	// carries text. New text goes into nodes[into]; the others are emptied.
	nodes []*html.Node
	// into is the first of nodes that is a child of the block's element
	// itself, or 0 if none is: "<p><a>Brand</a>, the rest</p>" is rewritten
	// as "<p><a></a>new text</p>", not as one long link.
	into int
	// lead and trail are the white space and decoration at the start of the
	// first node and at the end of the last node; they are kept on write-back.
	lead, trail string
	// mk is the block's inline markup, nil when it has none.
	mk *inline
}

// runText is what text run i of the block holds when the block's new text
// is s: the new text in run into, the others emptied, the lead and trail
// kept at the ends.
func (t target) runText(i int, s string) string {
	var v string
	if i == 0 {
		v = t.lead
	}
	if i == t.into {
		v += s
	}
	if i == len(t.nodes)-1 {
		v += t.trail
	}
	return v
}

// Parse reads a UTF-8 HTML page and extracts its copy blocks: the title,
// the meta description (og:description if there is no description) and the
// visible copy of the body, each with a role (see classify for how roles are
// decided). Navigation, the page footer's boilerplate, cookie banners,
// scripts, styles, templates, SVG, iframes, hidden elements, placeholders,
// alt text and code blocks are left out.
//
// A block's Path ends in "@content" for the meta description and in
// "@value" for a submit button written as <input value=...>, the attribute
// the text lives in.
//
// Parse fails only if the HTML parser does (a read error, or elements
// nested more than 512 deep). Documents share no state; each may be
// rendered any number of times.
func Parse(r io.Reader) (*Document, error) {
	src, err := readAll(r)
	if err != nil {
		return nil, fmt.Errorf("extract: read html: %w", err)
	}
	root, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		if strings.Contains(err.Error(), "open stack of elements exceeds") {
			// The parser's own limit (512): say so, rather than "not HTML".
			return nil, fmt.Errorf("%w: elements nested more than 512 deep", fault.ErrTooDeep)
		}
		return nil, fmt.Errorf("extract: parse html: %w", err)
	}
	x := newExtractor()
	d := &Document{root: root, src: src}
	x.run(d)
	return d, nil
}

// readAll is io.ReadAll that makes its buffer once, at the size of a
// reader that tells how much it holds (a bytes.Reader, a strings.Reader:
// how a fork hands a page over); io.ReadAll grows from 512 bytes by
// doubling, which for a page of tens of kilobytes allocated it twice over.
// The bytes read are the same.
func readAll(r io.Reader) ([]byte, error) {
	sized, ok := r.(interface{ Len() int })
	if !ok {
		return io.ReadAll(r)
	}
	// One byte more than the reader holds, so that the Read that meets
	// the end finds room and the buffer is never grown.
	b := make([]byte, 0, sized.Len()+1)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // a reader that held more than it said
		}
	}
}

// head holds what the page declares about itself.
type head struct {
	htmlEl      *html.Node
	body        *html.Node
	title       *html.Node
	description *html.Node // meta name=description
	ogDesc      *html.Node // meta og:description
	// social are the share preview's og: and twitter: titles and
	// descriptions, the first of each key, in page order.
	social      []*html.Node
	socialSeen  map[string]bool
	ogSite      string
	appName     string
	ogLocale    string
	contentLang string
}

// scanHead finds the <html>, <body> and <title> elements and the <meta>
// elements the document cares about.
func scanHead(root *html.Node) head {
	var h head
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.Namespace != "" { // svg, math
				continue
			}
			switch c.Data {
			case "html":
				if h.htmlEl == nil {
					h.htmlEl = c
				}
			case "body":
				if h.body == nil {
					h.body = c
				}
			case "title":
				if h.title == nil {
					h.title = c
				}
				continue
			case "meta":
				h.meta(c)
				continue
			case "script", "style", "template", "noscript":
				continue
			}
			walk(c)
		}
	}
	walk(root)
	return h
}

func (h *head) meta(m *html.Node) {
	name := strings.ToLower(strings.TrimSpace(attrVal(m, "name")))
	prop := strings.ToLower(strings.TrimSpace(attrVal(m, "property")))
	content := strings.TrimSpace(attrVal(m, "content"))
	equiv := strings.ToLower(strings.TrimSpace(attrVal(m, "http-equiv")))
	key := name
	if key == "" {
		key = prop
	}
	switch {
	case name == "description":
		if h.description == nil && hasAlnum(content) {
			h.description = m
		}
	case socialKeys[key] != "":
		if key == "og:description" && h.ogDesc == nil && hasAlnum(content) {
			h.ogDesc = m
		}
		if !h.socialSeen[key] && hasAlnum(content) {
			if h.socialSeen == nil {
				h.socialSeen = map[string]bool{}
			}
			h.socialSeen[key] = true
			h.social = append(h.social, m)
		}
	case key == "og:site_name":
		if h.ogSite == "" {
			h.ogSite = fold(content)
		}
	case name == "application-name":
		if h.appName == "" {
			h.appName = fold(content)
		}
	case key == "og:locale":
		if h.ogLocale == "" {
			h.ogLocale = content
		}
	case equiv == "content-language":
		if h.contentLang == "" {
			h.contentLang = content
		}
	}
}

// socialKeys are the meta keys (name or property) of the copy a share
// preview shows, with the role of each.
var socialKeys = map[string]Role{
	"og:title":            RoleTitle,
	"og:description":      RoleMetaDescription,
	"twitter:title":       RoleTitle,
	"twitter:description": RoleMetaDescription,
}

// socialRole is the role of a social meta element's content.
func socialRole(m *html.Node) Role {
	key := strings.ToLower(strings.TrimSpace(attrVal(m, "name")))
	if key == "" {
		key = strings.ToLower(strings.TrimSpace(attrVal(m, "property")))
	}
	return socialKeys[key]
}

// lang returns the declared language of the page.
func (h head) lang() string {
	if h.htmlEl != nil {
		if l := strings.TrimSpace(attrVal(h.htmlEl, "lang")); l != "" {
			return l
		}
	}
	if l := strings.TrimSpace(strings.Split(h.contentLang, ",")[0]); l != "" {
		return l
	}
	return strings.ReplaceAll(strings.TrimSpace(h.ogLocale), "_", "-")
}

// siteName returns og:site_name, else application-name, else the brand part
// of the title. texts is the page's copy, used to find the part that recurs.
func (h head) siteName(title string, texts []string) string {
	if h.ogSite != "" {
		return h.ogSite
	}
	if h.appName != "" {
		return h.appName
	}
	return brandFromTitle(title, texts)
}

// brandFromTitle splits title on the usual separators and returns the part
// that names the brand: the one that looks like a name (CamelCase, a domain)
// and recurs most in the page's copy; ties go to the shorter part.
func brandFromTitle(title string, texts []string) string {
	parts := offer.TitleParts(title)
	if len(parts) < 2 {
		return ""
	}
	// A part in capitals throughout ("ONE TIME OFFER") is a kicker that
	// shouts, not a name.
	var cands []string
	for _, p := range parts {
		if !shouted(p) && !pageNames[strings.ToLower(p)] {
			cands = append(cands, p)
		}
	}
	if len(cands) == 0 {
		return ""
	}
	best, bestScore := "", -1
	for _, p := range cands {
		score := 0
		if looksLikeName(p) {
			score += 2
		}
		for _, t := range texts {
			score += strings.Count(t, p)
		}
		if score > bestScore || (score == bestScore && len(p) < len(best)) {
			best, bestScore = p, score
		}
	}
	// "Tarifs Acme" does not recur but "Acme" does: keep the name.
	if !occurs(best, texts) {
		var name string
		for _, w := range strings.Fields(best) {
			if looksLikeName(w) && occurs(w, texts) {
				if name != "" {
					return best
				}
				name = w
			}
		}
		if name != "" {
			return name
		}
	}
	return best
}

// pageNames are the names of a site's pages in the languages the
// extractor reads: "Preços — Drone Hub" names the page first and the site
// second, and a nav link to the page ("Preços") recurs in the copy as often
// as the brand does.
var pageNames = map[string]bool{
	"home": true, "pricing": true, "prices": true, "plans": true, "plans & pricing": true, "features": true, "about": true, "about us": true,
	"contact": true, "contact us": true, "blog": true, "faq": true, "faqs": true, "donate": true, "shop": true, "store": true, "tickets": true,
	"preise": true, "preis": true, "tarife": true, "kontakt": true, "startseite": true, "über uns": true,
	"tarifs": true, "prix": true, "accueil": true, "à propos": true,
	"precios": true, "planes": true, "inicio": true, "contacto": true,
	"preços": true, "precos": true, "planos": true, "início": true, "contato": true,
	"prezzi": true, "piani": true, "contatti": true,
	"tarieven": true, "prijzen": true, "over ons": true,
}

// shouted reports whether s is two words or more with no lower-case
// letter.
func shouted(s string) bool {
	return len(strings.Fields(s)) >= 2 && !strings.ContainsFunc(s, isLower) && strings.ContainsFunc(s, isUpper)
}

func occurs(s string, texts []string) bool {
	for _, t := range texts {
		if strings.Contains(t, s) {
			return true
		}
	}
	return false
}

// looksLikeName reports whether s has a CamelCase word ("NewPipe") or a
// domain ("nucl.ai").
func looksLikeName(s string) bool {
	for _, w := range strings.Fields(s) {
		if domainRe.MatchString(w) {
			return true
		}
		rs := []rune(w)
		for i := 1; i < len(rs); i++ {
			if isLower(rs[i-1]) && isUpper(rs[i]) {
				return true
			}
		}
	}
	return false
}
