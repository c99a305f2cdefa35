package rules

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// spelling is how a culture spells: US (-or, -er, -ize, single l), British
// (-our, -re, -ise, double l) or Canadian (-our, -re, -ize, double l).
type spelling int

const (
	spellingNone spelling = iota
	spellingUS
	spellingBritish
	spellingCanadian
)

// regionSpelling maps English regions to their spelling.
var regionSpelling = map[string]spelling{
	"US": spellingUS, "PH": spellingUS,
	"GB": spellingBritish, "AU": spellingBritish, "NZ": spellingBritish, "IE": spellingBritish,
	"ZA": spellingBritish, "IN": spellingBritish,
	"CA": spellingCanadian,
}

// spellingPairs are US and British spellings of the same word; the -ize
// and -ise pairs are kept apart because Canada spells -our but -ize.
var spellingPairs = [][2]string{
	{"color", "colour"}, {"colors", "colours"}, {"colorful", "colourful"}, {"favorite", "favourite"},
	{"favorites", "favourites"}, {"behavior", "behaviour"}, {"flavor", "flavour"}, {"flavors", "flavours"},
	{"honor", "honour"}, {"labor", "labour"}, {"neighbor", "neighbour"}, {"neighborhood", "neighbourhood"},
	{"center", "centre"}, {"centers", "centres"}, {"theater", "theatre"}, {"fiber", "fibre"},
	{"catalog", "catalogue"}, {"dialog", "dialogue"}, {"defense", "defence"}, {"offense", "offence"},
	{"traveling", "travelling"}, {"traveled", "travelled"}, {"traveler", "traveller"},
	{"canceled", "cancelled"}, {"canceling", "cancelling"}, {"labeled", "labelled"},
	{"modeling", "modelling"}, {"gray", "grey"}, {"jewelry", "jewellery"}, {"aluminum", "aluminium"},
	{"mom", "mum"}, {"moms", "mums"}, {"pajamas", "pyjamas"}, {"tire", "tyre"}, {"tires", "tyres"},
	{"enrollment", "enrolment"}, {"fulfill", "fulfil"}, {"skillful", "skilful"}, {"liter", "litre"},
	{"liters", "litres"}, {"milliliter", "millilitre"}, {"kilometer", "kilometre"}, {"kilometers", "kilometres"},
}

// izePairs are the -ize and -ise spellings.
var izePairs = [][2]string{
	{"organize", "organise"}, {"organized", "organised"}, {"organizing", "organising"}, {"organization", "organisation"},
	{"organizations", "organisations"}, {"realize", "realise"}, {"optimize", "optimise"}, {"optimized", "optimised"},
	{"customize", "customise"}, {"customized", "customised"}, {"personalize", "personalise"},
	{"personalized", "personalised"}, {"prioritize", "prioritise"}, {"recognize", "recognise"},
	{"recognized", "recognised"}, {"minimize", "minimise"}, {"maximize", "maximise"}, {"analyze", "analyse"},
	{"analyzed", "analysed"}, {"synchronize", "synchronise"}, {"apologize", "apologise"},
	{"specialized", "specialised"}, {"summarize", "summarise"}, {"authorize", "authorise"},
	{"authorized", "authorised"}, {"finalize", "finalise"}, {"visualize", "visualise"},
}

// cultureReferences are references that do not travel: flagged in the
// result for a person to judge, never silently kept or replaced.
var cultureReferences = map[string][]string{
	"US": {"black friday", "cyber monday", "thanksgiving", "fourth of july", "4th of july", "memorial day", "labor day",
		"super bowl", "home run", "touchdown", "slam dunk", "ballpark", "step up to the plate", "hail mary", "out of left field"},
	"GB": {"boxing day", "bank holiday", "bonfire night", "guy fawkes", "sticky wicket", "hit for six", "on the back foot"},
}

// cultureRules are one target culture's compiled rules.
type cultureRules struct {
	name       string      // "en-GB"
	spelling   []spellRule // spelling changes into the target's
	spellNames []string    // the same, as "color→colour", for rationales
	references []*regexp.Regexp
	refNames   []string
}

// newCulture compiles the rules for an English target region; other
// languages get no spelling rules.
func newCulture(lang, region string) *cultureRules {
	c := &cultureRules{name: lang + "-" + region}
	if lang != "en" || region == "" {
		return c
	}
	want, ok := regionSpelling[region]
	if !ok {
		return c
	}
	add := func(from, to string) {
		c.spelling = append(c.spelling, spellRule{from: from, to: to})
		c.spellNames = append(c.spellNames, from+"→"+to)
	}
	for _, p := range spellingPairs {
		if want == spellingUS {
			add(p[1], p[0])
		} else {
			add(p[0], p[1])
		}
	}
	for _, p := range izePairs {
		if want == spellingBritish {
			add(p[0], p[1])
		} else {
			add(p[1], p[0])
		}
	}
	// References from other cultures than the target's are flagged.
	for home, refs := range cultureReferences {
		if home == region || (home == "GB" && want == spellingBritish) {
			continue
		}
		for _, r := range refs {
			c.references = append(c.references, wordPattern(r))
			c.refNames = append(c.refNames, r)
		}
	}
	return c
}

// apply changes spelling and reports the changes and the flagged
// references found in text.
func (c *cultureRules) apply(text string) (string, []string, []string) {
	var changed, flagged []string
	lower := strings.ToLower(text)
	for i, r := range c.spelling {
		if !strings.Contains(lower, r.from) {
			continue
		}
		var n int
		if text, n = r.apply(text); n > 0 {
			changed = append(changed, c.spellNames[i])
			lower = strings.ToLower(text)
		}
	}
	for i, re := range c.references {
		if re.MatchString(text) {
			flagged = append(flagged, c.refNames[i])
		}
	}
	sort.Strings(flagged)
	return text, changed, flagged
}

func (c *cultureRules) rationale(changed []string) string {
	return fmt.Sprintf("culture %s: spelling %s", c.name, strings.Join(changed, ", "))
}

// spellRule swaps one ASCII word for another, matched without regard to
// case as a whole word that may stand inside a hyphenated compound
// ("28-liter"), keeping a leading capital. Plain string search, not a
// pattern: a provider holds hundreds of these.
type spellRule struct{ from, to string }

func (r spellRule) apply(text string) (string, int) {
	lower := strings.ToLower(text)
	if len(lower) != len(text) {
		// Case folding changed byte lengths (rare non-ASCII letters):
		// positions in lower would not be positions in text.
		return text, 0
	}
	n := 0
	var b strings.Builder
	last := 0
	var quote spans
	found := false
	for i := 0; i+len(r.from) <= len(lower); {
		j := strings.Index(lower[i:], r.from)
		if j < 0 {
			break
		}
		at, end := i+j, i+j+len(r.from)
		if !found {
			quote, found = quotedSpans(text), true
		}
		if (at > 0 && isWordChar(text[at-1])) || (end < len(text) && isWordChar(text[end])) || nameAt(text, at, end) || quote.covers(at) {
			// Part of a longer word, a proper name ("Recurse Center") or
			// someone's quoted words ("My favorite planner"): a culture's
			// spelling never renames anything nor rewrites a quotation.
			i = at + 1
			continue
		}
		to := r.to
		if text[at] >= 'A' && text[at] <= 'Z' {
			to = strings.ToUpper(to[:1]) + to[1:]
		}
		b.WriteString(text[last:at])
		b.WriteString(to)
		last, i = end, end
		n++
	}
	if n == 0 {
		return text, 0
	}
	b.WriteString(text[last:])
	return b.String(), n
}

// isWordChar is a byte that continues a word: letters, digits, apostrophes
// and the bytes of non-ASCII letters (hyphens end a word here).
func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '\'' || c >= 0x80
}
