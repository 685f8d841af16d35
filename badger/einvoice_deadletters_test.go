package badger

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// einvOpenScratch opens an e-invoicing store in a directory of tb's
// own, its writes not synced, and closes it when tb ends.
func einvOpenScratch(tb testing.TB) *EInvoiceStore {
	tb.Helper()
	s, err := OpenEInvoice(context.Background(), tb.TempDir(), WithSyncWrites(false))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Errorf("close the store: %v", err)
		}
	})
	return s
}

// einvTestConnection stores a connection of tenant that selects every
// status, and returns it.
func einvTestConnection(t testing.TB, s *EInvoiceStore, tenant string) einvoice.ConnectionRecord {
	t.Helper()
	c := einvoice.ConnectionRecord{Connection: einvoice.Connection{WebhookID: einvoice.NewGUID(), TenantID: tenant,
		TargetURL: "https://hooks.example.com/" + tenant, Events: einvoice.AllEvents, CreatedAt: time.Now().UTC()}}
	if _, err := s.CreateConnection(context.Background(), c, einvoice.ConnectionKey{}, einvoice.MaxConnections); err != nil {
		t.Fatal(err)
	}
	return c
}

// einvQueueNotices queues n events for the connections of tenant, one
// notice each, made at base and a second more for each one after.
func einvQueueNotices(t testing.TB, s *EInvoiceStore, tenant string, n int, base time.Time) {
	t.Helper()
	for i := range n {
		_, _, err := s.Notify(context.Background(), einvoice.Notice{Tenant: tenant, Status: webhook.StatusPending,
			Key: fmt.Sprintf("k%d-%s", i, einvoice.NewGUID()), Subject: fmt.Sprintf("S-%d", i), Body: []byte(`{"n":1}`),
			At: base.Add(time.Duration(i) * time.Second)})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// einvBuryAll moves every event waiting for webhookID to the dead-letter
// list through the store's own Bury, each given up at dead.
func einvBuryAll(t testing.TB, s *EInvoiceStore, webhookID string, dead time.Time) int {
	t.Helper()
	ctx := context.Background()
	lease := einvoice.Lease{Owner: einvoice.NewGUID(), Term: time.Hour}
	n := 0
	for {
		ev, err := s.NextEvent(ctx, webhookID, lease)
		if err != nil {
			t.Fatal(err)
		}
		if ev == nil {
			if err := s.ReleaseOutbox(ctx, webhookID, lease.Owner); err != nil {
				t.Fatal(err)
			}
			return n
		}
		ev.Attempts, ev.LastError, ev.DeadAt = 15, "the target answered 503", dead
		if err := s.Bury(ctx, ev); err != nil {
			t.Fatal(err)
		}
		n++
	}
}

// einvFillDeadLetters writes n dead letters of connection c straight into
// the store, a thousand per transaction: made a second apart from base,
// each given up an hour after it was made, with a body of 512 bytes.
func einvFillDeadLetters(t testing.TB, s *EInvoiceStore, c einvoice.ConnectionRecord, n int, base time.Time) {
	t.Helper()
	for i := 0; i < n; {
		err := s.db.Update(func(txn *bdb.Txn) error {
			for j := 0; j < 1000 && i < n; j, i = j+1, i+1 {
				ev := einvoice.OutboxEvent{EventID: einvoice.NewGUID(), Tenant: c.TenantID, WebhookID: c.WebhookID,
					DocumentID: fmt.Sprintf("D-%d", i), Status: webhook.StatusPending, Body: make([]byte, 512),
					CreatedAt: base.Add(time.Duration(i) * time.Second), Attempts: 15, NextAttempt: base,
					LastError: "the target answered 503", DeadAt: base.Add(time.Duration(i)*time.Second + time.Hour)}
				if err := einvPutDead(txn, einvEventOf(&ev)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// einvAllPages reads the dead-letter list of tenant page by page.
func einvAllPages(t testing.TB, s einvoice.Store, tenant string, limit int) []einvoice.OutboxEvent {
	t.Helper()
	var all []einvoice.OutboxEvent
	for after := (einvoice.DeadLetterKey{}); ; {
		page, err := s.DeadLetters(context.Background(), tenant, after, limit)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) > limit {
			t.Fatalf("a page of %d dead letters, limit %d", len(page), limit)
		}
		all = append(all, page...)
		if len(page) < limit {
			return all
		}
		after = einvoice.KeyOf(&page[len(page)-1])
	}
}

// einvCountKeys counts the keys of s under prefix.
func einvCountKeys(t testing.TB, s *EInvoiceStore, prefix []byte) int {
	t.Helper()
	n := 0
	err := s.db.View(func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestDeadLetterPageReadsItsOwn: a page of the dead-letter list reads
// the records of its own dead letters and no other. The record of the
// last dead letter in the list's order is made unreadable: the first
// page, which does not hold it, is read all the same (a store that read
// every dead letter for a page failed there), and the page that holds it
// says which it could not read.
func TestDeadLetterPageReadsItsOwn(t *testing.T) {
	ctx := context.Background()
	s := einvOpenScratch(t)
	c := einvTestConnection(t, s, "acme")
	base := time.Now().UTC().Truncate(time.Microsecond)
	einvQueueNotices(t, s, "acme", 30, base)
	einvBuryAll(t, s, c.WebhookID, base.Add(time.Hour))
	whole := einvAllPages(t, s, "acme", 1000)
	if len(whole) != 30 {
		t.Fatalf("%d dead letters, want 30", len(whole))
	}
	last := whole[len(whole)-1]
	err := s.db.Update(func(txn *bdb.Txn) error { return txn.Set(einvKey(einvDead, last.EventID), []byte("{not JSON")) })
	if err != nil {
		t.Fatal(err)
	}
	for _, tenant := range []string{"acme", ""} {
		first, err := s.DeadLetters(ctx, tenant, einvoice.DeadLetterKey{}, 10)
		if err != nil {
			t.Fatalf("the first page of %q, which does not hold the unreadable dead letter: %v", tenant, err)
		}
		if len(first) != 10 || first[0].EventID != whole[0].EventID || first[9].EventID != whole[9].EventID {
			t.Fatalf("the first page of %q: %d dead letters, from %s to %s", tenant, len(first), first[0].EventID, first[len(first)-1].EventID)
		}
		_, err = s.DeadLetters(ctx, tenant, einvoice.KeyOf(&whole[24]), 10)
		if err == nil || !strings.Contains(err.Error(), last.EventID) {
			t.Fatalf("the last page of %q, which holds the unreadable dead letter: %v, want an error naming %s", tenant, err, last.EventID)
		}
	}
}

// TestDeadLettersUpgradeFromV2: a store of schema version 2 kept its dead
// letters under their event IDs alone. Opened, it gets the keys that list
// them in order, and its pages, of a tenant and of all, hold every dead
// letter once, in the order of their keys; a replay and a drop then take
// the dead letter off the list.
func TestDeadLettersUpgradeFromV2(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := OpenEInvoice(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	acme := einvTestConnection(t, s, "acme")
	einvTestConnection(t, s, "globex")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// The layout of version 2: 'L' and the event ID, nothing else. Times
	// repeat, so that the later parts of the key order the list too, and
	// one dead letter has no time of death.
	base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	var want []einvoice.OutboxEvent
	writeRaw(t, filepath.Join(dir, "db"), func(txn *bdb.Txn) error {
		if err := txn.Set([]byte{einvSchemaKey}, []byte("2")); err != nil {
			return err
		}
		for i := range 47 {
			tenant, webhookID := "acme", acme.WebhookID
			if i%3 == 0 {
				tenant, webhookID = "globex", einvoice.NewGUID()
			}
			ev := einvoice.OutboxEvent{EventID: einvoice.NewGUID(), Tenant: tenant, WebhookID: webhookID,
				DocumentID: fmt.Sprintf("D-%d", i), Status: webhook.StatusPending, Body: []byte(`{"i":1}`),
				CreatedAt: base.Add(time.Duration(i%7) * time.Minute), Attempts: 15, NextAttempt: base,
				LastError: "the target answered 503", DeadAt: base.Add(time.Duration(i%2) * time.Hour)}
			if i == 5 {
				ev.DeadAt = time.Time{}
			}
			if err := einvSet(txn, einvKey(einvDead, ev.EventID), einvEventOf(&ev)); err != nil {
				return err
			}
			ev.Body = nil
			want = append(want, ev)
		}
		return nil
	})
	slices.SortFunc(want, func(a, b einvoice.OutboxEvent) int { return einvoice.KeyOf(&a).Compare(einvoice.KeyOf(&b)) })

	s, err = OpenEInvoice(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	same := func(what string, got, want []einvoice.OutboxEvent) {
		t.Helper()
		ids := func(l []einvoice.OutboxEvent) []string {
			var out []string
			for _, ev := range l {
				out = append(out, ev.EventID+" "+ev.Tenant+" "+ev.CreatedAt.String()+" "+ev.DeadAt.String())
			}
			return out
		}
		if g, w := ids(got), ids(want); !slices.Equal(g, w) {
			t.Errorf("%s:\n%s\nwant\n%s", what, strings.Join(g, "\n"), strings.Join(w, "\n"))
		}
	}
	of := func(tenant string, l []einvoice.OutboxEvent) []einvoice.OutboxEvent {
		return slices.DeleteFunc(slices.Clone(l), func(ev einvoice.OutboxEvent) bool { return tenant != "" && ev.Tenant != tenant })
	}
	for _, tenant := range []string{"acme", "globex", ""} {
		same(fmt.Sprintf("the pages of %q after the upgrade", tenant), einvAllPages(t, s, tenant, 4), of(tenant, want))
	}
	if n := einvCountKeys(t, s, []byte{einvDeadAll}); n != len(want) {
		t.Errorf("%d keys 'm' after the upgrade, want %d", n, len(want))
	}
	// Replay one of acme's, drop one of globex's: both leave the lists.
	var replayed, dropped string
	for _, ev := range want {
		if ev.Tenant == "acme" && replayed == "" {
			replayed = ev.EventID
		}
		if ev.Tenant == "globex" && dropped == "" {
			dropped = ev.EventID
		}
	}
	if _, err := s.Replay(ctx, "acme", replayed, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DropDeadLetter(ctx, "globex", dropped); err != nil {
		t.Fatal(err)
	}
	want = slices.DeleteFunc(want, func(ev einvoice.OutboxEvent) bool { return ev.EventID == replayed || ev.EventID == dropped })
	for _, tenant := range []string{"acme", "globex", ""} {
		same(fmt.Sprintf("the pages of %q after a replay and a drop", tenant), einvAllPages(t, s, tenant, 5), of(tenant, want))
	}
	if n, m := einvCountKeys(t, s, []byte{einvDeadOrder}), einvCountKeys(t, s, []byte{einvDeadAll}); n != len(want) || m != len(want) {
		t.Errorf("%d keys 'l' and %d 'm' after a replay and a drop, want %d", n, m, len(want))
	}
	var version string
	err = s.db.View(func(txn *bdb.Txn) error {
		item, err := txn.Get([]byte{einvSchemaKey})
		if err != nil {
			return err
		}
		v, err := item.ValueCopy(nil)
		version = string(v)
		return err
	})
	if err != nil || version != einvSchemaVersion {
		t.Errorf("schema version %q %v, want %q", version, err, einvSchemaVersion)
	}
}

// TestDeadLetterBuriedAgain: an event replayed and given up again is one
// dead letter, listed once under its new time of death.
func TestDeadLetterBuriedAgain(t *testing.T) {
	ctx := context.Background()
	s := einvOpenScratch(t)
	c := einvTestConnection(t, s, "acme")
	base := time.Now().UTC().Truncate(time.Microsecond)
	einvQueueNotices(t, s, "acme", 1, base)
	einvBuryAll(t, s, c.WebhookID, base.Add(time.Minute))
	first := einvAllPages(t, s, "", 10)
	if len(first) != 1 {
		t.Fatalf("%d dead letters, want 1", len(first))
	}
	if _, err := s.Replay(ctx, "", first[0].EventID, base); err != nil {
		t.Fatal(err)
	}
	einvBuryAll(t, s, c.WebhookID, base.Add(time.Hour))
	for _, tenant := range []string{"acme", ""} {
		list := einvAllPages(t, s, tenant, 10)
		if len(list) != 1 || list[0].EventID != first[0].EventID || !list[0].DeadAt.Equal(base.Add(time.Hour)) {
			t.Errorf("the list of %q after a second burial: %+v", tenant, list)
		}
	}
	if n := einvCountKeys(t, s, []byte{einvDeadOrder}); n != 1 {
		t.Errorf("%d keys 'l', want 1", n)
	}
}

// BenchmarkDeadLetterPage reads one page of 500 from a list of 20,000
// dead letters of one tenant: the first page, and the last. With the
// list's keys in order, both read about 500 entries.
func BenchmarkDeadLetterPage(b *testing.B) {
	const total, limit = 20000, 500
	ctx := context.Background()
	s := einvOpenScratch(b)
	c := einvTestConnection(b, s, "acme")
	einvFillDeadLetters(b, s, c, total, time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	whole := einvAllPages(b, s, "acme", limit)
	if len(whole) != total {
		b.Fatalf("%d dead letters, want %d", len(whole), total)
	}
	for _, bc := range []struct {
		name  string
		after einvoice.DeadLetterKey
	}{
		{"first", einvoice.DeadLetterKey{}},
		{"last", einvoice.KeyOf(&whole[total-limit-1])},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				page, err := s.DeadLetters(ctx, "acme", bc.after, limit)
				if err != nil || len(page) != limit {
					b.Fatalf("%d dead letters, %v", len(page), err)
				}
			}
		})
	}
}

// TestDeleteConnectionLeavesOtherWritesFree: deleting a connection whose
// queue is long deletes its events in transactions of their own, between
// which the writes of other tenants go on: one written while the deletion
// is under way (after its first batch) commits, as do those of a writer
// that runs the whole time, none refused. Afterwards every event of the
// deleted connection is gone, and every event of the other stays.
func TestDeleteConnectionLeavesOtherWritesFree(t *testing.T) {
	ctx := context.Background()
	s := einvOpenScratch(t)
	gone := einvTestConnection(t, s, "acme")
	stays := einvTestConnection(t, s, "globex")
	const queued = 5*einvDropBatch + 17
	at := time.Now().UTC()
	for i := 0; i < queued; {
		err := s.db.Update(func(txn *bdb.Txn) error {
			for j := 0; j < 1000 && i < queued; j, i = j+1, i+1 {
				seq, err := s.nums.take()
				if err != nil {
					return err
				}
				ev := einvEvent{EventID: einvoice.NewGUID(), Tenant: "acme", WebhookID: gone.WebhookID, Status: webhook.StatusPending,
					Body: make([]byte, 256), CreatedAt: at, NextAttempt: at}
				if err := einvSet(txn, einvOutboxKey(gone.WebhookID, seq), ev); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	einvQueueNotices(t, s, "globex", 3, at)
	goneKeys, staysKeys := einvKey(einvOutbox, gone.WebhookID), einvKey(einvOutbox, stays.WebhookID)

	// A write of another tenant while the deletion is under way.
	batches, left := 0, 0
	var during error
	s.dropped = func(webhookID string, n int) {
		batches++
		if batches == 1 {
			left = einvCountKeys(t, s, goneKeys)
			einvQueueNotices(t, s, "globex", 1, at)
			_, _, during = s.Notify(ctx, einvoice.Notice{Tenant: "globex", Status: webhook.StatusPending, Key: einvoice.NewGUID(),
				Subject: "during", Body: []byte(`{}`), At: at})
		}
	}
	// And a writer that runs the whole time.
	stop := make(chan struct{})
	wrote := make(chan int)
	var refused []error
	go func() {
		n := 0
		defer func() { wrote <- n }()
		for {
			select {
			case <-stop:
				return
			default:
			}
			_, _, err := s.Notify(ctx, einvoice.Notice{Tenant: "globex", Status: webhook.StatusPending, Key: einvoice.NewGUID(),
				Subject: "meanwhile", Body: []byte(`{}`), At: at})
			if err != nil {
				refused = append(refused, err)
				continue
			}
			n++
		}
	}()
	if _, err := s.DeleteConnection(ctx, "acme", gone.WebhookID); err != nil {
		t.Fatal(err)
	}
	close(stop)
	meanwhile := <-wrote
	if during != nil {
		t.Errorf("a write while the deletion was under way: %v", during)
	}
	if len(refused) > 0 {
		t.Errorf("%d writes of another tenant refused during the deletion, the first: %v", len(refused), refused[0])
	}
	if batches < queued/einvDropBatch || left <= 0 || left >= queued {
		t.Errorf("the deletion took %d transactions, %d events left after the first; want %d or more, some left", batches, left, queued/einvDropBatch)
	}
	if n := einvCountKeys(t, s, goneKeys); n != 0 {
		t.Errorf("%d events of the deleted connection left", n)
	}
	if n, want := einvCountKeys(t, s, staysKeys), 3+2+meanwhile; n != want {
		t.Errorf("%d events of the other connection, want %d", n, want)
	}
}
