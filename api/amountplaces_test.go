package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestAmountPlacesBounded sends, over loopback, quotations whose unit
// price has more digits after the decimal point than any client's double
// or decimal writes. "unitPrice": 1e-400 was accepted 200 and echoed as
// a decimal of 402 characters (and journalled so for an invoice); a
// number of more than wire.MaxAmountPlaces places is refused 400, naming
// its member, wherever it stands. Thirty places, and a number written
// with an exponent that comes to fewer, stay accepted.
func TestAmountPlacesBounded(t *testing.T) {
	h := newHarness(t)
	price := func(v string) string {
		return strings.Replace(quotation, `"unitPrice":19.99`, `"unitPrice":`+v, 1)
	}
	for _, c := range []struct{ name, body, target string }{
		{"1e-400", price("1e-400"), "lineItems[0].unitPrice"},
		{"31 places", price("0." + strings.Repeat("0", 30) + "1"), "lineItems[0].unitPrice"},
		{"trailing zeros", price("19." + strings.Repeat("0", 31)), "lineItems[0].unitPrice"},
		{"a quantity", strings.Replace(quotation, `"quantity":{"value":1}`, `"quantity":{"value":1E-31}`, 1), "lineItems[1].quantity.value"},
	} {
		a := h.post("/api/v2/supplies", c.body)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: %d %.300s, want 400", c.name, a.status, a.body)
			continue
		}
		errs := errorsOf(t, a)
		if len(errs) != 1 || errs[0].Target != c.target || !strings.Contains(errs[0].Message, "after the decimal point") {
			t.Errorf("%s: %s, want one error naming %s", c.name, a.body, c.target)
		}
	}
	for _, v := range []string{"0.123456789012345678901234567891", "1234.5e-27", "0.30000000000000004"} {
		if a := h.post("/api/v2/supplies", price(v)); a.status != http.StatusOK {
			t.Errorf("unitPrice %s: %d %.300s, want 200", v, a.status, a.body)
		}
	}
}
