package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestAPInvoiceSyncStoresTheDueTaxNotTheCharge pins what an
// APINVOICE_SYNC keeps, as docs/journal.md says: the tax Levy calculates
// that the vendor owes (collected from the SELLER, in the report's
// "SELLER (vendor)" rows), whatever the vendor charged. The vendor's
// chargedTax is compared only: the response's variance is the charge
// less that tax, and the journal keeps neither; an undercharge is not
// accrued. An ACCRUAL of the same purchase with the same charge accrues
// the difference. Figures by hand, 1000.00 in Atlanta at 4% + 3% + 1.9%:
// 40.00 + 30.00 + 19.00 = 89.00 due; charged exactly (89.00), under
// (50.00, variance -39.00), over (120.00, +31.00) and nothing (0,
// -89.00); the accrual of a 50.00 charge owes 89.00 - 50.00 = 39.00.
func TestAPInvoiceSyncStoresTheDueTaxNotTheCharge(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	cases := []struct{ id, charged, variance string }{
		{"AP-EXACT", "89.00", "0.00"},
		{"AP-UNDER", "50.00", "-39.00"},
		{"AP-OVER", "120.00", "31.00"},
		{"AP-NONE", "0", "-89.00"},
	}
	for _, c := range cases {
		req := accrual(wire.PurchaseAPInvoiceSync, c.charged, "1000.00")
		req.TransactionID, req.LineItems[0].LineItemID = c.id, "1"
		resp, err := e.Purchase(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		if got := resp.TotalTax.Decimal().StringFixed(2); got != "89.00" {
			t.Errorf("%s: totalTax %s, want 89.00", c.id, got)
		}
		if resp.Variance == nil || resp.Variance.Decimal().StringFixed(2) != c.variance {
			t.Errorf("%s: variance %v, want %s", c.id, resp.Variance, c.variance)
		}
		tx, err := j.Get(ctx, "acme", c.id)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		if got := tx.TotalTax.Decimal().StringFixed(2); got != "89.00" {
			t.Errorf("%s: stored totalTax %s, want the due 89.00, not the charge %s", c.id, got, c.charged)
		}
		for _, l := range tx.Lines {
			for _, x := range l.Taxes {
				if x.CollectedFrom != "SELLER" {
					t.Errorf("%s: stored %s tax %s collected from %s, want SELLER", c.id, x.JurisdictionID, x.Tax, x.CollectedFrom)
				}
			}
		}
	}

	acc := accrual(wire.PurchaseAccrual, "50.00", "1000.00")
	acc.TransactionID = "ACC-UNDER"
	if _, err := e.Purchase(ctx, acc); err != nil {
		t.Fatal(err)
	}

	rep, err := journal.Summarize(ctx, j, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Currencies) != 1 {
		t.Fatalf("report sections %+v, want one in USD", rep.Currencies)
	}
	sec := rep.Currencies[0]
	paid, accrued := map[string]string{}, map[string]string{}
	for _, r := range sec.Rows {
		m := accrued
		if r.PaidToVendor {
			m = paid
		}
		m[r.JurisdictionID] = r.Tax.Decimal().StringFixed(2)
	}
	// Four syncs of 89.00 each, whatever their charges: Georgia 4 x 40.00,
	// Fulton 4 x 30.00, Atlanta 4 x 19.00.
	wantPaid := map[string]string{"US-GA": "160.00", "US-13121": "120.00", "US-1304000": "76.00"}
	for id, w := range wantPaid {
		if paid[id] != w {
			t.Errorf("paid to vendors in %s: %q, want %s (rows %+v)", id, paid[id], w, sec.Rows)
		}
	}
	if len(paid) != len(wantPaid) {
		t.Errorf("paid to vendors %v, want %v", paid, wantPaid)
	}
	// Only the accrual accrues: the 50.00 credited against Georgia's
	// 40.00 first and 10.00 of Fulton's 30.00.
	wantAccrued := map[string]string{"US-GA": "0.00", "US-13121": "20.00", "US-1304000": "19.00"}
	for id, w := range wantAccrued {
		if accrued[id] != w {
			t.Errorf("accrued in %s: %q, want %s (rows %+v)", id, accrued[id], w, sec.Rows)
		}
	}
	if got := sec.Total.Tax.Decimal().StringFixed(2); got != "39.00" {
		t.Errorf("the report's total tax %s, want the accrual's 39.00 alone", got)
	}
}
