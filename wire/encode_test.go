package wire

import (
	"bytes"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// filler sets random values, members and lengths in a value of a wire
// type, so that every member of it is sometimes absent, zero, empty and
// present.
type filler struct {
	r *rand.Rand
}

// strs are strings that put appendString to the test: what JSON must
// escape, what HTML escaping adds, invalid UTF-8 and the line separators.
var strs = []string{"", "a", "Los Angeles", `quote " and \ backslash`, "<tag> & 'apostrophe'", "tab\tnew\nline\rcr\bbs\fff",
	"\x00\x01\x1f\x7f", "caf\u00e9 \u4e2d\u6587 \U0001F600", "bad \xff\xfe utf-8 \xc3", "sep \u2028 \u2029 end", "\u2028", "\xed\xa0\x80",
	strings.Repeat("x", 70)}

func (f *filler) fill(v reflect.Value, depth int) {
	t := v.Type()
	switch t {
	case amountType:
		v.Set(reflect.ValueOf(f.amount()))
		return
	case dateType:
		switch f.r.IntN(4) {
		case 0:
			v.Set(reflect.ValueOf(civil.Date{}))
		case 1:
			v.Set(reflect.ValueOf(civil.Date{Year: f.r.IntN(20000) - 100, Month: time.Month(f.r.IntN(14)), Day: f.r.IntN(40)}))
		default:
			v.Set(reflect.ValueOf(civil.Date{Year: 1990 + f.r.IntN(50), Month: time.Month(1 + f.r.IntN(12)), Day: 1 + f.r.IntN(28)}))
		}
		return
	}
	switch t.Kind() {
	case reflect.String:
		v.SetString(strs[f.r.IntN(len(strs))])
	case reflect.Bool:
		v.SetBool(f.r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		switch f.r.IntN(3) {
		case 0:
			v.SetInt(0)
		case 1:
			v.SetInt(f.r.Int64N(1000) - 500)
		default:
			v.SetInt(int64(f.r.Uint64() >> (65 - t.Bits())))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(f.r.IntN(20))) // an enum such as jurisdiction.Type, sometimes out of range
	case reflect.Pointer:
		if depth > 5 || f.r.IntN(3) == 0 {
			return
		}
		p := reflect.New(t.Elem())
		f.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		if depth > 5 || f.r.IntN(3) == 0 {
			return
		}
		n := f.r.IntN(3)
		s := reflect.MakeSlice(t, n, n)
		for i := range n {
			f.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() && f.r.IntN(4) != 0 {
				f.fill(v.Field(i), depth+1)
			}
		}
	default:
		panic("filler: " + t.String())
	}
}

// amount returns an amount of a random size, sign and scale, some of them
// beyond an int64.
func (f *filler) amount() money.Amount {
	exp := int32(f.r.IntN(16) - 12)
	switch f.r.IntN(6) {
	case 0:
		return money.Amount{}
	case 1:
		c, _ := new(big.Int).SetString(strings.Repeat("9", 15+f.r.IntN(10))+"7", 10)
		if f.r.IntN(2) == 0 {
			c.Neg(c)
		}
		return money.New(decimal.NewFromBigInt(c, exp))
	case 2:
		return money.New(decimal.New(0, exp))
	}
	return money.New(decimal.New(f.r.Int64N(2_000_000_000)-1_000_000_000, exp))
}

// appender is a type with a generated AppendJSON.
type appender interface {
	AppendJSON([]byte) ([]byte, error)
}

// TestAppendJSONMatches checks that AppendJSON writes what json.Marshal
// writes, on random values of every root type, and fails where it fails.
func TestAppendJSONMatches(t *testing.T) {
	f := &filler{r: rand.New(rand.NewPCG(2026, 1128))}
	for _, root := range encodeRoots {
		rt := reflect.TypeOf(root)
		var failed int
		for i := range 400 {
			p := reflect.New(rt)
			f.fill(p.Elem(), 0)
			want, wantErr := json.Marshal(p.Interface())
			got, err := p.Interface().(appender).AppendJSON([]byte("prefix"))
			if (err != nil) != (wantErr != nil) {
				t.Fatalf("%s #%d: AppendJSON error %v, json.Marshal error %v", rt.Name(), i, err, wantErr)
			}
			if err != nil {
				failed++
				continue
			}
			if !bytes.HasPrefix(got, []byte("prefix")) || !bytes.Equal(got[len("prefix"):], want) {
				t.Fatalf("%s #%d: AppendJSON wrote\n%s\njson.Marshal\n%s", rt.Name(), i, got, want)
			}
		}
		if failed > 300 {
			t.Errorf("%s: %d of 400 values failed to encode: the test compares too few", rt.Name(), failed)
		}
	}
	var nilSale *SaleResponse
	if b, err := nilSale.AppendJSON(nil); err != nil || string(b) != "null" {
		t.Errorf("nil response: %s %v", b, err)
	}
}

// TestAppendStringMatches checks the string escaping on every byte and
// on runes around the ones that are escaped.
func TestAppendStringMatches(t *testing.T) {
	var cases []string
	for c := range 256 {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"b")
	}
	for _, r := range []rune{0x7f, 0x80, 0x7ff, 0x800, 0x2027, 0x2028, 0x2029, 0x202a, 0xfffd, 0xffff, 0x10000, 0x10ffff} {
		cases = append(cases, string(r), "x"+string(r)+"y")
	}
	cases = append(cases, strs...)
	for _, s := range cases {
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("appendString(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestAppendAmountMatches checks appendAmount against MarshalJSON.
func TestAppendAmountMatches(t *testing.T) {
	f := &filler{r: rand.New(rand.NewPCG(1, 2))}
	for range 20000 {
		a := f.amount()
		want, _ := a.MarshalJSON()
		if got := appendAmount(nil, a); !bytes.Equal(got, want) {
			t.Fatalf("appendAmount(%s) = %s, want %s", a, got, want)
		}
	}
}

// BenchmarkAppendJSON encodes a sale response of 100 lines of six taxes
// each with AppendJSON into a reused buffer, and BenchmarkMarshalJSON
// with json.Marshal: the encoders' costs side by side.
func BenchmarkAppendJSON(b *testing.B) {
	resp := benchResponse()
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = resp.AppendJSON(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(buf)))
}

// BenchmarkMarshalJSON: see BenchmarkAppendJSON.
func BenchmarkMarshalJSON(b *testing.B) {
	resp := benchResponse()
	var n int
	b.ReportAllocs()
	for b.Loop() {
		out, err := json.Marshal(resp)
		if err != nil {
			b.Fatal(err)
		}
		n = len(out)
	}
	b.SetBytes(int64(n))
}

// benchResponse is a sale response of 100 lines of six taxes each.
func benchResponse() *SaleResponse {
	amt := func(s string) money.Amount { return money.MustParse(s) }
	rate := amt("0.0625")
	tax := Tax{Jurisdiction: &Jurisdiction{Value: "LOS ANGELES", JurisdictionID: "US-CA-06037", JurisdictionType: jurisdiction.County,
		EffectiveDate: civil.MustParse("2017-04-01")},
		Imposition: &Imposition{Value: "SALES"}, ImpositionType: &ImpositionType{Value: "General Sales and Use Tax"},
		TaxResult: TaxResultTaxable, TaxType: TaxTypeSales, Situs: "DESTINATION", TaxCollectedFromParty: TaxCollectedFromSeller,
		TaxStructure: TaxStructureSingleRate, InputOutputType: InputOutputTypeOutput, CalculatedTax: amt("2.50"),
		Taxable: amt("39.98"), NonTaxable: amt("0.00"), Exempt: amt("0.00"), EffectiveRate: rate, NominalRate: &rate,
		CalculationRuleID: &RuleRef{Value: "us-ca-general"}}
	resp := &SaleResponse{TotalTax: amt("250.00"), SubTotal: amt("3998.00"), Total: amt("4248.00")}
	resp.SaleMessageType, resp.TransactionType, resp.DocumentDate = SaleQuotation, TransactionTypeSale, civil.MustParse("2026-06-01")
	for i := range 100 {
		l := SaleResponseLineItem{TotalTax: amt("2.50")}
		l.LineItemID, l.Product = strings.Repeat("1", 1+i%3), &Product{ProductClass: "GENERAL"}
		l.Quantity, l.UnitPrice = &Measure{Value: ptr(amt("2"))}, ptr(amt("19.99"))
		for range 6 {
			l.Taxes = append(l.Taxes, tax)
		}
		resp.LineItems = append(resp.LineItems, l)
	}
	return resp
}

func ptr[T any](v T) *T { return &v }

// TestAppendStringWords checks the escaping where appendString tests 8
// bytes at once: every byte, and the runes that are escaped or not ASCII,
// at every position of strings of plain bytes 1 to 24 long, and random
// strings of plain, escaped and non-ASCII bytes, against encoding/json.
func TestAppendStringWords(t *testing.T) {
	check := func(s string) {
		t.Helper()
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("appendString(%q) = %s, want %s", s, got, want)
		}
	}
	var pieces []string
	for c := range 256 {
		pieces = append(pieces, string([]byte{byte(c)}))
	}
	pieces = append(pieces, "\u00e9", "\u2028", "\u2029", "\U0001F600", "\xc3", "\xe2\x80")
	for n := 1; n <= 24; n++ {
		plain := strings.Repeat("Az09 -_.", 3)[:n]
		for _, p := range pieces {
			for at := 0; at <= n; at++ {
				check(plain[:at] + p + plain[at:])
			}
		}
	}
	r := rand.New(rand.NewPCG(2026, 1129))
	alphabet := []string{"a", "Z", " ", "~", "\x7f", `"`, `\`, "<", ">", "&", "'", "\n", "\x00", "\x1f", "\u00e9", "\u2028", "\xff", "\U0001F600", "plain text"}
	for range 20000 {
		var sb strings.Builder
		for range r.IntN(40) {
			sb.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		check(sb.String())
	}
}

// BenchmarkAppendString appends the strings of a quotation's answer: IDs,
// names of places and jurisdictions, codes.
func BenchmarkAppendString(b *testing.B) {
	strs := []string{"1", "Los Angeles", "LOS ANGELES COUNTY DISTRICT TAX SP", "CA-06037-LA-COUNTY-TRANSIT", "US", "SALES", "GENERAL",
		"200 N Spring St", "2026-06-01", "Seller's use tax on tangible personal property"}
	buf := make([]byte, 0, 1024)
	for b.Loop() {
		buf = buf[:0]
		for _, s := range strs {
			buf = appendString(buf, s)
		}
	}
}
