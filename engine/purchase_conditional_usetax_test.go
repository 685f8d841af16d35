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

// TestConditionalProcurementPolicyWithUseTax: under a policy that pays an
// overcharge, paying the vendor's tax where the buyer owes use tax of its
// own accrues that tax too (ACCRUE); under one that holds an undercharge
// for review, the invoice is held and the reason says the use tax is due
// besides. A vendor registered in Georgia sells 1000.00 (89.00 due from
// it) and one registered in Washington alone 1000.00 (89.00 of the
// buyer's own use tax), with a tolerance of 1.00.
func TestConditionalProcurementPolicyWithUseTax(t *testing.T) {
	ctx := context.Background()
	ga := []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "GA"}}
	wa := []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "WA"}}
	for _, c := range []struct {
		name    string
		policy  ProcurementPolicy
		charged string // on the Georgia vendor's line
		action  string
		ruleID  string
		accrued string
		reason  string
	}{
		{"overcharge paid", ProcurementPolicy{Overcharge: wire.ProcurementPayVendorTax}, "95.00", wire.ProcurementAccrue, "conditional-overcharge-pay-use-tax", "89.00",
			"an overcharge beyond tolerance, which the policy pays: pay the vendor's tax and accrue the buyer's own use tax of 89.00"},
		{"undercharge held", ProcurementPolicy{Undercharge: wire.ProcurementHoldForReview}, "80.00", wire.ProcurementHoldForReview, "conditional-undercharge-hold", "",
			"an undercharge beyond tolerance: hold for review; the buyer's own use tax of 89.00 (tax its vendor has no nexus to collect) is due besides"},
	} {
		e, err := New(ctx, WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
			WithSettings(Settings{Tolerance: &Tolerance{Amount: dp("1.00")}, Procurement: c.policy}))
		if err != nil {
			t.Fatal(err)
		}
		req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseConditionalProcurement, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-06-01"), Buyer: &wire.Buyer{Destination: atlanta},
			LineItems: []wire.PurchaseLineItem{
				{LineItemID: "1", ExtendedPrice: amt("1000.00"), ChargedTax: amt(c.charged), Vendor: &wire.Vendor{PhysicalOrigin: atlanta, TaxRegistrations: ga}},
				{LineItemID: "2", ExtendedPrice: amt("1000.00"), ChargedTax: amt("0.00"), Vendor: &wire.Vendor{PhysicalOrigin: atlanta, TaxRegistrations: wa}},
			}}
		resp, err := e.Purchase(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		a := resp.ProcurementAction
		if a == nil || a.Action != c.action || a.RuleID != c.ruleID || !strings.Contains(a.Reason, c.reason) {
			t.Errorf("%s: action %+v, want %s by %s saying %q", c.name, a, c.action, c.ruleID, c.reason)
			continue
		}
		switch {
		case c.accrued == "" && a.AccruedTax != nil:
			t.Errorf("%s: accruedTax %s, want none", c.name, a.AccruedTax)
		case c.accrued != "" && (a.AccruedTax == nil || a.AccruedTax.String() != c.accrued):
			t.Errorf("%s: accruedTax %v, want %s", c.name, a.AccruedTax, c.accrued)
		}
	}
}
