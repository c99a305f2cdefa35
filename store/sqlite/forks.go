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

// CreateFork keeps a fork. The block hashes are kept as a JSON array: they
// are only ever read whole, with the fork.
func (s *Store) CreateFork(ctx context.Context, f store.Fork) error {
	wrap := func(err error) error { return fmt.Errorf("sqlite: create fork %q: %w", f.ID, err) }
	created, err := nanos("created_at", f.CreatedAt)
	if err != nil {
		return wrap(err)
	}
	expires, err := nanos("expires_at", f.ExpiresAt)
	if err != nil {
		return wrap(err)
	}
	f = f.WithEmpty()
	b, err := json.Marshal(f.Blocks)
	if err != nil {
		return wrap(err)
	}
	if _, err := s.w.ExecContext(ctx,
		`INSERT INTO forks (id, owner, created_at, expires_at, request, result, source, blocks)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		f.ID, f.Owner, created, expires, f.Request, f.Result, f.Source, string(b)); err != nil {
		return wrap(err)
	}
	return nil
}

// Fork finds owner's fork by ID, unless it has expired at now.
func (s *Store) Fork(ctx context.Context, owner, id string, now time.Time) (store.Fork, error) {
	var (
		f                = store.Fork{ID: id, Owner: owner}
		created, expires int64
		blocks           string
	)
	err := s.r.QueryRowContext(ctx,
		`SELECT created_at, expires_at, request, result, source, blocks
		   FROM forks WHERE id = ? AND owner = ? AND expires_at > ?`, id, owner, now.UnixNano()).
		Scan(&created, &expires, &f.Request, &f.Result, &f.Source, &blocks)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Fork{}, fmt.Errorf("sqlite: fork %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Fork{}, fmt.Errorf("sqlite: fork %q: %w", id, err)
	}
	if err := json.Unmarshal([]byte(blocks), &f.Blocks); err != nil {
		return store.Fork{}, fmt.Errorf("sqlite: fork %q: blocks: %w", id, err)
	}
	f.CreatedAt, f.ExpiresAt = fromNanos(created), fromNanos(expires)
	return f, nil
}

// ListForks returns a page of owner's live forks, newest first, by keyset
// pagination on (created_at, id): each page is one index range scan,
// however deep the client has paged.
func (s *Store) ListForks(ctx context.Context, owner string, after store.ForkCursor, limit int, now time.Time) ([]store.Fork, store.ForkCursor, error) {
	wrap := func(err error) error { return fmt.Errorf("sqlite: list forks of %q: %w", owner, err) }
	// The first page starts after a cursor later than any fork.
	afterN, afterID := int64(1<<63-1), ""
	if !after.IsZero() {
		afterN, afterID = after.CreatedAt.UnixNano(), after.ID
	}
	rows, err := s.r.QueryContext(ctx,
		`SELECT id, created_at, expires_at, request FROM forks
		  WHERE owner = ? AND expires_at > ?
		    AND (created_at < ? OR (created_at = ? AND ? <> '' AND id < ?))
		  ORDER BY created_at DESC, id DESC LIMIT ?`,
		owner, now.UnixNano(), afterN, afterN, afterID, afterID, limit+1)
	if err != nil {
		return nil, store.ForkCursor{}, wrap(err)
	}
	defer rows.Close()
	var out []store.Fork
	for rows.Next() {
		f := store.Fork{Owner: owner}
		var created, expires int64
		if err := rows.Scan(&f.ID, &created, &expires, &f.Request); err != nil {
			return nil, store.ForkCursor{}, wrap(err)
		}
		f.CreatedAt, f.ExpiresAt = fromNanos(created), fromNanos(expires)
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, store.ForkCursor{}, wrap(err)
	}
	return store.PageOf(out, limit)
}

// DeleteFork deletes owner's fork.
func (s *Store) DeleteFork(ctx context.Context, owner, id string) error {
	res, err := s.w.ExecContext(ctx, `DELETE FROM forks WHERE id = ? AND owner = ?`, id, owner)
	if err == nil {
		err = oneRow(res)
	}
	if err != nil {
		return fmt.Errorf("sqlite: delete fork %q: %w", id, err)
	}
	return nil
}

// PurgeForks deletes the forks expired at now.
func (s *Store) PurgeForks(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.w.ExecContext(ctx, `DELETE FROM forks WHERE expires_at <= ?`, now.UnixNano())
	if err != nil {
		return 0, fmt.Errorf("sqlite: purge forks: %w", err)
	}
	return res.RowsAffected()
}
