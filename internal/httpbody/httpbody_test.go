package httpbody

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
)

// TestClassify: only an error of reading a body is the client's; the
// rest stay faults of the server, and the words of a network error,
// which name the server's address, are never passed on.
func TestClassify(t *testing.T) {
	reset := &net.OpError{Op: "read", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 8080}, Err: errors.New("connection reset by peer")}
	timeout := &net.OpError{Op: "read", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 8080}, Err: os.ErrDeadlineExceeded}
	for _, c := range []struct {
		name   string
		err    error
		status int
	}{
		{"a store's fault", errors.New("disk full"), 0},
		{"an unexpected EOF that no body read gave", io.ErrUnexpectedEOF, 0},
		{"a read after the handler closed the body", &ReadError{http.ErrBodyReadAfterClose}, 0},
		{"a body cut short", fmt.Errorf("decode: %w", &ReadError{io.ErrUnexpectedEOF}), http.StatusBadRequest},
		{"broken framing", &ReadError{errors.New("invalid byte in chunk length")}, http.StatusBadRequest},
		{"a connection reset", &ReadError{reset}, http.StatusBadRequest},
		{"a read timeout", fmt.Errorf("decode: %w", &ReadError{timeout}), http.StatusRequestTimeout},
		{"over a MaxBytesReader", &http.MaxBytesError{Limit: 16}, http.StatusRequestEntityTooLarge},
	} {
		status, msg, ok := Classify(c.err)
		if status != c.status || ok != (c.status != 0) {
			t.Errorf("%s: %d %v, want %d", c.name, status, ok, c.status)
		}
		if strings.Contains(msg, "10.1.2.3") {
			t.Errorf("%s: the message names the address: %s", c.name, msg)
		}
	}
}

// TestMark: a marked body reads as the body, ends with io.EOF itself,
// and leaves http.NoBody as it is.
func TestMark(t *testing.T) {
	if Mark(http.NoBody) != http.NoBody || Mark(nil) != nil {
		t.Error("Mark wrapped the absence of a body")
	}
	b := Mark(io.NopCloser(strings.NewReader("{}")))
	if Mark(b) != b {
		t.Error("Mark wrapped a marked body again")
	}
	got, err := io.ReadAll(b)
	if string(got) != "{}" || err != nil {
		t.Errorf("read %q %v", got, err)
	}
	if n, err := b.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Errorf("after the end: %d %v, want io.EOF", n, err)
	}
}
