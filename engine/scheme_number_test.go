package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestSchemeNumbers: the number given on a registration for the Import
// One Stop Shop (IM…) or the non-Union scheme (EU…) is checked as the
// scheme's number (taxreg.ValidateScheme: its form, and the numeric code
// of the member state of identification it is registered with), not as a
// VAT number of that member state. Before, such numbers were checked as
// Irish or French VAT numbers and reported TAX_NUMBER_SYNTAX_INVALID. A
// scheme number under another member state's code is invalid, and so is
// one given on an ordinary registration, as before.
func TestSchemeNumbers(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		name  string
		reg   wire.TaxRegistration
		valid bool
		info  wire.ValidationInfo
		norm  string
	}{
		{"IOSS number with Ireland", wire.TaxRegistration{ISOCountryCode: "IE", TaxRegistrationType: "Import One Stop Shop", TaxRegistrationNumber: "IM 372 000 0011"},
			true, wire.ValidationInfoValidationNotAvailable, "IM3720000011"},
		{"non-Union number with France", wire.TaxRegistration{ISOCountryCode: "FR", TaxRegistrationType: "Non-Union Scheme", TaxRegistrationNumber: "EU250000019"},
			true, wire.ValidationInfoValidationNotAvailable, "EU250000019"},
		{"IOSS number of Ireland given with Germany", wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationType: "Import One Stop Shop", TaxRegistrationNumber: "IM3720000011"},
			false, wire.ValidationInfoSyntaxInvalid, "IM3720000011"},
		{"IOSS number on an ordinary registration", wire.TaxRegistration{ISOCountryCode: "IE", TaxRegistrationNumber: "IM3720000011"},
			false, wire.ValidationInfoSyntaxInvalid, ""},
		{"Irish VAT number on an IOSS registration", wire.TaxRegistration{ISOCountryCode: "IE", TaxRegistrationType: "Import One Stop Shop", TaxRegistrationNumber: "IE6388047V"},
			false, wire.ValidationInfoSyntaxInvalid, ""},
	} {
		r, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller: &wire.Seller{PhysicalOrigin: &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"},
				TaxRegistrations: []wire.TaxRegistration{c.reg}},
			Customer:  &wire.Customer{Destination: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		vr := r.Seller.TaxRegistrations[0].ValidationResult
		if vr == nil || vr.IsSyntaxValid == nil || *vr.IsSyntaxValid != c.valid || vr.ValidationInfo != c.info ||
			c.norm != "" && vr.TaxRegistrationNumberNormalized != c.norm {
			t.Errorf("%s: %+v, want syntax valid %v, %s, %s", c.name, vr, c.valid, c.info, c.norm)
		}
	}
}
