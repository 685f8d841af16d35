package postgres

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/einvoicetest"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestEInvoiceConformance runs the conformance suite of einvoice.Store
// over the PostgreSQL store.
func TestEInvoiceConformance(t *testing.T) {
	einvoicetest.Run(t, func(t *testing.T) einvoice.Store { return openTest(t).EInvoice() })
}

// einvNodes opens n e-invoicing stores over one new schema, one per DB,
// as n levy serve nodes would have them.
func einvNodes(t *testing.T, n int) []einvoice.Store {
	t.Helper()
	var out []einvoice.Store
	for _, db := range nodes(t, n) {
		s := db.EInvoice()
		t.Cleanup(func() { s.Close() })
		out = append(out, s)
	}
	return out
}

// einvTestDoc returns a Pending document of tenant.
func einvTestDoc(tenant string) *einvoice.Document {
	at := time.Now().UTC().Truncate(time.Microsecond)
	return &einvoice.Document{DocumentID: einvoice.NewGUID(), TenantID: tenant, DocumentNumber: "INV-1",
		Status: webhook.StatusPending, TransmissionDirection: einvoice.DirectionOutbound, TransmissionDateTime: at,
		SizeBytes: 7, SHA256: "0f", History: []einvoice.Transition{{Status: webhook.StatusPending, At: at}}}
}

// einvTestEvent returns the event of d's status.
func einvTestEvent(d *einvoice.Document) einvoice.StatusEvent {
	body := fmt.Sprintf(`{"documentId":%q,"status":%q}`, d.DocumentID, d.Status)
	return einvoice.StatusEvent{Body: []byte(body), BodyWithMetadata: []byte(body), At: time.Now().UTC().Truncate(time.Microsecond)}
}

// einvTestSubmit stores a new document of tenant on s.
func einvTestSubmit(t *testing.T, s einvoice.Store, tenant string) *einvoice.Document {
	t.Helper()
	d := einvTestDoc(tenant)
	if _, err := s.Submit(context.Background(), einvoice.Submission{Document: d, Content: []byte("<doc/>"), Event: einvTestEvent(d)}); err != nil {
		t.Fatalf("Submit: %v", err)
	}
	return d
}

// einvTestMove moves d to status to on s.
func einvTestMove(s einvoice.Store, d *einvoice.Document, to string) (*einvoice.Document, error) {
	nd := *d
	nd.History = append(slices.Clone(d.History), einvoice.Transition{Status: to, At: time.Now().UTC().Truncate(time.Microsecond)})
	nd.Status = to
	_, err := s.Move(context.Background(), einvoice.Move{From: d.Status, Document: &nd, Dequeue: einvoice.Final(to), Event: einvTestEvent(&nd)})
	return &nd, err
}

// einvTestSecret returns a sealed secret under key keyID whose sealed
// bytes are sealed.
func einvTestSecret(t *testing.T, keyID, sealed string) einvoice.SealedSecret {
	t.Helper()
	var sec einvoice.SealedSecret
	js := fmt.Sprintf(`{"keyId":%q,"nonce":"bm9uY2U=","sealed":%q}`, keyID, base64.StdEncoding.EncodeToString([]byte(sealed)))
	if err := json.Unmarshal([]byte(js), &sec); err != nil {
		t.Fatal(err)
	}
	return sec
}

// einvTestConnect stores a connection of tenant that selects every
// status, with a secret sealed by key k1.
func einvTestConnect(t *testing.T, s einvoice.Store, tenant, sealed string) einvoice.ConnectionRecord {
	t.Helper()
	c := einvoice.ConnectionRecord{
		Connection: einvoice.Connection{WebhookID: einvoice.NewGUID(), TenantID: tenant, TargetURL: "https://hooks.example.com/" + tenant,
			Events: einvoice.AllEvents, CreatedAt: time.Now().UTC().Truncate(time.Microsecond)},
		Secret: einvTestSecret(t, "k1", sealed),
	}
	if _, err := s.CreateConnection(context.Background(), c, einvoice.ConnectionKey{}, einvoice.MaxConnections); err != nil {
		t.Fatalf("CreateConnection: %v", err)
	}
	return c
}

// einvLease returns a lease of a new owner for d.
func einvLease(d time.Duration) einvoice.Lease {
	return einvoice.Lease{Owner: einvoice.NewGUID(), Term: d}
}

// together runs fn(node, i) for each of each goroutines on each node, all
// let go at once, and waits for them.
func together(nodes, each int, fn func(node, i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for n := range nodes {
		for i := range each {
			wg.Go(func() {
				<-start
				fn(n, i)
			})
		}
	}
	close(start)
	wg.Wait()
}

// TestEInvoiceClaimAcrossNodes: owners on three nodes claim one document
// at once; exactly one gets it while its lease holds, and another takes
// it over once the lease has lapsed.
func TestEInvoiceClaimAcrossNodes(t *testing.T) {
	ctx := context.Background()
	ss := einvNodes(t, 3)
	for round := range 5 {
		d := einvTestSubmit(t, ss[round%3], "acme")
		var won, leased atomic.Int32
		together(3, 6, func(n, _ int) {
			switch err := ss[n].Claim(ctx, d.DocumentID, einvLease(time.Hour)); {
			case err == nil:
				won.Add(1)
			case errors.Is(err, einvoice.ErrLeased):
				leased.Add(1)
			default:
				t.Errorf("a claim: %v", err)
			}
		})
		if won.Load() != 1 || leased.Load() != 17 {
			t.Fatalf("round %d: %d of 18 claims won, %d found the lease taken; want 1 and 17", round, won.Load(), leased.Load())
		}
	}

	// An owner that stops without releasing its lease: another node takes
	// the document over once the lease has lapsed, and the first owner is
	// then the one kept out.
	d := einvTestSubmit(t, ss[0], "acme")
	a, b := einvLease(300*time.Millisecond), einvLease(time.Hour)
	if err := ss[0].Claim(ctx, d.DocumentID, a); err != nil {
		t.Fatal(err)
	}
	if err := ss[1].Claim(ctx, d.DocumentID, b); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("a claim while another node's lease holds: %v, want ErrLeased", err)
	}
	time.Sleep(a.Term + 50*time.Millisecond)
	if err := ss[1].Claim(ctx, d.DocumentID, b); err != nil {
		t.Fatalf("a claim after the lease lapsed: %v", err)
	}
	a.Term = time.Hour
	if err := ss[2].Claim(ctx, d.DocumentID, a); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("the first owner's claim after the takeover: %v, want ErrLeased", err)
	}
}

// TestEInvoiceWorkSplitAcrossNodes: workers on three nodes go through the
// work queue, claiming, moving and finishing documents; no document is
// ever held by two owners at once, and each is finished exactly once.
func TestEInvoiceWorkSplitAcrossNodes(t *testing.T) {
	ctx := context.Background()
	ss := einvNodes(t, 3)
	const docs = 30
	for i := range docs {
		einvTestSubmit(t, ss[i%3], fmt.Sprintf("tenant-%d", i%4))
	}
	var mu sync.Mutex
	holder := map[string]string{} // document ID → the owner working on it
	finished := map[string]int{}
	together(3, 4, func(n, _ int) {
		s := ss[n]
		owner := einvoice.NewGUID()
		for {
			q, err := s.Queue(ctx)
			if err != nil {
				t.Error(err)
				return
			}
			if len(q) == 0 {
				return
			}
			for _, e := range q {
				err := s.Claim(ctx, e.DocumentID, einvoice.Lease{Owner: owner, Term: time.Minute})
				if errors.Is(err, einvoice.ErrLeased) || levy.ErrorCode(err) == levy.ENotFound {
					continue
				}
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				if other, ok := holder[e.DocumentID]; ok {
					t.Errorf("document %s claimed by %s while %s holds it", e.DocumentID, owner, other)
				}
				holder[e.DocumentID] = owner
				mu.Unlock()
				d, err := s.Document(ctx, e.Tenant, e.DocumentID)
				if err != nil {
					t.Error(err)
					return
				}
				if d.Status == webhook.StatusPending {
					if d, err = einvTestMove(s, d, webhook.StatusInProgress); err != nil {
						t.Errorf("a move under a lease: %v", err)
						return
					}
				}
				if _, err := einvTestMove(s, d, webhook.StatusCompleted); err != nil {
					t.Errorf("a move under a lease: %v", err)
					return
				}
				mu.Lock()
				delete(holder, e.DocumentID)
				finished[e.DocumentID]++
				mu.Unlock()
			}
		}
	})
	if len(finished) != docs {
		t.Fatalf("%d documents finished, want %d", len(finished), docs)
	}
	for id, n := range finished {
		if n != 1 {
			t.Errorf("document %s finished %d times", id, n)
		}
	}
}

// TestEInvoiceSkipLocked: a node that finds a lease row locked by another
// node's transaction answers ErrLeased at once instead of waiting behind
// it, and the rows of other documents and connections are not held up.
func TestEInvoiceSkipLocked(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 3)
	s0, s1, s2 := dbs[0].EInvoice(), dbs[1].EInvoice(), dbs[2].EInvoice()
	c := einvTestConnect(t, s0, "acme", "s")
	other := einvTestConnect(t, s0, "acme", "s")
	d := einvTestSubmit(t, s0, "acme")
	free := einvTestSubmit(t, s0, "acme")

	// Node 0 is in the middle of a transaction that holds the lease rows
	// of d and of c.
	tx, err := dbs[0].pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT 1 FROM einvoice_queue WHERE document_id = $1 FOR UPDATE`, d.DocumentID); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `SELECT 1 FROM einvoice_outbox_leases WHERE webhook_id = $1 FOR UPDATE`, c.WebhookID); err != nil {
		t.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	began := time.Now()
	if err := s1.Claim(wait, d.DocumentID, einvLease(time.Hour)); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("a claim of a locked entry: %v, want ErrLeased", err)
	}
	if _, err := s2.NextEvent(wait, c.WebhookID, einvLease(time.Hour)); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("NextEvent of a locked queue: %v, want ErrLeased", err)
	}
	if took := time.Since(began); took > time.Second {
		t.Fatalf("the claim and NextEvent took %v behind a lock", took)
	}
	if err := s1.Claim(wait, free.DocumentID, einvLease(time.Hour)); err != nil {
		t.Fatalf("a claim of another document: %v", err)
	}
	if ev, err := s2.NextEvent(wait, other.WebhookID, einvLease(time.Hour)); err != nil || ev == nil {
		t.Fatalf("NextEvent of another connection: %+v %v", ev, err)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s1.Claim(ctx, d.DocumentID, einvLease(time.Hour)); err != nil {
		t.Fatalf("a claim once the lock is gone: %v", err)
	}
	if ev, err := s2.NextEvent(ctx, c.WebhookID, einvLease(time.Hour)); err != nil || ev == nil {
		t.Fatalf("NextEvent once the lock is gone: %+v %v", ev, err)
	}
}

// TestEInvoiceOutboxAcrossNodes: documents are submitted and moved on
// three nodes while a dispatcher on each of three nodes sends the events
// of one connection. One owner at a time has an event in flight, every
// event is delivered once, and in the order of Seq, which grows across
// the nodes' writes; each document's events come in the order of its
// statuses.
func TestEInvoiceOutboxAcrossNodes(t *testing.T) {
	ctx := context.Background()
	ss := einvNodes(t, 3)
	c := einvTestConnect(t, ss[0], "acme", "s")
	const perNode = 20
	const want = 3 * perNode * 2 // Pending and In Progress of each document
	var inFlight atomic.Int32
	var mu sync.Mutex
	var seqs []uint64
	var statuses = map[string][]string{}
	owners := map[string]int{}
	events := map[string]bool{}
	var wg sync.WaitGroup
	for n := range 3 {
		wg.Go(func() { // the dispatcher of node n
			owner := einvoice.NewGUID()
			sent := 0
			for {
				mu.Lock()
				done := len(seqs) == want
				mu.Unlock()
				if done {
					return
				}
				ev, err := ss[n].NextEvent(ctx, c.WebhookID, einvoice.Lease{Owner: owner, Term: time.Minute})
				switch {
				case errors.Is(err, einvoice.ErrLeased):
					time.Sleep(time.Millisecond)
					continue
				case err != nil:
					t.Error(err)
					return
				case ev == nil:
					if err := ss[n].ReleaseOutbox(ctx, c.WebhookID, owner); err != nil {
						t.Error(err)
						return
					}
					time.Sleep(time.Millisecond)
					continue
				}
				if !inFlight.CompareAndSwap(0, 1) {
					t.Error("two owners have an event of the connection in flight")
				}
				mu.Lock()
				if len(seqs) > 0 && ev.Seq <= seqs[len(seqs)-1] {
					t.Errorf("event of Seq %d sent after Seq %d", ev.Seq, seqs[len(seqs)-1])
				}
				if events[ev.EventID] {
					t.Errorf("event %s sent twice", ev.EventID)
				}
				events[ev.EventID] = true
				seqs = append(seqs, ev.Seq)
				statuses[ev.DocumentID] = append(statuses[ev.DocumentID], ev.Status)
				owners[owner]++
				mu.Unlock()
				if err := ss[n].Delivered(ctx, ev); err != nil {
					t.Error(err)
					return
				}
				inFlight.Store(0)
				if t.Failed() {
					return
				}
				// Every few events the lane stops, as a lane whose queue
				// looked empty does, and another node may take over.
				if sent++; sent%5 == 0 {
					if err := ss[n].ReleaseOutbox(ctx, c.WebhookID, owner); err != nil {
						t.Error(err)
						return
					}
					time.Sleep(5 * time.Millisecond)
				}
			}
		})
	}
	together(3, 1, func(n, _ int) { // the producers
		for range perNode {
			d := einvTestSubmit(t, ss[n], "acme")
			if _, err := einvTestMove(ss[(n+1)%3], d, webhook.StatusInProgress); err != nil {
				t.Error(err)
			}
		}
	})
	wg.Wait()
	if len(seqs) != want {
		t.Fatalf("%d events sent, want %d", len(seqs), want)
	}
	for id, st := range statuses {
		if !slices.Equal(st, []string{webhook.StatusPending, webhook.StatusInProgress}) {
			t.Errorf("document %s: events %v", id, st)
		}
	}
	if len(owners) < 2 {
		t.Errorf("the events were sent by %d owner(s), want the queue to change hands", len(owners))
	}
	t.Logf("events sent per owner: %v", owners)
}

// TestEInvoiceOutboxTakeover: the owner of a connection's queue stops
// without releasing it; another node gets nothing while the lease holds,
// then takes the queue over at the same head once it has lapsed.
func TestEInvoiceOutboxTakeover(t *testing.T) {
	ctx := context.Background()
	ss := einvNodes(t, 3)
	c := einvTestConnect(t, ss[0], "acme", "s")
	d := einvTestSubmit(t, ss[1], "acme")
	einvTestSubmit(t, ss[2], "acme")
	a, b := einvLease(300*time.Millisecond), einvLease(time.Hour)
	head, err := ss[0].NextEvent(ctx, c.WebhookID, a)
	if err != nil || head == nil || head.DocumentID != d.DocumentID {
		t.Fatalf("NextEvent: %+v %v", head, err)
	}
	if _, err := ss[1].NextEvent(ctx, c.WebhookID, b); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("NextEvent while another node's lease holds: %v, want ErrLeased", err)
	}
	time.Sleep(a.Term + 50*time.Millisecond)
	again, err := ss[1].NextEvent(ctx, c.WebhookID, b)
	if err != nil || again == nil || again.EventID != head.EventID || again.Seq != head.Seq {
		t.Fatalf("NextEvent after the lease lapsed: %+v %v, want the head %s again", again, err, head.EventID)
	}
	if err := ss[1].Delivered(ctx, again); err != nil {
		t.Fatal(err)
	}
	a.Term = time.Hour
	if _, err := ss[2].NextEvent(ctx, c.WebhookID, a); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("the first owner's NextEvent after the takeover: %v, want ErrLeased", err)
	}
	if ev, err := ss[1].NextEvent(ctx, c.WebhookID, b); err != nil || ev == nil || ev.Seq <= head.Seq {
		t.Fatalf("the next event: %+v %v", ev, err)
	}
}

// TestEInvoiceOutboxLateOutcome: node A's attempt at the head of a
// connection's queue outlasts its lease, and node B takes the queue over,
// tries the event and schedules a retry. A's outcome, when it comes, is
// refused with ErrLeaseLost whatever it is, and B's record of the event
// stays: A neither removes the event B is sending, nor resets or counts
// again its attempts, nor buries it.
func TestEInvoiceOutboxLateOutcome(t *testing.T) {
	ctx := context.Background()
	ss := einvNodes(t, 2)
	c := einvTestConnect(t, ss[0], "acme", "s")
	d := einvTestSubmit(t, ss[1], "acme")
	a, b := einvLease(200*time.Millisecond), einvLease(time.Hour)
	late, err := ss[0].NextEvent(ctx, c.WebhookID, a)
	if err != nil || late == nil || late.DocumentID != d.DocumentID {
		t.Fatalf("node A's NextEvent: %+v %v", late, err)
	}
	time.Sleep(a.Term + 50*time.Millisecond) // A's webhook is slow
	head, err := ss[1].NextEvent(ctx, c.WebhookID, b)
	if err != nil || head == nil || head.EventID != late.EventID {
		t.Fatalf("node B's NextEvent once A's lease lapsed: %+v %v, want %s", head, err, late.EventID)
	}
	head.Attempts, head.LastError = 1, "the target answered 503"
	if err := ss[1].Retry(ctx, head, time.Hour); err != nil {
		t.Fatalf("node B's Retry: %v", err)
	}
	late.Attempts, late.LastError = 1, "the target answered 500"
	if err := ss[0].Retry(ctx, late, 0); !errors.Is(err, einvoice.ErrLeaseLost) {
		t.Errorf("node A's late Retry: %v, want ErrLeaseLost", err)
	}
	if err := ss[0].Delivered(ctx, late); !errors.Is(err, einvoice.ErrLeaseLost) {
		t.Errorf("node A's late Delivered: %v, want ErrLeaseLost", err)
	}
	late.Attempts, late.DeadAt = 5, time.Now().UTC().Truncate(time.Microsecond)
	if err := ss[0].Bury(ctx, late); !errors.Is(err, einvoice.ErrLeaseLost) {
		t.Errorf("node A's late Bury: %v, want ErrLeaseLost", err)
	}
	if list, err := ss[1].DeadLetters(ctx, "", einvoice.DeadLetterKey{}, einvoice.MaxDeadLetterLimit); err != nil || len(list) != 0 {
		t.Errorf("dead letters after node A's late Bury: %+v %v", list, err)
	}
	again, err := ss[1].NextEvent(ctx, c.WebhookID, b)
	if err != nil || again == nil || again.EventID != head.EventID {
		t.Fatalf("node B's NextEvent after A's late outcomes: %+v %v", again, err)
	}
	if again.Attempts != 1 || again.LastError != head.LastError || again.Wait < 50*time.Minute {
		t.Errorf("the head after A's late outcomes: %d attempts, last error %q, waits %v; want B's retry: 1, %q, about an hour",
			again.Attempts, again.LastError, again.Wait, head.LastError)
	}
	if err := ss[1].Delivered(ctx, again); err != nil {
		t.Fatalf("node B's Delivered: %v", err)
	}
}

// TestEInvoiceOutboxOutcomeRacesTakeover: node A records the delivery of
// the head while node B, A's lease having lapsed, takes the queue over,
// at once, many times. Exactly one of them has the event: either A's
// Delivered removes it and B gets the next event (or finds the lease
// taken, ErrLeased), or B gets the same head and A's Delivered is
// refused with ErrLeaseLost. Never is the event removed while B sends
// it.
func TestEInvoiceOutboxOutcomeRacesTakeover(t *testing.T) {
	ctx := context.Background()
	ss := einvNodes(t, 2)
	c := einvTestConnect(t, ss[0], "acme", "s")
	const rounds = 20
	for range rounds + 1 {
		einvTestSubmit(t, ss[1], "acme")
	}
	var outcomes [2]int // A's delivery kept, B's takeover kept
	for round := range rounds {
		a, b := einvLease(0), einvLease(time.Hour) // A's lease lapses at once
		head, err := ss[0].NextEvent(ctx, c.WebhookID, a)
		if err != nil || head == nil {
			t.Fatalf("round %d: node A's NextEvent: %+v %v", round, head, err)
		}
		var delivered error
		var got *einvoice.OutboxEvent
		var taken error
		together(2, 1, func(n, _ int) {
			if n == 0 {
				delivered = ss[0].Delivered(ctx, head)
			} else {
				got, taken = ss[1].NextEvent(ctx, c.WebhookID, b)
			}
		})
		switch {
		case delivered == nil && taken == nil && got != nil && got.EventID == head.EventID:
			t.Fatalf("round %d: node A removed event %s while node B took it over to send it", round, head.EventID)
		case delivered == nil:
			if taken != nil && !errors.Is(taken, einvoice.ErrLeased) {
				t.Fatalf("round %d: node B's NextEvent: %v", round, taken)
			}
			outcomes[0]++
		case errors.Is(delivered, einvoice.ErrLeaseLost):
			if taken != nil || got == nil || got.EventID != head.EventID {
				t.Fatalf("round %d: node A lost the lease, but node B's NextEvent gave %+v %v", round, got, taken)
			}
			if err := ss[1].Delivered(ctx, got); err != nil {
				t.Fatalf("round %d: node B's Delivered: %v", round, err)
			}
			outcomes[1]++
		default:
			t.Fatalf("round %d: node A's Delivered: %v", round, delivered)
		}
		if err := ss[1].ReleaseOutbox(ctx, c.WebhookID, b.Owner); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("rounds won by node A's delivery, by node B's takeover: %v", outcomes)
}

// TestEInvoiceMoveAcrossNodes: moves of one document from three nodes at
// once: exactly one wins, and its event is the only one queued.
func TestEInvoiceMoveAcrossNodes(t *testing.T) {
	ctx := context.Background()
	ss := einvNodes(t, 3)
	c := einvTestConnect(t, ss[0], "acme", "s")
	for round := range 5 {
		d := einvTestSubmit(t, ss[round%3], "acme")
		var mu sync.Mutex
		var winners []*einvoice.Document
		together(3, 4, func(n, i int) {
			to := webhook.StatusInProgress
			if i%2 == 1 {
				to = webhook.StatusProcessingIssue
			}
			nd, err := einvTestMove(ss[n], d, to)
			switch {
			case err == nil:
				mu.Lock()
				winners = append(winners, nd)
				mu.Unlock()
			case !errors.Is(err, einvoice.ErrMoved):
				t.Errorf("a concurrent move: %v", err)
			}
		})
		if len(winners) != 1 {
			t.Fatalf("round %d: %d of 12 moves won, want 1", round, len(winners))
		}
		var got []string
		for {
			l := einvLease(time.Minute)
			ev, err := ss[round%3].NextEvent(ctx, c.WebhookID, l)
			if err != nil {
				t.Fatal(err)
			}
			if ev != nil {
				got = append(got, ev.Status)
				if err := ss[round%3].Delivered(ctx, ev); err != nil {
					t.Fatal(err)
				}
			}
			if err := ss[round%3].ReleaseOutbox(ctx, c.WebhookID, l.Owner); err != nil {
				t.Fatal(err)
			}
			if ev == nil {
				break
			}
		}
		if !slices.Equal(got, []string{webhook.StatusPending, winners[0].Status}) {
			t.Fatalf("round %d: events %v, want Pending and the winner's %s", round, got, winners[0].Status)
		}
		rec, err := ss[2].Document(ctx, "acme", d.DocumentID)
		if err != nil || rec.Status != winners[0].Status || len(rec.History) != 2 {
			t.Fatalf("round %d: the record %+v does not match the winner: %v", round, rec, err)
		}
	}
}

// TestEInvoiceSubmitAcrossNodes: one idempotency key submitted on three
// nodes at once makes one document, with one queue entry and one event.
func TestEInvoiceSubmitAcrossNodes(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 3)
	ss := []einvoice.Store{dbs[0].EInvoice(), dbs[1].EInvoice(), dbs[2].EInvoice()}
	einvTestConnect(t, ss[0], "acme", "s")
	for round := range 5 {
		key := fmt.Sprintf("order-%d", round)
		var mu sync.Mutex
		var created []string
		ids := map[string]bool{}
		together(3, 5, func(n, _ int) {
			d := einvTestDoc("acme")
			res, err := ss[n].Submit(ctx, einvoice.Submission{Document: d, Content: []byte("x"), IdempotencyKey: key, Event: einvTestEvent(d)})
			if err != nil {
				t.Errorf("Submit: %v", err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if res.Created {
				created = append(created, res.Document.DocumentID)
			} else if len(res.Notified) != 0 {
				t.Errorf("a repeat notified %v", res.Notified)
			}
			ids[res.Document.DocumentID] = true
		})
		if len(created) != 1 || len(ids) != 1 || !ids[created[0]] {
			t.Fatalf("round %d: created %v, answers name %d documents; want one", round, created, len(ids))
		}
	}
	var docs, contents, queued, events int
	err := dbs[0].pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM einvoice_documents), (SELECT count(*) FROM einvoice_contents),
		(SELECT count(*) FROM einvoice_queue), (SELECT count(*) FROM einvoice_outbox)`).Scan(&docs, &contents, &queued, &events)
	if err != nil {
		t.Fatal(err)
	}
	if docs != 5 || contents != 5 || queued != 5 || events != 5 {
		t.Fatalf("after 5 keys: %d documents, %d contents, %d queue entries, %d events; want 5 of each", docs, contents, queued, events)
	}
}

// TestEInvoiceDeleteConnectionAcrossNodes: while two nodes submit
// documents, a third deletes the connection: once the delete has
// returned, the connection has no events, and none joins it later.
func TestEInvoiceDeleteConnectionAcrossNodes(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 3)
	ss := []einvoice.Store{dbs[0].EInvoice(), dbs[1].EInvoice(), dbs[2].EInvoice()}
	c := einvTestConnect(t, ss[0], "acme", "s")
	var deleted atomic.Bool
	var late atomic.Int32 // submissions begun after the delete returned that notified c
	var wg sync.WaitGroup
	for n := 1; n <= 2; n++ {
		wg.Go(func() {
			for range 40 {
				after := deleted.Load()
				d := einvTestDoc("acme")
				res, err := ss[n].Submit(ctx, einvoice.Submission{Document: d, Content: []byte("x"), Event: einvTestEvent(d)})
				if err != nil {
					t.Error(err)
					return
				}
				if after && slices.Contains(res.Notified, c.WebhookID) {
					late.Add(1)
				}
			}
		})
	}
	time.Sleep(20 * time.Millisecond)
	if _, err := ss[0].DeleteConnection(ctx, "acme", c.WebhookID); err != nil {
		t.Fatal(err)
	}
	deleted.Store(true)
	count := func() int {
		var n int
		if err := dbs[0].pool.QueryRow(ctx, `SELECT count(*) FROM einvoice_outbox WHERE webhook_id = $1`, c.WebhookID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(); n != 0 {
		t.Fatalf("%d events of the deleted connection right after the delete", n)
	}
	wg.Wait()
	if n := count(); n != 0 || late.Load() != 0 {
		t.Fatalf("%d events of the deleted connection after the submissions, %d notified it after the delete", n, late.Load())
	}
	if ev, err := ss[1].NextEvent(ctx, c.WebhookID, einvLease(time.Minute)); ev != nil || err != nil {
		t.Fatalf("NextEvent of the deleted connection: %+v %v", ev, err)
	}
}

// TestEInvoiceConnectionLimitAcrossNodes: connections of one tenant
// created on three nodes at once stop at the limit.
func TestEInvoiceConnectionLimitAcrossNodes(t *testing.T) {
	ctx := context.Background()
	ss := einvNodes(t, 3)
	var made, refused atomic.Int32
	together(3, 4, func(n, _ int) {
		c := einvoice.ConnectionRecord{Connection: einvoice.Connection{WebhookID: einvoice.NewGUID(), TenantID: "acme",
			TargetURL: "https://hooks.example.com/", Events: einvoice.AllEvents}, Secret: einvTestSecret(t, "k1", "s")}
		switch _, err := ss[n].CreateConnection(ctx, c, einvoice.ConnectionKey{}, 3); {
		case err == nil:
			made.Add(1)
		case errors.Is(err, einvoice.ErrConnectionLimit):
			refused.Add(1)
		default:
			t.Error(err)
		}
	})
	list, err := ss[0].Connections(ctx, "acme")
	if err != nil || made.Load() != 3 || refused.Load() != 9 || len(list) != 3 {
		t.Fatalf("%d made, %d refused, %d listed (%v); want 3, 9, 3", made.Load(), refused.Load(), len(list), err)
	}
}

// einvPages returns the raw pages of the files of einvoice_connections,
// its heap and its TOAST table, as the server has them, through
// pageinspect; it skips the test when pageinspect is not installed.
func einvPages(t *testing.T, db *DB) []byte {
	t.Helper()
	ctx := context.Background()
	if _, err := db.pool.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS pageinspect WITH SCHEMA public`); err != nil {
		t.Skipf("pageinspect, which reads the table's pages, is not available: %v", err)
	}
	var toast string
	if err := db.pool.QueryRow(ctx, `SELECT reltoastrelid::regclass::text FROM pg_class WHERE oid = 'einvoice_connections'::regclass`).Scan(&toast); err != nil {
		t.Fatal(err)
	}
	var all []byte
	for _, rel := range []string{"einvoice_connections", toast} {
		rows, err := db.pool.Query(ctx, `SELECT public.get_raw_page($1::text, 'main', b)
			FROM generate_series(0, pg_relation_size($2::regclass) / current_setting('block_size')::bigint - 1) b`, rel, rel)
		if err != nil {
			t.Fatal(err)
		}
		pages, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			all = append(all, p...)
		}
	}
	return all
}

// einvSealed is how a sealed secret's bytes appear in the table.
func einvSealed(s string) []byte { return []byte(base64.StdEncoding.EncodeToString([]byte(s))) }

// TestEInvoiceResealAcrossNodes: three nodes reseal at once; each record
// is rewritten once, and afterwards no page of the table holds an earlier
// version's secret.
func TestEInvoiceResealAcrossNodes(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 3)
	ss := []einvoice.Store{dbs[0].EInvoice(), dbs[1].EInvoice(), dbs[2].EInvoice()}
	var olds []string
	for i := range 4 {
		old := fmt.Sprintf("old-sealed-secret-%d", i)
		olds = append(olds, old)
		einvTestConnect(t, ss[i%3], fmt.Sprintf("tenant-%d", i%2), old)
	}
	pages := einvPages(t, dbs[0])
	for _, old := range olds {
		if !bytes.Contains(pages, einvSealed(old)) {
			t.Fatalf("the pages do not hold the live secret %q: the check is blind", old)
		}
	}
	var total atomic.Int32
	together(3, 1, func(n, _ int) {
		k, err := ss[n].Reseal(ctx, func(rec *einvoice.ConnectionRecord) (bool, error) {
			if bytes.Contains(must(json.Marshal(rec.Secret)), []byte(`"k1"`)) {
				rec.Secret = einvTestSecret(t, "k2", "new-"+rec.WebhookID)
				return true, nil
			}
			return false, nil
		})
		if err != nil {
			t.Error(err)
		}
		total.Add(int32(k))
	})
	if total.Load() != 4 {
		t.Fatalf("the nodes rewrote %d records, want 4", total.Load())
	}
	pages = einvPages(t, dbs[1])
	for _, old := range olds {
		if bytes.Contains(pages, einvSealed(old)) {
			t.Errorf("a page of the table still holds the earlier secret %q", old)
		}
	}
	for _, c := range must(ss[2].Connections(ctx, "tenant-0")) {
		if !bytes.Contains(pages, einvSealed("new-"+c.WebhookID)) {
			t.Errorf("the pages lack the resealed secret of %s", c.WebhookID)
		}
	}
	var notes int
	if err := dbs[0].pool.QueryRow(ctx, `SELECT count(*) FROM einvoice_reseals`).Scan(&notes); err != nil || notes != 0 {
		t.Fatalf("%d rewrites still noted (%v), want 0", notes, err)
	}
}

// TestEInvoiceResealOldSnapshot: a snapshot older than the rewrite, held
// on another node, may still read the earlier versions: Reseal waits for
// it to end before it vacuums; when the wait is too short, the earlier
// versions stay in the pages until a later Reseal, which clears them.
func TestEInvoiceResealOldSnapshot(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 2)
	s := dbs[0].EInvoice().(*einvStore)
	c := einvTestConnect(t, s, "acme", "old-sealed-secret")
	reseal := func(keyID string) func(*einvoice.ConnectionRecord) (bool, error) {
		return func(rec *einvoice.ConnectionRecord) (bool, error) {
			if bytes.Contains(must(json.Marshal(rec.Secret)), []byte(`"`+keyID+`"`)) {
				return false, nil
			}
			rec.Secret = einvTestSecret(t, keyID, "sealed-under-"+keyID)
			return true, nil
		}
	}
	// oldSnapshot opens a transaction on node 1 whose snapshot predates
	// what follows, without touching the connections' table (so it holds
	// no lock on it).
	oldSnapshot := func() pgx.Tx {
		tx, err := dbs[1].pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, `SELECT count(*) FROM einvoice_documents`); err != nil {
			t.Fatal(err)
		}
		return tx
	}

	t.Run("waits", func(t *testing.T) {
		tx := oldSnapshot()
		defer tx.Rollback(ctx)
		done := make(chan error, 1)
		go func() {
			n, err := s.Reseal(ctx, reseal("k2"))
			if err == nil && n != 1 {
				err = fmt.Errorf("%d records rewritten, want 1", n)
			}
			done <- err
		}()
		select {
		case err := <-done:
			t.Fatalf("Reseal returned while an older snapshot was open: %v", err)
		case <-time.After(500 * time.Millisecond):
		}
		// The old snapshot still reads the earlier version.
		var secret []byte
		if err := tx.QueryRow(ctx, `SELECT secret FROM einvoice_connections WHERE webhook_id = $1`, c.WebhookID).Scan(&secret); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(secret, einvSealed("old-sealed-secret")) {
			t.Fatalf("the old snapshot reads %s", secret)
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(einvPages(t, dbs[0]), einvSealed("old-sealed-secret")) {
			t.Fatal("a page still holds the earlier secret")
		}
	})

	t.Run("too short a wait", func(t *testing.T) {
		s.vacuumWait = 100 * time.Millisecond
		tx := oldSnapshot()
		defer tx.Rollback(ctx)
		if n, err := s.Reseal(ctx, reseal("k3")); n != 1 || err != nil {
			t.Fatalf("Reseal: %d %v", n, err)
		}
		if !bytes.Contains(einvPages(t, dbs[0]), einvSealed("sealed-under-k2")) {
			t.Fatal("the version an open snapshot may read is gone from the pages: the check is blind")
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		// Nothing to change, but the rewrite is still noted: the next
		// Reseal vacuums. It gets the wait levy serve gives, which ends
		// as soon as no snapshot predates the rewrite: on a busy host
		// another session's statement (a node's background work, an
		// autovacuum's analyze) may hold one for more than 100 ms, and
		// the vacuum would then keep the version it may read.
		s.vacuumWait = 30 * time.Second
		if n, err := s.Reseal(ctx, reseal("k3")); n != 0 || err != nil {
			t.Fatalf("Reseal: %d %v", n, err)
		}
		pages := einvPages(t, dbs[0])
		if bytes.Contains(pages, einvSealed("sealed-under-k2")) || !bytes.Contains(pages, einvSealed("sealed-under-k3")) {
			t.Fatal("after the second Reseal, the pages do not hold only the latest secret")
		}
	})
}

// must returns v, panicking on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestEInvoiceUnavailable: once the database cannot be reached, the
// store answers EUnavailable (503 over HTTP), its checks included.
func TestEInvoiceUnavailable(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	s := db.EInvoice()
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatalf("CheckWrite: %v", err)
	}
	d := einvTestSubmit(t, s, "acme")
	db.Close()
	for what, err := range map[string]error{
		"Submit":     second(s.Submit(ctx, einvoice.Submission{Document: einvTestDoc("acme"), Content: []byte("x")})),
		"Document":   second(s.Document(ctx, "acme", d.DocumentID)),
		"Claim":      s.Claim(ctx, d.DocumentID, einvLease(time.Minute)),
		"CheckWrite": s.CheckWrite(ctx),
		"Reseal":     second(s.Reseal(ctx, func(*einvoice.ConnectionRecord) (bool, error) { return false, nil })),
	} {
		if levy.ErrorCode(err) != levy.EUnavailable {
			t.Errorf("%s after the pool closed: %v, want unavailable", what, err)
		}
	}
}

// second returns the error of a call that returns a value and an error.
func second[T any](_ T, err error) error { return err }

// einvHook is a webhook receiver on loopback, built with package
// webhook, that records the statuses of each document in the order its
// signed events arrived (once per Idempotency-Key).
type einvHook struct {
	url, secret string

	mu  sync.Mutex
	got map[string][]string
}

func newEInvHook(t testing.TB) *einvHook {
	t.Helper()
	b := make([]byte, 36)
	_, _ = rand.Read(b)
	h := &einvHook{secret: base64.RawURLEncoding.EncodeToString(b), got: map[string][]string{}}
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	h.url = srv.URL + "/levy"
	rcv, err := webhook.NewReceiver([]byte(h.secret), h.url, func(_ context.Context, ev webhook.Event, _ []byte) error {
		h.mu.Lock()
		h.got[ev.DocumentID] = append(h.got[ev.DocumentID], ev.Status)
		h.mu.Unlock()
		return nil
	}, webhook.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/levy", rcv)
	return h
}

// await waits until every document of ids has n events, for at most d.
func (h *einvHook) await(t testing.TB, ids []string, n int, d time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(d); ; time.Sleep(2 * time.Millisecond) {
		h.mu.Lock()
		done := 0
		for _, id := range ids {
			if len(h.got[id]) >= n {
				done++
			}
		}
		h.mu.Unlock()
		if done == len(ids) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d documents have their %d events", done, len(ids), n)
		}
	}
}

// einvServices starts an e-invoicing service on each store, all at once
// as nodes starting together do, and closes them when t ends.
func einvServices(t *testing.T, ss []einvoice.Store, keys *einvoice.SecretKeys) []*einvoice.Service {
	t.Helper()
	out := make([]*einvoice.Service, len(ss))
	errs := make([]error, len(ss))
	together(len(ss), 1, func(n, _ int) {
		out[n], errs[n] = einvoice.New(context.Background(), ss[n], einvoice.Config{OutboxDir: t.TempDir(), AllowPrivateTargets: true,
			MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond, Secrets: keys})
	})
	for n, err := range errs {
		if err != nil {
			t.Fatalf("node %d: %v", n, err)
		}
		t.Cleanup(func() { out[n].Close() })
	}
	return out
}

// TestEInvoiceServicesAcrossNodes runs e-invoicing on three nodes over one
// database. A connection made while secrets were in clear is resealed by
// the nodes starting with a key, and no page of the connections' table
// keeps the secret in clear. Documents submitted on every node are
// processed, and each one's three events reach the receiver once each, in
// the order of its statuses, whichever node sent them.
func TestEInvoiceServicesAcrossNodes(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	dbs := nodes(t, 3)
	h := newEInvHook(t)

	clear := dbs[0].EInvoice()
	svc := einvServices(t, []einvoice.Store{clear}, nil)[0]
	if _, err := svc.CreateConnection(ctx, einvoice.NewConnection{TargetURL: h.url, SecretKey: h.secret, Events: einvoice.AllEvents}); err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(svc.Close(), clear.Close()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(einvPages(t, dbs[0]), []byte(h.secret)) {
		t.Fatal("without a key the secret should be in clear in the pages: the check is blind")
	}

	raw := make([]byte, einvoice.SecretKeySize)
	_, _ = rand.Read(raw)
	key, err := einvoice.NewSecretKey(raw)
	if err != nil {
		t.Fatal(err)
	}
	ss := []einvoice.Store{dbs[0].EInvoice(), dbs[1].EInvoice(), dbs[2].EInvoice()}
	svcs := einvServices(t, ss, &einvoice.SecretKeys{Current: key})
	if bytes.Contains(einvPages(t, dbs[1]), []byte(h.secret)) {
		t.Fatal("a page of the connections' table holds the secret in clear after the nodes resealed it")
	}

	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var ids []string
	together(3, 5, func(n, _ int) {
		for range 2 {
			d, _, err := svcs[n].Submit(ctx, doc, "")
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			ids = append(ids, d.DocumentID)
			mu.Unlock()
		}
	})
	want := []string{webhook.StatusPending, webhook.StatusInProgress, webhook.StatusCompleted}
	h.await(t, ids, len(want), 30*time.Second)
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, id := range ids {
		if !slices.Equal(h.got[id], want) {
			t.Errorf("document %s: events %v, want %v", id, h.got[id], want)
		}
	}
}

// TestEInvoiceIdempotencyKeyBeforeDigests: a key stored before the
// column content_sha256 was added (NULL there) still answers a repeat of
// its document with the first record, and refuses another document under
// it (409, Idempotency-Key): the service compares with the digest of the
// first document's record. A key stored now holds its digest.
func TestEInvoiceIdempotencyKeyBeforeDigests(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	db := openTest(t)
	svc, err := einvoice.New(context.Background(), db.EInvoice(), einvoice.Config{OutboxDir: t.TempDir(), AllowPrivateTargets: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	first, created, err := svc.Submit(ctx, doc, "order-2025-17")
	if err != nil || !created {
		t.Fatalf("first: %v %v", created, err)
	}
	var stored *string
	if err := db.pool.QueryRow(ctx, `SELECT content_sha256 FROM einvoice_idempotency_keys WHERE tenant = 'acme' AND idempotency_key = 'order-2025-17'`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored == nil || *stored != first.SHA256 {
		t.Errorf("the key holds digest %v, want %s", stored, first.SHA256)
	}
	// The key as a Levy that had no column for digests wrote it.
	if _, err := db.pool.Exec(ctx, `UPDATE einvoice_idempotency_keys SET content_sha256 = NULL`); err != nil {
		t.Fatal(err)
	}
	again, created, err := svc.Submit(ctx, doc, "order-2025-17")
	if err != nil || created || again.DocumentID != first.DocumentID {
		t.Fatalf("the same document under the old key: %+v %v %v", again, created, err)
	}
	other := bytes.Replace(doc, []byte("LVY-2026-0042"), []byte("LVY-2026-0043"), 1)
	_, _, err = svc.Submit(ctx, other, "order-2025-17")
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EConflict || le.Field != "Idempotency-Key" {
		t.Fatalf("another document under the old key: %v", err)
	}
	var docs int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM einvoice_documents`).Scan(&docs); err != nil || docs != 1 {
		t.Fatalf("%d documents stored (%v), want 1", docs, err)
	}
}
