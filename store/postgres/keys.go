package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/marketingfork/fork/store"
)

// CreateKey stores a new key. A key whose ID or hash is already stored is
// refused: either would make a lookup ambiguous.
func (s *Store) CreateKey(ctx context.Context, k store.Key) error {
	if len(k.Hash) == 0 {
		return fmt.Errorf("postgres: create key %q: empty hash", k.ID)
	}
	var revoked *time.Time
	if !k.RevokedAt.IsZero() {
		revoked = &k.RevokedAt
	}
	if _, err := s.pool.Exec(ctx,
		`INSERT INTO api_keys (id, hash, prefix, name, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		k.ID, k.Hash, k.Prefix, k.Name, k.CreatedAt, revoked); err != nil {
		return fmt.Errorf("postgres: create key %q: %w", k.ID, classify(err))
	}
	return nil
}

// keyColumns is the column list scanKey reads, in its order.
const keyColumns = `id, hash, prefix, name, created_at, revoked_at`

// scanKey reads one api_keys row.
func scanKey(row pgx.Row) (store.Key, error) {
	var (
		k       store.Key
		revoked *time.Time
	)
	if err := row.Scan(&k.ID, &k.Hash, &k.Prefix, &k.Name, &k.CreatedAt, &revoked); err != nil {
		return store.Key{}, err
	}
	k.CreatedAt = k.CreatedAt.UTC()
	if revoked != nil {
		k.RevokedAt = revoked.UTC()
	}
	return k, nil
}

// KeyByHash finds a key by its hash, revoked or not, so the caller can tell
// "revoked" from "unknown". Every request looks its key up here, with no
// cache in the node, so a revocation holds on every node at once.
func (s *Store) KeyByHash(ctx context.Context, hash []byte) (store.Key, error) {
	k, err := scanKey(s.pool.QueryRow(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE hash = $1`, hash))
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Key{}, fmt.Errorf("postgres: key by hash: %w", store.ErrNotFound)
	}
	if err != nil {
		return store.Key{}, fmt.Errorf("postgres: key by hash: %w", classify(err))
	}
	return k, nil
}

// CountKeys returns how many keys were ever created.
func (s *Store) CountKeys(ctx context.Context) (int64, error) {
	var n int64
	if err := s.pool.QueryRow(ctx, `SELECT COUNT(*) FROM api_keys`).Scan(&n); err != nil {
		return 0, fmt.Errorf("postgres: count keys: %w", classify(err))
	}
	return n, nil
}

// ListKeys returns every key, oldest first; keys created at the same instant
// come in ID order so the listing is stable.
func (s *Store) ListKeys(ctx context.Context) ([]store.Key, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+keyColumns+` FROM api_keys ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("postgres: list keys: %w", classify(err))
	}
	keys, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Key, error) { return scanKey(row) })
	if err != nil {
		return nil, fmt.Errorf("postgres: list keys: %w", classify(err))
	}
	return keys, nil
}

// RevokeKey marks a key revoked. Revoking a revoked key succeeds and keeps
// the first revocation time, which is the one an audit needs.
func (s *Store) RevokeKey(ctx context.Context, id string, at time.Time) error {
	tag, err := s.pool.Exec(ctx,
		`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2`, at, id)
	if err != nil {
		return fmt.Errorf("postgres: revoke key %q: %w", id, classify(err))
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: revoke key %q: %w", id, store.ErrNotFound)
	}
	return nil
}
