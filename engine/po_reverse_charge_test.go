package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// porNewYork is a US vendor's origin.
const porNewYork = `{"city":"New York","mainDivision":"NY","postalCode":"10001","country":"US"}`

// porParty is a buyer's destination or a vendor's origin, with its VAT
// number.
func porParty(role, key string, p drcPlace) string {
	return `"` + role + `":{"` + key + `":` + p.loc + p.registered(nil) + `}`
}

// porLine is one purchase line of the class and price, with further
// members.
func porLine(class, price, more string) string {
	return `{"lineItemId":"1","purchase":{"purchaseClass":"` + class + `"},"extendedPrice":` + price + more + `}`
}

// TestPurchaseOrderReverseCharge: a PURCHASE_ORDER estimates the tax of
// an intended purchase and an INVOICE_VERIFICATION recreates the
// vendor's invoice to check it, and both now show the reverse charge that
// the buyer will self-assess as ERS and an ACCRUAL calculate it:
// collected from the BUYER, INPUT_OUTPUT, reason REVERSE_CHARGE, in
// totalTax. They showed the vendor's 0.00, while the same order from a US
// vendor without nexus estimated the buyer's use tax. The reverse
// charges are the ACCRUAL's. Figures by hand:
//
//   - an intra-Community acquisition of goods (VAT Directive, articles 40
//     and 200): a German business buys 1000.00 from a French vendor,
//     Germany's 19% is 190.00;
//   - services from another member state (articles 44 and 196): a French
//     business buys 1000.00 of professional services from a German
//     vendor, France's 20% is 200.00; the same from a vendor in New
//     York, France's 200.00 (an ACCRUAL took it for a use tax, INPUT,
//     and the other kinds for the vendor's US export, with no French
//     VAT); and services bought from abroad by a British business from
//     a Dutch supplier (VAT Act 1994, s. 8), the United Kingdom's 20%,
//     200.00 (GBP);
//   - a domestic reverse charge (UStG § 13b Abs. 2 Nr. 10): mobile phones
//     of 6000.00 bought in Germany by a German business from a German
//     vendor, 19% is 1140.00; below EUR 5,000 (4999.99) the vendor
//     charges its 950.00 as before.
//
// The US use tax of a purchase order (1000.00 delivered to Atlanta from
// an Oregon vendor without nexus in Georgia: 4% + 3% + 1.9% = 89.00) is
// unchanged, and so is a verification's finding there (the vendor owes
// none: 0.00).
func TestPurchaseOrderReverseCharge(t *testing.T) {
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithSettings(Settings{Tolerance: &Tolerance{Amount: dp("1.00")}}))
	if err != nil {
		t.Fatal(err)
	}
	eur, gbp := `"currency":{"isoCurrencyCodeAlpha":"EUR"},`, `"currency":{"isoCurrencyCodeAlpha":"GBP"},`
	type want struct {
		juris, tax, rule string
		from             wire.TaxCollectedFromParty
		io               wire.InputOutputType
		reverse          bool
	}
	rc := func(j, tax, rule string) want {
		return want{j, tax, rule, wire.TaxCollectedFromBuyer, wire.InputOutputTypeInputOutput, true}
	}
	cases := []struct {
		name, rest string
		want       want
	}{
		{"an intra-Community acquisition of goods",
			eur + porParty("buyer", "destination", drcBerlin) + `,` + porParty("vendor", "physicalOrigin", drcParis) + `,"lineItems":[` + porLine("GENERAL", "1000.00", "") + `]`,
			rc("DE", "190.00", "eu-reverse-charge")},
		{"services from another member state",
			eur + porParty("buyer", "destination", drcLyon) + `,` + porParty("vendor", "physicalOrigin", drcMunich) + `,"lineItems":[` + porLine("PROFESSIONAL_SERVICES", "1000.00", "") + `]`,
			rc("FR", "200.00", "eu-reverse-charge")},
		{"services bought from abroad",
			gbp + porParty("buyer", "destination", drcLondon) + `,` + porParty("vendor", "physicalOrigin", drcAmsterdam) + `,"lineItems":[` + porLine("PROFESSIONAL_SERVICES", "1000.00", "") + `]`,
			rc("GB", "200.00", "b2b-services-abroad")},
		{"services from the United States",
			eur + porParty("buyer", "destination", drcLyon) + `,"vendor":{"physicalOrigin":` + porNewYork + `},"lineItems":[` + porLine("PROFESSIONAL_SERVICES", "1000.00", "") + `]`,
			rc("FR", "200.00", "b2b-services-abroad")},
		{"a domestic reverse charge",
			eur + porParty("buyer", "destination", drcBerlin) + `,` + porParty("vendor", "physicalOrigin", drcMunich) + `,"lineItems":[` + porLine("MOBILE_PHONES", "6000.00", "") + `]`,
			rc("DE", "1140.00", DomesticReverseChargeRule)},
		{"below the domestic reverse charge's threshold, as before",
			eur + porParty("buyer", "destination", drcBerlin) + `,` + porParty("vendor", "physicalOrigin", drcMunich) + `,"lineItems":[` + porLine("MOBILE_PHONES", "4999.99", "") + `]`,
			want{"DE", "950.00", "domestic-supply", wire.TaxCollectedFromSeller, wire.InputOutputTypeInput, false}},
	}
	for _, c := range cases {
		kinds := []string{"PURCHASE_ORDER", "INVOICE_VERIFICATION", "ERS"}
		if c.want.reverse {
			kinds = append(kinds, "ACCRUAL")
		}
		for _, mt := range kinds {
			t.Run(c.name+"/"+mt, func(t *testing.T) {
				r, err := e.Purchase(context.Background(), pwPurchase(t, mt, c.rest))
				if err != nil {
					t.Fatal(err)
				}
				l := r.LineItems[0]
				if len(l.Taxes) != 1 {
					t.Fatalf("%d taxes, want %s's VAT alone: %s", len(l.Taxes), c.want.juris, pwTaxes(l.Taxes))
				}
				x := l.Taxes[0]
				got := want{juris: x.Jurisdiction.JurisdictionID, tax: x.CalculatedTax.String(), from: x.TaxCollectedFromParty, io: x.InputOutputType, reverse: x.ReasonCode == "REVERSE_CHARGE"}
				if x.CalculationRuleID != nil {
					got.rule = x.CalculationRuleID.Value
				}
				if got != c.want {
					t.Errorf("got %+v, want %+v", got, c.want)
				}
				if r.TotalTax.String() != c.want.tax {
					t.Errorf("totalTax %s, want %s", r.TotalTax, c.want.tax)
				}
				checkInvariants(t, c.name, r.SubTotal, r.Total, r.TotalTax, purchaseTotals(r.LineItems))
			})
		}
	}

	// The US use tax: the order estimates it, the verification finds
	// none due from the vendor, as before.
	us := pwParties(pwAtlanta, pwPortland, pwOR) + `,"lineItems":[` + pwGeneral("1", "1000.00", "") + `]`
	po, err := e.Purchase(context.Background(), pwPurchase(t, "PURCHASE_ORDER", us))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pwTaxes(po.LineItems[0].Taxes), fmt.Sprintf(pwAtlantaUse, "40.00", "30.00", "19.00"); got != want || po.TotalTax.String() != "89.00" {
		t.Errorf("order with use tax: %s, totalTax %s; want %s, 89.00", got, po.TotalTax, want)
	}
	for _, x := range po.LineItems[0].Taxes {
		if x.InputOutputType != wire.InputOutputTypeInput || x.ReasonCode == "REVERSE_CHARGE" {
			t.Errorf("order with use tax: %s is %s, reason %q; want INPUT, no reverse charge", x.Jurisdiction.Value, x.InputOutputType, x.ReasonCode)
		}
	}
	iv, err := e.Purchase(context.Background(), pwPurchase(t, "INVOICE_VERIFICATION", `"chargedTax":0.00,`+us))
	if err != nil {
		t.Fatal(err)
	}
	if iv.TotalTax.String() != "0.00" || pwStr(iv.Variance) != "0.00" || pwBool(iv.OutsideThreshold) != "false" {
		t.Errorf("verification without nexus: totalTax %s, variance %s, outside %s; want 0.00 0.00 false", iv.TotalTax, pwStr(iv.Variance), pwBool(iv.OutsideThreshold))
	}
}

// TestInvoiceVerificationReverseChargeVariance: the reverse charge that a
// verification now shows is the buyer's, not the vendor's, and stays out
// of the comparison with the vendor's tax (with a tolerance of 1.00), as
// on a conditional procurement: a vendor that rightly charged nothing is
// within tolerance (variance 0.00, where the totalTax of 190.00 less the
// 0.00 charged would say -190.00), and one that charged VAT on a supply
// whose VAT is the buyer's overcharged all of it (France's 200.00 on the
// acquisition is +200.00, not +10.00 against Germany's 190.00; Germany's
// 1140.00 on the phones +1140.00). A vendor's charge on the line is
// compared with the line's own tax, 0.00.
func TestInvoiceVerificationReverseChargeVariance(t *testing.T) {
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithSettings(Settings{Tolerance: &Tolerance{Amount: dp("1.00")}}))
	if err != nil {
		t.Fatal(err)
	}
	eur := `"currency":{"isoCurrencyCodeAlpha":"EUR"},`
	acq := eur + porParty("buyer", "destination", drcBerlin) + `,` + porParty("vendor", "physicalOrigin", drcParis)
	phones := eur + porParty("buyer", "destination", drcBerlin) + `,` + porParty("vendor", "physicalOrigin", drcMunich)
	for _, c := range []struct {
		name, rest                  string
		totalTax, variance, outside string
		lineVar, lineOut            string
	}{
		{"nothing charged", `"chargedTax":0.00,` + acq + `,"lineItems":[` + porLine("GENERAL", "1000.00", "") + `]`, "190.00", "0.00", "false", "none", "none"},
		{"France's VAT charged by mistake", `"chargedTax":200.00,` + acq + `,"lineItems":[` + porLine("GENERAL", "1000.00", "") + `]`, "190.00", "200.00", "true", "none", "none"},
		{"nothing charged on the line", acq + `,"lineItems":[` + porLine("GENERAL", "1000.00", `,"chargedTax":0.00`) + `]`, "190.00", "0.00", "false", "0.00", "false"},
		{"Germany's VAT charged on reverse charged phones", `"chargedTax":1140.00,` + phones + `,"lineItems":[` + porLine("MOBILE_PHONES", "6000.00", "") + `]`, "1140.00", "1140.00", "true", "none", "none"},
	} {
		t.Run(c.name, func(t *testing.T) {
			iv, err := e.Purchase(context.Background(), pwPurchase(t, "INVOICE_VERIFICATION", c.rest))
			if err != nil {
				t.Fatal(err)
			}
			if got := [3]string{iv.TotalTax.String(), pwStr(iv.Variance), pwBool(iv.OutsideThreshold)}; got != [3]string{c.totalTax, c.variance, c.outside} {
				t.Errorf("totalTax, variance, outside %v; want %s %s %s", got, c.totalTax, c.variance, c.outside)
			}
			l := iv.LineItems[0]
			if got := [2]string{pwStr(l.Variance), pwBool(l.OutsideThreshold)}; got != [2]string{c.lineVar, c.lineOut} {
				t.Errorf("line: variance, outside %v; want %s %s", got, c.lineVar, c.lineOut)
			}
			if iv.ProcurementAction != nil {
				t.Errorf("a verification chose an action: %+v", iv.ProcurementAction)
			}
			// A conditional procurement compares the same way.
			cp, err := e.Purchase(context.Background(), pwPurchase(t, "CONDITIONAL_PROCUREMENT", c.rest))
			if err != nil {
				t.Fatal(err)
			}
			if pwStr(cp.Variance) != pwStr(iv.Variance) || cp.TotalTax.String() != iv.TotalTax.String() {
				t.Errorf("conditional procurement: totalTax %s, variance %s; the verification's %s, %s", cp.TotalTax, pwStr(cp.Variance), iv.TotalTax, pwStr(iv.Variance))
			}
		})
	}
}

// TestPurchaseOrderReverseChargeNotStored: a PURCHASE_ORDER (an estimate)
// and an INVOICE_VERIFICATION store nothing (the specification's storage
// table), whatever postToJournal says, now that they show the reverse
// charge: the journal has no transaction of their IDs and
// PreparePurchase returns none to store. An ERS of the same purchase is
// stored with the 190.00, which shows that the journal would have kept
// one.
func TestPurchaseOrderReverseChargeNotStored(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	acq := `"postToJournal":true,"currency":{"isoCurrencyCodeAlpha":"EUR"},` + porParty("buyer", "destination", drcBerlin) + `,` +
		porParty("vendor", "physicalOrigin", drcParis) + `,"lineItems":[` + porLine("GENERAL", "1000.00", "") + `]`
	for _, mt := range []string{"PURCHASE_ORDER", "INVOICE_VERIFICATION"} {
		id := "RC-" + mt
		req := pwPurchase(t, mt, `"transactionId":"`+id+`",`+acq)
		r, err := e.Purchase(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", mt, err)
		}
		if r.TotalTax.String() != "190.00" {
			t.Errorf("%s: totalTax %s, want 190.00", mt, r.TotalTax)
		}
		if _, err := j.Get(ctx, "acme", id); levy.ErrorCode(err) != levy.ENotFound {
			t.Errorf("%s: the journal answers %v, want not found", mt, err)
		}
		if _, tx, err := e.PreparePurchase(ctx, req); err != nil || tx != nil {
			t.Errorf("%s: PreparePurchase gave %+v, %v; want nothing to store", mt, tx, err)
		}
	}
	if _, err := e.Purchase(ctx, pwPurchase(t, "ERS", `"transactionId":"RC-ERS",`+acq)); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, "acme", "RC-ERS")
	if err != nil {
		t.Fatal(err)
	}
	if tx.TotalTax.String() != "190.00" {
		t.Errorf("the stored ERS: totalTax %s, want 190.00", tx.TotalTax)
	}
}
