package badger

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// crashEInvoiceStatuses are the statuses each document of the
// e-invoicing crash test goes through, one step each: submitted, taken
// up, completed (which dequeues it).
var crashEInvoiceStatuses = []string{webhook.StatusPending, webhook.StatusInProgress, webhook.StatusCompleted}

// crashEInvoiceHook is the webhook of the e-invoicing crash test, which
// selects every status.
const crashEInvoiceHook = "crash-hook"

// crashEvent is the event of d's status.
func crashEvent(d *einvoice.Document) einvoice.StatusEvent {
	body := fmt.Appendf(nil, `{"documentId":%q,"status":%q}`, d.DocumentID, d.Status)
	return einvoice.StatusEvent{Body: body, BodyWithMetadata: body, At: time.Now()}
}

// openCrashEInvoice opens the e-invoicing store of a crash test's child
// in dir and, in its first round, makes the webhook crashEInvoiceHook
// that selects every status.
func openCrashEInvoice(ctx context.Context, dir string, round int) *EInvoiceStore {
	s, err := OpenEInvoice(ctx, dir)
	if err != nil {
		childFail("open failed: %v", err)
	}
	if round == 0 {
		var sec einvoice.SealedSecret
		if err := json.Unmarshal([]byte(`{"keyId":"k1","nonce":"bm9uY2U=","sealed":"c2VjcmV0"}`), &sec); err != nil {
			childFail("secret: %v", err)
		}
		c := einvoice.ConnectionRecord{Secret: sec, Connection: einvoice.Connection{WebhookID: crashEInvoiceHook, TenantID: crashTenant,
			TargetURL: "https://hooks.example.com/crash", Events: einvoice.Events{All: true}, CreatedAt: time.Now()}}
		if _, err := s.CreateConnection(ctx, c, einvoice.ConnectionKey{}, einvoice.MaxConnections); err != nil {
			childFail("connect: %v", err)
		}
	}
	return s
}

// crashSubmit submits a Pending document id to s with its event, as a
// crash test's child does, and returns it.
func crashSubmit(ctx context.Context, s *EInvoiceStore, id string) *einvoice.Document {
	at := time.Now()
	d := &einvoice.Document{DocumentID: id, TenantID: crashTenant, DocumentNumber: "INV-" + id,
		Status: webhook.StatusPending, TransmissionDirection: einvoice.DirectionOutbound, TransmissionDateTime: at,
		SizeBytes: 7, SHA256: "0f", History: []einvoice.Transition{{Status: webhook.StatusPending, At: at}}}
	res, err := s.Submit(ctx, einvoice.Submission{Document: d, Content: []byte("<doc " + id + "/>"), Event: crashEvent(d)})
	if err != nil || !res.Created {
		childFail("submit %s: %+v %v", id, res, err)
	}
	return d
}

// TestCrashEInvoiceChild submits documents and moves each through
// crashEInvoiceStatuses from 4 goroutines, printing "ack <id> <step>"
// after each step (from 1), until it is killed. It runs only as the
// child of TestCrashEInvoiceOutbox.
func TestCrashEInvoiceChild(t *testing.T) {
	dir, round, ok := crashChild(t)
	if !ok {
		return
	}
	ctx := context.Background()
	s := openCrashEInvoice(ctx, dir, round)
	var out ackWriter
	for g := range 4 {
		go func() {
			for i := 0; ; i++ {
				id := fmt.Sprintf("E%03d-%02d-%06d", round, g, i)
				d := crashSubmit(ctx, s, id)
				out.ack("%s 1", id)
				for step, to := range crashEInvoiceStatuses[1:] {
					nd := *d
					nd.Status = to
					nd.History = append(slices.Clone(d.History), einvoice.Transition{Status: to, At: time.Now()})
					if _, err := s.Move(ctx, einvoice.Move{From: d.Status, Document: &nd, Dequeue: einvoice.Final(to), Event: crashEvent(&nd)}); err != nil {
						childFail("move %s to %s: %v", id, to, err)
					}
					d = &nd
					out.ack("%s %d", id, step+2)
				}
			}
		}()
	}
	time.Sleep(crashChildBound)
	os.Exit(3)
}

// TestCrashEInvoiceOutbox kills a process that submits documents and
// moves them through their statuses, each move queueing an event for a
// webhook, and checks after each kill that every document is in the
// status of its last acknowledged step (or of the step under way), that
// the work queue holds exactly the documents not completed, and that
// the webhook's outbox holds exactly one event of each status each
// document entered, in order: no move half applied, no event lost or
// doubled.
func TestCrashEInvoiceOutbox(t *testing.T) {
	rounds := crashRounds(t)
	dir := t.TempDir()
	ctx := context.Background()
	acked := map[string]int{}
	for r := range rounds {
		for _, a := range runCrashChild(t, "TestCrashEInvoiceChild", dir, r, crashDelay(r), ackedIDs(20)) {
			id, step, ok := strings.Cut(a, " ")
			n, err := strconv.Atoi(step)
			if !ok || err != nil {
				t.Fatalf("the child acknowledged %q", a)
			}
			acked[id] = max(acked[id], n)
		}
		s, err := OpenEInvoice(ctx, dir)
		if err != nil {
			t.Fatalf("round %d: reopening after the kill: %v", r, err)
		}
		// The events of the outbox, each document's in order; each is
		// delivered as it is read, so that a round reads its own.
		events := map[string][]string{}
		lease := einvoice.Lease{Owner: "crash-test", Term: time.Minute}
		for {
			ev, err := s.NextEvent(ctx, crashEInvoiceHook, lease)
			if err != nil {
				t.Fatalf("round %d: next event: %v", r, err)
			}
			if ev == nil {
				break
			}
			events[ev.DocumentID] = append(events[ev.DocumentID], ev.Status)
			if err := s.Delivered(ctx, ev); err != nil {
				t.Fatalf("round %d: delivered: %v", r, err)
			}
		}
		queue, err := s.Queue(ctx)
		if err != nil {
			t.Fatal(err)
		}
		queued := map[string]bool{}
		for _, q := range queue {
			queued[q.DocumentID] = true
		}
		prefix := fmt.Sprintf("E%03d-", r)
		for id := range events {
			if _, ok := acked[id]; !ok && strings.HasPrefix(id, prefix) {
				acked[id] = 0 // submitted, not acknowledged
			}
		}
		for id, step := range acked {
			if !strings.HasPrefix(id, prefix) {
				continue // a document of an earlier round, checked then
			}
			d, err := s.Document(ctx, crashTenant, id)
			if err != nil {
				if step == 0 {
					continue
				}
				t.Fatalf("round %d: %s, acknowledged to step %d, is lost: %v", r, id, step, err)
			}
			k := slices.Index(crashEInvoiceStatuses, d.Status) + 1
			if k < step || k > step+1 {
				t.Fatalf("round %d: %s, acknowledged to step %d, is %s", r, id, step, d.Status)
			}
			if want := crashEInvoiceStatuses[:k]; !slices.Equal(events[id], want) {
				t.Fatalf("round %d: %s is %s, its events are %q, want %q", r, id, d.Status, events[id], want)
			}
			if final := d.Status == webhook.StatusCompleted; queued[id] == final {
				t.Fatalf("round %d: %s is %s, and in the work queue: %v", r, id, d.Status, queued[id])
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if len(acked) < 20 {
		t.Fatalf("the children acknowledged steps of only %d documents", len(acked))
	}
	t.Logf("%d rounds, %d documents, every one with its events", rounds, len(acked))
}
