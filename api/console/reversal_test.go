package console_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// TestVersionsNameTheStandingReversal: the console's versions route
// answers the reversal that stands against a transaction (reversedBy),
// read with its versions, and none once that reversal is deleted. The
// journal page used to find the reversal in the last list it showed, so
// a transaction opened by its ID showed none, and one whose reversal
// was deleted still showed it.
func TestVersionsNameTheStandingReversal(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	day := civil.MustParse("2025-05-02")
	if _, err := f.journal.Post(ctx, levy.DefaultTenant, &journal.Transaction{TransactionID: "RB-1", Perspective: "SELLER",
		MessageType: "INVOICE", DocumentDate: day, PostingDate: day, Currency: "USD"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.journal.Reverse(ctx, levy.DefaultTenant, "RB-1", journal.Reversal{TransactionID: "RB-1-REV", PostingDate: day}); err != nil {
		t.Fatal(err)
	}
	read := func(id string) (live bool, reversedBy string, versions int) {
		t.Helper()
		var hist struct {
			Data struct {
				Live       bool
				ReversedBy *string
				Versions   []journal.Transaction
			}
		}
		status, _, body := f.get(t, "/console/api/journal/transactions/"+id)
		if err := json.Unmarshal(body, &hist); err != nil || status != 200 {
			t.Fatalf("the versions of %s: %d %s", id, status, body)
		}
		if hist.Data.ReversedBy != nil && *hist.Data.ReversedBy == "" {
			t.Errorf("the versions of %s: an empty reversedBy, want it left out", id)
		}
		if hist.Data.ReversedBy == nil {
			return hist.Data.Live, "", len(hist.Data.Versions)
		}
		return hist.Data.Live, *hist.Data.ReversedBy, len(hist.Data.Versions)
	}
	if live, by, n := read("RB-1"); !live || by != "RB-1-REV" || n != 1 {
		t.Errorf("the reversed RB-1: live %t, reversed by %q, %d versions; want true, RB-1-REV, 1", live, by, n)
	}
	if live, by, _ := read("RB-1-REV"); !live || by != "" {
		t.Errorf("the reversal RB-1-REV: live %t, reversed by %q; want true and none", live, by)
	}
	if err := f.journal.Delete(ctx, levy.DefaultTenant, "RB-1-REV"); err != nil {
		t.Fatal(err)
	}
	if live, by, _ := read("RB-1"); !live || by != "" {
		t.Errorf("RB-1 after its reversal was deleted: live %t, reversed by %q; want true and none", live, by)
	}
}
