package postgres

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/marketingfork/fork/internal/pgtest"
	"github.com/marketingfork/fork/store"
	"github.com/marketingfork/fork/store/storetest"
)

// openTest opens a store on url and fails the test if it cannot.
func openTest(t testing.TB, url string) *Store {
	t.Helper()
	s, err := Open(t.Context(), url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

func TestConformance(t *testing.T) {
	pgtest.ServerURL(t) // skip once, not in every subtest
	storetest.Run(t, func(t *testing.T) store.Store {
		return openTest(t, pgtest.NewDatabase(t))
	})
}

func TestPersistence(t *testing.T) {
	pgtest.ServerURL(t)
	dbs := map[string]string{}
	storetest.RunPersistence(t, func(t *testing.T, name string) store.Store {
		if dbs[name] == "" {
			dbs[name] = pgtest.NewDatabase(t)
		}
		return openTest(t, dbs[name])
	})
}

// TestConcurrentMigrations opens one new database from several goroutines
// at once, as nodes starting together do: each migration applies once and
// every store works.
func TestConcurrentMigrations(t *testing.T) {
	url := pgtest.NewDatabase(t)
	const n = 5
	stores := make([]*Store, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { stores[i], errs[i] = Open(t.Context(), url) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Open #%d: %v", i, err)
		}
		defer stores[i].Close()
	}
	var versions []string
	rows, err := stores[0].pool.Query(t.Context(), `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		versions = append(versions, v)
	}
	if got, want := strings.Join(versions, ","), "0001_init,0002_oauth,0003_forks"; got != want {
		t.Errorf("schema_migrations: got %s; want %s", got, want)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	url := pgtest.NewDatabase(t)
	s := openTest(t, url)
	if _, err := s.pool.Exec(t.Context(), `INSERT INTO schema_migrations (version, applied_at) VALUES ('9999_future', now())`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err := Open(t.Context(), url)
	if err == nil || !strings.Contains(err.Error(), "9999_future") {
		t.Fatalf("Open of a database migrated by a newer build: got %v; want an error naming 9999_future", err)
	}
}

func TestOpenErrors(t *testing.T) {
	tests := []struct {
		name, url, want string
		unavailable     bool
	}{
		{"unparsable URL", "postgres://user:s3cret@host:notaport/db", "does not parse", false},
		{"nobody listening", "postgres://mfork:s3cret@127.0.0.1:1/mfork?sslmode=disable&connect_timeout=2", "127.0.0.1:1/mfork", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			defer cancel()
			s, err := Open(ctx, tt.url)
			if err == nil {
				s.Close()
				t.Fatalf("Open(%s): got a store; want an error", tt.url)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Open: got %q; want it to mention %q", err, tt.want)
			}
			if got := errors.Is(err, store.ErrUnavailable); got != tt.unavailable {
				t.Errorf("Open: errors.Is(err, store.ErrUnavailable) = %v; want %v", got, tt.unavailable)
			}
			if strings.Contains(err.Error(), "s3cret") {
				t.Errorf("Open: error %q shows the password", err)
			}
		})
	}
}

func TestHasParam(t *testing.T) {
	tests := []struct {
		conn string
		want bool
	}{
		{"postgres://h/db?pool_max_conns=4", true},
		{"postgresql://h/db?sslmode=disable", false},
		{"host=h pool_max_conns=4", true},
		{"host=h dbname=pool_max_conns", false},
	}
	for _, tt := range tests {
		if got := hasParam(tt.conn, "pool_max_conns"); got != tt.want {
			t.Errorf("hasParam(%q): got %v; want %v", tt.conn, got, tt.want)
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"admin shutdown", &pgconn.PgError{Code: "57P01"}, true},
		{"connection failure", fmt.Errorf("query: %w", &pgconn.PgError{Code: "08006"}), true},
		{"too many connections", &pgconn.PgError{Code: "53300"}, true},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"wrong password", fmt.Errorf("connect: %w", &pgconn.PgError{Code: "28P01"}), false},
		{"no such database", &pgconn.PgError{Code: "3D000"}, false},
		{"no rows", store.ErrNotFound, false},
		{"plain error", errors.New("boom"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := classify(tt.err)
			if errors.Is(got, store.ErrUnavailable) != tt.want {
				t.Errorf("classify(%v) = %v; want unavailable %v", tt.err, got, tt.want)
			}
			if !errors.Is(got, tt.err) {
				t.Errorf("classify(%v) = %v; the cause is lost", tt.err, got)
			}
		})
	}
	if classify(nil) != nil {
		t.Error("classify(nil) is not nil")
	}
}

// TestOpenWrongDatabase: a database name that does not exist is a
// configuration error to fix, not an outage to wait out.
func TestOpenWrongDatabase(t *testing.T) {
	u, err := url.Parse(pgtest.ServerURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/mfork_no_such_database"
	_, err = Open(t.Context(), u.String())
	if err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("Open: got %v; want the server's 'does not exist'", err)
	}
	if errors.Is(err, store.ErrUnavailable) {
		t.Errorf("Open: %v is marked unavailable; want a plain error", err)
	}
}
