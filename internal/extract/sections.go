package extract

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
)

// sections finds the page's reorderable sections: the element children of
// the container that holds the body copy, each with the blocks inside it. A
// container that holds one child with most of the copy is descended into,
// so "body > main > section…" yields the sections, not "main". Blocks outside
// every section (a header's CTA, the head's title) are in no section.
//
// The children are sections only if they are real ones (see
// sectionLayout): otherwise there are none, and the page keeps its order.
func (d *Document) sections() (container *html.Node, secs []*html.Node, of []int) {
	container, secs, _ = d.sectionLayout()
	of = make([]int, len(d.Blocks))
	for i := range of {
		of[i] = -1
	}
	index := map[*html.Node]int{}
	for i, s := range secs {
		index[s] = i
	}
	for i, b := range d.Blocks {
		if len(secs) == 0 || b.Role == RoleTitle || b.Role == RoleMetaDescription {
			continue
		}
		for n := d.targets[i].el; n != nil; n = n.Parent {
			if s, ok := index[n]; ok {
				of[i] = s
				break
			}
		}
	}
	return container, secs, of
}

// minSections is how many sections with a heading and its content a page
// needs before their order may change: with fewer there is nothing to
// reorder but a header or a footer.
const minSections = 2

// sectionLayout finds the container of the page's sections and its
// children with copy, or says why the page has no reorderable sections.
// A page's sections are reorderable only when every child with copy is
// either a section — a container element, not a block's own element,
// that holds a heading and the copy under it — or a container without a
// heading that is whole on its own (a strip of badges or quotes, or an
// offer with both its price and its button), or the page's frame (a
// header, a footer, a nav, or fine print only), which the engine leaves in
// place; and at least minSections of them have headings. A flat page
// (headings and paragraphs as siblings) has none: moving its children
// would take a heading away from its content; so has a page whose
// children include a container with a lone button or price (a band with
// the main button), as the button would leave the offer it belongs to.
func (d *Document) sectionLayout() (container *html.Node, secs []*html.Node, reason string) {
	var els []*html.Node
	own := map[*html.Node]bool{}
	for i, b := range d.Blocks {
		if b.Role == RoleTitle || b.Role == RoleMetaDescription || d.targets[i].attr == "content" {
			continue
		}
		els = append(els, d.targets[i].el)
		own[d.targets[i].el] = true
	}
	if len(els) < 2 {
		return nil, nil, "the page has too little copy to have sections"
	}
	// inside[n] counts the copy elements at or below n: one walk up from
	// each element, so the whole search is linear in blocks × depth.
	inside := map[*html.Node]int{}
	for _, e := range els {
		for n := e; n != nil; n = n.Parent {
			inside[n]++
		}
	}
	// The deepest node holding every element is their common ancestor.
	for container = els[0]; container != nil && inside[container] < len(els); container = container.Parent {
	}
	for container != nil {
		kids := childrenWithCopy(container, inside)
		// One child holds most of the copy: the sections are inside it,
		// and what stands beside it (a nav's button, a floating chat
		// link) is the page's frame.
		var next *html.Node
		for _, k := range kids {
			if inside[k]*10 >= len(els)*7 && !own[k] {
				next = k
			}
		}
		if next == nil {
			if len(kids) >= 3 {
				break
			}
			return nil, nil, "the page's copy stands in fewer than three parts"
		}
		container = next
	}
	if container == nil {
		return nil, nil, "the page's copy has no common container"
	}
	kids := childrenWithCopy(container, inside)
	heads := d.headingEls()
	real := 0
	for _, k := range kids {
		if own[k] && heads[k] {
			return nil, nil, fmt.Sprintf("flat page: a <%s> heading stands beside its content, not in a section with it (%q)", k.Data, d.firstText(k))
		}
		if frameEl(k) || d.finePrintOnly(k) {
			continue
		}
		if own[k] || !holdsHeading(k, heads, inside) {
			// A container without a heading moves only if nothing in it
			// belongs to an offer told elsewhere: a strip of badges or
			// quotes may move, and so may a whole offer with its price
			// and its button; a lone button or a lone price may not.
			if price, cta := d.holdsRoles(k); price != cta {
				return nil, nil, fmt.Sprintf("a <%s> without a heading holds a %s apart from its offer (%q)", k.Data, map[bool]string{true: "price", false: "call to action"}[price], d.firstText(k))
			}
			continue
		}
		real++
	}
	if real < minSections {
		return nil, nil, fmt.Sprintf("only %d section(s) with a heading and its content", real)
	}
	return container, kids, ""
}

// firstText is the text of the first block inside n, cut short.
func (d *Document) firstText(n *html.Node) string {
	for i, b := range d.Blocks {
		if within(d.targets[i].el, n) {
			return clip(b.Text, 40)
		}
	}
	return ""
}

// headingEls returns the elements of the page's heading blocks: h1–h6, a
// table's caption, the headline and the subheadlines.
func (d *Document) headingEls() map[*html.Node]bool {
	out := map[*html.Node]bool{}
	for i, b := range d.Blocks {
		if isHeadingTag(b.Tag) || b.Tag == "caption" || b.Role == RoleHeadline || b.Role == RoleSubheadline {
			out[d.targets[i].el] = true
		}
	}
	return out
}

// holdsHeading reports whether section k holds a heading and copy besides
// it.
func holdsHeading(k *html.Node, heads map[*html.Node]bool, inside map[*html.Node]int) bool {
	if inside[k] < 2 {
		return false
	}
	found := false
	walkElements(k, func(n *html.Node) bool {
		if heads[n] {
			found = true
		}
		return !found
	})
	return found
}

// frameEl reports whether a container is the page's frame: its header,
// footer or navigation, or a dialog that opens over the page (its buttons
// belong to the dialog, not to the section it happens to follow), which
// stay where they are.
func frameEl(n *html.Node) bool {
	switch n.Data {
	case "header", "footer", "nav", "dialog":
		return true
	}
	switch attrVal(n, "role") {
	case "banner", "contentinfo", "navigation", "dialog", "alertdialog":
		return true
	}
	if attrVal(n, "aria-modal") == "true" {
		return true
	}
	for _, c := range strings.Fields(attrVal(n, "class")) {
		if c == "modal" || c == "dialog" {
			return true
		}
	}
	return false
}

// holdsRoles reports whether n holds a price block and a call to action.
func (d *Document) holdsRoles(n *html.Node) (price, cta bool) {
	for i, b := range d.Blocks {
		if within(d.targets[i].el, n) {
			price = price || b.Role == RolePrice
			cta = cta || b.Role == RoleCTA
		}
	}
	return price, cta
}

// finePrintOnly reports whether every block inside n is fine print.
func (d *Document) finePrintOnly(n *html.Node) bool {
	found := false
	for i, b := range d.Blocks {
		if !within(d.targets[i].el, n) {
			continue
		}
		if b.Role != RoleFinePrint {
			return false
		}
		found = true
	}
	return found
}

// within reports whether n is anc or stands below it.
func within(n, anc *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == anc {
			return true
		}
	}
	return false
}

// walkElements calls fn for the elements below n, depth first, while fn
// returns true.
func walkElements(n *html.Node, fn func(*html.Node) bool) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if !fn(c) || !walkElements(c, fn) {
			return false
		}
	}
	return true
}

// Sections returns, for each block, the index of the section it stands
// in, or -1 when it stands in none; and the number of sections. A fork may
// reorder sections (see RenderOrdered), never split them. A page without
// real sections (see Layout) has none: n is 0.
func (d *Document) Sections() (of []int, n int) {
	_, secs, of := d.sections()
	return of, len(secs)
}

// Layout says whether the page's sections may be reordered and, when not,
// why: "flat page: …", "a <div> without a heading stands between the
// sections…".
func (d *Document) Layout() (reorderable bool, reason string) {
	_, secs, reason := d.sectionLayout()
	return len(secs) > 0, reason
}

func childrenWithCopy(n *html.Node, inside map[*html.Node]int) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && inside[c] > 0 {
			out = append(out, c)
		}
	}
	return out
}

// validOrder reports whether order is a permutation of 0..n-1.
func validOrder(order []int, n int) bool {
	if len(order) != n {
		return false
	}
	seen := make([]bool, n)
	for _, i := range order {
		if i < 0 || i >= n || seen[i] {
			return false
		}
		seen[i] = true
	}
	return true
}

// clip cuts s to at most n runes, with an ellipsis when it was longer.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
