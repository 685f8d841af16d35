package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestConditionalProcurementAccruesTheBuyersUseTax: a conditional
// procurement's action accrues the use tax the buyer owes itself where
// the vendor has no nexus (collected from the BUYER, in the response's
// totalTax), besides any undercharge of the vendor's. The vendor's tax is
// compared with what the vendor should charge (TestComparedVendorTaxLeavesOutUseTax),
// so a vendor without nexus that rightly charged nothing is within
// tolerance; the action then said "pay the vendor's tax" and accrued
// nothing, and an AP system that follows it never booked the 89.00 of
// Georgia use tax the response itself calculated. Figures in Atlanta (4%
// + 3% + 1.9%): 1000.00 bears 89.00. A vendor registered in Washington
// alone has no nexus in Georgia; one registered in Georgia has.
func TestConditionalProcurementAccruesTheBuyersUseTax(t *testing.T) {
	ctx := context.Background()
	e, err := New(ctx, WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithSettings(Settings{Tolerance: &Tolerance{Amount: dp("1.00")}}))
	if err != nil {
		t.Fatal(err)
	}
	wa := []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "WA"}}
	ga := []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "GA"}}
	line := func(id string, regs []wire.TaxRegistration, charged string) wire.PurchaseLineItem {
		l := wire.PurchaseLineItem{LineItemID: id, Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("1000.00"),
			Vendor: &wire.Vendor{PhysicalOrigin: atlanta, TaxRegistrations: regs}}
		if charged != "" {
			l.ChargedTax = amt(charged)
		}
		return l
	}
	for _, c := range []struct {
		name     string
		lines    []wire.PurchaseLineItem
		variance string
		action   string
		accrued  string // "" for none
		reason   string
	}{
		{"no nexus, nothing charged", []wire.PurchaseLineItem{line("1", wa, "0.00")}, "0.00",
			wire.ProcurementAccrue, "89.00", "within tolerance: pay the vendor's tax and accrue the buyer's own use tax of 89.00"},
		{"no nexus, no charge sent", []wire.PurchaseLineItem{line("1", wa, "")}, "0.00",
			wire.ProcurementAccrue, "89.00", "within tolerance: pay the vendor's tax and accrue the buyer's own use tax of 89.00"},
		{"nexus undercharged by 10.00, and a line of a vendor without nexus", []wire.PurchaseLineItem{line("1", ga, "79.00"), line("2", wa, "0.00")}, "-10.00",
			wire.ProcurementAccrue, "99.00", "accrue the difference as use tax, with the buyer's own use tax of 89.00"},
		{"nexus within tolerance, and a line of a vendor without nexus", []wire.PurchaseLineItem{line("1", ga, "88.50"), line("2", wa, "0.00")}, "-0.50",
			wire.ProcurementAccrue, "89.00", "within tolerance: pay the vendor's tax and accrue the buyer's own use tax of 89.00"},
		// A vendor with nexus that charged right leaves nothing to accrue.
		{"nexus, charged right", []wire.PurchaseLineItem{line("1", ga, "89.00")}, "0.00",
			wire.ProcurementPayVendorTax, "", "within tolerance: pay the vendor's tax"},
		// An overcharge is held for review, whatever the buyer owes.
		{"no nexus, charged anyway", []wire.PurchaseLineItem{line("1", wa, "89.00")}, "89.00",
			wire.ProcurementHoldForReview, "", "an overcharge beyond tolerance: hold for review; the buyer's own use tax of 89.00 (tax its vendor has no nexus to collect) is due besides"},
	} {
		req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseConditionalProcurement, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-06-01"), Buyer: &wire.Buyer{Destination: atlanta}, LineItems: c.lines}
		resp, err := e.Purchase(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		a := resp.ProcurementAction
		if resp.Variance == nil || resp.Variance.String() != c.variance || a == nil || a.Action != c.action {
			t.Errorf("%s: variance %v, action %+v; want %s and %s", c.name, resp.Variance, a, c.variance, c.action)
			continue
		}
		switch {
		case c.accrued == "" && a.AccruedTax != nil:
			t.Errorf("%s: accruedTax %s, want none", c.name, a.AccruedTax)
		case c.accrued != "" && (a.AccruedTax == nil || a.AccruedTax.String() != c.accrued):
			t.Errorf("%s: accruedTax %v, want %s", c.name, a.AccruedTax, c.accrued)
		}
		if !strings.Contains(a.Reason, c.reason) {
			t.Errorf("%s: reason %q, want it to say %q", c.name, a.Reason, c.reason)
		}
	}
}
