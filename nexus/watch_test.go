package nexus_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/postgres"
	"github.com/levytax/levy/profile"
)

// watcherOn returns a watcher of tenant acme over j that notifies svc
// and keeps its records in sent, as a node that starts on day (a new
// watcher holds nothing but what sent holds).
func watcherOn(t *testing.T, j journal.Store, svc nexus.Notifier, sent nexus.SentStore, day string) *nexus.Watcher {
	t.Helper()
	d := civil.MustParse(day)
	return nexus.NewWatcher(nexus.WatcherConfig{Figures: j, Rules: rules(t), Notify: svc, Sent: sent, Log: slog.New(slog.DiscardHandler),
		Today: func() civil.Date { return d }, Tenants: func(context.Context) ([]string, error) { return []string{"acme"}, nil }})
}

// check runs w's check of acme and wants n notices queued.
func check(t *testing.T, w *nexus.Watcher, n int, what string) {
	t.Helper()
	got, err := w.Check(context.Background(), "acme")
	if err != nil || got != n {
		t.Fatalf("%s: %d notices queued, %v; want %d", what, got, err, n)
	}
}

// TestWatcherApproachingNotRepeatedOnALaterDay: a state measured over the
// twelve months ending on the day (Illinois) that is approaching is
// notified once; a node that starts on a later day, the sales the same,
// sends nothing. The notice's key was the period's first day, which
// moves with every day of a rolling period, so every restart on another
// day sent the same "approaching" again.
func TestWatcherApproachingNotRepeatedOnALaterDay(t *testing.T) {
	j := journal.NewMemory()
	svc, got := eventReceiver(t)
	sent := nexus.NewMemorySent()
	sale(t, j, "acme", "1", "", "2026-03-01", "IL", "85000.00")
	check(t, watcherOn(t, j, svc, sent, "2026-03-10"), 1, "the first node")
	if ev := receiveEvent(t, got, "approaching"); ev.Nexus == nil || ev.Nexus.State != "IL" || ev.Nexus.Status != nexus.StatusApproaching {
		t.Fatalf("the event: %+v", ev.Nexus)
	}
	check(t, watcherOn(t, j, svc, sent, "2026-03-11"), 0, "a node started the next day")
	check(t, watcherOn(t, j, svc, sent, "2026-05-20"), 0, "a node started in May")
}

// TestWatcherExceededBackToApproaching: a reversal that takes a state
// from exceeded back under its threshold, but not under the share that
// warns, is a change of status: an "approaching" event, with
// "exceeded" before it. The approaching of before the crossing had used
// the key of the period, and the notice was dropped as sent.
func TestWatcherExceededBackToApproaching(t *testing.T) {
	j := journal.NewMemory()
	svc, got := eventReceiver(t)
	sent := nexus.NewMemorySent()
	w := watcherOn(t, j, svc, sent, "2026-03-10")
	sale(t, j, "acme", "1", "", "2026-03-01", "WA", "85000.00")
	check(t, w, 1, "approaching")
	receiveEvent(t, got, "approaching")
	sale(t, j, "acme", "2", "", "2026-03-02", "WA", "20000.00")
	check(t, w, 1, "exceeded")
	receiveEvent(t, got, "exceeded")
	if _, err := j.Reverse(context.Background(), "acme", "2", journal.Reversal{TransactionID: "2-R", PostingDate: civil.MustParse("2026-03-09")}); err != nil {
		t.Fatal(err)
	}
	check(t, w, 1, "back to approaching")
	ev := receiveEvent(t, got, "back to approaching")
	if ev.Nexus == nil || ev.Nexus.Status != nexus.StatusApproaching || ev.Nexus.PreviousStatus != nexus.StatusExceeded || ev.Nexus.Sales != "85000.00" {
		t.Fatalf("the event: %+v", ev.Nexus)
	}
	check(t, w, 0, "nothing changed")
	check(t, watcherOn(t, j, svc, sent, "2026-03-11"), 0, "a node that starts the next day")
}

// TestWatcherFallBackNotLostAcrossARestart: a state notified exceeded
// that a reversal brings back under while the node is down is notified
// "none" by the node that starts, once. The fall back was notified only
// by a watcher that had itself seen the state otherwise before.
func TestWatcherFallBackNotLostAcrossARestart(t *testing.T) {
	j := journal.NewMemory()
	svc, got := eventReceiver(t)
	sent := nexus.NewMemorySent()
	sale(t, j, "acme", "1", "", "2026-03-01", "WA", "70000.00")
	sale(t, j, "acme", "2", "", "2026-03-02", "WA", "50000.00")
	check(t, watcherOn(t, j, svc, sent, "2026-03-05"), 1, "exceeded")
	receiveEvent(t, got, "exceeded")
	if _, err := j.Reverse(context.Background(), "acme", "2", journal.Reversal{TransactionID: "2-R", PostingDate: civil.MustParse("2026-03-09")}); err != nil {
		t.Fatal(err)
	}
	check(t, watcherOn(t, j, svc, sent, "2026-03-10"), 1, "the node started after the reversal")
	ev := receiveEvent(t, got, "none")
	if ev.Nexus == nil || ev.Nexus.State != "WA" || ev.Nexus.Status != nexus.StatusNone || ev.Nexus.PreviousStatus != nexus.StatusExceeded {
		t.Fatalf("the event: %+v", ev.Nexus)
	}
	check(t, watcherOn(t, j, svc, sent, "2026-03-10"), 0, "another node the same day")
	check(t, watcherOn(t, j, svc, sent, "2026-04-02"), 0, "another node in April")
}

// TestWatcherTwoNodesOnPostgreSQL: two nodes over one PostgreSQL
// database, each with its own watcher and e-invoicing service, check at
// the same time after each change: every change is one event, never two.
func TestWatcherTwoNodesOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	url := pgtest.URL(t)
	var journals [2]journal.Store
	var svcs [2]*einvoice.Service
	var sents [2]nexus.SentStore
	for i := range 2 {
		db, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		svc, err := einvoice.New(ctx, db.EInvoice(), einvoice.Config{AllowPrivateTargets: true, MinBackoff: 10 * time.Millisecond,
			MaxBackoff: 50 * time.Millisecond, Timeout: 2 * time.Second, Logger: quiet, OutboxDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = svc.Close() })
		journals[i], svcs[i], sents[i] = db.Journal(), svc, db.NexusSent()
	}
	got := nexusEvents(t, svcs[0])
	var ws [2]*nexus.Watcher
	for i := range 2 {
		ws[i] = watcherOn(t, journals[i], svcs[i], sents[i], "2026-03-10")
	}
	both := func(what string, want string, previous string) {
		t.Helper()
		var wg sync.WaitGroup
		var n [2]int
		var errs [2]error
		for i := range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); n[i], errs[i] = ws[i].Check(ctx, "acme") }()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil || n[0]+n[1] != 1 {
			t.Fatalf("%s: %v notices, %v %v; want one in all", what, n, errs[0], errs[1])
		}
		ev := receiveEvent(t, got, what)
		if ev.Nexus == nil || ev.Nexus.State != "WA" || ev.Nexus.Status != want || ev.Nexus.PreviousStatus != previous {
			t.Fatalf("%s: the event %+v", what, ev.Nexus)
		}
	}
	check(t, ws[0], 0, "no sales")
	check(t, ws[1], 0, "no sales, the other node")
	sale(t, journals[0], "acme", "1", "", "2026-03-01", "WA", "85000.00")
	both("approaching", nexus.StatusApproaching, nexus.StatusNone)
	sale(t, journals[1], "acme", "2", "", "2026-03-02", "WA", "20000.00")
	both("exceeded", nexus.StatusExceeded, nexus.StatusApproaching)
	if _, err := journals[0].Reverse(ctx, "acme", "2", journal.Reversal{TransactionID: "2-R", PostingDate: civil.MustParse("2026-03-09")}); err != nil {
		t.Fatal(err)
	}
	both("back to approaching", nexus.StatusApproaching, nexus.StatusExceeded)
	if _, err := journals[1].Reverse(ctx, "acme", "1", journal.Reversal{TransactionID: "1-R", PostingDate: civil.MustParse("2026-03-09")}); err != nil {
		t.Fatal(err)
	}
	both("none", nexus.StatusNone, nexus.StatusApproaching)
}

// staticProfiles gives every tenant the one snapshot.
type staticProfiles struct{ snap *profile.Snapshot }

func (p staticProfiles) Snapshot(context.Context, string) (*profile.Snapshot, error) {
	return p.snap, nil
}

// TestWatcherExceededAgainAfterARegistrationEnds: a state notified
// exceeded, then registered, is notified exceeded again once the
// registration ends. The notice of the crossing had been sent, and the
// second was dropped as the same.
func TestWatcherExceededAgainAfterARegistrationEnds(t *testing.T) {
	j := journal.NewMemory()
	svc, got := eventReceiver(t)
	sent := nexus.NewMemorySent()
	sale(t, j, "acme", "1", "ACME", "2026-03-02", "WA", "120000.00")
	snap := profile.Compile(&profile.Records{Registrations: []profile.Registration{{CompanyCode: "ACME", Jurisdiction: "US-WA",
		Number: "WA-1", EffectiveDate: civil.MustParse("2026-03-03"), EndDate: civil.MustParse("2026-03-05")}}})
	on := func(day string) *nexus.Watcher {
		d := civil.MustParse(day)
		return nexus.NewWatcher(nexus.WatcherConfig{Figures: j, Rules: rules(t), Profiles: staticProfiles{snap}, Notify: svc, Sent: sent,
			Log: slog.New(slog.DiscardHandler), Today: func() civil.Date { return d },
			Tenants: func(context.Context) ([]string, error) { return []string{"acme"}, nil }})
	}
	for _, c := range []struct{ day, status string }{
		{"2026-03-02", nexus.StatusExceeded}, {"2026-03-04", nexus.StatusRegistered}, {"2026-03-10", nexus.StatusExceeded},
	} {
		check(t, on(c.day), 1, c.day)
		if ev := receiveEvent(t, got, c.day); ev.Nexus == nil || ev.Nexus.State != "WA" || ev.Nexus.Status != c.status {
			t.Fatalf("%s: %+v, want %s", c.day, ev.Nexus, c.status)
		}
	}
	check(t, on("2026-03-11"), 0, "the day after")
}
