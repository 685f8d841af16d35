package hostwalk_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/profile"
)

// Two nodes of a host share one profile store: a certificate that node A
// adds reaches node B's calculations through B's Follow, within a few of
// its intervals, without B being told.
func TestProfileChangeReachesOtherNode(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	cacheA := profile.NewCache(store, nil)
	svcA := profile.NewService(store, profile.Config{Cache: cacheA})
	if _, err := svcA.Apply(ctx, "acme", "setup", profile.ChangeSet{
		Customers: []profile.Customer{{Code: "SCHOOL-7", Name: "Boston school"}},
	}); err != nil {
		t.Fatal(err)
	}
	nodeB, err := engine.New(ctx, engine.WithProfiles(profile.NewCache(store, nil)))
	if err != nil {
		t.Fatal(err)
	}
	acme := levy.WithTenant(ctx, "acme")
	tax := func() string {
		t.Helper()
		resp, err := nodeB.Sale(acme, schoolSale("SCHOOL-7"))
		if err != nil {
			t.Fatal(err)
		}
		return resp.TotalTax.String()
	}
	if got := tax(); got != "2.50" {
		t.Fatalf("node B before the certificate: %s, want 2.50", got)
	}
	fctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { nodeB.Profiles().Follow(fctx, 20*time.Millisecond) })
	defer func() { stop(); wg.Wait() }()

	if _, err := svcA.Apply(ctx, "acme", "certificate", profile.ChangeSet{
		Certificates: []profile.Certificate{{Number: "MA-EX-1", CustomerCode: "SCHOOL-7", Jurisdictions: []string{"US-MA"},
			ReasonCode: "E", EffectiveDate: civil.MustParse("2026-01-01")}},
	}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for tax() != "0.00" {
		if time.Now().After(deadline) {
			t.Fatal("node A's certificate did not reach node B within 5 s of a 20 ms Follow")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
