package httpapi

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/marketingfork/fork"
)

// stalledProvider answers only when its context ends, like a model that
// never replies.
type stalledProvider struct{}

func (stalledProvider) Info() fork.ProviderInfo {
	return fork.ProviderInfo{Name: "stalled", Version: "0"}
}

func (stalledProvider) Rewrite(ctx context.Context, _ *fork.Plan) (*fork.Draft, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// surface sends one fork of page through one of the API's surfaces and
// returns the type code the caller is given.
type surface struct {
	name string
	send func(t *testing.T, e *env, page string, headers []string) string
}

var surfaces = []surface{
	{"/v1/fork", func(t *testing.T, e *env, page string, headers []string) string {
		body, _ := json.Marshal(map[string]string{"url": page, "profile": "skeptic"})
		r := e.do("POST", "/v1/fork", string(body), headers...)
		return typeOf(t, r)
	}},
	{"/ask", func(t *testing.T, e *env, page string, headers []string) string {
		r := e.do("GET", "/ask?streaming=false&query="+url.QueryEscape("fork "+page+" for skeptics"), "", headers...)
		if r.status != 200 {
			return typeOf(t, r)
		}
		var body struct {
			Results []struct {
				SchemaObject struct {
					Error struct {
						Identifier string `json:"identifier"`
					} `json:"error"`
				} `json:"schema_object"`
			} `json:"results"`
		}
		if err := json.Unmarshal(r.body, &body); err != nil || len(body.Results) == 0 {
			t.Fatalf("/ask answered %d %s", r.status, r.body)
		}
		return body.Results[0].SchemaObject.Error.Identifier
	}},
	{"MCP fork_copy", func(t *testing.T, e *env, page string, headers []string) string {
		call, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
			"params": map[string]any{"name": "fork_copy", "arguments": map[string]any{"url": page, "profile": "skeptic"}}})
		r := e.do("POST", "/mcp", string(call), append([]string{"Accept", "application/json, text/event-stream"}, headers...)...)
		if r.status != 200 {
			return typeOf(t, r)
		}
		var body struct {
			Result struct {
				IsError bool `json:"isError"`
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
			} `json:"result"`
		}
		if err := json.Unmarshal(r.body, &body); err != nil || !body.Result.IsError || len(body.Result.Content) == 0 {
			t.Fatalf("/mcp answered %d %s; want an error result", r.status, r.body)
		}
		code, _, _ := strings.Cut(body.Result.Content[0].Text, ": ")
		return code
	}},
}

// typeOf is an HTTP error's type code: the body's type, or a 422's first
// item's.
func typeOf(t *testing.T, r response) string {
	t.Helper()
	var body struct {
		Type   any `json:"type"`
		Detail any `json:"detail"`
	}
	if err := json.Unmarshal(r.body, &body); err != nil {
		t.Fatalf("answer %d is not JSON: %s", r.status, r.body)
	}
	if items, ok := body.Detail.([]any); ok && len(items) > 0 {
		if it, ok := items[0].(map[string]any); ok {
			s, _ := it["type"].(string)
			return s
		}
	}
	s, _ := body.Type.(string)
	return s
}

// TestSameFailureSameCode sends the same failing request through /v1/fork,
// /ask and MCP's fork_copy: each surface must report it with the code the
// error catalog gives it.
func TestSameFailureSameCode(t *testing.T) {
	slowPages := fork.New(fork.WithProvider(rulesProvider()), fork.WithAllowPrivate(true), fork.WithFetchTimeout(100*time.Millisecond))
	slowModel := fork.New(fork.WithProvider(stalledProvider{}), fork.WithAllowPrivate(true), fork.WithRewriteTimeout(100*time.Millisecond))
	strict := fork.New(fork.WithProvider(rulesProvider()))
	tests := []struct {
		name string
		opts []envOption
		path string
		// key is "good", "bad" or "spent" (a key whose quota is used up).
		key  string
		want string
	}{
		{"blocked url", []envOption{withForker(strict)}, "/page", "good", "url_blocked"},
		{"page timeout", []envOption{withForker(slowPages)}, "/slow", "good", "page_timeout"},
		{"provider timeout", []envOption{withForker(slowModel)}, "/page", "good", "provider_timeout"},
		{"no copy", nil, "/no-copy", "good", "page_no_copy"},
		{"not html", nil, "/text", "good", "page_not_html"},
		{"too deep", nil, "/deep", "good", "page_too_deep"},
		{"bad key", nil, "/page", "bad", "unauthorized"},
		{"quota", []envOption{withLimits(Limits{ForksPerMinute: 1, ForksPerDay: 100, KeysPerHour: 100})}, "/page", "spent", "rate_limited"},
	}
	for _, tt := range tests {
		for _, s := range surfaces {
			t.Run(tt.name+" via "+s.name, func(t *testing.T) {
				e := newEnv(t, nil, tt.opts...)
				var key string
				switch tt.key {
				case "bad":
					key = unknownKey(t)
				default:
					key, _ = e.newKey()
				}
				headers := []string{"Authorization", "Bearer " + key}
				if tt.key == "spent" {
					// Every surface spends the key's one fork quota.
					spend := e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`"}`, headers...)
					wantStatus(t, spend, 200)
				}
				if got := s.send(t, e, e.pageURL(tt.path), headers); got != tt.want {
					t.Errorf("got type %q; want %q", got, tt.want)
				}
			})
		}
	}
}
