package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestDecodeRefusesLooseNames replays the review's finding Low 9: a body
// whose second saleMessageType, spelt with a capital S, turned a
// QUOTATION into an INVOICE. Decode refuses a member name given twice
// and a name that differs from a member's only in case, naming the
// member by its JSON path.
func TestDecodeRefusesLooseNames(t *testing.T) {
	cases := []struct {
		name, body, field, msg string
	}{
		{"case variant after the member", `{"saleMessageType":"QUOTATION","transactionType":"SALE","SaleMessageType":"INVOICE"}`,
			"SaleMessageType", `differs from the member "saleMessageType" only in case`},
		{"case variant alone", `{"SALEMESSAGETYPE":"INVOICE"}`, "SALEMESSAGETYPE", `"saleMessageType" only in case`},
		{"duplicate", `{"saleMessageType":"QUOTATION","saleMessageType":"INVOICE"}`, "saleMessageType", "more than once"},
		{"duplicate by an escape", `{"saleMessageType":"QUOTATION","saleMessage\u0054ype":"INVOICE"}`, "saleMessageType", "more than once"},
		{"case variant by an escape", `{"\u0053aleMessageType":"INVOICE"}`, "SaleMessageType", "only in case"},
		// encoding/json folds the long s (U+017F) to s and the Kelvin
		// sign (U+212A) to k, so these match members too.
		{"long s", `{"ſaleMessageType":"INVOICE"}`, "ſaleMessageType", `"saleMessageType" only in case`},
		{"long s in a line", `{"lineItems":[{"lineItemId":"1","lineItemIdſ":"2"}],"lineItemſ":[]}`, "lineItemſ", `"lineItems" only in case`},
		{"nested case variant", `{"lineItems":[{"lineItemId":"1"},{"lineItemId":"2","LineItemId":"3"}]}`, "lineItems[1].LineItemId", "only in case"},
		{"nested duplicate", `{"customer":{"destination":{"city":"Los Angeles","postalCode":"90012","city":"Seattle"}}}`, "customer.destination.city", "more than once"},
		{"duplicate of an unknown member", `{"saleMessageType":"QUOTATION","extra":1,"extra":2}`, "extra", "more than once"},
		{"duplicate inside an unknown member", `{"extra":{"a":[{"b":1,"b":2}]}}`, "extra.a[0].b", "more than once"},
		{"deep line", `{"lineItems":[{"lineItems":[{"lineItems":[{"unitPrice":1,"UnitPrice":2}]}]}]}`, "lineItems[0].lineItems[0].lineItems[0].UnitPrice", "only in case"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := decodeErr(t, c.body, 1<<20)
			if e.Field != c.field || !strings.Contains(e.Message, c.msg) {
				t.Errorf("got %s: %s\nwant %s: ...%s...", e.Field, e.Message, c.field, c.msg)
			}
		})
	}
}

// TestDecodeStrictKeepsOtherErrors checks that the errors of bodies that
// are not JSON, do not fit or nest too deep read as before when they also
// repeat a member: the more basic fault is reported.
func TestDecodeStrictKeepsOtherErrors(t *testing.T) {
	deep := `{"a":1,"a":2,"b":` + strings.Repeat("[", MaxJSONDepth) + strings.Repeat("]", MaxJSONDepth) + `}`
	cases := []struct{ body, field, msg string }{
		{`{"saleMessageType":"QUOTATION","saleMessageType":"INVOICE",`, "", "not valid JSON"},
		{`{"saleMessageType":"QUOTATION","SaleMessageType":"INVOICE"`, "", "ends before the value is complete"},
		{`{"saleMessageType":"QUOTATION","SaleMessageType":5}`, "saleMessageType", "must be a JSON string"},
		{deep, "", "levels deep"},
		{`{"a":1,"a":2} {}`, "", "more data follows"},
	}
	for _, c := range cases {
		e := decodeErr(t, c.body, 1<<20)
		if e.Field != c.field || !strings.Contains(e.Message, c.msg) {
			t.Errorf("%.70s:\n got %s: %s\nwant %s: ...%s...", c.body, e.Field, e.Message, c.field, c.msg)
		}
	}
}

// TestDecodeStrictOtherTypes holds maps, raw values and lists to the same
// rules.
func TestDecodeStrictOtherTypes(t *testing.T) {
	var m map[string]int
	checkStrict(t, Decode(strings.NewReader(`{"a":1,"b":2,"a":3}`), &m, 0), "a", "more than once")
	var raw []json.RawMessage
	checkStrict(t, Decode(strings.NewReader(`[{},{"lookupRequest":{"x":1,"x":2}}]`), &raw, 0), "[1].lookupRequest.x", "more than once")
	var anything any
	checkStrict(t, Decode(strings.NewReader(`{"k":{"K":1,"k":2,"k":3}}`), &anything, 0), "k.k", "more than once")
	// Names that differ in case are distinct keys of a map.
	if err := Decode(strings.NewReader(`{"a":1,"A":2}`), &m, 0); err != nil || m["a"] != 1 || m["A"] != 2 {
		t.Errorf("map with keys a and A: %v %v", err, m)
	}
	// A struct with two members whose names differ only in case takes both.
	var two struct {
		ID string `json:"id"`
		Id string `json:"Id"`
	}
	if err := Decode(strings.NewReader(`{"id":"a","Id":"b"}`), &two, 0); err != nil || two.ID != "a" || two.Id != "b" {
		t.Errorf("two members id and Id: %v %+v", err, two)
	}
	checkStrict(t, Decode(strings.NewReader(`{"ID":"c"}`), &two, 0), "ID", "only in case")
	var kind struct {
		Kind string `json:"kind"`
	}
	checkStrict(t, Decode(strings.NewReader(`{"\u212aind":"x"}`), &kind, 0), "\u212aind", `"kind" only in case`)
}

// TestDecodeStrictManyNames checks an object of many names, which the
// scan keeps in a map, both ways, and that a hostile object of 100,000
// distinct names is read in one pass.
func TestDecodeStrictManyNames(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"saleMessageType":"QUOTATION"`)
	for i := range 100000 {
		fmt.Fprintf(&b, `,"x%d":0`, i)
	}
	var r SaleRequest
	if err := Decode(strings.NewReader(b.String()+"}"), &r, 0); err != nil {
		t.Fatalf("100,000 distinct names: %v", err)
	}
	checkStrict(t, Decode(strings.NewReader(b.String()+`,"x99999":1}`), &r, 0), "x99999", "more than once")
	checkStrict(t, Decode(strings.NewReader(b.String()+`,"x7":1}`), &r, 0), "x7", "more than once")
}

// checkStrict fails unless err is the *levy.Error of a refused member.
func checkStrict(t *testing.T, err error, field, msg string) {
	t.Helper()
	var e *levy.Error
	if !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != field || !strings.Contains(e.Message, msg) {
		t.Errorf("got %v, want an error about %s: ...%s...", err, field, msg)
	}
}
