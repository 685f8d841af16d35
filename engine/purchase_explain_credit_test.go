package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestExplainAccrualCreditNamesTheVendorsTax: the explanation of an
// accrual's use tax that the vendor's tax reduced names the member the
// credit came from, chargedTax, and what of it the line took: the line's
// own chargedTax, or its share of the document's. A purchase line has no
// previousTaxPaid, yet the explanation said the line's "tax paid
// elsewhere (previousTaxPaid)" was credited (the document's charge), or
// "tax paid elsewhere and the vendor's tax (previousTaxPaid and
// chargedTax)" (the line's), sending an auditor to a member the request
// never had. Figures in Atlanta (4% + 3% + 1.9%): 1000.00 bears 40.00,
// 30.00 and 19.00; 500.00 bears 20.00, 15.00 and 9.50; a document charge
// of 26.70 is shared 17.80 and 8.90 in proportion to the lines' tax
// (89.00 and 44.50), credited in the order of the jurisdictions.
func TestExplainAccrualCreditNamesTheVendorsTax(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()

	doc := accrual(wire.PurchaseAccrual, "26.70", "1000.00", "500.00")
	_, ex, err := e.ExplainPurchase(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{
		"the line's share of the vendor's tax on the document (chargedTax), 17.80, is credited against its taxes in the order of their jurisdictions (previous-tax-paid): this tax of 40.00 is 22.20 after it",
		"the line's share of the vendor's tax on the document (chargedTax), 8.90, is credited against its taxes in the order of their jurisdictions (previous-tax-paid): this tax of 20.00 is 11.10 after it",
	} {
		if len(ex) <= i || len(ex[i].Taxes) == 0 {
			t.Fatalf("document charge: explanation %+v has no tax on line %d", ex, i)
		}
		if got := ex[i].Taxes[0].Reason; !strings.Contains(got, want) || strings.Contains(got, "previousTaxPaid") {
			t.Errorf("document charge, line %d: reason %q, want it to say %q and not name previousTaxPaid", i, got, want)
		}
	}

	line := accrual(wire.PurchaseAccrual, "", "1000.00")
	line.LineItems[0].ChargedTax = amt("50.00")
	_, ex, err = e.ExplainPurchase(ctx, line)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex) == 0 || len(ex[0].Taxes) < 2 {
		t.Fatalf("line charge: explanation %+v has not the line's taxes", ex)
	}
	for j, want := range []string{
		"the vendor's tax on the line (chargedTax), 50.00, is credited against its taxes in the order of their jurisdictions (previous-tax-paid): this tax of 40.00 is 0.00 after it",
		"the vendor's tax on the line (chargedTax), 50.00, is credited against its taxes in the order of their jurisdictions (previous-tax-paid): this tax of 30.00 is 20.00 after it",
	} {
		if got := ex[0].Taxes[j].Reason; !strings.Contains(got, want) || strings.Contains(got, "previousTaxPaid") {
			t.Errorf("line charge, tax %d: reason %q, want it to say %q and not name previousTaxPaid", j, got, want)
		}
	}

	// An owner's line has previousTaxPaid, and its credit is still
	// explained by it.
	own := &wire.OwnerRequest{OwnerMessageType: wire.OwnerAssetMovement, DocumentDate: doc.DocumentDate,
		Owner:     &wire.Owner{PhysicalOrigin: atlanta, Destination: atlanta},
		LineItems: []wire.OwnerLineItem{{NetBookValue: amt("1000.00"), PreviousTaxPaid: amt("50.00")}}}
	_, ex, err = e.ExplainOwner(ctx, own)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex) == 0 || len(ex[0].Taxes) == 0 {
		t.Fatalf("owner: explanation %+v has no tax", ex)
	}
	if want := "the line's tax paid elsewhere (previousTaxPaid), 50.00, is credited"; !strings.Contains(ex[0].Taxes[0].Reason, want) {
		t.Errorf("owner: reason %q, want it to say %q", ex[0].Taxes[0].Reason, want)
	}
}
