package httpapi

import (
	"context"
	"encoding/json"
	"github.com/marketingfork/fork/internal/apierr"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/provider/rules"
)

func TestHealth(t *testing.T) {
	e := newEnv(t, nil)
	r := e.do("GET", "/health", "")
	wantStatus(t, r, http.StatusOK)
	wantBody(t, r, `{"status":"ok","store":"sqlite","version":"test"}`)

	// A store that no longer answers makes the service unavailable.
	if err := e.sqlite.Close(); err != nil {
		t.Fatal(err)
	}
	r = e.do("GET", "/health", "")
	wantStatus(t, r, http.StatusServiceUnavailable)
	wantBody(t, r, `{"status":"unavailable","store":"sqlite","version":"test"}`)
}

func TestStatus(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, "X-Sandbox", "true")
	wantStatus(t, e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`"}`, "Authorization", "Bearer "+key), http.StatusOK)
	wantStatus(t, e.do("POST", "/get-key", `{}`, "Accept", "application/json"), http.StatusOK)
	e.clock.Set(start.Add(90 * time.Second))

	r := e.do("GET", "/v1/status", "")
	wantStatus(t, r, http.StatusOK)
	wantBody(t, r, `{
		"version": "test",
		"provider": {"name": "rules", "version": "`+rules.Version+`", "translates": false},
		"store": "sqlite",
		"started_at": "2026-03-14T15:09:26Z",
		"uptime_seconds": 90,
		"counts": {"keys_issued": 2, "forks_served": 1, "sandbox_forks": 1}
	}`)
}

func TestProfiles(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	revoked, revRec := e.newKey()
	if err := e.sqlite.RevokeKey(context.Background(), revRec.ID, start); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		headers []string
		want    int
	}{
		{"no key", nil, http.StatusOK},
		{"valid key", []string{"Authorization", "Bearer " + key}, http.StatusOK},
		{"valid x-api-key", []string{"X-API-Key", key}, http.StatusOK},
		{"sandbox header is ignored", []string{"X-Sandbox", "true"}, http.StatusOK},
		{"malformed key", []string{"Authorization", "Bearer nope"}, http.StatusUnauthorized},
		{"revoked key", []string{"X-API-Key", revoked}, http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do("GET", "/v1/profiles", "", tt.headers...)
			wantStatus(t, r, tt.want)
			if tt.want != http.StatusOK {
				return
			}
			var body struct {
				Profiles []struct{ Name string } `json:"profiles"`
				Layers   []struct{ Name string } `json:"layers"`
			}
			if err := json.Unmarshal(r.body, &body); err != nil {
				t.Fatal(err)
			}
			if got, want := len(body.Profiles), 12; got != want {
				t.Errorf("got %d profiles; want %d", got, want)
			}
			if got, want := len(body.Layers), 4; got != want {
				t.Errorf("got %d layers; want %d", got, want)
			}
			if got, want := body.Profiles[0].Name, "enthusiast"; got != want {
				t.Errorf("first profile %q; want %q", got, want)
			}
			var layers []string
			for _, l := range body.Layers {
				layers = append(layers, l.Name)
			}
			if diff := cmp.Diff([]string{"everyday", "professional", "technical", "plain"}, layers); diff != "" {
				t.Errorf("layers (-want +got):\n%s", diff)
			}
		})
	}
	// The listing says whether a fork into another language would work.
	r := e.do("GET", "/v1/profiles", "")
	tr, _ := r.json(t)["translation"].(map[string]any)
	if tr["available"] != false || tr["provider"] != "rules" {
		t.Errorf("translation = %v; want not available with the rules provider", tr)
	}
}

func TestUnauthorized(t *testing.T) {
	e := newEnv(t, nil)
	revoked, rec := e.newKey()
	if err := e.sqlite.RevokeKey(context.Background(), rec.ID, start); err != nil {
		t.Fatal(err)
	}
	wellFormedUnknown := unknownKey(t)
	base := e.srv.URL
	challenge := `Bearer resource_metadata="` + base + `/.well-known/oauth-protected-resource"`
	invalid := challenge + `, error="invalid_token"`
	tests := []struct {
		name        string
		headers     []string
		challenge   string
		detail      string
		wantLookups int64
	}{
		{"no key", nil, challenge, "an API key is required: send Authorization: Bearer <key> or X-API-Key: <key>", 0},
		{"malformed bearer", []string{"Authorization", "Bearer mfk_short"}, invalid, "the API key is not valid", 0},
		{"malformed x-api-key", []string{"X-API-Key", "sk-123"}, invalid, "the API key is not valid", 0},
		{"basic credentials", []string{"Authorization", "Basic dXNlcjpwYXNz"}, invalid, "the API key is not valid", 0},
		{"unknown key", []string{"Authorization", "Bearer " + wellFormedUnknown}, invalid, "the API key is not valid", 1},
		{"revoked key", []string{"X-API-Key", revoked}, invalid, "the API key has been revoked", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.store.keyLookups.Load()
			r := e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, tt.headers...)
			wantStatus(t, r, http.StatusUnauthorized)
			if got := r.header.Get("WWW-Authenticate"); got != tt.challenge {
				t.Errorf("WWW-Authenticate = %q; want %q", got, tt.challenge)
			}
			wantBody(t, r, errorJSON(r, 401, "unauthorized", tt.detail+"; get a free key at "+base+"/get-key"))
			if got, want := e.store.keyLookups.Load()-before, tt.wantLookups; got != want {
				t.Errorf("store key lookups = %d; want %d", got, want)
			}
			if got := r.header.Get("RateLimit"); got != "" {
				t.Errorf("RateLimit = %q on a 401; want none", got)
			}
		})
	}
}

func TestNotFound(t *testing.T) {
	e := newEnv(t, nil)
	endpoints := `[
		{"path": "/health", "methods": ["GET"]},
		{"path": "/v1/status", "methods": ["GET"]},
		{"path": "/v1/profiles", "methods": ["GET"]},
		{"path": "/v1/fork", "methods": ["POST"]},
		{"path": "/v1/forks", "methods": ["GET"]},
		{"path": "/v1/forks/{id}", "methods": ["GET", "DELETE"]},
		{"path": "/v1/forks/{id}/page", "methods": ["GET"]},
		{"path": "/v1/forks/{id}/export", "methods": ["GET"]},
		{"path": "/v1/forks/{id}/drift", "methods": ["GET"]},
		{"path": "/metrics", "methods": ["GET"]},
		{"path": "/openapi.json", "methods": ["GET"]},
		{"path": "/get-key", "methods": ["GET", "POST"]},
		{"path": "/.well-known/oauth-protected-resource", "methods": ["GET"]},
		{"path": "/.well-known/oauth-protected-resource/mcp", "methods": ["GET"]},
		{"path": "/.well-known/oauth-authorization-server", "methods": ["GET"]},
		{"path": "/oauth/register", "methods": ["POST"]},
		{"path": "/oauth/authorize", "methods": ["GET", "POST"]},
		{"path": "/oauth/token", "methods": ["POST"]},
		{"path": "/mcp", "methods": ["POST", "GET", "DELETE"]},
		{"path": "/ask", "methods": ["GET", "POST"]},
		{"path": "/llms.txt", "methods": ["GET"]},
		{"path": "/skill/{file...}", "methods": ["GET"]},
		{"path": "/app", "methods": ["GET"]}
	]`
	for _, tt := range []struct{ method, path string }{
		{"GET", "/x"}, {"GET", "/"}, {"POST", "/v2/fork"}, {"DELETE", "/nothing/here"},
		{"PUT", "/x"}, {"PATCH", "/x"},
		// Only the RFC 8414 path the Handler serves exists; OpenID Connect
		// discovery is not offered, as this is no OpenID provider.
		{"GET", "/.well-known/openid-configuration"},
		{"GET", "/oauth/nope"},
		{"GET", "/skill/marketing-fork/nope.md"},
	} {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			r := e.do(tt.method, tt.path, "")
			wantStatus(t, r, http.StatusNotFound)
			wantBody(t, r, `{"detail":"Not Found: `+tt.path+`","status":404,"type":"not_found","request_id":"`+r.header.Get("X-Request-Id")+`","endpoints":`+endpoints+`}`)
		})
	}
}

func TestMethodNotAllowed(t *testing.T) {
	e := newEnv(t, nil)
	tests := []struct{ method, path, allow string }{
		{"POST", "/health", "GET, HEAD, OPTIONS"},
		{"DELETE", "/v1/fork", "POST, OPTIONS"},
		{"GET", "/v1/fork", "POST, OPTIONS"},
		{"PUT", "/get-key", "GET, POST, HEAD, OPTIONS"},
		{"PATCH", "/metrics", "GET, HEAD, OPTIONS"},
		// GET and DELETE reach the MCP transport (which answers 405
		// itself), but the resource takes POST only.
		{"PUT", "/mcp", "POST, OPTIONS"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			r := e.do(tt.method, tt.path, "")
			wantStatus(t, r, http.StatusMethodNotAllowed)
			if got := r.header.Get("Allow"); got != tt.allow {
				t.Errorf("Allow = %q; want %q", got, tt.allow)
			}
			wantBody(t, r, errorJSON(r, 405, "method_not_allowed", "Method Not Allowed: "+tt.method+" "+tt.path+" accepts "+tt.allow))
		})
	}
}

func TestPreflightAndCORS(t *testing.T) {
	e := newEnv(t, nil)
	for _, path := range []string{"/v1/fork", "/anything/at/all", "/"} {
		t.Run(path, func(t *testing.T) {
			r := e.do("OPTIONS", path, "", "Origin", "https://app.example", "Access-Control-Request-Method", "POST")
			wantStatus(t, r, http.StatusNoContent)
			want := map[string]string{
				"Access-Control-Allow-Origin":  "*",
				"Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
				"Access-Control-Allow-Headers": "Authorization, Content-Type, X-API-Key, X-Sandbox, Idempotency-Key, X-Request-Id",
				"Access-Control-Max-Age":       "600",
			}
			for k, v := range want {
				if got := r.header.Get(k); got != v {
					t.Errorf("%s = %q; want %q", k, got, v)
				}
			}
			if len(r.body) != 0 {
				t.Errorf("body = %q; want none", r.body)
			}
		})
	}
	// Every answer carries the CORS header, errors included.
	for _, r := range []response{e.do("GET", "/health", ""), e.do("GET", "/nope", ""), e.do("POST", "/v1/fork", "{}")} {
		if got := r.header.Get("Access-Control-Allow-Origin"); got != "*" {
			t.Errorf("%d answer: Access-Control-Allow-Origin = %q; want *", r.status, got)
		}
	}
	// Except where a cross-origin page could read a new key: any site could
	// otherwise farm keys through its visitors' addresses.
	r := e.do("POST", "/get-key", "", "Accept", "application/json", "Origin", "https://evil.example")
	if got := r.header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("POST /get-key: Access-Control-Allow-Origin = %q; want none", got)
	}
}

func TestRequestID(t *testing.T) {
	e := newEnv(t, nil)
	tests := []struct {
		name, given string
		keep        bool
	}{
		{"sane id is kept", "client-42.a_b", true},
		{"none is generated", "", false},
		{"spaces are replaced", "bad id", false},
		{"too long is replaced", strings.Repeat("a", 65), false},
		{"64 is kept", strings.Repeat("a", 64), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hd []string
			if tt.given != "" {
				hd = []string{"X-Request-Id", tt.given}
			}
			r := e.do("GET", "/nope", "", hd...)
			got := r.header.Get("X-Request-Id")
			if tt.keep && got != tt.given {
				t.Errorf("X-Request-Id = %q; want %q", got, tt.given)
			}
			if !tt.keep && (got == tt.given || !strings.HasPrefix(got, "req_") || len(got) != 28) {
				t.Errorf("X-Request-Id = %q; want a new req_ id", got)
			}
			if body := r.json(t); body["request_id"] != got {
				t.Errorf("request_id = %v; want %q", body["request_id"], got)
			}
		})
	}
}

func TestBodyTooLarge(t *testing.T) {
	e := newEnv(t, nil, withMaxBody(64))
	key, _ := e.newKey()
	big := `{"url":"https://example.com/` + strings.Repeat("a", 100) + `"}`

	t.Run("content-length", func(t *testing.T) {
		r := e.do("POST", "/v1/fork", big, "Authorization", "Bearer "+key)
		wantStatus(t, r, http.StatusRequestEntityTooLarge)
		wantBody(t, r, errorJSON(r, 413, "payload_too_large", "request body too large: the limit is 64 bytes"))
	})
	t.Run("chunked", func(t *testing.T) {
		req, err := http.NewRequest("POST", e.srv.URL+"/v1/fork", io.MultiReader(strings.NewReader(big)))
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = -1 // unknown: sent chunked, so only reading finds out
		req.Header.Set("X-API-Key", key)
		r := e.send(req)
		wantStatus(t, r, http.StatusRequestEntityTooLarge)
		wantBody(t, r, errorJSON(r, 413, "payload_too_large", "request body too large: the limit is 64 bytes"))
	})
	t.Run("sandbox", func(t *testing.T) {
		r := e.do("POST", "/v1/fork", big, "X-Sandbox", "true")
		wantStatus(t, r, http.StatusRequestEntityTooLarge)
	})
	t.Run("get-key form", func(t *testing.T) {
		req, _ := http.NewRequest("POST", e.srv.URL+"/get-key", strings.NewReader("label="+strings.Repeat("x", 100)))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r := e.send(req)
		wantStatus(t, r, http.StatusRequestEntityTooLarge)
	})
	t.Run("small body passes", func(t *testing.T) {
		r := e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, "X-Sandbox", "true")
		wantStatus(t, r, http.StatusOK)
	})
}

func TestPanicIsAnswered(t *testing.T) {
	e := newEnv(t, nil)
	e.store.panicPing.Store(true)
	r := e.do("GET", "/health", "")
	wantStatus(t, r, http.StatusInternalServerError)
	wantBody(t, r, errorJSON(r, 500, "internal", apierr.Internal.Detail(nil)))

	e.store.panicPing.Store(false)
	r = e.do("GET", "/health", "")
	wantStatus(t, r, http.StatusOK)
	if got, want := e.metricsNow().count("/health", "GET", "5xx"), int64(1); got != want {
		t.Errorf("5xx count for /health = %d; want %d", got, want)
	}
}

func TestProtectedResourceMetadata(t *testing.T) {
	e := newEnv(t, nil)
	r := e.do("GET", "/.well-known/oauth-protected-resource", "")
	wantStatus(t, r, http.StatusOK)
	base := e.srv.URL
	wantBody(t, r, `{"resource":"`+base+`","authorization_servers":["`+base+`"],"scopes_supported":["fork"],"bearer_methods_supported":["header"],"resource_name":"Marketing Fork API","resource_documentation":"`+base+`/get-key"}`)

	// A client cannot claim https for itself: X-Forwarded-Proto counts only
	// behind a trusted proxy.
	r = e.do("GET", "/.well-known/oauth-protected-resource", "", "X-Forwarded-Proto", "https")
	if got := r.json(t)["resource"]; got != base {
		t.Errorf("resource = %v; want %v (the header is not trusted)", got, base)
	}
	proxied := newEnv(t, nil, func(c *Config, _ *env) { c.TrustProxy = true })
	r = proxied.do("GET", "/.well-known/oauth-protected-resource", "", "X-Forwarded-Proto", "https")
	if got, want := r.json(t)["resource"], strings.Replace(proxied.srv.URL, "http://", "https://", 1); got != want {
		t.Errorf("behind a trusted proxy: resource = %v; want %v", got, want)
	}
}

func TestBaseURLConfig(t *testing.T) {
	e := newEnv(t, nil, func(c *Config, _ *env) { c.BaseURL = "https://api.example.com/" })
	r := e.do("POST", "/v1/fork", `{}`)
	wantStatus(t, r, http.StatusUnauthorized)
	if got, want := r.header.Get("WWW-Authenticate"), `Bearer resource_metadata="https://api.example.com/.well-known/oauth-protected-resource"`; got != want {
		t.Errorf("WWW-Authenticate = %q; want %q", got, want)
	}
	r = e.do("GET", "/.well-known/oauth-protected-resource", "")
	if got, want := r.json(t)["resource"], "https://api.example.com"; got != want {
		t.Errorf("resource = %v; want %v", got, want)
	}
}

func TestMountedUnderPrefix(t *testing.T) {
	e := newEnv(t, nil, func(_ *Config, e *env) { e.prefix = "/marketing" })
	base := e.srv.URL + "/marketing"

	wantStatus(t, e.do("GET", "/health", ""), http.StatusOK)

	// The other route of the outer mux still answers.
	res, err := e.srv.Client().Get(e.srv.URL + "/other")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || string(b) != "other route" {
		t.Errorf("GET /other = %d %q; want 200 \"other route\"", res.StatusCode, b)
	}

	r := e.do("GET", "/nope", "")
	wantStatus(t, r, http.StatusNotFound)
	body := r.json(t)
	if got, want := body["detail"], "Not Found: /marketing/nope"; got != want {
		t.Errorf("detail = %v; want %v", got, want)
	}
	first := body["endpoints"].([]any)[0].(map[string]any)
	if got, want := first["path"], "/marketing/health"; got != want {
		t.Errorf("first endpoint path = %v; want %v", got, want)
	}

	r = e.do("POST", "/v1/fork", `{}`)
	wantStatus(t, r, http.StatusUnauthorized)
	if got, want := r.header.Get("WWW-Authenticate"), `Bearer resource_metadata="`+base+`/.well-known/oauth-protected-resource"`; got != want {
		t.Errorf("WWW-Authenticate = %q; want %q", got, want)
	}
	r = e.do("GET", "/.well-known/oauth-protected-resource", "")
	if got := r.json(t)["resource"]; got != base {
		t.Errorf("resource = %v; want %v", got, base)
	}
	r = e.do("GET", "/get-key", "")
	if !strings.Contains(string(r.body), base+"/v1/fork") {
		t.Errorf("key page does not show the mounted base %s", base)
	}
	r = e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, "X-Sandbox", "true")
	wantStatus(t, r, http.StatusOK)
	if got, want := e.metricsNow().count("/v1/fork", "POST", "2xx"), int64(1); got != want {
		t.Errorf("metrics under the prefix: POST /v1/fork 2xx = %d; want %d", got, want)
	}
}

func TestOpenAPIServed(t *testing.T) {
	e := newEnv(t, nil)
	r := e.do("GET", "/openapi.json", "")
	wantStatus(t, r, http.StatusOK)
	if string(r.body) != string(openAPIDoc) {
		t.Errorf("GET /openapi.json does not serve the embedded document")
	}
	if got := r.header.Get("Content-Type"); got != "application/json" {
		t.Errorf("Content-Type = %q; want application/json", got)
	}
}
