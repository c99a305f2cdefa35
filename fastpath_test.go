package fork

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/ledger"
)

// wordIndex holds a text's words, sorted with their counts: how
// guessAudience read the profiles' word signals before wordCueCounter,
// kept as the plain reading it is held to.
type wordIndex struct {
	words  []string
	counts []int
}

// wordCounts indexes text's words, the runs between ASCII bytes that are
// no word bytes. Each word is counted in a map and only the distinct words
// are sorted: a page says "the" and "you" hundreds of times. The bytes are
// read one by one, as no separator is a byte of a longer rune
// (FuzzWordCounts holds it to splitting with strings.FieldsFunc).
func wordCounts(text string) wordIndex {
	counts := make(map[string]int, len(text)/16)
	start := -1
	for i := 0; i < len(text); i++ {
		if c := text[i]; c < utf8.RuneSelf && !isWordByte(c) {
			if start >= 0 {
				counts[text[start:i]]++
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		counts[text[start:]]++
	}
	idx := wordIndex{words: make([]string, 0, len(counts))}
	for w := range counts {
		idx.words = append(idx.words, w)
	}
	sort.Strings(idx.words)
	idx.counts = make([]int, len(idx.words))
	for i, w := range idx.words {
		idx.counts[i] = counts[w]
	}
	return idx
}

// count matches cue as countCue does: a whole word when short, a word
// start (a stem such as "sustainab") when longer than five letters.
func (idx wordIndex) count(cue string) int {
	n := 0
	for i := sort.SearchStrings(idx.words, cue); i < len(idx.words) && strings.HasPrefix(idx.words[i], cue); i++ {
		if len(cue) > 5 || idx.words[i] == cue {
			n += idx.counts[i]
		}
		if len(cue) <= 5 {
			break
		}
	}
	return n
}

// FuzzWordCounts holds wordCounts to the plain reading: the text split
// with strings.FieldsFunc, sorted, and equal words counted, on any bytes.
func FuzzWordCounts(f *testing.F) {
	for _, s := range []string{"", " ", "the cat and the hat", "a-b a-b; naïve naïve x\xff y", "14-day trial, 14-day", "ÄÖ ä\u00a0ö"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fields := strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && !isWordByte(byte(r)) })
		sort.Strings(fields)
		var want wordIndex
		for _, w := range fields {
			if n := len(want.words); n > 0 && want.words[n-1] == w {
				want.counts[n-1]++
				continue
			}
			want.words = append(want.words, w)
			want.counts = append(want.counts, 1)
		}
		got := wordCounts(s)
		if len(got.words) != len(want.words) || len(got.words) > 0 && !reflect.DeepEqual(got, want) {
			t.Fatalf("wordCounts(%q) = %v; plain reading %v", s, got, want)
		}
	})
}

// FuzzCueTable holds cueTable.first to the plain reading, containsCue
// asked of each cue in list order, on any text, lower case or not.
func FuzzCueTable(f *testing.F) {
	for _, s := range []string{"", "tired of waiting? so you can stop ", "struggling", "off office offer", "trusted by 10 customers", "imagine-after", "problème ärger\xff no more", "stop"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, text := range []string{s, strings.ToLower(s)} {
			got := make([]int, len(cueIndex.patterns))
			cueIndex.first(text, got)
			for i, p := range cueIndex.patterns {
				want := -1
				for k, c := range patternCues[p] {
					if containsCue(text, c) {
						want = k
						break
					}
				}
				if got[i] != want {
					t.Fatalf("%s cues in %q: first %d; plain reading %d", p, text, got[i], want)
				}
			}
		}
	})
}

// FuzzPhraseCounter holds phraseCounter.counts, which reads a text once
// for all its cues, to countCue asked of each cue, on any text, with the
// audience table's phrases and a cue of the fuzzer's own.
func FuzzPhraseCounter(f *testing.F) {
	for _, s := range []string{"", "no hidden fees, no hidden-fees; money back money back", "cancel anytime.cancel anytime", "100% 100%% x100%", "sans engagement\xff sin letra chica", "no-no-no"} {
		f.Add(s, "no")
	}
	f.Add("aaaa", "aa")
	f.Add("long-cue long-cues long-cue", "long-cue")
	f.Fuzz(func(t *testing.T, s, cue string) {
		cues := slices.Clone(audience.phrases.cues)
		if cue != "" {
			cues = append(cues, cue)
		}
		pc := newPhraseCounter(cues)
		for _, text := range []string{s, strings.ToLower(s)} {
			got := pc.counts(text)
			for k, c := range cues {
				if want := countCue(text, c, 0); got[k] != want {
					t.Fatalf("%q in %q: counted %d; countCue %d", c, text, got[k], want)
				}
			}
		}
	})
}

// TestAudienceTable holds the audience table to the catalog it was taken
// from: every profile, in order, with its signals.
func TestAudienceTable(t *testing.T) {
	ps := Profiles()
	if len(audience.profiles) != len(ps) {
		t.Fatalf("%d profiles in the table; the catalog has %d", len(audience.profiles), len(ps))
	}
	for i, p := range ps {
		ap := audience.profiles[i]
		if ap.name != p.Name || !slices.Equal(ap.signals, p.Signals) {
			t.Fatalf("profile %d: table %s %v; catalog %s %v", i, ap.name, ap.signals, p.Name, p.Signals)
		}
		for k, s := range p.Signals {
			if phrase := strings.ContainsAny(s, " -%"); phrase != (ap.phrase[k] >= 0) || phrase && audience.phrases.cues[ap.phrase[k]] != s {
				t.Fatalf("profile %s signal %q: phrase index %d", p.Name, s, ap.phrase[k])
			}
			if word := !strings.ContainsAny(s, " -%"); word != (ap.word[k] >= 0) || word && audience.words.cues[ap.word[k]] != s {
				t.Fatalf("profile %s signal %q: word index %d", p.Name, s, ap.word[k])
			}
		}
	}
}

// FuzzWordCueCounter holds wordCueCounter.counts, which looks each of a
// text's words up among the cues, to the plain reading, an index of the
// text's words asked of each cue, on any text, with the audience table's
// word signals and a cue of the fuzzer's own.
func FuzzWordCueCounter(f *testing.F) {
	for _, s := range []string{"", "love love lovely loves; passionate passion passionn", "sustainable sustainab sustainability", "génial géniale incrível x\xff y", "fun-fun fun.fun FUN fun", "studies study studying"} {
		f.Add(s, "love")
	}
	f.Add("abcdef abcdefg abcde", "abcdef")
	f.Add("a\u00a0b a", "a\u00a0b")
	f.Fuzz(func(t *testing.T, s, cue string) {
		cues := slices.Clone(audience.words.cues)
		if cue != "" && !slices.Contains(cues, cue) {
			cues = append(cues, cue)
		}
		wc := newWordCueCounter(cues)
		for _, text := range []string{s, strings.ToLower(s)} {
			got, idx := wc.counts(text), wordCounts(text)
			for k, c := range cues {
				if want := idx.count(c); got[k] != want {
					t.Fatalf("%q in %q: counted %d; the word index %d", c, text, got[k], want)
				}
			}
		}
	})
}

// TestFactKindsUnjoined holds factKey's pair to the string it replaced,
// kind+"|"+value: two facts compare equal by the pair exactly when they
// did by the string, as long as no kind holds a '|', which this checks of
// every kind the ledger names and of every fact the corpus pages give.
func TestFactKindsUnjoined(t *testing.T) {
	kinds := []ledger.Kind{ledger.KindPrice, ledger.KindPercentage, ledger.KindQuantity, ledger.KindNumber, ledger.KindDate,
		ledger.KindName, ledger.KindURL, ledger.KindEmail, ledger.KindPhone, ledger.KindGuarantee, ledger.KindLegal, ledger.KindClaim, ledger.KindCode}
	for _, k := range kinds {
		if strings.Contains(string(k), "|") {
			t.Fatalf("kind %q holds a '|': factKey's pair would tell apart facts the joined string did not", k)
		}
	}
	pages, _ := filepath.Glob("testdata/pages/*.html")
	for _, path := range pages {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := New().Extract(context.Background(), Source{HTML: string(raw)})
		if err != nil {
			continue
		}
		for _, f := range ex.Ledger {
			if !slices.Contains(kinds, f.Kind) {
				t.Fatalf("%s: fact kind %q is not in the list this test checks", path, f.Kind)
			}
		}
	}
}
