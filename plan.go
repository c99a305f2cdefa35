package fork

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// Plan is everything a provider (or an agent writing the fork itself) needs
// to rewrite a page: the target, the source blocks with a brief and a length
// budget each, and the facts that are locked.
type Plan struct {
	// Request is the fork request, defaults applied.
	Request Request `json:"request"`
	// Now is when the fork is made, by the Forker's clock (WithClock): an
	// offer the page dates before it is over, and no fork leads with it.
	Now time.Time `json:"-"`
	// Profile is the target audience.
	Profile Profile `json:"profile"`
	// Layer is the target language layer with its measurable rules.
	Layer Layer `json:"layer"`
	// SourceLanguage is the page's language as analysed: Source.String().
	SourceLanguage string `json:"source_language"`
	// TargetLanguage is the fork's language; its region is the culture:
	// Target.String().
	TargetLanguage string `json:"target_language"`
	// Culture is the target region ("GB"), or "" when the target names
	// none: Target.Region().
	Culture string `json:"culture,omitempty"`
	// Translation says the fork is in another language than the page:
	// Target.Translates(Source).
	Translation bool `json:"translation"`
	// Source is the page's language as a typed value; the string fields
	// above are written from it and from Target, for the wire. Both are
	// set on every plan the Forker builds; a plan decoded from JSON has
	// the zero Language in them.
	Source Language `json:"-"`
	// Target is the fork's language as validation parsed it.
	Target Language `json:"-"`
	// Analysis describes the source page.
	Analysis Analysis `json:"analysis"`
	// Blocks are the source blocks in page order, each with its brief.
	Blocks []Brief `json:"blocks"`
	// Sections is the number of top-level sections the page's copy stands
	// in; a draft may put them in another order (Draft.Sections).
	Sections int `json:"sections"`
	// Ledger is the locked offer.
	Ledger []Fact `json:"ledger"`
	// Material are the page's lines that carry what the profile looks for,
	// best first: what a fork for this audience moves up and says in its
	// words, instead of naming the audience. Set by Forker.Plan when a
	// MaterialFinder is configured.
	Material []Material `json:"material,omitempty"`
	// MaterialNote says, when the page has no such line, what the
	// audience will look for in vain: a note for the page's owner, never
	// a licence to invent it.
	MaterialNote string `json:"material_note,omitempty"`
	// Fits names, when the page has no material for the plan's profile,
	// the profiles it has material for (FittingProfiles): the audiences a
	// fork of this page can serve.
	Fits []string `json:"fits,omitempty"`
	// Misstatements are the savings the page states that its own prices
	// contradict: a fork keeps them as facts and never leads with one, and
	// the owner should correct the control.
	Misstatements []Misstatement `json:"misstatements,omitempty"`
	// Findings are the failed checks of the previous draft, when the
	// provider gets another try.
	Findings []Check `json:"findings,omitempty"`
	// UsedTokens is what the fork's earlier drafts cost, so that a provider
	// with a token budget per fork keeps the retry within what is left.
	UsedTokens int64 `json:"used_tokens,omitempty"`
}

// Brief is one source block with what its rewrite must respect.
type Brief struct {
	Block
	// Verbatim blocks (testimonials, guarantees, fine print) are other
	// people's words or legal lines: they may move, never change.
	Verbatim bool `json:"verbatim"`
	// Facts are the ledger facts that stand in this block.
	Facts []Fact `json:"facts,omitempty"`
	// Budget bounds the new text's length.
	Budget Budget `json:"budget"`
	// Section is the top-level section the block stands in, or -1 (the
	// head's title, a header outside the page's sections).
	Section int `json:"section"`
}

// Budget bounds a block's length in characters (Unicode code points).
type Budget struct {
	// MinChars is the shortest the new text may be (0: no minimum).
	MinChars int `json:"min_chars"`
	// MaxChars is the longest the new text may be.
	MaxChars int `json:"max_chars"`
}

// verbatimRoles hold other people's words and legal lines.
var verbatimRoles = map[Role]bool{RoleTestimonial: true, RoleGuarantee: true, RoleFinePrint: true}

// budgetFor derives a block's length budget from its source element: a
// slot sized for a short headline or button must not receive a paragraph,
// and a paragraph must not shrink to nothing.
func budgetFor(b Block) Budget {
	n := utf8.RuneCountInString(b.Text)
	switch {
	case verbatimRoles[b.Role]:
		return Budget{MinChars: n, MaxChars: n}
	case b.Role == RoleTitle:
		return Budget{MaxChars: max(n*13/10, 70)}
	case b.Role == RoleMetaDescription:
		return Budget{MaxChars: max(n*13/10, 160)}
	case b.Role == RoleSubheadline && endsSentence(b.Text):
		// A subheadline written as a sentence is a paragraph wrapping under
		// the headline: it has room for one more sentence (the profile's
		// line beside the first call to action), not for a paragraph: a
		// sentence of up to 25 words (about 150 characters), however short
		// the subheadline.
		return Budget{MinChars: 1, MaxChars: max(n*2+20, n+151, 60)}
	case b.Role == RoleHeadline || b.Role == RoleSubheadline:
		// A hero slot sized for one short word still holds a short line.
		return Budget{MinChars: 1, MaxChars: max(n*3/2+12, 40)}
	case b.Role == RoleCTA || b.Role == RoleFAQQuestion:
		return Budget{MinChars: 1, MaxChars: n*3/2 + 12}
	case b.Role == RolePrice || b.Role == RoleBullet:
		return Budget{MinChars: 1, MaxChars: n*2 + 20}
	default:
		return Budget{MinChars: n * 2 / 5, MaxChars: n*8/5 + 20}
	}
}

// Plan reads the request's page and returns the plan a provider would get,
// so that an agent can write the fork itself and then call Verify.
func (f *Forker) Plan(ctx context.Context, req Request) (*Plan, error) {
	p, _, err := f.plan(ctx, req)
	if err != nil {
		return nil, err
	}
	finder := f.material
	if finder == nil {
		finder, _ = f.provider.(MaterialFinder)
	}
	if finder != nil {
		p.Material = finder.Material(p)
		if len(p.Material) == 0 {
			p.MaterialNote = p.Profile.Substance.Missing
			p.Fits = FittingProfiles(p, finder)
		}
	}
	return p, nil
}

// FittingProfiles are the profiles, other than the plan's own, for which
// the page has material: m finds a line for them, or the page has a block
// of a role they look for (a testimonial for a skeptic). Catalog order.
func FittingProfiles(p *Plan, m MaterialFinder) []string {
	has := func(q *Plan) bool { return len(m.Material(q)) > 0 }
	if t, ok := m.(materialTester); ok {
		has = t.HasMaterial
	}
	var out []string
	for _, prof := range catalog() {
		if prof.Name == p.Profile.Name {
			continue
		}
		other := *p
		other.Profile = prof
		if has(&other) || p.HasRoleOf(prof.Substance) {
			out = append(out, prof.Name)
		}
	}
	return out
}

// HasRoleOf reports whether the plan has a block of a role the substance
// looks for ("role:testimonial"): a testimonial is not a line to lead
// with, but the page is not without proof.
func (p *Plan) HasRoleOf(s Substance) bool {
	for _, want := range s.Facts {
		r, ok := strings.CutPrefix(want, "role:")
		if !ok {
			continue
		}
		for _, b := range p.Blocks {
			if string(b.Role) == r {
				return true
			}
		}
	}
	return false
}

// Material is a line of the page that carries what a profile looks for
// (the guarantee for a cautious reader, a saving for a bargain hunter).
type Material struct {
	// Block is the ID of the block the line stands in.
	Block int `json:"block"`
	// Text is the line, as the page writes it.
	Text string `json:"text"`
	// Why says what the line carries for the profile.
	Why string `json:"why"`
}

// A materialTester says whether a plan's profile has material at all, as
// len(Material(p)) > 0 would, without listing and explaining it:
// FittingProfiles asks for eleven profiles and needs only that.
type materialTester interface {
	HasMaterial(p *Plan) bool
}

// A MaterialFinder finds the page's lines that carry a plan's profile's
// substance, best first. The built-in rules provider is one, so that the
// lines an agent is told to move up are the ones the built-in engine
// leads with.
type MaterialFinder interface {
	Material(p *Plan) []Material
}

func (f *Forker) plan(ctx context.Context, req Request) (*Plan, *Extraction, error) {
	req = req.WithDefaults()
	langs, err := req.validate()
	if err != nil {
		return nil, nil, err
	}
	ex, err := f.extract(ctx, Source{URL: req.URL, HTML: req.HTML, Language: req.SourceLanguage}, langs.source, &forkMemo{})
	if err != nil {
		return nil, nil, err
	}
	prof, _ := LookupProfile(req.Profile)
	layer, _ := LookupLayer(req.LanguageLayer)
	layer.Rules = append(layer.Rules, f.layerRules[layer.Name]...)
	source := ex.Language()
	target := resolveTarget(langs, source)
	p := &Plan{
		Request:        req,
		Now:            f.now().UTC(),
		Profile:        prof,
		Layer:          layer,
		SourceLanguage: source.String(),
		TargetLanguage: target.String(),
		Culture:        target.Region(),
		Translation:    target.Translates(source),
		Source:         source,
		Target:         target,
		Analysis:       ex.Analysis,
		Ledger:         ex.Ledger,
	}
	byBlock := map[int][]Fact{}
	for _, fact := range ex.Ledger {
		byBlock[fact.Block] = append(byBlock[fact.Block], fact)
	}
	of, n := ex.doc.Sections()
	p.Sections = n
	for _, b := range ex.Blocks {
		p.Blocks = append(p.Blocks, Brief{Block: b, Verbatim: verbatimRoles[b.Role], Facts: byBlock[b.ID], Budget: budgetFor(b), Section: of[b.ID]})
	}
	p.Misstatements = Misstatements(p.Blocks)
	return p, ex, nil
}

// resolveTarget decides the fork's language. A target equal to the
// source hint (as with the defaults) means "keep the page's language";
// otherwise the target stands as asked.
func resolveTarget(langs languages, page Language) Language {
	if langs.target.Equal(langs.source) {
		return page
	}
	return langs.target
}

// endsSentence reports whether text ends as a sentence does (a full stop,
// an exclamation or question mark, before any closing quote or bracket).
func endsSentence(text string) bool {
	text = strings.TrimRight(text, " \u00a0\"'”’)»")
	return strings.HasSuffix(text, ".") || strings.HasSuffix(text, "!") || strings.HasSuffix(text, "?")
}
