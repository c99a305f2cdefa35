package rules

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// contractions pairs English contractions with their long forms. Only
// pronoun and auxiliary contractions are listed, so a possessive ("the
// team's") is never expanded.
var contractions = [][2]string{
	{"don't", "do not"}, {"doesn't", "does not"}, {"didn't", "did not"}, {"isn't", "is not"},
	{"aren't", "are not"}, {"wasn't", "was not"}, {"weren't", "were not"}, {"hasn't", "has not"},
	{"haven't", "have not"}, {"hadn't", "had not"}, {"won't", "will not"}, {"can't", "cannot"},
	{"couldn't", "could not"}, {"shouldn't", "should not"}, {"wouldn't", "would not"},
	{"it's", "it is"}, {"that's", "that is"}, {"there's", "there is"}, {"here's", "here is"},
	{"what's", "what is"}, {"who's", "who is"}, {"let's", "let us"}, {"i'm", "I am"},
	{"i've", "I have"}, {"i'll", "I will"}, {"i'd", "I would"}, {"you're", "you are"},
	{"you've", "you have"}, {"you'll", "you will"}, {"you'd", "you would"}, {"we're", "we are"},
	{"we've", "we have"}, {"we'll", "we will"}, {"they're", "they are"}, {"they've", "they have"},
	{"they'll", "they will"}, {"he's", "he is"}, {"she's", "she is"},
}

// sStems are the words whose "'s" is "is" or "has" rather than a
// possessive; the same list the readability measure counts.
var sStems = []string{"it", "he", "she", "that", "what", "there", "here", "who", "where", "how", "let", "when", "why",
	"everyone", "everything", "nothing", "something", "someone", "somebody", "nobody", "this"}

// suffixLong gives the long form of each contraction suffix, for the
// contractions the table does not list ("should've", "they'd").
var suffixLong = map[string]string{"ll": "will", "ve": "have", "re": "are", "m": "am", "d": "would"}

// contractionToken matches any English contraction token.
var contractionToken = regexp.MustCompile(`(?i)\b(\pL+)'(ll|ve|re|m|d|s|t)\b`)

// hasAfter are the words after which "'s" means "has" ("nobody's ever").
var hasAfter = map[string]bool{"been": true, "ever": true, "got": true, "had": true, "never": true, "already": true}

// expandRest writes out the contractions the table did not cover, so that
// no contraction the readability measure counts is left.
func expandRest(text string) (string, int) {
	n := 0
	for from := 0; from < len(text); {
		loc := contractionToken.FindStringSubmatchIndex(text[from:])
		if loc == nil {
			break
		}
		for i := range loc {
			loc[i] += from
		}
		stem, suffix := text[loc[2]:loc[3]], strings.ToLower(text[loc[4]:loc[5]])
		long := ""
		switch {
		case suffix == "t" && strings.HasSuffix(strings.ToLower(stem), "n"):
			long = stem[:len(stem)-1] + " not"
		case suffix == "s" && containsFold(sStems, stem):
			verb := "is"
			if hasAfter[strings.ToLower(firstWord(text[loc[1]:]))] {
				verb = "has"
			}
			long = stem + " " + verb
		case suffixLong[suffix] != "":
			long = stem + " " + suffixLong[suffix]
		}
		if long == "" {
			from = loc[1] // a possessive or a name: step past it
			continue
		}
		text = text[:loc[0]] + long + text[loc[1]:]
		from = loc[0] + len(long)
		n++
	}
	return text, n
}

func containsFold(list []string, w string) bool {
	for _, x := range list {
		if strings.EqualFold(x, w) {
			return true
		}
	}
	return false
}

// contractable are the long forms the everyday layer contracts: the common,
// unambiguous ones ("let us" stays: "let us know" is not "let's know").
var contractable = map[string]bool{
	"do not": true, "does not": true, "is not": true, "are not": true, "cannot": true,
	"will not": true, "you are": true, "we are": true, "they are": true, "you will": true,
	"we will": true, "it is": true, "that is": true, "there is": true,
}

// slang maps English slang to the professional layer's word.
var slang = map[string]string{
	"gonna": "going to", "wanna": "want to", "kinda": "somewhat", "gotta": "have to",
	"stuff": "things", "guys": "everyone", "yeah": "yes", "no-brainer": "clear choice",
}

// conjunctions are the words a long sentence may be split before, per
// language, after a comma.
var conjunctions = map[string][]string{
	"en": {"and", "but", "which", "while", "because"},
	"de": {"und", "aber", "denn", "sondern", "während"},
	"fr": {"et", "mais", "car", "donc", "tandis"},
	"es": {"y", "pero", "porque", "mientras", "así"},
	"pt": {"e", "mas", "porque", "enquanto", "então"},
}

// wordRule replaces a whole word or phrase, matched without regard to
// case, keeping a leading capital. Its pattern is compiled once, in New.
type wordRule struct {
	re  *regexp.Regexp
	lit string // the lower-cased phrase: a cheap test before the pattern runs
	to  string
}

// newWordRule matches from as a whole word; with beforeWord it matches only
// where a word follows, so "that is." at a sentence's end is left alone.
func newWordRule(from, to string, beforeWord bool) wordRule {
	tail := `([^\pL\pN'’-]|$)`
	if beforeWord {
		tail = `( \pL)`
	}
	return wordRule{re: regexp.MustCompile(`(?i)(^|[^\pL\pN'’-])(` + regexp.QuoteMeta(from) + `)` + tail), lit: strings.ToLower(from), to: to}
}

// apply replaces every match and returns how many it replaced.
func (w wordRule) apply(text string) (string, int) {
	n := 0
	for from := 0; from <= len(text); {
		loc := w.re.FindStringSubmatchIndex(text[from:])
		if loc == nil {
			break
		}
		start, end := from+loc[4], from+loc[5]
		repl := w.to
		switch matched := text[start:end]; {
		case matched == strings.ToUpper(matched) && matched != strings.ToLower(matched):
			repl = strings.ToUpper(repl) // "MAXIMUM" → "MOST", not "Most"
		case unicode.IsUpper(firstRuneOf(matched)):
			repl = capitalize(repl)
		}
		text = text[:start] + repl + text[end:]
		from = start + len(repl)
		n++
	}
	return text, n
}

func firstRuneOf(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// applyAll applies rules in order and counts the replacements.
func applyAll(text string, rules []wordRule) (string, int) {
	total := 0
	lower := strings.ToLower(text)
	for _, r := range rules {
		if !strings.Contains(lower, r.lit) {
			continue
		}
		var n int
		text, n = r.apply(text)
		if n > 0 {
			total += n
			lower = strings.ToLower(text)
		}
	}
	return text, total
}

// wordPattern matches a listed word as a whole word, for removal.
func wordPattern(w string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|[^\pL\pN-])(` + regexp.QuoteMeta(w) + `)([^\pL\pN-]|$)`)
}

// normaliseApostrophes lets the tables match both ' and ’.
func normaliseApostrophes(s string) string { return strings.ReplaceAll(s, "’", "'") }

// removeExclamations ends exclaimed sentences with a full stop and drops
// Spanish opening marks.
func removeExclamations(text string) (string, int) {
	n := strings.Count(text, "!") + strings.Count(text, "¡")
	if n == 0 {
		return text, 0
	}
	text = strings.ReplaceAll(text, "¡", "")
	text = strings.ReplaceAll(text, "!", ".")
	for strings.Contains(text, "..") {
		text = strings.ReplaceAll(text, "..", ".")
	}
	text = strings.ReplaceAll(text, "?.", "?")
	return text, n
}

// removeWords drops listed words, repairing the article and the spacing
// they leave: "an amazing tool" becomes "a tool".
func removeWords(text string, words []*regexp.Regexp, neutral string) (string, int) {
	total := 0
	for _, re := range words {
		for {
			loc := re.FindStringSubmatchIndex(text)
			if loc == nil {
				break
			}
			start, end := loc[4], loc[5]
			after := text[end:]
			// A hype word that stands alone as the predicate ("It is
			// amazing.") is replaced, not dropped, so the sentence stays whole.
			if neutral != "" && (after == "" || strings.ContainsAny(after[:1], ".!?;:")) {
				text = text[:start] + neutral + after
			} else {
				cut := end
				if strings.HasPrefix(after, ", ") || strings.HasPrefix(after, " and ") && strings.HasSuffix(strings.TrimSpace(text[:start]), ",") {
					cut = end + 2
				} else if strings.HasPrefix(after, " ") {
					cut = end + 1
				}
				capital := start == 0 || strings.HasSuffix(strings.TrimRight(text[:start], " "), ".")
				rest := text[cut:]
				if capital && start == 0 {
					rest = capitalize(rest)
				}
				text = text[:start] + rest
			}
			total++
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

var article = regexp.MustCompile(`\b([Aa])(n?) (\pL)`)

// fixArticles makes English "a"/"an" agree with the next word after a word
// was removed between them.
func fixArticles(text string) string {
	return article.ReplaceAllStringFunc(text, func(m string) string {
		sub := article.FindStringSubmatch(m)
		next := sub[3]
		vowel := strings.ContainsAny(strings.ToLower(next), "aeiou")
		switch {
		case vowel && sub[2] == "":
			return sub[1] + "n " + next
		case !vowel && sub[2] == "n":
			return sub[1] + " " + next
		}
		return m
	})
}

// Split tiers, from the places a reader least notices to the most.
const (
	tierNatural     = iota // semicolons, dashes, ", but", ", and" between clauses
	tierComma              // any comma that does not end a list item
	tierConjunction        // a bare "and", "but", "when"
	tierForce              // any comma, even in a list: past the longest sentence allowed
	tierLoose              // any comma or conjunction: a second try that must meet the layer
)

// forceMaxWords is the plain layer's longest sentence: past it any comma
// will do.
const forceMaxWords = 25

// hardMaxWords is the longest sentence the plain layer allows: past it a
// sentence is split at any comma or conjunction, since even a plain split
// reads better than a sentence a reader must take in twice.
const hardMaxWords = 16

// splitSentencesOver splits sentences over maxWords at natural places, those
// over commaMax (when > 0) at any comma that does not end a list item, and
// those over hardMax at a bare conjunction too. loose, for a second try
// after the layer's grade failed, splits any sentence over maxWords at any
// comma or conjunction: shorter sentences matter more then than smooth ones.
func splitSentencesOver(text, lang string, maxWords, commaMax, hardMax int, loose bool) (string, int) {
	sentences := splitSentences(text)
	splits := 0
	var out []string
	for len(sentences) > 0 {
		s := sentences[0]
		sentences = sentences[1:]
		if wordCount(s) <= maxWords {
			out = append(out, s)
			continue
		}
		a, b, ok := splitOnce(s, lang, tierNatural)
		if !ok && commaMax > 0 && wordCount(s) > commaMax {
			a, b, ok = splitOnce(s, lang, tierComma)
		}
		if !ok && hardMax > 0 && wordCount(s) > hardMax {
			a, b, ok = splitOnce(s, lang, tierConjunction)
		}
		if !ok && hardMax > 0 && wordCount(s) > forceMaxWords {
			a, b, ok = splitOnce(s, lang, tierForce)
		}
		if !ok && loose {
			a, b, ok = splitOnce(s, lang, tierLoose)
		}
		if !ok {
			out = append(out, s)
			continue
		}
		splits++
		sentences = append([]string{a, b}, sentences...)
	}
	return strings.Join(out, " "), splits
}

// splitOnce finds the split place nearest the middle of s that leaves at
// least three words on each side.
func splitOnce(s, lang string, tier int) (string, string, bool) {
	// A place cuts s at cut and resumes at resume, with prefix put before
	// the resumed text (", which means" becomes ". This means").
	type place struct {
		cut, resume int
		prefix      string
	}
	var places []place
	each := func(hay, sep string, f func(i int)) {
		for i := strings.Index(hay, sep); i >= 0; {
			f(i)
			j := strings.Index(hay[i+1:], sep)
			if j < 0 {
				return
			}
			i += 1 + j
		}
	}
	for _, sep := range []string{"; ", " – ", " — ", " - "} {
		each(s, sep, func(i int) { places = append(places, place{cut: i, resume: i + len(sep)}) })
	}
	lower := strings.ToLower(s)
	for _, c := range conjunctions[lang] {
		sep := ", " + c + " "
		each(lower, sep, func(i int) {
			switch c {
			case "and", "und", "et", "y", "e":
				if inList(s, i) || !startsSubject(s[i+len(sep):], lang) {
					return // "free, unrestricted, and open": a list, not a clause
				}
				places = append(places, place{cut: i, resume: i + len(sep)}) // a plain "and" goes
			case "which":
				places = append(places, place{cut: i, resume: i + len(sep), prefix: "This "})
			default:
				if !startsClause(s[i+len(sep):], lang) {
					return // ", but also…" would leave a fragment
				}
				places = append(places, place{cut: i, resume: i + 2}) // ", but it…" → ". But it…"
			}
		})
	}
	if tier >= tierComma {
		each(s, ", ", func(i int) {
			if tier >= tierForce || gerundList(s, i) || (!inList(s, i) && startsClause(s[i+2:], lang) && !introductory(s[:i], lang)) {
				places = append(places, place{cut: i, resume: i + 2})
			}
		})
	}
	if tier >= tierConjunction {
		for _, c := range conjunctions[lang] {
			each(lower, " "+c+" ", func(i int) {
				if tier == tierLoose || startsSubject(s[i+len(c)+2:], lang) {
					places = append(places, place{cut: i, resume: i + 1})
				}
			})
		}
		if lang == "en" {
			// "…years ago when I was…" → "…years ago. That was when I was…"
			lead := "This is "
			if pastTense.MatchString(s) {
				lead = "That was "
			}
			each(lower, " when ", func(i int) { places = append(places, place{cut: i, resume: i + 1, prefix: lead}) })
		}
	}
	best, bestDist := place{}, -1
	mid := len(s) / 2
	for _, p := range places {
		if wordCount(s[:p.cut]) < 3 || wordCount(s[p.resume:]) < 3 {
			continue
		}
		d := p.cut - mid
		if d < 0 {
			d = -d
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = p, d
		}
	}
	if bestDist < 0 {
		return "", "", false
	}
	left := strings.TrimRight(s[:best.cut], " ,;")
	right := strings.TrimSpace(s[best.resume:])
	if best.prefix != "" {
		right = best.prefix + strings.ToLower(right[:1]) + right[1:]
	}
	if best.prefix == "" {
		right = capitalize(right)
	}
	if !strings.HasSuffix(left, ".") && !strings.HasSuffix(left, "?") && !strings.HasSuffix(left, "!") {
		left += "."
	}
	return left, right, true
}

// inList reports whether the comma at i sits in a list of short items (a
// comma no more than three words before or after it), as in "A, B, and C".
func inList(s string, i int) bool {
	if prev := strings.LastIndex(s[:i], ", "); prev >= 0 && wordCount(s[prev+2:i]) <= 3 {
		return true
	}
	next := strings.Index(s[i+2:], ", ")
	return next >= 0 && wordCount(s[i+2:i+2+next]) <= 3
}

// subjects are the words a clause of its own starts with: pronouns and
// determiners. A split whose second half starts with one of them (or with
// a name or a number) leaves two sentences, not a sentence and a fragment.
var subjects = map[string]map[string]bool{
	"en": wordSet("i you he she it we they this that these those there the a an our your their my his her its each every some many most all no one people"),
	"de": wordSet("ich du er sie es wir ihr man der die das den dem des ein eine einen unser unsere dein deine ihr ihre sein seine dies diese dieser jeder alle"),
	"fr": wordSet("je tu il elle on nous vous ils elles le la les l' un une ce cet cette ces notre nos votre vos leur leurs mon ma mes ton ta son sa ses chaque tout tous"),
	"es": wordSet("yo tú él ella nosotros nosotras ustedes ellos ellas el la los las un una este esta estos estas nuestro nuestra tu su sus cada todo todos se"),
	"pt": wordSet("eu você ele ela nós vocês eles elas o a os as um uma este esta estes estas nosso nossa seu sua seus suas cada todo todos se"),
}

// introducers start a phrase that leads into a sentence ("For each of
// your checks, …"): a comma after one must not become a full stop.
var introducers = map[string]map[string]bool{
	"en": wordSet("for in with to at on by after before if when as since although though because while once unless until during from of whether whenever where over besides beyond throughout among under across within without through despite thanks like unlike upon along around about behind below above against toward towards into onto per via instead"),
	"de": wordSet("für in mit zu bei nach vor wenn als seit obwohl weil während bis von ob"),
	"fr": wordSet("pour dans avec à au en par après avant si quand comme depuis bien parce pendant jusqu de dès"),
	"es": wordSet("para en con a al por después antes si cuando como desde aunque porque mientras hasta de"),
	"pt": wordSet("para em com a ao por depois antes se quando como desde embora porque enquanto até de"),
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// nonStarters are English words a sentence cannot start with when split
// off the one before: auxiliaries and modals that lean on the subject
// before them ("…, can help your body"), and linking words.
var nonStarters = wordSet("and or but can could will would may might must should shall is are was were has have had be been being do does did also then which who whose that not so as too than or nor both either neither only just even")

// startsClause reports whether rest starts like a sentence of its own: with
// a subject (a pronoun, a determiner, a name, a number) or, in English,
// with a verb that reads as an imperative ("Reduce your risk…"), not with
// an auxiliary, an adverb or a participle.
func startsClause(rest, lang string) bool { return clauseStart(rest, lang, false) }

// startsSubject is startsClause without the imperative: after a bare "and"
// a verb usually shares the subject before it ("…front and back end").
func startsSubject(rest, lang string) bool { return clauseStart(rest, lang, true) }

func clauseStart(rest, lang string, subjectOnly bool) bool {
	w := firstWord(rest)
	if w == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(w)
	lw := strings.ToLower(w)
	if unicode.IsUpper(r) || unicode.IsDigit(r) || subjects[lang][lw] {
		return true
	}
	if subjectOnly || lang != "en" || nonStarters[lw] || introducers["en"][lw] {
		return false
	}
	return !strings.HasSuffix(lw, "ly") && !strings.HasSuffix(lw, "ing") && !strings.HasSuffix(lw, "ed")
}

// gerundList reports whether the comma at i separates items of a list of
// -ing phrases that starts the sentence ("Rendering templates, updating
// databases, …"): each item reads as a short sentence of its own.
func gerundList(s string, i int) bool {
	first := strings.ToLower(firstWord(s))
	next := strings.ToLower(firstWord(s[i+2:]))
	return strings.HasSuffix(first, "ing") && strings.HasSuffix(next, "ing") && wordCount(s[i+2:]) >= 2
}

// introductory reports whether the text before a comma is a leading phrase
// that cannot stand as a sentence.
func introductory(left, lang string) bool {
	start := left
	if i := strings.LastIndexAny(left, ".!?;"); i >= 0 {
		start = left[i+1:]
	}
	return introducers[lang][strings.ToLower(firstWord(start))]
}

// pastTense tells a past-tense sentence, for the lead a split puts before
// "when".
var pastTense = regexp.MustCompile(`(?i)\b(was|were|had|did|ago|got)\b`)

// splitSentences splits at ". ", "! " and "? " followed by a capital or a
// digit; decimals and prices ("4.99") have no space and stay whole.
func splitSentences(text string) []string {
	var out []string
	start := 0
	runes := []rune(text)
	for i := 0; i < len(runes)-2; i++ {
		if (runes[i] == '.' || runes[i] == '!' || runes[i] == '?') && runes[i+1] == ' ' && (unicode.IsUpper(runes[i+2]) || unicode.IsDigit(runes[i+2])) {
			out = append(out, strings.TrimSpace(string(runes[start:i+1])))
			start = i + 2
		}
	}
	if rest := strings.TrimSpace(string(runes[start:])); rest != "" {
		out = append(out, rest)
	}
	return out
}

func wordCount(s string) int {
	n := 0
	for _, f := range strings.Fields(s) {
		if strings.IndexFunc(f, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			n++
		}
	}
	return n
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
