package einvoice_test

import (
	"context"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestDeadLettersReplayInOrder: the events of documents given up while
// their receiver was down are listed in the order they were made, so
// that replaying the list in its order (as levy webhook dead-letters
// replay --all does, and an operator going down the admin route's list)
// brings the receiver each document's events in the order of its
// statuses: Pending, In Progress, Completed. Listed in the order of their
// random event IDs, a receiver was sent a document's Completed before its
// Pending, and kept Pending as the document's status.
func TestDeadLettersReplayInOrder(t *testing.T) {
	var healthy atomic.Bool
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 1})
	tg := newTarget(t, func(int, delivery) (int, http.Header) {
		if healthy.Load() {
			return http.StatusNoContent, nil
		}
		return http.StatusServiceUnavailable, nil
	})
	connect(t, s, "acme", tg, Events{All: true}, false)
	ctx := tenantCtx("acme")
	var docs []string
	for range 5 {
		d, _, err := s.Submit(ctx, validInvoice(t), "")
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, d.DocumentID)
	}
	for _, id := range docs {
		if d := waitFinal(t, s, "acme", id); d.Status != webhook.StatusCompleted {
			t.Fatalf("document %s: %s", id, d.Status)
		}
	}
	var dead []DeadLetter
	eventually(t, "15 dead letters", func() bool {
		var err error
		dead, err = s.DeadLetters(context.Background(), "acme")
		return err == nil && len(dead) == 3*len(docs)
	})
	want := []string{webhook.StatusPending, webhook.StatusInProgress, webhook.StatusCompleted}
	listed := map[string][]string{}
	for _, dl := range dead {
		listed[dl.DocumentID] = append(listed[dl.DocumentID], dl.Status)
	}
	for _, id := range docs {
		if !slices.Equal(listed[id], want) {
			t.Errorf("document %s: dead letters listed as %v, want %v", id, listed[id], want)
		}
	}
	healthy.Store(true)
	before := len(tg.deliveries())
	for _, dl := range dead {
		if _, err := s.Replay(context.Background(), "acme", dl.EventID); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "the replayed events", func() bool { return len(tg.deliveries()) == before+len(dead) })
	for _, id := range docs {
		var got []string
		for _, d := range tg.deliveries()[before:] {
			if d.event.DocumentID == id {
				got = append(got, d.event.Status)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("document %s: replayed as %v, want %v", id, got, want)
		}
	}
}
