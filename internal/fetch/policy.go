package fetch

import (
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/net/idna"

	"github.com/marketingfork/fork/internal/fault"
)

// BlockedError says which address was refused and by which rule; errors.Is(err, fault.ErrBlocked) holds.
//
// Fetch returns it as *BlockedError, so callers can pull the rule out with
// errors.As even when the refusal came from deep inside the dialer or the
// redirect policy. Rule is either an address-range name from CheckIP or one
// of "scheme", "userinfo" and "port"; Addr is correspondingly the refused IP
// address (or host name), the URL, or the port.
type BlockedError struct {
	Addr string
	Rule string
	// Host is the host name the refused address was resolved from, when
	// the URL named a host rather than an address. The message then names
	// the host, not the address, so a caller cannot use refusals to learn
	// what internal names resolve to.
	Host string
}

// Error renders a single line that a person who typed the URL can act on,
// so it names what was refused and why rather than the layer that noticed.
func (e *BlockedError) Error() string {
	switch e.Rule {
	case "scheme":
		return fmt.Sprintf("blocked URL %q: only http and https are allowed", e.Addr)
	case "userinfo":
		return fmt.Sprintf("blocked URL %q: user names and passwords in URLs are not allowed", e.Addr)
	case "port":
		return fmt.Sprintf("blocked port %s: only ports 80 and 443 are allowed", e.Addr)
	case "not-allowed-host":
		return fmt.Sprintf("blocked URL %q: this server forks pages only from the hosts it was told to allow", e.Addr)
	}
	if e.Host != "" {
		return fmt.Sprintf("blocked address: %s (or a page it redirects to) resolves to an address that is not allowed: %s", e.Host, ruleReason(e.Rule))
	}
	return fmt.Sprintf("blocked address %s: %s", e.Addr, ruleReason(e.Rule))
}

// Unwrap ties every refusal to the shared sentinel so callers that only care
// about the category need not know this type.
func (e *BlockedError) Unwrap() error { return fault.ErrBlocked }

// ruleReason turns a rule name into the second half of the error message.
func ruleReason(rule string) string {
	label := rule
	switch rule {
	case "private":
		label = "private network"
	case "cgnat":
		label = "carrier-grade NAT"
	case "this-network":
		label = `"this network" (0.0.0.0/8)`
	case "ipv4-mapped":
		label = "IPv4-mapped IPv6"
	case "ipv4-compatible":
		label = "IPv4-compatible IPv6"
	case "ipv4-translated":
		label = "IPv4-translated IPv6"
	case "nat64":
		label = "NAT64"
	case "teredo":
		label = "Teredo"
	case "discard":
		label = "discard-only"
	case "metadata":
		label = "cloud metadata"
	case "network":
		return "only TCP connections are allowed"
	case "invalid":
		return "the address could not be parsed"
	}
	return label + " addresses are not allowed"
}

// rangeRule names one refused address range.
type rangeRule struct {
	prefix netip.Prefix
	rule   string
}

// refusedRanges is constant data: it is built once and never written, so it
// is not shared mutable state. Order matters: the first match names the
// rule, so narrow ranges come before the wider ones that contain them
// (0.0.0.0/32 before 0.0.0.0/8, ::1 before ::/96, and so on).
var refusedRanges = [...]rangeRule{
	// IPv4.
	{netip.MustParsePrefix("0.0.0.0/32"), "unspecified"},
	{netip.MustParsePrefix("0.0.0.0/8"), "this-network"},
	{netip.MustParsePrefix("10.0.0.0/8"), "private"},
	{netip.MustParsePrefix("100.64.0.0/10"), "cgnat"},
	{netip.MustParsePrefix("127.0.0.0/8"), "loopback"},
	{netip.MustParsePrefix("169.254.0.0/16"), "link-local"},
	{netip.MustParsePrefix("172.16.0.0/12"), "private"},
	{netip.MustParsePrefix("192.0.0.0/24"), "reserved"},
	{netip.MustParsePrefix("192.0.2.0/24"), "documentation"},
	{netip.MustParsePrefix("192.88.99.0/24"), "6to4"},
	{netip.MustParsePrefix("192.168.0.0/16"), "private"},
	{netip.MustParsePrefix("198.18.0.0/15"), "benchmarking"},
	{netip.MustParsePrefix("198.51.100.0/24"), "documentation"},
	{netip.MustParsePrefix("203.0.113.0/24"), "documentation"},
	{netip.MustParsePrefix("224.0.0.0/4"), "multicast"},
	{netip.MustParsePrefix("255.255.255.255/32"), "broadcast"},
	{netip.MustParsePrefix("240.0.0.0/4"), "reserved"},

	// IPv6.
	{netip.MustParsePrefix("::/128"), "unspecified"},
	{netip.MustParsePrefix("::1/128"), "loopback"},
	// Embedded IPv4 forms are refused outright rather than unwrapped: the
	// kernel may route them to the embedded IPv4 host, and no public site
	// needs to be reached this way.
	{netip.MustParsePrefix("::ffff:0:0/96"), "ipv4-mapped"},
	{netip.MustParsePrefix("::/96"), "ipv4-compatible"},
	{netip.MustParsePrefix("::ffff:0:0:0/96"), "ipv4-translated"},
	{netip.MustParsePrefix("64:ff9b::/96"), "nat64"},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "nat64"},
	{netip.MustParsePrefix("100::/64"), "discard"},
	{netip.MustParsePrefix("2001::/32"), "teredo"},
	{netip.MustParsePrefix("2001:2::/48"), "benchmarking"},
	{netip.MustParsePrefix("2001:db8::/32"), "documentation"},
	// The rest of the IETF protocol assignment block (ORCHID and friends)
	// holds nothing a public page lives on.
	{netip.MustParsePrefix("2001::/23"), "reserved"},
	{netip.MustParsePrefix("2002::/16"), "6to4"},
	{netip.MustParsePrefix("3fff::/20"), "documentation"},
	{netip.MustParsePrefix("5f00::/16"), "reserved"},
	{netip.MustParsePrefix("fc00::/7"), "unique-local"},
	{netip.MustParsePrefix("fe80::/10"), "link-local"},
	{netip.MustParsePrefix("fec0::/10"), "site-local"},
	{netip.MustParsePrefix("ff00::/8"), "multicast"},
}

// globalUnicast6 is the only IPv6 block IANA hands out for public unicast;
// anything outside it cannot be a public web server, so it is refused even
// when no narrower rule names it.
var globalUnicast6 = netip.MustParsePrefix("2000::/3")

// CheckIP reports whether an address may be dialled and, if not, the name of the rule that refuses it ("loopback", "private", "link-local", "cgnat", "multicast", "unspecified", "ipv4-mapped", "nat64", "6to4", "teredo", "documentation", "benchmarking", "reserved", "broadcast", "unique-local", "site-local", "this-network", ...).
//
// It is the default policy of the dialer, exported so that other layers
// (and tests) can explain a refusal without dialling.
func CheckIP(ip netip.Addr) (rule string, ok bool) {
	if !ip.IsValid() {
		return "invalid", false
	}
	// A zone only picks an interface; the range is what matters.
	ip = ip.WithZone("")
	for _, r := range refusedRanges {
		if r.prefix.Contains(ip) {
			return r.rule, false
		}
	}
	if ip.Is6() && !globalUnicast6.Contains(ip) {
		return "reserved", false
	}
	return "", true
}

// allowAll is the IP policy under Config.AllowPrivate with
// Config.AllowMetadata.
func allowAll(netip.Addr) (string, bool) { return "", true }

// metadataRanges are where clouds serve instance metadata and credentials:
// the link-local ranges (169.254.169.254 on AWS, GCP, Azure, OpenStack and
// most others) and the few fixed addresses outside them. They stay refused
// under Config.AllowPrivate, which is for a user's own page server, not
// for the machine's credentials.
var metadataRanges = [...]rangeRule{
	{netip.MustParsePrefix("169.254.0.0/16"), "link-local"},
	{netip.MustParsePrefix("fe80::/10"), "link-local"},
	{netip.MustParsePrefix("fd00:ec2::254/128"), "metadata"},  // AWS over IPv6
	{netip.MustParsePrefix("100.100.100.200/32"), "metadata"}, // Alibaba Cloud
	{netip.MustParsePrefix("168.63.129.16/32"), "metadata"},   // Azure's wire server
}

// metadataNames are the host names clouds give their metadata services.
var metadataNames = [...]string{
	"metadata", "metadata.google.internal", "metadata.goog",
	"instance-data", "instance-data.ec2.internal", "metadata.tencentyun.com",
}

// checkMetadata refuses the metadata ranges (IPv4-mapped forms included)
// and allows everything else: the policy under Config.AllowPrivate.
func checkMetadata(ip netip.Addr) (rule string, ok bool) {
	if !ip.IsValid() {
		return "invalid", false
	}
	ip = ip.Unmap().WithZone("")
	for _, r := range metadataRanges {
		if r.prefix.Contains(ip) {
			return r.rule, false
		}
	}
	return "", true
}

// isMetadataName reports whether host is a cloud metadata service's name.
func isMetadataName(host string) bool {
	host = strings.TrimRight(host, ".")
	for _, n := range metadataNames {
		if host == n {
			return true
		}
	}
	return false
}

// maxQuoted bounds how much of a caller's URL is echoed back in an error,
// so a megabyte of junk does not become a megabyte of log line.
const maxQuoted = 200

// quoteURL shortens s for an error message.
func quoteURL(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	return s[:maxQuoted] + "..."
}

// invalidURL builds the ErrInvalidInput error for a URL the caller can fix.
func invalidURL(raw, reason string) error {
	msg := fmt.Sprintf("invalid URL %q: %s", quoteURL(raw), reason)
	if raw == "" {
		msg = "invalid URL: " + reason
	}
	return &fetchError{msg: msg, errs: []error{fault.ErrInvalidInput}}
}

// parseURL turns the caller's string into a URL that passes checkURL.
func (f *Fetcher) parseURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, invalidURL(raw, "empty")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, invalidURL(raw, "cannot be parsed")
	}
	if !u.IsAbs() {
		return nil, invalidURL(raw, "not an absolute http or https URL")
	}
	if err := f.checkURL(u); err != nil {
		return nil, err
	}
	// Fragments never leave the client; dropping them keeps Page.URL tidy.
	u.Fragment, u.RawFragment = "", ""
	return u, nil
}

// checkURL applies every rule that can be decided from the URL alone. It
// runs on the caller's URL and on each redirect target. The dialer repeats
// the IP and port rules on the address actually dialled, which is the check
// that cannot be fooled by DNS; this one exists to fail early with a clear
// message and to refuse tricks that never reach a dial (userinfo, schemes).
func (f *Fetcher) checkURL(u *url.URL) error {
	raw := u.Redacted()
	if u.Scheme != "http" && u.Scheme != "https" {
		return &BlockedError{Addr: quoteURL(raw), Rule: "scheme"}
	}
	if u.Opaque != "" || u.Host == "" {
		return invalidURL(raw, "no host")
	}
	// Any userinfo is refused: "http://example.com@127.0.0.1/" reads as
	// example.com to a person but goes to 127.0.0.1, and no public page
	// needs credentials from an anonymous caller.
	if u.User != nil {
		return &BlockedError{Addr: quoteURL(raw), Rule: "userinfo"}
	}
	// A host and port the user allowed (their own page server) pass
	// whatever the address rules say; the dialer checks the same pair.
	if f.allowed.url(u.Hostname(), u.Port(), u.Scheme) {
		return nil
	}
	if f.onlyAllowed {
		return &BlockedError{Addr: quoteURL(raw), Rule: "not-allowed-host"}
	}
	if err := f.checkPort(u); err != nil {
		return err
	}
	host := u.Hostname()
	if host == "" {
		return invalidURL(raw, "no host")
	}
	return f.checkHost(raw, host)
}

// checkPort refuses ports other than 80 and 443 unless the policy lifts
// the rule or the host and port are on the allow list.
func (f *Fetcher) checkPort(u *url.URL) error {
	p := u.Port()
	if p == "" || f.anyPort {
		return nil
	}
	if n, err := strconv.Atoi(p); err == nil && (n == 80 || n == 443) {
		return nil
	}
	return &BlockedError{Addr: p, Rule: "port"}
}

// checkHost refuses literal addresses and names that are known to be
// internal, normalising the host the same way the transport will before it
// resolves it.
func (f *Fetcher) checkHost(raw, host string) error {
	// net/http maps non-ASCII hosts through IDNA before resolving them, and
	// IDNA folds full-width digits and ideographic dots, so
	// "１２７。０。０。１" is dialled as 127.0.0.1. Check what will be dialled.
	if !isASCII(host) {
		a, err := idna.Lookup.ToASCII(host)
		if err != nil {
			return invalidURL(raw, "host name is not valid")
		}
		host = a
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		if rule, ok := f.allowIP(ip); !ok {
			// The zone is caller text and says nothing about the range.
			return &BlockedError{Addr: ip.WithZone("").String(), Rule: rule}
		}
		return nil
	}
	host = strings.ToLower(host)
	if !f.allowMetadata && isMetadataName(host) {
		return &BlockedError{Addr: host, Rule: "metadata"}
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_') {
			return invalidURL(raw, "host name is not valid")
		}
	}
	// Browsers and some resolvers read "2130706433", "0x7f.1" or "127.1"
	// as IPv4 addresses while net/netip does not. Decode them the WHATWG
	// way so that an internal target is reported as blocked, and refuse the
	// rest: no public site needs a non-standard address spelling.
	if endsInNumber(host) {
		ip, ok := parseLooseIPv4(host)
		if !ok {
			return invalidURL(raw, "host is not a valid address")
		}
		if rule, ok := f.allowIP(ip); !ok {
			return &BlockedError{Addr: ip.String(), Rule: rule}
		}
		return invalidURL(raw, fmt.Sprintf("write the address as %s", ip))
	}
	// "localhost" is reserved for loopback (RFC 6761) whatever DNS says,
	// so refuse it without a lookup when loopback is refused.
	if name := strings.TrimRight(host, "."); name == "localhost" || strings.HasSuffix(name, ".localhost") {
		if rule, ok := f.allowIP(netip.AddrFrom4([4]byte{127, 0, 0, 1})); !ok {
			return &BlockedError{Addr: host, Rule: rule}
		}
	}
	return nil
}

// isASCII reports whether s needs no IDNA mapping.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// hostLabels splits a host into dot-separated labels, ignoring one
// trailing dot as URL parsers do.
func hostLabels(host string) []string {
	labels := strings.Split(host, ".")
	if len(labels) > 1 && labels[len(labels)-1] == "" {
		labels = labels[:len(labels)-1]
	}
	return labels
}

// endsInNumber follows the WHATWG URL "ends in a number" test: such hosts
// are IPv4 addresses to a browser, never domain names.
func endsInNumber(host string) bool {
	labels := hostLabels(host)
	last := labels[len(labels)-1]
	if last == "" {
		return false
	}
	if strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4Number parses one WHATWG IPv4 part: 0x-prefixed hex, 0-prefixed
// octal, or decimal.
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := 10
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		s, base = s[2:], 16
	case len(s) >= 2 && s[0] == '0':
		s, base = s[1:], 8
	}
	if s == "" {
		return 0, true
	}
	n, err := strconv.ParseUint(s, base, 64)
	return n, err == nil
}

// parseLooseIPv4 decodes the one-to-four-part IPv4 forms ("127.1",
// "0x7f000001", "0177.0.0.1") the way a WHATWG URL parser does.
func parseLooseIPv4(host string) (netip.Addr, bool) {
	labels := hostLabels(host)
	if len(labels) > 4 {
		return netip.Addr{}, false
	}
	nums := make([]uint64, len(labels))
	for i, l := range labels {
		n, ok := parseIPv4Number(l)
		if !ok {
			return netip.Addr{}, false
		}
		nums[i] = n
	}
	var v uint64
	for i, n := range nums[:len(nums)-1] {
		if n > 255 {
			return netip.Addr{}, false
		}
		v |= n << (8 * (3 - i))
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, false
	}
	v |= last
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}
