package address

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// verbs are the Spanish verbs the rewriter knows, as
// "infinitive:present stem:usted subjunctive:tú imperative:future stem",
// fields after the infinitive left empty where the rule gives them; a
// trailing "!" marks a verb one of whose tú forms is also a common noun or
// adjective ("pagas", "cuentas", "pruebas", "unas"), which changes only
// where the words around it make it a verb; a trailing "+" marks a verb
// used with "se" ("registrarse"), whose "te" becomes "se", not "le"; a
// trailing "~" marks a verb whose tú order is its usted statement and is
// read as the statement at a sentence's head ("Puede cancelar", "Necesita
// ayuda"): it is never taken for an order.
//
// These are the verbs of a landing page's copy: buying, trying, booking,
// asking, getting, leaving. A verb not here stays as written.
const verbs = `
pagar! probar:prueb! comprar! reservar! llamar! ayudar! usar utilizar empezar:empiez comenzar:comienz
cancelar contratar cotizar contactar consultar! visitar! descargar! registrar+ suscribir+ inscribir+ apuntar+!
activar! ahorrar+ ganar! buscar encontrar:encuentr mirar! mostrar:muestr! llevar necesitar~ esperar! dejar
cambiar aprovechar disfrutar olvidar+ preocupar+ quedar+ enviar:enví confiar:confí cuidar crear gestionar!
organizar controlar! planificar practicar! recibir acceder añadir compartir escribir leer aprender entender:entiend
vender! decidir+ invertir:inviert preferir:prefier~ querer:quier:quiera::querr~ poder:pued:pueda::podr~
tener:tien:tenga:ten:tendr hacer::haga:haz:har poner::ponga:pon:pondr venir:vien:venga:ven:vendr
traer::traiga decir:dic:diga::dir saber::sepa::sabr~ conocer ofrecer obtener:obtien:obtenga:obtén:obtendr
mantener:mantien:mantenga:mantén:mantendr conseguir:consigu seguir:sigu pedir:pid solicitar completar!
rellenar! mandar terminar trabajar viajar! estudiar jugar:jueg dudar! donar! colaborar apoyar
unir+! llegar entrar pasar! volver:vuelv devolver:devuelv recordar:recuerd contar:cuent! pensar:piens
sentir:sient+~ perder:pierd notar! marcar! firmar! cargar! recargar! facturar! agendar! programar! conectar+
instalar configurar personalizar comparar calcular explorar descubrir vivir!~ abrir cerrar:cierr! elegir:elig
escoger recoger deber~ creer~ mejorar! reducir asegurar+ acercar+ animar+ relajar+ despreocupar+
revisar escuchar hablar meter adoptar acoger pausar! lesionar+ mover:muev+ desgravar guardar entrenar recuperar+ acordar:acuerd+ avisar acabar repetir:repit coger conducir aparcar subir alquilar escapar+ dar::dé~ preparar+ asegurar+ preguntar! responder encargar! recomendar:recomiend comer beber comprobar:comprueb reenviar:reenví cumplir
agobiar aburrir asesorar acompañar atender:atiend mimar molestar! guiar:guí! orientar enseñar equivocar+ comprometer+ arriesgar+ lanzar+! atrever+ complicar+ desconectar+ despedir:despid+
`

// irregular are the present-tense tú forms no rule gives, with their usted
// forms.
var irregular = map[string]string{
	"eres": "es", "estás": "está", "estés": "esté", "vas": "va", "vayas": "vaya",
	"has": "ha", "hayas": "haya", "das": "da", "des": "dé", "ves": "ve", "veas": "vea", "seas": "sea",
	"habrás": "habrá", "habrías": "habría", "serás": "será", "serías": "sería", "verás": "verá", "verías": "vería",
	"estarás": "estará", "estarías": "estaría", "irás": "irá", "irías": "iría",
	"estabas": "estaba", "ibas": "iba",
	"fuiste": "fue", "hiciste": "hizo", "tuviste": "tuvo", "pudiste": "pudo",
	"quisiste": "quiso", "dijiste": "dijo", "viniste": "vino", "pusiste": "puso",
	"supiste": "supo", "obtuviste": "obtuvo", "estuviste": "estuvo",
	"diste": "dio", "trajiste": "trajo",
}

// verbContext are the words after which a tú form that is also a noun
// ("cuentas", "pruebas") is the verb: a subject, a negation, a pronoun, a
// conjunction that opens a clause. Articles are not among them: "las
// descargas" are the downloads.
var verbContext = set("tú si no que qué te me nos lo le les se cuando ya también solo sólo donde dónde mientras nunca siempre aún todavía ahora hoy como quizás")

// orderContext are the words after a verb at a clause's head that make it
// an order when the verb is also a noun ("Prueba gratis", "Reserva tu
// mesa"; not "Prueba gratuita", "Reserva confirmada").
var orderContext = set("tu tus ya ahora hoy gratis aquí nuestro nuestra nuestros nuestras el la los las un una unos unas todo todos cualquier más")

// spanish is the Spanish rewriter's tables, built once.
type spanish struct {
	forms       map[string]form   // a tú form of a verb, by its lower-case spelling
	orders      map[string]form   // a tú imperative, by its spelling without accent
	infinitives map[string]*verbT // an infinitive or gerund, by its spelling without accent
	plural      map[string]bool   // the pronouns said to the readers as a group: vosotros
	group       map[string]string // a verb's form said to "vosotros", by its spelling, to the form said to "ustedes"
	conditional map[string]bool   // words that open a condition: the clause after its comma is the reader's
	short       map[string]bool   // orders of one syllable, which take no accent with pronouns
	formal      map[string]bool   // the usted orders of the table's verbs, without accent
	accented    map[string]bool   // the tú orders written with an accent ("mantén", "obtén")
}

type verbT struct {
	inf     string
	class   string // "ar", "er" or "ir"
	noun    bool
	pron    bool
	noOrder bool
}

// form is a tú form and the usted form it becomes.
type form struct {
	to   string
	verb *verbT
	// noun says this form is read as a verb only after a word that makes
	// it one: a form of a verb marked "!".
	noun bool
	// own says an order is spelt as no statement is ("ven", "haz",
	// "pon"): it is an order wherever it stands.
	own bool
}

func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

func newSpanish() *spanish {
	s := &spanish{
		forms:       map[string]form{},
		orders:      map[string]form{},
		infinitives: map[string]*verbT{},
		plural:      set("vosotros vosotras os vuestro vuestra vuestros vuestras"),
		group:       map[string]string{},
		conditional: set("si cuando"),
		short:       set("haz pon ten ven"),
		formal:      map[string]bool{},
		accented:    map[string]bool{},
	}
	for _, spec := range strings.Fields(verbs) {
		s.add(spec)
	}
	for tu, to := range irregular {
		s.forms[tu] = form{to: to, verb: &verbT{}}
	}
	for vos, to := range irregularGroup {
		s.group[vos] = to
	}
	return s
}

// irregularGroup are the forms said to "vosotros" no rule gives, with the
// forms said to "ustedes".
var irregularGroup = map[string]string{
	"sois": "son", "estáis": "están", "vais": "van", "habéis": "han", "dais": "dan", "veis": "ven",
	"seáis": "sean", "estéis": "estén", "vayáis": "vayan", "hayáis": "hayan", "deis": "den", "veáis": "vean",
	"seréis": "serán", "estaréis": "estarán", "iréis": "irán", "habréis": "habrán",
	"erais": "eran", "estabais": "estaban", "ibais": "iban", "fuisteis": "fueron",
	"idos": "váyanse",
	// Not "sed" nor "id": thirst, and an identifier ("tu ID de cliente").
}

// blocker returns a word said to the readers as a group ("vosotros") that
// the rewrite leaves: a verb its tables lack ("estáis" of a verb not
// listed), which would stand informal beside the formal "ustedes".
func (s *spanish) blocker(text string) (string, bool) {
	said := func(w string) bool {
		return s.plural[w] || utf8.RuneCountInString(w) > 4 && (strings.HasSuffix(w, "áis") || strings.HasSuffix(w, "éis")) || groupOrder(w)
	}
	if _, ok := firstOf(text, said); !ok {
		return "", false // nothing said to a group: nothing the rewrite could leave (most texts, read without rewriting)
	}
	out, _ := s.rewrite(text, false)
	return firstOf(out, said)
}

// addGroup lists the forms said to "vosotros" of a verb the table holds,
// with the forms said to "ustedes": the usted form and "-n" ("pagáis" →
// "pagan", "tengáis" → "tengan"), the order ("pagad" → "paguen",
// "apuntaos" → "apúntense"), the future, the past.
func (s *spanish) addGroup(v *verbT, root, present, subj, fut string, changed bool) {
	put := func(vos, to string) {
		if _, taken := s.group[vos]; !taken {
			s.group[vos] = to
		}
	}
	// The subjunctive said to "vosotros" keeps the infinitive's stem where
	// "-ar" and "-er" verbs change it ("queráis", "empecéis"), and "-ir"
	// verbs close it ("prefiráis", "durmáis", "pidáis").
	base := subj[:len(subj)-1]
	switch {
	case v.class == "ir":
		base = strings.Replace(strings.Replace(base, "ie", "i", 1), "ue", "u", 1)
	case changed:
		base = strings.Replace(strings.Replace(base, "ie", "e", 1), "ue", "o", 1)
	}
	e := groupEndings[v.class]
	put(root+e.present, present+"n")
	put(base+e.subj, subj+"n")
	put(root+e.past, root+e.pastTo)
	put(root+e.order, subj+"n")
	put(root+e.self, accentPenult(subj+"n")+"se")
	if v.class == "ar" {
		put(root+"asteis", root+"aron")
	}
	put(fut+"éis", fut+"án")
	put(fut+"íais", fut+"ían")
	// An order with a pronoun joined: "compartidlo" → "compártanlo".
	for _, p := range groupOrderClitics {
		put(root+e.order+p, accentPenult(subj+"n")+p)
	}
}

// groupEndings are the endings said to "vosotros" of each class of verb:
// the present, the subjunctive, the imperfect (and the form said to
// "ustedes" after the root), the order and the order said of the
// readers' selves ("apuntaos").
var groupEndings = map[string]struct{ present, subj, past, pastTo, order, self string }{
	"ar": {"áis", "éis", "abais", "aban", "ad", "aos"},
	"er": {"éis", "áis", "íais", "ían", "ed", "eos"},
	"ir": {"ís", "áis", "íais", "ían", "id", "íos"},
}

// groupOrderClitics are the pronouns an order said to "vosotros" keeps its
// "-d" before ("compartidlo", "dadnos"): "os" takes it off ("apuntaos").
var groupOrderClitics = []string{"lo", "la", "los", "las", "nos", "me"}

// groupOrder matches an order said to "vosotros" with a pronoun joined
// ("compartidlo"), for the blocker: one the tables lack keeps a page
// informal.
func groupOrder(w string) bool {
	for _, p := range groupOrderClitics {
		if rest, ok := strings.CutSuffix(w, p); ok && utf8.RuneCountInString(rest) > 3 && (strings.HasSuffix(rest, "ad") || strings.HasSuffix(rest, "ed") || strings.HasSuffix(rest, "id")) {
			return true
		}
	}
	return false
}

// add reads one verb's spec and lists its forms.
func (s *spanish) add(spec string) {
	v := &verbT{}
	for strings.HasSuffix(spec, "!") || strings.HasSuffix(spec, "+") || strings.HasSuffix(spec, "~") {
		switch spec[len(spec)-1] {
		case '!':
			v.noun = true
		case '+':
			v.pron = true
		case '~':
			v.noOrder = true
		}
		spec = spec[:len(spec)-1]
	}
	f := strings.Split(spec, ":")
	for len(f) < 5 {
		f = append(f, "")
	}
	inf := f[0]
	v.inf, v.class = inf, inf[len(inf)-2:]
	root := inf[:len(inf)-2]
	pres := f[1]
	if pres == "" {
		pres = root
	}
	vowel, other := "e", "a" // the present's vowel and the subjunctive's
	if v.class == "ar" {
		vowel, other = "a", "e"
	}
	subj := f[2]
	if subj == "" {
		subj = subjStem(pres, v.class) + other
	}
	present := pres + vowel
	order := f[3]
	if order == "" {
		order = present
	}
	fut := f[4]
	if fut == "" {
		fut = inf
	}
	put := func(tu, to string, noun bool) {
		if _, taken := s.forms[tu]; !taken {
			s.forms[tu] = form{to: to, verb: v, noun: noun}
		}
	}
	// A noun shares the present's forms ("pagas", "cuentas"), not the
	// future's or the past's ("pasarás", "pagaste").
	put(present+"s", present, v.noun)
	put(subj+"s", subj, v.noun)
	put(fut+"ás", fut+"á", false)
	put(fut+"ías", fut+"ía", false)
	if v.class == "ar" {
		put(root+"abas", root+"aba", false)
		put(root+"aste", root+"ó", false)
	} else {
		put(root+"ías", root+"ía", false)
		if f[1] == "" || v.class == "er" {
			// A stem that changes in -ir verbs changes in the
			// preterite's third person too ("pidió"): left out.
			put(root+"iste", root+"ió", false)
		}
	}
	if !v.noOrder {
		s.orders[strip(order)] = form{to: subj, verb: v, own: f[3] != ""}
		if order != strip(order) {
			s.accented[order] = true
		}
	}
	s.formal[strip(subj)] = true
	s.addGroup(v, root, present, subj, fut, f[1] != "")
	s.infinitives[strip(inf)] = v
	gerund := root + "ando"
	if v.class != "ar" {
		gerund = root + "iendo"
	}
	s.infinitives[gerund] = v
}

// subjStem is the stem of the present subjunctive: the present's, with the
// spelling that keeps its sound before the other vowel ("pag-ue",
// "busqu-e", "empiec-e", "elij-a", "sig-a", "conozc-a").
func subjStem(pres, class string) string {
	if class == "ar" {
		switch {
		case strings.HasSuffix(pres, "c"):
			return pres[:len(pres)-1] + "qu"
		case strings.HasSuffix(pres, "g"):
			return pres + "u"
		case strings.HasSuffix(pres, "z"):
			return pres[:len(pres)-1] + "c"
		}
		return pres
	}
	switch {
	case strings.HasSuffix(pres, "gu"):
		return pres[:len(pres)-1]
	case strings.HasSuffix(pres, "g"):
		return pres[:len(pres)-1] + "j"
	case strings.HasSuffix(pres, "uc"), strings.HasSuffix(pres, "oc"), strings.HasSuffix(pres, "ec"):
		return pres[:len(pres)-1] + "zc"
	}
	return pres
}

// speaksTo reports whether text holds a verb said to the reader for
// certain: a tú form that is no noun, or one after a word that makes it a
// verb. Beside one, a head word that is an order or a noun is the order
// ("Paga de la forma que prefieras"; not "Ayuda para tu empresa").
func (s *spanish) speaksTo(text string, ws []span) bool {
	for i, w := range ws {
		word := text[w.start:w.end]
		f, ok := s.forms[lower(word)]
		if ok && (!f.noun || verbContext[prevWord(text, ws, i)]) {
			return true
		}
		if _, order, ok := s.withPronouns(word, lower(word), context{}); ok && order {
			return true // an order with pronouns: "Conócelos"
		}
	}
	return false
}

// rewriteWord returns a word's formal form; order says the word is an order
// to the reader (so the clause after it, joined by a comma or "y", may
// hold another).
func (s *spanish) rewriteWord(word string, c context) (string, bool, bool) {
	w := lower(word)
	switch w {
	case "tú":
		return caseLike(word, "usted"), false, true
	case "tu":
		return caseLike(word, "su"), false, true
	case "tus":
		return caseLike(word, "sus"), false, true
	case "tuyo", "tuya", "tuyos", "tuyas":
		return caseLike(word, "s"+w[1:]), false, true
	case "ti":
		return caseLike(word, "usted"), false, true
	case "contigo":
		return caseLike(word, "con usted"), false, true
	case "vosotros", "vosotras":
		return caseLike(word, "ustedes"), false, true
	case "vuestro", "vuestra":
		return caseLike(word, "su"), false, true
	case "vuestros", "vuestras":
		return caseLike(word, "sus"), false, true
	case "os":
		// "os apuntáis" is "se apuntan", "os lo enviamos" "se lo
		// enviamos"; otherwise the readers are the object: "les".
		if _, ok := s.group[c.next]; ok {
			return caseLike(word, "se"), false, true
		}
		switch c.next {
		case "lo", "la", "los", "las":
			return caseLike(word, "se"), false, true
		}
		return caseLike(word, "les"), false, true
	case "te":
		// Said of the reader by the reader's own verb ("te registras")
		// or before another pronoun ("te lo enviamos") it is "se";
		// otherwise the reader is the object: "le".
		if f, ok := s.forms[c.next]; ok && f.verb != nil || tuVerb(c.next) {
			return caseLike(word, "se"), false, true
		}
		switch c.next {
		case "lo", "la", "los", "las":
			return caseLike(word, "se"), false, true
		}
		return caseLike(word, "le"), false, true
	}
	if to, ok := s.group[w]; ok {
		// Said to "vosotros", the form is never a noun's: "pagáis",
		// "apuntaos", "elegid".
		order := strings.HasSuffix(w, "d") || strings.HasSuffix(w, "os")
		return caseLike(word, to), order, true
	}
	if f, ok := s.forms[w]; ok {
		if f.noun && !verbContext[c.prev] && !c.chained && !(c.asks && verbNext[c.next]) {
			return word, false, false
		}
		return caseLike(word, f.to), false, true
	}
	if clitic[c.prev] && tuVerb(w) && !(c.prev == "lo" && afterNeuter[w]) {
		// After a pronoun only a verb stands, and one ending in "-s" is
		// said to the reader: "ya no te acuerdas", "lo retomas".
		return caseLike(word, usted(w)), false, true
	}
	if out, order, ok := s.withPronouns(word, w, c); ok {
		return out, order, true
	}
	if c.head || c.after {
		if f, ok := s.orders[strip(w)]; ok && (w == strip(w) || s.accented[w]) {
			if (f.verb.noun || c.list && !f.own) && !c.chained && !orderContext[c.next] && !c.nextName && !c.verb {
				return word, false, false
			}
			return caseLike(word, f.to), true, true
		}
	}
	return word, false, false
}

// clitic are the pronouns after which only a verb stands (not "la",
// "los", "las", which are articles too).
var clitic = set("te me nos lo")

// afterNeuter are the words "lo" stands before as an article, not as a
// pronoun: "todo lo demás", "lo más", "por lo menos".
var afterNeuter = set("más mas menos demás demas antes después despues además ademas apenas")

// tuVerb reports a word after a pronoun that is a verb said to the reader:
// it ends in "-s", not in "-mos" (said by the writer).
func tuVerb(w string) bool {
	return utf8.RuneCountInString(w) >= 4 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "mos")
}

// usted is the usted form of a verb said to the reader that no table
// lists: the preterite's "-aste" and "-iste" become "-ó" and "-ió", any
// other form loses its "-s" ("acuerdas" → "acuerda", "recuperes" →
// "recupere", "podrás" → "podrá").
func usted(w string) string {
	switch {
	case strings.HasSuffix(w, "aste"):
		return w[:len(w)-4] + "ó"
	case strings.HasSuffix(w, "iste"):
		return w[:len(w)-4] + "ió"
	}
	return w[:len(w)-1]
}

// clitics are the pronouns Spanish joins to the end of an infinitive, a
// gerund or an order, longest first.
var clitics = []string{"nos", "los", "las", "les", "me", "te", "se", "lo", "la", "le", "os"}

// withPronouns rewrites a verb with pronouns joined to its end: an order
// ("llámanos" → "llámenos", "regístrate" → "regístrese"), an infinitive or
// a gerund ("registrarte" → "registrarse", "ayudarte" → "ayudarle").
func (s *spanish) withPronouns(word, w string, c context) (string, bool, bool) {
	base, chain := w, []string(nil)
	for len(chain) < 2 {
		found := false
		for _, p := range clitics {
			if strings.HasSuffix(base, p) && len(base) > len(p)+2 {
				base = base[:len(base)-len(p)]
				chain = append([]string{p}, chain...)
				found = true
				break
			}
		}
		if !found {
			break
		}
		if v, ok := s.infinitives[strip(base)]; ok {
			return s.joined(word, base, chain, v, c)
		}
		if f, ok := s.orders[strip(base)]; ok && (base != strip(base) || s.short[base]) && !slices.Contains(chain, "os") {
			// An order takes a written accent once a pronoun joins it
			// ("llama" → "llámanos"); a word without one is not an order
			// with pronouns ("parte", "suerte"), but for the orders of one
			// syllable, which take none ("hazte", "ponte").
			return s.order(word, f, chain)
		}
	}
	// An order the table lacks, known by its accent: only an order with
	// pronouns joined writes one there ("Avísanos"). Read once every
	// pronoun is off: "Entrégaselas" is "entrega" with "se" and "las",
	// not "entregase" with "las".
	if len(chain) > 0 && !endsInClitic(base) && !slices.Contains(chain, "os") {
		if to, ok := orderOf(base, chain); ok && c.informal && !s.formal[strip(base)] {
			return s.order(word, form{to: to}, chain)
		}
	}
	if to, ok := spanishOrders[w]; ok && c.informal {
		return caseLike(word, to), true, true
	}
	return "", false, false
}

// spanishOrders are the orders with pronouns whose verb no rule reads:
// "ir" and "decir" change their stem.
var spanishOrders = map[string]string{"vete": "váyase", "dime": "dígame", "dinos": "díganos", "dímelo": "dígamelo", "dínoslo": "díganoslo"}

// endsInClitic reports a base that still ends in a pronoun Spanish joins.
func endsInClitic(base string) bool {
	for _, p := range clitics {
		if strings.HasSuffix(base, p) && len(base) > len(p)+2 {
			return true
		}
	}
	return false
}

// orderOf is read only in a text that says "tú" (an usted page's
// "Contáctenos" reads as an order too, of a verb in "-er"), and never of
// an usted order the table knows.
//
// orderOf returns the usted order of a tú order the table lacks, written
// with its pronouns and so with an accent ("avísa-nos" → "avise"): its
// "-a" becomes "-e" and its "-e" "-a", with the spelling that keeps the
// sound ("búsca" → "busque", "elíge" → "elija", "conóce" → "conozca").
// A word without an accent, a short one or one with "les" ("ángeles") is
// none.
func orderOf(base string, chain []string) (string, bool) {
	plain := strip(base)
	if plain == base || utf8.RuneCountInString(plain) < 3 || slices.Contains(chain, "les") {
		return "", false
	}
	stem := plain[:len(plain)-1]
	switch plain[len(plain)-1] {
	case 'a':
		return subjStem(stem, "ar") + "e", true
	case 'e':
		if strings.HasSuffix(stem, "c") && !strings.ContainsRune("aeiou", rune(stem[len(stem)-2])) {
			return stem[:len(stem)-1] + "za", true // "convénce" → "convenza"
		}
		return subjStem(stem, "er") + "a", true
	}
	return "", false
}

// readerDoes reports an infinitive whose doer is the reader: the verb
// before it is said to the reader ("puedes registrarte", "¿A qué esperas
// para subirte?"), so its "te" is the reader's self, not its object
// ("podemos llamarte").
func (s *spanish) readerDoes(c context) bool {
	gov := c.prev
	switch gov {
	case "para", "a", "de", "sin", "por":
		gov = c.prev2
	}
	if f, ok := s.forms[gov]; ok && f.verb != nil {
		return true
	}
	return false
}

// joined rewrites an infinitive or gerund with its pronouns.
func (s *spanish) joined(word, base string, chain []string, v *verbT, c context) (string, bool, bool) {
	has := false
	for _, p := range chain {
		has = has || p == "te" || p == "os"
	}
	if !has {
		return "", false, false
	}
	te, os := "le", "les"
	if v.pron || len(chain) == 2 || v.inf == "dar" && c.next == "de" || s.readerDoes(c) {
		te, os = "se", "se" // "darte de baja" is "darse de baja"
	}
	if _, ok := s.group[c.prev]; ok {
		os = "se" // "podéis apuntaros": the readers' own selves
	}
	out := base
	for _, p := range chain {
		switch p {
		case "te":
			p = te
		case "os":
			p = os
		}
		out += p
	}
	return caseLike(word, out), false, true
}

// order rewrites an order with pronouns joined to it: the usted form takes
// the pronouns, "te" becomes "se" (an order's "te" is the reader's self),
// and the stress keeps its written accent.
func (s *spanish) order(word string, f form, chain []string) (string, bool, bool) {
	var tail strings.Builder
	for _, p := range chain {
		if p == "te" {
			p = "se"
		}
		tail.WriteString(p)
	}
	return caseLike(word, accentPenult(f.to)+tail.String()), true, true
}

// accents pairs each vowel with its accented form.
var accents = map[rune]rune{'a': 'á', 'e': 'é', 'i': 'í', 'o': 'ó', 'u': 'ú'}

// strip removes a word's written accents (not "ñ" or "ü").
func strip(w string) string {
	return strings.Map(func(r rune) rune {
		for plain, acc := range accents {
			if r == acc {
				return plain
			}
		}
		return r
	}, w)
}

// accentPenult writes the accent an order needs once pronouns follow it:
// on the strong vowel of its last but one syllable ("llame" → "llámе-",
// "pruebe" → "pruébe-", "busque" → "búsque-"). A word with an accent
// keeps it ("envíe").
func accentPenult(w string) string {
	rs := []rune(w)
	for _, r := range rs {
		for _, acc := range accents {
			if r == acc {
				return w
			}
		}
	}
	// The vowel groups from the end: a "u" after "q" or "g" before "e"
	// or "i" is silent, and weak vowels (i, u) join their neighbours.
	type group struct{ from, to int }
	var groups []group
	isVowel := func(i int) bool {
		if _, ok := accents[rs[i]]; !ok {
			return false
		}
		if rs[i] == 'u' && i > 0 && (rs[i-1] == 'q' || rs[i-1] == 'g') && i+1 < len(rs) && (rs[i+1] == 'e' || rs[i+1] == 'i') {
			return false
		}
		return true
	}
	for i := 0; i < len(rs); i++ {
		if !isVowel(i) {
			continue
		}
		j := i
		for j+1 < len(rs) && isVowel(j+1) && (weak(rs[j]) || weak(rs[j+1])) {
			j++
		}
		groups = append(groups, group{i, j})
		i = j
	}
	if len(groups) < 2 {
		return w
	}
	g := groups[len(groups)-2]
	at := g.from
	for i := g.from; i <= g.to; i++ {
		if !weak(rs[i]) {
			at = i
			break
		}
		at = i // two weak vowels: the second takes it ("cuídese")
	}
	rs[at] = accents[rs[at]]
	return string(rs)
}

func weak(r rune) bool { return r == 'i' || r == 'u' }

// rewrite makes a Spanish text's address formal word by word, reading
// where each word stands: at a sentence's head, after a condition or an
// order, in a list item.
func (s *spanish) rewrite(text string, list bool) (string, int) {
	ws := words(text)
	if len(ws) == 0 {
		return text, 0
	}
	quoted := quotedWords(text, ws)
	verb := s.speaksTo(text, ws)
	informal := verb
	for _, w := range ws {
		switch lower(text[w.start:w.end]) {
		case "tú", "tu", "tus", "te", "ti", "contigo", "tuyo", "tuya", "tuyos", "tuyas":
			informal = true
		}
	}
	outs := make([]string, len(ws)) // a word's rewrite, "" where it stays
	heads := make([]bool, len(ws))  // the word opens a sentence or a clause
	sent := make([]int, len(ws))    // the sentence a word stands in
	ordered := map[int]bool{}       // the sentences that hold an order the tables know
	n, sentence := 0, 0
	chain := false  // an order came earlier in the sentence: "Llámanos (de 10 a 14, de lunes a viernes) o escribe"
	stated := false // a verb said to the reader came earlier in the sentence: "Abres la nevera, miras"
	cond := false   // the sentence opened with "si" or "cuando"
	for i, w := range ws {
		word := text[w.start:w.end]
		start := clauseStart(text, ws, i)
		if start == startEnd {
			sentence++
		}
		sent[i] = sentence
		heads[i] = start != startNone
		if quoted[i] {
			continue
		}
		opens := start == startEnd || i == 0 // a sentence, whose head sets the chain
		if start == startEnd {
			// An order's chain and a condition end with their sentence,
			// not at a colon or a bracket inside it ("Llámanos (de 10 a
			// 14) o escribe").
			chain, cond, stated = false, false, false
			start = startSentence
		}
		ctx := context{
			prev:     prevWord(text, ws, i),
			prev2:    prev2(text, ws, i),
			next:     nextWord(text, ws, i),
			nextName: nextName(text, ws, i),
			head:     start == startSentence || start == startClause && (chain || cond),
			after:    start == startAnd && chain,
			list:     list,
			verb:     verb,
			informal: informal,
			chained:  (chain || cond || stated) && (start == startClause || start == startAnd),
			asks:     opensQuestion(text, ws, i) || opensStep(text, w),
		}
		if start == startSentence && s.conditional[lower(word)] {
			cond = true
		}
		out, order, ok := s.rewriteWord(word, ctx)
		if opens {
			chain = order
		} else if start != startNone && order {
			chain = true
		}
		if !ok || out == word {
			continue
		}
		if order {
			ordered[sentence] = true
		}
		if _, verb := s.forms[lower(word)]; verb && !order {
			stated = true
		}
		outs[i] = out
		n++
	}
	// A sentence of orders holds no other voice: a word at the head of
	// one of its clauses that reads as an order the tables lack ("Coge
	// un coche cuando lo necesites, déjalo"; "sube una foto") is one.
	if informal {
		for i, w := range ws {
			next := nextWord(text, ws, i)
			// Before the reader's thing ("Alquila tu bici") a head word is
			// an order without another beside it.
			if outs[i] != "" || quoted[i] || !heads[i] || !ordered[sent[i]] && next != "tu" && next != "tus" {
				continue
			}
			word := text[w.start:w.end]
			if to, ok := s.unlistedOrder(lower(word), next); ok {
				outs[i] = caseLike(word, to)
				n++
			}
		}
	}
	if n == 0 {
		return text, 0
	}
	var b strings.Builder
	last := 0
	for i, w := range ws {
		if outs[i] == "" {
			continue
		}
		b.WriteString(text[last:w.start])
		b.WriteString(outs[i])
		last = w.end
	}
	b.WriteString(text[last:])
	return b.String(), n
}

// prev2 is the word two before word i, in the same clause.
func prev2(text string, ws []span, i int) string {
	if i < 2 || prevWord(text, ws, i) == "" {
		return ""
	}
	return prevWord(text, ws, i-1)
}

// orderNext are the words that follow an order's verb: its object's
// article or possessive ("sube una foto", "cierra la app").
var orderNext = set("el la los las un una unos unas tu tus mi mis nuestro nuestra nuestros nuestras este esta estos estas")

// notOrders are clause heads that end as an order does and are none.
var notOrders = set("ahora nada toda todo cada entre sobre siempre donde este esta ese esa aquella desde hasta hace que porque aunque mientras tarde noche semana gente mañana nadie bastante otra otro una uno la le se te me de ante tras contra mediante durante incluye ofrece tiene cuesta queda dura vale sale llega empieza termina abre cierra")

// unlistedOrder returns the usted order of a word the tables lack that
// reads as a tú order beside another: unaccented, in "-a" or "-e", before
// its object's article or possessive, and no word of the clause heads
// that end so ("Cada semana", "Desde la app"), nor a statement of the
// product ("incluye", "cuesta"), nor an usted order already.
func (s *spanish) unlistedOrder(w, next string) (string, bool) {
	if w != strip(w) || utf8.RuneCountInString(w) < 3 || notOrders[w] || !orderNext[next] || s.formal[w] {
		return "", false
	}
	if _, known := s.orders[w]; known {
		return "", false // a known order the first pass left, for its reasons
	}
	stem := w[:len(w)-1]
	switch w[len(w)-1] {
	case 'a':
		return subjStem(stem, "ar") + "e", true
	case 'e':
		return subjStem(stem, "er") + "a", true
	}
	return "", false
}

// context is what a word's rewrite reads around it.
type context struct {
	prev, next string // the words before and after it, lower case
	prev2      string // the word before prev, in the same clause
	nextName   bool   // the word after it is capitalised mid-sentence: a name ("Prueba Respira gratis")
	head       bool   // it opens a sentence, or a clause after a condition or an order
	after      bool   // it follows "y" or "o" after an order ("Elige y paga")
	list       bool   // the text is a list item
	chained    bool   // the clause before it opened with an order: "Busca tu talla, paga con tarjeta"
	verb       bool   // the text holds a verb said to the reader (spanish.speaksTo)
	informal   bool   // the text says "tú", "tu", "te" or "ti": an order the table lacks is read by its accent only here
	asks       bool   // it opens a question ("¿Vives en …?") or a numbered step ("2. Pagas con tarjeta")
}

const (
	startNone     = iota
	startEnd      // after . ! or ?: a new sentence
	startSentence // the text's start, or after ¿ ¡ : ; ( or a dash
	startClause   // after a comma
	startAnd      // after "y", "o", "e" or "u" that follow a comma or an order
)

// clauseStart says where word i stands: at a sentence's head, at a
// clause's after a comma, or after a conjunction.
func clauseStart(text string, ws []span, i int) int {
	from := 0
	if i > 0 {
		from = ws[i-1].end
	}
	gap := text[from:ws[i].start]
	if i == 0 {
		return startSentence
	}
	if strings.ContainsAny(gap, ".!?") {
		return startEnd
	}
	// A private-use character stands for a line a caller keeps out of the
	// rewrite (a guarantee): a sentence of its own.
	if strings.ContainsAny(gap, "¿¡:;(–—\n") || strings.Contains(gap, " - ") || strings.IndexFunc(gap, func(r rune) bool { return unicode.Is(unicode.Co, r) }) >= 0 {
		return startSentence
	}
	if strings.Contains(gap, ",") {
		return startClause
	}
	if i > 0 {
		switch lower(text[ws[i-1].start:ws[i-1].end]) {
		case "y", "o", "e", "u":
			return startAnd
		}
	}
	return startNone
}

// verbNext are the words after which a question's or a step's first word,
// a verb's form that a noun shares, is the verb: "¿Cuentas con soporte?",
// "2. Pagas con tarjeta". Not "de": "¿Pruebas de laboratorio?" names them.
var verbNext = set("en con por para a al el la los las un una unos unas tu tus algo mucho")

// opensQuestion reports word i at the head of a question: "¿" before it.
func opensQuestion(text string, ws []span, i int) bool {
	from := 0
	if i > 0 {
		from = ws[i-1].end
	}
	return strings.Contains(text[from:ws[i].start], "¿")
}

// opensStep reports a word at the head of a numbered step: a number and a
// full stop or a bracket before it, at the text's start or after a
// sentence's end ("1. Eliges tu caja. 2. Pagas con tarjeta.").
func opensStep(text string, w span) bool {
	before := strings.TrimRight(text[:w.start], " \u00a0\t")
	if !strings.HasSuffix(before, ".") && !strings.HasSuffix(before, ")") {
		return false
	}
	before = before[:len(before)-1]
	digits := strings.TrimRight(before, "0123456789")
	if len(digits) == len(before) || len(before)-len(digits) > 2 {
		return false
	}
	digits = strings.TrimRight(digits, " \u00a0\t")
	return digits == "" || strings.ContainsAny(digits[len(digits)-1:], ".!?:\n")
}

func prevWord(text string, ws []span, i int) string {
	if i == 0 {
		return ""
	}
	gap := text[ws[i-1].end:ws[i].start]
	if strings.ContainsAny(gap, ".!?¿¡:;,()–—\n") {
		return ""
	}
	return lower(text[ws[i-1].start:ws[i-1].end])
}

func nextWord(text string, ws []span, i int) string {
	if i+1 >= len(ws) {
		return ""
	}
	gap := text[ws[i].end:ws[i+1].start]
	if strings.ContainsAny(gap, ".!?¿¡:;,()–—\n") {
		return ""
	}
	return lower(text[ws[i+1].start:ws[i+1].end])
}

func nextName(text string, ws []span, i int) bool {
	if nextWord(text, ws, i) == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[ws[i+1].start:])
	return unicode.IsUpper(r)
}
