package rules

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// hypeGrammar is what dropping a hype word needs to know of a language to
// leave its sentence whole: the words after which the adjective is the
// sentence's predicate ("is", "est", "ist", and the intensifiers "really",
// "vraiment", "wirklich" that stand between), the words that coordinate it
// with another ("and", "et", "und"), and the neutral word that can stand
// in a predicate's place (English only: "good" agrees with every noun; a
// French or Italian one would have to agree in gender and number).
type hypeGrammar struct {
	neutral    string
	predicate  map[string]bool
	coordinate map[string]bool
}

// hypeGrammars are the languages' hypeGrammar, by base language; a
// language not listed has no hype words to drop.
var hypeGrammars = map[string]hypeGrammar{
	"en": {neutral: "good",
		predicate:  wordSet("is are was were be been being it's that's what's looks look feels feel seems seem sounds sound so really very truly simply just absolutely totally pretty quite too"),
		coordinate: wordSet("and or but yet")},
	"de": {predicate: wordSet("ist sind war waren sein bin bist wirkt klingt finde findet so sehr wirklich einfach echt total ganz richtig absolut besonders noch"),
		coordinate: wordSet("und oder aber sondern")},
	"fr": {predicate: wordSet("est sont était étaient être c'est semble paraît reste très vraiment si tellement trop aussi juste tout simplement absolument ça trouve"),
		coordinate: wordSet("et ou mais")},
	"es": {predicate: wordSet("es son era eran está están ser estar parece muy realmente tan simplemente súper super totalmente absolutamente"),
		coordinate: wordSet("y e o u pero")},
	"pt": {predicate: wordSet("é são era eram está estão ser estar parece muito realmente tão simplesmente super totalmente absolutamente"),
		coordinate: wordSet("e ou mas")},
	"it": {predicate: wordSet("è sono era erano essere sembra resta molto davvero così proprio veramente semplicemente troppo assolutamente super"),
		coordinate: wordSet("e ed o ma")},
	"nl": {predicate: wordSet("is zijn was waren ben bent lijkt blijft vind vindt zo echt heel erg zeer gewoon super best helemaal werkelijk"),
		coordinate: wordSet("en of maar")},
}

// degree are the words that make an adjective comparative or superlative
// in the languages of hypeGrammars: the adjective cannot leave them.
var degree = wordSet("most more least less plus moins más menos mais più meno meest meer minst am")

// articles open a noun phrase in the languages of hypeGrammars: an
// adjective after one, and before a comma, qualifies the noun that follows.
var articles = wordSet("a an the un une le la les des ein eine einen einem einer der die das el los las uno una o os as um uma il lo gli i de het een")

// dropHype removes the listed hype words from text where the sentence
// stays whole without them, and counts what it removed. An adjective
// before a noun goes ("an amazing tool" – "a tool", "eine unglaubliche
// App" – "eine App"), with the "and" that coordinates it ("an amazing and
// fun app" – "a fun app", "fast and amazing." – "fast."). One that is the
// sentence's predicate ("The result is amazing.", "C'est génial, je…",
// "really fantastic!") is replaced by the language's neutral word, and
// where the language has none it stays: dropped, it left "Le résultat
// est." and "It is I surf more often now." A word after an elided article
// ("d'incroyables") stays too: "d'résultats" is no French. What stays is
// reported by the layer's check, not hidden.
//
// Each word's pass reads the text once, left to right, deciding on what
// it has written so far (the last hypeContext bytes of it) and the source
// after the word: a page of nothing but hype words costs its length once
// per word of the list, not once per match.
func dropHype(text string, words []*regexp.Regexp, lang string) (string, int) {
	g, ok := hypeGrammars[lang]
	if !ok {
		return text, 0
	}
	total := 0
	for _, re := range words {
		matches := re.FindAllStringSubmatchIndex(text, -1)
		if matches == nil {
			continue
		}
		buf := make([]byte, 0, len(text))
		last := 0
		capNext := false
		for _, m := range matches {
			start, end := m[4], m[5]
			if start < last {
				continue // inside what the match before consumed
			}
			buf = appendCapital(buf, text[last:start], capNext)
			capNext = capNext && start == last // an empty run leaves the capital to the word
			tail := buf[max(0, len(buf)-hypeContext):]
			d := g.decide(string(tail), text[end:], text[start:end])
			switch d.kind {
			case hypeKeep:
				buf = appendCapital(buf, text[start:end], capNext)
				last, capNext = end, false
				continue
			case hypeReplace:
				buf = appendCapital(buf, d.word, capNext)
				last, capNext = end, false
			case hypeDropCoordinator:
				buf = buf[:len(buf)-len(tail)+d.cut]
				last = end
			case hypeDrop:
				last = end + d.skip
				capNext = d.capital
			}
			total++
		}
		buf = appendCapital(buf, text[last:], capNext)
		text = string(buf)
	}
	if total > 0 {
		text = fixArticles(text)
		text = strings.Join(strings.Fields(text), " ")
		text = strings.ReplaceAll(text, " ,", ",")
		text = strings.ReplaceAll(text, " .", ".")
	}
	return text, total
}

// hypeContext is how much of what precedes a hype word its decision
// reads: the word before it, the sentence's last comma, the coordinator.
const hypeContext = 240

// appendCapital appends s to buf, its first rune in capitals if capital.
func appendCapital(buf []byte, s string, capital bool) []byte {
	if capital && s != "" {
		return append(buf, capitalize(s)...)
	}
	return append(buf, s...)
}

// The decisions on a hype word.
const (
	hypeKeep            = iota // it stays
	hypeReplace                // the neutral word stands in its place
	hypeDrop                   // it goes, with skip bytes after it
	hypeDropCoordinator        // it goes with the coordinator before it, cut from the text before at cut
)

type hypeDecision struct {
	kind    int
	word    string // hypeReplace: the word in its place
	skip    int    // hypeDrop: bytes after the word that go with it
	capital bool   // hypeDrop: what follows opens the sentence now
	cut     int    // hypeDropCoordinator: where the text before is cut
}

// decide is what becomes of the hype word word, between before (what the
// text says before it, as far as hypeContext reaches) and after (the text
// after it).
func (g hypeGrammar) decide(before, after, word string) hypeDecision {
	keep := hypeDecision{kind: hypeKeep}
	if r, _ := utf8.DecodeLastRuneInString(before); r == '\'' || r == '’' {
		return keep
	}
	trimmed := strings.TrimRight(before, " ")
	prev := strings.ToLower(strings.ReplaceAll(lastWord(trimmed), "’", "'"))
	next := strings.ToLower(firstWordOf(after))
	// A comma after the word ends its phrase ("It's amazing, I surf…"),
	// unless an article opened it ("An amazing, fast app").
	atEnd := after == "" || strings.ContainsAny(after[:1], ".!?;:)") || strings.HasPrefix(after, " !") || strings.HasPrefix(after, " ?") ||
		(strings.HasPrefix(after, ",") && !articles[prev])
	opens := trimmed == "" || strings.ContainsAny(trimmed[len(trimmed)-1:], ".!?:;(\"“«")
	replace := func() hypeDecision {
		if g.neutral == "" {
			return keep
		}
		w := g.neutral
		if r, _ := utf8.DecodeRuneInString(word); unicode.IsUpper(r) {
			w = capitalize(w)
		}
		return hypeDecision{kind: hypeReplace, word: w}
	}
	switch {
	case degree[prev]:
		// "the most amazing app": neither "the most app" nor "the most
		// good app".
		return keep
	case g.predicate[prev]:
		return replace()
	case g.coordinate[prev]:
		// "fast and amazing." – "fast.": only at the end of a phrase; before a
		// noun the "and" may join nouns ("friends and amazing people").
		// In a list ("Fast, simple and amazing.") it stays: "Fast, simple."
		// has lost its "and".
		coord := strings.LastIndex(trimmed, " ")
		if !atEnd || coord < 0 || trimmed[:coord] == "" || !isWordRuneEnd(trimmed[:coord]) || strings.Contains(sentenceTail(trimmed[:coord]), ",") {
			return keep
		}
		return hypeDecision{kind: hypeDropCoordinator, cut: coord}
	case g.coordinate[next] && !atEnd:
		// "an amazing and fun app" – "a fun app".
		a := strings.TrimLeft(after, " ")
		rest := strings.TrimLeft(a[len(firstWordOf(a)):], " ")
		if rest == "" || !unicode.IsLetter(firstRune(rest)) {
			return keep
		}
		return hypeDecision{kind: hypeDrop, skip: len(after) - len(rest), capital: opens}
	case atEnd:
		// The word ends its phrase: after a verb it is the predicate
		// ("surfers find it amazing."), after a noun ("une application
		// géniale.") a French reading could lose it, an English one not.
		return replace()
	}
	// Before a word: an adjective before its noun, or after it and before
	// what follows ("une application géniale pour les surfeurs").
	skip := 0
	switch {
	case strings.HasPrefix(after, ", "):
		skip = 2
	case strings.HasPrefix(after, " "):
		skip = 1
	}
	return hypeDecision{kind: hypeDrop, skip: skip, capital: opens}
}

// lastWord is the run of word runes that ends s ("" where s ends with
// another rune).
func lastWord(s string) string {
	i := len(s)
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if !isWordRune(r) {
			break
		}
		i -= size
	}
	return s[i:]
}

// firstWordOf is the word that follows s's leading spaces.
func firstWordOf(s string) string {
	s = strings.TrimLeft(s, " ")
	for i, r := range s {
		if !isWordRune(r) {
			return s[:i]
		}
	}
	return s
}

func isWordRuneEnd(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return isWordRune(r)
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// sentenceTail is the part of s after its last sentence's end.
func sentenceTail(s string) string {
	if i := strings.LastIndexAny(s, ".!?"); i >= 0 {
		return s[i+1:]
	}
	return s
}
