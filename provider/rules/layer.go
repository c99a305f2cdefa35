package rules

import (
	"github.com/marketingfork/fork/internal/readability"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// contractions pairs English contractions with their long forms. Only
// pronoun and auxiliary contractions are listed, so a possessive ("the
// team's") is never expanded. "Let's" is not among them: it is the
// register of an invitation, and "Let us get started" reads as a sermon,
// not as a professional page.
var contractions = [][2]string{
	{"don't", "do not"}, {"doesn't", "does not"}, {"didn't", "did not"}, {"isn't", "is not"},
	{"aren't", "are not"}, {"wasn't", "was not"}, {"weren't", "were not"}, {"hasn't", "has not"},
	{"haven't", "have not"}, {"hadn't", "had not"}, {"won't", "will not"}, {"can't", "cannot"},
	{"couldn't", "could not"}, {"shouldn't", "should not"}, {"wouldn't", "would not"},
	{"it's", "it is"}, {"that's", "that is"}, {"there's", "there is"}, {"here's", "here is"},
	{"what's", "what is"}, {"who's", "who is"}, {"i'm", "I am"},
	{"i've", "I have"}, {"i'll", "I will"}, {"i'd", "I would"}, {"you're", "you are"},
	{"you've", "you have"}, {"you'll", "you will"}, {"you'd", "you would"}, {"we're", "we are"},
	{"we've", "we have"}, {"we'll", "we will"}, {"they're", "they are"}, {"they've", "they have"},
	{"they'll", "they will"}, {"he's", "he is"}, {"she's", "she is"},
}

// sStems are the words whose "'s" is "is" or "has" rather than a
// possessive; the same list the readability measure counts. Not
// "everyone", "nothing" and the like: "everyone's availability" is whose
// availability, and written out as "everyone is availability" it broke
// the sentence, where "everyone's welcome" kept as written costs nothing.
var sStems = []string{"it", "he", "she", "that", "what", "there", "here", "who", "where", "how", "let", "when", "why", "this"}

// indefinites are the pronouns whose "'s" is "has" before "ever", "been"
// and the like ("nobody's ever had one"), and otherwise as often whose as
// "is" ("everyone's availability"): only the first is written out.
var indefinites = []string{"everyone", "everybody", "everything", "nothing", "something", "someone", "somebody", "nobody", "anyone", "anything"}

// perfectAfter reports text that opens with a past participle, an adverb
// perhaps before it ("been", "ever had", "never tried"): after it an
// indefinite's "'s" is "has" ("nobody's ever had one"; not "nobody's ever
// late").
func perfectAfter(text string) bool {
	words := strings.Fields(strings.ToLower(text))
	if len(words) > 0 && (words[0] == "ever" || words[0] == "never" || words[0] == "already" || words[0] == "just") {
		words = words[1:]
	}
	if len(words) == 0 {
		return false
	}
	w := strings.TrimRight(words[0], ".,;:!?)")
	return pastParticiples[w] || strings.HasSuffix(w, "ed") && !notParticiples[w]
}

// suffixLong gives the long form of each contraction suffix, for the
// contractions the table does not list ("should've", "they'd").
var suffixLong = map[string]string{"ll": "will", "ve": "have", "re": "are", "m": "am", "d": "would"}

// contractionToken matches any English contraction token.
var contractionToken = regexp.MustCompile(`(?i)\b(\pL+)'(ll|ve|re|m|d|s|t)\b`)

// hasAfter are the words after which "'s" means "has" ("nobody's ever").
var hasAfter = map[string]bool{"been": true, "ever": true, "got": true, "had": true, "never": true, "already": true}

// hadContraction is a pronoun's "'d" before a past participle, an adverb
// perhaps between ("I'd been laid off", "we'd never seen"): it is "had",
// where before a verb's base form it is "would" ("I'd love to").
var hadContraction = regexp.MustCompile(`(?i)\b(i|you|we|they|he|she|it|that|who|there)['’]d(\s+(?:never|already|just|always|only|recently|finally|also|long|since|once|all|both)\b)?(\s+)(\pL+)`)

// pastParticiples are the irregular past participles a "'d" may stand
// before (a regular one ends in "ed"); "had" reads them as a past perfect.
//
// A participle that is also the verb's base form ("run", "read",
// "become", "come", "put", "set", "cut") is left out: "I'd run to get
// it" is "would".
var pastParticiples = wordSet("been had done gone seen known got gotten taken made given written found told thought bought brought left lost heard met paid said sent spent built kept felt begun grown shown tried won held fallen forgotten chosen driven eaten broken spoken stolen worn torn flown drawn")

// notParticiples end in "ed" and are a verb's base form or no verb at
// all: "I'd need", "we'd feed", "I'd bed down".
var notParticiples = wordSet("need feed seed speed bleed breed heed proceed succeed exceed embed shed wed bed red")

// expandHad writes out a "'d" that is "had" ("I'd been" – "I had been"),
// and counts them: the table's "I'd" – "I would" made "I would been laid
// off" of a sales letter's story (a new page of our own). Other "'d" are
// left to the table.
func expandHad(text string) (string, int) {
	locs := hadContraction.FindAllStringSubmatchIndex(text, -1)
	if locs == nil {
		return text, 0
	}
	quote := quotedSpans(text) // someone's words stay as written
	var b strings.Builder
	n, last := 0, 0
	for _, l := range locs {
		word := strings.ToLower(text[l[8]:l[9]])
		if quote.covers(l[0]) || !pastParticiples[word] && (!strings.HasSuffix(word, "ed") || notParticiples[word]) {
			continue
		}
		_, apos := utf8.DecodeRuneInString(text[l[3]:]) // ' or ’
		end := l[3] + apos + 1                          // past the "d"
		had := " had"
		if text[end-1] == 'D' {
			had = " HAD" // "I'D BEEN" – "I HAD BEEN"
		}
		b.WriteString(text[last:l[0]])
		b.WriteString(text[l[2]:l[3]])
		b.WriteString(had)
		last = end
		n++
	}
	if n == 0 {
		return text, 0
	}
	b.WriteString(text[last:])
	return b.String(), n
}

// outsideInverted applies expand to the text around
// readability.SpokenSpans (with questions, or without them), which keep
// their contractions.
func outsideInverted(text string, questions bool, expand func(string) (string, int)) (string, int) {
	locs := readability.SpokenSpans(text, questions)
	if locs == nil {
		return expand(text)
	}
	var b strings.Builder
	n, last := 0, 0
	for _, l := range locs {
		out, k := expand(text[last:l[0]])
		b.WriteString(out)
		b.WriteString(text[l[0]:l[1]])
		n += k
		last = l[1]
	}
	out, k := expand(text[last:])
	b.WriteString(out)
	return b.String(), n + k
}

// expandRest writes out the contractions the table did not cover, so that
// no contraction the readability measure counts is left.
func expandRest(text string) (string, int) {
	n := 0
	quote := quotedSpans(text)
	for from := 0; from < len(text); {
		loc := contractionToken.FindStringSubmatchIndex(text[from:])
		if loc == nil {
			break
		}
		for i := range loc {
			loc[i] += from
		}
		if quote.covers(loc[0]) {
			from = loc[1] // a quotation (a UI label, someone's words) stays as written
			continue
		}
		stem, suffix := text[loc[2]:loc[3]], strings.ToLower(text[loc[4]:loc[5]])
		long := ""
		switch {
		case suffix == "t" && strings.HasSuffix(strings.ToLower(stem), "n"):
			long = stem[:len(stem)-1] + " not"
		case suffix == "s" && strings.EqualFold(stem, "let"):
			// "Let's" stays (see contractions).
		case suffix == "s" && containsFold(sStems, stem):
			verb := "is"
			if hasAfter[strings.ToLower(firstWord(text[loc[1]:]))] {
				verb = "has"
			}
			long = stem + " " + verb
		case suffix == "s" && containsFold(indefinites, stem) && perfectAfter(text[loc[1]:]):
			long = stem + " has" // "nobody's ever had one"
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
// language, after a comma: coordinating ones only (and "which", which the
// split turns into "This"). A subordinating one ("because", "while",
// "porque") starts a clause that cannot stand alone: "Because I love you."
// is a fragment. Nor does a coordinating one that gives a reason ("car",
// "denn", "want", as the English "for"): a sentence opened by it reads as
// the rest of the one before (graders read "Want je gaat zelf aan de
// slag." as a fragment).
var conjunctions = map[string][]string{
	"en": {"and", "but", "which"},
	"de": {"und", "aber", "sondern"},
	"fr": {"et", "mais", "donc"},
	"es": {"y", "pero", "así"},
	"pt": {"e", "mas", "então"},
	"it": {"e", "ma", "quindi"},
	"nl": {"en", "maar"},
}

// wordTable replaces whole words and phrases, matched without regard to
// case, keeping a leading capital, in one pass over the text: at each
// word's start it looks the longest run of words a rule could match up in
// one map, and the output goes to a builder. A replacement is never
// matched again, so rules cannot chain; the work is linear in the text.
type wordTable struct {
	to       map[string]wordTo // by lower-cased phrase
	maxWords int               // the most words a phrase has
	// firsts holds each phrase's first word (up to its first space): a
	// run of words is looked up only where its first word is one.
	firsts map[string]bool
	// keepNames leaves capitalised words inside a sentence alone: they are
	// names or labels ("Recurse Center", "Create Organization").
	keepNames bool
	// noRepeat skips a swap whose word the text already says: "If you
	// need any assistance, we're happy to help" keeps its "assistance".
	noRepeat bool
	// gapAfterWh skips a contraction whose verb stands before a gap: "where
	// you are in your life", "who we are today" cannot read "where you're
	// in your life".
	gapAfterWh bool
	// keepStress leaves a phrase whose words mix capitals and lower case
	// by word ("is NOT", "DO not"): the capitals stress a word, and
	// contracted ("isn't") the stress is gone ("Who this is NOT for").
	keepStress bool
}

// wordTo is one rule's replacement; with beforeWord the rule applies only
// where a word follows, so "that is." at a sentence's end is left alone.
type wordTo struct {
	to         string
	beforeWord bool
	keep       bool // the phrase stays as it stands (keepPhrases)
}

// wordPair is one rule: from, to, and whether a word must follow.
type wordPair struct {
	from, to   string
	beforeWord bool
}

// newWordTable compiles rules into one table; the first rule for a phrase
// wins.
// keepPhrases makes the table leave phrases (lower case) as they stand: a
// rule of their own that matches first, being longer, and writes nothing,
// so no shorter rule matches inside one ("frequently" in "Frequently
// asked questions").
func (t *wordTable) keepPhrases(phrases []string) {
	for _, p := range phrases {
		t.to[p] = wordTo{keep: true}
		first, _, _ := strings.Cut(p, " ")
		t.firsts[first] = true
		t.maxWords = max(t.maxWords, len(strings.Fields(p)))
	}
}

func newWordTable(pairs []wordPair, keepNames bool) *wordTable {
	t := &wordTable{to: map[string]wordTo{}, firsts: map[string]bool{}, keepNames: keepNames}
	for _, p := range pairs {
		key := strings.ToLower(p.from)
		if _, dup := t.to[key]; dup {
			continue
		}
		t.to[key] = wordTo{to: p.to, beforeWord: p.beforeWord}
		first, _, _ := strings.Cut(key, " ")
		t.firsts[first] = true
		t.maxWords = max(t.maxWords, len(strings.Fields(key)))
	}
	return t
}

// apply replaces every whole-word match outside quotations (and, with
// keepNames, outside names) and returns how many it replaced.
//
// A phrase is looked up only where its first word could open a rule
// (t.firsts), and in lower case folded span by span rather than from a
// lower-cased copy of the whole text, where lower-casing each rune keeps
// its byte length (it does for all but a few letters, and so each span's
// lower case is the copy's); the copy is made where a rune changes length,
// and for noRepeat once a rule matches (FuzzWordTable holds it to the
// plain reading, applyPlain).
func (t *wordTable) apply(text string) (string, int) {
	if t == nil || len(t.to) == 0 {
		return text, 0
	}
	var b strings.Builder
	n, last := 0, 0
	var quote spans
	if hasQuoteMark(text) {
		quote = quotedSpans(text)
	}
	spanWise := lowerKeepsLengths(text)
	var lower string
	lowered := false
	lowerText := func() string {
		if !lowered {
			lower, lowered = strings.ToLower(text), true
		}
		return lower
	}
	// run is the lower case of the longest candidate at the word being
	// read, whose shorter candidates are its prefixes; one buffer serves
	// every word, and a map is asked with its bytes without a copy.
	var runBuf [64]byte
	run := runBuf[:0]
	lookup := func(i, end int) (wordTo, bool) {
		if spanWise {
			rule, ok := t.to[string(run[:end-i])]
			return rule, ok
		}
		if l := lowerText(); len(l) == len(text) {
			rule, ok := t.to[l[i:end]]
			return rule, ok
		}
		rule, ok := t.to[strings.ToLower(text[i:end])]
		return rule, ok
	}
	ends := make([]int, 0, t.maxWords)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) {
			i += size
			continue
		}
		// The ends of up to maxWords words from i, joined by single spaces.
		ends = ends[:0]
		for j := i; len(ends) < t.maxWords; {
			j = wordEnd(text, j)
			ends = append(ends, j)
			if j+1 >= len(text) || text[j] != ' ' || !isWordRune(firstRuneOf(text[j+1:])) {
				break
			}
			j++
		}
		next := ends[0]
		if spanWise {
			run = appendLower(run[:0], text[i:ends[len(ends)-1]])
			if !t.firsts[string(run[:ends[0]-i])] {
				i = next // no rule opens with this word
				continue
			}
		}
		for k := len(ends) - 1; k >= 0; k-- {
			end := ends[k]
			matched := text[i:end]
			rule, ok := lookup(i, end)
			if ok && rule.keep {
				next = end // a kept phrase: read past it, unchanged
				break
			}
			if !ok || !rule.fits(text, end) || quote.covers(i) || (t.keepNames && nameAt(text, i, end)) ||
				(t.noRepeat && containsWord(lowerText(), strings.ToLower(rule.to))) || (t.gapAfterWh && whGap(text, i, end)) ||
				(t.keepStress && stressed(matched)) {
				continue
			}
			repl := rule.to
			switch {
			case matched == strings.ToUpper(matched) && matched != strings.ToLower(matched) && utf8.RuneCountInString(matched) > 1:
				repl = strings.ToUpper(repl) // "MAXIMUM" → "MOST", not "Most"
			case unicode.IsUpper(firstRuneOf(matched)):
				repl = capitalize(repl)
			}
			b.WriteString(agreeArticle(text[last:i], matched, repl))
			b.WriteString(repl)
			last, next = end, end
			n++
			break
		}
		i = next
	}
	if n == 0 {
		return text, 0
	}
	b.WriteString(text[last:])
	return b.String(), n
}

// stressed reports a phrase of several words, one of them in capitals (of
// two letters or more) beside one that is not: "is NOT", not "IS NOT" (a
// line set in capitals) nor "I am".
func stressed(phrase string) bool {
	upper, other := false, false
	for _, w := range strings.Fields(phrase) {
		switch {
		case utf8.RuneCountInString(w) < 2:
			// "I" is a capital whatever the line's case: it says nothing
		case w == strings.ToUpper(w) && w != strings.ToLower(w):
			upper = true
		default:
			other = true
		}
	}
	return upper && other
}

// lowerKeepsLengths reports whether lower-casing each rune of s keeps its
// byte length, so that the lower case of any span of s between runes is
// that span of strings.ToLower(s). A byte that is no UTF-8 becomes a
// three-byte U+FFFD there, so it does not keep its length.
func lowerKeepsLengths(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || utf8.RuneLen(unicode.ToLower(r)) != size {
			return false
		}
		i += size
	}
	return true
}

// appendLower appends s in lower case to dst, rune by rune as
// strings.ToLower lowers valid UTF-8.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		dst = utf8.AppendRune(dst, unicode.ToLower(r))
		i += size
	}
	return dst
}

// hasQuoteMark is strings.ContainsAny(s, "\"“«„`") read byte by byte: the
// marks beyond ASCII open with a lead byte (0xE2, 0xC2), which starts a
// rune wherever it stands, so a match found by bytes is one found by
// runes (FuzzHasQuoteMark).
func hasQuoteMark(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '`':
			return true
		case 0xE2:
			if strings.HasPrefix(s[i:], "“") || strings.HasPrefix(s[i:], "„") {
				return true
			}
		case 0xC2:
			if strings.HasPrefix(s[i:], "«") {
				return true
			}
		}
	}
	return false
}

// whWords open a clause whose verb may stand before a gap.
var whWords = wordSet("where what who whom how which wherever whatever whoever however")

// whGap reports a verb phrase at text[i:end] ("you are") that follows a
// wh-word and comes before a preposition or an adverb of time: the verb
// is stressed there, and English does not contract it.
func whGap(text string, i, end int) bool {
	// Only the word before the match is read: a long paragraph's prefix
	// is not lower-cased for each contraction in it.
	before := strings.TrimRight(text[:i], " ")
	prev := strings.ToLower(strings.Trim(before[strings.LastIndexAny(before, " \n\t")+1:], ",;:—–-(\"“"))
	if !whWords[prev] {
		return false
	}
	next := strings.ToLower(firstWord(strings.TrimLeft(text[end:], " ")))
	return introducers["en"][next] || next == "now" || next == "today" || next == "here" || next == "there"
}

// agreeArticle makes an English "a" or "an" that ends before (the text
// before a swapped word) agree with the word that now follows it: "an
// additional" becomes "a more", not "an more". The article is changed only
// where the swap changes the first sound, so the page's own "a user" stays.
func agreeArticle(before, old, repl string) string {
	vowel := func(w string) bool { return strings.ContainsRune("aeiouAEIOU", firstRuneOf(w)) }
	if vowel(old) == vowel(repl) {
		return before
	}
	for _, a := range []string{"an ", "An ", "a ", "A "} {
		rest, ok := strings.CutSuffix(before, a)
		if !ok || (rest != "" && isWordRune(lastRune(rest))) {
			continue
		}
		an := vowel(repl)
		switch {
		case an && !strings.HasSuffix(a, "n "):
			return rest + strings.TrimSuffix(a, " ") + "n "
		case !an && strings.HasSuffix(a, "n "):
			return rest + a[:1] + " "
		}
		return before
	}
	return before
}

// wordEnd is the end of the word that starts at i.
func wordEnd(text string, i int) int {
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) {
			break
		}
		i += size
	}
	return i
}

// fits reports whether the rule may replace a match that ends at end: with
// beforeWord, only where a word follows.
func (w wordTo) fits(text string, end int) bool {
	if !w.beforeWord {
		return true
	}
	rest := text[end:]
	return strings.HasPrefix(rest, " ") && len(rest) > 1 && unicode.IsLetter(firstRuneOf(rest[1:]))
}

// nameAt reports a word that reads as a name or a label: capitalised where
// a sentence does not start, or followed by a capitalised word ("Center
// Parcs", "Frequently Asked Questions").
func nameAt(text string, start, end int) bool {
	if !unicode.IsUpper(firstRuneOf(text[start:])) {
		return false
	}
	if !sentenceStart(text, start) {
		return true
	}
	next := strings.TrimLeft(text[end:], " ")
	return next != "" && unicode.IsUpper(firstRuneOf(next)) && len(next) < len(text[end:])
}

// sentenceStart reports whether a sentence starts at i: the text's start,
// or after a full stop, a question or exclamation mark, a colon or an
// opening bracket or quotation.
func sentenceStart(text string, i int) bool {
	before := strings.TrimRight(text[:i], " ")
	if before == "" {
		return true
	}
	return strings.ContainsRune(".!?:;(\"“«¿¡", lastRune(before))
}

// spans are byte ranges of a text, sorted.
type spans [][2]int

func (s spans) covers(i int) bool {
	for _, r := range s {
		if i >= r[0] && i < r[1] {
			return true
		}
	}
	return false
}

// quotedSpans finds quotations and code ("…", “…”, «…», `…`): other
// people's words and names of things, which a word swap must not touch.
func quotedSpans(text string) spans { return spans(readability.Quoted(text)) }

// wordPattern matches a listed word as a whole word, for removal.
func wordPattern(w string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|[^\pL\pN-])(` + regexp.QuoteMeta(w) + `)([^\pL\pN-]|$)`)
}

// normaliseApostrophes lets the tables match both ' and ’.
func normaliseApostrophes(s string) string { return strings.ReplaceAll(s, "’", "'") }

// spaceBeforeBang is the space French typography puts before "!".
var spaceBeforeBang = regexp.MustCompile(`[ \x{00A0}\x{202F}]+!`)

// removeExclamations ends exclaimed sentences with a full stop and drops
// Spanish opening marks. A button's label or a page title (label true)
// loses its marks without gaining a stop: "Start Reading!" becomes "Start
// Reading", "It's Free! - healthchecks.io" "It's Free - healthchecks.io".
func removeExclamations(text string, label bool) (string, int) {
	n := strings.Count(text, "!") + strings.Count(text, "¡")
	if n == 0 {
		return text, 0
	}
	if q := quotedSpans(text); len(q) > 0 && !label {
		// Someone's words keep their marks: only the text between the
		// quotations is edited.
		var b strings.Builder
		total, last := 0, 0
		for _, sp := range q {
			out, k := removeExclamations(text[last:sp[0]], false)
			b.WriteString(out)
			b.WriteString(text[sp[0]:sp[1]])
			total += k
			last = sp[1]
		}
		out, k := removeExclamations(text[last:], false)
		b.WriteString(out)
		return b.String(), total + k
	}
	// French sets a (narrow) space before "!": "Oui !" becomes "Oui.",
	// never "Oui .".
	text = spaceBeforeBang.ReplaceAllString(text, "!")
	if label {
		text = strings.NewReplacer("!", "", "¡", "").Replace(text)
		return strings.Join(strings.Fields(text), " "), n
	}
	text = strings.ReplaceAll(text, "¡", "")
	text = strings.ReplaceAll(text, "!", ".")
	for strings.Contains(text, "..") {
		text = strings.ReplaceAll(text, "..", ".")
	}
	text = strings.ReplaceAll(text, "?.", "?")
	return text, n
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

// Split tiers, from the places a reader least notices to the most. Every
// place, in every tier, must leave two complete sentences (wholeSplit).
const (
	tierNatural     = iota // semicolons, dashes, ", but", ", and" between clauses
	tierComma              // any comma that does not end a list item
	tierConjunction        // a bare "and", "but", "when"
)

// hardMaxWords is the sentence length past which the plain layer also
// splits at a bare conjunction.
const hardMaxWords = 16

// splitSentencesOver splits sentences over maxWords at natural places, those
// over commaMax (when > 0) at any comma that does not end a list item, and
// those over hardMax at a bare conjunction too — each only where both parts
// are complete sentences. It returns the text, the number of splits, and
// the long sentences it kept whole because no place was safe.
func splitSentencesOver(text, lang string, maxWords, commaMax, hardMax int) (string, int, []string) {
	sentences := splitSentences(text)
	splits := 0
	var out, kept []string
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
		if !ok {
			out = append(out, s)
			kept = append(kept, s)
			continue
		}
		splits++
		sentences = append([]string{a, b}, sentences...)
	}
	return strings.Join(out, " "), splits, kept
}

// splitOnce finds the split place nearest the middle of s that leaves at
// least three words on each side and two complete sentences.
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
			case "and", "und", "et", "y", "e", "en":
				if inList(s, i) || !startsSubject(s[i+len(sep):], lang) {
					return // "free, unrestricted, and open": a list, not a clause
				}
				places = append(places, place{cut: i, resume: i + len(sep)}) // a plain "and" goes
			case "which":
				if startsSubject(s[i+len(sep):], lang) {
					return // "…, which you once knew" has its own subject: "This you once knew" reads wrong
				}
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
			if gerundList(s, i) || (!inList(s, i) && startsClause(s[i+2:], lang) && !introductory(s[:i], lang) && !infinitiveList(s[:i], s[i+2:], lang)) {
				places = append(places, place{cut: i, resume: i + 2})
			}
		})
	}
	if tier >= tierConjunction {
		for _, c := range conjunctions[lang] {
			each(lower, " "+c+" ", func(i int) {
				// After a bare "and" only a pronoun or a determiner starts
				// a clause: a capital there is usually the next name of a
				// list ("Success, Prosperity and Law of Attraction").
				if subjects[lang][strings.ToLower(firstWord(s[i+len(c)+2:]))] {
					places = append(places, place{cut: i, resume: i + 1})
				}
			})
		}
	}
	// The place nearest the middle that passes the checks wins; the
	// checks read the sentence, so they run nearest first and stop at the
	// first that passes (a tie keeps the earlier place).
	mid := len(s) / 2
	dist := func(p place) int { return max(p.cut-mid, mid-p.cut) }
	sort.SliceStable(places, func(i, j int) bool { return dist(places[i]) < dist(places[j]) })
	best, found := place{}, false
	for _, p := range places {
		if wordCount(s[:p.cut]) >= 3 && wordCount(s[p.resume:]) >= 3 && wholeSplit(s, p.cut, p.prefix+s[p.resume:], lang) {
			best, found = p, true
			break
		}
	}
	if !found {
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

// wholeSplit reports whether cutting s at cut, with right the text that
// follows, leaves two complete sentences: s not inside a bracket or a
// quotation, each part a clause with its verb near its start, the second
// starting like a sentence of its own. A split that fails this would ship
// a fragment ("…highly interactive. Rich client-side web applications."),
// so the sentence is kept whole instead.
func wholeSplit(s string, cut int, right, lang string) bool {
	if unbalanced(s) || unbalanced(s[:cut]) || strings.Count(s[:cut], "„")%2 != 0 {
		return false
	}
	clause := right
	if c := strings.ToLower(firstWord(right)); containsString(conjunctions[lang], c) {
		clause = strings.TrimSpace(right[len(c):]) // ". But you can…" starts at "you"
	}
	left := s[:cut]
	if i := strings.LastIndexAny(left, ".?!:;"); i >= 0 {
		left = left[i+1:] // the clause the cut ends
	}
	if !startsClause(clause, lang) || !clauseVerb(left, lang) || !clauseVerb(clause, lang) {
		return false
	}
	// A place that passes the cheap checks above may still leave a
	// fragment: these read more of the sentence, so they run last.
	first := strings.ToLower(firstWord(right))
	if relativeOpeners[lang][first] || (strings.HasPrefix(s[cut:], ",") && relativeAfterComma[lang][first]) {
		return false // "…, den du dir gewünscht hast": "Den du dir gewünscht hast." is no sentence
	}
	if notOnly(s[:cut], lang) && containsString(conjunctions[lang], first) {
		return false // "not just a calendar, but the assistant…": the "but" part is the first one's other half
	}
	if lang == "en" && first == "and" {
		if lw := strings.Fields(strings.TrimSpace(left)); len(lw) > 0 && imperative(strings.ToLower(strings.Trim(lw[0], ".,;:!?\"“”"))) {
			// "join before 30 September and your first box includes the
			// book": an order and "and" state a condition and what it
			// gives; cut apart, the book is every box's.
			return false
		}
	}
	return !subordinators[lang][strings.ToLower(firstWord(strings.TrimSpace(left)))] && !nounClause(left, lang) &&
		!(lang == "en" && (participlePhrase(left) || openThat(left))) && !commaSplice(left, lang)
}

// questionWords open, per language, a clause that names what a reader
// learns ("how Section 24 works") rather than saying it: without a
// question mark it is no sentence of its own.
var questionWords = map[string]map[string]bool{
	"en": wordSet("how what why where who"),
	"de": wordSet("wie was warum wieso wo wer"),
	"fr": wordSet("comment pourquoi où"),
	"es": wordSet("cómo qué dónde quién"), // "por qué" by its "qué"; "por" alone opens "Por solo 9 € al mes"
	"pt": wordSet("porquê onde quem"),
	"it": wordSet("come perché cosa dove chi"),
	"nl": wordSet("hoe wat waarom waar wie"),
}

// nounClause reports a clause that opens on a question word, first or
// after one word ("Exactly how Section 24 works"), and asks nothing: split
// off a sentence, it is a fragment ("Exactly how Section 24 works. And the
// 3 legitimate ways…").
func nounClause(left, lang string) bool {
	left = strings.TrimSpace(left)
	if strings.HasSuffix(left, "?") {
		return false
	}
	words := strings.Fields(strings.ToLower(left))
	for i := 0; i < len(words) && i < 2; i++ {
		if questionWords[lang][strings.Trim(words[i], "¿¡\"“„«")] {
			return true
		}
	}
	return false
}

// notOnlyPhrases open the first half of "not only …, but …" per language.
var notOnlyPhrases = map[string][]string{
	"en": {"not just", "not only", "not merely"},
	"de": {"nicht nur"},
	"fr": {"pas seulement", "non seulement", "pas que", "pas qu'", "pas uniquement"},
	"es": {"no solo", "no sólo", "no solamente", "no únicamente"},
	"pt": {"não só", "não apenas", "não somente"},
	"it": {"non solo", "non soltanto", "non solamente"},
	"nl": {"niet alleen", "niet enkel", "niet slechts"},
}

// notOnly reports a clause holding the first half of "not only …, but
// …".
func notOnly(left, lang string) bool {
	lower := strings.ToLower(left)
	for _, p := range notOnlyPhrases[lang] {
		if wordIndex(lower, p) >= 0 {
			return true
		}
	}
	return false
}

// openThat reports a clause that ends inside a "that" clause still
// waiting for its verb ("The good news is that by working with the rules
// of the game"): its main clause comes after the cut, which would leave
// the first part a fragment.
func openThat(clause string) bool {
	lower := strings.ToLower(clause)
	i := strings.LastIndex(lower, " that ")
	return i >= 0 && !hasFiniteVerb(clause[i+len(" that "):], "en")
}

// participlePhrase reports a clause that opens on a participle and a
// preposition ("Developed by scientists at Yale"): it has no finite verb,
// so cut off it is a fragment.
func participlePhrase(clause string) bool {
	f := strings.Fields(clause)
	if len(f) < 2 {
		return false
	}
	w := strings.ToLower(f[0])
	return (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing")) && introducers["en"][strings.ToLower(f[1])] && !strings.Contains(clause, ", ")
}

// subordinators open a clause that cannot stand as a sentence: cut after
// "Regardless of where you have been", the first part is a fragment.
var subordinators = map[string]map[string]bool{
	"en": wordSet("if when although though because while since unless until whether regardless once whenever wherever whereas whatever whoever whichever"),
	"de": wordSet("wenn als obwohl weil während bis ob dass da sobald falls"),
	"fr": wordSet("si quand lorsque bien parce puisque pendant tandis quoique"),
	"es": wordSet("si cuando aunque porque mientras hasta como"),
	"pt": wordSet("se quando embora porque enquanto até como"),
	"it": wordSet("se quando sebbene benché perché mentre finché"),
	"nl": wordSet("als wanneer hoewel omdat terwijl tot dat"),
}

// commaSplice reports a clause made of two clauses joined by a comma alone
// ("Templates can use Ruby, excessive code is extracted into helpers"): a
// split after it would end a sentence on a comma splice the source hid
// inside its ", and".
func commaSplice(clause, lang string) bool {
	parts := strings.Split(clause, ", ")
	for i := 1; i < len(parts); i++ {
		if clauseVerb(parts[i-1], lang) && clauseVerb(parts[i], lang) {
			return true
		}
	}
	return false
}

// verbReach is how far into a clause its finite verb may stand, in words:
// "The export runs…", "Our new sync engine keeps…". A verb further on
// may be a noun ("…feeds for use by your team"); the clause then counts as
// a phrase, and the sentence stays whole.
const verbReach = 4

// clauseVerb reports whether clause has a finite verb within its first
// verbReach words (after a conjunction or a leading adverb the count
// starts again). An imperative counts only where a sentence starts with a
// capital: "read more Due to…" is a link's text run into a sentence.
func clauseVerb(clause, lang string) bool {
	words := strings.Fields(clause)
	if len(words) == 0 {
		return false
	}
	if lang == "en" && imperative(strings.Trim(words[0], ".,;:!?")) && unicode.IsUpper(firstRuneOf(words[0])) {
		return true
	}
	words = mainClause(words, lang)
	return hasFiniteVerb(strings.Join(words[:min(verbReach+1, len(words))], " "), lang)
}

// mainClause is the words of a clause before the first relative clause it
// opens: the verb of "the people who work with them" or "the assistant
// that you have always wanted" is the relative clause's, and a part cut
// off with only that verb ("The people who work with them every day.")
// is a fragment. German and Dutch relative pronouns are articles too: they
// open a relative clause only after a comma (", den du dir gewünscht
// hast").
func mainClause(words []string, lang string) []string {
	for i := 1; i < len(words); i++ {
		w := strings.ToLower(strings.Trim(words[i], ".,;:!?()\"“”«»"))
		if relativeOpeners[lang][w] || (strings.HasSuffix(words[i-1], ",") && relativeAfterComma[lang][w]) {
			return words[:i]
		}
	}
	return words
}

// relativeOpeners open a relative clause wherever they stand after a
// clause's first word, and a part cut off that starts with one is a
// fragment ("Which you can use again."); relativeAfterComma do so after a
// comma.
var (
	relativeOpeners = map[string]map[string]bool{
		"en": wordSet("that who whom whose which where whereby wherein"),
		"fr": wordSet("qui que qu' dont où lequel laquelle lesquels lesquelles"),
		"es": wordSet("que quien quienes cuyo cuya cuyos cuyas donde"),
		"pt": wordSet("que quem cujo cuja cujos cujas onde"),
		"it": wordSet("che cui dove"),
		"de": wordSet("welche welcher welches welchen welchem"),
		// Dutch sets no comma before a relative "die" or "dat": either
		// opens one wherever it stands after a clause's first word.
		"nl": wordSet("wie waar welke die dat"),
	}
	relativeAfterComma = map[string]map[string]bool{
		"de": wordSet("der die das den dem deren dessen denen wo"),
		"nl": wordSet("die dat"),
	}
)

// finiteVerbs are common finite verb forms per language: auxiliaries,
// modals and the verbs landing pages use most. With the word after a
// subject pronoun (which is the verb in all five languages) they tell a
// clause from a phrase well enough to refuse a split that would leave a
// fragment; a missed verb only keeps a sentence whole.
var finiteVerbs = map[string]map[string]bool{
	"en": wordSet("am is are was were has have had do does did can could will would shall should may might must cannot " +
		"get gets make makes help helps let lets keep keeps need needs want wants work works run runs take takes give gives " +
		"use uses see sees know knows come comes go goes offer offers include includes provide provides support supports " +
		"love loves build builds create creates start starts save saves find finds bring brings turn turns stay stays " +
		"feel feels look looks become becomes mean means show shows add adds send sends pay pays protect protects try tries " +
		"stop stops join joins read reads write writes learn learns grow grows choose chooses"),
	"de": wordSet("ist sind war waren bin bist hat haben hatte hatten wird werden wurde wurden kann können konnte muss müssen " +
		"soll sollen will wollen darf dürfen möchte möchten gibt bietet macht hilft bringt läuft steht geht kommt bekommen " +
		"bekommst erhalten erhältst brauchen brauchst braucht spart sparen sparst"),
	"fr": wordSet("est sont était étaient suis es sommes êtes ai as a avons avez ont avait sera seront peut peuvent pouvez " +
		"doit doivent fait font va vont offre offrent propose proposent permet permettent aide aident inclut incluent"),
	"es": wordSet("es son era eran está están estás soy eres somos fue fueron ha han has hemos tiene tienen tienes puede " +
		"pueden puedes hace hacen va van ofrece ofrecen permite permiten hay incluye incluyen necesitas necesita ayuda ayudan"),
	"pt": wordSet("é são era eram está estão sou somos foi foram tem têm pode podem faz fazem vai vão oferece oferecem " +
		"permite permitem há inclui incluem precisa ajuda ajudam"),
	"it": wordSet("è sono era erano sei siamo siete ha hanno hai abbiamo avete può possono puoi fa fanno va vanno " +
		"offre offrono include includono permette permettono aiuta aiutano serve servono funziona funzionano rende rendono " +
		"resta restano consente consentono garantisce garantiscono trovi trova"),
	"nl": wordSet("is zijn was waren ben bent heeft hebben had hadden kan kunnen kun wil willen moet moeten mag mogen " +
		"wordt worden werd werden gaat gaan komt komen doet doen biedt bieden helpt helpen maakt maken werkt werken " +
		"krijgt krijgen blijft blijven staat staan laat laten zorgt zorgen"),
}

// nounBefore are the words after which a listed verb form is a noun
// ("the work", "for use", "of Attraction works" is caught by its "of").
var nounBefore = map[string]map[string]bool{
	"en": wordSet("the a an our your their my his her its of for to with by in on at from this these those"),
}

// pronouns are the subject pronouns after which the next word is the verb.
var pronouns = map[string]map[string]bool{
	"en": wordSet("i you he she it we they"),
	"de": wordSet("ich du er sie es wir ihr man"),
	"fr": wordSet("je tu il elle on nous vous ils elles"),
	"es": wordSet("yo tú él ella nosotros ustedes ellos ellas"),
	"pt": wordSet("eu você ele ela nós vocês eles elas"),
	"it": wordSet("io tu lui lei noi voi loro"),
	"nl": wordSet("ik jij je hij zij ze we wij jullie u men"),
}

// hasFiniteVerb reports whether s holds a finite verb: a listed form, an
// English contraction, the word after a subject pronoun, or (English) a
// verb in the past tense after a noun ("the team built it").
func hasFiniteVerb(s, lang string) bool {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		w = strings.Trim(w, ".,;:!?()\"“”'’«»")
		if lang == "en" && contractionToken.MatchString(w) {
			return true
		}
		if finiteVerbs[lang][w] && (i == 0 || !nounBefore[lang][words[i-1]]) {
			return true // "…of Attraction works" is a noun after "of"; "it works" a verb
		}
		if pronouns[lang][w] && i+1 < len(words) {
			return true
		}
		if lang == "en" && i > 0 && strings.HasSuffix(w, "ed") && !subjects["en"][words[i-1]] && !introducers["en"][words[i-1]] {
			return true
		}
	}
	// "Our team answers…", "The export runs…": a determiner, a noun or
	// two, then a verb in the third person.
	if lang == "en" && len(words) > 2 && subjects["en"][words[0]] {
		for _, w := range words[2:min(4, len(words))] {
			if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "'s") {
				return true
			}
		}
	}
	return false
}

// imperative reports an English verb that starts a command: the base forms
// of the listed verbs.
func imperative(w string) bool {
	lw := strings.ToLower(w)
	return finiteVerbs["en"][lw] && !strings.HasSuffix(lw, "s") && !nonStarters[lw]
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
	"it": wordSet("io tu lui lei noi voi loro il lo la i gli le un uno una questo questa questi queste nostro nostra nostri nostre vostro vostra ogni tutto tutti"),
	"nl": wordSet("ik jij je hij zij ze we wij jullie u men de het een dit deze ons onze jouw uw hun mijn elk elke alle iedereen er"),
}

// introducers start a phrase that leads into a sentence ("For each of
// your checks, …"): a comma after one must not become a full stop.
var introducers = map[string]map[string]bool{
	"en": wordSet("for in with to at on by after before if when as since although though because while once unless until during from of whether whenever where over besides beyond throughout among under across within without through despite thanks like unlike upon along around about behind below above against toward towards into onto per via instead"),
	"de": wordSet("für in mit zu bei nach vor wenn als seit obwohl weil während bis von ob"),
	"fr": wordSet("pour dans avec à au en par après avant si quand comme depuis bien parce pendant jusqu de dès"),
	"es": wordSet("para en con a al por después antes si cuando como desde aunque porque mientras hasta de"),
	"pt": wordSet("para em com a ao por depois antes se quando como desde embora porque enquanto até de"),
	"it": wordSet("per in con a al da dopo prima se quando come dal poiché perché mentre fino di su"),
	"nl": wordSet("voor in met bij na als toen sinds hoewel omdat terwijl tot van door over op"),
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
	if lang == "en" {
		// "we've delivered", "they're", "it's": the pronoun with its verb
		// glued on starts a clause as much as the pronoun alone.
		if i := strings.IndexAny(lw, "'’"); i > 0 && subjects[lang][lw[:i]] {
			return true
		}
	}
	if subjectOnly || lang != "en" || nonStarters[lw] || introducers["en"][lw] {
		return false
	}
	return imperative(lw)
}

// infinitiveList reports a comma that separates the verbs of an
// infinitive ("… for 20 minutes to meet your dog, learn the routine and
// collect keys"): the part after it opens on a bare verb that "to" in the
// part before governs, and cut off it reads as an order to the reader
// ("Learn the routine and collect keys.").
func infinitiveList(left, right, lang string) bool {
	if lang != "en" || startsSubject(right, lang) {
		return false
	}
	if i := strings.LastIndexAny(left, ".;:!?"); i >= 0 {
		left = left[i+1:]
	}
	return strings.Contains(" "+strings.ToLower(left)+" ", " to ")
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

// splitSentences splits at ". ", "! " and "? " followed by a capital, a
// digit or a currency sign ("… the notes. $9 a month"); decimals and prices
// ("4.99") have no space and stay whole, and so does a period that
// readability reads as an abbreviation's ("Dr.", "e.g.", an initial).
func splitSentences(text string) []string {
	var out []string
	start := 0
	runes := []rune(text)
	for i := 0; i < len(runes)-2; i++ {
		if (runes[i] == '.' || runes[i] == '!' || runes[i] == '?') && runes[i+1] == ' ' && (unicode.IsUpper(runes[i+2]) || unicode.IsDigit(runes[i+2]) || unicode.Is(unicode.Sc, runes[i+2])) {
			if runes[i] == '.' && !readability.DotEnds(runes, i) {
				// "Dr. Maroon's eBook": a title's period ends no sentence,
				// and a line cut there started with a name's tail.
				continue
			}
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
	// A word is a run of non-space runes holding a letter or a digit;
	// counted in one pass without splitting s.
	n, counted := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			counted = false
			continue
		}
		if !counted && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			n++
			counted = true
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

// emoticons are the typed faces ("(nobody's ever had one :-)", "… :D") a
// professional or technical page does not wear: the register leaves them
// out in every language. Emoji are left alone: on a page they often carry
// meaning (a traffic light beside a status). "XD" is a name too (Adobe
// XD, an xD card): only faces made of marks are listed.
var emoticons = map[string]bool{
	":-)": true, ":)": true, ";-)": true, ";)": true, ":-D": true, ":D": true, ";-D": true, ";D": true,
	":-P": true, ":P": true, ":-p": true, ":p": true, ":-(": true, ":(": true, "=)": true,
}

// removeEmoticons drops the emoticons that stand as words of their own. A
// face whose ")" also closes a bracket the text opened ("(those without
// cappuccino machines :-)") leaves the ")" to close it.
func removeEmoticons(text string) (string, int) {
	if !strings.ContainsAny(text, ":;=xX") {
		return text, 0
	}
	words := strings.Split(text, " ")
	out := make([]string, 0, len(words))
	n, open := 0, 0 // open: the brackets the kept words opened and did not close
	for i, w := range words {
		if !emoticons[w] {
			out = append(out, w)
			open += strings.Count(w, "(") - strings.Count(w, ")")
			continue
		}
		n++
		if len(out) == 0 {
			continue
		}
		if strings.HasSuffix(w, ")") && open > 0 {
			out[len(out)-1] += ")"
			open--
			continue
		}
		// A face that ended a sentence ("We hope so ;) See you there")
		// leaves a full stop, or the two sentences run together.
		ends := strings.ContainsRune(".!?…:;", lastRune(out[len(out)-1]))
		if next := i + 1; !ends && (next == len(words) || unicode.IsUpper(firstRuneOf(words[next]))) {
			out[len(out)-1] += "."
		}
	}
	if n == 0 {
		return text, 0
	}
	return strings.Join(out, " "), n
}
