package nexus_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
)

// TestProfileUnionScheme: the report's EU row reads a profile's
// registration for the Union scheme as a calculation reads it
// (profile.Registration.UnionScheme). A registration of type "Union
// Scheme" in its member state of identification, the form Levy's profile
// routes store (they refuse the jurisdiction "EU"), registers the EU row;
// before, only a registration of jurisdiction "EU" did, and the row of a
// seller registered for the scheme in Germany stood as it would without
// it. A registration of jurisdiction "EU" still registers it, unless its
// type is another scheme's (the Import One Stop Shop covers no distance
// sales between member states), and an ordinary German VAT registration
// does not.
func TestProfileUnionScheme(t *testing.T) {
	since := civil.MustParse("2025-01-01")
	for _, c := range []struct {
		name string
		reg  profile.Registration
		eu   bool
	}{
		{"Union Scheme in Germany", profile.Registration{Jurisdiction: "DE", Number: "DE136695976", Type: "Union Scheme"}, true},
		{"EU without a type", profile.Registration{Jurisdiction: "EU", Number: "DE136695976"}, true},
		{"EU, Import One Stop Shop", profile.Registration{Jurisdiction: "EU", Number: "IM2760000019", Type: "Import One Stop Shop"}, false},
		{"EU, Non-Union Scheme", profile.Registration{Jurisdiction: "EU", Number: "EU276000019", Type: "Non-Union Scheme"}, false},
		{"German VAT", profile.Registration{Jurisdiction: "DE", Number: "DE136695976", Type: "VAT Registration"}, false},
	} {
		r := c.reg
		r.CompanyCode, r.EffectiveDate = "ACME", since
		snap := profile.Compile(&profile.Records{Registrations: []profile.Registration{r}})
		got := false
		for _, x := range nexus.ProfileRegistrations(snap, "ACME") {
			got = got || x.State == nexus.AreaEU
		}
		if got != c.eu {
			t.Errorf("%s: registers the EU row %v, want %v", c.name, got, c.eu)
		}
		rep, err := nexus.Build(context.Background(), journal.NewMemory(), rules(t), "acme",
			nexus.Options{AsOf: civil.MustParse("2026-04-01"), Profile: snap, Company: "ACME", CompanySet: true})
		if err != nil {
			t.Fatal(err)
		}
		if r := row(t, rep, "ACME", nexus.AreaEU); (r.Status == nexus.StatusRegistered) != c.eu {
			t.Errorf("%s: EU row %s", c.name, r.Status)
		}
	}
}
