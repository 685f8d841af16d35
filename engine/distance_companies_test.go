package engine

import (
	"context"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// countingDistance is a distance-sales source that counts its reads by
// company.
type countingDistance struct {
	mu    sync.Mutex
	reads map[string]int
}

func (s *countingDistance) EUDistanceSales(_ context.Context, _, company string, _ civil.Date) (DistanceFigures, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads[company]++
	return DistanceFigures{Current: decimal.NewFromInt(100), Source: "counted"}, nil
}

// TestEUDistanceFiguresReadOncePerCompany: a document whose EU distance
// sales are of several seller companies taking turns line by line (a
// marketplace's, lineItems[].seller.company) reads each company's figures
// once, and adds up its own tax-included lines once. Before, the document
// remembered one company's figures only, so each line of another company
// than the line before read the journal's figures again and netted every
// tax-included line of the document again: 400 reads for 400 lines, work
// that grows with the square of the document's length (a 1,000-line
// document of four companies took about 260 ms and 283 MB, against 7 ms
// and 8 MB now, BenchmarkEUDistanceIncluded1000Companies). The lines'
// taxes are those of a document of one company: each company has EUR 100
// of sales and 100 lines of EUR 10.00 net (EUR 12.10 with the
// Netherlands' 21%), within the threshold, so each line bears 2.10 of
// Dutch VAT.
func TestEUDistanceFiguresReadOncePerCompany(t *testing.T) {
	src := &countingDistance{reads: map[string]int{}}
	e, err := New(context.Background(), WithDistanceSales(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.Sale(context.Background(), euIncludedDocument(400, 4))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if n := src.reads[companyName(i)]; n != 1 {
			t.Errorf("company %s's figures were read %d times, want once", companyName(i), n)
		}
	}
	for i, l := range r.LineItems {
		if got, total := schemeLine(&l); got != "NL:TAXABLE:2.10:eu-distance-threshold" || total != "2.10" {
			t.Fatalf("line %d: %s, want NL:TAXABLE:2.10:eu-distance-threshold", i+1, got)
		}
	}
}
