package hostwalk_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// Many request handlers of a host store invoices through one Engine into
// one Badger journal while an operator's signal reloads the engine: every
// invoice is stored once, and the month's report adds them all up.
func TestConcurrentInvoicesWhileReloading(t *testing.T) {
	ctx := context.Background()
	store, err := badger.OpenJournal(ctx, filepath.Join(t.TempDir(), "journal"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e, err := engine.New(ctx, engine.WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	const workers, each = 8, 25
	acme := levy.WithTenant(ctx, "acme")
	var wg sync.WaitGroup
	errs := make(chan error, workers+1)
	for w := range workers {
		wg.Go(func() {
			for i := range each {
				resp, err := e.Sale(acme, order("2026-06-01", fmt.Sprintf("W%d-%d", w, i), wire.SaleInvoice, "40.00"))
				if err != nil {
					errs <- err
					return
				}
				if resp.TotalTax.String() != "2.50" {
					errs <- fmt.Errorf("W%d-%d taxed %s", w, i, resp.TotalTax)
					return
				}
			}
		})
	}
	wg.Go(func() {
		for range 3 {
			if err := e.Reload(ctx); err != nil {
				errs <- err
				return
			}
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	rep, err := journal.Summarize(ctx, store, "acme", civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Transactions != workers*each || len(rep.Currencies) != 1 || rep.Currencies[0].Total.Tax.String() != "500.00" || rep.Currencies[0].Total.SubTotal.String() != "8000.00" {
		t.Fatalf("June of acme: %d transactions, %+v; want %d, subtotal 8000.00, tax 500.00", rep.Transactions, rep.Currencies, workers*each)
	}
}
