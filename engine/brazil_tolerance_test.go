package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestBrazilLineToleranceOfComparedTax: a Brazilian purchase line's
// variance is the vendor's charged tax less the tax compared with it
// (comparedTax: the ICMS, FCP, the DIFAL the vendor collects and the IPI
// of the NF-e), and its tolerance percent is of that same tax, as the
// document's is and as a line outside Brazil's is. Before, the line's
// percent was of its whole tax, the buyer's own DIFAL among it: an
// INVOICE_VERIFICATION of a notebook of 1,000.00 from Jundiaí (SP) to a
// contributor in Salvador (BA) bears 510.83 of tax, of which the vendor
// should charge the IPI of 150.00 and the ICMS of 80.50, 230.50; charged
// 190.50, 40.00 short, the line said it was within a tolerance of 10%
// (51.08 of 510.83) while the document, of the same single line, said it
// was outside (23.05 of 230.50).
func TestBrazilLineToleranceOfComparedTax(t *testing.T) {
	ctx := context.Background()
	e, err := New(ctx, WithSettings(Settings{Tolerance: &Tolerance{Percent: dp("10")}}))
	if err != nil {
		t.Fatal(err)
	}
	req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseInvoiceVerification, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-09-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "BRL"},
		Vendor: &wire.Vendor{PhysicalOrigin: brTo("Jundiaí", "SP")},
		Buyer:  &wire.Buyer{Destination: brTo("Salvador", "BA")},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "1", CommodityCode: &wire.CommodityCode{CommodityCodeType: "NCM", Value: "84713012"},
			ExtendedPrice: amt("1000"), ChargedTax: amt("190.50"), LineDetails: wire.LineDetails{NatureOfFiscalOperation: wire.OperationVendaProducao,
				BuyerCondition: wire.BuyerContribuinteConsumidorFinal}}}}
	r, err := e.Purchase(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	l := r.LineItems[0]
	if r.TotalTax.String() != "510.83" || l.Variance == nil || l.Variance.String() != "-40.00" || r.Variance == nil || r.Variance.String() != "-40.00" {
		t.Fatalf("totalTax %s, line variance %v, document variance %v; want 510.83, -40.00 and -40.00", r.TotalTax, l.Variance, r.Variance)
	}
	if l.OutsideThreshold == nil || !*l.OutsideThreshold {
		t.Errorf("line outsideThreshold %v; want true: 40.00 is more than 10%% of 230.50, the tax the vendor should charge", l.OutsideThreshold)
	}
	if r.OutsideThreshold == nil || !*r.OutsideThreshold {
		t.Errorf("document outsideThreshold %v; want true", r.OutsideThreshold)
	}
}
