package extract

import (
	"golang.org/x/net/html"
)

// sections finds the page's top-level sections: the element children of the
// container that holds the body copy, each with the blocks inside it. A
// container that holds one child with most of the copy is descended into,
// so "body > main > section…" yields the sections, not "main". Blocks outside
// every section (a header's CTA, the head's title) are in no section.
func (d *Document) sections() (container *html.Node, secs []*html.Node, of []int) {
	of = make([]int, len(d.Blocks))
	for i := range of {
		of[i] = -1
	}
	var els []*html.Node
	for i, b := range d.Blocks {
		if b.Role == RoleTitle || b.Role == RoleMetaDescription {
			continue
		}
		els = append(els, d.targets[i].el)
	}
	if len(els) < 2 {
		return nil, nil, of
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
		if len(kids) >= 3 {
			break
		}
		// One child holds most of the copy: the sections are inside it.
		var next *html.Node
		for _, k := range kids {
			if inside[k]*10 >= len(els)*7 {
				next = k
			}
		}
		if next == nil {
			return nil, nil, of
		}
		container = next
	}
	if container == nil {
		return nil, nil, of
	}
	secs = childrenWithCopy(container, inside)
	index := map[*html.Node]int{}
	for i, s := range secs {
		index[s] = i
	}
	for i, b := range d.Blocks {
		if b.Role == RoleTitle || b.Role == RoleMetaDescription {
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

// Sections returns, for each block, the index of the top-level section it
// stands in, or -1 when it stands in none; and the number of sections. A
// fork may reorder sections (see RenderOrdered), never split them.
func (d *Document) Sections() (of []int, n int) {
	_, secs, of := d.sections()
	return of, len(secs)
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
