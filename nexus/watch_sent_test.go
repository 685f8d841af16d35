package nexus_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/postgres"
	"github.com/levytax/levy/profile"
)

// sentOpener opens a fresh record of notices for one subtest, and
// returns with it restart, which opens the same records again as a
// node that restarts (closing the one before where the store has
// something to close).
type sentOpener func(t *testing.T) (sent nexus.SentStore, restart func() nexus.SentStore)

// sentStores are the records a watcher test runs over, by name: the
// memory store (restart returns it, as one process's other node would
// see it), Badger's e-invoicing store on disk (closed and reopened) and
// PostgreSQL (another DB over the same database).
func sentStores() map[string]sentOpener {
	return map[string]sentOpener{
		"memory": func(*testing.T) (nexus.SentStore, func() nexus.SentStore) {
			m := nexus.NewMemorySent()
			return m, func() nexus.SentStore { return m }
		},
		"badger": func(t *testing.T) (nexus.SentStore, func() nexus.SentStore) {
			dir := t.TempDir()
			open := func() *badger.EInvoiceStore {
				s, err := badger.OpenEInvoice(context.Background(), dir, badger.WithSyncWrites(false))
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			s := open()
			t.Cleanup(func() { _ = s.Close() })
			return s.NexusSent(), func() nexus.SentStore {
				if err := s.Close(); err != nil {
					t.Fatal(err)
				}
				s = open()
				return s.NexusSent()
			}
		},
		"postgres": func(t *testing.T) (nexus.SentStore, func() nexus.SentStore) {
			url := pgtest.URL(t)
			open := func() *postgres.DB {
				db, err := postgres.Open(context.Background(), url)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				return db
			}
			db := open()
			return db.NexusSent(), func() nexus.SentStore {
				db.Close()
				db = open()
				return db.NexusSent()
			}
		},
	}
}

// rollingSales posts, in Illinois (measured over the twelve months that
// end on the day, approaching from $80,000), four sales of $21,000 from
// March to September 2025 and a fifth on 2026-03-15: on 2026-03-10 the
// twelve months (from 2025-03-11) hold the first four, $84,000,
// approaching since the fourth; from 2026-03-15 the first has left them
// the day the fifth came, $84,000 still on every day, approaching since
// the fifth; from 2026-05-01 the second has left them too, $63,000: none,
// on no day of the totals.
func rollingSales(t *testing.T, j journal.Store) {
	t.Helper()
	for i, d := range []string{"2025-03-15", "2025-05-01", "2025-07-01", "2025-09-01", "2026-03-15"} {
		sale(t, j, "acme", string(rune('1'+i)), "", d, "IL", "21000.00")
	}
}

// TestWatcherRollingPeriodNotResent: a state of a rolling period,
// approaching, and approaching still on later days while the sales in
// its period change places, is notified once, by whichever node starts
// on whichever day. The notice was named by the day the running totals
// of the period came to the warning, which moves with the period: on the
// day a sale left the period and another came, a node sent
// "approaching" again, with "none" before it.
func TestWatcherRollingPeriodNotResent(t *testing.T) {
	for name, open := range sentStores() {
		t.Run(name, func(t *testing.T) {
			j := journal.NewMemory()
			svc, got := eventReceiver(t)
			sent, restart := open(t)
			rollingSales(t, j)
			check(t, watcherOn(t, j, svc, sent, "2026-03-10"), 1, "the first node")
			if ev := receiveEvent(t, got, "approaching"); ev.Nexus == nil || ev.Nexus.State != "IL" ||
				ev.Nexus.Status != nexus.StatusApproaching || ev.Nexus.Sales != "84000.00" {
				t.Fatalf("the event: %+v", ev.Nexus)
			}
			for _, day := range []string{"2026-03-11", "2026-03-15", "2026-03-16", "2026-03-20", "2026-04-20"} {
				sent = restart()
				check(t, watcherOn(t, j, svc, sent, day), 0, "a node started on "+day)
			}
			w := watcherOn(t, j, svc, sent, "2026-03-20")
			check(t, w, 0, "a node that runs on")
			check(t, w, 0, "the same node again")
		})
	}
}

// TestWatcherUndatedFallToNoneAcrossARestart: a state notified
// approaching whose sales leave its rolling period while the node is
// down comes back under the warning on no day of its totals: the node
// that starts notifies "none" once, and the nodes after it nothing. The
// fall was notified only by a watcher that had itself seen the state
// otherwise, so a restart lost it.
func TestWatcherUndatedFallToNoneAcrossARestart(t *testing.T) {
	for name, open := range sentStores() {
		t.Run(name, func(t *testing.T) {
			j := journal.NewMemory()
			svc, got := eventReceiver(t)
			sent, restart := open(t)
			rollingSales(t, j)
			check(t, watcherOn(t, j, svc, sent, "2026-03-10"), 1, "approaching")
			receiveEvent(t, got, "approaching")
			sent = restart()
			check(t, watcherOn(t, j, svc, sent, "2026-05-10"), 1, "the node started after the sales left the period")
			ev := receiveEvent(t, got, "none")
			if ev.Nexus == nil || ev.Nexus.State != "IL" || ev.Nexus.Status != nexus.StatusNone ||
				ev.Nexus.PreviousStatus != nexus.StatusApproaching || ev.Nexus.Sales != "63000.00" {
				t.Fatalf("the event: %+v", ev.Nexus)
			}
			for _, day := range []string{"2026-05-10", "2026-05-11", "2026-06-01"} {
				sent = restart()
				check(t, watcherOn(t, j, svc, sent, day), 0, "a node started on "+day)
			}
		})
	}
}

// claim writes, in sent, the claim of a node that stopped before it
// queued its notice: status in Illinois, under key.
func claim(t *testing.T, sent nexus.SentStore, status, key string) {
	t.Helper()
	c := nexus.Sent{Area: "IL", Seq: 1, Status: status, Previous: nexus.StatusNone, Key: key,
		Notice: &webhook.NexusNotice{State: "IL", Currency: "USD", Status: status, PreviousStatus: nexus.StatusNone, AsOf: "2026-03-09", Sales: "84000.00"}}
	if ok, err := sent.PutSent(context.Background(), "acme", c, 0); !ok || err != nil {
		t.Fatalf("the claim: %v %v", ok, err)
	}
}

// wantQueued wants sent's record of Illinois marked queued, of status.
func wantQueued(t *testing.T, sent nexus.SentStore, status string) {
	t.Helper()
	rec, found, err := sent.LastSent(context.Background(), "acme", "", "IL")
	if err != nil || !found || !rec.Queued || rec.Status != status {
		t.Fatalf("the record: %+v %v %v; want %s, queued", rec, found, err, status)
	}
}

// TestWatcherQueuesAClaimLeftUnsent: a node that stopped between its
// claim of a change and the queueing of its notice leaves the claim to
// the next: it queues the claim's notice, under the claim's key, then
// the change since, if any.
func TestWatcherQueuesAClaimLeftUnsent(t *testing.T) {
	t.Run("same status", func(t *testing.T) {
		j := journal.NewMemory()
		svc, got := eventReceiver(t)
		sent := nexus.NewMemorySent()
		rollingSales(t, j)
		claim(t, sent, nexus.StatusApproaching, "a claim")
		check(t, watcherOn(t, j, svc, sent, "2026-03-10"), 1, "the node after the claim")
		if ev := receiveEvent(t, got, "the claim"); ev.Nexus == nil || ev.Nexus.AsOf != "2026-03-09" || ev.Nexus.Status != nexus.StatusApproaching {
			t.Fatalf("the event: %+v", ev.Nexus)
		}
		wantQueued(t, sent, nexus.StatusApproaching)
		check(t, watcherOn(t, j, svc, sent, "2026-03-11"), 0, "the node after")
	})
	t.Run("queued before the stop", func(t *testing.T) {
		j := journal.NewMemory()
		svc, _ := eventReceiver(t)
		sent := nexus.NewMemorySent()
		rollingSales(t, j)
		claim(t, sent, nexus.StatusApproaching, "a claim")
		ev := webhook.Event{Status: webhook.EventNexusStatusChanged, Nexus: &webhook.NexusNotice{State: "IL", Status: nexus.StatusApproaching}}
		if ok, err := svc.Notify(context.Background(), "acme", "a claim", "nexus IL", ev); !ok || err != nil {
			t.Fatalf("the notice of the claim: %v %v", ok, err)
		}
		check(t, watcherOn(t, j, svc, sent, "2026-03-10"), 0, "the node after the claim")
		wantQueued(t, sent, nexus.StatusApproaching)
	})
	t.Run("status changed since", func(t *testing.T) {
		j := journal.NewMemory()
		svc, got := eventReceiver(t)
		sent := nexus.NewMemorySent()
		rollingSales(t, j)
		claim(t, sent, nexus.StatusExceeded, "a claim")
		check(t, watcherOn(t, j, svc, sent, "2026-03-10"), 2, "the node after the claim")
		for _, want := range [][2]string{{nexus.StatusExceeded, nexus.StatusNone}, {nexus.StatusApproaching, nexus.StatusExceeded}} {
			if ev := receiveEvent(t, got, want[0]); ev.Nexus == nil || ev.Nexus.Status != want[0] || ev.Nexus.PreviousStatus != want[1] {
				t.Fatalf("the event: %+v, want %s after %s", ev.Nexus, want[0], want[1])
			}
		}
		wantQueued(t, sent, nexus.StatusApproaching)
	})
}

// refusingSent refuses to write the records of one area, as a store
// refuses a key it cannot hold.
type refusingSent struct {
	nexus.SentStore
	area string
}

func (r refusingSent) PutSent(ctx context.Context, tenant string, s nexus.Sent, after uint64) (bool, error) {
	if s.Area == r.area {
		return false, levy.Invalid("company", "refused for the test")
	}
	return r.SentStore.PutSent(ctx, tenant, s, after)
}

// TestWatcherRowRefusedDoesNotStopTheOthers: a row whose record the store
// refuses as invalid is logged and skipped; the tenant's other rows are
// notified, and the round is no failure.
func TestWatcherRowRefusedDoesNotStopTheOthers(t *testing.T) {
	j := journal.NewMemory()
	svc, got := eventReceiver(t)
	sale(t, j, "acme", "1", "", "2026-03-01", "IL", "85000.00")
	sale(t, j, "acme", "2", "", "2026-03-01", "WA", "120000.00")
	check(t, watcherOn(t, j, svc, refusingSent{nexus.NewMemorySent(), "IL"}, "2026-03-10"), 1, "the round")
	if ev := receiveEvent(t, got, "WA"); ev.Nexus == nil || ev.Nexus.State != "WA" || ev.Nexus.Status != nexus.StatusExceeded {
		t.Fatalf("the event: %+v", ev.Nexus)
	}
}

// TestWatcherRegistrationWhileDownIsANewEpisode: a state notified
// exceeded, registered and unregistered again while the node was down,
// is exceeded again when the node starts: a new episode, notified with
// "exceeded" before it, once.
func TestWatcherRegistrationWhileDownIsANewEpisode(t *testing.T) {
	j := journal.NewMemory()
	svc, got := eventReceiver(t)
	sent := nexus.NewMemorySent()
	sale(t, j, "acme", "1", "ACME", "2026-03-02", "WA", "120000.00")
	on := func(day string, snap *profile.Snapshot) *nexus.Watcher {
		d := civil.MustParse(day)
		return nexus.NewWatcher(nexus.WatcherConfig{Figures: j, Rules: rules(t), Profiles: staticProfiles{snap}, Notify: svc, Sent: sent,
			Log: slog.New(slog.DiscardHandler), Today: func() civil.Date { return d }})
	}
	check(t, on("2026-03-02", nil), 1, "exceeded")
	receiveEvent(t, got, "exceeded")
	snap := profile.Compile(&profile.Records{Registrations: []profile.Registration{{CompanyCode: "ACME", Jurisdiction: "US-WA",
		Number: "WA-1", EffectiveDate: civil.MustParse("2026-03-03"), EndDate: civil.MustParse("2026-03-05")}}})
	check(t, on("2026-03-10", snap), 1, "the node started after the registration ended")
	if ev := receiveEvent(t, got, "exceeded again"); ev.Nexus == nil || ev.Nexus.Status != nexus.StatusExceeded || ev.Nexus.PreviousStatus != nexus.StatusExceeded {
		t.Fatalf("the event: %+v", ev.Nexus)
	}
	check(t, on("2026-03-11", snap), 0, "the day after")
}
