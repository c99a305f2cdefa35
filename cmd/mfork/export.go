package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/export"
	"github.com/marketingfork/fork/internal/fetch"
)

// cmdExport writes a fork (what "mfork fork --format json" prints) in an A/B
// testing tool's format, located on the page it was forked from.
func cmdExport(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	srcArg := fs.String("source", "", "the page the fork was made from: URL or file (- for standard input)")
	forkArg := fs.String("fork", "", "the fork as JSON, as mfork fork or mfork render --format json prints it; a JSON array of them for several variants (- for standard input)")
	format := fs.String("format", "", "growthbook, optimizely, posthog, unbounce or patch")
	pageURL := fs.String("url", "", "the page's public URL, for the tools' URL targeting (default: the fork's source_url, or --source when it is a URL)")
	ff := addFetchFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 || *srcArg == "" || *forkArg == "" || *format == "" {
		return fmt.Errorf("%w: export needs --source URL|FILE, --fork RESULT.json and --format growthbook|optimizely|posthog|unbounce|patch", errUsage)
	}
	if *srcArg == "-" && *forkArg == "-" {
		return fmt.Errorf("%w: only one of --source and --fork can read standard input", errUsage)
	}
	f, err := export.ParseFormat(*format)
	if err != nil {
		return fmt.Errorf("%w: --format: %v", errUsage, err)
	}
	results, err := readResults(*forkArg, stdin)
	if err != nil {
		return err
	}
	page, fetchedURL, err := ff.page(ctx, *srcArg, stdin)
	if err != nil {
		return err
	}
	for _, r := range results {
		switch {
		case *pageURL != "":
			r.SourceURL = *pageURL
		case r.SourceURL == "":
			r.SourceURL = fetchedURL
		}
	}
	ex, err := export.New(page, results...)
	if err != nil {
		return err
	}
	return ex.Write(stdout, f)
}

// readResults reads one fork result, or a JSON array of them.
func readResults(arg string, stdin io.Reader) ([]*fork.Result, error) {
	b, err := readArg(arg, stdin)
	if err != nil {
		return nil, err
	}
	b = bytes.TrimSpace(b)
	var results []*fork.Result
	if bytes.HasPrefix(b, []byte("[")) {
		err = json.Unmarshal(b, &results)
	} else {
		var r fork.Result
		err = json.Unmarshal(b, &r)
		results = []*fork.Result{&r}
	}
	if err != nil {
		return nil, fmt.Errorf("%w: --fork %s is not a fork result as mfork fork --format json prints it: %v", fork.ErrInvalidInput, arg, err)
	}
	for i, r := range results {
		if r == nil || len(r.Blocks) == 0 {
			return nil, fmt.Errorf("%w: --fork %s: fork %d has no blocks (is it what mfork fork --format json prints? For a fork you wrote, mfork render --format json turns it into one)", fork.ErrInvalidInput, arg, i+1)
		}
	}
	return results, nil
}

// page reads the source page's own bytes: a file, standard input, or a
// URL fetched under the same rules as every command (the fetched URL,
// after redirects, is returned too).
func (ff fetchFlags) page(ctx context.Context, arg string, stdin io.Reader) ([]byte, string, error) {
	src, err := source(arg, stdin)
	if err != nil {
		return nil, "", err
	}
	if src.URL == "" {
		return []byte(src.HTML), "", nil
	}
	if *ff.timeout <= 0 || *ff.timeout > maxTimeout {
		return nil, "", fmt.Errorf("%w: --timeout must be between 1ms and 2m", errUsage)
	}
	hosts, err := fork.ParseHostPorts(*ff.allowHosts)
	if err != nil {
		return nil, "", fmt.Errorf("%w: --allow-hosts: %v", errUsage, err)
	}
	p, err := fetch.New(fetch.Config{AllowPrivate: *ff.allowPrivate, AllowHosts: hosts, Timeout: *ff.timeout}).Fetch(ctx, strings.TrimSpace(src.URL))
	if err != nil {
		return nil, "", fmt.Errorf("%w: fetch %s: %v", fork.ErrInvalidInput, src.URL, err)
	}
	return p.HTML, p.URL, nil
}
