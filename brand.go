package fork

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Brand is what a marketer's own words require of every fork, whoever
// writes it: terms that stay as written, the rendering a term must take,
// words the brand never uses, and its voice. Verification enforces Keep,
// Glossary and Avoid as checks (keep, glossary, avoid) for every engine and
// for drafts written elsewhere; Voice guides the writer and is not
// measured.
type Brand struct {
	// Keep lists terms no fork may change: product names, trademarks, a
	// slogan. A block of the source that holds one must hold it in the
	// fork, written the same, as often.
	Keep []string `json:"keep,omitempty"`
	// Glossary maps a term of the page to the rendering the fork must use
	// for it, in the fork's target language (a request has one): "sign up"
	// → "register", or for a translation "free trial" → "kostenlose
	// Testphase". A block of the source that holds the term must hold the
	// rendering in the fork.
	Glossary map[string]string `json:"glossary,omitempty"`
	// Avoid lists words the brand never uses: a fork may not add them to a
	// block (a page that already uses one is the marketer's to change).
	Avoid []string `json:"avoid,omitempty"`
	// Voice describes the brand's voice in a sentence or two, for the
	// writer ("warm, plain-spoken, never salesy").
	Voice string `json:"voice,omitempty"`
}

// Bounds of a Brand: enough for any brand book's list, small enough that
// the checks stay a fraction of a fork's work.
const (
	maxBrandTerms   = 200
	maxBrandTermLen = 200
	maxVoiceLen     = 1000
)

// IsZero reports a brand that asks nothing.
func (b Brand) IsZero() bool {
	return len(b.Keep) == 0 && len(b.Glossary) == 0 && len(b.Avoid) == 0 && strings.TrimSpace(b.Voice) == ""
}

// trimmed is the brand with its terms trimmed of surrounding space.
func (b Brand) trimmed() Brand {
	trim := func(list []string) []string {
		if list == nil {
			return nil
		}
		out := make([]string, len(list))
		for i, s := range list {
			out[i] = strings.TrimSpace(s)
		}
		return out
	}
	out := Brand{Keep: trim(b.Keep), Avoid: trim(b.Avoid), Voice: strings.TrimSpace(b.Voice)}
	if b.Glossary != nil {
		out.Glossary = make(map[string]string, len(b.Glossary))
		for k, v := range b.Glossary {
			out.Glossary[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return out
}

// fieldErrors lists what is wrong with the brand, naming each field.
func (b Brand) fieldErrors() []FieldError {
	var out []FieldError
	term := func(field, s string) {
		switch n := utf8.RuneCountInString(s); {
		case n == 0:
			out = append(out, FieldError{Field: field, Type: "value_error", Msg: "a term may not be empty", Input: s})
		case n > maxBrandTermLen:
			out = append(out, FieldError{Field: field, Type: "value_error", Msg: fmt.Sprintf("a term may be at most %d characters", maxBrandTermLen), Input: truncateInput(s)})
		}
	}
	for _, f := range []struct {
		name string
		list []string
	}{{"keep", b.Keep}, {"avoid", b.Avoid}} {
		if len(f.list) > maxBrandTerms {
			out = append(out, FieldError{Field: f.name, Type: "value_error", Msg: fmt.Sprintf("at most %d terms", maxBrandTerms), Input: len(f.list)})
			continue
		}
		for _, s := range f.list {
			term(f.name, s)
		}
	}
	if len(b.Glossary) > maxBrandTerms {
		out = append(out, FieldError{Field: "glossary", Type: "value_error", Msg: fmt.Sprintf("at most %d terms", maxBrandTerms), Input: len(b.Glossary)})
	} else {
		for _, k := range sortedKeys(b.Glossary) {
			term("glossary", k)
			term("glossary", b.Glossary[k])
		}
	}
	for _, k := range b.Keep {
		for _, a := range b.Avoid {
			if k != "" && strings.EqualFold(k, a) {
				out = append(out, FieldError{Field: "avoid", Type: "value_error", Msg: fmt.Sprintf("%q is both kept and avoided", a), Input: a})
			}
		}
	}
	if n := utf8.RuneCountInString(b.Voice); n > maxVoiceLen {
		out = append(out, FieldError{Field: "voice", Type: "value_error", Msg: fmt.Sprintf("at most %d characters", maxVoiceLen), Input: truncateInput(b.Voice)})
	}
	return out
}

// truncateInput bounds a refused value echoed back in an error.
func truncateInput(s string) string {
	if utf8.RuneCountInString(s) <= 64 {
		return s
	}
	return string([]rune(s)[:64]) + "…"
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// countTerm counts term in text: exactly for a kept term (case matters
// in a name), without case for the others; always at word boundaries, so
// "Pro" is not found in "Product".
func countTerm(text, term string, exact bool) int {
	if term == "" {
		return 0
	}
	hay, needle := text, term
	if !exact {
		hay, needle = strings.ToLower(text), strings.ToLower(term)
	}
	n := 0
	for from := 0; from <= len(hay)-len(needle); {
		i := strings.Index(hay[from:], needle)
		if i < 0 {
			break
		}
		at := from + i
		end := at + len(needle)
		before, _ := utf8.DecodeLastRuneInString(hay[:at])
		after, _ := utf8.DecodeRuneInString(hay[end:])
		if (at == 0 || !wordRune(before)) && (end == len(hay) || !wordRune(after)) {
			n++
			from = end
			continue
		}
		from = at + 1
	}
	return n
}

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

// checkBrand runs the brand's checks on a fork: keep, glossary and avoid,
// each only when the request gives its field (a check with nothing to
// check is not listed). Each failure names the term and the block.
func checkBrand(p *Plan, forked []Block) []Check {
	b := p.Request.Brand
	var out []Check
	if len(b.Keep) > 0 {
		out = append(out, brandCheck("keep", p, forked, fmt.Sprintf("%d kept terms stand as written", len(b.Keep)),
			func(src, got string, id int) (problems []string) {
				for _, t := range b.Keep {
					if countTerm(got, t, true) < countTerm(src, t, true) {
						problems = append(problems, fmt.Sprintf("%q is gone from block %d", t, id))
					}
				}
				return problems
			}))
	}
	if len(b.Glossary) > 0 {
		terms := sortedKeys(b.Glossary)
		out = append(out, brandCheck("glossary", p, forked, fmt.Sprintf("%d glossary terms rendered as required", len(b.Glossary)),
			func(src, got string, id int) (problems []string) {
				for _, term := range terms {
					want := b.Glossary[term]
					if countTerm(src, term, false) > 0 && countTerm(got, want, false) == 0 {
						problems = append(problems, fmt.Sprintf("%q in block %d is not rendered %q", term, id, want))
					}
				}
				return problems
			}))
	}
	if len(b.Avoid) > 0 {
		out = append(out, brandCheck("avoid", p, forked, fmt.Sprintf("none of the %d avoided words added", len(b.Avoid)),
			func(src, got string, id int) (problems []string) {
				for _, w := range b.Avoid {
					if countTerm(got, w, false) > countTerm(src, w, false) {
						problems = append(problems, fmt.Sprintf("block %d adds %q", id, w))
					}
				}
				return problems
			}))
	}
	return out
}

// brandCheck runs one brand rule over every block pair (the source's text,
// the fork's) and turns what it finds into the named check.
func brandCheck(name string, p *Plan, forked []Block, ok string, rule func(src, got string, id int) []string) Check {
	var problems []string
	var blocks []int
	for i, fb := range forked {
		if found := rule(p.Blocks[i].Text, fb.Text, fb.ID); len(found) > 0 {
			problems = append(problems, found...)
			blocks = append(blocks, fb.ID)
		}
	}
	if len(problems) == 0 {
		return newCheck(name, CheckPassed, ok, nil)
	}
	return newCheck(name, CheckFailed, strings.Join(problems, "; "), blocks)
}
