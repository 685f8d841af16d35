package profileadmin

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/profile"
)

// Prefix is the path the routes are under.
const Prefix = "/admin/v1/profile"

// Paging: the records a page holds unless limit says otherwise, and the
// most it may hold.
const (
	DefaultLimit = 500
	MaxLimit     = 5000
)

// Handler serves the admin routes of tax profiles over a profile.Service.
// Build it with New and mount it with Mounts. It is not changed after
// New, and is safe for concurrent use, as far as its profile.Service is.
type Handler struct {
	svc   *profile.Service
	rd    Reader
	auth  api.Authenticator
	log   *slog.Logger
	limit int64
	today func() civil.Date
	// operatorClient reports whether a client ID is the operator's
	// (WithOperatorClients); nil when not given.
	operatorClient func(ctx context.Context, clientID string) (bool, error)
}

// Option configures a Handler.
type Option func(*Handler)

// WithLogger sets the logger of the changes made (default: none).
func WithLogger(l *slog.Logger) Option { return func(h *Handler) { h.log = l } }

// WithBodyLimit sets the largest request body the routes read, in bytes
// (default api.DefaultBodyLimit), as levy serve --max-body sets the
// server's. A certificate's scan is limited to profile.MaxDocumentSize
// besides.
func WithBodyLimit(n int64) Option { return func(h *Handler) { h.limit = n } }

// WithToday sets the clock of the routes' days (the default revocation
// date; the revocation of a certificate that an import says is revoked):
// civil.Today by default, in UTC.
func WithToday(today func() civil.Date) Option { return func(h *Handler) { h.today = today } }

// WithOperatorClients tells the routes which client IDs are credentials
// of the server's operator (oauth.Handler.OperatorClient), so that a
// tenant's admin or reader reads as "operator" the versions that the
// operator made before Levy stored them as the operator's (see
// shownBy). Without it, only the versions stored as the operator's are
// answered so.
func WithOperatorClients(f func(ctx context.Context, clientID string) (bool, error)) Option {
	return func(h *Handler) { h.operatorClient = f }
}

// New returns the Handler of svc, whose routes auth guards: the check of
// a token of the admin audience, of the operator's or of the console's
// readers (oauth.Handler.AdminReaderAuthenticator). With a nil auth,
// Mounts mounts nothing: these routes are never served without a check.
func New(svc *profile.Service, auth api.Authenticator, opts ...Option) *Handler {
	h := &Handler{svc: svc, auth: auth, log: slog.New(slog.DiscardHandler), limit: api.DefaultBodyLimit, today: civil.Today}
	for _, o := range opts {
		o(h)
	}
	h.rd = Reader{Service: svc, OperatorClient: h.operatorClient}
	return h
}

// request is what a route needs of a request: the tenant it acts on, the
// credential that acts (for the versions' by), and its query.
type request struct {
	tenant string
	by     string
	q      url.Values
}

// begin reads what every route needs: the tenant, the token's own or the
// one the operator names, and who acts. api.Guard has refused a write of
// a read-only token, and any query parameter the route does not declare,
// before the route runs.
func (h *Handler) begin(r *http.Request) (request, error) {
	q := r.URL.Query()
	tenant, err := api.AdminScope(r.Context(), q.Get("tenant"), "tenant", false)
	if err != nil {
		return request{}, err
	}
	p, _ := api.PrincipalOf(r.Context())
	by := p.Client
	switch {
	case by == "":
		by = "api"
	case p.Role == api.RoleOperator:
		by = operatorBy + by
	}
	return request{tenant: tenant, by: by, q: q}, nil
}

// operatorBy begins the by of a change the server's operator makes: its
// client ID follows, which only the operator reads back (shownBy). A
// tenant's client IDs are base64url and hold no slash, so no tenant's
// change reads as the operator's.
const operatorBy = "operator/"

// shownBy returns the by of a version as the caller of ctx reads it: a
// tenant's admin or reader reads a change of the operator as "operator",
// without the operator credential's client ID. That ID is the key of the
// operator's failed-authentication allowance at the token endpoints, so
// a tenant that knew it could keep the operator from every new token
// with a few wrong secrets a minute. A change is the operator's when it
// is stored so (operatorBy) or, for the versions stored before, when
// isOperator says its by is an operator credential's client ID. The
// operator, and a caller with no principal (the command line on the
// store), read the whole of it.
func shownBy(ctx context.Context, by string, isOperator func(ctx context.Context, clientID string) (bool, error)) (string, error) {
	p, ok := api.PrincipalOf(ctx)
	if !ok || p.Role == api.RoleOperator {
		return by, nil
	}
	if strings.HasPrefix(by, operatorBy) {
		return "operator", nil
	}
	if isOperator != nil {
		op, err := isOperator(ctx, by)
		if err != nil {
			return "", err
		}
		if op {
			return "operator", nil
		}
	}
	return by, nil
}

// asOf reads the asOf parameter: an RFC 3339 time, or a day, meaning its
// last instant in UTC; zero when absent (now). Go's zero time
// (0001-01-01T00:00:00Z), which the stores read as now and a Go client
// writes for a time it never set, is refused: given, it would read the
// latest records for the earliest time.
func (rq request) asOf() (time.Time, error) {
	v := rq.q.Get("asOf")
	if v == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		if t.IsZero() {
			return time.Time{}, levy.Invalid("asOf", "%q is the zero time, which is not read as a time: leave asOf out to read the profile now, or give a later time", clip(v))
		}
		return t, nil
	}
	if d, err := civil.Parse(v); err == nil {
		return d.AddDays(1).Time().Add(-time.Nanosecond), nil
	}
	return time.Time{}, levy.Invalid("asOf", "%q is neither a time (RFC 3339, 2026-06-01T12:00:00Z) nor a day (2026-06-01)", clip(v))
}

// flag reads a boolean parameter: true or false (1 or 0); false when
// absent.
func (rq request) flag(name string) (bool, error) {
	v := rq.q.Get(name)
	if v == "" {
		return false, nil
	}
	switch strings.ToLower(v) {
	case "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, levy.Invalid(name, "%q is neither true nor false", clip(v))
}

// date reads a date parameter; zero when absent.
func (rq request) date(name string) (civil.Date, error) {
	v := rq.q.Get(name)
	if v == "" {
		return civil.Date{}, nil
	}
	d, err := civil.Parse(v)
	if err != nil {
		return civil.Date{}, levy.Invalid(name, "%s", civil.Refusal(fmt.Sprintf("%q", clip(v)), err))
	}
	return d, nil
}

// filter reads the filters of a list, those of its parameters that
// the request has: the route's own were checked by begin.
func (rq request) filter() (Filter, error) {
	var f Filter
	var errs levy.Errors
	num := func(name string, lo, hi int) int {
		v := rq.q.Get(name)
		if v == "" {
			return 0
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			errs = append(errs, levy.Invalid(name, "%q is not a number from %d to %d", clip(v), lo, hi))
		}
		return n
	}
	f.Limit, f.Offset = num("limit", 1, MaxLimit), num("offset", 0, 1<<30)
	f.Customer, f.CodeType, f.Class, f.Area = rq.q.Get("customer"), rq.q.Get("codeType"), rq.q.Get("class"), rq.q.Get("area")
	// A filter longer than any record's member it compares with keeps
	// nothing: it is refused naming it, as a value no record could hold,
	// rather than answered with an empty page. A product class is a
	// code of at most profile.MaxCode characters, as a line's
	// productClass is.
	for _, c := range []struct {
		name string
		max  int
	}{{"customer", profile.MaxCode}, {"codeType", profile.MaxCodeType}, {"class", profile.MaxCode}, {"area", profile.MaxCode}, {"company", profile.MaxCode}} {
		if v := rq.q.Get(c.name); utf8.RuneCountInString(v) > c.max {
			errs = append(errs, levy.Invalid(c.name, "%q is longer than %d characters, which no stored record's code is", clip(v), c.max))
		}
	}
	if c, ok := rq.q["company"]; ok {
		f.Company = &c[0]
	}
	var err error
	if f.ExpiringBefore, err = rq.date("expiringBefore"); err != nil {
		errs = append(errs, err.(*levy.Error))
	}
	if j := rq.q.Get("jurisdiction"); j != "" {
		id, ok := profile.NormalizeJurisdiction(j)
		if !ok {
			errs = append(errs, levy.Invalid("jurisdiction", "%q is not a jurisdiction ID: %s", clip(j), profile.JurisdictionForms))
		}
		f.Jurisdiction = id
	}
	f.Status = strings.ToLower(rq.q.Get("status"))
	if f.Status != "" && f.Status != profile.StatusActive && f.Status != profile.StatusRevoked {
		errs = append(errs, levy.Invalid("status", "%q is not %s or %s", clip(f.Status), profile.StatusActive, profile.StatusRevoked))
	}
	if len(errs) > 0 {
		return f, errs
	}
	return f, nil
}

// records reads the tenant's records as of the request's asOf.
func (h *Handler) records(r *http.Request, rq request) (*profile.Records, error) {
	at, err := rq.asOf()
	if err != nil {
		return nil, err
	}
	return h.svc.Records(r.Context(), rq.tenant, at)
}

// decode reads a JSON body into v (a pointer): at most the body limit,
// strictly (jsonbody.Decode), and refusing members that v does not have,
// so that a misspelt member is not dropped silently.
func (h *Handler) decode(r *http.Request, v any) error {
	if err := api.JSONContent(r); err != nil {
		return err
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, h.limit+1))
	if err != nil {
		return err
	}
	if int64(len(body)) > h.limit {
		return &levy.Error{Code: levy.ETooLarge, Message: fmt.Sprintf("the request body is larger than the limit of %d bytes", h.limit)}
	}
	if err := jsonbody.Decode(bytes.NewReader(body), v, h.limit); err != nil {
		return err
	}
	return unknownMembers(body, reflect.TypeOf(v))
}

// DecodeChangeSet reads a JSON change set, as levy profile import reads
// a .json file, with the rules of the import route's body: strictly
// (jsonbody.Decode: a member given twice, data after the change set,
// text that is not UTF-8 are refused rather than read loosely) and
// refusing members a change set does not have, each error naming its
// JSON path ("certificates[2].effectiveDate").
func DecodeChangeSet(body []byte) (*profile.ChangeSet, error) {
	var cs profile.ChangeSet
	if err := jsonbody.Decode(bytes.NewReader(body), &cs, 0); err != nil {
		return nil, err
	}
	if err := unknownMembers(body, reflect.TypeOf(&cs)); err != nil {
		return nil, err
	}
	return &cs, nil
}

// unknownMembers refuses the members of the JSON in body that type t
// does not have, at any depth, naming each by its path (up to
// profile.MaxErrors of them).
func unknownMembers(body []byte, t reflect.Type) error {
	var errs levy.Errors
	jsonbody.UnknownMembers(bytes.TrimPrefix(body, []byte("\ufeff")), t, nil, func(u jsonbody.Unknown) bool {
		errs = append(errs, levy.Invalid(u.Path.String(), "%q is not a member here; the members are %s", clip(u.Name), strings.Join(u.Known, ", ")))
		return len(errs) < profile.MaxErrors
	})
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// within returns err with the fields of its errors that start with
// prefix ("certificates[0]") named without it, as the body of a route
// that holds one record names them ("expirationDate"); a field that is
// prefix itself becomes whole, "".
func within(err error, prefix string) error {
	rename := func(e *levy.Error) *levy.Error {
		cp := *e
		switch {
		case cp.Field == prefix:
			cp.Field = ""
		case strings.HasPrefix(cp.Field, prefix+"."):
			cp.Field = cp.Field[len(prefix)+1:]
		}
		return &cp
	}
	return levy.MapErrors(err, rename)
}

// renamed returns err with every field named from named to, as
// RenameField does for one, for a levy.Errors list too.
func renamed(err error, from, to string) error {
	return levy.MapErrors(err, func(e *levy.Error) *levy.Error {
		if e.Field != from {
			return e
		}
		cp := *e
		cp.Field = to
		return &cp
	})
}

// clip shortens a parameter quoted in an error.
func clip(s string) string {
	if len(s) <= 64 {
		return s
	}
	return s[:64] + "…"
}

// notFound is the answer to a key the tenant has no record of, another
// tenant's included, naming the key's last part as the routes do
// ("number" for a certificate).
func notFound(key profile.Key) error {
	return levy.NotFound(KeyField(key.Kind), "%s is not in the tenant's profile", key)
}

// KeyField returns the name the routes give the last part of the key of
// a record of kind, which their errors about the record name: "code"
// for a customer or a product, "number" for a certificate or a
// registration, "name" for a franchise; "" for the policy, which has no
// key. levy profile names the same, so that an error reads alike over a
// data directory and through a server.
func KeyField(kind profile.Kind) string {
	return pathNames[kind]["key.code"]
}
