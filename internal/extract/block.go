// Package extract turns an HTML landing page into an ordered list of copy
// blocks, each tied to the node it came from so that new text can be written
// back into the same markup.
package extract

// Role says what a block does on the page. The set is closed: a block that
// fits no other role is body copy.
type Role string

// The roles a block can have.
const (
	RoleTitle           Role = "title"
	RoleMetaDescription Role = "meta_description"
	RoleHeadline        Role = "headline"
	RoleSubheadline     Role = "subheadline"
	RoleBody            Role = "body"
	RoleBullet          Role = "bullet"
	RoleCTA             Role = "cta"
	RoleTestimonial     Role = "testimonial"
	RolePrice           Role = "price"
	RoleGuarantee       Role = "guarantee"
	RoleFAQQuestion     Role = "faq_question"
	RoleFAQAnswer       Role = "faq_answer"
	RoleFinePrint       Role = "fine_print"
)

// Roles lists every role in a fixed order, for validation and listings.
var Roles = []Role{
	RoleTitle, RoleMetaDescription, RoleHeadline, RoleSubheadline, RoleBody,
	RoleBullet, RoleCTA, RoleTestimonial, RolePrice, RoleGuarantee,
	RoleFAQQuestion, RoleFAQAnswer, RoleFinePrint,
}

// Block is one piece of copy in page order.
type Block struct {
	// ID is the block's position in page order, starting at 0.
	ID int `json:"id"`
	// Role is what the block does on the page.
	Role Role `json:"role"`
	// Text is the visible text with white space folded.
	Text string `json:"text"`
	// Markup is Text with the block's inline elements (links, bold, spans,
	// struck-out prices, line breaks, icons) as numbered placeholders in
	// page order (see package internal/markup): "Read the <1>full
	// guide</1> today", "<2/>" for an element without text. A writer keeps
	// each placeholder once, around the words it wrapped; the page is
	// written back with the same elements there. Empty when the block has
	// no inline elements, and for attribute blocks.
	Markup string `json:"markup,omitempty"`
	// Href is the target of a call to action, as written in the page.
	Href string `json:"href,omitempty"`
	// Attribution names who a testimonial is from, as written in the page.
	Attribution string `json:"attribution,omitempty"`
	// Was lists the struck-out runs of Text, in order, as Text writes
	// them: copy inside <s>, <del>, <strike> or an element styled or
	// classed line-through, which a reader sees crossed out ("€125" beside
	// the live "€115"). The ledger reads a price in one as a "was" price.
	Was []string `json:"was,omitempty"`
	// Hidden says the copy stands in a tab panel or a toggled region that
	// is hidden until a visitor opens it (hidden, aria-hidden, display:none
	// on a role=tabpanel, a region a button's aria-controls or data-target
	// names, a tab-pane or collapse): copy a reader sees on a click.
	Hidden bool `json:"hidden,omitempty"`
	// Scarcity says the block is a scarcity or urgency line ("Only 20 seats
	// left", "Offer ends Friday", "Solo quedan 6 plazas"): it states a
	// scarcity claim of the offer ledger, whose per-language tables own
	// the words. Parse leaves it false; extraction with the ledger
	// (fork.Forker.Extract) sets it.
	Scarcity bool `json:"scarcity,omitempty"`
	// Excluded says the page marks the block, a list item, as what the
	// offer does not include: a plan's feature crossed out by a class, a
	// cross icon or a cross mark ("✗ Export PDF" under the free plan). Its
	// words alone read as included; a fork never leads with them.
	Excluded bool `json:"excluded,omitempty"`
	// Tag is the name of the element the text came from ("h1", "a", "meta").
	Tag string `json:"tag"`
	// Path points at the element: element names with 1-based positions among
	// same-named siblings from the root ("/html[1]/body[1]/section[2]/h1[1]"),
	// with "@content" appended where the text is an attribute. It is the same
	// for the same markup, so a fork written back into the page can be
	// matched block by block.
	Path string `json:"path"`
}
