package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestProfileSentCertificateWithoutCustomerCode: a sale whose request
// names no customer (no customerCode, or one of spaces) but sends an
// exemptionCertificate number that the tenant's profile holds for a
// customer stays exempt (the request wins) and says so as a request with
// another customer's code does (sent-certificate-other-customer), naming
// the customer that holds it; so does a line whose own customer, sent
// without a code, replaced a stored document customer, beside its
// line-customer-without-code. A number no customer holds says nothing.
//
// Before, only a request with a customerCode was compared: a number sent
// without one said nothing.
func TestProfileSentCertificateWithoutCustomerCode(t *testing.T) {
	d := civil.MustParse
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1"}, {Code: "C-2"}},
		Certificates: []profile.Certificate{
			{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
			{Number: "TX-2", CustomerCode: "C-2", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
			{Number: "OLD", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2024-01-01"), ExpirationDate: d("2025-12-31")},
		},
	}
	e := engineOfProfile(t, cs)
	run := func(req *wire.SaleRequest) wire.SaleResponseLineItem {
		t.Helper()
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if !r.TotalTax.IsZero() {
			t.Errorf("the request's certificate no longer exempts the sale: total tax %s", r.TotalTax)
		}
		return r.LineItems[0]
	}
	other := func(name string, l wire.SaleResponseLineItem, number, holder string) {
		t.Helper()
		for _, p := range l.AssistedParameters {
			if p.RuleName != SentOtherCustomerRule {
				continue
			}
			if p.ParamName != "exemptionCertificate" || p.Phase != wire.PhasePost || p.OriginalValue != number ||
				!strings.Contains(p.Value, "certificate "+number+" for customer "+holder+", and the request sends no customerCode") {
				t.Errorf("%s: %+v", name, p)
			}
			return
		}
		t.Errorf("%s: parameters %+v, want %s naming %s", name, l.AssistedParameters, SentOtherCustomerRule, holder)
	}

	for _, code := range []string{"", "   "} {
		req := profileSale("", "GENERAL")
		if code != "" {
			req.Customer.CustomerCode = &wire.CustomerCode{Value: code}
		}
		req.Customer.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: " TX-1"}
		l := run(req)
		if len(l.AssistedParameters) != 1 {
			t.Errorf("code %q: parameters %+v, want one", code, l.AssistedParameters)
		}
		other(fmt.Sprintf("code %q", code), l, "TX-1", "C-1")
	}

	// A number no customer holds: nothing to say.
	req := profileSale("", "GENERAL")
	req.Customer.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: "NOPE"}
	if l := run(req); len(l.AssistedParameters) != 0 {
		t.Errorf("number nobody holds: parameters %+v", l.AssistedParameters)
	}

	// The line's own customer, without a code, under document customer
	// C-2, sends C-1's number: both said.
	req = profileSale("C-2", "GENERAL")
	req.LineItems[0].Customer = &wire.Customer{Destination: req.Customer.Destination,
		ExemptionCertificate: &wire.ExemptionCertificate{ExemptionCertificateNumber: "TX-1"}}
	l := run(req)
	lost := 0
	for _, p := range l.AssistedParameters {
		if p.RuleName == CustomerCodeLostRule && strings.Contains(p.Value, "customer C-2") {
			lost++
		}
	}
	if len(l.AssistedParameters) != 2 || lost != 1 {
		t.Errorf("line customer without a code: parameters %+v, want %s and %s", l.AssistedParameters, CustomerCodeLostRule, SentOtherCustomerRule)
	}
	other("line customer without a code", l, "TX-1", "C-1")

	// C-1's expired certificate sent without a code: the holder is said,
	// once, its state being that customer's business.
	req = profileSale("", "GENERAL")
	req.Customer.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: "OLD"}
	l = run(req)
	if len(l.AssistedParameters) != 1 {
		t.Errorf("expired certificate without a code: parameters %+v, want one", l.AssistedParameters)
	}
	other("expired certificate without a code", l, "OLD", "C-1")
}
