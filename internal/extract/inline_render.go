package extract

import (
	"bytes"
	"sort"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/marketingfork/fork/internal/markup"
)

// inlineEdit writes a block's region anew from its draft tokens, as page
// bytes: the elements' own start and end tags, void elements as the page
// wrote them, the new text between, and the region's comments at its end.
// It reports false where a node it needs is not placed in the page.
func (ri *rawIndex) inlineEdit(in *inline, toks []markup.Token) (edit, bool) {
	start, ok := ri.nodeStart(in.first)
	if !ok {
		return edit{}, false
	}
	end, ok := ri.nodeEnd(in.last)
	if !ok || end <= start {
		return edit{}, false
	}
	if !ri.regionOwn(in, start, end) {
		return edit{}, false
	}
	inside := func(r [2]int) bool { return r[0] >= start && r[1] <= end && r[0] <= r[1] }
	var b strings.Builder
	b.Grow(end - start)
	var voids [][2]int
	for _, t := range toks {
		var r [2]int
		switch t.Kind {
		case markup.Text:
			b.WriteString(escapeText(t.Text))
			continue
		case markup.Open:
			r, _, ok = ri.startOf(in.items[t.N-1].el)
		case markup.Close:
			r, ok = ri.endTagOf(in.items[t.N-1].el)
		case markup.Void:
			if t.N == 0 {
				// A line break the writer added: a space where the block
				// stands in a link or a button (breakable).
				b.WriteString(map[bool]string{true: "<br>", false: " "}[breakable(in.scope)])
				continue
			}
			el := in.items[t.N-1].el
			r[0], ok = ri.nodeStart(el)
			if ok {
				r[1], ok = ri.nodeEnd(el)
			}
			voids = append(voids, r)
		}
		if !ok || !inside(r) {
			return edit{}, false
		}
		b.Write(ri.src[r[0]:r[1]])
	}
	// The comments of the region that no void element holds.
	i := sort.Search(len(ri.toks), func(i int) bool { return ri.toks[i].start >= start })
	for ; i < len(ri.toks) && ri.toks[i].start < end; i++ {
		t := ri.toks[i]
		if t.typ != html.CommentToken {
			continue
		}
		held := false
		for _, v := range voids {
			held = held || (t.start >= v[0] && t.end <= v[1])
		}
		if !held {
			b.Write(ri.src[t.start:t.end])
		}
	}
	return edit{start, end, b.String()}, true
}

// regionOwn reports whether the page's bytes from start to end hold only
// the region's own text and start tags: where the page leaves an element
// open, its end tag may be found past other copy, which a rewrite of the
// region must not take with it.
func (ri *rawIndex) regionOwn(in *inline, start, end int) bool {
	own := map[int]bool{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			if r, ok := ri.text[n]; ok {
				own[int(r.start)] = true
			}
			for _, p := range ri.parts[n] {
				own[p.start] = true
			}
		case html.ElementNode:
			if r, _, ok := ri.startOf(n); ok {
				own[r[0]] = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for n := in.first; n != nil; n = n.NextSibling {
		walk(n)
		if n == in.last {
			break
		}
	}
	i := sort.Search(len(ri.toks), func(i int) bool { return ri.toks[i].start >= start })
	for ; i < len(ri.toks) && ri.toks[i].start < end; i++ {
		t := ri.toks[i]
		switch t.typ {
		case html.TextToken:
			if len(bytes.TrimSpace(ri.src[t.start:t.end])) > 0 && !own[t.start] {
				return false
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			if !own[t.start] {
				return false
			}
		}
	}
	return true
}

// nodeStart is where a text node or an element starts in the page. A
// text node the parser joined over stray end tags spans its runs and the
// tags between: a region written anew drops those tags, which the parser
// ignored, so the page it parses to is the same.
func (ri *rawIndex) nodeStart(n *html.Node) (int, bool) {
	if n.Type == html.TextNode {
		r, ok := ri.text[n]
		return int(r.start), ok
	}
	r, _, ok := ri.startOf(n)
	return r[0], ok
}

// nodeEnd is where a text node or an element ends in the page.
func (ri *rawIndex) nodeEnd(n *html.Node) (int, bool) {
	if n.Type == html.TextNode {
		r, ok := ri.text[n]
		return int(r.end), ok
	}
	e := ri.endOf(n)
	return e, e > 0
}

// rebuildInline writes a block's region anew in a copy of the tree (clone
// maps the page's nodes to their copies): new elements like the page's
// for the pairs, the void elements' copies themselves, the new text
// between, the region's comments at its end.
func rebuildInline(in *inline, toks []markup.Token, clone map[*html.Node]*html.Node) {
	scope, first, last := clone[in.scope], clone[in.first], clone[in.last]
	after := last.NextSibling
	for n := first; n != nil; {
		next := n.NextSibling
		scope.RemoveChild(n)
		if n == last {
			break
		}
		n = next
	}
	stack := []*html.Node{scope}
	put := func(n *html.Node) {
		if n.Parent != nil {
			n.Parent.RemoveChild(n)
		}
		if p := stack[len(stack)-1]; p != scope {
			p.AppendChild(n)
			return
		}
		scope.InsertBefore(n, after)
	}
	for _, t := range toks {
		switch t.Kind {
		case markup.Text:
			put(&html.Node{Type: html.TextNode, Data: t.Text})
		case markup.Open:
			src := in.items[t.N-1].el
			el := &html.Node{Type: html.ElementNode, DataAtom: src.DataAtom, Data: src.Data, Namespace: src.Namespace,
				Attr: append([]html.Attribute(nil), src.Attr...)}
			put(el)
			stack = append(stack, el)
		case markup.Close:
			stack = stack[:len(stack)-1]
		case markup.Void:
			if t.N == 0 {
				if breakable(in.scope) {
					put(&html.Node{Type: html.ElementNode, DataAtom: atom.Br, Data: "br"})
				} else {
					put(&html.Node{Type: html.TextNode, Data: " "})
				}
				continue
			}
			put(clone[in.items[t.N-1].el])
		}
	}
	for _, c := range in.comments {
		put(clone[c])
	}
}

// needInline adds the nodes rebuildInline needs to need.
func (in *inline) needInline(need map[*html.Node]*html.Node) {
	need[in.scope], need[in.first], need[in.last] = nil, nil, nil
	for _, it := range in.items {
		if it.void {
			need[it.el] = nil
		}
	}
	for _, c := range in.comments {
		need[c] = nil
	}
}

// InlinePlaced reports whether block id's inline elements can be written
// back in the page's own bytes around new words. Where the parser built
// elements the page does not write (a formatting element it reopened, an
// element implied by a stray end tag), they cannot: a fork that keeps
// the page byte-faithful keeps such a block's text. A block without inline
// elements, or an ID that is not a block's, reports true.
func (d *Document) InlinePlaced(id int) bool {
	if id < 0 || id >= len(d.targets) || d.targets[id].mk == nil {
		return true
	}
	ri := d.rawIndex()
	if ri == nil {
		return false
	}
	mk := d.targets[id].mk
	_, ok := ri.inlineEdit(mk, markup.Tokens(mk.markup))
	return ok
}
