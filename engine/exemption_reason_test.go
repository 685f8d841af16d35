package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestExemptionReasonCodeAlone checks that a customer's
// exemptionReasonCode sent without isTaxExempt or a certificate number,
// which exempts nothing, is said to be not acted on, and that one sent
// with isTaxExempt is the reason code of the taxes it exempts, without
// the parameter.
func TestExemptionReasonCodeAlone(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	param := func(r *wire.SaleResponse) *wire.AssistedParameter {
		for i := range r.LineItems[0].AssistedParameters {
			if p := &r.LineItems[0].AssistedParameters[i]; p.ParamName == "customer.exemptionReasonCode" {
				return p
			}
		}
		return nil
	}

	req := usSale("1 Main St", "Seattle", "WA", "98101", "GENERAL", "100.00")
	req.Customer.ExemptionReasonCode = "3"
	r, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.LineItems[0].Taxes) == 0 || r.LineItems[0].TotalTax.IsZero() {
		t.Fatalf("a reason code alone exempted the line: %+v", r.LineItems[0].Taxes)
	}
	p := param(r)
	if p == nil || p.RuleName != NotActedOnRule || p.Value != "3" {
		t.Errorf("reason code alone: parameter %+v, want not-acted-on with value 3", p)
	}

	req.Customer.IsTaxExempt = true
	r, err = e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if p := param(r); p != nil {
		t.Errorf("reason code with isTaxExempt: parameter %+v, want none", p)
	}
	for _, tax := range r.LineItems[0].Taxes {
		if tax.ReasonCode == "" {
			t.Errorf("exempt tax %s carries no reason code", tax.Jurisdiction.Value)
		}
	}
}
