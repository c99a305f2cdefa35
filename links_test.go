package fork

import (
	"strings"
	"testing"
)

// TestUnreachableNote: buttons that link to a private, loopback or local
// address are named once per host; public, relative and other links are
// not.
func TestUnreachableNote(t *testing.T) {
	cta := func(href string) Block { return Block{Role: RoleCTA, Text: "Go", Href: href} }
	for _, tc := range []struct {
		name   string
		blocks []Block
		want   string
	}{
		{"private twice", []Block{cta("http://192.168.33.10/site/contact"), cta("http://192.168.33.10/site/order")},
			"2 buttons link to an address visitors cannot reach (192.168.33.10, a private network address)"},
		{"loopback", []Block{cta("http://127.0.0.1:8000/buy")}, "1 button links to an address visitors cannot reach (127.0.0.1, the visitor's own machine)"},
		{"localhost", []Block{cta("https://shop.localhost/buy")}, "(shop.localhost, a host name of the author's own machine or network)"},
		{"ipv6 loopback", []Block{cta("http://[::1]/buy")}, "(::1, the visitor's own machine)"},
		{"link-local", []Block{cta("http://169.254.10.1/buy")}, "(169.254.10.1, an address no public site uses (link-local))"},
		{"public", []Block{cta("https://example.com/buy"), cta("http://93.184.216.34/buy")}, ""},
		{"relative and others", []Block{cta("/buy"), cta("#order"), cta("mailto:a@b.example"), {Role: RoleBody, Href: "http://10.0.0.1/"}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := unreachableNote(tc.blocks)
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}
