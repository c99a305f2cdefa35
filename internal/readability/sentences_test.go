package readability

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSentences(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []string
	}{
		{"empty", "", nil},
		{"only punctuation", "...", nil},
		{"plain", "We ship fast. You save time.", []string{"We ship fast.", "You save time."}},
		{"no final mark", "We ship fast", []string{"We ship fast"}},
		{"titles", "Mr. Smith met Dr. Jones. They talked.", []string{"Mr. Smith met Dr. Jones.", "They talked."}},
		{"e.g.", "Use tools, e.g. hammers. Or not.", []string{"Use tools, e.g. hammers.", "Or not."}},
		{"z.B.", "Wir bieten z.B. Kurse an. Und mehr.", []string{"Wir bieten z.B. Kurse an.", "Und mehr."}},
		{"spaced z. B. and d. h.", "Wir bieten z. B. Kurse an, d. h. viele. Toll!", []string{"Wir bieten z. B. Kurse an, d. h. viele.", "Toll!"}},
		{"etc. before capital ends", "We sell hats, shoes, etc. Come visit.", []string{"We sell hats, shoes, etc.", "Come visit."}},
		{"etc. before lowercase continues", "Hats etc. and more.", []string{"Hats etc. and more."}},
		{"max. before a figure", "Kleine Gruppen mit max. 6 Teilnehmenden, mind. 3 Termine. Los geht's.", []string{"Kleine Gruppen mit max. 6 Teilnehmenden, mind. 3 Termine.", "Los geht's."}},
		{"max. before capital ends", "We push it to the max. Then we rest.", []string{"We push it to the max.", "Then we rest."}},
		{"No. before digit", "The answer is no. No. 5 is best.", []string{"The answer is no.", "No. 5 is best."}},
		{"initials", "J. K. Rowling wrote it.", []string{"J. K. Rowling wrote it."}},
		{"initialism before capital", "Made in the U.S. Ships fast.", []string{"Made in the U.S.", "Ships fast."}},
		{"initialism before lowercase", "Meet at 10 a.m. tomorrow.", []string{"Meet at 10 a.m. tomorrow."}},
		{"price", "Only $4.99. Sign up now!!! Really?!", []string{"Only $4.99.", "Sign up now!!!", "Really?!"}},
		{"decimals and thousands", "Population 1.058 people. Version 2.0 is out.", []string{"Population 1.058 people.", "Version 2.0 is out."}},
		{"number ends sentence", "Plans start at $5. Sign up.", []string{"Plans start at $5.", "Sign up."}},
		{"german ordinal date", "Am 3. Mai geht es los.", []string{"Am 3. Mai geht es los."}},
		{"domain", "Visit example.com. It's great.", []string{"Visit example.com.", "It's great."}},
		{"ellipsis", "Wait… what? And then... Nothing.", []string{"Wait… what?", "And then...", "Nothing."}},
		{"quotes", `She said "Buy now!" and left. "Great." Then silence.`, []string{`She said "Buy now!" and left.`, `"Great."`, "Then silence."}},
		{"curly quotes", "“It works.” We agree.", []string{"“It works.”", "We agree."}},
		{"spanish marks", "¡Hola! ¿Cómo estás? Bien.¿Y tú?", []string{"¡Hola!", "¿Cómo estás?", "Bien.", "¿Y tú?"}},
		{"spanish mid-sentence question", "Si te gusta, ¿por qué esperar?", []string{"Si te gusta, ¿por qué esperar?"}},
		{"french spacing", "« C'est génial ! » Merci. Vraiment ?", []string{"« C'est génial ! »", "Merci.", "Vraiment ?"}},
		{"lines", "Headline without period\nSecond line. Third.", []string{"Headline without period", "Second line.", "Third."}},
		{"crlf and blank lines", "One.\r\n\r\nTwo", []string{"One.", "Two"}},
		{"decoration lines dropped", "* * *\n---\nReal sentence", []string{"Real sentence"}},
		{"parenthesis", "Fast delivery (in 24h). Free returns.", []string{"Fast delivery (in 24h).", "Free returns."}},
		{"bijv.", "Betaal bijv. per maand. Of per jaar.", []string{"Betaal bijv. per maand.", "Of per jaar."}},
		{"t.w.v. before a price", "Nieuwe klanten krijgen een bon t.w.v. €25 cadeau.", []string{"Nieuwe klanten krijgen een bon t.w.v. €25 cadeau."}},
		{"ecc. before capital ends", "Foto, video, ecc. Tutto incluso.", []string{"Foto, video, ecc.", "Tutto incluso."}},
		{"Sig. title", "Il Sig. Rossi risponde subito.", []string{"Il Sig. Rossi risponde subito."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Sentences(c.text)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("Sentences(%q) mismatch (-want +got):\n%s", c.text, diff)
			}
		})
	}
}

func TestWords(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []string
	}{
		{"empty", "", nil},
		{"punctuation only", "— ... !!", nil},
		{"contractions", "Don't miss it’s", []string{"Don't", "miss", "it’s"}},
		{"hyphenated", "state-of-the-art COVID-19 tools", []string{"state-of-the-art", "COVID-19", "tools"}},
		{"numbers", "only $4.99 (1,058 sold), 50% off", []string{"only", "4.99", "1,058", "sold", "50", "off"}},
		{"dash between words", "fast — really fast", []string{"fast", "really", "fast"}},
		{"trailing apostrophe", "dogs' bowls", []string{"dogs", "bowls"}},
		{"french elision", "l'amour d'abord", []string{"l'amour", "d'abord"}},
		{"abbreviation", "e.g. this", []string{"e.g", "this"}},
		{"slash", "24/7 support", []string{"24", "7", "support"}},
		{"email", "hello@example.com", []string{"hello", "example.com"}},
		{"accents", "café naïve Straße", []string{"café", "naïve", "Straße"}},
		{"combining mark", "cafe\u0301 ok", []string{"cafe\u0301", "ok"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Words(c.text)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("Words(%q) mismatch (-want +got):\n%s", c.text, diff)
			}
		})
	}
}
