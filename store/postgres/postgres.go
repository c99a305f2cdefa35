// Package postgres is the store for several nodes: every `mfork serve`
// pointed at the same PostgreSQL database shares its keys, idempotency
// records, rate-limit windows, metrics and OAuth state, so any node can
// answer any request. It uses github.com/jackc/pgx/v5 and its pool.
//
// Correctness across nodes rests on single statements PostgreSQL runs
// atomically, never on locks held in a process: an upsert counts a hit, an
// INSERT … ON CONFLICT claims an idempotency key, a DELETE … RETURNING takes
// an OAuth code. Transactions run at READ COMMITTED, PostgreSQL's default.
// PostgreSQL returns timestamptz in the session's zone; every time leaves
// the store in UTC, as the SQLite store's do.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/marketingfork/fork/internal/migrate"
	"github.com/marketingfork/fork/store"
)

var _ store.Store = (*Store)(nil)

// migrationFiles holds the schema as numbered SQL files. go:embed needs a
// package-level variable; it is never written.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

const (
	// defaultMaxConns is the pool size unless the URL sets pool_max_conns.
	// pgxpool's own default (the CPU count, at least 4) starves a node on
	// a small machine: a fork request makes several short queries, and a
	// node serves hundreds at once.
	defaultMaxConns = 16
	// connectTimeout bounds each connection attempt unless the URL sets
	// connect_timeout, so that a database that does not answer fails the
	// start (or the request) instead of hanging it.
	connectTimeout = 5 * time.Second
	// migrationLock is the advisory lock key under which nodes migrate,
	// so that several nodes starting at once apply each migration once.
	migrationLock = 0x6d666f726b // "mfork"
)

// Store is a store.Store in a PostgreSQL database. It is safe for concurrent
// use by many goroutines and by many processes on many machines.
type Store struct {
	pool *pgxpool.Pool
	// where names the database for error messages, without the password.
	where string

	// hits and begins count calls so that Hit and BeginIdem clean up old
	// rows now and then rather than on every call.
	hits   atomic.Uint64
	begins atomic.Uint64
}

// Open connects to the database at connString (a postgres:// URL or a
// key=value string, as libpq takes) and brings its schema up to date.
func Open(ctx context.Context, connString string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(connString)
	if err != nil {
		// pgx's parse errors can quote the URL, password included.
		return nil, errors.New("postgres: open: the connection URL does not parse (postgres://user:password@host:5432/dbname?sslmode=…)")
	}
	if !hasParam(connString, "pool_max_conns") {
		cfg.MaxConns = defaultMaxConns
	}
	if !hasParam(connString, "connect_timeout") {
		cfg.ConnConfig.ConnectTimeout = connectTimeout
	}
	where := fmt.Sprintf("%s@%s:%d/%s", cfg.ConnConfig.User, cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: open %s: %w", where, err)
	}
	s := &Store{pool: pool, where: where}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: open %s: %w", where, classify(err))
	}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: open %s: %w", where, err)
	}
	return s, nil
}

// hasParam reports whether a connection string sets the parameter, in
// either of the forms libpq takes.
func hasParam(connString, name string) bool {
	if u, err := url.Parse(connString); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		return u.Query().Has(name)
	}
	for _, f := range strings.Fields(connString) {
		if k, _, ok := strings.Cut(f, "="); ok && k == name {
			return true
		}
	}
	return false
}

// migrate applies the migrations not yet recorded in schema_migrations, in
// one transaction under an advisory lock: the schema moves from one version
// to the next whole or not at all, and nodes starting together wait for the
// first instead of racing it.
func (s *Store) migrate(ctx context.Context) error {
	steps, err := migrate.Load(migrationFiles, "migrations")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
			return fmt.Errorf("migrate: lock: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    text        NOT NULL PRIMARY KEY,
			applied_at timestamptz NOT NULL
		)`); err != nil {
			return fmt.Errorf("migrate: create schema_migrations: %w", err)
		}
		rows, err := tx.Query(ctx, `SELECT version FROM schema_migrations`)
		if err != nil {
			return fmt.Errorf("migrate: read schema_migrations: %w", err)
		}
		versions, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return fmt.Errorf("migrate: read schema_migrations: %w", err)
		}
		applied := make(map[string]bool, len(versions))
		for _, v := range versions {
			applied[v] = true
		}
		todo, err := migrate.Pending(steps, applied)
		if err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		for _, m := range todo {
			// No arguments: pgx sends the file as one simple-protocol
			// query, so it may hold several statements.
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("migrate: apply %s: %w", m.Version, err)
			}
			if _, err := tx.Exec(ctx,
				`INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())`, m.Version); err != nil {
				return fmt.Errorf("migrate: record %s: %w", m.Version, err)
			}
		}
		return nil
	})
}

// Kind names the implementation.
func (s *Store) Kind() string { return "postgres" }

// Ping checks the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return fmt.Errorf("postgres: ping %s: %w", s.where, classify(err))
	}
	return nil
}

// Close closes the pool, waiting for connections in use to be returned.
// Calling it again does nothing.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// classify marks errors that say the database cannot be reached with
// store.ErrUnavailable: a failed connection, a connection the server ended
// (shutdown, restart, crash) or one it refused (too many connections, still
// starting). Other errors are returned as they are.
func classify(err error) error {
	if err == nil || errors.Is(err, store.ErrUnavailable) {
		return err
	}
	var pe *pgconn.PgError
	var ce *pgconn.ConnectError
	var ne net.Error
	switch {
	case errors.As(err, &pe):
		// The server answered. Class 08 is connection exceptions;
		// 57P01–57P03 are the server shutting down or not yet accepting;
		// 53300 is too many connections. A wrong password (class 28) or
		// database name (3D000) is a configuration error, not an outage,
		// even when it ends a connection attempt.
		if !strings.HasPrefix(pe.Code, "08") && pe.Code != "57P01" && pe.Code != "57P02" && pe.Code != "57P03" && pe.Code != "53300" {
			return err
		}
	case errors.As(err, &ce), errors.As(err, &ne):
	case pgconn.SafeToRetry(err):
		// The connection failed before the statement was sent.
	default:
		return err
	}
	return fmt.Errorf("%w: %w", store.ErrUnavailable, err)
}
