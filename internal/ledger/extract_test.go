package ledger

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/marketingfork/fork/internal/extract"
)

func blk(id int, role extract.Role, text string) extract.Block {
	return extract.Block{ID: id, Role: role, Text: text}
}

func in(f Fact, block int) Fact {
	f.Block = block
	return f
}

func named(text, value string, block int) Fact {
	return Fact{Kind: KindName, Text: text, Value: value, Block: block}
}

func line(kind Kind, text string, block int) Fact {
	return Fact{Kind: kind, Text: text, Value: foldSpace(text), Block: block}
}

// A small French pricing page written for this test.
var frenchPage = Source{
	Locale: "fr",
	Names:  []string{"wavenote"},
	Blocks: []extract.Block{
		blk(0, extract.RoleTitle, "Tarifs | WaveNote"),
		blk(1, extract.RoleHeadline, "Des prévisions que ton équipage lira vraiment"),
		blk(2, extract.RoleBody, "WaveNote envoie un résumé chaque matin à 2 300 skippers dans 12 pays. Conçu par Marlow Labs à Brest."),
		blk(3, extract.RolePrice, "Mousse 0 €"),
		blk(4, extract.RolePrice, "Équipage 6,50 €/mois ou 62 €/an (-20 %)"),
		{ID: 5, Role: extract.RoleCTA, Text: "Essai gratuit de 21 jours", Href: " https://wavenote.example/inscription?formule=equipage "},
		blk(6, extract.RoleGuarantee, "Satisfait ou remboursé pendant 45 jours."),
		blk(7, extract.RoleFAQAnswer, "Marlow Labs facture en euros. Tu peux arrêter quand tu veux, le remboursement est immédiat. Questions : bonjour@wavenote.example ou +33 6 12 34 56 78."),
		blk(8, extract.RoleTestimonial, "« Depuis WaveNote, on ne rate plus une marée. » Marlow Labs assure."),
		blk(9, extract.RoleFinePrint, "© 2026 Marlow Labs. Tous droits réservés. Prix TTC."),
		blk(10, extract.RoleBody, "Les cartes sont mises à jour toutes les 3 heures. Offre valable jusqu'au 30 septembre 2026."),
		blk(11, extract.RoleBody, "Nos serveurs tournent sur SwellGrid™ depuis 2019."),
	},
}

func TestExtractFrenchPage(t *testing.T) {
	want := []Fact{
		named("WaveNote", "wavenote", 0),
		named("WaveNote", "wavenote", 2),
		in(num("2 300", "2300", 2300), 2),
		in(qty("12 pays", "12 country", 12, "country"), 2),
		named("Marlow Labs", "Marlow Labs", 2),
		in(price("0 €", "EUR 0.00", 0, "EUR", ""), 3),
		in(price("6,50 €/mois", "EUR 6.50/month", 6.5, "EUR", "month"), 4),
		in(price("62 €/an", "EUR 62.00/year", 62, "EUR", "year"), 4),
		in(pct("-20 %", "-20%", -20), 4),
		in(clm("Essai gratuit de 21 jours", "free:trial"), 5),
		in(qty("21 jours", "21 day", 21, "day"), 5),
		{Kind: KindURL, Text: " https://wavenote.example/inscription?formule=equipage ", Value: "https://wavenote.example/inscription?formule=equipage", Block: 5},
		line(KindGuarantee, "Satisfait ou remboursé pendant 45 jours.", 6),
		in(clm("Satisfait ou remboursé", "guarantee:money-back"), 6),
		in(qty("45 jours", "45 day", 45, "day"), 6),
		named("Marlow Labs", "Marlow Labs", 7),
		line(KindGuarantee, "Tu peux arrêter quand tu veux, le remboursement est immédiat.", 7),
		in(clm("arrêter quand tu veux", "condition:cancel-anytime"), 7),
		in(mail("bonjour@wavenote.example", "bonjour@wavenote.example"), 7),
		in(phone("+33 6 12 34 56 78", "+33612345678"), 7),
		named("WaveNote", "wavenote", 8),
		named("Marlow Labs", "Marlow Labs", 8),
		line(KindLegal, "© 2026 Marlow Labs. Tous droits réservés. Prix TTC.", 9),
		in(date("2026", "2026"), 9),
		named("Marlow Labs", "Marlow Labs", 9),
		in(clm("TTC", "condition:vat-included"), 9),
		in(qty("3 heures", "3 hour", 3, "hour"), 10),
		in(date("30 septembre 2026", "2026-09-30"), 10),
		line(KindLegal, "Nos serveurs tournent sur SwellGrid™ depuis 2019.", 11),
		named("SwellGrid", "SwellGrid", 11),
		in(date("2019", "2019"), 11),
	}
	got := Extract(frenchPage)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Extract(frenchPage): got %d facts; want %d; diff (-want +got):\n%s", len(got), len(want), diff)
	}
}

func TestExtractDeterministic(t *testing.T) {
	first := Extract(frenchPage)
	for i := 0; i < 20; i++ {
		if diff := cmp.Diff(first, Extract(frenchPage)); diff != "" {
			t.Fatalf("run %d differs (-first +got):\n%s", i, diff)
		}
	}
	en := benchPage()
	firstEn := Extract(en)
	for i := 0; i < 20; i++ {
		if diff := cmp.Diff(firstEn, Extract(en)); diff != "" {
			t.Fatalf("run %d differs (-first +got):\n%s", i, diff)
		}
	}
}

func TestExtractEmpty(t *testing.T) {
	if got := Extract(Source{}); len(got) != 0 {
		t.Errorf("Extract(empty) = %v; want no facts", got)
	}
	src := Source{Locale: "en", Blocks: []extract.Block{
		blk(0, extract.RoleHeadline, "Compress the complexity of modern web apps"),
		blk(1, extract.RoleCTA, "Read the guides"),
	}}
	if got := Extract(src); len(got) != 0 {
		t.Errorf("Extract(no facts) = %v; want none", got)
	}
}

func TestExtractDeduplicatesPerBlock(t *testing.T) {
	src := Source{Locale: "en", Blocks: []extract.Block{
		blk(0, extract.RoleBody, "Pay $5 today or $5.00 later; 20% off, 20 % off."),
		blk(1, extract.RoleBody, "Still $5."),
	}}
	want := []Fact{
		in(price("$5", "USD 5.00", 5, "USD", ""), 0),
		in(pct("20%", "20%", 20), 0),
		in(price("$5", "USD 5.00", 5, "USD", ""), 1),
	}
	if diff := cmp.Diff(want, Extract(src)); diff != "" {
		t.Errorf("diff (-want +got):\n%s", diff)
	}
}

func TestExtractHref(t *testing.T) {
	tests := []struct {
		name, href string
		want       []Fact
	}{
		{"path", "/accounts/signup/", []Fact{{Kind: KindURL, Text: "/accounts/signup/", Value: "/accounts/signup/"}}},
		{"anchor", "#", []Fact{{Kind: KindURL, Text: "#", Value: "#"}}},
		{"absolute trimmed", "  https://example.com/buy  ", []Fact{{Kind: KindURL, Text: "  https://example.com/buy  ", Value: "https://example.com/buy"}}},
		{"mailto", "mailto:Sales@Example.com?subject=Hi", []Fact{
			{Kind: KindURL, Text: "mailto:Sales@Example.com?subject=Hi", Value: "mailto:Sales@Example.com?subject=Hi"},
			{Kind: KindEmail, Text: "mailto:Sales@Example.com?subject=Hi", Value: "sales@example.com"},
		}},
		{"tel", "tel:+56912345678", []Fact{
			{Kind: KindURL, Text: "tel:+56912345678", Value: "tel:+56912345678"},
			{Kind: KindPhone, Text: "tel:+56912345678", Value: "+56912345678"},
		}},
		{"empty", "   ", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := Source{Blocks: []extract.Block{{ID: 3, Role: extract.RoleCTA, Text: "Go", Href: tt.href}}}
			var want []Fact
			for _, f := range tt.want {
				want = append(want, in(f, 3))
			}
			if diff := cmp.Diff(want, Extract(src)); diff != "" {
				t.Errorf("href %q: diff (-want +got):\n%s", tt.href, diff)
			}
		})
	}
}

func TestExtractLines(t *testing.T) {
	tests := []struct {
		name string
		role extract.Role
		text string
		want []Fact // lines only
	}{
		{"guarantee role is whole", extract.RoleGuarantee, "Love it or your money back.  No questions asked.",
			[]Fact{{Kind: KindGuarantee, Text: "Love it or your money back.  No questions asked.", Value: "Love it or your money back. No questions asked."}}},
		{"money back", extract.RoleBody, "Try it for a month. Money back if it does not fit.",
			[]Fact{line(KindGuarantee, "Money back if it does not fit.", 0)}},
		{"money-back guarantee", extract.RoleBullet, "Backed by our money-back guarantee",
			[]Fact{line(KindGuarantee, "Backed by our money-back guarantee", 0)}},
		{"refund", extract.RoleFAQAnswer, "Cancel anytime. We do not offer prorated refunds. Questions welcome.",
			[]Fact{line(KindGuarantee, "We do not offer prorated refunds.", 0)}},
		{"risk-free", extract.RoleBody, "Order risk-free today.",
			[]Fact{line(KindGuarantee, "Order risk-free today.", 0)}},
		{"satisfait ou remboursé", extract.RoleBody, "Satisfait ou remboursé, sans condition.",
			[]Fact{line(KindGuarantee, "Satisfait ou remboursé, sans condition.", 0)}},
		{"Geld-zurück", extract.RoleBody, "Mit Geld-zurück-Versprechen.",
			[]Fact{line(KindGuarantee, "Mit Geld-zurück-Versprechen.", 0)}},
		{"Zufriedenheitsgarantie", extract.RoleBody, "Inklusive Zufriedenheitsgarantie.",
			[]Fact{line(KindGuarantee, "Inklusive Zufriedenheitsgarantie.", 0)}},
		{"garantía", extract.RoleBody, "Servicio con garantía total.",
			[]Fact{line(KindGuarantee, "Servicio con garantía total.", 0)}},
		{"garantia de reembolso", extract.RoleBody, "Garantia de reembolso incondicional.",
			[]Fact{line(KindGuarantee, "Garantia de reembolso incondicional.", 0)}},
		{"fine print role is whole", extract.RoleFinePrint, "Prices in USD. Taxes may apply.",
			[]Fact{line(KindLegal, "Prices in USD. Taxes may apply.", 0)}},
		{"copyright", extract.RoleBody, "Made with care. © 2026 Example Co.",
			[]Fact{line(KindLegal, "© 2026 Example Co.", 0)}},
		{"all rights reserved", extract.RoleBody, "All rights reserved.",
			[]Fact{line(KindLegal, "All rights reserved.", 0)}},
		{"tax-deductible", extract.RoleBody, "Gifts are tax-deductible to the extent allowed by law.",
			[]Fact{line(KindLegal, "Gifts are tax-deductible to the extent allowed by law.", 0)}},
		{"501(c)(3)", extract.RoleBody, "We are a 501(c)(3) nonprofit.",
			[]Fact{line(KindLegal, "We are a 501(c)(3) nonprofit.", 0)}},
		{"Terms", extract.RoleBody, "Subject to our Terms of Service.",
			[]Fact{line(KindLegal, "Subject to our Terms of Service.", 0)}},
		{"lower-case terms is no legal line", extract.RoleBody, "In terms of speed, it flies.", nil},
		{"VAT", extract.RoleBody, "Prices exclude VAT.",
			[]Fact{line(KindLegal, "Prices exclude VAT.", 0)}},
		{"TVA", extract.RoleBody, "Prix hors TVA.",
			[]Fact{line(KindLegal, "Prix hors TVA.", 0)}},
		{"MwSt", extract.RoleBody, "Alle Preise inkl. MwSt.",
			[]Fact{line(KindLegal, "Alle Preise inkl. MwSt.", 0)}},
		{"IVA", extract.RoleBody, "Precios con IVA incluido.",
			[]Fact{line(KindLegal, "Precios con IVA incluido.", 0)}},
		{"PCI DSS", extract.RoleFAQAnswer, "Card data is handled by a PCI DSS compliant processor.",
			[]Fact{line(KindLegal, "Card data is handled by a PCI DSS compliant processor.", 0)}},
		{"trademark", extract.RoleBody, "Acme is a registered trademark of Acme Inc.",
			[]Fact{line(KindLegal, "Acme is a registered trademark of Acme Inc.", 0)}},
		{"tm sign", extract.RoleBody, "Powered by Flux™ technology.",
			[]Fact{line(KindLegal, "Powered by Flux™ technology.", 0)}},
		{"registered sign", extract.RoleBody, "Ask for Kelpo® today.",
			[]Fact{line(KindLegal, "Ask for Kelpo® today.", 0)}},
		{"VAT inside a word is no legal line", extract.RoleBody, "We ELEVATE teams.", nil},
		{"guarantee as a verb is no guarantee line", extract.RoleBody, "We guarantee that every build comes from the source.", nil},
		{"guaranteed", extract.RoleBody, "Your seat is guaranteed.",
			[]Fact{line(KindGuarantee, "Your seat is guaranteed.", 0)}},
		{"day guarantee", extract.RoleBody, "Backed by a 30-day guarantee.",
			[]Fact{line(KindGuarantee, "Backed by a 30-day guarantee.", 0)}},
		{"Guarantee in a heading", extract.RoleHeadline, "Our Happiness Guarantee",
			[]Fact{line(KindGuarantee, "Our Happiness Guarantee", 0)}},
		{"Copyright", extract.RoleBody, "Copyright 2026 Example Co.",
			[]Fact{line(KindLegal, "Copyright 2026 Example Co.", 0)}},
		{"lower-case copyright is no legal line", extract.RoleBody, "Books free of copyright restrictions.", nil},
		{"abbreviation does not split", extract.RoleBody, "Refunds, e.g. for damaged items, are quick.",
			[]Fact{line(KindGuarantee, "Refunds, e.g. for damaged items, are quick.", 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := Source{Locale: "en", Blocks: []extract.Block{{ID: 0, Role: tt.role, Text: tt.text}}}
			var got []Fact
			for _, f := range Extract(src) {
				if f.Kind == KindGuarantee || f.Kind == KindLegal {
					got = append(got, f)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("lines of %q: diff (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

// nameValues lists the distinct name values Extract finds, in order.
func nameValues(src Source) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range Extract(src) {
		if f.Kind == KindName && !seen[f.Value] {
			seen[f.Value] = true
			out = append(out, f.Value)
		}
	}
	return out
}

func TestExtractNames(t *testing.T) {
	tests := []struct {
		name string
		src  Source
		want []string
	}{
		{"given names match any case", Source{Locale: "en", Names: []string{"Loomly Press"}, Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Welcome to LOOMLY PRESS, a tiny publisher."),
		}}, []string{"Loomly Press"}},
		{"CamelCase", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Sync your boards with TideSync in seconds."),
		}}, []string{"TideSync"}},
		{"letters with digits", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Each bottle of Vita9 lasts a month."),
		}}, []string{"Vita9"}},
		{"trademark sign", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Coated with Glimmer™ for shine."),
		}}, []string{"Glimmer"}},
		{"recurring capitalised word", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Our crew at Brindle builds quiet tools."),
			blk(1, extract.RoleBody, "Teams pick Brindle for calm mornings."),
		}}, []string{"Brindle"}},
		{"a capitalised word seen once is no name", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Our crew at Brindle builds quiet tools."),
		}}, nil},
		{"a word also written in lower case is no name", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "We love the Ocean and the Ocean loves us."),
			blk(1, extract.RoleBody, "The ocean is big."),
		}}, nil},
		{"sentence-initial words are no names", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Start today. Start small."),
			blk(1, extract.RoleBody, "Start now."),
		}}, nil},
		{"title case headings do not make names", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleHeadline, "Build Better Habits With Friends"),
			blk(1, extract.RoleCTA, "Build Better Habits"),
		}}, nil},
		{"stop words are no names", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Read the FAQ first, then the FAQ again."),
			blk(1, extract.RoleBody, "Every Monday we ship; every Monday we rest."),
		}}, nil},
		{"adjacent words join", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Made by Studio Ninho in Porto."),
			blk(1, extract.RoleBody, "Ask Studio Ninho anything."),
		}}, []string{"Studio Ninho"}},
		{"a word grows into the capitalised run it always stands in", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Open Shelf Ebooks is run by volunteers."),
			blk(1, extract.RoleBody, "Every title at Open Shelf Ebooks is free."),
		}}, []string{"Open Shelf Ebooks"}},
		{"a word that also stands alone stays alone", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "We meet in Lisbon every spring."),
			blk(1, extract.RoleBody, "Thanks to Lisbon City Council for the venue."),
		}}, []string{"Lisbon"}},
		{"hyphenated name", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Get the app from F-Droid today."),
			blk(1, extract.RoleBody, "Builds on F-Droid are reproducible."),
		}}, []string{"F-Droid"}},
		{"hyphenated title-like compound is no name", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Our Editor-in-Chief reads every page."),
			blk(1, extract.RoleBody, "Ask the Editor-in-Chief."),
		}}, nil},
		{"german nouns are no names", Source{Locale: "de", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Die Fotobox druckt jedes Bild sofort."),
			blk(1, extract.RoleBody, "Jedes Bild aus der Fotobox ist ein Andenken."),
		}}, nil},
		{"german CamelCase still is", Source{Locale: "de", Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Die BildBox druckt sofort."),
		}}, []string{"BildBox"}},
		{"title site name last", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleTitle, "Donate - Open Shelf Books"),
			blk(1, extract.RoleBody, "Open Shelf Books is run by volunteers."),
		}}, []string{"Open Shelf Books"}},
		{"title name-shaped first part wins", Source{Locale: "en-GB", Blocks: []extract.Block{
			blk(0, extract.RoleTitle, "LeafPot | Additive-Free Skincare"),
			blk(1, extract.RoleBody, "Welcome to LeafPot."),
		}}, []string{"LeafPot"}},
		{"title domain", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleTitle, "Buy Your Tickets Now! | gather.ai"),
		}}, []string{"gather.ai"}},
		{"title with three words", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleTitle, "Ruby on Rails | Ship web apps faster than ever before"),
		}}, []string{"Ruby on Rails"}},
		{"title of common words only", Source{Locale: "en", Blocks: []extract.Block{
			blk(0, extract.RoleTitle, "Home | Pricing"),
		}}, nil},
		{"names inside links are not counted", Source{Locale: "en", Names: []string{"acme"}, Blocks: []extract.Block{
			blk(0, extract.RoleBody, "Write to hello@acme.example for help."),
		}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := nameValues(tt.src)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("names: got %q; want %q; diff (-want +got):\n%s", got, tt.want, diff)
			}
		})
	}
}

// TestSmokeFormats runs FromText over strings written for this test that
// mimic the formats of the shared corpus pages (no corpus text is copied),
// and checks that the facts a fork must keep are all found.
func TestSmokeFormats(t *testing.T) {
	type kv struct {
		kind  Kind
		value string
	}
	tests := []struct {
		name, locale, text string
		want               []kv
	}{
		{"donation tiers", "en", "Become a patron for $10/month or $100/yr; sponsor a title for $800-$1,400. Gifts are tax-deductible.",
			[]kv{{KindPrice, "USD 10.00/month"}, {KindPrice, "USD 100.00/year"}, {KindPrice, "USD 800.00"}, {KindPrice, "USD 1400.00"}}},
		{"pay what you want", "en", "Pay what you like: $5, $10, $25 or a custom amount. The image is 1.32 GB.",
			[]kv{{KindPrice, "USD 5.00"}, {KindPrice, "USD 10.00"}, {KindPrice, "USD 25.00"}, {KindQuantity, "1.32 GB"}}},
		{"free app", "en", "Free forever, translated into 43 languages under GPL 3.0.",
			[]kv{{KindQuantity, "43 language"}, {KindNumber, "3"}}},
		{"conference tickets", "en", "Early tickets until June 20th, refunds minus a EUR 15 fee until July 4th.",
			[]kv{{KindDate, "--06-20"}, {KindPrice, "EUR 15.00"}, {KindDate, "--07-04"}}},
		{"photo booth", "de", "Paket Premium 600 EUR mit Sofortdruck (400 Prints) für 5 Stunden.",
			[]kv{{KindPrice, "EUR 600.00"}, {KindQuantity, "400 print"}, {KindQuantity, "5 hour"}}},
		{"monitoring saas", "en", "Free $0/mo with 20 checks, Pro $50/mo, 20% off yearly. 100 entries cover 8 hours at a 5-minute cadence.",
			[]kv{{KindPrice, "USD 0.00/month"}, {KindQuantity, "20 check"}, {KindPrice, "USD 50.00/month"}, {KindPercentage, "20%"}, {KindQuantity, "100 entry"}, {KindQuantity, "8 hour"}, {KindQuantity, "5 minute"}}},
		{"cleaning quote", "es-CL", "Cotiza sin letra chica: respondemos en 24 horas al +56 2 2345 6789.",
			[]kv{{KindQuantity, "24 hour"}, {KindPhone, "+56223456789"}}},
		{"surf app", "fr", "Pro 4,99 EUR/mois ou 39,99 EUR/an (-20 %, soit 3,33 EUR/mois). Essai 14 jours, satisfait ou remboursé 30 jours. Rejoins 1 247 surfeurs.",
			[]kv{{KindPrice, "EUR 4.99/month"}, {KindPrice, "EUR 39.99/year"}, {KindPercentage, "-20%"}, {KindPrice, "EUR 3.33/month"}, {KindQuantity, "14 day"}, {KindQuantity, "30 day"}, {KindQuantity, "1247 surfer"}}},
		{"supplement", "en", "Buy one, get one free: 93.9% pure, 3x stronger, 60 Day Money Back. Refills at 20% off after 60 days.",
			[]kv{{KindPercentage, "93.9%"}, {KindQuantity, "3 x"}, {KindQuantity, "60 day"}, {KindPercentage, "20%"}}},
		{"brazilian saas", "pt-BR", "Planos de R$ 633 a R$ 1.483 por mês; total anual R$ 7.599-17.799; usuário extra R$ 81; até 15% de desconto.",
			[]kv{{KindPrice, "BRL 633.00"}, {KindPrice, "BRL 1483.00/month"}, {KindPrice, "BRL 7599.00"}, {KindPrice, "BRL 17799.00"}, {KindPrice, "BRL 81.00"}, {KindPercentage, "up-to 15%"}}},
		{"design conference", "en", "Join us August 8th - 10th, 2018 in Columbia. Tickets are $200.",
			[]kv{{KindDate, "2018-08-08"}, {KindDate, "2018-08-10"}, {KindPrice, "USD 200.00"}}},
		{"skincare", "en-GB", "Free UK delivery over £40. 100% secure checkout.",
			[]kv{{KindPrice, "GBP 40.00"}, {KindPercentage, "100%"}}},
		{"rand upsell", "en", "Normally R1 200, today R450 once-off. The course earns R25 000 per month.",
			[]kv{{KindPrice, "ZAR 1200.00"}, {KindPrice, "ZAR 450.00"}, {KindPrice, "ZAR 25000.00/month"}}},
		{"dutch membership", "nl", "Altijd hulp voor € 5 per maand of € 50 per jaar.",
			[]kv{{KindPrice, "EUR 5.00/month"}, {KindPrice, "EUR 50.00/year"}}},
		{"italian licence", "it", "Licenza a vita € 49,90, oppure € 4 al mese.",
			[]kv{{KindPrice, "EUR 49.90"}, {KindPrice, "EUR 4.00/month"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FromText(tt.text, tt.locale)
			have := map[kv]bool{}
			for _, f := range got {
				have[kv{f.Kind, f.Value}] = true
				if !strings.Contains(tt.text, f.Text) {
					t.Errorf("fact text %q not in text", f.Text)
				}
			}
			for _, w := range tt.want {
				if !have[w] {
					t.Errorf("FromText(%q): missing %s %q; got %v", tt.text, w.kind, w.value, got)
				}
			}
		})
	}
}

func TestBareAmountPrices(t *testing.T) {
	tests := []struct {
		name   string
		locale string
		blocks []extract.Block
		want   []string
	}{
		{"page currency from another price", "de", []extract.Block{blk(0, extract.RolePrice, "12 €"), blk(1, extract.RolePrice, "25")}, []string{"EUR 12.00", "EUR 25.00"}},
		{"locale currency when the page names none", "en", []extract.Block{blk(0, extract.RolePrice, "5"), blk(1, extract.RolePrice, "10")}, []string{"USD 5.00", "USD 10.00"}},
		{"region decides", "en-GB", []extract.Block{blk(0, extract.RolePrice, "40")}, []string{"GBP 40.00"}},
		{"only price blocks", "en", []extract.Block{blk(0, extract.RoleBody, "25")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range Extract(Source{Blocks: tt.blocks, Locale: tt.locale}) {
				if f.Kind == KindPrice {
					got = append(got, f.Value)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("prices (-want +got):\n%s", diff)
			}
		})
	}
}
