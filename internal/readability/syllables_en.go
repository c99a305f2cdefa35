package readability

import (
	"strings"
	"unicode/utf8"
)

// enExceptions holds common words the rules below get wrong by more than
// the usual rounding; fixing them by rule would break more words than it
// mends.
var enExceptions = map[string]int{
	"every": 2, "business": 2, "businesses": 3, "science": 2, "sciences": 3,
	"element": 3, "elements": 3, "ideal": 3, "ideas": 3, "areas": 3,
	"moreover": 3, "linear": 3, "poem": 2, "poems": 2, "poet": 2,
	"recipe": 3, "recipes": 3, "cafe": 2, "naive": 2, "placebo": 3,
	"argue": 2, "fuel": 2, "cruel": 2, "lion": 2, "lions": 2,
	"someone": 2, "anyone": 3, "everyone": 3, "apostrophe": 4,
	"catastrophe": 4, "acne": 2, "karate": 3, "simile": 3,
}

// enHeads are word starts that end in a silent e or an elided vowel, which
// the vowel-group count cannot see inside a compound ("some|times",
// "home|page"). The value is the head's syllable count; tails lists the
// only endings accepted, nil meaning any ending that starts with a
// consonant and holds a vowel.
var enHeads = []struct {
	head  string
	n     int
	tails map[string]bool
}{
	{"every", 2, enPronounTails},
	{"some", 1, enPronounTails},
	{"any", 2, enPronounTails},
	{"there", 1, enAdverbTails},
	{"where", 1, enAdverbTails},
	{"here", 1, enAdverbTails},
	{"more", 1, setOf("over")},
	{"home", 1, nil}, {"life", 1, nil}, {"time", 1, nil}, {"care", 1, nil},
	{"fire", 1, nil}, {"name", 1, nil}, {"base", 1, nil}, {"love", 1, nil},
	{"store", 1, nil}, {"space", 1, nil}, {"place", 1, nil}, {"face", 1, nil},
	{"side", 1, nil}, {"line", 1, nil}, {"type", 1, nil}, {"case", 1, nil},
	{"game", 1, nil}, {"note", 1, nil}, {"code", 1, nil}, {"wide", 1, nil},
	{"sale", 1, nil}, {"make", 1, nil}, {"like", 1, nil}, {"safe", 1, nil},
	{"state", 1, nil}, {"hope", 1, nil}, {"move", 1, nil},
}

var (
	enPronounTails = setOf("one", "ones", "thing", "things", "where", "body",
		"bodies", "way", "ways", "time", "times", "how", "what", "day",
		"days", "more", "place")
	enAdverbTails = setOf("fore", "by", "in", "of", "upon", "with", "after",
		"as", "abouts", "on")
)

// enSuffixes are suffixes that keep a stem's silent e ("complete|ly",
// "manage|ment"), with their own syllable count.
var enSuffixes = []struct {
	suffix string
	n      int
}{
	{"ments", 1}, {"ment", 1}, {"fully", 2}, {"ful", 1}, {"less", 1},
	{"ness", 1}, {"ly", 1},
}

// enHeadsBy indexes enHeads by the byte each head opens with, in table
// order: a word is tried only against the heads it could start with,
// where cutting each of them off every word was most of syllablesEN.
var enHeadsBy = func() (by [256][]int) {
	for i, h := range enHeads {
		by[h.head[0]] = append(by[h.head[0]], i)
	}
	return by
}()

// syllablesEN counts an English word's syllables: an exception, a head
// and its tail, a stem and its suffix, or the word's vowel groups. w is
// lower-case letters, as partSyllables gives it, so valid UTF-8: the runes
// it looks at beside a cut are decoded where they stand, not read from a
// []rune of the whole (FuzzSyllablesEN holds it to that reading).
func syllablesEN(w string) int {
	if n, ok := enExceptions[w]; ok {
		return n
	}
	if w != "" {
		for _, k := range enHeadsBy[w[0]] {
			h := &enHeads[k]
			rest, ok := strings.CutPrefix(w, h.head)
			if !ok || rest == "" {
				continue
			}
			if h.tails != nil {
				if h.tails[rest] {
					return h.n + syllablesEN(rest)
				}
				continue
			}
			if first, _ := utf8.DecodeRuneInString(rest); len(rest) >= 2 && !isVowel(first) && first != 'y' && strings.ContainsAny(rest, "aeiouy") {
				return h.n + syllablesEN(rest)
			}
		}
	}
	for _, s := range enSuffixes {
		stem, ok := strings.CutSuffix(w, s.suffix)
		if !ok || len(stem) < 3 || !strings.HasSuffix(stem, "e") {
			continue
		}
		// The rune before the stem's final e, one byte long.
		if before, _ := utf8.DecodeLastRuneInString(stem[:len(stem)-1]); !isVowel(before) && before != 'y' {
			return max(syllablesEN(stem), 1) + s.n
		}
	}
	return englishCore([]rune(w), w)
}

// englishCore counts vowel groups and applies the silent-letter and hiatus
// rules to a lowercase word: w is its runes, end the word itself.
func englishCore(w []rune, end string) int {
	n := len(w)
	// The vowel mask of a word the rules see (maxRuledWord letters at the
	// most) fits on the stack.
	var vbuf [maxRuledWord]bool
	var v []bool
	if n <= len(vbuf) {
		v = vbuf[:n]
	} else {
		v = make([]bool, n)
	}
	for i, r := range w {
		switch {
		case r == 'y':
			v[i] = yVowel(w, i)
		case r == 'u' && i > 0 && w[i-1] == 'q':
			v[i] = false // qu = /kw/: quiet, unique
		case r == 'u' && i > 0 && w[i-1] == 'g' && i+1 < n && (w[i+1] == 'e' || w[i+1] == 'i'):
			v[i] = false // silent u: guide, league, guest
		default:
			v[i] = isVowel(r)
		}
	}
	// The vowel groups are counted, and the first one's end kept, without
	// listing them (groups).
	count, firstEnd := 0, 0
	for i := 0; i < n; i++ {
		if !v[i] {
			continue
		}
		j := i
		for j < n && v[j] {
			j++
		}
		if count == 0 {
			firstEnd = j
		}
		count++
		i = j
	}
	if count == 0 {
		return 0
	}

	// lone reports whether w[i] is an 'e' forming a vowel group by itself.
	lone := func(i int) bool {
		return i >= 0 && i < n && w[i] == 'e' && v[i] && (i == 0 || !v[i-1]) && (i == n-1 || !v[i+1])
	}
	// syllabic reports whether the e at i follows consonant + l/r, where it
	// carries its own syllable (sim-ple, cen-tre, hun-dred); doubled
	// letters (belle, bizarre) are silent.
	syllabic := func(i int) bool {
		return i >= 2 && (w[i-1] == 'l' || w[i-1] == 'r') && !v[i-2] && w[i-2] != w[i-1]
	}
	switch {
	case lone(n - 1):
		if !syllabic(n - 1) {
			count--
		}
	case strings.HasSuffix(end, "es") && lone(n-2):
		if !syllabic(n-2) && !sibilantBefore(w, n-2) {
			count--
		}
	case strings.HasSuffix(end, "ed") && n >= 3 && lone(n-2):
		if !syllabic(n-2) && w[n-3] != 't' && w[n-3] != 'd' {
			count--
		}
	}

	// Hiatus: two vowels in one group that are said as two syllables.
	for i := 0; i+1 < n; i++ {
		if !v[i] || !v[i+1] {
			continue
		}
		a, b := w[i], w[i+1]
		switch {
		case a == 'i' && b == 'a' && !softBefore(w, i, "ctsg"): // me-di-a, not so-cial
			count++
		case a == 'i' && b == 'o' && !softBefore(w, i, "ctsxgln"): // ra-di-o, not ac-tion, mil-lion
			count++
		case a == 'i' && b == 'u': // pre-mi-um
			count++
		case a == 'e' && b == 'o' && !softBefore(w, i, "pgc"): // vi-de-o, not peo-ple, geor-gia
			count++
		case a == 'u' && b == 'a' && !softBefore(w, i, "g"): // ac-tu-al, not lan-guage
			count++
		case a == 'e' && b == 'u' && i+2 == n-1 && w[n-1] == 'm': // mu-se-um
			count++
		case a == 'i' && b == 'e':
			if ieHiatus(w, i, firstEnd < i) {
				count++
			}
		}
	}
	switch {
	case strings.HasSuffix(end, "ea") && n >= 3 && firstEnd < n-2: // i-de-a, a-re-a
		count++
	case strings.Contains(end, "creat") && !strings.Contains(end, "creatur"): // cre-ate
		count++
	case strings.HasPrefix(end, "reac") && !strings.HasPrefix(end, "reach"): // re-act
		count++
	}
	// be-ing, go-ing: -ing after a vowel is its own syllable.
	if ing := strings.TrimSuffix(end, "s"); strings.HasSuffix(ing, "ing") && len(ing) >= 4 && v[len(ing)-4] {
		count++
	}
	if strings.HasSuffix(end, "ism") && n >= 4 { // tour-is-m
		count++
	}
	return count
}

// sibilantBefore reports whether the letter(s) before position i make -es a
// syllable: box-es, pla-ces, chan-ges, wish-es.
func sibilantBefore(w []rune, i int) bool {
	if i < 1 {
		return false
	}
	switch w[i-1] {
	case 's', 'x', 'z', 'c', 'g':
		return true
	case 'h':
		return i >= 2 && (w[i-2] == 'c' || w[i-2] == 's')
	}
	return false
}

// softBefore reports whether the vowel pair at i follows one of letters or
// the digraphs ch/sh, which fold the pair into one syllable
// (-tion, -cial, -sion, fa-shion).
func softBefore(w []rune, i int, letters string) bool {
	if i == 0 {
		return false
	}
	p := w[i-1]
	if p == 'h' && i >= 2 && (w[i-2] == 'c' || w[i-2] == 's') {
		return true
	}
	return strings.ContainsRune(letters, p)
}

// ieHiatus decides the i-e pair at i: qui-et, di-et, cli-ent, au-di-ence,
// eas-i-er, hap-pi-est; but pa-tient, an-cient, piece, friend.
func ieHiatus(w []rune, i int, earlierVowel bool) bool {
	at := func(k int) rune {
		if k < len(w) {
			return w[k]
		}
		return 0
	}
	rest := len(w) - (i + 2)
	switch {
	case at(i+2) == 't':
		return true
	case at(i+2) == 'n' && (at(i+3) == 't' || at(i+3) == 'c'):
		return !softBefore(w, i, "ct")
	case rest == 1 && at(i+2) == 'r', rest == 2 && at(i+2) == 's' && at(i+3) == 't':
		return earlierVowel && i > 0 && !isVowel(w[i-1])
	}
	return false
}
