package postgres

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
)

// postEUSales posts n EU distance sales of ACME, one every nine days from
// 2025-01-03, and returns the spans of each month of 2025 and 2026 and of
// the two years.
func postEUSales(t *testing.T, s journal.Store, n int) []journal.Span {
	t.Helper()
	ctx := context.Background()
	a := money.MustParse("12.50")
	for i := range n {
		tx := &journal.Transaction{TransactionID: fmt.Sprintf("EU-%d", i), Perspective: "SELLER", MessageType: "INVOICE", Company: "ACME",
			DocumentDate: civil.MustParse("2025-01-03").AddDays(9 * i), Currency: "EUR", SubTotal: a, Total: a,
			Lines: []journal.Line{{Destination: "FR", Amount: a, EUDistanceSale: true}}}
		if _, err := s.Post(ctx, "acme", tx); err != nil {
			t.Fatal(err)
		}
	}
	spans := []journal.Span{{From: civil.MustParse("2025-01-01"), To: civil.MustParse("2025-12-31")},
		{From: civil.MustParse("2026-01-01"), To: civil.MustParse("2026-12-31")}}
	for m := civil.MustParse("2025-01-01"); m.Year < 2027; m = civil.New(m.Year, m.Month+1, 1) {
		spans = append(spans, journal.Span{From: m, To: civil.New(m.Year, m.Month+1, 1).AddDays(-1)})
	}
	return spans
}

// wantDaySums fails unless AreaSums of ACME in the EU over spans is what
// the days' figures add up to, and not all zero.
func wantDaySums(t *testing.T, s journal.Store, spans []journal.Span) {
	t.Helper()
	ctx := context.Background()
	got, err := s.AreaSums(ctx, "acme", "ACME", journal.AreaEU, spans)
	if err != nil {
		t.Fatal(err)
	}
	var days []journal.Figure
	if err := s.AreaFigures(ctx, "acme", "ACME", journal.AreaEU, civil.Date{}, civil.Date{}, func(f journal.Figure) error {
		days = append(days, f)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := journal.SumFigures(days, spans)
	if want[0].Direct.IsZero() {
		t.Fatal("no sales in 2025")
	}
	for i := range spans {
		if got[i] != want[i] {
			t.Errorf("sum over %s..%s = %+v, the days' %+v", spans[i].From, spans[i].To, got[i], want[i])
		}
	}
}

// TestMonthTotalsMigrated: a journal of schema version 7, which had the
// days' figures and no monthly totals, gets its totals from its days when
// Open migrates it.
func TestMonthTotalsMigrated(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	spans := postEUSales(t, db.Journal(), 60)
	// A journal of version 7 had its figures in journal_figures alone.
	foldAll(t, db)
	for _, q := range []string{"DROP TABLE journal_figure_deltas", "DROP TABLE journal_figure_months",
		"ALTER TABLE journal_figures DROP COLUMN d_exempt_other, DROP COLUMN m_exempt_other", "UPDATE levy_schema SET version = 7"} {
		if _, err := db.pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	schema := db.pool.Config().ConnConfig.RuntimeParams["search_path"]
	again, err := Open(ctx, pgtest.AdminURL(t), WithSchema(strings.Trim(schema, `"`)))
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	var n int
	if err := again.pool.QueryRow(ctx, "SELECT count(*) FROM journal_figure_months").Scan(&n); err != nil || n == 0 {
		t.Fatalf("monthly totals after the migration: %d rows, %v", n, err)
	}
	wantDaySums(t, again.Journal(), spans)
}

// TestRebuildRepairsMonthTotals: monthly totals that lack what a node of
// an older Levy posted to the days only are found by the rebuild, though
// the days agree with the journal, and replaced by its repair.
func TestRebuildRepairsMonthTotals(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	s := db.Journal()
	spans := postEUSales(t, s, 40)
	// The monthly totals that lack what an older node posted are folded
	// ones.
	foldAll(t, db)
	if _, err := db.pool.Exec(ctx, "DELETE FROM journal_figure_months WHERE month >= '2025-06-01'"); err != nil {
		t.Fatal(err)
	}
	found, err := nexus.Rebuild(ctx, s, "acme", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(found.Differences) != 0 || len(found.Months) == 0 || found.Repaired {
		t.Fatalf("rebuild found %d day and %d month differences (repaired %v), want months only", len(found.Differences), len(found.Months), found.Repaired)
	}
	var b strings.Builder
	if err := found.WriteText(&b); err != nil || !strings.Contains(b.String(), "ACME EU month 2025-06: stored total direct 0.00 in 0") ||
		!strings.Contains(b.String(), "monthly totals differ from the journal; run again with --repair") {
		t.Fatalf("rebuild text:\n%s%v", b.String(), err)
	}
	fixed, err := nexus.Rebuild(ctx, s, "acme", true)
	if err != nil || !fixed.Repaired {
		t.Fatalf("repair: %+v, %v", fixed, err)
	}
	wantDaySums(t, s, spans)
	again, err := nexus.Rebuild(ctx, s, "acme", false)
	if err != nil || len(again.Differences)+len(again.Months) != 0 {
		t.Fatalf("rebuild after the repair: %+v, %v", again, err)
	}
}
