package engine

import (
	"context"
	"runtime"
	"strconv"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// BenchmarkGCEmpty is one garbage collection of a heap without the
// dataset: the floor of BenchmarkGCWithDataset. It comes first, so that
// -bench . runs it before anything loads the engine; it is skipped once
// the engine is loaded.
func BenchmarkGCEmpty(b *testing.B) {
	if shared != nil {
		b.Skip("the engine is loaded; run this benchmark on its own")
	}
	benchmarkGC(b)
}

// BenchmarkGCWithDataset is one garbage collection with the engine and
// its dataset loaded: the mark work that every collection does in a
// process that calculates, whichever allocation triggers it. The live
// heap after the collection is reported as MB-live.
func BenchmarkGCWithDataset(b *testing.B) {
	testEngine(b)
	benchmarkGC(b)
}

func benchmarkGC(b *testing.B) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	for b.Loop() {
		runtime.GC()
	}
	b.ReportMetric(float64(ms.HeapAlloc)/1e6, "MB-live")
}

// benchQuotation is a quotation to a street address in Los Angeles with n
// lines of mixed product classes.
func benchQuotation(n int) *wire.SaleRequest {
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "19.99")
	classes := []string{"GENERAL", "CLOTHING", "FOOD", "PREPARED_FOOD", "DIGITAL_GOODS"}
	req.LineItems = req.LineItems[:0]
	for i := 0; i < n; i++ {
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: strconv.Itoa(i + 1),
			Product: &wire.Product{ProductClass: classes[i%len(classes)]}, Quantity: &wire.Measure{Value: amt("2")}, UnitPrice: amt("19.99")})
	}
	return req
}

func benchmarkQuotation(b *testing.B, n int) {
	e := testEngine(b)
	req := benchQuotation(n)
	ctx := context.Background()
	if _, err := e.Sale(ctx, req); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Sale(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQuotation1 is a one-line QUOTATION to a US street address
// (goal: at most 10 µs).
func BenchmarkQuotation1(b *testing.B) { benchmarkQuotation(b, 1) }

// BenchmarkQuotation100 is the same with 100 lines (goal: at most 500 µs).
func BenchmarkQuotation100(b *testing.B) { benchmarkQuotation(b, 100) }

// BenchmarkFloor is the work a one-line quotation can not avoid: the
// address lookup and one decimal multiply-and-round per tax line. The
// ratio BenchmarkQuotation1 / BenchmarkFloor says how close the engine is
// to it (goal: at most 3).
func BenchmarkFloor(b *testing.B) {
	e := testEngine(b)
	r := e.Resolver()
	ctx := context.Background()
	req := wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{StreetAddress1: "200 N Spring St", City: "Los Angeles",
		MainDivision: "CA", PostalCode: "90012", Country: "US"}, AsOfDate: civil.MustParse("2026-06-01")}
	s := e.snap.Load()
	price := *amt("39.98")
	b.ReportAllocs()
	for b.Loop() {
		res, err := r.LookupAddress(ctx, req)
		if err != nil || len(res.LookupResults) == 0 {
			b.Fatal(err)
		}
		sum := money.Zero()
		for _, j := range res.LookupResults[0].Jurisdictions {
			for _, rate := range s.jur.RatesOn(j.JurisdictionID, req.AsOfDate) {
				sum = sum.Add(price.MulRate(rate.Value).Round(2, money.HalfUp))
			}
		}
		if sum.IsZero() {
			b.Fatal("no tax")
		}
	}
}

// BenchmarkValidate1 is the validation of a one-line quotation.
func BenchmarkValidate1(b *testing.B) {
	req := benchQuotation(1)
	b.ReportAllocs()
	for b.Loop() {
		if err := req.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}
