// Package mcpserver serves the fork as a Model Context Protocol server over
// Streamable HTTP, for the HTTP API to mount at /mcp.
//
// The server offers five tools (list_profiles, extract_copy, plan_fork,
// fork_copy, verify_fork), one prompt (fork_landing_page) that walks an
// agent through writing a fork itself, and three resources (the profiles,
// the layers and the agent skill's SKILL.md). It is built on the official MCP Go
// SDK and runs stateless: every HTTP request stands alone, so any node of
// a load-balanced deployment can answer any request, and clients of the
// sessionless protocol (2026-07-28) as well as of the handshake-era
// revisions (2025-11-25, 2025-06-18 and older) are served.
//
// Every request passes two checks before the SDK sees it: its Origin, when
// it has one, must be the server's own host or an allowed origin (403
// otherwise), and it must carry a valid API key unless it is a sandbox
// request (X-Sandbox: true), which needs none (401 otherwise). Sandbox
// tool calls work on the built-in sample page and fetch nothing.
package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/marketingfork/fork/internal/apierr"
	"github.com/marketingfork/fork/internal/host"
	"log/slog"
	"net/http"
	"net/url"
	"strings"

	"github.com/marketingfork/fork"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrUnauthorized is what Config.Authenticate wraps when a request's
// credentials are missing or invalid. Any other error from Authenticate is
// taken as a failure of the check itself and answered with a 500.
var ErrUnauthorized = apierr.ErrUnauthorized

// Config configures the MCP server.
type Config struct {
	// Forker forks for production calls: it fetches pages and has a
	// provider. Required.
	Forker *fork.Forker
	// Slot, when set, is taken around each fork_copy made with Forker
	// (not the sandbox's): the server's bound on forks run at once.
	Slot func(ctx context.Context) (release func(), err error)
	// Sandbox forks for sandbox calls; it should use the built-in rules
	// provider. Sandbox calls give it the sample page inline, so it fetches
	// nothing. Required.
	Sandbox *fork.Forker
	// SamplePage is the sandbox's sample page, HTML. Required.
	SamplePage string
	// Authenticate checks a request's credentials (Authorization: Bearer
	// <key>) and returns the key's ID. It returns an error wrapping
	// ErrUnauthorized when they are missing or invalid. Sandbox requests
	// (X-Sandbox: true) that carry no credentials are not checked.
	// Required.
	Authenticate func(r *http.Request) (keyID string, err error)
	// Export writes the caller's kept fork id in an A/B testing tool's
	// format (growthbook, optimizely, posthog, unbounce, patch), for the
	// export_fork tool, and the export's media type; keyID is the caller's
	// key. Its errors are told through the error catalog. Nil leaves
	// export_fork out.
	Export func(ctx context.Context, keyID, id, format string) (body, contentType string, err error)
	// BaseURL returns the service's external base URL (scheme, host and
	// any mount prefix, no trailing slash), for the resource_metadata link
	// of a 401. When nil, it is taken from the request's scheme and Host.
	BaseURL func(r *http.Request) string
	// AllowedOrigins are browser origins ("https://app.example.com")
	// allowed besides the server's own host. When empty, only requests
	// without an Origin header or from the same host are served.
	AllowedOrigins []string
	// Version is the server version reported to clients.
	Version string
	// Logger receives the server's log; nil discards it.
	Logger *slog.Logger
}

// Paths and names the server publishes.
const (
	// ServerName is the server's name in its implementation info.
	ServerName = "marketing-fork"
	// ProtectedResourcePath is the RFC 9728 metadata path for /mcp, relative
	// to the base URL; a 401 points at it.
	ProtectedResourcePath = "/.well-known/oauth-protected-resource/mcp"
)

// server holds what the handlers share. It is read-only after New.
type server struct {
	cfg     Config
	log     *slog.Logger
	origins map[string]bool
	// profilesJSON, layersJSON and skill are the resources' contents,
	// built once.
	profilesJSON, layersJSON, skill string
}

// New checks cfg and returns the MCP endpoint as an http.Handler. The
// handler answers at whatever path it is mounted on.
func New(cfg Config) (http.Handler, error) {
	switch {
	case cfg.Forker == nil:
		return nil, errors.New("mcpserver: Config.Forker is required")
	case cfg.Sandbox == nil:
		return nil, errors.New("mcpserver: Config.Sandbox is required")
	case cfg.Authenticate == nil:
		return nil, errors.New("mcpserver: Config.Authenticate is required")
	case strings.TrimSpace(cfg.SamplePage) == "":
		return nil, errors.New("mcpserver: Config.SamplePage is required")
	}
	if _, err := cfg.Sandbox.Extract(context.Background(), fork.Source{HTML: cfg.SamplePage}); err != nil {
		return nil, fmt.Errorf("mcpserver: the sample page cannot be read: %w", err)
	}
	s := &server{cfg: cfg, log: cfg.Logger, origins: map[string]bool{}}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.cfg.Version == "" {
		s.cfg.Version = "devel"
	}
	for _, o := range cfg.AllowedOrigins {
		norm, err := normalizeOrigin(o)
		if err != nil {
			return nil, fmt.Errorf("mcpserver: allowed origin %q: %w", o, err)
		}
		s.origins[norm] = true
	}
	var err error
	if s.profilesJSON, err = indentJSON(fork.Profiles()); err != nil {
		return nil, err
	}
	if s.layersJSON, err = indentJSON(fork.Layers()); err != nil {
		return nil, err
	}
	if s.skill, err = skillText(); err != nil {
		return nil, err
	}

	srv := mcp.NewServer(&mcp.Implementation{
		Name:    ServerName,
		Title:   "Marketing Fork",
		Version: s.cfg.Version,
	}, &mcp.ServerOptions{
		Instructions: instructions,
		Logger:       s.log,
	})
	s.addTools(srv)
	s.addPrompts(srv)
	s.addResources(srv)

	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		// Stateless: no session lives in this process, so any node can
		// answer any request, and the sessionless protocol is served.
		Stateless: true,
		// Plain JSON answers: no tool streams progress, and JSON passes
		// every proxy and is easy to read with curl.
		JSONResponse: true,
		// The SDK's localhost check refuses a request that reached a
		// loopback address with another Host, which is what a reverse
		// proxy on the same machine sends. The Origin check below and
		// the API key guard against DNS rebinding instead.
		DisableLocalhostProtection: true,
		Logger:                     s.log,
	})
	return s.guard(h), nil
}

// instructions tell a client what the server is for.
const instructions = "Marketing Fork rebuilds a landing page's copy for another audience (profile), language layer or culture while keeping its offer exactly: prices, numbers, names, guarantees and links stay as they are. " +
	"To write a fork yourself: extract_copy, then plan_fork (briefs, length budgets, rules, locked facts), write each block, then verify_fork and fix what fails. " +
	"fork_copy forks on the server in one call. list_profiles names the profiles and layers. " +
	"Send X-Sandbox: true (or sandbox: true) to work on the built-in sample page without a key."

// guard checks a request's Origin and credentials before next sees it.
func (s *server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !s.originAllowed(r, origin) {
			s.log.Debug("mcp: origin refused", "origin", origin, "host", r.Host)
			writeError(w, http.StatusForbidden, "forbidden", "origin not allowed", nil)
			return
		}
		sandbox := sandboxHeader(r.Header)
		given := hasCredentials(r)
		if sandbox && !given {
			next.ServeHTTP(w, r)
			return
		}
		keyID, err := s.cfg.Authenticate(r)
		switch {
		case errors.Is(err, ErrUnauthorized):
			s.unauthorized(w, r, given, err)
			return
		case err != nil:
			s.log.Error("mcp: authentication failed", "err", err)
			writeError(w, http.StatusInternalServerError, "internal", "the API key could not be checked; try again later", nil)
			return
		}
		s.log.Debug("mcp: request", "key_id", keyID, "sandbox", sandbox, "method", r.Method)
		next.ServeHTTP(w, r)
	})
}

// unauthorized writes a 401 that points the client at the protected
// resource metadata; invalid_token is added when credentials were given,
// as RFC 6750 asks.
func (s *server) unauthorized(w http.ResponseWriter, r *http.Request, given bool, err error) {
	base := s.baseURL(r)
	challenge := fmt.Sprintf(`Bearer resource_metadata="%s%s"`, base, ProtectedResourcePath)
	detail := "an API key is required: send Authorization: Bearer <key>"
	if given {
		challenge += `, error="invalid_token"`
		detail = strings.TrimPrefix(err.Error(), ErrUnauthorized.Error()+": ")
		if detail == ErrUnauthorized.Error() {
			detail = "the API key is not valid"
		}
	}
	detail += "; get a free key at " + base + "/get-key, or send X-Sandbox: true to try the tools on the sample page"
	writeError(w, http.StatusUnauthorized, "unauthorized", detail, http.Header{"Www-Authenticate": {challenge}})
}

// baseURL is the external base URL without a trailing slash.
func (s *server) baseURL(r *http.Request) string {
	if s.cfg.BaseURL != nil {
		return strings.TrimRight(s.cfg.BaseURL(r), "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + host.Clean(r.Host)
}

// originAllowed reports whether a browser origin may call the server: its
// own host (as the request names it or as BaseURL does) or an allowed one.
func (s *server) originAllowed(r *http.Request, origin string) bool {
	norm, err := normalizeOrigin(origin)
	if err != nil {
		return false
	}
	if s.origins[norm] {
		return true
	}
	u, _ := url.Parse(norm)
	if strings.EqualFold(hostPort(u.Host, u.Scheme), hostPort(r.Host, u.Scheme)) {
		return true
	}
	if base, err := url.Parse(s.baseURL(r)); err == nil && base.Host != "" {
		return strings.EqualFold(base.Scheme, u.Scheme) && strings.EqualFold(hostPort(base.Host, base.Scheme), hostPort(u.Host, u.Scheme))
	}
	return false
}

// normalizeOrigin returns an origin as scheme://host[:port], lower-cased,
// or an error when it is not one (a path, "null", no host).
func normalizeOrigin(o string) (string, error) {
	u, err := url.Parse(strings.TrimRight(strings.TrimSpace(o), "/"))
	if err != nil {
		return "", err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.User != nil {
		return "", errors.New("an origin is scheme://host[:port]")
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

// hostPort drops the scheme's default port, so "example.com:443" and
// "example.com" compare equal for https.
func hostPort(host, scheme string) string {
	switch {
	case scheme == "http" && strings.HasSuffix(host, ":80"):
		return strings.TrimSuffix(host, ":80")
	case scheme == "https" && strings.HasSuffix(host, ":443"):
		return strings.TrimSuffix(host, ":443")
	}
	return host
}

// sandboxHeader reports whether a request asks for the sandbox.
func sandboxHeader(h http.Header) bool {
	return strings.EqualFold(strings.TrimSpace(h.Get("X-Sandbox")), "true")
}

// hasCredentials reports whether a request carries an API key at all.
func hasCredentials(r *http.Request) bool {
	return strings.TrimSpace(r.Header.Get("Authorization")) != "" || strings.TrimSpace(r.Header.Get("X-API-Key")) != ""
}

// errorBody is the JSON body of a refused request, with the fields the
// HTTP API's errors have.
type errorBody struct {
	Detail    string `json:"detail"`
	Status    int    `json:"status"`
	Type      string `json:"type"`
	RequestID string `json:"request_id,omitempty"`
}

// writeError writes a JSON error answer. The request ID is the one the
// mounting API set on the response, if any.
func writeError(w http.ResponseWriter, status int, typ, detail string, header http.Header) {
	hd := w.Header()
	for k, v := range header {
		hd[k] = v
	}
	body, _ := json.Marshal(errorBody{Detail: detail, Status: status, Type: typ, RequestID: hd.Get("X-Request-Id")})
	hd.Set("Content-Type", "application/json")
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}

// indentJSON encodes v for a resource.
func indentJSON(v any) (string, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return "", fmt.Errorf("mcpserver: encode resource: %w", err)
	}
	return string(b), nil
}
