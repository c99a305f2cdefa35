package sqlite

import (
	"context"
	"embed"
	"fmt"
	"time"

	"github.com/marketingfork/fork/internal/migrate"
)

// migrationFiles holds the schema as numbered SQL files, compiled into the
// binary so that a deployed server carries exactly the schema it was built
// for. go:embed needs a package-level variable; it is never written.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrate applies the migrations not yet recorded in schema_migrations, in
// order, in one IMMEDIATE transaction: the schema moves from one version to
// the next whole or not at all, and two processes opening a new file at once
// serialize instead of both creating the tables.
func (s *Store) migrate(ctx context.Context) error {
	steps, err := migrate.Load(migrationFiles, "migrations")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: begin: %w", err)
	}
	defer tx.Rollback()

	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    TEXT    NOT NULL PRIMARY KEY,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("migrate: create schema_migrations: %w", err)
	}

	applied := map[string]bool{}
	rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("migrate: read schema_migrations: %w", err)
	}
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return fmt.Errorf("migrate: read schema_migrations: %w", err)
		}
		applied[v] = true
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("migrate: read schema_migrations: %w", err)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("migrate: read schema_migrations: %w", err)
	}

	todo, err := migrate.Pending(steps, applied)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	now := time.Now().UnixNano()
	for _, m := range todo {
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return fmt.Errorf("migrate: apply %s: %w", m.Version, err)
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`, m.Version, now); err != nil {
			return fmt.Errorf("migrate: record %s: %w", m.Version, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: commit: %w", err)
	}
	return nil
}
