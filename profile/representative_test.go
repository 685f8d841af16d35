package profile_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// goodRepresentative is a fiscal representative that passes every check.
func goodRepresentative() *profile.Representative {
	return &profile.Representative{Name: "Steuer Vertretung GmbH", Number: "DE136695976",
		Address: &profile.RepresentativeAddress{Street1: "Hauptstr. 1", City: "Berlin", PostalCode: "10115", Country: "DE"}}
}

// TestRepresentativeRefusalsNameTheField: each bad member of a stored
// registration's fiscal representative is refused with one EInvalid
// error whose field is its JSON path in the change set.
func TestRepresentativeRefusalsNameTheField(t *testing.T) {
	reg := func(f func(r *profile.Representative)) profile.ChangeSet {
		rep := goodRepresentative()
		f(rep)
		return profile.ChangeSet{Registrations: []profile.Registration{{CompanyCode: "ACME", Jurisdiction: "DE", Number: "DE999999999",
			Representative: rep}}}
	}
	const p = "registrations[0].representative"
	for _, tc := range []struct {
		name  string
		cs    profile.ChangeSet
		field string
		msg   string
	}{
		{"no name", reg(func(r *profile.Representative) { r.Name = " " }), p + ".name", "required"},
		{"name too long", reg(func(r *profile.Representative) { r.Name = strings.Repeat("n", 201) }), p + ".name", "at most 200"},
		{"name with a control character", reg(func(r *profile.Representative) { r.Name = "A\x07B" }), p + ".name", "control character"},
		{"no number", reg(func(r *profile.Representative) { r.Number = "" }), p + ".number", "required"},
		{"number too long", reg(func(r *profile.Representative) { r.Number = strings.Repeat("9", 41) }), p + ".number", "at most 40"},
		{"no address", reg(func(r *profile.Representative) { r.Address = nil }), p + ".address.country", "required"},
		{"no country", reg(func(r *profile.Representative) { r.Address.Country = "" }), p + ".address.country", "required"},
		{"no such country", reg(func(r *profile.Representative) { r.Address.Country = "ZZ" }), p + ".address.country", "not a country"},
		{"a country's name unknown to the host", reg(func(r *profile.Representative) { r.Address.Country = "Atlantis" }), p + ".address.country", "not a country"},
		{"street too long", reg(func(r *profile.Representative) { r.Address.Street1 = strings.Repeat("s", 101) }), p + ".address.street1", "at most 100"},
		{"second street too long", reg(func(r *profile.Representative) { r.Address.Street2 = strings.Repeat("s", 101) }), p + ".address.street2", "at most 100"},
		{"city too long", reg(func(r *profile.Representative) { r.Address.City = strings.Repeat("c", 61) }), p + ".address.city", "at most 60"},
		{"main division too long", reg(func(r *profile.Representative) { r.Address.MainDivision = strings.Repeat("m", 61) }), p + ".address.mainDivision", "at most 60"},
		{"postal code too long", reg(func(r *profile.Representative) { r.Address.PostalCode = strings.Repeat("1", 21) }), p + ".address.postalCode", "at most 20"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := dataset(t)
			v.Country = func(name string) (string, bool) {
				if strings.EqualFold(name, "Germany") {
					return "DE", true
				}
				return "", false
			}
			err := v.Check(&tc.cs)
			var list levy.Errors
			if !errors.As(err, &list) {
				t.Fatalf("Check: %v, want a levy.Errors", err)
			}
			if len(list) != 1 || list[0].Field != tc.field || list[0].Code != levy.EInvalid || !strings.Contains(list[0].Message, tc.msg) {
				t.Fatalf("Check: %v; want one EInvalid error of %s saying %q", err, tc.field, tc.msg)
			}
		})
	}
}

// TestRepresentativeNormalized: the members are trimmed and the country
// stored as its alpha-2 code, whether written as one in lower case, as
// an alpha-3 code, or as a name that the host reads; a validator
// without Country takes the ISO codes alone.
func TestRepresentativeNormalized(t *testing.T) {
	for _, tc := range []struct {
		country string
		host    bool
		want    string
	}{
		{" de ", false, "DE"},
		{"DEU", false, "DE"},
		{"fra", false, "FR"},
		{"Germany", true, "DE"},
	} {
		v := dataset(t)
		if tc.host {
			v.Country = func(name string) (string, bool) { return "DE", name == "Germany" }
		}
		cs := profile.ChangeSet{Registrations: []profile.Registration{{Jurisdiction: "DE", Number: "DE999999999",
			Representative: &profile.Representative{Name: " Vertreter AG ", Number: " DE136695976 ",
				Address: &profile.RepresentativeAddress{City: " Köln ", Country: tc.country}}}}}
		if err := v.Check(&cs); err != nil {
			t.Fatalf("%q: Check: %v", tc.country, err)
		}
		rep := cs.Registrations[0].Representative
		want := profile.Representative{Name: "Vertreter AG", Number: "DE136695976"}
		if rep.Name != want.Name || rep.Number != want.Number || rep.Address.City != "Köln" || rep.Address.Country != tc.want {
			t.Errorf("%q: normalised to %+v %+v, want country %s and the members trimmed", tc.country, *rep, *rep.Address, tc.want)
		}
	}
	cs := profile.ChangeSet{Registrations: []profile.Registration{{Jurisdiction: "DE", Number: "DE999999999",
		Representative: &profile.Representative{Name: "Vertreter AG", Number: "DE136695976", Address: &profile.RepresentativeAddress{Country: "Germany"}}}}}
	var list levy.Errors
	if err := dataset(t).Check(&cs); !errors.As(err, &list) || len(list) != 1 || list[0].Field != "registrations[0].representative.address.country" {
		t.Errorf("a country's name without the host's Country: %v, want a refusal of the country", err)
	}
}
