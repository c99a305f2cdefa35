package langdetect

// The tables below are the evidence Detect weighs. They are read-only after
// package initialisation.

// languages fixes the order of the per-language arrays and breaks ties.
var languages = [numLangs]string{"en", "de", "es", "fr", "pt", "it", "nl"}

const (
	en = iota
	de
	es
	fr
	pt
	it
	nl
	numLangs
)

// functionWords are frequent closed-class words per language: articles,
// pronouns, prepositions, conjunctions, auxiliaries, plus a few adverbs that
// are everywhere in marketing copy. Content words are left out because
// brand and product names borrow them across languages. A word listed for
// several languages counts for each of them with a share of one.
var functionWords = [numLangs][]string{
	en: {
		"the", "and", "of", "to", "in", "is", "you", "that", "it", "for",
		"with", "on", "are", "your", "this", "be", "as", "at", "by", "we",
		"our", "or", "an", "from", "can", "will", "have", "has", "not", "all",
		"more", "get", "what", "how", "they", "their", "was", "were", "which",
		"when", "who", "if", "but", "so", "do", "does", "just", "about",
		"into", "than", "its", "no", "up", "out", "my", "me", "us", "i",
		"he", "she", "his", "her", "there", "would", "could", "should",
		"also", "now", "any", "each", "only", "other", "some", "these",
		"those", "very", "been", "here", "then", "them", "over", "after",
		"before", "while", "because", "through", "where", "why", "every",
		"a", "am", "today", "without", "yours", "don't", "it's", "can't",
		"won't", "isn't", "aren't", "we're", "you're", "i'm", "let's",
		"you'll", "we'll", "i've", "we've", "you've", "doesn't", "didn't",
		"that's", "there's", "what's",
	},
	de: {
		"der", "die", "das", "und", "ist", "nicht", "mit", "sie", "ich",
		"den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "zu",
		"auf", "für", "von", "sich", "auch", "es", "bei", "wir", "ihr",
		"dein", "deine", "deinen", "unser", "unsere", "unseren", "noch",
		"nur", "oder", "aber", "wie", "wenn", "kann", "können", "werden",
		"wird", "hat", "haben", "sind", "mehr", "schon", "alle", "durch",
		"über", "nach", "vor", "aus", "um", "am", "im", "zum", "zur", "dich",
		"dir", "ihre", "ihren", "ihnen", "uns", "jetzt", "hier", "dass",
		"so", "ohne", "sehr", "immer", "bis", "kein", "keine", "diese",
		"dieser", "dieses", "jede", "jeden", "mein", "meine", "euch", "war",
		"sein", "seine", "damit", "weil", "doch", "denn", "heute", "man",
		"was", "in", "an", "also", "wer", "wo", "warum", "gibt", "einfach",
		"mal", "bitte", "sowie", "zwischen", "neu", "neue", "neuen", "neues",
	},
	es: {
		"a", "el", "la", "los", "las", "de", "del", "y", "en", "un", "una",
		"unos", "unas", "que", "es", "por", "para", "con", "no", "se", "su",
		"sus", "al", "lo", "más", "pero", "como", "este", "esta", "estos",
		"estas", "ese", "esa", "eso", "esto", "muy", "ya", "también", "sin",
		"sobre", "entre", "todo", "todos", "toda", "todas", "son", "está",
		"están", "tiene", "tienen", "puede", "pueden", "hay", "ser", "hacer",
		"cuando", "donde", "porque", "qué", "cómo", "nuestro", "nuestra",
		"nuestros", "nuestras", "tu", "tus", "te", "usted", "ustedes", "nos",
		"mi", "mis", "me", "le", "les", "otro", "otra", "mismo", "así",
		"bien", "hasta", "desde", "cada", "aquí", "ahora", "nada", "ni",
		"fue", "era", "han", "ha", "hemos", "sí", "si", "o", "solo", "menos",
		"mejor", "hoy", "muchos", "mucho", "cual", "cuál", "quien", "quién",
		"estamos", "somos", "vez", "nosotros", "nosotras", "ellos", "ellas",
		"él", "ella", "yo", "vosotros", "puedes", "tienes", "quieres",
	},
	fr: {
		"le", "la", "les", "de", "des", "du", "un", "une", "et", "est", "en",
		"à", "au", "aux", "pour", "dans", "sur", "avec", "par", "pas", "ne",
		"que", "qui", "ce", "cette", "ces", "il", "elle", "ils", "elles",
		"nous", "vous", "on", "je", "tu", "votre", "vos", "notre", "nos",
		"leur", "leurs", "son", "sa", "ses", "mon", "ma", "mes", "se",
		"sont", "être", "avoir", "a", "plus", "mais", "ou", "où", "comme",
		"tout", "tous", "toutes", "toute", "aussi", "très", "bien", "sans",
		"sous", "entre", "chez", "faire", "fait", "peut", "peuvent", "y",
		"été", "était", "même", "déjà", "encore", "donc", "ainsi", "quand",
		"si", "après", "avant", "depuis", "l'", "d'", "j'", "qu'", "n'",
		"c'", "s'", "m'", "t'", "cet", "lui", "dont", "ça", "là", "rien",
		"chaque", "jamais", "toujours", "non", "oui", "avez", "sommes",
		"êtes", "ont", "suis", "aujourd'hui",
	},
	pt: {
		"o", "os", "a", "as", "de", "do", "da", "dos", "das", "e", "em",
		"no", "na", "nos", "nas", "um", "uma", "uns", "umas", "que", "é",
		"por", "para", "com", "não", "se", "seu", "sua", "seus", "suas",
		"ao", "aos", "à", "às", "mais", "mas", "como", "este", "esta",
		"isso", "isto", "esse", "essa", "muito", "muita", "já", "também",
		"sem", "sobre", "entre", "todo", "toda", "todos", "todas", "são",
		"está", "estão", "tem", "têm", "pode", "podem", "há", "ser", "fazer",
		"quando", "onde", "porque", "você", "vocês", "nosso", "nossa",
		"nossos", "nossas", "meu", "minha", "pelo", "pela", "pelos",
		"pelas", "num", "numa", "ou", "foi", "era", "até", "só", "agora",
		"aqui", "nada", "nem", "cada", "mesmo", "assim", "bem", "melhor",
		"lhe", "eles", "elas", "ele", "ela", "eu", "dele", "dela", "ainda",
		"depois", "sempre", "hoje", "seja", "estamos", "somos", "menos",
		"nós", "lá", "quer", "coisa",
	},
	it: {
		"il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "un'", "l'",
		"di", "a", "da", "in", "con", "su", "per", "tra", "fra", "del",
		"dello", "della", "dei", "degli", "delle", "dell'", "al", "allo",
		"alla", "ai", "agli", "alle", "all'", "dal", "dalla", "dai", "dalle",
		"dall'", "nel", "nello", "nella", "nei", "negli", "nelle", "nell'",
		"sul", "sulla", "sui", "sulle", "sull'", "e", "ed", "o", "oppure",
		"ma", "che", "non", "né", "se", "si", "ci", "vi", "ti", "mi", "è",
		"c'è", "sono", "sei", "siamo", "siete", "ha", "hai", "hanno",
		"abbiamo", "avete", "essere", "avere", "fare", "può", "puoi",
		"possono", "questo", "questa", "questi", "queste", "quest'",
		"quello", "quella", "quelli", "quelle", "tuo", "tua", "tuoi", "tue",
		"suo", "sua", "suoi", "sue", "nostro", "nostra", "nostri", "nostre",
		"vostro", "vostra", "vostri", "vostre", "loro", "mio", "mia", "miei",
		"io", "tu", "noi", "voi", "lui", "lei", "chi", "cosa", "cui",
		"quale", "quali", "come", "quando", "dove", "perché", "anche",
		"più", "molto", "già", "ancora", "sempre", "mai", "solo", "senza",
		"tutto", "tutti", "tutta", "tutte", "ogni", "ora", "oggi", "qui",
		"così", "poi", "dopo", "prima", "entro", "subito", "nessun",
		"nessuna", "nessuno",
	},
	nl: {
		"de", "het", "een", "en", "van", "in", "is", "op", "te", "dat",
		"die", "niet", "met", "voor", "zijn", "er", "aan", "ook", "als",
		"bij", "of", "om", "maar", "dan", "nog", "wel", "geen", "naar",
		"uit", "tot", "over", "door", "je", "jij", "jou", "jouw", "jullie",
		"u", "uw", "we", "wij", "ons", "onze", "ze", "zij", "hun", "hij",
		"hem", "haar", "ik", "mij", "mijn", "zich", "wordt", "worden",
		"werd", "kan", "kunt", "kunnen", "heeft", "hebben", "heb", "hebt",
		"ben", "bent", "was", "waren", "zal", "zullen", "wil", "wilt",
		"willen", "moet", "moeten", "deze", "dit", "wat", "wie", "waar",
		"hoe", "waarom", "welke", "wanneer", "alle", "alles", "meer",
		"heel", "al", "nu", "zo", "hier", "daar", "toch", "dus", "want",
		"omdat", "zonder", "tegen", "onder", "na", "tussen", "binnen",
		"vanaf", "tijdens", "per", "elke", "ieder", "iedere", "altijd",
		"nooit", "graag", "andere",
	},
}

// skewedWords replace the even split for shared words whose frequency is
// lopsided: "o" is the Portuguese article but the rarely used Spanish and
// Italian "or"; "le" and "les" are French articles but Spanish object
// pronouns; "non" negates every Italian verb but is only "no" in French;
// "of" is the English preposition but the Dutch "or"; "per" is Italian
// "for" and the "per maand" / "per month" of every price table. A few
// Dutch words are also English or German words ("door", "er", "als") or
// stray letters ("u" from "U.S."), so they count for less than a whole
// word.
var skewedWords = map[string][numLangs]float64{
	"o":     {es: 0.15, pt: 0.7, it: 0.15},
	"le":    {es: 0.2, fr: 0.5, it: 0.3},
	"les":   {es: 0.3, fr: 0.7},
	"il":    {fr: 0.4, it: 0.6},
	"non":   {fr: 0.3, it: 0.7},
	"per":   {en: 0.3, it: 0.4, nl: 0.3},
	"of":    {en: 0.7, nl: 0.3},
	"door":  {nl: 0.5},
	"u":     {nl: 0.8},
	"er":    {de: 0.4, nl: 0.6},
	"als":   {de: 0.5, nl: 0.5},
	"alles": {de: 0.5, nl: 0.5},
	"over":  {en: 0.7, nl: 0.3},
	// Italian words that English copy spells the same way: "AI", ".io"
	// domains, "CI", "Tue", "come".
	"ai":   {it: 0.3},
	"io":   {it: 0.3},
	"ci":   {it: 0.5},
	"tue":  {it: 0.5},
	"come": {it: 0.5},
}

// charCues are letters that belong to few of the seven languages. Each
// occurrence adds its weights; they are split where letters are shared
// (ç is French and Portuguese, è French and Italian) so a shared letter
// only separates those languages from the rest. Dutch has no letter of its
// own: its ij is a digraph, weighed among the affixes.
var charCues = map[rune][numLangs]float64{
	'ß': {de: 1},
	'ä': {de: 1},
	'ö': {de: 1},
	'ü': {de: 0.8, es: 0.2},
	'ñ': {es: 1},
	'¿': {es: 1},
	'¡': {es: 1},
	'ã': {pt: 1},
	'õ': {pt: 1},
	'ç': {fr: 0.5, pt: 0.5},
	'è': {fr: 0.5, it: 0.5}, // très, après; è, caffè
	'ù': {fr: 0.5, it: 0.5}, // où; più
	'ò': {it: 1},            // può, però
	'ì': {it: 1},            // così, lunedì
	'œ': {fr: 1},
	'î': {fr: 1},
	'ï': {fr: 0.5, nl: 0.5}, // naïf; geïnteresseerd
	'û': {fr: 1},
	'ë': {fr: 0.3, nl: 0.7}, // Noël; ideeën, financiële
	'ê': {fr: 0.5, pt: 0.5},
	'â': {fr: 0.5, pt: 0.5},
	'ô': {fr: 0.5, pt: 0.5},
	'à': {fr: 0.6, pt: 0.4, it: 0.3}, // à; às; già, qualità
	'á': {es: 0.5, pt: 0.5},
	'í': {es: 0.5, pt: 0.5},
	'ó': {es: 0.5, pt: 0.5},
	'ú': {es: 0.5, pt: 0.5},
	'é': {es: 0.33, fr: 0.34, pt: 0.33, it: 0.1}, // perché
}

// charCueScale keeps letters below function words: a name like "Müller" in
// an English sentence should not outweigh its grammar.
const charCueScale = 0.75

// affixCue is a spelling pattern typical of one or two languages: a word
// ending, a word start, or a letter sequence anywhere in the word. It
// carries the sentences that have few function words ("Build faster
// websites using modern tools.") and separates es from pt, which share
// most of their short words, and nl from de, which share many spellings.
type affixCue struct {
	pattern string
	where   cuePlace
	minLen  int // word length in letters below which the cue is ignored
	weights [numLangs]float64
}

type cuePlace int

const (
	suffix cuePlace = iota
	prefix
	anywhere
)

var affixCues = []affixCue{
	// English
	{"ing", suffix, 5, [numLangs]float64{en: 0.6}},
	{"ly", suffix, 4, [numLangs]float64{en: 0.6}},
	{"ness", suffix, 6, [numLangs]float64{en: 0.6}},
	{"ful", suffix, 5, [numLangs]float64{en: 0.6}},
	{"less", suffix, 6, [numLangs]float64{en: 0.6}},
	{"ity", suffix, 5, [numLangs]float64{en: 0.6}},
	{"ight", anywhere, 4, [numLangs]float64{en: 0.6}},
	{"ould", anywhere, 4, [numLangs]float64{en: 0.6}},
	{"th", anywhere, 3, [numLangs]float64{en: 0.4}},
	{"wh", prefix, 3, [numLangs]float64{en: 0.5}},
	{"sh", anywhere, 3, [numLangs]float64{en: 0.4}},
	{"ee", anywhere, 3, [numLangs]float64{en: 0.25, nl: 0.15}},
	{"oo", anywhere, 3, [numLangs]float64{en: 0.25, nl: 0.15}},
	{"n't", suffix, 4, [numLangs]float64{en: 1}},
	{"'s", suffix, 3, [numLangs]float64{en: 0.5}},
	// German
	{"sch", anywhere, 4, [numLangs]float64{de: 0.8, nl: 0.3}}, // Dutch too: school, schrijven
	{"tz", anywhere, 3, [numLangs]float64{de: 0.5}},
	{"ung", suffix, 5, [numLangs]float64{de: 0.8}},
	{"ungen", suffix, 6, [numLangs]float64{de: 0.8}},
	{"keit", suffix, 6, [numLangs]float64{de: 0.8}},
	{"heit", suffix, 6, [numLangs]float64{de: 0.8}},
	{"lich", anywhere, 6, [numLangs]float64{de: 0.6}},
	{"isch", anywhere, 6, [numLangs]float64{de: 0.6, nl: 0.3}},
	{"chen", suffix, 6, [numLangs]float64{de: 0.5}},
	{"pf", anywhere, 3, [numLangs]float64{de: 0.5}},
	{"zw", prefix, 3, [numLangs]float64{de: 0.5, nl: 0.3}},
	// Spanish
	{"ción", suffix, 5, [numLangs]float64{es: 1}},
	{"ciones", suffix, 7, [numLangs]float64{es: 1}},
	{"dad", suffix, 5, [numLangs]float64{es: 0.8}},
	{"dades", suffix, 7, [numLangs]float64{es: 0.8}},
	{"aje", suffix, 5, [numLangs]float64{es: 0.6}},
	{"ía", suffix, 3, [numLangs]float64{es: 0.5}},
	{"ías", suffix, 4, [numLangs]float64{es: 0.5}},
	// Portuguese
	{"ção", suffix, 4, [numLangs]float64{pt: 1}},
	{"ções", suffix, 5, [numLangs]float64{pt: 1}},
	{"ão", suffix, 3, [numLangs]float64{pt: 0.5}},
	{"dade", suffix, 6, [numLangs]float64{pt: 0.8}},
	{"dades", suffix, 7, [numLangs]float64{pt: 0.8}},
	{"agem", suffix, 5, [numLangs]float64{pt: 0.8}},
	{"eiro", suffix, 5, [numLangs]float64{pt: 0.6}},
	{"eira", suffix, 5, [numLangs]float64{pt: 0.6}},
	{"nh", anywhere, 4, [numLangs]float64{pt: 0.6}},
	{"lh", anywhere, 4, [numLangs]float64{pt: 0.6}},
	{"aix", anywhere, 4, [numLangs]float64{pt: 0.6}}, // baixo, caixa
	{"eix", anywhere, 4, [numLangs]float64{pt: 0.6}}, // deixe, peixe
	// French
	{"eau", anywhere, 4, [numLangs]float64{fr: 0.8}},
	{"eaux", suffix, 5, [numLangs]float64{fr: 0.8}},
	{"eux", suffix, 4, [numLangs]float64{fr: 0.6}},
	{"aux", suffix, 4, [numLangs]float64{fr: 0.6}},
	{"ée", suffix, 3, [numLangs]float64{fr: 0.8}},
	{"ées", suffix, 4, [numLangs]float64{fr: 0.8}},
	{"euse", suffix, 5, [numLangs]float64{fr: 0.8}},
	{"eur", suffix, 5, [numLangs]float64{fr: 0.4}},
	{"eurs", suffix, 6, [numLangs]float64{fr: 0.4}},
	{"ique", suffix, 5, [numLangs]float64{fr: 0.4}},
	{"oir", suffix, 4, [numLangs]float64{fr: 0.4}},
	{"ait", suffix, 4, [numLangs]float64{fr: 0.5}},
	{"aient", suffix, 6, [numLangs]float64{fr: 0.8}},
	{"tion", suffix, 5, [numLangs]float64{en: 0.3, fr: 0.3}},
	// Italian
	{"zione", suffix, 6, [numLangs]float64{it: 0.6}},
	{"zioni", suffix, 6, [numLangs]float64{it: 0.6}},
	{"ione", suffix, 5, [numLangs]float64{it: 0.6}}, // versione; -ión, -ion elsewhere
	{"ioni", suffix, 5, [numLangs]float64{it: 0.6}},
	{"ità", suffix, 4, [numLangs]float64{it: 0.8}}, // qualità, novità
	{"mente", suffix, 7, [numLangs]float64{es: 0.2, pt: 0.2, it: 0.3}},
	{"enza", suffix, 5, [numLangs]float64{it: 0.7}}, // assistenza, senza
	{"iamo", suffix, 5, [numLangs]float64{it: 0.8}}, // offriamo
	{"gli", suffix, 4, [numLangs]float64{it: 0.6}},  // scegli, consigli
	{"glia", anywhere, 4, [numLangs]float64{it: 0.6}},
	{"glie", anywhere, 4, [numLangs]float64{it: 0.6}},
	{"glio", anywhere, 4, [numLangs]float64{it: 0.6}}, // meglio, migliore
	{"gno", suffix, 4, [numLangs]float64{it: 0.6}},    // bisogno, disegno
	{"gna", suffix, 4, [numLangs]float64{it: 0.6}},
	{"gni", suffix, 4, [numLangs]float64{it: 0.6}},   // ogni, sogni
	{"cch", anywhere, 4, [numLangs]float64{it: 0.8}}, // pacchetto
	{"zz", anywhere, 4, [numLangs]float64{it: 0.7}},  // prezzo, utilizza
	{"ggi", anywhere, 4, [numLangs]float64{it: 0.6}}, // oggi, maggiore
	{"tto", suffix, 5, [numLangs]float64{it: 0.5}},   // prodotto, tutto
	{"tta", suffix, 5, [numLangs]float64{it: 0.5}},   // diretta
	{"etto", suffix, 5, [numLangs]float64{it: 0.3}},  // pacchetto, progetto
	{"nno", suffix, 4, [numLangs]float64{it: 0.5}},   // anno, hanno
	{"nni", suffix, 4, [numLangs]float64{it: 0.5}},   // anni
	{"uo", anywhere, 3, [numLangs]float64{it: 0.4}},  // nuovo, tuoi, vuoi
	// Dutch
	{"ij", anywhere, 2, [numLangs]float64{nl: 0.6}}, // tijd, prijs, mijn
	{"lijk", anywhere, 5, [numLangs]float64{nl: 0.6}},
	{"heid", suffix, 6, [numLangs]float64{nl: 0.8}},
	{"heden", suffix, 7, [numLangs]float64{nl: 0.8}},
	{"ingen", suffix, 6, [numLangs]float64{nl: 0.8}},       // betalingen
	{"ig", suffix, 5, [numLangs]float64{de: 0.3, nl: 0.4}}, // eenvoudig; günstig
	{"ige", suffix, 6, [numLangs]float64{de: 0.3, nl: 0.4}},
	{"en", suffix, 5, [numLangs]float64{de: 0.15, nl: 0.15}}, // not when, open, even
	{"oe", anywhere, 4, [numLangs]float64{nl: 0.4}},          // goed, zoeken
	{"aa", anywhere, 3, [numLangs]float64{nl: 0.6}},          // maand, betaal
	{"uu", anywhere, 3, [numLangs]float64{nl: 0.6}},          // uur, duur
	{"ieuw", anywhere, 5, [numLangs]float64{nl: 0.8}},        // nieuw
	{"tje", suffix, 4, [numLangs]float64{nl: 0.8}},           // diminutives: beetje
	{"tjes", suffix, 5, [numLangs]float64{nl: 0.8}},
	{"pje", suffix, 4, [numLangs]float64{nl: 0.6}},
	{"kje", suffix, 4, [numLangs]float64{nl: 0.6}},
	{"sje", suffix, 4, [numLangs]float64{nl: 0.6}},
	{"dje", suffix, 4, [numLangs]float64{nl: 0.6}},
}

// ueCueWeight rewards "ue" inside a word not after q/g (bueno, puede,
// nuevo): Spanish diphthongised where Portuguese kept o/e (bom, pode, novo).
const ueCueWeight = 0.4

// italianPluralWeight rewards words ending in a consonant and i, the
// Italian plural (prezzi, clienti); the other languages have it only in a
// few words (merci, aussi, taxi), which their function words outweigh.
const italianPluralWeight = 0.3
