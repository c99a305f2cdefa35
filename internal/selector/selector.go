// Package selector computes, for each copy block of a page, a CSS selector
// that matches exactly the block's element in that page, so an A/B tool's
// visual editor (GrowthBook, Optimizely, PostHog) can find the element the
// fork changed on the live page.
//
// A selector prefers what survives a redeploy: an id or a stable attribute
// (data-testid, name, aria-label, a link's href) when it names one element;
// else the element's tag when the page has one of it; else the shortest
// child path (tag:nth-of-type) from the nearest ancestor that is itself
// named that way, or from the document's body or head. Class names are never
// used: on pages built with utility CSS or CSS modules they are hashed or
// shared by many elements, and they change with every build. Every selector
// is checked with a real selector engine (cascadia) to match exactly its
// element before it is returned.
package selector

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// ErrNoElement is returned for a path that names no element of the page.
var ErrNoElement = errors.New("selector: no such element")

// stableAttrs are the attributes that name an element on purpose (tests,
// forms, accessibility) and so outlive a redesign of its styling, in the
// order they are tried.
var stableAttrs = []string{"data-testid", "data-test-id", "data-test", "data-qa", "data-cy", "name", "aria-label", "itemprop", "property"}

// Index is a parsed page indexed once for selectors: how often each id,
// tag and stable attribute value occurs, so a candidate's uniqueness is a
// map lookup and only the chosen selector runs through the engine.
type Index struct {
	root  *html.Node
	ids   map[string]int
	tags  map[string]int
	attrs map[attrKey]int
	// byTag and byID list the elements of each name and of each id, in
	// document order: the only elements a selector ending in that tag or
	// id can match, so the check runs the engine on them alone.
	byTag map[string][]*html.Node
	byID  map[string][]*html.Node
	// pos is an element's 1-based position among same-named siblings, and
	// same is how many same-named siblings it has; both are filled a
	// parent at a time, on first need.
	pos  map[*html.Node]int
	same map[*html.Node]int
}

type attrKey struct{ tag, attr, val string }

// Parse reads a page and indexes it. It fails only where the HTML parser
// does (a read error, or elements nested more than 512 deep).
func Parse(r io.Reader) (*Index, error) {
	root, err := html.Parse(r)
	if err != nil {
		return nil, fmt.Errorf("selector: parse html: %w", err)
	}
	return New(root), nil
}

// New indexes a parsed page in one walk. The tree must not change while
// the Index is used.
func New(root *html.Node) *Index {
	ix := &Index{root: root, ids: map[string]int{}, tags: map[string]int{}, attrs: map[attrKey]int{},
		pos: map[*html.Node]int{}, same: map[*html.Node]int{}, byTag: map[string][]*html.Node{}, byID: map[string][]*html.Node{}}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Namespace == "" {
			ix.tags[n.Data]++
			ix.byTag[n.Data] = append(ix.byTag[n.Data], n)
			for _, a := range n.Attr {
				if a.Namespace != "" {
					continue
				}
				if a.Key == "id" {
					ix.ids[a.Val]++
					ix.byID[a.Val] = append(ix.byID[a.Val], n)
				} else if a.Key == "href" || isStableAttr(a.Key) {
					ix.attrs[attrKey{n.Data, a.Key, a.Val}]++
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return ix
}

func isStableAttr(k string) bool {
	for _, s := range stableAttrs {
		if s == k {
			return true
		}
	}
	return false
}

// Element returns the element a block path points at
// ("/html[1]/body[1]/section[2]/h1[1]", with an "@attribute" suffix for a
// block whose text is an attribute: the suffix is ignored here).
func (ix *Index) Element(path string) (*html.Node, error) {
	p, _, _ := strings.Cut(path, "@")
	if !strings.HasPrefix(p, "/") {
		return nil, fmt.Errorf("%w: path %q does not start at the root", ErrNoElement, path)
	}
	n := ix.root
	for _, step := range strings.Split(p[1:], "/") {
		name, rest, ok := strings.Cut(step, "[")
		k, err := strconv.Atoi(strings.TrimSuffix(rest, "]"))
		if !ok || err != nil || !strings.HasSuffix(rest, "]") || k < 1 || name == "" {
			return nil, fmt.Errorf("%w: path %q: malformed step %q", ErrNoElement, path, step)
		}
		var next *html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == name {
				k--
				if k == 0 {
					next = c
					break
				}
			}
		}
		if next == nil {
			return nil, fmt.Errorf("%w: path %q: no %s", ErrNoElement, path, step)
		}
		n = next
	}
	if n == ix.root {
		return nil, fmt.Errorf("%w: empty path", ErrNoElement)
	}
	return n, nil
}

// For returns the selector of the element a block path points at.
func (ix *Index) For(path string) (string, error) {
	n, err := ix.Element(path)
	if err != nil {
		return "", err
	}
	return ix.Node(n)
}

// Node returns the selector of an element of the indexed page, checked to
// match it and nothing else.
func (ix *Index) Node(n *html.Node) (string, error) {
	if n == nil || n.Type != html.ElementNode {
		return "", fmt.Errorf("%w: not an element", ErrNoElement)
	}
	sel := ix.build(n)
	if err := ix.check(sel, n); err != nil {
		return "", err
	}
	return sel, nil
}

// build composes the selector: the element's own name when it has one,
// else a child path from the nearest named ancestor.
func (ix *Index) build(n *html.Node) string {
	if s, ok := ix.named(n); ok {
		return s
	}
	var steps []string
	for e := n; e != nil && e.Type == html.ElementNode; e = e.Parent {
		if s, ok := ix.named(e); ok && e != n {
			steps = append(steps, s)
			break
		}
		if e.Data == "body" || e.Data == "head" || e.Data == "html" {
			steps = append(steps, e.Data)
			break
		}
		steps = append(steps, ix.step(e))
	}
	for i, j := 0, len(steps)-1; i < j; i, j = i+1, j-1 {
		steps[i], steps[j] = steps[j], steps[i]
	}
	return strings.Join(steps, " > ")
}

// named returns a selector that names n alone by what n is, not where it
// stands: its id, a stable attribute, a link's href, or its tag when the
// page has one of it.
func (ix *Index) named(n *html.Node) (string, bool) {
	if n.Namespace != "" {
		return "", false
	}
	if id := attr(n, "id"); id != "" && ix.ids[id] == 1 && !looksGenerated(id) {
		return "#" + Ident(id), true
	}
	for _, k := range stableAttrs {
		if v := attr(n, k); v != "" && ix.attrs[attrKey{n.Data, k, v}] == 1 && !looksGenerated(v) {
			return n.Data + "[" + k + "=" + String(v) + "]", true
		}
	}
	if n.Data == "a" {
		if v := attr(n, "href"); v != "" && ix.attrs[attrKey{"a", "href", v}] == 1 && len(v) <= 200 {
			return "a[href=" + String(v) + "]", true
		}
	}
	if ix.tags[n.Data] == 1 && n.Data != "div" && n.Data != "span" {
		return n.Data, true
	}
	return "", false
}

// step is n's place among its siblings: its tag, with :nth-of-type when a
// sibling shares the tag.
func (ix *Index) step(n *html.Node) string {
	if _, ok := ix.pos[n]; !ok && n.Parent != nil {
		count := map[string]int{}
		for s := n.Parent.FirstChild; s != nil; s = s.NextSibling {
			if s.Type == html.ElementNode {
				count[s.Data]++
				ix.pos[s] = count[s.Data]
			}
		}
		for s := n.Parent.FirstChild; s != nil; s = s.NextSibling {
			if s.Type == html.ElementNode {
				ix.same[s] = count[s.Data]
			}
		}
	}
	if ix.same[n] <= 1 {
		return n.Data
	}
	return n.Data + ":nth-of-type(" + strconv.Itoa(ix.pos[n]) + ")"
}

// check runs sel through cascadia: it must match n and nothing else.
// Every selector build writes ends in n's tag or n's id, so only the
// elements with that tag and those with that id can match it: the engine
// runs on them, not on the whole page.
func (ix *Index) check(sel string, n *html.Node) error {
	m, err := cascadia.Compile(sel)
	if err != nil {
		return fmt.Errorf("selector: %q does not compile: %w", sel, err)
	}
	found := 0
	for _, e := range ix.byTag[n.Data] {
		if m.Match(e) {
			found++
		}
	}
	if id := attr(n, "id"); id != "" {
		for _, e := range ix.byID[id] {
			if e.Data != n.Data && m.Match(e) {
				found++
			}
		}
	}
	if found != 1 || !m.Match(n) {
		return fmt.Errorf("selector: %q matches %d elements, not exactly the block's", sel, found)
	}
	return nil
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// looksGenerated reports whether an id or attribute value looks made by a
// framework or a build (React's ":r1:", "ember123", a hash) rather than
// written by a person: such values change between page loads or builds.
func looksGenerated(v string) bool {
	if len(v) > 64 || strings.HasPrefix(v, ":") || strings.ContainsAny(v, "\n\t") {
		return true
	}
	for _, p := range []string{"ember", "react-", "radix-", "headlessui-", "mui-", "yui_", "__next", "rc-", "ng-", "uid-", "id-"} {
		if strings.HasPrefix(strings.ToLower(v), p) && hasDigit(v) {
			return true
		}
	}
	for _, tok := range strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		digits, letters := 0, 0
		run, maxRun := 0, 0
		for _, r := range tok {
			if r >= '0' && r <= '9' {
				digits++
				run++
				maxRun = max(maxRun, run)
				continue
			}
			run = 0
			letters++
		}
		if maxRun >= 4 || (len(tok) >= 6 && digits >= 2 && letters >= 2) {
			return true
		}
	}
	return false
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// Ident escapes s as a CSS identifier (CSSOM's "serialize an identifier").
func Ident(s string) string {
	var b bytes.Buffer
	for i, r := range s {
		switch {
		case r == 0:
			b.WriteString("\uFFFD")
		case r < 0x20 || r == 0x7f || (i == 0 && r >= '0' && r <= '9') ||
			(i == 1 && r >= '0' && r <= '9' && s[0] == '-'):
			fmt.Fprintf(&b, "\\%x ", r)
		case i == 0 && r == '-' && len(s) == 1:
			b.WriteString("\\-")
		case r >= 0x80 || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		default:
			b.WriteByte('\\')
			b.WriteRune(r)
		}
	}
	return b.String()
}

// String quotes s as a CSS string (CSSOM's "serialize a string").
func String(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == 0:
			b.WriteString("\uFFFD")
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\%x ", r)
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
