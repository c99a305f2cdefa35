package offer

// Scales are the words and letters that multiply the number before them:
// "10k", "$1.5M", "2 million", "R$ 10 mil". A form's Key is its factor
// (KeyThousand, KeyMillion, KeyBillion). A single letter counts only glued
// to the number (Glued). The ledger reads "$38M" as 38,000,000 with them,
// and extraction reads a price with one glued on as a figure a page
// reports, not what its offer costs: the two agree on what scales.
func Scales() []Form {
	return flat(
		[]Form{
			{Text: "k", Key: KeyThousand, Exact: true, Glued: true},
			{Text: "K", Key: KeyThousand, Exact: true, Glued: true},
			{Text: "M", Key: KeyMillion, Exact: true, Glued: true},
			{Text: "B", Key: KeyBillion, Exact: true, Glued: true},
			{Text: "bn", Key: KeyBillion, Exact: true},
			{Text: "Mio", Key: KeyMillion, Exact: true},
			{Text: "Mio.", Key: KeyMillion, Exact: true},
			{Text: "Mrd", Key: KeyBillion, Exact: true},
			{Text: "Mrd.", Key: KeyBillion, Exact: true},
		},
		forms(KeyThousand, false, "thousand"),
		forms(KeyMillion, false, "million", "millions", "Millionen", "millón", "millones", "milhão", "milhões", "milione", "milioni"),
		forms(KeyBillion, false, "billion", "billions", "milliard", "milliards", "Milliarde", "Milliarden", "bilhão", "bilhões"),
		withLangs(forms(KeyThousand, false, "mil"), "es", "pt", "ca", "gl"),
	)
}

// The keys of Scales: the factor each form multiplies by.
const (
	KeyThousand = "1e3"
	KeyMillion  = "1e6"
	KeyBillion  = "1e9"
)
