package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestLowValueTaxIncluded: a tax-included price is weighed against a
// low-value import limit net of the VAT it includes, since the limits are
// on the intrinsic value, which leaves the VAT out (HMRC, VAT and
// overseas goods sold directly to customers in the UK; VAT Directive,
// article 369l). A £150.00 price that includes VAT at 20% is £125.00 of
// goods and £25.00 of VAT: within £135, the seller registered in the
// United Kingdom charges the £25.00. Before, the price was counted whole
// and "GBP 150.00 is above GBP 135": no VAT at sale. Only the VAT comes
// out: a price of books, zero-rated, is weighed whole, and so is a price
// to a UK business that accounts for the VAT by reverse charge, which
// includes none.
func TestLowValueTaxIncluded(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	shanghai := &wire.Location{City: "Shanghai", PostalCode: "200000", Country: "CN"}
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	paris := &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	gbReg := []wire.TaxRegistration{{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}}
	ioss := []wire.TaxRegistration{{ISOCountryCode: "FR", TaxRegistrationType: "Import One Stop Shop"}}
	sale := func(currency string, from, to *wire.Location, regs []wire.TaxRegistration, class string, prices ...string) *wire.SaleRequest {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: currency},
			Seller:   &wire.Seller{PhysicalOrigin: from, TaxRegistrations: regs},
			Customer: &wire.Customer{Destination: to}}
		for _, p := range prices {
			req.LineItems = append(req.LineItems, wire.SaleLineItem{Product: &wire.Product{ProductClass: class},
				ExtendedPrice: amt(p), TaxIncludedIndicator: true})
		}
		return req
	}
	business := func(req *wire.SaleRequest) *wire.SaleRequest {
		req.Customer.TaxRegistrations = gbReg
		return req
	}
	for _, c := range []struct {
		name string
		req  *wire.SaleRequest
		want string // each line's total tax
		rule string // the low-value parameter's rule name
		says string
	}{
		{"£150.00 including VAT to London is £125.00 of goods, within £135",
			sale("GBP", newYork, london, gbReg, "GENERAL", "150.00"), "25.00", LowValueWithinRule, "GBP 125.00"},
		{"£162.00 including VAT is exactly £135.00 of goods, within",
			sale("GBP", newYork, london, gbReg, "GENERAL", "162.00"), "27.00", LowValueWithinRule, "GBP 135.00"},
		{"£90.00 and £72.00 including VAT are one consignment of £135.00",
			sale("GBP", newYork, london, gbReg, "GENERAL", "90.00", "72.00"), "15.00 12.00", LowValueWithinRule, "GBP 135.00"},
		{"£180.00 including VAT is £150.00 of goods, above £135",
			sale("GBP", newYork, london, gbReg, "GENERAL", "180.00"), "0.00", LowValueAboveRule, "GBP 150.00"},
		{"£150.00 of books, zero-rated: no VAT to take out, above £135",
			sale("GBP", newYork, london, gbReg, "BOOKS", "150.00"), "0.00", LowValueAboveRule, "GBP 150.00"},
		{"£150.00 to a UK business with its UK VAT number: reverse charged, so no VAT in the price, above £135",
			business(sale("GBP", newYork, london, gbReg, "GENERAL", "150.00")), "0.00", LowValueAboveRule, "GBP 150.00"},
		{"£120.00 to a UK business with its UK VAT number: within, reverse charge",
			business(sale("GBP", newYork, london, gbReg, "GENERAL", "120.00")), "0.00", LowValueWithinRule, "GBP 120.00"},
		{"€170.00 including French VAT is €141.67 of goods, within €150 (IOSS)",
			sale("EUR", shanghai, paris, ioss, "GENERAL", "170.00"), "28.33", LowValueWithinRule, "EUR 141.67"},
		{"€186.00 including French VAT is €155.00 of goods, above €150",
			sale("EUR", shanghai, paris, ioss, "GENERAL", "186.00"), "0.00", LowValueAboveRule, "EUR 155.00"},
	} {
		r, err := e.Sale(context.Background(), c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		param, says := "", ""
		for _, l := range r.LineItems {
			got = append(got, l.TotalTax.String())
			for _, p := range l.AssistedParameters {
				if strings.HasPrefix(p.RuleName, "low-value-import") {
					param, says = p.RuleName, p.Value
				}
			}
		}
		if strings.Join(got, " ") != c.want || param != c.rule || !strings.Contains(says, c.says) {
			t.Errorf("%s: line taxes %v, parameter %q (%s); want %s, %q saying %q", c.name, got, param, says, c.want, c.rule, c.says)
		}
	}
}
