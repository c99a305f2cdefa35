package extract

import (
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ctaActions maps the words a call to action names its action with, in the
// languages Marketing Fork writes, to the action. A label that starts a
// trial is "trial" even though it also says "start"; so longer phrases are
// listed and the earliest, longest match in a label wins. Words that name
// no action by themselves ("get", "start", "go") are left out.
var ctaActions = map[string][]string{
	"download": {"download", "install", "get the app", "get it on", "app store", "google play",
		"herunterladen", "installieren", "télécharger", "installer", "descargar", "instalar", "baixar",
		"scarica", "scaricare", "installa", "downloaden", "installeren", "download de"},
	"buy": {"buy", "purchase", "order", "add to cart", "add to basket", "checkout", "check out", "shop", "get yours",
		"kaufen", "bestellen", "in den warenkorb", "jetzt kaufen", "acheter", "commander", "ajouter au panier",
		"comprar", "pedir", "añadir al carrito", "adicionar ao carrinho", "assinar", "acquista", "acquistare",
		"ordina", "aggiungi al carrello", "kopen", "bestel", "bestellen", "in winkelwagen", "afrekenen", "subscribe now"},
	"trial": {"free trial", "trial", "start trial", "start your trial", "start a trial", "try", "testen", "test",
		"kostenlos testen", "essai", "essayer", "prueba", "probar", "teste grátis", "experimente", "experimentar",
		"prova", "provare", "proef", "probeer", "uitproberen"},
	"signup": {"sign up", "signup", "sign me up", "register", "enrol", "enroll", "enrol now", "enroll now", "create account", "create an account", "get started",
		"start free", "start for free", "kostenlos starten", "commencer gratuitement", "commence gratuitement",
		"comenzar gratis", "empieza gratis", "começar grátis", "comece grátis", "inizia gratis", "gratis starten",
		"join", "registrieren", "anmelden", "konto erstellen", "s'inscrire", "inscrivez", "inscris", "inscription",
		"créer un compte", "rejoindre", "rejoins", "regístrate", "registrarse", "registrar", "inscríbete",
		"crear cuenta", "únete", "registro", "cadastrar", "cadastre", "cadastro", "criar conta", "inscreva", "registrati", "iscriviti",
		"crea account", "registreren", "registreer", "aanmelden", "meld je aan", "account aanmaken"},
	"contact": {"contact", "talk to", "get in touch", "call", "email us", "write to us", "chat with",
		"kontakt", "kontaktieren", "anrufen", "schreiben sie uns", "contacter", "contactez", "appeler", "écrivez",
		"contactar", "contáctanos", "escríbenos", "llamar", "hablar con", "fale com", "falar com", "entre em contato",
		"contatar", "contatta", "contattaci", "chiama", "scrivici", "neem contact", "bel ons", "mail ons"},
	"quote": {"quote", "get a quote", "request a quote", "pricing request", "angebot", "devis", "cotización", "cotizar",
		"cotiza", "orçamento", "preventivo", "offerte",
		// an enquiry asks for an offer too ("Send an enquiry" on a holiday
		// flat, "Anfrage senden"); a bare "request" ("Aanvragen") names
		// nothing it asks for
		"enquire", "enquiry", "inquire", "inquiry", "anfrage senden", "anfrage stellen", "jetzt anfragen",
		"envoyer une demande", "enviar solicitud", "enviar consulta", "invia richiesta", "aanvraag versturen"},
	"donate": {"donate", "donation", "support us", "become a patron", "give", "sponsor", "spenden", "unterstützen",
		"faire un don", "donner", "soutenir", "donar", "donación", "apoyar", "doar", "doação", "apoiar", "dona",
		"donazione", "sostieni", "doneer", "doneren", "steun"},
	"book": {"book", "reserve", "schedule", "appointment", "book a demo", "request a demo", "demo", "test drive", "test ride", "probefahrt", "vereinbaren", "buchen",
		"reservieren", "termin", "réserver", "rendez-vous", "reservar", "agendar", "agende", "cita", "prenota", "prenotare",
		"appuntamento", "boek", "boeken", "reserveer", "afspraak"},
	"subscribe": {"subscribe", "newsletter", "abonnieren", "abonniere", "s'abonner", "abonnez", "m'abonne", "abonne-toi", "suscribirse", "suscríbete", "suscribirme", "me suscribo",
		"inscrever", "iscriviti alla newsletter", "abonneren", "abonneer"},
	"login": {"log in", "login", "sign in", "einloggen", "se connecter", "connexion", "iniciar sesión", "entrar",
		"accedi", "inloggen"},
	"learn": {"learn more", "read more", "discover", "explore", "see how", "find out", "read", "learn", "watch",
		"mehr erfahren", "entdecken", "lesen", "en savoir plus", "découvrir", "lire", "saber más", "descubrir",
		"leer", "ver más", "saiba mais", "descobrir", "ler", "scopri", "leggi", "meer weten", "ontdek", "lees"},
}

// noAction are phrases that name no action though they hold a word that
// does: "Give me instant access" asks to receive, it donates nothing.
var noAction = []string{"give me", "gimme"}

// actionPhrases are ctaActions as (phrase, action) pairs, longest first, so
// "free trial" is found before "free" would be and "book a demo" before
// "demo". Built once; read-only afterwards.
var actionPhrases = func() []struct{ phrase, action string } {
	var out []struct{ phrase, action string }
	for action, phrases := range ctaActions {
		for _, p := range phrases {
			out = append(out, struct{ phrase, action string }{p, action})
		}
	}
	sortByLength(out)
	return out
}()

func sortByLength(ps []struct{ phrase, action string }) {
	// Insertion sort: the table is small and this keeps ties in a fixed
	// order (by phrase) so the result never depends on map order.
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && less(ps[j], ps[j-1]); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

func less(a, b struct{ phrase, action string }) bool {
	if len(a.phrase) != len(b.phrase) {
		return len(a.phrase) > len(b.phrase)
	}
	if a.phrase != b.phrase {
		return a.phrase < b.phrase
	}
	return a.action < b.action
}

// CTAAction names the action a call to action's label asks for: download,
// buy, trial, signup, contact, quote, donate, book, subscribe, login or
// learn; "" when the label names none it can tell ("PhantomSnap, free").
// The action named first in the label wins.
func CTAAction(label string) string {
	lower := strings.ToLower(label)
	for _, p := range noAction {
		// Blanked to the same length: offsets stay, and "give" inside
		// "give me" names nothing, while a later "download" still does.
		lower = strings.ReplaceAll(lower, p, strings.Repeat(" ", len(p)))
	}
	best, bestAt := "", len(lower)+1
	for _, p := range actionPhrases {
		if at := wordsAt(lower, p.phrase); at >= 0 && at < bestAt {
			best, bestAt = p.action, at
		}
	}
	return best
}

// wordsAt is where lower first holds phrase as whole words, or -1.
func wordsAt(lower, phrase string) int {
	for from := 0; from < len(lower); {
		i := strings.Index(lower[from:], phrase)
		if i < 0 {
			return -1
		}
		at := from + i
		if wordEdge(lower, at, true) && wordEdge(lower, at+len(phrase), false) {
			return at
		}
		from = at + 1
	}
	return -1
}

// LinkAction is what a call to action does, from its label and its link:
// CTAAction of the label, except that a link that opens a conversation
// (WhatsApp, Telegram, Messenger, e-mail, a phone call) is "contact"
// whatever the label says ("Buy now" to wa.me starts a chat, not a
// purchase), and a label that names no action is "buy" where its link
// goes to a checkout or a cart ("Unlock everything now"), "download"
// where it goes to an app store's page for the app ("F-Droid"), and
// "docs" where it goes to the product's documentation or names it ("Read
// the guides.").
func LinkAction(label, href string) string {
	href = strings.ToLower(href)
	for _, p := range []string{"mailto:", "tel:", "https://wa.me/", "https://api.whatsapp.com/", "https://t.me/", "https://m.me/"} {
		if strings.HasPrefix(href, p) {
			return "contact"
		}
	}
	a := CTAAction(label)
	if a == "" || a == "learn" {
		if checkoutPage(href) {
			return "buy"
		}
		// A badge or a button named for a store ("F-Droid", "App
		// Store") that links to an app's page there is its download.
		for _, p := range appStores {
			if strings.HasPrefix(href, p) {
				return "download"
			}
		}
		if docsPage(href) || docsLabel(label) {
			// "Read the guides." on a framework's home page is how a
			// reader starts using what it gives away: the step the page
			// exists for, where nothing is sold.
			return "docs"
		}
	}
	if a == "" {
		// "Get 50% off my first box" → /signup, "Verifica disponibilità"
		// → /prenota: the label names no action, its address does. Not
		// beside a label that reads ("Read the book" → /book/ is no
		// booking).
		return pathAction(href)
	}
	return a
}

// pathAction is the action a segment of a link's path names, read as a
// label is ("/signup", "/prenota", "/book-a-call"): the first segment that
// names one other than "learn", or "".
func pathAction(href string) string {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil || (u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	for _, seg := range strings.Split(u.Path, "/") {
		seg = strings.Map(func(r rune) rune {
			if r == '-' || r == '_' || r == '.' {
				return ' '
			}
			return r
		}, seg)
		if a := CTAAction(seg); a != "" && a != "learn" {
			return a
		}
	}
	return ""
}

// docsWords name a product's documentation in a label ("Read the guides",
// "Dokumentation lesen"), as whole words.
var docsWords = []string{"docs", "documentation", "the guides", "user guide", "getting started guide", "tutorial", "tutorials", "quick start", "quickstart",
	"dokumentation", "anleitung", "documentación", "documentação", "documentazione", "documentatie", "handleiding"}

// docsLabel reports a label that names documentation.
func docsLabel(label string) bool {
	lower := strings.ToLower(label)
	return slices.ContainsFunc(docsWords, func(w string) bool { return wordsAt(lower, w) >= 0 })
}

// docsPage reports a link to a product's documentation: a host that opens
// on "docs." or "guides." ("https://guides.rubyonrails.org"; not Google's
// documents and forms), or a path segment that names it ("/docs/").
func docsPage(href string) bool {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "docs.google.com" {
		return false // a form or a shared document, no product's manual
	}
	for _, p := range []string{"docs.", "guides.", "doc.", "documentation."} {
		if strings.HasPrefix(host, p) {
			return true
		}
	}
	// "/get-started" and "/guides/sizing" are as often a sign-up flow or
	// a buying guide: only the label can say so there (docsLabel).
	for _, seg := range strings.Split(strings.ToLower(u.Path), "/") {
		switch seg {
		case "docs", "doc", "documentation", "quickstart":
			return true
		}
	}
	return false
}

// checkoutPage reports a link whose address is a checkout, a cart or a
// payment page by the last word of a segment of its path
// ("/checkout/course", "/membership-checkout/", "/cart") or
// its host (PayPal, Stripe's payment links); "/help/checkout-faq" is a
// help page. A button that names no action buys where it links to one,
// and a plain link that stands alone in its paragraph becomes a buy
// button by it.
func checkoutPage(href string) bool {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Hostname()) {
	case "paypal.com", "www.paypal.com", "buy.stripe.com", "checkout.stripe.com":
		return true
	}
	for _, seg := range strings.Split(strings.ToLower(u.Path), "/") {
		// A segment's last word names it: "membership-checkout" is a
		// checkout, "checkout-faq" a page of questions.
		if k := strings.LastIndexAny(seg, "-_"); k >= 0 {
			seg = seg[k+1:]
		}
		switch seg {
		case "checkout", "cart", "basket", "buy", "order", "purchase", "kasse", "warenkorb", "panier", "carrito", "carrinho", "carrello", "winkelwagen":
			return true
		}
	}
	return false
}

// appStores are the addresses of app stores' pages for one app.
var appStores = []string{
	"https://apps.apple.com/", "https://itunes.apple.com/", "https://play.google.com/store/apps/",
	"https://f-droid.org/packages/", "https://f-droid.org/en/packages/", "https://apps.microsoft.com/",
	"https://www.microsoft.com/store/", "https://chromewebstore.google.com/", "https://addons.mozilla.org/",
}

// wordEdge reports whether s has a word boundary at i: before i when start,
// after i otherwise.
func wordEdge(s string, i int, start bool) bool {
	if start {
		if i == 0 {
			return true
		}
		r, _ := utf8.DecodeLastRuneInString(s[:i])
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}
	if i >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}
