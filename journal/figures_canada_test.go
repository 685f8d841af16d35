package journal_test

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestContributionCanada: a sale delivered in a Canadian province counts
// in its province's area (with the taxable and exempt amounts of the
// province's own tax) and in Canada's (with the GST's), and, sold to a
// consumer, in the consumers' area of both; a business customer's or a
// registered customer's sale does not count as a consumer's. A line that
// names Canada alone counts for Canada only; one stored before the
// journal kept destinations is placed by its provincial tax; an amount
// in US dollars without a conversion to Canadian dollars is unconverted,
// and one with a filing conversion counts converted.
func TestContributionCanada(t *testing.T) {
	units := func(s string) int64 { return money.MustParse(s).Decimal().Shift(4).IntPart() }
	line := func(dest, amount string, taxes ...journal.Tax) journal.Line {
		return journal.Line{LineItemID: "1", Destination: dest, Amount: money.MustParse(amount), Taxes: taxes}
	}
	gstPST := []journal.Tax{{JurisdictionID: "CA", Taxable: money.MustParse("100.00")},
		{JurisdictionID: "CA-BC", Taxable: money.MustParse("60.00"), Exempt: money.MustParse("40.00")}}
	sale := func(cur string, customer *journal.Party, lines ...journal.Line) *journal.Transaction {
		return &journal.Transaction{TransactionID: "1", Perspective: "SELLER", MessageType: "INVOICE", Company: "ACME",
			DocumentDate: civil.MustParse("2026-03-02"), Currency: cur, Customer: customer, Lines: lines}
	}
	get := func(figs []journal.Figure, area string) (journal.Tally, bool) {
		for _, f := range figs {
			if f.Area == area {
				return f.Direct, true
			}
		}
		return journal.Tally{}, false
	}

	// To a consumer in British Columbia: four areas.
	figs := journal.Contribution(sale("CAD", nil, line("CA-BC", "100.00", gstPST...)))
	if len(figs) != 4 {
		t.Fatalf("a consumer's sale into B.C.: %+v", figs)
	}
	for area, want := range map[string]journal.Tally{
		"CA-BC":           {Gross: units("100"), Exempt: units("40"), Taxable: units("60"), Count: 1},
		"CA-BC/consumers": {Gross: units("100"), Exempt: units("40"), Taxable: units("60"), Count: 1},
		"CA":              {Gross: units("100"), Taxable: units("100"), Count: 1},
		"CA/consumers":    {Gross: units("100"), Taxable: units("100"), Count: 1},
	} {
		if got, ok := get(figs, area); !ok || got != want {
			t.Errorf("%s: %+v, want %+v", area, got, want)
		}
	}
	if journal.ConsumerArea("CA-QC") != "CA-QC/consumers" || journal.ConsumerArea(journal.AreaCanada) != "CA/consumers" {
		t.Error("ConsumerArea")
	}

	// A business, or a customer with a registration number: no consumer.
	for _, c := range []*journal.Party{{Business: true}, {Registrations: []journal.Registration{{Country: "CA", Number: "123456789RT0001"}}}} {
		figs = journal.Contribution(sale("CAD", c, line("CA-QC", "50.00")))
		if _, ok := get(figs, "CA-QC/consumers"); ok || len(figs) != 2 {
			t.Errorf("a sale to %+v: %+v", c, figs)
		}
	}
	// A line's own customer decides over the document's.
	tx := sale("CAD", &journal.Party{Business: true}, line("CA-QC", "50.00"))
	tx.Lines[0].Customer = &journal.Party{Name: "A person"}
	if _, ok := get(journal.Contribution(tx), "CA-QC/consumers"); !ok {
		t.Error("a line sold to a person on a business's document is not a consumer's")
	}

	// Canada without a province; a line without a destination placed by
	// its provincial tax; a destination elsewhere counts for nothing here.
	figs = journal.Contribution(sale("CAD", nil, line("CA", "10.00")))
	if _, ok := get(figs, "CA"); !ok || len(figs) != 2 {
		t.Errorf("a line naming Canada alone: %+v", figs)
	}
	figs = journal.Contribution(sale("CAD", nil, line("", "10.00", journal.Tax{JurisdictionID: "CA-MB", Taxable: money.MustParse("10.00")})))
	if got, ok := get(figs, "CA-MB"); !ok || got.Taxable != units("10") {
		t.Errorf("a line stored without a destination: %+v", figs)
	}
	if figs = journal.Contribution(sale("CAD", nil, line("US-TX", "10.00"))); len(figs) != 1 || figs[0].Area != "US-TX" {
		t.Errorf("a sale into Texas: %+v", figs)
	}

	// In US dollars: unconverted without a conversion, converted with one.
	figs = journal.Contribution(sale("USD", nil, line("CA-BC", "100.00")))
	if got, _ := get(figs, "CA-BC"); got.Gross != 0 || got.Unconverted != 1 || got.Count != 1 {
		t.Errorf("US dollars without a conversion: %+v", got)
	}
	conv := line("CA-BC", "100.00", journal.Tax{JurisdictionID: "CA-BC", Taxable: money.MustParse("100.00"),
		Filing: &journal.Filing{Currency: "CAD", Rate: money.MustParse("1.35")}})
	figs = journal.Contribution(sale("USD", nil, conv))
	if got, _ := get(figs, "CA-BC"); got.Gross != units("135") || got.Taxable != units("135") || got.Unconverted != 0 {
		t.Errorf("US dollars at 1.35: %+v", got)
	}
}
