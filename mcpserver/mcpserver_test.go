package mcpserver_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/mcpserver"
	"github.com/marketingfork/fork/provider/rules"
	"github.com/marketingfork/fork/skill"
)

// testKey is the one API key the tests' Authenticate accepts.
const testKey = "mf_test_key"

// testPage is a landing page of our own, served on loopback for the
// production calls.
const testPage = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Greenleaf | Houseplants that come with a care plan</title>
  <meta name="description" content="Greenleaf delivers a new houseplant every month with a care plan. From $19 a month.">
</head>
<body>
  <section class="hero">
    <h1>Plants that thrive, even if you forget to water</h1>
    <p>Greenleaf sends one healthy houseplant a month, with a care plan written for your light and your schedule.</p>
    <a class="btn" href="https://greenleaf.example/join">Get your first plant</a>
  </section>
  <section>
    <h2>What is in every box</h2>
    <ul>
      <li>One plant chosen for your room, in a 12 cm pot</li>
      <li>A care card with watering reminders by text</li>
      <li>Free replacement if your plant dies in the first 60 days</li>
    </ul>
    <div class="price">$19 per month</div>
    <p class="guarantee">Cancel any time and pay nothing more.</p>
    <a class="btn" href="https://greenleaf.example/join#plans">See the plans</a>
  </section>
</body>
</html>
`

// authenticate accepts testKey and fails hard on "boom".
func authenticate(r *http.Request) (string, error) {
	auth := r.Header.Get("Authorization")
	switch {
	case auth == "":
		return "", fmt.Errorf("%w: no key", mcpserver.ErrUnauthorized)
	case auth == "Bearer "+testKey:
		return "key-1", nil
	case auth == "Bearer boom":
		return "", errors.New("store unavailable")
	}
	return "", fmt.Errorf("%w: the API key is not valid", mcpserver.ErrUnauthorized)
}

// env is a running MCP server and the page server its production calls
// fetch from.
type env struct {
	mcp  *httptest.Server
	page *httptest.Server
	// hits counts the page server's requests.
	hits *atomic.Int64
}

// newEnv starts an MCP server over New. A nil forker means a forker that
// may fetch from loopback, for the page server.
func newEnv(t *testing.T, forker *fork.Forker, origins ...string) env {
	t.Helper()
	p := rules.New()
	if forker == nil {
		forker = fork.New(fork.WithProvider(p), fork.WithAllowPrivate(true))
	}
	hits := new(atomic.Int64)
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, testPage)
	}))
	t.Cleanup(page.Close)
	h, err := mcpserver.New(mcpserver.Config{
		Forker:         forker,
		Sandbox:        fork.New(fork.WithProvider(p)),
		SamplePage:     samplePage(t),
		Authenticate:   authenticate,
		BaseURL:        func(*http.Request) string { return "https://mf.example/" },
		AllowedOrigins: origins,
		Version:        "1.2.3",
	})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return env{mcp: srv, page: page, hits: hits}
}

// samplePage reads the sandbox's sample page.
func samplePage(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../httpapi/sample/tidyflow.html")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// headerTransport adds headers to every request.
type headerTransport struct {
	header http.Header
}

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h.header {
		r.Header[k] = v
	}
	return http.DefaultTransport.RoundTrip(r)
}

// keyed returns the headers of a call with the key.
func keyed() http.Header { return http.Header{"Authorization": {"Bearer " + testKey}} }

// sandboxed returns the headers of a sandbox call without a key.
func sandboxed() http.Header { return http.Header{"X-Sandbox": {"true"}} }

// connect opens a client session with the SDK's own client; version ""
// is the SDK client's default.
func connect(t *testing.T, e env, header http.Header, version string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "0.0.1"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{
		Endpoint:   e.mcp.URL,
		HTTPClient: &http.Client{Transport: headerTransport{header: header}},
		MaxRetries: -1,
	}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("Connect(%q): %v", version, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// call calls a tool and fails the test on a protocol error.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", name, err)
	}
	return res
}

// decode checks that a successful result carries structured content and
// the same JSON as text, and decodes the structured content into out.
func decode(t *testing.T, res *mcp.CallToolResult, out any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("IsError = true: %s", text(res))
	}
	if res.StructuredContent == nil {
		t.Fatal("got no structuredContent")
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var fromText any
	if err := json.Unmarshal([]byte(text(res)), &fromText); err != nil {
		t.Fatalf("text content is not JSON: %v", err)
	}
	if diff := cmp.Diff(res.StructuredContent, fromText); diff != "" {
		t.Errorf("text copy differs from structuredContent (-structured +text):\n%s", diff)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("decode structuredContent: %v", err)
	}
}

// text is a result's text content.
func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func TestHandshake(t *testing.T) {
	e := newEnv(t, nil)
	tests := []struct {
		name, ask, want string
	}{
		{"sdk default (sessionless)", "", "2026-07-28"},
		{"2025-11-25", "2025-11-25", "2025-11-25"},
		{"2025-06-18", "2025-06-18", "2025-06-18"},
		{"2025-03-26", "2025-03-26", "2025-03-26"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := connect(t, e, keyed(), tt.ask)
			init := cs.InitializeResult()
			if got := init.ProtocolVersion; got != tt.want {
				t.Errorf("protocol version: got %q; want %q", got, tt.want)
			}
			if init.ServerInfo == nil {
				t.Fatal("got no server info")
			}
			got := [2]string{init.ServerInfo.Name, init.ServerInfo.Version}
			if want := [2]string{"marketing-fork", "1.2.3"}; got != want {
				t.Errorf("server info: got %v; want %v", got, want)
			}
			caps := init.Capabilities
			if caps == nil || caps.Tools == nil || caps.Prompts == nil || caps.Resources == nil {
				t.Errorf("capabilities: got %+v; want tools, prompts and resources", caps)
			}
			var out mcpserver.ProfilesOutput
			decode(t, call(t, cs, "list_profiles", map[string]any{}), &out)
			if got, want := len(out.Profiles), len(fork.Profiles()); got != want {
				t.Errorf("profiles: got %d; want %d", got, want)
			}
		})
	}
}

func TestListTools(t *testing.T) {
	e := newEnv(t, nil)
	cs := connect(t, e, keyed(), "2025-06-18")
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"list_profiles": {"sandbox"},
		"extract_copy":  {"html", "language", "sandbox", "url"},
		"plan_fork":     {"avoid", "glossary", "html", "keep", "language_layer", "profile", "sandbox", "source_language", "target_language", "url", "voice"},
		"fork_copy":     {"avoid", "glossary", "html", "keep", "language_layer", "profile", "sandbox", "source_language", "target_language", "url", "voice"},
		"verify_fork":   {"fork", "fork_html", "sandbox", "source", "target"},
	}
	got := map[string][]string{}
	for _, tool := range res.Tools {
		t.Run(tool.Name, func(t *testing.T) {
			in := schemaOf(t, tool.InputSchema)
			out := schemaOf(t, tool.OutputSchema)
			if in.Type != "object" || out.Type != "object" {
				t.Errorf("schema types: got input %q, output %q; want object, object", in.Type, out.Type)
			}
			if len(out.Properties) == 0 {
				t.Error("output schema has no properties")
			}
			if tool.Description == "" || tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
				t.Errorf("got description %q, annotations %+v; want both, read-only", tool.Description, tool.Annotations)
			}
			names := make([]string, 0, len(in.Properties))
			for name, p := range in.Properties {
				names = append(names, name)
				if p.Description == "" {
					t.Errorf("input property %s has no description", name)
				}
			}
			slices.Sort(names)
			got[tool.Name] = names
		})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tools and their input properties (-want +got):\n%s", diff)
	}
}

// schema is the part of a JSON schema the tests look at.
type schema struct {
	Type       string `json:"type"`
	Properties map[string]struct {
		Description string `json:"description"`
	} `json:"properties"`
}

// schemaOf decodes a tool's schema as the client received it.
func schemaOf(t *testing.T, v any) schema {
	t.Helper()
	if v == nil {
		t.Fatal("got no schema")
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var s schema
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// headline returns the text of the first headline block.
func headline(blocks []fork.Block) string {
	for _, b := range blocks {
		if b.Role == fork.RoleHeadline {
			return b.Text
		}
	}
	return ""
}

func TestToolsSandbox(t *testing.T) {
	e := newEnv(t, nil)
	modes := []struct {
		name    string
		header  http.Header
		arg     bool
		version string
	}{
		{"X-Sandbox header without key", sandboxed(), false, ""},
		{"X-Sandbox header without key, 2025-06-18", sandboxed(), false, "2025-06-18"},
		{"sandbox argument with key", keyed(), true, ""},
	}
	const sampleHeadline = "Stop chasing invoices. Get paid on time."
	for _, mode := range modes {
		t.Run(mode.name, func(t *testing.T) {
			cs := connect(t, e, mode.header, mode.version)
			args := func(m map[string]any) map[string]any {
				if mode.arg {
					m["sandbox"] = true
				}
				return m
			}

			var ex mcpserver.ExtractOutput
			t.Run("extract_copy", func(t *testing.T) {
				decode(t, call(t, cs, "extract_copy", args(map[string]any{"url": e.page.URL})), &ex)
				got := [3]any{ex.Sandbox, ex.Note != "", headline(ex.Blocks)}
				if want := [3]any{true, true, sampleHeadline}; got != want {
					t.Errorf("sandbox, note, headline: got %v; want %v", got, want)
				}
				if ex.URL != "" {
					t.Errorf("url: got %q; want none (the sample page is not the caller's)", ex.URL)
				}
				if len(ex.Ledger) == 0 {
					t.Error("got an empty ledger")
				}
			})

			t.Run("plan_fork", func(t *testing.T) {
				var p mcpserver.PlanOutput
				decode(t, call(t, cs, "plan_fork", args(map[string]any{"url": e.page.URL, "profile": "skeptic", "language_layer": "plain"})), &p)
				plain, _ := fork.LookupLayer("plain")
				got := [5]any{p.Sandbox, p.Profile.Name, p.Layer.Name, len(p.Layer.Rules), p.Request.HTML}
				if want := [5]any{true, "skeptic", "plain", len(plain.Rules), ""}; got != want {
					t.Errorf("sandbox, profile, layer, rules, echoed html: got %v; want %v", got, want)
				}
				if len(p.Blocks) == 0 || p.Blocks[0].Budget.MaxChars == 0 {
					t.Errorf("briefs: got %d, first budget %+v; want briefs with budgets", len(p.Blocks), p.Blocks)
				}
				if len(p.Instructions) == 0 {
					t.Error("got no instructions")
				}
				if len(p.Material) == 0 && p.MaterialNote == "" {
					t.Error("the plan says nothing of the page's material for the skeptic: neither lines nor a note")
				}
			})

			t.Run("fork_copy", func(t *testing.T) {
				var r mcpserver.ForkOutput
				decode(t, call(t, cs, "fork_copy", args(map[string]any{"profile": "busy-professional"})), &r)
				got := [4]any{r.Sandbox, r.Provider.Name, r.Target.Profile, r.HTML != ""}
				if want := [4]any{true, "rules", "busy-professional", true}; got != want {
					t.Errorf("sandbox, provider, profile, html: got %v; want %v", got, want)
				}
				if len(r.Blocks) != len(ex.Blocks) {
					t.Errorf("blocks: got %d; want %d", len(r.Blocks), len(ex.Blocks))
				}
			})

			t.Run("verify_fork", func(t *testing.T) {
				blocks := make([]map[string]any, len(ex.Blocks))
				for i, b := range ex.Blocks {
					blocks[i] = map[string]any{"id": b.ID, "text": b.Text, "href": b.Href}
				}
				var rep mcpserver.VerifyOutput
				decode(t, call(t, cs, "verify_fork", args(map[string]any{"fork": map[string]any{"blocks": blocks}})), &rep)
				if !rep.Sandbox || len(rep.Checks) == 0 {
					t.Errorf("sandbox, checks: got %v, %d; want true, some", rep.Sandbox, len(rep.Checks))
				}
				for _, l := range rep.Ledger {
					if l.Status != fork.StatusKept {
						t.Errorf("ledger %s %q: got %s; want kept (the fork is the source)", l.Kind, l.Text, l.Status)
					}
				}
			})

			t.Run("list_profiles", func(t *testing.T) {
				var out mcpserver.ProfilesOutput
				decode(t, call(t, cs, "list_profiles", args(map[string]any{})), &out)
				if got, want := len(out.Layers), 4; got != want {
					t.Errorf("layers: got %d; want %d", got, want)
				}
			})
		})
	}
	if got := e.hits.Load(); got != 0 {
		t.Errorf("page fetches in the sandbox: got %d; want 0", got)
	}
}

func TestToolsProduction(t *testing.T) {
	e := newEnv(t, nil)
	cs := connect(t, e, keyed(), "")
	const pageHeadline = "Plants that thrive, even if you forget to water"

	t.Run("extract_copy", func(t *testing.T) {
		for _, tt := range []struct {
			name    string
			args    map[string]any
			wantURL string
		}{
			{"url", map[string]any{"url": e.page.URL}, e.page.URL},
			{"inline html", map[string]any{"html": testPage}, ""},
		} {
			t.Run(tt.name, func(t *testing.T) {
				var ex mcpserver.ExtractOutput
				decode(t, call(t, cs, "extract_copy", tt.args), &ex)
				got := [3]any{ex.URL, headline(ex.Blocks), ex.Sandbox}
				if want := [3]any{tt.wantURL, pageHeadline, false}; got != want {
					t.Errorf("url, headline, sandbox: got %v; want %v", got, want)
				}
				var prices []string
				for _, f := range ex.Ledger {
					if f.Kind == "price" {
						prices = append(prices, f.Value)
					}
				}
				if len(prices) == 0 {
					t.Errorf("ledger prices: got none in %+v", ex.Ledger)
				}
			})
		}
	})

	t.Run("plan_fork", func(t *testing.T) {
		for _, tt := range []struct {
			name            string
			target          string
			wantTranslation bool
			wantCulture     string
		}{
			{"culture", "en-GB", false, "GB"},
			{"translation", "de-DE", true, "DE"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				var p mcpserver.PlanOutput
				decode(t, call(t, cs, "plan_fork", map[string]any{"url": e.page.URL, "profile": "bargain-hunter", "target_language": tt.target}), &p)
				got := [4]any{p.Translation, p.Culture, p.TargetLanguage, p.Profile.Pattern.Name}
				if want := [4]any{tt.wantTranslation, tt.wantCulture, tt.target, "offer-led"}; got != want {
					t.Errorf("translation, culture, target, pattern: got %v; want %v", got, want)
				}
				if !strings.Contains(strings.Join(p.Instructions, "\n"), tt.target) {
					t.Errorf("instructions do not name %s:\n%s", tt.target, strings.Join(p.Instructions, "\n"))
				}
			})
		}
	})

	var res mcpserver.ForkOutput
	t.Run("fork_copy", func(t *testing.T) {
		decode(t, call(t, cs, "fork_copy", map[string]any{"url": e.page.URL, "profile": "skeptic", "language_layer": "professional"}), &res)
		got := [4]any{res.SourceURL, res.Provider.Name, res.Target, res.Sandbox}
		want := [4]any{e.page.URL, "rules", fork.Target{Profile: "skeptic", LanguageLayer: "professional", Language: "en"}, false}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("source, provider, target, sandbox (-want +got):\n%s", diff)
		}
		if len(res.Blocks) == 0 || res.HTML == "" || len(res.Checks) == 0 {
			t.Errorf("got %d blocks, %d bytes of html, %d checks; want all", len(res.Blocks), len(res.HTML), len(res.Checks))
		}
	})

	t.Run("verify_fork", func(t *testing.T) {
		blocks := make([]map[string]any, len(res.Blocks))
		for i, b := range res.Blocks {
			blocks[i] = map[string]any{"id": b.ID, "text": b.Text, "href": b.Href}
		}
		draft := map[string]any{"blocks": blocks, "sections": res.Sections}
		if len(res.Changes) > 0 {
			draft["changes"] = res.Changes
		}
		target := map[string]any{"profile": "skeptic", "language_layer": "professional"}
		for _, tt := range []struct {
			name string
			args map[string]any
		}{
			{"blocks", map[string]any{"source": map[string]any{"url": e.page.URL}, "fork": draft, "target": target}},
			{"fork_html", map[string]any{"source": map[string]any{"html": testPage}, "fork_html": res.HTML, "target": target}},
		} {
			t.Run(tt.name, func(t *testing.T) {
				var rep mcpserver.VerifyOutput
				decode(t, call(t, cs, "verify_fork", tt.args), &rep)
				if diff := cmp.Diff(res.Ledger, rep.Ledger); diff != "" {
					t.Errorf("ledger, verified against fork_copy's (-fork_copy +verify_fork):\n%s", diff)
				}
				if len(rep.Checks) == 0 {
					t.Error("got no checks")
				}
			})
		}
	})

	if e.hits.Load() == 0 {
		t.Error("the page server was never asked: production calls must fetch")
	}
}

// TestVerifySkillExample checks the skill's worked example, a fork of the
// sample page written as the skill teaches, through verify_fork in the
// sandbox: the fork JSON goes in as it is, notes and all.
func TestVerifySkillExample(t *testing.T) {
	b, err := fs.ReadFile(skill.Files(), skill.ExamplePath)
	if err != nil {
		t.Fatal(err)
	}
	var draft map[string]any
	if err := json.Unmarshal(b, &draft); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, nil)
	cs := connect(t, e, sandboxed(), "")
	var rep mcpserver.VerifyOutput
	decode(t, call(t, cs, "verify_fork", map[string]any{"fork": draft, "target": map[string]any{"profile": "skeptic", "language_layer": "plain"}}), &rep)
	for _, c := range rep.Checks {
		if c.Failed() {
			t.Errorf("check %s: got failed (%s); want passed", c.Name, c.Details)
		}
	}
	if !rep.Passed {
		t.Error("passed: got false; want true")
	}
	// A passing draft comes back as the page to ship.
	if rep.Page == nil || !strings.Contains(rep.Page.HTML, "<html") || !strings.Contains(rep.Page.Markdown, "# ") {
		t.Errorf("no rendered page with the passing report: %+v", rep.Page)
	}
}

func TestToolErrors(t *testing.T) {
	e := newEnv(t, nil)
	strict := newEnv(t, fork.New(fork.WithProvider(rules.New()))) // the default fetcher: no loopback
	bare := newEnv(t, fork.New())                                 // no provider
	failing := newEnv(t, fork.New(fork.WithProvider(brokenProvider{})))
	panicking := newEnv(t, fork.New(fork.WithProvider(brokenProvider{panics: true})))
	tests := []struct {
		name   string
		env    env
		header http.Header
		tool   string
		args   map[string]any
		want   []string
	}{
		{"unknown profile", e, keyed(), "plan_fork", map[string]any{"html": testPage, "profile": "astronaut"}, []string{"profile: must be one of enthusiast, skeptic", "Fix the arguments"}},
		{"unknown layer", e, keyed(), "fork_copy", map[string]any{"html": testPage, "language_layer": "pirate"}, []string{"language_layer: must be one of everyday"}},
		{"unknown profile in the sandbox", e, sandboxed(), "fork_copy", map[string]any{"profile": "astronaut"}, []string{"profile: must be one of"}},
		{"blocked url", strict, keyed(), "extract_copy", map[string]any{"url": "http://127.0.0.1/"}, []string{"blocked", "127.0.0.1", "public"}},
		{"blocked url on fork", strict, keyed(), "fork_copy", map[string]any{"url": "http://127.0.0.1/"}, []string{"url_blocked: ", "blocked"}},
		{"not a web url", e, keyed(), "extract_copy", map[string]any{"url": "ftp://example.com/page"}, []string{"http:// or https://"}},
		{"not a web url in the sandbox", e, sandboxed(), "plan_fork", map[string]any{"url": "example.com/page"}, []string{"url:"}},
		{"no page", e, keyed(), "extract_copy", map[string]any{}, []string{"give a url or an inline html page"}},
		{"no copy", e, keyed(), "extract_copy", map[string]any{"html": "<html><head><title>Empty</title></head><body></body></html>"}, []string{"page_no_copy: ", "no headline", "JavaScript"}},
		{"translation with the rules provider", e, keyed(), "fork_copy", map[string]any{"html": testPage, "target_language": "de"}, []string{"cannot translate", "rules", "LLM provider", "plan_fork"}},
		{"no provider", bare, keyed(), "fork_copy", map[string]any{"html": testPage}, []string{"no provider is configured", "plan_fork", "verify_fork"}},
		{"provider fails", failing, keyed(), "fork_copy", map[string]any{"html": testPage}, []string{"provider_failed: ", "Try again", "plan_fork"}},
		{"provider panics", panicking, keyed(), "fork_copy", map[string]any{"html": testPage}, []string{"internal error"}},
		{"bad language tag", e, keyed(), "plan_fork", map[string]any{"html": testPage, "target_language": "not a tag!"}, []string{`target_language: "not a tag!" is not a valid BCP 47 language tag (tag is not well-formed)`}},
		{"fork without blocks", e, keyed(), "verify_fork", map[string]any{"source": map[string]any{"html": testPage}}, []string{"the fork has no blocks"}},
		{"unknown argument", e, keyed(), "extract_copy", map[string]any{"website": "https://example.com/"}, []string{"website"}},
		{"wrong argument type", e, keyed(), "verify_fork", map[string]any{"source": map[string]any{"html": testPage}, "fork": map[string]any{"blocks": "all of them"}}, []string{"blocks"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := connect(t, tt.env, tt.header, "")
			res := call(t, cs, tt.tool, tt.args)
			if !res.IsError {
				t.Fatalf("IsError: got false; want true (content %s)", text(res))
			}
			msg := text(res)
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("got message %q; want it to contain %q", msg, w)
				}
			}
		})
	}
}

// brokenProvider fails every rewrite, by error or by panic.
type brokenProvider struct{ panics bool }

func (brokenProvider) Info() fork.ProviderInfo {
	return fork.ProviderInfo{Name: "broken", Version: "0"}
}

func (p brokenProvider) Rewrite(context.Context, *fork.Plan) (*fork.Draft, error) {
	if p.panics {
		panic("rewrite exploded")
	}
	return nil, errors.New("the engine is down")
}

func TestConcurrentCalls(t *testing.T) {
	e := newEnv(t, nil)
	cs := connect(t, e, sandboxed(), "")
	profiles := fork.ProfileNames()
	var wg sync.WaitGroup
	errs := make(chan string, len(profiles))
	for _, p := range profiles {
		wg.Go(func() {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "fork_copy", Arguments: map[string]any{"profile": p}})
			switch {
			case err != nil:
				errs <- p + ": " + err.Error()
			case res.IsError:
				errs <- p + ": " + text(res)
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestPrompts(t *testing.T) {
	e := newEnv(t, nil)
	cs := connect(t, e, keyed(), "")
	ctx := context.Background()

	t.Run("list", func(t *testing.T) {
		res, err := cs.ListPrompts(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		type arg struct {
			Name     string
			Required bool
		}
		var got []arg
		for _, p := range res.Prompts {
			if p.Name != "fork_landing_page" {
				t.Errorf("prompt: got %q; want fork_landing_page", p.Name)
				continue
			}
			for _, a := range p.Arguments {
				got = append(got, arg{a.Name, a.Required})
			}
		}
		want := []arg{{"url", true}, {"profile", false}, {"language_layer", false}, {"target_language", false}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("arguments (-want +got):\n%s", diff)
		}
	})

	plain, _ := fork.LookupLayer("plain")
	everyday, _ := fork.LookupLayer("everyday")
	tests := []struct {
		name    string
		args    map[string]string
		want    []string
		wantErr string
	}{
		{"defaults", map[string]string{"url": "https://greenleaf.example/"}, []string{
			"extract_copy", "plan_fork", "verify_fork", `"https://greenleaf.example/"`, "enthusiast", "everyday", "ledger",
			"Invent no facts", "verbatim", "length budget", everyday.Rules[0].Description, "page's own language",
		}, ""},
		{"all arguments", map[string]string{"url": "https://greenleaf.example/", "profile": "skeptic", "language_layer": "plain", "target_language": "de-CH"}, []string{
			"skeptic", "proof-led", "plain", `"de-CH"`, plain.Rules[0].Description, plain.Rules[len(plain.Rules)-1].Description,
		}, ""},
		{"no url", map[string]string{"profile": "skeptic"}, nil, "url argument is required"},
		{"unknown profile", map[string]string{"url": "https://greenleaf.example/", "profile": "astronaut"}, nil, "profile: must be one of"},
	}
	for _, tt := range tests {
		t.Run("get "+tt.name, func(t *testing.T) {
			res, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "fork_landing_page", Arguments: tt.args})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got error %v; want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Messages) == 0 {
				t.Fatal("got no messages")
			}
			var sb strings.Builder
			for _, m := range res.Messages {
				if tc, ok := m.Content.(*mcp.TextContent); ok {
					sb.WriteString(tc.Text)
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(sb.String(), w) {
					t.Errorf("prompt text does not contain %q:\n%s", w, sb.String())
				}
			}
		})
	}
}

func TestResources(t *testing.T) {
	e := newEnv(t, nil)
	cs := connect(t, e, keyed(), "2025-06-18")
	ctx := context.Background()
	list, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range list.Resources {
		got[r.URI] = r.MIMEType
	}
	want := map[string]string{
		"marketingfork://profiles": "application/json",
		"marketingfork://layers":   "application/json",
		"marketingfork://skill":    "text/markdown",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("resources (-want +got):\n%s", diff)
	}

	names := func(t *testing.T, text string) []string {
		var items []struct{ Name string }
		if err := json.Unmarshal([]byte(text), &items); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, it := range items {
			out = append(out, it.Name)
		}
		return out
	}
	tests := []struct {
		uri   string
		check func(t *testing.T, text string)
	}{
		{"marketingfork://profiles", func(t *testing.T, text string) {
			if diff := cmp.Diff(fork.ProfileNames(), names(t, text)); diff != "" {
				t.Errorf("profiles (-want +got):\n%s", diff)
			}
		}},
		{"marketingfork://layers", func(t *testing.T, text string) {
			if diff := cmp.Diff(fork.LayerNames(), names(t, text)); diff != "" {
				t.Errorf("layers (-want +got):\n%s", diff)
			}
		}},
		{"marketingfork://skill", func(t *testing.T, text string) {
			want, err := fs.ReadFile(skill.Files(), skill.SkillPath)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), text); diff != "" {
				t.Errorf("skill, against SKILL.md (-want +got):\n%s", diff)
			}
			for _, w := range []string{"name: marketing-fork", "extract_copy", "plan_fork", "verify_fork"} {
				if !strings.Contains(text, w) {
					t.Errorf("skill does not mention %q", w)
				}
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.uri, func(t *testing.T) {
			res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: tt.uri})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Contents) != 1 {
				t.Fatalf("contents: got %d; want 1", len(res.Contents))
			}
			c := res.Contents[0]
			if got := [2]string{c.URI, c.MIMEType}; got != [2]string{tt.uri, want[tt.uri]} {
				t.Errorf("uri, mime type: got %v; want %v", got, [2]string{tt.uri, want[tt.uri]})
			}
			tt.check(t, c.Text)
		})
	}
}

// initialize is a legacy initialize request, for plain HTTP calls.
const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}`

func TestHTTPGuard(t *testing.T) {
	e := newEnv(t, nil, "https://app.example.com")
	const challenge = `Bearer resource_metadata="https://mf.example/.well-known/oauth-protected-resource/mcp"`
	const keyHelp = "; get a free key at https://mf.example/get-key, or send X-Sandbox: true to try the tools on the sample page"
	forbidden := map[string]any{"detail": "origin not allowed", "status": 403.0, "type": "forbidden"}
	tests := []struct {
		name          string
		method        string
		header        http.Header
		wantStatus    int
		wantChallenge string
		wantBody      map[string]any // nil: not checked
	}{
		{"no key", "POST", nil, 401, challenge,
			map[string]any{"detail": "an API key is required: send Authorization: Bearer <key>" + keyHelp, "status": 401.0, "type": "unauthorized"}},
		{"wrong key", "POST", http.Header{"Authorization": {"Bearer nope"}}, 401, challenge + `, error="invalid_token"`,
			map[string]any{"detail": "the API key is not valid" + keyHelp, "status": 401.0, "type": "unauthorized"}},
		{"no key, X-Sandbox false", "POST", http.Header{"X-Sandbox": {"false"}}, 401, challenge, nil},
		{"no key, GET", "GET", nil, 401, challenge, nil},
		{"wrong key in the sandbox", "POST", http.Header{"X-Sandbox": {"true"}, "Authorization": {"Bearer nope"}}, 401, challenge + `, error="invalid_token"`, nil},
		{"key check fails", "POST", http.Header{"Authorization": {"Bearer boom"}}, 500, "",
			map[string]any{"detail": "the API key could not be checked; try again later", "status": 500.0, "type": "internal"}},
		{"key", "POST", keyed(), 200, "", nil},
		{"sandbox without key", "POST", sandboxed(), 200, "", nil},
		{"sandbox, any case", "POST", http.Header{"X-Sandbox": {" TRUE "}}, 200, "", nil},
		{"foreign origin", "POST", http.Header{"Authorization": {"Bearer " + testKey}, "Origin": {"https://evil.example"}}, 403, "", forbidden},
		{"foreign origin without key", "POST", http.Header{"Origin": {"https://evil.example"}}, 403, "", forbidden},
		{"foreign origin in the sandbox", "POST", http.Header{"X-Sandbox": {"true"}, "Origin": {"http://evil.example"}}, 403, "", forbidden},
		{"null origin", "POST", http.Header{"X-Sandbox": {"true"}, "Origin": {"null"}}, 403, "", forbidden},
		{"same-host origin", "POST", http.Header{"Authorization": {"Bearer " + testKey}, "Origin": {e.mcp.URL}}, 200, "", nil},
		{"base URL origin", "POST", http.Header{"X-Sandbox": {"true"}, "Origin": {"https://mf.example"}}, 200, "", nil},
		{"allowed origin", "POST", http.Header{"X-Sandbox": {"true"}, "Origin": {"https://APP.example.com"}}, 200, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, e.mcp.URL, strings.NewReader(initialize))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			for k, v := range tt.header {
				req.Header[k] = v
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status: got %d; want %d (body %s)", resp.StatusCode, tt.wantStatus, body)
			}
			if got := resp.Header.Get("WWW-Authenticate"); got != tt.wantChallenge {
				t.Errorf("WWW-Authenticate: got %q; want %q", got, tt.wantChallenge)
			}
			if tt.wantStatus == 200 {
				var msg struct {
					Result struct {
						ServerInfo struct{ Name string } `json:"serverInfo"`
					} `json:"result"`
				}
				if err := json.Unmarshal(body, &msg); err != nil || msg.Result.ServerInfo.Name != "marketing-fork" {
					t.Errorf("got body %s (%v); want an initialize result from marketing-fork", body, err)
				}
				return
			}
			if got := resp.Header.Get("Content-Type"); got != "application/json" {
				t.Errorf("Content-Type: got %q; want application/json", got)
			}
			if tt.wantBody != nil {
				var got map[string]any
				if err := json.Unmarshal(body, &got); err != nil {
					t.Fatalf("body %s: %v", body, err)
				}
				if diff := cmp.Diff(tt.wantBody, got); diff != "" {
					t.Errorf("body (-want +got):\n%s", diff)
				}
			}
		})
	}

	t.Run("sdk client without key", func(t *testing.T) {
		client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "0.0.1"}, nil)
		_, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: e.mcp.URL, MaxRetries: -1}, nil)
		if err == nil {
			t.Error("Connect without a key: got no error; want one")
		}
	})
}

func TestNew(t *testing.T) {
	page := samplePage(t)
	p := rules.New()
	valid := func() mcpserver.Config {
		return mcpserver.Config{
			Forker:       fork.New(fork.WithProvider(p)),
			Sandbox:      fork.New(fork.WithProvider(p)),
			SamplePage:   page,
			Authenticate: authenticate,
		}
	}
	tests := []struct {
		name    string
		edit    func(*mcpserver.Config)
		wantErr string
	}{
		{"valid", func(*mcpserver.Config) {}, ""},
		{"valid with origins", func(c *mcpserver.Config) {
			c.AllowedOrigins = []string{"https://app.example.com", "http://localhost:5173/"}
		}, ""},
		{"no forker", func(c *mcpserver.Config) { c.Forker = nil }, "Forker is required"},
		{"no sandbox forker", func(c *mcpserver.Config) { c.Sandbox = nil }, "Sandbox is required"},
		{"no authenticate", func(c *mcpserver.Config) { c.Authenticate = nil }, "Authenticate is required"},
		{"no sample page", func(c *mcpserver.Config) { c.SamplePage = " " }, "SamplePage is required"},
		{"sample page without copy", func(c *mcpserver.Config) { c.SamplePage = "<html><body></body></html>" }, "sample page cannot be read"},
		{"origin without scheme", func(c *mcpserver.Config) { c.AllowedOrigins = []string{"app.example.com"} }, "allowed origin"},
		{"origin with path", func(c *mcpserver.Config) { c.AllowedOrigins = []string{"https://app.example.com/login"} }, "allowed origin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := valid()
			tt.edit(&cfg)
			h, err := mcpserver.New(cfg)
			if tt.wantErr == "" {
				if err != nil || h == nil {
					t.Fatalf("New: got %v, %v; want a handler", h, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("New: got error %v; want one containing %q", err, tt.wantErr)
			}
		})
	}
}

// TestVerifyBrandMCP: verify_fork enforces the target's keep, glossary and
// avoid on a fork written elsewhere, through the official SDK's client,
// and fork_copy honours them.
func TestVerifyBrandMCP(t *testing.T) {
	e := newEnv(t, nil)
	cs := connect(t, e, keyed(), "")
	ex, err := fork.New().Extract(context.Background(), fork.Source{HTML: testPage})
	if err != nil {
		t.Fatal(err)
	}
	draft := func(old, new string) map[string]any {
		blocks := make([]map[string]any, len(ex.Blocks))
		for i, b := range ex.Blocks {
			blocks[i] = map[string]any{"id": b.ID, "text": strings.Replace(b.Text, old, new, 1), "href": b.Href}
		}
		return map[string]any{"blocks": blocks}
	}
	for _, tt := range []struct {
		name   string
		fork   map[string]any
		target map[string]any
		failed string
	}{
		{"keep holds", draft("", ""), map[string]any{"keep": []string{"Greenleaf"}}, ""},
		{"kept name changed", draft("Greenleaf sends", "GreenLeaf sends"), map[string]any{"keep": []string{"Greenleaf"}}, "keep"},
		{"glossary ignored", draft("", ""), map[string]any{"glossary": map[string]string{"houseplant": "indoor plant"}}, "glossary"},
		{"avoided word added", draft("one healthy houseplant", "one cheap healthy houseplant"), map[string]any{"avoid": []string{"cheap"}}, "avoid"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var rep mcpserver.VerifyOutput
			decode(t, call(t, cs, "verify_fork", map[string]any{"source": map[string]any{"html": testPage}, "fork": tt.fork, "target": tt.target}), &rep)
			var brand []string
			for _, c := range rep.Checks {
				switch c.Name {
				case "keep", "glossary", "avoid":
					brand = append(brand, c.Name)
					if c.Failed() != (c.Name == tt.failed) {
						t.Errorf("%s: failed=%v (%s); want failed=%v", c.Name, c.Failed(), c.Details, c.Name == tt.failed)
					}
				}
			}
			if len(brand) != 1 {
				t.Errorf("brand checks %v; want the one the target asks for", brand)
			}
		})
	}
	var r mcpserver.ForkOutput
	decode(t, call(t, cs, "fork_copy", map[string]any{"html": testPage, "glossary": map[string]string{"houseplant": "indoor plant"}, "keep": []string{"Greenleaf"}}), &r)
	for _, c := range r.Checks {
		if (c.Name == "keep" || c.Name == "glossary") && c.Failed() {
			t.Errorf("fork_copy: %s failed: %s", c.Name, c.Details)
		}
	}
}
