package httpapi

import (
	"context"
	"github.com/marketingfork/fork/internal/oauth"
	"log/slog"
	"net/http"
	"time"

	"github.com/marketingfork/fork"
)

// healthBody is GET /health's answer.
type healthBody struct {
	// Status is "ok", or "unavailable" when the store does not answer.
	Status string `json:"status"`
	// Store names the store ("sqlite").
	Store string `json:"store"`
	// Version is the server's version.
	Version string `json:"version"`
}

// pingTimeout bounds the store check, so a hung store makes /health answer
// 503 quickly instead of hanging a load balancer's probe.
const pingTimeout = 2 * time.Second

// health handles GET /health: 200 when the store answers, 503 otherwise,
// with the same body shape either way so a probe can read both.
func (h *Handler) health(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), pingTimeout)
	defer cancel()
	body := healthBody{Status: "ok", Store: h.store.Kind(), Version: h.cfg.Version}
	status := http.StatusOK
	if err := h.store.Ping(ctx); err != nil {
		h.log.LogAttrs(ctx, slog.LevelError, "store ping", slog.String("request_id", stateOf(r).id), slog.String("error", err.Error()))
		body.Status, status = "unavailable", http.StatusServiceUnavailable
	}
	return writeJSON(w, status, body)
}

// statusBody is GET /v1/status's answer.
type statusBody struct {
	// Version is the server's version.
	Version string `json:"version"`
	// Provider names the production provider and whether it translates.
	Provider fork.ProviderInfo `json:"provider"`
	// Store names the store ("sqlite").
	Store string `json:"store"`
	// StartedAt is when this Handler was built.
	StartedAt time.Time `json:"started_at"`
	// UptimeSeconds is the time since StartedAt, in whole seconds.
	UptimeSeconds int64 `json:"uptime_seconds"`
	// Counts are totals from the metrics, across restarts and nodes.
	Counts statusCounts `json:"counts"`
}

// statusCounts are the service's totals.
type statusCounts struct {
	// KeysIssued counts the API keys ever issued, at /get-key or with the
	// CLI: the store's own count, durable across a crash.
	KeysIssued int64 `json:"keys_issued"`
	// ForksServed counts production forks made (replays not included).
	ForksServed int64 `json:"forks_served"`
	// SandboxForks counts sample forks answered.
	SandboxForks int64 `json:"sandbox_forks"`
}

// status handles GET /v1/status.
func (h *Handler) status(w http.ResponseWriter, r *http.Request) error {
	m, err := h.metrics.report(r.Context())
	if err != nil {
		return err
	}
	now := h.now().UTC()
	return writeJSON(w, http.StatusOK, statusBody{
		Version:       h.cfg.Version,
		Provider:      h.forker.Provider().Info(),
		Store:         h.store.Kind(),
		StartedAt:     h.started,
		UptimeSeconds: int64(now.Sub(h.started) / time.Second),
		Counts:        statusCounts{KeysIssued: m.KeysIssued, ForksServed: m.Forks.Production, SandboxForks: m.Forks.Sandbox},
	})
}

// profilesBody is GET /v1/profiles's answer.
type profilesBody struct {
	// Profiles are the audience profiles, default first.
	Profiles []fork.Profile `json:"profiles"`
	// Layers are the four language layers, default first.
	Layers []fork.Layer `json:"layers"`
	// Translation says whether forks into another language than the page's
	// are available here, and which provider would make them.
	Translation translationInfo `json:"translation"`
}

// translationInfo tells a client, before it asks, whether a target_language
// in another language than the page's will work.
type translationInfo struct {
	// Available is true when the provider translates.
	Available bool `json:"available"`
	// Provider names the provider that forks here.
	Provider string `json:"provider"`
}

// listProfiles handles GET /v1/profiles. It needs no key, but a key that is
// given must be valid: a client should learn its key is bad here rather
// than on its first fork.
func (h *Handler) listProfiles(w http.ResponseWriter, r *http.Request) error {
	if _, err := h.authenticate(r, false); err != nil {
		return err
	}
	reply{status: http.StatusOK, contentType: "application/json", body: h.profiles}.write(w)
	return nil
}

// resourceMetadata is the RFC 9728 protected resource metadata.
type resourceMetadata struct {
	// Resource is the resource identifier: the API's base URL, or its MCP
	// endpoint's URL.
	Resource string `json:"resource"`
	// AuthorizationServers names the one issuer whose tokens the resource
	// takes: this server itself, at the base URL, whose RFC 8414 metadata
	// an MCP client reads next.
	AuthorizationServers []string `json:"authorization_servers"`
	// ScopesSupported is ["fork"], the one scope there is.
	ScopesSupported []string `json:"scopes_supported"`
	// BearerMethodsSupported says how a key is sent: in the Authorization
	// header.
	BearerMethodsSupported []string `json:"bearer_methods_supported"`
	// ResourceName is the API's name for people.
	ResourceName string `json:"resource_name"`
	// ResourceDocumentation is where people read how to get and use a key.
	ResourceDocumentation string `json:"resource_documentation"`
}

// protectedResource handles GET /.well-known/oauth-protected-resource, the
// metadata of the REST API. A person can still get a key at /get-key; a
// client can get one through the authorization server it names.
func (h *Handler) protectedResource(w http.ResponseWriter, r *http.Request) error {
	base := h.baseURL(r)
	return writeJSON(w, http.StatusOK, newResourceMetadata(base, base, "Marketing Fork API"))
}

// newResourceMetadata is the metadata of resource, served by the API at
// base, which is also the issuer of the tokens it takes.
func newResourceMetadata(base, resource, name string) resourceMetadata {
	return resourceMetadata{
		Resource:               resource,
		AuthorizationServers:   []string{base},
		ScopesSupported:        []string{oauth.Scope},
		BearerMethodsSupported: []string{"header"},
		ResourceName:           name,
		ResourceDocumentation:  base + "/get-key",
	}
}
