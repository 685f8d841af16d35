package engine

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCanadaAssetMovedBetweenProvincesBearsNoGST: an owner's desk, cost
// 800.00, moved from its Toronto office to another province. The GST is a
// federal tax on supplies made in Canada (Excise Tax Act, Part IX,
// Division II, s. 165), on goods imported into Canada (Division III,
// s. 212) and on imported taxable supplies (Division IV, s. 217); moving
// one's own goods within Canada is none of these, so no GST is
// self-assessed. What the destination's province levies on goods brought
// in stays: British Columbia's PST, 7% of 800.00, 56.00; Nova Scotia's
// part of the HST (Division IV.1, s. 220.08), 9% of 800.00, 72.00;
// Quebec's QST, 9.975% of 800.00, 79.80. A desk moved from New York to
// Toronto is imported and bears the GST, 5% of 800.00, 40.00, and
// Ontario's part, 8%, 64.00. Levy used to self-assess the GST, 40.00, on
// every move, within Canada too.
func TestCanadaAssetMovedBetweenProvincesBearsNoGST(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	const toronto = `{"city":"Toronto","mainDivision":"ON","postalCode":"M5V 3L9","country":"CA"}`
	for _, c := range []struct {
		from, to, province, gst, tax string
	}{
		{toronto, `{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}`, "CA-BC", "", "56.00"},
		{toronto, `{"city":"Halifax","mainDivision":"NS","postalCode":"B3H 1A1","country":"CA"}`, "CA-NS", "", "72.00"},
		{toronto, `{"city":"Montreal","mainDivision":"QC","postalCode":"H2Y 1C6","country":"CA"}`, "CA-QC", "", "79.80"},
		{`{"city":"New York","mainDivision":"NY","postalCode":"10001","country":"US"}`, toronto, "CA-ON", "40.00", "64.00"},
	} {
		var req wire.OwnerRequest
		body := `{"ownerMessageType":"ASSET_MOVEMENT","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"CAD"},
 "owner":{"physicalOrigin":` + c.from + `,"destination":` + c.to + `},
 "lineItems":[{"lineItemId":"desk","purchase":{"purchaseClass":"GENERAL"},"cost":800.00}]}`
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatal(err)
		}
		r, err := e.Owner(ctx, &req)
		if err != nil {
			t.Fatalf("desk to %s: %v", c.province, err)
		}
		taxes := r.LineItems[0].Taxes
		what := "desk moved to " + c.province
		gst := taxOf(t, taxes, "CA")
		if c.gst == "" {
			if gst.TaxResult != wire.TaxResultNonTaxable || !gst.CalculatedTax.IsZero() {
				t.Errorf("%s: the GST is %s, tax %s; want NONTAXABLE, 0", what, gst.TaxResult, gst.CalculatedTax)
			}
			if gst.CalculationRuleID == nil || gst.CalculationRuleID.Value != CAMoveWithinCanadaRule {
				t.Errorf("%s: the GST's rule is %v, want %s", what, gst.CalculationRuleID, CAMoveWithinCanadaRule)
			}
		} else if gst.TaxResult != wire.TaxResultTaxable || gst.CalculatedTax.String() != c.gst {
			t.Errorf("%s: the GST is %s, tax %s; want TAXABLE, %s", what, gst.TaxResult, gst.CalculatedTax, c.gst)
		}
		prov := taxOf(t, taxes, c.province)
		if prov.TaxResult != wire.TaxResultTaxable || prov.CalculatedTax.String() != c.tax {
			t.Errorf("%s: %s is %s, tax %s; want TAXABLE, %s", what, c.province, prov.TaxResult, prov.CalculatedTax, c.tax)
		}
		want := c.tax
		if c.gst != "" {
			want = "104.00"
		}
		if got := r.TotalTax.String(); got != want {
			t.Errorf("%s: total tax %s, want %s", what, got, want)
		}
	}
}
