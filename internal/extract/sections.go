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
	container = commonAncestor(els)
	for container != nil {
		kids := childrenWithCopy(container, els)
		if len(kids) >= 3 {
			break
		}
		// One child holds most of the copy: the sections are inside it.
		var next *html.Node
		for _, k := range kids {
			if countInside(k, els)*10 >= len(els)*7 {
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
	secs = childrenWithCopy(container, els)
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

func commonAncestor(els []*html.Node) *html.Node {
	path := func(n *html.Node) []*html.Node {
		var p []*html.Node
		for ; n != nil; n = n.Parent {
			p = append([]*html.Node{n}, p...)
		}
		return p
	}
	common := path(els[0])
	for _, e := range els[1:] {
		p := path(e)
		k := 0
		for k < len(common) && k < len(p) && common[k] == p[k] {
			k++
		}
		common = common[:k]
	}
	if len(common) == 0 {
		return nil
	}
	return common[len(common)-1]
}

func isInside(n, ancestor *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == ancestor {
			return true
		}
	}
	return false
}

func countInside(n *html.Node, els []*html.Node) int {
	c := 0
	for _, e := range els {
		if isInside(e, n) {
			c++
		}
	}
	return c
}

func childrenWithCopy(n *html.Node, els []*html.Node) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && countInside(c, els) > 0 {
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
