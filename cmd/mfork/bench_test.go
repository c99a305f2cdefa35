package main

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marketingfork/fork/internal/loadgen"
	"github.com/marketingfork/fork/internal/pgtest"
)

// clusterClients is how many requests the load generator keeps in flight,
// spread round-robin over the nodes.
const clusterClients = 16

// BenchmarkCluster compares deployments of the real binary under the same
// load: one node on SQLite, one node on PostgreSQL, three nodes on one
// PostgreSQL. Each serves sandbox forks (no store work but the metrics) and
// key-authenticated forks of a page on loopback (a key lookup, two
// rate-limit hits and an idempotency record per request, as an SDK client
// that sends Idempotency-Key makes them). The load generator, the nodes and
// PostgreSQL share the machine, so the figures compare deployments on one
// box; they are not a capacity plan. `make bench` runs it.
func BenchmarkCluster(b *testing.B) {
	bin := buildBinary(b)
	pages := newPageServer(b, 0)
	setups := []struct {
		name  string
		nodes int
		db    func(b *testing.B) string
	}{
		{"sqlite-1node", 1, func(b *testing.B) string { return "sqlite:" + filepath.Join(b.TempDir(), "mfork.db") }},
		{"postgres-1node", 1, func(b *testing.B) string { return pgtest.NewDatabase(b) }},
		{"postgres-3nodes", 3, func(b *testing.B) string { return pgtest.NewDatabase(b) }},
	}
	for _, setup := range setups {
		b.Run(setup.name, func(b *testing.B) {
			db := setup.db(b)
			key, _ := createKey(b, db, "bench")
			nodes := startCluster(b, bin, db, setup.nodes, "--allow-private",
				"--forks-per-minute", "1000000000", "--forks-per-day", "1000000000")
			tr := &http.Transport{MaxIdleConnsPerHost: clusterClients, MaxConnsPerHost: clusterClients}
			b.Cleanup(tr.CloseIdleConnections)
			client := &http.Client{Transport: tr, Timeout: 30 * time.Second}

			b.Run("sandbox", func(b *testing.B) {
				runCluster(b, client, func(i int) *http.Request {
					req := forkRequest(nodes[i%len(nodes)], `{"url":"https://example.com/","profile":"skeptic"}`)
					req.Header.Set("X-Sandbox", "true")
					return req
				})
			})
			b.Run("fork", func(b *testing.B) {
				run := time.Now().UnixNano() // Idempotency-Keys unique across runs
				body := `{"url":"` + pages.URL + `/bench","profile":"bargain-hunter"}`
				runCluster(b, client, func(i int) *http.Request {
					req := forkRequest(nodes[i%len(nodes)], body)
					req.Header.Set("Authorization", "Bearer "+key)
					req.Header.Set("Idempotency-Key", fmt.Sprintf("bench-%d-%d", run, i))
					return req
				})
			})
		})
	}
}

func forkRequest(base, body string) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, base+"/v1/fork", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return req
}

func runCluster(b *testing.B, client *http.Client, newReq func(i int) *http.Request) {
	b.ResetTimer()
	res, err := loadgen.Run(client, b.N, clusterClients, http.StatusOK, newReq)
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	res.Report(b)
}
