package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestMetrics(t *testing.T) {
	e := newEnv(t, nil)
	e.do("GET", "/health", "")
	e.do("GET", "/health", "")
	e.do("GET", "/nope", "")
	e.do("POST", "/health", "")
	e.do("POST", "/v1/fork", `{}`)
	e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, "X-Sandbox", "true")
	e.do("OPTIONS", "/v1/fork", "")
	req, _ := http.NewRequest("BREW", e.srv.URL+"/pot", nil)
	e.srv.Client().Do(req) // an invented method is one bounded label

	got := e.metricsNow()
	want := []endpointCount{
		{"/health", "GET", "2xx", 2},
		{"/v1/fork", "POST", "2xx", 1},
		{"/v1/fork", "POST", "4xx", 1},
		{"/{path...}", "GET", "4xx", 1},
		{"/{path...}", "OPTIONS", "2xx", 1},
		{"/{path...}", "OTHER", "4xx", 1},
		{"/{path...}", "POST", "4xx", 1},
	}
	if diff := cmp.Diff(want, got.Endpoints); diff != "" {
		t.Errorf("endpoints (-want +got):\n%s", diff)
	}
	if got, want := got.Forks, (forkCounts{Sandbox: 1}); got != want {
		t.Errorf("forks = %+v; want %+v", got, want)
	}
}

func TestMetricsSurviveRestart(t *testing.T) {
	e := newEnv(t, nil)
	for range 3 {
		wantStatus(t, e.do("GET", "/health", ""), http.StatusOK)
	}
	wantStatus(t, e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, "X-Sandbox", "true"), http.StatusOK)
	ctx := context.Background()
	if err := e.h.Close(ctx); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := e.h.Close(ctx); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if err := e.sqlite.Close(); err != nil {
		t.Fatal(err)
	}

	// A new Handler on the same file, as after a restart.
	e.open()
	h, err := New(Config{Forker: e.h.forker, Store: e.store, Version: "test", Now: e.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	e.h = h
	e.srv.Close()
	e.srv = httptest.NewServer(h)
	m := e.metricsNow()
	if got, want := m.count("/health", "GET", "2xx"), int64(3); got != want {
		t.Errorf("GET /health 2xx after restart = %d; want %d", got, want)
	}
	if got, want := m.Forks.Sandbox, int64(1); got != want {
		t.Errorf("sandbox forks after restart = %d; want %d", got, want)
	}
}

func TestMetricsFlushedInBackground(t *testing.T) {
	e := newEnv(t, nil)
	wantStatus(t, e.do("GET", "/health", ""), http.StatusOK)
	deadline := time.Now().Add(3 * flushEvery)
	for {
		rows, err := e.sqlite.Metrics(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) > 0 {
			if got, want := rows[0], (struct{ r, m, c string }{"/health", "GET", "2xx"}); got.Route != want.r || got.Method != want.m || got.Class != want.c || got.Count != 1 {
				t.Errorf("stored row = %+v; want /health GET 2xx 1", got)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no metrics in the store after %v", 3*flushEvery)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestPrometheus(t *testing.T) {
	e := newEnv(t, nil)
	e.do("GET", "/health", "")
	e.do("GET", "/health", "")
	e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, "X-Sandbox", "true")
	for _, accept := range []string{
		"text/plain",
		"application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1",
	} {
		t.Run(accept, func(t *testing.T) {
			r := e.do("GET", "/metrics", "", "Accept", accept)
			wantStatus(t, r, http.StatusOK)
			if got, want := r.header.Get("Content-Type"), "text/plain; version=0.0.4; charset=utf-8"; got != want {
				t.Errorf("Content-Type = %q; want %q", got, want)
			}
			text := string(r.body)
			for _, want := range []string{
				"# TYPE mfork_http_requests_total counter\n",
				`mfork_http_requests_total{route="/health",method="GET",class="2xx"} 2` + "\n",
				`mfork_http_requests_total{route="/v1/fork",method="POST",class="2xx"} 1` + "\n",
				`mfork_forks_total{mode="sandbox"} 1` + "\n",
				"mfork_keys_issued_total 0\n",
			} {
				if !strings.Contains(text, want) {
					t.Errorf("exposition lacks %q:\n%s", want, text)
				}
			}
		})
	}
	for _, accept := range []string{"", "application/json", "*/*", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"} {
		r := e.do("GET", "/metrics", "", "Accept", accept)
		if !isJSON(r.header.Get("Content-Type")) {
			t.Errorf("Accept %q: Content-Type = %q; want JSON", accept, r.header.Get("Content-Type"))
		}
	}
}
