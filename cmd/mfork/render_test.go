package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
)

// TestRender is the agent's last step: a draft that passes verification
// becomes the page to ship; one that fails gets its report on standard
// error, exit code 1 and no page.
func TestRender(t *testing.T) {
	f := fork.New()
	page, err := os.ReadFile(tidyflow)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := f.Extract(t.Context(), fork.Source{HTML: string(page)})
	if err != nil {
		t.Fatal(err)
	}
	write := func(change func(b fork.Block) string) string {
		var d fork.Draft
		for _, b := range ex.Blocks {
			d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: change(b)})
		}
		data, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "draft.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const headline = "Late payers, reminded for you"
	good := write(func(b fork.Block) string {
		if b.Role == fork.RoleHeadline {
			return headline
		}
		return b.Text
	})

	t.Run("passing draft", func(t *testing.T) {
		code, out, errOut := runCLI(t, "", "render", "--source", tidyflow, "--fork", good)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if !strings.Contains(out, "<h1") || !strings.Contains(out, headline) {
			t.Errorf("the page lacks the new headline:\n%.400s", out)
		}
		for _, b := range ex.Blocks {
			if b.Role == fork.RoleCTA && b.Href != "" && !strings.Contains(out, b.Href) {
				t.Errorf("the page lost the link %q", b.Href)
			}
		}
		code, md, _ := runCLI(t, "", "render", "--source", tidyflow, "--fork", good, "--format", "md")
		if code != 0 || !strings.Contains(md, "# "+headline) {
			t.Errorf("exit %d; Markdown lacks the headline:\n%.300s", code, md)
		}
	})

	t.Run("to an A/B test", func(t *testing.T) {
		code, out, errOut := runCLI(t, "", "render", "--source", tidyflow, "--fork", good, "--format", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var res fork.Result
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("render --format json is not a fork result: %v", err)
		}
		if res.Provider.Name != fork.DraftProvider || !res.Passed || !strings.Contains(res.HTML, headline) {
			t.Errorf("provider %q, passed %v, page has the headline %v; want the draft's own, verified, rendered", res.Provider.Name, res.Passed, strings.Contains(res.HTML, headline))
		}
		path := filepath.Join(t.TempDir(), "result.json")
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		code, exp, errOut := runCLI(t, "", "export", "--source", tidyflow, "--fork", path, "--format", "patch")
		if code != 0 || !strings.Contains(exp, headline) {
			t.Errorf("export exit %d (%s); the patch lacks the draft's headline:\n%.400s", code, errOut, exp)
		}
	})

	t.Run("failing draft", func(t *testing.T) {
		bad := write(func(b fork.Block) string {
			if b.Role == fork.RolePrice {
				return strings.ReplaceAll(b.Text, "12", "2")
			}
			return b.Text
		})
		code, out, errOut := runCLI(t, "", "render", "--source", tidyflow, "--fork", bad)
		if code != 1 || out != "" || !strings.Contains(errOut, "FAIL  ledger") {
			t.Errorf("exit %d, stdout %d bytes, stderr %q; want 1, no page, the failed ledger check", code, len(out), errOut)
		}
	})

	t.Run("help", func(t *testing.T) {
		if code, out, _ := runCLI(t, "", "render", "--help"); code != 0 || !strings.Contains(out, "-fork") {
			t.Errorf("exit %d: %s", code, out)
		}
	})
}
