package fork_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/chromium"
	"github.com/marketingfork/fork/internal/markup"
	"github.com/marketingfork/fork/provider/rules"
)

// browserPages are five corpus pages in four languages, with the profile
// each is forked for in the side-by-side check. Each is a fork that shows
// a reader something new: Puntual's bargain-hunter fork no longer does
// (its free Excel import, an FAQ's policy, no longer leads), and Drone
// Hub's takes its place.
var browserPages = []struct{ page, profile, layer string }{
	// Forks that change what a reader sees: sections moved under the
	// hero, the hero's subheadline joined by the profile's line.
	{"03-elementary-os.html", "executive", "everyday"},
	{"15-omax3-ultrapure-fish-oil.html", "skeptic", "professional"},
	{"14-swellsync-tarifs.html", "cautious", "professional"},
	{"31-pennino-pdf-editor-prezzi.html", "skeptic", "everyday"},
	{"26-drone-hub-precos.html", "bargain-hunter", "plain"},
}

// runChromium runs headless Chromium on a local file with
// every host name unresolvable, so a page's remote CSS, fonts and trackers
// are never fetched: the browser sees only the bytes we wrote.
func runChromium(ctx context.Context, t *testing.T, bin, profileDir string, args ...string) []byte {
	t.Helper()
	base := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-extensions", "--disable-background-networking", "--disable-sync",
		"--host-resolver-rules=MAP * ~NOTFOUND",
		"--user-data-dir=" + profileDir,
		"--virtual-time-budget=2000",
	}
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, errb.String())
	}
	return out.Bytes()
}

// domElements lists the elements of a serialised DOM as a browser built
// them, each as its name and sorted attributes, sorted: the multiset a fork
// must keep, since it changes copy and may move whole sections but never
// adds, drops or alters an element.
func domElements(t *testing.T, dom []byte) []string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(dom))
	if err != nil {
		t.Fatal(err)
	}
	var els []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			attrs := make([]string, 0, len(n.Attr))
			for _, a := range n.Attr {
				// The alt and aria-label of an image CTA are copy a fork may
				// rewrite; content is a meta description's.
				if a.Key == "alt" || a.Key == "aria-label" || a.Key == "content" || a.Key == "value" || a.Key == "title" {
					attrs = append(attrs, a.Key)
					continue
				}
				attrs = append(attrs, a.Key+"="+a.Val)
			}
			sort.Strings(attrs)
			els = append(els, n.Data+"["+strings.Join(attrs, " ")+"]")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	sort.Strings(els)
	return els
}

// visibleText is the DOM's text outside script, style and head, white
// space folded.
func visibleText(t *testing.T, dom []byte) string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(dom))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.Data == "script" || n.Data == "style" || n.Data == "head" || n.Data == "template" || n.Data == "noscript") {
			return
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return strings.Join(strings.Fields(b.String()), " ")
}

// TestBrowserSideBySide forks five corpus pages and opens source and fork
// in headless Chromium: the browser must build the same elements from
// both (a fork changes copy, not the page), every changed block's new
// text must be on the forked page as the browser shows it, and a
// screenshot of the two side by side is kept for a person to look at
// (in MFORK_ARTEFACTS when set, for CI to keep).
func TestBrowserSideBySide(t *testing.T) {
	bin := chromium.Bin(t)
	if testing.Short() {
		t.Skip("starts a browser per page")
	}
	out := chromium.Artefacts(t, "side-by-side")
	f := fork.New(fork.WithProvider(rules.New()))
	for _, p := range browserPages {
		t.Run(p.page, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(corpusDir, p.page))
			if os.IsNotExist(err) {
				t.Skipf("corpus not found at %s", corpusDir)
			}
			if err != nil {
				t.Fatal(err)
			}
			lang := corpusLanguages[p.page]
			if lang == "" {
				lang = "en"
			}
			res, err := f.Fork(context.Background(), fork.Request{HTML: string(src), Profile: p.profile, LanguageLayer: p.layer, SourceLanguage: lang, TargetLanguage: lang})
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimSuffix(p.page, ".html")
			dir := t.TempDir()
			srcPath, forkPath := filepath.Join(dir, "source.html"), filepath.Join(dir, "fork.html")
			if err := os.WriteFile(srcPath, src, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(forkPath, []byte(res.HTML), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			profileDir := filepath.Join(dir, "chromium")
			srcDOM := runChromium(ctx, t, bin, profileDir, "--dump-dom", "file://"+srcPath)
			forkDOM := runChromium(ctx, t, bin, profileDir, "--dump-dom", "file://"+forkPath)
			forkEls := domElements(t, forkDOM)
			for range addedBreaks(res) {
				// A line break the fork added is the one element it may
				// add: one "br[]" less for each.
				if i := slices.Index(forkEls, "br[]"); i >= 0 {
					forkEls = slices.Delete(forkEls, i, i+1)
				}
			}
			if diff := cmp.Diff(domElements(t, srcDOM), forkEls); diff != "" {
				t.Errorf("the browser built other elements from the fork (-source +fork):\n%s", diff)
			}
			shown := visibleText(t, forkDOM)
			changed := 0
			for _, b := range res.Blocks {
				if b.Text == b.Source || b.Text == "" || strings.Contains(b.Path, "@") || b.Role == fork.RoleTitle {
					continue
				}
				changed++
				if !strings.Contains(shown, strings.Join(strings.Fields(strings.ReplaceAll(b.Text, markup.LineBreak, " ")), " ")) {
					t.Errorf("block %d's new text is not on the page the browser shows:\n%q", b.ID, b.Text)
				}
			}
			t.Logf("%s (%s, %s): %d blocks changed, sections %v", p.page, p.profile, p.layer, changed, res.Sections)
			if changed == 0 && res.Sections == nil {
				t.Errorf("the fork changes nothing a reader sees: the side by side shows two equal pages")
			}

			side := filepath.Join(dir, "side.html")
			frame := `<iframe src="%s" style="width:50%%;height:100%%;border:0;border-right:2px solid #c00"></iframe>`
			page := fmt.Sprintf(`<!doctype html><html><body style="margin:0;display:flex;height:2400px">`+frame+frame+`</body></html>`, "source.html", "fork.html")
			if err := os.WriteFile(side, []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
			shot := filepath.Join(out, name+".png")
			runChromium(ctx, t, bin, profileDir, "--window-size=2000,2400", "--screenshot="+shot, "file://"+side)
			if fi, err := os.Stat(shot); err != nil || fi.Size() < 10_000 {
				t.Errorf("no side-by-side screenshot at %s (%v)", shot, err)
			}
		})
	}
}
