package sqlite

import (
	"context"
	"fmt"
	"time"
)

const (
	// windowRetention is how long rate-limit windows are kept: longer than
	// any window the API uses, so only finished windows are pruned.
	windowRetention = 48 * time.Hour
	// pruneEvery is how often (in Hit calls) old windows are pruned even when
	// no new window has started, so a long-running window cannot let the
	// table grow without bound.
	pruneEvery = 1000
)

// Hit adds one to bucket's counter in the window starting at window and
// returns the new count. The upsert is one statement, so concurrent hits
// each get a distinct count.
//
// Windows older than windowRetention before the newest window seen are
// pruned when a newer window starts and every pruneEvery calls. Age is
// measured from the windows the caller passes, not the wall clock, so the
// store never drops a window its caller still counts in.
func (s *Store) Hit(ctx context.Context, bucket string, window time.Time) (int64, error) {
	w, err := nanos("window", window)
	if err != nil {
		return 0, fmt.Errorf("sqlite: hit %q: %w", bucket, err)
	}
	prune := s.hits.Add(1)%pruneEvery == 0
	s.mu.Lock()
	if w > s.latestWindow {
		s.latestWindow = w
		prune = true
	}
	cutoff := s.latestWindow - int64(windowRetention)
	s.mu.Unlock()

	const upsert = `INSERT INTO rate_windows (bucket, window_start, count) VALUES (?, ?, 1)
		ON CONFLICT (bucket, window_start) DO UPDATE SET count = count + 1
		RETURNING count`
	var n int64
	if !prune {
		if err := s.w.QueryRowContext(ctx, upsert, bucket, w).Scan(&n); err != nil {
			return 0, fmt.Errorf("sqlite: hit %q: %w", bucket, err)
		}
		return n, nil
	}

	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("sqlite: hit %q: %w", bucket, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM rate_windows WHERE window_start < ?`, cutoff); err != nil {
		return 0, fmt.Errorf("sqlite: hit %q: prune old windows: %w", bucket, err)
	}
	if err := tx.QueryRowContext(ctx, upsert, bucket, w).Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: hit %q: %w", bucket, err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("sqlite: hit %q: %w", bucket, err)
	}
	return n, nil
}

// Unhit takes back one Hit, never below zero.
func (s *Store) Unhit(ctx context.Context, bucket string, window time.Time) error {
	w, err := nanos("window", window)
	if err != nil {
		return fmt.Errorf("sqlite: unhit %q: %w", bucket, err)
	}
	if _, err := s.w.ExecContext(ctx, `UPDATE rate_windows SET count = count - 1 WHERE bucket = ? AND window_start = ? AND count > 0`, bucket, w); err != nil {
		return fmt.Errorf("sqlite: unhit %q: %w", bucket, err)
	}
	return nil
}
