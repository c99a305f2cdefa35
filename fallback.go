package fork

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// A fork is safe by construction: a first draft of every block; when it
// fails verification, a retry of only the blocks that failed, with their
// findings; and the blocks that still fail after it keep their source
// text, so the fork returned keeps the offer whatever the provider wrote.

// maxFallbackRounds bounds the rounds of falling back: a block put back to
// its source can make a check fail on another block (a fact moved between
// two blocks), which the next round puts back too. Two rounds settle every
// case seen; the third is a margin, and the work stays linear in the page.
const maxFallbackRounds = 3

// drafted is what the provider's drafts came to.
type drafted struct {
	draft *Draft
	rep   Report
	// tries is how many drafts the provider wrote (the retry's counts even
	// when it covered only some blocks).
	tries int
	usage Usage
	// memo is what the draft's verifications share with each other and
	// with the result.
	memo *forkMemo
	// fallbacks says, by block ID, why a block keeps its source text.
	fallbacks map[int]string
	notes     []string
}

// writeDraft has the provider draft the fork within rctx and verifies it,
// retrying the failed blocks once and putting back the ones that still
// fail. Only an error of the first draft is returned: after it, a fork
// always comes back.
func (f *Forker) writeDraft(ctx, rctx context.Context, plan *Plan, ex *Extraction, info ProviderInfo) (*drafted, error) {
	first, err := f.provider.Rewrite(rctx, plan)
	if err != nil {
		return nil, f.rewriteError(ctx, rctx, info, err)
	}
	reapplyMarkup(plan, ex, first)
	out := &drafted{draft: first, tries: 1, usage: first.Usage, memo: ex.memo}
	if out.rep, err = verifyWith(ctx, plan, first, out.memo); err != nil {
		return nil, err
	}
	if out.rep.Passed {
		return out, nil
	}
	plan.Findings = failed(out.rep.Checks)
	plan.UsedTokens = out.usage.Total()
	if info.RetriesNamedBlocks && !namesBlock(plan.Findings) {
		// The retry would be the first draft again: what failed is
		// page-wide, and the fork says so in its checks and notes.
		if err := out.fallBack(ctx, plan); err != nil {
			return nil, err
		}
		return out, nil
	}
	second, err := f.provider.Rewrite(rctx, plan)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		out.notes = append(out.notes, fmt.Sprintf("the retry failed (%v); the blocks it was to fix keep their source text", f.rewriteError(ctx, rctx, info, err)))
	} else {
		reapplyMarkup(plan, ex, second)
		out.tries = 2
		out.usage = out.usage.Add(second.Usage)
		out.draft = merge(first, second, plan.RetryBlocks())
		if out.rep, err = verifyWith(ctx, plan, out.draft, out.memo); err != nil {
			return nil, err
		}
	}
	if err := out.fallBack(ctx, plan); err != nil {
		return nil, err
	}
	return out, nil
}

// namesBlock reports whether a finding names a block a retry could rewrite.
func namesBlock(findings []Check) bool {
	return slices.ContainsFunc(findings, func(c Check) bool { return len(c.Blocks) > 0 })
}

// RetryBlocks returns the blocks a retry rewrites: those the plan's
// findings name, or nil (every block) on a first draft or when a finding
// names none, as a page-wide rule does. A provider sends only these to its
// model; the Forker takes only these from the retry.
func (p *Plan) RetryBlocks() map[int]bool {
	if len(p.Findings) == 0 {
		return nil
	}
	ids := map[int]bool{}
	for _, c := range p.Findings {
		if len(c.Blocks) == 0 {
			return nil
		}
		for _, id := range c.Blocks {
			ids[id] = true
		}
	}
	return ids
}

// merge is the first draft with the retry's text for the blocks it
// rewrote (only blocks; every block the retry wrote when only is nil). A
// block the retry left out keeps the first draft's text.
func merge(first, second *Draft, only map[int]bool) *Draft {
	by := map[int]DraftBlock{}
	for _, b := range second.Blocks {
		if only == nil || only[b.ID] {
			by[b.ID] = b
		}
	}
	d := *first
	d.Blocks = make([]DraftBlock, len(first.Blocks))
	for i, b := range first.Blocks {
		if nb, ok := by[b.ID]; ok {
			b = nb
		}
		d.Blocks[i] = b
	}
	// Both drafts often say the same about the page ("no guarantee on the
	// page"): each note and each declared change is kept once.
	d.Notes = appendNew(slices.Clip(first.Notes), second.Notes...)
	if only == nil {
		d.Sections, d.Changes = second.Sections, second.Changes
	} else {
		d.Changes = appendNew(slices.Clip(first.Changes), second.Changes...)
	}
	return &d
}

// fallBack puts back to its source text every block a failed check names,
// saying why, and verifies again, until no failed check names a block that
// still holds the provider's text.
func (o *drafted) fallBack(ctx context.Context, plan *Plan) error {
	for range maxFallbackRounds {
		why := map[int][]string{}
		for _, c := range failed(o.rep.Checks) {
			for _, id := range c.Blocks {
				if _, done := o.fallbacks[id]; !done {
					why[id] = append(why[id], c.Short(200))
				}
			}
		}
		if len(why) == 0 {
			return nil
		}
		if o.fallbacks == nil {
			o.fallbacks = map[int]string{}
		}
		d := *o.draft
		d.Blocks = slices.Clone(o.draft.Blocks)
		have := map[int]bool{}
		for i, b := range d.Blocks {
			if w, ok := why[b.ID]; ok {
				d.Blocks[i] = sourceBlock(plan, b.ID)
				o.fallbacks[b.ID] = fallbackReason(o.tries, w)
			}
			have[b.ID] = true
		}
		// A block the provider lost comes back from the source too.
		for id, w := range why {
			if !have[id] && id >= 0 && id < len(plan.Blocks) {
				d.Blocks = append(d.Blocks, sourceBlock(plan, id))
				o.fallbacks[id] = fallbackReason(o.tries, w)
			}
		}
		o.draft = &d
		var err error
		if o.rep, err = verifyWith(ctx, plan, o.draft, o.memo); err != nil {
			return err
		}
	}
	return nil
}

// sourceBlock is block id as the source has it.
func sourceBlock(plan *Plan, id int) DraftBlock {
	b := plan.Blocks[id]
	return DraftBlock{ID: id, Text: b.Text, Rationale: "kept its source text: the provider's drafts of it failed verification"}
}

func fallbackReason(tries int, checks []string) string {
	drafts := "the draft"
	if tries > 1 {
		drafts = "both drafts"
	}
	return fmt.Sprintf("kept its source text: %s failed %s", drafts, strings.Join(checks, "; "))
}

// fallbackNote sums up the blocks that fell back, for the result's notes.
func fallbackNote(fallbacks map[int]string) string {
	ids := sortedIDs(fallbacks)
	if len(ids) == 1 {
		return fmt.Sprintf("1 block keeps its source text because the provider's drafts of it failed verification: %v (see the block's fallback)", ids)
	}
	return fmt.Sprintf("%d blocks keep their source text because the provider's drafts of them failed verification: %v (see each block's fallback)", len(ids), ids)
}

func sortedIDs(fallbacks map[int]string) []int {
	ids := make([]int, 0, len(fallbacks))
	for id := range fallbacks {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Short is the check in one line of at most n runes: its name and its
// details with white space folded, cut where they run over.
func (c Check) Short(n int) string {
	s := c.Name + " (" + foldSpace(c.Details) + ")"
	if r := []rune(s); len(r) > n {
		return string(r[:n-2]) + "…)"
	}
	return s
}

// appendNew appends to list each of more that it does not hold yet.
func appendNew[T comparable](list []T, more ...T) []T {
	for _, x := range more {
		if !slices.Contains(list, x) {
			list = append(list, x)
		}
	}
	return list
}
