package selector_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/selector"
)

const page = `<!doctype html><html><head><title>Tea</title>
<meta name="description" content="Good tea">
<meta property="og:description" content="Good tea, again">
</head><body>
<header><a href="/buy">Buy</a><a href="/buy">Buy now</a></header>
<main>
<section id="hero"><h1>Fresh tea</h1><p>One</p><p>Two</p></section>
<section id=":r1:"><h2>Generated id</h2><p data-testid="lead">Lead</p></section>
<section class="css-1x2y3z"><h2>No name</h2><ul><li>A</li><li>B</li></ul>
<form><input type="submit" name="go" value="Go"><button aria-label="Close dialog">x</button></form></section>
<section id="a&quot;b"><h2>Odd id</h2></section>
<section id="1st"><p>Digit id</p></section>
</main>
<footer><a href="/terms">Terms</a></footer>
</body></html>`

func TestFor(t *testing.T) {
	ix, err := selector.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, path, want string }{
		{"unique tag in head", "/html[1]/head[1]/title[1]", "title"},
		{"meta by name", "/html[1]/head[1]/meta[1]@content", `meta[name="description"]`},
		{"meta by property", "/html[1]/head[1]/meta[2]@content", `meta[property="og:description"]`},
		{"id", "/html[1]/body[1]/main[1]/section[1]", "#hero"},
		{"unique tag in body", "/html[1]/body[1]/main[1]/section[1]/h1[1]", "h1"},
		{"path from id ancestor", "/html[1]/body[1]/main[1]/section[1]/p[2]", "#hero > p:nth-of-type(2)"},
		{"generated id is skipped", "/html[1]/body[1]/main[1]/section[2]/h2[1]", "main > section:nth-of-type(2) > h2"},
		{"test id", "/html[1]/body[1]/main[1]/section[2]/p[1]", `p[data-testid="lead"]`},
		{"hashed class is skipped", "/html[1]/body[1]/main[1]/section[3]/ul[1]/li[2]", "ul > li:nth-of-type(2)"},
		{"input by name", "/html[1]/body[1]/main[1]/section[3]/form[1]/input[1]@value", `input[name="go"]`},
		{"aria label", "/html[1]/body[1]/main[1]/section[3]/form[1]/button[1]", `button[aria-label="Close dialog"]`},
		{"shared href is not a name", "/html[1]/body[1]/header[1]/a[2]", "header > a:nth-of-type(2)"},
		{"unique href", "/html[1]/body[1]/footer[1]/a[1]", `a[href="/terms"]`},
		{"quote in id", "/html[1]/body[1]/main[1]/section[4]/h2[1]", `#a\"b > h2`},
		{"id starting with a digit", "/html[1]/body[1]/main[1]/section[5]/p[1]", `#\31 st > p`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ix.For(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("For(%s) (-want +got):\n%s", tc.path, diff)
			}
			assertExact(t, page, got, tc.path)
		})
	}
}

func TestForBadPath(t *testing.T) {
	ix, err := selector.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"", "/", "html[1]", "/html[1]/body[1]/section[9]", "/html[1]/body[x]", "/html[1]/body[0]", "/html[1]/body", "/[1]"} {
		t.Run(p, func(t *testing.T) {
			if _, err := ix.For(p); !errors.Is(err, selector.ErrNoElement) {
				t.Errorf("For(%q) = %v, want ErrNoElement", p, err)
			}
		})
	}
}

// assertExact checks sel on a fresh parse of src with cascadia: it matches
// one element, the one path names.
func assertExact(t *testing.T, src, sel, path string) {
	t.Helper()
	root, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := cascadia.Compile(sel)
	if err != nil {
		t.Fatalf("%q: %v", sel, err)
	}
	got := cascadia.QueryAll(root, m)
	want, err := selector.New(root).Element(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != want {
		t.Errorf("%q matches %d elements, want exactly the element at %s", sel, len(got), path)
	}
}

// TestCorpus: for every block of every corpus page, the selector matches
// exactly one element, and it is the block's.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/*.html")
	if len(files) == 0 {
		t.Fatal("no corpus pages under ../shared/corpus")
	}
	f := fork.New()
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := f.Extract(context.Background(), fork.Source{HTML: string(src)})
			if err != nil {
				t.Fatal(err)
			}
			ix, err := selector.Parse(strings.NewReader(string(src)))
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range ex.Blocks {
				sel, err := ix.For(b.Path)
				if err != nil {
					t.Errorf("block %d (%s): %v", b.ID, b.Path, err)
					continue
				}
				assertExact(t, string(src), sel, b.Path)
			}
		})
	}
}

// FuzzFor: any path and any page give a selector that matches exactly the
// path's element, or an error; never a panic.
func FuzzFor(f *testing.F) {
	f.Add(page, "/html[1]/body[1]/main[1]/section[1]/p[2]")
	f.Add(`<p id="x">a</p><p id="x">b</p>`, "/html[1]/body[1]/p[2]")
	f.Add(`<div data-testid="a\"b"><span>x</span></div>`, "/html[1]/body[1]/div[1]/span[1]@title")
	f.Fuzz(func(t *testing.T, src, path string) {
		ix, err := selector.Parse(strings.NewReader(src))
		if err != nil {
			return
		}
		sel, err := ix.For(path)
		if err != nil {
			return
		}
		assertExact(t, src, sel, path)
	})
}

func TestGeneratedNamesAreSkipped(t *testing.T) {
	src := `<div id="ember1234"><p>a</p></div><div id="css-a1b2c3"><p>b</p></div><div id="pricing-2"><p>c</p></div>`
	ix, err := selector.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range []string{"/html[1]/body[1]/div[1]/p[1]", "/html[1]/body[1]/div[2]/p[1]", "/html[1]/body[1]/div[3]/p[1]"} {
		s, err := ix.For(p)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	want := []string{"body > div:nth-of-type(1) > p", "body > div:nth-of-type(2) > p", "#pricing-2 > p"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
