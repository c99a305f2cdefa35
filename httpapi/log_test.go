package httpapi

import (
	"bytes"
	"encoding/json"
	"github.com/marketingfork/fork/internal/apierr"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// records are the log's JSON lines with the given message.
func (s *syncBuffer) records(t *testing.T, msg string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(s.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		if rec["msg"] == msg {
			out = append(out, rec)
		}
	}
	return out
}

func withLog(buf *syncBuffer) envOption {
	return func(c *Config, _ *env) {
		c.Logger = slog.New(slog.NewJSONHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
}

func TestAccessLog(t *testing.T) {
	var buf syncBuffer
	e := newEnv(t, nil, withLog(&buf))
	key, rec := e.newKey()
	r := e.do("POST", "/v1/fork", `{"profile":"skeptic"}`, "Authorization", "Bearer "+key, "X-Request-Id", "trace-1")
	wantStatus(t, r, http.StatusUnprocessableEntity)
	e.do("GET", "/nope", "", "X-Request-Id", "trace-2")

	logs := buf.records(t, "request")
	if len(logs) != 2 {
		t.Fatalf("%d access log records; want 2:\n%s", len(logs), buf.String())
	}
	want := []map[string]any{
		{"method": "POST", "route": "/v1/fork", "path": "/v1/fork", "status": float64(422), "request_id": "trace-1", "key_id": rec.ID},
		{"method": "GET", "route": "/{path...}", "path": "/nope", "status": float64(404), "request_id": "trace-2"},
	}
	for i, w := range want {
		for k, v := range w {
			if got := logs[i][k]; got != v {
				t.Errorf("record %d: %s = %v; want %v", i, k, got, v)
			}
		}
		if _, ok := logs[i]["duration"]; !ok {
			t.Errorf("record %d has no duration", i)
		}
	}
	if _, ok := logs[1]["key_id"]; ok {
		t.Errorf("record of an anonymous request has a key_id")
	}
	if strings.Contains(buf.String(), key) {
		t.Errorf("the log holds the API key itself")
	}
}

// TestInternalErrorKeepsCauseInLog checks that a server failure shows the
// client "internal error" and the log the cause.
func TestInternalErrorKeepsCauseInLog(t *testing.T) {
	var buf syncBuffer
	e := newEnv(t, nil, withLog(&buf))
	key, _ := e.newKey()
	if err := e.sqlite.Close(); err != nil {
		t.Fatal(err)
	}
	r := e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, "X-API-Key", key)
	wantStatus(t, r, http.StatusInternalServerError)
	wantBody(t, r, errorJSON(r, 500, "internal", apierr.Internal.Detail(nil)))
	if strings.Contains(string(r.body), "sql") {
		t.Errorf("the answer leaks the cause: %s", r.body)
	}
	failures := buf.records(t, "request failed")
	if len(failures) != 1 || !strings.Contains(failures[0]["error"].(string), "database is closed") {
		t.Errorf("log of the failure = %v; want the store's error", failures)
	}
	if got := failures[0]["request_id"]; got != r.header.Get("X-Request-Id") {
		t.Errorf("logged request_id = %v; want %v", got, r.header.Get("X-Request-Id"))
	}
}

func TestUncleanPath(t *testing.T) {
	e := newEnv(t, nil)
	for _, p := range []string{"/v1//fork", "/v1/./fork", "/x/../health"} {
		req, _ := http.NewRequest("POST", e.srv.URL+"/", nil)
		req.URL.Path = p
		req.URL.RawPath = ""
		r := e.send(req)
		wantStatus(t, r, http.StatusNotFound)
		if got, want := r.json(t)["detail"], "Not Found: "+p; got != want {
			t.Errorf("detail = %v; want %v", got, want)
		}
	}
}
