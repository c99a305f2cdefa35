package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// splicePages are the corpus and the project's own pages.
func splicePages(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	globs := []string{"testdata/pages/*.html", "../../testdata/pages/*.html", "../../testdata/verify/*.html", "../../../shared/corpus/*.html"}
	for _, g := range globs {
		paths, _ := filepath.Glob(g)
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out[p] = b
		}
	}
	return out
}

// TestSpliceHonest renders every page with its own text: the bytes come
// back unchanged, comments, entities and quoting included.
func TestSpliceHonest(t *testing.T) {
	for path, src := range splicePages(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			d, err := Parse(bytes.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			texts := map[int]string{}
			for _, b := range d.Blocks {
				texts[b.ID] = b.Text
			}
			var out bytes.Buffer
			if err := d.Render(&out, texts); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), src) {
				t.Errorf("the page rendered with its own text differs from the page (%d bytes, want %d)", out.Len(), len(src))
			}
		})
	}
}

// TestSpliceOneBlock changes one block at a time: every block can be
// placed in the page's bytes, and the output differs from the page only
// between the start of the block's first text run and the end of its last.
func TestSpliceOneBlock(t *testing.T) {
	const marker = "Zqx marker words"
	for path, src := range splicePages(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			d, err := Parse(bytes.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			ri := d.rawIndex()
			for _, b := range d.Blocks {
				var out bytes.Buffer
				ok, err := d.splice(&out, map[int]string{b.ID: marker}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					t.Errorf("block %d (%s %q) cannot be placed in the page's bytes", b.ID, b.Role, b.Text)
					continue
				}
				got := out.Bytes()
				if !bytes.Contains(got, []byte(marker)) {
					t.Errorf("block %d (%s): the new text is not in the page", b.ID, b.Role)
					continue
				}
				lo, hi := blockSpan(ri, d.targets[b.ID])
				if !bytes.Equal(got[:lo], src[:lo]) || !bytes.Equal(got[len(got)-(len(src)-hi):], src[hi:]) {
					t.Errorf("block %d: bytes outside the block's text changed", b.ID)
				}
			}
		})
	}
}

// blockSpan is where a block's text runs (or its attribute's tag) stand in
// the page.
func blockSpan(ri *rawIndex, t target) (int, int) {
	if t.attr != "" {
		r, _, _ := ri.startOf(t.el)
		return r[0], r[1]
	}
	return int(ri.text[t.nodes[0]].start), int(ri.text[t.nodes[len(t.nodes)-1]].end)
}

// TestSpliceMovesSections moves whole sections verbatim: reversed, the
// page keeps every byte, only their order changes. Every page whose
// sections are closed in its bytes must splice.
func TestSpliceMovesSections(t *testing.T) {
	moved := 0
	for path, src := range splicePages(t) {
		d, err := Parse(bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		_, n := d.Sections()
		if n < 2 {
			continue
		}
		ri := d.rawIndex()
		_, secs, _ := d.sections()
		open := false
		for _, sec := range secs {
			open = open || ri.endOf(sec) == 0
		}
		if open {
			// A section the page leaves unclosed (<p> ended by the next
			// block) has no end in the bytes: Render re-serialises.
			t.Logf("%s: a section has no end tag; its sections move by re-serialising", filepath.Base(path))
			continue
		}
		order := make([]int, n)
		for i := range order {
			order[i] = n - 1 - i
		}
		var out bytes.Buffer
		ok, err := d.splice(&out, nil, order)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			t.Errorf("%s: sections cannot be moved in the page's bytes", filepath.Base(path))
			continue
		}
		moved++
		if out.Len() != len(src) || bytes.Equal(out.Bytes(), src) {
			t.Errorf("%s: %d bytes (want %d), changed=%v", filepath.Base(path), out.Len(), len(src), !bytes.Equal(out.Bytes(), src))
		}
	}
	if moved == 0 {
		t.Error("no page with sections to move")
	}
}

// TestSpliceConcurrent renders one document from several goroutines, as a
// server may: each gets what a render of its own gives.
func TestSpliceConcurrent(t *testing.T) {
	src := readTestdata(t, "pages/landing.html")
	want := make([][]byte, 8)
	texts := make([]map[int]string, 8)
	for i := range texts {
		d := mustParse(t, src)
		texts[i] = map[int]string{i % len(d.Blocks): "Concurrent text", 1: "Meta text"}
		var buf bytes.Buffer
		if err := d.Render(&buf, texts[i]); err != nil {
			t.Fatal(err)
		}
		want[i] = buf.Bytes()
	}
	d := mustParse(t, src)
	var wg sync.WaitGroup
	got := make([][]byte, 8)
	for i := range texts {
		wg.Go(func() {
			var buf bytes.Buffer
			if err := d.Render(&buf, texts[i]); err != nil {
				t.Error(err)
			}
			got[i] = buf.Bytes()
		})
	}
	wg.Wait()
	for i := range want {
		if !bytes.Equal(got[i], want[i]) {
			t.Errorf("render %d differs when run concurrently", i)
		}
	}
}

// TestSpliceImageAlt: an image button's label is written into its own
// tag, among images with the same attributes whether text stands between
// them (found by the text around it) or not (placed with every image of
// the page); the rest of the page keeps its bytes.
func TestSpliceImageAlt(t *testing.T) {
	for _, tc := range []struct{ name, between string }{{"text between", "<p>or</p>"}, {"side by side", ""}} {
		t.Run(tc.name, func(t *testing.T) {
			img := `<a class="btn" href="/get"><img src="badge.png" alt="Get it now"></a>`
			page := `<!doctype html><html><head><title>Dripline</title></head><body><h1>Water your plants from your phone</h1>` +
				img + tc.between + img + `<p>Works with every pump we sell.</p></body></html>`
			d := mustParseString(t, page)
			var ids []int
			for _, b := range d.Blocks {
				if b.Role == RoleCTA && b.Text == "Get it now" {
					ids = append(ids, b.ID)
				}
			}
			if len(ids) != 2 {
				t.Fatalf("image buttons %v in %+v", ids, d.Blocks)
			}
			out := string(render(t, d, map[int]string{ids[1]: "Start watering"}))
			want := strings.Replace(page, img+tc.between+img, img+tc.between+strings.Replace(img, "Get it now", "Start watering", 1), 1)
			if out != want {
				t.Errorf("render:\n got %s\nwant %s", out, want)
			}
		})
	}
}
