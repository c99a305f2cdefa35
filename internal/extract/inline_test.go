package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/internal/markup"
)

// inlineEdits are new texts for the blocks of testdata/pages/inline.html,
// found by the start of their source text: some plain (the placeholders
// are put back around the words they wrapped), some with placeholders (as
// an agent writes them).
var inlineEdits = []struct {
	name, prefix, text string
	// want is the block's text and markup read back from the rendered page.
	want, wantMarkup string
}{
	{"br in heading, plain", "Send a postcard",
		"Send your postcard in under a minute, today",
		"Send your postcard in under a minute, today", "Send your postcard<1/> in <2>under a minute</2>, today"},
	{"nested em in link and bold, plain", "Over 3,000",
		"Read the full how-it-works guide first: over 3,000 families send cards with Pebblepost each month, and it takes two minutes.",
		"Read the full how-it-works guide first: over 3,000 families send cards with Pebblepost each month, and it takes two minutes.",
		"Read the <1>full <2>how-it-works</2> guide</1> first: over 3,000 families send cards with Pebblepost each month, and it takes <3>two minutes</3>."},
	{"struck-out price, placeholders", "$12",
		"Now <2>$9</2> per card (was <1>$12</1>)",
		"Now $9 per card (was $12)", "Now <1>$9</1> per card (was <2>$12</2>)"},
	{"icon in link, plain", "Get the app",
		"This week, get the app for free.",
		"This week, get the app for free.", "This week, <1><2/>get the app</1> for <3>free</3>."},
	{"split price, plain", "The ten-card",
		"In total, the ten-card bundle is $30.00.",
		"In total, the ten-card bundle is $30.00.", "In total, the ten-card bundle is <1>$</1><2>30</2>.<3>00</3>."},
	{"link, placeholders", "Questions?",
		"Any questions? <1>Write to us</1> whenever you like.",
		"Any questions? Write to us whenever you like.", "Any questions? <1>Write to us</1> whenever you like."},
}

// TestInlineMarkupRender writes new texts into a page of inline markup,
// by splicing and by re-serialising: each element comes back around the
// words it wrapped, with its attributes, the icon, the line break and the
// comment stay, and the result matches the golden page.
func TestInlineMarkupRender(t *testing.T) {
	page := readTestdata(t, "pages/inline.html")
	d := mustParse(t, page)
	texts := map[int]string{}
	want := map[string][2]string{}
	for _, e := range inlineEdits {
		id := -1
		for _, b := range d.Blocks {
			if strings.HasPrefix(b.Text, e.prefix) {
				id = b.ID
			}
		}
		if id < 0 {
			t.Fatalf("%s: no block starts with %q", e.name, e.prefix)
		}
		if d.Blocks[id].Markup == "" {
			t.Fatalf("%s: block %d %q has no markup", e.name, id, d.Blocks[id].Text)
		}
		texts[id] = e.text
		want[e.want] = [2]string{e.name, e.wantMarkup}
	}
	for _, how := range []string{"splice", "tree"} {
		t.Run(how, func(t *testing.T) {
			var out bytes.Buffer
			if how == "splice" {
				ok, err := d.splice(&out, texts, nil)
				if err != nil || !ok {
					t.Fatalf("splice: %v, %v", ok, err)
				}
			} else if err := d.reserialise(&out, texts, nil, nil, nil); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "golden", "inline."+how+".html")
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			wantPage, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(wantPage), out.String()); diff != "" {
				t.Errorf("rendered page (-want +got):\n%s", diff)
			}
			again := mustParse(t, out.Bytes())
			found := 0
			for _, b := range again.Blocks {
				w, ok := want[b.Text]
				if !ok {
					continue
				}
				found++
				if b.Markup != w[1] {
					t.Errorf("%s: markup read back %q, want %q", w[0], b.Markup, w[1])
				}
			}
			if found != len(want) {
				t.Errorf("%d of the %d new texts read back from the page", found, len(want))
			}
			for _, s := range []string{`<i class="icon icon-phone"></i>`, `class="mobile-only"`, `<!-- promo copy -->`, `<s class="was">$12</s>`, `<b class="now">$9</b>`} {
				if !strings.Contains(out.String(), s) {
					t.Errorf("the page lost %s", s)
				}
			}
		})
	}
}

// TestInlineMarkupOwnText renders each block with its own markup: the
// page's bytes come back unchanged.
func TestInlineMarkupOwnText(t *testing.T) {
	page := readTestdata(t, "pages/inline.html")
	d := mustParse(t, page)
	texts := map[int]string{}
	for _, b := range d.Blocks {
		texts[b.ID] = b.Markup
		if b.Markup == "" {
			texts[b.ID] = b.Text
		}
	}
	if got := render(t, d, texts); !bytes.Equal(got, page) {
		t.Errorf("the page rendered with its own markup differs:\n%s", got)
	}
}

// TestInlineMarkupExtract pins the markup of the shapes the page holds.
func TestInlineMarkupExtract(t *testing.T) {
	for _, tt := range []struct{ name, page, text, markup string }{
		{"no inline elements", `<p>Plain words only here.</p>`, "Plain words only here.", ""},
		{"element around all of the text", `<h2><span class="x">All of it wrapped</span></h2>`, "All of it wrapped", ""},
		{"space at an element's edges", `<p>Read <a href="/g"> the guide </a>now.</p>`, "Read the guide now.", "Read <1>the guide</1> now."},
		{"cents in sup", `<p>Only $59<sup>95</sup> once</p>`, "Only $59.95 once", "Only $59.<1>95</1> once"},
		{"attribute block", `<head><meta name="description" content="A <b>bold</b> claim"></head>`, "A <b>bold</b> claim", ""},
		{"empty element between words", `<p>Fast<span class="sep"></span> and simple setup</p>`, "Fast and simple setup", "Fast<1/> and simple setup"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := mustParseString(t, tt.page)
			for _, b := range d.Blocks {
				if b.Text == tt.text {
					if b.Markup != tt.markup {
						t.Errorf("markup %q, want %q", b.Markup, tt.markup)
					}
					return
				}
			}
			t.Errorf("no block %q in %+v", tt.text, d.Blocks)
		})
	}
}

// TestInlinePlacedReopened: where the parser reopens a formatting element
// the page leaves open across a paragraph, the element the page writes is
// placed by the text around its tag, but its end tag stands past the next
// paragraph's words, so neither block can be rewritten around it in the
// page's bytes: both are reported as not placed, and a render with
// placeholders falls back to the tree, which keeps every word.
func TestInlinePlacedReopened(t *testing.T) {
	page := `<p>Start with <strong class="k">strong words</p><p>then more</strong> plain words here</p>`
	d := mustParseString(t, page)
	byText := map[string]Block{}
	for _, b := range d.Blocks {
		byText[b.Text] = b
	}
	first, ok := byText["Start with strong words"]
	if !ok || first.Markup != "Start with <1>strong words</1>" {
		t.Fatalf("blocks %+v", d.Blocks)
	}
	second, ok := byText["then more plain words here"]
	if !ok || second.Markup == "" {
		t.Fatalf("blocks %+v", d.Blocks)
	}
	for _, b := range []Block{first, second} {
		if d.InlinePlaced(b.ID) {
			t.Errorf("block %d %q is reported as placed", b.ID, b.Text)
		}
	}
	out := render(t, d, map[int]string{first.ID: "Begin with <1>strong words</1> today"})
	again := mustParse(t, out)
	var texts []string
	for _, b := range again.Blocks {
		texts = append(texts, b.Text)
	}
	if diff := cmp.Diff([]string{"Begin with strong words today", "then more plain words here"}, texts); diff != "" {
		t.Errorf("blocks after render (-want +got):\n%s\n%s", diff, out)
	}
}

// TestInlinePlacedStrayEndTag: a stray end tag inside a block with inline
// markup ("Since</span> these", no span open) is ignored by the parser,
// which joins the text around it. The block is still placed in the page's
// bytes: a rewrite writes its region anew without the stray tag, and the
// rest of the page keeps its bytes.
func TestInlinePlacedStrayEndTag(t *testing.T) {
	page := `<div><p class="a">Read <em>the guide</em> first. Since</span> these laws hold, act.</p><p>Other words stay here.</p></div>`
	d := mustParseString(t, page)
	var blk Block
	for _, b := range d.Blocks {
		if strings.HasPrefix(b.Text, "Read") {
			blk = b
		}
	}
	if blk.Markup != "Read <1>the guide</1> first. Since these laws hold, act." {
		t.Fatalf("blocks %+v", d.Blocks)
	}
	if !d.InlinePlaced(blk.ID) {
		t.Fatal("a block with a stray end tag is reported as not placed")
	}
	out := render(t, d, map[int]string{blk.ID: "First read <1>the guide</1>: these laws hold, so act."})
	want := `<div><p class="a">First read <em>the guide</em>: these laws hold, so act.</p><p>Other words stay here.</p></div>`
	if string(out) != want {
		t.Errorf("render:\n got %s\nwant %s", out, want)
	}
}

// FuzzMergeText holds mergeText, which joins each run of text tokens in
// one string, to the plain reading: each text token added to the one
// before it. Each byte of kinds makes a token: its kind, and for text a
// piece of s.
func FuzzMergeText(f *testing.F) {
	f.Add([]byte{0, 0, 1, 0, 2, 0, 0, 0, 3}, "ab c")
	f.Add([]byte{}, "")
	f.Add([]byte{4, 8, 12}, "x")
	f.Fuzz(func(t *testing.T, kinds []byte, s string) {
		var toks []markup.Token
		for i, k := range kinds {
			tok := markup.Token{Kind: markup.Kind(k % 4), N: i}
			if tok.Kind == markup.Text {
				tok.N, tok.Text = 0, s[:int(k)%(len(s)+1)]
			}
			toks = append(toks, tok)
		}
		var want []markup.Token
		for _, tok := range toks {
			if tok.Kind == markup.Text && len(want) > 0 && want[len(want)-1].Kind == markup.Text {
				want[len(want)-1].Text += tok.Text
				continue
			}
			want = append(want, tok)
		}
		if got := mergeText(slices.Clone(toks)); !slices.Equal(got, want) {
			t.Fatalf("mergeText(%v) = %v; plain reading %v", toks, got, want)
		}
	})
}

// foldTokensPlain is foldTokens as written before its pending space was
// kept in the text being written: each word a token of its own, the space
// before it a token put in and taken back.
func foldTokensPlain(toks []markup.Token) []markup.Token {
	out := make([]markup.Token, 0, len(toks))
	pend := -1 // where a pending space goes in out
	words := false
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, markup.Token{Kind: markup.Text, Text: cur.String()})
			cur.Reset()
		}
	}
	for _, t := range toks {
		if t.Kind != markup.Text {
			if t.Kind == markup.Close && pend == len(out) && cur.Len() == 0 {
				out = append(out, t)
				pend = len(out)
				continue
			}
			flush()
			out = append(out, t)
			continue
		}
		for i := 0; i < len(t.Text); {
			r, size := utf8.DecodeRuneInString(t.Text[i:])
			if unicode.IsSpace(r) {
				if words && pend < 0 {
					flush()
					pend = len(out)
				}
				i += size
				continue
			}
			if pend >= 0 {
				flush()
				out = append(out, markup.Token{})
				copy(out[pend+1:], out[pend:])
				out[pend] = markup.Token{Kind: markup.Text, Text: " "}
				pend = -1
				if out[len(out)-1].Kind == markup.Text {
					// The space joined the text it follows: keep
					// writing into one token.
					cur.WriteString(out[len(out)-1].Text)
					out = out[:len(out)-1]
				}
			}
			words = true
			cur.WriteString(t.Text[i : i+size])
			i += size
		}
	}
	flush()
	return mergeText(out)
}

// FuzzFoldTokens holds foldTokens, which writes the words of a run of text
// into one string, to the plain reading, which made a token of each word
// and of each space: each byte of kinds makes a token, its kind, and for
// text a piece of s (white space of every kind in the seeds).
func FuzzFoldTokens(f *testing.F) {
	f.Add([]byte{0, 1, 0, 2, 0, 3, 0}, " hello  world\t\u00a0end ")
	f.Add([]byte{0, 2, 0, 0, 2, 1, 0, 3, 3, 0}, "a b  \n c")
	f.Add([]byte{}, "")
	f.Add([]byte{4, 8, 12, 0, 2}, "  x\u2003y  ")
	f.Add([]byte{0, 0, 0, 1, 1, 2, 2, 0}, "\xff a\xe2\x80 ")
	f.Fuzz(func(t *testing.T, kinds []byte, s string) {
		var toks []markup.Token
		for i, k := range kinds {
			tok := markup.Token{Kind: markup.Kind(k % 4), N: i}
			if tok.Kind == markup.Text {
				from := int(k/4) % (len(s) + 1)
				tok.N, tok.Text = 0, s[from:]
				if i%2 == 1 {
					tok.Text = s[:from]
				}
			}
			toks = append(toks, tok)
		}
		if got, want := foldTokens(slices.Clone(toks)), foldTokensPlain(slices.Clone(toks)); !slices.Equal(got, want) {
			t.Fatalf("foldTokens(%+v) = %+v; plain reading %+v", toks, got, want)
		}
	})
}
