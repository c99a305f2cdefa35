// Command inprocess forks a local HTML file with the library and the
// built-in rules provider, with no server, and prints the fork as Markdown.
//
//	go run ./examples/inprocess --profile skeptic --layer plain testdata/pages/tidyflow-en.html
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

func main() {
	profile := flag.String("profile", fork.DefaultProfile, "audience profile")
	layer := flag.String("layer", fork.DefaultLayer, "language layer")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: inprocess [--profile P] [--layer L] PAGE.html\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, flag.Arg(0), *profile, *layer); err != nil {
		fmt.Fprintln(os.Stderr, "inprocess:", err)
		if errors.Is(err, fork.ErrInvalidInput) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, path, profile, layer string) error {
	page, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	f := fork.New(fork.WithProvider(rules.New()))
	// The page's language is the source and the target: the rules provider
	// does not translate.
	res, err := f.Fork(ctx, fork.Request{HTML: string(page), Profile: profile, LanguageLayer: layer})
	if err != nil {
		return err
	}
	fmt.Print(res.Markdown)
	if !res.Passed {
		for _, c := range res.Checks {
			if !c.Passed {
				fmt.Fprintf(os.Stderr, "check %s failed: %s\n", c.Name, c.Details)
			}
		}
		return errors.New("the fork did not pass verification")
	}
	return nil
}
