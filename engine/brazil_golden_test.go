package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/wire"
)

var (
	brContentOnce sync.Once
	brContent     *Engine
	brContentErr  error
)

// brazilContentEngine returns an engine with the tenant's municipal ISS
// rates of testdata/golden-content loaded, built once.
func brazilContentEngine(t testing.TB) *Engine {
	t.Helper()
	brContentOnce.Do(func() {
		brContent, brContentErr = New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
			WithContent(content.Options{}, content.Source{Path: filepath.Join("testdata", "golden-content", "br-iss-tenant.csv")}))
	})
	if brContentErr != nil {
		t.Fatal(brContentErr)
	}
	return brContent
}

// TestGoldenContent runs the requests of testdata/golden-content, which
// need content loaded (the tenant's ISS rates), and compares each
// response with the file beside it (-update rewrites them).
func TestGoldenContent(t *testing.T) {
	e := brazilContentEngine(t)
	files, err := filepath.Glob("testdata/golden-content/sale-*.request.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden requests: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".request.json")
		t.Run(name, func(t *testing.T) {
			var req wire.SaleRequest
			body, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			mustDecode(t, body, &req)
			r, err := e.Sale(context.Background(), &req)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, name, r.SubTotal, r.Total, r.TotalTax, saleTotals(r.LineItems))
			checkGolden(t, f, r, "TestGoldenContent")
		})
	}
}

// brFig is a figure a golden response must show: the tax of an
// imposition in a jurisdiction on a line, with its base (taxable), rate
// and CST, computed by hand in the comments of TestBrazilGoldenFigures.
type brFig struct {
	line, imp, jur        string
	taxable, rate, tax    string
	cst, result           string
	info, buyer, noRecord bool
}

// brResponse is the part of a golden response that the figures read.
type brResponse struct {
	SubTotal, TotalTax, Total string
	Variance                  string
	LineItems                 []struct {
		LineItemID         string
		ExtendedPrice      string
		TotalTax           string
		Variance           string
		Taxes              []wire.Tax
		AssistedParameters []wire.AssistedParameter
	}
}

// readGolden reads a golden response's figures as strings.
func readGolden(t *testing.T, path string) brResponse {
	t.Helper()
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber() // the amounts as written: 1000.00, not 1000
	if err := dec.Decode(&raw); err != nil {
		t.Fatal(err)
	}
	var out brResponse
	num := func(v any) string {
		if n, ok := v.(json.Number); ok {
			return string(n)
		}
		return ""
	}
	out.SubTotal, out.TotalTax, out.Total, out.Variance = num(raw["subTotal"]), num(raw["totalTax"]), num(raw["total"]), num(raw["variance"])
	var typed struct {
		LineItems []struct {
			LineItemID         string                   `json:"lineItemId"`
			Taxes              []wire.Tax               `json:"taxes"`
			AssistedParameters []wire.AssistedParameter `json:"assistedParameters"`
		} `json:"lineItems"`
	}
	if err := json.Unmarshal(body, &typed); err != nil {
		t.Fatal(err)
	}
	for i, l := range raw["lineItems"].([]any) {
		m := l.(map[string]any)
		out.LineItems = append(out.LineItems, struct {
			LineItemID         string
			ExtendedPrice      string
			TotalTax           string
			Variance           string
			Taxes              []wire.Tax
			AssistedParameters []wire.AssistedParameter
		}{typed.LineItems[i].LineItemID, num(m["extendedPrice"]), num(m["totalTax"]), num(m["variance"]), typed.LineItems[i].Taxes, typed.LineItems[i].AssistedParameters})
	}
	return out
}

// brTaxOf finds the tax of an imposition in a jurisdiction.
func brTaxOf(taxes []wire.Tax, imp, jur string) *wire.Tax {
	for i := range taxes {
		t := &taxes[i]
		if t.Imposition != nil && t.Imposition.Value == imp && t.Jurisdiction != nil && t.Jurisdiction.JurisdictionID == jur {
			return t
		}
	}
	return nil
}

// brParam returns the value of a line's assisted parameter of a rule.
func brParam(ps []wire.AssistedParameter, rule string) (string, bool) {
	for _, p := range ps {
		if p.RuleName == rule {
			return p.Value, true
		}
	}
	return "", false
}

// TestBrazilGoldenFigures checks the figures of the Brazilian golden
// responses against the hand computations written beside them. The
// amounts are rounded half up to the centavo, tax by tax, as the NF-e
// rounds them.
func TestBrazilGoldenFigures(t *testing.T) {
	type doc struct {
		file            string
		sub, tax, total string
		variance        string
		lines           map[string][3]string // line -> extendedPrice (net), totalTax, CFOP
		figs            []brFig
		params          map[string][]string // line -> assisted parameter rules it must have
	}
	docs := []doc{
		{
			// A São Paulo reseller (lucro real) sells 2 notebooks at 500.00 (NCM
			// 8471.30.12) to a contributor in Campinas (SP): CFOP 5102.
			//   ICMS 18% "por dentro": the price 1,000.00 holds it; base 1,000.00,
			//     ICMS = 1,000.00 x 18% = 180.00 (CST 00).
			//   PIS and COFINS on the price less the ICMS: 1,000.00 - 180.00 = 820.00;
			//     PIS = 820.00 x 1.65% = 13.53; COFINS = 820.00 x 7.6% = 62.32 (CST 01).
			//   CBS and IBS on the price less ICMS, PIS and COFINS:
			//     1,000.00 - 180.00 - 13.53 - 62.32 = 744.15;
			//     CBS = 744.15 x 0.9% = 6.697 -> 6.70; IBS (SP) = 744.15 x 0.1% = 0.744 -> 0.74;
			//     IBS (Campinas) 0%; all three information only in 2026.
			//   Taxes in the price: 180.00 + 13.53 + 62.32 = 255.85; net 744.15;
			//   total 744.15 + 255.85 = 1,000.00, the price (no IPI on resale).
			file: "testdata/golden/sale-br-sp-reseller-to-sp-contributor.response.json",
			sub:  "744.15", tax: "255.85", total: "1000.00",
			lines: map[string][3]string{"notebook": {"744.15", "255.85", "5102"}},
			figs: []brFig{
				{line: "notebook", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.18", tax: "180.00", cst: "00"},
				{line: "notebook", imp: "PIS", jur: "BR", taxable: "820.00", rate: "0.0165", tax: "13.53", cst: "01"},
				{line: "notebook", imp: "COFINS", jur: "BR", taxable: "820.00", rate: "0.076", tax: "62.32", cst: "01"},
				{line: "notebook", imp: "CBS", jur: "BR", taxable: "744.15", rate: "0.009", tax: "6.70", cst: "000", info: true},
				{line: "notebook", imp: "IBS", jur: "BR-SP", taxable: "744.15", rate: "0.001", tax: "0.74", cst: "000", info: true},
				{line: "notebook", imp: "IBS", jur: "BR-3509502", taxable: "744.15", rate: "0", tax: "0.00", cst: "000", info: true},
			},
		},
		{
			// The same sale to contributors in Rio de Janeiro and Salvador: CFOP 6102.
			//   To RJ, 12% (Res. SF 22/1989): ICMS = 1,000.00 x 12% = 120.00;
			//     PIS/COFINS base 880.00: PIS 14.52, COFINS 66.88;
			//     CBS/IBS base 1,000.00 - 120.00 - 14.52 - 66.88 = 798.60: CBS 7.19 (7.1874), IBS (RJ) 0.80 (0.7986).
			//   To BA, 7% (from the Southeast to the Northeast): ICMS = 70.00;
			//     PIS/COFINS base 930.00: PIS 15.35 (15.345), COFINS 70.68;
			//     CBS/IBS base 1,000.00 - 70.00 - 15.35 - 70.68 = 843.97: CBS 7.60 (7.5957), IBS (BA) 0.84 (0.84397).
			//   Document: taxes 201.40 + 156.03 = 357.43; net 798.60 + 843.97 = 1,642.57; total 2,000.00.
			file: "testdata/golden/sale-br-sp-reseller-to-rj-and-ba-contributors.response.json",
			sub:  "1642.57", tax: "357.43", total: "2000.00",
			lines: map[string][3]string{"to-rio": {"798.60", "201.40", "6102"}, "to-salvador": {"843.97", "156.03", "6102"}},
			figs: []brFig{
				{line: "to-rio", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.12", tax: "120.00", cst: "00"},
				{line: "to-rio", imp: "PIS", jur: "BR", taxable: "880.00", rate: "0.0165", tax: "14.52", cst: "01"},
				{line: "to-rio", imp: "COFINS", jur: "BR", taxable: "880.00", rate: "0.076", tax: "66.88", cst: "01"},
				{line: "to-rio", imp: "CBS", jur: "BR", taxable: "798.60", rate: "0.009", tax: "7.19", cst: "000", info: true},
				{line: "to-rio", imp: "IBS", jur: "BR-RJ", taxable: "798.60", rate: "0.001", tax: "0.80", cst: "000", info: true},
				{line: "to-rio", imp: "ICMS-DIFAL", jur: "BR-RJ", noRecord: true},
				{line: "to-salvador", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.07", tax: "70.00", cst: "00"},
				{line: "to-salvador", imp: "PIS", jur: "BR", taxable: "930.00", rate: "0.0165", tax: "15.35", cst: "01"},
				{line: "to-salvador", imp: "COFINS", jur: "BR", taxable: "930.00", rate: "0.076", tax: "70.68", cst: "01"},
				{line: "to-salvador", imp: "CBS", jur: "BR", taxable: "843.97", rate: "0.009", tax: "7.60", cst: "000", info: true},
				{line: "to-salvador", imp: "IBS", jur: "BR-BA", taxable: "843.97", rate: "0.001", tax: "0.84", cst: "000", info: true},
			},
		},
		{
			// Imported goods from SP to MG, where 12% would apply: 4% (Res. SF 13/2012).
			//   Made in China, resold: ICMS = 1,000.00 x 4% = 40.00; PIS/COFINS base 960.00:
			//     PIS 15.84, COFINS 72.96; CBS/IBS base 871.20: CBS 7.84 (7.8408), IBS (MG) 0.87 (0.8712).
			//     NF-e origin 2 (foreign, bought in Brazil). CFOP 6102.
			//   Made in Brazil with more than 40% import content (transaction condition),
			//     by its producer: IPI 15% on 1,000.00 = 150.00 (added: the line totals 1,150.00);
			//     ICMS 4% = 40.00, the buyer a contributor so the IPI is outside its base;
			//     PIS/COFINS and CBS/IBS as above. Origin 3. CFOP 6101.
			//   Document: taxes 128.80 + 278.80 = 407.60; net 871.20 x 2 = 1,742.40; total 2,150.00.
			file: "testdata/golden/sale-br-imported-goods-between-states.response.json",
			sub:  "1742.40", tax: "407.60", total: "2150.00",
			lines: map[string][3]string{"made-in-china": {"871.20", "128.80", "6102"}, "import-content-over-40": {"871.20", "278.80", "6101"}},
			figs: []brFig{
				{line: "made-in-china", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.04", tax: "40.00", cst: "00"},
				{line: "made-in-china", imp: "PIS", jur: "BR", taxable: "960.00", rate: "0.0165", tax: "15.84", cst: "01"},
				{line: "made-in-china", imp: "COFINS", jur: "BR", taxable: "960.00", rate: "0.076", tax: "72.96", cst: "01"},
				{line: "made-in-china", imp: "CBS", jur: "BR", taxable: "871.20", rate: "0.009", tax: "7.84", cst: "000", info: true},
				{line: "import-content-over-40", imp: "IPI", jur: "BR", taxable: "1000.00", rate: "0.15", tax: "150.00", cst: "50"},
				{line: "import-content-over-40", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.04", tax: "40.00", cst: "00"},
			},
		},
		{
			// Whisky (NCM 2208.30.20) resold from SP to a non-contributor consumer in
			// Salvador, goods on Bahia's poverty-fund list (FCP_LISTA): CFOP 6108.
			//   ICMS to SP at the interstate 7%: 1,000.00 x 7% = 70.00.
			//   DIFAL to BA, single base (SEFAZ-BA's computation, difal.csv):
			//     1,000.00 x (20.5% - 7%) = 135.00; the record's base 1,000.00, rate 20.5%,
			//     effective rate 13.5%.
			//   FCP to BA on the DIFAL's base: 1,000.00 x 2% = 20.00.
			//   PIS/COFINS on the price less the ICMS, the DIFAL and the FCP the seller
			//   pays (RE 574.706; Solução de Consulta Cosit 198/2025):
			//     1,000.00 - 70.00 - 135.00 - 20.00 = 775.00: PIS 12.79 (12.7875), COFINS 58.90.
			//   CBS/IBS on 775.00 - 12.79 - 58.90 = 703.31:
			//     CBS 6.33 (6.32979), IBS (BA) 0.70 (0.70331).
			//   Taxes in the price: 70.00 + 135.00 + 20.00 + 12.79 + 58.90 = 296.69; net 703.31.
			file: "testdata/golden/sale-br-sp-to-ba-non-contributor-difal-fcp.response.json",
			sub:  "703.31", tax: "296.69", total: "1000.00",
			lines: map[string][3]string{"whisky": {"703.31", "296.69", "6108"}},
			figs: []brFig{
				{line: "whisky", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.07", tax: "70.00", cst: "00"},
				{line: "whisky", imp: "ICMS-DIFAL", jur: "BR-BA", taxable: "1000.00", rate: "0.205", tax: "135.00", cst: "00"},
				{line: "whisky", imp: "ICMS-FCP", jur: "BR-BA", taxable: "1000.00", rate: "0.02", tax: "20.00", cst: "00"},
				{line: "whisky", imp: "PIS", jur: "BR", taxable: "775.00", rate: "0.0165", tax: "12.79", cst: "01"},
				{line: "whisky", imp: "COFINS", jur: "BR", taxable: "775.00", rate: "0.076", tax: "58.90", cst: "01"},
				{line: "whisky", imp: "CBS", jur: "BR", taxable: "703.31", rate: "0.009", tax: "6.33", cst: "000", info: true},
				{line: "whisky", imp: "IBS", jur: "BR-BA", taxable: "703.31", rate: "0.001", tax: "0.70", cst: "000", info: true},
			},
		},
		{
			// A notebook (NCM 8471.30.12) resold from SP to a non-contributor consumer in
			// Cuiabá, goods on no poverty-fund list: CFOP 6108.
			//   ICMS to SP at the interstate 7%: 1,000.00 x 7% = 70.00.
			//   DIFAL to MT, single base for non-contributors (RICMS-MT art. 72, difal.csv):
			//     1,000.00 x (17% - 7%) = 100.00; the record's base 1,000.00, rate 17%.
			//   No FCP: MT has none on every good, and the goods are not on its list.
			//   PIS/COFINS on 1,000.00 - 70.00 - 100.00 (the DIFAL the seller pays,
			//   Solução de Consulta Cosit 198/2025) = 830.00: PIS 13.70 (13.695), COFINS 63.08.
			//   CBS/IBS on 830.00 - 13.70 - 63.08 = 753.22:
			//     CBS 6.78 (6.77898), IBS (MT) 0.75 (0.75322).
			//   Taxes in the price: 70.00 + 100.00 + 13.70 + 63.08 = 246.78; net 753.22.
			file: "testdata/golden/sale-br-sp-to-mt-non-contributor-difal.response.json",
			sub:  "753.22", tax: "246.78", total: "1000.00",
			lines: map[string][3]string{"home-notebook": {"753.22", "246.78", "6108"}},
			figs: []brFig{
				{line: "home-notebook", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.07", tax: "70.00", cst: "00"},
				{line: "home-notebook", imp: "ICMS-DIFAL", jur: "BR-MT", taxable: "1000.00", rate: "0.17", tax: "100.00", cst: "00"},
				{line: "home-notebook", imp: "ICMS-FCP", jur: "BR-MT", noRecord: true},
				{line: "home-notebook", imp: "PIS", jur: "BR", taxable: "830.00", rate: "0.0165", tax: "13.70", cst: "01"},
				{line: "home-notebook", imp: "COFINS", jur: "BR", taxable: "830.00", rate: "0.076", tax: "63.08", cst: "01"},
				{line: "home-notebook", imp: "CBS", jur: "BR", taxable: "753.22", rate: "0.009", tax: "6.78", cst: "000", info: true},
				{line: "home-notebook", imp: "IBS", jur: "BR-MT", taxable: "753.22", rate: "0.001", tax: "0.75", cst: "000", info: true},
			},
		},
		{
			// The same notebook sold from SP to a non-contributor consumer in João
			// Pessoa on 2021-06-01, when PB computed the DIFAL of every final
			// consumer on the double base (Lei 11.470/2019, from 2020-01-01; from
			// 2022-05-31 art. 13 XI-A's one base with PB's rate inside gives the
			// same DIFAL; difal.csv): CFOP 6108.
			//   ICMS to SP at the interstate 7%: 1,000.00 x 7% = 70.00.
			//   DIFAL to PB, double base, PB's 18% (Lei 10.507/2015, icms-history.csv):
			//     base (1,000.00 - 70.00) / (1 - 18%) = 930.00 / 0.82 = 1,134.146 -> 1,134.15;
			//     1,134.15 x 18% = 204.147 -> 204.15; less the origin's 70.00 = 134.15
			//     (the single base would give 1,000.00 x 11% = 110.00).
			//   No FCP: PB's FUNCEP is on listed goods only, and notebooks are not listed.
			//   PIS/COFINS on 1,000.00 - 70.00 - 134.15 (the DIFAL the seller pays,
			//   Solução de Consulta Cosit 198/2025) = 795.85: PIS 13.13 (13.1315), COFINS 60.48 (60.4846).
			//   No CBS or IBS in 2021.
			//   Taxes in the price: 70.00 + 134.15 + 13.13 + 60.48 = 277.76; net 722.24.
			file: "testdata/golden/sale-br-sp-to-pb-non-contributor-difal-double.response.json",
			sub:  "722.24", tax: "277.76", total: "1000.00",
			lines: map[string][3]string{"home-notebook": {"722.24", "277.76", "6108"}},
			figs: []brFig{
				{line: "home-notebook", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.07", tax: "70.00", cst: "00"},
				{line: "home-notebook", imp: "ICMS-DIFAL", jur: "BR-PB", taxable: "1134.15", rate: "0.18", tax: "134.15", cst: "00"},
				{line: "home-notebook", imp: "ICMS-FCP", jur: "BR-PB", noRecord: true},
				{line: "home-notebook", imp: "PIS", jur: "BR", taxable: "795.85", rate: "0.0165", tax: "13.13", cst: "01"},
				{line: "home-notebook", imp: "COFINS", jur: "BR", taxable: "795.85", rate: "0.076", tax: "60.48", cst: "01"},
				{line: "home-notebook", imp: "CBS", jur: "BR", noRecord: true},
				{line: "home-notebook", imp: "IBS", jur: "BR-PB", noRecord: true},
			},
		},
		{
			// The same notebook sold from SP to a non-contributor consumer in Rio
			// de Janeiro on 2025-06-01. RJ computes the DIFAL of a document issued
			// at the interstate rate by the double base (SEFAZ-RJ's DIFAL FAQ,
			// difal.csv, from 2022-04-01): CFOP 6108.
			//   ICMS to SP at the interstate 12% (SP to RJ): 1,000.00 x 12% = 120.00.
			//   RJ's 20% (Lei 10.253/2023, from 2024-03-20) and FECP 2% (LC 210/2023),
			//   the FECP inside the gross-up as the FAQ's "ALQ interna" holds it:
			//     base (1,000.00 - 120.00) / (1 - 20% - 2%) = 880.00 / 0.78 = 1,128.205 -> 1,128.21;
			//     DIFAL 1,128.21 x 20% = 225.642 -> 225.64, less the origin's 120.00 = 105.64;
			//     FECP 1,128.21 x 2% = 22.5642 -> 22.56
			//     (the FAQ's formula with 22%: 1,128.205 x 22% - 120.00 = 128.21, the two above
			//     128.20 by their rounding; the single base would give 1,000.00 x 8% = 80.00 and 20.00).
			//   PIS/COFINS on 1,000.00 - 120.00 - 105.64 - 22.56 (the DIFAL and FECP the
			//   seller pays, Solução de Consulta Cosit 198/2025) = 751.80:
			//     PIS 12.40 (12.4047), COFINS 57.14 (57.1368).
			//   No CBS or IBS in 2025.
			//   Taxes in the price: 120.00 + 105.64 + 22.56 + 12.40 + 57.14 = 317.74; net 682.26.
			file: "testdata/golden/sale-br-sp-to-rj-non-contributor-difal-double.response.json",
			sub:  "682.26", tax: "317.74", total: "1000.00",
			lines: map[string][3]string{"home-notebook": {"682.26", "317.74", "6108"}},
			figs: []brFig{
				{line: "home-notebook", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.12", tax: "120.00", cst: "00"},
				{line: "home-notebook", imp: "ICMS-DIFAL", jur: "BR-RJ", taxable: "1128.21", rate: "0.2", tax: "105.64", cst: "00"},
				{line: "home-notebook", imp: "ICMS-FCP", jur: "BR-RJ", taxable: "1128.21", rate: "0.02", tax: "22.56", cst: "00"},
				{line: "home-notebook", imp: "PIS", jur: "BR", taxable: "751.80", rate: "0.0165", tax: "12.40", cst: "01"},
				{line: "home-notebook", imp: "COFINS", jur: "BR", taxable: "751.80", rate: "0.076", tax: "57.14", cst: "01"},
				{line: "home-notebook", imp: "CBS", jur: "BR", noRecord: true},
				{line: "home-notebook", imp: "IBS", jur: "BR-RJ", noRecord: true},
			},
		},
		{
			// A worked example published by Tributei (tributei.net, "O que é o DIFAL,
			// como calcular": a producer in PR sells to a non-contributor in MG, the
			// single base, MG's FCP 2%): product 1,000.00, freight 20.00 and other
			// charges 15.00 (sent together as freight), discount 30.00, IPI 200.00
			// (sent as a rate override, 1,005.00 x 19.9005% = 199.999 -> 200.00),
			// interstate 12%, MG 18%, FCP 2% (the goods on MG's list: FCP_LISTA). CFOP 6107.
			//   ICMS base 1,000.00 + 20.00 + 15.00 - 30.00 + 200.00 = 1,205.00 (the example's);
			//   ICMS to PR: 1,205.00 x 12% = 144.60.
			//   DIFAL to MG, single base (MG's non-contributor base is not checked, and the
			//     example uses the single base): 1,205.00 x (18% - 12%) = 72.30.
			//   FCP to MG: 1,205.00 x 2% = 24.10 (the example's formula).
			//   IPI on 1,005.00 (price less discount, with freight and charges) = 200.00, added.
			//   PIS/COFINS on 1,005.00 - 144.60 - 72.30 - 24.10 = 764.00 (RE 574.706 for the
			//     ICMS; Solução de Consulta Cosit 198/2025 for the DIFAL and FCP the seller pays):
			//     PIS 12.61 (12.606), COFINS 58.06 (58.064).
			//   CBS/IBS on 764.00 - 12.61 - 58.06 = 693.33: CBS 6.24 (6.23997), IBS (MG) 0.69 (0.69333).
			//   Taxes in the price 144.60 + 72.30 + 24.10 + 12.61 + 58.06 = 311.67; net 970.00 - 311.67
			//   = 658.33; taxes 311.67 + IPI 200.00 = 511.67; total 658.33 + 35.00 + 511.67 = 1,205.00.
			file: "testdata/golden/sale-br-pr-to-mg-non-contributor-difal-fcp.response.json",
			sub:  "693.33", tax: "511.67", total: "1205.00",
			lines: map[string][3]string{"mg-consumer": {"658.33", "511.67", "6107"}},
			figs: []brFig{
				{line: "mg-consumer", imp: "IPI", jur: "BR", taxable: "1005.00", rate: "0.199005", tax: "200.00", cst: "50"},
				{line: "mg-consumer", imp: "ICMS", jur: "BR-PR", taxable: "1205.00", rate: "0.12", tax: "144.60", cst: "00"},
				{line: "mg-consumer", imp: "ICMS-DIFAL", jur: "BR-MG", taxable: "1205.00", rate: "0.18", tax: "72.30", cst: "00"},
				{line: "mg-consumer", imp: "ICMS-FCP", jur: "BR-MG", taxable: "1205.00", rate: "0.02", tax: "24.10", cst: "00"},
				{line: "mg-consumer", imp: "PIS", jur: "BR", taxable: "764.00", rate: "0.0165", tax: "12.61", cst: "01"},
				{line: "mg-consumer", imp: "COFINS", jur: "BR", taxable: "764.00", rate: "0.076", tax: "58.06", cst: "01"},
				{line: "mg-consumer", imp: "CBS", jur: "BR", taxable: "693.33", rate: "0.009", tax: "6.24", cst: "000", info: true},
				{line: "mg-consumer", imp: "IBS", jur: "BR-MG", taxable: "693.33", rate: "0.001", tax: "0.69", cst: "000", info: true},
			},
			params: map[string][]string{"mg-consumer": {brDIFALNotChecked}},
		},
		{
			// SEFAZ-CE's worked example (Norma de Execução SEFAZ-CE 4/2024, DOE-CE
			// 2024-09-30; difal.csv): 1,000.00 from SP at 7% to a non-contributor in CE,
			// CE's 20%, "base única e imposto por dentro": 1,000.00 / 0.80 = 1,250.00,
			// DIFAL 1,250.00 x 13% = 162.50. CFOP 6108. Document of 2025-06-01.
			//   ICMS to SP: 1,000.00 x 7% = 70.00.
			//   DIFAL to CE, double base: (1,000.00 - 70.00) / (1 - 20%) = 1,162.50;
			//     1,162.50 x 20% = 232.50; less 70.00 = 162.50, the example's figure.
			//   No FCP: CE's FECOP is on listed goods only.
			//   PIS/COFINS on 1,000.00 - 70.00 - 162.50 = 767.50 (Solução de Consulta
			//     Cosit 198/2025): PIS 12.66 (12.66375), COFINS 58.33.
			//   No CBS or IBS in 2025. Taxes 70.00 + 162.50 + 12.66 + 58.33 = 303.49; net 696.51.
			file: "testdata/golden/sale-br-sp-to-ce-non-contributor-difal.response.json",
			sub:  "696.51", tax: "303.49", total: "1000.00",
			lines: map[string][3]string{"ce-consumer": {"696.51", "303.49", "6108"}},
			figs: []brFig{
				{line: "ce-consumer", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.07", tax: "70.00", cst: "00"},
				{line: "ce-consumer", imp: "ICMS-DIFAL", jur: "BR-CE", taxable: "1162.50", rate: "0.2", tax: "162.50", cst: "00"},
				{line: "ce-consumer", imp: "ICMS-FCP", jur: "BR-CE", noRecord: true},
				{line: "ce-consumer", imp: "PIS", jur: "BR", taxable: "767.50", rate: "0.0165", tax: "12.66", cst: "01"},
				{line: "ce-consumer", imp: "COFINS", jur: "BR", taxable: "767.50", rate: "0.076", tax: "58.33", cst: "01"},
			},
		},
		{
			// An industrial seller in Jundiaí (SP) sells its own notebooks (NCM
			// 8471.30.12, TIPI 15%) in São Paulo: CFOP 5101.
			//   To a contributor, 2,000.00 with 100.00 of freight:
			//     IPI on 2,100.00 = 315.00, added to the price;
			//     ICMS on 2,100.00 (the IPI outside: the buyer resells) = 378.00;
			//     PIS/COFINS on 2,100.00 - 378.00 = 1,722.00: PIS 28.41 (28.413), COFINS 130.87 (130.872);
			//     CBS/IBS on 2,100.00 - 378.00 - 28.41 - 130.87 = 1,562.72: CBS 14.06, IBS 1.56.
			//     Net 2,000.00 - 378.00 - 28.41 - 130.87 = 1,462.72; taxes 852.28;
			//     the line totals 1,462.72 + 100.00 + 852.28 = 2,415.00 = 2,100.00 + IPI.
			//   To a non-contributor consumer, 1,000.00:
			//     IPI 150.00; ICMS on 1,000.00 + 150.00 (the IPI inside, LC 87/1996 art. 13 § 2) = 207.00;
			//     PIS/COFINS on 1,000.00 - 207.00 = 793.00: PIS 13.08 (13.0845), COFINS 60.27 (60.268);
			//     CBS/IBS on 1,000.00 - 207.00 - 13.08 - 60.27 = 719.65: CBS 6.48 (6.47685), IBS 0.72 (0.71965).
			//     Net 719.65; taxes 430.35; the line totals 1,150.00.
			//   Document: net 1,462.72 + 719.65 + freight 100.00 = 2,282.37; taxes 1,282.63; total 3,565.00.
			file: "testdata/golden/sale-br-industrial-ipi.response.json",
			sub:  "2282.37", tax: "1282.63", total: "3565.00",
			lines: map[string][3]string{"to-contributor": {"1462.72", "852.28", "5101"}, "to-consumer": {"719.65", "430.35", "5101"}},
			figs: []brFig{
				{line: "to-contributor", imp: "IPI", jur: "BR", taxable: "2100.00", rate: "0.15", tax: "315.00", cst: "50"},
				{line: "to-contributor", imp: "ICMS", jur: "BR-SP", taxable: "2100.00", rate: "0.18", tax: "378.00", cst: "00"},
				{line: "to-contributor", imp: "PIS", jur: "BR", taxable: "1722.00", rate: "0.0165", tax: "28.41", cst: "01"},
				{line: "to-contributor", imp: "COFINS", jur: "BR", taxable: "1722.00", rate: "0.076", tax: "130.87", cst: "01"},
				{line: "to-contributor", imp: "CBS", jur: "BR", taxable: "1562.72", rate: "0.009", tax: "14.06", cst: "000", info: true},
				{line: "to-consumer", imp: "IPI", jur: "BR", taxable: "1000.00", rate: "0.15", tax: "150.00", cst: "50"},
				{line: "to-consumer", imp: "ICMS", jur: "BR-SP", taxable: "1150.00", rate: "0.18", tax: "207.00", cst: "00"},
				{line: "to-consumer", imp: "PIS", jur: "BR", taxable: "793.00", rate: "0.0165", tax: "13.08", cst: "01"},
				{line: "to-consumer", imp: "COFINS", jur: "BR", taxable: "793.00", rate: "0.076", tax: "60.27", cst: "01"},
				{line: "to-consumer", imp: "CBS", jur: "BR", taxable: "719.65", rate: "0.009", tax: "6.48", cst: "000", info: true},
			},
		},
		{
			// Perfume (NCM 3303.00.10, single-stage group 202, Lei 10.147/2000: 2.2% and
			// 10.3% at the producer or importer) sold within SP to a contributor.
			//   Resold: ICMS 18% of 500.00 = 90.00; PIS and COFINS at 0% (CST 04) on 410.00;
			//     CBS/IBS on 500.00 - 90.00 = 410.00: CBS 3.69, IBS 0.41. CFOP 5102.
			//   By its producer: IPI 27.3% of 500.00 = 136.50; ICMS 90.00;
			//     PIS 2.2% and COFINS 10.3% of 410.00 = 9.02 and 42.23 (CST 02);
			//     CBS/IBS on 500.00 - 90.00 - 9.02 - 42.23 = 358.75: CBS 3.23 (3.22875), IBS 0.36. CFOP 5101.
			file: "testdata/golden/sale-br-single-stage-resale.response.json",
			sub:  "768.75", tax: "367.75", total: "1136.50",
			lines: map[string][3]string{"perfume-resale": {"410.00", "90.00", "5102"}, "perfume-producer": {"358.75", "277.75", "5101"}},
			figs: []brFig{
				{line: "perfume-resale", imp: "ICMS", jur: "BR-SP", taxable: "500.00", rate: "0.18", tax: "90.00", cst: "00"},
				{line: "perfume-resale", imp: "PIS", jur: "BR", taxable: "410.00", rate: "0", tax: "0.00", cst: "04"},
				{line: "perfume-resale", imp: "COFINS", jur: "BR", taxable: "410.00", rate: "0", tax: "0.00", cst: "04"},
				{line: "perfume-resale", imp: "CBS", jur: "BR", taxable: "410.00", rate: "0.009", tax: "3.69", cst: "000", info: true},
				{line: "perfume-producer", imp: "IPI", jur: "BR", taxable: "500.00", rate: "0.273", tax: "136.50", cst: "50"},
				{line: "perfume-producer", imp: "PIS", jur: "BR", taxable: "410.00", rate: "0.022", tax: "9.02", cst: "02"},
				{line: "perfume-producer", imp: "COFINS", jur: "BR", taxable: "410.00", rate: "0.103", tax: "42.23", cst: "02"},
				{line: "perfume-producer", imp: "CBS", jur: "BR", taxable: "358.75", rate: "0.009", tax: "3.23", cst: "000", info: true},
			},
		},
		{
			// A software licence (LC 116 item 1.05) from São Paulo to a contributor in
			// São Paulo, with no ISS rate loaded for the municipality: no ISS record, and
			// the line says so (br-iss-rate-unknown). CFOP 5933.
			//   PIS/COFINS on the price (the ISS is not excluded): 16.50 and 76.00.
			//   CBS/IBS on 1,000.00 - 16.50 - 76.00 = 907.50: CBS 8.17 (8.1675), IBS 0.91 (0.9075).
			file: "testdata/golden/sale-br-iss-service-without-rate.response.json",
			sub:  "907.50", tax: "92.50", total: "1000.00",
			lines: map[string][3]string{"software-licence": {"907.50", "92.50", "5933"}},
			figs: []brFig{
				{line: "software-licence", imp: "ISS", jur: "BR-3550308", noRecord: true},
				{line: "software-licence", imp: "PIS", jur: "BR", taxable: "1000.00", rate: "0.0165", tax: "16.50", cst: "01"},
				{line: "software-licence", imp: "COFINS", jur: "BR", taxable: "1000.00", rate: "0.076", tax: "76.00", cst: "01"},
				{line: "software-licence", imp: "CBS", jur: "BR", taxable: "907.50", rate: "0.009", tax: "8.17", cst: "000", info: true},
			},
			params: map[string][]string{"software-licence": {BrazilISSRateUnknown}},
		},
		{
			// The same service with the tenant's rate of 5% for item 1.05 in São Paulo
			// loaded (testdata/golden-content/br-iss-tenant.csv, an illustrative row):
			//   ISS = 1,000.00 x 5% = 50.00, in the price (cListServ 01.05);
			//   PIS/COFINS on 1,000.00: 16.50 and 76.00;
			//   CBS/IBS on 1,000.00 - 50.00 - 16.50 - 76.00 = 857.50: CBS 7.72 (7.7175), IBS 0.86 (0.8575).
			//   Taxes 142.50; net 857.50.
			file: "testdata/golden-content/sale-br-iss-service-loaded-rate.response.json",
			sub:  "857.50", tax: "142.50", total: "1000.00",
			lines: map[string][3]string{"software-licence": {"857.50", "142.50", "5933"}},
			figs: []brFig{
				{line: "software-licence", imp: "ISS", jur: "BR-3550308", taxable: "1000.00", rate: "0.05", tax: "50.00", cst: "01.05"},
				{line: "software-licence", imp: "PIS", jur: "BR", taxable: "1000.00", rate: "0.0165", tax: "16.50", cst: "01"},
				{line: "software-licence", imp: "CBS", jur: "BR", taxable: "857.50", rate: "0.009", tax: "7.72", cst: "000", info: true},
				{line: "software-licence", imp: "IBS", jur: "BR-SP", taxable: "857.50", rate: "0.001", tax: "0.86", cst: "000", info: true},
			},
		},
		{
			// A Simples Nacional seller in Campinas: its ICMS, PIS and COFINS are paid in
			// the DAS, none on the invoice (CSOSN 102; PIS/COFINS CST 49); it is outside
			// the CBS and IBS of 2026 (LC 214/2025 art. 348); to a consumer in BA it owes
			// no DIFAL (STF, ADI 5464). Taxes 0; total 2,000.00.
			file: "testdata/golden/sale-br-simples-nacional.response.json",
			sub:  "2000.00", tax: "0.00", total: "2000.00",
			lines: map[string][3]string{"within-sp": {"1000.00", "0.00", "5102"}, "to-consumer-in-ba": {"1000.00", "0.00", "6108"}},
			figs: []brFig{
				{line: "within-sp", imp: "ICMS", jur: "BR-SP", taxable: "0.00", tax: "0.00", cst: "102", result: "NO_TAX"},
				{line: "within-sp", imp: "PIS", jur: "BR", taxable: "0.00", tax: "0.00", cst: "49", result: "NO_TAX"},
				{line: "within-sp", imp: "CBS", jur: "BR", taxable: "0.00", tax: "0.00", result: "NONTAXABLE", info: true},
				{line: "to-consumer-in-ba", imp: "ICMS-DIFAL", jur: "BR-BA", noRecord: true},
			},
		},
		{
			// A 2027 document: an industrial seller's notebook within SP to a contributor.
			//   IPI: zero from 2027 (EC 132/2023): 0.00, CST 51; the line notes the goods of
			//     the Zona Franca de Manaus, which keep their rate.
			//   ICMS 18% of 1,000.00 = 180.00 (still in force until 2028 at full rate).
			//   No PIS and no COFINS (extinct from 2027).
			//   CBS 8.4% (provisional, noted) on 1,000.00 - 180.00 = 820.00 = 68.88, charged;
			//   IBS 0.05% (SP) and 0.05% (Campinas) on 820.00 = 0.41 each, charged.
			//   Taxes 180.00 + 68.88 + 0.41 + 0.41 = 249.70; net 820.00; total 1,069.70
			//   (the CBS and IBS are added to the price).
			file: "testdata/golden/sale-br-2027-document.response.json",
			sub:  "820.00", tax: "249.70", total: "1069.70",
			lines: map[string][3]string{"notebook-2027": {"820.00", "249.70", "5101"}},
			figs: []brFig{
				{line: "notebook-2027", imp: "IPI", jur: "BR", taxable: "1000.00", rate: "0", tax: "0.00", cst: "51"},
				{line: "notebook-2027", imp: "ICMS", jur: "BR-SP", taxable: "1000.00", rate: "0.18", tax: "180.00", cst: "00"},
				{line: "notebook-2027", imp: "PIS", jur: "BR", noRecord: true},
				{line: "notebook-2027", imp: "CBS", jur: "BR", taxable: "820.00", rate: "0.084", tax: "68.88", cst: "000"},
				{line: "notebook-2027", imp: "IBS", jur: "BR-SP", taxable: "820.00", rate: "0.0005", tax: "0.41", cst: "000"},
				{line: "notebook-2027", imp: "IBS", jur: "BR-3509502", taxable: "820.00", rate: "0.0005", tax: "0.41", cst: "000"},
			},
			params: map[string][]string{"notebook-2027": {brProvisionalRate, brIPIZonaFranca, TaxNotComputedRule}},
		},
		{
			// The buyer in Salvador (a contributor buying for its own use) checks the
			// invoice of a producer in Jundiaí (SP) for a notebook of 1,000.00:
			//   IPI 15% = 150.00; the buyer a final consumer, so the ICMS base holds it:
			//   ICMS 7% of 1,150.00 = 80.50. The vendor charged 288.00 (ICMS at 12%, 138.00,
			//   and the IPI): variance 288.00 - (80.50 + 150.00) = 57.50.
			//   The buyer's own DIFAL to BA, double base for contributors (Lei 14.415/2021):
			//     (1,150.00 - 80.50) / (1 - 20.5%) = 1,345.2830... -> 1,345.28;
			//     1,345.28 x 20.5% = 275.78 (275.7824); less 80.50 = 195.28, the buyer's.
			//   PIS/COFINS of the vendor on 1,000.00 - 80.50 = 919.50: 15.17 and 69.88.
			//   CBS/IBS on 1,000.00 - 80.50 - 15.17 - 69.88 = 834.45: CBS 7.51, IBS (BA) 0.83.
			//   Taxes 150.00 + 80.50 + 195.28 + 15.17 + 69.88 = 510.83; net 834.45;
			//   total 1,345.28 = 1,000.00 + IPI 150.00 + DIFAL 195.28.
			file: "testdata/golden/purchase-br-invoice-verification.response.json",
			sub:  "834.45", tax: "510.83", total: "1345.28", variance: "57.50",
			lines: map[string][3]string{"office-notebook": {"834.45", "510.83", "6101"}},
			figs: []brFig{
				{line: "office-notebook", imp: "IPI", jur: "BR", taxable: "1000.00", rate: "0.15", tax: "150.00", cst: "50"},
				{line: "office-notebook", imp: "ICMS", jur: "BR-SP", taxable: "1150.00", rate: "0.07", tax: "80.50", cst: "00"},
				{line: "office-notebook", imp: "ICMS-DIFAL", jur: "BR-BA", taxable: "1345.28", rate: "0.205", tax: "195.28", cst: "00", buyer: true},
				{line: "office-notebook", imp: "PIS", jur: "BR", taxable: "919.50", rate: "0.0165", tax: "15.17", cst: "01"},
				{line: "office-notebook", imp: "CBS", jur: "BR", taxable: "834.45", rate: "0.009", tax: "7.51", cst: "000", info: true},
			},
		},
		{
			// The same purchase accrued: the vendor's taxes are shown for information, and
			// the buyer accrues its DIFAL of 195.28 alone; the vendor charged 230.50, its
			// ICMS and IPI exactly: variance 0.00. Total 1,000.00 + 195.28 = 1,195.28.
			file: "testdata/golden/purchase-br-accrual.response.json",
			sub:  "1000.00", tax: "195.28", total: "1195.28",
			lines: map[string][3]string{"office-notebook": {"1000.00", "195.28", "6101"}},
			figs: []brFig{
				{line: "office-notebook", imp: "ICMS", jur: "BR-SP", taxable: "1150.00", rate: "0.07", tax: "80.50", cst: "00", info: true},
				{line: "office-notebook", imp: "IPI", jur: "BR", taxable: "1000.00", rate: "0.15", tax: "150.00", cst: "50", info: true},
				{line: "office-notebook", imp: "ICMS-DIFAL", jur: "BR-BA", taxable: "1345.28", rate: "0.205", tax: "195.28", cst: "00", buyer: true},
			},
		},
		{
			// The same notebook accrued by a contributor in Campo Grande (MS) buying it
			// for its own use: IPI 15% = 150.00, ICMS 7% of 1,150.00 = 80.50 (the vendor
			// charged 230.50, both exactly).
			//   The buyer's own DIFAL to MS, double base for contributors from 2023-04-01
			//   (Lei 1.810/1997 art. 32 par. 3; Instrução Normativa SAT 4/2023, difal.csv):
			//     (1,150.00 - 80.50) / (1 - 17%) = 1,069.50 / 0.83 = 1,288.5542... -> 1,288.55;
			//     1,288.55 x 17% = 219.05 (219.0535); less 80.50 = 138.55, the buyer's.
			//     (The instruction's own formula gives the same: 1,150.00 x 93% / 83% x 17%
			//     - 1,150.00 x 7% = 219.0542... - 80.50 = 138.55.)
			//   Total 1,000.00 + 138.55 = 1,138.55; the vendor's taxes for information.
			file: "testdata/golden/purchase-br-ms-contributor-difal.response.json",
			sub:  "1000.00", tax: "138.55", total: "1138.55",
			lines: map[string][3]string{"office-notebook": {"1000.00", "138.55", "6101"}},
			figs: []brFig{
				{line: "office-notebook", imp: "IPI", jur: "BR", taxable: "1000.00", rate: "0.15", tax: "150.00", cst: "50", info: true},
				{line: "office-notebook", imp: "ICMS", jur: "BR-SP", taxable: "1150.00", rate: "0.07", tax: "80.50", cst: "00", info: true},
				{line: "office-notebook", imp: "ICMS-DIFAL", jur: "BR-MS", taxable: "1288.55", rate: "0.17", tax: "138.55", cst: "00", buyer: true},
			},
		},
		{
			// A São Paulo manufacturer ships 1,000.00 of its own notebooks to a
			// customer in Buenos Aires: an export, CFOP 7101.
			//   ICMS: exports are immune (CF art. 155 § 2 X a; LC 87/1996 art. 3 II):
			//     NONTAXABLE, CST 41, base and tax 0.00.
			//   IPI: immune on exported products (CF art. 153 § 3 III): CST 54, 0.00.
			//   PIS and COFINS: no levy on export revenue (Lei 10.637/2002 art. 5 I,
			//     Lei 10.833/2003 art. 6 I): CST 08, 0.00 each.
			//   CBS and IBS: immune exports, CST 410, information only in 2026.
			//   Nothing in the price: net 1,000.00, total 1,000.00.
			file: "testdata/golden/sale-br-export.response.json",
			sub:  "1000.00", tax: "0.00", total: "1000.00",
			lines: map[string][3]string{"export": {"1000.00", "0.00", "7101"}},
			figs: []brFig{
				{line: "export", imp: "ICMS", jur: "BR-SP", taxable: "0.00", tax: "0.00", cst: "41", result: "NONTAXABLE"},
				{line: "export", imp: "IPI", jur: "BR", taxable: "0.00", tax: "0.00", cst: "54", result: "NONTAXABLE"},
				{line: "export", imp: "PIS", jur: "BR", taxable: "0.00", tax: "0.00", cst: "08", result: "NONTAXABLE"},
				{line: "export", imp: "COFINS", jur: "BR", taxable: "0.00", tax: "0.00", cst: "08", result: "NONTAXABLE"},
				{line: "export", imp: "CBS", jur: "BR", taxable: "0.00", tax: "0.00", cst: "410", result: "NONTAXABLE", info: true},
				{line: "export", imp: "IBS", jur: "BR", taxable: "0.00", tax: "0.00", cst: "410", result: "NONTAXABLE", info: true},
			},
		},
		{
			// The same company moves a server of its fixed assets (net book value
			// 12,000.00) from São Paulo to its establishment in Rio de Janeiro:
			// CFOP 6552. A transfer between establishments of one owner bears no
			// ICMS (STF ADC 49; LC 204/2023): NONTAXABLE, CST 41, 0.00; no other
			// tax reaches the movement. Total 12,000.00, the book value.
			file: "testdata/golden/owner-br-asset-movement.response.json",
			sub:  "12000.00", tax: "0.00", total: "12000.00",
			lines: map[string][3]string{"server": {"12000.00", "0.00", "6552"}},
			figs: []brFig{
				{line: "server", imp: "ICMS", jur: "BR-SP", taxable: "0.00", tax: "0.00", cst: "41", result: "NONTAXABLE"},
				{line: "server", imp: "IPI", jur: "BR", noRecord: true},
				{line: "server", imp: "PIS", jur: "BR", noRecord: true},
			},
		},
	}
	// docs/brazil.md says every Brazilian golden file has its figures
	// computed here: a golden response without a case is a fault.
	golden, err := filepath.Glob("testdata/golden/*-br-*.response.json")
	if err != nil || len(golden) == 0 {
		t.Fatalf("the Brazilian golden responses: %v, %v", golden, err)
	}
	for _, g := range golden {
		if !slices.ContainsFunc(docs, func(d doc) bool { return filepath.Clean(d.file) == g }) {
			t.Errorf("%s has no figures computed by hand in TestBrazilGoldenFigures", g)
		}
	}
	for _, d := range docs {
		t.Run(filepath.Base(d.file), func(t *testing.T) {
			r := readGolden(t, d.file)
			if r.SubTotal != d.sub || r.TotalTax != d.tax || r.Total != d.total {
				t.Errorf("subTotal %s totalTax %s total %s, want %s %s %s", r.SubTotal, r.TotalTax, r.Total, d.sub, d.tax, d.total)
			}
			if d.variance != "" && r.Variance != d.variance {
				t.Errorf("variance %s, want %s", r.Variance, d.variance)
			}
			for _, l := range r.LineItems {
				want, ok := d.lines[l.LineItemID]
				if !ok {
					continue
				}
				cfop, _ := brParam(l.AssistedParameters, BrazilCFOPRule)
				if l.ExtendedPrice != want[0] || l.TotalTax != want[1] || !strings.HasPrefix(cfop, want[2]+" ") {
					t.Errorf("line %s: extendedPrice %s totalTax %s CFOP %q, want %s %s %s", l.LineItemID, l.ExtendedPrice, l.TotalTax, cfop, want[0], want[1], want[2])
				}
				for _, rule := range d.params[l.LineItemID] {
					if _, ok := brParam(l.AssistedParameters, rule); !ok {
						t.Errorf("line %s: no assisted parameter %s", l.LineItemID, rule)
					}
				}
			}
			for _, f := range d.figs {
				var taxes []wire.Tax
				for _, l := range r.LineItems {
					if l.LineItemID == f.line {
						taxes = l.Taxes
					}
				}
				x := brTaxOf(taxes, f.imp, f.jur)
				switch {
				case f.noRecord && x != nil:
					t.Errorf("%s: a %s record in %s, want none", f.line, f.imp, f.jur)
					continue
				case f.noRecord:
					continue
				case x == nil:
					t.Errorf("%s: no %s record in %s", f.line, f.imp, f.jur)
					continue
				}
				result := "TAXABLE"
				if f.result != "" {
					result = f.result
				}
				if x.Taxable.String() != f.taxable || x.CalculatedTax.String() != f.tax || x.TaxCode != f.cst || string(x.TaxResult) != result {
					t.Errorf("%s %s %s: taxable %s tax %s CST %q %s, want %s %s %q %s", f.line, f.imp, f.jur, x.Taxable, x.CalculatedTax, x.TaxCode, x.TaxResult,
						f.taxable, f.tax, f.cst, result)
				}
				if f.rate != "" && (x.NominalRate == nil || x.NominalRate.String() != f.rate) {
					t.Errorf("%s %s %s: rate %v, want %s", f.line, f.imp, f.jur, x.NominalRate, f.rate)
				}
				if info := x.ImpositionType != nil && x.ImpositionType.InformationOnly; info != f.info {
					t.Errorf("%s %s %s: information only %v, want %v", f.line, f.imp, f.jur, info, f.info)
				}
				if buyer := x.TaxCollectedFromParty == wire.TaxCollectedFromBuyer; buyer != f.buyer {
					t.Errorf("%s %s %s: collected from %s", f.line, f.imp, f.jur, x.TaxCollectedFromParty)
				}
			}
		})
	}
}
