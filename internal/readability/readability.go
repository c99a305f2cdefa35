// Package readability measures landing-page copy: sentence and word counts,
// syllables, and the readability formulas that were calibrated for the
// language the copy is written in.
//
// Everything here is a heuristic built for short marketing text. The counts
// are meant to compare a source page with its rewrite, so being consistent
// matters more than matching a dictionary's syllabification word for word.
package readability

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/langtag"
)

// Stats are the measurable properties of a text.
type Stats struct {
	// Sentences counts sentences that hold at least one word, so stray
	// punctuation lines ("***", "—") do not dilute the averages.
	Sentences int `json:"sentences"`
	// Words counts the tokens returned by Words.
	Words int `json:"words"`
	// Syllables is the sum of Syllables over all words, in the text's language.
	Syllables int `json:"syllables"`
	// LongWords counts words with more than six letters; LIX needs it.
	LongWords int `json:"long_words"` // > 6 letters, for LIX
	// AvgSentence is words per sentence, rounded to one decimal.
	AvgSentence float64 `json:"avg_sentence_words"`
	// LongestSentence is the word count of the longest sentence.
	LongestSentence int `json:"longest_sentence_words"`
	// Contractions counts English contractions (don't, it's, we're, you'll);
	// French elision (l', d', j') is grammar, not register, so it does not count.
	Contractions int `json:"contractions"`
	// Exclamations counts runs of exclamation marks: "Wow!!!" is one
	// exclamation, as is "Really?!".
	Exclamations int `json:"exclamations"`
}

// Scores are readability formulas; only the ones that apply to the language
// are set (others nil, so they are omitted in JSON).
type Scores struct {
	// Language is the base language the scores were computed for ("en" for
	// "en-GB").
	Language string `json:"language"`
	// FleschReadingEase is set for English.
	FleschReadingEase *float64 `json:"flesch_reading_ease,omitempty"` // en
	// FleschKincaidGrade is set for English.
	FleschKincaidGrade *float64 `json:"flesch_kincaid_grade,omitempty"` // en
	// FernandezHuerta is set for Spanish.
	FernandezHuerta *float64 `json:"fernandez_huerta,omitempty"` // es
	// KandelMoles is set for French.
	KandelMoles *float64 `json:"kandel_moles,omitempty"` // fr
	// Amstad is set for German.
	Amstad *float64 `json:"amstad,omitempty"` // de
	// Gulpease is set for Italian.
	Gulpease *float64 `json:"gulpease,omitempty"` // it
	// FleschDouma is set for Dutch.
	FleschDouma *float64 `json:"flesch_douma,omitempty"` // nl
	// LIX is computed for every language because it needs no syllables.
	LIX float64 `json:"lix"` // every language
}

// Measure counts the properties of text and computes the readability
// formulas that fit lang, of which only the base language matters ("en-GB"
// is scored as "en"). The zero Tag (a language nobody could tell) gets LIX
// alone: a guess would put English formulas on text of unknown language.
//
// The formulas, with ASL = words/sentences and ASW = syllables/words, each
// rounded to one decimal:
//
//	Flesch reading ease (en)   206.835 − 1.015·ASL − 84.6·ASW
//	Flesch–Kincaid grade (en)  0.39·ASL + 11.8·ASW − 15.59
//	Fernández-Huerta (es)      206.84 − 0.60·P − 1.02·ASL, P = syllables per 100 words
//	Kandel & Moles (fr)        207 − 1.015·ASL − 73.6·ASW
//	Amstad (de)                180 − ASL − 58.5·ASW
//	Gulpease (it)              89 + (300·sentences − 10·letters)/words
//	Flesch–Douma (nl)          206.84 − 0.77·P − 0.93·ASL, P = syllables per 100 words
//	LIX (all)                  ASL + 100·long words/words
//
// Gulpease (Lucisano and Piemontese, 1988) counts letters instead of
// syllables; letters are those of the words, so digits and punctuation do
// not count. Flesch–Douma (Douma, 1960) is Flesch's formula refitted to
// Dutch word and sentence lengths; 0.77·P equals 77·ASW.
//
// Fernández-Huerta is used in its corrected form, with F as words per
// sentence: the 1959 paper described F as sentences per 100 words, which
// makes longer sentences read as easier. 0.60·P equals 60·ASW, the form
// other tools (textstat, legible.es) use.
//
// A text without words has zero Stats, LIX 0 and no language formulas: a
// Flesch score of 206.8 for an empty page would read as "very easy".
func Measure(text string, lang langtag.Tag) (Stats, Scores) {
	return measure(text, lang, nil)
}

// A Meter measures texts as Measure does, keeping each line's counts: the
// texts of one fork (the page, each draft, the result) share most of their
// lines, and a line is counted once however many of them hold it. Lines
// can be counted apart because every line is a sentence break (see
// Sentences) and the counts add up. The zero Meter is ready; it is not
// safe for concurrent use.
type Meter struct {
	lines map[meterKey]lineCounts
	// counted holds each word's syllables by language, as measure's own
	// per-call cache does: a draft's new lines are mostly the page's
	// words, counted when the page was measured.
	counted map[string]map[string]int
}

type meterKey struct{ base, line string }

// lineCounts are the counts of one line: Stats' sentence, word, syllable
// and long-word counts, its longest sentence, and its letters (Gulpease).
type lineCounts struct {
	sentences, words, syllables, longWords, letters, longest int
}

// Measure is Measure with the lines counted before taken from m.
func (m *Meter) Measure(text string, lang langtag.Tag) (Stats, Scores) {
	if m.lines == nil {
		// Sized for the first text's lines, a line in about 64 bytes.
		m.lines = make(map[meterKey]lineCounts, len(text)/64)
	}
	return measure(text, lang, m)
}

// measure is Measure, reading each line's counts from m where m is not
// nil and holds them.
func measure(text string, lang langtag.Tag, m *Meter) (Stats, Scores) {
	base := lang.Base()
	var st Stats
	letters := 0 // for Gulpease
	// A page repeats its words (its name, "the", "your"): each is counted
	// once per call, or once per Meter.
	var counted map[string]int
	// Sized once for about the words a text of this length holds apart
	// (a word in 32 bytes), rather than grown by doubling from empty.
	if m != nil {
		if counted = m.counted[base]; counted == nil {
			if m.counted == nil {
				m.counted = map[string]map[string]int{}
			}
			counted = make(map[string]int, len(text)/32)
			m.counted[base] = counted
		}
	} else {
		counted = make(map[string]int, len(text)/32)
	}
	var scratch lineScratch // one set of buffers for every line
	for _, line := range lines(text) {
		var c lineCounts
		if m == nil {
			c = countLine(line, base, counted, &scratch)
		} else {
			k := meterKey{base, line}
			var ok bool
			if c, ok = m.lines[k]; !ok {
				c = countLine(line, base, counted, &scratch)
				m.lines[k] = c
			}
		}
		st.Sentences += c.sentences
		st.Words += c.words
		st.Syllables += c.syllables
		st.LongWords += c.longWords
		st.LongestSentence = max(st.LongestSentence, c.longest)
		letters += c.letters
	}
	st.Contractions = len(Contractions(text))
	st.Exclamations = countExclamations(text)

	sc := Scores{Language: base}
	if st.Words == 0 || st.Sentences == 0 {
		return st, sc
	}
	asl := float64(st.Words) / float64(st.Sentences)
	asw := float64(st.Syllables) / float64(st.Words)
	st.AvgSentence = round1(asl)
	sc.LIX = round1(asl + 100*float64(st.LongWords)/float64(st.Words))
	switch base {
	case "en":
		sc.FleschReadingEase = ptr(round1(206.835 - 1.015*asl - 84.6*asw))
		sc.FleschKincaidGrade = ptr(round1(0.39*asl + 11.8*asw - 15.59))
	case "es":
		sc.FernandezHuerta = ptr(round1(206.84 - 0.60*(100*asw) - 1.02*asl))
	case "fr":
		sc.KandelMoles = ptr(round1(207 - 1.015*asl - 73.6*asw))
	case "de":
		sc.Amstad = ptr(round1(180 - asl - 58.5*asw))
	case "it":
		sc.Gulpease = ptr(round1(89 + (300*float64(st.Sentences)-10*float64(letters))/float64(st.Words)))
	case "nl":
		sc.FleschDouma = ptr(round1(206.84 - 0.77*(100*asw) - 0.93*asl))
	}
	return st, sc
}

// countLine counts one line's sentences, words, syllables (from counted
// where it has the word, into it where not), long words and letters. sc
// holds buffers for the line's runes and a sentence's words, kept for the
// next line.
//
// A sentence's words are read where they stand in line, not in a copy of
// the sentence: in valid UTF-8 each rune of rs is utf8.RuneLen bytes of
// line, so a rune span is a byte span, and white space at a sentence's
// ends (which Sentences trims) holds no word and ends none. A sentence
// without a word is no sentence, as Sentences drops it. A line that is not
// valid UTF-8 is read through the copies Sentences makes (FuzzCountLine
// holds both to that reading).
func countLine(line, base string, counted map[string]int, sc *lineScratch) lineCounts {
	var c lineCounts
	ws := sc.ws
	add := func(ws []string) {
		c.sentences++
		c.words += len(ws)
		c.longest = max(c.longest, len(ws))
		for _, w := range ws {
			syl, ok := counted[w]
			if !ok {
				syl = syllables(w, base)
				counted[w] = syl
			}
			c.syllables += syl
			n := letterCount(w)
			c.letters += n
			if n > 6 {
				c.longWords++
			}
		}
	}
	rs := sc.rs[:0]
	for _, r := range line {
		rs = append(rs, r)
	}
	sc.rs = rs
	if !utf8.ValidString(line) {
		for _, s := range splitLine(nil, rs) {
			ws = appendWords(ws[:0], s)
			add(ws)
		}
		sc.ws = ws
		return c
	}
	ri, bi := 0, 0 // a rune of rs and where it starts in line
	byteAt := func(r int) int {
		for ; ri < r; ri++ {
			bi += utf8.RuneLen(rs[ri])
		}
		return bi
	}
	eachSentence(rs, func(start, end int) {
		from := byteAt(start)
		ws = appendWords(ws[:0], line[from:byteAt(end)])
		if len(ws) > 0 {
			add(ws)
		}
	})
	sc.ws = ws
	return c
}

// lineScratch holds countLine's buffers from line to line: a line's runes
// and a sentence's words, which were made anew for every line.
type lineScratch struct {
	rs []rune
	ws []string
}

// round1 rounds to one decimal and folds −0 into 0, so JSON never shows "-0".
func round1(x float64) float64 {
	r := math.Round(x*10) / 10
	if r == 0 || math.IsNaN(r) || math.IsInf(r, 0) {
		return 0
	}
	return r
}

func ptr(f float64) *float64 { return &f }

func letterCount(w string) int {
	n := 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// enContractionS lists the stems whose "'s" is a contraction of "is"/"has";
// after any other stem it is a possessive ("Apple's"), which says nothing
// about register. "Everyone", "nothing" and their like are not among
// them: their "'s" is as often whose ("everyone's availability").
var enContractionS = map[string]bool{
	"it": true, "he": true, "she": true, "that": true, "what": true,
	"there": true, "here": true, "who": true, "where": true, "how": true,
	"let": true, "when": true, "why": true, "this": true,
}

// isContraction reports whether w is an English contraction. Only English
// suffixes are recognised; they all start with a consonant, whereas French
// elision always precedes a vowel or h ("l'amour", "j'habite"), so elided
// French words never match.
func isContraction(w string) bool {
	w = strings.ToLower(NormalizeApostrophes(w))
	i := strings.LastIndexByte(w, '\'')
	if i <= 0 || i == len(w)-1 {
		return false
	}
	stem, suffix := w[:i], w[i+1:]
	switch suffix {
	case "t":
		return strings.HasSuffix(stem, "n") // don't, can't, won't, isn't
	case "re", "ve", "ll", "m", "d":
		return true
	case "s":
		return enContractionS[stem]
	}
	return false
}

// apostrophes folds typographic apostrophes into ASCII. A Replacer is safe
// for concurrent use.
var apostrophes = strings.NewReplacer("’", "'", "ʼ", "'", "‘", "'")

// NormalizeApostrophes writes typographic apostrophes as ASCII ones, so
// "don’t" and "don't" count alike.
func NormalizeApostrophes(s string) string { return apostrophes.Replace(s) }

// countExclamations counts runs of sentence-final marks that contain an
// exclamation mark. A run, not a mark, is the unit because "!!!" is one
// exclamation said loudly; "¡" is not counted because it only opens what
// the closing "!" already counts.
func countExclamations(text string) int {
	n := 0
	inRun, runHasBang := false, false
	for i := 0; i < len(text); {
		if !inRun {
			// Outside a run only a mark matters: the ASCII bytes
			// that are none are passed over without a rune each.
			for i < len(text) && text[i] < utf8.RuneSelf && text[i] != '!' && text[i] != '?' {
				i++
			}
			if i == len(text) {
				break
			}
		}
		// An ASCII byte is its rune; other runes are decoded, an invalid
		// byte as U+FFFD, as ranging over text reads them.
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		i += size
		if r == '!' || r == '?' || r == '‼' || r == '⁉' || r == '⁈' || r == '⁇' || r == '！' || r == '？' {
			inRun = true
			if r != '?' && r != '⁇' && r != '？' {
				runHasBang = true
			}
			continue
		}
		if inRun && runHasBang {
			n++
		}
		inRun, runHasBang = false, false
	}
	if inRun && runHasBang {
		n++
	}
	return n
}

// quotePairs are the quotation marks whose contents are quoted text.
var quotePairs = [][2]string{{"\"", "\""}, {"“", "”"}, {"«", "»"}, {"„", "“"}, {"`", "`"}}

// Quoted returns the byte spans [from, to) of text inside quotation marks
// (straight, curly, guillemets, German low-high, backticks), each pair
// closed; an unclosed mark quotes nothing.
func Quoted(text string) [][2]int {
	var out [][2]int
	for _, q := range quotePairs {
		for from := 0; from < len(text); {
			i := strings.Index(text[from:], q[0])
			if i < 0 {
				break
			}
			open := from + i + len(q[0])
			j := strings.Index(text[open:], q[1])
			if j < 0 {
				break
			}
			out = append(out, [2]int{open, open + j})
			from = open + j + len(q[1])
		}
	}
	return out
}

// indexApostrophe is strings.IndexAny(s, "'’ʼ") read byte by byte: it
// runs over the whole text of every measure, where IndexAny, given a set
// that is not ASCII, decodes each rune and looks it up in the set. The two
// marks that are not ASCII open with a lead byte (0xE2, 0xCA), which
// starts a rune wherever it stands, so a match found by bytes is one found
// by runes (FuzzIndexApostrophe).
func indexApostrophe(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'':
			return i
		case 0xE2: // ’ is E2 80 99
			if strings.HasPrefix(s[i:], "’") {
				return i
			}
		case 0xCA: // ʼ is CA BC
			if strings.HasPrefix(s[i:], "ʼ") {
				return i
			}
		}
	}
	return -1
}

// Contractions lists text's English contractions in order, outside
// quotation marks: a contraction inside them is someone's words or a label
// the page shows ("Don't list publicly"), which the copy cannot change.
//
// The text is read in place, its quoted spans skipped, where a copy with
// them blanked out was read before: an apostrophe in a span is none, and a
// span ends a token as white space does (FuzzContractions holds it to
// that reading).
func Contractions(text string) []string {
	if indexApostrophe(text) < 0 {
		return nil // most copy in most languages: no word to look at
	}
	blank := blankSpans(Quoted(text))
	var out []string
	// Only a word with an apostrophe may be one, and no word spans white
	// space: the words of the space-delimited token around each apostrophe
	// are all there is to read.
	for i := 0; i < len(text); {
		j := indexApostrophe(text[i:])
		if j < 0 {
			break
		}
		at := i + j
		// k is the first blanked span that does not end before at.
		k := sort.Search(len(blank), func(k int) bool { return blank[k][1] > at })
		if k < len(blank) && blank[k][0] <= at {
			i = blank[k][1] // a quoted apostrophe: read on after its span
			continue
		}
		lo, hi := 0, len(text) // the unquoted stretch around at
		if k > 0 {
			lo = blank[k-1][1]
		}
		if k < len(blank) {
			hi = blank[k][0]
		}
		start := lo
		if s := strings.LastIndexFunc(text[lo:at], unicode.IsSpace); s >= 0 {
			start = lo + s + 1
		}
		end := hi
		if e := strings.IndexFunc(text[at:hi], unicode.IsSpace); e >= 0 {
			end = at + e
		}
		for _, w := range Words(text[start:end]) {
			if isContraction(w) {
				out = append(out, w)
			}
		}
		i = end
	}
	return out
}

// blankSpans is the union of quoted spans, sorted, without the empty ones:
// the bytes unquoted blanks out. A span runs from right after an opening
// mark to its closing mark, so each stretch between two of them starts
// with a closing mark and ends with an opening one, whole runes both.
func blankSpans(q [][2]int) [][2]int {
	var out [][2]int
	for _, sp := range q {
		if sp[0] < sp[1] {
			out = append(out, sp)
		}
	}
	if len(out) < 2 {
		return out
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	merged := out[:1]
	for _, sp := range out[1:] {
		if last := &merged[len(merged)-1]; sp[0] <= last[1] {
			last[1] = max(last[1], sp[1])
			continue
		}
		merged = append(merged, sp)
	}
	return merged
}
