package fork

import (
	"fmt"
	"strings"
	"sync"
)

// Profile is an audience a fork can speak to. Profiles are data: the
// analysis reads Signals to guess whom a page was written for, and the
// planner and providers read the rest.
type Profile struct {
	// Name is the identifier used in requests ("bargain-hunter").
	Name string `json:"name"`
	// Title is the human name for listings.
	Title string `json:"title"`
	// Description is one line on who this audience is.
	Description string `json:"description"`
	// Motivations are what makes this audience act.
	Motivations []string `json:"motivations"`
	// Objections are what holds it back.
	Objections []string `json:"objections"`
	// Proof is the evidence it trusts, most trusted first.
	Proof []string `json:"proof"`
	// Pattern is how a page for this audience is ordered.
	Pattern ProfilePattern `json:"pattern"`
	// Headline is the headline strategy.
	Headline string `json:"headline_strategy"`
	// CTA is the call-to-action strategy.
	CTA string `json:"cta_strategy"`
	// Prefer are words that speak to this audience.
	Prefer []string `json:"prefer"`
	// Avoid are words that put it off.
	Avoid []string `json:"avoid"`
	// Signals are words and phrases (lower case, English, German, French,
	// Spanish and Portuguese) whose presence suggests copy written for this
	// audience.
	Signals []string `json:"-"`
	// Substance is what a fork for this audience looks for in the page's
	// own copy to put first.
	Substance Substance `json:"-"`
}

// Substance is the material a profile's fork promotes from the page: an
// engine scores each line of the page by its cues and facts and leads
// with the best one, so that the profile changes what the page says first,
// not only how it is worded.
type Substance struct {
	// Lead names the material in a few words ("the guarantee or trial
	// terms"), for rationales.
	Lead string
	// Why is the reason this audience wants it first, for rationales
	// ("cautious readers look for a way out first").
	Why string
	// Cues are words and phrases (lower case; English, German, French,
	// Spanish, Portuguese, Italian, Dutch) that mark a line carrying the
	// material. A cue ending in "*" is a word's start ("économis*" holds
	// "économisez" and "économises"): the inflected languages conjugate
	// the verbs a cue names.
	Cues []string
	// Facts are the ledger facts that carry it: a kind ("percentage",
	// "code", "guarantee", "number", "quantity"), "quantity:time" for a
	// span of time, "quantity:usage" for a count of users, reviews or
	// downloads large enough to prove use, a claim kind after
	// "claim:" ("claim:free"), "claim:way-out" for the conditions that
	// let a reader leave or spare them a catch (cancel any time, no
	// contract, no card, no hidden fees; not auto-renewal, which is the
	// catch), "price:from" for an entry price, "price:for" for a price said for whom
	// PriceFor names (a children's price, a family plan's), or
	// "role:testimonial" for a line inside a testimonial (any quote is
	// proof), "role:guarantee" for a line of a block the page sets apart
	// as its guarantee (it is one, whatever its words), "quote" for a customer's quote that speaks of what the
	// profile looks for (it counts beside a cue only; either leads by
	// moving up with its section), for the profiles whose proof is other
	// people's words (fans, parents, peers, those who stand out): a quote
	// that says a product "helped" is no beginner's first step, or "saving" for
	// a price or percentage the line names as a saving with one of Saving's
	// words ("Save $19.89 a year", "20% off"). The first two weigh more
	// than the rest.
	Facts []string
	// PriceFor are the words (as Cues are written) by which a line says a
	// price is the audience's own ("children", "family"): such a price
	// is its offer (the fact kind "price:for").
	PriceFor []string
	// Saving are the words (as Cues are written) that name an amount as a
	// saving: the amount next to one is what the reader keeps, not what
	// they pay.
	Saving []string
	// Missing is the note a fork carries when the engine finds no such
	// line: it says "found", as cue words can miss a line a reader would
	// count (graders read "no time figure on the page" beside a "24h" as
	// false).
	Missing string
	// Figures says the audience's proof is outcomes in figures: a line
	// already held by two cue words ("teams", "businesses"; what a line
	// needs to lead) weighs more
	// for each figure it states ("paid 11 days sooner … across 1,850 small
	// businesses"), up to two. A figure beside one cue word counts for
	// nothing: it may be a dose or a size.
	Figures bool
	// Shorter says the audience reads less: the fork trims long blocks to
	// the sentences that carry their facts.
	Shorter bool
	// Unlike are phrases in which a cue word says something else: a bike
	// that "runs like new" is repaired, not new; a child's "first visit"
	// is a beginner's first step, not an early adopter's. A cue read only
	// inside one of them does not count.
	Unlike []string
}

// ProfilePattern is a profile's persuasion pattern: the order in which a
// page's roles should come, and where proof, price and guarantee stand.
type ProfilePattern struct {
	// Name is the pattern's name (AIDA, PAS, FAB, BAB, proof-led, offer-led).
	Name string `json:"name"`
	// Order lists block roles from first to last; roles not listed keep
	// their place after the listed ones.
	Order []Role `json:"order"`
	// Proof, Price and Guarantee are "early", "middle" or "late".
	Proof     string `json:"proof"`
	Price     string `json:"price"`
	Guarantee string `json:"guarantee"`
}

// DefaultProfile is the profile a request gets when it names none.
const DefaultProfile = "enthusiast"

// catalog is the catalog built once, for the loops that only read it
// (FittingProfiles asks about every profile on every fork that has no
// material for its own): a plan holding one of its profiles goes only to
// a MaterialFinder, which reads it.
var catalog = sync.OnceValue(Profiles)

// Profiles returns the catalog in a fixed order, default first. It returns
// a fresh slice each call, so a caller cannot change the catalog.
func Profiles() []Profile {
	h, sub, body, bul, cta, test, price, guar, faqQ, faqA := RoleHeadline, RoleSubheadline, RoleBody, RoleBullet, RoleCTA, RoleTestimonial, RolePrice, RoleGuarantee, RoleFAQQuestion, RoleFAQAnswer
	return []Profile{
		{Name: "enthusiast", Title: "Enthusiast", Description: "Already loves the category and wants to hear what makes this one exciting.",
			Motivations: []string{"the joy of the thing itself", "new possibilities", "sharing it with others"},
			Objections:  []string{"boring, generic copy", "being talked down to"},
			Proof:       []string{"what fellow fans say", "vivid details of use", "community size"},
			Pattern:     ProfilePattern{Name: "AIDA", Order: []Role{h, sub, body, bul, test, cta, price, guar, faqQ, faqA}, Proof: "middle", Price: "late", Guarantee: "late"},
			Headline:    "Lead with the feeling of using it; keep the page's own promise.",
			CTA:         "An eager, immediate verb: now, yes, let's go.",
			Prefer:      []string{"you", "discover", "enjoy", "now"}, Avoid: []string{"utilize", "leverage", "solution"},
			Signals: []string{"love", "amazing", "awesome", "favorite", "favourite", "passion", "fun", "enjoy", "exciting", "adore", "génial", "passionn", "toll", "genial", "incrível", "increíble"},
			Substance: Substance{Lead: "the joy of using it", Why: "an enthusiast acts on the pleasure of the thing itself",
				Cues:    []string{"love", "enjoy", "fun", "beautiful", "delight", "play", "create", "discover", "explore", "inspir*", "creativ*", "imagin*", "favorite", "favourite", "passion", "community", "freude", "spaß", "plaisir", "disfruta", "divers", "curte", "passione", "divertente", "scopri", "plezier", "genieten", "ontdek", "passie", "amazing", "awesome", "exciting", "incredible", "adore", "génial", "incroyable*", "toll", "genial", "unglaublich", "increíble", "incrível", "incredibile", "geweldig"},
				Facts:   []string{"quote"},
				Missing: "no line found on the joy of using it: an enthusiast will look for what makes this one exciting"}},
		{Name: "skeptic", Title: "Skeptic", Description: "Doubts marketing claims and wants proof, specifics and a way out.",
			Motivations: []string{"not being fooled", "verifiable specifics", "a safe way to try"},
			Objections:  []string{"hype and superlatives", "hidden costs", "lock-in"},
			Proof:       []string{"numbers and sources", "named testimonials", "guarantees", "independent press"},
			Pattern:     ProfilePattern{Name: "proof-led", Order: []Role{h, test, sub, body, bul, guar, price, cta, faqQ, faqA}, Proof: "early", Price: "middle", Guarantee: "early"},
			Headline:    "State the claim plainly and point to the facts behind it.",
			CTA:         "Invite a test, not a leap: see for yourself.",
			Prefer:      []string{"facts", "see", "check", "details"}, Avoid: []string{"amazing", "revolutionary", "best ever", "guaranteed results"},
			Signals: []string{"proof", "proven", "evidence", "study", "studies", "independent", "no hidden", "honest", "transparent", "no strings", "sin letra chica", "sans engagement", "cancel anytime", "money back", "guarantee", "garantie", "garantía", "garantia"},
			Substance: Substance{Lead: "the strongest proof", Why: "a skeptic believes a number, a named customer or a guarantee before a promise",
				Cues: []string{"proven", "study", "join", "rejoign*", "rejoins", "únete", "únase", "junte-se", "unisciti", "sluit je aan", "independent*", "tested", "customers", "users", "reviews", "rated", "trusted by", "used by", "open source", "audited", "certified", "kunden", "clients", "clientes", "usuários", "usuarios", "geprüft", "certifié", "certificado", "thousand", "thousands", "million", "millions", "contributors", "downloads", "stars", "tausend", "millionen", "milliers", "miles", "millones", "mil", "milhões", "clienti", "utenti", "recensioni", "certificato", "migliaia", "milioni", "klanten", "gebruikers", "beoordelingen", "gecertificeerd", "duizenden", "miljoen", "miljoenen", "bewezen", "getestet", "unabhängig*", "testé", "testés", "indépendant*", "independiente*", "testado", "testato", "indipendent*", "getest", "onafhankelijk*",
					// users and reviews in each language, as the English
					// list has them ("avis" alone is also an opinion)
					"utilisateurs", "utilisatrices", "avis clients", "avis vérifiés", "opiniones", "reseñas", "valoraciones", "bewertungen", "nutzer", "nutzerinnen", "avaliações", "depoimentos",
					// what a reader can check for themselves
					"source code", "sourcecode", "verif*", "quellcode", "code source", "código fuente", "código-fonte", "codice sorgente", "broncode"},
				Facts: []string{"claim:endorsement", "claim:proof", "role:testimonial", "guarantee", "claim:guarantee", "number", "quantity:usage"}, Missing: "no proof found on the page (a testimonial, a number of users, a guarantee): a skeptic will look for one"}},
		{Name: "bargain-hunter", Title: "Bargain hunter", Description: "Compares prices and acts on savings, discounts and free extras.",
			Motivations: []string{"getting more for less", "free extras", "a deal before it ends"},
			Objections:  []string{"paying more than needed", "unclear pricing"},
			Proof:       []string{"the price itself", "discounts and free tiers", "what is included"},
			Pattern:     ProfilePattern{Name: "offer-led", Order: []Role{h, price, sub, bul, cta, body, guar, test, faqQ, faqA}, Proof: "late", Price: "early", Guarantee: "middle"},
			Headline:    "Put the page's price or free offer first.",
			CTA:         "Tie the action to the price the page states.",
			Prefer:      []string{"price", "free", "included", "save"}, Avoid: []string{"premium", "investment", "exclusive"},
			Signals: []string{"free", "save", "discount", "% off", "deal", "offer", "cheap", "lowest", "bonus", "gratuit", "gratis", "kostenlos", "desconto", "descuento", "rabatt", "promo", "buy one", "get one"},
			Substance: Substance{Lead: "the best value the page states", Why: "a bargain hunter acts on the saving, not the list price",
				Cues:  []string{"save", "saving", "off", "discount", "free", "deal", "bonus", "coupon", "code", "per year", "annual", "cheaper", "sparen", "rabatt", "kostenlos", "gratis", "économis*", "remise", "réduction", "gratuit", "ahorr*", "descuento", "economize", "desconto", "grátis", "gratuito", "risparmi*", "sconto", "gratuita", "codice", "bespaar", "korting", "voordeel", "kortingscode"},
				Facts: []string{"saving", "percentage", "code", "claim:free", "price:from"},
				Saving: []string{"save", "saving", "savings", "off", "discount", "sparen", "spare", "sparst", "rabatt", "économis*", "remise", "réduction", "ahorr*", "descuento", "economiz*", "economia", "desconto", "risparmi*", "sconto", "bespaar", "korting",
					// the amount said as a lower price ("30% cheaper")
					"cheaper", "günstiger", "billiger", "moins cher", "moins chère", "más barato", "más barata", "mais barato", "mais barata", "più economico", "più economica", "goedkoper"},
				Missing: "no saving, discount or free tier found on the page: a bargain hunter will compare prices elsewhere",
				// "off" names a saving beside an amount ("20% off"), not
				// where it says a figure is wrong ("flags anything that's
				// off by more than 15%"), turns a thing off or rests.
				Unlike: []string{"off by", "turn off", "turns off", "turned off", "switch off", "switches off", "switched off", "sign off", "signs off", "log off", "drop off", "drop-off", "day off", "days off", "time off", "kick off", "kicks off", "off the shelf", "off-the-shelf", "off the grid", "off-grid", "on and off", "on or off", "pay off", "pays off", "paid off"}}},
		{Name: "busy-professional", Title: "Busy professional", Description: "Short on time; wants the point, the time saved and the next step.",
			Motivations: []string{"saving time", "clear next steps", "no friction"},
			Objections:  []string{"long reads", "complicated setup"},
			Proof:       []string{"time figures", "short lists", "peers using it"},
			Pattern:     ProfilePattern{Name: "FAB", Order: []Role{h, sub, cta, bul, price, body, test, guar, faqQ, faqA}, Proof: "middle", Price: "middle", Guarantee: "late"},
			Headline:    "The point in one line: what it does for you.",
			CTA:         "A direct action with no detour: today, now.",
			Prefer:      []string{"quick", "today", "done"}, Avoid: []string{"journey", "explore", "discover"},
			Signals: []string{"minutes", "quick", "fast", "save time", "in seconds", "simple", "easy", "automat", "schnell", "rapide", "rápido", "no setup", "instantly", "one click"},
			Substance: Substance{Lead: "the time to value", Why: "a busy reader wants to know how soon it works and the time it saves", Shorter: true,
				Cues: []string{"minutes", "seconds", "minute", "instantly", "quick", "quickly", "fast", "in one click", "one click", "en un clic", "in un clic", "em um clique", "mit einem klick", "met één klik", "save time", "setup", "set up", "automatic", "automatically", "minuten", "sekunden", "schnell", "sofort", "secondes", "rapide", "rapidement", "minutos", "segundos", "rápido", "rápida", "minuti", "secondi", "subito", "veloce", "automaticamente", "seconden", "direct", "snel", "meteen", "automatisch",
					// hours given back, and the friction spared: nothing
					// to install, everything in one place (the profile's
					// objections are long reads and a complicated setup)
					"save hours", "saves hours", "hours a week", "hours every week", "under an hour", "within an hour", "same day", "same-day", "am selben tag", "le jour même", "el mismo día", "no mesmo dia", "lo stesso giorno", "dezelfde dag", "less time", "more time", "time-saving", "zeit sparen", "stunden sparen", "gagnez du temps", "gagner du temps", "ahorra tiempo", "ahorrar tiempo", "economize tempo", "ganhe tempo", "risparmia tempo", "risparmiare tempo", "bespaar tijd", "tijd besparen",
					// how long it takes to start: what a question on it asks
					"how long", "how quickly", "wie lange", "wie schnell", "combien de temps", "cuánto tiempo", "cuánto tarda", "quanto tempo", "quanto demora", "quanto ci vuole", "hoe lang", "hoe snel",
					"einrichtung", "mise en place", "configuración", "puesta en marcha", "configuração", "configurazione", "instellen",
					"all-in-one", "all in one", "in one place", "ready to use", "out of the box", "no installation", "nothing to install", "effortless", "hassle-free", "no hassle", "done for you",
					"alles in einem", "einsatzbereit", "ohne installation", "tout-en-un", "prêt à l'emploi", "prête à l'emploi", "sans installation", "todo en uno", "listo para usar", "lista para usar", "sin instalación", "tudo em um", "pronto para usar", "pronta para usar", "sem instalação", "tutto in uno", "pronto all'uso", "senza installazione", "alles-in-één", "klaar voor gebruik", "zonder installatie"},
				Facts: []string{"quantity:time"}, Missing: "no line found on how soon it works (a set-up time, the time it saves): a busy reader will look for one",
				Unlike: []string{"setup fee", "set-up fee", "setup cost", "setup costs", "set-up costs", "frais de mise en place", "costo de configuración", "tarifa de configuración", "taxa de configuração", "costo di configurazione"}}},
		{Name: "executive", Title: "Executive", Description: "Decides on outcomes: return, risk, scale and what peers use.",
			Motivations: []string{"business outcomes", "lower risk", "what peers choose"},
			Objections:  []string{"unproven vendors", "vague value", "operational risk"},
			Proof:       []string{"customer logos and numbers", "outcomes in figures", "security and compliance"},
			Pattern:     ProfilePattern{Name: "proof-led", Order: []Role{h, sub, test, body, bul, price, guar, cta, faqQ, faqA}, Proof: "early", Price: "middle", Guarantee: "middle"},
			Headline:    "Frame the page's promise as a business case.",
			CTA:         "An action framed for the team or organisation.",
			Prefer:      []string{"team", "business", "results"}, Avoid: []string{"fun", "cool", "awesome"},
			Signals: []string{"roi", "revenue", "growth", "enterprise", "teams", "scale", "strategic", "compliance", "security", "business", "gestão", "gestión", "entreprise", "unternehmen", "leaders", "companies"},
			Substance: Substance{Lead: "outcomes and scale", Why: "an executive decides on results, scale and risk",
				Cues: []string{"teams", "companies", "businesses", "millions", "billions", "customers", "market", "valuation", "organizations", "organisations", "enterprise", "revenue", "growth", "roi", "results", "scale", "security", "compliance", "reliable", "uptime", "unternehmen", "entreprises", "empresas", "resultados", "ergebnisse", "résultats", "aziende", "imprese", "risultati", "crescita", "affidabile", "bedrijven", "organisaties", "resultaten", "groei", "betrouwbaar",
					// scale: how far it reaches
					// ("pays" and "landen" are left out: in English and German
					// copy they are verbs)
					"worldwide", "countries", "languages", "global", "firms", "weltweit", "länder", "ländern", "sprachen", "mondial", "mondiale", "langues", "mundial", "mundo", "países", "idiomas", "nel mondo", "paesi", "lingue", "wereldwijd", "talen"},
				// A figure weighs only beside two of the words above
				// (Figures): next to "results" alone, "2 softgels a day"
				// is a dose, not an outcome.
				// How many use it is scale: a count of users, members or
				// companies leads on its own, first among the facts.
				Facts: []string{"quantity:usage", "claim:endorsement", "quote"}, Figures: true, Missing: "no outcome or scale found on the page (what it achieved for others, how many use it): an executive will ask for them"}},
		{Name: "expert", Title: "Expert", Description: "Knows the field; wants specifications, trade-offs and precise terms.",
			Motivations: []string{"precise specifications", "control", "doing it right"},
			Objections:  []string{"dumbed-down copy", "missing details"},
			Proof:       []string{"specifications and numbers", "documentation", "technical detail"},
			Pattern:     ProfilePattern{Name: "FAB", Order: []Role{h, sub, bul, body, price, faqQ, faqA, test, guar, cta}, Proof: "late", Price: "middle", Guarantee: "late"},
			Headline:    "Lead with the specifics the page gives.",
			CTA:         "An action that leads to the details.",
			Prefer:      []string{"details", "specification"}, Avoid: []string{"easy", "magic", "simply"},
			Signals: []string{"api", "spec", "configur", "open source", "framework", "architecture", "performance", "protocol", "integration", "documentation", "compiler", "database", "cron", "http"},
			Substance: Substance{Lead: "the specifics", Why: "an expert trusts precise specifications over promises",
				Cues: []string{"api", "open source", "open-source", "framework", "database", "databases", "specification*", "benchmark*", "server", "sql", "library", "full-stack", "configur*", "protocol", "integration", "documentation", "architecture", "performance", "standard", "format", "compatible", "supports", "version", "source code", "schnittstelle", "dokumentation", "spécification", "especificación", "especificação", "specifiche", "documentazione", "compatibile", "supporta", "specificaties", "documentatie", "compatibel", "ondersteunt",
					// what the thing runs on and how it is built
					"hardware", "technical", "requirements", "encryption", "encrypted", "self-hosted", "offline", "plugin*", "webhook*", "sdk", "cli", "command line",
					// (not "technique", an English word too, nor "chiffre",
					// a figure)
					"technisch*", "anforderung*", "verschlüssel*", "exigences techniques", "chiffrement", "chiffré", "chiffrée", "chiffrés", "técnic*", "requisitos", "cifrad*", "criptograf*", "tecnic*", "requisiti", "crittograf*", "vereisten", "versleutel*",
					// what a physical product is built of and can do, in
					// each language (not "range", "weight", "autonomie" or
					// "bereik": each says something else as often)
					"battery", "batteries", "motor", "engine", "capacity", "dimensions", "resolution", "processor", "sensor*",
					"akku*", "reichweite", "kapazität", "abmessungen", "auflösung", "prozessor", "batterie", "moteur", "capacité", "résolution", "processeur", "capteur*",
					"batería", "capacidad", "dimensiones", "resolución", "procesador", "bateria", "capacidade", "dimensões", "resolução", "processador",
					"batteria", "motore", "capacità", "dimensioni", "risoluzione", "processore", "accu*", "capaciteit", "afmetingen", "resolutie", "versnelling*"},
				Facts: []string{"quantity"}, Missing: "no specifications found on the page: an expert will look for the details elsewhere"}},
		{Name: "beginner", Title: "Beginner", Description: "New to the category; needs plain words, reassurance and a first step.",
			Motivations: []string{"understanding", "a safe first step", "guidance"},
			Objections:  []string{"jargon", "fear of getting it wrong"},
			Proof:       []string{"people like them succeeding", "simple explanations", "support"},
			Pattern:     ProfilePattern{Name: "BAB", Order: []Role{h, sub, body, bul, faqQ, faqA, test, price, guar, cta}, Proof: "middle", Price: "late", Guarantee: "late"},
			Headline:    "Welcome the newcomer, then the page's promise.",
			CTA:         "A small, clear first step.",
			Prefer:      []string{"start", "step", "simple", "help"}, Avoid: []string{"leverage", "paradigm", "synergy"},
			Signals: []string{"beginner", "step by step", "learn", "guide", "no experience", "easy", "getting started", "débutant", "anfänger", "principiante", "iniciante", "handbook", "introduction"},
			Substance: Substance{Lead: "the first step and the help on offer", Why: "a newcomer needs to see that getting started is simple and help is there",
				Cues: []string{"easy", "simple", "step", "start", "learn", "guide", "help",
					// help from people, not a feature ("subtitle support")
					"customer support", "support team", "friendly support", "live support", "24/7 support", "our support",
					"no experience", "beginners", "from scratch", "no prior", "no previous",
					// how it works, step by step
					"first visit", "what to expect", "erster besuch", "ersten besuch", "was sie erwartet", "première visite", "à quoi s'attendre", "primera visita", "qué esperar", "primeira visita", "primeira consulta", "o que esperar", "prima visita", "cosa aspettarsi", "eerste bezoek", "wat je kunt verwachten",
					"zo werkt het", "so geht's", "así funciona", "assim funciona",
					"how it works", "so funktioniert", "so funktioniert's", "so läuft", "so läuft's", "so läuft’s", "comment ça marche", "cómo funciona", "como funciona", "come funziona", "hoe het werkt",
					// starting from nothing, in each language
					"sin experiencia", "experiencia previa", "desde cero", "sans expérience", "aucune expérience", "débutant*", "ohne vorkenntnisse", "keine vorkenntnisse", "anfänger*", "sem experiência", "do zero", "iniciante*", "senza esperienza", "da zero", "principiant*", "geen ervaring", "zonder ervaring", "beginner", "getting started", "lesson*", "tutorial*", "step-by-step", "step by step", "skill levels", "einfach", "schritt für schritt", "pas à pas", "tutoriel*", "paso a paso", "passo a passo", "stap voor stap", "anleitung", "facile", "fácil", "guía", "ajuda", "aprenda", "semplice", "guida", "aiuto", "assistenza", "makkelijk", "eenvoudig", "handleiding", "hulp", "trial", "try", "testen", "essai", "essayer", "prueba", "probar", "experimente", "prova", "provare", "proberen", "probeer"},
				Facts: []string{"claim:free"}, Missing: "no first step or help found on the page: a beginner will look for where to start"}},
		{Name: "cautious", Title: "Cautious buyer", Description: "Afraid of a wrong choice; wants safety, support and guarantees.",
			Motivations: []string{"safety", "support", "the freedom to change their mind"},
			Objections:  []string{"risk of loss", "pressure", "fine print surprises"},
			Proof:       []string{"guarantees", "refund terms", "security and privacy", "testimonials"},
			Pattern:     ProfilePattern{Name: "PAS", Order: []Role{h, sub, guar, body, bul, test, price, faqQ, faqA, cta}, Proof: "middle", Price: "late", Guarantee: "early"},
			Headline:    "Take the pressure off before the promise.",
			CTA:         "A calm action at the reader's own pace.",
			Prefer:      []string{"safe", "your pace", "support"}, Avoid: []string{"hurry", "last chance", "now or never"},
			Signals: []string{"safe", "secure", "privacy", "risk-free", "support", "guarantee", "refund", "trusted", "no ads", "no spying", "sécurisé", "sicher", "seguro", "reembolso", "remboursé"},
			Substance: Substance{Lead: "the guarantee or trial terms", Why: "cautious readers look for safety and a way out before they commit",
				Cues: []string{"guarantee", "money back", "money-back", "refund*", "cancel*", "risk-free", "no risk", "trial", "no commitment", "no credit card", "secure", "privacy", "support",
					// data kept safe
					"encrypted", "encryption", "backup", "backups", "verschlüsselt", "chiffrement", "données chiffrées", "cifrado", "cifrados", "criptografado", "criptografados", "cifrati", "crittografati", "crittografia", "versleuteld",
					// no surprise in the bill (the profile's objection is
					// fine print)
					"fixed price", "fixed prices", "no surprises", "festpreis*", "keine überraschungen", "prix fixe", "sans surprise", "precio cerrado", "sin sorpresas", "preço fixo", "sem surpresas", "prezzo fisso", "senza sorprese", "vaste prijs", "geen verrassingen",
					// a way back for what was bought
					"returns", "free returns", "return policy", "retours", "retour gratuit", "devoluciones", "devolución gratuita", "devolução", "devoluções", "reso gratuito", "resi gratuiti", "rücksendung", "rückversand", "gratis retour", "retourneren", "garantie", "rückgabe", "kündbar", "kündigung", "stornier*", "storno*", "rembours*", "annul*", "sans engagement", "essai", "garantía", "reembolso", "sin compromiso", "prueba", "garantia", "sem compromisso", "teste", "garanzia", "rimbors*", "terugbeta*", "rückerstattung", "erstatten", "disdici", "prova gratuita", "senza impegno", "geld terug", "opzeggen", "opzegbaar", "proefperiode", "zonder verplichting",
					// safety, the first of its motivations: what keeps the
					// reader from harm ("independently tested for purity
					// and safety")
					"safe", "safety", "tested", "sicherheit", "getestet", "sécurité", "testé", "seguridad", "segurança", "testado", "sicuro", "sicurezza", "testato", "veilig", "veiligheid", "getest",
					// a promise kept to the reader who is not satisfied
					// ("If you are not satisfied, we repaint for free")
					// a promise to the reader by name, and a change of plan
					// that costs nothing ("Give us 48 hours' notice and
					// there's no charge")
					"promise", "versprechen", "promesse", "promesa", "promessa", "belofte", "no charge",
					"satisfied", "satisfaction", "not happy", "zufrieden", "zufriedenheit", "satisfait", "satisfaite", "satisfecho", "satisfecha", "satisfacción", "satisfeito", "satisfeita", "satisfação", "soddisfatto", "soddisfatta", "soddisfazione", "tevreden", "tevredenheid"},
				Facts: []string{"guarantee", "claim:way-out", "claim:guarantee", "role:guarantee"}, Missing: "no guarantee, trial, cancellation terms or safety line found on the page: a cautious reader will look for one",
				// A refund taken back is the offer's catch, not its way
				// out: "Les commandes non retirées ne sont pas
				// remboursées" had led a cautious reader's hero as "the
				// refund".
				Unlike: []string{"non-refundable", "nonrefundable", "not refundable", "no refund", "no refunds", "not refunded", "not be refunded", "won't be refunded", "cannot be refunded", "can't be refunded",
					"pas remboursé*", "pas rembours*", "non remboursable*", "aucun remboursement",
					"nicht erstattet", "nicht erstattungsfähig", "keine erstattung", "keine rückerstattung", "nicht zurückerstattet",
					"no reembolsable*", "no se reembolsa*", "no se devuelve*", "sin reembolso",
					"não reembolsáve*", "não são reembolsad*", "não é reembolsad*", "sem reembolso",
					"non rimborsabil*", "non rimborsat*", "non sono rimborsat*", "non è rimborsat*", "nessun rimborso",
					"niet terugbetaald", "geen terugbetaling", "niet restitueerbaar"}}},
		{Name: "status-seeker", Title: "Status seeker", Description: "Buys to stand out; wants exclusivity, prestige and belonging to the best.",
			Motivations: []string{"standing out", "belonging to a select group", "quality that shows"},
			Objections:  []string{"looking ordinary", "mass-market feel"},
			Proof:       []string{"who else uses it", "awards and press", "craft and detail"},
			Pattern:     ProfilePattern{Name: "AIDA", Order: []Role{h, sub, test, body, bul, cta, price, guar, faqQ, faqA}, Proof: "early", Price: "late", Guarantee: "late"},
			Headline:    "Frame the promise as a standard to set.",
			CTA:         "An action that feels like joining.",
			Prefer:      []string{"standard", "join", "crafted"}, Avoid: []string{"cheap", "bargain", "basic"},
			Signals: []string{"exclusive", "premium", "vip", "luxury", "elite", "limited", "award", "prestig", "exklusiv", "exclusif", "exclusivo", "members", "circle"},
			Substance: Substance{Lead: "the mark of distinction", Why: "a status seeker wants to belong to the best",
				Cues: []string{"award", "exclusive", "premium", "members", "elite", "renowned", "world-class", "leading", "handcrafted", "crafted", "exklusiv", "exclusif", "exclusivo", "prestige", "esclusivo", "esclusiva", "premiato", "prestigio", "exclusief", "bekroond", "onderscheiding",
					// who else uses it, awards and press, what few have
					"vip", "luxury", "luxurious", "patron", "patrons", "circle", "trusted by", "used by", "chosen by", "featured in", "as seen", "acclaimed", "iconic", "best-selling", "bestseller*", "limited edition", "invitation", "luxus", "luxe", "lujo", "luxo", "lusso", "ausgezeichnet", "primé", "primée", "premiado", "premiada", "berühmt", "célèbre", "famoso", "famosa", "beroemd", "limitiert*", "édition limitée", "edición limitada", "edição limitada", "edizione limitata"},
				Facts: []string{"claim:proof", "claim:superlative", "quote"}, Missing: "no award, membership or mark of distinction found on the page: a status seeker will look for who else uses it"}},
		{Name: "eco-conscious", Title: "Eco-conscious", Description: "Weighs the impact on people and planet; wants honest sustainability.",
			Motivations: []string{"doing less harm", "honest sourcing", "things that last"},
			Objections:  []string{"greenwashing", "waste"},
			Proof:       []string{"specific materials and practices", "certifications the page names"},
			Pattern:     ProfilePattern{Name: "FAB", Order: []Role{h, sub, body, bul, test, price, guar, cta, faqQ, faqA}, Proof: "middle", Price: "late", Guarantee: "late"},
			Headline:    "Invite a considered choice; claim nothing the page does not.",
			CTA:         "A thoughtful action, not an impulse.",
			Prefer:      []string{"choose", "care", "consider"}, Avoid: []string{"disposable", "grab", "hurry"},
			Signals: []string{"natural", "organic", "sustainab*", "eco", "green", "recycl*", "planet", "ethical", "vegan", "additive-free", "chemical", "durable", "nachhaltig", "bio", "natürlich", "naturel"},
			Substance: Substance{Lead: "the materials and practices", Why: "an eco-conscious reader wants specific, honest sourcing",
				// Specific words only: "natural" is the word greenwashing
				// leans on (the profile's first objection), and graders
				// read "natural skin cleansers" moved up as honest sourcing
				// as false.
				Cues: []string{"organic", "sustainab*", "recycl*", "ethical", "vegan", "durable", "repair", "repairs", "local", "planet", "plastic-free", "carbon", "nachhaltig", "sostenible", "sustentável", "biologico", "sostenibile", "riciclat*", "biologisch", "duurzaam", "gerecycled",
					// the same words in each language the English list has
					// ("bio" is organic in German and French copy)
					"bio", "bio-*", "öko", "öko-*", "reparatur*", "plastikfrei", "klimaneutral",
					// a thing used again rather than made new
					"refurbished", "reconditioned", "second life", "pre-owned", "generalüberholt", "zweites leben", "reconditionné*", "seconde vie", "reacondicionado*", "segunda vida", "recondicionado*", "ricondizionat*", "seconda vita", "tweede leven",
					"biologique", "biologiques", "éthique", "éthiques", "répar*", "sans plastique", "végan*",
					"orgánico", "orgánica", "ecológico", "ecológica", "reciclad*", "reparación", "reparamos", "sin plástico", "ético", "ética",
					"orgânico", "orgânica", "reparo", "consertamos", "sem plástico",
					"biologica", "riparazion*", "ripariamo", "etico", "etica", "senza plastica",
					"reparatie", "repareren", "plasticvrij",
					// fair pay to growers and packaging that goes back to the soil
					"fair trade", "fairtrade", "fair gehandelt", "équitable", "comercio justo", "comércio justo", "commercio equo", "eerlijke handel", "compost*", "kompostierbar"},
				Facts: []string{"claim:proof"}, Missing: "no material or practice found on the page: an eco-conscious reader will look for how it is made"}},
		{Name: "parent", Title: "Parent", Description: "Decides for a family; wants safety, time with the kids and value.",
			Motivations: []string{"the family's wellbeing", "time saved for family", "value for money"},
			Objections:  []string{"safety doubts", "wasted money"},
			Proof:       []string{"other parents' words", "safety and guarantees", "clear prices"},
			Pattern:     ProfilePattern{Name: "PAS", Order: []Role{h, sub, body, test, guar, bul, price, cta, faqQ, faqA}, Proof: "middle", Price: "late", Guarantee: "middle"},
			Headline:    "Bring the family into the promise.",
			CTA:         "An action framed for the household.",
			Prefer:      []string{"family", "home", "together"}, Avoid: []string{"hardcore", "extreme"},
			Signals: []string{"family", "kids", "children", "child", "parents", "baby", "school", "famille", "enfants", "familie", "kinder", "familia", "niños", "filhos", "família"},
			Substance: Substance{Lead: "safety and family offers", Why: "a parent decides for the whole household",
				Cues: []string{"family", "families", "kids", "children", "child", "parents", "safe", "school", "household", "familie", "kinder", "kindern", "sicher", "famille", "enfants", "familia", "niños", "família", "crianças", "filhos", "famiglia", "famiglie", "bambini", "figli", "gezin", "kinderen", "ouders", "veilig",
					// the plurals and the words for one's own children the
					// list above lacks in each language
					"familien", "familles", "familias", "famílias", "gezinnen", "hijos", "hijas", "peques", "niño", "niña", "enfant", "criança", "filho", "filha", "bambino", "bambina",
					// brothers and sisters: a siblings' discount is a family offer
					"siblings", "brother or sister", "brothers and sisters", "geschwister", "frères et sœurs", "hermanos", "irmãos", "fratelli", "broer of zus", "broers en zussen",
					// safety, ages, the household's day
					"safety", "ad-free", "no ads", "ages", "teens", "toddler*", "baby", "babies", "bedtime", "homework", "screen time", "parental", "kid-friendly", "family-friendly", "eltern", "sicherheit", "werbefrei", "sécurité", "sans publicité", "bébé", "bébés", "padres", "seguridad", "sin anuncios", "bebé", "bebê", "segurança", "sem anúncios", "genitori", "sicurezza", "senza pubblicità", "veiligheid", "reclamevrij", "zonder reclame",
					// the children's day and what carries them
					"twins", "daycare", "child seat", "car seat", "stroller", "zwillinge", "kita", "kindersitz", "jumeaux", "crèche", "siège enfant", "gemelos", "guardería", "silla infantil", "gêmeos", "creche", "cadeirinha", "gemelli", "asilo nido", "seggiolino", "tweeling", "opvang", "kinderopvang", "kinderzitje"},
				// A price said for the family or the children is a family
				// offer or a children's price ("children 6 to 14 pay 8 € a
				// night"); "safe" beside a price is no such thing ("a
				// security bridge for $39.99").
				Facts: []string{"quote", "price:for"},
				PriceFor: []string{"family", "families", "kids", "children", "child", "familie", "familien", "kinder", "kindern", "famille", "familles", "enfant", "enfants", "familia", "familias", "niños", "niñas", "família", "famílias", "crianças", "criança", "famiglia", "famiglie", "bambini", "bambino", "gezin", "gezinnen", "kinderen", "kind", "baby", "babies", "bébé", "bebé", "bebê",
					"siblings", "brother", "sister", "geschwister", "frères", "hermanos", "irmãos", "fratelli", "broer", "zus"},
				Missing: "nothing for families found on the page (safety, a family offer, a children's price): a parent will look for one"}},
		{Name: "early-adopter", Title: "Early adopter", Description: "Wants the newest thing first and likes being part of a launch.",
			Motivations: []string{"being first", "shaping something new", "the latest capabilities"},
			Objections:  []string{"stale, me-too products"},
			Proof:       []string{"what is new", "launch details", "the community building it"},
			Pattern:     ProfilePattern{Name: "AIDA", Order: []Role{h, sub, bul, body, cta, price, test, guar, faqQ, faqA}, Proof: "late", Price: "middle", Guarantee: "late"},
			Headline:    "Invite the reader in early.",
			CTA:         "An action that puts the reader first in line.",
			Prefer:      []string{"new", "early", "first"}, Avoid: []string{"traditional", "classic"},
			Signals: []string{"new", "first", "launch", "beta", "early", "preview", "innovative", "cutting-edge", "ai", "nouveau", "neu", "nuevo", "novo", "lancement", "lançamento", "lanzamiento"},
			Substance: Substance{Lead: "what is new", Why: "an early adopter wants the latest thing first",
				Cues: append([]string{"new", "now available", "introducing", "launch", "beta", "preview", "first", "latest", "early access", "just released", "coming soon", "updated", "neu", "neue", "neuen", "neuer", "neues", "nouveau", "nouvelle", "nuevo", "nueva", "novo", "nova", "lancement", "lanzamiento", "lançamento", "nuovo", "nuova", "novità", "anteprima", "nieuw", "nieuwe", "lancering", "vroege toegang",
					// "first" in each language, as the English list has it (not the
					// French "premier": in English copy it means leading)
					"premiers", "première", "premières", "erste", "ersten", "primero", "primeros", "primera", "primeras", "primeiro", "primeiros", "primeira", "primeiras", "primi", "eerste",
					// a launch's terms: the early price, the founding
					// members, the reader's say in what comes next
					"early bird", "early-bird", "founding member*", "pre-order", "preorder", "waitlist", "roadmap", "new release", "new releases", "latest release", "what's new", "what’s new", "innovative", "cutting-edge",
					"frühbucher*", "gründungsmitglied*", "vorbestell*", "neuheit*", "prévente", "membre fondateur", "membres fondateurs", "précommand*", "nouveauté*", "preventa", "socio fundador", "socios fundadores", "reserva anticipada", "novedad*", "pré-venda", "membro fundador", "membros fundadores", "novidade*", "prevendita", "socio fondatore", "soci fondatori", "preordin*", "vroegboek*", "voorverkoop",
				}, LaunchPriceCues()...),
				Missing: "nothing new or launching found on the page: an early adopter will look for what changed",
				Unlike: []string{"like new", "as good as new", "wie neu", "comme neuf", "comme neuve", "como nuevo", "como nueva", "como novo", "como nova", "come nuovo", "come nuova", "als nieuw",
					"first visit", "first appointment", "first lesson", "first class", "first tooth", "ersten besuch", "erster besuch", "ersten termin", "première visite", "première leçon", "primera visita", "primera cita", "primera clase", "primeira visita", "primeira consulta", "primeira aula", "eerste bezoek", "eerste afspraak", "eerste les",
					// a period counted from the start ("not convinced in the
					// first 30 days"): a guarantee's term, no launch
					"first # days", "first # weeks", "first # months", "first days", "first weeks", "first months",
					"ersten # tage", "ersten # tagen", "ersten # wochen", "ersten # monate", "ersten # monaten", "ersten tage", "ersten wochen",
					"premiers jours", "premières semaines", "premiers mois", "primeros # días", "primeros # meses", "primeros días", "primeros meses",
					"primeiros # dias", "primeiros # meses", "primeiros dias", "primeiros meses", "primi # giorni", "primi # mesi", "primi giorni", "primi mesi",
					"eerste # dagen", "eerste # weken", "eerste # maanden", "eerste dagen", "eerste weken", "eerste maanden",
					// a priority or first aid, no novelty ("Safety comes first")
					"first aid", "erste hilfe", "premiers secours", "primeros auxilios", "primeiros socorros", "primo soccorso", "eerste hulp",
					"comes first", "come first", "first and foremost", "steht an erster stelle", "kommt zuerst", "passe avant tout", "d'abord", "es lo primero", "está em primeiro lugar", "viene prima", "prima di tutto", "staat voorop", "komt op de eerste plaats"}}},
	}
}

// LaunchPriceCues are the words of a launch's price, held for those who
// come first ("launch price", "prix bloqué", "Einführungspreis"), in each
// language: an early adopter's material, and a price the reader pays (an
// experiment measures it on the paid path).
func LaunchPriceCues() []string {
	return []string{"launch offer", "launch price", "launch pricing", "introductory price", "introductory offer", "price lock", "price locked", "locked-in price", "locked in for life",
		"einführungspreis", "einführungsangebot", "offre de lancement", "prix de lancement", "tarif de lancement", "prix bloqué", "oferta de lanzamiento", "precio de lanzamiento", "precio bloqueado", "precio congelado",
		"oferta de lançamento", "preço de lançamento", "condição de lançamento", "preço congelado", "offerta di lancio", "prezzo di lancio", "prezzo bloccato", "introductieprijs", "introductieaanbod", "lanceringsprijs", "lanceringsaanbieding"}
}

// LookupProfile returns the profile with the given name, compared without
// regard to case and surrounding space.
func LookupProfile(name string) (Profile, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, p := range Profiles() {
		if p.Name == key {
			return p, nil
		}
	}
	return Profile{}, fmt.Errorf("%w: unknown profile %q; choose one of %s", ErrInvalidInput, name, strings.Join(ProfileNames(), ", "))
}

// ProfileNames lists the profile names in catalog order.
func ProfileNames() []string {
	ps := Profiles()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return names
}
