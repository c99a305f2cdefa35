package fork

import (
	"errors"
	"net/url"
	"strings"

	"golang.org/x/text/language"
)

// canonicalTag parses a BCP 47 tag and returns it in canonical case
// ("pt-br" → "pt-BR"). It refuses the empty tag and "und".
func canonicalTag(tag string) (string, error) {
	t, err := language.Parse(strings.TrimSpace(strings.ReplaceAll(tag, "_", "-")))
	if err != nil {
		return "", err
	}
	if t == language.Und {
		return "", errors.New("undetermined language")
	}
	return t.String(), nil
}

// baseLanguage returns the language subtag of a BCP 47 tag ("de-CH" → "de"),
// or the lower-cased input when it does not parse.
func baseLanguage(tag string) string {
	t, err := language.Parse(strings.ReplaceAll(tag, "_", "-"))
	if err != nil {
		return strings.ToLower(tag)
	}
	b, _ := t.Base()
	return b.String()
}

// region returns the explicit region subtag of a tag ("en-GB" → "GB"), or ""
// when the tag names none: a bare "en" names no culture.
func region(tag string) string {
	t, err := language.Parse(strings.ReplaceAll(tag, "_", "-"))
	if err != nil {
		return ""
	}
	r, conf := t.Region()
	if conf != language.Exact {
		return ""
	}
	return r.String()
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
