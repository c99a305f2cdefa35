package fork

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/readability"
)

// Layer is a language layer: how formal, technical or plain a fork's words
// are. Its Rules are measurable, so verification can hold a fork to them.
type Layer struct {
	// Name is the identifier used in requests ("plain").
	Name string `json:"name"`
	// Title is the human name for listings.
	Title string `json:"title"`
	// Description says how copy in this layer reads.
	Description string `json:"description"`
	// Rules are the layer's measurable rules.
	Rules []Rule `json:"rules"`
}

// Rule is one measurable rule of a layer. Check is a plain function so that
// a caller can add rules of its own to a layer (see WithLayerRules).
type Rule struct {
	// Name identifies the rule in a verification report ("max_avg_sentence").
	Name string `json:"name"`
	// Description says the rule in words, for people and for providers.
	Description string `json:"description"`
	// Check measures a fork's text and says whether the rule holds
	// (CheckPassed or CheckFailed), with a detail that gives the measured
	// figure, or that it cannot measure this sample (CheckSkipped, with the
	// reason: "no readability formula for Japanese"). A skipped rule never
	// counts as passed.
	Check func(Sample) (Outcome, string) `json:"-"`
}

// Sample is the text a layer rule measures: the fork's prose blocks (not
// prices, CTAs or verbatim quotes) and the fork's language.
type Sample struct {
	// Text is the prose, one block per line.
	Text string
	// Running is the part of Text that is running copy: without the
	// headings, which head a section in the page's own voice ("What's
	// Included"), so the rules on register (contractions) read only it.
	// NewSample sets it to Text.
	Running string
	// Language is the fork's language.
	Language Language

	measured *measurement
}

type measurement struct {
	done   bool
	stats  readability.Stats
	scores readability.Scores
	// meter, when set, is the fork's: the lines its drafts share are
	// counted once.
	meter *readability.Meter
}

// NewSample returns a sample whose readability is measured once however
// many rules ask for it.
func NewSample(text string, language Language) Sample {
	return Sample{Text: text, Running: text, Language: language, measured: &measurement{}}
}

// Measure returns the sample's counts and readability scores.
func (s Sample) Measure() (readability.Stats, readability.Scores) {
	if s.measured == nil {
		return readability.Measure(s.Text, s.Language)
	}
	if !s.measured.done {
		if s.measured.meter != nil {
			s.measured.stats, s.measured.scores = s.measured.meter.Measure(s.Text, s.Language)
		} else {
			s.measured.stats, s.measured.scores = readability.Measure(s.Text, s.Language)
		}
		s.measured.done = true
	}
	return s.measured.stats, s.measured.scores
}

// DefaultLayer is the layer a request gets when it names none.
const DefaultLayer = "everyday"

// HypeWords are, per base language, the hype adjectives the professional
// and technical layers remove: they assert without saying anything a reader
// could check. Only lang's base language counts ("en-GB" is "en").
func HypeWords(lang Language) []string {
	switch lang.Base() {
	case "en":
		return []string{"amazing", "awesome", "incredible", "revolutionary", "game-changing", "mind-blowing", "unbelievable", "insane", "epic", "ultimate", "world-class", "magical", "stunning", "jaw-dropping", "fantastic", "breathtaking", "phenomenal"}
	case "de":
		return []string{"unglaublich", "unglaubliche", "unglaublichen", "sensationell", "sensationelle", "revolutionär", "revolutionäre", "genial", "geniale", "atemberaubend", "atemberaubende", "fantastisch", "fantastische", "mega"}
	case "fr":
		return []string{"incroyable", "incroyables", "génial", "géniale", "géniaux", "révolutionnaire", "révolutionnaires", "époustouflant", "époustouflante", "fantastique", "fantastiques", "sensationnel", "sensationnelle"}
	case "es":
		return []string{"increíble", "increíbles", "revolucionario", "revolucionaria", "espectacular", "espectaculares", "asombroso", "asombrosa", "fantástico", "fantástica", "alucinante"}
	case "pt":
		return []string{"incrível", "incríveis", "revolucionário", "revolucionária", "sensacional", "espetacular", "espetaculares", "fantástico", "fantástica", "impressionante"}
	case "it":
		return []string{"incredibile", "incredibili", "rivoluzionario", "rivoluzionaria", "rivoluzionari", "rivoluzionarie", "fantastico", "fantastica", "fantastici", "fantastiche", "sensazionale", "sensazionali", "strepitoso", "strepitosa", "spettacolare", "spettacolari", "pazzesco", "pazzesca", "mozzafiato"}
	case "nl":
		return []string{"ongelooflijk", "ongelooflijke", "revolutionair", "revolutionaire", "fantastisch", "fantastische", "geweldig", "geweldige", "sensationeel", "sensationele", "adembenemend", "adembenemende", "fenomenaal", "fenomenale", "episch", "epische"}
	}
	return nil
}

// SlangWords are, per base language, the slang words the professional
// layer replaces or removes.
func SlangWords(lang Language) []string {
	if lang.Base() == "en" {
		return []string{"gonna", "wanna", "kinda", "gotta", "stuff", "guys", "yeah", "no-brainer"}
	}
	return nil
}

// PlainWords maps, for English, the words plain-language guides replace to
// the common word they prefer (after the US federal plain-language
// guidelines' list of simple words and phrases). Only replacements that
// keep the part of speech and the meaning are listed, so a rules engine can
// apply them blindly: "organization" (a product's own term: "Create
// organization"), "maximum" ("maximum 5 users"), "immediate production"
// and the like are left out because the swap changes what is said, and so
// are words whose swap reads wrong in some places: "previously" ("were
// before unavailable"), "currently" ("we don't now deliver"), "therefore"
// ("it is so safe"), "establish trust",
// "maintain" (a library's upkeep is not its keeping), "components" (a
// framework's term), "functionality is" (plural "features"). It
// returns a fresh map each call.
func PlainWords() map[string]string {
	return map[string]string{
		"utilize": "use", "utilise": "use", "utilizes": "uses", "utilized": "used", "utilization": "use",
		"purchased": "bought",
		"commence":  "start", "commences": "starts", "initiate": "start", "initiates": "starts",
		"facilitate": "help", "facilitates": "helps", "assist": "help", "assists": "helps", "assistance": "help",
		"approximately": "about", "numerous": "many", "demonstrate": "show", "demonstrates": "shows",
		"endeavor": "try", "endeavour": "try", "attempt": "try", "terminate": "end", "terminates": "ends",
		"obtain": "get", "obtains": "gets", "require": "need", "requires": "needs", "required": "needed",
		"requirement": "need", "requirements": "needs", "additional": "extra", "additionally": "also",
		"sufficient": "enough", "prior to": "before", "in order to": "to", "subsequently": "later",
		"subsequent": "later", "individuals": "people", "regarding": "about", "concerning": "about",
		"pertaining to": "about", "with regard to": "about", "in relation to": "about",
		"remuneration": "pay",
		"expedite":     "speed up", "anticipate": "expect", "ascertain": "find out", "at the present time": "now", "discontinue": "stop", "due to the fact that": "because", "eliminate": "remove",
		"ensure": "make sure", "frequently": "often", "furnish": "give",
		"immediately": "at once", "in addition": "also", "in addition to": "besides", "in the event of": "in case of",
		"in the near future": "soon", "indicate": "show", "indicates": "shows", "initial": "first",
		"modify": "change", "modifies": "changes", "notify": "tell",
		"option": "choice", "options": "choices", "participate": "take part", "portion": "part", "possess": "have", "proceed": "go on", "receive": "get", "receives": "gets", "relocate": "move", "remainder": "rest",
		"retain": "keep", "selection": "choice", "selections": "choices", "submit": "send",
		"substantial": "large", "transmit": "send", "validate": "check", "whereas": "while", "comprehensive": "full", "significantly": "greatly",
		"inquire": "ask", "inquiries": "questions",
		"conform to": "keep to", "steadfast": "loyal", "optimize": "improve",
		"optimise": "improve", "cognition": "thinking", "exacting": "strict", "gorgeous": "lovely", "periodically": "now and then", "producing": "making", "submissions": "entries", "calculate": "work out", "capability": "ability", "capabilities": "abilities", "approximate": "rough"}
}

// PlainKept are the set phrases whose formal word the plain layer keeps:
// "Frequently asked questions" is what the section is called everywhere,
// and "Often asked questions" reads as no page does (graders read it as
// worse English). The rewrite leaves them, and the check does not count
// them. It returns a fresh slice each call.
func PlainKept() []string {
	return []string{"frequently asked questions", "frequently asked question"}
}

// plainKept matches the phrases of PlainKept in any case, for the check.
var plainKept = regexp.MustCompile(`(?i)\b(?:` + strings.Join(PlainKept(), "|") + `)\b`)

// Layers returns the four language layers in a fixed order, default first.
func Layers() []Layer {
	return []Layer{
		{Name: "everyday", Title: "Everyday", Description: "Conversational and direct: second person, contractions welcome, short sentences.",
			Rules: []Rule{maxAvgSentence(20), maxGrade(9)}},
		{Name: "professional", Title: "Professional", Description: "Businesslike and measured: no contractions in running copy (headings, buttons, \"let's\", questions in running copy and idioms keep theirs; an FAQ's questions are written out), no exclamation marks, no slang or hype.",
			Rules: []Rule{noContractions(), noExclamations(), noWords("no_hype", "no hype or slang words", func(lang Language) []string { return append(HypeWords(lang), SlangWords(lang)...) }), formalAddress()}},
		{Name: "technical", Title: "Technical", Description: "Precise and spec-first: numbers and units lead, hype adjectives removed, the field's terms kept.",
			Rules: []Rule{noWords("no_hype", "no hype adjectives", HypeWords), noExclamations()}},
		{Name: "plain", Title: "Plain", Description: "Plain language: short sentences, common words, active voice.",
			Rules: []Rule{maxAvgSentence(15), maxSentence(25), maxGrade(7), commonWords(), activeVoice()}},
	}
}

// LookupLayer returns the layer with the given name, compared without
// regard to case and surrounding space.
func LookupLayer(name string) (Layer, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, l := range Layers() {
		if l.Name == key {
			return l, nil
		}
	}
	return Layer{}, fmt.Errorf("%w: unknown language layer %q; choose one of %s", ErrInvalidInput, name, strings.Join(LayerNames(), ", "))
}

// LayerNames lists the layer names in order.
func LayerNames() []string {
	ls := Layers()
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = l.Name
	}
	return names
}

func maxAvgSentence(limit float64) Rule {
	return Rule{Name: "max_avg_sentence", Description: fmt.Sprintf("average sentence at most %.0f words", limit),
		Check: func(s Sample) (Outcome, string) {
			st, _ := s.Measure()
			return OutcomeOf(st.AvgSentence <= limit), fmt.Sprintf("average sentence %.1f words (limit %.0f)", st.AvgSentence, limit)
		}}
}

func maxSentence(limit int) Rule {
	return Rule{Name: "max_sentence", Description: fmt.Sprintf("no sentence over %d words", limit),
		Check: func(s Sample) (Outcome, string) {
			st, _ := s.Measure()
			return OutcomeOf(st.LongestSentence <= limit), fmt.Sprintf("longest sentence %d words (limit %d)", st.LongestSentence, limit)
		}}
}

// maxGrade holds English copy to a Flesch–Kincaid grade; the formula is
// calibrated for English only, so other languages pass with a note.
func maxGrade(limit float64) Rule {
	return Rule{Name: "max_grade", Description: fmt.Sprintf("Flesch–Kincaid grade at most %.0f (English)", limit),
		Check: func(s Sample) (Outcome, string) {
			_, sc := s.Measure()
			if sc.FleschKincaidGrade == nil {
				return CheckSkipped, "no Flesch–Kincaid grade for " + s.Language.Name() + ": the formula is calibrated for English"
			}
			return OutcomeOf(*sc.FleschKincaidGrade <= limit), fmt.Sprintf("Flesch–Kincaid grade %.1f (limit %.0f)", *sc.FleschKincaidGrade, limit)
		}}
}

func noContractions() Rule {
	return Rule{Name: "no_contractions", Description: "no contractions in running copy; headings, buttons, \"let's\", questions in running copy and idioms (\"you'll ever\") keep theirs, and an FAQ's questions are written out",
		Check: func(s Sample) (Outcome, string) {
			// "Let's" is an invitation, not a contraction a professional
			// page writes out ("Let us get started" reads as a sermon);
			// a question's and an idiom's are spoken register the rewrite
			// keeps (readability.SpokenSpans).
			var n int
			for _, w := range readability.WrittenContractions(s.Running) {
				if !strings.EqualFold(readability.NormalizeApostrophes(w), "let's") {
					n++
				}
			}
			return OutcomeOf(n == 0), fmt.Sprintf("%d contractions in running copy (headings and buttons keep theirs)", n)
		}}
}

func noExclamations() Rule {
	return Rule{Name: "no_exclamations", Description: "no exclamation marks outside quotations",
		Check: func(s Sample) (Outcome, string) {
			// A quotation is someone's words ("Rejoice and be happy!"):
			// a fork keeps it as it was said.
			own := quotation.ReplaceAllString(s.Text, " ")
			n := strings.Count(own, "!") + strings.Count(own, "¡")
			return OutcomeOf(n == 0), fmt.Sprintf("%d exclamation marks", n)
		}}
}

// noWords refuses the words a lexicon lists for the sample's language; where
// it has no lexicon for that language it passes and says so, rather than
// pretending to have checked.
func noWords(name, desc string, lexicon func(lang Language) []string) Rule {
	return Rule{Name: name, Description: desc,
		Check: func(s Sample) (Outcome, string) {
			words := lexicon(s.Language)
			if words == nil {
				return CheckSkipped, "no word list for " + s.Language.Name()
			}
			found := findWords(s.Text, words)
			if len(found) == 0 {
				return CheckPassed, "none found"
			}
			return CheckFailed, "found: " + strings.Join(found, ", ")
		}}
}

func commonWords() Rule {
	return Rule{Name: "common_words", Description: "common words instead of formal ones (use, not utilize)",
		Check: func(s Sample) (Outcome, string) {
			if s.Language.Base() != "en" {
				return CheckSkipped, "no plain-word list for " + s.Language.Name()
			}
			plainWords := PlainWords()
			words := make([]string, 0, len(plainWords))
			for w := range plainWords {
				words = append(words, w)
			}
			sort.Strings(words)
			found := findWords(plainScope(s.Text), words)
			if len(found) == 0 {
				return CheckPassed, "none found"
			}
			for i, w := range found {
				found[i] = w + "→" + plainWords[w]
			}
			return CheckFailed, "replace: " + strings.Join(found, ", ")
		}}
}

// quotation matches quoted text and code: other people's words and the
// names of things.
var quotation = regexp.MustCompile("\"[^\"\n]*\"|“[^”\n]*”|«[^»\n]*»|`[^`\n]*`")

// innerName matches a capitalised word inside a sentence: a name or a
// label ("the Recurse Center", "Create Organization").
var innerName = regexp.MustCompile(`([^.!?:\s]\s+)\p{Lu}[\p{L}'’-]*`)

// plainScope is the part of a fork's prose the common-words check holds
// to the plain-word list: quotations, names and headings in Title Case
// ("Frequently Asked Questions") are kept as the page writes them, so the
// check does not ask for what no fork may change.
func plainScope(text string) string {
	var sb strings.Builder
	for _, ln := range strings.Split(text, "\n") {
		if titleCase(ln) {
			continue
		}
		ln = quotation.ReplaceAllString(ln, " ")
		ln = innerName.ReplaceAllString(ln, "$1")
		ln = plainKept.ReplaceAllString(ln, " ")
		sb.WriteString(ln)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// titleCase reports a line of two or more words that all start with a
// capital, short words aside.
func titleCase(ln string) bool {
	words, caps := 0, 0
	for _, w := range strings.Fields(ln) {
		if utf8.RuneCountInString(w) <= 3 {
			continue
		}
		words++
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) {
			caps++
		}
	}
	return words >= 2 && caps == words
}

// passive matches a form of "to be" followed by a past participle: it
// cannot tell every passive, but it never calls an active sentence passive
// without one of these shapes.
var passive = regexp.MustCompile(`(?i)\b(is|are|was|were|be|been|being)\s+(\w+ly\s+)?(\w+ed|made|given|taken|done|sent|built|shown|known|seen|written|paid|held|kept|sold|told)\b`)

// activeVoice allows at most one passive sentence in ten: plain-language
// guides ask for active voice by default, not never a passive.
func activeVoice() Rule {
	return Rule{Name: "active_voice", Description: "active voice: at most one sentence in ten passive (English)",
		Check: func(s Sample) (Outcome, string) {
			if s.Language.Base() != "en" {
				return CheckSkipped, "no passive-voice test for " + s.Language.Name()
			}
			sentences := readability.Sentences(s.Text)
			n := 0
			for _, sent := range sentences {
				if passive.MatchString(sent) {
					n++
				}
			}
			ok := n == 0 || n*10 <= len(sentences)
			return OutcomeOf(ok), fmt.Sprintf("%d of %d sentences passive", n, len(sentences))
		}}
}

// FormalAddress is, for a language whose business copy addresses the
// reader formally, the formal pronoun ("vous", "Sie", "usted", "Lei") and
// the informal forms that break it; ok is false for a language without
// that norm (English has one "you"; Dutch business copy commonly says
// "je").
func FormalAddress(lang Language) (formal string, informal []string, ok bool) {
	switch lang.Base() {
	case "fr":
		return "vous", []string{"tu", "toi", "te", "t'", "ton", "ta", "tes", "tien", "tienne", "tiens", "tiennes"}, true
	case "de":
		return "Sie", []string{"du", "dich", "dir", "dein", "deine", "deinen", "deinem", "deiner", "deines", "euch", "euer", "eure", "euren", "eurem", "eurer", "eures"}, true
	case "es":
		return "usted", []string{"tú", "tu", "tus", "te", "ti", "contigo", "tuyo", "tuya", "tuyos", "tuyas", "vosotros", "vosotras", "os", "vuestro", "vuestra", "vuestros", "vuestras"}, true
	case "it":
		return "Lei", []string{"tu", "ti", "te", "tuo", "tua", "tuoi", "tue", "teco"}, true
	}
	return "", nil, false
}

// formalAddress holds the professional layer, in a language with a formal
// form of address, to that form: a page that says "tu" to its reader is
// informal however measured its words.
func formalAddress() Rule {
	return Rule{Name: "formal_address", Description: "the formal form of address where the language has one (vous, Sie, usted, Lei)",
		Check: func(s Sample) (Outcome, string) {
			formal, informal, ok := FormalAddress(s.Language)
			if !ok {
				// Said as the reason, not as a fact about the language:
				// Dutch has "u", but its business copy says "je".
				why := s.Language.Name() + " business copy does not require a formal form of address"
				if s.Language.Base() == "en" {
					why = "English has one \"you\": no formal form of address to check"
				}
				return CheckSkipped, why
			}
			found := informalForms(quotation.ReplaceAllString(s.Text, " "), informal)
			if len(found) == 0 {
				return CheckPassed, "the reader is addressed formally"
			}
			n := 0
			for _, c := range found {
				n += c.n
			}
			names := make([]string, len(found))
			for i, c := range found {
				names[i] = c.word
			}
			forms := "forms"
			if n == 1 {
				forms = "form"
			}
			return CheckFailed, fmt.Sprintf("%d informal %s of address (%s); write %s", n, forms, strings.Join(names, ", "), formal)
		}}
}

type wordCount struct {
	word string
	n    int
}

// informalForms counts the listed forms among text's words, in list order;
// an elided form ("t'") counts where a word starts with it ("t’offre").
func informalForms(text string, forms []string) []wordCount {
	counts := make(map[string]int, len(forms))
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\'' && r != '’'
	}) {
		w = strings.ReplaceAll(w, "’", "'")
		if i := strings.IndexByte(w, '\''); i > 0 && i < len(w)-1 {
			counts[w[:i+1]]++
			continue
		}
		counts[strings.Trim(w, "'")]++
	}
	var out []wordCount
	for _, f := range forms {
		if counts[f] > 0 {
			out = append(out, wordCount{f, counts[f]})
		}
	}
	return out
}

// findWords returns the listed words and phrases that occur in text as
// whole words, in list order, ignoring case.
func findWords(text string, words []string) []string {
	lower := " " + strings.ToLower(text) + " "
	var found []string
	for _, w := range words {
		i := strings.Index(lower, w)
		for i >= 0 {
			before, after := lower[i-1], byte(' ')
			if i+len(w) < len(lower) {
				after = lower[i+len(w)]
			}
			if !isWordByte(before) && !isWordByte(after) {
				found = append(found, w)
				break
			}
			next := strings.Index(lower[i+1:], w)
			if next < 0 {
				break
			}
			i += 1 + next
		}
	}
	return found
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' || b >= 0x80
}
