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
func dropHype(text string, words []*regexp.Regexp, lang string) (string, int) {
	g, ok := hypeGrammars[lang]
	if !ok {
		return text, 0
	}
	total := 0
	for _, re := range words {
		from := 0
		for from <= len(text) {
			loc := re.FindStringSubmatchIndex(text[from:])
			if loc == nil {
				break
			}
			start, end := from+loc[4], from+loc[5]
			out, next, dropped := g.drop(text, start, end)
			if dropped {
				total++
			}
			text, from = out, next
		}
	}
	if total > 0 {
		text = fixArticles(text)
		text = strings.Join(strings.Fields(text), " ")
		text = strings.ReplaceAll(text, " ,", ",")
		text = strings.ReplaceAll(text, " .", ".")
	}
	return text, total
}

// drop removes or replaces the hype word at text[start:end], or keeps it;
// it returns the text, where the search goes on, and whether it changed.
func (g hypeGrammar) drop(text string, start, end int) (string, int, bool) {
	before, after := text[:start], text[end:]
	keep := func() (string, int, bool) { return text, end, false }
	if r, _ := utf8.DecodeLastRuneInString(before); r == '\'' || r == '’' {
		return keep()
	}
	trimmed := strings.TrimRight(before, " ")
	prev := strings.ToLower(strings.ReplaceAll(lastWord(trimmed), "’", "'"))
	next := strings.ToLower(firstWordOf(after))
	// A comma after the word ends its phrase ("It's amazing, I surf…"),
	// unless an article opened it ("An amazing, fast app").
	atEnd := after == "" || strings.ContainsAny(after[:1], ".!?;:)") || strings.HasPrefix(after, " !") || strings.HasPrefix(after, " ?") ||
		(strings.HasPrefix(after, ",") && !articles[prev])
	opens := trimmed == "" || strings.ContainsAny(trimmed[len(trimmed)-1:], ".!?:;(\"“«")
	replace := func() (string, int, bool) {
		if g.neutral == "" {
			return keep()
		}
		word := g.neutral
		if r, _ := utf8.DecodeRuneInString(text[start:end]); unicode.IsUpper(r) {
			word = capitalize(word)
		}
		return before + word + after, start + len(word), true
	}
	switch {
	case degree[prev]:
		// "the most amazing app": neither "the most app" nor "the most
		// good app".
		return keep()
	case g.predicate[prev]:
		return replace()
	case g.coordinate[prev]:
		// "fast and amazing." – "fast.": only at the end of a phrase; before a
		// noun the "and" may join nouns ("friends and amazing people").
		// In a list ("Fast, simple and amazing.") it stays: "Fast, simple."
		// has lost its "and".
		coord := strings.LastIndex(trimmed, " ")
		if !atEnd || coord < 0 || trimmed[:coord] == "" || !isWordRuneEnd(trimmed[:coord]) || strings.Contains(sentenceTail(trimmed[:coord]), ",") {
			return keep()
		}
		return trimmed[:coord] + after, coord, true
	case g.coordinate[next] && !atEnd:
		// "an amazing and fun app" – "a fun app".
		a := strings.TrimLeft(after, " ")
		rest := strings.TrimLeft(a[len(firstWordOf(a)):], " ")
		if rest == "" || !unicode.IsLetter(firstRune(rest)) {
			return keep()
		}
		if opens {
			rest = capitalize(rest)
		}
		return before + rest, start, true
	case atEnd:
		// The word ends its phrase: after a verb it is the predicate
		// ("surfers find it amazing."), after a noun ("une application
		// géniale.") a French reading could lose it, an English one not.
		return replace()
	}
	// Before a word: an adjective before its noun, or after it and before
	// what follows ("une application géniale pour les surfeurs").
	cut := end
	switch {
	case strings.HasPrefix(after, ", "):
		cut = end + 2
	case strings.HasPrefix(after, " "):
		cut = end + 1
	}
	rest := text[cut:]
	if opens {
		rest = capitalize(rest)
	}
	return before + rest, start, true
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
