// Package rules is Marketing Fork's built-in provider: deterministic and
// offline. It reframes what the page already says — the profile's headline
// and call-to-action frames around the page's own words, the layer's
// lexicon, contractions, sentence splitting and hype removal — and adds
// framing words only, never a number, claim, name or link the page lacks.
// It cannot translate; a fork into another language needs an LLM provider.
package rules

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/langtag"
)

// Version changes whenever the same input could give other output.
const Version = "1.0.0"

// Provider is the built-in rules provider. It is safe for concurrent use:
// its tables are built once by New and only read afterwards.
type Provider struct {
	expand   []wordRule                  // contractions to long forms (professional)
	contract []wordRule                  // long forms to contractions (everyday)
	slang    []wordRule                  // slang to plain words (professional)
	plain    []wordRule                  // formal words to common ones (plain)
	hype     map[string][]*regexp.Regexp // hype words per base language
	cultures map[string]*cultureRules    // English culture rules per region
}

// New returns the rules provider with its word tables compiled.
func New() *Provider {
	p := &Provider{hype: map[string][]*regexp.Regexp{}, cultures: map[string]*cultureRules{}}
	for region := range regionSpelling {
		p.cultures[region] = newCulture("en", region)
	}
	for _, c := range contractions {
		p.expand = append(p.expand, newWordRule(c[0], c[1], false))
		if contractable[c[1]] {
			p.contract = append(p.contract, newWordRule(c[1], c[0], true))
		}
	}
	for _, from := range sortedKeys(slang) {
		p.slang = append(p.slang, newWordRule(from, slang[from], false))
	}
	plain := fork.PlainWords()
	for _, from := range sortedKeys(plain) {
		p.plain = append(p.plain, newWordRule(from, plain[from], false))
	}
	for _, lang := range []string{"en", "de", "fr", "es", "pt"} {
		for _, w := range fork.HypeWords(langtag.MustParse(lang)) {
			p.hype[lang] = append(p.hype[lang], wordPattern(w))
		}
	}
	return p
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// Longer phrases first, so "prior to" is replaced before "to" could be.
	sort.Slice(keys, func(i, j int) bool {
		if len(keys[i]) != len(keys[j]) {
			return len(keys[i]) > len(keys[j])
		}
		return keys[i] < keys[j]
	})
	return keys
}

// Info names the provider; it does not translate.
func (p *Provider) Info() fork.ProviderInfo {
	return fork.ProviderInfo{Name: "rules", Version: Version, Translates: false}
}

// Rewrite drafts the fork. On a second try (plan.Findings set) it leaves the
// frames off the blocks the findings name, keeping only the layer's
// transforms there.
func (p *Provider) Rewrite(ctx context.Context, plan *fork.Plan) (*fork.Draft, error) {
	if plan.Translation {
		return nil, fmt.Errorf("%w: the built-in rules provider cannot translate from %s to %s; configure the LLM provider (any OpenAI-compatible endpoint) for a fork into another language",
			fork.ErrUnsupported, plan.SourceLanguage, plan.TargetLanguage)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if plan.Target.IsZero() {
		// A plan the Forker did not build (decoded from JSON) has no typed
		// target: a fork with no language to write in would change nothing
		// and pass every check, so refuse it.
		return nil, fmt.Errorf("%w: the plan has no target language; build it with Forker.Plan", fork.ErrInvalidInput)
	}
	lang := plan.Target.Base()
	table, hasFrames := frameTables[lang][plan.Profile.Name]
	flagged := map[int]bool{}
	// A second try after the layer's sentence or grade rules failed splits
	// harder.
	loose := false
	for _, c := range plan.Findings {
		switch c.Name {
		case "layer:max_grade", "layer:max_sentence", "layer:max_avg_sentence":
			loose = true
		}
		for _, id := range c.Blocks {
			flagged[id] = true
		}
	}
	price := pagePrice(plan)
	var culture *cultureRules
	if lang == "en" {
		culture = p.cultures[plan.Target.Region()]
	}
	flaggedRefs := map[string]bool{}
	changed := map[string]bool{}
	d := &fork.Draft{Blocks: make([]fork.DraftBlock, 0, len(plan.Blocks)), Sections: plan.PatternOrder()}
	headlineDone := false
	for _, b := range plan.Blocks {
		if b.Verbatim {
			d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: b.Text, Rationale: "kept verbatim: testimonials, guarantees and fine print are other people's words or legal lines"})
			continue
		}
		source, kept := protect(b.Text, b.Facts)
		var why []string
		if lang == "en" {
			var changes []fork.Change
			var unitWhy []string
			source, changes, unitWhy = applyUnits(source, b.Facts, plan.Target)
			why = append(why, unitWhy...)
			source, unitWhy = applyDates(source, b.Facts, plan.Target)
			why = append(why, unitWhy...)
			source, unitWhy = applyNumberFormat(source, plan.Target)
			why = append(why, unitWhy...)
			for _, c := range changes {
				if !changed[c.From] {
					changed[c.From] = true
					d.Changes = append(d.Changes, c)
				}
			}
		}
		text := source
		if hasFrames && !flagged[b.ID] {
			switch {
			case b.Role == fork.RoleHeadline && !headlineDone:
				headlineDone = true
				alts := table.Headline
				if price != "" && table.PriceHeadline != nil {
					alts = table.PriceHeadline
				}
				if t, ok := frame(alts, source, price, b.Budget); ok {
					text = t
					why = append(why, fmt.Sprintf("profile %s: %s", plan.Profile.Name, plan.Profile.Headline))
				}
			case b.Role == fork.RoleCTA && !strings.HasSuffix(strings.TrimSpace(b.Text), "?"):
				alts := table.CTA
				// A free step ("Start your free trial") is not sold "at this
				// price": the price frames stay off it.
				if price != "" && table.PriceCTA != nil && !mentionsFree(b.Text) && buysSomething(b.Text) {
					alts = table.PriceCTA
				}
				if t, ok := frame(alts, source, price, b.Budget); ok {
					text = t
					why = append(why, fmt.Sprintf("profile %s: %s", plan.Profile.Name, plan.Profile.CTA))
				}
			}
		}
		// finish applies the layer's and the culture's transforms and puts
		// the protected lines back.
		finish := func(text string) (string, []string, []string) {
			text, why := p.applyLayer(plan.Layer.Name, lang, b.Role, text, loose)
			var refs []string
			if culture != nil {
				var changed []string
				if text, changed, refs = culture.apply(text); len(changed) > 0 {
					why = append(why, culture.rationale(changed))
				}
			}
			return restore(text, kept), why, refs
		}
		out, more, refs := finish(text)
		if n := utf8.RuneCountInString(out); n > b.Budget.MaxChars || n < b.Budget.MinChars {
			// The reframed text does not fit the element: keep the
			// transforms of the source text alone.
			out, more, refs = finish(source)
			why = append(withoutProfile(why), "frame left off: it did not fit the element's length budget")
		}
		text, why = out, append(why, more...)
		for _, r := range refs {
			if !flaggedRefs[r] {
				flaggedRefs[r] = true
				d.Notes = append(d.Notes, fmt.Sprintf("block %d mentions %q, which may not mean the same in %s: check it before the fork goes live", b.ID, r, plan.TargetLanguage))
			}
		}
		if len(kept) > 0 {
			why = append(why, "guarantee and legal lines inside the block kept verbatim")
		}
		rationale := strings.Join(why, "; ")
		if text == b.Text {
			rationale = "unchanged: the source already fits the " + plan.Layer.Name + " layer"
			if !hasFrames && (b.Role == fork.RoleHeadline || b.Role == fork.RoleCTA) {
				rationale = "unchanged: the rules provider has no " + lang + " frames for this profile"
			}
		}
		d.Blocks = append(d.Blocks, fork.DraftBlock{ID: b.ID, Text: text, Rationale: rationale})
	}
	return d, nil
}

// freeWords mark a call to action for something free, in the frame
// languages.
var freeWords = []string{"free", "gratuit", "gratuitement", "gratis", "kostenlos", "gratuito", "grátis", "offert"}

// buyingVerbs start a call to action that buys, starts or chooses a plan,
// in the frame languages: only those may be tied to the page's price
// ("Contact us at this price" would make no sense).
var buyingVerbs = []string{"buy", "order", "get", "start", "choose", "select", "subscribe", "shop", "join", "sign up", "upgrade", "try", "donate", "purchase", "book",
	"acheter", "commander", "choisir", "commencer", "s'abonner", "essayer", "passer", "réserver",
	"kaufen", "bestellen", "auswählen", "buchen", "jetzt", "abonnieren", "starten", "wählen",
	"comprar", "elegir", "empezar", "suscribirse", "contratar", "reservar",
	"assinar", "começar", "escolher", "contratar", "experimentar"}

func buysSomething(cta string) bool {
	w := strings.ToLower(firstWord(cta))
	for _, v := range buyingVerbs {
		if w == v || strings.HasPrefix(strings.ToLower(cta), v+" ") {
			return true
		}
	}
	return false
}

func mentionsFree(text string) bool {
	lower := strings.ToLower(text)
	for _, w := range freeWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// withoutProfile drops the profile's rationale when its frame was left off.
func withoutProfile(why []string) []string {
	var out []string
	for _, w := range why {
		if !strings.HasPrefix(w, "profile ") {
			out = append(out, w)
		}
	}
	return out
}

// protect swaps a block's guarantee and legal lines for placeholders that
// no transform touches (private-use runes: not letters, not capitals), so
// those lines stay verbatim while the rest of the block is rewritten.
func protect(text string, facts []fork.Fact) (string, []string) {
	var kept []string
	for _, f := range facts {
		if f.Kind != "guarantee" && f.Kind != "legal" {
			continue
		}
		line := strings.TrimSpace(f.Text)
		if line == "" || !strings.Contains(text, line) {
			continue
		}
		text = strings.ReplaceAll(text, line, string(rune(placeholderBase+len(kept))))
		kept = append(kept, line)
	}
	return text, kept
}

// placeholderBase is the first private-use rune protect uses.
const placeholderBase = 0xE100

func restore(text string, kept []string) string {
	for i, line := range kept {
		text = strings.ReplaceAll(text, string(rune(placeholderBase+i)), line)
	}
	return text
}

// frame puts text into the first frame that fits the budget.
func frame(alts []string, text, price string, budget fork.Budget) (string, bool) {
	core := strings.TrimRight(text, " ")
	for _, f := range alts {
		if strings.Contains(f, "{price}") {
			if price == "" || strings.Contains(text, price) {
				continue
			}
			f = strings.ReplaceAll(f, "{price}", price)
		}
		prefix, suffix, _ := strings.Cut(f, "%s")
		if prefix != "" && strings.EqualFold(firstWord(prefix), firstWord(core)) {
			continue // "First step: First, …" repeats itself
		}
		if s := strings.Trim(suffix, " ,.:;–—"); s != "" && strings.Contains(strings.ToLower(core), strings.ToLower(s)) {
			continue // "Buy now now"
		}
		// A frame that ends the text ("%s now") goes before its final stop.
		body, stop := core, ""
		if suffix != "" && strings.HasSuffix(core, ".") {
			body, stop = strings.TrimSuffix(core, "."), "."
		}
		out := prefix + body + suffix + stop
		if utf8.RuneCountInString(out) <= budget.MaxChars {
			return out, true
		}
	}
	return text, false
}

func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[0], ":,.?!")
}

// pagePrice picks the price the page states most compactly, for frames that
// name it: the shortest price block, if short enough to sit in a headline.
func pagePrice(plan *fork.Plan) string {
	best := ""
	for _, b := range plan.Blocks {
		if b.Role != fork.RolePrice {
			continue
		}
		t := strings.TrimSpace(b.Text)
		if utf8.RuneCountInString(t) > 20 {
			continue
		}
		if best == "" || utf8.RuneCountInString(t) < utf8.RuneCountInString(best) {
			best = t
		}
	}
	return best
}

// proseRoles are split into shorter sentences; titles, prices and buttons
// are not sentences.
var proseRoles = map[fork.Role]bool{
	fork.RoleHeadline: true, fork.RoleSubheadline: true, fork.RoleBody: true, fork.RoleBullet: true,
	fork.RoleFAQQuestion: true, fork.RoleFAQAnswer: true,
}

// applyLayer applies a layer's transforms and says which it applied.
func (p *Provider) applyLayer(layer, lang string, role fork.Role, text string, loose bool) (string, []string) {
	var why []string
	note := func(n int, what string) {
		if n > 0 {
			why = append(why, fmt.Sprintf("layer %s: %s (%d)", layer, what, n))
		}
	}
	var n int
	switch layer {
	case "everyday":
		if lang == "en" {
			text, n = applyAll(normaliseApostrophes(text), p.contract)
			note(n, "contractions for a conversational tone")
		}
		if proseRoles[role] {
			text, n = splitSentencesOver(text, lang, 18, 0, 0, loose)
			note(n, "long sentences split")
		}
	case "professional":
		if lang == "en" {
			text, n = applyAll(normaliseApostrophes(text), p.expand)
			var m int
			text, m = expandRest(text)
			note(n+m, "contractions written out")
			text, n = applyAll(text, p.slang)
			note(n, "slang replaced")
		}
		text, n = removeExclamations(text)
		note(n, "exclamation marks removed")
		text, n = removeWords(text, p.hype[lang], neutralWord(lang))
		note(n, "hype words removed")
	case "technical":
		text, n = removeWords(text, p.hype[lang], neutralWord(lang))
		note(n, "hype adjectives removed")
		text, n = removeExclamations(text)
		note(n, "exclamation marks removed")
	case "plain":
		if lang == "en" {
			text, n = applyAll(text, p.plain)
			note(n, "common words instead of formal ones")
		}
		if proseRoles[role] {
			text, n = splitSentencesOver(text, lang, 10, 10, hardMaxWords, loose)
			note(n, "long sentences split")
		}
	}
	return text, why
}

// neutralWord stands in for a hype word used as a predicate ("It is
// amazing."), where dropping it would break the sentence.
func neutralWord(lang string) string {
	if lang == "en" {
		return "good"
	}
	return ""
}
