package fetch

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/marketingfork/fork/internal/fault"
)

// TestAllowAddrs: an allowed IP:port (--allow-hosts 127.0.0.1:8000) is fetched with the production address
// policy, and nothing else opens up: not its neighbour port, not the same
// server by name, not a redirect from it to another local address.
func TestAllowAddrs(t *testing.T) {
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><body><h1>Hello</h1></body></html>"))
	}
	allowed := httptest.NewServer(http.HandlerFunc(page))
	t.Cleanup(allowed.Close)
	other := httptest.NewServer(http.HandlerFunc(page))
	t.Cleanup(other.Close)
	redirector := httptest.NewServer(http.RedirectHandler(other.URL+"/", http.StatusFound))
	t.Cleanup(redirector.Close)

	hosts, err := ParseHostPorts(strings.TrimPrefix(allowed.URL, "http://") + "," + strings.TrimPrefix(redirector.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	f := New(Config{AllowHosts: hosts, Retries: -1})

	if p, err := f.Fetch(t.Context(), allowed.URL+"/"); err != nil || !strings.Contains(string(p.HTML), "Hello") {
		t.Fatalf("allowed address: %v", err)
	}
	for name, u := range map[string]string{
		"another port":       other.URL + "/",
		"the same by name":   "http://localhost:" + strings.Split(allowed.URL, ":")[2] + "/",
		"a redirect onwards": redirector.URL + "/",
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := f.Fetch(t.Context(), u); !errors.Is(err, fault.ErrBlocked) {
				t.Errorf("Fetch(%s): got %v; want blocked", u, err)
			}
		})
	}
}
