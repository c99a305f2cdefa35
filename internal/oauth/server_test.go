package oauth_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/marketingfork/fork/internal/oauth"
	"github.com/marketingfork/fork/store/memory"
)

// New refuses a Config missing what the server cannot work without, and
// says what is missing; the endpoints themselves are tested through the
// API that mounts them (httpapi/oauth_test.go).
func TestNewNeedsItsConfig(t *testing.T) {
	base := func(*http.Request) string { return "http://127.0.0.1" }
	limit := func(*http.Request) error { return nil }
	tests := []struct {
		name string
		cfg  oauth.Config
		ok   bool
	}{
		{"complete", oauth.Config{Store: memory.New(), BaseURL: base, LimitKeys: limit, LimitRegistrations: limit}, true},
		{"no store", oauth.Config{BaseURL: base, LimitKeys: limit, LimitRegistrations: limit}, false},
		{"no base URL", oauth.Config{Store: memory.New(), LimitKeys: limit, LimitRegistrations: limit}, false},
		{"no key quota", oauth.Config{Store: memory.New(), BaseURL: base, LimitRegistrations: limit}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := oauth.New(tt.cfg)
			if tt.ok != (err == nil) || tt.ok != (s != nil) {
				t.Fatalf("New: %v, %v; want ok=%t", s, err, tt.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "Config needs") {
				t.Errorf("error %q does not say what is missing", err)
			}
		})
	}
}
