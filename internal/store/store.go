// Package store keeps what the server must remember across requests,
// restarts and nodes: API keys (hashed), idempotency records, rate-limit
// windows and metrics counters. One interface, implemented on SQLite (the
// embedded default) and, later, PostgreSQL.
package store

import (
	"context"
	"errors"
	"time"
)

// ErrNotFound is returned when a key or record does not exist.
var ErrNotFound = errors.New("not found")

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
	// RevokeKey marks a key revoked; ErrNotFound if no key has the ID.
	RevokeKey(ctx context.Context, id string, at time.Time) error

	// BeginIdem claims (scope, key) for a request with the given body hash.
	// If no live record exists (none, or older than ttl at now) it stores a
	// running record and returns it with claimed true. Otherwise it returns
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

	// AddMetrics adds counts to the per-endpoint counters.
	AddMetrics(ctx context.Context, rows []MetricRow) error
	// Metrics returns every counter, ordered by route, method and class.
	Metrics(ctx context.Context) ([]MetricRow, error)
}
