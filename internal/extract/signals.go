package extract

// This file holds the data the role decisions are made from: class-name
// hints, word lists per language and phrase lists. The code in classify.go
// only combines them; to teach the extractor a new language or a new theme's
// class names, extend these tables.
//
// Class hints are matched against class tokens split on '-' and '_'
// ("btn--navy" has the parts "btn", "", "navy"). A hint matches a token when
// the hint's parts occur in the token's parts in a row, each part equal or
// equal with a plural "s" ("price" matches "price-amount", "plan-price" and
// "prices"; "faq-q" matches "faq-q" but not "faq-item"). A hint written
// "=small" matches only the whole token "small".

// ctaClassHints mark an <a> or <button> styled as a call-to-action button.
var ctaClassHints = []string{
	"btn", "button", "cta", "call-to-action", "buy-now", "order-now", "checkout",
	"boton", "botao", "bouton", "knopf", "pulsante", "knop",
}

// priceClassHints mark an element holding a price. A hint alone is not
// enough: the text must also contain a digit.
var priceClassHints = []string{
	"price", "amount", "cost", "preis", "precio", "preco", "prix", "tarif-amount",
}

// testimonialClassHints mark a testimonial card or the quote inside one.
// reviewClassHints are weaker ("tickets-review" need not be a customer
// review): such a card is a testimonial only if its words are in quotation
// marks or it names its author in an attribution element.
var testimonialClassHints = []string{
	"testimonial", "testim", "quote", "blockquote", "kundenstimme", "temoignage",
	"témoignage", "testimonio", "depoimento",
}

var reviewClassHints = []string{"review", "feedback", "opinion", "opinião", "opinión", "avis", "bewertung"}

// quoteTextClassHints mark the element holding the quoted words inside a
// testimonial card ("t-text", "quote", "review-body").
var quoteTextClassHints = []string{
	"text", "quote", "content", "body", "message", "comment", "excerpt",
}

// attributionClassHints mark who a testimonial is from.
var attributionClassHints = []string{
	"author", "name", "cite", "attribution", "byline", "customer", "reviewer",
	"client", "person", "signature", "who", "autor", "auteur",
}

// faqScopeHints, matched on class and id, mark a FAQ section.
var faqScopeHints = []string{"faq", "questions", "preguntas", "perguntas", "fragen", "domande", "vragen"}

// faqQuestionClassHints and faqAnswerClassHints mark the parts of a FAQ item.
var faqQuestionClassHints = []string{
	"question", "faq-q", "faq-question", "faq-title", "faq-header", "faq-toggle",
	"accordion-header", "accordion-title", "accordion-button", "frage", "pregunta", "pergunta", "domanda", "vraag",
}

var faqAnswerClassHints = []string{
	"answer", "faq-a", "faq-answer", "faq-body", "faq-content", "faq-text",
	"accordion-body", "accordion-content", "accordion-panel", "antwort", "respuesta", "resposta", "reponse", "réponse", "risposta", "antwoord",
}

// finePrintClassHints mark small print.
var finePrintClassHints = []string{
	"fine-print", "fineprint", "small-print", "smallprint", "disclaimer", "legal",
	"footnote", "terms", "=small", "=tiny", "mentions",
}

// guaranteeClassHints mark a guarantee badge or box.
var guaranteeClassHints = []string{"guarantee", "garantie", "garantia", "warranty", "money-back"}

// headingClassHints mark short texts styled as headings, eyebrows and
// taglines (role subheadline).
var headingClassHints = []string{
	"title", "subtitle", "heading", "headline", "subheading", "tagline", "eyebrow",
	"kicker", "overline", "slogan",
}

// hiddenClassTokens are whole class tokens that hide an element.
var hiddenClassTokens = []string{
	"hidden", "d-none", "sr-only", "visually-hidden", "visuallyhidden",
	"screen-reader-text", "screen-reader-only", "skip-link", "is-hidden", "u-hidden",
	"hide", "invisible", "offscreen",
}

// iconClassPrefixes and iconClassTokens mark icon elements (<i>, <span>) whose
// text, if any, is a ligature or glyph and not copy.
var iconClassPrefixes = []string{"fa-", "glyphicon", "material-icons", "material-symbols", "bi-", "ti-", "dashicons", "icon-"}

var iconClassTokens = []string{"fa", "fas", "far", "fab", "fal", "fad", "icon", "icons"}

// logoClassHints mark the site's logo or brand link, which is not copy.
var logoClassHints = []string{"logo", "brand", "logotype", "site-title"}

// unavailableLabels are whole button labels that say the offer cannot be
// taken: such a button is no call to action and is never rewritten.
var unavailableLabels = map[string]bool{
	"sold out": true, "locked": true, "unavailable": true, "not available": true, "coming soon": true, "closed": true,
	"ausverkauft": true, "gesperrt": true, "nicht verfügbar": true, "demnächst": true,
	"épuisé": true, "complet": true, "indisponible": true, "bientôt disponible": true, "verrouillé": true,
	"agotado": true, "no disponible": true, "próximamente": true, "bloqueado": true,
	"esgotado": true, "indisponível": true, "em breve": true,
	"esaurito": true, "non disponibile": true, "prossimamente": true, "bloccato": true,
	"uitverkocht": true, "niet beschikbaar": true, "binnenkort": true, "vergrendeld": true,
}

// uiControlAttrs mark buttons that open, close or switch something on the
// page.
var uiControlAttrs = []string{
	"aria-expanded", "aria-controls", "aria-pressed", "data-toggle", "data-bs-toggle",
	"data-dismiss", "data-bs-dismiss",
}

// uiControlHints mark buttons that operate the page (menus, carousels,
// back-to-top) rather than call to action.
var uiControlHints = []string{
	"toggle", "toggler", "close", "back-to-top", "scroll-top", "to-top", "hamburger",
	"burger", "menu", "navbar", "carousel", "slider", "prev", "next", "dismiss", "tab",
}

// cookieHints, matched as substrings of lower-cased id and class, mark
// cookie and consent banners.
var cookieHints = []string{"cookie", "consent", "gdpr", "cookiebot", "onetrust"}

// footerTokens and headerTokens are whole class/id tokens naming the page
// footer and header when the page does not use <footer>/<header>.
var footerTokens = []string{"footer", "site-footer", "page-footer", "global-footer", "main-footer", "colophon"}

// ctaVerbs are the words and phrases a call to action starts with, per
// language, lower case. A link that is a block by itself, or the heading of
// a linked card, starting with one of them is a call to action.
var ctaVerbs = map[string][]string{
	"en": {
		"get", "get started", "start", "buy", "order", "shop", "download", "sign up", "sign me up",
		"signup", "sign in", "register", "join", "subscribe", "donate", "try", "book", "reserve",
		"request", "contact", "call", "apply", "claim", "grab", "install", "purchase", "checkout",
		"check out", "add to cart", "add to basket", "learn more", "learn", "read", "discover", "explore",
		"see", "view", "watch", "meet", "contribute", "become", "find", "choose", "select",
		"upgrade", "pay", "pre-order", "preorder", "schedule", "talk to", "chat with", "give",
		"support", "enroll", "enrol", "create", "build", "launch", "continue", "save", "unlock",
		"access", "rsvp", "attend", "make a", "pick", "compare", "go", "let's", "start reading",
		"send", "email us", "ask", "follow", "browse", "order now",
	},
	"de": {
		"jetzt", "anfragen", "auswählen", "bestellen", "kaufen", "buchen", "herunterladen",
		"registrieren", "anmelden", "abonnieren", "spenden", "starten", "loslegen", "testen",
		"kontakt aufnehmen", "kontaktieren", "mehr erfahren", "entdecken", "zum shop", "sichern",
		"reservieren", "anfordern", "angebot anfordern", "ausprobieren", "mitmachen", "beitreten",
		"weiter", "zur kasse", "in den warenkorb", "hol dir", "holen sie sich", "sieh", "ansehen",
		// The same actions said to a reader addressed as "du".
		"teste", "starte", "kaufe", "bestelle", "buche", "lade", "entdecke", "sichere dir", "probiere",
		"melde dich an", "registriere dich", "abonniere",
	},
	"es": {
		"solicitar", "solicita", "solicite", "cotiza", "cotizar", "compra", "comprar", "compre",
		"descargar", "descarga", "regístrate", "registrarse", "regístrese", "suscríbete", "donar",
		"dona", "empieza", "empezar", "comenzar", "comienza", "prueba", "probar", "reserva",
		"reservar", "contáctanos", "contactar", "contacta", "escríbenos", "llámanos", "pide", "pedir",
		"obtén", "obtener", "únete", "ver", "conoce", "descubre", "agenda", "agendar", "hablar con",
		"habla con", "quiero", "elige", "elegir", "inscríbete", "añadir al carrito",
	},
	"fr": {
		"commencer", "commence", "commencez", "démarrer", "démarre", "démarrez", "essayer", "essai",
		"essayez", "acheter", "achetez", "commander", "commandez", "télécharger", "téléchargez",
		"s'inscrire", "inscrivez-vous", "inscris-toi", "s'abonner", "abonnez-vous", "abonne-toi",
		"faire un don", "donner", "réserver", "réservez", "réserve", "nous contacter", "contactez",
		"contacte", "demander", "demandez", "découvrir", "découvrez", "rejoindre", "rejoins",
		"rejoignez", "obtenir", "obtenez", "voir", "en savoir plus", "passer pro", "passe pro",
		"profiter", "profitez", "choisir", "choisissez", "ajouter au panier", "j'en profite",
		// The same actions said to a reader addressed as "tu".
		"essaie", "achète", "commande", "télécharge", "découvre", "choisis", "obtiens", "profite",
		"crée", "créez", "créer", "demande",
	},
	"pt": {
		"pedir", "peça", "solicitar", "solicite", "comprar", "compre", "assinar", "assine",
		"baixar", "baixe", "cadastre-se", "cadastrar", "inscreva-se", "doar", "doe", "começar",
		"comece", "experimentar", "experimente", "teste", "testar", "reservar", "reserve", "fale",
		"falar com", "agendar", "agende", "contratar", "contrate", "conhecer", "conheça", "ver",
		"quero", "garantir", "garanta", "acessar", "acesse", "escolher", "escolha",
		"adicionar ao carrinho", "saiba mais",
	},
	"it": {
		"acquista", "compra", "ordina", "prenota", "scarica", "iscriviti", "registrati",
		"abbonati", "dona", "inizia", "comincia", "prova", "contattaci", "contatta", "scrivici",
		"chiamaci", "richiedi", "scopri", "vedi", "unisciti", "scegli", "aggiungi al carrello",
	},
	"nl": {
		"koop", "kopen", "bestel", "bestellen", "boek", "reserveer", "download", "meld je aan",
		"aanmelden", "registreer", "abonneer", "doneer", "begin", "start", "probeer",
		"neem contact op", "contact opnemen", "mail ons", "bel ons", "vraag aan", "ontdek",
		"bekijk", "kies", "word lid", "in winkelwagen",
	},
}

// contactPages are the last path segments of contact pages, per language.
var contactPages = map[string]bool{
	"contact": true, "contact-us": true, "contactus": true, "contacts": true,
	"kontakt": true, "contacto": true, "contactanos": true, "contato": true,
	"fale-conosco": true, "contactez-nous": true, "nous-contacter": true,
	"contatti": true, "contattaci": true, "contacteer-ons": true,
}

// faqHeadingWords mark a heading that opens a FAQ section.
var faqHeadingWords = []string{
	"faq", "faqs", "frequently asked", "questions", "häufige fragen", "häufig gestellte",
	"fragen", "preguntas", "questions fréquentes", "foire aux questions", "perguntas", "dúvidas",
	"domande", "domande frequenti", "vragen", "veelgestelde vragen",
}

// footnoteConditions make an asterisk note fine print: it limits who gets
// the offer, when or how, or says what it does not cover ("* Only for new
// customers", "* If you are a student…", "* Does not include shipping").
// A note without them is the owner's own copy.
var footnoteConditions = []string{
	"only", "if", "eligible", "valid", "until", "applies", "apply", "new customers", "minimum", "must",
	"required", "requires", "limited", "except", "not",
	"kein", "keine", "nicht", "pas", "ne", "non", "no", "não", "niet", "geen",
	"nur", "gilt", "falls", "wenn", "gültig", "bis zum", "ausgenommen",
	"seulement", "uniquement", "si", "valable", "jusqu'au", "sauf",
	"solo", "sólo", "válido", "válida", "hasta", "excepto",
	"apenas", "somente", "se", "válida", "até", "exceto",
	"valido", "fino al", "tranne",
	"alleen", "als", "geldig", "tot", "behalve",
}

// copyrightMarks start a copyright line; a rights notice (offer.KeyRights)
// marks one anywhere.
var copyrightMarks = []string{"©", "(c)", "copyright", "&copy;"}

// attributionDashes open an attribution line ("— Jane Doe").
var attributionDashes = []string{"—", "–", "-", "―", "~"}

// footnoteMarks start a footnote.
var footnoteMarks = []string{"*", "†", "‡", "°", "¹", "²", "³", "⁴", "[1]", "(1)"}

// Word limits used by the role rules.
const (
	maxCTAVerbWords      = 8  // a verb-led link longer than this is not a CTA
	maxPriceChars        = 60 // a price block is short
	maxTaglineWords      = 35 // hero tagline under the headline
	maxHeadlineFallback  = 40 // first block promoted to headline when there is no h1
	maxFinePrintWords    = 80
	maxGuaranteeWords    = 60
	maxShortGuarantee    = 12
	maxHeadingHintWords  = 15
	maxAttributionWords  = 8
	minTestimonialWords  = 4
	minQuoteWords        = 6
	minLettersShortBlock = 3 // fewer letters/digits: dropped unless cta/price/heading/bullet
)

// excludedClassTokens are whole class names a plan's feature list gives an
// item the plan lacks: the page crosses it out or greys it with CSS, and
// its words alone read as included ("Sans publicité" under the free plan).
var excludedClassTokens = []string{"no", "not", "none", "unavailable", "excluded", "disabled", "inactive", "missing",
	"cross", "crossed", "unchecked", "not-included", "notincluded", "not-available", "unincluded",
	"is-disabled", "is-unavailable", "is-excluded", "is-inactive", "is-not-included"}

// excludedClassSuffixes mark the same in a component's modifier
// ("feature--no", "plan-item-excluded", "list_item_off").
var excludedClassSuffixes = []string{"-no", "_no", "-off", "_off", "-unavailable", "-excluded", "-disabled", "_disabled",
	"-not-included", "-notincluded", "-inactive", "-cross", "-crossed", "-missing"}

// crossIconNames are the icon names (without an icon set's prefix such as
// "fa-" or "bi-" and its variant suffix such as "-circle") that draw a
// cross before an item: what the item names is not included.
var crossIconNames = map[string]bool{"x": true, "times": true, "xmark": true, "x-mark": true, "cross": true,
	"close": true, "ban": true, "remove": true, "multiply": true, "no": true}

// iconSetPrefixes and iconVariantSuffixes wrap an icon's name in the
// class names of the common icon sets.
var (
	iconSetPrefixes     = []string{"fa-", "bi-", "icon-", "ti-", "mdi-", "ri-", "la-", "glyphicon-", "lucide-", "ph-", "gg-", "uil-", "bx-", "i-"}
	iconVariantSuffixes = []string{"-icon", "-circle", "-lg", "-sm", "-fill", "-line", "-outline", "-solid", "-square", "-octagon", "-bold"}
)

// crossGlyphs are the marks that say "not included" where they open an
// item ("✗ Export PDF"): extraction drops them as decoration, so the
// item's text alone would read as included.
// Not "🚫": pages set it before what the offer spares the reader ("🚫
// Sans publicité" under the paid plan).
var crossGlyphs = map[rune]bool{'✗': true, '✘': true, '✕': true, '✖': true, '×': true, '❌': true, '⨯': true, '☒': true}
