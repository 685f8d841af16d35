package journaltest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// sumSpans returns the groups of spans checkSums asks AreaSums for,
// one call per group, about figs: every month from the one before the
// first figure's to the one after the last's, whole (a group that a
// backend with monthly totals reads from them alone); each calendar year
// whole (another); for each day of a figure, the year before it whole
// and its year up to it, as an EU distance sale asks (a group per day);
// and all of those with spans that cut months (in the first half, to the
// last day but one, across a month's and a year's end, a single day),
// which make a backend read those months day by day.
func sumSpans(figs []journal.Figure) [][]journal.Span {
	first, last := civil.MustParse("2026-01-01"), civil.MustParse("2026-01-01")
	for i, f := range figs {
		if i == 0 || f.Day.Before(first) {
			first = f.Day
		}
		if i == 0 || f.Day.After(last) {
			last = f.Day
		}
	}
	var months, years, all []journal.Span
	for m := civil.New(first.Year, first.Month-1, 1); !m.After(civil.New(last.Year, last.Month+1, 1)); m = civil.New(m.Year, m.Month+1, 1) {
		end := civil.New(m.Year, m.Month+1, 1).AddDays(-1)
		months = append(months, journal.Span{From: m, To: end})
		all = append(all, journal.Span{From: m, To: m.AddDays(14)}, journal.Span{From: m, To: end.AddDays(-1)},
			journal.Span{From: m.AddDays(10), To: end.AddDays(10)})
	}
	for y := first.Year - 1; y <= last.Year+1; y++ {
		years = append(years, journal.Span{From: civil.New(y, 1, 1), To: civil.New(y, 12, 31)})
		all = append(all, journal.Span{From: civil.New(y, 12, 31), To: civil.New(y+1, 1, 1)})
	}
	groups := [][]journal.Span{months, years}
	seen := map[civil.Date]bool{}
	for _, f := range figs {
		if seen[f.Day] {
			continue
		}
		seen[f.Day] = true
		eu := []journal.Span{{From: civil.New(f.Day.Year-1, 1, 1), To: civil.New(f.Day.Year-1, 12, 31)},
			{From: civil.New(f.Day.Year, 1, 1), To: f.Day}}
		groups = append(groups, eu)
		all = append(all, eu...)
		all = append(all, journal.Span{From: f.Day, To: f.Day})
	}
	all = append(all, months...)
	all = append(all, years...)
	all = append(all, journal.Span{From: first.AddDays(-400), To: last.AddDays(400)})
	return append(groups, all)
}

// areaSums is AreaSums over as many spans as need be: asked in groups
// that keep to MaxSpans spans and months.
func areaSums(s journal.Store, tenant, company, area string, spans []journal.Span) ([]journal.Sum, error) {
	var out []journal.Sum
	for len(spans) > 0 {
		n, months := 0, 0
		for n < len(spans) && n < journal.MaxSpans {
			sp := spans[n]
			m := (sp.To.Year-sp.From.Year)*12 + int(sp.To.Month) - int(sp.From.Month) + 1
			if months+m > journal.MaxSpans {
				break
			}
			months += m
			n++
		}
		sums, err := s.AreaSums(context.Background(), tenant, company, area, spans[:n])
		if err != nil {
			return nil, err
		}
		out = append(out, sums...)
		spans = spans[n:]
	}
	return out, nil
}

// checkSums fails unless, for every company and area the journal has
// figures of (and an area it has none of), AreaSums gives what the
// journal's transactions add up to over each of sumSpans (Recompute,
// a fresh scan), and what the days AreaFigures reads add up to.
func checkSums(t *testing.T, s journal.Store, tenant string) {
	t.Helper()
	ctx := context.Background()
	computed, err := journal.Recompute(ctx, s, tenant)
	if err != nil {
		t.Fatal(err)
	}
	type ca struct{ company, area string }
	byArea := map[ca][]journal.Figure{{"ACME", "US-WY"}: nil, {"ACME", journal.AreaEU}: nil}
	for _, f := range computed {
		k := ca{f.Company, f.Area}
		byArea[k] = append(byArea[k], f)
	}
	for k, figs := range byArea {
		var days []journal.Figure
		err = s.AreaFigures(ctx, tenant, k.company, k.area, civil.Date{}, civil.Date{}, func(f journal.Figure) error {
			days = append(days, f)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, spans := range sumSpans(figs) {
			got, err := areaSums(s, tenant, k.company, k.area, spans)
			if err != nil {
				t.Fatalf("AreaSums of %q in %s: %v", k.company, k.area, err)
			}
			want, byDay := journal.SumFigures(figs, spans), journal.SumFigures(days, spans)
			if len(got) != len(spans) {
				t.Fatalf("AreaSums of %q in %s gave %d sums for %d spans", k.company, k.area, len(got), len(spans))
			}
			for i := range spans {
				if got[i] != want[i] || got[i] != byDay[i] {
					t.Errorf("sum of %q in %s over %s..%s (of %d spans) = %+v; the journal's %+v, the days' %+v",
						k.company, k.area, spans[i].From, spans[i].To, len(spans), got[i], want[i], byDay[i])
				}
			}
		}
	}
}

// euLine returns an EU distance sale's line of net euros to dest.
func euLine(t *testing.T, itemID, dest, net string) journal.Line {
	t.Helper()
	return journal.Line{LineItemID: itemID, Origin: "DE", Destination: dest, EUDistanceSale: true, Amount: amount(t, net)}
}

// euSale returns an invoice in euros of company with lines.
func euSale(t *testing.T, id, date, company string, lines ...journal.Line) *journal.Transaction {
	t.Helper()
	tx := sale(t, id, date, company, lines...)
	tx.Currency = "EUR"
	return tx
}

func testSumsFollowOperations(t *testing.T, s journal.Store) {
	ctx := context.Background()
	step := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		checkSums(t, s, tenant)
		checkSums(t, s, "other")
	}
	_, err := s.Post(ctx, tenant, euSale(t, "S1", "2025-12-31", "ACME", euLine(t, "1", "FR", "100.00"), euLine(t, "2", "AT", "20.00")))
	step("post S1", err)
	_, err = s.Post(ctx, tenant, euSale(t, "S2", "2026-01-01", "ACME", euLine(t, "1", "FR", "50.00")))
	step("post S2", err)
	mp := euSale(t, "S3", "2026-01-31", "ACME", euLine(t, "1", "IT", "7.00"))
	mp.Marketplace = true
	_, err = s.PostAll(ctx, tenant, []*journal.Transaction{mp,
		euSale(t, "S4", "2026-02-01", "BETA", euLine(t, "1", "FR", "9.00")),
		sale(t, "S5", "2026-02-28", "ACME", usLine(t, "1", "US-TX", "30.00", "30.00"))})
	step("post S3 to S5", err)
	// A new version moves S1 across the year's end and a month's.
	_, err = s.Post(ctx, tenant, euSale(t, "S1", "2026-03-01", "ACME", euLine(t, "1", "FR", "110.00")))
	step("post S1 again", err)
	// A reversal in the next year takes S2 away there.
	_, err = s.Reverse(ctx, tenant, "S2", journal.Reversal{TransactionID: "S2-R", PostingDate: civil.MustParse("2027-01-01")})
	step("reverse S2", err)
	// A sync, then its rollback, across a month's end.
	_, err = s.Post(ctx, tenant, euSale(t, "S6", "2026-04-30", "ACME", euLine(t, "1", "FR", "10.00")))
	step("post S6", err)
	sy := euSale(t, "S6", "2026-05-01", "ACME", euLine(t, "1", "FR", "90.00"))
	sy.MessageType, sy.Sync = "ARBILLING_SYNC", true
	_, err = s.Post(ctx, tenant, sy)
	step("sync S6", err)
	_, err = s.Rollback(ctx, tenant, "S6")
	step("roll S6 back", err)
	step("delete S1", s.Delete(ctx, tenant, "S1"))
	step("delete S3", s.Delete(ctx, tenant, "S3"))
	// A repair writes the monthly totals with the days.
	computed, err := journal.Recompute(ctx, s, tenant)
	if err != nil {
		t.Fatal(err)
	}
	step("replace with the journal's", s.ReplaceFigures(ctx, tenant, computed))
	wrong := []journal.Figure{{Company: "ACME", Area: journal.AreaEU, Day: civil.MustParse("2026-06-15"), Direct: tally(5, 0, 0, 1)}}
	if err := s.ReplaceFigures(ctx, tenant, wrong); err != nil {
		t.Fatal(err)
	}
	sums, err := s.AreaSums(ctx, tenant, "ACME", journal.AreaEU, []journal.Span{
		{From: civil.MustParse("2026-01-01"), To: civil.MustParse("2026-12-31")},
		{From: civil.MustParse("2026-06-01"), To: civil.MustParse("2026-06-30")},
		{From: civil.MustParse("2026-06-16"), To: civil.MustParse("2026-07-31")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sums[0].Direct != tally(5, 0, 0, 1) || sums[1] != sums[0] || !sums[2].Direct.IsZero() {
		t.Fatalf("sums after a replacement = %+v, want 5.00 in the year and June only", sums)
	}
}

func testSumsRandomHistory(t *testing.T, s journal.Store) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 11))
	first := civil.MustParse("2025-11-20")
	day := func() string { return first.AddDays(rng.IntN(480)).String() }
	companies := []string{"ACME", "BETA", ""}
	var ids []string
	tx := func(id string) *journal.Transaction {
		var lines []journal.Line
		for i := range 1 + rng.IntN(3) {
			net := fmt.Sprintf("%d.%02d", 1+rng.IntN(500), rng.IntN(100))
			if rng.IntN(4) == 0 {
				lines = append(lines, usLine(t, fmt.Sprint(i), "US-TX", net, net))
			} else {
				lines = append(lines, euLine(t, fmt.Sprint(i), "FR", net))
			}
		}
		x := euSale(t, id, day(), companies[rng.IntN(len(companies))], lines...)
		x.Marketplace = rng.IntN(5) == 0
		return x
	}
	for op := range 160 {
		var err error
		switch k := rng.IntN(10); {
		case k < 4 || len(ids) == 0:
			id := fmt.Sprintf("R%03d", op)
			ids = append(ids, id)
			_, err = s.Post(ctx, tenant, tx(id))
		case k == 4:
			var batch []*journal.Transaction
			for i := range 2 + rng.IntN(4) {
				id := fmt.Sprintf("R%03d-%d", op, i)
				ids = append(ids, id)
				batch = append(batch, tx(id))
			}
			_, err = s.PostAll(ctx, tenant, batch)
		case k == 5:
			// A new version, on another day.
			_, err = s.Post(ctx, tenant, tx(ids[rng.IntN(len(ids))]))
		case k == 6:
			id := ids[rng.IntN(len(ids))]
			_, err = s.Reverse(ctx, tenant, id, journal.Reversal{TransactionID: id + "-R", PostingDate: civil.MustParse("2027-03-31")})
			if levy.ErrorCode(err) == levy.EConflict || levy.ErrorCode(err) == levy.ENotFound || levy.ErrorCode(err) == levy.EInvalid {
				err = nil // reversed already, deleted, or a reversal itself
			}
		case k == 7:
			id := ids[rng.IntN(len(ids))]
			sy := tx(id)
			sy.MessageType, sy.Sync = "ARBILLING_SYNC", true
			if _, err = s.Post(ctx, tenant, sy); err == nil && rng.IntN(2) == 0 {
				_, err = s.Rollback(ctx, tenant, id)
			}
			if levy.ErrorCode(err) == levy.EConflict || levy.ErrorCode(err) == levy.EInvalid {
				err = nil // a sync of a reversed transaction, say
			}
		default:
			i := rng.IntN(len(ids))
			err = s.Delete(ctx, tenant, ids[i])
			if levy.ErrorCode(err) == levy.ENotFound {
				err = nil
			}
		}
		if err != nil {
			t.Fatalf("operation %d: %v", op, err)
		}
		if op%20 == 19 {
			checkSums(t, s, tenant)
		}
	}
	checkSums(t, s, tenant)
	stored, err := s.Figures(ctx, tenant, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	computed, err := journal.Recompute(ctx, s, tenant)
	if err != nil {
		t.Fatal(err)
	}
	if d := journal.CompareFigures(stored, computed); len(d) > 0 {
		t.Fatalf("stored figures differ from the journal's: %+v", d)
	}
	if err := s.ReplaceFigures(ctx, tenant, slices.Clone(computed)); err != nil {
		t.Fatal(err)
	}
	checkSums(t, s, tenant)
}

func testSumsInvalid(t *testing.T, s journal.Store) {
	ctx := context.Background()
	d := civil.MustParse("2026-05-01")
	for _, c := range []struct {
		tenant, area string
		spans        []journal.Span
		field        string
	}{
		{"", journal.AreaEU, []journal.Span{{From: d, To: d}}, "tenant"},
		{tenant, "", []journal.Span{{From: d, To: d}}, "area"},
		{tenant, journal.AreaEU, nil, "spans"},
		{tenant, journal.AreaEU, make([]journal.Span, journal.MaxSpans+1), "spans"},
		{tenant, journal.AreaEU, []journal.Span{{From: civil.MustParse("1900-01-01"), To: civil.MustParse("2100-12-31")}}, "spans"},
		{tenant, journal.AreaEU, []journal.Span{{From: d, To: d}, {From: civil.MustParse("1950-01-01"), To: civil.MustParse("2050-12-31")}}, "spans"},
		{tenant, journal.AreaEU, []journal.Span{{From: d, To: d}, {To: d}}, "spans[1].from"},
		{tenant, journal.AreaEU, []journal.Span{{From: d}}, "spans[0].to"},
		{tenant, journal.AreaEU, []journal.Span{{From: d, To: d.AddDays(-1)}}, "spans[0].to"},
		{tenant, journal.AreaEU, []journal.Span{{From: civil.Date{Year: 2026, Month: 13, Day: 1}, To: d}}, "spans[0].from"},
	} {
		_, err := s.AreaSums(ctx, c.tenant, "ACME", c.area, c.spans)
		var le *levy.Error
		if levy.ErrorCode(err) != levy.EInvalid || !errors.As(err, &le) || le.Field != c.field {
			t.Errorf("AreaSums(%q, %q, %d spans) = %v; want an invalid %s", c.tenant, c.area, len(c.spans), err, c.field)
		}
	}
}

func testSumsConcurrent(t *testing.T, s journal.Store) {
	const writers, each = 6, 8
	ctx := context.Background()
	days := []string{"2025-12-31", "2026-01-01", "2026-01-31", "2026-02-01"}
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				// Units of several sales over two months' and a year's
				// ends, in different orders, so that units of one part
				// lock days and months of both.
				var batch []*journal.Transaction
				for k := range 3 {
					d := days[(w+i+k)%len(days)]
					batch = append(batch, euSale(t, fmt.Sprintf("W%d-%d-%d", w, i, k), d, "ACME", euLine(t, "1", "FR", "10.00")))
				}
				if _, err := s.PostAll(ctx, tenant, batch); err != nil {
					errs <- err
				}
				if _, err := s.Post(ctx, tenant, euSale(t, fmt.Sprintf("W%d-%d-0", w, i), days[(w+i)%2+2], "ACME", euLine(t, "1", "FR", "5.00"))); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("concurrent posts: %v", err)
	}
	checkSums(t, s, tenant)
	sums, err := s.AreaSums(ctx, tenant, "ACME", journal.AreaEU, []journal.Span{{From: civil.MustParse("2025-01-01"), To: civil.MustParse("2026-12-31")}})
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(writers*each*25) * journal.UnitsPerCurrencyUnit; sums[0].Direct.Gross != want || sums[0].Direct.Count != writers*each*3 {
		t.Fatalf("sum after concurrent posts = %+v, want %d in %d", sums[0].Direct, want, writers*each*3)
	}
}
