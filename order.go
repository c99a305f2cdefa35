package fork

import "sort"

// sectionKeyRoles decide what a section is about, most telling first: a
// section with a testimonial is proof, whatever headings it has.
var sectionKeyRoles = []Role{
	RoleTestimonial, RolePrice, RoleGuarantee, RoleFAQQuestion, RoleFAQAnswer,
	RoleBullet, RoleCTA, RoleBody, RoleSubheadline, RoleHeadline, RoleFinePrint,
}

// PatternOrder is the page's sections in the order of the profile's
// pattern: proof first for a skeptic, the price first for a bargain hunter.
// Everything up to the hero stays where it is (a header must not move down
// the page), and so do sections of fine print only (a footer). It returns
// nil when the order would not change. Providers use it as the draft's
// Sections, so that every engine restructures a page the same way.
func (plan *Plan) PatternOrder() []int {
	n := plan.Sections
	if n < 3 {
		return nil
	}
	rank := map[Role]int{}
	for i, r := range plan.Profile.Pattern.Order {
		rank[r] = i
	}
	roles := make([]map[Role]bool, n)
	for i := range roles {
		roles[i] = map[Role]bool{}
	}
	hero := -1
	for _, b := range plan.Blocks {
		if b.Section < 0 {
			continue
		}
		roles[b.Section][b.Role] = true
		if hero < 0 && b.Role == RoleHeadline {
			hero = b.Section
		}
	}
	key := func(s int) int {
		for _, r := range sectionKeyRoles {
			if roles[s][r] {
				if k, ok := rank[r]; ok {
					return k
				}
				return len(plan.Profile.Pattern.Order)
			}
		}
		return len(plan.Profile.Pattern.Order)
	}
	var movable []int
	for s := hero + 1; s < n; s++ {
		if len(roles[s]) == 1 && roles[s][RoleFinePrint] {
			continue
		}
		movable = append(movable, s)
	}
	if len(movable) < 2 {
		return nil
	}
	sorted := append([]int(nil), movable...)
	sort.SliceStable(sorted, func(i, j int) bool { return key(sorted[i]) < key(sorted[j]) })
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	changed := false
	for k, s := range movable {
		order[s] = sorted[k]
		changed = changed || sorted[k] != s
	}
	if !changed {
		return nil
	}
	return order
}
