package ledger

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Date patterns. sp matches one space character, including the no-break
// ones; Go's \s does not.
const sp = `[ \t\n\x{00A0}\x{202F}\x{2009}]`

var (
	monthByName   map[string]int
	reMonthFirst  *regexp.Regexp // June 20th, August 8th - 10th, 2018
	reDayFirst    *regexp.Regexp // 20 juin 2026, 20. Juni, 20 de junio de 2026, 8-10 August
	reMonthYear   *regexp.Regexp // June 2026, junio de 2026
	reISODate     = regexp.MustCompile(`\b(\d{4})([-/.])(\d{1,2})([-/.])(\d{1,2})\b`)
	reNumericDate = regexp.MustCompile(`\b(\d{1,2})([/.\-])(\d{1,2})([/.\-])(\d{4}|\d{2})\b`)
	reClock       = regexp.MustCompile(`\b([01]?\d|2[0-3]):([0-5]\d)\b(?:` + sp + `?((?i:a\.m\.|p\.m\.|am\b|pm\b)))?`)
	reDayMonth    = regexp.MustCompile(`\b(\d{1,2})\.(\d{1,2})\.(?:[^\d]|$)`) // 31.12. (no year)
	reUhr         = regexp.MustCompile(`\b([01]?\d|2[0-4])(?:[.:]([0-5]\d))?(?:` + sp + `*[-–]` + sp + `*([01]?\d|2[0-4])(?:[.:]([0-5]\d))?)?` + sp + `?Uhr\b`)
	reClockAmPm   = regexp.MustCompile(`\b(1[0-2]|0?[1-9])` + sp + `?((?i:a\.m\.|p\.m\.|am\b|pm\b))`)
)

func init() {
	monthByName = map[string]int{}
	for m, ns := range monthNames {
		for _, n := range ns {
			monthByName[n] = m
		}
	}
	for n, m := range monthCapitalised {
		monthByName[n] = m
	}
	// The month is any word here, checked by lookupMonth after the match: a
	// long alternation of month names makes the patterns many times slower.
	month := `(\p{L}{3,12})\.?`
	enOrd := `(?i:st|nd|rd|th)?`
	anyOrd := `(?i:st|nd|rd|th|er|re|ème|eme|e|º|ª)?\.?`
	conn := sp + `*(?:-|–|—|(?i:to|through|thru|until|au|bis|al|a|à|and|et|und|y|e))` + sp + `*`
	year := `(?:,?` + sp + `+(?:(?i:de|del|of)` + sp + `+)?(\d{4}))?`
	reMonthFirst = regexp.MustCompile(`\b` + month + sp + `+(\d{1,2})` + enOrd +
		`(?:` + conn + `(\d{1,2})` + enOrd + `)?` + year + `\b`)
	reDayFirst = regexp.MustCompile(`\b(\d{1,2})` + anyOrd + `(?:` + conn + `(\d{1,2})` + anyOrd + `)?` +
		sp + `+(?:(?i:de|of)` + sp + `+)?` + month + year + `\b`)
	reMonthYear = regexp.MustCompile(`\b` + month + `,?` + sp + `+(?:(?i:de|of)` + sp + `+)?(\d{4})\b`)
}

// findMonthMatches is FindAllStringSubmatchIndex for the month patterns:
// a match whose month group (mg) is no month is dropped and the search goes
// on from the next character, so that it hides no date behind it.
func findMonthMatches(re *regexp.Regexp, t string, mg int) [][]int {
	var out [][]int
	for pos := 0; pos < len(t); {
		m := re.FindStringSubmatchIndex(t[pos:])
		if m == nil {
			break
		}
		for k := range m {
			if m[k] >= 0 {
				m[k] += pos
			}
		}
		_, ok := lookupMonth(group(t, m, mg))
		if ok && !isWordRune(prevRune(t, m[0])) {
			out = append(out, m)
			pos = max(m[1], m[0]+1)
			continue
		}
		_, n := utf8.DecodeRuneInString(t[m[0]:])
		pos = m[0] + n
	}
	return out
}

// lookupMonth reads a month word as matched, checking the capital letter
// English month words need.
func lookupMonth(w string) (int, bool) {
	w = strings.TrimSuffix(w, ".")
	lw := strings.ToLower(w)
	m, ok := monthByName[lw]
	if !ok {
		return 0, false
	}
	if _, en := monthCapitalised[lw]; en {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
			return 0, false // "may", "march" are words
		}
	}
	return m, true
}

func daysIn(m, y int) int {
	switch m {
	case 2:
		if y == 0 || (y%4 == 0 && (y%100 != 0 || y%400 == 0)) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func validDate(y, m, d int) bool {
	if y != 0 && (y < 1900 || y > 2100) {
		return false
	}
	return m >= 1 && m <= 12 && d >= 1 && d <= daysIn(m, y)
}

func isoDate(y, m, d int) string {
	if y == 0 {
		return fmt.Sprintf("--%02d-%02d", m, d)
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d)
}

// dateCand is a date expression found in a text: one or two dates (a
// range) over one span.
type dateCand struct {
	start, end int
	values     []string
}

func group(t string, m []int, k int) string {
	if m[2*k] < 0 {
		return ""
	}
	return t[m[2*k]:m[2*k+1]]
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// findDates reports the dates and times in t; where candidates overlap the
// one that starts first (and then the longest) wins.
func findDates(t string, li *localeInfo) []dateCand {
	var cands []dateCand
	// the patterns are costly: run each only where the text can match it
	if digitSepDigit(t, "-/.") {
		cands = numericDates(t, li, cands)
	}
	if li.decimal == ',' && digitSepDigit(t, ".") {
		// "31.12." cannot be a decimal number where ',' is the decimal mark
		for _, m := range reDayMonth.FindAllStringSubmatchIndex(t, -1) {
			d, mo := atoi(group(t, m, 1)), atoi(group(t, m, 2))
			if validDate(0, mo, d) {
				cands = append(cands, dateCand{m[0], m[5] + 1, []string{isoDate(0, mo, d)}})
			}
		}
	}
	for _, w := range monthWindows(t) {
		cands = monthDates(t[w[0]:w[1]], w[0], cands)
	}
	cands = clockTimes(t, cands)
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].start != cands[j].start {
			return cands[i].start < cands[j].start
		}
		return cands[i].end > cands[j].end
	})
	var out []dateCand
	last := -1
	for _, c := range cands {
		if c.start < last {
			continue
		}
		out = append(out, c)
		last = c.end
	}
	return out
}

// monthWindows finds the stretches of t around month words where a date
// written with a month name can stand: 40 bytes either side, widened to
// white space, merged where they overlap.
func monthWindows(t string) [][2]int {
	var out [][2]int
	for i, j := range wordSpans(t) {
		if n := j - i; n < 3 || n > 12 || monthByName[strings.ToLower(t[i:j])] == 0 {
			continue
		}
		a, b := max(i-40, 0), min(j+40, len(t))
		for a > 0 && !isSpaceByte(t[a-1]) {
			a--
		}
		for b < len(t) && !isSpaceByte(t[b]) {
			b++
		}
		if k := len(out) - 1; k >= 0 && a <= out[k][1] {
			out[k][1] = max(out[k][1], b)
			continue
		}
		out = append(out, [2]int{a, b})
	}
	return out
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// numericDates finds 2026-03-01, 01/03/2026, 20.06.2026.
func numericDates(t string, li *localeInfo, cands []dateCand) []dateCand {
	for _, m := range reISODate.FindAllStringSubmatchIndex(t, -1) {
		if group(t, m, 2) != group(t, m, 4) {
			continue
		}
		y, mo, d := atoi(group(t, m, 1)), atoi(group(t, m, 3)), atoi(group(t, m, 5))
		if validDate(y, mo, d) {
			cands = append(cands, dateCand{m[0], m[1], []string{isoDate(y, mo, d)}})
		}
	}
	for _, m := range reNumericDate.FindAllStringSubmatchIndex(t, -1) {
		sep := group(t, m, 2)
		if sep != group(t, m, 4) {
			continue
		}
		ys := group(t, m, 5)
		if len(ys) == 2 && sep != "/" {
			continue
		}
		a, b, y := atoi(group(t, m, 1)), atoi(group(t, m, 3)), atoi(ys)
		if len(ys) == 2 {
			y += 2000
			if y > 2069 {
				y -= 100
			}
		}
		mo, d := b, a // day first
		switch {
		case sep == ".":
		case a > 12:
		case b > 12:
			mo, d = a, b
		case li.monthFirst:
			mo, d = a, b
		}
		if validDate(y, mo, d) {
			cands = append(cands, dateCand{m[0], m[1], []string{isoDate(y, mo, d)}})
		}
	}
	return cands
}

// monthDates finds dates written with a month name in t, which stands at
// off in the whole text: June 20th, August 8th - 10th, 2018, 20 juin 2026,
// 20. Juni, 20 de junio de 2026, June 2026.
func monthDates(t string, off int, cands []dateCand) []dateCand {
	// dayMonth reads a match of reMonthFirst or reDayFirst: the month group,
	// the one or two day groups and the year group.
	dayMonth := func(re *regexp.Regexp, mg, d1, d2, yg int) {
		for _, m := range findMonthMatches(re, t, mg) {
			if m = dropYear(t, re, m, yg); m == nil {
				continue
			}
			mo, ok := lookupMonth(group(t, m, mg))
			if !ok {
				continue
			}
			y := 0
			if ys := group(t, m, yg); ys != "" {
				y = atoi(ys)
			}
			var vals []string
			for _, k := range []int{d1, d2} {
				if ds := group(t, m, k); ds != "" {
					d := atoi(ds)
					if !validDate(y, mo, d) {
						vals = nil
						break
					}
					vals = append(vals, isoDate(y, mo, d))
				}
			}
			if len(vals) > 0 {
				cands = append(cands, dateCand{off + m[0], off + m[1], vals})
			}
		}
	}
	dayMonth(reMonthFirst, 1, 2, 3, 4)
	dayMonth(reDayFirst, 3, 1, 2, 4)
	for _, m := range findMonthMatches(reMonthYear, t, 1) {
		mo, ok := lookupMonth(group(t, m, 1))
		y := atoi(group(t, m, 2))
		if ok && !yearContinues(t, m[5]) && y >= 1900 && y <= 2100 {
			cands = append(cands, dateCand{off + m[0], off + m[1], []string{fmt.Sprintf("%04d-%02d", y, mo)}})
		}
	}
	return cands
}

// digitSepDigit reports whether a digit, one of seps and a digit stand in a
// row somewhere in t.
func digitSepDigit(t, seps string) bool {
	for i := 1; i+1 < len(t); i++ {
		if isDigit(t[i-1]) && isDigit(t[i+1]) && strings.IndexByte(seps, t[i]) >= 0 {
			return true
		}
	}
	return false
}

// hasAmPm reports whether a digit stands before "am", "pm", "a.m." or
// "p.m." (with at most one space between).
func hasAmPm(t string) bool {
	for i := 0; i < len(t); i++ {
		if !isDigit(t[i]) {
			continue
		}
		j := i + 1
		if j < len(t) && t[j] == ' ' {
			j++
		}
		if j+1 < len(t) && strings.IndexByte("aApP", t[j]) >= 0 && strings.IndexByte("mM.", t[j+1]) >= 0 {
			return true
		}
	}
	return false
}

// clockTimes finds 9:30, 18:45, 9:30 am, 5pm.
func clockTimes(t string, cands []dateCand) []dateCand {
	if strings.Contains(t, "Uhr") {
		for _, m := range reUhr.FindAllStringSubmatchIndex(t, -1) {
			var vals []string
			for _, k := range []int{1, 3} {
				if hs := group(t, m, k); hs != "" {
					vals = append(vals, fmt.Sprintf("%02d:%02d", atoi(hs), atoi(group(t, m, k+1))))
				}
			}
			cands = append(cands, dateCand{m[0], m[1], vals})
		}
	}
	if !digitSepDigit(t, ":") && !hasAmPm(t) {
		return cands
	}
	for _, m := range reClock.FindAllStringSubmatchIndex(t, -1) {
		h, mi := atoi(group(t, m, 1)), atoi(group(t, m, 2))
		if ap := group(t, m, 3); ap != "" {
			if h < 1 || h > 12 {
				continue
			}
			h = to24(h, ap)
		}
		cands = append(cands, dateCand{m[0], m[1], []string{fmt.Sprintf("%02d:%02d", h, mi)}})
	}
	for _, m := range reClockAmPm.FindAllStringSubmatchIndex(t, -1) {
		h := to24(atoi(group(t, m, 1)), group(t, m, 2))
		cands = append(cands, dateCand{m[0], m[1], []string{fmt.Sprintf("%02d:00", h)}})
	}
	return cands
}

// yearContinues reports whether a year that ends at t[i] goes on as a
// numeric date or number ("2026-03-01"): then it is not the year of a
// date written before it.
func yearContinues(t string, i int) bool {
	return i+1 < len(t) && strings.IndexByte("-/.,", t[i]) >= 0 && isDigit(t[i+1])
}

// dropYear checks the year (group k) of a month-name match: where it goes
// on as another date ("20 de junio, 2026-03-01") the match is read again
// without it. It returns nil when nothing is left.
func dropYear(t string, re *regexp.Regexp, m []int, k int) []int {
	if m[2*k] < 0 || !yearContinues(t, m[2*k+1]) {
		return m
	}
	m2 := re.FindStringSubmatchIndex(t[m[0]:m[2*k]])
	if m2 == nil || m2[0] != 0 {
		return nil
	}
	for x := range m2 {
		if m2[x] >= 0 {
			m2[x] += m[0]
		}
	}
	return m2
}

// to24 turns a 12-hour clock hour into a 24-hour one.
func to24(h int, ampm string) int {
	pm := strings.ContainsAny(ampm[:1], "pP")
	switch {
	case pm && h < 12:
		return h + 12
	case !pm && h == 12:
		return 0
	}
	return h
}
