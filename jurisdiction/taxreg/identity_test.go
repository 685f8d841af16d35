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
		// Icelandic kennitölur: a company's of 2000 whose ninth digit is
		// the old modulus 11 check digit, and one (as issued since 18
		// February 2026) whose ninth digit is not, are both valid; the
		// form and the century digit are checked.
		{KindCommercialRegistration, "IS", "550500-3530", Result{true, "5505003530", InfoSyntaxValid}},
		{KindCommercialRegistration, "IS", "5505003530", Result{true, "5505003530", InfoSyntaxValid}},
		{KindCommercialRegistration, "IS", "410799-2759", Result{true, "4107992759", InfoSyntaxValid}},
		{KindCommercialRegistration, "IS", "120160-3389", Result{true, "1201603389", InfoSyntaxValid}},
		{KindCommercialRegistration, "IS", "010185-2418", Result{true, "0101852418", InfoSyntaxValid}},
		{KindCommercialRegistration, "IS", "550500-353", Result{false, "550500353", InfoSyntaxInvalid}},
		{KindCommercialRegistration, "IS", "55050035301", Result{false, "55050035301", InfoSyntaxInvalid}},
		{KindCommercialRegistration, "IS", "550500-3535", Result{false, "5505003535", InfoSyntaxInvalid}}, // no century 5
		{KindCommercialRegistration, "IS", "KT-55050035", Result{false, "KT55050035", InfoSyntaxInvalid}},
		{KindTIN, "IS", "5505003530", Result{false, "5505003530", InfoValidationNotAvailable}},
		{KindTIN, "DK", "13585628", Result{false, "13585628", InfoValidationNotAvailable}},
		{"Federal Employer Identification Number (FEIN)", "US", "12-3456789", Result{false, "123456789", InfoValidationNotAvailable}},
	} {
		if got := ValidateIdentity(c.kind, c.country, c.number); got != c.want {
			t.Errorf("%s %s %q: %+v, want %+v", c.kind, c.country, c.number, got, c.want)
		}
	}
}
