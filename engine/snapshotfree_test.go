package engine

import (
	"context"
	"runtime"
	"testing"
	"weak"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestReloadDropsOldSnapshot: once Reload has swapped in a new snapshot
// and the calculations against the old one have ended, nothing of the
// engine keeps the old snapshot alive: not the scratch state its
// calculations pooled, nor the tax blocks they lent back to the
// engine's pool, which the next calculations (against the new snapshot)
// take again.
func TestReloadDropsOldSnapshot(t *testing.T) {
	ctx := context.Background()
	e, err := New(ctx, WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	calculate := func() {
		t.Helper()
		for range 3 {
			if _, err := e.Sale(ctx, usSale("", "Houston", "TX", "77002", "GENERAL", "10.99")); err != nil {
				t.Fatal(err)
			}
			if err := e.SaleWith(ctx, usSale("", "Atlanta", "GA", "30303", "GENERAL", "20.00"), func(*wire.SaleResponse) error { return nil }); err != nil {
				t.Fatal(err)
			}
		}
	}
	calculate()
	old := weak.Make(e.current())
	if err := e.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	calculate()
	// sync.Pool keeps what it holds through one collection (its victim
	// cache): a few collections free whatever only pools hold.
	for range 4 {
		runtime.GC()
	}
	if old.Value() != nil {
		t.Error("the snapshot replaced by Reload is still reachable after its calculations ended")
	}
	if e.current() == nil {
		t.Fatal("no current snapshot")
	}
}
