package sqlite

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"time"
)

// migrationFiles holds the schema as numbered SQL files, compiled into the
// binary so that a deployed server carries exactly the schema it was built
// for. go:embed needs a package-level variable; it is never written.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one schema step.
type migration struct {
	version string // the file name without ".sql": "0001_init"
	sql     string
}

// migrations returns the embedded migrations in the order they apply. The
// names carry a fixed-width number so that name order is apply order.
func migrations() ([]migration, error) {
	valid := regexp.MustCompile(`^[0-9]{4}_[a-z0-9_]+\.sql$`)
	entries, err := fs.ReadDir(migrationFiles, "migrations") // sorted by name
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var ms []migration
	for _, e := range entries {
		if !valid.MatchString(e.Name()) {
			return nil, fmt.Errorf("migration file %q: name must look like 0001_name.sql", e.Name())
		}
		b, err := migrationFiles.ReadFile(path.Join("migrations", e.Name()))
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", e.Name(), err)
		}
		ms = append(ms, migration{version: strings.TrimSuffix(e.Name(), ".sql"), sql: string(b)})
	}
	return ms, nil
}

// migrate applies the migrations not yet recorded in schema_migrations, in
// order, in one IMMEDIATE transaction: the schema moves from one version to
// the next whole or not at all, and two processes opening a new file at once
// serialize instead of both creating the tables.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := migrations()
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

	known := map[string]bool{}
	for _, m := range ms {
		known[m.version] = true
	}
	// A file migrated by a newer binary may hold a schema this code does not
	// understand; refuse it rather than read or write it wrongly.
	for v := range applied {
		if !known[v] {
			return fmt.Errorf("migrate: the database has migration %s, unknown to this build (written by a newer version?)", v)
		}
	}

	now := time.Now().UnixNano()
	for _, m := range ms {
		if applied[m.version] {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("migrate: apply %s: %w", m.version, err)
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`, m.version, now); err != nil {
			return fmt.Errorf("migrate: record %s: %w", m.version, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: commit: %w", err)
	}
	return nil
}
