package ledger

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/extract"
)

var fuzzSeeds = []struct{ text, locale string }{
	{"Only $30.00, or $5/mo and $100/yr; sponsor for $800-$1,400.", "en"},
	{"EUR115, EUR 15, 115 €, 115€, 0€, 4,99€/mois, 39,99 EUR/an (-20 %)", "fr"},
	{"R$ 1.058 ou R$ 633 /mês; R$ 7.599-17.799 por ano", "pt-BR"},
	{"CHF 1'499.– und 400 EUR pro Monat, 15,- €", "de-CH"},
	{"£10, from £120, US$ 20, ¥1,000, ₹499, A$29, C$35, 99 kr", "en-GB"},
	{"Save 20% or 20 percent; 93.9% pure; 3x stronger; 1.32 GB; 14-day trial", "en"},
	{"Rejoins 1\u202f247 surfeurs le 20 juin 2026 à 9:30 am", "fr"},
	{"August 8th - 10th, 2018; 01/03/2026; 2026-03-01; 20. Juni", "en"},
	{"Call +56 9 1234 5678 or (555) 123-4567, mail Hi@Example.com, see www.example.org", "es-CL"},
	{"Omax3 v1.2.3 COVID-19 24/7 501(c)(3) 5th 1. step", "en"},
	{"Free shipping, no contract, cancel anytime; not the best. Use code SAVE20 — only 3 left, ends Sunday!", "en"},
	{"Jusqu'à 17 % ; à partir de 10 € par personne ; stockage illimité ; satisfait ou remboursé", "fr"},
	{"Garantia vitalícia, até segunda-feira, sem contrato anual, cupom «PRIMEIRA10», 07817 485888", "pt-BR"},
	{"#1 ISO 27001 SOC 2 No. 1 n°1 1 encryption/day for free shipping", "en"},
	{"$", "en"},
	{"1e999", "en"},
	{strings.Repeat("9", 500) + " €", "fr"},
	{"\xff\xfe 12\xc2 %", "zz"},
}

func checkFacts(t *testing.T, where string, text string, facts []Fact) {
	t.Helper()
	for _, f := range facts {
		if f.Value == "" {
			t.Errorf("%s: fact %+v has an empty Value", where, f)
		}
		if math.IsInf(f.Amount, 0) || math.IsNaN(f.Amount) {
			t.Errorf("%s: fact %+v has Amount %v", where, f, f.Amount)
		}
		if !strings.Contains(text, f.Text) {
			t.Errorf("%s: fact text %q is not in %q", where, f.Text, text)
		}
	}
}

func FuzzFromText(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s.text, s.locale)
	}
	f.Fuzz(func(t *testing.T, text, locale string) {
		facts := FromText(text, locale)
		checkFacts(t, "FromText", text, facts)
		for _, fc := range facts {
			if fc.Block != -1 {
				t.Errorf("FromText fact %+v: Block = %d; want -1", fc, fc.Block)
			}
		}
		// the same text as a page block, with its link
		src := Source{Locale: locale, Names: []string{text}, Blocks: []extract.Block{
			{ID: 7, Role: extract.RoleBody, Text: text, Href: text},
			{ID: 8, Role: extract.RoleTitle, Text: text},
			{ID: 9, Role: extract.RoleFinePrint, Text: text},
		}}
		checkFacts(t, "Extract", text, Extract(src))
	})
}

func FuzzParseNumber(f *testing.F) {
	for _, s := range []struct{ in, locale string }{
		{"1,234.50", "en"}, {"1.058", "pt-BR"}, {"4,99", "fr"}, {"1 247", "fr"},
		{"1\u202f247", "fr"}, {"1'499.–", "de-CH"}, {"1.32", "en"}, {"-20", "de"},
		{"1,00,000", "en-IN"}, {".5", "en"}, {"", ""}, {"1e5", "en"},
	} {
		f.Add(s.in, s.locale)
	}
	f.Fuzz(func(t *testing.T, s, locale string) {
		v, ok := ParseNumber(s, locale)
		if !ok {
			if v != 0 {
				t.Errorf("ParseNumber(%q, %q) = %v, false; want 0 when not ok", s, locale, v)
			}
			return
		}
		if math.IsInf(v, 0) || math.IsNaN(v) {
			t.Fatalf("ParseNumber(%q, %q) = %v", s, locale, v)
		}
		// the ledger's own number format reads back exactly in English
		back, ok := ParseNumber(formatAmount(v), "en")
		if !ok || back != v {
			t.Errorf("ParseNumber(%q, %q) = %v; formatted %q reads back as %v, %v", s, locale, v, formatAmount(v), back, ok)
		}
	})
}

// FuzzContains holds containsEach and formSet.match, which rule forms
// out by the byte after their first rune (form.mayStartAt), to the plain
// reading: every form of the set tried at every place where it may start.
func FuzzContains(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s.text, s.locale)
	}
	f.Add("Satisfait ou remboursé, GARANTIE 30 JOURS, money-back guarantee, © 2026 Tous droits réservés", "fr")
	f.Add("\u212aeine R\u00fcckgabe, \u017fatisfaction guaranteed, VAT incl., Terms apply", "de")
	f.Fuzz(func(t *testing.T, text, locale string) {
		li := parseLocale(locale)
		for name, fs := range map[string]formSet{"guarantee": guaranteeSet, "legal": legalSet, "unit": unitSet, "percent": percentSet, "period": periodPhraseSet, "periodNoun": periodNounSet, "suffixCurrency": suffixCurrencySet, "scale": scaleSet, "ordinal": ordinalSet} {
			for _, l := range []*localeInfo{&li, nil} {
				for other, os := range map[string]formSet{"guarantee": guaranteeSet, "legal": legalSet} {
					gotA, gotB := containsEach(text, l, fs, os)
					wantA, wantB := containsPlain(fs, text, l), containsPlain(os, text, l)
					if gotA != wantA || gotB != wantB {
						t.Fatalf("containsEach(%q) in %q for %s and %s = %v, %v; plain reading %v, %v", text, locale, name, other, gotA, gotB, wantA, wantB)
					}
				}
				for i := range text {
					for _, glued := range []bool{false, true} {
						f, end, ok := fs.match(text, i, l, glued)
						pf, pend, pok := matchPlain(fs, text, i, l, glued)
						if ok != pok || end != pend || !reflect.DeepEqual(f, pf) {
							t.Fatalf("%s.match(%q, %d, %v) in %q = %+v, %d, %v; plain reading %+v, %d, %v", name, text, i, glued, locale, f, end, ok, pf, pend, pok)
						}
					}
				}
			}
		}
	})
}

// matchPlain is formSet.match as written before form.mayStartAt.
func matchPlain(fs formSet, t string, i int, li *localeInfo, glued bool) (form, int, bool) {
	if i >= len(t) {
		return form{}, 0, false
	}
	r, _ := utf8.DecodeRuneInString(t[i:])
	for _, f := range fs.startingWith(lowerRune(r)) {
		if f.glued && !glued {
			continue
		}
		if li != nil && !li.inLangs(f.langs) {
			continue
		}
		end, ok := matchAt(t, i, f.text, f.exact)
		if !ok {
			continue
		}
		if !f.loose && endsWord(f.text) && end < len(t) {
			if r2, _ := utf8.DecodeRuneInString(t[end:]); isWordRune(r2) {
				continue
			}
		}
		return f, end, true
	}
	return form{}, 0, false
}

// containsPlain is formSet.contains as written before form.mayStartAt
// (and before containsEach read two sets at once).
func containsPlain(fs formSet, t string, li *localeInfo) bool {
	prevWord := false
	for i := 0; i < len(t); {
		r, n := utf8.DecodeRuneInString(t[i:])
		midWord := prevWord && isWordRune(r)
		prevWord = isWordRune(r)
		for _, f := range fs.startingWith(lowerRune(r)) {
			if midWord && !f.loose {
				continue
			}
			if li != nil && !li.inLangs(f.langs) {
				continue
			}
			end, ok := matchAt(t, i, f.text, f.exact)
			if ok && (f.loose || wordBoundedAt(t, i, end)) {
				return true
			}
		}
		i += n
	}
	return false
}
