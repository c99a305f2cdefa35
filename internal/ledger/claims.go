package ledger

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Claims are read from a text's words: the text is cut into tokens once,
// and at each token only the phrases whose first word it is are tried
// (an index by first word), so the scan stays linear in the length of the
// text whatever the size of the tables.

// ctok is one token of a text: a word (letters and digits; a number with
// its digit groups) or a single punctuation mark. White space, hyphens
// and apostrophes separate tokens and are no tokens.
type ctok struct {
	start, end int
	fold       string // lower case, accents removed
	raw        string // as written
	word       bool   // letters and digits
	num        bool   // digits, perhaps grouped ("1,000", "4.5")
	hyphen     bool   // glued by a hyphen to the word before it
	// taken says a detector before the claims took some of the token's
	// bytes (scanner.claimed): set by claims once per token, where every
	// phrase tried at it asked the bytes again. Tokens cut outside a
	// scan leave it false.
	taken bool
}

func isHyphenRune(r rune) bool { return r == '-' || r == '‐' || r == '‑' }

func isAposRune(r rune) bool { return r == '\'' || r == '’' || r == 'ʼ' }

// claimTokens cuts t into tokens.
func claimTokens(t string) []ctok { return appendClaimTokens(nil, t) }

// appendClaimTokens cuts t into tokens after out's: a page's blocks are
// cut one after the other into one buffer (see scanner.scratch), where a
// buffer each was most of what reading a page allocated. The words that
// fold to other text (capitals, accents) are folded one after another into
// one string, each token's fold a piece of it, where each was a string of
// its own; a mark's fold is its own bytes where they are its rune's
// (FuzzClaimTokens holds it to the plain reading).
func appendClaimTokens(out []ctok, t string) []ctok {
	if need := len(out) + len(t)/5 + 1; cap(out) < need {
		out = append(make([]ctok, 0, need), out...)
	}
	glued := false // a hyphen right after a word
	wordEnd := -1
	base := len(out)
	var folds strings.Builder // the folded words that differ from their text
	var endsBuf [32]int
	ends := endsBuf[:0] // where each of them ends in folds
	for i := 0; i < len(t); {
		r, n := utf8.DecodeRuneInString(t[i:])
		switch {
		case isWordRune(r):
			j := i + n
			digits := r >= '0' && r <= '9'
			for j < len(t) {
				if c := t[j]; c < utf8.RuneSelf {
					// ASCII, most of a text: no rune to decode.
					if !asciiWord[c] {
						break
					}
					digits = digits && isDigit(c)
					j++
					continue
				}
				r2, n2 := utf8.DecodeRuneInString(t[j:])
				if !isWordRune(r2) {
					break
				}
				digits = false // a rune beyond ASCII is no ASCII digit
				j += n2
			}
			if digits {
				// digit groups: "1,000", "4.5", "1'499"
				for j+1 < len(t) && (t[j] == '.' || t[j] == ',' || t[j] == '\'') && isDigit(t[j+1]) {
					k := j + 1
					for k < len(t) && isDigit(t[k]) {
						k++
					}
					j = k
				}
			}
			raw := t[i:j]
			if !foldsToItself(raw) {
				if folds.Cap() == 0 {
					folds.Grow(len(t) - i) // folds no longer than the rest, mostly
				}
				appendFoldClaim(&folds, raw)
				ends = append(ends, folds.Len())
			}
			out = append(out, ctok{start: i, end: j, fold: raw, raw: raw, word: true, num: digits, hyphen: glued})
			glued = false
			wordEnd = j
			i = j
			continue
		case isHyphenRune(r):
			glued = wordEnd == i
		case isAposRune(r) || unicode.IsSpace(r):
			glued = false
		default:
			fold := t[i : i+n] // string(r), but where the bytes are not r's
			if r == utf8.RuneError && n == 1 {
				fold = string(r)
			}
			out = append(out, ctok{start: i, end: i + n, fold: fold, raw: t[i : i+n]})
			glued = false
		}
		i += n
	}
	if len(ends) > 0 {
		// The words folded above, in the same order, take their pieces.
		all, e, from := folds.String(), 0, 0
		for k := base; k < len(out); k++ {
			if out[k].word && !foldsToItself(out[k].raw) {
				out[k].fold = all[from:ends[e]]
				from = ends[e]
				e++
			}
		}
	}
	return out
}

// accentFold maps accented Latin letters (lower case) to plain ones, so
// that a phrase matches whether or not a page writes its accents.
var accentFold = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'ā': "a",
	'ç': "c", 'ć': "c", 'č': "c",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ē': "e", 'ė': "e", 'ę': "e",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ī': "i",
	'ñ': "n", 'ń': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'ō': "o",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ū': "u",
	'ý': "y", 'ÿ': "y",
	'º': "o", 'ª': "a", 'œ': "oe", 'æ': "ae",
}

// foldClaim lower-cases s and drops its accents.
func foldClaim(s string) string {
	if foldsToItself(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	appendFoldClaim(&b, s)
	return b.String()
}

// foldsToItself reports whether s is ASCII without capitals, which
// foldClaim gives back as it is.
func foldsToItself(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || (s[i] >= 'A' && s[i] <= 'Z') {
			return false
		}
	}
	return true
}

// appendFoldClaim writes s lower-cased and without its accents to b.
func appendFoldClaim(b *strings.Builder, s string) {
	for _, r := range s {
		if r < utf8.RuneSelf {
			// No accent to drop or fold: accentFold holds no ASCII
			// letter, and most capitalised words are ASCII.
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteByte(byte(r))
			continue
		}
		if unicode.Is(unicode.Mn, r) {
			continue // a combining accent
		}
		r = unicode.ToLower(r)
		if f, ok := accentFold[r]; ok {
			b.WriteString(f)
			continue
		}
		b.WriteRune(r)
	}
}

// ptok is one token of a claim phrase.
type ptok struct {
	kind byte   // 'l' literal word or mark, '.' optional period, 'n' number, 'w' any word, 'd' weekday
	fold string // literal: folded
	raw  string // literal: as written, for exact phrases
}

// claimPhrase is one compiled phrase of a claim table.
type claimPhrase struct {
	key      string // "" for a set phrase that is no claim
	lang     string
	toks     []ptok
	literals int // literal tokens: of two matches as long, the more literal wins
	// second is the fold of the phrase's second token when that is a
	// literal right after a first token that takes one text token (a
	// literal or a number), "" otherwise: the phrases of a first word
	// ("free" opens seventy) mostly part at the next, which rules them
	// out before they are matched token by token.
	second     string
	exact      bool
	noCompound bool
	withPrice  bool
}

// claimIndex holds a language's phrases by the fold of their first token
// ("<n>" for those that start with a number), longest first.
type claimIndex struct {
	byFirst map[string][]*claimPhrase
	// firsts is a Bloom filter of one hash over the keys of byFirst, by
	// their length and first and last bytes: most of a text's tokens
	// ("the", "your") open no phrase, and the filter says so without
	// hashing the token as the map lookup does.
	firsts [64]uint64
}

// firstBit is where key k stands in claimIndex.firsts.
func firstBit(k string) uint32 {
	h := uint32(len(k))
	if k != "" {
		h = h<<16 | uint32(k[0])<<8 | uint32(k[len(k)-1])
	}
	return (h * 0x9E3779B1) >> (32 - 12) // 4096 bits
}

// add indexes p under the fold of its first token, k.
func (x *claimIndex) add(k string, p *claimPhrase) {
	x.byFirst[k] = append(x.byFirst[k], p)
	b := firstBit(k)
	x.firsts[b>>6] |= 1 << (b & 63)
}

// phrases are the phrases whose first token folds to k.
func (x *claimIndex) phrases(k string) []*claimPhrase {
	if b := firstBit(k); x.firsts[b>>6]&(1<<(b&63)) == 0 {
		return nil
	}
	return x.byFirst[k]
}

var (
	claimIndexes   = map[string]*claimIndex{}
	claimIndexEN   *claimIndex // claimIndexes["en"], which every scan reads
	negatorSets    = map[string]map[string]bool{}
	fillerSets     = map[string]map[string]bool{}
	weekdayFold    = map[string]string{}
	allowanceSet   formSet
	claimKeyList   []string
	qualPrefixList []form // longest first
	qualSuffixSet  formSet
	qualPerSet     formSet
	codeWordSet    formSet
)

func init() {
	keys := map[string]bool{}
	for lang, defs := range claimTables {
		idx := &claimIndex{byFirst: map[string][]*claimPhrase{}}
		for _, d := range defs {
			if d.key != "" {
				keys[d.key] = true
			}
			for _, text := range withAddress(lang, d.texts) {
				p := compilePhrase(text)
				if len(p) == 0 || p[0].kind == '.' || p[0].kind == 'w' || p[0].kind == 'd' {
					panic("ledger: claim phrase cannot start with a placeholder or period: " + text)
				}
				first := p[0].fold
				if p[0].kind == 'n' {
					first = "<n>"
				}
				lits := 0
				for _, pt := range p {
					if pt.kind == 'l' {
						lits++
					}
				}
				second := ""
				if len(p) > 1 && p[1].kind == 'l' {
					second = p[1].fold
				}
				idx.add(first, &claimPhrase{key: d.key, lang: lang, toks: p, literals: lits, second: second, exact: d.exact, noCompound: d.noCompound, withPrice: d.withPrice})
			}
		}
		for k, ps := range idx.byFirst {
			sort.SliceStable(ps, func(i, j int) bool { return len(ps[i].toks) > len(ps[j].toks) })
			idx.byFirst[k] = ps
		}
		claimIndexes[lang] = idx
	}
	claimIndexEN = claimIndexes["en"]
	for k := range keys {
		claimKeyList = append(claimKeyList, k)
	}
	sort.Strings(claimKeyList)
	for lang, ws := range claimNegators {
		negatorSets[lang] = foldSet(ws)
	}
	for lang, ws := range claimNegFillers {
		fillerSets[lang] = foldSet(ws)
	}
	for name, en := range weekdayNames {
		weekdayFold[foldClaim(name)] = en
	}
	allowanceSet = newFormSet(allowanceNouns...)
	for _, g := range qualifierPrefixes {
		qualPrefixList = append(qualPrefixList, g...)
	}
	sort.SliceStable(qualPrefixList, func(i, j int) bool {
		return len(qualPrefixList[i].text) > len(qualPrefixList[j].text)
	})
	qualSuffixSet = newFormSet(qualifierSuffixes...)
	qualPerSet = newFormSet(qualifierPerWords)
	codeWordSet = newFormSet(codeWords)
}

func foldSet(ws []string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[foldClaim(w)] = true
	}
	return m
}

// compilePhrase cuts a table phrase into tokens, reading the placeholders
// <n>, <w> and <day>.
func compilePhrase(text string) []ptok {
	toks := claimTokens(text)
	var out []ptok
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.fold == "<" && i+2 < len(toks) && toks[i+2].fold == ">" {
			switch toks[i+1].fold {
			case "n":
				out = append(out, ptok{kind: 'n'})
			case "w":
				out = append(out, ptok{kind: 'w'})
			case "day":
				out = append(out, ptok{kind: 'd'})
			default:
				panic("ledger: unknown placeholder in claim phrase " + text)
			}
			i += 2
			continue
		}
		if t.fold == "." {
			out = append(out, ptok{kind: '.'})
			continue
		}
		out = append(out, ptok{kind: 'l', fold: t.fold, raw: t.raw})
	}
	return out
}

// ClaimKeys lists the canonical claim keys the tables define, sorted.
// Keys with a placeholder are listed as templates: "scarcity:ends-{day}"
// (an English weekday name), "proof:iso-{n}" (the standard's number).
// "allowance:unlimited" may be followed by a hyphen and a unit key
// ("allowance:unlimited-user"), and any key may be negated: "free:trial"
// turned round is "free:not-trial". Fees are listed turned round
// ("free:not-call-out" for "call-out fee"); negated, they lose the "not-".
func ClaimKeys() []string {
	return append([]string(nil), claimKeyList...)
}

// claimMatch is where a phrase matched.
type claimMatch struct {
	p        *claimPhrase
	end      int // the token after the match
	day, num string
}

// matchPhrase matches p at toks[i].
func (s *scanner) matchPhrase(p *claimPhrase, toks []ctok, i int) (claimMatch, bool) {
	m := claimMatch{p: p}
	if p.noCompound && toks[i].hyphen {
		return m, false
	}
	if p.second != "" && (i+1 >= len(toks) || toks[i+1].fold != p.second) {
		return m, false // the token by token reading below fails there too
	}
	k := i
	for x := range p.toks {
		pt := &p.toks[x]
		if pt.kind == '.' {
			if k < len(toks) && toks[k].fold == "." {
				k++
			}
			continue
		}
		if k >= len(toks) {
			return m, false
		}
		tk := &toks[k]
		if tk.taken {
			return m, false
		}
		switch pt.kind {
		case 'l':
			if tk.fold != pt.fold || (p.exact && tk.raw != pt.raw) {
				return m, false
			}
		case 'n':
			if !tk.num {
				return m, false
			}
			m.num = strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return r
				}
				return -1
			}, tk.raw)
		case 'w':
			if !tk.word || tk.num {
				return m, false
			}
		case 'd':
			day, ok := weekdayFold[tk.fold]
			if !ok {
				return m, false
			}
			m.day = day
			if k+1 < len(toks) && toks[k+1].fold == "feira" {
				k++
			}
		}
		k++
	}
	m.end = k
	if p.withPrice && !s.priceInSentence(toks[i].start) {
		return m, false
	}
	return m, true
}

// claims finds the claims of the text: at each token, the longest phrase
// of the English table or of the page's language that starts there (of
// two as long, the one with fewer placeholders: "free return shipping"
// before "free <w> shipping"). A set phrase that is no claim ("best
// practices") takes its words too.
func (s *scanner) claims() {
	var idxBuf [2]*claimIndex
	idxs := append(idxBuf[:0], claimIndexEN)
	if s.li.lang != "en" {
		if idx, ok := claimIndexes[s.li.lang]; ok {
			idxs = append(idxs, idx)
		}
	}
	var toks []ctok
	if s.scratch != nil {
		// No token outlives the scan: the facts keep only strings of
		// the text and of the tables.
		toks = appendClaimTokens((*s.scratch)[:0], s.t)
		*s.scratch = toks
	} else {
		toks = claimTokens(s.t)
	}
	// No byte is claimed from here on (addClaim only adds facts), so
	// whether a token's bytes are free is asked once per token.
	for k := range toks {
		toks[k].taken = !s.free(toks[k].start, toks[k].end)
	}
	for i := 0; i < len(toks); {
		best, found := s.bestClaimAt(idxs, toks, i)
		if !found {
			i++
			continue
		}
		if s.overtaken(idxs, toks, i, best) {
			i++
			continue
		}
		if best.p.key != "" {
			s.addClaim(toks, i, best)
		}
		i = best.end
	}
}

// bestClaimAt is the longest phrase that matches at toks[i].
func (s *scanner) bestClaimAt(idxs []*claimIndex, toks []ctok, i int) (claimMatch, bool) {
	tk := toks[i]
	var best claimMatch
	found := false
	for _, idx := range idxs {
		for pass := 0; pass < 2; pass++ {
			cands := idx.phrases(tk.fold)
			if pass == 1 {
				if !tk.num {
					break
				}
				cands = idx.phrases("<n>")
			}
			for _, p := range cands {
				m, ok := s.matchPhrase(p, toks, i)
				if ok && (!found || m.end > best.end || m.end == best.end && p.literals > best.p.literals) {
					best, found = m, true
				}
			}
		}
	}
	return best, found
}

// overtaken reports whether a phrase that starts inside the match at
// toks[i] reaches further, and so is the one the words make: "for free
// shipping" is free shipping, not "for free"; "the best practices" is
// "best practices", no claim. A match that opens with a negator keeps its
// words ("sin contrato anual" is no contract).
func (s *scanner) overtaken(idxs []*claimIndex, toks []ctok, i int, m claimMatch) bool {
	if negatorSets[m.p.lang][toks[i].fold] {
		return false
	}
	for j := i + 1; j < m.end; j++ {
		if m2, ok := s.bestClaimAt(idxs, toks, j); ok && m2.end > m.end {
			return true
		}
	}
	return false
}

// addClaim records a matched claim.
func (s *scanner) addClaim(toks []ctok, i int, m claimMatch) {
	key := m.p.key
	key = strings.Replace(key, "{day}", m.day, 1)
	key = strings.Replace(key, "{n}", m.num, 1)
	start, end := toks[i].start, toks[m.end-1].end
	if key == "allowance:unlimited" {
		if noun, ns, ne := s.allowanceNoun(toks, i, m.end); noun != "" {
			key += "-" + noun
			start, end = min(start, ns), max(end, ne)
		}
	}
	kind, name, _ := strings.Cut(key, ":")
	if claimNegated(toks, i, m.p.lang) {
		if pos, ok := strings.CutPrefix(name, "not-"); ok {
			key = kind + ":" + pos // "never a call-out fee": free call-out
		} else {
			key = kind + ":not-" + name
		}
	}
	s.add(Fact{Kind: KindClaim, Claim: ClaimKind(kind), Value: key}, start, end)
}

// priceInSentence reports whether the sentence around t[p] states a price.
// The sentences and the prices' places are read once, on first use (all
// prices are found before the claims); each question is then two binary
// searches.
func (s *scanner) priceInSentence(p int) bool {
	if s.sentences == nil {
		s.sentences = sentenceSpans(s.t)
		if s.sentences == nil {
			s.sentences = [][2]int{}
		}
		s.prices = []int{}
		for _, f := range s.facts {
			if f.Kind == KindPrice {
				s.prices = append(s.prices, f.start)
			}
		}
		sort.Ints(s.prices)
	}
	k := sort.Search(len(s.sentences), func(k int) bool { return s.sentences[k][1] > p })
	if k == len(s.sentences) || p < s.sentences[k][0] {
		return false
	}
	sp := s.sentences[k]
	j := sort.SearchInts(s.prices, sp[0])
	return j < len(s.prices) && s.prices[j] < sp[1]
}

// claimNegated reports whether a negator of the phrase's language stands
// right before toks[i], or before one or two filler words there ("no es el
// mejor", "pas de livraison gratuite", "never charge a call-out fee").
func claimNegated(toks []ctok, i int, lang string) bool {
	neg, fill := negatorSets[lang], fillerSets[lang]
	for j, fillers := i-1, 0; j >= 0 && toks[j].word && fillers <= 2; j-- {
		if neg[toks[j].fold] {
			return true
		}
		if !fill[toks[j].fold] {
			return false
		}
		fillers++
	}
	return false
}

// allowanceNoun names what an "unlimited" claim is about: the unit or
// allowance noun right after it ("unlimited users", "unbegrenzte
// Projekte") or right before it ("projets illimités", "bande passante
// illimitée"), as its key with where the noun stands; "" when neither is
// a known noun.
func (s *scanner) allowanceNoun(toks []ctok, i, end int) (string, int, int) {
	if end < len(toks) && toks[end].word && !toks[end].num {
		if key, e, ok := s.nounAt(toks[end].start); ok {
			return key, toks[end].start, e
		}
	}
	for back := 1; back <= 3 && i-back >= 0; back++ {
		tk := toks[i-back]
		if !tk.word || tk.num {
			break
		}
		if key, e, ok := s.nounAt(tk.start); ok && e == toks[i-1].end {
			return key, tk.start, e
		}
	}
	return "", 0, 0
}

// nounAt reads a unit or allowance noun at t[p:].
func (s *scanner) nounAt(p int) (string, int, bool) {
	if f, e, ok := unitSet.match(s.t, p, s.li, false); ok && !f.exact {
		return f.key, e, true
	}
	if f, e, ok := allowanceSet.match(s.t, p, s.li, false); ok {
		return f.key, e, true
	}
	return "", 0, false
}

// --- coupon and promo codes ---

func isQuoteRune(r rune) bool {
	return strings.ContainsRune("\"'“”„«»‘’‹›`", r)
}

// codes finds coupon and promo codes: a token of capitals and digits right
// after a code word ("use code FUNDADOR", "voucher code: 9D8BFDB88D"), or
// one in quotes a few words after it ("use the coupon at checkout:
// "SPRING24""). A code's bytes are claimed so that its digits are no
// number.
func (s *scanner) codes() {
	t := s.t
	prevWord := false
	for i := 0; i < len(t); {
		r, n := utf8.DecodeRuneInString(t[i:])
		w := isWordRune(r)
		if w && !prevWord && !s.claimed[i] {
			if _, fe, ok := codeWordSet.match(t, i, s.li, false); ok && s.free(i, fe) && !codeNotAfter[strings.ToLower(wordBefore(t, i))] {
				if cs, ce, ok := s.codeAfter(fe); ok {
					s.add(Fact{Kind: KindCode, Value: t[cs:ce]}, cs, ce)
					s.claim(cs, ce)
					i, prevWord = ce, true
					continue
				}
			}
		}
		prevWord = w
		i += n
	}
}

// wordBefore is the word that ends before t[i] after white space, "" if
// none.
func wordBefore(t string, i int) string {
	j := i
	for j > 0 {
		r, n := utf8.DecodeLastRuneInString(t[:j])
		if !isSpaceRune(r) {
			break
		}
		j -= n
	}
	k := j
	for k > 0 {
		r, n := utf8.DecodeLastRuneInString(t[:k])
		if !isWordRune(r) {
			break
		}
		k -= n
	}
	return t[k:j]
}

// codeAfter finds the code that follows a code word ending at p.
func (s *scanner) codeAfter(p int) (int, int, bool) {
	t := s.t
	j := skipSpaces(t, p, 2)
	if c := byteAt(t, j); c == ':' || c == '-' {
		j = skipSpaces(t, j+1, 2)
	}
	if r := nextRune(t, j); r != -1 && isQuoteRune(r) {
		j += utf8.RuneLen(r)
	}
	if cs, ce, ok := s.codeToken(j); ok {
		return cs, ce, true
	}
	// a quoted code a few words on, in the same sentence
	for k := p; k < len(t) && k < p+64; {
		r, n := utf8.DecodeRuneInString(t[k:])
		if r == '.' || r == '!' || r == '?' || r == '\n' {
			break
		}
		if isQuoteRune(r) {
			if cs, ce, ok := s.codeToken(k + n); ok && isQuoteRune(nextRune(t, ce)) {
				return cs, ce, true
			}
		}
		k += n
	}
	return 0, 0, false
}

// codeToken reads a code at t[i:]: 4 to 20 capitals, digits, hyphens and
// underscores, starting and ending with a capital or digit, with a capital
// or at least 6 characters, standing on its own.
func (s *scanner) codeToken(i int) (int, int, bool) {
	t := s.t
	j := i
	letter := false
scan:
	for j < len(t) && j-i <= 20 {
		c := t[j]
		switch {
		case c >= 'A' && c <= 'Z':
			letter = true
		case isDigit(c) || c == '-' || c == '_':
		default:
			break scan
		}
		j++
	}
	for j > i && (t[j-1] == '-' || t[j-1] == '_') {
		j--
	}
	code := t[i:j]
	if n := len(code); n < 4 || n > 20 || !(letter || n >= 6) || code[0] == '-' || code[0] == '_' {
		return 0, 0, false
	}
	if r := nextRune(t, j); r != -1 && (isWordRune(r) || r == '-' || r == '_') {
		return 0, 0, false
	}
	if isWordRune(prevRune(t, i)) || codeNotTokens[code] || !s.free(i, j) {
		return 0, 0, false
	}
	return i, j, true
}

// claimDigitSpans finds the digits that belong to a claim and are no
// number of their own: a rank "1" after a mark of numberOneMarks ("#1",
// "No. 1", "nº1") and a standard's number after one of standardMarks
// ("ISO 27001", "SOC 2"). It returns the spans from the mark to the end of
// the number.
func claimDigitSpans(t string) [][2]int {
	var out [][2]int
	for k := 0; k < len(t); k++ {
		if !isDigit(t[k]) || (k > 0 && isDigit(t[k-1])) {
			continue
		}
		e := k
		for e < len(t) && isDigit(t[e]) {
			e++
		}
		if e < len(t) && (isWordRune(nextRune(t, e)) || t[e] == '.' && e+1 < len(t) && isDigit(t[e+1])) {
			continue
		}
		// before the number: an optional space, an optional period
		p := k
		if p > 0 && t[p-1] == ' ' {
			p--
		}
		if e-k == 1 && t[k] == '1' {
			q := p
			if q > 0 && t[q-1] == '.' {
				q--
			}
			for _, m := range numberOneMarks {
				st := q - len(m)
				if st < 0 || !strings.EqualFold(t[st:q], m) || (m != "#" && isWordRune(prevRune(t, st))) {
					continue
				}
				out = append(out, [2]int{st, e})
				break
			}
			continue
		}
		if p > 0 && t[p-1] == '-' && p == k {
			p--
		}
		for _, m := range standardMarks {
			st := p - len(m)
			if st >= 0 && t[st:p] == m && !isWordRune(prevRune(t, st)) && (m != "ISO" || e-k >= 4) {
				out = append(out, [2]int{st, e})
				break
			}
		}
	}
	return out
}

// addressForms pairs, per language, each word of address with the words
// the other form of address says in its place: a claim read in "te
// devolvemos el dinero" is the claim of "le devolvemos el dinero", and a
// fork that addresses the reader formally keeps the page's claims.
var addressForms = map[string]map[string][]string{
	"es": {"tu": {"su"}, "su": {"tu"}, "tus": {"sus"}, "sus": {"tus"}, "te": {"le", "se"}, "le": {"te"}, "ti": {"usted"}, "usted": {"ti"}},
	"fr": {"tu": {"vous"}, "te": {"vous"}, "toi": {"vous"}, "ton": {"votre"}, "ta": {"votre"}, "tes": {"vos"}, "vous": {"te", "tu"}, "votre": {"ton", "ta"}, "vos": {"tes"}},
	"de": {"du": {"sie"}, "dir": {"ihnen", "sich"}, "dich": {"sie", "sich"}, "ihnen": {"dir"}, "sie": {"du", "dich"},
		"dein": {"ihr"}, "deine": {"ihre"}, "deinen": {"ihren"}, "deinem": {"ihrem"}, "deiner": {"ihrer"}, "deines": {"ihres"},
		"ihr": {"dein"}, "ihre": {"deine"}, "ihren": {"deinen"}, "ihrem": {"deinem"}, "ihrer": {"deiner"}, "ihres": {"deines"}},
}

// withAddress returns texts and, for each that says a word of address,
// the same phrase in the other form of address (every such word swapped
// for each of its alternatives in turn), each phrase once.
func withAddress(lang string, texts []string) []string {
	forms := addressForms[lang]
	if forms == nil {
		return texts
	}
	seen := make(map[string]bool, len(texts))
	out := make([]string, 0, len(texts))
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, t := range texts {
		add(t)
	}
	for _, t := range texts {
		words := strings.Fields(t)
		for alt := 0; alt < 2; alt++ {
			swapped, changed := make([]string, len(words)), false
			for i, w := range words {
				swapped[i] = w
				if to := forms[w]; len(to) > 0 {
					swapped[i] = to[min(alt, len(to)-1)]
					changed = true
				}
			}
			if changed {
				add(strings.Join(swapped, " "))
			}
		}
		if lang == "de" && len(words) >= 2 {
			// "jährlich zahlen" said to "du" is "jährlich zahlst": a
			// formal fork's "Wenn Sie jährlich zahlen" states the claim
			// its source stated as "Wenn du jährlich zahlst".
			last := words[len(words)-1]
			if stem, ok := strings.CutSuffix(last, "en"); ok && len(stem) >= 3 {
				du := stem + "st"
				if strings.HasSuffix(stem, "t") || strings.HasSuffix(stem, "d") {
					du = stem + "est"
				}
				add(strings.Join(append(slices.Clone(words[:len(words)-1]), du), " "))
			}
		}
	}
	return out
}
