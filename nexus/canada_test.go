package nexus_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// curatedRules reads the thresholds from the curated table itself, so
// that the Canadian tests do not depend on the embedded dataset having
// been generated from it.
func curatedRules(t testing.TB) *data.NexusRules {
	t.Helper()
	f, err := os.Open("../internal/datagen/curated/nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	list, err := datagen.ReadNexusCSV(f, "nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	r, err := data.NewNexusRules(list)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Canadian places of the tests.
var (
	caToronto   = engine.Address("Toronto", "M5V 3L9", "CA")
	caVancouver = engine.Address("Vancouver", "V6B 1A1", "CA")
	caRegina    = engine.Address("Regina", "S4P 3Y2", "CA")
	caWinnipeg  = engine.Address("Winnipeg", "R3C 4T3", "CA")
	caMontreal  = engine.Address("Montreal", "H2Y 1C6", "CA")
)

// canadaSeller is an engine over a Badger journal on disk, for tenant
// acme, and the journal.
type canadaSeller struct {
	e   *engine.Engine
	j   journal.Store
	ctx context.Context
}

func newCanadaSeller(t *testing.T) *canadaSeller {
	t.Helper()
	ctx := levy.WithTenant(context.Background(), "acme")
	j, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = j.Close() })
	e, err := engine.New(ctx, engine.WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	return &canadaSeller{e: e, j: j, ctx: ctx}
}

// Registration numbers of the tests' customers: the GST/HST's normal
// regime (RT), Québec's general QST system (TQ), and the simplified
// GST/HST (RT9999) and specified QST (NR) systems, whose holders are
// still counted as consumers.
const (
	gstNumber           = "123456789RT0001"
	qstNumber           = "1234567890TQ0001"
	simplifiedGSTNumber = "987654321RT9999"
	specifiedQSTNumber  = "NR00012345"
)

// invoice calculates and stores an INVOICE of company ACME from Toronto
// to dest, one GENERAL line of amount in currency; business marks the
// customer as a business registered for the GST/HST and the QST under
// their general regimes.
func (s *canadaSeller) invoice(t *testing.T, id, date string, dest *wire.Location, amount, currency string, business bool) {
	t.Helper()
	var regs []string
	if business {
		regs = []string{gstNumber, qstNumber}
	}
	s.invoiceTo(t, id, date, dest, "GENERAL", amount, currency, business, regs...)
}

// invoiceTo calculates and stores an INVOICE of company ACME from Toronto
// to dest, one line of class and amount in currency, to a customer that
// is a business or not and holds the Canadian registration numbers regs.
func (s *canadaSeller) invoiceTo(t *testing.T, id, date string, dest *wire.Location, class, amount, currency string, business bool, regs ...string) {
	t.Helper()
	seller := engine.SellerAt(caToronto)
	seller.Company = "ACME"
	customer := engine.CustomerAt(dest)
	if business {
		customer.CustomerCode = &wire.CustomerCode{Value: "B-" + id, IsBusinessIndicator: true}
	}
	for _, n := range regs {
		customer.TaxRegistrations = append(customer.TaxRegistrations, wire.TaxRegistration{ISOCountryCode: "CA", TaxRegistrationNumber: n})
	}
	q := engine.Quotation(date, seller, customer, engine.Line("1", class, amount))
	q.SaleMessageType, q.TransactionID, q.DocumentNumber = wire.SaleInvoice, id, id
	q.Currency = engine.CurrencyCode(currency)
	if _, err := s.e.Sale(s.ctx, q); err != nil {
		t.Fatalf("invoice %s: %v", id, err)
	}
}

// report builds the report of ACME on asOf.
func (s *canadaSeller) report(t *testing.T, asOf string, o nexus.Options) *nexus.Report {
	t.Helper()
	o.AsOf, o.Company, o.CompanySet = civil.MustParse(asOf), "ACME", true
	rep, err := nexus.Build(s.ctx, s.j, curatedRules(t), "acme", o)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// canRow returns the row of Canada's scheme.
func canRow(t *testing.T, rep *nexus.Report, scheme string) nexus.Row {
	t.Helper()
	for _, r := range rep.Rows {
		if r.State == data.NexusCanada && r.Scheme == scheme {
			return r
		}
	}
	t.Fatalf("no row of Canada's %s", scheme)
	return nexus.Row{}
}

// wantRow checks a row's status, its sales in Canadian dollars and, when
// crossed is not empty, the days of crossing and of collection.
func wantRow(t *testing.T, what string, r nexus.Row, status, sales, crossed, collect string) {
	t.Helper()
	ok := r.Status == status && r.Sales.Equal(money.MustParse(sales)) && r.Currency == "CAD"
	if crossed == "" {
		ok = ok && r.CrossedOn == nil
	} else {
		ok = ok && r.CrossedOn != nil && r.CrossedOn.String() == crossed && r.CollectFrom != nil && r.CollectFrom.String() == collect
	}
	if !ok {
		t.Errorf("%s: %s, CAD %s, crossed %v, collect %v; want %s, CAD %s, crossed %q, collect %q\n%s",
			what, r.Status, r.Sales, r.CrossedOn, r.CollectFrom, status, sales, crossed, collect, r.Explanation)
	}
}

// TestCanadaBelowAndAbove posts invoices calculated by the engine into a
// Badger journal on disk and reports each Canadian threshold below and
// above: British Columbia's $10,000 of retail sales, Saskatchewan's any
// sale, Manitoba's $10,000 of taxable sales, Québec's $30,000 of sales to
// consumers (a business customer's sale left out), Canada's simplified
// registration ($30,000 to consumers across Canada) and its small
// supplier ($30,000 in a quarter, or in four).
func TestCanadaBelowAndAbove(t *testing.T) {
	s := newCanadaSeller(t)
	// The first quarter of 2026: every threshold under.
	s.invoice(t, "V1", "2026-02-02", caVancouver, "6000.00", "CAD", false)
	s.invoice(t, "W1", "2026-02-03", caWinnipeg, "9000.00", "CAD", false)
	s.invoice(t, "Q1", "2026-02-04", caMontreal, "12000.00", "CAD", false)
	s.invoice(t, "Q2", "2026-02-05", caMontreal, "2000.00", "CAD", true)
	rep := s.report(t, "2026-03-31", nexus.Options{})
	wantRow(t, "British Columbia at 60%", row(t, rep, "ACME", "CA-BC"), nexus.StatusNone, "6000", "", "")
	wantRow(t, "Saskatchewan, no sale", row(t, rep, "ACME", "CA-SK"), nexus.StatusNone, "0", "", "")
	wantRow(t, "Manitoba at 90%", row(t, rep, "ACME", "CA-MB"), nexus.StatusApproaching, "9000", "", "")
	wantRow(t, "Québec, consumers only", row(t, rep, "ACME", "CA-QC"), nexus.StatusNone, "12000", "", "")
	wantRow(t, "Canada's simplified registration at 90%", canRow(t, rep, data.NexusSimplified), nexus.StatusApproaching, "27000", "", "")
	wantRow(t, "Canada's small supplier at 97%", canRow(t, rep, data.NexusSmallSupplier), nexus.StatusApproaching, "29000", "", "")
	if r := row(t, rep, "ACME", "CA-QC"); r.Transactions != 1 || r.Counts != data.NexusConsumer || r.Marketplace != "excluded" {
		t.Errorf("Québec counts the one consumer sale: %+v", r)
	}
	if r := canRow(t, rep, data.NexusSmallSupplier); r.Transactions != 4 || !strings.Contains(r.Explanation, "the amount is a floor") {
		t.Errorf("the small supplier counts every sale into Canada, and says the figures are a floor: %+v", r)
	}

	// April: every threshold over.
	s.invoice(t, "V2", "2026-04-02", caVancouver, "4500.00", "CAD", false)
	s.invoice(t, "R1", "2026-04-03", caRegina, "50.00", "CAD", false)
	s.invoice(t, "W2", "2026-04-06", caWinnipeg, "1500.00", "CAD", false)
	s.invoice(t, "Q3", "2026-04-07", caMontreal, "19000.00", "CAD", false)
	rep = s.report(t, "2026-04-30", nexus.Options{})
	wantRow(t, "British Columbia over $10,000", row(t, rep, "ACME", "CA-BC"), nexus.StatusExceeded, "10500", "2026-04-02", "2026-04-03")
	wantRow(t, "Saskatchewan, any sale", row(t, rep, "ACME", "CA-SK"), nexus.StatusExceeded, "50", "2026-04-03", "2026-04-04")
	wantRow(t, "Manitoba over $10,000", row(t, rep, "ACME", "CA-MB"), nexus.StatusExceeded, "10500", "2026-04-06", "2026-04-07")
	wantRow(t, "Québec over $30,000 to consumers", row(t, rep, "ACME", "CA-QC"), nexus.StatusExceeded, "31000", "2026-04-07", "2026-04-08")
	wantRow(t, "Canada's simplified registration over", canRow(t, rep, data.NexusSimplified), nexus.StatusExceeded, "52050", "2026-04-02", "2026-04-03")
	// Neither the four quarters to March (29,000) nor April alone
	// (25,050) is over $30,000: the nearer is shown.
	small := canRow(t, rep, data.NexusSmallSupplier)
	wantRow(t, "Canada's small supplier, under in both periods", small, nexus.StatusApproaching, "29000", "", "")
	if small.PeriodStart.String() != "2025-04-01" || small.PeriodEnd.String() != "2026-03-31" {
		t.Errorf("the small supplier's period: %s to %s", small.PeriodStart, small.PeriodEnd)
	}
	if r := row(t, rep, "ACME", "CA-SK"); !strings.Contains(r.Explanation, "any sale (more than CAD 0)") || !strings.Contains(r.Explanation, "CAD 50.00 of taxable sales") {
		t.Errorf("Saskatchewan's explanation: %s", r.Explanation)
	}

	// A sale to a business in Ontario takes the second quarter over
	// $30,000: the small supplier collects on that very supply.
	s.invoice(t, "T1", "2026-05-04", caToronto, "6000.00", "CAD", true)
	rep = s.report(t, "2026-05-31", nexus.Options{})
	wantRow(t, "Canada's small supplier, one quarter over", canRow(t, rep, data.NexusSmallSupplier), nexus.StatusExceeded, "31050", "2026-05-04", "2026-05-04")
	// In July the four quarters to June are over (from the sale of April
	// 2), and collection is due from the first day of the second month
	// after them.
	rep = s.report(t, "2026-07-15", nexus.Options{})
	wantRow(t, "Canada's small supplier, four quarters over", canRow(t, rep, data.NexusSmallSupplier), nexus.StatusExceeded, "60050", "2026-04-02", "2026-08-01")
	// A year on, the 12 months of British Columbia hold nothing.
	rep = s.report(t, "2027-05-01", nexus.Options{})
	wantRow(t, "British Columbia a year on", row(t, rep, "ACME", "CA-BC"), nexus.StatusNone, "0", "", "")
}

// TestCanadaRegisteredAndCurrency: a registration of British Columbia in
// the tenant's profile makes its row registered and no other: not
// Canada's GST/HST rows, which a seller registered for B.C.'s PST alone
// has passed, nor Québec's; a list's CAN registers both of Canada's
// rows. An invoice in US dollars without a
// conversion to Canadian dollars is counted apart as unconverted, and
// the explanation says so.
func TestCanadaRegisteredAndCurrency(t *testing.T) {
	s := newCanadaSeller(t)
	s.invoice(t, "V1", "2026-02-02", caVancouver, "12000.00", "CAD", false)
	s.invoice(t, "Q1", "2026-02-03", caMontreal, "31000.00", "CAD", false)
	s.invoice(t, "U1", "2026-02-04", caVancouver, "500.00", "USD", false)
	snap := profile.Compile(&profile.Records{Registrations: []profile.Registration{
		{CompanyCode: "ACME", Jurisdiction: "CA-BC", Number: "PST-1234-5678", EffectiveDate: civil.MustParse("2026-01-01")}}})
	rep := s.report(t, "2026-03-31", nexus.Options{Profile: snap})
	bc := row(t, rep, "ACME", "CA-BC")
	if bc.Status != nexus.StatusRegistered || bc.Registration == nil || bc.Registration.Number != "PST-1234-5678" || bc.CrossedOn == nil ||
		!strings.Contains(bc.Explanation, "the sales being exceeded") {
		t.Errorf("British Columbia, registered in the profile: %+v", bc)
	}
	if bc.Unconverted != 1 || !bc.Sales.Equal(money.MustParse("12000")) ||
		!strings.Contains(bc.Explanation, "; 1 line in another currency without a conversion to Canadian dollars is not counted") {
		t.Errorf("the invoice in US dollars: %d unconverted, CAD %s: %s", bc.Unconverted, bc.Sales, bc.Explanation)
	}
	for _, scheme := range []string{data.NexusSimplified, data.NexusSmallSupplier} {
		if r := canRow(t, rep, scheme); r.Status != nexus.StatusExceeded || r.Registration != nil {
			t.Errorf("Canada's %s with a registration of British Columbia's PST alone: %s, %+v", scheme, r.Status, r.Registration)
		}
	}
	if r := row(t, rep, "ACME", "CA-QC"); r.Status != nexus.StatusExceeded {
		t.Errorf("Québec, not registered: %s", r.Status)
	}
	list, err := nexus.ReadRegistrations(strings.NewReader("state,company,number\nCAN,ACME,123456789RT0001\nCA-QC,ACME,1234567890TQ0001\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep = s.report(t, "2026-03-31", nexus.Options{Registrations: list})
	for _, r := range []nexus.Row{canRow(t, rep, data.NexusSimplified), canRow(t, rep, data.NexusSmallSupplier), row(t, rep, "ACME", "CA-QC")} {
		if r.Status != nexus.StatusRegistered || r.Registration.Source != "list" {
			t.Errorf("%s %s from the list: %+v", r.State, r.Scheme, r)
		}
	}
	// A province named by its code alone is no jurisdiction of the
	// report: Canada's provinces are CA-BC and so on.
	bad, err := nexus.ReadRegistrations(strings.NewReader("state\nBC\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = nexus.Build(s.ctx, s.j, curatedRules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31"), Registrations: bad})
	if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "registrations[0].state") || !strings.Contains(err.Error(), "CA-BC") {
		t.Errorf("a registration of BC: %v", err)
	}
}

// TestCanadaJSONAndCSV: Canada's rows carry their scheme and currency in
// the JSON lines and the CSV, a US state's its currency and no scheme,
// and Canada's rows follow the US states'.
func TestCanadaJSONAndCSV(t *testing.T) {
	s := newCanadaSeller(t)
	s.invoice(t, "V1", "2026-02-02", caVancouver, "12000.00", "CAD", false)
	rep := s.report(t, "2026-03-31", nexus.Options{})
	var b strings.Builder
	if err := rep.Write(&b, nexus.FormatJSON); err != nil {
		t.Fatal(err)
	}
	seen := map[string]map[string]any{}
	var order []string
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		k := m["state"].(string)
		if sc, ok := m["scheme"].(string); ok {
			k += " " + sc
		}
		seen[k], order = m, append(order, k)
	}
	if m := seen["CA-BC"]; m == nil || m["currency"] != "CAD" || m["status"] != nexus.StatusExceeded || m["sales"] != 12000.0 || m["sales_threshold"] != 10000.0 {
		t.Errorf("British Columbia's line: %v", m)
	}
	if m := seen["CAN small-supplier"]; m == nil || m["currency"] != "CAD" || m["period"] != data.Nexus4Quarters {
		t.Errorf("Canada's small supplier's line: %v", m)
	}
	if m := seen["TX"]; m == nil || m["currency"] != "USD" || m["scheme"] != nil {
		t.Errorf("Texas's line: %v", m)
	}
	if i, j := indexOf(order, "WY"), indexOf(order, "CA-BC"); i < 0 || j < i || order[len(order)-1] != "EU" {
		t.Errorf("the order of the rows: %v", order)
	}
	b.Reset()
	if err := rep.Write(&b, nexus.FormatCSV); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), ",small-supplier,CAD\n") || !strings.HasPrefix(b.String(), strings.Join(nexus.CSVColumns, ",")+"\n") {
		t.Errorf("CSV:\n%s", b.String())
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// TestCanadaWatcherNotifiesEachScheme: Canada's two thresholds, which
// share the jurisdiction CAN, each send their own signed event (with
// their scheme and the currency), where one key for both would have
// sent the first alone.
func TestCanadaWatcherNotifiesEachScheme(t *testing.T) {
	s := newCanadaSeller(t)
	svc, got := eventReceiver(t)
	s.invoice(t, "Q1", "2026-02-03", caMontreal, "31000.00", "CAD", false)
	day := civil.MustParse("2026-03-10")
	w := nexus.NewWatcher(nexus.WatcherConfig{Figures: s.j, Rules: curatedRules(t), Notify: svc, Log: slog.New(slog.DiscardHandler),
		Today: func() civil.Date { return day }, Tenants: func(context.Context) ([]string, error) { return []string{"acme"}, nil }})
	n, err := w.Check(context.Background(), "acme")
	if err != nil || n != 3 {
		t.Fatalf("the check: %d notices, %v; want 3 (Québec and Canada's two)", n, err)
	}
	seen := map[string]*webhook.NexusNotice{}
	for range n {
		ev := receiveEvent(t, got, "a Canadian crossing")
		if ev.Nexus != nil {
			seen[ev.Nexus.State+" "+ev.Nexus.Scheme] = ev.Nexus
		}
	}
	for _, k := range []string{"CA-QC ", "CAN simplified", "CAN small-supplier"} {
		if x := seen[k]; x == nil || x.Status != nexus.StatusExceeded || x.Currency != "CAD" || x.Sales != "31000.00" {
			t.Errorf("%s: %+v", k, x)
		}
	}
	// Nothing changed: nothing more.
	if n, err := w.Check(context.Background(), "acme"); err != nil || n != 0 {
		t.Errorf("the second check: %d, %v", n, err)
	}
}

// TestCanadaMarketplaceApartInCAD: a sale into Québec through a
// marketplace, which Québec's threshold leaves out, is named apart in
// the explanation in Canadian dollars, as the row's other amounts are,
// not in US dollars.
func TestCanadaMarketplaceApartInCAD(t *testing.T) {
	s := newCanadaSeller(t)
	s.invoice(t, "Q1", "2026-02-03", caMontreal, "1000.00", "CAD", false)
	seller := engine.SellerAt(caToronto)
	seller.Company = "ACME"
	q := engine.Quotation("2026-02-04", seller, engine.CustomerAt(caMontreal), engine.Line("1", "GENERAL", "250.00"))
	q.SaleMessageType, q.TransactionID, q.DocumentNumber = wire.SaleInvoice, "M1", "M1"
	q.Currency = engine.CurrencyCode("CAD")
	q.MarketplaceFacilitated = true
	if _, err := s.e.Sale(s.ctx, q); err != nil {
		t.Fatal(err)
	}
	r := row(t, s.report(t, "2026-03-31", nexus.Options{}), "ACME", "CA-QC")
	if r.MarketplaceTransactions != 1 || !strings.Contains(r.Explanation, "marketplace sales apart: CAD 250.00 in 1 transaction") ||
		strings.Contains(r.Explanation, "1 transactions") ||
		strings.Contains(r.Explanation, "$") {
		t.Errorf("Québec's marketplace sale: %d transactions: %s", r.MarketplaceTransactions, r.Explanation)
	}
}

// TestCanadaTaxableFromOutsideCanada: Manitoba's and Saskatchewan's rows
// count the sales the province's tax was calculated on, and Levy
// calculates no Canadian tax on a sale from the United States (the US
// export rule), so such a seller's sales into Winnipeg count nothing
// there however large; the explanation says so (the amount is a floor),
// while Canada's simplified registration, which counts sales to
// consumers, counts them.
func TestCanadaTaxableFromOutsideCanada(t *testing.T) {
	s := newCanadaSeller(t)
	seller := engine.SellerAt(&wire.Location{StreetAddress1: "100 Congress Ave", City: "Austin", MainDivision: "TX", PostalCode: "78701", Country: "US"})
	seller.Company = "ACME"
	q := engine.Quotation("2026-02-03", seller, engine.CustomerAt(caWinnipeg), engine.Line("1", "SAAS", "40000.00"))
	q.SaleMessageType, q.TransactionID, q.DocumentNumber = wire.SaleInvoice, "US1", "US1"
	q.Currency = engine.CurrencyCode("CAD")
	if _, err := s.e.Sale(s.ctx, q); err != nil {
		t.Fatal(err)
	}
	rep := s.report(t, "2026-03-31", nexus.Options{})
	const caveat = "a sale that bears no tax of the province (Levy calculates none on a sale from outside Canada) counts nothing toward them: the amount is a floor"
	for _, st := range []string{"CA-MB", "CA-SK"} {
		r := row(t, rep, "ACME", st)
		if !strings.Contains(r.Explanation, caveat) {
			t.Errorf("%s, taxable sales from the United States: %s %s: %s", st, r.Status, r.Sales, r.Explanation)
		}
	}
	if r := row(t, rep, "ACME", "CA-BC"); strings.Contains(r.Explanation, caveat) {
		t.Errorf("British Columbia counts retail sales, not taxable ones: %s", r.Explanation)
	}
	wantRow(t, "Canada's simplified registration", canRow(t, rep, data.NexusSimplified), nexus.StatusExceeded, "40000", "2026-02-03", "2026-02-04")
}

// TestCanadaFiguresFollowTheJournal: over a Badger journal on disk, the
// Canadian figures (each province's, Canada's and their consumers')
// follow a sale to a consumer in Québec and one to a business as they
// are stored, changed by a sync to a business's sale and rolled back,
// reversed and deleted: after each step the stored figures equal those
// recomputed from the journal, and Québec's consumers hold what the
// live sales to consumers add up to.
func TestCanadaFiguresFollowTheJournal(t *testing.T) {
	s := newCanadaSeller(t)
	s.invoice(t, "C1", "2026-02-02", caMontreal, "1000.00", "CAD", false)
	s.invoice(t, "B1", "2026-02-03", caMontreal, "2000.00", "CAD", true)
	consumers := func(step string, wantGross string, wantCount int64) {
		t.Helper()
		stored, err := s.j.Figures(s.ctx, "acme", civil.Date{}, civil.Date{})
		if err != nil {
			t.Fatal(err)
		}
		computed, err := journal.Recompute(s.ctx, s.j, "acme")
		if err != nil {
			t.Fatal(err)
		}
		if d := journal.CompareFigures(stored, computed); len(d) != 0 {
			t.Errorf("%s: the stored figures differ from the journal's: %+v", step, d)
		}
		var got journal.Tally
		for _, f := range stored {
			if f.Area == journal.ConsumerArea("CA-QC") {
				got = got.Add(f.Direct)
			}
		}
		if want := money.MustParse(wantGross).Decimal(); !journal.UnitsOf(got.Gross).Equal(want) || got.Count != wantCount {
			t.Errorf("%s: Québec's consumers %+v, want CAD %s in %d", step, got, wantGross, wantCount)
		}
	}
	consumers("posted", "1000", 1)

	// A sync turns C1 into a business's sale; a rollback undoes it.
	c1, err := s.j.Get(s.ctx, "acme", "C1")
	if err != nil {
		t.Fatal(err)
	}
	c1.Customer = &journal.Party{Name: "Client", Business: true, Registrations: []journal.Registration{{Country: "CA", Number: qstNumber}}}
	c1.Sync = true
	if _, err := s.j.Post(s.ctx, "acme", c1); err != nil {
		t.Fatal(err)
	}
	consumers("synced to a business registered for the QST", "0", 0)
	if _, err := s.j.Rollback(s.ctx, "acme", "C1"); err != nil {
		t.Fatal(err)
	}
	consumers("rolled back", "1000", 1)

	// Reversing the business's sale leaves the consumers alone; reversing
	// and deleting the consumer's takes it out.
	if _, err := s.j.Reverse(s.ctx, "acme", "B1", journal.Reversal{TransactionID: "B1-R", PostingDate: civil.MustParse("2026-02-10")}); err != nil {
		t.Fatal(err)
	}
	consumers("business sale reversed", "1000", 1)
	if _, err := s.j.Reverse(s.ctx, "acme", "C1", journal.Reversal{TransactionID: "C1-R", PostingDate: civil.MustParse("2026-02-11")}); err != nil {
		t.Fatal(err)
	}
	consumers("consumer sale reversed", "0", 0)
	if err := s.j.Delete(s.ctx, "acme", "C1-R"); err != nil {
		t.Fatal(err)
	}
	consumers("reversal deleted", "1000", 1)
	if err := s.j.Delete(s.ctx, "acme", "C1"); err != nil {
		t.Fatal(err)
	}
	consumers("consumer sale deleted", "0", 0)
}

// TestCanadaConsumersByRegistration: the sales that Québec's specified
// QST system and Canada's simplified GST/HST registration count are
// those to customers not registered under the general regime of their
// tax, businesses included: a business without a Canadian registration
// counts for both; a customer with a GST/HST number of the normal
// regime (RT) counts for Québec and not for Canada; one with a QST
// number of the general system (TQ) for Canada and not for Québec; the
// holder of a simplified GST/HST account (RT9999) and of a specified QST
// number (NR) for both. Each is an invoice calculated by the engine and
// stored in a Badger journal on disk.
func TestCanadaConsumersByRegistration(t *testing.T) {
	s := newCanadaSeller(t)
	s.invoiceTo(t, "B1", "2026-02-02", caMontreal, "GENERAL", "12000.00", "CAD", true)
	s.invoiceTo(t, "G1", "2026-02-03", caMontreal, "GENERAL", "10000.00", "CAD", false, gstNumber)
	s.invoiceTo(t, "Q1", "2026-02-04", caMontreal, "GENERAL", "9000.00", "CAD", false, qstNumber)
	rep := s.report(t, "2026-02-28", nexus.Options{})
	wantRow(t, "Québec: the business and the GST/HST registrant", row(t, rep, "ACME", "CA-QC"), nexus.StatusNone, "22000", "", "")
	wantRow(t, "Canada: the business and the QST registrant", canRow(t, rep, data.NexusSimplified), nexus.StatusNone, "21000", "", "")

	s.invoiceTo(t, "N1", "2026-02-05", caMontreal, "GENERAL", "9000.00", "CAD", true, simplifiedGSTNumber, specifiedQSTNumber)
	rep = s.report(t, "2026-02-28", nexus.Options{})
	wantRow(t, "Québec past $30,000", row(t, rep, "ACME", "CA-QC"), nexus.StatusExceeded, "31000", "2026-02-05", "2026-02-06")
	// $30,000 exactly is not more than $30,000.
	wantRow(t, "Canada at $30,000", canRow(t, rep, data.NexusSimplified), nexus.StatusApproaching, "30000", "", "")
	if r := row(t, rep, "ACME", "CA-QC"); !strings.Contains(r.Explanation, "customers without a QST number of the general system (TQ), businesses included") {
		t.Errorf("Québec's explanation: %s", r.Explanation)
	}
	if r := canRow(t, rep, data.NexusSimplified); !strings.Contains(r.Explanation, "customers without a GST/HST number of the normal regime (RT), businesses included") {
		t.Errorf("Canada's explanation: %s", r.Explanation)
	}
	// The small supplier counts every supply, whoever the customer.
	wantRow(t, "the small supplier", canRow(t, rep, data.NexusSmallSupplier), nexus.StatusExceeded, "40000", "2026-02-04", "2026-02-04")
}

// TestCanadaZeroRatedSupplies: food, zero-rated for the GST and the QST
// (the engine taxes it at 0%), counts toward Canada's small-supplier
// test, which counts taxable supplies zero-rated ones included, and not
// toward Québec's specified system or Canada's simplified registration,
// whose thresholds leave zero-rated supplies out; a printed book, which
// the QST zero-rates (the engine stores it exempt) and the GST taxes,
// counts toward Canada's simplified registration and not Québec's.
func TestCanadaZeroRatedSupplies(t *testing.T) {
	s := newCanadaSeller(t)
	s.invoiceTo(t, "F1", "2026-02-02", caMontreal, "FOOD", "40000.00", "CAD", false)
	s.invoiceTo(t, "K1", "2026-02-03", caMontreal, "BOOKS", "5000.00", "CAD", false)
	rep := s.report(t, "2026-02-28", nexus.Options{})
	wantRow(t, "Québec: zero-rated food and book", row(t, rep, "ACME", "CA-QC"), nexus.StatusNone, "0", "", "")
	wantRow(t, "Canada's simplified registration: the book alone", canRow(t, rep, data.NexusSimplified), nexus.StatusNone, "5000", "", "")
	wantRow(t, "Canada's small supplier: both", canRow(t, rep, data.NexusSmallSupplier), nexus.StatusExceeded, "45000", "2026-02-02", "2026-02-02")
	if r := row(t, rep, "ACME", "CA-QC"); r.Transactions != 2 || !strings.Contains(r.Explanation, "exempt and zero-rated supplies left out") {
		t.Errorf("Québec's row: %d transactions: %s", r.Transactions, r.Explanation)
	}
}

// TestCanadaRegistrationsByTax: in the tenant's profile, a QST
// registration (CA-QC) registers Québec's row and not Canada's GST/HST
// rows, although Revenu Québec administers both taxes there; a
// registration of Canada registers both GST/HST rows and not Québec's;
// a registration under an HST province (CA-ON) whose number is a GST/HST
// number registers Canada's rows, the province named in the source; one
// under Manitoba with its RST number registers Manitoba's row alone.
func TestCanadaRegistrationsByTax(t *testing.T) {
	s := newCanadaSeller(t)
	s.invoice(t, "Q1", "2026-02-03", caMontreal, "31000.00", "CAD", false)
	s.invoice(t, "W1", "2026-02-04", caWinnipeg, "11000.00", "CAD", false)
	at := civil.MustParse("2026-01-01")
	build := func(regs ...profile.Registration) *nexus.Report {
		for i := range regs {
			regs[i].CompanyCode, regs[i].EffectiveDate = "ACME", at
		}
		return s.report(t, "2026-03-31", nexus.Options{Profile: profile.Compile(&profile.Records{Registrations: regs})})
	}
	status := func(rep *nexus.Report) (qc, mb, simplified, small string) {
		return row(t, rep, "ACME", "CA-QC").Status, row(t, rep, "ACME", "CA-MB").Status,
			canRow(t, rep, data.NexusSimplified).Status, canRow(t, rep, data.NexusSmallSupplier).Status
	}
	const reg, exc = nexus.StatusRegistered, nexus.StatusExceeded
	for _, c := range []struct {
		what                      string
		r                         profile.Registration
		qc, mb, simplified, small string
		source                    string
	}{
		{"QST", profile.Registration{Jurisdiction: "CA-QC", Number: qstNumber}, reg, exc, exc, exc, ""},
		{"Manitoba's RST", profile.Registration{Jurisdiction: "CA-MB", Number: "123456-7"}, exc, reg, exc, exc, ""},
		{"GST/HST of Canada", profile.Registration{Jurisdiction: "CA", Number: gstNumber}, exc, exc, reg, reg, "profile"},
		{"GST/HST under Ontario", profile.Registration{Jurisdiction: "CA-ON", Number: gstNumber}, exc, exc, reg, reg, "profile, CA-ON"},
	} {
		rep := build(c.r)
		qc, mb, simplified, small := status(rep)
		if qc != c.qc || mb != c.mb || simplified != c.simplified || small != c.small {
			t.Errorf("%s: Québec %s, Manitoba %s, simplified %s, small supplier %s; want %s, %s, %s, %s", c.what, qc, mb, simplified, small, c.qc, c.mb, c.simplified, c.small)
		}
		if c.source != "" {
			if r := canRow(t, rep, data.NexusSimplified); r.Registration == nil || r.Registration.Source != c.source || r.Registration.Number != gstNumber {
				t.Errorf("%s: the registration shown: %+v", c.what, r.Registration)
			}
		}
	}
}
