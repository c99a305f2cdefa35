package fetch

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
)

// HostPort is one local page server a user lets the fetcher reach: an
// address or "localhost", and a port. It is parsed once, at the edge (a
// flag, an option), by ParseHostPort.
type HostPort struct {
	// Host is "localhost" or an IP address in its canonical form.
	Host string
	// Port is the TCP port, never 0.
	Port uint16
}

// String is the form ParseHostPort reads.
func (h HostPort) String() string { return net.JoinHostPort(h.Host, strconv.Itoa(int(h.Port))) }

// addrs are the addresses a connection to h may be dialled on: localhost is
// loopback whatever DNS says (RFC 6761), so both loopback addresses.
func (h HostPort) addrs() []netip.AddrPort {
	if h.Host == "localhost" {
		return []netip.AddrPort{
			netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), h.Port),
			netip.AddrPortFrom(netip.IPv6Loopback(), h.Port),
		}
	}
	return []netip.AddrPort{netip.AddrPortFrom(netip.MustParseAddr(h.Host), h.Port)}
}

// ParseHostPort reads "localhost:8000", "127.0.0.1:8000" or "[::1]:8000".
// Host names other than localhost are refused: what a name resolves to can
// change after it was allowed, an address cannot. Cloud metadata and other
// link-local addresses cannot be allowed this way.
func ParseHostPort(s string) (HostPort, error) {
	host, port, err := net.SplitHostPort(strings.TrimSpace(s))
	if err != nil {
		return HostPort{}, fmt.Errorf("allowed host %q: want host:port, such as localhost:8000", s)
	}
	n, err := strconv.ParseUint(port, 10, 16)
	if err != nil || n == 0 {
		return HostPort{}, fmt.Errorf("allowed host %q: the port must be a number from 1 to 65535", s)
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" {
		return HostPort{Host: host, Port: uint16(n)}, nil
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || ip.Zone() != "" {
		return HostPort{}, fmt.Errorf("allowed host %q: the host must be localhost or an IP address", s)
	}
	if rule, ok := checkMetadata(ip); !ok {
		return HostPort{}, fmt.Errorf("allowed host %q: %s addresses cannot be allowed", s, rule)
	}
	return HostPort{Host: ip.Unmap().String(), Port: uint16(n)}, nil
}

// ParseHostPorts reads a comma-separated list of ParseHostPort's forms.
func ParseHostPorts(list string) ([]HostPort, error) {
	var out []HostPort
	var errs []error
	for _, s := range strings.Split(list, ",") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		h, err := ParseHostPort(s)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, h)
	}
	return out, errors.Join(errs...)
}

// allowList is the set of HostPorts a Fetcher lets through, by the name and
// port in a URL and by the address and port actually dialled.
type allowList struct {
	names map[string]bool
	addrs map[netip.AddrPort]bool
}

func newAllowList(hosts []HostPort) allowList {
	a := allowList{names: map[string]bool{}, addrs: map[netip.AddrPort]bool{}}
	for _, h := range hosts {
		a.names[h.String()] = true
		// localhost:8000 and 127.0.0.1:8000 are the same server.
		for _, ap := range h.addrs() {
			a.addrs[ap] = true
			a.names[ap.String()] = true
		}
	}
	return a
}

// url reports whether a URL's host and port (the scheme's default when it
// names none) are on the list.
func (a allowList) url(host, port, scheme string) bool {
	if len(a.names) == 0 {
		return false
	}
	if port == "" {
		port = "80"
		if scheme == "https" {
			port = "443"
		}
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if ip, err := netip.ParseAddr(host); err == nil {
		host = ip.Unmap().String()
	}
	return a.names[net.JoinHostPort(host, port)]
}

// dial reports whether the address about to be connected to is on the
// list.
func (a allowList) dial(ap netip.AddrPort) bool {
	return a.addrs[netip.AddrPortFrom(ap.Addr().Unmap().WithZone(""), ap.Port())]
}
