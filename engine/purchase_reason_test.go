package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestProcurementReasonInCurrencyUnits: the reason of a conditional
// procurement's action gives the vendor's tax and the calculated tax in
// the minor units of the document's currency. It gave them to two places
// whatever the currency: a Kuwaiti vendor's 8.895 against the 8.900 due
// (Atlanta's 8.9% of 100.000) read "the vendor charged 8.90 against
// 8.90 calculated, an undercharge beyond tolerance", an undercharge of
// nothing, while the action accrued 0.005.
func TestProcurementReasonInCurrencyUnits(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		currency, charged, price string
		action, says, accrued    string
	}{
		{"KWD", "8.895", "100.000", wire.ProcurementAccrue, "charged 8.895 against 8.900 calculated", "0.005"},
		{"JPY", "800", "10000", wire.ProcurementAccrue, "charged 800 against 890 calculated", "90"},
		{"USD", "8.89", "100.00", wire.ProcurementAccrue, "charged 8.89 against 8.90 calculated", "0.01"},
	} {
		req := accrual(wire.PurchaseConditionalProcurement, c.charged, c.price)
		req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: c.currency}
		resp, err := e.Purchase(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", c.currency, err)
		}
		a := resp.ProcurementAction
		if a == nil || a.Action != c.action || !strings.Contains(a.Reason, c.says) || a.AccruedTax == nil || a.AccruedTax.String() != c.accrued {
			t.Errorf("%s: action %+v, want %s of %s saying %q", c.currency, a, c.action, c.accrued, c.says)
		}
	}
}
