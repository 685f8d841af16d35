package badger

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/einvoicetest"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestEInvoiceConformance runs the conformance suite of einvoice.Store
// over the Badger store, and checks after each of its tests that every
// key it wrote is of the documented layout.
func TestEInvoiceConformance(t *testing.T) {
	einvoicetest.Run(t, func(t *testing.T) einvoice.Store {
		dir := t.TempDir()
		t.Cleanup(func() { checkKeyLayout(t, "einvoice", filepath.Join(dir, "db")) })
		s, err := OpenEInvoice(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// einvService opens the store of the e-invoicing directory dir and a
// service over it that delivers to dir/outbox and may send events to
// loopback; the function it returns closes both.
func einvService(t *testing.T, dir string, cfg einvoice.Config, opts ...Option) (*einvoice.Service, func()) {
	t.Helper()
	ctx := context.Background()
	store, err := OpenEInvoice(ctx, dir, opts...)
	if err != nil {
		t.Fatal(err)
	}
	cfg.OutboxDir = filepath.Join(dir, "outbox")
	cfg.AllowPrivateTargets = true
	cfg.MinBackoff, cfg.MaxBackoff = 10*time.Millisecond, 50*time.Millisecond
	svc, err := einvoice.New(ctx, store, cfg)
	if err != nil {
		_ = store.Close()
		t.Fatal(err)
	}
	var once sync.Once
	closeAll := func() {
		once.Do(func() {
			if err := errors.Join(svc.Close(), store.Close()); err != nil {
				t.Error(err)
			}
		})
	}
	t.Cleanup(closeAll)
	return svc, closeAll
}

// einvReceiver is a webhook receiver on loopback, built with package
// webhook, that accepts the events signed with its secret.
type einvReceiver struct {
	url    string
	secret string

	mu  sync.Mutex
	got map[string]int // accepted events per document ID
}

func newEInvReceiver(t *testing.T) *einvReceiver {
	t.Helper()
	b := make([]byte, 36)
	_, _ = rand.Read(b)
	r := &einvReceiver{secret: base64.RawURLEncoding.EncodeToString(b), got: map[string]int{}}
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	r.url = srv.URL + "/levy"
	rcv, err := webhook.NewReceiver([]byte(r.secret), r.url, func(_ context.Context, ev webhook.Event, _ []byte) error {
		r.mu.Lock()
		r.got[ev.DocumentID]++
		r.mu.Unlock()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/levy", rcv)
	return r
}

// connect adds a connection of tenant acme to the receiver.
func (r *einvReceiver) connect(t *testing.T, svc *einvoice.Service) einvoice.Connection {
	t.Helper()
	c, err := svc.CreateConnection(levy.WithTenant(context.Background(), "acme"),
		einvoice.NewConnection{TargetURL: r.url, SecretKey: r.secret, Events: einvoice.AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// deliverOne submits the test invoice for acme and waits until the
// receiver accepted its three events, each with a valid signature.
func (r *einvReceiver) deliverOne(t *testing.T, svc *einvoice.Service) {
	t.Helper()
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	d, _, err := svc.Submit(levy.WithTenant(context.Background(), "acme"), doc, "")
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		r.mu.Lock()
		n := r.got[d.DocumentID]
		r.mu.Unlock()
		if n == 3 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the receiver accepted %d signed events of the document, want 3", n)
		}
	}
}

// einvRawValues returns every version of every key and value in the
// Badger files of an e-invoicing directory, whose store must be closed:
// what an attacker who copies the directory reads.
func einvRawValues(t *testing.T, dir string) [][]byte {
	t.Helper()
	db, err := bdb.Open(bdb.DefaultOptions(filepath.Join(dir, "db")).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out [][]byte
	err = db.View(func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{AllVersions: true, PrefetchValues: false})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			out = append(out, append(it.Item().KeyCopy(nil), v...))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// newSecretKey returns a random secrets key.
func newSecretKey(t *testing.T) *einvoice.SecretKey {
	t.Helper()
	raw := make([]byte, einvoice.SecretKeySize)
	_, _ = rand.Read(raw)
	k, err := einvoice.NewSecretKey(raw)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestSecretsEncryptedAtRest stores a connection under a key and reads
// every version of every raw value of the store: none holds the secret,
// and the connection's is sealed with the key. The events are signed
// with the secret all the same.
func TestSecretsEncryptedAtRest(t *testing.T) {
	dir := t.TempDir()
	key := newSecretKey(t)
	svc, closeSvc := einvService(t, dir, einvoice.Config{Secrets: &einvoice.SecretKeys{Current: key}})
	r := newEInvReceiver(t)
	r.connect(t, svc)
	r.deliverOne(t, svc)
	closeSvc()
	sealed := 0
	for _, v := range einvRawValues(t, dir) {
		if bytes.Contains(v, []byte(r.secret)) {
			t.Fatalf("a raw value holds the secret: %q", v)
		}
		if bytes.Contains(v, []byte(`"keyId":"`+key.ID()+`"`)) {
			sealed++
		}
	}
	if sealed != 1 {
		t.Errorf("%d values sealed with the key, want the connection's", sealed)
	}
}

// TestSecretsEncryptedOnOpen: a store whose secrets are in clear keeps
// no version of them in its raw values once a service with a key has
// started on it (Reseal rewrites the connections), and the connection
// still signs.
func TestSecretsEncryptedOnOpen(t *testing.T) {
	dir := t.TempDir()
	svc, closeSvc := einvService(t, dir, einvoice.Config{})
	r := newEInvReceiver(t)
	r.connect(t, svc)
	closeSvc()
	clear := 0
	for _, v := range einvRawValues(t, dir) {
		if bytes.Contains(v, []byte(r.secret)) {
			clear++
		}
	}
	if clear == 0 {
		t.Fatal("without a key, the secret should be in clear: the test finds nothing")
	}
	svc, closeSvc = einvService(t, dir, einvoice.Config{Secrets: &einvoice.SecretKeys{Current: newSecretKey(t)}})
	r.deliverOne(t, svc)
	closeSvc()
	for _, v := range einvRawValues(t, dir) {
		if bytes.Contains(v, []byte(r.secret)) {
			t.Fatalf("after encryption a raw value holds the secret: %q", v)
		}
	}
}

// TestSecretsRewriteResumes: a crash after the new records were staged
// and marked complete is finished by the next OpenEInvoice; a staging
// without its mark is dropped and the old records stay.
func TestSecretsRewriteResumes(t *testing.T) {
	dir := t.TempDir()
	sk := newSecretKey(t)
	// The connection as a rewrite under sk would write it, and as it is in
	// clear.
	svc, closeSvc := einvService(t, dir, einvoice.Config{Secrets: &einvoice.SecretKeys{Current: sk}})
	r := newEInvReceiver(t)
	c := r.connect(t, svc)
	closeSvc()
	k := einvKey(einvConn, "acme", c.WebhookID)
	var staged []byte
	writeRaw(t, filepath.Join(dir, "db"), func(txn *bdb.Txn) error {
		item, err := txn.Get(k)
		if err != nil {
			return err
		}
		if staged, err = item.ValueCopy(nil); err != nil {
			return err
		}
		var clear einvConnRecord
		if err := json.Unmarshal(staged, &clear); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(`"`+r.secret+`"`), &clear.Secret); err != nil {
			return err
		}
		return einvSet(txn, k, clear)
	})
	stage := func(done bool) {
		writeRaw(t, filepath.Join(dir, "db"), func(txn *bdb.Txn) error {
			if done {
				if err := txn.Set([]byte{einvStageDone}, nil); err != nil {
					return err
				}
			}
			return txn.Set(append([]byte{einvStage}, k[1:]...), staged)
		})
	}
	// Incomplete: dropped; the clear record stays and still signs.
	stage(false)
	svc, closeSvc = einvService(t, dir, einvoice.Config{})
	r.deliverOne(t, svc)
	closeSvc()
	// Complete: finished without a key given, which it does not need.
	stage(true)
	_, closeSvc = einvService(t, dir, einvoice.Config{Passive: true})
	closeSvc()
	for _, v := range einvRawValues(t, dir) {
		if bytes.Contains(v, []byte(r.secret)) || v[0] == einvStage || v[0] == einvStageDone {
			t.Fatalf("after the rewrite: %q", v)
		}
	}
	svc, _ = einvService(t, dir, einvoice.Config{Secrets: &einvoice.SecretKeys{Current: sk}})
	r.deliverOne(t, svc)
}

// TestUpgradeFromV1 opens a store of schema version 1: two delivered
// documents of receivers 9930:é and 9930:ü that share the directory
// 9930___ with absolute receipts, a dead letter whose error quotes a
// target URL with a token, and a connection with its secret in clear.
// OpenEInvoice moves each file to its receiver's directory, makes the
// receipts relative, redacts the error and writes version 2; the service
// then encrypts the secret.
func TestUpgradeFromV1(t *testing.T) {
	dir := t.TempDir()
	svc, closeSvc := einvService(t, dir, einvoice.Config{})
	r := newEInvReceiver(t)
	c := r.connect(t, svc)
	closeSvc()
	oldDir := filepath.Join(dir, "outbox", "9930___")
	if err := os.MkdirAll(oldDir, 0o750); err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{} // document ID -> receiver ID
	writeRaw(t, filepath.Join(dir, "db"), func(txn *bdb.Txn) error {
		if err := txn.Set([]byte{einvSchemaKey}, []byte("1")); err != nil {
			return err
		}
		for _, rcv := range []string{"é", "ü"} {
			id := einvoice.NewGUID()
			docs[id] = rcv
			ref := filepath.Join(oldDir, id+".xml")
			if err := os.WriteFile(ref, []byte("<Invoice>"+rcv+"</Invoice>"), 0o600); err != nil {
				return err
			}
			d := einvoice.Document{DocumentID: id, TenantID: "acme", Status: webhook.StatusCompleted,
				Endpoints: &webhook.Endpoints{Receiver: &webhook.Participant{Scheme: "9930", ID: rcv}},
				Delivery:  &einvoice.Delivery{Transmitter: "outbox-directory", Reference: ref}}
			if err := einvSet(txn, einvKey(einvDoc, "acme", id), d); err != nil {
				return err
			}
		}
		ev := einvEvent{EventID: einvoice.NewGUID(), Tenant: "acme", WebhookID: c.WebhookID, Attempts: 15, DeadAt: time.Now(),
			LastError: `send: Post "https://hooks.example.com/in?token=V1-LEAKED-TOKEN": dial tcp: connection refused`}
		return einvSet(txn, einvKey(einvDead, ev.EventID), ev)
	})

	var logs bytes.Buffer // written by OpenEInvoice only
	sk := newSecretKey(t)
	svc, closeSvc = einvService(t, dir, einvoice.Config{Secrets: &einvoice.SecretKeys{Current: sk}},
		WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	if !strings.Contains(logs.String(), "e-invoicing store upgraded") {
		t.Errorf("logs:\n%s", logs.String())
	}
	ctx := levy.WithTenant(context.Background(), "acme")
	for id, rcv := range docs {
		d, err := svc.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := einvoice.ReceiverDir("9930", rcv) + "/" + id + ".xml"
		if d.Delivery.Reference != want {
			t.Errorf("receipt %s, want %s", d.Delivery.Reference, want)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "outbox", filepath.FromSlash(want))); err != nil || !strings.Contains(string(b), rcv) {
			t.Errorf("%s: %q %v", want, b, err)
		}
	}
	if _, err := os.Stat(oldDir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the emptied directory 9930___ remains: %v", err)
	}
	dead, err := svc.DeadLetters(ctx, "")
	if err != nil || len(dead) != 1 || strings.Contains(dead[0].LastError, "TOKEN") || !strings.Contains(dead[0].LastError, "https://hooks.example.com") {
		t.Errorf("dead letters %+v %v", dead, err)
	}
	r.deliverOne(t, svc)
	closeSvc()
	for _, v := range einvRawValues(t, dir) {
		if strings.Contains(string(v), r.secret) {
			t.Fatalf("after the upgrade a raw value holds the secret: %q", v)
		}
	}
	// A Levy that reads version 1 only refuses the store now.
	writeRaw(t, filepath.Join(dir, "db"), func(txn *bdb.Txn) error {
		item, err := txn.Get([]byte{einvSchemaKey})
		if err != nil {
			return err
		}
		return item.Value(func(v []byte) error {
			if string(v) != einvSchemaVersion {
				t.Errorf("schema version %q", v)
			}
			return nil
		})
	})
}

// TestEInvoiceWritesRefusedWhenGone: the store's own writes are
// refused as unavailable once its directory is deleted, and Close leaves
// the files open rather than flush into the lost directory.
func TestEInvoiceWritesRefusedWhenGone(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "einvoice")
	s, err := OpenEInvoice(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	d := &einvoice.Document{DocumentID: einvoice.NewGUID(), TenantID: "acme", Status: webhook.StatusPending}
	if _, err := s.Submit(ctx, einvoice.Submission{Document: d, Content: []byte("x")}); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("Submit: %v, want unavailable", err)
	}
	c := einvoice.ConnectionRecord{Connection: einvoice.Connection{WebhookID: einvoice.NewGUID(), TenantID: "acme"}}
	if _, err := s.CreateConnection(ctx, c, einvoice.ConnectionKey{}, einvoice.MaxConnections); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("CreateConnection: %v, want unavailable", err)
	}
	if err := s.CheckWrite(ctx); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("CheckWrite: %v, want unavailable", err)
	}
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "left open") {
		t.Errorf("Close: %v", err)
	}
}

// TestIdempotencyKeyBeforeDigests: an idempotency key stored by a Levy
// that kept no digest with it (its value the bare document ID) still
// answers a repeat of its document with the first record, and refuses
// another document under it (409, Idempotency-Key): the service compares
// with the digest of the first document's record. A key stored now holds
// its digest.
func TestIdempotencyKeyBeforeDigests(t *testing.T) {
	dir := t.TempDir()
	ctx := levy.WithTenant(context.Background(), "acme")
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	svc, closeSvc := einvService(t, dir, einvoice.Config{})
	first, created, err := svc.Submit(ctx, doc, "order-2025-17")
	if err != nil || !created {
		t.Fatalf("first: %v %v", created, err)
	}
	closeSvc()
	key := einvKey(einvSubmit, "acme", "order-2025-17")
	writeRaw(t, filepath.Join(dir, "db"), func(txn *bdb.Txn) error {
		item, err := txn.Get(key)
		if err != nil {
			return err
		}
		stored, err := item.ValueCopy(nil)
		if err != nil {
			return err
		}
		if want := `{"documentId":"` + first.DocumentID + `","sha256":"` + first.SHA256 + `"}`; string(stored) != want {
			t.Errorf("the key holds %s, want %s", stored, want)
		}
		// The key as a Levy that kept no digests wrote it.
		return einvSet(txn, key, first.DocumentID)
	})
	svc, _ = einvService(t, dir, einvoice.Config{})
	again, created, err := svc.Submit(ctx, doc, "order-2025-17")
	if err != nil || created || again.DocumentID != first.DocumentID {
		t.Fatalf("the same document under the old key: %+v %v %v", again, created, err)
	}
	other := bytes.Replace(doc, []byte("LVY-2026-0042"), []byte("LVY-2026-0043"), 1)
	_, _, err = svc.Submit(ctx, other, "order-2025-17")
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EConflict || le.Field != "Idempotency-Key" || !strings.Contains(le.Message, first.DocumentID) {
		t.Fatalf("another document under the old key: %v", err)
	}
}
