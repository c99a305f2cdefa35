package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/marketingfork/fork/store"
)

// CreateOAuthClient stores a registered client.
func (s *Store) CreateOAuthClient(ctx context.Context, c store.OAuthClient) error {
	uris := c.RedirectURIs
	if uris == nil {
		uris = []string{} // the column is NOT NULL; no URIs is an empty array
	}
	if _, err := s.pool.Exec(ctx,
		`INSERT INTO oauth_clients (id, name, redirect_uris, created_at) VALUES ($1, $2, $3, $4)`,
		c.ID, c.Name, uris, c.CreatedAt); err != nil {
		return fmt.Errorf("postgres: create oauth client %q: %w", c.ID, classify(err))
	}
	return nil
}

// OAuthClient finds a client by its ID.
func (s *Store) OAuthClient(ctx context.Context, id string) (store.OAuthClient, error) {
	c := store.OAuthClient{ID: id}
	err := s.pool.QueryRow(ctx, `SELECT name, redirect_uris, created_at FROM oauth_clients WHERE id = $1`, id).
		Scan(&c.Name, &c.RedirectURIs, &c.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.OAuthClient{}, fmt.Errorf("postgres: oauth client %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.OAuthClient{}, fmt.Errorf("postgres: oauth client %q: %w", id, classify(err))
	}
	c.CreatedAt = c.CreatedAt.UTC()
	return c, nil
}

// CreateOAuthCode stores a one-time secret and, in the same transaction,
// deletes the secrets already expired at c.CreatedAt: nobody can take those
// any more, and without the sweep every authorization page shown and never
// answered would stay in the table for good.
func (s *Store) CreateOAuthCode(ctx context.Context, c store.OAuthCode) error {
	wrap := func(err error) error { return fmt.Errorf("postgres: create oauth %s: %w", c.Kind, classify(err)) }
	if len(c.Hash) == 0 {
		return wrap(errors.New("empty hash"))
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM oauth_codes WHERE expires_at <= $1`, c.CreatedAt); err != nil {
			return fmt.Errorf("sweep expired: %w", err)
		}
		_, err := tx.Exec(ctx,
			`INSERT INTO oauth_codes (hash, kind, client_id, redirect_uri, code_challenge, resource, scope, state, created_at, expires_at)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			c.Hash, c.Kind, c.ClientID, c.RedirectURI, c.CodeChallenge, c.Resource, c.Scope, c.State, c.CreatedAt, c.ExpiresAt)
		return err
	})
	if err != nil {
		return wrap(classify(err))
	}
	return nil
}

// TakeOAuthCode deletes the secret and returns what it held, in one
// DELETE … RETURNING statement: PostgreSQL lets one of any number of
// concurrent deleters, on any node, have the row. An expired row is deleted
// as well (it is of no use to anyone) but reported as not found.
func (s *Store) TakeOAuthCode(ctx context.Context, kind string, hash []byte, now time.Time) (store.OAuthCode, error) {
	wrap := func(err error) error { return fmt.Errorf("postgres: take oauth %s: %w", kind, classify(err)) }
	c := store.OAuthCode{Kind: kind}
	err := s.pool.QueryRow(ctx,
		`DELETE FROM oauth_codes WHERE hash = $1 AND kind = $2
		 RETURNING hash, client_id, redirect_uri, code_challenge, resource, scope, state, created_at, expires_at`,
		hash, kind).
		Scan(&c.Hash, &c.ClientID, &c.RedirectURI, &c.CodeChallenge, &c.Resource, &c.Scope, &c.State, &c.CreatedAt, &c.ExpiresAt)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return store.OAuthCode{}, wrap(store.ErrNotFound)
	case err != nil:
		return store.OAuthCode{}, wrap(classify(err))
	case !now.Before(c.ExpiresAt):
		return store.OAuthCode{}, wrap(fmt.Errorf("expired: %w", store.ErrNotFound))
	}
	c.CreatedAt, c.ExpiresAt = c.CreatedAt.UTC(), c.ExpiresAt.UTC()
	return c, nil
}
