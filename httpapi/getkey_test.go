package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/marketingfork/fork/internal/apikey"
)

var keyPattern = regexp.MustCompile(`mfk_[0-9A-Za-z]{43}_[0-9A-Za-z]{6}`)

func TestKeyPage(t *testing.T) {
	e := newEnv(t, nil)
	r := e.do("GET", "/get-key", "")
	wantStatus(t, r, http.StatusOK)
	if got := r.header.Get("Content-Type"); got != "text/html; charset=utf-8" {
		t.Errorf("Content-Type = %q; want text/html", got)
	}
	page := string(r.body)
	for _, want := range []string{`<form method="post">`, `name="label"`, "<strong>free</strong>", "<strong>no payment card</strong>", `type="submit"`, "X-Sandbox: true"} {
		if !strings.Contains(page, want) {
			t.Errorf("key page lacks %q", want)
		}
	}
	if strings.Contains(page, "<script") {
		t.Errorf("key page uses a script; it must work without JavaScript")
	}
}

func TestIssueKeyHTML(t *testing.T) {
	e := newEnv(t, nil)
	form := url.Values{"label": {"alice@example.com <b>"}}.Encode()
	req, _ := http.NewRequest("POST", e.srv.URL+"/get-key", strings.NewReader(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	r := e.send(req)
	wantStatus(t, r, http.StatusOK)
	if got := r.header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control = %q; want no-store", got)
	}
	page := string(r.body)
	key := keyPattern.FindString(page)
	if key == "" || !apikey.Valid(key) {
		t.Fatalf("no valid key on the page:\n%s", page)
	}
	for _, want := range []string{"Store it now: it is shown once", "alice@example.com &lt;b&gt;"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	rec, err := e.sqlite.KeyByHash(context.Background(), apikey.Hash(key))
	if err != nil {
		t.Fatalf("the key is not in the store: %v", err)
	}
	if got, want := rec.Name, "alice@example.com <b>"; got != want {
		t.Errorf("stored label = %q; want %q", got, want)
	}
	if !rec.CreatedAt.Equal(start) {
		t.Errorf("created_at = %v; want the handler's clock %v", rec.CreatedAt, start)
	}
	// The key works.
	wantStatus(t, e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`"}`, "Authorization", "Bearer "+key), http.StatusOK)
}

func TestIssueKeyJSON(t *testing.T) {
	e := newEnv(t, nil)
	for _, tt := range []struct {
		name, body, contentType, accept string
	}{
		{"json body", `{"label":"ci"}`, "application/json", "application/json"},
		{"no body", "", "", "application/json"},
		{"form, json answer", "label=ci", "application/x-www-form-urlencoded", "application/json"},
		{"curl defaults", `{"label":"ci"}`, "application/json", "*/*"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", e.srv.URL+"/get-key", strings.NewReader(tt.body))
			if tt.contentType != "" {
				req.Header.Set("Content-Type", tt.contentType)
			}
			req.Header.Set("Accept", tt.accept)
			r := e.send(req)
			wantStatus(t, r, http.StatusOK)
			var got keyIssued
			if err := json.Unmarshal(r.body, &got); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, r.body)
			}
			if !apikey.Valid(got.APIKey) {
				t.Errorf("api_key %q is not valid", got.APIKey)
			}
			rec, err := e.sqlite.KeyByHash(context.Background(), apikey.Hash(got.APIKey))
			if err != nil {
				t.Fatal(err)
			}
			want := keyIssued{APIKey: got.APIKey, KeyID: rec.ID, Prefix: got.APIKey[:12], CreatedAt: start, Note: "store it now: it is shown once"}
			if got != want {
				t.Errorf("answer = %+v; want %+v", got, want)
			}
			if r.header.Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control = %q; want no-store", r.header.Get("Cache-Control"))
			}
		})
	}
	if got, want := e.metricsNow().KeysIssued, int64(4); got != want {
		t.Errorf("keys issued = %d; want %d", got, want)
	}
}

func TestIssueKeyInvalid(t *testing.T) {
	e := newEnv(t, nil)
	long := strings.Repeat("é", 101)
	tests := []struct{ name, body, want string }{
		{"label too long", `{"label":"` + long + `"}`,
			`{"detail":[{"type":"string_too_long","loc":["body","label"],"msg":"String should have at most 100 characters","input":"` + long + `","ctx":{"max_length":100}}]}`},
		{"label not a string", `{"label":7}`,
			`{"detail":[{"type":"string_type","loc":["body","label"],"msg":"Input should be a valid string","input":7}]}`},
		{"label with a control character", `{"label":"a\u0007b"}`,
			`{"detail":[{"type":"value_error","loc":["body","label"],"msg":"Value error, the label must not hold control characters","input":"a\u0007b","ctx":{"error":"the label must not hold control characters"}}]}`},
		{"label ending in a newline", `{"label":"ci\n"}`,
			`{"detail":[{"type":"value_error","loc":["body","label"],"msg":"Value error, the label must not hold control characters","input":"ci","ctx":{"error":"the label must not hold control characters"}}]}`},
		{"invalid JSON", `{"label"}`,
			`{"detail":[{"type":"json_invalid","loc":["body",8],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting ':' delimiter"}}]}`},
		{"not an object", `["ci"]`,
			`{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":["ci"]}]}`},
		{"white space only", " ",
			`{"detail":[{"type":"json_invalid","loc":["body",1],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting value"}}]}`},
		{"null", `null`,
			`{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":null}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do("POST", "/get-key", tt.body, "Accept", "application/json")
			wantStatus(t, r, http.StatusUnprocessableEntity)
			wantBody(t, r, tt.want)
		})
	}
	if got := e.store.creates.Load(); got != 0 {
		t.Errorf("%d keys stored for invalid requests; want 0", got)
	}
}

func TestIssueKeyRateLimit(t *testing.T) {
	e := newEnv(t, nil, withLimits(Limits{KeysPerHour: 2}))
	issue := func(xff string) response {
		req, _ := http.NewRequest("POST", e.srv.URL+"/get-key", nil)
		req.Header.Set("Accept", "application/json")
		if xff != "" {
			req.Header.Set("X-Forwarded-For", xff)
		}
		return e.send(req)
	}
	wantStatus(t, issue(""), http.StatusOK)
	// Without TrustProxy a client cannot pick another address.
	wantStatus(t, issue("203.0.113.9"), http.StatusOK)
	r := issue("198.51.100.7")
	wantStatus(t, r, http.StatusTooManyRequests)
	wantBody(t, r, errorJSON(r, 429, "rate_limited", "too many keys issued to your address: 2 per hour; retry in 3034 s"))
	if got, want := r.header.Get("Retry-After"), "3034"; got != want {
		t.Errorf("Retry-After = %q; want %q", got, want)
	}
	if got, want := e.store.creates.Load(), int64(2); got != want {
		t.Errorf("keys stored = %d; want %d", got, want)
	}
	// The next hour has a new window.
	e.clock.Set(start.Add(time.Hour))
	wantStatus(t, issue(""), http.StatusOK)
}

func TestClientAddr(t *testing.T) {
	tests := []struct {
		name, remote, xff string
		trust             bool
		want              string
	}{
		{"peer", "192.0.2.1:5555", "", false, "192.0.2.1"},
		{"xff ignored without trust", "192.0.2.1:5555", "203.0.113.9", false, "192.0.2.1"},
		{"last xff entry with trust", "10.0.0.1:5555", "198.51.100.1, 203.0.113.9", true, "203.0.113.9"},
		{"trust without header", "10.0.0.1:5555", "", true, "10.0.0.1"},
		{"ipv6 by /64", "[2001:db8:1:2:3:4:5:6]:443", "", false, "2001:db8:1:2::/64"},
		{"mapped ipv4", "[::ffff:192.0.2.1]:443", "", false, "192.0.2.1"},
		{"garbage", "nonsense", "", false, "unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &Handler{cfg: Config{TrustProxy: tt.trust}}
			r, _ := http.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			if tt.xff != "" {
				r.Header.Set("X-Forwarded-For", tt.xff)
			}
			if got := h.clientAddr(r); got != tt.want {
				t.Errorf("clientAddr = %q; want %q", got, tt.want)
			}
		})
	}
}
