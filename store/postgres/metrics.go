package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/marketingfork/fork/store"
)

// AddMetrics adds counts to the per-endpoint counters in one statement, so
// a batch flushed by a node lands whole or not at all. The rows are merged
// and sorted first: one INSERT … ON CONFLICT may not touch a row twice, and
// nodes that lock the rows they update in the same order cannot deadlock.
func (s *Store) AddMetrics(ctx context.Context, rows []store.MetricRow) error {
	if len(rows) == 0 {
		return nil
	}
	merged := map[[3]string]int64{}
	for _, r := range rows {
		merged[[3]string{r.Route, r.Method, r.Class}] += r.Count
	}
	keys := make([][3]string, 0, len(merged))
	for k := range merged {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [3]string) int {
		return strings.Compare(a[0]+"\x00"+a[1]+"\x00"+a[2], b[0]+"\x00"+b[1]+"\x00"+b[2])
	})
	routes := make([]string, len(keys))
	methods := make([]string, len(keys))
	classes := make([]string, len(keys))
	counts := make([]int64, len(keys))
	for i, k := range keys {
		routes[i], methods[i], classes[i], counts[i] = k[0], k[1], k[2], merged[k]
	}
	if _, err := s.pool.Exec(ctx,
		`INSERT INTO metrics AS m (route, method, class, count)
		 SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
		 ON CONFLICT (route, method, class) DO UPDATE SET count = m.count + excluded.count`,
		routes, methods, classes, counts); err != nil {
		return fmt.Errorf("postgres: add metrics: %w", classify(err))
	}
	return nil
}

// Metrics returns every counter, ordered by route, method and class, byte by
// byte (the columns are COLLATE "C"): the sum of what every node flushed.
func (s *Store) Metrics(ctx context.Context) ([]store.MetricRow, error) {
	rows, err := s.pool.Query(ctx,
		`SELECT route, method, class, count FROM metrics ORDER BY route, method, class`)
	if err != nil {
		return nil, fmt.Errorf("postgres: metrics: %w", classify(err))
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[store.MetricRow])
	if err != nil {
		return nil, fmt.Errorf("postgres: metrics: %w", classify(err))
	}
	return out, nil
}
