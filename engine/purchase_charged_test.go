package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestAccrualRefusesADocumentChargeTheLinesContradict: an accrual credits
// the lines' chargedTax when any line sends one, and the document's only
// when none does. A document's chargedTax that disagreed with the lines'
// was dropped without a word: the vendor's invoice said 89.00 in all,
// its first line 10.00, and the buyer accrued 79.00 of use tax that the
// vendor had charged. It is now refused with 400 naming chargedTax.
// Both sent and agreeing (in the currency's minor units) still
// calculate, as do the compare kinds, which compare the document's
// charge with the document's tax and each line's with the line's.
// Figures in Atlanta at 8.9%: 1000.00 bears 89.00 and 500.00 44.50.
func TestAccrualRefusesADocumentChargeTheLinesContradict(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseAccrual, wire.PurchaseAccrualSync} {
		r := accrual(mt, "89.00", "1000.00", "500.00")
		r.TransactionID, r.PostToJournal = "charged-"+string(mt), new(bool)
		for i := range r.LineItems {
			r.LineItems[i].LineItemID = string(rune('a' + i))
		}
		r.LineItems[0].ChargedTax = amt("10.00")
		resp, err := e.Purchase(ctx, r)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "chargedTax" || !strings.Contains(le.Message, "sum to 10.00") {
			got := ""
			if resp != nil {
				got = "totalTax " + resp.TotalTax.String()
			}
			t.Errorf("%s: document 89.00, line 10.00: error %v (%s), want invalid naming chargedTax", mt, err, got)
		}

		// Agreeing to the cent: 10.004 is 10.00.
		r.ChargedTax = amt("10.004")
		resp, err = e.Purchase(ctx, r)
		if err != nil {
			t.Fatalf("%s: document and lines agreeing: %v", mt, err)
		}
		if want := "123.50"; resp.TotalTax.String() != want { // 79.00 + 44.50
			t.Errorf("%s: document and lines agreeing: totalTax %s, want %s", mt, resp.TotalTax, want)
		}
	}
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseInvoiceVerification, wire.PurchaseConditionalProcurement} {
		r := accrual(mt, "133.50", "1000.00", "500.00")
		r.LineItems[0].ChargedTax = amt("80.00")
		resp, err := e.Purchase(ctx, r)
		if err != nil {
			t.Fatalf("%s: %v", mt, err)
		}
		if resp.Variance == nil || resp.Variance.String() != "0.00" {
			t.Errorf("%s: document variance %v, want 0.00 (the document's 133.50 against 133.50)", mt, resp.Variance)
		}
		if v := resp.LineItems[0].Variance; v == nil || v.String() != "-9.00" {
			t.Errorf("%s: line variance %v, want -9.00 (the line's 80.00 against 89.00)", mt, v)
		}
	}
}
