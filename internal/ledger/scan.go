package ledger

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FromText returns the facts of one text that can be read from it alone:
// prices, percentages, quantities, numbers, dates, URLs, e-mail addresses,
// phone numbers, coupon codes and offer claims (no names, guarantee or
// legal lines, which need the whole page). It is what Extract reads from each block, so a fork's text
// can be checked for facts its source does not have. locale is the BCP 47
// tag the text is written in: it decides how numbers read (see
// ParseNumber), the order of all-numeric dates and which currency "$" is.
//
// Facts come in the order they stand in the text, once per (Kind, Value),
// with Block -1. Text is always a substring of text. Values:
//
//   - price: ISO 4217 code, a space, the amount with at least two decimals
//     (more only where written: "USD 0.005"), and "/month", "/year",
//     "/week" or "/day" when a period follows: "EUR 4.99/month",
//     "BRL 1058.00". Amount is the amount, Currency the code, Unit the
//     period. "$" is USD unless the locale's region has its own dollar or
//     peso (en-AU AUD, en-CA CAD, es-CL CLP, es-MX MXN, ...); "¥" is CNY
//     in Chinese, JPY otherwise; "kr" follows the language (SEK by
//     default). Scale words multiply ("$2.5M", "R$ 10 mil"). In a range
//     ("$800-1,400", "10–20 €/mois") the bare end takes the currency and
//     period of the other.
//   - qualifiers: a word before an amount that changes what it promises
//     is part of its Value and is recorded in Qualifier (Text is the
//     amount alone): "from £120" is "from GBP 120.00", "up to 17%" is
//     "up-to 17%", "only $5" is "only USD 5.00"; after a price, "per
//     person" and "per user" follow the value: "115 € par personne" is
//     "EUR 115.00 per-person". "from" and "only" qualify prices, "up-to"
//     any amount; the ends of a range take no prefix qualifier.
//   - percentage: the number and "%", sign kept: "20%", "-20%", "93.9%".
//   - quantity: the number, a space and a canonical singular unit key from
//     the unit table: "1.32 GB", "14 day", "300 print", "3 x", "70 °F".
//     A count or data unit followed by a period takes it: "1000 emails
//     per month" is "1000 email/month". A word that is no unit followed by
//     a period is a quantity too, the word its unit (lower case; English
//     plurals made singular): "1 encryption/day" is "1 encryption/day".
//   - number: the number with as few decimals as it needs ("1247", "4.8");
//     version numbers as written ("7.1.3", Amount 0). Not reported:
//     ordinals (5th, 1er), list markers ("1." at the start of a line),
//     digits inside words (Omax3, COVID-19, 3D, 4K), "24/7", "501(c)(3)".
//   - date: ISO 8601 as far as written: "2018-08-08", "--06-20" (no year),
//     "2026-06" (month and year), "2018" (a lone year 1900-2100), and
//     times of day "09:30". A range ("August 8th - 10th") gives one fact
//     per day with the whole range as Text.
//   - url: as written, without trailing punctuation; e-mail: lower-cased;
//     phone: the digits, with the leading "+" where written, however the
//     groups are spaced ("07817 485888" and "07817485888" are both
//     "07817485888"); a phone's digits are never numbers too.
//   - code: a coupon or promo code after a code word ("use code
//     FUNDADOR"), exactly as written.
//   - claim: an offer claim found in the claim tables (see claimtables.go):
//     Claim is its kind and Value a key that does not depend on the
//     language, "free:shipping" for "free shipping", "envío gratis" and
//     "kostenloser Versand" alike; Text is the phrase as written. A
//     negator right before a claim turns it round ("no free trial" is
//     "free:not-trial"); phrases that are negative in themselves are
//     claims of their own ("no contract" is "condition:no-contract").
//     ClaimKeys lists the keys.
func FromText(text, locale string) []Fact {
	li := parseLocale(locale)
	pfs := scanText(text, &li, nil)
	var out []Fact
	seen := map[factKey]bool{}
	for _, p := range pfs {
		p.Block = -1
		k := factKey{p.Kind, p.Value, -1}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, p.Fact)
	}
	return out
}

type factKey struct {
	kind  Kind
	value string
	block int
}

// posFact is a fact with where it stands in its text.
type posFact struct {
	Fact
	start, end int
}

// kindRank orders facts that start at the same place; a kind it does not
// name ranks 0. A switch, not a map: it is asked at every comparison of
// every sort, where a map hashed the kind each time.
func kindRank(k Kind) int {
	switch k {
	case KindGuarantee:
		return 0
	case KindLegal:
		return 1
	case KindURL:
		return 2
	case KindEmail:
		return 3
	case KindPhone:
		return 4
	case KindCode:
		return 5
	case KindDate:
		return 6
	case KindPrice:
		return 7
	case KindPercentage:
		return 8
	case KindQuantity:
		return 9
	case KindNumber:
		return 10
	case KindClaim:
		return 11
	case KindName:
		return 12
	}
	return 0
}

// sortPosFacts sorts facts by where they start, the longer first, then by
// kind and value, keeping the order of facts alike in all of these. It is
// a stable sort, so its result is the one order those rules give: the
// generic sort needs no reflection, which allocated at every call.
func sortPosFacts(fs []posFact) {
	slices.SortStableFunc(fs, func(a, b posFact) int {
		if a.start != b.start {
			return cmp.Compare(a.start, b.start)
		}
		if a.end != b.end {
			return cmp.Compare(b.end, a.end)
		}
		if ra, rb := kindRank(a.Kind), kindRank(b.Kind); ra != rb {
			return cmp.Compare(ra, rb)
		}
		return strings.Compare(a.Value, b.Value)
	})
}

// scanner finds the facts of one text. Detectors run from the most to the
// least specific, and each claims the bytes it used so that later ones
// skip them: e-mail, URLs, coupon codes, dates and times, phones, then
// numbers (prices, percentages, quantities, years, bare numbers, with the
// qualifiers around them), then offer claims (which may contain a number:
// "only 3 left").
type scanner struct {
	t         string
	li        *localeInfo
	claimed   []bool
	facts     []posFact
	sentences [][2]int // sentence spans, read when a claim needs them
	prices    []int    // where the prices start, sorted, read with sentences
	// scratch, when set, is a buffer for the text's claim tokens, kept
	// for the next text read with it. May be nil.
	scratch *[]ctok
}

// scanText finds the facts of t. scratch, when not nil, is a buffer the
// texts of one reading share (see scanner.scratch).
func scanText(t string, li *localeInfo, scratch *[]ctok) []posFact {
	s := &scanner{t: t, li: li, claimed: make([]bool, len(t)), scratch: scratch}
	return s.scan()
}

// scanBufs are the buffers the texts of one reading share: its claim
// tokens (scanner.scratch), its facts and its claimed bytes, where each
// text made and regrew its own.
type scanBufs struct {
	toks    []ctok
	facts   []posFact
	claimed []bool
}

// scan is scanText with the buffers of bufs. The facts it returns stand
// in bufs.facts' storage: the caller copies them before the next scan.
func (bufs *scanBufs) scan(t string, li *localeInfo) []posFact {
	claimed := bufs.claimed
	if cap(claimed) < len(t) {
		claimed = make([]bool, len(t))
	} else {
		claimed = claimed[:len(t)]
		clear(claimed)
	}
	bufs.claimed = claimed
	s := &scanner{t: t, li: li, claimed: claimed, facts: bufs.facts[:0], scratch: &bufs.toks}
	fs := s.scan()
	bufs.facts = fs[:0]
	return fs
}

// scan finds the facts of s.t.
func (s *scanner) scan() []posFact {
	t := s.t
	hasDigit := strings.ContainsAny(t, "0123456789")
	if strings.IndexByte(t, '@') >= 0 {
		s.emails()
	}
	if strings.IndexByte(t, '.') >= 0 {
		s.urls()
	}
	s.codes()
	if hasDigit {
		for _, nn := range reNotNumbers {
			if !strings.Contains(t, nn.holds) {
				continue // most blocks: a regexp search costs more
			}
			for _, m := range nn.re.FindAllStringIndex(t, -1) {
				s.claim(m[0], m[1])
			}
		}
		var notNum [][2]int
		for _, m := range claimDigitSpans(t) {
			if s.free(m[0], m[1]) {
				s.claim(m[0], m[1])
				notNum = append(notNum, m)
			}
		}
		s.dates()
		s.phones()
		s.numbers()
		// what is no number may still be a claim ("#1", "ISO 27001")
		for _, m := range notNum {
			for k := m[0]; k < m[1]; k++ {
				s.claimed[k] = false
			}
		}
	}
	s.claims()
	sortPosFacts(s.facts)
	return s.facts
}

func (s *scanner) free(i, j int) bool {
	for k := i; k < j; k++ {
		if s.claimed[k] {
			return false
		}
	}
	return true
}

func (s *scanner) claim(i, j int) {
	for k := i; k < j; k++ {
		s.claimed[k] = true
	}
}

func (s *scanner) add(f Fact, start, end int) {
	f.Text = s.t[start:end]
	s.facts = append(s.facts, posFact{Fact: f, start: start, end: end})
}

// --- e-mail and URLs ---

var (
	reEmail  = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}\b`)
	reURL    = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s<>"'\x{00A0}\x{202F}]+`)
	reDomain = regexp.MustCompile(`\b[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?)*\.(?:` +
		strings.Join(topLevelDomains, "|") + `)\b(?:/[^\s<>"'\x{00A0}\x{202F}]*)?`)
)

func (s *scanner) emails() {
	for _, m := range reEmail.FindAllStringIndex(s.t, -1) {
		i, j := m[0], m[1]
		for i < j && s.t[i] == '.' {
			i++
		}
		if i >= j || !s.free(i, j) {
			continue
		}
		addr := s.t[i:j]
		if strings.HasPrefix(addr, "@") {
			continue
		}
		s.add(Fact{Kind: KindEmail, Value: strings.ToLower(addr)}, i, j)
		s.claim(i, j)
	}
}

// trimURL drops the punctuation a sentence puts after a link.
func trimURL(u string) string {
	for u != "" {
		r, n := utf8.DecodeLastRuneInString(u)
		switch {
		case strings.ContainsRune(".,;:!?'\"]}»›…", r):
		case r == ')' && strings.Count(u, "(") < strings.Count(u, ")"):
		default:
			return u
		}
		u = u[:len(u)-n]
	}
	return u
}

// urls finds links written with a scheme or "www." and bare domains.
func (s *scanner) urls() {
	if strings.Contains(s.t, "://") || containsFoldASCII(s.t, "www.") {
		s.schemeURLs()
	}
	if dotLetter(s.t) {
		s.bareDomains()
	}
}

func (s *scanner) schemeURLs() {
	for _, m := range reURL.FindAllStringIndex(s.t, -1) {
		u := trimURL(s.t[m[0]:m[1]])
		j := m[0] + len(u)
		low := strings.ToLower(u)
		if low == "http://" || low == "https://" || low == "www." || !s.free(m[0], j) {
			continue
		}
		s.add(Fact{Kind: KindURL, Value: u}, m[0], j)
		s.claim(m[0], j)
	}
}

func (s *scanner) bareDomains() {
	for _, m := range reDomain.FindAllStringIndex(s.t, -1) {
		i := m[0]
		u := trimURL(s.t[i:m[1]])
		j := i + len(u)
		if pr := prevRune(s.t, i); pr == '@' || pr == '.' || pr == '/' || pr == '-' || !s.free(i, j) {
			continue
		}
		host := u
		if k := strings.IndexByte(host, '/'); k >= 0 {
			host = host[:k]
		}
		name := host[:strings.LastIndexByte(host, '.')]
		if strings.IndexFunc(name, unicode.IsLetter) < 0 {
			continue
		}
		s.add(Fact{Kind: KindURL, Value: u}, i, j)
		s.claim(i, j)
	}
}

// containsFoldASCII reports whether t contains the lower-case ASCII word w
// in any case.
func containsFoldASCII(t, w string) bool {
	for i := 0; i+len(w) <= len(t); i++ {
		if strings.EqualFold(t[i:i+len(w)], w) {
			return true
		}
	}
	return false
}

// dotLetter reports whether a letter or digit, a dot and a lower-case ASCII
// letter stand in a row in t, as in any bare domain.
func dotLetter(t string) bool {
	for i := 1; i+1 < len(t); i++ {
		if t[i] == '.' && t[i+1] >= 'a' && t[i+1] <= 'z' && (isDigit(t[i-1]) || t[i-1] >= 'A' && t[i-1] <= 'Z' || t[i-1] >= 'a' && t[i-1] <= 'z') {
			return true
		}
	}
	return false
}

// --- dates ---

func (s *scanner) dates() {
	for _, c := range findDates(s.t, s.li) {
		if !s.free(c.start, c.end) {
			continue
		}
		for _, v := range c.values {
			s.add(Fact{Kind: KindDate, Value: v}, c.start, c.end)
		}
		s.claim(c.start, c.end)
	}
}

// --- phones ---

var rePhones = []*regexp.Regexp{
	regexp.MustCompile(`\+\d{1,3}(?:[ .\-\x{00A0}]?(?:\(\d{1,4}\)|\d{1,5})){1,7}`),
	regexp.MustCompile(`\(\d{2,5}\)[ .\-\x{00A0}]?\d{2,5}(?:[ .\-\x{00A0}]\d{2,5}){0,3}`),
	regexp.MustCompile(`\b(?:1[ .\-])?\d{3}[ .\-]\d{3}[ .\-]\d{4}\b`),
	// national numbers with a trunk 0, in groups of up to 8 digits (the UK
	// writes mobiles "07817 485888") or in one run of 9 to 12 digits
	// ("07817485888", "0123456789")
	regexp.MustCompile(`\b0\d{1,4}(?:[ .\-/\x{00A0}]\d{2,8}){1,4}\b`),
	reRunPhone,
}

// reRunPhone is a national number written as one run of digits; it only
// runs on texts that have such a run.
var reRunPhone = regexp.MustCompile(`\b0[1-9]\d{7,10}\b`)

func (s *scanner) phones() {
	if countDigits(s.t) < 7 {
		return
	}
	longRun := longestDigitRun(s.t) >= 9
	for _, re := range rePhones {
		if re == reRunPhone && !longRun {
			continue
		}
		for _, m := range re.FindAllStringIndex(s.t, -1) {
			i, j := m[0], m[1]
			for j > i {
				d := countDigits(s.t[i:j])
				if d <= 15 {
					break
				}
				// too long: drop the last group
				k := strings.LastIndexFunc(s.t[i:j], func(r rune) bool { return !unicode.IsDigit(r) })
				if k <= 0 {
					j = i
					break
				}
				j = i + k
				for j > i && !isDigit(s.t[j-1]) {
					j--
				}
			}
			if j <= i || !s.free(i, j) {
				continue
			}
			p := s.t[i:j]
			if d := countDigits(p); d < 7 || d > 15 || thousandsShaped(p) || isDigit(byteAt(s.t, j)) {
				continue
			}
			s.add(Fact{Kind: KindPhone, Value: phoneValue(p)}, i, j)
			s.claim(i, j)
		}
	}
}

// longestDigitRun is the length of the longest run of ASCII digits in t.
func longestDigitRun(t string) int {
	best, n := 0, 0
	for i := 0; i < len(t); i++ {
		if isDigit(t[i]) {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

func byteAt(t string, i int) byte {
	if i < 0 || i >= len(t) {
		return 0
	}
	return t[i]
}

func countDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if isDigit(s[i]) {
			n++
		}
	}
	return n
}

// thousandsShaped reports whether a phone-like run is rather a grouped
// number: "+1 000 000", "1.000.000".
func thousandsShaped(p string) bool {
	p = strings.TrimPrefix(p, "+")
	var groups []string
	var sep rune = -1
	start := 0
	for i, r := range p {
		if r >= '0' && r <= '9' {
			continue
		}
		if sep == -1 {
			sep = r
		} else if r != sep {
			return false
		}
		groups = append(groups, p[start:i])
		start = i + utf8.RuneLen(r)
	}
	groups = append(groups, p[start:])
	if len(groups) < 2 || strings.HasPrefix(groups[0], "0") {
		return false
	}
	return westernGroups(groups)
}

// phoneValue keeps the digits of a phone number, with the leading "+" and
// without the trunk "(0)" written after a country code.
func phoneValue(p string) string {
	var b strings.Builder
	if strings.HasPrefix(p, "+") {
		b.WriteByte('+')
		p = strings.Replace(p, "(0)", "", 1)
	}
	for i := 0; i < len(p); i++ {
		if isDigit(p[i]) {
			b.WriteByte(p[i])
		}
	}
	return b.String()
}

// --- numbers ---

var (
	prefixCurrencyForms []form // longest first, matched backwards
	suffixCurrencySet   formSet
	isoSet              = map[string]bool{}
	periodNounSet       formSet
	periodPhraseSet     formSet
	percentSet          formSet
	scaleSet            formSet
	ordinalSet          formSet
	unitSet             formSet
	reVersion           = regexp.MustCompile(`^\d+(?:\.\d+){2,}$`)
	reNotNumbers        []notNumber
)

// notNumber is a compiled notNumbers pattern.
type notNumber struct {
	re    *regexp.Regexp
	holds string
}

func init() {
	var iso []form
	for _, c := range isoCurrencies {
		iso = append(iso, form{text: c, key: c, exact: true})
		isoSet[c] = true
	}
	prefixCurrencyForms = append(prefixCurrencyForms, currencySymbols...)
	prefixCurrencyForms = append(prefixCurrencyForms, prefixOnlyCurrencies...)
	prefixCurrencyForms = append(prefixCurrencyForms, iso...)
	sort.SliceStable(prefixCurrencyForms, func(i, j int) bool {
		return len(prefixCurrencyForms[i].text) > len(prefixCurrencyForms[j].text)
	})
	suffixCurrencySet = newFormSet(currencySymbols, suffixOnlyCurrencies, iso)
	periodNounSet = newFormSet(periodNouns...)
	periodPhraseSet = newFormSet(periodPhrases...)
	percentSet = newFormSet(percentForms)
	scaleSet = newFormSet(scaleForms)
	ordinalSet = newFormSet(ordinalForms)
	unitSet = newFormSet(unitDefs...)
	for _, p := range notNumbers {
		reNotNumbers = append(reNotNumbers, notNumber{regexp.MustCompile(p.pattern), p.holds})
	}
}

// numTok is one number read out of the text and what it turned out to be.
type numTok struct {
	start, numStart, numEnd, end int
	kind                         Kind
	amount                       float64
	currency, unit               string // unit: quantity unit or price period
	value                        string // set for versions and years
	bare                         bool   // a bare number or year: a range may make it a price, percentage or quantity
	ranged                       bool   // an end of a range: takes no prefix qualifier
	qualPre, qualPost            string // qualifiers: "from", "up-to", "only"; "per-person", "per-user"
	perStart                     int    // where the period words start (perStart < end when a period was read)
}

func (s *scanner) numbers() {
	t := s.t
	var toks []numTok
	for i := 0; i < len(t); {
		if !isDigit(t[i]) || s.claimed[i] {
			i++
			continue
		}
		pr, pn := utf8.DecodeLastRuneInString(t[:i])
		if i > 0 && (isWordRune(pr) || pr == '_') {
			if _, _, _, ok := s.prefixCurrency(i, false); !ok {
				i = skipWord(t, i) // Omax3, mp3, B2B, v2
				continue
			}
		}
		if i > 0 && (pr == '-' || pr == '‐') && unicode.IsLetter(prevRune(t, i-pn)) {
			i = skipWord(t, i) // COVID-19
			continue
		}
		tok, next := s.number(i)
		if tok.kind != "" {
			toks = append(toks, tok)
		}
		if next <= i {
			next = i + 1
		}
		i = next
	}
	s.ranges(toks)
	for k := range toks {
		s.qualify(&toks[k])
	}
	for _, tk := range toks {
		s.add(tk.fact(), tk.start, tk.end)
		// the words of a period belong to the amount: "$12 monthly" makes
		// no claim "monthly" of its own
		if tk.perStart > 0 && tk.perStart < tk.end {
			s.claim(tk.perStart, tk.end)
		}
	}
}

// qualify reads the qualifiers around an amount: a prefix ("from", "up
// to", "only") and, after a price, a suffix ("per person", "per user"),
// which a period may follow ("$10 per user per month"). Their words are
// claimed so that no claim reads them again ("nur noch 29 €" is no "nur
// noch <n>" scarcity), but for "up to", whose words a claim may hold ("em
// até 6 vezes").
func (s *scanner) qualify(tk *numTok) {
	switch tk.kind {
	case KindPrice, KindPercentage, KindQuantity, KindNumber:
	default:
		return
	}
	if tk.value != "" {
		return // a version number
	}
	if !tk.ranged {
		if key, st, end, ok := s.prefixQualifier(tk.start); ok && (key == QualifierUpTo || tk.kind == KindPrice) {
			tk.qualPre = key
			if key != QualifierUpTo {
				s.claim(st, end)
			}
		}
	}
	if tk.kind != KindPrice {
		return
	}
	key, qs, qe, ok := s.suffixQualifier(tk.end)
	if !ok {
		return
	}
	tk.qualPost = key
	s.claim(qs, qe)
	if tk.unit == "" {
		if per, pe := s.periodAt(qe); per != "" {
			tk.unit = per
			s.claim(qe, pe)
		}
	}
}

// prefixQualifier finds a qualifier that ends one or two spaces before
// t[p] and starts a word.
func (s *scanner) prefixQualifier(p int) (key string, start, end int, ok bool) {
	t := s.t
	q, spaces := p, 0
	for q > 0 && spaces < 2 {
		r, n := utf8.DecodeLastRuneInString(t[:q])
		if !isSpaceRune(r) || r == '\n' {
			break
		}
		q -= n
		spaces++
	}
	if spaces == 0 {
		return "", 0, 0, false
	}
	for _, f := range qualPrefixList {
		if !s.li.inLangs(f.langs) {
			continue
		}
		st, ok := matchBack(t, q, f.text, f.exact)
		if !ok || isWordRune(prevRune(t, st)) || !s.free(st, q) {
			continue
		}
		return f.key, st, q, true
	}
	return "", 0, 0, false
}

// suffixQualifier finds a qualifier at t[e:] or after one space: one of
// the table ("per person", "per seat") or a word for "per" and a unit of
// the unit table ("por dispositivo", "pro Gerät", "/device"), whose key
// names it: "per-device". An adjective after the unit ("por estudiante
// activo") is left out.
func (s *scanner) suffixQualifier(e int) (key string, start, end int, ok bool) {
	t := s.t
	for _, q := range gaps(t, e) {
		f, fe, ok := qualSuffixSet.match(t, q, s.li, q == e)
		if !ok || (q == e && startsWord(f.text)) || !s.free(q, fe) {
			continue
		}
		return f.key, q, fe, true
	}
	for _, q := range gaps(t, e) {
		_, pe, ok := qualPerSet.match(t, q, s.li, q == e)
		if !ok || (q == e && byteAt(t, q) != '/') {
			continue
		}
		u := pe
		if byteAt(t, q) != '/' {
			if u = skipSpaces(t, pe, 1); u == pe {
				continue
			}
		}
		uf, ue, ok := unitSet.match(t, u, s.li, false)
		if !ok || notPerUnits[uf.key] || !s.free(q, ue) {
			continue
		}
		return "per-" + uf.key, q, ue, true
	}
	return "", 0, 0, false
}

// matchBack reports whether f is written just before t[end] and where it
// starts; as matchAt, a space in f matches any one space character.
func matchBack(t string, end int, f string, exact bool) (int, bool) {
	j := end
	for k := len(f); k > 0; {
		fr, fn := utf8.DecodeLastRuneInString(f[:k])
		k -= fn
		if j <= 0 {
			return 0, false
		}
		r, n := utf8.DecodeLastRuneInString(t[:j])
		if !formRune(r, fr, exact) {
			return 0, false
		}
		j -= n
	}
	return j, true
}

// skipWord skips the word that starts at or runs through t[i].
func skipWord(t string, i int) int {
	for i < len(t) {
		r, n := utf8.DecodeRuneInString(t[i:])
		if isWordRune(r) || r == '_' {
			i += n
			continue
		}
		if strings.ContainsRune(".,-'’", r) && isWordRune(nextRune(t, i+n)) {
			i += n
			continue
		}
		break
	}
	return i
}

// maxNumberLen bounds how far tokenEnd joins digit groups: no number in
// copy is longer, and it keeps the scan linear on hostile input.
const maxNumberLen = 64

// tokenEnd finds where the number starting at t[i] ends, joining digit
// groups over '.', ',', apostrophes and (where they may group) spaces.
func (s *scanner) tokenEnd(i int) int {
	t := s.t
	j := i
	for j < len(t) && isDigit(t[j]) && !s.claimed[j] {
		j++
	}
	first := j - i
	marks := false
	// A currency glued to the amount ("R150 000") groups thousands with
	// plain spaces whatever the locale: nothing else reads that way.
	_, _, _, glued := s.prefixCurrency(i, false)
	for j < len(t) && j-i < maxNumberLen {
		class, n := sepClass(t[j:])
		if class == 0 || s.claimed[j] {
			break
		}
		k := j + n
		m := k
		for m < len(t) && isDigit(t[m]) && !s.claimed[m] {
			m++
		}
		d := m - k
		if d == 0 {
			break
		}
		switch class {
		case sepDot, sepComma:
			marks = true
		case sepSpace:
			if t[j] == ' ' && !s.li.spaceGroups && !glued {
				return j
			}
			if first > 3 || d != 3 || marks {
				return j
			}
		case sepApos:
			if first > 3 || d != 3 || marks {
				return j
			}
		}
		j = m
	}
	return j
}

// parseTok reads t[i:end]; where the whole does not read as a number it
// reads the longest prefix that ends before a separator. full says the
// whole read.
func (s *scanner) parseTok(i, end int) (v float64, e int, full, ok bool) {
	if v, ok := parseNumber(s.t[i:end], s.li.decimal); ok {
		return v, end, true, true
	}
	for k := end - 1; k > i; k-- {
		if isDigit(s.t[k-1]) && !isDigit(s.t[k]) {
			if v, ok := parseNumber(s.t[i:k], s.li.decimal); ok {
				return v, k, false, true
			}
		}
	}
	return 0, end, false, false
}

// number reads the number at t[i] and what follows it.
func (s *scanner) number(i int) (numTok, int) {
	t := s.t
	end := s.tokenEnd(i)
	v, e, full, ok := s.parseTok(i, end)
	if !full && reVersion.MatchString(t[i:end]) {
		return numTok{start: i, numStart: i, numEnd: end, end: end, kind: KindNumber, value: t[i:end]}, end
	}
	if !ok {
		return numTok{}, end
	}
	tk := numTok{start: i, numStart: i, numEnd: e, end: e}

	// a sign glued to the number, not after a word ("-20%", not "800-1,400")
	signed := false
	if r, n := utf8.DecodeLastRuneInString(t[:i]); i > 0 && (r == '-' || r == '+' || r == '−') && !s.claimed[i-n] {
		if pr := prevRune(t, i-n); !isWordRune(pr) && pr != '%' && pr != ')' {
			tk.start = i - n
			signed = true
			if r != '+' {
				v = -v
			}
		}
	}

	nc := noCentsAt(t, e)
	mult, scEnd := 1.0, e
	if f, se, ok := s.scaleAt(e, e-i); ok {
		mult, scEnd = f.mult, se
	}
	finish := func(amount float64) (numTok, int) {
		if math.IsInf(amount, 0) || math.IsNaN(amount) {
			return numTok{}, tk.end
		}
		if amount == 0 {
			amount = 0
		}
		tk.amount = amount
		return tk, tk.end
	}

	// prices
	if !signed {
		if code, ps, key, ok := s.prefixCurrency(i, true); ok {
			pe := e
			if nc > 0 {
				pe = e + nc
			} else if mult != 1 {
				pe = scEnd
			}
			if c2, ce, k2, ok := s.suffixCurrency(pe); ok && isoSet[k2] && isoSet[strings.TrimSpace(t[pe:ce])] && (c2 == code || key == "$" || key == "¥" || key == "kr") {
				code, pe = c2, ce
			}
			tk.start, tk.kind, tk.currency = ps, KindPrice, code
			tk.perStart = pe
			tk.unit, tk.end = s.periodAt(pe)
			return finish(v * mult)
		}
	}
	// where a currency may follow the number, and the factor it then takes
	type after struct {
		pos  int
		mult float64
	}
	afters := make([]after, 0, 3)
	if nc > 0 {
		afters = append(afters, after{e + nc, 1})
	}
	if mult != 1 {
		afters = append(afters, after{scEnd, mult})
	}
	afters = append(afters, after{e, 1})
	for _, a := range afters {
		if code, ce, _, ok := s.suffixCurrency(a.pos); ok {
			tk.kind, tk.currency = KindPrice, code
			tk.perStart = ce
			tk.unit, tk.end = s.periodAt(ce)
			return finish(v * a.mult)
		}
	}

	// percentages
	if pe, ok := s.percentAt(e); ok {
		tk.kind, tk.end = KindPercentage, pe
		return finish(v)
	}

	// quantities
	q := e
	if mult != 1 {
		q = scEnd
	}
	if byteAt(t, q) == '+' {
		q++
	}
	if key, ue, ok := s.unitAt(q); ok {
		if periodicUnits[key] {
			if per, pe := s.periodAt(ue); per != "" {
				tk.perStart = ue
				key, ue = key+"/"+per, pe
			}
		}
		tk.kind, tk.unit, tk.end = KindQuantity, key, ue
		return finish(v * mult)
	}
	if key, ue, ps, ok := s.nounPerPeriod(q); ok {
		tk.kind, tk.unit, tk.end, tk.perStart = KindQuantity, key, ue, ps
		return finish(v * mult)
	}
	if mult != 1 {
		tk.kind, tk.end, tk.bare = KindNumber, q, true
		return finish(v * mult)
	}

	// not facts: ordinals, words such as 3D, "24/7", list markers
	if _, oe, ok := ordinalSet.match(t, e, s.li, true); ok {
		return numTok{}, oe
	}
	if unicode.IsLetter(nextRune(t, e)) {
		return numTok{}, skipWord(t, e)
	}
	if c := byteAt(t, e); (c == '.' || c == ')') && e-i <= 3 && lineStart(t, tk.start) {
		if r := nextRune(t, e+1); r == -1 || isSpaceRune(r) {
			return numTok{}, e + 1
		}
	}

	// years
	if !signed && e-i == 4 && full && v >= 1900 && v <= 2100 && countDigits(t[i:e]) == 4 && yearContext(t, i, e) {
		tk.kind, tk.value, tk.bare = KindDate, t[i:e], true
		return finish(v)
	}

	tk.kind, tk.bare = KindNumber, true
	if byteAt(t, e) == '+' {
		tk.end = e + 1
	}
	return finish(v)
}

// yearContext reports whether a number 1900-2100 at t[i:e] reads as a
// year. It does unless it counts something: followed by a lower-case word
// and preceded by the start of the text or by a lower-case word that is no
// preposition of time ("served 2048 meals", but "since 2019 we", "Rails
// 2018 edition" and "in 2018." are years).
func yearContext(t string, i, e int) bool {
	next := skipSpaces(t, e, 1)
	if next == e || !unicode.IsLower(nextRune(t, next)) {
		return true
	}
	p := i
	for p > 0 {
		r, n := utf8.DecodeLastRuneInString(t[:p])
		if !isSpaceRune(r) {
			break
		}
		p -= n
	}
	if p == i && p > 0 {
		return true // glued to something before it
	}
	k := p
	for k > 0 {
		r, n := utf8.DecodeLastRuneInString(t[:k])
		if !isWordRune(r) && r != '\'' && r != '’' {
			break
		}
		k -= n
	}
	w := t[k:p]
	if w == "" {
		return p != 0 // after punctuation such as "©" or "(": a year
	}
	r, _ := utf8.DecodeRuneInString(w)
	return !unicode.IsLower(r) || yearPrepositions[w]
}

// lineStart reports whether only white space stands between the start of
// the line and t[i].
func lineStart(t string, i int) bool {
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(t[:i])
		if r == '\n' {
			return true
		}
		if !isSpaceRune(r) {
			return false
		}
		i -= n
	}
	return true
}

// prefixCurrency finds a currency written just before t[i], with at most
// one space between when space is true. It returns the currency, where its
// symbol starts and the table key.
func (s *scanner) prefixCurrency(i int, space bool) (code string, start int, key string, ok bool) {
	t := s.t
	ends := []int{i}
	if r, n := utf8.DecodeLastRuneInString(t[:i]); space && n > 0 && isSpaceRune(r) && r != '\n' {
		ends = append(ends, i-n)
	}
	for _, p := range ends {
		for _, f := range prefixCurrencyForms {
			if !strings.HasSuffix(t[:p], f.text) {
				continue
			}
			st := p - len(f.text)
			// A glued letter currency needs two digits: "R899" is a
			// price, "page R2" is not.
			if (f.glued && (p != i || digitsAt(t, i) < 2)) || !s.free(st, p) || (startsWord(f.text) && isWordRune(prevRune(t, st))) {
				continue
			}
			if c := s.li.currency(f.key); c != "" {
				return c, st, f.key, true
			}
		}
	}
	return "", 0, "", false
}

// digitsAt counts the ASCII digits of the number that starts at t[i],
// with thousands grouped by a plain space ("1 200" has four).
func digitsAt(t string, i int) int {
	n, j := 0, i
	for j < len(t) {
		switch {
		case isDigit(t[j]):
			n++
			j++
		case t[j] == ' ' && j > i && digitsOnlyRun(t, j+1) == 3:
			j++
		default:
			return n
		}
	}
	return n
}

// digitsOnlyRun counts the digits at t[i:].
func digitsOnlyRun(t string, i int) int {
	n := 0
	for i+n < len(t) && isDigit(t[i+n]) {
		n++
	}
	return n
}

// suffixCurrency finds a currency written at t[p:], after at most one
// space.
func (s *scanner) suffixCurrency(p int) (code string, end int, key string, ok bool) {
	for _, q := range gaps(s.t, p) {
		f, fe, ok := suffixCurrencySet.match(s.t, q, s.li, q == p)
		if !ok || !s.free(q, fe) {
			continue
		}
		if c := s.li.currency(f.key); c != "" {
			return c, fe, f.key, true
		}
	}
	return "", 0, "", false
}

// gaps lists where a word after t[p] may start: at p, or after one space.
func gaps(t string, p int) []int {
	if q := skipSpaces(t, p, 1); q > p {
		return []int{p, q}
	}
	return []int{p}
}

// periodAt reads a price period at t[p:] ("/mo", " per month", " /mês")
// and returns it with where it ends, or "" and p.
func (s *scanner) periodAt(p int) (string, int) {
	t := s.t
	q := skipSpaces(t, p, 2)
	if byteAt(t, q) == '/' {
		r := skipSpaces(t, q+1, 1)
		if f, fe, ok := periodNounSet.match(t, r, s.li, true); ok && s.free(q, fe) {
			return f.key, fe
		}
		return "", p
	}
	if q > p {
		if f, fe, ok := periodPhraseSet.match(t, q, s.li, false); ok && s.free(q, fe) {
			return f.key, fe
		}
	}
	return "", p
}

// percentAt reads a percent sign or word at t[e:].
func (s *scanner) percentAt(e int) (int, bool) {
	for _, q := range gaps(s.t, e) {
		if _, fe, ok := percentSet.match(s.t, q, s.li, q == e); ok && s.free(q, fe) {
			return fe, true
		}
	}
	return 0, false
}

// scaleAt reads a scale word at t[e:] ("k", " million"). digits is the
// length of the number: a single digit before "k"/"K" is a word (4K).
func (s *scanner) scaleAt(e, digits int) (form, int, bool) {
	t := s.t
	if f, fe, ok := scaleSet.match(t, e, s.li, true); ok {
		if !(digits == 1 && (f.text == "k" || f.text == "K")) {
			return f, fe, true
		}
		return form{}, 0, false
	}
	if q := skipSpaces(t, e, 1); q > e {
		if f, fe, ok := scaleSet.match(t, q, s.li, false); ok {
			return f, fe, true
		}
	}
	return form{}, 0, false
}

// unitAt reads a unit at t[q:], glued, after one space or after a hyphen.
func (s *scanner) unitAt(q int) (string, int, bool) {
	t := s.t
	if f, fe, ok := unitSet.match(t, q, s.li, true); ok && s.free(q, fe) {
		return f.key, fe, true
	}
	r, n := utf8.DecodeRuneInString(t[min(q, len(t)):])
	if q < len(t) && ((isSpaceRune(r) && r != '\n') || r == '-' || r == '‑') {
		if f, fe, ok := unitSet.match(t, q+n, s.li, false); ok && s.free(q, fe) {
			return f.key, fe, true
		}
	}
	return "", 0, false
}

// nounPerPeriod reads a word that is no unit followed by a period at t[q:],
// after one space: "1 encryption/day", "3 scans per month". The word,
// lower-cased and (in English) made singular, and the period make the
// unit: "encryption/day". It returns the unit, where it ends and where the
// period starts.
func (s *scanner) nounPerPeriod(q int) (string, int, int, bool) {
	t := s.t
	r, n := utf8.DecodeRuneInString(t[min(q, len(t)):])
	if q >= len(t) || !isSpaceRune(r) || r == '\n' {
		return "", 0, 0, false
	}
	w := q + n
	e := w
	for e < len(t) {
		r2, n2 := utf8.DecodeRuneInString(t[e:])
		if !unicode.IsLetter(r2) {
			break
		}
		e += n2
	}
	if utf8.RuneCountInString(t[w:e]) < 3 || !s.free(w, e) {
		return "", 0, 0, false
	}
	word := strings.ToLower(t[w:e])
	if nameStopWords[word] {
		return "", 0, 0, false
	}
	per, pe := s.periodAt(e)
	if per == "" {
		return "", 0, 0, false
	}
	if s.li.lang == "en" {
		word = singularEN(word)
	}
	return word + "/" + per, pe, e, true
}

// singularEN makes a lower-case English noun singular the simple way:
// "encryptions" → "encryption", "queries" → "query", "boxes" → "box".
func singularEN(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes")):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// ranges lets a bare number take the kind of its other end in a range:
// "$800-1,400" (two prices), "10–20 €", "10-20%", "2 to 3 days".
func (s *scanner) ranges(toks []numTok) {
	for k := 1; k < len(toks); k++ {
		a, b := &toks[k-1], &toks[k]
		if a.end > b.start {
			continue
		}
		raw := s.t[a.end:b.start]
		gap := strings.TrimFunc(raw, unicode.IsSpace)
		if !rangeWords[gap] {
			continue
		}
		// a year only joins a range written tight ("2018-2019"), not one
		// set off by spaces ("$200 – 2018 edition")
		if (a.kind == KindDate || b.kind == KindDate) && gap != raw {
			continue
		}
		a.ranged, b.ranged = true, true
		switch {
		case !a.bare && b.bare && a.kind != KindNumber && a.kind != KindDate:
			b.kind, b.currency, b.unit, b.bare, b.value = a.kind, a.currency, a.unit, false, ""
			b.end = b.numEnd
			if a.kind == KindPrice {
				if per, pe := s.periodAt(b.numEnd); per != "" {
					b.unit, b.end, b.perStart = per, pe, b.numEnd
					if a.unit == "" {
						a.unit = per
					}
				}
			}
		case a.bare && !b.bare && b.kind != KindNumber && b.kind != KindDate:
			a.kind, a.currency, a.unit, a.bare, a.value = b.kind, b.currency, b.unit, false, ""
			a.end = a.numEnd
		}
	}
}

func (tk numTok) fact() Fact {
	f := Fact{Kind: tk.kind, Amount: tk.amount}
	switch tk.kind {
	case KindPrice:
		f.Currency, f.Unit = tk.currency, tk.unit
		f.Value = tk.currency + " " + formatPrice(tk.amount)
		if tk.unit != "" {
			f.Value += "/" + tk.unit
		}
	case KindPercentage:
		f.Value = formatAmount(tk.amount) + "%"
	case KindQuantity:
		f.Unit = tk.unit
		f.Value = formatAmount(tk.amount) + " " + tk.unit
	case KindDate:
		f.Value, f.Amount = tk.value, 0
	case KindNumber:
		f.Value = tk.value
		if f.Value == "" {
			f.Value = formatAmount(tk.amount)
		}
	}
	if tk.qualPre != "" {
		f.Value = tk.qualPre + " " + f.Value
	}
	if tk.qualPost != "" {
		f.Value += " " + tk.qualPost
	}
	f.Qualifier = strings.TrimSpace(tk.qualPre + " " + tk.qualPost)
	return f
}
