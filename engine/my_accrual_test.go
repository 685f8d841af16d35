package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestMalaysiaAccrual: a buyer in Kuala Lumpur accrues Malaysia's sales
// and service taxes as the acts say, not as a use tax. Goods bought from
// abroad bear the sales tax that the customs collect at import, and goods
// or services bought in Malaysia the tax that the manufacturer or the
// provider charges: the accrual owes nothing, one NONTAXABLE record says
// why, and a vendor's tax sent with it is not refused. A taxable service
// bought from abroad is an imported taxable service, which the buyer
// accounts for itself from January 1, 2019: 6%, 8% from March 1, 2024
// (food and beverage service staying at 6%), none before 2019. Before
// the sales tax (the GST of 2015 to 2018) the general rules decide. Before
// the fix, the accrual charged the 10% sales tax on goods from abroad and
// on goods and services bought in Malaysia, and the service tax on a
// service imported in 2018.
func TestMalaysiaAccrual(t *testing.T) {
	e := testEngine(t)
	kl := Address("Kuala Lumpur", "50000", "MY")
	penang := Address("George Town", "10000", "MY")
	seattle := Address("Seattle", "98101", "US")
	type want struct {
		rule, total string
		records     int
	}
	for _, c := range []struct {
		name        string
		vendor      *wire.Location
		date, class string
		charged     string
		want        want
	}{
		{"goods from abroad", seattle, "2026-06-01", "GENERAL", "", want{MYImportCustomsRule, "0.00", 1}},
		{"electronics from abroad, 2018", seattle, "2018-09-01", "ELECTRONICS", "", want{MYImportCustomsRule, "0.00", 1}},
		{"goods bought in Malaysia", penang, "2026-06-01", "GENERAL", "", want{MYNotSelfAccountedRule, "0.00", 1}},
		{"goods bought in Malaysia, the vendor's tax sent", penang, "2026-06-01", "GENERAL", "100.00", want{MYNotSelfAccountedRule, "0.00", 1}},
		{"a service bought in Malaysia", penang, "2026-06-01", "PROFESSIONAL_SERVICES", "", want{MYNotSelfAccountedRule, "0.00", 1}},
		{"a service imported in 2018", seattle, "2018-12-31", "PROFESSIONAL_SERVICES", "", want{MYImportedServiceBefore2019Rule, "0.00", 1}},
		{"a service imported in 2019", seattle, "2019-01-01", "PROFESSIONAL_SERVICES", "", want{MYImportedServiceRule, "60.00", 2}},
		{"a service imported before March 2024", seattle, "2024-02-29", "PROFESSIONAL_SERVICES", "", want{MYImportedServiceRule, "60.00", 2}},
		{"a service imported from March 2024", seattle, "2024-03-01", "PROFESSIONAL_SERVICES", "", want{MYImportedServiceRule, "80.00", 2}},
		{"software as a service imported", seattle, "2026-06-01", "SAAS", "", want{MYImportedServiceRule, "80.00", 2}},
		// A service the First Schedule does not prescribe is outside the
		// service tax, imported or not.
		{"a service outside the schedule imported", seattle, "2026-06-01", "SERVICES", "", want{"", "0.00", 2}},
		// The GST of April 2015 to August 2018: the general rules.
		{"goods from abroad under the GST", seattle, "2017-06-01", "GENERAL", "", want{"use-at-destination", "60.00", 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			li := wire.PurchaseLineItem{Purchase: &wire.Purchase{PurchaseClass: c.class}, ExtendedPrice: amt("1000.00")}
			if c.charged != "" {
				li.ChargedTax = amt(c.charged)
			}
			r, err := e.Purchase(context.Background(), &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual,
				TransactionType: wire.TransactionTypePurchase, DocumentDate: civil.MustParse(c.date),
				Currency: &wire.Currency{ISOCurrencyCodeAlpha: "MYR"}, Vendor: &wire.Vendor{PhysicalOrigin: c.vendor},
				Buyer: &wire.Buyer{Destination: kl}, LineItems: []wire.PurchaseLineItem{li}})
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if l.TotalTax.String() != c.want.total || len(l.Taxes) != c.want.records {
				t.Fatalf("total tax %s in %d records, want %s in %d: %+v", l.TotalTax, len(l.Taxes), c.want.total, c.want.records, l.Taxes)
			}
			if c.want.rule == "" {
				return
			}
			found := false
			for _, x := range l.Taxes {
				if x.CalculationRuleID != nil && x.CalculationRuleID.Value == c.want.rule {
					found = true
				}
			}
			if !found {
				t.Errorf("no record of rule %s: %+v", c.want.rule, l.Taxes)
			}
			if c.want.records == 1 && c.want.rule != "use-at-destination" {
				if x := l.Taxes[0]; x.TaxResult != wire.TaxResultNonTaxable {
					t.Errorf("the record is %s, want NONTAXABLE", x.TaxResult)
				}
			}
		})
	}
}

// TestMalaysiaPurchaseOrderUnchanged: the accrual's rules leave a purchase
// order alone, which expects a Malaysian vendor to charge its taxes.
func TestMalaysiaPurchaseOrderUnchanged(t *testing.T) {
	e := testEngine(t)
	kl := Address("Kuala Lumpur", "50000", "MY")
	r, err := e.Purchase(context.Background(), &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseOrder,
		TransactionType: wire.TransactionTypePurchase, DocumentDate: civil.MustParse("2026-06-01"),
		Currency: &wire.Currency{ISOCurrencyCodeAlpha: "MYR"}, Vendor: &wire.Vendor{PhysicalOrigin: Address("George Town", "10000", "MY")},
		Buyer:     &wire.Buyer{Destination: kl},
		LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.LineItems[0].TotalTax.String(); got != "100.00" {
		t.Errorf("purchase order from a Malaysian vendor: total tax %s, want 100.00 (the sales tax the vendor charges)", got)
	}
	for _, x := range r.LineItems[0].Taxes {
		if x.CalculationRuleID != nil && strings.HasPrefix(x.CalculationRuleID.Value, "my-not") {
			t.Errorf("purchase order took the accrual's rule %s", x.CalculationRuleID.Value)
		}
	}
}
