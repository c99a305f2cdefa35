package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/marketingfork/fork/store"
)

// CreateFork keeps a fork.
func (s *Store) CreateFork(ctx context.Context, f store.Fork) error {
	f = f.WithEmpty()
	if _, err := s.pool.Exec(ctx,
		`INSERT INTO forks (id, owner, created_at, expires_at, request, result, source, blocks)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		f.ID, f.Owner, f.CreatedAt, f.ExpiresAt, f.Request, f.Result, f.Source, f.Blocks); err != nil {
		return fmt.Errorf("postgres: create fork %q: %w", f.ID, classify(err))
	}
	return nil
}

// Fork finds owner's fork by ID, unless it has expired at now.
func (s *Store) Fork(ctx context.Context, owner, id string, now time.Time) (store.Fork, error) {
	f := store.Fork{ID: id, Owner: owner}
	err := s.pool.QueryRow(ctx,
		`SELECT created_at, expires_at, request, result, source, blocks
		   FROM forks WHERE id = $1 AND owner = $2 AND expires_at > $3`, id, owner, now).
		Scan(&f.CreatedAt, &f.ExpiresAt, &f.Request, &f.Result, &f.Source, &f.Blocks)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Fork{}, fmt.Errorf("postgres: fork %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Fork{}, fmt.Errorf("postgres: fork %q: %w", id, classify(err))
	}
	f.CreatedAt, f.ExpiresAt = f.CreatedAt.UTC(), f.ExpiresAt.UTC()
	return f, nil
}

// ListForks returns a page of owner's live forks, newest first, by keyset
// pagination on (created_at, id): each page is one index range scan,
// however deep the client has paged.
func (s *Store) ListForks(ctx context.Context, owner string, after store.ForkCursor, limit int, now time.Time) ([]store.Fork, store.ForkCursor, error) {
	wrap := func(err error) error { return fmt.Errorf("postgres: list forks of %q: %w", owner, classify(err)) }
	// The first page starts after a cursor later than any fork.
	afterT, afterID := time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), ""
	if !after.IsZero() {
		afterT, afterID = after.CreatedAt, after.ID
	}
	rows, err := s.pool.Query(ctx,
		`SELECT id, created_at, expires_at, request FROM forks
		  WHERE owner = $1 AND expires_at > $2
		    AND (created_at < $3 OR (created_at = $3 AND $4 <> '' AND id < $4))
		  ORDER BY created_at DESC, id DESC LIMIT $5`,
		owner, now, afterT, afterID, limit+1)
	if err != nil {
		return nil, store.ForkCursor{}, wrap(err)
	}
	defer rows.Close()
	var out []store.Fork
	for rows.Next() {
		f := store.Fork{Owner: owner}
		if err := rows.Scan(&f.ID, &f.CreatedAt, &f.ExpiresAt, &f.Request); err != nil {
			return nil, store.ForkCursor{}, wrap(err)
		}
		f.CreatedAt, f.ExpiresAt = f.CreatedAt.UTC(), f.ExpiresAt.UTC()
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, store.ForkCursor{}, wrap(err)
	}
	return store.PageOf(out, limit)
}

// DeleteFork deletes owner's fork.
func (s *Store) DeleteFork(ctx context.Context, owner, id string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM forks WHERE id = $1 AND owner = $2`, id, owner)
	if err != nil {
		return fmt.Errorf("postgres: delete fork %q: %w", id, classify(err))
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: delete fork %q: %w", id, store.ErrNotFound)
	}
	return nil
}

// PurgeForks deletes the forks expired at now.
func (s *Store) PurgeForks(ctx context.Context, now time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM forks WHERE expires_at <= $1`, now)
	if err != nil {
		return 0, fmt.Errorf("postgres: purge forks: %w", classify(err))
	}
	return tag.RowsAffected(), nil
}
