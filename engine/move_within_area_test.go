package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestMoveWithinArea walks an owner's machine, net book value 1000.00,
// moved between two of its places on 2026-06-01 (ASSET_MOVEMENT), through
// every area that such a move can stay within (moveAreas), side by side
// with moves that leave one. Each tax of the line is written as
// "jurisdiction imposition result rule":
//
//   - within Germany: no supply, no acquisition and no import, so no VAT
//     (VAT Directive, article 14(1); move-within-vat-area);
//   - Germany to France under the owner's French number: a transfer to
//     another member state, deemed a supply (article 17(1)) and
//     self-assessed in France, 20%;
//   - within Ontario, British Columbia or Quebec: neither the GST (Excise
//     Tax Act, s. 165, 212 and 217) nor the province's tax, which reaches
//     only property brought into the province (PST Act, s. 49; QST Act,
//     s. 17; the HST's part, Excise Tax Act, ss. 220.05 and 220.08);
//   - Ontario to British Columbia: no GST, British Columbia's PST on
//     property brought in, 7%;
//   - Portland to Seattle: Washington's use tax, state and local (RCW
//     82.12.020), which the United States keeps on a move and credits
//     with tax paid before;
//   - Mumbai to Bengaluru: India's GST, 18%, which deems a transfer
//     between two states' registrations a supply (CGST Act 2017, s. 25(4)
//     and Schedule I, paragraph 2).
//
// A tax not due on the move has its whole amount nontaxable, no tax, and
// the reason of its area's row in the explanation. A new area is one row
// of moveAreas and one row here; every row of moveAreas must be walked.
func TestMoveWithinArea(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	const (
		eur = `"currency":{"isoCurrencyCodeAlpha":"EUR"},`
		cad = `"currency":{"isoCurrencyCodeAlpha":"CAD"},`
		usd = `"currency":{"isoCurrencyCodeAlpha":"USD"},`
		inr = `"currency":{"isoCurrencyCodeAlpha":"INR"},`

		ottawa   = `{"city":"Ottawa","mainDivision":"ON","postalCode":"K1P 1J1","country":"CA"}`
		victoria = `{"city":"Victoria","mainDivision":"BC","postalCode":"V8W 1P6","country":"CA"}`
		montreal = `{"city":"Montréal","mainDivision":"QC","postalCode":"H2Y 1C6","country":"CA"}`
		quebec   = `{"city":"Québec","mainDivision":"QC","postalCode":"G1R 4P5","country":"CA"}`
		portland = `{"city":"Portland","mainDivision":"OR","postalCode":"97204","country":"US"}`
		mumbai   = `{"city":"Mumbai","mainDivision":"MH","postalCode":"400001","country":"IN"}`
		bengalur = `{"city":"Bengaluru","mainDivision":"KA","postalCode":"560001","country":"IN"}`

		gst   = "CA GST NONTAXABLE " + CAMoveWithinCanadaRule
		waUse = "US-WA Sales and Use Tax TAXABLE us-wa-general; US-53033 Sales and Use Tax TAXABLE us-wa-general; " +
			"US-5363000 Sales and Use Tax TAXABLE us-wa-general; US-WA-D-KING_COUNTY_METRO Sales and Use Tax TAXABLE us-wa-general; " +
			"US-WA-D-SOUND_TRANSIT Sales and Use Tax TAXABLE us-wa-general"
	)
	reasons := map[string]string{}
	for _, a := range moveAreas {
		reasons[a.ruleID] = a.reason
	}
	walked := map[string]bool{}
	for _, c := range []struct {
		name, head, owner, taxes, total string
	}{
		{"within Germany", eur, owMove(owBerlin, owMunich),
			"DE VAT NONTAXABLE " + MoveWithinVATAreaRule, "0.00"},
		{"Germany to France", eur, owMove(owBerlin, owParis) + `,"taxRegistrations":` + owDEFR,
			"FR VAT TAXABLE eu-reverse-charge", "200.00"},
		{"within Ontario", cad, owMove(owToronto, ottawa),
			gst + "; CA-ON HST NONTAXABLE " + CAMoveWithinProvinceRule, "0.00"},
		{"Ontario to British Columbia", cad, owMove(owToronto, owVancouv),
			gst + "; CA-BC PST TAXABLE use-at-destination", "70.00"},
		{"within British Columbia", cad, owMove(victoria, owVancouv),
			gst + "; CA-BC PST NONTAXABLE " + CAMoveWithinProvinceRule, "0.00"},
		{"within Quebec", cad, owMove(montreal, quebec),
			gst + "; CA-QC QST NONTAXABLE " + CAMoveWithinProvinceRule, "0.00"},
		{"Oregon to Washington", usd, owMove(portland, owSeattle), waUse, "105.50"},
		{"India between states", inr, owMove(mumbai, bengalur),
			"IN GST TAXABLE use-at-destination", "180.00"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := owRequest(t, "ASSET_MOVEMENT", c.head, c.owner, `"netBookValue":1000.00`)
			r, ex, err := e.ExplainOwner(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			taxes := r.LineItems[0].Taxes
			var got []string
			for _, x := range taxes {
				id, imp, rule := "", "", ""
				if x.Jurisdiction != nil {
					id = x.Jurisdiction.JurisdictionID
				}
				if x.Imposition != nil {
					imp = x.Imposition.Value
				}
				if x.CalculationRuleID != nil {
					rule = x.CalculationRuleID.Value
				}
				got = append(got, id+" "+imp+" "+string(x.TaxResult)+" "+rule)
			}
			if g := strings.Join(got, "; "); g != c.taxes || r.TotalTax.String() != c.total {
				t.Fatalf("\n got %s, total %s\nwant %s, total %s", g, r.TotalTax, c.taxes, c.total)
			}
			checkInvariants(t, c.name, r.SubTotal, r.Total, r.TotalTax, ownerTotals(r.LineItems))
			if len(ex) != 1 || len(ex[0].Taxes) != len(taxes) {
				t.Fatalf("explanation %+v, want one line of %d taxes", ex, len(taxes))
			}
			for i, x := range taxes {
				why, ok := reasons[x.CalculationRuleID.Value]
				if !ok {
					continue
				}
				walked[x.CalculationRuleID.Value] = true
				if x.TaxResult != wire.TaxResultNonTaxable || x.NonTaxable.String() != "1000.00" || !x.CalculatedTax.IsZero() {
					t.Errorf("%s: %s, nonTaxable %s, tax %s; want NONTAXABLE, 1000.00, 0", got[i], x.TaxResult, x.NonTaxable, x.CalculatedTax)
				}
				if !strings.Contains(ex[0].Taxes[i].Reason, why) {
					t.Errorf("%s: explanation %q, want the area's reason %q", got[i], ex[0].Taxes[i].Reason, why)
				}
			}
		})
	}
	for _, a := range moveAreas {
		if !walked[a.ruleID] {
			t.Errorf("no case walks the area of rule %s", a.ruleID)
		}
	}
}
