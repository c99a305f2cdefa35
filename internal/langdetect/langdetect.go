// Package langdetect tells which of the languages Marketing Fork writes (en,
// de, es, fr, pt, it, nl) a text is in, so a rewrite can be checked against
// its target language.
//
// It needs no model: it weighs hand-written tables of function words, a
// few distinguishing letters (ß, ñ, ã, ò…) and spelling patterns (-ción vs
// -ção vs -zione, Dutch ij and -heid). Function words dominate because
// they survive brand names and loanwords: "Apple Music" in a French
// sentence does not make it English, while "avec", "et", "votre" make it
// French.
package langdetect

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	// minWords is the shortest text Detect judges: below three words
	// ("Hola", "Merci beaucoup") a guess is noise.
	minWords = 3
	// saturation is the score at which the evidence is taken as plenty;
	// below it confidence shrinks, so a single shared word cannot produce
	// a confident answer.
	saturation = 3.0
)

// wordWeights maps each function word to its weight per language: 1 when
// one language lists it, split evenly when several do ("de" counts 1/4
// each for es, fr, pt and nl) unless skewedWords says otherwise. Built once,
// never written to afterwards.
var wordWeights = buildWordWeights()

func buildWordWeights() map[string][numLangs]float64 {
	owners := map[string][]int{}
	for l, words := range functionWords {
		for _, w := range words {
			if ls := owners[w]; len(ls) == 0 || ls[len(ls)-1] != l {
				owners[w] = append(ls, l)
			}
		}
	}
	weights := make(map[string][numLangs]float64, len(owners))
	for w, ls := range owners {
		var ws [numLangs]float64
		for _, l := range ls {
			ws[l] = 1 / float64(len(ls))
		}
		weights[w] = ws
	}
	for w, ws := range skewedWords {
		weights[w] = ws
	}
	return weights
}

// Detect guesses the language of text among en, de, es, fr, pt, it, nl (and
// returns "" with confidence 0 when the text is too short or no language
// scores).
//
// Confidence is in [0, 1]: the best score's margin over the runner-up as a
// share of the best, scaled down while the best score is below a few
// function words' worth of evidence. Texts of fewer than three words are
// too short. On an exact tie the first of en, de, es, fr, pt, it, nl wins
// with confidence 0, which keeps the result deterministic.
func Detect(text string) (lang string, confidence float64) {
	text = strings.ToLower(apostrophes.Replace(text))
	words := tokenize(text)
	if len(words) < minWords {
		return "", 0
	}
	var score [numLangs]float64
	for _, w := range words {
		if ws, ok := wordWeights[w]; ok {
			addTo(&score, ws, 1) // listed whole: c'è, aujourd'hui
		} else {
			for _, t := range splitElision(w) {
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

func addTo(score *[numLangs]float64, w [numLangs]float64, scale float64) {
	for l := range numLangs {
		score[l] += w[l] * scale
	}
}

// apostrophes folds typographic apostrophes into ASCII so "it’s" and "l’offre"
// match the tables. A Replacer is safe for concurrent use.
var apostrophes = strings.NewReplacer("’", "'", "ʼ", "'")

// tokenize returns lowercase words: letters with inner apostrophes.
func tokenize(text string) []string {
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

// elided are the short words French and Italian write with an apostrophe
// before a vowel ("l'offre", "qu'il", "dell'anno", "un'offerta"); they are
// function words in their own right.
var elided = map[string]bool{
	// French (l' is Italian too)
	"l": true, "d": true, "j": true, "qu": true, "n": true, "c": true,
	"s": true, "m": true, "t": true, "jusqu": true, "lorsqu": true,
	"puisqu": true,
	// Italian
	"dell": true, "all": true, "nell": true, "dall": true, "sull": true,
	"un": true, "quest": true,
}

// splitElision turns "l'offre" into "l'" and "offre"; English contractions
// ("don't", "it's") stay whole because their first part is not elided.
func splitElision(w string) []string {
	head, tail, ok := strings.Cut(w, "'")
	if !ok || !elided[head] || tail == "" {
		return []string{w}
	}
	return []string{head + "'", tail}
}

// suffixCues indexes the suffix cues by their last byte and otherCues lists
// the rest, in table order, so a word is tested only against the endings
// it could have. Built once, never written to afterwards.
var suffixCues, otherCues = indexAffixCues()

func indexAffixCues() (map[byte][]affixCue, []affixCue) {
	bySuffix := map[byte][]affixCue{}
	var other []affixCue
	for _, c := range affixCues {
		if c.where == suffix {
			last := c.pattern[len(c.pattern)-1]
			bySuffix[last] = append(bySuffix[last], c)
			continue
		}
		other = append(other, c)
	}
	return bySuffix, other
}

func scoreAffixes(score *[numLangs]float64, w string) {
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
