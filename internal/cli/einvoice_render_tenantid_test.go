package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestRenderSubmitEventTenantID: the Pending event of a document that
// levy einvoice render --submit queues names the tenant in tenantId by
// the UUID kept with its credentials, as the events that levy serve
// makes of the same document (In Progress, Completed) do, not by the
// tenant's name: a receiver that finds the tenant by its UUID finds
// every event of the document.
func TestRenderSubmitEventTenantID(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "clients", "create", "--data-dir", dir, "--tenant", "acme", "--audience", "verx://migration-api")
	var c credential
	if err := json.Unmarshal([]byte(out), &c); code != 0 || err != nil || !webhook.IsGUID(c.TenantID) {
		t.Fatalf("clients create: exit %d, %s %s", code, out, errOut)
	}
	sale := filepath.Join(t.TempDir(), "sale.json")
	if err := os.WriteFile(sale, []byte(crossBorderSale), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", "acme", sale); code != 0 {
		t.Fatalf("calc: %d %s", code, errOut)
	}

	// A webhook connection of acme, made as the server makes one.
	store, err := badger.OpenEInvoice(ctx, einvoiceDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	svc, err := einvoice.New(ctx, store, einvoice.Config{Passive: true, AllowPrivateTargets: true})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := svc.CreateConnection(levy.WithTenant(ctx, "acme"), einvoice.NewConnection{TargetURL: "https://receiver.example/levy",
		SecretKey: "a-secret-of-well-over-thirty-two-bytes-for-tests", Events: einvoice.AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Close(); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	code, out, errOut = runCLI(t, "einvoice", "render", "--data-dir", dir, "--tenant", "acme", "--transaction", "INV-7", "--submit")
	var rec einvoice.Document
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil || rec.Status != webhook.StatusPending {
		t.Fatalf("render --submit: %d %s %s", code, out, errOut)
	}

	store, err = badger.OpenEInvoice(ctx, einvoiceDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ev, err := store.NextEvent(ctx, conn.WebhookID, einvoice.Lease{Owner: "test", Term: einvoice.DefaultLeaseTerm})
	if err != nil || ev == nil {
		t.Fatalf("the event of the submission: %v, %v", ev, err)
	}
	var body webhook.Event
	if err := json.Unmarshal(ev.Body, &body); err != nil {
		t.Fatal(err)
	}
	if body.DocumentID != rec.DocumentID || body.Status != webhook.StatusPending {
		t.Fatalf("the queued event is %s", ev.Body)
	}
	if body.TenantID != c.TenantID {
		t.Errorf("the Pending event names the tenant %q; the server's events of the document name it %q (its UUID)", body.TenantID, c.TenantID)
	}
}
