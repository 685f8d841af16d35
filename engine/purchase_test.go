package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// atlanta is a place in Atlanta, Georgia: Georgia 4%, Fulton County 3%
// and Atlanta 1.9% on general goods, 8.9% in all.
var atlanta = &wire.Location{City: "Atlanta", MainDivision: "GA", PostalCode: "30303", Country: "US"}

// accrual returns an accrual of general goods bought and used in
// Atlanta, one line per price.
func accrual(mt wire.PurchaseMessageType, charged string, prices ...string) *wire.PurchaseRequest {
	r := &wire.PurchaseRequest{PurchaseMessageType: mt, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-06-01"),
		Vendor:       &wire.Vendor{PhysicalOrigin: atlanta}, Buyer: &wire.Buyer{Destination: atlanta}}
	if charged != "" {
		r.ChargedTax = amt(charged)
	}
	for _, p := range prices {
		r.LineItems = append(r.LineItems, wire.PurchaseLineItem{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt(p)})
	}
	return r
}

// TestAccrualCreditsTheDocumentsChargedTax: the tax a vendor charged on
// the whole document (chargedTax of the request) is credited against the
// use tax an accrual calculates, as a line's own chargedTax is: the
// buyer accrues what the vendor did not charge. Figures by hand, in
// Atlanta at 4% + 3% + 1.9%: 1000.00 bears 40.00 + 30.00 + 19.00 = 89.00
// and 500.00 bears 20.00 + 15.00 + 9.50 = 44.50.
func TestAccrualCreditsTheDocumentsChargedTax(t *testing.T) {
	e := testEngine(t)
	withLineCharge := accrual(wire.PurchaseAccrual, "20.00", "1000.00")
	withLineCharge.LineItems[0].ChargedTax = amt("20.00")
	accrualSync := accrual(wire.PurchaseAccrualSync, "20.00", "1000.00")
	accrualSync.LineItems[0].LineItemID = "1" // a sync's lines name their IDs
	cases := []struct {
		name  string
		req   *wire.PurchaseRequest
		total string   // the document's accrued tax
		lines []string // each line's
		state string   // Georgia's tax on the first line
	}{
		// 89.00 - 20.00, taken off Georgia's 40.00 first.
		{"one line", accrual(wire.PurchaseAccrual, "20.00", "1000.00"), "69.00", []string{"69.00"}, "20.00"},
		{"accrual sync", accrualSync, "69.00", []string{"69.00"}, "20.00"},
		// 26.70 over 89.00 and 44.50: 17.80 and 8.90.
		{"two lines in proportion to their tax", accrual(wire.PurchaseAccrual, "26.70", "1000.00", "500.00"), "106.80", []string{"71.20", "35.60"}, "22.20"},
		// 133.50 in all: one cent short of it leaves one cent to accrue.
		{"one cent short", accrual(wire.PurchaseAccrual, "133.49", "1000.00", "500.00"), "0.01", []string{"0.01", "0.00"}, "0.00"},
		{"all of it", accrual(wire.PurchaseAccrual, "133.50", "1000.00", "500.00"), "0.00", []string{"0.00", "0.00"}, "0.00"},
		{"more than all of it", accrual(wire.PurchaseAccrual, "200.00", "1000.00", "500.00"), "0.00", []string{"0.00", "0.00"}, "0.00"},
		{"nothing charged", accrual(wire.PurchaseAccrual, "0", "1000.00"), "89.00", []string{"89.00"}, "40.00"},
		{"no chargedTax", accrual(wire.PurchaseAccrual, "", "1000.00"), "89.00", []string{"89.00"}, "40.00"},
		// A line that names its own charged tax is credited with it,
		// and the document's, their sum, is not credited again (one
		// that is not their sum is refused: see
		// TestAccrualRefusesADocumentChargeTheLinesContradict).
		{"a line's own charge", withLineCharge, "69.00", []string{"69.00"}, "20.00"},
	}
	for _, c := range cases {
		r, err := e.Purchase(context.Background(), c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.TotalTax.String() != c.total {
			t.Errorf("%s: total tax %s, want %s", c.name, r.TotalTax, c.total)
		}
		for i, w := range c.lines {
			if got := r.LineItems[i].TotalTax.String(); got != w {
				t.Errorf("%s: line %d tax %s, want %s", c.name, i+1, got, w)
			}
		}
		if got := r.LineItems[0].Taxes[0]; got.Jurisdiction.JurisdictionID != "US-GA" || got.CalculatedTax.String() != c.state {
			t.Errorf("%s: first tax %s %s, want US-GA %s", c.name, got.Jurisdiction.JurisdictionID, got.CalculatedTax, c.state)
		}
	}
}

// TestAccrualOfAnIntraCommunityAcquisition: a German business registered
// for VAT in Germany accrues the tax of goods a French vendor sent it.
// That is an intra-Community acquisition (Articles 2(1)(b) and 200 of the
// VAT directive): the buyer self-assesses Germany's VAT and deducts it
// (Article 168(c)), a reverse charge that is both input and output, as
// INVOICE_VERIFICATION of the same purchase already says, not a use tax
// owed with nothing to deduct. Figures by hand: 1000.00 at 19% is
// 190.00. A buyer without a German VAT number still accrues Germany's VAT
// as a use tax, and a purchase from a German vendor accrues nothing
// beyond what it charged.
func TestAccrualOfAnIntraCommunityAcquisition(t *testing.T) {
	e := testEngine(t)
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	paris := &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	req := func(vendor *wire.Location, regs ...wire.TaxRegistration) *wire.PurchaseRequest {
		return &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Vendor: &wire.Vendor{PhysicalOrigin: vendor}, Buyer: &wire.Buyer{Destination: berlin, TaxRegistrations: regs},
			LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}}
	}
	de := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}
	r, err := e.Purchase(context.Background(), req(paris, de))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.LineItems) != 1 || len(r.LineItems[0].Taxes) != 1 {
		t.Fatalf("taxes: %+v", r.LineItems)
	}
	tx := r.LineItems[0].Taxes[0]
	if tx.Jurisdiction.JurisdictionID != "DE" || tx.CalculatedTax.String() != "190.00" || tx.InputOutputType != wire.InputOutputTypeInputOutput ||
		tx.TaxCollectedFromParty != wire.TaxCollectedFromBuyer || tx.ReasonCode != "REVERSE_CHARGE" || tx.CalculationRuleID == nil || tx.CalculationRuleID.Value != "eu-reverse-charge" {
		t.Errorf("the acquisition: %s %s %s %s %s %+v, want DE 190.00 INPUT_OUTPUT BUYER REVERSE_CHARGE eu-reverse-charge",
			tx.Jurisdiction.JurisdictionID, tx.CalculatedTax, tx.InputOutputType, tx.TaxCollectedFromParty, tx.ReasonCode, tx.CalculationRuleID)
	}

	// Without a German VAT number: a use tax, as before.
	r, err = e.Purchase(context.Background(), req(paris))
	if err != nil {
		t.Fatal(err)
	}
	if tx := r.LineItems[0].Taxes[0]; tx.CalculatedTax.String() != "190.00" || tx.InputOutputType == wire.InputOutputTypeInputOutput {
		t.Errorf("without a VAT number: %s %s, want 190.00 accrued as a use tax", tx.CalculatedTax, tx.InputOutputType)
	}
}

// TestAccrualWithoutAVATNumberSaysNothingOfDistanceSales: a buyer with no
// VAT number accrues Germany's VAT on goods from France as a use tax,
// and its line says nothing of a seller's distance-sales threshold,
// which decides nothing on an accrual.
func TestAccrualWithoutAVATNumberSaysNothingOfDistanceSales(t *testing.T) {
	e := testEngine(t)
	r, err := e.Purchase(context.Background(), &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Vendor:    &wire.Vendor{PhysicalOrigin: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}},
		Buyer:     &wire.Buyer{Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
		LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range r.LineItems[0].AssistedParameters {
		if p.ParamName == "seller.company" {
			t.Errorf("an accrual speaks of distance sales: %+v", p)
		}
	}
}

// TestCreditsOnReturns: tax paid elsewhere (a sale's previousTaxPaid) and
// the tax a vendor charged (an accrual's chargedTax) are credited toward
// zero on returns too: a credit memo of 1000.00 in Atlanta reverses
// 89.00 of use tax, less the 20.00 the vendor refunds. A credit whose
// sign is not the line's is refused, naming its field (it was credited
// as nothing, silently).
func TestCreditsOnReturns(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	lineCharge := accrual(wire.PurchaseAccrual, "", "-1000.00")
	lineCharge.LineItems[0].ChargedTax = amt("-20.00")
	for _, c := range []struct {
		name, total string
		req         *wire.PurchaseRequest
	}{
		{"document charge on a credit memo", "-69.00", accrual(wire.PurchaseAccrual, "-20.00", "-1000.00")},
		{"line charge on a credit memo", "-69.00", lineCharge},
		{"document charge over two returned lines", "-106.80", accrual(wire.PurchaseAccrual, "-26.70", "-1000.00", "-500.00")},
		{"more than the use tax", "0.00", accrual(wire.PurchaseAccrual, "-200.00", "-1000.00")},
		{"a sale line beside a returned one", "44.50", accrual(wire.PurchaseAccrual, "-89.00", "-1000.00", "500.00")},
	} {
		r, err := e.Purchase(ctx, c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.TotalTax.String() != c.total {
			t.Errorf("%s: total tax %s, want %s", c.name, r.TotalTax, c.total)
		}
	}

	sale := usSale("", "Atlanta", "GA", "30303", "GENERAL", "-1000.00")
	sale.LineItems[0].PreviousTaxPaid = amt("-20.00")
	r, err := e.Sale(ctx, sale)
	if err != nil {
		t.Fatal(err)
	}
	if r.TotalTax.String() != "-69.00" {
		t.Errorf("returned sale with previous tax paid: total tax %s, want -69.00", r.TotalTax)
	}

	for _, c := range []struct {
		name, field string
		run         func() error
	}{
		{"negative previous tax paid on a sale", "lineItems[0].previousTaxPaid", func() error {
			s := usSale("", "Atlanta", "GA", "30303", "GENERAL", "1000.00")
			s.LineItems[0].PreviousTaxPaid = amt("-20.00")
			_, err := e.Sale(ctx, s)
			return err
		}},
		{"positive previous tax paid on a return", "lineItems[0].previousTaxPaid", func() error {
			s := usSale("", "Atlanta", "GA", "30303", "GENERAL", "-1000.00")
			s.LineItems[0].PreviousTaxPaid = amt("20.00")
			_, err := e.Sale(ctx, s)
			return err
		}},
		{"negative line charge on a purchase", "lineItems[0].chargedTax", func() error {
			p := accrual(wire.PurchaseAccrual, "", "1000.00")
			p.LineItems[0].ChargedTax = amt("-20.00")
			_, err := e.Purchase(ctx, p)
			return err
		}},
		{"negative document charge on a purchase", "chargedTax", func() error {
			_, err := e.Purchase(ctx, accrual(wire.PurchaseAccrual, "-20.00", "1000.00"))
			return err
		}},
	} {
		err := c.run()
		if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), c.field+":") {
			t.Errorf("%s: error %v, want invalid naming %s", c.name, err, c.field)
		}
	}
}
