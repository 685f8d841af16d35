package einvoice_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
)

// silentStore is a store whose reads at a Service's start (the outbox,
// the work queue) do not answer until their context ends, as a database
// connection that hangs without failing would.
type silentStore struct {
	Store
	outbox, queue bool
}

func (s silentStore) Outboxes(ctx context.Context) ([]string, error) {
	if s.outbox {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return s.Store.Outboxes(ctx)
}

func (s silentStore) Queue(ctx context.Context) ([]QueueEntry, error) {
	if s.queue {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return s.Store.Queue(ctx)
}

// TestNewBoundsItsStoreCalls: New's resume of the events waiting in the
// outbox and of the documents in progress reads the store once each; a
// store that does not answer must fail New within the bound of a store
// call (a third of the lease term), with an error that says what it was
// reading, when New's context has no deadline (levy serve gives none).
// Before, those reads were bounded by New's context alone, and New did
// not return.
func TestNewBoundsItsStoreCalls(t *testing.T) {
	for _, tc := range []struct {
		name, want    string
		outbox, queue bool
	}{
		{"outbox", "resume the events of the outbox", true, false},
		{"queue", "resume the documents in progress", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store, dir := openStore(t)
			done := make(chan error, 1)
			go func() {
				s, err := New(context.Background(), silentStore{Store: store, outbox: tc.outbox, queue: tc.queue},
					Config{OutboxDir: dir, Timeout: 100 * time.Millisecond, LeaseTerm: 300 * time.Millisecond})
				if err == nil {
					_ = s.Close()
				}
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, context.DeadlineExceeded) {
					t.Fatalf("New over a store that does not answer: %v; want a deadline error that says %q", err, tc.want)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("New has not returned 30 s after it began over a store that does not answer (lease term 300ms)")
			}
		})
	}
}

// TestNewHonoursItsContext: New given a context that ends while a read
// at its start does not answer returns then, with the context's error,
// though the bound of a store call (a third of the default lease term,
// 100 s) is far off.
func TestNewHonoursItsContext(t *testing.T) {
	store, dir := openStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		s, err := New(ctx, silentStore{Store: store, outbox: true}, Config{OutboxDir: dir})
		if err == nil {
			_ = s.Close()
		}
		done <- err
	}()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("New with a cancelled context: %v; want context.Canceled", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("New has not returned 30 s after its context was cancelled")
	}
}
