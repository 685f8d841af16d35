package jsonbody_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/wire"
)

// TestInvalidUTF8Refused: a JSON string whose bytes are not UTF-8 was
// read as encoding/json reads it, each bad byte replaced by U+FFFD. A
// body in ISO-8859-1 sent without a charset ("Café" as 43 61 66 E9) was
// answered 200 and stored as "Caf\uFFFD", the é lost without a word.
// Such a string is refused, a value by the path of its member and a
// member name by the path of its object, in every place of the body (a
// member Levy ignores, a value kept as raw JSON); text outside ASCII in
// UTF-8 is read as it is.
func TestInvalidUTF8Refused(t *testing.T) {
	for _, c := range []struct{ name, body, field, msg string }{
		{"latin-1 value", "{\"saleMessageType\":\"QUOTATION\",\"documentNumber\":\"Caf\xe9\"}", "documentNumber", "byte 0xE9"},
		{"behind a byte order mark", "\xef\xbb\xbf{\"documentNumber\":\"Caf\xe9\"}", "documentNumber", "byte 0xE9"},
		{"nested value", `{"lineItems":[{"lineItemId":"1"},{"product":{"value":"SKU-` + "\xff" + `"}}]}`, "lineItems[1].product.value", "byte 0xFF"},
		{"after an escape", `{"customer":{"customerCode":{"value":"a\"b` + "\xc3(" + `"}}}`, "customer.customerCode.value", "byte 0xC3"},
		{"truncated sequence at the end", "{\"documentNumber\":\"ab\xe2\x82\"}", "documentNumber", "byte 0xE2"},
		{"overlong encoding", "{\"documentNumber\":\"\xc0\xaf\"}", "documentNumber", "byte 0xC0"},
		{"encoded surrogate", "{\"documentNumber\":\"\xed\xa0\x80\"}", "documentNumber", "byte 0xED"},
		{"unknown member", "{\"somethingElse\":[\"ok\",\"caf\xe9\"]}", "somethingElse[1]", "byte 0xE9"},
		{"member name at the top", "{\"documentNumb\xe9r\":\"x\"}", "", "the request body has a member name"},
		{"member name in an object", "{\"customer\":{\"n\xe4me\":\"x\"}}", "customer", "has a member name"},
		{"member name in a line", "{\"lineItems\":[{\"lineItemId\":\"1\"},{\"q\xfc\" : 1}]}", "lineItems[1]", "has a member name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r wire.SaleRequest
			err := jsonbody.Decode(strings.NewReader(c.body), &r, 1<<20)
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field ||
				!strings.Contains(le.Message, "not valid UTF-8") || !strings.Contains(le.Message, c.msg) {
				t.Fatalf("%q: error %v (field %q), want an invalid-UTF-8 error naming %q with %q", c.body, err, fieldOfErr(le), c.field, c.msg)
			}
		})
	}
	// The same refusal into a value of any type.
	var v any
	err := jsonbody.Decode(strings.NewReader("{\"a\":[{\"b\":\"\xe9\"}]}"), &v, 0)
	var le *levy.Error
	if !errors.As(err, &le) || le.Field != "a[0].b" || !strings.Contains(le.Message, "not valid UTF-8") {
		t.Errorf("into any: %v (field %q)", err, fieldOfErr(le))
	}
	// A top-level string.
	var s string
	err = jsonbody.Decode(strings.NewReader("\"caf\xe9\""), &s, 0)
	if !errors.As(err, &le) || le.Field != "" || !strings.Contains(le.Message, "the request body") || !strings.Contains(le.Message, "not valid UTF-8") {
		t.Errorf("a string: %v (field %q)", err, fieldOfErr(le))
	}

	// UTF-8 text, sent as it is or escaped, is read as it was written.
	var r wire.SaleRequest
	body := `{"documentNumber":"Café 中文 ` + "\U0001F600" + `","customer":{"customerCode":{"value":"Grüße\u00e9\ud83d\ude00"}},"ünknown":"ß"}`
	if err := jsonbody.Decode(bytes.NewReader([]byte(body)), &r, 1<<20); err != nil {
		t.Fatalf("UTF-8 text: %v", err)
	}
	if r.DocumentNumber != "Café 中文 \U0001F600" {
		t.Errorf("documentNumber %q", r.DocumentNumber)
	}
	if r.Customer == nil || r.Customer.CustomerCode == nil || r.Customer.CustomerCode.Value != "Grüßeé\U0001F600" {
		t.Errorf("customer %+v", r.Customer)
	}
}

// fieldOfErr returns the field of e, or says that there is no e.
func fieldOfErr(e *levy.Error) string {
	if e == nil {
		return "<no levy.Error>"
	}
	return e.Field
}

// TestLoneSurrogateRefused: a \u escape of half of a UTF-16 surrogate
// pair without its other half ("\ud800", "\udc00x", a high half followed
// by anything but a low one) stands for no character, and was read as
// encoding/json reads it, as U+FFFD: "\ud83dx" was stored as "\uFFFDx",
// what the client meant lost without a word, as with the bytes that are
// not UTF-8. Such a string is refused in the same way, a value by the
// path of its member and a member name by the path of its object; a
// pair, in either case of hexadecimal digits, is read as its character.
func TestLoneSurrogateRefused(t *testing.T) {
	for _, c := range []struct{ name, body, field, msg string }{
		{"high alone", `{"documentNumber":"\ud800"}`, "documentNumber", `\ud800 at byte offset 19`},
		{"low alone", `{"documentNumber":"\udc00x"}`, "documentNumber", `\udc00 at byte offset 19`},
		{"upper-case digits", `{"documentNumber":"ab\uDBFF"}`, "documentNumber", `\uDBFF at byte offset 21`},
		{"high then a letter", `{"documentNumber":"\ud83dx"}`, "documentNumber", `\ud83d`},
		{"high then another escape", `{"documentNumber":"\ud83d\u0041"}`, "documentNumber", `\ud83d`},
		{"high then an escaped newline", `{"documentNumber":"\ud83d\n"}`, "documentNumber", `\ud83d`},
		{"high then a pair", `{"documentNumber":"\ud83d\ud83d\ude00"}`, "documentNumber", `\ud83d at byte offset 19`},
		{"low after a pair", `{"documentNumber":"\ud83d\ude00\ude00"}`, "documentNumber", `\ude00 at byte offset 31`},
		{"two highs", `{"documentNumber":"\ud800\udbff"}`, "documentNumber", `\ud800`},
		{"after an escaped backslash", `{"documentNumber":"\\u0041\ud800"}`, "documentNumber", `\ud800 at byte offset 26`},
		{"nested value", `{"lineItems":[{"lineItemId":"1"},{"product":{"value":"SKU-\udfff"}}]}`, "lineItems[1].product.value", `\udfff`},
		{"unknown member", `{"somethingElse":["ok","\ud800"]}`, "somethingElse[1]", `\ud800`},
		{"member name at the top", `{"documentNumb\udc00r":"x"}`, "", "the request body has a member name"},
		{"member name in an object", `{"customer":{"\ud800":"x"}}`, "customer", "has a member name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r wire.SaleRequest
			err := jsonbody.Decode(strings.NewReader(c.body), &r, 1<<20)
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field ||
				!strings.Contains(le.Message, "not valid Unicode") || !strings.Contains(le.Message, "surrogate") ||
				!strings.Contains(le.Message, c.msg) {
				t.Fatalf("%s: error %v (field %q), want a lone surrogate refused naming %q with %q", c.body, err, fieldOfErr(le), c.field, c.msg)
			}
		})
	}
	// The same refusal into a value of any type, and of a top-level string.
	var v any
	err := jsonbody.Decode(strings.NewReader(`{"a":[{"b":"\udc00"}]}`), &v, 0)
	var le *levy.Error
	if !errors.As(err, &le) || le.Field != "a[0].b" || !strings.Contains(le.Message, "not valid Unicode") {
		t.Errorf("into any: %v (field %q)", err, fieldOfErr(le))
	}
	var s string
	err = jsonbody.Decode(strings.NewReader(`"\ud800"`), &s, 0)
	if !errors.As(err, &le) || le.Field != "" || !strings.Contains(le.Message, "the request body") || !strings.Contains(le.Message, "not valid Unicode") {
		t.Errorf("a string: %v (field %q)", err, fieldOfErr(le))
	}

	// Pairs, the first and last of them, and U+FFFD itself are read.
	var r wire.SaleRequest
	body := `{"documentNumber":"\ud83d\ude00\uD83D\uDE00\ud800\udc00\udbff\udfff\ufffd` + "\uFFFD" + `","customer":{"customerCode":{"value":"\u00e9\uffff"}},"\ud83d\ude00":1}`
	if err := jsonbody.Decode(strings.NewReader(body), &r, 1<<20); err != nil {
		t.Fatalf("pairs: %v", err)
	}
	if want := "\U0001F600\U0001F600\U00010000\U0010FFFF\uFFFD\uFFFD"; r.DocumentNumber != want {
		t.Errorf("documentNumber %q, want %q", r.DocumentNumber, want)
	}
	if r.Customer == nil || r.Customer.CustomerCode == nil || r.Customer.CustomerCode.Value != "é\uffff" {
		t.Errorf("customer %+v", r.Customer)
	}
}
