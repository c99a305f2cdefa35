// Package oauth is the API's OAuth 2.1 authorization server: just enough
// for an MCP client to connect without a person copying a key. The HTTP API
// mounts its endpoints:
//
//	GET  /.well-known/oauth-authorization-server  RFC 8414 metadata
//	POST /oauth/register                          RFC 7591 dynamic client registration
//	GET  /oauth/authorize                         the consent page
//	POST /oauth/authorize                         the person's answer
//	POST /oauth/token                             authorization_code → access token
//
// Every client is public (token_endpoint_auth_method "none") and must use
// PKCE with S256; the only grant is the authorization code. The access token
// is a new API key, so /mcp and the REST API take it exactly as they take a
// key from /get-key, and it lives as long as the key: there is no expiry and
// so no refresh token. The issuer is the API's base URL, and the server only
// issues tokens for itself, so a resource parameter (RFC 8707) must name
// the API or its MCP endpoint.
//
// Nothing here keeps state in memory: clients, consent forms and codes live
// in the store, so any node can answer any step.
package oauth

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/marketingfork/fork/internal/reqbody"
	"log/slog"
	"mime"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/apikey"
	"github.com/marketingfork/fork/store"
)

// The authorization server's scope, lifetimes and bounds.
const (
	// Scope is the one scope there is. An access token is an API key
	// and may do all a key may, so there is nothing finer to grant; naming
	// it lets clients that always send a scope send one that is real.
	Scope = "fork"
	// codeTTL is an authorization code's life: a client redeems its code
	// right after the redirect, and a short life limits a leaked one.
	codeTTL = 60 * time.Second
	// consentTTL is the consent form's life: time for a person to read the
	// page and decide.
	consentTTL = 10 * time.Minute
	// clientIDPrefix starts every client_id, so one is recognisable in
	// logs and key names.
	clientIDPrefix = "mfc_"
	// MaxRedirectURIs, MaxURILen, MaxClientName and maxState bound what an
	// unauthenticated caller can make the store keep.
	MaxRedirectURIs = 10
	MaxURILen       = 2000
	MaxClientName   = 100
	maxState        = 1024
)

// Values the server supports, listed once for the metadata and the checks.
const (
	GrantAuthorizationCode = "authorization_code"
	responseTypeCode       = "code"
	authMethodNone         = "none"
	pkceS256               = "S256"
)

// AuthServerMetadata is the RFC 8414 authorization server metadata. It
// lists only what the server does: RFC 8414's defaults would otherwise
// claim the implicit grant, the fragment response mode and
// client_secret_basic.
type AuthServerMetadata struct {
	// Issuer is the API's base URL.
	Issuer string `json:"issuer"`
	// AuthorizationEndpoint is where a person approves a client.
	AuthorizationEndpoint string `json:"authorization_endpoint"`
	// TokenEndpoint exchanges a code for an access token.
	TokenEndpoint string `json:"token_endpoint"`
	// RegistrationEndpoint registers clients (RFC 7591).
	RegistrationEndpoint string `json:"registration_endpoint"`
	// ScopesSupported is ["fork"].
	ScopesSupported []string `json:"scopes_supported"`
	// ResponseTypesSupported is ["code"].
	ResponseTypesSupported []string `json:"response_types_supported"`
	// ResponseModesSupported is ["query"].
	ResponseModesSupported []string `json:"response_modes_supported"`
	// GrantTypesSupported is ["authorization_code"].
	GrantTypesSupported []string `json:"grant_types_supported"`
	// TokenEndpointAuthMethodsSupported is ["none"]: clients are public.
	TokenEndpointAuthMethodsSupported []string `json:"token_endpoint_auth_methods_supported"`
	// CodeChallengeMethodsSupported is ["S256"]: PKCE is required.
	CodeChallengeMethodsSupported []string `json:"code_challenge_methods_supported"`
	// AuthorizationResponseIssParameterSupported is true: every redirect
	// carries iss (RFC 9207), so a client can tell which server answered.
	AuthorizationResponseIssParameterSupported bool `json:"authorization_response_iss_parameter_supported"`
}

// ClientInfo is a registration's answer (RFC 7591 §3.2.1): the client_id
// and the metadata as registered, which may differ from what was asked.
type ClientInfo struct {
	// ClientID identifies the client; it is not a secret.
	ClientID string `json:"client_id"`
	// ClientIDIssuedAt is when it was issued, in seconds since 1970.
	ClientIDIssuedAt int64 `json:"client_id_issued_at"`
	// ClientName is the name shown on the consent page, when one was given.
	ClientName string `json:"client_name,omitempty"`
	// RedirectURIs are the registered redirect URIs.
	RedirectURIs []string `json:"redirect_uris"`
	// TokenEndpointAuthMethod is always "none".
	TokenEndpointAuthMethod string `json:"token_endpoint_auth_method"`
	// GrantTypes is always ["authorization_code"].
	GrantTypes []string `json:"grant_types"`
	// ResponseTypes is always ["code"].
	ResponseTypes []string `json:"response_types"`
	// Scope is always "fork".
	Scope string `json:"scope"`
}

// TokenResponse is the token endpoint's answer (RFC 6749 §5.1). It has no
// expires_in and no refresh_token because the key does not expire.
type TokenResponse struct {
	// AccessToken is a new API key; it is shown once, only its hash is
	// stored.
	AccessToken string `json:"access_token"`
	// TokenType is "Bearer".
	TokenType string `json:"token_type"`
	// Scope is the scope granted: "fork".
	Scope string `json:"scope"`
}

// ErrorBody is the body of an OAuth error (RFC 6749 §5.2, RFC 7591
// §3.2.2).
type ErrorBody struct {
	// Error is the error code, such as "invalid_grant".
	Error string `json:"error"`
	// ErrorDescription says what went wrong, for the developer.
	ErrorDescription string `json:"error_description,omitempty"`
}

// oauthError is an error the OAuth protocol defines an answer for, given as
// {"error", "error_description"} with its status.
type oauthError struct {
	status int
	code   string
	desc   string
	header http.Header
}

func (e *oauthError) Error() string { return e.code + ": " + e.desc }

// badRequest is a 400 OAuth error.
func badRequest(code, desc string) error {
	return &oauthError{status: http.StatusBadRequest, code: code, desc: desc}
}

// authorizeError is an error of an authorization request whose client and
// redirect URI have been checked, so the client learns of it through the
// redirect URI (RFC 6749 §4.1.2.1).
type authorizeError struct {
	redirectURI string
	state       string
	code, desc  string
}

func (e *authorizeError) Error() string { return "authorize: " + e.code + ": " + e.desc }

// pageError is an error of an authorization request that must not be
// redirected — the client or redirect URI is unknown, or the form did not
// come from the consent page — so the person is shown it instead, and no
// client learns anything.
type pageError struct {
	status int
	msg    string
}

func (e *pageError) Error() string { return "authorize page: " + e.msg }

// oauthRoute wraps an OAuth endpoint so that its protocol errors become the
// answers the protocol defines, all here; any other error (a body too
// large, a quota used up, the store down) goes on to errorReply, like every
// route's.
func (h *Server) oauthRoute(fn handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		err := fn(w, r)
		var (
			oe *oauthError
			ae *authorizeError
			pe *pageError
		)
		switch {
		case err == nil:
			return nil
		case errors.As(err, &oe):
			hd := http.Header{"Cache-Control": {"no-store"}}
			for k, v := range oe.header {
				hd[k] = v
			}
			if err := writeJSON(w, oe.status, hd, ErrorBody{Error: oe.code, ErrorDescription: oe.desc}); err != nil {
				return err
			}
		case errors.As(err, &ae):
			params := url.Values{"error": {ae.code}, "error_description": {ae.desc}}
			if ae.state != "" {
				params.Set("state", ae.state)
			}
			h.redirectBack(w, r, ae.redirectURI, params)
		case errors.As(err, &pe):
			if rerr := h.authorizePage(w, pe.status, authorizePageData{Base: h.baseURL(r), Error: pe.msg}); rerr != nil {
				return rerr
			}
		default:
			return err
		}
		h.log.LogAttrs(r.Context(), slog.LevelDebug, "oauth request refused", slog.String("request_id", w.Header().Get("X-Request-Id")), slog.String("error", err.Error()))
		return nil
	}
}

// redirectBack sends the browser to the client's redirect URI with params
// and iss (RFC 9207) added to its query. The answer to a POST is 303, so
// the browser follows with a GET and never posts the form again.
func (h *Server) redirectBack(w http.ResponseWriter, r *http.Request, redirectURI string, params url.Values) {
	params.Set("iss", h.baseURL(r))
	sep := "?"
	if strings.Contains(redirectURI, "?") {
		// Keep the registered query as it is written; re-encoding it could
		// change a URI the client compares byte for byte.
		sep = "&"
	}
	status := http.StatusFound
	if r.Method == http.MethodPost {
		status = http.StatusSeeOther
	}
	hd := w.Header()
	hd.Set("Location", redirectURI+sep+params.Encode())
	hd.Set("Cache-Control", "no-store")
	hd.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
}

// authServerMetadataDoc handles GET /.well-known/oauth-authorization-server.
func (h *Server) authServerMetadataDoc(w http.ResponseWriter, r *http.Request) error {
	base := h.baseURL(r)
	return writeJSON(w, http.StatusOK, nil, AuthServerMetadata{
		Issuer:                                     base,
		AuthorizationEndpoint:                      base + "/oauth/authorize",
		TokenEndpoint:                              base + "/oauth/token",
		RegistrationEndpoint:                       base + "/oauth/register",
		ScopesSupported:                            []string{Scope},
		ResponseTypesSupported:                     []string{responseTypeCode},
		ResponseModesSupported:                     []string{"query"},
		GrantTypesSupported:                        []string{GrantAuthorizationCode},
		TokenEndpointAuthMethodsSupported:          []string{authMethodNone},
		CodeChallengeMethodsSupported:              []string{pkceS256},
		AuthorizationResponseIssParameterSupported: true,
	})
}

// registerClient handles POST /oauth/register: RFC 7591 registration of a
// public client, limited per client address.
func (h *Server) registerClient(w http.ResponseWriter, r *http.Request) error {
	body, err := reqbody.Read(r)
	if err != nil {
		return err
	}
	meta, err := parseClientMetadata(body)
	if err != nil {
		return err
	}
	if err := h.limitRegistrations(r); err != nil {
		return err
	}
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	c := store.OAuthClient{ID: clientIDPrefix + hex.EncodeToString(b[:]), Name: meta.name, RedirectURIs: meta.redirectURIs, CreatedAt: h.now().UTC()}
	if err := h.store.CreateOAuthClient(r.Context(), c); err != nil {
		return fmt.Errorf("store oauth client: %w", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	return writeJSON(w, http.StatusCreated, nil, ClientInfo{
		ClientID:                c.ID,
		ClientIDIssuedAt:        c.CreatedAt.Unix(),
		ClientName:              c.Name,
		RedirectURIs:            c.RedirectURIs,
		TokenEndpointAuthMethod: authMethodNone,
		GrantTypes:              []string{GrantAuthorizationCode},
		ResponseTypes:           []string{responseTypeCode},
		Scope:                   Scope,
	})
}

// clientMetadata is what a registration asks for that the server keeps.
type clientMetadata struct {
	name         string
	redirectURIs []string
}

// parseClientMetadata reads a registration request. Of the metadata RFC
// 7591 defines it checks what it can honour and replaces what it cannot
// (§2 allows that; the answer says what was registered): any
// token_endpoint_auth_method becomes "none", as the server issues no
// secrets; grant_types and response_types must include the authorization
// code, and are registered as just that. Metadata it does not use
// (logo_uri, contacts, application_type …) is ignored.
func parseClientMetadata(body []byte) (clientMetadata, error) {
	invalid := func(format string, args ...any) error {
		return badRequest("invalid_client_metadata", fmt.Sprintf(format, args...))
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil || fields == nil {
		return clientMetadata{}, invalid("the body must be a JSON object of client metadata (RFC 7591)")
	}
	given := func(name string) (json.RawMessage, bool) {
		v, ok := fields[name]
		return v, ok && string(v) != "null"
	}

	var meta clientMetadata
	raw, ok := given("redirect_uris")
	if !ok {
		return clientMetadata{}, badRequest("invalid_redirect_uri", "redirect_uris is required: the URIs the authorization answer may be sent to")
	}
	if err := json.Unmarshal(raw, &meta.redirectURIs); err != nil {
		return clientMetadata{}, badRequest("invalid_redirect_uri", "redirect_uris must be an array of strings")
	}
	switch n := len(meta.redirectURIs); {
	case n == 0:
		return clientMetadata{}, badRequest("invalid_redirect_uri", "redirect_uris must name at least one URI")
	case n > MaxRedirectURIs:
		return clientMetadata{}, badRequest("invalid_redirect_uri", fmt.Sprintf("redirect_uris may name at most %d URIs", MaxRedirectURIs))
	}
	for _, u := range meta.redirectURIs {
		if err := checkRedirectURI(u); err != nil {
			return clientMetadata{}, badRequest("invalid_redirect_uri", fmt.Sprintf("redirect URI %.200q: %v", u, err))
		}
	}

	if raw, ok := given("client_name"); ok {
		if err := json.Unmarshal(raw, &meta.name); err != nil {
			return clientMetadata{}, invalid("client_name must be a string")
		}
		meta.name = strings.TrimSpace(meta.name)
		if utf8.RuneCountInString(meta.name) > MaxClientName {
			return clientMetadata{}, invalid("client_name may have at most %d characters", MaxClientName)
		}
		if strings.IndexFunc(meta.name, unicode.IsControl) >= 0 {
			return clientMetadata{}, invalid("client_name must not hold control characters")
		}
	}
	for _, f := range []string{"token_endpoint_auth_method", "scope"} {
		var s string
		if raw, ok := given(f); ok && json.Unmarshal(raw, &s) != nil {
			return clientMetadata{}, invalid("%s must be a string", f)
		}
	}
	for _, f := range []struct{ name, need string }{{"grant_types", GrantAuthorizationCode}, {"response_types", responseTypeCode}} {
		raw, ok := given(f.name)
		if !ok {
			continue
		}
		var list []string
		if err := json.Unmarshal(raw, &list); err != nil {
			return clientMetadata{}, invalid("%s must be an array of strings", f.name)
		}
		if !slices.Contains(list, f.need) {
			return clientMetadata{}, invalid("%s must include %q, the only one this server supports", f.name, f.need)
		}
	}
	return meta, nil
}

// checkRedirectURI accepts an absolute https URI, or an http URI on a
// loopback host for native clients (RFC 8252 §7.3), without a fragment
// (RFC 6749 §3.1.2) or user information.
func checkRedirectURI(s string) error {
	if s == "" {
		return errors.New("empty")
	}
	if len(s) > MaxURILen {
		return fmt.Errorf("longer than %d bytes", MaxURILen)
	}
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return errors.New("not a valid URI")
	case !u.IsAbs() || u.Opaque != "":
		return errors.New("must be an absolute URI such as https://app.example/callback")
	case strings.Contains(s, "#"):
		return errors.New("must not have a fragment")
	case u.User != nil:
		return errors.New("must not carry user information")
	case u.Scheme == "https" && u.Hostname() != "":
		return nil
	case u.Scheme == "http" && loopbackHost(u.Hostname()):
		return nil
	}
	return errors.New("must be https, or http on a loopback host (localhost, 127.0.0.1, [::1])")
}

// loopbackHost reports whether host names this machine.
func loopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	addr, err := netip.ParseAddr(host)
	return err == nil && addr.Unmap().IsLoopback()
}

// authorizePageData fills the authorization page: the consent form, or an
// error when Error is set.
type authorizePageData struct {
	Base  string
	Error string

	ClientName   string
	ClientID     string
	RedirectURI  string
	RedirectHost string
	Resource     string
	Scope        string
	// Request is the consent form's token: random, stored hashed with the
	// request it was shown for, single-use and short-lived. Only a form
	// this server rendered can carry one, so a site that posts to
	// /oauth/authorize on its own (cross-site request forgery) gets
	// nowhere, and the answer cannot be applied to a request other than
	// the one the person saw.
	Request string
}

// authorizePage renders the authorization page. It must not be framed by
// another site, which could otherwise trick a person into pressing Allow
// (clickjacking).
func (h *Server) authorizePage(w http.ResponseWriter, status int, data authorizePageData) error {
	var buf bytes.Buffer
	if err := h.pages.ExecuteTemplate(&buf, "authorize.html", data); err != nil {
		return fmt.Errorf("render authorization page: %w", err)
	}
	write(w, status, http.Header{
		"Cache-Control":           {"no-store"},
		"X-Frame-Options":         {"DENY"},
		"Content-Security-Policy": {"default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"},
		"Referrer-Policy":         {"no-referrer"},
	}, "text/html; charset=utf-8", buf.Bytes())
	return nil
}

// authorize handles GET /oauth/authorize. An unknown client or a redirect
// URI the client did not register exactly gets an error page and no
// redirect: sending anything to an unchecked URI would make the server an
// open redirector or leak to an attacker. Past that check, errors go back
// to the client through its redirect URI. A good request gets the consent
// page.
func (h *Server) authorize(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	client, redirectURI, err := h.authorizeClient(r.Context(), q)
	if err != nil {
		return err
	}
	state := q.Get("state")
	fail := func(code, desc string) error {
		return &authorizeError{redirectURI: redirectURI, state: state, code: code, desc: desc}
	}
	if name := repeated(q); name != "" {
		return fail("invalid_request", name+" is given more than once")
	}
	switch rt := q.Get("response_type"); {
	case rt == "":
		return fail("invalid_request", "response_type is required; it must be code")
	case rt != responseTypeCode:
		return fail("unsupported_response_type", "only response_type=code is supported")
	}
	if m := q.Get("response_mode"); m != "" && m != "query" {
		return fail("invalid_request", "only response_mode=query is supported")
	}
	challenge := q.Get("code_challenge")
	switch {
	case challenge == "":
		return fail("invalid_request", "code_challenge is required: this server requires PKCE with S256")
	case q.Get("code_challenge_method") != pkceS256:
		return fail("invalid_request", "code_challenge_method must be S256")
	case !validChallenge(challenge):
		return fail("invalid_request", "code_challenge must be the base64url SHA-256 of the code verifier (43 characters)")
	}
	var resource string
	if v, ok := q["resource"]; ok {
		if resource, ok = h.canonicalResource(r, v[0]); !ok {
			base := h.baseURL(r)
			return fail("invalid_target", "resource must be "+base+"/mcp or "+base+": this server issues tokens only for itself")
		}
	}
	if len(state) > maxState {
		return fail("invalid_request", fmt.Sprintf("state may have at most %d bytes", maxState))
	}

	token := newSecret()
	now := h.now().UTC()
	if err := h.store.CreateOAuthCode(r.Context(), store.OAuthCode{
		Hash: hashSecret(token), Kind: store.OAuthKindConsent,
		ClientID: client.ID, RedirectURI: redirectURI, CodeChallenge: challenge, Resource: resource,
		Scope: Scope, State: state, CreatedAt: now, ExpiresAt: now.Add(consentTTL),
	}); err != nil {
		return fmt.Errorf("store consent: %w", err)
	}
	host := redirectURI
	if u, err := url.Parse(redirectURI); err == nil {
		host = u.Host
	}
	return h.authorizePage(w, http.StatusOK, authorizePageData{
		Base: h.baseURL(r), ClientName: client.Name, ClientID: client.ID, RedirectURI: redirectURI, RedirectHost: host,
		Resource: resource, Scope: Scope, Request: token,
	})
}

// authorizeClient checks an authorization request's client_id and
// redirect_uri: the client must be registered and the redirect URI must be
// one it registered, character for character (no prefix, no added query,
// no other port).
func (h *Server) authorizeClient(ctx context.Context, q url.Values) (store.OAuthClient, string, error) {
	const again = " Start again from the application you were using."
	ids, uris := q["client_id"], q["redirect_uri"]
	if len(ids) != 1 || ids[0] == "" {
		return store.OAuthClient{}, "", &pageError{http.StatusBadRequest, "The request does not say which application sent it (client_id is missing or given more than once)." + again}
	}
	unknown := &pageError{http.StatusBadRequest, "The application is not registered with this server (unknown client_id)." + again}
	if !strings.HasPrefix(ids[0], clientIDPrefix) || len(ids[0]) > 64 {
		return store.OAuthClient{}, "", unknown
	}
	client, err := h.store.OAuthClient(ctx, ids[0])
	switch {
	case errors.Is(err, store.ErrNotFound):
		return store.OAuthClient{}, "", unknown
	case err != nil:
		return store.OAuthClient{}, "", fmt.Errorf("look up oauth client: %w", err)
	}
	if len(uris) != 1 || uris[0] == "" {
		return store.OAuthClient{}, "", &pageError{http.StatusBadRequest, "The request does not say where to send the answer (redirect_uri is missing or given more than once)." + again}
	}
	if !slices.Contains(client.RedirectURIs, uris[0]) {
		return store.OAuthClient{}, "", &pageError{http.StatusBadRequest, "The redirect_uri is not one the application registered, so nothing is sent there." + again}
	}
	return client, uris[0], nil
}

// authorizeDecision handles POST /oauth/authorize, the consent form. The
// form's token names the stored request; taking it makes every answer
// count once. Approval stores a code bound to that request and redirects
// with it; denial redirects with access_denied.
func (h *Server) authorizeDecision(w http.ResponseWriter, r *http.Request) error {
	const again = " Start again from the application you were using."
	body, err := reqbody.Read(r)
	if err != nil {
		return err
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return &pageError{http.StatusBadRequest, "The form could not be read." + again}
	}
	token, decision := form.Get("request"), form.Get("decision")
	if token == "" {
		return &pageError{http.StatusBadRequest, "The form has no request token, so it did not come from this server's authorization page." + again}
	}
	if decision != "approve" && decision != "deny" {
		return &pageError{http.StatusBadRequest, "The form must say whether you allow or deny the application." + again}
	}
	now := h.now().UTC()
	consent, err := h.store.TakeOAuthCode(r.Context(), store.OAuthKindConsent, hashSecret(token), now)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return &pageError{http.StatusBadRequest, "This authorization request has expired or has already been answered." + again}
	case err != nil:
		return fmt.Errorf("take consent: %w", err)
	}
	if decision == "deny" {
		return &authorizeError{redirectURI: consent.RedirectURI, state: consent.State, code: "access_denied", desc: "the request was denied"}
	}
	code := newSecret()
	if err := h.store.CreateOAuthCode(r.Context(), store.OAuthCode{
		Hash: hashSecret(code), Kind: store.OAuthKindCode,
		ClientID: consent.ClientID, RedirectURI: consent.RedirectURI, CodeChallenge: consent.CodeChallenge,
		Resource: consent.Resource, Scope: consent.Scope, CreatedAt: now, ExpiresAt: now.Add(codeTTL),
	}); err != nil {
		return fmt.Errorf("store code: %w", err)
	}
	params := url.Values{"code": {code}}
	if consent.State != "" {
		params.Set("state", consent.State)
	}
	h.redirectBack(w, r, consent.RedirectURI, params)
	return nil
}

// token handles POST /oauth/token: the authorization code grant for public
// clients with PKCE. The code is taken (and so spent) only once the request
// is well-formed and from a known client, so a malformed retry does not
// burn it; once taken, any mismatch spends it, as a code presented with
// the wrong verifier may be stolen. Success issues a new API key named
// "oauth:<client_id>". Keys issued here count against the same per-address
// quota as /get-key, or a client could mint keys past it.
func (h *Server) token(w http.ResponseWriter, r *http.Request) error {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		return badRequest("invalid_request", "the token request must be application/x-www-form-urlencoded")
	}
	body, err := reqbody.Read(r)
	if err != nil {
		return err
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return badRequest("invalid_request", "the body is not URL-encoded")
	}
	if name := repeated(form); name != "" {
		return badRequest("invalid_request", name+" is given more than once")
	}
	switch gt := form.Get("grant_type"); {
	case gt == "":
		return badRequest("invalid_request", "grant_type is required")
	case gt != GrantAuthorizationCode:
		return badRequest("unsupported_grant_type", "only grant_type=authorization_code is supported")
	}
	if auth := r.Header.Get("Authorization"); auth != "" {
		// RFC 6749 §5.2: a client that tried to authenticate with the
		// header gets 401 and a challenge in the scheme it used.
		scheme, _, _ := strings.Cut(strings.TrimSpace(auth), " ")
		if scheme == "" || strings.ContainsFunc(scheme, func(c rune) bool { return !(c < 128 && (unicode.IsLetter(c) || unicode.IsDigit(c) || c == '-')) }) {
			scheme = "Basic"
		}
		return &oauthError{status: http.StatusUnauthorized, code: "invalid_client",
			desc:   "clients of this server are public: send client_id in the form and no Authorization header",
			header: http.Header{"Www-Authenticate": {scheme + ` realm="` + h.baseURL(r) + `"`}}}
	}
	clientID := form.Get("client_id")
	if clientID == "" {
		return badRequest("invalid_client", "client_id is required: clients of this server are public and name themselves with it")
	}
	if _, err := h.store.OAuthClient(r.Context(), clientID); errors.Is(err, store.ErrNotFound) {
		return badRequest("invalid_client", "unknown client_id")
	} else if err != nil {
		return fmt.Errorf("look up oauth client: %w", err)
	}
	code, redirectURI, verifier := form.Get("code"), form.Get("redirect_uri"), form.Get("code_verifier")
	switch {
	case code == "":
		return badRequest("invalid_request", "code is required")
	case redirectURI == "":
		return badRequest("invalid_request", "redirect_uri is required: the one the authorization request named")
	case verifier == "":
		return badRequest("invalid_request", "code_verifier is required: this server requires PKCE")
	case !validVerifier(verifier):
		return badRequest("invalid_request", "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_' and '~'")
	}
	var resource string
	if v, ok := form["resource"]; ok {
		if resource, ok = h.canonicalResource(r, v[0]); !ok {
			base := h.baseURL(r)
			return badRequest("invalid_target", "resource must be "+base+"/mcp or "+base+": this server issues tokens only for itself")
		}
	}
	if err := h.limitKeys(r); err != nil {
		return err
	}

	now := h.now().UTC()
	grant, err := h.store.TakeOAuthCode(r.Context(), store.OAuthKindCode, hashSecret(code), now)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return badRequest("invalid_grant", "the code is not valid: unknown, expired or already used")
	case err != nil:
		return fmt.Errorf("take code: %w", err)
	case grant.ClientID != clientID:
		return badRequest("invalid_grant", "the code was issued to another client")
	case grant.RedirectURI != redirectURI:
		return badRequest("invalid_grant", "redirect_uri differs from the one the authorization request named")
	case subtle.ConstantTimeCompare([]byte(s256(verifier)), []byte(grant.CodeChallenge)) != 1:
		return badRequest("invalid_grant", "code_verifier does not match the code_challenge")
	case resource != "" && grant.Resource != "" && resource != grant.Resource:
		return badRequest("invalid_target", "the code was issued for the resource "+grant.Resource)
	}

	key, rec, err := apikey.New()
	if err != nil {
		return err
	}
	rec.Name, rec.CreatedAt = "oauth:"+clientID, now
	if err := h.store.CreateKey(r.Context(), rec); err != nil {
		return fmt.Errorf("store key: %w", err)
	}
	if h.cfg.KeyIssued != nil {
		h.cfg.KeyIssued(r, rec.ID)
	}
	w.Header().Set("Cache-Control", "no-store")
	return writeJSON(w, http.StatusOK, nil, TokenResponse{AccessToken: key, TokenType: "Bearer", Scope: grant.Scope})
}

// canonicalResource checks an RFC 8707 resource: it must name this API or
// its MCP endpoint, the only resources the server issues tokens for. The
// scheme and host compare case-insensitively and a trailing slash is
// ignored, as the MCP authorization spec asks servers to accept; the
// answer is the canonical form.
func (h *Server) canonicalResource(r *http.Request, resource string) (string, bool) {
	got, ok := normalizeURI(resource)
	if !ok {
		return "", false
	}
	base := h.baseURL(r)
	for _, want := range []string{base + "/mcp", base} {
		if norm, _ := normalizeURI(want); got == norm {
			return norm, true
		}
	}
	return "", false
}

// normalizeURI lower-cases an absolute URI's scheme and host and drops a
// trailing slash; a URI with a query, fragment or user information names no
// resource of this server.
func normalizeURI(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || !u.IsAbs() || u.Opaque != "" || u.Host == "" || u.RawQuery != "" || u.ForceQuery || strings.Contains(s, "#") || u.User != nil {
		return "", false
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host) + strings.TrimSuffix(u.EscapedPath(), "/"), true
}

// repeated names a parameter given more than once (RFC 6749 §3.1 and §3.2
// forbid that), the first in name order so the answer does not vary.
func repeated(v url.Values) string {
	names := make([]string, 0, len(v))
	for name, vals := range v {
		if len(vals) > 1 {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	sort.Strings(names)
	return names[0]
}

// newSecret is a consent token or a code: 256 random bits, base64url.
func newSecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// hashSecret is what the store keeps of a secret. A plain SHA-256 is
// enough: the secrets are random and 256 bits long, so there is nothing to
// guess from the hash.
func hashSecret(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

// s256 is the PKCE S256 transform: base64url(SHA-256(verifier)).
func s256(verifier string) string {
	h := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(h[:])
}

// validVerifier checks a code_verifier's form (RFC 7636 §4.1).
func validVerifier(v string) bool {
	if len(v) < 43 || len(v) > 128 {
		return false
	}
	return !strings.ContainsFunc(v, func(c rune) bool {
		return !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.ContainsRune("-._~", c))
	})
}

// validChallenge checks an S256 code_challenge's form: the base64url of 32
// bytes, without padding.
func validChallenge(c string) bool {
	b, err := base64.RawURLEncoding.DecodeString(c)
	return err == nil && len(b) == sha256.Size
}
