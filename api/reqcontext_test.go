package api

import (
	"context"
	"log/slog"
	"net/http"
	"testing"

	"github.com/levytax/levy"
)

// fixedAuth authenticates every request as its principal.
type fixedAuth struct{ p Principal }

func (a fixedAuth) Authenticate(*http.Request) (Principal, error) { return a.p, nil }

// headerWriter is a ResponseWriter that keeps one header map, cleared by
// the test between requests, and drops what is written.
type headerWriter struct{ h http.Header }

func (w *headerWriter) Header() http.Header         { return w.h }
func (w *headerWriter) WriteHeader(int)             {}
func (w *headerWriter) Write(b []byte) (int, error) { return len(b), nil }

// testServer is a server for the allocation tests, logging nothing.
func testServer(t *testing.T) *Server {
	t.Helper()
	s, err := New(testEngine(t), WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestAuthenticateAllocatesNothing: on a request the middleware opened,
// Authenticate keeps the principal in the request's exchange, which the
// request's context reads: it allocates nothing (no boxed principal or
// tenant, no context node, no copy of the request), and PrincipalOf,
// levy.Tenant and levy.ReadOnly read the principal, its tenant and a
// reader's read-only mark from the context it returns.
func TestAuthenticateAllocatesNothing(t *testing.T) {
	s := testServer(t)
	for _, p := range []Principal{
		{Tenant: "acme", Client: "cli", Role: RoleAPI},
		{Tenant: "globex", Client: "analyst", Role: RoleReader},
	} {
		var (
			allocs   float64
			got      Principal
			found    bool
			tenant   string
			readOnly bool
			writable error
		)
		auth := Authenticator(fixedAuth{p})
		h := s.middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			x := exchangeOf(r.Context())
			allocs = testing.AllocsPerRun(100, func() {
				x.authenticated = false // each run authenticates the request afresh
				r, err := Authenticate(r, auth)
				if err != nil {
					panic(err)
				}
				ctx := r.Context()
				got, found = PrincipalOf(ctx)
				tenant, readOnly = levy.Tenant(ctx), levy.ReadOnly(ctx)
			})
			r, _ = Authenticate(r, auth) // once more, past the runs: a second time takes nodes of its own
			writable = levy.CheckWritable(r.Context(), "write")
		}))
		r, _ := http.NewRequest(http.MethodGet, "/x", nil)
		h.ServeHTTP(&headerWriter{h: http.Header{}}, r)
		if allocs != 0 {
			t.Errorf("%v: Authenticate allocated %v times, want 0", p.Role, allocs)
		}
		if !found || got != p {
			t.Errorf("%v: PrincipalOf = %+v, %v, want %+v", p.Role, got, found, p)
		}
		if tenant != p.Tenant {
			t.Errorf("%v: levy.Tenant = %q, want %q", p.Role, tenant, p.Tenant)
		}
		if want := p.Role == RoleReader; readOnly != want || (levy.ErrorCode(writable) == levy.EForbidden) != want {
			t.Errorf("%v: levy.ReadOnly = %v, CheckWritable = %v, want read-only %v", p.Role, readOnly, writable, want)
		}
	}
}

// TestMiddlewareAllocations: the middleware's own allocations for a
// request that sends its ID and no body are the request's state (its
// exchange, its context node, its recorder and its ID header in one) and
// the one copy of the request that carries that context; a guarded
// handler adds none. The exchange's context node took one of its own,
// and Authenticate five more (the boxed tenant and principal, their two
// nodes and a second copy of the request).
func TestMiddlewareAllocations(t *testing.T) {
	s := testServer(t)
	var tenant string
	series := s.metrics.route("GET /x") // as named sets a route's: the unmatched ones are labelled per request
	read := func(w http.ResponseWriter, r *http.Request) {
		exchangeOf(r.Context()).metrics = series
		tenant = levy.Tenant(r.Context())
	}
	r, _ := http.NewRequest(http.MethodGet, "/x", nil)
	r.Header.Set("X-Request-Id", "alloc-test")
	w := &headerWriter{h: http.Header{}}
	for _, c := range []struct {
		name string
		h    http.Handler
		want float64
	}{
		{"bare", s.middleware(http.HandlerFunc(read)), 2},
		{"guarded", s.middleware(Guard(fixedAuth{Principal{Tenant: "acme"}}, read)), 2},
	} {
		c.h.ServeHTTP(w, r)
		n := testing.AllocsPerRun(100, func() {
			clear(w.h)
			c.h.ServeHTTP(w, r)
		})
		if n != c.want {
			t.Errorf("%s: a request allocated %v times in the middleware, want %v", c.name, n, c.want)
		}
	}
	if tenant != "acme" {
		t.Errorf("the guarded handler read tenant %q, want acme", tenant)
	}
}

// TestEmbeddersTenantContext: a context that an embedder made with
// levy.WithTenant (or levy.WithReadOnly) over a request's context is read
// as before: its tenant is the nearest, over the principal's; and
// Authenticate over such a context sets the principal's tenant over the
// embedder's, as it always did.
func TestEmbeddersTenantContext(t *testing.T) {
	s := testServer(t)
	auth := Authenticator(fixedAuth{Principal{Tenant: "acme", Client: "cli"}})
	type seen struct {
		tenant   string
		readOnly bool
		p        Principal
	}
	var inner, layered, over seen
	look := func(ctx context.Context) seen {
		p, _ := PrincipalOf(ctx)
		return seen{levy.Tenant(ctx), levy.ReadOnly(ctx), p}
	}
	h := s.middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// An embedder's value set over the request's context before the
		// access check: the principal's tenant takes precedence.
		before := r.WithContext(levy.WithTenant(r.Context(), "embedder"))
		ra, err := Authenticate(before, auth)
		if err != nil {
			panic(err)
		}
		over = look(ra.Context())
		// The access check on the request itself, then the embedder's
		// tenant and read-only mark over it: the embedder's are read.
		ra, err = Authenticate(r, auth)
		if err != nil {
			panic(err)
		}
		inner = look(ra.Context())
		layered = look(levy.WithReadOnly(levy.WithTenant(ra.Context(), "embedder")))
	}))
	r, _ := http.NewRequest(http.MethodGet, "/x", nil)
	h.ServeHTTP(&headerWriter{h: http.Header{}}, r)
	p := Principal{Tenant: "acme", Client: "cli"}
	for _, c := range []struct {
		name      string
		got, want seen
	}{
		{"Authenticate over levy.WithTenant", over, seen{"acme", false, p}},
		{"Authenticate on the request", inner, seen{"acme", false, p}},
		{"levy.WithTenant over Authenticate", layered, seen{"embedder", true, p}},
	} {
		if c.got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, c.got, c.want)
		}
	}
}
