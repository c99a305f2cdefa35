package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"github.com/marketingfork/fork/internal/apierr"
	"net/http"
	"runtime/debug"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/marketingfork/fork"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ListProfilesInput is the input of list_profiles.
type ListProfilesInput struct {
	// Sandbox is accepted for symmetry with the other tools; the catalog
	// is the same either way.
	Sandbox bool `json:"sandbox,omitempty" jsonschema:"accepted for symmetry with the other tools; the catalog is the same"`
}

// ProfilesOutput is the output of list_profiles.
type ProfilesOutput struct {
	// Profiles are the audience profiles, default first.
	Profiles []fork.Profile `json:"profiles"`
	// Layers are the four language layers, default first.
	Layers []fork.Layer `json:"layers"`
}

// ExtractInput is the input of extract_copy.
type ExtractInput struct {
	// URL is the page to read.
	URL string `json:"url,omitempty"`
	// HTML is the page inline; when set, nothing is fetched.
	HTML string `json:"html,omitempty"`
	// Language is a BCP 47 hint for the page's language.
	Language string `json:"language,omitempty"`
	// Sandbox reads the built-in sample page instead.
	Sandbox bool `json:"sandbox,omitempty"`
}

// ExtractOutput is the output of extract_copy: the page's copy blocks,
// offer ledger and analysis.
type ExtractOutput struct {
	fork.Extraction
	// Sandbox is true when the output is the sample page's.
	Sandbox bool `json:"sandbox,omitempty"`
	// Note says what a sandbox answer is.
	Note string `json:"note,omitempty"`
}

// ForkInput is the input of plan_fork and fork_copy: fork.Request's
// fields and the sandbox switch.
type ForkInput struct {
	// URL is the page to fork.
	URL string `json:"url,omitempty"`
	// HTML is the page inline; when set, nothing is fetched.
	HTML string `json:"html,omitempty"`
	// Profile is the target audience.
	Profile string `json:"profile,omitempty"`
	// LanguageLayer is the target language layer.
	LanguageLayer string `json:"language_layer,omitempty"`
	// SourceLanguage is a BCP 47 hint for the page's language.
	SourceLanguage string `json:"source_language,omitempty"`
	// TargetLanguage is the BCP 47 language of the fork.
	TargetLanguage string `json:"target_language,omitempty"`
	BrandInput
	// Sandbox works on the built-in sample page instead.
	Sandbox bool `json:"sandbox,omitempty"`
}

// BrandInput is the marketer's own words a fork must respect: the fields
// of fork.Brand, described for an agent.
type BrandInput struct {
	// Keep lists terms no fork may change.
	Keep []string `json:"keep,omitempty" jsonschema:"terms no fork may change, such as product names and trademarks: each stays written as it is, as often as the page has it"`
	// Glossary maps a term to the rendering the fork must use.
	Glossary map[string]string `json:"glossary,omitempty" jsonschema:"term of the page → the rendering the fork must use for it, in the fork's language (sign up → register)"`
	// Avoid lists words the brand never uses.
	Avoid []string `json:"avoid,omitempty" jsonschema:"words the brand never uses: no fork may add them"`
	// Voice describes the brand's voice.
	Voice string `json:"voice,omitempty" jsonschema:"the brand's voice in a sentence or two, for whoever writes the fork"`
}

func (b BrandInput) brand() fork.Brand {
	return fork.Brand{Keep: b.Keep, Glossary: b.Glossary, Avoid: b.Avoid, Voice: b.Voice}
}

// request is the input as a fork.Request.
func (in ForkInput) request() fork.Request {
	return fork.Request{URL: in.URL, HTML: in.HTML, Profile: in.Profile, LanguageLayer: in.LanguageLayer, SourceLanguage: in.SourceLanguage, TargetLanguage: in.TargetLanguage, Brand: in.brand()}
}

// PlanOutput is the output of plan_fork: the plan an agent writes the fork
// from, and the rules for writing it.
type PlanOutput struct {
	fork.Plan
	// Instructions say how to write the fork from the plan and check it.
	Instructions []string `json:"instructions"`
	// Sandbox is true when the plan is for the sample page.
	Sandbox bool `json:"sandbox,omitempty"`
	// Note says what a sandbox answer is.
	Note string `json:"note,omitempty"`
}

// ForkOutput is the output of fork_copy: the server-side fork.
type ForkOutput struct {
	fork.Result
	// Sandbox is true when the fork is of the sample page.
	Sandbox bool `json:"sandbox,omitempty"`
	// Note says what a sandbox answer is.
	Note string `json:"note,omitempty"`
}

// VerifyInput is the input of verify_fork.
type VerifyInput struct {
	// Source is the page the fork was written from.
	Source SourceInput `json:"source,omitzero"`
	// Fork is the fork as blocks, by the source's block IDs.
	Fork *DraftInput `json:"fork,omitempty"`
	// ForkHTML is the fork as a whole page, instead of Fork.
	ForkHTML string `json:"fork_html,omitempty"`
	// Target is what the fork was written for.
	Target TargetInput `json:"target,omitzero"`
	// Sandbox checks against the built-in sample page instead.
	Sandbox bool `json:"sandbox,omitempty"`
}

// SourceInput names the source page of verify_fork.
type SourceInput struct {
	// URL is the page.
	URL string `json:"url,omitempty"`
	// HTML is the page inline; when set, nothing is fetched.
	HTML string `json:"html,omitempty"`
	// Language is a BCP 47 hint for the page's language.
	Language string `json:"language,omitempty"`
}

// DraftInput is a fork written block by block.
type DraftInput struct {
	// Blocks hold the new text by source block ID.
	Blocks []DraftBlockInput `json:"blocks"`
	// Changes are ledger facts changed on purpose under a culture rule.
	Changes []ChangeInput `json:"changes,omitempty"`
	// Sections is a new order of the page's top-level sections.
	Sections []int `json:"sections,omitempty"`
	// Notes are what a person should look at before the fork goes live;
	// they do not change the checks.
	Notes []string `json:"notes,omitempty"`
}

// DraftBlockInput is the new text of one block.
type DraftBlockInput struct {
	// ID is the source block's ID.
	ID int `json:"id"`
	// Text is the block's new text.
	Text string `json:"text"`
	// Href is the block's link target, when it has one; empty keeps it.
	Href string `json:"href,omitempty"`
	// Rationale says why the block reads as it does.
	Rationale string `json:"rationale,omitempty"`
}

// ChangeInput is a ledger fact changed on purpose.
type ChangeInput struct {
	// From is the fact's normalised value in the source.
	From string `json:"from"`
	// To is its normalised value in the fork.
	To string `json:"to"`
	// Rule names the culture rule.
	Rule string `json:"rule"`
}

// TargetInput is what a fork was written for.
type TargetInput struct {
	// Profile is the target audience.
	Profile string `json:"profile,omitempty"`
	// LanguageLayer is the target language layer.
	LanguageLayer string `json:"language_layer,omitempty"`
	// TargetLanguage is the BCP 47 language of the fork.
	TargetLanguage string `json:"target_language,omitempty"`
	BrandInput
}

// VerifyOutput is the output of verify_fork.
type VerifyOutput struct {
	fork.Report
	// Sandbox is true when the fork was checked against the sample page.
	Sandbox bool `json:"sandbox,omitempty"`
	// Note says what a sandbox answer is.
	Note string `json:"note,omitempty"`
}

// sandboxNote tells a sandbox caller what they are looking at.
const sandboxNote = "Sandbox: sample output from Marketing Fork's built-in sample page (Tidyflow) with the built-in rules provider; nothing was fetched and any url or html given was not read. Call without sandbox (and with an API key) to work on your page."

// addTools registers the five tools.
func (s *server) addTools(srv *mcp.Server) {
	f := false
	readOnly := func(title string, openWorld bool) *mcp.ToolAnnotations {
		return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: &f, OpenWorldHint: &openWorld}
	}
	mcp.AddTool(srv, &mcp.Tool{
		Name:        "list_profiles",
		Title:       "List profiles and layers",
		Description: "Lists the audience profiles (with each one's persuasion pattern, headline and CTA strategy, words to prefer and avoid) and the four language layers (with their measurable rules). Use the names as profile and language_layer.",
		Annotations: readOnly("List profiles and layers", false),
		InputSchema: mustSchema[ListProfilesInput](nil),
	}, recoverTool(s, "list_profiles", s.listProfiles))
	mcp.AddTool(srv, &mcp.Tool{
		Name:  "extract_copy",
		Title: "Extract a page's copy",
		Description: "Reads a landing page (url, or html inline) and returns its copy blocks in page order (id, role, text, link target, and markup: the text with its inline elements as numbered placeholders such as <1>…</1> and <2/>), " +
			"the offer ledger (every price, number, date, name, URL, guarantee and legal line a fork must keep) and an analysis " +
			"(language, readability, persuasion pattern, the audience it seems written for). With sandbox, reads the built-in sample page.",
		Annotations: readOnly("Extract a page's copy", true),
		InputSchema: mustSchema[ExtractInput](map[string]string{
			"url":      "The page to read (http or https). Not needed when html is given.",
			"html":     "The page's HTML inline; when set, nothing is fetched.",
			"language": "BCP 47 hint for the page's language (en, en-GB, de-CH, pt-BR); the page's own declaration wins.",
			"sandbox":  "true: read the built-in sample page and fetch nothing.",
		}),
	}, recoverTool(s, "extract_copy", s.extractCopy))
	forkFields := map[string]string{
		"url":             "The page to fork (http or https). Not needed when html is given.",
		"html":            "The page's HTML inline; when set, nothing is fetched.",
		"profile":         "Target audience, one of " + strings.Join(fork.ProfileNames(), ", ") + ". Default " + fork.DefaultProfile + ".",
		"language_layer":  "Target language layer, one of " + strings.Join(fork.LayerNames(), ", ") + ". Default " + fork.DefaultLayer + ".",
		"source_language": "BCP 47 hint for the page's language. Default en; the page's own language wins.",
		"target_language": "BCP 47 language of the fork; its region is the target culture (en-GB, de-CH). Default: the page's language. Another language than the page's is a translation.",
		"sandbox":         "true: work on the built-in sample page and fetch nothing.",
	}
	mcp.AddTool(srv, &mcp.Tool{
		Name:  "plan_fork",
		Title: "Plan a fork",
		Description: "Plans a fork of a page for a target profile, language layer and language, for you to write: the profile's pattern (block order, headline, CTA and proof strategy), " +
			"one brief per block with its role, text, length budget, locked facts and whether it must stay verbatim, the layer's rules, the offer ledger and the target culture. " +
			"Write new text for each block from it, then check the draft with verify_fork.",
		Annotations: readOnly("Plan a fork", true),
		InputSchema: mustSchema[ForkInput](forkFields),
	}, recoverTool(s, "plan_fork", s.planFork))
	mcp.AddTool(srv, &mcp.Tool{
		Name:  "fork_copy",
		Title: "Fork a page on the server",
		Description: "Forks a page on the server in one call with the server's provider: the forked blocks beside the source with a rationale each, the ledger with each fact's status, " +
			"the checks, readability before and after, an experiment note, and the forked page as HTML and Markdown. A fork whose checks failed still returns: passed is false and the checks say why.",
		Annotations: readOnly("Fork a page on the server", true),
		InputSchema: mustSchema[ForkInput](forkFields),
	}, recoverTool(s, "fork_copy", s.forkCopy))
	mcp.AddTool(srv, &mcp.Tool{
		Name:  "verify_fork",
		Title: "Verify a fork",
		Description: "Checks a fork against its source page: every ledger fact kept, nothing invented, every block covered, CTA targets kept, verbatim lines unchanged, length budgets, " +
			"the layer's rules and the target language. Give the fork as blocks (fork.blocks, by the source's block ids) or as a whole page (fork_html).",
		Annotations: readOnly("Verify a fork", true),
		InputSchema: verifySchema(),
	}, recoverTool(s, "verify_fork", s.verifyFork))
	if s.cfg.Export != nil {
		mcp.AddTool(srv, &mcp.Tool{
			Name:  "export_fork",
			Title: "Export a kept fork to an A/B testing tool",
			Description: "Returns a fork made with your key (its id, from POST /v1/fork) in an A/B testing tool's format, located on the page as it was forked: " +
				"growthbook (experiment and visual changeset with domMutations), optimizely (actions[].changes[]), posthog (web experiment transforms), " +
				"unbounce (the forked page whole, as HTML) or patch (our plain {selector, html} list and section moves). Needs an API key; sandbox forks are not kept. " +
				"A fork that changes no copy and moves no section is refused (no_variant): a test of it against the control would be an A/A test.",
			Annotations: readOnly("Export a kept fork", false),
			InputSchema: mustSchema[ExportInput](map[string]string{
				"id":     "The kept fork's id (fk_…), as POST /v1/fork or GET /v1/forks gave it.",
				"format": "growthbook, optimizely, posthog, unbounce or patch.",
			}),
		}, recoverTool(s, "export_fork", s.exportFork))
	}
}

// ExportInput is the input of export_fork.
type ExportInput struct {
	ID     string `json:"id"`
	Format string `json:"format"`
}

// ExportOutput is the output of export_fork: the export as the tool takes
// it, JSON text or, for unbounce, HTML.
type ExportOutput struct {
	ID          string `json:"id"`
	Format      string `json:"format"`
	ContentType string `json:"content_type"`
	Export      string `json:"export"`
}

// exportFork answers export_fork. The key is checked again from the
// request's headers, which the transport hands the tool: the guard let the
// request through, and export_fork must know whose forks to read.
func (s *server) exportFork(ctx context.Context, req *mcp.CallToolRequest, in ExportInput) (*mcp.CallToolResult, ExportOutput, error) {
	var hdr http.Header
	if req != nil && req.Extra != nil {
		hdr = req.Extra.Header
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "/mcp", nil)
	if err != nil {
		return nil, ExportOutput{}, s.toolError("export_fork", nil, err)
	}
	hr.Header = hdr.Clone()
	if !hasCredentials(hr) {
		return nil, ExportOutput{}, s.toolError("export_fork", nil,
			fmt.Errorf("%w: export_fork reads forks kept for an API key: send Authorization: Bearer <key> (sandbox forks are not kept)", ErrUnauthorized))
	}
	keyID, err := s.cfg.Authenticate(hr)
	if err != nil {
		return nil, ExportOutput{}, s.toolError("export_fork", nil, err)
	}
	body, ct, err := s.cfg.Export(ctx, keyID, in.ID, in.Format)
	if err != nil {
		return nil, ExportOutput{}, s.toolError("export_fork", nil, err)
	}
	return nil, ExportOutput{ID: in.ID, Format: strings.ToLower(strings.TrimSpace(in.Format)), ContentType: ct, Export: body}, nil
}

// mustSchema infers T's input schema and sets the given property
// descriptions. Inference of these fixed types cannot fail; a failure is a
// programming error caught by every test.
func mustSchema[T any](descriptions map[string]string) *jsonschema.Schema {
	sc, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema for %T: %v", *new(T), err))
	}
	for name, d := range descriptions {
		if p := sc.Properties[name]; p != nil {
			p.Description = d
		}
	}
	if p := sc.Properties["sandbox"]; p != nil && p.Description == "" {
		p.Description = "true: work on the built-in sample page and fetch nothing."
	}
	return sc
}

// verifySchema is verify_fork's input schema with descriptions.
func verifySchema() *jsonschema.Schema {
	sc := mustSchema[VerifyInput](map[string]string{
		"source":    "The source page the fork was written from: url, or html inline, and an optional language hint. Not needed in the sandbox.",
		"fork":      "The fork as blocks: {blocks: [{id, text, href?}]}, ids from extract_copy or plan_fork; a block left out counts as lost. Optional: changes [{from, to, rule}] for facts a culture rule changed on purpose, sections (a new order of the page's sections), notes.",
		"fork_html": "The fork as a whole HTML page, instead of fork.",
		"target":    "What the fork was written for: profile, language_layer, target_language (defaults: " + fork.DefaultProfile + ", " + fork.DefaultLayer + ", the page's language).",
		"sandbox":   "true: check the fork against the built-in sample page and fetch nothing.",
	})
	describe := func(obj *jsonschema.Schema, d map[string]string) {
		for name, text := range d {
			if p := obj.Properties[name]; p != nil {
				p.Description = text
			}
		}
	}
	describe(sc.Properties["source"], map[string]string{
		"url":      "The source page (http or https).",
		"html":     "The source page's HTML inline; when set, nothing is fetched.",
		"language": "BCP 47 hint for the source page's language.",
	})
	describe(sc.Properties["target"], map[string]string{
		"profile":         "One of " + strings.Join(fork.ProfileNames(), ", ") + ".",
		"language_layer":  "One of " + strings.Join(fork.LayerNames(), ", ") + ".",
		"target_language": "BCP 47 language of the fork.",
	})
	if draft := sc.Properties["fork"]; draft != nil && draft.Properties["blocks"] != nil {
		describe(draft, map[string]string{
			"blocks":   "The new text of every block, by the source's block id.",
			"changes":  "Ledger facts a culture rule changed on purpose: from and to are the facts' normalised values, rule names the rule.",
			"sections": "A new order of the page's top-level sections: sections[k] is the section that takes the k-th section's place.",
			"notes":    "What a person should look at before the fork goes live; not checked.",
		})
		describe(draft.Properties["blocks"].Items, map[string]string{
			"id":        "The source block's id.",
			"text":      "The block's new text. Where the source block has markup, keep each of its placeholders (<1>…</1>, <2/>) exactly once around the words it wraps.",
			"href":      "The block's link target; leave it out to keep the source's.",
			"rationale": "Why the block reads as it does now (optional).",
		})
	}
	return sc
}

// recoverTool turns a panic in a tool into an error result, so a bug
// answers one call instead of ending the process.
func recoverTool[In, Out any](s *server, name string, h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("mcp: tool panicked", "tool", name, "panic", p, "stack", string(debug.Stack()))
				var zero Out
				res, out, err = nil, zero, errors.New("internal error: the tool failed on the server; try again, and report it if it keeps failing")
			}
		}()
		return h(ctx, req, in)
	}
}

// inSandbox reports whether a call runs in the sandbox: the request's
// X-Sandbox header or the tool's sandbox argument.
func inSandbox(req *mcp.CallToolRequest, arg bool) bool {
	if arg {
		return true
	}
	return req != nil && req.Extra != nil && req.Extra.Header != nil && sandboxHeader(req.Extra.Header)
}

// listProfiles answers list_profiles.
func (s *server) listProfiles(_ context.Context, _ *mcp.CallToolRequest, _ ListProfilesInput) (*mcp.CallToolResult, ProfilesOutput, error) {
	return nil, ProfilesOutput{Profiles: fork.Profiles(), Layers: fork.Layers()}, nil
}

// extractCopy answers extract_copy.
func (s *server) extractCopy(ctx context.Context, req *mcp.CallToolRequest, in ExtractInput) (*mcp.CallToolResult, ExtractOutput, error) {
	if inSandbox(req, in.Sandbox) {
		if err := checkURL(in.URL); err != nil {
			return nil, ExtractOutput{}, s.toolError("extract_copy", nil, err)
		}
		ex, err := s.cfg.Sandbox.Extract(ctx, fork.Source{HTML: s.cfg.SamplePage, Language: in.Language})
		if err != nil {
			return nil, ExtractOutput{}, s.toolError("extract_copy", nil, err)
		}
		return nil, ExtractOutput{Extraction: *ex, Sandbox: true, Note: sandboxNote}, nil
	}
	ex, err := s.cfg.Forker.Extract(ctx, fork.Source{URL: in.URL, HTML: in.HTML, Language: in.Language})
	if err != nil {
		return nil, ExtractOutput{}, s.toolError("extract_copy", nil, err)
	}
	return nil, ExtractOutput{Extraction: *ex}, nil
}

// forkerFor returns the forker and request for a plan or fork call: in
// the sandbox, the sample page with the caller's url checked but not read.
func (s *server) forkerFor(req *mcp.CallToolRequest, in ForkInput) (*fork.Forker, fork.Request, bool, error) {
	r := in.request()
	if !inSandbox(req, in.Sandbox) {
		return s.cfg.Forker, r, false, nil
	}
	if err := checkURL(in.URL); err != nil {
		return nil, r, true, err
	}
	r.URL, r.HTML = "", s.cfg.SamplePage
	return s.cfg.Sandbox, r, true, nil
}

// planFork answers plan_fork.
func (s *server) planFork(ctx context.Context, req *mcp.CallToolRequest, in ForkInput) (*mcp.CallToolResult, PlanOutput, error) {
	f, r, sandbox, err := s.forkerFor(req, in)
	if err != nil {
		return nil, PlanOutput{}, s.toolError("plan_fork", f, err)
	}
	p, err := f.Plan(ctx, r)
	if err != nil {
		return nil, PlanOutput{}, s.toolError("plan_fork", f, err)
	}
	p.Request.HTML = "" // the caller has the page; echoing it costs their context
	out := PlanOutput{Plan: *p, Instructions: planInstructions(p, sandbox)}
	if sandbox {
		out.Sandbox, out.Note = true, sandboxNote
	}
	return nil, out, nil
}

// forkCopy answers fork_copy.
func (s *server) forkCopy(ctx context.Context, req *mcp.CallToolRequest, in ForkInput) (*mcp.CallToolResult, ForkOutput, error) {
	f, r, sandbox, err := s.forkerFor(req, in)
	if err != nil {
		return nil, ForkOutput{}, s.toolError("fork_copy", f, err)
	}
	if s.cfg.Slot != nil && !sandbox {
		release, err := s.cfg.Slot(ctx)
		if err != nil {
			return nil, ForkOutput{}, s.toolError("fork_copy", f, err)
		}
		defer release()
	}
	res, err := f.Fork(ctx, r)
	if err != nil {
		return nil, ForkOutput{}, s.toolError("fork_copy", f, err)
	}
	res.Request.HTML = "" // the caller has the page; the fork's own html shows it rebuilt
	out := ForkOutput{Result: *res}
	if sandbox {
		out.Sandbox, out.Note = true, sandboxNote
	}
	return nil, out, nil
}

// verifyFork answers verify_fork.
func (s *server) verifyFork(ctx context.Context, req *mcp.CallToolRequest, in VerifyInput) (*mcp.CallToolResult, VerifyOutput, error) {
	vr := fork.VerifyRequest{
		Source:   fork.Source{URL: in.Source.URL, HTML: in.Source.HTML, Language: in.Source.Language},
		ForkHTML: in.ForkHTML,
		Target:   fork.Target{Profile: in.Target.Profile, LanguageLayer: in.Target.LanguageLayer, Language: in.Target.TargetLanguage, Brand: in.Target.brand()},
	}
	if in.Fork != nil {
		for _, b := range in.Fork.Blocks {
			vr.Fork.Blocks = append(vr.Fork.Blocks, fork.DraftBlock{ID: b.ID, Text: b.Text, Href: b.Href, Rationale: b.Rationale})
		}
		for _, c := range in.Fork.Changes {
			vr.Fork.Changes = append(vr.Fork.Changes, fork.Change{From: c.From, To: c.To, Rule: c.Rule})
		}
		vr.Fork.Sections, vr.Fork.Notes = in.Fork.Sections, in.Fork.Notes
	}
	f, sandbox := s.cfg.Forker, inSandbox(req, in.Sandbox)
	if sandbox {
		if err := checkURL(in.Source.URL); err != nil {
			return nil, VerifyOutput{}, s.toolError("verify_fork", nil, err)
		}
		f = s.cfg.Sandbox
		vr.Source.URL, vr.Source.HTML = "", s.cfg.SamplePage
	}
	rep, err := f.Verify(ctx, vr)
	if err != nil {
		return nil, VerifyOutput{}, s.toolError("verify_fork", nil, err)
	}
	out := VerifyOutput{Report: *rep}
	if sandbox {
		out.Sandbox, out.Note = true, sandboxNote
	}
	return nil, out, nil
}

// checkURL checks the form of a url a sandbox call was given, so the
// sandbox refuses what production would; an empty url is fine there.
func checkURL(u string) error {
	if strings.TrimSpace(u) == "" {
		return nil
	}
	return fork.Request{URL: u}.WithDefaults().Validate()
}

// toolError turns a library error into the message of an error result:
// the catalog's type code first (what /v1/fork and /ask call the same
// failure), then what went wrong and what to do about it. Errors the
// catalog does not know are logged and told as a server failure. f is the
// forker that failed, for saying whether it has a provider at all.
func (s *server) toolError(tool string, f *fork.Forker, err error) error {
	const writeIt = "write the fork yourself: plan_fork gives the briefs, rules and locked facts for any target language, and verify_fork checks your draft"
	e, known := apierr.Lookup(err)
	if !known {
		s.log.Error("mcp: tool failed", "tool", tool, "err", err)
	} else {
		s.log.Debug("mcp: tool refused", "tool", tool, "err", err)
	}
	hint := e.Advice()
	switch {
	case errors.Is(err, fork.ErrInvalidInput):
		hint = "Fix the arguments and call again."
	case errors.Is(err, fork.ErrUnsupported) && (f == nil || f.Provider() == nil):
		hint = "This server has no rewriting provider; " + writeIt + "."
	case errors.Is(err, fork.ErrUnsupported), errors.Is(err, fork.ErrProvider):
		hint += " Or " + writeIt + "."
	}
	return fmt.Errorf("%s: %s. %s", e.Type, e.Detail(err), hint)
}

// planInstructions are the rules for writing a fork from p.
func planInstructions(p *fork.Plan, sandbox bool) []string {
	rules := make([]string, len(p.Layer.Rules))
	for i, r := range p.Layer.Rules {
		rules[i] = r.Name + " (" + r.Description + ")"
	}
	language := "Write in " + p.TargetLanguage + ", the page's own language."
	if p.Translation {
		language = "Translate into " + p.TargetLanguage + " (from " + p.SourceLanguage + "): every block, verbatim lines included; a translation is the one change allowed to them."
	}
	if p.Culture != "" {
		language += " Follow the conventions of the " + p.Culture + " culture (spelling, number and date formats); a fact a culture rule changes goes in fork.changes with the rule's name."
	}
	source := "the same source (url or html) you planned from"
	if sandbox {
		source = "sandbox: true (the sample page)"
	}
	material := "Move up the page's own material for this profile (material: its lines and blocks, best first) and say it in the profile's words. Serve the audience by what leads, never by naming it on headings or buttons (\"for your team\")."
	if len(p.Material) == 0 {
		material = "The page lacks what this profile looks for (material_note: " + p.MaterialNote + "). Do not invent it: lead with the nearest thing the page says, and put what the owner could add in notes. Never name the audience on headings or buttons instead."
		if len(p.Fits) > 0 {
			material += " The page has material for these profiles (fits): " + strings.Join(p.Fits, ", ") + "; tell the user that a fork for one of them has more to test."
		}
	}
	if len(p.Misstatements) > 0 {
		material += " The page states a saving its own prices contradict (misstatements: the block, the figure and the sum): keep the figure as a fact, never lead with it, and tell the owner in notes to correct the figure or the prices on the control."
	}
	out := []string{
		"Write new text for every block in blocks, by id, for the " + p.Profile.Name + " profile: " + p.Profile.Description,
		"Follow the " + p.Profile.Pattern.Name + " pattern (profile.pattern): headline: " + p.Profile.Headline + " CTA: " + p.Profile.CTA + " A call to action stays short, its verb first, and names its action.",
		material,
		"Keep every fact in ledger exactly (prices, numbers, dates, names, URLs, guarantees, legal lines); each block's facts list what it must still say.",
		"Invent nothing: no number, name, URL or claim the page does not make.",
		"Blocks with verbatim true (testimonials, guarantees, fine print) keep their text word for word; you may move them, never reword them.",
		"Keep each block within its budget (min_chars to max_chars) and keep every call to action's href.",
		"Where a block has markup (its links, bold, struck-out prices and line breaks as numbered placeholders: <1>…</1>, <2/>), write its text with each placeholder exactly once, around the words it wraps, nested as in the source; plain text for such a block fails the markup check.",
		"Hold to the " + p.Layer.Name + " layer's rules: " + strings.Join(rules, "; ") + ".",
		language,
	}
	if b := p.Request.Brand; !b.IsZero() {
		out = append(out, "Honour the brand (request): keep each term in keep exactly as written, write each glossary term as its rendering, never add a word from avoid, and write in its voice. Pass the same keep, glossary and avoid in verify_fork's target.")
	}
	return append(out, "Then call verify_fork with "+source+", fork: {blocks: [{id, text, href?}]} and target: {profile: "+p.Profile.Name+", language_layer: "+p.Layer.Name+", target_language: "+p.TargetLanguage+"}; fix what fails and verify again.")
}
