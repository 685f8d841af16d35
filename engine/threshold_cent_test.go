package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestThresholdExemptsToTheCent sells clothing under New York's $110
// threshold in Hudson, Columbia County, where the state and the county
// exempt it (the county elected the exemption, Publication 718-C; Albany
// County, where this test first sold, did not), and reads what the
// journal's report says. By hand: three shirts of 100.00 together (33.33
// 1/3 each) and one of 109.99 are exempt in full, 209.99 exempt and 0.00
// taxable for each of US-NY and US-36021, with the
// amounts written as the request wrote them. Before, the engine divided
// the line by its quantity and multiplied back: the three shirts were
// 99.9999999999999999 exempt and 0.0000000000000001 taxable, a TAXABLE
// tax "rounded to zero", and the single one 109.9900000000000000.
func TestThresholdExemptsToTheCent(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	req := usSale("", "Hudson", "NY", "12534", "CLOTHING", "100.00")
	req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "NY-SHIRTS"
	req.LineItems[0].Quantity = &wire.Measure{Value: amt("3")}
	one := req.LineItems[0]
	one.LineItemID, one.ExtendedPrice, one.Quantity = "2", amt("109.99"), &wire.Measure{Value: amt("1")}
	req.LineItems = append(req.LineItems, one)
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range resp.LineItems {
		for _, x := range l.Taxes {
			if x.TaxResult != wire.TaxResultExempt || x.Taxable.String() != "0.00" || x.Exempt.String() != l.ExtendedPrice.String() {
				t.Errorf("line %s, %s: %s, taxable %s, exempt %s; want EXEMPT, taxable 0.00, exempt %s",
					l.LineItemID, x.Jurisdiction.JurisdictionID, x.TaxResult, x.Taxable, x.Exempt, l.ExtendedPrice)
			}
		}
	}
	rep, err := journal.Summarize(ctx, j, "acme", req.DocumentDate, req.DocumentDate)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Currencies) != 1 {
		t.Fatalf("report: %+v", rep)
	}
	rows := rep.Currencies[0].Rows
	if len(rows) != 2 {
		t.Fatalf("report rows: %+v; want one for US-36021 and one for US-NY", rows)
	}
	for _, r := range rows {
		if r.ZeroTaxReason != journal.ReasonExempt || r.Taxable.String() != "0.00" || r.Exempt.String() != "209.99" || !r.Tax.IsZero() {
			t.Errorf("%s: %s, taxable %s, exempt %s, tax %s; want EXEMPT, 0.00, 209.99, 0", r.JurisdictionID, r.ZeroTaxReason, r.Taxable, r.Exempt, r.Tax)
		}
	}
}
