package postgres

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// ownCluster starts a PostgreSQL cluster of the test's own, which it may
// restart without disturbing the other tests, and returns it with the
// URL of a new database of it. It is removed when the test ends.
func ownCluster(ctx context.Context, t *testing.T) (*pgtest.Cluster, string) {
	t.Helper()
	if !pgtest.Available() {
		pgtest.AdminURL(t) // skips, or fails under CI=true
	}
	c, err := pgtest.Start(ctx, pgtest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Stop(); err != nil {
			t.Error(err)
		}
	})
	url, err := c.CreateDatabase(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return c, url
}

// attempt is one post of TestRestartMidTraffic.
type attempt struct {
	id    string
	after bool // begun after the restart had completed
	err   error
}

// TestRestartMidTraffic restarts PostgreSQL (pg_ctl restart's fast
// shutdown, then a start) while two nodes post sales from eight writers
// each. Every post is stored once or refused as unavailable (503),
// never lost or stored twice; the sales figures agree with the journal
// after; and each node's pool recovers by itself: every post begun once
// the database accepts connections again is stored.
func TestRestartMidTraffic(t *testing.T) {
	ctx := context.Background()
	c, url := ownCluster(ctx, t)
	var dbs []*DB
	for range 2 {
		db, err := Open(ctx, url, WithMaxConns(8))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs = append(dbs, db)
	}
	const writers, each = 8, 25
	var restarted, quit atomic.Bool
	// The writers stop should the test fail early.
	defer quit.Store(true)
	var before sync.WaitGroup // the writers' first posts, before the restart
	before.Add(2 * writers)
	var (
		mu       sync.Mutex
		attempts []attempt
		wg       sync.WaitGroup
	)
	for n, db := range dbs {
		s := db.Journal()
		for w := range writers {
			wg.Go(func() {
				first := true
				for i, ok := 0, 0; ok < each && !quit.Load(); i++ {
					after := restarted.Load()
					id := fmt.Sprintf("N%d-W%d-%04d", n, w, i)
					_, err := s.Post(ctx, "acme", posting(id, id))
					mu.Lock()
					attempts = append(attempts, attempt{id, after, err})
					mu.Unlock()
					if after && err == nil {
						ok++
					}
					if first && i == 4 {
						first = false
						before.Done()
					}
				}
			})
		}
	}
	before.Wait()
	if err := c.Restart(ctx); err != nil {
		t.Fatal(err)
	}
	restarted.Store(true)
	wg.Wait()

	j := dbs[0].Journal()
	var stored, refused, refusedStored, failedAfter int
	for _, a := range attempts {
		vs, err := j.Versions(ctx, "acme", a.id)
		if err != nil && levy.ErrorCode(err) != levy.ENotFound {
			t.Fatalf("versions of %s: %v", a.id, err)
		}
		switch {
		case a.err == nil && len(vs) != 1:
			t.Errorf("%s: stored, and the journal holds %d versions of it", a.id, len(vs))
		case a.err == nil:
			stored++
		case levy.ErrorCode(a.err) != levy.EUnavailable:
			t.Errorf("%s: refused with %v (code %s), want unavailable", a.id, a.err, levy.ErrorCode(a.err))
		case len(vs) > 1:
			t.Errorf("%s: refused, and the journal holds %d versions of it", a.id, len(vs))
		default:
			refused++
			refusedStored += len(vs)
		}
		if a.after && a.err != nil {
			failedAfter++
			if failedAfter <= 3 {
				t.Errorf("%s, begun after the restart had completed: %v", a.id, a.err)
			}
		}
	}
	t.Logf("%d posts stored, %d refused as unavailable (%d of them stored nonetheless), %d refused after the restart", stored, refused, refusedStored, failedAfter)
	if failedAfter > 0 {
		t.Errorf("%d posts begun after the restart had completed failed: the pools did not recover by themselves", failedAfter)
	}
	for i, db := range dbs {
		r, err := nexus.Rebuild(ctx, db.Journal(), "acme", false)
		if err != nil {
			t.Fatalf("node %d: rebuild: %v", i, err)
		}
		if len(r.Differences) > 0 || len(r.Months) > 0 {
			t.Errorf("node %d: the stored figures differ from the journal: %v, months %v", i, r.Differences, r.Months)
		}
	}
}

// TestQuietNodeAfterRestart restarts PostgreSQL while a node's pool
// holds connections that it used a moment before, and that the pool
// therefore hands out again without checking them (it pings only those
// idle for more than a second): the node's next posts and reads, once
// the database is back, are answered, rather than failed as unavailable
// on a connection that the server ended and that never sent them; so
// are the polls of the credentials' and the profiles' versions.
func TestQuietNodeAfterRestart(t *testing.T) {
	ctx := context.Background()
	c, url := ownCluster(ctx, t)
	const conns = 4
	db, err := Open(ctx, url, WithMaxConns(conns))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := db.Journal()
	for round := range 2 {
		// Every connection of the pool is used, then idle.
		var wg sync.WaitGroup
		for i := range 2 * conns {
			wg.Go(func() {
				id := fmt.Sprintf("R%d-%d", round, i)
				if _, err := s.Post(ctx, "acme", posting(id, id)); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if err := c.Restart(ctx); err != nil {
			t.Fatal(err)
		}
		for i := range conns {
			id := fmt.Sprintf("R%d-after-%d", round, i)
			if round == 0 {
				if _, err := s.Post(ctx, "acme", posting(id, id)); err != nil {
					t.Errorf("post %d after the restart: %v", i, err)
				}
				continue
			}
			if _, err := s.Versions(ctx, "acme", fmt.Sprintf("R0-%d", i)); err != nil {
				t.Errorf("read %d after the restart: %v", i, err)
			}
		}
	}
	// The polls of every node (the credentials' version, each tenant's
	// profile version) after another restart.
	var wg sync.WaitGroup
	for range 2 * conns {
		wg.Go(func() {
			if _, err := db.Auth().Version(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if err := c.Restart(ctx); err != nil {
		t.Fatal(err)
	}
	for i := range conns {
		if i%2 == 0 {
			if _, err := db.Auth().Version(ctx); err != nil {
				t.Errorf("credentials' version %d after the restart: %v", i, err)
			}
		} else if _, err := db.Profile().Version(ctx, "acme"); err != nil {
			t.Errorf("profile version %d after the restart: %v", i, err)
		}
	}
	n := 0
	if err := s.Scan(ctx, "acme", civil.Date{}, civil.Date{}, func(*journal.Transaction) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if want := 2*2*conns + conns; n != want {
		t.Errorf("the journal holds %d transactions, want %d", n, want)
	}
}
