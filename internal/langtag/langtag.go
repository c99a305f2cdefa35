// Package langtag is the one owner of the project's language tags. A
// request's languages are parsed once, at the edge, into a Tag, and every
// other package takes the Tag (or its Base) instead of reading strings
// again. It is a leaf: it imports no other package of the project.
//
// Parse accepts a BCP 47 tag in any case, with "_" for "-" ("EN_us" is
// "en-US") and surrounding space, and canonicalises it with x/text:
//
//   - deprecated and grandfathered subtags are replaced ("iw" → "he",
//     "i-klingon" → "tlh", "sh" → "sr-Latn", "en-UK" → "en-GB"), and a
//     script the language is always written in is dropped ("en-Latn" →
//     "en"); macrolanguages are not folded ("nb" stays "nb", not "no");
//   - extensions (-u-, -t- and the others) are dropped: "en-u-nu-latn" and
//     "en-u-ca-buddhist" are "en". A fork's language is its language,
//     script, region and variants; the calendar or numbering system a tag
//     asks for is nothing a fork honours, and keeping it would make two
//     tags of the same culture compare different.
//
// Parse refuses, with an *Error wrapping ErrInvalid, what names no public
// language: the empty tag; "und" with or without a region or script
// ("und-GB"), since a region alone names no language to write in;
// private-use tags and subtags ("x-private", "en-x-foo", "qaa", "en-Qaaa",
// and user-assigned regions such as "en-QM" and "en-ZZ", but not "XK",
// which names Kosovo); and malformed tags ("e", "english", "en--GB", "123")
// or well-formed ones with unknown subtags ("xyz").
package langtag

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// ErrInvalid is wrapped by every error Parse returns, so a caller can tell a
// refused tag (a 422 naming the field) from any other failure.
var ErrInvalid = errors.New("invalid language tag")

// Error says why Parse refused a tag. errors.Is(err, ErrInvalid) holds.
type Error struct {
	// Input is the tag as given.
	Input string
	// Reason says what is wrong in a few words ("it names no language",
	// "tag is not well-formed").
	Reason string
}

// Error reads `"und-GB" is not a valid BCP 47 language tag (it names a
// region but no language)`.
func (e *Error) Error() string {
	return fmt.Sprintf("%q is not a valid BCP 47 language tag (%s)", e.Input, e.Reason)
}

// Unwrap returns ErrInvalid.
func (e *Error) Unwrap() error { return ErrInvalid }

// canon is how Parse canonicalises: BCP 47's deprecated subtags and
// suppressed scripts, and the legacy tags CLDR replaces. Macrolanguage
// folding (language.Macro) is left out: it would turn "nb" into "no".
const canon = language.BCP47 | language.Legacy

// Tag is a parsed, canonical language tag: a language, and optionally a
// script, a region (the culture) and variants. The zero Tag names no
// language (IsZero); Parse never returns it without an error. Tags compare
// with Equal, not ==.
type Tag struct {
	tag language.Tag
}

// Parse reads a BCP 47 tag; see the package documentation for what it
// accepts, how it canonicalises and what it refuses.
func Parse(s string) (Tag, error) {
	in := s
	s = strings.ReplaceAll(strings.TrimSpace(s), "_", "-")
	fail := func(reason string) (Tag, error) { return Tag{}, &Error{Input: in, Reason: reason} }
	if s == "" {
		return fail("it is empty")
	}
	t, err := canon.Parse(s)
	if err != nil {
		return fail(strings.TrimPrefix(err.Error(), "language: "))
	}
	// x/text keeps private use as an extension ("x-private" is und with
	// the extension x-private).
	for _, e := range t.Extensions() {
		if e.Type() == 'x' {
			return fail("private-use subtags name no public language")
		}
	}
	base, script, region := t.Raw()
	if base.String() == "und" {
		if _, conf := t.Region(); conf == language.Exact {
			return fail("it names a region but no language")
		}
		return fail("it names no language")
	}
	if base.IsPrivateUse() {
		return fail(fmt.Sprintf("the language %q is for private use", base.String()))
	}
	if _, conf := t.Script(); conf != language.Exact || script.String() == "Zzzz" {
		// Zzzz is the code for "no script coded": the same as none.
		script = language.Script{}
	} else if script.IsPrivateUse() {
		return fail(fmt.Sprintf("the script %q is for private use", script.String()))
	}
	if _, conf := t.Region(); conf != language.Exact {
		region = language.Region{}
	} else if region.IsPrivateUse() && !region.IsCountry() {
		return fail(fmt.Sprintf("the region %q is for private use", region.String()))
	}
	parts := []any{base}
	if script != (language.Script{}) {
		parts = append(parts, script)
	}
	if region != (language.Region{}) {
		parts = append(parts, region)
	}
	for _, v := range t.Variants() {
		parts = append(parts, v)
	}
	// Compose leaves the extensions behind.
	c, err := language.Compose(parts...)
	if err != nil {
		return fail(strings.TrimPrefix(err.Error(), "language: "))
	}
	return Tag{tag: c}, nil
}

// MustParse is Parse for constants and tests: it panics on a refused tag.
func MustParse(s string) Tag {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// String is the canonical BCP 47 tag ("pt-BR", "zh-Hant-TW"), or "" for
// the zero Tag.
func (t Tag) String() string {
	if t.IsZero() {
		return ""
	}
	return t.tag.String()
}

// Base is the language subtag ("pt" for "pt-BR"), or "" for the zero Tag.
func (t Tag) Base() string {
	if t.IsZero() {
		return ""
	}
	b, _ := t.tag.Base()
	return b.String()
}

// Script is the script subtag the tag names ("Hant" for "zh-Hant-TW"), or
// "" when it names none: a script x/text would only guess ("Hant" for
// "zh-TW") is not given.
func (t Tag) Script() string {
	if t.IsZero() {
		return ""
	}
	if s, conf := t.tag.Script(); conf == language.Exact {
		return s.String()
	}
	return ""
}

// Region is the region subtag the tag names ("BR" for "pt-BR"): the
// culture of a fork. It is "" when the tag names none: "en" has no region,
// so no culture, although x/text would guess "US".
func (t Tag) Region() string {
	if t.IsZero() {
		return ""
	}
	if r, conf := t.tag.Region(); conf == language.Exact {
		return r.String()
	}
	return ""
}

// IsZero reports whether t is the zero Tag, which names no language.
func (t Tag) IsZero() bool { return t.tag == language.Und }

// Equal reports whether two tags are the same canonical tag.
func (t Tag) Equal(other Tag) bool { return t.String() == other.String() }

// SameLanguage reports whether both tags name the same language ("en-GB"
// and "en-US" do); the zero Tag shares a language with nothing.
func (t Tag) SameLanguage(other Tag) bool {
	return !t.IsZero() && !other.IsZero() && t.Base() == other.Base()
}

// Translates reports whether writing t from a text in from is a
// translation: both name a language and the languages differ. A change of
// region or script alone ("en-US" to "en-GB") is no translation.
func (t Tag) Translates(from Tag) bool {
	return !t.IsZero() && !from.IsZero() && t.Base() != from.Base()
}

// Name is the English name of the tag's language ("German" for "de-CH"),
// or the base subtag when x/text has no name for it; "" for the zero Tag.
func (t Tag) Name() string {
	if t.IsZero() {
		return ""
	}
	b, _ := t.tag.Base()
	if n := display.English.Languages().Name(b); n != "" {
		return n
	}
	return b.String()
}

// MarshalText writes the canonical tag; the zero Tag is "".
func (t Tag) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a tag with Parse's rules. Empty text is the zero Tag,
// so that a zero Tag survives a round trip; a caller that requires a
// language checks IsZero (or calls Parse, which refuses "").
func (t *Tag) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*t = Tag{}
		return nil
	}
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*t = p
	return nil
}
