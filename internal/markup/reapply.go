package markup

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/fold"
)

// Reapply puts a source's placeholders into a plain rewrite of its text:
// each paired placeholder around the words it wrapped, wherever the rewrite
// put them, and each void one beside the words it stood next to. It is for
// a writer that rewrites plain text (the built-in engine): the links and
// bold of a sentence stay on their words.
//
// Words are compared without case, punctuation counts as a word of its
// own; a wrapped run whose edge punctuation the rewrite changed ("Set!"
// became "Set.") is found by its words and takes the rewrite's
// punctuation. A rewrite that starts with the source's own text takes its
// placeholders where they were. It reports false, and the caller keeps the source's text, when the
// wrapped words are gone from the rewrite, occur more than once in it (the
// placement would be a guess), or the placements cross. It takes time
// linear in the texts' lengths for each distinct number of words a
// placeholder wraps.
func Reapply(src, plain string) (string, bool) {
	if Has(plain) {
		return "", false
	}
	if rest, ok := strings.CutPrefix(plain, Strip(src)); ok && Has(src) && (rest == "" || unicode.IsSpace(rune(rest[0]))) {
		// The rewrite keeps the source's words as they were and adds after
		// them (a line joined to a paragraph): every placeholder stays
		// where it was, even where its words come again in what was added.
		return src + rest, true
	}
	toks := Tokens(src)
	if !wrappedWordsStay(toks, plain) {
		return "", false
	}
	spec, err := specOf(toks)
	if err != nil || len(spec) == 0 {
		return "", false
	}
	// The words are counted first, so that each list is made once at its
	// size: growing them was most of what a call allocated.
	n := 0
	for _, t := range toks {
		if t.Kind == Text {
			n += countWords(t.Text)
		}
	}
	srcKeys := make([]word, 0, n)
	before := make([]int, len(toks)) // token → the source words before it
	openAt := map[int]int{}
	spans := map[int][2]int{} // paired placeholder → its source words [from, to)
	order := map[int]int{}    // placeholder → its position among the source's tokens
	for i, t := range toks {
		before[i] = len(srcKeys)
		switch t.Kind {
		case Text:
			srcKeys = appendWords(srcKeys, t.Text)
		case Open:
			openAt[t.N] = len(srcKeys)
			order[t.N] = i
		case Close:
			spans[t.N] = [2]int{openAt[t.N], len(srcKeys)}
		case Void:
			order[t.N] = i
		}
	}
	words := appendWords(make([]word, 0, countWords(plain)), plain)
	idx := newIndex(words)

	// Paired placeholders: the wrapped words, found once in the rewrite.
	at := map[int][2]int{}
	for n, sp := range spans {
		from, to, ok := idx.locate(srcKeys[sp[0]:sp[1]])
		if !ok {
			return "", false
		}
		at[n] = [2]int{from, to}
	}

	// Each boundary between words of the rewrite gets its placeholders:
	// closes first (the inner one first), then opens (the outer one first).
	slots := map[int][]Token{}
	var bounds []int
	add := func(b int) {
		if _, ok := slots[b]; !ok {
			slots[b] = nil
			bounds = append(bounds, b)
		}
	}
	paired := make([]int, 0, len(at))
	for n := range at {
		paired = append(paired, n)
	}
	sort.Slice(paired, func(i, j int) bool { return order[paired[i]] < order[paired[j]] })
	closesAt, opensAt := map[int][]int{}, map[int][]int{}
	for _, n := range paired {
		add(at[n][0])
		add(at[n][1])
		opensAt[at[n][0]] = append(opensAt[at[n][0]], n)
		closesAt[at[n][1]] = append(closesAt[at[n][1]], n)
	}
	for _, b := range bounds {
		closes, opens := closesAt[b], opensAt[b]
		sort.SliceStable(closes, func(i, j int) bool {
			a, c := at[closes[i]], at[closes[j]]
			if a[0] != c[0] {
				return a[0] > c[0]
			}
			return order[closes[i]] > order[closes[j]]
		})
		sort.SliceStable(opens, func(i, j int) bool {
			a, c := at[opens[i]], at[opens[j]]
			if a[1] != c[1] {
				return a[1] > c[1]
			}
			return order[opens[i]] < order[opens[j]]
		})
		for _, n := range closes {
			slots[b] = append(slots[b], Token{Kind: Close, N: n})
		}
		for _, n := range opens {
			slots[b] = append(slots[b], Token{Kind: Open, N: n})
		}
	}

	// Void placeholders, in source order, beside what they stood next to.
	voidAt := map[int]int{}
	for i, t := range toks {
		if t.Kind != Void {
			continue
		}
		b, pos, ok := voidPlace(toks, i, before[i], srcKeys, at, voidAt, slots, idx, len(words))
		if !ok {
			return "", false
		}
		voidAt[t.N] = b
		add(b)
		s := slots[b]
		if pos < 0 || pos > len(s) {
			pos = len(s)
		}
		s = append(s, Token{})
		copy(s[pos+1:], s[pos:])
		s[pos] = t
		slots[b] = s
	}

	sort.Ints(bounds)
	var out strings.Builder
	out.Grow(len(plain) + 8*len(order))
	pos := 0
	for _, b := range bounds {
		s := slots[b]
		prevEnd, start := 0, len(plain)
		if b > 0 {
			prevEnd = words[b-1].end
		}
		if b < len(words) {
			start = words[b].start
		}
		// Closes and what follows them stay on the word before; opens
		// and what follows them go onto the word after.
		split := len(s)
		for k, t := range s {
			if t.Kind == Open {
				split = k
				break
			}
		}
		for split > 0 && s[split-1].Kind == Void && b > 0 && voidLeans(s, split-1) {
			split--
		}
		out.WriteString(plain[pos:prevEnd])
		writeTokens(&out, s[:split])
		out.WriteString(plain[prevEnd:start])
		writeTokens(&out, s[split:])
		pos = start
	}
	out.WriteString(plain[pos:])
	res := out.String()
	if spec.Validate(res) != nil {
		return "", false
	}
	return res, true
}

// wrappedWordsStay is a quick test that the first word of each text a pair
// wraps is still in the rewrite (plain, read without case and without a
// lower-case copy of it), so that a rewrite that dropped them is told
// apart without indexing its words.
func wrappedWordsStay(toks []Token, plain string) bool {
	depth := 0
	for _, t := range toks {
		switch t.Kind {
		case Open:
			depth++
		case Close:
			depth--
		case Text:
			if depth == 0 {
				continue
			}
			w := firstWord(t.Text)
			if w != "" && !fold.ContainsLower(plain, strings.ToLower(w)) {
				return false
			}
		}
	}
	return true
}

// firstWord is the first word of s, or "".
func firstWord(s string) string {
	ws := appendWords(make([]word, 0, 1), firstField(s))
	if len(ws) == 0 {
		return ""
	}
	return ws[0].text
}

// firstField is s up to its second run of white space.
func firstField(s string) string {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return s[:i]
	}
	return s
}

// voidLeans reports whether the void placeholder at s[k], just before an
// open, belongs with that open (it was placed before it on purpose).
func voidLeans(s []Token, k int) bool {
	return k+1 < len(s) && s[k+1].Kind == Open
}

// voidPlace finds where void placeholder toks[i] goes: a boundary between
// words of the rewrite and a position among that boundary's placeholders
// (-1 for the end). srcWord is the number of source words before it.
func voidPlace(toks []Token, i, srcWord int, srcKeys []word, at map[int][2]int, voidAt map[int]int, slots map[int][]Token, idx *index, n int) (int, int, bool) {
	prev, next := neighbour(toks, i, -1), neighbour(toks, i, +1)
	posOf := func(b int, t Token) int {
		for k, u := range slots[b] {
			if u == t {
				return k
			}
		}
		return -1
	}
	switch {
	case prev.Kind == Open:
		b := at[prev.N][0]
		return b, posOf(b, prev) + 1, true
	case next.Kind == Close:
		b := at[next.N][1]
		return b, posOf(b, next), true
	case prev.Kind == Close:
		b := at[prev.N][1]
		return b, posOf(b, prev) + 1, true
	case next.Kind == Open:
		b := at[next.N][0]
		return b, posOf(b, next), true
	case prev.Kind == Void:
		b := voidAt[prev.N]
		return b, posOf(b, prev) + 1, true
	case srcWord == 0:
		return 0, 0, true
	case srcWord == len(srcKeys):
		return n, -1, true
	}
	// Between two words: where the pair still stands together, else after
	// the word before, else before the word after, each found once.
	if p, ok := idx.find(srcKeys[srcWord-1 : srcWord+1]); ok {
		return p + 1, firstOpen(slots[p+1]), true
	}
	if p, ok := idx.find(srcKeys[srcWord-1 : srcWord]); ok {
		return p + 1, firstOpen(slots[p+1]), true
	}
	if p, ok := idx.find(srcKeys[srcWord : srcWord+1]); ok {
		return p, firstOpen(slots[p]), true
	}
	return 0, 0, false
}

// firstOpen is the position of the first open among s, or -1 (the end).
func firstOpen(s []Token) int {
	for k, t := range s {
		if t.Kind == Open {
			return k
		}
	}
	return -1
}

// neighbour is the nearest placeholder or non-blank text before (dir -1)
// or after (dir +1) toks[i]; a text token when words stand between, the
// zero Token at the ends.
func neighbour(toks []Token, i, dir int) Token {
	for k := i + dir; k >= 0 && k < len(toks); k += dir {
		t := toks[k]
		if t.Kind == Text && strings.TrimSpace(t.Text) == "" {
			continue
		}
		return t
	}
	return Token{Kind: Text}
}

func writeTokens(b *strings.Builder, toks []Token) {
	for _, t := range toks {
		writeToken(b, t)
	}
}

// String writes tokens back as a placeholder string.
func String(toks []Token) string {
	var b strings.Builder
	writeTokens(&b, toks)
	return b.String()
}

func writeToken(b *strings.Builder, t Token) {
	switch t.Kind {
	case Text:
		b.WriteString(t.Text)
	case Open:
		b.WriteByte('<')
		b.WriteString(itoa(t.N))
		b.WriteByte('>')
	case Close:
		b.WriteString("</")
		b.WriteString(itoa(t.N))
		b.WriteByte('>')
	case Void:
		b.WriteByte('<')
		b.WriteString(itoa(t.N))
		b.WriteString("/>")
	}
}

func itoa(n int) string {
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return string(buf[i:])
}

// word is a run of letters, digits and marks, or one other character that
// is not space, with its place in the text. Words compare without case.
type word struct {
	text       string
	hash       uint64 // of the text's lower case
	start, end int
}

// appendWords appends the words of s to dst.
func appendWords(dst []word, s string) []word {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		switch {
		case unicode.IsSpace(r):
			i = j
			continue
		case isWordRune(r):
			for j < len(s) {
				if c := s[j]; c < utf8.RuneSelf {
					if !isWordRune(rune(c)) {
						break
					}
					j++
					continue
				}
				r2, s2 := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(r2) {
					break
				}
				j += s2
			}
		}
		dst = append(dst, word{text: s[i:j], hash: foldHash(s[i:j]), start: i, end: j})
		i = j
	}
	return dst
}

// countWords counts the words of s without keeping them.
func countWords(s string) int {
	n := 0
	in := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			in = false
		case isWordRune(r):
			if !in {
				n++
			}
			in = true
		default:
			n++
			in = false
		}
	}
	return n
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		// Most of a text's runes: an ASCII letter or digit, as the
		// tables below say (no ASCII rune is a mark).
		return 'a' <= r|0x20 && r|0x20 <= 'z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r)
}

// foldHash is FNV-1a over the lower-cased runes of s.
func foldHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for _, r := range s {
		if r < utf8.RuneSelf {
			// One byte, lowered as unicode.ToLower lowers it; a NUL
			// adds nothing, as below.
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			if r > 0 {
				h ^= uint64(r)
				h *= 1099511628211
			}
			continue
		}
		r = unicode.ToLower(r)
		for r > 0 {
			h ^= uint64(r & 0xff)
			h *= 1099511628211
			r >>= 8
		}
	}
	return h | 1
}

// index finds a run of words in the rewrite by rolling hashes: the first
// few runs asked for by a scan of the windows, the rest in a table built
// once per run length.
type index struct {
	words  []word
	prefix []uint64 // prefix[i] is the hash of words[:i]
	pow    []uint64
	byLen  map[int]map[uint64]hit
	// scans counts the finds made by scanning, up to maxScans.
	scans int
}

// maxScans is how many finds scan the windows before tables take over: a
// block has a few placeholders, and a scan allocates nothing where a table
// costs a map entry per word; past it a block with many placeholders
// still takes time linear in its words per run length.
const maxScans = 8

type hit struct{ count, at int }

const hashBase = 1000003

func newIndex(words []word) *index {
	x := &index{words: words, prefix: make([]uint64, len(words)+1), pow: make([]uint64, len(words)+1)}
	x.pow[0] = 1
	for i, w := range words {
		x.prefix[i+1] = x.prefix[i]*hashBase + w.hash
		x.pow[i+1] = x.pow[i] * hashBase
	}
	return x
}

func (x *index) window(i, k int) uint64 { return x.prefix[i+k] - x.prefix[i]*x.pow[k] }

// locate returns where a wrapped run of words stands in the rewrite,
// [from, to): the run itself when it occurs exactly once; otherwise the run
// without the punctuation at its edges, when that occurs exactly once,
// widened over as many punctuation marks as the rewrite puts there (a
// layer that turns "!" into "." keeps the emphasis on the sentence).
func (x *index) locate(want []word) (int, int, bool) {
	if from, ok := x.find(want); ok {
		return from, from + len(want), true
	}
	lead, trail := 0, 0
	for lead < len(want) && punct(want[lead]) {
		lead++
	}
	for trail < len(want)-lead && punct(want[len(want)-1-trail]) {
		trail++
	}
	core := want[lead : len(want)-trail]
	if len(core) == 0 || lead+trail == 0 {
		return 0, 0, false
	}
	from, ok := x.find(core)
	if !ok {
		return 0, 0, false
	}
	to := from + len(core)
	for k := 0; k < trail && to < len(x.words) && punct(x.words[to]); k++ {
		to++
	}
	for k := 0; k < lead && from > 0 && punct(x.words[from-1]); k++ {
		from--
	}
	return from, to, true
}

// punct reports a word that is one mark, not letters or digits.
func punct(w word) bool {
	r, _ := utf8.DecodeRuneInString(w.text)
	return !isWordRune(r)
}

// lookup is where the first window of k words with hash h stands, and
// how many such windows there are (counted up to 2 when scanning: one
// more says it is not alone).
func (x *index) lookup(k int, h uint64) hit {
	if m, ok := x.byLen[k]; ok {
		return m[h]
	}
	if x.scans < maxScans {
		x.scans++
		var e hit
		for i := 0; i+k <= len(x.words); i++ {
			if x.window(i, k) != h {
				continue
			}
			if e.count == 0 {
				e.at = i
			}
			if e.count++; e.count > 1 {
				break
			}
		}
		return e
	}
	m := make(map[uint64]hit, len(x.words)-k+1)
	for i := 0; i+k <= len(x.words); i++ {
		h := x.window(i, k)
		e := m[h]
		if e.count == 0 {
			e.at = i
		}
		e.count++
		m[h] = e
	}
	if x.byLen == nil {
		x.byLen = map[int]map[uint64]hit{}
	}
	x.byLen[k] = m
	return m[h]
}

// find returns where want occurs in the rewrite, when it occurs exactly
// once.
func (x *index) find(want []word) (int, bool) {
	k := len(want)
	if k == 0 || k > len(x.words) {
		return 0, false
	}
	var h uint64
	for _, w := range want {
		h = h*hashBase + w.hash
	}
	e := x.lookup(k, h)
	if e.count != 1 {
		return 0, false
	}
	for j, w := range want {
		if !strings.EqualFold(x.words[e.at+j].text, w.text) {
			return 0, false
		}
	}
	return e.at, true
}
