// Package migrate reads a store's schema migrations: numbered SQL files
// compiled into the binary, so that a deployed server carries exactly the
// schema it was built for. Each store applies them in its own transaction;
// this package only decides what they are and in which order they run.
package migrate

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
)

// Step is one schema migration.
type Step struct {
	// Version is the file name without ".sql": "0001_init".
	Version string
	// SQL is the file's statements.
	SQL string
}

// validName is the shape of a migration file name: a fixed-width number, so
// that name order is apply order.
var validName = regexp.MustCompile(`^[0-9]{4}_[a-z0-9_]+\.sql$`)

// Load returns the migrations in dir of fsys in the order they apply. A file
// whose name does not look like 0001_name.sql is an error rather than
// skipped: a misnamed migration would otherwise never run.
func Load(fsys fs.FS, dir string) ([]Step, error) {
	entries, err := fs.ReadDir(fsys, dir) // sorted by name
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var steps []Step
	for _, e := range entries {
		if !validName.MatchString(e.Name()) {
			return nil, fmt.Errorf("migration file %q: name must look like 0001_name.sql", e.Name())
		}
		b, err := fs.ReadFile(fsys, dir+"/"+e.Name())
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", e.Name(), err)
		}
		steps = append(steps, Step{Version: strings.TrimSuffix(e.Name(), ".sql"), SQL: string(b)})
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("read migrations: %s holds none", dir)
	}
	return steps, nil
}

// Pending returns the steps not yet applied, in order. A database that
// records a migration this build does not know was written by a newer
// version and may hold a schema this code would read or write wrongly, so
// it is refused.
func Pending(steps []Step, applied map[string]bool) ([]Step, error) {
	known := make(map[string]bool, len(steps))
	for _, s := range steps {
		known[s.Version] = true
	}
	for v := range applied {
		if !known[v] {
			return nil, fmt.Errorf("the database has migration %s, unknown to this build (written by a newer version?)", v)
		}
	}
	var todo []Step
	for _, s := range steps {
		if !applied[s.Version] {
			todo = append(todo, s)
		}
	}
	return todo, nil
}
