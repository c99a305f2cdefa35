package readability

import (
	"strings"
	"unicode"

	"github.com/marketingfork/fork/internal/langtag"
)

// Syllables estimates the syllables in word for the base language of lang.
// It never returns less than 1, so every word weighs at
// least one syllable in the formulas.
//
// All languages count vowel groups and then correct them:
//
//   - en: y is a vowel except word-initially or between vowels; u after q
//     (and after g before e/i) is a consonant; a final e is silent unless it
//     follows consonant+l/r ("simple", "centre"); -es and -ed add no
//     syllable except after sibilants or t/d; hiatus pairs add one ("idea",
//     "radio", "actual", "quiet", "being"); compounds and suffixes whose stem
//     ends in a silent e are split ("someone", "completely"); a short table
//     covers the worst misses ("business", "science").
//   - de: diphthongs and long-vowel digraphs (ei, au, eu, äu, ie, aa…) are
//     one syllable, other adjacent vowels are two ("Na-ti-on", "Feu-er").
//   - es: each strong vowel (a, e, o) or accented í/ú is a nucleus; i and u
//     glide into a neighbour ("bue-no", "ciu-dad", "dí-a").
//   - pt: as es, plus nasal diphthongs (ão, ãe, õe) and unaccented final
//     -ia/-io/-ua as hiatus ("di-a", "ru-a").
//   - fr: vowel groups, split at é and at a diaeresis; a final -e, -es and
//     the verb ending -ent are silent ("table"=1, "parlent"=1, "moment"=2).
//   - it: as es: a, e, o and accented vowels are nuclei, i and u glide
//     ("gior-no", "zio-ne", "più"); hiatus after a weak vowel ("mi-a") is
//     not seen.
//   - nl: vowel groups where long vowels and diphthongs (aa, ee, oo, uu,
//     ie, oe, eu, ui, ei, ou, au, and aai, ooi, oei, eeu, ieu) are one
//     syllable, other adjacent vowels two ("ra-di-o"), and a diaeresis
//     starts a new one ("i-dee-ën"); ij counts as i, j being a consonant.
//
// Hyphenated words are counted part by part; a part made only of digits
// counts as one syllable, since spelling numbers out is language- and
// context-dependent.
func Syllables(word string, lang langtag.Tag) int {
	return syllables(word, lang.Base())
}

func syllables(word, base string) int {
	total := 0
	// Most words hold no hyphen, and are read without splitting: a word
	// without a '-' or a 0xE2 byte, the lead byte of U+2010 and U+2011,
	// is its one part (FuzzSyllables holds it to splitting every word).
	if word != "" && strings.IndexByte(word, '-') < 0 && strings.IndexByte(word, 0xE2) < 0 {
		total = partSyllables(word, base)
	} else {
		for _, part := range strings.FieldsFunc(word, isHyphen) {
			total += partSyllables(part, base)
		}
	}
	return max(total, 1)
}

func isHyphen(r rune) bool { return r == '-' || r == '‐' || r == '‑' }

// partSyllables counts a part of a word between hyphens: 0 for one of
// neither letters nor digits, 1 for digits alone.
func partSyllables(part, base string) int {
	// A word the rules see has maxRuledWord letters at the most: its
	// runes fit on the stack.
	var buf [maxRuledWord]rune
	letters, digits := appendLowerLetters(buf[:0], part)
	if len(letters) == 0 {
		if digits {
			return 1
		}
		return 0
	}
	var n int
	switch {
	case len(letters) > maxRuledWord:
		n = syllablesGeneric(letters)
	case base == "en":
		n = syllablesEN(string(letters))
	case base == "de":
		n = syllablesDE(letters)
	case base == "es":
		n = syllablesES(letters)
	case base == "pt":
		n = syllablesPT(letters)
	case base == "fr":
		n = syllablesFR(letters)
	case base == "it":
		n = syllablesIT(letters)
	case base == "nl":
		n = syllablesNL(letters)
	default:
		n = syllablesGeneric(letters)
	}
	return max(n, 1)
}

// maxRuledWord bounds the words the language rules see. Longer letter runs
// are URLs, hashes or keyboard mashing (the longest German compounds stay
// below 64 letters); plain vowel groups are good enough for them, and the
// bound keeps the English compound and suffix rules from going quadratic.
const maxRuledWord = 64

// lowerLetters keeps the letters of s in lower case, dropping apostrophes and
// dots so "don't" and "l'amour" are counted as the sounds they are.
func lowerLetters(s string) (letters []rune, hasDigit bool) {
	return appendLowerLetters(make([]rune, 0, len(s)), s) // a rune per byte at the most
}

// appendLowerLetters is lowerLetters appending to letters.
func appendLowerLetters(letters []rune, s string) (_ []rune, hasDigit bool) {
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters = append(letters, unicode.ToLower(r))
		case unicode.IsDigit(r):
			hasDigit = true
		}
	}
	return letters, hasDigit
}

// isVowel covers the Latin vowels of the seven languages, accented or not.
// y is decided per language.
func isVowel(r rune) bool {
	switch r {
	case 'a', 'e', 'i', 'o', 'u',
		'à', 'á', 'â', 'ã', 'ä', 'å', 'æ',
		'è', 'é', 'ê', 'ë',
		'ì', 'í', 'î', 'ï',
		'ò', 'ó', 'ô', 'õ', 'ö', 'ø', 'œ',
		'ù', 'ú', 'û', 'ü', 'ý', 'ÿ':
		return true
	}
	return false
}

// yVowel is the rule most languages share: y is a consonant at the start of
// a word before a vowel ("yes", "yeux") and between vowels ("player",
// "voyage"), a vowel otherwise ("happy", "style").
func yVowel(w []rune, i int) bool {
	prevV := i > 0 && isVowel(w[i-1])
	nextV := i+1 < len(w) && isVowel(w[i+1])
	if i == 0 {
		return !nextV
	}
	return !(prevV && nextV)
}

// vowelMask marks the vowels of w: y by yVowel, u after q as a consonant
// (its sound is /w/ or silent), and u after g before e/i as silent when
// silentGU is set (es "guía", fr "langue").
func vowelMask(w []rune, silentGU bool) []bool {
	v := make([]bool, len(w))
	for i, r := range w {
		switch {
		case r == 'y' || r == 'ÿ':
			v[i] = yVowel(w, i)
		case r == 'u' && i > 0 && w[i-1] == 'q':
			v[i] = false
		case r == 'u' && silentGU && i > 0 && w[i-1] == 'g' && i+1 < len(w) &&
			(w[i+1] == 'e' || w[i+1] == 'i' || w[i+1] == 'é' || w[i+1] == 'í' || w[i+1] == 'ê'):
			v[i] = false
		default:
			v[i] = isVowel(r)
		}
	}
	return v
}

// groups returns the [start, end) spans of consecutive vowels.
func groups(v []bool) [][2]int {
	var gs [][2]int
	for i := 0; i < len(v); i++ {
		if !v[i] {
			continue
		}
		j := i
		for j < len(v) && v[j] {
			j++
		}
		gs = append(gs, [2]int{i, j})
		i = j
	}
	return gs
}

func syllablesGeneric(w []rune) int {
	return len(groups(vowelMask(w, false)))
}

// germanUnits are the vowel pairs German reads as one sound.
var germanUnits = setOf("aa", "ee", "oo", "ai", "au", "äu", "ei", "eu", "ey", "ay", "ie", "ou")

func syllablesDE(w []rune) int {
	v := vowelMask(w, false)
	n := 0
	for _, g := range groups(v) {
		for i := g[0]; i < g[1]; {
			if i+1 < g[1] && germanUnits[string(w[i:i+2])] {
				i += 2
			} else {
				i++
			}
			n++
		}
	}
	// Plurals of -ie nouns split the pair again: Fa-mi-li-en, Me-di-en.
	if n > 1 && hasSuffix(w, "ien") {
		n++
	}
	return n
}

func hasSuffix(w []rune, s string) bool {
	return strings.HasSuffix(string(w), s)
}

// nuclei counts syllable nuclei in the vowel group w[a:b] for Spanish and
// Portuguese: strong vowels and accented weak ones are nuclei; a group of
// weak vowels only ("iu", "ui") is one.
func nuclei(w []rune, a, b int, strong func(w []rune, i int) bool) int {
	n := 0
	for i := a; i < b; i++ {
		if strong(w, i) {
			n++
		}
	}
	return max(n, 1)
}

func strongES(w []rune, i int) bool {
	switch w[i] {
	case 'a', 'e', 'o', 'á', 'é', 'ó', 'à', 'è', 'ò', 'í', 'ú', 'ì', 'ù':
		return true
	}
	return false
}

func syllablesES(w []rune) int {
	v := vowelMask(w, true)
	for i, r := range w {
		if r == 'y' {
			v[i] = false // y is a consonant or glides ("hoy", "muy")
		}
	}
	n := 0
	for _, g := range groups(v) {
		n += nuclei(w, g[0], g[1], strongES)
	}
	return n
}

func strongPT(w []rune, i int) bool {
	r := w[i]
	if (r == 'o' || r == 'e') && i > 0 && (w[i-1] == 'ã' || w[i-1] == 'õ') {
		return false // nasal diphthong: mão, mãe, põe
	}
	switch r {
	case 'a', 'e', 'o', 'á', 'é', 'ó', 'â', 'ê', 'ô', 'ã', 'õ', 'à', 'í', 'ú':
		return true
	}
	return false
}

func syllablesPT(w []rune) int {
	v := vowelMask(w, true)
	n := 0
	for _, g := range groups(v) {
		n += nuclei(w, g[0], g[1], strongPT)
	}
	// Without a written accent the stress falls on the i/u of a final
	// -ia/-io/-ua, which makes it a hiatus: di-a, ru-a, e-co-no-mi-a.
	if !hasAccent(w) && finalHiatusPT(w, v) {
		n++
	}
	return n
}

func hasAccent(w []rune) bool {
	for _, r := range w {
		if r > 0x7f && isVowel(r) {
			return true
		}
	}
	return false
}

func finalHiatusPT(w []rune, v []bool) bool {
	e := len(w)
	if e > 0 && w[e-1] == 's' {
		e--
	}
	if e < 3 {
		return false
	}
	weak, strong, before := w[e-2], w[e-1], w[e-3]
	return (weak == 'i' || weak == 'u') && v[e-2] && (strong == 'a' || strong == 'o') && !v[e-3] && before != 'q' && before != 'g'
}

// frenchSounded lists -ent words whose ending is pronounced; elsewhere a
// final -ent after a consonant is read as the silent verb ending.
var frenchSounded = setOf("souvent", "client", "argent", "agent", "talent",
	"accent", "content", "excellent", "intelligent", "urgent", "évident",
	"président", "cent", "vent", "dent", "lent", "absent", "accident",
	"incident", "continent", "parent", "transparent", "apparent", "pertinent",
	"prudent", "adolescent", "compétent", "fréquent", "équivalent",
	"permanent", "serpent", "torrent", "concurrent", "cohérent", "innocent",
	"différent", "présent", "récent", "ingrédient", "patient", "pourcent",
	"régent", "omniprésent", "violent", "décent")

// frenchVerbsMent are -ment words that are verbs, hence silent -ent; other
// -ment words are adverbs and nouns (moment, rapidement).
var frenchVerbsMent = setOf("aiment", "forment", "ferment", "dorment",
	"consomment", "estiment", "suppriment", "impriment", "expriment",
	"transforment", "informent", "confirment", "affirment", "animent",
	"nomment", "calment", "sèment", "arment")

func frenchSplit(prev, cur rune) bool {
	switch {
	case cur == 'ë' || cur == 'ï' || cur == 'ü' || cur == 'ÿ':
		return true // diaeresis: na-ïf, No-ël
	case prev == 'é' || cur == 'é':
		return true // ré-a-li-té, po-é-sie, an-né-e
	}
	return false
}

func syllablesFR(w []rune) int {
	v := vowelMask(w, true)
	n := len(w)
	var gs [][2]int
	for _, g := range groups(v) {
		s := g[0]
		for i := g[0] + 1; i < g[1]; i++ {
			if frenchSplit(w[i-1], w[i]) {
				gs = append(gs, [2]int{s, i})
				s = i
			}
		}
		gs = append(gs, [2]int{s, g[1]})
	}
	count := len(gs)
	if count == 0 {
		return 0
	}
	last := gs[count-1]
	lone := func(i int) bool { return last == [2]int{i, i + 1} && w[i] == 'e' }
	word := string(w)
	switch {
	case lone(n - 1): // table, langue, année
		count--
	case n >= 2 && w[n-1] == 's' && lone(n-2): // tables, idées
		count--
	case strings.HasSuffix(word, "ent") && lone(n-3),
		strings.HasSuffix(word, "ents") && lone(n-4):
		stem := strings.TrimSuffix(word, "s")
		mentVerb := frenchVerbsMent[stem]
		if !frenchSounded[stem] && (!strings.HasSuffix(stem, "ment") || mentVerb) {
			count--
		}
	}
	return count
}

// syllablesIT counts Italian nuclei with the Spanish rule: in "giorno",
// "ciao" and "qualità" the i after c/g and the u after q only spell the
// consonant or glide, and accented ì, ù carry the stress ("più" = 1).
func syllablesIT(w []rune) int {
	v := vowelMask(w, false)
	n := 0
	for _, g := range groups(v) {
		n += nuclei(w, g[0], g[1], strongES)
	}
	return n
}

// dutchUnits are the vowel sequences Dutch reads as one sound, longest
// first so "ieu" is not taken as "ie" + "u". A vowel with a diaeresis is in
// none of them, so it always opens a syllable of its own: i-dee-ën,
// ge-ïn-te-res-seerd.
var dutchUnits = []string{"aai", "ooi", "oei", "eeu", "ieu",
	"aa", "ee", "oo", "uu", "ie", "oe", "eu", "ui", "ei", "ou", "au"}

func syllablesNL(w []rune) int {
	v := vowelMask(w, false)
	n := 0
	for _, g := range groups(v) {
		for i := g[0]; i < g[1]; n++ {
			step := 1
			for _, u := range dutchUnits {
				if k := len(u); i+k <= g[1] && string(w[i:i+k]) == u {
					step = k
					break
				}
			}
			i += step
		}
	}
	return n
}
