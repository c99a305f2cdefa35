package offer

// commaDecimal lists the base languages whose decimal mark is a comma.
var commaDecimal = map[string]bool{
	"af": true, "az": true, "be": true, "bg": true, "bs": true, "ca": true,
	"cs": true, "da": true, "de": true, "el": true, "es": true, "et": true,
	"eu": true, "fi": true, "fo": true, "fr": true, "gl": true, "hr": true,
	"hu": true, "id": true, "is": true, "it": true, "kk": true, "lb": true,
	"lt": true, "lv": true, "mk": true, "nb": true, "nl": true, "nn": true,
	"no": true, "pl": true, "pt": true, "ro": true, "ru": true, "sk": true,
	"sl": true, "sq": true, "sr": true, "sv": true, "tr": true, "uk": true,
	"vi": true,
}

// dotDecimal lists languages and language-region pairs that write a
// decimal point although the language mostly writes a comma.
var dotDecimal = map[string]bool{
	"de-CH": true, "de-LI": true, "it-CH": true, "rm-CH": true,
	"gsw-CH": true, "gsw": true, "es-MX": true, "es-US": true,
	"es-419": true, "es-PR": true, "es-DO": true, "es-GT": true,
	"es-HN": true, "es-NI": true, "es-PA": true, "es-SV": true,
	"es-PE": true, "es-CU": true,
}

// commaDecimalRegions lists language-region pairs that write a decimal
// comma although the language mostly writes a point.
var commaDecimalRegions = map[string]bool{"en-ZA": true}

// DecimalMark is the mark a locale writes decimals with, ',' or '.', given
// its base language ("de") and region as written in its tag ("CH", "419";
// "" when absent). The other mark groups thousands.
func DecimalMark(lang, region string) byte {
	lr := lang
	if region != "" {
		lr += "-" + region
	}
	switch {
	case dotDecimal[lr] || dotDecimal[lang]:
		return '.'
	case commaDecimalRegions[lr] || commaDecimal[lang]:
		return ','
	}
	return '.'
}
