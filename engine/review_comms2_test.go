package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestFranchiseFeeOfAnotherState checks that a franchise area whose fees
// name their grantor charges them only on a line placed in the grantor's
// state (or, abroad, country). The example table's CHI-CABLE-1 is granted
// by the City of Chicago (US-1714000): a Chicago line bears its 5% cable
// fee and 1% PEG fee (80.00 x 0.05 = 4.00, 80.00 x 0.01 = 0.80), but a
// line placed in Dallas, Texas or in Toronto lies outside any Chicago
// franchise. Before, the Dallas and Toronto lines were charged 4.00 and
// 0.80 reported at the City of Chicago, an Illinois city's fee on a
// Texas sale, and the line said nothing. Now they bear no franchise fee
// and flag their franchiseAreaId not-acted-on, as an unknown area does.
// SEA-VIDEO-2 names no grantor: it is charged at the line's own city.
func TestFranchiseFeeOfAnotherState(t *testing.T) {
	ctx := context.Background()
	e := franchiseExampleEngine(t)
	sale := func(to *wire.Location, area string) wire.SaleResponseLineItem {
		t.Helper()
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"),
			Seller:       &wire.Seller{PhysicalOrigin: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
			Customer:     &wire.Customer{Destination: to},
			LineItems: []wire.SaleLineItem{{LineItemID: "cable", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("80.00"),
				LineDetails: wire.LineDetails{FranchiseAreaID: area}}}}
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return resp.LineItems[0]
	}
	fees := func(l wire.SaleResponseLineItem) map[string]wire.Tax {
		out := map[string]wire.Tax{}
		for _, x := range l.Taxes {
			if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
				out[x.Imposition.Value] = x
			}
		}
		return out
	}
	flagged := func(l wire.SaleResponseLineItem, area string) bool {
		for _, p := range l.AssistedParameters {
			if p.RuleName == NotActedOnRule && p.ParamName == "lineItems[0].franchiseAreaId" && p.OriginalValue == area {
				return true
			}
		}
		return false
	}
	chicago := &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}
	l := sale(chicago, "CHI-CABLE-1")
	if f := fees(l); len(f) != 2 || f["Cable Franchise Fee"].CalculatedTax.String() != "4.00" || f["PEG Access Fee"].CalculatedTax.String() != "0.80" ||
		f["Cable Franchise Fee"].Jurisdiction.JurisdictionID != "US-1714000" || flagged(l, "CHI-CABLE-1") {
		t.Errorf("a Chicago line of CHI-CABLE-1: fees %+v, params %+v; want 4.00 and 0.80 at US-1714000", f, l.AssistedParameters)
	}
	for name, to := range map[string]*wire.Location{
		"Dallas":  {City: "Dallas", MainDivision: "TX", PostalCode: "75201", Country: "US"},
		"Toronto": {City: "Toronto", MainDivision: "ON", PostalCode: "M5H 2N2", Country: "CA"},
	} {
		l := sale(to, "CHI-CABLE-1")
		if f := fees(l); len(f) != 0 || !flagged(l, "CHI-CABLE-1") {
			t.Errorf("a %s line of Chicago's CHI-CABLE-1: fees %+v, params %+v; want none and franchiseAreaId not-acted-on", name, f, l.AssistedParameters)
		}
	}
	// A fee that names no grantor is charged at the line's own city.
	l = sale(&wire.Location{City: "Dallas", MainDivision: "TX", PostalCode: "75201", Country: "US"}, "SEA-VIDEO-2")
	if f := fees(l); len(f) != 1 || f["Video Service Fee"].CalculatedTax.String() != "0.85" || flagged(l, "SEA-VIDEO-2") {
		t.Errorf("SEA-VIDEO-2 without a grantor: fees %+v, want 0.85 (one line)", f)
	}
}

// TestCommsOverrideAmountOnce checks that an exempt override's amount,
// the part of a tax's taxable amount it exempts, is taken once from a
// tax that the line's line types split, spread over them by their bases,
// and not whole from each. A line of 90.00 in Birmingham on 2026-02-15
// with two wireless lines and one VoIP line has 60.00 of wireless and
// 30.00 of VoIP revenue; the USF base is 60.00 x 37.1% = 22.26 and
// 30.00 x 64.9% = 19.47 (the safe harbors of FCC 06-94), 41.73 in all,
// at the factor of Q1 2026, 37.6% (DA 25-1026). Exempting 10.00 of the
// USF takes 10.00 x 22.26 / 41.73 = 5.33 from the wireless base and the
// 4.67 left from the VoIP base: (22.26 - 5.33) x 0.376 = 6.37 and
// (19.47 - 4.67) x 0.376 = 5.56, 11.93 in all, 3.76 less than the 15.69
// the line bears without the override (10.00 x 0.376). Before, each
// line type's USF took the whole 10.00: 4.61 + 3.56 = 8.17, 20.00
// exempted. A line of one line type takes its 10.00 as before:
// 90.00 x 37.1% = 33.39, (33.39 - 10.00) x 0.376 = 8.79. A credit of
// -90.00 exempts the same parts, negative.
func TestCommsOverrideAmountOnce(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	price := "90.00"
	usf := func(exempt string, types ...wire.LineTypeSet) []wire.Tax {
		t.Helper()
		req := telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203", types...)
		req.LineItems[0].ExtendedPrice = amt(price)
		if exempt != "" {
			req.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: usfImposition}, Amount: amt(exempt)}}
		}
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return byImposition(resp.LineItems[0].Taxes)[usfImposition]
	}
	mixed := []wire.LineTypeSet{{Value: "WIRELESS", Count: amt("2")}, {Value: "VOIP", Count: amt("1")}}
	if got := usf("", mixed...); len(got) != 2 || got[0].CalculatedTax.String() != "8.37" || got[1].CalculatedTax.String() != "7.32" {
		t.Fatalf("USF without an override %+v, want 8.37 and 7.32", got)
	}
	got := usf("10.00", mixed...)
	if len(got) != 2 || got[0].Exempt.String() != "5.33" || got[0].Taxable.String() != "16.93" || got[0].CalculatedTax.String() != "6.37" ||
		got[1].Exempt.String() != "4.67" || got[1].Taxable.String() != "14.80" || got[1].CalculatedTax.String() != "5.56" {
		t.Errorf("USF with 10.00 of it exempt %+v, want 5.33 and 4.67 exempt, 6.37 and 5.56 charged", got)
	}
	got = usf("10.00", wire.LineTypeSet{Value: "WIRELESS", Count: amt("3")})
	if len(got) != 1 || got[0].Exempt.String() != "10.00" || got[0].CalculatedTax.String() != "8.79" {
		t.Errorf("USF of one line type with 10.00 exempt %+v, want 8.79", got)
	}
	// Its credit (-90.00) exempts the same parts, negative.
	price = "-90.00"
	got = usf("10.00", mixed...)
	if len(got) != 2 || got[0].Exempt.String() != "-5.33" || got[0].CalculatedTax.String() != "-6.37" ||
		got[1].Exempt.String() != "-4.67" || got[1].CalculatedTax.String() != "-5.56" {
		t.Errorf("the credit's USF with 10.00 of it exempt %+v, want -5.33 and -4.67 exempt, -6.37 and -5.56 credited", got)
	}
}
