package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/marketingfork/fork/store"
)

// flushEvery is how often counts go from memory to the store. Requests
// only add to memory, so none waits on a store write for its metrics.
const flushEvery = 2 * time.Second

// Events are counters that are not requests: forks made, replayed, keys
// issued. They share the store's metrics table with the endpoint counters,
// told apart by a route that is not a path and the class "event".
const (
	eventClass          = "event"
	eventForkProduction = "fork/production"
	eventForkSandbox    = "fork/sandbox"
	eventForkReplayed   = "fork/replayed"
)

// methodLabel bounds the method label: the catch-all answers any method a
// client invents, and each must not become a new counter.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions:
		return method
	}
	return "OTHER"
}

type rowKey struct{ route, method, class string }

// metrics counts requests and events in memory and flushes them to the
// store every flushEvery, and once more on close.
type metrics struct {
	store store.Store
	log   *slog.Logger

	mu      sync.Mutex
	pending map[rowKey]int64

	// flushMu makes a flush and a read of store-plus-pending exclusive, so
	// a count is never seen twice (in the store and still pending) or not
	// at all (taken from pending, not yet in the store).
	flushMu sync.Mutex

	stop chan struct{}
	done chan struct{}
}

func newMetrics(st store.Store, log *slog.Logger) *metrics {
	m := &metrics{store: st, log: log, pending: map[rowKey]int64{}, stop: make(chan struct{}), done: make(chan struct{})}
	go m.run()
	return m
}

func (m *metrics) run() {
	defer close(m.done)
	t := time.NewTicker(flushEvery)
	defer t.Stop()
	for {
		select {
		case <-m.stop:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), flushEvery)
			if err := m.flush(ctx); err != nil {
				m.log.LogAttrs(ctx, slog.LevelError, "flush metrics", slog.String("error", err.Error()))
			}
			cancel()
		}
	}
}

// close stops the flusher and flushes what is left.
func (m *metrics) close(ctx context.Context) error {
	close(m.stop)
	select {
	case <-m.done:
	case <-ctx.Done():
		return ctx.Err()
	}
	return m.flush(ctx)
}

// count adds one answered request.
func (m *metrics) count(route, method string, status int) {
	m.add(rowKey{route, methodLabel(method), strconv.Itoa(status/100) + "xx"})
}

// event adds one event.
func (m *metrics) event(name string) {
	subject, what, _ := strings.Cut(name, "/")
	m.add(rowKey{subject, what, eventClass})
}

func (m *metrics) add(k rowKey) {
	m.mu.Lock()
	m.pending[k]++
	m.mu.Unlock()
}

// flush writes the pending counts; on failure they go back to pending, so a
// store outage delays counts instead of losing them.
func (m *metrics) flush(ctx context.Context) error {
	m.flushMu.Lock()
	defer m.flushMu.Unlock()
	m.mu.Lock()
	taken := m.pending
	m.pending = map[rowKey]int64{}
	m.mu.Unlock()
	if len(taken) == 0 {
		return nil
	}
	rows := make([]store.MetricRow, 0, len(taken))
	for k, n := range taken {
		rows = append(rows, store.MetricRow{Route: k.route, Method: k.method, Class: k.class, Count: n})
	}
	if err := m.store.AddMetrics(ctx, rows); err != nil {
		m.mu.Lock()
		for k, n := range taken {
			m.pending[k] += n
		}
		m.mu.Unlock()
		return fmt.Errorf("add metrics: %w", err)
	}
	return nil
}

// snapshot returns the store's counters with the pending counts added,
// ordered by route, method and class.
func (m *metrics) snapshot(ctx context.Context) ([]store.MetricRow, error) {
	m.flushMu.Lock()
	defer m.flushMu.Unlock()
	rows, err := m.store.Metrics(ctx)
	if err != nil {
		return nil, fmt.Errorf("read metrics: %w", err)
	}
	total := map[rowKey]int64{}
	for _, r := range rows {
		total[rowKey{r.Route, r.Method, r.Class}] += r.Count
	}
	m.mu.Lock()
	for k, n := range m.pending {
		total[k] += n
	}
	m.mu.Unlock()
	out := make([]store.MetricRow, 0, len(total))
	for k, n := range total {
		out = append(out, store.MetricRow{Route: k.route, Method: k.method, Class: k.class, Count: n})
	}
	slices.SortFunc(out, func(a, b store.MetricRow) int {
		return strings.Compare(a.Route+"\x00"+a.Method+"\x00"+a.Class, b.Route+"\x00"+b.Method+"\x00"+b.Class)
	})
	return out, nil
}

// metricsBody is GET /metrics's JSON answer.
type metricsBody struct {
	// Endpoints are the request counts by route pattern, method and status
	// class.
	Endpoints []endpointCount `json:"endpoints"`
	// Forks counts the forks made.
	Forks forkCounts `json:"forks"`
	// KeysIssued counts the API keys ever issued, at /get-key or with the
	// CLI: the store's own count, durable across a crash.
	KeysIssued int64 `json:"keys_issued"`
}

// endpointCount is one request counter.
type endpointCount struct {
	Route  string `json:"route"`
	Method string `json:"method"`
	Class  string `json:"class"`
	Count  int64  `json:"count"`
}

// forkCounts count forks by how they were answered.
type forkCounts struct {
	// Production forks were made of a caller's page.
	Production int64 `json:"production"`
	// Sandbox forks were sample output.
	Sandbox int64 `json:"sandbox"`
	// Replayed answers were stored answers to a repeated Idempotency-Key.
	Replayed int64 `json:"replayed"`
}

// report reads the counters into the /metrics body.
func (m *metrics) report(ctx context.Context) (metricsBody, error) {
	rows, err := m.snapshot(ctx)
	if err != nil {
		return metricsBody{}, err
	}
	body := metricsBody{Endpoints: []endpointCount{}}
	for _, r := range rows {
		if r.Class != eventClass {
			body.Endpoints = append(body.Endpoints, endpointCount{Route: r.Route, Method: r.Method, Class: r.Class, Count: r.Count})
			continue
		}
		switch r.Route + "/" + r.Method {
		case eventForkProduction:
			body.Forks.Production += r.Count
		case eventForkSandbox:
			body.Forks.Sandbox += r.Count
		case eventForkReplayed:
			body.Forks.Replayed += r.Count
		}
	}
	// Keys issued is the store's own count of keys: written with the key,
	// so it survives a kill -9 and counts the keys the CLI made too.
	n, err := m.store.CountKeys(ctx)
	if err != nil {
		return metricsBody{}, err
	}
	body.KeysIssued = n
	return body, nil
}

// metricsReport handles GET /metrics: JSON, or the Prometheus text format
// when the Accept header prefers text/plain (as a Prometheus scraper's
// does).
func (h *Handler) metricsReport(w http.ResponseWriter, r *http.Request) error {
	body, err := h.metrics.report(r.Context())
	if err != nil {
		return err
	}
	accept := r.Header.Get("Accept")
	text := max(acceptQ(accept, "text/plain"), acceptQ(accept, "application/openmetrics-text"))
	if text > acceptQ(accept, "application/json") {
		reply{status: http.StatusOK, contentType: "text/plain; version=0.0.4; charset=utf-8", body: prometheus(body)}.write(w)
		return nil
	}
	return writeJSON(w, http.StatusOK, body)
}

// prometheus writes body in the Prometheus text exposition format 0.0.4.
func prometheus(body metricsBody) []byte {
	var b strings.Builder
	b.WriteString("# HELP mfork_http_requests_total Requests answered, by route pattern, method and status class.\n")
	b.WriteString("# TYPE mfork_http_requests_total counter\n")
	for _, e := range body.Endpoints {
		fmt.Fprintf(&b, "mfork_http_requests_total{route=%s,method=%s,class=%s} %d\n", promLabel(e.Route), promLabel(e.Method), promLabel(e.Class), e.Count)
	}
	b.WriteString("# HELP mfork_forks_total Forks answered, by mode.\n")
	b.WriteString("# TYPE mfork_forks_total counter\n")
	fmt.Fprintf(&b, "mfork_forks_total{mode=\"production\"} %d\n", body.Forks.Production)
	fmt.Fprintf(&b, "mfork_forks_total{mode=\"sandbox\"} %d\n", body.Forks.Sandbox)
	fmt.Fprintf(&b, "mfork_forks_total{mode=\"replayed\"} %d\n", body.Forks.Replayed)
	b.WriteString("# HELP mfork_keys_issued_total API keys issued, at /get-key or with the CLI.\n")
	b.WriteString("# TYPE mfork_keys_issued_total counter\n")
	fmt.Fprintf(&b, "mfork_keys_issued_total %d\n", body.KeysIssued)
	return []byte(b.String())
}

// promLabel quotes a label value with the format's three escapes.
func promLabel(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(v) + `"`
}
