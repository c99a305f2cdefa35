package loadgen

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestRun(t *testing.T) {
	var hits atomic.Int64
	seen := make([]atomic.Bool, 50)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Query().Get("fail") != "" {
			http.Error(w, "boom", http.StatusTeapot)
		}
	}))
	defer srv.Close()

	res, err := Run(srv.Client(), 50, 4, http.StatusOK, func(i int) *http.Request {
		seen[i].Store(true)
		req, _ := http.NewRequest("GET", srv.URL, nil)
		return req
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 50 || hits.Load() != 50 {
		t.Errorf("got %d answered, %d served; want 50 and 50", res.Requests, hits.Load())
	}
	for i := range seen {
		if !seen[i].Load() {
			t.Errorf("request %d was never built", i)
		}
	}
	if res.P50 <= 0 || res.P99 < res.P50 || res.PerSecond() <= 0 {
		t.Errorf("got p50 %v p99 %v %.0f req/s; want positive and ordered figures", res.P50, res.P99, res.PerSecond())
	}

	_, err = Run(srv.Client(), 10, 2, http.StatusOK, func(i int) *http.Request {
		req, _ := http.NewRequest("GET", srv.URL+"/?fail=1", nil)
		return req
	})
	if err == nil || !strings.Contains(err.Error(), "status 418") || !strings.Contains(err.Error(), "boom") {
		t.Errorf("Run against a failing server: got %v; want an error with the status and body", err)
	}
	if _, err := Run(srv.Client(), 0, 1, 200, nil); err == nil {
		t.Error("Run with n = 0: got no error")
	}
}
