package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// TestReviewVATCalc2ChangeoverDay sends documents dated on either side of
// a rate change whose line gives its own taxDate, the tax point, on the
// other side. The rate of the day the tax became chargeable applies, not
// that of the document: in the EU the chargeable event is the supply
// (Directive 2006/112/EC arts. 63 and 65), so a delivery of June 30,
// 2025 in Estonia bears 22% though invoiced on July 1, when the standard
// rate became 24%, and a supply made after a change bears the new rate
// though invoiced before it (a payment received before the supply would
// make the tax chargeable on that day instead, art. 65: Levy takes the
// tax point the line gives). Romania's 19% and 9% became 21% and 11% on
// August 1, 2025, Finland's 24% became 25.5% on September 1, 2024 and
// Slovakia's 20% became 23% on January 1, 2025 (the days and rates are
// those the curated rows cite). A line without a taxDate takes the
// document date. This pins what Levy does; the document's taxPointDate
// is not acted on (docs/wire-fields.md), so the line's taxDate is the
// member to send.
func TestReviewVATCalc2ChangeoverDay(t *testing.T) {
	e := testEngine(t)
	cases := []struct {
		city, postalCode, country, currency string
		document, taxDate                   string
		class, rate                         string
	}{
		{"Tallinn", "10111", "EE", "EUR", "2025-07-01", "2025-06-30", "GENERAL", "0.22"},
		{"Tallinn", "10111", "EE", "EUR", "2025-07-01", "", "GENERAL", "0.24"},
		{"Tallinn", "10111", "EE", "EUR", "2025-06-30", "2025-07-01", "GENERAL", "0.24"},
		{"Bucuresti", "010011", "RO", "RON", "2025-08-01", "2025-07-31", "GENERAL", "0.19"},
		{"Bucuresti", "010011", "RO", "RON", "2025-08-01", "2025-07-31", "FOOD", "0.09"},
		{"Bucuresti", "010011", "RO", "RON", "2025-07-31", "2025-08-01", "FOOD", "0.11"},
		{"Helsinki", "00100", "FI", "EUR", "2024-09-01", "2024-08-31", "GENERAL", "0.24"},
		{"Helsinki", "00100", "FI", "EUR", "2024-08-31", "2024-09-01", "GENERAL", "0.255"},
		{"Bratislava", "811 01", "SK", "EUR", "2025-01-01", "2024-12-31", "GENERAL", "0.2"},
		{"Bratislava", "811 01", "SK", "EUR", "2024-12-31", "2025-01-01", "GENERAL", "0.23"},
	}
	for _, c := range cases {
		at := Address(c.city, c.postalCode, c.country)
		q := Quotation(c.document, SellerAt(at), CustomerAt(at), Line("l", c.class, "100.00"))
		q.Currency = CurrencyCode(c.currency)
		if c.taxDate != "" {
			q.LineItems[0].TaxDate = civil.MustParse(c.taxDate)
		}
		name := c.country + " " + c.class + " dated " + c.document + ", taxDate " + c.taxDate
		resp, err := e.Sale(context.Background(), q)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		taxes := resp.LineItems[0].Taxes
		if len(taxes) != 1 {
			t.Errorf("%s: %d tax records, want 1", name, len(taxes))
			continue
		}
		if got := taxes[0].EffectiveRate.Decimal(); !got.Equal(decimal.RequireFromString(c.rate)) {
			t.Errorf("%s: rate %s, want %s", name, got, c.rate)
		}
	}
}
