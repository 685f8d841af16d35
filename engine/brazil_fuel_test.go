package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestBrazilFuelICMSSingleStageSaid: the ICMS on gasoline, diesel,
// biodiesel and LPG is charged once, by the producer or importer, at an
// amount per litre or kilogram (LC 192/2022 art. 2; Convênio ICMS
// 199/2022 for diesel, biodiesel and LPG from 2023-05-01, Convênio ICMS
// 15/2023 for gasoline from 2023-06-01), and a later sale bears none (CST
// 61). Levy has none of those amounts and shows the state's general rate
// (a reseller of gasoline in São Paulo: 18% of 1,000.00 = 180.00), so the
// line says that this ICMS was not computed, and how to take it out,
// rather than passing a tax nobody owes for the seller's. Before the
// single stage, and for goods outside it (a notebook), the line says
// nothing of it.
func TestBrazilFuelICMSSingleStageSaid(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		name, ncm, date string
		op              wire.FiscalOperation
		said            bool
	}{
		{"gasoline resold", "27101259", "2026-09-01", wire.OperationVendaMercadoria, true},
		{"gasoline produced", "27101259", "2026-09-01", wire.OperationVendaProducao, true},
		{"diesel resold", "27101921", "2026-09-01", wire.OperationVendaMercadoria, true},
		{"LPG resold", "27111910", "2026-09-01", wire.OperationVendaMercadoria, true},
		{"biodiesel resold", "38260000", "2026-09-01", wire.OperationVendaMercadoria, true},
		{"diesel on the single stage's first day", "27101921", "2023-05-01", wire.OperationVendaMercadoria, true},
		{"gasoline before its single stage", "27101259", "2023-05-31", wire.OperationVendaMercadoria, false},
		{"diesel before its single stage", "27101921", "2023-04-30", wire.OperationVendaMercadoria, false},
		{"aviation kerosene", "27101911", "2026-09-01", wire.OperationVendaMercadoria, false},
		{"a notebook", "84713012", "2026-09-01", wire.OperationVendaMercadoria, false},
	} {
		req := brSale(brTo("Campinas", "SP"))
		req.DocumentDate = civil.MustParse(c.date)
		req.LineItems[0].CommodityCode.Value = c.ncm
		req.LineItems[0].NatureOfFiscalOperation = c.op
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := r.LineItems[0]
		var said string
		for _, p := range l.AssistedParameters {
			if p.RuleName == TaxNotComputedRule && p.ParamName == "commodityCode" && strings.Contains(p.Value, "ICMS") {
				said = p.Value
			}
		}
		if (said != "") != c.said {
			t.Errorf("%s: the line says %q of the fuel's single-stage ICMS, want said %v", c.name, said, c.said)
		}
		if c.said && (!strings.Contains(said, "LC 192/2022") || !strings.Contains(said, "nonTaxableOverrides")) {
			t.Errorf("%s: %q names neither the law nor the way out", c.name, said)
		}
		// The ICMS shown is still the general rate's: the note says so,
		// it does not change the figures.
		if x := brMustTax(t, l, "ICMS", "BR-SP"); x.CalculatedTax.String() != "180.00" {
			t.Errorf("%s: ICMS %s, want 180.00", c.name, x.CalculatedTax)
		}
	}
	// A reseller that took the ICMS out, as the note says, is told
	// nothing more.
	req := brSale(brTo("Campinas", "SP"))
	req.LineItems[0].CommodityCode.Value = "27101259"
	req.LineItems[0].NonTaxableOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "ICMS"}, ReasonCode: "CST61"}}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range r.LineItems[0].AssistedParameters {
		if p.RuleName == TaxNotComputedRule && strings.Contains(p.Value, "ICMS") {
			t.Errorf("ICMS taken out: the line still says %q", p.Value)
		}
	}
}
