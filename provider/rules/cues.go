package rules

import (
	"slices"
	"strings"
	"sync"

	"github.com/marketingfork/fork"
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
	// stems are the cues that are a word's start ("rembours*"), by their
	// first byte: a word is asked only for the stems it could start with.
	stems [256][]int
	// phrases maps the first word of a cue of several ("money back",
	// "trusted by") to its place: a line without that word cannot hold
	// it, and one with it is asked containsWord.
	phrases map[string][]int
	// odd are cues that do not start with a word: always asked.
	odd []int
}

// catalogCues are the catalog's profiles' cue sets, built once and only
// read after: a fork asks for eleven profiles' sets to say which profiles
// the page serves better, and building them was a twentieth of a fork.
var catalogCues = sync.OnceValue(func() map[string]*cueSet {
	out := map[string]*cueSet{}
	for _, p := range fork.Profiles() {
		out[p.Substance.Lead] = newCueSet(p.Substance.Cues)
	}
	return out
})

// cuesOf is the cue set of s: the catalog's, built once, where s is a
// catalog profile's substance as the catalog has it; a new one otherwise.
func cuesOf(s fork.Substance) *cueSet {
	if cs, ok := catalogCues()[s.Lead]; ok && slices.Equal(cs.cues, s.Cues) {
		return cs
	}
	return newCueSet(s.Cues)
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
			cs.stems[phrase[0]] = append(cs.stems[phrase[0]], i)
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
	for _, w := range words {
		for _, i := range cs.stems[w[0]] {
			if strings.HasPrefix(w, strings.TrimSuffix(cs.cues[i], "*")) {
				found = append(found, i)
			}
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

// any reports whether l holds a cue at all, as len(hits(lower, words)) > 0
// would, without listing them: most lines of a page hold none of a
// profile's cues, and asking that alone is the common question.
func (cs *cueSet) any(lower string, words []string) bool {
	for _, w := range words {
		if len(cs.exact[w]) > 0 {
			return true
		}
	}
	for _, w := range words {
		for _, i := range cs.phrases[w] {
			if containsWord(lower, cs.cues[i]) {
				return true
			}
		}
	}
	for _, w := range words {
		for _, i := range cs.stems[w[0]] {
			if strings.HasPrefix(w, strings.TrimSuffix(cs.cues[i], "*")) {
				return true
			}
		}
	}
	for _, i := range cs.odd {
		if containsWord(lower, cs.cues[i]) {
			return true
		}
	}
	return false
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
