package ask

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/marketingfork/fork"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		query string
		want  Intent
	}{
		// The brief's three examples.
		{"full fork", "fork https://example.com/pricing for skeptics in plain language for the UK",
			Intent{Action: ActionFork, URL: "https://example.com/pricing", Profile: "skeptic", Layer: "plain", TargetLanguage: "en-GB"}},
		{"list profiles", "which profiles are there?", Intent{Action: ActionListProfiles}},
		{"no url", "make this page speak to parents, in German", Intent{Action: ActionFork, Profile: "parent", TargetLanguage: "de"}},

		// Profiles and their synonyms.
		{"skeptical", "rewrite example.com for skeptical readers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "skeptic"}},
		{"doubters", "fork example.com for doubters", Intent{Action: ActionFork, URL: "https://example.com", Profile: "skeptic"}},
		{"sceptics UK spelling", "fork example.com for sceptics", Intent{Action: ActionFork, URL: "https://example.com", Profile: "skeptic"}},
		{"bargain hunters", "fork shop.example.org for bargain hunters", Intent{Action: ActionFork, URL: "https://shop.example.org", Profile: "bargain-hunter"}},
		{"deal seekers", "fork example.com for deal seekers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "bargain-hunter"}},
		{"price-conscious", "fork example.com for price-conscious shoppers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "bargain-hunter"}},
		{"busy people", "fork example.com for busy people", Intent{Action: ActionFork, URL: "https://example.com", Profile: "busy-professional"}},
		{"professionals", "fork example.com for professionals", Intent{Action: ActionFork, URL: "https://example.com", Profile: "busy-professional"}},
		{"time-poor", "fork example.com for time-poor readers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "busy-professional"}},
		{"executives", "fork example.com for executives", Intent{Action: ActionFork, URL: "https://example.com", Profile: "executive"}},
		{"CEOs", "pitch example.com to CEOs", Intent{Action: ActionFork, URL: "https://example.com", Profile: "executive"}},
		{"decision makers", "fork example.com for decision-makers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "executive"}},
		{"leaders", "fork example.com for leaders", Intent{Action: ActionFork, URL: "https://example.com", Profile: "executive"}},
		{"experts", "fork example.com for experts", Intent{Action: ActionFork, URL: "https://example.com", Profile: "expert"}},
		{"developers", "fork example.com for developers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "expert"}},
		{"engineers", "fork example.com for engineers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "expert"}},
		{"pros", "fork example.com for pros", Intent{Action: ActionFork, URL: "https://example.com", Profile: "expert"}},
		{"pros and cons is no profile", "what are the pros and cons of example.com", Intent{Action: ActionFork, URL: "https://example.com"}},
		{"beginners", "fork example.com for beginners", Intent{Action: ActionFork, URL: "https://example.com", Profile: "beginner"}},
		{"newbies", "fork example.com for newbies", Intent{Action: ActionFork, URL: "https://example.com", Profile: "beginner"}},
		{"first-timers", "fork example.com for first-timers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "beginner"}},
		{"cautious", "fork example.com for cautious buyers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "cautious"}},
		{"careful", "fork example.com for careful people", Intent{Action: ActionFork, URL: "https://example.com", Profile: "cautious"}},
		{"risk-averse", "fork example.com for risk-averse buyers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "cautious"}},
		{"status", "fork example.com for the status crowd", Intent{Action: ActionFork, URL: "https://example.com", Profile: "status-seeker"}},
		{"luxury buyers", "fork example.com for luxury buyers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "status-seeker"}},
		{"status alone is no profile", "what is the status of example.com", Intent{Action: ActionFork, URL: "https://example.com"}},
		{"eco", "fork example.com for eco shoppers", Intent{Action: ActionFork, URL: "https://example.com", Profile: "eco-conscious"}},
		{"green", "make a green version of example.com", Intent{Action: ActionFork, URL: "https://example.com", Profile: "eco-conscious"}},
		{"sustainability", "fork example.com with a focus on sustainability", Intent{Action: ActionFork, URL: "https://example.com", Profile: "eco-conscious"}},
		{"parents", "fork example.com for parents", Intent{Action: ActionFork, URL: "https://example.com", Profile: "parent"}},
		{"moms", "fork example.com for moms", Intent{Action: ActionFork, URL: "https://example.com", Profile: "parent"}},
		{"dads", "fork example.com for dads", Intent{Action: ActionFork, URL: "https://example.com", Profile: "parent"}},
		{"families", "fork example.com for families", Intent{Action: ActionFork, URL: "https://example.com", Profile: "parent"}},
		{"early adopters", "fork example.com for early adopters", Intent{Action: ActionFork, URL: "https://example.com", Profile: "early-adopter"}},
		{"tech enthusiasts before enthusiasts", "fork example.com for tech enthusiasts", Intent{Action: ActionFork, URL: "https://example.com", Profile: "early-adopter"}},
		{"innovators", "fork example.com for innovators", Intent{Action: ActionFork, URL: "https://example.com", Profile: "early-adopter"}},
		{"fans", "fork example.com for fans", Intent{Action: ActionFork, URL: "https://example.com", Profile: "enthusiast"}},
		{"enthusiasts", "fork example.com for enthusiasts", Intent{Action: ActionFork, URL: "https://example.com", Profile: "enthusiast"}},

		// Layers.
		{"simple words", "fork example.com in simple words", Intent{Action: ActionFork, URL: "https://example.com", Layer: "plain"}},
		{"plain English", "rewrite example.com in plain English", Intent{Action: ActionFork, URL: "https://example.com", Layer: "plain"}},
		{"formal", "a formal fork of example.com", Intent{Action: ActionFork, URL: "https://example.com", Layer: "professional"}},
		{"business tone", "fork example.com in a business tone", Intent{Action: ActionFork, URL: "https://example.com", Layer: "professional"}},
		{"professional", "fork example.com, professional", Intent{Action: ActionFork, URL: "https://example.com", Layer: "professional"}},
		{"technical", "fork example.com for engineers, technical", Intent{Action: ActionFork, URL: "https://example.com", Profile: "expert", Layer: "technical"}},
		{"spec", "fork example.com in spec language", Intent{Action: ActionFork, URL: "https://example.com", Layer: "technical"}},
		{"casual", "fork example.com, casual", Intent{Action: ActionFork, URL: "https://example.com", Layer: "everyday"}},
		{"conversational", "make example.com conversational", Intent{Action: ActionFork, URL: "https://example.com", Layer: "everyday"}},

		// Languages and countries.
		{"Switzerland in German", "fork example.com for Switzerland in German", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "de-CH"}},
		{"Swiss German", "fork example.com in Swiss German", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "de-CH"}},
		{"Brazilian Portuguese", "fork example.com into Brazilian Portuguese", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "pt-BR"}},
		{"French for Canada", "fork example.com in French for Canada", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "fr-CA"}},
		{"Australia alone", "fork example.com for Australia", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "en-AU"}},
		{"Spanish for Mexico", "fork example.com in Spanish for Mexico", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "es-MX"}},
		{"British", "a British version of example.com", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "en-GB"}},
		{"U.K. with dots", "fork example.com for the U.K.", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "en-GB"}},
		{"US in capitals", "fork example.com for the US market", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "en-US"}},
		{"us the pronoun", "fork example.com for us", Intent{Action: ActionFork, URL: "https://example.com"}},
		{"Latin American Spanish", "fork example.com in Latin American Spanish", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "es-419"}},
		{"Québécois with accents", "fork example.com en québécois", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "fr-CA"}},
		{"tag", "fork example.com in de-ch", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "de-CH"}},
		{"explicit parameters", "url=example.com/a profile=bargain-hunter layer=technical lang=pt_br",
			Intent{Action: ActionFork, URL: "https://example.com/a", Profile: "bargain-hunter", Layer: "technical", TargetLanguage: "pt-BR"}},
		{"polish the verb", "polish example.com for executives", Intent{Action: ActionFork, URL: "https://example.com", Profile: "executive"}},
		{"Polish the language", "fork example.com in Polish", Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "pl"}},

		// Addresses.
		{"bare domain with path and query", "fork www.example.co.uk/landing?ref=ad for fans",
			Intent{Action: ActionFork, URL: "https://www.example.co.uk/landing?ref=ad", Profile: "enthusiast"}},
		{"trailing full stop", "Please fork example.com.", Intent{Action: ActionFork, URL: "https://example.com"}},
		{"http kept as typed", "fork <http://Example.com/Pricing> for experts", Intent{Action: ActionFork, URL: "http://Example.com/Pricing", Profile: "expert"}},
		{"first address wins", "fork a.example.com and b.example.com", Intent{Action: ActionFork, URL: "https://a.example.com"}},
		{"file names are no domains", "rewrite the node.js readme.md for beginners", Intent{Action: ActionFork, Profile: "beginner"}},
		{"abbreviations are no domains", "e.g. rewrite it for parents", Intent{Action: ActionFork, Profile: "parent"}},
		{"no url", "rewrite it for executives", Intent{Action: ActionFork, Profile: "executive"}},

		// Actions.
		{"list layers", "Which layers can I use?", Intent{Action: ActionListLayers}},
		{"list with a profile named", "is there a profile for parents?", Intent{Action: ActionListProfiles, Profile: "parent"}},
		{"make a list", "make a list of the audiences", Intent{Action: ActionListProfiles}},
		{"fork verb with catalog noun", "fork my page for the skeptic profile", Intent{Action: ActionFork, Profile: "skeptic"}},
		{"help", "hello, what can you do?", Intent{Action: ActionHelp}},
		{"empty", "", Intent{Action: ActionHelp}},

		// Unknown words.
		{"unknown audience and language", "fork example.com for teenagers in Klingon",
			Intent{Action: ActionFork, URL: "https://example.com", Unknown: []string{"teenagers", "Klingon"}}},
		{"unknown parameter value", "fork example.com profile=pirates", Intent{Action: ActionFork, URL: "https://example.com", Unknown: []string{"pirates"}}},
		{"typo", "fork example.com for skeptcs", Intent{Action: ActionFork, URL: "https://example.com", Unknown: []string{"skeptcs"}}},
		{"common words are not unknown", "fork example.com for me, for free, in order to test", Intent{Action: ActionFork, URL: "https://example.com"}},
		{"unknown after an address word", "fork example.com aimed at teenagers", Intent{Action: ActionFork, URL: "https://example.com", Unknown: []string{"teenagers"}}},
		{"to after no address word", "I want to fork example.com", Intent{Action: ActionFork, URL: "https://example.com"}},
		{"unknown words reported once", "fork example.com for Gamers, for gamers", Intent{Action: ActionFork, URL: "https://example.com", Unknown: []string{"Gamers"}}},
		{"weather", "what's the weather in Paris", Intent{Action: ActionHelp, Unknown: []string{"Paris"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Parse(tt.query)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.query, diff)
			}
		})
	}
}

// TestParseRegionOnly checks which targets came from a country alone, the
// case the handler resolves against the page's language.
func TestParseRegionOnly(t *testing.T) {
	tests := []struct {
		query string
		want  bool
	}{
		{"fork example.com for the UK", true},
		{"fork example.com for Switzerland", true},
		{"fork example.com in German for Switzerland", false},
		{"fork example.com in English for the UK", false},
		{"fork example.com in German", false},
		{"fork example.com", false},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			if got := parse(tt.query).regionOnly; got != tt.want {
				t.Errorf("parse(%q).regionOnly = %v; want %v", tt.query, got, tt.want)
			}
		})
	}
}

// TestLexiconCoversCatalog checks that every profile and layer of the
// library can be asked for by its own name, and that the tables name
// nothing the library does not have.
func TestLexiconCoversCatalog(t *testing.T) {
	for _, name := range fork.ProfileNames() {
		t.Run("profile "+name, func(t *testing.T) {
			if got := Parse("fork example.com profile=" + name).Profile; got != name {
				t.Errorf("profile=%s gave profile %q; want %q", name, got, name)
			}
		})
	}
	for _, name := range fork.LayerNames() {
		t.Run("layer "+name, func(t *testing.T) {
			if got := Parse("fork example.com layer=" + name).Layer; got != name {
				t.Errorf("layer=%s gave layer %q; want %q", name, got, name)
			}
		})
	}
	for _, s := range profileWords {
		if !slices.Contains(fork.ProfileNames(), s.value) {
			t.Errorf("profile table names %q; want one of %v", s.value, fork.ProfileNames())
		}
	}
	for _, s := range layerWords {
		if !slices.Contains(fork.LayerNames(), s.value) {
			t.Errorf("layer table names %q; want one of %v", s.value, fork.LayerNames())
		}
	}
	for _, sets := range [][]entrySet{languageWords, tagWords} {
		for _, s := range sets {
			if _, ok := canonical(s.value); !ok {
				t.Errorf("language table value %q is not a BCP 47 tag", s.value)
			}
		}
	}
	for _, s := range regionWords {
		if _, ok := canonical("en-" + s.value); !ok {
			t.Errorf("region table value %q is not a region subtag", s.value)
		}
	}
}

func TestSuggest(t *testing.T) {
	tests := []struct {
		word, want string
		ok         bool
	}{
		{"skeptcs", "skeptics", true},
		{"Parnets", "parents", true},
		{"germna", "german", true},
		{"teenagers", "", false},
		{"xyz", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			got, _, ok := suggest(tt.word)
			if got != tt.want || ok != tt.ok {
				t.Errorf("suggest(%q) = %q, %v; want %q, %v", tt.word, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// FuzzParse checks that Parse never panics and that what it returns is
// always usable: a known action, an http(s) URL, known names and a valid
// language tag.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"fork https://example.com/pricing for skeptics in plain language for the UK",
		"which profiles are there?",
		"make this page speak to parents, in German",
		"url=example.com profile=bargain-hunter layer=plain lang=pt_br",
		"fork example.com for teenagers in Klingon",
		"U.S. e.g. node.js de-CH zh_Hans so-so “Québécois” …",
		"http://[::1", "a=b=c", "language=", "fork ::: ,,, ...",
	} {
		f.Add(s)
	}
	actions := []string{ActionFork, ActionListProfiles, ActionListLayers, ActionHelp}
	f.Fuzz(func(t *testing.T, q string) {
		got := Parse(q)
		if !slices.Contains(actions, got.Action) {
			t.Errorf("Parse(%q).Action = %q; want one of %v", q, got.Action, actions)
		}
		if got.URL != "" && !strings.HasPrefix(strings.ToLower(got.URL), "http://") && !strings.HasPrefix(strings.ToLower(got.URL), "https://") {
			t.Errorf("Parse(%q).URL = %q; want an http or https URL", q, got.URL)
		}
		if got.Profile != "" && !slices.Contains(fork.ProfileNames(), got.Profile) {
			t.Errorf("Parse(%q).Profile = %q; want a known profile", q, got.Profile)
		}
		if got.Layer != "" && !slices.Contains(fork.LayerNames(), got.Layer) {
			t.Errorf("Parse(%q).Layer = %q; want a known layer", q, got.Layer)
		}
		if got.TargetLanguage != "" {
			if c, ok := canonical(got.TargetLanguage); !ok || c != got.TargetLanguage {
				t.Errorf("Parse(%q).TargetLanguage = %q; want a canonical BCP 47 tag", q, got.TargetLanguage)
			}
		}
	})
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name string
		p    params
		want Intent
	}{
		{"page and country from prev", params{query: "now in French", prev: []string{"fork example.com in German for Switzerland"}},
			Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "fr-CH"}},
		{"language from prev, new country", params{query: "and for Austria", prev: []string{"fork example.com in German for Switzerland"}},
			Intent{Action: ActionFork, URL: "https://example.com", TargetLanguage: "de-AT"}},
		{"latest prev wins", params{query: "for parents", prev: []string{"fork a.example for executives", "fork b.example for skeptics"}},
			Intent{Action: ActionFork, URL: "https://b.example", Profile: "parent"}},
		{"earlier prev fills what the latest leaves open", params{query: "for parents", prev: []string{"fork a.example in plain words", "fork b.example"}},
			Intent{Action: ActionFork, URL: "https://b.example", Profile: "parent", Layer: "plain"}},
		{"page from site", params{query: "rewrite this for skeptics", site: "example.com/x"},
			Intent{Action: ActionFork, URL: "https://example.com/x", Profile: "skeptic"}},
		{"site that is no address", params{query: "rewrite this for skeptics", site: "all"},
			Intent{Action: ActionFork, Profile: "skeptic"}},
		{"query page before prev and site", params{query: "fork c.example", site: "a.example", prev: []string{"fork b.example"}},
			Intent{Action: ActionFork, URL: "https://c.example"}},
		{"a listing takes nothing from prev", params{query: "which profiles are there?", prev: []string{"fork a.example for skeptics"}},
			Intent{Action: ActionListProfiles}},
		{"unknown words only from the query", params{query: "for parents", prev: []string{"fork a.example for teenagers"}},
			Intent{Action: ActionFork, URL: "https://a.example", Profile: "parent"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := resolve(tt.p).Intent
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("resolve(%+v) mismatch (-want +got):\n%s", tt.p, diff)
			}
		})
	}
}
