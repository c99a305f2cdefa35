package ledger

import (
	"iter"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/extract"
	"github.com/marketingfork/fork/internal/fold"
	"github.com/marketingfork/fork/internal/offer"
)

// nameRule is a product or brand name to look for in every block.
type nameRule struct {
	value string
	fold  bool // match without regard to case (names the caller gave)
	// lower is value in lower case, and first the word it opens with
	// (firstWord) in lower case: what nameFacts looks for in every block.
	lower, first string
}

// newNameRule is the rule for the name v.
func newNameRule(v string, fold bool) nameRule {
	return nameRule{value: v, fold: fold, lower: strings.ToLower(v), first: strings.ToLower(firstWord(v))}
}

// wordStats is what the page says about one capitalised word.
type wordStats struct {
	count  int  // occurrences on the page
	prose  bool // at least one stands inside a sentence of prose copy
	strong bool // CamelCase, letters with digits, or marked ™/®
}

// pageNames gathers the names of a page:
//   - the names the caller gave (matched without regard to case);
//   - words shaped like names: CamelCase or internal capitals (SwellSync,
//     NewPipe, iOS), letters with digits (Omax3), a word marked ™ or ®;
//   - capitalised or all-capital words that occur at least twice, at least
//     once inside a sentence of prose (not a heading, CTA or title-case
//     block), never in lower case on the page, and not in the stop list
//     (for German, whose nouns are all capitalised, only all-capital ones);
//   - the site-name part of the title ("Pricing | Healthchecks.io").
//
// Words are runs of letters and digits, joined over inner hyphens
// (F-Droid). A name word that in prose always stands in the same run of
// capitalised words grows into that run ("Standard" into "Standard
// Ebooks"), and one that only stands inside a title or given name is left
// to it.
func pageNames(src Source, li *localeInfo) []nameRule {
	rules, _ := readNames(src, li)
	return rules
}

// readNames is pageNames, with the word spans (wordSpans) of each block it
// read them in for the names, nil when it read none: the name finder
// looks for the names among the same words.
func readNames(src Source, li *localeInfo) ([]nameRule, [][][2]int) {
	var rules []nameRule
	given := map[string]bool{}
	for _, n := range src.Names {
		v := foldSpace(n)
		if v == "" || given[strings.ToLower(v)] {
			continue
		}
		given[strings.ToLower(v)] = true
		rules = append(rules, newNameRule(v, true))
	}
	if src.KnownNamesOnly {
		return rules, nil
	}

	// Sized once for about the words the page's text holds apart (a word
	// in 32 bytes; a capitalised one in 128), rather than grown by
	// doubling from empty.
	size := 0
	for _, b := range src.Blocks {
		size += len(b.Text)
	}
	stats := make(map[string]*wordStats, size/128)
	var order []string
	// The words in lower case, which a capitalised word that is no
	// strong name may not be, are looked up after this reading, for the
	// few words that ask (see lowerSeen below): most of a page's words
	// are in lower case, and setting each in a map cost more than the
	// rest of the reading.
	var lowerWords []string
	// Each block's words, its name words and whether it reads as a
	// heading, read once here for growNames and the name finder too. The
	// words of all blocks share one buffer, and their name words
	// another: a text has about as many words as spaces.
	blockWords := make([][][2]int, len(src.Blocks))
	spans := make([][][2]int, len(src.Blocks))
	headings := make([]bool, len(src.Blocks))
	wordBuf := make([][2]int, 0, size/7+len(src.Blocks))
	for bi, b := range src.Blocks {
		ws := len(wordBuf)
		wordBuf = appendWordSpans(wordBuf, b.Text)
		blockWords[bi] = wordBuf[ws:len(wordBuf):len(wordBuf)]
	}
	spanBuf := make([][2]int, 0, len(wordBuf)) // no more name words than words
	for bi, b := range src.Blocks {
		t := b.Text
		ss := len(spanBuf)
		spanBuf = appendNameSpans(spanBuf, t, blockWords[bi])
		spans[bi] = spanBuf[ss:len(spanBuf):len(spanBuf)]
		heading := headingRoles[string(b.Role)] || titleCasedWords(t, blockWords[bi])
		headings[bi] = heading
		for _, w := range spans[bi] {
			word := t[w[0]:w[1]]
			r, _ := utf8.DecodeRuneInString(word)
			if !unicode.IsLetter(r) {
				continue
			}
			if !hasUpper(word) {
				lowerWords = append(lowerWords, word)
				continue
			}
			if strings.Contains(word, "-") && !capitalised(word) {
				continue // Editor-in-Chief, e-Mail
			}
			st := stats[word]
			if st == nil {
				st = &wordStats{}
				stats[word] = st
				order = append(order, word)
			}
			st.count++
			if !heading && !sentenceInitial(t, w[0]) {
				st.prose = true
			}
			// Once strong, always: the shape is asked only until then.
			if !st.strong && (!strings.Contains(word, "-") && (isCamel(word) || isAlnumName(word)) || marked(t, w[1])) {
				st.strong = true
			}
		}
	}

	found := map[string]bool{}
	addFound := func(v string) {
		if v == "" || found[v] || given[strings.ToLower(v)] {
			return
		}
		found[v] = true
		rules = append(rules, newNameRule(v, false))
	}
	for _, b := range src.Blocks {
		if b.Role == extract.RoleTitle {
			addFound(titleName(b, src, given))
		}
	}
	// lowerSeen holds the words in lower case that a candidate name asks
	// about, those of lowerWords, found with a filter by length and first
	// byte that most words do not pass (see lowerWords above).
	lowerSeen := map[string]bool{}
	var askLens [2]uint64
	var askFirst asciiSet
	nonASCII := false
	for _, w := range order {
		if st := stats[w]; !st.strong && st.count >= 2 && st.prose {
			lw := strings.ToLower(w)
			if _, ok := lowerSeen[lw]; ok {
				continue
			}
			lowerSeen[lw] = false
			askLens[min(len(lw), 127)>>6] |= 1 << (min(len(lw), 127) & 63)
			if lw[0] < utf8.RuneSelf {
				askFirst.add(lw[0])
			} else {
				nonASCII = true
			}
		}
	}
	if len(lowerSeen) > 0 {
		for _, lw := range lowerWords {
			n := min(len(lw), 127)
			if askLens[n>>6]&(1<<(n&63)) == 0 || (lw[0] < utf8.RuneSelf && !askFirst.has(lw[0])) || (lw[0] >= utf8.RuneSelf && !nonASCII) {
				continue
			}
			if _, ok := lowerSeen[lw]; ok {
				lowerSeen[lw] = true
			}
		}
	}
	var words []string
	for _, w := range order {
		// Whether the word would be a name is asked first, from its
		// stats: most capitalised words (a sentence's first) are not,
		// and the tables below, a unit word's above all, cost more.
		st := stats[w]
		if !st.strong && (st.count < 2 || !st.prose) {
			continue
		}
		lw := strings.ToLower(w)
		if !st.strong && (lowerSeen[lw] || !isAllCaps(w) && li.nounCaps) {
			continue
		}
		if nameStopWords[lw] || isoSet[w] || monthByName[lw] != 0 || countLetters(w) < 2 || given[lw] || isUnitWord(w) {
			continue
		}
		words = append(words, w)
	}
	for _, w := range growNames(src.Blocks, spans, headings, words, stats, rules) {
		addFound(w)
	}
	return rules, blockWords
}

// capitalised reports a word each of whose hyphenated parts starts with a
// capital letter or digit, one at least with a letter: Brindle, F-Droid,
// not Editor-in-Chief or iPhone.
func capitalised(w string) bool {
	for _, part := range strings.Split(w, "-") {
		r, _ := utf8.DecodeRuneInString(part)
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return hasUpper(w)
}

// growNames turns name words into the names they stand in. A word that
// only ever stands inside a known name (the title's or a given one) is
// dropped; a word that in every prose occurrence stands in the same run of
// capitalised words becomes that run: "Marlow" in "Marlow Labs", "Standard"
// in "Standard Ebooks" (where "Ebooks", a unit word, is no name alone).
// Words that also stand alone stay names of their own. spans and headings
// are each block's nameSpans and isHeading.
func growNames(blocks []extract.Block, spans [][][2]int, headings []bool, words []string, stats map[string]*wordStats, known []nameRule) []string {
	inKnown := map[string]int{}
	for _, b := range blocks {
		for _, k := range known {
			for _, sp := range occurrences(b.Text, k) {
				for _, w := range nameSpans(b.Text[sp[0]:sp[1]]) {
					inKnown[b.Text[sp[0]+w[0]:sp[0]+w[1]]]++
				}
			}
		}
	}
	isName := map[string]bool{}
	var kept []string
	for _, w := range words {
		if inKnown[w] < stats[w].count {
			kept = append(kept, w)
			isName[w] = true
		}
	}

	runs := map[string]map[string]bool{} // word -> the runs it stands in, in prose
	for bi, b := range blocks {
		if headings[bi] {
			continue
		}
		t := b.Text
		ws := spans[bi]
		joins := func(k, next int) bool { // may ws[next] join the run of ws[k]?
			w := t[ws[next][0]:ws[next][1]]
			lo, hi := min(k, next), max(k, next)
			return capitalised(w) && countLetters(w) >= 2 && oneSpace(t[ws[lo][1]:ws[hi][0]]) &&
				(isName[w] || !sentenceInitial(t, ws[next][0]))
		}
		for k := range ws {
			w := t[ws[k][0]:ws[k][1]]
			if !isName[w] {
				continue
			}
			l, r := k, k
			for l > 0 && joins(l, l-1) {
				l--
			}
			for r+1 < len(ws) && joins(r, r+1) {
				r++
			}
			if runs[w] == nil {
				runs[w] = map[string]bool{}
			}
			runs[w][t[ws[l][0]:ws[r][1]]] = true
		}
	}
	seen := map[string]bool{}
	var out []string
	for _, w := range kept {
		name := w
		if len(runs[w]) == 1 {
			for run := range runs[w] {
				name = run
			}
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

// oneSpace reports whether s is a single space character.
func oneSpace(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n == len(s) && n > 0 && unicode.IsSpace(r) && r != '\n'
}

// nameFinder finds a page's names in each of its blocks: the names are
// indexed once per page by the lower case of the word they open with, so
// that a block's words are each looked up once, and only the names whose
// first word stands in the block are tried there: the work grows with the
// text plus the names, not their product.
type nameFinder struct {
	rules []nameRule
	// byFirst lists, by first word (nameRule.first), the indexes in rules
	// of the names that open with it.
	byFirst map[string][]int
	// ends holds, for the keys of byFirst, their first and last bytes
	// where both are ASCII (at ends[first<<7|last]; any key that opens or
	// closes with another byte sets wide): a word whose own first and
	// last bytes are ASCII lowers to them, so most of a block's words are
	// passed over without being lowered and looked up.
	ends *[128 * 128 / 64]uint64
	wide bool
	// at, end and found are facts' buffers, kept from block to block, buf
	// its buffer for a word in lower case and words for a block's words.
	at, end, found []int
	buf            []byte
	words          [][2]int
}

// newNameFinder indexes the names of a page.
func newNameFinder(rules []nameRule) *nameFinder {
	nf := &nameFinder{rules: rules, byFirst: map[string][]int{}, ends: new([128 * 128 / 64]uint64)}
	for k, n := range rules {
		if n.first != "" {
			nf.byFirst[n.first] = append(nf.byFirst[n.first], k)
			a, b := n.first[0], n.first[len(n.first)-1]
			if a >= utf8.RuneSelf || b >= utf8.RuneSelf {
				nf.wide = true
				continue
			}
			x := int(a)<<7 | int(b)
			nf.ends[x>>6] |= 1 << (x & 63)
		}
	}
	return nf
}

// mayOpen reports whether the word w may lower to a key of byFirst, as
// far as its first and last bytes tell.
func (nf *nameFinder) mayOpen(w string) bool {
	a, b := w[0], w[len(w)-1]
	if a >= utf8.RuneSelf || b >= utf8.RuneSelf {
		return true // lowered, it may open or end with anything
	}
	if 'A' <= a && a <= 'Z' {
		a += 'a' - 'A'
	}
	if 'A' <= b && b <= 'Z' {
		b += 'a' - 'A'
	}
	x := int(a)<<7 | int(b)
	return nf.ends[x>>6]&(1<<(x&63)) != 0
}

// facts finds the first occurrence of each name in t, in the order of the
// rules: where nameFactsPlain (the reading it must match, see
// TestNameFinder) tries each name's first word at every word of t, facts
// reads t's words once and tries only the names each opens. A name whose
// lower case does not stand in t's lower case is not found, as there.
func (nf *nameFinder) facts(t string) []posFact { return nf.appendFacts(nil, t) }

// appendFacts appends facts(t) to out: a block's names go after its other
// facts in the one slice, where a slice of their own was made and copied.
func (nf *nameFinder) appendFacts(out []posFact, t string) []posFact {
	return nf.appendFactsIn(out, t, nil)
}

// appendFactsIn is appendFacts with ws, t's words as wordSpans yields them
// (nil: read here).
func (nf *nameFinder) appendFactsIn(out []posFact, t string, ws [][2]int) []posFact {
	if len(nf.rules) == 0 {
		return out
	}
	// at[k] is where rules[k] first stands, end[k] where it ends there;
	// at[k] == -1 until found. Both are the finder's, made once for the
	// page's blocks: found lists the names whose at[k] a block set, to
	// put back after it.
	if nf.at == nil {
		nf.at, nf.end = make([]int, len(nf.rules)), make([]int, len(nf.rules))
		for x := range nf.at {
			nf.at[x] = -1
		}
	}
	at, end := nf.at, nf.end
	found := nf.found[:0]
	buf := nf.buf[:0]
	if ws == nil {
		nf.words = appendWordSpans(nf.words[:0], t)
		ws = nf.words
	}
	for _, w := range ws {
		i, j := w[0], w[1]
		if !nf.mayOpen(t[i:j]) {
			continue
		}
		buf = appendLower(buf[:0], t[i:j])
		ks := nf.byFirst[string(buf)]
		for _, k := range ks {
			if at[k] >= 0 {
				continue
			}
			n := nf.rules[k]
			if e, ok := matchAt(t, i, n.value, !n.fold); ok && wordBoundedAt(t, i, e) {
				at[k], end[k] = i, e
				found = append(found, k)
			}
		}
	}
	nf.buf = buf
	grown := false
	var lower string
	for k, n := range nf.rules {
		indexed := n.first != ""
		if indexed && at[k] < 0 {
			continue
		}
		// Where the word search found the name, its lower case mostly
		// stands there too: t is lowered only where it does not.
		if !(indexed && fold.HasLowerAt(t, at[k], n.lower)) && !lowerHas(&lower, t, n) {
			continue
		}
		var f posFact
		if indexed {
			f = namePos(t, n, at[k], end[k])
		} else if g, ok := scanFirst(t, n); ok {
			f = g
		} else {
			continue
		}
		if !grown {
			// Grown once, on the first name found (a nil out stays nil
			// where none is): the names the words opened, and one more.
			out = slices.Grow(out, len(found)+1)
			grown = true
		}
		out = append(out, f)
	}
	for _, k := range found {
		at[k] = -1
	}
	nf.found = found
	return out
}

// lowerHas reports whether t in lower case holds n's lower case. It was
// the cheap test before the word search, and it still decides: a name
// matched over another space character, or over a letter that folds but
// does not lower to the name's ("ſ" for "s"), is found only where t's
// lower case holds it too. *lower keeps t in lower case, made the first
// time it is asked for.
func lowerHas(lower *string, t string, n nameRule) bool {
	if *lower == "" {
		*lower = strings.ToLower(t)
	}
	return strings.Contains(*lower, n.lower)
}

// appendLower appends strings.ToLower(s) to buf, an ASCII word without
// allocating: it runs at every word of every block.
func appendLower(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return append(buf[:len(buf)-i], strings.ToLower(s)...)
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf
}

// scanFirst is the first occurrence of n in t, found by trying every
// place: for a name that does not open with a letter or digit, which no
// word index finds.
func scanFirst(t string, n nameRule) (posFact, bool) {
	if sp := occurrences(t, n); len(sp) > 0 {
		return namePos(t, n, sp[0][0], sp[0][1]), true
	}
	return posFact{}, false
}

func namePos(t string, n nameRule, i, end int) posFact {
	return posFact{Fact: Fact{Kind: KindName, Text: t[i:end], Value: n.value}, start: i, end: end}
}

// firstWord is the word a name opens with, or "" when it opens with
// something else.
func firstWord(v string) string {
	for i, j := range wordSpans(v) {
		if i == 0 {
			return v[:j]
		}
		break
	}
	return ""
}

// occurrences finds where a name stands in t as whole words.
func occurrences(t string, n nameRule) [][2]int {
	var out [][2]int
	for i := 0; i < len(t); {
		end, ok := matchAt(t, i, n.value, !n.fold)
		if ok && wordBoundedAt(t, i, end) {
			out = append(out, [2]int{i, end})
			i = end
			continue
		}
		_, sz := utf8.DecodeRuneInString(t[i:])
		i += sz
	}
	return out
}

// nameSpans splits t into name words: runs of letters, digits and marks,
// joined over a hyphen between two of them (F-Droid, Météo-France).
func nameSpans(t string) [][2]int {
	// Sized once: a text has about as many words as spaces.
	out := make([][2]int, 0, strings.Count(t, " ")+1)
	for i, j := range wordSpans(t) {
		out = appendNameSpan(out, 0, t, i, j)
	}
	return out
}

// appendNameSpans appends the name words of t (nameSpans) to out, joined
// from ws, t's words as wordSpans yields them.
func appendNameSpans(out [][2]int, t string, ws [][2]int) [][2]int {
	base := len(out)
	for _, w := range ws {
		out = appendNameSpan(out, base, t, w[0], w[1])
	}
	return out
}

// appendNameSpan appends the word t[i:j] to the name words out[base:],
// joined to the last where a hyphen alone stands between them.
func appendNameSpan(out [][2]int, base int, t string, i, j int) [][2]int {
	if k := len(out) - 1; k >= base && i == out[k][1]+1 && t[out[k][1]] == '-' {
		out[k][1] = j
		return out
	}
	return append(out, [2]int{i, j})
}

// appendWordSpans appends the words of t, as wordSpans yields them, to
// out. ASCII bytes are told apart by one look-up, without decoding.
func appendWordSpans(out [][2]int, t string) [][2]int {
	start := -1
	for i := 0; i < len(t); {
		c := t[i]
		w, n := false, 1
		if c < utf8.RuneSelf {
			w = asciiWord[c]
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(t[i:])
			w = isWordRuneUnicode(r)
		}
		if w {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			out = append(out, [2]int{start, i})
			start = -1
		}
		i += n
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(t)})
	}
	return out
}

// wordSpans yields the words of t, runs of letters, digits and marks, as
// their start and end: read once where they are read, they are not
// listed.
func wordSpans(t string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		start := -1
		for i, r := range t {
			if isWordRune(r) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 {
				if !yield(start, i) {
					return
				}
				start = -1
			}
		}
		if start >= 0 {
			yield(start, len(t))
		}
	}
}

func hasUpper(w string) bool { return strings.ContainsFunc(w, unicode.IsUpper) }

func isAllCaps(w string) bool { return !strings.ContainsFunc(w, unicode.IsLower) }

func countLetters(w string) int {
	n := 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// isCamel reports internal capitals: SwellSync, NewPipe, iOS.
func isCamel(w string) bool {
	if utf8.RuneCountInString(w) < 3 {
		return false
	}
	prevLower := false
	for _, r := range w {
		if unicode.IsUpper(r) && prevLower {
			return true
		}
		prevLower = unicode.IsLower(r)
	}
	return false
}

// isAlnumName reports a word of letters and digits that starts with a
// letter: Omax3, H2O.
func isAlnumName(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsLetter(r) && strings.ContainsFunc(w, unicode.IsDigit) && countLetters(w) >= 2
}

// marked reports a trademark sign right after t[:i].
func marked(t string, i int) bool {
	r := nextRune(t, i)
	return r == '™' || r == '®' || strings.HasPrefix(t[i:], "(TM)") || strings.HasPrefix(t[i:], "(R)")
}

// isUnitWord reports whether w is a unit or currency word on its own.
func isUnitWord(w string) bool {
	if _, e, ok := unitSet.match(w, 0, nil, true); ok && e == len(w) {
		return true
	}
	if _, e, ok := suffixCurrencySet.match(w, 0, nil, true); ok && e == len(w) {
		return true
	}
	return false
}

// titleCasedWords reports copy written like a heading: at least three
// words, of which 60% start with a capital letter, and no full stop at the
// end (prose ends with one, "Made by Studio Ninho in Porto." is prose).
// ws are t's words (wordSpans), read once for the names.
func titleCasedWords(t string, ws [][2]int) bool {
	if tt := strings.TrimSpace(t); strings.HasSuffix(tt, ".") || strings.HasSuffix(tt, "…") {
		return false
	}
	words, caps := 0, 0
	for _, w := range ws {
		r, _ := utf8.DecodeRuneInString(t[w[0]:])
		if !unicode.IsLetter(r) {
			continue
		}
		words++
		if unicode.IsUpper(r) {
			caps++
		}
	}
	return words >= 3 && caps*10 >= words*6
}

// sentenceInitial reports whether the word at t[i] opens a sentence, a
// line or a list item.
func sentenceInitial(t string, i int) bool {
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(t[:i])
		if unicode.IsSpace(r) || strings.ContainsRune("\"'“‘«(¿¡[*-–—", r) {
			i -= n
			continue
		}
		return strings.ContainsRune(".!?:;…|•·", r)
	}
	return true
}

// titleName picks the site or product name out of a title such as
// "Pricing | Healthchecks.io" or "HerbJar | Additive-Free Skincare": the
// first or last part, of at most three words written like a name, scored
// by name-shaped words (+3), being last (+1) and recurring elsewhere on the
// page (+1). It returns "" when no part looks like a name.
func titleName(title extract.Block, src Source, given map[string]bool) string {
	t := strings.TrimSpace(title.Text)
	if t == "" {
		return ""
	}
	parts := offer.TitleParts(t)
	if len(parts) == 0 {
		return ""
	}
	var cands []string
	if len(parts) == 1 {
		cands = parts
	} else {
		cands = []string{parts[0], parts[len(parts)-1]}
	}
	best, bestScore := "", 0
	for k, c := range cands {
		c = strings.TrimFunc(c, func(r rune) bool { return !isWordRune(r) && r != '.' })
		c = strings.TrimRight(c, ".")
		strong, ok := nameShaped(c, given)
		if !ok {
			continue
		}
		score := 1
		if strong {
			score += 3
		}
		if len(cands) > 1 && k == len(cands)-1 {
			score++
		}
		if recurs(c, src.Blocks, title.ID) {
			score++
		}
		if len(parts) == 1 && !strong && score < 2 {
			continue
		}
		if score >= bestScore {
			best, bestScore = c, score
		}
	}
	return foldSpace(best)
}

// nameShaped reports whether a title part reads like a name (and strong
// when it holds a name-shaped word, a domain or a given name).
func nameShaped(c string, given map[string]bool) (strong, ok bool) {
	if c == "" || strings.ContainsAny(c, "!?,") {
		return false, false
	}
	if given[strings.ToLower(c)] {
		return true, true
	}
	if m := reDomain.FindString(c); m == c {
		return true, true
	}
	words := strings.Fields(c)
	if len(words) > 3 || connectorWords[strings.ToLower(words[0])] {
		return false, false
	}
	allStop := true
	for _, w := range words {
		core := strings.TrimFunc(w, func(r rune) bool { return !isWordRune(r) })
		if core == "" {
			continue
		}
		lw := strings.ToLower(core)
		r, _ := utf8.DecodeRuneInString(core)
		switch {
		case isCamel(core) || isAlnumName(core) || given[lw]:
			strong = true
		case connectorWords[lw]:
			continue
		case !unicode.IsUpper(r) && !unicode.IsDigit(r):
			return false, false
		}
		if !nameStopWords[lw] {
			allStop = false
		}
	}
	if allStop {
		return false, false
	}
	return strong, true
}

// recurs reports whether c stands, as whole words, in a block other than
// the one with ID skip.
func recurs(c string, blocks []extract.Block, skip int) bool {
	for _, b := range blocks {
		if b.ID == skip {
			continue
		}
		for off := 0; ; {
			k := strings.Index(b.Text[off:], c)
			if k < 0 {
				break
			}
			i := off + k
			if wordBoundedAt(b.Text, i, i+len(c)) {
				return true
			}
			off = i + 1
		}
	}
	return false
}
