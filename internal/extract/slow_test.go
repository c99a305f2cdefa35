package extract

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestLargePages guards against work that grows faster than the page:
// thousands of siblings, deep nesting, long FAQ lists. The time limit is
// two orders of magnitude above what these take.
func TestLargePages(t *testing.T) {
	cases := map[string]string{
		"deep divs":  strings.Repeat("<div>some words ", 400),
		"deep spans": "<p>" + strings.Repeat("<span>x ", 400),
		"unclosed b": strings.Repeat("<b>x ", 400),
		"many li":    "<ul>" + strings.Repeat("<li><a href=/x>y</a>", 3000),
		"many ctas":  strings.Repeat("<a href=/x class=btn>Buy now</a>", 3000),
		"many cards": strings.Repeat("<div class=testimonial><p>some words that are a quote here</p><p class=name>Al</p></div>", 2000),
		"long faq":   "<section class=faq>" + strings.Repeat("<h3>Why?</h3><p>Because.</p>", 2000),
		"deep links": strings.Repeat("<div><a href=/x><div>y", 200),
		"prices":     strings.Repeat("<p>$1,000,000,000 or 1 000 000 000 000 € </p>", 2000),
		"table":      "<table>" + strings.Repeat("<tr><td>Some words<td>$5", 3000),
		"toggles":    strings.Repeat("<button aria-expanded=true><div>", 400),
	}
	for name, page := range cases {
		start := time.Now()
		d, err := Parse(strings.NewReader(page))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var buf bytes.Buffer
		if err := d.Render(&buf, rewriteAll(d)); err != nil {
			t.Errorf("%s: Render: %v", name, err)
		}
		if el := time.Since(start); el > 3*time.Second {
			t.Errorf("%s: %d bytes took %v", name, len(page), el)
		}
	}
}
