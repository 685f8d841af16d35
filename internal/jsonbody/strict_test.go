package jsonbody

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/levytax/levy"
)

// benchRequest and benchBody stand for a one-line quotation of the v2
// wire format: the members and nesting the scan meets in every body.
type benchRequest struct {
	SaleMessageType string `json:"saleMessageType"`
	DocumentDate    string `json:"documentDate"`
	Seller          struct {
		Company        string       `json:"company"`
		PhysicalOrigin benchAddress `json:"physicalOrigin"`
	} `json:"seller"`
	Customer struct {
		CustomerCode struct {
			Value string `json:"value"`
		} `json:"customerCode"`
		Destination benchAddress `json:"destination"`
	} `json:"customer"`
	LineItems []struct {
		LineItemNumber int `json:"lineItemNumber"`
		Quantity       struct {
			Value float64 `json:"value"`
		} `json:"quantity"`
		ExtendedPrice float64 `json:"extendedPrice"`
		Product       struct {
			ProductClass string `json:"productClass"`
			Value        string `json:"value"`
		} `json:"product"`
	} `json:"lineItems"`
}

type benchAddress struct {
	StreetAddress1 string `json:"streetAddress1"`
	City           string `json:"city"`
	MainDivision   string `json:"mainDivision"`
	PostalCode     string `json:"postalCode"`
	Country        string `json:"country"`
}

const benchBody = `{"saleMessageType":"QUOTATION","documentDate":"2026-06-01",
"seller":{"company":"LEVY","physicalOrigin":{"streetAddress1":"2301 Renaissance Blvd","city":"King of Prussia","mainDivision":"PA","postalCode":"19406","country":"US"}},
"customer":{"customerCode":{"value":"C-1"},"destination":{"streetAddress1":"1 Main St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
"lineItems":[{"lineItemNumber":1,"quantity":{"value":1},"extendedPrice":100,"product":{"productClass":"GENERAL","value":"SKU-1"}}]}`

// FuzzDecodeStrict compares the scan with a slower model built on
// encoding/json's tokens: a body in UTF-8 that encoding/json reads as a
// value fails Decode into any with a duplicate name exactly when the
// model finds one; one with a string that is not UTF-8, or that a second
// model finds escaping a lone surrogate, fails as such.
func FuzzDecodeStrict(f *testing.F) {
	for _, seed := range []string{
		`{"a":1,"a":2}`, `{"a":{"b":1},"c":[{"d":1,"d":2}]}`, `[{"a":1},{"a":1}]`, `{"\u0061":1,"a":2}`,
		`{"a":"\"","b":"\\","a\\":1}`, `{"é":1,"\u00e9":2}`, `{"\ud800":1,"\udc00":2}`, "{\"\xff\":1,\"\xfe\":2}",
		`{"a":"\ud83d\ude00","b":"\ud83dx","\\ud800":1,"\\ud800":2}`, `{"\udbff\udfff":1,"\uDBFF\uDFFF":2}`,
		`{"a":[1,2,{"a":1}],"b":{"a":1}}`, `{}`, `[]`, `"x"`, `1`, `{"a" : 1 , "b":2 }`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var v any
		if json.Unmarshal(body, &v) != nil || !depthWithin(body, 0) {
			return
		}
		err := Decode(bytes.NewReader(body), &v, 0)
		if !utf8.Valid(body) {
			// encoding/json reads a string with bytes that are not
			// UTF-8; Decode refuses it before it compares names.
			if err == nil || !strings.Contains(err.Error(), "not valid UTF-8") {
				t.Fatalf("%q: Decode says %v, want a string that is not UTF-8 refused", body, err)
			}
			return
		}
		if loneSurrogateModel(body) {
			// encoding/json reads the escape of a lone surrogate as
			// U+FFFD; Decode refuses it before it compares names.
			if err == nil || !strings.Contains(err.Error(), "not valid Unicode") {
				t.Fatalf("%q: Decode says %v, want a lone surrogate refused", body, err)
			}
			return
		}
		want := duplicateModel(body)
		if got := err != nil && strings.Contains(err.Error(), "more than once"); got != want {
			t.Fatalf("%q: Decode says %v, the model finds a duplicate: %v", body, err, want)
		}
	})
}

// jsonString and unicodeEscapes find the strings of a valid JSON value
// and the runs of \u escapes in one of them, for loneSurrogateModel.
var (
	jsonString     = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	unicodeEscapes = regexp.MustCompile(`(?:\\u[0-9a-fA-F]{4})+|\\.`)
)

// loneSurrogateModel reports whether a valid JSON value has a string
// with a \u escape of a lone surrogate: a run of \u escapes that
// unicode/utf16 decodes with more U+FFFD than the run has escapes of it.
func loneSurrogateModel(body []byte) bool {
	for _, s := range jsonString.FindAll(body, -1) {
		for _, run := range unicodeEscapes.FindAll(s, -1) {
			if run[1] != 'u' {
				continue
			}
			var units []uint16
			for i := 0; i < len(run); i += 6 {
				u, err := strconv.ParseUint(string(run[i+2:i+6]), 16, 16)
				if err != nil {
					panic(err)
				}
				units = append(units, uint16(u))
			}
			replaced, sent := 0, 0
			for _, r := range utf16.Decode(units) {
				if r == utf8.RuneError {
					replaced++
				}
			}
			for _, u := range units {
				if u == utf8.RuneError {
					sent++
				}
			}
			if replaced > sent {
				return true
			}
		}
	}
	return false
}

// duplicateModel reports whether a JSON value has an object with a name
// twice, reading it with encoding/json's tokens.
func duplicateModel(body []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(body))
	var objects []map[string]bool // the names of each open object
	var inObject []bool           // whether each open container is an object
	expectKey := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok := tok.(type) {
		case json.Delim:
			switch tok {
			case '{':
				objects = append(objects, map[string]bool{})
				inObject = append(inObject, true)
			case '[':
				inObject = append(inObject, false)
			default:
				if inObject[len(inObject)-1] {
					objects = objects[:len(objects)-1]
				}
				inObject = inObject[:len(inObject)-1]
			}
		case string:
			if expectKey {
				names := objects[len(objects)-1]
				if names[tok] {
					return true
				}
				names[tok] = true
			}
		}
		expectKey = len(inObject) > 0 && inObject[len(inObject)-1] && dec.More() && !expectKey
		if len(inObject) == 0 {
			return false
		}
	}
}

// BenchmarkStrictScan1 is the scan of Decode alone over a one-line
// request: what the refusal of loose names adds to the decoding of
// every body, beside the depth count that it replaces.
func BenchmarkStrictScan1(b *testing.B) {
	body := []byte(benchBody)
	sh := shapeOf(reflect.TypeFor[*benchRequest]())
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if st, e := checkMembers(body, sh); st != scanOK || e != nil {
			b.Fatal(st, e)
		}
	}
}

// TestSyntaxNamesTheMember checks that a body that is not JSON names the
// member where it breaks, with the decimal comma's near-miss, and that a
// byte order mark in front of the body is read past.
func TestSyntaxNamesTheMember(t *testing.T) {
	type line struct {
		ExtendedPrice float64 `json:"extendedPrice"`
		Name          string  `json:"name"`
	}
	type body struct {
		Currency  string `json:"currency"`
		LineItems []line `json:"lineItems"`
	}
	for _, c := range []struct{ in, field, msg string }{
		{`{"lineItems":[{"extendedPrice":12,50}]}`, "lineItems[0].extendedPrice", "12,50 is not a JSON number: write the decimal point as a dot, 12.50"},
		{`{"lineItems":[{"name":"a, b: [c]"},{"extendedPrice":-3,5}]}`, "lineItems[1].extendedPrice", "write the decimal point as a dot, -3.5"},
		{`{"currency":"USD",}`, "", "invalid character '}'"},
		{`{"lineItems":[{"name":"x",}]}`, "lineItems[0]", "looking for beginning of object key"},
		{`{"lineItems":[{"name":"x"} {"name":"y"}]}`, "lineItems[0]", "after array element"},
		{`nonsense`, "", "invalid character 'o' in literal null"},
	} {
		var b body
		err := Decode(strings.NewReader(c.in), &b, 0)
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != c.field || !strings.Contains(le.Message, c.msg) {
			t.Errorf("%s: %v (field %q)", c.in, err, fieldOf(le))
		}
	}
	var b body
	if err := Decode(strings.NewReader("\xef\xbb\xbf"+`{"currency":"EUR"}`), &b, 0); err != nil || b.Currency != "EUR" {
		t.Errorf("a body after a byte order mark: %v %+v", err, b)
	}
}

func fieldOf(e *levy.Error) string {
	if e == nil {
		return "<no levy.Error>"
	}
	return e.Field
}
