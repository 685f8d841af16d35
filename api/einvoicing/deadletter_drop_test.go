package einvoicing

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
)

// deadLetterHarness is a harness whose events are given up at their
// first attempt (MaxAttempts 1), with a connection of every event for
// each of tenants to a receiver that answers 503 to every delivery (it
// stops when the test ends): an event queued for one of them is a dead
// letter at once. It returns the connections by tenant.
func deadLetterHarness(t *testing.T, tenants ...string) (*harness, map[string]einvoice.Connection) {
	t.Helper()
	h := newHarness(t, einvoice.Config{MaxAttempts: 1})
	tg := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	t.Cleanup(tg.Close)
	conn := []byte(`{"targetUrl":"` + tg.URL + `","secretKey":"` + secret + `","events":"all"}`)
	hooks := map[string]einvoice.Connection{}
	for _, tenant := range tenants {
		a := h.do("POST", "/einvoicing/v1/webhooks", tenant, conn, "Content-Type", "application/json")
		if a.status != 201 {
			t.Fatalf("create %s's webhook: %d %s", tenant, a.status, a.body)
		}
		hooks[tenant] = data[einvoice.Connection](t, a)
	}
	return h, hooks
}

// TestDropDeadLetterRoute: DELETE /admin/v1/einvoicing/dead-letters/{eventId}
// drops a dead letter for good. A tenant's admin drops its own tenant's
// only: another tenant's event ID is answered 404, as an unknown one, and
// the dead letter stays; the operator drops any tenant's. A dead letter
// of a connection deleted since, which replay refuses, can be dropped.
func TestDropDeadLetterRoute(t *testing.T) {
	h, hooks := deadLetterHarness(t, "acme", "globex")
	for _, tenant := range []string{"acme", "globex"} {
		if a := h.do("POST", "/einvoicing/v1/documents", tenant, invoice(t), "Content-Type", "application/xml"); a.status != 202 {
			t.Fatalf("submit for %s: %d %s", tenant, a.status, a.body)
		}
	}
	list := func(who, query string) []einvoice.DeadLetter {
		t.Helper()
		a := h.do("GET", "/admin/v1/einvoicing/dead-letters"+query, who, nil)
		if a.status != 200 {
			t.Fatalf("list the dead letters as %s: %d %s", who, a.status, a.body)
		}
		return data[[]einvoice.DeadLetter](t, a)
	}
	// Pending, In Progress and a final status, each given up at once.
	for deadline := time.Now().Add(10 * time.Second); len(list("admin", "?tenant=acme")) < 3 || len(list("admin", "?tenant=globex")) < 3; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("dead letters: %+v", list("admin", ""))
		}
	}
	acme, globex := list("acme-admin", ""), list("globex-admin", "")
	if len(acme) != 3 || len(globex) != 3 || acme[0].TenantID != "acme" || globex[0].TenantID != "globex" {
		t.Fatalf("each admin's own dead letters: acme %+v, globex %+v", acme, globex)
	}
	drop := func(who, id string) answer {
		t.Helper()
		return h.do("DELETE", "/admin/v1/einvoicing/dead-letters/"+id, who, nil)
	}
	wantError := func(what string, a answer, status int, field string) {
		t.Helper()
		if a.status != status || target(t, a) != field {
			t.Errorf("%s: %d %s, want %d naming %s", what, a.status, a.body, status, field)
		}
	}

	wantError("globex's admin drops acme's dead letter", drop("globex-admin", acme[0].EventID), 404, "eventId")
	wantError("an unknown dead letter", drop("acme-admin", einvoice.NewGUID()), 404, "eventId")
	wantError("a bad event ID", drop("acme-admin", "not-a-guid"), 400, "eventId")
	if a := drop("acme", acme[0].EventID); a.status != 403 {
		t.Errorf("a tenant's token that is not an admin's dropped a dead letter: %d %s", a.status, a.body)
	}
	if got := list("acme-admin", ""); len(got) != 3 {
		t.Fatalf("acme's dead letters after the refused drops: %d, want 3", len(got))
	}

	a := drop("acme-admin", acme[0].EventID)
	if a.status != 200 {
		t.Fatalf("acme's admin drops its dead letter: %d %s", a.status, a.body)
	}
	if got := data[einvoice.DeadLetter](t, a); got.EventID != acme[0].EventID || got.TenantID != "acme" || got.Status != acme[0].Status || got.Attempts != 1 {
		t.Errorf("the dropped dead letter: %+v, want %+v", got, acme[0])
	}
	if got := list("acme-admin", ""); len(got) != 2 || got[0].EventID != acme[1].EventID {
		t.Errorf("acme's dead letters after the drop: %+v", got)
	}
	wantError("dropping twice", drop("acme-admin", acme[0].EventID), 404, "eventId")
	wantError("replaying a dropped dead letter", h.do("POST", "/admin/v1/einvoicing/dead-letters/"+acme[0].EventID+"/replay", "admin", nil), 404, "eventId")

	// Once its connection is deleted a dead letter cannot be replayed,
	// and is dropped.
	if a := h.do("DELETE", "/einvoicing/v1/webhooks/"+hooks["acme"].WebhookID, "acme", nil); a.status != 200 {
		t.Fatalf("delete acme's webhook: %d %s", a.status, a.body)
	}
	wantError("replaying a dead letter of a deleted connection", h.do("POST", "/admin/v1/einvoicing/dead-letters/"+acme[1].EventID+"/replay", "acme-admin", nil), 404, "eventId")
	if a := drop("acme-admin", acme[1].EventID); a.status != 200 {
		t.Errorf("dropping a dead letter of a deleted connection: %d %s", a.status, a.body)
	}
	// The operator drops any tenant's.
	if a := drop("admin", globex[2].EventID); a.status != 200 || data[einvoice.DeadLetter](t, a).TenantID != "globex" {
		t.Errorf("the operator drops globex's dead letter: %d %s", a.status, a.body)
	}
	if got := list("admin", ""); len(got) != 3 {
		t.Errorf("the dead letters at the end: %+v, want acme's last and globex's first two", got)
	}
}
