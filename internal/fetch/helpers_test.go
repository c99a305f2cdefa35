package fetch

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/net/dns/dnsmessage"
)

// canary is a TCP listener that must never be connected to: it counts
// every accepted connection so a test can prove no request reached it.
type canary struct {
	ln   net.Listener
	hits atomic.Int64
}

// listenCanary binds addr or returns nil when the address cannot be bound
// here (privileged port, no IPv6); tests then rely on the policy recorder.
func listenCanary(t *testing.T, addr string) *canary {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Logf("canary %s not available: %v", addr, err)
		return nil
	}
	c := &canary{ln: ln}
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			c.hits.Add(1)
			conn.Close()
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return c
}

func (c *canary) count() int64 {
	if c == nil {
		return 0
	}
	return c.hits.Load()
}

func (c *canary) port() string {
	_, p, _ := net.SplitHostPort(c.ln.Addr().String())
	return p
}

// canaries groups the listeners on the ports a default fetcher may dial.
type canaries []*canary

func listenDefaultPortCanaries(t *testing.T) canaries {
	var cs canaries
	for _, a := range []string{"127.0.0.1:80", "127.0.0.1:443", "[::1]:80", "[::1]:443"} {
		if c := listenCanary(t, a); c != nil {
			cs = append(cs, c)
		}
	}
	return cs
}

func (cs canaries) count() int64 {
	var n int64
	for _, c := range cs {
		n += c.count()
	}
	return n
}

// policyRecorder wraps an IP policy and records each decision, so tests can
// count dial attempts and prove that nothing internal was ever allowed.
type policyRecorder struct {
	policy func(netip.Addr) (string, bool)

	mu      sync.Mutex
	calls   map[netip.Addr]int
	allowed []netip.Addr
}

func newPolicyRecorder(policy func(netip.Addr) (string, bool)) *policyRecorder {
	return &policyRecorder{policy: policy, calls: map[netip.Addr]int{}}
}

func (r *policyRecorder) check(ip netip.Addr) (string, bool) {
	rule, ok := r.policy(ip)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls[ip]++
	if ok {
		r.allowed = append(r.allowed, ip)
	}
	return rule, ok
}

func (r *policyRecorder) callsFor(ip netip.Addr) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls[ip]
}

func (r *policyRecorder) allowedAddrs() []netip.Addr {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]netip.Addr(nil), r.allowed...)
}

func (r *policyRecorder) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = map[netip.Addr]int{}
	r.allowed = nil
}

// onlyLoopback1 allows 127.0.0.1 and nothing else, so a test server on
// 127.0.0.1 is reachable while its loopback neighbours play the part of
// internal hosts.
func onlyLoopback1(ip netip.Addr) (string, bool) {
	if ip == netip.AddrFrom4([4]byte{127, 0, 0, 1}) {
		return "", true
	}
	if rule, ok := CheckIP(ip); !ok {
		return rule, false
	}
	return "", true
}

// fakeDNS serves answers from a fixed table over UDP on loopback and
// returns a pure-Go resolver that uses it, so tests can make a public
// looking name resolve to an internal address (DNS rebinding).
func fakeDNS(t *testing.T, answers map[string][]netip.Addr) *net.Resolver {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("fake DNS: %v", err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		buf := make([]byte, 1500)
		for {
			n, addr, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if reply, err := dnsAnswer(buf[:n], answers); err == nil {
				pc.WriteTo(reply, addr)
			}
		}
	}()
	server := pc.LocalAddr().String()
	return &net.Resolver{
		PreferGo: true,
		Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "udp", server)
		},
	}
}

func dnsAnswer(query []byte, answers map[string][]netip.Addr) ([]byte, error) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil, err
	}
	q, err := p.Question()
	if err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(strings.ToLower(q.Name.String()), ".")
	var addrs []netip.Addr
	found := false
	for k, v := range answers {
		// Accept search-domain suffixes the resolver may append.
		if name == k || strings.HasPrefix(name, k+".") {
			addrs, found = v, true
		}
	}
	rh := dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionAvailable: true}
	if !found {
		rh.RCode = dnsmessage.RCodeNameError
	}
	b := dnsmessage.NewBuilder(nil, rh)
	if err := b.StartQuestions(); err != nil {
		return nil, err
	}
	if err := b.Question(q); err != nil {
		return nil, err
	}
	if err := b.StartAnswers(); err != nil {
		return nil, err
	}
	for _, a := range addrs {
		hdr := dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: 0}
		switch {
		case q.Type == dnsmessage.TypeA && a.Is4():
			err = b.AResource(hdr, dnsmessage.AResource{A: a.As4()})
		case q.Type == dnsmessage.TypeAAAA && a.Is6():
			err = b.AAAAResource(hdr, dnsmessage.AAAAResource{AAAA: a.As16()})
		}
		if err != nil {
			return nil, err
		}
	}
	return b.Finish()
}

// blockedRule returns the rule of a *BlockedError in err's chain, or "".
func blockedRule(err error) (rule, addr string) {
	var be *BlockedError
	if errors.As(err, &be) {
		return be.Rule, be.Addr
	}
	return "", ""
}
