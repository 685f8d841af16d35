package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestImportedServicesReverseCharge: a business registered for VAT in the
// United Kingdom, Switzerland or Norway that buys professional services
// from a Dutch supplier accounts for its own country's VAT by a reverse
// charge, as output tax that it deducts as input tax (VAT Act 1994,
// section 8; MWSTG, article 45(1)(a); merverdiavgiftsloven section 11-1):
// INPUT_OUTPUT with the reason REVERSE_CHARGE, as Levy accrues a member
// state's reverse charge. Levy accrued it as INPUT alone (use tax), which
// a ledger books as tax to deduct with no output tax beside it. A buyer
// registered nowhere, and goods, which meet the import VAT at the
// border, are accrued as before. Figures by hand: 1000.00 at 20% is
// 200.00, at 8.1% 81.00, at 25% 250.00.
func TestImportedServicesReverseCharge(t *testing.T) {
	e := testEngine(t)
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	zurich := &wire.Location{City: "Zurich", PostalCode: "8001", Country: "CH"}
	oslo := &wire.Location{City: "Oslo", PostalCode: "0150", Country: "NO"}
	noReg := wire.TaxRegistration{ISOCountryCode: "NO"}
	accrual := func(class string, buyer *wire.Location, regs ...wire.TaxRegistration) *wire.PurchaseRequest {
		return &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Vendor:    &wire.Vendor{PhysicalOrigin: amsterdam, TaxRegistrations: []wire.TaxRegistration{nlNumber}},
			Buyer:     &wire.Buyer{Destination: buyer, TaxRegistrations: regs},
			LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: class}, ExtendedPrice: amt("1000.00")}}}
	}
	type want struct {
		juris, tax, rule string
		io               wire.InputOutputType
		reverse          bool
	}
	reverse := func(j, tax string) want {
		return want{j, tax, "b2b-services-abroad", wire.InputOutputTypeInputOutput, true}
	}
	use := func(j, tax string) want { return want{j, tax, "use-at-destination", wire.InputOutputTypeInput, false} }
	cases := []struct {
		name string
		req  *wire.PurchaseRequest
		want want
	}{
		{"a British business, services", accrual("PROFESSIONAL_SERVICES", london, gbNumber), reverse("GB", "200.00")},
		{"a Swiss business, services", accrual("PROFESSIONAL_SERVICES", zurich, chNumber), reverse("CH", "81.00")},
		{"a Norwegian business, services", accrual("PROFESSIONAL_SERVICES", oslo, noReg), reverse("NO", "250.00")},
		{"a British business, software", accrual("SAAS", london, gbNumber), reverse("GB", "200.00")},
		{"a British business, goods, as before", accrual("GENERAL", london, gbNumber), use("GB", "200.00")},
		{"a buyer registered nowhere, services, as before", accrual("PROFESSIONAL_SERVICES", london), use("GB", "200.00")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Purchase(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if len(l.Taxes) != 1 {
				t.Fatalf("%d taxes, want one: %+v", len(l.Taxes), l.Taxes)
			}
			tx := l.Taxes[0]
			got := want{juris: tx.Jurisdiction.JurisdictionID, tax: tx.CalculatedTax.String(), io: tx.InputOutputType, reverse: tx.ReasonCode == "REVERSE_CHARGE"}
			if tx.CalculationRuleID != nil {
				got.rule = tx.CalculationRuleID.Value
			}
			if got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}
