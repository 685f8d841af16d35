package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestBrazilDIFALWorkedExamples reproduces, to the centavo, the worked
// examples of a contributor's own DIFAL (a purchase for its use,
// consumption or fixed assets, accrued by the buyer) that public sources
// publish for the destinations whose double base difal.csv records, on a
// document of 2026-09-01. Each case is a reseller's sale of goods of
// NCM 8471.30.12 (no IPI), so the line's amount is the example's
// operation value. Where Levy and the source differ, the comment says
// why and internal/datagen/br/br.md records it (round nine).
func TestBrazilDIFALWorkedExamples(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		name, from, fromCity, to, toCity, amount string
		icms, tax, base                          string
	}{
		// SEF-MG's Orientação Tributária DOLT/SUTRI 2/2016 (as quoted on the
		// contabeis.com.br forum, thread 206333; difal.csv's MG row, read
		// 2026-12-02): 1,000.00 at 12% into MG's 18%: (1,000.00 - 120.00) /
		// 0.82 = 1,073.17, DIFAL 1,073.17 x 18% = 193.17 - 120.00 = 73.17.
		{"MG DOLT/SUTRI 2/2016", "SP", "Jundiaí", "MG", "Belo Horizonte", "1000", "120.00", "73.17", "1073.17"},
		// Glorian's help page on ES's Lei 11.623/2022
		// (gc.glorian.com.br/mod/page/view.php?id=2624, read 2026-12-02):
		// 1,000.00 at 12% (from BA, a Northeastern state) into ES's 17%:
		// (1,000.00 - 120.00) / 0.83 = 1,060.24; x 17% = 180.24 - 120.00 = 60.24.
		{"ES Lei 11.623/2022", "BA", "Salvador", "ES", "Vitória", "1000", "120.00", "60.24", "1060.24"},
		// A SEFAZ-MT tax officer's forum answer on Nota Técnica UDCR/UNERC
		// 1/2024 (difal.csv's MT row and br.md, round five, read 2026-12-02):
		// goods of 121,365.66 at 12% into MT's 17%, DIFAL 7,311.18, as on a
		// contributor's purchase under RICMS-MT art. 96 § 1 (MT's double base
		// from 2024-03-28); from GO, a Centre-West state, 12%: ICMS
		// 14,563.8792 -> 14,563.88; (121,365.66 - 14,563.88) / 0.83 =
		// 128,676.843 -> 128,676.84; x 17% = 21,875.0628 -> 21,875.06, less
		// 14,563.88 = 7,311.18.
		{"MT NT UDCR/UNERC 1/2024", "GO", "Goiânia", "MT", "Cuiabá", "121365.66", "14563.88", "7311.18", "128676.84"},
		// SEF-SC's Resposta a Consulta COPAT 7/2021 (difal.csv's SC row, read
		// 2026-12-02) works back from a base of 100.00: (94.31 - 11.31) /
		// (1 - 17%) = 100.00, DIFAL 17.00 - 11.31 = 5.69. Its 11.31 is 94.31 x
		// 12% = 11.3172 cut, not rounded: an NF-e's ICMS rounds to 11.32, and
		// then (94.31 - 11.32) / 0.83 = 99.988 -> 99.99, x 17% = 16.998 ->
		// 17.00, less 11.32 = 5.68. Levy keeps the invoice's rounding.
		{"SC COPAT 7/2021", "PR", "Curitiba", "SC", "Florianópolis", "94.31", "11.32", "5.68", "99.99"},
		// Glorian's help page on AC's Lei Complementar 417
		// (gc.glorian.com.br/mod/page/view.php?id=2608, read 2026-12-02):
		// 1,000.00 at 7% into AC's 19%, base (1,000.00 - 70.00) / 0.81 =
		// 1,148.15, which Levy gives; the page then takes 7% of that base,
		// 80.37, where its ES and AP pages (and LC 55/1997 art. 6 § 8 I: the
		// interstate rate sets the origin's base) take the 70.00 the invoice
		// charged: 218.15 - 80.37 = 137.78 on the page, 218.15 - 70.00 =
		// 148.15 in Levy. br.md records the difference.
		{"AC Lei Complementar 417", "SP", "Jundiaí", "AC", "Rio Branco", "1000", "70.00", "148.15", "1148.15"},
	} {
		req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-09-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "BRL"},
			Vendor: &wire.Vendor{PhysicalOrigin: brTo(c.fromCity, c.from)},
			Buyer:  &wire.Buyer{Destination: brTo(c.toCity, c.to)},
			LineItems: []wire.PurchaseLineItem{{LineItemID: "1", CommodityCode: &wire.CommodityCode{CommodityCodeType: "NCM", Value: "84713012"},
				ExtendedPrice: amt(c.amount), LineDetails: wire.LineDetails{NatureOfFiscalOperation: wire.OperationVendaMercadoria,
					BuyerCondition: wire.BuyerContribuinteConsumidorFinal}}}}
		r, err := e.Purchase(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := r.LineItems[0]
		if x := brTaxOf(l.Taxes, "ICMS", "BR-"+c.from); x == nil || x.CalculatedTax.String() != c.icms {
			t.Errorf("%s: ICMS %+v, want %s", c.name, x, c.icms)
		}
		checkDIFAL(t, c.to, "2026-09-01", l.Taxes, l.AssistedParameters, c.tax, c.base, false)
	}
}

// TestBrazilIPIInICMSBaseWorkedExample rebuilds the NF-e walk-through of
// Engemática's help page (conhecimento.engematica.com.br/?p=237, read
// 2026-12-02): products of 100.00, a discount of 5.00, freight and other
// charges of 1.00 each (sent together as freight), IPI 10% (a rate
// override) and ICMS 18% on a base that holds the IPI, as for a final
// consumer: an industrial seller in Jundiaí sells to a non-contributor in
// Campinas (SP), CFOP 5101.
//   - IPI on 100.00 - 5.00 + 2.00 = 97.00: 9.70, the page's.
//   - ICMS on 97.00 + 9.70 = 106.70, the page's base: 19.206 -> 19.21; the
//     page prints 19.20, the product cut. Each tax of an item rounds to the
//     centavo, half up, so Levy gives 19.21 (ABNT NBR 5891, which the page
//     names, rounds 19.206 up too).
//   - PIS/COFINS on 97.00 - 19.21 = 77.79: PIS 1.283535 -> 1.28, COFINS
//     5.91204 -> 5.91.
//   - CBS/IBS on 77.79 - 1.28 - 5.91 = 70.60: CBS 0.6354 -> 0.64, IBS (SP)
//     0.0706 -> 0.07, for information in 2026.
//   - The NF-e's total is 97.00 + 9.70 = 106.70, the page's: the net
//     extendedPrice 95.00 - 19.21 - 1.28 - 5.91 = 68.60, plus freight 2.00,
//     plus the taxes 19.21 + 1.28 + 5.91 + 9.70 = 36.10.
func TestBrazilIPIInICMSBaseWorkedExample(t *testing.T) {
	e := testEngine(t)
	req := brSale(brTo("Campinas", "SP"))
	req.Seller.PhysicalOrigin = brTo("Jundiaí", "SP")
	li := &req.LineItems[0]
	li.ExtendedPrice, li.Freight = amt("100.00"), amt("2.00")
	li.Discount = &wire.Discount{DiscountType: wire.DiscountAmount, DiscountValue: amt("5.00")}
	li.NatureOfFiscalOperation, li.BuyerCondition = wire.OperationVendaProducao, wire.BuyerNaoContribuinte
	li.RateOverrides = []wire.RateOverride{{ImpositionType: &wire.ImpositionType{Value: "IPI"}, Rate: amt("0.10")}}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	l := r.LineItems[0]
	for _, w := range []struct{ imp, jur, taxable, tax string }{
		{"IPI", "BR", "97.00", "9.70"},
		{"ICMS", "BR-SP", "106.70", "19.21"},
		{"PIS", "BR", "77.79", "1.28"},
		{"COFINS", "BR", "77.79", "5.91"},
		{"CBS", "BR", "70.60", "0.64"},
		{"IBS", "BR-SP", "70.60", "0.07"},
	} {
		x := brMustTax(t, l, w.imp, w.jur)
		if x.Taxable.String() != w.taxable || x.CalculatedTax.String() != w.tax {
			t.Errorf("%s %s: taxable %s tax %s, want %s and %s", w.imp, w.jur, x.Taxable, x.CalculatedTax, w.taxable, w.tax)
		}
	}
	if v, _ := brParam(l.AssistedParameters, BrazilCFOPRule); !strings.HasPrefix(v, "5101") {
		t.Errorf("CFOP %q, want 5101", v)
	}
	if l.ExtendedPrice.String() != "68.60" || l.TotalTax.String() != "36.10" {
		t.Errorf("net extendedPrice %s totalTax %s, want 68.60 and 36.10", l.ExtendedPrice, l.TotalTax)
	}
}

// TestBrazilDIFALSaoPauloContributorByDate accrues a contributor's
// purchase into São Paulo for its own use (1,000.00 of NCM 8471.30.12 from
// Curitiba, PR to SP: 12%; SP's internal rate 18%) on the days around the
// double base that Decreto 66.559/2022 brought in from 2022-03-14
// (difal.csv's SP rows: the day as the consulente of SEFAZ-SP's Resposta à
// Consulta 29.666/2024 gives it, read 2026-12-02). ICMS at origin 1,000.00 x
// 12% = 120.00 on both days.
//   - 2022-03-13, not checked: the single base, 1,000.00 x (18% - 12%) =
//     60.00, and the line says the base was not checked.
//   - 2022-03-14, double: (1,000.00 - 120.00) / (1 - 18%) = 1,073.1707 ->
//     1,073.17; x 18% = 193.1706 -> 193.17; less 120.00 = 73.17.
func TestBrazilDIFALSaoPauloContributorByDate(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		date, tax, base string
		notChecked      bool
	}{
		{"2022-03-13", "60.00", "1000.00", true},
		{"2022-03-14", "73.17", "1073.17", false},
	} {
		req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse(c.date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "BRL"},
			Vendor: &wire.Vendor{PhysicalOrigin: brTo("Curitiba", "PR")},
			Buyer:  &wire.Buyer{Destination: brTo("Campinas", "SP")},
			LineItems: []wire.PurchaseLineItem{{LineItemID: "1", CommodityCode: &wire.CommodityCode{CommodityCodeType: "NCM", Value: "84713012"},
				ExtendedPrice: amt("1000"), LineDetails: wire.LineDetails{NatureOfFiscalOperation: wire.OperationVendaMercadoria,
					BuyerCondition: wire.BuyerContribuinteConsumidorFinal}}}}
		r, err := e.Purchase(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.date, err)
		}
		l := r.LineItems[0]
		if x := brTaxOf(l.Taxes, "ICMS", "BR-PR"); x == nil || x.CalculatedTax.String() != "120.00" {
			t.Errorf("%s: ICMS %+v, want 120.00", c.date, x)
		}
		checkDIFAL(t, "SP", c.date, l.Taxes, l.AssistedParameters, c.tax, c.base, c.notChecked)
	}
}
