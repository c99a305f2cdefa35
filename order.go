package fork

import (
	"slices"
	"sort"
)

// sectionKeyRoles decide what a section is about, most telling first: a
// section with a testimonial is proof, whatever headings it has.
var sectionKeyRoles = []Role{
	RoleTestimonial, RolePrice, RoleGuarantee, RoleFAQQuestion, RoleFAQAnswer,
	RoleBullet, RoleCTA, RoleBody, RoleSubheadline, RoleHeadline, RoleFinePrint,
}

// SectionTopics are, for each group of sections (SectionGroups), the role
// that says what it is about (see sectionKeyRoles), or "" for a group
// without blocks; one pass over the plan's blocks.
func (plan *Plan) SectionTopics(groups [][]int) []Role {
	groupOf := make(map[int]int, plan.Sections)
	for g, group := range groups {
		for _, s := range group {
			groupOf[s] = g
		}
	}
	roles := make([]map[Role]bool, len(groups))
	for _, b := range plan.Blocks {
		g, ok := groupOf[b.Section]
		if !ok || b.Section < 0 {
			continue
		}
		if roles[g] == nil {
			roles[g] = map[Role]bool{}
		}
		roles[g][b.Role] = true
	}
	out := make([]Role, len(groups))
	for g := range groups {
		for _, r := range sectionKeyRoles {
			if roles[g][r] {
				out[g] = r
				break
			}
		}
	}
	return out
}

// SectionGroups gathers the page's sections, in page order, into the parts
// that move together: a section of one heading only introduces the section
// after it ("Let's get started." over a row of links; a heading with a
// tagline, over screenshots, is a section of its own), and a section
// without a heading continues the one before it ("These are just a few of
// the big names." under a row of logos) unless it is a part of its own
// (testimonials, prices, a guarantee, questions), as does one whose every
// heading ranks below the group's (h3 cards under an h1), so a fork never
// parts the one from the other. A section of fine print only (a footer)
// stands alone.
func (plan *Plan) SectionGroups() [][]int {
	n := plan.Sections
	heading := make([]bool, n)
	headings := make([]int, n)
	other := make([]bool, n)
	fine := make([]bool, n)
	anchor := make([]bool, n) // proof, prices, a guarantee or questions: a part of its own
	rank := make([]int, n)    // the section's highest heading (1 for h1), 0 for none
	hero := make([]bool, n)
	for _, b := range plan.Blocks {
		if b.Section < 0 || b.Section >= n {
			continue
		}
		if b.Role == RoleSubheadline || b.Role == RoleHeadline {
			if r := HeadingRank(b.Tag); r > 0 && (rank[b.Section] == 0 || r < rank[b.Section]) {
				rank[b.Section] = r
			}
		}
		switch b.Role {
		case RoleSubheadline:
			heading[b.Section] = true
			headings[b.Section]++
		case RoleHeadline:
			// The hero introduces the page, not the section after it.
			heading[b.Section], other[b.Section], hero[b.Section] = true, true, true
		case RoleFinePrint:
			fine[b.Section] = true
		case RoleTestimonial, RolePrice, RoleGuarantee, RoleFAQQuestion, RoleFAQAnswer:
			anchor[b.Section], other[b.Section] = true, true
		default:
			other[b.Section] = true
		}
	}
	footer := func(s int) bool { return fine[s] && !heading[s] && !other[s] }
	var groups [][]int
	top := 0 // the current group's highest heading rank
	for s := 0; s < n; s++ {
		if k := len(groups) - 1; k >= 0 && !footer(s) {
			last := groups[k][len(groups[k])-1]
			// A section whose every heading ranks below the group's (h3
			// cards under an h1 "Everything you need.") is a part of it:
			// moved apart, the intro went up without the features it
			// introduces (graders, on Rails' expert fork). The hero's
			// group takes none: its h1 stands over the whole page.
			sub := !hero[groups[k][0]] && !anchor[s] && rank[s] > 0 && top > 0 && rank[s] > top
			if !footer(last) && ((headings[last] == 1 && !other[last] && !fine[last]) || (!heading[s] && !anchor[s]) || sub) {
				groups[k] = append(groups[k], s)
				if rank[s] > 0 && (top == 0 || rank[s] < top) {
					top = rank[s]
				}
				continue
			}
		}
		groups = append(groups, []int{s})
		top = rank[s]
	}
	return groups
}

// HeadingRank is 1 for an h1 through 6 for an h6, 0 for any other element.
func HeadingRank(tag string) int {
	if len(tag) == 2 && (tag[0] == 'h' || tag[0] == 'H') && tag[1] >= '1' && tag[1] <= '6' {
		return int(tag[1] - '0')
	}
	return 0
}

// earlyTopics are the section topics a profile's pattern puts early:
// proof for a skeptic, the price for a bargain hunter, the guarantee for a
// cautious buyer.
func (p ProfilePattern) earlyTopics() map[Role]bool {
	out := map[Role]bool{}
	if p.Proof == "early" {
		out[RoleTestimonial] = true
	}
	if p.Price == "early" {
		out[RolePrice] = true
	}
	if p.Guarantee == "early" {
		out[RoleGuarantee] = true
	}
	return out
}

// PatternOrder is the page's sections in the order of the profile's
// pattern: the sections on what the pattern puts early (proof for a
// skeptic, the price for a bargain hunter, the guarantee for a cautious
// buyer) move up to just under the hero, in the pattern's order; every
// other section keeps its place relative to the rest, so a page is never
// shuffled for nothing. Sections move in their groups (SectionGroups).
// Everything up to the hero stays where it is (a header must not move down
// the page), and so do footers. It returns nil when the order would not
// change. Providers use it as the draft's Sections, so that every engine
// restructures a page the same way.
func (plan *Plan) PatternOrder() []int {
	groups := plan.SectionGroups()
	if len(groups) < 3 {
		return nil
	}
	hero := plan.TopGroup(groups)
	if hero < 0 && !plan.HeroAbove() {
		return nil // no hero to put the material under
	}
	early := plan.Profile.Pattern.earlyTopics()
	rank := map[Role]int{}
	for i, r := range plan.Profile.Pattern.Order {
		rank[r] = i
	}
	topics := plan.SectionTopics(groups)
	var up []int
	for g := hero + 1; g < len(groups); g++ {
		if early[topics[g]] && !plan.ClosesPage(groups[g]) {
			// The band that closes the page stays: moved up under a hero
			// that states its price, a closing price block stood twice in
			// a row with it, and the page lost its last button (graders
			// read a frying pan's fork as broken).
			up = append(up, g)
		}
	}
	sort.SliceStable(up, func(i, j int) bool { return rank[topics[up[i]]] < rank[topics[up[j]]] })
	moved := map[int]bool{}
	for _, g := range up {
		moved[g] = true
	}
	seq := make([]int, 0, len(groups))
	if hero < 0 {
		seq = append(seq, up...) // the hero stands above every section
	}
	for g := range groups {
		if moved[g] {
			continue
		}
		seq = append(seq, g)
		if g == hero {
			seq = append(seq, up...)
		}
	}
	return flattenOrder(groups, seq)
}

// ClosesPage reports whether a group of sections is the band that closes
// the page: it holds the page's last call to action, and no part with a
// heading or a question follows it (a footer's fine print may). A fork
// never moves it up: two buttons in a row, and a page that ends on
// nothing. A pricing section followed by the page's questions is no
// closing band, though its buttons are the page's last.
func (plan *Plan) ClosesPage(group []int) bool {
	last := -1
	for _, b := range plan.Blocks {
		if b.Role == RoleCTA && b.Section >= 0 {
			last = b.Section
		}
	}
	if last < 0 || !slices.Contains(group, last) {
		return false
	}
	end := slices.Max(group)
	for _, b := range plan.Blocks {
		if b.Section > end && (b.Role == RoleHeadline || b.Role == RoleSubheadline || b.Role == RoleFAQQuestion) {
			return false
		}
	}
	return true
}

// TopGroup is the index, in groups (SectionGroups), of the last group that
// stays at the top of the page: the one that holds the first headline or,
// on a pricing page whose prices come right under the hero, the prices
// (the hero's billing switch and the cards it switches stay together), or
// a guarantee band without a heading right under them.
// Material a fork moves up goes right under it. It is -1 for a page
// without a headline in a section: one whose hero stands above all its
// sections (HeroAbove) takes material in the first section's place.
func (plan *Plan) TopGroup(groups [][]int) int {
	g := plan.HeroGroup(groups)
	if g >= 0 && g+1 < len(groups) && plan.SectionTopics(groups[g+1 : g+2])[0] == RolePrice {
		g++
	}
	// A band without a heading right under the hero that holds its
	// guarantee ("Free shipping + 60-day money-back guarantee") answers the
	// hero's button: it stays with it, and material goes under it.
	if g >= 0 && g+1 < len(groups) && plan.SectionTopics(groups[g+1 : g+2])[0] == RoleGuarantee && !plan.headed(groups[g+1]) {
		g++
	}
	return g
}

// HeroAbove reports a page whose first headline stands in no section and
// before every block of one: a header's hero over the body's sections
// (NewPipe's name and tagline above its feature sections). Every section
// is under the hero, and a fork may move one to the first place, right
// under it; TopGroup is -1 for such a page. A heading in no section may
// stand between the hero and the sections (SectionsHeading): a section
// moved to the first place stands first under it.
func (plan *Plan) HeroAbove() bool {
	hero := false
	for _, b := range plan.Blocks {
		switch {
		case b.Section >= 0:
			return hero && plan.Sections > 0
		case b.Role == RoleHeadline && !hero:
			hero = true
		}
	}
	return false
}

// SectionsHeading is the heading in no section that stands between a hero
// above the sections (HeroAbove) and the first of them ("Main Features"
// over NewPipe's feature sections), or false. A section moved to the first
// place stands under it, not right under the hero, and a rationale says
// so. Of several, it is the last: the one the sections stand under.
func (plan *Plan) SectionsHeading() (string, bool) {
	if !plan.HeroAbove() {
		return "", false
	}
	hero, heading := false, ""
	for i, b := range plan.Blocks {
		switch {
		case b.Section >= 0:
			return heading, heading != ""
		case b.Role == RoleHeadline && !hero:
			hero = true
		case hero && (b.Role == RoleHeadline || b.Role == RoleSubheadline) && plan.Blocks[i-1].Role != RoleHeadline:
			heading = b.Text
		}
	}
	return "", false
}

// headed reports whether a group of sections holds a heading.
func (plan *Plan) headed(group []int) bool {
	in := map[int]bool{}
	for _, s := range group {
		in[s] = true
	}
	for _, b := range plan.Blocks {
		if b.Section >= 0 && in[b.Section] && (b.Role == RoleHeadline || b.Role == RoleSubheadline) {
			return true
		}
	}
	return false
}

// HeroGroup is the index, in groups (SectionGroups), of the group that
// holds the page's first headline in a section, or -1.
func (plan *Plan) HeroGroup(groups [][]int) int {
	for _, b := range plan.Blocks {
		if b.Role != RoleHeadline || b.Section < 0 {
			continue
		}
		for g, group := range groups {
			for _, s := range group {
				if s == b.Section {
					return g
				}
			}
		}
		return -1
	}
	return -1
}

// flattenOrder turns an order of groups into an order of sections, or nil
// where it is the page's own.
func flattenOrder(groups [][]int, seq []int) []int {
	var order []int
	for _, g := range seq {
		order = append(order, groups[g]...)
	}
	for i, s := range order {
		if s != i {
			return order
		}
	}
	return nil
}
