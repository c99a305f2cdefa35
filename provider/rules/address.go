package rules

import (
	"fmt"
	"strings"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/address"
)

// addressed reports whether a block's words are the page's own address to
// its reader, which the professional layer makes formal: not a button's or
// a link's label (the page's UI, which changes through the label table
// only) and not a customer's quote (their words). A guarantee or fine
// print is the page's own: it keeps its words, but for the address.
func addressed(b fork.Brief) bool {
	return !uiText(b) && b.Role != fork.RoleCTA && b.Role != fork.RoleTestimonial
}

// formalAddress returns the rewriter the professional layer addresses the
// reader with, and a note for the marketer: why the page keeps its
// informal address, or which of its words the fork could not make formal.
//
// A page is made formal as a whole or not at all: one that speaks to its
// readers as a group ("vosotros") or says a verb to "tu" the engine cannot
// read keeps its address, since a page half formal reads worse than
// either.
func (p *Provider) formalAddress(plan *fork.Plan, lang string) (*address.Rewriter, string) {
	if plan.Layer.Name != "professional" {
		return nil, ""
	}
	r := p.address[lang]
	if r == nil {
		return nil, ""
	}
	for _, b := range plan.Blocks {
		if !addressed(b) || b.Role == fork.RoleFAQQuestion {
			// A question is the customer's, to the company ("¿Hacéis
			// entregas?"): it says nothing of how the page speaks.
			continue
		}
		if w, why, ok := r.Blocker(b.Text); ok {
			return nil, fmt.Sprintf("%s (%q in block %d): the engine makes a page formal as a whole or not at all, so the fork keeps the page's own address rather than make it half formal", why, w, b.ID)
		}
	}
	// What stays informal: the buttons' labels.
	var left []string
	more := 0 // lines past the three the note quotes
	seen := map[string]bool{}
	add := func(text string, id int) {
		text = strings.TrimSpace(text)
		if seen[text] {
			return
		}
		if _, n := r.Rewrite(text, false); n > 0 {
			seen[text] = true
			if len(left) == 3 {
				more++
				return
			}
			left = append(left, fmt.Sprintf("%q (block %d)", text, id))
		}
	}
	for _, b := range plan.Blocks {
		if !addressed(b) && b.Role != fork.RoleTestimonial {
			add(b.Text, b.ID)
		}
	}
	if len(left) == 0 {
		return r, ""
	}
	// The note says so only of a fork the rewrite changes: the first
	// block it changes is enough (the layer rewrites them all after).
	changed := false
	for _, b := range plan.Blocks {
		if addressed(b) {
			if _, n := r.Rewrite(b.Text, b.Role == fork.RoleBullet); n > 0 {
				changed = true
				break
			}
		}
	}
	if !changed {
		return r, ""
	}
	list := strings.Join(left, ", ")
	if more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	return r, fmt.Sprintf("the fork addresses the reader as %q; these buttons keep the page's informal address, as a button's label changes only for a better label the page has: %s; change them by hand for a variant formal throughout", r.Formal(), list)
}
