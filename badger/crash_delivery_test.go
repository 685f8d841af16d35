package badger

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/einvoice"
)

// The states of an event of TestCrashEInvoiceDelivery: waiting in the
// outbox, a dead letter, or delivered (gone).
const (
	crashQueued    = "Q"
	crashDead      = "L"
	crashDelivered = "D"
)

// crashDeliveryNext lists the states an event of TestCrashEInvoiceDelivery
// may go to from each: an event waiting is delivered or buried, a dead
// letter replayed.
var crashDeliveryNext = map[string][]string{
	crashQueued: {crashDelivered, crashDead},
	crashDead:   {crashQueued},
}

// TestCrashEInvoiceDeliveryChild submits documents from 2 goroutines,
// each queueing one event, delivers the events from a third (every
// third event is first scheduled for a retry, every fourth buried as
// undeliverable), and replays the dead letters from a fourth, printing
// "ack <document> <state> <event>" after each step, until it is
// killed. It runs only as the child of TestCrashEInvoiceDelivery.
func TestCrashEInvoiceDeliveryChild(t *testing.T) {
	dir, round, ok := crashChild(t)
	if !ok {
		return
	}
	ctx := context.Background()
	s := openCrashEInvoice(ctx, dir, round)
	var out ackWriter
	for g := range 2 {
		go func() {
			for i := 0; ; i++ {
				id := fmt.Sprintf("V%03d-%02d-%06d", round, g, i)
				crashSubmit(ctx, s, id)
				out.ack("%s %s -", id, crashQueued)
			}
		}()
	}
	// The deliverer: replayed events (known by their ID) are delivered.
	replayed := make(chan string, 1024)
	go func() {
		lease := einvoice.Lease{Owner: "crash-child", Term: time.Minute}
		again := map[string]bool{}
		for n := 0; ; n++ {
			ev, err := s.NextEvent(ctx, crashEInvoiceHook, lease)
			if err != nil {
				childFail("next event: %v", err)
			}
		drain:
			for {
				select {
				case id := <-replayed:
					again[id] = true
				default:
					break drain
				}
			}
			if ev == nil {
				time.Sleep(time.Millisecond)
				continue
			}
			switch {
			case ev.Attempts == 0 && n%3 == 0:
				ev.Attempts, ev.LastError = 1, "503 from the target"
				err = s.Retry(ctx, ev, 0)
				if err == nil {
					out.ack("%s %s %s", ev.DocumentID, crashQueued, ev.EventID)
				}
			case !again[ev.EventID] && n%4 == 0:
				ev.DeadAt = time.Now()
				err = s.Bury(ctx, ev)
				if err == nil {
					out.ack("%s %s %s", ev.DocumentID, crashDead, ev.EventID)
				}
			default:
				err = s.Delivered(ctx, ev)
				if err == nil {
					out.ack("%s %s %s", ev.DocumentID, crashDelivered, ev.EventID)
				}
			}
			if err != nil {
				childFail("event %s of %s: %v", ev.EventID, ev.DocumentID, err)
			}
		}
	}()
	// The replayer.
	go func() {
		for {
			dead, err := s.DeadLetters(ctx, crashTenant, einvoice.DeadLetterKey{}, einvoice.MaxDeadLetterLimit)
			if err != nil {
				childFail("dead letters: %v", err)
			}
			for _, ev := range dead {
				replayed <- ev.EventID
				if _, err := s.Replay(ctx, crashTenant, ev.EventID, time.Now()); err != nil {
					childFail("replay %s: %v", ev.EventID, err)
				}
				out.ack("%s %s %s", ev.DocumentID, crashQueued, ev.EventID)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	time.Sleep(crashChildBound)
	os.Exit(3)
}

// TestCrashEInvoiceDelivery kills a process that delivers webhook
// events, schedules retries, buries events as dead letters and replays
// them, while documents are submitted. After each kill, every event is
// in one place only (its connection's queue once, or the dead letters),
// in the state of its last acknowledged step or the one under way, with
// the event ID it was acknowledged under: a delivered event never comes
// back, a replayed one is sent again under the same ID, and the
// reopened store hands out every event still waiting, in order.
func TestCrashEInvoiceDelivery(t *testing.T) {
	rounds := crashRounds(t)
	dir := t.TempDir()
	ctx := context.Background()
	last := map[string]string{}    // document: its last acknowledged state
	eventOf := map[string]string{} // document: its event's ID, once acknowledged
	delivered := 0
	for r := range rounds {
		for _, a := range runCrashChild(t, "TestCrashEInvoiceDeliveryChild", dir, r, crashDelay(r), ackedLines(60)) {
			f := strings.Fields(a)
			if len(f) != 3 {
				t.Fatalf("the child acknowledged %q", a)
			}
			doc, state, ev := f[0], f[1], f[2]
			last[doc] = state
			if ev != "-" {
				if was, ok := eventOf[doc]; ok && was != ev {
					t.Fatalf("round %d: %s was acknowledged under event %s, then %s", r, doc, was, ev)
				}
				eventOf[doc] = ev
			}
		}
		s, err := OpenEInvoice(ctx, dir)
		if err != nil {
			t.Fatalf("round %d: reopening after the kill: %v", r, err)
		}
		// Where each document's event is, read from the keys.
		where := map[string][]string{}
		ids := map[string]string{}
		var seqs []uint64
		err = s.db.View(func(txn *bdb.Txn) error {
			for _, p := range []byte{einvOutbox, einvDead} {
				it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{p}})
				for it.Rewind(); it.Valid(); it.Next() {
					var e einvEvent
					if err := it.Item().Value(func(v []byte) error { return json.Unmarshal(v, &e) }); err != nil {
						it.Close()
						return err
					}
					state := crashQueued
					if p == einvDead {
						state = crashDead
					} else {
						k := it.Item().Key()
						seqs = append(seqs, binary.BigEndian.Uint64(k[len(k)-8:]))
					}
					where[e.DocumentID] = append(where[e.DocumentID], state)
					if was, ok := ids[e.DocumentID]; ok && was != e.EventID {
						it.Close()
						return fmt.Errorf("%s has two events, %s and %s", e.DocumentID, was, e.EventID)
					}
					ids[e.DocumentID] = e.EventID
				}
				it.Close()
			}
			return nil
		})
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		for doc, places := range where {
			if len(places) > 1 {
				t.Fatalf("round %d: the event of %s is in %d places: %q", r, doc, len(places), places)
			}
			if ev, ok := eventOf[doc]; ok && ids[doc] != ev {
				t.Fatalf("round %d: %s was acknowledged under event %s, the store holds %s", r, doc, ev, ids[doc])
			}
		}
		for doc, state := range last {
			now := crashDelivered
			if len(where[doc]) == 1 {
				now = where[doc][0]
			}
			ok := now == state
			for _, next := range crashDeliveryNext[state] {
				ok = ok || now == next
			}
			if !ok {
				t.Fatalf("round %d: %s, acknowledged %s, is %s", r, doc, state, now)
			}
			last[doc] = now // as the next round starts from it
		}
		// The reopened store hands out the waiting events in order, every
		// one: delivered here, so that each round starts afresh.
		lease := einvoice.Lease{Owner: "crash-test", Term: time.Minute}
		for n := 0; ; n++ {
			ev, err := s.NextEvent(ctx, crashEInvoiceHook, lease)
			if err != nil {
				t.Fatalf("round %d: next event: %v", r, err)
			}
			if ev == nil {
				if n != len(seqs) {
					t.Fatalf("round %d: the reopened store handed out %d events of the %d waiting", r, n, len(seqs))
				}
				break
			}
			if n >= len(seqs) || ev.Seq != seqs[n] {
				t.Fatalf("round %d: event %d handed out is number %d, want %v", r, n, ev.Seq, seqs[min(n, len(seqs)-1)])
			}
			if err := s.Delivered(ctx, ev); err != nil {
				t.Fatal(err)
			}
			last[ev.DocumentID] = crashDelivered
			delivered++
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if len(last) < 30 {
		t.Fatalf("the children acknowledged steps of only %d documents", len(last))
	}
	t.Logf("%d rounds, %d documents, every event in one place; %d delivered after the kills", rounds, len(last), delivered)
}
