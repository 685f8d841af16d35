package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestComparedVendorTaxHasTheDocumentsSign: the kinds that compare the
// vendor's tax with the calculated tax (INVOICE_VERIFICATION,
// APINVOICE_SYNC, CONDITIONAL_PROCUREMENT) refuse a vendor's tax whose
// sign the tax it is compared with does not have, naming the member, as
// an accrual refuses one it would credit: a negative charge on a
// purchase, a positive one on a credit memo, and, where nothing is
// taxed, one against the amount's sign. Before, each was compared as
// sent: a vendor's -3.00 on a line taxed 8.90 (Atlanta, 8.9% of 100.00)
// was an undercharge of 11.90, and a conditional procurement accrued
// 11.90 of use tax on a purchase that bears 8.90 in all. A credit memo's
// negative charge, and a charge where nothing is taxed (an overcharge),
// are still compared.
func TestComparedVendorTaxHasTheDocumentsSign(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	req := func(mt wire.PurchaseMessageType, docCharged, lineCharged, price string, where *wire.Location) *wire.PurchaseRequest {
		r := accrual(mt, docCharged, price)
		r.Vendor.PhysicalOrigin, r.Buyer.Destination = where, where
		r.LineItems[0].LineItemID = "1"
		if lineCharged != "" {
			r.LineItems[0].ChargedTax = amt(lineCharged)
		}
		return r
	}
	kinds := []wire.PurchaseMessageType{wire.PurchaseInvoiceVerification, wire.PurchaseAPInvoiceSync, wire.PurchaseConditionalProcurement}
	for _, mt := range kinds {
		for _, c := range []struct {
			name, field      string
			doc, line, price string
			where            *wire.Location
		}{
			{"negative document charge on a purchase", "chargedTax", "-3.00", "", "100.00", atlanta},
			{"negative line charge on a purchase", "lineItems[0].chargedTax", "", "-3.00", "100.00", atlanta},
			{"positive document charge on a credit memo", "chargedTax", "3.00", "", "-100.00", atlanta},
			{"positive line charge on a credit memo", "lineItems[0].chargedTax", "", "3.00", "-100.00", atlanta},
			{"negative document charge on an untaxed purchase", "chargedTax", "-3.00", "", "100.00", portland},
			{"negative line charge on an untaxed purchase", "lineItems[0].chargedTax", "", "-3.00", "100.00", portland},
		} {
			_, err := e.Purchase(ctx, req(mt, c.doc, c.line, c.price, c.where))
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field {
				t.Errorf("%s, %s: error %v, want invalid naming %s", mt, c.name, err, c.field)
			}
		}
		for _, c := range []struct {
			name             string
			doc, line, price string
			where            *wire.Location
			variance         string
		}{
			{"the whole tax on a credit memo", "-8.90", "", "-100.00", atlanta, "0.00"},
			{"part of it, on the line", "", "-5.00", "-100.00", atlanta, "3.90"},
			{"an undercharge", "5.00", "", "100.00", atlanta, "-3.90"},
			{"a charge where nothing is taxed", "3.00", "", "100.00", portland, "3.00"},
			{"a refund where nothing is taxed", "-3.00", "", "-100.00", portland, "-3.00"},
		} {
			r, err := e.Purchase(ctx, req(mt, c.doc, c.line, c.price, c.where))
			if err != nil {
				t.Errorf("%s, %s: %v", mt, c.name, err)
				continue
			}
			if r.Variance == nil || r.Variance.String() != c.variance {
				t.Errorf("%s, %s: variance %v, want %s", mt, c.name, r.Variance, c.variance)
			}
		}
	}
}

// TestVendorTaxIgnoredSaysSo: the vendor's tax (chargedTax, the
// document's and a line's) acts on the kinds that credit it (ACCRUAL,
// ACCRUAL_SYNC) or compare it (INVOICE_VERIFICATION, APINVOICE_SYNC,
// CONDITIONAL_PROCUREMENT); PURCHASE_ORDER (where the specification says
// it does not apply), ERS and DISTRIBUTE_TAX ignore it, and now say so
// on each line with the not-acted-on parameter, as for the other members
// Levy ignores. Before, they dropped it without a word.
func TestVendorTaxIgnoredSaysSo(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	flags := func(r *wire.PurchaseResponse) []string {
		var out []string
		for _, l := range r.LineItems {
			for _, p := range l.AssistedParameters {
				if p.RuleName == NotActedOnRule && strings.HasSuffix(p.ParamName, "chargedTax") {
					out = append(out, p.ParamName+"="+p.Value)
				}
			}
		}
		return out
	}
	for _, tc := range []struct {
		mt   wire.PurchaseMessageType
		want []string
	}{
		{wire.PurchaseOrder, []string{"chargedTax=50.00", "lineItems[0].chargedTax=20.00"}},
		{wire.PurchaseERS, []string{"chargedTax=50.00", "lineItems[0].chargedTax=20.00"}},
		{wire.PurchaseDistributeTax, []string{"chargedTax=50.00", "lineItems[0].chargedTax=20.00"}},
		{wire.PurchaseAccrual, nil},
		{wire.PurchaseAccrualSync, nil},
		{wire.PurchaseInvoiceVerification, nil},
		{wire.PurchaseAPInvoiceSync, nil},
		{wire.PurchaseConditionalProcurement, nil},
	} {
		req := accrual(tc.mt, "50.00", "1000.00")
		if tc.mt == wire.PurchaseAccrual || tc.mt == wire.PurchaseAccrualSync {
			// An accrual refuses a document's charge that is not the
			// sum of the lines' (it credits the lines').
			req.ChargedTax = amt("20.00")
		}
		req.PostToJournal = new(bool)
		req.LineItems[0].LineItemID, req.LineItems[0].ChargedTax = "1", amt("20.00")
		if tc.mt == wire.PurchaseDistributeTax {
			req.LineItems[0].InputTotalTax = amt("89.00")
		}
		resp, err := e.Purchase(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", tc.mt, err)
		}
		if got := flags(resp); !slices.Equal(got, tc.want) {
			t.Errorf("%s: not-acted-on chargedTax %v, want %v", tc.mt, got, tc.want)
		}
	}
}

// TestComparedVendorTaxLeavesOutUseTax: the kinds that compare the
// vendor's tax compare it with the tax the vendor should have charged,
// as INVOICE_VERIFICATION does, and not with the buyer's own use tax
// that APINVOICE_SYNC and CONDITIONAL_PROCUREMENT accrue where the
// vendor has no nexus. A vendor registered in Washington alone sells
// 1000.00 into Atlanta: it rightly charges nothing, and the buyer owes
// Georgia's 89.00 of use tax (4% + 3% + 1.9%). Before, the sync and the
// conditional procurement showed a variance of -89.00, an undercharge,
// which a conditional procurement accrued (or held for review) as the
// vendor's fault; and a vendor without nexus that charged the 89.00
// anyway was exact, where the buyer, who accrues the use tax, would pay
// it twice. A vendor registered in Georgia is compared with the 89.00
// it should charge, as before. The conditional procurement still accrues
// the 89.00 the buyer owes where the vendor has no nexus, as the buyer's
// own use tax rather than an undercharge.
func TestComparedVendorTaxLeavesOutUseTax(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	wa := []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "WA"}}
	ga := []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "GA"}}
	for _, tc := range []struct {
		name     string
		regs     []wire.TaxRegistration
		charged  string
		variance string // the document's and the line's
	}{
		{"no nexus, nothing charged", wa, "0.00", "0.00"},
		{"no nexus, charged 89.00", wa, "89.00", "89.00"},
		{"nexus, charged 89.00", ga, "89.00", "0.00"},
		{"nexus, nothing charged", ga, "0.00", "-89.00"},
	} {
		for _, mt := range []wire.PurchaseMessageType{wire.PurchaseInvoiceVerification, wire.PurchaseAPInvoiceSync, wire.PurchaseConditionalProcurement} {
			req := accrual(mt, "", "1000.00")
			req.PostToJournal = new(bool)
			req.Vendor.TaxRegistrations = tc.regs
			req.LineItems[0].LineItemID, req.LineItems[0].ChargedTax = "1", amt(tc.charged)
			resp, err := e.Purchase(ctx, req)
			if err != nil {
				t.Fatalf("%s, %s: %v", tc.name, mt, err)
			}
			lv := resp.LineItems[0].Variance
			if resp.Variance == nil || resp.Variance.String() != tc.variance || lv == nil || lv.String() != tc.variance {
				t.Errorf("%s, %s: variance %v, line's %v; want %s (tax %s)", tc.name, mt, resp.Variance, lv, tc.variance, resp.TotalTax)
			}
			if mt != wire.PurchaseConditionalProcurement {
				continue
			}
			// Paying a vendor without nexus its (rightful) nothing leaves
			// the buyer's own use tax to accrue
			// (TestConditionalProcurementAccruesTheBuyersUseTax).
			want, accrued := wire.ProcurementPayVendorTax, ""
			switch {
			case tc.variance == "-89.00" || tc.name == "no nexus, nothing charged":
				want, accrued = wire.ProcurementAccrue, "89.00"
			case tc.variance != "0.00":
				want = wire.ProcurementHoldForReview
			}
			a := resp.ProcurementAction
			if a == nil || a.Action != want {
				t.Errorf("%s, %s: action %+v, want %s", tc.name, mt, a, want)
			} else if got := a.AccruedTax; accrued != "" && (got == nil || got.String() != accrued) || accrued == "" && got != nil {
				t.Errorf("%s, %s: accruedTax %v, want %q", tc.name, mt, got, accrued)
			}
		}
	}
}
