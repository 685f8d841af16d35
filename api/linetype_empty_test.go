package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestEmptyLineTypeRefused sends, over loopback, a sale whose line's
// single lineType names no line type ("" or blanks). It was answered
// 200, the value flagged not-acted-on, while a lineTypes entry with the
// same value was refused 400: now both are refused, naming the member.
// A lineType that names its type is still taken.
func TestEmptyLineTypeRefused(t *testing.T) {
	h := newHarness(t)
	body := func(lineTypes string) string {
		return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-02-15",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Birmingham","mainDivision":"AL","postalCode":"35203","country":"US"}},
 "customer":{"destination":{"city":"Birmingham","mainDivision":"AL","postalCode":"35203","country":"US"}},
 "lineItems":[{"lineItemId":"1","quantity":{"value":2},"extendedPrice":60,` + lineTypes + `}]}`
	}
	for _, c := range []struct{ name, members, target string }{
		{"lineType empty", `"lineType":{"value":""}`, "lineItems[0].lineType.value"},
		{"lineType blank", `"lineType":{"value":"  "}`, "lineItems[0].lineType.value"},
		{"lineType without a value", `"lineType":{"status":"ACTIVE"}`, "lineItems[0].lineType.value"},
		{"lineType empty beside lineTypes", `"lineType":{"value":""},"lineTypes":[{"value":"WIRELESS","count":2}]`, "lineItems[0].lineType.value"},
		{"lineTypes entry empty", `"lineTypes":[{"value":"WIRELESS","count":2},{"value":""}]`, "lineItems[0].lineTypes[1].value"},
	} {
		a := h.post("/api/v2/supplies", body(c.members))
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: %d %.600s, want 400", c.name, a.status, a.body)
			continue
		}
		errs := errorsOf(t, a)
		if len(errs) != 1 || errs[0].Target != c.target || !strings.Contains(errs[0].Message, "empty") {
			msg, _ := json.Marshal(errs)
			t.Errorf("%s: %s, want one error naming %s as empty", c.name, msg, c.target)
		}
	}
	a := h.post("/api/v2/supplies", body(`"lineType":{"value":"WIRELESS"}`))
	var got struct {
		LineItems []struct {
			Taxes []struct {
				Imposition struct {
					Value string `json:"value"`
				} `json:"imposition"`
			} `json:"taxes"`
		} `json:"lineItems"`
	}
	dataOf(t, a, &got)
	found := false
	for _, x := range got.LineItems[0].Taxes {
		found = found || x.Imposition.Value == "911 Fee"
	}
	if !found {
		t.Errorf("lineType WIRELESS in Birmingham: no 911 fee in %.800s", a.body)
	}
}
