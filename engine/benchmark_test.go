package engine

import (
	"context"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
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
// (goal: at most 1.3 times BenchmarkFloor, in the same run).
func BenchmarkQuotation1(b *testing.B) { benchmarkQuotation(b, 1) }

// BenchmarkQuotation100 is the same with 100 lines (goal: at most 43
// times BenchmarkFloor, in the same run).
func BenchmarkQuotation100(b *testing.B) { benchmarkQuotation(b, 100) }

// BenchmarkQuotation1000 is the same with 1,000 lines: the work per line
// should not grow with the document, and B/op is the memory a document
// of that size allocates.
func BenchmarkQuotation1000(b *testing.B) { benchmarkQuotation(b, 1000) }

// BenchmarkFloor is the work a one-line quotation can not avoid: the
// address lookup and one decimal multiply-and-round per tax line. The
// ratio BenchmarkQuotation1 / BenchmarkFloor says how close the engine is
// to it (goal since 2026-11-28: at most 1.3).
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

var (
	benchProfileOnce sync.Once
	benchProfile     *Engine
	benchProfileErr  error
)

// profileBenchEngine returns an engine that applies the profiles of a
// memory store holding two customers of three certificates each: COVERED
// (for Texas, for California expired in 2025, for California from 2026:
// the last exempts a sale to Los Angeles) and REFUSED (for Texas, for
// New York, for California expired: none does, and the line says why).
func profileBenchEngine(b *testing.B) *Engine {
	benchProfileOnce.Do(func() {
		store := profile.NewMemory()
		d := civil.MustParse
		certs := func(customer string, covers bool) []profile.Certificate {
			last := profile.Certificate{Number: "3-CA", CustomerCode: customer, Jurisdictions: []string{"US-CA"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")}
			if !covers {
				last = profile.Certificate{Number: "3-NY", CustomerCode: customer, Jurisdictions: []string{"US-NY"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")}
			}
			return []profile.Certificate{
				{Number: "1-TX", CustomerCode: customer, Jurisdictions: []string{"US-TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
				{Number: "2-CA-OLD", CustomerCode: customer, Jurisdictions: []string{"US-CA"}, ReasonCode: "G", EffectiveDate: d("2024-01-01"), ExpirationDate: d("2025-12-31")},
				last,
			}
		}
		cs := profile.ChangeSet{Customers: []profile.Customer{{Code: "COVERED"}, {Code: "REFUSED"}},
			Certificates: append(certs("COVERED", true), certs("REFUSED", false)...)}
		if _, benchProfileErr = profile.NewService(store, profile.Config{}).Apply(context.Background(), "default", "bench", cs); benchProfileErr != nil {
			return
		}
		benchProfile, benchProfileErr = New(context.Background(), WithProfileStore(store),
			WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	})
	if benchProfileErr != nil {
		b.Fatal(benchProfileErr)
	}
	return benchProfile
}

func benchmarkProfileQuotation(b *testing.B, n int, customer string) {
	e := profileBenchEngine(b)
	req := benchQuotation(n)
	req.Customer.CustomerCode = &wire.CustomerCode{Value: customer}
	ctx := context.Background()
	r, err := e.Sale(ctx, req)
	if err != nil {
		b.Fatal(err)
	}
	if exempt := r.TotalTax.IsZero(); exempt != (customer == "COVERED") {
		b.Fatalf("customer %s: total tax %s", customer, r.TotalTax)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Sale(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQuotation1Profile is BenchmarkQuotation1 for a customer with
// three stored certificates, the third of which exempts the sale (goal:
// at most 1.3 times BenchmarkQuotation1).
func BenchmarkQuotation1Profile(b *testing.B) { benchmarkProfileQuotation(b, 1, "COVERED") }

// BenchmarkQuotation1ProfileRefused is the same for a customer whose
// three certificates all leave the sale taxed, so that the line says why
// (goal: at most 1.3 times BenchmarkQuotation1).
func BenchmarkQuotation1ProfileRefused(b *testing.B) { benchmarkProfileQuotation(b, 1, "REFUSED") }

// BenchmarkQuotation100Profile is BenchmarkQuotation100 for the customer
// whose third certificate exempts the sale.
func BenchmarkQuotation100Profile(b *testing.B) { benchmarkProfileQuotation(b, 100, "COVERED") }

// BenchmarkQuotation100ProfileRefused is BenchmarkQuotation100 for the
// customer whose certificates all leave the sale taxed.
func BenchmarkQuotation100ProfileRefused(b *testing.B) { benchmarkProfileQuotation(b, 100, "REFUSED") }
