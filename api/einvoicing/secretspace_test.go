package einvoicing

import (
	"strconv"
	"testing"

	"github.com/levytax/levy/einvoice"
)

// TestSecretKeyWithSpacesAroundIsRefused: a secretKey that begins or ends
// with white space (a space, a tab, a newline copied with it) is refused
// with 400 naming secretKey, at creation and when a secret is replaced,
// and nothing is stored. Before, it was accepted, and a receiver that
// trims its configured secret, as many do, refused every event's
// signature. Spaces within a secret are kept as they are.
func TestSecretKeyWithSpacesAroundIsRefused(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	conn := func(sec string) []byte {
		return []byte(`{"targetUrl":"https://a.example/x","secretKey":` + strconv.Quote(sec) + `,"events":"all"}`)
	}
	ok := h.do("POST", "/einvoicing/v1/webhooks", "acme", conn(secret), "Content-Type", "application/json")
	if ok.status != 201 {
		t.Fatalf("create a connection: %d %s", ok.status, ok.body)
	}
	id := data[einvoice.Connection](t, ok).WebhookID
	for _, sec := range []string{" " + secret, secret + " ", secret + "\n", "\t" + secret, secret + "\u00a0"} {
		a := h.do("POST", "/einvoicing/v1/webhooks", "acme", conn(sec), "Content-Type", "application/json")
		if a.status != 400 || target(t, a) != "secretKey" {
			t.Errorf("create with secretKey %q: %d %s", sec, a.status, a.body)
		}
		a = h.do("POST", "/einvoicing/v1/webhooks/"+id+"/secret", "acme", []byte(`{"secretKey":`+strconv.Quote(sec)+`}`), "Content-Type", "application/json")
		if a.status != 400 || target(t, a) != "secretKey" {
			t.Errorf("replace with secretKey %q: %d %s", sec, a.status, a.body)
		}
	}
	if n := len(data[[]einvoice.Connection](t, h.do("GET", "/einvoicing/v1/webhooks", "acme", nil))); n != 1 {
		t.Errorf("%d connections stored, want the one", n)
	}
	inner := secret[:10] + " " + secret[10:]
	if a := h.do("POST", "/einvoicing/v1/webhooks", "acme", conn(inner), "Content-Type", "application/json"); a.status != 201 {
		t.Errorf("a secret with a space within: %d %s", a.status, a.body)
	}
}
