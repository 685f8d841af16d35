package journaladmin

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The routes, and the trailers of an export.
const (
	ReportRoute = "GET /admin/v1/journal/report"
	ExportRoute = "GET /admin/v1/journal/export"

	// TrailerCount ends a complete export with the number of
	// transactions written.
	TrailerCount = "Levy-Export-Transactions"
	// TrailerError ends an export that failed part-way with the error.
	TrailerError = "Levy-Export-Error"
)

// writeStep is how long one write of an export may take: each write of
// the stream gets this long, so that an export longer than the server's
// write timeout goes on as long as the client reads it, and a client
// that stops reading is let go.
const writeStep = time.Minute

// Handler serves the journal's admin routes over a journal store. It is
// safe for concurrent use: it only reads the store, which is.
type Handler struct {
	store journal.Store
	admin api.Authenticator
	log   *slog.Logger
}

// New returns the Handler of store, whose routes admin guards (the check
// of a token of the admin audience). With a nil admin, Mounts mounts
// nothing: these routes are never served without a check.
func New(store journal.Store, admin api.Authenticator, log *slog.Logger) *Handler {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Handler{store: store, admin: admin, log: log}
}

// Mounts returns the options that mount the routes on an api.Server.
func (h *Handler) Mounts() []api.Option {
	if h.admin == nil {
		return nil
	}
	return []api.Option{
		api.WithHandler(ReportRoute, api.Guard(h.admin, h.report)),
		api.WithHandler(ExportRoute, api.Guard(h.admin, h.export)),
	}
}

// query is what the query parameters of a route ask for.
type query struct {
	tenant   string
	from, to civil.Date
	format   journal.Format
}

// parse reads the query parameters of r, of which the route takes names,
// and the tenant of the token that Guard put in r's context.
func parse(r *http.Request, names ...string) (query, error) {
	q := query{format: journal.JSONLines}
	values := r.URL.Query()
	var errs levy.Errors
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		switch {
		case !slices.Contains(names, k):
			errs = append(errs, levy.Invalid(k, "%q is not a parameter of this route; its parameters are %s", k, strings.Join(names, ", ")))
		case len(values[k]) > 1:
			errs = append(errs, levy.Invalid(k, "%s is given %d times; give it once", k, len(values[k])))
		}
	}
	if len(errs) > 0 {
		return q, errs
	}
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
			errs = append(errs, levy.Invalid(d.name, "%q is not a date of the form YYYY-MM-DD", v))
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
			errs = append(errs, levy.Invalid("format", "%q is not an export format: %s or %s", v, journal.JSONLines, journal.CSV))
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
	q, err := parse(r, "from", "to", "tenant")
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	rep, err := journal.Summarize(r.Context(), h.store, q.tenant, q.from, q.to)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, rep)
}

func (h *Handler) export(w http.ResponseWriter, r *http.Request) {
	q, err := parse(r, "from", "to", "format", "tenant")
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	WriteExport(w, r, h.store, q.tenant, q.from, q.to, q.format, h.log)
}

// WriteExport answers r with the export of tenant's journal for the
// period in format f, as journal.Export writes it: streamed, each write
// given writeStep to complete, and ended by a trailer that says whether
// it is whole (TrailerCount) or broke off (TrailerError, the fault going
// to log). The export route and the web console's download both answer
// with it; a caller may set headers of its own (a file name) first.
func WriteExport(w http.ResponseWriter, r *http.Request, store journal.Store, tenant string, from, to civil.Date, f journal.Format, log *slog.Logger) {
	media := "application/x-ndjson"
	if f == journal.CSV {
		media = "text/csv; charset=utf-8"
	}
	w.Header().Set("Content-Type", media)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Trailer", TrailerCount+", "+TrailerError)
	w.WriteHeader(http.StatusOK)
	n, err := journal.Export(r.Context(), store, tenant, from, to, f, stepWriter{w, http.NewResponseController(w)}, nil)
	if err != nil {
		// The status is gone: the trailer tells the client, without the
		// fault itself, which goes to the log as a fault of any route does.
		log.Error("journal export failed part-way", "tenant", tenant, "written", n, "request_id", w.Header().Get("X-Request-Id"), "error", err.Error())
		w.Header().Set(TrailerError, fmt.Sprintf("reading the journal failed after %d transactions; the server's log has the error (request %s)", n, w.Header().Get("X-Request-Id")))
		return
	}
	w.Header().Set(TrailerCount, strconv.Itoa(n))
}

// stepWriter gives each write of an export writeStep to complete.
type stepWriter struct {
	w  io.Writer
	rc *http.ResponseController
}

func (s stepWriter) Write(p []byte) (int, error) {
	if err := s.rc.SetWriteDeadline(time.Now().Add(writeStep)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return 0, err
	}
	return s.w.Write(p)
}
