//go:build stress

// The stress suite: `make stress` (run by .ci/run). It drives the real
// binary over loopback with an SSRF battery, parallel idempotent requests,
// a SIGTERM under load, kill -9 during key issuance and hostile pages.
// Every loop is bounded in count and time; traffic stays on loopback.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// stressClient never follows redirects and gives up after a minute, so a
// bug cannot hang the suite.
var stressClient = &http.Client{Timeout: time.Minute, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// post sends a JSON body and returns the status and body; a transport
// error is status 0.
func post(base, path string, headers map[string]string, body string) (int, []byte, http.Header) {
	req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := stressClient.Do(req)
	if err != nil {
		return 0, []byte(err.Error()), nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

// issueKey gets a key from /get-key as a new user would.
func issueKey(t testing.TB, base string) string {
	t.Helper()
	code, body, _ := post(base, "/get-key", map[string]string{"Accept": "application/json"}, `{}`)
	var k struct {
		APIKey string `json:"api_key"`
	}
	if code != 200 || json.Unmarshal(body, &k) != nil || k.APIKey == "" {
		t.Fatalf("get-key: %d %s", code, body)
	}
	return k.APIKey
}

// errType is the "type" of an error body: the top level's, or the first
// validation item's.
func errType(body []byte) string {
	var e struct {
		Type   string `json:"type"`
		Detail any    `json:"detail"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	if e.Type != "" {
		return e.Type
	}
	if items, ok := e.Detail.([]any); ok && len(items) > 0 {
		if m, ok := items[0].(map[string]any); ok {
			s, _ := m["type"].(string)
			return s
		}
	}
	return ""
}

// canaryServer is a listener that must never be connected to.
type canaryServer struct {
	ln   net.Listener
	hits atomic.Int64
}

func listenCanaries(t *testing.T, addrs ...string) []*canaryServer {
	var cs []*canaryServer
	for _, a := range addrs {
		ln, err := net.Listen("tcp", a)
		if err != nil {
			t.Logf("canary %s not bound: %v", a, err)
			continue
		}
		c := &canaryServer{ln: ln}
		go func() {
			for {
				conn, err := ln.Accept()
				if err != nil {
					return
				}
				c.hits.Add(1)
				conn.Close()
			}
		}()
		t.Cleanup(func() { ln.Close() })
		cs = append(cs, c)
	}
	return cs
}

func canaryHits(cs []*canaryServer) int64 {
	var n int64
	for _, c := range cs {
		n += c.hits.Load()
	}
	return n
}

// ssrfURLs is the battery: internal addresses in every spelling the
// fetcher must see through, on the default ports and others, with schemes
// and userinfo tricks. No URL needs DNS beyond names refused before any
// lookup (localhost, metadata names), so nothing leaves the machine.
func ssrfURLs() []string {
	hosts := []string{
		"127.0.0.1", "127.1", "127.0.1", "2130706433", "0x7f000001", "0x7f.0.0.1", "0177.0.0.1", "017700000001",
		"127.255.255.254", "0.0.0.0", "0", "[::1]", "[0:0:0:0:0:0:0:1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]",
		"[::127.0.0.1]", "[::]", "localhost", "LOCALHOST", "localhost.", "app.localhost", "１２７。０。０。１",
		"10.0.0.1", "172.16.0.1", "192.168.1.1", "100.64.0.1", "169.254.169.254", "[fd00:ec2::254]", "[fe80::1]",
		"metadata.google.internal", "metadata", "instance-data", "198.18.0.1", "224.0.0.1", "255.255.255.255",
		"[64:ff9b::7f00:1]", "[2002:7f00:1::]", "[fc00::1]",
	}
	paths := []string{"/", "/latest/meta-data/iam/security-credentials/", "/admin?x=1#frag"}
	var urls []string
	for _, h := range hosts {
		for _, p := range paths {
			urls = append(urls, "http://"+h+p)
		}
		urls = append(urls, "https://"+h+"/", "http://"+h+":8080/", "http://"+h+":22/")
	}
	urls = append(urls,
		"http://example.com@127.0.0.1/", "http://127.0.0.1@example.com/", "http://user:pass@localhost/",
		"file:///etc/passwd", "gopher://127.0.0.1:70/_x", "ftp://127.0.0.1/", "dict://127.0.0.1:11211/stat",
		"ldap://127.0.0.1/", "jar:http://127.0.0.1!/", "http:///127.0.0.1/", "http://[::1%25lo]/",
	)
	return urls
}

// TestStressSSRF sends the battery through /v1/fork with a key, with
// default flags and with --allow-private, and counts connections to
// canaries on loopback's default ports: none may arrive, and every URL is
// refused as the caller's fault (422), never fetched, never a 5xx.
func TestStressSSRF(t *testing.T) {
	bin := buildBinary(t)
	cans := listenCanaries(t, "127.0.0.1:80", "127.0.0.1:443", "[::1]:80", "[::1]:443", "127.0.0.1:8080", "127.0.0.1:22")
	urls := ssrfURLs()
	if len(urls) < 150 {
		t.Fatalf("the battery has %d URLs; want at least 150", len(urls))
	}
	base, _, _ := startServer(t, bin, "--db", "sqlite:"+filepath.Join(t.TempDir(), "m.db"), "--forks-per-minute", "-1", "--forks-per-day", "-1")
	key := issueKey(t, base)
	refused := 0
	for _, u := range urls {
		body, _ := json.Marshal(map[string]string{"url": u})
		code, b, _ := post(base, "/v1/fork", map[string]string{"X-API-Key": key}, string(body))
		if code != 422 {
			t.Errorf("%s: got %d %s; want 422", u, code, b)
			continue
		}
		refused++
	}
	t.Logf("SSRF battery, default flags: %d URLs tried, %d refused, %d canary hits", len(urls), refused, canaryHits(cans))
	if n := canaryHits(cans); n != 0 {
		t.Errorf("%d connections reached a canary", n)
	}

	// --allow-private opens loopback and private ranges for local use,
	// but cloud metadata stays shut.
	base, _, _ = startServer(t, bin, "--db", "sqlite:"+filepath.Join(t.TempDir(), "p.db"), "--allow-private", "--forks-per-minute", "-1", "--forks-per-day", "-1")
	key = issueKey(t, base)
	var meta []string
	for _, u := range urls {
		if strings.Contains(u, "169.254.") || strings.Contains(u, "metadata") || strings.Contains(u, "instance-data") || strings.Contains(u, "fd00:ec2") || strings.Contains(u, "fe80") {
			meta = append(meta, u)
		}
	}
	for _, u := range meta {
		body, _ := json.Marshal(map[string]string{"url": u})
		code, b, _ := post(base, "/v1/fork", map[string]string{"X-API-Key": key}, string(body))
		if code != 422 || errType(b) != "url_blocked" && errType(b) != "url_parsing" {
			t.Errorf("--allow-private %s: got %d %s; want 422 url_blocked", u, code, b)
		}
	}
	t.Logf("SSRF battery, --allow-private: %d metadata URLs tried, all refused unless reported above", len(meta))
}

// TestStressIdempotency: 100 identical requests with one Idempotency-Key,
// sent at once, fork once: the page is fetched once, every answer is the
// fork or a 409 while it runs, and every 200 is byte-identical.
func TestStressIdempotency(t *testing.T) {
	bin := buildBinary(t)
	ps := newPageServer(t, 300*time.Millisecond)
	u, _ := url.Parse(ps.URL)
	base, _, _ := startServer(t, bin, "--db", "sqlite:"+filepath.Join(t.TempDir(), "m.db"), "--allow-hosts", "localhost:"+u.Port(), "--forks-per-minute", "-1", "--forks-per-day", "-1")
	key := issueKey(t, base)
	body := `{"url":"http://localhost:` + u.Port() + `/slow/once","profile":"cautious"}`
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		counts = map[int]int{}
		first  []byte
		differ int
	)
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, b, _ := post(base, "/v1/fork", map[string]string{"X-API-Key": key, "Idempotency-Key": "stress-once"}, body)
			mu.Lock()
			defer mu.Unlock()
			counts[code]++
			if code == 200 {
				if first == nil {
					first = b
				} else if !bytes.Equal(first, b) {
					differ++
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("100 parallel idempotent requests: answers %v; page fetched %d time(s)", counts, ps.count("/slow/once"))
	if n := ps.count("/slow/once"); n != 1 {
		t.Errorf("the page was fetched %d times; want 1", n)
	}
	if counts[200]+counts[409] != 100 || counts[200] == 0 {
		t.Errorf("answers %v; want only 200s and 409s", counts)
	}
	if differ != 0 {
		t.Errorf("%d replays differ from the first answer", differ)
	}
}

// TestStressSIGTERM: 40 forks in flight when SIGTERM arrives all complete
// with 200; none is reset.
func TestStressSIGTERM(t *testing.T) {
	bin := buildBinary(t)
	ps := newPageServer(t, 1500*time.Millisecond)
	u, _ := url.Parse(ps.URL)
	base, cmd, logs := startServer(t, bin, "--db", "sqlite:"+filepath.Join(t.TempDir(), "m.db"), "--allow-hosts", "localhost:"+u.Port(), "--forks-per-minute", "-1", "--forks-per-day", "-1")
	key := issueKey(t, base)
	const n = 40
	codes := make(chan int, n)
	for i := range n {
		go func() {
			code, _, _ := post(base, "/v1/fork", map[string]string{"X-API-Key": key}, fmt.Sprintf(`{"url":"http://localhost:%s/slow/%d"}`, u.Port(), i))
			codes <- code
		}()
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		arrived := 0
		for i := range n {
			arrived += ps.count(fmt.Sprintf("/slow/%d", i))
		}
		if arrived == n {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d forks reached the page server", arrived, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	ok := 0
	for range n {
		if c := <-codes; c == 200 {
			ok++
		} else {
			t.Errorf("a fork in flight got %d during shutdown", c)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("server exit: %v\n%s", err, logs)
	}
	t.Logf("SIGTERM under load: %d of %d forks in flight completed with 200", ok, n)
}

// TestStressKill9Keys: keys issued while the server is killed with -9 are
// all usable after a restart on the same database: an acknowledged key is
// never lost.
func TestStressKill9Keys(t *testing.T) {
	bin := buildBinary(t)
	db := "sqlite:" + filepath.Join(t.TempDir(), "m.db")
	base, cmd, _ := startServer(t, bin, "--db", db, "--keys-per-hour", "100000")
	var (
		mu    sync.Mutex
		keys  []string
		stop  atomic.Bool
		wg    sync.WaitGroup
		tries atomic.Int64
	)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 2000 && !stop.Load(); i++ {
				tries.Add(1)
				code, b, _ := post(base, "/get-key", map[string]string{"Accept": "application/json"}, `{}`)
				var k struct {
					APIKey string `json:"api_key"`
				}
				if code == 200 && json.Unmarshal(b, &k) == nil && k.APIKey != "" {
					mu.Lock()
					keys = append(keys, k.APIKey)
					mu.Unlock()
				}
			}
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGKILL)
	stop.Store(true)
	wg.Wait()
	cmd.Wait()
	if len(keys) == 0 {
		t.Fatal("no key was issued before the kill")
	}
	base, _, _ = startServer(t, bin, "--db", db)
	lost := 0
	for _, k := range keys {
		req, _ := http.NewRequest(http.MethodGet, base+"/v1/status", nil)
		req.Header.Set("Authorization", "Bearer "+k)
		resp, err := stressClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			lost++
		}
	}
	var status struct {
		Counts struct {
			KeysIssued int64 `json:"keys_issued"`
		} `json:"counts"`
	}
	resp, err := stressClient.Get(base + "/v1/status")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&status)
	resp.Body.Close()
	if status.Counts.KeysIssued < int64(len(keys)) {
		t.Errorf("keys_issued = %d after the restart; %d keys were acknowledged", status.Counts.KeysIssued, len(keys))
	}
	t.Logf("kill -9 during key issuance: %d requests, %d keys acknowledged, %d lost, keys_issued %d", tries.Load(), len(keys), lost, status.Counts.KeysIssued)
	if lost != 0 {
		t.Errorf("%d acknowledged keys do not work after kill -9", lost)
	}
}

// hostilePages serves pages meant to hurt a fetcher or an extractor.
func hostilePages(t *testing.T) *httptest.Server {
	random := make([]byte, 400<<10)
	rand.Read(random)
	var para strings.Builder
	para.WriteString(`<html lang="en"><body><h1>One paragraph</h1><p>`)
	words := strings.Fields("the team plans its week and ships the work on time while the plan costs less than before")
	for i := 0; para.Len() < 400<<10; i++ {
		para.WriteString(words[i%len(words)])
		if i%17 == 16 {
			para.WriteString(". ")
		} else {
			para.WriteByte(' ')
		}
	}
	para.WriteString(`</p><a class="btn" href="/buy">Buy now</a></body></html>`)
	var bomb bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&bomb, gzip.BestCompression)
	zeros := make([]byte, 1<<20)
	for range 64 { // 64 MB of zeros in a few tens of KB
		zw.Write(zeros)
	}
	zw.Close()
	deep := strings.Repeat("<div>", 100_000) + "deep" + strings.Repeat("</div>", 100_000)
	mux := http.NewServeMux()
	html := func(w http.ResponseWriter) { w.Header().Set("Content-Type", "text/html; charset=utf-8") }
	mux.HandleFunc("/drip", func(w http.ResponseWriter, r *http.Request) {
		html(w)
		for i := 0; i < 300; i++ {
			if _, err := w.Write([]byte("<p>")); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	})
	mux.HandleFunc("/huge", func(w http.ResponseWriter, r *http.Request) {
		html(w)
		chunk := bytes.Repeat([]byte("<p>filler copy for a page far too large</p>\n"), 1<<10)
		for written := 0; written < 20<<20; written += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	mux.HandleFunc("/bomb", func(w http.ResponseWriter, r *http.Request) {
		html(w)
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(bomb.Bytes())
	})
	mux.HandleFunc("/deep", func(w http.ResponseWriter, r *http.Request) { html(w); io.WriteString(w, deep) })
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	mux.HandleFunc("/random", func(w http.ResponseWriter, r *http.Request) { html(w); w.Write(random) })
	mux.HandleFunc("/paragraph", func(w http.ResponseWriter, r *http.Request) { html(w); io.WriteString(w, para.String()) })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestStressHostilePages: each hostile page is answered within its limit
// (the fetch's 10 s, or a second for the pages that are only large) with
// its typed error or a fork, never a 5xx other than the page's own
// timeout or unreachability.
func TestStressHostilePages(t *testing.T) {
	bin := buildBinary(t)
	pages := hostilePages(t)
	u, _ := url.Parse(pages.URL)
	base, _, logs := startServer(t, bin, "--db", "sqlite:"+filepath.Join(t.TempDir(), "m.db"), "--allow-hosts", "localhost:"+u.Port(), "--forks-per-minute", "-1", "--forks-per-day", "-1")
	key := issueKey(t, base)
	cases := []struct {
		path  string
		codes []int
		types []string
		limit time.Duration
	}{
		{"/drip", []int{504}, []string{"page_timeout"}, 15 * time.Second},
		{"/huge", []int{422}, []string{"page_too_large"}, 10 * time.Second},
		{"/bomb", []int{422}, []string{"page_too_large"}, 10 * time.Second},
		{"/deep", []int{422}, []string{"page_too_deep"}, 10 * time.Second},
		{"/loop", []int{502}, []string{"page_unreachable"}, 10 * time.Second},
		{"/random", []int{200, 422}, []string{"", "page_no_copy", "page_too_large"}, 10 * time.Second},
		{"/paragraph", []int{200, 422}, []string{"", "page_too_large"}, 10 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			start := time.Now()
			code, b, _ := post(base, "/v1/fork", map[string]string{"X-API-Key": key}, `{"url":"http://localhost:`+u.Port()+tc.path+`"}`)
			took := time.Since(start)
			typ := errType(b)
			t.Logf("%s: %d %s in %v", tc.path, code, typ, took.Round(time.Millisecond))
			okCode, okType := false, false
			for _, c := range tc.codes {
				okCode = okCode || c == code
			}
			for _, ty := range tc.types {
				okType = okType || ty == typ
			}
			if !okCode || !okType {
				t.Errorf("got %d %q; want one of %v %v\n%.300s", code, typ, tc.codes, tc.types, b)
			}
			if took > tc.limit {
				t.Errorf("answered after %v; the limit is %v", took, tc.limit)
			}
		})
	}
	if strings.Contains(logs.String(), "panic") {
		t.Errorf("the server panicked:\n%s", logs)
	}
}
