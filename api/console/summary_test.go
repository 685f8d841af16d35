package console_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/console"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// scanCounter is a journal that counts the scans of a period, over a
// real store.
type scanCounter struct {
	journal.Store
	scans atomic.Int64
}

func (c *scanCounter) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*journal.Transaction) error) error {
	c.scans.Add(1)
	return c.Store.Scan(ctx, tenant, from, to, fn)
}

// TestJournalSummaryCarriesCompanies: the summary of every company
// answers, beside its rows, the companies of the period as the companies
// route answers them, from one read of the period, so that the journal
// page that shows every company reads the period once for both; the
// summary of one company is its rows alone, as before.
func TestJournalSummaryCarriesCompanies(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	a := money.MustParse("100.00")
	for i, c := range []string{"NORTH", "SOUTH", "", "NORTH"} {
		tax := money.MustParse("6.50")
		tx := &journal.Transaction{TransactionID: "SUMCO-" + string(rune('A'+i)), Perspective: "SELLER", MessageType: "INVOICE", Company: c,
			DocumentDate: civil.MustParse("2024-02-10").AddDays(i), Currency: "USD", SubTotal: a, TotalTax: tax, Total: a.Add(tax),
			Lines: []journal.Line{{LineItemID: "1", Amount: a, TotalTax: tax,
				Taxes: []journal.Tax{{JurisdictionID: "US-WA", JurisdictionName: "WASHINGTON", JurisdictionType: "STATE", Taxable: a, Tax: tax}}}}}
		if _, err := f.journal.Post(ctx, levy.DefaultTenant, tx); err != nil {
			t.Fatal(err)
		}
	}
	counter := &scanCounter{Store: f.journal}
	quiet := slog.New(slog.DiscardHandler)
	s, err := api.New(f.engine, append([]api.Option{api.WithLogger(quiet)},
		console.New(f.engine, console.WithJournal(counter), console.WithLogger(quiet)).Mounts()...)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	g := &fixture{srv: srv, engine: f.engine, journal: counter}
	const period = "from=2024-02-01&to=2024-02-29"

	var summary struct {
		Data      []journal.SummaryRow
		Companies []journal.CompanyTotal
	}
	_, _, body := g.get(t, "/console/api/journal/summary?"+period)
	if err := json.Unmarshal(body, &summary); err != nil {
		t.Fatalf("summary: %v: %s", err, body)
	}
	if n := counter.scans.Load(); n != 1 {
		t.Errorf("the summary read the period %d times, want once", n)
	}
	rep, err := journal.Summarize(ctx, f.journal, levy.DefaultTenant, civil.MustParse("2024-02-01"), civil.MustParse("2024-02-29"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Currencies) != 1 || len(summary.Data) != len(rep.Currencies[0].Rows) || !summary.Data[0].Tax.Equal(money.MustParse("26.00")) {
		t.Errorf("summary rows %+v, want those of %+v", summary.Data, rep.Currencies)
	}
	var companies struct{ Data []journal.CompanyTotal }
	_, _, cbody := g.get(t, "/console/api/journal/companies?"+period)
	if err := json.Unmarshal(cbody, &companies); err != nil {
		t.Fatal(err)
	}
	if len(companies.Data) != 3 || !reflect.DeepEqual(summary.Companies, companies.Data) {
		t.Errorf("the summary's companies %+v; the companies route's %s", summary.Companies, cbody)
	}
	// A period without transactions has an empty list.
	_, _, body = g.get(t, "/console/api/journal/summary?from=2024-01-01&to=2024-01-31")
	var empty map[string]json.RawMessage
	if err := json.Unmarshal(body, &empty); err != nil || string(empty["companies"]) != "[]" || string(empty["data"]) != "[]" {
		t.Errorf("summary of an empty period: %s", body)
	}
	// One company's summary is its rows alone.
	var one map[string]json.RawMessage
	_, _, body = g.get(t, "/console/api/journal/summary?"+period+"&company=NORTH")
	if err := json.Unmarshal(body, &one); err != nil || one["companies"] != nil || one["data"] == nil || one["meta"] == nil {
		t.Errorf("summary of NORTH: %s", body)
	}
	var rows []journal.SummaryRow
	if err := json.Unmarshal(one["data"], &rows); err != nil || len(rows) != 1 || !rows[0].Tax.Equal(money.MustParse("13.00")) {
		t.Errorf("summary rows of NORTH: %s", one["data"])
	}
}

// TestJournalSummaryCarriesTotals: the summary answers, beside its rows,
// the total of each currency as journal.Summarize has it, which leaves
// out the tax that customers withheld (and that vendors charged), and
// each zero tax's reason in the report's words, so that the journal page
// shows the report's total and what sets its rows apart. It used to
// answer neither, and the page had no total.
func TestJournalSummaryCarriesTotals(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	a := money.MustParse("100.00")
	post := func(id string, taxes ...journal.Tax) {
		t.Helper()
		total := money.Zero()
		for _, tax := range taxes {
			total = total.Add(tax.Tax)
		}
		tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", DocumentDate: civil.MustParse("2023-05-10"),
			Currency: "USD", SubTotal: a, TotalTax: total, Total: a.Add(total),
			Lines: []journal.Line{{LineItemID: "1", Amount: a, TotalTax: total, Taxes: taxes}}}
		if _, err := f.journal.Post(ctx, levy.DefaultTenant, tx); err != nil {
			t.Fatal(err)
		}
	}
	post("TOT-1", journal.Tax{JurisdictionID: "US-WA", JurisdictionName: "WASHINGTON", JurisdictionType: "STATE", CollectedFrom: "SELLER",
		TaxResult: "TAXABLE", Taxable: a, Tax: money.MustParse("6.50"), Rate: money.MustParse("0.065")})
	post("TOT-2", journal.Tax{JurisdictionID: "US-WA", JurisdictionName: "WASHINGTON", JurisdictionType: "STATE", CollectedFrom: "SELLER",
		TaxResult: "EXEMPT", Exempt: a, Tax: money.Zero()})
	post("TOT-3", journal.Tax{JurisdictionID: "BR-SP", JurisdictionName: "SAO PAULO", JurisdictionType: "STATE", CollectedFrom: "SELLER",
		TaxResult: "TAXABLE", Taxable: a, Tax: money.MustParse("1.50"), Rate: money.MustParse("0.015"), Withheld: true})
	rep, err := journal.Summarize(ctx, f.journal, levy.DefaultTenant, civil.MustParse("2023-05-01"), civil.MustParse("2023-05-31"))
	if err != nil {
		t.Fatal(err)
	}
	var answer struct {
		Data []struct {
			journal.SummaryRow
			ZeroTaxBecause string
		}
		Totals []struct {
			Currency     string
			Transactions int
			SubTotal     money.Amount
			Tax          money.Amount
		}
	}
	for _, q := range []string{"", "&company="} {
		_, _, body := f.get(t, "/console/api/journal/summary?from=2023-05-01&to=2023-05-31"+q)
		if err := json.Unmarshal(body, &answer); err != nil {
			t.Fatalf("summary%s: %v: %s", q, err, body)
		}
		c := rep.Currencies[0]
		if len(answer.Totals) != 1 || answer.Totals[0].Currency != "USD" || answer.Totals[0].Transactions != 3 ||
			!answer.Totals[0].Tax.Equal(c.Total.Tax) || !answer.Totals[0].SubTotal.Equal(c.Total.SubTotal) || !c.Total.Tax.Equal(money.MustParse("6.50")) {
			t.Errorf("summary%s: totals %+v; the report's %+v", q, answer.Totals, c.Total)
		}
		reasons := map[string]string{}
		for _, r := range answer.Data {
			reasons[r.JurisdictionID+" "+string(r.ZeroTaxReason)+" "+string(r.Withheld)] = r.ZeroTaxBecause
		}
		if want := map[string]string{"US-WA  ": "", "US-WA EXEMPT ": "exempt", "BR-SP  BY_CUSTOMER": ""}; !reflect.DeepEqual(reasons, want) {
			t.Errorf("summary%s: rows %v, want %v", q, reasons, want)
		}
	}
}

// TestJournalSeriesIsTheReportsTotal: the tax of a day in the journal
// page's line chart is the total tax of the remittance report of that
// day. The chart used to add up the documents' totalTax, which holds
// the tax the tenant's vendors charged it (which they remit, and the
// report's total leaves out) and leaves out the tax the tenant withheld
// on a purchase (which it owes): a day of purchases showed the vendors'
// tax as owed.
func TestJournalSeriesIsTheReportsTotal(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	a := money.MustParse("100.00")
	post := func(id, perspective, day string, totalTax string, taxes ...journal.Tax) {
		t.Helper()
		tt := money.MustParse(totalTax)
		tx := &journal.Transaction{TransactionID: id, Perspective: perspective, MessageType: "INVOICE", DocumentDate: civil.MustParse(day),
			Currency: "USD", SubTotal: a, TotalTax: tt, Total: a.Add(tt),
			Lines: []journal.Line{{LineItemID: "1", Amount: a, TotalTax: tt, Taxes: taxes}}}
		if perspective == "BUYER" {
			tx.MessageType = "INVOICE_VERIFICATION"
		}
		if _, err := f.journal.Post(ctx, levy.DefaultTenant, tx); err != nil {
			t.Fatal(err)
		}
	}
	wa := func(from, tax string, withheld bool) journal.Tax {
		return journal.Tax{JurisdictionID: "US-WA", JurisdictionName: "WASHINGTON", JurisdictionType: "STATE", CollectedFrom: from,
			TaxResult: "TAXABLE", Taxable: a, Tax: money.MustParse(tax), Rate: money.MustParse("0.065"), Withheld: withheld}
	}
	post("SER-1", "SELLER", "2022-09-01", "6.50", wa("SELLER", "6.50", false))
	post("SER-2", "BUYER", "2022-09-01", "8.00", wa("SELLER", "8.00", false)) // the vendor charged it
	post("SER-3", "BUYER", "2022-09-02", "0.00", wa("BUYER", "1.50", true))   // the tenant withheld it
	post("SER-4", "SELLER", "2022-09-03", "0.00")
	var series struct {
		Data []struct {
			Date     string
			TotalTax money.Amount
		}
	}
	_, _, body := f.get(t, "/console/api/journal/series?from=2022-09-01&to=2022-09-30")
	if err := json.Unmarshal(body, &series); err != nil {
		t.Fatalf("series: %v: %s", err, body)
	}
	var got, want []string
	for _, p := range series.Data {
		got = append(got, p.Date+" "+p.TotalTax.Decimal().StringFixed(2))
	}
	for _, day := range []string{"2022-09-01", "2022-09-02", "2022-09-03"} {
		rep, err := journal.Summarize(ctx, f.journal, levy.DefaultTenant, civil.MustParse(day), civil.MustParse(day))
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, day+" "+rep.Currencies[0].Total.Tax.Decimal().StringFixed(2))
	}
	if !reflect.DeepEqual(got, want) || want[0] != "2022-09-01 6.50" || want[1] != "2022-09-02 1.50" {
		t.Errorf("the series is %q; the report's total tax of each day %q", got, want)
	}
}
