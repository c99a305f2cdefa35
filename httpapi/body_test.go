package httpapi

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// rawRequest writes head and body to addr, half-closes the connection and
// reads the answer: the way a client that dies mid-upload looks to the
// server.
func rawRequest(t *testing.T, addr, head, body string) *http.Response {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, head+body); err != nil {
		t.Fatal(err)
	}
	conn.(*net.TCPConn).CloseWrite()
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

// TestTruncatedBodyIsTheClients: a body shorter than its Content-Length
// is a 400 in the API's error shape, not a 500, on every route that reads
// a body.
func TestTruncatedBodyIsTheClients(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	addr := strings.TrimPrefix(e.srv.URL, "http://")
	body := `{"url":"` + e.pageURL("/page") + `"`
	for _, tc := range []struct{ path, auth string }{
		{"/v1/fork", "X-API-Key: " + key + "\r\n"},
		{"/v1/fork", "X-Sandbox: true\r\n"},
		{"/get-key", ""},
	} {
		t.Run(tc.path, func(t *testing.T) {
			head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n%sContent-Length: %d\r\n\r\n", tc.path, addr, tc.auth, len(body)+100)
			res := rawRequest(t, addr, head, body)
			if res.StatusCode != http.StatusBadRequest {
				b, _ := io.ReadAll(res.Body)
				t.Fatalf("got %d %s; want 400", res.StatusCode, b)
			}
			var got struct{ Type string }
			if err := json.NewDecoder(res.Body).Decode(&got); err != nil || got.Type != "body_unreadable" {
				t.Errorf("got type %q (%v); want body_unreadable", got.Type, err)
			}
		})
	}
}

// TestSlowBodyIs408: a body that does not arrive before the server's read
// timeout is a 408.
func TestSlowBodyIs408(t *testing.T) {
	e := newEnv(t, nil)
	srv := httptest.NewUnstartedServer(e.h)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "POST /v1/fork HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nX-Sandbox: true\r\nContent-Length: 50\r\n\r\n{\"url\":", addr)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusRequestTimeout {
		b, _ := io.ReadAll(res.Body)
		t.Errorf("got %d %s; want 408", res.StatusCode, b)
	}
}
