package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestBrazilGoodsOtherCodeSaid: Brazil classifies goods by NCM. A resale
// of medicines (NCM 3004.90.99, single-stage PIS and COFINS: 0% on resale,
// Lei 10.147/2000) sent with its HS subheading under commodityCodeType
// HS had no NCM, so the line bore PIS 1.65% and COFINS 7.6% with nothing
// said of the code it did not read. The line now says that the code is
// not an NCM and what was not looked up; with the NCM it is the 0% of a
// single-stage resale, and a line without any code says nothing of it.
func TestBrazilGoodsOtherCodeSaid(t *testing.T) {
	e := testEngine(t)
	sell := func(cc *wire.CommodityCode) wire.SaleResponseLineItem {
		t.Helper()
		req := brSale(brTo("Campinas", "SP"))
		req.LineItems[0].CommodityCode = cc
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0]
	}
	said := func(l wire.SaleResponseLineItem) string {
		for _, p := range l.AssistedParameters {
			if p.RuleName == brNCMRequired {
				return p.Value
			}
		}
		return ""
	}
	l := sell(&wire.CommodityCode{CommodityCodeType: "HS", Value: "300490"})
	if v := said(l); !strings.Contains(v, "HS") || !strings.Contains(v, "NCM") {
		t.Errorf("HS code: the line says %q, want a note that the code is not an NCM", v)
	}
	if x := brMustTax(t, l, "PIS", "BR"); x.NominalRate.String() != "0.0165" {
		t.Errorf("HS code: PIS at %s, want the general 1.65%% (no NCM, no single-stage group)", x.NominalRate)
	}
	l = sell(&wire.CommodityCode{CommodityCodeType: "NCM", Value: "30049099"})
	if v := said(l); v != "" {
		t.Errorf("NCM: the line says %q", v)
	}
	if x := brMustTax(t, l, "PIS", "BR"); x.CalculatedTax.String() != "0.00" {
		t.Errorf("NCM: PIS %s, want 0.00 on a single-stage resale", x.CalculatedTax)
	}
	if v := said(sell(nil)); v != "" {
		t.Errorf("no code: the line says %q", v)
	}
}
