package profiletest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// testIdentityMoved: a company's number of identity, stored before keys
// had a type (under the key of a tax registration), and then ended when
// the company moved to another country (its Danish CVR given an end
// date, an Icelandic kennitala stored from the next day) stays what the
// profile held for the days before the move: the records in force on a
// day before it are the CVR alone, on a day after it the kennitala
// alone; the profile as of a time before the change holds the CVR as it
// was; and the CVR's history, read by its key of type identity, keeps
// every version, the one stored before the move among them, as it does
// for a number never moved and deleted.
func testIdentityMoved(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	cvr := profile.Registration{CompanyCode: "ACME", Jurisdiction: "DK", Number: "DK13585628",
		Type: wire.TaxRegistrationTypeCommercialRegistration, EffectiveDate: date("2020-01-01")}
	data, err := json.Marshal(&cvr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, tenant, profile.Commit{At: epoch.Add(-time.Hour), By: "before",
		Entries: []profile.Entry{{Key: profile.RegistrationKey("ACME", "DK", "DK13585628"), Data: data}}}); err != nil {
		t.Fatal(err)
	}
	before := epoch.Add(-time.Minute)
	ended := cvr
	ended.EndDate = date("2026-06-30")
	kt := profile.Registration{CompanyCode: "ACME", Jurisdiction: "IS", Number: "550500-3530",
		Type: wire.TaxRegistrationTypeCommercialRegistration, EffectiveDate: date("2026-07-01")}
	apply(t, svc, tenant, profile.ChangeSet{Registrations: []profile.Registration{ended, kt}})

	inForce := func(asOf time.Time, d civil.Date) string {
		t.Helper()
		var out []string
		for _, g := range records(t, s, tenant, asOf).Registrations {
			if g.CompanyCode == "ACME" && g.InForce(d) {
				out = append(out, g.Jurisdiction+" "+g.Number+" "+g.EndDate.String())
			}
		}
		return strings.Join(out, ", ")
	}
	for _, c := range []struct {
		asOf time.Time
		day  string
		want string
	}{
		{time.Time{}, "2026-03-01", "DK DK13585628 2026-06-30"},
		{time.Time{}, "2026-08-01", "IS 5505003530 "},
		{before, "2026-03-01", "DK DK13585628 "},
		{before, "2026-08-01", "DK DK13585628 "},
	} {
		if got := inForce(c.asOf, date(c.day)); got != c.want {
			t.Errorf("in force on %s as of %v: %q, want %q", c.day, c.asOf, got, c.want)
		}
	}
	h, err := svc.History(ctx, tenant, profile.IdentityKey("ACME", "DK", "13585628"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, rv := range h {
		var g profile.Registration
		if !rv.Deleted {
			if err := rv.Decode(&g); err != nil {
				t.Fatal(err)
			}
		}
		got = append(got, g.EffectiveDate.String()+".."+g.EndDate.String())
	}
	if want := "2020-01-01.., 2020-01-01..2026-06-30"; strings.Join(got, ", ") != want {
		t.Errorf("the CVR's history: %s, want %s", strings.Join(got, ", "), want)
	}

	// A number of identity stored before keys had a type and deleted by
	// its key of type identity, never moved: its history, read by that
	// key, is its version and its deletion, as its answer reads it.
	other := cvr
	other.CompanyCode = "BETA"
	if data, err = json.Marshal(&other); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, tenant, profile.Commit{At: epoch.Add(time.Hour), By: "before",
		Entries: []profile.Entry{{Key: profile.RegistrationKey("BETA", "DK", "DK13585628"), Data: data}}}); err != nil {
		t.Fatal(err)
	}
	ident := profile.IdentityKey("BETA", "DK", "DK13585628")
	apply(t, svc, tenant, profile.ChangeSet{Deletes: []profile.Key{ident}})
	h, err = svc.History(ctx, tenant, ident)
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 2 || h[0].Deleted || !h[1].Deleted {
		t.Errorf("the history of the old CVR deleted by its key of type identity: %+v, want its version and its deletion", h)
	}
}
