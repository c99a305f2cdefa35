package httpapi

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCheckJSON compares the syntax errors with CPython 3.13's json module
// (json.loads(s) → JSONDecodeError.msg, .pos).
func TestCheckJSON(t *testing.T) {
	tests := []struct {
		in  string
		msg string
		pos int
	}{
		{`{}`, "", 0},
		{` {"a": [1, 2.5e-3, -0, true, false, null, "x\u00e9\n"]} `, "", 0},
		{`   `, "Expecting value", 3},
		{`{`, "Expecting property name enclosed in double quotes", 1},
		{`{"url": }`, "Expecting value", 8},
		{`{"url" "x"}`, "Expecting ':' delimiter", 7},
		{`{"url": "x" "p": 1}`, "Expecting ',' delimiter", 12},
		{`{"url": "x",}`, "Illegal trailing comma before end of object", 11},
		{`{"a" : 1 , }`, "Illegal trailing comma before end of object", 9},
		{`[1,]`, "Illegal trailing comma before end of array", 2},
		{`{"url": "x`, "Unterminated string starting at", 8},
		{`"abc\`, "Unterminated string starting at", 0},
		{`{"a": 1} x`, "Extra data", 9},
		{`{"a": "\q"}`, "Invalid \\escape", 7},
		{`{"a": "\u12"}`, "Invalid \\uXXXX escape", 8},
		{`"\u1234`, "Invalid \\uXXXX escape", 2},
		{`{'a': 1}`, "Expecting property name enclosed in double quotes", 1},
		{`nul`, "Expecting value", 0},
		{"{\"a\":\"x\ny\"}", "Invalid control character at", 7},
		{`-`, "Expecting value", 0},
		{`-x`, "Expecting value", 0},
		{`01`, "Extra data", 1},
		{`1.`, "Extra data", 1},
		{`1e`, "Extra data", 1},
		{`[1 2]`, "Expecting ',' delimiter", 3},
		{`[`, "Expecting value", 1},
		{`[,1]`, "Expecting value", 1},
		{`{"a": tru}`, "Expecting value", 6},
		{`{"a":1,"b"}`, "Expecting ':' delimiter", 10},
		{`NaN`, "Expecting value", 0},
		{"{\"a\": \"\xff\"}", "Invalid UTF-8 byte", 7},
		{strings.Repeat("[", 1001) + strings.Repeat("]", 1001), "Too deeply nested", 1000},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			err := checkJSON([]byte(tt.in))
			switch {
			case tt.msg == "" && err != nil:
				t.Errorf("checkJSON = %q at %d; want no error", err.msg, err.pos)
			case tt.msg != "" && err == nil:
				t.Errorf("checkJSON = nil; want %q at %d", tt.msg, tt.pos)
			case err != nil && (err.msg != tt.msg || err.pos != tt.pos):
				t.Errorf("checkJSON = %q at %d; want %q at %d", err.msg, err.pos, tt.msg, tt.pos)
			}
		})
	}
}

func FuzzCheckJSON(f *testing.F) {
	for _, s := range []string{`{}`, `{"url": }`, `[1,]`, `"\u12"`, `{"a":[{"b":null}]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := checkJSON([]byte(s))
		if err != nil && (err.pos < 0 || err.pos > len(s)) {
			t.Errorf("position %d outside the input of %d bytes", err.pos, len(s))
		}
		// On valid UTF-8 the checker must agree with encoding/json, which
		// decodes the body afterwards.
		if utf8.ValidString(s) && (err == nil || err.msg != "Too deeply nested") {
			if got, want := err == nil, json.Valid([]byte(s)); got != want {
				t.Errorf("checkJSON(%q) valid = %v; encoding/json says %v (%v)", s, got, want, err)
			}
		}
	})
}

func TestAcceptQ(t *testing.T) {
	tests := []struct {
		accept, mediaType string
		want              float64
	}{
		{"", "application/json", 1},
		{"application/json", "application/json", 1},
		{"text/plain", "application/json", 0},
		{"*/*", "text/plain", 1},
		{"text/*;q=0.3, */*;q=0.1", "text/plain", 0.3},
		{"text/plain;q=0.2, text/*;q=0.9", "text/plain", 0.2},
		{"application/json;q=0.5, application/json;q=0.8", "application/json", 0.8},
		{"TEXT/PLAIN; Q=0.4", "text/plain", 0.4},
		{"text/plain;q=bogus", "text/plain", 1},
	}
	for _, tt := range tests {
		if got := acceptQ(tt.accept, tt.mediaType); got != tt.want {
			t.Errorf("acceptQ(%q, %q) = %v; want %v", tt.accept, tt.mediaType, got, tt.want)
		}
	}
}

func TestMountPrefix(t *testing.T) {
	tests := []struct{ requestURI, path, want string }{
		{"/health", "/health", ""},
		{"/marketing/health", "/health", "/marketing"},
		{"/marketing/health?x=1", "/health", "/marketing"},
		{"/a/b/v1/fork", "/v1/fork", "/a/b"},
		{"/other/thing", "/health", ""},
		{"http://example.com/m/health", "/health", "/m"},
	}
	for _, tt := range tests {
		r, _ := http.NewRequest("GET", "http://example.com"+tt.path, nil)
		r.RequestURI = tt.requestURI
		if got := mountPrefix(r); got != tt.want {
			t.Errorf("mountPrefix(%q, path %q) = %q; want %q", tt.requestURI, tt.path, got, tt.want)
		}
	}
}

func TestNewRequiresForkerAndStore(t *testing.T) {
	if _, err := New(Config{}); err == nil {
		t.Errorf("New without a Forker succeeded; want an error")
	}
}

// TestStoreUnavailable: when the database cannot be reached (PostgreSQL
// restarting, a failover) the caller gets a 503 with Retry-After, not a
// 500, and the API works again as soon as the store does.
func TestStoreUnavailable(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	forkBody := `{"url":"` + e.pageURL("/page") + `"}`
	tests := []struct {
		name string
		send func() response
	}{
		{"fork with a key", func() response { return e.do("POST", "/v1/fork", forkBody, "Authorization", "Bearer "+key) }},
		{"get a key", func() response {
			return e.do("POST", "/get-key", `{"label":"x"}`, "Accept", "application/json")
		}},
		{"ask with a key", func() response {
			return e.do("GET", "/ask?streaming=false&query="+url.QueryEscape("which profiles are there?"), "", "Authorization", "Bearer "+key)
		}},
		{"mcp with a key", func() response {
			return e.do("POST", "/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
				"Authorization", "Bearer "+key, "Accept", "application/json, text/event-stream")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.store.down.Store(true)
			r := tt.send()
			e.store.down.Store(false)
			if r.status != http.StatusServiceUnavailable {
				t.Fatalf("got %d %s; want 503", r.status, r.body)
			}
			if got := r.header.Get("Retry-After"); got == "" {
				t.Error("503 without Retry-After")
			}
			body := r.json(t)
			if body["type"] != "store_unavailable" || strings.Contains(string(r.body), "10.0.0.5") {
				t.Errorf("got body %s; want type store_unavailable and no internal address", r.body)
			}
			if r := tt.send(); r.status != http.StatusOK {
				t.Errorf("once the store is back: got %d %s; want 200", r.status, r.body)
			}
		})
	}
}

// TestAskUsesBaseURL: behind a proxy, /ask's links use the configured base
// URL, not the Host or X-Forwarded-Proto a client sent.
func TestAskUsesBaseURL(t *testing.T) {
	e := newEnv(t, nil, func(c *Config, _ *env) { c.BaseURL = "https://forks.example.com" })
	r := e.do("GET", "/ask?streaming=false&query="+url.QueryEscape("which profiles are there?"), "", "X-Forwarded-Proto", "http")
	if r.status != http.StatusOK {
		t.Fatalf("got %d %s; want 200", r.status, r.body)
	}
	if !strings.Contains(string(r.body), "https://forks.example.com") || strings.Contains(string(r.body), "127.0.0.1") {
		t.Errorf("got %s; want links on https://forks.example.com only", r.body)
	}
}
