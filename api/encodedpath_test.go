package api

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestEncodedSlashesAndDotsInIDs checks a transaction whose ID holds
// what a path cannot hold as it is: two slashes in a row, a leading
// slash, a "." or ".." between slashes. A calculation stores such an ID,
// and a client puts it in the path percent-encoded (a%2F%2Fb), as RFC
// 3986 has it; but the check that refuses a path with an empty, "." or
// ".." segment read the path decoded, and answered 404 "there is no
// /api/v2/transaction-exists/a//b": the transaction could not be checked,
// reversed, rolled back or deleted. The segments are those of the path
// as sent; the same paths sent unencoded still name nothing, without a
// redirect. A subtree's handler reads the rest of the path decoded (a
// file server does): there an encoded "." or ".." segment names nothing
// either.
func TestEncodedSlashesAndDotsInIDs(t *testing.T) {
	h := newHarness(t, WithUndocumentedHandler("GET /tree/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteData(w, r, http.StatusOK, r.URL.Path)
	})))
	for _, id := range []string{"enc//slashes", "/enc-leading", "enc/../dots", "enc/./dot", "enc/.."} {
		t.Run(id, func(t *testing.T) {
			invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
			idJSON, err := json.Marshal(id)
			if err != nil {
				t.Fatal(err)
			}
			invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":`+string(idJSON)+`,"saleMessageType"`, 1)
			if a := h.post("/api/v2/supplies", invoice); a.status != http.StatusOK {
				t.Fatalf("storing %q: %d %s", id, a.status, a.body)
			}
			escaped := strings.ReplaceAll(url.PathEscape(id), ".", "%2E")
			var exists ExistsAnswer
			a := h.do("GET", "/api/v2/transaction-exists/"+escaped, nil)
			if a.status != http.StatusOK {
				t.Fatalf("exists %s: %d %s", escaped, a.status, a.body)
			}
			if err := json.Unmarshal(a.body, &exists); err != nil || exists.TransactionID != id || exists.TransactionExistsIndicator != "true" {
				t.Errorf("exists %s: %s (%v)", escaped, a.body, err)
			}
			if a := h.post("/vertex-ws/v2/transactions/"+escaped+"/reversal", `{"data":{"transactionId":"rev-`+strings.ReplaceAll(id, "/", "_")+`"}}`); a.status != http.StatusOK {
				t.Errorf("reversal of %s: %d %s", escaped, a.status, a.body)
			}
			if a := h.do("DELETE", "/api/v2/transactions/"+escaped, nil); a.status != http.StatusOK {
				t.Errorf("deleting %s: %d %s", escaped, a.status, a.body)
			}
		})
	}
	// Unencoded, an empty, "." or ".." segment names nothing, and is not
	// redirected to another operation.
	for _, p := range []string{"/api/v2/transactions//reversal", "/api/v2/transaction-exists/enc/../dots",
		"/api/v2/transactions/x/./reversal", "/api//v2/supplies"} {
		req, err := http.NewRequest("POST", h.srv.URL+p, strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		req.URL.Opaque = p // sent as it is, not cleaned by the client
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, resp.StatusCode)
		}
	}
	for p, want := range map[string]int{"/tree/a%2Fb": http.StatusOK, "/tree/%2E%2E/api/v2/openapi.json": http.StatusNotFound,
		"/tree/a/%2E/b": http.StatusNotFound, "/tree/a%2F%2E%2E%2Fb": http.StatusNotFound} {
		resp, err := h.srv.Client().Get(h.srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want || resp.Header.Get("Content-Type") != "application/json" {
			t.Errorf("%s: %d %s, want %d", p, resp.StatusCode, resp.Header.Get("Content-Type"), want)
		}
	}
}
