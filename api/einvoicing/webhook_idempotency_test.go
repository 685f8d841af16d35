package einvoicing

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice"
)

// TestCreateWebhookIdempotencyKey: a client whose creation of a webhook
// connection lost its answer sends it again under its Idempotency-Key.
// Over real HTTP on loopback, the second is answered 200 with the first
// connection, and the tenant has one connection, so the receiver gets
// every event of a document once; another body under the key is refused
// with 409 naming Idempotency-Key and stores nothing; once the
// connection is deleted the key makes a new one. Without the header
// every creation makes a connection, as before.
func TestCreateWebhookIdempotencyKey(t *testing.T) {
	const hookSecret = "the-secret-of-acme-hooks-0123456789abcdef"
	h := newHarness(t, einvoice.Config{MaxAttempts: 1000})
	rr := newRotationReceiver(t, hookSecret)
	rr.accept.Store(new(hookSecret))
	body := []byte(`{"targetUrl":"` + rr.url + `","secretKey":"` + hookSecret + `","events":"all"}`)
	create := func(who string, body []byte, key string) answer {
		t.Helper()
		headers := []string{"Content-Type", "application/json"}
		if key != "" {
			headers = append(headers, "Idempotency-Key", key)
		}
		return h.do("POST", "/einvoicing/v1/webhooks", who, body, headers...)
	}
	list := func() []einvoice.Connection {
		t.Helper()
		return data[[]einvoice.Connection](t, h.do("GET", "/einvoicing/v1/webhooks", "acme", nil))
	}

	first := create("acme", body, "acme-hooks-1")
	if first.status != http.StatusCreated {
		t.Fatalf("create under a key: %d %s", first.status, first.body)
	}
	c := data[einvoice.Connection](t, first)
	again := create("acme", body, "acme-hooks-1")
	if again.status != http.StatusOK {
		t.Errorf("the creation sent again under its key: %d %s, want 200", again.status, again.body)
	}
	if string(data[json.RawMessage](t, again)) != string(data[json.RawMessage](t, first)) || again.header.Get("Location") != first.header.Get("Location") {
		t.Errorf("the creation sent again answers\n%s (Location %s)\nwant the first\n%s (Location %s)",
			again.body, again.header.Get("Location"), first.body, first.header.Get("Location"))
	}
	if got := list(); len(got) != 1 {
		t.Errorf("%d connections after a creation sent twice under one key, want 1", len(got))
	}

	a := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml")
	if a.status != http.StatusAccepted {
		t.Fatalf("submit: %d %s", a.status, a.body)
	}
	d := data[einvoice.Document](t, a)
	if done := h.waitDocument(t, "acme", d.DocumentID); done.Status != "Completed" {
		t.Fatalf("the document ended %s", done.Status)
	}
	statuses := func() map[string]int {
		n := map[string]int{}
		for _, r := range rr.requests() {
			if r.accepted {
				n[r.status]++
			}
		}
		return n
	}
	waitFor(t, "the document's three events", func() bool { return len(statuses()) == 3 })
	for status, n := range statuses() {
		if n != 1 {
			t.Errorf("the receiver got the %s event %d times, want once", status, n)
		}
	}

	other := []byte(`{"targetUrl":"` + rr.url + `/other","secretKey":"` + hookSecret + `","events":"all"}`)
	otherSecret := []byte(`{"targetUrl":"` + rr.url + `","secretKey":"another-secret-of-acme-0123456789abcdef","events":"all"}`)
	for name, b := range map[string][]byte{"another target": other, "another secret": otherSecret} {
		a := create("acme", b, "acme-hooks-1")
		if a.status != http.StatusConflict || target(t, a) != "Idempotency-Key" {
			t.Errorf("%s under the key: %d %s, want 409 naming Idempotency-Key", name, a.status, a.body)
		}
	}
	if got := list(); len(got) != 1 {
		t.Errorf("%d connections after refused creations, want 1", len(got))
	}
	if a := create("globex", body, "acme-hooks-1"); a.status != http.StatusCreated {
		t.Errorf("another tenant's creation under the key: %d %s, want 201", a.status, a.body)
	}
	// Two header lines: which creation the client meant is unclear.
	req, err := http.NewRequest("POST", h.url+"/einvoicing/v1/webhooks", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+h.tokens["acme"])
	req.Header.Set("Content-Type", "application/json")
	req.Header.Add("Idempotency-Key", "acme-hooks-1")
	req.Header.Add("Idempotency-Key", "acme-hooks-2")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if a := (answer{resp.StatusCode, resp.Header, b}); a.status != http.StatusBadRequest || target(t, a) != "Idempotency-Key" {
		t.Errorf("two Idempotency-Key lines: %d %s, want 400 naming Idempotency-Key", a.status, a.body)
	}
	// A key of more than 128 characters.
	if a := create("acme", body, strings.Repeat("k", 129)); a.status != http.StatusBadRequest || target(t, a) != "Idempotency-Key" {
		t.Errorf("a key of 129 characters: %d %s, want 400 naming Idempotency-Key", a.status, a.body)
	}
	if got := list(); len(got) != 1 {
		t.Errorf("%d connections after refused creations, want 1", len(got))
	}
	if a := h.do("DELETE", "/einvoicing/v1/webhooks/"+c.WebhookID, "acme", nil); a.status != http.StatusOK {
		t.Fatalf("delete: %d %s", a.status, a.body)
	}
	renewed := create("acme", body, "acme-hooks-1")
	if renewed.status != http.StatusCreated || data[einvoice.Connection](t, renewed).WebhookID == c.WebhookID {
		t.Fatalf("the key of a deleted connection: %d %s, want 201 and a new connection", renewed.status, renewed.body)
	}
	if a := create("acme", otherSecret, "acme-hooks-1"); a.status != http.StatusConflict {
		t.Errorf("another body under the key taken again: %d %s, want 409", a.status, a.body)
	}
	before := len(list())
	for range 2 {
		if a := create("acme", body, ""); a.status != http.StatusCreated {
			t.Fatalf("a creation without a key: %d %s", a.status, a.body)
		}
	}
	if got := len(list()); got != before+2 {
		t.Errorf("two creations without a key made %d connections, want 2", got-before)
	}
}
