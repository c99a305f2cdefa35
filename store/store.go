// Package store keeps what the server must remember across requests,
// restarts and nodes: API keys (hashed), idempotency records, rate-limit
// windows, metrics counters, and the OAuth clients and one-time codes of the
// authorization server, and the forks a key made (kept for a while so they
// can be served as a variant page, exported and checked for drift). One interface, with three implementations an
// importer can pick from: store/sqlite (one file, the embedded default),
// store/postgres (several nodes sharing one database) and store/memory (tests
// and single-process embedding; nothing survives a restart). A store of your
// own can be checked with the same conformance suite, store/storetest.
package store

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ErrNotFound is returned when a key or record does not exist.
var ErrNotFound = errors.New("not found")

// ErrUnavailable marks an error that says the store cannot be reached now
// (the database is down, restarting or refusing connections) rather than
// that the request was wrong: the HTTP API answers 503 with Retry-After,
// and a load balancer or client retries.
var ErrUnavailable = errors.New("store unavailable")

// Key is an API key as stored: never the key itself, only its hash.
type Key struct {
	// ID is the key's public identifier ("key_…"), shown in listings.
	ID string
	// Hash is SHA-256 of the full key.
	Hash []byte
	// Prefix is the key's first characters, shown so an operator can tell
	// keys apart without seeing them.
	Prefix string
	// Name is an operator's label ("ci", "alice@example.com").
	Name string
	// CreatedAt is when the key was issued.
	CreatedAt time.Time
	// RevokedAt is when it was revoked; zero while it is valid.
	RevokedAt time.Time
}

// Idempotency states.
const (
	IdemRunning = "running"
	IdemDone    = "done"
)

// IdemRunningTimeout is how long a running idempotency record holds its key.
// A request runs far shorter (the server's write timeout is a minute); a
// record still running after this belongs to a node that died or was cut
// off mid-request, and a retry may claim it instead of getting 409 for the
// rest of the day.
const IdemRunningTimeout = 2 * time.Minute

// Idem is a stored idempotent request and, once done, its response.
type Idem struct {
	// Scope is the API key's ID the record belongs to.
	Scope string
	// Key is the client's Idempotency-Key.
	Key string
	// BodyHash is SHA-256 of the request body, to tell a repeat from a
	// different request under the same key.
	BodyHash []byte
	// State is IdemRunning or IdemDone.
	State string
	// Status, ContentType and Body are the stored response once done.
	Status      int
	ContentType string
	Body        []byte
	// CreatedAt is when the first request arrived; records expire 24 hours
	// after it.
	CreatedAt time.Time
}

// MetricRow is one per-endpoint access counter.
type MetricRow struct {
	Route  string // the route pattern ("/v1/fork")
	Method string
	Class  string // status class: "2xx", "4xx", "5xx"
	Count  int64
}

// OAuthClient is a client registered through OAuth 2.0 Dynamic Client
// Registration (RFC 7591). Every client is public: the server issues no
// secret, so none is stored, and PKCE protects the client's codes instead.
type OAuthClient struct {
	// ID is the client_id, random and unguessable ("mfc_…").
	ID string
	// Name is the client_name the client gave, shown to the person asked
	// to approve it; empty when it gave none.
	Name string
	// RedirectURIs are the redirect URIs, in the order given. An
	// authorization request must name one of them exactly.
	RedirectURIs []string
	// CreatedAt is when the client registered.
	CreatedAt time.Time
}

// Kinds of OAuthCode. A code is taken only as the kind it was stored as, so
// the token of a consent form, which the page shows, can never be exchanged
// for an access token as if the person had approved.
const (
	// OAuthKindConsent is the token of a consent form: stored when the
	// authorization page is shown, taken when the person approves or
	// denies.
	OAuthKindConsent = "consent"
	// OAuthKindCode is an authorization code: stored on approval, taken by
	// the token endpoint.
	OAuthKindCode = "code"
)

// OAuthCode is a one-time secret of the authorization code flow, stored only
// as its hash. It carries the authorization request it was issued for, so
// that what the person approved is exactly what the code is good for.
type OAuthCode struct {
	// Hash is SHA-256 of the secret; the secret itself is never stored.
	Hash []byte
	// Kind is OAuthKindConsent or OAuthKindCode.
	Kind string
	// ClientID is the client the request came from.
	ClientID string
	// RedirectURI is the redirect URI the request named, which the token
	// request must repeat.
	RedirectURI string
	// CodeChallenge is the PKCE S256 challenge the token request's
	// code_verifier must answer.
	CodeChallenge string
	// Resource is the RFC 8707 resource the token is for; empty when the
	// request named none.
	Resource string
	// Scope is the scope granted.
	Scope string
	// State is the client's state, echoed in the redirect after consent;
	// empty for codes, which no longer need it.
	State string
	// CreatedAt is when the secret was issued.
	CreatedAt time.Time
	// ExpiresAt is when it stops working: it can be taken while the time
	// is before ExpiresAt.
	ExpiresAt time.Time
}

// Store is what the HTTP API needs remembered. Implementations are safe for
// concurrent use by many goroutines and, for PostgreSQL, many nodes.
type Store interface {
	// Kind names the implementation ("sqlite", "postgres").
	Kind() string
	// Ping checks the store answers.
	Ping(ctx context.Context) error
	// Close releases the store.
	Close() error

	// CreateKey stores a new key.
	CreateKey(ctx context.Context, k Key) error
	// KeyByHash finds a key by its hash; ErrNotFound if none. Revoked keys
	// are returned too, with RevokedAt set.
	KeyByHash(ctx context.Context, hash []byte) (Key, error)
	// ListKeys returns every key, oldest first.
	ListKeys(ctx context.Context) ([]Key, error)
	// CountKeys returns how many keys were ever created, revoked ones
	// included: the durable count of keys issued, by /get-key or the CLI.
	CountKeys(ctx context.Context) (int64, error)
	// RevokeKey marks a key revoked; ErrNotFound if no key has the ID.
	RevokeKey(ctx context.Context, id string, at time.Time) error

	// BeginIdem claims (scope, key) for a request with the given body hash.
	// If no live record exists (none, one older than ttl at now, or one
	// still running after IdemRunningTimeout) it stores a running record
	// and returns it with claimed true. Otherwise it returns
	// the existing record with claimed false, and the caller replays it,
	// reports a conflict (running) or a mismatch (other body hash).
	BeginIdem(ctx context.Context, scope, key string, bodyHash []byte, now time.Time, ttl time.Duration) (rec Idem, claimed bool, err error)
	// FinishIdem stores the response of a claimed record.
	FinishIdem(ctx context.Context, scope, key string, status int, contentType string, body []byte) error
	// AbandonIdem deletes a claimed record whose request failed in a way a
	// retry may fix (a 5xx), so the retry runs again.
	AbandonIdem(ctx context.Context, scope, key string) error

	// Hit adds one to the counter of bucket in the fixed window starting at
	// window and returns the new count. Old windows may be pruned.
	Hit(ctx context.Context, bucket string, window time.Time) (int64, error)
	// Unhit takes back one Hit of bucket in the window (never below zero):
	// a request that one quota refused must not spend the others.
	Unhit(ctx context.Context, bucket string, window time.Time) error

	// AddMetrics adds counts to the per-endpoint counters.
	AddMetrics(ctx context.Context, rows []MetricRow) error
	// Metrics returns every counter, ordered by route, method and class.
	Metrics(ctx context.Context) ([]MetricRow, error)

	// CreateOAuthClient stores a newly registered client. A client whose ID
	// is already stored is refused.
	CreateOAuthClient(ctx context.Context, c OAuthClient) error
	// OAuthClient finds a client by its ID; ErrNotFound if none.
	OAuthClient(ctx context.Context, id string) (OAuthClient, error)
	// CreateOAuthCode stores a one-time secret. A secret whose hash is
	// already stored is refused. Secrets expired at c.CreatedAt may be
	// deleted.
	CreateOAuthCode(ctx context.Context, c OAuthCode) error
	// TakeOAuthCode fetches and deletes, atomically, the secret of the
	// given kind with the given hash, so that of any number of concurrent
	// callers (on any node) at most one gets it. It returns ErrNotFound
	// when there is none, when it was stored as another kind (and then
	// leaves it in place), or when it has expired at now.
	TakeOAuthCode(ctx context.Context, kind string, hash []byte, now time.Time) (OAuthCode, error)

	// CreateFork keeps a fork. A fork whose ID is already stored is refused.
	CreateFork(ctx context.Context, f Fork) error
	// Fork finds the fork with the given ID made by owner; ErrNotFound when
	// there is none, when another key made it, or when it has expired at now.
	Fork(ctx context.Context, owner, id string, now time.Time) (Fork, error)
	// ListForks returns owner's forks not expired at now, newest first
	// (ties by ID, descending), at most limit of them, starting after the
	// cursor (the zero ForkCursor for the first page); limit is at least
	// 1. The listed forks
	// carry their ID, Owner, times and Request only. next is the cursor of
	// the following page, the zero ForkCursor when there is none.
	ListForks(ctx context.Context, owner string, after ForkCursor, limit int, now time.Time) (forks []Fork, next ForkCursor, err error)
	// DeleteFork deletes owner's fork; ErrNotFound when owner has no fork
	// with the ID.
	DeleteFork(ctx context.Context, owner, id string) error
	// PurgeForks deletes every fork expired at now and returns how many.
	PurgeForks(ctx context.Context, now time.Time) (int64, error)
}

// Fork is a kept fork: the result as the API answered it, with what is
// needed to serve, export and re-check it later without the source page
// having to stay the same.
type Fork struct {
	// ID is the fork's public identifier ("fk_…").
	ID string
	// Owner is the ID of the API key that made the fork; no other key
	// sees it.
	Owner string
	// CreatedAt is when the fork was made.
	CreatedAt time.Time
	// ExpiresAt is when it stops being served; PurgeForks deletes it after.
	ExpiresAt time.Time
	// Request is the fork request as JSON.
	Request []byte
	// Result is the fork result as JSON.
	Result []byte
	// Source is the source page's HTML as it was forked, so exports locate
	// their selectors on the page the fork was made from.
	Source []byte
	// Blocks are the source blocks' hashes at the time of the fork, for
	// the drift check.
	Blocks []BlockHash
}

// WithEmpty returns f with empty slices for nil ones, for databases whose
// columns are NOT NULL: an absent source page is an empty one.
func (f Fork) WithEmpty() Fork {
	for _, b := range []*[]byte{&f.Request, &f.Result, &f.Source} {
		if *b == nil {
			*b = []byte{}
		}
	}
	if f.Blocks == nil {
		f.Blocks = []BlockHash{}
	}
	return f
}

// BlockHash is the hash of one source block's text, where the block was.
type BlockHash struct {
	// Block is the block's ID in the fork.
	Block int `json:"block"`
	// Path points at the block's element in the source page.
	Path string `json:"path"`
	// SHA256 is the hex SHA-256 of the block's source text.
	SHA256 string `json:"sha256"`
}

// ForkCursor is a position in a key's list of forks: the last fork of the
// previous page. The zero ForkCursor is the start.
type ForkCursor struct {
	CreatedAt time.Time
	ID        string
}

// IsZero reports whether c is the start of the list.
func (c ForkCursor) IsZero() bool { return c.ID == "" }

// ErrInvalidCursor is returned by ParseForkCursor for a cursor it did not
// write.
var ErrInvalidCursor = errors.New("invalid cursor")

// String encodes the cursor as an opaque token for a client to send back;
// the zero cursor is "".
func (c ForkCursor) String() string {
	if c.IsZero() {
		return ""
	}
	raw := strconv.FormatInt(c.CreatedAt.UnixNano(), 10) + ":" + c.ID
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

// ParseForkCursor decodes a token String wrote; "" is the zero cursor. A
// token it did not write is an error wrapping ErrInvalidCursor.
func ParseForkCursor(s string) (ForkCursor, error) {
	if s == "" {
		return ForkCursor{}, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return ForkCursor{}, fmt.Errorf("%w: not a cursor this server wrote", ErrInvalidCursor)
	}
	n, id, ok := strings.Cut(string(raw), ":")
	ns, err := strconv.ParseInt(n, 10, 64)
	if !ok || err != nil || id == "" {
		return ForkCursor{}, fmt.Errorf("%w: not a cursor this server wrote", ErrInvalidCursor)
	}
	return ForkCursor{CreatedAt: time.Unix(0, ns).UTC(), ID: id}, nil
}

// PageOf cuts a page of forks read with one row more than limit (to learn
// whether another page follows) to limit, and returns the cursor of the
// next page: the zero ForkCursor when the extra row was not there. A limit
// of zero or less keeps every row.
func PageOf(forks []Fork, limit int) ([]Fork, ForkCursor, error) {
	if limit <= 0 || len(forks) <= limit {
		return forks, ForkCursor{}, nil
	}
	forks = forks[:limit]
	last := forks[limit-1]
	return forks, ForkCursor{CreatedAt: last.CreatedAt, ID: last.ID}, nil
}
