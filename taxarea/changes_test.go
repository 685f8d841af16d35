package taxarea

import (
	"context"
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestChangedTaxAreasListsTheIDsLookupsGive: Los Angeles's area changed
// on 2025-04-01, when Measure A replaced Measure H. An address lookup
// gives one ID the day before and another that day, neither the area's
// own (its chain holds both measures, never in force together); the
// list of the areas changed that day holds both, as the route for one
// area says, and neither on a day when the area did not change.
func TestChangedTaxAreasListsTheIDsLookupsGive(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	la := wire.PostalAddress{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"}
	idOn := func(day string) string {
		t.Helper()
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: la, AsOfDate: civil.MustParse(day)})
		if err != nil {
			t.Fatal(err)
		}
		return res.LookupResults[0].TaxAreaID
	}
	before, after := idOn("2025-03-31"), idOn("2025-04-01")
	if before == after {
		t.Fatalf("the lookups give %s on both sides of 2025-04-01", before)
	}
	day := civil.MustParse("2025-04-01")
	changed, err := r.ChangedTaxAreas(ctx, day, day)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{before, after} {
		if _, ok := slices.BinarySearch(changed, id); !ok {
			t.Errorf("the ID %s that an address lookup gives for Los Angeles is not in the changes of 2025-04-01", id)
		}
		if ch, err := r.TaxAreaChanged(ctx, id, day, day); err != nil || !ch {
			t.Errorf("TaxAreaChanged(%s, 2025-04-01) = %v, %v; want true", id, ch, err)
		}
	}
	quiet := civil.MustParse("2025-06-15")
	changed, err = r.ChangedTaxAreas(ctx, quiet, quiet)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{before, after} {
		if _, ok := slices.BinarySearch(changed, id); ok {
			t.Errorf("%s is in the changes of 2025-06-15", id)
		}
		if ch, err := r.TaxAreaChanged(ctx, id, quiet, quiet); err != nil || ch {
			t.Errorf("TaxAreaChanged(%s, 2025-06-15) = %v, %v; want false", id, ch, err)
		}
	}
}

// TestChangedTaxAreasAgreesWithLookups walks every area and every day
// on which it changes from 2000 to 2030: the IDs that a lookup by the
// area's own ID gives as of the day before and as of the day are in the
// list of that day, and the list and TaxAreaChanged agree on each ID of
// the list.
func TestChangedTaxAreasAgreesWithLookups(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	lists := map[int32][]string{}
	listOf := func(day int32) []string {
		if l, ok := lists[day]; ok {
			return l
		}
		d := civil.FromDays(day)
		l, err := r.ChangedTaxAreas(ctx, d, d)
		if err != nil {
			t.Fatal(err)
		}
		lists[day] = l
		return l
	}
	from, to := civil.MustParse("2000-01-01").Days(), civil.MustParse("2030-12-31").Days()
	checked := 0
	for k := range r.areas.areas {
		a := &r.areas.areas[k]
		for _, c := range r.areas.changes[a.changes:a.changesEnd] {
			if c < from || c > to {
				continue
			}
			list := listOf(c)
			day := civil.FromDays(c)
			for _, d := range []civil.Date{day.AddDays(-1), day} {
				if to, _ := r.vatArea(a, d); to != a {
					// A place in another's VAT area (Büsingen in
					// Switzerland's) answers that area, which did not
					// change with the country's own rates.
					continue
				}
				res, err := r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: r.areas.id(a), AsOfDate: d})
				if err != nil {
					t.Fatal(err)
				}
				id := res.LookupResults[0].TaxAreaID
				if id == "" {
					continue
				}
				checked++
				if _, ok := slices.BinarySearch(list, id); !ok {
					t.Fatalf("area %s as of %s has the ID %s, not in the changes of %s", r.areas.id(a), d, id, day)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no area changed from 2000 to 2030")
	}
	for day, list := range lists {
		d := civil.FromDays(day)
		for _, id := range list {
			if ch, err := r.TaxAreaChanged(ctx, id, d, d); err != nil || !ch {
				t.Fatalf("%s is in the changes of %s, but TaxAreaChanged says %v, %v", id, d, ch, err)
			}
		}
	}
	t.Logf("%d IDs of %d days checked", checked, len(lists))
}

// TestChangedTaxAreasFromAFutureDay: a range without an end runs to
// today, or, when it begins after today, is its first day alone: the
// changes of that day are listed, as the route's description says.
func TestChangedTaxAreasFromAFutureDay(t *testing.T) {
	r := *resolver(t)
	r.today = func() civil.Date { return civil.MustParse("2025-03-01") }
	ctx := context.Background()
	day := civil.MustParse("2025-04-01")
	open, err := r.ChangedTaxAreas(ctx, day, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	that, err := r.ChangedTaxAreas(ctx, day, day)
	if err != nil {
		t.Fatal(err)
	}
	if len(that) == 0 || !slices.Equal(open, that) {
		t.Errorf("from %s without an end: %d IDs; that day alone: %d", day, len(open), len(that))
	}
	id := that[0]
	if ch, err := r.TaxAreaChanged(ctx, id, day, civil.Date{}); err != nil || !ch {
		t.Errorf("TaxAreaChanged(%s, from %s without an end) = %v, %v; want true", id, day, ch, err)
	}
}
