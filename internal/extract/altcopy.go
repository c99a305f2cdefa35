package extract

import "strings"

// AltCopy finds copy a page carries in a second language for a language
// switch: an attribute named data-<code> ("data-en", a two- or
// three-letter language code) holding words on the elements of at least
// minAltBlocks blocks, which a script swaps in when the visitor picks that
// language. A fork rewrites the page's text, not these, so a visitor who
// switches language sees the source's copy; the caller says so. It returns
// the attribute, its code and how many blocks carry it (the most used such
// attribute), or zero values when the page has none.
func (d *Document) AltCopy() (attr, code string, blocks int) {
	counts := map[string]int{}
	for _, t := range d.targets {
		if t.el == nil || t.attr != "" {
			continue
		}
		for _, a := range t.el.Attr {
			c, ok := strings.CutPrefix(a.Key, "data-")
			if !ok || !langCode(c) || len(strings.Fields(a.Val)) < 2 {
				continue
			}
			counts[a.Key]++
		}
	}
	for k, n := range counts {
		if n >= minAltBlocks && (n > blocks || n == blocks && k < attr) {
			attr, blocks = k, n
		}
	}
	if attr == "" {
		return "", "", 0
	}
	return attr, strings.TrimPrefix(attr, "data-"), blocks
}

// minAltBlocks is how many blocks must carry a data-<code> attribute
// with words before it reads as a second language's copy rather than an
// attribute a script happens to name so.
const minAltBlocks = 3

// langCode reports whether s has the shape of a language code: two or
// three lower-case ASCII letters. The caller checks it is a language.
func langCode(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}
