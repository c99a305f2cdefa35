package fork_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
)

func readPage(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "pages", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRequestJSONDefaults(t *testing.T) {
	tests := []struct {
		name string
		body string
		want fork.Request
	}{
		{"empty object", `{}`, fork.Request{Profile: "enthusiast", LanguageLayer: "everyday", SourceLanguage: "en", TargetLanguage: "en"}},
		{"some fields", `{"url":"https://example.com","profile":"skeptic"}`, fork.Request{URL: "https://example.com", Profile: "skeptic", LanguageLayer: "everyday", SourceLanguage: "en", TargetLanguage: "en"}},
		{"empty strings take defaults", `{"profile":"","target_language":" "}`, fork.Request{Profile: "enthusiast", LanguageLayer: "everyday", SourceLanguage: "en", TargetLanguage: "en"}},
		{"unknown fields ignored", `{"language_layer":"plain","colour":"red"}`, fork.Request{Profile: "enthusiast", LanguageLayer: "plain", SourceLanguage: "en", TargetLanguage: "en"}},
		{"inline html", `{"html":"<h1>Hi</h1>","target_language":"de-CH"}`, fork.Request{HTML: "<h1>Hi</h1>", Profile: "enthusiast", LanguageLayer: "everyday", SourceLanguage: "en", TargetLanguage: "de-CH"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got fork.Request
			if err := json.Unmarshal([]byte(tt.body), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("request mismatch (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("wrong type", func(t *testing.T) {
		var r fork.Request
		if err := json.Unmarshal([]byte(`{"profile":3}`), &r); err == nil {
			t.Error("got nil error for a number in a string field; want an error")
		}
	})
	t.Run("wire names", func(t *testing.T) {
		b, _ := json.Marshal(fork.Request{}.WithDefaults())
		want := `{"url":"","profile":"enthusiast","language_layer":"everyday","source_language":"en","target_language":"en"}`
		if string(b) != want {
			t.Errorf("got %s; want %s", b, want)
		}
	})
}

func TestRequestValidate(t *testing.T) {
	tests := []struct {
		name   string
		req    fork.Request
		fields []string
	}{
		{"ok", fork.Request{URL: "https://example.com/"}, nil},
		{"ok inline", fork.Request{HTML: "<p>x</p>", Profile: "Skeptic", LanguageLayer: "PLAIN"}, nil},
		{"missing url", fork.Request{}, []string{"url"}},
		{"ftp url", fork.Request{URL: "ftp://example.com/"}, []string{"url"}},
		{"no host", fork.Request{URL: "https:///path"}, []string{"url"}},
		{"unknown profile", fork.Request{URL: "https://example.com", Profile: "astronaut"}, []string{"profile"}},
		{"unknown layer", fork.Request{URL: "https://example.com", LanguageLayer: "poetic"}, []string{"language_layer"}},
		{"bad tags", fork.Request{URL: "https://example.com", SourceLanguage: "english!", TargetLanguage: "xx-YYYY-1"}, []string{"source_language", "target_language"}},
		{"everything wrong", fork.Request{Profile: "x", LanguageLayer: "y", SourceLanguage: "??", TargetLanguage: "en"}, []string{"url", "profile", "language_layer", "source_language"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.req.WithDefaults().Validate()
			if tt.fields == nil {
				if err != nil {
					t.Fatalf("got %v; want nil", err)
				}
				return
			}
			var ve *fork.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("got %v; want a *ValidationError", err)
			}
			if !errors.Is(err, fork.ErrInvalidInput) {
				t.Errorf("errors.Is(err, ErrInvalidInput) = false; want true")
			}
			var got []string
			for _, f := range ve.Fields {
				got = append(got, f.Field)
				if f.Msg == "" || f.Type == "" {
					t.Errorf("field %s: empty msg or type: %+v", f.Field, f)
				}
			}
			if diff := cmp.Diff(tt.fields, got); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCatalogs(t *testing.T) {
	want := []string{"enthusiast", "skeptic", "bargain-hunter", "busy-professional", "executive", "expert", "beginner", "cautious", "status-seeker", "eco-conscious", "parent", "early-adopter"}
	if diff := cmp.Diff(want, fork.ProfileNames()); diff != "" {
		t.Errorf("profiles (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"everyday", "professional", "technical", "plain"}, fork.LayerNames()); diff != "" {
		t.Errorf("layers (-want +got):\n%s", diff)
	}
	// The catalog is returned by value: changing it must not change the next call.
	ps := fork.Profiles()
	ps[0].Name = "changed"
	if got := fork.Profiles()[0].Name; got != "enthusiast" {
		t.Errorf("got %q after mutating a returned slice; want enthusiast", got)
	}
	for _, l := range fork.Layers() {
		if len(l.Rules) == 0 {
			t.Errorf("layer %s has no measurable rules", l.Name)
		}
	}
}

func TestExtractInline(t *testing.T) {
	f := fork.New()
	ex, err := f.Extract(context.Background(), fork.Source{HTML: readPage(t, "tidyflow-en.html")})
	if err != nil {
		t.Fatal(err)
	}
	var headline string
	ctas := map[string]string{}
	for _, b := range ex.Blocks {
		switch b.Role {
		case fork.RoleHeadline:
			if headline == "" {
				headline = b.Text
			}
		case fork.RoleCTA:
			ctas[b.Text] = b.Href
		}
		if strings.Contains(b.Text, "cookies") || b.Text == "Log in" {
			t.Errorf("block %d %q: navigation or cookie banner was extracted", b.ID, b.Text)
		}
	}
	if want := "Stop chasing invoices. Get paid on time."; headline != want {
		t.Errorf("got headline %q; want %q", headline, want)
	}
	if got, want := ctas["Start your free trial"], "https://app.tidyflow.example/signup?plan=starter"; got != want {
		t.Errorf("got CTA target %q; want %q", got, want)
	}
	values := map[string]bool{}
	for _, f := range ex.Ledger {
		values[string(f.Kind)+" "+f.Value] = true
	}
	for _, want := range []string{"price USD 12.00/month", "price USD 29.00/month", "percentage 20%", "email hello@tidyflow.example", "url https://app.tidyflow.example/signup?plan=growth", "name Tidyflow"} {
		if !values[want] {
			t.Errorf("ledger lacks %q; has %v", want, values)
		}
	}
	if got := ex.Analysis.Language; got != "en-US" || ex.Analysis.LanguageSource != "declared" {
		t.Errorf("got language %q from %q; want en-US from declared", got, ex.Analysis.LanguageSource)
	}
	if ex.Analysis.Readability.FleschKincaidGrade == nil {
		t.Error("English page has no Flesch–Kincaid grade")
	}
	if ex.Analysis.Pattern.Name == "" || len(ex.Analysis.Pattern.Evidence) == 0 {
		t.Errorf("pattern %+v has no name or evidence", ex.Analysis.Pattern)
	}
	if md := ex.Markdown(); !strings.Contains(md, "# Stop chasing invoices") {
		t.Errorf("markdown lacks the headline:\n%s", md)
	}
}

func TestExtractLanguage(t *testing.T) {
	ex, err := fork.New().Extract(context.Background(), fork.Source{HTML: readPage(t, "bergkaffee-de.html"), Language: "en"})
	if err != nil {
		t.Fatal(err)
	}
	if got := ex.Analysis.Language; got != "de-CH" {
		t.Errorf("got language %q; want de-CH (the declaration beats the hint)", got)
	}
	if !strings.Contains(ex.Analysis.LanguageNote, "hint") {
		t.Errorf("got note %q; want it to say the hint lost", ex.Analysis.LanguageNote)
	}
	if ex.Analysis.Readability.Amstad == nil {
		t.Error("German page has no Amstad score")
	}
	var price bool
	for _, f := range ex.Ledger {
		price = price || (f.Kind == "price" && f.Currency == "CHF" && f.Amount == 24.90)
	}
	if !price {
		t.Errorf("ledger lacks CHF 24.90: %+v", ex.Ledger)
	}

	// Without a declaration the words decide.
	undeclared := strings.Replace(readPage(t, "bergkaffee-de.html"), `lang="de-CH"`, "", 1)
	ex, err = fork.New().Extract(context.Background(), fork.Source{HTML: undeclared})
	if err != nil {
		t.Fatal(err)
	}
	if got := ex.Analysis.Language; got != "de" || ex.Analysis.LanguageSource != "detected" {
		t.Errorf("got %q from %q; want de from detected", got, ex.Analysis.LanguageSource)
	}
}

func TestExtractErrors(t *testing.T) {
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	defer slow.Close()
	img := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("\x89PNG\r\n\x1a\n"))
	}))
	defer img.Close()

	tests := []struct {
		name  string
		f     *fork.Forker
		src   fork.Source
		want  error
		about string
	}{
		{"nothing", fork.New(), fork.Source{}, fork.ErrInvalidInput, "url"},
		{"malformed", fork.New(), fork.Source{URL: "http//example"}, fork.ErrInvalidInput, "http"},
		{"no copy", fork.New(), fork.Source{HTML: readPage(t, "no-copy.html")}, fork.ErrNoCopy, "no headline"},
		{"loopback refused", fork.New(), fork.Source{URL: "http://127.0.0.1/"}, fork.ErrBlocked, "127.0.0.1"},
		{"test server port refused", fork.New(), fork.Source{URL: slow.URL}, fork.ErrBlocked, "port"},
		{"timeout", fork.New(fork.WithAllowPrivate(true), fork.WithFetchTimeout(300*time.Millisecond)), fork.Source{URL: slow.URL}, fork.ErrTimeout, "timed out"},
		{"not html", fork.New(fork.WithAllowPrivate(true)), fork.Source{URL: img.URL}, fork.ErrNotHTML, "image/png"},
		{"bad hint", fork.New(), fork.Source{HTML: "<h1>Hello there</h1>", Language: "!!"}, fork.ErrInvalidInput, "BCP 47"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.f.Extract(context.Background(), tt.src)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v; want an error wrapping %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.about) {
				t.Errorf("got message %q; want it to mention %q", err, tt.about)
			}
		})
	}
}

func TestExtractFetchesLoopbackWhenAllowed(t *testing.T) {
	page := readPage(t, "tidyflow-en.html")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	defer srv.Close()
	ex, err := fork.New(fork.WithAllowPrivate(true)).Extract(context.Background(), fork.Source{URL: srv.URL + "/pricing"})
	if err != nil {
		t.Fatal(err)
	}
	if ex.URL != srv.URL+"/pricing" {
		t.Errorf("got URL %q; want %q", ex.URL, srv.URL+"/pricing")
	}
	inline, err := fork.New().Extract(context.Background(), fork.Source{HTML: page})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(inline.Blocks, ex.Blocks); diff != "" {
		t.Errorf("fetched and inline blocks differ (-inline +fetched):\n%s", diff)
	}
}
