package badger

import (
	"context"
	"testing"
	"time"
)

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
