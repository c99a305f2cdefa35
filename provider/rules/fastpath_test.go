package rules

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// applyPlain is wordTable.apply as written before its fast path: every
// run of words looked up, in lower case from a copy of the whole text.
func (t *wordTable) applyPlain(text string) (string, int) {
	if t == nil || len(t.to) == 0 {
		return text, 0
	}
	var b strings.Builder
	n, last := 0, 0
	var quote spans
	if strings.ContainsAny(text, "\"“«„`") {
		quote = quotedSpans(text)
	}
	// One lower-cased copy serves every lookup when case folding keeps
	// byte offsets (it does for all but a few letters); otherwise each
	// candidate is folded on its own.
	lower := strings.ToLower(text)
	folded := func(i, end int) string {
		if len(lower) == len(text) {
			return lower[i:end]
		}
		return strings.ToLower(text[i:end])
	}
	ends := make([]int, 0, t.maxWords)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) {
			i += size
			continue
		}
		// The ends of up to maxWords words from i, joined by single spaces.
		ends = ends[:0]
		for j := i; len(ends) < t.maxWords; {
			j = wordEnd(text, j)
			ends = append(ends, j)
			if j+1 >= len(text) || text[j] != ' ' || !isWordRune(firstRuneOf(text[j+1:])) {
				break
			}
			j++
		}
		next := ends[0]
		for k := len(ends) - 1; k >= 0; k-- {
			end := ends[k]
			matched := text[i:end]
			rule, ok := t.to[folded(i, end)]
			if !ok || !rule.fits(text, end) || quote.covers(i) || (t.keepNames && nameAt(text, i, end)) ||
				(t.noRepeat && containsWord(lower, strings.ToLower(rule.to))) || (t.gapAfterWh && whGap(text, i, end)) {
				continue
			}
			repl := rule.to
			switch {
			case matched == strings.ToUpper(matched) && matched != strings.ToLower(matched) && utf8.RuneCountInString(matched) > 1:
				repl = strings.ToUpper(repl) // "MAXIMUM" → "MOST", not "Most"
			case unicode.IsUpper(firstRuneOf(matched)):
				repl = capitalize(repl)
			}
			b.WriteString(agreeArticle(text[last:i], matched, repl))
			b.WriteString(repl)
			last, next = end, end
			n++
			break
		}
		i = next
	}
	if n == 0 {
		return text, 0
	}
	b.WriteString(text[last:])
	return b.String(), n
}

// FuzzWordTable holds wordTable.apply, which looks a run of words up only
// where its first word opens a rule and folds it span by span, to the
// plain reading, with every table the provider builds, on any text:
// capitals, quotations, names, letters whose lower case is longer or
// shorter, and bytes that are no UTF-8.
func FuzzWordTable(f *testing.F) {
	for _, s := range []string{
		"", "You will not believe it. We are here, and you are not!", "THAT IS IT: we have got to go. That is.",
		"“We will not” she said; «you are» „they are“ `it is` \"do not\"", "In addition to the Recurse Center, we will utilize assistance.",
		"\u212aelvin will not \u023a we are \xff you are \xe2\x80 it is", "where you are in your life, who we are today",
		"Do not worry. It is what it is. I am sure you will love it, and they will too.", "İstanbul is where we are. ẞ we will",
	} {
		f.Add(s)
	}
	p := testProvider()
	tables := append([]*wordTable{p.expand, p.slang, p.plain}, p.contract...)
	f.Fuzz(func(t *testing.T, text string) {
		for k, tb := range tables {
			got, gn := tb.apply(text)
			want, wn := tb.applyPlain(text)
			if got != want || gn != wn {
				t.Fatalf("table %d on %q:\n got %q (%d)\nwant %q (%d)", k, text, got, gn, want, wn)
			}
		}
	})
}

// FuzzHasQuoteMark holds hasQuoteMark to strings.ContainsAny, the plain
// reading, on any text, invalid UTF-8 included.
func FuzzHasQuoteMark(f *testing.F) {
	for _, s := range []string{"", "plain", "a \"b\"", "`x`", "“", "„", "«", "\xe2\x80", "\xc2", "\xf0\xe2\x80\x9c", "\xe2\x80\x9d", "»"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasQuoteMark(s), strings.ContainsAny(s, "\"“«„`"); got != want {
			t.Fatalf("hasQuoteMark(%q) = %v; strings.ContainsAny %v", s, got, want)
		}
	})
}

// FuzzLowerKeepsLengths holds lowerKeepsLengths to what it promises: where
// it holds, each span of the text between runes lowers to that span of the
// text's lower case.
func FuzzLowerKeepsLengths(f *testing.F) {
	for _, s := range []string{"", "ABC def", "\u212aelvin", "\u023a", "ÉCOLE", "\xff", "İ", "ẞ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 || !lowerKeepsLengths(s) {
			return // every span of a longer text is too many to ask
		}
		lower := strings.ToLower(s)
		if len(lower) != len(s) {
			t.Fatalf("lowerKeepsLengths(%q), but its lower case %q is %d bytes, not %d", s, lower, len(lower), len(s))
		}
		for i := range s {
			for j := i; j <= len(s); j++ {
				if j < len(s) && !utf8.RuneStart(s[j]) {
					continue
				}
				if got := strings.ToLower(s[i:j]); got != lower[i:j] {
					t.Fatalf("lowerKeepsLengths(%q), but %q lowers to %q, not %q", s, s[i:j], got, lower[i:j])
				}
			}
		}
	})
}

// FuzzAppendLower holds appendLower to strings.ToLower on valid UTF-8,
// the only text wordTable.apply gives it.
func FuzzAppendLower(f *testing.F) {
	for _, s := range []string{"", "ABC def", "\u212aelvin", "\u023a", "ÉCOLE", "İ", "ẞ", "ǅ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		if got, want := string(appendLower([]byte("x"), s)), "x"+strings.ToLower(s); got != want {
			t.Fatalf("appendLower(%q) = %q; strings.ToLower %q", s, got[1:], want[1:])
		}
	})
}
