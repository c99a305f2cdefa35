package rules

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	fork "github.com/marketingfork/fork"
)

// TestReach forks pages of our own whose material for a profile the
// cue lists missed before: a count of users in a closing band (the
// skeptic's proof: "a number of users"), an early price for the first
// customers (the early adopter's launch terms, in German), and how many
// countries and languages a product runs in (the executive's scale). Each
// fork must put the line where the reader meets it first, by the hero's
// copy or its section right under the hero.
func TestReach(t *testing.T) {
	for _, tc := range []struct {
		page, profile string
		line          string // the page's line the fork leads with
		section       int    // the section that moves right under the hero, or -1: the line joins the hero
	}{
		{"testdata/closing-proof-es.html", "skeptic", "Únete a 2 300 ciclistas que entrenan con RutaFit cada semana.", -1},
		{"testdata/launch-de.html", "early-adopter", "Der Frühbucherpreis gilt für die ersten 200 Betriebe.", 3},
		{"testdata/launch-de.html", "executive", "Betriebe in 14 Ländern arbeiten mit Werkbuch, in 6 Sprachen.", -1},
	} {
		t.Run(tc.profile, func(t *testing.T) {
			res := forkPage(t, tc.page, tc.profile)
			if tc.section >= 0 {
				if len(res.Sections) < 2 || res.Sections[1] != tc.section {
					t.Fatalf("section order %v: want section %d right under the hero; notes %q", res.Sections, tc.section, res.Notes)
				}
				return
			}
			for _, b := range res.Blocks {
				if b.Role != "subheadline" && !(b.ID == 2 && b.Role == "body") {
					continue
				}
				if !strings.Contains(b.Text, tc.line) || !strings.HasPrefix(b.Text, b.Source) {
					t.Fatalf("hero block %d reads %q: want the page's line %q after its own words; notes %q", b.ID, b.Text, tc.line, res.Notes)
				}
				if !strings.Contains(b.Rationale, "now stands in") {
					t.Errorf("rationale %q does not say where the line went", b.Rationale)
				}
				return
			}
			t.Fatalf("no hero block in %v", res.Blocks)
		})
	}
}

// TestWritten reads a line's shape: a sentence the verb lists do not know
// is still a sentence, a label is not.
func TestWritten(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"Únete a 2 300 ciclistas que entrenan con RutaFit cada semana.", true},
		{"Sans carte bancaire · Annulation immédiate", false}, // no stop: a label
		{"1.32 GB (for PC or Mac).", false},                   // too short and no capital
		{"Ideal für kleine Betriebe.", false},                 // four words
		{"Wait for it..", false},
	} {
		if got := written(tc.s); got != tc.want {
			t.Errorf("written(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestLeftLineNamed forks a page whose only line for an early adopter (a
// launch price in capitals, no sentence to join the hero) stands in the
// band that closes the page, which never moves: the fork changes nothing,
// and its notes must name the line and say why it stays rather than say
// nothing of the profile at all.
func TestLeftLineNamed(t *testing.T) {
	res := forkPage(t, "testdata/closing-proof-es.html", "early-adopter")
	for _, n := range res.Notes {
		if strings.Contains(n, "PRECIO DE LANZAMIENTO PARA LOS PRIMEROS SOCIOS") && strings.Contains(n, "stays where it is") {
			return
		}
	}
	t.Fatalf("no note names the launch line: %q", res.Notes)
}

// TestExecutiveFigures weighs lines for an executive: a figure adds weight
// only to a line two of the profile's words already hold (an outcome in
// figures), never beside one ("results" next to a dose).
func TestExecutiveFigures(t *testing.T) {
	const page = `<html lang="en"><body><section><h1>Fish oil you can taste the difference of</h1>
<p>Take 2 softgels a day for results you can feel.</p>
<p>Teams using Ledgerly close their books 4 days sooner, across 1,200 small businesses.</p></section></body></html>`
	plan, err := fork.New(fork.WithProvider(New())).Plan(context.Background(), fork.Request{HTML: page, Profile: "executive"})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, l := range pageLines(plan) {
		got[l.text] = scoreLine(l, plan.Profile.Substance, plan)
	}
	if s := got["Take 2 softgels a day for results you can feel."]; s >= minLeadScore {
		t.Errorf("a dose beside \"results\" scores %d: it must not lead (under %d)", s, minLeadScore)
	}
	if s := got["Teams using Ledgerly close their books 4 days sooner, across 1,200 small businesses."]; s < strongLead {
		t.Errorf("an outcome in figures scores %d: it must join the hero (at least %d); lines %v", s, strongLead, got)
	}
}

// TestBusyReaderShortParts forks testdata/long-part-en.html for a busy
// professional: its line on time saved heads a part of six app
// descriptions, too long to put first for a reader short of time, so the
// part stays and the note says why; the same page without the app
// descriptions moves the part up right under the hero.
func TestBusyReaderShortParts(t *testing.T) {
	src := readPage(t, "testdata/long-part-en.html")
	f := fork.New(fork.WithProvider(New()))
	res, err := f.Fork(context.Background(), fork.Request{HTML: src, Profile: "busy-professional"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Sections != nil {
		t.Errorf("long part moved: section order %v", res.Sections)
	}
	if !slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "too long to put first for a reader short of time") }) {
		t.Errorf("no note says the part is too long: %q", res.Notes)
	}
	short := regexp.MustCompile(`(?s)<section class="app">.*?</section>\s*`).ReplaceAllString(src, "")
	if short == src {
		t.Fatal("the page has no app sections to take out")
	}
	res, err = f.Fork(context.Background(), fork.Request{HTML: short, Profile: "busy-professional"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sections) < 2 || res.Sections[1] != 2 {
		t.Errorf("short part: section order %v, want section 2 right under the hero; notes %q", res.Sections, res.Notes)
	}
}

// TestSectionTwins forks testdata/safety-en.html for three readers whose
// forks move the same section up, each for its own line in it (the parent
// by the heading "Safe to chew", the cautious buyer and the skeptic by the
// tested line): each fork's notes name the other two, so the marketer runs
// one test, not three of one change.
func TestSectionTwins(t *testing.T) {
	for profile, others := range map[string][]string{
		"parent":   {"skeptic", "cautious buyer"},
		"cautious": {"skeptic", "parent"},
		"skeptic":  {"cautious buyer", "parent"},
	} {
		res := forkPage(t, "testdata/safety-en.html", profile)
		if len(res.Sections) < 2 || res.Sections[1] != 3 {
			t.Fatalf("%s: section order %v, want the safety section (3) under the hero", profile, res.Sections)
		}
		i := slices.IndexFunc(res.Notes, func(n string) bool { return strings.Contains(n, `move the same section up ("Safe to chew")`) })
		if i < 0 {
			t.Errorf("%s: no note names the forks that move the same section: %q", profile, res.Notes)
			continue
		}
		for _, o := range others {
			if !strings.Contains(res.Notes[i], o) {
				t.Errorf("%s: note %q does not name the %s fork", profile, res.Notes[i], o)
			}
		}
	}
}
