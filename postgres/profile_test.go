package postgres

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profiletest"
)

// TestProfileConformance runs the conformance suite of profile.Store over
// the PostgreSQL profile store.
func TestProfileConformance(t *testing.T) {
	profiletest.Run(t, func(t *testing.T) profile.Store { return openTest(t).Profile() })
}

// texasCertificate is a change that gives customer C-1 a Texas resale
// certificate for 2026.
func texasCertificate(customerName string) profile.ChangeSet {
	return profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1", Name: customerName}},
		Certificates: []profile.Certificate{{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G",
			EffectiveDate: civil.MustParse("2026-01-01"), ExpirationDate: civil.MustParse("2026-12-31")}},
	}
}

// TestProfileFollowAcrossNodes: a change made through one node reaches
// the cached snapshots of another, whose cache follows the store, without
// a word between them: the second node polls the tenant's version, one
// statement a second.
func TestProfileFollowAcrossNodes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dbs := nodes(t, 2)
	a, b := dbs[0].Profile(), dbs[1].Profile()
	cacheB := profile.NewCache(b, nil)
	if s, err := cacheB.Snapshot(ctx, "acme"); err != nil || s.Version() != 0 {
		t.Fatalf("node B's snapshot before any change: %v, %v", s, err)
	}
	done := make(chan struct{})
	go func() { cacheB.Follow(ctx, 10*time.Millisecond); close(done) }()

	svcA := profile.NewService(a, profile.Config{})
	if _, err := svcA.Apply(ctx, "acme", "client-a", texasCertificate("Alpha")); err != nil {
		t.Fatal(err)
	}
	s := waitForSnapshot(t, cacheB, "acme", 1)
	if c, ok := s.Customer("C-1"); !ok || c.Name != "Alpha" || len(s.CertificatesOf("C-1")) != 1 {
		t.Fatalf("node B's snapshot after node A's change: %+v", c)
	}
	// A change that node A's store makes outside any Service (an
	// offline import into the database) is seen the same way.
	cs := profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1", Name: "Alpha Two"}}}
	entries, err := cs.Entries()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Apply(ctx, "acme", profile.Commit{At: time.Now(), By: "cli", Entries: entries}); err != nil {
		t.Fatal(err)
	}
	s = waitForSnapshot(t, cacheB, "acme", 2)
	if c, _ := s.Customer("C-1"); c.Name != "Alpha Two" {
		t.Fatalf("node B's customer after the import: %+v", c)
	}
	cancel()
	<-done
}

// TestProfileRefreshAcrossNodes: Refresh on one node loads again exactly
// the tenants that another node changed.
func TestProfileRefreshAcrossNodes(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 2)
	svcA := profile.NewService(dbs[0].Profile(), profile.Config{})
	cacheB := profile.NewCache(dbs[1].Profile(), nil)
	for _, tenant := range []string{"acme", "globex"} {
		if _, err := svcA.Apply(ctx, tenant, "client-a", texasCertificate(tenant)); err != nil {
			t.Fatal(err)
		}
		if _, err := cacheB.Snapshot(ctx, tenant); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := cacheB.Refresh(ctx); err != nil || n != 0 {
		t.Fatalf("Refresh with no change: %d, %v", n, err)
	}
	if _, err := svcA.Apply(ctx, "globex", "client-a", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-2"}}}); err != nil {
		t.Fatal(err)
	}
	if n, err := cacheB.Refresh(ctx); err != nil || n != 1 {
		t.Fatalf("Refresh after a change of globex: %d, %v", n, err)
	}
	g, _ := cacheB.Snapshot(ctx, "globex")
	a, _ := cacheB.Snapshot(ctx, "acme")
	if _, ok := g.Customer("C-2"); !ok || a.Version() != 1 {
		t.Fatalf("after the refresh: globex at %d, acme at %d", g.Version(), a.Version())
	}
	if _, ok := a.Customer("C-2"); ok {
		t.Fatal("acme sees globex's customer")
	}
}

// waitForSnapshot waits until the cache's snapshot of tenant is at
// version v, and fails after a minute.
func waitForSnapshot(t *testing.T, c *profile.Cache, tenant string, v uint64) *profile.Snapshot {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		s, err := c.Snapshot(context.Background(), tenant)
		if err == nil && s.Version() == v {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cache has not reached version %d of %s: %v, %v", v, tenant, s, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestProfileNodesTakeTurns: changes of one tenant made on three nodes at
// once take turns: each Check sees the records of the version its change
// follows, the versions run from 1 without a gap, and a rule across
// records holds: two nodes cannot both give customer C-1 a certificate
// while a third deletes the customer.
func TestProfileNodesTakeTurns(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 3)
	const each = 8
	var wg sync.WaitGroup
	errs := make(chan error, 3*each)
	for n, db := range dbs {
		svc := profile.NewService(db.Profile(), profile.Config{})
		for i := range each {
			wg.Go(func() {
				cs := profile.ChangeSet{Customers: []profile.Customer{{Code: fmt.Sprintf("N%d-%02d", n, i)}}}
				if _, err := svc.Apply(ctx, "acme", fmt.Sprintf("node-%d", n), cs); err != nil {
					errs <- err
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	r, err := dbs[0].Profile().Records(ctx, "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Version != 3*each || len(r.Customers) != 3*each {
		t.Fatalf("version %d with %d customers, want %d of each", r.Version, len(r.Customers), 3*each)
	}

	// The race of a certificate and the deletion of its customer: one of
	// them wins, and the records never hold a certificate without its
	// customer.
	svc := profile.NewService(dbs[0].Profile(), profile.Config{})
	if _, err := svc.Apply(ctx, "acme", "setup", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}}}); err != nil {
		t.Fatal(err)
	}
	for round := range 5 {
		var certErr, delErr error
		wg.Go(func() {
			cs := texasCertificate("")
			cs.Customers = nil
			cs.Certificates[0].Number = fmt.Sprintf("R-%d", round)
			_, certErr = profile.NewService(dbs[1].Profile(), profile.Config{}).Apply(ctx, "acme", "node-1", cs)
		})
		wg.Go(func() {
			_, delErr = profile.NewService(dbs[2].Profile(), profile.Config{}).Apply(ctx, "acme", "node-2",
				profile.ChangeSet{Deletes: []profile.Key{profile.CustomerKey("C-1")}})
		})
		wg.Wait()
		if (certErr == nil) == (delErr == nil) {
			t.Fatalf("round %d: the certificate: %v; the deletion: %v; want exactly one to succeed", round, certErr, delErr)
		}
		r, err := dbs[0].Profile().Records(ctx, "acme", time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		customers := map[string]bool{}
		for _, c := range r.Customers {
			customers[c.Code] = true
		}
		for _, c := range r.Certificates {
			if !customers[c.CustomerCode] {
				t.Fatalf("round %d: certificate %s of customer %s, who is gone", round, c.Number, c.CustomerCode)
			}
		}
		// Start the next round from a customer without certificates.
		var cleanup profile.ChangeSet
		for _, c := range r.Certificates {
			cleanup.Deletes = append(cleanup.Deletes, c.Key())
		}
		if !customers["C-1"] {
			cleanup.Customers = []profile.Customer{{Code: "C-1"}}
		}
		if cleanup.Len() > 0 {
			if _, err := svc.Apply(ctx, "acme", "setup", cleanup); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// BenchmarkProfileVersion reads a tenant's version as the caches of the
// nodes poll it, once a second per tenant in memory.
func BenchmarkProfileVersion(b *testing.B) {
	ctx := context.Background()
	s := authBenchNodes(b, 1)[0].Profile()
	if _, err := profile.NewService(s, profile.Config{}).Apply(ctx, "acme", "cli", texasCertificate("Alpha")); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if v, err := s.Version(ctx, "acme"); err != nil || v != 1 {
			b.Fatal(v, err)
		}
	}
}

// BenchmarkProfileApply applies a change of one customer, as an
// administrator's edit does, to a tenant of a few records and to one of
// ten thousand: a change reads the tenant's records for its checks
// across records, so its cost grows with the tenant's size.
func BenchmarkProfileApply(b *testing.B) {
	ctx := context.Background()
	for _, size := range []int{1, 5000} {
		b.Run(fmt.Sprintf("%d customers with a certificate each", size), func(b *testing.B) {
			svc := profile.NewService(authBenchNodes(b, 1)[0].Profile(), profile.Config{})
			var cs profile.ChangeSet
			for i := range size {
				one := texasCertificate("Alpha")
				code := fmt.Sprintf("C-%05d", i)
				one.Customers[0].Code, one.Certificates[0].CustomerCode = code, code
				cs.Customers = append(cs.Customers, one.Customers...)
				cs.Certificates = append(cs.Certificates, one.Certificates...)
			}
			if _, err := svc.Apply(ctx, "acme", "cli", cs); err != nil {
				b.Fatal(err)
			}
			i := 0
			for b.Loop() {
				i++
				if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-00000", Name: fmt.Sprint(i)}}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkProfileReload reads and compiles the profile of a tenant of
// five thousand customers with a certificate each, as each node's cache
// does after a change of the tenant.
func BenchmarkProfileReload(b *testing.B) {
	ctx := context.Background()
	s := authBenchNodes(b, 1)[0].Profile()
	var cs profile.ChangeSet
	for i := range 5000 {
		one := texasCertificate("Alpha")
		code := fmt.Sprintf("C-%05d", i)
		one.Customers[0].Code, one.Certificates[0].CustomerCode = code, code
		cs.Customers = append(cs.Customers, one.Customers...)
		cs.Certificates = append(cs.Certificates, one.Certificates...)
	}
	if _, err := profile.NewService(s, profile.Config{}).Apply(ctx, "acme", "cli", cs); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		r, err := s.Records(ctx, "acme", time.Time{})
		if err != nil {
			b.Fatal(err)
		}
		if profile.Compile(r).Version() != 1 {
			b.Fatal("version")
		}
	}
}
