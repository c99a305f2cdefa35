// Package offer is the one owner of the offer vocabulary: the currencies,
// billing periods and per-unit suffixes a price is written with, the
// phrases that make a line a guarantee or a legal line, how a title
// separates a page's name from its brand, and which mark a locale writes
// decimals with. Extraction asks it to decide a block's role and the ledger
// to decide which facts a fork must keep, so the two cannot disagree about
// what a price or a guarantee is.
//
// The tables are plain data returned as fresh slices: add a form to a list
// here and both the extractor and the ledger know it.
package offer

// Form is one surface form in a table: a currency symbol, a period word, a
// guarantee phrase.
type Form struct {
	// Text is the form as written; a space matches any one space
	// character, so "per month" also matches "per\u00a0month".
	Text string
	// Key is what the form means: an ISO 4217 code or a locale-dependent
	// currency key ("$", "¥", "kr", "kroner", "pesos"), a period ("month"),
	// a qualifier ("per-user").
	Key string
	// Exact says the form matches case-sensitively ("GB", "VAT", "R$").
	Exact bool
	// Loose says the form matches inside words too (stems such as
	// "rembours" or "garantie").
	Loose bool
	// Glued says the form counts only directly against the number, with
	// no space ("R899").
	Glued bool
	// Langs restricts the form to these base languages; nil means any.
	Langs []string
}

// forms builds forms that share a key and case rule.
func forms(key string, exact bool, texts ...string) []Form {
	out := make([]Form, len(texts))
	for i, t := range texts {
		out[i] = Form{Text: t, Key: key, Exact: exact}
	}
	return out
}

// withLangs restricts forms to some languages.
func withLangs(fs []Form, langs ...string) []Form {
	for i := range fs {
		fs[i].Langs = langs
	}
	return fs
}

// flat joins groups of forms into one fresh slice.
func flat(groups ...[]Form) []Form {
	var out []Form
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}
