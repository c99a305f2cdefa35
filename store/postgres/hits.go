package postgres

import (
	"context"
	"fmt"
	"time"
)

const (
	// windowRetention is how long rate-limit windows are kept: longer than
	// any window the API uses, so only finished windows are pruned.
	windowRetention = 48 * time.Hour
	// pruneEvery is how often (in Hit calls on one node) old windows are
	// pruned.
	pruneEvery = 1000
)

// Hit adds one to bucket's counter in the window starting at window and
// returns the new count. The upsert is one statement, and PostgreSQL locks
// the row for it, so concurrent hits from every node each get a distinct
// count and a limit holds across nodes exactly.
//
// Windows older than windowRetention before the window being counted are
// pruned every pruneEvery calls; age is measured from the windows the
// caller passes, not the database's clock.
func (s *Store) Hit(ctx context.Context, bucket string, window time.Time) (int64, error) {
	if s.hits.Add(1)%pruneEvery == 0 {
		if _, err := s.pool.Exec(ctx, `DELETE FROM rate_windows WHERE window_start < $1`,
			window.Add(-windowRetention)); err != nil {
			return 0, fmt.Errorf("postgres: hit %q: prune old windows: %w", bucket, classify(err))
		}
	}
	var n int64
	err := s.pool.QueryRow(ctx,
		`INSERT INTO rate_windows AS w (bucket, window_start, count) VALUES ($1, $2, 1)
		 ON CONFLICT (bucket, window_start) DO UPDATE SET count = w.count + 1
		 RETURNING count`, bucket, window).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: hit %q: %w", bucket, classify(err))
	}
	return n, nil
}

// Unhit takes back one Hit, never below zero.
func (s *Store) Unhit(ctx context.Context, bucket string, window time.Time) error {
	if _, err := s.pool.Exec(ctx, `UPDATE rate_windows SET count = count - 1 WHERE bucket = $1 AND window_start = $2 AND count > 0`, bucket, window); err != nil {
		return fmt.Errorf("postgres: unhit %q: %w", bucket, classify(err))
	}
	return nil
}
