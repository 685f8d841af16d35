package jsonbody_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// The one pass against the reference decoder (the decoder Levy used
// before it). Decode must give, on every body and for every type, the
// verdict, the error (its path, code and words) and the decoded value
// that the reference decoder gives; and the pass alone may refuse a body
// that the reference decoder accepts only where it stops at a
// construction it leaves to it on purpose (OnePass's second result).

// kitchen has a member of every kind the pass decodes itself or leaves
// to encoding/json value by value.
type kitchen struct {
	S     string  `json:"s"`
	B     bool    `json:"b"`
	I8    int8    `json:"i8"`
	I16   int16   `json:"i16"`
	I32   int32   `json:"i32"`
	I     int     `json:"i"`
	U8    uint8   `json:"u8"`
	U16   uint16  `json:"u16"`
	U32   uint32  `json:"u32"`
	U     uint    `json:"u"`
	F32   float32 `json:"f32"`
	F64   float64 `json:"f64"`
	NoTag string
	P     *string            `json:"p"`
	PP    **int              `json:"pp"`
	PS    *small             `json:"ps"`
	Sl    []string           `json:"sl"`
	SlS   []small            `json:"sls"`
	SlP   []*small           `json:"slp"`
	Big   []large            `json:"big"`
	M     map[string]int     `json:"m"`
	MS    map[string]small   `json:"ms"`
	A     [2]int             `json:"a"`
	Any   any                `json:"any"`
	Raw   json.RawMessage    `json:"raw"`
	Num   json.Number        `json:"num"`
	Byt   []byte             `json:"byt"`
	Amt   money.Amount       `json:"amt"`
	AmtP  *money.Amount      `json:"amtp"`
	Date  civil.Date         `json:"date"`
	DatP  *civil.Date        `json:"datp"`
	JT    jurisdiction.Type  `json:"jt"`
	JTP   *jurisdiction.Type `json:"jtp"`
	RM    money.RoundingMode `json:"rm"`
	Str   fmt.Stringer       `json:"str"`
	ID    string             `json:"id"`
	Id    string             `json:"Id"` //nolint:revive // two names that differ in case
	Kid   *kitchen           `json:"kid"`
	Kids  []kitchen          `json:"kids"`
	Skip  string             `json:"-"`
	Dash  string             `json:"-,"`
	embedded
	Outer string `json:"shadowed"`
	priv  string
}

// embedded is embedded in kitchen: its members are promoted, but its
// "shadowed" member loses to kitchen's own.
type embedded struct {
	Promoted string `json:"promoted"`
	Shadowed int    `json:"shadowed"`
	Deep     deeper
}

type deeper struct {
	X int `json:"x"`
}

type small struct {
	A string `json:"a"`
	B *int   `json:"b"`
}

// large is an item large enough that the pass counts the items of its
// slices before allocating them.
type large struct {
	Name  string          `json:"name"`
	Pad   [20]int         `json:"-"`
	Price *money.Amount   `json:"price"`
	Next  []large         `json:"next"`
	More  map[string]bool `json:"more"`
}

// odd holds what the pass leaves to the reference decoder, or to
// encoding/json for the whole struct.
type odd struct {
	Anon struct{ money.Amount } `json:"anon"`
	Bad  string                 `json:"a\\b"`
	Ptr  *withEmbeddedPointer   `json:"ptr"`
	Conf conflict               `json:"conf"`
}

// quoted has a member with the ",string" option, which the pass leaves
// to the reference decoder with the whole struct.
type quoted struct {
	Quoted int    `json:"quoted,string"`
	S      string `json:"s"`
}

type withEmbeddedPointer struct {
	*deeper
	Y int `json:"y"`
}

// conflict has two embedded structs with a member of one name at the
// same depth: encoding/json drops both.
type conflict struct {
	left
	right
}

type left struct {
	N int
}

type right struct {
	N string
}

// targets are fresh values of the types the differential test decodes
// every body into.
func targets() []any {
	return []any{
		new(wire.SaleRequest), new(wire.PurchaseRequest), new(wire.OwnerRequest), new(wire.SaleResponse),
		new(wire.Search), new(wire.AddressLookupRequest), new(kitchen), new(odd), new(quoted),
		new(any), new(map[string]int), new([]json.RawMessage), new(*wire.SaleRequest), new(money.Amount),
	}
}

// compareDecoders decodes body into each target with Decode and with the
// reference decoder and fails on any difference.
func compareDecoders(t *testing.T, body []byte) {
	t.Helper()
	trimmed := bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	for i, want := range targets() {
		got := targets()[i]
		alone := targets()[i]
		errWant := jsonbody.DecodeReference(trimmed, want)
		errGot := jsonbody.Decode(bytes.NewReader(body), got, 1<<20)
		if d := errorDiff(errGot, errWant); d != "" {
			t.Fatalf("%T, %q: %s", want, body, d)
		}
		if errWant == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%T, %q: Decode gives\n%#v\nthe reference decoder\n%#v", want, body, got, want)
		}
		ok, unsupported, _ := jsonbody.OnePass(trimmed, alone)
		switch {
		case ok && errWant != nil:
			t.Fatalf("%T, %q: the pass accepts a body the reference decoder refuses: %v", want, body, errWant)
		case ok && !reflect.DeepEqual(alone, want):
			t.Fatalf("%T, %q: the pass gives\n%#v\nthe reference decoder\n%#v", want, body, alone, want)
		case !ok && !unsupported && errWant == nil:
			t.Fatalf("%T, %q: the pass refuses a body the reference decoder accepts", want, body)
		}
	}
}

// errorDiff describes how two errors of Decode differ, or returns "".
func errorDiff(got, want error) string {
	switch {
	case (got == nil) != (want == nil):
		return fmt.Sprintf("error %v, want %v", got, want)
	case got == nil:
		return ""
	case got.Error() != want.Error():
		return fmt.Sprintf("error %q, want %q", got, want)
	case errors.Is(got, jsonbody.ErrTooLarge) != errors.Is(want, jsonbody.ErrTooLarge):
		return "ErrTooLarge differs"
	}
	var g, w *levy.Error
	if errors.As(got, &g) != errors.As(want, &w) {
		return fmt.Sprintf("error %#v, want %#v", got, want)
	}
	if g != nil && (g.Field != w.Field || g.Code != w.Code || g.Message != w.Message) {
		return fmt.Sprintf("error %#v, want %#v", g, w)
	}
	return ""
}

// seedBodies are the bodies the differential test starts from: Levy's
// request and response files and bodies that reach each rule.
func seedBodies(tb testing.TB) [][]byte {
	tb.Helper()
	var seeds [][]byte
	for _, pattern := range []string{"../../engine/testdata/*.json", "../../engine/testdata/golden/*.json"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			tb.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				tb.Fatal(err)
			}
			seeds = append(seeds, b)
		}
	}
	for _, s := range []string{
		``, ` `, `null`, `{}`, `[]`, `"x"`, `1`, `1x`, `{} {}`, `{}x`, "\xef\xbb\xbf{}", `{"a":1,"a":2}`,
		`{"saleMessageType":"QUOTATION","SaleMessageType":"INVOICE"}`, `{"\u0053aleMessageType":"INVOICE"}`,
		`{"saleMessageType":"QUOTATION","saleMessage\u0054ype":"INVOICE"}`, `{"ſaleMessageType":"X"}`,
		`{"lineItems":[{"lineItemId":"1"},{"lineItemId":"2","LineItemId":"3"}]}`,
		`{"lineItems":[{},{"quantity":{"value":"3"}}]}`, `{"lineItems":[{"lineItemNumber":1.5}]}`,
		`{"lineItems":[{"netMassKilograms":99999999999}]}`, `{"documentDate":"14/03/2026"}`, `{"documentDate":20260314}`,
		`{"exemptOverrides":[{"jurisdictionType":"STATE"},{"jurisdictionType":"REGION"}]}`,
		`{"customer":{"taxRegistrations":{"isoCountryCode":"DE"}}}`, `{"seller":"ACME"}`, `{"postToJournal":"yes"}`,
		`{"lineItems":[{"extendedPrice":1e2000}]}`, `{"LineItems":[{"UnitPrice":"9.99"}]}`,
		`{"lineItems":[{"extendedPrice":12,50}]}`, `{"currency":"USD",}`, `nonsense`,
		`{"lineItems":[{"unitPrice":null,"deliveryTerm":null,"quantity":null}],"customer":null,"documentDate":null}`,
		`{"lineItems":[]}`, `{"lineItems":null}`, `{"lineItems":[{"lineItems":[{"lineItems":[{"unitPrice":1,"UnitPrice":2}]}]}]}`,
		`{"extra":{"a":[{"b":1,"b":2}]}}`, `{"x":"\"[[[["}`, `{"a":"\ud800","b":"\ud83d\ude00","c":"\u00e9\/\b\f\n\r\t"}`,
		"{\"s\":\"\xff\xfe\",\"\xff\":1,\"\xfe\":2}", `{"documentNumber":"\ud83dx","s":"\uD83D\uDE00","sl":["\\ud800","\udc00"]}`,
		`{"s":"\\u0041\udbff\udfff\udc00"}`, `{"\ud800\u0041":1}`, `{"s":"\ud800\ud800\udc00"}`,
		`{"s":"a","i8":-128,"i16":32767,"i32":-1,"i":9223372036854775807,"u8":255,"u":18446744073709551615}`,
		`{"i8":128}`, `{"u8":-0}`, `{"i":-0}`,
		`{"i8":1.0e2,"i16":-3.27670e4,"u8":2.55e2,"i":9.223372036854775807e18,"u":1.8446744073709551615e19,"i32":1E-0,"f64":2.0}`,
		`{"i8":1.28e2}`, `{"u8":-1.0}`, `{"u8":-0.0}`, `{"i":1e19}`, `{"i32":2.5}`, `{"i32":1e400}`, `{"i":0.0e999999999999}`,
		`{"i32":25e-1}`, `{"i32":2.0,"date":"x"}`, `{"i32":2.0} x`, `{"i32":2.0,"any":[2.0],"m":{"a":1e0}}`,
		`{"lineItems":[{"lineItemNumber":2.0,"flexibleFields":{"flexibleCodeFields":[{"fieldId":1e0}]}}],"currency":{"isoCurrencyCodeNum":8.4e2}}`,
		`{"lineItems":[{"lineItemNumber":2.0},{"quantity":{"value":"3"}}]}`, `{"lineItems":[{"lineItemNumber":1.5e0}]}`, `{"f32":3.4e39}`, `{"f64":-0.0e-5,"f32":1.5}`, `{"NoTag":"x","notag":"y"}`,
		`{"p":"x","pp":3,"ps":{"a":"y","b":null}}`, `{"pp":null,"ps":null,"p":null}`,
		`{"sl":["a","b"],"sls":[{"a":"1"},{"b":2}],"slp":[null,{"a":"z"}]}`,
		`{"big":[{"name":"a","price":1.50,"next":[{"name":"b"}]},{"name":"c","more":{"x":true}},null]}`,
		`{"big":[1,2,3]}`, `{"big":[{},{} ,{"name":"x,y}]"}]}`, `{"m":{"a":1,"A":2},"ms":{"k":{"a":"v"}},"a":[1,2,3]}`,
		`{"any":{"k":[1,"x",null,true,{"z":{}}]},"raw":{"q": [1, 2]},"num":12.5,"byt":"aGVsbG8="}`,
		`{"amt":12.50,"amtp":-0.001,"date":"2026-02-28","datp":"2026-02-30","jt":"STATE","jtp":"COUNTY","rm":"half-even"}`,
		`{"amt":null,"date":null,"jt":null,"rm":null,"str":null}`, `{"amt":"1"}`, `{"jt":"REGION"}`, `{"str":{}}`,
		`{"id":"a","Id":"b"}`, `{"ID":"c"}`, `{"kid":{"kid":{"s":"deep"}},"kids":[{"s":"1"},{"kids":[]}]}`,
		`{"-":"x","promoted":"p","shadowed":"o","Deep":{"x":1},"deep":{"x":2}}`, `{"shadowed":1}`,
		`{"quoted":"5"}`, `{"anon":1}`, `{"a\\b":"x"}`, `{"Bad":"x"}`, `{"ptr":{"x":1,"y":2}}`, `{"conf":{"N":1}}`, `{"conf":{"n":1}}`, `{"conf":{"N":"x","N":"y"}}`,
		`{"lookupId":"1","lookupRequest":{"postalAddress":{"city":"Seattle"}}}`,
		`{"lookupId":"1","lookupRequest":{"coordinates":{"latitude":"1","longitude":"2"},"extra":1}}`,
		strings.Repeat(`{"a":`, 64) + "1" + strings.Repeat("}", 64), strings.Repeat(`[`, 65) + strings.Repeat("]", 65),
		`{"x":1,"x":2}` + strings.Repeat("[", 70), `{"a":x` + strings.Repeat("[", 70),
	} {
		seeds = append(seeds, []byte(s))
	}
	return seeds
}

// TestDecodeAgainstReference runs the differential test on the seeds.
func TestDecodeAgainstReference(t *testing.T) {
	for _, body := range seedBodies(t) {
		compareDecoders(t, body)
	}
}

// FuzzDecodeAgainstReference is the differential test on any body:
//
//	go test ./internal/jsonbody -run '^$' -fuzz FuzzDecodeAgainstReference -fuzztime 10m
func FuzzDecodeAgainstReference(f *testing.F) {
	for _, body := range seedBodies(f) {
		f.Add(body)
	}
	f.Fuzz(compareDecoders)
}

// TestPassDecodesRequests checks that the pass itself accepts Levy's
// request and response files: the reference decoder is for faults only.
func TestPassDecodesRequests(t *testing.T) {
	files, err := filepath.Glob("../../engine/testdata/golden/*.json")
	if err != nil || len(files) == 0 {
		t.Fatal(err, files)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any = new(wire.SaleResponse)
		switch {
		case strings.HasPrefix(filepath.Base(f), "purchase-"):
			v = new(wire.PurchaseRequest)
		case strings.HasPrefix(filepath.Base(f), "owner-"):
			v = new(wire.OwnerRequest)
		}
		if ok, unsupported, _ := jsonbody.OnePass(b, v); !ok {
			t.Errorf("%s: the pass refuses it (unsupported: %v)", f, unsupported)
		}
	}
}

// quotation returns the JSON of a QUOTATION of n lines, the body of the
// engine's decoding benchmarks (engine/decode_bench_test.go).
func quotation(tb testing.TB, n int) []byte {
	tb.Helper()
	req := wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"),
		Seller:       &wire.Seller{Company: "ACME", PhysicalOrigin: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
		Customer: &wire.Customer{Destination: &wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles",
			MainDivision: "CA", PostalCode: "90012", Country: "US"}}}
	classes := []string{"GENERAL", "CLOTHING", "FOOD", "PREPARED_FOOD", "DIGITAL_GOODS"}
	two, price := money.MustParse("2"), money.MustParse("19.99")
	for i := range n {
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: fmt.Sprint(i + 1),
			Product: &wire.Product{ProductClass: classes[i%len(classes)]}, Quantity: &wire.Measure{Value: &two}, UnitPrice: &price})
	}
	b, err := json.Marshal(req)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func benchmarkDecode(b *testing.B, n int, decode func([]byte, any) error) {
	body := quotation(b, n)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		var r wire.SaleRequest
		if err := decode(body, &r); err != nil {
			b.Fatal(err)
		}
	}
}

func decodeNow(body []byte, v any) error { return jsonbody.Decode(bytes.NewReader(body), v, 1<<20) }

// BenchmarkDecode1 and BenchmarkDecode100 are Decode of a quotation of 1
// and 100 lines; BenchmarkReference1 and 100, the reference decoder.
func BenchmarkDecode1(b *testing.B)      { benchmarkDecode(b, 1, decodeNow) }
func BenchmarkDecode100(b *testing.B)    { benchmarkDecode(b, 100, decodeNow) }
func BenchmarkReference1(b *testing.B)   { benchmarkDecode(b, 1, jsonbody.DecodeReference) }
func BenchmarkReference100(b *testing.B) { benchmarkDecode(b, 100, jsonbody.DecodeReference) }
