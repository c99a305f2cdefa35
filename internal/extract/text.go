package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// hintSet is a compiled list of class hints (see signals.go).
type hintSet struct {
	exact map[string]bool
	parts [][]string
}

func compileHints(hints []string) hintSet {
	h := hintSet{exact: map[string]bool{}}
	for _, s := range hints {
		if rest, ok := strings.CutPrefix(s, "="); ok {
			h.exact[rest] = true
			continue
		}
		h.parts = append(h.parts, splitParts(s))
	}
	return h
}

func splitParts(tok string) []string {
	return strings.FieldsFunc(tok, func(r rune) bool { return r == '-' || r == '_' })
}

// match reports whether one of tokens matches one of the hints.
func (h hintSet) match(tokens []string) bool {
	for _, tok := range tokens {
		if h.exact[tok] {
			return true
		}
		if len(h.parts) == 0 {
			continue
		}
		var buf [16]string
		parts := appendParts(buf[:0], tok)
		for _, hp := range h.parts {
			if containsParts(parts, hp) {
				return true
			}
		}
	}
	return false
}

// appendParts appends the non-empty parts of tok split on '-' and '_'.
func appendParts(dst []string, tok string) []string {
	start := 0
	for i := 0; i <= len(tok); i++ {
		if i == len(tok) || tok[i] == '-' || tok[i] == '_' {
			if i > start {
				dst = append(dst, tok[start:i])
			}
			start = i + 1
		}
	}
	return dst
}

func containsParts(parts, want []string) bool {
	for i := 0; i+len(want) <= len(parts); i++ {
		ok := true
		for j, w := range want {
			p := parts[i+j]
			if p != w && (len(p) != len(w)+1 || p[len(w)] != 's' || p[:len(w)] != w) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

var (
	ctaHints         = compileHints(ctaClassHints)
	priceHints       = compileHints(priceClassHints)
	testimonialHints = compileHints(testimonialClassHints)
	reviewHints      = compileHints(reviewClassHints)
	quoteTextHints   = compileHints(quoteTextClassHints)
	attributionHints = compileHints(attributionClassHints)
	faqScope         = compileHints(faqScopeHints)
	faqQuestionHints = compileHints(faqQuestionClassHints)
	faqAnswerHints   = compileHints(faqAnswerClassHints)
	finePrintHints   = compileHints(finePrintClassHints)
	guaranteeHints   = compileHints(guaranteeClassHints)
	headingHints     = compileHints(headingClassHints)
	uiControl        = compileHints(uiControlHints)
	logoHints        = compileHints(logoClassHints)
)

// getAttr returns the value of the attribute key of n.
func getAttr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func attrVal(n *html.Node, key string) string {
	v, _ := getAttr(n, key)
	return v
}

// classTokens returns the lower-cased class tokens of n.
func classTokens(n *html.Node) []string {
	v, ok := getAttr(n, "class")
	if !ok || strings.TrimSpace(v) == "" {
		return nil
	}
	return strings.Fields(strings.ToLower(v))
}

// classAndID returns the lower-cased class tokens of n and its id.
func classAndID(n *html.Node) []string {
	toks := classTokens(n)
	if id := strings.TrimSpace(attrVal(n, "id")); id != "" {
		toks = append(toks[:len(toks):len(toks)], strings.ToLower(id))
	}
	return toks
}

// classOf and classIDOf are classTokens and classAndID, worked out once per
// element.
func (x *extractor) classOf(n *html.Node) []string {
	if inf := x.info[n]; inf != nil {
		return inf.cls
	}
	return classTokens(n)
}

func (x *extractor) classIDOf(n *html.Node) []string {
	if inf := x.info[n]; inf != nil {
		return inf.clsID
	}
	return classAndID(n)
}

func hasToken(tokens []string, list []string) bool {
	for _, t := range tokens {
		for _, l := range list {
			if t == l {
				return true
			}
		}
	}
	return false
}

// isDecor reports whether r is a decorative character: emoji, dingbats,
// check marks, stars, arrows, bullets. Such characters at the edges of a
// block are kept in the markup but left out of the block's text.
func isDecor(r rune) bool {
	switch r {
	case '©', '®', '™', '°', '℠', '№', '℃', '℉':
		return false
	case '•', '‣', '◦', '∙', '·', '|', '\u200d', '\ufe0e', '\ufe0f', '\u20e3':
		return true
	}
	switch {
	case r >= 0x2190 && r <= 0x21ff, r >= 0x27f0 && r <= 0x27ff, r >= 0x2900 && r <= 0x297f:
		return true
	}
	return unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r)
}

func isSpaceOrDecor(r rune) bool { return unicode.IsSpace(r) || isDecor(r) }

// significant reports whether s has a character that is neither white
// space nor decoration.
func significant(s string) bool {
	for _, r := range s {
		if !isSpaceOrDecor(r) {
			return true
		}
	}
	return false
}

// hasAlnum reports whether s has a letter or a digit.
func hasAlnum(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// countAlnum counts letters and digits in s.
func countAlnum(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// leadLen is the length in bytes of the white space and decoration that s
// starts with; trailLen of what it ends with.
func leadLen(s string) int {
	for i, r := range s {
		if !isSpaceOrDecor(r) {
			return i
		}
	}
	return len(s)
}

func trailLen(s string) int {
	i := len(s)
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if !isSpaceOrDecor(r) {
			break
		}
		i -= size
	}
	return len(s) - i
}

// fold folds runs of white space to one space and trims the ends.
func fold(s string) string {
	// Fast path: nothing to fold. A rune that is not ASCII is folded
	// only where it is white space (the loop below copies any other,
	// an invalid byte too, as it stands): curly quotes and dashes,
	// common in copy, leave the text as it is.
	clean := true
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if unicode.IsSpace(r) {
				clean = false
				break
			}
			i += size
			continue
		}
		if c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' ||
			(c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' ')) {
			clean = false
			break
		}
		i++
	}
	if clean {
		return s
	}
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		var isSpace bool
		size := 1
		if c < utf8.RuneSelf {
			isSpace = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			isSpace = unicode.IsSpace(r)
		}
		if isSpace {
			space = len(b) > 0
		} else {
			if space {
				b = append(b, ' ')
				space = false
			}
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// wordish reports whether r is part of a word for deciding whether two
// adjacent elements' texts need a space between them.
func wordish(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.So, r)
}

// wordCount counts the words of s (runs of non-space).
func wordCount(s string) int {
	n := 0
	in := false
	for i := 0; i < len(s); {
		// An ASCII byte is its own rune (and white space only as one
		// of six); the others are decoded, an invalid byte as U+FFFD.
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		i += size
		if r == ' ' || r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r' || r >= utf8.RuneSelf && unicode.IsSpace(r) {
			in = false
		} else if !in {
			in = true
			n++
		}
	}
	return n
}

// trimDecor trims white space and decoration from both ends of s.
func trimDecor(s string) string {
	return strings.TrimFunc(s, isSpaceOrDecor)
}

// endsWithQuestion reports whether s ends with a question mark.
func endsWithQuestion(s string) bool {
	s = strings.TrimRightFunc(s, func(r rune) bool {
		return isSpaceOrDecor(r) || r == '"' || r == '”' || r == '»' || r == '\'' || r == ')'
	})
	return strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？")
}

var openQuotes = "\"“„«‘‚‹'「『"
var closeQuotes = "\"”“»’‘›'」』"

// isQuoted reports whether s is wholly wrapped in quotation marks.
func isQuoted(s string) bool {
	s = trimDecor(s)
	if s == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(s)
	if !strings.ContainsRune(openQuotes, first) {
		return false
	}
	s = strings.TrimRight(s, ".!…, ")
	last, _ := utf8.DecodeLastRuneInString(s)
	return len(s) > 1 && strings.ContainsRune(closeQuotes, last)
}

// nodeText returns the folded text of n's subtree, skipping what the
// extractor skips. It is used for decisions, not for blocks.
func (x *extractor) nodeText(n *html.Node) string {
	var b strings.Builder
	x.appendText(&b, n)
	return fold(b.String())
}

func (x *extractor) appendText(b *strings.Builder, n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			b.WriteString(c.Data)
		case html.ElementNode:
			if x.skipped(c) {
				continue
			}
			if !isInline(c) || c.Data == "br" {
				b.WriteByte(' ')
			}
			x.appendText(b, c)
			if !isInline(c) {
				b.WriteByte(' ')
			}
		}
	}
}
