package engine

import (
	"context"
	"strings"
	"testing"
)

// TestCanadaAssetMovedWithinProvince: an owner's machine, cost 1000.00,
// moved between two of its sites on 2026-06-01. A province's tax reaches
// an owner's own goods when they are brought into the province from
// outside it: British Columbia's PST (Provincial Sales Tax Act, s. 49;
// Notice 2012-013, goods brought into British Columbia), Quebec's QST
// (Act respecting the Québec sales tax, s. 17, property brought into
// Québec from another province), Saskatchewan's PST and Manitoba's RST,
// and a participating province's part of the HST (Excise Tax Act,
// ss. 220.05 and 220.08: goods bought in a non-participating province, or
// in one whose rate is lower, and brought in). A move within one province
// brings nothing in, so none of them is due, and neither is the GST
// (ca-move-within-canada): both are NONTAXABLE records, the province's
// under ca-move-within-province. Levy used to self-assess the province's
// tax on every such move (70.00 of PST from Victoria to Vancouver). A move
// between provinces still bears the destination's tax, less the tax paid
// before, and goods taken out of stock bought exempt for resale
// (INVENTORY_REMOVAL) are a use of them, taxed as before (British
// Columbia's Bulletin PST 208, goods for resale).
func TestCanadaAssetMovedWithinProvince(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	const (
		cad       = `"currency":{"isoCurrencyCodeAlpha":"CAD"},`
		victoria  = `{"city":"Victoria","mainDivision":"BC","postalCode":"V8W 1P6","country":"CA"}`
		regina    = `{"city":"Regina","mainDivision":"SK","postalCode":"S4P 3Y2","country":"CA"}`
		saskatoon = `{"city":"Saskatoon","mainDivision":"SK","postalCode":"S7K 0J5","country":"CA"}`
		winnipeg  = `{"city":"Winnipeg","mainDivision":"MB","postalCode":"R3C 4T3","country":"CA"}`
		brandon   = `{"city":"Brandon","mainDivision":"MB","postalCode":"R7A 0A1","country":"CA"}`
		montreal  = `{"city":"Montréal","mainDivision":"QC","postalCode":"H2Y 1C6","country":"CA"}`
		quebec    = `{"city":"Québec","mainDivision":"QC","postalCode":"G1R 4P5","country":"CA"}`
		ottawa    = `{"city":"Ottawa","mainDivision":"ON","postalCode":"K1P 1J1","country":"CA"}`
		halifax   = `{"city":"Halifax","mainDivision":"NS","postalCode":"B3H 1A1","country":"CA"}`
		sydney    = `{"city":"Sydney","mainDivision":"NS","postalCode":"B1P 6H7","country":"CA"}`
		calgary   = `{"city":"Calgary","mainDivision":"AB","postalCode":"T2P 1J9","country":"CA"}`
		// gst is the GST's record on a move within Canada.
		gst = "CA NONTAXABLE VAT 0 0.00 BUYER INPUT " + CAMoveWithinCanadaRule
		// within is the end of the province's record on a move within it.
		within = " NONTAXABLE %s 0 0.00 BUYER INPUT " + CAMoveWithinProvinceRule
	)
	prov := func(id, taxType string) string { return "; " + id + strings.Replace(within, "%s", taxType, 1) }
	for _, c := range []struct {
		name, mt, owner, line, taxes, total string
	}{
		{"Victoria to Vancouver", "ASSET_MOVEMENT", owMove(victoria, owVancouv), `"netBookValue":1000.00`,
			gst + prov("CA-BC", "CONSUMERS_USE"), "0.00"},
		{"Regina to Saskatoon", "ASSET_MOVEMENT", owMove(regina, saskatoon), `"netBookValue":1000.00`,
			gst + prov("CA-SK", "CONSUMERS_USE"), "0.00"},
		{"Winnipeg to Brandon", "ASSET_MOVEMENT", owMove(winnipeg, brandon), `"netBookValue":1000.00`,
			gst + prov("CA-MB", "CONSUMERS_USE"), "0.00"},
		{"Montréal to Québec City", "ASSET_MOVEMENT", owMove(montreal, quebec), `"netBookValue":1000.00`,
			gst + prov("CA-QC", "VAT"), "0.00"},
		{"Toronto to Ottawa", "ASSET_MOVEMENT", owMove(owToronto, ottawa), `"netBookValue":1000.00`,
			gst + prov("CA-ON", "VAT"), "0.00"},
		{"Halifax to Sydney", "ASSET_MOVEMENT", owMove(halifax, sydney), `"netBookValue":1000.00`,
			gst + prov("CA-NS", "VAT"), "0.00"},
		// Tax paid before has nothing to be credited against.
		{"Victoria to Vancouver, PST paid on purchase", "ASSET_MOVEMENT", owMove(victoria, owVancouv), `"netBookValue":1000.00,"previousTaxPaid":70.00`,
			gst + prov("CA-BC", "CONSUMERS_USE"), "0.00"},
		// Between provinces: the destination's tax, as before.
		{"Calgary to Vancouver", "ASSET_MOVEMENT", owMove(calgary, owVancouv), `"netBookValue":1000.00`,
			gst + "; CA-BC TAXABLE CONSUMERS_USE 0.07 70.00 BUYER INPUT use-at-destination", "70.00"},
		{"Toronto to Vancouver", "ASSET_MOVEMENT", owMove(owToronto, owVancouv), `"netBookValue":1000.00`,
			gst + "; CA-BC TAXABLE CONSUMERS_USE 0.07 70.00 BUYER INPUT use-at-destination", "70.00"},
		{"Calgary to Vancouver, 20.00 paid before", "ASSET_MOVEMENT", owMove(calgary, owVancouv), `"netBookValue":1000.00,"previousTaxPaid":20.00`,
			gst + "; CA-BC TAXABLE CONSUMERS_USE 0.07 50.00 BUYER INPUT use-at-destination", "50.00"},
		// Goods taken out of exempt stock for the owner's use in British
		// Columbia: the GST on the self-supply and the PST, unchanged.
		{"inventory removal in British Columbia", "INVENTORY_REMOVAL", owMove(victoria, owVancouv), `"cost":1000.00`,
			"CA TAXABLE VAT 0.05 50.00 BUYER OUTPUT use-at-destination; CA-BC TAXABLE CONSUMERS_USE 0.07 70.00 BUYER INPUT use-at-destination", "120.00"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := owRequest(t, c.mt, cad, c.owner, c.line)
			r, err := e.Owner(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			taxes := r.LineItems[0].Taxes
			if got := owTaxes(taxes); got != c.taxes || r.TotalTax.String() != c.total {
				t.Errorf("\n got %s, total %s\nwant %s, total %s", got, r.TotalTax, c.taxes, c.total)
			}
			checkInvariants(t, c.name, r.SubTotal, r.Total, r.TotalTax, ownerTotals(r.LineItems))
			if !strings.HasSuffix(c.taxes, CAMoveWithinProvinceRule) {
				return
			}
			// The province's whole amount is nontaxable, and the record
			// and the explanation say why.
			x := taxes[len(taxes)-1]
			if x.NonTaxable.String() != "1000.00" {
				t.Errorf("the province's nonTaxable is %v, want 1000.00", x.NonTaxable)
			}
			_, ex, err := e.ExplainOwner(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			if len(ex) != 1 || len(ex[0].Taxes) != 2 || !strings.Contains(ex[0].Taxes[1].Reason, "brings nothing in") {
				t.Errorf("explanation %+v, want the province's record's reason that the move brings nothing in", ex)
			}
		})
	}
}
