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

	// A customer registered for both the GST/HST and the QST: no
	// consumer (TestContributionCanadaConsumers has the other cases).
	both := &journal.Party{Business: true, Registrations: []journal.Registration{{Country: "CA", Number: "123456789RT0001"}, {Country: "CA", Number: "1234567890TQ0001"}}}
	figs = journal.Contribution(sale("CAD", both, line("CA-QC", "50.00")))
	if _, ok := get(figs, "CA-QC/consumers"); ok || len(figs) != 2 {
		t.Errorf("a sale to %+v: %+v", both, figs)
	}
	// A line's own customer decides over the document's.
	tx := sale("CAD", both, line("CA-QC", "50.00"))
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

// TestContributionCanadaConsumers: who counts as a consumer in Canada's
// consumer areas follows the registration the threshold names, not the
// business indicator. Québec's ("CA-QC/consumers") leaves out a customer
// with a QST number of the general system (TQ) and keeps one with a
// GST/HST number alone; Canada's ("CA/consumers") leaves out a customer
// with a GST/HST number of the normal regime (RT) and keeps one with a
// QST number alone. A business without either, the holder of a
// simplified GST/HST account (RT9999) or of a specified QST number (NR),
// a foreign VAT number and a number of the GST/HST's form registered in
// another country all count as consumers.
func TestContributionCanadaConsumers(t *testing.T) {
	reg := func(country, number string) journal.Registration {
		return journal.Registration{Country: country, Number: number}
	}
	cases := []struct {
		what       string
		customer   *journal.Party
		qc, canada bool // counted in CA-QC/consumers, in CA/consumers
	}{
		{"a business without a Canadian registration", &journal.Party{Business: true}, true, true},
		{"a person", &journal.Party{Name: "A person"}, true, true},
		{"a GST/HST registrant", &journal.Party{Business: true, Registrations: []journal.Registration{reg("CA", "123456789RT0001")}}, true, false},
		{"a GST/HST number with spaces, no country", &journal.Party{Registrations: []journal.Registration{reg("", "12345 6789 rt 0001")}}, true, false},
		{"a QST registrant of the general system", &journal.Party{Business: true, Registrations: []journal.Registration{reg("CAN", "1234567890TQ0001")}}, false, true},
		{"both", &journal.Party{Registrations: []journal.Registration{reg("CA", "123456789RT0001"), reg("CA", "1234567890-TQ-0001")}}, false, false},
		{"a simplified GST/HST account", &journal.Party{Business: true, Registrations: []journal.Registration{reg("CA", "123456789RT9999")}}, true, true},
		{"a specified QST number", &journal.Party{Business: true, Registrations: []journal.Registration{reg("CA", "NR00012345")}}, true, true},
		{"a German VAT number", &journal.Party{Business: true, Registrations: []journal.Registration{reg("DE", "DE123456789")}}, true, true},
		{"the GST/HST's form in the United States", &journal.Party{Registrations: []journal.Registration{reg("US", "123456789RT0001")}}, true, true},
		{"a B.C. PST number", &journal.Party{Registrations: []journal.Registration{reg("CA", "PST-1234-5678")}}, true, true},
	}
	for _, c := range cases {
		tx := &journal.Transaction{TransactionID: "1", Perspective: "SELLER", MessageType: "INVOICE", Company: "ACME",
			DocumentDate: civil.MustParse("2026-03-02"), Currency: "CAD", Customer: c.customer,
			Lines: []journal.Line{{LineItemID: "1", Destination: "CA-QC", Amount: money.MustParse("50.00")}}}
		var qc, canada bool
		for _, f := range journal.Contribution(tx) {
			qc = qc || f.Area == "CA-QC/consumers"
			canada = canada || f.Area == "CA/consumers"
		}
		if qc != c.qc || canada != c.canada {
			t.Errorf("%s: counted in Québec's consumers %v (want %v), in Canada's %v (want %v)", c.what, qc, c.qc, canada, c.canada)
		}
	}
}

// TestContributionCanadaZeroRated: a sale to a consumer in Québec of
// goods zero-rated for the GST and the QST (taxable at a rate of zero)
// counts whole in Canada's area, whose small-supplier test counts
// zero-rated supplies, and as exempt in both consumer areas, whose
// thresholds leave zero-rated supplies out (Excise Tax Act s. 211.12(1),
// Act respecting the Québec sales tax s. 477.4.3); a book the QST
// zero-rates, which the journal stores exempt, is exempt there too.
func TestContributionCanadaZeroRated(t *testing.T) {
	units := func(s string) int64 { return money.MustParse(s).Decimal().Shift(4).IntPart() }
	tax := func(id, result, taxable, exempt, rate, amount string) journal.Tax {
		return journal.Tax{JurisdictionID: id, TaxResult: result, Taxable: money.MustParse(taxable), Exempt: money.MustParse(exempt),
			Rate: money.MustParse(rate), Tax: money.MustParse(amount)}
	}
	sale := func(taxes ...journal.Tax) map[string]journal.Tally {
		tx := &journal.Transaction{TransactionID: "1", Perspective: "SELLER", MessageType: "INVOICE", Company: "ACME",
			DocumentDate: civil.MustParse("2026-03-02"), Currency: "CAD",
			Lines: []journal.Line{{LineItemID: "1", Destination: "CA-QC", Amount: money.MustParse("100.00"), Taxes: taxes}}}
		out := map[string]journal.Tally{}
		for _, f := range journal.Contribution(tx) {
			out[f.Area] = f.Direct
		}
		return out
	}
	food := sale(tax("CA", "TAXABLE", "100", "0", "0", "0"), tax("CA-QC", "TAXABLE", "100", "0", "0", "0"))
	for area, want := range map[string]journal.Tally{
		"CA":              {Gross: units("100"), Taxable: units("100"), Count: 1},
		"CA-QC":           {Gross: units("100"), Taxable: units("100"), Count: 1},
		"CA/consumers":    {Gross: units("100"), Taxable: units("100"), Exempt: units("100"), Count: 1},
		"CA-QC/consumers": {Gross: units("100"), Taxable: units("100"), Exempt: units("100"), Count: 1},
	} {
		if got := food[area]; got != want {
			t.Errorf("zero-rated food, %s: %+v, want %+v", area, got, want)
		}
	}
	books := sale(tax("CA", "TAXABLE", "100", "0", "0.05", "5"), tax("CA-QC", "EXEMPT", "0", "100", "0.09975", "0"))
	if got := books["CA-QC/consumers"]; got.Gross-got.Exempt != 0 {
		t.Errorf("a book zero-rated for the QST, Québec's consumers: %+v", got)
	}
	if got := books["CA/consumers"]; got.Gross-got.Exempt != units("100") {
		t.Errorf("a book taxed by the GST, Canada's consumers: %+v", got)
	}
	// A standard-rated sale stays whole.
	general := sale(tax("CA", "TAXABLE", "100", "0", "0.05", "5"), tax("CA-QC", "TAXABLE", "100", "0", "0.09975", "9.98"))
	if got := general["CA-QC/consumers"]; got.Exempt != 0 || got.Gross != units("100") {
		t.Errorf("a standard-rated sale, Québec's consumers: %+v", got)
	}
}
