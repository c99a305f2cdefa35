package tamper

import (
	"github.com/marketingfork/fork/internal/markup"
)

// markupTampers break the placeholders of blocks with inline markup the
// way translation tools are reported to: a placeholder dropped,
// duplicated, renamed, or closed across another. The block's words stay
// as the source has them.
func (g *gen) markupTampers() {
	made := map[string]int{}
	for _, b := range g.p.Blocks {
		if b.Markup == "" {
			continue
		}
		toks := markup.Tokens(b.Markup)
		for _, t := range []struct {
			variant string
			fn      func([]markup.Token) ([]markup.Token, bool)
		}{
			{"dropped", dropPlaceholder},
			{"duplicated", duplicatePlaceholder},
			{"renamed", renamePlaceholder},
			{"misnested", misnestPlaceholder},
		} {
			if made[t.variant] >= maxPerKind {
				continue
			}
			out, ok := t.fn(append([]markup.Token(nil), toks...))
			if !ok {
				continue
			}
			if g.setText("markup", t.variant, b.ID, markup.String(out)) != nil {
				made[t.variant]++
			}
		}
	}
}

// firstPlaceholder is the index of the first placeholder token, or -1.
func firstPlaceholder(toks []markup.Token) int {
	for i, t := range toks {
		if t.Kind != markup.Text {
			return i
		}
	}
	return -1
}

// dropPlaceholder takes out the first placeholder (both ends of a pair).
func dropPlaceholder(toks []markup.Token) ([]markup.Token, bool) {
	i := firstPlaceholder(toks)
	if i < 0 {
		return nil, false
	}
	n := toks[i].N
	out := toks[:0]
	for _, t := range toks {
		if t.Kind == markup.Text || t.N != n {
			out = append(out, t)
		}
	}
	return out, true
}

// duplicatePlaceholder writes the first placeholder a second time at the
// end, around a copy of its words for a pair.
func duplicatePlaceholder(toks []markup.Token) ([]markup.Token, bool) {
	i := firstPlaceholder(toks)
	if i < 0 {
		return nil, false
	}
	t := toks[i]
	if t.Kind == markup.Void {
		return append(toks, markup.Token{Kind: markup.Text, Text: " "}, t), true
	}
	var inner []markup.Token
	for _, u := range toks[i+1:] {
		if u.Kind == markup.Close && u.N == t.N {
			break
		}
		if u.Kind == markup.Text {
			inner = append(inner, u)
		}
	}
	toks = append(toks, markup.Token{Kind: markup.Text, Text: " "}, t)
	toks = append(toks, inner...)
	return append(toks, markup.Token{Kind: markup.Close, N: t.N}), true
}

// renamePlaceholder gives the first placeholder a number the source does
// not use.
func renamePlaceholder(toks []markup.Token) ([]markup.Token, bool) {
	i := firstPlaceholder(toks)
	if i < 0 {
		return nil, false
	}
	n, top := toks[i].N, 0
	for _, t := range toks {
		top = max(top, t.N)
	}
	for k := range toks {
		if toks[k].Kind != markup.Text && toks[k].N == n {
			toks[k].N = top + 1
		}
	}
	return toks, true
}

// misnestPlaceholder closes the first pair inside the pair that opens
// next: "<1>a</1> b <2>c</2>" becomes "<1>a b <2>c</1></2>".
func misnestPlaceholder(toks []markup.Token) ([]markup.Token, bool) {
	first, next := -1, -1
	for _, t := range toks {
		if t.Kind != markup.Open {
			continue
		}
		if first < 0 {
			first = t.N
			continue
		}
		next = t.N
		break
	}
	if next < 0 {
		return nil, false
	}
	var out []markup.Token
	for _, t := range toks {
		switch {
		case t.Kind == markup.Close && t.N == first:
			continue
		case t.Kind == markup.Close && t.N == next:
			out = append(out, markup.Token{Kind: markup.Close, N: first}, t)
			continue
		}
		out = append(out, t)
	}
	return out, true
}
