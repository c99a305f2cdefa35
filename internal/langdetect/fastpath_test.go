package langdetect

import (
	"math"
	"strings"
	"testing"
	"unicode"
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
		scoreAffixes(&score, w)
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
