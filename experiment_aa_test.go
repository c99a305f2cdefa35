package fork_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

// TestNoVariantNoTest: a fork that changes nothing a visitor sees says so
// in its experiment and its notes instead of sizing an A/A test; a fork
// that changes the page frames a test as usual.
func TestNoVariantNoTest(t *testing.T) {
	page, err := os.ReadFile("internal/extract/testdata/pages/small.html")
	if err != nil {
		t.Fatal(err)
	}
	f := fork.New(fork.WithProvider(rules.New()))
	for _, tc := range []struct {
		profile string
		same    bool
	}{{"enthusiast", true}, {"skeptic", false}} {
		res, err := f.Fork(context.Background(), fork.Request{HTML: string(page), Profile: tc.profile})
		if err != nil {
			t.Fatal(err)
		}
		changed := res.Sections != nil
		for _, b := range res.Blocks {
			changed = changed || (b.Text != b.Source && b.Role != fork.RoleTitle && b.Role != fork.RoleMetaDescription)
		}
		if changed == tc.same {
			t.Fatalf("%s: the fork changes the page: %v; the test expects %v", tc.profile, changed, !tc.same)
		}
		noted := slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "A/A test") })
		none := strings.HasPrefix(res.Experiment.Hypothesis, "None yet")
		if noted != tc.same || none != tc.same {
			t.Errorf("%s: A/A note %v, hypothesis %q; want the note and a hypothesis of none only when the fork changes nothing", tc.profile, noted, res.Experiment.Hypothesis)
		}
	}
}

// TestLayerMissNoted: a fork that falls short of its layer's targets says
// which and by how much in its notes, not only in its checks; one that
// meets them says nothing of it.
func TestLayerMissNoted(t *testing.T) {
	f := fork.New(fork.WithProvider(rules.New()))
	long := `<!DOCTYPE html><html lang="en"><head><title>Quillfold</title></head><body><section><h1>Notes that file themselves</h1>
<p>Quillfold reads every note you write, works out which project, client, meeting and deadline it belongs to, and files it in the right folder with the right tags, the right people and the right dates.</p>
<a href="https://quillfold.example/start">Start free</a></section></body></html>`
	res, err := f.Fork(context.Background(), fork.Request{HTML: long, LanguageLayer: "plain"})
	if err != nil {
		t.Fatal(err)
	}
	missed := slices.ContainsFunc(res.Checks, func(c fork.Check) bool { return c.Failed() && strings.HasPrefix(c.Name, "layer:") })
	noted := slices.ContainsFunc(res.Notes, func(n string) bool {
		return strings.Contains(n, "falls short of the plain layer's targets") && strings.Contains(n, "max_sentence")
	})
	if !missed || !noted {
		t.Errorf("layer checks failed %v, noted %v: %q", missed, noted, res.Notes)
	}
	short, err := f.Fork(context.Background(), fork.Request{HTML: strings.Replace(long, ", works out which project, client, meeting and deadline it belongs to, and files it in the right folder with the right tags, the right people and the right dates", " and files it", 1), LanguageLayer: "plain"})
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(short.Notes, func(n string) bool { return strings.Contains(n, "layer's targets") }) {
		t.Errorf("a fork that meets its layer's targets notes a miss: %q (checks %v)", short.Notes, short.Checks)
	}
}

// TestSoldOutNoted: a page that says an offer is sold out, in any
// language the claim tables read, gets a note naming the block; an offer
// "almost sold out" is still on sale, and a page without either gets none.
func TestSoldOutNoted(t *testing.T) {
	f := fork.New(fork.WithProvider(rules.New()))
	page := func(lang, title, status, button string) string {
		return `<!DOCTYPE html><html lang="` + lang + `"><head><title>Kiln Day</title></head><body><section><h1>` + title + `</h1>
<p>Saturday 14 March, Harbour Hall, Leith.</p><p>` + status + `</p><p>Tickets: £45 a seat.</p>
<a href="https://kilnday.example/tickets">` + button + `</a></section></body></html>`
	}
	for _, tc := range []struct {
		name, html string
		want       string // the quoted block in the note; "" for no note
	}{
		{"sold out", page("en", "A day at the wheel", "Sold out!", "Buy tickets"), `"Sold out!"`},
		{"ausverkauft", page("de", "Ein Tag an der Töpferscheibe", "Leider ausverkauft.", "Tickets kaufen"), `"Leider ausverkauft."`},
		{"almost sold out", page("en", "A day at the wheel", "Almost sold out!", "Buy tickets"), ""},
		{"on sale", page("en", "A day at the wheel", "Seats are limited to twelve.", "Buy tickets"), ""},
		{"sold out last year", page("nl", "Een dag aan de draaischijf", "Vorig jaar was de dag drie weken van tevoren uitverkocht.", "Tickets kopen"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := f.Fork(context.Background(), fork.Request{HTML: tc.html, Profile: "skeptic"})
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(res.Notes, func(n string) bool { return strings.Contains(n, "sold out") })
			switch {
			case tc.want == "" && i >= 0:
				t.Errorf("note %q on a page with nothing sold out", res.Notes[i])
			case tc.want != "" && (i < 0 || !strings.Contains(res.Notes[i], tc.want)):
				t.Errorf("notes %q; want one on sold-out block %s", res.Notes, tc.want)
			}
		})
	}
}

// TestStaleNoted: a page whose latest stated date ended over a year before
// the fork's clock gets a note naming it as the page wrote it; a year runs
// to its end, and a day without its year dates nothing.
func TestStaleNoted(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	f := fork.New(fork.WithProvider(rules.New()), fork.WithClock(func() time.Time { return now }))
	page := func(when string) string {
		return `<!DOCTYPE html><html lang="en"><head><title>Kiln Day</title></head><body><section><h1>A day at the wheel</h1>
<p>` + when + `, Harbour Hall, Leith.</p><p>Tickets: £45 a seat.</p>
<a href="https://kilnday.example/tickets">Buy tickets</a></section></body></html>`
	}
	for _, tc := range []struct {
		name, when, want string // want: the date the note names; "" for no note
	}{
		{"a day two years ago", "Saturday 14 March 2024", "14 March 2024"},
		{"a day this year", "Saturday 14 March 2026", ""},
		{"last year, still within a year of its end", "All through 2025", ""},
		{"a year long past", "All through 2019", "2019"},
		{"no year", "Saturday 14 March", ""},
		// Below the hero's button a year dates something else: a
		// book's edition, when a maker began.
		{"a year below the hero", "Saturday 14 March 2026</p><a href=\"#t\">Tickets</a><p>Fired in the same kiln since 2019", ""},
		{"a year under the next heading", "Every spring</p><h2>The kiln</h2><p>Fired in the same kiln since 2019", ""},
		{"a year in a later heading", "Every spring</p><h2>Firing since 2019</h2><p>The same kiln, every year", ""},
		{"a day below the hero", "Every spring</p><a href=\"#t\">Tickets</a><p>Last held on 2 May 2019", "2 May 2019"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := f.Fork(context.Background(), fork.Request{HTML: page(tc.when), Profile: "skeptic"})
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(res.Notes, func(n string) bool { return strings.HasPrefix(n, "the latest date the page states is ") })
			switch {
			case tc.want == "" && i >= 0:
				t.Errorf("note %q; want none", res.Notes[i])
			case tc.want != "" && (i < 0 || !strings.HasPrefix(res.Notes[i], "the latest date the page states is "+tc.want+", over a year ago")):
				t.Errorf("notes %q; want one naming %s", res.Notes, tc.want)
			}
		})
	}
}
