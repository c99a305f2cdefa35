package markup

import (
	"slices"
	"strings"
	"testing"
)

// tokensPlain is Tokens as written before it skipped to each '<' and sized
// its list: every byte looked at.
func tokensPlain(s string) []Token {
	var out []Token
	textStart := 0
	for i := 0; i < len(s); i++ {
		kind, n, size := Kind(0), 0, 0
		if s[i] == '<' {
			kind, n, size = placeholderAt(s[i:])
		}
		if size == 0 {
			continue
		}
		if i > textStart {
			out = append(out, Token{Kind: Text, Text: s[textStart:i]})
		}
		out = append(out, Token{Kind: kind, N: n})
		i += size - 1
		textStart = i + 1
	}
	if len(s) > textStart {
		out = append(out, Token{Kind: Text, Text: s[textStart:]})
	}
	return out
}

// FuzzTokens checks that tokenising never panics and loses nothing, and
// reads as tokensPlain does, that a
// string validates against itself whenever it is a valid source, and that
// Reapply gives either false or a string that validates and strips to the
// rewrite.
func FuzzTokens(f *testing.F) {
	for _, s := range []string{
		"", "plain", "Read the <1>full guide</1> today", "one<2/>two", "<1><2>x</2></1>",
		"a < b <01> <1 > </> <3/", "one<0/>two", "<0>x</0>", "<1>open", "</1>", "<1>a</1><1>b</1>", "<999999>x</999999>",
	} {
		f.Add(s, "rewritten words here")
	}
	f.Fuzz(func(t *testing.T, src, plain string) {
		toks := Tokens(src)
		if String(toks) != src {
			t.Fatalf("String(Tokens(%q)) = %q", src, String(toks))
		}
		if plain := tokensPlain(src); !slices.Equal(toks, plain) {
			t.Fatalf("Tokens(%q) = %v; plain reading %v", src, toks, plain)
		}
		spec, err := SpecOf(src)
		if err != nil {
			return
		}
		if err := spec.Validate(src); err != nil {
			t.Fatalf("a valid source fails against itself: %v", err)
		}
		got, ok := Reapply(src, plain)
		if !ok {
			return
		}
		if Strip(got) != plain {
			t.Fatalf("Reapply(%q, %q) = %q changes the words", src, plain, got)
		}
		if err := spec.Validate(got); err != nil {
			t.Fatalf("Reapply(%q, %q) = %q: %v", src, plain, got, err)
		}
	})
}

// FuzzFind holds the index to the plain reading of find, and countWords
// to appendWords: every run of one
// to three words of want, looked up in the words of text, is found where
// it stands when it stands there exactly once (words compared as the
// index compares them: by their lower case, and without case), and
// nowhere else; the runs past the first maxScans are read from
// the tables, the first ones by scanning.
func FuzzFind(f *testing.F) {
	f.Add("Set up in five minutes. Set it and forget it!", "set it up in five")
	f.Add("a b a b a", "a b a")
	f.Add("Straße STRASSE straße", "STRASSE straße Straße")
	f.Fuzz(func(t *testing.T, text, want string) {
		words := appendWords(nil, text)
		// Reapply counts a text's words to place its void placeholders.
		if n := countWords(text); n != len(words) {
			t.Fatalf("countWords(%q) = %d; appendWords finds %d", text, n, len(words))
		}
		idx := newIndex(words)
		keys := appendWords(nil, want)
		for k := 1; k <= 3; k++ {
			for i := 0; i+k <= len(keys); i++ {
				run := keys[i : i+k]
				at, n := 0, 0
				for p := 0; p+k <= len(words); p++ {
					same := true
					for j, w := range run {
						if words[p+j].hash != w.hash || !strings.EqualFold(words[p+j].text, w.text) {
							same = false
							break
						}
					}
					if same {
						if n == 0 {
							at = p
						}
						n++
					}
				}
				got, ok := idx.find(run)
				if ok != (n == 1) || ok && got != at {
					t.Fatalf("find(%q) in %q = %d, %v; want %d, %v (%d times)", want, text, got, ok, at, n == 1, n)
				}
			}
		}
	})
}

// FuzzStrip holds Strip, which writes the text between placeholders
// without listing the tokens, to the plain reading: Tokens' texts joined.
func FuzzStrip(f *testing.F) {
	for _, s := range []string{
		"", "plain", "Read the <1>full guide</1> today", "one<2/>two", "<1><2>x</2></1>",
		"a < b <01> <1 > </> <3/", "one<0/>two", "<0>x</0>", "<1>open", "</1>", "<<1>>x<</1>>", "<999999>x</999999>", "<1234567>y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want strings.Builder
		for _, tok := range Tokens(s) {
			want.WriteString(tok.Text)
		}
		if got := Strip(s); got != want.String() {
			t.Fatalf("Strip(%q) = %q; plain reading %q", s, got, want.String())
		}
	})
}
