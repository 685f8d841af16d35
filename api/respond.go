package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/levytax/levy"
)

// Meta is the meta member of every answer: who answered, when the request
// arrived (UTC) and how long the answer took in whole milliseconds; and,
// for a request that asked for them (returnTimeElapsedDetailsIndicator),
// what that time was made of.
type Meta struct {
	App          string    `json:"app"`
	TimeReceived time.Time `json:"timeReceived"`
	TimeElapsed  int64     `json:"timeElapsed(ms)"`
	// TimeElapsedDetails are the parts of TimeElapsed, each a key and its
	// whole milliseconds as a string: "request" (reading and decoding
	// the body) and "calculation" or "lookup" (the work).
	TimeElapsedDetails []KeyValue `json:"timeElapsedDetails,omitempty"`
}

// KeyValue is one detail of Meta.TimeElapsedDetails, the wire format's
// KeyValueType.
type KeyValue struct {
	Key   string `json:"key"`
	Value string `json:"value"`
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
	// tenant is the tenant whose records the request reaches, for the
	// log: the token's own, or the one the operator named (AdminScope),
	// "" for the operator's requests over every tenant. operator marks
	// the requests of the server's operator, whose credential's own
	// tenant is not the one it acts on.
	tenant   string
	operator bool
	route    string
	status   int
	fault    error // the error behind a 500, for the log
	// cause is the error behind a 503, for the log: what the client is
	// told of it is the message of its *levy.Error alone.
	cause error
	// deadline marks a request whose deadline, set by the server that
	// runs the API, passed before its answer was ready (codeDeadline).
	deadline bool
	// admin marks an admin operation: Guard sends a read-only token to a
	// tenant admin's credential for its writes.
	admin bool
	// holdQuery marks an operation whose request Guard holds to the
	// query parameters it declares (query).
	holdQuery bool
	query     []string
	// noBody marks an operation that takes no body (see Guard), and
	// limit is the route's body limit.
	noBody bool
	limit  int64
	writes bool // the route changes stored state (see Guard)
	// oauth marks a token endpoint, whose refusals have the form of
	// RFC 6749 §5.2 (see Server.fail).
	oauth bool
	// principal is the request's principal once authenticated is set:
	// Authenticate keeps it here, and the request's context
	// (requestContext) answers for it, its tenant and its read-only mark.
	principal     Principal
	authenticated bool
	// jsonHeader holds the values of the Content-Type, Content-Length
	// and Cache-Control headers of a JSON answer (setJSONHeaders), one
	// each, kept here so that setting them takes no allocation of its own.
	jsonHeader [3]string
	// metrics are the series of route, which named sets with it (nil
	// for a request that reached no route's handler).
	metrics *routeMetrics
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
	x := exchangeOf(r.Context())
	setJSONHeaders(w.Header(), buf.Len(), x)
	x.status = status
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(buf.Bytes())
	}
}

// setJSONHeaders sets the Content-Type and Content-Length of a JSON answer
// of n bytes to the request of x, as Header.Set would, under the
// canonical keys themselves, and Cache-Control: no-store unless the
// handler set a Cache-Control of its own. Every answer of the API is
// about one request, a tenant's data or what it sent (an error quotes
// it): no cache, a shared one in front of Levy least of all, may keep it
// and answer it again.
func setJSONHeaders(h http.Header, n int, x *exchange) {
	v := &x.jsonHeader
	v[0], v[1] = "application/json", strconv.Itoa(n)
	h["Content-Type"], h["Content-Length"] = v[0:1:1], v[1:2:2]
	if _, set := h["Cache-Control"]; !set {
		v[2] = "no-store"
		h["Cache-Control"] = v[2:3:3]
	}
}

// elapsedDetails returns the details of the time elapsed since the
// request of x arrived: until decoded, "request"; since, work (the
// "calculation" or the "lookup").
func elapsedDetails(x *exchange, decoded time.Time, work string) []KeyValue {
	return []KeyValue{
		{Key: "request", Value: strconv.FormatInt(decoded.Sub(x.received).Milliseconds(), 10)},
		{Key: work, Value: strconv.FormatInt(time.Since(decoded).Milliseconds(), 10)},
	}
}

// ok answers 200 with data in the envelope.
func ok[T any](s *Server, w http.ResponseWriter, r *http.Request, data T) {
	okWith(s, w, r, data, s.meta(exchangeOf(r.Context())))
}

// okWith answers 200 with data in the envelope, with m as its meta.
func okWith[T any](s *Server, w http.ResponseWriter, r *http.Request, data T, m Meta) {
	if a, is := any(data).(jsonAppender); is {
		s.writeAppended(w, r, http.StatusOK, a, m)
		return
	}
	s.write(w, r, http.StatusOK, envelope[T]{Data: data, Meta: m})
}

// jsonAppender is implemented by the wire responses, which encode
// themselves (wire's encode_gen.go) as encoding/json would, several
// times faster and into a buffer that is reused.
type jsonAppender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// appendBuffers are the buffers answers are encoded into by
// writeAppended.
var appendBuffers = sync.Pool{New: func() any { return new([]byte) }}

// writeAppended answers with status and data in the envelope, as write
// does, encoding data with its AppendJSON.
func (s *Server) writeAppended(w http.ResponseWriter, r *http.Request, status int, data jsonAppender, m Meta) {
	p := appendBuffers.Get().(*[]byte)
	defer func() {
		if cap(*p) <= 1<<20 {
			appendBuffers.Put(p)
		}
	}()
	b, err := appendEnvelope((*p)[:0], data, m, s.appJSON)
	*p = b
	if err != nil {
		s.fail(w, r, err)
		return
	}
	x := exchangeOf(r.Context())
	setJSONHeaders(w.Header(), len(b), x)
	x.status = status
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(b)
	}
}

// appendEnvelope appends {"data": data, "meta": m} and a newline to b,
// the bytes json.Encoder.Encode writes for an envelope. app is m.App as
// encoding/json writes it, encoded once by New, or nil to encode it here.
func appendEnvelope(b []byte, data jsonAppender, m Meta, app []byte) ([]byte, error) {
	b = append(b, `{"data":`...)
	b, err := data.AppendJSON(b)
	if err != nil {
		return b, err
	}
	b = append(b, `,"meta":`...)
	b, err = appendMeta(b, m, app)
	if err != nil {
		return b, err
	}
	return append(b, '}', '\n'), nil
}

// appendMeta appends m as encoding/json writes it; app is m.App encoded,
// or nil.
func appendMeta(b []byte, m Meta, app []byte) ([]byte, error) {
	var err error
	if app == nil {
		if app, err = json.Marshal(m.App); err != nil {
			return b, err
		}
	}
	b = append(b, `{"app":`...)
	b = append(b, app...)
	b = append(b, `,"timeReceived":`...)
	if b, err = m.TimeReceived.AppendText(append(b, '"')); err != nil {
		return b, err
	}
	b = append(b, `","timeElapsed(ms)":`...)
	b = strconv.AppendInt(b, m.TimeElapsed, 10)
	if len(m.TimeElapsedDetails) > 0 {
		d, err := json.Marshal(m.TimeElapsedDetails)
		if err != nil {
			return b, err
		}
		b = append(b, `,"timeElapsedDetails":`...)
		b = append(b, d...)
	}
	return append(b, '}'), nil
}

// WriteData answers with status and data in the envelope of the wire
// format ({"data": ..., "meta": ...}), for the handlers mounted with
// WithOperation; Enveloped describes such an answer in their Operation.
func WriteData(w http.ResponseWriter, r *http.Request, status int, data any) {
	x := exchangeOf(r.Context())
	s := x.serverOr()
	s.write(w, r, status, envelope[any]{Data: data, Meta: s.meta(x)})
}

// WriteDataWith answers as WriteData does, with more members of the
// answer beside data and meta: those of more, by name (a name "data" or
// "meta" is the envelope's own). A client that reads data reads it as
// before; the console's journal summary carries the period's companies
// so.
func WriteDataWith(w http.ResponseWriter, r *http.Request, status int, data any, more map[string]any) {
	x := exchangeOf(r.Context())
	s := x.serverOr()
	body := make(map[string]any, len(more)+2)
	for k, v := range more {
		body[k] = v
	}
	body["data"], body["meta"] = data, s.meta(x)
	s.write(w, r, status, body)
}

// WriteError answers err as every route of the API does: Levy's errors
// with their status, code and target, anything else with 500, for the
// handlers mounted with WithOperation.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	exchangeOf(r.Context()).serverOr().fail(w, r, err)
}

// Unavailable records err as the cause of a 503 answer to r, so that the
// request's log line has the error as a whole (a store's answer to the
// client says only that it cannot serve now). The token endpoints, which
// answer in the form of RFC 6749, call it.
func Unavailable(r *http.Request, err error) {
	exchangeOf(r.Context()).cause = err
}

// Fault records err as the fault behind the answer to r, so that the
// request is logged as failed (ERROR, with the error) as it is for the
// 500 that WriteError answers, and returns the request's ID for the
// client to quote. The token endpoints, which answer their faults in the
// form of RFC 6749 rather than the API's, call it.
func Fault(r *http.Request, err error) string {
	x := exchangeOf(r.Context())
	x.fault = err
	return x.id
}

// serverOr returns the server of x, or a plain one outside a server.
func (x *exchange) serverOr() *Server {
	if x.server != nil {
		return x.server
	}
	return &Server{app: "levy", log: slog.Default()}
}

// bearerChallenge returns the WWW-Authenticate challenge of a 401 to r:
// error="invalid_token" when r sent a Bearer token, which was refused;
// none when r sent no credentials or those of another scheme, since RFC
// 6750 §3.1 says that a request lacking any authentication information
// gets no error code (a client would read invalid_token as its token
// refused, and get a new one).
func bearerChallenge(r *http.Request) string {
	scheme, _, _ := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if strings.EqualFold(scheme, "Bearer") {
		return `Bearer realm="levy", error="invalid_token"`
	}
	return `Bearer realm="levy"`
}

// fail answers err: Levy's errors with their status, code and target, any
// other error with 500, a message naming the request ID, and the error in
// the log only. An error that would answer 500 answers 499 instead when
// the request's client went away (its context cancelled) before the
// answer was ready, the error logged at INFO: the client's doing, not a
// fault of the server. It answers 503 (codeDeadline) when the request's
// deadline, which the server running the API set, passed first, the
// error logged at WARN: the server's time limit, not a fault of its
// code.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	x := exchangeOf(r.Context())
	status, items := classify(err)
	if status == http.StatusInternalServerError {
		// What stopped the handler may be no error of its request but
		// the end of its context: the context's error, from the
		// engine's run, a store's call or a layer that kept only its
		// message. The error is kept for the log.
		switch ctxErr := r.Context().Err(); {
		case errors.Is(ctxErr, context.Canceled):
			// The client went away: the request ends as its doing.
			x.cause = err
			status, items = classify(&levy.Error{Code: codeCancelled, Message: "the request was cancelled before its answer was ready"})
		case errors.Is(ctxErr, context.DeadlineExceeded):
			// net/http puts no deadline on a request's context: the
			// server that runs the API did, and gave up on the request.
			x.cause, x.deadline = err, true
			status, items = classify(&levy.Error{Code: codeDeadline,
				Message: "the server stopped the request at its time limit, before its answer was ready; a smaller request (fewer lines, a shorter period) may end in time"})
		}
	}
	switch status {
	case http.StatusInternalServerError:
		x.fault = err
		items = []ErrorItem{{Code: items[0].Code, Message: "the server failed to answer; quote request ID " + x.id + " when reporting it"}}
	case http.StatusServiceUnavailable:
		x.cause = err
	}
	switch status {
	case http.StatusUnauthorized:
		w.Header().Set("WWW-Authenticate", bearerChallenge(r))
	case http.StatusForbidden:
		w.Header().Set("WWW-Authenticate", `Bearer realm="levy", error="insufficient_scope"`)
	case http.StatusServiceUnavailable, http.StatusTooManyRequests:
		if w.Header().Get("Retry-After") == "" && !x.deadline {
			w.Header().Set("Retry-After", "1")
		}
	}
	if x.oauth {
		// A token endpoint's clients read every refusal in the form of
		// RFC 6749 §5.2, as the service's specification gives them: one
		// error, its code and its description.
		desc := items[0].Message
		if items[0].Target != "" {
			desc = items[0].Target + ": " + desc
		}
		s.write(w, r, status, oauthErrorBody{Error: OAuthCode(status), Description: desc})
		return
	}
	s.write(w, r, status, ErrorBody{Errors: items, Meta: s.meta(x)})
}

// oauthErrorBody is a refusal of a token endpoint, in the form of RFC
// 6749 §5.2.
type oauthErrorBody struct {
	Error       string `json:"error"`
	Description string `json:"error_description"`
}

// OAuthCode returns the error code of RFC 6749 §5.2 that answers status
// at a token endpoint when the refusal is none of package auth's (a
// request the server refuses before the endpoint reads it, or a store's
// fault): temporarily_unavailable for 503, server_error for other
// statuses from 500, invalid_client for 401, and invalid_request, the
// code of a request that is malformed, for the others.
func OAuthCode(status int) string {
	switch {
	case status == http.StatusServiceUnavailable:
		return "temporarily_unavailable"
	case status >= http.StatusInternalServerError:
		return "server_error"
	case status == http.StatusUnauthorized:
		return "invalid_client"
	}
	return "invalid_request"
}
