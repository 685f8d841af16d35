package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestProfileBlankSentCertificate: an exemptionCertificate whose number
// is spaces alone, as an ERP that pads a fixed-width field it left empty
// sends it, is no certificate. The customer's stored certificate decides
// the taxes (and the journal keeps it), a customer without one is taxed,
// the response does not call the customer exempt, and a buyer of a
// purchase is not exempt either. Before, such a number exempted every
// tax of the document under the certificate "   ", over the stored
// certificates.
func TestProfileBlankSentCertificate(t *testing.T) {
	d := civil.MustParse
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1"}, {Code: "C-2"}},
		Certificates: []profile.Certificate{{Number: "TX-7", CustomerCode: "C-1", Jurisdictions: []string{"US-4819000"},
			ReasonCode: "G", EffectiveDate: d("2026-01-01")}},
	}
	for name, open := range profileStores(t) {
		t.Run(name, func(t *testing.T) {
			store := open(t)
			if _, err := profile.NewService(store, profile.Config{}).Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
				t.Fatal(err)
			}
			e, j := profileEngine(t, store)
			ctx := context.Background()
			for _, blank := range []string{" ", "      "} {
				// C-1's certificate of Dallas covers the city's tax
				// alone: the state's stays charged.
				req := profileSale("C-1", "GENERAL")
				req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "INV-BLANK"
				req.Customer.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: blank}
				r, err := e.Sale(ctx, req)
				if err != nil {
					t.Fatal(err)
				}
				if r.Customer == nil || r.Customer.IsTaxExempt {
					t.Errorf("%q: the response calls the customer exempt: %+v", blank, r.Customer)
				}
				taxes := r.LineItems[0].Taxes
				city, state := taxOf(t, taxes, "US-4819000"), taxOf(t, taxes, "US-TX")
				if city.TaxResult != wire.TaxResultExempt || city.CertificateNumber == nil || city.CertificateNumber.Value != "TX-7" ||
					city.CalculationRuleID == nil || city.CalculationRuleID.Value != CertificateRule {
					t.Errorf("%q: the city's tax is %s under certificate %+v rule %+v, want the stored TX-7", blank, city.TaxResult, city.CertificateNumber, city.CalculationRuleID)
				}
				if state.TaxResult != wire.TaxResultTaxable || state.CalculatedTax.String() != "6.25" || state.CertificateNumber != nil {
					t.Errorf("%q: the state's tax is %s %s under certificate %+v, want 6.25 charged", blank, state.TaxResult, state.CalculatedTax, state.CertificateNumber)
				}
				tx, err := j.Get(ctx, levy.DefaultTenant, "INV-BLANK")
				if err != nil {
					t.Fatal(err)
				}
				for _, l := range tx.Lines {
					for _, x := range l.Taxes {
						if x.CertificateNumber != "" && x.CertificateNumber != "TX-7" {
							t.Errorf("%q: the journal keeps certificate %q for %s", blank, x.CertificateNumber, x.JurisdictionID)
						}
					}
				}

				// C-2 has no certificate: taxed as if the request sent none.
				req = profileSale("C-2", "GENERAL")
				want, err := e.Sale(ctx, req)
				if err != nil {
					t.Fatal(err)
				}
				req.Customer.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: blank}
				if r, err = e.Sale(ctx, req); err != nil {
					t.Fatal(err)
				}
				if r.TotalTax.String() != want.TotalTax.String() || want.TotalTax.IsZero() {
					t.Errorf("%q: total tax %s, want %s as without the member", blank, r.TotalTax, want.TotalTax)
				}

				// A purchase whose buyer sends such a number accrues its
				// use tax as one that sends none.
				preq := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, DocumentDate: d("2026-06-01"), TransactionType: wire.TransactionTypePurchase,
					Buyer:     &wire.Buyer{Company: "ACME", Destination: req.Customer.Destination},
					Vendor:    &wire.Vendor{PhysicalOrigin: req.Seller.PhysicalOrigin},
					LineItems: []wire.PurchaseLineItem{{LineItemID: "1", ExtendedPrice: amt("100.00")}}}
				pwant, err := e.Purchase(ctx, preq)
				if err != nil {
					t.Fatal(err)
				}
				preq.Buyer.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: blank}
				pr, err := e.Purchase(ctx, preq)
				if err != nil {
					t.Fatal(err)
				}
				if pr.TotalTax.String() != pwant.TotalTax.String() || pwant.TotalTax.IsZero() || pr.Buyer == nil || pr.Buyer.IsTaxExempt {
					t.Errorf("%q: the purchase's total tax %s (buyer %+v), want %s as without the member", blank, pr.TotalTax, pr.Buyer, pwant.TotalTax)
				}
			}
		})
	}
}
