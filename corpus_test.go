package fork_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/marketingfork/fork"
)

// corpusDir is where CI and developers keep the real landing pages: beside
// the checkout, never inside it (they are other people's text).
const corpusDir = "../shared/corpus"

func corpusPages(t testing.TB) []string {
	t.Helper()
	pages, _ := filepath.Glob(filepath.Join(corpusDir, "*.html"))
	if len(pages) == 0 {
		t.Skipf("corpus not found at %s; these tests need ../shared/corpus beside the checkout", corpusDir)
	}
	return pages
}

type money struct {
	currency string
	amount   float64
}

// corpusPrices lists every price each corpus page shows a reader, read off
// the pages by hand. A page missing here shows no price.
var corpusPrices = map[string][]money{
	"02-standard-ebooks-donate.html": {{"USD", 10}, {"USD", 100}, {"USD", 800}, {"USD", 950}, {"USD", 1100}, {"USD", 1250}, {"USD", 1400}},
	"03-elementary-os.html":          {{"USD", 5}, {"USD", 10}, {"USD", 25}},
	"07-nuclai-tickets.html":         {{"EUR", 15}},
	"09-fotobox-tirol-preise.html":   {{"EUR", 400}, {"EUR", 600}, {"EUR", 800}},
	"11-healthchecks-pricing.html":   {{"USD", 0}, {"USD", 5}, {"USD", 50}},
	"14-swellsync-tarifs.html":       {{"EUR", 0}, {"EUR", 4.99}, {"EUR", 39.99}, {"EUR", 3.33}},
	"16-falcodesk-precos.html": {{"BRL", 633}, {"BRL", 846}, {"BRL", 1058}, {"BRL", 1483}, {"BRL", 745}, {"BRL", 995}, {"BRL", 1245}, {"BRL", 1745},
		{"BRL", 81}, {"BRL", 106}, {"BRL", 128}, {"BRL", 149}, {"BRL", 7599}, {"BRL", 10149}, {"BRL", 12699}, {"BRL", 17799},
		{"BRL", 1490}, {"BRL", 95}, {"BRL", 125}, {"BRL", 150}, {"BRL", 175}},
	"19-convergese-conference.html":                 {{"USD", 200}},
	"25-wattles-prosperity-bible-sales-letter.html": {{"USD", 47}},
	"26-drone-hub-precos.html":                      {{"BRL", 29.90}, {"BRL", 45}, {"BRL", 358.80}, {"BRL", 181.20}},
	"27-noi-thai-massage-konstanz-preise.html": {{"EUR", 30}, {"EUR", 45}, {"EUR", 55}, {"EUR", 60}, {"EUR", 65}, {"EUR", 85},
		{"EUR", 90}, {"EUR", 110}, {"EUR", 120}, {"EUR", 125}, {"EUR", 165}},
	"30-hulpstation-tarieven.html":      {{"EUR", 0}, {"EUR", 5}, {"EUR", 8}, {"EUR", 10}, {"EUR", 12}, {"EUR", 25}, {"EUR", 50}, {"EUR", 100}},
	"31-pennino-pdf-editor-prezzi.html": {{"EUR", 49.90}, {"EUR", 290}, {"EUR", 130}},
	"32-full-frontal-2011-tickets.html": {{"GBP", 595}, {"GBP", 345}, {"GBP", 129}},
	"34-ewl-marketing-college-oto.html": {{"ZAR", 3600}, {"ZAR", 899}, {"ZAR", 3599}, {"ZAR", 11000}},
	"37-puntual-acceso-precios.html":    {{"USD", 0}, {"USD", 0.75}, {"USD", 39.99}},
}

// corpusLanguages is each page's language as SOURCES.tsv gives it.
var corpusLanguages = map[string]string{
	"09-fotobox-tirol-preise.html":             "de",
	"13-3dgroup-aseo-precios.html":             "es",
	"14-swellsync-tarifs.html":                 "fr",
	"16-falcodesk-precos.html":                 "pt",
	"22-herbjar-skincare-home.html":            "en",
	"26-drone-hub-precos.html":                 "pt",
	"27-noi-thai-massage-konstanz-preise.html": "de",
	"30-hulpstation-tarieven.html":             "nl",
	"31-pennino-pdf-editor-prezzi.html":        "it",
	"37-puntual-acceso-precios.html":           "es",
}

// TestCorpusExtract reads each real page as a new user would: it must find
// the headline, a call to action with its target, every price the page
// shows, and the page's language.
func TestCorpusExtract(t *testing.T) {
	f := fork.New()
	for _, path := range corpusPages(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := f.Extract(context.Background(), fork.Source{HTML: string(b)})
			if err != nil {
				t.Fatal(err)
			}
			var headline, cta bool
			for _, b := range ex.Blocks {
				headline = headline || (b.Role == fork.RoleHeadline && b.Text != "")
				cta = cta || (b.Role == fork.RoleCTA && b.Href != "")
			}
			if !headline {
				t.Error("no headline found")
			}
			if !cta {
				t.Error("no call to action with a target found")
			}
			prices := map[money]bool{}
			for _, fact := range ex.Ledger {
				if fact.Kind == "price" {
					prices[money{fact.Currency, fact.Amount}] = true
				}
			}
			for _, want := range corpusPrices[name] {
				if !prices[want] {
					t.Errorf("ledger lacks the price %s %.2f", want.currency, want.amount)
				}
			}
			want := corpusLanguages[name]
			if want == "" {
				want = "en"
			}
			if got := ex.Analysis.Language; got[:2] != want {
				t.Errorf("got language %q; want %s", got, want)
			}
			if ex.Analysis.Text.Words == 0 || ex.Analysis.Readability.LIX == 0 {
				t.Errorf("no readability measured: %+v", ex.Analysis.Text)
			}
		})
	}
}

// BenchmarkExtract measures the whole extraction (parse, blocks, ledger,
// analysis) of each corpus page.
func BenchmarkExtract(b *testing.B) {
	f := fork.New()
	for _, path := range corpusPages(b) {
		page, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(path), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(page)))
			src := fork.Source{HTML: string(page)}
			for b.Loop() {
				if _, err := f.Extract(context.Background(), src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
