package ledger

import (
	"strconv"

	"github.com/marketingfork/fork/internal/offer"
)

// This file holds the ledger's word lists. Currencies, billing periods,
// per-unit suffixes and guarantee and legal phrases are the offer
// vocabulary's (internal/offer), shared with extraction; see vocab.go. Each is plain data: add a form
// to a list and the scanner knows it. Forms match case-insensitively unless
// marked exact; a space in a form matches any one space character (so
// "per month" also matches "per\u00a0month").

// percentForms follow a number to make it a percentage.
var percentForms = forms("%", false, "%", "％", "percent", "per cent",
	"Prozent", "pour cent", "pourcent", "por ciento", "por cento", "per cento",
	"procent")

// scaleForms multiply the number before them: "10k", "1.5M", "2 million",
// "R$ 10 mil" (offer.Scales, whose key is the factor).
var scaleForms = func() []form {
	fs := fromOffer(offer.Scales())
	for i := range fs {
		fs[i].mult, _ = strconv.ParseFloat(fs[i].key, 64)
	}
	return fs
}()

// ordinalForms follow a number glued to it to make an ordinal: 1st, 2nd,
// 3e, 1er, 2ème, 1º, 1ª.
var ordinalForms = forms("ordinal", false, "st", "nd", "rd", "th", "er", "re",
	"e", "ème", "eme", "è", "º", "ª", "ᵉ", "ʳᵉ", "o", "a")

// unitDefs is the quantity table: each canonical key with its surface forms.
// A number followed by one of these (after nothing, a space or a hyphen)
// is a quantity whose Value is "<amount> <key>": "14 day", "1.32 GB",
// "3 x", "300 print".
var unitDefs = [][]form{
	// multipliers
	forms("x", true, "x", "X", "×"),

	// temperature and angle
	forms("°F", false, "°F", "° F", "ºF", "º F", "℉", "degrees F",
		"degrees Fahrenheit", "degree Fahrenheit", "°Fahrenheit"),
	forms("°C", false, "°C", "° C", "ºC", "º C", "℃", "degrees C",
		"degrees Celsius", "degree Celsius", "Grad Celsius", "degrés Celsius",
		"grados Celsius", "graus Celsius", "°Celsius"),
	forms("°", true, "°"),
	forms("°", false, "degrees", "degree", "degrés", "grados", "graus"),
	withLangs(forms("°", false, "Grad"), "de"),

	// data
	forms("KB", true, "KB", "kB", "Ko"),
	forms("MB", true, "MB"),
	forms("GB", true, "GB", "Go"),
	forms("TB", true, "TB", "To"),
	forms("KB", false, "kilobyte", "kilobytes"),
	forms("MB", false, "megabyte", "megabytes", "mégaoctet", "mégaoctets"),
	forms("GB", false, "gigabyte", "gigabytes", "gigaoctet", "gigaoctets"),
	forms("TB", false, "terabyte", "terabytes", "téraoctet", "téraoctets"),
	forms("Mbps", true, "Mbps", "Mbit/s", "Mb/s"),
	forms("Gbps", true, "Gbps", "Gbit/s", "Gb/s"),

	// length
	forms("mi", true, "mi"),
	forms("mi", false, "mile", "miles"),
	forms("km", true, "km"),
	forms("km", false, "kilometer", "kilometers", "kilometre", "kilometres",
		"kilomètre", "kilomètres", "Kilometer", "kilómetro", "kilómetros",
		"quilômetro", "quilômetros", "quilómetro", "quilómetros", "chilometro", "chilometri"),
	forms("m", true, "m"),
	forms("m", false, "meter", "meters", "metre", "metres", "mètre", "mètres",
		"metro", "metros", "metri", "Meter"),
	forms("cm", true, "cm"),
	forms("mm", true, "mm"),
	forms("ft", false, "ft", "foot", "feet"),
	forms("in", false, "inch", "inches"),

	// weight and volume
	forms("lb", false, "lb", "lbs", "pound", "pounds"),
	forms("kg", false, "kg", "kilo", "kilos", "kilogram", "kilograms",
		"kilogramme", "kilogrammes", "Kilogramm", "kilogramo", "kilogramos",
		"quilo", "quilos"),
	forms("g", true, "g"),
	forms("g", false, "gram", "grams", "gramme", "grammes", "Gramm", "gramo",
		"gramos", "grama", "gramas", "grammo", "grammi"),
	forms("mg", false, "mg", "milligram", "milligrams", "milligramme",
		"milligrammes"),
	forms("mcg", false, "mcg", "µg", "μg"),
	forms("oz", false, "oz", "ounce", "ounces"),
	forms("fl oz", false, "fl oz", "fl. oz."),
	forms("ml", false, "ml"),
	forms("l", true, "l", "L"),
	forms("l", false, "liter", "liters", "litre", "litres", "Liter", "litro",
		"litros", "litri"),

	// time
	forms("ms", true, "ms"),
	forms("second", false, "sec", "secs", "second", "seconds", "seconde",
		"secondes", "Sekunde", "Sekunden", "segundo", "segundos", "secondi",
		"seconden"),
	forms("minute", false, "min", "mins", "minute", "minutes",
		"Minute", "Minuten", "minuto", "minutos", "minuti", "minuut"),
	forms("hour", true, "h"),
	forms("hour", false, "hr", "hrs", "hour", "hours", "heure", "heures",
		"Stunde", "Stunden", "Std.", "hora", "horas"),
	withLangs(forms("hour", false, "ora", "ore"), "it"),
	withLangs(forms("hour", false, "uur"), "nl"),
	forms("day", false, "day", "days", "jour", "jours", "día", "días", "dia",
		"dias", "giorno", "giorni"),
	withLangs(forms("day", false, "Tag", "Tage", "Tagen"), "de", "gsw", "lb"),
	withLangs(forms("day", false, "dag", "dagen"), "nl"),
	forms("week", false, "week", "weeks", "wk", "wks", "semaine", "semaines",
		"Woche", "Wochen", "semana", "semanas", "settimana", "settimane",
		"weken"),
	forms("month", false, "month", "months", "mo", "mos", "mois", "Monat",
		"Monate", "Monaten", "meses", "mês", "mese", "mesi", "maand",
		"maanden"),
	withLangs(forms("month", false, "mes"), "es", "ca", "gl"),
	forms("year", false, "year", "years", "yr", "yrs", "année", "années",
		"Jahr", "Jahre", "Jahren", "año", "años", "ano", "anos", "anno", "anni",
		"jaar", "jaren"),
	withLangs(forms("year", false, "an", "ans"), "fr"),

	// counts of people
	forms("user", false, "user", "users", "utilisateur", "utilisateurs",
		"utilisatrices", "usuário", "usuários", "usuario", "usuarios", "Nutzer",
		"Benutzer", "utente", "utenti", "gebruiker", "gebruikers"),
	forms("person", false, "people", "person", "persons", "personne",
		"personnes", "Person", "Personen", "persona", "personas", "pessoa",
		"pessoas", "persone", "mensen"),
	forms("customer", false, "customer", "customers", "client", "clients",
		"cliente", "clientes", "Kunde", "Kunden", "Kundinnen", "clienti",
		"klant", "klanten",
		// those a place or a service takes in: guests, patients, campers
		"guest", "guests", "patient", "patients", "camper", "campers", "Gäste", "Patienten",
		"invités", "huéspedes", "pacientes", "hóspedes", "ospiti", "pazienti", "gasten", "patiënten",
		// the self-employed a service keeps: "Más de 4.200 autónomos"
		"freelancers", "Selbstständige", "Selbständige", "indépendants", "autónomos", "autônomos", "zzp'ers"),
	forms("member", false, "member", "members", "membre", "membres",
		"Mitglied", "Mitglieder", "miembro", "miembros", "membro", "membros",
		"membri", "leden"),
	// households counted as customers ("über 4.100 Familien"): plurals
	// only, so that "a family of 4" or "1 family plan" stays what it is
	forms("household", false, "families", "households", "Familien", "Haushalte",
		"familles", "foyers", "familias", "hogares", "famílias", "famiglie",
		"gezinnen", "huishoudens"),
	forms("speaker", false, "speaker", "speakers", "intervenant",
		"intervenants", "Sprecher", "Referenten", "ponente", "ponentes",
		"palestrante", "palestrantes"),
	forms("surfer", false, "surfer", "surfers", "surfeur", "surfeurs",
		"surfeuse", "surfeuses", "surfista", "surfistas"),
	forms("attendee", false, "attendee", "attendees", "participant",
		"participants", "Teilnehmer", "Teilnehmende", "participante",
		"participantes", "partecipanti", "deelnemer", "deelnemers"),
	forms("employee", false, "employee", "employees", "employé", "employés",
		"salarié", "salariés", "Mitarbeiter", "Mitarbeitende", "empleado",
		"empleados", "funcionário", "funcionários", "colaborador",
		"colaboradores", "dipendenti", "collaboratori", "medewerker",
		"medewerkers"),
	forms("team", false, "team", "teams", "équipe", "équipes", "equipo",
		"equipos", "equipe", "equipes"),
	forms("company", false, "company", "companies", "business", "businesses", "firm", "firms", "entreprise",
		"entreprises", "Unternehmen", "Firmen", "empresa", "empresas",
		"aziende", "imprese", "bedrijf", "bedrijven"),

	// counts of things
	forms("check", false, "check", "checks"),
	forms("language", false, "language", "languages", "langue", "langues",
		"Sprache", "Sprachen", "idioma", "idiomas", "lingua", "lingue", "talen"),
	forms("print", false, "print", "prints", "Prints", "Ausdrucke", "Drucke",
		"impressão", "impressões", "impresión", "impresiones", "stampe"),
	forms("spot", false, "spot", "spots", "Plätze", "plaza", "plazas", "vaga",
		"vagas", "posti", "plekken", "plaatsen"),
	withLangs(forms("spot", false, "place", "places"), "fr"),
	forms("seat", false, "seat", "seats"),
	forms("ticket", false, "ticket", "tickets", "billet", "billets",
		"entrada", "entradas", "ingresso", "ingressos", "biglietto", "biglietti",
		"kaartje", "kaartjes"),
	forms("project", false, "project", "projects", "projet", "projets",
		"Projekt", "Projekte", "proyecto", "proyectos", "projeto", "projetos",
		"progetto", "progetti", "projecten"),
	forms("page", false, "page", "pages", "Seite", "Seiten", "página",
		"páginas", "pagine", "pagina's"),
	forms("word", false, "word", "words", "mot", "mots", "Wörter", "palabra",
		"palabras", "palavra", "palavras", "parole", "woorden"),
	forms("star", false, "star", "stars", "étoile", "étoiles", "Stern",
		"Sterne", "estrella", "estrellas", "estrela", "estrelas", "stelle",
		"sterren"),
	forms("review", false, "review", "reviews", "Bewertung", "Bewertungen",
		"reseña", "reseñas", "avaliação", "avaliações", "recensione",
		"recensioni", "beoordeling", "beoordelingen"),
	withLangs(forms("review", false, "avis"), "fr"),
	forms("rating", false, "rating", "ratings"),
	forms("download", false, "download", "downloads", "téléchargement",
		"téléchargements", "descarga", "descargas"),
	forms("country", false, "country", "countries", "pays", "Länder", "país",
		"países", "paesi"),
	withLangs(forms("country", false, "landen"), "nl"),
	forms("city", false, "city", "cities", "ville", "villes", "Städte",
		"ciudad", "ciudades", "cidade", "cidades", "steden"),
	forms("store", false, "store", "stores", "shop", "shops", "magasin",
		"magasins", "boutique", "boutiques", "Filiale", "Filialen", "tienda",
		"tiendas", "loja", "lojas", "negozi", "winkels"),
	forms("gift", false, "gift", "gifts", "cadeau", "cadeaux", "Geschenk",
		"Geschenke", "regalo", "regalos", "brinde", "brindes", "regali",
		"cadeaus"),
	forms("bottle", false, "bottle", "bottles", "flacon", "flacons",
		"bouteille", "bouteilles", "Flasche", "Flaschen", "botella", "botellas",
		"frasco", "frascos", "garrafa", "garrafas"),
	forms("capsule", false, "capsule", "capsules", "softgel", "softgels",
		"Kapsel", "Kapseln", "cápsula", "cápsulas"),
	forms("serving", false, "serving", "servings", "portion", "portions",
		"Portion", "Portionen", "porción", "porciones", "porção", "porções"),
	forms("lesson", false, "lesson", "lessons", "leçon", "leçons", "Lektion",
		"Lektionen", "lección", "lecciones", "lição", "lições"),
	forms("module", false, "module", "modules", "Modul", "Module", "módulo",
		"módulos"),
	forms("chapter", false, "chapter", "chapters", "chapitre", "chapitres",
		"Kapitel", "capítulo", "capítulos"),
	forms("video", false, "video", "videos", "vidéo", "vidéos", "vídeo",
		"vídeos"),
	forms("book", false, "book", "books", "ebook", "ebooks", "e-book",
		"e-books", "livre", "livres", "Buch", "Bücher", "libro", "libros",
		"livro", "livros"),
	forms("product", false, "product", "products", "produit", "produits",
		"Produkt", "Produkte", "producto", "productos", "produto", "produtos"),
	forms("integration", false, "integration", "integrations", "intégration",
		"intégrations", "Integrationen", "integración", "integraciones",
		"integração", "integrações"),
	forms("template", false, "template", "templates", "Vorlage", "Vorlagen",
		"plantilla", "plantillas"),
	forms("track", false, "track", "tracks"),
	forms("session", false, "session", "sessions", "sesión", "sesiones",
		"sessão", "sessões"),
	forms("workshop", false, "workshop", "workshops", "atelier", "ateliers",
		"taller", "talleres"),
	forms("talk", false, "talk", "talks"),
	forms("entry", false, "entry", "entries"),
	forms("email", false, "email", "emails", "e-mail", "e-mails"),
	forms("sms", false, "SMS"),
	forms("credit", false, "credit", "credits", "crédit", "crédits",
		"crédito", "créditos"),
	forms("request", false, "request", "requests", "requête", "requêtes",
		"Anfrage", "Anfragen", "solicitud", "solicitudes", "requisição",
		"requisições"),
	forms("step", false, "step", "steps", "étape", "étapes", "Schritt",
		"Schritte", "paso", "pasos", "passo", "passos", "etapa", "etapas"),
	forms("reason", false, "reason", "reasons", "raison", "raisons", "Gründe",
		"razón", "razones", "razão", "razões", "motivo", "motivos"),
	forms("ingredient", false, "ingredient", "ingredients", "ingrédient",
		"ingrédients", "Zutaten", "ingrediente", "ingredientes"),

	// what a plan allows
	forms("site", false, "site", "sites", "website", "websites", "Webseite",
		"Webseiten", "sitio", "sitios", "sito", "siti"),
	forms("domain", false, "domain", "domains", "domaine", "domaines",
		"Domains", "dominio", "dominios", "domínio", "domínios", "domini"),
	forms("device", false, "device", "devices", "appareil", "appareils",
		"Gerät", "Geräte", "Geräten", "dispositivo", "dispositivos",
		"dispositivi", "apparaat", "apparaten"),
	forms("contact", false, "contact", "contacts", "Kontakt", "Kontakte",
		"contacto", "contactos", "contato", "contatos", "contatti"),
	forms("subscriber", false, "subscriber", "subscribers", "abonné",
		"abonnés", "Abonnenten", "suscriptor", "suscriptores", "assinante",
		"assinantes", "iscritti"),
	forms("invoice", false, "invoice", "invoices", "facture", "factures",
		"Rechnung", "Rechnungen", "factura", "facturas", "fatura", "faturas",
		"fattura", "fatture", "factuur", "facturen"),
	forms("file", false, "file", "files", "fichier", "fichiers", "Datei",
		"Dateien", "archivo", "archivos", "arquivo", "arquivos", "bestand",
		"bestanden"),
	forms("account", false, "account", "accounts", "compte", "comptes",
		"Konto", "Konten", "cuenta", "cuentas", "conta", "contas"),
	forms("license", false, "license", "licenses", "licence", "licences",
		"Lizenz", "Lizenzen", "licencia", "licencias", "licença", "licenças",
		"licenza", "licenze", "licentie", "licenties"),
	forms("message", false, "message", "messages", "Nachricht",
		"Nachrichten", "mensaje", "mensajes", "mensagem", "mensagens",
		"messaggio", "messaggi"),
	forms("workspace", false, "workspace", "workspaces"),
	forms("form", false, "form", "forms", "formulaire", "formulaires",
		"Formular", "Formulare", "formulario", "formularios", "formulário",
		"formulários"),
	forms("report", false, "report", "reports", "rapport", "rapports",
		"informe", "informes", "relatório", "relatórios"),
	forms("student", false, "student", "students", "learner", "learners", "Lernende", "Lernenden", "apprenant", "apprenants", "élève", "élèves",
		"étudiant", "étudiants", "Schüler", "Schülerin", "Schülerinnen",
		"Studenten", "Studierende", "estudiante", "estudiantes", "alumno",
		"alumnos", "aluno", "alunos", "estudante", "estudantes", "studente",
		"studenti", "leerling", "leerlingen"),
}

// usageUnits are the unit keys that count who uses a product or what they
// did with it: people, teams and companies, their reviews, ratings and
// downloads. A large count of them is evidence of use ("1,200 teams",
// "40,000 downloads"); a measure or a plan's content is not.
var usageUnits = set("user", "person", "customer", "member", "surfer", "attendee",
	"employee", "team", "company", "subscriber", "student", "review", "rating", "download",
	"household")

// CountsUsage reports a quantity's unit (Fact.Unit) that counts who uses a
// product, or their reviews and downloads, rather than measuring something
// or naming what a plan holds.
func CountsUsage(unit string) bool { return usageUnits[unit] }

// periodicUnits are the unit keys that take a period: a count a plan
// allows per day or month ("1000 emails/month" is "1000 email/month",
// another allowance than "1000 emails"). Measures (°F, km, kg) and spans of
// time do not, so that unit conversion keeps reading them.
var periodicUnits = set("KB", "MB", "GB", "TB", "user", "person", "customer",
	"member", "attendee", "employee", "team", "company", "check", "language",
	"print", "spot", "seat", "ticket", "project", "page", "word", "download",
	"country", "city", "store", "gift", "bottle", "capsule", "serving",
	"lesson", "module", "chapter", "video", "book", "product", "integration",
	"template", "track", "session", "workshop", "talk", "entry", "email",
	"sms", "credit", "request", "site", "domain", "device", "contact",
	"subscriber", "invoice", "file", "account", "license", "message",
	"workspace", "form", "report", "review", "rating", "student")

// qualifierPrefixes stand before an amount and qualify it: "from $10",
// "up to 17%", "only $5". The key is the canonical qualifier; "from" and
// "only" qualify prices, "up-to" any amount. A number in a range ("from
// $10 to $20") takes none. English forms count in every language (pages
// borrow them), the others in their own: "Solo $9/mo" on an English page
// is a plan's name, "solo 9 €" on a Spanish one is "only".
var qualifierPrefixes = [][]form{
	forms("from", false, "from", "starting at", "starting from", "starts at",
		"prices from", "as low as", "from only", "from just"),
	withLangs(forms("from", false, "ab", "schon ab", "bereits ab", "ab nur"), "de"),
	withLangs(forms("from", false, "à partir de", "a partir de", "dès",
		"à partir de seulement"), "fr"),
	withLangs(forms("from", false, "desde", "a partir de", "desde solo",
		"desde sólo"), "es"),
	withLangs(forms("from", false, "a partir de", "desde", "a partir de apenas",
		"a partir de só"), "pt"),
	withLangs(forms("from", false, "a partire da", "da soli", "a partire da soli"), "it"),
	withLangs(forms("from", false, "vanaf", "al vanaf", "vanaf slechts"), "nl"),

	forms("up-to", false, "up to"),
	withLangs(forms("up-to", false, "bis zu"), "de"),
	withLangs(forms("up-to", false, "jusqu'à", "jusqu’à", "jusqu'a", "jusqu’a"), "fr"),
	withLangs(forms("up-to", false, "hasta", "hasta un", "hasta el"), "es"),
	withLangs(forms("up-to", false, "até", "até um", "até uns"), "pt"),
	withLangs(forms("up-to", false, "fino al", "fino a", "fino all'", "fino all’"), "it"),
	withLangs(forms("up-to", false, "tot", "tot wel", "tot maar liefst"), "nl"),

	forms("only", false, "only", "just", "for only", "for just", "now only",
		"now just"),
	withLangs(forms("only", false, "nur", "nur noch", "für nur", "jetzt nur"), "de"),
	withLangs(forms("only", false, "seulement", "pour seulement",
		"à seulement"), "fr"),
	withLangs(forms("only", false, "solo", "sólo", "solamente", "por solo",
		"por sólo", "únicamente"), "es"),
	withLangs(forms("only", false, "só", "apenas", "por apenas", "somente",
		"por só", "por somente"), "pt"),
	withLangs(forms("only", false, "solo", "soltanto", "solamente", "a soli"), "it"),
	withLangs(forms("only", false, "slechts", "voor slechts", "voor maar"), "nl"),
}

// qualifierPerWords say "per" before a unit after a price: "$39 per
// device", "0,75 $ por estudiante", "9 € pro Gerät", "$5/device". The
// qualifier is "per-" and the unit's key. notPerUnits are the units that
// make no such qualifier (periods are read as the price's period).
var qualifierPerWords = forms("per", false, "per", "/", "pro", "je", "par",
	"por", "each")

var notPerUnits = set("x", "°", "°F", "°C", "day", "week", "month", "year")

// codeWords stand before a coupon or promo code: "use code FUNDADOR",
// "voucher code: 9D8BFDB88D", "Gutscheincode SOMMER".
var codeWords = forms("code", false, "code", "coupon", "coupon code",
	"promo code", "promocode", "promo", "voucher", "voucher code",
	"discount code", "use code", "enter code", "Gutschein", "Gutscheincode",
	"Rabattcode", "Aktionscode", "code promo", "code de réduction",
	"code remise", "cupón", "cupon", "código", "codigo", "código promocional",
	"codigo promocional", "código de descuento", "cupom", "cupom de desconto",
	"código de desconto", "codice", "codice sconto", "codice promozionale",
	"kortingscode", "actiecode", "couponcode")

// codeNotAfter are the words after which "code" is no promo code: "zip
// code", "source code".
var codeNotAfter = set("zip", "postal", "post", "postcode", "source", "area",
	"country", "qr", "bar", "dress", "error", "status", "access", "security",
	"verification", "pin", "sort", "swift", "tax")

// codeNotTokens are all-capital words that follow a code word in
// headings written in capitals without being a code: "ENTER CODE HERE".
var codeNotTokens = set("HERE", "BELOW", "ABOVE", "APPLIED", "CHECKOUT",
	"WHEN", "WITH", "FROM", "THIS", "THAT", "YOUR", "TODAY", "NOW", "ONLY",
	"AND", "THE", "FOR", "AT", "TO", "OFF", "SAVE", "ONLINE", "VALID",
	"EXPIRED", "REQUIRED", "ENTERED", "CODE", "PROMO", "COUPON", "VOUCHER",
	"SALE", "DEAL", "DEALS", "OFFER", "USED", "APPLY", "ENTER", "USE")

// notNumbers are patterns whose digits are no facts of their own: the US
// tax-code section in "501(c)(3)" and "24/7". (The digits of claims that
// carry them, "#1", "No. 1", "ISO 27001", "SOC 2", are found by
// claimDigitSpans.) Each pattern comes with a piece of text that every
// match of it holds: a text without it is not searched.
var notNumbers = []struct{ pattern, holds string }{
	{`\b\d{3}\([a-z]\)\(\d{1,2}\)`, ")("},
	{`\b24/7\b`, "24/7"},
}

// numberOneMarks are the words and signs that make "1" a rank ("#1",
// "No. 1", "Nr. 1", "N° 1", "nº1"): its digit is no number, the claim
// tables read it. Lower case; an optional period may follow.
var numberOneMarks = []string{"#", "no", "nr", "n°", "nº", "n.º"}

// standardMarks are the standards whose number is part of a proof claim
// ("ISO 27001", "SOC 2"): exact case, then an optional space or hyphen.
var standardMarks = []string{"ISO", "SOC"}

// yearPrepositions are the words after which a number 1900-2100 is a year
// even when a lower-case word follows it ("since 2019 we", "the 2018
// edition").
var yearPrepositions = set("in", "since", "from", "until", "till", "by",
	"before", "after", "of", "circa", "en", "depuis", "dès", "avant", "après",
	"seit", "im", "ab", "bis", "vor", "nach", "desde", "hasta", "antes",
	"em", "de", "até", "à", "au", "ca", "jusqu'en", "jusqu’en", "the",
	"this", "next", "last")

// rangeWords join the two ends of a range: "$800-$1,400", "2 to 3 days",
// "10 à 20 €".
var rangeWords = set("-", "–", "—", "to", "à", "a", "bis", "al", "até", "au",
	"hasta")

// Months: the names of the months in the languages the ledger reads.
// English names and abbreviations only count with a capital letter.
var monthNames = map[int][]string{
	1: {"january", "januar", "jänner", "janvier", "enero", "janeiro", "gennaio"},
	2: {"february", "februar", "février", "fevrier", "febrero", "fevereiro",
		"febbraio"},
	3: {"march", "märz", "maerz", "mars", "marzo", "março", "marco"},
	4: {"april", "avril", "abril", "aprile"},
	5: {"may", "mai", "mayo", "maio", "maggio"},
	6: {"june", "juni", "juin", "junio", "junho", "giugno"},
	7: {"july", "juli", "juillet", "julio", "julho", "luglio"},
	8: {"august", "août", "aout", "agosto"},
	9: {"september", "septembre", "septiembre", "setiembre", "setembro",
		"settembre"},
	10: {"october", "oktober", "octobre", "octubre", "outubro", "ottobre"},
	11: {"november", "novembre", "noviembre", "novembro"},
	12: {"december", "dezember", "décembre", "decembre", "diciembre",
		"dezembro", "dicembre"},
}

// monthCapitalised are the month words that only count with a capital
// letter: English names and abbreviations ("May" is a month, "may" is not).
var monthCapitalised = map[string]int{
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
	"july": 7, "august": 8, "september": 9, "october": 10, "november": 11,
	"december": 12,
	"jan":      1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
	"sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}

// topLevelDomains are the endings that make a bare "word.tld" a domain
// (healthchecks.io, swellsync.fr). They must be written in lower case.
var topLevelDomains = []string{
	"com", "net", "org", "io", "ai", "app", "dev", "co", "fr", "de", "es",
	"it", "pt", "br", "cl", "mx", "ar", "ch", "at", "be", "nl", "uk", "us",
	"ca", "au", "nz", "eu", "info", "biz", "me", "tv", "gg", "sh", "xyz",
	"tech", "shop", "store", "online", "site", "tirol", "wien", "berlin",
	"paris", "cloud", "page", "ly", "gov", "edu", "ru", "pl", "se", "no",
	"dk", "fi", "jp", "cn", "cz", "ie", "lu", "li", "pe", "uy", "cat", "fm",
	"studio", "agency", "digital", "email", "link", "live", "news", "blog",
}

// sentenceAbbrevs are words whose trailing period does not end a sentence.
var sentenceAbbrevs = set("e.g", "i.e", "eg", "ie", "dr", "mr", "mrs", "ms",
	"st", "vs", "no", "nr", "approx", "ca", "z.b", "inkl", "zzgl", "bzw",
	"p.ex", "ex", "sr", "sra", "av", "fig", "vol", "pp", "p", "cf", "vgl",
	"dt", "u.a", "d.h", "s.a", "inc", "co", "etc")

// headingRoles are the roles whose copy is often written in title case, so
// that a capital letter in them says little.
var headingRoles = set("title", "headline", "subheadline", "cta",
	"faq_question")

// nameStopWords are common words that are written with a capital letter
// often enough to look like names (lower case here). Language-agnostic:
// a word common in any of the ledger's languages is no name.
var nameStopWords = set(
	// English
	"a", "about", "after", "all", "also", "an", "and", "any", "are", "as",
	"at", "back", "be", "before", "best", "better", "both", "but", "buy",
	"by", "can", "click", "contact", "day", "discover", "do", "donate",
	"download", "each", "easy", "every", "explore", "fast", "faq", "faqs",
	"features", "first", "for", "free", "from", "get", "go", "good", "great",
	"has", "have", "hello", "help", "here", "hi", "home", "how", "i", "if",
	"in", "is", "it", "its", "join", "just", "last", "learn", "less", "let",
	"login", "make", "many", "menu", "more", "most", "much", "my", "new",
	"next", "no", "not", "now", "of", "ok", "on", "one", "only", "or",
	"order", "other", "our", "out", "page", "per", "perfect", "plan",
	"plans", "please", "previous", "price", "prices", "pricing", "privacy",
	"read", "really", "register", "search", "see", "shop", "sign", "simple",
	"so", "some", "start", "step", "subscribe", "such", "support", "terms",
	"than", "thank", "thanks", "that", "the", "their", "them", "then",
	"there", "these", "they", "this", "those", "to", "today", "try", "up",
	"us", "very", "view", "was", "watch", "we", "welcome", "what", "when",
	"where", "which", "who", "why", "will", "with", "yes", "you", "your",
	"yours", "monday", "tuesday", "wednesday", "thursday", "friday",
	"saturday", "sunday", "january", "february", "march", "april", "may",
	"june", "july", "august", "september", "october", "november", "december",
	"mr", "mrs", "ms", "dr", "st", "inc", "ltd", "llc", "co",
	// French
	"le", "la", "les", "un", "une", "des", "du", "de", "et", "ou", "mais",
	"pour", "par", "avec", "sans", "sur", "dans", "en", "au", "aux", "ce",
	"cette", "ces", "nous", "vous", "ils", "elles", "je", "tu", "il", "elle",
	"notre", "votre", "nos", "vos", "leur", "leurs", "qui", "que", "quoi",
	"comment", "pourquoi", "quand", "où", "oui", "non", "plus", "moins",
	"tout", "tous", "toutes", "très", "accueil", "tarifs", "prix", "offre",
	"offres", "aide", "connexion", "inscription", "commencer", "essayer",
	"découvrir", "rejoins", "rejoignez", "gratuit", "lundi", "mardi",
	"mercredi", "jeudi", "vendredi", "samedi", "dimanche", "janvier",
	"février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
	"octobre", "novembre", "décembre",
	// German
	"der", "die", "das", "ein", "eine", "und", "oder", "aber", "für", "mit",
	"ohne", "auf", "im", "an", "am", "zu", "zum", "zur", "von", "vom", "bei",
	"aus", "wir", "sie", "ihr", "ich", "du", "es", "unser", "unsere", "ihre",
	"wie", "was", "warum", "wann", "wo", "ja", "nein", "mehr", "alle",
	"jetzt", "preise", "preis", "startseite", "kontakt", "hilfe", "anmelden",
	"montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag",
	"sonntag", "januar", "februar", "märz", "juni", "juli", "oktober",
	"dezember",
	// Spanish
	"el", "los", "las", "unos", "unas", "y", "o", "pero", "para", "por",
	"con", "sin", "sobre", "del", "al", "nuestro", "nuestra", "nuestros",
	"tus", "su", "sus", "qué", "cómo", "cuándo", "dónde", "sí", "más",
	"menos", "todo", "todos", "inicio", "precios", "precio", "contacto",
	"ayuda", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado",
	"domingo", "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio",
	"agosto", "septiembre", "octubre", "noviembre", "diciembre", "gratis",
	// Portuguese
	"os", "as", "um", "uma", "e", "mas", "com", "sem", "em", "no", "na",
	"nos", "nas", "do", "da", "dos", "das", "ao", "nosso", "nossa", "seu",
	"sua", "você", "vocês", "como", "quando", "onde", "não", "início",
	"preços", "preço", "contato", "segunda", "terça", "quarta", "quinta",
	"sexta", "janeiro", "fevereiro", "março", "maio", "junho", "julho",
	"setembro", "outubro", "dezembro", "grátis",
	// acronyms that are no names
	"pdf", "vip", "cta", "usa", "uk", "eu", "am", "pm", "tv", "id", "pin",
	"sms", "api", "url", "urls", "ceo", "cto", "hr", "ai", "os", "ui", "ux",
	"seo", "html", "css", "js", "sql", "b2b", "b2c", "p2p", "diy", "asap",
	"aka", "etc", "gps", "usb", "hd", "hdr", "led", "lcd", "qr", "mp3",
	"mp4", "ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "xii", "ht",
	"ttc", "vat", "tva", "iva", "faq", "rss", "pwa", "saas", "crm", "erp",
	"kpi", "roi", "q&a", "cv", "rsvp", "n/a", "mwst", "ust", "gmbh", "phd",
	"wifi", "wi-fi", "ecommerce", "ebook", "ebooks", "iva", "sarl", "ltda",
	"llc", "spa", "ia", "started", "e-mail",
)

// connectorWords may stand in lower case inside a multi-word name ("Ruby on
// Rails", "Banco do Brasil").
var connectorWords = set("of", "on", "the", "and", "&", "for", "de", "du",
	"des", "la", "le", "les", "y", "e", "da", "do", "dos", "das", "del",
	"für", "und", "von", "der", "di")
