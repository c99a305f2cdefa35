package httpapi

import (
	"errors"
	"io"
	"net"
	"net/http"
)

// readBody reads a request's whole body (already capped by the
// middleware's MaxBytesReader). A body the client did not finish sending —
// shorter than its Content-Length, cut off mid-chunk, or too slow for the
// server's read timeout — is the client's fault: a 400 or a 408, logged as
// the client's, never a 500.
func readBody(r *http.Request) ([]byte, error) {
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
		return nil, &apiError{status: http.StatusRequestTimeout, typ: "request_timeout",
			detail: "the request body did not arrive in time; send it whole and promptly", cause: err}
	case errors.Is(err, io.ErrUnexpectedEOF):
		// A client that half-closes after a short body still reads the
		// answer, though the server has already cancelled the request's
		// context: say what went wrong rather than "client closed".
	case r.Context().Err() != nil:
		// The client left; the error reply is never read.
		return nil, r.Context().Err()
	}
	return nil, &apiError{status: http.StatusBadRequest, typ: "body_unreadable",
		detail: "the request body could not be read: it ended before its Content-Length or its chunked encoding was broken", cause: err}
}
