package badger

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
)

// TestEInvoiceCounts: Counts counts the events waiting in the outbox and
// the dead letters of every tenant; an event buried leaves the first
// count for the second, and a dead letter replayed goes back.
func TestEInvoiceCounts(t *testing.T) {
	ctx := context.Background()
	s := einvOpenScratch(t)
	counts := func(want einvoice.Counts) {
		t.Helper()
		got, err := s.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("Counts = %+v, want %+v", got, want)
		}
	}
	counts(einvoice.Counts{})
	base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	acme, globex := einvTestConnection(t, s, "acme"), einvTestConnection(t, s, "globex")
	einvQueueNotices(t, s, "acme", 3, base)
	einvQueueNotices(t, s, "globex", 4, base)
	counts(einvoice.Counts{Waiting: 7})
	if n := einvBuryAll(t, s, acme.WebhookID, base.Add(time.Hour)); n != 3 {
		t.Fatalf("%d events buried, want 3", n)
	}
	einvFillDeadLetters(t, s, globex, 5, base)
	counts(einvoice.Counts{Waiting: 4, DeadLetters: 8})
	dead := einvAllPages(t, s, "acme", 10)
	if _, err := s.Replay(ctx, "acme", dead[0].EventID, base.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	counts(einvoice.Counts{Waiting: 5, DeadLetters: 7})
}

// BenchmarkEInvoiceCounts is what a scrape of /metrics costs the store
// when its counts are read again: with 20,000 dead letters (and a body
// of 512 bytes each), Counts walks their 20,000 keys of the list of every
// tenant, no record.
func BenchmarkEInvoiceCounts(b *testing.B) {
	const total = 20000
	ctx := context.Background()
	s := einvOpenScratch(b)
	einvFillDeadLetters(b, s, einvTestConnection(b, s, "acme"), total, time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	for b.Loop() {
		n, err := s.Counts(ctx)
		if err != nil || n.DeadLetters != total {
			b.Fatalf("%+v, %v", n, err)
		}
	}
}
