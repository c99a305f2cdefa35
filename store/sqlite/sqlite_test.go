package sqlite

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/internal/migrate"
	"github.com/marketingfork/fork/store"
	"github.com/marketingfork/fork/store/storetest"
)

// openTest opens a store at path and fails the test if it cannot.
func openTest(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		return openTest(t, filepath.Join(t.TempDir(), "store.db"))
	})
}

func TestPersistence(t *testing.T) {
	dir := t.TempDir()
	storetest.RunPersistence(t, func(t *testing.T, name string) store.Store {
		return openTest(t, filepath.Join(dir, name+".db"))
	})
}

func TestKind(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "store.db"))
	defer s.Close()
	if got, want := s.Kind(), "sqlite"; got != want {
		t.Errorf("Kind: got %q; want %q", got, want)
	}
}

func TestMigrationsAppliedOnce(t *testing.T) {
	ms, err := migrate.Load(migrationFiles, "migrations")
	if err != nil {
		t.Fatalf("migrations: %v", err)
	}
	var want []string
	for _, m := range ms {
		want = append(want, m.Version)
	}
	if len(want) == 0 || want[0] != "0001_init" {
		t.Fatalf("embedded migrations: got %v; want 0001_init first", want)
	}

	path := filepath.Join(t.TempDir(), "store.db")
	for i := range 3 {
		s := openTest(t, path)
		rows, err := s.r.QueryContext(t.Context(), `SELECT version FROM schema_migrations ORDER BY version`)
		if err != nil {
			t.Fatalf("open #%d: read schema_migrations: %v", i+1, err)
		}
		var got []string
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			got = append(got, v)
		}
		rows.Close()
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("open #%d: schema_migrations (-want +got):\n%s", i+1, diff)
		}
		if err := s.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	s := openTest(t, path)
	if _, err := s.w.ExecContext(t.Context(),
		`INSERT INTO schema_migrations (version, applied_at) VALUES ('9999_future', 0)`); err != nil {
		t.Fatal(err)
	}
	s.Close()

	_, err := Open(t.Context(), path)
	if err == nil || !strings.Contains(err.Error(), "9999_future") {
		t.Errorf("Open of a file migrated by a newer build: got %v; want an error naming 9999_future", err)
	}
}

func TestOpenCreatesDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "c", "store.db")
	s := openTest(t, path)
	defer s.Close()
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("after Open: stat %s: got %v, %v; want a regular file", path, fi, err)
	}
	// The file holds key hashes; only its owner should read it.
	if got, want := fi.Mode().Perm(), os.FileMode(0o600); got != want {
		t.Errorf("file mode: got %v; want %v", got, want)
	}
}

func TestOpenOddPath(t *testing.T) {
	// Characters with a meaning in a URI must stay part of the file name.
	dir := filepath.Join(t.TempDir(), "a ?b#c%20d&_pragma=x")
	path := filepath.Join(dir, "store.db")
	s := openTest(t, path)
	defer s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("after Open: %v; want the file at exactly %s", err, path)
	}
	if err := s.Ping(t.Context()); err != nil {
		t.Errorf("Ping: %v", err)
	}
}

func TestOpenUnwritable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked")
	if err := os.Mkdir(locked, 0o500); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name      string
		path      string
		wantIs    error // checked when not nil
		wantInErr string
		needUser  bool // root ignores permissions
	}{
		{"parent is a file", filepath.Join(file, "sub", "store.db"), syscall.ENOTDIR, "create directory", false},
		{"path is a directory", dir, syscall.EISDIR, "is a directory", false},
		{"directory not writable", filepath.Join(locked, "store.db"), fs.ErrPermission, "permission denied", true},
		{"empty path", "", nil, "empty path", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.needUser && os.Geteuid() == 0 {
				t.Skip("root can write anywhere")
			}
			s, err := Open(t.Context(), tt.path)
			if err == nil {
				s.Close()
				t.Fatalf("Open(%q): got nil error; want one", tt.path)
			}
			t.Logf("Open(%q): %v", tt.path, err)
			msg := err.Error()
			if !strings.HasPrefix(msg, "sqlite: open") {
				t.Errorf("Open(%q): got %q; want it to start with %q", tt.path, msg, "sqlite: open")
			}
			if tt.path != "" && !strings.Contains(msg, tt.path) {
				t.Errorf("Open(%q): got %q; want it to name the path", tt.path, msg)
			}
			if !strings.Contains(msg, tt.wantInErr) {
				t.Errorf("Open(%q): got %q; want it to contain %q", tt.path, msg, tt.wantInErr)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("Open(%q): got %v; want errors.Is %v", tt.path, err, tt.wantIs)
			}
		})
	}
}

func TestPragmas(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "store.db"))
	defer s.Close()
	tests := []struct {
		pragma string
		want   string
	}{
		{"journal_mode", "wal"},
		{"busy_timeout", "5000"},
		{"foreign_keys", "1"},
		{"synchronous", "1"}, // NORMAL
	}
	pools := []struct {
		name string
		db   *sql.DB
	}{{"writer", s.w}, {"reader", s.r}}
	for _, pool := range pools {
		for _, tt := range tests {
			t.Run(pool.name+"/"+tt.pragma, func(t *testing.T) {
				var got string
				if err := pool.db.QueryRowContext(t.Context(), "PRAGMA "+tt.pragma).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != tt.want {
					t.Errorf("PRAGMA %s on the %s: got %q; want %q", tt.pragma, pool.name, got, tt.want)
				}
			})
		}
	}
	t.Run("reader is read-only", func(t *testing.T) {
		if _, err := s.r.Exec(`DELETE FROM metrics`); err == nil {
			t.Errorf("write through the read pool: got nil error; want query_only to refuse it")
		}
	})
}

func TestTimesAreUTC(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "store.db"))
	defer s.Close()
	ctx := t.Context()
	h := sha256.Sum256([]byte("k"))
	at := time.Date(2025, 3, 4, 5, 6, 7, 123456789, time.FixedZone("CET", 3600))
	if err := s.CreateKey(ctx, store.Key{ID: "key_k", Hash: h[:], CreatedAt: at, RevokedAt: at.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	k, err := s.KeyByHash(ctx, h[:])
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]time.Time{"CreatedAt": k.CreatedAt, "RevokedAt": k.RevokedAt} {
		if got.Location() != time.UTC {
			t.Errorf("%s location: got %v; want UTC", name, got.Location())
		}
	}
	if !k.CreatedAt.Equal(at) {
		t.Errorf("CreatedAt: got %v; want %v to the nanosecond", k.CreatedAt, at)
	}
}

func TestOutOfRangeTimes(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "store.db"))
	defer s.Close()
	ctx := t.Context()
	h := sha256.Sum256([]byte("k"))
	tests := []struct {
		name string
		call func() error
	}{
		{"CreateKey zero CreatedAt", func() error { return s.CreateKey(ctx, store.Key{ID: "key_z", Hash: h[:]}) }},
		{"RevokeKey zero time", func() error { return s.RevokeKey(ctx, "key_z", time.Time{}) }},
		{"BeginIdem year 3000", func() error {
			_, _, err := s.BeginIdem(ctx, "s", "k", h[:], time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC), time.Hour)
			return err
		}},
		{"Hit zero window", func() error { _, err := s.Hit(ctx, "b", time.Time{}); return err }},
		{"CreateOAuthClient zero CreatedAt", func() error { return s.CreateOAuthClient(ctx, store.OAuthClient{ID: "mfc_z"}) }},
		{"CreateOAuthCode zero ExpiresAt", func() error {
			return s.CreateOAuthCode(ctx, store.OAuthCode{Hash: h[:], Kind: store.OAuthKindCode, CreatedAt: time.Now()})
		}},
		{"TakeOAuthCode zero now", func() error { _, err := s.TakeOAuthCode(ctx, store.OAuthKindCode, h[:], time.Time{}); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			if err == nil || !strings.Contains(err.Error(), "out of range") {
				t.Errorf("got %v; want an out-of-range error", err)
			}
		})
	}
}

// count returns the number of rows query counts.
func count(t *testing.T, s *Store, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.r.QueryRowContext(t.Context(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func TestHitPrunesOldWindows(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "store.db"))
	defer s.Close()
	ctx := t.Context()
	w0 := time.Date(2025, 3, 4, 5, 6, 0, 0, time.UTC)
	steps := []struct {
		name   string
		window time.Time
		want   []time.Time // windows still stored afterwards
	}{
		{"first window", w0, []time.Time{w0}},
		{"a day later keeps it", w0.Add(24 * time.Hour), []time.Time{w0, w0.Add(24 * time.Hour)}},
		{"three days later prunes it", w0.Add(72 * time.Hour), []time.Time{w0.Add(24 * time.Hour), w0.Add(72 * time.Hour)}},
		{"an old window does not prune newer ones", w0, []time.Time{w0, w0.Add(24 * time.Hour), w0.Add(72 * time.Hour)}},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if _, err := s.Hit(ctx, "b", st.window); err != nil {
				t.Fatal(err)
			}
			rows, err := s.r.QueryContext(ctx, `SELECT window_start FROM rate_windows ORDER BY window_start`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var got []time.Time
			for rows.Next() {
				var n int64
				if err := rows.Scan(&n); err != nil {
					t.Fatal(err)
				}
				got = append(got, fromNanos(n))
			}
			if diff := cmp.Diff(st.want, got); diff != "" {
				t.Errorf("stored windows (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBeginIdemSweepsExpired(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	ctx := t.Context()
	t0 := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	ttl := 24 * time.Hour
	h := sha256.Sum256([]byte("body"))

	s := openTest(t, path)
	for _, key := range []string{"old-1", "old-2"} {
		if _, _, err := s.BeginIdem(ctx, "scope", key, h[:], t0, ttl); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := s.BeginIdem(ctx, "scope", "recent", h[:], t0.Add(ttl), ttl); err != nil {
		t.Fatal(err)
	}
	s.Close()

	// The first BeginIdem of a new Store sweeps.
	s = openTest(t, path)
	defer s.Close()
	if _, _, err := s.BeginIdem(ctx, "scope", "new", h[:], t0.Add(ttl+time.Second), ttl); err != nil {
		t.Fatal(err)
	}
	got := count(t, s, `SELECT count(*) FROM idempotency WHERE idem_key LIKE 'old-%'`)
	if got != 0 {
		t.Errorf("expired records after the sweep: got %d; want 0", got)
	}
	if got := count(t, s, `SELECT count(*) FROM idempotency`); got != 2 {
		t.Errorf("records after the sweep: got %d; want 2 (recent, new)", got)
	}
}

func TestCloseTwice(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "store.db"))
	for i := range 2 {
		if err := s.Close(); err != nil {
			t.Errorf("Close #%d: %v", i+1, err)
		}
	}
	if err := s.Ping(t.Context()); err == nil {
		t.Errorf("Ping after Close: got nil; want an error")
	}
}

func BenchmarkHit(b *testing.B) {
	s := openTest(b, filepath.Join(b.TempDir(), "store.db"))
	defer s.Close()
	ctx := context.Background()
	w := time.Date(2025, 3, 4, 5, 6, 0, 0, time.UTC)
	b.Run("serial", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Hit(ctx, "bench-serial", w); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := s.Hit(ctx, "bench-parallel", w); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}

func BenchmarkBeginFinishIdem(b *testing.B) {
	s := openTest(b, filepath.Join(b.TempDir(), "store.db"))
	defer s.Close()
	ctx := context.Background()
	now := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	h := sha256.Sum256([]byte("body"))
	body := []byte(strings.Repeat(`{"block":"text"}`, 256)) // ~4 KiB response
	i := 0
	for b.Loop() {
		key := fmt.Sprintf("idem-%d", i)
		i++
		_, claimed, err := s.BeginIdem(ctx, "scope", key, h[:], now, 24*time.Hour)
		if err != nil || !claimed {
			b.Fatalf("BeginIdem: claimed %v, %v", claimed, err)
		}
		if err := s.FinishIdem(ctx, "scope", key, 200, "application/json", body); err != nil {
			b.Fatal(err)
		}
	}
}
