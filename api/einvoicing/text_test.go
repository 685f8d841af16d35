package einvoicing

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice"
)

// TestSecretKeyKeptAsSent: the signature is keyed with the UTF-8 bytes
// of the secret (the specification's "Signature", step 2). A secretKey
// whose JSON string holds bytes that are not UTF-8, or a \u escape of
// half a surrogate pair, was accepted (201) and stored with U+FFFD in
// their place: every event was then signed with a secret the receiver
// was never given, and refused. Such a body is refused, 400 naming
// secretKey (at creation and at a replacement), as is a targetUrl in the
// same state; a secret of UTF-8 text outside ASCII, sent as it is or
// escaped, signs events that a receiver written from the specification
// verifies with the UTF-8 bytes of the secret.
func TestSecretKeyKeptAsSent(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	const base = "0123456789abcdef0123456789abcdef-"
	for _, tc := range []struct {
		name, target, secret, field string
	}{
		{"secret byte not UTF-8", "https://a.example/x", base + "caf\xe9", "secretKey"},
		{"secret lone low surrogate", "https://a.example/x", base + `caf\udc00`, "secretKey"},
		{"secret lone high surrogate", "https://a.example/x", base + `caf\ud83d-`, "secretKey"},
		{"secret high surrogate at the end", "https://a.example/x", base + `caf\ud83d`, "secretKey"},
		{"secret high then a non-surrogate escape", "https://a.example/x", base + `\ud83d\u0041`, "secretKey"},
		{"target byte not UTF-8", "https://a.example/caf\xe9", base + "secret", "targetUrl"},
		{"target lone surrogate", `https://a.example/\udfff`, base + "secret", "targetUrl"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := `{"targetUrl":"` + tc.target + `","secretKey":"` + tc.secret + `","events":"all"}`
			a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(body), "Content-Type", "application/json")
			if a.status != http.StatusBadRequest || target(t, a) != tc.field {
				t.Fatalf("%d %s, want 400 naming %s", a.status, a.body, tc.field)
			}
		})
	}
	// The same behind a byte order mark, which the decoder skips.
	bom := "\xef\xbb\xbf" + `{"targetUrl":"https://a.example/x","secretKey":"` + base + "caf\xe9" + `","events":"all"}`
	if a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(bom), "Content-Type", "application/json"); a.status != http.StatusBadRequest || target(t, a) != "secretKey" {
		t.Errorf("behind a byte order mark: %d %s, want 400 naming secretKey", a.status, a.body)
	}
	if a := h.do("GET", "/einvoicing/v1/webhooks", "acme", nil); len(data[[]einvoice.Connection](t, a)) != 0 {
		t.Fatalf("a refused connection was stored: %s", a.body)
	}

	// Secrets of text outside ASCII, each sent so and stored as the
	// UTF-8 bytes the receiver holds.
	for _, tc := range []struct{ name, sent, utf8 string }{
		{"as it is", base + "café-Grüße", base + "café-Grüße"},
		{"escaped", base + `caf\u00e9-\ud83d\ude00`, base + "café-\U0001F600"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rr := newRotationReceiver(t, tc.utf8)
			rr.accept.Store(&rr.secrets[0])
			body := `{"targetUrl":"` + rr.url + `","secretKey":"` + tc.sent + `","events":["Pending"]}`
			a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(body), "Content-Type", "application/json")
			if a.status != http.StatusCreated {
				t.Fatalf("create: %d %s", a.status, a.body)
			}
			c := data[einvoice.Connection](t, a)
			t.Cleanup(func() { h.do("DELETE", "/einvoicing/v1/webhooks/"+c.WebhookID, "acme", nil) })
			if a := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml"); a.status != http.StatusAccepted {
				t.Fatalf("submit: %d %s", a.status, a.body)
			}
			waitFor(t, "the Pending event", func() bool { return len(rr.requests()) > 0 })
			if r := rr.requests()[0]; !r.accepted || r.status != "Pending" {
				t.Errorf("the event is not signed with the UTF-8 bytes of the secret: %+v", r)
			}
		})
	}

	// A replacement is checked the same way, and leaves the secret as
	// it was.
	rr := newRotationReceiver(t, base+"first")
	a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(`{"targetUrl":"`+rr.url+`","secretKey":"`+base+`first","events":"all"}`), "Content-Type", "application/json")
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.body)
	}
	c := data[einvoice.Connection](t, a)
	for _, bad := range []string{base + "caf\xe9", base + `\udc00`} {
		a := h.do("POST", "/einvoicing/v1/webhooks/"+c.WebhookID+"/secret", "acme", []byte(`{"secretKey":"`+bad+`"}`), "Content-Type", "application/json")
		if a.status != http.StatusBadRequest || target(t, a) != "secretKey" {
			t.Errorf("replace with %q: %d %s, want 400 naming secretKey", bad, a.status, a.body)
		}
	}
	rr.accept.Store(&rr.secrets[0])
	if a := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml"); a.status != http.StatusAccepted {
		t.Fatalf("submit: %d %s", a.status, a.body)
	}
	waitFor(t, "an event", func() bool { return len(rr.requests()) > 0 })
	if r := rr.requests()[0]; !r.accepted {
		t.Errorf("after the refused replacements the event is not signed with the first secret: %+v", r)
	}
}

// TestEventsItemsNamed: an item of the events list that is not a string
// (a number, null, a list, an object, a boolean) was answered 400 "the
// request body does not fit" naming no member; each is named by its
// index in the list as sent, "all" counted, beside the other faults of
// the body.
func TestEventsItemsNamed(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	for _, tc := range []struct {
		events string
		want   []string // the targets, in order
	}{
		{`[7]`, []string{"events[0]"}},
		{`["Pending", 7]`, []string{"events[1]"}},
		{`["all", null]`, []string{"events[1]"}},
		{`[["Pending"]]`, []string{"events[0]"}},
		{`[{"status":"Pending"}]`, []string{"events[0]"}},
		{`[true, "Completed", "Sent"]`, []string{"events[0]", "events[2]"}},
		{`["all", 1, "Completed", "Sent"]`, []string{"events[1]", "events[3]"}},
	} {
		t.Run(tc.events, func(t *testing.T) {
			body := `{"targetUrl":"https://a.example/x","secretKey":"` + secret + `","events":` + tc.events + `}`
			a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(body), "Content-Type", "application/json")
			var got []string
			for _, e := range errorsOf(t, a) {
				got = append(got, e.Target)
			}
			if a.status != http.StatusBadRequest || strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Fatalf("%d %s, want 400 naming %v", a.status, a.body, tc.want)
			}
		})
	}
}

// errorsOf decodes the errors of an answer.
func errorsOf(t *testing.T, a answer) []struct{ Target, Message string } {
	t.Helper()
	var env struct {
		Errors []struct{ Target, Message string }
	}
	if err := json.Unmarshal(a.body, &env); err != nil {
		t.Fatalf("%v: %s", err, a.body)
	}
	return env.Errors
}
