package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestProfileCertificateOnCommunicationsTaxes: the taxes a line bears
// besides its jurisdictions' rates (the US communications taxes of its
// line types; franchise fees) apply the customer's stored certificates
// as they apply isTaxExempt: a certificate of the United States exempts
// the USF, the federal excise tax and Alabama's 911 fee, naming itself;
// one of Alabama exempts the 911 fee and leaves the federal taxes
// charged, saying why, never in silence.
func TestProfileCertificateOnCommunicationsTaxes(t *testing.T) {
	d := civil.MustParse
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "US-ALL"}, {Code: "AL-ONLY"}},
		Certificates: []profile.Certificate{
			{Number: "US-1", CustomerCode: "US-ALL", Jurisdictions: []string{"US"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
			{Number: "AL-1", CustomerCode: "AL-ONLY", Jurisdictions: []string{"AL"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
		},
	}
	e := engineOfProfile(t, cs)
	sale := func(customer string) wire.SaleResponseLineItem {
		t.Helper()
		req := telecomSale("2026-02-15")
		req.Customer.CustomerCode = &wire.CustomerCode{Value: customer}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0]
	}
	// check sells to the customer and checks that certificate number
	// exempts the taxes of the impositions that exempt says, and the
	// sales taxes, and that the line says why when it leaves one charged.
	check := func(customer, number string, exempt map[string]bool) {
		t.Helper()
		l := sale(customer)
		n := 0
		for imp, taxes := range byImposition(l.Taxes) {
			for _, x := range taxes {
				n++
				byCert := x.CertificateNumber != nil && x.CertificateNumber.Value == number && x.TaxResult == wire.TaxResultExempt &&
					x.CalculatedTax.IsZero() && x.CalculationRuleID.Value == CertificateRule
				want, ok := exempt[imp]
				if !ok {
					want = true // the sales taxes of Alabama, which both certificates cover
				}
				if byCert != want {
					t.Errorf("%s: %s of %s: %s %s certificate %+v rule %v", customer, imp, x.Jurisdiction.JurisdictionID, x.TaxResult,
						x.CalculatedTax, x.CertificateNumber, x.CalculationRuleID)
				}
			}
		}
		if n < 6 {
			t.Errorf("%s: %d taxes", customer, n)
		}
		charged := false
		for _, b := range exempt {
			charged = charged || !b
		}
		said := false
		for _, p := range l.AssistedParameters {
			said = said || p.RuleName == string(profile.RefusalJurisdiction)
		}
		if said != charged {
			t.Errorf("%s: %s said %v, want %v: %+v", customer, profile.RefusalJurisdiction, said, charged, l.AssistedParameters)
		}
	}
	// The request's own exemption exempts them all: the stored
	// certificate is its stored form, within its jurisdictions.
	req := telecomSale("2026-02-15")
	req.Customer.IsTaxExempt = true
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range r.LineItems[0].Taxes {
		if x.TaxResult != wire.TaxResultExempt {
			t.Errorf("isTaxExempt: %s of %s is %s", x.ImpositionType.Value, x.Jurisdiction.JurisdictionID, x.TaxResult)
		}
	}
	check("US-ALL", "US-1", map[string]bool{usfImposition: true, fetImposition: true, e911Imposition: true})
	check("AL-ONLY", "AL-1", map[string]bool{usfImposition: false, fetImposition: false, e911Imposition: true})
}

// TestProfileCertificateOnFranchiseFee: a tenant's franchise fee granted
// by Chicago is exempt for a customer whose certificate covers Illinois,
// as for a customer sent as exempt, and names the certificate; a
// customer whose certificate covers Texas is charged it, and told why.
func TestProfileCertificateOnFranchiseFee(t *testing.T) {
	d := civil.MustParse
	rate := decimal.RequireFromString("0.07")
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "IL-ONLY"}, {Code: "TX-ONLY"}},
		Certificates: []profile.Certificate{
			{Number: "IL-1", CustomerCode: "IL-ONLY", Jurisdictions: []string{"IL"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
			{Number: "TX-1", CustomerCode: "TX-ONLY", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
		},
		Franchises: []profile.Franchise{{AreaID: "CHI-CABLE-1", Name: "Cable Franchise Fee", Jurisdiction: "US-1714000", Rate: &rate}},
	}
	e := engineOfProfile(t, cs)
	fee := func(customer string) (wire.Tax, []wire.AssistedParameter) {
		t.Helper()
		req := usSale("233 S Wacker Dr", "Chicago", "IL", "60606", "DIGITAL_STREAMING", "80.00")
		req.Customer.CustomerCode = &wire.CustomerCode{Value: customer}
		req.LineItems[0].LineDetails.FranchiseAreaID = "CHI-CABLE-1"
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range r.LineItems[0].Taxes {
			if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
				return x, r.LineItems[0].AssistedParameters
			}
		}
		t.Fatalf("%s: no franchise fee in %+v", customer, r.LineItems[0].Taxes)
		return wire.Tax{}, nil
	}
	if x, _ := fee("IL-ONLY"); x.TaxResult != wire.TaxResultExempt || x.CertificateNumber == nil || x.CertificateNumber.Value != "IL-1" ||
		!x.CalculatedTax.IsZero() || x.CalculationRuleID.Value != CertificateRule {
		t.Errorf("the fee of a customer certified in Illinois: %s %s certificate %+v rule %v", x.TaxResult, x.CalculatedTax, x.CertificateNumber, x.CalculationRuleID)
	}
	x, params := fee("TX-ONLY")
	if x.TaxResult != wire.TaxResultTaxable || x.CalculatedTax.String() != "5.60" || x.CertificateNumber != nil {
		t.Errorf("the fee of a customer certified in Texas: %s %s certificate %+v", x.TaxResult, x.CalculatedTax, x.CertificateNumber)
	}
	said := false
	for _, p := range params {
		said = said || p.RuleName == string(profile.RefusalJurisdiction) && p.OriginalValue == "TX-1"
	}
	if !said {
		t.Errorf("the customer certified in Texas is not told why: %+v", params)
	}
}
