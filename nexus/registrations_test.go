package nexus_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
)

// TestRegistrationListCompanies: a list's registration without a
// company registers the state for every company of the report (a
// seller whose sales carry a company code was registered nowhere by a
// list without the column, silently); a company that a list registers
// has its rows although it has no sales in the periods, also before
// the first sale, where the report had the rows of company "" alone.
func TestRegistrationListCompanies(t *testing.T) {
	ctx := context.Background()
	j := journal.NewMemory()
	sale(t, j, "acme", "1", "ACME", "2026-03-01", "WA", "120000.00")
	list := func(csv string) []nexus.Registration {
		t.Helper()
		regs, err := nexus.ReadRegistrations(strings.NewReader(csv))
		if err != nil {
			t.Fatal(err)
		}
		return regs
	}
	report := func(asOf string, regs []nexus.Registration) *nexus.Report {
		t.Helper()
		rep, err := nexus.Build(ctx, j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse(asOf), Registrations: regs})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	rep := report("2026-03-31", list("state,number\nWA,WA-1\n"))
	if r := row(t, rep, "ACME", "WA"); r.Status != nexus.StatusRegistered || r.Registration == nil || r.Registration.Company != "ACME" ||
		r.Registration.Number != "WA-1" || !strings.Contains(r.Explanation, "registered as WA-1") {
		t.Errorf("ACME in WA, a list without companies: %s %+v", r.Status, r.Registration)
	}
	rep = report("2026-03-31", list("state,company,effective\nTX,BETA,2026-01-01\nNV,GAMMA,2026-06-01\n"))
	if r := row(t, rep, "BETA", "TX"); r.Status != nexus.StatusRegistered {
		t.Errorf("BETA in TX: %s", r.Status)
	}
	if r := row(t, rep, "ACME", "WA"); r.Status != nexus.StatusExceeded {
		t.Errorf("ACME in WA: %s", r.Status)
	}
	for _, r := range rep.Rows {
		if r.Company == "GAMMA" || r.Company == "" {
			t.Fatalf("a row of %q, whose registration is not in force and which has no sales: %+v", r.Company, r)
		}
	}
	// Before the first sale.
	rep = report("2025-12-31", list("state,company\nTX,ACME\n"))
	if r := row(t, rep, "ACME", "TX"); r.Status != nexus.StatusRegistered {
		t.Errorf("ACME in TX before its first sale: %s", r.Status)
	}
}

// TestStoredRegistrationsBeforeTheList: where the tenant's profile
// stores a registration and a list given to the report names another
// for the same state, the row shows the stored one (its number and its
// source), in a US state as in the EU's row. The state's row showed the
// list's and the EU's the profile's.
func TestStoredRegistrationsBeforeTheList(t *testing.T) {
	since := civil.MustParse("2025-01-01")
	snap := profile.Compile(&profile.Records{Registrations: []profile.Registration{
		{CompanyCode: "ACME", Jurisdiction: "US-TX", Number: "TX-STORED", EffectiveDate: since},
		{CompanyCode: "ACME", Jurisdiction: "DE", Number: "DE-STORED", Type: "Union Scheme", EffectiveDate: since},
	}})
	regs, err := nexus.ReadRegistrations(strings.NewReader("state,company,number\nTX,ACME,TX-LIST\nEU,ACME,EU-LIST\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := nexus.Build(context.Background(), journal.NewMemory(), rules(t), "acme",
		nexus.Options{AsOf: civil.MustParse("2026-04-01"), Profile: snap, Registrations: regs})
	if err != nil {
		t.Fatal(err)
	}
	for state, number := range map[string]string{"TX": "TX-STORED", nexus.AreaEU: "DE-STORED"} {
		r := row(t, rep, "ACME", state)
		if r.Status != nexus.StatusRegistered || r.Registration == nil || r.Registration.Number != number || r.Registration.Source != "profile" {
			t.Errorf("%s: %s %+v, want the stored %s", state, r.Status, r.Registration, number)
		}
	}
}
