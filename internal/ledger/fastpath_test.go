package ledger

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/internal/extract"
)

// nameFactsPlain is nameFinder.facts as written before the per-page index
// of first words: each name tried in turn, at every word of t that its
// first word is.
func nameFactsPlain(t string, rules []nameRule) []posFact {
	var out []posFact
	var starts map[string][]int
	var lower string
	for _, n := range rules {
		if !lowerHas(&lower, t, n) {
			continue
		}
		if n.first == "" {
			if f, ok := scanFirst(t, n); ok {
				out = append(out, f)
			}
			continue
		}
		if starts == nil {
			starts = map[string][]int{}
			for i, j := range wordSpans(t) {
				k := strings.ToLower(t[i:j])
				starts[k] = append(starts[k], i)
			}
		}
		for _, i := range starts[n.first] {
			if end, ok := matchAt(t, i, n.value, !n.fold); ok && wordBoundedAt(t, i, end) {
				out = append(out, namePos(t, n, i, end))
				break
			}
		}
	}
	return out
}

// TestNameFinder holds nameFinder.facts to the plain reading over every
// block of our own pages and the corpus, with the names each page gives.
func TestNameFinder(t *testing.T) {
	for _, f := range testPages(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			d := readPage(t, f)
			src := Source{Blocks: d.Blocks, Locale: d.Lang, Names: []string{d.SiteName, "wattles", "The Bible"}}
			li := parseLocale(src.Locale)
			rules := pageNames(src, &li)
			nf := newNameFinder(rules)
			for _, b := range d.Blocks {
				if diff := cmp.Diff(nameFactsPlain(b.Text, rules), nf.facts(b.Text), cmp.AllowUnexported(posFact{})); diff != "" {
					t.Fatalf("block %d %q (-plain +finder):\n%s", b.ID, b.Text, diff)
				}
			}
		})
	}
}

// FuzzNameFinder holds nameFinder.facts to the plain reading on any text,
// with a given name (folded and not) and the names the text itself gives.
func FuzzNameFinder(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s.text, "Omax3")
	}
	f.Add("Marlow Labs ships MARLOW; marlow labs, Marlow-Labs and ÉCOLE École école", "École")
	f.Add("\u212aelvin \u017ftandard Kelvin Standard İstanbul istanbul", "kelvin")
	f.Add("Gather.ai and .NET, «Brindle» (TM) Brindle™ Brindle", ".NET")
	f.Add("Ünïcödé Wörds \xff\xfe Bad Bytes bad bytes", "bad\u00a0bytes")
	f.Fuzz(func(t *testing.T, text, name string) {
		src := Source{Locale: "en", Names: []string{name, strings.ToUpper(name)}, Blocks: []extract.Block{
			{ID: 0, Role: extract.RoleBody, Text: text},
			{ID: 1, Role: extract.RoleBody, Text: text + " " + text},
		}}
		li := parseLocale(src.Locale)
		rules := pageNames(src, &li)
		if v := foldSpace(name); v != "" {
			// As pageNames does: no name is empty (occurrences would not
			// advance).
			rules = append(rules, newNameRule(v, false), newNameRule(strings.ToLower(v), true))
		}
		nf := newNameFinder(rules)
		for _, b := range src.Blocks {
			if diff := cmp.Diff(nameFactsPlain(b.Text, rules), nf.facts(b.Text), cmp.AllowUnexported(posFact{})); diff != "" {
				t.Fatalf("%q with %q (-plain +finder):\n%s", b.Text, name, diff)
			}
		}
	})
}

// TestIsWordRune holds isWordRune's ASCII fast path to the plain reading
// over every rune, and the -1 prevRune and nextRune give at the ends.
func TestIsWordRune(t *testing.T) {
	plain := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) }
	for r := rune(-1); r <= unicode.MaxRune+1; r++ {
		if got, want := isWordRune(r), plain(r); got != want {
			t.Fatalf("isWordRune(%U) = %v; plain reading %v", r, got, want)
		}
	}
}

// FuzzFoldClaim holds foldClaim, which lower-cases ASCII runes inline, to
// the plain reading: every rune past the ASCII check read through the
// Unicode tables and accentFold.
func FuzzFoldClaim(f *testing.F) {
	for _, s := range []string{"", "free", "FREE", "Garantía", "ÉCOLE", "e\u0301", "\u212aELVIN", "Œuvre", "x\xffY"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		plain := s
		if strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf || 'A' <= r && r <= 'Z' }) || !utf8.ValidString(s) {
			var b strings.Builder
			for _, r := range s {
				if unicode.Is(unicode.Mn, r) {
					continue
				}
				r = unicode.ToLower(r)
				if f, ok := accentFold[r]; ok {
					b.WriteString(f)
					continue
				}
				b.WriteRune(r)
			}
			plain = b.String()
		}
		if got := foldClaim(s); got != plain {
			t.Fatalf("foldClaim(%q) = %q; plain reading %q", s, got, plain)
		}
	})
}

// FuzzNotNumbers holds the search for notNumbers, which skips a text
// without the piece every match holds, to searching every text.
func FuzzNotNumbers(f *testing.F) {
	for _, s := range []string{"", "501(c)(3)", "24/7 support", "a 501(c) (3)", "124/75", "(c)(3)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, nn := range reNotNumbers {
			if ms := nn.re.FindAllStringIndex(s, -1); len(ms) > 0 && !strings.Contains(s, nn.holds) {
				t.Fatalf("%s matches %q, which does not hold %q", nn.re, s, nn.holds)
			}
		}
	})
}

// TestScanScratch holds scanText with a token buffer shared by a page's
// blocks, as ExtractContext reads them, to scanText with none, over every
// block of our own pages and the corpus, read in page order and again in
// reverse (each block after a longer or a shorter one).
func TestScanScratch(t *testing.T) {
	for _, f := range testPages(t) {
		d := readPage(t, f)
		li := parseLocale(d.Lang)
		var toks []ctok
		for k := range 2 * len(d.Blocks) {
			b := d.Blocks[k%len(d.Blocks)]
			if k >= len(d.Blocks) {
				b = d.Blocks[2*len(d.Blocks)-1-k]
			}
			if diff := cmp.Diff(scanText(b.Text, &li, nil), scanText(b.Text, &li, &toks), cmp.AllowUnexported(posFact{})); diff != "" {
				t.Fatalf("%s block %d %q (-alone +shared):\n%s", filepath.Base(f), b.ID, b.Text, diff)
			}
		}
	}
}

// appendClaimTokensPlain is appendClaimTokens as written before it folded
// a text's words into one string: each word folded into a string of its
// own, each mark made a string of its own.
func appendClaimTokensPlain(out []ctok, t string) []ctok {
	if need := len(out) + len(t)/5 + 1; cap(out) < need {
		out = append(make([]ctok, 0, need), out...)
	}
	glued := false // a hyphen right after a word
	wordEnd := -1
	for i := 0; i < len(t); {
		r, n := utf8.DecodeRuneInString(t[i:])
		switch {
		case isWordRune(r):
			j := i + n
			digits := r >= '0' && r <= '9'
			for j < len(t) {
				r2, n2 := utf8.DecodeRuneInString(t[j:])
				if !isWordRune(r2) {
					break
				}
				digits = digits && r2 >= '0' && r2 <= '9'
				j += n2
			}
			if digits {
				// digit groups: "1,000", "4.5", "1'499"
				for j+1 < len(t) && (t[j] == '.' || t[j] == ',' || t[j] == '\'') && isDigit(t[j+1]) {
					k := j + 1
					for k < len(t) && isDigit(t[k]) {
						k++
					}
					j = k
				}
			}
			out = append(out, ctok{start: i, end: j, fold: foldClaim(t[i:j]), raw: t[i:j], word: true, num: digits, hyphen: glued})
			glued = false
			wordEnd = j
			i = j
			continue
		case isHyphenRune(r):
			glued = wordEnd == i
		case isAposRune(r) || unicode.IsSpace(r):
			glued = false
		default:
			out = append(out, ctok{start: i, end: i + n, fold: string(r), raw: t[i : i+n]})
			glued = false
		}
		i += n
	}
	return out
}

// FuzzClaimTokens holds appendClaimTokens, which folds a text's words into
// one string, to the plain reading, token by token, on any text (capitals,
// accents, combining marks, marks beyond ASCII, bytes that are no UTF-8,
// more words to fold than its first buffer holds), after tokens of another
// text.
func FuzzClaimTokens(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s.text, "Before THIS")
	}
	f.Add("CAFÉ Über naïve e\u0301te\u0301 — “Quoted” ½ \xff\xfeX 1,000 4.5 1'499 Mo-Fr", "x")
	f.Add(strings.Repeat("Free Shipping ÉTÉ ", 40), "")
	f.Add("\u0301\u0301 A\u0301", "€")
	f.Fuzz(func(t *testing.T, text, before string) {
		prior := appendClaimTokensPlain(nil, before)
		got := appendClaimTokens(slices.Clone(prior), text)
		want := appendClaimTokensPlain(slices.Clone(prior), text)
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(ctok{})); diff != "" {
			t.Fatalf("tokens of %q (-plain +got):\n%s", text, diff)
		}
	})
}
