package rules

import (
	"testing"

	"github.com/marketingfork/fork"
)

func TestLayerTransforms(t *testing.T) {
	p := New()
	tests := []struct {
		name, layer, lang string
		role              fork.Role
		in, want          string
	}{
		{"professional expands", "professional", "en", fork.RoleBody, "We're sure you'll like it, and it's free. Don’t wait.", "We are sure you will like it, and it is free. Do not wait."},
		{"professional keeps possessives", "professional", "en", fork.RoleBody, "The team's plan isn't late.", "The team's plan is not late."},
		{"professional drops exclamations", "professional", "en", fork.RoleBody, "Start today!! It works!", "Start today. It works."},
		{"professional removes hype", "professional", "en", fork.RoleBody, "An amazing tool for an incredible price.", "A tool for a price."},
		{"hype predicate replaced", "technical", "en", fork.RoleBody, "The result is stunning.", "The result is good."},
		{"hype at start", "technical", "en", fork.RoleBody, "Fantastic results in 3 days.", "Results in 3 days."},
		{"slang", "professional", "en", fork.RoleBody, "We're gonna sort your stuff.", "We are going to sort your things."},
		{"everyday contracts", "everyday", "en", fork.RoleBody, "You do not need a card and it is free.", "You don't need a card and it's free."},
		{"everyday keeps a final long form", "everyday", "en", fork.RoleBody, "That is what it is.", "That's what it is."},
		{"plain words", "plain", "en", fork.RoleBody, "Utilize the form to obtain a plan.", "Use the form to get a plan."},
		{"plain splits at a conjunction", "plain", "en", fork.RoleBody,
			"Our team answers every message within one working day, and we also publish a full guide for new customers who want to start alone.",
			"Our team answers every message within one working day. We also publish a full guide for new customers who want to start alone."},
		{"plain splits at but", "plain", "en", fork.RoleBody,
			"The export runs every night for all of your projects at once, but you can also start it by hand from the settings page.",
			"The export runs every night for all of your projects at once. But you can also start it by hand from the settings page."},
		{"plain leaves short sentences", "plain", "en", fork.RoleBody, "Short and clear, as it is.", "Short and clear, as it is."},
		{"plain does not split titles", "plain", "en", fork.RoleTitle,
			"Our team answers every message within one working day, and we also publish a full guide for new customers.",
			"Our team answers every message within one working day, and we also publish a full guide for new customers."},
		{"spanish exclamations", "professional", "es", fork.RoleBody, "¡Empieza hoy mismo!", "Empieza hoy mismo."},
		{"german hype", "technical", "de", fork.RoleBody, "Eine unglaubliche Auswahl.", "Eine Auswahl."},
		{"german split", "plain", "de", fork.RoleBody,
			"Wir rösten jeden Dienstag in kleinen Mengen für dich, und wir schicken dir die Bohnen direkt nach Hause.",
			"Wir rösten jeden Dienstag in kleinen Mengen für dich. Wir schicken dir die Bohnen direkt nach Hause."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := p.applyLayer(tt.layer, tt.lang, tt.role, tt.in, false)
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestFrame(t *testing.T) {
	wide := fork.Budget{MaxChars: 80}
	tests := []struct {
		name   string
		alts   []string
		text   string
		price  string
		budget fork.Budget
		want   string
		ok     bool
	}{
		{"prefix", []string{"In short: %s"}, "Get paid on time.", "", wide, "In short: Get paid on time.", true},
		{"suffix goes before the stop", []string{"%s now"}, "Start today.", "", wide, "Start today now.", true},
		{"price", []string{"{price}: %s"}, "Get paid on time", "$12/month", wide, "$12/month: Get paid on time", true},
		{"price already there", []string{"{price}: %s", "The offer: %s"}, "Plans from $12/month", "$12/month", wide, "The offer: Plans from $12/month", true},
		{"no price", []string{"{price}: %s"}, "Get paid", "", wide, "Get paid", false},
		{"over budget falls back", []string{"%s and see for yourself", "Try it: %s"}, "Join", "", fork.Budget{MaxChars: 14}, "Try it: Join", true},
		{"nothing fits", []string{"%s and see for yourself"}, "Join", "", fork.Budget{MaxChars: 10}, "Join", false},
		{"repeats itself", []string{"First step: %s", "%s now"}, "First, sign up", "", wide, "First, sign up now", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := frame(tt.alts, tt.text, tt.price, tt.budget)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %q, %v; want %q, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestFrameTablesComplete keeps every language's table covering every
// profile, so no profile silently forks without frames in one language.
func TestFrameTablesComplete(t *testing.T) {
	for lang, table := range frameTables {
		for _, name := range fork.ProfileNames() {
			f, ok := table[name]
			if !ok || len(f.Headline) == 0 || len(f.CTA) == 0 {
				t.Errorf("%s: profile %s has no headline or CTA frames", lang, name)
			}
		}
	}
}
