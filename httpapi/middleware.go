package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"path"
	"runtime/debug"
	"strings"
	"time"
)

// reqState is what the layers of one request tell each other: the request
// ID, the route label (set by the route's adapter), and the key once
// authenticated, for the access log and metrics.
type reqState struct {
	id    string
	route string
	keyID string
}

type stateKey struct{}

// stateOf returns the request's state; a request that did not come through
// ServeHTTP (a unit test calling a handler directly) gets a fresh one.
func stateOf(r *http.Request) *reqState {
	if st, ok := r.Context().Value(stateKey{}).(*reqState); ok {
		return st
	}
	return &reqState{}
}

// ServeHTTP runs the request through the middleware — request ID, CORS
// header, body cap, panic recovery, access log and metrics — and then the
// routes.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	st := &reqState{id: requestID(r.Header.Get("X-Request-Id"))}
	r = r.WithContext(context.WithValue(r.Context(), stateKey{}, st))
	rec := &recorder{ResponseWriter: w}

	hd := w.Header()
	hd.Set("X-Request-Id", st.id)
	// Any site may call the API from a browser, except where a page could
	// read what only its visitor should get: a new key (get-key, OAuth).
	if !credentialIssuing(r.URL.Path) {
		hd.Set("Access-Control-Allow-Origin", "*")
	}
	hd.Set("Access-Control-Expose-Headers", "X-Request-Id, RateLimit, RateLimit-Policy, Retry-After, Idempotent-Replayed, WWW-Authenticate")

	defer func() {
		p := recover()
		if p == nil {
			h.finish(r, rec, st, start)
			return
		}
		if p == http.ErrAbortHandler {
			panic(p)
		}
		h.log.LogAttrs(r.Context(), slog.LevelError, "panic",
			slog.String("request_id", st.id), slog.Any("panic", p), slog.String("stack", string(debug.Stack())))
		started := rec.wrote
		if !started {
			h.writeError(rec, r, fmt.Errorf("panic: %v", p))
		}
		h.finish(r, rec, st, start)
		if started {
			// Part of an answer is already out: abort the connection so
			// the client cannot take a truncated body for a whole one.
			panic(http.ErrAbortHandler)
		}
	}()

	if p := r.URL.Path; p != cleanPath(p) {
		// net/http's mux would redirect to the clean path, but to one
		// without the mount prefix, and a redirected POST arrives as a GET:
		// better to say plainly that the path is wrong.
		st.route = catchAll
		h.writeError(rec, r, errNotFound(r, h.endpoints(r)))
		return
	}
	if r.ContentLength > h.cfg.MaxBody {
		st.route = h.routeLabel(r)
		h.writeError(rec, r, &http.MaxBytesError{Limit: h.cfg.MaxBody})
		return
	}
	if r.Body != nil {
		r.Body = http.MaxBytesReader(rec, r.Body, h.cfg.MaxBody)
	}
	h.mux.ServeHTTP(rec, r)
}

// finish writes the access log line and counts the request.
func (h *Handler) finish(r *http.Request, rec *recorder, st *reqState, start time.Time) {
	if st.route == "" {
		st.route = h.routeLabel(r)
	}
	status := rec.status
	if status == 0 {
		status = http.StatusOK
	}
	attrs := []slog.Attr{
		slog.String("method", r.Method),
		slog.String("route", st.route),
		slog.String("path", r.URL.Path),
		slog.Int("status", status),
		slog.Duration("duration", time.Since(start)),
		slog.Int64("bytes", rec.bytes),
		slog.String("request_id", st.id),
	}
	if st.keyID != "" {
		attrs = append(attrs, slog.String("key_id", st.keyID))
	}
	h.log.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
	h.metrics.count(st.route, r.Method, status)
}

// routeLabel is the route pattern of a request that did not reach a route's
// handler (a body refused up front, a path the mux redirected), so that it
// still gets a bounded metrics label.
func (h *Handler) routeLabel(r *http.Request) string {
	_, pattern := h.mux.Handler(r)
	if _, path, ok := strings.Cut(pattern, " "); ok {
		pattern = path
	}
	if pattern == "" {
		return catchAll
	}
	return pattern
}

// cleanPath is the canonical form of p, as the mux computes it: no "." or
// ".." elements, no repeated slashes, a trailing slash kept.
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	np := path.Clean(p)
	if p[len(p)-1] == '/' && np != "/" {
		np += "/"
	}
	return np
}

// requestID keeps a client's X-Request-Id when it is short and plain (so it
// can be logged and echoed safely) and makes a new one otherwise.
func requestID(given string) string {
	if given != "" && len(given) <= 64 && strings.IndexFunc(given, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-')
	}) < 0 {
		return given
	}
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return "req_" + hex.EncodeToString(b[:])
}

// recorder remembers the status and size of the answer for the access log
// and metrics, and whether anything has been written.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	wrote  bool
}

func (w *recorder) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *recorder) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Flush passes a flush through, so streamed answers (the MCP server's and
// /ask's Server-Sent Events) reach the client frame by frame even from code
// that asks for an http.Flusher rather than a ResponseController.
func (w *recorder) Flush() {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// credentialIssuing reports whether a path issues keys or OAuth grants: a
// cross-origin page must not read those answers, or any site could farm
// keys through its visitors' addresses and their per-address limits.
func credentialIssuing(p string) bool {
	return strings.HasSuffix(p, "/get-key") || strings.Contains(p, "/oauth/")
}
