package rules

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/markup"
)

// TestRestricted: an offer limited to a group is restricted unless the
// profile looks for that group.
func TestRestricted(t *testing.T) {
	for _, tc := range []struct {
		line string
		cues []string
		want bool
	}{
		{"registered nonprofits get 20% off any plan.", []string{"off"}, true},
		{"students save 50% with an .edu address.", []string{"save"}, true},
		{"kids under 12 travel free.", []string{"kids", "free"}, false},
		{"save 20% on the annual plan.", []string{"save"}, false},
		{"the military-grade encryption keeps it safe.", nil, true}, // a word's start: a false alarm that costs a lead, never a fact
		{"over 70? let us know and we'll take £2 a month off.", []string{"off"}, true},
		{"unter 26 jahren zahlst du 15 % weniger.", []string{"weniger"}, true},
		{"tu as moins de 26 ans ? 15 % de réduction.", []string{"réduction"}, true},
		{"over 70 routes and 20% off your first month.", []string{"off"}, false},
		{"save 20% and set up in under 30 minutes.", []string{"save"}, false},
	} {
		t.Run(tc.line, func(t *testing.T) {
			if got := restricted(tc.line, fork.Substance{Cues: tc.cues}); got != tc.want {
				t.Errorf("restricted(%q) = %v; want %v", tc.line, got, tc.want)
			}
		})
	}
}

// TestSavingKeepsItsCondition: a saving stated in the sentence after its
// condition leads with that sentence, never alone.
func TestSavingKeepsItsCondition(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Tideclock</title></head><body><main>
<section><h1>Tide times every morning</h1><p>Pick your beach and we send the tides.</p><a class="btn" href="/pro">Go Pro</a></section>
<section><h2>Questions</h2><h3>Is there a yearly price?</h3><p>Yes. The annual plan costs $48 a year. You save 20% against paying monthly.</p></section>
</main></body></html>`
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "bargain-hunter"})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range pageLines(plan) {
		if strings.HasPrefix(l.text, "You save 20%") {
			t.Errorf("the saving leads without its condition: %q", l.text)
		}
		found = found || strings.Contains(l.text, "The annual plan costs $48 a year. You save 20%")
	}
	if !found {
		t.Error("the saving with its condition is not a line to lead with")
	}
}

// TestOfferKeepsItsQuestion: a discount stated right after the question
// that says who gets it (in its paragraph, or as the heading above it)
// leads with that question, never alone: read alone it promises the
// discount to every reader.
func TestOfferKeepsItsQuestion(t *testing.T) {
	for _, tc := range []struct{ name, section, alone, joined string }{
		{"in the paragraph", `<p>Are you a student or under 26? You get 15% off every plan.</p>`,
			"You get 15% off", "Are you a student or under 26? You get 15% off every plan."},
		{"in the heading", `<h3>Teaching a class?</h3><p>Teachers get every plan for $4 a month.</p>`,
			"Teachers get every plan", "Teaching a class? Teachers get every plan for $4 a month."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := `<!DOCTYPE html><html lang="en"><head><title>Tideclock</title></head><body><main>
<section><h1>Tide times every morning</h1><p>Pick your beach and we send the tides.</p><a class="btn" href="/pro">Go Pro for $8 a month</a></section>
<section><h2>Discounts</h2>` + tc.section + `</section>
</main></body></html>`
			plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "bargain-hunter"})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			var texts []string
			for _, l := range pageLines(plan) {
				texts = append(texts, l.text)
				if strings.HasPrefix(l.text, tc.alone) {
					t.Errorf("the offer leads without the question that limits it: %q", l.text)
				}
				found = found || l.text == tc.joined
			}
			if !found {
				t.Errorf("no line %q among %q", tc.joined, texts)
			}
		})
	}
}

// TestGuaranteeKeepsItsQuestion: a heading that states its guarantee as a
// question and its terms as the answer ("Niet tevreden? Binnen 14 dagen
// terug.") is one line: the terms alone state no guarantee, and the
// cautious reader's fork had led with a card's cancellation line instead.
func TestGuaranteeKeepsItsQuestion(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="nl"><head><title>Zeilkist</title></head><body><main>
<section><h1>Elke zaterdag een zeilles op het IJ</h1><p>Kleine groepen, een vaste instructeur en een boot die klaarligt.</p><a class="btn" href="/boeken">Boek je les</a></section>
<section><h2>Lessen</h2><p>Een les kost €45. Een kaart voor vijf lessen kost €200.</p></section>
<section><h2>Niet tevreden? Binnen 14 dagen terug.</h2><p>Na je eerste les kun je de kaart kosteloos terugsturen en krijg je alles terug wat je betaald hebt.</p></section>
</main></body></html>`
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "cautious"})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, l := range pageLines(plan) {
		texts = append(texts, l.text)
		if l.text == "Binnen 14 dagen terug." {
			t.Errorf("the guarantee's terms lead without the guarantee: %q", l.text)
		}
	}
	if !slices.Contains(texts, "Niet tevreden? Binnen 14 dagen terug.") {
		t.Errorf("the guarantee heading is no line to lead with: %q", texts)
	}
	if len(plan.Material) == 0 || !strings.Contains(plan.Material[0].Text, "Niet tevreden") && !strings.Contains(plan.Material[0].Text, "alles terug") {
		t.Errorf("the cautious reader's material does not start with the guarantee: %+v", plan.Material)
	}
}

// TestGuaranteeTermsFirst: of an answer about refunds, the sentences that
// state the terms (until when, at what fee) come before the one that only
// says whom to write to; and "All Access", a ticket's name, keeps its
// first word.
func TestGuaranteeTermsFirst(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Vectorconf tickets</title></head><body><main>
<section><h1>Vectorconf 2027 tickets</h1><p>Three days of talks on graphics in Lyon, with workshops every afternoon.</p><a class="btn" href="/buy">Buy your ticket</a></section>
<section><h2>Tickets</h2><p class="price">Conference ticket €390</p><p class="price">All Access ticket €590</p></section>
<section><h2>Questions</h2><h3>Can I get a refund?</h3><p>If you need a refund, please write to team@vectorconf.example. Conference tickets can be refunded until June 20th minus a fee of €15. All Access tickets can be refunded until July 4th minus a fee of €15.</p></section>
</main></body></html>`
	got := materialTexts(t, page, "cautious")
	if len(got) < 3 || !strings.HasPrefix(got[0], "Conference tickets can be refunded until June 20th") || !strings.HasPrefix(got[1], "All Access tickets") {
		t.Errorf("material %q; want the terms first, the ticket's name whole", got)
	}
}

// TestOfferIn: a sentence about a way out, a saving or an upgrade is never
// cut for a reader short of time; an explanation may be.
func TestOfferIn(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		want     bool
	}{
		{"You can increase the limit by upgrading to paid plans.", true},
		{"Tu peux repasser Pro à tout moment.", true},
		{"Cancel from your settings page.", true},
		{"The log helps you audit past runs of your jobs.", false},
	} {
		if got := offerIn([]string{tc.sentence}, offerCues()); got != tc.want {
			t.Errorf("offerIn(%q) = %v; want %v", tc.sentence, got, tc.want)
		}
	}
}

// TestLeansBack: a sentence that points back to the one before it, or
// tells the reader to work the page, cannot lead; a sentence that merely
// starts with a word like them can.
func TestLeansBack(t *testing.T) {
	for _, tc := range []struct {
		s, lang string
		want    bool
	}{
		{"On the other hand, the 100 log entries only cover 8 hours.", "en", true},
		{"Like this one, you can read it for free too.", "en", true},
		{"But that is only the beginning.", "en", true},
		{`Click on the "Guarantee Seal" for the terms.`, "en", true},
		{"Mais le plan annuel coûte moins cher.", "fr", true},
		{"Proprio per questo la prova ha tutte le funzioni.", "it", true},
		{"Which is why the trial has every feature.", "en", true},
		{"Por eso la demo no tiene límites.", "es", true},
		{"Perché pagare ogni mese?", "it", false},
		{"The plans above include every update for a year.", "en", true},
		{"Les offres ci-dessous incluent le support.", "fr", true},
		{"Above all, it runs offline.", "en", true}, // a false alarm that costs a lead, never a fact
		{"Butter from our own farm, churned each morning.", "en", false},
		{"Also known as the fastest cron monitor in Europe.", "de", false},
		{"Every ebook is free of cost.", "en", false},
		{"Andrea answers every ticket herself.", "en", false},
		// A place the sentence before named: moved, "there" points at
		// nothing; "there is" points at no place.
		{"I wrote a best-selling book based on what I learned there.", "en", true},
		{"There, every lesson is recorded.", "en", true},
		{"There are no setup fees.", "en", false},
		{"There’s no contract and no card.", "en", false},
		{"Is there a plan for teams?", "en", false},
		{"Dort lernst du in kleinen Gruppen.", "de", true},
		// The next step of a sequence: after what?
		{"Danach zahlst du nur die Stunden, die du gefahren bist.", "de", true},
		{"Then we refund the rest of the package.", "en", true},
		{"Ensuite, tu ne paies que les heures faites.", "fr", true},
		{"Dannenberg ships every order in two days.", "de", false},
		{"Thenardier's recipe, unchanged since 1890.", "en", false},
		{"Allí encontrarás todas las lecciones.", "es", true},
		{"Daar krijg je elke week een nieuwe les.", "nl", true},
		{"Thereafter, billing is monthly.", "en", false},
		// A reminder points back at what the page said before it.
		{"Remember, you're covered by the full 60-day money-back guarantee.", "en", true},
		{"Ricorda: hai 14 giorni per il rimborso completo.", "it", true},
		{"Rememberable names for every notebook.", "en", false},
	} {
		if got := leansBack(tc.s, tc.lang); got != tc.want {
			t.Errorf("leansBack(%q, %s) = %v; want %v", tc.s, tc.lang, got, tc.want)
		}
	}
}

// TestSoldOutDoesNotLead: the perks of a ticket the page says is sold out
// are no line to lead with; the same perks of a ticket on sale are.
func TestSoldOutDoesNotLead(t *testing.T) {
	page := func(price string) string {
		return `<!DOCTYPE html><html lang="en"><head><title>Tidewater JS</title></head><body><main>
<section><h1>Tidewater JS</h1><h2>A one-day JavaScript conference by the sea</h2></section>
<section><h2>Conference</h2><h3>` + price + `</h3><p>A simple first step: a full day of talks with free coffee and the after party included.</p></section>
<section><h2>Workshop</h2><h3>£395+VAT</h3><a class="btn" href="/buy">Buy tickets</a><p>Two days with a trainer.</p></section>
</main></body></html>`
	}
	f := fork.New(fork.WithProvider(testProvider()))
	for _, tc := range []struct {
		price string
		leads bool
	}{{"£129+VAT (sold out!)", false}, {"£129+VAT", true}} {
		plan, err := f.Plan(context.Background(), fork.Request{HTML: page(tc.price), Profile: "beginner"})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range plan.Material {
			found = found || strings.Contains(m.Text, "full day of talks")
		}
		if found != tc.leads {
			t.Errorf("%s: the ticket's perks are material: %v; want %v", tc.price, found, tc.leads)
		}
	}
}

// TestWordClaimNeedsCue: a claim the ledger finds by a word many readers
// share ("the only", "free of charge", "patented") is no profile's line
// without one of the profile's cue words; a guarantee is the cautious
// reader's without one.
func TestWordClaimNeedsCue(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Ferrylog</title></head><body><main>
<section><h1>Your crossings, logged</h1><p>Ferrylog keeps every trip you take in one list.</p><a class="btn" href="/buy">Buy Ferrylog</a></section>
<section><h2>Details</h2><p>The only thing we store is the date of each trip.</p>
<p>Trips can be moved to another phone free of charge until June 30.</p>
<p>Every trip you log is refunded within 14 days if the ferry is cancelled.</p></section>
</main></body></html>`
	f := fork.New(fork.WithProvider(testProvider()))
	for _, tc := range []struct{ profile, want string }{
		{"status-seeker", ""},
		{"beginner", ""},
		{"cautious", "Every trip you log is refunded within 14 days if the ferry is cancelled."},
	} {
		t.Run(tc.profile, func(t *testing.T) {
			if got := firstMaterial(t, f, page, tc.profile); got != tc.want {
				t.Errorf("material = %q; want %q", got, tc.want)
			}
		})
	}
}

// TestGluedLabel: a tab's label in an element of its own, run into the
// plan's text, is left off the line; a name that opens a sentence ("Full
// Pass tickets") is not a label.
func TestGluedLabel(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Crumbcon</title></head><body><main>
<section><h1>The bread conference</h1><p>Two days of talks in Ghent.</p><a class="btn" href="/tickets">Buy tickets</a></section>
<section><h2>Plans</h2><p><b>Yearly</b> <span>Plans with up to 15% off and yearly billing.</span></p>
<p>Full Pass tickets can be refunded until May 20th minus a fee of € 10.</p></section>
</main></body></html>`
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "cautious"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range pageLines(plan) {
		got = append(got, l.text)
	}
	for _, want := range []string{"Plans with up to 15% off and yearly billing.", "Full Pass tickets can be refunded until May 20th minus a fee of € 10."} {
		if !slices.Contains(got, want) {
			t.Errorf("no line %q in %q", want, got)
		}
	}
}

// TestHasMaterialAsMaterial holds the fast answer FittingProfiles asks for
// to the listing it stands in for, on every page the tests have, for
// every profile.
func TestHasMaterialAsMaterial(t *testing.T) {
	paths, _ := filepath.Glob("../../testdata/pages/*.html")
	corpus, _ := filepath.Glob("../../../shared/corpus/*.html")
	own, _ := filepath.Glob("testdata/*.html")
	f := fork.New(fork.WithProvider(testProvider()))
	answers := map[bool]int{}
	for _, path := range slices.Concat(paths, corpus, own) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		plan, err := f.Plan(context.Background(), fork.Request{HTML: string(src)})
		if err != nil {
			continue // a page with no copy has no plan
		}
		lines := linesFinder(pageLines(plan))
		for _, prof := range fork.Profiles() {
			other := *plan
			other.Profile = prof
			got, n := lines.HasMaterial(&other), len(lines.Material(&other))
			if got != (n > 0) {
				t.Errorf("%s, %s: HasMaterial %v; Material lists %d lines", filepath.Base(path), prof.Name, got, n)
			}
			answers[got]++
		}
	}
	if answers[true] == 0 || answers[false] == 0 {
		t.Errorf("answers %v: the pages test only one of the two", answers)
	}
}

// firstMaterial is the line the page offers a profile first, or "".
func firstMaterial(t *testing.T, f *fork.Forker, page, profile string) string {
	t.Helper()
	plan, err := f.Plan(context.Background(), fork.Request{HTML: page, Profile: profile})
	if err != nil {
		t.Fatal(err)
	}
	if m := testProvider().Material(plan); len(m) > 0 {
		return m[0].Text
	}
	return ""
}

// TestStatusAndParentCues: who else uses it is a status seeker's line,
// and safety and ages a parent's, in the words pages use for them.
func TestStatusAndParentCues(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Inkwell</title></head><body><main>
<section><h1>Stories your class will finish</h1><p>Inkwell turns reading lists into short daily episodes.</p><a class="btn" href="/buy">Buy Inkwell</a></section>
<section><h2>Studios</h2><p>Trusted by acclaimed illustration studios across Europe.</p></section>
<section><h2>At home</h2><p>Every episode is ad-free and safe for ages 6 to 12.</p></section>
</main></body></html>`
	f := fork.New(fork.WithProvider(testProvider()))
	for _, tc := range []struct{ profile, want string }{
		{"status-seeker", "Trusted by acclaimed illustration studios across Europe."},
		{"parent", "Every episode is ad-free and safe for ages 6 to 12."},
	} {
		t.Run(tc.profile, func(t *testing.T) {
			if got := firstMaterial(t, f, page, tc.profile); got != tc.want {
				t.Errorf("material = %q; want %q", got, tc.want)
			}
		})
	}
}

// TestHeldName: a promoted line's rationale names what it carries: a
// saving, a guarantee (with its terms where it states them), a code, a
// free offer; any other line goes by the profile's lead.
func TestHeldName(t *testing.T) {
	bargain, err := fork.LookupProfile("bargain-hunter")
	if err != nil {
		t.Fatal(err)
	}
	skeptic, err := fork.LookupProfile("skeptic")
	if err != nil {
		t.Fatal(err)
	}
	guarantee := fork.Fact{Kind: "guarantee", Text: "refunded until June 20th"}
	for _, tc := range []struct {
		name string
		l    line
		sub  fork.Substance
		want string
	}{
		{"saving", line{text: "Pay yearly and save $48.", facts: []fork.Fact{{Kind: "price", Text: "$48", Amount: 48}}}, bargain.Substance, "a saving ($48)"},
		// Refund terms that never say "guarantee" are named for what they are.
		{"refund with terms", line{text: "Tickets can be refunded until June 20th.", facts: []fork.Fact{guarantee, {Kind: "date", Text: "June 20th"}}}, skeptic.Substance, "the refund and its terms"},
		{"refund", line{text: "Every ticket can be refunded.", facts: []fork.Fact{{Kind: "claim", Claim: "guarantee", Text: "refunded"}}}, skeptic.Substance, "the refund"},
		{"guarantee with terms", line{text: "Our guarantee: tickets can be refunded until June 20th.", facts: []fork.Fact{guarantee, {Kind: "date", Text: "June 20th"}}}, skeptic.Substance, "the guarantee and its terms"},
		{"guarantee", line{text: "Every ticket is guaranteed.", facts: []fork.Fact{{Kind: "claim", Claim: "guarantee", Text: "guaranteed"}}}, skeptic.Substance, "the guarantee"},
		{"code", line{text: "Use code SPRING for a lower price.", facts: []fork.Fact{{Kind: "code", Text: "SPRING"}}}, bargain.Substance, "a code (SPRING)"},
		{"free", line{text: "Tickets can be transferred free of charge.", facts: []fork.Fact{{Kind: "claim", Claim: "free", Text: "free of charge"}}}, bargain.Substance, `what it gives free ("free of charge")`},
		{"endorsement", line{text: "Trusted by 4,000 banks.", facts: []fork.Fact{{Kind: "claim", Claim: "endorsement", Text: "Trusted by"}}}, skeptic.Substance, "the names of those who rely on it"},
		// Names that rely on what the product is built on are not its customers.
		{"borrowed endorsement", line{text: "Built on Linux: the same software powering banks.", facts: []fork.Fact{{Kind: "claim", Claim: "endorsement", Text: "powering"}}}, skeptic.Substance, "the names of those who rely on what it is built on (borrowed credibility, not its own customers)"},
		{"borrowed endorsement, German", line{text: "Gebaut auf Linux, dieselbe Software, die Banken vertrauen.", facts: []fork.Fact{{Kind: "claim", Claim: "endorsement", Text: "vertrauen"}}}, skeptic.Substance, "the names of those who rely on what it is built on (borrowed credibility, not its own customers)"},
		{"other", line{text: "Used by 4,000 teams.", facts: []fork.Fact{{Kind: "number", Text: "4,000"}}}, skeptic.Substance, "the strongest proof"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := heldName(tc.l, tc.sub); got != tc.want {
				t.Errorf("heldName(%q) = %q; want %q", tc.l.text, got, tc.want)
			}
		})
	}
}

// TestMissingNoteSaysHowItLooked: the note that the engine found nothing
// for a profile says it looks by the words pages use, so that a marketer
// who sees such a line on the page moves it up instead of reading the
// note as a judgement of the page.
func TestMissingNoteSaysHowItLooked(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Ferrylog</title></head><body><main>
<section><h1>Your crossings, logged</h1><p>Ferrylog keeps every trip you take in one list.</p><a class="btn" href="/buy">Buy Ferrylog</a></section>
</main></body></html>`
	res, err := fork.New(fork.WithProvider(testProvider())).Fork(context.Background(), fork.Request{HTML: page, Profile: "parent"})
	if err != nil {
		t.Fatal(err)
	}
	prof, _ := fork.LookupProfile("parent")
	want := prof.Substance.Missing + "; the engine looks for the words pages use for it and can miss a line put another way: if the page has one, it is the line to move up by hand"
	if !slices.Contains(res.Notes, want) {
		t.Errorf("notes %q lack %q", res.Notes, want)
	}
}

// TestPartRanksAfterALineThatLeads: at one score a line that leads on its
// own comes before a part's heading, which scores only what a line needs
// to lead; a higher score comes first whatever it is.
func TestPartRanksAfterALineThatLeads(t *testing.T) {
	part := line{text: "Open source, line by line", part: true, score: partScore}
	own := line{text: "Each release is tested by independent auditors.", score: partScore}
	strong := line{text: "Audited by two independent firms every year.", part: true, score: partScore + 3}
	lines := []line{part, own, strong}
	sort.SliceStable(lines, func(i, j int) bool { return better(lines[i], lines[j]) })
	var got []string
	for _, l := range lines {
		got = append(got, l.text)
	}
	want := []string{strong.text, own.text, part.text}
	if !slices.Equal(got, want) {
		t.Errorf("order %q; want %q", got, want)
	}
}

// TestMisstatedSavingNeverLeads: a saving the line's own prices do not
// give (40% where they give 25%, 20% where they give 50%) is no line for
// a bargain hunter to lead with; one they give (20% where they give 20%)
// is.
func TestMisstatedSavingNeverLeads(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Tidewatch</title></head><body><main>
<section><h1>Tide tables that fit in your pocket</h1><p>Tidewatch sends the tides for your beach every morning.</p><a class="btn" href="/buy">Buy Tidewatch</a></section>
<section><h2>Yearly</h2><p>%s</p></section>
</main></body></html>`
	f := fork.New(fork.WithProvider(testProvider()))
	for _, tc := range []struct{ line, want string }{
		{"The yearly plan costs $45/year and the monthly one $4.99/month. Save 40% with the yearly plan.", ""},
		{"The yearly plan costs $30/year and the monthly one $5/month. Save 20% with the yearly plan.", ""},
		{"The yearly plan costs $48/year and the monthly one $5/month. Save 20% with the yearly plan.", "Save 20% with the yearly plan."},
	} {
		if got := firstMaterial(t, f, fmt.Sprintf(page, tc.line), "bargain-hunter"); got != tc.want {
			t.Errorf("with %q: material = %q; want %q", tc.line, got, tc.want)
		}
	}
}

// TestWayOutConditions: for a cautious reader, a condition that lets them
// leave or spares them a catch is material on its own ("sin letra
// chica"); one that is the catch (auto-renewal) is not.
func TestWayOutConditions(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"Every quote is made to measure, with no hidden fees.", true},
		{"Your plan renews automatically every year.", false},
	} {
		t.Run(tc.line, func(t *testing.T) {
			page := `<html lang="en"><head><title>Tidewell</title></head><body><section><h1>Plan your week in ten minutes</h1>
<p>Tidewell sorts your tasks before you wake up.</p><a class="button" href="/start">Start</a></section>
<section><h2>How it works</h2><p>Connect your calendar and pick the hours you want to keep free.</p></section>
<section><h2>Pricing</h2><p>` + tc.line + `</p></section></body></html>`
			plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "cautious"})
			if err != nil {
				t.Fatal(err)
			}
			got := len(plan.Material) > 0 && plan.Material[0].Text == tc.line
			if got != tc.want {
				t.Errorf("material %+v; want the line: %v", plan.Material, tc.want)
			}
		})
	}
}

// TestFreePolicyIsNoBargain: "free of charge" said of a ticket
// transferred, a booking cancelled, a parcel returned is a policy, not the
// value a bargain hunter acts on, in an answer or in the page's copy; the
// same words said of the offer itself still count.
func TestFreePolicyIsNoBargain(t *testing.T) {
	const (
		policy    = "Tickets can be transferred to another person free of charge until July 4th."
		offerLine = "Every conference ticket includes the workshop day free of charge."
	)
	page := func(where string) string {
		faq, body := "", ""
		switch where {
		case "faq":
			faq = `<section class="faq"><h2>FAQ</h2><details><summary>Can I transfer my ticket?</summary><p>` + policy + `</p></details></section>`
		case "body":
			body = `<section><h2>Your ticket</h2><p>` + policy + `</p></section>`
		default:
			body = `<section><h2>Your ticket</h2><p>` + offerLine + `</p></section>`
		}
		return `<html lang="en"><head><title>Talks</title></head><body><section><h1>Three days of talks in Vienna</h1>
<p>Join developers from all over the world.</p><a class="button" href="/tickets">Buy tickets</a></section>` + body + faq + `</body></html>`
	}
	for _, tc := range []struct {
		where string
		want  bool
	}{{"faq", false}, {"body", false}, {"offer", true}} {
		t.Run(tc.where, func(t *testing.T) {
			plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page(tc.where), Profile: "bargain-hunter"})
			if err != nil {
				t.Fatal(err)
			}
			got := slices.ContainsFunc(plan.Material, func(m fork.Material) bool { return m.Text == policy || m.Text == offerLine })
			if got != tc.want {
				t.Errorf("material %+v; want the policy line listed: %v", plan.Material, tc.want)
			}
		})
	}
}

// TestNounClause: a clause that opens on a question word and asks nothing
// names what a reader learns; one that opens on "Por" ("Por solo 9 € al
// mes") or asks is none.
func TestNounClause(t *testing.T) {
	for _, tc := range []struct {
		s, lang string
		want    bool
	}{
		{"Exactly how Section 24 works", "en", true},
		{"What you get", "en", true},
		{"How does it work?", "en", false},
		{"Por solo 9 € al mes tienes todo el catálogo", "es", false},
		{"Diseñado por arquitectos en Madrid", "es", false},
		{"Por qué elegirnos", "es", true},
		{"Wie die Abrechnung funktioniert", "de", true},
	} {
		if got := nounClause(tc.s, tc.lang); got != tc.want {
			t.Errorf("nounClause(%q, %s) = %v; want %v", tc.s, tc.lang, got, tc.want)
		}
	}
}

// TestPriceForDottedCapital: a fact whose lowered text is shorter than
// the fact ("GRATİS": "İ" is two bytes, "i̇" three, and other runes
// shrink) never cuts the line out of its bounds.
func TestPriceForDottedCapital(t *testing.T) {
	for _, text := range []string{"GRATİS", "ẞ 5 €"} {
		lower := strings.ToLower("Kinder unter 6 Jahren übernachten " + text)
		f := fork.Fact{Kind: "claim", Claim: "free", Text: text}
		if !priceFor(lower, f, []string{"kinder"}) {
			t.Errorf("priceFor(%q): want the children's clause found", lower)
		}
	}
}

// TestLineRuns: a block's lines are cut where it breaks the line, except
// after a comma, where the sentence goes on under the break.
func TestLineRuns(t *testing.T) {
	for _, tc := range []struct {
		markup string
		want   []string
	}{
		{"Buy One,<1/> Get One Free", []string{"Buy One, Get One Free"}},
		{"<1>Satisfait ou remboursé 30 jours</1><2/> Si tu n'es pas convaincu, on te rembourse.", []string{"Satisfait ou remboursé 30 jours", "Si tu n'es pas convaincu, on te rembourse."}},
		{"Fast,<1/> private,<2/> free", []string{"Fast, private, free"}},
		{"Dear friend,<1/> Three years ago I was laid off.", []string{"Dear friend,", "Three years ago I was laid off."}},
		{"We called,<1/><2/>Nobody came.", []string{"We called,", "Nobody came."}},
	} {
		b := fork.Brief{Block: fork.Block{Text: markup.Strip(tc.markup), Markup: tc.markup}}
		if diff := cmp.Diff(tc.want, lineRuns(b)); diff != "" {
			t.Errorf("lineRuns(%q) (-want +got):\n%s", tc.markup, diff)
		}
	}
}

// TestChargeIsNoSaving: an amount the page charges ("are charged £10",
// "a fee of $5") is no saving, whatever word near it takes it back; the
// same amount taken off the price is one.
func TestChargeIsNoSaving(t *testing.T) {
	prof, err := fork.LookupProfile("bargain-hunter")
	if err != nil {
		t.Fatal(err)
	}
	sub := prof.Substance
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Late cancellations and no-shows are charged £10, which we knock off your next service.", false},
		{"A fee of £10 applies, knocked off your next visit.", false},
		{"We knock £10 off your first service.", true},
		{"Save £10 on your first service.", true},
		{"No booking fees, save £10 today.", true},
		{"No delivery charge and £10 off your first order.", true},
		{"Free of charge and £10 off accessories.", true},
	} {
		l := line{text: tc.text, lower: strings.ToLower(tc.text), facts: []fork.Fact{{Kind: "price", Text: "£10", Amount: 10, Currency: "GBP"}}}
		if _, got := saving(l, sub.Saving, l.lower); got != tc.want {
			t.Errorf("saving(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestDeferredSavingIsNone: a saving on the repeat order a purchase signs
// up for ("after 60 days, … 20% off") is not the offer's, nor the free
// shipping in the same clause; one on the order itself is.
func TestDeferredSavingIsNone(t *testing.T) {
	prof, err := fork.LookupProfile("bargain-hunter")
	if err != nil {
		t.Fatal(err)
	}
	pct := fork.Fact{Kind: "percentage", Text: "20%", Amount: 20}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"After 60 days, receive a fresh 2 month supply at 20% off plus free shipping.", false},
		{"Nach 30 Tagen erhältst du jede Lieferung 20% günstiger.", false},
		{"Get 20% off your first box.", true},
		{"Get 20% off your first box. After 60 days, a new box ships every 2 months.", true},
	} {
		l := line{text: tc.text, lower: strings.ToLower(tc.text), facts: []fork.Fact{pct}}
		score, _ := weighLine(l, prof.Substance, nil, &fork.Plan{Blocks: []fork.Brief{{}}}, false)
		if got := score > 0; got != tc.want {
			t.Errorf("weighLine(%q) = %d, want a score: %v", tc.text, score, tc.want)
		}
	}
}

// TestFreePolicyWords: "free" beside a way out, in the same part of a
// sentence, is a policy; an offer that only holds such a word elsewhere,
// or names a transfer or an exchange as what it gives, is not.
func TestFreePolicyWords(t *testing.T) {
	free := fork.Fact{Kind: "claim", Text: "free", Value: "free:free"}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"you're welcome to cancel or move your slot free of charge up to 24 hours before.", true},
		{"start for free, cancel anytime.", false},
		{"kostenlos starten, jederzeit stornierbar.", false},
		{"free airport transfer with every booking.", false},
		{"your first international transfer is free.", false},
		{"free coffee for returning customers.", false},
		{"tickets can be transferred free until july 4th.", true},
	} {
		f := free
		if strings.Contains(tc.text, "kostenlos") {
			f.Text = "kostenlos"
		}
		if got := freePolicy(tc.text, f); got != tc.want {
			t.Errorf("freePolicy(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestExcludedNeverLeads: a plan's feature the page marks as not included
// ("✗ Cancel any time" under the basic plan) is no line for a cautious
// reader, however many of their words it holds: the basic plan lacks it.
func TestExcludedNeverLeads(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Harbourdesk</title></head><body><main>
<section><h1>Bookings for small harbours</h1><p>Berths, fees and waiting lists in one place.</p><a class="btn" href="/signup">Start now</a></section>
<section><h2>Plans</h2><div class="plan"><h3>Basic</h3><p class="price">$19 a month</p><ul><li>Up to 40 berths</li><li class="no">Cancel any time with a full refund, no questions asked</li><li>✗ 30-day money-back guarantee on every plan change</li></ul></div></section>
<section><h2>About us</h2><p>We started in a harbour office in Falmouth and still answer the phone ourselves.</p></section>
</main></body></html>`
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "cautious"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range plan.Material {
		t.Errorf("material from a feature the plan lacks: %q", m.Text)
	}
}

// TestPlanNamesAreNoCues: a plan named "Growth" or "Scale" says nothing
// of an executive's growth or scale; an answer naming the plans had led
// an executive's fork as its "outcomes and scale".
func TestPlanNamesAreNoCues(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Shiplane</title></head><body><main>
<section><h1>Shipping labels from one API</h1><p>Print labels for every carrier with one request.</p><a class="btn" href="/signup">Get an API key</a></section>
<section><h2>Pricing</h2><div class="plan"><h3>Growth</h3><p class="price">$49 a month</p></div><div class="plan"><h3>Scale</h3><p class="price">$199 a month</p></div></section>
<section><h2>Questions</h2><h3>Is there a rate limit?</h3><p>We allow 100 requests per second per key on Growth and 500 on Scale for each account.</p></section>
</main></body></html>`
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "executive"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range plan.Material {
		t.Errorf("material from the plans' names: %q (%s)", m.Text, m.Why)
	}
	if got := planNames(plan); !slices.Equal(got, []string{"growth", "scale"}) {
		t.Errorf("planNames = %q; want growth, scale", got)
	}
}

// TestExpiredOfferNeverLeads: an offer the page dates before the fork's
// time is over: "valid until 30 June 2025" led a bargain hunter's fork
// read in 2026, beside the engine's own note that the date had passed.
// The same page forked before the date leads with it.
func TestExpiredOfferNeverLeads(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Dockside desks</title></head><body><main>
<section><h1>Desks by the water in Leith</h1><p>Come for a day, stay for the people.</p><a class="btn" href="/visit">Book a visit</a></section>
<section><h2>Plans</h2><p class="price">Resident desk £240 a month</p><p>Launch offer: save 50% on your first month with the code DOCK50, valid until 30 June 2025.</p></section>
</main></body></html>`
	for _, tc := range []struct {
		now  time.Time
		want bool
	}{
		{time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC), false},
		{time.Date(2025, 6, 30, 18, 0, 0, 0, time.UTC), true},
	} {
		t.Run(tc.now.Format("2006-01-02"), func(t *testing.T) {
			f := fork.New(fork.WithProvider(testProvider()), fork.WithClock(func() time.Time { return tc.now }))
			plan, err := f.Plan(context.Background(), fork.Request{HTML: page, Profile: "bargain-hunter"})
			if err != nil {
				t.Fatal(err)
			}
			got := slices.ContainsFunc(plan.Material, func(m fork.Material) bool { return strings.Contains(m.Text, "DOCK50") })
			if got != tc.want {
				t.Errorf("the launch offer leads: %v; want %v (material %v)", got, tc.want, plan.Material)
			}
		})
	}
}

// TestUsageCountLeads: a count of those who use it is a line to lead with
// for an executive, verb or not ("Over 8,500 firms served across
// Canada."), and a customer quoting their old bill ("I used to pay $450
// a month") does not make the quotes' section a plan's card, whose short
// lines say nothing of their own. "4,600+ learners" counts people.
func TestUsageCountLeads(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Ledgerbird</title></head><body><main>
<section><h1>Bookkeeping done for you</h1><p>A dedicated bookkeeper, your taxes filed on time, all from one app.</p><a class="btn" href="/signup">Start now</a></section>
<section><h2>Features</h2><ul><li>Receipts read from a photo</li><li>Quarterly filings prepared for you</li></ul></section>
<section><h2>What clients say</h2><blockquote>I used to pay $450 a month to my old firm and chased them every week. Now it simply gets done.</blockquote><p>Over 8,500 firms served across Canada.</p></section>
<section><h2>About us</h2><p>We have helped 4,600+ learners with our free bookkeeping course.</p></section>
<section><h2>Our office</h2><p>More than 3,000 guests have used our meeting rooms.</p></section>
</main></body></html>`
	got := materialTexts(t, page, "executive")
	for _, want := range []string{"Over 8,500 firms served across Canada.", "We have helped 4,600+ learners with our free bookkeeping course.", "More than 3,000 guests have used our meeting rooms."} {
		if !slices.Contains(got, want) {
			t.Errorf("material %q lacks %q", got, want)
		}
	}
}

// TestNoChargeIsAWayOut: a change of plan that costs nothing is the
// cautious reader's way out, said without "free" or "cancel": "Give us 48
// hours' notice and there's no charge." A note had said the page had none.
func TestNoChargeIsAWayOut(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Kerbline</title></head><body><main>
<section><h1>Driving lessons in Leeds</h1><p>Patient instructors and dual-controlled cars.</p><a class="btn" href="/book">Book a lesson</a></section>
<section><h2>Questions</h2><dl><dt>What if I need to cancel a lesson?</dt><dd>Give us 48 hours' notice and there's no charge.</dd></dl></section>
</main></body></html>`
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "cautious"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(plan.Material, func(m fork.Material) bool { return strings.HasPrefix(m.Text, "Give us 48 hours' notice") }) {
		t.Errorf("material %v lacks the free change of plan", plan.Material)
	}
}

// TestHowItWorksMovesForABeginner: a section headed "How it works" is a
// newcomer's first steps as a whole, though none of its steps repeats a
// cue ("Sign up and get a test key."); a heading over a single line is no
// such part.
func TestHowItWorksMovesForABeginner(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Parcelo</title></head><body><main>
<section><h1>Shipping labels from one API</h1><p>Print labels for every carrier with one request.</p><a class="btn" href="/signup">Get an API key</a></section>
<section><h2>Carriers</h2><p>UPS, FedEx, DHL Express and USPS, with rates side by side.</p></section>
<section><h2>Pricing</h2><p class="price">$0.05 a label</p></section>
<section><h2>How it works</h2><ul><li>Sign up and get a test key.</li><li>Connect your carrier accounts.</li><li>Switch to your live key when you are ready.</li></ul></section>
</main></body></html>`
	f := fork.New(fork.WithProvider(testProvider()))
	res, err := f.Fork(context.Background(), fork.Request{HTML: page, Profile: "beginner"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sections) == 0 || res.Sections[1] != 3 {
		t.Errorf("sections %v; want \"How it works\" (3) right under the hero", res.Sections)
	}
	one := strings.Replace(page, "<li>Connect your carrier accounts.</li><li>Switch to your live key when you are ready.</li>", "", 1)
	res, err = f.Fork(context.Background(), fork.Request{HTML: one, Profile: "beginner"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sections) > 1 && res.Sections[1] == 3 {
		t.Errorf("sections %v: a heading over one line moved as a part", res.Sections)
	}
	// Right under the hero already, the part stays, and the note says the
	// page leads with it (it had said the page had no first step).
	first := strings.Replace(page, `<section><h2>Carriers</h2><p>UPS, FedEx, DHL Express and USPS, with rates side by side.</p></section>`, "", 1)
	first = strings.Replace(first, `<section><h2>Pricing</h2>`, `<section><h2>Carriers</h2><p>UPS, FedEx, DHL Express and USPS, with rates side by side.</p></section><section><h2>Pricing</h2>`, 1)
	first = strings.Replace(first, `<section><h2>How it works</h2><ul><li>Sign up and get a test key.</li><li>Connect your carrier accounts.</li><li>Switch to your live key when you are ready.</li></ul></section>`, "", 1)
	first = strings.Replace(first, `<section><h2>Carriers</h2>`, `<section><h2>How it works</h2><ul><li>Sign up and get a test key.</li><li>Connect your carrier accounts.</li><li>Switch to your live key when you are ready.</li></ul></section><section><h2>Carriers</h2>`, 1)
	res, err = f.Fork(context.Background(), fork.Request{HTML: first, Profile: "beginner"})
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := fork.LookupProfile("beginner")
	missing := slices.ContainsFunc(res.Notes, func(n string) bool { return strings.HasPrefix(n, sub.Substance.Missing) })
	leads := slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "already leads with") })
	if missing || !leads {
		t.Errorf("a first step right under the hero: notes %q", res.Notes)
	}
}

// TestNextLineMovesUnderTheLead: where the page already leads with the
// profile's line in the section under its hero, the section of its next
// line moves up under that one, not over it: the note says the leading
// line stays, and a driving school's had been pushed to fourth place.
func TestNextLineMovesUnderTheLead(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Kerbline</title></head><body><main>
<section><h1>Driving lessons in Leeds</h1><p>Patient instructors and dual-controlled cars.</p><a class="btn" href="/book">Book a lesson</a></section>
<section><h2>Why learners pick us</h2><p>Free pick-up and drop-off from home, college or work.</p></section>
<section><h2>Our instructors</h2><p>Every instructor is approved and has taught for at least five years.</p></section>
<section><h2>Lesson times</h2><p>Lessons run from 7am to 9pm, seven days a week.</p></section>
<section><h2>Test day</h2><p>Your first mock test is free with any block of ten lessons.</p></section>
</main></body></html>`
	res, err := fork.New(fork.WithProvider(testProvider())).Fork(context.Background(), fork.Request{HTML: page, Profile: "bargain-hunter"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 4, 2, 3}; !slices.Equal(res.Sections, want) {
		t.Errorf("sections %v; want %v (the free mock test under the free pick-up that leads)", res.Sections, want)
	}
}

// TestSoldOutCardNeverLeads: the saving of a plan the page says is sold
// out is no one's to take, though the section's other plans are on sale:
// "save $96 … Sold out this month" had named a bargain hunter's test.
func TestSoldOutCardNeverLeads(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Hearthbox</title></head><body><main>
<section><h1>Dinner, sorted</h1><p>Chef-designed meal kits delivered weekly.</p><a class="btn" href="/signup">Choose a plan</a></section>
<section><h2>Recipes</h2><p>Twenty new recipes every week, from quick pastas to slow Sunday roasts.</p></section>
<section><h2>Plans</h2>
<div class="plan"><h3>Weekly</h3><p class="price">$60 a week</p><p>Skip a week whenever you like.</p></div>
<div class="plan"><h3>Prepaid 12 weeks</h3><p class="price">$624 for 12 weeks</p><p>Pay once for 12 weeks and save $96 compared with weekly billing.</p><span class="badge">Sold out this month</span></div>
</section>
</main></body></html>`
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "bargain-hunter"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range plan.Material {
		if strings.Contains(m.Text, "$96") {
			t.Errorf("material from a sold-out plan: %q", m.Text)
		}
	}
}

// TestTermsWeighForAGuaranteeOnly: a guarantee's terms make it the way out
// a cautious reader looks for, not a bargain hunter's best value: "Buy
// One, Get One Free" comes before "Free Shipping + 60 Day Money Back
// Guarantee" for them.
func TestTermsWeighForAGuaranteeOnly(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Krill Pure</title></head><body><main>
<section><h1>Buy One, Get One Free</h1><h2>+ 2 Free Gifts + Free Shipping</h2><a class="btn" href="/order">Get Started</a><p class="guarantee">Free Shipping + 60 Day Money Back Guarantee</p></section>
<section><h2>Why krill oil</h2><p>Krill oil carries omega-3s in a form your body takes up easily.</p></section>
</main></body></html>`
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "bargain-hunter"})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Material) == 0 || plan.Material[0].Text != "Buy One, Get One Free" {
		t.Errorf("material %v; want \"Buy One, Get One Free\" first", plan.Material)
	}
}

// TestRefundTakenBackIsNoWayOut: a refund the page takes back ("Uncollected
// orders are not refunded.", "ne sont pas remboursées") is the offer's
// catch, not a cautious reader's way out, whatever the ledger read in it.
func TestRefundTakenBackIsNoWayOut(t *testing.T) {
	for _, line := range []string{"Les commandes non retirées ne sont pas remboursées.", "Orders that are not collected are not refunded."} {
		page := `<!DOCTYPE html><html lang="fr"><head><title>Fournil</title></head><body><main>
<section><h1>Commandez la veille, retirez le matin</h1><p>Pains et viennoiseries prêts dès 7 h.</p><a class="btn" href="/commande">Commander</a></section>
<section><h2>Bon à savoir</h2><p>` + line + `</p></section>
</main></body></html>`
		plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "cautious"})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range plan.Material {
			t.Errorf("%q leads as a way out", m.Text)
		}
	}
}

// TestComesFirstIsNoNovelty: "Safety comes first" names a priority and
// "first aid" a kit, not the newest thing: with a heading and a line
// under it that each held "first", a camp's safety section had moved up
// for an early adopter.
func TestComesFirstIsNoNovelty(t *testing.T) {
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: "<html lang=en><body><h1>Camp</h1><p>Code all week.</p></body></html>", Profile: "early-adopter"})
	if err != nil {
		t.Fatal(err)
	}
	sub := plan.Profile.Substance
	for _, text := range []string{"Safety comes first", "Every instructor holds current CPR and first aid certification."} {
		lower := strings.ToLower(text)
		if score, why := weighLine(line{text: text, lower: lower, words: lineWords(lower)}, sub, newCueSet(sub.Cues), plan, true); score != 0 {
			t.Errorf("%q weighs %d for an early adopter (%v)", text, score, why)
		}
	}
	if score, _ := weighLine(line{text: "The first camp of its kind", lower: "the first camp of its kind", words: lineWords("the first camp of its kind")}, sub, newCueSet(sub.Cues), plan, false); score == 0 {
		t.Error("\"the first camp of its kind\" weighs nothing for an early adopter")
	}
}

// TestBoldLabelGoes: a list item's label in an element of its own, ended
// by a full stop ("<strong>25-year guarantee.</strong> 25-year product
// guarantee on the panels, …"), does not lead with its sentence: in the
// hero the two had said "25-year" twice in a row.
func TestBoldLabelGoes(t *testing.T) {
	const page = `<!DOCTYPE html><html lang="en"><head><title>Sunward</title></head><body><main>
<section><h1>Solar panels for your roof</h1><p>We design, supply and fit them, with a quote in 48 hours.</p><a class="btn" href="/quote">Get a quote</a></section>
<section><h2>Why Sunward</h2><ul><li><strong>25-year guarantee.</strong> A 25-year product guarantee on the panels, 12 years on the inverter and 10 years on the fitting.</li><li>Our own fitters, no subcontractors.</li></ul></section>
</main></body></html>`
	got := materialTexts(t, page, "cautious")
	if want := "A 25-year product guarantee on the panels, 12 years on the inverter and 10 years on the fitting."; !slices.Contains(got, want) {
		t.Errorf("material %q; want %q without its label", got, want)
	}
}

// materialTexts are the lines Plan offers a profile on page, best first.
func materialTexts(t *testing.T, page, profile string) []string {
	t.Helper()
	plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: profile})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range plan.Material {
		got = append(got, m.Text)
	}
	return got
}

// TestSiblingsOfferIsAFamilyOffer: a discount for brothers and sisters,
// said for whom in the question before it, is a parent's material, in
// each language the profile reads.
func TestSiblingsOfferIsAFamilyOffer(t *testing.T) {
	for _, tc := range []struct{ lang, line string }{
		{"en", "Signing up with your brother or sister? You both get $100 off the full course."},
		{"de", "Meldet ihr euch als Geschwister an? Dann bekommt ihr beide 10 % Rabatt auf den Kurs."},
		{"nl", "Samen met je broer of zus inschrijven? Jullie krijgen allebei € 100 korting."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			page := `<!DOCTYPE html><html lang="` + tc.lang + `"><head><title>Kerbside</title></head><body><main>
<section><h1>Kerbside</h1><p>Lessons at your own pace.</p><a class="btn" href="/book">Book</a></section>
<section><h2>Prices</h2><p>The full course costs €1,900.</p><p>` + tc.line + `</p></section>
</main></body></html>`
			plan, err := fork.New(fork.WithProvider(testProvider())).Plan(context.Background(), fork.Request{HTML: page, Profile: "parent"})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(plan.Material, func(m fork.Material) bool { return m.Text == tc.line }) {
				t.Errorf("material %+v lacks the siblings' offer", plan.Material)
			}
		})
	}
}
