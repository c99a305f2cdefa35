package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/marketingfork/fork"
)

// recorded is one request the fake endpoint received.
type recorded struct {
	Raw    map[string]any
	System string
	User   string
	Blocks []pageBlock // the page copy between the delimiters
}

// pageBlock is one line of the page copy as the model reads it.
type pageBlock struct {
	ID   int
	Role string
	Text string // with its marks
}

// parseCopy reads the copy between the delimiters as a model would: a
// header, then one block a line (id, role, text).
func parseCopy(user string) ([]pageBlock, error) {
	i, j := strings.Index(user, openCopy+"\n"), strings.LastIndex(user, "\n"+closeCopy)
	if i < 0 || j < i {
		return nil, errors.New("no delimited copy")
	}
	lines := strings.Split(user[i+len(openCopy)+1:j], "\n")
	if lines[0] != copyHeader {
		return nil, fmt.Errorf("header %q; want %q", lines[0], copyHeader)
	}
	var out []pageBlock
	for _, line := range lines[1:] {
		f := strings.SplitN(line, " ", 3)
		if len(f) < 2 {
			return nil, fmt.Errorf("line %q has no id and role", line)
		}
		id, err := strconv.Atoi(f[0])
		if err != nil {
			return nil, fmt.Errorf("line %q: the id must be a number", line)
		}
		b := pageBlock{ID: id, Role: f[1]}
		if len(f) == 3 {
			b.Text = f[2]
		}
		out = append(out, b)
	}
	return out, nil
}

// marked is a mark in the copy: {phrase} or {from → to}.
var marked = regexp.MustCompile(`\{([^{}]*?)(?: → [^{}]*)?\}`)

// plain is a block's text as a model that drops the marks writes it: each
// phrase without its braces, each conversion as its source.
func plain(b pageBlock) string { return marked.ReplaceAllString(b.Text, "$1") }

// reply is what the fake endpoint answers to the n-th request (from 1).
type reply struct {
	Status  int
	Header  map[string]string
	Content string        // the assistant message (Status 200) or error message
	Body    string        // an error answer's body as sent, instead of one built from Content
	Delay   time.Duration // how long to sleep before answering
	Usage   *[2]int       // prompt and completion tokens reported; nil: 100 and 50
}

// fakeLLM is a local OpenAI-compatible endpoint that records every request
// and answers with scripted drafts built from the request's page copy.
type fakeLLM struct {
	t      *testing.T
	script func(n int, r recorded) reply
	mu     sync.Mutex
	reqs   []recorded
	srv    *httptest.Server
}

func newFake(t *testing.T, script func(n int, r recorded) reply) *fakeLLM {
	t.Helper()
	f := &fakeLLM{t: t, script: script}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeLLM) serve(w http.ResponseWriter, r *http.Request) {
	var rec recorded
	if err := json.NewDecoder(r.Body).Decode(&rec.Raw); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	msgs, _ := rec.Raw["messages"].([]any)
	for _, m := range msgs {
		mm, _ := m.(map[string]any)
		content, _ := mm["content"].(string)
		switch mm["role"] {
		case "system":
			rec.System = content
		case "user":
			rec.User = content
		}
	}
	blocks, err := parseCopy(rec.User)
	if err != nil {
		f.t.Errorf("page copy: %v", err)
	}
	rec.Blocks = blocks
	f.mu.Lock()
	f.reqs = append(f.reqs, rec)
	n := len(f.reqs)
	f.mu.Unlock()
	rep := f.script(n, rec)
	if rep.Delay > 0 {
		select {
		case <-time.After(rep.Delay):
		case <-r.Context().Done():
			return
		}
	}
	for k, v := range rep.Header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	if rep.Status != 0 && rep.Status != http.StatusOK {
		w.WriteHeader(rep.Status)
		if rep.Body != "" {
			io.WriteString(w, rep.Body)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": rep.Content, "type": "invalid_request_error"}})
		return
	}
	model, _ := rec.Raw["model"].(string)
	used := [2]int{100, 50}
	if rep.Usage != nil {
		used = *rep.Usage
	}
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-test", "object": "chat.completion", "created": 1, "model": model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": rep.Content}}},
		"usage": map[string]any{"prompt_tokens": used[0], "completion_tokens": used[1], "total_tokens": used[0] + used[1]},
	})
}

func (f *fakeLLM) requests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]recorded(nil), f.reqs...)
}

// draft builds an answer from the request's page copy, edit giving each
// block's new text.
func draft(r recorded, edit func(b pageBlock) string) string {
	type out struct {
		ID   int    `json:"id"`
		Text string `json:"text"`
	}
	var blocks []out
	for _, b := range r.Blocks {
		blocks = append(blocks, out{ID: b.ID, Text: edit(b)})
	}
	data, _ := json.Marshal(map[string]any{"blocks": blocks})
	return string(data)
}

// good reframes prose with framing words and keeps everything else.
func good(b pageBlock) string {
	if b.Role == "body" {
		return "Good to know: " + b.Text
	}
	return b.Text
}

func ok(content string) reply { return reply{Content: content} }

func newProvider(t *testing.T, f *fakeLLM, mod func(*Config)) *Provider {
	t.Helper()
	cfg := Config{BaseURL: f.srv.URL + "/v1", APIKey: "test-key", Model: "test-model", Timeout: 5 * time.Second}
	if mod != nil {
		mod(&cfg)
	}
	p, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return p
}

func readPage(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func doFork(t *testing.T, p *Provider, req fork.Request) (*fork.Result, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return fork.New(fork.WithProvider(p)).Fork(ctx, req)
}

func planFor(t testing.TB, req fork.Request) *fork.Plan {
	t.Helper()
	pl, err := fork.New().Plan(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

func check(r *fork.Result, name string) fork.Check {
	for _, c := range r.Checks {
		if c.Name == name {
			return c
		}
	}
	return fork.Check{Name: "absent"}
}

func failedChecks(r *fork.Result) []fork.Check {
	var out []fork.Check
	for _, c := range r.Checks {
		if !c.Passed {
			out = append(out, c)
		}
	}
	return out
}

func TestNew(t *testing.T) {
	if _, err := New(Config{}); !errors.Is(err, fork.ErrInvalidInput) {
		t.Errorf("New without model: got %v; want ErrInvalidInput", err)
	}
	p, err := New(Config{Model: "gpt-test", APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	got := p.Info()
	want := fork.ProviderInfo{Name: "openai", Version: Version + "+gpt-test", Translates: true}
	if got != want {
		t.Errorf("Info: got %+v; want %+v", got, want)
	}
	if p.cfg.Timeout != DefaultTimeout || p.cfg.MaxTokens != DefaultMaxTokens || p.cfg.ChunkTokens != DefaultChunkTokens ||
		p.cfg.MaxConcurrent != DefaultMaxConcurrent || p.cfg.Retries != DefaultRetries {
		t.Errorf("defaults: got %+v", p.cfg)
	}
}

func TestForkGoodDraft(t *testing.T) {
	f := newFake(t, func(_ int, r recorded) reply { return ok(draft(r, good)) })
	p := newProvider(t, f, nil)
	res, err := doFork(t, p, fork.Request{HTML: readPage(t, "page-en.html"), Profile: "skeptic"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Passed {
		t.Fatalf("got Passed false (%+v); want true", failedChecks(res))
	}
	if res.Provider.Name != "openai" {
		t.Errorf("got provider %q; want openai", res.Provider.Name)
	}
	if want := (fork.Usage{PromptTokens: 100, CompletionTokens: 50}); res.Usage == nil || *res.Usage != want {
		t.Errorf("got usage %+v; want %+v, what the endpoint reported", res.Usage, want)
	}
	t.Run("sections follow the profile's pattern", func(t *testing.T) {
		// A page whose testimonial stands below its features: the
		// skeptic's pattern moves it up (the test page's prices and proof
		// already come right under its hero).
		page, err := os.ReadFile("../../testdata/pages/tidyflow-en.html")
		if err != nil {
			t.Fatal(err)
		}
		req := fork.Request{HTML: string(page), Profile: "skeptic"}
		want := planFor(t, req).PatternOrder()
		if want == nil {
			t.Fatal("the skeptic's pattern does not reorder the page; the test needs a page it does")
		}
		res, err := doFork(t, newProvider(t, newFake(t, func(_ int, r recorded) reply { return ok(draft(r, good)) }), nil), req)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, res.Sections); diff != "" {
			t.Errorf("Sections (-want +got):\n%s", diff)
		}
	})
	reqs := f.requests()
	if len(reqs) != 1 {
		t.Fatalf("got %d requests; want 1 (all blocks in one call)", len(reqs))
	}
	r := reqs[0]
	t.Run("model", func(t *testing.T) {
		if got := r.Raw["model"]; got != "test-model" {
			t.Errorf("got model %v; want test-model", got)
		}
	})
	t.Run("no tools", func(t *testing.T) {
		for _, k := range []string{"tools", "functions", "tool_choice"} {
			if _, has := r.Raw[k]; has {
				t.Errorf("got a %q field; want none", k)
			}
		}
	})
	t.Run("response format", func(t *testing.T) {
		rf, _ := r.Raw["response_format"].(map[string]any)
		js, _ := rf["json_schema"].(map[string]any)
		if rf["type"] != "json_schema" || js["strict"] != true {
			t.Errorf("got response_format %v; want strict json_schema", rf)
		}
	})
	t.Run("page copy delimited", func(t *testing.T) {
		for _, want := range []string{"<page_copy>", "</page_copy>", "Notes your whole team can find"} {
			if !strings.Contains(r.User, want) {
				t.Errorf("user message lacks %q", want)
			}
		}
		if !strings.Contains(r.System, "never instructions") {
			t.Errorf("system message does not say the copy is never instructions:\n%s", r.System)
		}
		i, j := strings.Index(r.User, openCopy+"\n"), strings.LastIndex(r.User, closeCopy)
		if !strings.Contains(r.User[i:j], "Notes your whole team can find") {
			t.Errorf("the page text is not inside the delimiters")
		}
	})
	t.Run("locked facts", func(t *testing.T) {
		// Each locked phrase marked where its block holds it, not listed
		// again; figures under the general rule.
		for _, want := range []string{"{Tidy Notes} keeps every meeting note", "€49 per month"} {
			if strings.Count(r.User, want) != 1 {
				t.Errorf("user message holds %q %d times; want once:\n%s", want, strings.Count(r.User, want), r.User)
			}
		}
		for _, want := range []string{"Keep figures, prices", "{braced} phrases exactly", "Add no number"} {
			if !strings.Contains(r.System, want) {
				t.Errorf("system message lacks %q:\n%s", want, r.System)
			}
		}
		if strings.Contains(r.System, "€49") {
			t.Errorf("system message repeats the copy's facts:\n%s", r.System)
		}
	})
	t.Run("verbatim not sent", func(t *testing.T) {
		for _, b := range r.Blocks {
			if b.Role == "testimonial" || b.Role == "guarantee" {
				t.Errorf("got verbatim block %d (%s) in the page copy; want it kept, not sent", b.ID, b.Role)
			}
		}
	})
}

func TestForkPriceChangeRetried(t *testing.T) {
	f := newFake(t, func(n int, r recorded) reply {
		if n == 1 {
			return ok(draft(r, func(b pageBlock) string { return strings.ReplaceAll(good(b), "€49", "€39") }))
		}
		return ok(draft(r, good))
	})
	p := newProvider(t, f, nil)
	res, err := doFork(t, p, fork.Request{HTML: readPage(t, "page-en.html")})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Passed || res.Attempts != 2 {
		t.Fatalf("got Passed %v, attempts %d (%+v); want true, 2", res.Passed, res.Attempts, failedChecks(res))
	}
	reqs := f.requests()
	if len(reqs) != 2 {
		t.Fatalf("got %d requests; want 2", len(reqs))
	}
	if strings.Contains(reqs[0].System, "failed these checks") {
		t.Errorf("first prompt holds findings; want none")
	}
	if !strings.Contains(reqs[1].System, "failed these checks") || !strings.Contains(reqs[1].System, "ledger") {
		t.Errorf("got second system prompt without the findings:\n%s", reqs[1].System)
	}
}

// TestTokenBudget: no call goes past a fork's token budget, the retry
// included, and a budget too small for the page says so.
func TestTokenBudget(t *testing.T) {
	// costly is an endpoint whose drafts change a price and cost 1,000 +
	// 500 tokens, under a budget of 2,000.
	costly := func(t *testing.T) (*fakeLLM, *Provider) {
		f := newFake(t, func(_ int, r recorded) reply {
			rep := ok(draft(r, func(b pageBlock) string { return strings.ReplaceAll(good(b), "€49", "€39") }))
			rep.Usage = &[2]int{1000, 500}
			return rep
		})
		return f, newProvider(t, f, func(c *Config) { c.MaxTokens = 2000 })
	}
	t.Run("max_completion_tokens within the budget", func(t *testing.T) {
		f := newFake(t, func(_ int, r recorded) reply { return ok(draft(r, good)) })
		p := newProvider(t, f, func(c *Config) { c.MaxTokens = 3000 })
		if _, err := doFork(t, p, fork.Request{HTML: readPage(t, "page-en.html")}); err != nil {
			t.Fatal(err)
		}
		r := f.requests()[0]
		got, _ := r.Raw["max_completion_tokens"].(float64)
		prompt := float64(len(r.System)+len(r.User)) / 4
		if got < minCompletion || got+prompt > 3000 {
			t.Errorf("got max_completion_tokens %v with a prompt of about %.0f tokens; want at least %d and the sum within the budget of 3000", got, prompt, minCompletion)
		}
	})
	t.Run("too small for the page", func(t *testing.T) {
		f := newFake(t, func(_ int, r recorded) reply { return ok(draft(r, good)) })
		p := newProvider(t, f, func(c *Config) { c.MaxTokens = 300 })
		_, err := doFork(t, p, fork.Request{HTML: readPage(t, "page-en.html")})
		if !errors.Is(err, fork.ErrProvider) || !strings.Contains(err.Error(), "token budget of 300 is spent") {
			t.Errorf("got %v; want ErrProvider naming the budget", err)
		}
		if n := len(f.requests()); n != 0 {
			t.Errorf("the endpoint got %d requests; want none past the budget", n)
		}
	})
	t.Run("the retry counts what the first draft used", func(t *testing.T) {
		// Each call reports 1,000 + 500 tokens: the first draft leaves
		// too little of 2,000 for a second, so the fork is the first
		// draft with its failed block put back to the source.
		f, p := costly(t)
		res, err := doFork(t, p, fork.Request{HTML: readPage(t, "page-en.html")})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Passed || res.Attempts != 1 || res.Fallbacks != 1 {
			t.Errorf("got Passed %v, attempts %d, %d fallbacks; want the first draft, its price block put back", res.Passed, res.Attempts, res.Fallbacks)
		}
		if c := check(res, "ledger"); !c.Passed {
			t.Errorf("got ledger check %+v; want the price kept by the fallback", c)
		}
		if !strings.Contains(strings.Join(res.Notes, "\n"), "the retry failed") {
			t.Errorf("got notes %q; want the failed retry explained", res.Notes)
		}
		if want := (fork.Usage{PromptTokens: 1000, CompletionTokens: 500}); res.Usage == nil || *res.Usage != want {
			t.Errorf("got usage %+v; want %+v", res.Usage, want)
		}
		if n := len(f.requests()); n != 1 {
			t.Errorf("the endpoint got %d requests; want 1", n)
		}
	})
	t.Run("strict mode", func(t *testing.T) {
		_, p := costly(t)
		_, err := doFork(t, p, fork.Request{HTML: readPage(t, "page-en.html"), Strict: true})
		if !errors.Is(err, fork.ErrProvider) {
			t.Errorf("got %v; want ErrProvider", err)
		}
	})
}

// TestTwoBlocksFallBack: a draft that invents a statistic in two blocks (the
// page's prose),
// and a retry of only those two that invents it again, give a fork whose
// other blocks are the model's and those two the source's, which keeps the
// offer and says so.
func TestTwoBlocksFallBack(t *testing.T) {
	const headline = "Every team note, found in seconds"
	req := fork.Request{HTML: readPage(t, "page-en.html")}
	var body []int // the first two prose blocks
	for _, b := range planFor(t, req).Blocks {
		if (b.Role == fork.RoleBody || b.Role == fork.RoleSubheadline) && len(body) < 2 {
			body = append(body, b.ID)
		}
	}
	if len(body) != 2 {
		t.Fatalf("the page has prose blocks %v; the test needs two", body)
	}
	f := newFake(t, func(_ int, r recorded) reply {
		return ok(draft(r, func(b pageBlock) string {
			switch {
			case b.ID == body[0] || b.ID == body[1]:
				return "Trusted by 93% of teams. " + b.Text
			case b.Role == "headline":
				return headline
			}
			return b.Text
		}))
	})
	p := newProvider(t, f, nil)
	res, err := doFork(t, p, req)
	if err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	if len(reqs) != 2 {
		t.Fatalf("got %d requests; want 2 (one retry)", len(reqs))
	}
	var retried []int
	for _, b := range reqs[1].Blocks {
		retried = append(retried, b.ID)
	}
	if diff := cmp.Diff(body, retried); diff != "" {
		t.Errorf("the retry's blocks (-want the two that failed +got):\n%s", diff)
	}
	if !strings.Contains(reqs[1].System, "no_invented_facts") {
		t.Errorf("the retry's prompt lacks its findings:\n%s", reqs[1].System)
	}
	var fell []int
	for _, b := range res.Blocks {
		switch {
		case b.Fallback != "":
			fell = append(fell, b.ID)
			if b.Text != b.Source || !strings.Contains(b.Fallback, "no_invented_facts") {
				t.Errorf("block %d: got %q, fallback %q; want its source text and the failed check named", b.ID, b.Text, b.Fallback)
			}
		case b.Role == fork.RoleHeadline && b.Text != headline:
			t.Errorf("headline %q; want the model's %q", b.Text, headline)
		}
	}
	if diff := cmp.Diff(body, fell); diff != "" || res.Fallbacks != 2 {
		t.Errorf("fallbacks %d, blocks (-want +got):\n%s", res.Fallbacks, diff)
	}
	for _, name := range []string{"ledger", "no_invented_facts"} {
		if c := check(res, name); !c.Passed {
			t.Errorf("got %s %+v; want passed", name, c)
		}
	}
	if !res.Passed || res.Attempts != 2 || strings.Contains(res.HTML, "93%") {
		t.Errorf("got Passed %v, attempts %d, 93%% in the page %v; want a passing fork of two drafts without the invented figure", res.Passed, res.Attempts, strings.Contains(res.HTML, "93%"))
	}
	// Strict mode refuses a fork that fell back.
	req.Strict = true
	if _, err := doFork(t, p, req); !errors.Is(err, fork.ErrProvider) || !strings.Contains(err.Error(), "kept its source text") {
		t.Errorf("strict: got %v; want ErrProvider naming the fallbacks", err)
	}
}

func TestRewriteErrors(t *testing.T) {
	plan := planFor(t, fork.Request{HTML: readPage(t, "page-en.html")})
	tests := []struct {
		name     string
		script   func(n int, r recorded) reply
		cfg      func(*Config)
		wantErr  error
		wantMsg  string
		wantReqs int
	}{
		{name: "malformed then good", wantReqs: 2, script: func(n int, r recorded) reply {
			if n == 1 {
				return ok(`{"blocks": [{"id": 2, "text": `)
			}
			return ok(draft(r, good))
		}},
		{name: "unknown id then good", wantReqs: 2, script: func(n int, r recorded) reply {
			if n == 1 {
				return ok(`{"blocks":[{"id":999,"text":"x","rationale":""}]}`)
			}
			return ok(draft(r, good))
		}},
		{name: "429 then success", wantReqs: 2, script: func(n int, r recorded) reply {
			if n == 1 {
				return reply{Status: http.StatusTooManyRequests, Header: map[string]string{"Retry-After": "0"}, Content: "slow down"}
			}
			return ok(draft(r, good))
		}},
		{name: "503 twice then success", wantReqs: 3, script: func(n int, r recorded) reply {
			if n < 3 {
				return reply{Status: http.StatusServiceUnavailable, Header: map[string]string{"Retry-After": "0.01"}, Content: "overloaded"}
			}
			return ok(draft(r, good))
		}},
		{name: "429 beyond retries", wantReqs: 3, wantErr: fork.ErrProvider, wantMsg: "429", script: func(int, recorded) reply {
			return reply{Status: http.StatusTooManyRequests, Header: map[string]string{"Retry-After": "0"}, Content: "slow down"}
		}},
		{name: "json_schema rejected", wantReqs: 2, script: func(n int, r recorded) reply {
			rf, _ := r.Raw["response_format"].(map[string]any)
			if rf["type"] == "json_schema" {
				return reply{Status: http.StatusBadRequest, Content: "response_format json_schema is not supported by this model"}
			}
			return ok(draft(r, good))
		}},
		{name: "unauthorized", wantReqs: 1, wantErr: fork.ErrProvider, wantMsg: "401", script: func(int, recorded) reply {
			return reply{Status: http.StatusUnauthorized, Content: "bad key"}
		}},
		{name: "timeout", wantReqs: 1, wantErr: fork.ErrTimeout, wantMsg: "the LLM endpoint did not answer within 100ms",
			cfg: func(c *Config) { c.Timeout = 100 * time.Millisecond },
			script: func(_ int, r recorded) reply {
				return reply{Content: draft(r, good), Delay: 2 * time.Second}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, tt.script)
			p := newProvider(t, f, tt.cfg)
			d, err := p.Rewrite(context.Background(), plan)
			if got := len(f.requests()); got != tt.wantReqs {
				t.Errorf("got %d requests; want %d", got, tt.wantReqs)
			}
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("got %v; want no error", err)
				}
				if got, want := len(d.Blocks), len(plan.Blocks); got != want {
					t.Errorf("got %d draft blocks; want %d", got, want)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("got %v; want %v", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("got %q; want it to mention %q", err, tt.wantMsg)
			}
		})
	}
}

// TestUnusableAnswers: a model that never answers usable JSON fails no
// fork: its blocks are asked for again once, then keep their source text,
// each saying why; a raw line break in a string is read as the model meant.
func TestUnusableAnswers(t *testing.T) {
	t.Run("never JSON", func(t *testing.T) {
		f := newFake(t, func(int, recorded) reply { return ok("Sure! Here is your rewrite.") })
		res, err := doFork(t, newProvider(t, f, nil), fork.Request{HTML: readPage(t, "page-en.html")})
		if err != nil {
			t.Fatalf("got %v; want a fork whose blocks keep their source text", err)
		}
		if res.Fallbacks == 0 || !check(res, "ledger").Passed || !strings.Contains(strings.Join(res.Notes, "\n"), "no usable JSON") {
			t.Errorf("got %d fallbacks, ledger %+v, notes %q; want the blocks put back and the reason noted", res.Fallbacks, check(res, "ledger"), res.Notes)
		}
		for _, b := range res.Blocks {
			if b.Text != b.Source {
				t.Errorf("block %d reads %q; want its source %q", b.ID, b.Text, b.Source)
			}
		}
		if n := len(f.requests()); n != 4 {
			t.Errorf("got %d requests; want 4 (two per draft)", n)
		}
	})
	t.Run("raw line break in a string", func(t *testing.T) {
		f := newFake(t, func(_ int, r recorded) reply {
			return ok(strings.Replace(draft(r, good), `Good to know: `, "Good to know:\n", 1))
		})
		res, err := doFork(t, newProvider(t, f, nil), fork.Request{HTML: readPage(t, "page-en.html")})
		if err != nil || res.Fallbacks != 0 || res.Attempts != 1 {
			t.Fatalf("got %v, %+v; want the answer read on the first try", err, res)
		}
	})
}

func TestEndpointDown(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL
	srv.Close()
	p, err := New(Config{BaseURL: base, APIKey: "k", Model: "m", Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Rewrite(context.Background(), planFor(t, fork.Request{HTML: readPage(t, "page-en.html")}))
	if !errors.Is(err, fork.ErrProvider) || !strings.Contains(err.Error(), "could not be reached") {
		t.Errorf("got %v; want ErrProvider saying the endpoint could not be reached", err)
	}
}

func TestContextDeadline(t *testing.T) {
	f := newFake(t, func(_ int, r recorded) reply { return reply{Content: draft(r, good), Delay: 2 * time.Second} })
	p := newProvider(t, f, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := p.Rewrite(ctx, planFor(t, fork.Request{HTML: readPage(t, "page-en.html")}))
	if !errors.Is(err, fork.ErrTimeout) {
		t.Errorf("got %v; want ErrTimeout", err)
	}
}

func TestChunking(t *testing.T) {
	f := newFake(t, func(_ int, r recorded) reply { return ok(draft(r, good)) })
	p := newProvider(t, f, func(c *Config) { c.ChunkTokens = 60; c.MaxConcurrent = 2 })
	plan := planFor(t, fork.Request{HTML: readPage(t, "page-en.html")})
	d, err := p.Rewrite(context.Background(), plan)
	if err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	if len(reqs) < 2 {
		t.Errorf("got %d requests; want the blocks split over several", len(reqs))
	}
	sent := map[int]int{}
	for _, r := range reqs {
		for _, b := range r.Blocks {
			sent[b.ID]++
		}
	}
	// Each block at most once: verbatim ones and those of nothing but
	// locked facts are kept, a repeated text is sent once.
	for _, b := range plan.Blocks {
		if sent[b.ID] > 1 || (b.Verbatim && sent[b.ID] != 0) {
			t.Errorf("block %d (%s) sent %d times", b.ID, b.Role, sent[b.ID])
		}
	}
	if len(sent) == 0 {
		t.Error("no block sent")
	}
	if got, want := len(d.Blocks), len(plan.Blocks); got != want {
		t.Errorf("got %d draft blocks; want %d", got, want)
	}
	if want := (fork.Usage{PromptTokens: int64(100 * len(reqs)), CompletionTokens: int64(50 * len(reqs))}); d.Usage != want {
		t.Errorf("got usage %+v; want %+v, the sum over the calls", d.Usage, want)
	}
}

// german is the page's copy in German.
var german = map[string]string{
	"Tidy Notes: notes for busy teams":                      "Tidy Notes: Notizen für Teams, die viel zu tun haben",
	"Tidy Notes keeps the notes of your team in one place.": "Tidy Notes hält die Notizen deines Teams an einem Ort zusammen.",
	"Notes your whole team can find":                        "Notizen, die dein ganzes Team findet",
	"Tidy Notes keeps every meeting note, plan and decision in one shared place, so nobody has to search through old chat threads again.": "Tidy Notes bewahrt jede Besprechungsnotiz, jeden Plan und jede Entscheidung an einem gemeinsamen Ort auf, damit niemand mehr in alten Chats suchen muss.",
	"Start your free trial":            "Jetzt kostenlos testen",
	"Simple pricing":                   "Einfache Preise",
	"€49 per month for the whole team": "€49 pro Monat für das ganze Team",
	"You can cancel at any time in the settings of your account, and your notes stay yours.": "Du kannst jederzeit in den Einstellungen deines Kontos kündigen, und deine Notizen bleiben deine.",
	"\"We stopped losing decisions in chat.\"":                                               "„Wir verlieren keine Entscheidungen mehr im Chat.“",
	"30-day money-back guarantee.":                                                           "30 Tage Geld-zurück-Garantie.",
}

func TestForkTranslation(t *testing.T) {
	f := newFake(t, func(_ int, r recorded) reply {
		return ok(draft(r, func(b pageBlock) string {
			if de, ok := german[plain(b)]; ok {
				return de
			}
			return b.Text
		}))
	})
	p := newProvider(t, f, nil)
	res, err := doFork(t, p, fork.Request{HTML: readPage(t, "page-en.html"), SourceLanguage: "en", TargetLanguage: "de"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Translation {
		t.Errorf("got translation false; want true")
	}
	if !res.Passed {
		t.Fatalf("got Passed false (%+v); want true", failedChecks(res))
	}
	if c := check(res, "language"); !c.Passed {
		t.Errorf("got language check %+v; want passed", c)
	}
	r := f.requests()[0]
	if !strings.Contains(r.System, "Write in de, translating from en: every block") {
		t.Errorf("system prompt does not ask for the translation:\n%s", r.System)
	}
	var verbatim int
	for _, b := range r.Blocks {
		if b.Role == "testimonial" || b.Role == "guarantee" {
			verbatim++
		}
	}
	if verbatim != 2 || !strings.Contains(r.System, "blocks faithfully") {
		t.Errorf("got %d verbatim blocks sent; want 2 (translated faithfully)", verbatim)
	}
}

// TestCultureConversions: for a region that measures otherwise, the prompt
// gives each quantity converted, and the provider, not the model, records
// the change, so only the conversion it computed passes verification.
func TestCultureConversions(t *testing.T) {
	const page = `<!doctype html><html lang="en-US"><head><title>Trail jacket</title></head><body>
<h1>A jacket for every trail</h1>
<p>Tested from 14 °F to 104 °F on mountain trails, and it weighs just 2 lb.</p>
<p>Only $120, shipped free.</p>
<a href="https://trail.example/buy">Buy the jacket</a>
</body></html>`
	convert := func(to14, to104 string) func(_ int, r recorded) reply {
		return func(_ int, r recorded) reply {
			return ok(draft(r, func(b pageBlock) string {
				return strings.NewReplacer("14 °F", to14, "104 °F", to104, "2 lb", "0.9 kg").Replace(plain(b))
			}))
		}
	}
	tests := []struct {
		name         string
		script       func(int, recorded) reply
		wantPassed   bool
		wantChanges  []fork.Change
		wantFallback bool // block 2, converted wrongly twice, keeps its source
	}{
		{"converted as told", convert("-10 °C", "40 °C"), true, []fork.Change{
			{From: "14 °F", To: "-10 °C", Rule: "en-GB: °F to °C"},
			{From: "104 °F", To: "40 °C", Rule: "en-GB: °F to °C"},
			{From: "2 lb", To: "0.9 kg", Rule: "en-GB: pounds to kilograms"},
		}, false},
		{"kept as written", func(_ int, r recorded) reply { return ok(draft(r, plain)) }, true, nil, false},
		// -12 °C is not what 14 °F is: the ledger misses the fact and the
		// fork invents a temperature, whatever the model claims.
		{"converted wrongly", convert("-12 °C", "40 °C"), true, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, tt.script)
			p := newProvider(t, f, nil)
			res, err := doFork(t, p, fork.Request{HTML: page, TargetLanguage: "en-GB"})
			if err != nil {
				t.Fatal(err)
			}
			r := f.requests()[0]
			for _, want := range []string{"{14 °F → -10 °C}", "{104 °F → 40 °C}", "{2 lb → 0.9 kg}"} {
				if !strings.Contains(r.User, want) {
					t.Errorf("the copy lacks %q:\n%s", want, r.User)
				}
			}
			if !strings.Contains(r.System, "write {a → b} as b") {
				t.Errorf("system prompt does not explain the conversions:\n%s", r.System)
			}
			if res.Passed != tt.wantPassed {
				t.Errorf("got Passed %v (%+v); want %v", res.Passed, failedChecks(res), tt.wantPassed)
			}
			if diff := cmp.Diff(tt.wantChanges, res.Changes, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Changes (-want +got):\n%s", diff)
			}
			var fell []int
			for _, b := range res.Blocks {
				if b.Fallback != "" {
					fell = append(fell, b.ID)
					if b.Text != b.Source || !strings.Contains(b.Fallback, "ledger") {
						t.Errorf("block %d: got %q, fallback %q; want the source's text and the ledger named", b.ID, b.Text, b.Fallback)
					}
				}
			}
			if got := len(fell) > 0; got != tt.wantFallback {
				t.Errorf("got blocks %v fallen back; want a fallback %v", fell, tt.wantFallback)
			}
		})
	}
}

// TestPromptCarriesBrand: the system prompt tells the model the brand's
// kept terms, the glossary entries its chunk holds, the avoided words and
// the voice; a glossary term the chunk does not hold is not sent.
func TestPromptCarriesBrand(t *testing.T) {
	page := `<!DOCTYPE html><html lang="en"><head><title>Amazing Notes</title></head><body><section>
<h1>Amazing Notes writes your meeting notes</h1><p>Sign up today and share notes with your team.</p>
<a class="btn" href="https://amazingnotes.example/signup">Sign up</a></section></body></html>`
	pl := planFor(t, fork.Request{HTML: page, Brand: fork.Brand{
		Keep: []string{"Amazing Notes"}, Glossary: map[string]string{"sign up": "register", "invoice": "bill"},
		Avoid: []string{"cheap"}, Voice: "Warm and plain.",
	}})
	sys := systemPrompt(pl, pl.Blocks, marks{})
	for _, want := range []string{"Keep these terms exactly as written: Amazing Notes.", "Write each term as given: sign up → register.", "Never use: cheap.", "Brand voice: Warm and plain."} {
		if !strings.Contains(sys, want) {
			t.Errorf("system prompt lacks %q:\n%s", want, sys)
		}
	}
	if strings.Contains(sys, "invoice") {
		t.Errorf("system prompt sends a glossary term the copy does not hold:\n%s", sys)
	}
}

// TestMarkupRoundTrip: a block whose words sit in a link goes to the model
// with its placeholders, and the model's placeholders come back as the
// page's elements; a draft that drops one keeps that block's source, so
// no link is lost.
func TestMarkupRoundTrip(t *testing.T) {
	page := `<!DOCTYPE html><html lang="en"><head><title>Quillpad</title></head><body><section>
<h1>Notes that write themselves</h1>
<p>Quillpad turns a call into notes. Read the <a href="/privacy">privacy terms</a> before you start.</p>
<a class="btn" href="/signup">Sign up</a></section></body></html>`
	for _, tt := range []struct {
		name     string
		edit     func(string) string
		wantText string
		fellBack bool
	}{
		{"kept", func(s string) string {
			return strings.Replace(s, "{Quillpad} turns a call into notes.", "Every call becomes notes in Quillpad.", 1)
		}, "Every call becomes notes in Quillpad.", false},
		{"dropped", func(s string) string {
			return "Every call becomes notes in Quillpad. Read our terms first."
		}, "Quillpad turns a call into notes.", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var sent string
			f := newFake(t, func(n int, r recorded) reply {
				return ok(draft(r, func(b pageBlock) string {
					if strings.Contains(b.Text, "<1>") {
						sent = b.Text
						return tt.edit(b.Text)
					}
					return b.Text
				}))
			})
			res, err := doFork(t, newProvider(t, f, nil), fork.Request{HTML: page})
			if err != nil {
				t.Fatal(err)
			}
			if sent != "{Quillpad} turns a call into notes. Read the <1>privacy terms</1> before you start." {
				t.Fatalf("the model was sent %q; want the block with its link as a placeholder", sent)
			}
			if !strings.Contains(res.HTML, tt.wantText) || !strings.Contains(res.HTML, `<a href="/privacy">privacy terms</a>`) {
				t.Errorf("the page lacks %q or its link:\n%s", tt.wantText, res.HTML)
			}
			if c := check(res, "markup"); c.Failed() {
				t.Errorf("markup check failed: %s", c.Details)
			}
			for _, b := range res.Blocks {
				if !strings.Contains(b.Source, "privacy terms") {
					continue
				}
				kept := b.Text == b.Source && strings.Contains(b.Rationale, "kept its source text")
				if kept != tt.fellBack {
					t.Errorf("block %d: text %q, rationale %q; want it to keep its source, saying so: %v", b.ID, b.Text, b.Rationale, tt.fellBack)
				}
			}
		})
	}
}
