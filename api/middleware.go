package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/levytax/levy/internal/httpbody"
	"github.com/levytax/levy/internal/reqctx"
)

// middleware wraps the mux: it opens the exchange of each request (its ID
// and arrival time), marks the errors of reading the request's body as
// the client's (httpbody.Mark), turns a panic into a 500, and logs and
// counts the answer.
func (s *Server) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := &requestState{x: exchange{server: s, id: requestID(r), received: time.Now(), route: "unmatched"}}
		x := &st.x
		st.id[0] = x.id
		st.rec = recorder{ResponseWriter: w, x: x}
		w.Header()["X-Request-Id"] = st.id[:] // the canonical key: Set would canonicalize it again
		st.ctx = requestContext{Context: r.Context(), x: x}
		r = r.WithContext(&st.ctx) // the request's one copy: Authenticate makes none
		// Every read of the body, by whatever handler, fails with an
		// httpbody.ReadError, which classify answers as the client's
		// fault (400, or 408 for a read timeout) and not as a fault of
		// the server.
		r.Body = httpbody.Mark(r.Body)
		s.metrics.inFlight.Inc()
		defer func() {
			v := recover()
			if v != nil && v != http.ErrAbortHandler {
				x.fault = fmt.Errorf("panic: %v\n%s", v, debug.Stack())
				if x.status == 0 {
					s.fail(w, r, x.fault)
				}
			}
			s.metrics.inFlight.Dec()
			s.done(r, x)
			if v == http.ErrAbortHandler {
				// A handler that ends its answer unfinished on purpose:
				// net/http breaks the connection off, once the request is
				// counted and logged as any other.
				panic(v)
			}
		}()
		next.ServeHTTP(&st.rec, r)
	})
}

// requestState is what the middleware makes for a request, in one
// allocation: its exchange, its context, the recorder of its answer, and
// the value of its X-Request-Id header.
type requestState struct {
	x   exchange
	ctx requestContext
	rec recorder
	id  [1]string
}

// requestContext is the context of a request that the middleware opened:
// its parent's, answering as well for the request's exchange and, once
// Authenticate has established it there, for the request's principal
// (PrincipalOf), its tenant (levy.Tenant) and a reader's read-only mark
// (levy.ReadOnly), all read from the exchange. A request thus takes one
// context node, inside requestState's allocation, and one copy of its
// *http.Request, where a context node of its own for each value took an
// allocation for the node and one for the boxed value, and a copy of the
// request for each new context.
type requestContext struct {
	context.Context
	x *exchange
}

// Value answers the keys of the exchange, the principal, the tenant and
// the read-only mark from the exchange, and every other key, or those
// keys before Authenticate has run, from the parent context.
func (c *requestContext) Value(key any) any {
	switch key.(type) {
	case exchangeKey:
		return c.x
	case principalKey:
		if c.x.authenticated {
			return &c.x.principal
		}
	case reqctx.TenantKey:
		if c.x.authenticated {
			return &c.x.principal.Tenant
		}
	case reqctx.ReadOnlyKey:
		if c.x.authenticated && c.x.principal.Role == RoleReader {
			return true
		}
	}
	return c.Context.Value(key)
}

// done logs and counts a finished request. The request's log line is
// built only when the logger takes its level: a DEBUG line for each
// answered request costs nothing on a server that logs at INFO.
func (s *Server) done(r *http.Request, x *exchange) {
	elapsed := time.Since(x.received)
	if x.status == 0 {
		x.status = http.StatusOK
	}
	if m := x.metrics; m != nil {
		m.count(x.status).Inc()
		m.durations().Observe(elapsed.Seconds())
	} else {
		s.metrics.requests.WithLabelValues(x.route, strconv.Itoa(x.status)).Inc()
		s.metrics.duration.WithLabelValues(x.route).Observe(elapsed.Seconds())
	}
	level, msg, err := slog.LevelDebug, "request", error(nil)
	switch {
	case x.fault != nil:
		level, msg, err = slog.LevelError, "request failed", x.fault
	case x.status == statusClientClosed:
		level, msg, err = slog.LevelInfo, "request cancelled", x.cause
	case x.deadline:
		// The server's own time limit: no fault of its code, nor the
		// client's refusal, but what an operator sizes limits by.
		level, msg, err = slog.LevelWarn, "request deadline exceeded", x.cause
	case x.status >= 400:
		level, msg, err = slog.LevelInfo, "request refused", x.cause
	}
	if !s.log.Enabled(r.Context(), level) {
		return
	}
	attrs := make([]slog.Attr, 0, 8)
	attrs = append(attrs, slog.String("request_id", x.id), slog.String("method", r.Method),
		slog.String("route", x.route), slog.Int("status", x.status), slog.Duration("duration", elapsed))
	if x.tenant != "" {
		attrs = append(attrs, slog.String("tenant", x.tenant))
	}
	if x.operator {
		attrs = append(attrs, slog.String("role", RoleOperator.String()))
	}
	if err != nil {
		attrs = append(attrs, slog.String("error", err.Error()))
	}
	s.log.LogAttrs(r.Context(), level, msg, attrs...)
}

// recorder notes the status of answers written by handlers that do not go
// through Server.write, such as /metrics and mounted handlers.
type recorder struct {
	http.ResponseWriter
	x *exchange
}

func (w *recorder) WriteHeader(status int) {
	if w.x.status == 0 || w.x.status == http.StatusOK {
		w.x.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.x.status == 0 {
		w.x.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }
