package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/marketingfork/fork/store"
)

// idemSweepEvery is how often (in BeginIdem calls on one node) expired
// records are deleted in bulk. Expired records are ignored whether or not
// they have been swept; sweeping only keeps the table from growing.
const idemSweepEvery = 1000

// claimAttempts bounds BeginIdem's loop: a record can vanish between the
// failed claim and the read (another node abandoned it), and then the claim
// is tried again.
const claimAttempts = 5

// BeginIdem claims (scope, key) unless a live record holds it. The claim is
// one INSERT … ON CONFLICT DO UPDATE … WHERE statement: it inserts when there
// is no record, replaces an expired one, and leaves a live one alone, and
// PostgreSQL runs it atomically against concurrent inserts of the same key,
// so of any number of callers on any number of nodes exactly one claims.
//
// A record is live while now - CreatedAt <= ttl, and a running one while
// now - CreatedAt <= store.IdemRunningTimeout.
func (s *Store) BeginIdem(ctx context.Context, scope, key string, bodyHash []byte, now time.Time, ttl time.Duration) (store.Idem, bool, error) {
	wrap := func(err error) error {
		return fmt.Errorf("postgres: begin idempotent request %q/%q: %w", scope, key, classify(err))
	}
	if bodyHash == nil {
		bodyHash = []byte{} // the column is NOT NULL; an empty hash is still a hash
	}
	// Records created before cutoff are older than ttl; running records
	// created before stale were abandoned by their node.
	cutoff := now.Add(-ttl)
	stale := now.Add(-store.IdemRunningTimeout)
	if s.begins.Add(1)%idemSweepEvery == 1 {
		if _, err := s.pool.Exec(ctx, `DELETE FROM idempotency WHERE created_at < $1`, cutoff); err != nil {
			return store.Idem{}, false, wrap(fmt.Errorf("sweep expired: %w", classify(err)))
		}
	}
	for range claimAttempts {
		var created time.Time
		err := s.pool.QueryRow(ctx,
			`INSERT INTO idempotency AS i (scope, idem_key, body_hash, state, status, content_type, body, created_at)
			 VALUES ($1, $2, $3, $4, 0, '', NULL, $5)
			 ON CONFLICT (scope, idem_key) DO UPDATE SET
			   body_hash = excluded.body_hash, state = excluded.state, status = 0,
			   content_type = '', body = NULL, created_at = excluded.created_at
			 WHERE i.created_at < $6 OR (i.state = $4 AND i.created_at < $7)
			 RETURNING created_at`,
			scope, key, bodyHash, store.IdemRunning, now, cutoff, stale).Scan(&created)
		if err == nil {
			return store.Idem{
				Scope: scope, Key: key, BodyHash: bodyHash, State: store.IdemRunning, CreatedAt: created.UTC(),
			}, true, nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return store.Idem{}, false, wrap(classify(err))
		}
		// A live record holds the key: the caller replays it, or reports a
		// conflict or a mismatch.
		rec := store.Idem{Scope: scope, Key: key}
		err = s.pool.QueryRow(ctx,
			`SELECT body_hash, state, status, content_type, body, created_at
			   FROM idempotency WHERE scope = $1 AND idem_key = $2`, scope, key).
			Scan(&rec.BodyHash, &rec.State, &rec.Status, &rec.ContentType, &rec.Body, &rec.CreatedAt)
		if errors.Is(err, pgx.ErrNoRows) {
			continue // abandoned in between: claim again
		}
		if err != nil {
			return store.Idem{}, false, wrap(classify(err))
		}
		rec.CreatedAt = rec.CreatedAt.UTC()
		return rec, false, nil
	}
	return store.Idem{}, false, wrap(errors.New("the record kept changing under concurrent requests"))
}

// FinishIdem stores the response of a running record. It finds nothing to
// finish (ErrNotFound) when the record is gone or already done, which means
// the caller no longer holds the claim.
func (s *Store) FinishIdem(ctx context.Context, scope, key string, status int, contentType string, body []byte) error {
	if body == nil {
		body = []byte{} // done records always have a body, if an empty one
	}
	tag, err := s.pool.Exec(ctx,
		`UPDATE idempotency SET state = $1, status = $2, content_type = $3, body = $4
		  WHERE scope = $5 AND idem_key = $6 AND state = $7`,
		store.IdemDone, status, contentType, body, scope, key, store.IdemRunning)
	if err != nil {
		return fmt.Errorf("postgres: finish idempotent request %q/%q: %w", scope, key, classify(err))
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: finish idempotent request %q/%q: %w", scope, key, store.ErrNotFound)
	}
	return nil
}

// AbandonIdem deletes a running record so a retry runs again. A done record
// is kept: its response was stored and must keep being replayed.
func (s *Store) AbandonIdem(ctx context.Context, scope, key string) error {
	tag, err := s.pool.Exec(ctx,
		`DELETE FROM idempotency WHERE scope = $1 AND idem_key = $2 AND state = $3`,
		scope, key, store.IdemRunning)
	if err != nil {
		return fmt.Errorf("postgres: abandon idempotent request %q/%q: %w", scope, key, classify(err))
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: abandon idempotent request %q/%q: %w", scope, key, store.ErrNotFound)
	}
	return nil
}
