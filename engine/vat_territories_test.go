package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// Places of the VAT special territory tests.
var (
	vtParis         = &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	vtFortDeFrance  = &wire.Location{City: "Fort-de-France", PostalCode: "97200", Country: "FR"}
	vtPointeAPitre  = &wire.Location{City: "Pointe-à-Pitre", PostalCode: "97110", Country: "FR"}
	vtWien          = &wire.Location{City: "Wien", PostalCode: "1010", Country: "AT"}
	vtJungholz      = &wire.Location{City: "Jungholz", PostalCode: "6691", Country: "AT"}
	vtBusingen      = &wire.Location{City: "Büsingen", PostalCode: "78266", Country: "DE"}
	vtHelgoland     = &wire.Location{City: "Helgoland", PostalCode: "27498", Country: "DE"}
	vtMadrid        = &wire.Location{City: "Madrid", PostalCode: "28001", Country: "ES"}
	vtLasPalmas     = &wire.Location{City: "Las Palmas de Gran Canaria", PostalCode: "35001", Country: "ES"}
	vtLisboa        = &wire.Location{City: "Lisboa", PostalCode: "1100-148", Country: "PT"}
	vtFunchal       = &wire.Location{City: "Funchal", PostalCode: "9000-060", Country: "PT"}
	vtUnionSchemeDE = []wire.TaxRegistration{deNumber, deUnion}
)

// TestVATTerritories: the VAT special territories of the dataset's
// postcode exceptions, through e.Sale, 100.00 of goods on 2026-06-01.
// Before, a place in one was charged its country's VAT and the
// territory's rate on top (Paris to Fort-de-France 20% + 8.5% = 28.50,
// Vienna to Jungholz 20% + 19% = 39.00, Munich to Büsingen or Heligoland
// 19% and a 0% record, Madrid to Las Palmas 21% and a 0% record), and
// Portuguese postcodes (NNNN-NNN) never matched Madeira's pattern. Now:
//
//   - Martinique, Guadeloupe and La Réunion are outside the EU's VAT area
//     with France's VAT at 8.5% (General Tax Code, articles 294 and 296):
//     goods from Paris are exported (zero-rated, the import VAT is
//     collected at the border), a sale within Martinique bears 8.5% =
//     8.50, goods from Martinique to Paris are exported from Martinique,
//     and Guadeloupe to Martinique is no export (same area) and bears
//     Guadeloupe's 8.5%, where the goods leave;
//   - Jungholz has Austria's VAT at 19% for supplies made there (UStG
//     § 10): within Jungholz 19.00; goods sent from Vienna are supplied in
//     Vienna at 20% = 20.00; food keeps Austria's 10% = 10.00;
//   - Büsingen is in Switzerland's VAT area (taxarea gives it Switzerland's
//     area) and Heligoland is outside any VAT: goods from Munich are
//     exported, zero-rated; within Büsingen Switzerland's 8.1% = 8.10;
//   - the Canary Islands levy the IGIC, not VAT (VAT Directive, article
//     6): goods from Madrid are exported, within Las Palmas no VAT and the
//     line says that the IGIC is not computed, goods from Las Palmas to
//     Madrid are imported (the VAT is collected at the border), and a
//     German seller's sale to a Canarian consumer is an export from
//     Germany, whatever its Union scheme registration (no OSS, no
//     distance-sales threshold);
//   - Madeira has Portugal's VAT at 22% (VAT Code, article 18(3)):
//     Funchal's 9000-060 now matches; within Funchal 22.00, Funchal to
//     Lisbon 22.00 (the goods leave Madeira), Lisbon to Funchal 23.00 (the
//     goods leave the mainland: Decree-Law 347/85, article 1, with article
//     6 of the VAT Code), and services to a business in Funchal 22.00
//     (where the business is established);
//   - a sale of electronic services to a consumer in the Canary Islands
//     bears no VAT (the Union scheme does not reach it) and says that the
//     IGIC is not computed.
//
// Lisbon to Funchal gave 23.00 before as well: it stands as a guard.
func TestVATTerritories(t *testing.T) {
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithDistanceSales(fixedDistance{"BIG": {Current: decimal.NewFromInt(50000), Source: "test"}}))
	if err != nil {
		t.Fatal(err)
	}
	const today = "2026-06-01"
	none := []wire.TaxRegistration(nil)
	cases := []struct {
		name string
		req  *wire.SaleRequest
		want euOutcome
		// localTax is a part of the sentence of the line's
		// tax-not-computed parameter ("" when it has none).
		localTax string
	}{
		{"Paris to Fort-de-France: an export",
			vaSale(today, vaCompany, "GENERAL", vtParis, vtFortDeFrance, false, none, none),
			euOutcome{"export-zero-rated", "FR", "0.00", "SELLER", false}, ""},
		{"within Martinique: 8.5%",
			vaSale(today, vaCompany, "GENERAL", vtFortDeFrance, vtFortDeFrance, false, none, none),
			euOutcome{"domestic-supply", "FR-972", "8.50", "SELLER", false}, ""},
		{"Fort-de-France to Paris: an export from Martinique",
			vaSale(today, vaCompany, "GENERAL", vtFortDeFrance, vtParis, false, none, none),
			euOutcome{"export-zero-rated", "FR-972", "0.00", "SELLER", false}, ""},
		{"Guadeloupe to Martinique: one area, Guadeloupe's rate",
			vaSale(today, vaCompany, "GENERAL", vtPointeAPitre, vtFortDeFrance, false, none, none),
			euOutcome{"domestic-supply", "FR-971", "8.50", "SELLER", false}, ""},
		{"Vienna to Jungholz: goods supplied in Vienna",
			vaSale(today, vaCompany, "GENERAL", vtWien, vtJungholz, false, none, none),
			euOutcome{"domestic-supply", "AT", "20.00", "SELLER", false}, ""},
		{"within Jungholz: 19%",
			vaSale(today, vaCompany, "GENERAL", vtJungholz, vtJungholz, false, none, none),
			euOutcome{"domestic-supply", "AT-X-JUNGHOLZ", "19.00", "SELLER", false}, ""},
		{"within Jungholz, food at Austria's 10%",
			vaSale(today, vaCompany, "FOOD", vtJungholz, vtJungholz, false, none, none),
			euOutcome{"at-food", "AT-X-JUNGHOLZ", "10.00", "SELLER", false}, ""},
		{"Munich to Büsingen: an export to Switzerland's VAT area",
			vaSale(today, vaCompany, "GENERAL", vaMunich, vtBusingen, false, none, none),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}, ""},
		{"within Büsingen: Switzerland's VAT",
			vaSale(today, vaCompany, "GENERAL", vtBusingen, vtBusingen, false, none, none),
			euOutcome{"domestic-supply", "CH", "8.10", "SELLER", false}, ""},
		{"Munich to Heligoland: an export",
			vaSale(today, vaCompany, "GENERAL", vaMunich, vtHelgoland, false, none, none),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}, ""},
		{"Madrid to Las Palmas: an export",
			vaSale(today, vaCompany, "GENERAL", vtMadrid, vtLasPalmas, false, none, none),
			euOutcome{"export-zero-rated", "ES", "0.00", "SELLER", false}, ""},
		{"within Las Palmas: no VAT, the IGIC not computed",
			vaSale(today, vaCompany, "GENERAL", vtLasPalmas, vtLasPalmas, false, none, none),
			euOutcome{OutsideVATRule, "ES-CN", "0.00", "", false}, "IGIC"},
		{"Las Palmas to Madrid: an import",
			vaSale(today, vaCompany, "GENERAL", vtLasPalmas, vtMadrid, false, none, none),
			euOutcome{"import-at-border", "ES", "0.00", "", false}, ""},
		{"a German seller under the Union scheme to a consumer in Las Palmas: an export, no OSS",
			vaSale(today, "BIG", "GENERAL", vaMunich, vtLasPalmas, false, vtUnionSchemeDE, none),
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}, ""},
		{"within Funchal: Madeira's 22%",
			vaSale(today, vaCompany, "GENERAL", vtFunchal, vtFunchal, false, none, none),
			euOutcome{"domestic-supply", "PT-30", "22.00", "SELLER", false}, ""},
		{"Funchal to Lisbon: goods supplied in Madeira",
			vaSale(today, vaCompany, "GENERAL", vtFunchal, vtLisboa, false, none, none),
			euOutcome{"domestic-supply", "PT-30", "22.00", "SELLER", false}, ""},
		{"Lisbon to a business in Funchal, services: supplied where the business is",
			vaSale(today, vaCompany, "SERVICES", vtLisboa, vtFunchal, true, none, none),
			euOutcome{"domestic-supply", "PT-30", "22.00", "SELLER", false}, ""},
		{"Jungholz to Vienna: goods supplied in Jungholz",
			vaSale(today, vaCompany, "GENERAL", vtJungholz, vtWien, false, none, none),
			euOutcome{"domestic-supply", "AT-X-JUNGHOLZ", "19.00", "SELLER", false}, ""},
		{"a German seller's streaming to a consumer in Las Palmas: no VAT, the IGIC not computed",
			vaSale(today, "BIG", "DIGITAL_STREAMING", vaMunich, vtLasPalmas, false, vtUnionSchemeDE, none),
			euOutcome{OutsideVATRule, "ES-CN", "0.00", "", false}, "IGIC"},
		{"Lisbon to Funchal: goods supplied on the mainland (as before)",
			vaSale(today, vaCompany, "GENERAL", vtLisboa, vtFunchal, false, none, none),
			euOutcome{"domestic-supply", "PT", "23.00", "SELLER", false}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Sale(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String())
			if c.want.from == "" {
				got.from = "" // a NONTAXABLE record is collected from no one
			}
			if got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
			if r.TotalTax.String() != c.want.tax {
				t.Errorf("document total %s, want %s", r.TotalTax, c.want.tax)
			}
			said := ""
			for _, a := range l.AssistedParameters {
				if a.RuleName == TaxNotComputedRule {
					said = a.Value
				}
			}
			switch {
			case c.localTax == "" && said != "":
				t.Errorf("a tax-not-computed parameter: %q", said)
			case c.localTax != "" && !strings.Contains(said, c.localTax):
				t.Errorf("tax-not-computed %q does not name %s (assisted %+v)", said, c.localTax, l.AssistedParameters)
			}
		})
	}
}

// TestVATTerritoryRateMissing: Madeira (Portugal's VAT Code, article
// 18(3)(b)) and Martinique (General Tax Code, article 296: 2.1%) have
// reduced rates of their own. Where the dataset holds the territory's rate
// of the category a line's class asks for
// (internal/datagen/curated/vat-rate-corrections.csv, from the dataset
// generated after it), the line bears it; where it does not (Martinique's
// rate for reimbursable medicines, or any reduced rate in a dataset
// generated before that table), the line bears the territory's standard
// rate and says so with a territory-rate-missing parameter, on every line
// of the document (the second line is of the same kind as the first).
// Jungholz keeps Austria's reduced rates (no parameter), and Paris and
// Lisbon have their own.
func TestVATTerritoryRateMissing(t *testing.T) {
	e := testEngine(t)
	js, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	const today = "2026-06-01"
	// held returns the dataset's rate of category cat for id today, as
	// the tax on 100.00, or "".
	held := func(id, cat string) string {
		for _, r := range js.RatesOn(id, civil.MustParse(today)) {
			if r.Category == cat {
				return r.Value.Mul(decimal.NewFromInt(100)).StringFixed(2)
			}
		}
		return ""
	}
	for _, c := range []struct {
		name, class string
		at          *wire.Location
		id, cat     string // the territory and the category its class asks for
		standard    string
		said        string
	}{
		{"Martinique, food", "FOOD", vtFortDeFrance, "FR-972", "reduced", "8.50", "FR-972 Martinique has its own reduced VAT rate"},
		{"Martinique, reimbursable medicines", "PRESCRIPTION_DRUGS", vtFortDeFrance, "FR-972", "super_reduced", "8.50",
			"FR-972 Martinique has its own super_reduced VAT rate"},
		{"Madeira, food", "FOOD", vtFunchal, "PT-30", "reduced", "22.00", "PT-30 Madeira has its own reduced VAT rate"},
		{"Jungholz, food", "FOOD", vtJungholz, "", "", "10.00", ""},
		{"Paris, food", "FOOD", vtParis, "", "", "5.50", ""},
		{"Lisbon, food", "FOOD", vtLisboa, "", "", "6.00", ""},
	} {
		want, flagged := c.standard, c.id != ""
		if c.id != "" {
			if r := held(c.id, c.cat); r != "" {
				want, flagged = r, false
			}
		}
		req := vaSale(today, vaCompany, c.class, c.at, c.at, false, nil, nil)
		req.LineItems = append(req.LineItems, req.LineItems[0])
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range r.LineItems {
			if l.TotalTax.String() != want {
				t.Errorf("%s, line %d: %s, want %s", c.name, i+1, l.TotalTax, want)
			}
			said := ""
			for _, a := range l.AssistedParameters {
				if a.RuleName == TerritoryRateRule {
					said = a.Value
				}
			}
			if (said != "") != flagged || flagged && !strings.HasPrefix(said, c.said) {
				t.Errorf("%s, line %d: parameter %q, want one %v (%q)", c.name, i+1, said, flagged, c.said)
			}
		}
	}
}

// TestVATTerritoryIntrastat: goods a German seller sends to Madrid move
// within the EU's VAT area, and a stored invoice of them without a
// commodity code is among the refused lines of its Intrastat dispatches;
// those sent to Las Palmas are exported to the Canary Islands (declared
// to customs, not to Intrastat) and are not in the declaration at all.
func TestVATTerritoryIntrastat(t *testing.T) {
	store := journal.NewMemory()
	ctx := levy.WithTenant(context.Background(), "acme-de")
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	for id, to := range map[string]*wire.Location{"MAD-1": vtMadrid, "LPA-1": vtLasPalmas} {
		req := vaSale("2026-03-02", vaCompany, "ELECTRONICS", vaMunich, to, true, nil, nil)
		req.SaleMessageType, req.TransactionID = wire.SaleInvoice, id
		req.LineItems[0].LineItemID = "1"
		if _, err := e.Sale(ctx, req); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
	}
	d, err := journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-03-31"),
		MemberState: "DE", Flow: journal.Dispatches}, e.IntrastatCodes())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range d.Refused {
		ids = append(ids, r.TransactionID)
	}
	if len(d.Items) != 0 || len(ids) != 1 || ids[0] != "MAD-1" {
		t.Errorf("items %+v, refused %v; want MAD-1 refused alone", d.Items, ids)
	}
}

// TestFrenchCollectivities: Saint-Barthélemy's and Saint-Martin's
// postcodes begin as Guadeloupe's, but France's VAT does not reach them
// (nor Saint-Pierre and Miquelon): a sale within Saint-Barthélemy bore
// Guadeloupe's 8.5% and one from Paris to Saint-Pierre France's 20%.
// Now the first bears no tax and says why, the second is an export.
func TestFrenchCollectivities(t *testing.T) {
	e := testEngine(t)
	gustavia := &wire.Location{City: "Gustavia", PostalCode: "97133", Country: "FR"}
	saintPierre := &wire.Location{City: "Saint-Pierre", PostalCode: "97500", Country: "FR"}
	sale := func(from, to *wire.Location) wire.SaleResponseLineItem {
		q := Quotation("2026-06-01", SellerAt(from), CustomerAt(to), Line("l", "GENERAL", "100.00"))
		q.Currency = CurrencyCode("EUR")
		resp, err := e.Sale(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		return resp.LineItems[0]
	}
	l := sale(gustavia, gustavia)
	if !l.TotalTax.IsZero() || len(l.Taxes) != 0 || len(l.AssistedParameters) == 0 || l.AssistedParameters[0].RuleName != NoTaxRule ||
		l.AssistedParameters[0].OriginalValue != "BL" {
		t.Errorf("within Saint-Barthélemy: tax %s, %d records, parameters %+v; want none, said (%s BL)", l.TotalTax, len(l.Taxes), l.AssistedParameters, NoTaxRule)
	}
	l = sale(vtParis, saintPierre)
	if !l.TotalTax.IsZero() || len(l.Taxes) != 1 || l.Taxes[0].CalculationRuleID == nil || l.Taxes[0].CalculationRuleID.Value != "export-zero-rated" {
		t.Errorf("Paris to Saint-Pierre: tax %s, records %+v; want an export, zero-rated", l.TotalTax, l.Taxes)
	}
}
