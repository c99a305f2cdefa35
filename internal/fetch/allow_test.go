package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/internal/fault"
)

func TestParseHostPort(t *testing.T) {
	tests := []struct {
		in   string
		want HostPort
		bad  bool
	}{
		{in: "localhost:8000", want: HostPort{"localhost", 8000}},
		{in: "LOCALHOST.:8000", want: HostPort{"localhost", 8000}},
		{in: "127.0.0.1:8000", want: HostPort{"127.0.0.1", 8000}},
		{in: "[::1]:9", want: HostPort{"::1", 9}},
		{in: "[::ffff:127.0.0.1]:80", want: HostPort{"127.0.0.1", 80}},
		{in: "localhost", bad: true},
		{in: "localhost:0", bad: true},
		{in: "localhost:70000", bad: true},
		{in: "example.com:80", bad: true},
		{in: "169.254.169.254:80", bad: true},
		{in: "[fe80::1]:80", bad: true},
		{in: "[fd00:ec2::254]:80", bad: true},
		{in: "", bad: true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseHostPort(tc.in)
			if tc.bad {
				if err == nil {
					t.Fatalf("got %v; want an error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if _, err := ParseHostPorts("localhost:1, example.com:2,169.254.169.254:80"); err == nil {
		t.Error("a list with bad entries parsed")
	}
	got, err := ParseHostPorts(" localhost:8000,,127.0.0.1:9000 ")
	if err != nil || len(got) != 2 {
		t.Errorf("got %v, %v; want two hosts", got, err)
	}
}

// TestAllowPrivateKeepsMetadataShut: --allow-private is for a user's own
// page server; the cloud's metadata service hands out the machine's
// credentials and must stay unreachable through it, by address, by name
// and by a name that resolves to it.
func TestAllowPrivateKeepsMetadataShut(t *testing.T) {
	resolver := fakeDNS(t, map[string][]netip.Addr{
		"meta.test":  {netip.MustParseAddr("169.254.169.254")},
		"meta6.test": {netip.MustParseAddr("fd00:ec2::254")},
	})
	f := newFetcher(Config{AllowPrivate: true, Timeout: 2 * time.Second}, hooks{resolver: resolver})
	for _, tc := range []struct{ url, rule string }{
		{"http://169.254.169.254/latest/meta-data/", "link-local"},
		{"http://169.254.170.2/v2/credentials", "link-local"},
		{"http://[fd00:ec2::254]/latest/meta-data/", "metadata"},
		{"http://[::ffff:169.254.169.254]/", "link-local"},
		{"http://[fe80::1]/", "link-local"},
		{"http://100.100.100.200/latest/meta-data/", "metadata"},
		{"http://168.63.129.16/", "metadata"},
		{"http://metadata.google.internal/computeMetadata/v1/", "metadata"},
		{"http://METADATA.google.internal./", "metadata"},
		{"http://metadata/", "metadata"},
		{"http://meta.test/", "link-local"},
		{"http://meta6.test/", "metadata"},
	} {
		t.Run(tc.url, func(t *testing.T) {
			_, err := f.Fetch(context.Background(), tc.url)
			rule, _ := blockedRule(err)
			if !errors.Is(err, fault.ErrBlocked) || rule != tc.rule {
				t.Errorf("got %v (rule %q); want blocked by %q", err, rule, tc.rule)
			}
		})
	}
	// The explicitly named switch lifts it, for a test of the fetcher.
	open := newFetcher(Config{AllowPrivate: true, AllowMetadata: true, Timeout: 2 * time.Second}, hooks{resolver: resolver})
	if err := open.checkURL(mustURL(t, "http://metadata.google.internal/")); err != nil {
		t.Errorf("AllowMetadata: got %v; want the name let through", err)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestAllowHosts: an allowed host and port is reachable on loopback with
// no other address opened: the same server's other port, and another
// loopback address, stay refused.
func TestAllowHosts(t *testing.T) {
	port, hosts := localPage(t, "<p>local page</p>")
	other := listenCanary(t, "127.0.0.1:0")
	f := New(Config{AllowHosts: hosts, Timeout: 3 * time.Second})
	for _, u := range []string{"http://localhost:" + port + "/", "http://127.0.0.1:" + port + "/"} {
		page, err := f.Fetch(context.Background(), u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		if string(page.HTML) != "<p>local page</p>" {
			t.Errorf("%s: got %q", u, page.HTML)
		}
	}
	for _, u := range []string{
		"http://localhost:" + other.port() + "/",
		"http://127.0.0.2:" + port + "/",
		"http://127.0.0.1/",
		"http://169.254.169.254:" + port + "/",
	} {
		if _, err := f.Fetch(context.Background(), u); !errors.Is(err, fault.ErrBlocked) {
			t.Errorf("%s: got %v; want blocked", u, err)
		}
	}
	if n := other.count(); n != 0 {
		t.Errorf("the canary on another port got %d connections", n)
	}
}

// TestOnlyAllowHosts: with OnlyAllowHosts the allowed page server is the
// only one reachable; any other host is refused before it is looked up.
func TestOnlyAllowHosts(t *testing.T) {
	port, hosts := localPage(t, "<p>own page</p>")
	looked := false
	resolver := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
		looked = true
		return nil, errors.New("no lookups in this test")
	}}
	f := newFetcher(Config{AllowHosts: hosts, OnlyAllowHosts: true, Timeout: 3 * time.Second}, hooks{resolver: resolver})
	if page, err := f.Fetch(context.Background(), "http://localhost:"+port+"/"); err != nil || string(page.HTML) != "<p>own page</p>" {
		t.Fatalf("the allowed host: %v", err)
	}
	for _, u := range []string{"https://example.com/pricing", "http://example.org/", "http://localhost:1/"} {
		_, err := f.Fetch(context.Background(), u)
		if !errors.Is(err, fault.ErrBlocked) || !strings.Contains(err.Error(), "only from the hosts it was told to allow") {
			t.Errorf("%s: got %v; want blocked as not allowed", u, err)
		}
	}
	if looked {
		t.Error("a refused host was looked up")
	}
}

// localPage serves html on a loopback port for the test's life and
// returns the port and the allow list that names it as localhost.
func localPage(t *testing.T, html string) (string, []HostPort) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, html)
	}))
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	hosts, err := ParseHostPorts("localhost:" + port)
	if err != nil {
		t.Fatal(err)
	}
	return port, hosts
}
