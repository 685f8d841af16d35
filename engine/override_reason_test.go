package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// TestOverrideReasonCodeKeptBesideUncodedAmount checks that a tax that
// an exempt override with a reason code and a non-taxable override
// without one both reach keeps the exemption's code on its record (the
// code the journal stores). Before, the non-taxable override's empty
// code replaced it: the record showed 40.00 exempt with no reason.
func TestOverrideReasonCodeKeptBesideUncodedAmount(t *testing.T) {
	ctx := context.Background()
	e := testEngine(t)
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.LineItems[0].ExemptOverrides = []wire.Override{{JurisdictionType: jurisdiction.State, Amount: amt("40.00"), ReasonCode: "0004"}}
	req.LineItems[0].NonTaxableOverrides = []wire.Override{{JurisdictionType: jurisdiction.State, Amount: amt("10.00")}}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	ca := californiaOf(resp.LineItems[0])
	if ca == nil {
		t.Fatal("no tax of California")
	}
	if ca.Exempt.String() != "40.00" || ca.NonTaxable.String() != "10.00" || ca.CalculatedTax.String() != "3.63" {
		t.Errorf("California: exempt %s, non-taxable %s, tax %s, want 40.00, 10.00, 3.63", ca.Exempt, ca.NonTaxable, ca.CalculatedTax)
	}
	if ca.ReasonCode != "0004" {
		t.Errorf("California: reasonCode %q, want the exemption's 0004", ca.ReasonCode)
	}
	// A code sent on both keeps the later's, as before.
	req.LineItems[0].NonTaxableOverrides[0].ReasonCode = "7"
	if resp, err = e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	if ca := californiaOf(resp.LineItems[0]); ca == nil || ca.ReasonCode != "7" {
		t.Errorf("California with two codes: %+v, want reasonCode 7", ca)
	}
}
