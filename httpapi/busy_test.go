package httpapi

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestForkSlots: with one fork slot, a keyed fork that arrives while
// another holds it waits for the queue's time and is answered 503
// server_busy with Retry-After; once the slot is free, forks run again.
// Sandbox forks take no slot.
func TestForkSlots(t *testing.T) {
	hold := make(chan struct{})
	fetched := make(chan struct{}, 1)
	pages := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			fetched <- struct{}{}
			<-hold
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(testPage))
	})
	e := newEnv(t, pages, func(c *Config, _ *env) {
		c.MaxForks = 1
		c.ForkQueue = 50 * time.Millisecond
	})
	key, _ := e.newKey()
	auth := []string{"Authorization", "Bearer " + key}
	first := make(chan response, 1)
	go func() { first <- e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/slow")+`"}`, auth...) }()
	<-fetched // without a Fetcher of its own, the Handler lets the Forker fetch: the first fork holds the slot while its page downloads

	r := e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`"}`, auth...)
	wantStatus(t, r, http.StatusServiceUnavailable)
	if r.json(t)["type"] != "server_busy" || r.header.Get("Retry-After") == "" {
		t.Errorf("busy answer %s, Retry-After %q; want server_busy with Retry-After", r.body, r.header.Get("Retry-After"))
	}
	wantStatus(t, e.do("POST", "/v1/fork", `{}`, "X-Sandbox", "true"), http.StatusOK)

	// /ask and MCP fork_copy share the node's slots.
	ask := e.do("GET", "/ask?streaming=false&query="+url.QueryEscape("fork "+e.pageURL("/page")+" for skeptics"), "", auth...)
	if !strings.Contains(string(ask.body), "forking as many pages as it can") {
		t.Errorf("/ask while busy: %.400s", ask.body)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "busy-test", Version: "1"}, nil)
	cs, err := client.Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: e.srv.URL + "/mcp", HTTPClient: &http.Client{Transport: bearer{key}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "fork_copy", Arguments: map[string]any{"url": e.pageURL("/page")}})
	if err != nil || !res.IsError || len(res.Content) == 0 || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "server_busy") {
		t.Errorf("fork_copy while busy: %v %+v", err, res)
	}

	close(hold)
	wantStatus(t, <-first, http.StatusOK)
	wantStatus(t, e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`"}`, auth...), http.StatusOK)
}
