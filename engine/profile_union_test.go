package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestStoredUnionSchemeAgreesWithTheReport: a tenant profile's
// registration of jurisdiction "EU", which the nexus report reads as the
// Union scheme (docs/nexus.md), is the Union scheme in a calculation too
// (profile.Registration.UnionScheme): a Dutch seller with its Dutch VAT
// registration and such a registration sells EUR 100.00 of goods from
// Amsterdam to a consumer in Paris and charges French VAT of 20.00 (the
// Union scheme, eu-b2c-destination). Before, the stored "EU"
// registration was read as a registration in a country "EU", covering
// nothing: the sale was NO_TAX ("not registered" in France). An "EU"
// registration for the Import One Stop Shop is not the Union scheme (the
// sale stays NO_TAX), and one of type "Union Scheme" under the member
// state of identification, as Levy's profile routes store it, is (20.00).
func TestStoredUnionSchemeAgreesWithTheReport(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	since := civil.MustParse("2021-01-01")
	nl := func(company string) profile.Registration {
		return profile.Registration{CompanyCode: company, Jurisdiction: "NL", Number: "NL000099998B57", Type: "VAT Registration", EffectiveDate: since}
	}
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		nl("EUROW"), {CompanyCode: "EUROW", Jurisdiction: "EU", Number: "NL000099998B57", EffectiveDate: since},
		nl("IOSS"), {CompanyCode: "IOSS", Jurisdiction: "EU", Number: "IM5280000011", Type: "Import One Stop Shop", EffectiveDate: since},
		nl("TYPED"), {CompanyCode: "TYPED", Jurisdiction: "NL", Number: "NL000099998B57-OSS", Type: "Union Scheme", EffectiveDate: since},
	}}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	for _, c := range []struct {
		company, want string
	}{
		{"EUROW", "FR:TAXABLE:20.00:eu-b2c-destination"},
		{"IOSS", "FR:NO_TAX:0.00:eu-b2c-destination"},
		{"TYPED", "FR:TAXABLE:20.00:eu-b2c-destination"},
	} {
		r, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:    &wire.Seller{Company: c.company, PhysicalOrigin: &wire.Location{City: "Amsterdam", PostalCode: "1012 JS", Country: "NL"}},
			Customer:  &wire.Customer{Destination: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
		if err != nil {
			t.Fatalf("%s: %v", c.company, err)
		}
		if got, _ := schemeLine(&r.LineItems[0]); got != c.want {
			t.Errorf("%s: %s, want %s", c.company, got, c.want)
		}
	}
}
