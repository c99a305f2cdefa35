package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
)

// FuzzCueSet holds the cue index to containsWord, cue by cue, on every
// profile's cues and on cues the fuzzer writes: the same cues found, in
// the cue list's order, and any says whether there is one.
func FuzzCueSet(f *testing.F) {
	for _, s := range []string{
		"30-day money-back guarantee, no questions asked.",
		"trusted by 10,000 teams; rembourse sous 30 jours",
		"inspiring – step-by-step lessons for all skill levels",
		"j'ai économisé 20 % avec le plan annuel !",
		"Über 1.000 Kunden: jederzeit kündbar.",
	} {
		f.Add(strings.ToLower(s), "money back")
	}
	profiles := fork.Profiles()
	f.Fuzz(func(t *testing.T, text, extra string) {
		lower := strings.ToLower(text)
		words := lineWords(lower)
		for _, p := range profiles {
			cues := append(slices.Clip(p.Substance.Cues), strings.ToLower(extra), strings.ToLower(extra)+"*")
			var want []string
			for _, c := range cues {
				if containsWord(lower, c) {
					want = append(want, c)
				}
			}
			cs := newCueSet(cues)
			if diff := cmp.Diff(want, cs.hits(lower, words)); diff != "" {
				t.Fatalf("%s on %q (-containsWord +cueSet):\n%s", p.Name, lower, diff)
			}
			if got := cs.any(lower, words); got != (len(want) > 0) {
				t.Fatalf("%s on %q: any = %v, with %d cues held", p.Name, lower, got, len(want))
			}
		}
	})
}

// TestOneWordOneCue checks each profile's cue list for cues one word holds
// twice ("requisitos" under both "requisito*" and "requisit*"): a single
// word would then score as two and lead a fork alone, where the lead
// score asks for two words of the reader's.
func TestOneWordOneCue(t *testing.T) {
	for _, p := range fork.Profiles() {
		cs := newCueSet(p.Substance.Cues)
		for _, c := range p.Substance.Cues {
			word := strings.TrimSuffix(c, "*")
			if strings.ContainsAny(word, " -") {
				continue // a phrase holds its words, which may be cues too
			}
			if hits := cs.hits(word, lineWords(word)); len(hits) > 1 {
				t.Errorf("%s: the word %q holds the cues %q", p.Name, word, hits)
			}
		}
	}
}

// TestCuesInEachLanguage reads lines of our own in the languages the
// cue lists cover: each holds a cue of its profile, as its English
// counterpart does ("organic cotton", "free returns", "the first 200").
func TestCuesInEachLanguage(t *testing.T) {
	for _, tc := range []struct{ profile, line string }{
		{"eco-conscious", "Toile de coton biologique, cousue à Lyon."},
		{"eco-conscious", "Algodón orgánico de cultivo controlado."},
		{"eco-conscious", "Rucksack aus Bio-Baumwolle."},
		{"eco-conscious", "Nous réparons les coutures à vie."},
		{"eco-conscious", "Kostenloser Reparaturservice für jede Tasche."},
		{"cautious", "Retours gratuits sous 30 jours."},
		{"cautious", "Devoluciones gratis durante 30 días."},
		{"cautious", "Kostenlose Rücksendung innerhalb von 30 Tagen."},
		{"cautious", "Sind Sie nicht zufrieden, bessern wir nach."},
		{"early-adopter", "Der Frühbucherpreis gilt für die ersten 200 Betriebe."},
		{"early-adopter", "Prix bloqué pour les premiers abonnés."},
		{"early-adopter", "Preço de lançamento para quem assina agora."},
		{"early-adopter", "Einführungspreis bis Ende Mai."},
		{"early-adopter", "Introductieprijs tot eind mei."},
		{"busy-professional", "Gagnez du temps sur chaque devis."},
		{"executive", "Utilisé dans 40 pays et 12 langues."},
		{"cautious", "I dati sono cifrati e conservati in Italia."},
		{"busy-professional", "Le tue fatture, inviate in un clic."},
		{"beginner", "Para quien empieza desde cero, sin experiencia previa."},
		{"beginner", "Ideal für Anfänger, ohne Vorkenntnisse."},
		{"beginner", "Built for beginners, from scratch."},
		{"skeptic", "Note moyenne de 4,8/5 sur 1 300 avis clients."},
		{"skeptic", "Más de 2.000 reseñas de cinco estrellas."},
		{"cautious", "Festpreise: Sie wissen vorher, was es kostet."},
		{"beginner", "So läuft's ab"},
		{"busy-professional", "Kleine Reparaturen oft noch am selben Tag."},
		{"executive", "Used by more than 1,900 accounting firms."},
		{"cautious", "Tot 30 dagen voor de dag krijg je het volledige bedrag terugbetaald."},
		{"parent", "Mit beiden Kindern im Lastenrad zur Kita."},
		{"busy-professional", "Vem pronta para usar."},
		{"parent", "Elke ochtend breng ik de tweeling naar de opvang."},
		{"parent", "Kinderzitje achterop voor 5 euro per maand."},
		{"parent", "Seggiolino incluso nel prezzo."},
		{"beginner", "Zo werkt het"},
		{"beginner", "Así funciona"},
		{"cautious", "Bis 14 Tage vor Anreise können Sie kostenfrei stornieren."},
		{"cautious", "Kostenlose Stornierung bis zum Vortag."},
	} {
		p, err := fork.LookupProfile(tc.profile)
		if err != nil {
			t.Fatal(err)
		}
		lower := strings.ToLower(tc.line)
		if hits := newCueSet(p.Substance.Cues).hits(lower, lineWords(lower)); len(hits) == 0 {
			t.Errorf("%s: %q holds none of its cues", tc.profile, tc.line)
		}
	}
}

// TestLikeNew: a thing "like new" is in good repair, not new, and a
// child's "first visit" is no launch: the early adopter's cues do not read
// them (Substance.Unlike), and read a new model still.
func TestLikeNew(t *testing.T) {
	p, err := fork.LookupProfile("early-adopter")
	if err != nil {
		t.Fatal(err)
	}
	cs := newCueSet(p.Substance.Cues)
	plan := &fork.Plan{Blocks: []fork.Brief{{}}}
	for _, tc := range []struct {
		text string
		want bool // an early-adopter cue is read
	}{
		{"Mein altes Rennrad läuft wieder wie neu.", false},
		{"Portátil reacondicionado, como nuevo, con garantía.", false},
		{"Runs like new after the service.", false},
		{"Das neue Modell ist da.", true},
		{"Try the new editor like everyone else.", true},
		{"Your child's first visit is free.", false},
		{"Be among the first to try it.", true},
		{"Not convinced in the first 30 days? We refund you.", false},
		{"Si tu n'es pas convaincu dans les 30 premiers jours, on te rembourse.", false},
		{"Wer in den ersten 14 Tagen kündigt, zahlt nichts.", false},
		{"The first 100 customers keep the launch price for life.", true},
		{"Prezzo di lancio per i primi iscritti.", true},
	} {
		l := line{text: tc.text, lower: strings.ToLower(tc.text), block: 0}
		l.words = lineWords(l.lower)
		if m := blankPhrases(l.lower, p.Substance.Unlike); len(m) != len(l.lower) {
			t.Errorf("blankPhrases(%q) changed the line's length", tc.text)
		}
		score, why := weighLine(l, p.Substance, cs, plan, true)
		if got := score > 0; got != tc.want {
			t.Errorf("%q: scored %d (%q); want a cue read: %v", tc.text, score, why, tc.want)
		}
	}
}

// TestTravelTime: minutes that measure a way ("10 minutes up the road",
// "5 minuti … in bici") are no time to value for a busy reader; minutes
// that measure a wait are.
func TestTravelTime(t *testing.T) {
	p, err := fork.LookupProfile("busy-professional")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text, lang string
		facts      []fork.Fact
		want       bool // scores for a busy reader
	}{
		{"Complex cases go to Dr. Hughes, 10 minutes up the road.", "en", []fork.Fact{{Kind: "quantity", Text: "10 minutes", Unit: "minute", Amount: 10}}, false},
		{"Book online in about 2 minutes.", "en", []fork.Fact{{Kind: "quantity", Text: "2 minutes", Unit: "minute", Amount: 2}}, true},
		{"Porta Saragozza, 5 minuti dalle Due Torri in bici.", "it", []fork.Fact{{Kind: "quantity", Text: "5 minuti", Unit: "minute", Amount: 5}}, false},
		{"Nur zehn Minuten zu Fuß vom Bahnhof.", "de", nil, false},
		{"A 10-minute walk from the station.", "en", nil, false},
		// A travel word far from the minutes, or after seconds, is no way.
		{"Setup takes 5 minutes, so your team can start reconciling right away.", "en", []fork.Fact{{Kind: "quantity", Text: "5 minutes", Unit: "minute", Amount: 5}}, true},
		{"Werbung wird in Sekunden entfernt.", "de", nil, true},
	} {
		tag, _ := fork.ParseLanguage(tc.lang)
		plan := &fork.Plan{Blocks: []fork.Brief{{}}, Target: tag}
		l := line{text: tc.text, lower: strings.ToLower(tc.text), facts: tc.facts}
		if got, why := weighLine(l, p.Substance, nil, plan, true); (got > 0) != tc.want {
			t.Errorf("%q: scored %d (%q); want a score: %v", tc.text, got, why, tc.want)
		}
	}
}

// TestQuestionNeverMakesMaterial: an answer's question adds its cue words
// to a line that has its own, and makes none of a line that has none.
func TestQuestionNeverMakesMaterial(t *testing.T) {
	p, err := fork.LookupProfile("eco-conscious")
	if err != nil {
		t.Fatal(err)
	}
	plan := &fork.Plan{Blocks: []fork.Brief{{}}}
	asked := "why buy a refurbished laptop?"
	bare := line{text: "Because we are not a marketplace.", lower: "because we are not a marketplace.", asked: asked}
	if got, why := weighLine(bare, p.Substance, nil, plan, true); got != 0 {
		t.Errorf("a line with no cue of its own scored %d (%q) from its question", got, why)
	}
	own := line{text: "Every laptop we sell is recycled packaging-free.", lower: "every laptop we sell is recycled packaging-free.", asked: asked}
	alone := own
	alone.asked = ""
	with, _ := weighLine(own, p.Substance, nil, plan, false)
	without, _ := weighLine(alone, p.Substance, nil, plan, false)
	if with <= without {
		t.Errorf("the question's cue added nothing: %d with it, %d without", with, without)
	}
}

// TestCheaperIsASaving: an amount said as a lower price ("30% cheaper",
// "30 % günstiger") is a saving for the bargain hunter, in each language.
func TestCheaperIsASaving(t *testing.T) {
	p, err := fork.LookupProfile("bargain-hunter")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ text, pct string }{
		{"Your first box is 30% cheaper.", "30%"},
		{"Erste Box 30 % günstiger.", "30 %"},
		{"La première box 30 % moins chère.", "30 %"},
		{"Eerste box 30% goedkoper.", "30%"},
		// The amount after the word is what the saving is compared with.
		{"The yearly plan is 30% cheaper than paying $4 each month.", "30%"},
	} {
		l := line{text: tc.text, facts: []fork.Fact{{Kind: "percentage", Text: tc.pct, Amount: 30}}}
		if strings.Contains(tc.text, "$4") {
			l.facts = append(l.facts, fork.Fact{Kind: "price", Text: "$4", Amount: 4})
		}
		if f, ok := saving(l, p.Substance.Saving, strings.ToLower(tc.text)); !ok || f.Amount != 30 {
			t.Errorf("%q: saving %v, %v; want the 30%%", tc.text, f, ok)
		}
	}
}

// FuzzPhraseSet holds the phrase index to phraseAt: a text holds one of
// the deferred orders' phrases by the index exactly where phraseAt finds
// one of them, a number's " # " included.
func FuzzPhraseSet(f *testing.F) {
	for _, s := range []string{
		"after 60 days, receive a fresh supply at 20% off",
		"a cada 2 meses, frete grátis",
		"every   3 months; on renewal",
		"nach 14 tagen verlängert sich",
		"after sixty days",
		"àfter 6 days after 7 weeks",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lower := strings.ToLower(text)
		want := slices.ContainsFunc(deferredPhrases, func(p string) bool {
			at, _ := phraseAt(lower, p)
			return at >= 0
		})
		if got := deferredSet.in(lower); got != want {
			t.Fatalf("%q: the index says %v, phraseAt %v", lower, got, want)
		}
	})
}
