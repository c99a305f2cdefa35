package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/marketingfork/fork/skill"
)

// sandboxHeader adds X-Sandbox: true to every request of the MCP client.
type sandboxHeader struct{ key string }

func (s sandboxHeader) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if s.key != "" {
		r.Header.Set("Authorization", "Bearer "+s.key)
	} else {
		r.Header.Set("X-Sandbox", "true")
	}
	return http.DefaultTransport.RoundTrip(r)
}

// TestMCPMounted drives /mcp through the whole API handler with the SDK's
// own client: the sandbox without a key, and a key the API issued.
func TestMCPMounted(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	for _, tt := range []struct {
		name string
		rt   http.RoundTripper
	}{{"sandbox", sandboxHeader{}}, {"key", sandboxHeader{key: key}}} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			client := mcp.NewClient(&mcp.Implementation{Name: "httpapi-test", Version: "1"}, nil)
			cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: e.srv.URL + "/mcp", HTTPClient: &http.Client{Transport: tt.rt}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			tools, err := cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(tools.Tools); got != 6 {
				t.Errorf("got %d tools; want 6", got)
			}
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "fork_copy", Arguments: map[string]any{"sandbox": true, "profile": "skeptic"}})
			if err != nil || res.IsError {
				t.Fatalf("fork_copy: %v %+v", err, res)
			}
		})
	}
	r := e.do("GET", "/metrics", "")
	if !strings.Contains(string(r.body), `"route":"/mcp"`) {
		t.Errorf("metrics do not count /mcp: %s", r.body)
	}
}

func TestMCPUnauthorized(t *testing.T) {
	e := newEnv(t, nil)
	r := e.do("POST", "/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	wantStatus(t, r, http.StatusUnauthorized)
	want := `Bearer resource_metadata="` + e.srv.URL + `/.well-known/oauth-protected-resource/mcp"`
	if got := r.header.Get("WWW-Authenticate"); got != want {
		t.Errorf("WWW-Authenticate = %q; want %q", got, want)
	}
	r = e.do("GET", "/.well-known/oauth-protected-resource/mcp", "")
	wantStatus(t, r, http.StatusOK)
	if got := r.json(t)["resource"]; got != e.srv.URL+"/mcp" {
		t.Errorf("resource = %v; want %s/mcp", got, e.srv.URL)
	}
	r = e.do("POST", "/mcp", `{}`, "Origin", "https://evil.example", "X-Sandbox", "true")
	wantStatus(t, r, http.StatusForbidden)
}

func TestAskMounted(t *testing.T) {
	e := newEnv(t, nil)
	r := e.do("GET", "/ask?query=which+profiles+are+there%3F&streaming=false", "")
	wantStatus(t, r, http.StatusOK)
	var answer struct {
		Meta    map[string]any   `json:"_meta"`
		Results []map[string]any `json:"results"`
	}
	if err := json.Unmarshal(r.body, &answer); err != nil {
		t.Fatal(err)
	}
	if answer.Meta["response_type"] != "Answer" || len(answer.Results) != 12 {
		t.Errorf("got meta %v and %d results; want an Answer with the 12 profiles", answer.Meta, len(answer.Results))
	}
	r = e.do("GET", "/ask?streaming=false", "")
	wantStatus(t, r, http.StatusUnprocessableEntity)
	// An empty query in the URL is refused even when a body brings one.
	r = e.do("POST", "/ask?query=&streaming=false", `{"query":"which profiles are there?"}`, "Content-Type", "application/json")
	wantStatus(t, r, http.StatusUnprocessableEntity)
	r = e.do("GET", "/ask?query=fork+https%3A%2F%2Fexample.com%2F+for+parents&streaming=false", "")
	wantStatus(t, r, http.StatusUnauthorized)
	r = e.do("GET", "/ask?query=fork+https%3A%2F%2Fexample.com%2F+for+parents&streaming=false", "", "X-Sandbox", "true")
	wantStatus(t, r, http.StatusOK)
}

func TestLLMSAndSkill(t *testing.T) {
	e := newEnv(t, nil)
	r := e.do("GET", "/llms.txt", "")
	wantStatus(t, r, http.StatusOK)
	if got := string(r.body); !strings.HasPrefix(got, "# Marketing Fork\n") || !strings.Contains(got, e.srv.URL+"/v1/fork") {
		t.Errorf("llms.txt does not start with the title or lacks absolute links:\n%s", got)
	}
	r = e.do("GET", "/skill/"+skill.SkillPath, "")
	wantStatus(t, r, http.StatusOK)
	if !strings.HasPrefix(string(r.body), "---\nname: marketing-fork\n") {
		t.Errorf("SKILL.md served without its frontmatter:\n%.200s", r.body)
	}
	r = e.do("GET", "/skill/"+skill.ExamplePath, "")
	wantStatus(t, r, http.StatusOK)
	r = e.do("GET", "/skill/../go.mod", "")
	wantStatus(t, r, http.StatusNotFound)
}

// TestAgentQuota: /mcp and /ask spend the key's fork quota, so a key
// cannot get round its limits through them.
func TestAgentQuota(t *testing.T) {
	e := newEnv(t, nil, func(c *Config, _ *env) { c.Limits.ForksPerMinute = 2 })
	key, _ := e.newKey()
	auth := "Bearer " + key
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for i := range 2 {
		r := e.do("POST", "/mcp", init, "Authorization", auth, "Accept", "application/json, text/event-stream")
		if r.status == http.StatusTooManyRequests {
			t.Fatalf("request %d refused before the quota was spent", i+1)
		}
	}
	r := e.do("POST", "/mcp", init, "Authorization", auth, "Accept", "application/json, text/event-stream")
	wantStatus(t, r, http.StatusTooManyRequests)
	if r.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	r = e.do("GET", "/ask?query=fork+https%3A%2F%2Fexample.com%2F&streaming=false", "", "Authorization", auth)
	wantStatus(t, r, http.StatusTooManyRequests)
	// The sandbox spends no quota.
	r = e.do("GET", "/ask?query=which+profiles+are+there&streaming=false", "", "X-Sandbox", "true")
	wantStatus(t, r, http.StatusOK)
}

func TestStrictField(t *testing.T) {
	e := newEnv(t, nil)
	r := e.do("POST", "/v1/fork", `{"strict":"yes"}`, "X-Sandbox", "true")
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if !strings.Contains(string(r.body), `"type":"bool_type"`) || !strings.Contains(string(r.body), `"strict"`) {
		t.Errorf("got %s; want a bool_type item on strict", r.body)
	}
	r = e.do("POST", "/v1/fork", `{"strict":true}`, "X-Sandbox", "true")
	wantStatus(t, r, http.StatusOK)
}
