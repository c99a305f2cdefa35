package ledger

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/marketingfork/fork/internal/extract"
)

// clm is a claim fact as FromText reports it (Block -1); the claim kind is
// the part of the value before the colon.
func clm(text, value string) Fact {
	kind, _, _ := strings.Cut(value, ":")
	return Fact{Kind: KindClaim, Text: text, Value: value, Claim: ClaimKind(kind), Block: -1}
}

// qual sets the qualifier of a numeric fact (its Value already carries it).
func qual(f Fact, q string) Fact {
	f.Qualifier = q
	return f
}

// tableLocales are the locales the claim tables are tested in.
var tableLocales = map[string]string{"en": "en", "de": "de", "fr": "fr", "es": "es", "pt": "pt-BR", "it": "it", "nl": "nl"}

// weekdayIn is a Sunday in each table's language, for <day>.
var weekdayIn = map[string]string{"en": "Sunday", "de": "Sonntag", "fr": "dimanche", "es": "domingo", "pt": "domingo", "it": "domenica", "nl": "zondag"}

// TestClaimTablesMatchThemselves reads every phrase of the claim tables
// alone: each must give its own key, and each set phrase that is no
// claim must give no claim.
func TestClaimTablesMatchThemselves(t *testing.T) {
	for lang, defs := range claimTables {
		locale := tableLocales[lang]
		for _, d := range defs {
			for _, text := range d.texts {
				text = strings.NewReplacer("<n>", "6", "<w>", "spots", "<day>", weekdayIn[lang]).Replace(text)
				if d.withPrice {
					text = "€5; " + text // these count next to a price
				}
				want := strings.NewReplacer("{n}", "6", "{day}", "sunday").Replace(d.key)
				var got []string
				for _, f := range FromText(text, locale) {
					if f.Kind == KindClaim {
						got = append(got, f.Value)
					}
				}
				switch {
				case d.key == "" && len(got) != 0:
					t.Errorf("%s %q is no claim; got %v", lang, text, got)
				case d.key != "" && !slices.Contains(got, want):
					t.Errorf("%s %q: want %q; got %v", lang, text, want, got)
				}
			}
		}
	}
}

// TestClaimKeys checks the keys the tables define: each is "<kind>:<name>"
// with a known kind, every kind has keys, and a key turned round ("free:
// not-call-out", a fee) has its positive key too.
func TestClaimKeys(t *testing.T) {
	kinds := map[ClaimKind]int{ClaimGuarantee: 0, ClaimFree: 0, ClaimSuperlative: 0, ClaimProof: 0,
		ClaimEndorsement: 0, ClaimScarcity: 0, ClaimCondition: 0, ClaimAllowance: 0}
	keys := ClaimKeys()
	if !slices.IsSorted(keys) {
		t.Errorf("ClaimKeys is not sorted")
	}
	for _, k := range keys {
		kind, name, ok := strings.Cut(k, ":")
		if _, known := kinds[ClaimKind(kind)]; !ok || !known || name == "" || strings.ContainsAny(name, " \t") {
			t.Errorf("bad claim key %q", k)
			continue
		}
		if pos, neg := strings.CutPrefix(name, "not-"); neg && !slices.Contains(keys, kind+":"+pos) {
			t.Errorf("claim key %q has no positive %q", k, kind+":"+pos)
		}
		kinds[ClaimKind(kind)]++
	}
	for k, n := range kinds {
		if n == 0 {
			t.Errorf("claim kind %q has no keys", k)
		}
	}
}

// claimsOf keeps the claim facts.
func claimsOf(fs []Fact) []Fact {
	var out []Fact
	for _, f := range fs {
		if f.Kind == KindClaim {
			out = append(out, f)
		}
	}
	return out
}

type claimCase struct {
	name, locale, text string
	want               []Fact // claims only
}

func runClaims(t *testing.T, tests []claimCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := claimsOf(FromText(tt.text, tt.locale))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("claims of %q (%s): diff (-want +got):\n%s", tt.text, tt.locale, diff)
			}
		})
	}
}

// Every claim kind in English, German, French, Spanish and Portuguese, in
// sentences written for this test.

func TestClaimsGuarantee(t *testing.T) {
	runClaims(t, []claimCase{
		{"en money-back", "en", "Every order is covered by our 60-day money-back guarantee.",
			[]Fact{clm("money-back guarantee", "guarantee:money-back")}},
		{"de Geld-zurück in a compound", "de", "Jede Bestellung mit 30-Tage-Geld-zurück-Garantie.",
			[]Fact{clm("Geld-zurück-Garantie", "guarantee:money-back")}},
		{"fr satisfait ou remboursé", "fr", "Satisfait ou remboursé sous 14 jours.",
			[]Fact{clm("Satisfait ou remboursé", "guarantee:money-back")}},
		{"es garantía de devolución", "es", "Incluye garantía de devolución del dinero por 30 días.",
			[]Fact{clm("garantía de devolución del dinero", "guarantee:money-back")}},
		{"pt garantia incondicional", "pt-BR", "Garantia incondicional de 7 dias: seu dinheiro de volta.",
			[]Fact{clm("Garantia incondicional", "guarantee:money-back")}},
		// A refund said as what the reader gets back, an adverb between
		// the money and its way back, in each language.
		{"en refund in full", "en", "Cancel by May and we refund you in full.",
			[]Fact{clm("refund you in full", "guarantee:money-back")}},
		{"de Geld vollständig zurück", "de", "Bis Mai bekommen Sie Ihr Geld vollständig zurück.",
			[]Fact{clm("Geld vollständig zurück", "guarantee:money-back")}},
		{"fr rendons votre argent", "fr", "Jusqu'en mai, nous vous rendons votre argent.",
			[]Fact{clm("rendons votre argent", "guarantee:money-back")}},
		{"es te devolvemos todo tu dinero", "es", "Hasta mayo te devolvemos todo tu dinero.",
			[]Fact{clm("te devolvemos todo tu dinero", "guarantee:money-back")}},
		{"pt todo o seu dinheiro de volta", "pt-BR", "Até maio você recebe todo o seu dinheiro de volta.",
			[]Fact{clm("todo o seu dinheiro de volta", "guarantee:money-back")}},
		{"it restituiamo tutti i soldi", "it", "Fino a maggio ti restituiamo tutti i soldi.",
			[]Fact{clm("restituiamo tutti i soldi", "guarantee:money-back")}},
		{"nl geld volledig terug", "nl", "Tot mei krijg je je geld volledig terug.",
			[]Fact{clm("geld volledig terug", "guarantee:money-back")}},
		{"en lifetime warranty", "en", "Each kettle ships with a lifetime warranty.",
			[]Fact{clm("lifetime warranty", "guarantee:warranty-lifetime")}},
		{"de lebenslange Garantie", "de", "Rahmen mit lebenslanger Garantie.",
			[]Fact{clm("lebenslanger Garantie", "guarantee:warranty-lifetime")}},
		{"fr garanti à vie", "fr", "Cadre garanti à vie.",
			[]Fact{clm("garanti à vie", "guarantee:warranty-lifetime")}},
		{"es garantía de por vida", "es", "Cuchillos con garantía de por vida.",
			[]Fact{clm("garantía de por vida", "guarantee:warranty-lifetime")}},
		{"pt garantia vitalícia", "pt-BR", "Panelas com garantia vitalícia.",
			[]Fact{clm("garantia vitalícia", "guarantee:warranty-lifetime")}},
		{"de plain Garantie", "de", "Zwei Jahre Garantie auf den Akku.",
			[]Fact{clm("Jahre Garantie", "guarantee:warranty")}},
		{"pt unaccented", "pt-BR", "Garantia vitalicia em todas as panelas.",
			[]Fact{clm("Garantia vitalicia", "guarantee:warranty-lifetime")}},
	})
}

// TestClaimsConditionalGuarantee reads the satisfaction promise said as a
// condition, in each language: no "guarantee" word, but the promise is
// the same, and the offer lock keeps it.
func TestClaimsConditionalGuarantee(t *testing.T) {
	runClaims(t, []claimCase{
		{"en", "en", "If you're not happy with a wall, we repaint it.",
			[]Fact{clm("If you're not happy", "guarantee:satisfaction")}},
		{"de", "de", "Sind Sie nicht zufrieden, bessern wir nach.",
			[]Fact{clm("Sind Sie nicht zufrieden", "guarantee:satisfaction")}},
		{"fr", "fr", "Si vous n'êtes pas satisfait, nous repeignons le mur.",
			[]Fact{clm("Si vous n'êtes pas satisfait", "guarantee:satisfaction")}},
		{"es", "es", "Si no quedas satisfecho, repintamos la pared.",
			[]Fact{clm("Si no quedas satisfecho", "guarantee:satisfaction")}},
		{"pt", "pt-BR", "Se não ficar satisfeito, pintamos de novo.",
			[]Fact{clm("Se não ficar satisfeito", "guarantee:satisfaction")}},
		{"it", "it", "Se non sei soddisfatto, ridipingiamo la parete.",
			[]Fact{clm("Se non sei soddisfatto", "guarantee:satisfaction")}},
		{"nl", "nl", "Bent u niet tevreden, dan schilderen we opnieuw.",
			[]Fact{clm("niet tevreden", "guarantee:satisfaction")}},
	})
}

func TestClaimsFree(t *testing.T) {
	runClaims(t, []claimCase{
		{"en shipping", "en", "Enjoy free shipping on orders over $50.",
			[]Fact{clm("free shipping", "free:shipping")}},
		{"en shipping with a word between", "en-GB", "Free UK delivery on every box.",
			[]Fact{clm("Free UK delivery", "free:shipping")}},
		{"de Versand", "de", "Kostenloser Versand ab 50 € Bestellwert.",
			[]Fact{clm("Kostenloser Versand", "free:shipping")}},
		{"fr livraison offerte", "fr", "Livraison offerte dès 40 € d'achat.",
			[]Fact{clm("Livraison offerte", "free:shipping")}},
		{"es envío gratis", "es", "Envío gratis a todo el país.",
			[]Fact{clm("Envío gratis", "free:shipping")}},
		{"pt frete grátis", "pt-BR", "Frete grátis para todo o Brasil.",
			[]Fact{clm("Frete grátis", "free:shipping")}},
		{"en trial", "en", "Start your free trial, no credit card required.",
			[]Fact{clm("Start your free trial", "free:trial"), clm("no credit card required", "condition:no-card")}},
		{"de trial", "de", "Jetzt 14 Tage kostenlos testen.",
			[]Fact{clm("kostenlos testen", "free:trial")}},
		{"fr trial", "fr", "Essai gratuit, sans carte bancaire.",
			[]Fact{clm("Essai gratuit", "free:trial"), clm("sans carte bancaire", "condition:no-card")}},
		{"es trial", "es", "Prueba gratuita sin tarjeta de crédito.",
			[]Fact{clm("Prueba gratuita", "free:trial"), clm("sin tarjeta de crédito", "condition:no-card")}},
		{"pt trial", "pt-BR", "Teste grátis, sem cartão de crédito.",
			[]Fact{clm("Teste grátis", "free:trial"), clm("sem cartão de crédito", "condition:no-card")}},
		{"en plan and forever", "en", "The free plan is free forever for hobby sites.",
			[]Fact{clm("free plan", "free:plan"), clm("free forever", "free:forever")}},
		{"en no call-out fee", "en", "No call-out fee for jobs inside the ring road.",
			[]Fact{clm("No call-out fee", "free:call-out")}},
		{"de kostenlos", "de", "Das Basispaket ist kostenlos.", []Fact{clm("kostenlos", "free:free")}},
		{"fr gratuite", "fr", "L'application est gratuite.", []Fact{clm("gratuite", "free:free")}},
		{"es gratuita", "es", "La app es gratuita.", []Fact{clm("gratuita", "free:free")}},
		{"pt gratuito", "pt-BR", "O app é gratuito.", []Fact{clm("gratuito", "free:free")}},
		{"pt unaccented", "pt-BR", "Frete gratis acima de R$ 99.", []Fact{clm("Frete gratis", "free:shipping")}},
		{"bogo", "en", "Buy One, Get One Free", []Fact{clm("Buy One, Get One Free", "free:bogo")}},
	})
}

func TestClaimsSuperlative(t *testing.T) {
	runClaims(t, []claimCase{
		{"en fastest", "en", "The fastest way to send invoices.", []Fact{clm("The fastest", "superlative:fastest")}},
		{"en #1", "en", "Rated #1 by small bakeries.", []Fact{clm("#1", "superlative:#1")}},
		{"en number one", "en", "The number one app for bakeries.", []Fact{clm("The number one", "superlative:#1")}},
		{"en leading", "en", "A leading platform for dental clinics.", []Fact{clm("leading", "superlative:leading")}},
		{"en the only", "en", "The only planner that talks to your oven.", []Fact{clm("The only", "superlative:only")}},
		{"en best before a noun", "en", "Brew the best coffee at home.", []Fact{clm("the best", "superlative:best")}},
		{"de der beste", "de", "Der beste Kaffee der Stadt.", []Fact{clm("Der beste", "superlative:best")}},
		{"de Nr. 1", "de", "Die Nr. 1 für Bäckereien.", []Fact{clm("Die Nr. 1", "superlative:#1")}},
		{"fr le meilleur", "fr", "Le meilleur café du quartier.", []Fact{clm("Le meilleur", "superlative:best")}},
		{"fr n°1", "fr", "Le n°1 de la livraison.", []Fact{clm("Le n°1", "superlative:#1")}},
		{"es el mejor", "es", "El mejor café del barrio.", []Fact{clm("El mejor", "superlative:best")}},
		{"pt o melhor", "pt-BR", "O melhor café do bairro.", []Fact{clm("O melhor", "superlative:best")}},
		{"it il migliore", "it", "Il migliore caffè del quartiere.", []Fact{clm("Il migliore", "superlative:best")}},
		{"nl de beste", "nl", "De beste koffie van de buurt.", []Fact{clm("De beste", "superlative:best")}},
	})
}

func TestClaimsProof(t *testing.T) {
	runClaims(t, []claimCase{
		{"en clinically proven", "en", "Clinically proven to calm dry skin.",
			[]Fact{clm("Clinically proven", "proof:clinically-proven")}},
		{"de klinisch getestet", "de", "Klinisch getestet und dermatologisch bestätigt.",
			[]Fact{clm("Klinisch getestet", "proof:clinically-tested"), clm("dermatologisch bestätigt", "proof:dermatologist-tested")}},
		{"fr cliniquement prouvé", "fr", "Une formule cliniquement prouvée.",
			[]Fact{clm("cliniquement prouvée", "proof:clinically-proven")}},
		{"fr without accents", "fr", "Une formule cliniquement prouvee.",
			[]Fact{clm("cliniquement prouvee", "proof:clinically-proven")}},
		{"es clínicamente probado", "es", "Fórmula clínicamente probada.",
			[]Fact{clm("clínicamente probada", "proof:clinically-proven")}},
		{"pt clinicamente comprovado", "pt-BR", "Fórmula clinicamente comprovada.",
			[]Fact{clm("clinicamente comprovada", "proof:clinically-proven")}},
		{"en award-winning and ISO", "en", "Our award-winning support team is ISO 27001 certified.",
			[]Fact{clm("award-winning", "proof:award-winning"), clm("ISO 27001 certified", "proof:iso-27001")}},
		{"en official", "en", "The official app of the Harbour Run.",
			[]Fact{clm("The official", "proof:official")}},
		// Spanish and Portuguese "certificado" is "certified" and "a
		// certificate": after an article or a possessive, the document.
		{"es certified", "es", "Un refugio certificado por la Generalitat.",
			[]Fact{clm("certificado", "proof:certified")}},
		{"es the certificate", "es", "En febrero te enviamos el certificado para tu declaración.", nil},
		{"pt the certificate", "pt-BR", "Ao final você recebe seu certificado.", nil},
	})
}

func TestClaimsEndorsement(t *testing.T) {
	runClaims(t, []claimCase{
		{"en trusted by", "en", "Trusted by 4,000 bakeries.", []Fact{clm("Trusted by", "endorsement:trusted-by")}},
		{"en as seen on", "en", "As seen on national TV.", []Fact{clm("As seen on", "endorsement:featured-in")}},
		{"de empfohlen von", "de", "Empfohlen von Hebammen.", []Fact{clm("Empfohlen von", "endorsement:recommended-by")}},
		{"fr utilisé par", "fr", "Utilisé par 300 écoles.", []Fact{clm("Utilisé par", "endorsement:used-by")}},
		{"es usado por", "es", "Usado por más de 500 gimnasios.", []Fact{clm("Usado por", "endorsement:used-by")}},
		{"pt recomendado por", "pt-BR", "Recomendado por dentistas.", []Fact{clm("Recomendado por", "endorsement:recommended-by")}},
	})
}

func TestClaimsScarcity(t *testing.T) {
	runClaims(t, []claimCase{
		{"en only N left and ends Sunday", "en", "Only 3 seats left – the offer ends Sunday.",
			[]Fact{clm("Only 3 seats left", "scarcity:few-left"), clm("ends Sunday", "scarcity:ends-sunday")}},
		{"en limited time and stock", "en", "For a limited time only, while stocks last.",
			[]Fact{clm("For a limited time only", "scarcity:limited-time"), clm("while stocks last", "scarcity:limited-stock")}},
		{"de nur noch", "de", "Nur noch 5 Plätze frei!", []Fact{clm("Nur noch 5 Plätze", "scarcity:few-left")}},
		{"de endet am Sonntag", "de", "Angebot endet am Sonntag.", []Fact{clm("endet am Sonntag", "scarcity:ends-sunday")}},
		{"fr plus que", "fr", "Plus que 2 places disponibles.", []Fact{clm("Plus que 2", "scarcity:few-left")}},
		{"fr limitée jusqu'à dimanche", "fr", "Offre limitée, jusqu'à dimanche.",
			[]Fact{clm("Offre limitée", "scarcity:limited-time"), clm("jusqu'à dimanche", "scarcity:ends-sunday")}},
		{"es últimas plazas", "es", "Últimas plazas para junio.", []Fact{clm("Últimas plazas", "scarcity:few-left")}},
		{"es tiempo limitado", "es", "Oferta por tiempo limitado, termina el domingo.",
			[]Fact{clm("Oferta por tiempo limitado", "scarcity:limited-time"), clm("termina el domingo", "scarcity:ends-sunday")}},
		{"es cupos limitados", "es-CL", "Cupos limitados para el taller.", []Fact{clm("Cupos limitados", "scarcity:limited-spots")}},
		{"pt vagas limitadas", "pt-BR", "Vagas limitadas para a turma de março.", []Fact{clm("Vagas limitadas", "scarcity:limited-spots")}},
		{"pt até segunda-feira", "pt-BR", "Preço especial até segunda-feira.", []Fact{clm("até segunda-feira", "scarcity:ends-monday")}},
	})
}

func TestClaimsCondition(t *testing.T) {
	runClaims(t, []claimCase{
		{"en billed annually", "en", "$8 per user per month, billed annually.",
			[]Fact{clm("billed annually", "condition:billed-annually")}},
		{"de kündbar", "de", "Monatlich kündbar, keine Einrichtungsgebühr.",
			[]Fact{clm("Monatlich kündbar", "condition:cancel-anytime"), clm("keine Einrichtungsgebühr", "free:setup")}},
		{"fr tu cancel", "fr", "Annule à tout moment, tes données restent.",
			[]Fact{clm("Annule à tout moment", "condition:cancel-anytime")}},
		{"fr sans engagement", "fr", "Sans engagement, résiliable à tout moment.",
			[]Fact{clm("Sans engagement", "condition:no-contract"), clm("résiliable à tout moment", "condition:cancel-anytime")}},
		{"es sin permanencia", "es", "Sin permanencia. Cancela cuando quieras.",
			[]Fact{clm("Sin permanencia", "condition:no-contract"), clm("Cancela cuando quieras", "condition:cancel-anytime")}},
		{"pt sem fidelidade", "pt-BR", "Sem fidelidade, cancele quando quiser.",
			[]Fact{clm("Sem fidelidade", "condition:no-contract"), clm("cancele quando quiser", "condition:cancel-anytime")}},
		{"en one-time lifetime", "en", "One-time payment, lifetime access.",
			[]Fact{clm("One-time payment", "condition:one-time"), clm("lifetime access", "condition:lifetime")}},
		{"de einmalig lebenslang", "de", "Einmalzahlung, lebenslanger Zugang.",
			[]Fact{clm("Einmalzahlung", "condition:one-time"), clm("lebenslanger Zugang", "condition:lifetime")}},
		{"fr unique à vie", "fr", "Paiement unique, accès à vie.",
			[]Fact{clm("Paiement unique", "condition:one-time"), clm("accès à vie", "condition:lifetime")}},
		{"es único de por vida", "es", "Pago único, acceso de por vida.",
			[]Fact{clm("Pago único", "condition:one-time"), clm("acceso de por vida", "condition:lifetime")}},
		{"pt único vitalício", "pt-BR", "Pagamento único, acesso vitalício.",
			[]Fact{clm("Pagamento único", "condition:one-time"), clm("acesso vitalício", "condition:lifetime")}},
		{"en during the programme", "en", "Access during the programme only.",
			[]Fact{clm("during the programme", "condition:program-duration")}},
		{"en VAT excluded", "en", "Prices exclude VAT.", []Fact{clm("Prices exclude VAT", "condition:vat-excluded")}},
		{"de VAT included", "de", "Alle Preise inkl. MwSt.", []Fact{clm("inkl. MwSt", "condition:vat-included")}},
		{"fr HT is case-sensitive", "fr", "Tarif HT, ou 12 € ht.", []Fact{clm("HT", "condition:vat-excluded")}},
		{"en new customers", "en", "For new customers: 50% off the first month.",
			[]Fact{clm("For new customers", "condition:new-customers"), clm("the first month", "condition:first-month")}},
		{"es facturación", "es", "Facturación anual o facturación mensual.",
			[]Fact{clm("Facturación anual", "condition:billed-annually"), clm("facturación mensual", "condition:billed-monthly")}},
		{"per person without a price", "en", "Dinner is charged per person.", []Fact{clm("per person", "condition:per-person")}},
		{"once-off", "en", "Today R450 once-off.", []Fact{clm("once-off", "condition:one-time")}},
		{"it una tantum", "it", "Licenza a vita, pagamento una tantum.",
			[]Fact{clm("Licenza a vita", "condition:lifetime"), clm("pagamento una tantum", "condition:one-time")}},
	})
}

func TestClaimsAllowance(t *testing.T) {
	runClaims(t, []claimCase{
		{"en", "en", "Unlimited projects on every plan.", []Fact{clm("Unlimited projects", "allowance:unlimited-project")}},
		{"de", "de", "Unbegrenzte Nutzer in jedem Tarif.", []Fact{clm("Unbegrenzte Nutzer", "allowance:unlimited-user")}},
		{"fr noun first", "fr", "Stockage illimité pour tous.", []Fact{clm("Stockage illimité", "allowance:unlimited-storage")}},
		{"es", "es", "Usuarios ilimitados en todos los planes.", []Fact{clm("Usuarios ilimitados", "allowance:unlimited-user")}},
		{"pt", "pt-BR", "Armazenamento ilimitado em todos os planos.", []Fact{clm("Armazenamento ilimitado", "allowance:unlimited-storage")}},
		{"it", "it", "Utenti illimitati in ogni piano.", []Fact{clm("Utenti illimitati", "allowance:unlimited-user")}},
		{"nl", "nl", "Onbeperkte opslag in elk abonnement.", []Fact{clm("Onbeperkte opslag", "allowance:unlimited-storage")}},
		{"unknown noun", "en", "Unlimited encryptions.", []Fact{clm("Unlimited", "allowance:unlimited")}},
	})
}

// TestClaimsNegatives lists words and set phrases that must not make a
// claim.
func TestClaimsNegatives(t *testing.T) {
	for _, tc := range []struct{ locale, text string }{
		{"en", "We follow best practices in every build."},
		{"en", "Best regards, the team."},
		{"en", "Feel free to reach out."},
		{"en", "A sugar-free, gluten-free and hands-free snack."},
		{"en", "My knees stay pain free and my mornings stress free."},
		{"en", "A gluten free loaf, baked hassle free."},
		{"en", "We guarantee that every build comes from the source."},
		{"en", "Best for small teams."},
		{"en", "We do our best to reply within a day."},
		{"en", "Officially launched in spring."},
		{"en", "Enter your zip code."},
		{"en", "Freedom to work from anywhere."},
		{"en", "Acme Limited is registered in Wales."},
		{"de", "Mit besten Grüßen aus Berlin."},
		{"de", "Die Lieferung dauert drei Tage."},
		{"fr", "Meilleurs vœux de toute l'équipe."},
		{"fr", "Pour un meilleur sommeil, éteignez les écrans."},
		{"fr", "Un guide complet pour débuter."},
		{"es", "Es más rápido que antes."},
		{"es", "Compra una tarjeta de regalo."},
		{"pt", "No plano de saúde da empresa."},
		{"pt", "Mais rápido que a concorrência."},
		{"nl", "Beste klant, bedankt voor je bestelling."},
		{"nl", "Tijdelijk niet beschikbaar."},
		{"it", "Più veloce di prima."},
	} {
		if got := claimsOf(FromText(tc.text, tc.locale)); len(got) != 0 {
			t.Errorf("FromText(%q, %q): want no claims; got %v", tc.text, tc.locale, got)
		}
	}
}

// TestClaimsNegation: a negator right before a claim turns it round; a
// phrase that is negative in itself is a claim of its own and never also
// the claim it negates.
func TestClaimsNegation(t *testing.T) {
	runClaims(t, []claimCase{
		{"en no free trial", "en", "There is no free trial.", []Fact{clm("free trial", "free:not-trial")}},
		{"en not the best", "en", "It is not the best, but it is ours.", []Fact{clm("the best", "superlative:not-best")}},
		{"en no contract", "en", "No contract, cancel anytime.",
			[]Fact{clm("No contract", "condition:no-contract"), clm("cancel anytime", "condition:cancel-anytime")}},
		{"en no annual contract is never an annual contract", "en", "No annual contract.",
			[]Fact{clm("No annual contract", "condition:no-contract")}},
		{"es sin contrato anual", "es", "Sin contrato anual.", []Fact{clm("Sin contrato anual", "condition:no-contract")}},
		{"en not a free trial", "en", "This is not a free trial.", []Fact{clm("free trial", "free:not-trial")}},
		{"for free shipping is free shipping", "en", "Order now for free shipping.", []Fact{clm("free shipping", "free:shipping")}},
		{"the best practices are no claim", "en", "Read the best practices.", nil},
		{"en annual contract", "en", "Requires an annual contract.", []Fact{clm("annual contract", "condition:annual-contract")}},
		{"de keine Garantie", "de", "Auf Restposten gibt es keine Garantie.", []Fact{clm("Garantie", "guarantee:not-warranty")}},
		{"de keine Vertragsbindung", "de", "Keine Vertragsbindung.", []Fact{clm("Keine Vertragsbindung", "condition:no-contract")}},
		{"fr pas de livraison gratuite", "fr", "Il n'y a pas de livraison gratuite.", []Fact{clm("livraison gratuite", "free:not-shipping")}},
		{"es no es el mejor", "es", "No es el mejor, es el nuestro.", []Fact{clm("el mejor", "superlative:not-best")}},
		{"pt não é o melhor", "pt-BR", "Não é o melhor, é o nosso.", []Fact{clm("o melhor", "superlative:not-best")}},
		{"pt no is no negator", "pt-BR", "Desconto no plano anual.", []Fact{clm("plano anual", "condition:annual-plan")}},
	})
}

// TestClaimsFees: a fee is the claim turned round, so that a negated fee
// is the claim that it is free.
func TestClaimsFees(t *testing.T) {
	runClaims(t, []claimCase{
		{"en fee", "en-GB", "Call-out fee: £45 within the city.", []Fact{clm("Call-out fee", "free:not-call-out")}},
		{"en never charge a fee", "en", "We never charge a call-out fee.", []Fact{clm("call-out fee", "free:call-out")}},
		{"en explicit", "en", "No call-out fee on weekdays.", []Fact{clm("No call-out fee", "free:call-out")}},
		{"de keine", "de", "Wir berechnen keine Anfahrtskosten.", []Fact{clm("keine Anfahrtskosten", "free:call-out")}},
		{"de nie", "de", "Nie Anfahrtskosten, auch am Wochenende.", []Fact{clm("Anfahrtskosten", "free:call-out")}},
		{"fr pas de frais", "fr", "Nous ne facturons pas de frais de déplacement.", []Fact{clm("pas de frais de déplacement", "free:call-out")}},
		{"es no cobramos", "es", "No cobramos gastos de desplazamiento.", []Fact{clm("gastos de desplazamiento", "free:call-out")}},
		{"pt não cobramos", "pt-BR", "Não cobramos taxa de deslocamento.", []Fact{clm("taxa de deslocamento", "free:call-out")}},
		{"en setup fee", "en", "A one-off setup fee applies.", []Fact{clm("one-off", "condition:one-time"), clm("setup fee", "free:not-setup")}},
	})
}

// TestClaimsWithPrice: a bare billing word counts in a sentence that
// states a price, and only there.
func TestClaimsWithPrice(t *testing.T) {
	runClaims(t, []claimCase{
		{"en annual price", "en", "Annual price for the whole team: $900.", []Fact{clm("Annual", "condition:annual")}},
		{"en no price", "en", "Our annual meetup is in May.", nil},
		{"en period of the price is no claim", "en", "Just $12 monthly.", nil},
		{"de jährlich", "de", "Jährlich nur 99 € für alles.", []Fact{clm("Jährlich", "condition:annual")}},
		{"de jährlich zahlst", "de", "Jährlich zahlst du nur 99 €.", []Fact{clm("Jährlich zahlst", "condition:billed-annually")}},
		{"pt preço anual", "pt-BR", "Preço anual com desconto: R$ 450.", []Fact{clm("anual", "condition:annual")}},
		{"pt mensal in another sentence", "pt-BR", "Relatório mensal. Plano por R$ 45.", nil},
		{"pt monthly equivalent is no condition", "pt-BR", "R$ 40/mês, equivalente mensal no compromisso anual.",
			[]Fact{clm("compromisso anual", "condition:annual-contract")}},
		{"es mensual", "es", "Cuota mensual de 30 € con IVA incluido.",
			[]Fact{clm("mensual", "condition:monthly"), clm("IVA incluido", "condition:vat-included")}},
		{"pt à vista and parcelas", "pt-BR", "R$ 900 à vista ou em 12 parcelas.",
			[]Fact{clm("à vista", "condition:upfront"), clm("parcelas", "condition:installments")}},
	})
}

// TestClaimsCompare checks what verification relies on: the same claim in
// another language or order has the same values, different claims differ.
func TestClaimsCompare(t *testing.T) {
	values := func(text, locale string) []string {
		var out []string
		for _, f := range claimsOf(FromText(text, locale)) {
			out = append(out, f.Value)
		}
		slices.Sort(out)
		return out
	}
	same := []struct{ a, al, b, bl string }{
		{"Free shipping and free returns.", "en", "Kostenlose Rücksendung und kostenloser Versand.", "de"},
		{"Free shipping and free returns.", "en", "Livraison gratuite et retours gratuits.", "fr"},
		{"Free shipping and free returns.", "en", "Envío gratis y devoluciones gratis.", "es"},
		{"Free shipping and free returns.", "en", "Frete grátis e devolução grátis.", "pt-BR"},
		{"Cancel anytime. No contract.", "en", "Sin contratos, cancela cuando quieras.", "es"},
		{"Cancel anytime. No contract.", "en", "Jederzeit kündbar, ohne Vertrag.", "de"},
		{"Billed annually.", "en", "Facturation annuelle.", "fr"},
		{"Billed annually.", "en", "Cobrança anual.", "pt-BR"},
		{"Money-back guarantee.", "en", "Satisfait ou remboursé.", "fr"},
		{"Money-back guarantee.", "en", "Geld-zurück-Garantie.", "de"},
		{"Only 2 left, ends Friday.", "en", "Il reste 2, jusqu'à vendredi.", "fr"},
		{"Trusted by 900 clinics.", "en", "Más de 900 clínicas confían en nosotros.", "es"},
		{"Unlimited users.", "en", "Utilisateurs illimités.", "fr"},
		{"Lifetime access.", "en", "Acceso de por vida.", "es"},
	}
	for _, c := range same {
		if a, b := values(c.a, c.al), values(c.b, c.bl); !slices.Equal(a, b) || len(a) == 0 {
			t.Errorf("%q (%s) = %v and %q (%s) = %v; want the same claims", c.a, c.al, a, c.b, c.bl, b)
		}
	}
	differ := []struct{ a, b string }{
		{"Billed annually.", "Billed monthly."},
		{"Lifetime access.", "Access during the programme."},
		{"No contract.", "Annual contract."},
		{"Free trial.", "Free plan."},
		{"Clinically tested.", "Clinically proven."},
		{"Unlimited users.", "Unlimited projects."},
		{"Ends Sunday.", "Ends Friday."},
		{"Free trial.", "No free trial."},
		{"One-time payment.", "Monthly subscription."},
	}
	for _, c := range differ {
		if a, b := values(c.a, "en"), values(c.b, "en"); slices.Equal(a, b) {
			t.Errorf("%q and %q both give %v; want different claims", c.a, c.b, a)
		}
	}
}

// TestQualifiers: a qualifier is part of the value, so "Save 17%" and
// "Save up to 17%" differ.
func TestQualifiers(t *testing.T) {
	runFromText(t, []fromTextCase{
		{"from en", "Plans from $10.", "en", []Fact{qual(price("$10", "from USD 10.00", 10, "USD", ""), "from")}},
		{"starting at", "Starting at $10 per month.", "en", []Fact{qual(price("$10 per month", "from USD 10.00/month", 10, "USD", "month"), "from")}},
		{"up to", "Save up to 17%.", "en", []Fact{qual(pct("17%", "up-to 17%", 17), "up-to")}},
		{"no qualifier", "Save 17%.", "en", []Fact{pct("17%", "17%", 17)}},
		{"only", "Only $5 today.", "en", []Fact{qual(price("$5", "only USD 5.00", 5, "USD", ""), "only")}},
		{"ab", "Ab 10 € im Monat.", "de", []Fact{qual(price("10 € im Monat", "from EUR 10.00/month", 10, "EUR", "month"), "from")}},
		{"bis zu", "Spare bis zu 17 %.", "de", []Fact{qual(pct("17 %", "up-to 17%", 17), "up-to")}},
		{"à partir de", "À partir de 10 € par mois.", "fr", []Fact{qual(price("10 € par mois", "from EUR 10.00/month", 10, "EUR", "month"), "from")}},
		{"jusqu'à", "Jusqu'à 17 % de remise.", "fr", []Fact{qual(pct("17 %", "up-to 17%", 17), "up-to")}},
		{"desde", "Desde $10 al mes.", "es", []Fact{qual(price("$10 al mes", "from USD 10.00/month", 10, "USD", "month"), "from")}},
		{"hasta", "Ahorra hasta 17%.", "es", []Fact{qual(pct("17%", "up-to 17%", 17), "up-to")}},
		{"a partir de", "A partir de R$ 10 por mês.", "pt-BR", []Fact{qual(price("R$ 10 por mês", "from BRL 10.00/month", 10, "BRL", "month"), "from")}},
		{"até", "Economize até 17%.", "pt-BR", []Fact{qual(pct("17%", "up-to 17%", 17), "up-to")}},
		{"fino al", "Risparmia fino al 17%.", "it", []Fact{qual(pct("17%", "up-to 17%", 17), "up-to")}},
		{"tot", "Bespaar tot 17% per jaar.", "nl", []Fact{qual(pct("17%", "up-to 17%", 17), "up-to")}},
		{"per person en", "Dinner is $45 per person.", "en", []Fact{qual(price("$45", "USD 45.00 per-person", 45, "USD", ""), "per-person")}},
		{"pro Person", "Nur 39 € pro Person.", "de", []Fact{qual(price("39 €", "only EUR 39.00 per-person", 39, "EUR", ""), "only per-person")}},
		{"par personne", "Menu à 30 € par personne.", "fr", []Fact{qual(price("30 €", "EUR 30.00 per-person", 30, "EUR", ""), "per-person")}},
		{"por persona", "Cena 25 € por persona.", "es", []Fact{qual(price("25 €", "EUR 25.00 per-person", 25, "EUR", ""), "per-person")}},
		{"por pessoa", "Jantar R$ 80 por pessoa.", "pt-BR", []Fact{qual(price("R$ 80", "BRL 80.00 per-person", 80, "BRL", ""), "per-person")}},
		{"per user then period", "Teams $8/user/month.", "en", []Fact{qual(price("$8", "USD 8.00/month per-user", 8, "USD", "month"), "per-user")}},
		{"per device", "Licences cost $39 per device.", "en", []Fact{qual(price("$39", "USD 39.00 per-device", 39, "USD", ""), "per-device")}},
		{"pro Gerät", "Nur 4 € pro Gerät.", "de", []Fact{qual(price("4 €", "only EUR 4.00 per-device", 4, "EUR", ""), "only per-device")}},
		{"por alumno then period", "Son 2 € por alumno al mes.", "es", []Fact{qual(price("2 €", "EUR 2.00/month per-student", 2, "EUR", "month"), "per-student")}},
		{"per hour", "Tutoring at $40 per hour.", "en", []Fact{qual(price("$40", "USD 40.00 per-hour", 40, "USD", ""), "per-hour")}},
		{"up to a quantity", "Up to 10 users.", "en", []Fact{qual(qty("10 users", "up-to 10 user", 10, "user"), "up-to")}},
		{"a range takes none", "From $10 to $20.", "en", []Fact{price("$10", "USD 10.00", 10, "USD", ""), price("$20", "USD 20.00", 20, "USD", "")}},
		{"a year takes none", "From 2019 on.", "en", []Fact{date("2019", "2019")}},
		{"from is no price qualifier of a count", "Choose from 3 colours.", "en", []Fact{num("3", "3", 3)}},
		{"a plan called Solo", "Solo $9/mo", "en", []Fact{price("$9/mo", "USD 9.00/month", 9, "USD", "month")}},
	})
}

func TestCodes(t *testing.T) {
	code := func(c string) Fact { return Fact{Kind: KindCode, Text: c, Value: c, Block: -1} }
	runFromText(t, []fromTextCase{
		{"use code", "Pay less: use code FUNDADOR at checkout.", "es", []Fact{code("FUNDADOR")}},
		{"voucher code colon", "Your voucher code: 9D8BFDB88D", "en", []Fact{code("9D8BFDB88D")}},
		{"promo code with digits", "Promo code SAVE20 takes 20% off.", "en", []Fact{code("SAVE20"), pct("20%", "20%", 20)}},
		{"quoted after the word", `Enter the coupon at checkout: "SPRING24".`, "en", []Fact{code("SPRING24")}},
		{"Gutscheincode", "Gutscheincode SOMMER-24 einlösen.", "de", []Fact{code("SOMMER-24")}},
		{"code promo", "Code promo : BIENVENUE", "fr", []Fact{code("BIENVENUE")}},
		{"cupón", "Usa el cupón «VERANO10».", "es", []Fact{code("VERANO10")}},
		{"cupom", "Cupom PRIMEIRACOMPRA no carrinho.", "pt-BR", []Fact{code("PRIMEIRACOMPRA")}},
		{"digits only, six", "Coupon 482913 applies.", "en", []Fact{code("482913")}},
		{"kortingscode", "Kortingscode WELKOM15.", "nl", []Fact{code("WELKOM15")}},
		{"lower case is no code", "Use code word cookies.", "en", nil},
		{"too short", "Use code AB1.", "en", nil},
		{"four digits are no code", "Use code 2026 today.", "en", []Fact{num("2026", "2026", 2026)}},
		{"zip code", "Enter your zip code 90210.", "en", []Fact{num("90210", "90210", 90210)}},
		{"heading in capitals", "ENTER CODE HERE", "en", nil},
		{"source code", "Read the source code MIT licensed.", "en", nil},
	})
}

func TestPhonesNormalised(t *testing.T) {
	runFromText(t, []fromTextCase{
		{"uk mobile spaced", "Call Sam on 07817 485888.", "en-GB", []Fact{phone("07817 485888", "07817485888")}},
		{"uk mobile unspaced", "Call Sam on 07817485888.", "en-GB", []Fact{phone("07817485888", "07817485888")}},
		{"uk mobile three groups", "Call Sam on 07817 485 888.", "en-GB", []Fact{phone("07817 485 888", "07817485888")}},
		{"uk mobile international", "Call Sam on +44 7817 485888.", "en-GB", []Fact{phone("+44 7817 485888", "+447817485888")}},
		{"uk landline", "Ring 020 7946 0018.", "en-GB", []Fact{phone("020 7946 0018", "02079460018")}},
		{"french unspaced", "Appelez le 0123456789.", "fr", []Fact{phone("0123456789", "0123456789")}},
		{"a short number is no phone", "Ref 0123456.", "en", []Fact{num("0123456", "123456", 123456)}},
	})
}

// TestAllowanceQuantities: what a plan allows is a quantity with its noun
// as unit, with the period when one follows; "unlimited" is a claim.
func TestAllowanceQuantities(t *testing.T) {
	runFromText(t, []fromTextCase{
		{"noun per day", "Free plan: 1 encryption/day.", "en",
			[]Fact{clm("Free plan", "free:plan"), qty("1 encryption/day", "1 encryption/day", 1, "encryption/day")}},
		{"plural noun per month", "Includes 3 encryptions per month.", "en",
			[]Fact{qty("3 encryptions per month", "3 encryption/month", 3, "encryption/month")}},
		{"known unit with a period", "Send 1000 emails a month.", "en",
			[]Fact{qty("1000 emails a month", "1000 email/month", 1000, "email/month")}},
		{"projects and users", "10 projects, 5 users.", "en",
			[]Fact{qty("10 projects", "10 project", 10, "project"), qty("5 users", "5 user", 5, "user")}},
		{"unlimited is a claim", "1 encryption/day or unlimited encryptions.", "en",
			[]Fact{qty("1 encryption/day", "1 encryption/day", 1, "encryption/day"), clm("unlimited", "allowance:unlimited")}},
		{"plan nouns", "3 websites and 2 domains.", "en",
			[]Fact{qty("3 websites", "3 site", 3, "site"), qty("2 domains", "2 domain", 2, "domain")}},
		{"measures keep no period", "Walk 5 miles a day.", "en", []Fact{qty("5 miles", "5 mi", 5, "mi")}},
	})
}

// TestExtractClaimsAndCodes: Extract reports claims and codes per block,
// once per (Kind, Value, Block).
func TestExtractClaimsAndCodes(t *testing.T) {
	src := Source{Locale: "en", Blocks: []extract.Block{
		blk(0, extract.RoleBullet, "Free shipping. Free shipping again."),
		blk(1, extract.RoleBody, "Use code WELCOME10 for free shipping, or code WELCOME10 at the till."),
	}}
	got := Extract(src)
	want := []Fact{
		in(clm("Free shipping", "free:shipping"), 0),
		{Kind: KindCode, Text: "WELCOME10", Value: "WELCOME10", Block: 1},
		in(clm("free shipping", "free:shipping"), 1),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diff (-want +got):\n%s", diff)
	}
}

// TestClaimsEitherAddress: a claim said to the reader informally is the
// same claim said formally, so a fork that changes the address keeps it.
func TestClaimsEitherAddress(t *testing.T) {
	for _, pair := range [][3]string{
		{"es-ES", "Si no te convence, te devolvemos el dinero.", "Si no le convence, le devolvemos el dinero."},
		{"de-DE", "Wenn dir der Kurs nicht gefällt, erstatten wir dir den vollen Betrag.", "Wenn Ihnen der Kurs nicht gefällt, erstatten wir Ihnen den vollen Betrag."},
		{"fr-FR", "Pas convaincu ? On te rembourse intégralement.", "Pas convaincu ? On vous rembourse intégralement."},
		{"de-DE", "Wenn du jährlich zahlst, sparst du zwei Monatsbeiträge.", "Wenn Sie jährlich zahlen, sparen Sie zwei Monatsbeiträge."},
		{"de-AT", "Du kannst jederzeit kündigen und testest kostenlos.", "Sie können jederzeit kündigen und testen kostenlos."},
	} {
		t.Run(pair[0]+" "+pair[1], func(t *testing.T) {
			keys := func(text string) []string {
				var out []string
				for _, f := range claimsOf(FromText(text, pair[0])) {
					out = append(out, f.Value)
				}
				return out
			}
			informal, formal := keys(pair[1]), keys(pair[2])
			if len(informal) == 0 {
				t.Fatalf("no claim read in %q", pair[1])
			}
			if diff := cmp.Diff(informal, formal); diff != "" {
				t.Errorf("claims differ between the two forms of address (-informal +formal):\n%s", diff)
			}
		})
	}
}
