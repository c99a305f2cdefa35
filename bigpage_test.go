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
