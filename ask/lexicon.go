package ask

import (
	"strings"
)

// The parser's vocabulary is data: each table maps a canonical value to
// the English words and phrases that name it. Phrases are written as
// people type them; hyphens, apostrophes, case and accents do not matter,
// because the lexicon folds them the way the tokenizer folds a query
// ("risk-averse" and "Risk averse" are the same phrase).
//
// A phrase marked with a leading "~" is ambiguous on its own ("green",
// "status", "business"); it counts only next to a cue, that is after a
// word such as "for", "to" or "in", or before a word such as "tone",
// "readers" or "buyers" ("for the status crowd", "a business tone").

// profileWords names the audience profiles (see fork.Profiles).
var profileWords = []entrySet{
	{"enthusiast", []string{"enthusiast", "enthusiasts", "fan", "fans", "superfans", "aficionados", "hobbyists", "lovers"}},
	{"skeptic", []string{"skeptic", "skeptics", "sceptic", "sceptics", "skeptical", "sceptical", "doubter", "doubters", "doubtful", "cynics", "cynical", "hard to convince"}},
	{"bargain-hunter", []string{"bargain hunter", "bargain hunters", "bargain", "bargains", "deal seeker", "deal seekers", "deal hunters", "price conscious", "price sensitive", "budget conscious", "budget shoppers", "thrifty", "savers"}},
	{"busy-professional", []string{"busy professional", "busy professionals", "busy people", "busy person", "professionals", "time poor", "time starved", "people in a hurry"}},
	{"executive", []string{"executive", "executives", "execs", "ceo", "ceos", "cfo", "cfos", "cto", "ctos", "c suite", "decision maker", "decision makers", "leader", "leaders", "leadership", "managers", "bosses"}},
	{"expert", []string{"expert", "experts", "developer", "developers", "devs", "engineer", "engineers", "~pro", "~pros", "specialists", "power users", "advanced users"}},
	{"beginner", []string{"beginner", "beginners", "newbie", "newbies", "newcomers", "novice", "novices", "first timer", "first timers", "new users", "laypeople", "non experts"}},
	{"cautious", []string{"cautious", "~careful", "risk averse", "wary", "hesitant", "cautious buyers"}},
	{"status-seeker", []string{"status seeker", "status seekers", "~status", "status buyers", "status conscious", "luxury buyers", "luxury shoppers", "~luxury", "~prestige", "high end buyers", "affluent"}},
	{"eco-conscious", []string{"eco conscious", "eco", "eco minded", "eco friendly", "~green", "sustainability", "sustainable", "environmentalists", "environmentally conscious", "climate conscious", "ethical shoppers"}},
	{"parent", []string{"parent", "parents", "mom", "moms", "mum", "mums", "mother", "mothers", "dad", "dads", "father", "fathers", "~family", "families", "moms and dads", "mums and dads"}},
	{"early-adopter", []string{"early adopter", "early adopters", "tech enthusiasts", "innovator", "innovators", "trendsetters", "tech savvy", "gadget lovers", "first movers"}},
}

// layerWords names the language layers (see fork.Layers).
var layerWords = []entrySet{
	{"plain", []string{"plain", "plain language", "plain english", "plain words", "simple words", "simple language", "simple english", "easy words", "easy language", "easy to read", "easy read", "simplified", "laymans terms", "jargon free"}},
	{"professional", []string{"professional", "formal", "~business", "businesslike", "business like", "corporate"}},
	{"technical", []string{"technical", "~spec", "specs", "spec sheet", "specification", "specifications"}},
	{"everyday", []string{"everyday", "every day", "casual", "conversational", "informal", "relaxed", "chatty", "colloquial", "everyday language"}},
}

// languageWords names languages by their English names (and a few
// endonyms) as BCP 47 language subtags.
var languageWords = []entrySet{
	{"en", []string{"english"}},
	{"de", []string{"german", "deutsch"}},
	{"fr", []string{"french", "francais"}},
	{"es", []string{"spanish", "espanol"}},
	{"pt", []string{"portuguese", "portugues"}},
	{"it", []string{"italian", "italiano"}},
	{"nl", []string{"dutch", "nederlands"}},
	{"pl", []string{"~polish"}},
	{"sv", []string{"swedish"}},
	{"da", []string{"danish"}},
	{"nb", []string{"norwegian"}},
	{"fi", []string{"finnish"}},
	{"ja", []string{"japanese"}},
	{"zh", []string{"chinese", "mandarin"}},
	{"ko", []string{"korean"}},
	{"ru", []string{"russian"}},
	{"uk", []string{"ukrainian"}},
	{"tr", []string{"~turkish"}},
	{"el", []string{"greek"}},
	{"cs", []string{"czech"}},
	{"sk", []string{"slovak"}},
	{"sl", []string{"slovenian"}},
	{"hu", []string{"hungarian"}},
	{"ro", []string{"romanian"}},
	{"bg", []string{"bulgarian"}},
	{"hr", []string{"croatian"}},
	{"et", []string{"estonian"}},
	{"lv", []string{"latvian"}},
	{"lt", []string{"lithuanian"}},
	{"ar", []string{"arabic"}},
	{"he", []string{"hebrew"}},
	{"hi", []string{"hindi"}},
	{"id", []string{"indonesian"}},
	{"vi", []string{"vietnamese"}},
	{"th", []string{"thai"}},
	{"ca", []string{"catalan"}},
}

// regionWords names countries and regions, and the adjectives that stand
// for them ("British", "Swiss"), as BCP 47 region subtags. "US" counts
// only when written in capitals (or as U.S.), since "us" is a pronoun.
var regionWords = []entrySet{
	{"GB", []string{"uk", "united kingdom", "great britain", "britain", "england", "scotland", "wales", "northern ireland", "british", "scottish"}},
	{"US", []string{"^us", "usa", "united states", "united states of america", "america", "american", "the states"}},
	{"CA", []string{"canada", "canadian"}},
	{"AU", []string{"australia", "australian", "aussie"}},
	{"NZ", []string{"new zealand", "kiwi"}},
	{"IE", []string{"ireland", "irish"}},
	{"ZA", []string{"south africa", "south african"}},
	{"IN", []string{"india", "indian"}},
	{"SG", []string{"singapore", "singaporean"}},
	{"DE", []string{"germany"}},
	{"AT", []string{"austria", "austrian"}},
	{"CH", []string{"switzerland", "swiss"}},
	{"LI", []string{"liechtenstein"}},
	{"FR", []string{"france"}},
	{"BE", []string{"belgium", "belgian"}},
	{"LU", []string{"luxembourg"}},
	{"NL", []string{"netherlands", "the netherlands", "holland"}},
	{"ES", []string{"spain"}},
	{"MX", []string{"mexico", "mexican"}},
	{"AR", []string{"argentina", "argentinian", "argentine"}},
	{"CO", []string{"colombia", "colombian"}},
	{"CL", []string{"chile", "chilean"}},
	{"PE", []string{"peru", "peruvian"}},
	{"BR", []string{"brazil", "brazilian"}},
	{"PT", []string{"portugal"}},
	{"IT", []string{"italy"}},
	{"PL", []string{"poland"}},
	{"SE", []string{"sweden"}},
	{"DK", []string{"denmark"}},
	{"NO", []string{"norway"}},
	{"FI", []string{"finland"}},
	{"JP", []string{"japan"}},
	{"CN", []string{"china", "mainland china"}},
	{"TW", []string{"taiwan", "taiwanese"}},
	{"HK", []string{"hong kong"}},
	{"KR", []string{"korea", "south korea"}},
	{"TR", []string{"turkey", "turkiye"}},
	{"GR", []string{"greece"}},
	{"CZ", []string{"czechia", "czech republic"}},
	{"HU", []string{"hungary"}},
	{"RO", []string{"romania"}},
	{"IL", []string{"israel"}},
	{"AE", []string{"uae", "united arab emirates"}},
	{"SA", []string{"saudi arabia"}},
	{"EG", []string{"egypt"}},
	{"RU", []string{"russia"}},
	{"UA", []string{"ukraine"}},
	{"ID", []string{"indonesia"}},
	{"VN", []string{"vietnam"}},
	{"TH", []string{"thailand"}},
	{"PH", []string{"philippines"}},
	{"NG", []string{"nigeria"}},
	{"KE", []string{"kenya"}},
	{"419", []string{"latin america", "latin american"}},
}

// tagWords names language variants that are neither a language plus a
// country adjective ("Swiss German" is those two) nor spelled as a tag.
var tagWords = []entrySet{
	{"fr-CA", []string{"quebecois", "quebec french"}},
	{"pt-PT", []string{"european portuguese"}},
	{"es-ES", []string{"european spanish", "castilian"}},
	{"nl-BE", []string{"flemish"}},
	{"de-DE", []string{"high german", "hochdeutsch"}},
	{"zh-Hans", []string{"simplified chinese"}},
	{"zh-Hant", []string{"traditional chinese"}},
}

// listWords are the nouns of a question about the catalog.
var listWords = []entrySet{
	{actionListProfiles, []string{"profiles", "profile", "audiences", "personas", "segments", "target groups", "audience profiles"}},
	{actionListLayers, []string{"layers", "layer", "language layers", "tones", "registers", "writing styles"}},
}

// forkVerbs are the words that ask for a fork.
var forkVerbs = []string{
	"fork", "forks", "forked", "forking", "rewrite", "rewrites", "rewriting", "rework", "rebuild", "redo",
	"adapt", "tailor", "tailored", "make", "turn", "localize", "localise", "translate", "translated",
	"convert", "change", "transform", "speak", "talk", "pitch", "retarget", "create", "generate",
	"produce", "write", "variant", "variation", "version",
}

// listVerbs are the words of a question about the catalog ("which", "list").
var listVerbs = []string{
	"list", "show", "which", "what", "whats", "available", "options", "names", "supported", "offer", "exist", "catalog", "catalogue",
}

// cueWords come before a parameter: a word after one of them that matches
// nothing is reported as unknown, and an ambiguous phrase after one
// counts. "to" and "at" are cues only after an address word ("speak to").
var cueWords = []string{
	"for", "in", "into", "towards", "toward", "targeting", "target", "audience", "profile", "layer", "tone", "language",
}

// addressWords make the "to" or "at" after them a cue: "speak to parents",
// "aimed at parents", "switch it to German".
var addressWords = []string{
	"speak", "talk", "appeal", "appeals", "pitch", "tailor", "tailored", "cater", "aimed", "aim", "geared", "targeted",
	"directed", "adapt", "adapted", "switch", "translate", "translated", "convert", "localize", "localise", "it", "this", "page",
}

// styleNouns come after an ambiguous phrase and make it count ("a
// business tone", "green shoppers").
var styleNouns = []string{
	"tone", "language", "style", "register", "voice", "wording", "words", "copy", "version", "audience", "readers",
	"buyers", "shoppers", "customers", "crowd", "people", "users", "folks", "visitors", "market", "english",
}

// skipWords are passed over between a cue and its parameter ("for the
// UK", "for an audience of teenagers").
var skipWords = []string{
	"the", "a", "an", "this", "that", "these", "those", "my", "our", "your", "their", "all", "some", "more", "of", "very", "really",
}

// stopWords end the search for a parameter after a cue without reporting
// anything ("for me", "in order to").
var stopWords = []string{
	"me", "us", "you", "him", "her", "them", "it", "we", "they", "i", "who", "whom", "which", "what", "how", "where", "when",
	"page", "pages", "site", "website", "landing", "copy", "text", "people", "readers", "customers", "buyers", "users",
	"visitors", "folks", "market", "free", "now", "please", "example", "instance", "order", "each", "any", "both",
	"one", "two", "case", "there", "here", "then", "and", "or", "with", "without", "on", "by", "from", "is", "are",
	"be", "was", "first", "general", "detail", "details", "short", "brief", "full", "particular", "mind", "way",
	"style", "words", "voice", "sure", "minutes", "seconds", "future", "addition", "other", "different", "another",
	"same", "new", "good", "better", "best", "fun", "real", "short", "do", "does", "can", "could", "would", "should",
	"not", "no", "yes", "so", "if", "too", "also", "just", "only", "much", "many", "less", "most", "least",
	"end", "time", "while", "bit", "moment", "fact", "advance", "return", "total", "depth", "progress",
}

// fileExtensions are name endings that look like top-level domains but
// mark files or tools ("node.js", "readme.md"), so a bare word ending in
// one is not taken for a web address.
var fileExtensions = []string{
	"js", "ts", "py", "go", "md", "txt", "html", "htm", "php", "json", "css", "pdf", "png", "jpg", "jpeg", "gif",
	"svg", "exe", "zip", "csv", "xml", "yaml", "yml", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "mp3", "mp4",
	"rb", "rs", "java", "sh", "net",
}

// entrySet is one canonical value and the phrases that name it.
type entrySet struct {
	value   string
	phrases []string
}

// entryKind is what a lexicon phrase names.
type entryKind int

const (
	kindProfile entryKind = iota + 1
	kindLayer
	kindLanguage
	kindRegion
	kindTag
	kindList
)

// entry is one meaning of a phrase.
type entry struct {
	kind  entryKind
	value string
	// cued says the phrase counts only next to a cue.
	cued bool
	// upper says the phrase counts only when written in capitals.
	upper bool
}

// lexicon is every table folded into one index by phrase, built once at
// start-up and only read afterwards.
type lexicon struct {
	phrases   map[string][]entry
	maxWords  int
	verbs     map[string]bool
	listVerbs map[string]bool
	cues      map[string]bool
	address   map[string]bool
	style     map[string]bool
	skip      map[string]bool
	stop      map[string]bool
	fileExts  map[string]bool
	// words are the single-word phrases by kind, for suggestions.
	words map[string]entry
}

// lex is the parser's read-only vocabulary.
var lex = buildLexicon()

func buildLexicon() *lexicon {
	l := &lexicon{
		phrases:   map[string][]entry{},
		verbs:     set(forkVerbs),
		listVerbs: set(listVerbs),
		cues:      set(cueWords),
		address:   set(addressWords),
		style:     set(styleNouns),
		skip:      set(skipWords),
		stop:      set(stopWords),
		fileExts:  set(fileExtensions),
		words:     map[string]entry{},
	}
	tables := []struct {
		kind entryKind
		sets []entrySet
	}{
		{kindProfile, profileWords}, {kindLayer, layerWords}, {kindLanguage, languageWords},
		{kindRegion, regionWords}, {kindTag, tagWords}, {kindList, listWords},
	}
	for _, tb := range tables {
		for _, s := range tb.sets {
			for _, ph := range s.phrases {
				e := entry{kind: tb.kind, value: s.value}
				switch {
				case strings.HasPrefix(ph, "~"):
					e.cued, ph = true, ph[1:]
				case strings.HasPrefix(ph, "^"):
					e.upper, ph = true, ph[1:]
				}
				words := phraseWords(ph)
				key := strings.Join(words, " ")
				l.phrases[key] = append(l.phrases[key], e)
				l.maxWords = max(l.maxWords, len(words))
				if len(words) == 1 && tb.kind != kindList && !e.upper {
					l.words[key] = e
				}
			}
		}
	}
	return l
}

// phraseWords splits a table phrase into folded words, as the tokenizer
// splits a query.
func phraseWords(ph string) []string {
	var out []string
	for _, w := range splitWords(ph) {
		out = append(out, w.word)
	}
	return out
}

func set(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
