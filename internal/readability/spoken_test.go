package readability

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWrittenContractions(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"statements", "We're sure you'll like it. Don't wait.", []string{"We're", "you'll", "Don't"}},
		{"a question keeps its own", "We don't track you. Who says you can't teach an old app new tricks?", []string{"don't"}},
		{"an idiom before ever", "It's the last editor you'll ever need.", []string{"It's"}},
		{"an inverted negative", "Doesn't it make sense? Don't you worry: we're here.", []string{"we're"}},
		{"curly apostrophes", "It’s the last editor you’ll ever need.", []string{"It’s"}},
		{"none", "Nothing to see here.", nil},
		{"a question after lines without stops", "You'll love it\nIt's easy\nWhy wait?", []string{"You'll", "It's"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, WrittenContractions(tc.text)); diff != "" {
				t.Errorf("WrittenContractions(%q) (-want +got):\n%s", tc.text, diff)
			}
		})
	}
}
