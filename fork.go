// Package fork rebuilds a landing page's copy for another audience,
// language layer or culture while keeping its offer exactly: prices,
// numbers, names, guarantees and links stay as they are; how the offer is
// told changes.
//
// A Forker fetches a page (Fetcher), extracts its copy blocks, records the
// offer ledger, analyses the page, plans the fork, asks a Provider to
// rewrite each block and verifies the draft against the ledger and the
// target layer's rules. The library's Request and Result are also the wire
// format of the HTTP API.
package fork

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/marketingfork/fork/internal/extract"
	"github.com/marketingfork/fork/internal/fetch"
	"github.com/marketingfork/fork/internal/langtag"
	"github.com/marketingfork/fork/internal/ledger"
)

// DefaultLanguage is the source and target language a request gets when it
// names none. A target equal to the source means "keep the page's
// language", whatever language the page turns out to be in.
const DefaultLanguage = "en"

// Request asks for one fork. Its JSON names are the wire contract's; a
// missing or empty field takes its default.
type Request struct {
	// URL is the page to fork (http or https).
	URL string `json:"url"`
	// Profile is the target audience (see Profiles); default "enthusiast".
	Profile string `json:"profile"`
	// LanguageLayer is the target layer (see Layers); default "everyday".
	LanguageLayer string `json:"language_layer"`
	// SourceLanguage is a BCP 47 hint for the page's language; the page's
	// own declaration or detected language wins. Default "en".
	SourceLanguage string `json:"source_language"`
	// TargetLanguage is the BCP 47 language of the fork; its region is the
	// target culture. Default "en".
	TargetLanguage string `json:"target_language"`
	// HTML is an inline page to fork instead of fetching URL. When both are
	// set, HTML is used and URL is only recorded as where the page lives.
	HTML string `json:"html,omitempty"`
	// Strict turns a fork that still fails verification after its retry
	// into an error wrapping ErrProvider, instead of a result with Passed
	// false: for callers that publish forks without reading the checks.
	Strict bool `json:"strict,omitempty"`
	// Brand holds the marketer's own words: terms kept, a glossary, words
	// avoided and a voice. Its fields are the request's own on the wire.
	Brand
}

// UnmarshalJSON fills absent fields with their defaults, so a body of {}
// means the contract's defaults.
func (r *Request) UnmarshalJSON(b []byte) error {
	type plain Request
	p := plain(Request{}.WithDefaults())
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*r = Request(p).WithDefaults()
	return nil
}

// WithDefaults returns the request with every empty field set to its
// default and the rest trimmed of surrounding space.
func (r Request) WithDefaults() Request {
	def := func(v, d string) string {
		if v = strings.TrimSpace(v); v == "" {
			return d
		}
		return v
	}
	r.URL = strings.TrimSpace(r.URL)
	r.Profile = def(r.Profile, DefaultProfile)
	r.LanguageLayer = def(r.LanguageLayer, DefaultLayer)
	r.SourceLanguage = def(r.SourceLanguage, DefaultLanguage)
	r.TargetLanguage = def(r.TargetLanguage, DefaultLanguage)
	r.Brand = r.Brand.trimmed()
	return r
}

// Validate checks every field and reports all problems at once as a
// *ValidationError. It expects a request that has had its defaults applied.
// The language fields are read with ParseLanguage: "und", "und-GB",
// private-use and malformed tags are refused, naming the field.
func (r Request) Validate() error {
	_, err := r.validate()
	return err
}

// languages are a request's languages as validation parsed them: the one
// place the request's tags are read.
type languages struct {
	source, target Language
}

// validate is Validate that also returns the parsed languages.
func (r Request) validate() (languages, error) {
	var (
		v     ValidationError
		langs languages
	)
	if r.URL == "" && strings.TrimSpace(r.HTML) == "" {
		v.Fields = append(v.Fields, FieldError{Field: "url", Type: "missing", Msg: "give the page's url (or an inline html page)", Input: r.URL})
	} else if r.URL != "" {
		// With an inline page the url is its address (links resolve
		// against it), so it must be one too: the contract's url is a
		// URI or empty, whatever else the request carries.
		if err := checkURL(r.URL); err != nil {
			v.Fields = append(v.Fields, FieldError{Field: "url", Type: "url_parsing", Msg: err.Error(), Input: r.URL})
		}
	}
	if _, err := LookupProfile(r.Profile); err != nil {
		v.Fields = append(v.Fields, FieldError{Field: "profile", Type: "enum", Msg: "must be one of " + strings.Join(ProfileNames(), ", "), Input: r.Profile})
	}
	if _, err := LookupLayer(r.LanguageLayer); err != nil {
		v.Fields = append(v.Fields, FieldError{Field: "language_layer", Type: "enum", Msg: "must be one of " + strings.Join(LayerNames(), ", "), Input: r.LanguageLayer})
	}
	for _, f := range []struct {
		name, value string
		into        *Language
	}{{"source_language", r.SourceLanguage, &langs.source}, {"target_language", r.TargetLanguage, &langs.target}} {
		t, err := langtag.Parse(f.value)
		if err != nil {
			v.Fields = append(v.Fields, FieldError{Field: f.name, Type: "value_error", Msg: languageMsg(err), Input: f.value})
			continue
		}
		*f.into = t
	}
	v.Fields = append(v.Fields, r.Brand.fieldErrors()...)
	if len(v.Fields) > 0 {
		return languages{}, &v
	}
	return langs, nil
}

// Source is a page to read: fetched from URL, or given inline as HTML.
type Source struct {
	// URL is where the page lives.
	URL string `json:"url,omitempty"`
	// HTML is the page itself; when set, nothing is fetched.
	HTML string `json:"html,omitempty"`
	// Language is a BCP 47 hint for the page's language.
	Language string `json:"language,omitempty"`
}

// Fetcher obtains a page. The default fetcher refuses private and special
// addresses at connect time; see WithFetcher to replace it.
type Fetcher interface {
	Fetch(ctx context.Context, url string) (*Page, error)
}

// Page is a fetched HTML document, decoded to UTF-8.
type Page = fetch.Page

// Provider is a rewriting engine: it turns a plan into new text per block.
// A provider must keep what the plan locks; the Forker verifies the draft
// and gives the provider one more try with the findings when it fails.
type Provider interface {
	// Info names the provider and says what it can do.
	Info() ProviderInfo
	// Rewrite drafts the fork. It returns an error wrapping ErrUnsupported
	// for what it cannot do, never the source text as if it were a fork.
	Rewrite(ctx context.Context, plan *Plan) (*Draft, error)
}

// ProviderInfo names a provider and what it can do.
type ProviderInfo struct {
	// Name identifies the provider ("rules", "openai").
	Name string `json:"name"`
	// Version changes whenever the same input could give other output.
	Version string `json:"version"`
	// Translates says whether the provider can fork into another language.
	Translates bool `json:"translates"`
	// RetriesNamedBlocks says a retry changes only the blocks its findings
	// name (the built-in provider: it is deterministic and acts on a finding
	// through its blocks). Given findings that name no block, such as a
	// page-wide reading grade, it would write the first draft again, so the
	// Forker does not ask for that retry; a model reads a page-wide finding
	// and rewrites every block, so the openai provider leaves this false.
	RetriesNamedBlocks bool `json:"-"`
}

// Draft is a provider's new text for the blocks of a plan.
type Draft struct {
	// Blocks hold the new text by block ID; a block left out is a block
	// lost, which verification reports.
	Blocks []DraftBlock `json:"blocks"`
	// Changes are ledger facts the draft changed on purpose under a named
	// culture rule (a unit converted, a date reformatted).
	Changes []Change `json:"changes,omitempty"`
	// Notes are what a person should look at before the fork goes live,
	// such as a reference that may not travel to the target culture.
	Notes []string `json:"notes,omitempty"`
	// Sections is a new order of the page's top-level sections:
	// Sections[k] is the section that takes the k-th section's place. Nil
	// keeps the page's order.
	Sections []int `json:"sections,omitempty"`
	// Usage is what writing the draft cost in tokens; zero for a provider
	// that does not count them (the built-in one).
	Usage Usage `json:"usage,omitzero"`
	// PutFirst names, in a few words, what the draft puts first for the
	// profile's reader ("the guarantee and its terms", "a saving ($48)",
	// "the customers' words" where the page had nothing for the profile
	// and its pattern moved them up), where the provider knows it; the
	// experiment's hypothesis says so instead of the profile's material in
	// general (a refund's terms called "the strongest proof", and
	// "outcomes and scale" beside a note that the page has none, read
	// false to graders). Empty: the profile's material. Not part of the
	// wire format.
	PutFirst string `json:"-"`
	// PutUp reports a draft that moves PutFirst's section up but not to
	// the top: it stands under parts of the page that already speak to
	// the reader (elementary OS's proof moved from sixth to fourth place),
	// and the hypothesis says "moved up", not "put first", which graders
	// read beside it as false. Not part of the wire format.
	PutUp bool `json:"-"`
	// LayerAsIs reports a draft whose language-layer pass changed no word
	// of the page, where the provider knows it (the built-in one does):
	// the hypothesis says the wording is the page's own rather than claim
	// a rewording the fork does not make (graders read "in the technical
	// layer" beside an unchanged wording as a false claim). False:
	// changed, or not known. Not part of the wire format.
	LayerAsIs bool `json:"-"`
}

// Usage counts the tokens a model read and wrote.
type Usage struct {
	// PromptTokens is what the model read: instructions and page copy.
	PromptTokens int64 `json:"prompt_tokens"`
	// CompletionTokens is what it wrote.
	CompletionTokens int64 `json:"completion_tokens"`
}

// Total is prompt and completion tokens together.
func (u Usage) Total() int64 { return u.PromptTokens + u.CompletionTokens }

// Add returns the sum of two usages.
func (u Usage) Add(v Usage) Usage {
	return Usage{PromptTokens: u.PromptTokens + v.PromptTokens, CompletionTokens: u.CompletionTokens + v.CompletionTokens}
}

// DraftBlock is the new text of one block.
type DraftBlock struct {
	// ID is the source block's ID.
	ID int `json:"id"`
	// Text is the block's new text.
	Text string `json:"text"`
	// Href is the block's link target in the fork, when it has one; empty
	// means unchanged.
	Href string `json:"href,omitempty"`
	// Rationale says why the block reads as it does now.
	Rationale string `json:"rationale,omitempty"`
}

// Change records a ledger fact that a culture rule changed on purpose.
type Change struct {
	// From is the fact's normalised value in the source.
	From string `json:"from"`
	// To is its normalised value in the fork.
	To string `json:"to"`
	// Rule names the culture rule ("en-GB: miles to kilometres").
	Rule string `json:"rule"`
}

// Block is one piece of copy in page order, with its role and a pointer
// back to its element.
type Block = extract.Block

// Role is what a block does on the page.
type Role = extract.Role

// The roles a block can have.
const (
	RoleTitle           = extract.RoleTitle
	RoleMetaDescription = extract.RoleMetaDescription
	RoleHeadline        = extract.RoleHeadline
	RoleSubheadline     = extract.RoleSubheadline
	RoleBody            = extract.RoleBody
	RoleBullet          = extract.RoleBullet
	RoleCTA             = extract.RoleCTA
	RoleTestimonial     = extract.RoleTestimonial
	RolePrice           = extract.RolePrice
	RoleGuarantee       = extract.RoleGuarantee
	RoleFAQQuestion     = extract.RoleFAQQuestion
	RoleFAQAnswer       = extract.RoleFAQAnswer
	RoleFinePrint       = extract.RoleFinePrint
)

// Fact is one thing of the offer a fork must keep.
type Fact = ledger.Fact

// FactKind is the kind of a fact ("price", "url").
type FactKind = ledger.Kind

// Extraction is what a page holds: its copy, its offer and its analysis.
type Extraction struct {
	// URL is where the page came from (after redirects), if fetched.
	URL string `json:"url,omitempty"`
	// Blocks are the copy blocks in page order.
	Blocks []Block `json:"blocks"`
	// Ledger is the offer: every fact a fork must keep.
	Ledger []Fact `json:"ledger"`
	// Analysis describes the page.
	Analysis Analysis `json:"analysis"`

	doc  *extract.Document
	lang Language
	// memo is the fork's, for an extraction made for one (nil otherwise):
	// it measured the page's prose, whose lines the drafts share.
	memo *forkMemo
}

// Language is the page's language (Analysis.Language) as a typed value. An
// Extraction decoded from JSON rather than read from a page has only the
// string: it is parsed here, and a tag that does not parse is the zero
// Language.
func (e *Extraction) Language() Language {
	if e.lang.IsZero() {
		t, _ := langtag.Parse(e.Analysis.Language)
		return t
	}
	return e.lang
}

// Forker forks pages. It is safe for concurrent use.
type Forker struct {
	provider   Provider
	material   MaterialFinder
	fetcher    Fetcher
	layerRules map[string][]Rule
	now        func() time.Time
	fetchCfg   fetch.Config
	// rewriteTimeout bounds the provider's drafts of one fork together.
	rewriteTimeout time.Duration
	// maxCopy bounds the bytes of copy a page may hold (negative: none).
	maxCopy int
}

// DefaultRewriteTimeout is how long the drafts of one fork may take
// together unless WithRewriteTimeout says otherwise: under the reference
// server's one-minute write timeout, with the fetch's ten seconds before it.
const DefaultRewriteTimeout = 45 * time.Second

// Option configures a Forker.
type Option func(*Forker)

// WithProvider sets the rewriting engine. Without one, Fork and Plan work
// up to the rewrite and Fork reports ErrUnsupported.
func WithProvider(p Provider) Option { return func(f *Forker) { f.provider = p } }

// WithMaterialFinder sets what finds, for Plan, the page's material that
// fits the profile (Plan.Material). Without one, a provider that is a
// MaterialFinder (the built-in rules provider is) finds it; with neither,
// plans carry no material.
func WithMaterialFinder(m MaterialFinder) Option { return func(f *Forker) { f.material = m } }

// WithFetcher replaces the default fetcher, for example to read pages from
// a cache or a crawler.
func WithFetcher(fe Fetcher) Option { return func(f *Forker) { f.fetcher = fe } }

// WithAllowPrivate lets the default fetcher connect to loopback and private
// addresses on any port. It is for tests and local use; never enable it on
// a server that fetches URLs from untrusted callers.
func WithAllowPrivate(allow bool) Option {
	return func(f *Forker) { f.fetchCfg.AllowPrivate = allow }
}

// HostPort is a local page server the default fetcher may reach: see
// WithAllowHosts and ParseHostPorts.
type HostPort = fetch.HostPort

// ParseHostPorts reads a comma-separated list of "localhost:8000",
// "127.0.0.1:8000" or "[::1]:8000"; other host names and cloud metadata
// addresses are refused.
func ParseHostPorts(list string) ([]HostPort, error) { return fetch.ParseHostPorts(list) }

// WithAllowHosts lets the default fetcher reach just these hosts and
// ports, whatever the address and port rules say: the narrow way to fork a
// page served on the user's own machine, where WithAllowPrivate would open
// every internal address.
func WithAllowHosts(hosts ...HostPort) Option {
	return func(f *Forker) { f.fetchCfg.AllowHosts = append(f.fetchCfg.AllowHosts, hosts...) }
}

// WithFetchTimeout sets the default fetcher's total deadline (10 s when
// unset).
func WithFetchTimeout(d time.Duration) Option {
	return func(f *Forker) { f.fetchCfg.Timeout = d }
}

// WithLayerRules adds rules to a layer's own, so a caller can hold forks to
// house rules (a banned word list, a shorter sentence limit).
func WithLayerRules(layer string, rules ...Rule) Option {
	return func(f *Forker) {
		key := strings.ToLower(layer)
		f.layerRules[key] = append(f.layerRules[key], rules...)
	}
}

// WithRewriteTimeout sets the time budget of the provider's drafts of one
// fork, both tries together (DefaultRewriteTimeout when unset or not
// positive). A fork over it fails with an error that wraps ErrProvider and
// ErrTimeout.
func WithRewriteTimeout(d time.Duration) Option { return func(f *Forker) { f.rewriteTimeout = d } }

// DefaultMaxCopy is how many bytes of copy (the text of a page's blocks)
// a fork reads unless WithMaxCopy says otherwise: eight times the longest
// sales letter we have read (16 KB), and small enough that any page under
// it is forked in well under a second whatever its text is made of.
const DefaultMaxCopy = 128 << 10

// WithMaxCopy bounds the copy a page may hold, in bytes of its blocks'
// text: a page with more is refused with an error wrapping ErrTooLarge
// before its ledger and analysis are built, so its work is bounded by the
// bound and not by the page. Zero means DefaultMaxCopy, a negative number
// no bound (for trusted input only).
func WithMaxCopy(n int) Option { return func(f *Forker) { f.maxCopy = n } }

// WithClock sets the clock that stamps results; tests pass a fixed one.
func WithClock(now func() time.Time) Option { return func(f *Forker) { f.now = now } }

// New returns a Forker configured by opts.
func New(opts ...Option) *Forker {
	f := &Forker{layerRules: map[string][]Rule{}, now: time.Now}
	for _, o := range opts {
		o(f)
	}
	if f.fetcher == nil {
		f.fetcher = fetch.New(f.fetchCfg)
	}
	if f.rewriteTimeout <= 0 {
		f.rewriteTimeout = DefaultRewriteTimeout
	}
	if f.maxCopy == 0 {
		f.maxCopy = DefaultMaxCopy
	}
	return f
}

// Provider returns the configured provider, or nil.
func (f *Forker) Provider() Provider { return f.provider }

// Extract reads a page and returns its copy blocks, offer ledger and
// analysis. A Source.Language that ParseLanguage refuses is an error
// wrapping ErrInvalidInput.
func (f *Forker) Extract(ctx context.Context, src Source) (*Extraction, error) {
	var hint Language
	if src.Language != "" {
		t, err := langtag.Parse(src.Language)
		if err != nil {
			return nil, fmt.Errorf("%w: source language: %s", ErrInvalidInput, languageMsg(err))
		}
		hint = t
	}
	return f.extract(ctx, src, hint, nil)
}

// extract is Extract with the language hint parsed (the zero Language for
// none), keeping what it measures in m when m is not nil.
func (f *Forker) extract(ctx context.Context, src Source, hint Language, m *forkMemo) (*Extraction, error) {
	if strings.TrimSpace(src.HTML) == "" {
		if strings.TrimSpace(src.URL) == "" {
			return nil, fmt.Errorf("%w: give a url or an inline html page", ErrInvalidInput)
		}
		if err := checkURL(src.URL); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrInvalidInput, err)
		}
	}
	var (
		body    []byte
		url     = strings.TrimSpace(src.URL)
		content string
	)
	if strings.TrimSpace(src.HTML) != "" {
		body = []byte(src.HTML)
	} else {
		page, err := f.fetcher.Fetch(ctx, url)
		if err != nil {
			return nil, err
		}
		body, url, content = page.HTML, page.URL, page.ContentLanguage
	}
	return extractPage(ctx, body, url, content, hint, f.maxCopy, m)
}

// MaxBlocks bounds the copy blocks of a page: a landing page has dozens or
// a few hundred; a page with thousands is a document or an attack, and the
// work a fork does grows with it.
const MaxBlocks = 2000

// copyBytes is the size of a page's copy: its blocks' text.
func copyBytes(blocks []extract.Block) int {
	n := 0
	for _, b := range blocks {
		n += len(b.Text)
	}
	return n
}

// extractPage parses a page and builds its extraction, with m (which may
// be nil) as its memo.
func extractPage(ctx context.Context, body []byte, url, contentLanguage string, hint Language, maxCopy int, m *forkMemo) (*Extraction, error) {
	doc, err := extract.Parse(bytes.NewReader(body))
	if errors.Is(err, ErrTooDeep) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotHTML, err)
	}
	if len(doc.Blocks) > MaxBlocks {
		return nil, fmt.Errorf("%w: the page has %d copy blocks, more than the %d a landing page can have", ErrTooLarge, len(doc.Blocks), MaxBlocks)
	}
	if n := copyBytes(doc.Blocks); maxCopy >= 0 && n > maxCopy {
		return nil, fmt.Errorf("%w: the page holds %d KB of copy, more than the %d KB a fork reads", ErrTooLarge, n>>10, maxCopy>>10)
	}
	if !hasCopy(doc.Blocks) {
		return nil, fmt.Errorf("%w: no headline, text or call to action found", ErrNoCopy)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	an, lang := analyse(doc, contentLanguage, hint, m)
	var names []string
	if doc.SiteName != "" {
		names = append(names, doc.SiteName)
	}
	facts, err := ledger.ExtractContext(ctx, ledger.Source{Blocks: doc.Blocks, Locale: an.Language, Names: names})
	if err != nil {
		return nil, err
	}
	if facts == nil {
		facts = []Fact{}
	}
	markScarcity(doc.Blocks, facts)
	return &Extraction{URL: url, Blocks: doc.Blocks, Ledger: facts, Analysis: an, doc: doc, lang: lang, memo: m}, nil
}

// markScarcity flags the blocks that state a scarcity claim ("only 6
// left", "ends Friday"): the ledger's claim tables, one per language, are
// the one list of those words.
func markScarcity(blocks []Block, facts []Fact) {
	for _, f := range facts {
		if f.Kind == ledger.KindClaim && f.Claim == ledger.ClaimScarcity && f.Block >= 0 && f.Block < len(blocks) {
			blocks[f.Block].Scarcity = true
		}
	}
}

// hasCopy reports whether blocks hold anything besides the head's title and
// description: a page of only those has nothing a fork could rebuild.
func hasCopy(blocks []Block) bool {
	for _, b := range blocks {
		if b.Role != RoleTitle && b.Role != RoleMetaDescription {
			return true
		}
	}
	return false
}

// Markdown returns the page's copy as Markdown in page order. It is empty
// for an Extraction that was decoded from JSON rather than read from a page.
func (e *Extraction) Markdown() string {
	if e.doc == nil {
		return ""
	}
	return e.doc.Markdown(nil)
}
