package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// lapsedProfile is a customer C-1 whose Texas certificate expired on
// 2026-05-31, the day before profileSale's date.
func lapsedProfile() profile.ChangeSet {
	d := civil.MustParse
	return profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{{Number: "TX-OLD", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G",
			EffectiveDate: d("2025-01-01"), ExpirationDate: d("2026-05-31")}},
	}
}

// TestProfileReturnAfterCertificateLapsed: a return (a negative line)
// dated after the customer's certificate expired refunds the tax, which
// the sale it returns (exempt then) never charged; the line says so with
// the parameter a sale would get (certificate-expired), its sentence
// saying the tax is refunded and what the return should send. A return
// dated while the certificate was in force is exempt and says nothing.
func TestProfileReturnAfterCertificateLapsed(t *testing.T) {
	e := engineOfProfile(t, lapsedProfile())
	ret := profileSale("C-1", "GENERAL")
	ret.LineItems[0].ExtendedPrice = amt("-100.00")
	r, err := e.Sale(context.Background(), ret)
	if err != nil {
		t.Fatal(err)
	}
	if r.TotalTax.Sign() >= 0 {
		t.Fatalf("the return refunds no tax: total tax %s", r.TotalTax)
	}
	ps := r.LineItems[0].AssistedParameters
	if len(ps) != 1 {
		t.Fatalf("the return's line says %+v, want one certificate-expired parameter", ps)
	}
	p := ps[0]
	if p.RuleName != string(profile.RefusalExpired) || p.ParamName != "exemptionCertificate" || p.OriginalValue != "TX-OLD" ||
		!strings.Contains(p.Value, "expired on 2026-05-31, before the tax date 2026-06-01") || !strings.Contains(p.Value, "refunded") ||
		!strings.Contains(p.Value, "taxDate") {
		t.Errorf("the return's parameter %+v", p)
	}

	// The sale it returns, charged the same day, says the tax is charged.
	r, err = e.Sale(context.Background(), profileSale("C-1", "GENERAL"))
	if err != nil {
		t.Fatal(err)
	}
	if ps := r.LineItems[0].AssistedParameters; len(ps) != 1 || ps[0].RuleName != string(profile.RefusalExpired) ||
		!strings.Contains(ps[0].Value, "the tax is charged") {
		t.Errorf("the sale's parameters %+v", ps)
	}

	// The return sending the sale's date: exempt, nothing to say.
	ret.LineItems[0].TaxDate = civil.MustParse("2026-05-15")
	r, err = e.Sale(context.Background(), ret)
	if err != nil {
		t.Fatal(err)
	}
	if !r.TotalTax.IsZero() || len(r.LineItems[0].AssistedParameters) != 0 {
		t.Errorf("the return dated as its sale: total tax %s, parameters %+v", r.TotalTax, r.LineItems[0].AssistedParameters)
	}
}

// TestProfileLineCustomerWithoutCode: a line whose own customer sends no
// customerCode replaces the document's customer whole, so the stored
// customer's certificate does not reach it and the line is taxed; it
// says so, naming the member, where the document's customer is one the
// profile holds. A line customer with the code is exempt and says
// nothing, as does a document whose customer the profile does not hold.
func TestProfileLineCustomerWithoutCode(t *testing.T) {
	cs := lapsedProfile()
	cs.Certificates[0].ExpirationDate = civil.Date{}
	e := engineOfProfile(t, cs)
	dallas := func() *wire.Customer {
		return &wire.Customer{Destination: &wire.Location{StreetAddress1: "1500 Marilla St", City: "Dallas", MainDivision: "TX", PostalCode: "75201", Country: "US"}}
	}
	run := func(req *wire.SaleRequest) wire.SaleResponseLineItem {
		t.Helper()
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0]
	}

	req := profileSale("C-1", "GENERAL")
	req.LineItems[0].Customer = dallas()
	l := run(req)
	if l.TotalTax.IsZero() {
		t.Errorf("the line's own customer got the document customer's certificate")
	}
	want := wire.AssistedParameter{ParamName: "lineItems[0].customer.customerCode", Phase: wire.PhasePre, RuleName: CustomerCodeLostRule}
	if len(l.AssistedParameters) != 1 {
		t.Fatalf("parameters %+v, want one %s", l.AssistedParameters, CustomerCodeLostRule)
	}
	p := l.AssistedParameters[0]
	if p.ParamName != want.ParamName || p.Phase != want.Phase || p.RuleName != want.RuleName || !strings.Contains(p.Value, "customer C-1") {
		t.Errorf("parameter %+v, want %+v naming C-1", p, want)
	}

	// A child line under that line inherits its customer: flagged, with
	// the member that lacks the code.
	parent := profileSale("C-1", "GENERAL")
	parent.LineItems[0].Customer = dallas()
	parent.LineItems[0].IsMulticomponent = true
	child := parent.LineItems[0]
	child.Customer, child.IsMulticomponent, child.LineItemID = nil, false, "1.1"
	parent.LineItems[0].LineItems = []wire.SaleLineItem{child}
	r, err := e.Sale(context.Background(), parent)
	if err != nil {
		t.Fatal(err)
	}
	kid := r.LineItems[0].LineItems[0]
	if len(kid.AssistedParameters) != 1 || kid.AssistedParameters[0].ParamName != "lineItems[0].customer.customerCode" ||
		kid.AssistedParameters[0].RuleName != CustomerCodeLostRule {
		t.Errorf("child line's parameters %+v", kid.AssistedParameters)
	}

	// The line's customer with the code: exempt, nothing to say.
	req = profileSale("C-1", "GENERAL")
	req.LineItems[0].Customer = dallas()
	req.LineItems[0].Customer.CustomerCode = &wire.CustomerCode{Value: "C-1"}
	if l := run(req); !l.TotalTax.IsZero() || len(l.AssistedParameters) != 0 {
		t.Errorf("line customer C-1: tax %s, parameters %+v", l.TotalTax, l.AssistedParameters)
	}
	// A document customer the profile does not hold, or none: nothing.
	for _, code := range []string{"C-9", ""} {
		req = profileSale(code, "GENERAL")
		req.LineItems[0].Customer = dallas()
		if l := run(req); len(l.AssistedParameters) != 0 {
			t.Errorf("document customer %q: parameters %+v", code, l.AssistedParameters)
		}
	}
}

// TestProfileSentCertificateOfOtherCustomer: a sale whose request sends,
// for its customer, a certificate number that the tenant's profile holds
// for another customer stays exempt (the request wins) and says so,
// naming the customer that holds it; a number the request's customer
// holds itself, in force, says nothing even when another customer holds
// the same number (a request without a customerCode is
// TestProfileSentCertificateWithoutCustomerCode's).
func TestProfileSentCertificateOfOtherCustomer(t *testing.T) {
	d := civil.MustParse
	cert := func(number, customer string) profile.Certificate {
		return profile.Certificate{Number: number, CustomerCode: customer, Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")}
	}
	cs := profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-1"}, {Code: "C-2"}},
		Certificates: []profile.Certificate{cert("TX-1", "C-1"), cert("SHARED", "C-1"), cert("SHARED", "C-2")},
	}
	e := engineOfProfile(t, cs)
	sale := func(customer, number string) wire.SaleResponseLineItem {
		t.Helper()
		return sentCertificateSale(t, e, customer, number)
	}
	for _, customer := range []string{"C-2", "C-3", " C-2 "} {
		l := sale(customer, " TX-1")
		if len(l.AssistedParameters) != 1 {
			t.Errorf("%q: parameters %+v, want one %s", customer, l.AssistedParameters, SentOtherCustomerRule)
			continue
		}
		p := l.AssistedParameters[0]
		if p.RuleName != SentOtherCustomerRule || p.ParamName != "exemptionCertificate" || p.OriginalValue != "TX-1" ||
			!strings.Contains(p.Value, "certificate TX-1 for customer C-1, not for customer "+strings.TrimSpace(customer)) {
			t.Errorf("%q: %+v", customer, p)
		}
	}
	for _, c := range []struct{ customer, number string }{
		{"C-1", "TX-1"},   // its own
		{"C-2", "SHARED"}, // its own, which C-1 holds too
		{"C-2", "NOPE"},   // nobody's
	} {
		if l := sale(c.customer, c.number); len(l.AssistedParameters) != 0 {
			t.Errorf("customer %q number %s: parameters %+v", c.customer, c.number, l.AssistedParameters)
		}
	}
}

// TestDistributeKeepsCertificateExemption: DISTRIBUTE_TAX spreads the
// input tax over the taxes that are charged; a tax that a stored
// certificate exempts (Dallas's, for C-1's certificate of the city)
// keeps its rule, customer-certificate, and its exempt amount, the
// line's amount, or the base the input derives when the line sends no
// amount, so that the journal's exempt figures count the sale.
func TestDistributeKeepsCertificateExemption(t *testing.T) {
	cs := lapsedProfile()
	cs.Certificates[0].ExpirationDate = civil.Date{}
	cs.Certificates[0].Jurisdictions = []string{"US-4819000"}
	e := engineOfProfile(t, cs)
	for _, c := range []struct{ price, exempt string }{{"100.00", "100.00"}, {"", ""}} {
		req := profileSale("C-1", "GENERAL")
		req.SaleMessageType = wire.SaleDistributeTax
		req.LineItems[0].InputTotalTax = amt("8.25")
		if c.price == "" {
			req.LineItems[0].ExtendedPrice = nil
		}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		l := r.LineItems[0]
		if l.TotalTax.String() != "8.25" {
			t.Errorf("price %q: total tax %s, want the input 8.25", c.price, l.TotalTax)
		}
		var city *wire.Tax
		var stateTaxable string
		for i := range l.Taxes {
			switch x := &l.Taxes[i]; x.Jurisdiction.JurisdictionID {
			case "US-4819000":
				city = x
			case "US-TX":
				stateTaxable = x.Taxable.String()
			}
		}
		if city == nil {
			t.Fatalf("price %q: no tax of Dallas in %+v", c.price, l.Taxes)
		}
		want := c.exempt
		if want == "" {
			want = stateTaxable // the base the input derives
		}
		if city.TaxResult != wire.TaxResultExempt || city.CalculationRuleID == nil || city.CalculationRuleID.Value != CertificateRule ||
			city.Exempt.String() != want || !city.Taxable.IsZero() || !city.CalculatedTax.IsZero() ||
			city.CertificateNumber == nil || city.CertificateNumber.Value != "TX-OLD" {
			t.Errorf("price %q: Dallas's tax %s rule %v exempt %s taxable %s tax %s certificate %v, want exempt %s under %s",
				c.price, city.TaxResult, city.CalculationRuleID, city.Exempt, city.Taxable, city.CalculatedTax, city.CertificateNumber, want, CertificateRule)
		}
	}
}
