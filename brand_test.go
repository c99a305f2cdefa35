package fork_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

// brandPage is a page of our own with a product name the layers would
// touch ("Amazing"), a term a glossary renders and words a brand avoids.
const brandPage = `<!DOCTYPE html><html lang="en"><head><title>Amazing Notes</title></head><body>
<section><h1>Amazing Notes writes your meeting notes</h1>
<p>Sign up today and utilize the notes in every tool you've got.</p>
<a class="btn" href="https://amazingnotes.example/signup">Sign up</a></section></body></html>`

// brandDraft is the source's text by block, with edits applied.
func brandDraft(t *testing.T, f *fork.Forker, edit func(id int, text string) string) fork.Draft {
	t.Helper()
	ex, err := f.Extract(context.Background(), fork.Source{HTML: brandPage})
	if err != nil {
		t.Fatal(err)
	}
	var d fork.Draft
	for _, b := range ex.Blocks {
		d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: edit(b.ID, b.Text)})
	}
	return d
}

func checkOf(rep *fork.Report, name string) (fork.Check, bool) {
	for _, c := range rep.Checks {
		if c.Name == name {
			return c, true
		}
	}
	return fork.Check{}, false
}

// TestBrandChecks: keep, glossary and avoid each fail a draft written
// elsewhere that breaks them, naming the term, and pass one that holds
// them; a request that gives none lists none of the three checks.
func TestBrandChecks(t *testing.T) {
	f := fork.New()
	brand := fork.Brand{Keep: []string{"Amazing Notes"}, Glossary: map[string]string{"sign up": "register"}, Avoid: []string{"utilize", "cheap"}}
	replace := func(old, new string) func(int, string) string {
		return func(_ int, s string) string { return strings.ReplaceAll(s, old, new) }
	}
	tests := []struct {
		name  string
		edit  func(int, string) string
		check string // the check that fails, "" for none of the three
		names string // a word the failure names
	}{
		{"holds all three", func(_ int, s string) string {
			return strings.NewReplacer("Sign up", "Register", "utilize", "use").Replace(s)
		}, "", ""},
		{"kept name changed", func(_ int, s string) string {
			return strings.NewReplacer("Amazing Notes writes", "Notes writes", "Sign up", "Register").Replace(s)
		}, "keep", "Amazing Notes"},
		{"glossary ignored", replace("Sign up", "Join"), "glossary", "register"},
		{"avoided word added", func(_ int, s string) string {
			return strings.NewReplacer("Sign up", "Register", "every tool", "every cheap tool").Replace(s)
		}, "avoid", "cheap"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := f.Verify(context.Background(), fork.VerifyRequest{
				Source: fork.Source{HTML: brandPage},
				Fork:   brandDraft(t, f, tt.edit),
				Target: fork.Target{Brand: brand},
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"keep", "glossary", "avoid"} {
				c, ok := checkOf(rep, name)
				if !ok {
					t.Fatalf("no %s check in %v", name, rep.Checks)
				}
				if want := name == tt.check; c.Failed() != want {
					t.Errorf("%s: failed=%v (%s); want failed=%v", name, c.Failed(), c.Details, want)
				}
				if name == tt.check && !strings.Contains(c.Details, tt.names) {
					t.Errorf("%s: details %q do not name %q", name, c.Details, tt.names)
				}
			}
		})
	}
	rep, err := f.Verify(context.Background(), fork.VerifyRequest{Source: fork.Source{HTML: brandPage}, Fork: brandDraft(t, f, replace("", ""))})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"keep", "glossary", "avoid"} {
		if _, ok := checkOf(rep, name); ok {
			t.Errorf("a request without a brand lists a %s check", name)
		}
	}
}

// TestBrandRules: the built-in engine honours the brand: a kept name is
// not touched by the layer's word swaps, the glossary's rendering is used,
// and an edit that would add an avoided word is not made.
func TestBrandRules(t *testing.T) {
	f := fork.New(fork.WithProvider(rules.New()))
	res, err := f.Fork(context.Background(), fork.Request{HTML: brandPage, LanguageLayer: "plain",
		Brand: fork.Brand{Keep: []string{"Amazing Notes"}, Glossary: map[string]string{"sign up": "register"}, Avoid: []string{"use"}}})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, b := range res.Blocks {
		if b.Role == fork.RoleHeadline || b.Role == fork.RoleSubheadline {
			texts = append(texts, b.Text)
		}
	}
	want := []string{"Amazing Notes writes your meeting notes", "Register today and utilize the notes in every tool you've got."}
	// The subheadline: "utilize" would become "use", which the brand
	// avoids: the layer's edits are not made, the glossary's are.
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Errorf("hero (-want +got):\n%s", diff)
	}
	for _, name := range []string{"keep", "glossary", "avoid"} {
		if c, ok := checkOf(&fork.Report{Checks: res.Checks}, name); !ok || c.Failed() {
			t.Errorf("check %s: %+v", name, c)
		}
	}
	// The en-GB spelling writes "colour", never inside a kept term.
	page := strings.Replace(brandPage, "</section>", "<p>Pick any color you like with the color picker.</p></section>", 1)
	gb, err := f.Fork(context.Background(), fork.Request{HTML: page, SourceLanguage: "en-US", TargetLanguage: "en-GB", Brand: fork.Brand{Keep: []string{"color picker"}}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, b := range gb.Blocks {
		if strings.HasPrefix(b.Source, "Pick any color") {
			found = true
			if want := "Pick any colour you like with the color picker."; b.Text != want {
				t.Errorf("en-GB: %q; want %q", b.Text, want)
			}
		}
	}
	if !found {
		t.Fatal("no block of the colour line")
	}
	// Without "use" avoided, the glossary's rendering is written.
	res, err = f.Fork(context.Background(), fork.Request{HTML: brandPage, LanguageLayer: "plain",
		Brand: fork.Brand{Keep: []string{"Amazing Notes"}, Glossary: map[string]string{"sign up": "register"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range res.Blocks {
		if b.Role == fork.RoleSubheadline && !strings.HasPrefix(b.Text, "Register today") {
			t.Errorf("subheadline %q does not use the glossary's rendering", b.Text)
		}
	}
}

// TestBrandValidation: a brand's bad terms are refused as 422 field
// errors, each naming its field.
func TestBrandValidation(t *testing.T) {
	long := strings.Repeat("x", 201)
	err := fork.Request{HTML: brandPage, Brand: fork.Brand{Keep: []string{" "}, Glossary: map[string]string{"a": long}, Avoid: []string{"Acme"}, Voice: strings.Repeat("v", 1001)}}.WithDefaults().Validate()
	var ve *fork.ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, fork.ErrInvalidInput) {
		t.Fatalf("got %v; want a ValidationError", err)
	}
	var fields []string
	for _, f := range ve.Fields {
		fields = append(fields, f.Field)
	}
	if diff := cmp.Diff([]string{"keep", "glossary", "voice"}, fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}

// TestKeptTermsAreNotMeasured: a layer's rule never asks a fork to change
// a term the brand keeps: "Amazing Notes" is a name, not hype.
func TestKeptTermsAreNotMeasured(t *testing.T) {
	f := fork.New()
	for _, keep := range []bool{false, true} {
		target := fork.Target{LanguageLayer: "professional"}
		if keep {
			target.Keep = []string{"Amazing Notes"}
		}
		rep, err := f.Verify(context.Background(), fork.VerifyRequest{Source: fork.Source{HTML: brandPage}, Fork: brandDraft(t, f, func(_ int, s string) string {
			return strings.ReplaceAll(s, "you've", "you have")
		}), Target: target})
		if err != nil {
			t.Fatal(err)
		}
		c, _ := checkOf(rep, "layer:no_hype")
		if c.Failed() == keep {
			t.Errorf("keep=%v: no_hype failed=%v (%s)", keep, c.Failed(), c.Details)
		}
	}
}
