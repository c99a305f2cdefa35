package langdetect

import (
	"math"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// tokenizePlain is how Detect read its words before nextWord: the text as
// a []rune, each word copied out of it.
func tokenizePlain(text string) []string {
	var words []string
	rs := []rune(text)
	start := -1
	for i, r := range rs {
		inner := r == '\'' && start >= 0 && i+1 < len(rs) && unicode.IsLetter(rs[i+1])
		switch {
		case unicode.IsLetter(r) || unicode.IsMark(r) && start >= 0 || inner:
			if start < 0 {
				start = i
			}
		case start >= 0:
			words = append(words, string(rs[start:i]))
			start = -1
		}
	}
	if start >= 0 {
		words = append(words, string(rs[start:]))
	}
	return words
}

// splitElisionPlain turns "l'offre" into "l'" and "offre"; English
// contractions ("don't", "it's") stay whole because their first part is
// not elided.
func splitElisionPlain(w string) []string {
	head, tail, ok := strings.Cut(w, "'")
	if !ok || !elided[head] || tail == "" {
		return []string{w}
	}
	return []string{head + "'", tail}
}

// detectPlain is Detect as written before it read its words in place:
// a list of words first, each elided word split into a new list.
func detectPlain(text string) (lang string, confidence float64) {
	text = strings.ToLower(apostrophes.Replace(text))
	words := tokenizePlain(text)
	if len(words) < minWords {
		return "", 0
	}
	var score [numLangs]float64
	for _, w := range words {
		if ws, ok := wordWeights[w]; ok {
			addTo(&score, ws, 1)
		} else {
			for _, t := range splitElisionPlain(w) {
				addTo(&score, wordWeights[t], 1)
			}
		}
		scoreAffixesPlain(&score, w)
	}
	for _, r := range text {
		if c, ok := charCues[r]; ok {
			addTo(&score, c, charCueScale)
		}
	}
	best, second := 0, -1
	for l := 1; l < numLangs; l++ {
		if score[l] > score[best] {
			best = l
		}
	}
	for l := range numLangs {
		if l != best && (second < 0 || score[l] > score[second]) {
			second = l
		}
	}
	top := score[best]
	if top <= 0 {
		return "", 0
	}
	conf := (top - score[second]) / top * math.Min(1, top/saturation)
	return languages[best], math.Max(0, math.Min(1, conf))
}

// wordsOf is every word nextWord finds in text, in order.
func wordsOf(text string) []string {
	var words []string
	for at := 0; ; {
		start, end := nextWord(text, at)
		if start < 0 {
			return words
		}
		words = append(words, text[start:end])
		at = end
	}
}

// FuzzDetectPlain holds Detect, which reads its words in place, to the
// plain reading that made a []rune and a list of words, word by word and
// in its answer to the last bit.
func FuzzDetectPlain(f *testing.F) {
	for _, texts := range [][]string{englishOneLiners, frenchTexts, italianTexts, dutchTexts} {
		for _, s := range texts {
			f.Add(s)
		}
	}
	f.Add("")
	f.Add("l'offre qu'il dell'anno un'offerta c'è aujourd'hui don't it's l' d' qu' ''' n't")
	f.Add("L’offre d’aujourd’hui ʼtis Ünïcödé Wörds ß ñ ¿Qué? çà et là")
	f.Add("\xff\xfe invalid utf8 é a\xe9b l'\xff x'\u0301y e\u0301te\u0301 'quoted' word'")
	f.Add("Große Straße — naïve café, financiële ideeën; più così però")
	f.Fuzz(func(t *testing.T, text string) {
		lower := strings.ToLower(apostrophes.Replace(text))
		if got, want := wordsOf(lower), tokenizePlain(lower); strings.Join(got, "\x00") != strings.Join(want, "\x00") || len(got) != len(want) {
			t.Fatalf("words of %q:\n got %q\nwant %q", lower, got, want)
		}
		gl, gc := Detect(text)
		wl, wc := detectPlain(text)
		if gl != wl || math.Float64bits(gc) != math.Float64bits(wc) {
			t.Fatalf("Detect(%q) = %q, %v; the plain reading %q, %v", text, gl, gc, wl, wc)
		}
	})
}

// scoreAffixesPlain is scoreAffixes as written before otherCuesBy: each
// prefix and anywhere cue asked of the word in turn.
func scoreAffixesPlain(score *[numLangs]float64, w string) {
	if w == "" {
		return
	}
	n := utf8.RuneCountInString(w)
	for _, c := range suffixCues[w[len(w)-1]] {
		if n >= c.minLen && strings.HasSuffix(w, c.pattern) {
			addTo(score, c.weights, 1)
		}
	}
	for _, c := range otherCues {
		if n < c.minLen {
			continue
		}
		var hit bool
		switch c.where {
		case prefix:
			hit = strings.HasPrefix(w, c.pattern)
		case anywhere:
			hit = strings.Contains(w, c.pattern)
		}
		if hit {
			addTo(score, c.weights, 1)
		}
	}
	// Only "ue" between a consonant (not q/g, where u is silent) and more
	// than one letter: bueno, puede, nuevo, but not values, teuer, fuel.
	if i := strings.Index(w, "ue"); i > 0 && i+3 < len(w) && !strings.ContainsRune("aeiouqg", rune(w[i-1])) {
		score[es] += ueCueWeight
	}
	// Italian plurals end in a consonant and i (prezzi, clienti, servizi)
	// where the other languages add an s.
	if n >= 4 && w[len(w)-1] == 'i' && !strings.ContainsRune("aeiouy'", rune(w[len(w)-2])) {
		score[it] += italianPluralWeight
	}
}

// FuzzScoreAffixes holds scoreAffixes to the plain reading, every
// language's score to the last bit, on any word and after any score.
func FuzzScoreAffixes(f *testing.F) {
	for _, s := range []string{"", "thought", "whether", "schön", "glieder", "nieuwlijk", "aixeix", "zzggicch", "prezzi", "bueno", "ĳ", "\xff\xfe", "eaueau", "wh"} {
		f.Add(s, 0.1)
	}
	f.Fuzz(func(t *testing.T, w string, start float64) {
		var got, want [numLangs]float64
		for l := range numLangs {
			got[l], want[l] = start*float64(l), start*float64(l)
		}
		scoreAffixes(&got, w)
		scoreAffixesPlain(&want, w)
		for l := range numLangs {
			if math.Float64bits(got[l]) != math.Float64bits(want[l]) {
				t.Fatalf("scoreAffixes(%q)[%s] = %v; plain reading %v", w, languages[l], got[l], want[l])
			}
		}
	})
}
