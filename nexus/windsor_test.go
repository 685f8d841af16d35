package nexus_test

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/wire"
)

// TestNorthernIrishSellerEUDistanceSales: a seller in Belfast (a BT
// postcode of the United Kingdom) that sells goods to consumers in
// Dublin makes EU distance sales under the Windsor Framework (VAT Act
// 1994, Schedule 9ZB, paragraph 29; HMRC VATNIEU3720: the EUR 10,000
// threshold counts the sales from Northern Ireland with those between
// member states). The engine, over a Badger journal on disk and the
// journal's own EU figures (nexus.EUSource), charges the United
// Kingdom's 20% on the first sale, within the threshold, and Ireland's
// 23% on the one that takes the year over it (Article 59c(2)); the
// journal counts both under the EU, and the nexus report's EU row says
// approaching after the first (EUR 8,000, 80%) and exceeded from the
// second, crossed on its day. Sales that are not EU distance sales are
// left out: goods to a consumer in London (domestic), goods to a
// business in Dublin with an Irish number (an intra-community supply),
// and electronic services to a consumer in Dublin (the Framework covers
// goods only).
func TestNorthernIrishSellerEUDistanceSales(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	j, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = j.Close() })
	e, err := engine.New(ctx, engine.WithJournal(j), engine.WithDistanceSales(nexus.NewEUSource(j, nil)))
	if err != nil {
		t.Fatal(err)
	}
	belfast := engine.Address("Belfast", "BT1 5GS", "GB")
	dublin := engine.Address("Dublin", "D02 X285", "IE")
	london := engine.Address("London", "SW1A 1AA", "GB")
	xiSeller := []wire.TaxRegistration{{ISOCountryCode: "XI", TaxRegistrationNumber: "000472631"}}
	ieBuyer := []wire.TaxRegistration{{ISOCountryCode: "IE", TaxRegistrationNumber: "IE6388047V"}}

	// invoice stores an INVOICE of company NI-GOODS from Belfast and
	// returns the line's jurisdiction and rule.
	invoice := func(id, date string, to *wire.Location, class, amount string, customerRegs []wire.TaxRegistration) (string, string) {
		t.Helper()
		seller := engine.SellerAt(belfast)
		seller.Company, seller.TaxRegistrations = "NI-GOODS", xiSeller
		customer := engine.CustomerAt(to)
		customer.TaxRegistrations = customerRegs
		q := engine.Quotation(date, seller, customer, engine.Line("1", class, amount))
		q.SaleMessageType, q.TransactionID, q.DocumentNumber = wire.SaleInvoice, id, id
		q.Currency = engine.CurrencyCode("EUR")
		r, err := e.Sale(ctx, q)
		if err != nil {
			t.Fatalf("invoice %s: %v", id, err)
		}
		taxes := r.LineItems[0].Taxes
		if len(taxes) == 0 || taxes[0].CalculationRuleID == nil {
			t.Fatalf("invoice %s: taxes %+v", id, taxes)
		}
		return taxes[0].Jurisdiction.JurisdictionID, taxes[0].CalculationRuleID.Value
	}
	report := func(asOf string) nexus.Row {
		t.Helper()
		rep, err := nexus.Build(ctx, j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse(asOf), Company: "NI-GOODS", CompanySet: true})
		if err != nil {
			t.Fatal(err)
		}
		return row(t, rep, "NI-GOODS", journal.AreaEU)
	}
	stored := func(id string) bool {
		t.Helper()
		tx, err := j.Get(ctx, "acme", id)
		if err != nil {
			t.Fatal(err)
		}
		return tx.Lines[0].EUDistanceSale
	}

	// Not EU distance sales.
	for _, c := range []struct {
		id, class string
		to        *wire.Location
		regs      []wire.TaxRegistration
	}{
		{"LONDON", "GENERAL", london, nil},
		{"DUBLIN-BUSINESS", "GENERAL", dublin, ieBuyer},
		{"DUBLIN-SAAS", "SAAS", dublin, nil},
	} {
		invoice(c.id, "2026-02-02", c.to, c.class, "3000.00", c.regs)
		if stored(c.id) {
			t.Errorf("%s: stored as an EU distance sale", c.id)
		}
	}

	juris, rule := invoice("DUBLIN-1", "2026-03-02", dublin, "GENERAL", "8000.00", nil)
	if juris != "GB" || rule != "eu-distance-threshold" {
		t.Errorf("the first sale to Dublin: %s %s, want GB eu-distance-threshold (the United Kingdom's VAT within the threshold)", juris, rule)
	}
	if !stored("DUBLIN-1") {
		t.Error("the first sale to Dublin is not stored as an EU distance sale")
	}
	r := report("2026-03-31")
	if r.Status != nexus.StatusApproaching || !r.Sales.Equal(money.MustParse("8000.00")) || r.Transactions != 1 || r.Currency != "EUR" {
		t.Errorf("after the first sale: %s EUR %s in %d, want approaching EUR 8000.00 in 1\n%s", r.Status, r.Sales, r.Transactions, r.Explanation)
	}

	juris, rule = invoice("DUBLIN-2", "2026-04-10", dublin, "GENERAL", "3000.00", nil)
	if juris != "IE" || rule != "eu-b2c-destination" {
		t.Errorf("the sale that passes the threshold: %s %s, want IE eu-b2c-destination", juris, rule)
	}
	r = report("2026-04-30")
	if r.Status != nexus.StatusExceeded || !r.Sales.Equal(money.MustParse("11000.00")) || r.Transactions != 2 ||
		r.CrossedOn == nil || r.CrossedOn.String() != "2026-04-10" {
		t.Errorf("after the second sale: %s EUR %s in %d crossed %v, want exceeded EUR 11000.00 in 2 crossed 2026-04-10\n%s",
			r.Status, r.Sales, r.Transactions, r.CrossedOn, r.Explanation)
	}
}
