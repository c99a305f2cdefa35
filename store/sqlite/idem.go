package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marketingfork/fork/store"
)

// idemSweepEvery is how often (in BeginIdem calls) expired records are
// deleted in bulk. Expired records are ignored whether or not they have been
// swept; sweeping only keeps the table from growing.
const idemSweepEvery = 1000

// BeginIdem claims (scope, key) unless a live record holds it. The lookup and
// the claim run in one IMMEDIATE transaction, which holds SQLite's write lock
// from its first statement, so of any number of concurrent callers (in this
// process or another) exactly one claims.
//
// A record is live while now - CreatedAt <= ttl, and a running one while
// now - CreatedAt <= store.IdemRunningTimeout; once older it is treated as
// absent and replaced by the new claim.
func (s *Store) BeginIdem(ctx context.Context, scope, key string, bodyHash []byte, now time.Time, ttl time.Duration) (store.Idem, bool, error) {
	wrap := func(err error) error {
		return fmt.Errorf("sqlite: begin idempotent request %q/%q: %w", scope, key, err)
	}
	nowN, err := nanos("now", now)
	if err != nil {
		return store.Idem{}, false, wrap(err)
	}
	if bodyHash == nil {
		bodyHash = []byte{} // the column is NOT NULL; an empty hash is still a hash
	}
	// Records created before cutoff are older than ttl; running records
	// created before stale were abandoned by their node.
	cutoff := nowN - int64(ttl)
	stale := nowN - int64(store.IdemRunningTimeout)

	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return store.Idem{}, false, wrap(err)
	}
	defer tx.Rollback()

	if s.begins.Add(1)%idemSweepEvery == 1 {
		if _, err := tx.ExecContext(ctx, `DELETE FROM idempotency WHERE created_at < ?`, cutoff); err != nil {
			return store.Idem{}, false, wrap(fmt.Errorf("sweep expired: %w", err))
		}
	}

	rec := store.Idem{Scope: scope, Key: key}
	var (
		created int64
		body    []byte
	)
	err = tx.QueryRowContext(ctx,
		`SELECT body_hash, state, status, content_type, body, created_at
		   FROM idempotency WHERE scope = ? AND idem_key = ?`, scope, key).
		Scan(&rec.BodyHash, &rec.State, &rec.Status, &rec.ContentType, &body, &created)
	switch {
	case err == nil && created >= cutoff && !(rec.State == store.IdemRunning && created < stale):
		// Live: the caller replays it, or reports a conflict or a mismatch.
		if err := tx.Commit(); err != nil {
			return store.Idem{}, false, wrap(err)
		}
		rec.Body = body
		rec.CreatedAt = fromNanos(created)
		return rec, false, nil
	case err != nil && !errors.Is(err, sql.ErrNoRows):
		return store.Idem{}, false, wrap(err)
	}

	// Absent or expired: claim it, replacing an expired record in place.
	_, err = tx.ExecContext(ctx,
		`INSERT INTO idempotency (scope, idem_key, body_hash, state, status, content_type, body, created_at)
		 VALUES (?, ?, ?, ?, 0, '', NULL, ?)
		 ON CONFLICT (scope, idem_key) DO UPDATE SET
		   body_hash = excluded.body_hash, state = excluded.state, status = 0,
		   content_type = '', body = NULL, created_at = excluded.created_at`,
		scope, key, bodyHash, store.IdemRunning, nowN)
	if err != nil {
		return store.Idem{}, false, wrap(err)
	}
	if err := tx.Commit(); err != nil {
		return store.Idem{}, false, wrap(err)
	}
	return store.Idem{
		Scope:     scope,
		Key:       key,
		BodyHash:  bytes.Clone(bodyHash),
		State:     store.IdemRunning,
		CreatedAt: fromNanos(nowN),
	}, true, nil
}

// FinishIdem stores the response of a running record. It finds nothing to
// finish (ErrNotFound) when the record is gone or already done, which means
// the caller no longer holds the claim.
func (s *Store) FinishIdem(ctx context.Context, scope, key string, status int, contentType string, body []byte) error {
	if body == nil {
		body = []byte{} // done records always have a body, if an empty one
	}
	res, err := s.w.ExecContext(ctx,
		`UPDATE idempotency SET state = ?, status = ?, content_type = ?, body = ?
		  WHERE scope = ? AND idem_key = ? AND state = ?`,
		store.IdemDone, status, contentType, body, scope, key, store.IdemRunning)
	if err != nil {
		return fmt.Errorf("sqlite: finish idempotent request %q/%q: %w", scope, key, err)
	}
	if err := oneRow(res); err != nil {
		return fmt.Errorf("sqlite: finish idempotent request %q/%q: %w", scope, key, err)
	}
	return nil
}

// AbandonIdem deletes a running record so a retry runs again. A done record
// is kept: its response was stored and must keep being replayed.
func (s *Store) AbandonIdem(ctx context.Context, scope, key string) error {
	res, err := s.w.ExecContext(ctx,
		`DELETE FROM idempotency WHERE scope = ? AND idem_key = ? AND state = ?`,
		scope, key, store.IdemRunning)
	if err != nil {
		return fmt.Errorf("sqlite: abandon idempotent request %q/%q: %w", scope, key, err)
	}
	if err := oneRow(res); err != nil {
		return fmt.Errorf("sqlite: abandon idempotent request %q/%q: %w", scope, key, err)
	}
	return nil
}

// oneRow reports store.ErrNotFound when a statement touched no row.
func oneRow(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}
