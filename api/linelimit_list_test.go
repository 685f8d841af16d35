package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestLineLimitListedInAFullList sends, over loopback, calculations of
// more line items than a request may hold (10,000, child lines
// included) or nested deeper than it may (8 levels), whose lines also
// break a member's constraint, more than the 1,000 violations an answer
// lists: the answer listed the first 1,000 faults of the lines'
// members and left out the limit, so that the client corrected them
// all only to be told the request was too large. The limits are listed
// first, before the members' faults and the note that the list is cut,
// on each perspective's route.
func TestLineLimitListedInAFullList(t *testing.T) {
	h := newHarness(t)
	lines := func(n int, extra string) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"lineItemId":"%d","quantity":{"value":1},"unitPrice":1,"costCenter":"%s"%s}`, i, strings.Repeat("c", 41), extra)
		}
		return b.String()
	}
	// A tree nine levels deep whose leaf is a line, beside 1,200 lines
	// with a fault each.
	deep := `{"lineItemId":"leaf","quantity":{"value":1},"unitPrice":1}`
	for i := range 8 {
		deep = fmt.Sprintf(`{"lineItemId":"p%d","isMulticomponent":true,"lineItems":[%s]}`, i, deep)
	}
	head := map[string]string{
		"/api/v2/supplies":    `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01","seller":{"company":"ACME"},"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},"lineItems":[`,
		"/api/v2/procurement": `{"purchaseMessageType":"PURCHASE_ORDER","transactionType":"PURCHASE","documentDate":"2026-06-01","buyer":{"company":"ACME","destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},"lineItems":[`,
		"/api/v2/owner":       `{"ownerMessageType":"ASSET_MOVEMENT","documentDate":"2026-06-01","owner":{"company":"ACME","physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"},"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},"lineItems":[`,
	}
	for path, open := range head {
		for _, c := range []struct{ name, lines, target, words string }{
			{"10,001 lines", lines(10001, ""), "lineItems", "at most 10000 line items"},
			{"nine levels", lines(1200, "") + "," + deep, "lineItems[1200]" + strings.Repeat(".lineItems[0]", 7) + ".lineItems", "more than 8 levels deep"},
		} {
			a := h.post(path, open+c.lines+"]}")
			if a.status != http.StatusBadRequest {
				t.Errorf("%s, %s: %d %.300s, want 400", path, c.name, a.status, a.body)
				continue
			}
			errs := errorsOf(t, a)
			if len(errs) != 1001 || errs[0].Target != c.target || !strings.Contains(errs[0].Message, c.words) ||
				!strings.Contains(errs[len(errs)-1].Message, "only the first 1000") {
				first, _ := json.Marshal(errs[0])
				last, _ := json.Marshal(errs[len(errs)-1])
				t.Errorf("%s, %s: %d errors, first %s, last %s; want 1001, the first naming %s with %q, the last saying the list is cut",
					path, c.name, len(errs), first, last, c.target, c.words)
			}
		}
	}
}
