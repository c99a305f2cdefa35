package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/apierr"
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

// errorReply is the one place where errors become HTTP answers: the API's
// own errors, the fork library's sentinels and anything unexpected. It logs
// the cause of every server-side failure; the client reads only the
// detail.
func (h *Handler) errorReply(r *http.Request, err error) reply {
	var (
		ae  *apiError
		ce  *apierr.Error
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
	case errors.As(err, &ce):
		// One of the catalog's failures, told for this request.
		e, _ := apierr.Lookup(ce.Sentinel)
		ae = &apiError{status: e.Status, typ: e.Type, detail: ce.Detail, header: ce.Header}
	case errors.As(err, &mb):
		ae = &apiError{status: http.StatusRequestEntityTooLarge, typ: "payload_too_large",
			detail: fmt.Sprintf("request body too large: the limit is %d bytes", mb.Limit)}
	case errors.As(err, &ve):
		return h.invalidReply(r, err, fieldItems(ve.Fields, nil))
	default:
		e, _ := apierr.Lookup(err)
		if e.Status == http.StatusUnprocessableEntity {
			return h.invalidReply(r, err, []item{catalogItem(e, err, req)})
		}
		ae = &apiError{status: e.Status, typ: e.Type, detail: e.Detail(err)}
		if e.Status == http.StatusServiceUnavailable {
			// The database is down or failing over: nothing the caller
			// did, and a retry in a moment may well succeed.
			ae.header = http.Header{"Retry-After": {"2"}}
		}
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
	return reply{status: http.StatusUnprocessableEntity, contentType: "application/json", body: mustJSON(validationBody{Detail: boundInputs(items)})}
}

// catalogItem is the 422 item of a catalog row: it blames the row's field,
// or the inline html when the page was the request's own.
func catalogItem(e apierr.Entry, err error, req fork.Request) item {
	it := item{Type: e.Type, Loc: bodyLoc(e.Field), Msg: err.Error(), Input: req.URL}
	switch e.Field {
	case "url":
		if e.Type == "url_parsing" {
			it.Msg = "Input should be a valid URL, " + err.Error()
			it.Ctx = map[string]any{"error": err.Error()}
		} else if strings.TrimSpace(req.HTML) != "" && e.Type != "url_blocked" {
			it.Loc, it.Input = bodyLoc("html"), truncate(req.HTML, 200)
		}
	case "target_language":
		it.Input = req.TargetLanguage
		it.Ctx = map[string]any{"supported_by": "a provider that translates, such as the LLM provider"}
	}
	return it
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

// statusType is the type code of an error that is no more than its HTTP
// status ("unsupported_media_type"), for answers the API's transport
// layers write rather than its handlers.
func statusType(code int) string {
	return strings.ToLower(strings.ReplaceAll(http.StatusText(code), " ", "_"))
}

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
