package fork_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

// TestWordsWinOverWrongLang forks a page whose copy is German but whose
// lang says en: the copy's language is the page's, and the analysis says
// the declaration was overridden. A page with too few words to be sure
// keeps what it declares.
func TestWordsWinOverWrongLang(t *testing.T) {
	page, err := os.ReadFile("testdata/lang/german-declared-en.html")
	if err != nil {
		t.Fatal(err)
	}
	f := fork.New()
	ex, err := f.Extract(context.Background(), fork.Source{HTML: string(page)})
	if err != nil {
		t.Fatal(err)
	}
	a := ex.Analysis
	if a.Language != "de" || a.LanguageSource != "detected" || !strings.Contains(a.LanguageNote, "overridden") {
		t.Errorf("language %q from %q, note %q; want de, detected, a note that the declaration was overridden", a.Language, a.LanguageSource, a.LanguageNote)
	}
	short := `<html lang="en"><body><h1>Kaffee im Abo</h1><p>Frisch geröstet, jede Woche.</p><a class="btn" href="/abo">Abo starten</a></body></html>`
	ex, err = f.Extract(context.Background(), fork.Source{HTML: short})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Analysis.Language != "en" || ex.Analysis.LanguageSource != "declared" {
		t.Errorf("a short page: language %q from %q; want its declaration, en", ex.Analysis.Language, ex.Analysis.LanguageSource)
	}
}

// TestSecondLanguageCopyNoted forks a page that carries its English copy
// in data-en attributes for a language switch: the fork's notes say that
// copy stayed the source's; a fork that changed nothing, or a page without
// it, gets no such note.
func TestSecondLanguageCopyNoted(t *testing.T) {
	page, err := os.ReadFile("internal/extract/testdata/pages/bilingual.html")
	if err != nil {
		t.Fatal(err)
	}
	f := fork.New(fork.WithProvider(rules.New()))
	res, err := f.Fork(context.Background(), fork.Request{HTML: string(page), Profile: "skeptic", LanguageLayer: "everyday", SourceLanguage: "it", TargetLanguage: "it"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "data-en") && strings.Contains(n, "switch to English") }) {
		t.Errorf("notes %q; want one that says the data-en copy stayed the source's", res.Notes)
	}
	// A fork that changes nothing leaves no copy behind: no note.
	res, err = f.Fork(context.Background(), fork.Request{HTML: string(page), Profile: "enthusiast", LanguageLayer: "everyday", SourceLanguage: "it", TargetLanguage: "it"})
	if err != nil {
		t.Fatal(err)
	}
	changed := slices.ContainsFunc(res.Blocks, func(b fork.ForkedBlock) bool { return b.Text != b.Source })
	noted := slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "data-en") })
	if changed || noted {
		t.Errorf("enthusiast fork: changed %v, noted %v; want an unchanged fork without the note: %q", changed, noted, res.Notes)
	}
	page, err = os.ReadFile("internal/extract/testdata/pages/inline.html")
	if err != nil {
		t.Fatal(err)
	}
	res, err = f.Fork(context.Background(), fork.Request{HTML: string(page), Profile: "skeptic", LanguageLayer: "everyday"})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range res.Notes {
		if strings.Contains(n, "copy in data-") {
			t.Errorf("a page without second-language copy got the note %q", n)
		}
	}
}
