package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marketingfork/fork/store"
)

// CreateKey stores a new key. A key whose ID or hash is already stored is
// refused: either would make a lookup ambiguous.
func (s *Store) CreateKey(ctx context.Context, k store.Key) error {
	created, err := nanos("created_at", k.CreatedAt)
	if err != nil {
		return fmt.Errorf("sqlite: create key %q: %w", k.ID, err)
	}
	var revoked sql.NullInt64
	if !k.RevokedAt.IsZero() {
		n, err := nanos("revoked_at", k.RevokedAt)
		if err != nil {
			return fmt.Errorf("sqlite: create key %q: %w", k.ID, err)
		}
		revoked = sql.NullInt64{Int64: n, Valid: true}
	}
	if len(k.Hash) == 0 {
		return fmt.Errorf("sqlite: create key %q: empty hash", k.ID)
	}
	_, err = s.w.ExecContext(ctx,
		`INSERT INTO api_keys (id, hash, prefix, name, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)`,
		k.ID, k.Hash, k.Prefix, k.Name, created, revoked)
	if err != nil {
		return fmt.Errorf("sqlite: create key %q: %w", k.ID, err)
	}
	return nil
}

// keyColumns is the column list scanKey reads, in its order.
const keyColumns = `id, hash, prefix, name, created_at, revoked_at`

// scanKey reads one api_keys row.
func scanKey(sc interface{ Scan(...any) error }) (store.Key, error) {
	var (
		k       store.Key
		created int64
		revoked sql.NullInt64
	)
	if err := sc.Scan(&k.ID, &k.Hash, &k.Prefix, &k.Name, &created, &revoked); err != nil {
		return store.Key{}, err
	}
	k.CreatedAt = fromNanos(created)
	if revoked.Valid {
		k.RevokedAt = fromNanos(revoked.Int64)
	}
	return k, nil
}

// KeyByHash finds a key by its hash, revoked or not, so the caller can tell
// "revoked" from "unknown".
func (s *Store) KeyByHash(ctx context.Context, hash []byte) (store.Key, error) {
	row := s.r.QueryRowContext(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE hash = ?`, hash)
	k, err := scanKey(row)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Key{}, fmt.Errorf("sqlite: key by hash: %w", store.ErrNotFound)
	}
	if err != nil {
		return store.Key{}, fmt.Errorf("sqlite: key by hash: %w", err)
	}
	return k, nil
}

// CountKeys returns how many keys were ever created.
func (s *Store) CountKeys(ctx context.Context) (int64, error) {
	var n int64
	if err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM api_keys`).Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: count keys: %w", err)
	}
	return n, nil
}

// ListKeys returns every key, oldest first; keys created at the same instant
// come in ID order so the listing is stable.
func (s *Store) ListKeys(ctx context.Context) ([]store.Key, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+keyColumns+` FROM api_keys ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list keys: %w", err)
	}
	defer rows.Close()
	var keys []store.Key
	for rows.Next() {
		k, err := scanKey(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: list keys: %w", err)
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list keys: %w", err)
	}
	return keys, nil
}

// RevokeKey marks a key revoked. Revoking a revoked key succeeds and keeps
// the first revocation time, which is the one an audit needs.
func (s *Store) RevokeKey(ctx context.Context, id string, at time.Time) error {
	n, err := nanos("revoked_at", at)
	if err != nil {
		return fmt.Errorf("sqlite: revoke key %q: %w", id, err)
	}
	res, err := s.w.ExecContext(ctx,
		`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?`, n, id)
	if err != nil {
		return fmt.Errorf("sqlite: revoke key %q: %w", id, err)
	}
	affected, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("sqlite: revoke key %q: %w", id, err)
	}
	if affected == 0 {
		return fmt.Errorf("sqlite: revoke key %q: %w", id, store.ErrNotFound)
	}
	return nil
}
