package journaladmin

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/journal"
)

// IntrastatRoute is the route of the Intrastat declaration of the
// token's tenant:
//
//	GET /admin/v1/journal/intrastat?from=D&to=D&memberState=MS&flow=dispatch|arrival[&company=C][&currency=EUR][&wholeEuros=true][&format=json|csv][&tenant=T]
//
// It answers the declaration (journal.IntrastatDeclaration) in the API's
// envelope, or with format=csv its items as text/csv, with the header
// Levy-Intrastat-Refused giving the number of stored lines it could not
// declare (the JSON lists them, each with its reason). wholeEuros=true
// (or 1; false or 0 is the default) rounds the items' values to whole
// units of the currency rather than to the cent
// (journal.IntrastatQuery.WholeEuros).
const IntrastatRoute = "GET /admin/v1/journal/intrastat"

// HeaderRefused says, on a CSV declaration, how many stored lines could
// not be declared.
const HeaderRefused = "Levy-Intrastat-Refused"

// WithIntrastat serves the Intrastat route with the code lists
// declarations are checked against. Without it (or WithIntrastatOf), or
// with nil codes, the route is not mounted. The Handler keeps the lists
// it was given for its life: a host that reloads its engine with another
// year's dataset (engine.Reload) gives WithIntrastatOf the engine's
// IntrastatCodes instead.
func WithIntrastat(codes journal.IntrastatCodes) Option {
	return func(h *Handler) {
		h.intrastat = nil
		if codes != nil {
			h.intrastat = func() journal.IntrastatCodes { return codes }
		}
	}
}

// WithIntrastatOf serves the Intrastat route with the code lists that
// current returns when each declaration is asked for: those of the
// dataset an engine uses now, which a Reload may change
// (WithIntrastatOf(e.IntrastatCodes)). A nil value of C (a dataset
// without the lists) is none. The route is mounted when current returns
// lists as the Handler mounts its routes; a declaration asked for while
// it returns none is refused, not found. current must be safe for
// concurrent use.
func WithIntrastatOf[C interface {
	comparable
	journal.IntrastatCodes
}](current func() C) Option {
	return func(h *Handler) {
		h.intrastat = func() journal.IntrastatCodes {
			var none C
			if codes := current(); codes != none {
				return codes
			}
			return nil
		}
	}
}

// intrastatCodes returns the code lists a declaration is checked
// against now: an ENotFound error when the dataset in use has none.
func (h *Handler) intrastatCodes() (journal.IntrastatCodes, error) {
	if h.intrastat != nil {
		if codes := h.intrastat(); codes != nil {
			return codes, nil
		}
	}
	return nil, levy.NotFound("", "the dataset in use has no Intrastat code lists (Combined Nomenclature, nature of transaction and transport mode codes)")
}

// intrastatParams are the route's own query parameters, which parse
// leaves to it.
var intrastatParams = []string{"memberState", "flow", "currency", "wholeEuros", "format"}

func (h *Handler) intrastatDeclaration(w http.ResponseWriter, r *http.Request) {
	values := r.URL.Query()
	var errs levy.Errors
	own := map[string]string{} // Guard has checked that each is given once at most
	for _, k := range intrastatParams {
		own[k] = values.Get(k)
		values.Del(k)
	}
	// The period and the tenant are read as on the other routes.
	rest := r.Clone(r.Context())
	rest.URL = &url.URL{Path: r.URL.Path, RawQuery: values.Encode()}
	q, err := parse(rest)
	if err != nil {
		var es levy.Errors
		if !errors.As(err, &es) {
			api.WriteError(w, r, err) // the tenant: another one's is forbidden
			return
		}
		errs = append(errs, es...)
	}
	format := strings.ToLower(own["format"])
	if format == "" {
		format = "json"
	}
	if format != "json" && format != "csv" {
		errs = append(errs, levy.Invalid("format", "%q is not a format of the declaration: json or csv", jsonbody.Clip(own["format"])))
	}
	var whole bool
	switch strings.ToLower(own["wholeEuros"]) {
	case "", "false", "0":
	case "true", "1":
		whole = true
	default:
		errs = append(errs, levy.Invalid("wholeEuros", "%q is neither true nor false", jsonbody.Clip(own["wholeEuros"])))
	}
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b *levy.Error) int { return strings.Compare(a.Field, b.Field) })
		api.WriteError(w, r, errs)
		return
	}
	codes, err := h.intrastatCodes()
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	d, err := journal.Intrastat(r.Context(), h.store, q.tenant, journal.IntrastatQuery{From: q.from, To: q.to,
		MemberState: own["memberState"], Flow: own["flow"], Currency: own["currency"], Company: q.company, CompanyGiven: q.companyGiven,
		WholeEuros: whole}, codes)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	if format == "json" {
		api.WriteData(w, r, http.StatusOK, d)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set(HeaderRefused, strconv.Itoa(len(d.Refused)))
	w.WriteHeader(http.StatusOK)
	if err := d.WriteCSV(w); err != nil {
		h.log.Warn("writing an Intrastat declaration", "tenant", q.tenant, "err", err)
	}
}
