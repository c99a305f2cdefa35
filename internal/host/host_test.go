package host_test

import (
	"strings"
	"testing"

	"github.com/marketingfork/fork/internal/host"
)

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"example.com", "example.com"},
		{"example.com:8443", "example.com:8443"},
		{"[::1]:8080", "[::1]:8080"},
		{"", "localhost"},
		{"evil.com/path", "localhost"},
		{"a.com\r\nSet-Cookie: x=1", "localhost"},
		{"a.com\"><script>", "localhost"},
		{"user@a.com", "localhost"},
		{strings.Repeat("a", 256), "localhost"},
		{strings.Repeat("a", 255), strings.Repeat("a", 255)},
		{"ex\u00e4mple.com", "localhost"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := host.Clean(tt.in); got != tt.want {
				t.Errorf("Clean(%q) = %q; want %q", tt.in, got, tt.want)
			}
		})
	}
}
