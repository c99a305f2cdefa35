package rules

import (
	"slices"
	"strings"
)

// cueSet answers which of a profile's cue words a line holds with one
// lookup per word of the line, where asking containsWord for every cue
// scans the line once per cue: scoring every line of a page for twelve
// profiles was the engine's largest cost. Built once per profile and
// pass; it answers exactly as containsWord does (FuzzCueSet).
type cueSet struct {
	cues []string
	// exact maps a cue of one word ("refund") to its place in cues.
	exact map[string][]int
	// stems are the cues that are a word's start ("rembours*").
	stems []int
	// phrases maps the first word of a cue of several ("money back",
	// "trusted by") to its place: a line without that word cannot hold
	// it, and one with it is asked containsWord.
	phrases map[string][]int
	// odd are cues that do not start with a word: always asked.
	odd []int
}

// newCueSet indexes cues.
func newCueSet(cues []string) *cueSet {
	cs := &cueSet{cues: cues, exact: map[string][]int{}, phrases: map[string][]int{}}
	for i, c := range cues {
		phrase, stem := strings.CutSuffix(c, "*")
		words := lineWords(phrase)
		switch {
		case len(words) == 0 || !strings.HasPrefix(phrase, words[0]):
			cs.odd = append(cs.odd, i)
		case stem && words[0] == phrase:
			cs.stems = append(cs.stems, i)
		case !stem && words[0] == phrase:
			cs.exact[phrase] = append(cs.exact[phrase], i)
		default:
			cs.phrases[words[0]] = append(cs.phrases[words[0]], i)
		}
	}
	return cs
}

// hits returns the cues l holds, in the order of the cue list. lower is
// the line in lower case, words its words (lineWords).
func (cs *cueSet) hits(lower string, words []string) []string {
	var found []int
	for _, w := range words {
		found = append(found, cs.exact[w]...)
		for _, i := range cs.phrases[w] {
			if containsWord(lower, cs.cues[i]) {
				found = append(found, i)
			}
		}
	}
	for _, i := range cs.stems {
		stem := strings.TrimSuffix(cs.cues[i], "*")
		if slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, stem) }) {
			found = append(found, i)
		}
	}
	for _, i := range cs.odd {
		if containsWord(lower, cs.cues[i]) {
			found = append(found, i)
		}
	}
	if len(found) == 0 {
		return nil
	}
	slices.Sort(found)
	found = slices.Compact(found)
	out := make([]string, len(found))
	for k, i := range found {
		out[k] = cs.cues[i]
	}
	return out
}

// lineWords cuts a lower-case line into its words: the runs of word runes
// (isWordRune) that containsWord reads as whole words.
func lineWords(lower string) []string {
	var out []string
	start := -1
	for i, r := range lower {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, lower[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, lower[start:])
	}
	return out
}
