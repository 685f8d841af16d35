package engine

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestProfileCertificateOnBrazilianLine: a Brazilian line applies the
// customer's stored certificates as it applies isTaxExempt: a
// certificate of Brazil exempts each of its taxes and names itself; one
// of São Paulo exempts the state's taxes and those of its municipalities
// (Campinas's IBS), and leaves the federal ones charged, saying why; one
// of Texas leaves every tax charged, saying why. None is passed over in
// silence.
func TestProfileCertificateOnBrazilianLine(t *testing.T) {
	d := civil.MustParse
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "BR-ALL"}, {Code: "BR-SP"}, {Code: "TX-ONLY"}},
		Certificates: []profile.Certificate{
			{Number: "BR-1", CustomerCode: "BR-ALL", Jurisdictions: []string{"BR"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
			{Number: "SP-1", CustomerCode: "BR-SP", Jurisdictions: []string{"BR-SP"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
			{Number: "TX-1", CustomerCode: "TX-ONLY", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
		},
	}
	e := engineOfProfile(t, cs)
	body, err := os.ReadFile("testdata/golden/sale-br-sp-reseller-to-sp-contributor.request.json")
	if err != nil {
		t.Fatal(err)
	}
	sale := func(customer string) wire.SaleResponseLineItem {
		t.Helper()
		var req wire.SaleRequest
		mustDecode(t, body, &req)
		req.SaleMessageType = wire.SaleQuotation
		req.Customer.CustomerCode = &wire.CustomerCode{Value: customer}
		r, err := e.Sale(context.Background(), &req)
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0]
	}
	says := func(l wire.SaleResponseLineItem, rule profile.Refusal) bool {
		for _, p := range l.AssistedParameters {
			if p.RuleName == string(rule) {
				return true
			}
		}
		return false
	}
	// split reports the taxes of the line that certificate number exempts
	// and those left charged, by jurisdiction and imposition.
	split := func(l wire.SaleResponseLineItem, number string) (exempt, charged []string) {
		for _, x := range l.Taxes {
			name := x.Jurisdiction.JurisdictionID + " " + x.Imposition.Value
			switch {
			case x.CertificateNumber != nil && x.CertificateNumber.Value == number && x.TaxResult == wire.TaxResultExempt &&
				x.CalculatedTax.IsZero() && x.CalculationRuleID.Value == CertificateRule:
				exempt = append(exempt, name)
			case x.CertificateNumber == nil && x.TaxResult == wire.TaxResultTaxable:
				charged = append(charged, name)
			default:
				t.Errorf("%s: %s certificate %+v rule %v", name, x.TaxResult, x.CertificateNumber, x.CalculationRuleID)
			}
		}
		return exempt, charged
	}

	l := sale("BR-ALL")
	if ex, ch := split(l, "BR-1"); len(ch) > 0 || len(ex) != len(l.Taxes) || len(l.Taxes) < 5 {
		t.Errorf("a certificate of Brazil: exempt %v, charged %v", ex, ch)
	}

	l = sale("BR-SP")
	ex, ch := split(l, "SP-1")
	if got, want := strings.Join(ex, ", "), "BR-SP ICMS, BR-SP IBS, BR-3509502 IBS"; got != want {
		t.Errorf("a certificate of São Paulo exempts %s, want %s", got, want)
	}
	if got, want := strings.Join(ch, ", "), "BR PIS, BR COFINS, BR CBS"; got != want {
		t.Errorf("a certificate of São Paulo leaves %s charged, want %s", got, want)
	}
	if !says(l, profile.RefusalJurisdiction) {
		t.Errorf("a certificate of São Paulo: no %s in %+v", profile.RefusalJurisdiction, l.AssistedParameters)
	}

	l = sale("TX-ONLY")
	if ex, ch := split(l, "TX-1"); len(ex) > 0 || len(ch) != len(l.Taxes) {
		t.Errorf("a certificate of Texas: exempt %v, charged %v", ex, ch)
	}
	if !says(l, profile.RefusalJurisdiction) {
		t.Errorf("a certificate of Texas: no %s in %+v", profile.RefusalJurisdiction, l.AssistedParameters)
	}
}

// TestProfileBrazilNCMWithoutClass: a Brazilian line with an NCM code and
// no product class, of a tenant with profiles, is taxed by its NCM, and
// carries no unknown-product-code flag, which would say that a class
// decides its taxes; the flag stays where the class matters: a line
// whose customer holds a certificate limited to classes, and a US line.
func TestProfileBrazilNCMWithoutClass(t *testing.T) {
	d := civil.MustParse
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "PLAIN"}, {Code: "BY-CLASS"}},
		Certificates: []profile.Certificate{
			{Number: "BR-1", CustomerCode: "PLAIN", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
			{Number: "BR-2", CustomerCode: "BY-CLASS", Jurisdictions: []string{"BR"}, ProductClasses: []string{"CLOTHING"},
				ReasonCode: "G", EffectiveDate: d("2026-01-01")},
		},
	}
	e := engineOfProfile(t, cs)
	body, err := os.ReadFile("testdata/golden/sale-br-sp-reseller-to-sp-contributor.request.json")
	if err != nil {
		t.Fatal(err)
	}
	flags := func(customer, sku string) (unknown []wire.AssistedParameter, taxes int) {
		t.Helper()
		var req wire.SaleRequest
		mustDecode(t, body, &req)
		req.SaleMessageType = wire.SaleQuotation
		if customer != "" {
			req.Customer.CustomerCode = &wire.CustomerCode{Value: customer}
		}
		if sku != "" {
			req.LineItems[0].Product = &wire.Product{Value: sku}
		}
		r, err := e.Sale(context.Background(), &req)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range r.LineItems[0].AssistedParameters {
			if p.RuleName == UnknownProductCodeRule {
				unknown = append(unknown, p)
			}
		}
		return unknown, len(r.LineItems[0].Taxes)
	}
	for _, c := range []struct{ customer, sku string }{{"", ""}, {"PLAIN", ""}, {"", "SKU-UNKNOWN"}} {
		if got, n := flags(c.customer, c.sku); len(got) != 0 || n < 5 {
			t.Errorf("customer %q sku %q: %d taxes, flagged %+v", c.customer, c.sku, n, got)
		}
	}
	if got, _ := flags("BY-CLASS", ""); len(got) != 1 || got[0].ParamName != "commodityCode" || got[0].OriginalValue != "84713012" || got[0].Value != "GENERAL" {
		t.Errorf("a customer of a certificate limited to classes: %+v, want the NCM flagged as GENERAL", got)
	}

	us := profileSale("", "")
	us.LineItems[0].Product = &wire.Product{Value: "SKU-UNKNOWN"}
	r, err := e.Sale(context.Background(), us)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range r.LineItems[0].AssistedParameters {
		found = found || p.RuleName == UnknownProductCodeRule && p.OriginalValue == "SKU-UNKNOWN"
	}
	if !found {
		t.Errorf("a US line of an unknown SKU: %+v", r.LineItems[0].AssistedParameters)
	}
}
