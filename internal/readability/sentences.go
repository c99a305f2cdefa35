package readability

import (
	"strings"
	"unicode"
)

// Sentences splits text into sentences, trimmed of surrounding space.
//
// Every line is its own sentence at least: landing pages put headlines,
// bullets and buttons on separate lines without end punctuation. Within a
// line a sentence ends at a run of . ! ? … (so "!!!" and "?!" end one
// sentence) plus any closing quotes or brackets, when the run is followed by
// space, the end of the line, or a Spanish "¿"/"¡" that opens the next one.
// A dot followed by anything else stays inside ("4.99", "1.058",
// "example.com", "z.B.").
//
// A single dot does not end a sentence after an abbreviation: titles and
// inline abbreviations (Mr., Dr., e.g., z. B., bijv., Sig., vs.) never end
// one; etc., usw., ecc., Inc., a.m. end one only before a capital letter;
// No. and Nr. are abbreviations only before a digit; a single letter is
// taken as an initial ("J. K. Rowling"), so "Plan B. Then" stays one
// sentence. A German ordinal before a month ("3. Mai") does not end one,
// but "Plans start at $5. Sign up." does, as a number ending a sentence is
// the commoner case in copy.
//
// An ellipsis, or an end mark inside closing quotes, followed by a lowercase
// word continues the sentence ("Wait… what?", `"Wow!" she said.`).
//
// Pieces without any letter or digit are dropped.
func Sentences(text string) []string {
	var out []string
	for _, line := range lines(text) {
		out = splitLine(out, []rune(line))
	}
	return out
}

// lines are the non-empty lines of text: every line break ends a sentence.
func lines(text string) []string {
	return appendLines(nil, text)
}

// appendLines appends the lines of text to out, as lines cuts them: at
// '\n', '\r', '\v', '\f', U+0085, U+2028 and U+2029, read byte by byte,
// where strings.FieldsFunc decoded each rune and called a function for
// it. The line breaks that are not ASCII open with a lead byte (0xC2,
// 0xE2), which a decoder never reads as part of the rune before it, so
// their bytes stand for them wherever they stand (FuzzLines holds it to
// FieldsFunc's reading).
func appendLines(out []string, text string) []string {
	start := -1 // where the current line starts, -1 between lines
	for i := 0; i < len(text); {
		n := lineBreakAt(text, i)
		if n == 0 {
			if start < 0 {
				start = i
			}
			i++
			continue
		}
		if start >= 0 {
			out = append(out, text[start:i])
			start = -1
		}
		i += n
	}
	if start >= 0 {
		out = append(out, text[start:])
	}
	return out
}

// lineBreakAt is the length of the line break at text[i], or 0.
func lineBreakAt(text string, i int) int {
	switch text[i] {
	case '\n', '\r', '\v', '\f':
		return 1
	case 0xC2: // U+0085 is C2 85
		if i+1 < len(text) && text[i+1] == 0x85 {
			return 2
		}
	case 0xE2: // U+2028 and U+2029 are E2 80 A8 and E2 80 A9
		if i+2 < len(text) && text[i+1] == 0x80 && (text[i+2] == 0xA8 || text[i+2] == 0xA9) {
			return 3
		}
	}
	return 0
}

func splitLine(out []string, rs []rune) []string {
	eachSentence(rs, func(start, end int) { out = appendSentence(out, rs[start:end]) })
	return out
}

// eachSentence calls yield with the rune span [start, end) of each piece
// of the line rs that splitLine cuts, in order, before any is trimmed or
// dropped for holding no word: the one sentence splitter, for the callers
// that want the words of a sentence (countLine) as for those that want its
// text (Sentences).
func eachSentence(rs []rune, yield func(start, end int)) {
	n := len(rs)
	start := 0
	for i := 0; i < n; {
		if !isTerminator(rs[i]) {
			i++
			continue
		}
		runStart := i
		for i < n && isTerminator(rs[i]) {
			i++
		}
		runEnd := i
		closed := false
		for i < n && isCloser(rs[i]) {
			i++
			closed = true
		}
		if i < n && !unicode.IsSpace(rs[i]) && rs[i] != '¿' && rs[i] != '¡' {
			continue // glued to what follows: 4.99, e.g., example.com
		}
		end := i
		// French puts a space before closing guillemets: « Génial ! »
		if k := skipSpace(rs, i); k < n && isSpacedCloser(rs[k]) {
			m := k
			for m < n && isCloser(rs[m]) {
				m++
			}
			if m == n || unicode.IsSpace(rs[m]) {
				end, closed = m, true
			}
		}
		i = end
		if !endsSentence(rs, runStart, runEnd, closed, nextWord(rs, end)) {
			continue
		}
		yield(start, end)
		start = end
	}
	yield(start, n)
}

func appendSentence(out []string, rs []rune) []string {
	if !hasWord(rs) {
		return out
	}
	return append(out, strings.TrimSpace(string(rs)))
}

func isTerminator(r rune) bool {
	switch r {
	case '.', '!', '?', '…', '‼', '⁇', '⁈', '⁉', '。', '！', '？':
		return true
	}
	return false
}

func isCloser(r rune) bool {
	switch r {
	case '"', '\'', '”', '’', '»', '›', ')', ']', '}', '」', '』':
		return true
	}
	return false
}

// isSpacedCloser lists closers that may follow a space. Straight quotes are
// left out: after a space they more likely open the next sentence.
func isSpacedCloser(r rune) bool {
	switch r {
	case '»', '›', '”', ')', ']':
		return true
	}
	return false
}

func isOpener(r rune) bool {
	switch r {
	case '"', '\'', '“', '‘', '„', '‚', '«', '‹', '(', '[', '{', '¿', '¡', '—', '–', '-', '*', '•':
		return true
	}
	return false
}

func skipSpace(rs []rune, i int) int {
	for i < len(rs) && unicode.IsSpace(rs[i]) {
		i++
	}
	return i
}

// nextWord returns the word that starts after position i, skipping space
// and opening punctuation, or "" when none follows on the line.
func nextWord(rs []rune, i int) string {
	i = skipSpace(rs, i)
	for i < len(rs) && (isOpener(rs[i]) || unicode.IsSpace(rs[i])) {
		i++
	}
	j := i
	for j < len(rs) && isWordRune(rs[j]) {
		j++
	}
	return string(rs[i:j])
}

func startsLower(w string) bool {
	for _, r := range w {
		return unicode.IsLower(r)
	}
	return false
}

func startsUpper(w string) bool {
	for _, r := range w {
		return unicode.IsUpper(r) || unicode.IsTitle(r)
	}
	return false
}

func startsDigit(w string) bool {
	for _, r := range w {
		return unicode.IsDigit(r)
	}
	return false
}

// DotEnds reports whether the single period at rs[i] ends a sentence as
// Sentences reads it: not after a title or an inline abbreviation ("Dr.
// Maroon", "e.g. this") nor after an initial. Other splitters of copy ask
// it, so that one list says what an abbreviation is.
func DotEnds(rs []rune, i int) bool {
	if i < 0 || i >= len(rs) || rs[i] != '.' {
		return false
	}
	return !isAbbreviation(tokenBefore(rs, i), nextWord(rs, i+1))
}

// endsSentence decides whether the terminator run rs[runStart:runEnd] ends a
// sentence, given the word that follows it.
func endsSentence(rs []rune, runStart, runEnd int, closed bool, next string) bool {
	run := rs[runStart:runEnd]
	if isEllipsis(run) || closed {
		return !startsLower(next)
	}
	if len(run) == 1 && run[0] == '.' {
		return !isAbbreviation(tokenBefore(rs, runStart), next)
	}
	return true
}

func isEllipsis(run []rune) bool {
	dots, ellipses := 0, 0
	for _, r := range run {
		switch r {
		case '.':
			dots++
		case '…':
			ellipses++
		default:
			return false
		}
	}
	return ellipses > 0 || dots >= 2
}

// tokenBefore returns the letters, digits and inner dots right before
// position i ("z.B" in "z.B.").
func tokenBefore(rs []rune, i int) string {
	j := i
	for j > 0 && (isWordRune(rs[j-1]) || rs[j-1] == '.') {
		j--
	}
	return strings.TrimLeft(string(rs[j:i]), ".")
}

// Abbreviation classes, keyed by the lowercased token without its final dot.
var (
	// abbrevNever never end a sentence: titles precede a name, the others
	// always introduce something.
	abbrevNever = setOf("mr", "mrs", "ms", "dr", "prof", "sr", "sra", "srta",
		"dra", "st", "mt", "mme", "mlle", "hr", "hrn", "e.g", "i.e", "z.b",
		"d.h", "u.a", "o.ä", "u.ä", "s.o", "s.u", "v.a", "z.t", "p.ej", "p.e",
		"vs", "cf", "ca", "approx", "bzw", "sog", "ggf", "evtl", "inkl",
		"exkl", "zzgl", "vgl", "av", "avda", "resp", "viz", "bijv", "evt",
		"incl", "excl", "dhr", "mevr", "sig", "sig.ra", "dott")
	// abbrevBeforeCapital can end a sentence; they do when a capital follows.
	abbrevBeforeCapital = setOf("etc", "usw", "usf", "jr", "inc", "ltd", "co", "max", "máx", "mind",
		"corp", "bros", "min", "sec", "hrs", "dept", "jan", "feb", "apr",
		"jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "ecc")
	// abbrevBeforeDigit are abbreviations only before a number: "No. 5"
	// but "The answer is no."
	abbrevBeforeDigit = setOf("no", "nr", "núm", "num", "art", "vol", "fig",
		"pp", "tel", "bd", "kap")
	germanMonths = setOf("januar", "jänner", "februar", "märz", "april",
		"mai", "juni", "juli", "august", "september", "oktober", "november",
		"dezember")
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

func isAbbreviation(tok, next string) bool {
	if tok == "" {
		return false
	}
	low := strings.ToLower(tok)
	if rs := []rune(tok); len(rs) == 1 && unicode.IsLetter(rs[0]) {
		return true
	}
	switch {
	case abbrevNever[low]:
		return true
	case abbrevBeforeDigit[low]:
		return startsDigit(next)
	case abbrevBeforeCapital[low], isInitialism(low):
		return !startsUpper(next)
	case isAllDigits(low):
		return germanMonths[strings.ToLower(next)]
	}
	return false
}

// isInitialism matches dotted letter groups such as "u.s", "a.m" or "p.ej",
// but not domains ("example.com") or decimals.
func isInitialism(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		rs := []rune(p)
		if len(rs) == 0 || len(rs) > 3 {
			return false
		}
		for _, r := range rs {
			if !unicode.IsLetter(r) {
				return false
			}
		}
	}
	return true
}

func isAllDigits(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}
