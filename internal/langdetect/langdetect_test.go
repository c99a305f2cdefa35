package langdetect

import (
	"math"
	"strings"
	"testing"
)

// The sample sentences below were written for these tests; they imitate
// landing-page copy without being taken from any page.

// englishOneLiners are single sentences of six words or more, several with
// hardly any function words, which is where English is hardest to spot.
var englishOneLiners = []string{
	"Our team will help you grow your business.",
	"Build faster websites using modern tools.",
	"Save hours every week with smart automation.",
	"Trusted by thousands of growing teams worldwide.",
	"Simple pricing, no hidden fees, cancel anytime.",
	"Start your free trial in minutes today.",
	"Beautiful templates designed for busy founders.",
	"Get instant quotes from local movers nearby.",
	"Join over ten thousand happy customers worldwide.",
	"Fresh coffee delivered straight to your door.",
	"Track every order in real time.",
	"Protect your family with affordable life insurance.",
	"Modern banking made simple for small businesses.",
	"Plans start at twelve dollars per month.",
	"Design, launch and grow your online store.",
	"Award winning support available around the clock.",
	"Don't settle for slow, clunky spreadsheets anymore.",
	"Healthy meals cooked fresh and shipped weekly.",
	"Get paid faster with automatic invoice reminders.",
	"Real estate agents love this simple CRM.",
	"Premium quality materials, crafted in Portugal.",
}

var germanTexts = []string{
	"Unsere Software hilft dir, schneller zu wachsen.",
	"Jetzt kostenlos testen und in wenigen Minuten starten.",
	"Wir liefern frische Zutaten direkt zu Ihnen nach Hause.",
	"Mit unserem Online Marketing Tool optimierst du deine Social Media Kampagnen.",
	"Die Einrichtung dauert nur fünf Minuten. Danach läuft alles automatisch.",
	"Über zehntausend zufriedene Kunden vertrauen bereits auf unsere Lösung.",
	"Kündigung jederzeit möglich, ohne versteckte Kosten.",
	"Die beste Lösung für dein Unternehmen. Starte jetzt.",
}

var frenchTexts = []string{
	"Découvrez notre nouvelle collection dès aujourd'hui.",
	"Nous livrons des repas frais directement chez vous.",
	"Essayez gratuitement pendant trente jours, sans engagement.",
	"C'est simple : vous choisissez, nous nous occupons du reste.",
	"Plus de dix mille clients nous font déjà confiance.",
	"Votre site sera prêt en quelques minutes. Aucune compétence technique n'est nécessaire.",
	"Profitez d'une assistance rapide et d'un accompagnement personnalisé.",
	"La meilleure solution pour votre entreprise. Commencez maintenant.",
}

// spanishPortuguesePairs say the same thing in both languages, two
// sentences each, because their short words overlap the most.
var spanishPortuguesePairs = []struct{ es, pt string }{
	{
		"Nuestra plataforma te ayuda a vender más en menos tiempo. Crea tu tienda en línea y empieza hoy mismo con una prueba gratuita.",
		"Nossa plataforma ajuda você a vender mais em menos tempo. Crie sua loja virtual e comece hoje mesmo com um teste gratuito.",
	},
	{
		"Los mejores cursos de idiomas están aquí. Aprende desde casa con profesores nativos.",
		"Os melhores cursos de idiomas estão aqui. Aprenda em casa com professores nativos.",
	},
	{
		"El envío es gratis en todos los pedidos. Puedes devolver tu compra durante treinta días.",
		"O frete é grátis em todos os pedidos. Você pode devolver sua compra durante trinta dias.",
	},
	{
		"Miles de empresas confían en nosotros. Únete a ellas y haz crecer tu negocio.",
		"Milhares de empresas confiam em nós. Junte-se a elas e faça seu negócio crescer.",
	},
	{
		"La aplicación funciona sin conexión. Tus datos están siempre protegidos.",
		"O aplicativo funciona sem conexão. Seus dados estão sempre protegidos.",
	},
	{
		"Reserva tu mesa en segundos. Te esperamos con la mejor comida de la ciudad.",
		"Reserve sua mesa em segundos. Esperamos você com a melhor comida da cidade.",
	},
	{
		"Sin contratos ni comisiones ocultas. Cancela cuando quieras.",
		"Sem contratos nem taxas escondidas. Cancele quando quiser.",
	},
	// The pairs below share most of their short words ("para", "que",
	// "como", "a", "de") and lean on the few that differ.
	{
		"Es la forma más fácil de organizar tu trabajo. Todo lo que necesitas está en un solo lugar.",
		"É a forma mais fácil de organizar o seu trabalho. Tudo o que precisa está num só lugar.",
	},
	{
		"Para empresas que quieren crecer. Por eso creamos una herramienta sencilla.",
		"Para empresas que querem crescer. Por isso criamos uma ferramenta simples.",
	},
	{
		"Precio especial para estudiantes. Oferta válida hasta el domingo.",
		"Preço especial para estudantes. Oferta válida até domingo.",
	},
	{
		"Como cliente tienes acceso a todas las funciones. Si tienes dudas, escríbenos.",
		"Como cliente tem acesso a todas as funcionalidades. Se tiver dúvidas, escreva-nos.",
	},
	{
		"Descarga la guía gratuita. Aprende a invertir de forma segura.",
		"Baixe o guia gratuito. Aprenda a investir de forma segura.",
	},
}

var italianTexts = []string{
	"Prova gratis per trenta giorni, senza carta di credito.",
	"Il piano Pro costa diciannove euro al mese.",
	"Scegli il piano giusto per la tua azienda e inizia oggi.",
	"Nessun costo nascosto: puoi disdire quando vuoi.",
	"Tutti i prezzi sono IVA inclusa.",
	"Oltre diecimila clienti si fidano già di noi.",
	"Il nostro team di assistenza risponde entro un'ora, sette giorni su sette.",
	"Scopri le novità della nuova versione e aggiorna subito il tuo account.",
	"Con il piano annuale risparmi il venti per cento rispetto al mensile.",
	"Hai domande? Scrivici, ti rispondiamo in giornata.",
	"Spedizione gratuita per tutti gli ordini superiori a cinquanta euro.",
	"La configurazione richiede pochi minuti e non serve alcuna competenza tecnica.",
}

// italianShortLines are CTA-sized lines of four to eight words.
var italianShortLines = []string{
	"Acquista ora e risparmia il venti percento.",
	"Un solo pagamento, niente rinnovi automatici.",
	"Il più scelto dai professionisti.",
	"Annulla in qualsiasi momento, senza penali.",
	"Prezzi chiari per ogni esigenza.",
	"Contatta il nostro ufficio vendite.",
	"Ogni funzione è compresa nel prezzo.",
	"Ricevi subito il tuo preventivo gratuito.",
}

var dutchTexts = []string{
	"Probeer het dertig dagen gratis, zonder creditcard.",
	"Het Pro-pakket kost negentien euro per maand.",
	"Kies het abonnement dat bij jouw bedrijf past en begin vandaag nog.",
	"Geen verborgen kosten: je kunt op elk moment opzeggen.",
	"Genoemde bedragen zijn exclusief btw.",
	"Meer dan tienduizend klanten gingen je al voor.",
	"Ons supportteam staat zeven dagen per week voor u klaar.",
	"Bekijk de nieuwe functies en upgrade direct je account.",
	"Met een jaarabonnement bespaart u twintig procent ten opzichte van maandelijks betalen.",
	"Vragen? Neem gerust contact met ons op, wij reageren binnen een werkdag.",
	"Gratis verzending bij bestellingen boven de vijftig euro.",
	"De installatie duurt maar een paar minuten en is heel eenvoudig.",
}

// dutchShortLines are CTA-sized lines of four to eight words, the kind a
// pricing page is made of, with few function words.
var dutchShortLines = []string{
	"Vraag nu een offerte aan.",
	"Maandelijks opzegbaar, geen kleine lettertjes.",
	"Start vandaag met je gratis proefperiode.",
	"Wij helpen u graag verder.",
	"Kies het pakket dat past.",
	"Betaal per uur, zonder verplichtingen.",
	"Wij komen gratis bij u langs.",
	"Vaste prijs per les, geen inschrijfgeld.",
}

// romanceQuadruples say the same thing in Italian, Spanish, Portuguese and
// French, the languages that share most of Italian's short words.
var romanceQuadruples = []struct{ it, es, pt, fr string }{
	{
		"Crea il tuo negozio online in pochi minuti.",
		"Crea tu tienda en línea en pocos minutos.",
		"Crie sua loja virtual em poucos minutos.",
		"Créez votre boutique en ligne en quelques minutes.",
	},
	{
		"Il prezzo comprende assistenza e formazione per tutto il team.",
		"El precio incluye soporte y formación para todo el equipo.",
		"O preço inclui suporte e treinamento para toda a equipe.",
		"Le prix comprend l'assistance et la formation pour toute l'équipe.",
	},
	{
		"Non serve una carta di credito per iniziare.",
		"No necesitas una tarjeta de crédito para empezar.",
		"Não precisa de cartão de crédito para começar.",
		"Pas besoin de carte bancaire pour commencer.",
	},
	{
		"La nostra applicazione funziona anche senza connessione.",
		"Nuestra aplicación funciona también sin conexión.",
		"Nosso aplicativo funciona também sem conexão.",
		"Notre application fonctionne aussi sans connexion.",
	},
	{
		"Prenota una demo e scopri come possiamo aiutarti.",
		"Reserva una demo y descubre cómo podemos ayudarte.",
		"Agende uma demonstração e descubra como podemos ajudar.",
		"Réservez une démo et découvrez comment nous pouvons vous aider.",
	},
	{
		"Paga solo quello che usi, senza vincoli.",
		"Paga solo lo que usas, sin compromisos.",
		"Pague apenas o que usar, sem compromisso.",
		"Payez seulement ce que vous utilisez, sans engagement.",
	},
}

// germanicTriples say the same thing in Dutch, German and English: Dutch
// shares spellings with German and many short words with English.
var germanicTriples = []struct{ nl, de, en string }{
	{
		"Wij helpen je bedrijf sneller te groeien.",
		"Wir helfen deinem Unternehmen, schneller zu wachsen.",
		"We help your business grow faster.",
	},
	{
		"Alle pakketten zijn maandelijks opzegbaar.",
		"Alle Pakete sind monatlich kündbar.",
		"All plans can be cancelled monthly.",
	},
	{
		"Probeer het nu veertien dagen gratis.",
		"Teste es jetzt vierzehn Tage kostenlos.",
		"Try it free for fourteen days now.",
	},
	{
		"Onze klanten krijgen altijd persoonlijke ondersteuning.",
		"Unsere Kunden bekommen immer persönliche Unterstützung.",
		"Our customers always get personal support.",
	},
	{
		"De prijs is inclusief installatie en onderhoud.",
		"Der Preis ist inklusive Installation und Wartung.",
		"The price includes installation and maintenance.",
	},
	{
		"Heeft u vragen over uw factuur?",
		"Haben Sie Fragen zu Ihrer Rechnung?",
		"Do you have questions about your invoice?",
	},
	{
		"Bestel voor tien uur, morgen in huis.",
		"Bis zehn Uhr bestellt, morgen geliefert.",
		"Order before ten, delivered tomorrow.",
	},
}

func TestDetect_ItalianDutch(t *testing.T) {
	cases := []struct {
		want  string
		texts []string
	}{
		{"it", italianTexts},
		{"it", italianShortLines},
		{"nl", dutchTexts},
		{"nl", dutchShortLines},
	}
	for _, c := range cases {
		for _, text := range c.texts {
			t.Run(c.want+"/"+text, func(t *testing.T) {
				got, conf := Detect(text)
				if got != c.want {
					t.Errorf("Detect(%q) = %q, %.2f; want %s", text, got, conf, c.want)
				}
			})
		}
	}
}

func TestDetect_ShortLinesLength(t *testing.T) {
	for _, text := range append(append([]string{}, italianShortLines...), dutchShortLines...) {
		if n := len(strings.Fields(text)); n < 4 || n > 8 {
			t.Errorf("sample %q has %d words; short lines are meant to have four to eight", text, n)
		}
	}
}

// TestDetect_ItalianVersusRomance checks each Italian line against its
// Spanish, Portuguese and French translation, so that Italian neither
// takes the others' texts nor loses its own to them.
func TestDetect_ItalianVersusRomance(t *testing.T) {
	for _, q := range romanceQuadruples {
		for _, c := range []struct{ want, text string }{{"it", q.it}, {"es", q.es}, {"pt", q.pt}, {"fr", q.fr}} {
			t.Run(c.want+"/"+c.text, func(t *testing.T) {
				got, conf := Detect(c.text)
				if got != c.want {
					t.Errorf("Detect(%q) = %q, %.2f; want %s", c.text, got, conf, c.want)
				}
			})
		}
	}
}

// TestDetect_DutchVersusGermanic checks each Dutch line against its German
// and English translation.
func TestDetect_DutchVersusGermanic(t *testing.T) {
	for _, tr := range germanicTriples {
		for _, c := range []struct{ want, text string }{{"nl", tr.nl}, {"de", tr.de}, {"en", tr.en}} {
			t.Run(c.want+"/"+c.text, func(t *testing.T) {
				got, conf := Detect(c.text)
				if got != c.want {
					t.Errorf("Detect(%q) = %q, %.2f; want %s", c.text, got, conf, c.want)
				}
			})
		}
	}
}

// TestDetect_ItalianDutchMargin asks for a usable confidence once there is
// a paragraph: the language check in verify.go trusts answers above 0.2.
func TestDetect_ItalianDutchMargin(t *testing.T) {
	const minConf = 0.4
	for _, c := range []struct {
		want  string
		texts []string
	}{
		{"it", italianTexts},
		{"nl", dutchTexts},
	} {
		text := strings.Join(c.texts[:4], " ")
		got, conf := Detect(text)
		if got != c.want || conf < minConf {
			t.Errorf("Detect(%q) = %q, %.2f; want %s with confidence ≥ %.2f", text, got, conf, c.want, minConf)
		}
	}
}

func TestDetect_EnglishOneSentence(t *testing.T) {
	for _, text := range englishOneLiners {
		t.Run(text, func(t *testing.T) {
			if n := len(strings.Fields(text)); n < 6 {
				t.Fatalf("sample has %d words; the promise is for six or more", n)
			}
			got, conf := Detect(text)
			if got != "en" {
				t.Errorf("Detect(%q) = %q, %.2f; want en", text, got, conf)
			}
		})
	}
}

func TestDetect_Languages(t *testing.T) {
	cases := []struct {
		want  string
		texts []string
	}{
		{"de", germanTexts},
		{"fr", frenchTexts},
	}
	for _, p := range spanishPortuguesePairs {
		cases = append(cases,
			struct {
				want  string
				texts []string
			}{"es", []string{p.es}},
			struct {
				want  string
				texts []string
			}{"pt", []string{p.pt}})
	}
	for _, c := range cases {
		for _, text := range c.texts {
			t.Run(c.want+"/"+text, func(t *testing.T) {
				got, conf := Detect(text)
				if got != c.want {
					t.Errorf("Detect(%q) = %q, %.2f; want %s", text, got, conf, c.want)
				}
			})
		}
	}
}

// TestDetect_SpanishPortugueseMargin asks for more than the right answer:
// with two sentences the two languages must be apart by a margin a caller
// can set a threshold on.
func TestDetect_SpanishPortugueseMargin(t *testing.T) {
	const minConf = 0.25
	for _, p := range spanishPortuguesePairs {
		for _, c := range []struct{ text, want string }{{p.es, "es"}, {p.pt, "pt"}} {
			got, conf := Detect(c.text)
			if got != c.want || conf < minConf {
				t.Errorf("Detect(%q) = %q, %.2f; want %s with confidence ≥ %.2f", c.text, got, conf, c.want, minConf)
			}
		}
	}
}

func TestDetect_MixedBrandNames(t *testing.T) {
	cases := []struct{ text, want string }{
		{"Découvrez Apple Music et Google Drive sur votre iPhone avec notre offre.", "fr"},
		{"Avec The North Face, partez à l'aventure en toute sécurité.", "fr"},
		{"Notre application fonctionne avec Slack, Microsoft Teams et Google Workspace.", "fr"},
		{"Le nouveau MacBook Pro est enfin disponible chez nous, avec Free Shipping offert.", "fr"},
		{"Mit Google Ads und Facebook erreichst du deine Zielgruppe schneller.", "de"},
		{"Our café serves the best croissants and crème brûlée in town.", "en"},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			got, conf := Detect(c.text)
			if got != c.want {
				t.Errorf("Detect(%q) = %q, %.2f; want %s", c.text, got, conf, c.want)
			}
		})
	}
}

func TestDetect_TooShortOrUnknown(t *testing.T) {
	cases := []struct{ name, text string }{
		{"empty", ""},
		{"spaces", "   \n\t "},
		{"one word", "Hello"},
		{"two words", "Merci beaucoup"},
		{"digits only", "123 456 789 2024"},
		{"punctuation", "!!! ??? ... ---"},
		{"no language scores", "Lorem ipsum dolor sit amet"},
		{"other script", "Привет как дела друзья"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, conf := Detect(c.text)
			if got != "" || conf != 0 {
				t.Errorf("Detect(%q) = %q, %v; want \"\", 0", c.text, got, conf)
			}
		})
	}
}

func TestDetect_ConfidenceRange(t *testing.T) {
	all := append(append(append([]string{}, englishOneLiners...), germanTexts...), frenchTexts...)
	for _, p := range spanishPortuguesePairs {
		all = append(all, p.es, p.pt)
	}
	all = append(all, italianTexts...)
	all = append(all, dutchTexts...)
	all = append(all, "de la que", "the the the", "a a a a", "de het een", "il la di")
	for _, text := range all {
		_, conf := Detect(text)
		if conf < 0 || conf > 1 || math.IsNaN(conf) {
			t.Errorf("Detect(%q) confidence = %v; want within [0, 1]", text, conf)
		}
	}
}

// TestDetect_ConfidenceGrowsWithEvidence checks that a paragraph is more
// certain than one of its sentences: confidence is meant to be used as a
// threshold.
func TestDetect_ConfidenceGrowsWithEvidence(t *testing.T) {
	short := "Plans start at twelve dollars per month."
	long := short + " Every plan includes unlimited projects and all of our integrations. You can upgrade, downgrade or cancel at any time."
	_, cs := Detect(short)
	_, cl := Detect(long)
	if cl <= cs {
		t.Errorf("confidence for paragraph = %.2f, for its first sentence = %.2f; want the paragraph higher", cl, cs)
	}
}

func TestDetect_Deterministic(t *testing.T) {
	text := spanishPortuguesePairs[0].es + " " + frenchTexts[0]
	lang0, conf0 := Detect(text)
	for range 50 {
		lang, conf := Detect(text)
		if lang != lang0 || conf != conf0 {
			t.Fatalf("Detect(%q) = %q, %v; earlier call gave %q, %v", text, lang, conf, lang0, conf0)
		}
	}
}

// TestDetect_Tie checks the documented tie-break: "de" alone is es, fr, pt
// and nl in equal shares, and the fixed order picks es with confidence 0.
func TestDetect_Tie(t *testing.T) {
	got, conf := Detect("de de de")
	if got != "es" || conf != 0 {
		t.Errorf("Detect(\"de de de\") = %q, %v; want \"es\", 0", got, conf)
	}
}

func TestSplitElision(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"l'offre", []string{"l'", "offre"}},
		{"qu'il", []string{"qu'", "il"}},
		{"aujourd'hui", []string{"aujourd'hui"}},
		{"don't", []string{"don't"}},
		{"it's", []string{"it's"}},
		{"word", []string{"word"}},
		{"dell'anno", []string{"dell'", "anno"}},
		{"un'offerta", []string{"un'", "offerta"}},
		{"c'è", []string{"c'", "è"}}, // Detect looks the whole word up first
	}
	for _, c := range cases {
		got := splitElisionPlain(c.in)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("splitElisionPlain(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

func TestFunctionWordTablesAreLowercase(t *testing.T) {
	for l, words := range functionWords {
		for _, w := range words {
			if w != strings.ToLower(w) {
				t.Errorf("%s function word %q is not lower case; Detect lowercases its input, so it would never match", languages[l], w)
			}
		}
	}
}

func BenchmarkDetect(b *testing.B) {
	text := strings.Repeat(spanishPortuguesePairs[0].pt+" ", 20)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Detect(text)
	}
}

func FuzzDetect(f *testing.F) {
	f.Add("")
	f.Add(englishOneLiners[0])
	f.Add(frenchTexts[3])
	f.Add(italianTexts[6])
	f.Add(dutchTexts[3])
	f.Add("l' d' qu' ''' n't")
	f.Add("\xff\xfe invalid utf8 é")
	f.Fuzz(func(t *testing.T, text string) {
		lang, conf := Detect(text)
		if math.IsNaN(conf) || conf < 0 || conf > 1 {
			t.Fatalf("Detect(%q) confidence = %v; want within [0, 1]", text, conf)
		}
		switch lang {
		case "", "en", "de", "es", "fr", "pt", "it", "nl":
		default:
			t.Fatalf("Detect(%q) = %q; want one of the seven languages or \"\"", text, lang)
		}
		if lang == "" && conf != 0 {
			t.Fatalf("Detect(%q) = \"\", %v; want confidence 0 without a language", text, conf)
		}
	})
}
