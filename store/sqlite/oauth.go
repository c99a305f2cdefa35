package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/marketingfork/fork/store"
)

// CreateOAuthClient stores a registered client. The redirect URIs are kept
// as a JSON array: they are only ever read whole, with the client.
func (s *Store) CreateOAuthClient(ctx context.Context, c store.OAuthClient) error {
	wrap := func(err error) error { return fmt.Errorf("sqlite: create oauth client %q: %w", c.ID, err) }
	created, err := nanos("created_at", c.CreatedAt)
	if err != nil {
		return wrap(err)
	}
	uris := c.RedirectURIs
	if uris == nil {
		uris = []string{} // a JSON array either way, never null
	}
	b, err := json.Marshal(uris)
	if err != nil {
		return wrap(err)
	}
	if _, err := s.w.ExecContext(ctx,
		`INSERT INTO oauth_clients (id, name, redirect_uris, created_at) VALUES (?, ?, ?, ?)`,
		c.ID, c.Name, string(b), created); err != nil {
		return wrap(err)
	}
	return nil
}

// OAuthClient finds a client by its ID.
func (s *Store) OAuthClient(ctx context.Context, id string) (store.OAuthClient, error) {
	var (
		c       = store.OAuthClient{ID: id}
		uris    string
		created int64
	)
	err := s.r.QueryRowContext(ctx, `SELECT name, redirect_uris, created_at FROM oauth_clients WHERE id = ?`, id).
		Scan(&c.Name, &uris, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return store.OAuthClient{}, fmt.Errorf("sqlite: oauth client %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.OAuthClient{}, fmt.Errorf("sqlite: oauth client %q: %w", id, err)
	}
	if err := json.Unmarshal([]byte(uris), &c.RedirectURIs); err != nil {
		return store.OAuthClient{}, fmt.Errorf("sqlite: oauth client %q: redirect_uris: %w", id, err)
	}
	c.CreatedAt = fromNanos(created)
	return c, nil
}

// CreateOAuthCode stores a one-time secret and, in the same transaction,
// deletes the secrets already expired at c.CreatedAt: nobody can take those
// any more, and without the sweep every authorization page shown and never
// answered would stay in the file for good. The index on expires_at keeps
// the sweep cheap.
func (s *Store) CreateOAuthCode(ctx context.Context, c store.OAuthCode) error {
	wrap := func(err error) error { return fmt.Errorf("sqlite: create oauth %s: %w", c.Kind, err) }
	created, err := nanos("created_at", c.CreatedAt)
	if err != nil {
		return wrap(err)
	}
	expires, err := nanos("expires_at", c.ExpiresAt)
	if err != nil {
		return wrap(err)
	}
	if len(c.Hash) == 0 {
		return wrap(errors.New("empty hash"))
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return wrap(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM oauth_codes WHERE expires_at <= ?`, created); err != nil {
		return wrap(fmt.Errorf("sweep expired: %w", err))
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO oauth_codes (hash, kind, client_id, redirect_uri, code_challenge, resource, scope, state, created_at, expires_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.Hash, c.Kind, c.ClientID, c.RedirectURI, c.CodeChallenge, c.Resource, c.Scope, c.State, created, expires); err != nil {
		return wrap(err)
	}
	if err := tx.Commit(); err != nil {
		return wrap(err)
	}
	return nil
}

// TakeOAuthCode deletes the secret and returns what it held, in one
// DELETE … RETURNING statement: SQLite runs it under its write lock, so two
// callers cannot both get the row. An expired row is deleted as well (it
// is of no use to anyone) but reported as not found.
func (s *Store) TakeOAuthCode(ctx context.Context, kind string, hash []byte, now time.Time) (store.OAuthCode, error) {
	wrap := func(err error) error { return fmt.Errorf("sqlite: take oauth %s: %w", kind, err) }
	nowN, err := nanos("now", now)
	if err != nil {
		return store.OAuthCode{}, wrap(err)
	}
	var (
		c                = store.OAuthCode{Kind: kind}
		created, expires int64
	)
	err = s.w.QueryRowContext(ctx,
		`DELETE FROM oauth_codes WHERE hash = ? AND kind = ?
		 RETURNING hash, client_id, redirect_uri, code_challenge, resource, scope, state, created_at, expires_at`,
		hash, kind).
		Scan(&c.Hash, &c.ClientID, &c.RedirectURI, &c.CodeChallenge, &c.Resource, &c.Scope, &c.State, &created, &expires)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return store.OAuthCode{}, wrap(store.ErrNotFound)
	case err != nil:
		return store.OAuthCode{}, wrap(err)
	case nowN >= expires:
		return store.OAuthCode{}, wrap(fmt.Errorf("expired: %w", store.ErrNotFound))
	}
	c.CreatedAt, c.ExpiresAt = fromNanos(created), fromNanos(expires)
	return c, nil
}
