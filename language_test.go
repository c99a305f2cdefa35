package fork_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/httpapi"
	"github.com/marketingfork/fork/internal/apikey"
	"github.com/marketingfork/fork/provider/rules"
	"github.com/marketingfork/fork/store/sqlite"
)

// rulesProvider is built once: it is safe for concurrent use and slow to
// build.
var rulesProvider = sync.OnceValue(rules.New)

// langPage declares plain "en", so that a target's region is the request's
// and not the page's.
const langPage = `<!DOCTYPE html>
<html lang="en">
<head><title>Brightnote | Meeting notes that write themselves</title></head>
<body>
  <h1>Never take meeting notes again</h1>
  <p>Brightnote listens to your calls and sends everyone a summary within 5 minutes.</p>
  <div class="price">$9 per month</div>
  <a class="btn" href="https://brightnote.example/signup">Start your free month</a>
</body>
</html>
`

// tagCase is a target_language and what becomes of it: refused with
// reason, or forked into target (with culture).
type tagCase struct {
	tag     string
	reason  string // why it is refused; "" when it forks
	target  string // the fork's language on langPage
	culture string
	sandbox string // the fork's language on the sandbox's en-US sample page
}

var tagCases = []tagCase{
	{tag: "und", reason: "it names no language"},
	{tag: "und-GB", reason: "it names a region but no language"},
	{tag: "x-private", reason: "private-use subtags name no public language"},
	{tag: "en-x-foo", reason: "private-use subtags name no public language"},
	{tag: "e", reason: "tag is not well-formed"},
	{tag: "EN_us", target: "en-US", culture: "US", sandbox: "en-US"},
	// "en" once the extension is dropped: the same as the default source
	// language, so the fork keeps the page's own language.
	{tag: "en-u-nu-latn", target: "en", sandbox: "en-US"},
}

// tagMsg is the message a refused tag gets everywhere: the library's
// ValidationError, the HTTP API's 422 and the MCP tools.
func tagMsg(tag, reason string) string {
	b, _ := json.Marshal(tag)
	return string(b) + " is not a valid BCP 47 language tag (" + reason + "); use a tag such as en, en-GB, de-CH or pt-BR"
}

func TestForkLanguageTags(t *testing.T) {
	f := fork.New(fork.WithProvider(rulesProvider()))
	ctx := context.Background()
	for _, tc := range tagCases {
		t.Run(tc.tag, func(t *testing.T) {
			res, err := f.Fork(ctx, fork.Request{HTML: langPage, TargetLanguage: tc.tag})
			if tc.reason != "" {
				if !errors.Is(err, fork.ErrInvalidInput) {
					t.Fatalf("Fork(target_language %q) = %v; want ErrInvalidInput", tc.tag, err)
				}
				var ve *fork.ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("Fork(target_language %q) error %T; want a *ValidationError", tc.tag, err)
				}
				want := []fork.FieldError{{Field: "target_language", Type: "value_error", Msg: tagMsg(tc.tag, tc.reason), Input: tc.tag}}
				if diff := cmp.Diff(want, ve.Fields); diff != "" {
					t.Errorf("Fork(target_language %q) fields mismatch (-want +got):\n%s", tc.tag, diff)
				}
				return
			}
			if err != nil {
				t.Fatalf("Fork(target_language %q): %v", tc.tag, err)
			}
			if got := res.Target.Language; got != tc.target {
				t.Errorf("Fork(target_language %q).Target.Language = %q; want %q", tc.tag, got, tc.target)
			}
			if res.Translation || len(res.Blocks) == 0 {
				t.Errorf("Fork(target_language %q): translation %v, %d blocks; want a fork in the page's language", tc.tag, res.Translation, len(res.Blocks))
			}
			p, err := f.Plan(ctx, fork.Request{HTML: langPage, TargetLanguage: tc.tag})
			if err != nil {
				t.Fatalf("Plan(target_language %q): %v", tc.tag, err)
			}
			got := [5]string{p.Target.String(), p.TargetLanguage, p.Culture, p.Source.String(), p.SourceLanguage}
			if diff := cmp.Diff([5]string{tc.target, tc.target, tc.culture, "en", "en"}, got); diff != "" {
				t.Errorf("Plan(target_language %q) [Target TargetLanguage Culture Source SourceLanguage] mismatch (-want +got):\n%s", tc.tag, diff)
			}
		})
	}
}

// TestLanguageTagsEverywhere: the source language and Verify's target are
// read by the same rules.
func TestLanguageTagsEverywhere(t *testing.T) {
	f := fork.New(fork.WithProvider(rulesProvider()))
	ctx := context.Background()
	_, err := f.Fork(ctx, fork.Request{HTML: langPage, SourceLanguage: "und-GB"})
	var ve *fork.ValidationError
	if !errors.As(err, &ve) || len(ve.Fields) != 1 || ve.Fields[0].Field != "source_language" {
		t.Errorf("Fork(source_language und-GB) = %v; want a ValidationError naming source_language", err)
	}
	_, err = f.Verify(ctx, fork.VerifyRequest{Source: fork.Source{HTML: langPage}, Fork: fork.Draft{Blocks: []fork.DraftBlock{{ID: 0, Text: "x"}}}, Target: fork.Target{Language: "und-GB"}})
	if !errors.Is(err, fork.ErrInvalidInput) || !strings.Contains(err.Error(), "target_language") {
		t.Errorf("Verify(target und-GB) = %v; want ErrInvalidInput naming target_language", err)
	}
	_, err = f.Extract(ctx, fork.Source{HTML: langPage, Language: "x-private"})
	if !errors.Is(err, fork.ErrInvalidInput) {
		t.Errorf("Extract(language x-private) = %v; want ErrInvalidInput", err)
	}

	lang, err := fork.ParseLanguage(" EN_us ")
	if err != nil || lang.String() != "en-US" || lang.Base() != "en" || lang.Region() != "US" {
		t.Errorf("ParseLanguage(EN_us) = %v, %v; want en-US", lang, err)
	}
	_, err = fork.ParseLanguage("und-GB")
	var le *fork.LanguageError
	if !errors.Is(err, fork.ErrInvalidInput) || !errors.As(err, &le) || le.Reason != "it names a region but no language" {
		t.Errorf("ParseLanguage(und-GB) = %v; want ErrInvalidInput holding a LanguageError", err)
	}
}

func TestHTTPForkLanguageTags(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "mfork.db"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := httpapi.New(httpapi.Config{
		Forker:  fork.New(fork.WithProvider(rulesProvider())),
		Store:   st,
		Version: "test",
		Limits:  httpapi.Limits{ForksPerMinute: 1000, ForksPerDay: 10000, KeysPerHour: 1000},
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		srv.Close()
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = h.Close(cctx)
		_ = st.Close()
	})
	key, rec, err := apikey.New()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateKey(ctx, rec); err != nil {
		t.Fatal(err)
	}
	post := func(t *testing.T, body map[string]string, headers ...string) (int, map[string]any) {
		t.Helper()
		b, _ := json.Marshal(body)
		req, err := http.NewRequest("POST", srv.URL+"/v1/fork", strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
			t.Fatalf("POST /v1/fork: body is not a JSON object: %v", err)
		}
		return resp.StatusCode, v
	}
	modes := []struct {
		name    string
		body    func(tag string) map[string]string
		headers []string
		target  func(tagCase) string
	}{
		{"keyed", func(tag string) map[string]string { return map[string]string{"html": langPage, "target_language": tag} },
			[]string{"Authorization", "Bearer " + key}, func(tc tagCase) string { return tc.target }},
		{"sandbox", func(tag string) map[string]string { return map[string]string{"target_language": tag} },
			[]string{"X-Sandbox", "true"}, func(tc tagCase) string { return tc.sandbox }},
	}
	for _, m := range modes {
		for _, tc := range tagCases {
			t.Run(m.name+"/"+tc.tag, func(t *testing.T) {
				status, v := post(t, m.body(tc.tag), m.headers...)
				if tc.reason != "" {
					if status != http.StatusUnprocessableEntity {
						t.Fatalf("status %d; want 422 (body %v)", status, v)
					}
					msg := tagMsg(tc.tag, tc.reason)
					want := map[string]any{"detail": []any{map[string]any{
						"type": "value_error", "loc": []any{"body", "target_language"}, "msg": "Value error, " + msg,
						"input": tc.tag, "ctx": map[string]any{"error": msg},
					}}}
					if diff := cmp.Diff(want, v); diff != "" {
						t.Errorf("422 body mismatch (-want +got):\n%s", diff)
					}
					return
				}
				if status != http.StatusOK {
					t.Fatalf("status %d; want 200 (body %v)", status, v)
				}
				target, _ := v["target"].(map[string]any)
				if got, want := target["target_language"], m.target(tc); got != want {
					t.Errorf("target.target_language = %v; want %q", got, want)
				}
			})
		}
	}
}
