package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// distinctLines is the number of lines of the document of
// BenchmarkQuotationDistinctPlaces: wire.MaxLines.
const distinctLines = 10000

var (
	distinctOnce   sync.Once
	distinctEngine *Engine
	distinctErr    error
)

// distinctPlacesEngine returns an engine whose profiles store a
// registration in California for each of the companies C00000 to C09999.
func distinctPlacesEngine(b testing.TB) *Engine {
	distinctOnce.Do(func() {
		store := profile.NewMemory()
		var cs profile.ChangeSet
		for i := range distinctLines {
			cs.Registrations = append(cs.Registrations, profile.Registration{CompanyCode: fmt.Sprintf("C%05d", i),
				Jurisdiction: "US-CA", Number: "CA-" + strconv.Itoa(i), EffectiveDate: civil.MustParse("2020-01-01")})
		}
		if _, distinctErr = profile.NewService(store, profile.Config{}).Apply(context.Background(), "default", "bench", cs); distinctErr != nil {
			return
		}
		distinctEngine, distinctErr = New(context.Background(), WithProfileStore(store),
			WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	})
	if distinctErr != nil {
		b.Fatal(distinctErr)
	}
	return distinctEngine
}

// BenchmarkQuotationDistinctPlaces is a quotation of wire.MaxLines lines
// within California, each of its own seller company (with a stored
// registration) and to its own street address: every line has a pair of
// places that mixed sourcing merges (calc.mixed) and a company whose
// stored registrations the document converts (builder.stored), neither
// seen on a line before. The work per line should not grow with the
// lines before it: compare its ratio to BenchmarkQuotation1000 in one
// run (about 10 when linear).
func BenchmarkQuotationDistinctPlaces(b *testing.B) {
	e := distinctPlacesEngine(b)
	req := distinctRequest(0, distinctLines)
	ctx := context.Background()
	r, err := e.Sale(ctx, req)
	if err != nil {
		b.Fatal(err)
	}
	if len(r.LineItems) != distinctLines || r.TotalTax.IsZero() {
		b.Fatalf("%d lines, total tax %s", len(r.LineItems), r.TotalTax)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Sale(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// distinctRequest is the quotation of BenchmarkQuotationDistinctPlaces
// with its lines from..to-1 alone.
func distinctRequest(from, to int) *wire.SaleRequest {
	origin := &wire.Location{StreetAddress1: "1 Dr Carlton B Goodlett Pl", City: "San Francisco", MainDivision: "CA", PostalCode: "94102", Country: "US"}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"), Seller: &wire.Seller{Company: "C00000", PhysicalOrigin: origin}}
	for i := from; i < to; i++ {
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: strconv.Itoa(i + 1),
			Seller: &wire.Seller{Company: fmt.Sprintf("C%05d", i), PhysicalOrigin: origin},
			Customer: &wire.Customer{Destination: &wire.Location{StreetAddress1: strconv.Itoa(100+i) + " N Spring St", City: "Los Angeles",
				MainDivision: "CA", PostalCode: "90012", Country: "US"}},
			Product: &wire.Product{ProductClass: "GENERAL"}, Quantity: &wire.Measure{Value: amt("1")}, ExtendedPrice: amt("19.99")})
	}
	return req
}

// TestDistinctPlacesPastTheFirst: past the first few pairs of places
// that mixed sourcing merges and companies whose stored
// registrations a document converts (docMemoFew), found then in maps,
// each line of a document of distinct places and companies, each twice,
// has the taxes it has alone in a document.
func TestDistinctPlacesPastTheFirst(t *testing.T) {
	e := distinctPlacesEngine(t)
	ctx := context.Background()
	const n = 6 * docMemoFew
	req := distinctRequest(0, n)
	again := distinctRequest(0, n)
	for i := range again.LineItems {
		again.LineItems[i].LineItemID = strconv.Itoa(n + i + 1)
	}
	req.LineItems = append(req.LineItems, again.LineItems...)
	whole, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for i, got := range whole.LineItems {
		alone, err := e.Sale(ctx, distinctRequest(i%n, i%n+1))
		if err != nil {
			t.Fatal(err)
		}
		g, _ := json.Marshal(got.Taxes)
		w, _ := json.Marshal(alone.LineItems[0].Taxes)
		if string(g) != string(w) || len(got.Taxes) == 0 {
			t.Errorf("line %d: taxes\n%s\nalone\n%s", i+1, g, w)
		}
	}
}
