package tamper

// The tables below are the generator's words in each language it knows:
// en, de, fr, es, pt, it and nl. A page in another language gets the
// English entry.

// claim is an unsupported claim a rewrite might slip in.
type claim struct {
	name string
	text map[string]string
	// already holds, per language, word sets of which any one, found whole
	// in the page's text, means the page makes the claim itself.
	already map[string][][]string
}

var claims = []claim{
	{"clinically_proven", map[string]string{
		"en": "Clinically proven.", "de": "Klinisch bewiesen.", "fr": "Cliniquement prouvé.", "es": "Clínicamente probado.",
		"pt": "Clinicamente comprovado.", "it": "Clinicamente provato.", "nl": "Klinisch bewezen.",
	}, map[string][][]string{
		"en": {{"clinically"}}, "de": {{"klinisch"}}, "fr": {{"cliniquement"}}, "es": {{"clínicamente"}},
		"pt": {{"clinicamente"}}, "it": {{"clinicamente"}}, "nl": {{"klinisch"}},
	}},
	{"free_shipping", map[string]string{
		"en": "Free shipping worldwide.", "de": "Kostenloser Versand weltweit.", "fr": "Livraison gratuite dans le monde entier.",
		"es": "Envío gratis a todo el mundo.", "pt": "Frete grátis para o mundo todo.", "it": "Spedizione gratuita in tutto il mondo.",
		"nl": "Gratis verzending wereldwijd.",
	}, map[string][][]string{
		"en": {{"free shipping"}, {"free delivery"}}, "de": {{"kostenloser versand"}, {"versandkostenfrei"}},
		"fr": {{"livraison gratuite"}}, "es": {{"envío gratis"}}, "pt": {{"frete grátis"}}, "it": {{"spedizione gratuita"}},
		"nl": {{"gratis verzending"}},
	}},
	{"lifetime_warranty", map[string]string{
		"en": "Lifetime warranty.", "de": "Lebenslange Garantie.", "fr": "Garantie à vie.", "es": "Garantía de por vida.",
		"pt": "Garantia vitalícia.", "it": "Garanzia a vita.", "nl": "Levenslange garantie.",
	}, map[string][][]string{
		"en": {{"lifetime warranty"}, {"lifetime guarantee"}}, "de": {{"lebenslange garantie"}}, "fr": {{"garantie à vie"}},
		"es": {{"garantía de por vida"}}, "pt": {{"garantia vitalícia"}}, "it": {{"garanzia a vita"}}, "nl": {{"levenslange garantie"}},
	}},
	{"rated_1", map[string]string{
		"en": "#1 rated.", "de": "Auf Platz 1 bewertet.", "fr": "Noté n°1.", "es": "Valorado n.º 1.",
		"pt": "Avaliado como nº 1.", "it": "Valutato n. 1.", "nl": "Als nummer 1 beoordeeld.",
	}, map[string][][]string{
		"en": {{"#1"}, {"number one"}, {"no. 1"}}, "de": {{"platz 1"}, {"nr. 1"}}, "fr": {{"n°1"}, {"numéro 1"}},
		"es": {{"n.º 1"}, {"número 1"}}, "pt": {{"nº 1"}, {"número 1"}}, "it": {{"n. 1"}, {"numero 1"}}, "nl": {{"nummer 1"}},
	}},
	{"award_winning", map[string]string{
		"en": "Award-winning.", "de": "Preisgekrönt.", "fr": "Primé.", "es": "Premiado.",
		"pt": "Premiado.", "it": "Pluripremiato.", "nl": "Bekroond.",
	}, map[string][][]string{
		"en": {{"award"}}, "de": {{"preisgekrönt"}, {"ausgezeichnet"}}, "fr": {{"primé"}}, "es": {{"premiado"}},
		"pt": {{"premiado"}}, "it": {{"premiato"}}, "nl": {{"bekroond"}},
	}},
	{"no_callout_fee", map[string]string{
		"en": "No call-out fee, ever.", "de": "Niemals eine Anfahrtspauschale.", "fr": "Jamais de frais de déplacement.",
		"es": "Nunca cobramos desplazamiento.", "pt": "Nunca cobramos taxa de visita.", "it": "Mai costi di uscita.",
		"nl": "Nooit voorrijkosten.",
	}, map[string][][]string{
		"en": {{"call-out"}, {"callout fee"}}, "de": {{"anfahrt"}}, "fr": {{"frais de déplacement"}}, "es": {{"desplazamiento"}},
		"pt": {{"taxa de visita"}}, "it": {{"costi di uscita"}}, "nl": {{"voorrijkosten"}},
	}},
	{"cancel_any_time", map[string]string{
		"en": "Cancel any time.", "de": "Jederzeit kündbar.", "fr": "Résiliable à tout moment.", "es": "Cancela cuando quieras.",
		"pt": "Cancele quando quiser.", "it": "Disdici quando vuoi.", "nl": "Altijd opzegbaar.",
	}, map[string][][]string{
		"en": {{"cancel", "any time"}, {"cancel", "anytime"}}, "de": {{"jederzeit", "kündbar"}, {"jederzeit", "kündigen"}},
		"fr": {{"résili", "tout moment"}, {"annul", "tout moment"}, {"sans engagement"}}, "es": {{"cancela", "cuando quieras"}, {"cancelar", "cualquier momento"}},
		"pt": {{"cancel", "quando quiser"}, {"cancel", "qualquer momento"}}, "it": {{"disdic", "quando vuoi"}, {"disdire", "qualsiasi momento"}},
		"nl": {{"opzegbaar"}, {"opzeggen", "altijd"}},
	}},
}

// endorsement names companies the page never named; the names stay as
// they are in every language.
var endorsement = map[string]string{
	"en": "Trusted by teams at Google, Netflix and NASA.",
	"de": "Teams bei Google, Netflix und NASA vertrauen uns.",
	"fr": "Les équipes de Google, Netflix et la NASA nous font confiance.",
	"es": "Equipos de Google, Netflix y la NASA confían en nosotros.",
	"pt": "Equipes do Google, da Netflix e da NASA confiam em nós.",
	"it": "Scelto dai team di Google, Netflix e NASA.",
	"nl": "Teams bij Google, Netflix en NASA vertrouwen op ons.",
}

// names bring in people and companies the page never named, with no claim
// words around them: a proper name the page never wrote is invented even
// where no table lists it. German capitalises every noun, so there the
// name verification can tell is the one with an inner capital (GmbH).
var names = map[string]string{
	"en": "Our founder Maria Keller built it with Stripe.",
	"de": "Unsere Gründerin Maria Keller hat es mit der Acme GmbH gebaut.",
	"fr": "Notre fondatrice Maria Keller l'a construit avec Stripe.",
	"es": "Nuestra fundadora Maria Keller lo creó con Stripe.",
	"pt": "Nossa fundadora Maria Keller o criou com o Stripe.",
	"it": "La nostra fondatrice Maria Keller l'ha creato con Stripe.",
	"nl": "Onze oprichter Maria Keller bouwde het met Stripe.",
}

// reuseClaims put a number of the page into a claim it never made: %d is
// the number.
var reuseClaims = []struct {
	name string
	text map[string]string
}{
	{"percent_off", map[string]string{
		"en": "%d%% off for everyone.", "de": "%d %% Rabatt für alle.", "fr": "%d %% de remise pour tous.",
		"es": "%d%% de descuento para todos.", "pt": "%d%% de desconto para todos.", "it": "%d%% di sconto per tutti.",
		"nl": "%d%% korting voor iedereen.",
	}},
	{"customers", map[string]string{
		"en": "%d customers agree.", "de": "%d Kunden sind begeistert.", "fr": "%d clients sont d'accord.",
		"es": "%d clientes lo confirman.", "pt": "%d clientes aprovam.", "it": "%d clienti sono d'accordo.",
		"nl": "%d klanten zijn het ermee eens.",
	}},
}

// Labels for a call to action that promises another action.
var (
	bookDemoLabel = map[string]string{
		"en": "Book a demo", "de": "Demo buchen", "fr": "Réserver une démo", "es": "Reservar una demo",
		"pt": "Agendar uma demonstração", "it": "Prenota una demo", "nl": "Demo boeken",
	}
	downloadLabel = map[string]string{
		"en": "Download", "de": "Herunterladen", "fr": "Télécharger", "es": "Descargar",
		"pt": "Baixar", "it": "Scarica", "nl": "Downloaden",
	}
)

// Words that tell a download button from a buy button, any language.
var (
	downloadWords = []string{
		"download", "herunterladen", "descargar", "descarga", "télécharger", "telecharger", "baixar", "baixe",
		"scarica", "downloaden", "app store", "google play", "get the app", "install",
	}
	downloadHrefs = []string{".dmg", ".exe", ".apk", ".msi", ".pkg", ".zip", ".pdf", "apps.apple.com", "play.google.com"}
	buyWords      = []string{
		"buy", "purchase", "order", "checkout", "add to cart", "add to basket", "kaufen", "bestellen", "comprar", "compre",
		"acheter", "commander", "acquista", "compra", "kopen", "bestel",
	}
)

// upTo turns an exact figure into a ceiling.
var upTo = map[string]string{
	"en": "up to ", "de": "bis zu ", "fr": "jusqu'à ", "es": "hasta un ", "pt": "até ", "it": "fino al ", "nl": "tot ",
}

// Billing periods: a marker after a price and what replaces it.
var (
	yearMarkers = []string{
		"/year", "/yr", "/ year", " per year", " a year", " per annum", " annually", "/jahr", " pro jahr", " im jahr",
		"/año", " al año", " por año", "/an", " par an", "/ano", " por ano", " ao ano", "/anno", " all'anno",
		"/jaar", " per jaar",
	}
	monthMarkers = []string{
		"/month", "/mo", "/ month", " per month", " a month", "/monat", " pro monat", " im monat", "/mes", " al mes",
		" por mes", "/mois", " par mois", "/mês", " por mês", " ao mês", "/mese", " al mese", "/maand", " per maand",
	}
	eachMonth = map[string]string{
		"en": " each month", "de": " jeden Monat", "fr": " chaque mois", "es": " cada mes", "pt": " cada mês",
		"it": " ogni mese", "nl": " elke maand",
	}
	eachYear = map[string]string{
		"en": " each year", "de": " jedes Jahr", "fr": " chaque année", "es": " cada año", "pt": " cada ano",
		"it": " ogni anno", "nl": " elk jaar",
	}
)

// billingSwaps turn annual billing into monthly, longest first within a
// language.
var billingSwaps = map[string][][2]string{
	"en": {{"billed annually", "billed monthly"}, {"billed yearly", "billed monthly"}, {"paid annually", "paid monthly"},
		{"annually", "monthly"}, {"yearly", "monthly"}, {"annual", "monthly"}},
	"de": {{"jährlich abgerechnet", "monatlich abgerechnet"}, {"jährlicher Abrechnung", "monatlicher Abrechnung"},
		{"jährlicher Zahlung", "monatlicher Zahlung"}, {"Jahrestarif", "Monatstarif"}, {"Jahresabo", "Monatsabo"}, {"jährlich", "monatlich"}},
	"fr": {{"facturé annuellement", "facturé mensuellement"}, {"annuellement", "mensuellement"}, {"annuelle", "mensuelle"}, {"annuel", "mensuel"}},
	"es": {{"facturado anualmente", "facturado mensualmente"}, {"anualmente", "mensualmente"}, {"anual", "mensual"}},
	"pt": {{"cobrado anualmente", "cobrado mensalmente"}, {"anualmente", "mensalmente"}, {"anual", "mensal"}},
	"it": {{"fatturato annualmente", "fatturato mensilmente"}, {"annualmente", "mensilmente"}, {"annuale", "mensile"}},
	"nl": {{"jaarlijks gefactureerd", "maandelijks gefactureerd"}, {"jaarlijks", "maandelijks"}, {"jaarabonnement", "maandabonnement"}},
}

// conditionPhrases qualify a price: removing one from a price's block
// changes the offer. Lower case; any language.
var conditionPhrases = []string{
	"when billed annually", "billed annually", "billed yearly", "billed monthly", "paid annually", "paid yearly",
	"with annual billing", "on the annual plan", "for the first year", "for the first month", "per user", "per seat",
	"per person", "per device", "plus vat", "excl. vat", "incl. vat", "+vat", "+ vat",
	"bei jährlicher abrechnung", "bei jährlicher zahlung", "jährlich abgerechnet", "monatlich abgerechnet", "zzgl. mwst.",
	"inkl. mwst.", "pro person", "pro gerät", "im ersten jahr",
	"facturado anualmente", "facturado mensualmente", "con facturación anual", "por dispositivo", "por estudiante activo",
	"por usuario", "pago único", "más iva", "iva incluido",
	"facturé annuellement", "facturé mensuellement", "par utilisateur", "la première année",
	"cobrado anualmente", "cobrado mensalmente", "no plano anual", "à vista", "por usuário", "no cartão",
	"fatturato annualmente", "iva inclusa", "una volta", "per utente",
	"jaarlijks gefactureerd", "incl. btw", "inclusief btw", "excl. btw",
}

// numberWords spell out the small numbers a page states as quantities.
var numberWords = map[string]map[int]string{
	"en": {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
		11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen", 15: "fifteen", 16: "sixteen", 17: "seventeen", 18: "eighteen",
		19: "nineteen", 20: "twenty", 24: "twenty-four", 30: "thirty", 40: "forty", 45: "forty-five", 50: "fifty", 60: "sixty",
		90: "ninety", 100: "one hundred"},
	"de": {1: "ein", 2: "zwei", 3: "drei", 4: "vier", 5: "fünf", 6: "sechs", 7: "sieben", 8: "acht", 9: "neun", 10: "zehn",
		11: "elf", 12: "zwölf", 13: "dreizehn", 14: "vierzehn", 15: "fünfzehn", 16: "sechzehn", 17: "siebzehn", 18: "achtzehn",
		19: "neunzehn", 20: "zwanzig", 24: "vierundzwanzig", 30: "dreißig", 40: "vierzig", 45: "fünfundvierzig", 50: "fünfzig",
		60: "sechzig", 90: "neunzig", 100: "hundert"},
	"fr": {1: "un", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit", 9: "neuf", 10: "dix",
		11: "onze", 12: "douze", 13: "treize", 14: "quatorze", 15: "quinze", 16: "seize", 17: "dix-sept", 18: "dix-huit",
		19: "dix-neuf", 20: "vingt", 24: "vingt-quatre", 30: "trente", 40: "quarante", 45: "quarante-cinq", 50: "cinquante",
		60: "soixante", 90: "quatre-vingt-dix", 100: "cent"},
	"es": {1: "un", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis", 7: "siete", 8: "ocho", 9: "nueve", 10: "diez",
		11: "once", 12: "doce", 13: "trece", 14: "catorce", 15: "quince", 16: "dieciséis", 17: "diecisiete", 18: "dieciocho",
		19: "diecinueve", 20: "veinte", 24: "veinticuatro", 30: "treinta", 40: "cuarenta", 45: "cuarenta y cinco", 50: "cincuenta",
		60: "sesenta", 90: "noventa", 100: "cien"},
	"pt": {1: "um", 2: "dois", 3: "três", 4: "quatro", 5: "cinco", 6: "seis", 7: "sete", 8: "oito", 9: "nove", 10: "dez",
		11: "onze", 12: "doze", 13: "treze", 14: "catorze", 15: "quinze", 16: "dezesseis", 17: "dezessete", 18: "dezoito",
		19: "dezenove", 20: "vinte", 24: "vinte e quatro", 30: "trinta", 40: "quarenta", 45: "quarenta e cinco", 50: "cinquenta",
		60: "sessenta", 90: "noventa", 100: "cem"},
	"it": {1: "un", 2: "due", 3: "tre", 4: "quattro", 5: "cinque", 6: "sei", 7: "sette", 8: "otto", 9: "nove", 10: "dieci",
		11: "undici", 12: "dodici", 13: "tredici", 14: "quattordici", 15: "quindici", 16: "sedici", 17: "diciassette", 18: "diciotto",
		19: "diciannove", 20: "venti", 24: "ventiquattro", 30: "trenta", 40: "quaranta", 45: "quarantacinque", 50: "cinquanta",
		60: "sessanta", 90: "novanta", 100: "cento"},
	"nl": {1: "een", 2: "twee", 3: "drie", 4: "vier", 5: "vijf", 6: "zes", 7: "zeven", 8: "acht", 9: "negen", 10: "tien",
		11: "elf", 12: "twaalf", 13: "dertien", 14: "veertien", 15: "vijftien", 16: "zestien", 17: "zeventien", 18: "achttien",
		19: "negentien", 20: "twintig", 24: "vierentwintig", 30: "dertig", 40: "veertig", 45: "vijfenveertig", 50: "vijftig",
		60: "zestig", 90: "negentig", 100: "honderd"},
}

// synonyms reword a verbatim line by one word; fallback is the word that
// takes another word's place when none of a language's synonyms occurs.
var (
	synonyms = map[string][][2]string{
		"en": {{"every", "each"}, {"finally", "eventually"}, {"full", "entire"}, {"stopped", "quit"}, {"great", "excellent"},
			{"easy", "simple"}, {"happy", "glad"}, {"love", "adore"}, {"best", "finest"}, {"always", "forever"},
			{"refund", "reimburse"}, {"exclude", "omit"}, {"really", "truly"}},
		"de": {{"alle", "sämtliche"}, {"wieder", "erneut"}, {"vollen", "gesamten"}, {"nächsten", "folgenden"}, {"immer", "stets"},
			{"schnell", "rasch"}},
		"fr": {{"toujours", "sans cesse"}, {"rapide", "prompt"}, {"simple", "facile"}, {"vraiment", "réellement"}, {"tous", "chacun"}},
		"es": {{"camino", "sendero"}, {"siempre", "constantemente"}, {"devolvemos", "reembolsamos"}, {"fácil", "sencillo"},
			{"rápido", "veloz"}, {"todos", "cada"}},
		"pt": {{"conseguimos", "pudemos"}, {"sempre", "constantemente"}, {"devolvemos", "reembolsamos"}, {"fácil", "simples"},
			{"rápido", "veloz"}, {"todos", "cada"}},
		"it": {{"sempre", "costantemente"}, {"facile", "semplice"}, {"veloce", "rapido"}, {"tutti", "ognuno"}},
		"nl": {{"altijd", "steeds"}, {"snel", "vlot"}, {"makkelijk", "eenvoudig"}, {"alle", "elke"}},
	}
	fallbackWord = map[string]string{
		"en": "really", "de": "wirklich", "fr": "vraiment", "es": "realmente", "pt": "realmente", "it": "davvero", "nl": "echt",
	}
)

// Sentences in a language other than the page's, cut to a block's length
// for the other_language tamper. They hold no number or name.
const (
	englishText = "Our small team walks up to the mountain villages every spring to plant young trees along the river, " +
		"and the children from the village school help us water them through the long dry summer until the first autumn " +
		"rains arrive and the new roots can finally hold the soft soil of the steep banks together again for another year."
	spanishText = "Cada primavera nuestro pequeño equipo sube a los pueblos de la montaña para plantar árboles jóvenes junto al río, " +
		"y los niños de la escuela del pueblo nos ayudan a regarlos durante el largo verano seco hasta que llegan las primeras " +
		"lluvias del otoño y las raíces nuevas vuelven a sujetar la tierra blanda de las orillas empinadas durante otro año."
)
