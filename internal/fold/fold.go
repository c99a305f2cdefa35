// Package fold searches text without regard to case without making a
// lower-case copy of it: the checks that ask whether a name or a word still
// stands in a block read the block as it is.
package fold

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ContainsLower is strings.Contains(strings.ToLower(text), lower), read
// without making the lower-case copy: text's runes are lowered one by one
// as strings.ToLower lowers them (an invalid byte to U+FFFD), each to one
// rune, so a match of a lower that opens with a whole rune starts where
// one of text's runes does.
func ContainsLower(text, lower string) bool {
	if lower == "" {
		return true
	}
	if !utf8.RuneStart(lower[0]) {
		return strings.Contains(strings.ToLower(text), lower)
	}
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		// An ASCII byte lowers to one ASCII byte: most starts are
		// ruled out by it.
		if r >= utf8.RuneSelf || lowerASCII(byte(r)) == lower[0] {
			if lowerAt(text, i, lower) {
				return true
			}
		}
		i += n
	}
	return false
}

// HasLowerAt reports whether text's lower case, from where the rune at
// text[i] lowers to on, opens with lower: then ContainsLower(text, lower)
// holds, found where a caller knows to look.
func HasLowerAt(text string, i int, lower string) bool { return lowerAt(text, i, lower) }

// lowerAt reports whether text's lower case from the rune at i on opens
// with lower.
func lowerAt(text string, i int, lower string) bool {
	var buf [utf8.UTFMax]byte
	for k := 0; k < len(lower); {
		if i >= len(text) {
			return false
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		i += n
		enc := buf[:utf8.EncodeRune(buf[:], unicode.ToLower(r))]
		rest := lower[k:]
		if len(rest) < len(enc) {
			return strings.HasPrefix(string(enc), rest)
		}
		if rest[:len(enc)] != string(enc) {
			return false
		}
		k += len(enc)
	}
	return true
}

// lowerASCII is an ASCII byte in lower case.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
