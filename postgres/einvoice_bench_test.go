package postgres

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// BenchmarkEInvoiceDocument runs e-invoicing on one node over the
// database: b.N documents submitted by 4 clients at once, each processed
// to Completed and its three events delivered, signed, to a receiver on
// loopback. ns/op is the wall time per document. With -cpuprofile it
// shows where a node's CPU goes.
func BenchmarkEInvoiceDocument(b *testing.B) {
	ctx := levy.WithTenant(context.Background(), "acme")
	db := benchDB(b)
	h := newEInvHook(b)
	svc, err := einvoice.New(context.Background(), db.EInvoice(), einvoice.Config{OutboxDir: b.TempDir(), AllowPrivateTargets: true,
		PollInterval: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { svc.Close() })
	if _, err := svc.CreateConnection(ctx, einvoice.NewConnection{TargetURL: h.url, SecretKey: h.secret, Events: einvoice.AllEvents}); err != nil {
		b.Fatal(err)
	}
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var mu sync.Mutex
	var ids []string
	var wg sync.WaitGroup
	next := make(chan struct{})
	for range 4 {
		wg.Go(func() {
			for range next {
				d, _, err := svc.Submit(ctx, doc, "")
				if err != nil {
					b.Error(err)
					return
				}
				mu.Lock()
				ids = append(ids, d.DocumentID)
				mu.Unlock()
			}
		})
	}
	for range b.N {
		next <- struct{}{}
	}
	close(next)
	wg.Wait()
	h.await(b, ids, 3, time.Minute)
}
