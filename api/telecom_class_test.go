package api

import (
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestTelecomClassOverHTTP sends, over loopback, a wireless line of
// 100.00 with no product class to customers in Austin, Texas, in Miami,
// Florida, and in Atlanta, Georgia. Each is taxed as TELECOMMUNICATIONS,
// which the response line's product shows. In Austin it bears Texas's 6.25% state sales tax (6.25) and no
// local sales tax; in Miami no sales tax, the line naming Florida's
// communications services tax as not computed; in Atlanta the general
// treatment (Georgia's 4%), flagged as unconfirmed.
func TestTelecomClassOverHTTP(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		city, state, zip string
		stateTax         string // the state's sales tax record
		salesTax         string // the line's sales tax in all
		rule, said       string // an assisted parameter on productClass, and how its value starts
	}{
		{"Austin", "TX", "78701", "6.25", "6.25", "", ""},
		{"Miami", "FL", "33130", "0.00", "0.00", "tax-not-computed", "US-FL Florida taxes TELECOMMUNICATIONS by its communications services tax"},
		{"Atlanta", "GA", "30303", "4.00", "", "taxability-unconfirmed", "US-GA: "},
	} {
		at := `{"city":"` + c.city + `","mainDivision":"` + c.state + `","postalCode":"` + c.zip + `","country":"US"}`
		body := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-02-15",
 "seller":{"company":"ACME","physicalOrigin":` + at + `},"customer":{"destination":` + at + `},
 "lineItems":[{"lineItemId":"1","extendedPrice":100,"lineTypes":[{"value":"WIRELESS","count":1}]}]}`
		var r wire.SaleResponse
		dataOf(t, h.post("/vertex-ws/v2/supplies", body), &r)
		if len(r.LineItems) != 1 {
			t.Fatalf("%s: %d lines", c.city, len(r.LineItems))
		}
		l := r.LineItems[0]
		if l.Product == nil || l.Product.ProductClass != "TELECOMMUNICATIONS" {
			t.Errorf("%s: product %+v, want TELECOMMUNICATIONS", c.city, l.Product)
		}
		var stateTax string
		sum := decimal.Zero
		for _, x := range l.Taxes {
			if x.Imposition == nil || x.Imposition.Value != "Sales and Use Tax" {
				continue
			}
			sum = sum.Add(x.CalculatedTax.Decimal())
			if x.Jurisdiction != nil && x.Jurisdiction.JurisdictionID == "US-"+c.state {
				stateTax = x.CalculatedTax.String()
			}
		}
		if stateTax != c.stateTax {
			t.Errorf("%s: state sales tax %q, want %s", c.city, stateTax, c.stateTax)
		}
		if c.salesTax != "" && !sum.Equal(decimal.RequireFromString(c.salesTax)) {
			t.Errorf("%s: sales tax %s, want %s", c.city, sum, c.salesTax)
		}
		var said *wire.AssistedParameter
		for i, p := range l.AssistedParameters {
			if p.ParamName == "productClass" && p.RuleName == c.rule {
				said = &l.AssistedParameters[i]
			}
		}
		switch {
		case c.rule != "" && (said == nil || !strings.HasPrefix(said.Value, c.said)):
			t.Errorf("%s: %s parameter %+v, want one starting %q", c.city, c.rule, said, c.said)
		case c.rule == "":
			for _, p := range l.AssistedParameters {
				if p.ParamName == "productClass" && (p.RuleName == "tax-not-computed" || p.RuleName == "taxability-unconfirmed") {
					t.Errorf("%s: says %+v", c.city, p)
				}
			}
		}
	}
}
