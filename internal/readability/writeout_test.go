package readability

import "testing"

func TestWriteOut(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		n        int
	}{
		{"If Tallyroom doesn't fit, email us and we'll refund every cent.", "If Tallyroom does not fit, email us and we will refund every cent.", 2},
		{"We can’t promise miracles. Won't work? DON'T pay.", "We cannot promise miracles. Will not work? DO NOT pay.", 3},
		{"I'm sure you're covered, and I've checked.", "I am sure you are covered, and I have checked.", 3},
		// What stays: a possessive, "'s" and "'d" (two long forms each),
		// a quotation, a word that only ends like one.
		{"The team's promise: it's yours, and we'd know.", "The team's promise: it's yours, and we'd know.", 0},
		{`Click "Don't renew" and it stops.`, `Click "Don't renew" and it stops.`, 0},
		{"Rock'n'roll, o'clock.", "Rock'n'roll, o'clock.", 0},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, n := WriteOut(tc.in)
			if got != tc.want || n != tc.n {
				t.Errorf("WriteOut(%q) = %q, %d; want %q, %d", tc.in, got, n, tc.want, tc.n)
			}
		})
	}
}

func FuzzWriteOut(f *testing.F) {
	f.Add("We won't charge you if you don't like it.")
	f.Add("“Can’t” isn't a word we'll use.")
	f.Fuzz(func(t *testing.T, text string) {
		out, n := WriteOut(text)
		if (n == 0) != (out == text) {
			t.Fatalf("WriteOut(%q) = %q with %d changes", text, out, n)
		}
		if again, _ := WriteOut(out); again != out {
			t.Fatalf("WriteOut is not done in one pass: %q then %q", out, again)
		}
	})
}
