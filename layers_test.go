package fork

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFormalAddress holds the professional layer to the formal form of
// address in the languages whose business copy uses one.
func TestFormalAddress(t *testing.T) {
	rule := formalAddress()
	tests := []struct {
		name, lang, text string
		want             Outcome
		detail           string
	}{
		{"German du", "de", "Du wählst die Menge. Wir schicken dir die Bohnen.", CheckFailed, "2 informal forms of address (du, dir); write Sie"},
		{"German Sie", "de", "Sie wählen die Menge. Wir schicken Ihnen die Bohnen.", CheckPassed, "the reader is addressed formally"},
		{"German possessive", "de-AT", "Ihr Geld zurück, deine Wahl.", CheckFailed, "1 informal form of address (deine); write Sie"},
		{"French elision", "fr", "Le plan t’offre deux mois et tu économises 20 %.", CheckFailed, "2 informal forms of address (tu, t'); write vous"},
		{"French vous", "fr-CA", "Vous économisez 20 % et nous vous offrons deux mois.", CheckPassed, "the reader is addressed formally"},
		{"French quoted label", "fr", "Cliquez sur « Essaie-le » puis validez.", CheckPassed, "the reader is addressed formally"},
		{"Spanish tú", "es", "Con tu plan tienes todo.", CheckFailed, "1 informal form of address (tu); write usted"},
		{"Spanish usted", "es-MX", "Con su plan usted tiene todo.", CheckPassed, "the reader is addressed formally"},
		{"Italian tu", "it", "Ti inviamo il tuo ordine.", CheckFailed, "2 informal forms of address (ti, tuo); write Lei"},
		{"English has one you", "en", "You get it.", CheckSkipped, "English has one \"you\": no formal form of address to check"},
		{"Dutch business copy says je", "nl", "Je krijgt het.", CheckSkipped, "Dutch business copy does not require a formal form of address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lang, err := ParseLanguage(tt.lang)
			if err != nil {
				t.Fatal(err)
			}
			got, detail := rule.Check(NewSample(tt.text, lang))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("outcome (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.detail, detail); diff != "" {
				t.Errorf("detail (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNoContractions counts the contractions of running copy only: a
// heading keeps the page's voice, "Let's" is an invitation and a quoted
// label is the page's UI.
func TestNoContractions(t *testing.T) {
	rule := noContractions()
	en, err := ParseLanguage("en")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, text, running string
		want                Outcome
		detail              string
	}{
		{"written out", "What's included\nWe do not sell your data.", "We do not sell your data.", CheckPassed, "0 contractions in running copy (headings and buttons keep theirs)"},
		{"contraction in copy", "What's included\nWe don't sell your data, and it’s yours.", "We don't sell your data, and it’s yours.", CheckFailed, "2 contractions in running copy (headings and buttons keep theirs)"},
		{"invitation", "Let's get started.", "Let’s get started.", CheckPassed, "0 contractions in running copy (headings and buttons keep theirs)"},
		{"quoted label", "Pick “Don't list me” at checkout.", "Pick “Don't list me” at checkout.", CheckPassed, "0 contractions in running copy (headings and buttons keep theirs)"},
		// The rewrite keeps a question's and an idiom's contractions
		// (readability.SpokenSpans): the check does not count them, or a
		// fork fails its own layer for what it kept on purpose.
		{"question and idiom", "Who says you can't teach an old app new tricks? It is the last editor you'll ever need.", "Who says you can't teach an old app new tricks? It is the last editor you'll ever need.", CheckPassed, "0 contractions in running copy (headings and buttons keep theirs)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSample(tt.text, en)
			s.Running = tt.running
			got, detail := rule.Check(s)
			if got != tt.want || detail != tt.detail {
				t.Errorf("got %v %q, want %v %q", got, detail, tt.want, tt.detail)
			}
		})
	}
}

// TestCommonWordsKeepsSetPhrases: the plain layer's check asks for common
// words, but not inside the set phrases it keeps ("Frequently asked
// questions"), and still finds the word elsewhere.
func TestCommonWordsKeepsSetPhrases(t *testing.T) {
	rule := commonWords()
	en, err := ParseLanguage("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		text string
		want Outcome
	}{
		{"Frequently asked questions\nWe ship every week.", CheckPassed},
		{"We frequently ship updates.", CheckFailed},
	} {
		if got, detail := rule.Check(NewSample(tt.text, en)); got != tt.want {
			t.Errorf("%q: %v (%s), want %v", tt.text, got, detail, tt.want)
		}
	}
}

// TestHeadsCopy tells a heading that keeps the page's voice (a title, one
// short sentence) from a subheadline written as running copy.
func TestHeadsCopy(t *testing.T) {
	for _, tt := range []struct {
		role Role
		text string
		want bool
	}{
		{RoleSubheadline, "What's Included in Your Ticket", true},
		{RoleSubheadline, "You're in good company.", true},
		{RoleSubheadline, "Your team stops ticking boxes and starts giving advice. We're audited every year.", false},
		{RoleHeadline, "Start free today, and upgrade to the paid plan whenever your team is ready for it.", false},
		{RoleBody, "What's new", false},
		{RoleSubheadline, "Here's why...", true},
		{RoleSubheadline, "You've made a good choice, and here's why you'll be glad...", false},
	} {
		if got := HeadsCopy(tt.role, tt.text); got != tt.want {
			t.Errorf("HeadsCopy(%s, %q) = %v, want %v", tt.role, tt.text, got, tt.want)
		}
	}
}
