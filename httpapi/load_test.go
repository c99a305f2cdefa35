package httpapi

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/marketingfork/fork/internal/loadgen"
)

// loadClients is how many connections the load generator keeps busy: enough
// to saturate two cores without measuring only queueing.
const loadClients = 16

// runLoad sends b.N requests from loadClients goroutines over a real
// loopback listener and reports requests per second and the p50 and p99
// latencies. It is a load generator, not a timing assertion: `make bench`
// prints the figures.
func runLoad(b *testing.B, srvURL string, newReq func() *http.Request) {
	tr := &http.Transport{MaxIdleConnsPerHost: loadClients, MaxConnsPerHost: loadClients}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	b.ResetTimer()
	res, err := loadgen.Run(client, b.N, loadClients, http.StatusOK, func(int) *http.Request { return newReq() })
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	res.Report(b)
}

// BenchmarkLoadSandboxFork drives sandbox POST /v1/fork over loopback.
// Target on the 2-core machine: 1,500 req/s with p99 under 25 ms.
func BenchmarkLoadSandboxFork(b *testing.B) {
	srv := httptest.NewServer(benchHandler(b))
	defer srv.Close()
	runLoad(b, srv.URL, func() *http.Request {
		req, _ := http.NewRequest("POST", srv.URL+"/v1/fork", bytes.NewReader(sandboxBody))
		req.Header.Set("X-Sandbox", "true")
		req.Header.Set("Content-Type", "application/json")
		return req
	})
}

// BenchmarkLoadHealth drives GET /health over loopback. Target: 10,000
// req/s on the 2-core machine.
func BenchmarkLoadHealth(b *testing.B) {
	srv := httptest.NewServer(benchHandler(b))
	defer srv.Close()
	runLoad(b, srv.URL, func() *http.Request {
		req, _ := http.NewRequest("GET", srv.URL+"/health", nil)
		return req
	})
}
