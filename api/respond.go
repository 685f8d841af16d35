package api

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Meta is the meta member of every answer: who answered, when the request
// arrived (UTC) and how long the answer took in whole milliseconds.
type Meta struct {
	App          string    `json:"app"`
	TimeReceived time.Time `json:"timeReceived"`
	TimeElapsed  int64     `json:"timeElapsed(ms)"`
}

// envelope is the shape of most successful answers.
type envelope[T any] struct {
	Data T    `json:"data"`
	Meta Meta `json:"meta"`
}

// exchange is the state of one request that the middleware and the
// handler share: the request ID, when it arrived, who sent it, and what
// was answered.
type exchange struct {
	server   *Server
	id       string
	received time.Time
	tenant   string
	route    string
	status   int
	fault    error // the error behind a 500, for the log
}

type exchangeKey struct{}

// exchangeOf returns the exchange of a request (a fresh one outside the
// middleware, as in unit tests of a handler).
func exchangeOf(ctx context.Context) *exchange {
	if x, ok := ctx.Value(exchangeKey{}).(*exchange); ok {
		return x
	}
	return &exchange{received: time.Now()}
}

// meta fills the meta member of an answer to the request of x.
func (s *Server) meta(x *exchange) Meta {
	return Meta{App: s.app, TimeReceived: x.received.UTC().Truncate(time.Millisecond),
		TimeElapsed: time.Since(x.received).Milliseconds()}
}

var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// write encodes v as the whole answer, with status. The body is encoded
// before anything is sent, so a value that fails to encode still gets a
// clean 500.
func (s *Server) write(w http.ResponseWriter, r *http.Request, status int, v any) {
	buf := buffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 1<<20 {
			buf.Reset()
			buffers.Put(buf)
		}
	}()
	buf.Reset()
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		if status == http.StatusInternalServerError {
			http.Error(w, "internal error", status) // the error body itself failed: give up on JSON
			return
		}
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	exchangeOf(r.Context()).status = status
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(buf.Bytes())
	}
}

// ok answers 200 with data in the envelope.
func ok[T any](s *Server, w http.ResponseWriter, r *http.Request, data T) {
	s.write(w, r, http.StatusOK, envelope[T]{Data: data, Meta: s.meta(exchangeOf(r.Context()))})
}

// WriteData answers with status and data in the envelope of the wire
// format ({"data": ..., "meta": ...}), for the handlers mounted with
// WithOperation; Enveloped describes such an answer in their Operation.
func WriteData(w http.ResponseWriter, r *http.Request, status int, data any) {
	x := exchangeOf(r.Context())
	s := x.serverOr()
	s.write(w, r, status, envelope[any]{Data: data, Meta: s.meta(x)})
}

// WriteError answers err as every route of the API does: Levy's errors
// with their status, code and target, anything else with 500, for the
// handlers mounted with WithOperation.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	exchangeOf(r.Context()).serverOr().fail(w, r, err)
}

// serverOr returns the server of x, or a plain one outside a server.
func (x *exchange) serverOr() *Server {
	if x.server != nil {
		return x.server
	}
	return &Server{app: "levy", log: slog.Default()}
}

// fail answers err: Levy's errors with their status, code and target, any
// other error with 500, a message naming the request ID, and the error in
// the log only.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	x := exchangeOf(r.Context())
	status, items := classify(err)
	if status == http.StatusInternalServerError {
		x.fault = err
		items = []ErrorItem{{Code: items[0].Code, Message: "the server failed to answer; quote request ID " + x.id + " when reporting it"}}
	}
	switch status {
	case http.StatusUnauthorized:
		w.Header().Set("WWW-Authenticate", `Bearer realm="levy", error="invalid_token"`)
	case http.StatusForbidden:
		w.Header().Set("WWW-Authenticate", `Bearer realm="levy", error="insufficient_scope"`)
	case http.StatusServiceUnavailable, http.StatusTooManyRequests:
		if w.Header().Get("Retry-After") == "" {
			w.Header().Set("Retry-After", "1")
		}
	}
	s.write(w, r, status, ErrorBody{Errors: items, Meta: s.meta(x)})
}
