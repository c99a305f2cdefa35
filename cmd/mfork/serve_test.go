package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildBinary builds the real mfork binary once per test run.
func buildBinary(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mfork")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

var listening = regexp.MustCompile(`listening on (http://\S+)`)

// startServer runs `mfork serve` on a free loopback port and returns its
// base URL and the process.
func startServer(t testing.TB, bin string, args ...string) (string, *exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	cmd.Stderr = &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("server printed no address: %v; logs:\n%s", err, logs.String())
	}
	m := listening.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("unexpected first line %q", line)
	}
	go io.Copy(io.Discard, stdout)
	return m[1], cmd, &logs
}

func postJSON(t testing.TB, url string, headers map[string]string, body string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// TestServeEndToEnd drives the real binary as a new user would: a sandbox
// fork, a key from /get-key, a real fork of a page on loopback, and a
// SIGTERM that drains a fork still in flight.
func TestServeEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	db := "sqlite:" + filepath.Join(t.TempDir(), "mfork.db")

	release := make(chan struct{})
	arrived := make(chan struct{}, 1)
	page, _ := os.ReadFile(tidyflow)
	pages := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			arrived <- struct{}{}
			<-release
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	}))
	defer pages.Close()

	base, cmd, logs := startServer(t, bin, "--db", db, "--allow-private")

	resp, body := postJSON(t, base+"/v1/fork", map[string]string{"X-Sandbox": "true"}, `{"url":"https://example.com/","profile":"skeptic"}`)
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`"sandbox":true`)) {
		t.Fatalf("sandbox fork: %d %s", resp.StatusCode, body)
	}

	resp, body = postJSON(t, base+"/get-key", map[string]string{"Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"}, "label=test")
	var issued struct {
		APIKey string `json:"api_key"`
	}
	if err := json.Unmarshal(body, &issued); err != nil || issued.APIKey == "" {
		t.Fatalf("get-key: %d %s", resp.StatusCode, body)
	}
	auth := map[string]string{"Authorization": "Bearer " + issued.APIKey}

	resp, body = postJSON(t, base+"/v1/fork", auth, `{"url":"`+pages.URL+`/pricing","profile":"bargain-hunter","language_layer":"plain"}`)
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`"passed":true`)) {
		t.Fatalf("real fork: %d %s", resp.StatusCode, body)
	}

	// A fork in flight when SIGTERM arrives completes before the process exits.
	done := make(chan int, 1)
	go func() {
		resp, _ := postJSON(t, base+"/v1/fork", auth, `{"url":"`+pages.URL+`/slow"}`)
		done <- resp.StatusCode
	}()
	// SIGTERM only once the server is fetching the slow page: the fork is in
	// flight for certain, however slow the machine.
	select {
	case <-arrived:
	case <-time.After(15 * time.Second):
		t.Fatal("the fork never reached the page server")
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	close(release)
	select {
	case code := <-done:
		if code != 200 {
			t.Errorf("in-flight fork got %d during shutdown; want 200", code)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("in-flight fork never finished")
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("server exit: %v; logs:\n%s", err, logs.String())
	}
	if !strings.Contains(logs.String(), "draining") {
		t.Errorf("logs do not show the drain:\n%s", logs.String())
	}
}

func TestKeysCommand(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "keys.db")
	code, out, errOut := runCLI(t, "", "keys", "create", "--name", "ci", "--db", db)
	if code != 0 {
		t.Fatalf("create: exit %d: %s", code, errOut)
	}
	key := strings.Fields(out)[0]
	if !strings.HasPrefix(key, "mfk_") {
		t.Errorf("got key %q; want the mfk_ prefix", key)
	}
	id := regexp.MustCompile(`key id (\S+);`).FindStringSubmatch(out)
	if id == nil {
		t.Fatalf("create output lacks the key id: %s", out)
	}
	code, out, _ = runCLI(t, "", "keys", "list", "--db", db)
	if code != 0 || !strings.Contains(out, id[1]) || strings.Contains(out, key) {
		t.Errorf("list: exit %d; want the id and never the key:\n%s", code, out)
	}
	if code, _, errOut = runCLI(t, "", "keys", "revoke", id[1], "--db", db); code != 0 {
		t.Fatalf("revoke: exit %d: %s", code, errOut)
	}
	_, out, _ = runCLI(t, "", "keys", "list", "--db", db)
	if strings.Contains(out, "\t-\n") || !strings.Contains(out, time.Now().UTC().Format("2006-01-02")) {
		t.Errorf("list after revoke shows no revocation:\n%s", out)
	}
	if code, _, errOut = runCLI(t, "", "keys", "revoke", "key_nope", "--db", db); code != 2 || !strings.Contains(errOut, "no key") {
		t.Errorf("revoke unknown: exit %d %q; want 2 and a clear message", code, errOut)
	}
	if code, _, errOut = runCLI(t, "", "serve", "--db", "mysql://x"); code != 2 || !strings.Contains(errOut, "sqlite:PATH") {
		t.Errorf("serve with a bad --db: exit %d %q", code, errOut)
	}
}
