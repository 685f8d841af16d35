package taxreg

import "testing"

// TestValidateScheme: Import One Stop Shop numbers (IM, the member state
// of identification's ISO 3166-1 numeric code, six digits and a check
// digit) and non-Union scheme numbers (EU, the code, five digits and a
// check digit) are checked in their own form, not as a member state's
// VAT number, which they never are.
func TestValidateScheme(t *testing.T) {
	for _, c := range []struct {
		scheme        Scheme
		state, number string
		valid         bool
		norm          string
	}{
		{SchemeImport, "IE", "IM3720000011", true, "IM3720000011"},
		{SchemeImport, "IE", "im 372 000 001 1", true, "IM3720000011"},
		{SchemeImport, "IE", "3720000011", true, "IM3720000011"},
		{SchemeImport, "NL", "IM5281234567", true, "IM5281234567"},
		{SchemeImport, "GR", "IM3001234567", true, "IM3001234567"},
		{SchemeImport, "EL", "IM3001234567", true, "IM3001234567"},
		{SchemeImport, "DE", "IM3720000011", false, "IM3720000011"}, // Ireland's code under Germany
		{SchemeImport, "IE", "IM372000001", false, "IM372000001"},   // nine digits
		{SchemeImport, "IE", "IM37200000111", false, "IM37200000111"},
		{SchemeImport, "IE", "IM37200000A1", false, "IM37200000A1"},
		{SchemeImport, "IE", "EU372000001", false, "IMEU372000001"},
		{SchemeImport, "XI", "IM9001234567", true, "IM9001234567"}, // HMRC's code: the form alone
		{SchemeImport, "", "IM0401234567", true, "IM0401234567"},
		{SchemeNonUnion, "FR", "EU250000019", true, "EU250000019"},
		{SchemeNonUnion, "IE", "EU 372022452", true, "EU372022452"},
		{SchemeNonUnion, "IE", "EU3720224521", false, "EU3720224521"},
		{SchemeNonUnion, "DE", "EU250000019", false, "EU250000019"},
		{SchemeNonUnion, "FR", "IM2500000191", false, "EUIM2500000191"},
	} {
		r := ValidateScheme(c.scheme, c.state, c.number)
		want := InfoSyntaxInvalid
		if c.valid {
			want = InfoSyntaxValid
		}
		if r.IsSyntaxValid != c.valid || r.Info != want || r.Normalized != c.norm {
			t.Errorf("%s %s %q: %+v, want valid %v, %s", c.scheme, c.state, c.number, r, c.valid, c.norm)
		}
	}
	if r := ValidateScheme("Union Scheme", "DE", "DE136695976"); r.Info != InfoValidationNotAvailable {
		t.Errorf("an unknown scheme: %+v", r)
	}
	// The scheme numbers fail as their member state's VAT numbers, which
	// is how they were checked before.
	if r := Validate("IE", "IM3720000011"); r.IsSyntaxValid {
		t.Errorf("an IOSS number as an Irish VAT number: %+v", r)
	}
}

// FuzzValidateScheme: ValidateScheme never panics, and a valid number's
// normalized form is valid again.
func FuzzValidateScheme(f *testing.F) {
	f.Add("IM3720000011", "IE")
	f.Add("EU372022452", "")
	f.Fuzz(func(t *testing.T, number, state string) {
		for _, s := range []Scheme{SchemeImport, SchemeNonUnion} {
			r := ValidateScheme(s, state, number)
			if r.IsSyntaxValid && !ValidateScheme(s, state, r.Normalized).IsSyntaxValid {
				t.Errorf("%q valid, its normal form %q not", number, r.Normalized)
			}
		}
	})
}
