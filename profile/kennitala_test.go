package profile_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
	"github.com/levytax/levy/wire"
)

// TestKennitalaStoredCanonical: an Icelandic kennitala is stored as its
// 10 digits, written with the dash after the sixth or without it, so that
// the two spellings are one record: a change set that names both is
// refused as listing the record twice, and a creation in the other
// spelling is refused as a record that exists. A record stored with the
// dash before (under its own key) is found by either spelling, replaced
// under its key by a change of either, and exported in the canonical
// form, as a change set and as registrations.csv; a number that is no kennitala (a century digit other than 8, 9
// or 0) is kept as written.
func TestKennitalaStoredCanonical(t *testing.T) {
	ctx := context.Background()
	const tenant = "acme"
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	cr := wire.TaxRegistrationTypeCommercialRegistration

	// A record stored with the dash, as the profile stored it before.
	old := profile.Registration{CompanyCode: "OLD", Jurisdiction: "IS", Number: "010130-2989", Type: cr}
	data, err := json.Marshal(&old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Apply(ctx, tenant, profile.Commit{At: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), By: "before",
		Entries: []profile.Entry{{Key: old.Key(), Data: data}}}); err != nil {
		t.Fatal(err)
	}

	if _, err := svc.Apply(ctx, tenant, "client-1", profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "NEW", Jurisdiction: "ISL", Number: " 550500-3530 ", Type: cr},
		{CompanyCode: "NEW", Jurisdiction: "IS", Number: "010130-2981"}, // no kennitala: its tenth digit is no century
	}}); err != nil {
		t.Fatal(err)
	}
	regs := func() string {
		t.Helper()
		recs, err := svc.Records(ctx, tenant, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range recs.Registrations {
			out = append(out, g.CompanyCode+" "+g.Number+" "+g.EffectiveDate.String())
		}
		return strings.Join(out, ", ")
	}
	if got, want := regs(), "NEW 010130-2981 , NEW 5505003530 , OLD 010130-2989 "; got != want {
		t.Fatalf("the registrations: %s, want %s", got, want)
	}

	// Both spellings in one change set are one record, listed twice.
	_, err = svc.Apply(ctx, tenant, "client-1", profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "TWO", Jurisdiction: "IS", Number: "550500-3530", Type: cr},
		{CompanyCode: "TWO", Jurisdiction: "IS", Number: "5505003530", Type: cr},
	}})
	if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "registrations[1].number") || !strings.Contains(err.Error(), "listed twice") {
		t.Fatalf("both spellings in one change: %v, want registrations[1].number listed twice", err)
	}
	// The other spelling of a stored number exists already, whichever
	// was stored and however.
	for _, g := range []profile.Registration{
		{CompanyCode: "NEW", Jurisdiction: "IS", Number: "5505003530", Type: cr},
		{CompanyCode: "OLD", Jurisdiction: "IS", Number: "0101302989", Type: cr},
	} {
		if _, err := svc.Create(ctx, tenant, "client-1", profile.ChangeSet{Registrations: []profile.Registration{g}}); levy.ErrorCode(err) != levy.EInvalid ||
			!strings.Contains(err.Error(), "exists already") {
			t.Errorf("creating %s %s again: %v, want exists already", g.CompanyCode, g.Number, err)
		}
	}
	// The record stored with the dash: found by both spellings, changed
	// under its key by the canonical one.
	for _, number := range []string{"010130-2989", "0101302989"} {
		h, err := svc.History(ctx, tenant, profile.IdentityKey("OLD", "IS", number))
		if err != nil || len(h) != 1 {
			t.Errorf("the history of OLD %s: %d versions, %v; want the stored one", number, len(h), err)
		}
	}
	if _, err := svc.Update(ctx, tenant, "client-1", profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "OLD", Jurisdiction: "IS", Number: "0101302989", Type: cr, EffectiveDate: civil.MustParse("2026-02-01")},
	}}); err != nil {
		t.Fatal(err)
	}
	if got, want := regs(), "NEW 010130-2981 , NEW 5505003530 , OLD 010130-2989 2026-02-01"; got != want {
		t.Fatalf("after the change of OLD: %s, want %s", got, want)
	}

	// The export writes the canonical form, which imports back into the
	// same records.
	cs, _, err := svc.Export(ctx, tenant, time.Time{}, false)
	if err != nil {
		t.Fatal(err)
	}
	var exported []string
	for _, g := range cs.Registrations {
		exported = append(exported, g.CompanyCode+" "+g.Number)
	}
	if got, want := strings.Join(exported, ", "), "NEW 010130-2981, NEW 5505003530, OLD 0101302989"; got != want {
		t.Fatalf("exported: %s, want %s", got, want)
	}
	recs, err := svc.Records(ctx, tenant, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := profilecsv.Write(&file, profilecsv.Registrations, recs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(file.String(), "\nOLD,IS,0101302989,2026-02-01,") || strings.Contains(file.String(), "010130-2989") {
		t.Fatalf("registrations.csv:\n%s\nwant OLD's number as 0101302989", file.String())
	}
	if _, err := svc.Apply(ctx, tenant, "client-1", cs); err != nil {
		t.Fatalf("the export imported back: %v", err)
	}
	if got, want := regs(), "NEW 010130-2981 , NEW 5505003530 , OLD 010130-2989 2026-02-01"; got != want {
		t.Fatalf("after the export imported back: %s, want %s", got, want)
	}

	// A deletion by the spelling with the dash deletes the record stored
	// in the canonical one.
	if _, err := svc.Apply(ctx, tenant, "client-1", profile.ChangeSet{Deletes: []profile.Key{profile.IdentityKey("NEW", "IS", "550500-3530")}}); err != nil {
		t.Fatal(err)
	}
	if got, want := regs(), "NEW 010130-2981 , OLD 010130-2989 2026-02-01"; got != want {
		t.Fatalf("after the deletion: %s, want %s", got, want)
	}
}
