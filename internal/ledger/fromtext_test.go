package ledger

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Helpers that build the facts FromText reports (Block -1).

func price(text, value string, amount float64, currency, unit string) Fact {
	return Fact{Kind: KindPrice, Text: text, Value: value, Amount: amount, Currency: currency, Unit: unit, Block: -1}
}

func pct(text, value string, amount float64) Fact {
	return Fact{Kind: KindPercentage, Text: text, Value: value, Amount: amount, Block: -1}
}

func qty(text, value string, amount float64, unit string) Fact {
	return Fact{Kind: KindQuantity, Text: text, Value: value, Amount: amount, Unit: unit, Block: -1}
}

func num(text, value string, amount float64) Fact {
	return Fact{Kind: KindNumber, Text: text, Value: value, Amount: amount, Block: -1}
}

func date(text, value string) Fact {
	return Fact{Kind: KindDate, Text: text, Value: value, Block: -1}
}

func link(text, value string) Fact {
	return Fact{Kind: KindURL, Text: text, Value: value, Block: -1}
}

func mail(text, value string) Fact {
	return Fact{Kind: KindEmail, Text: text, Value: value, Block: -1}
}

func phone(text, value string) Fact {
	return Fact{Kind: KindPhone, Text: text, Value: value, Block: -1}
}

type fromTextCase struct {
	name, text, locale string
	want               []Fact
}

func runFromText(t *testing.T, tests []fromTextCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FromText(tt.text, tt.locale)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("FromText(%q, %q): got %v; want %v; diff (-want +got):\n%s", tt.text, tt.locale, got, tt.want, diff)
			}
			for _, f := range got {
				if !strings.Contains(tt.text, f.Text) {
					t.Errorf("fact text %q is not in %q", f.Text, tt.text)
				}
			}
		})
	}
}

func TestFromTextPrices(t *testing.T) {
	runFromText(t, []fromTextCase{
		{"dollar decimals", "The starter kit is $30.00 shipped.", "en",
			[]Fact{price("$30.00", "USD 30.00", 30, "USD", "")}},
		{"dollar per mo", "Team plan: $5/mo.", "en",
			[]Fact{price("$5/mo", "USD 5.00/month", 5, "USD", "month")}},
		{"dollar per yr", "Or pay $100/yr and save.", "en",
			[]Fact{price("$100/yr", "USD 100.00/year", 100, "USD", "year")}},
		{"dollar range", "Sponsor a chapter for $800-$1,400.", "en",
			[]Fact{price("$800", "USD 800.00", 800, "USD", ""), price("$1,400", "USD 1400.00", 1400, "USD", "")}},
		{"dollar range without second sign", "Budgets run $800-1,400.", "en",
			[]Fact{price("$800", "USD 800.00", 800, "USD", ""), price("1,400", "USD 1400.00", 1400, "USD", "")}},
		{"code glued", "A late fee of EUR115 applies.", "en",
			[]Fact{price("EUR115", "EUR 115.00", 115, "EUR", "")}},
		{"code spaced", "A handling fee of EUR 15 applies.", "en",
			[]Fact{price("EUR 15", "EUR 15.00", 15, "EUR", "")}},
		{"euro after spaced", "La formule coûte 115 € par personne.", "fr",
			[]Fact{qual(price("115 €", "EUR 115.00 per-person", 115, "EUR", ""), "per-person")}},
		{"euro after glued", "La formule coûte 115€.", "fr",
			[]Fact{price("115€", "EUR 115.00", 115, "EUR", "")}},
		{"euro zero", "Découverte : 0€", "fr",
			[]Fact{price("0€", "EUR 0.00", 0, "EUR", "")}},
		{"euro per month glued", "Formule Pro à 4,99€/mois.", "fr",
			[]Fact{price("4,99€/mois", "EUR 4.99/month", 4.99, "EUR", "month")}},
		{"euro per month spaced", "Formule Pro à 4,99 €/mois.", "fr",
			[]Fact{price("4,99 €/mois", "EUR 4.99/month", 4.99, "EUR", "month")}},
		{"EUR per year", "Ou 39,99 EUR/an, payé en une fois.", "fr",
			[]Fact{price("39,99 EUR/an", "EUR 39.99/year", 39.99, "EUR", "year")}},
		{"euro par mois", "Seulement 9 € par mois.", "fr",
			[]Fact{qual(price("9 € par mois", "only EUR 9.00/month", 9, "EUR", "month"), "only")}},
		{"real grouped", "Plano Escala: R$ 1.058", "pt-BR",
			[]Fact{price("R$ 1.058", "BRL 1058.00", 1058, "BRL", "")}},
		{"real per month", "A partir de R$ 633 /mês no plano anual.", "pt-BR",
			[]Fact{qual(price("R$ 633 /mês", "from BRL 633.00/month", 633, "BRL", "month"), "from"), clm("plano anual", "condition:annual-plan")}},
		{"real por mes", "Só R$ 45 por mês.", "pt-BR",
			[]Fact{qual(price("R$ 45 por mês", "only BRL 45.00/month", 45, "BRL", "month"), "only")}},
		{"real range per year", "Total de R$ 7.599-17.799 por ano.", "pt-BR",
			[]Fact{price("R$ 7.599", "BRL 7599.00/year", 7599, "BRL", "year"), price("17.799 por ano", "BRL 17799.00/year", 17799, "BRL", "year")}},
		{"real mil", "Economize R$ 10 mil.", "pt-BR",
			[]Fact{price("R$ 10 mil", "BRL 10000.00", 10000, "BRL", "")}},
		{"pound", "Workshops are £10 each.", "en-GB",
			[]Fact{price("£10", "GBP 10.00", 10, "GBP", "")}},
		{"from pound", "Framing from £120.", "en-GB",
			[]Fact{qual(price("£120", "from GBP 120.00", 120, "GBP", ""), "from")}},
		{"EUR after", "Paket Basis: 400 EUR", "de",
			[]Fact{price("400 EUR", "EUR 400.00", 400, "EUR", "")}},
		{"pro Monat", "Nur 29 € pro Monat.", "de",
			[]Fact{qual(price("29 € pro Monat", "only EUR 29.00/month", 29, "EUR", "month"), "only")}},
		{"slash Jahr", "Jahresabo 290 €/Jahr.", "de",
			[]Fact{clm("Jahresabo", "condition:annual-plan"), price("290 €/Jahr", "EUR 290.00/year", 290, "EUR", "year")}},
		{"no cents comma dash", "Aufpreis 15,- € pauschal.", "de",
			[]Fact{price("15,- €", "EUR 15.00", 15, "EUR", "")}},
		{"US dollar sign", "Desde US$ 20 por persona.", "es",
			[]Fact{qual(price("US$ 20", "from USD 20.00 per-person", 20, "USD", ""), "from per-person")}},
		{"swiss francs", "Komplettpaket CHF 1'499.– inklusive Aufbau.", "de-CH",
			[]Fact{price("CHF 1'499.–", "CHF 1499.00", 1499, "CHF", "")}},
		{"yen japanese", "Only ¥1,000 for members.", "ja",
			[]Fact{qual(price("¥1,000", "only JPY 1000.00", 1000, "JPY", ""), "only")}},
		{"yen chinese", "会员价 ¥88", "zh",
			[]Fact{price("¥88", "CNY 88.00", 88, "CNY", "")}},
		{"rupee", "Starter pack ₹499 only.", "en-IN",
			[]Fact{price("₹499", "INR 499.00", 499, "INR", "")}},
		{"australian dollar", "Ships for A$29 anywhere.", "en",
			[]Fact{price("A$29", "AUD 29.00", 29, "AUD", "")}},
		{"canadian dollar", "Ships for C$35 anywhere.", "en",
			[]Fact{price("C$35", "CAD 35.00", 35, "CAD", "")}},
		{"krona", "Månadskort 99 kr.", "sv",
			[]Fact{price("99 kr", "SEK 99.00", 99, "SEK", "")}},
		{"krone danish prefix", "Kun kr 149 om måneden.", "da",
			[]Fact{price("kr 149", "DKK 149.00", 149, "DKK", "")}},
		{"krone norwegian", "Kun 199 kr.", "nb",
			[]Fact{price("199 kr", "NOK 199.00", 199, "NOK", "")}},
		{"dollar australia", "Just $12 a month.", "en-AU",
			[]Fact{qual(price("$12 a month", "only AUD 12.00/month", 12, "AUD", "month"), "only")}},
		{"dollar canada", "Just $12 monthly.", "en-CA",
			[]Fact{qual(price("$12 monthly", "only CAD 12.00/month", 12, "CAD", "month"), "only")}},
		{"dollar chile", "Plan Hogar $5.990 al mes.", "es-CL",
			[]Fact{price("$5.990 al mes", "CLP 5990.00/month", 5990, "CLP", "month")}},
		{"dollar mexico", "Plan Casa $1,299.00 al año.", "es-MX",
			[]Fact{price("$1,299.00 al año", "MXN 1299.00/year", 1299, "MXN", "year")}},
		{"dollar spanish default", "Cuesta $20 por mes.", "es",
			[]Fact{price("$20 por mes", "USD 20.00/month", 20, "USD", "month")}},
		{"dollar after, french canada", "Seulement 20 $ par mois.", "fr-CA",
			[]Fact{qual(price("20 $ par mois", "only CAD 20.00/month", 20, "CAD", "month"), "only")}},
		{"spanish slash año", "Plan anual €120/año.", "es",
			[]Fact{clm("Plan anual", "condition:annual-plan"), price("€120/año", "EUR 120.00/year", 120, "EUR", "year")}},
		{"per month words", "Just $9 per month.", "en",
			[]Fact{qual(price("$9 per month", "only USD 9.00/month", 9, "USD", "month"), "only")}},
		{"annually", "Billed at $90 annually.", "en",
			[]Fact{price("$90 annually", "USD 90.00/year", 90, "USD", "year")}},
		{"dollar code after refines", "Only $5 CAD.", "en",
			[]Fact{qual(price("$5 CAD", "only CAD 5.00", 5, "CAD", ""), "only")}},
		{"scaled", "We raised $2.5M last year.", "en",
			[]Fact{price("$2.5M", "USD 2500000.00", 2500000, "USD", "")}},
		{"sub cent", "Calls cost $0.005 each.", "en",
			[]Fact{price("$0.005", "USD 0.005", 0.005, "USD", "")}},
		{"euro words", "Il costo è di 50 euro.", "it",
			[]Fact{price("50 euro", "EUR 50.00", 50, "EUR", "")}},
		{"suffix range", "Entre 10–20 €/mois.", "fr",
			[]Fact{price("10", "EUR 10.00/month", 10, "EUR", "month"), price("20 €/mois", "EUR 20.00/month", 20, "EUR", "month")}},
	})
}

func TestFromTextPricePeriods(t *testing.T) {
	tests := []struct {
		text, locale, unit string
	}{
		{"$5/mo", "en", "month"}, {"$5 / mo", "en", "month"}, {"$5/month", "en", "month"},
		{"$5 /month", "en", "month"}, {"$5 per month", "en", "month"}, {"$5 a month", "en", "month"},
		{"$5 monthly", "en", "month"}, {"$5 per mo", "en", "month"},
		{"$50/yr", "en", "year"}, {"$50/year", "en", "year"}, {"$50 per year", "en", "year"},
		{"$50 a year", "en", "year"}, {"$50 annually", "en", "year"}, {"$50 yearly", "en", "year"},
		{"5 €/mois", "fr", "month"}, {"5 € par mois", "fr", "month"}, {"50 €/an", "fr", "year"},
		{"50 € par an", "fr", "year"}, {"50 €/année", "fr", "year"},
		{"5 €/Monat", "de", "month"}, {"5 € pro Monat", "de", "month"}, {"5 € monatlich", "de", "month"},
		{"50 €/Jahr", "de", "year"}, {"50 € pro Jahr", "de", "year"}, {"50 € jährlich", "de", "year"},
		{"5 €/mes", "es", "month"}, {"5 € al mes", "es", "month"}, {"5 € por mes", "es", "month"},
		{"50 €/año", "es", "year"}, {"50 € al año", "es", "year"},
		{"R$ 5/mês", "pt-BR", "month"}, {"R$ 5 por mês", "pt-BR", "month"}, {"R$ 5 ao mês", "pt-BR", "month"},
		{"R$ 50/ano", "pt-BR", "year"}, {"R$ 50 por ano", "pt-BR", "year"},
		{"$2 per week", "en", "week"}, {"$1/day", "en", "day"},
		{"$5 mo", "en", ""}, // a period needs a slash or a phrase
	}
	for _, tt := range tests {
		t.Run(tt.locale+"/"+tt.text, func(t *testing.T) {
			got := FromText(tt.text, tt.locale)
			if len(got) != 1 || got[0].Kind != KindPrice || got[0].Unit != tt.unit {
				t.Errorf("FromText(%q, %q) = %v; want one price with Unit %q", tt.text, tt.locale, got, tt.unit)
			}
		})
	}
}

func TestFromTextPercentages(t *testing.T) {
	runFromText(t, []fromTextCase{
		{"glued", "Save 20% today.", "en", []Fact{pct("20%", "20%", 20)}},
		{"negative", "Annual plan: -20%", "en", []Fact{clm("Annual plan", "condition:annual-plan"), pct("-20%", "-20%", -20)}},
		{"spaced", "Remise de 20 % sur l'année.", "fr", []Fact{pct("20 %", "20%", 20)}},
		{"no-break space", "Remise de 15\u00a0%.", "fr", []Fact{pct("15\u00a0%", "15%", 15)}},
		{"negative spaced", "Annuel (-20 %)", "fr", []Fact{pct("-20 %", "-20%", -20)}},
		{"decimal", "Tested 93.9% pure.", "en", []Fact{pct("93.9%", "93.9%", 93.9)}},
		{"decimal comma", "Un taux de 12,5 %.", "fr", []Fact{pct("12,5 %", "12.5%", 12.5)}},
		{"percent word", "Take 20 percent off.", "en", []Fact{pct("20 percent", "20%", 20)}},
		{"Prozent", "Jetzt 20 Prozent sparen.", "de", []Fact{pct("20 Prozent", "20%", 20)}},
		{"pour cent", "Gagnez 20 pour cent.", "fr", []Fact{pct("20 pour cent", "20%", 20)}},
		{"por ciento", "Ahorra 20 por ciento.", "es", []Fact{pct("20 por ciento", "20%", 20)}},
		{"por cento", "Economize 20 por cento.", "pt-BR", []Fact{pct("20 por cento", "20%", 20)}},
		{"range", "Discounts of 10-20% apply.", "en", []Fact{pct("10", "10%", 10), pct("20%", "20%", 20)}},
	})
}

func TestFromTextQuantities(t *testing.T) {
	runFromText(t, []fromTextCase{
		{"miles", "Ride 5 miles to the venue.", "en", []Fact{qty("5 miles", "5 mi", 5, "mi")}},
		{"mi", "A 26.2 mi course.", "en", []Fact{qty("26.2 mi", "26.2 mi", 26.2, "mi")}},
		{"km", "Only 10 km away.", "en", []Fact{qty("10 km", "10 km", 10, "km")}},
		{"lbs", "Weighs 2 lbs.", "en", []Fact{qty("2 lbs", "2 lb", 2, "lb")}},
		{"lb", "Weighs 1 lb.", "en", []Fact{qty("1 lb", "1 lb", 1, "lb")}},
		{"kg", "Holds 3 kg.", "en", []Fact{qty("3 kg", "3 kg", 3, "kg")}},
		{"g", "Contains 500 g of oats.", "en", []Fact{qty("500 g", "500 g", 500, "g")}},
		{"metri", "Una piscina da 25 metri.", "it", []Fact{qty("25 metri", "25 m", 25, "m")}},
		{"autónomos", "Somos 4.200 autónomos.", "es", []Fact{qty("4.200 autónomos", "4200 customer", 4200, "customer")}},
		{"chilometri", "A 3 chilometri dal centro.", "it", []Fact{qty("3 chilometri", "3 km", 3, "km")}},
		{"grammi e litri", "Porzioni da 250 grammi, bottiglie da 2 litri.", "it", []Fact{qty("250 grammi", "250 g", 250, "g"), qty("2 litri", "2 l", 2, "l")}},
		{"mg", "Each has 250 mg of omega-3.", "en", []Fact{qty("250 mg", "250 mg", 250, "mg")}},
		{"fahrenheit", "It will be 95°F outside.", "en", []Fact{qty("95°F", "95 °F", 95, "°F")}},
		{"celsius", "Il fera 21 °C.", "fr", []Fact{qty("21 °C", "21 °C", 21, "°C")}},
		{"degrees F", "It gets to 100 degrees F.", "en", []Fact{qty("100 degrees F", "100 °F", 100, "°F")}},
		{"GB", "The download is 1.32 GB.", "en", []Fact{qty("1.32 GB", "1.32 GB", 1.32, "GB")}},
		{"MB", "Under 512 MB of memory.", "en", []Fact{qty("512 MB", "512 MB", 512, "MB")}},
		{"TB", "Store 2 TB of photos.", "en", []Fact{qty("2 TB", "2 TB", 2, "TB")}},
		{"Go", "Jusqu'à 5 Go de stockage.", "fr", []Fact{qual(qty("5 Go", "up-to 5 GB", 5, "GB"), "up-to")}},
		{"hours", "Logs kept for 8 hours.", "en", []Fact{qty("8 hours", "8 hour", 8, "hour")}},
		{"hrs", "Battery lasts 12 hrs.", "en", []Fact{qty("12 hrs", "12 hour", 12, "hour")}},
		{"h glued", "Support 24h sur 24.", "fr", []Fact{qty("24h", "24 hour", 24, "hour"), num("24", "24", 24)}},
		{"minutes", "Checks every 5 minutes.", "en", []Fact{qty("5 minutes", "5 minute", 5, "minute")}},
		{"min", "A 10 min read.", "en", []Fact{qty("10 min", "10 minute", 10, "minute")}},
		{"hyphenated minute", "A 5-minute cadence.", "en", []Fact{qty("5-minute", "5 minute", 5, "minute")}},
		{"days", "Free for 14 days.", "en", []Fact{clm("Free", "free:free"), qty("14 days", "14 day", 14, "day")}},
		{"hyphenated day", "Start a 14-day free trial.", "en", []Fact{qty("14-day", "14 day", 14, "day"), clm("free trial", "free:trial")}},
		{"capital Day", "60 Day Money Back", "en", []Fact{qty("60 Day", "60 day", 60, "day"), clm("Money Back", "guarantee:money-back")}},
		{"jours", "Essai 14 jours gratuit.", "fr", []Fact{clm("Essai 14 jours gratuit", "free:trial"), qty("14 jours", "14 day", 14, "day")}},
		{"Tage", "Rückgabe innerhalb von 30 Tagen.", "de", []Fact{qty("30 Tagen", "30 day", 30, "day")}},
		{"días", "Prueba gratis de 30 días.", "es", []Fact{clm("Prueba gratis de 30 días", "free:trial"), qty("30 días", "30 day", 30, "day")}},
		{"dias", "Teste grátis por 7 dias.", "pt-BR", []Fact{clm("Teste grátis por 7 dias", "free:trial"), qty("7 dias", "7 day", 7, "day")}},
		{"dagen", "Binnen 3 dagen klaar.", "nl", []Fact{qty("3 dagen", "3 day", 3, "day")}},
		{"uur", "Klaar in 2 uur.", "nl", []Fact{qty("2 uur", "2 hour", 2, "hour")}},
		{"maanden", "Toegang voor 3 maanden.", "nl", []Fact{qty("3 maanden", "3 month", 3, "month")}},
		{"jaar", "Al 8 jaar open.", "nl", []Fact{qty("8 jaar", "8 year", 8, "year")}},
		{"klanten", "Meer dan 1.200 klanten.", "nl", []Fact{qty("1.200 klanten", "1200 customer", 1200, "customer")}},
		{"deelnemers", "Maximaal 120 deelnemers.", "nl", []Fact{qty("120 deelnemers", "120 attendee", 120, "attendee")}},
		{"clienti", "Oltre 900 clienti.", "it", []Fact{qty("900 clienti", "900 customer", 900, "customer")}},
		{"recensioni", "Media 4,8 su 310 recensioni.", "it", []Fact{num("4,8", "4.8", 4.8), qty("310 recensioni", "310 review", 310, "review")}},
		{"secondi", "Pronto in 30 secondi.", "it", []Fact{qty("30 secondi", "30 second", 30, "second")}},
		{"Familien", "Schon 4.100 Familien kochen mit uns.", "de", []Fact{qty("4.100 Familien", "4100 household", 4100, "household")}},
		{"families", "Trusted by 900 families.", "en", []Fact{clm("Trusted by", "endorsement:trusted-by"), qty("900 families", "900 household", 900, "household")}},
		{"weeks", "Ships in 2 weeks.", "en", []Fact{qty("2 weeks", "2 week", 2, "week")}},
		{"months", "Six payments over 6 months.", "en", []Fact{qty("6 months", "6 month", 6, "month")}},
		{"years", "History for 2 years.", "en", []Fact{qty("2 years", "2 year", 2, "year")}},
		{"ans", "Garantie 2 ans.", "fr", []Fact{clm("Garantie", "guarantee:warranty"), qty("2 ans", "2 year", 2, "year")}},
		{"users", "Up to 100 users.", "en", []Fact{qual(qty("100 users", "up-to 100 user", 100, "user"), "up-to")}},
		{"utilisateurs", "Jusqu'à 50 utilisateurs.", "fr", []Fact{qual(qty("50 utilisateurs", "up-to 50 user", 50, "user"), "up-to")}},
		{"usuários", "Inclui 5 usuários.", "pt-BR", []Fact{qty("5 usuários", "5 user", 5, "user")}},
		{"usuarios", "Incluye 5 usuarios.", "es", []Fact{qty("5 usuarios", "5 user", 5, "user")}},
		{"Nutzer", "Für 10 Nutzer.", "de", []Fact{qty("10 Nutzer", "10 user", 10, "user")}},
		{"checks", "Monitor 20 checks for free.", "en", []Fact{qty("20 checks", "20 check", 20, "check"), clm("for free", "free:free")}},
		{"languages", "Translated into 43 languages.", "en", []Fact{qty("43 languages", "43 language", 43, "language")}},
		{"prints", "Sofortdruck (300 Prints)", "de", []Fact{qty("300 Prints", "300 print", 300, "print")}},
		{"spots", "Only 12 spots left.", "en", []Fact{clm("Only 12 spots left", "scarcity:few-left"), qty("12 spots", "12 spot", 12, "spot")}},
		{"surfeurs plain space", "Rejoins 1 247 surfeurs.", "fr", []Fact{qty("1 247 surfeurs", "1247 surfer", 1247, "surfer")}},
		{"surfeurs narrow nbsp", "Rejoins 1\u202f247 surfeurs.", "fr", []Fact{qty("1\u202f247 surfeurs", "1247 surfer", 1247, "surfer")}},
		{"speakers", "Hear from 15 speakers.", "en", []Fact{qty("15 speakers", "15 speaker", 15, "speaker")}},
		{"times x", "It is 3x stronger.", "en", []Fact{qty("3x", "3 x", 3, "x")}},
		{"times sign", "Now 10× faster.", "en", []Fact{qty("10×", "10 x", 10, "x")}},
		{"metres glued", "Waves of 2.5m expected.", "en", []Fact{qty("2.5m", "2.5 m", 2.5, "m")}},
		{"range", "Delivery in 2 to 3 days.", "en", []Fact{qty("2", "2 day", 2, "day"), qty("3 days", "3 day", 3, "day")}},
		{"scaled k", "Trusted by 10k users.", "en", []Fact{clm("Trusted by", "endorsement:trusted-by"), qty("10k users", "10000 user", 10000, "user")}},
		{"plus", "Join 10,000+ customers.", "en", []Fact{qty("10,000+ customers", "10000 customer", 10000, "customer")}},
		{"million", "Over 2 million downloads.", "en", []Fact{qty("2 million downloads", "2000000 download", 2000000, "download")}},
	})
}

func TestFromTextNumbers(t *testing.T) {
	runFromText(t, []fromTextCase{
		{"grouped french", "Déjà 1 247 inscrits.", "fr", []Fact{num("1 247", "1247", 1247)}},
		{"grouped english", "Over 1,234 signed up.", "en", []Fact{num("1,234", "1234", 1234)}},
		{"small", "Only 15 left!", "en", []Fact{clm("Only 15 left", "scarcity:few-left"), num("15", "15", 15)}},
		{"version", "Now on release 7.1.3 of the app.", "en", []Fact{num("7.1.3", "7.1.3", 0)}},
		{"decimal", "Licensed under GPL 3.0 for everyone.", "en", []Fact{num("3.0", "3", 3)}},
		{"signed", "Plus de +1 000 000 joueurs inscrits", "fr", []Fact{num("+1 000 000", "1000000", 1000000)}},
		{"scaled number", "About 1.5 million of them.", "en", []Fact{num("1.5 million", "1500000", 1500000)}},
		{"ordinals skipped", "Her 5th race and 2nd win; le 3e essai.", "en", nil},
		{"list marker skipped", "1. Pick a plan", "en", nil},
		{"list marker on a later line", "Steps:\n2) Pay", "en", nil},
		{"words with digits skipped", "Omax3 fights COVID-19 in 3D with B2B mp3 files.", "en", nil},
		{"four K skipped", "Shot in 4K video.", "en", nil},
		{"round the clock skipped", "Support 24/7.", "en", nil},
		{"tax code skipped", "We are a 501(c)(3) charity.", "en", nil},
		{"year", "See you at the 2018 edition.", "en", []Fact{date("2018", "2018")}},
		{"not a year", "Only 2500 made.", "en", []Fact{num("2500", "2500", 2500)}},
		{"a count is no year", "We served 2048 meals.", "en", []Fact{num("2048", "2048", 2048)}},
		{"year after a preposition", "Since 2019 we ship weekly.", "en", []Fact{date("2019", "2019")}},
		{"year after a name", "ConvergeSE 2018 runs in spring.", "en", []Fact{date("2018", "2018")}},
		{"year after copyright", "© 2026 tous droits réservés", "fr", []Fact{date("2026", "2026")}},
		{"year range", "Editions 2018-2019.", "en", []Fact{date("2018", "2018"), date("2019", "2019")}},
		{"spaced year is no range end", "Tickets are $200 - 2018 edition.", "en", []Fact{price("$200", "USD 200.00", 200, "USD", ""), date("2018", "2018")}},
		{"french percent range", "De 10 à 20 % de remise.", "fr", []Fact{pct("10", "10%", 10), pct("20 %", "20%", 20)}},
	})
}

func TestFromTextDates(t *testing.T) {
	runFromText(t, []fromTextCase{
		{"month day ordinal", "Early bird ends June 20th.", "en", []Fact{clm("Early bird", "condition:early-bird"), date("June 20th", "--06-20")}},
		{"july 4th", "Refunds until July 4th.", "en", []Fact{date("July 4th", "--07-04")}},
		{"range", "The festival runs August 8th - 10th in town.", "en",
			[]Fact{date("August 8th - 10th", "--08-08"), date("August 8th - 10th", "--08-10")}},
		{"range with year", "Held August 8th - 10th, 2018.", "en",
			[]Fact{date("August 8th - 10th, 2018", "2018-08-08"), date("August 8th - 10th, 2018", "2018-08-10")}},
		{"month day year", "Launch on March 3, 2027.", "en", []Fact{date("March 3, 2027", "2027-03-03")}},
		{"abbreviated month", "Doors open Sept. 12.", "en", []Fact{date("Sept. 12", "--09-12")}},
		{"day month english", "Closes 20 June 2026.", "en-GB", []Fact{date("20 June 2026", "2026-06-20")}},
		{"french", "Jusqu'au 20 juin 2026.", "fr", []Fact{date("20 juin 2026", "2026-06-20")}},
		{"french premier", "Dès le 1er juillet.", "fr", []Fact{date("1er juillet", "--07-01")}},
		{"french range", "Du 8 au 10 août 2026.", "fr",
			[]Fact{date("8 au 10 août 2026", "2026-08-08"), date("8 au 10 août 2026", "2026-08-10")}},
		{"german", "Anmeldung bis 20. Juni.", "de", []Fact{date("20. Juni", "--06-20")}},
		{"german year", "Gültig bis 15. März 2027.", "de", []Fact{date("15. März 2027", "2027-03-15")}},
		{"spanish", "Válido hasta el 20 de junio.", "es", []Fact{date("20 de junio", "--06-20")}},
		{"spanish year", "Hasta el 20 de junio de 2026.", "es", []Fact{date("20 de junio de 2026", "2026-06-20")}},
		{"portuguese", "Até 5 de maio de 2026.", "pt-BR", []Fact{date("5 de maio de 2026", "2026-05-05")}},
		{"month year", "Shipping from June 2026.", "en", []Fact{date("June 2026", "2026-06")}},
		{"iso", "Prices change on 2026-03-01.", "en", []Fact{date("2026-03-01", "2026-03-01")}},
		{"numeric en-US", "Offer ends 01/03/2026.", "en-US", []Fact{date("01/03/2026", "2026-01-03")}},
		{"numeric en", "Offer ends 01/03/2026.", "en", []Fact{date("01/03/2026", "2026-01-03")}},
		{"numeric en-GB", "Offer ends 01/03/2026.", "en-GB", []Fact{date("01/03/2026", "2026-03-01")}},
		{"numeric fr", "Offre valable jusqu'au 01/03/2026.", "fr", []Fact{date("01/03/2026", "2026-03-01")}},
		{"numeric day over 12", "Offer ends 13/03/2026.", "en", []Fact{date("13/03/2026", "2026-03-13")}},
		{"numeric german dots", "Angebot bis 20.06.2026.", "de", []Fact{date("20.06.2026", "2026-06-20")}},
		{"two digit year", "Valid to 12/31/26.", "en", []Fact{date("12/31/26", "2026-12-31")}},
		{"clock", "Doors open at 9:30 am.", "en", []Fact{date("9:30 am", "09:30")}},
		{"clock 24h", "Ouverture à 18:45.", "fr", []Fact{date("18:45", "18:45")}},
		{"am pm", "Talks until 5pm.", "en", []Fact{date("5pm", "17:00")}},
		{"german hours", "Geöffnet Mo.–Fr. 9–18 Uhr.", "de", []Fact{date("9–18 Uhr", "09:00"), date("9–18 Uhr", "18:00")}},
		{"german hours with minutes", "Ab 8:30 Uhr.", "de", []Fact{date("8:30 Uhr", "08:30")}},
		{"german day and month", "Aktion bis 31.12. gültig.", "de", []Fact{date("31.12.", "--12-31")}},
		{"english decimal is no day and month", "Rated 4.5.", "en", []Fact{num("4.5", "4.5", 4.5)}},
		{"capital May is a month", "The May 5 launch.", "en", []Fact{date("May 5", "--05-05")}},
		{"lower may is a verb", "Prices may 3 times change.", "en", []Fact{num("3", "3", 3)}},
		{"invalid day", "Not June 31.", "en", []Fact{num("31", "31", 31)}},
		{"year then iso", "el 20 de junio, 2026-03-01", "es",
			[]Fact{date("20 de junio", "--06-20"), date("2026-03-01", "2026-03-01")}},
	})
}

func TestFromTextLinksAndContacts(t *testing.T) {
	runFromText(t, []fromTextCase{
		{"https", "Read https://example.com/docs?page=2, then sign up.", "en",
			[]Fact{link("https://example.com/docs?page=2", "https://example.com/docs?page=2")}},
		{"www", "Visit www.example.org.", "en", []Fact{link("www.example.org", "www.example.org")}},
		{"bare io", "Made by healthchecks.io.", "en", []Fact{link("healthchecks.io", "healthchecks.io")}},
		{"bare fr", "Rendez-vous sur swellsync.fr !", "fr", []Fact{link("swellsync.fr", "swellsync.fr")}},
		{"bare with path", "See example.com/pricing today.", "en", []Fact{link("example.com/pricing", "example.com/pricing")}},
		{"parenthesised", "(details at https://example.com/x)", "en", []Fact{link("https://example.com/x", "https://example.com/x")}},
		{"not domains", "Built with Node.js and ASP.NET, e.g. for apps.", "en", nil},
		{"email", "Write to Team@Example.COM today.", "en", []Fact{mail("Team@Example.COM", "team@example.com")}},
		{"chilean mobile", "WhatsApp +56 9 1234 5678.", "es-CL", []Fact{phone("+56 9 1234 5678", "+56912345678")}},
		{"us parentheses", "Call (555) 123-4567 now.", "en", []Fact{phone("(555) 123-4567", "5551234567")}},
		{"us dashes", "Call 555-123-4567 now.", "en", []Fact{phone("555-123-4567", "5551234567")}},
		{"toll free", "Appelez le 0800 123 456.", "fr", []Fact{phone("0800 123 456", "0800123456")}},
		{"french pairs", "Tél. 01 23 45 67 89", "fr", []Fact{phone("01 23 45 67 89", "0123456789")}},
		{"trunk zero", "Tel. +49 (0)30 1234567", "de", []Fact{phone("+49 (0)30 1234567", "+49301234567")}},
		{"no numbers", "Just words here, nothing else.", "en", nil},
	})
}

func TestFromTextNoFacts(t *testing.T) {
	for _, text := range []string{
		"",
		"   ",
		"Commencer gratuitement — sans carte bancaire.",
		"Jetzt anfragen und Termin sichern.",
		"Solicitar cotización sin letra chica.",
		"Falar com vendas",
		"Compress the complexity of modern web apps.",
		"No Ads. No Spying.",
	} {
		if got := FromText(text, "en"); len(got) != 0 {
			t.Errorf("FromText(%q) = %v; want no facts", text, got)
		}
	}
}

func TestFromTextDeduplicates(t *testing.T) {
	got := FromText("Save 20% now, 20 % later, and 20 percent forever: $5, $5.00.", "en")
	want := []Fact{pct("20%", "20%", 20), price("$5", "USD 5.00", 5, "USD", "")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("got %v; want %v; diff (-want +got):\n%s", got, want, diff)
	}
}
