package einvoicetest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// Run runs the suite: each subtest opens a new, empty store with open,
// and closes it when it ends (so a store's Close must accept a second
// call). Subtests do not run in parallel with each other.
func Run(t *testing.T, open func(t *testing.T) einvoice.Store) {
	for _, tc := range []struct {
		name string
		fn   func(t *testing.T, s einvoice.Store)
	}{
		{"SubmitAndRead", testSubmitAndRead},
		{"SubmitIdempotencyKey", testSubmitIdempotencyKey},
		{"SubmitQueuesEvents", testSubmitQueuesEvents},
		{"NotifyOnce", testNotifyOnce},
		{"TenantIsolation", testTenantIsolation},
		{"MoveCompareAndSet", testMoveCompareAndSet},
		{"MoveConcurrent", testMoveConcurrent},
		{"QueueLeases", testQueueLeases},
		{"Connections", testConnections},
		{"ConnectionIdempotencyKey", testConnectionIdempotencyKey},
		{"ConnectionIdempotencyKeyAtOnce", testConnectionIdempotencyKeyAtOnce},
		{"DeleteConnectionDropsEvents", testDeleteConnectionDropsEvents},
		{"OutboxOrder", testOutboxOrder},
		{"OutboxLeases", testOutboxLeases},
		{"LeaseTerms", testLeaseTerms},
		{"DeadLettersAndReplay", testDeadLettersAndReplay},
		{"DeadLetterPages", testDeadLetterPages},
		{"DeadLetterWithoutDeadAt", testDeadLetterWithoutDeadAt},
		{"DropDeadLetter", testDropDeadLetter},
		{"Counts", testCounts},
		{"BuryGoneEvent", testBuryGoneEvent},
		{"OutcomeNeedsLease", testOutcomeNeedsLease},
		{"DropEvents", testDropEvents},
		{"RetryByStoreClock", testRetryByStoreClock},
		{"ReplaceSecret", testReplaceSecret},
		{"ReplaceSecretRacesDelete", testReplaceSecretRacesDelete},
		{"Reseal", testReseal},
		{"Close", testClose},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tc.fn(t, s)
		})
	}
}

// now is a time as a store keeps it: UTC, to the microsecond.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// newDocument returns a Pending document of tenant.
func newDocument(tenant string) *einvoice.Document {
	at := now()
	return &einvoice.Document{DocumentID: einvoice.NewGUID(), TenantID: tenant, DocumentNumber: "INV-1",
		Status: webhook.StatusPending, TransmissionDirection: einvoice.DirectionOutbound, TransmissionDateTime: at,
		SizeBytes: 7, SHA256: "0f", History: []einvoice.Transition{{Status: webhook.StatusPending, At: at}}}
}

// statusEvent returns the event of d's status, its bodies naming the
// document and the status.
func statusEvent(d *einvoice.Document) einvoice.StatusEvent {
	body := fmt.Sprintf(`{"documentId":%q,"status":%q}`, d.DocumentID, d.Status)
	meta := fmt.Sprintf(`{"documentId":%q,"status":%q,"metadata":{}}`, d.DocumentID, d.Status)
	return einvoice.StatusEvent{Body: []byte(body), BodyWithMetadata: []byte(meta), At: now()}
}

// submit stores a new document of tenant and returns it.
func submit(t *testing.T, s einvoice.Store, tenant string) *einvoice.Document {
	t.Helper()
	d := newDocument(tenant)
	res, err := s.Submit(context.Background(), einvoice.Submission{Document: d, Content: []byte("<doc " + d.DocumentID + "/>"), Event: statusEvent(d)})
	if err != nil || !res.Created {
		t.Fatalf("Submit: %+v %v", res, err)
	}
	return d
}

// move moves d to status to, from its current status, and returns the
// new record.
func move(t *testing.T, s einvoice.Store, d *einvoice.Document, to string) *einvoice.Document {
	t.Helper()
	nd, _, err := tryMove(s, d, to)
	if err != nil {
		t.Fatalf("Move %s to %s: %v", d.Status, to, err)
	}
	return nd
}

// tryMove moves d to status to, from its current status.
func tryMove(s einvoice.Store, d *einvoice.Document, to string) (*einvoice.Document, []string, error) {
	nd := *d
	nd.History = append(slices.Clone(d.History), einvoice.Transition{Status: to, At: now()})
	nd.Status = to
	notified, err := s.Move(context.Background(), einvoice.Move{From: d.Status, Document: &nd, Dequeue: einvoice.Final(to), Event: statusEvent(&nd)})
	return &nd, notified, err
}

// secret returns an opaque sealed secret whose JSON form says s.
func secret(t *testing.T, s string) einvoice.SealedSecret {
	t.Helper()
	var sec einvoice.SealedSecret
	if err := json.Unmarshal([]byte(s), &sec); err != nil {
		t.Fatal(err)
	}
	return sec
}

// connect stores a connection of tenant and returns it.
func connect(t *testing.T, s einvoice.Store, tenant string, events einvoice.Events, meta bool) einvoice.ConnectionRecord {
	t.Helper()
	c := einvoice.ConnectionRecord{
		Connection: einvoice.Connection{WebhookID: einvoice.NewGUID(), TenantID: tenant, TargetURL: "https://hooks.example.com/" + tenant,
			Events: events, IncludeMetadata: meta, CreatedAt: now()},
		Secret: secret(t, `{"keyId":"k1","nonce":"bm9uY2U=","sealed":"`+base64.StdEncoding.EncodeToString([]byte(tenant))+`"}`),
	}
	if res, err := s.CreateConnection(context.Background(), c, einvoice.ConnectionKey{}, einvoice.MaxConnections); err != nil || !res.Created {
		t.Fatalf("CreateConnection: %+v %v", res, err)
	}
	return c
}

// newConnection returns a connection of tenant, not stored.
func newConnection(t *testing.T, tenant string) einvoice.ConnectionRecord {
	t.Helper()
	return einvoice.ConnectionRecord{
		Connection: einvoice.Connection{WebhookID: einvoice.NewGUID(), TenantID: tenant, TargetURL: "https://hooks.example.com/" + tenant,
			Events: einvoice.AllEvents, CreatedAt: now()},
		Secret: secret(t, `{"keyId":"k1","nonce":"bm9uY2U=","sealed":"`+base64.StdEncoding.EncodeToString([]byte(tenant))+`"}`),
	}
}

// lease returns a lease of a new owner, an hour long.
func lease() einvoice.Lease {
	return einvoice.Lease{Owner: einvoice.NewGUID(), Term: time.Hour}
}

// next returns the head of a connection's queue under a new lease, and
// releases the lease.
func next(t *testing.T, s einvoice.Store, webhookID string) *einvoice.OutboxEvent {
	t.Helper()
	l := lease()
	ev, err := s.NextEvent(context.Background(), webhookID, l)
	if err != nil {
		t.Fatalf("NextEvent: %v", err)
	}
	if err := s.ReleaseOutbox(context.Background(), webhookID, l.Owner); err != nil {
		t.Fatalf("ReleaseOutbox: %v", err)
	}
	return ev
}

// settle takes the head of a connection's queue under a new lease,
// calls write with it (which records its outcome: Delivered, Retry or
// Bury) while the lease holds, then releases the lease, and returns the
// head; nil, without calling write, when the queue is empty.
func settle(t *testing.T, s einvoice.Store, webhookID string, write func(ev *einvoice.OutboxEvent) error) *einvoice.OutboxEvent {
	t.Helper()
	l := lease()
	ev, err := s.NextEvent(context.Background(), webhookID, l)
	if err != nil {
		t.Fatalf("NextEvent: %v", err)
	}
	if ev != nil {
		if err := write(ev); err != nil {
			t.Fatalf("the outcome of event %s: %v", ev.EventID, err)
		}
	}
	if err := s.ReleaseOutbox(context.Background(), webhookID, l.Owner); err != nil {
		t.Fatalf("ReleaseOutbox: %v", err)
	}
	return ev
}

// waited checks that ev, the head of a queue that NextEvent returned
// after a Retry with delay, waits more than nothing and at most delay,
// and returns it with its Wait cleared, to be compared with the event
// given to Retry.
func waited(t *testing.T, ev *einvoice.OutboxEvent, delay time.Duration) *einvoice.OutboxEvent {
	t.Helper()
	if ev == nil {
		t.Fatal("no event at the head of the queue")
	}
	if ev.Wait <= 0 || ev.Wait > delay {
		t.Errorf("the head of the queue waits %v after a retry in %v, want more than 0 and at most %v", ev.Wait, delay, delay)
	}
	c := *ev
	c.Wait = 0
	return &c
}

// drain delivers every event of a connection and returns them, in the
// order NextEvent gave them.
func drain(t *testing.T, s einvoice.Store, webhookID string) []*einvoice.OutboxEvent {
	t.Helper()
	var out []*einvoice.OutboxEvent
	for range 1000 {
		ev := settle(t, s, webhookID, func(ev *einvoice.OutboxEvent) error { return s.Delivered(context.Background(), ev) })
		if ev == nil {
			return out
		}
		out = append(out, ev)
	}
	t.Fatal("the queue does not empty")
	return nil
}

// sameJSON fails unless got and want have the same JSON.
func sameJSON(t *testing.T, what string, got, want any) {
	t.Helper()
	g, err1 := json.Marshal(got)
	w, err2 := json.Marshal(want)
	if err1 != nil || err2 != nil || !bytes.Equal(g, w) {
		t.Fatalf("%s:\n got %s\nwant %s", what, g, w)
	}
}

// wantCode fails unless err is a *levy.Error of code and field.
func wantCode(t *testing.T, what string, err error, code, field string) {
	t.Helper()
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != code || le.Field != field {
		t.Fatalf("%s: %v, want a %s error of %q", what, err, code, field)
	}
}

// queued reports whether a document is in the work queue, of tenant.
func queued(t *testing.T, s einvoice.Store, id, tenant string) bool {
	t.Helper()
	q, err := s.Queue(context.Background())
	if err != nil {
		t.Fatalf("Queue: %v", err)
	}
	for _, e := range q {
		if e.DocumentID == id {
			if e.Tenant != tenant {
				t.Fatalf("queue entry %+v, want tenant %s", e, tenant)
			}
			return true
		}
	}
	return false
}

func testSubmitAndRead(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	d := newDocument("acme")
	content := []byte("<Invoice>one</Invoice>")
	res, err := s.Submit(ctx, einvoice.Submission{Document: d, Content: content, Event: statusEvent(d)})
	if err != nil || !res.Created || res.Document.DocumentID != d.DocumentID {
		t.Fatalf("Submit: %+v %v", res, err)
	}
	got, err := s.Document(ctx, "acme", d.DocumentID)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "the stored record", got, d)
	if c, err := s.Content(ctx, "acme", d.DocumentID); err != nil || !bytes.Equal(c, content) {
		t.Fatalf("Content: %q %v", c, err)
	}
	if !queued(t, s, d.DocumentID, "acme") {
		t.Fatal("a submitted document is not in the work queue")
	}
	wantCode(t, "an unknown document", second(s.Document(ctx, "acme", einvoice.NewGUID())), levy.ENotFound, "documentId")
	wantCode(t, "the content of an unknown document", second(s.Content(ctx, "acme", einvoice.NewGUID())), levy.ENotFound, "documentId")
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatalf("CheckWrite: %v", err)
	}
}

// second returns the error of a call that returns a value and an error.
func second[T any](_ T, err error) error { return err }

// digest is the digest of content as the service computes it: hex
// SHA-256.
func digest(content string) string {
	sum := sha256.Sum256([]byte(content))
	return hex.EncodeToString(sum[:])
}

func testSubmitIdempotencyKey(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	first := newDocument("acme")
	res, err := s.Submit(ctx, einvoice.Submission{Document: first, Content: []byte("one"), IdempotencyKey: "order-77", Digest: digest("one"), Event: statusEvent(first)})
	if err != nil || !res.Created {
		t.Fatalf("first: %+v %v", res, err)
	}
	// The same document again, then another one under the key: each
	// answer is the first submission's record with the first
	// submission's digest, which the service compares with its own.
	same := newDocument("acme")
	res, err = s.Submit(ctx, einvoice.Submission{Document: same, Content: []byte("one"), IdempotencyKey: "order-77", Digest: digest("one"), Event: statusEvent(same)})
	if err != nil || res.Created || len(res.Notified) != 0 || res.Digest != digest("one") {
		t.Fatalf("the same document again: %+v %v", res, err)
	}
	sameJSON(t, "the answer to the same document", res.Document, first)
	again := newDocument("acme")
	res, err = s.Submit(ctx, einvoice.Submission{Document: again, Content: []byte("two"), IdempotencyKey: "order-77", Digest: digest("two"), Event: statusEvent(again)})
	if err != nil || res.Created || len(res.Notified) != 0 {
		t.Fatalf("repeat: %+v %v", res, err)
	}
	if res.Digest != digest("one") {
		t.Errorf("the repeat's answer carries digest %q, want the first submission's %q", res.Digest, digest("one"))
	}
	sameJSON(t, "the repeat's answer", res.Document, first)
	// The repeat wrote nothing: no record, no content, no queue entry, no
	// event.
	wantCode(t, "the repeat's record", second(s.Document(ctx, "acme", again.DocumentID)), levy.ENotFound, "documentId")
	wantCode(t, "the repeat's content", second(s.Content(ctx, "acme", again.DocumentID)), levy.ENotFound, "documentId")
	if queued(t, s, again.DocumentID, "acme") {
		t.Error("the repeat is in the work queue")
	}
	if evs := drain(t, s, c.WebhookID); len(evs) != 1 || evs[0].DocumentID != first.DocumentID {
		t.Errorf("events after a repeat: %d", len(evs))
	}
	// The repeat of the same document wrote nothing either.
	wantCode(t, "the same document's record", second(s.Document(ctx, "acme", same.DocumentID)), levy.ENotFound, "documentId")
	// A key is the tenant's own, with its own digest.
	other := newDocument("globex")
	res, err = s.Submit(ctx, einvoice.Submission{Document: other, Content: []byte("three"), IdempotencyKey: "order-77", Digest: digest("three"), Event: statusEvent(other)})
	if err != nil || !res.Created || res.Document.DocumentID != other.DocumentID {
		t.Fatalf("another tenant's key: %+v %v", res, err)
	}
	res, err = s.Submit(ctx, einvoice.Submission{Document: newDocument("globex"), Content: []byte("four"), IdempotencyKey: "order-77", Digest: digest("four"), Event: statusEvent(other)})
	if err != nil || res.Created || res.Document.DocumentID != other.DocumentID || res.Digest != digest("three") {
		t.Fatalf("another tenant's repeat: %+v %v", res, err)
	}
}

func testSubmitQueuesEvents(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	all := connect(t, s, "acme", einvoice.AllEvents, true)
	final := connect(t, s, "acme", einvoice.Events{Statuses: []string{webhook.StatusCompleted}}, false)
	plain := connect(t, s, "acme", einvoice.Events{Statuses: []string{webhook.StatusPending}}, false)
	other := connect(t, s, "globex", einvoice.AllEvents, false)
	d := newDocument("acme")
	ev := statusEvent(d)
	res, err := s.Submit(ctx, einvoice.Submission{Document: d, Content: []byte("x"), Event: ev})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := slices.Sorted(slices.Values(res.Notified)), slices.Sorted(slices.Values([]string{all.WebhookID, plain.WebhookID})); !slices.Equal(got, want) {
		t.Errorf("notified %v, want %v", got, want)
	}
	for _, c := range []struct {
		conn einvoice.ConnectionRecord
		body []byte
	}{{all, ev.BodyWithMetadata}, {plain, ev.Body}} {
		got := next(t, s, c.conn.WebhookID)
		if got == nil {
			t.Fatalf("connection %s has no event", c.conn.WebhookID)
		}
		want := einvoice.OutboxEvent{EventID: got.EventID, Tenant: "acme", WebhookID: c.conn.WebhookID, DocumentID: d.DocumentID,
			Status: webhook.StatusPending, Body: c.body, CreatedAt: ev.At, NextAttempt: ev.At, Seq: got.Seq}
		sameJSON(t, "the queued event", got, want)
		if !einvoice.IsGUID(got.EventID) {
			t.Errorf("event ID %q", got.EventID)
		}
	}
	for _, c := range []einvoice.ConnectionRecord{final, other} {
		if got := next(t, s, c.WebhookID); got != nil {
			t.Errorf("connection %s got an event it does not select: %+v", c.WebhookID, got)
		}
	}
	ids, err := s.Outboxes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := slices.Sorted(slices.Values(ids)), slices.Sorted(slices.Values([]string{all.WebhookID, plain.WebhookID})); !slices.Equal(got, want) {
		t.Errorf("Outboxes %v, want %v", got, want)
	}
}

func testNotifyOnce(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	listing := connect(t, s, "acme", einvoice.Events{Statuses: []string{webhook.EventCertificateExpiring}}, false)
	both := connect(t, s, "acme", einvoice.Events{All: true, Statuses: []string{webhook.EventCertificateExpiring}}, true)
	all := connect(t, s, "acme", einvoice.AllEvents, false)
	other := connect(t, s, "globex", einvoice.Events{Statuses: []string{webhook.EventCertificateExpiring}}, false)
	at := now()
	n := einvoice.Notice{Tenant: "acme", Status: webhook.EventCertificateExpiring, Key: "certificate/C-1/TX-1/2026-12-01",
		Subject: "certificate C-1/TX-1", Body: []byte(`{"status":"Certificate Expiring"}`), At: at}
	notified, queued, err := s.Notify(ctx, n)
	if err != nil || !queued {
		t.Fatalf("the first notice: queued %v, %v", queued, err)
	}
	if got, want := slices.Sorted(slices.Values(notified)), slices.Sorted(slices.Values([]string{listing.WebhookID, both.WebhookID})); !slices.Equal(got, want) {
		t.Errorf("notified %v, want the connections that list the status, %v", got, want)
	}
	for _, c := range []einvoice.ConnectionRecord{listing, both} {
		got := drain(t, s, c.WebhookID)
		if len(got) != 1 {
			t.Fatalf("connection %s has %d events", c.WebhookID, len(got))
		}
		want := einvoice.OutboxEvent{EventID: got[0].EventID, Tenant: "acme", WebhookID: c.WebhookID, DocumentID: n.Subject,
			Status: n.Status, Body: n.Body, CreatedAt: at, NextAttempt: at, Seq: got[0].Seq}
		sameJSON(t, "the notice's event", got[0], want)
	}
	for _, c := range []einvoice.ConnectionRecord{all, other} {
		if got := next(t, s, c.WebhookID); got != nil {
			t.Errorf("connection %s got a notice it does not select: %+v", c.WebhookID, got)
		}
	}
	// The same key again, at once from many callers: queued by none.
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if notified, queued, err := s.Notify(ctx, n); err != nil || queued || len(notified) != 0 {
				t.Errorf("the notice again: %v %v %v", notified, queued, err)
			}
		}()
	}
	wg.Wait()
	if got := next(t, s, listing.WebhookID); got != nil {
		t.Errorf("the notice was queued twice: %+v", got)
	}
	// Another key, and the same key of another tenant, are notices of
	// their own; a key is recorded when no connection selects it.
	fresh := n
	fresh.Key = "certificate/C-1/TX-1/2027-12-01"
	if _, queued, err := s.Notify(ctx, fresh); err != nil || !queued {
		t.Errorf("another key: %v %v", queued, err)
	}
	g := n
	g.Tenant = "globex"
	if notified, queued, err := s.Notify(ctx, g); err != nil || !queued || len(notified) != 1 || notified[0] != other.WebhookID {
		t.Errorf("another tenant's key: %v %v %v", notified, queued, err)
	}
	none := n
	none.Tenant, none.Key = "initech", "k"
	for i, want := range []bool{true, false} {
		if notified, queued, err := s.Notify(ctx, none); err != nil || queued != want || len(notified) != 0 {
			t.Errorf("a tenant without connections, notice %d: %v %v %v", i+1, notified, queued, err)
		}
	}
	// Many notices at once, of keys of their own: each queued once.
	var count sync.Map
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := n
			m.Key = fmt.Sprintf("race-%d", i%4)
			_, queued, err := s.Notify(ctx, m)
			if err != nil {
				t.Error(err)
			}
			if queued {
				if _, dup := count.LoadOrStore(m.Key, true); dup {
					t.Errorf("key %s queued twice", m.Key)
				}
			}
		}()
	}
	wg.Wait()
	if evs := drain(t, s, listing.WebhookID); len(evs) != 5 {
		t.Errorf("the connection got %d notices, want 5 (another key and four of the race)", len(evs))
	}
}

func testTenantIsolation(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	d := submit(t, s, "acme")
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	wantCode(t, "another tenant's document", second(s.Document(ctx, "globex", d.DocumentID)), levy.ENotFound, "documentId")
	wantCode(t, "another tenant's content", second(s.Content(ctx, "globex", d.DocumentID)), levy.ENotFound, "documentId")
	wantCode(t, "another tenant's connection", second(s.Connection(ctx, "globex", c.WebhookID)), levy.ENotFound, "webhookId")
	wantCode(t, "deleting another tenant's connection", second(s.DeleteConnection(ctx, "globex", c.WebhookID)), levy.ENotFound, "webhookId")
	if _, err := s.Connection(ctx, "acme", c.WebhookID); err != nil {
		t.Fatalf("the connection after another tenant's delete: %v", err)
	}
	if list, err := s.Connections(ctx, "globex"); err != nil || len(list) != 0 {
		t.Errorf("another tenant's connections: %+v %v", list, err)
	}
	// Another tenant's move of the document finds nothing.
	forged := *d
	forged.TenantID = "globex"
	_, _, err := tryMove(s, &forged, webhook.StatusInProgress)
	wantCode(t, "another tenant's move", err, levy.ENotFound, "documentId")
	if got, _ := s.Document(ctx, "acme", d.DocumentID); got == nil || got.Status != webhook.StatusPending {
		t.Errorf("the document after another tenant's move: %+v", got)
	}
}

func testMoveCompareAndSet(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.Events{Statuses: []string{webhook.StatusInProgress, webhook.StatusCompleted}}, false)
	d := submit(t, s, "acme")
	nd, notified, err := tryMove(s, d, webhook.StatusInProgress)
	if err != nil || !slices.Equal(notified, []string{c.WebhookID}) {
		t.Fatalf("Move: %v %v", notified, err)
	}
	got, err := s.Document(ctx, "acme", d.DocumentID)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "the moved record", got, nd)
	if !queued(t, s, d.DocumentID, "acme") {
		t.Error("a document in progress left the work queue")
	}
	// A stale move (from Pending again) fails and writes nothing: not the
	// record, not an event.
	_, _, err = tryMove(s, d, webhook.StatusProcessingIssue)
	if !errors.Is(err, einvoice.ErrMoved) {
		t.Fatalf("a stale move: %v, want ErrMoved", err)
	}
	got, _ = s.Document(ctx, "acme", d.DocumentID)
	sameJSON(t, "the record after a stale move", got, nd)
	if evs := drain(t, s, c.WebhookID); len(evs) != 1 || evs[0].Status != webhook.StatusInProgress {
		t.Fatalf("events after a stale move: %+v", evs)
	}
	// A move to a final status leaves the queue, with its events.
	done := move(t, s, nd, webhook.StatusCompleted)
	if queued(t, s, d.DocumentID, "acme") {
		t.Error("a completed document is still in the work queue")
	}
	if evs := drain(t, s, c.WebhookID); len(evs) != 1 || evs[0].Status != webhook.StatusCompleted || evs[0].DocumentID != d.DocumentID {
		t.Fatalf("events of Completed: %+v", evs)
	}
	got, _ = s.Document(ctx, "acme", d.DocumentID)
	sameJSON(t, "the completed record", got, done)
	_, _, err = tryMove(s, newDocument("acme"), webhook.StatusInProgress)
	wantCode(t, "a move of an unknown document", err, levy.ENotFound, "documentId")
}

func testMoveConcurrent(t *testing.T, s einvoice.Store) {
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	d := submit(t, s, "acme")
	const n = 8
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			to := webhook.StatusInProgress
			if i%2 == 1 {
				to = webhook.StatusProcessingIssue
			}
			_, _, errs[i] = tryMove(s, d, to)
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, einvoice.ErrMoved):
			t.Fatalf("a concurrent move: %v", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d of %d concurrent moves from Pending won, want 1", won, n)
	}
	evs := drain(t, s, c.WebhookID)
	if len(evs) != 2 || evs[0].Status != webhook.StatusPending {
		t.Fatalf("events: %d, want Pending and the winner's", len(evs))
	}
	got, err := s.Document(context.Background(), "acme", d.DocumentID)
	if err != nil || got.Status != evs[1].Status || len(got.History) != 2 {
		t.Fatalf("the record %+v does not match the winner's event %s: %v", got, evs[1].Status, err)
	}
}

func testQueueLeases(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	d := submit(t, s, "acme")
	a, b := lease(), lease()
	if err := s.Claim(ctx, d.DocumentID, a); err != nil {
		t.Fatalf("Claim: %v", err)
	}
	if err := s.Claim(ctx, d.DocumentID, b); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("a second owner's claim: %v, want ErrLeased", err)
	}
	a.Term = 2 * time.Hour
	if err := s.Claim(ctx, d.DocumentID, a); err != nil {
		t.Fatalf("the owner's claim again: %v", err)
	}
	if err := s.Release(ctx, d.DocumentID, b.Owner); err != nil {
		t.Fatalf("Release by another owner: %v", err)
	}
	if err := s.Claim(ctx, d.DocumentID, b); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("a claim after another owner's release: %v, want ErrLeased", err)
	}
	if err := s.Release(ctx, d.DocumentID, a.Owner); err != nil {
		t.Fatal(err)
	}
	// A lease that has lapsed is taken over.
	b.Term = 0 // it lapses at once
	if err := s.Claim(ctx, d.DocumentID, b); err != nil {
		t.Fatalf("a claim after the owner's release: %v", err)
	}
	if err := s.Claim(ctx, d.DocumentID, a); err != nil {
		t.Fatalf("a claim over a lapsed lease: %v", err)
	}
	wantCode(t, "a claim of a document not queued", s.Claim(ctx, einvoice.NewGUID(), a), levy.ENotFound, "documentId")
	if err := s.Dequeue(ctx, d.DocumentID); err != nil {
		t.Fatal(err)
	}
	if queued(t, s, d.DocumentID, "acme") {
		t.Error("a dequeued document is in the queue")
	}
	wantCode(t, "a claim of a dequeued document", s.Claim(ctx, d.DocumentID, a), levy.ENotFound, "documentId")
	if err := s.Dequeue(ctx, d.DocumentID); err != nil {
		t.Errorf("Dequeue twice: %v", err)
	}
	if _, err := s.Document(ctx, "acme", d.DocumentID); err != nil {
		t.Errorf("the record of a dequeued document: %v", err)
	}
}

func testConnections(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	var made []einvoice.ConnectionRecord
	for range 3 {
		made = append(made, connect(t, s, "acme", einvoice.Events{Statuses: []string{webhook.StatusError}}, true))
	}
	extra := made[0]
	extra.WebhookID = einvoice.NewGUID()
	if _, err := s.CreateConnection(ctx, extra, einvoice.ConnectionKey{}, 3); !errors.Is(err, einvoice.ErrConnectionLimit) {
		t.Fatalf("a fourth connection under a limit of 3: %v, want ErrConnectionLimit", err)
	}
	wantCode(t, "a connection refused by the limit", second(s.Connection(ctx, "acme", extra.WebhookID)), levy.ENotFound, "webhookId")
	connect(t, s, "globex", einvoice.AllEvents, false) // the limit is per tenant
	list, err := s.Connections(ctx, "acme")
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(made, func(a, b einvoice.ConnectionRecord) int { return strings.Compare(a.WebhookID, b.WebhookID) })
	sameJSON(t, "the connections in webhook ID order, secrets kept as they were", list, made)
	got, err := s.Connection(ctx, "acme", made[1].WebhookID)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "one connection", got, made[1])
	del, err := s.DeleteConnection(ctx, "acme", made[1].WebhookID)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "the deleted connection", del, made[1])
	wantCode(t, "a deleted connection", second(s.Connection(ctx, "acme", made[1].WebhookID)), levy.ENotFound, "webhookId")
	wantCode(t, "deleting twice", second(s.DeleteConnection(ctx, "acme", made[1].WebhookID)), levy.ENotFound, "webhookId")
	if list, _ := s.Connections(ctx, "acme"); len(list) != 2 {
		t.Errorf("%d connections after a delete, want 2", len(list))
	}
}

// testConnectionIdempotencyKey: a creation under a key the tenant used
// returns the first connection, with the digest stored, and stores
// nothing, even at the limit; the key is per tenant, and free again once
// its connection is deleted.
func testConnectionIdempotencyKey(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	create := func(c einvoice.ConnectionRecord, key, digest string, limit int) einvoice.CreatedConnection {
		t.Helper()
		res, err := s.CreateConnection(ctx, c, einvoice.ConnectionKey{Key: key, Digest: digest}, limit)
		if err != nil {
			t.Fatalf("CreateConnection under %q: %v", key, err)
		}
		return res
	}
	first := newConnection(t, "acme")
	if res := create(first, "hook-1", "d1", einvoice.MaxConnections); !res.Created {
		t.Fatalf("the first creation under a key: %+v, want Created", res)
	}
	again := newConnection(t, "acme")
	res := create(again, "hook-1", "d1", einvoice.MaxConnections)
	if res.Created || res.Digest != "d1" {
		t.Errorf("a second creation under the key: Created %v, digest %q, want false and d1", res.Created, res.Digest)
	}
	sameJSON(t, "the connection a second creation under the key returns", res.Connection, first)
	wantCode(t, "the connection of a repeated creation", second(s.Connection(ctx, "acme", again.WebhookID)), levy.ENotFound, "webhookId")
	if res := create(newConnection(t, "acme"), "hook-1", "d2", einvoice.MaxConnections); res.Created || res.Digest != "d1" || res.Connection.WebhookID != first.WebhookID {
		t.Errorf("another request under the key: Created %v, digest %q, webhook %s; want the first (%s) with d1", res.Created, res.Digest, res.Connection.WebhookID, first.WebhookID)
	}
	// At the limit, the key still answers its connection.
	if res := create(newConnection(t, "acme"), "hook-1", "d1", 1); res.Created || res.Connection.WebhookID != first.WebhookID {
		t.Errorf("a creation under the key at the limit: %+v, want the first connection", res)
	}
	if _, err := s.CreateConnection(ctx, newConnection(t, "acme"), einvoice.ConnectionKey{Key: "hook-2", Digest: "d1"}, 1); !errors.Is(err, einvoice.ErrConnectionLimit) {
		t.Errorf("a creation under a new key at the limit: %v, want ErrConnectionLimit", err)
	}
	other := newConnection(t, "globex")
	if res := create(other, "hook-1", "d1", einvoice.MaxConnections); !res.Created {
		t.Errorf("another tenant's creation under the key: %+v, want Created (keys are per tenant)", res)
	}
	if res := create(newConnection(t, "acme"), "", "", einvoice.MaxConnections); !res.Created {
		t.Errorf("a creation without a key: %+v, want Created", res)
	}
	if list, _ := s.Connections(ctx, "acme"); len(list) != 2 {
		t.Errorf("%d connections of acme, want 2 (one under the key, one without)", len(list))
	}
	if _, err := s.DeleteConnection(ctx, "acme", first.WebhookID); err != nil {
		t.Fatal(err)
	}
	after := newConnection(t, "acme")
	if res := create(after, "hook-1", "d3", einvoice.MaxConnections); !res.Created {
		t.Fatalf("a creation under the key of a deleted connection: %+v, want Created", res)
	}
	if res := create(newConnection(t, "acme"), "hook-1", "d3", einvoice.MaxConnections); res.Created || res.Connection.WebhookID != after.WebhookID || res.Digest != "d3" {
		t.Errorf("a creation under the key taken again: %+v, want the new connection %s with d3", res, after.WebhookID)
	}
	if res := create(newConnection(t, "globex"), "hook-1", "d1", einvoice.MaxConnections); res.Created || res.Connection.WebhookID != other.WebhookID {
		t.Errorf("globex's key after acme's delete: %+v, want globex's connection", res)
	}
}

// testConnectionIdempotencyKeyAtOnce: creations at once under one key
// store one connection, and every one returns it.
func testConnectionIdempotencyKeyAtOnce(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	const n = 8
	results := make([]einvoice.CreatedConnection, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		c := newConnection(t, "acme")
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = s.CreateConnection(ctx, c, einvoice.ConnectionKey{Key: "retried", Digest: "d"}, einvoice.MaxConnections)
		}()
	}
	wg.Wait()
	created := 0
	for i, res := range results {
		if errs[i] != nil {
			t.Fatalf("creation %d: %v", i, errs[i])
		}
		if res.Created {
			created++
		}
		if res.Connection.WebhookID != results[0].Connection.WebhookID {
			t.Errorf("creation %d returned %s, creation 0 %s: want one connection", i, res.Connection.WebhookID, results[0].Connection.WebhookID)
		}
	}
	if created != 1 {
		t.Errorf("%d of %d creations at once under one key were Created, want 1", created, n)
	}
	if list, _ := s.Connections(ctx, "acme"); len(list) != 1 {
		t.Errorf("%d connections after %d creations at once under one key, want 1", len(list), n)
	}
}

func testDeleteConnectionDropsEvents(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	keep := connect(t, s, "acme", einvoice.AllEvents, false)
	submit(t, s, "acme")
	submit(t, s, "acme")
	if _, err := s.DeleteConnection(ctx, "acme", c.WebhookID); err != nil {
		t.Fatal(err)
	}
	if ev := next(t, s, c.WebhookID); ev != nil {
		t.Fatalf("an event of a deleted connection: %+v", ev)
	}
	submit(t, s, "acme")
	if ev := next(t, s, c.WebhookID); ev != nil {
		t.Fatalf("an event queued for a deleted connection: %+v", ev)
	}
	ids, err := s.Outboxes(ctx)
	if err != nil || !slices.Equal(ids, []string{keep.WebhookID}) {
		t.Errorf("Outboxes %v %v, want only %s", ids, err, keep.WebhookID)
	}
	if evs := drain(t, s, keep.WebhookID); len(evs) != 3 {
		t.Errorf("the other connection has %d events, want 3", len(evs))
	}
}

func testOutboxOrder(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	a := connect(t, s, "acme", einvoice.AllEvents, false)
	b := connect(t, s, "acme", einvoice.Events{Statuses: []string{webhook.StatusInProgress}}, false)
	var want []string // document ID and status, in the order they were made
	var wantB []string
	docs := make([]*einvoice.Document, 5)
	for i := range docs {
		docs[i] = submit(t, s, "acme")
		want = append(want, docs[i].DocumentID+" "+webhook.StatusPending)
	}
	for i := len(docs) - 1; i >= 0; i-- {
		docs[i] = move(t, s, docs[i], webhook.StatusInProgress)
		want = append(want, docs[i].DocumentID+" "+webhook.StatusInProgress)
		wantB = append(wantB, docs[i].DocumentID+" "+webhook.StatusInProgress)
	}
	// The head stays the head until it is removed; a retry keeps it there
	// with what it says.
	head := settle(t, s, a.WebhookID, func(head *einvoice.OutboxEvent) error {
		head.Attempts, head.LastError = 2, "the target answered 503"
		return s.Retry(ctx, head, time.Minute)
	})
	again := waited(t, next(t, s, a.WebhookID), time.Minute)
	sameJSON(t, "the head after a retry", again, head)
	for _, c := range []struct {
		id   string
		want []string
	}{{a.WebhookID, want}, {b.WebhookID, wantB}} {
		var got []string
		var last uint64
		for i, ev := range drain(t, s, c.id) {
			got = append(got, ev.DocumentID+" "+ev.Status)
			if i > 0 && ev.Seq <= last {
				t.Errorf("Seq %d after %d", ev.Seq, last)
			}
			last = ev.Seq
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("connection %s: events in the order\n%v\nwant\n%v", c.id, got, c.want)
		}
	}
	// Removing an event that is gone does nothing.
	if err := s.Delivered(ctx, head); err != nil {
		t.Errorf("Delivered twice: %v", err)
	}
	if err := s.Retry(ctx, head, time.Minute); err != nil {
		t.Errorf("Retry of a delivered event: %v", err)
	}
	if ev := next(t, s, a.WebhookID); ev != nil {
		t.Errorf("a Retry brought back a delivered event: %+v", ev)
	}
	if ids, err := s.Outboxes(ctx); err != nil || len(ids) != 0 {
		t.Errorf("Outboxes of empty queues: %v %v", ids, err)
	}
}

func testOutboxLeases(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	submit(t, s, "acme")
	a, b := lease(), lease()
	first, err := s.NextEvent(ctx, c.WebhookID, a)
	if err != nil || first == nil {
		t.Fatalf("NextEvent: %+v %v", first, err)
	}
	if _, err := s.NextEvent(ctx, c.WebhookID, b); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("a second owner's NextEvent: %v, want ErrLeased", err)
	}
	if ev, err := s.NextEvent(ctx, c.WebhookID, a); err != nil || ev == nil || ev.EventID != first.EventID {
		t.Fatalf("the owner's NextEvent again: %+v %v", ev, err)
	}
	if err := s.ReleaseOutbox(ctx, c.WebhookID, b.Owner); err != nil {
		t.Fatal(err)
	}
	if _, err := s.NextEvent(ctx, c.WebhookID, b); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("NextEvent after another owner's release: %v, want ErrLeased", err)
	}
	if err := s.ReleaseOutbox(ctx, c.WebhookID, a.Owner); err != nil {
		t.Fatal(err)
	}
	b.Term = 0 // it lapses at once
	if ev, err := s.NextEvent(ctx, c.WebhookID, b); err != nil || ev == nil || ev.EventID != first.EventID {
		t.Fatalf("NextEvent after the owner's release: %+v %v", ev, err)
	}
	if _, err := s.NextEvent(ctx, c.WebhookID, a); err != nil {
		t.Fatalf("NextEvent over a lapsed lease: %v", err)
	}
}

// testLeaseTerms: a lease carries a term, not a time of day, and the
// store counts it from its own clock each time it gives the lease, so
// that an owner's renewal sets when the lease lapses whatever the owner's
// clock says: a renewal with a term of zero ends the owner's lease at
// once, and one with a long term holds again.
func testLeaseTerms(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	d := submit(t, s, "acme")
	a, b := lease(), lease()
	if err := s.Claim(ctx, d.DocumentID, a); err != nil {
		t.Fatalf("Claim: %v", err)
	}
	if _, err := s.NextEvent(ctx, c.WebhookID, a); err != nil {
		t.Fatalf("NextEvent: %v", err)
	}
	// A renewal for no time: the lease lapses at once.
	a.Term = 0
	if err := s.Claim(ctx, d.DocumentID, a); err != nil {
		t.Fatalf("the owner's claim again for no time: %v", err)
	}
	if _, err := s.NextEvent(ctx, c.WebhookID, a); err != nil {
		t.Fatalf("the owner's NextEvent again for no time: %v", err)
	}
	if err := s.Claim(ctx, d.DocumentID, b); err != nil {
		t.Fatalf("another owner's claim once the lease was renewed for no time: %v", err)
	}
	if ev, err := s.NextEvent(ctx, c.WebhookID, b); err != nil || ev == nil {
		t.Fatalf("another owner's NextEvent once the lease was renewed for no time: %+v %v", ev, err)
	}
	// The new owner's lease, an hour long from now, keeps the first out.
	a.Term = time.Hour
	if err := s.Claim(ctx, d.DocumentID, a); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("the first owner's claim after the takeover: %v, want ErrLeased", err)
	}
	if _, err := s.NextEvent(ctx, c.WebhookID, a); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("the first owner's NextEvent after the takeover: %v, want ErrLeased", err)
	}
}

// buryNext takes the head of a connection's queue and buries it as a
// dead letter after three failed attempts, and returns it as it was
// buried.
func buryNext(t *testing.T, s einvoice.Store, webhookID string) *einvoice.OutboxEvent {
	t.Helper()
	return settle(t, s, webhookID, func(ev *einvoice.OutboxEvent) error {
		ev.Attempts, ev.LastError, ev.DeadAt = 3, "the target answered 502", now()
		return s.Bury(context.Background(), ev)
	})
}

// deadIDs returns the event IDs of evs, in their order.
func deadIDs(evs []einvoice.OutboxEvent) []string {
	ids := make([]string, len(evs))
	for i := range evs {
		ids[i] = evs[i].EventID
	}
	return ids
}

// testDeadLetterPages: a list longer than a page is read page by page,
// each beginning after the key of the last dead letter of the one
// before; the pages, concatenated, are the whole list in key order, of
// the tenant asked for only; a dead letter replayed or dropped between
// two pages is neither listed again nor makes the next page skip one.
func testDeadLetterPages(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	g := connect(t, s, "globex", einvoice.AllEvents, false)
	for i := range 11 {
		submit(t, s, "acme")
		buryNext(t, s, c.WebhookID)
		if i%4 == 0 {
			submit(t, s, "globex")
			buryNext(t, s, g.WebhookID)
		}
	}
	whole, err := s.DeadLetters(ctx, "acme", einvoice.DeadLetterKey{}, 1000)
	if err != nil || len(whole) != 11 {
		t.Fatalf("acme's dead letters: %d %v", len(whole), err)
	}
	if !slices.IsSortedFunc(whole, func(a, b einvoice.OutboxEvent) int { return einvoice.KeyOf(&a).Compare(einvoice.KeyOf(&b)) }) {
		t.Fatalf("acme's dead letters are not in key order: %v", deadIDs(whole))
	}
	var walked []einvoice.OutboxEvent
	for after, pages := (einvoice.DeadLetterKey{}), 0; ; pages++ {
		page, err := s.DeadLetters(ctx, "acme", after, 4)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) > 4 || pages > 4 {
			t.Fatalf("page %d holds %d dead letters, limit 4 (%d pages so far)", pages, len(page), pages)
		}
		for _, ev := range page {
			if ev.Tenant != "acme" || ev.Body != nil {
				t.Fatalf("acme's page lists %s of tenant %q with %d bytes of body", ev.EventID, ev.Tenant, len(ev.Body))
			}
		}
		walked = append(walked, page...)
		if len(page) < 4 {
			break
		}
		after = einvoice.KeyOf(&page[len(page)-1])
	}
	if got, want := deadIDs(walked), deadIDs(whole); !slices.Equal(got, want) {
		t.Fatalf("the pages of 4, concatenated:\n%v\nthe whole list:\n%v", got, want)
	}

	// Between two pages: the first page's first dead letter is replayed,
	// its second dropped, and a dead letter of the third page dropped.
	first, err := s.DeadLetters(ctx, "acme", einvoice.DeadLetterKey{}, 4)
	if err != nil || len(first) != 4 {
		t.Fatalf("the first page: %d %v", len(first), err)
	}
	if _, err := s.Replay(ctx, "acme", first[0].EventID, now()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DropDeadLetter(ctx, "acme", first[1].EventID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DropDeadLetter(ctx, "", whole[9].EventID); err != nil {
		t.Fatal(err)
	}
	rest, err := s.DeadLetters(ctx, "acme", einvoice.KeyOf(&first[3]), 4)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := deadIDs(rest), deadIDs(whole[4:8]); !slices.Equal(got, want) {
		t.Errorf("the second page after changes to the first: %v, want %v", got, want)
	}
	last, err := s.DeadLetters(ctx, "acme", einvoice.KeyOf(&rest[len(rest)-1]), 4)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := deadIDs(last), []string{whole[8].EventID, whole[10].EventID}; !slices.Equal(got, want) {
		t.Errorf("the last page after a drop in it: %v, want %v", got, want)
	}
	// Every tenant's, by pages of 5: acme's and globex's, in key order.
	all, err := s.DeadLetters(ctx, "", einvoice.DeadLetterKey{}, 1000)
	if err != nil || len(all) != 8+3 {
		t.Fatalf("every tenant's dead letters: %d %v, want 11", len(all), err)
	}
	var pages []einvoice.OutboxEvent
	for after := (einvoice.DeadLetterKey{}); ; {
		page, err := s.DeadLetters(ctx, "", after, 5)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, page...)
		if len(page) < 5 {
			break
		}
		after = einvoice.KeyOf(&page[len(page)-1])
	}
	if got, want := deadIDs(pages), deadIDs(all); !slices.Equal(got, want) {
		t.Errorf("every tenant's pages of 5:\n%v\nthe whole list:\n%v", got, want)
	}
}

// testDeadLetterWithoutDeadAt: an event buried with no time of death
// (DeadAt zero) is a dead letter all the same, listed with the zero time
// in the place of its key, before one made at the same time and given up
// later, and a page after its key begins with the next; it is dropped as
// any other.
func testDeadLetterWithoutDeadAt(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	submit(t, s, "acme")
	submit(t, s, "acme")
	first := settle(t, s, c.WebhookID, func(ev *einvoice.OutboxEvent) error {
		ev.Attempts, ev.LastError, ev.DeadAt = 3, "the target answered 502", time.Time{}
		return s.Bury(ctx, ev)
	})
	second := buryNext(t, s, c.WebhookID)
	for _, tenant := range []string{"acme", ""} {
		list, err := s.DeadLetters(ctx, tenant, einvoice.DeadLetterKey{}, 10)
		if err != nil || len(list) != 2 {
			t.Fatalf("the dead letters of %q: %d %v, want 2", tenant, len(list), err)
		}
		want := []string{first.EventID, second.EventID}
		if first.CreatedAt.After(second.CreatedAt) {
			want = []string{second.EventID, first.EventID}
		}
		if got := deadIDs(list); !slices.Equal(got, want) {
			t.Fatalf("the dead letters of %q: %v, want %v", tenant, got, want)
		}
		i := slices.Index(deadIDs(list), first.EventID)
		if !list[i].DeadAt.IsZero() {
			t.Errorf("the dead letter buried without a time of death lists %v", list[i].DeadAt)
		}
		rest, err := s.DeadLetters(ctx, tenant, einvoice.KeyOf(&list[0]), 10)
		if err != nil || len(rest) != 1 || rest[0].EventID != list[1].EventID {
			t.Fatalf("the page of %q after the first: %v %v, want [%s]", tenant, deadIDs(rest), err, list[1].EventID)
		}
	}
	was, err := s.DropDeadLetter(ctx, "acme", first.EventID)
	if err != nil || !was.DeadAt.IsZero() {
		t.Fatalf("DropDeadLetter: %+v %v", was, err)
	}
	if list, err := s.DeadLetters(ctx, "", einvoice.DeadLetterKey{}, 10); err != nil || len(list) != 1 || list[0].EventID != second.EventID {
		t.Fatalf("the dead letters after the drop: %v %v, want [%s]", deadIDs(list), err, second.EventID)
	}
}

// testCounts: a store that is an einvoice.Counter counts the events
// waiting in the outbox and the dead letters of every tenant, as events
// are queued, buried, replayed and dropped.
func testCounts(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	counter, ok := s.(einvoice.Counter)
	if !ok {
		t.Skip("the store is no einvoice.Counter")
	}
	counts := func(what string, want einvoice.Counts) {
		t.Helper()
		got, err := counter.Counts(ctx)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if got != want {
			t.Errorf("%s: Counts = %+v, want %+v", what, got, want)
		}
	}
	counts("an empty store", einvoice.Counts{})
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	g := connect(t, s, "globex", einvoice.AllEvents, false)
	move(t, s, submit(t, s, "acme"), webhook.StatusInProgress)
	submit(t, s, "globex")
	counts("three events queued", einvoice.Counts{Waiting: 3})
	dead := buryNext(t, s, c.WebhookID)
	other := buryNext(t, s, g.WebhookID)
	counts("two buried", einvoice.Counts{Waiting: 1, DeadLetters: 2})
	if _, err := s.Replay(ctx, "acme", dead.EventID, now()); err != nil {
		t.Fatal(err)
	}
	counts("one replayed", einvoice.Counts{Waiting: 2, DeadLetters: 1})
	if _, err := s.DropDeadLetter(ctx, "globex", other.EventID); err != nil {
		t.Fatal(err)
	}
	counts("the other dropped", einvoice.Counts{Waiting: 2})
}

func testDeadLettersAndReplay(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	g := connect(t, s, "globex", einvoice.AllEvents, false)
	d := submit(t, s, "acme")
	move(t, s, d, webhook.StatusInProgress)
	submit(t, s, "globex")
	dead := buryNext(t, s, c.WebhookID)
	other := buryNext(t, s, g.WebhookID)
	if ev := next(t, s, c.WebhookID); ev == nil || ev.EventID == dead.EventID || ev.Status != webhook.StatusInProgress {
		t.Fatalf("the head after a burial: %+v", ev)
	}
	all, err := s.DeadLetters(ctx, "", einvoice.DeadLetterKey{}, 1000)
	if err != nil || len(all) != 2 {
		t.Fatalf("DeadLetters: %d %v", len(all), err)
	}
	if !slices.IsSortedFunc(all, func(a, b einvoice.OutboxEvent) int { return einvoice.KeyOf(&a).Compare(einvoice.KeyOf(&b)) }) {
		t.Error("dead letters are not in key order")
	}
	list, err := s.DeadLetters(ctx, "acme", einvoice.DeadLetterKey{}, 1000)
	if err != nil || len(list) != 1 {
		t.Fatalf("acme's dead letters: %d %v", len(list), err)
	}
	// The list leaves the bodies out: a list of many dead letters (a
	// receiver gone for days) would hold every body at once, up to some
	// hundred kilobytes each, to show none of them.
	for _, l := range [][]einvoice.OutboxEvent{all, list} {
		for _, ev := range l {
			if ev.Body != nil {
				t.Errorf("DeadLetters lists dead letter %s with its body of %d bytes", ev.EventID, len(ev.Body))
			}
		}
	}
	want := *dead
	want.Seq = 0
	listed := want
	listed.Body = nil
	sameJSON(t, "the dead letter", list[0], listed)
	// Replayed, it goes to the end of its queue as new, with its ID.
	at := now().Add(time.Second)
	// Another tenant's replay finds no such dead letter, and leaves it.
	wantCode(t, "replaying acme's dead letter as globex", second(s.Replay(ctx, "globex", dead.EventID, at)), levy.ENotFound, "eventId")
	if list, _ := s.DeadLetters(ctx, "acme", einvoice.DeadLetterKey{}, 1000); len(list) != 1 {
		t.Fatalf("acme's dead letters after globex's replay: %+v", list)
	}
	was, err := s.Replay(ctx, "acme", dead.EventID, at)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "Replay's answer", was, want)
	evs := drain(t, s, c.WebhookID)
	if len(evs) != 2 || evs[0].Status != webhook.StatusInProgress || evs[1].EventID != dead.EventID {
		t.Fatalf("the queue after a replay: %+v", evs)
	}
	// Replayed at a time a second ahead, the event waits for it by the
	// store's clock, at most that second.
	back := *evs[1]
	if back.Wait < 0 || back.Wait > time.Second {
		t.Errorf("the replayed event waits %v, want at most a second", back.Wait)
	}
	back.Wait = 0
	wantBack := *dead
	wantBack.Attempts, wantBack.LastError, wantBack.DeadAt, wantBack.NextAttempt, wantBack.Seq = 0, "", time.Time{}, at, back.Seq
	sameJSON(t, "the replayed event", back, wantBack)
	if list, _ := s.DeadLetters(ctx, "acme", einvoice.DeadLetterKey{}, 1000); len(list) != 0 {
		t.Errorf("acme's dead letters after the replay: %+v", list)
	}
	wantCode(t, "replaying twice", second(s.Replay(ctx, "", dead.EventID, at)), levy.ENotFound, "eventId")
	// A dead letter whose connection is gone stays one.
	if _, err := s.DeleteConnection(ctx, "globex", g.WebhookID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, "replaying for a deleted connection", second(s.Replay(ctx, "", other.EventID, at)), levy.ENotFound, "eventId")
	if list, _ := s.DeadLetters(ctx, "globex", einvoice.DeadLetterKey{}, 1000); len(list) != 1 || list[0].EventID != other.EventID {
		t.Errorf("globex's dead letters after a refused replay: %+v", list)
	}
}

// testDropDeadLetter: a dead letter is dropped for good, by its tenant
// or by the operator (tenant ""), whether its connection is still there
// or deleted (when it can no longer be replayed); another tenant's drop
// finds no such dead letter and removes nothing.
func testDropDeadLetter(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	g := connect(t, s, "globex", einvoice.AllEvents, false)
	d := submit(t, s, "acme")
	move(t, s, d, webhook.StatusInProgress)
	submit(t, s, "globex")
	pending := buryNext(t, s, c.WebhookID)
	pending.Seq = 0 // a dead letter has no place in a queue
	inProgress := buryNext(t, s, c.WebhookID)
	theirs := buryNext(t, s, g.WebhookID)

	wantCode(t, "dropping acme's dead letter as globex", second(s.DropDeadLetter(ctx, "globex", pending.EventID)), levy.ENotFound, "eventId")
	wantCode(t, "dropping an unknown dead letter", second(s.DropDeadLetter(ctx, "acme", einvoice.NewGUID())), levy.ENotFound, "eventId")
	if list, err := s.DeadLetters(ctx, "", einvoice.DeadLetterKey{}, 1000); err != nil || len(list) != 3 {
		t.Fatalf("the dead letters after refused drops: %d %v, want all 3", len(list), err)
	}
	was, err := s.DropDeadLetter(ctx, "acme", pending.EventID)
	if err != nil {
		t.Fatalf("acme drops its dead letter: %v", err)
	}
	sameJSON(t, "DropDeadLetter's answer", was, *pending)
	list, err := s.DeadLetters(ctx, "acme", einvoice.DeadLetterKey{}, 1000)
	if err != nil || len(list) != 1 || list[0].EventID != inProgress.EventID {
		t.Fatalf("acme's dead letters after the drop: %+v %v, want only %s", list, err, inProgress.EventID)
	}
	wantCode(t, "dropping twice", second(s.DropDeadLetter(ctx, "", pending.EventID)), levy.ENotFound, "eventId")
	wantCode(t, "replaying a dropped dead letter", second(s.Replay(ctx, "", pending.EventID, now())), levy.ENotFound, "eventId")
	if ev := next(t, s, c.WebhookID); ev != nil {
		t.Errorf("a dropped dead letter came back to the queue: %+v", ev)
	}

	// A dead letter whose connection is gone, which no replay can send,
	// is dropped by the operator.
	if _, err := s.DeleteConnection(ctx, "globex", g.WebhookID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, "replaying for a deleted connection", second(s.Replay(ctx, "", theirs.EventID, now())), levy.ENotFound, "eventId")
	if was, err := s.DropDeadLetter(ctx, "", theirs.EventID); err != nil || was.EventID != theirs.EventID || was.Tenant != "globex" {
		t.Fatalf("the operator drops a dead letter of a deleted connection: %+v %v", was, err)
	}
	if list, err := s.DeadLetters(ctx, "", einvoice.DeadLetterKey{}, 1000); err != nil || len(list) != 1 || list[0].EventID != inProgress.EventID {
		t.Fatalf("the dead letters at the end: %+v %v, want only acme's %s", list, err, inProgress.EventID)
	}
}

// testBuryGoneEvent: an owner whose last attempt at an event failed
// buries it; meanwhile the event may have left the queue, delivered by
// another owner that took the lease over, or dropped with its connection,
// deleted while the attempt ran. Such an event is not a dead letter: a
// replay would send a delivered event again, or name a connection that
// is gone.
func testBuryGoneEvent(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	gone := connect(t, s, "acme", einvoice.AllEvents, false)
	submit(t, s, "acme")
	failed := func(ev *einvoice.OutboxEvent) *einvoice.OutboxEvent {
		t.Helper()
		ev.Attempts, ev.LastError, ev.DeadAt = 3, "the target answered 502", now()
		return ev
	}
	// Delivered by another owner, which took the lease over once the
	// first owner's lapsed, then buried by the first.
	lapsed := einvoice.Lease{Owner: einvoice.NewGUID()} // a term of zero: it lapses at once
	ev, err := s.NextEvent(ctx, c.WebhookID, lapsed)
	if err != nil || ev == nil {
		t.Fatalf("NextEvent: %+v %v", ev, err)
	}
	ev = failed(ev)
	if other := settle(t, s, c.WebhookID, func(ev *einvoice.OutboxEvent) error { return s.Delivered(ctx, ev) }); other == nil || other.EventID != ev.EventID {
		t.Fatalf("the other owner's head: %+v, want %s", other, ev.EventID)
	}
	if err := s.Bury(ctx, ev); err != nil {
		t.Fatalf("Bury of a delivered event: %v", err)
	}
	// Its connection deleted, then buried.
	ev = failed(next(t, s, gone.WebhookID))
	if _, err := s.DeleteConnection(ctx, "acme", gone.WebhookID); err != nil {
		t.Fatal(err)
	}
	if err := s.Bury(ctx, ev); err != nil {
		t.Fatalf("Bury of an event of a deleted connection: %v", err)
	}
	if list, err := s.DeadLetters(ctx, "acme", einvoice.DeadLetterKey{}, 1000); err != nil || len(list) != 0 {
		t.Fatalf("dead letters of events no longer queued: %+v %v, want none", list, err)
	}
}

// testOutcomeNeedsLease: the owner of a connection's queue whose attempt
// outlasted its lease, which another owner took over meanwhile, may not
// write the attempt's outcome: a late Retry would overwrite the new
// owner's attempts, a late Delivered or Bury would take the event from
// under it. Each fails with ErrLeaseLost and writes nothing, while the
// new owner writes as before. A lease that lapsed and that no other
// owner took is still its owner's, and an event that is gone is nothing
// to write, whoever holds the lease.
func testOutcomeNeedsLease(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	submit(t, s, "acme")
	later := submit(t, s, "acme")
	lost := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, einvoice.ErrLeaseLost) {
			t.Errorf("%s after another owner took the lease over: %v, want ErrLeaseLost", what, err)
		}
	}
	// Owner a's lease lapses at once; owner b takes the queue over at the
	// same head.
	a, b := einvoice.Lease{Owner: einvoice.NewGUID()}, lease()
	late, err := s.NextEvent(ctx, c.WebhookID, a)
	if err != nil || late == nil || late.LeaseOwner != a.Owner {
		t.Fatalf("NextEvent: %+v %v, want the head under %s", late, err, a.Owner)
	}
	head, err := s.NextEvent(ctx, c.WebhookID, b)
	if err != nil || head == nil || head.EventID != late.EventID || head.LeaseOwner != b.Owner {
		t.Fatalf("NextEvent of the owner taking over: %+v %v, want %s under %s", head, err, late.EventID, b.Owner)
	}
	// The new owner's attempt fails, and it schedules a retry.
	head.Attempts, head.LastError = 1, "the target answered 503"
	if err := s.Retry(ctx, head, time.Minute); err != nil {
		t.Fatalf("the new owner's Retry: %v", err)
	}
	// The first owner's attempt ends: whatever its outcome, it is not
	// written.
	late.Attempts, late.LastError = 1, "the target answered 502"
	lost("Retry", s.Retry(ctx, late, 0))
	lost("Delivered", s.Delivered(ctx, late))
	late.Attempts, late.DeadAt = 3, now()
	lost("Bury", s.Bury(ctx, late))
	if list, err := s.DeadLetters(ctx, "", einvoice.DeadLetterKey{}, 1000); err != nil || len(list) != 0 {
		t.Errorf("dead letters after a late Bury: %+v %v, want none", list, err)
	}
	again, err := s.NextEvent(ctx, c.WebhookID, b)
	if err != nil || again == nil {
		t.Fatalf("the new owner's NextEvent: %+v %v", again, err)
	}
	sameJSON(t, "the head after the late outcomes", waited(t, again, time.Minute), head)
	// Once released, the lease is nobody's: its last owner may no longer
	// write either.
	if err := s.ReleaseOutbox(ctx, c.WebhookID, b.Owner); err != nil {
		t.Fatal(err)
	}
	lost("Delivered under a released lease", s.Delivered(ctx, again))
	// A lease that lapsed and that nobody took is still its owner's.
	a.Term = 0
	mine, err := s.NextEvent(ctx, c.WebhookID, a)
	if err != nil || mine == nil || mine.EventID != head.EventID {
		t.Fatalf("NextEvent after the release: %+v %v", mine, err)
	}
	if err := s.Delivered(ctx, mine); err != nil {
		t.Fatalf("Delivered under a lease that lapsed and that nobody took: %v", err)
	}
	// An event that is gone is nothing to write, under a lease lost or not.
	if err := s.Retry(ctx, late, time.Minute); err != nil {
		t.Errorf("Retry of a delivered event under a lost lease: %v", err)
	}
	if err := s.Bury(ctx, late); err != nil {
		t.Errorf("Bury of a delivered event under a lost lease: %v", err)
	}
	// An event that NextEvent did not return holds no lease.
	rest := next(t, s, c.WebhookID)
	if rest == nil || rest.DocumentID != later.DocumentID {
		t.Fatalf("the head after the delivery: %+v, want the event of %s", rest, later.DocumentID)
	}
	unleased := *rest
	unleased.LeaseOwner = ""
	lost("Delivered of an event without a lease", s.Delivered(ctx, &unleased))
	if evs := drain(t, s, c.WebhookID); len(evs) != 1 || evs[0].EventID != rest.EventID {
		t.Errorf("the queue at the end: %+v, want only %s", evs, rest.EventID)
	}
}

func testDropEvents(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	submit(t, s, "acme")
	submit(t, s, "acme")
	first := next(t, s, c.WebhookID)
	if err := s.DropEvents(ctx, c.WebhookID); err != nil {
		t.Fatal(err)
	}
	if ev := next(t, s, c.WebhookID); ev != nil {
		t.Fatalf("an event after DropEvents: %+v", ev)
	}
	if err := s.Retry(ctx, first, time.Minute); err != nil {
		t.Errorf("Retry of a dropped event: %v", err)
	}
	if ev := next(t, s, c.WebhookID); ev != nil {
		t.Fatalf("a Retry brought back a dropped event: %+v", ev)
	}
	d := submit(t, s, "acme")
	if evs := drain(t, s, c.WebhookID); len(evs) != 1 || evs[0].DocumentID != d.DocumentID {
		t.Errorf("events made after DropEvents: %+v", evs)
	}
}

// testRetryByStoreClock checks that Retry schedules the next attempt
// by the store's clock, whatever NextAttempt the event it is given says
// (the clock of the node that scheduled it, which may be hours off), and
// that NextEvent tells the wait by the same clock.
func testRetryByStoreClock(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.AllEvents, false)
	submit(t, s, "acme")
	l := lease()
	head, err := s.NextEvent(ctx, c.WebhookID, l)
	if err != nil || head == nil || head.Wait != 0 {
		t.Fatalf("a new event: %+v %v, want one due at once (Wait 0)", head, err)
	}
	const delay = 10 * time.Minute
	for _, skewed := range []time.Time{now().Add(-3 * time.Hour), now().Add(3 * time.Hour)} {
		head.Attempts, head.LastError, head.NextAttempt = head.Attempts+1, "the target answered 503", skewed
		before := time.Now()
		if err := s.Retry(ctx, head, delay); err != nil {
			t.Fatal(err)
		}
		after := time.Now()
		// The store's clock is this machine's, within a second.
		if head.NextAttempt.Before(before.Add(delay-time.Second)) || head.NextAttempt.After(after.Add(delay+time.Second)) {
			t.Errorf("given %v, Retry set the next attempt at %v, want about %v", skewed, head.NextAttempt, before.Add(delay))
		}
		got, err := s.NextEvent(ctx, c.WebhookID, l)
		if err != nil || got == nil || got.Wait <= delay-time.Minute || got.Wait > delay {
			t.Fatalf("given %v, the retried head waits %+v %v, want about %v", skewed, got, err, delay)
		}
		if !got.NextAttempt.Equal(head.NextAttempt) || got.Attempts != head.Attempts {
			t.Errorf("the retried head: next attempt %v, attempts %d; want %v, %d", got.NextAttempt, got.Attempts, head.NextAttempt, head.Attempts)
		}
	}
	// A retry due at once waits nothing.
	if err := s.Retry(ctx, head, 0); err != nil {
		t.Fatal(err)
	}
	if got, err := s.NextEvent(ctx, c.WebhookID, l); err != nil || got == nil || got.Wait != 0 {
		t.Errorf("a retry due at once: %+v %v, want Wait 0", got, err)
	}
}

func testReplaceSecret(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	c := connect(t, s, "acme", einvoice.Events{All: true, Statuses: []string{webhook.EventCertificateExpiring}}, true)
	other := connect(t, s, "acme", einvoice.AllEvents, false)
	d1 := submit(t, s, "acme")
	d2 := submit(t, s, "acme")
	// The head of the queue has been tried once, and its lane holds the
	// lease while the secret is replaced.
	l := lease()
	head, err := s.NextEvent(ctx, c.WebhookID, l)
	if err != nil || head == nil {
		t.Fatalf("NextEvent: %+v %v", head, err)
	}
	head.Attempts, head.LastError = 1, "the target answered 401"
	if err := s.Retry(ctx, head, time.Minute); err != nil {
		t.Fatal(err)
	}

	fresh := secret(t, `{"keyId":"k1","nonce":"bmV3LW5vbmNl","sealed":"`+base64.StdEncoding.EncodeToString([]byte("the new secret"))+`"}`)
	got, err := s.ReplaceSecret(ctx, "acme", c.WebhookID, fresh)
	if err != nil {
		t.Fatalf("ReplaceSecret: %v", err)
	}
	want := c
	want.Secret = fresh
	sameJSON(t, "the connection ReplaceSecret returns", got, want)
	stored, err := s.Connection(ctx, "acme", c.WebhookID)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "the connection after ReplaceSecret", stored, want)
	list, err := s.Connections(ctx, "acme")
	if err != nil || len(list) != 2 {
		t.Fatalf("Connections: %d %v", len(list), err)
	}
	for _, rec := range list {
		if rec.WebhookID == other.WebhookID {
			sameJSON(t, "a connection whose secret was not replaced", rec, other)
		}
	}

	// Another tenant's ID, and an unknown one, are not found, and write
	// nothing.
	wantCode(t, "replacing another tenant's secret", second(s.ReplaceSecret(ctx, "globex", c.WebhookID, secret(t, `"globex's"`))), levy.ENotFound, "webhookId")
	wantCode(t, "replacing the secret of an unknown connection", second(s.ReplaceSecret(ctx, "acme", einvoice.NewGUID(), fresh)), levy.ENotFound, "webhookId")
	if list, _ := s.Connections(ctx, "globex"); len(list) != 0 {
		t.Errorf("globex has connections after replacing a secret it does not have: %+v", list)
	}
	stored, _ = s.Connection(ctx, "acme", c.WebhookID)
	sameJSON(t, "the connection after another tenant's try", stored, want)

	// The waiting events are those made before, in their order, the head
	// with its attempt; the lease held through the change still holds.
	if _, err := s.NextEvent(ctx, c.WebhookID, lease()); !errors.Is(err, einvoice.ErrLeased) {
		t.Errorf("another owner's NextEvent after ReplaceSecret: %v, want ErrLeased", err)
	}
	again, err := s.NextEvent(ctx, c.WebhookID, l)
	if err != nil || again == nil {
		t.Fatalf("the owner's NextEvent after ReplaceSecret: %+v %v", again, err)
	}
	sameJSON(t, "the head of the queue after ReplaceSecret", waited(t, again, time.Minute), head)
	if err := s.ReleaseOutbox(ctx, c.WebhookID, l.Owner); err != nil {
		t.Fatal(err)
	}
	var docs []string
	for _, ev := range drain(t, s, c.WebhookID) {
		docs = append(docs, ev.DocumentID)
		if ev.Status != webhook.StatusPending || ev.WebhookID != c.WebhookID || ev.Tenant != "acme" {
			t.Errorf("an event after ReplaceSecret: %+v", ev)
		}
	}
	if want := []string{d1.DocumentID, d2.DocumentID}; !slices.Equal(docs, want) {
		t.Errorf("the events waiting after ReplaceSecret are of %v, want %v", docs, want)
	}
	// New events join the queue as before.
	d3 := submit(t, s, "acme")
	if evs := drain(t, s, c.WebhookID); len(evs) != 1 || evs[0].DocumentID != d3.DocumentID {
		t.Errorf("the events made after ReplaceSecret: %+v", evs)
	}

	// A deleted connection is not found, and stays deleted.
	if _, err := s.DeleteConnection(ctx, "acme", c.WebhookID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, "replacing the secret of a deleted connection", second(s.ReplaceSecret(ctx, "acme", c.WebhookID, fresh)), levy.ENotFound, "webhookId")
	wantCode(t, "a deleted connection after ReplaceSecret", second(s.Connection(ctx, "acme", c.WebhookID)), levy.ENotFound, "webhookId")
	submit(t, s, "acme")
	if ev := next(t, s, c.WebhookID); ev != nil {
		t.Errorf("an event queued for a deleted connection whose secret was replaced: %+v", ev)
	}
}

// testReplaceSecretRacesDelete replaces the secret of a connection from
// two goroutines, each up to 20 times or until it finds the connection
// gone, while the test deletes it: whichever order the store gives them,
// once all have returned the connection is gone, with its queue (a
// replacement that read the record before the delete and wrote it after
// would bring it back), and every replacement either succeeded before
// the delete, found no connection, or was asked to try again (a
// conflict with the other writers, every attempt).
func testReplaceSecretRacesDelete(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	sealed := func(text string) (einvoice.SealedSecret, error) {
		var sec einvoice.SealedSecret
		b, err := json.Marshal(text)
		if err == nil {
			err = json.Unmarshal(b, &sec)
		}
		return sec, err
	}
	for round := range 10 {
		c := connect(t, s, "acme", einvoice.AllEvents, false)
		submit(t, s, "acme")
		var wg, started sync.WaitGroup
		errs := make(chan error, 4)
		for i := range 2 {
			wg.Add(1)
			started.Add(1)
			go func() {
				defer wg.Done()
				first := true
				for j := 0; ; j++ {
					sec, err := sealed(fmt.Sprintf("secret %d-%d-%d", round, i, j))
					if err == nil {
						_, err = s.ReplaceSecret(ctx, "acme", c.WebhookID, sec)
					}
					if first {
						started.Done()
						first = false
					}
					if levy.ErrorCode(err) == levy.ENotFound {
						return
					}
					if levy.ErrorCode(err) == levy.EConflict {
						// The other writers won every attempt: nothing
						// was replaced, and the caller is asked to try
						// again, as it does.
						err = nil
					}
					if err != nil {
						errs <- fmt.Errorf("ReplaceSecret racing a delete: %w", err)
						return
					}
					if j == 20 {
						return
					}
				}
			}()
		}
		started.Wait() // every goroutine is replacing the secret
		// A delete that loses every attempt to the replacements is asked
		// to try again, and does, as a caller would; the replacements
		// stop after 21 attempts, so it wins in the end.
		for try := 0; ; try++ {
			_, err := s.DeleteConnection(ctx, "acme", c.WebhookID)
			if err == nil {
				break
			}
			if levy.ErrorCode(err) != levy.EConflict || try == 50 {
				t.Fatalf("DeleteConnection racing ReplaceSecret (attempt %d): %v", try+1, err)
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		wantCode(t, "a connection deleted while its secret was replaced", second(s.Connection(ctx, "acme", c.WebhookID)), levy.ENotFound, "webhookId")
		if ev := next(t, s, c.WebhookID); ev != nil {
			t.Fatalf("an event of a connection deleted while its secret was replaced: %+v", ev)
		}
	}
	if list, err := s.Connections(ctx, "acme"); err != nil || len(list) != 0 {
		t.Errorf("connections after the races: %d %v", len(list), err)
	}
}

func testReseal(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	a := connect(t, s, "acme", einvoice.AllEvents, false)
	g := connect(t, s, "globex", einvoice.AllEvents, true)
	resealed := secret(t, `{"keyId":"k2","nonce":"bmV3","sealed":"bmV3"}`)
	seen := map[string]bool{}
	n, err := s.Reseal(ctx, func(rec *einvoice.ConnectionRecord) (bool, error) {
		seen[rec.WebhookID] = true
		if rec.WebhookID != g.WebhookID {
			return false, nil
		}
		rec.Secret = resealed
		return true, nil
	})
	if err != nil || n != 1 || len(seen) != 2 {
		t.Fatalf("Reseal: %d %v, saw %d connections", n, err, len(seen))
	}
	want := g
	want.Secret = resealed
	got, err := s.Connection(ctx, "globex", g.WebhookID)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "the resealed connection", got, want)
	got, _ = s.Connection(ctx, "acme", a.WebhookID)
	sameJSON(t, "a connection Reseal did not change", got, a)
	// An error of fn stops Reseal before it writes.
	stop := errors.New("no key opens it")
	_, err = s.Reseal(ctx, func(rec *einvoice.ConnectionRecord) (bool, error) {
		if rec.WebhookID == a.WebhookID {
			return false, stop
		}
		rec.Secret = secret(t, `"clear again"`)
		return true, nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("Reseal with a failing fn: %v", err)
	}
	got, _ = s.Connection(ctx, "globex", g.WebhookID)
	sameJSON(t, "a connection after a failed Reseal", got, want)
	if n, err := s.Reseal(ctx, func(*einvoice.ConnectionRecord) (bool, error) { return false, nil }); n != 0 || err != nil {
		t.Errorf("Reseal without a change: %d %v", n, err)
	}
}

func testClose(t *testing.T, s einvoice.Store) {
	ctx := context.Background()
	d := submit(t, s, "acme")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for what, err := range map[string]error{
		"Document":       second(s.Document(ctx, "acme", d.DocumentID)),
		"Submit":         second(s.Submit(ctx, einvoice.Submission{Document: newDocument("acme"), Content: []byte("x")})),
		"Connections":    second(s.Connections(ctx, "acme")),
		"Queue":          second(s.Queue(ctx)),
		"DeadLetters":    second(s.DeadLetters(ctx, "", einvoice.DeadLetterKey{}, 1000)),
		"DropDeadLetter": second(s.DropDeadLetter(ctx, "", einvoice.NewGUID())),
		"ReplaceSecret":  second(s.ReplaceSecret(ctx, "acme", einvoice.NewGUID(), secret(t, `"after close"`))),
	} {
		// A closed store cannot serve now (its host is shutting down):
		// the code says so, not that Levy failed.
		if !errors.Is(err, einvoice.ErrClosed) || levy.ErrorCode(err) != levy.EUnavailable {
			t.Errorf("%s after Close: %v (code %q), want ErrClosed of code %q", what, err, levy.ErrorCode(err), levy.EUnavailable)
		}
	}
}
