package readability

import (
	"unicode"
	"unicode/utf8"
)

// Words splits text into word tokens: runs of letters and digits.
//
// Punctuation inside a token keeps it whole where a reader sees one word:
// apostrophes between letters ("don't", "l'amour"), hyphens between letters
// or digits ("state-of-the-art", "COVID-19"), and dots or commas between
// digits ("4.99", "1,058"). Dots between letters also join ("e.g",
// "example.com") so abbreviations and domains are not counted as several
// words. Currency signs, percent signs and other symbols are dropped, so
// "$4.99" is the word "4.99".
//
// The words are substrings of text: splitting allocates only the slice.
func Words(text string) []string { return appendWords(nil, text) }

// appendWords appends text's words to words: countLine reads a line's
// sentences into one slice.
func appendWords(words []string, text string) []string {
	start := -1
	var prev rune
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case start < 0:
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				start = i
			}
		case isWordRune(r):
			// still inside the word
		default:
			if i+size < len(text) {
				if next, _ := utf8.DecodeRuneInString(text[i+size:]); joins(prev, r, next) {
					break // punctuation inside the word
				}
			}
			words = append(words, text[start:i])
			start = -1
		}
		prev = r
		i += size
	}
	if start >= 0 {
		words = append(words, text[start:])
	}
	return words
}

// isWordRune includes combining marks so decomposed accents ("e" + U+0301)
// stay in their word.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

func isLetterish(r rune) bool { return unicode.IsLetter(r) || unicode.IsMark(r) }

// joins reports whether the punctuation r, between prev and next, sits
// inside a word.
func joins(prev, r, next rune) bool {
	switch r {
	case '\'', '’', 'ʼ':
		return isLetterish(prev) && unicode.IsLetter(next)
	case '-', '‐', '‑':
		return isWordRune(prev) && (unicode.IsLetter(next) || unicode.IsDigit(next))
	case '.':
		return isWordRune(prev) && (unicode.IsLetter(next) || unicode.IsDigit(next))
	case ',':
		return unicode.IsDigit(prev) && unicode.IsDigit(next)
	}
	return false
}

func hasWord(rs []rune) bool {
	for _, r := range rs {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}
