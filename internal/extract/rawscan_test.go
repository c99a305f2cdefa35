package extract

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"golang.org/x/net/html"
)

// tokenizerTokens is what x/net/html's Tokenizer gives for src, in the
// scanner's terms: the reference scanTokens is held to.
func tokenizerTokens(src []byte) (toks []scanned, attrs map[int][]html.Attribute) {
	z := html.NewTokenizer(bytes.NewReader(src))
	attrs = map[int][]html.Attribute{}
	off := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				panic(z.Err())
			}
			return toks, attrs
		}
		n := len(z.Raw())
		t := scanned{Typ: tt, Start: off, End: off + n}
		switch tt {
		case html.TextToken:
			t.Text = string(z.Text())
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, more := z.TagName()
			t.Name = string(name)
			t.SelfClose = tt == html.SelfClosingTagToken
			if tt != html.EndTagToken {
				var as []html.Attribute
				for more {
					var k, v []byte
					k, v, more = z.TagAttr()
					as = append(as, html.Attribute{Key: string(k), Val: string(v)})
				}
				attrs[len(toks)] = as
			}
		}
		toks = append(toks, t)
		off += n
	}
}

// scanned is a token as both sides see it.
type scanned struct {
	Typ        html.TokenType
	Start, End int
	Name, Text string
	SelfClose  bool
}

// scanTokensText is scanTokens' tokens with their decoded text.
func scanTokensText(src []byte) []scanned {
	toks, decoded, names := scanTokens(src, nil)
	out := make([]scanned, len(toks))
	ri := &rawIndex{src: src, decoded: decoded}
	for i, t := range toks {
		out[i] = scanned{Typ: t.typ, Start: t.start, End: t.end, SelfClose: t.selfClose}
		if t.typ == html.StartTagToken || t.typ == html.SelfClosingTagToken || t.typ == html.EndTagToken {
			out[i].Name = names.String(t.name)
		}
		if t.typ == html.TextToken {
			out[i].Text = ri.tokText(t)
		}
	}
	return out
}

// scanDiff reports where scanTokens and the Tokenizer disagree on src:
// a token's type, bytes, name, self-closing flag or decoded text, or a
// start tag's attributes.
func scanDiff(src []byte) string {
	want, wantAttrs := tokenizerTokens(src)
	got := scanTokensText(src)
	if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
		return "tokens (-Tokenizer +scanTokens):\n" + d
	}
	for i, t := range got {
		if t.Typ != html.StartTagToken && t.Typ != html.SelfClosingTagToken {
			continue
		}
		if d := cmp.Diff(wantAttrs[i], tagAttrs(src, t.Start, t.End), cmpopts.EquateEmpty()); d != "" {
			return fmt.Sprintf("attributes of %q (-Tokenizer +tagAttrs):\n%s", src[t.Start:t.End], d)
		}
	}
	return ""
}

// scanCases are the shapes where a tokenizer's rules are subtle.
var scanCases = []string{
	"",
	"plain text",
	"<",
	"a <",
	"a </",
	"</>",
	"a </> b",
	"<p>a < b</p>",
	"<3 love",
	"</ p>",
	"</1>",
	"<?xml version=\"1.0\"?>",
	"<!DOCTYPE html><html>",
	"<!doctype html",
	"<!DOCTYP",
	"<!doc>",
	"<!",
	"<!-",
	"<!-->x",
	"<!--->x",
	"<!-- a -- b --!> c",
	"<!-- a --!x --> c",
	"<!-- open",
	"<!-- a -",
	"<!-- a --!",
	"<![CDATA[x]]>",
	"<p class=a>x</p>",
	"<p class='a>b'>x",
	"<p class=\"a\"class=b>",
	"<p a=1 A=2 a=3>",
	"<p =x>",
	"<p a = \"v\" >",
	"<p a=/>",
	"<p a=1 a=/>",
	"<p a />",
	"<br/>",
	"<br />",
	"<img src=x.png/>",
	"<p a='x'/>",
	"<p / a>",
	"<P CLASS=X>Y</P>",
	"<div",
	"<div a=\"b",
	"<div a=",
	"<div a",
	"<div a=b",
	"<title>a &amp; <b> </title> c",
	"<textarea>\r\nx\x00&lt;</TEXTAREA >y",
	"<style>p>a{}</styl</style>",
	"<style>",
	"<script>if (a<b) {}</script>",
	"<script>a</scriptx></script>",
	"<script><!-- <script> </script> --> x</script>y",
	"<script><!-- <script> </script> x</script>y",
	"<script><!-- --> </script>",
	"<script><!--<SCRIPT/></script>-->done</script>z",
	"<script><!-</script>",
	"<script><!- -></script>",
	"<script><!-- -<a</script>",
	"<script><!-- </s</script>",
	"<script><!-- <s",
	"<script><!-- <scrip",
	"<script><!-- <script",
	"<script><!-- <script>-",
	"<script><!-- <script>--",
	"<script><!-- <script><",
	"<script><!-- <script></",
	"<script><!-- <script><x",
	"<script><!-- <script>--><x></script>",
	"<script/>a</script>",
	"<plaintext>a</plaintext><p>",
	"<xmp><p></xmp>",
	"<iframe><p>x</p></iframe >",
	"<noscript><p>x</p></noscript>",
	"a &amp b &lt;c&#13;\r\n d\r",
	"<p>a&nbsp;b &mdash; c&#8217;s &#x2019;&#X2019; &#150; &#0; &#xD800; &#1114112; &amp; &ampx; &NotAnEntity; &#; &#x; &#12a; &quot;&#39;&apos;</p>",
	"<p>&Auml;&auml;&szlig; &nbsp &copy2026 &euro;5</p>",
	"<title>A &amp; B &mdash; C</title><textarea>&lt;&#8212;</textarea>",
	"a\x00b",
	"<p title=\"a&amp;b\" data-x='&ampx' y=&lt;>",
	"<a title=\"Tom&rsquo;s &#8212; &nbsp;x\" alt='&copy2026' data-q=\"a&amp=b\" z=\"&#150;\">",
	"<p a=\"x\r\ny\">",
	"<a\x00b c>",
	"<p \xde=1 \xdeX=2>",
	"<p\ta\fb\nc\rd>",
	"<p a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 A=0 j=1 B=2 k=/>",
	"<p a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 j=1 k=2 l=3 a=/>",
	"<svg viewBox=\"0 0 1 1\"><path d=\"M0\"/></svg>",
}

// TestScanMatchesTokenizer holds scanTokens to x/net/html's Tokenizer on
// tricky shapes, every corpus page and every page of our own.
func TestScanMatchesTokenizer(t *testing.T) {
	for i, c := range scanCases {
		t.Run(fmt.Sprint("case", i), func(t *testing.T) {
			if d := scanDiff([]byte(c)); d != "" {
				t.Errorf("%q: %s", c, d)
			}
		})
	}
	pages := corpusPages(t)
	own, _ := filepath.Glob("testdata/pages/*.html")
	for _, p := range own {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		pages["own/"+filepath.Base(p)] = b
	}
	for _, name := range sortedNames(pages) {
		t.Run(name, func(t *testing.T) {
			if d := scanDiff(pages[name]); d != "" {
				t.Error(d)
			}
		})
	}
}

// FuzzScanTokens holds scanTokens to the Tokenizer on any input.
func FuzzScanTokens(f *testing.F) {
	for _, c := range scanCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if d := scanDiff(src); d != "" {
			t.Errorf("%q: %s", src, d)
		}
	})
}
