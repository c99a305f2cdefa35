// Package fault holds the sentinel errors shared by the fork package and the
// internal packages it is built from, so that a caller can tell failures
// apart with errors.Is whichever layer produced them. The root package
// re-exports each one.
package fault

import (
	"errors"
	"fmt"
)

// The kinds of failure a caller may need to tell apart.
var (
	// ErrInvalidInput: the request itself is wrong (malformed URL, unknown
	// profile, bad language tag). The caller can fix it.
	ErrInvalidInput = errors.New("invalid input")
	// ErrBlocked: the address is not allowed (scheme, port, or a resolved IP
	// in a private or special range).
	ErrBlocked = errors.New("blocked address")
	// ErrUnreachable: the page could not be fetched (DNS, connection, TLS,
	// or an HTTP error status from the origin).
	ErrUnreachable = errors.New("page unreachable")
	// ErrTimeout: the page took longer than the fetch deadline.
	ErrTimeout = errors.New("page timed out")
	// ErrTooLarge: the page is larger than the body cap.
	ErrTooLarge = errors.New("page too large")
	// ErrNotHTML: the response is not an HTML document.
	ErrNotHTML = errors.New("not an HTML page")
	// ErrTooDeep: the page nests its elements deeper than an HTML parser
	// follows (512): a generated or hostile document, not a landing page.
	ErrTooDeep = errors.New("page nested too deep")
	// ErrNoCopy: the page parsed but holds no copy to fork.
	ErrNoCopy = errors.New("page has no copy")
	// ErrUnsupported: the request is valid but this configuration cannot
	// carry it out (for example a translation with a provider that cannot
	// translate).
	ErrUnsupported = errors.New("unsupported request")
	// ErrProvider: the rewriting engine failed.
	ErrProvider = errors.New("provider failed")
	// ErrNoVariant: the fork shows visitors the same page as the source,
	// so it cannot be set up as a test variant (it would be an A/A test).
	ErrNoVariant = errors.New("fork changes nothing a visitor sees")
)

// ProviderTimeout is the error of a rewriting engine that did not answer in
// time: it is a provider failure (errors.Is ErrProvider) and a timeout
// (errors.Is ErrTimeout), so a caller that maps timeouts to 504 does so for
// a slow engine as for a slow page, and can still tell the two apart.
func ProviderTimeout(format string, args ...any) error {
	return &providerTimeout{msg: fmt.Sprintf(format, args...)}
}

type providerTimeout struct{ msg string }

func (e *providerTimeout) Error() string   { return "rewriting engine timed out: " + e.msg }
func (e *providerTimeout) Unwrap() []error { return []error{ErrProvider, ErrTimeout} }
