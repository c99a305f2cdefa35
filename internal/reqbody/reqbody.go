// Package reqbody reads a request's body on the server side and names a
// body the client did not finish sending as the client's fault.
package reqbody

import (
	"errors"
	"io"
	"net"
	"net/http"

	"github.com/marketingfork/fork/internal/apierr"
)

// Read reads a request's whole body (capped by the caller's
// MaxBytesReader, whose error passes through). A body shorter than its
// Content-Length, cut off mid-chunk, or too slow for the server's read
// timeout is the client's fault: apierr.ErrBodyUnreadable (400) or
// apierr.ErrBodyTimeout (408), never a 500.
func Read(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(r.Body)
	if err == nil {
		return body, nil
	}
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return nil, err
	}
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		return nil, &apierr.Error{Sentinel: apierr.ErrBodyTimeout,
			Detail: "the request body did not arrive in time; send it whole and promptly"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		// A client that half-closes after a short body still reads the
		// answer, though the server has already cancelled the request's
		// context: say what went wrong rather than "client closed".
	case r.Context().Err() != nil:
		// The client left; the error reply is never read.
		return nil, r.Context().Err()
	}
	return nil, &apierr.Error{Sentinel: apierr.ErrBodyUnreadable,
		Detail: "the request body could not be read: it ended before its Content-Length or its chunked encoding was broken"}
}
