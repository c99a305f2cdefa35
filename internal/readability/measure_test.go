package readability

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/internal/langtag"
)

// wantScores recomputes the formulas from hand-counted Stats (and letters,
// which only Gulpease needs), written out separately from Measure so a slip
// in either shows up as a mismatch.
func wantScores(st Stats, letters int, base string) Scores {
	r := func(x float64) *float64 { v := math.Round(x*10) / 10; return &v }
	w, s, syl := float64(st.Words), float64(st.Sentences), float64(st.Syllables)
	sc := Scores{Language: base, LIX: *r(w/s + 100*float64(st.LongWords)/w)}
	switch base {
	case "en":
		sc.FleschReadingEase = r(206.835 - 1.015*(w/s) - 84.6*(syl/w))
		sc.FleschKincaidGrade = r(0.39*(w/s) + 11.8*(syl/w) - 15.59)
	case "es":
		sc.FernandezHuerta = r(206.84 - 0.60*(syl/w*100) - 1.02*(w/s))
	case "fr":
		sc.KandelMoles = r(207 - 1.015*(w/s) - 73.6*(syl/w))
	case "de":
		sc.Amstad = r(180 - w/s - 58.5*(syl/w))
	case "it":
		sc.Gulpease = r(89 + (300*s-10*float64(letters))/w)
	case "nl":
		sc.FleschDouma = r(206.84 - 0.77*(syl/w*100) - 0.93*(w/s))
	}
	return sc
}

func TestMeasure(t *testing.T) {
	cases := []struct {
		name      string
		text      string
		lang      string
		wantStats Stats
		letters   int // hand-counted letters, for Gulpease
		// wantLiteral pins one formula value computed by hand, in case
		// wantScores and Measure share a mistake.
		literalName string
		literal     func(Scores) *float64
		wantLiteral float64
	}{
		{
			name: "english",
			text: "The cat sat on the mat. It was happy.",
			lang: "en-GB",
			// the cat sat on the mat = 6×1; it was = 2×1; hap-py = 2
			wantStats:   Stats{Sentences: 2, Words: 9, Syllables: 10, AvgSentence: 4.5, LongestSentence: 6},
			literalName: "flesch_reading_ease",
			// 206.835 − 1.015·4.5 − 84.6·10/9 = 108.2675
			literal:     func(s Scores) *float64 { return s.FleschReadingEase },
			wantLiteral: 108.3,
		},
		{
			name:        "english grade",
			text:        "The cat sat on the mat. It was happy.",
			lang:        "en",
			wantStats:   Stats{Sentences: 2, Words: 9, Syllables: 10, AvgSentence: 4.5, LongestSentence: 6},
			literalName: "flesch_kincaid_grade",
			// 0.39·4.5 + 11.8·10/9 − 15.59 = −0.7239
			literal:     func(s Scores) *float64 { return s.FleschKincaidGrade },
			wantLiteral: -0.7,
		},
		{
			name: "english long words",
			text: "Customers appreciate straightforward pricing.",
			lang: "en-US",
			// cus-to-mers 3, ap-pre-ci-ate 3 (ci-a is not split after c), straight-for-ward 3, pri-cing 2
			wantStats:   Stats{Sentences: 1, Words: 4, Syllables: 11, LongWords: 4, AvgSentence: 4, LongestSentence: 4},
			literalName: "lix",
			// 4 + 100·4/4
			literal:     func(s Scores) *float64 { return &s.LIX },
			wantLiteral: 104,
		},
		{
			name: "spanish",
			text: "La casa es muy bonita. Tenemos precios excelentes.",
			lang: "es-MX",
			// la 1, ca-sa 2, es 1, muy 1, bo-ni-ta 3; te-ne-mos 3, pre-cios 2, ex-ce-len-tes 4
			wantStats:   Stats{Sentences: 2, Words: 8, Syllables: 17, LongWords: 3, AvgSentence: 4, LongestSentence: 5},
			literalName: "fernandez_huerta",
			// 206.84 − 0.60·212.5 − 1.02·4 = 75.26
			literal:     func(s Scores) *float64 { return s.FernandezHuerta },
			wantLiteral: 75.3,
		},
		{
			name: "french",
			text: "Le prix est bas. Nous livrons vite.",
			lang: "fr",
			// le, prix, est, bas 1 each; nous 1, li-vrons 2, vite 1 (silent e)
			wantStats:   Stats{Sentences: 2, Words: 7, Syllables: 8, LongWords: 1, AvgSentence: 3.5, LongestSentence: 4},
			literalName: "kandel_moles",
			// 207 − 1.015·3.5 − 73.6·8/7 = 119.3332
			literal:     func(s Scores) *float64 { return s.KandelMoles },
			wantLiteral: 119.3,
		},
		{
			name: "german",
			text: "Das Haus ist schön. Wir liefern schnell.",
			lang: "de-AT",
			// das, haus, ist, schön 1 each; wir 1, lie-fern 2, schnell 1
			wantStats:   Stats{Sentences: 2, Words: 7, Syllables: 8, LongWords: 2, AvgSentence: 3.5, LongestSentence: 4},
			literalName: "amstad",
			// 180 − 3.5 − 58.5·8/7 = 109.6429
			literal:     func(s Scores) *float64 { return s.Amstad },
			wantLiteral: 109.6,
		},
		{
			name: "portuguese",
			text: "O preço é baixo. Entregamos rápido.",
			lang: "pt-BR",
			// o 1, pre-ço 2, é 1, bai-xo 2; en-tre-ga-mos 4, rá-pi-do 3
			wantStats:   Stats{Sentences: 2, Words: 6, Syllables: 13, LongWords: 1, AvgSentence: 3, LongestSentence: 4},
			literalName: "lix",
			// 3 + 100·1/6 = 19.67
			literal:     func(s Scores) *float64 { return &s.LIX },
			wantLiteral: 19.7,
		},
		{
			name: "italian",
			text: "Il nostro programma funziona anche senza connessione. Prova gratis.",
			lang: "it-IT",
			// il 1, no-stro 2, pro-gram-ma 3, fun-zio-na 3, an-che 2,
			// sen-za 2, con-nes-sio-ne 4; pro-va 2, gra-tis 2
			wantStats: Stats{Sentences: 2, Words: 9, Syllables: 21, LongWords: 3, AvgSentence: 4.5, LongestSentence: 7},
			// 2+6+9+8+5+5+11 + 5+6
			letters:     57,
			literalName: "gulpease",
			// 89 + (300·2 − 10·57)/9 = 92.333
			literal:     func(s Scores) *float64 { return s.Gulpease },
			wantLiteral: 92.3,
		},
		{
			name: "dutch",
			text: "Onze klantendienst helpt u graag verder. Bel ons vandaag nog.",
			lang: "nl",
			// on-ze 2, klan-ten-dienst 3, helpt 1, u 1, graag 1, ver-der 2;
			// bel 1, ons 1, van-daag 2, nog 1
			wantStats:   Stats{Sentences: 2, Words: 10, Syllables: 15, LongWords: 2, AvgSentence: 5, LongestSentence: 6},
			literalName: "flesch_douma",
			// 206.84 − 0.77·150 − 0.93·5 = 86.69
			literal:     func(s Scores) *float64 { return s.FleschDouma },
			wantLiteral: 86.7,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, sc := Measure(c.text, tag(c.lang))
			if diff := cmp.Diff(c.wantStats, st); diff != "" {
				t.Fatalf("Measure(%q, %q) stats mismatch (-want +got):\n%s", c.text, c.lang, diff)
			}
			want := wantScores(c.wantStats, c.letters, tag(c.lang).Base())
			if diff := cmp.Diff(want, sc); diff != "" {
				t.Errorf("Measure(%q, %q) scores mismatch (-want +got):\n%s", c.text, c.lang, diff)
			}
			got := c.literal(sc)
			if got == nil || *got != c.wantLiteral {
				t.Errorf("Measure(%q, %q) %s = %v; want %v", c.text, c.lang, c.literalName, deref(got), c.wantLiteral)
			}
		})
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestMeasure_ContractionsAndExclamations(t *testing.T) {
	cases := []struct {
		name             string
		text             string
		wantContractions int
		wantExclamations int
	}{
		{"english contractions", "Don't wait, it's free and we're here. You'll love it, I'm sure, they've said so.", 6, 0},
		{"negations", "We can't, won't and shouldn't stop.", 3, 0},
		{"possessive is not a contraction", "Apple's offer and the team's plan.", 0, 0},
		{"let's and that's", "Let's go, that's it.", 2, 0},
		{"curly apostrophes", "Don’t wait, it’s here.", 2, 0},
		{"french elision does not count", "L'offre d'Apple, j'adore, c'est qu'il n'est jamais trop tard.", 0, 0},
		{"one per run", "Wow!!! Really?! Yes! Sure?", 0, 3},
		{"french spacing", "C'est génial ! Vraiment !", 0, 2},
		{"spanish marks", "¡Qué bien! ¡Gracias!", 0, 2},
		{"quoted label does not count", "Select “Don’t list publicly” or \"We're in\", then don't wait.", 1, 0},
		{"unclosed quote counts", "He said “don't go.", 1, 0},
		{"mixed", "Don't wait! It's free, and we're here!!! Apple's offer? L'offre d'Apple, j'adore.", 3, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, _ := Measure(c.text, tag("en"))
			if st.Contractions != c.wantContractions {
				t.Errorf("Measure(%q).Contractions = %d; want %d", c.text, st.Contractions, c.wantContractions)
			}
			if st.Exclamations != c.wantExclamations {
				t.Errorf("Measure(%q).Exclamations = %d; want %d", c.text, st.Exclamations, c.wantExclamations)
			}
		})
	}
}

func TestMeasure_MixedStats(t *testing.T) {
	text := "Don't wait! It's free, and we're here!!! Apple's offer? L'offre d'Apple, j'adore."
	// Sentences: "Don't wait!" (2 words), "It's free, and we're here!!!" (5),
	// "Apple's offer?" (2), "L'offre d'Apple, j'adore." (3).
	// Syllables (English rules): don't 1, wait 1, it's 1, free 1, and 1,
	// we're 1, here 1, apple's 2, of-fer 2, l'of-fre 2, d'ap-ple 2, j'a-dore 2.
	want := Stats{
		Sentences: 4, Words: 12, Syllables: 17, AvgSentence: 3, LongestSentence: 5,
		Contractions: 3, Exclamations: 2,
	}
	got, _ := Measure(text, tag("en"))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Measure(%q) stats mismatch (-want +got):\n%s", text, diff)
	}
}

func TestMeasure_Empty(t *testing.T) {
	for _, text := range []string{"", "   ", "\n\n\t", "— * —"} {
		for _, lang := range []string{"en", "es", "fr", "de", "pt", "it", "nl", ""} {
			st, sc := Measure(text, tag(lang))
			if diff := cmp.Diff(Stats{}, st); diff != "" {
				t.Errorf("Measure(%q, %q) stats mismatch (-want +got):\n%s", text, lang, diff)
			}
			want := Scores{Language: tag(lang).Base()}
			if diff := cmp.Diff(want, sc); diff != "" {
				t.Errorf("Measure(%q, %q) scores mismatch (-want +got):\n%s", text, lang, diff)
			}
		}
	}
}

func TestMeasure_OnlyMatchingFormulas(t *testing.T) {
	text := "Short text here. Another line."
	cases := []struct {
		lang string
		want []string // JSON keys present
	}{
		{"en-GB", []string{"language", "flesch_reading_ease", "flesch_kincaid_grade", "lix"}},
		{"es", []string{"language", "fernandez_huerta", "lix"}},
		{"fr-CA", []string{"language", "kandel_moles", "lix"}},
		{"de", []string{"language", "amstad", "lix"}},
		{"pt-BR", []string{"language", "lix"}},
		{"it", []string{"language", "gulpease", "lix"}},
		{"nl-BE", []string{"language", "flesch_douma", "lix"}},
		{"sv", []string{"language", "lix"}},
		{"", []string{"language", "lix"}},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			_, sc := Measure(text, tag(c.lang))
			b, err := json.Marshal(sc)
			if err != nil {
				t.Fatalf("json.Marshal: %v", err)
			}
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("json.Unmarshal(%s): %v", b, err)
			}
			var got []string
			for _, k := range []string{"language", "flesch_reading_ease", "flesch_kincaid_grade", "fernandez_huerta", "kandel_moles", "amstad", "gulpease", "flesch_douma", "lix"} {
				if _, ok := m[k]; ok {
					got = append(got, k)
				}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("Measure(%q, %q) JSON keys mismatch (-want +got):\n%s\nJSON: %s", text, c.lang, diff, b)
			}
		})
	}
}

func TestMeasure_LinesAreSentences(t *testing.T) {
	text := "Grow faster\nStart your free trial\nNo card needed. Cancel anytime."
	st, _ := Measure(text, tag("en"))
	if st.Sentences != 4 || st.Words != 11 || st.LongestSentence != 4 {
		t.Errorf("Measure(%q) = %d sentences, %d words, longest %d; want 4, 11, 4", text, st.Sentences, st.Words, st.LongestSentence)
	}
}

func TestRound1(t *testing.T) {
	cases := []struct{ in, want float64 }{
		{108.2675, 108.3},
		{-0.7239, -0.7},
		{-0.04, 0},
		{math.NaN(), 0},
		{math.Inf(1), 0},
	}
	for _, c := range cases {
		got := round1(c.in)
		if got != c.want || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("round1(%v) = %v; want %v", c.in, got, c.want)
		}
	}
}

var fuzzLangs = []string{"en", "de", "es", "fr", "pt", "en-GB", "", "und", "xx", "zh-Hant", "!!", "it", "nl"}

func FuzzMeasure(f *testing.F) {
	f.Add("The cat sat on the mat. It was happy.", uint8(0))
	f.Add("Wir bieten z. B. Kurse an. Am 3. Mai!", uint8(1))
	f.Add("¡Hola! ¿Cómo estás?Bien.", uint8(2))
	f.Add("« C'est génial ! » l'amour… d'accord", uint8(3))
	f.Add("Informações não são grátis.", uint8(4))
	f.Add("$4.99... 1,058 !!! ?! -- '' ’s n't", uint8(5))
	f.Add("\xff\xfe\x00 e\u0301 \u2028", uint8(9))
	f.Add("", uint8(6))
	f.Fuzz(func(t *testing.T, text string, li uint8) {
		lang := fuzzLangs[int(li)%len(fuzzLangs)]
		st, sc := Measure(text, tag(lang))
		for name, n := range map[string]int{
			"Sentences": st.Sentences, "Words": st.Words, "Syllables": st.Syllables,
			"LongWords": st.LongWords, "LongestSentence": st.LongestSentence,
			"Contractions": st.Contractions, "Exclamations": st.Exclamations,
		} {
			if n < 0 {
				t.Fatalf("Measure(%q, %q).%s = %d; want ≥ 0", text, lang, name, n)
			}
		}
		for name, p := range map[string]*float64{
			"AvgSentence": &st.AvgSentence, "LIX": &sc.LIX,
			"FleschReadingEase": sc.FleschReadingEase, "FleschKincaidGrade": sc.FleschKincaidGrade,
			"FernandezHuerta": sc.FernandezHuerta, "KandelMoles": sc.KandelMoles, "Amstad": sc.Amstad,
			"Gulpease": sc.Gulpease, "FleschDouma": sc.FleschDouma,
		} {
			if p != nil && (math.IsNaN(*p) || math.IsInf(*p, 0)) {
				t.Fatalf("Measure(%q, %q).%s = %v; want a finite number", text, lang, name, *p)
			}
		}
		// Consistency: every sentence holds a word, every word a syllable,
		// and sentence splitting never cuts through a word.
		if st.Sentences > st.Words || st.Syllables < st.Words || st.LongWords > st.Words || st.LongestSentence > st.Words {
			t.Fatalf("Measure(%q, %q) = %+v; counts are inconsistent", text, lang, st)
		}
		if n := len(Words(text)); n != st.Words {
			t.Fatalf("Measure(%q, %q).Words = %d; len(Words) = %d", text, lang, st.Words, n)
		}
		if _, err := json.Marshal(sc); err != nil {
			t.Fatalf("json.Marshal(%+v): %v", sc, err)
		}
	})
}

func BenchmarkMeasure(b *testing.B) {
	text := strings.Repeat("Build faster websites with modern tools. Don't wait: plans start at $4.99 per month! "+
		"Our team, e.g. Dr. Smith, answers within 24 hours…\nStart your free trial today.\n", 20)
	lang := tag("en-GB")
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Measure(text, lang)
	}
}

// FuzzMeter holds a Meter to Measure: a text measured after another whose
// lines it shares, in the same or another language, gets Measure's counts
// and scores.
func FuzzMeter(f *testing.F) {
	f.Add("The cat sat on the mat.\nIt was happy.", "It was happy.\nThe dog did not. Why?", uint8(0), uint8(0))
	f.Add("Wir bieten z. B. Kurse an.\nAm 3. Mai!", "Am 3. Mai!\r\nAm 3. Mai!", uint8(1), uint8(8))
	f.Add("« C'est génial ! »\u2028l'amour… d'accord", "l'amour… d'accord\n\n« C'est", uint8(3), uint8(11))
	f.Add("", "\n\n", uint8(6), uint8(6))
	f.Fuzz(func(t *testing.T, a, b string, la, lb uint8) {
		langA, langB := tag(fuzzLangs[int(la)%len(fuzzLangs)]), tag(fuzzLangs[int(lb)%len(fuzzLangs)])
		var m Meter
		for _, c := range []struct {
			text string
			lang langtag.Tag
		}{{a, langA}, {b, langB}, {a, langA}, {b, langA}} {
			gotSt, gotSc := m.Measure(c.text, c.lang)
			wantSt, wantSc := Measure(c.text, c.lang)
			if d := cmp.Diff(wantSt, gotSt) + cmp.Diff(wantSc, gotSc); d != "" {
				t.Fatalf("Meter.Measure(%q, %q) differs from Measure (-want +got):\n%s", c.text, c.lang, d)
			}
		}
	})
}

func BenchmarkMeter(b *testing.B) {
	text := strings.Repeat("Build faster websites with modern tools. Don't wait: plans start at $4.99 per month! "+
		"Our team, e.g. Dr. Smith, answers within 24 hours…\nStart your free trial today.\n", 20)
	lang := tag("en-GB")
	var m Meter
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		m.Measure(text, lang)
	}
}
