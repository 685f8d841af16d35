package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// purchaseExplained calculates req with Purchase and explains it with
// ExplainPurchase, fails unless the two responses are the same byte for
// byte, and returns the calculation's response and the explanation.
func purchaseExplained(t *testing.T, e *Engine, name string, req *wire.PurchaseRequest) (*wire.PurchaseResponse, wire.Explanation) {
	t.Helper()
	want, err := e.Purchase(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	resp, ex, err := e.ExplainPurchase(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sameJSON(t, name, resp, want)
	return want, ex
}

// TestExplainUseAtDestinationSaysWhy explains the taxes a buyer or an
// owner accounts for itself where the goods are delivered: British
// Columbia's PST on a good bought from Toronto (the vendor charges the
// GST, the buyer accrues the PST), the GST and Ontario's part of the HST
// on a service bought from New York by a buyer registered nowhere, and
// the PST of a desk moved from Toronto to Vancouver. Their rule,
// use-at-destination, had no reason: the explanation named the rule and
// said nothing of why the tax was due, where every other tax of the
// response says why. Each now says the tax is the buyer's or the
// owner's own, due where the goods are delivered and used.
func TestExplainUseAtDestinationSaysWhy(t *testing.T) {
	e := testEngine(t)
	r, ex := purchaseExplained(t, e, "Toronto to Vancouver", caPurchase(t, "ACCRUAL", caToronto, "", caVancouver, "", ""))
	if got := taxOf(t, r.LineItems[0].Taxes, "CA-BC").CalculatedTax.String(); got != "7.00" {
		t.Fatalf("the PST accrued is %s, want 7.00", got)
	}
	x := explainedTaxOf(t, ex, 0, "CA-BC")
	if x.RuleID != "use-at-destination" {
		t.Fatalf("the PST's rule is %s, want use-at-destination", x.RuleID)
	}
	wantReasonSays(t, "the PST accrued", x.Reason, "its own tax", "destination")

	imported := caPurchase(t, "ACCRUAL", usNewYork, "", caToronto, "", "")
	imported.LineItems[0].Purchase.PurchaseClass = "SAAS"
	_, ex = purchaseExplained(t, e, "a service from New York", imported)
	for _, id := range []string{"CA", "CA-ON"} {
		wantReasonSays(t, "a service from New York, "+id, explainedTaxOf(t, ex, 0, id).Reason, "self-assesses on an import", "destination")
	}

	var move wire.OwnerRequest
	body := `{"ownerMessageType":"ASSET_MOVEMENT","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"CAD"},
 "owner":{"physicalOrigin":` + caToronto + `,"destination":` + caVancouver + `},
 "lineItems":[{"lineItemId":"desk","purchase":{"purchaseClass":"GENERAL"},"cost":800.00}]}`
	if err := json.Unmarshal([]byte(body), &move); err != nil {
		t.Fatal(err)
	}
	_, ex, err := e.ExplainOwner(context.Background(), &move)
	if err != nil {
		t.Fatal(err)
	}
	wantReasonSays(t, "a desk moved to Vancouver", explainedTaxOf(t, ex, 0, "CA-BC").Reason, "moved within Canada", "province it is brought into", "800.00")
}

// TestExplainTaxIncludedAccrualNamesTheVendorsGST explains a
// tax-included price of 10.01 bought in Toronto and delivered in
// Vancouver: the gross holds the vendor's GST as well as the PST the
// buyer accrues, 10.01 / 1.12 = 8.9375, 8.94; the PST is 7% of it,
// 0.6258, 0.63, and the vendor's GST 5%, 0.447, 0.45; the line's net is
// 10.01 - 0.63 - 0.45 = 8.93. The explanation said the net was "the
// gross less those taxes once rounded", the line's taxes being the PST
// alone, which gives 9.38: it now names the vendor's 0.45 as well.
func TestExplainTaxIncludedAccrualNamesTheVendorsGST(t *testing.T) {
	req := caPurchase(t, "ACCRUAL", caToronto, "", caVancouver, "", "")
	req.LineItems[0].TaxIncludedIndicator = true
	req.LineItems[0].ExtendedPrice = amt("10.01")
	r, ex := purchaseExplained(t, testEngine(t), "tax included, Toronto to Vancouver", req)
	pst := taxOf(t, r.LineItems[0].Taxes, "CA-BC")
	if pst.CalculatedTax.String() != "0.63" || pst.Taxable.String() != "8.93" {
		t.Fatalf("the PST is %s on %s, want 0.63 on 8.93", pst.CalculatedTax, pst.Taxable)
	}
	x := explainedTaxOf(t, ex, 0, "CA-BC")
	wantReasonSays(t, "the PST of a tax-included price", x.Reason, "includes the tax", "10.01", "8.94", "8.93", "0.63",
		"the 0.45 of GST/HST the vendor charges", "less those taxes and the vendor's 0.45")
}

// TestExplainChargePerLine explains Alabama's 911 fee of 2.23 a month
// on each of two wireless lines and one local line of a 90.00 plan: the
// wireless lines' 4.46 was explained by the fee's citation alone
// ("$2.23 a month") and an effective rate of 0.074333 on 60.00, which
// gives 4.46 here but does not say the two lines; a local line's 2.23 on
// 30.00 likewise, and the credit of the plan (-90.00) credits -4.46.
// Each fee now says the amount a unit, the units and the charge.
func TestExplainChargePerLine(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		price, verb string
		fees        []string
	}{
		{"90.00", "charged", []string{"4.46", "2.23"}},
		{"-90.00", "credited", []string{"-4.46", "-2.23"}},
	} {
		req := telecomSale("2026-02-15")
		req.LineItems[0].ExtendedPrice = amt(c.price)
		r, ex := saleExplained(t, e, "a telecom plan of "+c.price, req)
		seen := 0
		for k, w := range r.LineItems[0].Taxes {
			if w.ImpositionType == nil || w.ImpositionType.Value != e911Imposition {
				continue
			}
			if seen >= len(c.fees) || w.CalculatedTax.String() != c.fees[seen] {
				t.Fatalf("%s: 911 fee %d is %s, want %v", c.price, seen, w.CalculatedTax, c.fees)
			}
			units := "2 units"
			if seen == 1 {
				units = "1 unit,"
			}
			wantReasonSays(t, c.price+" "+c.fees[seen], ex[0].Taxes[k].Reason, c.verb+" per unit: 2.23 a unit", units, c.fees[seen])
			seen++
		}
		if seen != len(c.fees) {
			t.Fatalf("%s: %d 911 fees, want %d", c.price, seen, len(c.fees))
		}
	}
}

// TestExplainRoundingMode explains a 33.33 sale in Los Angeles with the
// settings rounding California's tax down: 7.25% of 33.33 is 2.416425,
// 2.41 down where half up gives 2.42. The explanation gave the rule's
// reason alone, so that its rate times its taxable amount, rounded as
// money is, gave a cent more than the tax it explained; it now says the
// rounding mode and both figures. A tax the mode does not change (the
// county's 0.25% of 33.33, 0.083325, 0.08 either way) says nothing.
func TestExplainRoundingMode(t *testing.T) {
	e, err := New(context.Background(), WithSettings(Settings{Rounding: map[string]money.RoundingMode{"US-CA": money.Down}}))
	if err != nil {
		t.Fatal(err)
	}
	r, ex := saleExplained(t, e, "rounded down", usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "33.33"))
	if got := taxOf(t, r.LineItems[0].Taxes, "US-CA").CalculatedTax.String(); got != "2.41" {
		t.Fatalf("California's tax is %s, want 2.41", got)
	}
	wantReasonSays(t, "California rounded down", explainedTaxOf(t, ex, 0, "US-CA").Reason, "rounded down", "2.416425", "2.41", "2.42")
	for _, x := range ex[0].Taxes {
		if x.JurisdictionID != "US-CA" && strings.Contains(x.Reason, "rounded down") {
			t.Errorf("%s, rounded half up, says it was rounded down: %q", x.JurisdictionID, x.Reason)
		}
	}
}

// TestExplainDistributedShare explains a DISTRIBUTE_TAX line of 100.00
// in Los Angeles with an input total tax of 9.50: the total is shared
// among the six taxes by the tax each computes on 100.00, in cents, so
// that Metro's Proposition C district bears 0.48 where its 0.5% of the
// base, 97.44, gives 0.49. The explanation said only "input total tax
// distributed by rate over the combined rate 0.0975"; it now names the
// input total and the tax's share of it.
func TestExplainDistributedShare(t *testing.T) {
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.SaleMessageType = wire.SaleDistributeTax
	req.LineItems[0].InputTotalTax = amt("9.50")
	r, ex := saleExplained(t, testEngine(t), "distributed", req)
	prop := taxOf(t, r.LineItems[0].Taxes, "US-06037-MTA_PROP_C")
	if prop.CalculatedTax.String() != "0.48" || prop.Taxable.String() != "97.44" {
		t.Fatalf("Proposition C bears %s on %s, want 0.48 on 97.44", prop.CalculatedTax, prop.Taxable)
	}
	wantReasonSays(t, "Proposition C's share", explainedTaxOf(t, ex, 0, "US-06037-MTA_PROP_C").Reason, "inputTotalTax", "9.50", "share is 0.48")
	checkExplainedArithmetic(t, "distributed", flatTaxes(r.LineItems, saleLineView), ex)
}

// TestExplainStructureWithoutReason explains a host's cap of 25.00 on
// the Texas tax of an item, a structure without a reason: a 1,000.00
// item bears 25.00 where 6.25% gives 62.50. The explanation named the
// structure only in maxTaxRuleId and gave the rule's reason, because a
// structure was said only with its reason; it now names it and its
// figures.
func TestExplainStructureWithoutReason(t *testing.T) {
	limit := decimal.NewFromInt(25)
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithRules(nil, []rules.Structure{{ID: "host-tx-item-cap", Jurisdiction: "US-TX", Kind: rules.SingleRate, MaxTaxPerItem: &limit}}))
	if err != nil {
		t.Fatal(err)
	}
	r, ex := saleExplained(t, e, "capped item", usSale("901 Bagby St", "Houston", "TX", "77002", "GENERAL", "1000.00"))
	if got := taxOf(t, r.LineItems[0].Taxes, "US-TX").CalculatedTax.String(); got != "25.00" {
		t.Fatalf("Texas's tax is %s, want 25.00", got)
	}
	wantReasonSays(t, "a capped item", explainedTaxOf(t, ex, 0, "US-TX").Reason, "rate structure host-tx-item-cap", "25.00", "62.50")
	checkExplainedArithmetic(t, "capped item", flatTaxes(r.LineItems, saleLineView), ex)
}

// TestExplainOverrideOfAChargePerUnit explains Alabama's 911 fee on two
// wireless lines (4.46) of a 90.00 plan whose exempt override takes
// 10.00 of the fee's amount: the fee is charged per line, whatever part
// of the amount an override's amount takes, and the line says the
// override's amount was not acted on. The fee's record names the
// override's rule, and its explanation gave the override's reason alone
// ("exempt or non-taxable override of the request") beside a tax the
// override left as it was; it now says the override did not reach the
// charge. A fee the override exempts entirely (no amount) says nothing.
func TestExplainOverrideOfAChargePerUnit(t *testing.T) {
	e := testEngine(t)
	fee := &wire.ImpositionType{Value: e911Imposition}
	for _, c := range []struct {
		amount string
		said   bool
	}{{"10.00", true}, {"", false}} {
		req := telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203", wire.LineTypeSet{Value: "WIRELESS", Count: amt("2")})
		req.LineItems[0].ExtendedPrice = amt("90.00")
		o := wire.Override{ImpositionType: fee}
		if c.amount != "" {
			o.Amount = amt(c.amount)
		}
		req.LineItems[0].ExemptOverrides = []wire.Override{o}
		r, ex := saleExplained(t, e, "an override of the 911 fee", req)
		found := false
		for k, w := range r.LineItems[0].Taxes {
			if w.ImpositionType == nil || w.ImpositionType.Value != e911Imposition {
				continue
			}
			found = true
			reason := ex[0].Taxes[k].Reason
			if got := strings.Contains(reason, "not a charge per unit"); got != c.said {
				t.Errorf("override amount %q: the fee (%s, %s) says the override missed it: %v, want %v: %q", c.amount, w.TaxResult, w.CalculatedTax, got, c.said, reason)
			}
			if c.said && w.CalculatedTax.String() != "4.46" {
				t.Errorf("override amount %q: the fee is %s, want 4.46", c.amount, w.CalculatedTax)
			}
		}
		if !found {
			t.Fatalf("override amount %q: no 911 fee in %+v", c.amount, r.LineItems[0].Taxes)
		}
	}
}
