package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// storedFigures returns the tenant's sales figures of the sale's day,
// checked against what its stored transactions give (journal.Recompute,
// which nexus.Rebuild writes), so that a rebuild would change nothing.
func storedFigures(t *testing.T, ctx context.Context, j journal.Store, sale *wire.SaleRequest) []journal.Figure {
	t.Helper()
	figs, err := j.Figures(ctx, "acme", sale.DocumentDate, sale.DocumentDate)
	if err != nil {
		t.Fatal(err)
	}
	again, err := journal.Recompute(ctx, j, "acme")
	if err != nil {
		t.Fatal(err)
	}
	if d := journal.CompareFigures(figs, again); len(d) > 0 {
		t.Errorf("the stored figures differ from a rebuild's: %+v", d)
	}
	return figs
}

// TestLineSellerWithoutCompanyFigures: a sale of company ACME into
// Texas whose second line names a seller of its own without a company
// code counts that line under company "" in the sales figures, as the
// engine decided its tax: with company ""'s stored registrations and EU
// distance sales, a line's seller replacing the document's whole. The
// first line counts under ACME. Before, the engine stored the line
// without a company and the journal counted it under the document's
// ACME, whose registrations never applied to it.
func TestLineSellerWithoutCompanyFigures(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	sale := usSale("901 Bagby St", "Houston", "TX", "77002", "GENERAL", "100.00")
	sale.SaleMessageType, sale.TransactionID = wire.SaleInvoice, "LS-1"
	own := sale.LineItems[0]
	own.LineItemID, own.ExtendedPrice = "2", amt("40.00")
	own.Seller = &wire.Seller{PhysicalOrigin: &wire.Location{City: "Portland", MainDivision: "OR", PostalCode: "97201", Country: "US"}}
	sale.LineItems = append(sale.LineItems, own)
	if _, err := e.Sale(ctx, sale); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, "acme", "LS-1")
	if err != nil {
		t.Fatal(err)
	}
	if l := tx.Lines[1]; !l.NoCompany || l.Company != "" {
		t.Errorf("stored line 2: company %q, noCompany %v; want no company, marked", l.Company, l.NoCompany)
	}
	figs := storedFigures(t, ctx, j, sale)
	const u = journal.UnitsPerCurrencyUnit
	if len(figs) != 2 || figs[0].Company != "" || figs[0].Area != "US-TX" || figs[0].Direct.Gross != 40*u || figs[0].Direct.Count != 1 ||
		figs[1].Company != "ACME" || figs[1].Area != "US-TX" || figs[1].Direct.Gross != 100*u || figs[1].Direct.Count != 1 {
		t.Errorf("figures %+v, want company \"\"'s $40.00 and ACME's $100.00 in US-TX, one transaction each", figs)
	}
}

// TestDocumentFactorCountsInFigures: a sale of EUR 1,000.00 into Texas
// that sends only the document's conversion factor from EUR to USD
// (1.10), no currencyConversion of a place, counts as $1,100.00 of
// Texas sales, the factor kept with each stored line so that a rebuild
// agrees; its reversal takes the $1,100.00 back. Before, the line was
// counted as not converted (Tally.Unconverted) and the sale's dollars
// not at all.
func TestDocumentFactorCountsInFigures(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	sale := usSale("901 Bagby St", "Houston", "TX", "77002", "GENERAL", "1000.00")
	sale.SaleMessageType, sale.TransactionID = wire.SaleInvoice, "EUR-1"
	sale.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}
	sale.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt("1.10"),
		SourceCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, TargetCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "USD"}}}
	if _, err := e.Sale(ctx, sale); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, "acme", "EUR-1")
	if err != nil {
		t.Fatal(err)
	}
	if f := tx.Lines[0].Factors; len(f) != 1 || f[0].Currency != "USD" || f[0].Rate.String() != "1.10" {
		t.Errorf("stored line's factors %+v, want USD at 1.10", f)
	}
	const u = journal.UnitsPerCurrencyUnit
	figs := storedFigures(t, ctx, j, sale)
	if len(figs) != 1 || figs[0].Area != "US-TX" || figs[0].Direct.Gross != 1100*u || figs[0].Direct.Taxable != 1100*u ||
		figs[0].Direct.Unconverted != 0 || figs[0].Direct.Count != 1 {
		t.Fatalf("figures %+v, want $1,100.00 of taxable sales in US-TX, one transaction, nothing unconverted", figs)
	}
	if _, err := e.ReverseTransaction(ctx, "EUR-1", wire.ReversalRequest{TransactionID: "EUR-1-R", PostingDate: sale.DocumentDate}); err != nil {
		t.Fatal(err)
	}
	figs = storedFigures(t, ctx, j, sale)
	for _, f := range figs {
		if !f.IsZero() {
			t.Errorf("after the reversal: %+v, want nothing left", f)
		}
	}
}
