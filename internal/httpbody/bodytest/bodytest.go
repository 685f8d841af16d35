// Package bodytest sends the broken request bodies of httpbody's tests
// to a real server over a raw TCP connection, and captures a server's
// log to check that none of them is logged as a fault. The tests of the
// API, of its e-invoicing routes and of its token endpoints use it.
package bodytest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// ReadTimeout is the read timeout to give the server under test: the
// stalled body is answered once it has passed. It is a setting of the
// server, not a measurement; the tests never time an answer.
const ReadTimeout = 500 * time.Millisecond

// Case is a request body that the client breaks.
type Case struct {
	Name string
	// Framing is the header that frames the body: a Content-Length or
	// Transfer-Encoding: chunked.
	Framing string
	// Body is what the client sends of the body.
	Body string
	// CloseWrite: the client closes its side of the connection once Body
	// is sent, so that the server reads the end of the stream.
	CloseWrite bool
	// Status is the status the server answers with.
	Status int
}

// Cases returns the broken bodies: a chunk size that is not
// hexadecimal, a chunked body that ends before its last chunk, a chunk
// extension of 100 KB, a body shorter than its Content-Length, all
// answered 400, and a body that stalls past the server's read timeout
// (ReadTimeout), answered 408.
func Cases() []Case {
	return []Case{
		{Name: "a chunk size that is not hexadecimal", Framing: "Transfer-Encoding: chunked",
			Body: "zz\r\n{}\r\n0\r\n\r\n", Status: http.StatusBadRequest},
		{Name: "a chunked body cut before its last chunk", Framing: "Transfer-Encoding: chunked",
			Body: "6\r\n{\"a\":1\r\n", CloseWrite: true, Status: http.StatusBadRequest},
		{Name: "a chunk extension of 100 KB", Framing: "Transfer-Encoding: chunked",
			Body: "2;ext=" + strings.Repeat("x", 100<<10) + "\r\n{}\r\n0\r\n\r\n", Status: http.StatusBadRequest},
		{Name: "a body shorter than its Content-Length", Framing: "Content-Length: 100",
			Body: `{"saleMessageType":`, CloseWrite: true, Status: http.StatusBadRequest},
		{Name: "a body that stalls past the read timeout", Framing: "Content-Length: 100",
			Body: `{"saleMessageType":`, Status: http.StatusRequestTimeout},
	}
}

// Answer is what the server answered.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
}

// Send sends a request on a new TCP connection to addr: head (the
// request line and the headers but the framing, separated by "\n"),
// then c's framing and body, and returns the answer. The body is sent
// while the answer is read, so that a server that answers before it has
// read the whole body is heard.
func Send(t testing.TB, addr, head string, c Case) Answer {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A guard against a server that never answers, which is a fault the
	// tests look for: not a measurement.
	if err := conn.SetDeadline(time.Now().Add(10*time.Second + ReadTimeout)); err != nil {
		t.Fatal(err)
	}
	msg := strings.ReplaceAll(strings.TrimRight(head, "\n")+"\n"+c.Framing, "\n", "\r\n") + "\r\n\r\n" + c.Body
	sent := make(chan error, 1)
	go func() {
		_, err := io.WriteString(conn, msg)
		if err == nil && c.CloseWrite {
			err = conn.(*net.TCPConn).CloseWrite()
		}
		sent <- err
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s: no answer: %v", c.Name, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s: the answer's body: %v", c.Name, err)
	}
	if c.CloseWrite {
		// The request was whole on the wire before the answer came.
		if err := <-sent; err != nil {
			t.Fatalf("%s: send: %v", c.Name, err)
		}
	}
	return Answer{Status: resp.StatusCode, Header: resp.Header, Body: body}
}

// Log is a server's log, captured as JSON lines at every level.
type Log struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// NewLog returns a Log and the logger that writes to it.
func NewLog() (*Log, *slog.Logger) {
	l := &Log{}
	return l, slog.New(slog.NewJSONHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// Write adds log lines.
func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// Lines returns the records logged so far, each decoded.
func (l *Log) Lines(t testing.TB) []map[string]any {
	t.Helper()
	l.mu.Lock()
	data := bytes.Clone(l.buf.Bytes())
	l.mu.Unlock()
	var out []map[string]any
	for line := range bytes.Lines(data) {
		var rec map[string]any
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatalf("a log line is not JSON: %v: %s", err, line)
		}
		out = append(out, rec)
	}
	return out
}

// Errors returns the records logged at level ERROR or above.
func (l *Log) Errors(t testing.TB) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, rec := range l.Lines(t) {
		var lv slog.Level
		if s, ok := rec["level"].(string); ok && lv.UnmarshalText([]byte(s)) == nil && lv >= slog.LevelError {
			out = append(out, rec)
		}
	}
	return out
}
