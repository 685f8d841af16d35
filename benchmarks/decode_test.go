package benchmarks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// The choice of Levy's request decoder (internal/jsonbody): its own one
// pass against the same refusals built on github.com/go-json-experiment/
// json, the basis of encoding/json/v2, in one run:
//
//	go test -run '^$' -bench DecodeChoice -benchmem -cpu 1 -count 6
//
// v2 refuses a member name given twice by itself, but has no way to
// refuse a name that differs from a member's only in case while it
// ignores unknown members: with case-sensitive matching such a name is an
// unknown member, with case-insensitive matching it is read as the
// member. The v2 decoder here therefore reads the body twice: once with
// jsontext, walking the Go type, to refuse case variants and nesting
// beyond 64 levels, then with json.Unmarshal. "v2-unmarshal" is
// json.Unmarshal alone, the least the library costs.

// decodeQuotation returns the JSON of a QUOTATION of n lines to Los
// Angeles, the body of the engine's decoding benchmarks.
func decodeQuotation(tb testing.TB, n int) []byte {
	tb.Helper()
	req := wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"),
		Seller:       &wire.Seller{Company: "ACME", PhysicalOrigin: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
		Customer: &wire.Customer{Destination: &wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles",
			MainDivision: "CA", PostalCode: "90012", Country: "US"}}}
	classes := []string{"GENERAL", "CLOTHING", "FOOD", "PREPARED_FOOD", "DIGITAL_GOODS"}
	for i := range n {
		qty, price := money.FromInt(int64(i+1)), money.MustParse(fmt.Sprintf("%d.%02d", 10+i, i%100))
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: fmt.Sprint(i + 1),
			Product: &wire.Product{ProductClass: classes[i%len(classes)]}, Quantity: &wire.Measure{Value: &qty}, UnitPrice: &price})
	}
	b, err := json.Marshal(req)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// decoders are the candidates, each decoding a body into a *SaleRequest.
var decoders = []struct {
	name   string
	decode func([]byte, any) error
}{
	{"levy", func(b []byte, v any) error { return wire.Decode(bytes.NewReader(b), v, 1<<20) }},
	{"v2", decodeV2},
	{"v2-unmarshal", func(b []byte, v any) error { return jsonv2.Unmarshal(b, v, jsontext.AllowInvalidUTF8(true)) }},
	{"encoding-json", json.Unmarshal},
}

// BenchmarkDecodeChoice decodes quotations of 1 and 100 lines (every
// amount written once) with each candidate.
func BenchmarkDecodeChoice(b *testing.B) {
	for _, n := range []int{1, 100} {
		body := decodeQuotation(b, n)
		for _, d := range decoders {
			b.Run(fmt.Sprintf("%s/%d", d.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				for b.Loop() {
					var r wire.SaleRequest
					if err := d.decode(body, &r); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestDecodeChoiceAgrees checks that the candidates decode the bodies of
// the benchmark to the same request, and that the v2 decoder refuses
// what Levy's does.
func TestDecodeChoiceAgrees(t *testing.T) {
	for _, n := range []int{1, 100} {
		body := decodeQuotation(t, n)
		var want wire.SaleRequest
		if err := wire.Decode(bytes.NewReader(body), &want, 0); err != nil {
			t.Fatal(err)
		}
		for _, d := range decoders {
			var got wire.SaleRequest
			if err := d.decode(body, &got); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %d lines: %v\n%+v\nwant %+v", d.name, n, err, got, want)
			}
		}
	}
	for _, body := range []string{
		`{"saleMessageType":"QUOTATION","saleMessageType":"INVOICE"}`,
		`{"saleMessageType":"QUOTATION","SaleMessageType":"INVOICE"}`,
		`{"lineItems":[{"lineItemId":"1","LineItemID":"2"}]}`,
		`{"x":` + strings.Repeat("[", 65) + strings.Repeat("]", 65) + `}`,
	} {
		var r wire.SaleRequest
		if err := decodeV2([]byte(body), &r); err == nil {
			t.Errorf("v2 accepts %.60s", body)
		}
	}
}

// decodeV2 is the strict decoder built on go-json-experiment/json: a
// jsontext walk that refuses case variants and deep nesting, then
// json.Unmarshal, which refuses duplicate names. It reads invalid UTF-8
// as encoding/json does.
func decodeV2(body []byte, v any) error {
	dec := jsontext.NewDecoder(bytes.NewReader(body), jsontext.AllowInvalidUTF8(true))
	if err := walkV2(dec, reflect.TypeOf(v), 0); err != nil {
		return err
	}
	return jsonv2.Unmarshal(body, v, jsontext.AllowInvalidUTF8(true))
}

// walkV2 reads the next value of dec along type t.
func walkV2(dec *jsontext.Decoder, t reflect.Type, depth int) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if depth > 64 {
		return fmt.Errorf("nested more than 64 levels deep")
	}
	kind := dec.PeekKind()
	switch {
	case kind == '{' && t.Kind() == reflect.Struct && !leafV2(t):
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		ms := membersV2(t)
		var buf []byte
		for dec.PeekKind() != '}' {
			// The name as raw JSON, unquoted without allocating when it
			// has no escape.
			raw, err := dec.ReadValue()
			if err != nil {
				return err
			}
			name := raw[1 : len(raw)-1]
			if bytes.IndexByte(name, '\\') >= 0 {
				if buf, err = jsontext.AppendUnquote(buf[:0], raw); err != nil {
					return err
				}
				name = buf
			}
			ft, ok := ms.exact[string(name)]
			if !ok {
				if m, variant := ms.folded[strings.ToLower(string(name))]; variant {
					return fmt.Errorf("%q differs from the member %q only in case", name, m)
				}
				if err := skipV2(dec, depth+1); err != nil {
					return err
				}
				continue
			}
			if err := walkV2(dec, ft, depth+1); err != nil {
				return err
			}
		}
		_, err := dec.ReadToken()
		return err
	case kind == '[' && t.Kind() == reflect.Slice:
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		for dec.PeekKind() != ']' {
			if err := walkV2(dec, t.Elem(), depth+1); err != nil {
				return err
			}
		}
		_, err := dec.ReadToken()
		return err
	case kind == '{' || kind == '[':
		return skipV2(dec, depth)
	}
	return dec.SkipValue()
}

// skipV2 reads the next object or array, refusing deep nesting.
func skipV2(dec *jsontext.Decoder, depth int) error {
	raw, err := dec.ReadValue()
	if err != nil {
		return err
	}
	deepest, level := 0, 0
	for tok, in := range tokensV2(raw) {
		_ = tok
		level = in
		deepest = max(deepest, level)
	}
	if depth+deepest > 64 {
		return fmt.Errorf("nested more than 64 levels deep")
	}
	return nil
}

// tokensV2 yields the tokens of a raw value with their depth.
func tokensV2(raw jsontext.Value) func(yield func(jsontext.Kind, int) bool) {
	return func(yield func(jsontext.Kind, int) bool) {
		dec := jsontext.NewDecoder(bytes.NewReader(raw), jsontext.AllowInvalidUTF8(true))
		for {
			kind := dec.PeekKind()
			if kind == 0 {
				return
			}
			if _, err := dec.ReadToken(); err != nil || !yield(kind, dec.StackDepth()) {
				return
			}
		}
	}
}

// leafV2 reports whether t reads its JSON itself.
func leafV2(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(reflect.TypeFor[json.Unmarshaler]()) || p.Implements(reflect.TypeFor[interface{ UnmarshalText([]byte) error }]())
}

// membersV2Of are the member names of a struct type: by exact name, the
// Go type of each; by lower-cased name, the exact name.
type membersV2Of struct {
	exact  map[string]reflect.Type
	folded map[string]string
}

var membersV2Cache sync.Map // reflect.Type → membersV2Of

// membersV2 returns the member names of struct type t, embedded structs'
// included.
func membersV2(t reflect.Type) membersV2Of {
	if ms, ok := membersV2Cache.Load(t); ok {
		return ms.(membersV2Of)
	}
	ms := membersV2Of{exact: map[string]reflect.Type{}, folded: map[string]string{}}
	var add func(t reflect.Type)
	add = func(t reflect.Type) {
		for i := range t.NumField() {
			sf := t.Field(i)
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			switch {
			case name == "-":
			case sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct:
				add(sf.Type)
			case sf.IsExported():
				if name == "" {
					name = sf.Name
				}
				if _, ok := ms.exact[name]; !ok {
					ms.exact[name] = sf.Type
					ms.folded[strings.ToLower(name)] = name
				}
			}
		}
	}
	add(t)
	membersV2Cache.Store(t, ms)
	return ms
}
