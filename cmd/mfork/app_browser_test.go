package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/marketingfork/fork/internal/chromium"
)

// browse runs headless Chromium on a URL of the test's server until its
// fetches settle, with args (--dump-dom, --screenshot=…), and returns its
// output. Only loopback addresses resolve.
func browse(t *testing.T, bin, target string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
		"--disable-background-networking", "--disable-sync", "--hide-scrollbars",
		"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=8000"}
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), target)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, errb.String())
	}
	return out.Bytes()
}

// appView is what /app shows once its fork has run.
type appView struct {
	status, exported string
	rows, changed    int
	rationales       []string
	kept             []string
}

var keptID = regexp.MustCompile(`fk_[a-z0-9]+`)

func readApp(t *testing.T, dom []byte) appView {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(dom))
	if err != nil {
		t.Fatal(err)
	}
	var v appView
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			attr := map[string]string{}
			for _, a := range n.Attr {
				attr[a.Key] = a.Val
			}
			switch {
			case attr["id"] == "status":
				v.status = text(n)
			case attr["id"] == "exported":
				v.exported = text(n)
			case n.Data == "tr" && attr["data-block"] != "":
				v.rows++
				if attr["class"] == "changed" {
					v.changed++
				}
			case n.Data == "span" && strings.HasPrefix(attr["class"], "rationale"):
				v.rationales = append(v.rationales, text(n))
			case attr["id"] == "forks":
				v.kept = keptID.FindAllString(text(n), -1)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return v
}

func text(n *html.Node) string {
	var sb strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			sb.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.TrimSpace(sb.String())
}

// TestAppInBrowser drives /app in headless Chromium as a marketer would:
// a sandbox fork of the sample, then, with a key, a fork of a page on
// this machine, read beside its source with the changed blocks marked
// and their rationale, exported for GrowthBook, the export copied to the
// clipboard with the Copy button (driven over the DevTools protocol), and
// listed among the key's forks. Screenshots at desktop and phone widths are kept in
// MFORK_ARTEFACTS (for CI) for a person to look at.
func TestAppInBrowser(t *testing.T) {
	browser := chromium.Bin(t)
	if testing.Short() {
		t.Skip("builds the server and starts a browser")
	}
	out := chromium.Artefacts(t, "app")
	bin := buildBinary(t)
	ps := newPageServer(t, 0)
	host := strings.TrimPrefix(ps.URL, "http://")
	base, _, logs := startServer(t, bin, "--db", "sqlite:"+filepath.Join(t.TempDir(), "m.db"), "--allow-hosts", host)

	t.Run("sandbox", func(t *testing.T) {
		v := readApp(t, browse(t, browser, base+"/app?sandbox=1&profile=cautious&run=1", "--dump-dom"))
		if !strings.Contains(v.status, "Sandbox") || v.rows < 10 || v.changed == 0 || len(v.rationales) == 0 || v.rationales[0] == "" {
			t.Errorf("status %q, %d rows, %d changed, rationales %q; want the sample forked, changes marked with their reasons\n%s", v.status, v.rows, v.changed, v.rationales, logs.String())
		}
	})

	t.Run("keyed fork to GrowthBook", func(t *testing.T) {
		resp, err := http.Post(base+"/get-key", "application/json", strings.NewReader(`{"label":"app test"}`))
		if err != nil {
			t.Fatal(err)
		}
		var k struct {
			APIKey string `json:"api_key"`
		}
		err = json.NewDecoder(resp.Body).Decode(&k)
		resp.Body.Close()
		if err != nil || k.APIKey == "" {
			t.Fatalf("get-key: %v", err)
		}
		page := ps.URL + "/pricing"
		target := base + "/app?" + url.Values{"url": {page}, "profile": {"skeptic"}, "run": {"1"}, "export": {"growthbook"}}.Encode() + "#key=" + k.APIKey
		v := readApp(t, browse(t, browser, target, "--dump-dom"))
		id := keptID.FindString(v.status)
		if id == "" || v.rows < 10 || v.changed == 0 {
			t.Fatalf("status %q, %d rows, %d changed; want a kept fork of the page, changes marked\n%s", v.status, v.rows, v.changed, logs.String())
		}
		var gb struct {
			Experiment struct {
				Name string `json:"name"`
			} `json:"experiment"`
		}
		if err := json.Unmarshal([]byte(v.exported), &gb); err != nil || gb.Experiment.Name == "" {
			t.Errorf("the export box holds no GrowthBook experiment (%v): %.300s", err, v.exported)
		}
		if len(v.kept) == 0 || v.kept[0] != id {
			t.Errorf("your forks list %v; want %s first", v.kept, id)
		}
		t.Run("export copied", func(t *testing.T) {
			// A marketer presses Copy and pastes the export into
			// GrowthBook: the clipboard must hold the export box's text.
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			s := chromium.Start(t, browser)
			if err := s.Browser(ctx, "Browser.grantPermissions", map[string]any{
				"origin": base, "permissions": []string{"clipboardReadWrite", "clipboardSanitizedWrite"},
			}); err != nil {
				t.Fatal(err)
			}
			if err := s.Page(ctx, "Emulation.setFocusEmulationEnabled", map[string]any{"enabled": true}); err != nil {
				t.Fatal(err)
			}
			if err := s.Page(ctx, "Page.navigate", map[string]any{"url": target}); err != nil {
				t.Fatal(err)
			}
			if err := s.WaitFor(ctx, `document.getElementById("exported") && document.getElementById("exported").value.length > 0`); err != nil {
				t.Fatal(err)
			}
			if err := s.Eval(ctx, `document.getElementById("copy").click()`, nil); err != nil {
				t.Fatal(err)
			}
			if err := s.WaitFor(ctx, `document.getElementById("status").textContent === "Copied."`); err != nil {
				var status string
				_ = s.Eval(ctx, `document.getElementById("status").textContent`, &status)
				t.Fatalf("%v (status %q)", err, status)
			}
			var box, clip string
			if err := s.Eval(ctx, `document.getElementById("exported").value`, &box); err != nil {
				t.Fatal(err)
			}
			if err := s.Eval(ctx, `navigator.clipboard.readText()`, &clip); err != nil {
				t.Fatal(err)
			}
			if clip == "" || clip != box {
				t.Errorf("the clipboard holds %d bytes, the export box %d; want the export copied whole", len(clip), len(box))
			}
		})
		for _, size := range []struct{ name, window string }{{"desktop", "1280,1600"}, {"phone", "390,2400"}} {
			shot := filepath.Join(out, "app-"+size.name+".png")
			browse(t, browser, target, "--window-size="+size.window, "--screenshot="+shot)
			if st, err := os.Stat(shot); err != nil || st.Size() < 10_000 {
				t.Errorf("screenshot %s: %v", shot, err)
			}
		}
		t.Logf("screenshots in %s", out)
	})
}
