package nexus_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
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
