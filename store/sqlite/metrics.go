package sqlite

import (
	"context"
	"fmt"

	"github.com/marketingfork/fork/store"
)

// AddMetrics adds counts to the per-endpoint counters in one transaction, so
// a batch flushed by the server lands whole or not at all.
func (s *Store) AddMetrics(ctx context.Context, rows []store.MetricRow) error {
	if len(rows) == 0 {
		return nil
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: add metrics: %w", err)
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx,
		`INSERT INTO metrics (route, method, class, count) VALUES (?, ?, ?, ?)
		 ON CONFLICT (route, method, class) DO UPDATE SET count = count + excluded.count`)
	if err != nil {
		return fmt.Errorf("sqlite: add metrics: %w", err)
	}
	defer stmt.Close()
	for _, r := range rows {
		if _, err := stmt.ExecContext(ctx, r.Route, r.Method, r.Class, r.Count); err != nil {
			return fmt.Errorf("sqlite: add metrics %s %s %s: %w", r.Method, r.Route, r.Class, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: add metrics: %w", err)
	}
	return nil
}

// Metrics returns every counter, ordered by route, method and class, byte by
// byte (SQLite's BINARY collation).
func (s *Store) Metrics(ctx context.Context) ([]store.MetricRow, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT route, method, class, count FROM metrics ORDER BY route, method, class`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: metrics: %w", err)
	}
	defer rows.Close()
	var out []store.MetricRow
	for rows.Next() {
		var r store.MetricRow
		if err := rows.Scan(&r.Route, &r.Method, &r.Class, &r.Count); err != nil {
			return nil, fmt.Errorf("sqlite: metrics: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: metrics: %w", err)
	}
	return out, nil
}
