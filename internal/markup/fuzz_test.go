package markup

import "testing"

// FuzzTokens checks that tokenising never panics and loses nothing, that a
// string validates against itself whenever it is a valid source, and that
// Reapply gives either false or a string that validates and strips to the
// rewrite.
func FuzzTokens(f *testing.F) {
	for _, s := range []string{
		"", "plain", "Read the <1>full guide</1> today", "one<2/>two", "<1><2>x</2></1>",
		"a < b <01> <1 > </> <3/", "<1>open", "</1>", "<1>a</1><1>b</1>", "<999999>x</999999>",
	} {
		f.Add(s, "rewritten words here")
	}
	f.Fuzz(func(t *testing.T, src, plain string) {
		toks := Tokens(src)
		if String(toks) != src {
			t.Fatalf("String(Tokens(%q)) = %q", src, String(toks))
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
