package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCanadaTaxIncludedAccrualBacksOutTheVendorsGST: a buyer's ACCRUAL of
// a good bought from a vendor in Canada, delivered in Canada, whose
// extendedPrice includes the tax (taxIncludedIndicator). The gross holds
// the vendor's GST/HST, which the vendor charges and remits (Excise Tax
// Act, Part IX, s. 165 imposes it, s. 221 has the supplier collect it),
// as well as the province's tax the buyer self-assesses (British
// Columbia's PST, Provincial Sales Tax Act s. 49; Quebec's QST on property
// brought into Quebec from a vendor not registered for it, Act respecting
// the Québec sales tax s. 17). So the net is the gross over one plus both
// rates, and only the buyer's tax is accrued. By hand:
//   - Toronto to Vancouver, 112.00: GST 5% and PST 7%, 112.00 / 1.12 =
//     100.00; PST 7% of 100.00 = 7.00 accrued; the GST, 5.00, is the
//     vendor's; 100.00 + 5.00 + 7.00 = 112.00.
//   - Within Toronto, 113.00: HST 13% (GST 5%, Ontario 8%), all the
//     vendor's: 113.00 / 1.13 = 100.00, nothing accrued.
//   - Toronto to Montreal, 114.98: GST 5% and QST 9.975%, 114.98 /
//     1.14975 = 100.0043, 100.00 to the cent; QST 9.975% of 100.00 =
//     9.975, 9.98 half up, accrued; GST 5.00 the vendor's; net 114.98 -
//     9.98 - 5.00 = 100.00.
//   - The same chair returned, -112.00: -100.00 net, -7.00 of PST.
//   - New York to Vancouver, 112.00 (imported goods: the buyer accrues
//     both): 112.00 / 1.12 = 100.00, GST 5.00 and PST 7.00, as before.
//
// Levy used to back out only the accrued taxes: 112.00 / 1.07 = 104.67
// with a PST of 7.33 in Vancouver, 113.00 whole with nothing backed out
// in Toronto, 114.98 / 1.09975 = 104.55 with a QST of 10.43 in Montreal.
func TestCanadaTaxIncludedAccrualBacksOutTheVendorsGST(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		name, vendor, buyer, gross string
		net, total, gst            string // the line's net, the tax accrued, the GST record's tax
		gstResult                  wire.TaxResult
	}{
		{"Toronto to Vancouver", caToronto, caVancouver, "112.00", "100.00", "7.00", "0.00", wire.TaxResultNonTaxable},
		{"within Toronto", caToronto, caToronto, "113.00", "100.00", "0.00", "0.00", wire.TaxResultNonTaxable},
		{"Toronto to Montreal", caToronto, caMontreal, "114.98", "100.00", "9.98", "0.00", wire.TaxResultNonTaxable},
		{"Toronto to Vancouver, a return", caToronto, caVancouver, "-112.00", "-100.00", "-7.00", "0.00", wire.TaxResultNonTaxable},
		{"New York to Vancouver, as before", usNewYork, caVancouver, "112.00", "100.00", "12.00", "5.00", wire.TaxResultTaxable},
	} {
		req := caPurchase(t, "ACCRUAL", c.vendor, "", c.buyer, "", "")
		li := &req.LineItems[0]
		li.TaxIncludedIndicator = true
		if err := li.ExtendedPrice.UnmarshalJSON([]byte(c.gross)); err != nil {
			t.Fatal(err)
		}
		r, err := e.Purchase(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		taxes := r.LineItems[0].Taxes
		gst := taxOf(t, taxes, "CA")
		if gst.TaxResult != c.gstResult || gst.CalculatedTax.String() != c.gst {
			t.Errorf("%s: the GST is %s, tax %s; want %s, %s", c.name, gst.TaxResult, gst.CalculatedTax, c.gstResult, c.gst)
		}
		if got := add(add(gst.Taxable.Decimal(), gst.NonTaxable.Decimal()), gst.Exempt.Decimal()).StringFixed(2); got != c.net {
			t.Errorf("%s: the GST record's amounts sum to %s, want the net %s", c.name, got, c.net)
		}
		for _, tx := range taxes {
			if tx.TaxResult == wire.TaxResultTaxable && tx.Taxable.Decimal().StringFixed(2) != c.net {
				t.Errorf("%s: %s is taxable on %s, want the net %s", c.name, tx.Jurisdiction.JurisdictionID, tx.Taxable, c.net)
			}
		}
		if got := r.TotalTax.String(); got != c.total {
			t.Errorf("%s: the buyer accrues %s, want %s", c.name, got, c.total)
		}
	}
}
