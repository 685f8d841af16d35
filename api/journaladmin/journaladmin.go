package journaladmin

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/journal"
)

// The routes, and the trailers of an export.
const (
	ReportRoute = "GET /admin/v1/journal/report"
	ExportRoute = "GET /admin/v1/journal/export"

	// TrailerCount ends a complete export with the number of
	// transactions written.
	TrailerCount = "Levy-Export-Transactions"
	// TrailerError ends an export that failed part-way, or that was cut
	// at its time limit, with what happened.
	TrailerError = "Levy-Export-Error"
)

// Handler serves the journal's admin routes over a journal store. It is
// safe for concurrent use: it only reads the store, which is, and its
// Exporter counts the exports under way under a lock.
type Handler struct {
	store    journal.Store
	admin    api.Authenticator
	log      *slog.Logger
	exporter *Exporter
	// intrastat returns the code lists of the Intrastat route now; the
	// route is mounted only when it is set and returns some
	// (WithIntrastat, WithIntrastatOf).
	intrastat func() journal.IntrastatCodes
}

// Option configures a Handler.
type Option func(*Handler)

// WithExporter answers the export route with e, which the web console's
// download shares so that both count against one limit per tenant.
// Without it, the Handler has an Exporter of its own with the default
// limits.
func WithExporter(e *Exporter) Option { return func(h *Handler) { h.exporter = e } }

// WithLogger sets the logger of the routes' faults, and of the exports
// of the Exporter the Handler makes when WithExporter is not given
// (default: none). A nil l keeps the default.
func WithLogger(l *slog.Logger) Option {
	return func(h *Handler) {
		if l != nil {
			h.log = l
		}
	}
}

// New returns the Handler of store, whose routes admin guards (the check
// of a token of the admin audience). With a nil admin, Mounts mounts
// nothing: these routes are never served without a check.
func New(store journal.Store, admin api.Authenticator, opts ...Option) *Handler {
	h := &Handler{store: store, admin: admin, log: slog.New(slog.DiscardHandler)}
	for _, o := range opts {
		o(h)
	}
	if h.exporter == nil {
		h.exporter = NewExporter(store, ExportLimits{}, h.log)
	}
	return h
}

// query is what the query parameters of a route ask for.
type query struct {
	tenant   string
	from, to civil.Date
	format   journal.Format
	// company is the company parameter of the report or the export, and
	// companyGiven whether it was given ("" asks for the transactions
	// stored without a company code).
	company      string
	companyGiven bool
}

// parse reads the query parameters of r and the tenant of the token that
// Guard put in r's context. Guard has refused the parameters the route
// does not declare.
func parse(r *http.Request) (query, error) {
	q := query{format: journal.JSONLines}
	values := r.URL.Query()
	var errs levy.Errors
	for _, d := range []struct {
		name string
		into *civil.Date
	}{{"from", &q.from}, {"to", &q.to}} {
		v := values.Get(d.name)
		if v == "" {
			continue
		}
		date, err := civil.Parse(v)
		if err != nil {
			errs = append(errs, levy.Invalid(d.name, "%s", civil.Refusal(strconv.Quote(jsonbody.Clip(v)), err)))
			continue
		}
		*d.into = date
	}
	if !q.from.IsZero() && !q.to.IsZero() && q.to.Before(q.from) {
		errs = append(errs, levy.Invalid("to", "%s is before from, %s", q.to, q.from))
	}
	if v := values.Get("format"); v != "" {
		q.format = journal.Format(strings.ToLower(v))
		if q.format != journal.JSONLines && q.format != journal.CSV {
			errs = append(errs, levy.Invalid("format", "%q is not an export format: %s or %s", jsonbody.Clip(v), journal.JSONLines, journal.CSV))
		}
	}
	if values.Has("company") { // the report, the export and the Intrastat declaration declare it: Guard refused it on the others, and a second one
		q.company, q.companyGiven = values.Get("company"), true
		var e *levy.Error
		if err := journal.CheckCompany(q.company); errors.As(err, &e) {
			errs = append(errs, e)
		} else if err != nil {
			return q, err
		}
	}
	if len(errs) > 0 {
		return q, errs
	}
	// An admin token reads its own tenant's journal; the operator's names
	// the tenant.
	var err error
	q.tenant, err = api.AdminScope(r.Context(), values.Get("tenant"), "tenant", false)
	return q, err
}

func (h *Handler) report(w http.ResponseWriter, r *http.Request) {
	q, err := parse(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	var rep *journal.Report
	if q.companyGiven {
		rep, err = journal.SummarizeCompany(r.Context(), h.store, q.tenant, q.company, q.from, q.to)
	} else {
		rep, err = journal.Summarize(r.Context(), h.store, q.tenant, q.from, q.to)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, rep)
}

func (h *Handler) export(w http.ResponseWriter, r *http.Request) {
	q, err := parse(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	if q.companyGiven {
		h.exporter.ServeCompany(w, r, q.tenant, q.company, q.from, q.to, q.format)
		return
	}
	h.exporter.Serve(w, r, q.tenant, q.from, q.to, q.format)
}
