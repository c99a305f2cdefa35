package offer

// isoCurrencies are the ISO 4217 codes read as currencies when written in
// capitals next to a number ("EUR 15", "400 EUR", "EUR115"). Codes that are
// common words or acronyms in copy (PHP, TRY, ALL, MAD, TOP, SAR) are left
// out; their symbols still work.
var isoCurrencies = []string{
	"AED", "ARS", "AUD", "BGN", "BRL", "CAD", "CHF", "CLP", "CNY", "COP",
	"CZK", "DKK", "EGP", "EUR", "GBP", "HKD", "HUF", "IDR", "ILS", "INR",
	"ISK", "JPY", "KES", "KRW", "MXN", "MYR", "NGN", "NOK", "NZD", "PEN",
	"PLN", "RON", "RUB", "SEK", "SGD", "THB", "TWD", "UAH", "USD", "UYU",
	"VND", "ZAR",
}

// ISOCodes returns the ISO 4217 codes read as currencies next to a number.
func ISOCodes() []string { return append([]string(nil), isoCurrencies...) }

// Symbols returns the currency marks written before or after the amount.
// Keys "$", "¥" and "kr" depend on the locale.
func Symbols() []Form {
	return []Form{
		{Text: "US$", Key: "USD", Exact: true},
		{Text: "R$", Key: "BRL", Exact: true},
		{Text: "A$", Key: "AUD", Exact: true},
		{Text: "AU$", Key: "AUD", Exact: true},
		{Text: "C$", Key: "CAD", Exact: true},
		{Text: "CA$", Key: "CAD", Exact: true},
		{Text: "NZ$", Key: "NZD", Exact: true},
		{Text: "HK$", Key: "HKD", Exact: true},
		{Text: "S$", Key: "SGD", Exact: true},
		{Text: "MX$", Key: "MXN", Exact: true},
		{Text: "CLP$", Key: "CLP", Exact: true},
		{Text: "NT$", Key: "TWD", Exact: true},
		{Text: "$", Key: "$", Exact: true},
		{Text: "€", Key: "EUR", Exact: true},
		{Text: "£", Key: "GBP", Exact: true},
		{Text: "¥", Key: "¥", Exact: true},
		{Text: "￥", Key: "¥", Exact: true},
		{Text: "₹", Key: "INR", Exact: true},
		{Text: "₩", Key: "KRW", Exact: true},
		{Text: "₽", Key: "RUB", Exact: true},
		{Text: "₺", Key: "TRY", Exact: true},
		{Text: "₪", Key: "ILS", Exact: true},
		{Text: "₱", Key: "PHP", Exact: true},
		{Text: "฿", Key: "THB", Exact: true},
		{Text: "₫", Key: "VND", Exact: true},
		{Text: "₦", Key: "NGN", Exact: true},
		{Text: "₴", Key: "UAH", Exact: true},
		// The franc sign is written today for the Swiss franc.
		{Text: "₣", Key: "CHF", Exact: true},
		{Text: "Fr.", Key: "CHF", Exact: true},
		{Text: "kr", Key: "kr", Exact: true},
		{Text: "Kr", Key: "kr", Exact: true},
	}
}

// PrefixCurrencies returns the currency marks written only before the
// amount.
func PrefixCurrencies() []Form {
	return []Form{
		{Text: "SFr.", Key: "CHF", Exact: true},
		{Text: "Rs", Key: "INR", Exact: true},
		{Text: "Rs.", Key: "INR", Exact: true},
		{Text: "kr.", Key: "kr", Exact: true},
		{Text: "S/", Key: "PEN", Exact: true},
		// The South African rand is a capital R glued to the amount
		// ("R899", "R150 000"); with a space it is too often a letter in
		// a list.
		{Text: "R", Key: "ZAR", Exact: true, Glued: true},
	}
}

// SuffixCurrencies returns the currency marks written only after the
// amount: symbols that follow the number and currency names. "real",
// "peso", "franc", "libra" and "pound(s)" are left out: they are also
// common words (and "pounds" a weight), and a fact read from a word that is
// not a price would lock copy that is not an offer.
func SuffixCurrencies() []Form {
	return []Form{
		{Text: "zł", Key: "PLN"},
		{Text: "Kč", Key: "CZK", Exact: true},
		{Text: "euro", Key: "EUR"},
		{Text: "euros", Key: "EUR"},
		{Text: "dollar", Key: "$"},
		{Text: "dollars", Key: "$"},
		{Text: "dólar", Key: "$"},
		{Text: "dólares", Key: "$"},
		{Text: "pesos", Key: "pesos"},
		{Text: "reais", Key: "BRL"},
		{Text: "Franken", Key: "CHF"},
		{Text: "yen", Key: "JPY"},
		{Text: "rupees", Key: "INR"},
		{Text: "kronor", Key: "SEK"},
		{Text: "kroner", Key: "kroner"},
	}
}

// PeriodNouns returns the billing periods that follow a slash after a
// price: "$5/mo", "4,99 €/mois", "R$ 633 /mês". Keys are the price's Unit.
func PeriodNouns() []Form {
	return flat(
		forms("month", false, "mo", "mon", "mth", "mnth", "month", "mois", "Monat",
			"mes", "mês", "mese", "maand"),
		forms("year", false, "yr", "year", "an", "année", "annee", "Jahr", "año",
			"ano", "anno", "jaar"),
		forms("week", false, "wk", "week", "semaine", "Woche", "semana", "settimana"),
		forms("day", false, "day", "jour", "Tag", "día", "dia", "giorno"),
	)
}

// PeriodPhrases returns the billing periods that follow a price without a
// slash: "$10 per month", "400 EUR pro Monat", "R$ 633 por mês".
func PeriodPhrases() []Form {
	return flat(
		forms("month", false, "per month", "a month", "each month", "every month",
			"per mo", "monthly", "par mois", "mensuel", "mensuels", "mensuelle",
			"pro Monat", "im Monat", "monatlich", "al mes", "por mes", "mensual",
			"mensuales", "por mês", "ao mês", "mensal", "mensais", "al mese",
			"mensile", "per maand", "maandelijks", "per mese"),
		forms("year", false, "per year", "a year", "each year", "every year",
			"per annum", "p.a.", "annually", "yearly", "per yr", "par an",
			"par année", "annuel", "annuelle", "pro Jahr", "im Jahr", "jährlich",
			"al año", "por año", "anual", "anuales", "por ano", "ao ano", "anuais",
			"all'anno", "annuale", "per jaar", "jaarlijks", "per anno"),
		forms("week", false, "per week", "a week", "weekly", "par semaine",
			"pro Woche", "wöchentlich", "por semana", "a la semana", "semanal"),
		forms("day", false, "per day", "a day", "daily", "par jour", "pro Tag",
			"täglich", "por día", "al día", "por dia", "ao dia", "diario", "diário"),
	)
}

// PerUnitSuffixes returns what follows a price (and its period) to say whom
// it is for: "115 € par personne", "$10 per user". Keys are the ledger's
// qualifiers ("per-person", "per-user").
func PerUnitSuffixes() []Form {
	return flat(
		forms("per-person", false, "per person", "a person", "per head",
			"/person", "/ person", "/pers.", "/pers", "p.p.", "pro Person",
			"je Person", "p. P.", "p.P.", "/Person", "par personne", "par pers.",
			"por persona", "por pessoa", "per persona", "per persoon"),
		withLangs(forms("per-person", false, "pp"), "en"),
		withLangs(forms("per-person", false, "a persona"), "it"),
		forms("per-user", false, "per user", "/user", "/ user", "per seat",
			"/seat", "pro Nutzer", "pro Benutzer", "je Nutzer", "/Nutzer",
			"par utilisateur", "/utilisateur", "por usuario", "por usuário",
			"por utilizador", "per utente", "per gebruiker"),
	)
}
