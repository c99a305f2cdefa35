package fork_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
)

// scriptedProvider writes drafts by editing the source blocks: edit returns
// a block's new text for the given attempt (1 or 2). It stands in for a
// rewriting engine so the Forker's own flow is what is tested.
type scriptedProvider struct {
	edit     func(attempt int, b fork.Brief) fork.DraftBlock
	attempts int
	findings [][]fork.Check
}

func (p *scriptedProvider) Info() fork.ProviderInfo {
	return fork.ProviderInfo{Name: "scripted", Version: "test"}
}

func (p *scriptedProvider) Rewrite(_ context.Context, plan *fork.Plan) (*fork.Draft, error) {
	p.attempts++
	p.findings = append(p.findings, plan.Findings)
	d := &fork.Draft{}
	for _, b := range plan.Blocks {
		db := fork.DraftBlock{ID: b.ID, Text: b.Text}
		if p.edit != nil {
			db = p.edit(p.attempts, b)
		}
		d.Blocks = append(d.Blocks, db)
	}
	return d, nil
}

// keep returns the block as it is; reframe prefixes prose with framing words.
func keep(b fork.Brief) fork.DraftBlock { return fork.DraftBlock{ID: b.ID, Text: b.Text} }

func reframe(b fork.Brief) fork.DraftBlock {
	if b.Role == fork.RoleSubheadline && !b.Verbatim {
		return fork.DraftBlock{ID: b.ID, Text: "Plainly put: " + b.Text, Rationale: "direct framing"}
	}
	return keep(b)
}

var fixed = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

func forkTidyflow(t *testing.T, p fork.Provider, layer string) (*fork.Result, error) {
	t.Helper()
	f := fork.New(fork.WithProvider(p), fork.WithClock(func() time.Time { return fixed }))
	return f.Fork(context.Background(), fork.Request{HTML: readPage(t, "tidyflow-en.html"), Profile: "skeptic", LanguageLayer: layer})
}

func checkByName(r []fork.Check, name string) fork.Check {
	for _, c := range r {
		if c.Name == name {
			return c
		}
	}
	return fork.Check{Name: "absent"}
}

func TestForkWithoutProvider(t *testing.T) {
	_, err := fork.New().Fork(context.Background(), fork.Request{HTML: readPage(t, "tidyflow-en.html")})
	if !errors.Is(err, fork.ErrUnsupported) {
		t.Fatalf("got %v; want ErrUnsupported", err)
	}
}

func TestForkPasses(t *testing.T) {
	p := &scriptedProvider{edit: func(_ int, b fork.Brief) fork.DraftBlock { return reframe(b) }}
	res, err := forkTidyflow(t, p, "technical")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Checks {
		if c.Failed() {
			t.Errorf("check %s failed: %s", c.Name, c.Details)
		}
	}
	if !res.Passed || res.Attempts != 1 {
		t.Errorf("got passed=%v attempts=%d; want true, 1", res.Passed, res.Attempts)
	}
	if !res.CreatedAt.Equal(fixed) {
		t.Errorf("got created_at %v; want the injected clock's %v", res.CreatedAt, fixed)
	}
	for _, e := range res.Ledger {
		if e.Status != fork.StatusKept {
			t.Errorf("fact %s %q: status %s; want kept", e.Kind, e.Text, e.Status)
		}
	}
	// The forked page is the source markup with the new text: reading it
	// again gives the fork's blocks.
	again, err := fork.New().Extract(context.Background(), fork.Source{HTML: res.HTML})
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, b := range again.Blocks {
		got = append(got, b.Text)
	}
	for _, b := range res.Blocks {
		want = append(want, b.Text)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("re-extracted fork differs from the result's blocks (-want +got):\n%s", diff)
	}
	if !strings.Contains(res.HTML, `class="btn btn-primary"`) || !strings.Contains(res.HTML, "<style>") {
		t.Error("forked HTML lost the source markup")
	}
	if !strings.Contains(res.Markdown, "Plainly put:") {
		t.Errorf("markdown lacks the fork's text:\n%s", res.Markdown)
	}
	if res.Experiment.Hypothesis == "" || !strings.Contains(res.Experiment.PrimaryMetric, "Start your free trial") {
		t.Errorf("experiment %+v lacks a hypothesis or the primary CTA", res.Experiment)
	}
}

func TestForkCatchesAndRetries(t *testing.T) {
	tests := []struct {
		name      string
		edit      func(attempt int, b fork.Brief) fork.DraftBlock
		check     string
		recovered bool // the retry fixed it
		fellBack  bool // the blocks it names keep their source text
	}{
		{
			name: "changed price fixed on retry",
			edit: func(attempt int, b fork.Brief) fork.DraftBlock {
				if attempt == 1 && b.Role == fork.RolePrice {
					return fork.DraftBlock{ID: b.ID, Text: strings.Replace(b.Text, "$12", "$10", 1)}
				}
				return keep(b)
			},
			check: "ledger", recovered: true,
		},
		{
			name: "invented statistic",
			edit: func(_ int, b fork.Brief) fork.DraftBlock {
				if b.Role == fork.RoleSubheadline {
					return fork.DraftBlock{ID: b.ID, Text: b.Text + " 97% of owners agree."}
				}
				return keep(b)
			},
			check: "no_invented_facts", fellBack: true,
		},
		{
			name: "lost block",
			edit: func(_ int, b fork.Brief) fork.DraftBlock {
				if b.Role == fork.RoleBullet {
					return fork.DraftBlock{ID: b.ID}
				}
				return keep(b)
			},
			check: "coverage", fellBack: true,
		},
		{
			name: "moved CTA target",
			edit: func(_ int, b fork.Brief) fork.DraftBlock {
				db := keep(b)
				if b.Role == fork.RoleCTA {
					db.Href = "https://evil.example/"
				}
				return db
			},
			check: "cta_targets", fellBack: true,
		},
		{
			name: "reworded testimonial",
			edit: func(_ int, b fork.Brief) fork.DraftBlock {
				if b.Role == fork.RoleTestimonial {
					return fork.DraftBlock{ID: b.ID, Text: "A customer said it was great."}
				}
				return keep(b)
			},
			check: "verbatim", fellBack: true,
		},
		{
			name: "headline over budget",
			edit: func(_ int, b fork.Brief) fork.DraftBlock {
				if b.Role == fork.RoleHeadline {
					return fork.DraftBlock{ID: b.ID, Text: strings.Repeat(b.Text+" ", 4)}
				}
				return keep(b)
			},
			check: "length_budget", fellBack: true,
		},
		{
			name: "exclamation in the technical layer",
			edit: func(_ int, b fork.Brief) fork.DraftBlock {
				if b.Role == fork.RoleSubheadline {
					return fork.DraftBlock{ID: b.ID, Text: strings.TrimSuffix(b.Text, ".") + "!"}
				}
				return keep(b)
			},
			check: "layer:no_exclamations",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &scriptedProvider{edit: tt.edit}
			res, err := forkTidyflow(t, p, "technical")
			if err != nil {
				t.Fatal(err)
			}
			if p.attempts != 2 {
				t.Fatalf("provider called %d times; want 2 (one retry with findings)", p.attempts)
			}
			if len(p.findings[1]) == 0 || checkByName(p.findings[1], tt.check).Passed {
				t.Errorf("second attempt got findings %+v; want the failed %s check", p.findings[1], tt.check)
			}
			c := checkByName(res.Checks, tt.check)
			fixed := tt.recovered || tt.fellBack
			if c.Passed != fixed || res.Passed != fixed {
				t.Errorf("got check %s passed=%v, result passed=%v; want %v (%s)", tt.check, c.Passed, res.Passed, fixed, c.Details)
			}
			if !fixed && c.Details == "" {
				t.Errorf("failed check %s has no details", tt.check)
			}
			var fell []int
			for _, b := range res.Blocks {
				if b.Fallback == "" {
					continue
				}
				fell = append(fell, b.ID)
				if b.Text != b.Source || !strings.Contains(b.Fallback, tt.check) {
					t.Errorf("block %d fell back to %q (source %q) saying %q; want its source text and the %s check named", b.ID, b.Text, b.Source, b.Fallback, tt.check)
				}
			}
			if got := len(fell) > 0; got != tt.fellBack || res.Fallbacks != len(fell) {
				t.Errorf("got blocks %v fallen back, %d counted; want fallbacks %v", fell, res.Fallbacks, tt.fellBack)
			}
		})
	}
}

func TestForkTranslationUnsupported(t *testing.T) {
	p := &scriptedProvider{}
	_, err := fork.New(fork.WithProvider(p)).Fork(context.Background(), fork.Request{HTML: readPage(t, "tidyflow-en.html"), TargetLanguage: "de"})
	if !errors.Is(err, fork.ErrUnsupported) || !strings.Contains(err.Error(), "cannot translate") {
		t.Fatalf("got %v; want ErrUnsupported saying the provider cannot translate", err)
	}
	if p.attempts != 0 {
		t.Errorf("provider was called %d times; want 0", p.attempts)
	}
}

func TestForkKeepsPageLanguage(t *testing.T) {
	p := &scriptedProvider{}
	res, err := fork.New(fork.WithProvider(p)).Fork(context.Background(), fork.Request{HTML: readPage(t, "bergkaffee-de.html")})
	if err != nil {
		t.Fatal(err)
	}
	if res.Target.Language != "de-CH" || res.Translation {
		t.Errorf("got target %q translation=%v; want de-CH, false (defaults keep the page's language)", res.Target.Language, res.Translation)
	}
}

type failingProvider struct{ err error }

func (p failingProvider) Info() fork.ProviderInfo { return fork.ProviderInfo{Name: "failing"} }
func (p failingProvider) Rewrite(context.Context, *fork.Plan) (*fork.Draft, error) {
	return nil, p.err
}

func TestForkProviderFailure(t *testing.T) {
	_, err := fork.New(fork.WithProvider(failingProvider{errors.New("endpoint said 500")})).
		Fork(context.Background(), fork.Request{HTML: readPage(t, "tidyflow-en.html")})
	if !errors.Is(err, fork.ErrProvider) || !strings.Contains(err.Error(), "endpoint said 500") {
		t.Errorf("got %v; want ErrProvider with the cause", err)
	}
}

func TestLayerRulesPluggable(t *testing.T) {
	banned := fork.Rule{Name: "no_invoices", Description: "house rule: say bills", Check: func(s fork.Sample) (fork.Outcome, string) {
		n := strings.Count(strings.ToLower(s.Text), "invoice")
		return fork.OutcomeOf(n == 0), fmt.Sprintf("%d mentions", n)
	}}
	f := fork.New(fork.WithProvider(&scriptedProvider{}), fork.WithLayerRules("technical", banned))
	res, err := f.Fork(context.Background(), fork.Request{HTML: readPage(t, "tidyflow-en.html"), LanguageLayer: "technical"})
	if err != nil {
		t.Fatal(err)
	}
	if c := checkByName(res.Checks, "layer:no_invoices"); c.Passed || c.Name == "absent" {
		t.Errorf("got %+v; want the house rule to run and fail", c)
	}
}

func TestVerifyHTMLFork(t *testing.T) {
	p := &scriptedProvider{edit: func(_ int, b fork.Brief) fork.DraftBlock { return reframe(b) }}
	res, err := forkTidyflow(t, p, "technical")
	if err != nil {
		t.Fatal(err)
	}
	src := fork.Source{HTML: readPage(t, "tidyflow-en.html")}
	target := fork.Target{Profile: "skeptic", LanguageLayer: "technical"}
	f := fork.New()
	rep, err := f.Verify(context.Background(), fork.VerifyRequest{Source: src, ForkHTML: res.HTML, Target: target})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Passed {
		t.Errorf("the Forker's own fork failed verification as HTML: %+v", failedNames(rep.Checks))
	}
	tampered := strings.Replace(res.HTML, "$29/month", "$19/month", 1)
	rep, err = f.Verify(context.Background(), fork.VerifyRequest{Source: src, ForkHTML: tampered, Target: target})
	if err != nil {
		t.Fatal(err)
	}
	if c := checkByName(rep.Checks, "ledger"); c.Passed || !strings.Contains(c.Details, "$29/month") {
		t.Errorf("got ledger check %+v; want it to name the lost $29/month", c)
	}
	if c := checkByName(rep.Checks, "no_invented_facts"); c.Passed || !strings.Contains(c.Details, "$19") {
		t.Errorf("got invented check %+v; want it to name $19/month", c)
	}
	if _, err := f.Verify(context.Background(), fork.VerifyRequest{Source: src, Target: target}); !errors.Is(err, fork.ErrInvalidInput) {
		t.Errorf("empty fork: got %v; want ErrInvalidInput", err)
	}
}

func failedNames(cs []fork.Check) []string {
	var out []string
	for _, c := range cs {
		if !c.Passed {
			out = append(out, c.Name+": "+c.Details)
		}
	}
	return out
}

func TestForkStrict(t *testing.T) {
	invent := func(_ int, b fork.Brief) fork.DraftBlock {
		if b.Role == fork.RoleSubheadline {
			return fork.DraftBlock{ID: b.ID, Text: b.Text + " 97% of owners agree."}
		}
		return keep(b)
	}
	f := fork.New(fork.WithProvider(&scriptedProvider{edit: invent}))
	req := fork.Request{HTML: readPage(t, "tidyflow-en.html"), LanguageLayer: "technical"}
	res, err := f.Fork(context.Background(), req)
	if err != nil || res.Fallbacks == 0 {
		t.Fatalf("without strict: got %v, %d fallbacks; want a result whose failed blocks fell back", err, res.Fallbacks)
	}
	req.Strict = true
	_, err = f.Fork(context.Background(), req)
	if !errors.Is(err, fork.ErrProvider) || !strings.Contains(err.Error(), "no_invented_facts") {
		t.Errorf("strict: got %v; want ErrProvider naming the check the fallen-back blocks failed", err)
	}
}

// slowProvider answers only when its context ends, as an endpoint that
// hangs does.
type slowProvider struct{}

func (slowProvider) Info() fork.ProviderInfo { return fork.ProviderInfo{Name: "slow"} }
func (slowProvider) Rewrite(ctx context.Context, _ *fork.Plan) (*fork.Draft, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestForkRewriteTimeout(t *testing.T) {
	f := fork.New(fork.WithProvider(slowProvider{}), fork.WithRewriteTimeout(50*time.Millisecond))
	_, err := f.Fork(context.Background(), fork.Request{HTML: readPage(t, "tidyflow-en.html")})
	if !errors.Is(err, fork.ErrProvider) || !errors.Is(err, fork.ErrTimeout) {
		t.Fatalf("got %v; want an error that is both ErrProvider and ErrTimeout", err)
	}
	for _, want := range []string{"50ms", "a local model on a CPU needs minutes", "--rewrite-timeout"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %q; want it to say %q", err, want)
		}
	}
}

// retryFailsProvider writes a draft that fails verification, then fails
// on the retry, reporting tokens for the first.
type retryFailsProvider struct {
	scriptedProvider
	used []int64
}

func (p *retryFailsProvider) Rewrite(ctx context.Context, plan *fork.Plan) (*fork.Draft, error) {
	p.used = append(p.used, plan.UsedTokens)
	if p.attempts == 1 {
		return nil, fmt.Errorf("%w: budget spent", fork.ErrProvider)
	}
	d, err := p.scriptedProvider.Rewrite(ctx, plan)
	d.Usage = fork.Usage{PromptTokens: 700, CompletionTokens: 300}
	return d, err
}

func TestForkKeepsFirstDraftWhenRetryFails(t *testing.T) {
	p := &retryFailsProvider{scriptedProvider: scriptedProvider{edit: func(_ int, b fork.Brief) fork.DraftBlock {
		return fork.DraftBlock{ID: b.ID, Text: strings.ReplaceAll(b.Text, "$29", "$19")}
	}}}
	res, err := forkTidyflow(t, p, "")
	if err != nil {
		t.Fatal(err)
	}
	// The retry failed: the first draft stands, and its blocks that failed
	// keep their source text, so the fork keeps the offer.
	if !res.Passed || res.Attempts != 1 || res.Fallbacks == 0 || !checkByName(res.Checks, "ledger").Passed {
		t.Errorf("got Passed %v, attempts %d, %d fallbacks, ledger %+v; want the first draft with its failed blocks put back, passing", res.Passed, res.Attempts, res.Fallbacks, checkByName(res.Checks, "ledger"))
	}
	if diff := cmp.Diff([]int64{0, 1000}, p.used); diff != "" {
		t.Errorf("Plan.UsedTokens per try (-want +got):\n%s", diff)
	}
	if want := (fork.Usage{PromptTokens: 700, CompletionTokens: 300}); res.Usage == nil || *res.Usage != want {
		t.Errorf("got usage %+v; want %+v", res.Usage, want)
	}
	if !strings.Contains(strings.Join(res.Notes, "\n"), "budget spent") {
		t.Errorf("got notes %q; want the retry's failure", res.Notes)
	}
	if res.Usage != nil {
		if b, _ := json.Marshal(res); !strings.Contains(string(b), `"usage":{"prompt_tokens":700,"completion_tokens":300}`) {
			t.Errorf("the result's JSON lacks the usage")
		}
	}
}

// notingProvider is scriptedProvider saying the same about the page on
// every draft, as a provider does that reads the page afresh each time.
type notingProvider struct{ scriptedProvider }

func (p *notingProvider) Rewrite(ctx context.Context, plan *fork.Plan) (*fork.Draft, error) {
	d, err := p.scriptedProvider.Rewrite(ctx, plan)
	if d != nil {
		d.Notes = []string{"no guarantee on the page: a cautious reader will look for one"}
	}
	return d, err
}

// TestForkNotesOnce: a fork drafted twice says each note once.
func TestForkNotesOnce(t *testing.T) {
	p := &notingProvider{scriptedProvider{edit: func(_ int, b fork.Brief) fork.DraftBlock {
		return fork.DraftBlock{ID: b.ID, Text: strings.ReplaceAll(b.Text, "$29", "$19")}
	}}}
	res, err := forkTidyflow(t, p, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.attempts != 2 {
		t.Fatalf("%d drafts; want 2 (the first fails the ledger)", p.attempts)
	}
	n := 0
	for _, note := range res.Notes {
		if strings.HasPrefix(note, "no guarantee on the page") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the note is said %d times; want once:\n%q", n, res.Notes)
	}
}

// blockRetrier is scriptedProvider declaring, as the built-in provider
// does, that its retry changes only the blocks the findings name.
type blockRetrier struct{ scriptedProvider }

func (p *blockRetrier) Info() fork.ProviderInfo {
	return fork.ProviderInfo{Name: "scripted", Version: "test", RetriesNamedBlocks: true}
}

// TestForkNoRetryForPageWideFindings: a provider whose retry changes only
// the blocks its findings name is not asked for a retry when what failed
// names no block (a page's reading grade): it would write the first draft
// again. The fork is the one a retry would have given, drafted once; a
// provider that reads page-wide findings (a model) still gets its retry.
func TestForkNoRetryForPageWideFindings(t *testing.T) {
	// Short sentences of long words: the page's grade fails, and no
	// sentence is long enough for a check to name its block.
	const page = `<html lang="en"><head><title>Ledgerline</title></head><body><main>
<h1>Ledgerline reconciles accounts automatically.</h1>
<p>Comprehensive reconciliation eliminates administrative complexity. Organizational visibility accelerates considerably.</p>
<p>Sophisticated categorization simplifies regulatory documentation. Institutional accountability improves measurably.</p>
<a href="https://ledgerline.example/start">Start now</a>
</main></body></html>`
	forkPage := func(p fork.Provider) (*fork.Result, error) {
		f := fork.New(fork.WithProvider(p), fork.WithClock(func() time.Time { return fixed }))
		return f.Fork(context.Background(), fork.Request{HTML: page, Profile: "skeptic", LanguageLayer: "everyday"})
	}
	once := &blockRetrier{scriptedProvider{edit: func(_ int, b fork.Brief) fork.DraftBlock { return keep(b) }}}
	got, err := forkPage(once)
	if err != nil {
		t.Fatal(err)
	}
	var pageWide []string
	for _, c := range got.Checks {
		if c.Status == fork.CheckFailed {
			if len(c.Blocks) > 0 {
				t.Fatalf("check %s names blocks %v; the test needs a page whose failed checks are page-wide only", c.Name, c.Blocks)
			}
			pageWide = append(pageWide, c.Name)
		}
	}
	if len(pageWide) == 0 {
		t.Fatal("no check failed: the test needs a page-wide finding")
	}
	if once.attempts != 1 || got.Attempts != 1 {
		t.Errorf("%v failed: the provider wrote %d drafts, the result says %d; want 1", pageWide, once.attempts, got.Attempts)
	}
	twice := &scriptedProvider{edit: func(_ int, b fork.Brief) fork.DraftBlock { return keep(b) }}
	want, err := forkPage(twice)
	if err != nil {
		t.Fatal(err)
	}
	if twice.attempts != 2 {
		t.Errorf("a provider that reads page-wide findings wrote %d drafts; want its retry", twice.attempts)
	}
	want.Attempts, want.Provider = got.Attempts, got.Provider
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the fork drafted once differs from the one retried (-retried +once):\n%s", diff)
	}
}
