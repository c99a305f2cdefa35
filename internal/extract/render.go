package extract

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/marketingfork/fork/internal/fault"
	"github.com/marketingfork/fork/internal/markup"
)

// Render writes the page with the text of block i replaced by texts[i].
// It splices: the output is the page's own bytes with only the changed
// blocks' text runs replaced (a text equal to the block's own changes
// nothing), so a page rendered with its own text is the page byte for
// byte. Where the parser rearranged the page so that a changed run cannot
// be placed in its bytes, the parsed tree is written by html.Render
// instead. A block
// whose text spans several text nodes gets the new text in its first text
// node (the first one directly inside the block's element if there is one,
// so that a paragraph opening with a link does not become one long link)
// and its other text nodes emptied, so the elements (and their styling) stay;
// white space and decoration around the text (a leading "✓ ", a trailing
// " →") are kept. Attribute blocks (meta description, submit buttons) get
// the attribute replaced.
//
// Render does not change d: it works on a copy of the tree, so it can be
// called any number of times, also concurrently. A key that is not a block
// ID is an error wrapping fault.ErrInvalidInput.
func (d *Document) Render(w io.Writer, texts map[int]string) error {
	return d.RenderOrdered(w, texts, nil)
}

// RenderOrdered is Render with the page's top-level sections (see Sections)
// put in a new order: order[k] is the section that takes the k-th section's
// place. A nil order keeps the page's; an order that is not a permutation
// of the sections is an error wrapping fault.ErrInvalidInput.
func (d *Document) RenderOrdered(w io.Writer, texts map[int]string, order []int) error {
	var container *html.Node
	var secs []*html.Node
	if order != nil {
		container, secs, _ = d.sections()
		if !validOrder(order, len(secs)) {
			return fmt.Errorf("extract: render: section order %v is not a permutation of the page's %d sections: %w", order, len(secs), fault.ErrInvalidInput)
		}
	}
	for id := range texts {
		if id < 0 || id >= len(d.targets) {
			return fmt.Errorf("extract: render: no block %d (the page has %d): %w", id, len(d.targets), fault.ErrInvalidInput)
		}
	}
	texts = d.changedTexts(texts)
	if ok, err := d.splice(w, texts, order); ok || err != nil {
		return err
	}
	return d.reserialise(w, texts, order, container, secs)
}

// reserialise writes the parsed tree with the new texts and order: what
// Render falls back on where the page's bytes cannot take the change.
func (d *Document) reserialise(w io.Writer, texts map[int]string, order []int, container *html.Node, secs []*html.Node) error {
	if len(texts) == 0 && order == nil {
		return html.Render(w, d.root)
	}
	need := make(map[*html.Node]*html.Node)
	if container != nil {
		need[container] = nil
		for _, s := range secs {
			need[s] = nil
		}
	}
	inl := map[int][]markup.Token{}
	for id, s := range texts {
		t := d.targets[id]
		if t.attr != "" {
			need[t.el] = nil
			continue
		}
		if toks := t.mk.draftTokens(s); toks != nil {
			inl[id] = toks
			t.mk.needInline(need)
			continue
		}
		for _, n := range t.nodes {
			need[n] = nil
		}
	}
	root := cloneTree(d.root, need)
	for id, s := range texts {
		t := d.targets[id]
		if t.attr != "" {
			setAttr(need[t.el], t.attr, s)
			continue
		}
		if toks, ok := inl[id]; ok {
			rebuildInline(t.mk, toks, need)
			continue
		}
		s = breaksMarked(s, t.el)
		for i, n := range t.nodes {
			setTextWithBreaks(need[n], keepNoBreak(need[n].Data, t.runText(i, s)))
		}
	}
	if container != nil {
		reorder(need[container], secs, order, need)
	}
	return html.Render(w, root)
}

// reorder relinks parent's children so the section in the k-th section slot
// is secs[order[k]]; other children keep their places.
func reorder(parent *html.Node, secs []*html.Node, order []int, clone map[*html.Node]*html.Node) {
	slot := map[*html.Node]int{}
	for i, s := range secs {
		slot[clone[s]] = i
	}
	var kids []*html.Node
	for c := parent.FirstChild; c != nil; c = c.NextSibling {
		k, ok := slot[c]
		if !ok {
			kids = append(kids, c)
			continue
		}
		kids = append(kids, clone[secs[order[k]]])
	}
	// Unlink every child first: a moved section's old links must not
	// survive into its new place.
	for _, k := range kids {
		k.Parent, k.PrevSibling, k.NextSibling = nil, nil, nil
	}
	parent.FirstChild, parent.LastChild = nil, nil
	for _, k := range kids {
		parent.AppendChild(k)
	}
}

// cloneTree deep-copies n. For each node that is a key of need, need maps
// it to its copy.
func cloneTree(n *html.Node, need map[*html.Node]*html.Node) *html.Node {
	c := &html.Node{Type: n.Type, DataAtom: n.DataAtom, Data: n.Data, Namespace: n.Namespace}
	if len(n.Attr) > 0 {
		c.Attr = append([]html.Attribute(nil), n.Attr...)
	}
	if _, ok := need[n]; ok {
		need[n] = c
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		cc := cloneTree(ch, need)
		cc.Parent = c
		if c.LastChild == nil {
			c.FirstChild = cc
		} else {
			c.LastChild.NextSibling = cc
			cc.PrevSibling = c.LastChild
		}
		c.LastChild = cc
	}
	return c
}

// keepNoBreak writes into v, the new text of a text node that said old, the
// no-break spaces old had between two words v still has side by side
// ("23:59\u00a0Uhr"): the block's text reads them as spaces, and a fork
// that rewrote another word of the block had let "Uhr" wrap away from its
// time. It looks at the first 16 of them, so its work stays linear.
func keepNoBreak(old, v string) string {
	const nbsp = "\u00a0"
	if !strings.Contains(old, nbsp) {
		return v
	}
	for k, from := 0, 0; k < 16; k++ {
		i := strings.Index(old[from:], nbsp)
		if i < 0 {
			break
		}
		i += from
		from = i + len(nbsp)
		before := old[:i]
		if j := strings.LastIndexFunc(before, unicode.IsSpace); j >= 0 {
			_, size := utf8.DecodeRuneInString(before[j:])
			before = before[j+size:]
		}
		after := old[from:]
		if j := strings.IndexFunc(after, unicode.IsSpace); j >= 0 {
			after = after[:j]
		}
		if before == "" || after == "" {
			continue
		}
		v = strings.ReplaceAll(v, before+" "+after, before+nbsp+after)
	}
	return v
}

// setTextWithBreaks sets text node n to v, each breakMark in v a <br>
// element between text nodes of the parts around it.
func setTextWithBreaks(n *html.Node, v string) {
	parts := strings.Split(v, breakMark)
	n.Data = parts[0]
	at := n
	for _, p := range parts[1:] {
		br := &html.Node{Type: html.ElementNode, DataAtom: atom.Br, Data: "br"}
		n.Parent.InsertBefore(br, at.NextSibling)
		at = br
		if p != "" {
			t := &html.Node{Type: html.TextNode, Data: p}
			n.Parent.InsertBefore(t, at.NextSibling)
			at = t
		}
	}
}

func setAttr(n *html.Node, key, val string) {
	for i := range n.Attr {
		if n.Attr[i].Namespace == "" && n.Attr[i].Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}

// Markdown returns the copy as Markdown in page order, using texts[i] for
// block i where given. The title and meta description go into YAML front
// matter; a headline is "# ", a subheadline or any other block the page
// writes as a heading "## " (a hero's subheadline written as a paragraph
// stays one), a bullet "- " (a numbered list's "1. "), a call to action
// "[text](href)", a testimonial "> text — attribution", a FAQ question
// "**question**"; other blocks are paragraphs.
func (d *Document) Markdown(texts map[int]string) string {
	return d.MarkdownOrdered(texts, nil)
}

// MarkdownOrdered is Markdown with the sections in a new order, as in
// RenderOrdered; an order that is not a permutation is ignored.
func (d *Document) MarkdownOrdered(texts map[int]string, order []int) string {
	blocks := d.Blocks
	if order != nil {
		_, secs, of := d.sections()
		if validOrder(order, len(secs)) {
			blocks = orderedBlocks(d.Blocks, of, order)
		}
	}
	var b strings.Builder
	// Sized once for the page's copy and a few marks a block: a fork
	// changes words more than it changes the length.
	size := 256
	for _, blk := range blocks {
		size += len(blk.Text) + 8
	}
	b.Grow(size)
	text := func(blk Block) string {
		if t, ok := texts[blk.ID]; ok {
			// An added line break stays a break: a mark no escaping
			// touches stands for it until the block is written.
			return fold(breaksMarked(t, d.targets[blk.ID].el))
		}
		return blk.Text
	}
	var front []string
	seen := map[Role]bool{}
	for _, blk := range d.Blocks {
		// The page's own title and description come first; the share
		// preview's (og:, twitter:) are not front matter keys again.
		if seen[blk.Role] {
			continue
		}
		switch blk.Role {
		case RoleTitle:
			front = append(front, "title: "+strconv.Quote(text(blk)))
		case RoleMetaDescription:
			front = append(front, "description: "+strconv.Quote(text(blk)))
		}
		seen[blk.Role] = true
	}
	if d.Lang != "" {
		front = append(front, "lang: "+strconv.Quote(d.Lang))
	}
	if d.SiteName != "" {
		front = append(front, "site_name: "+strconv.Quote(d.SiteName))
	}
	sort.SliceStable(front, func(i, j int) bool { return frontOrder(front[i]) < frontOrder(front[j]) })
	if len(front) > 0 {
		b.WriteString("---\n")
		for _, f := range front {
			b.WriteString(f)
			b.WriteByte('\n')
		}
		b.WriteString("---\n")
	}
	prev := Role("")
	for _, blk := range blocks {
		if blk.Role == RoleTitle || blk.Role == RoleMetaDescription {
			continue
		}
		t := text(blk)
		if t == "" {
			continue
		}
		if b.Len() > 0 && !(blk.Role == RoleBullet && prev == RoleBullet) {
			b.WriteByte('\n')
		}
		prev = blk.Role
		// An added line break (markup.LineBreak) ends the line: the words
		// after it go on the next, a paragraph's line under a heading
		// (Markdown has no break inside one), a hard break ("  ") in a
		// paragraph or a list item.
		lines := strings.Split(t, breakMark)
		t = strings.TrimRight(lines[0], " ")
		inline := func(s string) string { return mdStruck(s, blk.Was, mdInline) }
		if blk.Excluded && t != "" {
			// The page shows the item as not included (a cross, a class):
			// its words alone would read as included.
			t = excludedMark + t
		}
		heading := blk.Role == RoleHeadline
		switch {
		case blk.Role == RoleHeadline:
			b.WriteString("# " + inline(t))
		case blk.Role == RoleSubheadline && (blk.Tag == "" || isHeadingTag(blk.Tag)) || isHeadingTag(blk.Tag) && blk.Role != RoleFAQQuestion && blk.Role != RoleCTA && blk.Role != RoleTestimonial:
			// A guarantee or a price written as a heading ("Our
			// guarantee" in an <h2>) is one in Markdown too.
			heading = true
			b.WriteString("## " + inline(t))
		case blk.Role == RoleBullet:
			if n, ok := orderedItem(blk.Path); ok {
				b.WriteString(strconv.Itoa(n) + ". " + inline(t)) // a numbered step keeps its number
			} else {
				b.WriteString("- " + inline(t))
			}
		case blk.Role == RoleCTA:
			b.WriteString("[" + mdLinkText(t) + "](" + mdURL(blk.Href) + ")")
		case blk.Role == RoleTestimonial:
			line := "> " + inline(t)
			if blk.Attribution != "" {
				line += " — " + mdInline(blk.Attribution)
			}
			b.WriteString(line)
		case blk.Role == RoleFAQQuestion:
			b.WriteString("**" + inline(t) + "**")
		default:
			b.WriteString(mdStruck(t, blk.Was, mdParagraph))
		}
		for _, l := range lines[1:] {
			l = strings.TrimSpace(l)
			switch {
			case heading:
				b.WriteString("\n" + mdParagraph(l))
			case blk.Role == RoleBullet:
				b.WriteString("  \n  " + mdInline(l))
			default:
				b.WriteString("  \n" + mdParagraph(l))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// orderedItem is the number of a list item of a numbered list, read from
// its path ("/ol[1]/li[3]" is step 3), and whether it is one.
func orderedItem(path string) (int, bool) {
	cut := strings.LastIndex(path, "/li[")
	if cut < 0 || !strings.HasSuffix(path, "]") {
		return 0, false
	}
	parent := path[:cut]
	if i := strings.LastIndexByte(parent, '/'); i < 0 || !strings.HasPrefix(parent[i+1:], "ol[") {
		return 0, false
	}
	n, err := strconv.Atoi(path[cut+len("/li[") : len(path)-1])
	if err != nil || n < 1 {
		return 0, false
	}
	return n, true
}

// breakMark stands for an added line break (markup.LineBreak) in a block's
// text while it is written as plain text: a NUL, which no escaping and no
// folding of white space touches, and which no page's text holds (the
// HTML parser reads one as U+FFFD).
const breakMark = "\x00"

// breaksMarked is a block's new text as plain text, its added line breaks
// as breakMarks (any NUL of its own dropped first: only a break is one).
// An element that holds text only (a title, a button's label, an option)
// takes no <br>: there a break is a space.
func breaksMarked(s string, el *html.Node) string {
	s = strings.ReplaceAll(s, breakMark, "")
	mark := breakMark
	if el != nil && !breakable(el) {
		mark = " "
	}
	return markup.Strip(strings.ReplaceAll(s, markup.LineBreak, mark))
}

// breakable reports an element whose text may hold a <br>: not one whose
// content is text only, nor a button or a link's label (a line of its
// own is no label).
func breakable(el *html.Node) bool {
	for n := el; n != nil; n = n.Parent {
		switch n.Data {
		case "title", "textarea", "option", "script", "style", "button", "a", "select", "head":
			return false
		}
	}
	return true
}

// literalBreaks writes a page's own "<0/>" (its copy may show one, as a
// page on an i18n library's syntax does) with a word joiner (U+2060, which
// no browser shows) between its slash and its ">": no reader of the block's
// text then takes the page's words for a line break a writer added
// (markup.LineBreak), and a fork that keeps them keeps them.
func literalBreaks(s string) string {
	if !strings.Contains(s, markup.LineBreak) {
		return s
	}
	return strings.ReplaceAll(s, markup.LineBreak, "<0/\u2060>")
}

// withBreaks writes the breakMarks of escaped text as the page's line
// breaks.
func withBreaks(escaped string) string {
	return strings.ReplaceAll(escaped, breakMark, "<br>")
}

func frontOrder(s string) int {
	for i, k := range []string{"title:", "description:", "lang:", "site_name:"} {
		if strings.HasPrefix(s, k) {
			return i
		}
	}
	return 9
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", `\<`)

// mdInline escapes the characters that would start emphasis, code or links.
func mdInline(s string) string { return mdEscaper.Replace(s) }

// excludedMark opens a list item the page marks as not included.
const excludedMark = "✗ "

// mdStruck writes s with the runs the page shows crossed out (Block.Was,
// in order) as ~~struck~~ text, the rest escaped with esc where it opens
// the line and with mdInline after: in the Markdown a reader tells the
// old price from the one charged ("~~400 €~~ 300 € HT"). A run the text
// no longer holds is written plain.
func mdStruck(s string, was []string, esc func(string) string) string {
	if len(was) == 0 {
		return esc(s)
	}
	var b strings.Builder
	pos := 0
	for _, run := range was {
		run = strings.TrimSpace(run)
		i := strings.Index(s[pos:], run)
		if run == "" || i < 0 {
			continue
		}
		head := s[pos : pos+i]
		if pos == 0 {
			b.WriteString(esc(head))
		} else {
			b.WriteString(mdInline(head))
		}
		b.WriteString("~~" + mdInline(run) + "~~")
		pos += i + len(run)
	}
	if pos == 0 {
		return esc(s)
	}
	b.WriteString(mdInline(s[pos:]))
	return b.String()
}

func mdLinkText(s string) string { return mdInline(s) }

// mdParagraph escapes s and a leading character that would make it a
// heading, list item or quote.
func mdParagraph(s string) string {
	s = mdInline(s)
	if s == "" {
		return s
	}
	switch s[0] {
	case '#', '-', '+', '>', '=', '|':
		return `\` + s
	}
	if i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && (s[i] == '.' || s[i] == ')') {
		return s[:i] + `\` + s[i:]
	}
	return s
}

// mdURL writes a link target, in angle brackets where it has spaces or
// parentheses.
func mdURL(u string) string {
	if strings.ContainsAny(u, " ()<>") {
		return "<" + strings.NewReplacer("<", "%3C", ">", "%3E").Replace(u) + ">"
	}
	return u
}

// orderedBlocks lists blocks with whole sections moved: each section's
// place, where its first block stood, is taken by the section order names.
func orderedBlocks(blocks []Block, of []int, order []int) []Block {
	bySection := map[int][]Block{}
	for _, b := range blocks {
		if of[b.ID] >= 0 {
			bySection[of[b.ID]] = append(bySection[of[b.ID]], b)
		}
	}
	out := make([]Block, 0, len(blocks))
	for _, b := range blocks {
		s := of[b.ID]
		switch {
		case s < 0:
			out = append(out, b)
		case bySection[s][0].ID == b.ID:
			out = append(out, bySection[order[s]]...)
		}
	}
	return out
}

// Order returns the block IDs in the order a section order puts them; nil
// order or an invalid one gives page order.
func (d *Document) Order(order []int) []int {
	blocks := d.Blocks
	if order != nil {
		_, secs, of := d.sections()
		if validOrder(order, len(secs)) {
			blocks = orderedBlocks(d.Blocks, of, order)
		}
	}
	ids := make([]int, len(blocks))
	for i, b := range blocks {
		ids[i] = b.ID
	}
	return ids
}
