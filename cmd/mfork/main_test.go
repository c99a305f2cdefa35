package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marketingfork/fork/skill"
)

const tidyflow = "../../testdata/pages/tidyflow-en.html"

func runCLI(t testing.TB, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestExtractJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "", "extract", tidyflow)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Blocks []struct {
			Role string `json:"role"`
			Text string `json:"text"`
			Href string `json:"href"`
		} `json:"blocks"`
		Ledger []struct {
			Kind string `json:"kind"`
			Text string `json:"text"`
		} `json:"ledger"`
		Analysis map[string]any `json:"analysis"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if len(got.Blocks) == 0 || len(got.Ledger) == 0 || got.Analysis["language"] != "en-US" {
		t.Errorf("got %d blocks, %d facts, language %v; want blocks, facts and en-US", len(got.Blocks), len(got.Ledger), got.Analysis["language"])
	}
	for _, b := range got.Blocks {
		if b.Role == "" || b.Text == "" {
			t.Errorf("block without role or text: %+v", b)
		}
	}
}

func TestExtractMarkdownFromStdin(t *testing.T) {
	page, err := os.ReadFile(tidyflow)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, string(page), "extract", "-", "--format", "md")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "# Stop chasing invoices") {
		t.Errorf("markdown lacks the headline:\n%s", out)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.html")
	os.WriteFile(empty, nil, 0o644)
	big := filepath.Join(dir, "big.html")
	os.WriteFile(big, bytes.Repeat([]byte("<p>x</p>"), 1<<20), 0o644)
	bare := filepath.Join(dir, "bare.html")
	os.WriteFile(bare, []byte("<html><head><script>x()</script></head><body><nav><a href=/>Home</a></nav></body></html>"), 0o644)

	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	defer slow.Close()
	img := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("\x89PNG\r\n\x1a\n0000"))
	}))
	defer img.Close()

	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no command", nil, "no command"},
		{"unknown command", []string{"frobnicate"}, "unknown command"},
		{"no argument", []string{"extract"}, "one URL"},
		{"bad format", []string{"extract", "--format", "xml", tidyflow}, "--format"},
		{"malformed URL", []string{"extract", "http//example.com"}, "no such file"},
		{"other scheme", []string{"extract", "ftp://example.com/"}, "only http and https"},
		{"blocked address", []string{"extract", "http://127.0.0.1/"}, "loopback"},
		{"blocked address's type", []string{"extract", "http://127.0.0.1/"}, "mfork: url_blocked: "},
		{"metadata address", []string{"extract", "http://169.254.169.254/latest/meta-data/"}, "link-local"},
		{"blocked port", []string{"extract", "http://example.com:8080/"}, "port"},
		{"metadata under allow-private", []string{"extract", "--allow-private", "http://169.254.169.254/latest/meta-data/"}, "link-local"},
		{"metadata name under allow-private", []string{"extract", "--allow-private", "http://metadata.google.internal/computeMetadata/v1/"}, "cloud metadata"},
		{"bad allow-hosts", []string{"extract", "--allow-hosts", "example.com:80", tidyflow}, "--allow-hosts"},
		{"another port than allowed", []string{"extract", "--allow-hosts", "localhost:1", slow.URL}, "port"},
		{"timeout", []string{"extract", "--allow-private", "--timeout", "300ms", slow.URL}, "mfork: page_timeout: "},
		{"not html", []string{"extract", "--allow-private", img.URL}, "mfork: page_not_html: not an HTML page"},
		{"too large", []string{"extract", big}, "larger than 5 MB"},
		{"empty page", []string{"extract", empty}, "empty"},
		{"no copy", []string{"extract", bare}, "no copy"},
		{"verify without fork", []string{"verify", "--source", tidyflow}, "--fork"},
		{"bad timeout", []string{"extract", "--timeout", "0s", tidyflow}, "--timeout"},
		{"bad rewrite timeout", []string{"fork", "--rewrite-timeout", "0s", tidyflow}, "--rewrite-timeout must be between 1s and 1h0m0s"},
		{"rewrite timeout too long", []string{"serve", "--rewrite-timeout", "2h"}, "--rewrite-timeout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tt.args...)
			if code != 2 {
				t.Errorf("got exit %d; want 2", code)
			}
			if out != "" {
				t.Errorf("got stdout %q; want none", out)
			}
			lines := strings.Split(strings.TrimSpace(errOut), "\n")
			last := lines[len(lines)-1]
			if !strings.HasPrefix(last, "mfork: ") || !strings.Contains(last, tt.want) {
				t.Errorf("got stderr %q; want one line starting mfork: and mentioning %q", errOut, tt.want)
			}
			if strings.Contains(errOut, "panic") || strings.Contains(errOut, "goroutine") {
				t.Errorf("stderr shows a panic: %s", errOut)
			}
		})
	}
}

func TestVerifyExitCodes(t *testing.T) {
	// The source itself, as JSON blocks, is a fork that keeps everything.
	code, out, errOut := runCLI(t, "", "extract", tidyflow)
	if code != 0 {
		t.Fatalf("extract: exit %d: %s", code, errOut)
	}
	dir := t.TempDir()
	same := filepath.Join(dir, "same.json")
	os.WriteFile(same, []byte(out), 0o644)
	tampered := filepath.Join(dir, "tampered.json")
	os.WriteFile(tampered, []byte(strings.ReplaceAll(out, "$29/month", "$9/month")), 0o644)
	page, _ := os.ReadFile(tidyflow)
	htmlFork := filepath.Join(dir, "fork.html")
	os.WriteFile(htmlFork, page, 0o644)
	garbage := filepath.Join(dir, "garbage.json")
	os.WriteFile(garbage, []byte("{not json"), 0o644)

	tests := []struct {
		name string
		fork string
		code int
		want string
	}{
		{"unchanged JSON passes", same, 0, "PASS  ledger"},
		{"unchanged HTML passes", htmlFork, 0, "fork passed every check"},
		{"changed price fails", tampered, 1, "FAIL  ledger"},
		{"not JSON", garbage, 2, "neither HTML nor JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", "verify", "--source", tidyflow, "--fork", tt.fork, "--layer", "technical")
			if code != tt.code {
				t.Fatalf("got exit %d; want %d\nstdout: %s\nstderr: %s", code, tt.code, out, errOut)
			}
			if !strings.Contains(out+errOut, tt.want) {
				t.Errorf("output lacks %q:\n%s%s", tt.want, out, errOut)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, cmd := range []string{"extract", "verify", "fork", "plan", "render", "serve", "profiles", "keys", "export"} {
		code, out, errOut := runCLI(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(out, "mfork "+cmd+" flags:") || !strings.Contains(out, "-") || errOut != "" {
			t.Errorf("%s --help: exit %d, stdout %q, stderr %q; want the flag list on stdout and exit 0", cmd, code, out, errOut)
		}
	}
}

// TestSkillNamesRealCommands runs every mfork command the skill's tools
// table names: a renamed or removed command fails here, not in an agent's
// hands.
func TestSkillNamesRealCommands(t *testing.T) {
	cmds := skill.Commands()
	if len(cmds) < 5 {
		t.Fatalf("the skill names %v; want at least extract, plan, verify, render, export", cmds)
	}
	for _, cmd := range cmds {
		if code, out, _ := runCLI(t, "", cmd, "--help"); code != 0 || !strings.Contains(out, "mfork "+cmd+" flags:") {
			t.Errorf("the skill's tools table names mfork %s: exit %d", cmd, code)
		}
	}
}

func TestPlan(t *testing.T) {
	code, out, errOut := runCLI(t, "", "plan", "--profile", "skeptic", "--layer", "plain", tidyflow)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var plan struct {
		Profile struct{ Name string } `json:"profile"`
		Layer   struct {
			Rules []struct{ Name string } `json:"rules"`
		} `json:"layer"`
		Blocks []struct {
			ID     int `json:"id"`
			Budget struct {
				Max int `json:"max_chars"`
			} `json:"budget"`
		} `json:"blocks"`
		Ledger   []any `json:"ledger"`
		Material []struct {
			Block int    `json:"block"`
			Why   string `json:"why"`
		} `json:"material"`
	}
	if err := json.Unmarshal([]byte(out), &plan); err != nil {
		t.Fatal(err)
	}
	if plan.Profile.Name != "skeptic" || len(plan.Layer.Rules) == 0 || len(plan.Blocks) == 0 || plan.Blocks[0].Budget.Max == 0 || len(plan.Ledger) == 0 {
		t.Errorf("plan lacks the profile, the layer's rules, budgets or the ledger: %.300s", out)
	}
	if len(plan.Material) == 0 || plan.Material[0].Why == "" {
		t.Errorf("plan names no page material for the skeptic (the page states a measured figure): %+v", plan.Material)
	}
	if code, _, errOut := runCLI(t, "", "plan", "--profile", "astronaut", tidyflow); code != 2 || !strings.Contains(errOut, "skeptic") {
		t.Errorf("unknown profile: exit %d %q; want 2 and the valid names", code, errOut)
	}
}

func TestProviderFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"fork", "--provider", "openai", tidyflow}, "needs a model"},
		{[]string{"fork", "--provider", "magic", tidyflow}, "use rules or openai"},
		{[]string{"serve", "--provider", "openai", "--db", "sqlite:" + filepath.Join(t.TempDir(), "p.db")}, "needs a model"},
		{[]string{"fork", "--to", "de", tidyflow}, "cannot translate"},
		// The budget holds before any call: nothing listens on port 1.
		{[]string{"fork", "--provider", "openai", "--model", "m", "--openai-base-url", "http://127.0.0.1:1/v1", "--max-tokens", "300", tidyflow},
			"token budget of 300 is spent"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[:3], " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, "", tt.args...)
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Errorf("got exit %d %q; want 2 and %q", code, errOut, tt.want)
			}
		})
	}
}

func TestRedactDB(t *testing.T) {
	tests := []struct{ in, want string }{
		{"postgres://mfork:s3cret@db:5432/mfork?sslmode=require", "postgres://mfork:xxxxx@db:5432/mfork?sslmode=require"},
		{"postgres://mfork@db/mfork", "postgres://mfork@db/mfork"},
		{"host=db password=s3cret dbname=mfork", "host=db password=xxxxx dbname=mfork"},
		{"sqlite:./data/mfork.db", "sqlite:./data/mfork.db"},
	}
	for _, tt := range tests {
		if got := redactDB(tt.in); got != tt.want {
			t.Errorf("redactDB(%q): got %q; want %q", tt.in, got, tt.want)
		}
	}
	t.Setenv("MFORK_DB", "postgres://mfork:s3cret@db:5432/mfork")
	for _, cmd := range [][]string{{"serve", "--help"}, {"keys", "list", "--help"}} {
		_, out, errOut := runCLI(t, "", cmd...)
		help := out + errOut
		if !strings.Contains(help, "postgres://mfork:xxxxx@db:5432/mfork") || strings.Contains(help, "s3cret") {
			t.Errorf("%s: want the default with its password hidden:\n%s", strings.Join(cmd, " "), help)
		}
	}
}

// TestServeWaitsForTheDatabase: a node started before its database tries
// again for --db-wait, then fails with a clear message.
func TestServeWaitsForTheDatabase(t *testing.T) {
	start := time.Now()
	code, _, errOut := runCLI(t, "", "serve", "--addr", "127.0.0.1:0", "--db-wait", "1s",
		"--db", "postgres://mfork:s3cret@127.0.0.1:1/mfork?sslmode=disable&connect_timeout=1")
	if code == 0 || !strings.Contains(errOut, "store unavailable") || !strings.Contains(errOut, "trying again") {
		t.Errorf("got exit %d:\n%s\nwant a failure after retries", code, errOut)
	}
	if strings.Contains(errOut, "s3cret") {
		t.Errorf("the output shows the password:\n%s", errOut)
	}
	if took := time.Since(start); took < 500*time.Millisecond {
		t.Errorf("gave up after %v; want it to try again for about --db-wait", took)
	}
}

// TestAllowHostsReachesOnlyThatServer: --allow-hosts opens one local page
// server, under its name and its loopback address, and nothing else.
// servePage serves page at every path until the test ends, and returns
// the server and its port.
func servePage(t *testing.T, page []byte) (*httptest.Server, string) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	}))
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	return srv, port
}

func TestAllowHostsReachesOnlyThatServer(t *testing.T) {
	page, err := os.ReadFile(tidyflow)
	if err != nil {
		t.Fatal(err)
	}
	srv, port := servePage(t, page)
	allow := "localhost:" + port
	for _, u := range []string{"http://localhost:" + port + "/", srv.URL + "/"} {
		code, out, errOut := runCLI(t, "", "extract", "--format", "md", "--allow-hosts", allow, u)
		if code != 0 || !strings.Contains(out, "#") {
			t.Errorf("%s: exit %d, stdout %q, stderr %s", u, code, out, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "", "extract", srv.URL+"/"); code != 2 || !strings.Contains(errOut, "blocked") {
		t.Errorf("without --allow-hosts: exit %d, %s; want blocked", code, errOut)
	}
}

// TestVerifyBrand: mfork verify enforces --keep, --glossary and --avoid
// on a fork written elsewhere, naming the term, and passes a fork that
// holds them.
func TestVerifyBrand(t *testing.T) {
	code, out, errOut := runCLI(t, "", "extract", tidyflow)
	if code != 0 {
		t.Fatalf("extract: exit %d: %s", code, errOut)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	same := write("same.json", out)
	renamed := write("renamed.json", strings.Replace(out, "Tidyflow reminds late payers", "TidyFlow reminds late payers", 1))
	bills := write("bills.json", strings.Replace(out, "Stop chasing invoices.", "Stop chasing bills.", 1))
	cheap := write("cheap.json", strings.Replace(out, "Get paid on time.", "Get paid on time, cheap.", 1))
	tests := []struct {
		name string
		fork string
		args []string
		code int
		want string
	}{
		{"kept name stands", same, []string{"--keep", "Tidyflow"}, 0, "PASS  keep"},
		{"kept name changed", renamed, []string{"--keep", "Tidyflow"}, 1, `FAIL  keep`},
		{"glossary not used", same, []string{"--glossary", "stop chasing invoices=stop chasing bills"}, 1, `"stop chasing invoices" in block`},
		{"glossary used", bills, []string{"--glossary", "stop chasing invoices=stop chasing bills"}, 0, "PASS  glossary"},
		{"avoided word added", cheap, []string{"--avoid", "cheap"}, 1, `adds "cheap"`},
		{"bad glossary flag", same, []string{"--glossary", "no-equals"}, 2, "TERM=RENDERING"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"verify", "--source", tidyflow, "--fork", tt.fork, "--layer", "technical"}, tt.args...)
			code, out, errOut := runCLI(t, "", args...)
			if code != tt.code {
				t.Fatalf("got exit %d; want %d\nstdout: %s\nstderr: %s", code, tt.code, out, errOut)
			}
			if !strings.Contains(out+errOut, tt.want) {
				t.Errorf("output lacks %q:\n%s%s", tt.want, out, errOut)
			}
		})
	}
}
