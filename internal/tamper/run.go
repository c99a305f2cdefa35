package tamper

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/marketingfork/fork"
)

// Page is one page of the suite.
type Page struct {
	// Name is the file's name ("cipherbox-en.html").
	Name string
	// Path is where the file is.
	Path string
	// HTML is the page.
	HTML string
}

// LoadPages reads the pages that match glob, by name.
func LoadPages(glob string) ([]Page, error) {
	paths, err := filepath.Glob(glob)
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	pages := make([]Page, 0, len(paths))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		pages = append(pages, Page{Name: filepath.Base(p), Path: p, HTML: string(b)})
	}
	return pages, nil
}

// Verifier verifies a draft of a page through one way in: the library,
// the CLI or the MCP tool.
type Verifier func(ctx context.Context, page Page, d fork.Draft) (*fork.Report, error)

// Library verifies with f, against the page's own language and the
// default target.
func Library(f *fork.Forker) Verifier {
	return func(ctx context.Context, page Page, d fork.Draft) (*fork.Report, error) {
		return f.Verify(ctx, fork.VerifyRequest{Source: fork.Source{HTML: page.HTML}, Fork: d})
	}
}

// FailedChecks names the checks that ran and failed; a skipped check is
// not among them.
func FailedChecks(rep *fork.Report) []string {
	var out []string
	for _, c := range rep.Checks {
		if c.Status == fork.CheckFailed || (c.Status == "" && !c.Passed) {
			out = append(out, c.Name)
		}
	}
	return out
}

// Result is what became of one tampered draft.
type Result struct {
	Page string
	Case Case
	// Passed is the report's verdict.
	Passed bool
	// Failed are the checks that failed.
	Failed []string
	// Err is the error verification returned instead of a report.
	Err error
}

// Caught is whether the report failed the draft with a check the
// category expects.
func (r Result) Caught() bool {
	if r.Err != nil || r.Passed {
		return false
	}
	for _, f := range r.Failed {
		if slices.Contains(r.Case.Expect, f) {
			return true
		}
	}
	return false
}

func (r Result) String() string {
	what := fmt.Sprintf("%q → %q", clip(r.Case.Before), clip(r.Case.After))
	if len(r.Case.Draft.Changes) > 0 {
		what += fmt.Sprintf(" declaring %+v", r.Case.Draft.Changes)
	}
	verdict := fmt.Sprintf("passed=%v failed=%v", r.Passed, r.Failed)
	if r.Err != nil {
		verdict = "error: " + r.Err.Error()
	}
	return fmt.Sprintf("%s  %s  block %d: %s  [%s; want one of %v]", r.Page, r.Case.Label(), r.Case.Block, what, verdict, r.Case.Expect)
}

// clip shortens a long text for a log line.
func clip(s string) string {
	const max = 160
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}

// PageRun is one page's outcome.
type PageRun struct {
	Page Page
	// Language is the page's language as the plan has it.
	Language string
	// Honest is the honest draft's report.
	Honest *fork.Report
	// FalseAlarms are the fact checks the honest draft failed: each one is
	// verification crying wolf.
	FalseAlarms []fork.Check
	// OtherFailed are the other checks the honest draft failed (layer,
	// language, length): reported, not held against verification.
	OtherFailed []fork.Check
	// Results are the tampered drafts' outcomes.
	Results []Result
	// Mismatches are drafts on which the way in under test and the library
	// disagree (only when RunPage was given a Verifier).
	Mismatches []string
}

// RunPage plans the page with f, builds its honest and tampered drafts
// and verifies each through via; with via nil, through the library alone.
// With via set, each report is also compared with the library's: the
// verdict and the failed checks must be the same.
func RunPage(ctx context.Context, f *fork.Forker, page Page, via Verifier) (*PageRun, error) {
	p, err := f.Plan(ctx, fork.Request{HTML: page.HTML})
	if err != nil {
		return nil, fmt.Errorf("%s: plan: %w", page.Name, err)
	}
	lib := Library(f)
	compare := via != nil
	if !compare {
		via = lib
	}
	run := &PageRun{Page: page, Language: p.SourceLanguage}
	verify := func(label string, d fork.Draft) (*fork.Report, error) {
		rep, err := via(ctx, page, d)
		if err != nil || !compare {
			return rep, err
		}
		want, werr := lib(ctx, page, d)
		switch {
		case werr != nil:
			run.Mismatches = append(run.Mismatches, fmt.Sprintf("%s %s: library error %v", page.Name, label, werr))
		case want.Passed != rep.Passed || !slices.Equal(FailedChecks(want), FailedChecks(rep)):
			run.Mismatches = append(run.Mismatches, fmt.Sprintf("%s %s: got passed=%v failed=%v; library passed=%v failed=%v",
				page.Name, label, rep.Passed, FailedChecks(rep), want.Passed, FailedChecks(want)))
		}
		return rep, nil
	}

	honest, err := verify("honest", Honest(p))
	if err != nil {
		return nil, fmt.Errorf("%s: honest draft: %w", page.Name, err)
	}
	run.Honest = honest
	for _, c := range honest.Checks {
		if c.Status != fork.CheckFailed && (c.Status != "" || c.Passed) {
			continue
		}
		if slices.Contains(FactChecks, c.Name) {
			run.FalseAlarms = append(run.FalseAlarms, c)
		} else {
			run.OtherFailed = append(run.OtherFailed, c)
		}
	}
	for _, c := range Generate(p) {
		r := Result{Page: page.Name, Case: c}
		rep, err := verify(c.Label()+fmt.Sprintf(" block %d", c.Block), c.Draft)
		if err != nil {
			r.Err = err
		} else {
			r.Passed, r.Failed = rep.Passed, FailedChecks(rep)
		}
		run.Results = append(run.Results, r)
	}
	return run, nil
}

// Tally counts, over pages, the drafts of each category generated and
// caught. It is safe for concurrent use.
type Tally struct {
	mu       sync.Mutex
	counts   map[string]*count // by category and by category/variant
	uncaught []Result
	pages    int
	alarms   []string
}

type count struct{ generated, caught int }

// Add counts a page's run.
func (t *Tally) Add(run *PageRun) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.counts == nil {
		t.counts = map[string]*count{}
	}
	t.pages++
	for _, c := range run.FalseAlarms {
		t.alarms = append(t.alarms, fmt.Sprintf("%s: %s failed: %s (blocks %v)", run.Page.Name, c.Name, c.Details, c.Blocks))
	}
	for _, r := range run.Results {
		for _, k := range []string{r.Case.Category, r.Case.Label()} {
			if t.counts[k] == nil {
				t.counts[k] = &count{}
			}
		}
		keys := []string{r.Case.Category}
		if r.Case.Variant != "" {
			keys = append(keys, r.Case.Label())
		}
		for _, k := range keys {
			t.counts[k].generated++
			if r.Caught() {
				t.counts[k].caught++
			}
		}
		if !r.Caught() {
			t.uncaught = append(t.uncaught, r)
		}
	}
}

// Generated is how many drafts of a category (or "category/variant")
// were made, and how many of them were caught.
func (t *Tally) Generated(key string) (generated, caught int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if c := t.counts[key]; c != nil {
		return c.generated, c.caught
	}
	return 0, 0
}

// Uncaught are the tampered drafts verification let through, or failed
// only on checks the category does not expect.
func (t *Tally) Uncaught() []Result {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.uncaught)
}

// FalseAlarms are the honest drafts' failed fact checks, one line each.
func (t *Tally) FalseAlarms() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.alarms)
}

// Table is the counts per category, with each category's variants below
// it, and the total.
func (t *Tally) Table() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var sb strings.Builder
	fmt.Fprintf(&sb, "tamper suite over %d pages\n", t.pages)
	fmt.Fprintf(&sb, "%-40s %9s %7s %7s\n", "category", "generated", "caught", "missed")
	var gen, caught int
	for _, cat := range Categories {
		c := t.counts[cat.Name]
		if c == nil {
			fmt.Fprintf(&sb, "%-40s %9d %7d %7d\n", cat.Name, 0, 0, 0)
			continue
		}
		gen += c.generated
		caught += c.caught
		fmt.Fprintf(&sb, "%-40s %9d %7d %7d\n", cat.Name, c.generated, c.caught, c.generated-c.caught)
		var variants []string
		for k := range t.counts {
			if strings.HasPrefix(k, cat.Name+"/") {
				variants = append(variants, k)
			}
		}
		sort.Strings(variants)
		if len(variants) > 1 {
			for _, k := range variants {
				v := t.counts[k]
				fmt.Fprintf(&sb, "  %-38s %9d %7d %7d\n", strings.TrimPrefix(k, cat.Name+"/"), v.generated, v.caught, v.generated-v.caught)
			}
		}
	}
	fmt.Fprintf(&sb, "%-40s %9d %7d %7d\n", "total", gen, caught, gen-caught)
	fmt.Fprintf(&sb, "honest drafts failing a fact check: %d\n", len(t.alarms))
	return sb.String()
}

// TB is what the suite needs of a *testing.T, so that this package does
// not import testing.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// Check reports a page's run to tb: each false alarm on the honest draft,
// each tampered draft not caught and each disagreement with the library
// fails it; the other checks the honest draft failed are logged.
func Check(tb TB, run *PageRun) {
	tb.Helper()
	for _, m := range run.Mismatches {
		tb.Errorf("disagrees with the library: %s", m)
	}
	for _, c := range run.FalseAlarms {
		tb.Errorf("false alarm: the honest draft fails %s: %s (blocks %v)", c.Name, c.Details, c.Blocks)
	}
	for _, c := range run.OtherFailed {
		tb.Logf("honest draft (%s): %s failed, not a fact check: %s", run.Language, c.Name, c.Details)
	}
	for _, r := range run.Results {
		if !r.Caught() {
			tb.Errorf("not caught: %s", r)
		}
	}
}
