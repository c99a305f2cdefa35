package httpapi

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// Listener wraps ln so that the errors net/http answers by itself, before
// any handler runs, have the API's JSON error shape too: a malformed
// request line or header (400), headers over the server's MaxHeaderBytes
// (431) and a transfer encoding it does not know (501). Serve the Handler
// on the listener it returns:
//
//	ln, _ := net.Listen("tcp", addr)
//	srv.Serve(httpapi.Listener(ln))
//
// The server writes those answers straight to the connection, so they can
// only be reshaped there. Wrap a listener of plain connections: with TLS
// (ServeTLS, or a tls.Listener inside this one) the bytes are encrypted
// by then and pass through unchanged.
func Listener(ln net.Listener) net.Listener { return errorShapeListener{ln} }

type errorShapeListener struct{ net.Listener }

func (l errorShapeListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &errorShapeConn{Conn: c}, nil
}

// errorShapeConn rewrites the server's own error answers as it writes them.
type errorShapeConn struct{ net.Conn }

// serverErrorHeaders is the header block net/http writes after the status
// line of the answers it makes itself. A handler's answer can never carry
// it: the server writes a handler's headers sorted (Connection before
// Content-Type) and always with Date and a length or chunked encoding.
const serverErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

func (c *errorShapeConn) Write(p []byte) (int, error) {
	if b, ok := reshapeServerError(p); ok {
		if _, err := c.Conn.Write(b); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// CloseWrite half-closes the connection when the underlying one can, as the
// server does after a 431 so the client reads the answer before the reset.
func (c *errorShapeConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// reshapeServerError returns the JSON form of one of net/http's own error
// answers, and false for any other write.
func reshapeServerError(p []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(p, []byte("HTTP/1.1 "))
	if !ok {
		return nil, false
	}
	statusLine, body, ok := bytes.Cut(rest, []byte(serverErrorHeaders))
	if !ok || bytes.ContainsAny(statusLine, "\r\n") || len(statusLine) < 3 {
		return nil, false
	}
	code, err := strconv.Atoi(string(statusLine[:3]))
	if err != nil || code < 400 || code > 599 || http.StatusText(code) == "" {
		return nil, false
	}
	detail := strings.TrimSpace(string(body))
	switch code {
	case http.StatusRequestHeaderFieldsTooLarge:
		detail = "the request's headers are larger than the server accepts"
	case http.StatusBadRequest:
		// "400 Bad Request" alone, or followed by what was wrong.
		if _, why, found := strings.Cut(detail, ": "); found {
			detail = "Bad Request: " + why
		} else {
			detail = "Bad Request: the request line or a header is malformed"
		}
	}
	js := mustJSON(errorBody{Detail: detail, Status: code, Type: statusType(code), RequestID: requestID("")})
	return fmt.Appendf(nil, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
		code, http.StatusText(code), len(js), js), true
}
