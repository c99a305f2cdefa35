package ask

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/marketingfork/fork/internal/langtag"
)

// The actions an Intent can have.
const (
	// ActionFork asks to fork a page.
	ActionFork = "fork"
	// ActionListProfiles asks which audience profiles there are.
	ActionListProfiles = "list_profiles"
	// ActionListLayers asks which language layers there are.
	ActionListLayers = "list_layers"
	// ActionHelp is everything else: the answer says what can be asked.
	ActionHelp = "help"
)

// actionListProfiles and actionListLayers name the lists in the lexicon.
const (
	actionListProfiles = ActionListProfiles
	actionListLayers   = ActionListLayers
)

// Intent is what a query asks for.
type Intent struct {
	// Action is ActionFork, ActionListProfiles, ActionListLayers or
	// ActionHelp.
	Action string
	// URL is the page to fork (http or https); a bare domain becomes an
	// https URL.
	URL string
	// Profile is the audience profile's name ("skeptic"), or "" for the
	// default.
	Profile string
	// Layer is the language layer's name ("plain"), or "" for the default.
	Layer string
	// TargetLanguage is the fork's BCP 47 language ("de-CH"), or "" to keep
	// the page's language.
	TargetLanguage string
	// Unknown are words that looked like parameters but matched nothing,
	// as typed, so that the answer can say so.
	Unknown []string
}

// Parse reads a natural-language query and returns what it asks for. It is
// a deterministic parser over data tables (see the package documentation
// for the grammar); it never fails, and what it cannot place it reports in
// Intent.Unknown when it stood where a parameter was expected.
func Parse(query string) Intent {
	return parse(query).Intent
}

// parsed is an Intent with the parts the handler needs to merge a query
// with earlier ones and to resolve a country given without a language.
type parsed struct {
	Intent
	// lang, region and tag are the language parts as found: a language
	// subtag ("de"), a region subtag ("CH") and a whole tag ("fr-CA").
	lang, region, tag string
	// regionOnly says TargetLanguage came from a country alone, so its
	// language is a default (English), not something the query said.
	regionOnly bool
	// list is the catalog a question names, if any.
	list string
	// verb and listVerb say the query has a word that asks for a fork
	// ("rewrite") or for a listing ("which").
	verb, listVerb bool
}

// parse is Parse with the parts kept.
func parse(query string) parsed {
	var p parsed
	toks := tokenize(query)
	for _, t := range toks {
		switch t.kind {
		case tokURL:
			if p.URL == "" {
				p.URL = t.value
			}
		case tokTag:
			if p.tag == "" {
				p.tag = t.value
			}
		case tokParam:
			p.applyParam(t.key, t.value, t.raw)
		}
	}
	p.matchPhrases(toks)
	p.findUnknown(toks)
	p.compose()
	p.decide()
	return p
}

// decide picks the action: a page means a fork; a catalog noun means a
// listing unless a fork verb comes without a listing word; a fork verb or
// a parameter means a fork (the answer asks for the page); anything else
// gets help.
func (p *parsed) decide() {
	hasParam := p.Profile != "" || p.Layer != "" || p.TargetLanguage != ""
	switch {
	case p.URL != "":
		p.Action = ActionFork
	case p.list != "" && (!p.verb || p.listVerb):
		p.Action = p.list
	case p.verb || hasParam:
		p.Action = ActionFork
	default:
		p.Action = ActionHelp
	}
}

// compose builds TargetLanguage from the parts found. A whole tag wins; a
// language and a country combine ("in French for Canada" → fr-CA); a
// country alone keeps English, the default language, in that country's
// culture ("for the UK" → en-GB).
func (p *parsed) compose() {
	p.TargetLanguage, p.regionOnly = "", false
	var tag string
	switch {
	case p.tag != "":
		tag = p.tag
		if t, err := langtag.Parse(p.tag); err == nil && p.region != "" && t.Region() == "" {
			tag = t.String() + "-" + p.region
		}
	case p.lang != "" && p.region != "":
		tag = p.lang + "-" + p.region
	case p.lang != "":
		tag = p.lang
	case p.region != "":
		tag, p.regionOnly = "en-"+p.region, true
	default:
		return
	}
	if c, ok := canonical(tag); ok {
		p.TargetLanguage = c
	} else {
		p.regionOnly = false
	}
}

// canonical returns a tag in langtag's canonical form ("pt_br" → "pt-BR"),
// refusing what langtag refuses: "und", "und-GB", private-use and
// malformed tags. langtag is the one parser of tags; this only adapts its
// answer to the parser's (string, ok) shape.
func canonical(tag string) (string, bool) {
	t, err := langtag.Parse(tag)
	if err != nil {
		return "", false
	}
	return t.String(), true
}

// applyParam reads an explicit key=value parameter ("profile=skeptic").
// Its value must name something of the key's kind; what does not is
// unknown.
func (p *parsed) applyParam(key, value, raw string) {
	switch key {
	case "url", "page":
		if u, ok := asURL(value); ok && p.URL == "" {
			p.URL = u
			return
		} else if ok {
			return
		}
	case "profile", "audience", "persona":
		if e, ok := lookup(value, kindProfile); ok {
			p.apply(e)
			return
		}
	case "layer", "language_layer", "tone", "register":
		if e, ok := lookup(value, kindLayer); ok {
			p.apply(e)
			return
		}
	case "lang", "language", "target", "target_language", "locale":
		if c, ok := canonical(value); ok && p.tag == "" {
			p.tag = c
			return
		} else if ok {
			return
		}
		for _, k := range []entryKind{kindTag, kindLanguage, kindRegion, kindLayer} {
			if e, ok := lookup(value, k); ok {
				p.apply(e)
				return
			}
		}
	}
	p.addUnknown(value)
}

// lookup finds the entry of the given kind that value names.
func lookup(value string, kind entryKind) (entry, bool) {
	key := strings.Join(phraseWords(value), " ")
	for _, e := range lex.phrases[key] {
		if e.kind == kind {
			return e, true
		}
	}
	return entry{}, false
}

// apply records what a phrase names; the first of each kind wins.
func (p *parsed) apply(e entry) {
	fill := func(s *string) {
		if *s == "" {
			*s = e.value
		}
	}
	switch e.kind {
	case kindProfile:
		fill(&p.Profile)
	case kindLayer:
		fill(&p.Layer)
	case kindLanguage:
		fill(&p.lang)
	case kindRegion:
		fill(&p.region)
	case kindTag:
		fill(&p.tag)
	case kindList:
		fill(&p.list)
	}
}

// matchPhrases finds the lexicon's phrases in runs of words, longest
// first ("tech enthusiasts" before "enthusiasts"), and notes fork and
// listing verbs among the words left over.
func (p *parsed) matchPhrases(toks []token) {
	for i := 0; i < len(toks); {
		if toks[i].kind != tokWord {
			i++
			continue
		}
		n := 0
		for l := runLength(toks, i, lex.maxWords); l >= 1 && n == 0; l-- {
			key := joinWords(toks[i : i+l])
			for _, e := range lex.phrases[key] {
				if e.cued && !hasCue(toks, i, i+l) || e.upper && !allUpper(toks[i:i+l]) {
					continue
				}
				p.apply(e)
				n = l
			}
		}
		if n == 0 {
			w := toks[i].word
			p.verb = p.verb || lex.verbs[w]
			p.listVerb = p.listVerb || lex.listVerbs[w]
			i++
			continue
		}
		for k := i; k < i+n; k++ {
			toks[k].matched = true
		}
		i += n
	}
}

// runLength is the number of word tokens from i on, up to the next
// non-word token and at most limit.
func runLength(toks []token, i, limit int) int {
	n := 0
	for n < limit && i+n < len(toks) && toks[i+n].kind == tokWord {
		n++
	}
	return n
}

func joinWords(toks []token) string {
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = t.word
	}
	return strings.Join(words, " ")
}

func allUpper(toks []token) bool {
	for _, t := range toks {
		if !t.upper {
			return false
		}
	}
	return true
}

// hasCue reports whether the phrase at toks[start:end] stands next to a
// cue: after a cue word (skipping articles), or before a style noun.
func hasCue(toks []token, start, end int) bool {
	for i := start - 1; i >= 0 && i >= start-maxSkip && toks[i].kind == tokWord; i-- {
		if isCue(toks, i) {
			return true
		}
		if !lex.skip[toks[i].word] {
			break
		}
	}
	return end < len(toks) && toks[end].kind == tokWord && lex.style[toks[end].word]
}

// isCue reports whether toks[i] is a cue word: "for", "in" and the like,
// or "to" and "at" after a verb of address ("speak to", "aimed at").
func isCue(toks []token, i int) bool {
	w := toks[i].word
	if w == "to" || w == "at" {
		return i > 0 && toks[i-1].kind == tokWord && lex.address[toks[i-1].word]
	}
	return lex.cues[w]
}

// maxSkip bounds how far past a cue the parser looks for its parameter.
const maxSkip = 4

// maxUnknown bounds the unknown words reported: past a handful, more of
// them tell the asker nothing new.
const maxUnknown = 8

// findUnknown reports the word after each cue when it matched nothing: in
// "for teenagers in Klingon", both.
func (p *parsed) findUnknown(toks []token) {
	for i := range toks {
		if toks[i].kind != tokWord || !isCue(toks, i) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+maxSkip && toks[j].kind == tokWord; j++ {
			t := toks[j]
			if t.matched {
				break
			}
			if lex.skip[t.word] || lex.cues[t.word] || t.word == "to" {
				continue
			}
			if candidate(t.word) {
				p.addUnknown(t.raw)
			}
			break
		}
	}
}

// candidate reports whether a word after a cue could have been meant as a
// parameter: a word of letters, not a common word or a verb.
func candidate(w string) bool {
	if utf8.RuneCountInString(w) < 3 || lex.stop[w] || lex.verbs[w] || lex.listVerbs[w] {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func (p *parsed) addUnknown(raw string) {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(p.Unknown) >= maxUnknown {
		return
	}
	f := fold(raw)
	if slices.ContainsFunc(p.Unknown, func(u string) bool { return fold(u) == f }) {
		return
	}
	p.Unknown = append(p.Unknown, raw)
}

// suggest returns the known word closest to an unknown one, when one is
// close enough to be a typo ("skeptcs" → "skeptics"), with what it names.
func suggest(word string) (string, entry, bool) {
	w := strings.Join(phraseWords(word), " ")
	if w == "" || strings.Contains(w, " ") {
		return "", entry{}, false
	}
	limit := 1
	if utf8.RuneCountInString(w) >= 6 {
		limit = 2
	}
	best, bestD := "", limit+1
	for k := range lex.words {
		if d := distance(w, k, limit); d < bestD || d == bestD && k < best {
			best, bestD = k, d
		}
	}
	if best == "" || bestD > limit {
		return "", entry{}, false
	}
	return best, lex.words[best], true
}

// distance is the Levenshtein distance of a and b, or limit+1 when it is
// larger than limit.
func distance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return min(prev[len(rb)], limit+1)
}

// tokKind is what a token of a query is.
type tokKind int

const (
	tokWord  tokKind = iota // a word
	tokURL                  // a web address
	tokParam                // key=value
	tokTag                  // a BCP 47 tag with a region or script ("de-CH")
	tokBreak                // sentence punctuation: phrases do not span it
)

// token is one unit of a query.
type token struct {
	kind tokKind
	// raw is the text as typed.
	raw string
	// word is a word folded to lower case without accents.
	word string
	// upper says the word was written in capitals ("US").
	upper bool
	// key and value are a parameter's; value is also a URL's or a tag's
	// canonical form.
	key, value string
	// matched says the word is part of a lexicon phrase.
	matched bool
}

// tokenize splits a query at white space, takes web addresses, key=value
// parameters and language tags whole, and splits the rest into words.
func tokenize(query string) []token {
	var toks []token
	for _, field := range strings.Fields(query) {
		core, brk := trimPunct(field)
		if core != "" {
			toks = append(toks, classify(core)...)
		}
		if brk {
			toks = append(toks, token{kind: tokBreak, raw: field})
		}
	}
	return toks
}

// trimPunct strips quotes, brackets and sentence punctuation around a
// field; brk says sentence punctuation ended it.
func trimPunct(field string) (core string, brk bool) {
	core = strings.TrimLeft(field, "\"'([{<«“‘")
	end := strings.TrimRight(core, "\"'.,;:!?)]}>»”’…")
	brk = strings.ContainsAny(core[len(end):], ".,;:!?…")
	return end, brk
}

var (
	tagPattern    = regexp.MustCompile(`^(?i)[a-z]{2,3}(?:[-_][a-z]{4})?(?:[-_](?:[a-z]{2}|[0-9]{3}))?$`)
	domainPattern = regexp.MustCompile(`^(?i)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,24})(?::[0-9]{1,5})?(?:[/?#]\S*)?$`)
	abbrPattern   = regexp.MustCompile(`^(?i)(?:[a-z]\.)+[a-z]$`)
)

// classify turns one white-space field into tokens.
func classify(core string) []token {
	if u, ok := asURL(core); ok {
		return []token{{kind: tokURL, raw: core, value: u}}
	}
	if k, v, ok := asParam(core); ok {
		return []token{{kind: tokParam, raw: core, key: k, value: v}}
	}
	if t, ok := asTag(core); ok {
		return []token{{kind: tokTag, raw: core, value: t}}
	}
	if abbrPattern.MatchString(core) { // U.S, U.K (the last dot was trimmed)
		w := strings.ReplaceAll(core, ".", "")
		return []token{{kind: tokWord, raw: core, word: fold(w), upper: true}}
	}
	return splitWords(core)
}

// asURL reads an http or https URL, or a bare domain with an optional
// path ("example.com/pricing"), which becomes an https URL.
func asURL(s string) (string, bool) {
	lower := strings.ToLower(s)
	if strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") {
		u, err := url.Parse(s)
		if err != nil || u.Hostname() == "" {
			return "", false
		}
		return s, true
	}
	m := domainPattern.FindStringSubmatch(s)
	if m == nil || lex.fileExts[strings.ToLower(m[1])] {
		return "", false
	}
	u, err := url.Parse("https://" + s)
	if err != nil || u.Hostname() == "" {
		return "", false
	}
	return "https://" + s, true
}

// paramKeys are the keys of explicit parameters.
var paramKeys = []string{
	"url", "page", "profile", "audience", "persona", "layer", "language_layer", "tone", "register",
	"lang", "language", "target", "target_language", "locale",
}

// asParam reads key=value or key:value with a known key.
func asParam(s string) (key, value string, ok bool) {
	i := strings.IndexAny(s, "=:")
	if i <= 0 || i == len(s)-1 {
		return "", "", false
	}
	key = strings.ReplaceAll(strings.ToLower(s[:i]), "-", "_")
	if !slices.Contains(paramKeys, key) {
		return "", "", false
	}
	return key, strings.Trim(s[i+1:], "\"'"), true
}

// asTag reads a BCP 47 tag with a region or script ("de-CH", "pt_br",
// "zh-Hans") of a language the lexicon knows, so that words like "so-so"
// are not taken for tags.
func asTag(s string) (string, bool) {
	if !tagPattern.MatchString(s) || !strings.ContainsAny(s, "-_") {
		return "", false
	}
	t, err := langtag.Parse(s)
	if err != nil || !knownLanguage(t.Base()) {
		return "", false
	}
	return t.String(), true
}

// knownLanguage reports whether the lexicon names the language subtag.
func knownLanguage(base string) bool {
	for _, s := range languageWords {
		if s.value == base {
			return true
		}
	}
	return false
}

// splitWords splits text into words of letters and digits; apostrophes
// vanish ("mom's" → "moms") and everything else separates.
func splitWords(s string) []token {
	var (
		toks []token
		cur  strings.Builder
	)
	flush := func() {
		if cur.Len() == 0 {
			return
		}
		raw := cur.String()
		cur.Reset()
		toks = append(toks, token{kind: tokWord, raw: raw, word: fold(raw), upper: isUpper(raw)})
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			cur.WriteRune(r)
		case r == '\'' || r == '’' || r == 'ʼ':
		default:
			flush()
		}
	}
	flush()
	return toks
}

// isUpper reports whether a word of two or more letters is in capitals.
func isUpper(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters >= 2
}

// fold lower-cases a word and strips its accents ("Français" → "francais").
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
