package readability

import (
	"regexp"
	"sort"
)

// invertedNegative is a negative contraction before its subject, as a
// question inverts them ("doesn't it make sense", "won't you join us"):
// written out it is "does not it", which is no English, and "does it not"
// changes a "don't you worry" into a question.
var invertedNegative = regexp.MustCompile(`(?i)\b\pL+n['’]t\s+(?:it|you|we|they|he|she|i|there|that|this|everyone|anyone)\b`)

// everIdiom is a contraction before "ever" ("the last editor you'll ever
// need", "the best we've ever made"): an idiom of emphasis, which written
// out ("you will ever need") reads stiff.
var everIdiom = regexp.MustCompile(`(?i)\b\pL+['’](?:ll|ve|d|re)\s+ever\b`)

// SpokenSpans are the spans of text whose contractions are spoken
// register that a businesslike page keeps: inverted negatives, idioms
// before "ever", and, with questions, whole questions ("who says you
// can't teach an old app new tricks?"), which written out lose their turn
// of phrase. They are in order and do not overlap. The professional
// layer's rewrite leaves them, and its check does not count them: one
// reading for both, so that a fork never fails its own layer for what it
// kept on purpose.
func SpokenSpans(text string, questions bool) [][2]int {
	var spans [][2]int
	start := 0
	for i := 0; questions && i < len(text); i++ {
		switch text[i] {
		case '.', '!', '\n':
			start = i + 1 // a line break ends a block's copy as a stop does
		case '?':
			spans = append(spans, [2]int{start, i + 1})
			start = i + 1
		}
	}
	for _, re := range []*regexp.Regexp{invertedNegative, everIdiom} {
		for _, l := range re.FindAllStringIndex(text, -1) {
			spans = append(spans, [2]int{l[0], l[1]})
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	var out [][2]int
	for _, sp := range spans {
		if n := len(out); n > 0 && sp[0] < out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], sp[1])
			continue
		}
		out = append(out, sp)
	}
	return out
}

// WrittenContractions are Contractions outside SpokenSpans (questions
// included): the ones a businesslike page writes out.
func WrittenContractions(text string) []string {
	spoken := SpokenSpans(text, true)
	if len(spoken) == 0 {
		return Contractions(text)
	}
	var out []string
	last := 0
	for _, sp := range spoken {
		out = append(out, Contractions(text[last:sp[0]])...)
		last = sp[1]
	}
	return append(out, Contractions(text[last:])...)
}
