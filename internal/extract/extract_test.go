package extract

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// hero opens the small test pages, so that the block under test is not
// taken for the hero tagline.
const hero = `<section><h1>H</h1></section>`

// brief is what the role tests compare: the block without its position.
type brief struct {
	Role        Role
	Text        string
	Href        string
	Attribution string
}

func briefs(d *Document) []brief {
	out := make([]brief, len(d.Blocks))
	for i, b := range d.Blocks {
		out[i] = brief{b.Role, b.Text, b.Href, b.Attribution}
	}
	return out
}

// briefsWhere is briefs of the blocks whose role keep accepts.
func briefsWhere(d *Document, keep func(Role) bool) []brief {
	var out []brief
	for _, b := range briefs(d) {
		if keep(b.Role) {
			out = append(out, b)
		}
	}
	return out
}

func TestLandingPage(t *testing.T) {
	d := mustParse(t, readTestdata(t, "pages/landing.html"))
	want := []brief{
		{RoleTitle, "Write less, remember more | Pinecone Notes", "", ""},
		{RoleMetaDescription, "Pinecone Notes keeps every idea in one quiet place.", "", ""},
		{RoleMetaDescription, "Pinecone Notes: one quiet place for every idea.", "", ""},
		{RoleCTA, "Sign up", "/signup", ""},
		{RoleHeadline, "Write less, remember more", "", ""},
		{RoleSubheadline, "Pinecone Notes turns scattered thoughts into a tidy, searchable garden.", "", ""},
		{RoleCTA, "Start for free", "/signup?plan=free", ""},
		{RoleCTA, "Watch the two-minute demo", "/demo", ""},
		{RoleSubheadline, "Why writers switch", "", ""},
		{RoleBody, "Three reasons, in short. and no setup at all.", "", ""},
		{RoleBody, "Your notes link themselves while you type.", "", ""},
		{RoleBody, "Search finds a half-remembered phrase in a second.", "", ""},
		{RoleBullet, "Offline sync that never loses a word", "", ""},
		{RoleBullet, "Private by design", "", ""},
		{RoleBullet, "End-to-end encryption for every notebook", "", ""},
		{RoleBody, "Run pinecone sync once and forget about it.", "", ""},
		{RoleSubheadline, "Simple pricing", "", ""},
		{RoleSubheadline, "Solo", "", ""},
		{RolePrice, "$8/mo", "", ""},
		{RoleBody, "Billed yearly, one writer.", "", ""},
		{RoleCTA, "Choose Solo", "/checkout/solo", ""},
		{RoleSubheadline, "Team", "", ""},
		{RolePrice, "€ 12 per month", "", ""},
		{RoleCTA, "Buy the team plan", "/checkout/team", ""},
		{RoleGuarantee, "30-day money-back guarantee. No questions asked.", "", ""},
		{RoleFinePrint, "*Prices exclude VAT. Offer valid until the end of the year.", "", ""},
		{RoleSubheadline, "What people say", "", ""},
		{RoleTestimonial, "I finally found the note from last spring in two seconds.", "", "Mara Quill, novelist"},
		{RoleTestimonial, "Pinecone replaced three apps and a drawer of notebooks for our whole studio.", "", "Ivo Brandt"},
		{RoleTestimonial, "“The calmest writing tool I have used in years.”", "", "Lena Ortiz"},
		{RoleSubheadline, "Frequently asked questions", "", ""},
		{RoleFAQQuestion, "Can I export my notes?", "", ""},
		{RoleFAQAnswer, "Yes, as Markdown or PDF, whenever you like.", "", ""},
		{RoleFAQQuestion, "Is there a student discount", "", ""},
		{RoleFAQAnswer, "Students get half off with a school address.", "", ""},
		{RoleFAQQuestion, "Does it work offline?", "", ""},
		{RoleFAQAnswer, "Everything works offline and syncs when you are back.", "", ""},
		{RoleSubheadline, "Get the newsletter", "", ""},
		{RoleCTA, "Keep me posted", "/subscribe", ""},
		{RoleFinePrint, "We send one letter a month and never share your address.", "", ""},
		{RoleFinePrint, "Prices are subject to change without notice.", "", ""},
		{RoleFinePrint, "All prices include VAT where applicable.", "", ""},
	}
	if diff := cmp.Diff(want, briefs(d)); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
	if d.Lang != "en" || d.SiteName != "Pinecone Notes" {
		t.Errorf("Lang, SiteName = %q, %q; want en, Pinecone Notes", d.Lang, d.SiteName)
	}
	for i, b := range d.Blocks {
		if b.ID != i {
			t.Errorf("block %d has ID %d", i, b.ID)
		}
	}
	paths := map[string]string{
		"Write less, remember more | Pinecone Notes":          "/html[1]/head[1]/title[1]",
		"Pinecone Notes keeps every idea in one quiet place.": "/html[1]/head[1]/meta[2]@content",
		"Write less, remember more":                           "/html[1]/body[1]/header[1]/section[1]/h1[1]",
		"Three reasons, in short. and no setup at all.":       "/html[1]/body[1]/main[1]/section[1]/div[1]",
		"Watch the two-minute demo":                           "/html[1]/body[1]/header[1]/section[1]/p[2]/a[1]",
		"Keep me posted":                                      "/html[1]/body[1]/main[1]/section[5]/form[1]/input[2]@value",
	}
	for _, b := range d.Blocks {
		if p, ok := paths[b.Text]; ok && b.Path != p {
			t.Errorf("%q: Path = %q, want %q", b.Text, b.Path, p)
		}
	}
}

func TestExclusions(t *testing.T) {
	d := mustParse(t, readTestdata(t, "pages/landing.html"))
	for _, gone := range []string{
		"cookies", "Accept all", // cookie banner
		"Features", "Blog", "Alpha", // navigation
		"Pinecone Labs", "Made with care", "About", "Press", // footer boilerplate
		"hidden remark", "ghost", "screen readers", // hidden
		"Template copy", "Chart label", "JavaScript", "tracking", "Injected", // template, svg, noscript, script
		"init --garden",   // pre/code
		"garden of notes", // alt text
		"Your email",      // placeholder
		"✅", "💚",          // decoration
	} {
		for _, b := range d.Blocks {
			if strings.Contains(b.Text, gone) {
				t.Errorf("block %d (%s) holds excluded text %q: %q", b.ID, b.Role, gone, b.Text)
			}
		}
	}
}

func TestNestedContainersNoDuplicates(t *testing.T) {
	d := mustParseString(t, `<body><h1>Top</h1><div class="wrap">Lead words
		<div><p>First paragraph of copy.</p><p>Second paragraph of copy.</p></div>
		<section><div><div><h2>Deep heading</h2></div></div></section>
		trailing words</div></body>`)
	want := []brief{
		{RoleHeadline, "Top", "", ""},
		{RoleBody, "Lead words trailing words", "", ""},
		{RoleBody, "First paragraph of copy.", "", ""},
		{RoleBody, "Second paragraph of copy.", "", ""},
		{RoleSubheadline, "Deep heading", "", ""},
	}
	if diff := cmp.Diff(want, briefs(d)); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
	if got := d.Blocks[1].Path; got != "/html[1]/body[1]/div[1]" {
		t.Errorf("direct-text block Path = %q", got)
	}
	assertDisjoint(t, d)
}

// assertDisjoint checks that no text node belongs to two blocks.
func assertDisjoint(t *testing.T, d *Document) {
	t.Helper()
	seen := map[any]int{}
	for i, tg := range d.targets {
		for _, n := range tg.nodes {
			if j, ok := seen[n]; ok {
				t.Errorf("text %q is in blocks %d and %d", n.Data, j, i)
			}
			seen[n] = i
		}
	}
	if len(d.targets) != len(d.Blocks) {
		t.Errorf("%d targets for %d blocks", len(d.targets), len(d.Blocks))
	}
}

func TestCTATargets(t *testing.T) {
	d := mustParseString(t, `<body><h1>Headline</h1>
		<p><a href="/start">Get started today</a></p>
		<a class="btn-primary" href="https://example.com/buy?x=1&amp;y=2">Anything styled</a>
		<form action="/order"><button type="submit">Order now</button></form>
		<form action="/subscribe"><input type="submit" value="Subscribe me"></form>
		<form action="/a"><button formaction="/b">Send it</button></form>
		<button onclick="location.href='/checkout'">Buy it</button>
		<button onclick="window.open('https://pay.example.com/x','_blank')">Pay now</button>
		<a href="#" class="button" onclick="location = '/go';">Go there</a>
		<a href="/donate"><button>Donate</button></a>
		<input type="button" value="Just a button">
		<p>Read <a href="/more">our story</a> for details.</p>
		<div class="card"><a href="/guides"><h3>Read the guides</h3><p>All of them, in one place.</p></a></div>
	</body>`)
	var got []brief
	for _, b := range d.Blocks {
		if b.Role == RoleCTA {
			got = append(got, brief{b.Role, b.Text, b.Href, ""})
		}
	}
	want := []brief{
		{RoleCTA, "Get started today", "/start", ""},
		{RoleCTA, "Anything styled", "https://example.com/buy?x=1&y=2", ""},
		{RoleCTA, "Order now", "/order", ""},
		{RoleCTA, "Subscribe me", "/subscribe", ""},
		{RoleCTA, "Send it", "/b", ""},
		{RoleCTA, "Buy it", "/checkout", ""},
		{RoleCTA, "Pay now", "https://pay.example.com/x", ""},
		{RoleCTA, "Go there", "/go", ""},
		{RoleCTA, "Donate", "/donate", ""},
		{RoleCTA, "Just a button", "", ""},
		{RoleCTA, "Read the guides", "/guides", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CTAs (-want +got):\n%s", diff)
	}
	// An inline link inside running text stays part of the paragraph.
	found := false
	for _, b := range d.Blocks {
		if b.Text == "Read our story for details." && b.Role == RoleBody && b.Tag == "p" {
			found = true
		}
	}
	if !found {
		t.Errorf("paragraph with an inline link not kept whole: %+v", d.Blocks)
	}
}

func TestMultilingualCTAs(t *testing.T) {
	for _, text := range []string{"Solicitar cotización", "Commencer gratuitement", "Pedir orçamento", "Anfragen", "Auswählen", "Jetzt bestellen", "Escríbenos por WhatsApp", "Start reading!", "Essaie gratuitement !", "Teste 14 Tage kostenlos"} {
		d := mustParseString(t, hero+`<div><a href="/x">`+text+`</a></div>`)
		if n := len(d.Blocks); n != 2 || d.Blocks[1].Role != RoleCTA || d.Blocks[1].Href != "/x" {
			t.Errorf("%q: blocks %+v, want a CTA to /x", text, d.Blocks)
		}
	}
	// A link that does not call to action is copy, not a CTA.
	d := mustParseString(t, hero+`<div><a href="/x">Our history</a></div>`)
	if d.Blocks[1].Role != RoleBody {
		t.Errorf("plain link: role %s, want body", d.Blocks[1].Role)
	}
}

func TestTestimonials(t *testing.T) {
	d := mustParseString(t, `<h1>H</h1>
		<figure><blockquote>Setting up took five minutes and saved us a week.</blockquote><figcaption>Ana Ruiz, CTO</figcaption></figure>
		<div class="reviews"><div class="review-card"><p class="review-text">"Support answered my question within the hour, on a Sunday."</p><p class="reviewer">Tom K.</p></div></div>
		<div class="tickets-review"><h3>Conference</h3><p>The conference pass covers all talks on all three days of the event.</p></div>`)
	want := []brief{
		{RoleHeadline, "H", "", ""},
		{RoleTestimonial, "Setting up took five minutes and saved us a week.", "", "Ana Ruiz, CTO"},
		{RoleTestimonial, `"Support answered my question within the hour, on a Sunday."`, "", "Tom K."},
		{RoleSubheadline, "Conference", "", ""},
		{RoleBody, "The conference pass covers all talks on all three days of the event.", "", ""},
	}
	if diff := cmp.Diff(want, briefs(d)); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
}

func TestFAQClassHints(t *testing.T) {
	d := mustParseString(t, `<h1>H</h1><div class="faq-list">
		<div class="faq-item"><div class="faq-q"><span>Can I cancel?</span><i class="faq-icon">+</i></div><div class="faq-a">Any time, from your profile.</div></div>
		<div class="accordion"><button class="accordion-button" aria-expanded="false">Do you ship abroad?</button><div class="accordion-body">To most countries in Europe.</div></div>
	</div>`)
	want := []brief{
		{RoleHeadline, "H", "", ""},
		{RoleFAQQuestion, "Can I cancel?", "", ""},
		{RoleFAQAnswer, "Any time, from your profile.", "", ""},
		{RoleFAQQuestion, "Do you ship abroad?", "", ""},
		{RoleFAQAnswer, "To most countries in Europe.", "", ""},
	}
	if diff := cmp.Diff(want, briefs(d)); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
}

func TestPrices(t *testing.T) {
	cases := []struct {
		html string
		role Role
	}{
		{`<div>$5/mo</div>`, RolePrice},
		{`<div>0€ <span>/mois</span></div>`, RolePrice},
		{`<div>400 EUR</div>`, RolePrice},
		{`<div>R$ 633 <span>/mês</span></div>`, RolePrice},
		{`<div class="price-amount">400<span>€</span></div>`, RolePrice},
		{`<div class="price-total">Total per year: 1.299</div>`, RolePrice},
		{`<div class="price-name">Starter</div>`, RoleBody},
		{`<p>Tickets are $200.</p>`, RoleBody},
		{`<p>Only 20% of teams need more than ten seats.</p>`, RoleBody},
		// A figure a page reports, not what it charges: a stat card.
		{`<div class="figure">$38M</div>`, RoleBody},
		{`<div class="stat">€2bn</div>`, RoleBody},
		{`<div>29€HT</div>`, RolePrice},
		{`<div>$12ea</div>`, RolePrice},
	}
	for _, c := range cases {
		d := mustParseString(t, hero+c.html)
		if len(d.Blocks) != 2 || d.Blocks[1].Role != c.role {
			t.Errorf("%s: blocks %+v, want one %s block after the headline", c.html, d.Blocks, c.role)
		}
	}
}

func TestGuaranteeAndFinePrint(t *testing.T) {
	cases := []struct {
		html string
		role Role
	}{
		{`<p>60 Day Money Back Guarantee</p>`, RoleGuarantee},
		{`<p>Satisfait ou remboursé 30 jours</p>`, RoleGuarantee},
		{`<p>30 Tage Geld-zurück-Garantie</p>`, RoleGuarantee},
		{`<p>Garantía de devolución de 30 días</p>`, RoleGuarantee},
		{`<p>Garantia de satisfação de 7 dias</p>`, RoleGuarantee},
		{`<p>* Only for new customers in the first year.</p>`, RoleFinePrint},
		{`<p>* Shipping is not included in the kit price.</p>`, RoleFinePrint},
		{`<p>* Gilt nur für Neukunden.</p>`, RoleFinePrint},
		// The owner's own note is copy, not legal text.
		{`<p>* Discounts offered for families booking several sessions</p>`, RoleBody},
		{`<p>* Descuentos para familias que reservan varias sesiones</p>`, RoleBody},
		{`<p class="disclaimer">Pictures are for illustration.</p>`, RoleFinePrint},
		{`<p>Donations are tax-deductible to the extent permitted by law.</p>`, RoleFinePrint},
		{`<p><small>Prices include VAT.</small></p>`, RoleFinePrint},
		{`<p>© 2024 Example Ltd.</p>`, RoleFinePrint},
		{`<p><small>The perfect mix of leaders and new talent.</small></p>`, RoleBody},
	}
	for _, c := range cases {
		d := mustParseString(t, hero+c.html)
		if len(d.Blocks) != 2 || d.Blocks[1].Role != c.role {
			t.Errorf("%s: blocks %+v, want one %s block after the headline", c.html, d.Blocks, c.role)
		}
	}
}

func TestFooter(t *testing.T) {
	d := mustParseString(t, `<h1>H</h1><footer>
		<div><h4>Company</h4><a href="/a">About</a><a href="/j">Jobs</a><a href="/legal">Terms of use</a></div>
		<p>Follow us for news.</p>
		<p>Prices include VAT.</p>
		<p>Copyright 2024 Example. All rights reserved.</p>
	</footer>
	<article><p>Body copy inside an article.</p><footer><p>Posted by the team.</p></footer></article>`)
	want := []brief{
		{RoleHeadline, "H", "", ""},
		{RoleFinePrint, "Prices include VAT.", "", ""},
		{RoleBody, "Body copy inside an article.", "", ""},
		{RoleBody, "Posted by the team.", "", ""},
	}
	if diff := cmp.Diff(want, briefs(d)); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
}

func TestHeaderHero(t *testing.T) {
	// A header that holds the hero (an h1) is content; its menu is not.
	d := mustParseString(t, `<header><nav><a href="/">Home</a><a href="/p">Pricing</a></nav>
		<h1>Hero in the header</h1><p>The tagline right under it.</p></header>`)
	want := []brief{
		{RoleHeadline, "Hero in the header", "", ""},
		{RoleSubheadline, "The tagline right under it.", "", ""},
	}
	if diff := cmp.Diff(want, briefs(d)); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
	// A header with only a menu is left out, but a button-styled call to
	// action in it is kept.
	d = mustParseString(t, `<header><a href="/">Brand</a><ul><li><a href="/f">Features</a></li><li><a href="/p">Pricing</a></li></ul>
		<a class="nav-cta" href="/trial">Free trial</a></header><main><h1>Main headline</h1></main>`)
	want = []brief{
		{RoleCTA, "Free trial", "", ""},
		{RoleHeadline, "Main headline", "", ""},
	}
	got := briefs(d)
	for i := range got {
		got[i].Href = ""
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
}

func TestHeadlineFallback(t *testing.T) {
	d := mustParseString(t, `<section class="hero"><h4>The short claim of this page</h4></section><h2>Details</h2><p>More words.</p>`)
	if d.Blocks[0].Role != RoleHeadline || d.Blocks[1].Role != RoleSubheadline {
		t.Errorf("no-h1 page: %+v", d.Blocks)
	}
	d = mustParseString(t, `<p>`+strings.Repeat("long intro words ", 20)+`</p><h2>First heading</h2>`)
	if d.Blocks[0].Role != RoleBody || d.Blocks[1].Role != RoleHeadline {
		t.Errorf("long first block: %+v", d.Blocks)
	}
}

func TestTextFolding(t *testing.T) {
	cases := []struct{ html, text string }{
		{`<li><strong>Fast setup</strong><span>Ready in a minute.</span></li>`, "Fast setup Ready in a minute."},
		{`<li><strong>Is it safe?</strong><span>Yes.</span></li>`, "Is it safe? Yes."},
		{`<h3><span>1</span>First step</h3>`, "1 First step"},
		{`<h2>all<span>/</span><span>inclusive</span></h2>`, "all/inclusive"},
		{`<div>400<span>€</span></div>`, "400€"},
		{`<p>  many
			spaces&nbsp;and&nbsp;tabs	here </p>`, "many spaces and tabs here"},
		{`<li>✓ <!-- -->Printed on site</li>`, "Printed on site"},
		{`<div>💳 No card needed</div>`, "No card needed"},
		{`<p>Start now →</p>`, "Start now"},
		{`<p>One<br>two<br/>three</p>`, "One two three"},
	}
	for _, c := range cases {
		d := mustParseString(t, hero+c.html)
		if len(d.Blocks) != 2 || d.Blocks[1].Text != c.text {
			t.Errorf("%s: blocks %+v, want text %q", c.html, d.Blocks, c.text)
		}
	}
}

func TestShortAndDecorativeBlocksDropped(t *testing.T) {
	d := mustParseString(t, `<h1>H</h1><div>★★★★★</div><p>|</p><div>1</div><p>🛡️</p>
		<ul><li>Go</li></ul><div class="price">9</div><a class="btn" href="/x">OK</a><p>contact@example.com</p>`)
	want := []brief{
		{RoleHeadline, "H", "", ""},
		{RoleBullet, "Go", "", ""},
		{RolePrice, "9", "", ""},
		{RoleCTA, "OK", "/x", ""},
	}
	if diff := cmp.Diff(want, briefs(d)); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
}

func TestLinkListsAreNavigation(t *testing.T) {
	d := mustParseString(t, `<h1>H</h1>
		<div class="sidebar"><a href="#a"><div>Alpha</div></a><a href="#b"><div>Beta</div></a><a href="#c"><div>Gamma</div></a></div>
		<ul><li><a href="/x">Menu one</a></li><li><a href="/y">Menu two</a></li></ul>
		<ul><li>Plain item one</li><li>Plain item two</li></ul>
		<div><a href="/mac">Download for Mac</a><a href="/win">Download for Windows</a><a href="/linux">Download for Linux</a></div>`)
	want := []brief{
		{RoleHeadline, "H", "", ""},
		{RoleBullet, "Plain item one", "", ""},
		{RoleBullet, "Plain item two", "", ""},
		{RoleCTA, "Download for Mac", "/mac", ""},
		{RoleCTA, "Download for Windows", "/win", ""},
		{RoleCTA, "Download for Linux", "/linux", ""},
	}
	if diff := cmp.Diff(want, briefs(d)); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
}

func TestLangAndSiteName(t *testing.T) {
	cases := []struct {
		head, body, lang, site string
	}{
		{`<html lang="de-AT"><title>Preise | Acme</title>`, `<p>Acme baut Dinge.</p>`, "de-AT", "Acme"},
		{`<meta http-equiv="content-language" content="fr, en"><title>x</title>`, ``, "fr", ""},
		{`<meta property="og:locale" content="pt_BR"><meta property="og:site_name" content="Loja Azul">`, ``, "pt-BR", "Loja Azul"},
		{`<meta name="application-name" content="Notely"><title>Home - Something</title>`, ``, "", "Notely"},
		{`<title>Pricing - It is cheap - shop.example</title>`, `<p>Welcome to shop.example pricing.</p>`, "", "shop.example"},
		{`<title>Tarifs BlueWave — Gratuit</title>`, `<p>BlueWave est gratuit.</p>`, "", "BlueWave"},
		{`<title>Only a title</title>`, ``, "", ""},
		// The page's name comes first and recurs as a nav link: the site's
		// is the other part.
		{`<title>Preços — Harbor Hub</title>`, `<nav><a href="/precos">Preços</a></nav><p>Preços do Harbor Hub.</p><a href="/precos">Preços</a>`, "", "Harbor Hub"},
	}
	for _, c := range cases {
		d := mustParseString(t, c.head+`<body><h1>H</h1>`+c.body+`</body>`)
		if d.Lang != c.lang || d.SiteName != c.site {
			t.Errorf("%s: Lang, SiteName = %q, %q; want %q, %q", c.head, d.Lang, d.SiteName, c.lang, c.site)
		}
	}
}

func TestParseIndependent(t *testing.T) {
	// Two parses of one page share nothing: rendering one does not change
	// the other.
	page := readTestdata(t, "pages/landing.html")
	a := mustParse(t, page)
	b := mustParse(t, page)
	_ = render(t, a, rewriteAll(a))
	if diff := cmp.Diff(a.Blocks, b.Blocks); diff != "" {
		t.Errorf("blocks differ between parses (-a +b):\n%s", diff)
	}
}

// TestImageAndWrappedCTAs reads calls to action a visitor sees as pictures
// or as a button around a link: an image link is a CTA labelled by its alt
// text (or the link's aria-label), written back into that attribute; a long
// descriptive alt or an empty one is no CTA; a button holding one link leads
// where the link does. A fragment without <title> has no title block.
func TestImageAndWrappedCTAs(t *testing.T) {
	d := mustParse(t, readTestdata(t, "pages/image-ctas.html"))
	var got []brief
	paths := map[string]string{}
	for _, b := range d.Blocks {
		if b.Role == RoleCTA || b.Role == RoleTitle {
			got = append(got, brief{b.Role, b.Text, b.Href, ""})
			paths[b.Text] = b.Path
		}
	}
	want := []brief{
		{RoleCTA, "Buy the plans", "/checkout/plans", ""},
		{RoleCTA, "Support the author", "https://example.org/donate", ""},
		{RoleCTA, "Take the bundle", "/checkout/bundle", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CTAs (-want +got):\n%s", diff)
	}
	for text, suffix := range map[string]string{"Buy the plans": "/img[1]@alt", "Support the author": "/a[2]@aria-label"} {
		if !strings.HasSuffix(paths[text], suffix) {
			t.Errorf("%q has path %q; want it to end in %s", text, paths[text], suffix)
		}
	}
	var out strings.Builder
	if err := d.Render(&out, map[int]string{blockID(t, d, "Buy the plans"): "Get the plans"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `alt="Get the plans"`) {
		t.Errorf("the new label was not written into alt:\n%s", out.String())
	}
}

func blockID(t *testing.T, d *Document, text string) int {
	t.Helper()
	for _, b := range d.Blocks {
		if b.Text == text {
			return b.ID
		}
	}
	t.Fatalf("no block %q", text)
	return -1
}

// TestInactiveButtons leaves buttons a visitor cannot use out of the
// blocks, so no fork rewrites them: disabled, aria-disabled, and those
// labelled only as unavailable.
func TestInactiveButtons(t *testing.T) {
	d := mustParse(t, readTestdata(t, "pages/inactive-buttons.html"))
	var ctas []brief
	for _, b := range d.Blocks {
		if b.Role == RoleCTA {
			ctas = append(ctas, brief{b.Role, b.Text, b.Href, ""})
		}
		for _, word := range []string{"September", "August", "Sold out", "Locked"} {
			if strings.Contains(b.Text, word) {
				t.Errorf("block %d %q is an unusable button", b.ID, b.Text)
			}
		}
	}
	want := []brief{{RoleCTA, "Book the October course", "/book/october", ""}}
	if diff := cmp.Diff(want, ctas); diff != "" {
		t.Errorf("CTAs (-want +got):\n%s", diff)
	}
}

// TestSplitPrices reads a price split over inline elements as one amount:
// cents in their own span after a currency mark, or in <sup>, are cents.
func TestSplitPrices(t *testing.T) {
	d := mustParse(t, readTestdata(t, "pages/split-prices.html"))
	var prices []string
	for _, b := range d.Blocks {
		if b.Role == RolePrice {
			prices = append(prices, b.Text)
		}
	}
	want := []string{"$30.00", "$59.95", "$120/year"}
	if diff := cmp.Diff(want, prices); diff != "" {
		t.Errorf("prices (-want +got):\n%s", diff)
	}
	for _, tt := range []struct{ lang, want string }{{"en", "."}, {"de-AT", ","}, {"pt-BR", ","}, {"", "."}, {"und", "."}} {
		if got := decimalMark(tt.lang); got != tt.want {
			t.Errorf("decimalMark(%q) = %q; want %q", tt.lang, got, tt.want)
		}
	}
}

// TestBoldNameOpensAttribution: a review card whose name is a bold word
// opening a short line ("<b>Sabine</b>, from Leeds – August 2025") is
// attributed to the whole line; its rest is no testimonial of its own.
func TestBoldNameOpensAttribution(t *testing.T) {
	d := mustParse(t, []byte(`<html lang="en"><body>`+hero+`<section><h2>What guests say</h2>
<div class="review"><p class="stars">★★★★★</p><p>“We come back every summer and feel at home each time.”</p><p><strong>Sabine</strong>, from Leeds – August 2025</p></div>
<div class="review"><p class="stars">★★★★</p><p>“Spotless kitchen and only a few steps to the beach.”</p><p><b>Tom</b>, from Hull</p></div>
<div class="testimonial"><strong>Anna:</strong> Lovely flat, we loved every minute of our week by the sea.</div>
<div class="review"><p class="stars">★★★★★</p><p>“The mentor read my code every week, and when I was stuck on an exercise late at night, someone on the forum always helped.”</p><p><b>Julien M.</b>, once a shop floor manager, now a data analyst in Leeds</p></div>
</section></body></html>`))
	got := briefsWhere(d, func(r Role) bool { return r == RoleTestimonial })
	want := []brief{
		{RoleTestimonial, "“We come back every summer and feel at home each time.”", "", "Sabine, from Leeds – August 2025"},
		{RoleTestimonial, "“Spotless kitchen and only a few steps to the beach.”", "", "Tom, from Hull"},
		// A card whose bold name opens its only line: the line is the
		// quote, and the name alone its attribution.
		{RoleTestimonial, "Lovely flat, we loved every minute of our week by the sea.", "", "Anna:"},
		{RoleTestimonial, "“The mentor read my code every week, and when I was stuck on an exercise late at night, someone on the forum always helped.”", "", "Julien M., once a shop floor manager, now a data analyst in Leeds"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("testimonials (-want +got):\n%s", diff)
	}
}

// TestCheckoutLinkAloneIsCTA: a plain link to a checkout that stands
// alone in its paragraph is the page's buy button, however it is styled;
// one at the end of a sentence's paragraph stays part of it.
func TestCheckoutLinkAloneIsCTA(t *testing.T) {
	d := mustParse(t, []byte(`<html lang="en"><body>`+hero+`<div class="letter">
<p>Lifetime access to the whole course is yours for just £97.</p>
<p><a class="buy" href="https://example.com/checkout/course">Yes! Give me instant access »</a></p>
<p>P.S. The price goes up on Sunday. <a href="https://example.com/checkout/course">Click here to join now.</a></p>
<p><a href="https://example.com/help/checkout-faq">Questions about paying?</a></p>
</div></body></html>`))
	got := briefsWhere(d, func(r Role) bool { return r != RoleHeadline })
	want := []brief{
		{RoleBody, "Lifetime access to the whole course is yours for just £97.", "", ""},
		{RoleCTA, "Yes! Give me instant access »", "https://example.com/checkout/course", ""},
		{RoleBody, "P.S. The price goes up on Sunday. Click here to join now.", "", ""},
		{RoleBody, "Questions about paying?", "", ""}, // a help page's address, no checkout
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
	if a := LinkAction(got[1].Text, got[1].Href); a != "buy" {
		t.Errorf("LinkAction = %q; want buy", a)
	}
}
