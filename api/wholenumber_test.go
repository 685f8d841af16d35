package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestWholeNumbersWrittenAsDoubles sends, over loopback, quotations whose
// integer members are written as a client that keeps them in a double
// writes them: "lineItemNumber": 2.0, "isoCurrencyCodeNum": 8.4e2, a
// flexible "fieldId": 1e0. JSON has one type of number; each was refused
// 400 ("must be a whole number ..., not a JSON number 2.0"). A whole value
// is read, however it is written, and answered as the integer; a number
// that is not whole, or that the member cannot hold, is still refused
// 400 naming the member, also when the body has another fault that
// sends it to the reference decoder.
func TestWholeNumbersWrittenAsDoubles(t *testing.T) {
	h := newHarness(t)
	body := func(number, currency, field string) string {
		b := strings.Replace(quotation, `"lineItemId":"1",`, `"lineItemId":"1","lineItemNumber":`+number+`,`+
			`"flexibleFields":{"flexibleCodeFields":[{"fieldId":`+field+`,"value":"x"}]},`, 1)
		return strings.Replace(b, `"documentDate"`, `"currency":{"isoCurrencyCodeNum":`+currency+`},"documentDate"`, 1)
	}
	for _, c := range []struct{ number, currency, field string }{
		{"2.0", "8.4e2", "1e0"},
		{"2E0", "840.000", "0.1e1"},
		{"20e-1", "84E+1", "1.0"},
	} {
		a := h.post("/api/v2/supplies", body(c.number, c.currency, c.field))
		var got struct {
			Currency struct {
				Num   int    `json:"isoCurrencyCodeNum"`
				Alpha string `json:"isoCurrencyCodeAlpha"`
			} `json:"currency"`
			LineItems []struct {
				Number         *int `json:"lineItemNumber"`
				FlexibleFields struct {
					Code []struct {
						FieldID int `json:"fieldId"`
					} `json:"flexibleCodeFields"`
				} `json:"flexibleFields"`
			} `json:"lineItems"`
		}
		if a.status != http.StatusOK {
			t.Errorf("%v: %d %.400s, want 200", c, a.status, a.body)
			continue
		}
		dataOf(t, a, &got)
		if got.Currency.Num != 840 || len(got.LineItems) != 2 || got.LineItems[0].Number == nil || *got.LineItems[0].Number != 2 ||
			len(got.LineItems[0].FlexibleFields.Code) != 1 || got.LineItems[0].FlexibleFields.Code[0].FieldID != 1 {
			t.Errorf("%v: %.600s, want currency 840, lineItemNumber 2, fieldId 1", c, a.body)
		}
		if n := strings.Count(string(a.body), `"lineItemNumber":2,`); n != 1 {
			t.Errorf("%v: lineItemNumber is not answered as the integer 2: %.600s", c, a.body)
		}
	}
	for _, c := range []struct{ name, body, target, words string }{
		{"a fraction", body("2.5", "840", "1"), "lineItems[0].lineItemNumber", "2.5"},
		{"beyond any integer", body("2", "840", "1e400"), "lineItems[0].flexibleFields.flexibleCodeFields[0].fieldId", "1e400"},
		{"beyond an int32", body("2", "3e9", "1"), "currency.isoCurrencyCodeNum", "3e9"},
		{"a small fraction", body("2", "840", "1.0000000000000000000001"), "lineItems[0].flexibleFields.flexibleCodeFields[0].fieldId", "1.0000000000000000000001"},
		{"whole but out of bounds", body("2", "8.4e3", "1"), "currency.isoCurrencyCodeNum", "999"},
		// 2.0 is read, and the fault named is the date's, after it.
		{"another fault after", strings.Replace(body("2.0", "8.4e2", "1e0"), `"2026-06-01"`, `"2026-13-01"`, 1), "documentDate", "date"},
	} {
		a := h.post("/api/v2/supplies", c.body)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: %d %.300s, want 400", c.name, a.status, a.body)
			continue
		}
		errs := errorsOf(t, a)
		if len(errs) != 1 || errs[0].Target != c.target || !strings.Contains(errs[0].Message, c.words) {
			msg, _ := json.Marshal(errs)
			t.Errorf("%s: %s, want one error naming %s with %q", c.name, msg, c.target, c.words)
		}
	}
}
