package offer

import (
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// priceForms are the tables PriceSpans reads, longest form first.
type priceForms struct {
	before []Form // currency marks written before the amount
	after  []Form // currency marks written after it
	nouns  []Form // periods after a slash
	phrase []Form // periods after a space
	per    []Form // per-unit suffixes
}

// tables builds the price tables once; they are read-only afterwards.
var tables = sync.OnceValue(func() priceForms {
	var iso []Form
	for _, c := range isoCurrencies {
		iso = append(iso, Form{Text: c, Key: c, Exact: true})
	}
	pf := priceForms{
		before: flat(Symbols(), PrefixCurrencies(), iso),
		after:  flat(Symbols(), SuffixCurrencies(), iso),
		nouns:  PeriodNouns(),
		phrase: PeriodPhrases(),
		per:    PerUnitSuffixes(),
	}
	for _, fs := range [][]Form{pf.before, pf.after, pf.nouns, pf.phrase, pf.per} {
		sort.SliceStable(fs, func(i, j int) bool { return len(fs[i].Text) > len(fs[j].Text) })
	}
	return pf
})

// PriceSpans calls fn with the byte span of every price in s: a number
// with a currency symbol, code or name before or after it, and a billing
// period and a per-unit suffix after it if there are ones ("$5/mo",
// "0€ /mois", "R$ 1.058/mês", "400 EUR", "€ 15 per month", "$10 per user").
func PriceSpans(s string, fn func(start, end int)) {
	pf := tables()
	last := 0 // the end of the last span: a mark it holds is not the next price's
	for i := 0; i < len(s); {
		if !isDigit(s[i]) || (i > 0 && isDigit(s[i-1])) {
			i++
			continue
		}
		numEnd := scanNumber(s, i)
		start, end := i, -1
		if cs := currencyBefore(pf, s, i, numEnd); cs >= last {
			start, end = cs, numEnd
		} else if ce := currencyAfter(pf, s, numEnd); ce >= 0 {
			end = ce
		}
		if end < 0 {
			i = numEnd
			continue
		}
		end = suffixAfter(pf, s, end)
		fn(start, end)
		i, last = end, end
	}
}

// CurrencyBefore returns where a currency mark that ends at i, or one
// space before it, starts; -1 if there is none.
func CurrencyBefore(s string, i int) int {
	return currencyBefore(tables(), s, i, i)
}

// PriceCoverage is the share of s's non-space characters that belong to
// prices: 1 for "$5/mo", about a half for "Pro $5/mo".
func PriceCoverage(s string) float64 {
	if !mayHavePrice(s) {
		return 0
	}
	total := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			total++
		}
	}
	if total == 0 {
		return 0
	}
	covered := 0
	PriceSpans(s, func(start, end int) {
		for _, r := range s[start:end] {
			if !unicode.IsSpace(r) {
				covered++
			}
		}
	})
	return float64(covered) / float64(total)
}

// mayHavePrice is a cheap test that lets most texts skip the scan: a price
// needs a digit.
func mayHavePrice(s string) bool {
	return strings.ContainsAny(s, "0123456789")
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

func digitRun(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// scanNumber returns the end of the number starting at i: digits with
// thousands groups ("1.058", "17 799") and up to two decimals ("4,99"),
// and the ",-" of a round amount ("15,-").
func scanNumber(s string, i int) int {
	end := digitRun(s, i)
	if end-i <= 3 {
		for {
			sepLen := groupSep(s, end)
			if sepLen == 0 {
				break
			}
			g := end + sepLen
			ge := digitRun(s, g)
			if ge-g != 3 {
				break
			}
			end = ge
		}
	}
	if end+1 < len(s) && (s[end] == '.' || s[end] == ',') {
		de := digitRun(s, end+1)
		if n := de - end - 1; n >= 1 && n <= 2 {
			end = de
		}
	}
	if strings.HasPrefix(s[end:], ",-") {
		end += 2
	}
	return end
}

// groupSep returns the length of a thousands separator at i, or 0.
func groupSep(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	switch s[i] {
	case '.', ',', ' ':
		return 1
	}
	return spaceLen(s, i)
}

// spaceLen is the length of a no-break or narrow no-break space at i, or 0.
func spaceLen(s string, i int) int {
	for _, sp := range []string{"\u00a0", "\u202f"} {
		if strings.HasPrefix(s[i:], sp) {
			return len(sp)
		}
	}
	return 0
}

// skipSpace skips one space (or no-break space) forward from i.
func skipSpace(s string, i int) int {
	if i < len(s) && s[i] == ' ' {
		return i + 1
	}
	return i + spaceLen(s, i)
}

// skipSpaceBack skips one space backward from i (exclusive end).
func skipSpaceBack(s string, i int) int {
	if i > 0 && s[i-1] == ' ' {
		return i - 1
	}
	for _, sp := range []string{"\u00a0", "\u202f"} {
		if strings.HasSuffix(s[:i], sp) {
			return i - len(sp)
		}
	}
	return i
}

// currencyBefore returns where a currency mark ending at i (give or take a
// space) starts, or -1. numEnd is where the number after it ends: a glued
// mark ("R899") needs two digits with no space between.
func currencyBefore(pf priceForms, s string, i, numEnd int) int {
	for _, p := range []int{i, skipSpaceBack(s, i)} {
		head := s[:p]
		for _, f := range pf.before {
			if f.Glued && (p != i || numEnd-i < 2) {
				continue
			}
			if !strings.HasSuffix(head, f.Text) {
				continue
			}
			st := p - len(f.Text)
			if startsWithLetter(f.Text) && !boundaryBefore(s, st) {
				continue
			}
			return st
		}
	}
	return -1
}

// currencyAfter returns where a currency mark starting at i (give or take
// a space) ends, or -1.
func currencyAfter(pf priceForms, s string, i int) int {
	for _, p := range []int{i, skipSpace(s, i)} {
		for _, f := range pf.after {
			if f.Glued && p != i {
				continue
			}
			if end, ok := matchAt(s, p, f); ok {
				if isUpperStart(f.Text) && len(f.Text) == 3 && end < len(s) && s[end] == '.' {
					end++ // "400 EUR." ends the sentence with the code
				}
				return end
			}
		}
	}
	return -1
}

// suffixAfter extends a price ending at i over a billing period ("/mo",
// " per month", " por mês") and then a per-unit suffix ("/user", " per
// seat").
func suffixAfter(pf priceForms, s string, i int) int {
	p := skipSpace(s, i)
	if p < len(s) && s[p] == '/' {
		q := skipSpace(s, p+1)
		for _, f := range pf.nouns {
			if end, ok := matchAt(s, q, f); ok {
				i = end
				break
			}
		}
	} else if p > i {
		for _, f := range pf.phrase {
			if end, ok := matchAt(s, p, f); ok {
				i = end
				break
			}
		}
	}
	for _, q := range []int{i, skipSpace(s, i)} {
		for _, f := range pf.per {
			if end, ok := matchAt(s, q, f); ok {
				return end
			}
		}
	}
	return i
}

// matchAt reports whether form f stands at s[i:] and where it ends: case
// folded unless exact, a space in the form matching any one space, and a
// form that ends in a letter or digit ending at a word boundary.
func matchAt(s string, i int, f Form) (int, bool) {
	j := i
	for _, fr := range f.Text {
		if j >= len(s) {
			return 0, false
		}
		r, n := utf8.DecodeRuneInString(s[j:])
		switch {
		case fr == ' ':
			if r != ' ' && r != '\u00a0' && r != '\u202f' {
				return 0, false
			}
		case f.Exact:
			if r != fr {
				return 0, false
			}
		default:
			if unicode.ToLower(r) != unicode.ToLower(fr) {
				return 0, false
			}
		}
		j += n
	}
	if last, _ := utf8.DecodeLastRuneInString(f.Text); (unicode.IsLetter(last) || unicode.IsDigit(last)) && !boundaryAfter(s, j) {
		return 0, false
	}
	return j, true
}

func startsWithLetter(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLetter(r)
}

func isUpperStart(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsUpper(r)
}

// boundaryBefore reports whether no letter or digit ends s[:i].
func boundaryBefore(s string, i int) bool {
	r, n := utf8.DecodeLastRuneInString(s[:i])
	return n == 0 || !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// boundaryAfter reports whether no letter or digit starts s[i:].
func boundaryAfter(s string, i int) bool {
	r, n := utf8.DecodeRuneInString(s[i:])
	return n == 0 || !unicode.IsLetter(r) && !unicode.IsDigit(r)
}
