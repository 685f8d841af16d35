package hostwalk_test

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

func schoolSale(customer string) *wire.SaleRequest {
	q := engine.Quotation("2026-06-01",
		engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
		engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
		engine.Line("lamp", "GENERAL", "40.00"))
	q.Customer.CustomerCode = &wire.CustomerCode{Value: customer}
	return q
}

// A host keeps its tenants' profiles in a Badger directory of its own:
// tenant acme's customer has a Massachusetts certificate, tenant globex
// has a customer of the same code without one. The certificate exempts
// acme's sales alone, before and after a restart; a bad change set is
// refused with the JSON path of each fault; and once the host closes
// everything (the store, the cache's Follow) no goroutine is left.
func TestTenantProfilesInBadger(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "profiles")

	open := func() (*badger.ProfileStore, *profile.Service, *engine.Engine, context.CancelFunc, *sync.WaitGroup) {
		store, err := badger.OpenProfile(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		cache := profile.NewCache(store, nil)
		svc := profile.NewService(store, profile.Config{Cache: cache})
		e, err := engine.New(ctx, engine.WithProfiles(cache))
		if err != nil {
			t.Fatal(err)
		}
		fctx, stop := context.WithCancel(ctx)
		var wg sync.WaitGroup
		wg.Go(func() { e.Profiles().Follow(fctx, 10*time.Millisecond) })
		return store, svc, e, stop, &wg
	}
	tax := func(e *engine.Engine, tenant string) string {
		t.Helper()
		resp, err := e.Sale(levy.WithTenant(ctx, tenant), schoolSale("SCHOOL-7"))
		if err != nil {
			t.Fatal(err)
		}
		return resp.TotalTax.String()
	}

	store, svc, e, stop, wg := open()
	_, err := svc.Apply(ctx, "acme", "setup", profile.ChangeSet{
		Customers: []profile.Customer{{Code: "SCHOOL-7", Name: "Boston school"}},
		Certificates: []profile.Certificate{{Number: "MA-EX-1", CustomerCode: "SCHOOL-7", Jurisdictions: []string{"US-MA"},
			ReasonCode: "E", EffectiveDate: civil.MustParse("2026-01-01")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Apply(ctx, "globex", "setup", profile.ChangeSet{
		Customers: []profile.Customer{{Code: "SCHOOL-7", Name: "another school"}},
	}); err != nil {
		t.Fatal(err)
	}
	_, err = svc.Apply(ctx, "globex", "bad", profile.ChangeSet{
		Certificates: []profile.Certificate{{Number: "X-1", CustomerCode: "SCHOOL-7", Jurisdictions: []string{"US-MA"},
			ReasonCode: "NOT-A-REASON", EffectiveDate: civil.MustParse("2026-01-01")}},
	})
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "certificates[0].reasonCode" {
		t.Fatalf("a certificate with an unknown reason: %v, want invalid certificates[0].reasonCode", err)
	}
	if got := tax(e, "acme"); got != "0.00" {
		t.Fatalf("acme's certified customer taxed %s, want 0.00", got)
	}
	if got := tax(e, "globex"); got != "2.50" {
		t.Fatalf("globex's customer (no certificate) taxed %s, want 2.50", got)
	}
	stop()
	wg.Wait()
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	// The restart.
	store, _, e, stop, wg = open()
	if got := tax(e, "acme"); got != "0.00" {
		t.Fatalf("after the restart acme's certified customer taxed %s, want 0.00", got)
	}
	if got := tax(e, "globex"); got != "2.50" {
		t.Fatalf("after the restart globex's customer taxed %s, want 2.50", got)
	}
	stop()
	wg.Wait()
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		buf := make([]byte, 1<<20)
		t.Fatalf("%d goroutines before, %d after closing everything:\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
}

// One Engine serves many goroutines at once: each gets the answer it
// would get alone.
func TestEngineConcurrentUse(t *testing.T) {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ state, zip, city, want string }{
		{"MA", "02108", "Boston", "2.50"},
		{"OR", "97201", "Portland", "0.00"},
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 16 {
		wg.Go(func() {
			for i := range 20 {
				c := cases[(g+i)%len(cases)]
				q := engine.Quotation("2026-06-01",
					engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
					engine.CustomerAt(engine.USAddress("", c.city, c.state, c.zip)),
					engine.Line("lamp", "GENERAL", "40.00"))
				resp, err := e.Sale(ctx, q)
				if err != nil {
					errs <- err
					return
				}
				if resp.TotalTax.String() != c.want {
					errs <- errors.New(c.state + " taxed " + resp.TotalTax.String() + ", want " + c.want)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
