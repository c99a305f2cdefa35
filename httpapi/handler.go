// Package httpapi serves Marketing Fork's wire API as one http.Handler, so
// a Go service can mount it in its own mux:
//
//	h, err := httpapi.New(httpapi.Config{Forker: f, Store: st, Version: "1.2.0"})
//	...
//	mux.Handle("/marketing/", http.StripPrefix("/marketing", h))
//	defer h.Close(ctx)
//
// Every route answers JSON, but for the key page at /get-key and the
// authorization page at /oauth/authorize (HTML to a browser) and /metrics
// (Prometheus text to a scraper). A request that fails validation gets 422
// with the body FastAPI and Pydantic v2 write; the OAuth endpoints answer
// their own errors as RFC 6749 and RFC 7591 define them; every other error
// gets {"detail", "status", "type", "request_id"}. The routes, their inputs
// and their answers are described by the OpenAPI document served at
// /openapi.json.
//
// The Handler also mounts a minimal OAuth 2.1 authorization server
// (internal/oauth), so that an MCP client can connect without a person copying a
// key: the access tokens it issues are API keys.
package httpapi

import (
	"context"
	"errors"
	"fmt"
	"github.com/marketingfork/fork/internal/oauth"
	"html/template"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/store"
)

// Config configures a Handler. Forker and Store are required; every other
// field has a working zero value.
type Config struct {
	// Forker makes production forks: its Fetcher reads the callers' pages
	// and its Provider writes the forks. It must have a provider. Sandbox
	// forks never use it (they use the built-in rules provider on a sample
	// page), so a paid LLM provider here is never called by the sandbox.
	Forker *fork.Forker
	// Store keeps API keys (hashed), idempotency records, rate-limit
	// windows, metrics counters and OAuth clients: store/sqlite.Open,
	// store/postgres.Open or store/memory.New, or any store.Store that
	// passes store/storetest. The Handler does not close it.
	Store store.Store
	// BaseURL is the API's external address, such as
	// "https://api.example.com" or "https://example.com/marketing", used
	// in links, WWW-Authenticate and the RFC 9728 metadata. When empty it
	// is derived per request from the Host header, X-Forwarded-Proto and
	// the prefix the Handler is mounted under; set it when the server sits
	// behind a proxy that rewrites those.
	BaseURL string
	// Version is the server's version, reported by /health and /v1/status.
	Version string
	// Logger receives the access log and the causes of server errors.
	// Nil discards them.
	Logger *slog.Logger
	// Now is the clock for rate-limit windows, idempotency records, key
	// creation times and uptime. Nil means time.Now; tests pass a fixed
	// clock.
	Now func() time.Time
	// Limits are the per-key and per-address quotas.
	Limits Limits
	// MaxBody caps every request body, in bytes; larger bodies get 413.
	// Zero means 1 MB.
	MaxBody int64
	// Fetcher reads the page of a keyed fork of a URL, so the fork is made
	// from, and kept with, the very bytes fetched: its exports locate their
	// selectors on that page. Give it the fetcher the Forker was built
	// with (fork.WithFetcher). When nil, the Forker fetches the page
	// itself and the fork is kept without it: its page, result and drift
	// check are served, its exports are not.
	Fetcher fork.Fetcher
	// KeepForks is how long a keyed fork is kept (GET /v1/forks/{id}, its
	// page, exports and drift check); zero means 30 days. Sandbox forks
	// are never kept.
	KeepForks time.Duration
	// MaxForks bounds the forks this node runs at once, so that one heavy
	// key cannot take every core from the others: a keyed fork beyond it
	// waits up to ForkQueue for a slot, then is answered 503 server_busy
	// with Retry-After. Zero means twice GOMAXPROCS; negative, no bound.
	MaxForks int
	// ForkQueue is how long a fork waits for a slot; zero means 10 s.
	ForkQueue time.Duration
	// TrustProxy makes the Handler take the client's address from the last
	// entry of X-Forwarded-For (the one the trusted proxy added) instead of
	// the connection's peer. Enable it only behind a proxy that sets the
	// header, or any client can pick its own address and dodge the
	// per-address limit on issuing keys.
	TrustProxy bool
}

// Limits are quotas. A zero field takes its default; a negative field
// switches that limit off.
type Limits struct {
	// ForksPerMinute is how many production forks one key may request per
	// clock minute (UTC). Default 60.
	ForksPerMinute int
	// ForksPerDay is how many production forks one key may request per
	// UTC day. Default 1000.
	ForksPerDay int
	// KeysPerHour is how many API keys one client address may be issued
	// per clock hour, at /get-key and at the OAuth token endpoint together
	// (its access tokens are API keys). Default 10.
	KeysPerHour int
	// ClientsPerHour is how many OAuth clients one client address may
	// register per clock hour. Registration needs no credentials, so
	// without a limit anyone could fill the store with clients. Default 10.
	ClientsPerHour int
}

// Defaults of Config.
const (
	defaultForksPerMinute = 60
	defaultForksPerDay    = 1000
	defaultKeysPerHour    = 10
	defaultClientsPerHour = 10
	defaultMaxBody        = 1 << 20
)

// Handler serves the API. Build it with New and stop it with Close. It is
// safe for concurrent use.
type Handler struct {
	cfg     Config
	appPage appPage
	// forkSlots holds one token per fork running; nil when unbounded.
	forkSlots chan struct{}
	log       *slog.Logger
	now       func() time.Time
	store     store.Store
	forker    *fork.Forker
	started   time.Time

	mux     *http.ServeMux
	routes  []route
	allowed map[string][]string // path → methods, for 405 and the 404 listing

	sandbox *sandbox
	metrics *metrics

	mcpServer http.Handler
	askServer http.Handler
	profiles  []byte // the /v1/profiles body: static data, encoded once
	pages     *template.Template
	oauth     *oauth.Server

	// kept counts forks kept, so that expired ones are purged now and then.
	kept atomic.Uint64

	closeOnce sync.Once
	closeErr  error
}

// New returns a Handler for cfg and starts its metrics flusher; call Close
// to stop it.
func New(cfg Config) (*Handler, error) {
	if cfg.Forker == nil {
		return nil, errors.New("httpapi: Config.Forker is required")
	}
	if cfg.Forker.Provider() == nil {
		return nil, errors.New("httpapi: Config.Forker has no provider; build it with fork.WithProvider")
	}
	if cfg.Store == nil {
		return nil, errors.New("httpapi: Config.Store is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.KeepForks <= 0 {
		cfg.KeepForks = defaultKeepForks
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = defaultMaxBody
	}
	cfg.Limits.ForksPerMinute = orDefault(cfg.Limits.ForksPerMinute, defaultForksPerMinute)
	cfg.Limits.ForksPerDay = orDefault(cfg.Limits.ForksPerDay, defaultForksPerDay)
	cfg.Limits.KeysPerHour = orDefault(cfg.Limits.KeysPerHour, defaultKeysPerHour)
	cfg.Limits.ClientsPerHour = orDefault(cfg.Limits.ClientsPerHour, defaultClientsPerHour)

	pages, err := parsePages()
	if err != nil {
		return nil, fmt.Errorf("httpapi: %w", err)
	}
	info := cfg.Forker.Provider().Info()
	profiles, err := encodeJSON(profilesBody{Profiles: fork.Profiles(), Layers: fork.Layers(),
		Translation: translationInfo{Available: info.Translates, Provider: info.Name}})
	if err != nil {
		return nil, fmt.Errorf("httpapi: encode profiles: %w", err)
	}
	h := &Handler{
		cfg:      cfg,
		log:      cfg.Logger,
		now:      cfg.Now,
		store:    cfg.Store,
		forker:   cfg.Forker,
		started:  cfg.Now().UTC(),
		sandbox:  newSandbox(cfg.Forker.Provider(), cfg.Now),
		profiles: profiles,
		pages:    pages,
	}
	if h.mcpServer, err = h.newMCP(); err != nil {
		return nil, fmt.Errorf("httpapi: %w", err)
	}
	if h.askServer, err = h.newAsk(); err != nil {
		return nil, fmt.Errorf("httpapi: %w", err)
	}
	if h.oauth, err = oauth.New(oauth.Config{
		Store:              cfg.Store,
		BaseURL:            h.baseURL,
		LimitKeys:          h.limitKeys,
		LimitRegistrations: h.limitRegistrations,
		KeyIssued:          func(r *http.Request, id string) { stateOf(r).keyID = id },
		Now:                cfg.Now,
		Logger:             cfg.Logger,
	}); err != nil {
		return nil, fmt.Errorf("httpapi: %w", err)
	}
	h.metrics = newMetrics(cfg.Store, cfg.Logger)
	h.appPage = newAppPage()
	switch n := cfg.MaxForks; {
	case n == 0:
		h.forkSlots = make(chan struct{}, 2*runtime.GOMAXPROCS(0))
	case n > 0:
		h.forkSlots = make(chan struct{}, n)
	}
	h.register()
	return h, nil
}

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// Close stops the metrics flusher and writes the counts not yet flushed,
// so a restart loses none. It does not close the store. Calling it again
// returns the first call's result.
func (h *Handler) Close(ctx context.Context) error {
	h.closeOnce.Do(func() { h.closeErr = h.metrics.close(ctx) })
	return h.closeErr
}
