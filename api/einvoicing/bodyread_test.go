package einvoicing

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/internal/httpbody/bodytest"
)

// TestBrokenBodiesAreRefusals sends the broken bodies of the review's
// finding Low 5 (a chunk size that is not hexadecimal, a body shorter
// than its Content-Length, a chunk extension of 100 KB, a body that
// stalls past the read timeout) over raw TCP to the submission of a
// document and the creation of a webhook connection: each is answered
// 400, the stalled one 408, and none is logged as a fault. A broken
// document was answered 400 before, but 400 for a stalled one too; a
// broken connection body was answered 500 and logged at ERROR.
func TestBrokenBodiesAreRefusals(t *testing.T) {
	logs, log := bodytest.NewLog()
	h := newServerHarness(t, einvoice.Config{AllowPrivateTargets: true}, log, bodytest.ReadTimeout)
	addr := strings.TrimPrefix(h.url, "http://")
	for _, route := range []struct{ path, contentType string }{
		{"/einvoicing/v1/documents", "application/xml"},
		{"/einvoicing/v1/webhooks", "application/json"},
	} {
		for _, c := range bodytest.Cases() {
			head := "POST " + route.path + " HTTP/1.1\nHost: levy\nAuthorization: Bearer " + h.tokens["acme"] +
				"\nContent-Type: " + route.contentType + "\nX-Request-Id: broken-body"
			a := bodytest.Send(t, addr, head, c)
			var body api.ErrorBody
			if err := json.Unmarshal(a.Body, &body); err != nil || len(body.Errors) != 1 {
				t.Errorf("%s, %s: %d, not one error: %v %s", route.path, c.Name, a.Status, err, a.Body)
				continue
			}
			t.Logf("%s, %s: %d %s: %s", route.path, c.Name, a.Status, body.Errors[0].Code, body.Errors[0].Message)
			if a.Status != c.Status {
				t.Errorf("%s, %s: %d, want %d", route.path, c.Name, a.Status, c.Status)
			}
			if strings.Contains(string(a.Body), "127.0.0.1") {
				t.Errorf("%s, %s: the answer names the server's address: %s", route.path, c.Name, a.Body)
			}
		}
	}
	for _, rec := range logs.Errors(t) {
		t.Errorf("a broken body was logged as a fault: %v", rec)
	}
	refused := 0
	for _, rec := range logs.Lines(t) {
		if rec["request_id"] == "broken-body" && rec["msg"] == "request refused" {
			refused++
		}
	}
	if want := 2 * len(bodytest.Cases()); refused != want {
		t.Errorf("%d refusals logged, want %d", refused, want)
	}
	// The server still serves whole bodies.
	if a := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml"); a.status != http.StatusAccepted {
		t.Errorf("a whole document: %d %s", a.status, a.body)
	}
}
