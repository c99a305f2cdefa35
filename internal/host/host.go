// Package host cleans the Host a request names before it is echoed into
// links, redirects and metadata. Every surface that builds its own base URL
// (the HTTP API, /ask, MCP) uses this one function, so a fix here covers
// them all.
package host

import "strings"

// Clean keeps a Host header that can only be a host and port (letters,
// digits, ".-:[]", at most 255 bytes); anything else (a header injection
// attempt, an empty HTTP/1.0 host) becomes "localhost" rather than being
// echoed into links.
func Clean(host string) string {
	if host == "" || len(host) > 255 {
		return "localhost"
	}
	for _, c := range host {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.ContainsRune(".-:[]", c):
		default:
			return "localhost"
		}
	}
	return host
}
