package address

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestSpanish(t *testing.T) {
	r, ok := For("es")
	if !ok {
		t.Fatal("no Spanish rewriter")
	}
	for _, tc := range []struct {
		name, in, want string
		list           bool
	}{
		{name: "possessive", in: "Tu pedido llega mañana con tus facturas.", want: "Su pedido llega mañana con sus facturas."},
		{name: "present", in: "Si necesitas ayuda, tienes soporte por chat.", want: "Si necesita ayuda, tiene soporte por chat."},
		{name: "object pronoun", in: "Te enviamos el presupuesto y te llamamos en un día.", want: "Le enviamos el presupuesto y le llamamos en un día."},
		{name: "pronoun before pronoun", in: "Si falla, te lo cambiamos gratis.", want: "Si falla, se lo cambiamos gratis."},
		{name: "reflexive", in: "Cuando te registras, te ahorras el papeleo.", want: "Cuando se registra, se ahorra el papeleo."},
		{name: "subjunctive", in: "Cancela cuando quieras, desde tu perfil.", want: "Cancele cuando quiera, desde su perfil."},
		{name: "future", in: "Con el plan anual podrás pausar y recibirás un aviso.", want: "Con el plan anual podrá pausar y recibirá un aviso."},
		{name: "order at the head", in: "Elige tu plan y empieza hoy.", want: "Elija su plan y empiece hoy."},
		{name: "order with pronouns", in: "¿Dudas? Escríbenos o llámanos.", want: "¿Dudas? Escríbanos o llámenos."},
		{name: "reflexive order", in: "Regístrate y únete al club.", want: "Regístrese y únase al club."},
		{name: "order and its object", in: "Descárgala desde la tienda.", want: "Descárguela desde la tienda."},
		{name: "infinitive reflexive", in: "Puedes registrarte en dos minutos.", want: "Puede registrarse en dos minutos."},
		{name: "infinitive object", in: "Queremos ayudarte con la mudanza.", want: "Queremos ayudarle con la mudanza."},
		{name: "gerund", in: "Seguimos ayudándote después de la compra.", want: "Seguimos ayudándole después de la compra."},
		{name: "preposition", in: "Un plan pensado para ti, y contigo en cada paso.", want: "Un plan pensado para usted, y con usted en cada paso."},
		{name: "subject", in: "Si lo prefieres tú, lo haces tú.", want: "Si lo prefiere usted, lo hace usted."},
		{name: "order after a condition", in: "Si no te convence, cancela y listo.", want: "Si no le convence, cancele y listo."},
		{name: "spelling kept before the vowel", in: "Busca tu talla, paga con tarjeta y cotiza el envío.", want: "Busque su talla, pague con tarjeta y cotice el envío."},
		{name: "irregular orders", in: "Haz la prueba. Pon tu nombre. Ten en cuenta el plazo.", want: "Haga la prueba. Ponga su nombre. Tenga en cuenta el plazo."},
		{name: "stem change", in: "Prueba el plan y cuéntanos qué prefieres.", want: "Pruebe el plan y cuéntenos qué prefiere."},
		{name: "an infinitive after a preposition", in: "Te ayudamos sin agobiarte. Para no aburrirte, vamos al grano.", want: "Le ayudamos sin agobiarle. Para no aburrirle, vamos al grano."},
		{name: "the readers as a group", in: "¿Vivís en el mismo portal? Si os apuntáis cuatro vecinos, cada cesta os cuesta menos.", want: "¿Viven en el mismo portal? Si se apuntan cuatro vecinos, cada cesta les cuesta menos."},
		{name: "a group's orders and possessive", in: "Apuntaos y elegid vuestra cesta. Reservad ya y compartidlo.", want: "Apúntense y elijan su cesta. Reserven ya y compártanlo."},
		{name: "a group's infinitive and object", in: "Podéis apuntaros hoy: os llamamos mañana. Os lo enviamos a vosotros.", want: "Pueden apuntarse hoy: les llamamos mañana. Se lo enviamos a ustedes."},
		{name: "a group's past and future", in: "Lo que habéis visto es lo que tendréis.", want: "Lo que han visto es lo que tendrán."},
		{name: "words spelt as a group's orders", in: "Calma tu sed con tu ID de cliente.", want: "Calme su sed con su ID de cliente."},
		{name: "future and subjunctive of more verbs", in: "Verás cómo trabajan. Te asesoramos para que cumplas la norma.", want: "Verá cómo trabajan. Le asesoramos para que cumpla la norma."},
		{name: "a step's orders beside the reader's verb", in: "Revisa y firma. Te enviamos el borrador para que lo compruebes. Reenvíanosla.", want: "Revise y firme. Le enviamos el borrador para que lo compruebe. Reenvíenosla."},
		{name: "a verb in a relative clause", in: "El pan que comes hoy se hornea de madrugada.", want: "El pan que come hoy se hornea de madrugada."},
		{name: "a question's verb a noun shares", in: "¿Vives en un piso? ¿Cuentas con trastero?", want: "¿Vive en un piso? ¿Cuenta con trastero?"},
		{name: "a numbered step's verb a noun shares", in: "1. Eliges tu caja. 2. Pagas con tarjeta.", want: "1. Elige su caja. 2. Paga con tarjeta."},
		{name: "the reader's own infinitive", in: "Tienes un mes para decidirte.", want: "Tiene un mes para decidirse."},
		{name: "the reader's self and the reader as object", in: "Sin miedo a equivocarte: te acompañamos y no queremos molestarte.", want: "Sin miedo a equivocarse: le acompañamos y no queremos molestarle."},

		// What stays: nouns that share a verb's spelling, statements at a
		// sentence's head, words in quotes, words that end like a pronoun.
		{name: "noun, not an order", in: "Prueba gratuita de 15 días.", want: "Prueba gratuita de 15 días."},
		{name: "noun, not a verb", in: "Descargas ilimitadas y cuentas compartidas.", want: "Descargas ilimitadas y cuentas compartidas."},
		{name: "noun after an article", in: "Revisa las cuentas del mes.", want: "Revise las cuentas del mes."},
		{name: "a statement at the head", in: "Puede cancelar cuando quiera.", want: "Puede cancelar cuando quiera."},
		{name: "words ending like a pronoun", in: "La mejor parte: soporte con suerte.", want: "La mejor parte: soporte con suerte."},
		{name: "a question or a step that names nouns", in: "¿Pruebas de laboratorio? 2. Descargas ilimitadas. ¿Cuentas compartidas?", want: "¿Pruebas de laboratorio? 2. Descargas ilimitadas. ¿Cuentas compartidas?"},
		{name: "nouns that share a verb's form", in: "Nuestras guías son gratis y las molestas esperas se acabaron.", want: "Nuestras guías son gratis y las molestas esperas se acabaron."},
		{name: "nouns in -arte and -erte after a preposition", in: "Tu pedido, de parte del equipo, por suerte a tiempo, con el arte de Duarte.", want: "Su pedido, de parte del equipo, por suerte a tiempo, con el arte de Duarte."},
		{name: "quoted", in: `Ana dice: "te lo recomiendo" y tu equipo lo nota.`, want: `Ana dice: "te lo recomiendo" y su equipo lo nota.`},
		{name: "verb after a name", in: "Prueba Respira gratis.", want: "Pruebe Respira gratis."},
		{name: "feature list item", in: "Envía recordatorios por WhatsApp", want: "Envía recordatorios por WhatsApp", list: true},
		{name: "a list item that opens with an order no statement shares", in: "Ven a conocernos un sábado; la visita dura 20 minutos.", want: "Venga a conocernos un sábado; la visita dura 20 minutos.", list: true},
		{name: "list item with the reader's plan", in: "Elige tu horario", want: "Elija su horario", list: true},
		{name: "a heading that is a noun", in: "Preguntas Frecuentes", want: "Preguntas Frecuentes"},
		{name: "an order beside a verb to the reader", in: "Paga de la forma que prefieras", want: "Pague de la forma que prefiera"},
		{name: "a noun beside a possessive", in: "Ayuda para tu empresa", want: "Ayuda para su empresa"},
		{name: "a question's verb", in: "¿Buscas algo concreto? Escríbenos (de 9 a 14) o llama al taller.", want: "¿Busca algo concreto? Escríbanos (de 9 a 14) o llame al taller."},
		{name: "an order of one syllable with a pronoun", in: "Hazte socio hoy.", want: "Hágase socio hoy."},
		{name: "after a kept line", in: "\ue000 Pon tu nombre.", want: "\ue000 Ponga su nombre."},
		{name: "a list item with an order to the reader", in: "Adopta o acoge: hay 60 perros esperando. Conócelos.", want: "Adopte o acoja: hay 60 perros esperando. Conózcalos.", list: true},
		{name: "an order after a bracket with commas", in: "Llámanos (de lunes a viernes, de 10 a 14) o escribe a info@example.org.", want: "Llámenos (de lunes a viernes, de 10 a 14) o escriba a info@example.org."},
		{name: "a verb the table lacks after a pronoun", in: "En marzo ya no te olvidas de dónde la guardaste y lo cuidas.", want: "En marzo ya no se olvida de dónde la guardó y lo cuida."},
		{name: "a future a noun's verb has", in: "En seis semanas pasarás de quemar el arroz a invitar a tus amigos.", want: "En seis semanas pasará de quemar el arroz a invitar a sus amigos."},
		{name: "statements in a row", in: "Abres la nevera, miras lo que hay y acabas pidiendo pizza.", want: "Abre la nevera, mira lo que hay y acaba pidiendo pizza."},
		{name: "a possessive states nothing", in: "Todo para tu empresa, compras seguras y envíos rápidos.", want: "Todo para su empresa, compras seguras y envíos rápidos."},
		{name: "orders the table now has", in: "Coge un coche cuando lo necesites, déjalo cuando acabes. Ábrelo con el móvil, conduce y aparca.", want: "Coja un coche cuando lo necesite, déjelo cuando acabe. Ábralo con el móvil, conduzca y aparque."},
		{name: "an accented order", in: "Mantén la calma y asegúrate de todo. ¿A qué esperas?", want: "Mantenga la calma y asegúrese de todo. ¿A qué espera?"},
		{name: "an infinitive the reader does", in: "¿A qué esperas para subirte a la bici? Podemos llamarte hoy.", want: "¿A qué espera para subirse a la bici? Podemos llamarle hoy."},
		{name: "a possessive makes the text the reader's", in: "Asegúrate la tuya y prepárate para el viaje.", want: "Asegúrese la suya y prepárese para el viaje."},
		{name: "an unlisted order before tu", in: "Alquila tu bici en el centro. Reserva online.", want: "Alquile su bici en el centro. Reserva online."},
		{name: "two pronouns on an unlisted order", in: "Entrégaselas en la visita o déjalas en la tienda, cuando vives lejos. Vete tranquilo: dime dónde vives.", want: "Entrégueselas en la visita o déjelas en la tienda, cuando vive lejos. Váyase tranquilo: dígame dónde vive."},
		{name: "darte de baja", in: "Puedes darte de baja cuando quieras.", want: "Puede darse de baja cuando quiera."},
		{name: "lo as an article", in: "Entre el trabajo y todo lo demás, por lo menos lo más fácil.", want: "Entre el trabajo y todo lo demás, por lo menos lo más fácil."},
		{name: "a reflexive verb the table lacks", in: "Lo pausamos hasta que te repongas.", want: "Lo pausamos hasta que se reponga."},
		{name: "an order the table lacks, by its accent", in: "Avísanos o búscanos en la tienda; convéncete tú mismo.", want: "Avísenos o búsquenos en la tienda; convénzase usted mismo."},
		{name: "usted orders stay", in: "Contáctenos o escríbanos: le respondemos.", want: "Contáctenos o escríbanos: le respondemos."},
		{name: "an unlisted usted order stays", in: "Avísenos y le llamamos.", want: "Avísenos y le llamamos."},
		{name: "a plural with an accent is no order", in: "Los ángeles y los túneles.", want: "Los ángeles y los túneles."},
		{name: "a noun's form after a condition", in: "Si te vas de viaje, pausas el plan.", want: "Si se va de viaje, pausa el plan."},
		{name: "capitals", in: "TU CUENTA", want: "SU CUENTA"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, n := r.Rewrite(tc.in, tc.list)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Rewrite(%q) (-want +got):\n%s", tc.in, diff)
			}
			if (n > 0) != (tc.in != tc.want) {
				t.Errorf("Rewrite(%q) counted %d changes", tc.in, n)
			}
		})
	}
}

type rewriteCase struct{ name, in, want string }

// checkRewrites runs a rewriter over a table of cases: each rewrites to
// want, and counts changes exactly when it changed.
func checkRewrites(t *testing.T, r *Rewriter, cases []rewriteCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, n := r.Rewrite(tc.in, false)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Rewrite(%q) (-want +got):\n%s", tc.in, diff)
			}
			if (n > 0) != (tc.in != tc.want) {
				t.Errorf("Rewrite(%q) counted %d changes", tc.in, n)
			}
		})
	}
}

func TestBlocker(t *testing.T) {
	r, _ := For("es")
	if w, _, ok := r.Blocker("Si bailáis en pareja, os esperamos con vuestro equipo."); !ok || w != "bailáis" {
		t.Errorf("Blocker = %q, %v; want the group's verb the tables lack", w, ok)
	}
	if w, _, ok := r.Blocker("Es vuestra canción: bailadla juntos."); !ok || w != "bailadla" {
		t.Errorf("Blocker = %q, %v; want the group's order the tables lack", w, ok)
	}
	if w, _, ok := r.Blocker("Asegúrate de que todos estáis bien. Os esperamos con vuestro equipo."); ok {
		t.Errorf("Blocker = %q on a group the rewrite writes as \"ustedes\"", w)
	}
	if w, _, ok := r.Blocker("Le esperamos con su equipo. Tu plan, macOS incluido."); ok {
		t.Errorf("Blocker = %q on a page without the plural informal", w)
	}
}

func TestNoRewriter(t *testing.T) {
	for _, lang := range []string{"en", "nl", "pt", ""} {
		if _, ok := For(lang); ok {
			t.Errorf("For(%q) has a rewriter", lang)
		}
	}
}

func TestAccentPenult(t *testing.T) {
	for in, want := range map[string]string{"llame": "lláme", "pruebe": "pruébe", "busque": "búsque", "escriba": "escríba", "envíe": "envíe", "cuide": "cuíde", "una": "úna", "descargue": "descárgue"} {
		if got := accentPenult(in); got != want {
			t.Errorf("accentPenult(%q) = %q; want %q", in, got, want)
		}
	}
}

// FuzzRewrite holds each rewriter to what a caller relies on: no panic,
// a count of changes that is zero exactly when the text comes back as it
// went in, valid UTF-8 kept valid, and every character that is neither a
// letter, a space nor an apostrophe kept in its order (the rewrite
// changes words, never the marks and digits between them; "con usted"
// and "Starten Sie" add a space, "t'offre" becomes "vous offre").
func FuzzRewrite(f *testing.F) {
	for _, s := range []string{"Elige tu plan y empieza hoy.", "Si no te convence, cancela y listo.", "Escríbenos: te lo cambiamos.", "“tú” ¿Dudas?, llámanos", "\xff te", "Prueba Respira gratis", "CAmBiAs",
		"Hol dir den Rabatt und sichere dir deinen Platz.", "Hast du Fragen? Ruf uns an: (Mo–Fr) oder schreib.", "Wenn du nichts auswählst, stellen wir dir eine Auswahl zusammen.",
		"Si tu n'es pas convaincu, on t'offre -toi", "Inscris-toi : Peux-tu ?"} {
		f.Add(s, false)
	}
	es, _ := For("es")
	de, _ := For("de")
	fr, _ := For("fr")
	f.Fuzz(func(t *testing.T, in string, list bool) {
		for _, r := range []*Rewriter{es, de, fr} {
			out, n := r.Rewrite(in, list)
			if (n == 0) != (out == in) {
				t.Errorf("%s: Rewrite(%q) = %q with %d changes", r.Formal(), in, out, n)
			}
			if utf8.ValidString(in) && !utf8.ValidString(out) {
				t.Errorf("%s: Rewrite(%q) = %q, not valid UTF-8", r.Formal(), in, out)
			}
			if a, b := marks(in), marks(out); a != b {
				t.Errorf("%s: Rewrite(%q) = %q changed what stands between words: %q → %q", r.Formal(), in, out, a, b)
			}
		}
	})
}

// marks are text's characters that are neither letters, spaces nor
// apostrophes (French "t'offre" is "vous offre").
func marks(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || r == ' ' || r == '\'' || r == '’' {
			return -1
		}
		return r
	}, s)
}
