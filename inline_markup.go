package fork

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/marketingfork/fork/internal/markup"
)

// reapplyMarkup keeps a block's inline elements (links, bold, struck-out
// prices, line breaks) on its words when a provider rewrote the block as
// plain text, as the built-in engine does: the placeholders of the
// block's Markup are put back around the words they wrapped. Where that
// is not certain (the wrapped words are gone, or stand twice), the block
// keeps its source text, so that no link or price loses its element, and
// so does a changed block whose elements the page's bytes cannot take
// back (see extract.Document.InlinePlaced); one note of the draft lists
// those blocks.
func reapplyMarkup(p *Plan, ex *Extraction, d *Draft) {
	byID := make(map[int]*Brief, len(p.Blocks))
	for i := range p.Blocks {
		byID[p.Blocks[i].ID] = &p.Blocks[i]
	}
	var kept []string
	for i := range d.Blocks {
		db := &d.Blocks[i]
		b, ok := byID[db.ID]
		if !ok || b.Markup == "" || !given(*db) {
			continue
		}
		text := foldSpace(db.Text)
		if foldsTo(b.Text, text) || foldsTo(b.Markup, text) {
			continue
		}
		if ex.doc.InlinePlaced(b.ID) {
			if markup.Has(text) && !markup.OnlyBreaks(text) {
				continue // the provider kept the placeholders itself
			}
			// Plain words, perhaps with line breaks the provider added
			// (markup.LineBreak): the elements go back around their words.
			if r, ok := markup.ReapplyWithBreaks(b.Markup, text); ok {
				db.Text = r
				continue
			}
		}
		db.Text = b.Text
		// The rationale says what the block now is: its source, not the
		// edit the draft gave it (a section move still holds).
		why := "kept its source text: its links or emphasis could not be placed around the rewritten words with certainty"
		if move, _, _ := strings.Cut(db.Rationale, "; "); strings.HasPrefix(move, "moved ") {
			why = move + "; " + why
		}
		db.Rationale = why
		kept = append(kept, strconv.Itoa(db.ID))
	}
	if len(kept) > 0 {
		note := "blocks %s keep their source text: their links or other inline elements could not be kept around the rewritten words with certainty"
		if len(kept) == 1 {
			note = "block %s keeps its source text: its links or other inline elements could not be kept around the rewritten words with certainty"
		}
		d.Notes = append(d.Notes, fmt.Sprintf(note, strings.Join(kept, ", ")))
	}
}

// shownText is a draft block's text as the result gives it: its words,
// white space folded, without the placeholders of its inline elements
// (the page's renderer puts them back), but with the line breaks a writer
// added (markup.LineBreak) where the block may hold them (checkMarkup),
// with inline elements or without:
// the page, its Markdown and every export show the line on its own.
func shownText(b Brief, s string) string {
	if breakRoles[b.Role] && strings.Contains(s, markup.LineBreak) && markup.BreaksInside(s) {
		return foldSpace(markup.StripKeepingBreaks(s))
	}
	return plainText(s)
}

// plainText is a draft block's text without its placeholders, white space
// folded: the words the page shows.
func plainText(s string) string {
	// An added line break parts words as a space does: "$29<0/>30" is two
	// figures on the page, and the checks read two.
	return foldSpace(markup.Strip(strings.ReplaceAll(s, markup.LineBreak, " ")))
}
