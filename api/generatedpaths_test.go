package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestGeneratedClientPaths: the commercial API's interface description
// names its server as the base address ending in /api/v2 and each path
// from /v2 on (/v2/supplies), so a client generated from it, pointed at
// Levy by its host name alone, asks for /api/v2/v2/supplies. Levy
// answered 404 ("there is no /api/v2/v2/supplies") to every such
// request; it serves them as it serves /api/v2/supplies.
func TestGeneratedClientPaths(t *testing.T) {
	h := newHarness(t)
	// The operations of the description, each with its method, its path
	// as the description writes it and a body.
	ops := []struct{ method, path, body string }{
		{"POST", "/v2/supplies", quotation},
		{"POST", "/v2/procurement", `{"purchaseMessageType":"PURCHASE_ORDER","transactionType":"PURCHASE","documentDate":"2026-06-01",
			"buyer":{"destination":{"city":"Minneapolis","mainDivision":"MN","postalCode":"55401","country":"US"}},
			"lineItems":[{"lineItemId":"1","extendedPrice":100}]}`},
		{"POST", "/v2/owner", `{"ownerMessageType":"ASSET_MOVEMENT","documentDate":"2026-06-01",
			"owner":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"},
			"destination":{"city":"Minneapolis","mainDivision":"MN","postalCode":"55401","country":"US"}},
			"lineItems":[{"lineItemId":"1","cost":100}]}`},
		{"GET", "/v2/transaction-exists/generated-client-none", ""},
		{"POST", "/v2/address-lookup", `{"postalAddress":{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118"}}`},
		{"POST", "/v2/coordinates-lookup", `{"coordinates":{"latitude":34.0522,"longitude":-118.2437}}`},
		{"POST", "/v2/taxareaid-lookup", `{"taxAreaId":"2650841047330893"}`},
		{"POST", "/v2/external-jurisdiction-lookup", `{"externalJurisdictionCode":"06037","country":"US"}`},
		{"POST", "/v2/find-taxareas", `[{"lookupId":"a","lookupRequest":{"taxAreaId":"2650841047330893"}}]`},
		{"GET", "/v2/changed-taxareas?beginDate=2026-10-01&endDate=2026-10-01", ""},
		{"GET", "/v2/changed-taxareas/2650841047330893?beginDate=2026-10-01", ""},
	}
	for _, op := range ops {
		t.Run(op.method+" "+op.path, func(t *testing.T) {
			send := func(path string) answer {
				if op.body == "" {
					return h.do(op.method, path, nil)
				}
				return h.do(op.method, path, strings.NewReader(op.body))
			}
			got := send("/api/v2" + op.path)
			if got.status != http.StatusOK {
				t.Fatalf("/api/v2%s: status %d: %s", op.path, got.status, got.body)
			}
			want := send("/api/v2" + strings.TrimPrefix(op.path, "/v2"))
			if d, w := dataBytes(t, got), dataBytes(t, want); !bytes.Equal(d, w) {
				t.Errorf("/api/v2%s answers\n%s\nbut /api/v2%s answers\n%s", op.path, d, strings.TrimPrefix(op.path, "/v2"), w)
			}
		})
	}
	// The transaction operations are served there too (their answers are
	// tested under the other base paths).
	if a := h.do("DELETE", "/api/v2/v2/transactions/generated-client-none", nil); a.status != http.StatusNotFound || strings.Contains(string(a.body), "there is no") {
		t.Errorf("DELETE /api/v2/v2/transactions/{id}: %d %s, want the 404 of an unknown transaction", a.status, a.body)
	}
}

// dataBytes returns a's body without its meta, and without the
// transactionId that a stored calculation is given.
func dataBytes(t *testing.T, a answer) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(a.body, &m); err != nil {
		t.Fatalf("not JSON: %v: %s", err, a.body)
	}
	delete(m, "meta")
	if d, ok := m["data"].(map[string]any); ok {
		delete(d, "transactionId")
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
