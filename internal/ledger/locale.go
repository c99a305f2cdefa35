package ledger

import (
	"strings"

	"github.com/marketingfork/fork/internal/langtag"
	"github.com/marketingfork/fork/internal/offer"
)

// localeInfo is what the ledger needs to know about a page's locale: how it
// writes numbers and dates, and which currency an ambiguous symbol means.
type localeInfo struct {
	lang   string // base language, "en" when unknown
	region string // region as written in the tag, "" when absent
	// decimal is the decimal mark ('.' or ','); the other mark groups
	// thousands. It only decides the ambiguous case of a single mark
	// followed by exactly three digits ("1.058", "1,234").
	decimal byte
	// spaceGroups says a plain space may group thousands when numbers are
	// read out of running text ("1 247" in French). No-break, narrow
	// no-break and thin spaces group thousands in every locale.
	spaceGroups bool
	// monthFirst says all-numeric dates read month/day/year (en-US).
	monthFirst bool
	// nounCaps says the language capitalises every noun (German), so a
	// capitalised word on its own is no sign of a name.
	nounCaps bool
}

// spaceGroupLangs lists the languages that group thousands with a space.
var spaceGroupLangs = set(
	"af", "be", "bg", "cs", "et", "fi", "fr", "hu", "kk", "lt", "lv", "nb",
	"nn", "no", "pl", "ru", "sk", "sv", "uk",
)
var spaceGroupRegions = set("pt-PT", "en-ZA", "de-AT")

// monthFirstRegions lists the regions of English that write M/D/Y.
var monthFirstRegions = set("", "US", "PH", "UM", "AS", "GU", "MP", "PR", "VI")

var nounCapsLangs = set("de", "gsw", "lb")

// dollarByRegion maps a region to the currency its "$" means; any other
// region (and no region) means USD.
var dollarByRegion = map[string]string{
	"AU": "AUD", "CA": "CAD", "NZ": "NZD", "CL": "CLP", "MX": "MXN",
	"AR": "ARS", "CO": "COP", "UY": "UYU", "SG": "SGD", "HK": "HKD",
	"TW": "TWD",
}

// pesoByRegion maps a region to the currency its "pesos" are; there is no
// default.
var pesoByRegion = map[string]string{
	"CL": "CLP", "MX": "MXN", "AR": "ARS", "CO": "COP", "UY": "UYU",
	"PH": "PHP", "DO": "DOP", "CU": "CUP",
}

// parseLocale reads a BCP 47 tag with langtag, the one parser of the
// project's tags. A tag langtag refuses (empty, "und", "und-GB",
// private-use, malformed) reads as English with no region; a caller's
// languages have been parsed and validated before they get here.
func parseLocale(s string) localeInfo {
	li := localeInfo{lang: "en"}
	if tag, err := langtag.Parse(s); err == nil {
		li.lang, li.region = tag.Base(), tag.Region()
	}
	lr := li.lang
	if li.region != "" {
		lr += "-" + li.region
	}
	li.decimal = offer.DecimalMark(li.lang, li.region)
	li.spaceGroups = spaceGroupLangs[li.lang] || spaceGroupRegions[lr]
	li.monthFirst = li.lang == "en" && monthFirstRegions[li.region]
	li.nounCaps = nounCapsLangs[li.lang]
	return li
}

// currency turns a currency key from the tables into an ISO 4217 code. Keys
// that are codes already come back as they are; "$", "¥", "kr", "pesos" and
// "kroner" depend on the locale. It returns "" where the locale does not
// say ("pesos" outside a peso country).
func (li *localeInfo) currency(key string) string {
	switch key {
	case "$":
		if c, ok := dollarByRegion[li.region]; ok {
			return c
		}
		return "USD"
	case "¥":
		if li.lang == "zh" {
			return "CNY"
		}
		return "JPY"
	case "kr":
		switch li.lang {
		case "da", "fo", "kl":
			return "DKK"
		case "nb", "nn", "no":
			return "NOK"
		case "is":
			return "ISK"
		}
		return "SEK"
	case "kroner":
		if li.lang == "nb" || li.lang == "nn" || li.lang == "no" {
			return "NOK"
		}
		return "DKK"
	case "pesos":
		return pesoByRegion[li.region]
	}
	return key
}

// homeCurrencyByRegion is the currency a region prices in, for a price
// element that shows only an amount.
var homeCurrencyByRegion = map[string]string{
	"US": "USD", "GB": "GBP", "IE": "EUR", "CA": "CAD", "AU": "AUD", "NZ": "NZD", "IN": "INR", "ZA": "ZAR",
	"DE": "EUR", "AT": "EUR", "FR": "EUR", "BE": "EUR", "ES": "EUR", "PT": "EUR", "IT": "EUR", "NL": "EUR",
	"CH": "CHF", "LI": "CHF", "BR": "BRL", "MX": "MXN", "CL": "CLP", "AR": "ARS", "CO": "COP",
}

// homeCurrencyByLang is the fallback where the tag names no region.
var homeCurrencyByLang = map[string]string{"en": "USD", "de": "EUR", "fr": "EUR", "es": "EUR", "pt": "BRL", "it": "EUR", "nl": "EUR"}

// homeCurrency is the currency a page in this locale most likely prices in;
// "" when the locale does not say.
func (li *localeInfo) homeCurrency() string {
	if c, ok := homeCurrencyByRegion[strings.ToUpper(li.region)]; ok {
		return c
	}
	return homeCurrencyByLang[li.lang]
}

// inLangs reports whether the locale's language is one of langs; no langs
// means every language.
func (li *localeInfo) inLangs(langs []string) bool {
	if len(langs) == 0 {
		return true
	}
	for _, l := range langs {
		if l == li.lang {
			return true
		}
	}
	return false
}

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}
