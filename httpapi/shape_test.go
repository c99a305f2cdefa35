package httpapi

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// wantErrorShape checks an error answer is the API's JSON error body with
// every field set.
func wantErrorShape(t *testing.T, status int, header http.Header, body []byte, wantStatus int, wantType string) {
	t.Helper()
	if status != wantStatus {
		t.Errorf("status %d; want %d (body %s)", status, wantStatus, body)
	}
	if ct := header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q; want JSON (body %s)", ct, body)
	}
	var eb map[string]any
	if err := json.Unmarshal(body, &eb); err != nil {
		t.Fatalf("body is not JSON: %s", body)
	}
	for _, f := range []string{"detail", "status", "type", "request_id"} {
		if v, ok := eb[f]; !ok || v == "" {
			t.Errorf("body lacks %s: %s", f, body)
		}
	}
	if eb["type"] != wantType || eb["status"] != float64(wantStatus) {
		t.Errorf("type %v, status %v; want %s, %d", eb["type"], eb["status"], wantType, wantStatus)
	}
}

// TestServerErrorsAreJSON: what net/http answers by itself, before the
// Handler runs, comes out of Listener in the API's shape, over a real
// connection; ordinary requests on the same listener are untouched.
func TestServerErrorsAreJSON(t *testing.T) {
	e := newEnv(t, nil)
	srv := httptest.NewUnstartedServer(e.h)
	srv.Config.MaxHeaderBytes = 1 << 10
	srv.Listener = Listener(srv.Listener)
	srv.Start()
	t.Cleanup(srv.Close)
	addr := srv.Listener.Addr().String()

	tests := []struct {
		name    string
		request string
		status  int
		typ     string
		detail  string
	}{
		{"malformed header", "GET /health HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n", 400, "bad_request", "malformed"},
		{"bad host", "GET /health HTTP/1.1\r\nHost: a b\r\n\r\n", 400, "bad_request", "Host header"},
		{"no host", "GET /health HTTP/1.1\r\n\r\n", 400, "bad_request", "Host header"},
		{"malformed request line", "GARBAGE\r\n\r\n", 400, "bad_request", "Bad Request"},
		{"headers too large", "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 8<<10) + "\r\n\r\n", 431, "request_header_fields_too_large", "headers are larger"},
		{"unknown transfer encoding", "POST /v1/fork HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: rot13\r\n\r\n", 501, "not_implemented", "transfer encoding"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := net.DialTimeout("tcp", addr, 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(10 * time.Second))
			if _, err := io.WriteString(c, tt.request); err != nil {
				t.Fatal(err)
			}
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatalf("read answer: %v", err)
			}
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatalf("read body: %v", err)
			}
			wantErrorShape(t, resp.StatusCode, resp.Header, body, tt.status, tt.typ)
			if !strings.Contains(string(body), tt.detail) {
				t.Errorf("body %s; want it to say %q", body, tt.detail)
			}
		})
	}

	// Two requests on one connection: ordinary answers pass unchanged.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(c)
	for _, want := range []int{200, 404} {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != want || !json.Valid(body) {
			t.Errorf("got %d %s; want %d JSON", resp.StatusCode, body, want)
		}
	}
}

// TestMCPTransportErrorsAreJSON: the MCP transport's own refusals have the
// API's error shape.
func TestMCPTransportErrorsAreJSON(t *testing.T) {
	e := newEnv(t, nil)
	tests := []struct {
		name    string
		method  string
		body    string
		headers []string
		status  int
		typ     string
	}{
		{"not JSON-RPC", "POST", "{", []string{"Content-Type", "application/json", "Accept", "application/json, text/event-stream"}, 400, "bad_request"},
		{"wrong content type", "POST", "hello", []string{"Content-Type", "text/plain", "Accept", "application/json, text/event-stream"}, 415, "unsupported_media_type"},
		{"stream without a session", "GET", "", []string{"Accept", "text/event-stream"}, 405, "method_not_allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do(tt.method, "/mcp", tt.body, append([]string{"X-Sandbox", "true"}, tt.headers...)...)
			wantErrorShape(t, r.status, r.header, r.body, tt.status, tt.typ)
		})
	}
}

// FuzzReshapeServerError: whatever a connection write holds, reshaping never
// panics, leaves writes that are not one of net/http's own error answers
// alone, and turns those into a whole HTTP answer with a JSON error body.
func FuzzReshapeServerError(f *testing.F) {
	f.Add([]byte("HTTP/1.1 431 Request Header Fields Too Large" + serverErrorHeaders + "431 Request Header Fields Too Large"))
	f.Add([]byte("HTTP/1.1 400 Bad Request: malformed Host header" + serverErrorHeaders + "400 Bad Request: malformed Host header"))
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"))
	f.Add([]byte("HTTP/1.1 4" + serverErrorHeaders))
	f.Fuzz(func(t *testing.T, p []byte) {
		out, ok := reshapeServerError(p)
		if !ok {
			if out != nil {
				t.Fatalf("not reshaped, yet returned %q", out)
			}
			return
		}
		resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(string(out))), nil)
		if err != nil {
			t.Fatalf("reshaped answer does not parse: %v\n%q", err, out)
		}
		body, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode < 400 || !json.Valid(body) {
			t.Fatalf("reshaped answer %d %q: %v", resp.StatusCode, body, err)
		}
	})
}
