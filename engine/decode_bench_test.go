package engine

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/levytax/levy/wire"
)

// benchmarkDecode decodes the JSON of a quotation of n lines (see
// benchQuotation) into a SaleRequest, as the API does with every body.
func benchmarkDecode(b *testing.B, n int) {
	body, err := json.Marshal(benchQuotation(n))
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

// BenchmarkDecodeQuotation1 is the decoding of a one-line quotation.
func BenchmarkDecodeQuotation1(b *testing.B) { benchmarkDecode(b, 1) }

// BenchmarkDecodeQuotation100 is the decoding of a 100-line quotation.
func BenchmarkDecodeQuotation100(b *testing.B) { benchmarkDecode(b, 100) }
