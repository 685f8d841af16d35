package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestBrazilNegativeLineMirrorsSale: a line of a negative amount (a credit
// of a sale, as the wire sends one) takes back every tax the same sale
// charged, the PIS, COFINS, CBS and IBS as well as the ICMS and DIFAL.
// Their bases exclude the ICMS, and they stopped at zero, so a credit of
// 1,000.00 to a consumer in Minas Gerais gave back 120.00 of ICMS and
// 60.00 of DIFAL but none of the contributions. Worked by hand for that
// credit (SP to MG, 12%, MG 18% on the single base):
//
//	ICMS −1,000.00 × 12% = −120.00; DIFAL −1,000.00 × 6% = −60.00;
//	PIS and COFINS base −1,000.00 + 120.00 + 60.00 = −820.00,
//	PIS 1.65% = −13.53, COFINS 7.6% = −62.32; CBS and IBS base
//	−820.00 + 13.53 + 62.32 = −744.15, CBS 0.9% = −6.70, IBS 0.1% = −0.74.
//
// The other cases check that each tax of a credit is the sale's with its
// sign changed: a double-base DIFAL with its FCP (RJ), a service's ISS, a
// pauta's ICMS (which a credit charged at +216.00 on a pauta of 1,200.00),
// a producer's IPI inside a consumer's ICMS base.
func TestBrazilNegativeLineMirrorsSale(t *testing.T) {
	e := brazilContentEngine(t)
	sell := func(req *wire.SaleRequest) wire.SaleResponseLineItem {
		t.Helper()
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0]
	}
	credit := brSale(brTo("Belo Horizonte", "MG"))
	credit.LineItems[0].BuyerCondition = wire.BuyerNaoContribuinte
	credit.LineItems[0].ExtendedPrice = amt("-1000")
	l := sell(credit)
	for _, w := range []struct{ imp, jur, base, tax string }{
		{"ICMS", "BR-SP", "-1000.00", "-120.00"}, {"ICMS-DIFAL", "BR-MG", "-1000.00", "-60.00"},
		{"PIS", "BR", "-820.00", "-13.53"}, {"COFINS", "BR", "-820.00", "-62.32"},
		{"CBS", "BR", "-744.15", "-6.70"}, {"IBS", "BR-MG", "-744.15", "-0.74"},
	} {
		if x := brMustTax(t, l, w.imp, w.jur); x.Taxable.String() != w.base || x.CalculatedTax.String() != w.tax {
			t.Errorf("credit to MG: %s %s on %s, want %s on %s", w.imp, x.CalculatedTax, x.Taxable, w.tax, w.base)
		}
	}
	if l.TotalTax.String() != "-255.85" {
		t.Errorf("credit to MG: total tax %s, want -255.85", l.TotalTax)
	}

	for _, c := range []struct {
		name string
		req  func() *wire.SaleRequest
	}{
		{"double base to RJ", func() *wire.SaleRequest {
			r := brSale(brTo("Rio de Janeiro", "RJ"))
			r.LineItems[0].BuyerCondition = wire.BuyerNaoContribuinte
			return r
		}},
		{"service in São Paulo", func() *wire.SaleRequest {
			r := brSale(brTo("São Paulo", "SP"))
			r.LineItems[0].CommodityCode = &wire.CommodityCode{CommodityCodeType: "LC116", Value: "1.05"}
			return r
		}},
		{"pauta", func() *wire.SaleRequest {
			r := brSale(brTo("Campinas", "SP"))
			r.LineItems[0].Quantity = &wire.Measure{Value: amt("1")}
			r.LineItems[0].PautaOverrides = &wire.PautaOverrides{PautaOverride: []wire.PautaOverride{{Amount: amt("1200")}}}
			return r
		}},
		{"producer's sale to a consumer", func() *wire.SaleRequest {
			r := brSale(brTo("Salvador", "BA"))
			r.LineItems[0].NatureOfFiscalOperation = wire.OperationVendaProducao
			r.LineItems[0].BuyerCondition = wire.BuyerNaoContribuinte
			return r
		}},
	} {
		sale := sell(c.req())
		req := c.req()
		req.LineItems[0].ExtendedPrice = amt("-1000")
		back := sell(req)
		if len(back.Taxes) != len(sale.Taxes) {
			t.Fatalf("%s: %d taxes on the credit, %d on the sale", c.name, len(back.Taxes), len(sale.Taxes))
		}
		for i, s := range sale.Taxes {
			b := back.Taxes[i]
			if s.CalculatedTax.Sign() == 0 && s.Taxable.Sign() == 0 {
				continue
			}
			if !b.CalculatedTax.Equal(s.CalculatedTax.Neg()) || !b.Taxable.Equal(s.Taxable.Neg()) {
				t.Errorf("%s: credit's %s in %s is %s on %s, the sale's %s on %s", c.name, b.Imposition.Value, b.Jurisdiction.JurisdictionID,
					b.CalculatedTax, b.Taxable, s.CalculatedTax, s.Taxable)
			}
		}
		if !back.TotalTax.Equal(sale.TotalTax.Neg()) {
			t.Errorf("%s: credit's total tax %s, the sale's %s", c.name, back.TotalTax, sale.TotalTax)
		}
	}
}
