package fork

import "net/netip"

// WithAllowAddrs lets the default fetcher connect to these exact IP:port
// pairs although its rules refuse loopback, private addresses and ports
// other than 80 and 443: one page server on this machine
// (127.0.0.1:8000) can be forked without WithAllowPrivate, which opens
// every address. A URL must name the address literally; a redirect
// elsewhere is checked as usual.
func WithAllowAddrs(addrs ...netip.AddrPort) Option {
	return func(f *Forker) { f.fetchCfg.AllowAddrs = append(f.fetchCfg.AllowAddrs, addrs...) }
}
