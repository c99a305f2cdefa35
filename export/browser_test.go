package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/export"
	"github.com/marketingfork/fork/internal/chromium"
	"github.com/marketingfork/fork/internal/markup"
	"github.com/marketingfork/fork/internal/selector"
	"github.com/marketingfork/fork/provider/rules"
)

// required fails the test under MFORK_REQUIRE_CHROMIUM=1 and skips it
// elsewhere.
func required(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("MFORK_REQUIRE_CHROMIUM") == "1" {
		t.Fatal("MFORK_REQUIRE_CHROMIUM=1 but " + why)
	}
	t.Skip(why)
}

// domMutator returns GrowthBook's dom-mutator as published on npm,
// installing testdata/browser's locked package.json when it is missing.
func domMutator(t *testing.T) []byte {
	t.Helper()
	const dist = "testdata/browser/node_modules/dom-mutator/dist/dom-mutator.esm.js"
	if _, err := os.Stat(dist); err != nil {
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		cmd.Dir = "testdata/browser"
		if out, err := cmd.CombinedOutput(); err != nil {
			required(t, "npm ci in export/testdata/browser failed: "+err.Error()+"\n"+string(out))
		}
	}
	b, err := os.ReadFile(dist)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// check is a block to read back in the browser and the text it must have.
type check struct {
	Selector  string `json:"selector"`
	Attribute string `json:"attribute,omitempty"`
	want      string
}

// forkChecks locates every block of the fork on the forked page, where
// the export must have put it: the forked page is the source with only its
// copy changed and its sections in the fork's order.
func forkChecks(t *testing.T, res *fork.Result) []check {
	t.Helper()
	ex, err := fork.New().Extract(context.Background(), fork.Source{HTML: res.HTML})
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Blocks) != len(res.Blocks) {
		t.Fatalf("the forked page has %d blocks, the fork %d", len(ex.Blocks), len(res.Blocks))
	}
	ix, err := selector.Parse(strings.NewReader(res.HTML))
	if err != nil {
		t.Fatal(err)
	}
	var out []check
	for i, b := range ex.Blocks {
		sel, err := ix.For(b.Path)
		if err != nil {
			t.Fatal(err)
		}
		_, attr, _ := strings.Cut(b.Path, "@")
		// The page shows a line break the fork added (markup.LineBreak) as
		// a <br>, which its text reads as white space.
		out = append(out, check{Selector: sel, Attribute: attr, want: strings.Join(strings.Fields(strings.ReplaceAll(res.Blocks[i].Text, markup.LineBreak, " ")), " ")})
	}
	return out
}

// applyInChromium opens the source page in headless Chromium with the
// export applied by testdata/browser/apply.js and returns the text of
// each checked element. The page's own scripts are blocked by a
// Content-Security-Policy and every host name is unresolvable, so the
// browser sees only the page's bytes, the tool's code and the export.
func applyInChromium(t *testing.T, bin string, mutator, page []byte, format string, payload any, checks []check) []string {
	t.Helper()
	applyJS, err := os.ReadFile("testdata/browser/apply.js")
	if err != nil {
		t.Fatal(err)
	}
	run, err := json.Marshal(map[string]any{"format": format, "payload": payload, "checks": checks})
	if err != nil {
		t.Fatal(err)
	}
	tag := []byte(`<script type="module" src="/apply.js"></script>`)
	served := append(append([]byte{}, page...), tag...)
	if i := bytes.LastIndex(bytes.ToLower(page), []byte("</body>")); i >= 0 {
		served = append(append(append([]byte{}, page[:i]...), tag...), page[i:]...)
	}
	result := make(chan []byte, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/page":
			w.Header().Set("Content-Security-Policy", "script-src 'self'; object-src 'none'")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(served)
		case "/apply.js", "/dom-mutator.js":
			w.Header().Set("Content-Type", "text/javascript")
			if r.URL.Path == "/apply.js" {
				w.Write(applyJS)
			} else {
				w.Write(mutator)
			}
		case "/run.json":
			w.Header().Set("Content-Type", "application/json")
			w.Write(run)
		case "/result":
			b, _ := io.ReadAll(r.Body)
			select {
			case result <- b:
			default:
			}
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-extensions", "--disable-background-networking", "--disable-sync",
		"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--user-data-dir="+t.TempDir(),
		"--virtual-time-budget=5000", "--dump-dom", srv.URL+"/page")
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, errb.String())
	}
	var got struct {
		Error string   `json:"error"`
		Texts []string `json:"texts"`
	}
	select {
	case b := <-result:
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("the page reported nothing (did apply.js run?)\n%s", errb.String())
	}
	if got.Error != "" {
		t.Fatalf("%s: applying the export failed in the browser: %s", format, got.Error)
	}
	return got.Texts
}

// TestBrowserApply applies the growthbook, patch and posthog exports to the
// source page in headless Chromium (GrowthBook's own dom-mutator from npm;
// posthog-js's transform rules) and reads back every block: each reads as
// the fork. Our own page forked with and without section moves, and two
// corpus pages.
func TestBrowserApply(t *testing.T) {
	bin := chromium.Bin(t)
	mutator := domMutator(t)
	type page struct{ name, file, profile string }
	pages := []page{
		{"own page", "testdata/page.html", "busy-professional"},
		{"own page, sections moved", "testdata/page.html", "cautious"},
		{"corpus 11", "../../shared/corpus/11-healthchecks-pricing.html", "skeptic"},
		{"corpus 12, sections moved", "../../shared/corpus/12-crafting-interpreters.html", "executive"},
	}
	f := fork.New(fork.WithProvider(rules.New()))
	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.FromSlash(p.file))
			if err != nil {
				t.Fatal(err)
			}
			var res *fork.Result
			if p.file == "testdata/page.html" {
				res, _ = forkPage(t, p.profile)
			} else if res, err = f.Fork(context.Background(), fork.Request{HTML: string(src), Profile: p.profile}); err != nil {
				t.Fatal(err)
			}
			res.SourceURL = sourceURL
			ex, err := export.New(src, res)
			if err != nil {
				t.Fatal(err)
			}
			if len(ex.Variants[0].Changes) == 0 {
				t.Fatal("the fork changes nothing: the check would prove nothing")
			}
			checks := forkChecks(t, res)
			// Unapplied, the changed blocks read as the source: the
			// check can fail.
			before := applyInChromium(t, bin, mutator, src, "none", nil, checks)
			same := 0
			for i, c := range checks {
				if before[i] == c.want {
					same++
				}
			}
			if same == len(checks) {
				t.Fatal("the unchanged source already reads as the fork")
			}
			for _, format := range []struct {
				name    string
				payload any
			}{
				{"growthbook", ex.GrowthBook()},
				{"patch", ex.Patch()},
				{"posthog", ex.PostHog()},
			} {
				t.Run(format.name, func(t *testing.T) {
					got := applyInChromium(t, bin, mutator, src, format.name, format.payload, checks)
					for i, c := range checks {
						if got[i] != c.want {
							t.Errorf("block %d (%s%s): reads %q, want %q", i, c.Selector, attrSuffix(c.Attribute), got[i], c.want)
						}
					}
				})
			}
		})
	}
}

func attrSuffix(a string) string {
	if a == "" {
		return ""
	}
	return " @" + a
}
