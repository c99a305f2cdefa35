package langtag

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// parts is what a test expects of a parsed tag.
type parts struct {
	String, Base, Script, Region string
}

func partsOf(t Tag) parts {
	return parts{String: t.String(), Base: t.Base(), Script: t.Script(), Region: t.Region()}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want parts
	}{
		{"plain", "en", parts{"en", "en", "", ""}},
		{"underscore and any case", "EN_us", parts{"en-US", "en", "", "US"}},
		{"lower-case region", "pt-br", parts{"pt-BR", "pt", "", "BR"}},
		{"region", "de-CH", parts{"de-CH", "de", "", "CH"}},
		{"script and region", "zh-Hant-TW", parts{"zh-Hant-TW", "zh", "Hant", "TW"}},
		{"script only", "sr-Latn", parts{"sr-Latn", "sr", "Latn", ""}},
		{"guessed script is not named", "zh-TW", parts{"zh-TW", "zh", "", "TW"}},
		{"suppressed script dropped", "en-Latn-GB", parts{"en-GB", "en", "", "GB"}},
		{"deprecated language", "iw", parts{"he", "he", "", ""}},
		{"deprecated language with region", "iw-IL", parts{"he-IL", "he", "", "IL"}},
		{"grandfathered", "i-klingon", parts{"tlh", "tlh", "", ""}},
		{"legacy with script", "sh", parts{"sr-Latn", "sr", "Latn", ""}},
		{"deprecated region", "en-UK", parts{"en-GB", "en", "", "GB"}},
		{"no macrolanguage folding", "nb-NO", parts{"nb-NO", "nb", "", "NO"}},
		{"UN M.49 region", "es-419", parts{"es-419", "es", "", "419"}},
		{"Kosovo is a country", "sq-XK", parts{"sq-XK", "sq", "", "XK"}},
		{"variant kept", "de-CH-1901", parts{"de-CH-1901", "de", "", "CH"}},
		{"whitespace trimmed", " \t fr-CA\n", parts{"fr-CA", "fr", "", "CA"}},
		{"unicode extension dropped", "en-u-nu-latn", parts{"en", "en", "", ""}},
		{"calendar extension dropped", "en-u-ca-buddhist", parts{"en", "en", "", ""}},
		{"extension dropped, region kept", "th-TH-u-ca-buddhist", parts{"th-TH", "th", "", "TH"}},
		{"region override is no region", "en-u-rg-gbzzzz", parts{"en", "en", "", ""}},
		{"transform extension dropped", "en-t-de", parts{"en", "en", "", ""}},
		{"uncoded script is no script", "en-Zzzz", parts{"en", "en", "", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, partsOf(got)); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if got.IsZero() {
				t.Errorf("Parse(%q).IsZero() = true", tt.in)
			}
			// The canonical form reads back as itself.
			again, err := Parse(got.String())
			if err != nil || !again.Equal(got) {
				t.Errorf("Parse(%q) = %v, %v; want %v", got.String(), again, err, got)
			}
		})
	}
}

func TestParse_Refused(t *testing.T) {
	tests := []struct {
		name, in, reason string
	}{
		{"empty", "", "it is empty"},
		{"blank", "  \t", "it is empty"},
		{"und", "und", "it names no language"},
		{"und in capitals", "UND", "it names no language"},
		{"root", "root", "it names no language"},
		{"und with a region", "und-GB", "it names a region but no language"},
		{"und with a region, underscore", "und_gb", "it names a region but no language"},
		{"und with a script", "und-Latn", "it names no language"},
		{"private use", "x-private", "private-use subtags name no public language"},
		{"private use after a language", "en-x-foo", "private-use subtags name no public language"},
		{"private use after a region", "en-US-x-twain", "private-use subtags name no public language"},
		{"private use after an extension", "en-u-nu-latn-x-foo", "private-use subtags name no public language"},
		{"private-use language", "qaa", `the language "qaa" is for private use`},
		{"private-use script", "en-Qaaa", `the script "Qaaa" is for private use`},
		{"private-use region", "en-QM", `the region "QM" is for private use`},
		{"unknown region", "en-ZZ", `the region "ZZ" is for private use`},
		{"one letter", "e", "tag is not well-formed"},
		{"a language's name", "english", "tag is not well-formed"},
		{"empty subtag", "en--GB", "tag is not well-formed"},
		{"digits", "123", "tag is not well-formed"},
		{"punctuation", "!!", "tag is not well-formed"},
		{"trailing hyphen", "en-", "tag is not well-formed"},
		{"unknown language", "xyz", `subtag "xyz" is well-formed but unknown`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %v; want an error", tt.in, got)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("Parse(%q) error %v does not wrap ErrInvalid", tt.in, err)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) error %T is not an *Error", tt.in, err)
			}
			if diff := cmp.Diff(Error{Input: tt.in, Reason: tt.reason}, *e); diff != "" {
				t.Errorf("Parse(%q) error mismatch (-want +got):\n%s", tt.in, diff)
			}
			if !got.IsZero() {
				t.Errorf("Parse(%q) = %v with an error; want the zero Tag", tt.in, got)
			}
		})
	}
}

func TestError(t *testing.T) {
	_, err := Parse("und-GB")
	if got, want := err.Error(), `"und-GB" is not a valid BCP 47 language tag (it names a region but no language)`; got != want {
		t.Errorf("Error() = %q; want %q", got, want)
	}
}

func TestMustParse(t *testing.T) {
	if got := MustParse("pt_BR").String(); got != "pt-BR" {
		t.Errorf("MustParse(pt_BR) = %q; want pt-BR", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParse(und) did not panic")
		}
	}()
	MustParse("und")
}

func TestZero(t *testing.T) {
	var z Tag
	if diff := cmp.Diff(parts{}, partsOf(z)); diff != "" {
		t.Errorf("zero Tag mismatch (-want +got):\n%s", diff)
	}
	if !z.IsZero() || z.Name() != "" {
		t.Errorf("zero Tag: IsZero %v, Name %q", z.IsZero(), z.Name())
	}
	en := MustParse("en")
	if z.SameLanguage(z) || z.SameLanguage(en) || en.SameLanguage(z) {
		t.Error("the zero Tag shares a language")
	}
	if z.Translates(en) || en.Translates(z) {
		t.Error("a translation from or into the zero Tag")
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		a, b            string
		equal, same, tr bool
	}{
		{"en", "en", true, true, false},
		{"en-GB", "en-US", false, true, false},
		{"EN_gb", "en-GB", true, true, false},
		{"en-u-nu-latn", "en", true, true, false},
		{"iw", "he-IL", false, true, false},
		{"sr-Latn", "sr-Cyrl", false, true, false},
		{"de-CH", "fr-CH", false, false, true},
		{"pt-BR", "es", false, false, true},
		{"nb", "no", false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.a+"/"+tt.b, func(t *testing.T) {
			a, b := MustParse(tt.a), MustParse(tt.b)
			got := [3]bool{a.Equal(b), a.SameLanguage(b), a.Translates(b)}
			if diff := cmp.Diff([3]bool{tt.equal, tt.same, tt.tr}, got); diff != "" {
				t.Errorf("%s vs %s: [Equal SameLanguage Translates] mismatch (-want +got):\n%s", tt.a, tt.b, diff)
			}
			if a.Translates(b) != b.Translates(a) || a.SameLanguage(b) != b.SameLanguage(a) {
				t.Errorf("%s vs %s: not symmetric", tt.a, tt.b)
			}
		})
	}
}

func TestName(t *testing.T) {
	for in, want := range map[string]string{"de-CH": "German", "pt-BR": "Portuguese", "iw": "Hebrew", "zh-Hant-TW": "Chinese"} {
		if got := MustParse(in).Name(); got != want {
			t.Errorf("MustParse(%q).Name() = %q; want %q", in, got, want)
		}
	}
}

func TestJSON(t *testing.T) {
	type doc struct {
		Lang Tag  `json:"lang"`
		Opt  *Tag `json:"opt,omitempty"`
	}
	b, err := json.Marshal(doc{Lang: MustParse("EN_us")})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"lang":"en-US"}`; got != want {
		t.Errorf("json.Marshal = %s; want %s", got, want)
	}
	var d doc
	if err := json.Unmarshal([]byte(`{"lang":"pt_br-u-nu-latn","opt":"iw"}`), &d); err != nil {
		t.Fatal(err)
	}
	if got := [2]string{d.Lang.String(), d.Opt.String()}; got != [2]string{"pt-BR", "he"} {
		t.Errorf("json.Unmarshal = %v; want [pt-BR he]", got)
	}
	for _, bad := range []string{`{"lang":"und-GB"}`, `{"lang":"x-private"}`, `{"lang":"e"}`, `{"lang":5}`} {
		err := json.Unmarshal([]byte(bad), &d)
		if err == nil {
			t.Errorf("json.Unmarshal(%s) = nil; want an error", bad)
		}
	}
	if err := json.Unmarshal([]byte(`{"lang":"und"}`), &d); !errors.Is(err, ErrInvalid) {
		t.Errorf("json.Unmarshal(und) = %v; want ErrInvalid", err)
	}
	// The zero Tag round-trips as "".
	b, _ = json.Marshal(doc{})
	if err := json.Unmarshal(b, &d); err != nil || !d.Lang.IsZero() {
		t.Errorf("zero Tag round trip: %s, %v, %v", b, d.Lang, err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"en", "EN_us", "pt-br", "de-CH", "zh-Hant-TW", "sr-Latn", "iw", " fr ", "und", "und-GB",
		"x-private", "en-x-foo", "en-u-nu-latn", "en-u-ca-buddhist", "e", "english", "en--GB", "123", "i-klingon", "qaa", "en-QM"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tag, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) || !tag.IsZero() {
				t.Fatalf("Parse(%q) = %v, %v; want the zero Tag and ErrInvalid", s, tag, err)
			}
			return
		}
		c := tag.String()
		if tag.IsZero() || c == "" || tag.Base() == "" || tag.Base() == "und" || !utf8.ValidString(c) {
			t.Fatalf("Parse(%q) = %q, base %q: want a language", s, c, tag.Base())
		}
		if strings.Contains(c, "-x-") || strings.HasPrefix(c, "x-") || strings.Contains(c, "-u-") {
			t.Fatalf("Parse(%q) = %q keeps an extension", s, c)
		}
		if !strings.HasPrefix(c, tag.Base()) {
			t.Fatalf("Parse(%q) = %q does not start with its base %q", s, c, tag.Base())
		}
		if r := tag.Region(); r != "" && !strings.Contains(c, "-"+r) {
			t.Fatalf("Parse(%q) = %q does not hold its region %q", s, c, r)
		}
		// Canonical is a fixed point.
		again, err := Parse(c)
		if err != nil || again.String() != c {
			t.Fatalf("Parse(%q) = %q, but Parse(%q) = %q, %v", s, c, c, again.String(), err)
		}
		if !tag.SameLanguage(again) || tag.Translates(again) {
			t.Fatalf("Parse(%q): %q is not the same language as itself", s, c)
		}
		b, err := tag.MarshalText()
		var back Tag
		if err != nil || back.UnmarshalText(b) != nil || !back.Equal(tag) {
			t.Fatalf("Parse(%q) = %q does not round-trip through text: %s, %v", s, c, b, err)
		}
	})
}
