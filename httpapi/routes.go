package httpapi

import (
	"github.com/marketingfork/fork/internal/host"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// handlerFunc is a route's handler. It returns an error instead of writing
// one, so that errors become HTTP answers in one place (errorReply).
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// route is one real endpoint. The table is the source for the mux, for the
// Allow header of a 405, for the listing in a 404 and for metrics labels.
type route struct {
	method string
	path   string
	handle handlerFunc
}

// Labels of the catch-all routes, as they appear in metrics.
const catchAll = "/{path...}"

// register builds the mux. Routes are Go 1.22 method-and-path patterns; the
// catch-all takes every other method and path, so that a wrong path or
// method gets a JSON answer rather than net/http's plain text.
func (h *Handler) register() {
	h.routes = []route{
		{http.MethodGet, "/health", h.health},
		{http.MethodGet, "/v1/status", h.status},
		{http.MethodGet, "/v1/profiles", h.listProfiles},
		{http.MethodPost, "/v1/fork", h.fork},
		{http.MethodGet, "/v1/forks", h.listForks},
		{http.MethodGet, "/v1/forks/{id}", h.getFork},
		{http.MethodDelete, "/v1/forks/{id}", h.deleteFork},
		{http.MethodGet, "/v1/forks/{id}/page", h.forkPage},
		{http.MethodGet, "/v1/forks/{id}/export", h.exportFork},
		{http.MethodGet, "/v1/forks/{id}/drift", h.drift},
		{http.MethodGet, "/metrics", h.metricsReport},
		{http.MethodGet, "/openapi.json", h.openAPI},
		{http.MethodGet, "/get-key", h.keyPage},
		{http.MethodPost, "/get-key", h.issueKey},
		{http.MethodGet, "/.well-known/oauth-protected-resource", h.protectedResource},
		{http.MethodGet, "/.well-known/oauth-protected-resource/mcp", h.protectedResourceMCP},
		{http.MethodGet, "/.well-known/oauth-authorization-server", h.oauth.Metadata},
		{http.MethodPost, "/oauth/register", h.oauth.Register},
		{http.MethodGet, "/oauth/authorize", h.oauth.Authorize},
		{http.MethodPost, "/oauth/authorize", h.oauth.Decide},
		{http.MethodPost, "/oauth/token", h.oauth.Token},
		{http.MethodPost, "/mcp", h.mcp},
		{http.MethodGet, "/mcp", h.mcp},
		{http.MethodDelete, "/mcp", h.mcp},
		{http.MethodGet, "/ask", h.askNL},
		{http.MethodPost, "/ask", h.askNL},
		{http.MethodGet, "/llms.txt", h.llmsTxt},
		{http.MethodGet, "/skill/{file...}", h.skillFile},
		{http.MethodGet, "/app", h.app},
	}
	h.mux = http.NewServeMux()
	h.allowed = map[string][]string{}
	for _, rt := range h.routes {
		h.mux.Handle(rt.method+" "+rt.path, h.adapt(rt.path, rt.handle))
		if rt.path == "/mcp" && rt.method != http.MethodPost {
			// GET and DELETE reach the MCP transport so that a client
			// hears its own 405 after authentication, but the stateless
			// server supports only POST: Allow says so.
			continue
		}
		h.allowed[rt.path] = append(h.allowed[rt.path], rt.method)
	}
	h.mux.Handle("OPTIONS "+catchAll, h.adapt(catchAll, h.preflight))
	h.mux.Handle(catchAll, h.adapt(catchAll, h.notFound))
}

// adapt turns a handlerFunc into an http.Handler that records the route
// label for the access log and metrics and maps a returned error.
func (h *Handler) adapt(label string, fn handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		stateOf(r).route = label
		if err := fn(w, r); err != nil {
			h.writeError(w, r, err)
		}
	})
}

// allow lists the methods a path answers, as the Allow header writes them.
func (h *Handler) allow(path string) []string {
	methods, ok := h.allowed[path]
	if !ok {
		// The skill's files are one pattern route: a file that exists
		// answers other methods with 405, as a fixed route does.
		name, isSkill := strings.CutPrefix(path, "/skill/")
		if !isSkill || !skillFileExists(name) {
			return nil
		}
		methods = []string{http.MethodGet}
	}
	out := slices.Clone(methods)
	if slices.Contains(out, http.MethodGet) {
		out = append(out, http.MethodHead)
	}
	return append(out, http.MethodOptions)
}

// endpoint is one real path and its methods, as a 404 lists them.
type endpoint struct {
	Path    string   `json:"path"`
	Methods []string `json:"methods"`
}

// endpoints lists the real routes under the mount prefix, in table order,
// so a client that got a path wrong can see the right ones.
func (h *Handler) endpoints(r *http.Request) []endpoint {
	prefix := mountPrefix(r)
	var out []endpoint
	for _, rt := range h.routes {
		if i := slices.IndexFunc(out, func(e endpoint) bool { return e.Path == prefix+rt.path }); i >= 0 {
			out[i].Methods = append(out[i].Methods, rt.method)
			continue
		}
		out = append(out, endpoint{Path: prefix + rt.path, Methods: []string{rt.method}})
	}
	return out
}

// notFound answers every request no route matched: 405 when the path is
// real but the method is not, 404 otherwise. A wrong path must never look
// like success.
func (h *Handler) notFound(w http.ResponseWriter, r *http.Request) error {
	if methods := h.allow(r.URL.Path); methods != nil {
		return errMethodNotAllowed(r, methods)
	}
	return errNotFound(r, h.endpoints(r))
}

// preflight answers a CORS preflight on any path. The API is meant to be
// called from browsers on other origins with a key, and it uses no
// cookies, so any origin may call it.
func (h *Handler) preflight(w http.ResponseWriter, r *http.Request) error {
	hd := w.Header()
	hd.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
	hd.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-API-Key, X-Sandbox, Idempotency-Key, X-Request-Id")
	hd.Set("Access-Control-Max-Age", "600")
	if methods := h.allow(r.URL.Path); methods != nil {
		hd.Set("Allow", strings.Join(methods, ", "))
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// baseURL is the API's external address without a trailing slash:
// Config.BaseURL, or what the request says (scheme from TLS or
// X-Forwarded-Proto, Host, and the prefix the Handler is mounted under).
func (h *Handler) baseURL(r *http.Request) string {
	if h.cfg.BaseURL != "" {
		return strings.TrimRight(h.cfg.BaseURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	// X-Forwarded-Proto is the client's to set unless a proxy in front is
	// trusted to overwrite it.
	if p, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ","); p != "" && h.cfg.TrustProxy {
		if p = strings.ToLower(strings.TrimSpace(p)); p == "http" || p == "https" {
			scheme = p
		}
	}
	return scheme + "://" + host.Clean(r.Host) + mountPrefix(r)
}

// mountPrefix is the path the Handler is mounted under ("/marketing" after
// http.StripPrefix("/marketing", h)), or "". StripPrefix shortens
// r.URL.Path but leaves r.RequestURI as the client sent it, so the prefix
// is what RequestURI's path has in front of r.URL.Path.
func mountPrefix(r *http.Request) string {
	if r.RequestURI == "" || r.RequestURI == "*" {
		return ""
	}
	full := r.RequestURI
	if u, err := url.ParseRequestURI(r.RequestURI); err == nil {
		full = u.EscapedPath()
	} else if i := strings.IndexByte(full, '?'); i >= 0 {
		full = full[:i]
	}
	tail := r.URL.EscapedPath()
	if tail == "" || !strings.HasSuffix(full, tail) {
		return ""
	}
	return strings.TrimRight(full[:len(full)-len(tail)], "/")
}

// clientPath is the path the client asked for, mount prefix included, for
// messages that quote it back.
func clientPath(r *http.Request) string {
	return mountPrefix(r) + r.URL.Path
}
