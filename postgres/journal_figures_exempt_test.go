package postgres

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestExemptOtherMigrated: a journal of schema version 8, whose figures
// had no part exempted other than for resale, keeps its rows when Open
// migrates it (migration 009): they read as before, that part zero (every
// customer exemption counted as a resale, as it was), and a post adds
// its part to the same row.
func TestExemptOtherMigrated(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	s := db.Journal()
	a := money.MustParse("100.00")
	post := func(s journal.Store, id string) {
		t.Helper()
		tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: "ACME",
			DocumentDate: civil.MustParse("2026-03-02"), Currency: "USD", SubTotal: a, Total: a,
			Lines: []journal.Line{{Destination: "US-TN", Amount: a, Taxes: []journal.Tax{{JurisdictionID: "US-TN", TaxResult: "EXEMPT",
				Taxable: money.Zero(), Exempt: a, RuleID: "customer-exempt", ReasonCode: "E"}}}}}
		if _, err := s.Post(ctx, "acme", tx); err != nil {
			t.Fatal(err)
		}
	}
	post(s, "OLD")
	// A journal of version 8 had its figures in journal_figures alone.
	foldAll(t, db)
	for _, q := range []string{
		"DROP TABLE journal_figure_deltas",
		"ALTER TABLE journal_figures DROP COLUMN d_exempt_other, DROP COLUMN m_exempt_other",
		"ALTER TABLE journal_figure_months DROP COLUMN d_exempt_other, DROP COLUMN m_exempt_other",
		"UPDATE levy_schema SET version = 8"} {
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
	const u = journal.UnitsPerCurrencyUnit
	wantTN := func(want journal.Tally) {
		t.Helper()
		figs, err := again.Journal().Figures(ctx, "acme", civil.Date{}, civil.Date{})
		if err != nil {
			t.Fatal(err)
		}
		if len(figs) != 1 || figs[0].Area != "US-TN" || figs[0].Direct != want {
			t.Fatalf("figures %+v, want one of US-TN with %+v", figs, want)
		}
	}
	wantTN(journal.Tally{Gross: 100 * u, Exempt: 100 * u, Count: 1})
	post(again.Journal(), "NEW")
	wantTN(journal.Tally{Gross: 200 * u, Exempt: 200 * u, ExemptOther: 100 * u, Count: 2})
}
