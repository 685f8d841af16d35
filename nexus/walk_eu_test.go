package nexus_test

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/wire"
)

// TestWalkEUDecisionFollowsTheReport: a seller in Berlin selling goods to
// consumers in Paris charges German VAT while its year's distance sales,
// this sale's included, are at or below EUR 10,000, and French VAT from
// the sale that takes them over, as the report's EU row says: approaching
// at exactly EUR 10,000.00, exceeded past it. An invoice sent again under
// its ID replaces its first sending in the figures the engine weighs,
// instead of counting twice.
func TestWalkEUDecisionFollowsTheReport(t *testing.T) {
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
	invoice := func(id, date, amount string) string {
		t.Helper()
		seller := engine.SellerAt(engine.Address("Berlin", "10115", "DE"))
		seller.Company = "DE-GOODS"
		q := engine.Quotation(date, seller, engine.CustomerAt(engine.Address("Paris", "75001", "FR")), engine.Line("1", "GENERAL", amount))
		q.SaleMessageType, q.TransactionID, q.DocumentNumber = wire.SaleInvoice, id, id
		q.Currency = engine.CurrencyCode("EUR")
		r, err := e.Sale(ctx, q)
		if err != nil {
			t.Fatalf("invoice %s: %v", id, err)
		}
		return r.LineItems[0].Taxes[0].Jurisdiction.JurisdictionID
	}
	eu := func(asOf string) nexus.Row {
		t.Helper()
		rep, err := nexus.Build(ctx, j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse(asOf)})
		if err != nil {
			t.Fatal(err)
		}
		return row(t, rep, "DE-GOODS", journal.AreaEU)
	}
	if got := invoice("1", "2026-03-02", "10000.00"); got != "DE" {
		t.Errorf("EUR 10,000.00, at the threshold: %s's VAT, want DE", got)
	}
	if r := eu("2026-03-31"); r.Status != nexus.StatusApproaching || r.Sales.Decimal().StringFixed(2) != "10000.00" {
		t.Errorf("the EU row at EUR 10,000.00: %s %s\n%s", r.Status, r.Sales, r.Explanation)
	}
	// Sent again, the invoice weighs EUR 10,000.00 once, not twice.
	if got := invoice("1", "2026-03-02", "10000.00"); got != "DE" {
		t.Errorf("the invoice sent again: %s's VAT, want DE", got)
	}
	if got := invoice("2", "2026-03-03", "0.01"); got != "FR" {
		t.Errorf("the cent past the threshold: %s's VAT, want FR", got)
	}
	if r := eu("2026-03-31"); r.Status != nexus.StatusExceeded || r.Sales.Decimal().StringFixed(2) != "10000.01" || r.Transactions != 2 ||
		r.CrossedOn == nil || r.CrossedOn.String() != "2026-03-03" {
		t.Errorf("the EU row past the threshold: %s %s in %d\n%s", r.Status, r.Sales, r.Transactions, r.Explanation)
	}
}
