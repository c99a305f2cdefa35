package rules

import (
	"strings"
	"unicode/utf8"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/extract"
)

// ctaLabels are complete button labels per base language, action (as
// extract.CTAAction names it) and profile. Each restates its action and
// nothing else: no claim, price or promise the page might not make. A
// profile missing here keeps the page's label, which is fine. No profile
// renames a buy button: "Order Now" as "Place your order" is a synonym,
// and reviewers read it as a change that tests nothing.
var ctaLabels = map[string]map[string]map[string]string{
	"en": {
		"trial":    {"skeptic": "Try it yourself", "cautious": "Try it first", "beginner": "Try it first", "busy-professional": "Start your trial"},
		"signup":   {"beginner": "Create an account", "cautious": "Create an account", "busy-professional": "Sign up"},
		"contact":  {"executive": "Talk to our team", "cautious": "Get in touch", "beginner": "Get in touch"},
		"donate":   {"beginner": "Make a donation", "busy-professional": "Donate"},
		"download": {"busy-professional": "Download"},
	},
	"de": {
		"trial":    {"skeptic": "Selbst testen", "cautious": "Erst einmal testen", "beginner": "Erst einmal testen"},
		"signup":   {"beginner": "Konto erstellen", "cautious": "Konto erstellen", "busy-professional": "Registrieren"},
		"contact":  {"executive": "Kontakt aufnehmen", "cautious": "Kontakt aufnehmen", "beginner": "Kontakt aufnehmen"},
		"donate":   {"beginner": "Jetzt spenden", "busy-professional": "Spenden"},
		"download": {"beginner": "Herunterladen", "busy-professional": "Herunterladen"},
	},
	"fr": {
		"trial":    {"skeptic": "Essayer par vous-même", "cautious": "Essayer d'abord", "beginner": "Essayer d'abord"},
		"signup":   {"beginner": "Créer un compte", "cautious": "Créer un compte", "busy-professional": "S'inscrire"},
		"contact":  {"executive": "Contacter notre équipe", "cautious": "Nous contacter", "beginner": "Nous contacter"},
		"donate":   {"beginner": "Faire un don", "busy-professional": "Faire un don"},
		"download": {"beginner": "Télécharger", "busy-professional": "Télécharger"},
	},
	"es": {
		"trial":    {"skeptic": "Probar por tu cuenta", "cautious": "Probar primero", "beginner": "Probar primero"},
		"signup":   {"beginner": "Crear cuenta", "cautious": "Crear cuenta", "busy-professional": "Regístrate"},
		"contact":  {"executive": "Hablar con nuestro equipo", "cautious": "Contactar", "beginner": "Contactar"},
		"donate":   {"beginner": "Hacer una donación", "busy-professional": "Donar"},
		"download": {"beginner": "Descargar", "busy-professional": "Descargar"},
	},
	"pt": {
		"trial":    {"skeptic": "Experimente você mesmo", "cautious": "Experimente primeiro", "beginner": "Experimente primeiro"},
		"signup":   {"beginner": "Criar conta", "cautious": "Criar conta", "busy-professional": "Cadastre-se"},
		"contact":  {"executive": "Fale com nossa equipe", "cautious": "Entre em contato", "beginner": "Entre em contato"},
		"donate":   {"beginner": "Fazer uma doação", "busy-professional": "Doar"},
		"download": {"beginner": "Baixar", "busy-professional": "Baixar"},
	},
}

// maxRelabelWords is the longest label the table may replace: a longer one
// says more than its action, and the table's label would lose that.
const maxRelabelWords = 3

// fixedControl reports a button a fork must leave exactly as it is: a form
// control (its label is the form's, not the pitch's) or a link in the
// page's navigation or header. Disabled buttons never reach the plan: the
// extractor skips them.
func fixedControl(b fork.Brief) bool {
	if b.Tag == "input" || b.Tag == "select" || b.Section < 0 {
		return true
	}
	for _, part := range []string{"/nav[", "/header[", "/form[", "/menu["} {
		if strings.Contains(b.Path, part) {
			return true
		}
	}
	return false
}

// relabel gives a call to action the label that speaks to the profile: a
// label the page itself uses for the same target and action, else the
// table's complete label for the action; or the source label, with
// ok false. A label carrying a fact ("Start your 14-day trial") keeps it:
// only a page label with the same facts may replace it.
func relabel(plan *fork.Plan, b fork.Brief, lang string) (string, string, bool) {
	if fixedControl(b) || strings.HasSuffix(strings.TrimSpace(b.Text), "?") {
		return b.Text, "", false
	}
	action := extract.CTAAction(b.Text)
	if action == "" || action == "login" || action == "learn" {
		return b.Text, "", false
	}
	sub := plan.Profile.Substance
	fits := func(label string) bool {
		n := utf8.RuneCountInString(label)
		return label != b.Text && n <= b.Budget.MaxChars && n >= b.Budget.MinChars && extract.CTAAction(label) == action
	}
	// The page's own label for the same target, when it carries more of
	// what the profile looks for.
	if b.Href != "" {
		best, bestScore := "", scoreLine(line{text: b.Text, block: b.ID, role: b.Role, facts: b.Facts}, sub, plan)
		for _, o := range plan.Blocks {
			if o.Role != fork.RoleCTA || o.ID == b.ID || o.Href != b.Href || !fits(o.Text) || !keepsFacts(b, o.Text) {
				continue
			}
			if s := scoreLine(line{text: o.Text, block: o.ID, role: o.Role, facts: o.Facts}, sub, plan); s > bestScore {
				best, bestScore = o.Text, s
			}
		}
		if best != "" {
			return best, "the page's own label for the same link, which names " + sub.Lead, true
		}
	}
	if len(textFacts(b.Facts)) > 0 || wordCount(b.Text) > maxRelabelWords || !genericLabel(b.Text) {
		return b.Text, "", false
	}
	if action == "signup" && !namesAccount(b) {
		// "Get started" opens an account on one page and a checkout on
		// another: the table's "Create an account" would name an action
		// the page may not have.
		return b.Text, "", false
	}
	label := ctaLabels[lang][action][plan.Profile.Name]
	if label == "" || !fits(label) || strings.EqualFold(label, strings.TrimSpace(b.Text)) {
		return b.Text, "", false
	}
	return label, "the same " + action + " action, worded for " + strings.ToLower(plan.Profile.Title) + " readers: " + strings.TrimSuffix(strings.ToLower(plan.Profile.CTA), "."), true
}

// namesAccount reports whether a sign-up button says, in its label or its
// link, that it opens an account, rather than only "Get started".
func namesAccount(b fork.Brief) bool {
	lower := strings.ToLower(b.Text + " " + b.Href)
	// Not "anmelden" nor "inscription": a driving school's "Jetzt
	// anmelden" enrols the reader in a course, and "Konto erstellen" in
	// its place named an action the page does not have.
	for _, w := range []string{"sign", "regist", "account", "konto", "compte", "cuenta", "conta", "cadastr"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// keepsFacts reports whether text states every fact block b states, so
// that putting text in b's place loses none of them.
func keepsFacts(b fork.Brief, text string) bool {
	for _, f := range textFacts(b.Facts) {
		if !strings.Contains(text, f.Text) {
			return false
		}
	}
	return true
}

// textFacts are the facts a block's text states; a link's target stands
// in its href, not its label.
func textFacts(facts []fork.Fact) []fork.Fact {
	var out []fork.Fact
	for _, f := range facts {
		if f.Kind != "url" && f.Text != "" {
			out = append(out, f)
		}
	}
	return out
}

// genericWords are the words of a label that names an action and nothing
// else ("Sign up now", "Jetzt kaufen"). A label with any other word names
// a plan, a product or a thing ("Choose Shop", "Buy Your Tickets"): the
// table's label would lose it, so it stays. "Register" is left out too: it
// buys a ticket as often as it opens an account.
var genericWords = wordSet("sign up now today here get started start go try it free buy order download donate contact us join subscribe me your the a an trial account create " +
	"jetzt kaufen bestellen herunterladen spenden kontakt anmelden testen " +
	"maintenant acheter commander télécharger donner contactez-nous contacter essayer " +
	"ahora comprar descargar donar contactar probar " +
	"agora comprar baixar doar contato experimente assinar")

func genericLabel(label string) bool {
	for _, w := range strings.Fields(strings.ToLower(label)) {
		if !genericWords[strings.Trim(w, ".,!?:")] {
			return false
		}
	}
	return true
}
