package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/httpapi"
	"github.com/marketingfork/fork/internal/fetch"
	"github.com/marketingfork/fork/provider/rules"
	"github.com/marketingfork/fork/store"
	"github.com/marketingfork/fork/store/postgres"
	"github.com/marketingfork/fork/store/sqlite"
)

// version is the server's version, reported by /health and /v1/status.
const version = "1.0.0"

// defaultDB is where the embedded store lives unless told otherwise.
const defaultDB = "sqlite:./data/mfork.db"

// serveConfig is everything serve needs, from flags and environment.
type serveConfig struct {
	addr         string
	db           string
	baseURL      string
	allowPrivate bool
	allowHosts   []fork.HostPort
	onlyAllowed  bool
	maxForks     int
	trustProxy   bool
	logFormat    string
	shutdown     time.Duration
	dbWait       time.Duration
	limits       httpapi.Limits
	keepForks    time.Duration
	provider     *providerConfig
}

// env returns the environment variable's value, or def when it is unset.
func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

func envBool(name string) bool {
	v := strings.ToLower(os.Getenv(name))
	return v == "1" || v == "true" || v == "yes"
}

func parseServe(args []string) (serveConfig, error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var c serveConfig
	fs.StringVar(&c.addr, "addr", env("MFORK_ADDR", "127.0.0.1:8080"), "listen address (MFORK_ADDR); loopback unless told otherwise, :8080 for every interface")
	addDBFlag(fs, &c.db)
	fs.StringVar(&c.baseURL, "base-url", env("MFORK_BASE_URL", ""), "external base URL for links and metadata (MFORK_BASE_URL)")
	fs.BoolVar(&c.allowPrivate, "allow-private", envBool("MFORK_ALLOW_PRIVATE"), "allow forking pages on loopback and private addresses (MFORK_ALLOW_PRIVATE; local use only; cloud metadata stays refused)")
	allowHosts := fs.String("allow-hosts", env("MFORK_ALLOW_HOSTS", ""), "comma-separated local page servers to allow, such as localhost:8000 (MFORK_ALLOW_HOSTS)")
	fs.BoolVar(&c.onlyAllowed, "only-allow-hosts", envBool("MFORK_ONLY_ALLOW_HOSTS"), "fork pages only from the --allow-hosts hosts, refusing every other (MFORK_ONLY_ALLOW_HOSTS)")
	fs.BoolVar(&c.trustProxy, "trust-proxy", envBool("MFORK_TRUST_PROXY"), "take client addresses from X-Forwarded-For (MFORK_TRUST_PROXY)")
	fs.StringVar(&c.logFormat, "log-format", env("MFORK_LOG_FORMAT", "text"), "log format: text or json (MFORK_LOG_FORMAT)")
	fs.DurationVar(&c.shutdown, "shutdown-timeout", 30*time.Second, "how long to drain requests in flight on SIGTERM")
	fs.DurationVar(&c.keepForks, "keep-forks", envDuration("MFORK_KEEP_FORKS", 30*24*time.Hour), "how long keyed forks are kept for GET /v1/forks/{id}, their page, exports and drift check (MFORK_KEEP_FORKS)")
	fs.DurationVar(&c.dbWait, "db-wait", 30*time.Second, "how long to wait at start for a database that cannot be reached yet")
	c.provider = addProviderFlags(fs)
	fs.IntVar(&c.limits.ForksPerMinute, "forks-per-minute", envInt("MFORK_FORKS_PER_MINUTE", 60), "fork requests per key per minute; -1 for no limit (MFORK_FORKS_PER_MINUTE)")
	fs.IntVar(&c.limits.ForksPerDay, "forks-per-day", envInt("MFORK_FORKS_PER_DAY", 1000), "fork requests per key per day; -1 for no limit (MFORK_FORKS_PER_DAY)")
	fs.IntVar(&c.maxForks, "max-forks", envInt("MFORK_MAX_FORKS", 0), "forks run at once on this node, beyond which a keyed fork waits up to 10 s and is then answered 503 server_busy; 0 for twice the cores, -1 for no bound (MFORK_MAX_FORKS)")
	fs.IntVar(&c.limits.KeysPerHour, "keys-per-hour", envInt("MFORK_KEYS_PER_HOUR", 10), "keys issued per client address per hour (MFORK_KEYS_PER_HOUR)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return c, err
	}
	if len(pos) > 0 {
		return c, fmt.Errorf("%w: serve takes no arguments (got %q)", errUsage, pos[0])
	}
	if c.logFormat != "text" && c.logFormat != "json" {
		return c, fmt.Errorf("%w: --log-format must be text or json", errUsage)
	}
	if c.allowHosts, err = fork.ParseHostPorts(*allowHosts); err != nil {
		return c, fmt.Errorf("%w: --allow-hosts: %v", errUsage, err)
	}
	return c, nil
}

// addDBFlag adds --db, defaulting to MFORK_DB. --help prints the default,
// so a password in it is shown as xxxxx.
func addDBFlag(fs *flag.FlagSet, db *string) {
	fs.StringVar(db, "db", env("MFORK_DB", defaultDB), "store: sqlite:PATH, or postgres://USER:PASSWORD@HOST:PORT/DB for several nodes (MFORK_DB)")
	fs.Lookup("db").DefValue = redactDB(*db)
}

// redactDB hides the password of a database URL or key=value string.
func redactDB(spec string) string {
	if u, err := url.Parse(spec); err == nil && u.User != nil {
		return u.Redacted()
	}
	return dbPassword.ReplaceAllString(spec, "${1}xxxxx")
}

var dbPassword = regexp.MustCompile(`(password\s*=\s*)('[^']*'|\S+)`)

// openStoreWait opens the store, waiting up to wait for a database that
// cannot be reached yet (nodes and database started together): each try
// is logged, and the last error returned.
func openStoreWait(ctx context.Context, spec string, wait time.Duration, logger *slog.Logger) (store.Store, error) {
	deadline := time.Now().Add(wait)
	for delay := 250 * time.Millisecond; ; delay = min(2*delay, 4*time.Second) {
		st, err := openStore(ctx, spec)
		if err == nil || !errors.Is(err, store.ErrUnavailable) || time.Now().Add(delay).After(deadline) {
			return st, err
		}
		logger.Warn("store unavailable; trying again", "error", err.Error(), "in", delay.String())
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(delay):
		}
	}
}

// openStore opens the store a --db value names.
func openStore(ctx context.Context, spec string) (store.Store, error) {
	switch {
	case strings.HasPrefix(spec, "sqlite:"):
		path := strings.TrimPrefix(spec, "sqlite:")
		if path == "" {
			return nil, fmt.Errorf("%w: --db sqlite: needs a path, as in sqlite:./data/mfork.db", errUsage)
		}
		return sqlite.Open(ctx, path)
	case strings.HasPrefix(spec, "postgres://"), strings.HasPrefix(spec, "postgresql://"):
		return postgres.Open(ctx, spec)
	}
	// The value may be a URL with a password in it: never echo it.
	return nil, fmt.Errorf("%w: --db must be sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DB", errUsage)
}

func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c, err := parseServe(args)
	if err != nil {
		return err
	}
	var lh slog.Handler = slog.NewTextHandler(stderr, nil)
	if c.logFormat == "json" {
		lh = slog.NewJSONHandler(stderr, nil)
	}
	logger := slog.New(lh)

	st, err := openStoreWait(ctx, c.db, c.dbWait, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	opts, provider, err := c.provider.forkerOptions()
	if err != nil {
		return err
	}
	// One fetcher for the Forker and the Handler: a kept fork is made
	// from, and kept with, the page fetched under the same rules.
	fetcher := fetch.New(fetch.Config{AllowPrivate: c.allowPrivate, AllowHosts: c.allowHosts, OnlyAllowHosts: c.onlyAllowed})
	// Plans name the page's material for the profile whichever provider
	// writes: the built-in engine is the one owner of that judgement.
	forker := fork.New(append(opts, fork.WithFetcher(fetcher), fork.WithMaterialFinder(rules.New()))...)
	h, err := httpapi.New(httpapi.Config{
		Forker: forker, Fetcher: fetcher, Store: st, BaseURL: c.baseURL, Version: version,
		Logger: logger, TrustProxy: c.trustProxy, Limits: c.limits, KeepForks: c.keepForks, MaxForks: c.maxForks,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", c.addr, err)
	}
	// The errors net/http writes itself (a malformed header's 400, a 431)
	// in the API's JSON shape too.
	ln = httpapi.Listener(ln)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		// A fork fetches for up to 10 s and rewrites after, within the
		// rewrite budget: a minute is ample for the default budget and
		// still frees a stuck connection; a longer budget (a local
		// model) gets room for itself and the fetch.
		WriteTimeout:   max(60*time.Second, c.provider.rewriteTimeout+20*time.Second),
		IdleTimeout:    120 * time.Second,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(lh, slog.LevelWarn),
	}
	fmt.Fprintf(stdout, "mfork %s listening on http://%s (store %s)\n", version, ln.Addr(), st.Kind())
	logger.Info("listening", "addr", ln.Addr().String(), "store", st.Kind(), "allow_private", c.allowPrivate, "allow_hosts", fmt.Sprint(c.allowHosts), "provider", provider.Info().Name)

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		h.Close(context.Background())
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down: draining requests in flight", "timeout", c.shutdown.String())
	sctx, cancel := context.WithTimeout(context.Background(), c.shutdown)
	defer cancel()
	err = srv.Shutdown(sctx)
	if cerr := h.Close(sctx); err == nil {
		err = cerr
	}
	if e := <-served; e != nil && !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	if err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	logger.Info("stopped")
	return nil
}
