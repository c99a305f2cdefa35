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

	"github.com/marketingfork/fork/internal/readability"
	"unicode"
	"unicode/utf8"
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

// For returns the rewriter for a language (an ISO 639-1 base such as
// "es"); ok is false for a language it has no rewriter for.
func For(base string) (r *Rewriter, ok bool) {
	switch base {
	case "es":
		return &Rewriter{formal: "usted", lang: newSpanish()}, true
	case "de":
		return &Rewriter{formal: "Sie", lang: newGerman()}, true
	case "fr":
		return &Rewriter{formal: "vous", lang: newFrench()}, true
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
	if _, isFrench := r.lang.(*french); isFrench {
		why = "the page says a verb to \"tu\" the engine cannot rewrite"
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

func (s *spanish) rewrite(text string, list bool) (string, int) {
	ws := words(text)
	if len(ws) == 0 {
		return text, 0
	}
	quoted := quotedWords(text, ws)
	verb := s.speaksTo(text, ws)
	var b strings.Builder
	last, n := 0, 0
	chain := false // an order came earlier in the sentence: "Llámanos (de 10 a 14, de lunes a viernes) o escribe"
	cond := false  // the sentence opened with "si" or "cuando"
	for i, w := range ws {
		word := text[w.start:w.end]
		if quoted[i] {
			continue
		}
		start := clauseStart(text, ws, i)
		opens := start == startEnd || i == 0 // a sentence, whose head sets the chain
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
		if start == startSentence && s.conditional[lower(word)] {
			cond = true
		}
		out, order, ok := s.rewriteWord(word, ctx)
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
