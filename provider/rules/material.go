package rules

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/extract"
	"github.com/marketingfork/fork/internal/ledger"
	"github.com/marketingfork/fork/internal/markup"
	"github.com/marketingfork/fork/internal/offer"
)

// line is one line of the page a fork may lead with: a heading, the meta
// description, or one sentence of a paragraph, with the facts it states.
type line struct {
	text  string
	lower string // text in lower case, "" until pageLines fills it
	// words are lower's words (lineWords), nil until pageLines fills them.
	words []string
	block int // the ID of the block it stands in
	role  fork.Role
	facts []fork.Fact
	score int
	// moveOnly marks a line that may lead only by moving up with its
	// section, never in the hero's copy: a customer's quote (someone
	// else's words), a sentence too long for a hero slot or a part's
	// heading (part).
	moveOnly bool
	// part marks the heading of a part of the page that carries the
	// profile's substance only as a whole (withParts): it scores
	// partScore.
	part bool
	// asked is the question an answer's line answers, in lower case: its
	// cue words count for the line ("How long does setup take?" makes
	// "Most firms connect their first ten clients in under an hour." a
	// set-up time). Empty for any other line.
	asked string
}

// Lines shorter or longer than this many words do not lead a page: a
// fragment says nothing, a paragraph is not a headline.
const (
	minLeadWords = 3
	maxLeadWords = 22
	// maxMoveWords is the longest sentence that may lead by moving its
	// section up (moveOnly): a longer one is a paragraph run together.
	maxMoveWords = 45
)

// leadRoles are the roles whose lines may lead in the hero's copy: a
// testimonial is someone else's words and leads by moving up with its
// section instead (pageLines lists it apart); a button, a price or fine
// print is not a line to lead with.
var leadRoles = map[fork.Role]bool{
	fork.RoleHeadline: true, fork.RoleSubheadline: true, fork.RoleMetaDescription: true,
	fork.RoleBody: true, fork.RoleBullet: true, fork.RoleFAQAnswer: true, fork.RoleGuarantee: true,
}

// headingRoles are the roles whose lines are written to head something.
var headingRoles = map[fork.Role]bool{fork.RoleHeadline: true, fork.RoleSubheadline: true, fork.RoleMetaDescription: true}

// pageLines cuts the plan's blocks into the lines a lead may be chosen from,
// in page order.
func pageLines(plan *fork.Plan) []line {
	var out []line
	priced := map[int]bool{}  // sections that show a price
	soldOut := map[int]bool{} // sections whose offer says it is sold out
	for _, b := range plan.Blocks {
		if b.Role == fork.RoleTestimonial {
			continue // "I used to pay R$ 450 a month" prices no plan
		}
		for _, f := range b.Facts {
			if f.Kind == "price" && b.Section >= 0 {
				priced[b.Section] = true
				soldOut[b.Section] = soldOut[b.Section] || extract.SaysUnavailable(b.Text)
			}
		}
	}
	plans := planNames(plan)
	goneCard := soldOutCards(plan)
	asked := "" // the question the next answer answers
	for i, b := range plan.Blocks {
		var before fork.Brief // the block just above, for a heading that asks who may take an offer
		if i > 0 {
			before = plan.Blocks[i-1]
		}
		switch b.Role {
		case fork.RoleFAQQuestion:
			asked = strings.ToLower(b.Text)
		case fork.RoleFAQAnswer:
		default:
			asked = ""
		}
		if b.Excluded {
			// "✗ Sans publicité" under the free plan: what the offer
			// lacks is no line for any reader to lead with.
			continue
		}
		if b.Role == fork.RoleTestimonial && !soldOut[b.Section] {
			// A customer's words are material too ("what fellow fans
			// say", "other parents' words"), but someone else's: the
			// quote is one line, whatever its length, and it leads only
			// by moving up with its section (placeLead and joinLead never
			// take it into the hero's copy).
			if t := strings.TrimSpace(b.Text); wordCount(t) >= minLeadWords {
				// The cues are read in the customer's words, not in the
				// name under them: "— Familie Berger" is no family offer.
				lower := strings.ToLower(quoteOnly(t))
				out = append(out, line{text: t, lower: lower, words: lineWords(lower), block: b.ID, role: b.Role, facts: b.Facts, moveOnly: true})
			}
			continue
		}
		if !leadRoles[b.Role] || (priced[b.Section] && cardItem(b)) || soldOut[b.Section] || goneCard[b.ID] {
			continue // a sold-out ticket's perks are no reason to come
		}
		var parts []string
		for _, run := range lineRuns(b) {
			if b.Role == fork.RoleBody || b.Role == fork.RoleFAQAnswer || b.Role == fork.RoleMetaDescription || b.Role == fork.RoleSubheadline || b.Role == fork.RoleGuarantee {
				// A subheading of two sentences ("Rails is a full-stack
				// framework. It ships with…") offers each.
				parts = append(parts, splitSentences(run)...)
			} else {
				parts = append(parts, run)
			}
		}
		inBlock := "" // a question the block asks itself ("Posso pagar no boleto? Pode. …")
		for k, s := range parts {
			s = strings.TrimSpace(s)
			if k > 0 && strings.HasSuffix(strings.TrimSpace(parts[k-1]), "?") {
				inBlock = strings.ToLower(strings.TrimSpace(parts[k-1]))
			}
			if k > 0 && needsCondition(s, b.Facts) {
				// "You save 20%." read alone drops what it is said of
				// (the yearly plan, in the sentence before): the two
				// lead together, or not at all.
				s = strings.TrimSpace(parts[k-1]) + " " + s
			} else if q := askedBefore(k, parts, before, b); q != "" && (statesValue(s, b.Facts) || k > 0 && statesAny(q, b.Facts)) {
				// "Student or under 26? You get 15% off every plan.": the
				// question says who gets it, and the answer read alone
				// promises the discount to everyone. "Not happy? Back
				// within 14 days.": the question states the guarantee
				// the answer's terms are of, and neither says it alone.
				s = q + " " + s
			}
			if k+1 < len(parts) && qualifies(parts[k+1], plan.Target.Base()) {
				// "… at your fingertips — for FREE! But don't wait — … as a
				// Special Bonus when you order …": the sentence after it
				// takes some of it back, and read alone it would promise
				// more than the page does (the book free, not the bonus).
				s += " " + strings.TrimSpace(parts[k+1])
			}
			if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") && strings.Count(s, "(") == 1 {
				s = strings.TrimSpace(s[1 : len(s)-1]) // "(20% off on annual plan)" leads without its brackets
			}
			n := wordCount(s)
			if n < minLeadWords || n > maxMoveWords || strings.HasSuffix(s, "?") || strings.HasSuffix(s, ":") || unbalanced(s) {
				continue
			}
			// A sentence too long for a hero slot ("Developed by scientists
			// …, independently tested for purity and safety.") still says
			// what the profile looks for: it leads by moving its section.
			long := n > maxLeadWords
			if leansBack(s, plan.Target.Base()) {
				continue // "On the other hand, …", "Click on the seal for …": it needs its place
			}
			var facts []fork.Fact
			value := false
			for _, f := range b.Facts {
				// A sentence of a guarantee ("If you are not convinced in
				// the first 30 days, we refund you in full.") states it,
				// though the guarantee's line holds its label too.
				inGuarantee := f.Kind == "guarantee" && strings.Contains(f.Text, s)
				if strings.Contains(s, f.Text) || inGuarantee {
					facts = append(facts, f)
					// "Über 1.200 Teilnehmende seit 2021": a count of those
					// who use it states something, verb or not.
					value = value || f.Kind == "percentage" || f.Kind == "code" || f.Kind == "claim" || f.Kind == "price" || inGuarantee || factIs(f, "quantity:usage")
				}
			}
			if !headingRoles[b.Role] && !value && !hasFiniteVerb(s, plan.Target.Base()) && !written(s) {
				continue // "1.32 GB (for PC or Mac)" is a label, not a line to lead with
			}
			// "Our promise: a full refund…" leads with its promise; a label
			// that names it ("Fixit Guarantee:") stays with it.
			label, rest, colon := strings.Cut(s, ": ")
			_, rest2, _ := strings.Cut(s, " ")
			named := namesIn(firstWord(s), b.Facts) || namesIn(firstWord(rest2), b.Facts) || colon && namesIn(label, b.Facts)
			if colon && !named && !headingRoles[b.Role] && wordCount(label) <= 3 && wordCount(rest) >= minLeadWords && !hasFiniteVerb(label, plan.Target.Base()) {
				s = capitalize(rest)
			} else if !named && !headingRoles[b.Role] && k == 0 && ownElement(b, firstWord(s)) && gluedLabel(s, plan.Target.Base()) {
				_, s, _ = strings.Cut(s, " ") // the label goes, the sentence leads
				s = capitalize(s)
				if wordCount(s) < minLeadWords {
					continue
				}
			} else if rest, ok := afterBoldLabel(b, s, plan.Target.Base()); ok && !headingRoles[b.Role] && k == 0 {
				// "<strong>25 jaar garantie.</strong> 25 jaar productgarantie
				// op de panelen, …": the item's label goes, its sentence
				// leads (in the hero, the two had said "25 jaar" twice).
				s = rest
			}
			// "100 requests per second on Growth, 500 on Scale": a plan's
			// name says nothing of growth or scale, whatever its word.
			lower := blankPhrases(strings.ToLower(s), plans)
			l := line{text: s, lower: lower, words: lineWords(lower), block: b.ID, role: b.Role, facts: facts, moveOnly: long}
			if b.Role == fork.RoleFAQAnswer || inBlock != "" {
				l.asked = cmp.Or(inBlock, asked)
				// "Yes, all rooms have a lift." answers its question, and
				// out of its place answers nothing: it never joins the hero.
				l.moveOnly = l.moveOnly || answersYesNo(s, plan.Target.Base())
			}
			out = append(out, l)
		}
	}
	return out
}

// minWrittenWords is the fewest words of a line that reads as a sentence
// by its shape alone (written).
const minWrittenWords = 6

// written reports a line shaped as a sentence (sentenceShaped, not trailing
// off) of at least minWrittenWords words. The verb lists know the common
// verbs of each language, not every one: "Rejoins 1 247 surfeurs qui
// utilisent déjà l'app chaque jour." has none they hold, and is no label.
func written(s string) bool {
	return sentenceShaped(s) && !strings.HasSuffix(s, "..") && wordCount(s) >= minWrittenWords
}

// sentenceShaped reports text that starts as a sentence does (a capital, a
// digit or a currency sign) and ends with a full stop or an exclamation
// mark: what may stand as a sentence of its own.
func sentenceShaped(s string) bool {
	first, _ := utf8.DecodeRuneInString(s)
	end := lastRune(s)
	return (unicode.IsUpper(first) || unicode.IsDigit(first) || unicode.Is(unicode.Sc, first)) && (end == '.' || end == '!')
}

// maxSignature is the most words of a testimonial's signature: a name,
// a role, a place ("— Dana Okafor, owner, Little Fig").
const maxSignature = 8

// quoteOnly is a testimonial's text without the signature after its last
// spaced dash ("„Pünktlich und sauber.“ — Familie Berger, Freiburg"): at
// most maxSignature words that hold no sentence's end. A text without one
// is returned whole: a dash inside a quote ("fast — and free!") goes on
// with the customer's words.
func quoteOnly(t string) string {
	cut, size := -1, 0
	for _, d := range []string{" — ", " – ", " ― "} {
		if i := strings.LastIndex(t, d); i > cut {
			cut, size = i, len(d)
		}
	}
	if cut <= 0 {
		return t
	}
	sig := strings.TrimSpace(t[cut+size:])
	if sig == "" || wordCount(sig) > maxSignature || strings.ContainsAny(sig, "!?") || strings.Contains(sig, ". ") || strings.HasSuffix(sig, ".") && wordCount(sig) > 3 {
		return t
	}
	return t[:cut]
}

// lineRuns are a block's lines as the page shows them: its text cut where
// the block breaks the line (a "<br>" between a bold label and its
// sentence), so that "Satisfait ou remboursé 30 jours" and the sentence
// under it are two lines, not one run-on.
func lineRuns(b fork.Brief) []string {
	if b.Markup == "" || !strings.Contains(b.Markup, "/>") {
		return []string{b.Text}
	}
	var out []string
	var cur strings.Builder
	flush := func() {
		if t := strings.Join(strings.Fields(cur.String()), " "); t != "" {
			out = append(out, t)
		}
		cur.Reset()
	}
	toks := markup.Tokens(b.Markup)
	for i, t := range toks {
		switch t.Kind {
		case markup.Void:
			if run := strings.TrimSpace(cur.String()); strings.HasSuffix(run, ",") && !greets(run) && i+1 < len(toks) && toks[i+1].Kind != markup.Void {
				// "Buy One,<br/>Get One Free": a line broken after a
				// comma goes on under the break; read apart, neither
				// half says the offer. A greeting ("Dear friend,") and
				// a paragraph's break (two in a row) end a line.
				cur.WriteByte(' ')
				continue
			}
			flush()
		case markup.Text:
			cur.WriteString(t.Text)
		}
	}
	flush()
	if len(out) == 0 {
		return []string{b.Text}
	}
	return out
}

// greets reports a line that greets the reader in any language a page
// may be written in (salutation): "Dear friend," ends a line.
func greets(run string) bool {
	for lang := range greetings {
		if salutation(run, lang) {
			return true
		}
	}
	return false
}

// namesIn reports whether s holds one of the block's names (the product's,
// the brand's).
func namesIn(s string, facts []fork.Fact) bool {
	for _, f := range facts {
		if f.Kind == "name" && f.Text != "" && strings.Contains(s, f.Text) {
			return true
		}
	}
	return false
}

// leansBack reports a sentence that cannot stand on its own at the top of
// a page: it opens with a word that ties it to the sentence before ("On
// the other hand, …", "Like this one, …", "But …"), tells the reader to
// work the page ("Click on the seal for the terms") or points at its place
// on it ("the techniques above").
func leansBack(s, lang string) bool {
	lower := strings.ToLower(s)
	for _, o := range backOpeners[lang] {
		if strings.HasPrefix(lower, o) {
			rest := lower[len(o):]
			if r := firstRuneOf(rest); rest == "" || !isWordRune(r) {
				return true
			}
		}
	}
	for _, w := range placeWords[lang] {
		if containsWord(lower, w) {
			return true // "the techniques above": moved, it points at nothing
		}
	}
	return pointsThere(lower, lang)
}

// thereWords are, per language, the words by which a sentence points at a
// place the sentence before it named ("based on what I learned there"):
// joined to the hero, it points at nothing (graders read a book's author
// line that ended on "there" as dangling). The French "y" and the German
// "da" are left out: they are as often a pronoun or a conjunction.
var thereWords = map[string][]string{
	"en": {"there"},
	"de": {"dort", "dorthin"},
	"fr": {"là-bas"},
	"es": {"allí", "allá", "ahí"},
	"pt": {"lá", "ali"},
	"it": {"lì", "laggiù"},
	"nl": {"daar", "daarheen"},
}

// existentialThere are the words after which the English "there" points
// at nothing: "there is", "there are no fees" say that something exists.
var existentialThere = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "will": true, "would": true,
	"may": true, "might": true, "can": true, "could": true, "should": true, "must": true,
	"has": true, "have": true, "had": true, "seems": true, "seem": true, "remains": true,
	"exists": true, "isn't": true, "aren't": true, "wasn't": true, "weren't": true,
	"won't": true, "comes": true, "come": true, "used": true, "be": true,
}

// pointsThere reports a sentence with one of its language's thereWords,
// in English one that is not an existential "there is" ("there's",
// "there are no fees").
func pointsThere(lower, lang string) bool {
	for _, w := range thereWords[lang] {
		for from := 0; from < len(lower); {
			i := wordIndex(lower[from:], w)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(w)
			if lang != "en" {
				return true
			}
			if before := strings.Fields(lower[:at]); len(before) > 0 && existentialThere[before[len(before)-1]] {
				continue // "is there a plan for teams?"
			}
			rest := strings.ReplaceAll(lower[from:], "’", "'")
			if strings.HasPrefix(rest, "'") {
				continue // there's, there'll, there're
			}
			next := strings.Fields(rest)
			if len(next) > 0 && existentialThere[strings.TrimRight(next[0], ".,;:!?)")] {
				continue
			}
			return true
		}
	}
	return false
}

// placeWords are, per language, the words by which a sentence points at
// its place on the page ("the techniques above", "see the table below").
var placeWords = map[string][]string{
	"en": {"above", "below"},
	"de": {"oben", "unten", "obigen", "untenstehend*"},
	"fr": {"ci-dessus", "ci-dessous"},
	"es": {"arriba", "abajo"},
	"pt": {"acima", "abaixo"},
	"it": {"sopra", "sotto", "qui sotto"},
	"nl": {"hierboven", "hieronder"},
}

// travelTime reports a line that gives a span of time as a distance: "10
// minutes up the road", "5 minuti dalle Due Torri in bici", "zehn
// Minuten zu Fuß". Its minutes say where the place is, not how soon the
// product works.
func travelTime(lower, lang string) bool {
	words := lineWords(lower)
	for i, w := range words {
		if k := strings.LastIndexByte(w, '-'); k >= 0 {
			w = w[k+1:] // "a 10-minute walk"
		}
		if !travelUnits[w] {
			continue
		}
		// The way follows its length within a few words ("10 minutes up
		// the road", "5 minuti dalle Due Torri in bici"); "5 minutes, so
		// your team can start right away" is a wait.
		after := strings.Join(words[i+1:min(len(words), i+1+travelSpan)], " ")
		for _, t := range travelWords[lang] {
			if containsWord(after, t) {
				return true
			}
		}
	}
	return false
}

// timeFact reports facts that hold a span of time.
func timeFact(facts []fork.Fact) bool {
	return slices.ContainsFunc(facts, func(f fork.Fact) bool { return f.Kind == "quantity" && timeUnits[f.Unit] })
}

// travelSpan is how many words after a span of time its way may be named.
const travelSpan = 5

// travelUnits are the units a way is measured in: minutes and hours, not
// seconds ("Werbung wird in Sekunden entfernt" removes, it goes nowhere).
var travelUnits = map[string]bool{"minute": true, "minutes": true, "min": true, "mins": true, "hour": true, "hours": true,
	"minuten": true, "stunde": true, "stunden": true, "minutos": true, "hora": true, "horas": true,
	"minuti": true, "ora": true, "ore": true, "minuut": true, "uur": true}

// travelWords are, per language, the words by which a span of time
// measures a way from one place to another.
var travelWords = map[string][]string{
	"en": {"up the road", "down the road", "away", "walk", "walking", "drive", "driving", "by car", "by bike", "by bus", "by train", "on foot"},
	"de": {"zu fuß", "entfernt", "mit dem rad", "mit dem fahrrad", "mit dem auto"},
	"fr": {"à pied", "en voiture", "à vélo", "de marche", "en métro"},
	"es": {"a pie", "andando", "caminando", "en coche", "en bici", "en metro", "de distancia"},
	"pt": {"a pé", "de carro", "de bicicleta", "de distância", "de metrô"},
	"it": {"a piedi", "in bici", "in auto", "in macchina", "di distanza"},
	"nl": {"lopen", "fietsen", "met de fiets", "met de auto", "rijden", "loopafstand"},
}

// timeUnitCues are the cue words that are units of time: beside a
// travelTime line they measure a way, not a wait.
var timeUnitCues = map[string]bool{"minutes": true, "minute": true, "seconds": true, "minuten": true, "sekunden": true, "secondes": true,
	"minutos": true, "segundos": true, "minuti": true, "secondi": true, "seconden": true}

// blankPhrases blanks each of phrases a lower-case line holds as whole
// words, keeping its length: the phrases in which a cue word says
// something else (Substance.Unlike: "läuft wieder wie neu" holds no early
// adopter's "neu"), or the page's plan names (planNames). A " # " in a
// phrase stands for a number: "first # days" blanks "first 30 days" (a
// guarantee's period, no launch).
func blankPhrases(lower string, phrases []string) string {
	for _, p := range phrases {
		for from := 0; from < len(lower); {
			at, n := phraseAt(lower[from:], p)
			if at < 0 {
				break
			}
			at += from
			lower = lower[:at] + strings.Repeat(" ", n) + lower[at+n:]
			from = at + n
		}
	}
	return lower
}

// phraseAt finds phrase in lower as wordIndex does, a " # " in it matching
// one number ("30", "1.000"): where and how many bytes, or -1.
func phraseAt(lower, phrase string) (int, int) {
	head, tail, ok := strings.Cut(phrase, " # ")
	if !ok {
		return wordIndex(lower, phrase), len(phrase)
	}
	for from := 0; from < len(lower); {
		i := wordIndex(lower[from:], head)
		if i < 0 {
			return -1, 0
		}
		at := from + i
		rest := lower[at+len(head):]
		digits := strings.TrimLeft(strings.TrimLeft(rest, " "), "0123456789.,")
		if len(digits) < len(strings.TrimLeft(rest, " ")) && strings.HasPrefix(digits, " ") {
			after := strings.TrimLeft(digits, " ")
			if wordIndex(after, tail) == 0 {
				end := len(lower) - len(after) + len(tail)
				return at, end - at
			}
		}
		from = at + 1
	}
	return -1, 0
}

// answersYesNo reports a sentence that opens with an answer's word and a
// mark after it ("Yes, …", "Ja. …", "Zeker, …"): it answers a question
// and says little without it. "No experience needed." is no such answer.
func answersYesNo(s, lang string) bool {
	lower := strings.ToLower(s)
	for _, w := range answerWords[lang] {
		rest, ok := strings.CutPrefix(lower, w)
		if !ok || rest == "" {
			continue
		}
		if strings.HasPrefix(rest, ".") && unicode.IsDigit(firstRuneOf(strings.TrimSpace(rest[1:]))) {
			continue // "No. 1 rated app" ranks, it answers nothing
		}
		if strings.ContainsRune(",.!;:", firstRuneOf(rest)) || strings.HasPrefix(strings.TrimSpace(rest), "—") || strings.HasPrefix(strings.TrimSpace(rest), "–") {
			return true
		}
	}
	return false
}

// answerWords are, per language, the words an answer opens with.
var answerWords = map[string][]string{
	"en": {"yes", "no", "sure", "absolutely", "of course", "definitely", "certainly"},
	"de": {"ja", "nein", "klar", "natürlich", "selbstverständlich", "gern", "gerne", "sicher"},
	"fr": {"oui", "non", "bien sûr", "absolument", "certainement"},
	"es": {"sí", "no", "claro", "por supuesto", "desde luego"},
	"pt": {"sim", "não", "claro", "com certeza"},
	"it": {"sì", "no", "certo", "certamente", "assolutamente"},
	"nl": {"ja", "nee", "zeker", "natuurlijk", "uiteraard", "jazeker"},
}

// qualifies reports a sentence that opens by taking back some of the one
// before it ("But …", "Aber …", "Mais …"): the two are said together.
func qualifies(next, lang string) bool {
	lower := strings.ToLower(strings.TrimSpace(next))
	for _, o := range butOpeners[lang] {
		if rest, ok := strings.CutPrefix(lower, o); ok && (rest == "" || !isWordRune(firstRuneOf(rest))) {
			return true
		}
	}
	// "… free with any plan for 12 months. Board of Trade fees not
	// included.": a sentence that states a condition or an exclusion
	// (offer.KeyCondition) takes as much back as a "but" does.
	return slices.ContainsFunc(conditionPhrases, func(p string) bool { return containsWord(lower, p) })
}

// conditionPhrases are the offer vocabulary's conditions and exclusions
// ("not included", "subject to", "não incluídas"), in lower case. Built
// once; read-only afterwards.
var conditionPhrases = func() []string {
	var out []string
	for _, f := range offer.LegalPhrases() {
		if f.Key == offer.KeyCondition {
			out = append(out, strings.ToLower(f.Text))
		}
	}
	return out
}()

// butOpeners are, per language, the openers by which a sentence qualifies
// the one before it.
var butOpeners = map[string][]string{
	"en": {"but", "however", "yet", "except", "unless"},
	"de": {"aber", "doch", "jedoch", "allerdings", "außer"},
	"fr": {"mais", "cependant", "pourtant", "toutefois", "sauf"},
	"es": {"pero", "sin embargo", "excepto", "salvo"},
	"pt": {"mas", "porém", "contudo", "exceto"},
	"it": {"ma", "però", "tuttavia", "tranne", "salvo"},
	"nl": {"maar", "echter", "behalve"},
}

// backOpeners are, per language, the openers leansBack knows: connectives
// and demonstratives that point back, the words of a sequence' next step
// ("Danach zahlst du nur die Stunden …": after what?), and commands to
// click or scroll.
var backOpeners = map[string][]string{
	"en": {"on the other hand", "then", "after that", "afterwards", "however", "but", "also", "and", "or", "so", "otherwise", "therefore", "instead", "besides", "like this", "like that", "that's why", "that is why", "this is why", "which is why", "for this reason", "for that reason", "click", "tap", "scroll", "see below", "see above", "remember", "don't forget", "don’t forget", "do not forget", "again"},
	"de": {"aber", "auch", "danach", "dann", "anschließend", "außerdem", "deshalb", "deswegen", "darum", "daher", "dennoch", "trotzdem", "und", "oder", "klicken", "klick", "denk daran", "denken sie daran", "vergiss nicht", "vergessen sie nicht"},
	"fr": {"mais", "aussi", "ensuite", "puis", "après cela", "donc", "sinon", "cependant", "pourtant", "c'est pourquoi", "c’est pourquoi", "pour cette raison", "et", "ou", "cliquez", "clique", "n'oubliez pas", "n’oubliez pas", "rappelez-vous", "souvenez-vous"},
	"es": {"pero", "también", "después", "luego", "entonces", "además", "sin embargo", "por eso", "por ello", "por esta razón", "y", "o", "haz clic", "haga clic", "recuerda", "recuerde", "no olvides", "no olvide"},
	"pt": {"mas", "também", "depois", "então", "em seguida", "além disso", "porém", "por isso", "por esta razão", "e", "ou", "clique", "lembre-se", "lembra-te", "não se esqueça", "não te esqueças"},
	"it": {"ma", "anche", "poi", "dopo", "inoltre", "però", "per questo", "proprio per questo", "perciò", "quindi", "e", "o", "clicca", "fai clic", "ricorda", "ricordati", "ricordate", "non dimenticare"},
	"nl": {"maar", "ook", "daarna", "dan", "vervolgens", "bovendien", "echter", "daarom", "en", "of", "klik", "vergeet niet", "onthoud"},
}

// cardItem reports a line of a plan's card (a list item, or a short line
// among its features) that says nothing of its own condition: "Buy one
// activation, get the second free" holds for the plan it stands in, and
// lifted out of its card it would promise it for every plan. A line that
// names its condition (the annual plan) or a guarantee is the page's own.
func cardItem(b fork.Brief) bool {
	if b.Role != fork.RoleBullet && !(b.Role == fork.RoleBody && wordCount(b.Text) <= 10) {
		return false
	}
	for _, f := range b.Facts {
		if (f.Kind == "claim" && (f.Claim == "condition" || f.Claim == "guarantee")) || f.Kind == "guarantee" {
			return false
		}
	}
	return true
}

// needsCondition reports a sentence that states a saving or a price of a
// block whose condition ("the annual plan") it does not name: cut from its
// block, it would promise the saving to everyone.
func needsCondition(s string, facts []fork.Fact) bool {
	value, named, conditioned := false, false, false
	for _, f := range facts {
		if f.Text == "" {
			continue
		}
		switch {
		case f.Kind == "claim" && f.Claim == "condition":
			conditioned = true
			named = named || strings.Contains(s, f.Text)
		case f.Kind == "percentage" || f.Kind == "price":
			value = value || strings.Contains(s, f.Text)
		}
	}
	return conditioned && value && !named
}

// askedBefore is the question that stands right before part k of block b:
// the part before it in the block, or for the block's first part a
// heading of the same section just above it that ends in a question mark
// ("Under 12?" over "Kids ride free."). "" where none does.
func askedBefore(k int, parts []string, before, b fork.Brief) string {
	q := ""
	switch {
	case k > 0:
		q = strings.TrimSpace(parts[k-1])
	case headingRoles[before.Role] && before.Section == b.Section:
		q = strings.TrimSpace(before.Text)
	}
	if !strings.HasSuffix(q, "?") {
		return ""
	}
	return q
}

// statesValue reports a sentence that states what an offer gives (a
// price, a percentage, a code, something free): the kind of line a
// question before it can limit to some readers.
func statesValue(s string, facts []fork.Fact) bool {
	for _, f := range facts {
		if f.Text == "" || !strings.Contains(s, f.Text) {
			continue
		}
		switch {
		case f.Kind == "percentage", f.Kind == "price", f.Kind == "code", f.Kind == "claim" && f.Claim == "free":
			return true
		}
	}
	return false
}

// statesAny reports text that states one of facts.
func statesAny(text string, facts []fork.Fact) bool {
	return slices.ContainsFunc(facts, func(f fork.Fact) bool { return f.Text != "" && strings.Contains(text, f.Text) })
}

// gluedLabel reports a sentence that starts with a label run into it
// ("Anual Planos com até 15%…": a tab's label and the plan's text): two
// capitalised words where a sentence has one. German capitalises its
// nouns, so it is not judged.
func gluedLabel(s, lang string) bool {
	if lang == "de" {
		return false
	}
	first, rest, ok := strings.Cut(s, " ")
	second := firstWord(rest)
	if !ok || second == "" || strings.ToUpper(second) == second {
		return false
	}
	if !unicode.IsUpper(firstRuneOf(first)) || !unicode.IsUpper(firstRuneOf(second)) || unicode.IsUpper(firstRuneOf(first[1:]+" ")) {
		return false
	}
	// A line in Title Case ("Free Shipping + 60 Day Money Back") capitalises
	// every word: its first is no label run into a sentence.
	_, after, _ := strings.Cut(rest, " ")
	for i, w := range strings.Fields(after) {
		if i == 3 {
			break
		}
		if r := firstRuneOf(w); unicode.IsLetter(r) && unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// ownElement reports a block whose text opens with word in an element of
// its own ("<b>Anual</b> Planos com…": a tab's label run into the plan's
// text). "Full Pass tickets can be refunded" opens with two capitals too,
// and its first word is the ticket's name.
func ownElement(b fork.Brief, word string) bool {
	t, ok := leadingElement(b)
	return ok && strings.Trim(t, ":,.") == word
}

// leadingElement is the text of the element that opens the block's
// markup, trimmed ("<b>Anual</b> Planos…": "Anual"), if it holds text only.
func leadingElement(b fork.Brief) (string, bool) {
	toks := markup.Tokens(b.Markup)
	for len(toks) > 0 && toks[0].Kind == markup.Text && strings.TrimSpace(toks[0].Text) == "" {
		toks = toks[1:]
	}
	if len(toks) < 3 || toks[0].Kind != markup.Open || toks[1].Kind != markup.Text || toks[2].Kind != markup.Close {
		return "", false
	}
	return strings.TrimSpace(toks[1].Text), true
}

// afterBoldLabel is s without the label that opens its block in an
// element of its own and ends in a full stop or a colon ("<strong>25 jaar
// garantie.</strong> 25 jaar productgarantie …"): a few words without a
// verb, with a sentence after it that can lead alone. False where s does
// not open with such a label.
func afterBoldLabel(b fork.Brief, s, lang string) (string, bool) {
	label, ok := leadingElement(b)
	if !ok || !strings.HasSuffix(label, ".") && !strings.HasSuffix(label, ":") || wordCount(label) > maxLabelWords || hasFiniteVerb(label, lang) {
		return "", false
	}
	rest, ok := strings.CutPrefix(s, label)
	rest = strings.TrimSpace(rest)
	if !ok || wordCount(rest) < minLeadWords {
		return "", false
	}
	return capitalize(rest), true
}

// maxLabelWords is the most words of a list item's label.
const maxLabelWords = 4

// unbalanced reports a line that opens a bracket or a quotation it does not
// close: a piece cut out of a longer sentence.
func unbalanced(s string) bool {
	return strings.Count(s, "(") != strings.Count(s, ")") || strings.Count(s, "\"")%2 != 0 ||
		strings.Count(s, "“") != strings.Count(s, "”") || strings.Count(s, "«") != strings.Count(s, "»")
}

// scoreLine rates how well a line carries a profile's substance: three
// points for a cue word and one for each further one; for each kind of
// fact the profile looks for that the line states, four points for the
// first two kinds listed and three for the rest; for a profile whose proof
// is in figures (Substance.Figures), a point for each of up to maxFigures
// figures in a line its cue words already lead with. A line with a
// struck-out price never scores: it is not the offer.
func scoreLine(l line, s fork.Substance, plan *fork.Plan) int {
	score, _ := weighLine(l, s, nil, plan, false)
	return score
}

// mayHold reports whether l could hold one of the facts or the role s
// looks for without a cue word beside it: a line that cannot, and holds
// no cue word, scores nothing (weighLine). It may say yes where weighLine
// then finds nothing; it never says no where weighLine scores.
func mayHold(l line, s fork.Substance) bool {
	for _, want := range s.Facts {
		switch {
		case want == "quote":
			// A quote counts only beside a cue word.
		case strings.HasPrefix(want, "role:"):
			if want[len("role:"):] == string(l.role) {
				return true
			}
		case want == "saving":
			if slices.ContainsFunc(l.facts, func(f fork.Fact) bool { return f.Kind == "price" && f.Amount > 0 || f.Kind == "percentage" }) {
				return true
			}
		default:
			if slices.ContainsFunc(l.facts, func(f fork.Fact) bool { return factIs(f, want) }) {
				return true
			}
		}
	}
	return false
}

// weighLine is scoreLine with what earned the score: the cue words and
// the facts found, for a plan's material. Only with explain does it say
// so: ranking the page's lines for every profile needs the score alone.
// A cueSet of s's cues (cs, nil to build none) finds its cue words
// faster where many lines are weighed.
func weighLine(l line, s fork.Substance, cs *cueSet, plan *fork.Plan, explain bool) (int, []string) {
	lower := l.lower
	if lower == "" {
		lower = strings.ToLower(l.text)
	}
	if expired(plan, l.facts) {
		// "Launch offer: first month at €199 with code CANAL50, valid
		// until 30 June 2025", read in 2026: no visitor can take it, and
		// a fork that leads with it tests a dead offer.
		return 0, nil
	}
	if slices.ContainsFunc(l.facts, func(f fork.Fact) bool { return f.Value == autoRenew }) {
		// "After the 7-day trial your subscription runs on unless you
		// cancel": the offer's catch leads for no one, however many of
		// the reader's words it holds ("automatisch", "7 dagen" made it a
		// busy reader's time to value on a page of our own).
		return 0, nil
	}
	score := 0
	var why []string
	var hits []string
	if cs != nil && !mayHold(l, s) {
		// A line without a cue word, a fact or a role the profile looks
		// for scores nothing: say so before reading it for the phrases
		// that take a cue back (Unlike), which only remove cues. Most of
		// a page's lines are such lines, for most profiles.
		words := l.words
		if words == nil {
			words = lineWords(lower)
		}
		if !cs.any(lower, words) {
			return 0, nil
		}
	}
	gone := func(fork.Fact) bool { return false }
	if len(s.Unlike) > 0 {
		if m := blankPhrases(lower, s.Unlike); m != lower {
			// A fact the phrase held goes with it: "ne sont pas
			// remboursées" states no refund, whatever the ledger read.
			was := lower
			gone = func(f fork.Fact) bool {
				t := strings.ToLower(f.Text)
				return strings.Contains(was, t) && !strings.Contains(m, t)
			}
			lower = m
			l.words = nil // read again from what is left
		}
	}
	if len(s.Saving) > 0 {
		if m := blankDeferred(lower); m != lower {
			// "After 60 days, receive a fresh supply at 20% off plus free
			// shipping": the repeat order's terms are no value of the
			// offer, whatever saving words they hold.
			lower = m
			l.words = nil
		}
	}
	if cs == nil {
		for _, c := range s.Cues {
			if containsWord(lower, c) {
				hits = append(hits, c)
			}
		}
	} else {
		words := l.words
		if words == nil {
			words = lineWords(lower)
		}
		hits = cs.hits(lower, words)
	}
	if l.asked != "" && len(hits) > 0 {
		// The question says what the answer is about: its cue words count
		// once each, beside the answer's own. It never makes a line
		// material by itself: "Porque no somos un marketplace." answers
		// "¿Por qué un reacondicionado?" and says nothing of the kind.
		var more []string
		if cs == nil {
			for _, c := range s.Cues {
				if containsWord(l.asked, c) {
					more = append(more, c)
				}
			}
		} else {
			more = cs.hits(l.asked, lineWords(l.asked))
		}
		for _, c := range more {
			if !slices.Contains(hits, c) {
				hits = append(hits, c)
			}
		}
	}
	// Only a line with a time word or a span of time can give one as a
	// way: reading every line's words for it cost a tenth of a fork.
	travel := (slices.ContainsFunc(hits, func(c string) bool { return timeUnitCues[c] }) || timeFact(l.facts)) && travelTime(lower, plan.Target.Base())
	if travel {
		// "10 minutes up the road" is how far, not how soon: no time
		// word or figure of the line counts.
		hits = slices.DeleteFunc(hits, func(c string) bool { return timeUnitCues[c] })
	}
	for _, c := range hits {
		score += 1 + 2*boolInt(score == 0)
		if explain {
			why = append(why, fmt.Sprintf("%q", strings.Replace(c, "*", "…", 1)))
		}
	}
	// A line whose only prices are struck out leads with a price no one
	// pays; one that states the price paid beside the struck one ("8 € a
	// night instead of 15 €") states the saving, and may lead.
	struck, paid := false, false
	for _, f := range l.facts {
		if misstated(plan, l.block, f) {
			return 0, nil
		}
		if f.Kind == "price" {
			if struckOut(plan.Blocks[l.block], f) {
				struck = true
			} else {
				paid = true
			}
		}
	}
	if struck && !paid {
		return 0, nil
	}
	cued := score > 0
	if s.Figures && score >= minLeadScore { // two cue words: 3 + 1
		n := 0
		for _, f := range l.facts {
			if bareFigure[f.Kind] && n < maxFigures {
				n++
				score++
				if explain {
					why = append(why, f.Text)
				}
			}
		}
	}
	for i, want := range s.Facts {
		if want == "quote" {
			// A customer's quote is the profile's proof where it speaks of
			// what the profile looks for ("my kids love it" for a parent):
			// any quote at all is no reason to move it up.
			if cued && l.role == fork.RoleTestimonial {
				score += 3
				why = append(why, "a customer's words")
			}
			continue
		}
		held := strings.HasPrefix(want, "role:") && want == "role:"+string(l.role)
		if want == "saving" {
			if f, ok := saving(l, s.Saving, lower); ok {
				held = true
				if explain {
					why = append(why, "a saving of "+f.Text)
				}
			}
			if held {
				score += 3 + boolInt(i < 2)
			}
			continue
		}
		for _, f := range l.facts {
			if gone(f) {
				continue
			}
			// A bare figure says nothing by itself: "100% secure" is no
			// discount and "5 GB" no time saved; nor does a word claim
			// read for another audience: "the only connection" is no mark
			// of distinction, a ticket "transferred free of charge" no
			// first step. They count next to a cue.
			if want == "claim:free" && f.Value == "free:free" && guaranteed(l.facts) {
				// "If you are not satisfied, we repaint for free": what is
				// free is the guarantee's remedy, the cautious reader's
				// material, not a saving on the offer.
				continue
			}
			if want == "claim:free" && deferred(lower, f) {
				continue // "after 60 days, … plus free shipping": the repeat order's terms
			}
			if want == "claim:free" && f.Value == "free:free" && freePolicy(lower, f) {
				// "You're welcome to cancel or move your slot free of
				// charge": what is free is the way out, the cautious
				// reader's material, not the offer's value (a new page
				// of our own: a bargain hunter's fork moved a booking
				// policy up as the page's saving).
				continue
			}
			if want == "claim:free" && f.Value == "free:free" && l.role == fork.RoleFAQAnswer {
				// An answer's "free of charge" is a policy (a ticket
				// transferred, an import done for you), not the offer's
				// value: graders twice read it in a bargain hunter's hero
				// as "not a saving". A free trial, plan or shipping says
				// what it is and still counts.
				continue
			}
			if want == "quantity:time" && travel {
				continue
			}
			if want == "price:for" && (struckOut(plan.Blocks[l.block], f) || !priceFor(lower, f, s.PriceFor)) {
				continue // a price is the reader's own only where the line says so ("children … 8 € a night")
			}
			// A count of those who use it says what it counts ("1,500
			// members"): it needs no cue beside it, where "5 GB" does.
			if factIs(f, want) && (cued || !bareFigure[f.Kind] && !cueOnlyClaim[f.Claim] || want == "quantity:usage" || want == "quantity" && measures(l.facts) >= 2) {
				held = true
				if utf8.RuneCountInString(f.Text) <= 40 {
					why = append(why, f.Text)
				} else {
					why = append(why, "a "+string(f.Kind)) // a whole guarantee line is named, not repeated
				}
			}
		}
		if held {
			score += 3 + boolInt(i < 2)
		}
	}
	if score == 0 {
		return 0, nil
	}
	if terms(l.facts) && slices.ContainsFunc(s.Facts, guaranteeWant) {
		// "Refundable until June 20th, minus a €15 fee" says what the way
		// out is; "contact us for a refund" only that there is one. Only
		// to a reader who looks for a guarantee: a bargain hunter's best
		// value is no "Free Shipping + 60 Day Money Back Guarantee" by its
		// terms (graders read it named as the line Omax3 leads with, over
		// its "Buy One, Get One Free").
		score += 2
		why = append(why, "its terms")
	}
	if restricted(lower, s) {
		// An offer only some readers qualify for ("Registered nonprofits
		// get 20% off") is not the profile's reader's: it never leads.
		return 0, nil
	}
	return score, why
}

// soldOutCards are the blocks of the offers the page says are sold out,
// by block ID: a card (a heading and the blocks under it, up to the next
// heading) that states a price and holds a sold-out line ("Prepaid 12
// weeks … save $96 … Sold out this month"). Its saving is no one's to
// take.
func soldOutCards(plan *fork.Plan) map[int]bool {
	out := map[int]bool{}
	start := 0
	flush := func(end int) {
		card := plan.Blocks[start:end]
		priced := slices.ContainsFunc(card, func(b fork.Brief) bool {
			return slices.ContainsFunc(b.Facts, func(f fork.Fact) bool { return f.Kind == "price" })
		})
		if priced && slices.ContainsFunc(card, func(b fork.Brief) bool { return extract.SaysUnavailable(b.Text) }) {
			for _, b := range card {
				out[b.ID] = true
			}
		}
	}
	for i, b := range plan.Blocks {
		if i > start && (headingRoles[b.Role] && b.Role != fork.RoleMetaDescription || b.Section != plan.Blocks[start].Section) {
			flush(i)
			start = i
		}
	}
	if len(plan.Blocks) > 0 {
		flush(len(plan.Blocks))
	}
	return out
}

// planNames are the names of the page's plans, in lower case
// (planNameAt).
func planNames(plan *fork.Plan) []string {
	var out []string
	for i := range plan.Blocks {
		if name, ok := planNameAt(plan, i); ok {
			out = append(out, name)
		}
	}
	return out
}

// planNameAt is the name of a plan that block i heads, in lower case: a
// heading that is a name the ledger read and nothing else ("Growth",
// "Scale"), with a price among the next blocks of its section.
func planNameAt(plan *fork.Plan, i int) (string, bool) {
	b := plan.Blocks[i]
	if !headingRoles[b.Role] || b.Role == fork.RoleMetaDescription {
		return "", false
	}
	t := strings.TrimSpace(b.Text)
	if !slices.ContainsFunc(b.Facts, func(f fork.Fact) bool { return f.Kind == "name" && strings.EqualFold(f.Text, t) }) {
		return "", false
	}
	for _, next := range plan.Blocks[i+1 : min(i+4, len(plan.Blocks))] {
		if next.Section == b.Section && slices.ContainsFunc(next.Facts, func(f fork.Fact) bool { return f.Kind == "price" }) {
			return strings.ToLower(t), true
		}
	}
	return "", false
}

// expired reports facts that state a day or a month before the plan's
// time (Plan.Now), with its year: what the line dates is over. A year
// alone ("since 2019") dates no offer, and a day without its year
// ("June 20th") may come round again.
func expired(plan *fork.Plan, facts []fork.Fact) bool {
	if plan.Now.IsZero() {
		return false
	}
	for _, f := range facts {
		if f.Kind != "date" {
			continue
		}
		var end time.Time
		if t, err := time.Parse("2006-01-02", f.Value); err == nil {
			end = t.AddDate(0, 0, 1)
		} else if t, err := time.Parse("2006-01", f.Value); err == nil {
			end = t.AddDate(0, 1, 0)
		} else {
			continue
		}
		if !end.After(plan.Now) {
			return true
		}
	}
	return false
}

// guaranteeWant reports a Substance.Facts entry that asks for a
// guarantee or a way out.
func guaranteeWant(want string) bool {
	switch want {
	case "guarantee", "claim:guarantee", "claim:way-out", "role:guarantee":
		return true
	}
	return false
}

// autoRenew is the ledger's claim for a plan that renews itself unless
// cancelled.
const autoRenew = "condition:auto-renew"

// priceFor reports whether the clause of lower that states price or free
// claim f names whom it is for with one of words: "Kinder von 6 bis 14
// Jahren zahlen nur 8 €", "Family plan: $14.99", "Prima visita gratuita
// per i bambini"; not "charged $50 … — we know life happens, especially
// with kids", whose children stand in another clause.
func priceFor(lower string, f fork.Fact, words []string) bool {
	clause, ok := clauseOf(lower, f)
	if !ok {
		return false
	}
	if i := strings.Index(lower, clause); i > 0 {
		// "Signing up with your brother or sister? You both get €100
		// off": the question before the price says whom it is for.
		if before := strings.TrimRight(lower[:i+1], " "); strings.HasSuffix(before, "?") {
			q := before[:len(before)-1]
			if k := strings.LastIndexAny(q, clauseStops); k >= 0 {
				q = q[k:]
			}
			clause = q + " " + clause
		}
	}
	return slices.ContainsFunc(words, func(w string) bool { return containsWord(clause, w) })
}

// clauseOf is the clause of lower that states fact f, delimited by the
// marks that end one (.;!?—–|·); false where lower does not hold it.
func clauseOf(lower string, f fork.Fact) (string, bool) {
	// Offsets are the lowered line's: lowering may change a rune's
	// length ("İ" is two bytes, "i̇" three), so the fact is lowered too.
	ft := strings.ToLower(f.Text)
	i := strings.Index(lower, ft)
	if i < 0 {
		return "", false
	}
	from, to := 0, len(lower)
	if k := strings.LastIndexAny(lower[:i], clauseStops); k >= 0 {
		from = k
	}
	if k := strings.IndexAny(lower[i+len(ft):], clauseStops); k >= 0 {
		to = i + len(ft) + k
	}
	return lower[from:to], true
}

// clauseStops are the marks that end a clause (clauseOf, blankDeferred).
const clauseStops = ".;!?—–|·"

// guaranteed reports a line that states a guarantee.
func guaranteed(facts []fork.Fact) bool {
	return slices.ContainsFunc(facts, func(f fork.Fact) bool { return factIs(f, "claim:guarantee") || f.Kind == "guarantee" })
}

// misstated reports a percentage the page states as a saving that the
// block's own prices contradict (Plan.Misstatements): a fork never leads
// with it, above the sum (a claim the page cannot back) or below it
// (graders twice asked that a figure the notes call wrong not be put in
// the hero); the result's notes tell the owner to correct the figure or
// the prices.
func misstated(plan *fork.Plan, block int, f fork.Fact) bool {
	for _, m := range plan.Misstatements {
		if m.Block == block && m.Stated.Text == f.Text && f.Kind == m.Stated.Kind {
			return true
		}
	}
	return false
}

// saving finds the amount a line names as a saving: a price or a
// percentage in a line that holds one of the profile's saving words ("Save
// $19.89 per year", "Economize R$ 181,20", "20% off"). A struck-out price
// is never one: the line fails to score before it is asked.
func saving(l line, words []string, lower string) (fork.Fact, bool) {
	named := false
	for _, w := range words {
		if containsWord(lower, w) {
			named = true
			break
		}
	}
	if !named {
		return fork.Fact{}, false
	}
	// Of several amounts ("costs 39.99 a year instead of 4.99 a month:
	// you save 20%"), the one nearest after the saving word is the saving.
	best, found, at := fork.Fact{}, false, savingAt(lower, words)
	before := comparativeAt(lower, at) // "30% cheaper than $4 a month": the 30%
	dist := func(f fork.Fact) int {
		i := strings.Index(lower, strings.ToLower(f.Text))
		if before {
			if i <= at {
				return at - i
			}
			return len(lower) + i - at // after the word: only if none stands before
		}
		if i < at {
			return len(lower) + at - i // before the word: only if none follows
		}
		return i - at
	}
	for _, f := range l.facts {
		if (f.Kind == "price" && f.Amount > 0) || f.Kind == "percentage" {
			if !found || dist(f) < dist(best) {
				best, found = f, true
			}
		}
	}
	if found && deferred(lower, best) {
		// "After 60 days, receive a fresh supply at 20% off": the price
		// of the repeat order a first purchase signs up for, not a
		// saving on the offer (graders, three rounds running, on
		// Omax3's auto-ship).
		return fork.Fact{}, false
	}
	if found && charged(lower, best) {
		// "No-shows are charged £10, which we knock off your next
		// service": the amount is a fee the reader pays, whatever word
		// takes it back later (a new page of our own).
		return fork.Fact{}, false
	}
	return best, found
}

// policyWords name a way out or a change of plan: "free" in the same
// part of a sentence (up to a comma) is a policy (a booking cancelled, a
// ticket transferred free of charge), not what the offer gives. Only
// words that say so: "transfer", "exchange" or "return" alone name
// offers too ("free airport transfer", "free coffee for returning
// customers").
var policyWords = []string{"cancel*", "reschedul*", "refund*", "transferred", "transferable",
	"storn*", "umbuch*", "übertragbar", "übertragen", "annul*", "rembours*", "transférable", "transférables", "transféré", "transférés",
	"cancela*", "reembols*", "transferible", "transferibles", "transferido", "transferidos", "transferível", "transferíveis",
	"disdett*", "rimbors*", "trasferibile", "trasferibili", "trasferito", "trasferiti",
	"annuleren", "annulering", "terugbetal*", "overdraagbaar", "overgedragen"}

// freePolicy reports a free claim (fact f of lower) whose part of a
// sentence, up to a comma, names a way out or a change of plan
// (policyWords): "you can cancel or move your slot free of charge", not
// "Start for free, cancel anytime".
func freePolicy(lower string, f fork.Fact) bool {
	clause, ok := clauseOf(lower, f)
	if !ok {
		return false
	}
	ft := strings.ToLower(f.Text)
	i := strings.Index(clause, ft)
	from, to := 0, len(clause)
	if k := strings.LastIndexByte(clause[:i], ','); k >= 0 {
		from = k
	}
	if k := strings.IndexByte(clause[i+len(ft):], ','); k >= 0 {
		to = i + len(ft) + k
	}
	part := clause[from:to]
	return slices.ContainsFunc(policyWords, func(w string) bool { return containsWord(part, w) })
}

// deferredPhrases say that what follows comes with a later, repeat
// order (as Unlike phrases are written, "#" a number): "after 60 days",
// "every 2 months", "on renewal".
var deferredPhrases = []string{"after # days", "after # weeks", "after # months", "every # days", "every # weeks", "every # months",
	"on renewal", "at renewal", "each refill", "every refill", "subsequent orders", "subsequent deliveries",
	"nach # tagen", "nach # wochen", "nach # monaten", "alle # tage", "alle # wochen", "alle # monate", "bei verlängerung",
	"après # jours", "après # semaines", "après # mois", "tous les # jours", "tous les # mois", "au renouvellement",
	"después de # días", "después de # semanas", "después de # meses", "cada # días", "cada # meses", "en la renovación",
	"após # dias", "após # semanas", "após # meses", "a cada # dias", "a cada # meses", "na renovação",
	"dopo # giorni", "dopo # settimane", "dopo # mesi", "ogni # giorni", "ogni # mesi", "al rinnovo",
	"na # dagen", "na # weken", "na # maanden", "elke # dagen", "elke # maanden", "bij verlenging"}

// blankDeferred blanks, keeping every offset, each clause of lower (as
// clauseOf cuts one) that puts what it says on a later, repeat order
// (deferredPhrases).
func blankDeferred(lower string) string {
	out := []byte(nil)
	for from := 0; from < len(lower); {
		to := len(lower)
		if k := strings.IndexAny(lower[from:], clauseStops); k >= 0 {
			to = from + k + 1
		}
		if defers(lower[from:to]) {
			if out == nil {
				out = []byte(lower)
			}
			for k := from; k < to; k++ {
				out[k] = ' '
			}
		}
		from = to
	}
	if out == nil {
		return lower
	}
	return string(out)
}

// deferred reports a saving (fact f of lower) whose clause puts it on a
// later, repeat order (deferredPhrases).
func deferred(lower string, f fork.Fact) bool {
	clause, ok := clauseOf(lower, f)
	return ok && defers(clause)
}

// defers reports a clause that holds one of deferredPhrases.
func defers(clause string) bool { return deferredSet.in(clause) }

// deferredSet indexes deferredPhrases by their first word. Built once;
// read-only afterwards.
var deferredSet = newPhraseSet(deferredPhrases)

// phraseSet answers whether a lower-case text holds one of its phrases
// (as phraseAt reads one: whole words, " # " a number) in one pass over
// the text's words: a phrase is tried only where its first word stands,
// where asking phraseAt for each phrase scanned the text once per phrase
// (the deferred orders' forty-odd phrases, for every line and profile).
type phraseSet struct {
	byFirst map[string][]string
}

// newPhraseSet indexes phrases (lower case) by their first word.
func newPhraseSet(phrases []string) phraseSet {
	ps := phraseSet{byFirst: map[string][]string{}}
	for _, p := range phrases {
		first, _, _ := strings.Cut(p, " ")
		ps.byFirst[first] = append(ps.byFirst[first], p)
	}
	return ps
}

// in reports whether lower holds one of the set's phrases.
func (ps phraseSet) in(lower string) bool {
	start := -1
	for i, r := range lower {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && ps.startsAt(lower, start, i) {
			return true
		}
		start = -1
	}
	return start >= 0 && ps.startsAt(lower, start, len(lower))
}

// startsAt reports whether a phrase of the set starts with the word
// lower[start:end] and stands there whole.
func (ps phraseSet) startsAt(lower string, start, end int) bool {
	for _, p := range ps.byFirst[lower[start:end]] {
		if at, _ := phraseAt(lower[start:], p); at == 0 {
			return true
		}
	}
	return false
}

// chargeWords say that the amount after them is what the reader is
// charged: a fee, a penalty. ("frais" is also "fresh", "kosten" also
// "cost", "surcharge" a verb: left out.)
var chargeWords = wordSet("charged charge charges fee fees penalty fined berechnet gebühr strafgebühr facturé facturés facturée facturées pénalité cobra cobran cobrado cobrados cobramos recargo penalización cobrada multa addebitato addebitati addebitiamo penale boete")

// chargeNegators take a charge back: "no booking fees", "free of charge".
var chargeNegators = wordSet("no zero without free sans aucun aucuns aucune kein keine keinen ohne sin ningún ninguna sem nenhum nenhuma senza nessun nessuna geen zonder")

// charged reports an amount (fact f of lower) that one of the two words
// right before it, in its part of a sentence (up to a comma), names as
// charged ("are charged £10", "a fee of $5"), and no word right before
// that takes back ("no fee", "free of charge"): the reader pays it.
func charged(lower string, f fork.Fact) bool {
	i := strings.Index(lower, strings.ToLower(f.Text))
	if i < 0 {
		return false
	}
	head := lower[:i]
	if k := strings.LastIndexAny(head, ",;:.!?"); k >= 0 {
		head = head[k+1:]
	}
	before := strings.Fields(head)
	for k := len(before) - 1; k >= 0 && k >= len(before)-2; k-- {
		if !chargeWords[strings.Trim(before[k], "()")] {
			continue
		}
		negated := false
		for n := k - 1; n >= 0 && n >= k-2; n-- {
			negated = negated || chargeNegators[before[n]]
		}
		return !negated
	}
	return false
}

// comparatives are the saving words that follow their amount ("30%
// cheaper", "30 % günstiger"): the amount before them is the saving, the
// one after ("than $4 a month") what it is compared with.
var comparatives = []string{"cheaper", "günstiger", "billiger", "moins cher", "moins chère", "más barato", "más barata", "mais barato", "mais barata", "più economico", "più economica", "goedkoper"}

// comparativeAt reports a comparative saving word at byte at of lower.
func comparativeAt(lower string, at int) bool {
	return at < len(lower) && slices.ContainsFunc(comparatives, func(w string) bool { return wordIndex(lower[at:], w) == 0 })
}

// savingAt is where the first saving word of lower starts.
func savingAt(lower string, words []string) int {
	at := len(lower)
	for _, w := range words {
		if i := wordIndex(lower, w); i >= 0 {
			at = min(at, i)
		}
	}
	return at
}

// terms reports a guarantee stated with its terms: a date, a duration or a
// price (a fee) beside it.
func terms(facts []fork.Fact) bool {
	guarantee, term := false, false
	for _, f := range facts {
		guarantee = guarantee || f.Kind == "guarantee" || (f.Kind == "claim" && f.Claim == "guarantee")
		term = term || f.Kind == "date" || f.Kind == "price" || (f.Kind == "quantity" && timeUnits[f.Unit])
	}
	return guarantee && term
}

// maxMaterial bounds the lines a plan lists: the few worth moving up.
const maxMaterial = 5

// Material implements fork.MaterialFinder: the page's lines that carry
// the profile's substance, best first (ties in page order), each scoring
// at least what a line needs to lead a fork.
func (p *Provider) Material(plan *fork.Plan) []fork.Material {
	return materialOf(pageLines(plan), plan, nil)
}

// linesFinder is a MaterialFinder over lines cut once: the page's lines do
// not depend on the profile, so asking for every profile's material
// (fork.FittingProfiles) scores them eleven times but cuts them once.
type linesFinder []line

// Material implements fork.MaterialFinder for the note on the profiles a
// page serves better: a line that already leads the page (in the hero, or
// a quote whose section stands right under it) gives another profile's
// fork nothing more to test, so it is left out.
func (f linesFinder) Material(plan *fork.Plan) []fork.Material {
	return materialOf(f, plan, func(l line) bool { return canLead(plan, l) })
}

// HasMaterial reports whether Material would list a line: the first line
// of each text that scores, and that could lead. It scores without
// explaining and stops at the first.
func (f linesFinder) HasMaterial(plan *fork.Plan) bool {
	sub := plan.Profile.Substance
	seen := map[string]bool{}
	cues := cuesOf(sub)
	for _, l := range withParts(plan, f, sub, cues) {
		if seen[l.text] {
			continue
		}
		if l.score = scoreWith(l, sub, cues, plan); l.score < minLeadScore {
			continue
		}
		seen[l.text] = true
		if canLead(plan, l) {
			return true
		}
	}
	return false
}

// canLead reports whether a fork would put a scored line first: its
// section moves up, or it takes a hero slot. A line that already leads,
// or one that can go nowhere (a long sentence on a page whose sections do
// not move), gives the profile's fork nothing to test, and a note must
// not send the marketer to that fork.
func canLead(plan *fork.Plan, l line) bool {
	if leads(plan, l) {
		return false
	}
	if canMoveUp(plan, l) {
		return true
	}
	if l.moveOnly {
		return false
	}
	_, _, ok := placeLead(plan, l, nil)
	return ok
}

// materialOf is Material over lines already cut from the plan's page:
// those that score, and that keep (nil: every one) takes once scored.
func materialOf(lines []line, plan *fork.Plan, keep func(line) bool) []fork.Material {
	sub := plan.Profile.Substance
	type scored struct {
		l   line
		why []string
	}
	var found []scored
	seen := map[string]bool{}
	cues := cuesOf(sub)
	for _, l := range withParts(plan, lines, sub, cues) {
		score, why := weighLine(l, sub, cues, plan, true)
		if l.part {
			score = partScore
		}
		if score < minLeadScore || seen[l.text] {
			continue
		}
		seen[l.text] = true
		l.score = score
		if keep != nil && !keep(l) {
			continue
		}
		found = append(found, scored{l, uniqueStrings(why)})
	}
	sort.SliceStable(found, func(i, j int) bool { return better(found[i].l, found[j].l) })
	if len(found) > maxMaterial {
		found = found[:maxMaterial]
	}
	out := make([]fork.Material, len(found))
	for i, f := range found {
		out[i] = fork.Material{Block: f.l.block, Text: f.l.text, Why: fmt.Sprintf("%s (%s): %s", sub.Lead, strings.Join(f.why, ", "), sub.Why)}
	}
	return out
}

func uniqueStrings(list []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// eligibility are the groups an offer may be limited to, in the languages
// the profiles have cues for; each is a word's beginning ("student" holds
// "students" and "studenten").
var eligibility = []string{
	"nonprofit", "non-profit", "charities", "charity", "student", "teacher", "educator", "veteran", "military", "senior",
	"first responder", "healthcare worker", "studierende", "schüler", "gemeinnützig", "étudiant", "enseignant", "association",
	"estudiante", "profesor", "estudante", "professor", "studente", "studenti", "insegnant", "docent",
}

// restricted reports a line whose offer names a group it is limited to,
// unless the profile looks for that group (a parent's children's price).
func restricted(lower string, s fork.Substance) bool {
	for _, g := range eligibility {
		if atWordStart(lower, g) && !containsString(s.Cues, g) {
			return true
		}
	}
	return ageLimit(lower)
}

// agePrefixes stand before an age an offer is limited to ("Over 70?",
// "unter 26 Jahren", "moins de 26 ans").
var agePrefixes = []string{"over", "under", "aged", "ab", "unter", "über", "plus de", "moins de", "mayores de", "menores de", "más de", "oltre i", "sotto i", "boven de", "onder de", "vanaf", "acima de", "abaixo de"}

// ageWords follow an age: years, in each language.
var ageWords = wordSet("years year yrs jahre jahren ans an años año anni anno jaar anos ano")

// ageLimit reports a line that limits its offer to an age: a prefix, a
// number from 12 to 99, then the end of the phrase or a word for years
// ("over 70?", "under 26 years", "unter 26 Jahren"). "Over 70 routes" and
// "under 30 minutes" count things, not readers.
func ageLimit(lower string) bool {
	for _, p := range agePrefixes {
		for from := 0; from < len(lower); {
			i := wordIndex(lower[from:], p)
			if i < 0 {
				break
			}
			rest := strings.TrimLeft(lower[from+i+len(p):], " \u00a0")
			from += i + len(p)
			digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
			if digits != 2 {
				continue
			}
			after := rest[digits:]
			if after == "" || strings.ContainsRune("?,:;.!)", rune(after[0])) {
				return true
			}
			if ageWords[firstWord(strings.TrimLeft(after, " \u00a0"))] {
				return true
			}
		}
	}
	return false
}

// atWordStart reports whether lower holds prefix at the start of a word
// ("nonprofit" in "registered nonprofits").
func atWordStart(lower, prefix string) bool {
	for from := 0; from < len(lower); {
		i := strings.Index(lower[from:], prefix)
		if i < 0 {
			return false
		}
		i += from
		if r, _ := utf8.DecodeLastRuneInString(lower[:i]); i == 0 || !isWordRune(r) {
			return true
		}
		from = i + len(prefix)
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cueOnlyClaim are the claims that carry a profile's substance only with
// one of its cue words: the ledger finds them by words that serve many
// readers ("free", "the only", "patented"). A guarantee, a condition or an
// endorsement says what it is.
var cueOnlyClaim = map[fork.ClaimKind]bool{"free": true, "proof": true, "superlative": true, "scarcity": true, "allowance": true}

// maxFigures is the most figures that add to a line's weight
// (Substance.Figures): a table of numbers is no stronger outcome.
const maxFigures = 2

// bareFigure are the fact kinds that carry a profile's substance only
// with a word that says what the figure is.
var bareFigure = map[fork.FactKind]bool{"percentage": true, "number": true, "quantity": true}

// wayOut are the conditions that let a reader leave, or spare them a
// catch: a cautious reader's reassurance. "Renews automatically" and
// "billed annually" are conditions too, and no reassurance.
var wayOut = map[string]bool{
	"condition:cancel-anytime": true, "condition:no-contract": true, "condition:no-card": true,
	"condition:no-hidden-fees": true, "condition:month-to-month": true,
}

// factIs reports whether f is of the kind a Substance names.
func factIs(f fork.Fact, want string) bool {
	switch {
	case want == "claim:way-out":
		return string(f.Kind) == "claim" && wayOut[f.Value]
	case strings.HasPrefix(want, "claim:"):
		return string(f.Kind) == "claim" && string(f.Claim) == strings.TrimPrefix(want, "claim:")
	case want == "price:from":
		return string(f.Kind) == "price" && strings.Contains(f.Qualifier, "from")
	case want == "price:for":
		// A discount said for whom ("10 % for siblings") is that reader's
		// offer as a price is.
		return string(f.Kind) == "price" || string(f.Kind) == "percentage" || string(f.Kind) == "claim" && f.Claim == "free"
	case want == "quantity:time":
		return string(f.Kind) == "quantity" && timeUnits[f.Unit]
	case want == "quantity:usage":
		// "1 247 surfeurs", "3,200 restaurants": a count of those who use
		// it, large enough to prove use; "up to 3 users" is a plan's
		// limit, "500 mg" a dose.
		return string(f.Kind) == "quantity" && ledger.CountsUsage(f.Unit) && f.Amount >= minUsage
	}
	return string(f.Kind) == want
}

// measures counts the quantities of a thing's size, weight, heat or
// capacity among facts, not of time: "a 25 m pool with 5 lanes at 28 °C"
// states two and says what it is built as, cue word or not; "7 days"
// and "3 months" are terms, not specifics.
func measures(facts []fork.Fact) int {
	n := 0
	for _, f := range facts {
		if f.Kind == "quantity" && f.Unit != "" && !timeUnits[f.Unit] {
			n++
		}
	}
	return n
}

// minUsage is the least count of users, reviews or downloads that proves
// use ("quantity:usage").
const minUsage = 100

// timeUnits are the quantity units that measure time.
var timeUnits = map[string]bool{"s": true, "sec": true, "second": true, "min": true, "minute": true, "h": true, "hour": true, "day": true, "week": true}

// struckOut answers "is this price struck out" — the old price a page shows
// crossed through next to the one it charges ("was $49"). A struck-out
// price is not the offer: a bargain hunter's fork never leads with it.
// The ledger marks the prices that stand in a block's struck-out runs
// (Fact.Was); a price in a block whose element is struck through, or right
// after a "was" word, is one too.
func struckOut(b fork.Brief, f fork.Fact) bool {
	if f.Was {
		return true
	}
	for _, tag := range []string{"/del[", "/s[", "/strike["} {
		if strings.Contains(b.Path, tag) {
			return true
		}
	}
	i := strings.Index(b.Text, f.Text)
	if i < 0 {
		return false
	}
	before := strings.ToLower(strings.TrimRight(b.Text[:i], " :"))
	for _, w := range []string{"was", "regular", "regularly", "normally", "instead of", "statt", "anstatt", "au lieu de", "en lugar de", "antes"} {
		if strings.HasSuffix(before, " "+w) || before == w {
			return true
		}
	}
	return false
}

// containsWord reports whether lower holds phrase where a word starts; a
// phrase must end a word too, unless it is a stem written with a final "*"
// ("sustainab*", "économis*").
func containsWord(lower, phrase string) bool { return wordIndex(lower, phrase) >= 0 }

// wordIndex is where containsWord finds phrase in lower, or -1.
func wordIndex(lower, phrase string) int {
	phrase, stem := strings.CutSuffix(phrase, "*")
	for from := 0; from < len(lower); {
		i := strings.Index(lower[from:], phrase)
		if i < 0 {
			return -1
		}
		at := from + i
		end := at + len(phrase)
		startOK := at == 0 || !isWordRune(lastRune(lower[:at]))
		next := firstRuneOf(lower[end:])
		// A cue of several words may open a compound ("early bird-korting",
		// "money back-garantie"): glued by a hyphen, it is still said.
		endOK := end == len(lower) || !isWordRune(next) || stem || (next == '-' && strings.Contains(phrase, " ") && !adjectiveTail(lower[end+1:]))
		if startOK && endOK {
			return at
		}
		from = at + 1
	}
	return -1
}

// adjectiveTails end a hyphenated adjective ("more time-consuming",
// "cloud-based"): a cue before one is not said ("more time" is not).
var adjectiveTails = []string{"consuming", "based", "intensive", "related", "oriented", "heavy"}

// adjectiveTail reports text that opens with one of adjectiveTails.
func adjectiveTail(text string) bool {
	return slices.ContainsFunc(adjectiveTails, func(t string) bool {
		rest, ok := strings.CutPrefix(text, t)
		return ok && (rest == "" || !isWordRune(firstRuneOf(rest)))
	})
}

func firstRuneOf(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rankLines are the page's lines that carry the profile's substance, best
// first, but for a line whose figures the hero already states
// (repeatsHero: moved up, it would say them twice on one screen); ties go
// to the earlier line, so the choice is deterministic and
// favours what the page put first.
func rankLines(lines []line, s fork.Substance, plan *fork.Plan) []line {
	ranked, _ := rankRepeats(lines, s, plan)
	return ranked
}

// rankRepeats is rankLines and, apart, the lines it leaves out as repeats
// of the hero, best first.
func rankRepeats(lines []line, s fork.Substance, plan *fork.Plan) (ranked, repeats []line) {
	cues := cuesOf(s)
	h, _ := heroSlots(plan)
	for _, l := range withParts(plan, lines, s, cues) {
		l.score = scoreWith(l, s, cues, plan)
		switch {
		case l.score < minLeadScore:
		case h >= 0 && repeatsHero(plan, h, l):
			repeats = append(repeats, l)
		default:
			ranked = append(ranked, l)
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool { return better(ranked[i], ranked[j]) })
	sort.SliceStable(repeats, func(i, j int) bool { return better(repeats[i], repeats[j]) })
	return ranked, repeats
}

// better orders scored lines: the higher score first and, at one score, a
// line on the page before the meta description, a line before a part's
// heading (a part scores only what a line needs to lead, and any line that
// leads on its own comes first), then page order (the sort is stable).
func better(a, b line) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	if meta := fork.RoleMetaDescription; (a.role == meta) != (b.role == meta) {
		// The page's summary for search results says what the page says
		// elsewhere: at one score, the line a visitor reads is the
		// page's ("Disdici quando vuoi." in the hero, not the meta
		// description's "senza carta di credito").
		return b.role == meta
	}
	return !a.part && b.part
}

// scoreWith is scoreLine with a cueSet of s's cues; a part's heading
// scores partScore.
func scoreWith(l line, s fork.Substance, cues *cueSet, plan *fork.Plan) int {
	if l.part {
		return partScore
	}
	score, _ := weighLine(l, s, cues, plan, false)
	return score
}

// partScore is what a part of the page that carries the profile's
// substance only as a whole scores: the least a line needs to lead, so
// that any line that leads on its own comes first.
const partScore = minLeadScore

// withParts is lines in page order with, before the lines of each part of
// the page (a heading and the lines under it, up to the next heading) that
// carries the profile's substance only as a whole, a line for the part:
// its heading names what the profile looks for ("NewPipe is Open Source"
// for a skeptic) and a line under it does too ("we guarantee it is built
// from the source code"), though neither scores enough to lead alone.
// The part leads only by moving up with its section (moveOnly), never in
// the hero's copy, and only where its section can move: it is a heading,
// not a sentence to quote. Parts of the hero and parts whose own lines
// lead are left to those lines.
func withParts(plan *fork.Plan, lines []line, s fork.Substance, cues *cueSet) []line {
	h, _ := heroSlots(plan)
	hero := -1
	if h >= 0 {
		hero = plan.Blocks[h].Section
	}
	byBlock := map[int][]line{}
	for _, l := range lines {
		byBlock[l.block] = append(byBlock[l.block], l)
	}
	parts := map[int]line{} // the part's heading block → its line
	for i := 0; i < len(plan.Blocks); i++ {
		b := plan.Blocks[i]
		if !headingRoles[b.Role] || b.Role == fork.RoleMetaDescription || b.Section < 0 || b.Section == hero {
			continue
		}
		if _, named := planNameAt(plan, i); named {
			continue // a plan's name ("Growth") is no part on growth
		}
		lower := strings.ToLower(b.Text)
		head := line{text: b.Text, lower: lower, words: lineWords(lower), block: b.ID, role: b.Role, facts: b.Facts, moveOnly: true, part: true}
		headScore, _ := weighLine(head, s, cues, plan, false)
		if headScore == 0 || headScore >= minLeadScore {
			continue
		}
		best, bestScore, under := line{}, 0, 0
		for k := i + 1; k < len(plan.Blocks); k++ {
			n := plan.Blocks[k]
			if n.Section != b.Section || headingRoles[n.Role] {
				break
			}
			under++
			for _, l := range byBlock[n.ID] {
				if sc, _ := weighLine(l, s, cues, plan, false); sc > bestScore {
					best, bestScore = l, sc
				}
			}
		}
		if bestScore >= minLeadScore {
			continue
		}
		if bestScore == 0 && (under < minPartLines || !namesPart(head, cues)) {
			continue
		}
		head.facts = append(slices.Clip(head.facts), best.facts...)
		if !leads(plan, head) && !canMoveUp(plan, head) {
			// A part right under the hero already leads: it stays a
			// line of the ranking, so that the fork says the page
			// leads with it, where it had said the page had none.
			continue
		}
		parts[b.ID] = head
	}
	if len(parts) == 0 {
		return lines
	}
	out := make([]line, 0, len(lines)+len(parts))
	next := 0
	for id := range plan.Blocks {
		if p, ok := parts[id]; ok {
			out = append(out, p)
		}
		for next < len(lines) && lines[next].block == id {
			out = append(out, lines[next])
			next++
		}
	}
	return append(out, lines[next:]...)
}

// minPartLines is the fewest blocks under a heading that names the
// profile's material by a phrase (namesPart) for it to be a part alone:
// the steps of "How it works", not a heading over one line.
const minPartLines = 2

// namesPart reports a heading that names what the profile looks for by a
// cue of several words ("How it works", "So funktioniert's", "What to
// expect"): the section under it is that material as a whole, though none
// of its lines repeats a cue ("Sign up and get a test key instantly.").
func namesPart(head line, cues *cueSet) bool {
	if cues == nil {
		return false
	}
	return slices.ContainsFunc(cues.hits(head.lower, head.words), func(c string) bool { return strings.Contains(c, " ") })
}

// minLeadScore is the least a line must score to lead: a fact of one of
// the two kinds the profile wants most, or two cue words, or a cue and a
// fact. One cue word alone is too thin to lead with.
const minLeadScore = 4

// isWordRune is a rune that continues a word.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' || r == '-'
}
