package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// queryPurchase and queryOwner are valid requests of the purchase and
// owner routes.
const (
	queryPurchase = `{"purchaseMessageType":"PURCHASE_ORDER","transactionType":"PURCHASE","documentDate":"2026-06-01",
 "vendor":{"physicalOrigin":{"city":"Denver","mainDivision":"CO","postalCode":"80202","country":"US"}},
 "buyer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "lineItems":[{"lineItemId":"1","extendedPrice":100}]}`
	queryOwner = `{"ownerMessageType":"ASSET_MOVEMENT","documentDate":"2026-06-01",
 "owner":{"company":"ACME","physicalOrigin":{"city":"Denver","mainDivision":"CO","postalCode":"80202","country":"US"},
  "destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "lineItems":[{"lineItemId":"chair","cost":300}]}`
)

// TestCalcRoutesRefuseQuery: the calculation and explanation routes take
// no query parameter, and refuse one, 400 naming it, before they read the
// request or store anything. POST /supplies?dryrun=true calculated and
// stored the invoice as though nothing had been asked.
func TestCalcRoutesRefuseQuery(t *testing.T) {
	h := newHarness(t)
	invoice := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	invoice = strings.Replace(invoice, `{"saleMessageType"`, `{"transactionId":"inv-query-1","saleMessageType"`, 1)
	for _, c := range []struct{ path, body, param string }{
		{"/api/v2/supplies?dryrun=true", invoice, "dryrun"},
		{"/api/v2/supplies?explain=1", quotation, "explain"},
		{"/api/v2/procurement?x", queryPurchase, "x"},
		{"/api/v2/owner?validateOnly=true", queryOwner, "validateOnly"},
		{"/api/v2/explain/supplies?verbose=1", quotation, "verbose"},
		{"/api/v2/explain/procurement?verbose=1", queryPurchase, "verbose"},
		{"/api/v2/explain/owner?verbose=1", queryOwner, "verbose"},
	} {
		a := h.do("POST", c.path, strings.NewReader(c.body))
		if a.status != http.StatusBadRequest {
			t.Errorf("POST %s: %d, want 400: %.300s", c.path, a.status, a.body)
			continue
		}
		items := errorsOf(t, a)
		if len(items) != 1 || items[0].Target != c.param || !strings.Contains(items[0].Message, "not a parameter of this route") {
			t.Errorf("POST %s: %+v, want one error naming %s", c.path, items, c.param)
		}
	}
	a := h.do("GET", "/api/v2/transaction-exists/inv-query-1", nil)
	var ea ExistsAnswer
	if err := json.Unmarshal(a.body, &ea); err != nil || ea.TransactionExistsIndicator != "false" {
		t.Errorf("the invoice sent with ?dryrun=true was stored: %d %s", a.status, a.body)
	}
	// Without a query, or with an empty one, the routes calculate.
	for _, c := range []struct{ path, body string }{
		{"/api/v2/supplies", quotation}, {"/api/v2/supplies?", quotation}, {"/api/v2/explain/supplies", quotation},
		{"/api/v2/procurement", queryPurchase}, {"/api/v2/owner", queryOwner},
	} {
		if a := h.do("POST", c.path, strings.NewReader(c.body)); a.status != http.StatusOK {
			t.Errorf("POST %s: %d: %.300s", c.path, a.status, a.body)
		}
	}
}
