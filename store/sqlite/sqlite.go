// Package sqlite is the embedded store: one file, no server, so that
// `mfork serve` needs nothing else to run. It uses the pure-Go driver
// modernc.org/sqlite, so the binary builds without cgo.
//
// SQLite lets one connection write at a time. The store therefore keeps two
// pools on the same file: a writer pool of exactly one connection, through
// which every change goes (goroutines queue for it inside database/sql,
// honouring their contexts, instead of spinning on SQLITE_BUSY), and a
// read-only pool for lookups, which WAL lets run beside the writer.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver

	"github.com/marketingfork/fork/store"
)

var _ store.Store = (*Store)(nil)

// busyTimeout is how long a connection waits for another process's lock
// (an operator's CLI writing keys while the server runs) before failing.
const busyTimeout = 5 * time.Second

// Store is a store.Store kept in one SQLite file. It is safe for concurrent
// use by many goroutines.
type Store struct {
	path string
	w    *sql.DB // writes; one connection, because SQLite has one writer
	r    *sql.DB // reads; query_only, several connections under WAL

	// hits and begins count calls so that Hit and BeginIdem clean up old
	// rows now and then rather than on every call.
	hits   atomic.Uint64
	begins atomic.Uint64

	// mu guards latestWindow, the newest rate-limit window seen, so Hit can
	// prune when a new window starts.
	mu           sync.Mutex
	latestWindow int64

	closeOnce sync.Once
	closeErr  error
}

// Open opens the store at path, creating the file and its directory if
// missing, and brings the schema up to date. Re-opening an existing file
// keeps its data.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("sqlite: open: empty path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return nil, fmt.Errorf("sqlite: open %s: create directory: %w", path, err)
	}
	// Create (or open) the file ourselves first: the OS then says plainly
	// why it cannot ("permission denied", "is a directory") where SQLite
	// would only say "unable to open database file", and a new file gets
	// mode 0600 (SQLite gives its -wal and -shm files the same mode).
	f, err := os.OpenFile(abs, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is already in the message
		}
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}

	w, err := sql.Open("sqlite", dsn(abs, false))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)

	r, err := sql.Open("sqlite", dsn(abs, true))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	readers := max(4, runtime.GOMAXPROCS(0))
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)

	s := &Store{path: path, w: w, r: r}
	// The writer must reach the file first: it creates it and switches it to
	// WAL, which a query_only reader could not do.
	if err := w.PingContext(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if err := r.PingContext(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite: open %s: read pool: %w", path, err)
	}
	return s, nil
}

// dsn builds the driver's URI for the file at abs. The path goes through
// url.URL so that '?', '#' or '%' in a directory name cannot be read as URI
// syntax. Transactions begin IMMEDIATE so a read-then-write transaction
// (BeginIdem) takes the write lock up front and can neither interleave with
// another writer nor fail half-way with SQLITE_BUSY on upgrading its lock.
func dsn(abs string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	if !readOnly {
		// Persistent in the file; set by the writer, which opens first.
		q.Add("_pragma", "journal_mode(WAL)")
	}
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(1)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	}
	q.Set("_txlock", "immediate")
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: q.Encode()}
	return u.String()
}

// Kind names the implementation.
func (s *Store) Kind() string { return "sqlite" }

// Ping checks both pools answer, so a broken file shows up in a health check
// rather than on the next write.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.w.PingContext(ctx); err != nil {
		return fmt.Errorf("sqlite: ping writer: %w", err)
	}
	if err := s.r.PingContext(ctx); err != nil {
		return fmt.Errorf("sqlite: ping reader: %w", err)
	}
	return nil
}

// Close closes both pools. Readers close first so that the writer, closing
// last, checkpoints the WAL into the main file. Calling Close again returns
// the first call's result.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		rerr := s.r.Close()
		werr := s.w.Close()
		if err := errors.Join(rerr, werr); err != nil {
			s.closeErr = fmt.Errorf("sqlite: close %s: %w", s.path, err)
		}
	})
	return s.closeErr
}

// nanos encodes t as UTC unix nanoseconds, the one time format in the file.
// Times with no int64 nanosecond form (the zero time, years before 1678 or
// after 2262) are refused rather than stored as a different instant.
func nanos(what string, t time.Time) (int64, error) {
	n := t.UnixNano()
	if !time.Unix(0, n).Equal(t) {
		return 0, fmt.Errorf("%s %v is out of range", what, t)
	}
	return n, nil
}

// fromNanos decodes a stored time.
func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }
