package fork

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/extract"
	"github.com/marketingfork/fork/internal/langdetect"
	"github.com/marketingfork/fork/internal/langtag"
	"github.com/marketingfork/fork/internal/readability"
)

// Analysis describes a page: its language, how hard it reads, the
// persuasion pattern it follows and the audience it seems written for.
type Analysis struct {
	// Language is the page's language as a BCP 47 tag.
	Language string `json:"language"`
	// LanguageSource says where Language came from: "declared" (the html
	// lang attribute or a meta tag), "content-language" (the HTTP header),
	// "detected" (the page's words) or "hint" (the request's
	// source_language, when nothing else could tell).
	LanguageSource string `json:"language_source"`
	// DetectedLanguage is what the words say, whatever was declared.
	DetectedLanguage string `json:"detected_language,omitempty"`
	// LanguageNote explains a disagreement between the hint, the
	// declaration and the words.
	LanguageNote string `json:"language_note,omitempty"`
	// Text counts sentences, words, contractions and exclamation marks in
	// the page's prose.
	Text readability.Stats `json:"text"`
	// Readability holds the formulas that apply to the page's language.
	Readability readability.Scores `json:"readability"`
	// Pattern is the persuasion pattern the page follows.
	Pattern Pattern `json:"pattern"`
	// Audience is the profile the page seems written for.
	Audience AudienceGuess `json:"audience"`
	// Roles counts the blocks of each role.
	Roles map[Role]int `json:"roles"`
	// Reorderable says the page has sections a fork may put in another
	// order: sibling containers that each hold a heading and its content
	// (Plan.Sections counts them). When false the fork keeps the page's
	// order and SectionsNote says why ("flat page: …").
	Reorderable bool `json:"reorderable"`
	// SectionsNote says why a page's sections may not be reordered.
	SectionsNote string `json:"sections_note,omitempty"`
}

// Pattern is a persuasion pattern with the evidence for it.
type Pattern struct {
	// Name is one of AIDA, PAS, FAB, BAB, proof-led, offer-led.
	Name string `json:"name"`
	// Score is the evidence's weight; the highest-scoring pattern wins.
	Score int `json:"score"`
	// Evidence lists what in the page points to the pattern.
	Evidence []string `json:"evidence"`
	// Others are the other patterns' scores, best first.
	Others []PatternScore `json:"others,omitempty"`
}

// PatternScore is a runner-up pattern's score.
type PatternScore struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
}

// AudienceGuess is the profile whose signals the page's words match best.
type AudienceGuess struct {
	// Profile is the best-matching profile's name.
	Profile string `json:"profile"`
	// Score is the number of signal matches.
	Score int `json:"score"`
	// Evidence lists the matched signals.
	Evidence []string `json:"evidence"`
}

// proseRoles are the roles whose text is read as prose when measuring a
// page or a fork; prices, CTAs and the head's title are not sentences.
var proseRoles = map[Role]bool{
	RoleHeadline: true, RoleSubheadline: true, RoleBody: true, RoleBullet: true,
	RoleTestimonial: true, RoleGuarantee: true, RoleFAQQuestion: true, RoleFAQAnswer: true,
}

// prose joins the prose blocks' texts, one per line.
func prose(blocks []Block, text func(Block) string) string {
	var sb strings.Builder
	size := 0
	for _, b := range blocks {
		if proseRoles[b.Role] {
			size += len(text(b)) + 1
		}
	}
	sb.Grow(size)
	for _, b := range blocks {
		if proseRoles[b.Role] {
			sb.WriteString(text(b))
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

func blockText(b Block) string { return b.Text }

// analyse describes a page and returns its language as a typed value too.
// hint is the request's source language, the zero Language for none. The
// page's lang attribute and Content-Language header are read here, at the
// edge, with langtag: a tag it refuses ("und", "x-klingon") counts as no
// declaration.
func analyse(doc *extract.Document, contentLanguage string, hint Language, m *forkMemo) (Analysis, Language) {
	an := Analysis{Roles: map[Role]int{}}
	for _, b := range doc.Blocks {
		an.Roles[b.Role]++
	}
	an.Reorderable, an.SectionsNote = doc.Layout()
	all := prose(doc.Blocks, blockText)
	detected, conf := langdetect.Detect(detectSample(all))
	if conf > 0 {
		an.DetectedLanguage = detected
	}
	var lang Language
	if t, err := langtag.Parse(doc.Lang); err == nil {
		lang, an.LanguageSource = t, "declared"
	} else if t, err := langtag.Parse(firstTag(contentLanguage)); err == nil {
		lang, an.LanguageSource = t, "content-language"
	} else if t, err := langtag.Parse(an.DetectedLanguage); err == nil {
		lang, an.LanguageSource = t, "detected"
		// A hint in the same language may carry the region the words cannot.
		if hint.SameLanguage(t) {
			lang = hint
		}
	} else {
		lang, an.LanguageSource = hint, "hint"
		if lang.IsZero() {
			lang = langtag.MustParse(DefaultLanguage)
		}
	}
	var notes []string
	if an.DetectedLanguage != "" && an.DetectedLanguage != lang.Base() && conf >= 0.5 {
		declared := lang.String()
		if t, err := langtag.Parse(an.DetectedLanguage); err == nil && conf >= overrideConfidence && len(strings.Fields(all)) >= overrideWords {
			// The words win over a wrong declaration: a German page
			// marked lang="en" is forked, checked and measured as German.
			lang, an.LanguageSource = t, "detected"
			if hint.SameLanguage(t) {
				lang = hint
			}
			notes = append(notes, fmt.Sprintf("the page declares %s but its words read as %s: the declaration was overridden", declared, an.DetectedLanguage))
		} else {
			notes = append(notes, fmt.Sprintf("the page declares %s but its words read as %s", declared, an.DetectedLanguage))
		}
	}
	an.Language = lang.String()
	if !hint.IsZero() && an.LanguageSource != "hint" && !hint.SameLanguage(lang) {
		notes = append(notes, fmt.Sprintf("source_language %s was a hint; the page is in %s (%s), which wins", hint, an.Language, an.LanguageSource))
	}
	an.LanguageNote = strings.Join(notes, "; ")
	an.Text, an.Readability = m.measure(all, lang)
	// Each block is read in lower case by both: lowered once here, and
	// joined for the audience's words, as the lower case of the joined
	// text would read (lower-casing maps rune by rune, and the line
	// breaks between blocks are no part of any rune).
	lower := make([]string, len(doc.Blocks))
	size := 0
	for i, b := range doc.Blocks {
		lower[i] = strings.ToLower(b.Text)
		size += len(lower[i]) + 1
	}
	an.Pattern = detectPattern(doc.Blocks, lower, lang)
	var joined strings.Builder
	joined.Grow(size)
	for _, l := range lower {
		joined.WriteString(l)
		joined.WriteByte('\n')
	}
	an.Audience = guessAudience(joined.String())
	if m != nil {
		// Verification reads the source in lower case too.
		m.pageTexts, m.pageLower = doc.Blocks, joined.String()
	}
	return an, lang
}

// A declared language is overridden only on clear evidence: the detector's
// margin at least overrideConfidence over at least overrideWords words of
// prose. A short page, or one mixing languages, keeps its declaration.
const (
	overrideConfidence = 0.6
	overrideWords      = 40
)

// detectSample bounds the text the language detector reads: a few
// thousand characters of a page's prose tell its language as well as the
// whole page does, at a fraction of the cost.
func detectSample(text string) string {
	const limit = 4000
	if len(text) <= limit {
		return text
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut]
}

func firstTag(header string) string {
	first, _, _ := strings.Cut(header, ",")
	return strings.TrimSpace(first)
}

func orDefault(v, d string) string {
	if v == "" {
		return d
	}
	return v
}

// patternCues are the words that point to each persuasion pattern, in the
// corpus's languages. They are matched as lower-case substrings.
var patternCues = map[string][]string{
	"PAS":       {"tired of", "struggl", "problem", "frustrat", "pain", "hassle", "waste", "stop ", "no more", "worry", "don't let", "without the", "marre", "problème", "sans prise de tête", "keine lust", "problem", "ärger", "cansado", "problema", "sin letra chica", "preocup", "chega de"},
	"BAB":       {"imagine", "what if", "before", "after", "transform", "turn your", "stell dir vor", "imagin", "avant", "après", "antes", "después", "depois"},
	"FAB":       {"so you can", "which means", "so that", "that means", "lets you", "allows you", "helps you", "pour que", "damit", "para que", "permite", "vous permet", "te permite"},
	"proof-led": {"trusted by", "used by", "customers", "reviews", "rated", "award", "as seen", "featured", "testimonial", "companies", "users", "clients", "kunden", "utilisateurs", "surfeurs", "clientes", "usuários"},
	"offer-led": {"free", "save", "off", "discount", "offer", "deal", "buy one", "price", "gratuit", "offert", "kostenlos", "gratis", "desconto", "descuento", "oferta", "angebot", "prix", "preço", "precio", "preis"},
}

// cueIndex is patternCues indexed by the first byte of each cue.
var cueIndex = newCueTable(patternCues)

// cueTable finds which of a set of cue lists' cues stand in a text as
// containsCue finds them, reading the text once: a cue can only start
// where a word may (at the start or after a byte that is no word byte),
// and there only the cues that open with that byte are tried, where
// asking containsCue cue by cue searched the text once per cue.
type cueTable struct {
	// patterns are the lists' names, in order; byFirst holds, by first
	// byte, each cue that opens with it as (pattern, index in its list).
	patterns []string
	byFirst  [256][]cueRef
}

// cueRef is one cue: its pattern's index, its index in the pattern's list
// and its text, held here because first reads it at every word start of
// every block, where looking it up in the lists by the pattern's name
// cost a map lookup each time.
type cueRef struct {
	p, k int
	cue  string
}

func newCueTable(lists map[string][]string) *cueTable {
	t := &cueTable{}
	for p := range lists {
		t.patterns = append(t.patterns, p)
	}
	sort.Strings(t.patterns)
	for pi, p := range t.patterns {
		for k, c := range lists[p] {
			if c == "" {
				panic("analysis: an empty cue") // it would stand in every text
			}
			t.byFirst[c[0]] = append(t.byFirst[c[0]], cueRef{pi, k, c})
		}
	}
	return t
}

// first sets first[i] to the index of the first cue of list
// t.patterns[i] that containsCue finds in text, or to -1 where none is.
func (t *cueTable) first(text string, first []int) {
	for i := range first {
		first[i] = -1
	}
	for at := 0; at < len(text); at++ {
		if at > 0 && isWordByte(text[at-1]) {
			continue
		}
		for _, r := range t.byFirst[text[at]] {
			if first[r.p] >= 0 && first[r.p] <= r.k {
				continue
			}
			c := r.cue
			if !strings.HasPrefix(text[at:], c) {
				continue
			}
			if end := at + len(c); len(c) > 5 || end == len(text) || !isWordByte(text[end]) {
				first[r.p] = r.k
			}
		}
	}
}

// detectPattern scores each pattern from cue words and from the page's
// structure (where proof, price and the call to action stand). lower
// holds each block's text in lower case.
func detectPattern(blocks []Block, lower []string, lang Language) Pattern {
	score := map[string]int{}
	evidence := map[string][]string{}
	add := func(p string, n int, why string) {
		score[p] += n
		evidence[p] = append(evidence[p], why)
	}
	n := len(blocks)
	firstThird := n / 3
	if firstThird < 3 {
		firstThird = min(3, n)
	}
	var ctas, bullets, testimonials int
	first := make([]int, len(cueIndex.patterns))
	for i, b := range blocks {
		early := i < firstThird
		cueIndex.first(lower[i], first)
		for pi, k := range first {
			if k < 0 {
				continue
			}
			w := 1
			if early && (b.Role == RoleHeadline || b.Role == RoleSubheadline) {
				w = 3
			}
			p := cueIndex.patterns[pi]
			add(p, w, fmt.Sprintf("%s %q", b.Role, patternCues[p][k]))
		}
		switch b.Role {
		case RoleCTA:
			ctas++
		case RoleBullet:
			bullets++
		case RoleTestimonial:
			testimonials++
			if early {
				add("proof-led", 3, "testimonial near the top")
			}
		case RolePrice:
			if early {
				add("offer-led", 3, "price near the top")
			}
		}
	}
	if testimonials > 0 {
		add("proof-led", testimonials, fmt.Sprintf("%d testimonials", testimonials))
	}
	if bullets >= 6 {
		add("FAB", bullets/3, fmt.Sprintf("%d feature bullets", bullets))
	}
	// AIDA is the default shape of a landing page: a headline that grabs,
	// copy that builds interest and desire, and a closing call to action.
	if n > 0 && ctas > 0 {
		var hasHeadline bool
		for _, b := range blocks[:firstThird] {
			hasHeadline = hasHeadline || b.Role == RoleHeadline
		}
		lastCTA := false
		for _, b := range blocks[n*2/3:] {
			lastCTA = lastCTA || b.Role == RoleCTA
		}
		if hasHeadline && lastCTA {
			add("AIDA", 4, "headline first, call to action at the end")
		}
	}
	names := []string{"AIDA", "PAS", "FAB", "BAB", "proof-led", "offer-led"}
	sort.SliceStable(names, func(i, j int) bool { return score[names[i]] > score[names[j]] })
	best := names[0]
	p := Pattern{Name: best, Score: score[best], Evidence: firstN(evidence[best], 8)}
	if p.Evidence == nil {
		p.Evidence = []string{}
	}
	for _, name := range names[1:] {
		if score[name] > 0 {
			p.Others = append(p.Others, PatternScore{Name: name, Score: score[name]})
		}
	}
	_ = lang
	return p
}

// guessAudience counts each profile's signals in the page's words: text
// is the blocks' texts in lower case, each ended by a line break.
func guessAudience(text string) AudienceGuess {
	words := audience.words.counts(text)
	phrases := audience.phrases.counts(text)
	best := AudienceGuess{Profile: DefaultProfile, Evidence: []string{}}
	for _, p := range audience.profiles {
		g := AudienceGuess{Profile: p.name, Evidence: []string{}}
		for i, s := range p.signals {
			var c int
			if k := p.phrase[i]; k >= 0 {
				c = phrases[k]
			} else {
				c = words[p.word[i]]
			}
			if c > 0 {
				g.Score += c
				g.Evidence = append(g.Evidence, fmt.Sprintf("%q ×%d", s, c))
			}
		}
		if g.Score > best.Score {
			best = g
		}
	}
	best.Evidence = firstN(best.Evidence, 8)
	return best
}

// audience is what guessAudience reads of the profile catalog, taken from
// it once: Profiles builds every profile's lists anew on each call. The
// signals that are phrases (those with a space, a hyphen or a percent
// sign, which countCue looks for) are counted together in one reading of
// the page rather than one search of it each, and the signals that are
// words are counted together in one pass over the page's words rather
// than looked up in an index of them all.
var audience = newAudienceTable(Profiles())

type audienceTable struct {
	profiles []audienceProfile
	phrases  *phraseCounter
	words    *wordCueCounter
}

type audienceProfile struct {
	name    string
	signals []string
	// phrase[i] is signals[i]'s index among the table's phrases, or -1
	// for a signal that is one word; word[i] is then its index among the
	// table's words.
	phrase, word []int
}

func newAudienceTable(ps []Profile) audienceTable {
	var t audienceTable
	var phrases, words []string
	phraseAt, wordAt := map[string]int{}, map[string]int{}
	index := func(list *[]string, at map[string]int, s string) int {
		k, ok := at[s]
		if !ok {
			k = len(*list)
			at[s] = k
			*list = append(*list, s)
		}
		return k
	}
	for _, p := range ps {
		ap := audienceProfile{name: p.Name, signals: p.Signals, phrase: make([]int, len(p.Signals)), word: make([]int, len(p.Signals))}
		for i, s := range p.Signals {
			ap.phrase[i], ap.word[i] = -1, -1
			if strings.ContainsAny(s, " -%") {
				ap.phrase[i] = index(&phrases, phraseAt, s)
			} else {
				ap.word[i] = index(&words, wordAt, s)
			}
		}
		t.profiles = append(t.profiles, ap)
	}
	t.phrases = newPhraseCounter(phrases)
	t.words = newWordCueCounter(words)
	return t
}

// wordCueCounter counts, in one pass over a text's words, how often each
// of its cues stands there as a word: a whole word when the cue is short
// (five bytes or fewer), a word's start (a stem such as "sustainab") when
// longer. The text's words are the runs between ASCII bytes that are no
// word bytes. Each word is looked up, not stored: a short cue by the
// word, a long one by the word's first six bytes, which every long cue
// that starts it shares (FuzzWordCueCounter holds it to counting in an
// index of the text's words).
type wordCueCounter struct {
	cues  []string
	short map[string]int   // a short cue → its index
	long  map[string][]int // the first six bytes of long cues → their indexes
}

func newWordCueCounter(cues []string) *wordCueCounter {
	wc := &wordCueCounter{cues: cues, short: map[string]int{}, long: map[string][]int{}}
	for k, c := range cues {
		if len(c) <= 5 {
			wc.short[c] = k
			continue
		}
		wc.long[c[:6]] = append(wc.long[c[:6]], k)
	}
	return wc
}

// counts is, for each cue, how often it stands in text as a word.
func (wc *wordCueCounter) counts(text string) []int {
	n := make([]int, len(wc.cues))
	start := -1
	for i := 0; i <= len(text); i++ {
		if i < len(text) && (text[i] >= utf8.RuneSelf || isWordByte(text[i])) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start < 0 {
			continue
		}
		w := text[start:i]
		start = -1
		if k, ok := wc.short[w]; ok {
			n[k]++
		}
		if len(w) >= 6 {
			for _, k := range wc.long[w[:6]] {
				if strings.HasPrefix(w, wc.cues[k]) {
					n[k]++
				}
			}
		}
	}
	return n
}

// phraseCounter counts, in one reading of a text, where each of its cues
// stands as countCue counts them (no limit): a cue can only start where a
// word may, at the start or after a byte that is no word byte, and there
// only the cues that open with that byte are tried (FuzzPhraseCounter
// holds it to countCue).
type phraseCounter struct {
	cues    []string
	byFirst [256][]int
}

func newPhraseCounter(cues []string) *phraseCounter {
	pc := &phraseCounter{cues: cues}
	for k, c := range cues {
		if c == "" {
			panic("analysis: an empty cue") // it would stand everywhere
		}
		pc.byFirst[c[0]] = append(pc.byFirst[c[0]], k)
	}
	return pc
}

// counts is, for each cue, countCue(text, cue, 0).
func (pc *phraseCounter) counts(text string) []int {
	n := make([]int, len(pc.cues))
	for at := 0; at < len(text); at++ {
		if at > 0 && isWordByte(text[at-1]) {
			continue
		}
		for _, k := range pc.byFirst[text[at]] {
			c := pc.cues[k]
			if !strings.HasPrefix(text[at:], c) {
				continue
			}
			if end := at + len(c); len(c) > 5 || end == len(text) || !isWordByte(text[end]) {
				n[k]++
			}
		}
	}
	return n
}

// containsCue reports whether cue starts a word in text; a short cue must
// also end one, so "off" does not match "office" while "struggl" matches
// "struggling".
func containsCue(text, cue string) bool { return countCue(text, cue, 1) > 0 }

// countCue counts cue's matches in text as containsCue defines them, up to
// limit (no limit when limit <= 0).
func countCue(text, cue string, limit int) int {
	n := 0
	for i := 0; i <= len(text)-len(cue); {
		j := strings.Index(text[i:], cue)
		if j < 0 {
			break
		}
		at := i + j
		end := at + len(cue)
		startOK := at == 0 || !isWordByte(text[at-1])
		endOK := len(cue) > 5 || end == len(text) || !isWordByte(text[end])
		if startOK && endOK {
			n++
			if n == limit {
				break
			}
		}
		i = at + 1
	}
	return n
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
