package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse checks that Parse and Render never panic, that a rendered page
// parses again and that block IDs count up from 0.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"landing", "small"} {
		if b, err := os.ReadFile(filepath.Join("testdata", "pages", name+".html")); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		``,
		`<h1>Simple prices,<br><span>made for you</span></h1>`,
		`<table><tr><td><a class="btn">Buy<div>now</div></a></td></tr><p>stray</table>`,
		`<form action="/x"><button>Go</button><input type=submit value="Send"></form>`,
		`<blockquote><p>“Quoted words here please”</p><cite>— Me</cite></blockquote>`,
		`<details><summary>Q?</summary>A.</details><dl><dt>T</dt><dd>D</dd></dl>`,
		`<svg><title>x</title></svg><math><mi>y</mi></math><template>z</template>`,
		`<frameset><frame></frameset>`,
		`<title>a | b</title><meta name=description content="d"><p>✓ ★ → $5/mo</p>`,
		`<p><a href="/a">x</a> and <a href="/b">y</a></p><header><nav><a class=btn>Sign up</a></nav></header>`,
		`<p>Read <a href="/g"><i class=icon></i> the <em>full</em> guide</a><br>now <s>$5</s> <b>$4</b>, $59<sup>95</sup> <!-- c --></p>`,
	} {
		f.Add([]byte(s))
	}
	if dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "corpus")); err == nil {
		for _, name := range []string{"09-fotobox-tirol-preise", "22-herbjar-skincare-home", "12-crafting-interpreters"} {
			if b, err := os.ReadFile(filepath.Join(dir, name+".html")); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, page []byte) {
		d, err := Parse(bytes.NewReader(page))
		if err != nil {
			// The HTML parser refuses pages nested more than 512 deep.
			return
		}
		if len(d.targets) != len(d.Blocks) {
			t.Fatalf("%d targets for %d blocks", len(d.targets), len(d.Blocks))
		}
		for i, b := range d.Blocks {
			if b.ID != i {
				t.Fatalf("block %d has ID %d", i, b.ID)
			}
		}
		var plain bytes.Buffer
		if err := d.Render(&plain, nil); err != nil {
			t.Fatalf("Render(nil): %v", err)
		}
		texts := rewriteAll(d)
		var buf bytes.Buffer
		if err := d.Render(&buf, texts); err != nil {
			t.Fatalf("Render: %v", err)
		}
		again, err := Parse(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("rendered page does not parse: %v", err)
		}
		for i, b := range again.Blocks {
			if b.ID != i {
				t.Fatalf("re-parsed block %d has ID %d", i, b.ID)
			}
		}
		var after bytes.Buffer
		if err := d.Render(&after, nil); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(plain.Bytes(), after.Bytes()) {
			t.Fatalf("Render changed the document")
		}
		_ = d.Markdown(texts)

		// Blocks with inline markup written back with their placeholders
		// reversed in order: the page's elements, by splice and by tree.
		marked := map[int]string{}
		for _, b := range d.Blocks {
			if b.Markup != "" {
				marked[b.ID] = "New words " + b.Markup + " end"
			}
		}
		for _, how := range []string{"splice", "tree"} {
			var out bytes.Buffer
			if how == "splice" {
				if _, err := d.splice(&out, marked, nil); err != nil {
					t.Fatal(err)
				}
			} else if err := d.reserialise(&out, marked, nil, nil, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := Parse(bytes.NewReader(out.Bytes())); err != nil {
				t.Fatalf("%s: the page with markup written back does not parse: %v", how, err)
			}
		}
	})
}
