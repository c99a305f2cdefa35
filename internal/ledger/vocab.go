package ledger

import (
	"slices"

	"github.com/marketingfork/fork/internal/offer"
)

// The offer vocabulary as the ledger's forms. internal/offer owns the
// tables, so the facts the ledger locks and the roles extraction gives
// blocks are read from the same words.
var (
	isoCurrencies        = offer.ISOCodes()
	currencySymbols      = fromOffer(offer.Symbols())
	prefixOnlyCurrencies = fromOffer(offer.PrefixCurrencies())
	suffixOnlyCurrencies = fromOffer(offer.SuffixCurrencies())
	periodNouns          = [][]form{fromOffer(offer.PeriodNouns())}
	periodPhrases        = [][]form{fromOffer(offer.PeriodPhrases())}
	qualifierSuffixes    = [][]form{fromOffer(offer.PerUnitSuffixes())}
	// guaranteePhrases mark a sentence as a guarantee, short or long.
	guaranteePhrases = fromOffer(offer.GuaranteePhrases())
	// legalPhrases mark a sentence as a legal line; conditions ("subject
	// to", "not included") are left to the claims they hold.
	legalPhrases = fromOffer(offer.LegalPhrases(), offer.KeyLegal, offer.KeyRights, offer.KeyLegalMark)
)

// fromOffer turns offer forms into the ledger's, keeping those with one of
// keys (all of them when none is given).
func fromOffer(fs []offer.Form, keys ...string) []form {
	out := make([]form, 0, len(fs))
	for _, f := range fs {
		if len(keys) > 0 && !slices.Contains(keys, f.Key) {
			continue
		}
		out = append(out, form{text: f.Text, key: f.Key, exact: f.Exact, loose: f.Loose, glued: f.Glued, langs: f.Langs})
	}
	return out
}
