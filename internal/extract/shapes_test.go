package extract

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTableCellsAndHiddenPanels reads every cell of a pricing table as a
// block, marks included ("✓") as much as words, and reads the hidden tab and
// the collapsed note as blocks marked Hidden; a screen-reader label and a
// script's template row stay out.
func TestTableCellsAndHiddenPanels(t *testing.T) {
	d := mustParse(t, readTestdata(t, "pages/pricing-table.html"))
	type cell struct {
		Text   string
		Hidden bool
	}
	var got []cell
	for _, b := range d.Blocks {
		if b.Tag == "td" || b.Tag == "th" || b.Hidden {
			got = append(got, cell{b.Text, b.Hidden})
		}
		switch b.Text {
		case "Opens the plan details", "Template row that scripts copy from.":
			t.Errorf("block %d %q is not copy a visitor sees", b.ID, b.Text)
		}
	}
	want := []cell{
		{"Plan", false}, {"Solo", false}, {"Team", false},
		{"Price", false}, {"$12/month", false}, {"$29/month", false},
		{"Users", false}, {"1", false}, {"5", false},
		{"Bank feeds", false}, {"✓", false}, {"✓", false},
		{"Payroll", false}, {"✗", false}, {"✓", false},
		{"Plan", true}, {"Solo", true}, {"Team", true},
		{"Price", true}, {"$120/year", true}, {"$290/year", true},
		{"Saving", true}, {"2 months free", true}, {"2 months free", true},
		{"A user is anyone who signs in at least once in a billing month.", true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cells and hidden blocks (-want +got):\n%s", diff)
	}
	// A cell of marks renders back in place.
	texts := map[int]string{}
	for _, b := range d.Blocks {
		if b.Text == "✗" {
			texts[b.ID] = "—"
		}
	}
	if out := string(render(t, d, texts)); !containsAll(out, "<td>—</td>", "<td>✓</td>") {
		t.Errorf("rendered cells:\n%s", out)
	}
}

// containsAll reports whether s holds every one of subs.
func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// TestFormsAndButtons reads submit inputs and submit buttons, a role=button
// element, a button-classed link and a header link painted as a button
// with utility classes as calls to action (a plain header link is not), and a contact link
// that is a sentence of its own; form controls that submit nothing (a
// reset button, text fields, selects, check boxes, hidden inputs) are no
// calls to action and no copy.
func TestFormsAndButtons(t *testing.T) {
	d := mustParse(t, readTestdata(t, "pages/forms.html"))
	type cta struct{ Text, Href, Path string }
	var got []cta
	for _, b := range d.Blocks {
		if b.Role == RoleCTA {
			got = append(got, cta{b.Text, b.Href, b.Path[strings.LastIndex(b.Path, "/")+1:]})
		}
		for _, not := range []string{"Clear", "you@example.com", "Zone 5", "Anything we should know?", "landing"} {
			if strings.Contains(b.Text, not) {
				t.Errorf("block %d %q holds form control text %q", b.ID, b.Text, not)
			}
		}
	}
	want := []cta{
		{"Start your 14-day free trial", "/register", "a[1]"},
		{"Join the waitlist", "/waitlist", "input[3]@value"},
		{"Sign in to your box", "/login", "button[1]"},
		{"Give a box as a gift", "/gift", "span[1]"},
		{"See the spring plans", "/plans", "a[1]"},
		{"Contact us", "/contact", "a[1]"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls to action (-want +got):\n%s", diff)
	}
	// A contact link inside a sentence stays part of it.
	s := mustParse(t, readTestdata(t, "pages/scarcity.html"))
	for _, b := range s.Blocks {
		if b.Text == "escríbenos" {
			t.Errorf("block %d: a link inside a sentence was cut out of it", b.ID)
		}
	}
}

// TestQuoteBandAttributions: a band of quotes (a section classed as
// testimonials around several blockquotes, each with its cite) gives each
// quote its own name; read as one card, the second quote had taken the
// first one's name and kept its own glued to its words.
func TestQuoteBandAttributions(t *testing.T) {
	got := map[string]string{}
	for _, b := range mustParse(t, readTestdata(t, "pages/quote-band.html")).Blocks {
		if b.Role == RoleTestimonial {
			got[b.Text] = b.Attribution
		}
	}
	want := map[string]string{
		`"Our audit found nothing to fix in training. The auditor took the export as it was."`:    "Ada Brennan, CISO, Fairport Credit",
		`"Clicks on test emails fell from 24% to 5% in two quarters. People finish the lessons."`: "Tomas Vey, IT Director, Northbay Freight",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("testimonials (-want +got):\n%s", diff)
	}
}
