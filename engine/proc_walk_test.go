package engine

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// The procurement walk: a purchasing department's questions of the
// buyer's (/procurement) and the owner's (/owner) perspectives, each with
// the answer a tax manager expects, over the embedded dataset on
// 2026-06-01. Rates: Atlanta 8.9% (Georgia 4%, Fulton County 3%, Atlanta
// 1.9%); Chicago 10.25% (Illinois 6.25%, Cook County 1.75%, Chicago 1.25%,
// the regional transit authority 1%); Portland, Oregon, no sales tax.
const (
	pwAtlanta  = `{"city":"Atlanta","mainDivision":"GA","postalCode":"30303","country":"US"}`
	pwChicago  = `{"city":"Chicago","mainDivision":"IL","postalCode":"60601","country":"US"}`
	pwPortland = `{"city":"Portland","mainDivision":"OR","postalCode":"97204","country":"US"}`
	pwGA       = `[{"isoCountryCode":"US","mainDivision":"GA"}]`
	pwIL       = `[{"isoCountryCode":"US","mainDivision":"IL"}]`
	pwOR       = `[{"isoCountryCode":"US","mainDivision":"OR"}]`
)

// pwPurchase decodes a purchase request of message type mt dated
// 2026-06-01 whose other members are the JSON members rest.
func pwPurchase(t *testing.T, mt, rest string) *wire.PurchaseRequest {
	t.Helper()
	var r wire.PurchaseRequest
	body := `{"purchaseMessageType":"` + mt + `","transactionType":"PURCHASE","documentDate":"2026-06-01",` + rest + `}`
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return &r
}

// pwParties is the buyer delivered to dest and the vendor shipping from
// orig registered in regs (none when regs is "").
func pwParties(dest, orig, regs string) string {
	v := `"physicalOrigin":` + orig
	if regs != "" {
		v += `,"taxRegistrations":` + regs
	}
	return `"buyer":{"destination":` + dest + `},"vendor":{` + v + `}`
}

// pwGeneral is a line of general goods of the given extended price and
// further members.
func pwGeneral(id, price, more string) string {
	return `{"lineItemId":"` + id + `","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":` + price + more + `}`
}

// pwTaxes writes a line's taxes one per jurisdiction as "TYPE name
// taxType rate tax party rule", joined by "; ".
func pwTaxes(taxes []wire.Tax) string {
	var out []string
	for _, x := range taxes {
		name, typ, rule := "", "", ""
		if x.Jurisdiction != nil {
			name, typ = x.Jurisdiction.Value, x.Jurisdiction.JurisdictionType.String()
		}
		if x.CalculationRuleID != nil {
			rule = x.CalculationRuleID.Value
		}
		out = append(out, fmt.Sprintf("%s %s %s %s %s %s %s", typ, name, x.TaxType, x.EffectiveRate, x.CalculatedTax, x.TaxCollectedFromParty, rule))
	}
	return strings.Join(out, "; ")
}

const (
	pwAtlantaUse = "STATE Georgia CONSUMERS_USE 0.04 %s BUYER us-ga-general; COUNTY Fulton CONSUMERS_USE 0.03 %s BUYER us-ga-general; CITY Atlanta CONSUMERS_USE 0.019 %s BUYER us-ga-general"
	pwAtlantaTax = "STATE Georgia SALES 0.04 %s SELLER us-ga-general; COUNTY Fulton SALES 0.03 %s SELLER us-ga-general; CITY Atlanta SALES 0.019 %s SELLER us-ga-general"
)

// pwAction writes a conditional procurement's action as "ACTION rule
// accrued" ("-" when none is accrued).
func pwAction(a *wire.ProcurementAction) string {
	if a == nil {
		return "none"
	}
	acc := "-"
	if a.AccruedTax != nil {
		acc = a.AccruedTax.String()
	}
	return a.Action + " " + a.RuleID + " " + acc
}

func pwStr[T fmt.Stringer](p *T) string {
	if p == nil {
		return "none"
	}
	return (*p).String()
}

func pwBool(p *bool) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}

// TestProcurementWalkUseTax: what the buyer owes and what the vendor
// should charge, on one purchase of 1000.00 of general goods delivered to
// Atlanta, by what the vendor charged and where it has nexus.
func TestProcurementWalkUseTax(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		name, mt, rest string
		lines          []string // each line's taxes (pwTaxes)
		totalTax       string
	}{
		// A purchase order from a vendor registered in Georgia: the
		// vendor is to charge Georgia's sales tax, 89.00.
		{"order, vendor with nexus", "PURCHASE_ORDER", pwParties(pwAtlanta, pwAtlanta, pwGA) + `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`,
			[]string{fmt.Sprintf(pwAtlantaTax, "40.00", "30.00", "19.00")}, "89.00"},
		// A vendor in Oregon registered there alone has no nexus in
		// Georgia and charges nothing; the buyer's order estimates the
		// use tax it will owe itself.
		{"order, vendor without nexus", "PURCHASE_ORDER", pwParties(pwAtlanta, pwPortland, pwOR) + `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "40.00", "30.00", "19.00")}, "89.00"},
		// The accrual of that purchase, nothing charged: 89.00 of
		// Georgia use tax accrued to the buyer.
		{"accrual, nothing charged", "ACCRUAL", pwParties(pwAtlanta, pwPortland, pwOR) + `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "40.00", "30.00", "19.00")}, "89.00"},
		// The vendor charged the whole 89.00: nothing left to accrue.
		{"accrual, charged right", "ACCRUAL", `"chargedTax":89.00,` + pwParties(pwAtlanta, pwAtlanta, pwGA) + `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "0.00", "0.00", "0.00")}, "0.00"},
		// It charged 40.00: the buyer accrues the other 49.00, the
		// credit taken in the order of the jurisdictions.
		{"accrual, undercharged", "ACCRUAL", `"chargedTax":40.00,` + pwParties(pwAtlanta, pwAtlanta, pwGA) + `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "0.00", "30.00", "19.00")}, "49.00"},
		// A Chicago vendor charged Illinois's 10.25%, 102.50, on goods
		// it delivered to Atlanta: Georgia credits tax paid to another
		// state up to its own (O.C.G.A. § 48-8-42), so nothing is
		// accrued and nothing is negative.
		{"accrual, another state's higher tax charged", "ACCRUAL", pwParties(pwAtlanta, pwChicago, pwIL) + `,"lineItems":[` + pwGeneral("1", "1000.00", `,"chargedTax":102.50`) + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "0.00", "0.00", "0.00")}, "0.00"},
		// One line charged in full and one the vendor left untaxed: the
		// second's 44.50 is accrued, the first's charge not spread onto it.
		{"accrual, one line charged of two", "ACCRUAL", pwParties(pwAtlanta, pwAtlanta, pwGA) + `,"lineItems":[` + pwGeneral("1", "1000.00", `,"chargedTax":89.00`) + `,` + pwGeneral("2", "500.00", "") + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "0.00", "0.00", "0.00"), fmt.Sprintf(pwAtlantaUse, "20.00", "15.00", "9.50")}, "44.50"},
		// A fixed asset (a machine) bought with 50.00 of delivery:
		// Georgia's sales price includes delivery charges (O.C.G.A.
		// § 48-8-2), so the use tax is on 1050.00: 93.45.
		{"accrual of a machine with freight", "ACCRUAL", pwParties(pwAtlanta, pwPortland, pwOR) + `,"lineItems":[` + pwGeneral("1", "1000.00", `,"freight":50.00`) + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "42.00", "31.50", "19.95")}, "93.45"},
		// Goods shipped from Atlanta into Chicago by a vendor registered
		// in Illinois: Illinois's rate where the goods arrive, not
		// Georgia's where they leave, collected by the vendor.
		{"order into another state", "PURCHASE_ORDER", pwParties(pwChicago, pwAtlanta, pwIL) + `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`,
			[]string{"STATE Illinois SELLER_USE 0.0625 62.50 SELLER us-il-general; COUNTY Cook SELLER_USE 0.0175 17.50 SELLER us-il-general; CITY Chicago SELLER_USE 0.0125 12.50 SELLER us-il-general; TRANSIT_DISTRICT Northern Illinois Transit Authority (Cook County) SELLER_USE 0.01 10.00 SELLER us-il-general"}, "102.50"},
		// The same from a vendor registered in Georgia alone: the buyer
		// accrues Illinois's use tax, 102.50.
		{"accrual into another state", "ACCRUAL", pwParties(pwChicago, pwAtlanta, pwGA) + `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`,
			[]string{"STATE Illinois CONSUMERS_USE 0.0625 62.50 BUYER us-il-general; COUNTY Cook CONSUMERS_USE 0.0175 17.50 BUYER us-il-general; CITY Chicago CONSUMERS_USE 0.0125 12.50 BUYER us-il-general; TRANSIT_DISTRICT Northern Illinois Transit Authority (Cook County) CONSUMERS_USE 0.01 10.00 BUYER us-il-general"}, "102.50"},
		// Amounts of three decimals and a credit line: each line's tax
		// is rounded per jurisdiction, 33.333 bearing 1.33, 1.00 and
		// 0.63, the credit of 10.005 -0.40, -0.30 and -0.19.
		{"accrual of three-decimal amounts with a credit line", "ACCRUAL", pwParties(pwAtlanta, pwPortland, pwOR) + `,"lineItems":[` + pwGeneral("1", "33.333", "") + `,` + pwGeneral("2", "33.333", "") + `,` + pwGeneral("3", "-10.005", "") + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "1.33", "1.00", "0.63"), fmt.Sprintf(pwAtlantaUse, "1.33", "1.00", "0.63"), fmt.Sprintf(pwAtlantaUse, "-0.40", "-0.30", "-0.19")}, "5.03"},
		// A credit memo of 250.00 returns goods whose use tax was
		// accrued: the accrual is taken back, -22.25.
		{"accrual of a credit memo", "ACCRUAL", pwParties(pwAtlanta, pwPortland, pwOR) + `,"lineItems":[` + pwGeneral("1", "-250.00", "") + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "-10.00", "-7.50", "-4.75")}, "-22.25"},
		// A credit memo of 100.00 on which the vendor refunded 5.00 of
		// its tax: of the -8.90 the buyer reverses the 3.90 it had
		// accrued itself.
		{"accrual of a credit memo with the vendor's refund", "ACCRUAL", `"chargedTax":-5.00,` + pwParties(pwAtlanta, pwAtlanta, pwGA) + `,"lineItems":[` + pwGeneral("1", "-100.00", "") + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "0.00", "-2.00", "-1.90")}, "-3.90"},
		// A price of 1000.00 that includes the use tax: 918.27 and 81.73.
		{"accrual, tax included", "ACCRUAL", pwParties(pwAtlanta, pwPortland, pwOR) + `,"lineItems":[` + pwGeneral("1", "1000.00", `,"taxIncludedIndicator":true`) + `]`,
			[]string{fmt.Sprintf(pwAtlantaUse, "36.73", "27.55", "17.45")}, "81.73"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Purchase(ctx, pwPurchase(t, c.mt, c.rest))
			if err != nil {
				t.Fatal(err)
			}
			if len(r.LineItems) != len(c.lines) {
				t.Fatalf("%d lines, want %d", len(r.LineItems), len(c.lines))
			}
			for i, l := range r.LineItems {
				if got := pwTaxes(l.Taxes); got != c.lines[i] {
					t.Errorf("line %d:\n got %s\nwant %s", i+1, got, c.lines[i])
				}
			}
			if r.TotalTax.String() != c.totalTax {
				t.Errorf("totalTax %s, want %s", r.TotalTax, c.totalTax)
			}
			checkInvariants(t, c.name, r.SubTotal, r.Total, r.TotalTax, purchaseTotals(r.LineItems))
		})
	}
}

// TestProcurementWalkVerification: what INVOICE_VERIFICATION and
// CONDITIONAL_PROCUREMENT say of a vendor's tax on 1000.00 of general
// goods delivered to Atlanta, where a Georgia vendor should charge 89.00,
// with a server tolerance of 1.00: the variance (charged less
// calculated), whether it is outside the tolerance and the action of the
// default policy (an undercharge beyond tolerance accrued, an overcharge
// held for review).
func TestProcurementWalkVerification(t *testing.T) {
	ctx := context.Background()
	e, err := New(ctx, WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithSettings(Settings{Tolerance: &Tolerance{Amount: dp("1.00")}}))
	if err != nil {
		t.Fatal(err)
	}
	ga := pwParties(pwAtlanta, pwAtlanta, pwGA)
	one := `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`
	// The conditional procurement's totalTax where it is not the
	// verification's: it adds the buyer's own use tax.
	cpTax := map[string]string{"vendor without nexus": "89.00"}
	for _, c := range []struct {
		name, rest        string
		calculated        string // the response's totalTax
		variance, outside string
		action            string // pwAction of the conditional procurement
		lineVar, lineOut  string // the first line's
	}{
		{"charged right", `"chargedTax":89.00,` + ga + one, "89.00", "0.00", "false", "PAY_VENDOR_TAX conditional-within-tolerance -", "none", "none"},
		{"undercharged within tolerance", `"chargedTax":88.50,` + ga + one, "89.00", "-0.50", "false", "PAY_VENDOR_TAX conditional-within-tolerance -", "none", "none"},
		{"overcharged within tolerance", `"chargedTax":89.75,` + ga + one, "89.00", "0.75", "false", "PAY_VENDOR_TAX conditional-within-tolerance -", "none", "none"},
		{"undercharged beyond tolerance", `"chargedTax":80.00,` + ga + one, "89.00", "-9.00", "true", "ACCRUE conditional-undercharge-accrue 9.00", "none", "none"},
		{"overcharged beyond tolerance", `"chargedTax":95.00,` + ga + one, "89.00", "6.00", "true", "HOLD_FOR_REVIEW conditional-overcharge-hold -", "none", "none"},
		// Nothing charged on a taxable purchase from a vendor with nexus.
		{"nothing charged", `"chargedTax":0.00,` + ga + one, "89.00", "-89.00", "true", "ACCRUE conditional-undercharge-accrue 89.00", "none", "none"},
		// A buyer exempt (resale) charged tax anyway: all of it is an
		// overcharge, held for review.
		{"tax charged on an exempt purchase", `"chargedTax":89.00,"buyer":{"destination":` + pwAtlanta + `,"isTaxExempt":true,"exemptionReasonCode":"RESALE"},"vendor":{"physicalOrigin":` + pwAtlanta + `,"taxRegistrations":` + pwGA + `}` + one,
			"0.00", "89.00", "true", "HOLD_FOR_REVIEW conditional-overcharge-hold -", "none", "none"},
		// Line charges: 80.00 on 1000.00 (89.00 due) and 50.00 on 500.00
		// (44.50 due); the document's variance is their sum, -3.50.
		{"charges on the lines", ga + `,"lineItems":[` + pwGeneral("1", "1000.00", `,"chargedTax":80.00`) + `,` + pwGeneral("2", "500.00", `,"chargedTax":50.00`) + `]`,
			"133.50", "-3.50", "true", "ACCRUE conditional-undercharge-accrue 3.50", "-9.00", "true"},
		// One line charged right, one the vendor left untaxed: 44.50
		// undercharged in all.
		{"one line left untaxed", ga + `,"lineItems":[` + pwGeneral("1", "1000.00", `,"chargedTax":89.00`) + `,` + pwGeneral("2", "500.00", "") + `]`,
			"133.50", "-44.50", "true", "ACCRUE conditional-undercharge-accrue 44.50", "0.00", "false"},
		// A vendor without nexus rightly charged nothing: the
		// verification, which recreates the vendor's invoice, finds no
		// tax due from it; the conditional procurement also calculates
		// the buyer's own 89.00 of use tax and accrues it.
		{"vendor without nexus", `"chargedTax":0.00,` + pwParties(pwAtlanta, pwPortland, pwOR) + one, "0.00", "0.00", "false", "ACCRUE conditional-within-tolerance-use-tax 89.00", "none", "none"},
		// A credit memo of 100.00 (-8.90 due back): the vendor refunded
		// 8.00 only, which leaves the buyer paying more tax than due, an
		// overcharge; one that refunded 9.50 took 0.60 too much back, an
		// undercharge the buyer accrues.
		{"credit memo, refunded too little", `"chargedTax":-8.00,` + ga + `,"lineItems":[` + pwGeneral("1", "-100.00", "") + `]`, "-8.90", "0.90", "false", "PAY_VENDOR_TAX conditional-within-tolerance -", "none", "none"},
		{"credit memo, refunded too much", `"chargedTax":-10.00,` + ga + `,"lineItems":[` + pwGeneral("1", "-100.00", "") + `]`, "-8.90", "-1.10", "true", "ACCRUE conditional-undercharge-accrue 1.10", "none", "none"},
		// Tax of more decimals than the currency has is taken to cents.
		{"charged with a tenth of a cent", `"chargedTax":89.004,` + ga + one, "89.00", "0.00", "false", "PAY_VENDOR_TAX conditional-within-tolerance -", "none", "none"},
	} {
		t.Run(c.name, func(t *testing.T) {
			iv, err := e.Purchase(ctx, pwPurchase(t, "INVOICE_VERIFICATION", c.rest))
			if err != nil {
				t.Fatal(err)
			}
			if got := [3]string{iv.TotalTax.String(), pwStr(iv.Variance), pwBool(iv.OutsideThreshold)}; got != [3]string{c.calculated, c.variance, c.outside} {
				t.Errorf("verification: totalTax, variance, outside %v; want %s %s %s", got, c.calculated, c.variance, c.outside)
			}
			if got := [2]string{pwStr(iv.LineItems[0].Variance), pwBool(iv.LineItems[0].OutsideThreshold)}; got != [2]string{c.lineVar, c.lineOut} {
				t.Errorf("verification's first line: variance, outside %v; want %s %s", got, c.lineVar, c.lineOut)
			}
			if iv.ProcurementAction != nil {
				t.Errorf("verification chose an action: %+v", iv.ProcurementAction)
			}
			cp, err := e.Purchase(ctx, pwPurchase(t, "CONDITIONAL_PROCUREMENT", c.rest))
			if err != nil {
				t.Fatal(err)
			}
			if got := pwAction(cp.ProcurementAction); got != c.action {
				t.Errorf("conditional procurement: %s (%v), want %s", got, cp.ProcurementAction, c.action)
			}
			if want := cmp.Or(cpTax[c.name], c.calculated); cp.TotalTax.String() != want {
				t.Errorf("conditional procurement: totalTax %s, want %s", cp.TotalTax, want)
			}
			if pwStr(cp.Variance) != c.variance || pwBool(cp.OutsideThreshold) != c.outside {
				t.Errorf("conditional procurement: variance %s outside %s; want %s %s", pwStr(cp.Variance), pwBool(cp.OutsideThreshold), c.variance, c.outside)
			}
		})
	}
}

// TestProcurementWalkTenantPolicy: a tenant whose stored policy has its
// own tolerance (1% of the calculated tax) and actions (an undercharge
// held for review, an overcharge paid) is judged by them, while a tenant
// without a policy keeps the server's (1.00; accrue, hold). 89.00 is due.
func TestProcurementWalkTenantPolicy(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	if _, err := profile.NewService(store, profile.Config{}).Apply(ctx, "strict", "test", profile.ChangeSet{Policy: &profile.Policy{
		Tolerance: &profile.Tolerance{Percent: dp("1")}, Undercharge: wire.ProcurementHoldForReview, Overcharge: wire.ProcurementPayVendorTax}}); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store, WithSettings(Settings{Tolerance: &Tolerance{Amount: dp("1.00")}}))
	ga := pwParties(pwAtlanta, pwAtlanta, pwGA)
	one := `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`
	for _, c := range []struct {
		charged              string
		server, tenant       string // pwAction
		serverOut, tenantOut string
	}{
		// 0.80 under: within 1.00, within 1% (0.89).
		{"88.20", "PAY_VENDOR_TAX conditional-within-tolerance -", "PAY_VENDOR_TAX conditional-within-tolerance -", "false", "false"},
		// 0.95 under: within 1.00, beyond 0.89.
		{"88.05", "PAY_VENDOR_TAX conditional-within-tolerance -", "HOLD_FOR_REVIEW conditional-undercharge-hold -", "false", "true"},
		// 5.00 under and over: beyond both.
		{"84.00", "ACCRUE conditional-undercharge-accrue 5.00", "HOLD_FOR_REVIEW conditional-undercharge-hold -", "true", "true"},
		{"94.00", "HOLD_FOR_REVIEW conditional-overcharge-hold -", "PAY_VENDOR_TAX conditional-overcharge-pay -", "true", "true"},
	} {
		req := pwPurchase(t, "CONDITIONAL_PROCUREMENT", `"chargedTax":`+c.charged+`,`+ga+one)
		for _, w := range []struct{ tenant, action, out string }{{"other", c.server, c.serverOut}, {"strict", c.tenant, c.tenantOut}} {
			r, err := e.Purchase(levy.WithTenant(ctx, w.tenant), req)
			if err != nil {
				t.Fatalf("%s charged %s: %v", w.tenant, c.charged, err)
			}
			if got := pwAction(r.ProcurementAction); got != w.action || pwBool(r.OutsideThreshold) != w.out {
				t.Errorf("tenant %s, charged %s: %s outside %s; want %s outside %s", w.tenant, c.charged, got, pwBool(r.OutsideThreshold), w.action, w.out)
			}
		}
	}
}

// TestProcurementWalkOwner: an owner's own goods moved into a taxable
// state bear the use tax of where they end up: a machine of net book
// value 1500.00 moved from Portland (no sales tax) to Atlanta, 133.50;
// stock of cost 200.00 taken out of a Portland warehouse for use in
// Chicago, 20.50; stock taken for use in the Atlanta store it is kept in
// (no destination), 17.80.
func TestProcurementWalkOwner(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		name, mt, owner, line, taxes, total string
	}{
		{"asset moved from Oregon to Georgia", "ASSET_MOVEMENT", `"physicalOrigin":` + pwPortland + `,"destination":` + pwAtlanta, `"netBookValue":1500.00`,
			fmt.Sprintf(pwAtlantaUse, "60.00", "45.00", "28.50"), "133.50"},
		{"inventory from Oregon used in Illinois", "INVENTORY_REMOVAL", `"physicalOrigin":` + pwPortland + `,"destination":` + pwChicago, `"cost":200.00`,
			"STATE Illinois CONSUMERS_USE 0.0625 12.50 BUYER us-il-general; COUNTY Cook CONSUMERS_USE 0.0175 3.50 BUYER us-il-general; CITY Chicago CONSUMERS_USE 0.0125 2.50 BUYER us-il-general; TRANSIT_DISTRICT Northern Illinois Transit Authority (Cook County) CONSUMERS_USE 0.01 2.00 BUYER us-il-general", "20.50"},
		{"inventory used where it is kept", "INVENTORY_REMOVAL", `"physicalOrigin":` + pwAtlanta, `"cost":200.00`,
			fmt.Sprintf(pwAtlantaUse, "8.00", "6.00", "3.80"), "17.80"},
	} {
		var req wire.OwnerRequest
		body := `{"ownerMessageType":"` + c.mt + `","documentDate":"2026-06-01","owner":{` + c.owner + `},"lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},` + c.line + `}]}`
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatal(err)
		}
		r, err := e.Owner(ctx, &req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := pwTaxes(r.LineItems[0].Taxes); got != c.taxes || r.TotalTax.String() != c.total {
			t.Errorf("%s:\n got %s, total %s\nwant %s, total %s", c.name, got, r.TotalTax, c.taxes, c.total)
		}
		checkInvariants(t, c.name, r.SubTotal, r.Total, r.TotalTax, ownerTotals(r.LineItems))
	}
}

// TestProcurementWalkAccrualReversed: a vendor invoice accrued (89.00 of
// Georgia use tax, stored) and then reversed: the reversal is a second
// BUYER transaction of -89.00, with each jurisdiction's tax negated, so
// that the journal's purchases of the day net to nothing.
func TestProcurementWalkAccrualReversed(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	req := pwPurchase(t, "ACCRUAL", `"transactionId":"AP-1001",`+pwParties(pwAtlanta, pwPortland, pwOR)+`,"lineItems":[`+pwGeneral("1", "1000.00", "")+`]`)
	r, err := e.Purchase(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if r.TransactionID != "AP-1001" || r.TotalTax.String() != "89.00" {
		t.Fatalf("accrual: transaction %q, tax %s; want AP-1001, 89.00", r.TransactionID, r.TotalTax)
	}
	rev, err := e.ReverseTransaction(ctx, "AP-1001", wire.ReversalRequest{TransactionID: "AP-1001-R"})
	if err != nil {
		t.Fatal(err)
	}
	if rev.TransactionID != "AP-1001-R" || rev.PostingDate != civil.MustParse("2026-06-01") {
		t.Errorf("reversal %+v, want AP-1001-R posted 2026-06-01", rev)
	}
	tx, err := j.Get(ctx, "acme", "AP-1001-R")
	if err != nil {
		t.Fatal(err)
	}
	if tx.Perspective != "BUYER" || tx.ReversalOf != "AP-1001" || tx.TotalTax.String() != "-89.00" {
		t.Errorf("the reversal: %s, of %q, tax %s; want BUYER, of AP-1001, -89.00", tx.Perspective, tx.ReversalOf, tx.TotalTax)
	}
	byJur := map[string]string{}
	net := map[string]money.Amount{}
	err = j.Scan(ctx, "acme", civil.MustParse("2026-06-01"), civil.MustParse("2026-06-01"), func(tx *journal.Transaction) error {
		for _, l := range tx.Lines {
			for _, x := range l.Taxes {
				net[x.JurisdictionID] = net[x.JurisdictionID].Add(x.Tax)
				if tx.TransactionID == "AP-1001-R" {
					byJur[x.JurisdictionID] = x.Tax.String()
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(byJur) != 3 || byJur["US-GA"] != "-40.00" {
		t.Errorf("the reversal's taxes %v, want three with Georgia's -40.00", byJur)
	}
	for id, v := range net {
		if !v.IsZero() {
			t.Errorf("%s nets to %v after the reversal, want 0", id, v)
		}
	}
}

// TestProcurementWalkAcquisition: a German business (with its German
// number) buys 1000.00 of goods that a French vendor sends it in Berlin,
// an intra-Community acquisition (VAT Directive, article 2(1)(b)(i)),
// taxed where the goods arrive (article 40) and self-assessed by the buyer
// (article 200): 19% of 1000.00 = 190.00, input and output. The vendor's
// supply is exempt (article 138) and it charges nothing. A purchase order
// (which estimates it), a verification and the kinds by which the buyer
// settles the invoice (ERS, APINVOICE_SYNC, CONDITIONAL_PROCUREMENT)
// calculate the 190.00 it owes, as an ACCRUAL does, and a conditional
// procurement accrues it; the verification's and the conditional
// procurement's variance leaves it out. Before, they showed 0.00 and the conditional
// procurement said to pay the vendor's tax with nothing accrued, while
// the same purchase from a US vendor without nexus accrued the buyer's
// use tax: an AP system following the action never self-assessed the
// acquisition VAT its return must declare. French VAT charged by mistake
// (200.00) is an overcharge, held for review, and not credited against
// Germany's VAT.
func TestProcurementWalkAcquisition(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	parties := `"currency":{"isoCurrencyCodeAlpha":"EUR"},` +
		`"buyer":{"destination":{"city":"Berlin","postalCode":"10115","country":"DE"},"taxRegistrations":[{"isoCountryCode":"DE","taxRegistrationNumber":"DE136695976"}]},` +
		`"vendor":{"physicalOrigin":{"city":"Paris","postalCode":"75001","country":"FR"},"taxRegistrations":[{"isoCountryCode":"FR","taxRegistrationNumber":"FR40303265045"}]}`
	line := `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`
	for _, c := range []struct {
		mt, charged, tax, io, action string
	}{
		{"PURCHASE_ORDER", "", "190.00", "INPUT_OUTPUT", "none"},
		{"INVOICE_VERIFICATION", "0.00", "190.00", "INPUT_OUTPUT", "none"},
		{"ACCRUAL", "", "190.00", "INPUT_OUTPUT", "none"},
		{"ACCRUAL", "200.00", "190.00", "INPUT_OUTPUT", "none"},
		{"ERS", "", "190.00", "INPUT_OUTPUT", "none"},
		{"APINVOICE_SYNC", "0.00", "190.00", "INPUT_OUTPUT", "none"},
		{"CONDITIONAL_PROCUREMENT", "0.00", "190.00", "INPUT_OUTPUT", "ACCRUE conditional-within-tolerance-use-tax 190.00"},
		{"CONDITIONAL_PROCUREMENT", "", "190.00", "INPUT_OUTPUT", "ACCRUE conditional-within-tolerance-use-tax 190.00"},
		{"CONDITIONAL_PROCUREMENT", "200.00", "190.00", "INPUT_OUTPUT", "HOLD_FOR_REVIEW conditional-overcharge-hold -"},
	} {
		name := c.mt + " charged " + cmp.Or(c.charged, "nothing")
		rest := parties + line
		if c.charged != "" {
			rest = `"chargedTax":` + c.charged + `,` + rest
		}
		r, err := e.Purchase(ctx, pwPurchase(t, c.mt, rest))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		taxes := r.LineItems[0].Taxes
		if len(taxes) != 1 {
			t.Fatalf("%s: %d taxes, want Germany's VAT alone", name, len(taxes))
		}
		x := taxes[0]
		rule := ""
		if x.CalculationRuleID != nil {
			rule = x.CalculationRuleID.Value
		}
		if x.Jurisdiction.JurisdictionID != "DE" || x.CalculatedTax.String() != c.tax || x.TaxCollectedFromParty != wire.TaxCollectedFromBuyer ||
			string(x.InputOutputType) != c.io || rule != "eu-reverse-charge" || r.TotalTax.String() != c.tax {
			t.Errorf("%s: %s tax %s from %s, %s, rule %s, totalTax %s; want DE tax %s from BUYER, %s, rule eu-reverse-charge", name,
				x.Jurisdiction.JurisdictionID, x.CalculatedTax, x.TaxCollectedFromParty, x.InputOutputType, rule, r.TotalTax, c.tax, c.io)
		}
		if got := pwAction(r.ProcurementAction); got != c.action {
			t.Errorf("%s: action %s, want %s", name, got, c.action)
		}
		if c.mt == "CONDITIONAL_PROCUREMENT" || c.mt == "INVOICE_VERIFICATION" {
			if r.Variance == nil || r.Variance.String() != cmp.Or(c.charged, "0.00") {
				t.Errorf("%s: variance %v, want the vendor's charge against its 0.00", name, r.Variance)
			}
		}
		if c.mt == "CONDITIONAL_PROCUREMENT" {
			if a := r.ProcurementAction; a == nil || !strings.Contains(a.Reason, "the reverse charge of 190.00 that the buyer self-assesses") || strings.Contains(a.Reason, "use tax") {
				t.Errorf("%s: reason %v, want the reverse charge of 190.00 named as such", name, a)
			}
		}
	}
	// The AP invoice's sync is stored with the buyer's acquisition VAT.
	req := pwPurchase(t, "APINVOICE_SYNC", `"transactionId":"AP-EU-1",`+parties+line)
	if _, err := e.Purchase(ctx, req); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, "acme", "AP-EU-1")
	if err != nil {
		t.Fatal(err)
	}
	if tx.TotalTax.String() != "190.00" || len(tx.Lines) != 1 || len(tx.Lines[0].Taxes) != 1 || tx.Lines[0].Taxes[0].Tax.String() != "190.00" {
		t.Errorf("the stored sync: tax %s, lines %+v; want 190.00 of Germany's VAT", tx.TotalTax, tx.Lines)
	}
}
