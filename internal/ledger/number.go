package ledger

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ParseNumber reads a number the way locale (a BCP 47 tag) writes it.
//
// It accepts ASCII digits with an optional leading sign (+, -, U+2212),
// grouped by '.', ',', apostrophes (' ’) or spaces (plain, no-break, narrow
// no-break, thin, figure), with at most one decimal mark, and a trailing
// ".–" / ",-" for "no cents" ("1'499.–"). The rules, in order:
//
//   - With both '.' and ',' present the last one is the decimal mark, and it
//     must occur once: "1.234,50" and "1,234.50" are 1234.5 in every locale.
//   - A mark that occurs more than once groups thousands: "1.234.567".
//   - A single mark not followed by exactly three digits is the decimal
//     mark: "4,99" and "1.32" in every locale.
//   - A single mark followed by exactly three digits is the decimal mark if
//     spaces or apostrophes group the same number ("1 234,567"), if the
//     integer part is 0 or longer than three digits ("0.058", "1234.567"),
//     or if it is the locale's decimal mark; otherwise it groups thousands.
//     So "1.058" is 1058 in pt-BR, de, es and fr and 1.058 in en and de-CH;
//     "1,234" is 1234 in en and 1.234 in fr.
//   - Groups after the first must have three digits and the first one to
//     three ("1 247", "1'499"); Indian grouping ("1,00,000") is accepted
//     too. Spaces and apostrophes are accepted in every locale.
//
// It reports false for anything else, including numbers too large for a
// float64.
func ParseNumber(s, locale string) (float64, bool) {
	li := parseLocale(locale)
	return parseNumber(s, li.decimal)
}

// Separator classes.
const (
	sepDot   = '.'
	sepComma = ','
	sepSpace = ' '
	sepApos  = '\''
)

// sepClass reports the class of the separator at the start of s and its
// length in bytes, or 0 when s does not start with a separator.
func sepClass(s string) (byte, int) {
	if s == "" {
		return 0, 0
	}
	switch s[0] {
	case '.':
		return sepDot, 1
	case ',':
		return sepComma, 1
	case ' ':
		return sepSpace, 1
	case '\'':
		return sepApos, 1
	}
	if s[0] < utf8.RuneSelf {
		return 0, 0
	}
	r, n := utf8.DecodeRuneInString(s)
	switch r {
	case '\u00a0', '\u202f', '\u2009', '\u2007':
		return sepSpace, n
	case '’', 'ʼ':
		return sepApos, n
	}
	return 0, 0
}

// noCents lists the endings that say "no cents": "1'499.–", "15,-".
var noCents = []string{".–", ".-", ".—", ",–", ",-", ",—"}

// noCentsAt reports the length of a "no cents" ending at t[i:] that is not
// followed by a digit or letter, or 0.
func noCentsAt(t string, i int) int {
	for _, nc := range noCents {
		if strings.HasPrefix(t[i:], nc) {
			j := i + len(nc)
			if j < len(t) {
				r, _ := utf8.DecodeRuneInString(t[j:])
				if isWordRune(r) || r == '-' {
					return 0
				}
			}
			return len(nc)
		}
	}
	return 0
}

func parseNumber(s string, dec byte) (float64, bool) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	for _, nc := range noCents {
		if strings.HasSuffix(s, nc) {
			s = s[:len(s)-len(nc)]
			break
		}
	}
	neg := false
	if r, n := utf8.DecodeRuneInString(s); r == '-' || r == '+' || r == '−' {
		neg = r != '+'
		s = s[n:]
	}
	if s == "" {
		return 0, false
	}
	var runs []string
	var seps []byte
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c >= '0' && c <= '9' {
			i++
			continue
		}
		class, n := sepClass(s[i:])
		if class == 0 {
			return 0, false
		}
		runs = append(runs, s[start:i])
		seps = append(seps, class)
		i += n
		start = i
	}
	runs = append(runs, s[start:])
	for k, r := range runs {
		if r == "" && k != 0 {
			return 0, false
		}
	}

	decIdx := -1
	if last := len(seps) - 1; last >= 0 {
		nDot, nComma := 0, 0
		for _, c := range seps {
			switch c {
			case sepDot:
				nDot++
			case sepComma:
				nComma++
			}
		}
		lastSep := seps[last]
		switch {
		case nDot > 0 && nComma > 0:
			if lastSep != sepDot && lastSep != sepComma {
				return 0, false
			}
			if (lastSep == sepDot && nDot != 1) || (lastSep == sepComma && nComma != 1) {
				return 0, false
			}
			decIdx = last
		case nDot+nComma == 1 && (lastSep == sepDot || lastSep == sepComma):
			after := runs[last+1]
			switch {
			case len(after) != 3, last > 0, runs[0] == "", runs[0] == "0", len(runs[0]) > 3, lastSep == dec:
				decIdx = last
			}
		}
	}
	if runs[0] == "" && decIdx != 0 {
		return 0, false
	}

	intRuns := runs
	if decIdx >= 0 {
		intRuns = runs[:decIdx+1]
	}
	if len(intRuns) > 1 {
		class := byte(0)
		for k, c := range seps {
			if k == decIdx {
				continue
			}
			if class == 0 {
				class = c
			} else if c != class {
				return 0, false
			}
		}
		if !westernGroups(intRuns) && !indianGroups(intRuns) {
			return 0, false
		}
	}

	var b strings.Builder
	b.Grow(len(s) + 2)
	if neg {
		b.WriteByte('-')
	}
	for _, r := range intRuns {
		b.WriteString(r)
	}
	if intRuns[0] == "" && len(intRuns) == 1 {
		b.WriteByte('0')
	}
	if decIdx >= 0 {
		b.WriteByte('.')
		b.WriteString(runs[decIdx+1])
	}
	v, err := strconv.ParseFloat(b.String(), 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	if v == 0 {
		v = 0 // no negative zero
	}
	return v, true
}

// westernGroups reports whether runs are thousands groups: one to three
// digits, then groups of three.
func westernGroups(runs []string) bool {
	if len(runs[0]) < 1 || len(runs[0]) > 3 {
		return false
	}
	for _, r := range runs[1:] {
		if len(r) != 3 {
			return false
		}
	}
	return true
}

// indianGroups reports whether runs are lakh/crore groups: one or two
// digits, groups of two, then a group of three ("1,00,000").
func indianGroups(runs []string) bool {
	if len(runs) < 3 || len(runs[0]) < 1 || len(runs[0]) > 2 {
		return false
	}
	for _, r := range runs[1 : len(runs)-1] {
		if len(r) != 2 {
			return false
		}
	}
	return len(runs[len(runs)-1]) == 3
}

// formatAmount writes a number with as few decimals as it needs: 1247,
// 1.32, -20.
func formatAmount(v float64) string {
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// formatPrice writes an amount with at least two decimals: 30.00, 4.99,
// 0.005.
func formatPrice(v float64) string {
	s := formatAmount(v)
	dot := strings.IndexByte(s, '.')
	switch {
	case dot < 0:
		return s + ".00"
	case len(s)-dot == 2:
		return s + "0"
	}
	return s
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isWordRune reports a letter, digit or nonspacing mark. It runs at every
// rune of every text the ledger reads, so ASCII, most of every text, is
// one look-up in asciiWord, small enough to be inlined where it is called;
// other runes ask the Unicode tables (TestIsWordRune).
func isWordRune(r rune) bool {
	if uint32(r) < utf8.RuneSelf {
		return asciiWord[r]
	}
	return isWordRuneUnicode(r)
}

// asciiWord says which ASCII bytes are letters or digits.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

func isWordRuneUnicode(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}
