package profile_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
)

// TestCountryWhoseCodeIsAStatesInTheService stores, through the
// service, a registration in Germany named DEU and a certificate of
// Germany and Malta: they are stored as DE and MT, where a bare DE is
// still Delaware (US-DE); a change of another field of the record as
// read, written as a change names it (ChangeSet.AsInput), keeps them.
func TestCountryWhoseCodeIsAStatesInTheService(t *testing.T) {
	ctx := context.Background()
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	const tenant = "eu-seller"
	since := civil.MustParse("2026-01-01")
	if _, err := svc.Apply(ctx, tenant, "test", profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{{Number: "EU-1", CustomerCode: "C-1", Jurisdictions: []string{"DEU", "mlt", "DE"},
			ReasonCode: "G", EffectiveDate: since}},
		Registrations: []profile.Registration{
			{Jurisdiction: "DEU", Number: "DE136695976", Type: "VAT Registration", EffectiveDate: since},
			{Jurisdiction: "DE", Number: "DE-5551234"},
			{Jurisdiction: "CAN", Number: "123456789RT0001"},
		},
	}); err != nil {
		t.Fatal(err)
	}
	recs, err := svc.Records(ctx, tenant, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := recs.Certificates[0].Jurisdictions; !slices.Equal(got, []string{"DE", "MT", "US-DE"}) {
		t.Errorf("the certificate covers %q, want Germany, Malta and Delaware", got)
	}
	want := []string{"CA 123456789RT0001", "DE DE136695976", "US-DE DE-5551234"}
	regs := func(r *profile.Records) []string {
		var out []string
		for _, g := range r.Registrations {
			out = append(out, g.Jurisdiction+" "+g.Number)
		}
		slices.Sort(out)
		return out
	}
	if got := regs(recs); !slices.Equal(got, want) {
		t.Fatalf("the registrations: %q, want %q", got, want)
	}

	// A change of another field of the records as read.
	cert, reg := recs.Certificates[0], recs.Registrations[1]
	if reg.Jurisdiction != "DE" {
		t.Fatalf("the records are not in key order: %+v", recs.Registrations)
	}
	cert.ExpirationDate = civil.MustParse("2027-12-31")
	reg.PhysicalPresence = true
	if _, err := svc.Update(ctx, tenant, "test", profile.ChangeSet{Certificates: []profile.Certificate{cert},
		Registrations: []profile.Registration{reg}}.AsInput()); err != nil {
		t.Fatal(err)
	}
	if recs, err = svc.Records(ctx, tenant, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if got := recs.Certificates[0].Jurisdictions; !slices.Equal(got, []string{"DE", "MT", "US-DE"}) {
		t.Errorf("after the update the certificate covers %q", got)
	}
	if got := regs(recs); !slices.Equal(got, want) || !recs.Registrations[1].PhysicalPresence {
		t.Errorf("after the update the registrations are %q", got)
	}

	// History names Germany's registration by DEU, Delaware's by DE.
	for _, tc := range []struct {
		jurisdiction, number string
		versions             int
	}{{"DEU", "DE136695976", 2}, {"DE", "DE-5551234", 1}, {"US-DE", "DE-5551234", 1}, {"DE", "DE136695976", 0}} {
		h, err := svc.History(ctx, tenant, profile.RegistrationKey("", tc.jurisdiction, tc.number))
		if err != nil || len(h) != tc.versions {
			t.Errorf("History(%s %s): %d versions, %v; want %d", tc.jurisdiction, tc.number, len(h), err, tc.versions)
		}
	}

	// Deleting Germany's by the key as stored, named as a change names it.
	if _, err := svc.Apply(ctx, tenant, "test", profile.ChangeSet{Deletes: []profile.Key{reg.Key()}}.AsInput()); err != nil {
		t.Fatal(err)
	}
	recs, _ = svc.Records(ctx, tenant, time.Time{})
	if got := regs(recs); !slices.Equal(got, []string{"CA 123456789RT0001", "US-DE DE-5551234"}) {
		t.Errorf("after Germany's is deleted: %q", got)
	}
}

// TestPolicyRoundingNamesTheEnginesIDs stores a policy whose rounding
// names Germany by its ID, DE, and stores it again as read: the keys are
// the engine's IDs as they are, where a bare state code is refused.
func TestPolicyRoundingNamesTheEnginesIDs(t *testing.T) {
	ctx := context.Background()
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	pol := profile.Policy{Rounding: map[string]money.RoundingMode{"DE": money.HalfUp, "US-DE": money.HalfEven, "CA*": money.Up}}
	if _, err := svc.Apply(ctx, "t", "test", profile.ChangeSet{Policy: &pol}); err != nil {
		t.Fatal(err)
	}
	recs, _ := svc.Records(ctx, "t", time.Time{})
	if _, err := svc.Apply(ctx, "t", "test", profile.ChangeSet{Policy: recs.Policy}.AsInput()); err != nil {
		t.Fatalf("the policy as read: %v", err)
	}
	bad := profile.Policy{Rounding: map[string]money.RoundingMode{"TX": money.HalfUp}}
	if _, err := svc.Apply(ctx, "t", "test", profile.ChangeSet{Policy: &bad}); err == nil {
		t.Error("a rounding key TX, which can only mean the state, is accepted")
	}
}
