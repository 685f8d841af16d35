package nexus_test

import (
	"context"
	"reflect"
	"strconv"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/postgres"
)

// reportSales returns the sales of writer w numbered from first to
// first+n-1, the i-th into the i-th of benchStates on the i-th of 730
// days from 2025-01-01; every third one made through a marketplace
// facilitator, every seventh of company OTHER.
func reportSales(w string, first, n int) []*journal.Transaction {
	day := civil.MustParse("2025-01-01")
	out := make([]*journal.Transaction, n)
	for k := range n {
		i := first + k
		amount := money.MustParse(strconv.Itoa(100+i%900) + ".25")
		st := "US-" + benchStates[i%len(benchStates)]
		company := "ACME"
		if i%7 == 0 {
			company = "OTHER"
		}
		out[k] = &journal.Transaction{TransactionID: w + "-" + strconv.Itoa(i), Perspective: "SELLER", MessageType: "INVOICE",
			Company: company, DocumentDate: day.AddDays(i % 730), Currency: "USD", SubTotal: amount, Total: amount, Marketplace: i%3 == 0,
			Lines: []journal.Line{{Destination: st, Amount: amount, Taxes: []journal.Tax{{JurisdictionID: st, Taxable: amount}}}}}
	}
	return out
}

// TestReportPostgresAsMemory builds the report of a tenant over a
// PostgreSQL journal and over a journal in memory that stored the same
// units: sales posted by two writers at once (the parts of two
// connections), in units of 500 and enough of them (9,000 figures) for
// a fold to move most into the folded rows and leave the last units'
// deltas unfolded, then reversals. Every row of the two reports is the
// same, for the tenant and for one company, on two days.
func TestReportPostgresAsMemory(t *testing.T) {
	ctx := context.Background()
	db, err := postgres.Open(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	pg, mem := db.Journal(), journal.NewMemory()
	const per, units = 500, 9
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for _, w := range []string{"A", "B"} {
		wg.Go(func() {
			for u := range units {
				txs := reportSales(w, u*per, per)
				if _, err := pg.PostAll(ctx, "acme", txs); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, w := range []string{"A", "B"} {
		for u := range units {
			if _, err := mem.PostAll(ctx, "acme", reportSales(w, u*per, per)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, id := range []string{"A-1", "A-3", "B-7", "B-4499"} {
		for _, st := range []journal.Store{pg, mem} {
			if _, err := st.Reverse(ctx, "acme", id, journal.Reversal{TransactionID: id + "-R"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	r := rules(t)
	for _, o := range []nexus.Options{
		{AsOf: civil.MustParse("2026-12-31")},
		{AsOf: civil.MustParse("2026-06-15")},
		{AsOf: civil.MustParse("2026-12-31"), Company: "OTHER", CompanySet: true},
	} {
		got, err := nexus.Build(ctx, pg, r, "acme", o)
		if err != nil {
			t.Fatal(err)
		}
		want, err := nexus.Build(ctx, mem, r, "acme", o)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Rows) != len(want.Rows) {
			t.Fatalf("as of %s: %d rows, want %d", o.AsOf, len(got.Rows), len(want.Rows))
		}
		var sales int64
		for i := range want.Rows {
			if !reflect.DeepEqual(got.Rows[i], want.Rows[i]) {
				t.Errorf("as of %s (company %q): row %d\n got %+v\nwant %+v", o.AsOf, o.Company, i, got.Rows[i], want.Rows[i])
			}
			sales += want.Rows[i].Transactions + want.Rows[i].MarketplaceTransactions
		}
		if sales == 0 {
			t.Fatalf("as of %s: the report counts no sale", o.AsOf)
		}
	}
}
