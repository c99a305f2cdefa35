package markup

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTokens(t *testing.T) {
	tests := []struct {
		in   string
		want []Token
	}{
		{"plain", []Token{{Kind: Text, Text: "plain"}}},
		{"Read the <1>full guide</1> today", []Token{{Kind: Text, Text: "Read the "}, {Kind: Open, N: 1}, {Kind: Text, Text: "full guide"}, {Kind: Close, N: 1}, {Kind: Text, Text: " today"}}},
		{"one<2/>two", []Token{{Kind: Text, Text: "one"}, {Kind: Void, N: 2}, {Kind: Text, Text: "two"}}},
		{"a < b <01> <x> <1 > </>", []Token{{Kind: Text, Text: "a < b <01> <x> <1 > </>"}}},
		{"<1234567>", []Token{{Kind: Text, Text: "<1234567>"}}},
		{"<12></12><3/", []Token{{Kind: Open, N: 12}, {Kind: Close, N: 12}, {Kind: Text, Text: "<3/"}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := Tokens(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Tokens(%q) (-want +got):\n%s", tt.in, diff)
			}
			if back := String(got); back != tt.in {
				t.Errorf("String(Tokens(%q)) = %q", tt.in, back)
			}
			if Has(tt.in) != (len(got) > 1 || got[0].Kind != Text) {
				t.Errorf("Has(%q) disagrees with Tokens", tt.in)
			}
		})
	}
}

func TestStrip(t *testing.T) {
	if got := Strip("Read the <1>full <2>guide</2></1><3/> now"); got != "Read the full guide now" {
		t.Errorf("Strip = %q", got)
	}
}

func TestValidate(t *testing.T) {
	const src = "Save <1>$10</1> on <2>the <3>full</3> plan</2><4/>today"
	tests := []struct {
		name    string
		draft   string
		n       int
		problem Problem
	}{
		{"kept", src, 0, ""},
		{"moved", "<4/>Today <2>the plan, <3>full</3></2>: save <1>$10</1>", 0, ""},
		{"dropped", "Save $10 on <2>the <3>full</3> plan</2><4/>today", 1, Missing},
		{"dropped void", "Save <1>$10</1> on <2>the <3>full</3> plan</2>today", 4, Missing},
		{"duplicated", "Save <1>$10</1> on <2>the <3>full</3> plan</2><4/>today <1>now</1>", 1, Duplicated},
		{"duplicated void", "<4/>Save <1>$10</1> on <2>the <3>full</3> plan</2><4/>today", 4, Duplicated},
		{"renamed", "Save <5>$10</5> on <2>the <3>full</3> plan</2><4/>today", 1, Renamed},
		{"invented", "Save <1>$10</1> on <2>the <3>full</3> plan</2><4/>today<9/>", 9, Invented},
		{"misnested", "Save <1>$10</1> on <2>the <3>full</2> plan</3><4/>today", 2, Misnested},
		{"unclosed", "Save <1>$10</1> on <2>the <3>full</3> plan<4/>today", 2, Misnested},
		{"void as pair", "Save <1>$10</1> on <2>the <3>full</3> plan</2><4>today</4>", 4, WrongForm},
		{"pair as void", "Save <1/> $10 on <2>the <3>full</3> plan</2><4/>today", 1, WrongForm},
		{"emptied", "Save <1></1> on <2>the <3>full</3> plan</2><4/>today", 1, Emptied},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate(src, tt.draft)
			if tt.problem == "" {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Validate = %v; want an *Error", err)
			}
			if e.N != tt.n || e.Problem != tt.problem {
				t.Errorf("Validate = %v (placeholder %d %s); want placeholder %d %s", err, e.N, e.Problem, tt.n, tt.problem)
			}
			if !strings.Contains(err.Error(), itoa(tt.n)) {
				t.Errorf("the message %q does not name placeholder %d", err, tt.n)
			}
		})
	}
	if _, err := SpecOf("<1>open"); err == nil {
		t.Error("SpecOf accepted an unclosed source")
	}
}

func TestReapply(t *testing.T) {
	tests := []struct {
		name, src, plain, want string
		ok                     bool
	}{
		{"link kept on its words", "Read the <1>full guide</1> today.", "Check out the full guide now.", "Check out the <1>full guide</1> now.", true},
		{"case and punctuation", "Built for <1>teams</1>.", "Teams love it.", "<1>Teams</1> love it.", true},
		{"moved clause", "<1>Free</1> for a year, then <2>$5</2>.", "Then $5 after a free year.", "Then <2>$5</2> after a <1>free</1> year.", true},
		{"nested", "<1>Read <2>the</2> guide</1> now", "Please read the guide now", "Please <1>read <2>the</2> guide</1> now", true},
		{"same span nested", "<1><2>Bold link</2></1> here", "Here is the bold link", "Here is the <1><2>bold link</2></1>", true},
		{"struck price", "<1>$125</1> <2>$115</2> per seat", "Only $115 per seat, was $125", "Only <2>$115</2> per seat, was <1>$125</1>", true},
		{"icon at link start", "<1><2/>Download</1> the app", "Get the app: download", "Get the app: <1><2/>download</1>", true},
		{"line break", "Grow faster<1/>with less work", "Grow faster with less effort", "Grow faster<1/> with less effort", true},
		{"void at start", "<1/>Fast setup", "Really fast setup", "<1/>Really fast setup", true},
		{"void at end", "Fast setup<1/>", "Really fast setup", "Really fast setup<1/>", true},
		{"edge mark changed", "Intro. <1>Now in one set!</1>", "Intro. Now in one set.", "Intro. <1>Now in one set.</1>", true},
		{"edge mark dropped", "<1>Join us!</1> Today", "Join us today", "<1>Join us</1> today", true},
		{"sentence added after", "<1>NewPipe</1> is small.", "NewPipe is small. NewPipe is free.", "<1>NewPipe</1> is small. NewPipe is free.", true},
		{"void kept before an addition", "Fast setup<1/>", "Fast setup and more", "Fast setup<1/> and more", true},
		{"addition glued to a word", "<1>Set</1>", "Settings", "", false},
		{"inner word changed", "<1>an amazing set!</1>", "a set.", "", false},
		{"wrapped words gone", "Read the <1>full guide</1> today.", "Read it today.", "", false},
		{"ambiguous", "Read the <1>guide</1> today.", "The guide is the best guide.", "", false},
		{"placeholders in plain", "a <1>b</1>", "a <1>b</1>", "", false},
		{"no placeholders", "a b", "a b", "", false},
		{"crossing", "<1>a b</1> <2>c d</2>", "b c a d", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Reapply(tt.src, tt.plain)
			if ok != tt.ok || got != tt.want {
				t.Fatalf("Reapply(%q, %q) = %q, %v; want %q, %v", tt.src, tt.plain, got, ok, tt.want, tt.ok)
			}
			if ok {
				if Strip(got) != tt.plain {
					t.Errorf("Strip(%q) = %q; want the rewrite unchanged", got, Strip(got))
				}
				if err := Validate(tt.src, got); err != nil {
					t.Errorf("the result does not validate: %v", err)
				}
			}
		})
	}
}

// TestLineBreak reads "<0/>" as the added line break, and "<0>" and "<00/>"
// as text; OnlyBreaks takes a break only between two runs of words.
func TestLineBreak(t *testing.T) {
	if got := Tokens("Pay once." + LineBreak + "Refund in 14 days."); len(got) != 3 || got[1] != (Token{Kind: Void, N: 0}) {
		t.Errorf("Tokens with a line break = %+v", got)
	}
	for _, s := range []string{"a <0> b", "a <00/> b", "a </0> b"} {
		if Has(s) {
			t.Errorf("Has(%q): %q is text", s, s)
		}
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"Pay once. <0/>Refund in 14 days.", true},
		{"One.<0/>Two.<0/>Three.", true},
		{"<0/>Refund in 14 days.", false},
		{"Pay once.<0/>", false},
		{"Pay once.<0/> <0/>Two.", false},
		{"Pay <1>once</1>.<0/>Two.", false},
		{"Pay once.", false},
	} {
		if got := OnlyBreaks(tc.s); got != tc.want {
			t.Errorf("OnlyBreaks(%q) = %v; want %v", tc.s, got, tc.want)
		}
	}
	if err := Validate("Read the <1>guide</1>.", "Read the <1>guide</1>. <0/>Two."); err != nil {
		t.Errorf("a line break beside the source's placeholders: %v", err)
	}
	for _, tc := range []struct{ src, s, want string }{
		{"Read the <1>guide</1> first.", "Read the guide first. <0/>Then start.", "Read the <1>guide</1> first. <0/>Then start."},
		{"<1>Tidewell</1> tracks habits.", "Tidewell tracks habits. <0/>It is free.", "<1>Tidewell</1> tracks habits. <0/>It is free."},
		{"Read the <1>full guide</1> first.", "Read the full <0/>guide first.", ""}, // inside the link's words
	} {
		got, ok := ReapplyWithBreaks(tc.src, tc.s)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("ReapplyWithBreaks(%q, %q) = %q, %v; want %q", tc.src, tc.s, got, ok, tc.want)
		}
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"Pay once. <0/>Refund in 14 days.", true},
		{"Acme Pro costs $29<0/>30 a year.", false}, // splits a figure
		{"Read the guide<0/>today.", false},         // glues two words
		{"Read the <1>full <0/>guide</1> today.", false},
		{"Read the <1>full guide</1>. <0/>Today.", true},
	} {
		if got := BreaksInside(tc.s); got != tc.want {
			t.Errorf("BreaksInside(%q) = %v; want %v", tc.s, got, tc.want)
		}
	}
	if got, ok := ReapplyWithBreaks("Read the <1>full guide</1> today.", "Read the full guide <0/>today."); !ok || got != "Read the <1>full guide</1> <0/>today." {
		t.Errorf("a break after an element's words: %q, %v", got, ok)
	}
	if got := StripKeepingBreaks("Read the <1>guide</1>. <0/>Two."); got != "Read the guide. <0/>Two." {
		t.Errorf("StripKeepingBreaks = %q", got)
	}
}
