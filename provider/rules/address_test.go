package rules_test

import (
	"context"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/langtag"
)

// TestFormalAddress: the professional layer of a Spanish page that says
// "tú" to its reader says "usted" in its copy and its guarantee (whose
// words verification holds), leaves its buttons as the page wrote them
// and says so, and passes its own formal-address check; a page that
// speaks to a group ("vosotros") says "ustedes" to it, but where a verb
// the tables lack keeps its address whole; the everyday layer keeps "tú".
func TestFormalAddress(t *testing.T) {
	src := page(t, "../../testdata/pages/huerta-es.html")
	_, informal, _ := fork.FormalAddress(langtag.MustParse("es"))
	fork1 := func(t *testing.T, html, layer string) *fork.Result {
		t.Helper()
		res, err := newForker().Fork(context.Background(), fork.Request{HTML: html, LanguageLayer: layer})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Passed && !strings.Contains(html, "cocináis") && !strings.Contains(html, "vaincs") {
			t.Fatalf("fork failed: %v", failed(res.Checks))
		}
		return res
	}
	t.Run("professional", func(t *testing.T) {
		res := fork1(t, src, "professional")
		for _, c := range res.Checks {
			if c.Name == "layer:formal_address" && c.Status != fork.CheckPassed {
				t.Errorf("formal_address %s: %s", c.Status, c.Details)
			}
		}
		want := map[string]string{
			"Tu verdura de temporada, en tu puerta cada semana":                    "Su verdura de temporada, en su puerta cada semana",
			"¿No vas a estar en casa? Pausa la semana desde tu cuenta, sin coste.": "¿No va a estar en casa? Pause la semana desde su cuenta, sin coste.",
			"Todavía no. Déjanos tu correo y te avisamos cuando lleguemos.":        "Todavía no. Déjenos su correo y le avisamos cuando lleguemos.",
			// The guarantee keeps its words, said formally: the offer
			// lock reads the one rewrite it allows.
			"Si algo llega en mal estado, te lo reponemos en la siguiente caja o te devolvemos su importe.": "Si algo llega en mal estado, se lo reponemos en la siguiente caja o le devolvemos su importe.",
		}
		// A button is the page's UI.
		formalBlocks(t, res, want, informal, func(b fork.ForkedBlock) bool { return b.Href != "" })
		if !noteHas(res.Notes, `"Elige tu caja"`) || noteHas(res.Notes, "Si algo llega en mal estado") {
			t.Errorf("the note does not name the button alone as left informal: %q", res.Notes)
		}
	})
	t.Run("a page that speaks to a group", func(t *testing.T) {
		res := fork1(t, strings.Replace(src, "Tu verdura de temporada", "¿Sois vecinos? Vuestra verdura de temporada", 1), "professional")
		found := false
		for _, b := range res.Blocks {
			found = found || b.Text == "¿Son vecinos? Su verdura de temporada, en su puerta cada semana"
		}
		if !found {
			t.Error("the group's line is not said as \"ustedes\"")
		}
		for _, c := range res.Checks {
			if c.Name == "layer:formal_address" && c.Status != fork.CheckPassed {
				t.Errorf("formal_address %s: %s", c.Status, c.Details)
			}
		}
	})
	t.Run("a group's verb the tables lack", func(t *testing.T) {
		res := fork1(t, strings.Replace(src, "Tu verdura de temporada", "Si cocináis juntos, vuestra verdura de temporada", 1), "professional")
		for _, b := range res.Blocks {
			if strings.Contains(b.Rationale, "addressed as") {
				t.Errorf("block %d rewritten on a page that says vosotros: %q", b.ID, b.Text)
			}
		}
		if !noteHas(res.Notes, `"cocináis"`) {
			t.Errorf("no note says why the address stays: %q", res.Notes)
		}
		// The page stays informal, and its check says so rather than pass.
		for _, c := range res.Checks {
			if c.Name == "layer:formal_address" && !c.Failed() {
				t.Errorf("formal_address %s on a page left informal: %s", c.Status, c.Details)
			}
		}
	})
	t.Run("German", func(t *testing.T) {
		res := fork1(t, page(t, "../../testdata/pages/radkurs-de.html"), "professional")
		_, informal, _ := fork.FormalAddress(langtag.MustParse("de"))
		want := map[string]string{
			"Repariere dein Rad in Zukunft selbst":                                                "Reparieren Sie Ihr Rad in Zukunft selbst",
			"Kurs wählen: Such dir einen Abend aus, der zu deiner Woche passt.":                   "Kurs wählen: Suchen Sie sich einen Abend aus, der zu Ihrer Woche passt.",
			"Wenn dir der erste Abend nicht gefällt, erstatten wir dir den vollen Betrag.":        "Wenn Ihnen der erste Abend nicht gefällt, erstatten wir Ihnen den vollen Betrag.",
			"Ja. Schreib uns bis 24 Stunden vorher und wir buchen dich in eine andere Gruppe um.": "Ja. Schreiben Sie uns bis 24 Stunden vorher und wir buchen Sie in eine andere Gruppe um.",
		}
		formalBlocks(t, res, want, informal, func(b fork.ForkedBlock) bool { return b.Href != "" })
	})
	t.Run("French", func(t *testing.T) {
		fr := page(t, "../../testdata/pages/atelier-fr.html")
		res := fork1(t, fr, "professional")
		_, informal, _ := fork.FormalAddress(langtag.MustParse("fr"))
		want := map[string]string{
			"Ton premier bol, fait de tes mains": "Votre premier bol, fait de vos mains",
			"Tu choisis ton créneau, le mardi ou le jeudi. Commence quand tu veux : une session démarre chaque mois.": "Vous choisissez votre créneau, le mardi ou le jeudi. Commencez quand vous voulez : une session démarre chaque mois.",
			"C'est fait pour toi. Écris-nous si tu as un doute, on te répond dans la journée.":                        "C'est fait pour vous. Écrivez-nous si vous avez un doute, on vous répond dans la journée.",
		}
		formalBlocks(t, res, want, informal, func(b fork.ForkedBlock) bool { return b.Href != "" })
		// A verb said to "tu" the engine cannot read keeps the whole
		// page informal, and the note names it.
		res = fork1(t, strings.Replace(fr, "tu la rattrapes", "tu vaincs ta peur", 1), "professional")
		for _, b := range res.Blocks {
			if strings.Contains(b.Rationale, "addressed as") {
				t.Errorf("block %d rewritten on a page with a verb the engine cannot read: %q", b.ID, b.Text)
			}
		}
		if !noteHas(res.Notes, `"vaincs"`) {
			t.Errorf("no note names the verb: %q", res.Notes)
		}
	})
	t.Run("everyday", func(t *testing.T) {
		res := fork1(t, src, "everyday")
		for _, b := range res.Blocks {
			if strings.Contains(b.Rationale, "addressed as") {
				t.Errorf("everyday layer rewrote block %d's address: %q", b.ID, b.Text)
			}
		}
	})
}

// formalBlocks holds a fork's blocks to their wanted text (by source)
// and to no informal form of address, but for the blocks kept as they
// stand, which must not change.
func formalBlocks(t *testing.T, res *fork.Result, want map[string]string, informal []string, kept func(fork.ForkedBlock) bool) {
	t.Helper()
	for _, b := range res.Blocks {
		if w, ok := want[b.Source]; ok && b.Text != w {
			t.Errorf("block %d:\ngot  %q\nwant %q", b.ID, b.Text, w)
		}
		if kept(b) {
			if b.Text != b.Source {
				t.Errorf("block %d (%s) changed: %q → %q", b.ID, b.Role, b.Source, b.Text)
			}
			continue
		}
		if found := informalIn(b.Text, informal); found != "" && b.Role != fork.RoleFAQQuestion {
			t.Errorf("block %d keeps %q: %q", b.ID, found, b.Text)
		}
	}
}

func informalIn(text string, forms []string) string {
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r > 127) }) {
		for _, f := range forms {
			if w == f {
				return w
			}
		}
	}
	return ""
}

func noteHas(notes []string, s string) bool {
	for _, n := range notes {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}
