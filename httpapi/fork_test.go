package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marketingfork/fork"
)

func TestSandboxFork(t *testing.T) {
	e := newEnv(t, nil)
	writes := e.store.writes()

	r := e.do("POST", "/v1/fork", `{"url":"https://example.com/pricing","profile":"skeptic","language_layer":"plain"}`,
		"X-Sandbox", "true", "Idempotency-Key", "same-key")
	wantStatus(t, r, http.StatusOK)
	var res struct {
		Sandbox bool `json:"sandbox"`
		fork.Result
	}
	if err := json.Unmarshal(r.body, &res); err != nil {
		t.Fatal(err)
	}
	if !res.Sandbox {
		t.Errorf("sandbox = false; want true")
	}
	if got, want := res.Target.Profile, "skeptic"; got != want {
		t.Errorf("target.profile = %q; want %q", got, want)
	}
	if got, want := res.Target.LanguageLayer, "plain"; got != want {
		t.Errorf("target.language_layer = %q; want %q", got, want)
	}
	if len(res.Blocks) == 0 || !strings.Contains(res.HTML, "Tidyflow") {
		t.Errorf("the fork is not of the sample page: %d blocks", len(res.Blocks))
	}
	if len(res.Notes) == 0 || res.Notes[0] != sandboxNote {
		t.Errorf("notes = %q; want the sandbox note first", res.Notes)
	}
	if res.Request.HTML != "" || res.Request.URL != "" {
		t.Errorf("request echo = %+v; want neither the sample page nor the caller's url", res.Request)
	}
	for _, h := range []string{"RateLimit", "RateLimit-Policy", "Idempotent-Replayed"} {
		if got := r.header.Get(h); got != "" {
			t.Errorf("%s = %q on a sandbox answer; want none", h, got)
		}
	}

	// The same request again is the same answer, from the cache.
	again := e.do("POST", "/v1/fork", `{"url":"https://example.com/pricing","profile":"skeptic","language_layer":"plain"}`, "X-Sandbox", "true")
	if !bytes.Equal(again.body, r.body) {
		t.Errorf("second sandbox answer differs from the first")
	}
	// The same Idempotency-Key with another body is not a conflict: the
	// sandbox keeps no idempotency records.
	other := e.do("POST", "/v1/fork", `{"url":"https://example.com/other","profile":"executive"}`, "X-Sandbox", "TRUE", "Idempotency-Key", "same-key")
	wantStatus(t, other, http.StatusOK)
	if got := other.json(t)["target"].(map[string]any)["profile"]; got != "executive" {
		t.Errorf("target.profile = %v; want executive", got)
	}
	// Many sandbox forks spend no quota: the limits never show up.
	for range 5 {
		wantStatus(t, e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, "X-Sandbox", "true"), http.StatusOK)
	}
	if got := e.store.writes() - writes; got != 0 {
		t.Errorf("sandbox forks made %d store writes (besides metrics); want 0", got)
	}
	// And a production request under the same Idempotency-Key afterwards
	// runs: nothing was recorded for it.
	key, _ := e.newKey()
	prod := e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`"}`, "X-API-Key", key, "Idempotency-Key", "same-key")
	wantStatus(t, prod, http.StatusOK)
	if got := prod.header.Get("Idempotent-Replayed"); got != "" {
		t.Errorf("Idempotent-Replayed = %q; want none", got)
	}
	m := e.metricsNow()
	if got, want := m.Forks, (forkCounts{Production: 1, Sandbox: 8}); got != want {
		t.Errorf("fork counts = %+v; want %+v", got, want)
	}
}

func TestSandboxConcurrent(t *testing.T) {
	e := newEnv(t, nil)
	var wg sync.WaitGroup
	bodies := make([][]byte, 8)
	for i := range bodies {
		wg.Go(func() {
			req, _ := http.NewRequest("POST", e.srv.URL+"/v1/fork", strings.NewReader(`{"url":"https://example.com/","profile":"parent"}`))
			req.Header.Set("X-Sandbox", "true")
			res, err := e.srv.Client().Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			var b bytes.Buffer
			b.ReadFrom(res.Body)
			bodies[i] = b.Bytes()
		})
	}
	wg.Wait()
	for i := range bodies {
		if !bytes.Equal(bodies[i], bodies[0]) {
			t.Errorf("answer %d differs from answer 0", i)
		}
	}
}

func TestForkWithKey(t *testing.T) {
	e := newEnv(t, nil)
	key, rec := e.newKey()
	for _, hd := range [][]string{{"Authorization", "Bearer " + key}, {"X-API-Key", key}, {"authorization", "bearer " + key}} {
		t.Run(hd[0], func(t *testing.T) {
			r := e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`","profile":"skeptic","language_layer":"professional","ignored":true}`, hd...)
			wantStatus(t, r, http.StatusOK)
			var res struct {
				Sandbox *bool `json:"sandbox"`
				fork.Result
			}
			if err := json.Unmarshal(r.body, &res); err != nil {
				t.Fatal(err)
			}
			if res.Sandbox == nil || *res.Sandbox {
				t.Errorf("sandbox = %v; want false", res.Sandbox)
			}
			if got, want := res.SourceURL, e.pageURL("/page"); got != want {
				t.Errorf("source_url = %q; want %q", got, want)
			}
			if got, want := res.Target.Profile, "skeptic"; got != want {
				t.Errorf("target.profile = %q; want %q", got, want)
			}
			if len(res.Checks) == 0 || len(res.Ledger) == 0 || len(res.Blocks) == 0 {
				t.Errorf("result lacks checks (%d), ledger (%d) or blocks (%d)", len(res.Checks), len(res.Ledger), len(res.Blocks))
			}
			if !strings.Contains(res.HTML, "Brightnote") {
				t.Errorf("the fork is not of the test page")
			}
			if got, want := r.header.Get("RateLimit-Policy"), `"minute";q=1000;w=60, "day";q=10000;w=86400`; got != want {
				t.Errorf("RateLimit-Policy = %q; want %q", got, want)
			}
			if got := r.header.Get("RateLimit"); !strings.HasPrefix(got, `"minute";r=`) || !strings.HasSuffix(got, ";t=34") {
				t.Errorf("RateLimit = %q; want the minute window, 34 s to go", got)
			}
		})
	}
	if got, want := e.metricsNow().Forks.Production, int64(3); got != want {
		t.Errorf("production forks = %d; want %d", got, want)
	}
	_ = rec
}

// TestValidation compares whole 422 bodies with what FastAPI and Pydantic
// v2 write.
func TestValidation(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	profiles := `'enthusiast', 'skeptic', 'bargain-hunter', 'busy-professional', 'executive', 'expert', 'beginner', 'cautious', 'status-seeker', 'eco-conscious', 'parent' or 'early-adopter'`
	layers := `'everyday', 'professional', 'technical' or 'plain'`
	tag := func(v, why string) string {
		return `"` + strings.ReplaceAll(v, `"`, `\"`) + `" is not a valid BCP 47 language tag (` + why + `); use a tag such as en, en-GB, de-CH or pt-BR`
	}
	quote := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	tests := []struct {
		name    string
		body    string
		headers []string
		want    string
	}{
		{"invalid JSON", `{"url": }`, nil,
			`{"detail":[{"type":"json_invalid","loc":["body",8],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting value"}}]}`},
		{"single quotes", `{'url': 'x'}`, nil,
			`{"detail":[{"type":"json_invalid","loc":["body",1],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting property name enclosed in double quotes"}}]}`},
		{"trailing garbage", `{"url":"https://example.com/"} x`, nil,
			`{"detail":[{"type":"json_invalid","loc":["body",31],"msg":"JSON decode error","input":{},"ctx":{"error":"Extra data"}}]}`},
		{"no body", ``, nil,
			`{"detail":[{"type":"missing","loc":["body"],"msg":"Field required","input":null}]}`},
		{"null body", `null`, nil,
			`{"detail":[{"type":"missing","loc":["body"],"msg":"Field required","input":null}]}`},
		{"array body", `[1, "two"]`, nil,
			`{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":[1,"two"]}]}`},
		{"string body", `"https://example.com/"`, nil,
			`{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":"https://example.com/"}]}`},
		{"fields not strings", `{"url": 5, "profile": null, "language_layer": ["plain"], "source_language": {"a": 1}, "target_language": true}`, nil,
			`{"detail":[
				{"type":"string_type","loc":["body","url"],"msg":"Input should be a valid string","input":5},
				{"type":"string_type","loc":["body","profile"],"msg":"Input should be a valid string","input":null},
				{"type":"string_type","loc":["body","language_layer"],"msg":"Input should be a valid string","input":["plain"]},
				{"type":"string_type","loc":["body","source_language"],"msg":"Input should be a valid string","input":{"a":1}},
				{"type":"string_type","loc":["body","target_language"],"msg":"Input should be a valid string","input":true}]}`},
		{"unknown profile", `{"url":"https://example.com/","profile":"nobody"}`, nil,
			`{"detail":[{"type":"enum","loc":["body","profile"],"msg":"Input should be ` + profiles + `","input":"nobody","ctx":{"expected":"` + profiles + `"}}]}`},
		// The wire's names are an enum, matched exactly (Schemathesis
		// ST201): the library's case-insensitive reading is the CLI's.
		{"profile not as the catalog writes it", `{"url":"https://example.com/","profile":"Skeptic","language_layer":" plain"}`, nil,
			`{"detail":[{"type":"enum","loc":["body","profile"],"msg":"Input should be ` + profiles + `","input":"Skeptic","ctx":{"expected":"` + profiles + `"}},` +
				`{"type":"enum","loc":["body","language_layer"],"msg":"Input should be ` + layers + `","input":" plain","ctx":{"expected":"` + layers + `"}}]}`},
		{"unknown layer", `{"url":"https://example.com/","language_layer":"poetic"}`, nil,
			`{"detail":[{"type":"enum","loc":["body","language_layer"],"msg":"Input should be ` + layers + `","input":"poetic","ctx":{"expected":"` + layers + `"}}]}`},
		{"bad language tag", `{"url":"https://example.com/","target_language":"!!"}`, nil,
			`{"detail":[{"type":"value_error","loc":["body","target_language"],"msg":` + quote("Value error, "+tag("!!", "tag is not well-formed")) +
				`,"input":"!!","ctx":{"error":` + quote(tag("!!", "tag is not well-formed")) + `}}]}`},
		{"undetermined language", `{"url":"https://example.com/","source_language":"und"}`, nil,
			`{"detail":[{"type":"value_error","loc":["body","source_language"],"msg":` + quote("Value error, "+tag("und", "it names no language")) +
				`,"input":"und","ctx":{"error":` + quote(tag("und", "it names no language")) + `}}]}`},
		{"url scheme", `{"url":"ftp://example.com/file"}`, nil,
			`{"detail":[{"type":"url_parsing","loc":["body","url"],"msg":"Input should be a valid URL, the URL must start with http:// or https://","input":"ftp://example.com/file","ctx":{"error":"the URL must start with http:// or https://"}}]}`},
		{"url without host", `{"url":"https:///path"}`, nil,
			`{"detail":[{"type":"url_parsing","loc":["body","url"],"msg":"Input should be a valid URL, the URL has no host","input":"https:///path","ctx":{"error":"the URL has no host"}}]}`},
		{"inline page with a url that is none", `{"html":"<p>Hi</p>","url":"not a page"}`, nil,
			`{"detail":[{"type":"url_parsing","loc":["body","url"],"msg":"Input should be a valid URL, the URL must start with http:// or https://","input":"not a page","ctx":{"error":"the URL must start with http:// or https://"}}]}`},
		{"missing url", `{"profile":"skeptic"}`, nil,
			`{"detail":[{"type":"missing","loc":["body","url"],"msg":"Field required","input":{"profile":"skeptic"}}]}`},
		{"empty url", `{"url":"  "}`, nil,
			`{"detail":[{"type":"missing","loc":["body","url"],"msg":"Field required","input":{"url":"  "}}]}`},
		{"every problem at once", `{"url":"nope","profile":"x","language_layer":"y","source_language":"??","target_language":5}`, nil,
			`{"detail":[
				{"type":"url_parsing","loc":["body","url"],"msg":"Input should be a valid URL, the URL must start with http:// or https://","input":"nope","ctx":{"error":"the URL must start with http:// or https://"}},
				{"type":"enum","loc":["body","profile"],"msg":"Input should be ` + profiles + `","input":"x","ctx":{"expected":"` + profiles + `"}},
				{"type":"enum","loc":["body","language_layer"],"msg":"Input should be ` + layers + `","input":"y","ctx":{"expected":"` + layers + `"}},
				{"type":"value_error","loc":["body","source_language"],"msg":` + quote("Value error, "+tag("??", "tag is not well-formed")) + `,"input":"??","ctx":{"error":` + quote(tag("??", "tag is not well-formed")) + `}},
				{"type":"string_type","loc":["body","target_language"],"msg":"Input should be a valid string","input":5}]}`},
		{"idempotency key too long, with the body's problems", `{"profile":"skeptic"}`, []string{"Idempotency-Key", strings.Repeat("k", 256)},
			`{"detail":[
				{"type":"value_error","loc":["header","Idempotency-Key"],"msg":"Value error, Idempotency-Key must be 1 to 255 printable ASCII characters, sent once","input":"` + strings.Repeat("k", 256) + `","ctx":{"error":"Idempotency-Key must be 1 to 255 printable ASCII characters, sent once"}},
				{"type":"missing","loc":["body","url"],"msg":"Field required","input":{"profile":"skeptic"}}]}`},
		{"idempotency key empty", `{"url":"https://example.com/"}`, []string{"Idempotency-Key", ""},
			`{"detail":[{"type":"value_error","loc":["header","Idempotency-Key"],"msg":"Value error, Idempotency-Key must be 1 to 255 printable ASCII characters, sent once","input":"","ctx":{"error":"Idempotency-Key must be 1 to 255 printable ASCII characters, sent once"}}]}`},
		{"strict null", `{"url":"https://example.com/","strict":null}`, nil,
			`{"detail":[{"type":"bool_type","loc":["body","strict"],"msg":"Input should be a valid boolean","input":null}]}`},
		{"brand voice null", `{"url":"https://example.com/","voice":null}`, nil,
			`{"detail":[{"type":"string_type","loc":["body","voice"],"msg":"Input should be a valid string","input":null}]}`},
		{"idempotency key not ASCII", `{"url":"https://example.com/"}`, []string{"Idempotency-Key", "kéy"},
			`{"detail":[{"type":"value_error","loc":["header","Idempotency-Key"],"msg":"Value error, Idempotency-Key must be 1 to 255 printable ASCII characters, sent once","input":"kéy","ctx":{"error":"Idempotency-Key must be 1 to 255 printable ASCII characters, sent once"}}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest("POST", e.srv.URL+"/v1/fork", strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+key)
			for i := 0; i+1 < len(tt.headers); i += 2 {
				req.Header[http.CanonicalHeaderKey(tt.headers[i])] = []string{tt.headers[i+1]}
			}
			r := e.send(req)
			wantStatus(t, r, http.StatusUnprocessableEntity)
			wantBody(t, r, tt.want)
			if r.header.Get("RateLimit") == "" {
				t.Errorf("a keyed 422 lacks the RateLimit header")
			}
		})
	}
	t.Run("sandbox needs no url", func(t *testing.T) {
		for _, body := range []string{`{}`, `{"url":""}`} {
			req, _ := http.NewRequest("POST", e.srv.URL+"/v1/fork", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Sandbox", "true")
			wantStatus(t, e.send(req), http.StatusOK)
		}
	})
	t.Run("sandbox refuses a malformed idempotency key", func(t *testing.T) {
		req, _ := http.NewRequest("POST", e.srv.URL+"/v1/fork", strings.NewReader(`{}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Sandbox", "true")
		req.Header["Idempotency-Key"] = []string{"kéy"}
		wantStatus(t, e.send(req), http.StatusUnprocessableEntity)
	})
	// The sandbox validates the same way, except that it needs no url:
	// it forks its own sample page, so the contract's default "" is fine.
	r := e.do("POST", "/v1/fork", `{"profile":"nobody","url":"ftp://x"}`, "X-Sandbox", "true")
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if got := len(r.json(t)["detail"].([]any)); got != 2 {
		t.Errorf("sandbox 422 lists %d problems; want 2 (url, profile)", got)
	}
	r = e.do("POST", "/v1/fork", `{}`, "X-Sandbox", "true")
	wantStatus(t, r, http.StatusOK)
}

// hangingProvider answers only when its context ends, as an LLM endpoint
// that hangs does.
type hangingProvider struct{}

func (hangingProvider) Info() fork.ProviderInfo { return fork.ProviderInfo{Name: "hanging"} }
func (hangingProvider) Rewrite(ctx context.Context, _ *fork.Plan) (*fork.Draft, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestForkErrors(t *testing.T) {
	slow := fork.New(fork.WithProvider(rulesProvider()), fork.WithAllowPrivate(true), fork.WithFetchTimeout(300*time.Millisecond))
	strict := fork.New(fork.WithProvider(rulesProvider()))
	hanging := fork.New(fork.WithProvider(hangingProvider{}), fork.WithAllowPrivate(true), fork.WithRewriteTimeout(100*time.Millisecond))
	tests := []struct {
		name   string
		forker *fork.Forker
		body   func(e *env) string
		status int
		want   func(e *env, r response) string
	}{
		{"blocked address", strict, func(e *env) string { return `{"url":"http://127.0.0.1/"}` }, 422,
			func(e *env, r response) string {
				return `{"detail":[{"type":"url_blocked","loc":["body","url"],"msg":"blocked address 127.0.0.1: loopback addresses are not allowed","input":"http://127.0.0.1/"}]}`
			}},
		{"blocked port", strict, func(e *env) string { return `{"url":"http://example.com:8080/"}` }, 422,
			func(e *env, r response) string {
				return `{"detail":[{"type":"url_blocked","loc":["body","url"],"msg":"blocked port 8080: only ports 80 and 443 are allowed","input":"http://example.com:8080/"}]}`
			}},
		{"page missing", nil, func(e *env) string { return `{"url":"` + e.pageURL("/missing") + `"}` }, 502,
			func(e *env, r response) string {
				return errorJSON(r, 502, "page_unreachable", "page unreachable: HTTP 404 Not Found")
			}},
		{"page too slow", slow, func(e *env) string { return `{"url":"` + e.pageURL("/slow") + `"}` }, 504,
			func(e *env, r response) string {
				return errorJSON(r, 504, "page_timeout", "page timed out after 300ms")
			}},
		{"rewriting engine too slow", hanging, func(e *env) string { return `{"url":"` + e.pageURL("/page") + `"}` }, 504,
			func(e *env, r response) string {
				return errorJSON(r, 504, "provider_timeout", "rewriting engine timed out: the hanging provider's drafts took longer than the fork's 100ms: a local model on a CPU needs minutes per fork; raise the budget with mfork's --rewrite-timeout (MFORK_REWRITE_TIMEOUT) or fork.WithRewriteTimeout")
			}},
		{"no copy", nil, func(e *env) string { return `{"url":"` + e.pageURL("/no-copy") + `"}` }, 422,
			func(e *env, r response) string {
				return `{"detail":[{"type":"page_no_copy","loc":["body","url"],"msg":"page has no copy: no headline, text or call to action found","input":"` + e.pageURL("/no-copy") + `"}]}`
			}},
		{"not html", nil, func(e *env) string { return `{"url":"` + e.pageURL("/text") + `"}` }, 422,
			func(e *env, r response) string {
				return `{"detail":[{"type":"page_not_html","loc":["body","url"],"msg":"not an HTML page: content type text/plain","input":"` + e.pageURL("/text") + `"}]}`
			}},
		{"translation unsupported", nil, func(e *env) string { return `{"url":"` + e.pageURL("/page") + `","target_language":"de"}` }, 422,
			func(e *env, r response) string {
				return `{"detail":[{"type":"translation_unsupported","loc":["body","target_language"],"msg":"unsupported request: the rules provider cannot translate from en to de; keep target_language in the page's language, or configure a provider that translates, such as the LLM provider (any OpenAI-compatible endpoint)","input":"de","ctx":{"supported_by":"a provider that translates, such as the LLM provider"}}]}`
			}},
		{"inline html without copy", nil, func(e *env) string { return `{"html":"<p></p>"}` }, 422,
			func(e *env, r response) string {
				return `{"detail":[{"type":"page_no_copy","loc":["body","html"],"msg":"page has no copy: no headline, text or call to action found","input":"<p></p>"}]}`
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts []envOption
			if tt.forker != nil {
				opts = append(opts, withForker(tt.forker))
			}
			e := newEnv(t, nil, opts...)
			key, _ := e.newKey()
			r := e.do("POST", "/v1/fork", tt.body(e), "Authorization", "Bearer "+key)
			wantStatus(t, r, tt.status)
			wantBody(t, r, tt.want(e, r))
		})
	}
	t.Run("sandbox translation unsupported", func(t *testing.T) {
		e := newEnv(t, nil)
		r := e.do("POST", "/v1/fork", `{"url":"https://example.com/","target_language":"fr"}`, "X-Sandbox", "true")
		wantStatus(t, r, http.StatusUnprocessableEntity)
		wantBody(t, r, `{"detail":[{"type":"translation_unsupported","loc":["body","target_language"],"msg":"unsupported request: the rules provider cannot translate from en-US to fr; keep target_language in the page's language, or configure a provider that translates, such as the LLM provider (any OpenAI-compatible endpoint)","input":"fr","ctx":{"supported_by":"a provider that translates, such as the LLM provider"}}]}`)
	})
}

func TestIdempotency(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	body := `{"url":"` + e.pageURL("/page") + `","profile":"cautious"}`

	first := e.do("POST", "/v1/fork", body, "X-API-Key", key, "Idempotency-Key", "order-1")
	wantStatus(t, first, http.StatusOK)
	if got := first.header.Get("Idempotent-Replayed"); got != "" {
		t.Errorf("first answer: Idempotent-Replayed = %q; want none", got)
	}
	e.clock.Set(start.Add(time.Hour)) // a replay is the stored answer, not a new fork
	replay := e.do("POST", "/v1/fork", body, "X-API-Key", key, "Idempotency-Key", "order-1")
	wantStatus(t, replay, http.StatusOK)
	if got, want := replay.header.Get("Idempotent-Replayed"), "true"; got != want {
		t.Errorf("Idempotent-Replayed = %q; want %q", got, want)
	}
	if !bytes.Equal(replay.body, first.body) {
		t.Errorf("replayed body differs from the first")
	}
	m := e.metricsNow()
	if got, want := m.Forks, (forkCounts{Production: 1, Replayed: 1}); got != want {
		t.Errorf("fork counts = %+v; want %+v (one fork, one replay)", got, want)
	}
	if got, want := m.count("/v1/fork", "POST", "2xx"), int64(2); got != want {
		t.Errorf("POST /v1/fork 2xx = %d; want %d", got, want)
	}

	t.Run("same key, other body", func(t *testing.T) {
		r := e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`","profile":"parent"}`, "X-API-Key", key, "Idempotency-Key", "order-1")
		wantStatus(t, r, http.StatusUnprocessableEntity)
		wantBody(t, r, `{"detail":[{"type":"idempotency_key_reused","loc":["header","Idempotency-Key"],"msg":"Idempotency-Key was already used with a different request body; send a new key with a new request","input":"order-1"}]}`)
	})
	t.Run("scoped to the API key", func(t *testing.T) {
		other, _ := e.newKey()
		r := e.do("POST", "/v1/fork", `{"url":"`+e.pageURL("/page")+`","profile":"parent"}`, "X-API-Key", other, "Idempotency-Key", "order-1")
		wantStatus(t, r, http.StatusOK)
		if got := r.header.Get("Idempotent-Replayed"); got != "" {
			t.Errorf("Idempotent-Replayed = %q for another API key; want none", got)
		}
	})
	t.Run("a failure a retry may fix is not stored", func(t *testing.T) {
		missing := `{"url":"` + e.pageURL("/missing") + `"}`
		for i := range 2 {
			r := e.do("POST", "/v1/fork", missing, "X-API-Key", key, "Idempotency-Key", "order-2")
			wantStatus(t, r, http.StatusBadGateway)
			if got := r.header.Get("Idempotent-Replayed"); got != "" {
				t.Errorf("try %d: Idempotent-Replayed = %q; want none", i, got)
			}
		}
	})
	t.Run("a client error is stored and replayed", func(t *testing.T) {
		noCopy := `{"url":"` + e.pageURL("/no-copy") + `"}`
		a := e.do("POST", "/v1/fork", noCopy, "X-API-Key", key, "Idempotency-Key", "order-3")
		b := e.do("POST", "/v1/fork", noCopy, "X-API-Key", key, "Idempotency-Key", "order-3")
		wantStatus(t, a, http.StatusUnprocessableEntity)
		wantStatus(t, b, http.StatusUnprocessableEntity)
		if got := b.header.Get("Idempotent-Replayed"); got != "true" {
			t.Errorf("Idempotent-Replayed = %q; want true", got)
		}
		if !bytes.Equal(a.body, b.body) {
			t.Errorf("replayed 422 differs")
		}
	})
	t.Run("records expire after 24 hours", func(t *testing.T) {
		e.clock.Set(start.Add(25 * time.Hour))
		r := e.do("POST", "/v1/fork", body, "X-API-Key", key, "Idempotency-Key", "order-1")
		wantStatus(t, r, http.StatusOK)
		if got := r.header.Get("Idempotent-Replayed"); got != "" {
			t.Errorf("Idempotent-Replayed = %q after 25 hours; want none", got)
		}
	})
}

func TestIdempotencyConflict(t *testing.T) {
	release, arrived := make(chan struct{}), make(chan struct{}, 1)
	pages := http.NewServeMux()
	pages.HandleFunc("/block", func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(testPage))
	})
	e := newEnv(t, pages)
	key, _ := e.newKey()
	body := `{"url":"` + e.pageURL("/block") + `"}`

	done := make(chan response)
	go func() {
		req, _ := http.NewRequest("POST", e.srv.URL+"/v1/fork", strings.NewReader(body))
		req.Header.Set("X-API-Key", key)
		req.Header.Set("Idempotency-Key", "slow-1")
		res, err := e.srv.Client().Do(req)
		if err != nil {
			t.Error(err)
			close(done)
			return
		}
		defer res.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(res.Body)
		done <- response{status: res.StatusCode, header: res.Header, body: b.Bytes()}
	}()
	select {
	case <-arrived:
	case <-time.After(10 * time.Second):
		t.Fatal("the first request never reached the page")
	}

	r := e.do("POST", "/v1/fork", body, "X-API-Key", key, "Idempotency-Key", "slow-1")
	wantStatus(t, r, http.StatusConflict)
	wantBody(t, r, errorJSON(r, 409, "idempotency_conflict", "a request with this Idempotency-Key is still running; retry when it has finished"))
	if got := r.header.Get("Retry-After"); got != "1" {
		t.Errorf("Retry-After = %q; want 1", got)
	}

	close(release)
	first := <-done
	if first.status != http.StatusOK {
		t.Fatalf("first request: status %d; want 200\n%s", first.status, first.body)
	}
	again := e.do("POST", "/v1/fork", body, "X-API-Key", key, "Idempotency-Key", "slow-1")
	wantStatus(t, again, http.StatusOK)
	if got := again.header.Get("Idempotent-Replayed"); got != "true" {
		t.Errorf("Idempotent-Replayed = %q; want true", got)
	}
}

func TestRateLimit(t *testing.T) {
	e := newEnv(t, nil, withLimits(Limits{ForksPerMinute: 2, ForksPerDay: 1000}))
	key, _ := e.newKey()
	other, _ := e.newKey()
	// A body without a url is refused without a fetch, and still counts.
	fork := func(k string) response { return e.do("POST", "/v1/fork", `{}`, "X-API-Key", k) }
	policy := `"minute";q=2;w=60, "day";q=1000;w=86400`

	for i, want := range []string{`"minute";r=1;t=34`, `"minute";r=0;t=34`} {
		r := fork(key)
		wantStatus(t, r, http.StatusUnprocessableEntity)
		if got := r.header.Get("RateLimit"); got != want {
			t.Errorf("request %d: RateLimit = %q; want %q", i+1, got, want)
		}
		if got := r.header.Get("RateLimit-Policy"); got != policy {
			t.Errorf("request %d: RateLimit-Policy = %q; want %q", i+1, got, policy)
		}
	}
	r := fork(key)
	wantStatus(t, r, http.StatusTooManyRequests)
	wantBody(t, r, errorJSON(r, 429, "rate_limited", "rate limit exceeded: 2 forks per minute for this key; retry in 34 s"))
	for h, want := range map[string]string{"Retry-After": "34", "RateLimit": `"minute";r=0;t=34`, "RateLimit-Policy": policy} {
		if got := r.header.Get(h); got != want {
			t.Errorf("429: %s = %q; want %q", h, got, want)
		}
	}
	// The sandbox is exempt, and other keys have their own quota.
	wantStatus(t, e.do("POST", "/v1/fork", `{"url":"https://example.com/"}`, "X-Sandbox", "true"), http.StatusOK)
	wantStatus(t, fork(other), http.StatusUnprocessableEntity)

	// The next minute starts a new window; the day counted only what the
	// minute let through.
	e.clock.Set(start.Add(40 * time.Second))
	r = fork(key)
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if got, want := r.header.Get("RateLimit"), `"minute";r=1;t=54`; got != want {
		t.Errorf("next minute: RateLimit = %q; want %q", got, want)
	}

	t.Run("day", func(t *testing.T) {
		e := newEnv(t, nil, withLimits(Limits{ForksPerMinute: 100, ForksPerDay: 1}))
		key, _ := e.newKey()
		r := e.do("POST", "/v1/fork", `{}`, "X-API-Key", key)
		if got, want := r.header.Get("RateLimit"), `"day";r=0;t=31834`; got != want {
			t.Errorf("RateLimit = %q; want %q", got, want)
		}
		r = e.do("POST", "/v1/fork", `{}`, "X-API-Key", key)
		wantStatus(t, r, http.StatusTooManyRequests)
		if got, want := r.header.Get("Retry-After"), "31834"; got != want {
			t.Errorf("Retry-After = %q; want %q (to midnight UTC)", got, want)
		}
		wantBody(t, r, errorJSON(r, 429, "rate_limited", "rate limit exceeded: 1 forks per day for this key; retry in 31834 s"))
	})
	t.Run("off", func(t *testing.T) {
		e := newEnv(t, nil, withLimits(Limits{ForksPerMinute: -1, ForksPerDay: -1}))
		key, _ := e.newKey()
		r := e.do("POST", "/v1/fork", `{}`, "X-API-Key", key)
		if got := r.header.Get("RateLimit") + r.header.Get("RateLimit-Policy"); got != "" {
			t.Errorf("rate-limit headers %q with limits off; want none", got)
		}
	})
}

// TestClientGone checks that a fork whose client leaves is not stored as
// an idempotent answer.
func TestClientGone(t *testing.T) {
	arrived := make(chan struct{}, 1)
	pages := http.NewServeMux()
	pages.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		<-r.Context().Done()
	})
	e := newEnv(t, pages)
	key, _ := e.newKey()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", e.srv.URL+"/v1/fork", strings.NewReader(`{"url":"`+e.pageURL("/hang")+`"}`))
	req.Header.Set("X-API-Key", key)
	req.Header.Set("Idempotency-Key", "gone-1")
	go func() { <-arrived; cancel() }()
	if _, err := e.srv.Client().Do(req); err == nil {
		t.Fatal("request succeeded; want it cancelled")
	}
	// The abandoned record must go, so wait for the handler to finish.
	deadline := time.Now().Add(5 * time.Second)
	for e.store.abandons.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := e.store.abandons.Load(); got != 1 {
		t.Errorf("abandoned records = %d; want 1", got)
	}
	if got, want := e.metricsNow().count("/v1/fork", "POST", "4xx"), int64(1); got != want {
		t.Errorf("POST /v1/fork 4xx (client gone) = %d; want %d", got, want)
	}
}

// TestForkBrand: POST /v1/fork takes the brand's keep, glossary, avoid and
// voice; the fork lists their checks, and a value of the wrong type is a
// 422 naming its place, as Pydantic names it.
func TestForkBrand(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	body := `{"url":"` + e.pageURL("/page") + `","keep":["Nope-Not-Here"],"glossary":{"zzterm":"yyterm"},"avoid":["cheap"],"voice":"Warm."}`
	res := e.do("POST", "/v1/fork", body, "X-API-Key", key)
	wantStatus(t, res, http.StatusOK)
	var got struct {
		Request map[string]any `json:"request"`
		Checks  []fork.Check   `json:"checks"`
	}
	if err := json.Unmarshal(res.body, &got); err != nil {
		t.Fatal(err)
	}
	names := map[string]fork.Outcome{}
	for _, c := range got.Checks {
		names[c.Name] = c.Status
	}
	for _, n := range []string{"keep", "glossary", "avoid"} {
		if names[n] != fork.CheckPassed {
			t.Errorf("check %s: %q; want passed", n, names[n])
		}
	}
	if got.Request["voice"] != "Warm." {
		t.Errorf("request echoes voice %v", got.Request["voice"])
	}
	for _, tt := range []struct{ body, want string }{
		{`{"url":"https://example.com","keep":"Acme"}`, `"type":"list_type","loc":["body","keep"]`},
		{`{"url":"https://example.com","avoid":["ok",3]}`, `"type":"string_type","loc":["body","avoid",1]`},
		{`{"url":"https://example.com","glossary":["a"]}`, `"type":"dict_type","loc":["body","glossary"]`},
		{`{"url":"https://example.com","keep":[""]}`, `"loc":["body","keep"],"msg":"Value error, a term may not be empty"`},
	} {
		res := e.do("POST", "/v1/fork", tt.body, "X-API-Key", key)
		wantStatus(t, res, http.StatusUnprocessableEntity)
		if !strings.Contains(string(res.body), tt.want) {
			t.Errorf("%s: got %s; want %s", tt.body, res.body, tt.want)
		}
	}
}
