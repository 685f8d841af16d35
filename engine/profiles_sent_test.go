package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestProfileSentCertificateState: a sale whose request sends an
// exemptionCertificate number stays exempt, as the request wins, but when
// the tenant's profile holds that number for the customer as a
// certificate that would not cover the line's taxes on its date, the
// line says so once, naming the stored certificate's state; a number the
// profile does not know and a certificate in force say nothing (a number
// held by another customer, or sent without a customer code, is
// TestProfileSentCertificateOfOtherCustomer's and
// TestProfileSentCertificateWithoutCustomerCode's).
func TestProfileSentCertificateState(t *testing.T) {
	d := civil.MustParse
	tx := func(number string) profile.Certificate {
		return profile.Certificate{Number: number, CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")}
	}
	old := tx("OLD")
	old.EffectiveDate, old.ExpirationDate = d("2024-01-01"), d("2025-12-31")
	next := tx("NEXT")
	next.EffectiveDate = d("2027-01-01")
	rev := tx("REV")
	rev.Status, rev.RevokedDate = profile.StatusRevoked, d("2026-03-01")
	once := tx("ONCE")
	once.TransactionID = "INV-7"
	cloth := tx("CLOTH")
	cloth.ProductClasses = []string{"CLOTHING"}
	ca := tx("CA")
	ca.Jurisdictions = []string{"CA"}
	dallas := tx("DALLAS")
	dallas.Jurisdictions = []string{"US-4819000"}
	dallasOld := dallas
	dallasOld.Number, dallasOld.ExpirationDate = "DALLAS-OLD", d("2026-05-31")
	cs := profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{old, next, rev, once, cloth, ca, dallas, dallasOld, tx("GOOD")},
	}
	e := engineOfProfile(t, cs)
	sale := func(customer, number string) wire.SaleResponseLineItem {
		t.Helper()
		l := sentCertificateSale(t, e, customer, number)
		for _, x := range l.Taxes {
			if x.TaxResult != wire.TaxResultExempt || x.CertificateNumber == nil || x.CertificateNumber.Value != number {
				t.Errorf("%s: tax of %s %s certificate %+v", number, x.Jurisdiction.JurisdictionID, x.TaxResult, x.CertificateNumber)
			}
		}
		return l
	}
	for _, c := range []struct {
		number, rule, says string
	}{
		{"OLD", "sent-certificate-expired", "certificate OLD of customer C-1, which expired on 2025-12-31, before the tax date 2026-06-01"},
		{"NEXT", "sent-certificate-not-yet-valid", "which takes effect on 2027-01-01, after the tax date 2026-06-01"},
		{"REV", "sent-certificate-revoked", "which was revoked on 2026-03-01"},
		{"ONCE", "sent-certificate-other-transaction", "which is for transaction INV-7 only, and this one has no transactionId"},
		{"CLOTH", "sent-certificate-other-class", "which covers CLOTHING, not GENERAL"},
		{"CA", "sent-certificate-other-jurisdiction", "which covers US-CA, not US-TX"},
		// A certificate of Dallas leaves the state's tax uncovered.
		{"DALLAS", "sent-certificate-other-jurisdiction", "which covers US-4819000, not US-TX"},
		// Expired where it covers, outside elsewhere: the expiry is said.
		{"DALLAS-OLD", "sent-certificate-expired", "which expired on 2026-05-31"},
		// Padded as an ERP pads it.
		{" OLD ", "sent-certificate-expired", "which expired on 2025-12-31"},
	} {
		l := sale("C-1", c.number)
		if len(l.AssistedParameters) != 1 {
			t.Errorf("%s: parameters %+v, want one %s", c.number, l.AssistedParameters, c.rule)
			continue
		}
		p := l.AssistedParameters[0]
		if p.RuleName != c.rule || p.ParamName != "exemptionCertificate" || p.OriginalValue != strings.TrimSpace(c.number) ||
			!strings.Contains(p.Value, c.says) || !strings.Contains(p.Value, "exempts the taxes all the same") {
			t.Errorf("%s: %+v, want %s saying %q", c.number, p, c.rule, c.says)
		}
	}
	for _, c := range []struct{ customer, number string }{
		{"C-1", "GOOD"}, // in force: nothing to say
		{"C-1", "NOPE"}, // a number the profile does not hold
		{"C-1", "old"},  // numbers match case included
	} {
		if l := sale(c.customer, c.number); len(l.AssistedParameters) != 0 {
			t.Errorf("customer %q number %s: parameters %+v", c.customer, c.number, l.AssistedParameters)
		}
	}
}

// sentCertificateSale sells a GENERAL line in Texas to customer with the
// exemption certificate number sent on the request, checks that the
// number still exempts the whole sale, and returns the line.
func sentCertificateSale(t *testing.T, e *Engine, customer, number string) wire.SaleResponseLineItem {
	t.Helper()
	req := profileSale(customer, "GENERAL")
	req.Customer.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: number}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if !r.TotalTax.IsZero() {
		t.Errorf("%s %s: the request's certificate no longer exempts the sale: total tax %s", customer, number, r.TotalTax)
	}
	return r.LineItems[0]
}
