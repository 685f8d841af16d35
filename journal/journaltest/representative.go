package journaltest

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// testSellerRepresentative: the fiscal representative of a seller's
// registration (journal.Registration.Representative), which the
// e-invoice of the sale names as the seller's tax representative, is
// kept with the transaction: Get, Versions and Scan return it as
// posted, a reversal keeps its original's, and what a caller changes in
// a result leaves the stored one as it was. A registration without one
// reads without one. Text with U+0000 in it is refused, naming the
// field, as any other text of a transaction.
func testSellerRepresentative(t *testing.T, s journal.Store) {
	ctx := context.Background()
	tx := simple(t, "INV-R", "2026-06-01")
	tx.Seller = &journal.Party{Code: "GRACHTEN", Address: &journal.Address{City: "Amsterdam", PostalCode: "1012", Country: "NL"},
		Registrations: []journal.Registration{
			{Country: "NL", Number: "NL004909665B07", Type: "VAT Registration"},
			{Country: "DE", Number: "DE136695976", Type: "VAT Registration", Representative: &journal.Representative{
				Name: "Elbe Steuervertretung GmbH", Number: "DE129273398",
				Address: &journal.Address{Street1: "Jungfernstieg 7", City: "Hamburg", PostalCode: "20354", Country: "DE"}}},
		}}
	tx.Lines[0].Seller = tx.Seller
	want := content(t, tx)
	mustPost(t, s, tenant, tx)

	check := func(what string, got *journal.Transaction) {
		t.Helper()
		if c := content(t, got); c != want {
			t.Fatalf("%s returns\n%s\nwant\n%s", what, c, want)
		}
		rep := got.Seller.Registrations[1].Representative
		if rep == nil || rep.Name != "Elbe Steuervertretung GmbH" || rep.Address == nil || rep.Address.City != "Hamburg" {
			t.Fatalf("%s: the German registration's representative is %+v", what, rep)
		}
		if got.Seller.Registrations[0].Representative != nil {
			t.Fatalf("%s: the Dutch registration, posted without a representative, has %+v", what, got.Seller.Registrations[0].Representative)
		}
	}
	got := mustGet(t, s, tenant, "INV-R")
	check("Get", got)
	vs := mustVersions(t, s, tenant, "INV-R")
	check("Versions", vs[len(vs)-1])
	n := 0
	err := s.Scan(ctx, tenant, civil.Date{}, civil.Date{}, func(x *journal.Transaction) error {
		if x.TransactionID == "INV-R" {
			n++
			check("Scan", x)
		}
		return nil
	})
	if err != nil || n != 1 {
		t.Fatalf("Scan: %d transactions INV-R, error %v", n, err)
	}

	// A caller's change to a result is its own.
	got.Seller.Registrations[1].Representative.Name = "scribbled"
	got.Seller.Registrations[1].Representative.Address.City = "scribbled"
	got.Lines[0].Seller.Registrations[1].Representative.Number = "scribbled"
	check("Get after a change to an earlier Get's result", mustGet(t, s, tenant, "INV-R"))

	rev, err := s.Reverse(ctx, tenant, "INV-R", journal.Reversal{TransactionID: "INV-R-REV"})
	if err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	stored := mustGet(t, s, tenant, "INV-R-REV")
	for what, x := range map[string]*journal.Transaction{"Reverse's result": rev, "the reversal's Get": stored} {
		if encode(t, x.Seller) != encode(t, tx.Seller) || encode(t, x.Lines[0].Seller) != encode(t, tx.Seller) {
			t.Fatalf("%s has the seller %s, want the original's %s", what, encode(t, x.Seller), encode(t, tx.Seller))
		}
	}

	bad := simple(t, "INV-R-NUL", "2026-06-01")
	bad.Seller = &journal.Party{Registrations: []journal.Registration{{Country: "DE", Number: "DE136695976",
		Representative: &journal.Representative{Name: "Elbe\x00"}}}}
	_, err = s.Post(ctx, tenant, bad)
	wantField(t, "Post with NUL in a representative's name", err, "seller.registrations[0].representative.name")
	if exists(t, s, tenant, "INV-R-NUL") {
		t.Fatal("a transaction refused for its representative's name was stored")
	}
}
