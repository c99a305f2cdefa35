// Package markup owns the placeholders that stand for a block's inline
// elements in its text: "Read the <1>full guide</1> today" for a link
// around "full guide", "Line one<2/>line two" for a line break. A writer
// (an agent, an LLM, the built-in engine through Reapply) rewrites the
// words and keeps the placeholders; the page is rendered with the same
// elements back in their new places.
//
// The syntax is small on purpose: "<N>" opens, "</N>" closes and "<N/>"
// stands for an element without text, N a positive decimal number without
// leading zeros. "<0/>" (LineBreak) is a line break a writer adds, the one
// placeholder no source has. Anything else, a "<" in "a < b" included, is
// text.
package markup

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind says what a token is.
type Kind uint8

// The kinds of token.
const (
	Text  Kind = iota // words and spaces
	Open              // "<N>"
	Close             // "</N>"
	Void              // "<N/>"
)

// Token is one piece of a placeholder string.
type Token struct {
	Kind Kind
	// N is the placeholder's number; 0 for text.
	N int
	// Text is the text of a text token.
	Text string
}

// LineBreak is the placeholder of a line break a writer adds where the
// source has none: the page's line that a fork puts after a block's own
// words stands on a line of its own ("… every update included.<0/>Not
// happy? We refund you within 14 days."), not pasted onto the end of the
// paragraph. It is void and numbered 0, which no source placeholder is
// (they count from 1), so it may stand in a block without inline elements
// (see OnlyBreaks) or beside a source's placeholders (Validate takes it
// anywhere; BreaksInside says where it parts words).
const LineBreak = "<0/>"

// maxDigits bounds a placeholder number so it always fits an int.
const maxDigits = 6

// Tokens splits s into text and placeholders, in order. Adjacent text is
// one token. It never fails: what is not a placeholder is text.
func Tokens(s string) []Token {
	// Each '<' opens at most a placeholder and the text after it: the
	// list is made once at its largest size.
	out := make([]Token, 0, 2*strings.Count(s, "<")+1)
	textStart := 0
	for {
		at, kind, n, size := nextPlaceholder(s, textStart)
		if at < 0 {
			break
		}
		if at > textStart {
			out = append(out, Token{Kind: Text, Text: s[textStart:at]})
		}
		out = append(out, Token{Kind: kind, N: n})
		textStart = at + size
	}
	if textStart < len(s) {
		out = append(out, Token{Kind: Text, Text: s[textStart:]})
	}
	return out
}

// nextPlaceholder finds the first placeholder of s at or after from: where
// it starts, its kind, number and length, or at -1 when there is none.
// The text between two '<' is skipped with IndexByte.
func nextPlaceholder(s string, from int) (at int, kind Kind, n, size int) {
	for i := from; i < len(s); i++ {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			break
		}
		i += j
		if k, num, length := placeholderAt(s[i:]); length > 0 {
			return i, k, num, length
		}
	}
	return -1, 0, 0, 0
}

// placeholderAt reads a placeholder at the start of s: its kind, number and
// length in bytes, or a length of 0 when s does not start with one.
func placeholderAt(s string) (Kind, int, int) {
	i := 1
	kind := Open
	if i < len(s) && s[i] == '/' {
		kind = Close
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	digits := s[start:i]
	if digits == "0" && kind == Open && strings.HasPrefix(s[i:], "/>") {
		return Void, 0, i + 2 // LineBreak
	}
	if digits == "" || len(digits) > maxDigits || digits[0] == '0' {
		return 0, 0, 0
	}
	if kind == Open && i+1 < len(s) && s[i] == '/' && s[i+1] == '>' {
		kind = Void
		i++
	}
	if i >= len(s) || s[i] != '>' {
		return 0, 0, 0
	}
	n, _ := strconv.Atoi(digits)
	return kind, n, i + 1
}

// OnlyBreaks reports whether s holds placeholders and every one is a
// LineBreak that parts two runs of words (BreaksInside). It is what a
// block without inline elements may hold.
func OnlyBreaks(s string) bool {
	for _, t := range Tokens(s) {
		if t.Kind != Text && !(t.Kind == Void && t.N == 0) {
			return false
		}
	}
	return strings.Contains(s, LineBreak) && BreaksInside(s)
}

// BreaksInside reports whether every LineBreak of s parts two runs of
// words: none first or last, no two in a row, none inside an element's
// words, none between two letters or digits (a break in "$29<0/>30" or
// "guide<0/>today" splits a figure or glues two words).
func BreaksInside(s string) bool {
	words := false // words since the last break
	open := 0
	toks := Tokens(s)
	for i, t := range toks {
		switch {
		case t.Kind == Text:
			words = words || strings.TrimSpace(t.Text) != ""
		case t.Kind == Open:
			open++
		case t.Kind == Close:
			open--
		case t.Kind == Void && t.N == 0:
			if !words || open > 0 {
				return false
			}
			if i > 0 && i+1 < len(toks) && toks[i-1].Kind == Text && toks[i+1].Kind == Text {
				before, _ := utf8.DecodeLastRuneInString(toks[i-1].Text)
				after, _ := utf8.DecodeRuneInString(toks[i+1].Text)
				if wordRune(before) && wordRune(after) {
					return false
				}
			}
			words = false
		}
	}
	return words || !strings.Contains(s, LineBreak)
}

// wordRune is a letter or a digit.
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// StripKeepingBreaks is Strip with the LineBreaks kept: the words of s and
// where it breaks its lines.
func StripKeepingBreaks(s string) string {
	if !strings.Contains(s, LineBreak) {
		return Strip(s)
	}
	lines := strings.Split(s, LineBreak)
	for i, l := range lines {
		lines[i] = Strip(l)
	}
	return strings.Join(lines, LineBreak)
}

// ReapplyWithBreaks is Reapply for a rewrite that holds LineBreaks and no
// other placeholder: the source's placeholders go back around the words
// they wrapped, and each break stays between the words it parted. It
// reports false where Reapply does, or where a break would fall inside an
// element's words.
func ReapplyWithBreaks(src, s string) (string, bool) {
	lines := strings.Split(s, LineBreak)
	r, ok := Reapply(src, strings.Join(lines, ""))
	if !ok || len(lines) == 1 {
		return r, ok
	}
	// Where each break stands in the plain text.
	var at []int
	n := 0
	for _, l := range lines[:len(lines)-1] {
		n += len(l)
		at = append(at, n)
	}
	toks := Tokens(r)
	out := make([]Token, 0, len(toks)+len(at))
	open := 0 // elements open around the text
	pos := 0
	for _, t := range toks {
		if t.Kind != Text {
			switch t.Kind {
			case Open:
				open++
			case Close:
				open--
			}
			out = append(out, t)
			continue
		}
		text := t.Text
		// A break at the end of a run goes before the next run, past the
		// elements that close between them ("<1>guide</1><0/>today").
		for len(at) > 0 && at[0] >= pos && at[0] < pos+len(text) {
			cut := at[0] - pos
			if open > 0 {
				return "", false // a break inside an element's words
			}
			if cut > 0 {
				out = append(out, Token{Kind: Text, Text: text[:cut]})
			}
			out = append(out, Token{Kind: Void, N: 0})
			text, pos, at = text[cut:], at[0], at[1:]
		}
		if text != "" {
			out = append(out, Token{Kind: Text, Text: text})
		}
		pos += len(text)
	}
	if len(at) > 0 {
		return "", false
	}
	return String(out), true
}

// Has reports whether s holds at least one placeholder.
func Has(s string) bool {
	at, _, _, _ := nextPlaceholder(s, 0)
	return at >= 0
}

// Strip returns s with its placeholders taken out: the plain text. The
// text between placeholders is written as Tokens finds it, without
// listing the tokens (FuzzStrip holds it to joining Tokens' texts).
func Strip(s string) string {
	at, _, _, size := nextPlaceholder(s, 0)
	if at < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	textStart := 0
	for at >= 0 {
		b.WriteString(s[textStart:at])
		textStart = at + size
		at, _, _, size = nextPlaceholder(s, textStart)
	}
	b.WriteString(s[textStart:])
	return b.String()
}

// Problem says what is wrong with one placeholder of a draft.
type Problem string

// The problems Validate names.
const (
	Missing    Problem = "missing"
	Duplicated Problem = "duplicated"
	Invented   Problem = "invented"
	Renamed    Problem = "renamed"
	Misnested  Problem = "badly nested"
	WrongForm  Problem = "in the wrong form"
	Emptied    Problem = "emptied"
)

// Error is a draft's placeholder that does not match the source's.
type Error struct {
	// N is the placeholder's number.
	N int
	// Problem is what is wrong with it.
	Problem Problem
	// To is the number a renamed placeholder became.
	To int
	// Want is how the source writes the placeholder ("<2>…</2>", "<3/>").
	Want string
}

func (e *Error) Error() string {
	switch e.Problem {
	case Renamed:
		return fmt.Sprintf("placeholder %s was renamed to %d", e.Want, e.To)
	case Invented:
		return fmt.Sprintf("placeholder %d is not in the source", e.N)
	case Emptied:
		return fmt.Sprintf("placeholder %s wraps no text", e.Want)
	case WrongForm:
		return fmt.Sprintf("placeholder %d is in the wrong form; the source writes %s", e.N, e.Want)
	}
	return fmt.Sprintf("placeholder %s is %s", e.Want, e.Problem)
}

// form is how the source writes placeholder n.
func form(n int, void bool) string {
	if void {
		return fmt.Sprintf("<%d/>", n)
	}
	return fmt.Sprintf("<%d>…</%d>", n, n)
}

// Spec is a source's placeholder set: for each number, whether it is void.
type Spec map[int]bool

// SpecOf reads the placeholder set of a source string, which must itself
// be well formed (each placeholder once, properly nested).
func SpecOf(src string) (Spec, error) {
	return specOf(Tokens(src))
}

func specOf(toks []Token) (Spec, error) {
	spec := Spec{}
	for _, t := range toks {
		switch t.Kind {
		case Open:
			spec[t.N] = false
		case Void:
			spec[t.N] = true
		}
	}
	if err := check(spec, toks); err != nil {
		return nil, fmt.Errorf("markup: the source is not well formed: %w", err)
	}
	return spec, nil
}

// Validate checks a draft's placeholders against the source's: each one
// exactly once, none invented or renamed, paired ones properly nested and
// wrapping text, void ones void. The error is an *Error naming the first
// placeholder at fault.
func Validate(src, draft string) error {
	spec, err := SpecOf(src)
	if err != nil {
		return err
	}
	return spec.Validate(draft)
}

// Validate checks a draft against the set; see the package function.
func (spec Spec) Validate(draft string) error {
	return check(spec, Tokens(draft))
}

func check(spec Spec, toks []Token) error {
	opened := map[int]bool{}
	closed := map[int]bool{}
	var stack []int
	var textAt []int // per open element: the count of texts when it opened
	texts := 0
	var invented []int
	seenInvented := map[int]bool{}
	// known looks up a placeholder of the source, noting it as invented
	// when the source has no such number.
	known := func(n int) (bool, bool) {
		void, ok := spec[n]
		if !ok && !seenInvented[n] {
			seenInvented[n] = true
			invented = append(invented, n)
		}
		return void, ok
	}
	for _, t := range toks {
		switch t.Kind {
		case Text:
			if strings.TrimSpace(t.Text) != "" {
				texts++
			}
		case Open, Void:
			if t.Kind == Void && t.N == 0 {
				continue // a LineBreak: no element of the source's
			}
			void, ok := known(t.N)
			if !ok {
				continue
			}
			if opened[t.N] {
				return &Error{N: t.N, Problem: Duplicated, Want: form(t.N, void)}
			}
			opened[t.N] = true
			if void != (t.Kind == Void) {
				return &Error{N: t.N, Problem: WrongForm, Want: form(t.N, void)}
			}
			if t.Kind == Open {
				stack = append(stack, t.N)
				textAt = append(textAt, texts)
			}
		case Close:
			void, ok := known(t.N)
			if !ok {
				continue
			}
			if void {
				return &Error{N: t.N, Problem: WrongForm, Want: form(t.N, void)}
			}
			if closed[t.N] {
				return &Error{N: t.N, Problem: Duplicated, Want: form(t.N, false)}
			}
			if len(stack) == 0 || stack[len(stack)-1] != t.N {
				return &Error{N: t.N, Problem: Misnested, Want: form(t.N, false)}
			}
			if texts == textAt[len(textAt)-1] {
				return &Error{N: t.N, Problem: Emptied, Want: form(t.N, false)}
			}
			closed[t.N] = true
			stack = stack[:len(stack)-1]
			textAt = textAt[:len(textAt)-1]
		}
	}
	if len(stack) > 0 {
		n := stack[len(stack)-1]
		return &Error{N: n, Problem: Misnested, Want: form(n, false)}
	}
	var missing []int
	for n := range spec {
		if !opened[n] {
			missing = append(missing, n)
		}
	}
	slices.Sort(missing)
	slices.Sort(invented)
	switch {
	case len(missing) == 1 && len(invented) == 1:
		return &Error{N: missing[0], Problem: Renamed, To: invented[0], Want: form(missing[0], spec[missing[0]])}
	case len(invented) > 0:
		return &Error{N: invented[0], Problem: Invented}
	case len(missing) > 0:
		return &Error{N: missing[0], Problem: Missing, Want: form(missing[0], spec[missing[0]])}
	}
	return nil
}
