// Command mfork is Marketing Fork's command line: it extracts a page's copy
// and offer, forks it, and verifies forks written elsewhere.
package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/marketingfork/fork/internal/apierr"
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
	fmt.Fprintln(stderr, "mfork: "+oneLine(errorLine(err)))
	return exitCode(err)
}

// errorLine says what failed: a failure the error catalog knows carries its
// type code, as the HTTP API, /ask and MCP name it, and its advice.
func errorLine(err error) string {
	if e, ok := apierr.Lookup(err); ok && !errors.Is(err, errUsage) && !errors.Is(err, errFailed) {
		return e.Type + ": " + err.Error() + ". " + e.Advice()
	}
	return err.Error()
}
