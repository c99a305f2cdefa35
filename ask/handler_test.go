package ask

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

// testKey is the one API key the tests' Authenticate accepts.
const testKey = "mf_test_key"

// landingPage is an English landing page the tests serve on loopback.
const landingPage = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Brightdesk | Standing desks that remember you</title>
  <meta name="description" content="Brightdesk standing desks rise to your saved height in 12 seconds. From $499, with a 30-day home trial.">
</head>
<body>
  <main>
    <h1>Stand up for your back, one click at a time.</h1>
    <p>Brightdesk rises to your saved height in 12 seconds and reminds you to switch every 45 minutes.</p>
    <a class="btn" href="https://brightdesk.example/buy">Order your desk</a>
    <ul>
      <li>Four memory presets for everyone who shares the desk</li>
      <li>Solid oak top, 160 x 80 cm</li>
      <li>A quiet motor under 40 dB</li>
    </ul>
    <blockquote class="testimonial"><p>"My back pain was gone after three weeks."</p><cite>Sam Reed, designer</cite></blockquote>
    <div class="price">$499</div>
    <p class="guarantee">Try it for 30 days. If you do not love it, we pick it up and refund every cent.</p>
    <a class="btn" href="https://brightdesk.example/buy">Get your Brightdesk</a>
  </main>
</body>
</html>`

// germanPage is a German landing page the tests serve on loopback.
const germanPage = `<!DOCTYPE html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <title>Lesekiste | Jeden Monat drei neue Kinderbücher</title>
</head>
<body>
  <main>
    <h1>Jeden Monat neue Lieblingsbücher für dein Kind</h1>
    <p>Wir wählen drei Bücher passend zum Alter deines Kindes aus und schicken sie dir bis vor die Haustür.</p>
    <a class="button" href="https://lesekiste.example/abo">Jetzt Abo starten</a>
    <ul>
      <li>Drei Bücher pro Monat, ausgewählt von Buchhändlerinnen</li>
      <li>Der Versand ist kostenlos.</li>
      <li>Du kannst jederzeit pausieren oder kündigen.</li>
    </ul>
    <div class="price">19,90 € pro Monat</div>
    <a class="button" href="https://lesekiste.example/abo">Abo bestellen</a>
  </main>
</body>
</html>`

// fixedClock stamps every test fork with the same time.
func fixedClock() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }

// pageServer serves the test pages on loopback: /landing, /de, and a 404
// for everything else.
func pageServer(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	serve := func(page string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = io.WriteString(w, page)
		}
	}
	mux.HandleFunc("GET /landing", serve(landingPage))
	mux.HandleFunc("GET /de", serve(germanPage))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// testConfig is a Config wired as the HTTP API wires it: a production
// Forker that may fetch loopback pages, a sandbox of the shipped sample
// page, and callbacks that write the API's 401 and 422.
func testConfig(t *testing.T) Config {
	t.Helper()
	sample, err := os.ReadFile("../testdata/pages/tidyflow-en.html")
	if err != nil {
		t.Fatalf("read the sample page: %v", err)
	}
	p := rules.New() // safe for concurrent use, so both Forkers share it
	return Config{
		Forker:     fork.New(fork.WithProvider(p), fork.WithAllowPrivate(true), fork.WithClock(fixedClock)),
		Sandbox:    fork.New(fork.WithProvider(p), fork.WithClock(fixedClock)),
		SamplePage: string(sample),
		Authenticate: func(r *http.Request) (string, error) {
			auth := r.Header.Get("Authorization")
			switch {
			case auth == "":
				return "", fmt.Errorf("%w: no key", ErrUnauthorized)
			case auth != "Bearer "+testKey:
				return "", fmt.Errorf("%w: the key is not valid", ErrUnauthorized)
			}
			return "key-1", nil
		},
		Unauthorized: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="http://`+r.Host+`/.well-known/oauth-protected-resource"`)
			writeJSON(w, http.StatusUnauthorized, errorBody{Detail: "an API key is required", Status: http.StatusUnauthorized, Type: "unauthorized"})
		},
		Invalid: func(w http.ResponseWriter, r *http.Request, loc []any, msg string) {
			writeJSON(w, http.StatusUnprocessableEntity, map[string]any{
				"detail": []map[string]any{{"type": "missing", "loc": loc, "msg": msg, "input": nil}},
			})
		},
		Version: "test-1",
	}
}

// askServer starts the /ask handler on a real listener.
func askServer(t *testing.T, cfg Config) *httptest.Server {
	t.Helper()
	h, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/ask", h)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// testResult is one result as a client reads it.
type testResult struct {
	URL          string         `json:"url"`
	Name         string         `json:"name"`
	Site         string         `json:"site"`
	Score        int            `json:"score"`
	Description  string         `json:"description"`
	SchemaObject map[string]any `json:"schema_object"`
}

// testAnswer is a non-streamed answer as a client reads it.
type testAnswer struct {
	Meta struct {
		ResponseType string `json:"response_type"`
		Version      string `json:"version"`
	} `json:"_meta"`
	QueryID string       `json:"query_id"`
	Results []testResult `json:"results"`
	Summary *struct {
		Message string `json:"message"`
	} `json:"summary"`
	NLWS *struct {
		Answer string       `json:"answer"`
		Items  []testResult `json:"items"`
	} `json:"nlws"`
}

// event is one server-sent message as a client reads it.
type event struct {
	MessageType string       `json:"message_type"`
	QueryID     string       `json:"query_id"`
	APIVersion  string       `json:"api_version"`
	Results     []testResult `json:"results"`
	Message     string       `json:"message"`
	Answer      string       `json:"answer"`
	Items       []testResult `json:"items"`
}

// request describes one call to /ask.
type request struct {
	method  string
	form    url.Values // the query string (GET) or the form body (POST)
	json    string     // a JSON body (POST)
	headers map[string]string
}

// do sends a request to the server's /ask.
func do(t *testing.T, srv *httptest.Server, rq request) *http.Response {
	t.Helper()
	target := srv.URL + "/ask"
	var body io.Reader
	contentType := ""
	switch {
	case rq.json != "":
		body, contentType = strings.NewReader(rq.json), "application/json"
	case rq.method == http.MethodPost:
		body, contentType = strings.NewReader(rq.form.Encode()), "application/x-www-form-urlencoded"
	default:
		target += "?" + rq.form.Encode()
	}
	method := rq.method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		t.Fatalf("new request: %v", err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range rq.headers {
		req.Header.Set(k, v)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("%s /ask: %v", method, err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// decodeAnswer reads a non-streamed answer, checking its status and type.
func decodeAnswer(t *testing.T, resp *http.Response) testAnswer {
	t.Helper()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("got status %d (%s); want 200", resp.StatusCode, b)
	}
	if got := resp.Header.Get("Content-Type"); got != "application/json" {
		t.Fatalf("got Content-Type %q; want application/json", got)
	}
	var a testAnswer
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		t.Fatalf("decode the answer: %v", err)
	}
	return a
}

// readEvents reads a streamed answer's server-sent events, checking the
// status, the type and the framing (data lines, a blank line after each).
func readEvents(t *testing.T, resp *http.Response) []event {
	t.Helper()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("got status %d (%s); want 200", resp.StatusCode, b)
	}
	if got := resp.Header.Get("Content-Type"); !strings.HasPrefix(got, "text/event-stream") {
		t.Fatalf("got Content-Type %q; want text/event-stream", got)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 32<<20)
	var (
		events []event
		data   []string
	)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if len(data) == 0 {
				t.Fatalf("got an empty event")
			}
			var e event
			if err := json.Unmarshal([]byte(strings.Join(data, "\n")), &e); err != nil {
				t.Fatalf("decode event %q: %v", strings.Join(data, "\n"), err)
			}
			events, data = append(events, e), nil
		case strings.HasPrefix(line, "data: "):
			data = append(data, strings.TrimPrefix(line, "data: "))
		default:
			t.Fatalf("got line %q; want data lines and blank lines only", line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read the stream: %v", err)
	}
	if len(data) > 0 {
		t.Fatalf("the stream ended inside an event: %q", data)
	}
	return events
}

// types lists the events' message types in order.
func types(events []event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.MessageType
	}
	return out
}

// forkOf decodes the fork.Result a fork result carries in its schema
// object.
func forkOf(t *testing.T, r testResult) fork.Result {
	t.Helper()
	raw, err := json.Marshal(r.SchemaObject["fork"])
	if err != nil {
		t.Fatalf("encode schema_object.fork: %v", err)
	}
	var res fork.Result
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("decode schema_object.fork: %v", err)
	}
	return res
}

// errorCodeOf is a failure result's error identifier.
func errorCodeOf(r testResult) string {
	e, _ := r.SchemaObject["error"].(map[string]any)
	id, _ := e["identifier"].(string)
	return id
}

func TestNew(t *testing.T) {
	full := testConfig(t)
	tests := []struct {
		name    string
		edit    func(*Config)
		wantErr bool
	}{
		{"complete", func(*Config) {}, false},
		{"no sandbox at all", func(c *Config) { c.Sandbox, c.SamplePage = nil, "" }, false},
		{"no forker", func(c *Config) { c.Forker = nil }, true},
		{"no authenticate", func(c *Config) { c.Authenticate = nil }, true},
		{"no unauthorized", func(c *Config) { c.Unauthorized = nil }, true},
		{"no invalid", func(c *Config) { c.Invalid = nil }, true},
		{"sandbox without a page", func(c *Config) { c.SamplePage = "" }, true},
		{"page without a sandbox", func(c *Config) { c.Sandbox = nil }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := full
			tt.edit(&cfg)
			_, err := New(cfg)
			if got := err != nil; got != tt.wantErr {
				t.Errorf("New: got error %v; want error %v", err, tt.wantErr)
			}
		})
	}
}

func TestMissingQuery(t *testing.T) {
	srv := askServer(t, testConfig(t))
	tests := []struct {
		name    string
		rq      request
		wantLoc []any
		wantMsg string
	}{
		{"GET without query", request{form: url.Values{"mode": {"list"}}}, []any{"query", "query"}, "Field required"},
		{"GET with empty query", request{form: url.Values{"query": {""}}}, []any{"query", "query"}, "Field required"},
		{"GET with blank query", request{form: url.Values{"query": {"   "}}}, []any{"query", "query"}, "Field required"},
		{"POST without body", request{method: http.MethodPost}, []any{"query", "query"}, "Field required"},
		{"POST form without query", request{method: http.MethodPost, form: url.Values{"site": {"x"}}}, []any{"body", "query"}, "Field required"},
		{"POST JSON without query", request{method: http.MethodPost, json: `{"site":"x"}`}, []any{"body", "query"}, "Field required"},
		{"POST nested JSON with empty text", request{method: http.MethodPost, json: `{"query":{"text":""}}`}, []any{"body", "query", "text"}, "Field required"},
		{"POST JSON with a number for query", request{method: http.MethodPost, json: `{"query":5}`}, []any{"body", "query"}, "Input should be a valid string"},
		{"POST broken JSON", request{method: http.MethodPost, json: `{"query":`}, []any{"body", float64(9)}, "JSON decode error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := do(t, srv, tt.rq)
			if resp.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("got status %d; want 422", resp.StatusCode)
			}
			var body struct {
				Detail []struct {
					Loc []any  `json:"loc"`
					Msg string `json:"msg"`
				} `json:"detail"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
				t.Fatalf("decode the 422: %v", err)
			}
			if len(body.Detail) != 1 {
				t.Fatalf("got %d details; want 1", len(body.Detail))
			}
			if diff := cmp.Diff(tt.wantLoc, body.Detail[0].Loc); diff != "" {
				t.Errorf("loc mismatch (-want +got):\n%s", diff)
			}
			if got := body.Detail[0].Msg; got != tt.wantMsg {
				t.Errorf("got msg %q; want %q", got, tt.wantMsg)
			}
		})
	}
}

func TestListProfiles(t *testing.T) {
	srv := askServer(t, testConfig(t))
	a := decodeAnswer(t, do(t, srv, request{form: url.Values{
		"query": {"which profiles are there?"}, "streaming": {"false"}, "query_id": {"q-42"},
	}}))
	if got, want := a.Meta.ResponseType, "Answer"; got != want {
		t.Errorf("got _meta.response_type %q; want %q", got, want)
	}
	if got, want := a.Meta.Version, "test-1"; got != want {
		t.Errorf("got _meta.version %q; want %q", got, want)
	}
	if got, want := a.QueryID, "q-42"; got != want {
		t.Errorf("got query_id %q; want %q", got, want)
	}
	var gotURLs, wantURLs, gotCodes []string
	for _, name := range fork.ProfileNames() {
		wantURLs = append(wantURLs, srv.URL+"/v1/profiles#"+name)
	}
	for _, r := range a.Results {
		gotURLs = append(gotURLs, r.URL)
		if got, want := r.SchemaObject["@type"], "DefinedTerm"; got != want {
			t.Errorf("result %s: got @type %v; want %q", r.URL, got, want)
		}
		code, _ := r.SchemaObject["termCode"].(string)
		gotCodes = append(gotCodes, code)
	}
	if diff := cmp.Diff(wantURLs, gotURLs); diff != "" {
		t.Errorf("result URLs mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(fork.ProfileNames(), gotCodes); diff != "" {
		t.Errorf("term codes mismatch (-want +got):\n%s", diff)
	}
	if a.Summary != nil || a.NLWS != nil {
		t.Errorf("got summary %v and nlws %v in list mode; want neither", a.Summary, a.NLWS)
	}
}

func TestListLayersNamedFirst(t *testing.T) {
	srv := askServer(t, testConfig(t))
	a := decodeAnswer(t, do(t, srv, request{form: url.Values{"query": {"what does the plain layer check?"}, "streaming": {"0"}}}))
	var got []string
	for _, r := range a.Results {
		got = append(got, r.SchemaObject["termCode"].(string))
	}
	want := []string{"plain", "everyday", "professional", "technical"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("layers mismatch (-want +got):\n%s", diff)
	}
	if a.Results[0].Score <= a.Results[1].Score {
		t.Errorf("got scores %d, %d; want the named layer to score higher", a.Results[0].Score, a.Results[1].Score)
	}
}

// TestRequestShapes asks the same question in every shape a request can
// take and expects the same answer.
func TestRequestShapes(t *testing.T) {
	srv := askServer(t, testConfig(t))
	const q = "which layers are there?"
	tests := []struct {
		name string
		rq   request
	}{
		{"GET", request{form: url.Values{"query": {q}, "streaming": {"false"}, "mode": {"summarize"}, "query_id": {"abc"}}}},
		{"GET generate_mode", request{form: url.Values{"query": {q}, "streaming": {"False"}, "generate_mode": {"Summarize"}, "query_id": {"abc"}}}},
		{"POST form", request{method: http.MethodPost, form: url.Values{"query": {q}, "streaming": {"0"}, "mode": {"summarize"}, "query_id": {"abc"}}}},
		{"POST JSON", request{method: http.MethodPost, json: `{"query":"` + q + `","streaming":false,"mode":"summarize","query_id":"abc"}`}},
		{"POST nested JSON", request{method: http.MethodPost, json: `{"query":{"text":"` + q + `","site":"all"},"prefer":{"streaming":false,"mode":"summarize"},"query_id":"abc","meta":{"api_version":"0.54"}}`}},
	}
	var first *testAnswer
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := decodeAnswer(t, do(t, srv, tt.rq))
			if got, want := a.QueryID, "abc"; got != want {
				t.Errorf("got query_id %q; want %q", got, want)
			}
			if got, want := len(a.Results), len(fork.LayerNames()); got != want {
				t.Errorf("got %d results; want %d", got, want)
			}
			if a.Summary == nil || !strings.Contains(a.Summary.Message, "4 language layers") {
				t.Errorf("got summary %+v; want one naming the 4 language layers", a.Summary)
			}
			if first == nil {
				first = &a
				return
			}
			if diff := cmp.Diff(*first, a); diff != "" {
				t.Errorf("answer differs from the GET answer (-GET +this):\n%s", diff)
			}
		})
	}
}

func TestModes(t *testing.T) {
	srv := askServer(t, testConfig(t))
	tests := []struct {
		mode        string
		wantSummary bool
		wantNLWS    bool
	}{
		{"list", false, false},
		{"", false, false},
		{"summarize", true, false},
		{"generate", false, true},
		{"nonsense", false, false},
	}
	for _, tt := range tests {
		t.Run("mode "+tt.mode, func(t *testing.T) {
			a := decodeAnswer(t, do(t, srv, request{form: url.Values{"query": {"which profiles are there?"}, "streaming": {"false"}, "mode": {tt.mode}}}))
			if got := a.Summary != nil && a.Summary.Message != ""; got != tt.wantSummary {
				t.Errorf("got a summary %v; want %v", got, tt.wantSummary)
			}
			if got := a.NLWS != nil && a.NLWS.Answer != ""; got != tt.wantNLWS {
				t.Errorf("got a generated answer %v; want %v", got, tt.wantNLWS)
			}
			if tt.wantNLWS {
				if diff := cmp.Diff(a.Results, a.NLWS.Items); diff != "" {
					t.Errorf("nlws items differ from the results (-results +items):\n%s", diff)
				}
			}
		})
	}
}

func TestStreaming(t *testing.T) {
	srv := askServer(t, testConfig(t))
	const q = "which profiles are there?"
	shapes := []struct {
		name string
		rq   func(mode string) request
	}{
		{"GET", func(mode string) request {
			return request{form: url.Values{"query": {q}, "mode": {mode}, "query_id": {"s-1"}}}
		}},
		{"POST form", func(mode string) request {
			return request{method: http.MethodPost, form: url.Values{"query": {q}, "generate_mode": {mode}, "query_id": {"s-1"}}}
		}},
		{"POST JSON", func(mode string) request {
			return request{method: http.MethodPost, json: `{"query":"` + q + `","mode":"` + mode + `","query_id":"s-1"}`}
		}},
		{"POST nested JSON", func(mode string) request {
			return request{method: http.MethodPost, json: `{"query":{"text":"` + q + `"},"prefer":{"streaming":true,"mode":"` + mode + `"},"query_id":"s-1"}`}
		}},
	}
	modes := []struct {
		mode string
		want []string
	}{
		{"list", []string{"api_version", "result_batch", "complete"}},
		{"summarize", []string{"api_version", "result_batch", "summary", "complete"}},
		{"generate", []string{"api_version", "result_batch", "nlws", "complete"}},
	}
	for _, sh := range shapes {
		for _, m := range modes {
			t.Run(sh.name+" "+m.mode, func(t *testing.T) {
				events := readEvents(t, do(t, srv, sh.rq(m.mode)))
				if diff := cmp.Diff(m.want, types(events)); diff != "" {
					t.Fatalf("message types mismatch (-want +got):\n%s", diff)
				}
				if got, want := events[0].APIVersion, "test-1"; got != want {
					t.Errorf("got api_version %q; want %q", got, want)
				}
				for _, e := range events {
					if e.QueryID != "s-1" {
						t.Errorf("%s: got query_id %q; want %q", e.MessageType, e.QueryID, "s-1")
					}
				}
				if got, want := len(events[1].Results), len(fork.ProfileNames()); got != want {
					t.Errorf("got %d results; want %d", got, want)
				}
				switch m.mode {
				case "summarize":
					if events[2].Message == "" {
						t.Errorf("got an empty summary message")
					}
				case "generate":
					if events[2].Answer == "" || len(events[2].Items) != len(events[1].Results) {
						t.Errorf("got nlws answer %q with %d items; want an answer with the %d results", events[2].Answer, len(events[2].Items), len(events[1].Results))
					}
				}
			})
		}
	}
}

func TestQueryIDGenerated(t *testing.T) {
	srv := askServer(t, testConfig(t))
	a := decodeAnswer(t, do(t, srv, request{form: url.Values{"query": {"help"}, "streaming": {"false"}}}))
	b := decodeAnswer(t, do(t, srv, request{form: url.Values{"query": {"help"}, "streaming": {"false"}}}))
	if !strings.HasPrefix(a.QueryID, "q-") || a.QueryID == b.QueryID {
		t.Errorf("got query IDs %q and %q; want two different generated IDs", a.QueryID, b.QueryID)
	}
	if got, want := a.Results[0].SchemaObject["@type"], "WebAPI"; got != want {
		t.Errorf("got help @type %v; want %q", got, want)
	}
}

func TestForkNeedsKey(t *testing.T) {
	srv := askServer(t, testConfig(t))
	pages := pageServer(t)
	q := "fork " + pages.URL + "/landing for skeptics"
	tests := []struct {
		name string
		rq   request
	}{
		{"no key streaming", request{form: url.Values{"query": {q}}}},
		{"no key", request{form: url.Values{"query": {q}, "streaming": {"false"}}}},
		{"wrong key", request{form: url.Values{"query": {q}}, headers: map[string]string{"Authorization": "Bearer nope"}}},
		{"no key POST JSON", request{method: http.MethodPost, json: `{"query":{"text":"` + q + `"}}`}},
		{"sandbox false", request{form: url.Values{"query": {q}}, headers: map[string]string{"X-Sandbox": "false"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := do(t, srv, tt.rq)
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("got status %d; want 401", resp.StatusCode)
			}
			if got := resp.Header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer resource_metadata=") {
				t.Errorf("got WWW-Authenticate %q; want the API's Bearer challenge", got)
			}
			if got := resp.Header.Get("Content-Type"); got != "application/json" {
				t.Errorf("got Content-Type %q; want the callback's application/json", got)
			}
		})
	}
}

// TestNoKeyNeeded checks that listings, help and a fork that names no page
// are answered without a key.
func TestNoKeyNeeded(t *testing.T) {
	srv := askServer(t, testConfig(t))
	for _, q := range []string{"which profiles are there?", "which layers are there?", "hello", "make this page speak to parents, in German"} {
		t.Run(q, func(t *testing.T) {
			events := readEvents(t, do(t, srv, request{form: url.Values{"query": {q}}}))
			if diff := cmp.Diff([]string{"api_version", "result_batch", "complete"}, types(events)); diff != "" {
				t.Errorf("message types mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestForkWithoutURLAsksForIt(t *testing.T) {
	srv := askServer(t, testConfig(t))
	a := decodeAnswer(t, do(t, srv, request{form: url.Values{"query": {"make this page speak to parents, in German"}, "streaming": {"false"}, "mode": {"summarize"}}}))
	if len(a.Results) != 1 {
		t.Fatalf("got %d results; want 1", len(a.Results))
	}
	r := a.Results[0]
	if got, want := r.SchemaObject["@type"], "Question"; got != want {
		t.Errorf("got @type %v; want %q", got, want)
	}
	wantUnderstood := map[string]any{"profile": "parent", "language_layer": "", "target_language": "de"}
	if diff := cmp.Diff(wantUnderstood, r.SchemaObject["understood"]); diff != "" {
		t.Errorf("understood mismatch (-want +got):\n%s", diff)
	}
	for _, want := range []string{"Which page", "profile parent", "language de"} {
		if !strings.Contains(a.Summary.Message, want) {
			t.Errorf("got summary %q; want it to contain %q", a.Summary.Message, want)
		}
	}
}

func TestSandboxFork(t *testing.T) {
	srv := askServer(t, testConfig(t))
	sandbox := map[string]string{"X-Sandbox": "true"}
	tests := []struct {
		name, query, wantURL string
		wantTarget           fork.Target
	}{
		{"with a url", "fork https://example.com/pricing for skeptics in plain language for the UK", "https://example.com/pricing",
			fork.Target{Profile: "skeptic", LanguageLayer: "plain", Language: "en-GB"}},
		{"without a url", "rewrite it for parents", srv.URL + "/ask#sandbox",
			fork.Target{Profile: "parent", LanguageLayer: "everyday", Language: "en-US"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			events := readEvents(t, do(t, srv, request{form: url.Values{"query": {tt.query}, "mode": {"generate"}}, headers: sandbox}))
			if diff := cmp.Diff([]string{"api_version", "result_batch", "nlws", "complete"}, types(events)); diff != "" {
				t.Fatalf("message types mismatch (-want +got):\n%s", diff)
			}
			rs := events[1].Results
			if len(rs) != 1 {
				t.Fatalf("got %d results; want 1", len(rs))
			}
			r := rs[0]
			if r.URL != tt.wantURL {
				t.Errorf("got url %q; want %q", r.URL, tt.wantURL)
			}
			if got, want := r.SchemaObject["sandbox"], true; got != want {
				t.Errorf("got sandbox %v; want %v", got, want)
			}
			res := forkOf(t, r)
			if diff := cmp.Diff(tt.wantTarget, res.Target); diff != "" {
				t.Errorf("target mismatch (-want +got):\n%s", diff)
			}
			if res.Request.HTML != "" {
				t.Errorf("got the sample page echoed in the request; want it left out")
			}
			if len(res.Notes) == 0 || !strings.HasPrefix(res.Notes[0], "Sandbox:") {
				t.Errorf("got notes %q; want the sandbox note first", res.Notes)
			}
			if !strings.HasPrefix(r.Description, "Sandbox sample") {
				t.Errorf("got description %q; want it to say it is a sandbox sample", r.Description)
			}
			if !strings.Contains(events[2].Answer, "New headline") {
				t.Errorf("got answer %q; want it to give the new headline", events[2].Answer)
			}
		})
	}
}

func TestForkWithKey(t *testing.T) {
	srv := askServer(t, testConfig(t))
	pages := pageServer(t)
	page := pages.URL + "/landing"
	auth := map[string]string{"Authorization": "Bearer " + testKey}
	tests := []struct {
		name       string
		rq         request
		wantTarget fork.Target
	}{
		{"GET streaming", request{form: url.Values{"query": {"fork " + page + " for skeptics in plain language for the UK"}}, headers: auth},
			fork.Target{Profile: "skeptic", LanguageLayer: "plain", Language: "en-GB"}},
		{"POST JSON", request{method: http.MethodPost, json: `{"query":"rewrite ` + page + ` for busy professionals, formal","streaming":false}`, headers: auth},
			fork.Target{Profile: "busy-professional", LanguageLayer: "professional", Language: "en"}},
		{"page from site", request{form: url.Values{"query": {"make this page speak to parents"}, "site": {page}, "streaming": {"false"}}, headers: auth},
			fork.Target{Profile: "parent", LanguageLayer: "everyday", Language: "en"}},
		{"page and profile from prev", request{form: url.Values{"query": {"now in plain words"}, "prev": {`["fork ` + page + ` for executives"]`}, "streaming": {"false"}}, headers: auth},
			fork.Target{Profile: "executive", LanguageLayer: "plain", Language: "en"}},
		{"page from comma-separated prev", request{method: http.MethodPost, form: url.Values{"query": {"same again for parents"}, "prev": {"hello," + page}, "streaming": {"false"}}, headers: auth},
			fork.Target{Profile: "parent", LanguageLayer: "everyday", Language: "en"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := do(t, srv, tt.rq)
			var results []testResult
			if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
				events := readEvents(t, resp)
				if diff := cmp.Diff([]string{"api_version", "result_batch", "complete"}, types(events)); diff != "" {
					t.Fatalf("message types mismatch (-want +got):\n%s", diff)
				}
				results = events[1].Results
			} else {
				results = decodeAnswer(t, resp).Results
			}
			if len(results) != 1 {
				t.Fatalf("got %d results; want 1", len(results))
			}
			r := results[0]
			if r.URL != page {
				t.Errorf("got url %q; want %q", r.URL, page)
			}
			if got, want := r.SchemaObject["@type"], "WebPage"; got != want {
				t.Errorf("got @type %v; want %q", got, want)
			}
			res := forkOf(t, r)
			if diff := cmp.Diff(tt.wantTarget, res.Target); diff != "" {
				t.Errorf("target mismatch (-want +got):\n%s", diff)
			}
			if got, want := r.Name, headlineOf(res); got != want {
				t.Errorf("got name %q; want the fork's headline %q", got, want)
			}
			for _, want := range []string{"checks", "Facts kept:", "What changed:"} {
				if !strings.Contains(r.Description, want) {
					t.Errorf("got description %q; want it to contain %q", r.Description, want)
				}
			}
			if got, want := r.Site, "127.0.0.1"; got != want {
				t.Errorf("got site %q; want %q", got, want)
			}
		})
	}
}

// headlineOf is the first headline of a fork.
func headlineOf(res fork.Result) string {
	for _, b := range res.Blocks {
		if b.Role == fork.RoleHeadline {
			return b.Text
		}
	}
	return ""
}

// TestRegionKeepsPageLanguage forks a German page "for Switzerland": a
// country alone means English, which the rules provider cannot translate
// to, so the fork keeps German for Switzerland.
func TestRegionKeepsPageLanguage(t *testing.T) {
	srv := askServer(t, testConfig(t))
	pages := pageServer(t)
	a := decodeAnswer(t, do(t, srv, request{
		form:    url.Values{"query": {"fork " + pages.URL + "/de for parents in Switzerland"}, "streaming": {"false"}},
		headers: map[string]string{"Authorization": "Bearer " + testKey},
	}))
	if len(a.Results) != 1 {
		t.Fatalf("got %d results; want 1", len(a.Results))
	}
	res := forkOf(t, a.Results[0])
	if got, want := res.Target.Language, "de-CH"; got != want {
		t.Errorf("got target language %q; want %q", got, want)
	}
	if !strings.Contains(a.Results[0].Description, "The page is in German") {
		t.Errorf("got description %q; want it to say the page's language was kept", a.Results[0].Description)
	}
}

// TestForkFailuresAnswered checks that what the library reports about a
// page or a request is a normal answer saying what to do, streamed or not.
func TestForkFailuresAnswered(t *testing.T) {
	cfg := testConfig(t)
	srv := askServer(t, cfg)
	strict := cfg
	strict.Forker = fork.New(fork.WithProvider(cfg.Forker.Provider())) // the default fetcher: no loopback
	strictSrv := askServer(t, strict)
	bare := cfg
	bare.Sandbox, bare.SamplePage = nil, ""
	bareSrv := askServer(t, bare)
	pages := pageServer(t)
	auth := map[string]string{"Authorization": "Bearer " + testKey}
	tests := []struct {
		name     string
		srv      *httptest.Server
		query    string
		sandbox  bool
		wantCode string
		wantText string
	}{
		{"blocked url", strictSrv, "fork " + pages.URL + "/landing for skeptics", false, "url_blocked", "public"},
		{"metadata address", strictSrv, "fork http://169.254.169.254/latest/meta-data for skeptics", false, "url_blocked", "sandbox"},
		{"unknown page", srv, "fork " + pages.URL + "/no-such-page for skeptics", false, "page_unreachable", "Check that the address is right"},
		{"unsupported translation", srv, "fork " + pages.URL + "/landing for parents in German", false, "translation_unsupported", "Leave out the target language"},
		{"sandbox translation", srv, "fork example.com in French", true, "translation_unsupported", "cannot translate"},
		{"no sandbox configured", bareSrv, "fork example.com for skeptics", true, "sandbox_unavailable", "with an API key"},
	}
	for _, tt := range tests {
		for _, streaming := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s streaming=%v", tt.name, streaming), func(t *testing.T) {
				headers := auth
				if tt.sandbox {
					headers = map[string]string{"X-Sandbox": "true"}
				}
				rq := request{form: url.Values{"query": {tt.query}, "streaming": {fmt.Sprint(streaming)}, "mode": {"summarize"}}, headers: headers}
				var (
					results []testResult
					summary string
				)
				if streaming {
					events := readEvents(t, do(t, tt.srv, rq))
					if diff := cmp.Diff([]string{"api_version", "result_batch", "summary", "complete"}, types(events)); diff != "" {
						t.Fatalf("message types mismatch (-want +got):\n%s", diff)
					}
					results, summary = events[1].Results, events[2].Message
				} else {
					a := decodeAnswer(t, do(t, tt.srv, rq))
					results, summary = a.Results, a.Summary.Message
				}
				if len(results) != 1 {
					t.Fatalf("got %d results; want 1", len(results))
				}
				r := results[0]
				if got := errorCodeOf(r); got != tt.wantCode {
					t.Errorf("got error %q; want %q", got, tt.wantCode)
				}
				if got, want := r.SchemaObject["actionStatus"], "FailedActionStatus"; got != want {
					t.Errorf("got actionStatus %v; want %q", got, want)
				}
				if !strings.Contains(r.Description, tt.wantText) || !strings.Contains(summary, tt.wantText) {
					t.Errorf("got description %q and summary %q; want both to contain %q", r.Description, summary, tt.wantText)
				}
				if r.Score != 0 {
					t.Errorf("got score %d; want 0 for a failure", r.Score)
				}
			})
		}
	}
}

func TestUnknownWordsAnswered(t *testing.T) {
	srv := askServer(t, testConfig(t))
	a := decodeAnswer(t, do(t, srv, request{
		form:    url.Values{"query": {"fork example.com for skeptcs in Klingon"}, "streaming": {"false"}, "mode": {"summarize"}},
		headers: map[string]string{"X-Sandbox": "true"},
	}))
	for _, want := range []string{"“skeptcs” (did you mean “skeptics”, the skeptic profile?)", "“Klingon”"} {
		if !strings.Contains(a.Results[0].Description, want) || !strings.Contains(a.Summary.Message, want) {
			t.Errorf("got description %q and summary %q; want both to contain %q", a.Results[0].Description, a.Summary.Message, want)
		}
	}
}

func TestMethodNotAllowed(t *testing.T) {
	srv := askServer(t, testConfig(t))
	for _, method := range []string{http.MethodPut, http.MethodDelete, http.MethodPatch} {
		t.Run(method, func(t *testing.T) {
			resp := do(t, srv, request{method: method, form: url.Values{"query": {"help"}}})
			if resp.StatusCode != http.StatusMethodNotAllowed {
				t.Fatalf("got status %d; want 405", resp.StatusCode)
			}
			if got, want := resp.Header.Get("Allow"), "GET, HEAD, POST"; got != want {
				t.Errorf("got Allow %q; want %q", got, want)
			}
		})
	}
}

func TestBodyTooLarge(t *testing.T) {
	srv := askServer(t, testConfig(t))
	big := `{"query":"` + strings.Repeat("a", maxBody) + `"}`
	resp := do(t, srv, request{method: http.MethodPost, json: big})
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("got status %d; want 413", resp.StatusCode)
	}
}

func TestBaseURL(t *testing.T) {
	tests := []struct {
		name, target, proto, want string
	}{
		{"root", "http://api.example/ask?query=x", "", "http://api.example"},
		{"forwarded https", "http://api.example/ask", "https", "https://api.example"},
		{"mounted under a prefix", "http://api.example/mf/ask", "", "http://api.example/mf"},
		{"trailing slash", "http://api.example/ask/", "", "http://api.example"},
		{"other path", "http://api.example/nlweb", "", "http://api.example"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, tt.target, nil)
			if tt.proto != "" {
				r.Header.Set("X-Forwarded-Proto", tt.proto)
			}
			if got := baseURL(r); got != tt.want {
				t.Errorf("baseURL(%s) = %q; want %q", tt.target, got, tt.want)
			}
		})
	}
}
