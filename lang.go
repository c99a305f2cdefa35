package fork

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/marketingfork/fork/internal/langtag"
)

// Language is a request's language, parsed once in validation: a
// canonical BCP 47 tag with its base language, script and region (the
// culture), built on golang.org/x/text/language. Every part of the library
// takes this value instead of reading tags again. See ParseLanguage for what
// it accepts and refuses.
type Language = langtag.Tag

// LanguageError says why a language tag was refused; the error of
// ParseLanguage and of a request's language fields holds one (errors.As).
type LanguageError = langtag.Error

// ParseLanguage reads a BCP 47 tag the way a request's source_language and
// target_language are read: any case, "_" for "-" and surrounding space
// allowed ("EN_us" is "en-US"); deprecated and grandfathered tags
// canonicalised ("iw" is "he"); extensions dropped ("en-u-nu-latn" is "en").
// It refuses the empty tag, "und" with or without a region ("und-GB"),
// private-use tags ("x-private", "en-x-foo") and malformed ones ("e",
// "english", "en--GB") with an error wrapping ErrInvalidInput that holds a
// *LanguageError.
func ParseLanguage(s string) (Language, error) {
	t, err := langtag.Parse(s)
	if err != nil {
		return Language{}, fmt.Errorf("%w: %w", ErrInvalidInput, err)
	}
	return t, nil
}

// languageMsg is a refused tag's message for a request field, the same in
// the library's ValidationError, the HTTP API's 422 and the MCP tools.
func languageMsg(err error) string {
	return err.Error() + "; use a tag such as en, en-GB, de-CH or pt-BR"
}

// checkURL catches what is wrong with a URL's form before anything is
// fetched; the fetcher checks the address it resolves to at connect time.
func checkURL(raw string) error {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return errors.New("not a valid URL")
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return errors.New("the URL must start with http:// or https://")
	}
	if u.Hostname() == "" {
		return errors.New("the URL has no host")
	}
	return nil
}
