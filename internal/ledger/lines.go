package ledger

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/extract"
)

var (
	guaranteeSet = newFormSet(guaranteePhrases)
	legalSet     = newFormSet(legalPhrases)
)

// containsEach reports whether a form of a and a form of b stand in t,
// reading t once for both: a block's sentences are each asked for a
// guarantee and a legal phrase (FuzzContains holds it to reading t once
// for each set).
func containsEach(t string, li *localeInfo, a, b formSet) (inA, inB bool) {
	prevWord := false
	for i := 0; i < len(t) && !(inA && inB); {
		if c := t[i]; c < utf8.RuneSelf && i+1 < len(t) && t[i+1] < utf8.RuneSelf && a.pairs != nil && b.pairs != nil {
			// An ASCII rune before an ASCII byte, most of a text: the
			// first question mayStartASCII asks, asked here, mostly
			// ends it without a call.
			w := asciiWord[c]
			k := 0
			if prevWord && w {
				k = 1
			}
			prevWord = w
			lr, c1 := lowerByte(c), t[i+1]
			if (inA || !a.pairs[k][lr].has(c1)) && (inB || !b.pairs[k][lr].has(c1)) {
				i++
				continue
			}
			midWord := k == 1
			inA = inA || a.mayStartASCII(t, i, 1, rune(lr), midWord) && a.startsAt(t, i, 1, rune(lr), midWord, li)
			inB = inB || b.mayStartASCII(t, i, 1, rune(lr), midWord) && b.startsAt(t, i, 1, rune(lr), midWord, li)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(t[i:])
		// Inside a word only a loose form can start: a bounded one would
		// fail its boundary check anyway, so most positions cost nothing.
		midWord := prevWord && isWordRune(r)
		prevWord = isWordRune(r)
		lr := lowerRune(r)
		inA = inA || a.mayStartASCII(t, i, n, lr, midWord) && a.startsAt(t, i, n, lr, midWord, li)
		inB = inB || b.mayStartASCII(t, i, n, lr, midWord) && b.startsAt(t, i, n, lr, midWord, li)
		i += n
	}
	return inA, inB
}

// startsAt reports whether a form of the set stands at t[i:], whose first
// rune, n bytes long, is lr in lower case; midWord says the rune before
// it is a word rune too.
func (fs formSet) startsAt(t string, i, n int, lr rune, midWord bool, li *localeInfo) bool {
	forms := fs.startingWith(lr)
	if midWord {
		forms = fs.looseStartingWith(lr)
	}
	for k := range forms {
		f := &forms[k]
		if !f.mayStartAt(t, i, n) {
			continue
		}
		if li != nil && !li.inLangs(f.langs) {
			continue
		}
		end, ok := matchAt(t, i, f.text, f.exact)
		if ok && (f.loose || wordBoundedAt(t, i, end)) {
			return true
		}
	}
	return false
}

// appendLineFacts appends the guarantee and legal lines of a block: the
// whole block for the guarantee and fine-print roles, and in every other
// block each sentence that carries a guarantee or legal phrase.
func appendLineFacts(out []posFact, b extract.Block, li *localeInfo) []posFact {
	t := b.Text
	add := func(kind Kind, i, j int) {
		if v := foldSpace(t[i:j]); v != "" {
			out = append(out, posFact{Fact: Fact{Kind: kind, Text: t[i:j], Value: v}, start: i, end: j})
		}
	}
	i, j := trimSpan(t, 0, len(t))
	if b.Role == extract.RoleGuarantee {
		add(KindGuarantee, i, j)
	}
	if b.Role == extract.RoleFinePrint {
		add(KindLegal, i, j)
	}
	for _, sp := range sentenceSpans(t) {
		guarantee, legal := containsEach(t[sp[0]:sp[1]], li, guaranteeSet, legalSet)
		if b.Role != extract.RoleGuarantee && guarantee {
			add(KindGuarantee, sp[0], sp[1])
		}
		if b.Role != extract.RoleFinePrint && legal {
			add(KindLegal, sp[0], sp[1])
		}
	}
	return out
}

// trimSpan narrows t[i:j] to drop white space at both ends.
func trimSpan(t string, i, j int) (int, int) {
	for i < j {
		r, n := utf8.DecodeRuneInString(t[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += n
	}
	for j > i {
		r, n := utf8.DecodeLastRuneInString(t[:j])
		if !unicode.IsSpace(r) {
			break
		}
		j -= n
	}
	return i, j
}

// sentenceSpans splits t into sentences: after '.', '!', '?' or '…' (with
// any closing quotes) followed by white space and, after a period, anything
// but a lower-case letter; and at line breaks. A period after
// a known abbreviation or a single letter ("e.g.", "Dr.", "J.") does not
// end a sentence.
func sentenceSpans(t string) [][2]int {
	var out [][2]int
	emit := func(i, j int) {
		if i, j = trimSpan(t, i, j); i < j {
			out = append(out, [2]int{i, j})
		}
	}
	start := 0
	for i := 0; i < len(t); {
		r, n := utf8.DecodeRuneInString(t[i:])
		if r == '\n' {
			emit(start, i)
			start = i + n
			i += n
			continue
		}
		if r != '.' && r != '!' && r != '?' && r != '…' && r != '。' {
			i += n
			continue
		}
		j := i + n
		for j < len(t) {
			r2, n2 := utf8.DecodeRuneInString(t[j:])
			if !strings.ContainsRune(".!?…)\"'”’»", r2) {
				break
			}
			j += n2
		}
		if r2 := nextRune(t, j); r2 == -1 || !unicode.IsSpace(r2) {
			i = j
			continue
		}
		k := j
		for k < len(t) {
			r3, n3 := utf8.DecodeRuneInString(t[k:])
			if !unicode.IsSpace(r3) || r3 == '\n' {
				break
			}
			k += n3
		}
		r3 := nextRune(t, k)
		split := r != '.' || !unicode.IsLower(r3)
		if r == '.' && isAbbrevBefore(t, i) {
			split = false
		}
		if split {
			emit(start, j)
			start = k
		}
		i = k
	}
	emit(start, len(t))
	return out
}

// isAbbrevBefore reports whether the word ending at t[i] (a period) is an
// abbreviation.
func isAbbrevBefore(t string, i int) bool {
	k := i
	for k > 0 {
		r, n := utf8.DecodeLastRuneInString(t[:k])
		if !unicode.IsLetter(r) && r != '.' {
			break
		}
		k -= n
	}
	w := strings.ToLower(strings.Trim(t[k:i], "."))
	if utf8.RuneCountInString(w) == 1 {
		return true
	}
	return sentenceAbbrevs[w]
}
