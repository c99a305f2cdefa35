package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/apikey"
	"github.com/marketingfork/fork/provider/rules"
	"github.com/marketingfork/fork/store"
	"github.com/marketingfork/fork/store/sqlite"
)

// testPage is a small landing page of our own, served on loopback for the
// production forks in these tests.
const testPage = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Brightnote | Meeting notes that write themselves</title>
  <meta name="description" content="Brightnote records your calls and writes the notes. $9 a month, free for 30 days.">
</head>
<body>
  <section class="hero">
    <h1>Never take meeting notes again</h1>
    <p>Brightnote listens to your calls and sends everyone a summary within 5 minutes.</p>
    <a class="btn" href="https://brightnote.example/signup">Start your free month</a>
  </section>
  <section>
    <h2>What you get</h2>
    <ul>
      <li>Summaries in 12 languages</li>
      <li>Action items sent to Slack and e-mail</li>
      <li>Search across every call you have recorded</li>
    </ul>
    <div class="price">$9 per month</div>
    <p class="guarantee">Cancel any time in the first 30 days and pay nothing.</p>
    <a class="btn" href="https://brightnote.example/signup#plans">See the plans</a>
  </section>
</body>
</html>
`

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// spyStore is the real SQLite store with calls counted, a switch that
// makes Ping panic, and one that makes key lookups and key creation fail
// as a database that cannot be reached does. Otherwise it changes nothing
// the store does.
type spyStore struct {
	store.Store
	keyLookups, hits, begins, finishes, abandons, creates atomic.Int64
	panicPing, down                                       atomic.Bool
}

// errDown is what a store that cannot reach its database reports.
var errDown = fmt.Errorf("test: dial tcp 10.0.0.5:5432: connection refused: %w", store.ErrUnavailable)

func (s *spyStore) KeyByHash(ctx context.Context, hash []byte) (store.Key, error) {
	s.keyLookups.Add(1)
	if s.down.Load() {
		return store.Key{}, errDown
	}
	return s.Store.KeyByHash(ctx, hash)
}

func (s *spyStore) Hit(ctx context.Context, bucket string, window time.Time) (int64, error) {
	s.hits.Add(1)
	return s.Store.Hit(ctx, bucket, window)
}

func (s *spyStore) BeginIdem(ctx context.Context, scope, key string, h []byte, now time.Time, ttl time.Duration) (store.Idem, bool, error) {
	s.begins.Add(1)
	return s.Store.BeginIdem(ctx, scope, key, h, now, ttl)
}

func (s *spyStore) FinishIdem(ctx context.Context, scope, key string, status int, ct string, body []byte) error {
	s.finishes.Add(1)
	return s.Store.FinishIdem(ctx, scope, key, status, ct, body)
}

func (s *spyStore) AbandonIdem(ctx context.Context, scope, key string) error {
	s.abandons.Add(1)
	return s.Store.AbandonIdem(ctx, scope, key)
}

func (s *spyStore) CreateKey(ctx context.Context, k store.Key) error {
	s.creates.Add(1)
	if s.down.Load() {
		return errDown
	}
	return s.Store.CreateKey(ctx, k)
}

func (s *spyStore) Ping(ctx context.Context) error {
	if s.panicPing.Load() {
		panic("test: ping panics")
	}
	return s.Store.Ping(ctx)
}

// writes counts the store writes other than metrics.
func (s *spyStore) writes() int64 {
	return s.hits.Load() + s.begins.Load() + s.finishes.Load() + s.abandons.Load() + s.creates.Load()
}

// env is a Handler on a real listener over a real SQLite file, with a page
// server on loopback.
type env struct {
	t      *testing.T
	h      *Handler
	srv    *httptest.Server
	pages  *httptest.Server
	db     string
	sqlite *sqlite.Store
	store  *spyStore
	clock  *clock
	prefix string // where the Handler is mounted in srv ("" or "/marketing")
	doc    *openAPIChecker
}

type envOption func(*Config, *env)

// withForker replaces the test Forker.
func withForker(f *fork.Forker) envOption { return func(c *Config, _ *env) { c.Forker = f } }

func withLimits(l Limits) envOption { return func(c *Config, _ *env) { c.Limits = l } }

func withMaxBody(n int64) envOption { return func(c *Config, _ *env) { c.MaxBody = n } }

// rulesProvider is shared by the tests: it is safe for concurrent use and
// slow to build.
var rulesProvider = sync.OnceValue(rules.New)

var start = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)

// newEnv starts a Handler. The default Forker uses the rules provider and
// may fetch from loopback (the page server); pageHandler serves its pages.
func newEnv(t *testing.T, pageHandler http.Handler, opts ...envOption) *env {
	t.Helper()
	e := &env{t: t, clock: &clock{t: start}, db: filepath.Join(t.TempDir(), "mfork.db")}
	if pageHandler == nil {
		pageHandler = pageMux(nil)
	}
	e.pages = httptest.NewServer(pageHandler)
	t.Cleanup(e.pages.Close)
	e.open()
	cfg := Config{
		Forker:  fork.New(fork.WithProvider(rulesProvider()), fork.WithAllowPrivate(true), fork.WithFetchTimeout(5*time.Second)),
		Store:   e.store,
		Version: "test",
		Now:     e.clock.Now,
		Limits:  Limits{ForksPerMinute: 1000, ForksPerDay: 10000, KeysPerHour: 1000},
	}
	for _, o := range opts {
		o(&cfg, e)
	}
	h, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	e.h = h
	var root http.Handler = h
	if e.prefix != "" {
		mux := http.NewServeMux()
		mux.Handle(e.prefix+"/", http.StripPrefix(e.prefix, h))
		mux.HandleFunc("GET /other", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "other route") })
		root = mux
	}
	e.srv = httptest.NewServer(root)
	e.doc = newOpenAPIChecker(t)
	t.Cleanup(func() {
		e.srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = e.h.Close(ctx) // fails by design in tests that close the store
		_ = e.sqlite.Close()
	})
	return e
}

// open opens the SQLite file (again).
func (e *env) open() {
	st, err := sqlite.Open(context.Background(), e.db)
	if err != nil {
		e.t.Fatalf("sqlite.Open: %v", err)
	}
	e.sqlite = st
	e.store = &spyStore{Store: st}
}

// pageMux serves the test pages; block, when set, holds /block until it
// is closed.
func pageMux(block chan struct{}) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, testPage)
	})
	mux.HandleFunc("/no-copy", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!DOCTYPE html><html lang="en"><head><title></title></head><body><nav><a href="/">Home</a></nav></body></html>`)
	})
	mux.HandleFunc("/deep", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<title>Deep</title>"+strings.Repeat("<div>", 600)+"<h1>Deep down</h1>"+strings.Repeat("</div>", 600))
	})
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "just text")
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	mux.HandleFunc("/block", func(w http.ResponseWriter, r *http.Request) {
		if block != nil {
			select {
			case <-block:
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, testPage)
	})
	mux.HandleFunc("/", http.NotFound)
	return mux
}

func (e *env) pageURL(path string) string { return e.pages.URL + path }

// newKey issues a key straight into the store.
func (e *env) newKey() (string, store.Key) {
	e.t.Helper()
	key, rec, err := apikey.New()
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.sqlite.CreateKey(context.Background(), rec); err != nil {
		e.t.Fatal(err)
	}
	return key, rec
}

// unknownKey is a well-formed key the store has never seen.
func unknownKey(t *testing.T) string {
	t.Helper()
	key, _, err := apikey.New()
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// response is an answer as the tests read it.
type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t *testing.T) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("body is not a JSON object: %v\n%s", err, r.body)
	}
	return v
}

// do sends a request to the Handler and checks the answer against the
// OpenAPI document: its status must be declared for the operation and a
// JSON body must match the declared schema.
func (e *env) do(method, path string, body string, headers ...string) response {
	e.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.srv.URL+e.prefix+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return e.send(req)
}

func (e *env) send(req *http.Request) response {
	e.t.Helper()
	res, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	resp := response{status: res.StatusCode, header: res.Header, body: b}
	path := strings.TrimPrefix(req.URL.Path, e.prefix)
	e.doc.check(e.t, req.Method, path, resp)
	return resp
}

// wantStatus fails the test when the status differs, showing the body.
func wantStatus(t *testing.T, r response, want int) {
	t.Helper()
	if r.status != want {
		t.Fatalf("status = %d; want %d\nbody: %s", r.status, want, r.body)
	}
}

// wantBody compares the whole JSON body.
func wantBody(t *testing.T, r response, want string) {
	t.Helper()
	var got, w any
	if err := json.Unmarshal(r.body, &got); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, r.body)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want is not JSON: %v", err)
	}
	if diff := cmp.Diff(w, got); diff != "" {
		t.Errorf("body mismatch (-want +got):\n%s", diff)
	}
}

// errorJSON is the common error body for a status, type and detail, with
// the request ID the answer carried.
func errorJSON(r response, status int, typ, detail string) string {
	b, _ := json.Marshal(map[string]any{"detail": detail, "status": status, "type": typ, "request_id": r.header.Get("X-Request-Id")})
	return string(b)
}

// metricsNow reads /metrics as JSON.
func (e *env) metricsNow() metricsBody {
	e.t.Helper()
	r := e.do("GET", "/metrics", "")
	wantStatus(e.t, r, http.StatusOK)
	var m metricsBody
	if err := json.Unmarshal(r.body, &m); err != nil {
		e.t.Fatal(err)
	}
	return m
}

// count finds an endpoint counter.
func (m metricsBody) count(route, method, class string) int64 {
	for _, e := range m.Endpoints {
		if e.Route == route && e.Method == method && e.Class == class {
			return e.Count
		}
	}
	return 0
}

func isJSON(ct string) bool {
	mt, _, _ := mime.ParseMediaType(ct)
	return mt == "application/json"
}
