package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/marketingfork/fork"
)

// llmPages are pages of our own the real model forks, each with a profile.
var llmPages = []struct{ path, profile string }{
	{"../../testdata/pages/tidyflow-en.html", "skeptic"},
	{"../../testdata/pages/trailpack-en-us.html", "bargain-hunter"},
	{"../../testdata/pages/bergkaffee-de.html", "enthusiast"},
}

// llmMaxTokens is the token budget each fork is given.
const llmMaxTokens = 6000

// llmCall is one call mfork made to the model's server, as the server
// answered it.
type llmCall struct {
	status                   int
	maxTokens                int64 // the request's max_tokens (or max_completion_tokens)
	prompt, completion       int64 // the server's own counts
	responseFormat, limitKey string
}

// bodyKey carries a proxied request's body to the recorder.
type bodyKey struct{}

// llmRecorder is a reverse proxy in front of the model's server: it
// records each call's request shape and the server's answer, so the test
// holds mfork's reported usage to the server's counts.
type llmRecorder struct {
	srv   *httptest.Server
	mu    sync.Mutex
	calls []llmCall
}

func newLLMRecorder(t *testing.T, target string) *llmRecorder {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	r := &llmRecorder{}
	proxy := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
	proxy.ModifyResponse = func(resp *http.Response) error {
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		resp.Body = io.NopCloser(bytes.NewReader(body))
		c := llmCall{status: resp.StatusCode}
		var req map[string]any
		if raw, ok := resp.Request.Context().Value(bodyKey{}).([]byte); ok {
			json.Unmarshal(raw, &req)
		}
		if rf, ok := req["response_format"].(map[string]any); ok {
			c.responseFormat, _ = rf["type"].(string)
		}
		for _, k := range []string{"max_tokens", "max_completion_tokens"} {
			if v, ok := req[k].(float64); ok {
				c.maxTokens, c.limitKey = int64(v), k
				break
			}
		}
		var ans struct {
			Usage struct {
				Prompt     int64 `json:"prompt_tokens"`
				Completion int64 `json:"completion_tokens"`
			} `json:"usage"`
		}
		if json.Unmarshal(body, &ans) == nil {
			c.prompt, c.completion = ans.Usage.Prompt, ans.Usage.Completion
		}
		r.mu.Lock()
		r.calls = append(r.calls, c)
		r.mu.Unlock()
		return nil
	}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		raw, _ := io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(raw))
		req.ContentLength = int64(len(raw))
		proxy.ServeHTTP(w, req.WithContext(context.WithValue(req.Context(), bodyKey{}, raw)))
	}))
	t.Cleanup(r.srv.Close)
	return r
}

// take returns the calls recorded since the last take.
func (r *llmRecorder) take() []llmCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.calls
	r.calls = nil
	return out
}

// checkLLMFork holds one fork to what the provider promises, whatever the
// model wrote: the server's counts reported, the budget kept, the offer
// kept (blocks that failed fell back to their source, each saying why),
// and a result that passed or names what failed.
func checkLLMFork(t *testing.T, res *fork.Result, calls []llmCall) {
	t.Helper()
	if res.Provider.Name != "openai" {
		t.Errorf("provider %q; want openai", res.Provider.Name)
	}
	var answered, refused int
	var want fork.Usage
	for _, c := range calls {
		switch {
		case c.status == http.StatusOK:
			answered++
			want = want.Add(fork.Usage{PromptTokens: c.prompt, CompletionTokens: c.completion})
			if c.maxTokens <= 0 || c.maxTokens > llmMaxTokens || c.limitKey == "" {
				t.Errorf("a call asked for %d completion tokens (%s); want a bound within the budget of %d", c.maxTokens, c.limitKey, llmMaxTokens)
			}
		case c.status >= 400 && c.responseFormat == "json_schema":
			refused++ // llama-cpp-python's 500 for json_schema: the dialect falls back
		default:
			t.Errorf("a call to the model ended %d (format %q)", c.status, c.responseFormat)
		}
	}
	if answered == 0 || refused > 1 {
		t.Errorf("%d calls answered, %d refused; want answers, and at most the first call refused", answered, refused)
	}
	if res.Usage == nil || *res.Usage != want || want.PromptTokens == 0 || want.CompletionTokens == 0 {
		t.Errorf("usage %+v; want the server's own counts %+v", res.Usage, want)
	}
	if res.Usage != nil && res.Usage.Total() > llmMaxTokens {
		t.Errorf("usage %d tokens; want at most the budget of %d", res.Usage.Total(), llmMaxTokens)
	}
	if res.Attempts < 1 || res.Attempts > 2 {
		t.Errorf("attempts %d; want 1 or 2", res.Attempts)
	}
	fell := 0
	for _, b := range res.Blocks {
		if b.Fallback != "" {
			fell++
			if b.Text != b.Source {
				t.Errorf("block %d fell back (%s) but reads %q, not its source %q", b.ID, b.Fallback, b.Text, b.Source)
			}
		}
	}
	if fell != res.Fallbacks {
		t.Errorf("%d blocks fell back; the result counts %d", fell, res.Fallbacks)
	}
	var failed []string
	for _, c := range res.Checks {
		if c.Name == "ledger" && !c.Passed {
			t.Errorf("the fork lost the offer: %s", c.Details)
		}
		if c.Failed() {
			failed = append(failed, c.Name)
			if c.Details == "" {
				t.Errorf("failed check %s says nothing", c.Name)
			}
		}
	}
	if res.Passed != (len(failed) == 0) {
		t.Errorf("passed %v with failed checks %v", res.Passed, failed)
	}
	t.Logf("%d calls (%d refused), %d prompt + %d completion tokens, attempts %d, %d of %d blocks fell back, passed %v %v",
		len(calls), refused, want.PromptTokens, want.CompletionTokens, res.Attempts, res.Fallbacks, len(res.Blocks), res.Passed, failed)
}

// TestRealLLM forks pages of our own through a real OpenAI-compatible
// server, as `make test-llm` runs it (scripts/llmtest.sh: llama-cpp-python's
// server with SmolLM2-135M-Instruct): three through `mfork fork --provider
// openai`, three through `mfork serve`'s /v1/fork. It asserts the
// provider's behaviour, never the model's prose.
func TestRealLLM(t *testing.T) {
	target := os.Getenv("MFORK_TEST_LLM_URL")
	if target == "" {
		if os.Getenv("MFORK_REQUIRE_LLM") == "1" {
			t.Fatal("MFORK_REQUIRE_LLM=1 but MFORK_TEST_LLM_URL is unset: run make test-llm")
		}
		t.Skip("no model server: make test-llm starts one (MFORK_TEST_LLM_URL)")
	}
	model := os.Getenv("MFORK_TEST_LLM_MODEL")
	if model == "" {
		model = "smollm2"
	}
	// The local server needs no key; the SDK wants one to send.
	t.Setenv("OPENAI_API_KEY", "local")
	bin := buildBinary(t)
	rec := newLLMRecorder(t, target)
	base := rec.srv.URL + "/v1"
	flags := []string{"--provider", "openai", "--model", model, "--openai-base-url", base,
		"--rewrite-timeout", "10m", "--max-tokens", strconv.Itoa(llmMaxTokens)}
	var took []time.Duration
	var tokens []int64
	note := func(d time.Duration, res *fork.Result) {
		took = append(took, d)
		if res.Usage != nil {
			tokens = append(tokens, res.Usage.Total())
		}
	}

	t.Run("cli", func(t *testing.T) {
		for _, pg := range llmPages {
			t.Run(filepath.Base(pg.path), func(t *testing.T) {
				rec.take()
				args := append([]string{"fork", "--format", "json", "--profile", pg.profile}, flags...)
				cmd := exec.Command(bin, append(args, pg.path)...)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				start := time.Now()
				out, err := cmd.Output()
				d := time.Since(start)
				var exit *exec.ExitError
				if err != nil && (!errors.As(err, &exit) || exit.ExitCode() != 1) {
					t.Fatalf("mfork fork: %v\n%s", err, stderr.String())
				}
				var res fork.Result
				if err := json.Unmarshal(out, &res); err != nil {
					t.Fatalf("mfork fork printed no result (%v): %s\n%s", err, out, stderr.String())
				}
				if (exit != nil) == res.Passed {
					t.Errorf("exit %v with passed %v; want 0 exactly when the fork passed", err, res.Passed)
				}
				checkLLMFork(t, &res, rec.take())
				note(d, &res)
			})
		}
	})

	t.Run("http", func(t *testing.T) {
		db := "sqlite:" + filepath.Join(t.TempDir(), "mfork.db")
		srvArgs := append([]string{"--db", db}, flags...)
		srvURL, _, logs := startServer(t, bin, srvArgs...)
		resp, body := postJSON(t, srvURL+"/get-key", map[string]string{"Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"}, "label=llm")
		var issued struct {
			APIKey string `json:"api_key"`
		}
		if err := json.Unmarshal(body, &issued); err != nil || issued.APIKey == "" {
			t.Fatalf("get-key: %d %s", resp.StatusCode, body)
		}
		auth := map[string]string{"Authorization": "Bearer " + issued.APIKey}
		for i, pg := range llmPages {
			t.Run(filepath.Base(pg.path), func(t *testing.T) {
				rec.take()
				page, err := os.ReadFile(pg.path)
				if err != nil {
					t.Fatal(err)
				}
				req, _ := json.Marshal(map[string]string{"html": string(page), "profile": pg.profile})
				start := time.Now()
				resp, body := postJSON(t, srvURL+"/v1/fork", auth, string(req))
				d := time.Since(start)
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("/v1/fork answered %d: %s\nserver logs:\n%s", resp.StatusCode, body, logs.String())
				}
				var res fork.Result
				if err := json.Unmarshal(body, &res); err != nil {
					t.Fatalf("/v1/fork: %v: %s", err, body)
				}
				calls := rec.take()
				checkLLMFork(t, &res, calls)
				// One server, one endpoint: the dialect learnt on the
				// first fork holds for the next ones.
				for _, c := range calls {
					if i > 0 && c.status != http.StatusOK {
						t.Errorf("fork %d: a call ended %d; want the dialect learnt on the first fork", i+1, c.status)
					}
				}
				note(d, &res)
			})
		}
	})

	if len(took) > 0 {
		var sum time.Duration
		var toks int64
		for i, d := range took {
			sum += d
			if i < len(tokens) {
				toks += tokens[i]
			}
		}
		t.Logf("model: %d forks, %.1f s a fork on average (%v in all), %d tokens a fork on average",
			len(took), sum.Seconds()/float64(len(took)), sum.Round(time.Second), toks/int64(max(len(tokens), 1)))
	}
}
