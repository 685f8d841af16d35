package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestStoredRegistrationOfATerritoryCountry: a registration stored in
// the tenant's profile under the ISO 3166-1 code of a special territory
// counts as its country's, as a request's registration does (AX, Åland,
// as Finland's; GP, Guadeloupe, as France's): a seller in Mariehamn whose
// stored registration is AX charges Finland's VAT on a sale within
// Åland, where it was taken as unregistered (NO_TAX).
func TestStoredRegistrationOfATerritoryCountry(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "ALAND", Jurisdiction: "AX", Number: "FI02454436"},
		{CompanyCode: "GUADELOUPE", Jurisdiction: "GP", Number: "FR40303265045"},
	}}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	sale := func(company string, from, to *wire.Location) *wire.SaleRequest {
		r := euSale("2026-06-01", "GENERAL", to, false)
		r.Seller = &wire.Seller{Company: company, PhysicalOrigin: from}
		return r
	}
	cases := []struct {
		name, juris, tax string
		req              *wire.SaleRequest
	}{
		{"within Åland, stored AX", "FI-01", "255.00", sale("ALAND",
			&wire.Location{City: "Mariehamn", PostalCode: "22100", Country: "FI"},
			&wire.Location{City: "Jomala", PostalCode: "22150", Country: "FI"})},
		{"within Guadeloupe, stored GP", "FR-971", "85.00", sale("GUADELOUPE",
			&wire.Location{City: "Pointe-à-Pitre", PostalCode: "97110", Country: "FR"},
			&wire.Location{City: "Les Abymes", PostalCode: "97139", Country: "FR"})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Sale(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			taxes := r.LineItems[0].Taxes
			if len(taxes) != 1 {
				t.Fatalf("%d taxes, want one: %+v", len(taxes), taxes)
			}
			tx := taxes[0]
			if tx.Jurisdiction.JurisdictionID != c.juris || tx.TaxResult != wire.TaxResultTaxable ||
				tx.NotRegisteredIndicator || tx.CalculatedTax.String() != c.tax {
				t.Errorf("got %s %s %s notRegistered %v; want %s TAXABLE %s registered",
					tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CalculatedTax, tx.NotRegisteredIndicator, c.juris, c.tax)
			}
		})
	}
}
