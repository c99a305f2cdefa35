//go:build stress

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// schemathesisConfig is what the contract fuzz run asks of the server
// beyond the OpenAPI document, each with its reason:
//
//   - POST /v1/fork, /ask and a kept fork's drift fetch a page: a page
//     that cannot be fetched is the page's fault, answered 502 or 504 as
//     the contract declares, not a server error. (The server fetches only
//     from the loopback page server, so every other URL is refused, 422,
//     and no traffic leaves the machine.)
const schemathesisConfig = `
[[operations]]
include-path-regex = "^/(v1/fork|ask|v1/forks/\\{id\\}/drift)$"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "502", "504"]
`

// schemathesisRun is one fuzz run: its name and the header that
// authenticates it.
type schemathesisRun struct{ name, header string }

var generated = regexp.MustCompile(`(\d+) generated`)

// TestStressSchemathesis runs Schemathesis over every operation of
// /openapi.json, once with an API key and once with the sandbox, with
// every check but positive_data_acceptance, and requires no failure.
// positive_data_acceptance expects any schema-valid request to succeed,
// which no schema can promise for opaque values (a fork id, a cursor, an
// OAuth code or client id that the server did not issue). The catch-all
// /{path} is left out: a fuzzer fills its template with real route names
// ("mcp") and then judges those routes by the catch-all's answers; the
// routes tests cover it. The seed is fixed, so CI runs the cases a
// developer ran; each run is bounded by its examples per operation and by
// --max-time.
func TestStressSchemathesis(t *testing.T) {
	st := os.Getenv("MFORK_SCHEMATHESIS")
	if st == "" {
		t.Fatal("MFORK_SCHEMATHESIS is not set: run this through make stress, which installs Schemathesis")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "schemathesis.toml"), []byte(schemathesisConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := buildBinary(t)
	ps := newPageServer(t, 0)
	host := strings.TrimPrefix(ps.URL, "http://")
	base, _, logs := startServer(t, bin, "--db", "sqlite:"+filepath.Join(dir, "m.db"),
		"--allow-hosts", host, "--only-allow-hosts",
		"--forks-per-minute", "-1", "--forks-per-day", "-1", "--keys-per-hour", "100000")
	key := issueKey(t, base)
	for _, run := range []schemathesisRun{{"keyed", "Authorization: Bearer " + key}, {"sandbox", "X-Sandbox: true"}} {
		t.Run(run.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			// One worker: with two, Hypothesis's threads raced on
			// sys.modules while describing a strategy ("dictionary changed
			// size during iteration", seen once in CI), an error of the
			// tool's that failed the run.
			cmd := exec.CommandContext(ctx, st, "run", base+"/openapi.json", "-H", run.header,
				"--checks", "all", "--exclude-checks", "positive_data_acceptance", "--exclude-path", "/{path}",
				"--seed", "20261124", "--max-examples", "40", "--max-time", "90", "--workers", "1", "--no-color")
			cmd.Dir = dir
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			summary := out.String()
			if i := strings.LastIndex(summary, "SUMMARY"); i >= 0 {
				summary = summary[i:]
			}
			n := "?"
			if m := generated.FindStringSubmatch(summary); m != nil {
				n = m[1]
			}
			t.Logf("schemathesis, %s: %s cases generated, exit %v", run.name, n, err)
			if err != nil {
				// One line per call, so that each keeps the file:line
				// prefix the CI log's filter lets through.
				for _, ln := range strings.Split(tail(out.String(), 12000), "\n") {
					t.Logf("schemathesis: %s", ln)
				}
				for _, ln := range strings.Split(tail(logs.String(), 3000), "\n") {
					t.Logf("server: %s", ln)
				}
				t.Errorf("schemathesis found failures (above)")
			}
		})
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
