package httpapi

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
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
	var (
		mu        sync.Mutex
		latencies = make([]time.Duration, 0, b.N)
		wg        sync.WaitGroup
		next      = make(chan struct{}, b.N)
	)
	for range b.N {
		next <- struct{}{}
	}
	close(next)
	b.ResetTimer()
	start := time.Now()
	for range loadClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]time.Duration, 0, b.N/loadClients+1)
			for range next {
				t0 := time.Now()
				resp, err := client.Do(newReq())
				if err != nil {
					b.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Errorf("status %d", resp.StatusCode)
					return
				}
				local = append(local, time.Since(t0))
			}
			mu.Lock()
			latencies = append(latencies, local...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if len(latencies) == 0 {
		return
	}
	slices.Sort(latencies)
	pct := func(p float64) float64 {
		return float64(latencies[int(p*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(len(latencies))/elapsed.Seconds(), "req/s")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
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
