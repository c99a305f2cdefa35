package openai

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/marketingfork/fork"
)

// The guard is defence in depth behind verification: a model that obeyed
// text in the page (a prompt injection) may try to smuggle a link, an image
// or a secret into the fork. Whatever of these a block's source does not
// hold is removed from its new text.
var (
	mdImage = regexp.MustCompile(`!\[[^\]]*\]\([^)]*\)`)
	mdLink  = regexp.MustCompile(`\[([^\]]*)\]\(([^)]*)\)`)
	htmlTag = regexp.MustCompile(`(?i)</?(?:a|img|script|iframe|style|link|meta)\b[^>]*>`)
	rawURL  = regexp.MustCompile(`(?i)\b(?:(?:https?|ftp|data|javascript):[^\s<>"'\x60]+|www\.[^\s<>"'\x60]+|[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}/[^\s<>"'\x60]*)`)
	email   = regexp.MustCompile(`(?i)\b[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+\b`)
)

// guard returns text without the links, images, URLs, e-mail addresses and
// code-like tokens (a secret, a tracking code) that the source block b does
// not hold, and what it removed.
func guard(text string, b fork.Brief) (string, []string) {
	src := strings.ToLower(b.Text + "\n" + b.Href + "\n" + b.Attribution)
	has := func(s string) bool {
		s = strings.ToLower(strings.TrimRight(s, ".,;:!?)"))
		return s != "" && strings.Contains(src, s)
	}
	var removed []string
	text = mdImage.ReplaceAllStringFunc(text, func(m string) string {
		if has(m) {
			return m
		}
		removed = append(removed, m)
		return " "
	})
	text = mdLink.ReplaceAllStringFunc(text, func(m string) string {
		if has(m) {
			return m
		}
		sub := mdLink.FindStringSubmatch(m)
		removed = append(removed, m)
		return sub[1] // the label stays; its target goes
	})
	text = htmlTag.ReplaceAllStringFunc(text, func(m string) string {
		if has(m) {
			return m
		}
		removed = append(removed, m)
		return " "
	})
	for _, re := range []*regexp.Regexp{rawURL, email} {
		text = re.ReplaceAllStringFunc(text, func(m string) string {
			if has(m) {
				return m
			}
			url := strings.TrimRight(m, ".,;:!?")
			removed = append(removed, url)
			return " " + m[len(url):] // trailing punctuation belongs to the sentence
		})
	}
	words := strings.Fields(text)
	out := words[:0]
	for _, w := range words {
		tok := strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if codeLike(tok) && !has(tok) {
			removed = append(removed, tok)
			continue
		}
		out = append(out, w)
	}
	if len(removed) == 0 {
		return text, nil
	}
	return tidy(strings.Join(out, " ")), removed
}

// codeLike reports whether a token looks like a secret or a tracking code
// rather than a word: eight or more characters, with digits, capitals and a
// hyphen or underscore ("CANARY-7F3A-91QX").
func codeLike(tok string) bool {
	if len(tok) < 8 || !strings.ContainsAny(tok, "-_") {
		return false
	}
	var digit, upper int
	for _, r := range tok {
		switch {
		case unicode.IsDigit(r):
			digit++
		case unicode.IsUpper(r):
			upper++
		}
	}
	return digit > 0 && upper >= 2
}

// tidy folds the space a removal leaves and the space before punctuation.
func tidy(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	for _, p := range []string{".", ",", "!", "?", ":", ";"} {
		s = strings.ReplaceAll(s, " "+p, p)
	}
	return strings.TrimSpace(s)
}
