package httpapi

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/marketingfork/fork/internal/apierr"
	"github.com/marketingfork/fork/internal/apikey"
	"github.com/marketingfork/fork/store"
)

// presentedKey returns the API key a request carries, from
// "Authorization: Bearer <key>" or X-API-Key, and whether it carries one at
// all. An Authorization header of another scheme counts as a key given
// (and wrong), so that a client sending Basic credentials learns it is not
// accepted instead of being treated as anonymous. More than one credential
// (two Authorization headers, or Authorization and X-API-Key together) is
// refused as well, even when one of them is valid: a proxy or client that
// adds its own header must not have the request judged by whichever header
// the server happens to read first.
func presentedKey(r *http.Request) (key string, given bool, conflict bool) {
	auths, keys := nonEmpty(r.Header.Values("Authorization")), nonEmpty(r.Header.Values("X-API-Key"))
	switch {
	case len(auths)+len(keys) == 0:
		return "", false, false
	case len(auths)+len(keys) > 1:
		return "", true, true
	case len(keys) == 1:
		return keys[0], true, false
	}
	scheme, rest, _ := strings.Cut(auths[0], " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return "", true, false
	}
	return strings.TrimSpace(rest), true, false
}

// nonEmpty trims each header value and drops the empty ones.
func nonEmpty(vals []string) []string {
	var out []string
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// authenticate checks the request's key. With required false a request
// without a key passes (nil key, nil error); a key that is given is always
// checked, so a client never believes a bad key works. A key of the wrong
// form is refused without a store query.
func (h *Handler) authenticate(r *http.Request, required bool) (*store.Key, error) {
	key, given, conflict := presentedKey(r)
	if conflict {
		return nil, h.unauthorized(r, true, "send one API key, in one Authorization: Bearer header or one X-API-Key header, not several")
	}
	if !given {
		if required {
			return nil, h.unauthorized(r, false, "an API key is required: send Authorization: Bearer <key> or X-API-Key: <key>")
		}
		return nil, nil
	}
	if !apikey.Valid(key) {
		return nil, h.unauthorized(r, true, "the API key is not valid")
	}
	hash := apikey.Hash(key)
	rec, err := h.store.KeyByHash(r.Context(), hash)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, h.unauthorized(r, true, "the API key is not valid")
	case err != nil:
		return nil, fmt.Errorf("look up key: %w", err)
	case subtle.ConstantTimeCompare(rec.Hash, hash) != 1:
		// The store found the key by its hash, so this cannot differ; a
		// store that matched loosely must not let another key in.
		return nil, h.unauthorized(r, true, "the API key is not valid")
	case !rec.RevokedAt.IsZero():
		return nil, h.unauthorized(r, true, "the API key has been revoked")
	}
	stateOf(r).keyID = rec.ID
	return &rec, nil
}

// unauthorized is a 401 that points the client at the RFC 9728 metadata
// (and through it at the key page); invalid_token is added when a key was
// given, as RFC 6750 asks.
func (h *Handler) unauthorized(r *http.Request, given bool, why string) error {
	base := h.baseURL(r)
	challenge := fmt.Sprintf(`Bearer resource_metadata="%s/.well-known/oauth-protected-resource"`, base)
	if given {
		challenge += `, error="invalid_token"`
	}
	return &apierr.Error{Sentinel: apierr.ErrUnauthorized, Detail: why + "; get a free key at " + base + "/get-key",
		Header: http.Header{"Www-Authenticate": {challenge}}}
}
