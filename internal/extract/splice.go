package extract

import (
	"bytes"
	"hash/maphash"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Splicing writes a fork as the page's own bytes with only the changed text
// replaced: attribute quoting, entities, comments, implied tags and every
// byte outside a changed block stay as the page wrote them, and a moved
// section moves verbatim. html.Parse gives no byte offsets, so the tree is
// mapped back to the page by tokenizing it once more (x/net/html's
// Tokenizer gives each token's raw bytes) and matching text tokens to text
// nodes, and start tags to elements, in document order. Where the parser
// moved or merged something (text fostered out of a table, a stray tag
// dropped between two runs of text) and a node the fork needs cannot be
// placed, Render falls back to re-serialising the tree.

// rawIndex maps the parsed tree to the page's bytes.
type rawIndex struct {
	src     []byte
	toks    []rawToken
	decoded map[int]string // see rawToken.plain
	names   *nameTable     // the tag names that are no atom
	seed    maphash.Seed   // for attrSig
	// text is a text node's bytes: their decoded text is the node's Data.
	text map[*html.Node]span
	// parts are the runs of a text node the parser joined over end tags it
	// ignored ("text</span> more" with no <span> open): the stray tags
	// stay, the runs take the new text.
	parts map[*html.Node][]textPart

	// Elements are placed on first need, a tag name at a time.
	root     *html.Node
	mu       sync.Mutex
	placed   map[string]bool
	startTok map[*html.Node]int // an element's start tag, as its index in toks
}

// span is a text node's bytes in the page, src[start:end]: 32-bit offsets
// (a page under the fetch limit fits them) keep the map of a page's text
// nodes small.
type span struct{ start, end int32 }

func spanOf(start, end int) span { return span{int32(start), int32(end)} }

type textPart struct {
	start, end int
	text       string
}

type rawToken struct {
	start, end int
	name       tagName // a tag's name
	typ        html.TokenType
	// plain is a text token whose text is src[start:end] itself; the
	// decoded text of one that holds entities, a carriage return or NUL
	// is in rawIndex.decoded.
	plain     bool
	selfClose bool
}

// maxTextLookahead bounds how far the matching looks ahead for a text
// node's token, so a page the parser rearranged costs linear time.
const maxTextLookahead = 32

// tokText is a text token's decoded text.
func (ri *rawIndex) tokText(t rawToken) string {
	if t.plain {
		return string(ri.src[t.start:t.end])
	}
	return ri.decoded[t.start]
}

// textIs reports whether a text token's decoded text is s, without
// allocating for plain text.
func (ri *rawIndex) textIs(t rawToken, s string) bool {
	if t.plain {
		return string(ri.src[t.start:t.end]) == s
	}
	return ri.decoded[t.start] == s
}

// textPrefixOf reports whether a text token's text is a proper, non-empty
// prefix of s.
func (ri *rawIndex) textPrefixOf(t rawToken, s string) bool {
	n := t.end - t.start
	if !t.plain {
		n = len(ri.decoded[t.start])
	}
	if n == 0 || n >= len(s) {
		return false
	}
	if t.plain {
		return string(ri.src[t.start:t.end]) == s[:n]
	}
	return ri.decoded[t.start] == s[:n]
}

func buildRawIndex(src []byte, root *html.Node) *rawIndex {
	// About two tokens a tag: a tag and the text after it.
	tags := bytes.Count(src, []byte{'<'})
	ri := &rawIndex{src: src, root: root, seed: maphash.MakeSeed(), text: make(map[*html.Node]span, tags), parts: map[*html.Node][]textPart{},
		placed:   map[string]bool{},
		startTok: map[*html.Node]int{}}
	ri.toks, ri.decoded, ri.names = scanTokens(src, make([]rawToken, 0, 2*tags+1))
	textToks := make([]int, 0, tags+1)
	for i, tok := range ri.toks {
		if tok.typ == html.TextToken {
			textToks = append(textToks, i)
		}
	}

	// Text nodes, in document order, each matched to the next text token
	// with the same text.
	j := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				j = ri.placeText(c, textToks, j)
			}
			walk(c)
		}
	}
	walk(root)
	return ri
}

// placeText finds text node n's token from textToks[j] on and returns where
// the next search starts.
func (ri *rawIndex) placeText(n *html.Node, textToks []int, j int) int {
	for k := j; k < len(textToks) && k < j+maxTextLookahead; k++ {
		t := ri.toks[textToks[k]]
		switch {
		case ri.textIs(t, n.Data):
			ri.text[n] = spanOf(t.start, t.end)
		case t.end > t.start && ri.src[t.start] == '\n' && strings.HasPrefix(ri.tokText(t), "\n") && ri.tokText(t)[1:] == n.Data:
			// <pre> and <textarea> drop a newline right after their
			// start tag.
			ri.text[n] = spanOf(t.start+1, t.end)
		case ri.textPrefixOf(t, n.Data):
			parts, ok := ri.joinedParts(textToks[k], n.Data)
			if !ok {
				continue
			}
			ri.parts[n] = parts
			ri.text[n] = spanOf(parts[0].start, parts[len(parts)-1].end)
		default:
			continue
		}
		return k + 1
	}
	return j
}

// startOf returns el's start tag in the page. The k-th element of a name
// and attribute set is the k-th start tag with that name and those
// attributes, where the page has as many such tags as the tree has such
// elements (or writes it once: a formatting element the parser reopened
// stands in the tree more than once, first where the page wrote it).
// Implied elements (html, head, body, tbody) and ones the parser dropped
// or merged are not placed.
func (ri *rawIndex) startOf(el *html.Node) ([2]int, int, bool) {
	ri.mu.Lock()
	defer ri.mu.Unlock()
	if !ri.placed[el.Data] {
		ri.placed[el.Data] = true
		ri.placeName(el.Data)
	}
	ti, ok := ri.startTok[el]
	if !ok {
		return [2]int{}, 0, false
	}
	t := ri.toks[ti]
	return [2]int{t.start, t.end}, ti, true
}

func (ri *rawIndex) placeName(name string) {
	tagsBySig := map[uint64][]int{}
	for _, ti := range ri.startTags(name) {
		s := ri.tagSig(ti)
		tagsBySig[s] = append(tagsBySig[s], ti)
	}
	elems := ri.elementsNamed(name)
	sigs := make([]uint64, len(elems))
	inTree := map[uint64]int{}
	for i, e := range elems {
		sigs[i] = attrSig(ri.seed, e.Attr)
		inTree[sigs[i]]++
	}
	seen := map[uint64]int{}
	for i, e := range elems {
		s := sigs[i]
		k := seen[s]
		seen[s]++
		idx := tagsBySig[s]
		if len(idx) != inTree[s] && !(len(idx) == 1 && k == 0) {
			continue
		}
		if k >= len(idx) {
			continue
		}
		ri.startTok[e] = idx[k]
	}
	ri.placeByText(elems, sigs, tagsBySig)
}

// startTags is the page's start tags of a name, as indexes into toks.
func (ri *rawIndex) startTags(name string) []int {
	n, ok := ri.names.lookup(name)
	if !ok {
		return nil
	}
	var out []int
	for i, t := range ri.toks {
		if t.name != n {
			continue
		}
		// The parser reads a stray "</br>" as a <br>.
		if t.typ != html.EndTagToken || n == tagName(atom.Br) {
			out = append(out, i)
		}
	}
	return out
}

// elementsNamed is the tree's elements of a name, in document order: a
// walk for each name a render places (a few), rather than a list of every
// element kept for all of them.
func (ri *rawIndex) elementsNamed(name string) []*html.Node {
	var out []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == name {
				out = append(out, c)
			}
			walk(c)
		}
	}
	if ri.root != nil {
		walk(ri.root)
	}
	return out
}

// placeByText places the elements of a name that the counts left out
// (the tree holds more of them than the page writes, as where the parser
// reopened a formatting element): an element takes the one start tag of
// its kind between the text before it and the first text after its start,
// where there is exactly one and no other element took it. A reopened
// copy has no such tag and stays unplaced.
func (ri *rawIndex) placeByText(elems []*html.Node, sigs []uint64, tagsBySig map[uint64][]int) {
	sigOf := map[*html.Node]uint64{}
	for i, e := range elems {
		if _, ok := ri.startTok[e]; !ok {
			sigOf[e] = sigs[i]
		}
	}
	if len(sigOf) == 0 || ri.root == nil {
		return
	}
	used := map[int]bool{}
	for _, ti := range ri.startTok {
		used[ti] = true
	}
	type window struct {
		el *html.Node
		lo int
	}
	var pending []window
	lastEnd := 0
	settle := func(hi int) {
		for _, w := range pending {
			var pick, n int
			for _, ti := range tagsBySig[sigOf[w.el]] {
				if t := ri.toks[ti]; t.start >= w.lo && t.end <= hi && !used[ti] {
					pick = ti
					n++
				}
			}
			if n == 1 {
				used[pick] = true
				ri.startTok[w.el] = pick
			}
		}
		pending = pending[:0]
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				if r, ok := ri.text[c]; ok {
					settle(int(r.start))
					lastEnd = int(r.end)
				}
			case html.ElementNode:
				if _, ok := sigOf[c]; ok {
					pending = append(pending, window{c, lastEnd})
				}
			}
			walk(c)
		}
	}
	walk(ri.root)
	settle(len(ri.src))
}

// attrSig is a hash of an attribute set that does not depend on the
// attributes' order (the parser does not always keep the page's): the sum
// of one hash per attribute. Elements and start tags with equal sets have
// equal signatures; unequal sets collide with a chance of about one in
// 2^64, which placing a page's few hundred elements of a name can bear.
func attrSig(seed maphash.Seed, attrs []html.Attribute) uint64 {
	var sum uint64
	for _, a := range attrs {
		sum += attrHash(seed, a.Namespace, a.Key, a.Val)
	}
	return sum
}

func attrHash(seed maphash.Seed, ns, key, val string) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	h.WriteString(ns)
	h.WriteByte(1)
	h.WriteString(key)
	h.WriteByte(2)
	h.WriteString(val)
	return h.Sum64()
}

// tagSig is attrSig of the start tag toks[ti]'s attributes as the
// Tokenizer reads them, hashed from the page's bytes where they need no
// decoding.
func (ri *rawIndex) tagSig(ti int) uint64 {
	t := ri.toks[ti]
	raw := ri.src[t.start:t.end]
	if bytes.ContainsAny(raw, "&\r\x00") {
		return attrSig(ri.seed, tagAttrs(ri.src, t.start, t.end))
	}
	s := &rawScanner{src: ri.src, pos: t.start + 2}
	if _, ok := s.readTag(); !ok {
		return 0
	}
	var sum uint64
	var h maphash.Hash
	kept := s.keptAttrs()
	for k, a := range s.spans {
		if !kept[k] {
			continue
		}
		// The same bytes attrHash writes for ("", key, value), the key
		// lower-cased as the Tokenizer gives it.
		h.SetSeed(ri.seed)
		h.WriteByte(1)
		if key := ri.src[a.ks:a.ke]; hasUpper(key) {
			h.WriteString(asciiLower(key))
		} else {
			h.Write(key)
		}
		h.WriteByte(2)
		h.Write(ri.src[a.vs:a.ve])
		sum += h.Sum64()
	}
	return sum
}

// joinedParts follows a text node the parser joined from several runs with
// end tags between them, from toks[i] on: the runs, or false when the
// tokens do not spell the node's text that way.
func (ri *rawIndex) joinedParts(i int, data string) ([]textPart, bool) {
	var parts []textPart
	rest := data
	for m := i; m < len(ri.toks) && rest != ""; m++ {
		t := ri.toks[m]
		switch t.typ {
		case html.TextToken:
			text := ri.tokText(t)
			if text == "" || !strings.HasPrefix(rest, text) {
				return nil, false
			}
			parts = append(parts, textPart{t.start, t.end, text})
			rest = rest[len(text):]
		case html.EndTagToken:
			// ignored by the parser, or the text would have split here
		default:
			return nil, false
		}
	}
	return parts, rest == "" && len(parts) > 1
}

// endOf returns where el's matching end tag ends in the page, or 0 when
// the element is not placed or the page leaves it open.
func (ri *rawIndex) endOf(el *html.Node) int {
	r, ok := ri.endTagOf(el)
	if !ok {
		return 0
	}
	return r[1]
}

// endTagOf returns el's matching end tag in the page (an empty range at
// the end of the start tag for a void or self-closed element), or false
// when the element is not placed or the page leaves it open.
func (ri *rawIndex) endTagOf(el *html.Node) ([2]int, bool) {
	_, ti, ok := ri.startOf(el)
	if !ok {
		return [2]int{}, false
	}
	t := ri.toks[ti]
	if t.selfClose || voidElements[ri.names.String(t.name)] {
		return [2]int{t.end, t.end}, true
	}
	depth := 0
	for m := ti; m < len(ri.toks); m++ {
		u := ri.toks[m]
		if u.name != t.name {
			continue
		}
		switch u.typ {
		case html.StartTagToken:
			depth++
		case html.EndTagToken:
			depth--
		}
		if depth == 0 {
			return [2]int{u.start, u.end}, true
		}
	}
	return [2]int{}, false
}

var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

// edit replaces src[start:end] with repl.
type edit struct {
	start, end int
	repl       string
}

// splice writes the page's bytes with edits applied and, when order is
// given, the sections' bytes in that order. It reports false when a node it
// needs is not placed, so the caller re-serialises instead.
func (d *Document) splice(w io.Writer, texts map[int]string, order []int) (bool, error) {
	if d.src == nil {
		return false, nil
	}
	changed := order != nil
	for id, s := range texts {
		changed = changed || s != d.Blocks[id].Text
	}
	if !changed {
		// Nothing to place: the page as it came, without mapping it.
		_, err := w.Write(d.src)
		return true, err
	}
	ri := d.rawIndex()
	if ri == nil {
		return false, nil
	}
	var edits []edit
	// In block order, which is mostly the page's: the edits come nearly
	// sorted.
	for id := range d.Blocks {
		s, ok := texts[id]
		if !ok || s == d.Blocks[id].Text {
			continue // the block's own text: its bytes stay as they are
		}
		t := d.targets[id]
		if t.attr != "" {
			e, ok := ri.attrEdit(t.el, t.attr, s)
			if !ok {
				return false, nil
			}
			edits = append(edits, e)
			continue
		}
		if toks := t.mk.draftTokens(s); toks != nil {
			e, ok := ri.inlineEdit(t.mk, toks)
			if !ok {
				return false, nil
			}
			edits = append(edits, e)
			continue
		}
		s = breaksMarked(s, t.el)
		for i, n := range t.nodes {
			v := keepNoBreak(n.Data, t.runText(i, s))
			if v == n.Data {
				continue // this run keeps its text, and its bytes
			}
			if parts := ri.parts[n]; parts != nil {
				// Later runs whose text the new value still ends with
				// keep their bytes; the first run takes the rest.
				keep := len(parts)
				for keep > 1 && strings.HasSuffix(v, parts[keep-1].text) {
					v = v[:len(v)-len(parts[keep-1].text)]
					keep--
				}
				edits = append(edits, edit{parts[0].start, parts[0].end, withBreaks(escapeText(v))})
				for _, p := range parts[1:keep] {
					edits = append(edits, edit{p.start, p.end, ""})
				}
				continue
			}
			r, ok := ri.text[n]
			if !ok {
				return false, nil
			}
			edits = append(edits, edit{int(r.start), int(r.end), withBreaks(escapeText(v))})
		}
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	for i := 1; i < len(edits); i++ {
		if edits[i].start < edits[i-1].end {
			return false, nil
		}
	}
	if order == nil {
		return true, ri.emit(w, edits, func(out *bytes.Buffer) {
			ri.write(out, 0, len(ri.src), edits)
		})
	}
	_, secs, _ := d.sections()
	spans := make([][2]int, len(secs))
	for i, s := range secs {
		st, _, ok := ri.startOf(s)
		end := ri.endOf(s)
		if !ok || end == 0 {
			return false, nil
		}
		spans[i] = [2]int{st[0], end}
	}
	for i := 1; i < len(spans); i++ {
		if spans[i][0] < spans[i-1][1] {
			return false, nil
		}
	}
	for _, e := range edits {
		for _, sp := range spans {
			if e.start < sp[1] && e.end > sp[0] && (e.start < sp[0] || e.end > sp[1]) {
				return false, nil // an edit across a section's edge
			}
		}
	}
	return true, ri.emit(w, edits, func(out *bytes.Buffer) {
		pos := 0
		for k, sp := range spans {
			ri.write(out, pos, sp[0], edits)
			moved := spans[order[k]]
			ri.write(out, moved[0], moved[1], edits)
			pos = sp[1]
		}
		ri.write(out, pos, len(ri.src), edits)
	})
}

// emit has fill write the page, with edits, into w: straight into it when
// it is a buffer (the page is written once, not copied again), through one
// buffer and one Write otherwise.
func (ri *rawIndex) emit(w io.Writer, edits []edit, fill func(*bytes.Buffer)) error {
	n := len(ri.src)
	for _, e := range edits {
		n += len(e.repl) - (e.end - e.start)
	}
	if out, ok := w.(*bytes.Buffer); ok {
		out.Grow(n)
		fill(out)
		return nil
	}
	out := bytes.NewBuffer(make([]byte, 0, n))
	fill(out)
	_, err := w.Write(out.Bytes())
	return err
}

// write copies src[lo:hi] to out with the edits that fall inside it.
func (ri *rawIndex) write(out *bytes.Buffer, lo, hi int, edits []edit) {
	i := sort.Search(len(edits), func(i int) bool { return edits[i].start >= lo })
	pos := lo
	for ; i < len(edits) && edits[i].start < hi; i++ {
		e := edits[i]
		out.Write(ri.src[pos:e.start])
		out.WriteString(e.repl)
		pos = e.end
	}
	out.Write(ri.src[pos:hi])
}

// voidStart finds a void element's start tag (an image, a meta tag, an
// input: what attribute blocks stand on) without placing every element of
// its name: the one start tag of its name and attributes between the text
// before it and the text after it, as placeByText places them. It reports
// false where there is not exactly one, and startOf decides.
func (ri *rawIndex) voidStart(el *html.Node) ([2]int, bool) {
	if !voidElements[el.Data] || el.FirstChild != nil {
		return [2]int{}, false
	}
	n, ok := ri.names.lookup(el.Data)
	if !ok {
		return [2]int{}, false
	}
	lo, hi := 0, len(ri.src)
	for p := prevInOrder(el); p != nil; p = prevInOrder(p) {
		if r, ok := ri.text[p]; ok && p.Type == html.TextNode {
			lo = int(r.end)
			break
		}
	}
	for p := nextInOrder(el); p != nil; p = nextInOrder(p) {
		if r, ok := ri.text[p]; ok && p.Type == html.TextNode {
			hi = int(r.start)
			break
		}
	}
	var sig uint64
	found, pick := 0, -1
	i := sort.Search(len(ri.toks), func(i int) bool { return ri.toks[i].start >= lo })
	for ; i < len(ri.toks) && ri.toks[i].end <= hi; i++ {
		t := ri.toks[i]
		if t.name != n || (t.typ != html.StartTagToken && t.typ != html.SelfClosingTagToken) {
			continue
		}
		if found == 0 {
			sig = attrSig(ri.seed, el.Attr)
		}
		if ri.tagSig(i) == sig {
			found++
			pick = i
		}
	}
	if found != 1 {
		return [2]int{}, false
	}
	t := ri.toks[pick]
	return [2]int{t.start, t.end}, true
}

// prevInOrder is the node before n in document order.
func prevInOrder(n *html.Node) *html.Node {
	if n.PrevSibling == nil {
		return n.Parent
	}
	n = n.PrevSibling
	for n.LastChild != nil {
		n = n.LastChild
	}
	return n
}

// nextInOrder is the node after n in document order.
func nextInOrder(n *html.Node) *html.Node {
	if n.FirstChild != nil {
		return n.FirstChild
	}
	for ; n != nil; n = n.Parent {
		if n.NextSibling != nil {
			return n.NextSibling
		}
	}
	return nil
}

// attrEdit replaces the value of attribute key in el's start tag, as the
// page wrote the tag: the value between its quotes, or an unquoted value
// given quotes.
func (ri *rawIndex) attrEdit(el *html.Node, key, val string) (edit, bool) {
	r, ok := ri.voidStart(el)
	if !ok {
		r, _, ok = ri.startOf(el)
	}
	if !ok {
		return edit{}, false
	}
	raw := ri.src[r[0]:r[1]]
	i := 1 // past "<"
	for i < len(raw) && !isTagSpace(raw[i]) && raw[i] != '>' && raw[i] != '/' {
		i++ // the tag name
	}
	for i < len(raw) {
		for i < len(raw) && (isTagSpace(raw[i]) || raw[i] == '/') {
			i++
		}
		if i >= len(raw) || raw[i] == '>' {
			break
		}
		ns := i
		for i < len(raw) && !isTagSpace(raw[i]) && raw[i] != '/' && raw[i] != '>' && (raw[i] != '=' || i == ns) {
			i++
		}
		name := strings.ToLower(string(raw[ns:i]))
		for i < len(raw) && isTagSpace(raw[i]) {
			i++
		}
		if i >= len(raw) || raw[i] != '=' {
			if name == key {
				// A bare attribute: give it a value.
				return edit{r[0] + i, r[0] + i, `="` + escapeAttr(val, '"') + `"`}, true
			}
			continue
		}
		i++ // '='
		for i < len(raw) && isTagSpace(raw[i]) {
			i++
		}
		if i < len(raw) && (raw[i] == '"' || raw[i] == '\'') {
			q := raw[i]
			vs := i + 1
			ve := bytes.IndexByte(raw[vs:], q)
			if ve < 0 {
				return edit{}, false
			}
			ve += vs
			if name == key {
				return edit{r[0] + vs, r[0] + ve, escapeAttr(val, q)}, true
			}
			i = ve + 1
			continue
		}
		vs := i
		for i < len(raw) && !isTagSpace(raw[i]) && raw[i] != '>' {
			i++
		}
		if name == key {
			return edit{r[0] + vs, r[0] + i, `"` + escapeAttr(val, '"') + `"`}, true
		}
	}
	return edit{}, false
}

func isTagSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// escapeText escapes new text for a text node.
func escapeText(s string) string {
	if !strings.ContainsAny(s, "&<>") {
		return s
	}
	return textEscaper.Replace(s)
}

var textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// escapeAttr escapes a new attribute value for quotes q.
func escapeAttr(s string, q byte) string {
	s = strings.ReplaceAll(s, "&", "&amp;")
	if q == '"' {
		return strings.ReplaceAll(s, `"`, "&quot;")
	}
	return strings.ReplaceAll(s, "'", "&#39;")
}
