package readability

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// writtenOut are the contractions whose long form is certain, by their
// lower-case spelling with a straight apostrophe: a "not", "will", "have",
// "are" or "am" joined to the word before. "'s" (is, has or a possessive)
// and "'d" (would or had) are not among them.
var writtenOut = map[string]string{
	"don't": "do not", "doesn't": "does not", "didn't": "did not", "isn't": "is not", "aren't": "are not",
	"wasn't": "was not", "weren't": "were not", "hasn't": "has not", "haven't": "have not", "hadn't": "had not",
	"won't": "will not", "can't": "cannot", "couldn't": "could not", "shouldn't": "should not", "wouldn't": "would not",
	"mustn't": "must not", "needn't": "need not",
	"i'm": "I am", "i'll": "I will", "i've": "I have",
	"you'll": "you will", "you've": "you have", "you're": "you are",
	"we'll": "we will", "we've": "we have", "we're": "we are",
	"they'll": "they will", "they've": "they have", "they're": "they are",
	"he'll": "he will", "she'll": "she will", "it'll": "it will", "that'll": "that will",
}

// WriteOut returns English text with each contraction whose long form is
// certain written out ("doesn't" → "does not", "We'll" → "We will"),
// outside quotations, and how many it wrote. It is the one change the
// offer lock allows a guarantee or a legal line in the professional
// layer: the same words, written out.
func WriteOut(text string) (string, int) {
	if !strings.ContainsAny(text, "'’") {
		return text, 0
	}
	quoted := Quoted(text)
	var b strings.Builder
	n, last := 0, 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) || i > 0 && isLetterBefore(text, i) {
			i += size
			continue
		}
		end := i
		for end < len(text) {
			r, size := utf8.DecodeRuneInString(text[end:])
			if unicode.IsLetter(r) || (r == '\'' || r == '’') && end+size < len(text) && startsLetter(text[end+size:]) {
				end += size
				continue
			}
			break
		}
		word := text[i:end]
		key := strings.ToLower(strings.ReplaceAll(word, "’", "'"))
		long, ok := writtenOut[key]
		if ok && !inSpans(quoted, i) {
			b.WriteString(text[last:i])
			b.WriteString(caseOf(word, long))
			last = end
			n++
		}
		i = end
	}
	if n == 0 {
		return text, 0
	}
	b.WriteString(text[last:])
	return b.String(), n
}

func isLetterBefore(text string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return unicode.IsLetter(r)
}

func startsLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}

func inSpans(spans [][2]int, i int) bool {
	for _, s := range spans {
		if i >= s[0] && i < s[1] {
			return true
		}
	}
	return false
}

// caseOf writes long in the case of the contraction it replaces: "DON'T"
// → "DO NOT", "Don't" → "Do not", "don't" → "do not"; "I" stays capital.
func caseOf(word, long string) string {
	upper := strings.ToUpper(word) == word && strings.ToLower(word) != word
	if upper && utf8.RuneCountInString(word) > 2 {
		return strings.ToUpper(long)
	}
	first, _ := utf8.DecodeRuneInString(word)
	if unicode.IsUpper(first) {
		r, size := utf8.DecodeRuneInString(long)
		return string(unicode.ToUpper(r)) + long[size:]
	}
	return long
}
