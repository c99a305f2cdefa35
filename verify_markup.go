package fork

import (
	"fmt"
	"strings"

	"github.com/marketingfork/fork/internal/markup"
)

// maxMarkupFindings bounds the blocks the markup check's details name.
const maxMarkupFindings = 5

// breakRoles are the blocks that may take an added line break
// (markup.LineBreak): running copy, where a line put after the block's own
// words stands on a line of its own. A title, a button or a question is
// one line.
var breakRoles = map[Role]bool{RoleSubheadline: true, RoleBody: true, RoleBullet: true, RoleFAQAnswer: true, RoleGuarantee: true}

// checkMarkup holds a draft to its blocks' inline elements: a changed
// block whose source has placeholders (its Markup) keeps each of them
// exactly once, properly nested, wrapping words, none renamed or
// invented; a block without them gets none; either may take added line
// breaks (markup.LineBreak) between runs of words, in running copy
// (breakRoles). It is skipped when no block of the page has inline
// markup and no draft block a break.
func checkMarkup(p *Plan, byID map[int]DraftBlock) Check {
	any, breaks := false, false
	var bad []int
	var msgs []string
	for _, b := range p.Blocks {
		any = any || b.Markup != ""
		db, ok := byID[b.ID]
		if !ok || !given(db) {
			continue // a lost block is the coverage check's finding
		}
		text := foldSpace(db.Text)
		if foldsTo(b.Text, text) || (b.Markup != "" && foldsTo(b.Markup, text)) {
			continue // the block as the source has it
		}
		breaks = breaks || strings.Contains(text, markup.LineBreak)
		var msg string
		switch {
		case !markup.Has(text):
			if b.Markup != "" {
				msg = fmt.Sprintf("block %d is plain text, but its source has inline elements: keep its placeholders around the words they wrap, as in %q", b.ID, b.Markup)
			}
		case b.Markup == "" && markup.OnlyBreaks(text) && breakRoles[b.Role]:
			// A line break a writer added between two runs of words (the
			// page's line put after the block's own on a line of its own).
		case b.Markup == "":
			msg = fmt.Sprintf("block %d has no inline elements, but its text has placeholders: write it as plain text (a paragraph, subheading, list item or answer may hold %s between two runs of words, a line break)", b.ID, markup.LineBreak)
		case strings.Contains(text, markup.LineBreak) && (!breakRoles[b.Role] || !markup.BreaksInside(text)):
			msg = fmt.Sprintf("block %d: a line break (%s) stands only between two runs of words of a paragraph, subheading, list item, answer or guarantee", b.ID, markup.LineBreak)
		default:
			if err := markup.Validate(b.Markup, text); err != nil {
				msg = fmt.Sprintf("block %d: %v (the source is %q)", b.ID, err, b.Markup)
			}
		}
		if msg != "" {
			bad = append(bad, b.ID)
			if len(msgs) < maxMarkupFindings {
				msgs = append(msgs, msg)
			}
		}
	}
	if !any && len(bad) == 0 && !breaks {
		return newCheck("markup", CheckSkipped, "no block has inline elements", nil)
	}
	if len(bad) == 0 {
		return newCheck("markup", CheckPassed, "every changed block keeps its inline elements", nil)
	}
	details := strings.Join(msgs, "; ")
	if len(bad) > len(msgs) {
		details += fmt.Sprintf("; and %d more blocks", len(bad)-len(msgs))
	}
	return newCheck("markup", CheckFailed, details, bad)
}
