package nexusadmin

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/shopspring/decimal"
)

// ReportRoute is the route of the report.
const ReportRoute = "GET /admin/v1/nexus/report"

// Handler serves the report over a journal's figures. It is safe for
// concurrent use.
type Handler struct {
	figures  nexus.FigureSource
	rules    *data.NexusRules
	profiles nexus.Profiles
	admin    api.Authenticator
	today    func() civil.Date
}

// Option configures a Handler.
type Option func(*Handler)

// WithProfiles sets the tenants' stored registrations (their tax
// profiles), which make states registered (default: none stored).
func WithProfiles(p nexus.Profiles) Option { return func(h *Handler) { h.profiles = p } }

// WithToday sets the clock of the report's day when asOf is absent
// (default civil.Today, in UTC). A nil today keeps the default.
func WithToday(today func() civil.Date) Option {
	return func(h *Handler) {
		if today != nil {
			h.today = today
		}
	}
}

// New returns the Handler of the journal's figures and the nexus rules,
// whose route admin guards (the check of a token of the admin audience).
// With a nil admin, Mounts mounts nothing: the route is never served
// without a check.
func New(figures nexus.FigureSource, rules *data.NexusRules, admin api.Authenticator, opts ...Option) *Handler {
	h := &Handler{figures: figures, rules: rules, admin: admin, today: civil.Today}
	for _, o := range opts {
		o(h)
	}
	return h
}

// Mounts returns the option that mounts the route on an api.Server.
func (h *Handler) Mounts() []api.Option {
	if h.admin == nil {
		return nil
	}
	method, path, _ := strings.Cut(ReportRoute, " ")
	return []api.Option{
		api.WithOperation(api.Operation{Method: method, Path: path, ID: "nexusReport", Tag: api.AdminTag,
			Summary: "Where must I register? The status of the token's tenant's sellers in every US state with a sales tax, in the Canadian provinces with a sales tax of their own and for Canada's GST/HST (state CAN, one row per scheme), and against the EU's distance-sales threshold on a day: none, approaching, exceeded (with the day crossed and the day collection is due) or registered, each with its sales, transactions, thresholds, period and citation, from the journal's sales figures.",
			Description: api.AdminAccess + " The tenant's stored registrations (its tax profile) make states registered. " +
				"format json (the default) answers the report in the envelope, jsonl one row per line (application/x-ndjson), csv a header and a row per state (text/csv).",
			Params: []api.Param{
				{Name: "asOf", In: "query", Format: "date", Description: "The day of the statuses; today when absent."},
				{Name: "share", In: "query", Format: "decimal", Description: "The share of a threshold from which a state is approaching, above 0 and at most 1; when absent, the tenant's policy's nexusShare, else 0.8."},
				{Name: "company", In: "query", Format: "identifier", Description: "The seller company code to report on; every company with sales figures when absent."},
				{Name: "format", In: "query", Format: "identifier", Description: "json (the default), jsonl or csv."},
				{Name: "tenant", In: "query", Format: "identifier", Description: "The tenant of the token, which is the only one it reads; another tenant is answered 403."},
			},
			Answer: api.Enveloped[nexus.Report]()},
			api.Guard(h.admin, h.report)),
	}
}

// Query is what the route's parameters ask for.
type Query struct {
	Tenant  string
	Options nexus.Options
	Format  string
}

// Parse reads the route's query parameters, each fault an EInvalid
// error naming it.
func (h *Handler) Parse(r *http.Request) (Query, error) {
	q := Query{Format: "json"}
	values := r.URL.Query() // Guard has refused the parameters the route does not declare
	var errs levy.Errors
	q.Options.AsOf = h.today()
	if v := values.Get("asOf"); v != "" {
		d, err := civil.Parse(v)
		if err != nil {
			errs = append(errs, levy.Invalid("asOf", "%s", civil.Refusal(strconv.Quote(jsonbody.Clip(v)), err)))
		}
		q.Options.AsOf = d
	}
	if v := values.Get("share"); v != "" {
		d, err := decimal.NewFromString(v)
		if err != nil || d.Sign() <= 0 || d.GreaterThan(decimal.NewFromInt(1)) {
			errs = append(errs, levy.Invalid("share", "%q is not a share above 0 and at most 1 (0.8 is 80%%)", jsonbody.Clip(v)))
		}
		q.Options.Share = d
	}
	if values.Has("company") {
		q.Options.Company, q.Options.CompanySet = values.Get("company"), true
		var e *levy.Error
		if err := journal.CheckCompany(q.Options.Company); errors.As(err, &e) {
			errs = append(errs, e)
		} else if err != nil {
			return q, err
		}
	}
	if v := values.Get("format"); v != "" {
		q.Format = strings.ToLower(v)
		if !slices.Contains([]string{"json", "jsonl", "csv"}, q.Format) {
			errs = append(errs, levy.Invalid("format", "%q is not json, jsonl or csv", jsonbody.Clip(v)))
		}
	}
	if len(errs) > 0 {
		return q, errs
	}
	var err error
	q.Tenant, err = api.AdminScope(r.Context(), values.Get("tenant"), "tenant", false)
	return q, err
}

// Report builds the report of q.
func (h *Handler) Report(ctx context.Context, q Query) (*nexus.Report, error) {
	o := q.Options
	if h.profiles != nil {
		snap, err := h.profiles.Snapshot(ctx, q.Tenant)
		if err != nil {
			return nil, err
		}
		o.Profile = snap
	}
	return nexus.Build(ctx, h.figures, h.rules, q.Tenant, o)
}

func (h *Handler) report(w http.ResponseWriter, r *http.Request) {
	q, err := h.Parse(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	rep, err := h.Report(r.Context(), q)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	switch q.Format {
	case "jsonl", "csv":
		var b bytes.Buffer
		format, media := nexus.FormatJSON, "application/x-ndjson"
		if q.Format == "csv" {
			format, media = nexus.FormatCSV, "text/csv; charset=utf-8"
		}
		if err := rep.Write(&b, format); err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", media)
		// A tenant's figures: no cache keeps them, as the JSON answer.
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(b.Bytes())
		return
	}
	api.WriteData(w, r, http.StatusOK, rep)
}
