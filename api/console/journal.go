package console

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// maxListed is the most transactions the transaction list returns; the
// export has them all.
const maxListed = 1000

// period reads the from and to parameters of a journal route (both
// required, from not after to), and checks that the console has a
// journal.
func (h *Handler) period(r *http.Request) (from, to civil.Date, err error) {
	if h.journal == nil {
		return from, to, levy.NotFound("", "this server keeps no journal")
	}
	q := r.URL.Query()
	for _, p := range []struct {
		name string
		to   *civil.Date
	}{{"from", &from}, {"to", &to}} {
		v := q.Get(p.name)
		if v == "" {
			return from, to, levy.Invalid(p.name, "is required (YYYY-MM-DD)")
		}
		if *p.to, err = civil.Parse(v); err != nil {
			return from, to, levy.Invalid(p.name, "%s", civil.Refusal(strconv.Quote(jsonbody.Clip(v)), err))
		}
	}
	if to.Before(from) {
		return from, to, levy.Invalid("to", "%s is before from %s", to, from)
	}
	return from, to, nil
}

// companyOf reads the company parameter of a journal route: ok is false
// when it is absent (every company); "" (company=) is the transactions
// stored without a company code. One company per page, as on the admin
// report: the parameter given twice is refused, not read as its first.
func companyOf(r *http.Request) (company string, ok bool, err error) {
	q := r.URL.Query()
	if !q.Has("company") {
		return "", false, nil
	}
	if n := len(q["company"]); n > 1 {
		return "", false, levy.Invalid("company", "company is given %d times; give it once", n)
	}
	company = q.Get("company")
	if err := journal.CheckCompany(company); err != nil {
		return "", false, err
	}
	return company, true, nil
}

// keepsCompany reports whether tx is of the company a route asks for.
func keepsCompany(tx *journal.Transaction, company string, only bool) bool {
	return !only || tx.Company == company
}

// summaryRow is a row of the remittance summary with the currency of
// its section, as the journal page draws them in one table and chart,
// and the reason of a zero tax in the report's words.
type summaryRow struct {
	Currency string `json:"currency"`
	journal.SummaryRow
	// ZeroTaxBecause is ZeroTaxReason in words, as the report prints it
	// (ZeroTaxReason.Text).
	ZeroTaxBecause string `json:"zeroTaxBecause,omitempty"`
}

// summaryRows flattens a report's sections into rows, in the report's
// order: by currency, then as each section orders its rows.
func summaryRows(rep *journal.Report) []summaryRow {
	rows := []summaryRow{}
	for _, c := range rep.Currencies {
		for _, r := range c.Rows {
			rows = append(rows, summaryRow{Currency: c.Currency, SummaryRow: r, ZeroTaxBecause: r.ZeroTaxReason.Text()})
		}
	}
	return rows
}

// currencyTotal is the total of one currency's section of the remittance
// summary, as the report prints it below the section's rows: its tax
// leaves out the rows of the taxes that customers withheld and that
// vendors charged, so that it is not the sum of the rows' taxes where
// the section has such rows.
type currencyTotal struct {
	Currency     string `json:"currency"`
	Transactions int    `json:"transactions"`
	journal.Total
}

// summaryTotals returns the total of each currency's section of a
// report, in the report's order, an empty list when it has none.
func summaryTotals(rep *journal.Report) []currencyTotal {
	out := []currencyTotal{}
	for _, c := range rep.Currencies {
		out = append(out, currencyTotal{Currency: c.Currency, Transactions: c.Transactions, Total: c.Total})
	}
	return out
}

// summary answers the remittance summary of the period: the rows of
// journal.Summarize for the token's tenant, each with its currency, and
// beside them (member totals) the total of each currency as the report
// has it, and (member companies) the company subtotals that the
// companies route answers, which the same read of the period gave, so
// that the journal page showing every company reads the period once;
// with company, the rows and totals of journal.SummarizeCompany.
func (h *Handler) summary(w http.ResponseWriter, r *http.Request) {
	from, to, err := h.period(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	company, only, err := companyOf(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	var rep *journal.Report
	if only {
		rep, err = journal.SummarizeCompany(r.Context(), h.journal, levy.Tenant(r.Context()), company, from, to)
	} else {
		rep, err = journal.Summarize(r.Context(), h.journal, levy.Tenant(r.Context()), from, to)
	}
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	extra := map[string]any{"totals": summaryTotals(rep)}
	if !only {
		extra["companies"] = companyTotals(rep)
	}
	api.WriteDataWith(w, r, http.StatusOK, summaryRows(rep), extra)
}

// companyTotals returns the company subtotals of a report of every
// company, an empty list when it has none.
func companyTotals(rep *journal.Report) []journal.CompanyTotal {
	if rep.Companies == nil {
		return []journal.CompanyTotal{}
	}
	return rep.Companies
}

// companies answers the company subtotals of the period
// (journal.Report.Companies): the company codes the journal page offers
// to choose from, with what each one owes. The page asks for them when
// it shows one company; the summary of every company carries them.
func (h *Handler) companies(w http.ResponseWriter, r *http.Request) {
	from, to, err := h.period(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	rep, err := journal.Summarize(r.Context(), h.journal, levy.Tenant(r.Context()), from, to)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteData(w, r, http.StatusOK, companyTotals(rep))
}

// point is the tax of the transactions posted on one day in one currency.
type point struct {
	Date         civil.Date   `json:"date"`
	Currency     string       `json:"currency,omitempty"`
	TotalTax     money.Amount `json:"totalTax"`
	Transactions int          `json:"transactions"`
}

// series answers the total tax of the transactions posted on each day of
// the period, per document currency, in date order, as the remittance
// report totals it (owedTax); with company, of that company's
// transactions only.
func (h *Handler) series(w http.ResponseWriter, r *http.Request) {
	from, to, err := h.period(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	type key struct {
		day int32
		cur string
	}
	company, only, err := companyOf(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	sums := map[key]*point{}
	err = h.journal.Scan(r.Context(), levy.Tenant(r.Context()), from, to, func(tx *journal.Transaction) error {
		if !keepsCompany(tx, company, only) {
			return nil
		}
		k := key{tx.PostingDate.Days(), tx.Currency}
		p := sums[k]
		if p == nil {
			// Zero in the document's decimals: a day of untaxed documents
			// shows 0.00.
			p = &point{Date: tx.PostingDate, Currency: tx.Currency, TotalTax: tx.TotalTax.Sub(tx.TotalTax)}
			sums[k] = p
		}
		p.TotalTax = p.TotalTax.Add(owedTax(tx))
		p.Transactions++
		return nil
	})
	if err != nil {
		api.WriteError(w, r, fmt.Errorf("console: tax series: %w", err))
		return
	}
	out := make([]point, 0, len(sums))
	for _, p := range sums {
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b point) int {
		return cmp.Or(a.Date.Compare(b.Date), cmp.Compare(a.Currency, b.Currency))
	})
	api.WriteData(w, r, http.StatusOK, out)
}

// owedTax is what tx adds to the total tax of the remittance report
// (journal.Summarize): the tax of the rows it has a tax in
// (journal.RowOf) that count in the report's total
// (journal.SummaryRow.InTotal). It is not the
// document's totalTax, which holds the tax the vendors charged and not
// the tax the tenant withheld on a purchase.
func owedTax(tx *journal.Transaction) money.Amount {
	sum := money.Zero()
	for _, l := range tx.Lines {
		for i := range l.Taxes {
			t := &l.Taxes[i]
			if row, ok := journal.RowOf(tx, t); ok && row.InTotal() {
				sum = sum.Add(t.Tax)
			}
		}
	}
	return sum
}

// listed is one transaction of the transaction list: the latest version
// without its lines.
type listed struct {
	*journal.Transaction
	// JurisdictionTax is the tax of the jurisdiction asked for, when the
	// list is of one jurisdiction.
	JurisdictionTax *money.Amount `json:"jurisdictionTax,omitempty"`
}

// transactionList is the answer of the transaction list.
type transactionList struct {
	Transactions []listed `json:"transactions"`
	// Truncated says that the period holds more than the list shows.
	Truncated bool `json:"truncated"`
}

// rowFilter is the part of a remittance summary's row that the
// transaction list keeps: each parameter given (jurisdiction, currency,
// imposition, collectedFrom, zeroTaxReason, withheld, withholdingType,
// paidToVendor)
// must equal the row's, so that the parameters of one row list the
// transactions that row counts.
type rowFilter struct {
	q       map[string][]string
	vendor  bool
	enabled bool
}

// rowParams are the parameters of the transaction list that name a row
// of the remittance summary (rowFilter).
var rowParams = []string{"jurisdiction", "currency", "imposition", "collectedFrom", "zeroTaxReason", "withheld", "withholdingType", "paidToVendor"}

// maxRowValue bounds the value of a row parameter, in characters.
const maxRowValue = 200

// rowFilterOf reads the row parameters of the transaction list.
func rowFilterOf(r *http.Request) (rowFilter, error) {
	q := r.URL.Query()
	f := rowFilter{q: q}
	for _, k := range rowParams {
		if q.Has(k) {
			f.enabled = true
		}
		// A value longer than any member of a summary row (jurisdiction
		// IDs, currency codes, imposition and withholding types) names
		// no row: it is refused, naming the parameter, rather than
		// answered with an empty list.
		if v := q.Get(k); utf8.RuneCountInString(v) > maxRowValue {
			return f, levy.Invalid(k, "%q is longer than %d characters, which no row's %s is", jsonbody.Clip(v), maxRowValue, k)
		}
	}
	if q.Has("paidToVendor") {
		switch v := q.Get("paidToVendor"); v {
		case "true", "false":
			f.vendor = v == "true"
		default:
			return f, levy.Invalid("paidToVendor", "want true or false, not %q", jsonbody.Clip(v))
		}
	}
	return f, nil
}

// is reports whether the parameter k, when given, is v.
func (f rowFilter) is(k, v string) bool {
	vs, given := f.q[k]
	return !given || (len(vs) > 0 && vs[0] == v)
}

// keeps reports whether the row of a tax of a transaction in currency
// cur is the row the filter names.
func (f rowFilter) keeps(cur string, row journal.SummaryRow) bool {
	_, vendorGiven := f.q["paidToVendor"]
	return f.is("currency", cur) && f.is("jurisdiction", row.JurisdictionID) && f.is("imposition", row.Imposition) &&
		f.is("collectedFrom", row.CollectedFrom) && f.is("zeroTaxReason", string(row.ZeroTaxReason)) &&
		f.is("withheld", string(row.Withheld)) && f.is("withholdingType", row.WithholdingType) && (!vendorGiven || f.vendor == row.PaidToVendor)
}

// transactions answers the live transactions posted in the period, in
// posting date and ID order, at most maxListed; with the parameters of
// a row of the remittance summary (jurisdiction, and as many of
// currency, imposition, collectedFrom, zeroTaxReason, withheld,
// withholdingType and paidToVendor as given), those with a tax that row sums, each with the
// sum of those taxes (jurisdictionTax); with company, of that company's
// transactions only.
func (h *Handler) transactions(w http.ResponseWriter, r *http.Request) {
	from, to, err := h.period(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	filter, err := rowFilterOf(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	company, only, err := companyOf(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	out := transactionList{Transactions: []listed{}}
	err = h.journal.Scan(r.Context(), levy.Tenant(r.Context()), from, to, func(tx *journal.Transaction) error {
		if !keepsCompany(tx, company, only) {
			return nil
		}
		head := *tx
		head.Lines = nil
		l := listed{Transaction: &head}
		if filter.enabled {
			sum, found := money.Zero(), false
			for _, line := range tx.Lines {
				for i := range line.Taxes {
					t := &line.Taxes[i]
					if row, ok := journal.RowOf(tx, t); ok && filter.keeps(tx.Currency, row) {
						sum, found = sum.Add(t.Tax), true
					}
				}
			}
			if !found {
				return nil
			}
			l.JurisdictionTax = &sum
		}
		if len(out.Transactions) == maxListed {
			out.Truncated = true
			return errFull
		}
		out.Transactions = append(out.Transactions, l)
		return nil
	})
	if err != nil && !errors.Is(err, errFull) {
		api.WriteError(w, r, fmt.Errorf("console: transaction list: %w", err))
		return
	}
	api.WriteData(w, r, http.StatusOK, out)
}

// errFull stops a scan once the list is full.
var errFull = errors.New("console: the list is full")

// history is every version of one transaction ID.
type history struct {
	TransactionID string `json:"transactionId"`
	// Live is false when the transaction was deleted: its versions stay
	// for audit.
	Live bool `json:"live"`
	// ReversedBy is the ID of the reversal that stands against the
	// latest version (journal.History.ReversedBy), empty when none does.
	ReversedBy string                 `json:"reversedBy,omitempty"`
	Versions   []*journal.Transaction `json:"versions"`
}

// versions answers every version of a transaction, oldest first, deleted
// ones included, whether it is live, and the reversal that stands
// against it, read together.
func (h *Handler) versions(w http.ResponseWriter, r *http.Request) {
	if h.journal == nil {
		api.WriteError(w, r, levy.NotFound("", "this server keeps no journal"))
		return
	}
	id, tenant := r.PathValue("id"), levy.Tenant(r.Context())
	hist, err := h.journal.History(r.Context(), tenant, id)
	if err != nil {
		api.WriteError(w, r, levy.RenameField(err, "transactionId", "id"))
		return
	}
	api.WriteData(w, r, http.StatusOK, history{TransactionID: id, Live: hist.Live, ReversedBy: hist.ReversedBy, Versions: hist.Versions})
}

// export answers the period's transactions as the journal export route
// does, through the Exporter it shares with that route (its time limit,
// its limit of exports per tenant): format csv (one row per tax) or
// jsonl (one transaction per line), as a download; with company, of
// that company's transactions only, as the page's other routes narrow
// to it. An export that broke off is not ended as an answer: the
// browser sees the download fail.
func (h *Handler) export(w http.ResponseWriter, r *http.Request) {
	from, to, err := h.period(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	f := journal.Format(r.URL.Query().Get("format"))
	if f != journal.CSV && f != journal.JSONLines {
		api.WriteError(w, r, levy.Invalid("format", "want csv or jsonl, not %q", jsonbody.Clip(string(f))))
		return
	}
	company, only, err := companyOf(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	// The file's name is the period's: a company code may hold what a
	// header's quoted file name cannot (the page names the file itself).
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="journal-%s-%s.%s"`, from, to, f))
	if only {
		h.exporter.ServeCompany(headFirst{w}, r, levy.Tenant(r.Context()), company, from, to, f)
	} else {
		h.exporter.Serve(headFirst{w}, r, levy.Tenant(r.Context()), from, to, f)
	}
	if w.Header().Get(journaladmin.TrailerError) != "" {
		// The export broke off (cut at its time limit, or the journal
		// failed), which its trailer says; but a browser reads no
		// trailer, and the download of a well-ended answer would be
		// saved as if whole. Ended without its last chunk (or with the
		// stream reset), the answer fails in the browser, which saves
		// nothing. The Exporter logged why.
		panic(http.ErrAbortHandler)
	}
}

// headFirst is a ResponseWriter that sends the status and headers as
// soon as they are written, so that the browser knows the export began
// (and is not told that the server closed the connection without a
// word) when the export breaks off before its first bytes leave the
// server's buffer.
type headFirst struct{ http.ResponseWriter }

// WriteHeader writes the status and flushes it.
func (w headFirst) WriteHeader(status int) {
	w.ResponseWriter.WriteHeader(status)
	_ = http.NewResponseController(w.ResponseWriter).Flush() // a writer that cannot flush sends them with the body
}

// Unwrap returns the ResponseWriter, for http.ResponseController.
func (w headFirst) Unwrap() http.ResponseWriter { return w.ResponseWriter }
