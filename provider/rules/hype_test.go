package rules

import (
	"regexp"
	"testing"

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
