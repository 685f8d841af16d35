package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/levytax/levy/wire"
)

// benchmarkDecode decodes the JSON of req into a SaleRequest, as the API
// does with every body.
func benchmarkDecode(b *testing.B, req *wire.SaleRequest) {
	body, err := json.Marshal(req)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		var r wire.SaleRequest
		if err := wire.Decode(bytes.NewReader(body), &r, 1<<20); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeQuotation1 is the decoding of a one-line quotation (see
// benchQuotation; goal: at most 0.45 times BenchmarkFloor in one run).
func BenchmarkDecodeQuotation1(b *testing.B) { benchmarkDecode(b, benchQuotation(1)) }

// BenchmarkDecodeQuotation100 is the decoding of a 100-line quotation
// (goal: at most 12 times BenchmarkFloor in one run). Its lines have the
// same quantity and price.
func BenchmarkDecodeQuotation100(b *testing.B) { benchmarkDecode(b, benchQuotation(100)) }

// BenchmarkDecodeQuotation100Varied is BenchmarkDecodeQuotation100 with
// a different quantity and price on every line, so that no amount of the
// body is written twice and the decoder reads each one.
func BenchmarkDecodeQuotation100Varied(b *testing.B) {
	req := benchQuotation(100)
	for i := range req.LineItems {
		req.LineItems[i].Quantity = &wire.Measure{Value: amt(fmt.Sprint(i + 1))}
		req.LineItems[i].UnitPrice = amt(fmt.Sprintf("%d.%02d", 10+i, i%100))
	}
	benchmarkDecode(b, req)
}
