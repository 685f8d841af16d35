package journal_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// figureBound is the most a transaction's figure counts, in units:
// 10^12 currency units.
const figureBound = 1_000_000_000_000 * journal.UnitsPerCurrencyUnit

// TestFiguresOfHugeSalesBounded checks the sales figures of amounts
// that a request may hold (each below 1e15, up to 10,000 lines): a sale
// of 1,000 lines of USD 999,999,999,999.99 into California counts at the
// bound of 10^12 dollars, above zero, and a line of USD 5,000,000,000,000
// counts at the bound too, not as a line that could not be converted;
// the reversal of each takes back exactly what it added. Before, the
// 1,000 lines' sum overflowed the int64 of the figure, which the journal
// stored as USD -844,674,407,370,965.1616 of sales (a state where the
// seller sold a quadrillion dollars had no nexus), and the single line
// was left out and counted as unconverted.
func TestFiguresOfHugeSalesBounded(t *testing.T) {
	line := func(id, amount string) journal.Line {
		a := money.MustParse(amount)
		return journal.Line{LineItemID: id, Destination: "US-CA", Amount: a,
			Taxes: []journal.Tax{{JurisdictionID: "US-CA", TaxResult: "TAXABLE", Taxable: a, Rate: money.MustParse("0.0725")}}}
	}
	sale := func(id string, lines ...journal.Line) *journal.Transaction {
		return &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: "ACME",
			DocumentDate: civil.MustParse("2026-06-01"), Currency: "USD", Lines: lines}
	}
	reversal := func(tx *journal.Transaction) *journal.Transaction {
		r := *tx
		r.TransactionID, r.ReversalOf, r.Lines = tx.TransactionID+"-R", tx.TransactionID, nil
		for _, l := range tx.Lines {
			l.Amount = l.Amount.Neg()
			l.Taxes = []journal.Tax{l.Taxes[0]}
			l.Taxes[0].Taxable = l.Taxes[0].Taxable.Neg()
			r.Lines = append(r.Lines, l)
		}
		return &r
	}
	many := make([]journal.Line, 1000)
	for i := range many {
		many[i] = line(fmt.Sprint(i), "999999999999.99")
	}
	for _, c := range []struct {
		what string
		tx   *journal.Transaction
	}{
		{"1,000 lines of 999,999,999,999.99", sale("MANY", many...)},
		{"a line of 5,000,000,000,000", sale("ONE", line("1", "5000000000000"))},
	} {
		figs := journal.Contribution(c.tx)
		if len(figs) != 1 {
			t.Fatalf("%s: figures %+v", c.what, figs)
		}
		want := journal.Tally{Gross: figureBound, Taxable: figureBound, Count: 1}
		if got := figs[0].Direct; got != want {
			t.Errorf("%s: %+v, want %+v", c.what, got, want)
		}
		back := journal.Contribution(reversal(c.tx))
		if len(back) != 1 || back[0].Direct.Add(figs[0].Direct) != (journal.Tally{}) {
			t.Errorf("%s: the reversal adds %+v to %+v, want it to take it back", c.what, back, figs[0].Direct)
		}
	}

	// The same sale calculated and stored in a Badger journal.
	ctx := context.Background()
	j, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	e, err := engine.New(ctx, engine.WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	p := money.MustParse("999999999999.99")
	at := func() *wire.Location {
		return &wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale, TransactionID: "BIG",
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "USD"},
		Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: at()}, Customer: &wire.Customer{Destination: at()}}
	for i := range 1000 {
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: fmt.Sprint(i), Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &p})
	}
	if _, err := e.Sale(levy.WithTenant(ctx, "acme"), req); err != nil {
		t.Fatal(err)
	}
	var stored []journal.Figure
	if err := j.EachFigure(ctx, "acme", civil.MustParse("2026-06-01"), civil.MustParse("2026-06-01"), func(f journal.Figure) error {
		stored = append(stored, f)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(stored) != 1 || stored[0].Area != "US-CA" || stored[0].Direct.Gross != figureBound || stored[0].Direct.Taxable != figureBound {
		t.Errorf("stored figures %+v, want US-CA's gross and taxable at the bound %s", stored, journal.UnitsOf(figureBound))
	}
}
