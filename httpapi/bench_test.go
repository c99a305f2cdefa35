package httpapi

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/store/sqlite"
)

func benchHandler(b *testing.B) *Handler {
	b.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	h, err := New(Config{Forker: fork.New(fork.WithProvider(rulesProvider())), Store: st, Version: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = h.Close(context.Background())
		_ = st.Close()
	})
	return h
}

var sandboxBody = []byte(`{"url":"https://example.com/pricing","profile":"skeptic","language_layer":"plain"}`)

func sandboxRequest(b *testing.B, h *Handler) {
	req := httptest.NewRequest("POST", "/v1/fork", bytes.NewReader(sandboxBody))
	req.Header.Set("X-Sandbox", "true")
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
}

// BenchmarkSandboxFork measures a sandbox fork through the whole handler
// (middleware, validation, the cached sample): the first request makes the
// fork, the rest are served from memory.
func BenchmarkSandboxFork(b *testing.B) {
	h := benchHandler(b)
	sandboxRequest(b, h)
	for b.Loop() {
		sandboxRequest(b, h)
	}
}

// BenchmarkSandboxForkParallel is the same from GOMAXPROCS goroutines; run
// with -cpu 2 for the throughput on two cores (req/s = 1e9 / ns/op).
func BenchmarkSandboxForkParallel(b *testing.B) {
	h := benchHandler(b)
	sandboxRequest(b, h)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			sandboxRequest(b, h)
		}
	})
}

// BenchmarkHealth measures GET /health, a store ping included.
func BenchmarkHealth(b *testing.B) {
	h := benchHandler(b)
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/health", nil))
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}
