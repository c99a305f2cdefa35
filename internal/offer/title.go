package offer

import (
	"regexp"
	"strings"
)

// titleSep is what separates a title's parts: a bar, a middle dot, a
// bullet or a guillemet with or without spaces, a dash or colon between
// spaces, a colon before one ("Pricing | Acme", "Acme — Pricing", "Acme:
// notes for teams").
var titleSep = regexp.MustCompile(`\s*[|·⋅•»]\s*|\s+[-–—:]\s+|\s+::\s+|:\s+`)

// TitleParts splits a <title> into its parts, trimmed, empty parts
// dropped: "Pricing | Acme" is ["Pricing", "Acme"]. A title with one part
// names no brand apart from the page.
func TitleParts(title string) []string {
	var out []string
	for _, p := range titleSep.Split(title, -1) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
