package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/profilecase"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestProfilePaddedCodes sends the codes of the example's records with
// the spaces an ERP pads a fixed-width field with: the stored codes have
// none (the profile trims them), and the calculation finds the records
// all the same. A customer code " C-1 " is exempt by C-1's Texas
// certificate, a seller company "CA-ONLY " has its stored registrations
// (California only: no nexus in Dallas), and a product code " CRM-SEAT"
// takes the class it is mapped to. A code that differs in case is
// another code.
func TestProfilePaddedCodes(t *testing.T) {
	store := profile.NewMemory()
	profilecase.Load(t, store)
	e, _ := profileEngine(t, store)
	ctx := levy.WithTenant(context.Background(), profilecase.Tenant)
	sale := func(req *wire.SaleRequest) *wire.SaleResponse {
		t.Helper()
		r, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}

	for _, code := range []string{" C-1", "C-1 ", "  C-1  "} {
		r := sale(profileSale(code, "GENERAL"))
		for _, tx := range r.LineItems[0].Taxes {
			if tx.TaxResult != wire.TaxResultExempt || tx.CertificateNumber == nil || tx.CertificateNumber.Value != profilecase.Resale {
				t.Errorf("customer %q: the tax of %s is %s, certificate %+v", code, tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CertificateNumber)
			}
		}
	}
	if r := sale(profileSale("c-1", "GENERAL")); r.TotalTax.IsZero() {
		t.Error("customer c-1 is not C-1, yet its sale is exempt")
	}

	req := profileSale("", "GENERAL")
	req.Seller.Company = "CA-ONLY "
	if state := taxOf(t, sale(req).LineItems[0].Taxes, "US-TX"); !state.NotRegisteredIndicator {
		t.Errorf("seller company %q, registered in California only: the Texas tax is %s, not registered %v",
			req.Seller.Company, state.TaxResult, state.NotRegisteredIndicator)
	}

	req = profileSale("", "")
	req.LineItems[0].Product = &wire.Product{Value: " " + profilecase.SaaSSKU}
	r := sale(req)
	if got := r.LineItems[0].Product; got == nil || got.ProductClass != "SAAS" {
		t.Errorf("product code %q: class %+v, want SAAS; parameters %+v", req.LineItems[0].Product.Value, got, r.LineItems[0].AssistedParameters)
	}
}
