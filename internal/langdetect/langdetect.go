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
	"math/bits"
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
	// The words are read where they stand in text, one after another,
	// rather than gathered into a list first: a sample is read once, and
	// its words are substrings of it (see nextWord).
	var score [numLangs]float64
	words := 0
	for at := 0; ; {
		start, end := nextWord(text, at)
		if start < 0 {
			break
		}
		at = end
		words++
		w := text[start:end]
		if ws, ok := wordWeights[w]; ok {
			addTo(&score, ws, 1) // listed whole: c'è, aujourd'hui
		} else if head, tail, ok := strings.Cut(w, "'"); ok && elided[head] && tail != "" {
			// "l'offre" reads as "l'" and "offre"; English contractions
			// ("don't", "it's") stay whole because their first part is
			// not elided. w[:len(head)+1] is head+"'".
			addTo(&score, wordWeights[w[:len(head)+1]], 1)
			addTo(&score, wordWeights[tail], 1)
		}
		// A word listed neither whole nor elided has no weights: it
		// was looked up a second time here, to add zeros.
		scoreAffixes(&score, w)
	}
	if words < minWords {
		return "", 0
	}
	for _, r := range text {
		if r < utf8.RuneSelf {
			continue // every letter charCues lists is beyond ASCII
		}
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

// nextWord is the byte span of the first word of text at or after byte
// from, or -1, -1 when none is left: a run of letters, of marks after a
// letter, and of apostrophes between a word's letter and a letter. A byte
// that is not UTF-8 reads as utf8.RuneError, as it would in a []rune, and
// is no letter, so a word is always valid text and its bytes are the
// runes a []rune of text would hold (FuzzDetectPlain holds Detect to the
// reading of such a list).
func nextWord(text string, from int) (start, end int) {
	start = -1
	for i := from; i < len(text); {
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		inner := false
		if r == '\'' && start >= 0 && i+size < len(text) {
			next, _ := utf8.DecodeRuneInString(text[i+size:])
			inner = unicode.IsLetter(next)
		}
		switch {
		case unicode.IsLetter(r) || unicode.IsMark(r) && start >= 0 || inner:
			if start < 0 {
				start = i
			}
		case start >= 0:
			return start, i
		}
		i += size
	}
	if start >= 0 {
		return start, len(text)
	}
	return -1, -1
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

// otherCuesBy indexes otherCues by the byte each pattern opens with, in
// table order, so that a word is read once for them all: at each of its
// bytes only the cues that open with it are tried. Built once, never
// written to afterwards.
var otherCuesBy = indexOtherCues()

func indexOtherCues() (by [256][]int) {
	if len(otherCues) > 64 {
		panic("langdetect: more affix cues than scoreAffixes' bit set holds")
	}
	for k, c := range otherCues {
		by[c.pattern[0]] = append(by[c.pattern[0]], k)
	}
	return by
}

// scoreAffixes adds the weights of the affix cues w holds: the suffix
// cues of its last byte, then each prefix and anywhere cue it holds, once
// however often it stands there, in table order (the order the weights
// are added in is the order the plain reading, asking strings.Contains of
// each cue in turn, added them: FuzzDetectPlain holds it to that).
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
	var hits uint64 // bit k: otherCues[k] stands in w
	for i := 0; i < len(w); i++ {
		for _, k := range otherCuesBy[w[i]] {
			c := &otherCues[k]
			if hits&(1<<k) != 0 || n < c.minLen || c.where == prefix && i > 0 {
				continue
			}
			if strings.HasPrefix(w[i:], c.pattern) {
				hits |= 1 << k
			}
		}
	}
	for ; hits != 0; hits &= hits - 1 {
		addTo(score, otherCues[bits.TrailingZeros64(hits)].weights, 1)
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
