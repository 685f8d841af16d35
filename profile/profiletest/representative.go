package profiletest

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy/profile"
)

// testRegistrationRepresentative: a registration's fiscal
// representative is stored with it, normalised (trimmed, its address's
// country as its alpha-2 code), and read back whole; a change of the
// registration without it takes it away, and the registration's history
// keeps every version of it, the versions as of earlier times too.
func testRegistrationRepresentative(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	reg := profile.Registration{CompanyCode: "GRACHTEN", Jurisdiction: "DEU", Number: "DE136695976", Type: "VAT Registration",
		Representative: &profile.Representative{Name: " Elbe Steuervertretung GmbH ", Number: "DE129273398",
			Address: &profile.RepresentativeAddress{Street1: "Jungfernstieg 7", Street2: "3. OG", City: "Hamburg", MainDivision: "HH",
				PostalCode: "20354", Country: "deu"}}}
	apply(t, svc, tenant, profile.ChangeSet{Registrations: []profile.Registration{reg}})
	first := records(t, s, tenant, time.Time{}).At
	want := profile.Registration{CompanyCode: "GRACHTEN", Jurisdiction: "DE", Number: "DE136695976", Type: "VAT Registration",
		Representative: &profile.Representative{Name: "Elbe Steuervertretung GmbH", Number: "DE129273398",
			Address: &profile.RepresentativeAddress{Street1: "Jungfernstieg 7", Street2: "3. OG", City: "Hamburg", MainDivision: "HH",
				PostalCode: "20354", Country: "DE"}}}
	sameJSON(t, "the registration stored", records(t, s, tenant, time.Time{}).Registrations, []profile.Registration{want})

	reg.Representative = nil
	apply(t, svc, tenant, profile.ChangeSet{Registrations: []profile.Registration{reg}})
	without := want
	without.Representative = nil
	sameJSON(t, "the registration without its representative", records(t, s, tenant, time.Time{}).Registrations, []profile.Registration{without})
	sameJSON(t, "the registration as of the first change", records(t, s, tenant, first).Registrations, []profile.Registration{want})

	// A key names Germany as an input does, DEU (a bare DE is Delaware).
	h, err := svc.History(ctx, tenant, profile.RegistrationKey("GRACHTEN", "DEU", "DE136695976"))
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 2 {
		t.Fatalf("History: %d versions, want 2: %s", len(h), jsonOf(t, h))
	}
	var old, now profile.Registration
	if err := h[0].Decode(&old); err != nil {
		t.Fatal(err)
	}
	if err := h[1].Decode(&now); err != nil {
		t.Fatal(err)
	}
	if old.Representative != nil && now.Representative != nil || old.Representative == nil && now.Representative == nil {
		t.Fatalf("History: the versions %s, want one with the representative and one without", jsonOf(t, h))
	}
	with := old
	if old.Representative == nil {
		with = now
	}
	sameJSON(t, "the version of the history with the representative", with, want)
}
