package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// checkLineRounding checks that each line's tax, over all jurisdictions,
// is less than one minor unit from the line's exact tax (each tax's
// taxable amount times its rate), for a response calculated with
// roundAtLineLevel false.
func checkLineRounding(t *testing.T, name string, r *wire.SaleResponse, places int32) {
	t.Helper()
	unit := decimal.New(1, -places)
	bad := 0
	for li, l := range r.LineItems {
		exact, got := decimal.Zero, decimal.Zero
		for _, x := range l.Taxes {
			if x.NominalRate == nil || x.MaxTaxIndicator || x.OriginalTax != nil {
				continue
			}
			exact = exact.Add(x.Taxable.Decimal().Mul(x.NominalRate.Decimal()))
			got = got.Add(x.CalculatedTax.Decimal())
		}
		if d := got.Sub(exact).Abs(); d.GreaterThanOrEqual(unit) {
			if bad++; bad <= 5 {
				t.Errorf("%s: line %d bears %s of tax for an exact %s, %s from it: a minor unit or more", name, li+1, got, exact, d)
			}
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d lines in all a minor unit or more from their exact tax", name, bad)
	}
}

// TestDocumentRoundingSpreadsOverLines rounds a document's tax once per
// jurisdiction (roundAtLineLevel false) over many equal lines in a place
// of several jurisdictions. Each jurisdiction gave the units of its
// rounded total to the lines whose taxes rounding took furthest down,
// the first line first among equals, so that all of them landed on the
// same lines: a thousand lines of 0.01 in Los Angeles bore, on the first
// lines, a cent of each of six jurisdictions' taxes for an exact tax of a
// thousandth, and the later lines none. Each tax was within a unit of its
// own, but not a line's total tax. The units now spread down the lines.
func TestDocumentRoundingSpreadsOverLines(t *testing.T) {
	la := &wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	rep := func(n int, a ...string) []string {
		var out []string
		for range n {
			out = append(out, a...)
		}
		return out
	}
	cases := []struct {
		name    string
		at      *wire.Location
		amounts []string
	}{
		{"a thousand lines of 0.01 in Los Angeles", la, rep(1000, "0.01")},
		{"sales and returns of 0.01 in Los Angeles", la, rep(300, "0.01", "0.01", "-0.01")},
		{"lines of 0.01 to 0.05 in Los Angeles", la, rep(200, "0.01", "0.02", "0.03", "0.04", "0.05")},
		{"a thousand lines of 0.03 in Houston", houston, rep(1000, "0.03")},
	}
	for _, tc := range cases {
		r, err := testEngine(t).Sale(context.Background(), roundingSale(tc.at, false, tc.amounts...))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		checkDocumentRounding(t, tc.name, r, 2)
		checkLineRounding(t, tc.name, r, 2)
	}
}

// TestDocumentRoundingRandomDocuments: random documents of sales and
// returns of a few cents to a few dollars, in places of two to six
// jurisdictions, rounded once over the document: each jurisdiction's
// taxes add up to its exact tax rounded once, each tax within one minor
// unit of its exact value, and so each line's tax wherever the
// jurisdictions' rounded totals leave room for it (linesCanHold).
func TestDocumentRoundingRandomDocuments(t *testing.T) {
	places := []*wire.Location{
		{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"},
		{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"},
		{StreetAddress1: "350 5th Ave", City: "New York", MainDivision: "NY", PostalCode: "10118", Country: "US"},
	}
	r := rand.New(rand.NewPCG(17, 23))
	held := 0
	for iter := range 60 {
		n := 1 + r.IntN(40)
		if iter%10 == 0 {
			n = 400
		}
		scale := []int64{10, 100, 1000}[r.IntN(3)]
		var amounts []string
		for range n {
			c := 1 + r.Int64N(scale)
			if r.IntN(4) == 0 {
				c = -c // a return
			}
			amounts = append(amounts, decimal.New(c, -2).StringFixed(2))
		}
		at := places[iter%len(places)]
		name := fmt.Sprintf("document %d (%d lines in %s)", iter, n, at.City)
		resp, err := testEngine(t).Sale(context.Background(), roundingSale(at, false, amounts...))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkDocumentRounding(t, name, resp, 2)
		if linesCanHold(resp, 2) {
			checkLineRounding(t, name, resp, 2)
			held++
		}
	}
	if held < 50 {
		t.Errorf("only %d documents of 60 could hold each line within a unit", held)
	}
}

// linesCanHold reports whether the jurisdictions' totals, each rounded on
// its own, leave room for every line's tax within one minor unit of its
// exact tax: their sum must lie between the lines' exact taxes each
// rounded down and each rounded up. Four lines of -0.12, 0.01, 0.60 and
// 0.69 in Los Angeles have 0.11505 of tax, which six jurisdictions
// rounded each once make 0.14; the lines can bear at most 0.13.
func linesCanHold(r *wire.SaleResponse, places int32) bool {
	lo, hi := decimal.Zero, decimal.Zero
	for _, l := range r.LineItems {
		exact := decimal.Zero
		for _, x := range l.Taxes {
			if x.NominalRate != nil {
				exact = exact.Add(x.Taxable.Decimal().Mul(x.NominalRate.Decimal()))
			}
		}
		lo = lo.Add(exact.RoundFloor(places))
		hi = hi.Add(exact.RoundCeil(places))
	}
	total := r.TotalTax.Decimal()
	return total.GreaterThanOrEqual(lo) && total.LessThanOrEqual(hi)
}

// BenchmarkQuotation100DocumentRounding is BenchmarkQuotation100 rounded
// once over the document (roundAtLineLevel false): six jurisdictions'
// taxes settled over a hundred lines.
func BenchmarkQuotation100DocumentRounding(b *testing.B) {
	req := benchQuotation(100)
	atLine := false
	req.RoundAtLineLevel = &atLine
	benchmarkSale(b, req)
}

// BenchmarkDocumentRoundingEqualLines1000 is a thousand lines of 0.01 in
// Los Angeles rounded once over the document, where the units of six
// jurisdictions must be spread over the lines.
func BenchmarkDocumentRoundingEqualLines1000(b *testing.B) {
	la := &wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	amounts := make([]string, 1000)
	for i := range amounts {
		amounts[i] = "0.01"
	}
	benchmarkSale(b, roundingSale(la, false, amounts...))
}

func benchmarkSale(b *testing.B, req *wire.SaleRequest) {
	e := testEngine(b)
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
