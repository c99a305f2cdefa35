// Package address rewrites copy that speaks to its reader informally into
// the formal form of address a professional page in that language uses:
// Spanish "tú" into "usted".
//
// It rewrites word by word, and only what it can read for certain: a
// pronoun, a possessive, a verb form it knows from its own table of verbs
// (present, subjunctive, future, conditional, imperfect, preterite and the
// imperative at the head of a clause), and the pronouns joined to an
// infinitive, a gerund or an imperative ("regístrate", "llámanos"). A word
// it does not know stays as written: a wrong guess would put a verb where
// a noun stood ("Prueba gratuita" is a free trial, not an order to try).
// A page it cannot make formal as a whole (one that speaks to its readers
// as "vosotros") is reported by Blocker, so that a caller leaves the page
// as it is rather than ship it half formal.
package address

import (
	"strings"

	"github.com/marketingfork/fork/internal/readability"
	"unicode"
	"unicode/utf8"
)

// Rewriter rewrites one language's informal address into its formal one.
// It is read-only once built, and safe for concurrent use.
type Rewriter struct {
	formal string
	lang   *spanish
}

// For returns the rewriter for a language (an ISO 639-1 base such as
// "es"); ok is false for a language it has no rewriter for.
func For(base string) (r *Rewriter, ok bool) {
	switch base {
	case "es":
		return &Rewriter{formal: "usted", lang: newSpanish()}, true
	}
	return nil, false
}

// Formal is the formal pronoun the rewriter writes ("usted").
func (r *Rewriter) Formal() string { return r.formal }

// Blocker returns the first word in text that keeps a page from being made
// formal as a whole (Spanish "vosotros", "os", "vuestro": the plural
// informal, which this rewriter does not write as "ustedes").
func (r *Rewriter) Blocker(text string) (string, bool) {
	for _, w := range words(text) {
		if r.lang.blocks[lower(text[w.start:w.end])] {
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
	ws := words(text)
	if len(ws) == 0 {
		return text, 0
	}
	quoted := readability.Quoted(text)
	verb := r.lang.speaksTo(text, ws)
	var b strings.Builder
	last, n := 0, 0
	chain := false // the clause before this one opened with an order
	cond := false  // the sentence opened with "si" or "cuando"
	for i, w := range ws {
		word := text[w.start:w.end]
		if inSpans(quoted, w.start) {
			continue
		}
		start := clauseStart(text, ws, i)
		opens := start == startEnd || start == startClause || i == 0 // a clause whose head sets the chain
		if start == startEnd {
			// An order's chain and a condition end with their sentence,
			// not at a colon or a bracket inside it ("Llámanos (de 10 a
			// 14) o escribe").
			chain, cond = false, false
			start = startSentence
		}
		ctx := context{
			prev:     prevWord(text, ws, i),
			next:     nextWord(text, ws, i),
			nextName: nextName(text, ws, i),
			head:     start == startSentence || start == startClause && (chain || cond),
			after:    start == startAnd && chain,
			list:     list,
			verb:     verb,
			chained:  (chain || cond) && (start == startClause || start == startAnd),
		}
		if start == startSentence && r.lang.conditional[lower(word)] {
			cond = true
		}
		out, order, ok := r.lang.rewrite(word, ctx)
		if opens {
			chain = order
		} else if start != startNone && order {
			chain = true
		}
		if !ok || out == word {
			continue
		}
		b.WriteString(text[last:w.start])
		b.WriteString(out)
		last = w.end
		n++
	}
	if n == 0 {
		return text, 0
	}
	b.WriteString(text[last:])
	return b.String(), n
}

// context is what a word's rewrite reads around it.
type context struct {
	prev, next string // the words before and after it, lower case
	nextName   bool   // the word after it is capitalised mid-sentence: a name ("Prueba Respira gratis")
	head       bool   // it opens a sentence, or a clause after a condition or an order
	after      bool   // it follows "y" or "o" after an order ("Elige y paga")
	list       bool   // the text is a list item
	chained    bool   // the clause before it opened with an order: "Busca tu talla, paga con tarjeta"
	verb       bool   // the text holds a verb said to the reader (spanish.speaksTo)
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

const (
	startNone     = iota
	startEnd      // after . ! or ?: a new sentence
	startSentence // the text's start, or after ¿ ¡ : ; ( or a dash
	startClause   // after a comma
	startAnd      // after "y", "o", "e" or "u" that follow a comma or an order
)

// clauseStart says where word i stands: at a sentence's head, at a
// clause's after a comma, or after a conjunction.
func clauseStart(text string, ws []span, i int) int {
	from := 0
	if i > 0 {
		from = ws[i-1].end
	}
	gap := text[from:ws[i].start]
	if i == 0 {
		return startSentence
	}
	if strings.ContainsAny(gap, ".!?") {
		return startEnd
	}
	// A private-use character stands for a line a caller keeps out of the
	// rewrite (a guarantee): a sentence of its own.
	if strings.ContainsAny(gap, "¿¡:;(–—\n") || strings.Contains(gap, " - ") || strings.IndexFunc(gap, func(r rune) bool { return unicode.Is(unicode.Co, r) }) >= 0 {
		return startSentence
	}
	if strings.Contains(gap, ",") {
		return startClause
	}
	if i > 0 {
		switch lower(text[ws[i-1].start:ws[i-1].end]) {
		case "y", "o", "e", "u":
			return startAnd
		}
	}
	return startNone
}

func prevWord(text string, ws []span, i int) string {
	if i == 0 {
		return ""
	}
	gap := text[ws[i-1].end:ws[i].start]
	if strings.ContainsAny(gap, ".!?¿¡:;,()–—\n") {
		return ""
	}
	return lower(text[ws[i-1].start:ws[i-1].end])
}

func nextWord(text string, ws []span, i int) string {
	if i+1 >= len(ws) {
		return ""
	}
	gap := text[ws[i].end:ws[i+1].start]
	if strings.ContainsAny(gap, ".!?¿¡:;,()–—\n") {
		return ""
	}
	return lower(text[ws[i+1].start:ws[i+1].end])
}

func nextName(text string, ws []span, i int) bool {
	if nextWord(text, ws, i) == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[ws[i+1].start:])
	return unicode.IsUpper(r)
}

func inSpans(s [][2]int, i int) bool {
	for _, x := range s {
		if i >= x[0] && i < x[1] {
			return true
		}
	}
	return false
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
