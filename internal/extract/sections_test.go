package extract

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/internal/fault"
)

const sectionedPage = `<html><head><title>Lamps</title></head><body>
<nav><a href="/">Home</a></nav>
<main>
<section class="hero"><h1>Light that follows the sun</h1><a class="btn" href="/buy">Buy the lamp</a></section>
<section><h2>Why it works</h2><p>The lamp shifts its colour through the day.</p></section>
<section><h2>What owners say</h2><blockquote class="testimonial"><p>"I sleep better since it arrived."</p><cite>Ana</cite></blockquote></section>
<section><h2>Price</h2><div class="price">$49</div></section>
</main>
</body></html>`

func TestSectionsAndReorder(t *testing.T) {
	d, err := Parse(strings.NewReader(sectionedPage))
	if err != nil {
		t.Fatal(err)
	}
	of, n := d.Sections()
	if n != 4 {
		t.Fatalf("got %d sections; want 4 (the sections inside main)", n)
	}
	var texts []string
	for i, b := range d.Blocks {
		if b.Role == RoleHeadline && of[i] != 0 {
			t.Errorf("headline in section %d; want 0", of[i])
		}
		if b.Role == RoleTitle && of[i] != -1 {
			t.Errorf("title in section %d; want -1", of[i])
		}
	}
	order := []int{0, 2, 3, 1}
	var buf bytes.Buffer
	if err := d.RenderOrdered(&buf, nil, order); err != nil {
		t.Fatal(err)
	}
	again, err := Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range again.Blocks {
		texts = append(texts, b.Text)
	}
	want := []string{"Lamps", "Light that follows the sun", "Buy the lamp", "What owners say", `"I sleep better since it arrived."`, "Price", "$49", "Why it works", "The lamp shifts its colour through the day."}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Errorf("reordered page (-want +got):\n%s", diff)
	}
	var ids []string
	for _, id := range d.Order(order) {
		ids = append(ids, d.Blocks[id].Text)
	}
	if diff := cmp.Diff(want, ids); diff != "" {
		t.Errorf("Order (-want +got):\n%s", diff)
	}
	md := d.MarkdownOrdered(nil, order)
	if strings.Index(md, "$49") > strings.Index(md, "Why it works") {
		t.Errorf("markdown not reordered:\n%s", md)
	}
	// The document itself is unchanged: rendering again in page order gives
	// the source's order.
	buf.Reset()
	d.Render(&buf, nil)
	if out := buf.String(); strings.Index(out, "Why it works") > strings.Index(out, "I sleep better") {
		t.Errorf("Render after RenderOrdered is not in page order:\n%s", buf.String())
	}
	for _, bad := range [][]int{{0, 1}, {0, 1, 1, 2}, {0, 1, 2, 4}} {
		if err := d.RenderOrdered(&buf, nil, bad); !errors.Is(err, fault.ErrInvalidInput) {
			t.Errorf("order %v: got %v; want ErrInvalidInput", bad, err)
		}
	}
}

// TestAltCopy finds a page's second-language copy in data-<code>
// attributes, and nothing on a page without it.
func TestAltCopy(t *testing.T) {
	d := mustParse(t, readTestdata(t, "pages/bilingual.html"))
	attr, code, n := d.AltCopy()
	if attr != "data-en" || code != "en" || n < 3 {
		t.Errorf("AltCopy() = %q, %q, %d; want data-en, en, at least 3", attr, code, n)
	}
	d = mustParse(t, readTestdata(t, "pages/inline.html"))
	if attr, _, n := d.AltCopy(); attr != "" || n != 0 {
		t.Errorf("a page without second-language copy: AltCopy() = %q, %d", attr, n)
	}
}

// TestSaysUnavailable: a price or heading that says its offer is sold out,
// in words of their own; other words that contain them do not.
func TestSaysUnavailable(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"£129+VAT, Conference only (sold out!)", true},
		{"Frühbucher: 49 € – AUSVERKAUFT", true},
		{"Formule complète à 39 €", false},
		{"Sold outright, no subscription: $49", false},
		{"$49 a year", false},
		// the past: a reason to book early, not a closed offer
		{"Only 120 seats: last year the day sold out three weeks ahead.", false},
		{"Er zijn maar 120 plekken, en vorig jaar was de dag drie weken van tevoren uitverkocht.", false},
		{"Der Workshop war ausverkauft, jetzt gibt es neue Termine.", false},
		{"Last year it sold out. This year the workshop is sold out too.", true},
	} {
		if got := SaysUnavailable(tc.text); got != tc.want {
			t.Errorf("SaysUnavailable(%q) = %v; want %v", tc.text, got, tc.want)
		}
	}
}

// TestSaysUnavailableOnce: a text that says an offer was gone only in the
// past, which the sold-out note leaves out.
func TestSaysUnavailableOnce(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Er zijn maar 120 plekken, en vorig jaar was de dag drie weken van tevoren uitverkocht.", true},
		{"£129+VAT, Conference only (sold out!)", false},
		{"Last year it sold out. This year the workshop is sold out too.", false},
		{"$49 a year", false},
	} {
		if got := SaysUnavailableOnce(tc.text); got != tc.want {
			t.Errorf("SaysUnavailableOnce(%q) = %v; want %v", tc.text, got, tc.want)
		}
	}
}
