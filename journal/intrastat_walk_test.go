package journal_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// The walk below files the Intrastat declarations of a business that
// sells and buys goods across the EU's internal borders, one scenario a
// test, each asserting the declaration's rows (CSV without its header)
// and the lines it refuses.

// walkLine is a line of goods leaving Germany for Italy: T-shirts
// (61091000, supplementary unit PST) or furniture (94036010, none),
// made in Bangladesh, sold (nature 11) and carried by road (mode 3).
func walkLine(id, amount, cn8 string, qty string, mass int64) journal.Line {
	x := &journal.IntrastatLine{Dispatch: "DE", Arrival: "IT", PartnerVAT: "IT00743110157", CommodityCode: cn8, CountryOfOrigin: "BD",
		NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: mass}
	if qty != "" {
		x.SupplementaryUnit, x.SupplementaryQuantity = "PST", money.MustParse(qty)
	}
	return journal.Line{LineItemID: id, Amount: money.MustParse(amount), Intrastat: x}
}

// walkPost posts a transaction of perspective SELLER in EUR, posted on
// date, with lines.
func walkPost(t *testing.T, s journal.Store, id, date string, lines ...journal.Line) *journal.Transaction {
	t.Helper()
	tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR",
		DocumentDate: civil.MustParse(date), PostingDate: civil.MustParse(date), Lines: lines}
	if _, err := s.Post(context.Background(), "t", tx); err != nil {
		t.Fatal(err)
	}
	return tx
}

// walkDeclare declares the flow of member state ms for May 2026.
func walkDeclare(t *testing.T, s journal.Store, ms, flow string) *journal.IntrastatDeclaration {
	t.Helper()
	d, err := journal.Intrastat(context.Background(), s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"),
		To: civil.MustParse("2026-05-31"), MemberState: ms, Flow: flow}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// refusedIDs lists the refused lines as "transaction/line".
func refusedIDs(d *journal.IntrastatDeclaration) string {
	var ids []string
	for _, r := range d.Refused {
		ids = append(ids, r.TransactionID+"/"+r.LineItemID)
	}
	return strings.Join(ids, ",")
}

// TestIntrastatWalkSameItemAggregated: two invoices of T-shirts with the
// same CN8 code, partner, origin, nature, mode and VAT number are one
// row: the masses, quantities, invoiced values and statistical values
// (one sent, one taken from the invoiced value) added up.
func TestIntrastatWalkSameItemAggregated(t *testing.T) {
	s := journal.NewMemory()
	walkPost(t, s, "I1", "2026-05-04", walkLine("a", "100.00", "61091000", "40", 8))
	l := walkLine("a", "60.00", "61091000", "20", 4)
	l.Intrastat.StatisticalValue, l.Intrastat.HasStatistical = money.MustParse("65.00"), true
	walkPost(t, s, "I2", "2026-05-18", l)
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "61091000,IT,BD,11,3,IT00743110157,12,PST,60,160.00,165.00,2\n"; got != want || len(d.Refused) != 0 {
		t.Errorf("rows:\n%swant:\n%srefused %q", got, want, refusedIDs(d))
	}
}

// TestIntrastatWalkItemKeys: invoices that differ from a first one in
// one of the item's keys (country of origin, nature of transaction, mode
// of transport, partner VAT number, partner country) are rows of their
// own.
func TestIntrastatWalkItemKeys(t *testing.T) {
	s := journal.NewMemory()
	base := func() journal.Line { return walkLine("a", "10.00", "94036010", "", 1) }
	walkPost(t, s, "K0", "2026-05-04", base())
	l := base()
	l.Intrastat.CountryOfOrigin = "CN"
	walkPost(t, s, "K1", "2026-05-04", l)
	l = base()
	l.Intrastat.NatureOfTransaction = 31
	walkPost(t, s, "K2", "2026-05-04", l)
	l = base()
	l.Intrastat.ModeOfTransport = 1
	walkPost(t, s, "K3", "2026-05-04", l)
	l = base()
	l.Intrastat.PartnerVAT = "IT00159560366"
	walkPost(t, s, "K4", "2026-05-04", l)
	l = base()
	l.Intrastat.Arrival, l.Intrastat.PartnerVAT = "FR", "FR40303265045"
	walkPost(t, s, "K5", "2026-05-04", l)
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	want := "94036010,FR,BD,11,3,FR40303265045,1,,,10.00,10.00,1\n" +
		"94036010,IT,BD,11,1,IT00743110157,1,,,10.00,10.00,1\n" +
		"94036010,IT,BD,11,3,IT00159560366,1,,,10.00,10.00,1\n" +
		"94036010,IT,BD,11,3,IT00743110157,1,,,10.00,10.00,1\n" +
		"94036010,IT,BD,31,3,IT00743110157,1,,,10.00,10.00,1\n" +
		"94036010,IT,CN,11,3,IT00743110157,1,,,10.00,10.00,1\n"
	if got := csvRows(t, d); got != want || len(d.Refused) != 0 {
		t.Errorf("rows:\n%swant:\n%srefused %q", got, want, refusedIDs(d))
	}
}

// TestIntrastatWalkPartnerWithoutVATNumber: goods sold to a business
// (nature 11) without its VAT number are refused, naming the customer's
// taxRegistrations; goods sold to a consumer (nature 12) are declared
// without one.
func TestIntrastatWalkPartnerWithoutVATNumber(t *testing.T) {
	s := journal.NewMemory()
	b := walkLine("b", "50.00", "94036010", "", 5)
	b.Intrastat.PartnerVAT = ""
	c := walkLine("c", "30.00", "94036010", "", 3)
	c.Intrastat.PartnerVAT, c.Intrastat.NatureOfTransaction = "", 12
	walkPost(t, s, "V1", "2026-05-07", b, c)
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "94036010,IT,BD,12,3,,3,,,30.00,30.00,1\n"; got != want {
		t.Errorf("rows:\n%swant:\n%s", got, want)
	}
	if refusedIDs(d) != "V1/b" || !strings.Contains(d.Refused[0].Reason, "taxRegistrations") {
		t.Errorf("refused %+v, want V1/b naming the customer's taxRegistrations", d.Refused)
	}
}

// TestIntrastatWalkReversals: a sale reversed in its own month leaves
// nothing; a sale of May reversed in June stays declared in May, and
// June's declaration refuses the reversal (a declaration has no negative
// row: May's is amended). A price reduction (a credit note of nature 11)
// is refused with the advice to amend, not netted against the sale.
func TestIntrastatWalkReversals(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	walkPost(t, s, "R1", "2026-05-04", walkLine("a", "100.00", "94036010", "", 10))
	walkPost(t, s, "R2", "2026-05-05", walkLine("a", "40.00", "94036010", "", 4))
	for _, r := range []struct{ id, date string }{{"R1", "2026-05-20"}, {"R2", "2026-06-02"}} {
		if _, err := s.Reverse(ctx, "t", r.id, journal.Reversal{TransactionID: r.id + "-X", PostingDate: civil.MustParse(r.date)}); err != nil {
			t.Fatal(err)
		}
	}
	cn := walkLine("a", "-15.00", "94036010", "", 4)
	walkPost(t, s, "CN1", "2026-05-25", cn)
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "94036010,IT,BD,11,3,IT00743110157,4,,,40.00,40.00,1\n"; got != want {
		t.Errorf("May rows:\n%swant:\n%s", got, want)
	}
	if refusedIDs(d) != "CN1/a" || !strings.Contains(d.Refused[0].Reason, "negative") {
		t.Errorf("May refused %+v, want the credit note CN1", d.Refused)
	}
	june, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-06-01"), To: civil.MustParse("2026-06-30"),
		MemberState: "DE", Flow: journal.Dispatches}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if len(june.Items) != 0 || refusedIDs(june) != "R2-X/a" || !strings.Contains(june.Refused[0].Reason, `"R2"`) {
		t.Errorf("June: items %+v refused %+v, want none declared and the reversal of R2 refused", june.Items, june.Refused)
	}
}

// TestIntrastatWalkCurrency: an invoice in US dollars is refused from a
// German declaration in euros (Levy does not convert); a declaration
// asked for in USD declares it and refuses the euro invoice instead.
func TestIntrastatWalkCurrency(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	walkPost(t, s, "E1", "2026-05-04", walkLine("a", "100.00", "94036010", "", 10))
	usd := &journal.Transaction{TransactionID: "U1", Perspective: "SELLER", MessageType: "INVOICE", Currency: "USD",
		DocumentDate: civil.MustParse("2026-05-06"), PostingDate: civil.MustParse("2026-05-06"),
		Lines: []journal.Line{walkLine("a", "110.00", "94036010", "", 10)}}
	if _, err := s.Post(ctx, "t", usd); err != nil {
		t.Fatal(err)
	}
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "94036010,IT,BD,11,3,IT00743110157,10,,,100.00,100.00,1\n"; got != want || d.Currency != "EUR" {
		t.Errorf("EUR rows (%s):\n%swant:\n%s", d.Currency, got, want)
	}
	if refusedIDs(d) != "U1/a" || !strings.Contains(d.Refused[0].Reason, "USD") {
		t.Errorf("refused %+v, want U1 named as in USD", d.Refused)
	}
	d, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"),
		MemberState: "DE", Flow: journal.Dispatches, Currency: "usd"}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := csvRows(t, d), "94036010,IT,BD,11,3,IT00743110157,10,,,110.00,110.00,1\n"; got != want || refusedIDs(d) != "E1/a" {
		t.Errorf("USD rows:\n%swant:\n%srefused %q, want E1/a", got, want, refusedIDs(d))
	}
}

// TestIntrastatWalkArrivals: purchases of T-shirts from two Italian
// vendors are one row of Germany's arrivals (an arrival declares no
// partner VAT number); the tenant's own sale to Italy is not among its
// arrivals, and its purchase not among its dispatches.
func TestIntrastatWalkArrivals(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for i, vat := range []string{"IT00743110157", "IT00159560366"} {
		l := walkLine("a", "200.00", "61091000", "50", 10)
		l.Intrastat.Dispatch, l.Intrastat.Arrival, l.Intrastat.PartnerVAT, l.Intrastat.DispatcherVAT = "IT", "DE", "DE129273398", vat
		tx := &journal.Transaction{TransactionID: "P" + string(rune('1'+i)), Perspective: "BUYER", MessageType: "ACCRUAL", Currency: "EUR",
			DocumentDate: civil.MustParse("2026-05-11"), PostingDate: civil.MustParse("2026-05-11"), Lines: []journal.Line{l}}
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	walkPost(t, s, "S1", "2026-05-12", walkLine("a", "70.00", "94036010", "", 7))
	d := walkDeclare(t, s, "DE", journal.Arrivals)
	if got, want := csvRows(t, d), "61091000,IT,BD,11,3,,20,PST,100,400.00,400.00,2\n"; got != want || len(d.Refused) != 0 {
		t.Errorf("arrivals:\n%swant:\n%srefused %q", got, want, refusedIDs(d))
	}
	d = walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "94036010,IT,BD,11,3,IT00743110157,7,,,70.00,70.00,1\n"; got != want {
		t.Errorf("dispatches:\n%swant:\n%s", got, want)
	}
	if d := walkDeclare(t, s, "IT", journal.Dispatches); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("Italy's dispatches are the vendors' to declare: %+v", d)
	}
}

// TestIntrastatWalkSupplementaryUnit: T-shirts (which the Combined
// Nomenclature counts in pieces) without the unit, furniture (which has
// none) with it, and T-shirts in another unit are each refused, naming
// the unit.
func TestIntrastatWalkSupplementaryUnit(t *testing.T) {
	s := journal.NewMemory()
	none := walkLine("none", "10.00", "61091000", "", 1)
	extra := walkLine("extra", "10.00", "94036010", "3", 1)
	other := walkLine("other", "10.00", "61091000", "3", 1)
	other.Intrastat.SupplementaryUnit = "KGM"
	walkPost(t, s, "U1", "2026-05-04", none, extra, other)
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if len(d.Items) != 0 || refusedIDs(d) != "U1/none,U1/extra,U1/other" {
		t.Fatalf("items %+v refused %+v, want the three lines refused", d.Items, d.Refused)
	}
	for i, want := range []string{"requires the supplementary unit PST, and the line gives none", "has no supplementary unit", "requires the supplementary unit PST, not KGM"} {
		if !strings.Contains(d.Refused[i].Reason, want) {
			t.Errorf("refusal %d: %q, want %q", i, d.Refused[i].Reason, want)
		}
	}
}

// TestIntrastatWalkServicesAndBorders: a line of services is no goods
// (left out, not refused); a sale within Germany, one to Switzerland and
// one into a special territory outside the VAT area (the goods are
// exported) are no dispatch between member states; goods sent to
// Northern Ireland are (partner XI, from 2021).
func TestIntrastatWalkServicesAndBorders(t *testing.T) {
	s := journal.NewMemory()
	svc := journal.Line{LineItemID: "svc", Amount: money.MustParse("500.00"), Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: "IT",
		PartnerVAT: "IT00743110157", Services: true}}
	home := walkLine("home", "10.00", "94036010", "", 1)
	home.Intrastat.Arrival, home.Intrastat.PartnerVAT = "DE", "DE129273398"
	ch := walkLine("ch", "10.00", "94036010", "", 1)
	ch.Intrastat.Arrival, ch.Intrastat.PartnerVAT = "CH", ""
	canary := walkLine("canary", "10.00", "94036010", "", 1)
	canary.Intrastat.Arrival, canary.Intrastat.OutsideVATArea = "ES", true
	xi := walkLine("xi", "25.00", "94036010", "", 2)
	xi.Intrastat.Arrival, xi.Intrastat.PartnerVAT = "XI", "XI123456789"
	walkPost(t, s, "B1", "2026-05-04", svc, home, ch, canary, xi)
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "94036010,XI,BD,11,3,XI123456789,2,,,25.00,25.00,1\n"; got != want || len(d.Refused) != 0 {
		t.Errorf("rows:\n%swant:\n%srefused %q", got, want, refusedIDs(d))
	}
}

// TestIntrastatWalkMonthBoundary: a declaration takes the transactions
// by posting date, both ends of the month included: an invoice dated 30
// April and posted 1 May is May's, one posted 31 May is May's, one
// posted 1 June is not.
func TestIntrastatWalkMonthBoundary(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, c := range []struct{ id, doc, post, amount string }{
		{"M1", "2026-04-30", "2026-05-01", "10.00"}, {"M2", "2026-05-31", "2026-05-31", "20.00"}, {"M3", "2026-05-31", "2026-06-01", "40.00"},
		{"M4", "2026-04-30", "2026-04-30", "80.00"},
	} {
		tx := &journal.Transaction{TransactionID: c.id, Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR",
			DocumentDate: civil.MustParse(c.doc), PostingDate: civil.MustParse(c.post), Lines: []journal.Line{walkLine("a", c.amount, "94036010", "", 1)}}
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "94036010,IT,BD,11,3,IT00743110157,2,,,30.00,30.00,2\n"; got != want {
		t.Errorf("rows:\n%swant:\n%s", got, want)
	}
}

// TestIntrastatWalkTwoCompanies: one tenant with two seller company codes
// declares each company's goods apart; a single invoice whose lines are
// of two sellers (a line's own seller.company) declares each line under
// its own seller's code, as the sales figures count it, and its reversal
// in the month takes each line back from its own seller's declaration.
// Levy declared both lines under the transaction's code (DE01: 40 kg,
// 400.00 in 2 lines; DE02: nothing).
func TestIntrastatWalkTwoCompanies(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	a := walkLine("a", "100.00", "94036010", "", 10)
	b := walkLine("b", "300.00", "94036010", "", 30)
	b.Company = "DE02"
	tx := &journal.Transaction{TransactionID: "C1", Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR", Company: "DE01",
		DocumentDate: civil.MustParse("2026-05-04"), PostingDate: civil.MustParse("2026-05-04"), Lines: []journal.Line{a, b}}
	if _, err := s.Post(ctx, "t", tx); err != nil {
		t.Fatal(err)
	}
	q := journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"), MemberState: "DE", Flow: journal.Dispatches}
	var e *levy.Error
	if d, err := journal.Intrastat(ctx, s, "t", q, codes{}); !errors.As(err, &e) || e.Field != "company" {
		t.Fatalf("lines of DE01 and DE02, no company named: %+v %v, want the query refused naming company", d, err)
	}
	for _, c := range []struct{ company, want string }{
		{"DE01", "94036010,IT,BD,11,3,IT00743110157,10,,,100.00,100.00,1\n"},
		{"DE02", "94036010,IT,BD,11,3,IT00743110157,30,,,300.00,300.00,1\n"},
	} {
		q.Company, q.CompanyGiven = c.company, true
		d, err := journal.Intrastat(ctx, s, "t", q, codes{})
		if err != nil {
			t.Fatal(err)
		}
		if got := csvRows(t, d); got != c.want {
			t.Errorf("%s rows:\n%swant:\n%s", c.company, got, c.want)
		}
	}
	if _, err := s.Reverse(ctx, "t", "C1", journal.Reversal{TransactionID: "C1-X", PostingDate: civil.MustParse("2026-05-20")}); err != nil {
		t.Fatal(err)
	}
	d, err := journal.Intrastat(ctx, s, "t", q, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("DE02 after the reversal: items %+v refused %+v, want nothing", d.Items, d.Refused)
	}
}

// TestIntrastatWalkRounding: the values of an item's lines are added up
// at the places they were calculated with and rounded once, half up:
// 33.333, 33.333, 33.334 and 0.495 come to 100.495, declared as 100.50 to
// the cent (not 33.33 + 33.33 + 33.33 + 0.50 = 100.49), and with
// WholeEuros as 100, from 100.495 (not 101, from the cents' 100.50); the
// masses, whole kilograms, are added up.
func TestIntrastatWalkRounding(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	walkPost(t, s, "W1", "2026-05-04", walkLine("a", "33.333", "94036010", "", 1), walkLine("b", "33.333", "94036010", "", 1),
		walkLine("c", "33.334", "94036010", "", 1), walkLine("d", "0.495", "94036010", "", 1))
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "94036010,IT,BD,11,3,IT00743110157,4,,,100.50,100.50,4\n"; got != want {
		t.Errorf("rows:\n%swant:\n%s", got, want)
	}
	d, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"),
		MemberState: "DE", Flow: journal.Dispatches, WholeEuros: true}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := csvRows(t, d), "94036010,IT,BD,11,3,IT00743110157,4,,,100,100,4\n"; got != want {
		t.Errorf("whole euros:\n%swant:\n%s", got, want)
	}
}

// TestIntrastatWalkGreece: goods sent to Greece name the partner country
// by its ISO code, GR, and the customer's VAT number with Greece's VAT
// prefix, EL; Greece's arrivals of a purchase from Germany are asked for
// as GR (EL is refused, naming memberState).
func TestIntrastatWalkGreece(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	l := walkLine("a", "90.00", "94036010", "", 9)
	l.Intrastat.Arrival, l.Intrastat.PartnerVAT = "GR", "EL094014201"
	walkPost(t, s, "G1", "2026-05-04", l)
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "94036010,GR,BD,11,3,EL094014201,9,,,90.00,90.00,1\n"; got != want {
		t.Errorf("rows:\n%swant:\n%s", got, want)
	}
	_, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"),
		MemberState: "EL", Flow: journal.Arrivals}, codes{})
	var errs levy.Errors
	if !errors.As(err, &errs) || errs[0].Field != "memberState" || !strings.Contains(errs[0].Message, "GR") {
		t.Errorf("EL: %v, want memberState refused naming GR", err)
	}
}

// TestIntrastatWalkFreight: an invoice's freight is part of the goods'
// invoiced value (their taxable amount), and of the statistical value
// when none is sent.
func TestIntrastatWalkFreight(t *testing.T) {
	s := journal.NewMemory()
	l := walkLine("a", "1000.00", "94036010", "", 50)
	l.Freight = money.MustParse("50.00")
	walkPost(t, s, "F1", "2026-05-04", l)
	d := walkDeclare(t, s, "DE", journal.Dispatches)
	if got, want := csvRows(t, d), "94036010,IT,BD,11,3,IT00743110157,50,,,1050.00,1050.00,1\n"; got != want {
		t.Errorf("rows:\n%swant:\n%s", got, want)
	}
}

// TestIntrastatWalkTaxOnlyAdjustment: a tax-only adjustment of a May
// sale (isTaxOnlyAdjustmentIndicator: the tax corrected, no goods moved)
// sent with the sale's Intrastat members, and its reversal, leave May's
// declaration as the sale made it: neither is declared nor refused. Levy
// declared the adjustment as a second dispatch of the goods (20 kg,
// 200.00 in 2 lines).
func TestIntrastatWalkTaxOnlyAdjustment(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	walkPost(t, s, "A1", "2026-05-04", walkLine("a", "100.00", "94036010", "", 10))
	adj := &journal.Transaction{TransactionID: "A1-ADJ", Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR", TaxOnly: true,
		DocumentDate: civil.MustParse("2026-05-14"), PostingDate: civil.MustParse("2026-05-14"),
		Lines: []journal.Line{walkLine("a", "100.00", "94036010", "", 10)}}
	if _, err := s.Post(ctx, "t", adj); err != nil {
		t.Fatal(err)
	}
	want := "94036010,IT,BD,11,3,IT00743110157,10,,,100.00,100.00,1\n"
	if d := walkDeclare(t, s, "DE", journal.Dispatches); csvRows(t, d) != want || len(d.Refused) != 0 {
		t.Errorf("with the adjustment:\n%swant:\n%srefused %q", csvRows(t, d), want, refusedIDs(d))
	}
	if _, err := s.Reverse(ctx, "t", "A1-ADJ", journal.Reversal{TransactionID: "A1-ADJ-X", PostingDate: civil.MustParse("2026-05-20")}); err != nil {
		t.Fatal(err)
	}
	if d := walkDeclare(t, s, "DE", journal.Dispatches); csvRows(t, d) != want || len(d.Refused) != 0 {
		t.Errorf("with the adjustment reversed:\n%swant:\n%srefused %q", csvRows(t, d), want, refusedIDs(d))
	}
}
