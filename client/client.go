// Package client is the Go SDK for a Marketing Fork server: forks (sandbox
// or with an API key), the profiles and layers, the service's status,
// health and metrics, the NLWeb /ask endpoint and free API keys.
//
// Calls are retried through go-retryablehttp on network errors, 502, 503,
// 504 and 429 (honouring Retry-After), never on other 4xx. A fork carries
// an Idempotency-Key, so a retried fork is answered from the server's
// record instead of forking twice.
//
//	c, err := client.New("https://api.example.com", client.WithAPIKey(key))
//	res, err := c.Fork(ctx, fork.Request{URL: "https://example.com/pricing", Profile: "skeptic"})
package client

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/marketingfork/fork"
)

// Defaults of the options.
const (
	// DefaultTimeout is the time limit of one attempt of a call.
	DefaultTimeout = 90 * time.Second
	// DefaultRetries is how many times a failed call is retried.
	DefaultRetries = 3
	// DefaultUserAgent is the User-Agent header sent unless WithUserAgent
	// says otherwise.
	DefaultUserAgent = "mfork-go-client/1"
	// MaxRetryWait bounds every wait between attempts, Retry-After included.
	MaxRetryWait = 60 * time.Second
)

// Wait bounds of the exponential backoff used when the server gives no
// Retry-After.
const (
	retryWaitMin = 250 * time.Millisecond
	retryWaitMax = 8 * time.Second
)

// maxErrorBody caps how much of an error response is read.
const maxErrorBody = 1 << 20

// Client calls one Marketing Fork server. Build it with New; it is safe for
// concurrent use.
type Client struct {
	base      *url.URL
	apiKey    string
	sandbox   bool
	userAgent string
	http      *retryablehttp.Client
}

// config collects the options of New.
type config struct {
	apiKey    string
	sandbox   bool
	hc        *http.Client
	timeout   time.Duration
	retries   int
	userAgent string
}

// Option configures a Client in New.
type Option func(*config)

// WithAPIKey sends key as "Authorization: Bearer key" on every call.
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = key } }

// WithSandbox sends "X-Sandbox: true" on every call when on: forks are then
// sample output from a page the server ships, with no key and nothing
// fetched.
func WithSandbox(on bool) Option { return func(c *config) { c.sandbox = on } }

// WithHTTPClient makes the Client send its requests through hc (its
// transport, cookies and redirects policy). hc is not modified: a timeout
// given by WithTimeout applies to a copy.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.hc = hc } }

// WithTimeout limits each attempt of a call to d (DefaultTimeout unless
// given; zero or less means no limit beyond the context's).
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// WithRetries sets how many times a failed call is retried (DefaultRetries
// unless given; 0 turns retries off).
func WithRetries(n int) Option {
	return func(c *config) {
		if n < 0 {
			n = 0
		}
		c.retries = n
	}
}

// WithUserAgent sets the User-Agent header.
func WithUserAgent(s string) Option { return func(c *config) { c.userAgent = s } }

// New returns a Client for the server at baseURL, such as
// "https://api.example.com" or "http://localhost:8080/marketing".
func New(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil {
		return nil, fmt.Errorf("client: base URL %q: %w", baseURL, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("client: base URL %q: want an absolute http or https URL", baseURL)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawQuery, u.Fragment = "", ""

	cfg := config{timeout: DefaultTimeout, retries: DefaultRetries, userAgent: DefaultUserAgent}
	for _, o := range opts {
		o(&cfg)
	}
	var hc http.Client
	if cfg.hc != nil {
		hc = *cfg.hc
	}
	if cfg.timeout > 0 {
		hc.Timeout = cfg.timeout
	}
	rc := &retryablehttp.Client{
		HTTPClient:   &hc,
		RetryWaitMin: retryWaitMin,
		RetryWaitMax: retryWaitMax,
		RetryMax:     cfg.retries,
		CheckRetry:   checkRetry,
		Backoff:      backoff,
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
	}
	return &Client{base: u, apiKey: cfg.apiKey, sandbox: cfg.sandbox, userAgent: cfg.userAgent, http: rc}, nil
}

// unsafeKey marks a call's context when the call is not idempotent: it is
// then retried only on answers that say the server did nothing (429, 503).
type unsafeKey struct{}

// checkRetry is the retry policy: network errors, 502, 503, 504 and 429;
// never another 4xx, never after the context ends.
func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	unsafe, _ := ctx.Value(unsafeKey{}).(bool)
	if err != nil {
		if unsafe {
			return false, err
		}
		// The default policy tells the errors worth a retry (a reset, a
		// timeout) from those that are not (a bad scheme, a bad certificate).
		return retryablehttp.DefaultRetryPolicy(ctx, nil, err)
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		return true, nil
	case http.StatusBadGateway, http.StatusGatewayTimeout:
		return !unsafe, nil
	}
	return false, nil
}

// backoff is how long to wait before attempt attemptNum+1: the server's
// Retry-After (seconds or an HTTP date) on a 429 or 503, else an
// exponential backoff from lo to hi; never more than MaxRetryWait.
func backoff(lo, hi time.Duration, attemptNum int, resp *http.Response) time.Duration {
	if resp != nil && (resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable) {
		if d, ok := retryAfter(resp.Header, time.Now()); ok {
			return min(d, MaxRetryWait)
		}
	}
	d := time.Duration(float64(lo) * math.Pow(2, float64(attemptNum)))
	if d <= 0 || d > hi {
		d = hi
	}
	return min(d, MaxRetryWait)
}

// retryAfter reads a Retry-After header: seconds or an HTTP date.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return 0, false
		}
		if n > int64(math.MaxInt64/int64(time.Second)) {
			return time.Duration(math.MaxInt64), true
		}
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// CallOption configures one call.
type CallOption func(*callConfig)

// callConfig collects a call's options.
type callConfig struct {
	idempotencyKey string
	sandbox        *bool
	header         http.Header
}

// WithIdempotencyKey makes Fork send k as its Idempotency-Key instead of a
// random one, so that a repeat of the same fork (same key, same body) is
// answered from the server's record with Replayed set.
func WithIdempotencyKey(k string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = k }
}

// WithCallSandbox overrides the Client's WithSandbox for one call.
func WithCallSandbox(on bool) CallOption {
	return func(c *callConfig) { c.sandbox = &on }
}

// WithHeader adds a header to one call.
func WithHeader(name, value string) CallOption {
	return func(c *callConfig) {
		if c.header == nil {
			c.header = http.Header{}
		}
		c.header.Add(name, value)
	}
}

// ForkResult is a fork as the server answers it: the library's Result,
// whether it is sandbox sample output, and whether it was replayed from an
// earlier request with the same Idempotency-Key.
type ForkResult struct {
	// ID names the kept fork (GetFork, ForkPage, ExportFork, Drift);
	// empty for sandbox forks, which are not kept.
	ID string `json:"id,omitempty"`
	*fork.Result
	// ExpiresAt is when the kept fork is deleted; nil for sandbox forks.
	ExpiresAt *time.Time `json:"expires_at,omitempty"`
	// Sandbox is true for sample output (X-Sandbox: true).
	Sandbox bool `json:"sandbox"`
	// Replayed is true when the server answered from its record of an
	// earlier request with the same Idempotency-Key
	// (Idempotent-Replayed: true).
	Replayed bool `json:"-"`
}

// Fork forks a page: req.URL (fetched by the server) or req.HTML. Without
// WithIdempotencyKey it sends a random Idempotency-Key of its own, so that
// a retry never forks twice.
func (c *Client) Fork(ctx context.Context, req fork.Request, opts ...CallOption) (*ForkResult, error) {
	cc := callOptions(opts)
	if cc.idempotencyKey == "" {
		k, err := NewIdempotencyKey()
		if err != nil {
			return nil, err
		}
		cc.idempotencyKey = k
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("client: encode the fork request: %w", err)
	}
	h := http.Header{"Idempotency-Key": {cc.idempotencyKey}}
	var out ForkResult
	resp, err := c.do(ctx, http.MethodPost, "/v1/fork", nil, body, "application/json", h, cc, &out)
	if err != nil {
		return nil, err
	}
	out.Replayed = strings.EqualFold(resp.Header.Get("Idempotent-Replayed"), "true")
	if out.Result == nil {
		return nil, fmt.Errorf("client: POST /v1/fork: empty answer")
	}
	return &out, nil
}

// NewIdempotencyKey returns a random Idempotency-Key: 32 hex characters.
func NewIdempotencyKey() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("client: make an idempotency key: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// Profiles is GET /v1/profiles: the audience profiles and language layers.
type Profiles struct {
	// Profiles are the audience profiles, the default first.
	Profiles []fork.Profile `json:"profiles"`
	// Layers are the language layers, the default first.
	Layers []fork.Layer `json:"layers"`
}

// Profiles lists the audience profiles and the language layers.
func (c *Client) Profiles(ctx context.Context, opts ...CallOption) (*Profiles, error) {
	var out Profiles
	if _, err := c.do(ctx, http.MethodGet, "/v1/profiles", nil, nil, "", nil, callOptions(opts), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Status is GET /v1/status: version, provider, store, uptime and totals.
type Status struct {
	// Version is the server's version.
	Version string `json:"version"`
	// Provider is the provider that writes production forks.
	Provider fork.ProviderInfo `json:"provider"`
	// Store is the kind of store ("sqlite").
	Store string `json:"store"`
	// StartedAt is when the server started.
	StartedAt time.Time `json:"started_at"`
	// UptimeSeconds is how long it has run.
	UptimeSeconds int64 `json:"uptime_seconds"`
	// Counts are the service's totals.
	Counts StatusCounts `json:"counts"`
}

// StatusCounts are the totals of Status.
type StatusCounts struct {
	// KeysIssued is how many API keys were issued.
	KeysIssued int64 `json:"keys_issued"`
	// ForksServed is how many production forks were served.
	ForksServed int64 `json:"forks_served"`
	// SandboxForks is how many sandbox forks were served.
	SandboxForks int64 `json:"sandbox_forks"`
}

// Status reports the server's version, provider, store, uptime and totals.
func (c *Client) Status(ctx context.Context, opts ...CallOption) (*Status, error) {
	var out Status
	if _, err := c.do(ctx, http.MethodGet, "/v1/status", nil, nil, "", nil, callOptions(opts), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Health is GET /health: whether the service and its store answer.
type Health struct {
	// Status is "ok" when the store answers.
	Status string `json:"status"`
	// Store is the store's state.
	Store string `json:"store"`
	// Version is the server's version.
	Version string `json:"version"`
}

// Health asks whether the service and its store answer. When the store is
// down (503) it returns the server's Health and an *Error.
func (c *Client) Health(ctx context.Context, opts ...CallOption) (*Health, error) {
	var out Health
	_, err := c.do(ctx, http.MethodGet, "/health", nil, nil, "", nil, callOptions(opts), &out)
	if e, ok := errors.AsType[*Error](err); ok && e.Status == http.StatusServiceUnavailable && e.health != nil {
		return e.health, err
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Metrics is GET /metrics: request counts by route pattern, method and
// status class; fork and key totals.
type Metrics struct {
	// Endpoints are the request counts.
	Endpoints []EndpointCount `json:"endpoints"`
	// Forks are the fork totals.
	Forks ForkCounts `json:"forks"`
	// KeysIssued is how many API keys were issued.
	KeysIssued int64 `json:"keys_issued"`
}

// EndpointCount is the count of one route, method and status class.
type EndpointCount struct {
	// Route is the route pattern ("/v1/fork").
	Route string `json:"route"`
	// Method is the HTTP method.
	Method string `json:"method"`
	// Class is the status class ("2xx").
	Class string `json:"class"`
	// Count is how many requests it had.
	Count int64 `json:"count"`
}

// ForkCounts are the fork totals of Metrics.
type ForkCounts struct {
	// Production is how many forks were made with a key.
	Production int64 `json:"production"`
	// Sandbox is how many sandbox forks were served.
	Sandbox int64 `json:"sandbox"`
	// Replayed is how many forks were answered from an idempotency record.
	Replayed int64 `json:"replayed"`
}

// Metrics reads the server's counters (as JSON).
func (c *Client) Metrics(ctx context.Context, opts ...CallOption) (*Metrics, error) {
	var out Metrics
	if _, err := c.do(ctx, http.MethodGet, "/metrics", nil, nil, "", nil, callOptions(opts), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// AskOptions are NLWeb's optional parameters of Ask.
type AskOptions struct {
	// Site narrows the query to a site.
	Site string
	// Prev are earlier queries of the conversation.
	Prev []string
	// Mode is list (the default), summarize or generate.
	Mode string
	// QueryID is echoed in the answer; the server makes one when empty.
	QueryID string
}

// Answer is an NLWeb answer of /ask (not streamed).
type Answer struct {
	// Meta is NLWeb's _meta: the response type and version.
	Meta AnswerMeta `json:"_meta"`
	// QueryID identifies the query.
	QueryID string `json:"query_id"`
	// Results are the answer's results.
	Results []AnswerResult `json:"results"`
	// Summary is the summary message in summarize mode.
	Summary *AnswerSummary `json:"summary,omitempty"`
	// NLWS is the generated answer in generate mode.
	NLWS *AnswerNLWS `json:"nlws,omitempty"`
}

// AnswerMeta is an Answer's _meta.
type AnswerMeta struct {
	// ResponseType is NLWeb's response type ("Answer").
	ResponseType string `json:"response_type"`
	// Version is the server's version.
	Version string `json:"version"`
}

// AnswerResult is one result of an Answer.
type AnswerResult struct {
	// URL is the result's address (for a fork, the page).
	URL string `json:"url"`
	// Name is its name (for a fork, the forked headline).
	Name string `json:"name"`
	// Site is the site it belongs to.
	Site string `json:"site"`
	// Score ranks it.
	Score int `json:"score"`
	// Description says what it is.
	Description string `json:"description"`
	// SchemaObject is its schema.org object, as the server sent it (for a
	// fork, a WebPage with the library's Result under "fork").
	SchemaObject json.RawMessage `json:"schema_object"`
}

// AnswerSummary is a summarize-mode answer's summary.
type AnswerSummary struct {
	// Message is the summary.
	Message string `json:"message"`
}

// AnswerNLWS is a generate-mode answer's generated answer.
type AnswerNLWS struct {
	// Type is the answer's @type.
	Type string `json:"@type"`
	// Answer is the generated text.
	Answer string `json:"answer"`
	// Items are the results it draws on.
	Items []AnswerResult `json:"items"`
}

// Ask puts a question in plain words to the NLWeb endpoint ("which profiles
// are there?", "fork https://example.com/pricing for skeptics") and returns
// its JSON answer (streaming off). opts may be nil.
func (c *Client) Ask(ctx context.Context, query string, opts *AskOptions, copts ...CallOption) (*Answer, error) {
	q := url.Values{"query": {query}, "streaming": {"false"}}
	if opts != nil {
		if opts.Site != "" {
			q.Set("site", opts.Site)
		}
		if len(opts.Prev) > 0 {
			b, err := json.Marshal(opts.Prev)
			if err != nil {
				return nil, fmt.Errorf("client: encode prev: %w", err)
			}
			q.Set("prev", string(b))
		}
		if opts.Mode != "" {
			q.Set("generate_mode", opts.Mode)
		}
		if opts.QueryID != "" {
			q.Set("query_id", opts.QueryID)
		}
	}
	var out Answer
	if _, err := c.do(ctx, http.MethodGet, "/ask", q, nil, "", nil, callOptions(copts), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Key is a new API key from GetKey. It is shown once: the server keeps only
// its hash.
type Key struct {
	// APIKey is the key to send with WithAPIKey.
	APIKey string `json:"api_key"`
	// KeyID identifies the key for revocation.
	KeyID string `json:"key_id"`
	// Prefix is the key's visible prefix.
	Prefix string `json:"prefix"`
	// CreatedAt is when it was issued.
	CreatedAt time.Time `json:"created_at"`
	// Note says how to use and keep it.
	Note string `json:"note"`
}

// GetKey asks for a free API key (POST /get-key), labelled label (optional,
// to tell keys apart). Keys are limited per client address and hour.
func (c *Client) GetKey(ctx context.Context, label string, opts ...CallOption) (*Key, error) {
	body, err := json.Marshal(struct {
		Label string `json:"label,omitempty"`
	}{label})
	if err != nil {
		return nil, fmt.Errorf("client: encode the key request: %w", err)
	}
	var out Key
	// Issuing a key is not idempotent: retry only where nothing was issued.
	ctx = context.WithValue(ctx, unsafeKey{}, true)
	if _, err := c.do(ctx, http.MethodPost, "/get-key", nil, body, "application/json", nil, callOptions(opts), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// callOptions applies opts.
func callOptions(opts []CallOption) callConfig {
	var cc callConfig
	for _, o := range opts {
		o(&cc)
	}
	return cc
}

// do sends one call (with its retries) and decodes a 2xx JSON answer into
// out; any other answer becomes an *Error.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, body []byte, contentType string, h http.Header, cc callConfig, out any) (*http.Response, error) {
	u := *c.base
	u.Path = c.base.Path + path
	if query != nil {
		u.RawQuery = query.Encode()
	}
	var raw any
	if body != nil {
		raw = body
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, u.String(), raw)
	if err != nil {
		return nil, fmt.Errorf("client: %s %s: %w", method, path, err)
	}
	req.Header.Set("Accept", "application/json")
	if c.userAgent != "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
	}
	sandbox := c.sandbox
	if cc.sandbox != nil {
		sandbox = *cc.sandbox
	}
	if sandbox {
		req.Header.Set("X-Sandbox", "true")
	}
	for k, vs := range h {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	for k, vs := range cc.header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if resp != nil && resp.Body != nil {
			resp.Body.Close()
		}
		return nil, fmt.Errorf("client: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp, decodeError(resp)
	}
	if raw, ok := out.(*[]byte); ok {
		// A page or an export: the body as it is.
		if *raw, err = io.ReadAll(resp.Body); err != nil {
			return resp, fmt.Errorf("client: %s %s: read the answer: %w", method, path, err)
		}
		return resp, nil
	}
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			return resp, fmt.Errorf("client: %s %s: decode the answer: %w", method, path, err)
		}
	}
	return resp, nil
}

// Error is an error answer of the server: the problem body
// {"detail","status","type","request_id"}, or for a 422 the validation
// items of {"detail":[…]}.
type Error struct {
	// Status is the HTTP status code.
	Status int
	// Type is the error's type ("unauthorized", "rate_limited", …;
	// "validation_error" for a 422).
	Type string
	// Detail says what went wrong.
	Detail string
	// RequestID identifies the request in the server's log.
	RequestID string
	// Items are a 422's validation errors.
	Items []ValidationItem
	// RetryAfter is the server's Retry-After (on a 429 or 503), or zero.
	RetryAfter time.Duration

	health *Health // a 503 of /health: the body it came with
}

// ValidationItem is one error of a 422, as FastAPI words it.
type ValidationItem struct {
	// Type is the error's type ("missing", "enum", "url_parsing", …).
	Type string `json:"type"`
	// Loc is where it is: ["body", "profile"]; a part is a string or a
	// number (float64).
	Loc []any `json:"loc"`
	// Msg says what is wrong.
	Msg string `json:"msg"`
	// Input is the offending value.
	Input any `json:"input,omitempty"`
	// Ctx holds details such as the allowed values.
	Ctx map[string]any `json:"ctx,omitempty"`
}

// Field is the item's location without its leading "body", "query" or
// "header", joined with dots ("profile").
func (v ValidationItem) Field() string {
	parts := make([]string, 0, len(v.Loc))
	for i, p := range v.Loc {
		s := fmt.Sprint(p)
		if i == 0 && len(v.Loc) > 1 && (s == "body" || s == "query" || s == "header" || s == "path") {
			continue
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ".")
}

// Error says the status, type, detail (or the validation items) and the
// request ID.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mfork: %d", e.Status)
	if e.Type != "" {
		fmt.Fprintf(&b, " %s", e.Type)
	}
	if len(e.Items) > 0 {
		b.WriteString(":")
		for i, it := range e.Items {
			if i > 0 {
				b.WriteString(";")
			}
			fmt.Fprintf(&b, " %s: %s", it.Field(), it.Msg)
		}
	} else if e.Detail != "" {
		fmt.Fprintf(&b, ": %s", e.Detail)
	}
	if e.RetryAfter > 0 {
		fmt.Fprintf(&b, " (retry after %s)", e.RetryAfter)
	}
	if e.RequestID != "" {
		fmt.Fprintf(&b, " [request %s]", e.RequestID)
	}
	return b.String()
}

// IsUnauthorized reports whether err is a 401 answer: no key, or a key the
// server does not know.
func IsUnauthorized(err error) bool {
	e, ok := errors.AsType[*Error](err)
	return ok && e.Status == http.StatusUnauthorized
}

// IsRateLimited reports whether err is a 429 answer; its RetryAfter says
// when to try again.
func IsRateLimited(err error) bool {
	e, ok := errors.AsType[*Error](err)
	return ok && e.Status == http.StatusTooManyRequests
}

// decodeError turns a non-2xx answer into an *Error, whatever its body.
func decodeError(resp *http.Response) *Error {
	e := &Error{Status: resp.StatusCode, RequestID: resp.Header.Get("X-Request-Id")}
	if d, ok := retryAfter(resp.Header, time.Now()); ok {
		e.RetryAfter = d
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	var body struct {
		Detail    json.RawMessage `json:"detail"`
		Type      string          `json:"type"`
		RequestID string          `json:"request_id"`
		Status    json.RawMessage `json:"status"` // a number, or a Health's word
		Store     string          `json:"store"`
		Version   string          `json:"version"`
	}
	if err := json.Unmarshal(b, &body); err != nil {
		// Not the server's JSON (a proxy's page, say): keep a line of it.
		e.Type = strings.ToLower(strings.ReplaceAll(http.StatusText(resp.StatusCode), " ", "_"))
		e.Detail = firstLine(string(b))
		return e
	}
	if body.RequestID != "" {
		e.RequestID = body.RequestID
	}
	e.Type = body.Type
	var detail string
	var items []ValidationItem
	switch {
	case json.Unmarshal(body.Detail, &detail) == nil:
		e.Detail = detail
	case json.Unmarshal(body.Detail, &items) == nil:
		e.Items = items
		if e.Type == "" {
			e.Type = "validation_error"
		}
		msgs := make([]string, len(items))
		for i, it := range items {
			msgs[i] = it.Field() + ": " + it.Msg
		}
		e.Detail = strings.Join(msgs, "; ")
	}
	if resp.StatusCode == http.StatusServiceUnavailable && body.Store != "" {
		e.health = &Health{Store: body.Store, Version: body.Version}
		_ = json.Unmarshal(body.Status, &e.health.Status)
		if e.Type == "" {
			e.Type = "unavailable"
		}
		if e.Detail == "" {
			e.Detail = "store " + body.Store
		}
	}
	if e.Type == "" {
		e.Type = strings.ToLower(strings.ReplaceAll(http.StatusText(resp.StatusCode), " ", "_"))
	}
	if e.Detail == "" {
		e.Detail = firstLine(string(b))
	}
	return e
}

// firstLine is s's first line, trimmed and cut to 200 bytes.
func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
