package ledger

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// form is one surface form in a phrase table: a unit, a currency, a period
// word, a guarantee phrase.
type form struct {
	text  string   // as written; a space matches any one space character
	key   string   // what it means: a unit key, currency, period, class
	mult  float64  // scale words: the factor
	exact bool     // match case-sensitively (symbols such as "g", "GB", "VAT")
	loose bool     // match inside words too (stems: "rembours", "garantie")
	glued bool     // only directly after a number, with no space ("3x", "10k")
	langs []string // only for these languages (nil: any)
	// second is the form's second rune when it is ASCII and not a space,
	// in lower case unless exact (0 otherwise), set by newFormSet: a text
	// whose next byte is another ASCII character cannot hold the form
	// (see mayStartAt).
	second byte
}

// mayStartAt reports whether f may be written at t[i:], whose first rune
// is n bytes long, as far as the byte after it tells: an ASCII byte that
// is not f.second rules f out without reading it all (matchAt would fail
// on it, as an ASCII rune folds only to its own letter's other case).
func (f *form) mayStartAt(t string, i, n int) bool {
	if f.second == 0 || i+n >= len(t) {
		return true
	}
	c := t[i+n]
	switch {
	case c >= utf8.RuneSelf:
		return true // a non-ASCII rune may fold to an ASCII one (K, ſ)
	case !f.exact && 'A' <= c && c <= 'Z':
		c += 'a' - 'A'
	}
	return c == f.second
}

// secondByte is form text s's second rune as form.second keeps it.
func secondByte(s string, exact bool) byte {
	_, n := utf8.DecodeRuneInString(s)
	if n >= len(s) {
		return 0
	}
	c := s[n]
	switch {
	case c >= utf8.RuneSelf || c == ' ':
		return 0
	case !exact && 'A' <= c && c <= 'Z':
		c += 'a' - 'A'
	}
	return c
}

// formSet is a phrase table indexed by its lower-cased first rune, longest
// form first.
type formSet struct {
	byFirst map[rune][]form
	// ascii is byFirst for the ASCII runes, read at every position of
	// every line: an array index where a map lookup cost a hash.
	ascii *[utf8.RuneSelf][]form
	// looseFirst and looseASCII are byFirst and ascii with only the
	// loose forms: inside a word, where most positions are, no other
	// form can start, and those are all startsAt tries there.
	looseFirst map[rune][]form
	looseASCII *[utf8.RuneSelf][]form
	// pairs says, for an ASCII first rune in lower case and the ASCII
	// byte after it, whether any form (pairs[0]) or any loose form
	// (pairs[1]) passes mayStartAt there: containsEach asks it at every
	// position of every sentence, where trying the forms one by one
	// mostly found that none could start.
	pairs *[2][utf8.RuneSelf]asciiSet
	// short and triples carry pairs one byte further: short holds, as
	// pairs does, the second bytes of the forms that say nothing of
	// their third (two runes long, or a third that is a space or not
	// ASCII), and triples the lower-cased first three bytes of the
	// others, so that a position whose first two bytes pass but whose
	// third no form there has is passed over too.
	short   *[2][utf8.RuneSelf]asciiSet
	triples *[2]tripleSet
}

// tripleSet holds lower-cased ASCII triples, as a Bloom filter of one
// hash: a triple it does not hold was never added; one it holds may not
// have been, which the forms, tried one by one, then tell.
type tripleSet [128]uint64

func tripleBit(a, b, c byte) uint32 {
	k := uint32(a)<<14 | uint32(b)<<7 | uint32(c)
	return (k * 0x9E3779B1) >> (32 - 13) // 8192 bits
}

func (s *tripleSet) add(a, b, c byte)      { h := tripleBit(a, b, c); s[h>>6] |= 1 << (h & 63) }
func (s *tripleSet) has(a, b, c byte) bool { h := tripleBit(a, b, c); return s[h>>6]&(1<<(h&63)) != 0 }

// lowerByte is an ASCII byte in lower case.
func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// asciiSet is a set of ASCII bytes.
type asciiSet [2]uint64

func (s *asciiSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *asciiSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// addForm adds the next bytes that let f through mayStartAt.
func (s *asciiSet) addForm(f *form) {
	if f.second == 0 {
		s[0], s[1] = ^uint64(0), ^uint64(0) // any next byte
		return
	}
	s.add(f.second)
	if !f.exact && 'a' <= f.second && f.second <= 'z' {
		s.add(f.second - ('a' - 'A')) // mayStartAt lowers the byte first
	}
}

// mayStartASCII reports whether startsAt could find a form at t[i:], whose
// first rune is n bytes long and lr in lower case, as far as pairs tells
// (an ASCII lr followed by an ASCII byte); anywhere else it reports true.
func (fs formSet) mayStartASCII(t string, i, n int, lr rune, midWord bool) bool {
	if fs.pairs == nil || lr >= utf8.RuneSelf || i+n >= len(t) || t[i+n] >= utf8.RuneSelf {
		return true
	}
	k := 0
	if midWord {
		k = 1
	}
	c1 := t[i+n]
	if !fs.pairs[k][lr].has(c1) {
		return false
	}
	if fs.short[k][lr].has(c1) || i+n+1 >= len(t) || t[i+n+1] >= utf8.RuneSelf {
		return true
	}
	// An ASCII text rune matches an ASCII form rune only as its own
	// letter in either case, and a form's space no ASCII letter.
	return fs.triples[k].has(byte(lr), lowerByte(c1), lowerByte(t[i+n+1]))
}

// addThird adds f, one of the forms that open with the ASCII rune lr, to
// k's short or triples.
func (fs formSet) addThird(k int, lr rune, f *form) {
	if f.second == 0 {
		fs.short[k][lr].addForm(f) // any second byte, and any third
		return
	}
	_, n0 := utf8.DecodeRuneInString(f.text)
	_, n1 := utf8.DecodeRuneInString(f.text[n0:])
	rest := f.text[n0+n1:]
	if rest == "" || rest[0] == ' ' || rest[0] >= utf8.RuneSelf {
		fs.short[k][lr].addForm(f)
		return
	}
	fs.triples[k].add(byte(lr), lowerByte(f.second), lowerByte(rest[0]))
}

// startingWith are the forms whose lower-cased first rune is r.
func (fs formSet) startingWith(r rune) []form {
	if r < utf8.RuneSelf && fs.ascii != nil {
		return fs.ascii[r]
	}
	return fs.byFirst[r]
}

// looseStartingWith are the loose forms whose lower-cased first rune is r.
func (fs formSet) looseStartingWith(r rune) []form {
	if r < utf8.RuneSelf && fs.looseASCII != nil {
		return fs.looseASCII[r]
	}
	return fs.looseFirst[r]
}

func newFormSet(groups ...[]form) formSet {
	fs := formSet{byFirst: map[rune][]form{}}
	for _, g := range groups {
		for _, f := range g {
			if f.text == "" {
				continue
			}
			r, _ := utf8.DecodeRuneInString(f.text)
			k := unicode.ToLower(r)
			f.second = secondByte(f.text, f.exact)
			fs.byFirst[k] = append(fs.byFirst[k], f)
		}
	}
	fs.ascii = new([utf8.RuneSelf][]form)
	fs.looseFirst, fs.looseASCII = map[rune][]form{}, new([utf8.RuneSelf][]form)
	for k, fsk := range fs.byFirst {
		sort.SliceStable(fsk, func(i, j int) bool { return len(fsk[i].text) > len(fsk[j].text) })
		fs.byFirst[k] = fsk
		var loose []form
		for _, f := range fsk {
			if f.loose {
				loose = append(loose, f)
			}
		}
		if loose != nil {
			fs.looseFirst[k] = loose
		}
		if k < utf8.RuneSelf {
			fs.ascii[k] = fsk
			fs.looseASCII[k] = loose
		}
	}
	fs.pairs = new([2][utf8.RuneSelf]asciiSet)
	fs.short, fs.triples = new([2][utf8.RuneSelf]asciiSet), new([2]tripleSet)
	for k := range utf8.RuneSelf {
		for i := range fs.ascii[k] {
			fs.pairs[0][k].addForm(&fs.ascii[k][i])
			fs.addThird(0, rune(k), &fs.ascii[k][i])
		}
		for i := range fs.looseASCII[k] {
			fs.pairs[1][k].addForm(&fs.looseASCII[k][i])
			fs.addThird(1, rune(k), &fs.looseASCII[k][i])
		}
	}
	return fs
}

// forms builds forms that share a key and flags.
func forms(key string, exact bool, texts ...string) []form {
	out := make([]form, len(texts))
	for i, t := range texts {
		out[i] = form{text: t, key: key, exact: exact}
	}
	return out
}

// withLangs restricts forms to some languages.
func withLangs(fs []form, langs ...string) []form {
	for i := range fs {
		fs[i].langs = langs
	}
	return fs
}

// match finds the longest form at t[i:] that ends at a word boundary (when
// its last rune is a letter or digit). glued says there was no space
// before t[i]. It returns the form and where it ends.
func (fs formSet) match(t string, i int, li *localeInfo, glued bool) (form, int, bool) {
	if i >= len(t) {
		return form{}, 0, false
	}
	r, n := utf8.DecodeRuneInString(t[i:])
	lr := lowerRune(r)
	if !fs.mayStartASCII(t, i, n, lr, false) {
		return form{}, 0, false
	}
	forms := fs.startingWith(lr)
	for k := range forms {
		f := &forms[k]
		if f.glued && !glued || !f.mayStartAt(t, i, n) {
			continue
		}
		if li != nil && !li.inLangs(f.langs) {
			continue
		}
		end, ok := matchAt(t, i, f.text, f.exact)
		if !ok {
			continue
		}
		if !f.loose && endsWord(f.text) && end < len(t) {
			if r2, _ := utf8.DecodeRuneInString(t[end:]); isWordRune(r2) {
				continue
			}
		}
		return *f, end, true
	}
	return form{}, 0, false
}

// matchAt reports whether f is written at t[i:] and where it ends.
func matchAt(t string, i int, f string, exact bool) (int, bool) {
	j := i
	for _, fr := range f {
		if j >= len(t) {
			return 0, false
		}
		r, n := utf8.DecodeRuneInString(t[j:])
		if !formRune(r, fr, exact) {
			return 0, false
		}
		j += n
	}
	return j, true
}

// formRune reports whether rune r of a text matches rune fr of a form: a
// space in a form matches any one space, and case is ignored unless exact.
func formRune(r, fr rune, exact bool) bool {
	switch {
	case fr == ' ':
		return isSpaceRune(r)
	case r == fr:
		return true
	}
	return !exact && equalFoldRune(r, fr)
}

// endsWord reports whether s ends with a letter or digit.
func endsWord(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return isWordRune(r)
}

// startsWord reports whether s starts with a letter or digit.
func startsWord(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return isWordRune(r)
}

func equalFoldRune(a, b rune) bool {
	if a == b {
		return true
	}
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}

func isSpaceRune(r rune) bool { return unicode.IsSpace(r) }

// skipSpaces skips at most max space runes (not line breaks) from t[i:].
func skipSpaces(t string, i, max int) int {
	for k := 0; k < max && i < len(t); k++ {
		r, n := utf8.DecodeRuneInString(t[i:])
		if !isSpaceRune(r) || r == '\n' {
			break
		}
		i += n
	}
	return i
}

// prevRune is the rune before t[i], or -1 at the start.
func prevRune(t string, i int) rune {
	if i <= 0 {
		return -1
	}
	r, _ := utf8.DecodeLastRuneInString(t[:i])
	return r
}

// nextRune is the rune at t[i], or -1 at the end.
func nextRune(t string, i int) rune {
	if i >= len(t) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(t[i:])
	return r
}

// wordBoundedAt reports whether t[i:j] stands on its own: no letter or digit
// touches it where it starts or ends with one.
func wordBoundedAt(t string, i, j int) bool {
	if startsWord(t[i:j]) && isWordRune(prevRune(t, i)) {
		return false
	}
	if endsWord(t[i:j]) && isWordRune(nextRune(t, j)) {
		return false
	}
	return true
}

// foldSpace folds runs of white space to one space and trims the ends.
func foldSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// lowerRune is unicode.ToLower with the ASCII letters done inline: it runs
// at every position of every line the phrase tables read.
func lowerRune(r rune) rune {
	switch {
	case 'A' <= r && r <= 'Z':
		return r + 'a' - 'A'
	case r < utf8.RuneSelf:
		return r
	}
	return unicode.ToLower(r)
}
