package journaladmin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The default limits of an Exporter.
const (
	// DefaultExportTimeout is the longest an export runs.
	DefaultExportTimeout = 10 * time.Minute
	// DefaultExportsPerTenant is the most exports of one tenant that run
	// at once.
	DefaultExportsPerTenant = 2
)

// writeStep is how long one write of an export may take: each write
// gets this long, within the export's time limit, so that an export
// longer than the server's write timeout goes on while the client reads
// it, and a client that stops reading is let go.
const writeStep = time.Minute

// trailerGrace is how long an export cut at its time limit has, past
// the limit, to send what it had written into its buffer and the trailer
// that says it was cut. No write of an export is given longer.
const trailerGrace = 5 * time.Second

// retryAfter is the Retry-After, in seconds, of an export refused
// because its tenant has as many running as the limit allows.
const retryAfter = 10

// ExportLimits bound the exports of an Exporter.
type ExportLimits struct {
	// Timeout is the longest an export runs. An export still running
	// then stops reading the journal and ends with TrailerError saying
	// that it was cut; it has 5 seconds more to send that, and no write
	// of the export is ever given a deadline past them (the server's
	// write timeout, which an export outlasts, is replaced by this
	// bound, not lifted). DefaultExportTimeout when 0 or less.
	Timeout time.Duration
	// PerTenant is the most exports of one tenant that run at once,
	// through every route that shares the Exporter; one more is answered
	// 429 (levy.ETooMany) with Retry-After. DefaultExportsPerTenant when
	// 0 or less.
	PerTenant int
}

// Exporter answers requests for exports of a journal: it streams the
// export of a tenant's period, bounds it in time, and limits how many
// exports of one tenant run at once. The export route of a Handler and
// the web console's download share one, so that their exports count
// together. It is safe for concurrent use.
type Exporter struct {
	store   journal.Store
	limits  ExportLimits
	log     *slog.Logger
	mu      sync.Mutex
	running map[string]int // exports under way by tenant; none is 0
}

// NewExporter returns the Exporter of store with limits (the defaults
// for those left zero), whose faults go to log.
func NewExporter(store journal.Store, limits ExportLimits, log *slog.Logger) *Exporter {
	if limits.Timeout <= 0 {
		limits.Timeout = DefaultExportTimeout
	}
	if limits.PerTenant <= 0 {
		limits.PerTenant = DefaultExportsPerTenant
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Exporter{store: store, limits: limits, log: log, running: make(map[string]int)}
}

// enter counts an export of tenant in, and reports false (counting
// nothing) when tenant has as many running as the limit allows.
func (e *Exporter) enter(tenant string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.running[tenant] >= e.limits.PerTenant {
		return false
	}
	e.running[tenant]++
	return true
}

// leave counts an export of tenant out.
func (e *Exporter) leave(tenant string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.running[tenant] <= 1 {
		delete(e.running, tenant)
		return
	}
	e.running[tenant]--
}

// full reports whether tenant has as many exports running as the limit
// allows, counting nothing.
func (e *Exporter) full(tenant string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.running[tenant] >= e.limits.PerTenant
}

// refuse answers r with 429 and Retry-After: tenant has as many exports
// running as the limit allows.
func (e *Exporter) refuse(w http.ResponseWriter, r *http.Request, tenant string) {
	e.log.Info("journal export refused: its tenant has as many running as the limit", "tenant", tenant, "limit", e.limits.PerTenant)
	exports := "journal exports"
	if e.limits.PerTenant == 1 {
		exports = "journal export"
	}
	w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
	api.WriteError(w, r, &levy.Error{Code: levy.ETooMany, Message: fmt.Sprintf(
		"tenant %s has %d %s running, the most this server runs at once for one tenant; ask again when one has ended (Retry-After: %d seconds)",
		tenant, e.limits.PerTenant, exports, retryAfter)})
}

// setExportHeaders sets the headers of an export in format f that do not
// depend on its body.
func setExportHeaders(h http.Header, f journal.Format) {
	media := "application/x-ndjson"
	if f == journal.CSV {
		media = "text/csv; charset=utf-8"
	}
	h.Set("Content-Type", media)
	h.Set("Cache-Control", "no-store")
}

// errCut is the cause of the end of an export's context at its time
// limit.
var errCut = errors.New("journaladmin: the export ran for its time limit")

// Serve answers r with the export of tenant's journal for the period in
// format f, as journal.Export writes it: streamed, each write given
// writeStep to complete within the export's time limit, and ended by a
// trailer that says whether it is whole (TrailerCount) or broke off
// (TrailerError: cut at the time limit, or a fault, which goes to the
// log). A tenant with as many exports running as the limit allows is
// answered 429 with Retry-After. A caller may set headers of its own (a
// file name) first.
//
// The journal is read a page at a time (journal.Backend's Scan), so a
// client that reads slowly holds its export's goroutine, never a
// database connection or a snapshot that other requests need.
func (e *Exporter) Serve(w http.ResponseWriter, r *http.Request, tenant string, from, to civil.Date, f journal.Format) {
	e.serve(w, r, tenant, nil, from, to, f)
}

// ServeCompany is Serve of the export of one company of the tenant
// ("" is the transactions stored without a company code), as
// journal.ExportCompany writes it. The caller has checked company
// (journal.CheckCompany).
func (e *Exporter) ServeCompany(w http.ResponseWriter, r *http.Request, tenant, company string, from, to civil.Date, f journal.Format) {
	e.serve(w, r, tenant, &company, from, to, f)
}

// serve is Serve of the transactions of *company, or of every company
// when company is nil. A HEAD request is answered with the headers a GET
// would have, without reading the journal and without taking one of the
// tenant's exports (the mux serves HEAD with the handler of GET, and the
// server would otherwise run the whole export to throw its body away).
func (e *Exporter) serve(w http.ResponseWriter, r *http.Request, tenant string, company *string, from, to civil.Date, f journal.Format) {
	if r.Method == http.MethodHead {
		if e.full(tenant) {
			e.refuse(w, r, tenant)
			return
		}
		setExportHeaders(w.Header(), f)
		w.WriteHeader(http.StatusOK)
		return
	}
	if !e.enter(tenant) {
		e.refuse(w, r, tenant)
		return
	}
	defer e.leave(tenant)
	cut := time.Now().Add(e.limits.Timeout)
	ctx, cancel := context.WithDeadlineCause(r.Context(), cut, errCut)
	defer cancel()

	setExportHeaders(w.Header(), f)
	w.Header().Set("Trailer", TrailerCount+", "+TrailerError)
	w.WriteHeader(http.StatusOK)
	sw := stepWriter{w: w, rc: http.NewResponseController(w), end: cut.Add(trailerGrace)}
	var n int
	var err error
	if company != nil {
		n, err = journal.ExportCompany(ctx, e.store, tenant, *company, from, to, f, sw, nil)
	} else {
		n, err = journal.Export(ctx, e.store, tenant, from, to, f, sw, nil)
	}
	id := w.Header().Get("X-Request-Id")
	switch {
	case err == nil:
		w.Header().Set(TrailerCount, strconv.Itoa(n))
	case errors.Is(context.Cause(ctx), errCut):
		e.log.Warn("journal export cut at its time limit", "tenant", tenant, "written", n, "timeout", e.limits.Timeout.String(), "request_id", id)
		w.Header().Set(TrailerError, fmt.Sprintf("the export was cut after %d transactions: it ran for %s, the longest this server lets an export run; export a shorter period (from, to)",
			n, e.limits.Timeout))
	default:
		// The status is gone: the trailer tells the client, without the
		// fault itself, which goes to the log as a fault of any route does.
		e.log.Error("journal export failed part-way", "tenant", tenant, "written", n, "request_id", id, "error", err.Error())
		w.Header().Set(TrailerError, fmt.Sprintf("reading the journal failed after %d transactions; the server's log has the error (request %s)", n, id))
	}
}

// stepWriter gives each write of an export writeStep to complete, and
// never past end.
type stepWriter struct {
	w   io.Writer
	rc  *http.ResponseController
	end time.Time
}

func (s stepWriter) Write(p []byte) (int, error) {
	d := time.Now().Add(writeStep)
	if d.After(s.end) {
		d = s.end
	}
	if err := s.rc.SetWriteDeadline(d); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return 0, err
	}
	return s.w.Write(p)
}
