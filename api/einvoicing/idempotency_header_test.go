package einvoicing

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice"
)

// TestIdempotencyKeySentTwice: a submission with two Idempotency-Key
// header lines was taken under the first and the second ignored, so that
// which submission the client meant was guessed, and a later submission
// under the second key stored the document again. It is refused, 400
// naming Idempotency-Key, on both routes that submit; one key goes
// through as before.
func TestIdempotencyKeySentTwice(t *testing.T) {
	j, e := journaledEngine(t)
	calcSale(t, e, "acme", strings.Replace(germanSale, "%s", "INV-1", 1))
	h := newStrictHarness(t, einvoice.Config{AllowPrivateTargets: true}, WithJournal(j))
	send := func(path, contentType string, body []byte, keys ...string) answer {
		t.Helper()
		req, err := http.NewRequest("POST", h.url+path, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+h.tokens["acme"])
		req.Header.Set("Content-Type", contentType)
		for _, k := range keys {
			req.Header.Add("Idempotency-Key", k)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return answer{resp.StatusCode, resp.Header, b}
	}
	for i, c := range []struct {
		path, contentType string
		body              []byte
	}{
		{"/einvoicing/v1/documents", "application/xml", invoice(t)},
		{"/einvoicing/v1/transactions/INV-1/submit", "application/json", []byte(`{"syntax": "cii"}`)},
	} {
		first, second := fmt.Sprintf("batch-%d-doc-1", i), fmt.Sprintf("batch-%d-doc-2", i)
		a := send(c.path, c.contentType, c.body, first, second)
		if a.status != http.StatusBadRequest || target(t, a) != "Idempotency-Key" {
			t.Errorf("%s with two keys: %d %s, want 400 naming Idempotency-Key", c.path, a.status, a.body)
		}
		if a := send(c.path, c.contentType, c.body, second); a.status != http.StatusAccepted {
			t.Errorf("%s with one key: %d %s", c.path, a.status, a.body)
		}
	}
}
