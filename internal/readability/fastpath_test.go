package readability

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

// FuzzIndexApostrophe holds indexApostrophe to strings.IndexAny, the
// plain reading, on any text, invalid UTF-8 included.
func FuzzIndexApostrophe(f *testing.F) {
	for _, s := range []string{"", "don't", "don’t", "donʼt", "\xe2\x80", "\xe2\xe2\x80\x99", "\xca\xca\xbc'", "a\xff’", "‘quoted’ \u02bc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := indexApostrophe(s), strings.IndexAny(s, "'’ʼ"); got != want {
			t.Fatalf("indexApostrophe(%q) = %d; strings.IndexAny %d", s, got, want)
		}
	})
}

// FuzzSyllables holds syllables, which reads a word without a hyphen
// whole, to the plain reading: every word split at its hyphens.
func FuzzSyllables(f *testing.F) {
	for _, s := range []string{"", "-", "state-of-the-art", "co\u2011op", "re\u2010use", "COVID-19", "naïve", "\xe2\x80", "x\xe2y", "--a--"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, word string, li uint8) {
		base := tag(fuzzLangs[int(li)%len(fuzzLangs)]).Base()
		want := 0
		for _, part := range strings.FieldsFunc(word, isHyphen) {
			want += partSyllables(part, base)
		}
		if got := syllables(word, base); got != max(want, 1) {
			t.Fatalf("syllables(%q, %q) = %d; plain reading %d", word, base, got, max(want, 1))
		}
	})
}

// countLinePlain is countLine as written before it read words in place:
// each sentence copied out by Sentences' splitter, then split into words.
func countLinePlain(line, base string, counted map[string]int) lineCounts {
	var c lineCounts
	var ws []string
	for _, s := range splitLine(nil, []rune(line)) {
		ws = appendWords(ws[:0], s)
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
	return c
}

// FuzzCountLine holds countLine, which reads a sentence's words in the
// line itself, to the plain reading through Sentences' copies, on any
// line, invalid UTF-8 and every kind of white space included, with buffers
// left dirty by a line before.
func FuzzCountLine(f *testing.F) {
	for _, s := range []string{
		"", "The cat sat on the mat. It was happy.", "Wir bieten z. B. Kurse an. Am 3. Mai!",
		"¡Hola! ¿Cómo estás?Bien.", "« C'est génial ! » l'amour… d'accord", "$4.99... 1,058 !!! ?! -- '' ’s n't",
		"\xff\xfe\x00 e\u0301 \u2028 end. Next", "  Lead space.  Trail space.\u00a0 \u3000Ideographic. ", "Dr. Smith, e.g. U.S. a.m. No. 5 Plan B. Then",
		"Wait… what? \"Wow!\" she said. (Really.) Done", "naïve café: state-of-the-art, co\u2011op. 1.058 x", ". . . ! ? ...",
		"ok.\xffBad. \xe2\x80 cut", "Ünïcödé Wörds. Más información aquí.",
	} {
		f.Add(s, uint8(0), "Some earlier line, longer than this one. Yes.")
	}
	f.Fuzz(func(t *testing.T, line string, li uint8, before string) {
		base := tag(fuzzLangs[int(li)%len(fuzzLangs)]).Base()
		var sc lineScratch
		countLine(before, base, map[string]int{}, &sc)
		got := countLine(line, base, map[string]int{}, &sc)
		if want := countLinePlain(line, base, map[string]int{}); got != want {
			t.Fatalf("countLine(%q, %q) = %+v; plain reading %+v", line, base, got, want)
		}
	})
}

// syllablesENPlain is syllablesEN as written before enHeadsBy: every head
// cut off the word in turn, and the rune beside a cut read from a []rune.
func syllablesENPlain(w string) int {
	if n, ok := enExceptions[w]; ok {
		return n
	}
	for _, h := range enHeads {
		rest, ok := strings.CutPrefix(w, h.head)
		if !ok || rest == "" {
			continue
		}
		if h.tails != nil {
			if h.tails[rest] {
				return h.n + syllablesENPlain(rest)
			}
			continue
		}
		if first := []rune(rest)[0]; len(rest) >= 2 && !isVowel(first) && first != 'y' && strings.ContainsAny(rest, "aeiouy") {
			return h.n + syllablesENPlain(rest)
		}
	}
	for _, s := range enSuffixes {
		stem, ok := strings.CutSuffix(w, s.suffix)
		if !ok || len(stem) < 3 || !strings.HasSuffix(stem, "e") {
			continue
		}
		rs := []rune(stem)
		if before := rs[len(rs)-2]; !isVowel(before) && before != 'y' {
			return max(syllablesENPlain(stem), 1) + s.n
		}
	}
	return englishCore([]rune(w), w)
}

// FuzzSyllablesEN holds syllablesEN, which tries only the heads a word
// opens with and decodes the runes beside a cut in place, to the plain
// reading, on the letters of any text, invalid UTF-8 included.
func FuzzSyllablesEN(f *testing.F) {
	for _, s := range []string{"", "e", "everyone", "sometimes", "homepage", "completely", "management", "thereby", "moreover", "carefully", "hopeless", "statement", "anywhere", "lifetime", "time", "timé", "tim\xffe", "some\xff", "caféless", "ñely", "idea", "creature", "reaction", "being"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// The words partSyllables gives the rules: lower-case letters,
		// no more than maxRuledWord of them.
		letters, _ := lowerLetters(s)
		if len(letters) > maxRuledWord {
			return
		}
		w := string(letters)
		if got, want := syllablesEN(w), syllablesENPlain(w); got != want {
			t.Fatalf("syllablesEN(%q) = %d; plain reading %d", w, got, want)
		}
	})
}

// unquoted is text with its quoted spans blanked out: how Contractions
// read a text before it skipped the spans in place.
func unquoted(text string) string {
	q := Quoted(text)
	if len(q) == 0 {
		return text
	}
	b := []byte(text)
	for _, sp := range q {
		for i := sp[0]; i < sp[1]; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// contractionsPlain is Contractions as written before it read the text in
// place: a copy of the text with its quoted spans blanked out.
func contractionsPlain(text string) []string {
	if !strings.ContainsAny(text, "'’ʼ") {
		return nil // most copy in most languages: no word to look at
	}
	text = unquoted(text)
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
		start := strings.LastIndexFunc(text[:at], unicode.IsSpace) + 1
		end := len(text)
		if k := strings.IndexFunc(text[at:], unicode.IsSpace); k >= 0 {
			end = at + k
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

// FuzzContractions holds Contractions, which reads the text in place and
// skips its quoted spans, to the plain reading, which blanked them out in
// a copy, on any text: quotation marks of every kind, nested, crossed and
// unclosed, white space of every width, bytes that are no UTF-8.
func FuzzContractions(f *testing.F) {
	for _, s := range []string{
		"", "don't", "We're here. \"Don't list publicly\" isn't ours", "“It’s” what’s «l'amour» „we’re“ `can't`",
		"a\"b'c\"d'e", "\"x\"\"y's\"", "\"\" it's \"\"", "“a «b” c' d» e's", "tab\tdon't\u00a0won't\u2003can't",
		"\xff'\xe2\x80\x99s \"\xe2\x80\" it's", "it's\"", "\"open it's", "`a`b`c's`",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Contractions(s), contractionsPlain(s); !slices.Equal(got, want) {
			t.Fatalf("Contractions(%q) = %q; plain reading %q", s, got, want)
		}
	})
}
