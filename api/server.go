package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/levytax/levy"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/clip"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// DefaultBodyLimit is the largest request body a Server reads unless
// WithBodyLimit says otherwise: 8 MiB, room for thousands of lines.
const DefaultBodyLimit = 8 << 20

// Principal is who sent a request, as an Authenticator established it.
type Principal struct {
	Tenant string // the tenant whose data the request reads and writes
	Client string // the client ID of the credential, for the logs
	Role   Role   // what the token may do
}

// Role is what a principal may do, which its token's audience decides.
// A tenant's roles reach the data of that tenant only; only the operator
// reaches other tenants and what they share (the signing keys).
type Role uint8

// The roles, from the least to the most a token may do.
const (
	// RoleAPI reads and writes its tenant's data through the API: the
	// calculation audiences.
	RoleAPI Role = iota
	// RoleReader reads its tenant's data and changes nothing: the console's
	// analysts. Its requests carry levy.WithReadOnly.
	RoleReader
	// RoleAdmin administers its own tenant: its credentials, its dead
	// letters, its journal's reports and exports.
	RoleAdmin
	// RoleOperator operates the server: every tenant's credentials, dead
	// letters and journal, and the signing keys that every tenant shares.
	RoleOperator
)

// String names the role as the table of audiences in docs/serving.md
// does.
func (r Role) String() string {
	switch r {
	case RoleAPI:
		return "api"
	case RoleReader:
		return "reader"
	case RoleAdmin:
		return "admin"
	case RoleOperator:
		return "operator"
	}
	return fmt.Sprintf("Role(%d)", uint8(r))
}

// principalKey is the context key of a request's principal.
type principalKey struct{}

// PrincipalOf returns the principal that Authenticate established for the
// request whose context is ctx, and whether there is one.
func PrincipalOf(ctx context.Context) (Principal, bool) {
	if p, ok := ctx.Value(principalKey{}).(*Principal); ok {
		return *p, true
	}
	return Principal{}, false
}

// Authenticator establishes who sent a request to a route that needs an
// access token. It returns a *levy.Error of code EUnauthorized when the
// request carries no valid token, and EForbidden when the token may not
// be used for the route. Implementations must be safe for concurrent use.
type Authenticator interface {
	Authenticate(r *http.Request) (Principal, error)
}

// Server is the HTTP adapter over an engine. Build it with New and serve
// its Handler. It is safe for concurrent use.
type Server struct {
	engine  *engine.Engine
	log     *slog.Logger
	limit   int64
	auth    Authenticator
	app     string
	appJSON []byte // app as encoding/json writes it, for every answer's meta
	// levyMembers is the server's profile.LevyMembersInclude or
	// profile.LevyMembersOmit, for the tenants whose policy sets none.
	levyMembers string
	reg         *prometheus.Registry
	metrics     *metrics
	extra       []mount
	checks      []healthCheck
	handler     http.Handler
	// routeLimits are the body limits of the routes that accept less than
	// limit, by pattern; metricsHere says whether Handler serves /metrics.
	routeLimits map[string]int64
	metricsHere bool
	// queries are the query parameters of the operations whose requests
	// Guard holds to the parameters they declare, by pattern: the admin
	// operations, and the API's routes that read none. Guard refuses any
	// other once the caller is known. admins are the admin operations.
	queries map[string][]string
	admins  map[string]bool
	// noBody are the operations mounted beside the API that declare no
	// request body and are not a GET: Guard refuses a body sent to them.
	noBody map[string]bool
	// writes are the patterns of the operations that change stored
	// state, which Guard refuses to a read-only token.
	writes map[string]bool
	// oauthForm are the patterns of the operations that answer their
	// refusals in the form of RFC 6749 (Operation.OAuthError), and their
	// paths, whose 405 answers so too: fail answers there in that form.
	oauthForm    map[string]bool
	metricsAlone http.Handler // /metrics alone, for another listener
	// served lists the pattern of every operation the server mounts,
	// "POST /api/v2/supplies", in the order they were mounted.
	served []string
	// documented are the operations mounted beside the API that the
	// document describes, in the order they were mounted; undocumented
	// the patterns mounted with WithUndocumentedHandler.
	documented   []Operation
	undocumented []string

	docOnce sync.Once
	doc     []byte
	docErr  error
}

// mount is a handler served beside the API, and its operation of the
// OpenAPI document (nil for one mounted with WithUndocumentedHandler).
type mount struct {
	pattern string
	h       http.Handler
	op      *Operation
}

// operationMount returns the mount of h as op.
func operationMount(op Operation, h http.Handler) mount {
	return mount{pattern: op.pattern(), h: h, op: &op}
}

// Option configures a Server.
type Option func(*Server)

// WithLogger sets the logger of requests and faults (default: slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(s *Server) { s.log = l } }

// WithBodyLimit sets the largest request body in bytes; a larger one is
// answered 413.
func WithBodyLimit(n int64) Option { return func(s *Server) { s.limit = n } }

// WithAuthenticator makes every route that is not public require what a
// checks. Without one, the API is open and every request belongs to
// levy.DefaultTenant.
func WithAuthenticator(a Authenticator) Option { return func(s *Server) { s.auth = a } }

// WithApp sets the app member of every answer's meta (default "levy").
func WithApp(name string) Option { return func(s *Server) { s.app = name } }

// WithRegistry registers the server's metrics in reg and serves reg at
// /metrics, so that a host can add its own collectors. By default the
// server makes its own registry with the Go and process collectors.
func WithRegistry(reg *prometheus.Registry) Option { return func(s *Server) { s.reg = reg } }

// WithOperation serves h at op.Method and op.Path (the net/http.ServeMux
// pattern "Method Path") beside the API, inside the same request IDs,
// logs, metrics and recovery, and describes it with op in the OpenAPI
// document the server serves. The token, admin and e-invoicing routes are
// mounted this way, each described by the adapter that serves it with its
// own types; h does its own authentication (see Guard). New refuses an
// operation without a method, a path, an ID, a tag or a summary, whose
// path parameters are not declared, or whose ID another operation has.
func WithOperation(op Operation, h http.Handler) Option {
	return func(s *Server) { s.extra = append(s.extra, operationMount(op, h)) }
}

// WithUndocumentedHandler serves h at pattern (any net/http.ServeMux
// pattern) beside the API, as WithOperation does, but leaves it out of
// the OpenAPI document: it is for what is not part of the API that
// clients program against, such as the web console's pages and the
// routes of its own that only its pages call. Every other route is
// mounted with WithOperation.
func WithUndocumentedHandler(pattern string, h http.Handler) Option {
	return func(s *Server) { s.extra = append(s.extra, mount{pattern: pattern, h: h}) }
}

// healthCheck is a check of /healthz: a store that must take writes.
type healthCheck struct {
	name  string
	check func(context.Context) error
}

// WithHealthCheck makes /healthz run check, under name ("journal"): an
// error makes /healthz answer 503 and name the failing checks. Checks must
// be cheap and safe for concurrent use (the stores' write checks cache
// their answer for a second).
func WithHealthCheck(name string, check func(context.Context) error) Option {
	return func(s *Server) { s.checks = append(s.checks, healthCheck{name, check}) }
}

// WithRouteBodyLimit sets the largest request body of the route with
// pattern ("Method Path" of an operation mounted with WithOperation, or
// "POST /api/v2/supplies") to n bytes, below the server's limit. A request whose Content-Length
// announces more is answered 413 before any of its body is read. A
// handler that reads a body without a Content-Length (chunked) bounds it
// itself.
func WithRouteBodyLimit(pattern string, n int64) Option {
	return func(s *Server) {
		if s.routeLimits == nil {
			s.routeLimits = map[string]int64{}
		}
		s.routeLimits[pattern] = n
	}
}

// WithMetricsRoute says whether Handler serves the Prometheus metrics at
// GET /metrics (the default). With false, it does not, and a host serves
// MetricsHandler on another listener, such as an address that only the
// monitoring network reaches: /metrics needs no token.
func WithMetricsRoute(on bool) Option { return func(s *Server) { s.metricsHere = on } }

// New returns a Server that answers with e.
func New(e *engine.Engine, opts ...Option) (*Server, error) {
	s := &Server{engine: e, log: slog.Default(), limit: DefaultBodyLimit, app: "levy", metricsHere: true}
	for _, o := range opts {
		o(s)
	}
	switch s.levyMembers {
	case "", profile.LevyMembersInclude, profile.LevyMembersOmit:
	default:
		return nil, fmt.Errorf("api: Levy's members %q: want %s or %s", s.levyMembers, profile.LevyMembersInclude, profile.LevyMembersOmit)
	}
	if s.limit <= 0 {
		return nil, fmt.Errorf("api: the body limit must be positive, not %d", s.limit)
	}
	app, err := json.Marshal(s.app)
	if err != nil {
		return nil, fmt.Errorf("api: encoding the app name %q: %w", s.app, err)
	}
	s.appJSON = app
	for pattern, n := range s.routeLimits {
		if n <= 0 {
			return nil, fmt.Errorf("api: the body limit of %s must be positive, not %d", pattern, n)
		}
	}
	if s.reg == nil {
		s.reg = prometheus.NewRegistry()
		s.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	m, err := newMetrics(s.reg)
	if err != nil {
		return nil, err
	}
	s.metrics = m
	mux := http.NewServeMux()
	table := routes()
	methods := map[string][]string{} // the methods served at each path, in table order
	for _, rt := range table {
		methods[rt.Path] = append(methods[rt.Path], rt.Method)
	}
	served := map[string]bool{} // the paths that answer 405 already
	for _, base := range Bases {
		for _, rt := range table {
			s.route(mux, base, rt)
		}
		for at, ms := range methods {
			s.notAllowed(mux, base+at, allowed(ms))
			served[base+at] = true
		}
	}
	// The mounted handlers and /healthz and /metrics answer another method
	// at their paths as the routes do: 405 with the Allow list.
	prom := operationMount(metricsOperation(), promhttp.HandlerFor(s.reg, promhttp.HandlerOpts{}))
	extra := append(slices.Clone(s.extra), operationMount(healthOperation(), http.HandlerFunc(s.healthz)))
	if s.metricsHere {
		extra = append(extra, prom)
	}
	if err := s.describe(table, extra); err != nil {
		return nil, err
	}
	var paths []string               // the paths of the mounts with a method, in order
	mounted := map[string][]string{} // the methods mounted at each of them
	for _, m := range extra {
		mux.Handle(m.pattern, s.named(m.pattern, m.h.ServeHTTP))
		s.served = append(s.served, m.pattern)
		method, at, ok := strings.Cut(m.pattern, " ")
		if !ok || !strings.HasPrefix(at, "/") || served[at] {
			continue // a pattern for every method or for one host, or a path of the API
		}
		if _, seen := mounted[at]; !seen {
			paths = append(paths, at)
		}
		mounted[at] = append(mounted[at], method)
	}
	for _, at := range paths {
		s.notAllowed(mux, at, allowed(mounted[at]))
	}
	mux.Handle("/", s.named("unmatched", s.unmatched))
	s.handler = s.middleware(canonicalOnly(mux, s.unmatched))

	alone := http.NewServeMux()
	alone.Handle(prom.pattern, s.named(prom.pattern, prom.h.ServeHTTP))
	s.notAllowed(alone, "/metrics", allowed([]string{http.MethodGet}))
	alone.Handle("/", s.named("unmatched", s.unmatched))
	s.metricsAlone = s.middleware(canonicalOnly(alone, s.unmatched))
	return s, nil
}

// describe checks the operations of the mounts, which must describe their
// routes and have IDs of their own, and records them for the document.
func (s *Server) describe(table []Route, mounts []mount) error {
	ids := map[string]string{} // the pattern of each operation ID
	for _, rt := range table {
		ids[rt.ID] = rt.Method + " " + rt.Path
	}
	for _, m := range mounts {
		if m.op == nil {
			s.undocumented = append(s.undocumented, m.pattern)
			continue
		}
		if err := m.op.check(); err != nil {
			return fmt.Errorf("api: the operation mounted at %s: %w", m.pattern, err)
		}
		if at, dup := ids[m.op.ID]; dup {
			return fmt.Errorf("api: the operations %s and %s are both named %s", at, m.pattern, m.op.ID)
		}
		ids[m.op.ID] = m.pattern
		s.documented = append(s.documented, *m.op)
		if m.op.Method != http.MethodGet && m.op.Method != http.MethodHead && !m.op.Reads && !m.op.Public {
			s.markWrites(m.pattern)
		}
		if m.op.Body == nil && m.op.Method != http.MethodGet && m.op.Method != http.MethodHead && m.op.OAuthError == nil {
			if s.noBody == nil {
				s.noBody = map[string]bool{}
			}
			s.noBody[m.pattern] = true
		}
		if m.op.OAuthError != nil {
			if s.oauthForm == nil {
				s.oauthForm = map[string]bool{}
			}
			s.oauthForm[m.pattern] = true
			s.oauthForm[m.op.Path] = true // the pattern of its 405
		}
		if m.op.Tag == AdminTag {
			if s.admins == nil {
				s.admins = map[string]bool{}
			}
			s.admins[m.pattern] = true
			s.holdQuery(m.pattern, queryNames(m.op.Params))
		}
	}
	return nil
}

// MetricsHandler returns a handler that serves only GET /metrics, with
// the request IDs, logs and metrics of Handler, for a listener of its own
// (see WithMetricsRoute).
func (s *Server) MetricsHandler() http.Handler { return s.metricsAlone }

// unmatched answers a path that nothing is served at.
func (s *Server) unmatched(w http.ResponseWriter, r *http.Request) {
	at := ClipPath(r.URL.Path)
	if at == "" { // a target that is not a path: CONNECT's host:port
		at = strconv.Quote(ClipPath(r.RequestURI))
	}
	s.fail(w, r, levy.NotFound("", "there is no %s", at))
}

// ClipPath returns p, a request's path as a message quotes it, cut after
// 256 bytes (on a character's boundary, with "…"): a path of 60 KB that
// names nothing is not sent back whole.
func ClipPath(p string) string {
	return clip.To(p, 256)
}

// canonicalOnly passes to next the requests whose path is canonical, and
// answers the others with notFound, as it does a request whose target is
// not a path (CONNECT host:port, which ServeMux would answer with its
// text/plain 404). net/http.ServeMux would redirect a
// path with an empty, "." or ".." segment to its clean form, which for
// the API turns /transactions//reversal, a transaction with an empty ID,
// into a redirect to another operation; such a path names nothing. The
// segments are those of the path as sent, which the mux routes by: a
// slash or a dot percent-encoded (%2F, %2E) is part of its segment, as
// in the transaction ID a//b sent as a%2F%2Fb.
func canonicalOnly(next http.Handler, notFound http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.EscapedPath(); !strings.HasPrefix(p, "/") || !canonical(p) {
			notFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// canonical reports whether p, a path that starts with a slash, is clean
// as net/http.ServeMux wants it: path.Clean keeps it, but for a trailing
// slash.
func canonical(p string) bool {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c == p
}

// Handler returns the handler of every route, /healthz and /metrics.
func (s *Server) Handler() http.Handler { return s.handler }

// route registers rt under base.
func (s *Server) route(mux *http.ServeMux, base string, rt Route) {
	pattern := rt.Method + " " + base + rt.Path
	if rt.Writes {
		s.markWrites(pattern)
	}
	s.served = append(s.served, pattern)
	serve := func(w http.ResponseWriter, r *http.Request) { rt.serve(s, w, r) }
	if rt.Public {
		mux.Handle(pattern, s.named(pattern, serve))
		return
	}
	if len(queryNames(rt.Params)) == 0 {
		// A route that reads no query parameter refuses one: DELETE
		// /transactions/{id}?dryRun=true would otherwise delete. A route
		// that reads some (the changed tax areas) checks them with its
		// dates, to name every fault at once.
		s.holdQuery(pattern, nil)
	}
	mux.Handle(pattern, s.named(pattern, Guard(s.auth, serve).ServeHTTP))
}

// queryNames returns the names of the query parameters among params.
func queryNames(params []Param) []string {
	var names []string
	for _, p := range params {
		if p.In == "query" {
			names = append(names, p.Name)
		}
	}
	return names
}

// holdQuery makes Guard refuse, at the operation with pattern, a query
// parameter that is not among names (none when names is empty).
func (s *Server) holdQuery(pattern string, names []string) {
	if s.queries == nil {
		s.queries = map[string][]string{}
	}
	s.queries[pattern] = names
}

// markWrites records that the operation at pattern changes stored state.
func (s *Server) markWrites(pattern string) {
	if s.writes == nil {
		s.writes = map[string]bool{}
	}
	s.writes[pattern] = true
}

// allowed returns the Allow header of a path served with methods, in
// their order: net/http.ServeMux answers HEAD with the handler of GET,
// so HEAD is listed after GET wherever GET is served.
func allowed(methods []string) string {
	list := make([]string, 0, len(methods)+1)
	for _, m := range methods {
		list = append(list, m)
		if m == http.MethodGet && !slices.Contains(methods, http.MethodHead) {
			list = append(list, http.MethodHead)
		}
	}
	return strings.Join(list, ", ")
}

// notAllowed answers 405 at path to every method that no route serves
// there, with the Allow header listing those that are.
func (s *Server) notAllowed(mux *http.ServeMux, path, allow string) {
	mux.Handle(path, s.named(path, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		s.fail(w, r, &levy.Error{Code: codeMethod, Message: ClipPath(r.Method) + " is not served at " + ClipPath(r.URL.Path)})
	}))
}

// Authenticate establishes the principal of r with a, as the routes of the
// API do, and returns r with the principal in its context (see
// PrincipalOf), its tenant too (see levy.Tenant), read-only for a reader
// (see levy.WithReadOnly), and the tenant in the request's log line. With a nil a every request
// belongs to levy.DefaultTenant. Handlers mounted with WithOperation call it
// with the authenticator they need.
//
// On a request as the server's middleware passed it, the first
// Authenticate keeps the principal in the request's own record, which its
// context reads, and returns r itself: no context node and no copy of the
// request. Otherwise (a request from outside the server, a context that
// holds values set over the middleware's, a second Authenticate) it
// returns a copy of r whose context holds the principal in nodes of its
// own, which take precedence over those below them.
func Authenticate(r *http.Request, a Authenticator) (*http.Request, error) {
	p := Principal{Tenant: levy.DefaultTenant}
	if a != nil {
		var err error
		if p, err = a.Authenticate(r); err != nil {
			return r, err
		}
	}
	x := exchangeOf(r.Context())
	x.tenant, x.operator = p.Tenant, p.Role == RoleOperator
	if x.operator {
		x.tenant = "" // the tenant it acts on, which AdminScope learns
	}
	if c, ok := r.Context().(*requestContext); ok && c.x == x && !x.authenticated {
		// The request's context as the middleware made it, with nothing
		// set over it: the principal goes into the exchange, which that
		// context reads, and r stays as it is.
		x.principal, x.authenticated = p, true
		return r, nil
	}
	// Outside the middleware, over a context that holds values set after
	// it, or a second time: nodes of their own, which take precedence over
	// what the context holds, as levy.WithTenant's do.
	held := new(Principal) // apart from p, which the path above keeps off the heap
	*held = p
	ctx := context.WithValue(levy.WithTenant(r.Context(), p.Tenant), principalKey{}, held)
	if p.Role == RoleReader {
		ctx = levy.WithReadOnly(ctx)
	}
	return r.WithContext(ctx), nil
}

// Guard is the access check of every route that needs a token, the API's
// own and those of the adapters mounted beside it (tenant routes with the
// tenant authenticator, admin routes with the admin one): it runs next
// with the principal's tenant in the request's context (Authenticate),
// and answers the error of a request that a refuses (401 or 403) without
// running next. With a nil a, every request belongs to
// levy.DefaultTenant. It then refuses, 403, an operation that changes
// stored state (Route.Writes, an Operation that is not a GET and does not
// say it Reads) to a read-only token, before the handler reads anything;
// the domain packages check it again where they write. The refusal
// names the credential that may make the write: the API's audience, or
// on an admin operation the tenant's admin. It refuses, 400 naming each
// member, a body sent to an operation mounted with WithOperation that
// declares none and is not a GET (a deletion, a rotation, a replay): read
// as nothing, a member such as a date would be a wish the operation does
// not honour. On an admin operation, and on a route of the API that
// reads no query parameter, it refuses, 400 naming it, a query
// parameter that the operation does not declare, so that no route passes
// over a parameter, such as another tenant's name or a ?dryRun=true,
// that it does not read.
func Guard(a Authenticator, next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, err := Authenticate(r, a)
		if err != nil {
			WriteError(w, r, err)
			return
		}
		x := exchangeOf(r.Context())
		if x.writes {
			check := levy.CheckWritable
			if x.admin { // the tenant's admin writes there
				check = levy.CheckAdminWritable
			}
			if err := check(r.Context(), "call "+x.route); err != nil {
				WriteError(w, r, err)
				return
			}
		}
		if x.holdQuery && r.URL.RawQuery != "" {
			if err := CheckQuery(r.URL.Query(), x.query...); err != nil {
				WriteError(w, r, err)
				return
			}
		}
		if x.noBody {
			if err := refuseBody(r, x.limit); err != nil {
				WriteError(w, r, err)
				return
			}
		}
		next(w, r)
	})
}

// named records the route pattern of a request for the logs and metrics,
// and refuses what no route of Levy accepts before the route's handler
// runs: a body whose Content-Length is over the route's limit (413, before
// any of it is read, and so before a 100 Continue), a body sent with a
// content coding (415, see plainBody), a header of oneValueHeaders sent
// with two values (400, see checkOneValue), and a path or query
// parameter that is not fit to be an identifier (400; see
// wire.CheckIdentifier). At a token endpoint, these refusals are in the
// form of RFC 6749 (see Server.fail).
func (s *Server) named(pattern string, h http.HandlerFunc) http.Handler {
	limit := s.limit
	if n, ok := s.routeLimits[pattern]; ok && n < limit {
		limit = n
	}
	params := pathParams(pattern)
	// A pattern that matches a subtree (/console/) or ends in a {name...}
	// wildcard leaves the rest of the path to its handler, which reads it
	// decoded (a file server does): there, a "." or ".." segment sent
	// percent-encoded names nothing either.
	at := pattern[strings.Index(pattern, "/")+1:]
	tree := strings.HasSuffix(at, "/") || strings.HasSuffix(at, "...}")
	query, holdQuery := s.queries[pattern]
	admin, noBody := s.admins[pattern], s.noBody[pattern]
	writes := s.writes[pattern]
	oauthForm := s.oauthForm[pattern]
	series := s.metrics.route(pattern)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		x := exchangeOf(r.Context())
		x.route, x.metrics = pattern, series
		x.query, x.holdQuery, x.admin, x.writes, x.oauth = query, holdQuery, admin, writes, oauthForm
		x.noBody, x.limit = noBody, limit
		if tree && !canonical(r.URL.Path) {
			s.unmatched(w, r)
			return
		}
		if r.ContentLength > limit {
			s.fail(w, r, &levy.Error{Code: levy.ETooLarge, Field: "Content-Length",
				Message: fmt.Sprintf("the request body of %d bytes is larger than the limit of %d bytes of this route", r.ContentLength, limit)})
			return
		}
		if err := plainBody(r); err != nil {
			w.Header().Set("Accept-Encoding", "identity") // what is accepted instead (RFC 7694)
			s.fail(w, r, err)
			return
		}
		if err := checkOneValue(r); err != nil {
			s.fail(w, r, err)
			return
		}
		if err := checkParams(r, params); err != nil {
			s.fail(w, r, err)
			return
		}
		h(w, r)
	})
}

// plainBody refuses (415, naming Content-Encoding) a request body sent
// with a content coding, such as gzip: no route of Levy decodes one, and
// read as it came, the coded bytes would be taken for broken JSON or,
// by a route that reads bytes, for the text itself. A request without a
// body, and the coding identity (none), pass.
func plainBody(r *http.Request) error {
	if r.ContentLength == 0 {
		return nil // no body, or an empty one: there is nothing coded to read
	}
	for _, v := range r.Header.Values("Content-Encoding") {
		for coding := range strings.SplitSeq(v, ",") {
			coding = strings.TrimSpace(coding)
			if coding == "" || strings.EqualFold(coding, "identity") {
				continue
			}
			return &levy.Error{Code: levy.EUnsupported, Field: "Content-Encoding",
				Message: "the request body must be sent as it is: Levy does not decode the content coding " + strconv.Quote(strings.ToLower(coding)) + "; leave out Content-Encoding"}
		}
	}
	return nil
}

// oneValueHeaders returns the request headers that hold one value, which
// Levy reads with Header.Get: the credentials and the body's media type.
func oneValueHeaders() [2]string { return [...]string{"Authorization", "Content-Type"} }

// checkOneValue refuses (400, naming the header) a request that sends a
// header of oneValueHeaders on several lines with different values. Get
// reads the first line and passes over the others, while a proxy or a
// firewall in front may read the last: which credential or which media
// type the client meant cannot be told. The same value sent twice is
// one. The message never quotes the values, which may be credentials.
func checkOneValue(r *http.Request) error {
	for _, name := range oneValueHeaders() {
		values := r.Header.Values(name)
		for _, v := range values[min(1, len(values)):] {
			if v != values[0] {
				return levy.Invalid(name, "the header is sent %d times with different values; send it once", len(values))
			}
		}
	}
	return nil
}

// pathParams returns the names of the wildcards of a ServeMux pattern:
// "id" for "DELETE /api/v2/transactions/{id}".
func pathParams(pattern string) []string {
	var names []string
	for rest := pattern; ; {
		_, after, ok := strings.Cut(rest, "{")
		if !ok {
			return names
		}
		name, tail, _ := strings.Cut(after, "}")
		names = append(names, strings.TrimSuffix(name, "..."))
		rest = tail
	}
}

// checkParams refuses a request whose path parameters (named by params)
// or query parameters hold a control character, a line separator or a
// bidirectional formatting character, naming the parameter. Every
// parameter of Levy's routes is an identifier, a date or a code.
func checkParams(r *http.Request, params []string) error {
	for _, name := range params {
		if err := wire.CheckIdentifier(name, r.PathValue(name)); err != nil {
			return err
		}
	}
	if r.URL.RawQuery == "" {
		return nil
	}
	if err := readableQuery(r.URL.RawQuery); err != nil {
		return err
	}
	q := r.URL.Query()
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		field := jsonbody.Clip(name)
		if err := wire.CheckIdentifier(field, name); err != nil {
			return err
		}
		for _, v := range q[name] {
			if err := wire.CheckIdentifier(field, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// maxQueryParams is the most parameters a request's query may hold. No
// route reads more than a few; net/url reads none of a query of more
// than 10,000 (url.Values is then empty, without a word), so that a
// parameter sent among them would count as not given.
const maxQueryParams = 1000

// readableQuery refuses (400) a query with a pair that net/url cannot
// read, which url.Values leaves out without a word: a semicolon, which
// is no longer a separator, or a percent sign without two hexadecimal
// digits after it. Left out, the parameter the client sent would count
// as not given (an endDate dropped opens the range to today). The error
// names the parameter, or the query when its name cannot be read. A
// query of more than maxQueryParams parameters is refused naming the
// query, before any is read: net/url reads none of a query of many
// more (a ?dryRun=true among them would go unseen), and each unknown
// one would be an error of the answer.
func readableQuery(raw string) error {
	if n := strings.Count(raw, "&") + 1; n > maxQueryParams {
		return levy.Invalid("query", "holds %d parameters; a request's query holds at most %d", n, maxQueryParams)
	}
	for pair := range strings.SplitSeq(raw, "&") {
		key, value, _ := strings.Cut(pair, "=")
		name, err := url.QueryUnescape(key)
		if err != nil || wire.CheckIdentifier("query", name) != nil {
			name = "query" // its name cannot be read, nor named
		}
		name = jsonbody.Clip(name)
		switch {
		case strings.Contains(pair, ";"):
			return levy.Invalid(name, "the query holds a semicolon, which does not separate parameters: separate them with & and write a semicolon in a value as %%3B")
		case err != nil:
			return levy.Invalid(name, "a parameter's name is not percent-encoded correctly: a %% is followed by two hexadecimal digits, and is itself written %%25")
		}
		if _, err := url.QueryUnescape(value); err != nil {
			return levy.Invalid(name, "the value is not percent-encoded correctly: a %% is followed by two hexadecimal digits, and is itself written %%25")
		}
	}
	return nil
}

// health is the answer of /healthz.
type health struct {
	Status  string `json:"status"`
	Dataset string `json:"dataset"`
}

// SchemaName names the schema of the answer of /healthz.
func (health) SchemaName() string { return "Health" }

// healthOperation describes /healthz.
func healthOperation() Operation {
	return Operation{Method: "GET", Path: "/healthz", ID: "health", Tag: "Service", Public: true,
		Summary: "Tells that the server is up, and the version of the tax data it uses.", Answer: reflect.TypeFor[health](),
		Unavailable: "The server cannot do its work, such as write to one of its stores."}
}

// metricsOperation describes /metrics.
func metricsOperation() Operation {
	return Operation{Method: "GET", Path: "/metrics", ID: "metrics", Tag: "Service", Public: true,
		Summary: "The server's metrics for Prometheus, in its text format.", Answer: reflect.TypeFor[string](), Media: "text/plain",
		Description: "Needs no access token. `levy serve --metrics-addr HOST:PORT` serves it on that address only " +
			"(and no longer here), which a firewall can keep to the monitoring network."}
}

// healthz answers 200 when every health check passes, and 503 with the
// failing checks when one does not. /healthz needs no token, so each
// failing check is named with what a client of the API would be told of
// its error (the code and message of its *levy.Error, "internal" for any
// other), never the error as a whole, which may name a database's host,
// user or a file's path; that goes to the log.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	failing := map[string]string{}
	for _, c := range s.checks {
		if err := c.check(r.Context()); err != nil {
			failing[c.name] = "internal: the check failed"
			if le := (*levy.Error)(nil); errors.As(err, &le) {
				failing[c.name] = le.Code + ": " + le.Message
			}
			s.log.LogAttrs(r.Context(), slog.LevelWarn, "health check failed", slog.String("request_id", exchangeOf(r.Context()).id),
				slog.String("check", c.name), slog.String("error", err.Error()))
		}
	}
	answer := health{Status: "ok", Dataset: s.engine.DatasetVersion()}
	if len(failing) > 0 {
		answer.Status = "unavailable"
		w.Header().Set("Retry-After", "1")
		s.write(w, r, http.StatusServiceUnavailable, struct {
			health
			Failing map[string]string `json:"failing"`
		}{answer, failing})
		return
	}
	s.write(w, r, http.StatusOK, answer)
}

// requestID returns the client's X-Request-Id when it is a sane token,
// else a new random one.
func requestID(r *http.Request) string {
	if id := r.Header.Get("X-Request-Id"); id != "" && len(id) <= 64 && printable(id) {
		return id
	}
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}
