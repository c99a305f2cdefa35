package extract

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/offer"
)

// phraseSet finds whole-word phrases in a text in one pass: phrases are
// indexed by their first word.
type phraseSet map[string][]string

func compilePhrases(lists ...[]string) phraseSet {
	ps := phraseSet{}
	for _, list := range lists {
		for _, p := range list {
			end := strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
			if end < 0 {
				end = len(p)
			}
			ps[p[:end]] = append(ps[p[:end]], p)
		}
	}
	return ps
}

// in reports whether lower holds one of the phrases as whole words.
func (ps phraseSet) in(lower string) bool {
	return ps.inWords(lower, wordStarts(lower))
}

// inWords is in with the word starts of lower worked out by wordStarts.
func (ps phraseSet) inWords(lower string, starts [][2]int) bool {
	for _, w := range starts {
		for _, p := range ps[lower[w[0]:w[1]]] {
			if strings.HasPrefix(lower[w[0]:], p) && boundaryAfter(lower, w[0]+len(p)) {
				return true
			}
		}
	}
	return false
}

// wordStarts returns the byte spans of the words (runs of letters and
// digits) of s.
func wordStarts(s string) [][2]int {
	// Sized once: a text has about as many words as spaces.
	out := make([][2]int, 0, strings.Count(s, " ")+1)
	start := -1
	for i, r := range s {
		alnum := r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') ||
			r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
		switch {
		case alnum && start < 0:
			start = i
		case !alnum && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(s)})
	}
	return out
}

var (
	// The guarantee and legal phrases are the offer vocabulary's, so a
	// block's role and the lines the ledger keeps agree: a phrase that
	// marks a line of any length, one that marks only a short badge, and
	// legal marks and conditions that count only in small print.
	guaranteePhraseSet = compilePhrases(offerPhrases(offer.GuaranteePhrases(), offer.KeyGuarantee))
	guaranteeWordSet   = compilePhrases(offerPhrases(offer.GuaranteePhrases(), offer.KeyGuaranteeWord))
	finePrintSet       = compilePhrases(offerPhrases(offer.LegalPhrases(), offer.KeyLegal, offer.KeyRights))
	finePrintWeakSet   = compilePhrases(offerPhrases(offer.LegalPhrases(), offer.KeyLegalMark, offer.KeyCondition))
	// rightsPhrases mark a copyright line anywhere in it.
	rightsPhrases        = offerPhrases(offer.LegalPhrases(), offer.KeyRights)
	footnoteConditionSet = compilePhrases(footnoteConditions)
	faqHeadingSet        = compilePhrases(faqHeadingWords)
)

// offerPhrases returns the lower-cased texts of the forms with one of keys.
func offerPhrases(fs []offer.Form, keys ...string) []string {
	var out []string
	for _, f := range fs {
		if slices.Contains(keys, f.Key) {
			out = append(out, strings.ToLower(f.Text))
		}
	}
	return out
}
