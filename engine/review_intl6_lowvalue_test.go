package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestSingaporeLowValueGoods: goods sold from abroad to a customer in
// Singapore by a seller registered for Singapore's GST (the overseas
// vendor registration regime, from 2023-01-01). The seller charges GST at
// sale on low-value goods only, each item of a value of S$400 or less;
// dearer goods meet the import GST at the border, which Singapore
// Customs collects from the importer. A GST-registered business that
// gives its number accounts for the GST on low-value goods by reverse
// charge. Before, a seller registered in Singapore charged 9% on goods of
// any value sent from abroad, S$45 on a S$500 item on which the customer
// also paid import GST at the border.
func TestSingaporeLowValueGoods(t *testing.T) {
	e := testEngine(t)
	seattle := &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}
	singapore := &wire.Location{City: "Singapore", PostalCode: "018956", Country: "SG"}
	sgReg := wire.TaxRegistration{ISOCountryCode: "SG", TaxRegistrationNumber: "M90312345X"}
	cases := []struct {
		name        string
		date        string
		price, qty  string
		customer    []wire.TaxRegistration
		total, rule string
	}{
		{"one item of S$300", "2026-06-01", "300.00", "", nil, "27.00", "import-registered-seller"},
		{"one item of S$400: at the limit", "2026-06-01", "400.00", "", nil, "36.00", "import-registered-seller"},
		{"one item of S$500: above the limit, import GST at the border", "2026-06-01", "500.00", "", nil, "0.00", "import-at-border"},
		{"two items of S$300 on one line: the limit is per item", "2026-06-01", "600.00", "2", nil, "54.00", "import-registered-seller"},
		{"one item of S$300 in 2023 at 8%", "2023-06-01", "300.00", "", nil, "24.00", "import-registered-seller"},
		{"one item of S$300 to a GST-registered business: reverse charge", "2026-06-01", "300.00", "", []wire.TaxRegistration{sgReg}, "0.00", ImportReverseChargeRule},
	}
	for _, c := range cases {
		li := wire.SaleLineItem{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(c.price)}
		if c.qty != "" {
			li.Quantity = &wire.Measure{Value: amt(c.qty)}
		}
		resp, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse(c.date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "SGD"},
			Seller:    &wire.Seller{PhysicalOrigin: seattle, TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "SG"}}},
			Customer:  &wire.Customer{Destination: singapore, TaxRegistrations: c.customer},
			LineItems: []wire.SaleLineItem{li}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := resp.LineItems[0]
		rule := ""
		for _, x := range l.Taxes {
			if x.CalculationRuleID != nil {
				rule = x.CalculationRuleID.Value
			}
		}
		if l.TotalTax.String() != c.total || rule != c.rule {
			t.Errorf("%s: %s of tax by %s, want %s by %s", c.name, l.TotalTax, rule, c.total, c.rule)
		}
	}
}

// TestMalaysiaLowValueGoods: goods sold from abroad to a customer in
// Malaysia by a registered seller of low value goods (from 2024-01-01).
// The seller charges the 10% sales tax at sale on goods sold at RM500 or
// less an item; dearer goods bear the sales tax on their import, at the
// border. Before, a seller registered in Malaysia charged 10% on goods of
// any value sent from abroad (RM90 on an item of RM900), and the customs
// collected it again on the import.
func TestMalaysiaLowValueGoods(t *testing.T) {
	e := testEngine(t)
	seattle := &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}
	kualaLumpur := &wire.Location{City: "Kuala Lumpur", PostalCode: "50050", Country: "MY"}
	cases := []struct {
		name        string
		date        string
		price, qty  string
		total, rule string
	}{
		{"one item of RM300", "2026-06-01", "300.00", "", "30.00", "import-registered-seller"},
		{"one item of RM500: at the limit", "2026-06-01", "500.00", "", "50.00", "import-registered-seller"},
		{"one item of RM900: above the limit, sales tax at the border", "2026-06-01", "900.00", "", "0.00", "import-at-border"},
		{"three items of RM300 on one line: the limit is per item", "2026-06-01", "900.00", "3", "90.00", "import-registered-seller"},
	}
	for _, c := range cases {
		li := wire.SaleLineItem{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(c.price)}
		if c.qty != "" {
			li.Quantity = &wire.Measure{Value: amt(c.qty)}
		}
		resp, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse(c.date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "MYR"},
			Seller:    &wire.Seller{PhysicalOrigin: seattle, TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "MY"}}},
			Customer:  &wire.Customer{Destination: kualaLumpur},
			LineItems: []wire.SaleLineItem{li}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := resp.LineItems[0]
		// The sales tax comes first; the border's one record has no
		// imposition.
		rule := ""
		if len(l.Taxes) > 0 && l.Taxes[0].CalculationRuleID != nil {
			rule = l.Taxes[0].CalculationRuleID.Value
		}
		if l.TotalTax.String() != c.total || rule != c.rule {
			t.Errorf("%s: %s of tax, the first by %s; want %s by %s: %s", c.name, l.TotalTax, rule, c.total, c.rule, taxList(l.Taxes))
		}
	}
}

// taxList lists taxes as imposition:result:tax:rule for a failure.
func taxList(ts []wire.Tax) string {
	var out []string
	for _, x := range ts {
		imp, rule := "", ""
		if x.Imposition != nil {
			imp = x.Imposition.Value
		}
		if x.CalculationRuleID != nil {
			rule = x.CalculationRuleID.Value
		}
		out = append(out, imp+":"+string(x.TaxResult)+":"+x.CalculatedTax.String()+":"+rule)
	}
	return strings.Join(out, " ")
}
