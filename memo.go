package fork

import (
	"strings"

	"github.com/marketingfork/fork/internal/langdetect"
	"github.com/marketingfork/fork/internal/ledger"
	"github.com/marketingfork/fork/internal/readability"
)

// forkMemo keeps what the verifications and the result of one fork would
// otherwise compute again: a draft's unchanged blocks read as the
// source's, and the retry and each fallback round change only some blocks,
// so most of every draft's text was read before, and most of the page's
// prose too. Each plan the Forker makes gets one (Extraction.memo), used
// by one goroutine and never shared: each entry is keyed by the text it
// was computed from, or derived from the plan alone, which a fork does not
// change.
type forkMemo struct {
	// meter counts the prose's readability line by line.
	meter readability.Meter
	// srcLower is the plan's source text and links in lower case, and
	// srcWords its words (checkInvented, properNames); both are built
	// when first needed.
	srcLower string
	srcWords map[string]bool
	// pageTexts are the page's blocks as analyse read them, and
	// pageLower their texts in lower case, each ended by a line break:
	// the first part of srcLower where the plan's blocks read the same.
	pageTexts []Block
	pageLower string
	// langs holds langdetect.Detect's answer by the sample it read.
	langs map[string]detected
	// ledger keeps the facts of each block a draft rewrote.
	ledger ledger.Memo
}

// measure is readability.Measure(text, lang), with the lines counted
// before taken from m; a nil m (an extraction made for no fork) counts
// them all.
func (m *forkMemo) measure(text string, lang Language) (readability.Stats, readability.Scores) {
	if m == nil {
		return readability.Measure(text, lang)
	}
	return m.meter.Measure(text, lang)
}

// detected is what langdetect.Detect said of a sample.
type detected struct {
	lang string
	conf float64
}

// detect is langdetect.Detect(sample), read once per sample.
func (m *forkMemo) detect(sample string) (string, float64) {
	if d, ok := m.langs[sample]; ok {
		return d.lang, d.conf
	}
	lang, conf := langdetect.Detect(sample)
	if m.langs == nil {
		m.langs = map[string]detected{}
	}
	m.langs[sample] = detected{lang, conf}
	return lang, conf
}

// sourceLower is the source blocks' text and then their links, in lower
// case: what a name or link the fork states is looked for in.
func (m *forkMemo) sourceLower(src []Block) string {
	if m.srcLower == "" {
		var sb strings.Builder
		if m.samePage(src) {
			// analyse lowered these texts already.
			sb.Grow(len(m.pageLower) + len(src))
			sb.WriteString(m.pageLower)
		} else {
			sb.WriteString(strings.ToLower(joinTexts(src)))
		}
		for _, b := range src {
			sb.WriteByte('\n')
			sb.WriteString(strings.ToLower(b.Href))
		}
		m.srcLower = sb.String()
	}
	return m.srcLower
}

// samePage reports whether src holds the texts analyse lowered, in the
// same order.
func (m *forkMemo) samePage(src []Block) bool {
	if m.pageTexts == nil || len(src) != len(m.pageTexts) {
		return false
	}
	for i := range src {
		if src[i].Text != m.pageTexts[i].Text {
			return false
		}
	}
	return true
}

// sourceWords is the set of words of sourceLower, which must have been
// read before.
func (m *forkMemo) sourceWords() map[string]bool {
	if m.srcWords == nil {
		m.srcWords = wordSet(m.srcLower)
	}
	return m.srcWords
}
