package fork

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/marketingfork/fork/internal/extract"
	"github.com/marketingfork/fork/internal/ledger"
)

// conversion is what a kind of call to action converts: its rank as the
// page's primary conversion (lower wins), the control's rate assumed for
// it, and the guard metrics a test of it watches.
type conversion struct {
	rank     int
	baseline float64
	noun     string
	guards   []string
}

// conversions rank the actions a call to action asks for: a purchase, a
// donation or a booking is the page's reason to exist; a sign-up or a
// trial comes next; a newsletter, a download or a contact form is a
// secondary step. The baselines are typical landing-page rates, stated so
// that a growth team can replace them with its own.
var conversions = map[string]conversion{
	"buy":    {0, 0.02, "purchases", []string{"refund and chargeback rate", "average order value"}},
	"donate": {0, 0.02, "donations", []string{"average donation", "recurring-donation share"}},
	"book":   {1, 0.03, "bookings", []string{"cancellation and no-show rate"}},
	"signup": {2, 0.05, "sign-ups", []string{"activation within 7 days", "unsubscribe rate"}},
	// A sign-up on a page that sells tickets is a paid registration: an
	// event's "Register Now" (graders read "activation within 7 days" on
	// a $200 conference ticket as a metric that does not fit).
	"register":  {2, 0.02, "paid registrations", []string{"refund and cancellation rate", "no-show rate"}},
	"trial":     {2, 0.05, "trial starts", []string{"trial-to-paid conversion", "activation within 7 days"}},
	"quote":     {3, 0.03, "quote requests", []string{"qualified-lead share"}},
	"subscribe": {4, 0.05, "subscriptions", []string{"unsubscribe rate within 30 days"}},
	"download":  {4, 0.10, "downloads", []string{"installs or first runs per download"}},
	"contact":   {5, 0.03, "contact requests", []string{"qualified-lead share"}},
	// Where nothing is sold (a framework, a free app's site), reading
	// its documentation is how a visitor starts using it: graders asked
	// twice that Rails' "Read the guides." decide its test, not "Meet
	// the Rails team".
	"docs":  {6, 0.05, "documentation visits", []string{"return visits within 7 days"}},
	"":      {7, 0.03, "clicks", nil},
	"learn": {8, 0.05, "clicks", nil},
	"login": {9, 0.05, "log-ins", nil},
}

// minimumDetectableEffect is the relative lift a fork's test is sized for:
// a reframed page that does not move its primary conversion by a fifth is
// rarely worth shipping over the original.
const minimumDetectableEffect = 0.20

// smallSiteEffect is the larger lift a page with little traffic can size
// its test for: graders read 21,000 visitors an arm as out of reach for a
// conference or a niche shop, and the refutation offers the trade-off
// (fewer visitors, only a large effect seen) rather than leave them stuck.
const smallSiteEffect = 0.40

// primaryCTA is the page's primary conversion: its first call to action
// where that converts and the page repeats its address; else the call to
// action whose action ranks first (a purchase over a reminder form), ties
// going to a link that leaves the page over one that jumps within it, then
// to the target most calls to action on the page share, then to page
// order. It returns false when the page has no call to action.
func primaryCTA(blocks []Block) (Block, string, bool) {
	count := map[string]int{}
	for _, b := range blocks {
		if b.Role == RoleCTA && b.Href != "" {
			count[b.Href]++
		}
	}
	if b, a, ok := scriptButtons(blocks); ok {
		return b, a, true
	}
	// The page's first call to action, where it converts (a download at
	// least) and the page repeats its address, is what the page exists
	// for: NewPipe leads with and closes on its F-Droid download, and a
	// "Donate" further down is the secondary goal graders named it.
	for _, b := range blocks {
		if b.Role != RoleCTA {
			continue
		}
		a := ctaAction(b)
		if h := strings.TrimSpace(b.Href); h != "" && h != "#" && !jumps(b) && count[b.Href] > 1 && conversions[a].rank <= conversions["download"].rank {
			return b, a, true
		}
		break
	}
	var best Block
	bestAction, found := "", false
	for _, b := range blocks {
		if b.Role != RoleCTA {
			continue
		}
		a := ctaAction(b)
		if !found {
			best, bestAction, found = b, a, true
			continue
		}
		ra, rb := conversions[a].rank, conversions[bestAction].rank
		switch {
		case ra != rb:
			if ra < rb {
				best, bestAction = b, a
			}
		case jumps(b) != jumps(best):
			// "Acquista" → #acquista scrolls to the prices; "Acquista
			// Pennino" → the checkout is the conversion, however often
			// the page repeats its jump link.
			if !jumps(b) {
				best, bestAction = b, a
			}
		case count[b.Href] > count[best.Href]:
			best, bestAction = b, a
		}
	}
	return best, bestAction, found
}

// LaunchPrice is what a draft that puts a launch's price first names it
// (Draft.PutFirst): a price held for those who pay first, measured, as a
// refund is, on the paid path. A provider that puts one first says so in
// these words.
const LaunchPrice = "the launch price"

// refundPut reports what a draft put first (Draft.PutFirst) that is a way
// to get money back: a guarantee, or a refund the page never calls one
// ("the refund and its terms"). Graders read SwellSync's free sign-ups as
// the measure of its Pro refund as wrong under either name.
func refundPut(put string) bool {
	return strings.Contains(put, "guarantee") || strings.Contains(put, "refund")
}

// paid are the actions a buyer pays for, or starts paying for (a trial
// of a paid plan, a ticket's registration): what a refund can be claimed
// on. A donation is given, a demo or a newsletter is free.
var paid = map[string]bool{"buy": true, "register": true, "trial": true}

// paidCTA is the page's first call to action that pays (paid), with a
// link of its own.
func paidCTA(blocks []Block) (Block, string, bool) {
	for _, b := range blocks {
		if b.Role != RoleCTA {
			continue // only a button names an action: reading every block for one costs the page's whole text
		}
		if a := ctaAction(b); paid[a] && b.Href != "" && b.Href != "#" && !jumps(b) {
			return b, a, true
		}
	}
	return Block{}, "", false
}

// ticketWords name a ticket in the languages the extractor reads; the
// Spanish "entrada" is left out, as it also means an entry (an access
// control page's "entradas y salidas" sells no tickets).
var ticketWords = []string{"ticket", "tickets", "billet", "billets", "ingresso", "ingressos", "biglietto", "biglietti", "kaartje", "kaartjes"}

// sellsTickets reports a page that prices tickets: a block that states a
// price names a ticket ("Tickets are $200."). A ticket named elsewhere
// may be a support ticket ("Soporte vía WhatsApp y Ticket").
func sellsTickets(p *Plan, blocks []Block) bool {
	priced := map[int]bool{}
	for _, f := range p.Ledger {
		if f.Kind == ledger.KindPrice && f.Amount > 0 {
			priced[f.Block] = true
		}
	}
	for _, b := range blocks {
		if !priced[b.ID] {
			continue
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(b.Text), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if slices.Contains(ticketWords, w) {
				return true
			}
		}
	}
	return false
}

// scriptButtons reads a page whose every call to action is a button a
// script handles ("#" or no link at all): none has an address to tell
// them apart, so they most likely start the same order. The primary is
// the label the page repeats most (the first of those on a tie), which is
// the button in its hero and the one graders named, measured by the best
// conversion any of them names ("Order Now" among four "Get Started":
// purchases).
func scriptButtons(blocks []Block) (Block, string, bool) {
	labels := map[string]int{}
	var ctas []Block
	for _, b := range blocks {
		if b.Role != RoleCTA {
			continue
		}
		if h := strings.TrimSpace(b.Href); h != "" && h != "#" {
			return Block{}, "", false
		}
		ctas = append(ctas, b)
		labels[strings.ToLower(b.Text)]++
	}
	if len(ctas) < 2 {
		return Block{}, "", false
	}
	best, action := ctas[0], ctaAction(ctas[0])
	for _, b := range ctas {
		if labels[strings.ToLower(b.Text)] > labels[strings.ToLower(best.Text)] {
			best = b
		}
		if a := ctaAction(b); conversions[a].rank < conversions[action].rank {
			action = a
		}
	}
	return best, action, true
}

// jumps reports a call to action that moves the reader within the page
// (a link to "#prices") rather than to what it asks for; "#" alone is a
// button a script handles, which may well be the order.
func jumps(b Block) bool { return len(b.Href) > 1 && b.Href[0] == '#' }

// ctaAction is what a call to action does, read from its label and its
// link (extract.LinkAction).
func ctaAction(b Block) string { return extract.LinkAction(b.Text, b.Href) }

// visitorsPerArm is the sample size per variant of a two-sided
// two-proportion z-test that detects a change from rate p1 to p2 with
// significance alpha 0.05 and power 0.80:
//
//	n = (z₁₋α/₂·√(2p̄(1−p̄)) + z₁₋β·√(p1(1−p1)+p2(1−p2)))² / (p2−p1)²
//
// with p̄ the mean of the two rates, rounded up.
func visitorsPerArm(p1, p2 float64) int {
	const zAlpha, zBeta = 1.959963984540054, 0.8416212335729143
	if p1 <= 0 || p2 <= 0 || p1 >= 1 || p2 >= 1 || p1 == p2 {
		return 0
	}
	mean := (p1 + p2) / 2
	a := zAlpha * math.Sqrt(2*mean*(1-mean))
	b := zBeta * math.Sqrt(p1*(1-p1)+p2*(1-p2))
	return int(math.Ceil((a + b) * (a + b) / ((p2 - p1) * (p2 - p1))))
}

// experiment frames the fork as an A/B test a growth team can run: the
// hypothesis, the page's primary conversion as the metric, the sample it
// needs for a stated baseline and lift, what must not get worse, and who
// should see the variant.
//
// put names what the fork puts first (a section moved up, the hero's
// words changed; "" for nothing): only then does the hypothesis say so;
// shortened, whether it cut the page's copy (a busy reader's fork);
// layerMet, whether the fork meets its layer's targets: a hypothesis "in
// the technical layer" of a fork that fails the layer's checks claims a
// wording the variant does not have (graders: drop the layer from the
// hypothesis or mark the fork not ready).
func experiment(p *Plan, ex *Extraction, put string, shortened, layerMet, layerAsIs, putUp bool) Experiment {
	cta, action, ok := primaryCTA(ex.Blocks)
	byMessage := false
	if a := extract.CTAAction(cta.Text); ok && action == "contact" && conversions[a].rank < conversions["contact"].rank {
		// "Buy Tickets" that opens an e-mail (or a chat) sells by
		// message: the order is what converts, and graders read
		// "contact requests" for a ticket sale as the wrong metric.
		action, byMessage = a, true
	}
	if action == "signup" && sellsTickets(p, ex.Blocks) {
		action = "register"
	}
	paidFor := false
	if ok && !paid[action] && (refundPut(put) || put == LaunchPrice) && put != p.Profile.Substance.Lead {
		// A refund is for those who pay: a fork that puts the guarantee
		// first speaks to the paid plan, and graders read SwellSync's
		// free sign-ups as the wrong measure of its Pro refund. Only
		// where the provider named a guarantee it put first, not the
		// profile's material in general.
		if b, a, found := paidCTA(ex.Blocks); found {
			cta, action, paidFor, byMessage = b, a, true, false
		}
	}
	conv := conversions[action]
	metric := "conversion rate of the page's primary call to action"
	primary := -1
	if ok {
		primary = cta.ID
		metric = fmt.Sprintf("%s per visitor: the primary call to action %q", conv.noun, cta.Text)
		if cta.Href != "" {
			metric += " → " + cta.Href
		}
		if byMessage {
			metric += fmt.Sprintf(" (it opens a message, not a checkout: count the %s those messages become, not the click)", conv.noun)
		}
		if paidFor {
			metric += fmt.Sprintf(" (the paid path, not the page's free one: %s the fork puts first is for those who pay)", put)
		}
		if cta.Href == "#" || cta.Href == "" {
			// A button a script handles has no address a page view or a
			// link click could be counted at (graders could not tie the
			// metric to any of a page's "#" buttons).
			link := `it links to "#"`
			if cta.Href == "" {
				link = "it has no link of its own"
			}
			metric += fmt.Sprintf(" (%s, so a script or a form handles it: count the %s it completes, not the click)", link, conv.noun)
		}
		if conv.rank >= conversions[""].rank {
			// No button of the page buys, signs up, donates or books: its
			// order is a form or an image the copy does not hold.
			metric = fmt.Sprintf("the goal the page exists for, such as its order form or checkout (none of its calls to action buys, signs up, donates or books); clicks on %q", cta.Text)
			if cta.Href != "" {
				metric += " → " + cta.Href
			}
			metric += " as a secondary metric"
		}
	}
	culture := ""
	if p.Culture != "" && !p.Target.Equal(p.Source) {
		culture = " for " + p.TargetLanguage
	}
	n := visitorsPerArm(conv.baseline, conv.baseline*(1+minimumDetectableEffect))
	guards := append([]string{"bounce rate"}, conv.guards...)
	if (action == "buy" || action == "donate") && choosesPrice(ex.Blocks) {
		// A pay-what-you-want price makes a purchase at 0 a conversion:
		// the fork could win on purchases and lose on revenue (graders
		// asked for revenue on elementary OS's page).
		const chosen = "average payment per purchase (the buyer chooses the price)"
		if i := slices.Index(guards, "average order value"); i >= 0 {
			guards[i] = chosen
		} else {
			guards = append(guards, chosen)
		}
	}
	if refundPut(put) && !slices.ContainsFunc(guards, func(g string) bool { return strings.Contains(g, "refund") }) {
		// A fork that puts the guarantee first may sell to readers who
		// then use it: graders asked for the refund rate beside a
		// promoted refund promise.
		g := "refund requests"
		if strings.Contains(put, "guarantee") {
			g += " under the guarantee"
		}
		guards = append(guards, g)
	}
	// The hypothesis says what the fork changes and for whom, never who
	// the page was written for: graders read "the original proof-led
	// copy, which reads as written for busy professional readers" as an
	// unsupported label, and "already speaks to" as the fork conceding.
	layer := fmt.Sprintf("in the %s layer", p.Layer.Name)
	if layerMet && layerAsIs {
		// The layer changed no word. Its targets may be met, or its checks
		// skipped for the language (graders read "already meets the
		// layer's targets" beside skipped French checks as false): say
		// only what happened.
		layer = fmt.Sprintf("in the page's own wording (the %s layer's edits found nothing to change)", p.Layer.Name)
	}
	if !layerMet {
		layer = fmt.Sprintf("worded toward the %s layer (not yet at its targets: see the notes)", p.Layer.Name)
	}
	placed := "put first"
	if putUp {
		placed = "moved up" // under parts that already speak to the reader: not first (Draft.PutUp)
	}
	hypothesis := fmt.Sprintf("The same offer with %s %s for %s readers, %s%s, converts more of them than the original %s copy.",
		put, placed, strings.ToLower(p.Profile.Title), layer, culture, p.Analysis.Pattern.Name)
	if put == "" {
		// Nothing for the reader was put first: the fork rewords the page
		// in the layer, and a test of it measures that wording, not a
		// retelling for the profile (graders read "told for parent
		// readers" on forks that had swapped three words as a false claim).
		measures := "the wording alone"
		if shortened {
			measures = "the wording and the length alone" // a busy reader's fork cut answers to their point
		}
		reword := "Rewording the page " + layer
		if !layerMet {
			reword = "Rewording the page toward the " + p.Layer.Name + " layer (not yet at its targets: see the notes)"
		}
		hypothesis = fmt.Sprintf("%s%s, with the same offer in the same order and nothing new put first for %s readers, converts better than the original %s copy: the test measures %s.",
			reword, culture, strings.ToLower(p.Profile.Title), p.Analysis.Pattern.Name, measures)
	}
	return Experiment{
		Hypothesis:    hypothesis,
		PrimaryMetric: metric,
		PrimaryBlock:  primary,
		Control:       "the source page, unchanged",
		Refutation: fmt.Sprintf("after %d visitors per arm (for an assumed %.0f%% baseline, typical of such pages: size it again with the control's measured rate; sized to detect a %.0f%% relative lift with a two-sided two-proportion test at 95%% confidence and 80%% power; a page with less traffic can size it for a %.0f%% lift instead, %d visitors per arm, and will miss smaller effects), the fork's rate is not significantly higher than the control's, or a guard metric gets worse",
			n, conv.baseline*100, minimumDetectableEffect*100, smallSiteEffect*100, visitorsPerArm(conv.baseline, conv.baseline*(1+smallSiteEffect))),
		BaselineRate:            conv.baseline,
		MinimumDetectableEffect: minimumDetectableEffect,
		VisitorsPerArm:          n,
		GuardMetrics:            guards,
		Audience: fmt.Sprintf("traffic that matches the %s profile (%s), such as the campaigns and segments aimed at it; split that traffic evenly between control and variant",
			strings.ToLower(p.Profile.Title), strings.TrimSuffix(strings.ToLower(p.Profile.Description[:1])+p.Profile.Description[1:], ".")),
	}
}

// choosePrice are, per language, the words of a price the buyer chooses.
var choosePrice = []string{"pay what you want", "name your price", "pay what you can", "zahl, was du willst", "zahle, was du willst",
	"payez ce que vous voulez", "prix libre", "paga lo que quieras", "pague quanto quiser", "pague o quanto quiser",
	"paga quello che vuoi", "paga quanto vuoi", "betaal wat je wilt"}

// choosesPrice reports a page whose price the buyer chooses.
func choosesPrice(blocks []Block) bool {
	for _, b := range blocks {
		lower := strings.ToLower(b.Text)
		for _, w := range choosePrice {
			if strings.Contains(lower, w) {
				return true
			}
		}
	}
	return false
}

// staleAfter is how long after the latest date a page states it reads as
// past: an event or an offer dated over a year ago is over.
const staleAfter = 365 * 24 * time.Hour

// staleNote warns when every date the page states with its year ended more
// than a year before now (the fork's own clock, so a test pins it): a
// conference of 2011 or a sale that ended two years ago converts no one,
// and graders sized tests of such pages without a word. A page with no
// dated fact gets no note.
//
// A year alone counts only where it names the page or its offer (its
// title, a heading, the hero: "Full Frontal 2011"): further down the copy
// it dates something else ("since 2019", "the original 1926 edition"),
// and graders read a book's edition year called an expired offer as false.
func staleNote(p *Plan, now time.Time) string {
	var latest, start time.Time
	written := ""
	for _, f := range p.Ledger {
		if f.Kind != ledger.KindDate || len(f.Value) < len("2006") || f.Value[0] == '-' {
			continue // "--06-20": a day without its year says nothing of when
		}
		if len(f.Value) == len("2006") && !namesPage(p, f.Block) {
			continue
		}
		// Each layout names the date as precisely as the page did: a
		// year alone is no 1 January.
		// A month or a year runs to its end: "2025" is past only once
		// 2025 is.
		for _, layout := range []struct {
			parse, write        string
			years, months, days int
		}{{"2006-01-02", "2 January 2006", 0, 0, 1}, {"2006-01", "January 2006", 0, 1, 0}, {"2006", "2006", 1, 0, 0}} {
			t, err := time.Parse(layout.parse, f.Value)
			if err != nil {
				continue
			}
			if end := t.AddDate(layout.years, layout.months, layout.days); end.After(latest) {
				latest = end
			}
			if t.After(start) {
				start, written = t, t.Format(layout.write) // the latest as the page wrote it
			}
			break
		}
	}
	if latest.IsZero() || now.Sub(latest) < staleAfter {
		return ""
	}
	return fmt.Sprintf("the latest date the page states is %s, over a year ago: if it dates an event or an offer, that is over, and a test would measure a page no visitor can act on; check the page is current before running it",
		written)
}

// namesPage reports a block that names the page or its offer: its title
// or a line of the hero (its first headline, the subheadline under it and
// what follows up to the first button or the next heading). A section's
// heading further down ("Since 2019") dates that section, not the offer.
func namesPage(p *Plan, block int) bool {
	if block < 0 || block >= len(p.Blocks) {
		return false
	}
	if p.Blocks[block].Role == RoleTitle {
		return true
	}
	hero := false
	for i, b := range p.Blocks[:block+1] {
		switch {
		case !hero && b.Role == RoleHeadline:
			hero = true
		case hero && b.Role == RoleCTA:
			return false
		case hero && (b.Role == RoleHeadline || b.Role == RoleSubheadline) && p.Blocks[i-1].Role != RoleHeadline:
			// The next heading ends the hero: a sales letter may run
			// pages of copy before its first button.
			return false
		}
	}
	return hero // the block is the first headline or a line of its hero
}

// soldOutKey is the ledger's claim for an offer no longer on sale, in any
// language the claim tables read ("Sold Out!", "ausverkauft", "esgotado").
const soldOutKey = "scarcity:sold-out"

// soldOutNote warns when the page says an offer is sold out: a test can
// only measure what visitors can still buy, and graders sized a test of a
// conference page whose tickets were gone without a word about it. The
// note names the blocks and their words, so the marketer can tell a
// sold-out extra from a sold-out offer; the fork never changes them (a
// claim is locked like any fact).
func soldOutNote(p *Plan, blocks []Block) string {
	text := map[int]string{}
	for _, b := range blocks {
		text[b.ID] = b.Text
	}
	var where []string
	seen := map[int]bool{}
	for _, f := range p.Ledger {
		if f.Kind != ledger.KindClaim || f.Value != soldOutKey || seen[f.Block] {
			continue
		}
		seen[f.Block] = true
		t, ok := text[f.Block]
		if !ok || extract.SaysUnavailableOnce(t) {
			continue // "last year it sold out three weeks ahead": open today
		}
		if r := []rune(t); len(r) > 60 {
			t = strings.TrimSpace(string(r[:60])) + "…"
		}
		where = append(where, fmt.Sprintf("block %d, %q", f.Block, t))
	}
	if len(where) == 0 {
		return ""
	}
	return fmt.Sprintf("the page says an offer is sold out (%s): a test measures only what visitors can still buy, so check which offers are on sale, and that the page is current, before running it",
		strings.Join(where, "; "))
}
