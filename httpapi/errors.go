package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/store"
)

// apiError is an error that knows its HTTP answer. Detail is what the
// client reads; cause is what the log gets. They are kept apart so that an
// internal message (a SQL error, a provider's raw reply) never reaches a
// client.
type apiError struct {
	status    int
	typ       string
	detail    string
	cause     error
	header    http.Header
	endpoints []endpoint // 404 only
}

func (e *apiError) Error() string {
	if e.cause != nil {
		return e.detail + ": " + e.cause.Error()
	}
	return e.detail
}

func (e *apiError) Unwrap() error { return e.cause }

// invalidError is a 422: the problems, as FastAPI with Pydantic v2 lists
// them.
type invalidError struct{ items []item }

func (e *invalidError) Error() string {
	msgs := make([]string, len(e.items))
	for i, it := range e.items {
		msgs[i] = fmt.Sprint(it.Loc) + ": " + it.Msg
	}
	return "invalid request: " + strings.Join(msgs, "; ")
}

// item is one entry of a 422's detail, field for field what Pydantic v2's
// errors(include_url=False) gives and FastAPI writes, in the same order.
// Input is always present (null when there is none), ctx only when set.
type item struct {
	Type  string         `json:"type"`
	Loc   []any          `json:"loc"`
	Msg   string         `json:"msg"`
	Input any            `json:"input"`
	Ctx   map[string]any `json:"ctx,omitempty"`
}

// forkFailure carries a failed fork's error with the request it was for,
// so the mapping can name the offending input (the url, or the inline html,
// or the target language).
type forkFailure struct {
	err error
	req fork.Request
}

func (e *forkFailure) Error() string { return e.err.Error() }
func (e *forkFailure) Unwrap() error { return e.err }

// errorBody is the body of every error answer but a 422: the same fields
// everywhere, so a client needs one error type.
type errorBody struct {
	// Detail says what went wrong, in words for people.
	Detail string `json:"detail"`
	// Status repeats the HTTP status code.
	Status int `json:"status"`
	// Type is a short machine-readable code ("unauthorized").
	Type string `json:"type"`
	// RequestID is the request's X-Request-Id, to quote in a report.
	RequestID string `json:"request_id"`
}

// notFoundBody is a 404's body: the error fields and the real endpoints.
type notFoundBody struct {
	errorBody
	// Endpoints are the routes that exist, with their methods.
	Endpoints []endpoint `json:"endpoints"`
}

// validationBody is a 422's body, FastAPI's HTTPValidationError.
type validationBody struct {
	Detail []item `json:"detail"`
}

// reply is a whole HTTP answer held in memory, so that it can be stored for
// an idempotent replay before it is written.
type reply struct {
	status      int
	header      http.Header
	contentType string
	body        []byte
}

func (rp reply) write(w http.ResponseWriter) {
	hd := w.Header()
	for k, v := range rp.header {
		hd[k] = v
	}
	hd.Set("Content-Type", rp.contentType)
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(rp.status)
	_, _ = w.Write(rp.body)
}

// writeError logs err and writes its answer.
func (h *Handler) writeError(w http.ResponseWriter, r *http.Request, err error) {
	h.errorReply(r, err).write(w)
}

// statusClientClosed is nginx's code for a request whose client went away
// before the answer: nobody reads it, but the log and metrics should not
// call it a server error.
const statusClientClosed = 499

// errorReply is the one place where errors become HTTP answers: the API's
// own errors, the fork library's sentinels and anything unexpected. It logs
// the cause of every server-side failure; the client reads only the
// detail.
func (h *Handler) errorReply(r *http.Request, err error) reply {
	var (
		ae  *apiError
		ie  *invalidError
		ve  *fork.ValidationError
		mb  *http.MaxBytesError
		ff  *forkFailure
		req fork.Request
	)
	if errors.As(err, &ff) {
		req = ff.req
	}
	switch {
	case errors.As(err, &ie):
		return h.invalidReply(r, err, ie.items)
	case errors.As(err, &ae):
		// Already an answer.
	case errors.As(err, &mb):
		ae = &apiError{status: http.StatusRequestEntityTooLarge, typ: "payload_too_large",
			detail: fmt.Sprintf("request body too large: the limit is %d bytes", mb.Limit)}
	case errors.As(err, &ve):
		return h.invalidReply(r, err, fieldItems(ve.Fields, nil))
	case errors.Is(err, fork.ErrBlocked):
		return h.invalidReply(r, err, []item{{Type: "url_blocked", Loc: bodyLoc("url"), Msg: err.Error(), Input: req.URL}})
	case errors.Is(err, fork.ErrTimeout) && errors.Is(err, fork.ErrProvider):
		// The rewriting engine was slow, not the page.
		ae = &apiError{status: http.StatusGatewayTimeout, typ: "provider_timeout", detail: err.Error()}
	case errors.Is(err, fork.ErrTimeout):
		ae = &apiError{status: http.StatusGatewayTimeout, typ: "page_timeout", detail: err.Error()}
	case errors.Is(err, fork.ErrUnreachable):
		ae = &apiError{status: http.StatusBadGateway, typ: "page_unreachable", detail: err.Error()}
	case errors.Is(err, fork.ErrTooLarge), errors.Is(err, fork.ErrNotHTML), errors.Is(err, fork.ErrNoCopy):
		return h.invalidReply(r, err, []item{pageItem(err, req)})
	case errors.Is(err, fork.ErrUnsupported):
		return h.invalidReply(r, err, []item{{Type: "translation_unsupported", Loc: bodyLoc("target_language"), Msg: err.Error(), Input: req.TargetLanguage,
			Ctx: map[string]any{"supported_by": "a provider that translates, such as the LLM provider"}}})
	case errors.Is(err, fork.ErrProvider):
		ae = &apiError{status: http.StatusBadGateway, typ: "provider_failed", detail: "the rewriting engine failed; try again later"}
	case errors.Is(err, fork.ErrInvalidInput):
		// Past validation, only the fetcher's URL rules report invalid
		// input.
		return h.invalidReply(r, err, []item{{Type: "url_parsing", Loc: bodyLoc("url"), Msg: "Input should be a valid URL, " + err.Error(), Input: req.URL,
			Ctx: map[string]any{"error": err.Error()}}})
	case errors.Is(err, store.ErrUnavailable):
		// The database is down or failing over: nothing the caller did,
		// and a retry in a moment may well succeed.
		ae = &apiError{status: http.StatusServiceUnavailable, typ: "store_unavailable",
			detail: "the service cannot reach its database just now; retry shortly",
			header: http.Header{"Retry-After": {"2"}}}
	case errors.Is(err, context.Canceled):
		ae = &apiError{status: statusClientClosed, typ: "client_closed", detail: "the client closed the request"}
	default:
		ae = &apiError{status: http.StatusInternalServerError, typ: "internal", detail: "internal error"}
	}
	level := slog.LevelDebug
	if ae.status >= 500 {
		level = slog.LevelError
	}
	h.log.LogAttrs(r.Context(), level, "request failed", slog.String("request_id", stateOf(r).id),
		slog.Int("status", ae.status), slog.String("error", err.Error()))

	eb := errorBody{Detail: ae.detail, Status: ae.status, Type: ae.typ, RequestID: stateOf(r).id}
	var v any = eb
	if ae.status == http.StatusNotFound {
		v = notFoundBody{errorBody: eb, Endpoints: ae.endpoints}
	}
	return reply{status: ae.status, header: ae.header, contentType: "application/json", body: mustJSON(v)}
}

// invalidReply is a 422 with the given items.
func (h *Handler) invalidReply(r *http.Request, err error, items []item) reply {
	h.log.LogAttrs(r.Context(), slog.LevelDebug, "request invalid", slog.String("request_id", stateOf(r).id), slog.String("error", err.Error()))
	return reply{status: http.StatusUnprocessableEntity, contentType: "application/json", body: mustJSON(validationBody{Detail: items})}
}

// pageItem names what is wrong with the page: it is the url's fault, or
// the inline html's when the request carried one.
func pageItem(err error, req fork.Request) item {
	typ := "page_no_copy"
	switch {
	case errors.Is(err, fork.ErrTooLarge):
		typ = "page_too_large"
	case errors.Is(err, fork.ErrNotHTML):
		typ = "page_not_html"
	}
	if strings.TrimSpace(req.HTML) != "" {
		return item{Type: typ, Loc: bodyLoc("html"), Msg: err.Error(), Input: truncate(req.HTML, 200)}
	}
	return item{Type: typ, Loc: bodyLoc("url"), Msg: err.Error(), Input: req.URL}
}

// truncate shortens s to at most n bytes on a rune boundary, so an error
// does not echo a whole page back.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

func bodyLoc(field string) []any { return []any{"body", field} }

func errNotFound(r *http.Request, endpoints []endpoint) error {
	return &apiError{status: http.StatusNotFound, typ: "not_found", detail: "Not Found: " + clientPath(r), endpoints: endpoints}
}

func errMethodNotAllowed(r *http.Request, methods []string) error {
	return &apiError{status: http.StatusMethodNotAllowed, typ: "method_not_allowed",
		detail: fmt.Sprintf("Method Not Allowed: %s %s accepts %s", r.Method, clientPath(r), strings.Join(methods, ", ")),
		header: http.Header{"Allow": {strings.Join(methods, ", ")}}}
}

// encodeJSON encodes v without HTML escaping: forks carry HTML, and
// "\u003c" for every "<" would only make them larger and harder to read.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// mustJSON encodes the API's own error bodies, which are plain data that
// always encode.
func mustJSON(v any) []byte {
	b, err := encodeJSON(v)
	if err != nil {
		panic(fmt.Sprintf("httpapi: encode %T: %v", v, err))
	}
	return b
}

// writeJSON encodes v and writes it with status.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	b, err := encodeJSON(v)
	if err != nil {
		return fmt.Errorf("encode %T: %w", v, err)
	}
	reply{status: status, contentType: "application/json", body: b}.write(w)
	return nil
}
