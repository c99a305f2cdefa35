// Package loadgen is the load generator of `make bench`: a fixed number of
// requests sent from concurrent clients over real connections, reported as
// requests per second and latency percentiles. It measures; it never
// asserts a speed.
package loadgen

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Result is what one run measured.
type Result struct {
	// Requests is how many requests were answered as wanted.
	Requests int
	// Elapsed is the wall time of the whole run.
	Elapsed time.Duration
	// P50 and P99 are latency percentiles over the answered requests.
	P50, P99 time.Duration
}

// PerSecond is the throughput: requests answered per second of wall time.
func (r Result) PerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Elapsed.Seconds()
}

// Reporter is what Report writes to: *testing.B.
type Reporter interface {
	ReportMetric(n float64, unit string)
}

// Report adds the result to a benchmark's output as req/s, p50-ms and
// p99-ms.
func (r Result) Report(b Reporter) {
	b.ReportMetric(r.PerSecond(), "req/s")
	b.ReportMetric(float64(r.P50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(r.P99.Microseconds())/1000, "p99-ms")
}

// Run sends n requests from clients goroutines, each keeping one request in
// flight, and waits for every answer. newReq(i) builds the i-th request
// (0 ≤ i < n), so a caller can spread requests over several servers or give
// each its own header. A request that fails or is answered with another
// status than want stops the run with an error naming it.
func Run(client *http.Client, n, clients int, want int, newReq func(i int) *http.Request) (Result, error) {
	if n <= 0 || clients <= 0 {
		return Result{}, fmt.Errorf("loadgen: need n > 0 and clients > 0 (got %d, %d)", n, clients)
	}
	var (
		next      atomic.Int64
		failed    atomic.Bool
		mu        sync.Mutex
		firstErr  error
		latencies = make([]time.Duration, 0, n)
		wg        sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		failed.Store(true)
	}
	start := time.Now()
	for range min(clients, n) {
		wg.Go(func() {
			local := make([]time.Duration, 0, n/clients+1)
			defer func() {
				mu.Lock()
				latencies = append(latencies, local...)
				mu.Unlock()
			}()
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				req := newReq(i)
				t0 := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					fail(fmt.Errorf("loadgen: request %d: %w", i, err))
					return
				}
				body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != want {
					fail(fmt.Errorf("loadgen: request %d (%s %s): status %d, want %d: %.200s", i, req.Method, req.URL, resp.StatusCode, want, body))
					return
				}
				local = append(local, time.Since(t0))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if firstErr != nil {
		return Result{}, firstErr
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	return Result{Requests: len(latencies), Elapsed: elapsed, P50: pct(0.50), P99: pct(0.99)}, nil
}
