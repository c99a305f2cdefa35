package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/marketingfork/fork/internal/apikey"
	"github.com/marketingfork/fork/skill"
	"github.com/marketingfork/fork/store"
)

// testRedirect is a native client's loopback redirect URI. Nothing listens
// there: the tests read the Location header, as a client's browser would
// follow it.
const testRedirect = "http://127.0.0.1:33418/callback"

// The PKCE example of RFC 7636 Appendix B.
const (
	rfcVerifier  = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
	rfcChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
)

// pkce is a fresh code verifier and its S256 challenge, computed here rather
// than with the server's code.
func pkce(t *testing.T) (verifier, challenge string) {
	t.Helper()
	verifier = strings.Repeat("v", 10) + unknownKey(t)[4:47] // 53 unreserved characters
	sum := sha256.Sum256([]byte(verifier))
	return verifier, base64.RawURLEncoding.EncodeToString(sum[:])
}

// sendRaw sends req without following redirects, the way an OAuth client
// reads an authorization response, and checks the answer against the
// OpenAPI document.
func (e *env) sendRaw(t *testing.T, req *http.Request) response {
	t.Helper()
	c := &http.Client{
		Transport:     e.srv.Client().Transport,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	resp := response{status: res.StatusCode, header: res.Header, body: b}
	e.doc.check(t, req.Method, strings.TrimPrefix(req.URL.Path, e.prefix), resp)
	return resp
}

// get sends GET to an absolute URL or a path of the Handler.
func (e *env) get(t *testing.T, target string) response {
	t.Helper()
	if strings.HasPrefix(target, "/") {
		target = e.srv.URL + e.prefix + target
	}
	req, err := http.NewRequest(http.MethodGet, target, nil)
	if err != nil {
		t.Fatal(err)
	}
	return e.sendRaw(t, req)
}

// postForm posts a URL-encoded form to an absolute URL or a path.
func (e *env) postForm(t *testing.T, target string, form url.Values, headers ...string) response {
	t.Helper()
	if strings.HasPrefix(target, "/") {
		target = e.srv.URL + e.prefix + target
	}
	req, err := http.NewRequest(http.MethodPost, target, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return e.sendRaw(t, req)
}

// register posts a registration request.
func (e *env) register(t *testing.T, body string) response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.srv.URL+e.prefix+"/oauth/register", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	return e.sendRaw(t, req)
}

// registerClient registers a client with the given redirect URIs and
// returns its client_id.
func (e *env) registerClient(t *testing.T, redirects ...string) string {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"redirect_uris": redirects, "client_name": "Test Client"})
	r := e.register(t, string(b))
	wantStatus(t, r, http.StatusCreated)
	return r.json(t)["client_id"].(string)
}

// authorizeQuery is a good authorization request, as an MCP client sends it.
func (e *env) authorizeQuery(clientID, redirect, challenge, state string) url.Values {
	return url.Values{
		"response_type":         {"code"},
		"client_id":             {clientID},
		"redirect_uri":          {redirect},
		"code_challenge":        {challenge},
		"code_challenge_method": {"S256"},
		"state":                 {state},
		"resource":              {e.srv.URL + e.prefix + "/mcp"},
		"scope":                 {"fork"},
	}
}

var (
	formTag     = regexp.MustCompile(`<form method="post" action="([^"]+)">`)
	hiddenInput = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
)

// consentForm reads the consent page's form as a browser would: where it
// posts and its hidden fields.
func consentForm(t *testing.T, r response) (action string, fields url.Values) {
	t.Helper()
	wantStatus(t, r, http.StatusOK)
	page := string(r.body)
	m := formTag.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no form on the authorization page:\n%s", page)
	}
	fields = url.Values{}
	for _, in := range hiddenInput.FindAllStringSubmatch(page, -1) {
		fields.Add(html.UnescapeString(in[1]), html.UnescapeString(in[2]))
	}
	if fields.Get("request") == "" {
		t.Fatalf("the form has no request token:\n%s", page)
	}
	return html.UnescapeString(m[1]), fields
}

// answer shows the authorization page for q and presses the button named
// decision ("approve" or "deny").
func (e *env) answer(t *testing.T, q url.Values, decision string) response {
	t.Helper()
	action, fields := consentForm(t, e.get(t, "/oauth/authorize?"+q.Encode()))
	fields.Set("decision", decision)
	return e.postForm(t, action, fields)
}

// redirected checks r sends the browser back to redirect and returns the
// parameters it carries, after checking iss names the issuer.
func (e *env) redirected(t *testing.T, r response, status int, redirect string) url.Values {
	t.Helper()
	wantStatus(t, r, status)
	loc := r.header.Get("Location")
	base, query, _ := strings.Cut(loc, "?")
	registeredBase, registeredQuery, _ := strings.Cut(redirect, "?")
	if base != registeredBase || !strings.HasPrefix(query, registeredQuery) {
		t.Fatalf("Location = %q; want %s with the answer added", loc, redirect)
	}
	params, err := url.ParseQuery(query)
	if err != nil {
		t.Fatalf("Location %q: %v", loc, err)
	}
	if got, want := params.Get("iss"), e.srv.URL+e.prefix; got != want {
		t.Errorf("iss = %q; want the issuer %q", got, want)
	}
	if got := r.header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control = %q on a redirect; want no-store", got)
	}
	return params
}

// approveCode walks the authorization page and returns the code.
func (e *env) approveCode(t *testing.T, clientID, redirect, challenge string) string {
	t.Helper()
	params := e.redirected(t, e.answer(t, e.authorizeQuery(clientID, redirect, challenge, "st"), "approve"), http.StatusSeeOther, redirect)
	if params.Get("state") != "st" || params.Get("code") == "" {
		t.Fatalf("redirect parameters %v; want a code and state st", params)
	}
	return params.Get("code")
}

// tokenForm is a good token request.
func (e *env) tokenForm(clientID, code, redirect, verifier string) url.Values {
	return url.Values{
		"grant_type":    {"authorization_code"},
		"code":          {code},
		"redirect_uri":  {redirect},
		"client_id":     {clientID},
		"code_verifier": {verifier},
		"resource":      {e.srv.URL + e.prefix + "/mcp"},
	}
}

// wantOAuthError checks an OAuth error answer: status, error code and
// description, and that it may not be cached.
func wantOAuthError(t *testing.T, r response, status int, code, desc string) {
	t.Helper()
	wantStatus(t, r, status)
	wantBody(t, r, `{"error":"`+code+`","error_description":`+jsonString(desc)+`}`)
	if got := r.header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control = %q; want no-store", got)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// wantErrorPage checks an authorization error shown to the person: an HTML
// page with the message, no form, and no redirect anywhere.
func wantErrorPage(t *testing.T, r response, msg string) {
	t.Helper()
	wantStatus(t, r, http.StatusBadRequest)
	if loc := r.header.Get("Location"); loc != "" {
		t.Errorf("Location = %q; an error page must not redirect", loc)
	}
	if got := r.header.Get("Content-Type"); got != "text/html; charset=utf-8" {
		t.Errorf("Content-Type = %q; want HTML", got)
	}
	page := html.UnescapeString(string(r.body))
	if !strings.Contains(page, msg) {
		t.Errorf("error page lacks %q:\n%s", msg, page)
	}
	if strings.Contains(page, "<form") {
		t.Errorf("error page has a form:\n%s", page)
	}
}

func TestOAuthMetadata(t *testing.T) {
	for _, prefix := range []string{"", "/marketing"} {
		t.Run("mounted at "+prefix+"/", func(t *testing.T) {
			e := newEnv(t, nil, func(_ *Config, e *env) { e.prefix = prefix })
			issuer := e.srv.URL + prefix
			r := e.get(t, "/.well-known/oauth-authorization-server")
			wantStatus(t, r, http.StatusOK)
			wantBody(t, r, `{
				"issuer": "`+issuer+`",
				"authorization_endpoint": "`+issuer+`/oauth/authorize",
				"token_endpoint": "`+issuer+`/oauth/token",
				"registration_endpoint": "`+issuer+`/oauth/register",
				"scopes_supported": ["fork"],
				"response_types_supported": ["code"],
				"response_modes_supported": ["query"],
				"grant_types_supported": ["authorization_code"],
				"token_endpoint_auth_methods_supported": ["none"],
				"code_challenge_methods_supported": ["S256"],
				"authorization_response_iss_parameter_supported": true
			}`)

			// Both protected resources name this issuer as their one
			// authorization server.
			for path, resource := range map[string]string{
				"/.well-known/oauth-protected-resource":     issuer,
				"/.well-known/oauth-protected-resource/mcp": issuer + "/mcp",
			} {
				r := e.get(t, path)
				wantStatus(t, r, http.StatusOK)
				body := r.json(t)
				if got := body["resource"]; got != resource {
					t.Errorf("%s: resource = %v; want %s", path, got, resource)
				}
				if diff := cmp.Diff([]any{issuer}, body["authorization_servers"]); diff != "" {
					t.Errorf("%s: authorization_servers (-want +got):\n%s", path, diff)
				}
				if diff := cmp.Diff([]any{"fork"}, body["scopes_supported"]); diff != "" {
					t.Errorf("%s: scopes_supported (-want +got):\n%s", path, diff)
				}
			}
		})
	}
}

func TestOAuthRegister(t *testing.T) {
	e := newEnv(t, nil)
	clientIDPattern := regexp.MustCompile(`^mfc_[0-9a-f]{32}$`)

	t.Run("ok", func(t *testing.T) {
		// What an MCP client typically asks for: more than the server does.
		r := e.register(t, `{
			"redirect_uris": ["`+testRedirect+`", "https://app.example/cb?tenant=1"],
			"client_name": "  Brightnote <Agent>  ",
			"token_endpoint_auth_method": "client_secret_post",
			"grant_types": ["authorization_code", "refresh_token"],
			"response_types": ["code"],
			"scope": "openid fork",
			"application_type": "native",
			"logo_uri": "https://app.example/logo.png"
		}`)
		wantStatus(t, r, http.StatusCreated)
		id, _ := r.json(t)["client_id"].(string)
		if !clientIDPattern.MatchString(id) {
			t.Fatalf("client_id = %q; want mfc_ and 32 hex digits", id)
		}
		wantBody(t, r, `{
			"client_id": "`+id+`",
			"client_id_issued_at": `+jsonInt(start.Unix())+`,
			"client_name": "Brightnote <Agent>",
			"redirect_uris": ["`+testRedirect+`", "https://app.example/cb?tenant=1"],
			"token_endpoint_auth_method": "none",
			"grant_types": ["authorization_code"],
			"response_types": ["code"],
			"scope": "fork"
		}`)
		if got := r.header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("Cache-Control = %q; want no-store", got)
		}
		got, err := e.sqlite.OAuthClient(context.Background(), id)
		if err != nil {
			t.Fatalf("the client is not stored: %v", err)
		}
		want := store.OAuthClient{ID: id, Name: "Brightnote <Agent>", RedirectURIs: []string{testRedirect, "https://app.example/cb?tenant=1"}, CreatedAt: start}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("stored client (-want +got):\n%s", diff)
		}
	})
	t.Run("minimal, and every client_id is new", func(t *testing.T) {
		seen := map[string]bool{}
		for _, redirect := range []string{"https://app.example/cb", "http://localhost/cb", "http://[::1]:8080/cb"} {
			r := e.register(t, `{"redirect_uris":["`+redirect+`"]}`)
			wantStatus(t, r, http.StatusCreated)
			body := r.json(t)
			if _, named := body["client_name"]; named {
				t.Errorf("client_name %v in the answer; none was given", body["client_name"])
			}
			id := body["client_id"].(string)
			if seen[id] {
				t.Errorf("client_id %s issued twice", id)
			}
			seen[id] = true
		}
	})

	long := strings.Repeat("é", 101)
	for _, tt := range []struct{ name, body, code, desc string }{
		{"not JSON", `{"redirect_uris":`, "invalid_client_metadata", "the body must be a JSON object of client metadata (RFC 7591)"},
		{"not an object", `["https://app.example/cb"]`, "invalid_client_metadata", "the body must be a JSON object of client metadata (RFC 7591)"},
		{"null", `null`, "invalid_client_metadata", "the body must be a JSON object of client metadata (RFC 7591)"},
		{"no redirect_uris", `{"client_name":"x"}`, "invalid_redirect_uri", "redirect_uris is required: the URIs the authorization answer may be sent to"},
		{"redirect_uris not an array", `{"redirect_uris":"https://app.example/cb"}`, "invalid_redirect_uri", "redirect_uris must be an array of strings"},
		{"empty redirect_uris", `{"redirect_uris":[]}`, "invalid_redirect_uri", "redirect_uris must name at least one URI"},
		{"http on a public host", `{"redirect_uris":["http://app.example/cb"]}`, "invalid_redirect_uri",
			`redirect URI "http://app.example/cb": must be https, or http on a loopback host (localhost, 127.0.0.1, [::1])`},
		{"custom scheme", `{"redirect_uris":["https://app.example/ok","myapp://cb"]}`, "invalid_redirect_uri",
			`redirect URI "myapp://cb": must be https, or http on a loopback host (localhost, 127.0.0.1, [::1])`},
		{"relative", `{"redirect_uris":["/callback"]}`, "invalid_redirect_uri", `redirect URI "/callback": must be an absolute URI such as https://app.example/callback`},
		{"fragment", `{"redirect_uris":["https://app.example/cb#x"]}`, "invalid_redirect_uri", `redirect URI "https://app.example/cb#x": must not have a fragment`},
		{"user information", `{"redirect_uris":["https://me@app.example/cb"]}`, "invalid_redirect_uri", `redirect URI "https://me@app.example/cb": must not carry user information`},
		{"no host", `{"redirect_uris":["https:///cb"]}`, "invalid_redirect_uri",
			`redirect URI "https:///cb": must be https, or http on a loopback host (localhost, 127.0.0.1, [::1])`},
		{"empty URI", `{"redirect_uris":[""]}`, "invalid_redirect_uri", `redirect URI "": empty`},
		{"client_name not a string", `{"redirect_uris":["https://app.example/cb"],"client_name":7}`, "invalid_client_metadata", "client_name must be a string"},
		{"client_name too long", `{"redirect_uris":["https://app.example/cb"],"client_name":"` + long + `"}`, "invalid_client_metadata", "client_name may have at most 100 characters"},
		{"client_name with a control character", `{"redirect_uris":["https://app.example/cb"],"client_name":"a\u0007b"}`, "invalid_client_metadata", "client_name must not hold control characters"},
		{"auth method not a string", `{"redirect_uris":["https://app.example/cb"],"token_endpoint_auth_method":1}`, "invalid_client_metadata", "token_endpoint_auth_method must be a string"},
		{"no authorization_code grant", `{"redirect_uris":["https://app.example/cb"],"grant_types":["client_credentials"]}`, "invalid_client_metadata",
			`grant_types must include "authorization_code", the only one this server supports`},
		{"no code response type", `{"redirect_uris":["https://app.example/cb"],"response_types":["token"]}`, "invalid_client_metadata",
			`response_types must include "code", the only one this server supports`},
		{"grant_types not an array", `{"redirect_uris":["https://app.example/cb"],"grant_types":"authorization_code"}`, "invalid_client_metadata", "grant_types must be an array of strings"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			wantOAuthError(t, e.register(t, tt.body), http.StatusBadRequest, tt.code, tt.desc)
		})
	}
}

func jsonInt(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestOAuthRegisterRateLimit(t *testing.T) {
	e := newEnv(t, nil, withLimits(Limits{ClientsPerHour: 2}))
	ok := `{"redirect_uris":["` + testRedirect + `"]}`
	// A refused registration does not use the quota.
	wantStatus(t, e.register(t, `{}`), http.StatusBadRequest)
	wantStatus(t, e.register(t, ok), http.StatusCreated)
	wantStatus(t, e.register(t, ok), http.StatusCreated)
	r := e.register(t, ok)
	wantStatus(t, r, http.StatusTooManyRequests)
	wantBody(t, r, errorJSON(r, 429, "rate_limited", "too many OAuth clients registered from your address: 2 per hour; retry in 3034 s"))
	if got, want := r.header.Get("Retry-After"), "3034"; got != want {
		t.Errorf("Retry-After = %q; want %q", got, want)
	}
	e.clock.Set(start.Add(time.Hour))
	wantStatus(t, e.register(t, ok), http.StatusCreated)
}

func TestOAuthAuthorizePage(t *testing.T) {
	e := newEnv(t, nil)
	r := e.register(t, `{"redirect_uris":["`+testRedirect+`"],"client_name":"Brightnote <script>alert(1)</script>"}`)
	wantStatus(t, r, http.StatusCreated)
	clientID := r.json(t)["client_id"].(string)
	_, challenge := pkce(t)

	r = e.get(t, "/oauth/authorize?"+e.authorizeQuery(clientID, testRedirect, challenge, "xyz").Encode())
	wantStatus(t, r, http.StatusOK)
	for k, want := range map[string]string{
		"Content-Type":            "text/html; charset=utf-8",
		"Cache-Control":           "no-store",
		"X-Frame-Options":         "DENY",
		"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
	} {
		if got := r.header.Get(k); got != want {
			t.Errorf("%s = %q; want %q", k, got, want)
		}
	}
	page := string(r.body)
	for _, want := range []string{
		"Brightnote &lt;script&gt;alert(1)&lt;/script&gt;", // the client's name, escaped
		clientID,
		"<strong>127.0.0.1:33418</strong>", // where the key will go
		testRedirect,
		e.srv.URL + "/mcp",
		`<button type="submit" name="decision" value="approve">Allow</button>`,
		`<button type="submit" name="decision" value="deny">Deny</button>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("authorization page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "<script") {
		t.Errorf("authorization page has a script; it must work without JavaScript and escape the client's name")
	}
	action, fields := consentForm(t, r)
	if want := e.srv.URL + "/oauth/authorize"; action != want {
		t.Errorf("form action = %q; want %q", action, want)
	}
	if len(fields) != 1 {
		t.Errorf("hidden fields %v; want only the request token", fields)
	}
	// The token is stored only as its hash, bound to the request shown.
	sum := sha256.Sum256([]byte(fields.Get("request")))
	got, err := e.sqlite.TakeOAuthCode(context.Background(), store.OAuthKindConsent, sum[:], start)
	if err != nil {
		t.Fatalf("the consent is not stored under the token's hash: %v", err)
	}
	want := store.OAuthCode{Hash: sum[:], Kind: store.OAuthKindConsent, ClientID: clientID, RedirectURI: testRedirect,
		CodeChallenge: challenge, Resource: e.srv.URL + "/mcp", Scope: "fork", State: "xyz", CreatedAt: start, ExpiresAt: start.Add(10 * time.Minute)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stored consent (-want +got):\n%s", diff)
	}
}

func TestOAuthRedirectURIExact(t *testing.T) {
	e := newEnv(t, nil)
	const withQuery = "https://app.example/cb?tenant=1"
	clientID := e.registerClient(t, testRedirect, withQuery)
	_, challenge := pkce(t)

	for _, tt := range []struct {
		name   string
		change func(q url.Values)
		msg    string
	}{
		{"prefix", func(q url.Values) { q.Set("redirect_uri", "http://127.0.0.1:33418/call") }, "The redirect_uri is not one the application registered"},
		{"longer path", func(q url.Values) { q.Set("redirect_uri", testRedirect+"/more") }, "The redirect_uri is not one the application registered"},
		{"extra query", func(q url.Values) { q.Set("redirect_uri", testRedirect+"?next=https://evil.example/") }, "The redirect_uri is not one the application registered"},
		{"trailing slash", func(q url.Values) { q.Set("redirect_uri", testRedirect+"/") }, "The redirect_uri is not one the application registered"},
		{"other port", func(q url.Values) { q.Set("redirect_uri", "http://127.0.0.1:33419/callback") }, "The redirect_uri is not one the application registered"},
		{"other host", func(q url.Values) { q.Set("redirect_uri", "https://evil.example/callback") }, "The redirect_uri is not one the application registered"},
		{"registered query dropped", func(q url.Values) { q.Set("redirect_uri", "https://app.example/cb") }, "The redirect_uri is not one the application registered"},
		{"no redirect_uri", func(q url.Values) { q.Del("redirect_uri") }, "redirect_uri is missing or given more than once"},
		{"two redirect_uris", func(q url.Values) { q.Add("redirect_uri", withQuery) }, "redirect_uri is missing or given more than once"},
		{"unknown client", func(q url.Values) { q.Set("client_id", "mfc_00000000000000000000000000000000") }, "The application is not registered with this server"},
		{"not a client_id", func(q url.Values) { q.Set("client_id", "someone") }, "The application is not registered with this server"},
		{"no client_id", func(q url.Values) { q.Del("client_id") }, "client_id is missing or given more than once"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			q := e.authorizeQuery(clientID, testRedirect, challenge, "xyz")
			tt.change(q)
			wantErrorPage(t, e.get(t, "/oauth/authorize?"+q.Encode()), tt.msg)
		})
	}

	t.Run("registered URI with a query", func(t *testing.T) {
		r := e.answer(t, e.authorizeQuery(clientID, withQuery, challenge, "xyz"), "approve")
		params := e.redirected(t, r, http.StatusSeeOther, withQuery)
		if !strings.HasPrefix(r.header.Get("Location"), withQuery+"&code=") {
			t.Errorf("Location = %q; want the registered URI with the answer appended", r.header.Get("Location"))
		}
		if params.Get("tenant") != "1" || params.Get("code") == "" || params.Get("state") != "xyz" {
			t.Errorf("redirect parameters %v; want tenant, code and state", params)
		}
	})
}

func TestOAuthAuthorizeErrors(t *testing.T) {
	e := newEnv(t, nil)
	clientID := e.registerClient(t, testRedirect)
	_, challenge := pkce(t)
	base := e.srv.URL

	for _, tt := range []struct {
		name       string
		change     func(q url.Values)
		code, desc string
	}{
		{"no code_challenge", func(q url.Values) { q.Del("code_challenge") }, "invalid_request", "code_challenge is required: this server requires PKCE with S256"},
		{"no code_challenge_method", func(q url.Values) { q.Del("code_challenge_method") }, "invalid_request", "code_challenge_method must be S256"},
		{"plain", func(q url.Values) { q.Set("code_challenge_method", "plain") }, "invalid_request", "code_challenge_method must be S256"},
		{"malformed challenge", func(q url.Values) { q.Set("code_challenge", "abc") }, "invalid_request",
			"code_challenge must be the base64url SHA-256 of the code verifier (43 characters)"},
		{"no response_type", func(q url.Values) { q.Del("response_type") }, "invalid_request", "response_type is required; it must be code"},
		{"implicit", func(q url.Values) { q.Set("response_type", "token") }, "unsupported_response_type", "only response_type=code is supported"},
		{"fragment mode", func(q url.Values) { q.Set("response_mode", "fragment") }, "invalid_request", "only response_mode=query is supported"},
		{"repeated parameter", func(q url.Values) { q.Add("code_challenge", challenge) }, "invalid_request", "code_challenge is given more than once"},
		{"resource elsewhere", func(q url.Values) { q.Set("resource", "https://evil.example/mcp") }, "invalid_target",
			"resource must be " + base + "/mcp or " + base + ": this server issues tokens only for itself"},
		{"resource another path", func(q url.Values) { q.Set("resource", base+"/v1") }, "invalid_target",
			"resource must be " + base + "/mcp or " + base + ": this server issues tokens only for itself"},
		{"state too long", func(q url.Values) { q.Set("state", strings.Repeat("s", 1025)) }, "invalid_request", "state may have at most 1024 bytes"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			q := e.authorizeQuery(clientID, testRedirect, challenge, "xyz")
			tt.change(q)
			r := e.get(t, "/oauth/authorize?"+q.Encode())
			params := e.redirected(t, r, http.StatusFound, testRedirect)
			// state comes back as given, even when it was refused.
			want := url.Values{"error": {tt.code}, "error_description": {tt.desc}, "iss": {base}, "state": {q.Get("state")}}
			if diff := cmp.Diff(want, params); diff != "" {
				t.Errorf("redirect parameters (-want +got):\n%s", diff)
			}
		})
	}

	// The resource may be the API itself, and is compared the way the MCP
	// authorization spec asks: no trailing slash needed, scheme and host
	// in any case.
	for _, resource := range []string{base, base + "/", base + "/mcp/", strings.Replace(base, "http://", "HTTP://", 1) + "/mcp"} {
		t.Run("resource "+resource, func(t *testing.T) {
			q := e.authorizeQuery(clientID, testRedirect, challenge, "xyz")
			q.Set("resource", resource)
			consentForm(t, e.get(t, "/oauth/authorize?"+q.Encode()))
		})
	}
}

func TestOAuthPKCE(t *testing.T) {
	e := newEnv(t, nil)
	clientID := e.registerClient(t, testRedirect)

	t.Run("RFC 7636 example", func(t *testing.T) {
		code := e.approveCode(t, clientID, testRedirect, rfcChallenge)
		r := e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, rfcVerifier))
		wantStatus(t, r, http.StatusOK)
	})
	t.Run("wrong verifier", func(t *testing.T) {
		verifier, challenge := pkce(t)
		code := e.approveCode(t, clientID, testRedirect, challenge)
		r := e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, rfcVerifier))
		wantOAuthError(t, r, http.StatusBadRequest, "invalid_grant", "code_verifier does not match the code_challenge")
		// A code presented with the wrong verifier may be stolen: it is
		// spent.
		r = e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, verifier))
		wantOAuthError(t, r, http.StatusBadRequest, "invalid_grant", "the code is not valid: unknown, expired or already used")
	})
	t.Run("missing or malformed verifier", func(t *testing.T) {
		verifier, challenge := pkce(t)
		code := e.approveCode(t, clientID, testRedirect, challenge)
		form := e.tokenForm(clientID, code, testRedirect, verifier)
		form.Del("code_verifier")
		wantOAuthError(t, e.postForm(t, "/oauth/token", form), http.StatusBadRequest, "invalid_request", "code_verifier is required: this server requires PKCE")
		form.Set("code_verifier", "short")
		wantOAuthError(t, e.postForm(t, "/oauth/token", form), http.StatusBadRequest, "invalid_request",
			"code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_' and '~'")
		// A malformed request does not spend the code.
		wantStatus(t, e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, verifier)), http.StatusOK)
	})
}

func TestOAuthCodeSingleUse(t *testing.T) {
	e := newEnv(t, nil)
	clientID := e.registerClient(t, testRedirect)
	verifier, challenge := pkce(t)
	code := e.approveCode(t, clientID, testRedirect, challenge)

	r := e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, verifier))
	wantStatus(t, r, http.StatusOK)
	key := r.json(t)["access_token"].(string)
	r = e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, verifier))
	wantOAuthError(t, r, http.StatusBadRequest, "invalid_grant", "the code is not valid: unknown, expired or already used")
	// The failed second use revokes nothing: the key still works.
	wantStatus(t, e.do("GET", "/v1/profiles", "", "Authorization", "Bearer "+key), http.StatusOK)

	// Ten clients racing with one code over HTTP: one key, nine refusals.
	code = e.approveCode(t, clientID, testRedirect, challenge)
	body := e.tokenForm(clientID, code, testRedirect, verifier).Encode()
	statuses := make([]int, 10)
	errs := make([]error, 10)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			res, err := e.srv.Client().Post(e.srv.URL+"/oauth/token", "application/x-www-form-urlencoded", strings.NewReader(body))
			if err != nil {
				errs[i] = err
				return
			}
			res.Body.Close()
			statuses[i] = res.StatusCode
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	ok := 0
	for _, s := range statuses {
		if s == http.StatusOK {
			ok++
		} else if s != http.StatusBadRequest {
			t.Errorf("status %d; want 200 or 400", s)
		}
	}
	if ok != 1 {
		t.Errorf("%d of 10 concurrent exchanges of one code succeeded; want exactly 1 (statuses %v)", ok, statuses)
	}
	keys, err := e.sqlite.ListKeys(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 {
		t.Errorf("%d keys stored; want 2, one per code", len(keys))
	}
	for _, k := range keys {
		if k.Name != "oauth:"+clientID || !k.CreatedAt.Equal(start) {
			t.Errorf("key %s named %q created %v; want oauth:%s at the handler's clock", k.ID, k.Name, k.CreatedAt, clientID)
		}
	}
}

func TestOAuthExpiry(t *testing.T) {
	e := newEnv(t, nil)
	clientID := e.registerClient(t, testRedirect)
	verifier, challenge := pkce(t)

	t.Run("code after 60 s", func(t *testing.T) {
		e.clock.Set(start)
		code := e.approveCode(t, clientID, testRedirect, challenge)
		e.clock.Set(start.Add(60 * time.Second))
		r := e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, verifier))
		wantOAuthError(t, r, http.StatusBadRequest, "invalid_grant", "the code is not valid: unknown, expired or already used")
	})
	t.Run("code within 60 s", func(t *testing.T) {
		e.clock.Set(start.Add(time.Hour))
		code := e.approveCode(t, clientID, testRedirect, challenge)
		e.clock.Set(start.Add(time.Hour + 59*time.Second))
		wantStatus(t, e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, verifier)), http.StatusOK)
	})
	t.Run("consent form after 10 minutes", func(t *testing.T) {
		e.clock.Set(start.Add(2 * time.Hour))
		action, fields := consentForm(t, e.get(t, "/oauth/authorize?"+e.authorizeQuery(clientID, testRedirect, challenge, "s").Encode()))
		e.clock.Set(start.Add(2*time.Hour + 10*time.Minute))
		fields.Set("decision", "approve")
		wantErrorPage(t, e.postForm(t, action, fields), "This authorization request has expired or has already been answered.")
	})
}

func TestOAuthDeny(t *testing.T) {
	e := newEnv(t, nil)
	clientID := e.registerClient(t, testRedirect)
	_, challenge := pkce(t)

	action, fields := consentForm(t, e.get(t, "/oauth/authorize?"+e.authorizeQuery(clientID, testRedirect, challenge, "keep me").Encode()))
	fields.Set("decision", "deny")
	params := e.redirected(t, e.postForm(t, action, fields), http.StatusSeeOther, testRedirect)
	want := url.Values{"error": {"access_denied"}, "error_description": {"the request was denied"}, "state": {"keep me"}, "iss": {e.srv.URL}}
	if diff := cmp.Diff(want, params); diff != "" {
		t.Errorf("redirect parameters (-want +got):\n%s", diff)
	}
	// The answer counts once: approving the same form afterwards fails.
	fields.Set("decision", "approve")
	wantErrorPage(t, e.postForm(t, action, fields), "This authorization request has expired or has already been answered.")
	if got := e.store.creates.Load(); got != 0 {
		t.Errorf("%d keys created after a denial; want 0", got)
	}
}

func TestOAuthCSRF(t *testing.T) {
	e := newEnv(t, nil)
	clientID := e.registerClient(t, testRedirect)
	verifier, challenge := pkce(t)
	q := e.authorizeQuery(clientID, testRedirect, challenge, "s")

	t.Run("no token", func(t *testing.T) {
		// What a forged cross-site form would post: everything but the
		// token only the consent page holds.
		forged := url.Values{"decision": {"approve"}}
		for k, v := range q {
			forged[k] = v
		}
		wantErrorPage(t, e.postForm(t, "/oauth/authorize", forged), "The form has no request token, so it did not come from this server's authorization page.")
	})
	t.Run("made-up token", func(t *testing.T) {
		r := e.postForm(t, "/oauth/authorize", url.Values{"request": {base64.RawURLEncoding.EncodeToString(make([]byte, 32))}, "decision": {"approve"}})
		wantErrorPage(t, r, "This authorization request has expired or has already been answered.")
	})
	t.Run("not a form", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/oauth/authorize", strings.NewReader(`{"request":"x","decision":"approve"}`))
		req.Header.Set("Content-Type", "application/json")
		wantErrorPage(t, e.sendRaw(t, req), "The form has no request token")
	})
	t.Run("no decision keeps the token", func(t *testing.T) {
		action, fields := consentForm(t, e.get(t, "/oauth/authorize?"+q.Encode()))
		wantErrorPage(t, e.postForm(t, action, fields), "The form must say whether you allow or deny the application.")
		fields.Set("decision", "approve")
		e.redirected(t, e.postForm(t, action, fields), http.StatusSeeOther, testRedirect)
	})
	t.Run("consent token is no code", func(t *testing.T) {
		// The token is on the page; exchanging it directly would skip the
		// person's approval.
		_, fields := consentForm(t, e.get(t, "/oauth/authorize?"+q.Encode()))
		r := e.postForm(t, "/oauth/token", e.tokenForm(clientID, fields.Get("request"), testRedirect, verifier))
		wantOAuthError(t, r, http.StatusBadRequest, "invalid_grant", "the code is not valid: unknown, expired or already used")
	})
	if got := e.store.creates.Load(); got != 0 {
		t.Errorf("%d keys created; want 0", got)
	}
}

func TestOAuthTokenErrors(t *testing.T) {
	e := newEnv(t, nil)
	clientID := e.registerClient(t, testRedirect, "https://app.example/cb")
	otherID := e.registerClient(t, testRedirect)
	verifier, challenge := pkce(t)
	base := e.srv.URL

	// None of these spends the code: each is refused before it is taken.
	code := e.approveCode(t, clientID, testRedirect, challenge)
	good := e.tokenForm(clientID, code, testRedirect, verifier)
	for _, tt := range []struct {
		name                 string
		change               func(f url.Values)
		headers              []string
		status               int
		code, desc           string
		wantWWWAuthenticated string
	}{
		{name: "JSON body", headers: []string{"Content-Type", "application/json"}, status: 400, code: "invalid_request",
			desc: "the token request must be application/x-www-form-urlencoded"},
		{name: "no grant_type", change: func(f url.Values) { f.Del("grant_type") }, status: 400, code: "invalid_request", desc: "grant_type is required"},
		{name: "refresh_token grant", change: func(f url.Values) { f.Set("grant_type", "refresh_token") }, status: 400, code: "unsupported_grant_type",
			desc: "only grant_type=authorization_code is supported"},
		{name: "password grant", change: func(f url.Values) { f.Set("grant_type", "password") }, status: 400, code: "unsupported_grant_type",
			desc: "only grant_type=authorization_code is supported"},
		{name: "repeated parameter", change: func(f url.Values) { f.Add("code", "again") }, status: 400, code: "invalid_request", desc: "code is given more than once"},
		{name: "client secret in a header", headers: []string{"Authorization", "Basic " + base64.StdEncoding.EncodeToString([]byte(clientID+":secret"))},
			status: 401, code: "invalid_client", desc: "clients of this server are public: send client_id in the form and no Authorization header",
			wantWWWAuthenticated: `Basic realm="` + base + `"`},
		{name: "no client_id", change: func(f url.Values) { f.Del("client_id") }, status: 400, code: "invalid_client",
			desc: "client_id is required: clients of this server are public and name themselves with it"},
		{name: "unknown client", change: func(f url.Values) { f.Set("client_id", "mfc_nobody") }, status: 400, code: "invalid_client", desc: "unknown client_id"},
		{name: "no code", change: func(f url.Values) { f.Del("code") }, status: 400, code: "invalid_request", desc: "code is required"},
		{name: "no redirect_uri", change: func(f url.Values) { f.Del("redirect_uri") }, status: 400, code: "invalid_request",
			desc: "redirect_uri is required: the one the authorization request named"},
		{name: "resource elsewhere", change: func(f url.Values) { f.Set("resource", "https://evil.example/mcp") }, status: 400, code: "invalid_target",
			desc: "resource must be " + base + "/mcp or " + base + ": this server issues tokens only for itself"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := url.Values{}
			for k, v := range good {
				f[k] = append([]string(nil), v...)
			}
			if tt.change != nil {
				tt.change(f)
			}
			r := e.postForm(t, "/oauth/token", f, tt.headers...)
			wantOAuthError(t, r, tt.status, tt.code, tt.desc)
			if got := r.header.Get("WWW-Authenticate"); got != tt.wantWWWAuthenticated {
				t.Errorf("WWW-Authenticate = %q; want %q", got, tt.wantWWWAuthenticated)
			}
		})
	}
	t.Run("the code still works", func(t *testing.T) {
		r := e.postForm(t, "/oauth/token", good)
		wantStatus(t, r, http.StatusOK)
		if got := r.header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("Cache-Control = %q; want no-store", got)
		}
	})

	// These are refused once the code is taken, and spend it.
	for _, tt := range []struct {
		name       string
		change     func(f url.Values)
		code, desc string
	}{
		{"another client's code", func(f url.Values) { f.Set("client_id", otherID) }, "invalid_grant", "the code was issued to another client"},
		{"another registered redirect_uri", func(f url.Values) { f.Set("redirect_uri", "https://app.example/cb") }, "invalid_grant",
			"redirect_uri differs from the one the authorization request named"},
		{"another resource of this server", func(f url.Values) { f.Set("resource", base) }, "invalid_target", "the code was issued for the resource " + base + "/mcp"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code := e.approveCode(t, clientID, testRedirect, challenge)
			f := e.tokenForm(clientID, code, testRedirect, verifier)
			tt.change(f)
			wantOAuthError(t, e.postForm(t, "/oauth/token", f), http.StatusBadRequest, tt.code, tt.desc)
			wantOAuthError(t, e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, verifier)),
				http.StatusBadRequest, "invalid_grant", "the code is not valid: unknown, expired or already used")
		})
	}
}

func TestOAuthTokenSharesKeyQuota(t *testing.T) {
	e := newEnv(t, nil, withLimits(Limits{KeysPerHour: 1}))
	clientID := e.registerClient(t, testRedirect)
	verifier, challenge := pkce(t)
	code := e.approveCode(t, clientID, testRedirect, challenge)
	wantStatus(t, e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, verifier)), http.StatusOK)
	// The token endpoint issued this address's one key of the hour, so
	// /get-key has none left, and neither has the token endpoint.
	wantStatus(t, e.do("POST", "/get-key", "", "Accept", "application/json"), http.StatusTooManyRequests)
	code = e.approveCode(t, clientID, testRedirect, challenge)
	r := e.postForm(t, "/oauth/token", e.tokenForm(clientID, code, testRedirect, verifier))
	wantStatus(t, r, http.StatusTooManyRequests)
	if r.header.Get("Retry-After") == "" {
		t.Errorf("no Retry-After on a 429")
	}
}

// bearer sends every request of the MCP client with an access token.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// TestOAuthMCPClientFlow walks the whole flow over real HTTP the way an MCP
// client does, knowing nothing but the MCP endpoint's URL: its 401 names
// the protected resource metadata, which names the authorization server,
// whose metadata names the endpoints; the client registers, sends the
// person to the authorization page, reads the code from the redirect,
// exchanges it, and calls /mcp with the token. The token is an API key, so
// the REST API takes it too.
func TestOAuthMCPClientFlow(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	mcpURL := e.srv.URL + "/mcp"

	// 1. An MCP request without credentials: 401 and where to look.
	req, _ := http.NewRequest(http.MethodPost, mcpURL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	r := e.sendRaw(t, req)
	wantStatus(t, r, http.StatusUnauthorized)
	m := regexp.MustCompile(`resource_metadata="([^"]+)"`).FindStringSubmatch(r.header.Get("WWW-Authenticate"))
	if m == nil {
		t.Fatalf("WWW-Authenticate = %q; want a resource_metadata link", r.header.Get("WWW-Authenticate"))
	}

	// 2. The protected resource metadata: the resource must be the URL the
	// client dialled (RFC 9728 §3.3), and it names the issuer.
	r = e.get(t, m[1])
	wantStatus(t, r, http.StatusOK)
	var prm struct {
		Resource             string   `json:"resource"`
		AuthorizationServers []string `json:"authorization_servers"`
		ScopesSupported      []string `json:"scopes_supported"`
	}
	if err := json.Unmarshal(r.body, &prm); err != nil {
		t.Fatal(err)
	}
	if prm.Resource != mcpURL || len(prm.AuthorizationServers) != 1 {
		t.Fatalf("protected resource metadata %+v; want resource %s and one authorization server", prm, mcpURL)
	}
	issuer := prm.AuthorizationServers[0]

	// 3. The authorization server metadata, at the RFC 8414 well-known
	// URI: inserted between the issuer's host and its path.
	iu, err := url.Parse(issuer)
	if err != nil {
		t.Fatal(err)
	}
	r = e.get(t, iu.Scheme+"://"+iu.Host+"/.well-known/oauth-authorization-server"+iu.Path)
	wantStatus(t, r, http.StatusOK)
	var asm struct {
		Issuer                        string   `json:"issuer"`
		AuthorizationEndpoint         string   `json:"authorization_endpoint"`
		TokenEndpoint                 string   `json:"token_endpoint"`
		RegistrationEndpoint          string   `json:"registration_endpoint"`
		CodeChallengeMethodsSupported []string `json:"code_challenge_methods_supported"`
		IssParameterSupported         bool     `json:"authorization_response_iss_parameter_supported"`
	}
	if err := json.Unmarshal(r.body, &asm); err != nil {
		t.Fatal(err)
	}
	if asm.Issuer != issuer {
		t.Fatalf("issuer = %q; want %q, the one the metadata URL was built from (RFC 8414 §3.3)", asm.Issuer, issuer)
	}
	if !strings.Contains(strings.Join(asm.CodeChallengeMethodsSupported, " "), "S256") {
		t.Fatalf("code_challenge_methods_supported = %v; an MCP client refuses a server without S256", asm.CodeChallengeMethodsSupported)
	}

	// 4. Dynamic client registration.
	req, _ = http.NewRequest(http.MethodPost, asm.RegistrationEndpoint, strings.NewReader(`{
		"client_name": "Flow Test Agent",
		"redirect_uris": ["`+testRedirect+`"],
		"grant_types": ["authorization_code", "refresh_token"],
		"response_types": ["code"],
		"token_endpoint_auth_method": "none"
	}`))
	req.Header.Set("Content-Type", "application/json")
	r = e.sendRaw(t, req)
	wantStatus(t, r, http.StatusCreated)
	clientID := r.json(t)["client_id"].(string)

	// 5. The person's browser opens the authorization page and presses
	// Allow; the form's hidden fields go back as they came.
	verifier, challenge := pkce(t)
	q := url.Values{
		"response_type": {"code"}, "client_id": {clientID}, "redirect_uri": {testRedirect},
		"code_challenge": {challenge}, "code_challenge_method": {"S256"},
		"state": {"flow-state"}, "resource": {prm.Resource}, "scope": {strings.Join(prm.ScopesSupported, " ")},
	}
	r = e.get(t, asm.AuthorizationEndpoint+"?"+q.Encode())
	if !strings.Contains(string(r.body), "Flow Test Agent") {
		t.Errorf("the authorization page does not name the client")
	}
	action, fields := consentForm(t, r)
	fields.Set("decision", "approve")
	r = e.postForm(t, action, fields)

	// 6. The redirect to the client's loopback URI carries the code; the
	// client checks state and iss before using it.
	wantStatus(t, r, http.StatusSeeOther)
	loc, err := url.Parse(r.header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	if got := loc.Scheme + "://" + loc.Host + loc.Path; got != testRedirect {
		t.Fatalf("redirected to %s; want %s", got, testRedirect)
	}
	if loc.Query().Get("state") != "flow-state" || loc.Query().Get("iss") != asm.Issuer {
		t.Fatalf("redirect query %v; want state flow-state and iss %s", loc.Query(), asm.Issuer)
	}
	code := loc.Query().Get("code")

	// 7. The token request.
	r = e.postForm(t, asm.TokenEndpoint, url.Values{
		"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {testRedirect},
		"client_id": {clientID}, "code_verifier": {verifier}, "resource": {prm.Resource},
	})
	wantStatus(t, r, http.StatusOK)
	var tok struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		Scope       string `json:"scope"`
	}
	if err := json.Unmarshal(r.body, &tok); err != nil {
		t.Fatal(err)
	}
	if !strings.EqualFold(tok.TokenType, "bearer") || !apikey.Valid(tok.AccessToken) || tok.Scope != "fork" {
		t.Fatalf("token response %s; want a Bearer API key with scope fork", r.body)
	}
	if _, hasExpiry := r.json(t)["expires_in"]; hasExpiry {
		t.Errorf("expires_in given, but keys do not expire")
	}

	// 8. The MCP SDK's own client, with the token.
	client := mcp.NewClient(&mcp.Implementation{Name: "oauth-flow-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: mcpURL, HTTPClient: &http.Client{Transport: bearer{tok.AccessToken}}}, nil)
	if err != nil {
		t.Fatalf("connect to /mcp with the access token: %v", err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list with the access token: %v", err)
	}
	if got := len(tools.Tools); got != 6 {
		t.Errorf("tools/list: %d tools; want 6 (export_fork among them)", got)
	}
	listed := map[string]bool{}
	for _, tool := range tools.Tools {
		listed[tool.Name] = true
	}
	for _, name := range skill.Tools() {
		if !listed[name] {
			t.Errorf("the skill's tools table names the MCP tool %s, which the server does not list", name)
		}
	}

	// 9. The same token on the REST API: a production fork.
	r = e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`","profile":"skeptic"}`, "Authorization", "Bearer "+tok.AccessToken)
	wantStatus(t, r, http.StatusOK)
	if sandbox, _ := r.json(t)["sandbox"].(bool); sandbox {
		t.Errorf("the fork with the access token was a sandbox fork; want production")
	}
}
