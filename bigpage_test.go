package fork_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/marketingfork/fork"
)

func TestBigPages(t *testing.T) {
	page := func(n int) string {
		var b strings.Builder
		b.WriteString(`<html lang="en"><body><h1>A long page</h1>`)
		for i := range n {
			fmt.Fprintf(&b, "<p>Paragraph %d says something short about the product and its plan.</p>", i)
		}
		b.WriteString(`<a class="btn" href="/buy">Buy now</a></body></html>`)
		return b.String()
	}
	start := time.Now()
	_, err := fork.New(fork.WithProvider(&scriptedProvider{})).Fork(context.Background(), fork.Request{HTML: page(1900)})
	t.Logf("1,900 blocks (%d KB): %v in %v", len(page(1900))/1024, err, time.Since(start))
	if _, err := fork.New().Extract(context.Background(), fork.Source{HTML: page(2500)}); !errors.Is(err, fork.ErrTooLarge) {
		t.Errorf("2,500 blocks: got %v; want ErrTooLarge", err)
	}
}

// TestMaxCopy: a page with more copy than the Forker reads is refused as
// too large before its ledger is built, whatever its text is made of; the
// bound is the caller's to set, and a negative one lifts it.
func TestMaxCopy(t *testing.T) {
	para := strings.Repeat("Our plan gives every team a clear view of its work. ", 60) // about 3 KB
	page := `<html lang="en"><body><h1>Plans</h1><p>` + para + `</p><a class="btn" href="/buy">Buy now</a></body></html>`
	tests := []struct {
		name    string
		opts    []fork.Option
		refused bool
	}{
		{"under the default", nil, false},
		{"over a 2 KB bound", []fork.Option{fork.WithMaxCopy(2 << 10)}, true},
		{"no bound", []fork.Option{fork.WithMaxCopy(-1)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := fork.New(tt.opts...).Extract(context.Background(), fork.Source{HTML: page})
			if got := errors.Is(err, fork.ErrTooLarge); got != tt.refused {
				t.Fatalf("Extract: %v; want refused=%v", err, tt.refused)
			}
			if tt.refused && !strings.Contains(err.Error(), "KB of copy") {
				t.Errorf("error %q does not say how much copy the page holds", err)
			}
		})
	}
	// The default bound refuses 400 KB of random bytes served as a page.
	random := make([]byte, 400<<10)
	for i := range random {
		random[i] = byte(33 + (i*7919)%90)
		if i%13 == 0 {
			random[i] = ' '
		}
	}
	if _, err := fork.New().Extract(context.Background(), fork.Source{HTML: "<p>" + string(random) + "</p>"}); !errors.Is(err, fork.ErrTooLarge) {
		t.Errorf("400 KB of text: %v; want ErrTooLarge", err)
	}
}
