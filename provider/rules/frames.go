package rules

// frames are a language's framing words for one profile: a headline frame
// and call-to-action frames, tried in order until one fits the block's
// length budget. "%s" stands for the page's own text and "{price}" for a
// price the page states; a frame adds framing words only, never a claim,
// number, name or link.
type frames struct {
	Headline      []string
	PriceHeadline []string // used instead of Headline when the page states a price
	CTA           []string
	PriceCTA      []string // used instead of CTA when the page states a price
}

// frameTables holds the frames per base language and profile. A language
// missing here is forked with the layer's transforms only, and the
// rationale says so.
var frameTables = map[string]map[string]frames{
	"en": {
		"enthusiast":        {Headline: []string{"Good news: %s"}, CTA: []string{"%s now"}},
		"skeptic":           {Headline: []string{"The facts: %s"}, CTA: []string{"%s and see for yourself", "Try it: %s"}},
		"bargain-hunter":    {Headline: []string{"The offer: %s"}, PriceHeadline: []string{"{price}: %s", "The offer: %s"}, CTA: []string{"%s today"}, PriceCTA: []string{"%s at this price", "%s today"}},
		"busy-professional": {Headline: []string{"In short: %s"}, CTA: []string{"%s right away", "Now: %s"}},
		"executive":         {Headline: []string{"The business case: %s", "For business: %s"}, CTA: []string{"%s for your team"}},
		"expert":            {Headline: []string{"In detail: %s"}, CTA: []string{"%s: full details", "Details: %s"}},
		"beginner":          {Headline: []string{"New to this? %s"}, CTA: []string{"First step: %s"}},
		"cautious":          {Headline: []string{"Take your time: %s"}, CTA: []string{"%s at your own pace", "%s, no rush"}},
		"status-seeker":     {Headline: []string{"Set the standard: %s"}, CTA: []string{"%s in style"}},
		"eco-conscious":     {Headline: []string{"Choose with care: %s"}, CTA: []string{"%s, thoughtfully", "Choose well: %s"}},
		"parent":            {Headline: []string{"For your family: %s"}, CTA: []string{"%s for your family", "Family: %s"}},
		"early-adopter":     {Headline: []string{"Be early: %s"}, CTA: []string{"Be first: %s"}},
	},
	"de": {
		"enthusiast":        {Headline: []string{"Gute Nachricht: %s"}, CTA: []string{"%s – jetzt"}},
		"skeptic":           {Headline: []string{"Die Fakten: %s"}, CTA: []string{"Selbst prüfen: %s"}},
		"bargain-hunter":    {Headline: []string{"Das Angebot: %s"}, PriceHeadline: []string{"{price}: %s", "Das Angebot: %s"}, CTA: []string{"%s – heute"}, PriceCTA: []string{"%s zu diesem Preis", "%s – heute"}},
		"busy-professional": {Headline: []string{"Kurz gesagt: %s"}, CTA: []string{"Direkt: %s"}},
		"executive":         {Headline: []string{"Aus Unternehmenssicht: %s", "Fürs Geschäft: %s"}, CTA: []string{"%s fürs Team"}},
		"expert":            {Headline: []string{"Die Details: %s"}, CTA: []string{"Alle Details: %s"}},
		"beginner":          {Headline: []string{"Neu hier? %s"}, CTA: []string{"Erster Schritt: %s"}},
		"cautious":          {Headline: []string{"In Ruhe entscheiden: %s"}, CTA: []string{"%s – in Ruhe"}},
		"status-seeker":     {Headline: []string{"Maßstäbe setzen: %s"}, CTA: []string{"%s mit Stil"}},
		"eco-conscious":     {Headline: []string{"Bewusst wählen: %s"}, CTA: []string{"Bewusst: %s"}},
		"parent":            {Headline: []string{"Für die ganze Familie: %s", "Für Familien: %s"}, CTA: []string{"%s für die Familie"}},
		"early-adopter":     {Headline: []string{"Früh dabei sein: %s"}, CTA: []string{"Als Erste: %s"}},
	},
	"fr": {
		"enthusiast":        {Headline: []string{"Bonne nouvelle : %s"}, CTA: []string{"%s maintenant"}},
		"skeptic":           {Headline: []string{"Les faits : %s"}, CTA: []string{"Vérifiez par vous-même : %s", "À vérifier : %s"}},
		"bargain-hunter":    {Headline: []string{"L'offre : %s"}, PriceHeadline: []string{"{price} : %s", "L'offre : %s"}, CTA: []string{"%s dès aujourd'hui"}, PriceCTA: []string{"%s à ce prix", "%s dès aujourd'hui"}},
		"busy-professional": {Headline: []string{"En bref : %s"}, CTA: []string{"%s tout de suite"}},
		"executive":         {Headline: []string{"Côté entreprise : %s"}, CTA: []string{"%s pour votre équipe"}},
		"expert":            {Headline: []string{"Dans le détail : %s"}, CTA: []string{"Tous les détails : %s"}},
		"beginner":          {Headline: []string{"Vous débutez ? %s"}, CTA: []string{"Premier pas : %s"}},
		"cautious":          {Headline: []string{"Prenez votre temps : %s"}, CTA: []string{"%s à votre rythme"}},
		"status-seeker":     {Headline: []string{"Donnez le ton : %s"}, CTA: []string{"%s avec style"}},
		"eco-conscious":     {Headline: []string{"Choisir en conscience : %s"}, CTA: []string{"%s en conscience"}},
		"parent":            {Headline: []string{"Pour toute la famille : %s"}, CTA: []string{"%s pour la famille"}},
		"early-adopter":     {Headline: []string{"Soyez parmi les premiers : %s", "En avant-première : %s"}, CTA: []string{"Parmi les premiers : %s"}},
	},
	"es": {
		"enthusiast":        {Headline: []string{"Buenas noticias: %s"}, CTA: []string{"%s ahora"}},
		"skeptic":           {Headline: []string{"Los hechos: %s"}, CTA: []string{"Compruébalo: %s"}},
		"bargain-hunter":    {Headline: []string{"La oferta: %s"}, PriceHeadline: []string{"{price}: %s", "La oferta: %s"}, CTA: []string{"%s hoy"}, PriceCTA: []string{"%s a este precio", "%s hoy"}},
		"busy-professional": {Headline: []string{"En resumen: %s"}, CTA: []string{"%s ya"}},
		"executive":         {Headline: []string{"Visión de negocio: %s"}, CTA: []string{"%s para tu equipo"}},
		"expert":            {Headline: []string{"En detalle: %s"}, CTA: []string{"Todos los detalles: %s"}},
		"beginner":          {Headline: []string{"¿Primera vez? %s"}, CTA: []string{"Primer paso: %s"}},
		"cautious":          {Headline: []string{"Sin prisas: %s"}, CTA: []string{"%s a tu ritmo"}},
		"status-seeker":     {Headline: []string{"Marca la diferencia: %s"}, CTA: []string{"%s con estilo"}},
		"eco-conscious":     {Headline: []string{"Elige con conciencia: %s"}, CTA: []string{"%s con conciencia"}},
		"parent":            {Headline: []string{"Para toda la familia: %s"}, CTA: []string{"%s para tu familia"}},
		"early-adopter":     {Headline: []string{"Sé de los primeros: %s"}, CTA: []string{"Antes que nadie: %s"}},
	},
	"pt": {
		"enthusiast":        {Headline: []string{"Boa notícia: %s"}, CTA: []string{"%s agora"}},
		"skeptic":           {Headline: []string{"Os fatos: %s"}, CTA: []string{"Confira você mesmo: %s", "Confira: %s"}},
		"bargain-hunter":    {Headline: []string{"A oferta: %s"}, PriceHeadline: []string{"{price}: %s", "A oferta: %s"}, CTA: []string{"%s hoje"}, PriceCTA: []string{"%s por este preço", "%s hoje"}},
		"busy-professional": {Headline: []string{"Em resumo: %s"}, CTA: []string{"%s já"}},
		"executive":         {Headline: []string{"Visão de negócio: %s"}, CTA: []string{"%s para sua equipe"}},
		"expert":            {Headline: []string{"Em detalhe: %s"}, CTA: []string{"Todos os detalhes: %s"}},
		"beginner":          {Headline: []string{"Primeira vez? %s"}, CTA: []string{"Primeiro passo: %s"}},
		"cautious":          {Headline: []string{"Sem pressa: %s"}, CTA: []string{"%s no seu ritmo"}},
		"status-seeker":     {Headline: []string{"Faça a diferença: %s"}, CTA: []string{"%s com estilo"}},
		"eco-conscious":     {Headline: []string{"Escolha com consciência: %s"}, CTA: []string{"%s com consciência"}},
		"parent":            {Headline: []string{"Para toda a família: %s"}, CTA: []string{"%s para sua família"}},
		"early-adopter":     {Headline: []string{"Seja um dos primeiros: %s"}, CTA: []string{"Antes de todos: %s"}},
	},
}
