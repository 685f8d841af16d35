package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction/taxreg"
	"github.com/levytax/levy/wire"
)

// unregisteredValidator is a VAT number service (VIES, say) that knows
// no number as registered for VAT.
type unregisteredValidator struct{}

func (unregisteredValidator) Name() string { return "unregistered" }

func (unregisteredValidator) Validate(context.Context, string, string) (bool, error) {
	return false, nil
}

// TestIdentityNumberIsNotValidatedAsVAT: a customer in Copenhagen sends
// its numbers of identity beside its Danish VAT number, with a VAT number
// service configured that knows none of them as registered for VAT. Each
// number of identity is checked as what it is, never as a VAT number:
//
//   - its CVR number as a Commercial Registration: a CVR number of valid
//     check digits, in its 8 digits (13585628), and the VAT number service
//     is not asked about it. Before, it was checked and written as the
//     Danish VAT number DK13585628, and reported invalid when the service
//     did not know it as registered for VAT;
//   - a CVR number whose check digit is wrong: of invalid syntax, in its
//     8 digits;
//   - a German trade register number (HRB 86891) as a Commercial
//     Registration: not checked (Levy has no check of such numbers), as
//     written without separators. Before, it was reported as a German VAT
//     number of invalid syntax, DEHRB86891;
//   - a Brazilian CNPJ as a Tax Identification Number, which is Brazil's
//     tax identification number: checked as before, of valid syntax, and
//     the VAT number service not asked;
//   - a United States FEIN: not checked, as before.
//
// Its Danish VAT number is asked about as before (INVALID_EXTERNALLY).
func TestIdentityNumberIsNotValidatedAsVAT(t *testing.T) {
	if taxreg.KindCommercialRegistration != string(wire.TaxRegistrationTypeCommercialRegistration) ||
		taxreg.KindTIN != string(wire.TaxRegistrationTypeTIN) {
		t.Fatal("taxreg's kinds of identity are not the wire's taxRegistrationType")
	}
	e, err := New(context.Background(), WithNumberValidator(unregisteredValidator{}),
		WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	badCVR := wire.TaxRegistration{ISOCountryCode: "DK", TaxRegistrationNumber: "13585629", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}
	hrb := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "HRB 86891", TaxRegistrationType: wire.TaxRegistrationTypeCommercialRegistration}
	cnpj := wire.TaxRegistration{ISOCountryCode: "BR", TaxRegistrationNumber: "11.222.333/0001-81", TaxRegistrationType: wire.TaxRegistrationTypeTIN}
	r, err := e.Sale(context.Background(), euSale("2026-06-01", "GENERAL", copenhagen, false, dkCVR, badCVR, hrb, cnpj, usFEIN, dkVAT))
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		info, normalized   string
		syntaxValid, valid string // "" for not given
		service            string
	}
	flag := func(b *bool) string {
		switch {
		case b == nil:
			return ""
		case *b:
			return "true"
		}
		return "false"
	}
	want := []result{
		{string(wire.ValidationInfoValidationNotAvailable), "13585628", "true", "", ""},
		{string(wire.ValidationInfoSyntaxInvalid), "13585629", "false", "", ""},
		{string(wire.ValidationInfoValidationNotAvailable), "HRB86891", "", "", ""},
		{string(wire.ValidationInfoValidationNotAvailable), "BR11222333000181", "true", "", ""},
		{string(wire.ValidationInfoValidationNotAvailable), "123456789", "", "", ""},
		{string(wire.ValidationInfoInvalidExternally), "DK13585628", "true", "false", "unregistered"},
	}
	regs := r.Customer.TaxRegistrations
	if len(regs) != len(want) {
		t.Fatalf("%d registrations in the response, want %d", len(regs), len(want))
	}
	for i, w := range want {
		vr := regs[i].ValidationResult
		if vr == nil {
			t.Errorf("%s %q: no validation result", regs[i].TaxRegistrationType, regs[i].TaxRegistrationNumber)
			continue
		}
		got := result{string(vr.ValidationInfo), vr.TaxRegistrationNumberNormalized, flag(vr.IsSyntaxValid), flag(vr.IsValid), vr.TaxNumberService}
		if got != w {
			t.Errorf("%s %q: %+v, want %+v", regs[i].TaxRegistrationType, regs[i].TaxRegistrationNumber, got, w)
		}
	}
}

// TestTINRegistersNoTaxSaysSo: a Tax Identification Number sent for a
// whole country registers its party for no tax, which a caller whose
// country's VAT registration number is the TIN would not expect: the
// line says so (IdentityTINRule), naming the member, and that such a
// number is sent as a VAT Registration. A TIN sent for a state, a FEIN
// and a VAT number draw no such parameter. Before, the line said nothing
// and the number was silently left out.
func TestTINRegistersNoTaxSaysSo(t *testing.T) {
	e := testEngine(t)
	nyTIN := usTIN
	nyTIN.MainDivision = "NY"
	for _, c := range []struct {
		name string
		regs []wire.TaxRegistration
		want []string // paramNames of the rule
	}{
		{"a TIN", []wire.TaxRegistration{deNumber, usTIN}, []string{"seller.taxRegistrations[1].taxRegistrationType"}},
		{"a TIN for New York", []wire.TaxRegistration{deNumber, nyTIN}, nil},
		{"a FEIN", []wire.TaxRegistration{deNumber, usFEIN}, nil},
	} {
		r, err := e.Sale(context.Background(), usGoodsSale(c.regs...))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for _, p := range r.LineItems[0].AssistedParameters {
			if p.RuleName != IdentityTINRule {
				continue
			}
			got = append(got, p.ParamName)
			if p.OriginalValue != string(wire.TaxRegistrationTypeTIN) || p.Phase != wire.PhasePre ||
				!strings.Contains(p.Value, `"VAT Registration"`) {
				t.Errorf("%s: parameter %+v, want the TIN's type and the advice to send a VAT Registration", c.name, p)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %s parameters %v, want %v", c.name, IdentityTINRule, got, c.want)
		}
	}
}
