package wire

import "testing"

// TestTaxRegistrationTypeIdentity: of the kinds of tax registration, the
// numbers that only identify a person (a trade register's, a FEIN, an
// SSN, a TIN) are identities; the others, and no kind, register for a
// tax.
func TestTaxRegistrationTypeIdentity(t *testing.T) {
	identity := map[TaxRegistrationType]bool{TaxRegistrationTypeCommercialRegistration: true, TaxRegistrationTypeFEIN: true,
		TaxRegistrationTypeSSN: true, TaxRegistrationTypeTIN: true}
	for _, typ := range append([]TaxRegistrationType{""}, taxRegistrationTypes...) {
		if got := typ.Identity(); got != identity[typ] {
			t.Errorf("%q: Identity %v, want %v", typ, got, identity[typ])
		}
	}
}
