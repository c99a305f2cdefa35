// Command sdk calls a hosted Marketing Fork with the Go SDK. By default it
// makes a sandbox fork (no key, sample output); with --sandbox=false, a key
// and a --url it forks that page.
//
//	go run ./examples/sdk --base-url http://localhost:8080
//	MFORK_API_KEY=mf_… go run ./examples/sdk --sandbox=false --url https://example.com/pricing --profile skeptic
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/client"
)

func main() {
	base := flag.String("base-url", envOr("MFORK_BASE_URL", "http://localhost:8080"), "the service's base URL (MFORK_BASE_URL)")
	key := flag.String("key", os.Getenv("MFORK_API_KEY"), "API key (MFORK_API_KEY)")
	sandbox := flag.Bool("sandbox", true, "make a sandbox fork: no key, sample output")
	page := flag.String("url", "", "the page to fork (production forks)")
	profile := flag.String("profile", "skeptic", "audience profile")
	layer := flag.String("layer", "plain", "language layer")
	target := flag.String("to", "", "target language (default: the page's)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *base, *key, *sandbox, fork.Request{URL: *page, Profile: *profile, LanguageLayer: *layer, TargetLanguage: *target}); err != nil {
		fmt.Fprintln(os.Stderr, "sdk:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, base, key string, sandbox bool, req fork.Request) error {
	if !sandbox && key == "" {
		return errors.New("a production fork needs a key: --key or MFORK_API_KEY (one is free at /get-key)")
	}
	if !sandbox && req.URL == "" {
		return errors.New("a production fork needs --url")
	}
	opts := []client.Option{client.WithSandbox(sandbox), client.WithTimeout(60 * time.Second)}
	if key != "" {
		opts = append(opts, client.WithAPIKey(key))
	}
	c, err := client.New(base, opts...)
	if err != nil {
		return err
	}
	res, err := c.Fork(ctx, req)
	var e *client.Error
	switch {
	case client.IsUnauthorized(err):
		return fmt.Errorf("the key was refused: %w", err)
	case client.IsRateLimited(err) && errors.As(err, &e):
		return fmt.Errorf("rate limited, try again in %s: %w", e.RetryAfter, err)
	case errors.As(err, &e) && len(e.Items) > 0:
		for _, it := range e.Items {
			fmt.Fprintf(os.Stderr, "%s: %s\n", it.Field(), it.Msg)
		}
		return err
	case err != nil:
		return err
	}
	fmt.Print(res.Markdown)
	fmt.Fprintf(os.Stderr, "\nsandbox=%t passed=%t attempts=%d checks=%d\n", res.Sandbox, res.Passed, res.Attempts, len(res.Checks))
	return nil
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
