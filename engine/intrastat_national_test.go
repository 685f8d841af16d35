package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// TestIntrastatNatureForNationalPurposes stores a dispatch whose nature of
// transaction is 60, the code of 2022 for transactions a member state
// records for national purposes, and declares it under that code. The
// source's list of codes lacks it; the curated table
// intrastat-natures-added.csv adds it.
func TestIntrastatNatureForNationalPurposes(t *testing.T) {
	store := journal.NewMemory()
	ctx := levy.WithTenant(context.Background(), "acme-de")
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Sale(ctx, euDispatch("NAT-60", "2026-03-02", "FR",
		goods("1", "400.00", "84713000", 60, 3, 2, "PST", "1", "CHN"))); err != nil {
		t.Fatalf("a dispatch of nature 60: %v", err)
	}
	d, err := journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-03-31"),
		MemberState: "DE", Flow: journal.Dispatches}, e.IntrastatCodes())
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].NatureOfTransaction != 60 || d.Items[0].InvoicedValue.String() != "400.00" {
		t.Fatalf("items %+v, want one of nature 60 for 400.00", d.Items)
	}
	// The codes between the groups stay refused: 61 is no code of 2022.
	bad := euDispatch("NAT-61", "2026-03-03", "FR", goods("1", "400.00", "84713000", 61, 3, 2, "PST", "1", "CHN"))
	if _, err := e.Sale(ctx, bad); err == nil {
		t.Fatal("a dispatch of nature 61 was stored")
	}
}
