// Package httpbody tells a server's fault from a client's when reading an
// HTTP request body fails. A client that breaks its own body (a chunk
// size that is not hexadecimal, a chunk line of 100 KB, a body shorter
// than its Content-Length, a body that stalls past the server's read
// timeout) makes the read fail, and the failure is the client's: it is
// answered 400 (408 for the timeout, 413 for a body over a limit) and
// logged as a refusal, not as a fault of the server.
//
// Mark wraps a request's body so that every error of a read is a
// *ReadError, whatever reads it (the JSON decoder, a form parser, a
// document reader); Classify, the one classification of these errors,
// finds it in an error's chain and says how to answer it. The API's
// middleware marks the body of every request, so that every route,
// mounted ones included, answers a broken body the same way.
package httpbody

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
)

// ReadError is an error met reading a request body: the body or the
// connection failed, not the server. Err is the error of the read.
type ReadError struct{ Err error }

// Error says that reading the request body failed, and why.
func (e *ReadError) Error() string { return "read the request body: " + e.Err.Error() }

// Unwrap returns the error of the read.
func (e *ReadError) Unwrap() error { return e.Err }

// Mark returns body with every error of its reads but io.EOF turned into
// a *ReadError. It returns http.NoBody and nil as they are, so that a
// request without a body still says so.
func Mark(body io.ReadCloser) io.ReadCloser {
	if body == nil || body == http.NoBody {
		return body
	}
	if _, done := body.(*marked); done {
		return body
	}
	return &marked{body}
}

// marked is a body whose read errors are *ReadError values.
type marked struct{ io.ReadCloser }

// Read reads from the body and marks its error.
func (m *marked) Read(p []byte) (int, error) {
	n, err := m.ReadCloser.Read(p)
	if err != nil && err != io.EOF {
		err = &ReadError{Err: err}
	}
	return n, err
}

// Classify reports whether err is the failure of reading a request body
// that a client caused (its chain holds a *ReadError or an
// *http.MaxBytesError), and how a server answers it: the status and a
// message for the client.
//
//   - 413 for a body over the limit of an http.MaxBytesReader;
//   - 408 for a body that did not arrive within the server's read
//     timeout (the read's error is a timeout);
//   - 400 for any other failure of the body or the connection: a body
//     that ends before its Content-Length or its last chunk
//     (io.ErrUnexpectedEOF), chunked framing that net/http refuses (a
//     chunk size that is not hexadecimal, a chunk line over its length
//     limit, too much chunk extension), a connection reset.
//
// A read after the body was closed (http.ErrBodyReadAfterClose) is a
// fault of the handler, not of the client: Classify reports false.
// The message quotes net/http's words for broken framing, but never the
// text of a network error, which names the server's address.
func Classify(err error) (status int, message string, ok bool) {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is larger than the limit of %d bytes", tooLarge.Limit), true
	}
	var re *ReadError
	if !errors.As(err, &re) || errors.Is(re.Err, http.ErrBodyReadAfterClose) {
		return 0, "", false
	}
	var ne net.Error
	network := errors.As(re.Err, &ne)
	switch {
	case errors.Is(re.Err, os.ErrDeadlineExceeded) || network && ne.Timeout():
		return http.StatusRequestTimeout, "the request body did not arrive within the server's read timeout", true
	case errors.Is(re.Err, io.ErrUnexpectedEOF):
		return http.StatusBadRequest, "the request body ended before it was complete (before its Content-Length or its last chunk)", true
	case network:
		return http.StatusBadRequest, "the connection failed while the request body was being read", true
	}
	why := re.Err.Error()
	if why == lineTooLong {
		why = "a chunk line (its size and extensions) is longer than the server reads"
	}
	return http.StatusBadRequest, "the request body could not be read: " + why, true
}

// lineTooLong is the text of the error of net/http's chunked reader for a
// chunk line over its buffer, which it shares with headers (the error
// itself is in an internal package). Classify words it for a body.
const lineTooLong = "header line too long"
