// Package openai is Marketing Fork's LLM provider: it rewrites a plan
// through any OpenAI-compatible chat completions endpoint (via openai-go).
//
// The page's copy is data, never instructions: it goes to the model inside
// <page_copy> delimiters, one line per block (id, role, text with its
// locked phrases marked, so each fact is said once), the model gets no
// tools, its answer is parsed against a JSON schema and every link, URL,
// e-mail address or code-like token a block did not already hold is
// removed before the Forker verifies the draft. Each call carries only the
// rules its blocks need; the endpoint's dialect (response format, the
// completion limit's field) is learnt from its refusals.
package openai

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode"

	oai "github.com/openai/openai-go"
	"github.com/openai/openai-go/option"

	"github.com/marketingfork/fork"
)

// Version changes whenever the prompt or the parsing changes; Info adds the
// model to it.
const Version = "2"

// Defaults for the zero values of Config.
const (
	DefaultTimeout       = 30 * time.Second
	DefaultMaxTokens     = 32000
	DefaultChunkTokens   = 3000
	DefaultMaxConcurrent = 4
	DefaultRetries       = 2
)

// minCompletion is the least room for an answer worth asking for: below it
// the budget is spent.
const minCompletion = 256

// maxRetryAfter caps how long a Retry-After header may make a call wait.
const maxRetryAfter = 5 * time.Second

// Config configures the provider.
type Config struct {
	// BaseURL is the endpoint ("https://api.openai.com/v1/" when empty).
	BaseURL string
	// APIKey is sent as a bearer token (OPENAI_API_KEY when empty).
	APIKey string
	// Model names the model; required.
	Model string
	// Timeout bounds one request to the endpoint (default 30 s). The fork
	// as a whole is bounded by the Forker's rewrite timeout.
	Timeout time.Duration
	// MaxTokens is the token budget of one fork, prompt and completion,
	// both drafts together (default 32,000). A call that would go past it
	// is not made, and the fork fails with ErrProvider saying so.
	MaxTokens int
	// ChunkTokens is how much page copy, in estimated tokens, goes into one
	// call (default 3,000): a page with more is sent in several calls, run
	// side by side.
	ChunkTokens int
	// MaxConcurrent bounds the calls in flight across all forks (default 4).
	MaxConcurrent int
	// Retries is how many more times a call is tried after a 429, a 5xx or
	// a connection failure (default 2; negative means none).
	Retries int
	// HTTPClient replaces the default HTTP client.
	HTTPClient *http.Client
}

// Provider rewrites plans through an OpenAI-compatible endpoint. It is safe
// for concurrent use.
type Provider struct {
	cfg     Config
	client  oai.Client
	sem     chan struct{}
	dialect *dialect
}

// New returns a provider for cfg; cfg.Model is required.
func New(cfg Config) (*Provider, error) {
	cfg.Model = strings.TrimSpace(cfg.Model)
	if cfg.Model == "" {
		return nil, fmt.Errorf("%w: the openai provider needs a model name", fork.ErrInvalidInput)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	if cfg.ChunkTokens <= 0 {
		cfg.ChunkTokens = DefaultChunkTokens
	}
	if cfg.MaxConcurrent <= 0 {
		cfg.MaxConcurrent = DefaultMaxConcurrent
	}
	if cfg.Retries == 0 {
		cfg.Retries = DefaultRetries
	} else if cfg.Retries < 0 {
		cfg.Retries = 0
	}
	// Retries are ours (Retry-After capped, typed errors), not the SDK's.
	opts := []option.RequestOption{option.WithMaxRetries(0), option.WithMiddleware(envelope)}
	if cfg.BaseURL != "" {
		base := cfg.BaseURL
		if !strings.HasSuffix(base, "/") {
			base += "/"
		}
		opts = append(opts, option.WithBaseURL(base))
	}
	if cfg.APIKey != "" {
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	return &Provider{cfg: cfg, client: oai.NewClient(opts...), sem: make(chan struct{}, cfg.MaxConcurrent), dialect: &dialect{}}, nil
}

// Info names the provider; the version holds the model, since another model
// gives other output. It translates.
func (p *Provider) Info() fork.ProviderInfo {
	return fork.ProviderInfo{Name: "openai", Version: Version + "+" + p.cfg.Model, Translates: true}
}

// Rewrite drafts the fork of plan: every block that may change goes to the
// model (in as few calls as the token budget allows), verbatim blocks keep
// their source text unless the fork is a translation. A retry (the plan has
// findings) drafts only the blocks plan.RetryBlocks names.
func (p *Provider) Rewrite(ctx context.Context, plan *fork.Plan) (*fork.Draft, error) {
	if plan == nil {
		return nil, fmt.Errorf("%w: no plan", fork.ErrInvalidInput)
	}
	// The model rewrites blocks; the page's structure follows the
	// profile's pattern as with every provider.
	draft := &fork.Draft{Sections: plan.PatternOrder()}
	rq := newRequest(plan, p.cfg.ChunkTokens)
	kept, copies, convs, byBlock, calls := rq.kept, rq.copies, rq.convs, rq.byBlock, rq.calls
	budget := &tokenBudget{limit: int64(p.cfg.MaxTokens), left: int64(p.cfg.MaxTokens) - plan.UsedTokens}
	results := make([][]outBlock, len(calls))
	usages := make([]usage, len(calls))
	errs := make([]error, len(calls))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Go(func() {
			results[i], usages[i], errs[i] = p.rewriteChunk(ctx, budget, c)
			var u *unusableError
			if errs[i] != nil && !errors.As(errs[i], &u) {
				cancel()
			}
		})
	}
	wg.Wait()
	var used usage
	for _, u := range usages {
		used.prompt += u.prompt
		used.completion += u.completion
	}
	var unusable []string
	for i, err := range errs {
		var u *unusableError
		if errors.As(err, &u) {
			errs[i] = nil
			unusable = append(unusable, u.Error())
		}
	}
	if err := firstError(errs); err != nil {
		return nil, err
	}
	for _, u := range unusable {
		draft.Notes = append(draft.Notes, "openai: "+u+"; its blocks are left out, to be asked again or kept as the source has them")
	}
	got := map[int]outBlock{}
	for _, r := range results {
		for _, o := range r {
			got[o.ID] = o
		}
	}
	for id, from := range copies {
		if o, ok := got[from]; ok {
			got[id] = outBlock{ID: id, Text: o.Text, Rationale: o.Rationale}
		}
	}
	only := plan.RetryBlocks()
	for _, b := range plan.Blocks {
		if only != nil && !only[b.ID] {
			continue
		}
		if why, ok := kept[b.ID]; ok {
			draft.Blocks = append(draft.Blocks, fork.DraftBlock{ID: b.ID, Text: b.Text, Rationale: why})
			continue
		}
		o, ok := got[b.ID]
		if !ok {
			continue // a lost block is reported by verification
		}
		text, removed := guard(unmark(o.Text, b, byBlock[b.ID]), b)
		for _, r := range removed {
			draft.Notes = append(draft.Notes, fmt.Sprintf("guard: removed %q from block %d, which its source does not hold", r, b.ID))
		}
		draft.Blocks = append(draft.Blocks, fork.DraftBlock{ID: b.ID, Text: text, Rationale: o.Rationale})
	}
	draft.Changes = appliedChanges(convs, draft.Blocks)
	draft.Usage = fork.Usage{PromptTokens: used.prompt, CompletionTokens: used.completion}
	return draft, nil
}

// request is what a draft asks of the model, and what it answers without
// it.
type request struct {
	calls []prompt
	// kept are the blocks not sent, with why they keep their text.
	kept map[int]string
	// copies are repeated blocks not sent, each with the block whose
	// answer it takes.
	copies  map[int]int
	convs   map[int]conversion
	byBlock map[int][]conversion
}

// newRequest prepares a draft of plan in calls of about chunkTokens of
// copy each.
func newRequest(plan *fork.Plan, chunkTokens int) *request {
	send, kept := toSend(plan)
	send, copies := dedupe(send)
	convs := conversions(plan)
	byBlock := conversionsByBlock(plan, convs)
	return &request{calls: prompts(plan, byBlock, send, chunkTokens), kept: kept, copies: copies, convs: convs, byBlock: byBlock}
}

// toSend returns the blocks the model writes, and those kept as they are,
// with why: verbatim blocks unless the fork is a translation, and blocks
// that hold nothing but locked facts (a price, a brand name), which no
// rewrite would change. A retry rewrites only the blocks its findings
// name: the others stand.
func toSend(plan *fork.Plan) (send []fork.Brief, kept map[int]string) {
	kept = map[int]string{}
	only := plan.RetryBlocks()
	for _, b := range plan.Blocks {
		switch {
		case only != nil && !only[b.ID]:
		case b.Verbatim && !plan.Translation:
			kept[b.ID] = "kept verbatim: other people's words or a legal line"
		case onlyFacts(b, plan.Translation):
			kept[b.ID] = "kept: the block holds only locked facts"
		case !plan.Translation && pageLabel(b):
			kept[b.ID] = "kept: the title names only the page and the site"
		default:
			send = append(send, b)
		}
	}
	return send, kept
}

// onlyFacts reports whether a block's text is its facts and nothing else:
// no letters outside them. In a translation, only facts that read the same
// in any language count (a figure, a link, a name): a guarantee or a claim
// is words to translate.
func onlyFacts(b fork.Brief, translation bool) bool {
	if len(b.Facts) == 0 {
		return false
	}
	rest := b.Text
	for _, f := range b.Facts {
		if f.Text == "" || (translation && markedKinds[f.Kind] && f.Kind != "name" && f.Kind != "code") {
			continue
		}
		rest = strings.ReplaceAll(rest, f.Text, " ")
	}
	return !strings.ContainsFunc(rest, unicode.IsLetter)
}

// pageLabel reports a title that names the page in one word beside the
// site's locked name ("Preços — Drone Hub"): in a fork of the same
// language no rewrite has anything to change in it.
func pageLabel(b fork.Brief) bool {
	if b.Role != fork.RoleTitle || len(b.Facts) == 0 {
		return false
	}
	rest := b.Text
	for _, f := range b.Facts {
		if f.Kind == "name" && f.Text != "" {
			rest = strings.ReplaceAll(rest, f.Text, " ")
		}
	}
	if rest == b.Text {
		return false // no name of the site in it
	}
	return len(strings.FieldsFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })) == 1
}

// dedupe returns briefs without repeats: a block whose text an earlier one
// has (a repeated button, a title that is also the headline) is not sent,
// and takes that one's answer (copies maps it to the earlier block), so a
// page says a repeated line one way.
func dedupe(briefs []fork.Brief) (uniq []fork.Brief, copies map[int]int) {
	first := map[string]int{}
	copies = map[int]int{}
	for _, b := range briefs {
		k := oneLine(copyText(b))
		if id, ok := first[k]; ok {
			copies[b.ID] = id
			continue
		}
		first[k] = b.ID
		uniq = append(uniq, b)
	}
	return uniq, copies
}

// firstError returns the most telling error: one that is not merely the
// cancellation the first failure caused in its sibling calls.
func firstError(errs []error) error {
	var first error
	for _, err := range errs {
		if err == nil {
			continue
		}
		if !errors.Is(err, context.Canceled) {
			return err
		}
		if first == nil {
			first = err
		}
	}
	return first
}

type usage struct{ prompt, completion int64 }

// chunk splits briefs into runs whose estimated prompt size (characters / 4)
// stays within limit tokens; a single block over the limit gets a run of
// its own.
func chunk(briefs []fork.Brief, limit int) [][]fork.Brief {
	if len(briefs) == 0 {
		return nil
	}
	var (
		out  [][]fork.Brief
		cur  []fork.Brief
		size int
	)
	for _, b := range briefs {
		n := estimate(b)
		if len(cur) > 0 && size+n > limit {
			out = append(out, cur)
			cur, size = nil, 0
		}
		cur = append(cur, b)
		size += n
	}
	return append(out, cur)
}

// tokenBudget is what is left of a fork's token budget. Calls run side by
// side, so each reserves its prompt and the most it lets the model write
// before it is made, and gives back what it did not use after.
type tokenBudget struct {
	mu    sync.Mutex
	limit int64
	left  int64
}

// reserve takes prompt tokens and up to want completion tokens, and returns
// the completion tokens granted: the call's max_completion_tokens.
func (b *tokenBudget) reserve(prompt, want int64) (int64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	room := b.left - prompt
	if room < minCompletion {
		return 0, fmt.Errorf("%w: openai: the fork's token budget of %d is spent (%d left; the next call needs about %d to read the copy and %d to answer): raise the budget (--max-tokens) or fork a shorter page",
			fork.ErrProvider, b.limit, max(b.left, 0), prompt, minCompletion)
	}
	granted := min(want, room)
	b.left -= prompt + granted
	return granted, nil
}

// settle gives back what a call reserved and charges what it used.
func (b *tokenBudget) settle(reserved, used int64) {
	b.mu.Lock()
	b.left += reserved - used
	b.mu.Unlock()
}

// estimate is a block's prompt cost in tokens, at four characters a token,
// with room for its line's id, role and budget, and its marks.
func estimate(b fork.Brief) int {
	n := len(copyText(b)) + 20 + 2*len(b.Facts)
	return n/4 + 1
}
