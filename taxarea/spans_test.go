package taxarea

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// spanTestDays returns the days on which the tests compare the taxAreaId
// of area a read from its spans with the one computed from scratch: the
// days around each start and expiration of its jurisdictions, days
// between them, the days around each change that ChangedTaxAreas reports
// (rates included), fixed days from the first year to the last, and
// dates that name no calendar day next to its thresholds (the 0th and
// the 32nd of a month), which the periods compare field by field.
func spanTestDays(reg *registry, a *area) []civil.Date {
	days := []civil.Date{
		{Year: 1, Month: 1, Day: 1}, civil.MustParse("1900-01-01"), civil.MustParse("1999-12-31"),
		civil.MustParse("2024-06-01"), civil.MustParse("2025-03-31"), civil.MustParse("2025-04-01"),
		civil.MustParse("2026-06-01"), testToday, civil.MustParse("9999-12-31"),
	}
	var bounds []civil.Date
	for _, k := range reg.chain(a) {
		p := reg.jur(k).Period
		for _, b := range []civil.Date{p.Effective, p.Expiration} {
			if b.IsZero() {
				continue
			}
			bounds = append(bounds, b)
			days = append(days, b.AddDays(-1), b, b.AddDays(1),
				civil.Date{Year: b.Year, Month: b.Month, Day: 0}, civil.Date{Year: b.Year, Month: b.Month, Day: 32},
				civil.Date{Year: b.Year, Month: b.Month, Day: b.Day + 1})
		}
	}
	slices.SortFunc(bounds, func(x, y civil.Date) int { return x.Compare(y) })
	for i := 1; i < len(bounds); i++ {
		lo, hi := bounds[i-1].Days(), bounds[i].Days()
		days = append(days, civil.FromDays(lo+(hi-lo)/2))
	}
	for _, c := range reg.changes[a.changes:a.changesEnd] {
		d := civil.FromDays(c)
		days = append(days, d.AddDays(-1), d)
	}
	return days
}

// TestSpansGiveTheIDsComputedFromScratch: for every area of the
// embedded dataset, on the days around each start and end of its
// jurisdictions and between them (spanTestDays), the taxAreaId that a
// lookup gives (idOn, read from the spans that the registry computed
// once) is the one computed from the jurisdictions in force on the day,
// as every lookup computed it before (idFromScratch). Areas whose
// jurisdictions all apply on every day have no spans and give their own
// ID.
func TestSpansGiveTheIDsComputedFromScratch(t *testing.T) {
	reg := resolver(t).areas
	var dated, checked, other int
	for i := range reg.areas {
		a := &reg.areas[i]
		if a.spans == a.spansEnd {
			for _, k := range reg.chain(a) {
				if p := reg.jur(k).Period; !p.Effective.IsZero() || !p.Expiration.IsZero() {
					t.Fatalf("area %s has no spans, but %s applies in %v only", reg.id(a), reg.jur(k).ID, p)
				}
			}
		} else {
			dated++
		}
		for _, d := range spanTestDays(reg, a) {
			got, want := reg.idOn(a, d), reg.idFromScratch(a, d)
			if got != want {
				t.Fatalf("area %s (%s) on %+v: idOn %q, from scratch %q", reg.id(a), reg.leaf(a).ID, d, got, want)
			}
			if got != reg.id(a) {
				other++
			}
			checked++
		}
	}
	t.Logf("%d areas, %d with spans (%d spans); %d area-days compared, %d of them with an ID not the area's own", len(reg.areas), dated, len(reg.spans), checked, other)
	if dated == 0 || other == 0 {
		t.Fatal("the dataset has no area whose ID depends on the day: the test compares nothing")
	}
}

// TestSpansConcurrentLookups runs lookups from several goroutines at once
// (run it with -race): address lookups of Los Angeles, whose area holds
// a jurisdiction that ended on 2025-03-31 and one that started on
// 2025-04-01, on the days around every start and end of its
// jurisdictions, each of which must give the taxAreaId of the
// jurisdictions it returns; and the comparison of every area's IDs with
// those computed from scratch, the areas shared among the goroutines.
func TestSpansConcurrentLookups(t *testing.T) {
	r := resolver(t)
	reg := r.areas
	ctx := context.Background()
	la := wire.PostalAddress{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	// The days around each start and end of the jurisdictions that
	// lookups of the address give before and after 2025-04-01.
	laDays := []civil.Date{civil.MustParse("1900-01-01"), testToday}
	for _, day := range []string{"2024-06-01", "2026-06-01"} {
		res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: la, AsOfDate: civil.MustParse(day)})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids(res.LookupResults[0]) {
			k, _ := reg.js.Index(id)
			p := reg.js.At(k).Period
			for _, b := range []civil.Date{p.Effective, p.Expiration} {
				if !b.IsZero() {
					laDays = append(laDays, b.AddDays(-1), b, b.AddDays(1))
				}
			}
		}
	}
	if len(laDays) < 8 {
		t.Fatalf("Los Angeles's jurisdictions start and end on %v only", laDays)
	}
	const workers = 8
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 3 {
				for k, d := range laDays {
					if (k+w+round)%2 == 0 {
						continue
					}
					res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: la, AsOfDate: d})
					if err != nil {
						errs <- fmt.Errorf("Los Angeles on %s: %w", d, err)
						return
					}
					got := res.LookupResults[0]
					if want := AreaID(ids(got)); got.TaxAreaID != want {
						errs <- fmt.Errorf("Los Angeles on %s: taxAreaId %s, of its jurisdictions %v %s", d, got.TaxAreaID, ids(got), want)
						return
					}
				}
			}
			for i := w; i < len(reg.areas); i += workers {
				a := &reg.areas[i]
				if a.spans == a.spansEnd {
					continue
				}
				for _, d := range spanTestDays(reg, a) {
					if got, want := reg.idOn(a, d), reg.idFromScratch(a, d); got != want {
						errs <- fmt.Errorf("area %s on %+v: idOn %q, from scratch %q", reg.id(a), d, got, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestSpanOrder: a day passes a start on the day itself and an
// expiration only after it, also for dates that name no calendar day,
// as civil.Period.Contains compares them.
func TestSpanOrder(t *testing.T) {
	x := civil.MustParse("2025-02-28")
	start := span{from: civil.MustParse("2025-03-01")}
	end := span{from: x, after: true}
	for _, c := range []struct {
		d          civil.Date
		start, end bool
	}{
		{x, false, false},
		{civil.Date{Year: 2025, Month: 2, Day: 29}, false, true},
		{civil.Date{Year: 2025, Month: 3, Day: 0}, false, true},
		{civil.MustParse("2025-03-01"), true, true},
		{civil.MustParse("2025-02-27"), false, false},
	} {
		if got := start.passes(c.d); got != c.start {
			t.Errorf("%+v passes the start 2025-03-01: %v, want %v", c.d, got, c.start)
		}
		if got := end.passes(c.d); got != c.end {
			t.Errorf("%+v passes the expiration 2025-02-28: %v, want %v", c.d, got, c.end)
		}
		if p := (civil.Period{Expiration: x}); p.Contains(c.d) == c.end {
			t.Errorf("%+v: Contains %v, yet passes the expiration %v", c.d, p.Contains(c.d), c.end)
		}
	}
	if compareThreshold(&end, &start) >= 0 {
		t.Error("the expiration 2025-02-28 is not before the start 2025-03-01")
	}
	same := span{from: x}
	if compareThreshold(&same, &end) >= 0 {
		t.Error("a start is not before an expiration on the same day")
	}
}

// idFromScratch is idOn computed from the jurisdictions of area a in
// force on day d, with their IDs sorted, hashed and formatted at every
// call, without the spans: the tests compare idOn with it.
func (reg *registry) idFromScratch(a *area, d civil.Date) string {
	chain := reg.chain(a)
	var buf [16]string
	ids := buf[:0]
	for _, k := range chain {
		if j := reg.jur(k); j.Period.Contains(d) {
			ids = append(ids, j.ID)
		}
	}
	switch len(ids) {
	case len(chain):
		return reg.id(a)
	case 0:
		return ""
	}
	return AreaID(ids)
}
