package einvoice_test

import (
	"context"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestDeadLettersInStatusOrderAcrossClocks: a document's Pending event
// is made by the node that took the submission, its In Progress and
// Completed by the node that processed it, each stamped by its node's
// clock. With the first node's clock ahead (here a minute; a few
// milliseconds do, as processing follows at once), the dead-letter list,
// sorted by the times the events were made, put Pending after
// Completed, and replaying it in its order (levy webhook dead-letters
// replay --all) sent the document's Completed before its Pending, where
// the docs promise each document's events in the order of its statuses.
// Now a document's dead letters of one connection are listed in the
// order of their statuses, in the places the list gives them.
func TestDeadLettersInStatusOrderAcrossClocks(t *testing.T) {
	dir := t.TempDir()
	var healthy atomic.Bool
	tg := newTarget(t, func(int, delivery) (int, http.Header) {
		if healthy.Load() {
			return http.StatusNoContent, nil
		}
		return http.StatusServiceUnavailable, nil
	})
	d := submitAhead(t, dir, tg, time.Minute)
	s, _ := open(t, dir, Config{MaxAttempts: 1})
	waitFinal(t, s, "acme", d.DocumentID)
	var dead []DeadLetter
	eventually(t, "3 dead letters", func() bool {
		var err error
		dead, err = s.DeadLetters(context.Background(), "acme")
		return err == nil && len(dead) == 3
	})
	want := []string{webhook.StatusPending, webhook.StatusInProgress, webhook.StatusCompleted}
	var listed []string
	for _, dl := range dead {
		listed = append(listed, dl.Status)
	}
	if !slices.Equal(listed, want) {
		t.Errorf("dead letters listed as %v, want %v", listed, want)
	}
	healthy.Store(true)
	before := len(tg.deliveries())
	for _, dl := range dead {
		if _, err := s.Replay(context.Background(), "acme", dl.EventID); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "the replayed events", func() bool { return len(tg.deliveries()) == before+3 })
	var got []string
	for _, dv := range tg.deliveries()[before:] {
		got = append(got, dv.event.Status)
	}
	if !slices.Equal(got, want) {
		t.Errorf("replayed in the list's order, the receiver got %v, want %v", got, want)
	}
}
