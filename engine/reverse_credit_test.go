package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestReverseChargeTakesNoCredit: a reverse charge is the buyer's own
// VAT on an acquisition or a service from abroad, owed (and deducted)
// whatever the vendor put on its invoice: VAT a vendor charged in error
// is the vendor's to refund, and tax paid elsewhere is another state's.
// An accrual credited the vendor's chargedTax, and an owner's movement
// its previousTaxPaid, against the reverse charge as against a use tax:
// a French business buying goods of 1000.00 from a Dutch vendor (France's
// 20%, 200.00, reverse charged) whose invoice wrongly showed 190.00
// accrued 10.00, and the journal held 10.00 of French VAT where 200.00
// is declared. The reverse charge now stays whole, INPUT_OUTPUT, with no
// credit rule, and a charge is credited against the other taxes only: a
// document's charge of 100.00 on that acquisition and a purchase of
// 500.00 within France (its 20%, 100.00, accrued as use tax) all goes
// to the French purchase, where it was shared 66.67 and 33.33 between
// the two by their tax. The same holds of an owner's goods moved from
// Berlin to Paris (800.00 at 20%, 160.00) with previousTaxPaid of 152.00
// (Germany's 19%). A use tax keeps its credit (TestAccrualCreditsTheDocumentsChargedTax).
func TestReverseChargeTakesNoCredit(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	acquisition := func(lines ...wire.PurchaseLineItem) *wire.PurchaseRequest {
		return &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, PostToJournal: new(bool),
			Vendor:    &wire.Vendor{PhysicalOrigin: amsterdam, TaxRegistrations: []wire.TaxRegistration{nlNumber}},
			Buyer:     &wire.Buyer{Destination: euParis, TaxRegistrations: []wire.TaxRegistration{frNumber}},
			LineItems: lines}
	}
	goods := func(id, price string) wire.PurchaseLineItem {
		return wire.PurchaseLineItem{LineItemID: id, Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt(price)}
	}
	reverse := func(name string, tx wire.Tax) {
		t.Helper()
		if tx.Jurisdiction.JurisdictionID != "FR" || tx.InputOutputType != wire.InputOutputTypeInputOutput || tx.ReasonCode != "REVERSE_CHARGE" {
			t.Fatalf("%s: %s %s %s, want France's reverse charge", name, tx.Jurisdiction.JurisdictionID, tx.InputOutputType, tx.ReasonCode)
		}
		if tx.CalculatedTax.String() != "200.00" || tx.CreditRuleID != nil {
			t.Errorf("%s: the reverse charge is %s (credit %v), want 200.00 with no credit", name, tx.CalculatedTax, tx.CreditRuleID)
		}
	}

	line := goods("1", "1000.00")
	line.ChargedTax = amt("190.00")
	r, err := e.Purchase(ctx, acquisition(line))
	if err != nil {
		t.Fatal(err)
	}
	reverse("the line's charge", r.LineItems[0].Taxes[0])
	if r.TotalTax.String() != "200.00" {
		t.Errorf("the line's charge: totalTax %s, want 200.00", r.TotalTax)
	}

	req := acquisition(goods("1", "1000.00"))
	req.ChargedTax = amt("190.00")
	if r, err = e.Purchase(ctx, req); err != nil {
		t.Fatal(err)
	}
	reverse("the document's charge", r.LineItems[0].Taxes[0])

	// The document's charge goes to the line whose tax it may pay.
	domestic := goods("2", "500.00")
	domestic.Vendor = &wire.Vendor{PhysicalOrigin: euParis, TaxRegistrations: []wire.TaxRegistration{frNumber}}
	req = acquisition(goods("1", "1000.00"), domestic)
	req.ChargedTax = amt("100.00")
	if r, err = e.Purchase(ctx, req); err != nil {
		t.Fatal(err)
	}
	reverse("beside a French purchase", r.LineItems[0].Taxes[0])
	fr := r.LineItems[1]
	if fr.TotalTax.String() != "0.00" || fr.Taxes[0].OriginalTax == nil || fr.Taxes[0].OriginalTax.String() != "100.00" {
		t.Errorf("the French purchase: tax %s (before the credit %v), want 0.00 of 100.00: the vendor's 100.00 pays it", fr.TotalTax, fr.Taxes[0].OriginalTax)
	}
	if r.TotalTax.String() != "200.00" {
		t.Errorf("beside a French purchase: totalTax %s, want 200.00", r.TotalTax)
	}

	// An owner's goods moved from Germany to France.
	own := &wire.OwnerRequest{OwnerMessageType: wire.OwnerAssetMovement, DocumentDate: civil.MustParse("2026-06-01"),
		Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, PostToJournal: new(bool),
		Owner: &wire.Owner{PhysicalOrigin: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}, Destination: euParis,
			TaxRegistrations: []wire.TaxRegistration{deNumber, frNumber}},
		LineItems: []wire.OwnerLineItem{{LineItemID: "a", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, NetBookValue: amt("800.00"), PreviousTaxPaid: amt("152.00")}}}
	o, err := e.Owner(ctx, own)
	if err != nil {
		t.Fatal(err)
	}
	tx := o.LineItems[0].Taxes[0]
	if tx.InputOutputType != wire.InputOutputTypeInputOutput || tx.CalculatedTax.String() != "160.00" || tx.CreditRuleID != nil {
		t.Errorf("the owner's movement: %s %s (credit %v), want France's reverse charge of 160.00 with no credit", tx.InputOutputType, tx.CalculatedTax, tx.CreditRuleID)
	}
}
