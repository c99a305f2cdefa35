package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const exportPage = "../../export/testdata/page.html"

// forkJSON forks the export fixture page with the CLI and saves the result.
func forkJSON(t *testing.T, profile string) string {
	t.Helper()
	code, out, errOut := runCLI(t, "", "fork", "--format", "json", "--profile", profile, exportPage)
	if code != 0 {
		t.Fatalf("fork: exit %d: %s", code, errOut)
	}
	p := filepath.Join(t.TempDir(), profile+".json")
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExport(t *testing.T) {
	res := forkJSON(t, "executive")
	for _, tc := range []struct{ format, want string }{
		{"growthbook", `"domMutations"`},
		{"optimizely", `"type": "attribute"`},
		{"posthog", `"transforms"`},
		{"patch", `"moves"`},
		{"unbounce", `<base href="https://loomwise.example/throws">`},
	} {
		t.Run(tc.format, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", "export", "--source", exportPage, "--fork", res, "--format", tc.format, "--url", "https://loomwise.example/throws")
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %s", code, errOut)
			}
			if !strings.Contains(out, tc.want) {
				t.Errorf("output lacks %s:\n%.400s", tc.want, out)
			}
			if tc.format != "unbounce" && !json.Valid([]byte(out)) {
				t.Errorf("not JSON:\n%.400s", out)
			}
		})
	}
}

// TestExportFetchesTheSource: with --source a URL, the page is fetched and
// its URL is the targeting's.
func TestExportFetchesTheSource(t *testing.T) {
	page, err := os.ReadFile(exportPage)
	if err != nil {
		t.Fatal(err)
	}
	srv, port := servePage(t, page)
	res := forkJSON(t, "executive")
	code, out, errOut := runCLI(t, "", "export", "--allow-hosts", "127.0.0.1:"+port, "--source", srv.URL+"/throws", "--fork", res, "--format", "growthbook")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, `"pattern": "`+srv.URL+`/throws"`) {
		t.Errorf("the URL pattern is not the fetched page's:\n%.600s", out)
	}
}

func TestExportBadInput(t *testing.T) {
	res := forkJSON(t, "busy-professional")
	dir := t.TempDir()
	other := filepath.Join(dir, "other.html")
	os.WriteFile(other, []byte("<h1>Another page</h1><p>With other words.</p>"), 0o644)
	notJSON := filepath.Join(dir, "fork.json")
	os.WriteFile(notJSON, []byte("{not json"), 0o644)
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, []byte("{}"), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no flags", nil, "export needs --source"},
		{"no format", []string{"--source", exportPage, "--fork", res}, "export needs"},
		{"unknown format", []string{"--source", exportPage, "--fork", res, "--format", "vwo"}, `unknown export format "vwo"`},
		{"stray argument", []string{"--source", exportPage, "--fork", res, "--format", "patch", "extra"}, "export needs"},
		{"another page", []string{"--source", other, "--fork", res, "--format", "patch"}, "does not match the fork"},
		{"fork is not JSON", []string{"--source", exportPage, "--fork", notJSON, "--format", "patch"}, "is not a fork result"},
		{"fork without blocks", []string{"--source", exportPage, "--fork", empty, "--format", "patch"}, "has no blocks"},
		{"missing fork file", []string{"--source", exportPage, "--fork", filepath.Join(dir, "none.json"), "--format", "patch"}, "no such file"},
		{"both from stdin", []string{"--source", "-", "--fork", "-", "--format", "patch"}, "only one of"},
		{"not http", []string{"--source", "ftp://example.com/", "--fork", res, "--format", "patch"}, "only http and https"},
		// This page gives a busy reader's fork nothing to change: it is no
		// variant, and a test of it would be an A/A test.
		{"a fork that changes nothing", []string{"--source", exportPage, "--fork", res, "--format", "patch"}, "no_variant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append([]string{"export"}, tc.args...)...)
			if code != 2 || out != "" || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, errOut, tc.want)
			}
		})
	}
}
