package address

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// frenchIrregular are the verbs said to "tu" no rule turns into the form
// said to "vous", by their tu form.
var frenchIrregular = map[string]string{
	"es": "êtes", "as": "avez", "vas": "allez", "fais": "faites", "dis": "dites", "redis": "redites",
	"peux": "pouvez", "veux": "voulez", "vaux": "valez", "sais": "savez", "dois": "devez", "vois": "voyez",
	"revois": "revoyez", "prévois": "prévoyez", "reçois": "recevez", "aperçois": "apercevez",
	"mets": "mettez", "permets": "permettez", "promets": "promettez", "transmets": "transmettez", "soumets": "soumettez", "remets": "remettez", "admets": "admettez",
	"pars": "partez", "repars": "repartez", "sors": "sortez", "dors": "dormez", "sens": "sentez", "ressens": "ressentez", "sers": "servez",
	"lis": "lisez", "relis": "relisez", "connais": "connaissez", "reconnais": "reconnaissez", "bois": "buvez", "crois": "croyez",
	"vis": "vivez", "revis": "revivez", "suis": "suivez", "poursuis": "poursuivez", "cours": "courez", "parcours": "parcourez",
	"conclus": "concluez", "inclus": "incluez", "ris": "riez", "souris": "souriez", "fuis": "fuyez", "bats": "battez", "combats": "combattez",
	"ouvres": "ouvrez", "offres": "offrez", "découvres": "découvrez", "couvres": "couvrez", "souffres": "souffrez",
	// the irregular subjunctives: forms no "-es" rule reads
	"sois": "soyez", "aies": "ayez", "puisses": "puissiez", "fasses": "fassiez", "ailles": "alliez",
	"saches": "sachiez", "veuilles": "vouliez", "viennes": "veniez", "prennes": "preniez",
	// orders of their own
	"va": "allez", "aie": "ayez", "sache": "sachez",
}

// frenchEVerbs are the "-er" verbs whose "è" becomes "e" said to "vous"
// ("achètes" → "achetez"); the others take "é" ("préfères" → "préférez").
var frenchEVerbs = []string{"achèt", "lèv", "mèn", "pès", "achèv", "sèm", "amèn", "emmèn", "ramèn", "promèn", "soulèv", "enlèv", "relèv", "élèv", "prélèv"}

// frenchOrders are the orders the rewriter reads at a clause's head; a
// clause may open with any verb, and a word only these list is taken for
// one ("Commence gratuitement", not "Page d'accueil").
const frenchOrders = `
commence passe découvre essaie essaye profite télécharge crée rejoins teste choisis réserve abonne
inscris contacte appelle envoie demande commande clique utilise gère économise compare trouve ajoute
partage explore lance démarre active annule change accède laisse regarde écoute parle donne garde
paie paye achète rends prends fais viens va dis lis écris mets sois aie sache reçois obtiens suis
ouvre offre connecte installe goûte imagine planifie organise simplifie oublie écris réponds attends
pense vérifie termine finis remplis saisis profite visite consulte pars repars reviens sors vis apprends deviens
pédale roule marche nage dors mange goûte voyage respire bouge joue cuisine apprends récupère emporte laisse note
`

// frenchNouns are orders a noun shares at a sentence's head ("Offre de
// lancement", "Commande n° 12"): there only a word that can follow an
// order makes it one.
var frenchNouns = set("offre réserve commande demande change garde lance partage active visite paie écoute suis passe marche voyage cuisine joue nage note")

// frenchOrderNext are the words after which a head word a noun shares is
// the order.
var frenchOrderNext = set("ton ta tes le la les un une des nos notre maintenant dès vite gratuitement aujourd ici moi nous toi chaque")

// frenchChainNext are the words after which a word in "-e" that follows
// an order and "et" is an order too: "Reçois ton retour et continue à
// progresser".
var frenchChainNext = set("à au aux de du des en sur avec pour dans sans tout toujours ensuite maintenant vite")

// frenchJoined are the pronouns an order takes after a hyphen.
var frenchJoined = set("toi nous moi le la les lui leur y en")

// frenchBetween are the words that stand between "tu" and its verb.
var frenchBetween = set("ne n le la les l lui leur en y me m nous te t se s vous")

// frenchSubjunctive are the words after which "que tu" takes the
// subjunctive ("pour que tu puisses").
var frenchSubjunctive = set("pour afin avant sans bien faut condition jusqu")

type french struct {
	orders map[string]bool
}

func newFrench() *french {
	return &french{orders: set(frenchOrders)}
}

// vous returns the form said to "vous" of a verb said to "tu", or false
// for a word it cannot read. subj says the verb is a subjunctive ("pour
// que tu commences" → "commenciez").
func (f *french) vous(w string, subj bool) (string, bool) {
	if to, ok := frenchIrregular[w]; ok {
		return to, true
	}
	switch {
	case strings.HasSuffix(w, "iens"): // viens, tiens, obtiens
		return w[:len(w)-4] + "enez", true
	case strings.HasSuffix(w, "prends"):
		return w[:len(w)-6] + "prenez", true
	case strings.HasSuffix(w, "cris"): // écris, inscris
		return w[:len(w)-1] + "vez", true
	case w == "suis", w == "fuis":
		return "", false
	case strings.HasSuffix(w, "uis"): // conduis, traduis
		return w[:len(w)-1] + "ez", true
	case strings.HasSuffix(w, "oins"), strings.HasSuffix(w, "ains"), strings.HasSuffix(w, "eins"): // rejoins, crains, peins
		return w[:len(w)-2] + "gnez", true
	case strings.HasSuffix(w, "ds"): // attends, réponds
		return w[:len(w)-1] + "ez", true
	case strings.HasSuffix(w, "rais"): // pourrais
		return w[:len(w)-3] + "iez", true
	case strings.HasSuffix(w, "ras"): // pourras
		return w[:len(w)-2] + "ez", true
	case strings.HasSuffix(w, "ais"): // avais
		return w[:len(w)-2] + "iez", true
	case strings.HasSuffix(w, "is") && utf8.RuneCountInString(w) > 3: // choisis
		return w[:len(w)-1] + "ssez", true
	case strings.HasSuffix(w, "es") && utf8.RuneCountInString(w) > 3:
		stem := w[:len(w)-2]
		if subj {
			return stem + "iez", true
		}
		switch {
		case strings.HasSuffix(stem, "ai") || strings.HasSuffix(stem, "oi") || strings.HasSuffix(stem, "ui"):
			stem = stem[:len(stem)-1] + "y" // paies → payez
		case strings.HasSuffix(stem, "ell") || strings.HasSuffix(stem, "ett"):
			stem = stem[:len(stem)-1] // appelles → appelez
		}
		if i := strings.LastIndex(stem, "è"); i >= 0 {
			to := "é"
			for _, e := range frenchEVerbs {
				if strings.HasSuffix(stem, e) {
					to = "e"
				}
			}
			stem = stem[:i] + to + stem[i+len("è"):]
		}
		return stem + "ez", true
	}
	return "", false
}

// order returns the form said to "vous" of an order ("commence" →
// "commencez", "choisis" → "choisissez").
func (f *french) order(w string) (string, bool) {
	if strings.HasSuffix(w, "ez") || w == "dites" || w == "faites" {
		return "", false // already said to "vous": "Dites-nous", "Faites-le"
	}
	if to, ok := frenchIrregular[w]; ok && (w == "va" || w == "aie" || w == "sache" || w == "sois") {
		return to, true
	}
	if strings.HasSuffix(w, "e") {
		return f.vous(w+"s", false)
	}
	return f.vous(w, false)
}

// rewrite makes a French text's address formal word by word: "tu" and
// its verb, the pronouns and possessives said to the reader, and the
// orders.
func (f *french) rewrite(text string, _ bool) (string, int) {
	out, n, _ := f.apply(text)
	return out, n
}

// blocker returns a verb said to "tu" the rewriter cannot read: a page
// with one stays informal, since half of it formal reads worse.
func (f *french) blocker(text string) (string, bool) {
	_, _, unread := f.apply(text)
	return unread, unread != ""
}

func (f *french) apply(text string) (string, int, string) {
	ws := words(text)
	if len(ws) == 0 {
		return text, 0, ""
	}
	quoted := quotedWords(text, ws)
	out := make([]string, len(ws))
	gaps := make([]string, len(ws)+1) // the text before each word, and after the last
	last := 0
	for i, w := range ws {
		out[i] = text[w.start:w.end]
		gaps[i] = text[last:w.start]
		last = w.end
	}
	gaps[len(ws)] = text[last:]
	low := func(i int) string { return lower(text[ws[i].start:ws[i].end]) }
	n, unread := 0, ""
	set := func(i int, to string) {
		to = caseLike(out[i], to)
		if to != out[i] {
			out[i] = to
			n++
		}
	}
	hyphenBefore := func(i int) bool { return i > 0 && gaps[i] == "-" }
	chain := false // an order came earlier in the sentence
	cond := false  // the sentence opened with "si": the clause after its comma may open with an order
	for i := range ws {
		if quoted[i] {
			continue
		}
		if i == 0 || strings.ContainsAny(gaps[i], ".!?") {
			chain = false
			cond = low(i) == "si" || low(i) == "s"
		}
		w := low(i)
		switch w {
		case "tu":
			set(i, "vous")
			if hyphenBefore(i) {
				// "Peux-tu", "As-tu": the verb stands before.
				if to, ok := f.vous(low(i-1), false); ok {
					set(i-1, to)
				} else if unread == "" {
					unread = out[i-1]
				}
				continue
			}
			j := i + 1
			for j < len(ws) && frenchBetween[low(j)] && !strings.ContainsAny(gaps[j], ".!?,;:") {
				j++
			}
			if j >= len(ws) || strings.ContainsAny(gaps[j], ".!?,;:") {
				continue
			}
			// "que tu" after "pour", "afin", "bien"… or opening its
			// sentence ("Que tu aimes X ou Y, …") takes the subjunctive.
			subj := i >= 1 && low(i-1) == "que" && (i >= 2 && frenchSubjunctive[low(i-2)] || i == 1 || strings.ContainsAny(gaps[i-1], ".!?:;"))
			if to, ok := f.vous(low(j), subj); ok {
				set(j, to)
			} else if unread == "" {
				unread = out[j]
			}
			continue
		case "toi", "te":
			set(i, "vous")
			continue
		case "t":
			// "t'offre": the elided "te" before a word.
			if i+1 < len(ws) {
				for _, apo := range []string{"'", "’"} {
					if rest, ok := strings.CutPrefix(gaps[i+1], apo); ok && rest == "" {
						set(i, "vous")
						gaps[i+1] = " "
					}
				}
			}
			continue
		case "ton", "ta":
			set(i, "votre")
			continue
		case "tes":
			set(i, "vos")
			continue
		case "tien", "tienne":
			set(i, "vôtre")
			continue
		case "tiens", "tiennes":
			if i > 0 && low(i-1) == "les" {
				set(i, "vôtres")
				continue
			}
		}
		// An order: at a sentence's head, after a colon or a dash, after
		// a comma or "et" that follow another order, or with a pronoun
		// joined by a hyphen ("Inscris-toi").
		head := i == 0 || strings.ContainsAny(gaps[i], ".!?:—–(") || chain && (strings.Contains(gaps[i], ",") || i > 0 && (low(i-1) == "et" || low(i-1) == "ou")) ||
			// "Si tu veux nous rencontrer, passe nous voir": the clause
			// after a condition's comma opens with the order.
			cond && strings.Contains(gaps[i], ",") && f.orders[w] ||
			// "Chaque mois, reçois un café": an order after the
			// sentence's opening phrase, before what it gives.
			strings.Contains(gaps[i], ",") && f.orders[w] && !frenchNouns[w] && i+1 < len(ws) && frenchOrderNext[low(i+1)] && out[i] == lower(out[i])
		// Only an order takes a pronoun after a hyphen ("transforme-le"),
		// so such a word needs no table.
		// "Qui sommes-nous ?", "Pouvons-nous": the writers asking, not
		// an order to the reader.
		joined := i+1 < len(ws) && gaps[i+1] == "-" && frenchJoined[low(i+1)] && !(low(i+1) == "nous" && (w == "sommes" || strings.HasSuffix(w, "ons")))
		// An order said with "ne" ("Ne t'inquiète pas"): its verb
		// follows "ne" and the reader's pronoun at a clause's head.
		negated := i >= 2 && (low(i-1) == "t" || low(i-1) == "te") && (low(i-2) == "ne" || low(i-2) == "n") &&
			(i == 2 || strings.ContainsAny(gaps[i-2], ".!?:,;—–(")) && !strings.HasSuffix(w, "er") && !strings.HasSuffix(w, "ir") && !strings.HasSuffix(w, "re")
		// An order the table lacks in a row of orders, before the
		// reader's thing: "Connecte-toi et déplace ta balade".
		chained := chain && i > 0 && (low(i-1) == "et" || low(i-1) == "ou" || strings.Contains(gaps[i], ",")) &&
			strings.HasSuffix(w, "e") && i+1 < len(ws) && (frenchOrderNext[low(i+1)] || low(i-1) == "et" && frenchChainNext[low(i+1)])
		// An order the table lacks at its sentence's head, before the
		// reader's thing ("Récupère ton vélo"), or said with "ne … pas"
		// ("Ne laisse pas passer ta chance").
		own := head && !f.orders[w] && i+1 < len(ws) && (low(i+1) == "ton" || low(i+1) == "ta" || low(i+1) == "tes") &&
			(strings.HasSuffix(w, "e") || strings.HasSuffix(w, "s"))
		notPas := i >= 1 && (low(i-1) == "ne" || low(i-1) == "n") && (i == 1 || strings.ContainsAny(gaps[i-1], ".!?:;")) &&
			i+1 < len(ws) && (low(i+1) == "pas" || low(i+1) == "plus" || low(i+1) == "jamais") && strings.HasSuffix(w, "e")
		if negated || chained || own || notPas {
			head, joined = true, true
		}
		// In a row of orders ("Mets les mains dans la terre et repars
		// …"), a verb said to "tu" no rule reads is one of them.
		_, irregular := frenchIrregular[w]
		inRow := chain && i > 0 && (low(i-1) == "et" || low(i-1) == "ou") && irregular
		if !joined && !inRow && (!head || !f.orders[w]) {
			continue
		}
		if frenchNouns[w] && !joined {
			r, _ := utf8.DecodeRuneInString(out[i])
			if unicode.IsUpper(r) && (i+1 >= len(ws) || !frenchOrderNext[low(i+1)]) {
				continue
			}
		}
		if to, ok := f.order(w); ok {
			set(i, to)
			chain = true
		}
	}
	if n == 0 {
		return text, 0, unread
	}
	var b strings.Builder
	for i := range ws {
		b.WriteString(gaps[i])
		b.WriteString(out[i])
	}
	b.WriteString(gaps[len(ws)])
	return b.String(), n, unread
}
