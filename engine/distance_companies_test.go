package engine

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
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

// TestEUDistanceNoteSaysWhatWasNetted: the reason of the EU distance-sales
// threshold says that tax-included prices counted net of the VAT of the
// seller's member state only when a price was netted. A seller
// registered in the United Kingdom alone sells goods of EUR 120.00, VAT
// included, from Dublin to a consumer in Belfast: Ireland's VAT is not
// charged (not registered there), so the price includes none and counts
// whole (EUR 120.00), as the journal stores it. Before, the reason said
// "tax-included prices net of the VAT of the seller's member state"
// beside the whole EUR 120.00. An Austrian seller's EUR 120.00 included
// is netted (EUR 100.00) and says so.
func TestEUDistanceNoteSaysWhatWasNetted(t *testing.T) {
	e, err := New(context.Background(), WithDistanceSales(fixedDistance{"SMALL": {Current: decimal.NewFromInt(100), Source: "test"}}))
	if err != nil {
		t.Fatal(err)
	}
	const nets = "tax-included prices net of the VAT of the seller's member state"
	for _, c := range []struct {
		name     string
		from, to *wire.Location
		regs     []wire.TaxRegistration
		own      string
		netted   bool
	}{
		{"Dublin to Belfast, registered in GB alone", &wire.Location{City: "Dublin", PostalCode: "D02 X285", Country: "IE"},
			&wire.Location{City: "Belfast", PostalCode: "BT1 5GS", Country: "GB"},
			[]wire.TaxRegistration{{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}}, "EUR 120.00 in it", false},
		{"Vienna to Berlin", &wire.Location{City: "Wien", PostalCode: "1010", Country: "AT"},
			&wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}, nil, "EUR 100.00 in it", true},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:   &wire.Seller{Company: "SMALL", PhysicalOrigin: c.from, TaxRegistrations: c.regs},
			Customer: &wire.Customer{Destination: c.to},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("120.00"),
				TaxIncludedIndicator: true}}}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		says := ""
		for _, p := range r.LineItems[0].AssistedParameters {
			if p.RuleName == DistanceWithinRule || p.RuleName == DistanceAboveRule {
				says = p.Value
			}
		}
		if !strings.Contains(says, c.own) || strings.Contains(says, nets) != c.netted {
			t.Errorf("%s: the threshold's reason is %q, want %q and nets said %v", c.name, says, c.own, c.netted)
		}
	}
}
