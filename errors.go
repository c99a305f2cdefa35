package fork

import (
	"fmt"
	"strings"

	"github.com/marketingfork/fork/internal/fault"
	"github.com/marketingfork/fork/internal/fetch"
)

// Sentinel errors a caller can test with errors.Is. Every error the Forker
// returns wraps exactly one of them, so one place (an HTTP handler, a CLI)
// can map failures to status codes or exit codes without reading messages.
var (
	// ErrInvalidInput marks a request the caller can fix: a malformed URL,
	// an unknown profile or layer, a bad language tag, an empty fork.
	ErrInvalidInput = fault.ErrInvalidInput
	// ErrBlocked marks an address the fetcher refuses to connect to.
	ErrBlocked = fault.ErrBlocked
	// ErrUnreachable marks a page that could not be fetched.
	ErrUnreachable = fault.ErrUnreachable
	// ErrTimeout marks a page that took longer than the fetch deadline.
	ErrTimeout = fault.ErrTimeout
	// ErrTooLarge marks a page over the body cap.
	ErrTooLarge = fault.ErrTooLarge
	// ErrNotHTML marks a response that is not an HTML document.
	ErrNotHTML = fault.ErrNotHTML
	// ErrTooDeep marks a page whose elements nest deeper than the parser
	// follows (512 levels): it is HTML, but no landing page is built so.
	ErrTooDeep = fault.ErrTooDeep
	// ErrNoCopy marks a page that holds no copy to fork.
	ErrNoCopy = fault.ErrNoCopy
	// ErrUnsupported marks a valid request this configuration cannot carry
	// out, such as a translation with a provider that cannot translate.
	ErrUnsupported = fault.ErrUnsupported
	// ErrProvider marks a failure of the rewriting engine.
	ErrProvider = fault.ErrProvider
	// ErrNoVariant marks a fork that changes no copy and moves no section,
	// refused where it would be set up as a test (an export to a testing
	// tool): run against the control it would be an A/A test, spending
	// the page's traffic to measure nothing.
	ErrNoVariant = fault.ErrNoVariant
)

// BlockedError names the address the fetcher refused and the rule that
// refused it; errors.Is(err, ErrBlocked) holds for it.
type BlockedError = fetch.BlockedError

// FieldError is one problem with one field of a request. Its fields follow
// the validation items of the wire contract's 422 body.
type FieldError struct {
	// Field is the request field's wire name ("profile", "url").
	Field string `json:"field"`
	// Type is a short machine-readable code ("value_error", "enum").
	Type string `json:"type"`
	// Msg says what is wrong and what is allowed.
	Msg string `json:"msg"`
	// Input is the offending value.
	Input any `json:"input,omitempty"`
}

// ValidationError lists every problem found in a request at once, so that a
// caller can fix them in one go. errors.Is(err, ErrInvalidInput) holds.
type ValidationError struct {
	Fields []FieldError
}

func (e *ValidationError) Error() string {
	parts := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		parts[i] = f.Field + ": " + f.Msg
	}
	return "invalid request: " + strings.Join(parts, "; ")
}

// Is lets errors.Is(err, ErrInvalidInput) match a ValidationError.
func (e *ValidationError) Is(target error) bool { return target == ErrInvalidInput }

// unsupported returns an error wrapping ErrUnsupported with a message that
// says what to do instead.
func unsupported(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnsupported, fmt.Sprintf(format, args...))
}
