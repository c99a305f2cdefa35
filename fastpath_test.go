package fork

import (
	"reflect"
	"sort"
	"strings"
	"testing"
)

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
