package oauth

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/marketingfork/fork/store"
)

// Store is what the authorization server keeps: its clients and one-time
// codes, and the keys it issues as access tokens. store.Store has all of
// it; the server needs no more.
type Store interface {
	CreateOAuthClient(ctx context.Context, c store.OAuthClient) error
	OAuthClient(ctx context.Context, id string) (store.OAuthClient, error)
	CreateOAuthCode(ctx context.Context, c store.OAuthCode) error
	TakeOAuthCode(ctx context.Context, kind string, hash []byte, now time.Time) (store.OAuthCode, error)
	CreateKey(ctx context.Context, k store.Key) error
}

// Config connects the server to the API that mounts it.
type Config struct {
	// Store is required.
	Store Store
	// BaseURL is the API's external base URL for a request: the issuer,
	// and the prefix of every endpoint. Required.
	BaseURL func(r *http.Request) string
	// LimitKeys spends the client address's hourly key quota, which the
	// token endpoint shares with the API's key page; it returns the
	// API's 429 when the quota is used up. Required.
	LimitKeys func(r *http.Request) error
	// LimitRegistrations spends the client address's quota of client
	// registrations, likewise. Required.
	LimitRegistrations func(r *http.Request) error
	// KeyIssued, when set, is told the ID of each key issued as an
	// access token (for the access log).
	KeyIssued func(r *http.Request, keyID string)
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger receives refused requests at debug level; nil discards.
	Logger *slog.Logger
}

// Server is the authorization server. Its handlers return the errors they
// do not answer themselves (a body over the API's limit, a quota used up,
// the store down) for the mounting API to answer as all its errors.
type Server struct {
	cfg   Config
	store Store
	log   *slog.Logger
	pages *template.Template
}

//go:embed authorize.html
var pageFiles embed.FS

// New returns the server.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.BaseURL == nil || cfg.LimitKeys == nil || cfg.LimitRegistrations == nil {
		return nil, errors.New("oauth: Config needs Store, BaseURL, LimitKeys and LimitRegistrations")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	pages, err := template.ParseFS(pageFiles, "authorize.html")
	if err != nil {
		return nil, fmt.Errorf("oauth: parse the authorization page: %w", err)
	}
	return &Server{cfg: cfg, store: cfg.Store, log: log, pages: pages}, nil
}

// handlerFunc is an endpoint: it answers, or returns the error to answer.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// Metadata handles GET /.well-known/oauth-authorization-server.
func (h *Server) Metadata(w http.ResponseWriter, r *http.Request) error {
	return h.authServerMetadataDoc(w, r)
}

// Register handles POST /oauth/register.
func (h *Server) Register(w http.ResponseWriter, r *http.Request) error {
	return h.oauthRoute(h.registerClient)(w, r)
}

// Authorize handles GET /oauth/authorize.
func (h *Server) Authorize(w http.ResponseWriter, r *http.Request) error {
	return h.oauthRoute(h.authorize)(w, r)
}

// Decide handles POST /oauth/authorize, the person's answer.
func (h *Server) Decide(w http.ResponseWriter, r *http.Request) error {
	return h.oauthRoute(h.authorizeDecision)(w, r)
}

// Token handles POST /oauth/token.
func (h *Server) Token(w http.ResponseWriter, r *http.Request) error {
	return h.oauthRoute(h.token)(w, r)
}

func (h *Server) now() time.Time                           { return h.cfg.Now() }
func (h *Server) baseURL(r *http.Request) string           { return h.cfg.BaseURL(r) }
func (h *Server) limitKeys(r *http.Request) error          { return h.cfg.LimitKeys(r) }
func (h *Server) limitRegistrations(r *http.Request) error { return h.cfg.LimitRegistrations(r) }

// write writes a whole answer.
func write(w http.ResponseWriter, status int, header http.Header, contentType string, body []byte) {
	hd := w.Header()
	for k, v := range header {
		hd[k] = v
	}
	hd.Set("Content-Type", contentType)
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// writeJSON encodes v and writes it with status and header.
func writeJSON(w http.ResponseWriter, status int, header http.Header, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("oauth: encode %T: %w", v, err)
	}
	write(w, status, header, "application/json", append(b, '\n'))
	return nil
}
