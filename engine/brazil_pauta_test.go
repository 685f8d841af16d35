package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestBrazilPautaAbovePrice: a pauta far above the price makes an ICMS
// larger than the price, and the bases that exclude the ICMS (PIS and
// COFINS, STF RE 574.706; the CBS and IBS, LC 214/2025 art. 12 § 2)
// reach zero and no lower. Worked by hand, a sale within São Paulo of one
// unit at 1,000.00:
//
//	pauta 10,000.00: ICMS 18% of 10,000.00 = 1,800.00; PIS, COFINS, CBS
//	and IBS bases max(0, 1,000.00 − 1,800.00) = 0.00, their taxes 0.00.
//	pauta 5,000.00: ICMS 900.00; PIS and COFINS base 100.00, PIS 1.65%
//	= 1.65, COFINS 7.6% = 7.60; CBS and IBS base 100.00 − 1.65 − 7.60
//	= 90.75, CBS 0.9% = 0.82, IBS 0.1% = 0.09.
func TestBrazilPautaAbovePrice(t *testing.T) {
	e := testEngine(t)
	ptr := func(v int32) *int32 { return &v }
	for _, c := range []struct {
		pauta, icms, pisBase, pis, cofins, reformBase, cbs, ibs string
	}{
		{"10000", "1800.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00"},
		{"5000", "900.00", "100.00", "1.65", "7.60", "90.75", "0.82", "0.09"},
	} {
		req := brSale(brTo("Campinas", "SP"))
		req.LineItems[0].Quantity = &wire.Measure{Value: amt("1")}
		req.LineItems[0].PautaOverrides = &wire.PautaOverrides{PautaOverride: []wire.PautaOverride{{ImpositionTypeID: ptr(PautaICMS), Amount: amt(c.pauta)}}}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		l := r.LineItems[0]
		if x := brMustTax(t, l, "ICMS", "BR-SP"); x.Taxable.String() != c.pauta+".00" || x.CalculatedTax.String() != c.icms {
			t.Errorf("pauta %s: ICMS %s on %s, want %s", c.pauta, x.CalculatedTax, x.Taxable, c.icms)
		}
		for _, w := range []struct{ imp, jur, base, tax string }{
			{"PIS", "BR", c.pisBase, c.pis}, {"COFINS", "BR", c.pisBase, c.cofins},
			{"CBS", "BR", c.reformBase, c.cbs}, {"IBS", "BR-SP", c.reformBase, c.ibs},
		} {
			x := brMustTax(t, l, w.imp, w.jur)
			if x.Taxable.String() != w.base || x.CalculatedTax.String() != w.tax {
				t.Errorf("pauta %s: %s %s on %s, want %s on %s", c.pauta, w.imp, x.CalculatedTax, x.Taxable, w.tax, w.base)
			}
		}
	}
}
