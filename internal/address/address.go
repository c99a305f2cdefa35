// Package address rewrites copy that speaks to its reader informally into
// the formal form of address a professional page in that language uses:
// Spanish "tú" into "usted", German "du" into "Sie".
//
// It rewrites word by word, and only what it can read for certain. In
// Spanish: a pronoun, a possessive, a verb form it knows from its own
// table of verbs (present, subjunctive, future, conditional, imperfect,
// preterite and the order at the head of a clause), and the pronouns
// joined to an infinitive, a gerund or an order ("regístrate",
// "llámanos"). In German, where "du" is always said, the verb said to it
// (its "-st" ending tells it), "dein", "dir" and "dich" by whether the
// reader is the clause's subject, and the order at a clause's head ("Hol
// dir" → "Holen Sie sich"). A word it does not know stays as written: a
// wrong guess would put a verb where a noun stood ("Prueba gratuita" is a
// free trial, not an order to try; "Suche" is a search).
//
// A page it cannot make formal as a whole (one that speaks to its readers
// as a group: "vosotros", "euch"; or says a French verb to "tu" it cannot
// read) is reported by Blocker, so that a caller
// leaves the page as it is rather than ship it half formal.
package address

import (
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/readability"
)

// Rewriter rewrites one language's informal address into its formal one.
// It is read-only once built, and safe for concurrent use.
type Rewriter struct {
	formal string
	lang   language
}

// language is one language's rewrite.
type language interface {
	// rewrite returns text made formal and the number of words changed.
	rewrite(text string, list bool) (string, int)
	// blocker returns the first word in text that keeps a page informal.
	blocker(text string) (string, bool)
}

// The rewriters are built once, on first use, and never change after:
// the Spanish tables take about a millisecond and 3,000 allocations to
// build, and verification asks for a rewriter on every professional fork.
var (
	spanishRewriter = sync.OnceValue(func() *Rewriter { return &Rewriter{formal: "usted", lang: newSpanish()} })
	germanRewriter  = sync.OnceValue(func() *Rewriter { return &Rewriter{formal: "Sie", lang: newGerman()} })
	frenchRewriter  = sync.OnceValue(func() *Rewriter { return &Rewriter{formal: "vous", lang: newFrench()} })
)

// For returns the rewriter for a language (an ISO 639-1 base such as
// "es"); ok is false for a language it has no rewriter for. A rewriter is
// read-only, so every caller shares one.
func For(base string) (r *Rewriter, ok bool) {
	switch base {
	case "es":
		return spanishRewriter(), true
	case "de":
		return germanRewriter(), true
	case "fr":
		return frenchRewriter(), true
	}
	return nil, false
}

// Formal is the formal pronoun the rewriter writes ("usted").
func (r *Rewriter) Formal() string { return r.formal }

// Blocker returns the first word in text that keeps a page from being made
// formal as a whole, and why: the plural informal (Spanish "vosotros",
// German "euch"), which this rewriter does not write as the formal
// plural, or a French verb said to "tu" it cannot read.
func (r *Rewriter) Blocker(text string) (word, why string, ok bool) {
	word, ok = r.lang.blocker(text)
	if !ok {
		return "", "", false
	}
	why = "the page speaks to its readers as a group"
	switch lang := r.lang.(type) {
	case *french:
		why = "the page says a verb to \"tu\" the engine cannot rewrite"
	case *spanish:
		if !lang.plural[lower(word)] {
			why = "the page says a verb to \"vosotros\" (the reader and others) that the engine's tables lack, so it cannot write it as \"ustedes\""
		}
	}
	return word, why, true
}

// firstOf returns the first word of text in a set (read in lower case).
func firstOf(text string, in func(string) bool) (string, bool) {
	for _, w := range words(text) {
		if in(lower(text[w.start:w.end])) {
			return text[w.start:w.end], true
		}
	}
	return "", false
}

// Rewrite returns text with its informal address made formal and the
// number of words it changed. Quoted words are someone's words and stay.
// list says text is an item of a list, where a verb at its head is as
// often the product's ("Envía recordatorios": it sends them) as the
// reader's: there only a verb whose form cannot be the product's changes.
func (r *Rewriter) Rewrite(text string, list bool) (string, int) {
	return r.lang.rewrite(text, list)
}

type span struct{ start, end int }

// words are text's runs of letters.
func words(text string) []span {
	var out []span
	start := -1
	for i, r := range text {
		if unicode.IsLetter(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, span{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, span{start, len(text)})
	}
	return out
}

// quotedWords marks the words that stand inside quotation marks, in one
// pass over each kind of mark's spans (which do not overlap).
func quotedWords(text string, ws []span) []bool {
	marked := make([]bool, len(ws))
	for _, q := range readability.Quoted(text) {
		i := sort.Search(len(ws), func(i int) bool { return ws[i].start >= q[0] })
		for ; i < len(ws) && ws[i].start < q[1]; i++ {
			marked[i] = true
		}
	}
	return marked
}

func lower(s string) string { return strings.ToLower(s) }

// caseLike writes to in the case of from: all capitals, a capital first
// letter, or lower case.
func caseLike(from, to string) string {
	if from == "" || to == "" {
		return to
	}
	r, _ := utf8.DecodeRuneInString(from)
	if !unicode.IsUpper(r) {
		return to
	}
	if utf8.RuneCountInString(from) > 1 && strings.ToUpper(from) == from {
		return strings.ToUpper(to)
	}
	t, size := utf8.DecodeRuneInString(to)
	return string(unicode.ToUpper(t)) + to[size:]
}
