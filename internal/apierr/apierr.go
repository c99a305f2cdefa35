// Package apierr is the one catalog of the failures the service reports:
// for each sentinel error, the HTTP status, the machine-readable type code,
// a title a person reads and a hint that says what to do. The HTTP API,
// /ask, the MCP server and the CLI all describe a failure from this table,
// so one failure has one name wherever a caller meets it; none of them
// branches on an error's text.
package apierr

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/marketingfork/fork/internal/fault"
	"github.com/marketingfork/fork/store"
)

// Sentinels of failures that happen around a fork rather than inside the
// library: the surfaces wrap them so the catalog can name them.
var (
	// ErrUnauthorized: the request needs an API key and has none, or one
	// that is not valid or revoked.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrRateLimited: the key (or the address asking for keys) has used up
	// its quota for the window.
	ErrRateLimited = errors.New("rate limited")
	// ErrBusy: the node is already running as many forks as it allows
	// and none finished within the queue's wait.
	ErrBusy = errors.New("the server is busy")
	// ErrNoSandbox: a sandbox request reached a server configured without
	// a sandbox.
	ErrNoSandbox = errors.New("no sandbox is configured")
	// ErrBodyUnreadable: the request body ended before its Content-Length
	// or its chunked encoding was broken.
	ErrBodyUnreadable = errors.New("request body unreadable")
	// ErrBodyTimeout: the request body did not arrive within the server's
	// read timeout.
	ErrBodyTimeout = errors.New("request body too slow")
	// ErrSourceNotKept: a kept fork's export needs the source page, and
	// the fork was kept without it.
	ErrSourceNotKept = errors.New("source page not kept")
	// ErrNoSourceURL: a kept fork's drift check needs the page's address,
	// and the fork was made from inline HTML without one.
	ErrNoSourceURL = errors.New("fork has no source url")
)

// StatusClientClosed is nginx's code for a request whose client went away
// before the answer: nobody reads it, but the log and metrics should not
// call it a server error.
const StatusClientClosed = 499

// Entry is one row of the catalog.
type Entry struct {
	// Sentinels must all match (errors.Is) for the row to apply: a
	// provider timeout is both ErrProvider and ErrTimeout.
	Sentinels []error
	// Status is the HTTP status. 422 rows are validation items on the HTTP
	// API, blaming Field.
	Status int
	// Type is the machine-readable code every surface reports.
	Type string
	// Field is the request field a 422 blames ("url", "target_language");
	// a page's fault is the inline html's when the request carried one.
	Field string
	// Title says in a few words what went wrong.
	Title string
	// Hint says what the caller can do about it.
	Hint string
	// Expose says the wrapped error's message may reach the caller; when
	// false, only Title does (a provider's raw reply, a SQL error).
	Expose bool
}

// Internal is the row of an error the catalog does not know: a server
// failure, whose cause is logged and never shown.
var Internal = Entry{
	Status: http.StatusInternalServerError, Type: "internal",
	Title: "internal error",
	Hint:  "try again, and report it with the request ID if it keeps failing",
}

// catalog is ordered most specific first: Lookup takes the first row whose
// sentinels all match.
var catalog = []Entry{
	{Sentinels: []error{fault.ErrProvider, fault.ErrTimeout}, Status: http.StatusGatewayTimeout, Type: "provider_timeout", Expose: true,
		Title: "The rewriting engine took too long",
		Hint:  "the page was read; the model did not answer in time. Try again later"},
	{Sentinels: []error{fault.ErrBlocked}, Status: http.StatusUnprocessableEntity, Type: "url_blocked", Field: "url", Expose: true,
		Title: "The address is not allowed",
		Hint:  "only public http(s) pages on ports 80 and 443 are fetched, never loopback, private or cloud-metadata addresses: give the page's public address, pass its HTML inline, or try the sandbox"},
	{Sentinels: []error{fault.ErrTimeout}, Status: http.StatusGatewayTimeout, Type: "page_timeout", Expose: true,
		Title: "The page took too long",
		Hint:  "check the address and try again later, or pass the page's HTML inline"},
	{Sentinels: []error{fault.ErrUnreachable}, Status: http.StatusBadGateway, Type: "page_unreachable", Expose: true,
		Title: "The page could not be fetched",
		Hint:  "check that the address is right and that the page is public and online, or pass the page's HTML inline"},
	{Sentinels: []error{fault.ErrTooLarge}, Status: http.StatusUnprocessableEntity, Type: "page_too_large", Field: "url", Expose: true,
		Title: "The page is too large",
		Hint:  "fork one landing page, not a file or a whole site, or pass only the part with the copy inline"},
	{Sentinels: []error{fault.ErrTooDeep}, Status: http.StatusUnprocessableEntity, Type: "page_too_deep", Field: "url", Expose: true,
		Title: "The page nests its elements too deep",
		Hint:  "a landing page nests its elements a few dozen levels deep, and this one more than 512: pass the part of the page with the copy inline"},
	{Sentinels: []error{fault.ErrNotHTML}, Status: http.StatusUnprocessableEntity, Type: "page_not_html", Field: "url", Expose: true,
		Title: "The address is not an HTML page",
		Hint:  "give the address of a landing page, or pass the page's HTML inline"},
	{Sentinels: []error{fault.ErrNoCopy}, Status: http.StatusUnprocessableEntity, Type: "page_no_copy", Field: "url", Expose: true,
		Title: "No copy on the page",
		Hint:  "a page built by JavaScript has no text in its HTML: pass the rendered HTML inline"},
	{Sentinels: []error{fault.ErrUnsupported}, Status: http.StatusUnprocessableEntity, Type: "translation_unsupported", Field: "target_language", Expose: true,
		Title: "This fork cannot be made here",
		Hint:  "leave out the target language to keep the page's own, or use a provider that translates, such as the LLM provider"},
	{Sentinels: []error{fault.ErrProvider}, Status: http.StatusBadGateway, Type: "provider_failed",
		Title: "The rewriting engine failed",
		Hint:  "try again later"},
	{Sentinels: []error{fault.ErrInvalidInput}, Status: http.StatusUnprocessableEntity, Type: "url_parsing", Field: "url", Expose: true,
		Title: "The request is not valid",
		Hint:  "give the page's full address, such as https://example.com/pricing"},
	{Sentinels: []error{ErrUnauthorized}, Status: http.StatusUnauthorized, Type: "unauthorized", Expose: true,
		Title: "An API key is required",
		Hint:  "send Authorization: Bearer <key>; get a free key at /get-key, or try the sandbox with X-Sandbox: true"},
	{Sentinels: []error{ErrRateLimited}, Status: http.StatusTooManyRequests, Type: "rate_limited", Expose: true,
		Title: "Rate limit exceeded",
		Hint:  "wait for the time Retry-After gives, then try again"},
	{Sentinels: []error{ErrBodyUnreadable}, Status: http.StatusBadRequest, Type: "body_unreadable", Expose: true,
		Title: "The request body could not be read",
		Hint:  "send the whole body, as long as its Content-Length says"},
	{Sentinels: []error{ErrBodyTimeout}, Status: http.StatusRequestTimeout, Type: "body_timeout", Expose: true,
		Title: "The request body did not arrive in time",
		Hint:  "send the body promptly, in one go"},
	{Sentinels: []error{ErrNoSandbox}, Status: http.StatusNotFound, Type: "sandbox_unavailable",
		Title: "There is no sandbox on this server",
		Hint:  "ask without X-Sandbox, with an API key, to fork the page itself"},
	{Sentinels: []error{ErrBusy}, Status: http.StatusServiceUnavailable, Type: "server_busy", Expose: true,
		Title: "The server is forking as many pages as it can",
		Hint:  "retry after the seconds Retry-After gives"},
	{Sentinels: []error{store.ErrUnavailable}, Status: http.StatusServiceUnavailable, Type: "store_unavailable",
		Title: "the service cannot reach its database just now",
		Hint:  "retry shortly"},
	{Sentinels: []error{ErrSourceNotKept}, Status: http.StatusConflict, Type: "source_not_kept", Expose: true,
		Title: "The fork was kept without its source page",
		Hint:  "fork the page again on a server configured with a fetcher, then export the new fork"},
	{Sentinels: []error{fault.ErrNoVariant}, Status: http.StatusConflict, Type: "no_variant", Expose: true,
		Title: "The fork shows visitors the same page as the source",
		Hint:  "a test of it would be an A/A test: edit the fork, or fork the page for a profile its material serves (the fork's notes name them), and export that"},
	{Sentinels: []error{ErrNoSourceURL}, Status: http.StatusConflict, Type: "no_source_url", Expose: true,
		Title: "The fork has no page address to check",
		Hint:  "fork with both url and html to have the page checked for drift later"},
	{Sentinels: []error{store.ErrInvalidCursor}, Status: http.StatusBadRequest, Type: "invalid_cursor", Expose: true,
		Title: "The cursor is not one this server gave",
		Hint:  "pass next_cursor from the previous page as it is, or leave it out for the first page"},
	{Sentinels: []error{store.ErrNotFound}, Status: http.StatusNotFound, Type: "not_found", Expose: true,
		Title: "Not found",
		Hint:  "check the identifier"},
	{Sentinels: []error{context.Canceled}, Status: StatusClientClosed, Type: "client_closed",
		Title: "the client closed the request",
		Hint:  "ask again"},
	{Sentinels: []error{context.DeadlineExceeded}, Status: http.StatusGatewayTimeout, Type: "request_timeout",
		Title: "the request ran out of time",
		Hint:  "try again later"},
}

// Lookup returns the catalog's row for err, and false (with Internal) when
// no row matches.
func Lookup(err error) (Entry, bool) {
	if err == nil {
		return Internal, false
	}
	for _, e := range catalog {
		if matches(err, e.Sentinels) {
			return e, true
		}
	}
	return Internal, false
}

func matches(err error, sentinels []error) bool {
	for _, s := range sentinels {
		if !errors.Is(err, s) {
			return false
		}
	}
	return true
}

// Entries returns a copy of the catalog, in the order Lookup reads it.
func Entries() []Entry {
	out := make([]Entry, len(catalog))
	copy(out, catalog)
	return out
}

// Detail is what a caller reads about err: the error's own message when
// the row exposes it, else the row's title and hint.
func (e Entry) Detail(err error) string {
	if e.Expose && err != nil {
		return err.Error()
	}
	return e.Title + "; " + e.Hint
}

// Advice is the hint as a sentence: capitalised, with a full stop.
func (e Entry) Advice() string {
	if e.Hint == "" {
		return ""
	}
	return strings.ToUpper(e.Hint[:1]) + e.Hint[1:] + "."
}

// Error is one of the catalog's failures with what a surface says about
// this request: its own detail and, for HTTP, headers (Retry-After,
// WWW-Authenticate). Its status and type come from the catalog row of
// Sentinel.
type Error struct {
	Sentinel error
	Detail   string
	Header   http.Header
}

func (e *Error) Error() string { return e.Detail }

// Unwrap makes errors.Is(err, e.Sentinel) hold.
func (e *Error) Unwrap() error { return e.Sentinel }

// RateLimited is a 429 that says when to retry.
func RateLimited(detail string, retryAfter int) *Error {
	return &Error{Sentinel: ErrRateLimited, Detail: detail, Header: http.Header{"Retry-After": {strconv.Itoa(retryAfter)}}}
}

// SecondsUntil is the whole seconds from now to t, at least 1, so that a
// client told to wait never retries inside the same window.
func SecondsUntil(now, t time.Time) int {
	d := t.Sub(now)
	s := int((d + time.Second - 1) / time.Second)
	return max(s, 1)
}
