package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/apikey"
	"github.com/marketingfork/fork/internal/pgtest"
	"github.com/marketingfork/fork/store"
	"github.com/marketingfork/fork/store/postgres"
	"github.com/marketingfork/fork/store/sqlite"
)

// keptStores open the stores the kept-fork benchmarks compare: SQLite in
// a file, and PostgreSQL where one runs (`make bench` starts one with
// scripts/pgtest.sh; elsewhere that half is skipped).
var keptStores = []struct {
	name string
	open func(b *testing.B) store.Store
}{
	{"sqlite", func(b *testing.B) store.Store {
		st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "kept.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = st.Close() })
		return st
	}},
	{"postgres", func(b *testing.B) store.Store {
		st, err := postgres.Open(context.Background(), pgtest.NewDatabase(b))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = st.Close() })
		return st
	}},
}

// keptServer is a handler on a real listener over st, with a key of its
// own and quotas out of the way: the benchmarks measure the work, not the
// rate limits.
func keptServer(b *testing.B, st store.Store) (*httptest.Server, string) {
	b.Helper()
	h, err := New(Config{
		Forker: fork.New(fork.WithProvider(rulesProvider())), Store: st, Version: "bench",
		Limits: Limits{ForksPerMinute: 1 << 30, ForksPerDay: 1 << 30},
	})
	if err != nil {
		b.Fatal(err)
	}
	key, rec, err := apikey.New()
	if err != nil {
		b.Fatal(err)
	}
	if err := st.CreateKey(context.Background(), rec); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(h)
	b.Cleanup(func() {
		srv.Close()
		_ = h.Close(context.Background())
	})
	return srv, key
}

// keyedForkBody is a keyed fork of the largest page of our own, sent
// inline: no fetch in the measurement.
func keyedForkBody(b *testing.B) []byte {
	b.Helper()
	page, err := os.ReadFile("../testdata/pages/tidyflow-en.html")
	if err != nil {
		b.Fatal(err)
	}
	body, err := json.Marshal(map[string]any{"html": string(page), "profile": "skeptic"})
	if err != nil {
		b.Fatal(err)
	}
	return body
}

func keyedFork(b *testing.B, client *http.Client, url, key string, body []byte) string {
	req, _ := http.NewRequest("POST", url+"/v1/fork", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	var res struct {
		ID string `json:"id"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil || resp.StatusCode != http.StatusOK || res.ID == "" {
		b.Fatalf("keyed fork: status %d, id %q, %v", resp.StatusCode, res.ID, err)
	}
	return res.ID
}

// BenchmarkKeep measures what keeping a fork adds to POST /v1/fork, on each
// store: "fork" is the whole keyed request over loopback (the fork, the
// key, the quotas and the kept record), "keep" the kept record alone
// (Handler.keep: the request and result encoded, the block hashes, the
// row written). Run with -count 5 and read the medians; the extra cost of
// keeping is keep's time per op.
func BenchmarkKeep(b *testing.B) {
	body := keyedForkBody(b)
	for _, s := range keptStores {
		b.Run(s.name, func(b *testing.B) {
			st := s.open(b)
			srv, key := keptServer(b, st)
			client := srv.Client()
			b.Run("fork", func(b *testing.B) {
				for b.Loop() {
					keyedFork(b, client, srv.URL, key, body)
				}
			})
			b.Run("keep", func(b *testing.B) {
				h, _ := New(Config{Forker: fork.New(fork.WithProvider(rulesProvider())), Store: st, Version: "bench"})
				var req fork.Request
				if err := json.Unmarshal(body, &req); err != nil {
					b.Fatal(err)
				}
				res, err := h.cfg.Forker.Fork(context.Background(), req)
				if err != nil {
					b.Fatal(err)
				}
				r := httptest.NewRequest("POST", "/v1/fork", nil)
				for b.Loop() {
					if _, err := h.keep(r, "bench-owner", req, res, []byte(req.HTML)); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// BenchmarkLoadKept drives GET /v1/forks/{id}/export (GrowthBook) and
// GET /v1/forks/{id}/page for one kept fork from loadClients connections
// over loopback, on each store, and reports req/s, p50 and p99.
func BenchmarkLoadKept(b *testing.B) {
	body := keyedForkBody(b)
	for _, s := range keptStores {
		b.Run(s.name, func(b *testing.B) {
			srv, key := keptServer(b, s.open(b))
			id := keyedFork(b, srv.Client(), srv.URL, key, body)
			for _, path := range []struct{ name, path string }{
				{"export", "/v1/forks/" + id + "/export?format=growthbook"},
				{"page", "/v1/forks/" + id + "/page"},
			} {
				b.Run(path.name, func(b *testing.B) {
					runLoad(b, srv.URL, func() *http.Request {
						req, _ := http.NewRequest("GET", srv.URL+path.path, nil)
						req.Header.Set("Authorization", "Bearer "+key)
						return req
					})
				})
			}
		})
	}
}
