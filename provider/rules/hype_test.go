package rules

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/langtag"
)

// TestDropHype: a hype word leaves its sentence only where the sentence
// stays whole; as a predicate it gives way to a neutral word, or stays in
// a language that has none (its check then fails and says so).
func TestDropHype(t *testing.T) {
	for _, tc := range []struct {
		lang, in, want string
		n              int
	}{
		{"en", "An amazing tool for teams.", "A tool for teams.", 1},
		{"en", "Amazing results in a week.", "Results in a week.", 1},
		{"en", "The result is amazing.", "The result is good.", 1},
		{"en", "It's amazing, I surf more often now.", "It's good, I surf more often now.", 1},
		{"en", "The app is so incredible and easy to use.", "The app is so good and easy to use.", 1},
		{"en", "An amazing and fun app.", "A fun app.", 1},
		{"en", "It is fast and amazing.", "It is fast.", 1},
		{"en", "Meet new friends and amazing people.", "Meet new friends and amazing people.", 0},
		{"en", "Fast, simple and amazing.", "Fast, simple and amazing.", 0},
		{"en", "The most amazing app on the store.", "The most amazing app on the store.", 0},
		{"en", "Surfers find it amazing.", "Surfers find it good.", 1},
		{"en", "An amazing, fast app.", "A fast app.", 1},
		{"fr", "Le résultat est incroyable.", "Le résultat est incroyable.", 0},
		{"fr", "C'est génial, je surfe plus souvent.", "C'est génial, je surfe plus souvent.", 0},
		{"fr", "Une application géniale pour les surfeurs.", "Une application pour les surfeurs.", 1},
		{"fr", "Des résultats vraiment fantastiques.", "Des résultats vraiment fantastiques.", 0},
		{"fr", "Des milliers d'incroyables vagues.", "Des milliers d'incroyables vagues.", 0},
		{"fr", "La plus incroyable des applis.", "La plus incroyable des applis.", 0},
		{"de", "Eine unglaubliche App für Surfer.", "Eine App für Surfer.", 1},
		{"de", "Das ist unglaublich.", "Das ist unglaublich.", 0},
		{"de", "Die App ist schnell und genial.", "Die App ist schnell.", 1},
		{"it", "Un'esperienza incredibile per chi surfa.", "Un'esperienza per chi surfa.", 1},
		{"it", "È davvero fantastico.", "È davvero fantastico.", 0},
		{"nl", "Een ongelooflijke app voor surfers.", "Een app voor surfers.", 1},
		{"nl", "Het resultaat is geweldig.", "Het resultaat is geweldig.", 0},
		{"es", "Una app increíble y fácil de usar.", "Una app fácil de usar.", 1},
		{"pt", "O app é incrível.", "O app é incrível.", 0},
	} {
		t.Run(tc.lang+"/"+tc.in, func(t *testing.T) {
			var words []*regexp.Regexp
			for _, w := range fork.HypeWords(langtag.MustParse(tc.lang)) {
				words = append(words, wordPattern(w))
			}
			got, n := dropHype(tc.in, words, tc.lang)
			if diff := cmp.Diff(tc.want, got); diff != "" || n != tc.n {
				t.Errorf("dropped %d (want %d); text (-want +got):\n%s", n, tc.n, diff)
			}
		})
	}
}

// FuzzDropHype: dropping hype words never panics, adds no word but the
// language's neutral one, and leaves text without a hype word as it is.
func FuzzDropHype(f *testing.F) {
	for _, s := range []string{"An amazing tool for teams.", "It's amazing, I surf more.", "Fast and amazing.", "Le résultat est incroyable.",
		"Une application géniale pour les surfeurs.", "d'incroyables vagues", "amazing", " amazing  and ", "AMAZING, amazing; amazing!", "Amazing and"} {
		f.Add(s, "en")
		f.Add(s, "fr")
	}
	patterns := map[string][]*regexp.Regexp{}
	for _, lang := range []string{"en", "fr", "de"} {
		for _, w := range fork.HypeWords(langtag.MustParse(lang)) {
			patterns[lang] = append(patterns[lang], wordPattern(w))
		}
	}
	f.Fuzz(func(t *testing.T, text, lang string) {
		words, ok := patterns[lang]
		if !ok || !utf8.ValidString(text) {
			return // page text is UTF-8 (fetch decodes it at the edge): two halves of a bad one may meet as a rune
		}
		out, n := dropHype(text, words, lang)
		if n == 0 && out != text {
			t.Fatalf("nothing dropped, yet %q became %q", text, out)
		}
		wordsOf := func(s string) []string {
			return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		}
		in := map[string]bool{hypeGrammars[lang].neutral: true, "a": true, "an": true}
		for _, w := range wordsOf(text) {
			in[w] = true
		}
		for _, w := range wordsOf(out) {
			if !in[w] {
				t.Fatalf("%q became %q: %q is new", text, out, w)
			}
		}
	})
}

// BenchmarkDropHype: a paragraph of nothing but hype words costs its
// length once per word of the list (it was once per match: quadratic).
func BenchmarkDropHype(b *testing.B) {
	var words []*regexp.Regexp
	for _, w := range fork.HypeWords(langtag.MustParse("en")) {
		words = append(words, wordPattern(w))
	}
	text := strings.Repeat("An amazing, incredible and epic tool. ", 2000)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		dropHype(text, words, "en")
	}
}
