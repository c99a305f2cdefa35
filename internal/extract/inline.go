package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/marketingfork/fork/internal/markup"
)

// A block whose text runs through inline elements ("Read the <a>full
// guide</a> today", "<s>$125</s> <b>$115</b>") is given to writers with
// those elements as numbered placeholders (see package markup) and written
// back as the same elements around the new words. The part of the page a
// block's placeholders stand for is its region: the children of the
// deepest element that holds all of its text, from the one with its first
// words to the one with its last. In the region, an element that holds
// some of the block's words is a pair of placeholders; one that holds none
// (a line break, an image, an icon, a button that is a block of its own)
// is a void placeholder, written back as the page has it.

// inline is a block's inline markup.
type inline struct {
	// scope is the deepest element holding all of the block's text;
	// first and last are the region's first and last children of it.
	scope, first, last *html.Node
	// items[n-1] is the element placeholder n stands for.
	items []inlineItem
	// markup is the block's text with the placeholders.
	markup string
	// lead and trail are what the block's text leaves out at its ends
	// (white space, decoration); they are kept on write-back.
	lead, trail string
	// comments are the comments in the region, outside void elements;
	// they are kept, at the region's end.
	comments []*html.Node
}

type inlineItem struct {
	el   *html.Node
	void bool
	// spaceBefore and spaceAfter say the page has white space right
	// before and after a void element: an icon set apart from its words
	// stays apart.
	spaceBefore, spaceAfter bool
	// cents is the decimal mark the block's text puts before this
	// element's digits where the page sets its cents apart
	// ("$59<sup>95</sup>" reads $59.95); it is not written back.
	cents string
}

// inlineOf works out the inline markup of a block made of text runs ps,
// where seps[i] is what the block's text puts between run i-1 and run i
// and lead and trail are cut from the first and last run. It returns nil
// where the block has no inline elements, or where its runs do not form
// one region this can describe (the block's text is then written back as
// before, into its first run).
func inlineOf(ps []piece, seps []string, lead, trail, text string) *inline {
	if len(ps) < 2 {
		return nil
	}
	first, last := ps[0].n, ps[len(ps)-1].n
	scope := commonAncestor(first, last)
	if scope == nil {
		return nil
	}
	// holds[el] counts the block's runs under el that are not blank.
	pieceAt := make(map[*html.Node]int, len(ps))
	holds := map[*html.Node]bool{}
	words := map[*html.Node]bool{}
	for i, p := range ps {
		pieceAt[p.n] = i
		blank := strings.TrimSpace(p.n.Data) == ""
		for a := p.n.Parent; a != nil && a != scope; a = a.Parent {
			holds[a] = true
			if !blank {
				words[a] = true
			}
		}
	}
	in := &inline{scope: scope, first: childUnder(scope, first), last: childUnder(scope, last)}
	b := inlineBuilder{in: in, ps: ps, pieceAt: pieceAt, holds: holds, words: words, seps: seps, lead: lead, trail: trail}
	for n := in.first; ; n = n.NextSibling {
		if n == nil {
			return nil
		}
		b.walk(n)
		if n == in.last {
			break
		}
	}
	if b.bad || len(in.items) == 0 || b.seen != len(ps) {
		return nil
	}
	in.lead = b.before + lead
	in.trail = trail + b.after
	toks := foldTokens(b.toks)
	in.markup = markup.String(toks)
	if markup.Strip(in.markup) != text {
		return nil
	}
	if _, err := markup.SpecOf(in.markup); err != nil {
		return nil
	}
	return in
}

type inlineBuilder struct {
	in      *inline
	ps      []piece
	pieceAt map[*html.Node]int
	holds   map[*html.Node]bool
	words   map[*html.Node]bool
	seps    []string
	lead    string
	trail   string

	toks          []markup.Token
	seen          int    // runs of the block met so far
	before, after string // text of the region outside the block's runs
	bad           bool
}

func (b *inlineBuilder) walk(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		i, ok := b.pieceAt[n]
		switch {
		case ok:
			b.run(i)
		case b.seen == 0:
			b.before += n.Data
		case b.seen == len(b.ps):
			b.after += n.Data
		case strings.TrimSpace(n.Data) != "":
			b.bad = true // words between the runs that are not the block's
		}
	case html.CommentNode:
		b.in.comments = append(b.in.comments, n)
	case html.ElementNode:
		if !b.words[n] {
			if b.holds[n] {
				// Only blank runs inside: their space stays beside it.
				b.toks = append(b.toks, markup.Token{Kind: markup.Text, Text: " "})
				b.seen += countRuns(n, b.pieceAt)
			}
			b.in.items = append(b.in.items, inlineItem{el: n, void: true,
				spaceBefore: n.PrevSibling != nil && n.PrevSibling.Type == html.TextNode && endsSpace(n.PrevSibling.Data),
				spaceAfter:  n.NextSibling != nil && n.NextSibling.Type == html.TextNode && startsSpace(n.NextSibling.Data)})
			b.toks = append(b.toks, markup.Token{Kind: markup.Void, N: len(b.in.items)})
			return
		}
		b.in.items = append(b.in.items, inlineItem{el: n})
		num := len(b.in.items)
		b.toks = append(b.toks, markup.Token{Kind: markup.Open, N: num})
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			b.walk(c)
		}
		b.toks = append(b.toks, markup.Token{Kind: markup.Close, N: num})
	}
}

// run adds the block's text run i: what the block's text puts before it
// (a space, a decimal mark), outside the elements the run opens, then its
// text.
func (b *inlineBuilder) run(i int) {
	b.seen++
	s := b.ps[i].n.Data
	if i == len(b.ps)-1 {
		s = s[:len(s)-len(b.trail)]
	}
	if i == 0 {
		s = s[len(b.lead):]
	}
	if i > 0 && b.seps[i] != "" {
		k := len(b.toks)
		for k > 0 && b.toks[k-1].Kind == markup.Open {
			k--
		}
		if sep := b.seps[i]; strings.TrimSpace(sep) != "" {
			if k == len(b.toks) {
				b.bad = true // a decimal mark with no element to set it apart from
				return
			}
			b.in.items[b.toks[k].N-1].cents = sep
		}
		b.toks = append(b.toks, markup.Token{})
		copy(b.toks[k+1:], b.toks[k:])
		b.toks[k] = markup.Token{Kind: markup.Text, Text: b.seps[i]}
	}
	b.toks = append(b.toks, markup.Token{Kind: markup.Text, Text: s})
}

// countRuns counts the block's runs under n.
func countRuns(n *html.Node, pieceAt map[*html.Node]int) int {
	c := 0
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if _, ok := pieceAt[ch]; ok {
			c++
		}
		c += countRuns(ch, pieceAt)
	}
	return c
}

// commonAncestor is the deepest element holding both a and b.
func commonAncestor(a, b *html.Node) *html.Node {
	up := map[*html.Node]bool{}
	for n := a.Parent; n != nil; n = n.Parent {
		up[n] = true
	}
	for n := b.Parent; n != nil; n = n.Parent {
		if up[n] {
			return n
		}
	}
	return nil
}

// childUnder is the child of scope that holds n (or is n).
func childUnder(scope, n *html.Node) *html.Node {
	for n.Parent != scope {
		n = n.Parent
	}
	return n
}

// foldTokens folds white space the way the block's text does: runs of it,
// across placeholders too, become one space, put outside the elements
// (before an open, after a close), and none at the ends.
//
// A space that the text goes on after, with no placeholder between, is
// written into the text where it stands (lazy): only a placeholder
// decides where a space goes, so the words of a run of text are written
// into one string instead of a token each that mergeText joins again
// (FuzzFoldTokens holds it to the plain reading, foldTokensPlain).
func foldTokens(toks []markup.Token) []markup.Token {
	out := make([]markup.Token, 0, len(toks))
	pend := -1    // where a pending space goes in out
	lazy := false // a space is pending right after cur's text
	words := false
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, markup.Token{Kind: markup.Text, Text: cur.String()})
			cur.Reset()
		}
	}
	for _, t := range toks {
		if t.Kind != markup.Text {
			if lazy {
				// The space stands where the plain reading put it:
				// after the text, here, before this placeholder.
				flush()
				pend, lazy = len(out), false
			}
			if t.Kind == markup.Close && pend == len(out) && cur.Len() == 0 {
				out = append(out, t)
				pend = len(out)
				continue
			}
			flush()
			out = append(out, t)
			continue
		}
		cur.Grow(len(t.Text))
		for i := 0; i < len(t.Text); {
			r, size := rune(t.Text[i]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(t.Text[i:])
			}
			if unicode.IsSpace(r) {
				if words && pend < 0 {
					lazy = true
				}
				i += size
				continue
			}
			if lazy {
				cur.WriteByte(' ')
				lazy = false
			} else if pend >= 0 {
				flush()
				out = append(out, markup.Token{})
				copy(out[pend+1:], out[pend:])
				out[pend] = markup.Token{Kind: markup.Text, Text: " "}
				pend = -1
				if out[len(out)-1].Kind == markup.Text {
					// The space joined the text it follows: keep
					// writing into one token.
					cur.WriteString(out[len(out)-1].Text)
					out = out[:len(out)-1]
				}
			}
			words = true
			cur.WriteString(t.Text[i : i+size])
			i += size
		}
	}
	flush()
	return mergeText(out)
}

// mergeText joins adjacent text tokens, each run in one string: joined
// pairwise, a run of n tokens was copied n times over (FuzzMergeText).
func mergeText(toks []markup.Token) []markup.Token {
	out := toks[:0]
	for i := 0; i < len(toks); {
		t, j := toks[i], i+1
		if t.Kind == markup.Text {
			size := len(t.Text)
			for ; j < len(toks) && toks[j].Kind == markup.Text; j++ {
				size += len(toks[j].Text)
			}
			if j > i+1 {
				var b strings.Builder
				b.Grow(size)
				for _, u := range toks[i:j] {
					b.WriteString(u.Text)
				}
				t.Text = b.String()
			}
		}
		// out never passes i: what it overwrites was read.
		out = append(out, t)
		i = j
	}
	return out
}

// draftTokens reads a block's new text as placeholders to write back: the
// tokens, with the block's lead and trail at the ends of its words and
// the decimal marks the page does not have taken out, or nil where the
// text is to be written back as plain text. A plain text for a block with
// markup gets the placeholders put back around the words they wrapped
// where that is certain (markup.Reapply).
func (in *inline) draftTokens(s string) []markup.Token {
	if in == nil {
		return nil
	}
	if !markup.Has(s) || markup.OnlyBreaks(s) {
		// Plain words, perhaps with line breaks a writer added: the
		// block's elements go back around the words they wrapped.
		r, ok := markup.ReapplyWithBreaks(in.markup, s)
		if !ok {
			return nil
		}
		s = r
	}
	spec, err := markup.SpecOf(in.markup)
	if err != nil || spec.Validate(s) != nil {
		return nil
	}
	toks := markup.Tokens(s)
	firstText, lastText := -1, -1
	for i, t := range toks {
		if t.Kind == markup.Text && strings.TrimSpace(t.Text) != "" {
			if firstText < 0 {
				firstText = i
			}
			lastText = i
		}
	}
	for i, t := range toks {
		if t.Kind == markup.Open && i > 0 && toks[i-1].Kind == markup.Text {
			if c := in.items[t.N-1].cents; c != "" {
				toks[i-1].Text = strings.TrimSuffix(toks[i-1].Text, c)
			}
		}
		if t.Kind != markup.Void || t.N == 0 {
			continue // an added line break has no element of the page's
		}
		it := in.items[t.N-1]
		if it.spaceBefore && i > 0 && toks[i-1].Kind == markup.Text && !endsSpace(toks[i-1].Text) {
			toks[i-1].Text += " "
		}
		if it.spaceAfter && i+1 < len(toks) && toks[i+1].Kind == markup.Text && !startsSpace(toks[i+1].Text) && i+1 != firstText {
			toks[i+1].Text = " " + toks[i+1].Text
		}
	}
	if firstText >= 0 {
		// White space at the ends is kept where something stands before
		// (after) the words, such as an icon; decoration always.
		lead, trail := in.lead, in.trail
		if firstText == 0 && strings.TrimSpace(lead) == "" {
			lead = ""
		}
		if lastText == len(toks)-1 && strings.TrimSpace(trail) == "" {
			trail = ""
		}
		toks[firstText].Text = lead + strings.TrimLeftFunc(toks[firstText].Text, unicode.IsSpace)
		toks[lastText].Text = strings.TrimRightFunc(toks[lastText].Text, unicode.IsSpace) + trail
	}
	return toks
}

// placeholder is the block's markup, or "" when it has none.
func (in *inline) placeholder() string {
	if in == nil {
		return ""
	}
	return in.markup
}

// changedTexts returns the texts that change their block: a block given
// its own text, or its own markup, keeps its nodes and bytes as they are.
func (d *Document) changedTexts(texts map[int]string) map[int]string {
	out := make(map[int]string, len(texts))
	for id, s := range texts {
		if b := d.Blocks[id]; s != b.Text && (b.Markup == "" || s != b.Markup) {
			out[id] = s
		}
	}
	return out
}

func startsSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return s != "" && unicode.IsSpace(r)
}

func endsSpace(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return s != "" && unicode.IsSpace(r)
}
