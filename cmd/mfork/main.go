// Command mfork is Marketing Fork's command line: it extracts a page's copy
// and offer, forks it, and verifies forks written elsewhere.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one command and returns the process exit code: 0 on
// success, 1 when a fork fails verification, 2 for bad input or a page that
// cannot be read.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	err := dispatch(ctx, args, stdin, stdout, stderr)
	if err == nil {
		return 0
	}
	var help *helpError
	if errors.As(err, &help) {
		fmt.Fprint(stdout, help.text)
		return 0
	}
	fmt.Fprintln(stderr, "mfork: "+oneLine(err.Error()))
	return exitCode(err)
}
