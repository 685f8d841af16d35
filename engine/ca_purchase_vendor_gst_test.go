package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// Canadian places of the purchase tests.
const (
	caToronto   = `{"city":"Toronto","mainDivision":"ON","postalCode":"M5V 3L9","country":"CA"}`
	caVancouver = `{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}`
	caMontreal  = `{"city":"Montreal","mainDivision":"QC","postalCode":"H2Y 1C6","country":"CA"}`
	usNewYork   = `{"city":"New York","mainDivision":"NY","postalCode":"10001","country":"US"}`
)

// caPurchase is a purchase of one GENERAL good of 100.00 CAD on
// 2026-06-01, of kind from vendor to buyer; lineCharged and docCharged,
// when not "", are the vendor's tax on the line and on the document,
// vendorExtra members of the vendor.
func caPurchase(t *testing.T, kind, vendor, vendorExtra, buyer, lineCharged, docCharged string) *wire.PurchaseRequest {
	t.Helper()
	line := `{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":100.00`
	if lineCharged != "" {
		line += `,"chargedTax":` + lineCharged
	}
	doc := ""
	if docCharged != "" {
		doc = `"chargedTax":` + docCharged + `,`
	}
	body := `{"purchaseMessageType":"` + kind + `","transactionType":"PURCHASE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"CAD"},` + doc + `
 "vendor":{"physicalOrigin":` + vendor + vendorExtra + `},"buyer":{"destination":` + buyer + `},"lineItems":[` + line + `}]}`
	var req wire.PurchaseRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	return &req
}

// TestCanadaAccrualLeavesTheGSTToTheVendor: a buyer's ACCRUAL of a good of
// 100.00 bought from a vendor in Canada and delivered in Canada. The GST/HST
// of a taxable supply made in Canada is the supplier's to collect (Excise
// Tax Act, Part IX, s. 165 imposes it, s. 221 has the supplier collect
// it); the Act's self-assessments are of imported goods (Division III),
// imported taxable supplies (Division IV, s. 217 and s. 218) and property
// brought into a participating province (Division IV.1, s. 220.08), and
// none is a purchase delivered by a Canadian vendor. So the buyer accrues
// none of it, whatever the vendor charged. British Columbia's PST
// (Provincial Sales Tax Act, s. 49: a purchaser who did not pay the tax
// to the vendor pays it itself) stays: 7% of 100.00, 7.00. Quebec's QST is
// self-assessed on property brought into Quebec from a vendor outside it
// not registered for it (Act respecting the Québec sales tax, s. 17):
// 9.975% of 100.00, 9.975, 9.98 half up; from a vendor in Quebec it is the
// vendor's. The vendor's chargedTax pays the vendor's GST first: a GST-only
// charge of 5.00 leaves the PST to accrue in full (7.00), a charge of
// 12.00 (GST 5.00 and PST 7.00) leaves nothing, a charge of 3.00 (short
// of the GST, the vendor's fault) still leaves 7.00. Levy used to accrue
// the GST too: 12.00 with no charge, 9.00 after a charge of 3.00, 13.00
// of HST on a purchase within Ontario, 14.98 in Montreal. A New York
// vendor's good is imported and keeps the GST: 5.00 and 7.00.
func TestCanadaAccrualLeavesTheGSTToTheVendor(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		name, vendor, buyer, lineCharged, docCharged string
		gstRule                                      string // the rule of the CA record; "" for a TAXABLE GST
		total                                        string
	}{
		{"Toronto to Vancouver, nothing charged", caToronto, caVancouver, "", "", CAVendorChargesRule, "7.00"},
		{"Toronto to Vancouver, the GST charged on the line", caToronto, caVancouver, "5.00", "", CAVendorChargesRule, "7.00"},
		{"Toronto to Vancouver, GST and PST charged on the line", caToronto, caVancouver, "12.00", "", CAVendorChargesRule, "0.00"},
		{"Toronto to Vancouver, part of the GST charged", caToronto, caVancouver, "3.00", "", CAVendorChargesRule, "7.00"},
		{"Toronto to Vancouver, the GST charged on the document", caToronto, caVancouver, "", "5.00", CAVendorChargesRule, "7.00"},
		{"Toronto to Vancouver, GST and PST charged on the document", caToronto, caVancouver, "", "12.00", CAVendorChargesRule, "0.00"},
		{"Toronto to Vancouver, GST and half the PST charged", caToronto, caVancouver, "8.50", "", CAVendorChargesRule, "3.50"},
		{"within Toronto, nothing charged", caToronto, caToronto, "", "", CAVendorChargesRule, "0.00"},
		{"Toronto to Montreal, nothing charged", caToronto, caMontreal, "", "", CAVendorChargesRule, "9.98"},
		{"within Montreal, nothing charged", caMontreal, caMontreal, "", "", CAVendorChargesRule, "0.00"},
		{"New York to Vancouver, nothing charged", usNewYork, caVancouver, "", "", "", "12.00"},
	} {
		r, err := e.Purchase(ctx, caPurchase(t, "ACCRUAL", c.vendor, "", c.buyer, c.lineCharged, c.docCharged))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		gst := taxOf(t, r.LineItems[0].Taxes, "CA")
		if c.gstRule != "" {
			if gst.TaxResult != wire.TaxResultNonTaxable || !gst.CalculatedTax.IsZero() || gst.CalculationRuleID == nil || gst.CalculationRuleID.Value != c.gstRule {
				t.Errorf("%s: the GST is %s, tax %s, rule %v; want NONTAXABLE, 0, %s", c.name, gst.TaxResult, gst.CalculatedTax, gst.CalculationRuleID, c.gstRule)
			}
		} else if gst.TaxResult != wire.TaxResultTaxable || gst.CalculatedTax.String() != "5.00" {
			t.Errorf("%s: the GST is %s, tax %s; want TAXABLE, 5.00", c.name, gst.TaxResult, gst.CalculatedTax)
		}
		if got := r.TotalTax.String(); got != c.total {
			t.Errorf("%s: the buyer accrues %s, want %s", c.name, got, c.total)
		}
	}
}

// TestCanadaAccrualQSTOfARegisteredVendor: a Toronto vendor that lists a
// registration for Quebec's QST (as well as the GST/HST) charges the QST
// on a good delivered in Montreal (Act respecting the Québec sales tax,
// s. 17 makes the buyer self-assess only property from a vendor not
// registered for it): the buyer accrues nothing of 100.00 when the vendor
// charged nothing, and Levy used to accrue 5.00 and 9.98.
func TestCanadaAccrualQSTOfARegisteredVendor(t *testing.T) {
	e := testEngine(t)
	regs := `,"taxRegistrations":[{"isoCountryCode":"CA","taxRegistrationNumber":"123456789RT0001"},
 {"isoCountryCode":"CA","mainDivision":"QC","taxRegistrationNumber":"1234567890TQ0001","impositionType":{"value":"QST"}}]`
	r, err := e.Purchase(context.Background(), caPurchase(t, "ACCRUAL", caToronto, regs, caMontreal, "", ""))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.TotalTax.String(); got != "0.00" {
		t.Errorf("the buyer accrues %s, want 0.00", got)
	}
}

// TestCanadaPurchaseOrderFromUnregisteredVendor: a PURCHASE_ORDER, which
// accrues the buyer's use tax where the vendor has no nexus, of 100.00
// from a Toronto vendor registered for nothing in Canada (it lists a US
// registration alone: a small supplier) delivered in Vancouver. A small
// supplier's sale bears no GST (Excise Tax Act s. 148 and s. 166), and
// no provision has its buyer self-assess it; British Columbia's PST, 7%,
// 7.00, the buyer self-assesses. Levy used to accrue the GST, 5.00, too.
func TestCanadaPurchaseOrderFromUnregisteredVendor(t *testing.T) {
	e := testEngine(t)
	regs := `,"taxRegistrations":[{"isoCountryCode":"US","mainDivision":"NY","taxRegistrationNumber":"NY-1"}]`
	r, err := e.Purchase(context.Background(), caPurchase(t, "PURCHASE_ORDER", caToronto, regs, caVancouver, "", ""))
	if err != nil {
		t.Fatal(err)
	}
	gst := taxOf(t, r.LineItems[0].Taxes, "CA")
	if !gst.CalculatedTax.IsZero() {
		t.Errorf("the GST is %s, tax %s; want none", gst.TaxResult, gst.CalculatedTax)
	}
	if got := r.TotalTax.String(); got != "7.00" {
		t.Errorf("the buyer accrues %s, want 7.00 (the PST)", got)
	}
}

// TestCanadaAccrualExplainsTheVendorsGST: the explanation of the PST of a
// Toronto vendor's good of 100.00 delivered in Vancouver, on which the
// vendor charged 8.50 (the GST, 5.00, and half the PST, 3.50), says that
// the charge paid the vendor's GST first: the PST of 7.00 is 3.50 after it
// (8.50 - 5.00 = 3.50 credited, 7.00 - 3.50 = 3.50).
func TestCanadaAccrualExplainsTheVendorsGST(t *testing.T) {
	e := testEngine(t)
	_, ex, err := e.ExplainPurchase(context.Background(), caPurchase(t, "ACCRUAL", caToronto, "", caVancouver, "8.50", ""))
	if err != nil {
		t.Fatal(err)
	}
	want := "8.50, is credited against its taxes in the order of their jurisdictions (previous-tax-paid), after the 5.00 of tax the vendor was to charge (" +
		CAVendorChargesRule + "): this tax of 7.00 is 3.50 after it"
	found := false
	for _, l := range ex {
		for _, tx := range l.Taxes {
			found = found || strings.Contains(tx.Reason, want)
		}
	}
	if !found {
		t.Errorf("no tax's reason says %q: %+v", want, ex)
	}
}
