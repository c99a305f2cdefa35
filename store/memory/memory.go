// Package memory is a store.Store kept in the process's memory: nothing to
// open, nothing written to disk, everything gone when the process ends. It
// suits tests and a single process that embeds the API and needs no keys,
// quotas or OAuth clients to survive a restart. It passes the same
// conformance suite (store/storetest) as the SQLite and PostgreSQL stores.
package memory

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/marketingfork/fork/store"
)

// windowRetention is how long rate-limit windows are kept, measured from the
// newest window seen: longer than any window the API uses, as in the other
// stores, so memory stays bounded on a long-running process.
const windowRetention = 48 * time.Hour

// errClosed is returned by every call after Close.
var errClosed = errors.New("memory: store closed")

type idemID struct{ scope, key string }

type hitID struct {
	bucket string
	window int64
}

type metricID struct{ route, method, class string }

// Store is a store.Store in memory. One mutex guards every map: each call is
// a few map operations, so contention is short, and holding one lock makes
// every claim (idempotency, OAuth codes) atomic without further care.
type Store struct {
	mu           sync.Mutex
	closed       bool
	keys         map[string]store.Key // by ID
	keyByHash    map[string]string    // hash → ID
	idem         map[idemID]store.Idem
	hits         map[hitID]int64
	latestWindow int64
	metrics      map[metricID]int64
	clients      map[string]store.OAuthClient
	codes        map[string]store.OAuthCode // by hash
	forks        map[string]store.Fork      // by ID
}

// New returns an empty store.
func New() *Store {
	return &Store{
		keys:      map[string]store.Key{},
		keyByHash: map[string]string{},
		idem:      map[idemID]store.Idem{},
		hits:      map[hitID]int64{},
		metrics:   map[metricID]int64{},
		clients:   map[string]store.OAuthClient{},
		codes:     map[string]store.OAuthCode{},
		forks:     map[string]store.Fork{},
	}
}

var _ store.Store = (*Store)(nil)

// lock takes the mutex unless the store is closed or ctx is done; the caller
// unlocks when it gets nil.
func (s *Store) lock(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errClosed
	}
	return nil
}

// Kind names the implementation.
func (s *Store) Kind() string { return "memory" }

// Ping reports whether the store is open.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	s.mu.Unlock()
	return nil
}

// Close drops everything the store holds. Calling it again does nothing.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.keys, s.keyByHash, s.idem, s.hits, s.metrics, s.clients, s.codes, s.forks = nil, nil, nil, nil, nil, nil, nil, nil
	return nil
}

// cloneKey copies k's hash so a caller changing its slice cannot change
// what is stored.
func cloneKey(k store.Key) store.Key {
	k.Hash = bytes.Clone(k.Hash)
	return k
}

// CreateKey stores a new key. A key whose ID or hash is already stored is
// refused: either would make a lookup ambiguous.
func (s *Store) CreateKey(ctx context.Context, k store.Key) error {
	if len(k.Hash) == 0 {
		return fmt.Errorf("memory: create key %q: empty hash", k.ID)
	}
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if _, dup := s.keys[k.ID]; dup {
		return fmt.Errorf("memory: create key %q: duplicate ID", k.ID)
	}
	if _, dup := s.keyByHash[string(k.Hash)]; dup {
		return fmt.Errorf("memory: create key %q: duplicate hash", k.ID)
	}
	s.keys[k.ID] = cloneKey(k)
	s.keyByHash[string(k.Hash)] = k.ID
	return nil
}

// KeyByHash finds a key by its hash, revoked or not.
func (s *Store) KeyByHash(ctx context.Context, hash []byte) (store.Key, error) {
	if err := s.lock(ctx); err != nil {
		return store.Key{}, err
	}
	defer s.mu.Unlock()
	id, ok := s.keyByHash[string(hash)]
	if !ok {
		return store.Key{}, fmt.Errorf("memory: key by hash: %w", store.ErrNotFound)
	}
	return cloneKey(s.keys[id]), nil
}

// CountKeys returns how many keys were ever created.
func (s *Store) CountKeys(ctx context.Context) (int64, error) {
	if err := s.lock(ctx); err != nil {
		return 0, err
	}
	defer s.mu.Unlock()
	return int64(len(s.keys)), nil
}

// ListKeys returns every key, oldest first, keys created at the same instant
// in ID order.
func (s *Store) ListKeys(ctx context.Context) ([]store.Key, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	var out []store.Key
	for _, k := range s.keys {
		out = append(out, cloneKey(k))
	}
	slices.SortFunc(out, func(a, b store.Key) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

// RevokeKey marks a key revoked, keeping the first revocation time.
func (s *Store) RevokeKey(ctx context.Context, id string, at time.Time) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	k, ok := s.keys[id]
	if !ok {
		return fmt.Errorf("memory: revoke key %q: %w", id, store.ErrNotFound)
	}
	if k.RevokedAt.IsZero() {
		k.RevokedAt = at
		s.keys[id] = k
	}
	return nil
}

// cloneIdem copies rec's slices.
func cloneIdem(rec store.Idem) store.Idem {
	rec.BodyHash = bytes.Clone(rec.BodyHash)
	rec.Body = bytes.Clone(rec.Body)
	return rec
}

// BeginIdem claims (scope, key) unless a live record holds it. A record is
// live while now - CreatedAt <= ttl, and a running one while
// now - CreatedAt <= store.IdemRunningTimeout.
func (s *Store) BeginIdem(ctx context.Context, scope, key string, bodyHash []byte, now time.Time, ttl time.Duration) (store.Idem, bool, error) {
	if err := s.lock(ctx); err != nil {
		return store.Idem{}, false, err
	}
	defer s.mu.Unlock()
	id := idemID{scope, key}
	if rec, ok := s.idem[id]; ok {
		age := now.Sub(rec.CreatedAt)
		if age <= ttl && !(rec.State == store.IdemRunning && age > store.IdemRunningTimeout) {
			return cloneIdem(rec), false, nil
		}
	}
	// Expired records of other keys are dropped here, as the SQL stores
	// sweep theirs, so the map does not grow without bound.
	for other, rec := range s.idem {
		if now.Sub(rec.CreatedAt) > ttl {
			delete(s.idem, other)
		}
	}
	if bodyHash == nil {
		bodyHash = []byte{}
	}
	rec := store.Idem{Scope: scope, Key: key, BodyHash: bytes.Clone(bodyHash), State: store.IdemRunning, CreatedAt: now}
	s.idem[id] = rec
	return cloneIdem(rec), true, nil
}

// FinishIdem stores the response of a running record; ErrNotFound when there
// is none.
func (s *Store) FinishIdem(ctx context.Context, scope, key string, status int, contentType string, body []byte) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	id := idemID{scope, key}
	rec, ok := s.idem[id]
	if !ok || rec.State != store.IdemRunning {
		return fmt.Errorf("memory: finish idempotent request %q/%q: %w", scope, key, store.ErrNotFound)
	}
	if body == nil {
		body = []byte{}
	}
	rec.State, rec.Status, rec.ContentType, rec.Body = store.IdemDone, status, contentType, bytes.Clone(body)
	s.idem[id] = rec
	return nil
}

// AbandonIdem deletes a running record so a retry runs again; a done record
// is kept.
func (s *Store) AbandonIdem(ctx context.Context, scope, key string) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	id := idemID{scope, key}
	rec, ok := s.idem[id]
	if !ok || rec.State != store.IdemRunning {
		return fmt.Errorf("memory: abandon idempotent request %q/%q: %w", scope, key, store.ErrNotFound)
	}
	delete(s.idem, id)
	return nil
}

// Hit adds one to bucket's counter in the window starting at window. When a
// newer window starts, windows older than windowRetention before it are
// dropped.
func (s *Store) Hit(ctx context.Context, bucket string, window time.Time) (int64, error) {
	if err := s.lock(ctx); err != nil {
		return 0, err
	}
	defer s.mu.Unlock()
	w := window.UnixNano()
	if w > s.latestWindow {
		s.latestWindow = w
		cutoff := w - int64(windowRetention)
		for id := range s.hits {
			if id.window < cutoff {
				delete(s.hits, id)
			}
		}
	}
	id := hitID{bucket, w}
	s.hits[id]++
	return s.hits[id], nil
}

// Unhit takes back one Hit, never below zero.
func (s *Store) Unhit(ctx context.Context, bucket string, window time.Time) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	id := hitID{bucket, window.UnixNano()}
	if s.hits[id] > 0 {
		s.hits[id]--
	}
	return nil
}

// AddMetrics adds counts to the per-endpoint counters, all under one lock so
// a batch lands whole.
func (s *Store) AddMetrics(ctx context.Context, rows []store.MetricRow) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	for _, r := range rows {
		s.metrics[metricID{r.Route, r.Method, r.Class}] += r.Count
	}
	return nil
}

// Metrics returns every counter, ordered byte-wise by route, method and class.
func (s *Store) Metrics(ctx context.Context) ([]store.MetricRow, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	var out []store.MetricRow
	for id, n := range s.metrics {
		out = append(out, store.MetricRow{Route: id.route, Method: id.method, Class: id.class, Count: n})
	}
	slices.SortFunc(out, func(a, b store.MetricRow) int {
		return cmp.Or(cmp.Compare(a.Route, b.Route), cmp.Compare(a.Method, b.Method), cmp.Compare(a.Class, b.Class))
	})
	return out, nil
}

// CreateOAuthClient stores a registered client; a duplicate ID is refused.
func (s *Store) CreateOAuthClient(ctx context.Context, c store.OAuthClient) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if _, dup := s.clients[c.ID]; dup {
		return fmt.Errorf("memory: create oauth client %q: duplicate ID", c.ID)
	}
	c.RedirectURIs = slices.Clone(c.RedirectURIs)
	s.clients[c.ID] = c
	return nil
}

// OAuthClient finds a client by its ID.
func (s *Store) OAuthClient(ctx context.Context, id string) (store.OAuthClient, error) {
	if err := s.lock(ctx); err != nil {
		return store.OAuthClient{}, err
	}
	defer s.mu.Unlock()
	c, ok := s.clients[id]
	if !ok {
		return store.OAuthClient{}, fmt.Errorf("memory: oauth client %q: %w", id, store.ErrNotFound)
	}
	c.RedirectURIs = slices.Clone(c.RedirectURIs)
	return c, nil
}

// CreateOAuthCode stores a one-time secret, first dropping the secrets
// already expired at c.CreatedAt, which nobody can take any more.
func (s *Store) CreateOAuthCode(ctx context.Context, c store.OAuthCode) error {
	if len(c.Hash) == 0 {
		return fmt.Errorf("memory: create oauth %s: empty hash", c.Kind)
	}
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	for h, old := range s.codes {
		if !c.CreatedAt.Before(old.ExpiresAt) {
			delete(s.codes, h)
		}
	}
	if _, dup := s.codes[string(c.Hash)]; dup {
		return fmt.Errorf("memory: create oauth %s: duplicate hash", c.Kind)
	}
	c.Hash = bytes.Clone(c.Hash)
	s.codes[string(c.Hash)] = c
	return nil
}

// TakeOAuthCode fetches and deletes the secret of the given kind with the
// given hash under the store's lock, so at most one caller gets it. A secret
// of another kind is left in place.
func (s *Store) TakeOAuthCode(ctx context.Context, kind string, hash []byte, now time.Time) (store.OAuthCode, error) {
	if err := s.lock(ctx); err != nil {
		return store.OAuthCode{}, err
	}
	defer s.mu.Unlock()
	c, ok := s.codes[string(hash)]
	if !ok || c.Kind != kind {
		return store.OAuthCode{}, fmt.Errorf("memory: take oauth %s: %w", kind, store.ErrNotFound)
	}
	delete(s.codes, string(hash))
	if !now.Before(c.ExpiresAt) {
		return store.OAuthCode{}, fmt.Errorf("memory: take oauth %s: expired: %w", kind, store.ErrNotFound)
	}
	c.Hash = bytes.Clone(c.Hash)
	return c, nil
}
