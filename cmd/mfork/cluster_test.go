package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/marketingfork/fork/internal/pgtest"
)

// startCluster starts n `mfork serve` processes of the real binary on free
// loopback ports, all on the store db, and returns their base URLs.
func startCluster(t testing.TB, bin, db string, n int, args ...string) []string {
	t.Helper()
	urls := make([]string, n)
	for i := range n {
		urls[i], _, _ = startServer(t, bin, append([]string{"--db", db}, args...)...)
	}
	return urls
}

// createKey issues an API key in the store db with the CLI, as an operator
// would, and returns the key and its ID.
func createKey(t testing.TB, db, name string) (key, id string) {
	t.Helper()
	code, out, errOut := runCLI(t, "", "keys", "create", "--name", name, "--db", db)
	if code != 0 {
		t.Fatalf("keys create: exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`(?m)^(mfk_\S+)\nkey id (\S+);`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("keys create printed no key and id:\n%s", out)
	}
	return m[1], m[2]
}

// pageServer serves our own test page on loopback and counts the fetches
// of each path. /slow/… answers after delay, so that requests for it
// overlap.
type pageServer struct {
	*httptest.Server
	mu      sync.Mutex
	fetches map[string]int
}

func newPageServer(t testing.TB, delay time.Duration) *pageServer {
	t.Helper()
	page, err := os.ReadFile(tidyflow)
	if err != nil {
		t.Fatal(err)
	}
	ps := &pageServer{fetches: map[string]int{}}
	ps.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ps.mu.Lock()
		ps.fetches[r.URL.Path]++
		ps.mu.Unlock()
		if strings.HasPrefix(r.URL.Path, "/slow/") {
			time.Sleep(delay)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	}))
	t.Cleanup(ps.Close)
	return ps
}

func (ps *pageServer) count(path string) int {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return ps.fetches[path]
}

// answer is one response the test got, kept to check the nodes' metrics
// against.
type answer struct {
	status   int
	replayed bool
	body     []byte
}

// tally counts the test's own POST /v1/fork answers by status class, the
// figure the nodes' metrics must add up to.
type tally struct {
	mu      sync.Mutex
	classes map[string]int64
}

func (tl *tally) fork(t testing.TB, base, key, idemKey, body string) answer {
	t.Helper()
	headers := map[string]string{"Authorization": "Bearer " + key}
	if idemKey != "" {
		headers["Idempotency-Key"] = idemKey
	}
	resp, b := postJSON(t, base+"/v1/fork", headers, body)
	tl.mu.Lock()
	if tl.classes == nil {
		tl.classes = map[string]int64{}
	}
	tl.classes[fmt.Sprintf("%dxx", resp.StatusCode/100)]++
	tl.mu.Unlock()
	return answer{status: resp.StatusCode, replayed: resp.Header.Get("Idempotent-Replayed") == "true", body: b}
}

// TestMultiNode runs three real `mfork serve` processes on one PostgreSQL
// database and drives them round-robin: an idempotent request sent to every
// node at once forks once, a rate limit holds across nodes, a revoked key
// stops working on every node at once, and every node's metrics add up to
// what the nodes answered.
func TestMultiNode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	db := pgtest.NewDatabase(t)
	bin := buildBinary(t)
	pages := newPageServer(t, 500*time.Millisecond)
	const perDay = 30
	nodes := startCluster(t, bin, db, 3, "--allow-private", "--forks-per-minute", "-1", "--forks-per-day", fmt.Sprint(perDay))
	var tl tally

	t.Run("idempotency across nodes", func(t *testing.T) {
		key, _ := createKey(t, db, "idem")
		for round := range 3 {
			path := fmt.Sprintf("/slow/idem-%d", round)
			body := `{"url":"` + pages.URL + path + `","profile":"skeptic"}`
			idemKey := fmt.Sprintf("order-%d", round)
			got := make([]answer, len(nodes))
			var wg sync.WaitGroup
			for i, base := range nodes {
				wg.Go(func() { got[i] = tl.fork(t, base, key, idemKey, body) })
			}
			wg.Wait()
			made, conflicts, replays := 0, 0, 0
			for i, a := range got {
				switch {
				case a.status == 200 && !a.replayed:
					made++
				case a.status == 200 && a.replayed:
					replays++
				case a.status == 409:
					conflicts++
				default:
					t.Errorf("round %d, node %d: got %d %s; want 200, a replay or 409", round, i, a.status, a.body)
				}
			}
			if made != 1 || conflicts+replays != len(nodes)-1 {
				t.Errorf("round %d: %d forks made, %d conflicts, %d replays; want 1 fork and %d conflicts or replays", round, made, conflicts, replays, len(nodes)-1)
			}
			if n := pages.count(path); n != 1 {
				t.Errorf("round %d: the page was fetched %d times; want once", round, n)
			}
			// Afterwards, every node replays the one answer.
			var first []byte
			for i, base := range nodes {
				a := tl.fork(t, base, key, idemKey, body)
				if a.status != 200 || !a.replayed {
					t.Errorf("round %d, repeat on node %d: got %d replayed=%v; want a 200 replay", round, i, a.status, a.replayed)
				}
				if first == nil {
					first = a.body
				} else if string(a.body) != string(first) {
					t.Errorf("round %d: node %d replays another body than node 0", round, i)
				}
			}
		}
	})

	t.Run("rate limit across nodes", func(t *testing.T) {
		key, _ := createKey(t, db, "quota")
		const sent = perDay * 3 / 2
		var ok, limited atomic.Int64
		var wg sync.WaitGroup
		for i := range sent {
			wg.Go(func() {
				a := tl.fork(t, nodes[i%len(nodes)], key, "", `{"url":"`+pages.URL+`/quota"}`)
				switch a.status {
				case 200:
					ok.Add(1)
				case 429:
					limited.Add(1)
				default:
					t.Errorf("request %d: got %d %s; want 200 or 429", i, a.status, a.body)
				}
			})
		}
		wg.Wait()
		t.Logf("%d requests over %d nodes against %d forks a day: %d forked, %d refused", sent, len(nodes), perDay, ok.Load(), limited.Load())
		if got := ok.Load(); got < perDay*9/10 || got > perDay*11/10 {
			t.Errorf("forks allowed across nodes: got %d; want %d within 10%%", got, perDay)
		}
		if ok.Load()+limited.Load() != sent {
			t.Errorf("answers: %d + %d; want %d", ok.Load(), limited.Load(), sent)
		}
	})

	t.Run("revocation on every node", func(t *testing.T) {
		key, id := createKey(t, db, "revoke")
		body := `{"url":"` + pages.URL + `/revoke"}`
		for i, base := range nodes {
			if a := tl.fork(t, base, key, "", body); a.status != 200 {
				t.Fatalf("node %d before revocation: got %d %s; want 200", i, a.status, a.body)
			}
		}
		if code, _, errOut := runCLI(t, "", "keys", "revoke", id, "--db", db); code != 0 {
			t.Fatalf("keys revoke: exit %d: %s", code, errOut)
		}
		for i, base := range nodes {
			a := tl.fork(t, base, key, "", body)
			if a.status != 401 {
				t.Errorf("node %d right after revocation: got %d %s; want 401", i, a.status, a.body)
			}
		}
	})

	t.Run("metrics add up", func(t *testing.T) {
		tl.mu.Lock()
		want := tl.classes
		tl.mu.Unlock()
		// Nodes flush their counts every 2 s; every node then reads the
		// same totals from the database.
		deadline := time.Now().Add(20 * time.Second)
		for i, base := range nodes {
			for {
				got, err := forkCounts(base)
				if err == nil && maps.Equal(got, want) {
					break
				}
				if time.Now().After(deadline) {
					t.Errorf("node %d: POST /v1/fork counts %v (err %v); want %v, the answers the nodes gave", i, got, err, want)
					break
				}
				time.Sleep(250 * time.Millisecond)
			}
		}
	})
}

// forkCounts reads a node's JSON /metrics: the POST /v1/fork counts by
// status class.
func forkCounts(base string) (map[string]int64, error) {
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var m struct {
		Endpoints []struct {
			Route, Method, Class string
			Count                int64
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		return nil, err
	}
	got := map[string]int64{}
	for _, e := range m.Endpoints {
		if e.Route == "/v1/fork" && e.Method == "POST" {
			got[e.Class] += e.Count
		}
	}
	return got, nil
}
