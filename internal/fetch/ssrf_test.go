package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/internal/fault"
)

// ssrfCase is one URL a default fetcher must refuse.
type ssrfCase struct {
	url      string
	want     error  // fault.ErrBlocked or fault.ErrInvalidInput
	wantRule string // BlockedError.Rule, when want is ErrBlocked and the rule is certain
	wantAddr string // BlockedError.Addr, when it matters (dial-time refusals)
	dns      bool   // needs the fake resolver: the refusal happens at dial time
}

func ssrfCases() []ssrfCase {
	blocked := func(u, rule string) ssrfCase { return ssrfCase{url: u, want: fault.ErrBlocked, wantRule: rule} }
	invalid := func(u string) ssrfCase { return ssrfCase{url: u, want: fault.ErrInvalidInput} }
	dial := func(u, rule, addr string) ssrfCase {
		return ssrfCase{url: u, want: fault.ErrBlocked, wantRule: rule, wantAddr: addr, dns: true}
	}
	return []ssrfCase{
		// Literal internal addresses.
		blocked("http://127.0.0.1/", "loopback"),
		blocked("HTTP://127.0.0.1/", "loopback"),
		blocked("http://127.0.0.1:443/", "loopback"),
		blocked("http://[::1]/", "loopback"),
		blocked("http://[::1]:443/", "loopback"),
		blocked("http://0.0.0.0/", "unspecified"),
		blocked("http://[::]/", "unspecified"),
		blocked("http://0.1.2.3/", "this-network"),
		blocked("http://169.254.169.254/latest/meta-data/", "link-local"),
		blocked("http://[fe80::1]/", "link-local"),
		blocked("http://[fe80::1%25eth0]/", "link-local"),
		blocked("http://10.0.0.1/", "private"),
		blocked("http://172.16.0.1/", "private"),
		blocked("http://192.168.1.1/", "private"),
		blocked("http://100.64.0.1/", "cgnat"),
		blocked("http://224.0.0.1/", "multicast"),
		blocked("http://255.255.255.255/", "broadcast"),
		blocked("http://240.0.0.1/", "reserved"),
		blocked("http://198.18.0.1/", "benchmarking"),
		blocked("http://[fc00::1]/", "unique-local"),
		blocked("http://[fec0::1]/", "site-local"),
		blocked("http://[2001:db8::1]/", "documentation"),
		// IPv6 forms that embed an IPv4 address.
		blocked("http://[::ffff:127.0.0.1]/", "ipv4-mapped"),
		blocked("http://[::ffff:7f00:1]/", "ipv4-mapped"),
		blocked("http://[0:0:0:0:0:ffff:169.254.169.254]/", "ipv4-mapped"),
		blocked("http://[::127.0.0.1]/", "ipv4-compatible"),
		blocked("http://[64:ff9b::7f00:1]/", "nat64"),
		blocked("http://[64:ff9b:1::a00:1]/", "nat64"),
		blocked("http://[2002:7f00:1::]/", "6to4"),
		blocked("http://[2001::1]/", "teredo"),
		// Non-standard IPv4 spellings that resolvers and browsers accept.
		blocked("http://0/", "unspecified"),
		blocked("http://2130706433/", "loopback"),
		blocked("http://0177.0.0.1/", "loopback"),
		blocked("http://0x7f.0.0.1/", "loopback"),
		blocked("http://0x7f000001/", "loopback"),
		blocked("http://0x7f.1/", "loopback"),
		blocked("http://127.1/", "loopback"),
		blocked("http://127.0.0.1./", "loopback"),
		// IDNA folds full-width digits and ideographic dots to ASCII.
		blocked("http://１２７.０.０.１/", "loopback"),
		blocked("http://127。0。0。1/", "loopback"),
		invalid("http://256.0.0.1/"),
		// Reserved loopback names.
		blocked("http://localhost/", "loopback"),
		blocked("http://LOCALHOST/", "loopback"),
		blocked("http://localhost.:80/", "loopback"),
		blocked("http://api.localhost/", "loopback"),
		// Userinfo and fragment tricks.
		blocked("http://user:pass@example.com/", "userinfo"),
		blocked("http://@example.com/", "userinfo"),
		blocked("http://example.com@127.0.0.1/", "userinfo"),
		blocked("http://127.0.0.1:80@example.com/", "userinfo"),
		blocked("http://127.0.0.1#@example.com/", "loopback"),
		invalid(`http://example.com\@127.0.0.1/`),
		// Ports.
		blocked("http://example.com:8080/", "port"),
		blocked("http://example.com:22/", "port"),
		blocked("https://example.com:8443/", "port"),
		blocked("http://example.com:0/", "port"),
		blocked("http://127.0.0.1:8080/", "port"),
		// Schemes.
		blocked("ftp://example.com/", "scheme"),
		blocked("file:///etc/passwd", "scheme"),
		blocked("gopher://127.0.0.1/", "scheme"),
		blocked("javascript:alert(1)", "scheme"),
		blocked("data:text/html,hi", "scheme"),
		// Malformed input.
		invalid(""),
		invalid("not a url"),
		invalid("/relative/path"),
		invalid("http:///nohost"),
		invalid("http://exa mple.com/"),
		// Public-looking names that resolve to internal addresses: only the
		// dial-time check can refuse these.
		dial("http://rebind.test/", "loopback", "127.0.0.1"),
		dial("https://rebind.test/", "loopback", "127.0.0.1"),
		dial("http://metadata.test/latest/meta-data/", "link-local", "169.254.169.254"),
		dial("http://intranet.test/", "private", "10.0.0.1"),
		dial("http://v6.test/", "loopback", "::1"),
		// Go turns an IPv4-mapped AAAA answer into plain IPv4 before dialling.
		dial("http://mapped.test/", "loopback", "127.0.0.1"),
		{url: "http://mixed.test/", want: fault.ErrBlocked, dns: true},
	}
}

// TestFetchRefusesSSRF runs every case against a default fetcher and checks
// both the error and that no connection reached a loopback canary on the
// ports a default fetcher may dial.
func TestFetchRefusesSSRF(t *testing.T) {
	cases := ssrfCases()
	if len(cases) < 40 {
		t.Fatalf("got %d SSRF cases; want at least 40", len(cases))
	}
	cans := listenDefaultPortCanaries(t)
	resolver := fakeDNS(t, map[string][]netip.Addr{
		"rebind.test":   {netip.MustParseAddr("127.0.0.1")},
		"metadata.test": {netip.MustParseAddr("169.254.169.254")},
		"intranet.test": {netip.MustParseAddr("10.0.0.1")},
		"v6.test":       {netip.MustParseAddr("::1")},
		"mapped.test":   {netip.MustParseAddr("::ffff:127.0.0.1")},
		"mixed.test":    {netip.MustParseAddr("10.0.0.1"), netip.MustParseAddr("127.0.0.1")},
	})
	rec := newPolicyRecorder(CheckIP)
	// The zero Config with only observation hooks: the policy is CheckIP
	// itself, and DNS answers come from the fake server.
	instrumented := newFetcher(Config{Timeout: 3 * time.Second}, hooks{allowIP: rec.check, resolver: resolver})
	plain := New(Config{Timeout: 3 * time.Second})

	for _, tc := range cases {
		t.Run(tc.url, func(t *testing.T) {
			fetchers := map[string]*Fetcher{"instrumented": instrumented}
			if !tc.dns {
				// Without network access a real lookup would fail with a
				// DNS error, so DNS cases run only on the fake resolver.
				fetchers["New"] = plain
			}
			for name, f := range fetchers {
				rec.reset()
				before := cans.count()
				page, err := f.Fetch(context.Background(), tc.url)
				if page != nil {
					t.Errorf("%s: got page %q; want nil", name, page.URL)
				}
				if !errors.Is(err, tc.want) {
					t.Fatalf("%s: got error %v; want errors.Is %v", name, err, tc.want)
				}
				if tc.want == fault.ErrBlocked {
					rule, addr := blockedRule(err)
					if rule == "" {
						t.Errorf("%s: got error %T %v; want a *BlockedError in the chain", name, err, err)
					}
					if tc.wantRule != "" && rule != tc.wantRule {
						t.Errorf("%s: got rule %q; want %q", name, rule, tc.wantRule)
					}
					if tc.wantAddr != "" && addr != tc.wantAddr {
						t.Errorf("%s: got addr %q; want %q", name, addr, tc.wantAddr)
					}
				}
				if strings.ContainsAny(err.Error(), "\r\n") {
					t.Errorf("%s: got multi-line error %q; want one line", name, err)
				}
				if got := cans.count() - before; got != 0 {
					t.Errorf("%s: got %d connections to a loopback canary; want 0", name, got)
				}
				if name == "instrumented" {
					if got := rec.allowedAddrs(); len(got) != 0 {
						t.Errorf("got policy allowing %v; want nothing allowed", got)
					}
				}
			}
		})
	}
}

func TestRefusalMessages(t *testing.T) {
	f := New(Config{})
	tests := []struct {
		url  string
		want string
	}{
		{"http://127.0.0.1/", "blocked address 127.0.0.1: loopback addresses are not allowed"},
		{"http://2130706433/", "blocked address 127.0.0.1: loopback addresses are not allowed"},
		{"http://169.254.169.254/", "blocked address 169.254.169.254: link-local addresses are not allowed"},
		{"ftp://x", `blocked URL "ftp://x": only http and https are allowed`},
		{"http://example.com:8080/", "blocked port 8080: only ports 80 and 443 are allowed"},
		{"http://user:pass@example.com/", `blocked URL "http://user:xxxxx@example.com/": user names and passwords in URLs are not allowed`},
		{"http://localhost/", "blocked address localhost: loopback addresses are not allowed"},
		{"", "invalid URL: empty"},
		{"/relative/path", `invalid URL "/relative/path": not an absolute http or https URL`},
		{"http:///nohost", `invalid URL "http:///nohost": no host`},
		{"http://1.2.3.0x4/", `invalid URL "http://1.2.3.0x4/": write the address as 1.2.3.4`},
	}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			_, err := f.Fetch(context.Background(), tc.url)
			if err == nil {
				t.Fatalf("got nil error; want %q", tc.want)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("got %q; want %q", got, tc.want)
			}
		})
	}
}

func TestAllowPrivateStillRequiresHTTP(t *testing.T) {
	f := New(Config{AllowPrivate: true})
	for _, u := range []string{"ftp://127.0.0.1/", "file:///etc/passwd", "gopher://localhost:70/", "ws://127.0.0.1/"} {
		t.Run(u, func(t *testing.T) {
			_, err := f.Fetch(context.Background(), u)
			if rule, _ := blockedRule(err); !errors.Is(err, fault.ErrBlocked) || rule != "scheme" {
				t.Errorf("got %v (rule %q); want blocked by scheme", err, rule)
			}
		})
	}
}

func TestCheckIP(t *testing.T) {
	tests := []struct {
		ip       string
		wantRule string // "" means allowed
	}{
		{"127.0.0.1", "loopback"},
		{"127.255.255.254", "loopback"},
		{"::1", "loopback"},
		{"10.1.2.3", "private"},
		{"172.16.0.1", "private"},
		{"172.31.255.255", "private"},
		{"192.168.0.1", "private"},
		{"169.254.169.254", "link-local"},
		{"fe80::1", "link-local"},
		{"fe80::1%eth0", "link-local"},
		{"100.64.0.1", "cgnat"},
		{"100.127.255.255", "cgnat"},
		{"224.0.0.1", "multicast"},
		{"239.255.255.250", "multicast"},
		{"ff02::1", "multicast"},
		{"0.0.0.0", "unspecified"},
		{"::", "unspecified"},
		{"0.1.2.3", "this-network"},
		{"255.255.255.255", "broadcast"},
		{"240.0.0.1", "reserved"},
		{"192.0.0.8", "reserved"},
		{"192.0.2.1", "documentation"},
		{"198.51.100.7", "documentation"},
		{"203.0.113.9", "documentation"},
		{"198.18.0.1", "benchmarking"},
		{"198.19.255.255", "benchmarking"},
		{"192.88.99.1", "6to4"},
		{"::ffff:127.0.0.1", "ipv4-mapped"},
		{"::ffff:8.8.8.8", "ipv4-mapped"},
		{"::127.0.0.1", "ipv4-compatible"},
		{"::ffff:0:7f00:1", "ipv4-translated"},
		{"64:ff9b::7f00:1", "nat64"},
		{"64:ff9b:1::1", "nat64"},
		{"100::1", "discard"},
		{"2001::1", "teredo"},
		{"2001:2::1", "benchmarking"},
		{"2001:db8::1", "documentation"},
		{"2001:10::1", "reserved"},
		{"2002:7f00:1::", "6to4"},
		{"3fff::1", "documentation"},
		{"fc00::1", "unique-local"},
		{"fd12:3456::1", "unique-local"},
		{"fec0::1", "site-local"},
		{"4000::1", "reserved"},
		{"::2", "ipv4-compatible"},
		// Public addresses.
		{"93.184.216.34", ""},
		{"8.8.8.8", ""},
		{"1.1.1.1", ""},
		{"172.32.0.1", ""},
		{"100.128.0.1", ""},
		{"192.169.0.1", ""},
		{"223.255.255.255", ""},
		{"2606:4700::1111", ""},
		{"2001:4860:4860::8888", ""},
		{"2a00:1450:4001::1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.ip, func(t *testing.T) {
			rule, ok := CheckIP(netip.MustParseAddr(tc.ip))
			if got, want := ok, tc.wantRule == ""; got != want {
				t.Errorf("got ok %v; want %v", got, want)
			}
			if rule != tc.wantRule {
				t.Errorf("got rule %q; want %q", rule, tc.wantRule)
			}
		})
	}
	t.Run("invalid", func(t *testing.T) {
		if rule, ok := CheckIP(netip.Addr{}); ok || rule != "invalid" {
			t.Errorf("got (%q, %v); want (\"invalid\", false)", rule, ok)
		}
	})
}

func TestParseLooseIPv4(t *testing.T) {
	tests := []struct {
		host string
		want string // "" means not an address
	}{
		{"2130706433", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"0x7f.0.0.1", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"127.0.1", "127.0.0.1"},
		{"0", "0.0.0.0"},
		{"0x", "0.0.0.0"},
		{"1.2.3.4.", "1.2.3.4"},
		{"4294967295", "255.255.255.255"},
		{"4294967296", ""},
		{"256.0.0.1", ""},
		{"1.2.3.4.5", ""},
		{"09.0.0.1", ""},
		{"0xg.0.0.1", ""},
		{"1.2.256", "1.2.1.0"},
		{"1.2.65536", ""},
	}
	for _, tc := range tests {
		t.Run(tc.host, func(t *testing.T) {
			ip, ok := parseLooseIPv4(tc.host)
			got := ""
			if ok {
				got = ip.String()
			}
			if got != tc.want {
				t.Errorf("got %q; want %q", got, tc.want)
			}
		})
	}
}

// TestRedirectToRefusedTarget serves from an allowed 127.0.0.1 and
// redirects to addresses the policy refuses; a canary on 127.0.0.2 must
// see no connection.
func TestRedirectToRefusedTarget(t *testing.T) {
	target := listenCanary(t, "127.0.0.2:0")
	if target == nil {
		t.Skip("cannot bind 127.0.0.2 here")
	}
	port := target.port()
	resolver := fakeDNS(t, map[string][]netip.Addr{
		"internal.test": {netip.MustParseAddr("127.0.0.2")},
	})
	tests := []struct {
		name     string
		location string
		wantRule string
	}{
		{"literal neighbour", "http://127.0.0.2:" + port + "/", "loopback"},
		{"name resolving to neighbour", "http://internal.test:" + port + "/", "loopback"},
		{"metadata", "http://169.254.169.254/latest/meta-data/", "link-local"},
		{"private", "http://10.0.0.1/", "private"},
		{"ipv6 loopback", "http://[::1]:" + port + "/", "loopback"},
		{"ipv4-mapped", "http://[::ffff:127.0.0.2]:" + port + "/", "ipv4-mapped"},
		{"decimal", "http://2130706434:" + port + "/", "loopback"},
		{"ftp", "ftp://127.0.0.1/", "scheme"},
		{"userinfo", "http://example.com@127.0.0.2:" + port + "/", "userinfo"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, tc.location, http.StatusFound)
			}))
			defer srv.Close()
			f := newFetcher(Config{AllowPrivate: true, Timeout: 3 * time.Second}, hooks{allowIP: onlyLoopback1, resolver: resolver})
			before := target.count()
			_, err := f.Fetch(context.Background(), srv.URL)
			if got := target.count() - before; got != 0 {
				t.Errorf("got %d connections to the 127.0.0.2 canary; want 0", got)
			}
			if !errors.Is(err, fault.ErrBlocked) {
				t.Fatalf("got %v; want errors.Is ErrBlocked", err)
			}
			var be *BlockedError
			if !errors.As(err, &be) {
				t.Fatalf("got %T; want *BlockedError in chain", err)
			}
			if be.Rule != tc.wantRule {
				t.Errorf("got rule %q; want %q", be.Rule, tc.wantRule)
			}
		})
	}
}

func TestRedirectLimit(t *testing.T) {
	// /n redirects to /n-1 until /0, which serves the page.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscanf(r.URL.Path, "/%d", &n)
		if n > 0 {
			http.Redirect(w, r, fmt.Sprintf("/%d", n-1), http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<p>end</p>")
	}))
	defer srv.Close()
	tests := []struct {
		name      string
		max       int
		redirects int
		wantErr   error
	}{
		{"default allows 5", 0, 5, nil},
		{"default refuses 6", 0, 6, fault.ErrUnreachable},
		{"max 1 allows 1", 1, 1, nil},
		{"max 1 refuses 2", 1, 2, fault.ErrUnreachable},
		{"negative refuses any", -1, 1, fault.ErrUnreachable},
		{"negative allows none needed", -1, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := New(Config{AllowPrivate: true, MaxRedirects: tc.max, Timeout: 3 * time.Second})
			page, err := f.Fetch(context.Background(), fmt.Sprintf("%s/%d", srv.URL, tc.redirects))
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
				t.Fatalf("got %v; want %v", err, tc.wantErr)
			}
			if err != nil {
				if got, want := err.Error(), "page unreachable: too many redirects"; got != want {
					t.Errorf("got %q; want %q", got, want)
				}
				return
			}
			if got, want := page.URL, srv.URL+"/0"; got != want {
				t.Errorf("got URL %q; want %q", got, want)
			}
		})
	}
}

// TestBlockedDialNotRetried proves a dial-time refusal is final: with three
// retries configured the policy still sees exactly one dial.
func TestBlockedDialNotRetried(t *testing.T) {
	target := listenCanary(t, "127.0.0.2:0")
	if target == nil {
		t.Skip("cannot bind 127.0.0.2 here")
	}
	internal := netip.MustParseAddr("127.0.0.2")
	resolver := fakeDNS(t, map[string][]netip.Addr{"internal.test": {internal}})
	rec := newPolicyRecorder(onlyLoopback1)
	f := newFetcher(Config{AllowPrivate: true, Retries: 3, Timeout: 3 * time.Second}, hooks{allowIP: rec.check, resolver: resolver})
	start := time.Now()
	_, err := f.Fetch(context.Background(), "http://internal.test:"+target.port()+"/")
	var be *BlockedError
	if !errors.As(err, &be) {
		t.Fatalf("got %v; want *BlockedError", err)
	}
	if diff := cmp.Diff(&BlockedError{Addr: "127.0.0.2", Rule: "loopback", Host: "internal.test"}, be); diff != "" {
		t.Errorf("BlockedError mismatch (-want +got):\n%s", diff)
	}
	// The message names the host, never the address it resolved to: a
	// caller must not learn what internal names resolve to.
	if msg := be.Error(); strings.Contains(msg, "127.0.0.2") || !strings.Contains(msg, "internal.test") {
		t.Errorf("message %q: want the host and not the resolved address", msg)
	}
	if got := rec.callsFor(internal); got != 1 {
		t.Errorf("got %d dial checks for %v; want 1", got, internal)
	}
	if got := target.count(); got != 0 {
		t.Errorf("got %d connections to the canary; want 0", got)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("got refusal after %v; want it without retry backoff", d)
	}
}

// TestDialRefusesPortOutsideDefault checks the dialer's own port rule, the
// second line behind the URL check.
func TestDialRefusesPortOutsideDefault(t *testing.T) {
	f := New(Config{})
	tests := []struct {
		addr     string
		wantRule string
	}{
		{"93.184.216.34:8080", "port"},
		{"93.184.216.34:80", ""},
		{"[2606:4700::1111]:443", ""},
		{"127.0.0.1:80", "loopback"},
		{"[::ffff:127.0.0.1]:80", "ipv4-mapped"},
		{"not-an-address", "invalid"},
	}
	for _, tc := range tests {
		t.Run(tc.addr, func(t *testing.T) {
			err := f.control(context.Background(), "tcp", tc.addr, nil)
			rule, _ := blockedRule(err)
			if rule != tc.wantRule {
				t.Errorf("got rule %q (err %v); want %q", rule, err, tc.wantRule)
			}
		})
	}
	t.Run("udp", func(t *testing.T) {
		if rule, _ := blockedRule(f.control(context.Background(), "udp", "93.184.216.34:80", nil)); rule != "network" {
			t.Errorf("got rule %q; want %q", rule, "network")
		}
	})
}

// TestAllowPrivateCounts is a sanity check that the instrumentation sees
// dials at all, so the "no dial" assertions above are meaningful.
func TestAllowPrivateCounts(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<p>hi</p>")
	}))
	defer srv.Close()
	rec := newPolicyRecorder(onlyLoopback1)
	f := newFetcher(Config{AllowPrivate: true, Timeout: 3 * time.Second}, hooks{allowIP: rec.check})
	if _, err := f.Fetch(context.Background(), srv.URL); err != nil {
		t.Fatalf("got %v; want success", err)
	}
	loop := netip.MustParseAddr("127.0.0.1")
	// One pre-check on the literal host and one at dial.
	if got := rec.callsFor(loop); got != 2 {
		t.Errorf("got %d policy checks for %v; want 2", got, loop)
	}
	if got := hits.Load(); got != 1 {
		t.Errorf("got %d requests; want 1", got)
	}
}
