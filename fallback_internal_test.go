package fork

import "testing"

// TestFallbackNote: the note on blocks that kept their source text reads
// as English for one block as for several.
func TestFallbackNote(t *testing.T) {
	for _, tc := range []struct {
		ids  map[int]string
		want string
	}{
		{map[int]string{8: "x"}, "1 block keeps its source text because the provider's drafts of it failed verification: [8] (see the block's fallback)"},
		{map[int]string{8: "x", 3: "y"}, "2 blocks keep their source text because the provider's drafts of them failed verification: [3 8] (see each block's fallback)"},
	} {
		if got := fallbackNote(tc.ids); got != tc.want {
			t.Errorf("got %q; want %q", got, tc.want)
		}
	}
}
