package taxreg

import "testing"

// TestValidateIdentity: a number of identity is checked as what it is: a
// Danish CVR number in its 8 digits (with or without DK), a Brazilian
// CNPJ given as a TIN as Brazil's number, and any other (a German trade
// register number, a United States FEIN, a TIN of a country whose VAT
// number is another number) not at all, without a VAT prefix added.
func TestValidateIdentity(t *testing.T) {
	for _, c := range []struct {
		kind, country, number string
		want                  Result
	}{
		{KindCommercialRegistration, "DK", "13 58 56 28", Result{true, "13585628", InfoSyntaxValid}},
		{KindCommercialRegistration, "DK", "DK13585628", Result{true, "13585628", InfoSyntaxValid}},
		{KindCommercialRegistration, "DK", "13585629", Result{false, "13585629", InfoSyntaxInvalid}},
		{KindCommercialRegistration, "DK", "1358562", Result{false, "1358562", InfoSyntaxInvalid}},
		{KindCommercialRegistration, "DE", "HRB 86891", Result{false, "HRB86891", InfoValidationNotAvailable}},
		{KindTIN, "BR", "11.222.333/0001-81", Result{true, "BR11222333000181", InfoSyntaxValid}},
		{KindTIN, "DK", "13585628", Result{false, "13585628", InfoValidationNotAvailable}},
		{"Federal Employer Identification Number (FEIN)", "US", "12-3456789", Result{false, "123456789", InfoValidationNotAvailable}},
	} {
		if got := ValidateIdentity(c.kind, c.country, c.number); got != c.want {
			t.Errorf("%s %s %q: %+v, want %+v", c.kind, c.country, c.number, got, c.want)
		}
	}
}
