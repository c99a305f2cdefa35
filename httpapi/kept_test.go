package httpapi

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/marketingfork/fork/export"
	"github.com/marketingfork/fork/internal/fetch"
	"github.com/marketingfork/fork/mcpserver"
)

// withFetcher gives the Handler a fetcher for keyed forks' pages, as
// `mfork serve` does, so kept forks carry their source page.
func withFetcher() envOption {
	return func(c *Config, _ *env) {
		c.Fetcher = fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second})
	}
}

// livePage is a page server whose page a test can change after a fork.
type livePage struct {
	mu   sync.Mutex
	html string
}

func (p *livePage) set(html string) {
	p.mu.Lock()
	p.html = html
	p.mu.Unlock()
}

func (p *livePage) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, p.html)
}

// keptFork is what the tests read of a fork answer.
type keptFork struct {
	ID        string    `json:"id"`
	ExpiresAt time.Time `json:"expires_at"`
	SourceURL string    `json:"source_url"`
	Request   struct {
		URL  string `json:"url"`
		HTML string `json:"html"`
	} `json:"request"`
	Blocks []struct {
		ID        int    `json:"id"`
		Source    string `json:"source"`
		Text      string `json:"text"`
		Path      string `json:"path"`
		Rationale string `json:"rationale"`
	} `json:"blocks"`
}

func decode[T any](t *testing.T, r response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("decode %T: %v\n%s", v, err, r.body)
	}
	return v
}

// postKept makes a keyed fork and returns its answer.
func (e *env) postKept(key, body string) (keptFork, response) {
	e.t.Helper()
	r := e.do("POST", "/v1/fork", body, "Authorization", "Bearer "+key)
	wantStatus(e.t, r, http.StatusOK)
	return decode[keptFork](e.t, r), r
}

// keptPage is testPage with a US spelling: the built-in engine leaves
// testPage's plain copy alone for a skeptic, and a kept fork that changes
// nothing would let the page and export checks below prove nothing. Its
// en-GB fork changes that line.
var keptPage = strings.Replace(testPage, "Summaries in 12 languages", "Summaries in 12 languages, color-coded by speaker", 1)

func TestKeptForkRoutes(t *testing.T) {
	page := &livePage{html: keptPage}
	e := newEnv(t, page, withFetcher())
	keyA, _ := e.newKey()
	keyB, _ := e.newKey()
	url := e.pageURL("/")
	asA := []string{"Authorization", "Bearer " + keyA}
	asB := []string{"X-API-Key", keyB}

	f, posted := e.postKept(keyA, `{"url":"`+url+`","profile":"skeptic","target_language":"en-GB"}`)
	if !strings.HasPrefix(f.ID, "fk_") || len(f.ID) < 20 {
		t.Fatalf("id = %q; want fk_ and a long random part", f.ID)
	}
	if want := start.Add(30 * 24 * time.Hour); !f.ExpiresAt.Equal(want) {
		t.Errorf("expires_at = %v; want %v (30 days)", f.ExpiresAt, want)
	}
	if f.Request.URL != url || f.Request.HTML != "" {
		t.Errorf("request = %+v; want the url as sent and no inline html (the page fetched for the fork is not echoed)", f.Request)
	}

	t.Run("get", func(t *testing.T) {
		r := e.do("GET", "/v1/forks/"+f.ID, "", asA...)
		wantStatus(t, r, http.StatusOK)
		if diff := cmp.Diff(posted.json(t), r.json(t)); diff != "" {
			t.Errorf("GET differs from the POST answer (-post +get):\n%s", diff)
		}
	})

	t.Run("another key gets 404", func(t *testing.T) {
		for _, rq := range []struct{ method, path string }{
			{"GET", ""}, {"GET", "/page"}, {"GET", "/export?format=patch"}, {"GET", "/drift"}, {"DELETE", ""},
		} {
			r := e.do(rq.method, "/v1/forks/"+f.ID+rq.path, "", asB...)
			wantStatus(t, r, http.StatusNotFound)
			if typ := r.json(t)["type"]; typ != "not_found" {
				t.Errorf("%s %s: type %v; want not_found", rq.method, rq.path, typ)
			}
		}
		r := e.do("GET", "/v1/forks", "", asB...)
		wantStatus(t, r, http.StatusOK)
		if got := decode[forkList](t, r); len(got.Forks) != 0 {
			t.Errorf("another key lists %d forks; want none", len(got.Forks))
		}
	})

	t.Run("no key", func(t *testing.T) {
		wantStatus(t, e.do("GET", "/v1/forks/"+f.ID, ""), http.StatusUnauthorized)
		wantStatus(t, e.do("GET", "/v1/forks", ""), http.StatusUnauthorized)
	})

	t.Run("page", func(t *testing.T) {
		r := e.do("GET", "/v1/forks/"+f.ID+"/page", "", asA...)
		wantStatus(t, r, http.StatusOK)
		if ct := r.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("Content-Type = %q", ct)
		}
		if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'none'") || !strings.Contains(csp, "sandbox") {
			t.Errorf("Content-Security-Policy = %q; want script-src 'none' and a sandbox", csp)
		}
		if r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("X-Content-Type-Options = %q; want nosniff", r.header.Get("X-Content-Type-Options"))
		}
		body := string(r.body)
		if !strings.Contains(body, `<base href="`+url+`">`) {
			t.Errorf("no <base href=%q> in the page:\n%s", url, body)
		}
		if strings.Contains(strings.ToLower(body), "<script") {
			t.Errorf("the page has a script:\n%s", body)
		}
		changed := 0
		for _, b := range f.Blocks {
			if b.Text != b.Source {
				changed++
				if !strings.Contains(body, firstWords(b.Text)) {
					t.Errorf("block %d's new text %q is not on the page", b.ID, b.Text)
				}
			}
		}
		if changed == 0 {
			t.Fatal("the fork changed no block: nothing to check the page against")
		}
	})

	t.Run("export", func(t *testing.T) {
		for _, format := range []string{"growthbook", "optimizely", "posthog", "patch", "unbounce"} {
			r := e.do("GET", "/v1/forks/"+f.ID+"/export?format="+format, "", asA...)
			wantStatus(t, r, http.StatusOK)
			if format == "unbounce" {
				if !strings.Contains(string(r.body), `<base href="`+url+`">`) || r.header.Get("Content-Security-Policy") != pageCSP {
					t.Errorf("unbounce: want the page with a <base> under the page policy; CSP %q", r.header.Get("Content-Security-Policy"))
				}
				continue
			}
			var v map[string]any
			if err := json.Unmarshal(r.body, &v); err != nil || len(v) == 0 {
				t.Errorf("%s: not a JSON object: %v\n%s", format, err, r.body)
			}
		}
		r := e.do("GET", "/v1/forks/"+f.ID+"/export?format=patch", "", asA...)
		patch := decode[export.PatchExport](t, r)
		if patch.SourceURL != url || len(patch.Variants) != 1 || len(patch.Variants[0].Changes) == 0 {
			t.Fatalf("patch: want one variant with changes on %s:\n%s", url, r.body)
		}
		source := map[int]string{}
		for _, b := range f.Blocks {
			source[b.ID] = b.Source
		}
		for _, c := range patch.Variants[0].Changes {
			if c.Selector == "" || c.SourceSHA256 != textHash(source[c.Block]) {
				t.Errorf("patch change %+v: want a selector and the hash of block %d's source %q", c, c.Block, source[c.Block])
			}
		}
	})

	t.Run("export format", func(t *testing.T) {
		for _, tt := range []struct{ query, typ string }{{"?format=excel", "literal_error"}, {"", "missing"}, {"?format=", "literal_error"}} {
			r := e.do("GET", "/v1/forks/"+f.ID+"/export"+tt.query, "", asA...)
			wantStatus(t, r, http.StatusUnprocessableEntity)
			body := decode[struct {
				Detail []item `json:"detail"`
			}](t, r)
			if len(body.Detail) != 1 || body.Detail[0].Type != tt.typ || !cmp.Equal(body.Detail[0].Loc, []any{"query", "format"}) {
				t.Errorf("%q: detail %+v; want one %s item at query.format", tt.query, body.Detail, tt.typ)
			}
		}
	})

	t.Run("mcp export_fork", func(t *testing.T) {
		call := func(rt http.RoundTripper, id string) *mcp.CallToolResult {
			t.Helper()
			ctx := t.Context()
			client := mcp.NewClient(&mcp.Implementation{Name: "kept-test", Version: "1"}, nil)
			cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: e.srv.URL + "/mcp", HTTPClient: &http.Client{Transport: rt}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "export_fork", Arguments: map[string]any{"id": id, "format": "posthog"}})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		res := call(sandboxHeader{key: keyA}, f.ID)
		if res.IsError {
			t.Fatalf("export_fork: %+v", res.Content)
		}
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		out := decode[mcpserver.ExportOutput](t, response{body: b})
		web := e.do("GET", "/v1/forks/"+f.ID+"/export?format=posthog", "", asA...)
		if out.ID != f.ID || out.Format != "posthog" || out.ContentType != "application/json" || out.Export != string(web.body) {
			t.Errorf("export_fork = %+v; want the HTTP route's export\n%s", out, web.body)
		}
		for name, rt := range map[string]http.RoundTripper{"another key": sandboxHeader{key: keyB}, "sandbox": sandboxHeader{}} {
			res := call(rt, f.ID)
			text := ""
			if len(res.Content) > 0 {
				if tc, ok := res.Content[0].(*mcp.TextContent); ok {
					text = tc.Text
				}
			}
			want := map[string]string{"another key": "not_found:", "sandbox": "unauthorized:"}[name]
			if !res.IsError || !strings.HasPrefix(text, want) {
				t.Errorf("%s: export_fork = error %v, %q; want an error starting %q", name, res.IsError, text, want)
			}
		}
	})

	t.Run("drift", func(t *testing.T) {
		r := e.do("GET", "/v1/forks/"+f.ID+"/drift", "", asA...)
		wantStatus(t, r, http.StatusOK)
		if d := decode[driftReport](t, r); d.Drifted || len(d.Changed) != 0 || d.Checked != len(f.Blocks) {
			t.Fatalf("drift before any change = %+v; want none, %d blocks checked", d, len(f.Blocks))
		}
		page.set(strings.Replace(strings.Replace(keptPage,
			"Never take meeting notes again", "Meeting notes, written for you", 1),
			`<p class="guarantee">Cancel any time in the first 30 days and pay nothing.</p>`, "", 1))
		defer page.set(keptPage)
		r = e.do("GET", "/v1/forks/"+f.ID+"/drift", "", asA...)
		wantStatus(t, r, http.StatusOK)
		d := decode[driftReport](t, r)
		if !d.Drifted {
			t.Fatalf("drift after the page changed = %+v; want drifted", d)
		}
		var got []string
		for _, c := range d.Changed {
			got = append(got, c.Status+": "+c.Was+" → "+c.Now)
		}
		want := []string{
			"changed: Never take meeting notes again → Meeting notes, written for you",
			"missing: Cancel any time in the first 30 days and pay nothing. → ",
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("changed blocks (-want +got):\n%s", diff)
		}
	})

	t.Run("list, delete, expire", func(t *testing.T) {
		ids := []string{f.ID}
		for i := range 4 {
			e.clock.Set(start.Add(time.Duration(i+1) * time.Minute))
			g, _ := e.postKept(keyA, `{"url":"https://brightnote.example/","html":`+mustQuote(testPage)+`}`)
			ids = append(ids, g.ID)
		}
		slices.Reverse(ids) // newest first
		var listed []string
		cursor := ""
		for range 10 {
			r := e.do("GET", "/v1/forks?limit=2&cursor="+cursor, "", asA...)
			wantStatus(t, r, http.StatusOK)
			l := decode[forkList](t, r)
			if len(l.Forks) > 2 {
				t.Fatalf("page of %d; limit 2", len(l.Forks))
			}
			for _, s := range l.Forks {
				listed = append(listed, s.ID)
			}
			if cursor = l.NextCursor; cursor == "" {
				break
			}
		}
		if diff := cmp.Diff(ids, listed); diff != "" {
			t.Errorf("listed (-want +got):\n%s", diff)
		}
		r := e.do("GET", "/v1/forks?cursor=bogus!", "", asA...)
		wantStatus(t, r, http.StatusBadRequest)
		if r.json(t)["type"] != "invalid_cursor" {
			t.Errorf("bad cursor: %s", r.body)
		}
		wantStatus(t, e.do("GET", "/v1/forks?limit=0", "", asA...), http.StatusUnprocessableEntity)
		wantStatus(t, e.do("GET", "/v1/forks?limit=101", "", asA...), http.StatusUnprocessableEntity)
		// A parameter given twice is not one value: which one was meant?
		wantStatus(t, e.do("GET", "/v1/forks?limit=&limit=5", "", asA...), http.StatusUnprocessableEntity)
		wantStatus(t, e.do("GET", "/v1/forks?cursor=&cursor=", "", asA...), http.StatusUnprocessableEntity)
		wantStatus(t, e.do("GET", "/v1/forks?limit=", "", asA...), http.StatusUnprocessableEntity)

		wantStatus(t, e.do("DELETE", "/v1/forks/"+ids[0], "", asA...), http.StatusNoContent)
		wantStatus(t, e.do("GET", "/v1/forks/"+ids[0], "", asA...), http.StatusNotFound)
		wantStatus(t, e.do("DELETE", "/v1/forks/"+ids[0], "", asA...), http.StatusNotFound)

		e.clock.Set(start.Add(30*24*time.Hour - time.Second))
		wantStatus(t, e.do("GET", "/v1/forks/"+f.ID, "", asA...), http.StatusOK)
		e.clock.Set(start.Add(30 * 24 * time.Hour))
		wantStatus(t, e.do("GET", "/v1/forks/"+f.ID, "", asA...), http.StatusNotFound)
		r = e.do("GET", "/v1/forks", "", asA...)
		if got := decode[forkList](t, r); len(got.Forks) != 3 {
			t.Errorf("after one deleted and one expired: %d listed; want 3", len(got.Forks))
		}
	})
}

func TestKeptForkEdges(t *testing.T) {
	e := newEnv(t, nil) // no Fetcher: the Forker fetches, the source is not kept
	key, _ := e.newKey()
	asKey := []string{"Authorization", "Bearer " + key}

	t.Run("sandbox forks are not kept", func(t *testing.T) {
		r := e.do("POST", "/v1/fork", `{}`, "X-Sandbox", "true")
		wantStatus(t, r, http.StatusOK)
		if id, ok := r.json(t)["id"]; ok {
			t.Errorf("sandbox fork has id %v; want none", id)
		}
	})
	t.Run("without a fetcher: page yes, export no", func(t *testing.T) {
		f, _ := e.postKept(key, `{"url":"`+e.pageURL("/page")+`"}`)
		wantStatus(t, e.do("GET", "/v1/forks/"+f.ID+"/page", "", asKey...), http.StatusOK)
		r := e.do("GET", "/v1/forks/"+f.ID+"/export?format=patch", "", asKey...)
		wantStatus(t, r, http.StatusConflict)
		if r.json(t)["type"] != "source_not_kept" {
			t.Errorf("export without a source: %s", r.body)
		}
		r = e.do("GET", "/v1/forks/"+f.ID+"/drift", "", asKey...)
		wantStatus(t, r, http.StatusOK)
		if d := decode[driftReport](t, r); d.Drifted {
			t.Errorf("drift on an unchanged page: %+v", d)
		}
	})
	t.Run("inline html without url has no drift check", func(t *testing.T) {
		f, _ := e.postKept(key, `{"html":`+mustQuote(testPage)+`,"profile":"skeptic"}`)
		wantStatus(t, e.do("GET", "/v1/forks/"+f.ID+"/export?format=growthbook", "", asKey...), http.StatusOK)
		r := e.do("GET", "/v1/forks/"+f.ID+"/drift", "", asKey...)
		wantStatus(t, r, http.StatusConflict)
		if r.json(t)["type"] != "no_source_url" {
			t.Errorf("drift without a url: %s", r.body)
		}
	})
	t.Run("a fork that changes nothing is no variant to export", func(t *testing.T) {
		f, _ := e.postKept(key, `{"html":`+mustQuote(testPage)+`,"profile":"executive"}`)
		r := e.do("GET", "/v1/forks/"+f.ID+"/export?format=growthbook", "", asKey...)
		wantStatus(t, r, http.StatusConflict)
		if body := r.json(t); body["type"] != "no_variant" || !strings.Contains(fmt.Sprint(body["detail"]), "A/A test") {
			t.Errorf("export of an unchanged fork: %s", r.body)
		}
		// The fork itself stays kept and readable: only its export is refused.
		wantStatus(t, e.do("GET", "/v1/forks/"+f.ID, "", asKey...), http.StatusOK)
	})
	t.Run("unknown id", func(t *testing.T) {
		wantStatus(t, e.do("GET", "/v1/forks/fk_nope", "", asKey...), http.StatusNotFound)
	})
}

// firstWords is the start of a text, enough to find it in HTML where the
// rest may carry inline markup.
func firstWords(s string) string {
	w := strings.Fields(s)
	return strings.Join(w[:min(3, len(w))], " ")
}

func mustQuote(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}
