package taxarea

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestTaxAreaIDOfAnotherDaySaysWhichIDIsTodays: Los Angeles's tax area
// ID of 2024 (Measure H in force), looked up as of a day after Measure A
// replaced it, answers the jurisdictions in force that day under the ID
// lookups give then, and says so, naming both IDs: a client holding the
// old ID learns the one to keep. The answer carried another ID than the
// one sent with a bare NORMAL status, and a calculation that sent the old
// ID echoed it without a word. On a day of its own jurisdictions the ID
// is answered as itself, with no such status.
func TestTaxAreaIDOfAnotherDaySaysWhichIDIsTodays(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	la := wire.PostalAddress{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"}
	idOn := func(day string) string {
		t.Helper()
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: la, AsOfDate: civil.MustParse(day)})
		if err != nil {
			t.Fatal(err)
		}
		return res.LookupResults[0].TaxAreaID
	}
	old, now := idOn("2024-06-01"), idOn("2026-06-01")
	if old == now {
		t.Fatalf("one ID %s in 2024 and 2026", old)
	}
	got, err := r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: old, AsOfDate: civil.MustParse("2026-06-01")})
	if err != nil {
		t.Fatal(err)
	}
	res := got.LookupResults[0]
	if res.TaxAreaID != now {
		t.Errorf("%s as of 2026-06-01: %s, want %s", old, res.TaxAreaID, now)
	}
	said := ""
	for _, s := range res.Statuses {
		if s.LookupResult != wire.Normal {
			t.Errorf("status %+v, want NORMAL", s)
		}
		said += s.Value
	}
	if !strings.Contains(said, old) || !strings.Contains(said, now) || !strings.Contains(said, "2026-06-01") {
		t.Errorf("statuses %+v do not name %s, %s and the day", res.Statuses, old, now)
	}
	if res.ConfidenceIndicator != "100" {
		t.Errorf("confidence %s", res.ConfidenceIndicator)
	}
	got, err = r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: old, AsOfDate: civil.MustParse("2024-06-01")})
	if err != nil {
		t.Fatal(err)
	}
	if res := got.LookupResults[0]; res.TaxAreaID != old || len(res.Statuses) != 1 || res.Statuses[0].Value != "" {
		t.Errorf("%s on a day of its own: %s %+v", old, res.TaxAreaID, res.Statuses)
	}
}
