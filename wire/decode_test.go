package wire

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// decodeErr decodes body into a new SaleRequest and returns the
// *levy.Error it fails with.
func decodeErr(t *testing.T, body string, limit int64) *levy.Error {
	t.Helper()
	var r SaleRequest
	err := Decode(strings.NewReader(body), &r, limit)
	var e *levy.Error
	if !errors.As(err, &e) {
		t.Fatalf("Decode(%.60s) = %v, want a *levy.Error", body, err)
	}
	if e.Code != levy.EInvalid || e.Message == "" {
		t.Errorf("bad error %#v", e)
	}
	return e
}

func TestDecodeTypeErrors(t *testing.T) {
	cases := []struct {
		body, field, msg string
	}{
		{`{"lineItems":[{},{"quantity":{"value":"3"}}]}`, "lineItems[1].quantity.value", "must be a JSON number"},
		{`{"lineItems":[{"lineItems":[{},{"modeOfTransport":"ship"}]}]}`, "lineItems[0].lineItems[1].modeOfTransport", "whole number from -2147483648 to 2147483647, not a JSON string"},
		{`{"lineItems":[{"lineItemNumber":1.5}]}`, "lineItems[0].lineItemNumber", "from -9223372036854775808 to 9223372036854775807, not a JSON number 1.5"},
		{`{"lineItems":[{"netMassKilograms":99999999999}]}`, "lineItems[0].netMassKilograms", "to 2147483647, not a JSON number 99999999999"},
		{`{"documentDate":"14/03/2026"}`, "documentDate", "YYYY-MM-DD"},
		{`{"documentDate":20260314}`, "documentDate", "YYYY-MM-DD"},
		{`{"exemptOverrides":[{"jurisdictionType":"STATE"},{"jurisdictionType":"REGION"}]}`, "exemptOverrides[1].jurisdictionType", "must be one of APO, BOROUGH"},
		{`{"customer":{"destination":{"city":42}}}`, "customer.destination.city", "must be a JSON string, not a JSON number"},
		{`{"customer":{"taxRegistrations":{"isoCountryCode":"DE"}}}`, "customer.taxRegistrations", "must be a JSON array, not a JSON object"},
		{`{"seller":"ACME"}`, "seller", "must be a JSON object, not a JSON string"},
		{`{"postToJournal":"yes"}`, "postToJournal", "true or false"},
		{`{"lineItems":[{"extendedPrice":1e2000}]}`, "lineItems[0].extendedPrice", "at most 1000 digits"},
		{`{"lineItems":[{"flexibleFields":{"flexibleNumericFields":[{"fieldId":1,"value":true}]}}]}`, "lineItems[0].flexibleFields.flexibleNumericFields[0].value", "JSON number"},
		{`{"LineItems":[{"UnitPrice":"9.99"}]}`, "lineItems[0].unitPrice", "JSON number"},
		{`[]`, "", "must be a JSON object, not a JSON array"},
	}
	for _, c := range cases {
		e := decodeErr(t, c.body, 1<<20)
		if e.Field != c.field || !strings.Contains(e.Message, c.msg) {
			t.Errorf("%s:\n got %s: %s\nwant %s: ...%s...", c.body, e.Field, e.Message, c.field, c.msg)
		}
	}
}

func TestDecodeSyntax(t *testing.T) {
	cases := []struct{ body, msg string }{
		{`{"saleMessageType":"INVOICE",}`, "byte offset 29"},
		{`{"saleMessageType":"INVOICE"`, "ends before the value is complete"},
		{``, "is empty"},
		{"  \n", "is empty"},
		{`{"saleMessageType":"INVOICE"} {}`, "more data follows at byte offset 30"},
		{`{"saleMessageType":"INVOICE"}x`, "more data follows at byte offset 29"},
		{`nul`, "not valid JSON"},
	}
	for _, c := range cases {
		if e := decodeErr(t, c.body, 0); e.Field != "" || !strings.Contains(e.Message, c.msg) {
			t.Errorf("%q: got %s: %s, want ...%s...", c.body, e.Field, e.Message, c.msg)
		}
	}
}

func TestDecodeLimits(t *testing.T) {
	body := `{"saleMessageType":"QUOTATION","transactionType":"SALE","lineItems":[{}]}`
	var r SaleRequest
	if err := Decode(strings.NewReader(body), &r, int64(len(body))); err != nil {
		t.Fatalf("a body of exactly the limit: %v", err)
	}
	err := Decode(strings.NewReader(body), &r, int64(len(body)-1))
	if !errors.Is(err, ErrTooLarge) || levy.ErrorCode(err) != levy.EInvalid {
		t.Fatalf("over the limit: %v", err)
	}
	if e := decodeErr(t, body, 10); !strings.Contains(e.Message, "10 bytes") {
		t.Errorf("message %q does not name the limit", e.Message)
	}

	deep := strings.Repeat(`{"a":`, MaxJSONDepth) + "1" + strings.Repeat("}", MaxJSONDepth)
	if err := Decode(strings.NewReader(deep), &r, 0); err != nil {
		t.Errorf("%d levels: %v", MaxJSONDepth, err)
	}
	tooDeep := `{"x":"[[[[ in a string",` + strings.Repeat(`"a":[`, MaxJSONDepth) + strings.Repeat("]", MaxJSONDepth) + "}"
	if e := decodeErr(t, tooDeep, 0); !strings.Contains(e.Message, "more than 64 levels") {
		t.Errorf("too deep: %s", e.Message)
	}
	if err := Decode(strings.NewReader(`{"x":"\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}`), &r, 0); err != nil {
		t.Errorf("brackets in a string with an escaped quote: %v", err)
	}
}

func TestDecodeIgnoresUnknownMembers(t *testing.T) {
	body := `{"saleMessageType":"INVOICE","clientExtension":{"deep":[1,2,{"x":null}]},` +
		`"lineItems":[{"extendedPrice":10.10,"legacyFlag":true}],"transactionType":"SALE"}`
	var r SaleRequest
	if err := Decode(strings.NewReader(body), &r, 0); err != nil {
		t.Fatal(err)
	}
	if r.SaleMessageType != SaleInvoice || r.LineItems[0].ExtendedPrice.String() != "10.10" {
		t.Errorf("decoded %+v", r)
	}
	// null is absent everywhere.
	var n SaleRequest
	if err := Decode(strings.NewReader(`{"documentDate":null,"customer":null,"lineItems":[{"unitPrice":null,"deliveryTerm":null}]}`), &n, 0); err != nil {
		t.Fatal(err)
	}
	if !n.DocumentDate.IsZero() || n.Customer != nil || n.LineItems[0].UnitPrice != nil {
		t.Errorf("null decoded to %+v", n)
	}
}

func TestDecodeNotAPointer(t *testing.T) {
	var r SaleRequest
	if err := Decode(strings.NewReader(`{}`), r, 0); err == nil || levy.ErrorCode(err) != levy.EInternal {
		t.Errorf("Decode into a value: %v", err)
	}
}
