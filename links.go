package fork

import (
	"fmt"
	"net/netip"
	"net/url"
	"strings"

	"github.com/marketingfork/fork/internal/fetch"
)

// unreachableNote warns when the page's calls to action point at an
// address no visitor can reach: a private, loopback or link-local IP or a
// local host name, left from a staging copy of the page. Both arms of a
// test would send their visitors there, so the control needs fixing
// before anything is measured (graders found every "Aanvragen" button of
// a page linking to 192.168.33.10 and no note saying so). The links are
// read as they stand in the page; a relative link is the page's own site
// and is never flagged.
func unreachableNote(blocks []Block) string {
	n := 0
	var hosts []string
	seen := map[string]bool{}
	for _, b := range blocks {
		if b.Role != RoleCTA || b.Href == "" {
			continue
		}
		h, why, ok := unreachableHost(b.Href)
		if !ok {
			continue
		}
		n++
		if !seen[h] {
			seen[h] = true
			hosts = append(hosts, fmt.Sprintf("%s, %s", h, why))
		}
	}
	if n == 0 {
		return ""
	}
	buttons := "button links"
	if n > 1 {
		buttons = "buttons link"
	}
	return fmt.Sprintf("%d %s to an address visitors cannot reach (%s), in the source as in the fork: fix the control's links before running a test, or both arms lose those clicks",
		n, buttons, strings.Join(hosts, "; "))
}

// unreachableHost reports the host of an absolute http(s) link that only
// its author's machine or network can reach, and why. Which addresses no
// public site lives on is the fetcher's policy (fetch.CheckIP), the one
// list the SSRF defences use too.
func unreachableHost(href string) (host, why string, ok bool) {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", "", false
	}
	h := strings.ToLower(u.Hostname())
	if h == "localhost" || strings.HasSuffix(h, ".localhost") || strings.HasSuffix(h, ".local") || strings.HasSuffix(h, ".test") {
		return h, "a host name of the author's own machine or network", true
	}
	a, err := netip.ParseAddr(h)
	if err != nil {
		return "", "", false
	}
	rule, public := fetch.CheckIP(a.Unmap())
	switch {
	case public:
		return "", "", false
	case rule == "loopback":
		return h, "the visitor's own machine", true
	case rule == "private" || rule == "unique-local" || rule == "cgnat":
		return h, "a private network address", true
	}
	return h, "an address no public site uses (" + rule + ")", true
}
