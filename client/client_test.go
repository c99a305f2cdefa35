package client

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
)

// serverURL is the base URL of the real mfork binary TestMain starts.
var serverURL string

// TestMain builds cmd/mfork, starts `mfork serve` on a loopback port with a
// fresh SQLite file and a limit of 3 forks a minute, runs the tests against
// it and stops it.
func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "mfork-client-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "mfork")
	build := exec.Command("go", "build", "-o", bin, "../cmd/mfork")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build mfork:", err)
		return 1
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", "sqlite:"+filepath.Join(dir, "c.db"),
		"--allow-private", "--forks-per-minute", "3")
	cmd.Stderr = io.Discard
	if testing.Verbose() {
		cmd.Stderr = os.Stderr
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "start mfork:", err)
		return 1
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}()
	addr := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`listening on (http://\S+)`)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
				break
			}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case serverURL = <-addr:
	case <-time.After(30 * time.Second):
		fmt.Fprintln(os.Stderr, "mfork serve did not say where it listens")
		return 1
	}
	return m.Run()
}

// landingPage is a small landing page: a headline, a price and a CTA.
const landingPage = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Brewbox | Fresh coffee at your door</title>
<meta name="description" content="Brewbox delivers freshly roasted coffee every month. Plans from $15/month."></head>
<body>
<section class="hero">
<h1>Fresh coffee, delivered every month.</h1>
<p>Brewbox roasts your beans the week they ship, so every cup tastes like the first one.</p>
<p class="price">$15/month, cancel anytime.</p>
<a class="btn" href="https://brewbox.example/signup">Start my subscription</a>
</section>
</body></html>
`

// pageServer serves landingPage on loopback and returns its URL.
func pageServer(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, landingPage)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// newClient is a client of the test server.
func newClient(t *testing.T, opts ...Option) *Client {
	t.Helper()
	c, err := New(serverURL, append([]Option{WithTimeout(30 * time.Second)}, opts...)...)
	if err != nil {
		t.Fatalf("New(%q): %v", serverURL, err)
	}
	return c
}

// freshKey issues a new API key.
func freshKey(t *testing.T, label string) string {
	t.Helper()
	k, err := newClient(t).GetKey(t.Context(), label)
	if err != nil {
		t.Fatalf("GetKey: %v", err)
	}
	if k.APIKey == "" || k.KeyID == "" {
		t.Fatalf("GetKey = %+v; want api_key and key_id", k)
	}
	return k.APIKey
}

func TestProfiles(t *testing.T) {
	p, err := newClient(t).Profiles(t.Context())
	if err != nil {
		t.Fatalf("Profiles: %v", err)
	}
	if got, want := len(p.Profiles), 12; got != want {
		t.Errorf("profiles: got %d; want %d", got, want)
	}
	if got, want := len(p.Layers), 4; got != want {
		t.Errorf("layers: got %d; want %d", got, want)
	}
	for _, pr := range p.Profiles {
		if pr.Name == "" || pr.Title == "" {
			t.Errorf("profile %+v: want a name and a title", pr)
		}
	}
}

func TestHealthStatusMetrics(t *testing.T) {
	c := newClient(t)
	h, err := c.Health(t.Context())
	if err != nil {
		t.Fatalf("Health: %v", err)
	}
	if got, want := h.Status, "ok"; got != want {
		t.Errorf("health status: got %q; want %q", got, want)
	}
	s, err := c.Status(t.Context())
	if err != nil {
		t.Fatalf("Status: %v", err)
	}
	if s.Version == "" || s.Provider.Name == "" || s.Store == "" || s.StartedAt.IsZero() {
		t.Errorf("Status = %+v; want version, provider, store and started_at", s)
	}
	m, err := c.Metrics(t.Context())
	if err != nil {
		t.Fatalf("Metrics: %v", err)
	}
	if len(m.Endpoints) == 0 {
		t.Errorf("Metrics endpoints: got none; want the requests made so far")
	}
}

func TestAsk(t *testing.T) {
	a, err := newClient(t).Ask(t.Context(), "which profiles are there?", &AskOptions{QueryID: "q-1"})
	if err != nil {
		t.Fatalf("Ask: %v", err)
	}
	if got, want := a.Meta.ResponseType, "Answer"; got != want {
		t.Errorf("_meta.response_type: got %q; want %q", got, want)
	}
	if got, want := a.QueryID, "q-1"; got != want {
		t.Errorf("query_id: got %q; want %q", got, want)
	}
	if len(a.Results) == 0 {
		t.Errorf("results: got none; want the profiles")
	}
}

func TestSandboxFork(t *testing.T) {
	res, err := newClient(t, WithSandbox(true)).Fork(t.Context(), fork.Request{Profile: "skeptic", LanguageLayer: "plain"})
	if err != nil {
		t.Fatalf("Fork: %v", err)
	}
	if !res.Sandbox {
		t.Errorf("Sandbox: got false; want true")
	}
	if res.Replayed {
		t.Errorf("Replayed: got true; want false")
	}
	if res.Markdown == "" || len(res.Blocks) == 0 {
		t.Errorf("sandbox fork has no markdown or blocks")
	}
	if got, want := res.Target.Profile, "skeptic"; got != want {
		t.Errorf("target profile: got %q; want %q", got, want)
	}
}

func TestKeyAndFork(t *testing.T) {
	page := pageServer(t)
	c := newClient(t, WithAPIKey(freshKey(t, "fork test")))
	res, err := c.Fork(t.Context(), fork.Request{URL: page, Profile: "bargain-hunter", LanguageLayer: "plain"})
	if err != nil {
		t.Fatalf("Fork: %v", err)
	}
	if !res.Passed {
		t.Errorf("Passed: got false; want true (checks %+v)", res.Checks)
	}
	if res.Sandbox {
		t.Errorf("Sandbox: got true; want false")
	}
	if got, want := res.SourceURL, page; got != want {
		t.Errorf("source_url: got %q; want %q", got, want)
	}
	if !strings.Contains(res.Markdown, "$15") {
		t.Errorf("markdown lost the price: %s", res.Markdown)
	}
}

func TestValidationError(t *testing.T) {
	c := newClient(t, WithSandbox(true))
	tests := []struct {
		name     string
		req      fork.Request
		wantType string
		wantLoc  []any
	}{
		{"profile", fork.Request{Profile: "astronaut"}, "enum", []any{"body", "profile"}},
		{"layer", fork.Request{LanguageLayer: "shouty"}, "enum", []any{"body", "language_layer"}},
		{"language", fork.Request{TargetLanguage: "not a tag"}, "value_error", []any{"body", "target_language"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := c.Fork(t.Context(), tt.req)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Fork error: got %v; want an *Error", err)
			}
			if got, want := e.Status, http.StatusUnprocessableEntity; got != want {
				t.Fatalf("status: got %d; want %d (%v)", got, want, e)
			}
			if len(e.Items) == 0 {
				t.Fatalf("items: got none; want one (%v)", e)
			}
			var found bool
			for _, it := range e.Items {
				if cmp.Equal(it.Loc, tt.wantLoc) {
					found = true
					if got := it.Type; got != tt.wantType {
						t.Errorf("item type: got %q; want %q", got, tt.wantType)
					}
				}
			}
			if !found {
				t.Errorf("items %+v: none at %v", e.Items, tt.wantLoc)
			}
			if !strings.Contains(e.Error(), "422") {
				t.Errorf("Error() = %q; want the status in it", e.Error())
			}
		})
	}
}

func TestUnauthorized(t *testing.T) {
	c := newClient(t, WithAPIKey("mf_not_a_real_key_0000000000000000"))
	_, err := c.Fork(t.Context(), fork.Request{URL: "https://example.com/", Profile: "skeptic"})
	if !IsUnauthorized(err) {
		t.Fatalf("Fork error: got %v; want a 401", err)
	}
	if IsRateLimited(err) {
		t.Errorf("IsRateLimited(401): got true; want false")
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("errors.As: got false; want an *Error")
	}
	if e.Type == "" || e.Detail == "" || e.RequestID == "" {
		t.Errorf("Error = %+v; want type, detail and request_id", e)
	}
}

func TestRateLimited(t *testing.T) {
	page := pageServer(t)
	c := newClient(t, WithAPIKey(freshKey(t, "rate limit test")), WithRetries(0))
	var err error
	for i := 0; i < 8; i++ { // 3 a minute; a minute may turn in between
		if _, err = c.Fork(t.Context(), fork.Request{URL: page, Profile: "skeptic"}); err != nil {
			break
		}
	}
	if !IsRateLimited(err) {
		t.Fatalf("Fork error after the limit: got %v; want a 429", err)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("errors.As: got false; want an *Error")
	}
	if e.RetryAfter <= 0 || e.RetryAfter > 61*time.Second {
		t.Errorf("RetryAfter: got %s; want 0 < it <= 61s", e.RetryAfter)
	}
}

func TestIdempotentReplay(t *testing.T) {
	page := pageServer(t)
	c := newClient(t, WithAPIKey(freshKey(t, "idempotency test")))
	before, err := c.Metrics(t.Context())
	if err != nil {
		t.Fatalf("Metrics: %v", err)
	}
	key, err := NewIdempotencyKey()
	if err != nil {
		t.Fatal(err)
	}
	req := fork.Request{URL: page, Profile: "parent", LanguageLayer: "plain"}
	first, err := c.Fork(t.Context(), req, WithIdempotencyKey(key))
	if err != nil {
		t.Fatalf("first Fork: %v", err)
	}
	second, err := c.Fork(t.Context(), req, WithIdempotencyKey(key))
	if err != nil {
		t.Fatalf("second Fork: %v", err)
	}
	if first.Replayed {
		t.Errorf("first Replayed: got true; want false")
	}
	if !second.Replayed {
		t.Errorf("second Replayed: got false; want true")
	}
	if got, want := second.Markdown, first.Markdown; got != want {
		t.Errorf("replayed markdown differs:\n%s", cmp.Diff(want, got))
	}
	after, err := c.Metrics(t.Context())
	if err != nil {
		t.Fatalf("Metrics: %v", err)
	}
	if got, want := after.Forks.Production-before.Forks.Production, int64(1); got != want {
		t.Errorf("forks.production grew by %d; want %d", got, want)
	}
	if got, want := after.Forks.Replayed-before.Forks.Replayed, int64(1); got != want {
		t.Errorf("forks.replayed grew by %d; want %d", got, want)
	}
}

// TestRetryAfterHonoured: a 429 with Retry-After: 1, then a 200: the client
// waits at least a second and succeeds on its second attempt.
func TestRetryAfterHonoured(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = io.WriteString(w, `{"detail":"slow down","status":429,"type":"rate_limited","request_id":"r1"}`)
			return
		}
		_, _ = io.WriteString(w, `{"status":"ok","store":"ok","version":"test"}`)
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithRetries(1))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	h, err := c.Health(t.Context())
	elapsed := time.Since(start)
	if err != nil {
		t.Fatalf("Health: %v", err)
	}
	if got, want := h.Status, "ok"; got != want {
		t.Errorf("status: got %q; want %q", got, want)
	}
	if got, want := hits.Load(), int32(2); got != want {
		t.Errorf("requests: got %d; want %d", got, want)
	}
	if elapsed < time.Second {
		t.Errorf("elapsed: got %s; want >= 1s (Retry-After)", elapsed)
	}
}

// TestRetryPolicy: which answers are retried and how often the server is
// asked, with one retry allowed.
func TestRetryPolicy(t *testing.T) {
	tests := []struct {
		status   int
		wantHits int32
	}{
		{http.StatusBadGateway, 2},
		{http.StatusServiceUnavailable, 2},
		{http.StatusGatewayTimeout, 2},
		{http.StatusTooManyRequests, 2},
		{http.StatusBadRequest, 1},
		{http.StatusUnauthorized, 1},
		{http.StatusNotFound, 1},
		{http.StatusConflict, 1},
		{http.StatusUnprocessableEntity, 1},
		{http.StatusInternalServerError, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.status), func(t *testing.T) {
			var hits atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				w.Header().Set("Retry-After", "0")
				w.WriteHeader(tt.status)
				_, _ = fmt.Fprintf(w, `{"detail":"no","status":%d,"type":"t","request_id":"r"}`, tt.status)
			}))
			defer srv.Close()
			c, err := New(srv.URL, WithRetries(1))
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Status(t.Context())
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Status error: got %v; want an *Error", err)
			}
			if got := e.Status; got != tt.status {
				t.Errorf("Error.Status: got %d; want %d", got, tt.status)
			}
			if got := hits.Load(); got != tt.wantHits {
				t.Errorf("requests: got %d; want %d", got, tt.wantHits)
			}
		})
	}
}

func TestBackoff(t *testing.T) {
	resp := func(status int, retryAfter string) *http.Response {
		h := http.Header{}
		if retryAfter != "" {
			h.Set("Retry-After", retryAfter)
		}
		return &http.Response{StatusCode: status, Header: h}
	}
	tests := []struct {
		name    string
		attempt int
		resp    *http.Response
		want    time.Duration
	}{
		{"429 Retry-After 1", 0, resp(429, "1"), time.Second},
		{"503 Retry-After 2", 3, resp(503, "2"), 2 * time.Second},
		{"429 Retry-After capped", 0, resp(429, "3600"), MaxRetryWait},
		{"429 no Retry-After", 0, resp(429, ""), retryWaitMin},
		{"502 ignores Retry-After", 1, resp(502, "30"), 2 * retryWaitMin},
		{"network error", 2, nil, 4 * retryWaitMin},
		{"bounded", 20, nil, retryWaitMax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := backoff(retryWaitMin, retryWaitMax, tt.attempt, tt.resp); got != tt.want {
				t.Errorf("backoff: got %s; want %s", got, tt.want)
			}
		})
	}
}

func TestIdempotencyKeySent(t *testing.T) {
	keys := make(chan string, 3)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		keys <- r.Header.Get("Idempotency-Key")
		w.Header().Set("Idempotent-Replayed", "true")
		_, _ = io.WriteString(w, `{"sandbox":false,"passed":true,"blocks":[]}`)
	}))
	defer srv.Close()
	c, err := New(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	hex32 := regexp.MustCompile(`^[0-9a-f]{32}$`)
	var got []string
	for _, opts := range [][]CallOption{nil, nil, {WithIdempotencyKey("mine")}} {
		res, err := c.Fork(t.Context(), fork.Request{Profile: "skeptic"}, opts...)
		if err != nil {
			t.Fatalf("Fork: %v", err)
		}
		if !res.Replayed || !res.Passed {
			t.Errorf("Fork = %+v; want Replayed and Passed", res)
		}
		got = append(got, <-keys)
	}
	for _, k := range got[:2] {
		if !hex32.MatchString(k) {
			t.Errorf("Idempotency-Key: got %q; want 32 hex characters", k)
		}
	}
	if got[0] == got[1] {
		t.Errorf("two forks sent the same key %q; want a new one each", got[0])
	}
	if got, want := got[2], "mine"; got != want {
		t.Errorf("Idempotency-Key with WithIdempotencyKey: got %q; want %q", got, want)
	}
}

func TestNetworkError(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	c, err := New("http://"+addr, WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Health(context.Background())
	if err == nil {
		t.Fatal("Health on a closed port: got no error")
	}
	var e *Error
	if errors.As(err, &e) {
		t.Errorf("network error became an *Error: %v", e)
	}
	var ue *url.Error
	if !errors.As(err, &ue) {
		t.Errorf("error %v: want a *url.Error inside", err)
	}
}

func TestNewRejectsBadBaseURL(t *testing.T) {
	for _, base := range []string{"", "localhost:8080", "ftp://example.com", "http://", "://x"} {
		if _, err := New(base); err == nil {
			t.Errorf("New(%q): got no error; want one", base)
		}
	}
	c, err := New("http://example.com/marketing/")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.base.String(), "http://example.com/marketing"; got != want {
		t.Errorf("base: got %q; want %q", got, want)
	}
}

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{&Error{Status: 401, Type: "unauthorized", Detail: "no key", RequestID: "r1"}, "mfork: 401 unauthorized: no key [request r1]"},
		{&Error{Status: 429, Type: "rate_limited", Detail: "slow", RetryAfter: 2 * time.Second}, "mfork: 429 rate_limited: slow (retry after 2s)"},
		{&Error{Status: 422, Type: "validation_error", Items: []ValidationItem{{Loc: []any{"body", "profile"}, Msg: "bad"}}}, "mfork: 422 validation_error: profile: bad"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error(): got %q; want %q", got, tt.want)
		}
	}
}
