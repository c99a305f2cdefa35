package address

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// germanVerbs are the German verbs whose orders the rewriter knows, by
// infinitive: an order at a clause's head ("Wähle deinen Tarif") becomes
// the infinitive and "Sie" ("Wählen Sie Ihren Tarif"). A verb whose
// order changes its vowel is listed as "infinitive:order" ("geben:gib").
// The verb's forms after "du" need no list: "du" is always said, and its
// verb ends in "-st".
const germanVerbs = `
starten wählen holen sichern buchen testen probieren entdecken melden registrieren bestellen kaufen
laden installieren kontaktieren schreiben rufen fragen sagen schicken senden suchen finden sparen
nutzen benutzen lernen erleben genießen schauen gestalten erstellen planen organisieren vereinbaren
reservieren zahlen bezahlen klicken tragen füllen machen kommen bleiben werden seien:sei haben lassen
warten beginnen legen gehen folgen schließen kündigen pausieren ändern wechseln vertrauen bestätigen
erhalten bekommen sammeln spenden unterstützen informieren besuchen denken öffnen prüfen überprüfen
zeigen schützen verpassen feiern entspannen abonnieren sprechen:sprich geben:gib nehmen:nimm
lesen:lies sehen:sieh helfen:hilf essen:iss vergessen:vergiss treffen:triff empfehlen:empfiehl
werfen:wirf tun:tu stellen bringen lernen nennen gönnen fangen wissen kochen freuen backen trinken bewegen trainieren erholen verwöhnen überzeugen überraschen erfahren lehnen anmelden hinterlegen verschieben fahren stornieren hören schlafen erzählen antworten loggen leihen mieten verkaufen beantragen
sitzen stehen liegen laufen:lauf spielen tanzen lachen schwimmen klettern malen singen bauen wandern üben
gießen rechnen
`

// germanNouns are orders a capital letter makes a noun at a sentence's
// head ("Suche", "Start", "Test"): there only a pronoun or an adverb after
// it makes it the order ("Ruf uns an", "Start jetzt").
var germanNouns = set("suche frage ruf rufe sage teile teil spiele plane plan folge wechsel besuche test start kauf buch klick spar sicher halt zahl reise bau schau tanz spiel vergleiche fülle spende gewinne gewinn stelle hab schlaf")

// germanOrderNext are the words after which a head word a noun shares is
// the order.
var germanOrderNext = set("wieder endlich besser ruhig uns dir dich mich jetzt heute gleich sofort doch mal einfach dein deine deinen deinem deiner deines hier los an ab auf aus ein")

// germanReaderNext are the words after an order that say it is one: the
// reader, as object or owner, or the writer ("Repariere dein Rad",
// "Schreibe uns").
var germanReaderNext = set("dir dich dein deine deinen uns mich")

// germanNotVerbs are lower-case words that end like a verb said to "du"
// ("-st") and are none.
var germanNotVerbs = set("ist fast selbst sonst erst meist zuerst zumindest längst höchst einst jüngst umsonst ernst zunächst nächst mindest best just fest bewusst trist robust jetzt")

// germanSecond are the forms said to "du" no rule gives, with the form
// said to "Sie".
var germanSecond = map[string]string{
	"bist": "sind", "hast": "haben", "kannst": "können", "willst": "wollen", "musst": "müssen",
	"darfst": "dürfen", "sollst": "sollen", "magst": "mögen", "möchtest": "möchten", "weißt": "wissen",
	"wirst": "werden", "siehst": "sehen", "gibst": "geben", "nimmst": "nehmen", "liest": "lesen",
	"isst": "essen", "vergisst": "vergessen", "lässt": "lassen", "fährst": "fahren", "läufst": "laufen",
	"hältst": "halten", "trägst": "tragen", "schläfst": "schlafen", "hilfst": "helfen",
	"sprichst": "sprechen", "triffst": "treffen", "wirfst": "werfen", "empfiehlst": "empfehlen",
	"fängst": "fangen", "tust": "tun", "reist": "reisen", "löst": "lösen", "wächst": "wachsen",
	"fällst": "fallen", "gefällst": "gefallen", "wäschst": "waschen", "brätst": "braten", "rätst": "raten", "lädst": "laden", "stößt": "stoßen", "weist": "weisen",
	"hattest": "hatten", "warst": "waren", "konntest": "konnten", "wolltest": "wollten",
	"würdest": "würden", "könntest": "könnten", "solltest": "sollten", "müsstest": "müssten",
	"hättest": "hätten", "wärst": "wären", "wärest": "wären", "durftest": "durften",
}

// germanPrefixes are the prefixes a verb said to "du" may carry in a
// clause whose verb stands last ("auswählst", "einsiehst", "erhältst").
var germanPrefixes = []string{"zusammen", "zurück", "wieder", "durch", "unter", "über", "fort", "fest", "nach", "weg", "auf", "aus", "bei", "ein", "her", "hin", "los", "mit", "vor", "ab", "an", "zu", "um", "er", "ver", "be", "ent", "emp", "zer"}

// german is the German rewriter's tables, built once.
type german struct {
	orders map[string]string // an order, lower case, to its infinitive
}

func newGerman() *german {
	g := &german{orders: map[string]string{}}
	for _, spec := range strings.Fields(germanVerbs) {
		inf, order, _ := strings.Cut(spec, ":")
		if order != "" {
			g.orders[order] = inf
			continue
		}
		stem, ok := strings.CutSuffix(inf, "en")
		switch {
		case strings.HasSuffix(inf, "eln"), strings.HasSuffix(inf, "ern"):
			stem = inf[:len(inf)-1]
			g.orders[stem[:len(stem)-2]+stem[len(stem)-1:]+"e"] = inf // "sammle"
			g.orders[stem+"e"] = inf                                  // "ändere"
			continue
		case !ok:
			continue
		}
		g.orders[stem+"e"] = inf
		if !needsE(stem) {
			g.orders[stem] = inf
		}
	}
	return g
}

// needsE reports a stem whose order keeps its "-e": after d or t, after m
// or n that follow a consonant ("öffne", "atme"), after -ig ("kündige").
func needsE(stem string) bool {
	if strings.HasSuffix(stem, "d") || strings.HasSuffix(stem, "t") || strings.HasSuffix(stem, "ig") {
		return true
	}
	if len(stem) >= 2 && (strings.HasSuffix(stem, "m") || strings.HasSuffix(stem, "n")) {
		r, _ := utf8.DecodeLastRuneInString(stem[:len(stem)-1])
		return !strings.ContainsRune("aeiouäöüh"+string(stem[len(stem)-1]), r)
	}
	return false
}

// blocker returns a word said to the readers as a group ("euch") that
// the rewrite leaves: one whose case no preposition, subject or order
// tells ("wir schicken euch" is "Ihnen", "wir rufen euch an" "Sie").
func (g *german) blocker(text string) (string, bool) {
	said := func(w string) bool { return germanGroupWords[w] }
	if _, ok := firstOf(text, said); !ok {
		return "", false // nothing said to a group: nothing the rewrite could leave (most texts, read without rewriting)
	}
	out, _ := g.rewrite(text, false)
	return firstOf(out, said)
}

// germanGroup are the forms said to "ihr" (the readers as a group) no rule
// turns into the form said to "Sie".
var germanGroup = map[string]string{
	"seid": "sind", "habt": "haben", "könnt": "können", "wollt": "wollen", "müsst": "müssen",
	"dürft": "dürfen", "sollt": "sollen", "mögt": "mögen", "wisst": "wissen", "werdet": "werden", "tut": "tun",
	"wart": "waren", "hattet": "hatten", "würdet": "würden", "könntet": "könnten", "möchtet": "möchten",
}

// germanNotGroupVerbs are words that end like a verb said to "ihr" ("-t")
// and are none: after "ihr" they are an adverb ("ihr jetzt", "ihr nicht").
var germanNotGroupVerbs = set("nicht jetzt selbst erst bereits sofort gut direkt oft mit seit meist zuerst zuletzt zunächst sonst fast just satt leicht bequem spät gemeinsam zusammen dort hier auch noch schon heute morgen gleich einfach insgesamt mindestens höchstens gerade bestimmt echt recht stets künftig weit laut bereit komplett")

// germanSubordinators open a clause whose verb stands last ("wenn ihr zu
// viert seid").
var germanSubordinators = set("wenn falls ob dass weil sobald solange bevor nachdem damit obwohl sofern als wie was wo wer woran worauf womit wofür wobei wozu worüber warum wann wieso weshalb")

// germanAccusative and germanDative are the prepositions that give "euch"
// its case when nothing else does: "für euch" is "für Sie", "mit euch"
// "mit Ihnen".
var (
	germanAccusative = set("für durch gegen ohne um")
	germanDative     = set("mit bei zu von aus nach seit gegenüber")
)

// germanGroupWords are "euch" and the possessives said to the readers as
// a group: a word of them says a clause is said to the group, and one the
// rewrite leaves keeps a page informal (blocker).
var germanGroupWords = set("euch euer eure euren eurem eurer eures")

// saysGroup reports a clause [from, to) that holds a word said to the
// readers as a group ("euch", "eure").
func saysGroup(text string, ws []span, from, to int) bool {
	for i := from; i < to; i++ {
		if germanGroupWords[lower(text[ws[i].start:ws[i].end])] {
			return true
		}
	}
	return false
}

// germanDativeVerbs and germanAccusativeVerbs are verbs, as "wir" and a
// third person say them, whose object the readers are in the dative
// ("wir helfen euch": "Ihnen") or the accusative ("wir beraten euch":
// "Sie").
var (
	germanDativeVerbs     = set("helfen hilft zeigen zeigt bieten bietet geben gibt schicken schickt senden sendet schreiben schreibt bringen bringt erklären erklärt empfehlen empfiehlt liefern liefert danken dankt gefällt gefallen stellen stellt")
	germanAccusativeVerbs = set("beraten berät begleiten begleitet unterstützen unterstützt informieren informiert erwarten erwartet begrüßen begrüßt holen holt rufen ruft besuchen besucht überraschen überrascht erinnern erinnert treffen trifft betreuen betreut")
)

// orderAt is where the order of a clause at its sentence's head stands:
// the clause's first word, or the word after an adverb that may lead an
// order ("Dann lass dir …").
func orderAt(text string, ws []span, from, to int) int {
	if from+1 < to && germanLeadAdverbs[lower(text[ws[from].start:ws[from].end])] {
		if r, _ := utf8.DecodeRuneInString(text[ws[from+1].start:]); !unicode.IsUpper(r) {
			return from + 1
		}
	}
	return from
}

// erStem reports a verb's stem in "-el" or "-er" whose infinitive ends in
// "-n" ("änder-n", "wander-n", "feier-n", "steuer-n"), not the "-ier" of
// "studier-en" nor the "-iel" of "spiel-en".
func erStem(stem string) bool {
	if !strings.HasSuffix(stem, "el") && !strings.HasSuffix(stem, "er") {
		return false
	}
	if strings.HasSuffix(stem, "eier") || strings.HasSuffix(stem, "euer") || strings.HasSuffix(stem, "auer") {
		return true
	}
	return !strings.HasSuffix(stem, "iel") && !strings.HasSuffix(stem, "ier")
}

// groupForm returns the form said to "Sie" of a verb said to "ihr"
// ("meldet" → "melden", "seid" → "sind"), or false for a word that is
// none.
func groupForm(w string) (string, bool) {
	if to, ok := germanGroup[w]; ok {
		return to, true
	}
	if germanNotGroupVerbs[w] || utf8.RuneCountInString(w) < 3 {
		return "", false
	}
	stem, ok := strings.CutSuffix(w, "t")
	if !ok {
		return "", false
	}
	if e, ok := strings.CutSuffix(stem, "e"); ok && (strings.HasSuffix(e, "d") || strings.HasSuffix(e, "t") || needsE(e)) {
		return e + "en", true // "meldet", "arbeitet", "öffnet" → "melden", "arbeiten", "öffnen"
	}
	if erStem(stem) {
		return stem + "n", true // "wandert" → "wandern", "feiert" → "feiern"
	}
	return stem + "en", true // "bekommt" → "bekommen"
}

// groupSubject reports whether word i of clause [from, to) is "ihr" said
// to the readers as their clause's subject: after the clause's verb at
// its head ("Meldet ihr euch an"), or before a word written small ("ihr
// bekommt", "wenn ihr zu viert seid"), never after a preposition ("mit
// ihr" is "with her") nor before a noun ("ihr Team" is "her team").
func groupSubject(text string, ws []span, from, to, i int) bool {
	word := text[ws[i].start:ws[i].end]
	low := func(k int) string { return lower(text[ws[k].start:ws[k].end]) }
	if lower(word) != "ihr" {
		return false
	}
	if word == "Ihr" && i != from {
		return false // "Ihr" inside a clause is the formal "your" already
	}
	if i > from && (germanAccusative[low(i-1)] || germanDative[low(i-1)]) {
		return false
	}
	if i == from+1 || i == from+2 && germanInvertingAdverbs[low(from)] {
		if _, ok := groupForm(low(i - 1)); ok && !strings.HasSuffix(low(i-1), "st") {
			return true // "Habt ihr Fragen?", "dann bekommt ihr alle 15 %"
		}
	}
	if i+1 >= to {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(text[ws[i+1].start:]); unicode.IsUpper(r) {
		return false
	}
	if i == from+1 && germanSubordinators[low(from)] {
		return true // "wenn ihr einen Kurs bucht": "her" would take a noun
	}
	next := low(i + 1)
	if germanGroupWords[next] || germanGroupNext[next] {
		return true
	}
	// "ihr bekommt", not "ihr neues Team" ("her new team") nor "wir geben
	// ihr eine Chance" ("her").
	_, verb := groupForm(next)
	return verb && !strings.HasSuffix(next, "st")
}

// germanInvertingAdverbs open a clause whose verb comes next, before its
// subject: "dann bekommt ihr", "so spart ihr".
var germanInvertingAdverbs = set("dann so da jetzt nun hier danach außerdem zusätzlich also deshalb dafür damit sonst trotzdem")

// germanGroupNext are the words after which "ihr" is the readers as a
// group, not "her": adverbs and particles ("ihr zu viert", "ihr nicht").
var germanGroupNext = set("nicht jetzt zu als noch schon gemeinsam zusammen auch gern gerne mal einfach direkt sofort dann alle beide")

// second returns the form said to "Sie" of a verb said to "du" ("wählst"
// → "wählen"), or false for a word that is none. own says the word's
// clause holds "du" itself: only there is a verb whose stem ends in s, ß
// or z ("passt", "nutzt") the reader's, since the form is also the third
// person's ("das passt").
func (g *german) second(w string, own bool) (string, bool) {
	if germanNotVerbs[w] {
		return "", false
	}
	if to, ok := germanSecond[w]; ok {
		return to, true
	}
	for _, p := range germanPrefixes {
		if rest, ok := strings.CutPrefix(w, p); ok {
			if to, ok := germanSecond[rest]; ok {
				return p + to, true
			}
		}
	}
	sibilant := strings.HasSuffix(w, "sst") || strings.HasSuffix(w, "ßt") || strings.HasSuffix(w, "zt")
	if sibilant {
		if !own || strings.HasPrefix(w, "ge") {
			// "ge-" with a sibilant is a participle: "gelöst", "genutzt".
			return "", false
		}
		return w[:len(w)-1] + "en", true
	}
	stem, ok := strings.CutSuffix(w, "st")
	if !ok || utf8.RuneCountInString(stem) < 2 {
		return "", false
	}
	switch {
	case erStem(stem):
		return stem + "n", true // "änderst" → "ändern", "feierst" → "feiern"; not "spielst", "justierst"
	case strings.HasSuffix(stem, "e"):
		return stem + "n", true // the "-e-" a stem needs: "arbeitest", "rechnest" → "arbeiten", "rechnen"
	}
	return stem + "en", true
}

// rewrite makes a German text's address formal, clause by clause: "du"
// becomes "Sie" and its verb the form said to "Sie"; "dein" becomes
// "Ihr"; "dich" and "dir" become "sich" where the reader is the clause's
// subject and "Sie" and "Ihnen" where not; an order at a clause's head
// becomes the infinitive and "Sie" ("Hol dir" → "Holen Sie sich").
func (g *german) rewrite(text string, _ bool) (string, int) {
	ws := words(text)
	if len(ws) == 0 {
		return text, 0
	}
	quoted := quotedWords(text, ws)
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = text[w.start:w.end]
	}
	n := 0
	// A text that speaks to the readers as a group ("ihr", "euch") says
	// its orders to them too: "Schreibt uns" is one there.
	groupText := false
	for _, w := range ws {
		if w := lower(text[w.start:w.end]); w == "ihr" || germanGroupWords[w] {
			groupText = true
			break
		}
	}
	// Sentences, then clauses within them.
	for from := 0; from < len(ws); {
		to := from + 1
		for to < len(ws) && (!strings.ContainsAny(text[ws[to-1].end:ws[to].start], ".!?") || ordinal(text, ws, to)) {
			to++
		}
		n += g.sentence(text, ws, from, to, out, quoted, groupText)
		from = to
	}
	if n == 0 {
		return text, 0
	}
	var b strings.Builder
	last := 0
	for i, w := range ws {
		b.WriteString(text[last:w.start])
		b.WriteString(out[i])
		last = w.end
	}
	b.WriteString(text[last:])
	return b.String(), n
}

// sentence rewrites words [from, to) of one sentence into out.
func (g *german) sentence(text string, ws []span, from, to int, out []string, quoted []bool, groupText bool) int {
	low := func(i int) string { return lower(text[ws[i].start:ws[i].end]) }
	hasDu := false
	for i := from; i < to; i++ {
		hasDu = hasDu || low(i) == "du"
	}
	n := 0
	ordered := false // an order came earlier in the sentence: "Ruf uns an (Mo–Fr) oder schreib"
	grouped := false // an order to the group came earlier: "Ladet eure Freunde ein, macht …"
	for c := from; c < to; {
		end := c + 1
		for end < to && !strings.ContainsAny(text[ws[end-1].end:ws[end].start], ",;:–—()\n") {
			end++
		}
		// A clause after a colon opens as a sentence does: "Gruppe
		// wählen: Such dir einen Termin aus."
		head := c == from || strings.Contains(text[ws[c-1].end:ws[c].start], ":")
		n += g.clause(text, ws, c, end, clauseAt{head: head, du: hasDu, groupText: groupText}, &ordered, &grouped, out, quoted)
		c = end
	}
	return n
}

// clause rewrites words [from, to) of one clause; head says it opens its
// sentence, du that the sentence says "du".
// clauseAt is what a clause's sentence and text say about it: whether it
// opens the sentence, whether the sentence says "du", whether the text
// speaks to the readers as a group.
type clauseAt struct{ head, du, groupText bool }

func (g *german) clause(text string, ws []span, from, to int, where clauseAt, ordered, grouped *bool, out []string, quoted []bool) int {
	head, du := where.head, where.du
	word := func(i int) string { return text[ws[i].start:ws[i].end] }
	low := func(i int) string { return lower(word(i)) }
	own := false
	for i := from; i < to; i++ {
		own = own || low(i) == "du"
	}
	n := 0
	finite := false // a verb said to "du" came before: a later "ge-" word is its participle ("Hast du es gelöst?")
	// The reader is the clause's subject so far ("dich" is "sich"), or
	// the subject of its infinitive with "zu" in a sentence said to the
	// reader: "Hör auf, es dir vorzunehmen".
	subject := (du || *ordered) && zuInfinitive(text, ws, from, to)
	at := from // where the clause's order stands: its head, or after an adverb ("Dann lass dir …")
	if head {
		at = orderAt(text, ws, from, to)
	}
	if inf, ok := g.order(text, ws, at, to, head, *ordered); ok && !quoted[at] && !hyphened(text, ws[at]) {
		if at > from {
			out[at] = inf + " Sie" // written small after its adverb: "Dann lassen Sie"
		} else {
			out[at] = caseLike(word(at), inf) + " Sie"
		}
		subject = true
		*ordered = true
		n++
	}
	// The readers as a group ("ihr", "euch", "euer"): "Sie" is said to
	// one reader and to many alike.
	group := false
	var groupVerbs map[int]bool // made only in a clause said to the group
	for i := from; i < to; i++ {
		if !groupSubject(text, ws, from, to, i) {
			continue
		}
		group = true
		if groupVerbs == nil {
			groupVerbs = map[int]bool{}
		}
		if i > from && i <= from+2 {
			groupVerbs[i-1] = true // "Habt ihr", "Meldet ihr euch", "dann bekommt ihr"
		}
		if i+1 < to && ws[i+1].start-ws[i].end <= 1 {
			groupVerbs[i+1] = true // "ihr bekommt"
		}
		if germanSubordinators[low(from)] {
			groupVerbs[to-1] = true // "wenn ihr zu viert seid"
		}
	}
	if at := orderAt(text, ws, from, to); !group && n == 0 && at+1 < to && !quoted[at] && !hyphened(text, ws[at]) && (head || *grouped) {
		// An order to the group, known by the group's word after it:
		// "Meldet euch an", "Dann bringt eure Räder mit", in a text said
		// to the group "Schreibt uns"; after one, the next clause's
		// ("Ladet eure Freunde ein, macht einen Sprung").
		next := low(at + 1)
		r, _ := utf8.DecodeRuneInString(word(at))
		isOrder := false
		switch {
		case germanGroupWords[next]:
			isOrder = true
		case next == "uns" && where.groupText && head:
			isOrder = true
		case *grouped && !head && !unicode.IsUpper(r) && saysGroup(text, ws, from, to):
			// Only a clause that speaks to the group again: "…, kostet
			// nichts" has a verb of its own.
			isOrder = true
		}
		if to, ok := groupForm(low(at)); isOrder && ok && !strings.HasSuffix(low(at), "st") {
			out[at] = caseLike(word(at), to) + " Sie"
			group = true
			*grouped = true
			n++
		}
	}
	for i := from; i < to && group; i++ {
		if quoted[i] || hyphened(text, ws[i]) {
			continue
		}
		w := low(i)
		rep := ""
		switch {
		case groupSubject(text, ws, from, to, i):
			rep = "Sie"
		case (w == "und" || w == "oder") && *grouped && i+2 < to && (low(i+2) == "euch" || strings.HasPrefix(low(i+2), "eure")) && !quoted[i+1]:
			// "… und erholt euch auf der Terrasse": a second order.
			if to, ok := groupForm(low(i + 1)); ok && word(i+1) == low(i+1) {
				out[i+1] = to + " Sie"
				n++
			}
			continue
		case w == "euch":
			rep = "sich"
		case w == "euer":
			rep = "Ihr"
		case w == "eure" || w == "euren" || w == "eurem" || w == "eurer" || w == "eures":
			rep = "Ihr" + w[3:]
		case groupVerbs[i] && out[i] == word(i) && !germanInvertingAdverbs[w]:
			if to, ok := groupForm(w); ok && (i == from || w == word(i)) {
				rep = caseLike(word(i), to)
			}
		}
		if rep != "" && rep != word(i) {
			out[i] = rep
			n++
		}
	}
	for i := from; i < to && !group; i++ {
		// "für euch", "mit euch": the preposition gives the case, or the
		// verb before it does ("wir helfen euch", "wir beraten euch").
		if low(i) == "euch" && i > from && !quoted[i] {
			switch {
			case germanAccusative[low(i-1)] || germanAccusativeVerbs[low(i-1)] || (low(i-1) == "wir" || low(i-1) == "ich") && i-2 >= from && germanAccusativeVerbs[low(i-2)]:
				out[i] = "Sie"
				n++
			case germanDative[low(i-1)] || germanDativeVerbs[low(i-1)] || (low(i-1) == "wir" || low(i-1) == "ich") && i-2 >= from && germanDativeVerbs[low(i-2)]:
				out[i] = "Ihnen"
				n++
			}
		}
	}
	for i := from; i < to; i++ {
		if quoted[i] || hyphened(text, ws[i]) {
			// "Hol- und Bringservice": a word cut before its hyphen is
			// part of a compound, never a verb.
			continue
		}
		w := low(i)
		if i > from && (subject || *ordered) && !own && (low(i-1) == "und" || low(i-1) == "oder") {
			// A second order in the clause: "Hol dir X und sichere dir Y".
			inf, ok := g.orders[w]
			if !ok && i+1 < to {
				inf, ok = unlisted(w, low(i+1))
			}
			if ok && w == word(i) {
				out[i] = inf + " Sie"
				subject = true
				n++
				continue
			}
		}
		if (w == "und" || w == "oder") && i+1 < to && germanNewSubject[low(i+1)] {
			// "wie du fällst und welche Routen zu dir passen": the
			// clause after "und" has a subject of its own.
			subject = false
		}
		var rep string
		switch w {
		case "wir", "ich", "er", "man":
			subject = false // another subject: "Schreib uns und wir buchen dich um"
			continue
		case "du":
			subject = true
			rep = "Sie"
		case "dein":
			rep = "Ihr"
		case "deins":
			rep = "Ihres" // "solange deins in der Werkstatt steht"
		case "deine", "deinen", "deinem", "deiner", "deines":
			rep = "Ihr" + w[4:]
		case "dir":
			rep = "Ihnen"
			if subject {
				rep = "sich"
			}
		case "dich":
			rep = "Sie"
			if subject {
				rep = "sich"
			}
		default:
			r, _ := utf8.DecodeRuneInString(word(i))
			first := i == from && head
			// A verb said to "du" is written small, but for the head of
			// a question ("Hast du Fragen?").
			if !du || unicode.IsUpper(r) && !(first && i+1 < to && low(i+1) == "du") {
				continue
			}
			if finite && participle(w) {
				continue
			}
			if !own && thirdToo(w) {
				// A form the third person shares ("nachlässt", "passt")
				// is the reader's only in du's own clause: "wenn der Wind
				// nachlässt" has a subject of its own.
				continue
			}
			to, ok := g.second(w, own)
			if !ok {
				continue
			}
			finite = true
			rep = caseLike(word(i), to)
		}
		if rep != word(i) {
			out[i] = rep
			n++
		}
	}
	return n
}

// ordinal reports a full stop before word i that ends a number, not a
// sentence: "bis zum 15. kündigst", "am 3. Mai" (a word written small
// after it, or a month).
func ordinal(text string, ws []span, i int) bool {
	gap := strings.TrimSpace(text[ws[i-1].end:ws[i].start])
	number, ok := strings.CutSuffix(gap, ".")
	if !ok {
		return false
	}
	if number == "" {
		number = text[ws[i-1].start:ws[i-1].end] // the number is a word of its own
	}
	if number == "" || strings.Trim(number, "0123456789") != "" || !strings.ContainsAny(number, "0123456789") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[ws[i].start:])
	return !unicode.IsUpper(r) || germanMonths[lower(text[ws[i].start:ws[i].end])]
}

// germanMonths are the months an ordinal's full stop stands before.
var germanMonths = set("januar jänner februar märz april mai juni juli august september oktober november dezember")

// germanNewSubject are the words that open a subject of its own after
// "und" or "oder": a question word or an article.
var germanNewSubject = set("welche welcher welches was wer wie wo die der das ein eine einer es sie wir ich er man")

// germanLeadAdverbs are the adverbs that may stand before an order at a
// sentence's head: "Dann lass dir einfach ein Ersatzrad bringen".
var germanLeadAdverbs = set("dann jetzt also bitte einfach nun gleich")

// hyphened reports a word joined to the next or the last by a hyphen
// ("Hol-", "-service"): a part of a compound, whatever its spelling.
func hyphened(text string, w span) bool {
	return strings.HasPrefix(text[w.end:], "-") || strings.HasSuffix(text[:w.start], "-")
}

// germanNotOrders are words that stand before "dich" or "dir" and give no
// order: prepositions, conjunctions, adverbs, pronouns ("Für dich",
// "Dank dir", "Alles für dich").
var germanNotOrders = set("der die das den dem des wer wen wem welcher welche welches falls sobald solange bevor nachdem während damit obwohl sondern also dann danach deshalb trotzdem außerdem seitdem indem sofern danke bitte hallo willkommen schön toll super für mit bei zu von ohne dank wegen trotz gegen um durch nach vor hinter neben über unter außer seit ab bis statt anstatt an auf aus in und oder aber denn wenn weil dass ob als wie hier jetzt auch nur noch schon so einfach gerne gern genau ganz was wer wo wann warum alles nichts etwas das es wir ich sie er man dies diese dieser zeit")

// unlisted returns the infinitive of an order the table lacks, known by
// the reader's word after it: its own self ("Koch dich durch", "Freu dich
// auf"), or for an order ending in "-e" the reader's things too
// ("Repariere dein Rad"). The infinitive is the order with "-en", or "-n"
// after its "-e" ("Gönne" → "Gönnen", "Sichere" → "Sichern").
func unlisted(w, next string) (string, bool) {
	if germanNotOrders[w] || utf8.RuneCountInString(w) < 3 {
		return "", false
	}
	self := next == "dich" || next == "dir"
	switch {
	case strings.HasSuffix(w, "e") && germanReaderNext[next]:
		if (strings.HasSuffix(w, "ere") || strings.HasSuffix(w, "ele")) && !strings.HasSuffix(w, "iere") && !strings.HasSuffix(w, "iele") {
			return w[:len(w)-1] + "n", true // "sichere" → "sichern"
		}
		return w + "n", true
	case self && !strings.HasSuffix(w, "e") && !strings.HasSuffix(w, "t"):
		// Not "-t": "Gefällt dir das?", "Interessiert dich das?" ask,
		// their verb said of a thing.
		if strings.HasSuffix(w, "el") || strings.HasSuffix(w, "er") {
			return w + "n", true
		}
		return w + "en", true // "koch" → "kochen"
	}
	return "", false
}

// germanThird are forms said to "du" that the third person says too.
var germanThird = set("liest lässt isst vergisst reist löst stößt wächst bläst weist misst frisst gießt heißt")

// thirdToo reports a form said to "du" that is the third person's too:
// a stem in s, ß, z or x ("passt", "nutzt"), or one of germanThird, with
// or without a prefix.
func thirdToo(w string) bool {
	if strings.HasSuffix(w, "sst") || strings.HasSuffix(w, "ßt") || strings.HasSuffix(w, "zt") || strings.HasSuffix(w, "xt") || germanThird[w] {
		return true
	}
	for _, p := range germanPrefixes {
		if rest, ok := strings.CutPrefix(w, p); ok && germanThird[rest] {
			return true
		}
	}
	return false
}

// zuInfinitive reports a clause that holds an infinitive with "zu" ("zu
// buchen", "vorzunehmen").
func zuInfinitive(text string, ws []span, from, to int) bool {
	for i := from; i < to; i++ {
		w := lower(text[ws[i].start:ws[i].end])
		if w == "zu" && i+1 < to && strings.HasSuffix(lower(text[ws[i+1].start:ws[i+1].end]), "en") {
			return true
		}
		if j := strings.Index(w, "zu"); j >= 2 && strings.HasSuffix(w, "en") && len(w) > j+4 {
			for _, p := range germanPrefixes {
				if w[:j] == p {
					return true
				}
			}
		}
	}
	return false
}

// participle reports a word shaped as a past participle: "ge-" at its
// head or after a separable prefix ("gelöst", "ausgewählt").
func participle(w string) bool {
	if strings.HasPrefix(w, "ge") {
		return true
	}
	for _, p := range germanPrefixes {
		if rest, ok := strings.CutPrefix(w, p); ok && strings.HasPrefix(rest, "ge") {
			return true
		}
	}
	return false
}

// order returns the infinitive of an order at the head of clause [from,
// to): a known order, at its sentence's head or at a clause's head after a
// comma or a dash written small ("…, schreib uns"), and not a noun that
// shares its spelling ("Suche", "Start") unless a pronoun or an adverb
// follows it ("Ruf uns an", "Start jetzt").
func (g *german) order(text string, ws []span, from, to int, head, chained bool) (string, bool) {
	word := text[ws[from].start:ws[from].end]
	w := lower(word)
	r, _ := utf8.DecodeRuneInString(word)
	inf, ok := g.orders[w]
	if !ok {
		// An order the table lacks opens its sentence, written with a
		// capital: a small word at a clause's head after a comma is as
		// often a relative ("…, der dich aufs Wasser bringt").
		// After another order of the sentence, a small one may follow
		// ("Stürz dich ins Abenteuer, schnapp dir deinen Platz").
		if !(head && unicode.IsUpper(r) || chained && !unicode.IsUpper(r)) || from+1 >= to {
			return "", false
		}
		return unlisted(w, lower(text[ws[from+1].start:ws[from+1].end]))
	}
	if !head && unicode.IsUpper(r) {
		return "", false
	}
	if from+1 < to && lower(text[ws[from+1].start:ws[from+1].end]) == "du" {
		return "", false // a question: "Hast du …", not an order
	}
	if unicode.IsUpper(r) && germanNouns[w] {
		if from+1 >= to || !germanOrderNext[lower(text[ws[from+1].start:ws[from+1].end])] {
			return "", false
		}
	}
	return inf, true
}
