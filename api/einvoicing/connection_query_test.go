package einvoicing

import (
	"testing"

	"github.com/levytax/levy/einvoice"
)

// TestConnectionRoutesRefuseQueryParameters: the webhook connection
// routes read no query parameter but the webhookId of
// DELETE /einvoicing/v1/webhooks, and that one once. Before, the others
// were passed over: DELETE /einvoicing/v1/webhooks/B?webhookId=A and
// DELETE /einvoicing/v1/webhooks?webhookId=A&webhookId=B both deleted
// one connection and answered 200, the client unaware that its second
// name was dropped (the connection deleted might not be the one meant),
// and POST /einvoicing/v1/webhooks?tenant=globex created a connection of
// the token's tenant. Each is now refused with 400 naming the
// parameter, and changes nothing.
func TestConnectionRoutesRefuseQueryParameters(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	body := func() []byte {
		return []byte(`{"targetUrl":"https://a.example/x","secretKey":"` + secret + `","events":"all"}`)
	}
	create := func() string {
		a := h.do("POST", "/einvoicing/v1/webhooks", "acme", body(), "Content-Type", "application/json")
		if a.status != 201 {
			t.Fatalf("create a connection: %d %s", a.status, a.body)
		}
		return data[einvoice.Connection](t, a).WebhookID
	}
	a, b := create(), create()
	sec := []byte(`{"secretKey":"` + secret + `-2"}`)
	for _, tc := range []struct {
		name, method, path string
		body               []byte
		target             string
	}{
		{"delete by path and query", "DELETE", "/einvoicing/v1/webhooks/" + b + "?webhookId=" + a, nil, "webhookId"},
		{"delete by query twice", "DELETE", "/einvoicing/v1/webhooks?webhookId=" + a + "&webhookId=" + b, nil, "webhookId"},
		{"delete by query with another", "DELETE", "/einvoicing/v1/webhooks?webhookId=" + a + "&force=true", nil, "force"},
		{"create for another tenant", "POST", "/einvoicing/v1/webhooks?tenant=globex", body(), "tenant"},
		{"list another tenant's", "GET", "/einvoicing/v1/webhooks?tenant=globex", nil, "tenant"},
		{"get with a parameter", "GET", "/einvoicing/v1/webhooks/" + a + "?webhookId=" + b, nil, "webhookId"},
		{"replace a secret with a parameter", "POST", "/einvoicing/v1/webhooks/" + a + "/secret?tenant=globex", sec, "tenant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var headers []string
			if tc.body != nil {
				headers = []string{"Content-Type", "application/json"}
			}
			ans := h.do(tc.method, tc.path, "acme", tc.body, headers...)
			if ans.status != 400 {
				t.Fatalf("status %d, want 400: %s", ans.status, ans.body)
			}
			if got := target(t, ans); got != tc.target {
				t.Errorf("target %q, want %q: %s", got, tc.target, ans.body)
			}
		})
	}
	// Nothing was deleted or created.
	list := data[[]einvoice.Connection](t, h.do("GET", "/einvoicing/v1/webhooks", "acme", nil))
	if len(list) != 2 {
		t.Errorf("acme has %d connections after the refused requests, want the 2 it made: %+v", len(list), list)
	}
	if n := len(data[[]einvoice.Connection](t, h.do("GET", "/einvoicing/v1/webhooks", "globex", nil))); n != 0 {
		t.Errorf("globex has %d connections, want none", n)
	}
	// One name, in the path or in the query, deletes.
	if ans := h.do("DELETE", "/einvoicing/v1/webhooks?webhookId="+a, "acme", nil); ans.status != 200 {
		t.Errorf("delete by query: %d %s", ans.status, ans.body)
	}
	if ans := h.do("DELETE", "/einvoicing/v1/webhooks/"+b, "acme", nil); ans.status != 200 {
		t.Errorf("delete by path: %d %s", ans.status, ans.body)
	}
}
