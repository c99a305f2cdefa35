// Package fetch downloads the HTML page behind a URL given by an anonymous
// caller. Because the caller chooses the URL, the fetcher is an SSRF target:
// every address it connects to is checked in the dialer, after DNS, so
// neither DNS rebinding nor redirects can reach loopback, private or other
// special-purpose networks.
package fetch

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/go-retryablehttp"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"github.com/marketingfork/fork/internal/fault"
)

// Defaults applied by New for zero Config fields.
const (
	defaultTimeout      = 10 * time.Second
	defaultMaxBytes     = 5 << 20
	defaultMaxRedirects = 5
	defaultRetries      = 2
	defaultUserAgent    = "MarketingFork/1 (+https://github.com/marketingfork/fork)"

	// Backoff bounds are small because the whole fetch shares one short
	// deadline; waiting longer would only turn an error into a timeout.
	retryWaitMin = 100 * time.Millisecond
	retryWaitMax = time.Second

	acceptHeader = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1"

	// sniffLen is how much body http.DetectContentType looks at.
	sniffLen = 512
)

// Page is a fetched HTML document decoded to UTF-8.
type Page struct {
	URL             string // final URL after redirects
	HTML            []byte // body, decoded to UTF-8 from the declared/sniffed charset
	ContentType     string // as the origin sent it
	ContentLanguage string // Content-Language header, if any
}

// Config tunes a Fetcher. The zero value is the safe public-internet setup,
// so forgetting a field never opens the fetcher up.
type Config struct {
	AllowPrivate bool // allow loopback/private/etc addresses AND any port (tests, local use). Off by default. Cloud metadata stays refused.
	// AllowMetadata, with AllowPrivate, also lets the fetcher reach the
	// link-local ranges and the cloud metadata names and addresses. Only a
	// test of the fetcher itself has a reason to set it.
	AllowMetadata bool
	// AllowHosts are local page servers the fetcher may reach whatever the
	// address and port rules say: the narrow way to fork a page served on
	// the user's own machine.
	AllowHosts []HostPort
	// OnlyAllowHosts refuses every host not in AllowHosts, before any
	// lookup: for a deployment that forks its own sites only, and for a
	// test whose traffic must stay on loopback.
	OnlyAllowHosts bool
	Timeout        time.Duration // total deadline for the whole fetch incl. redirects and retries; 0 means 10s
	MaxBytes       int64         // body cap after decompression; 0 means 5 MB (5<<20)
	MaxRedirects   int           // 0 means 5; negative means redirects are not followed
	Retries        int           // retry count for network errors and origin 5xx/429; 0 means 2; negative means none
	UserAgent      string        // "" means "MarketingFork/1 (+https://github.com/marketingfork/fork)"
}

// Fetcher fetches HTML pages under the rules of its Config. It holds a
// connection pool, so build one and share it; it is safe for concurrent use.
type Fetcher struct {
	client       *retryablehttp.Client
	timeout      time.Duration
	maxBytes     int64
	maxRedirects int
	userAgent    string
	// anyPort lifts the 80/443 rule (Config.AllowPrivate).
	anyPort bool
	// allowMetadata lifts the refusal of metadata names (Config.AllowMetadata).
	allowMetadata bool
	// allowed are the hosts and ports of Config.AllowHosts.
	allowed allowList
	// onlyAllowed is Config.OnlyAllowHosts.
	onlyAllowed bool
	// allowIP is the address policy used both on literal hosts and in the
	// dialer. It is a field, not a call to CheckIP, so in-package tests can
	// allow one loopback address while refusing its neighbours.
	allowIP func(netip.Addr) (rule string, ok bool)
}

// hooks are the test seams of newFetcher; the zero value is production.
type hooks struct {
	// allowIP replaces the address policy chosen from Config.
	allowIP func(netip.Addr) (string, bool)
	// resolver replaces the pure-Go resolver, so tests can serve DNS
	// answers that point at internal addresses.
	resolver *net.Resolver
}

// New builds a Fetcher from cfg, filling zero fields with defaults.
func New(cfg Config) *Fetcher {
	return newFetcher(cfg, hooks{})
}

func newFetcher(cfg Config, h hooks) *Fetcher {
	f := &Fetcher{
		timeout:      cfg.Timeout,
		maxBytes:     cfg.MaxBytes,
		maxRedirects: cfg.MaxRedirects,
		userAgent:    cfg.UserAgent,
		anyPort:      cfg.AllowPrivate,
		allowIP:      CheckIP,
		allowed:      newAllowList(cfg.AllowHosts),
		onlyAllowed:  cfg.OnlyAllowHosts,
	}
	if f.timeout <= 0 {
		f.timeout = defaultTimeout
	}
	if f.maxBytes <= 0 {
		f.maxBytes = defaultMaxBytes
	}
	switch {
	case f.maxRedirects == 0:
		f.maxRedirects = defaultMaxRedirects
	case f.maxRedirects < 0:
		f.maxRedirects = 0
	}
	if f.userAgent == "" {
		f.userAgent = defaultUserAgent
	}
	if cfg.AllowPrivate {
		f.allowIP = checkMetadata
		if cfg.AllowMetadata {
			f.allowIP = allowAll
			f.allowMetadata = true
		}
	}
	if h.allowIP != nil {
		f.allowIP = h.allowIP
	}
	retries := cfg.Retries
	switch {
	case retries == 0:
		retries = defaultRetries
	case retries < 0:
		retries = 0
	}

	resolver := h.resolver
	if resolver == nil {
		// The pure-Go resolver only returns addresses that parse strictly;
		// the cgo/getaddrinfo path accepts spellings like "127.1".
		resolver = &net.Resolver{PreferGo: true}
	}
	dialer := &net.Dialer{
		Resolver:       resolver,
		KeepAlive:      30 * time.Second,
		ControlContext: f.control,
	}
	transport := &http.Transport{
		// A proxy would do the dialling and so bypass the address check.
		Proxy:                  nil,
		DialContext:            dialer.DialContext,
		ForceAttemptHTTP2:      true,
		TLSClientConfig:        &tls.Config{MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:    10 * time.Second,
		MaxIdleConns:           100,
		IdleConnTimeout:        90 * time.Second,
		ExpectContinueTimeout:  time.Second,
		MaxResponseHeaderBytes: 1 << 20,
	}
	f.client = &retryablehttp.Client{
		HTTPClient: &http.Client{
			Transport:     transport,
			CheckRedirect: f.checkRedirect,
		},
		// retryablehttp logs to stderr by default; a server must not print
		// caller URLs there.
		Logger:       nil,
		RetryWaitMin: retryWaitMin,
		RetryWaitMax: retryWaitMax,
		RetryMax:     retries,
		CheckRetry:   checkRetry,
		Backoff:      backoff,
		ErrorHandler: passError,
	}
	return f
}

// Fetch downloads rawURL and returns it as UTF-8 HTML. Errors wrap the
// fault sentinels (ErrInvalidInput, ErrBlocked, ErrUnreachable, ErrTimeout,
// ErrTooLarge, ErrNotHTML); refusals are *BlockedError. A cancelled ctx
// yields an error wrapping context.Canceled.
func (f *Fetcher) Fetch(ctx context.Context, rawURL string) (*Page, error) {
	u, err := f.parseURL(rawURL)
	if err != nil {
		return nil, err
	}
	// Report the deadline that actually applied, which is the caller's when
	// it is the sooner one.
	limit := f.timeout
	if dl, ok := ctx.Deadline(); ok {
		if rem := time.Until(dl); rem < limit {
			limit = max(rem, 0).Round(time.Millisecond)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	page, err := f.fetch(ctx, u)
	if err != nil {
		err = classify(ctx, err, limit)
		var be *BlockedError
		if errors.As(err, &be) && be.Host == "" && !isAddrRule(be.Rule) {
			if _, perr := netip.ParseAddr(strings.Trim(u.Hostname(), "[]")); perr != nil {
				// The URL named a host; the dialer refused what it resolved to.
				be.Host = u.Hostname()
			}
		}
		return nil, err
	}
	return page, nil
}

// isAddrRule reports whether a refusal is about the URL itself (scheme,
// user info, port) rather than a resolved address.
func isAddrRule(rule string) bool {
	return rule == "scheme" || rule == "userinfo" || rule == "port" || rule == "invalid" || rule == "network" || rule == "not-allowed-host"
}

// fetch does one logical fetch (with redirects and retries) and returns
// either our own typed errors or raw transport errors for classify.
func (f *Fetcher) fetch(ctx context.Context, u *url.URL) (*Page, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, invalidURL(u.Redacted(), "cannot be requested")
	}
	req.Header.Set("User-Agent", f.userAgent)
	req.Header.Set("Accept", acceptHeader)
	// Accept-Encoding is left unset on purpose: then net/http asks for gzip
	// itself and decompresses transparently, and the size cap below applies
	// to the decompressed bytes.
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, unreachable(statusText(resp.StatusCode))
	}
	if enc := resp.Header.Get("Content-Encoding"); enc != "" && !strings.EqualFold(enc, "identity") {
		// Only encodings net/http asked for are decoded (and then the header
		// is removed); anything else would hand compressed bytes on as HTML.
		return nil, unreachable(fmt.Sprintf("unsupported content encoding %q", quoteURL(enc)))
	}
	if resp.ContentLength > f.maxBytes {
		return nil, f.tooLarge()
	}

	// One limit covers the sniffed prefix and the rest, so the cap holds
	// however the body is consumed.
	body := io.LimitReader(resp.Body, f.maxBytes+1)
	contentType := resp.Header.Get("Content-Type")
	var head []byte
	if contentType == "" {
		head = make([]byte, sniffLen)
		n, err := io.ReadFull(body, head)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, err
		}
		head = head[:n]
		sniffed := http.DetectContentType(head)
		if mt, _, _ := mime.ParseMediaType(sniffed); mt != "text/html" {
			return nil, notHTML(mt)
		}
	} else if mt := mediaType(contentType); mt != "text/html" && mt != "application/xhtml+xml" {
		return nil, notHTML(mt)
	}
	rest, err := io.ReadAll(body)
	if err != nil {
		return nil, err
	}
	data := append(head, rest...)
	if int64(len(data)) > f.maxBytes {
		return nil, f.tooLarge()
	}
	html, err := decodeHTML(data, contentType)
	if err != nil {
		return nil, unreachable("page text could not be decoded")
	}
	return &Page{
		URL:             resp.Request.URL.String(),
		HTML:            html,
		ContentType:     contentType,
		ContentLanguage: resp.Header.Get("Content-Language"),
	}, nil
}

// control runs in the dialer after DNS resolution, on the exact IP:port
// about to be connected to. It is the check that DNS rebinding, hostnames
// pointing at internal addresses and redirects cannot get around.
func (f *Fetcher) control(_ context.Context, network, address string, _ syscall.RawConn) error {
	switch network {
	case "tcp", "tcp4", "tcp6":
	default:
		return &BlockedError{Addr: address, Rule: "network"}
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &BlockedError{Addr: address, Rule: "invalid"}
	}
	if f.allowed.dial(ap) {
		return nil
	}
	if rule, ok := f.allowIP(ap.Addr()); !ok {
		return &BlockedError{Addr: ap.Addr().WithZone("").String(), Rule: rule}
	}
	if p := ap.Port(); !f.anyPort && p != 80 && p != 443 {
		return &BlockedError{Addr: strconv.Itoa(int(p)), Rule: "port"}
	}
	return nil
}

// checkRedirect re-applies the URL rules to every hop, because a public
// page may redirect anywhere.
func (f *Fetcher) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > f.maxRedirects {
		return unreachable("too many redirects")
	}
	return f.checkURL(req.URL)
}

// checkRetry retries only what may succeed on a second try: transient
// network failures and origin overload (5xx, 429). Policy refusals and
// client errors are final, and errors are passed through untouched so the
// typed errors survive to the caller.
func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return false, ctxErr
	}
	if err != nil {
		return retryableErr(err), nil
	}
	switch code := resp.StatusCode; {
	case code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable:
		// Honour Retry-After, but if it reaches past the deadline give up
		// now with the origin's status rather than sleep into a timeout.
		if wait, ok := retryAfter(resp); ok {
			if dl, has := ctx.Deadline(); has && time.Until(dl) <= wait {
				return false, nil
			}
		}
		return true, nil
	case code >= 500 && code != http.StatusNotImplemented:
		return true, nil
	}
	return false, nil
}

// retryableErr reports whether a transport error is worth another attempt.
func retryableErr(err error) bool {
	var blocked *BlockedError
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var invalidCert x509.CertificateInvalidError
	var recordErr tls.RecordHeaderError
	switch {
	case errors.As(err, &blocked),
		errors.Is(err, fault.ErrBlocked),
		errors.Is(err, fault.ErrInvalidInput),
		errors.Is(err, fault.ErrUnreachable), // redirect policy: too many redirects
		errors.Is(err, context.Canceled),
		errors.Is(err, context.DeadlineExceeded),
		errors.As(err, &dnsErr) && dnsErr.IsNotFound,
		errors.As(err, &certErr),
		errors.As(err, &unknownAuth),
		errors.As(err, &hostErr),
		errors.As(err, &invalidCert),
		errors.As(err, &recordErr):
		return false
	}
	return true
}

// backoff doubles from retryWaitMin up to retryWaitMax, or follows
// Retry-After (which checkRetry has already bounded by the deadline).
func backoff(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
	if resp != nil && (resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable) {
		if wait, ok := retryAfter(resp); ok {
			return wait
		}
	}
	if attempt > 30 {
		return maxWait
	}
	wait := minWait << attempt
	if wait <= 0 || wait > maxWait {
		wait = maxWait
	}
	return wait
}

// retryAfter parses a Retry-After header in either of its forms (seconds
// or an HTTP date).
func retryAfter(resp *http.Response) (time.Duration, bool) {
	v := strings.TrimSpace(resp.Header.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs > math.MaxInt64/int64(time.Second) {
			return time.Duration(math.MaxInt64), true
		}
		return time.Duration(secs) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(time.Until(t), 0), true
}

// passError replaces retryablehttp's default error handler, which wraps
// the error in a "giving up after N attempts" message and drops the last
// response. We want the original error (so errors.As finds BlockedError)
// and, when the origin kept failing, its last status.
func passError(resp *http.Response, err error, _ int) (*http.Response, error) {
	if err != nil {
		if resp != nil {
			resp.Body.Close()
		}
		return nil, err
	}
	return resp, nil
}

// fetchError carries a one-line message for people while still matching
// the fault sentinel and the underlying cause with errors.Is and errors.As.
type fetchError struct {
	msg  string
	errs []error
}

func (e *fetchError) Error() string   { return e.msg }
func (e *fetchError) Unwrap() []error { return e.errs }

// classify turns whatever fetch returned into the package's error
// vocabulary.
func classify(ctx context.Context, err error, limit time.Duration) error {
	var blocked *BlockedError
	if errors.As(err, &blocked) {
		return blocked
	}
	var fe *fetchError
	if errors.As(err, &fe) {
		return fe
	}
	switch ctxErr := ctx.Err(); {
	case errors.Is(ctxErr, context.DeadlineExceeded):
		return &fetchError{
			msg:  fmt.Sprintf("%v after %v", fault.ErrTimeout, limit),
			errs: []error{fault.ErrTimeout, context.DeadlineExceeded},
		}
	case ctxErr != nil:
		return &fetchError{msg: "page fetch cancelled", errs: []error{ctxErr}}
	}
	return &fetchError{
		msg:  fmt.Sprintf("%v: %s", fault.ErrUnreachable, networkReason(err)),
		errs: []error{fault.ErrUnreachable, err},
	}
}

// networkReason explains a transport failure in words a user knows,
// without the "Get "http://…": dial tcp …" prefixes of the raw error.
func networkReason(err error) string {
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var recordErr tls.RecordHeaderError
	var opErr *net.OpError
	var urlErr *url.Error
	switch {
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return fmt.Sprintf("no such host %q", dnsErr.Name)
	case errors.As(err, &dnsErr):
		return fmt.Sprintf("cannot resolve host %q", dnsErr.Name)
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset by the server"
	case errors.Is(err, syscall.EHOSTUNREACH):
		return "host unreachable"
	case errors.Is(err, syscall.ENETUNREACH):
		return "network unreachable"
	case errors.As(err, &certErr):
		return "TLS certificate not valid: " + oneLine(certErr.Err.Error())
	case errors.As(err, &recordErr):
		return "the server does not speak TLS"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "connection closed by the server"
	case errors.As(err, &opErr):
		return oneLine(opErr.Err.Error())
	case errors.As(err, &urlErr):
		return oneLine(urlErr.Err.Error())
	}
	return oneLine(err.Error())
}

// oneLine keeps messages on a single line whatever the cause said.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// unreachable builds an ErrUnreachable error with a reason.
func unreachable(reason string) error {
	return &fetchError{
		msg:  fmt.Sprintf("%v: %s", fault.ErrUnreachable, reason),
		errs: []error{fault.ErrUnreachable},
	}
}

// statusText describes an origin status without trusting its reason
// phrase, which the origin controls.
func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return fmt.Sprintf("HTTP %d %s", code, t)
	}
	return fmt.Sprintf("HTTP %d", code)
}

func (f *Fetcher) tooLarge() error {
	return &fetchError{
		msg:  fmt.Sprintf("%v: more than %s", fault.ErrTooLarge, humanBytes(f.maxBytes)),
		errs: []error{fault.ErrTooLarge},
	}
}

func notHTML(mediaType string) error {
	return &fetchError{
		msg:  fmt.Sprintf("%v: content type %s", fault.ErrNotHTML, mediaType),
		errs: []error{fault.ErrNotHTML},
	}
}

// mediaType returns the lower-case media type of a Content-Type header, or
// a quoted form of the raw header when it does not parse, so it is always
// safe to print.
func mediaType(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil && !errors.Is(err, mime.ErrInvalidMediaParameter) {
		return strconv.Quote(quoteURL(contentType))
	}
	return mt
}

// humanBytes prints a size the way the limits are usually configured.
func humanBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// decodeHTML converts body to UTF-8 using, in order, a byte-order mark,
// the Content-Type charset, a <meta> declaration, and finally a guess.
func decodeHTML(body []byte, contentType string) ([]byte, error) {
	enc, _, certain := charset.DetermineEncoding(body, contentType)
	// DetermineEncoding guesses from the first 1024 bytes only and falls
	// back to windows-1252 when they are plain ASCII; many undeclared pages
	// are UTF-8 further down, so check the whole body before guessing.
	if !certain && enc == encoding.Encoding(charmap.Windows1252) && utf8.Valid(body) {
		enc = encoding.Nop
	}
	out, err := enc.NewDecoder().Bytes(body)
	if err != nil {
		return nil, err
	}
	if !utf8.Valid(out) {
		out = bytes.ToValidUTF8(out, []byte("\uFFFD"))
	}
	return bytes.TrimPrefix(out, []byte("\uFEFF")), nil
}
