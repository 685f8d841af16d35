package nexus_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestProfileIdentityNumberRegistersNoRow: a profile's number that only
// identifies the company (profile.Registration.IdentityOnly: its type is
// wire.TaxRegistrationType.Identity and it is stored under a whole
// country) registers no row of the report, as it registers the company
// nowhere in a calculation: a trade register number or a TIN stored under
// Canada. Before, each stood as Canada's GST/HST registration and its
// rows read registered. A FEIN stored under Texas is a registration in
// Texas under that number (a Texas taxpayer number is built on it), and
// registers the row as before; so do a Business Number under Canada, a
// State Identification Number under Texas, and a registration without a
// type.
func TestProfileIdentityNumberRegistersNoRow(t *testing.T) {
	since := civil.MustParse("2025-01-01")
	for _, c := range []struct {
		name, area string
		reg        profile.Registration
		registered bool
	}{
		{"a TIN under Canada", "CAN", profile.Registration{Jurisdiction: "CA", Number: "123456789", Type: wire.TaxRegistrationTypeTIN}, false},
		{"a commercial registration under Canada", "CAN", profile.Registration{Jurisdiction: "CA", Number: "1234567",
			Type: wire.TaxRegistrationTypeCommercialRegistration}, false},
		{"a FEIN under Texas", "TX", profile.Registration{Jurisdiction: "US-TX", Number: "12-3456789", Type: wire.TaxRegistrationTypeFEIN}, true},
		{"a Texas permit", "TX", profile.Registration{Jurisdiction: "US-TX", Number: "32012345678", Type: wire.TaxRegistrationTypeStateIdentification}, true},
		{"a Texas registration without a type", "TX", profile.Registration{Jurisdiction: "US-TX", Number: "32012345678"}, true},
		{"a Canadian business number", "CAN", profile.Registration{Jurisdiction: "CA", Number: "123456789RT0001", Type: wire.TaxRegistrationTypeBusinessNumber}, true},
	} {
		r := c.reg
		r.CompanyCode, r.EffectiveDate = "ACME", since
		snap := profile.Compile(&profile.Records{Registrations: []profile.Registration{r}})
		got := false
		for _, x := range nexus.ProfileRegistrations(snap, "ACME") {
			got = got || x.State == c.area
		}
		if got != c.registered {
			t.Errorf("%s: registers the %s row %v, want %v", c.name, c.area, got, c.registered)
		}
		rep, err := nexus.Build(context.Background(), journal.NewMemory(), rules(t), "acme",
			nexus.Options{AsOf: civil.MustParse("2026-04-01"), Profile: snap, Company: "ACME", CompanySet: true})
		if err != nil {
			t.Fatal(err)
		}
		if r := row(t, rep, "ACME", c.area); (r.Status == nexus.StatusRegistered) != c.registered {
			t.Errorf("%s: %s row %s", c.name, c.area, r.Status)
		}
	}
}
