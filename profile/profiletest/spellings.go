package profiletest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// testRegistrationSpellings: a registration number is stored in its
// canonical form, and one written with other spacing or case is the same
// record: a change of it replaces the stored one rather than add a
// second, a read of its history finds it, and its deletion deletes it,
// including a record stored before numbers were canonicalised ("DE 136
// 695 976", written here under its own key as it was then), which keeps
// its spelling on disk. A number Levy does not validate (a Delaware
// permit) is stored as written and matched without its separators.
func testRegistrationSpellings(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	old := profile.Registration{CompanyCode: "ACME", Jurisdiction: "DE", Number: "DE 136 695 976"}
	data, err := json.Marshal(&old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, tenant, profile.Commit{At: epoch, By: "before", Entries: []profile.Entry{{Key: old.Key(), Data: data}}}); err != nil {
		t.Fatal(err)
	}
	regs := func() []string {
		t.Helper()
		var out []string
		for _, g := range records(t, s, tenant, time.Time{}).Registrations {
			out = append(out, g.CompanyCode+" "+g.Jurisdiction+" "+g.Number+" "+g.EffectiveDate.String())
		}
		return out
	}
	// The canonical spelling replaces the old record, under its key.
	apply(t, svc, tenant, profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "ACME", Jurisdiction: "DEU", Number: "de136695976", EffectiveDate: date("2026-01-01")},
		// New records: canonical, and a permit as written.
		{CompanyCode: "BETA", Jurisdiction: "DEU", Number: " de 136.695.976"},
		{CompanyCode: "BETA", Jurisdiction: "US-DE", Number: "DE-5551234"},
	}})
	want := "ACME DE DE 136 695 976 2026-01-01, BETA DE DE136695976 , BETA US-DE DE-5551234 "
	if got := strings.Join(regs(), ", "); got != want {
		t.Fatalf("the registrations:\n%s\nwant\n%s", got, want)
	}
	// Another spelling of the permit is the same record.
	apply(t, svc, tenant, profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "BETA", Jurisdiction: "US-DE", Number: "de 555 1234", EffectiveDate: date("2026-02-01")}}})
	want = "ACME DE DE 136 695 976 2026-01-01, BETA DE DE136695976 , BETA US-DE DE-5551234 2026-02-01"
	if got := strings.Join(regs(), ", "); got != want {
		t.Fatalf("after the permit's change:\n%s\nwant\n%s", got, want)
	}
	// Creating the old record again, in any spelling, is refused.
	if _, err := svc.Create(ctx, tenant, "client-1", profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "ACME", Jurisdiction: "DEU", Number: "DE136695976"}}}); levy.ErrorCode(err) != levy.EInvalid {
		t.Fatalf("creating the stored registration again: %v", err)
	}
	// Its history, read under the canonical number: both versions.
	for _, number := range []string{"DE136695976", "de 136 695 976", "DE 136 695 976"} {
		h, err := svc.History(ctx, tenant, profile.RegistrationKey("ACME", "DEU", number))
		if err != nil || len(h) != 2 {
			t.Fatalf("history of %q: %d versions, %v", number, len(h), err)
		}
	}
	// Deleted under the canonical number.
	apply(t, svc, tenant, profile.ChangeSet{Deletes: []profile.Key{profile.RegistrationKey("ACME", "DEU", "DE136695976"),
		profile.RegistrationKey("BETA", "US-DE", "DE5551234")}})
	want = "BETA DE DE136695976 "
	if got := strings.Join(regs(), ", "); got != want {
		t.Fatalf("after the deletions:\n%s\nwant\n%s", got, want)
	}
	// A deleted record's history is still read under its spelling.
	if h, err := svc.History(ctx, tenant, profile.RegistrationKey("ACME", "DEU", "DE 136 695 976")); err != nil || len(h) != 3 {
		t.Fatalf("history of the deleted record: %d versions, %v", len(h), err)
	}
}
