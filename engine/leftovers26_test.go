package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
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
