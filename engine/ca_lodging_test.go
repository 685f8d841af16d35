package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/levytax/levy/wire"
)

// The tests of this file sell nights at hotels in each Canadian province
// and territory. A stay is taxed where the property is (the seller's
// physical origin), so the guest comes from Toronto in every case and
// Ontario's HST appears only for a hotel in Ontario. The provinces' taxes
// on lodging outside the GST, HST, PST and QST are rows of
// internal/datagen/curated/ca-provincial-taxes.csv: Quebec's Tax on
// Lodging (3.5% since November 1, 2016) and Alberta's Hotel Room Tax (5%
// until March 31, 2005) and Tourism Levy (4% since).

// Hotels of the tests, one in each province and territory.
var (
	hotelMontreal      = func() *wire.Location { return Address("Montreal", "H2Y 1C6", "CA") }
	hotelCalgary       = func() *wire.Location { return Address("Calgary", "T2P 1J9", "CA") }
	hotelToronto       = func() *wire.Location { return Address("Toronto", "M5V 3L9", "CA") }
	hotelVancouver     = func() *wire.Location { return Address("Vancouver", "V6B 1A1", "CA") }
	hotelRegina        = func() *wire.Location { return Address("Regina", "S4P 3Y2", "CA") }
	hotelWinnipeg      = func() *wire.Location { return Address("Winnipeg", "R3C 4T3", "CA") }
	hotelHalifax       = func() *wire.Location { return Address("Halifax", "B3H 1A1", "CA") }
	hotelFredericton   = func() *wire.Location { return Address("Fredericton", "E3B 1A1", "CA") }
	hotelCharlottetown = func() *wire.Location { return Address("Charlottetown", "C1A 1A1", "CA") }
	hotelStJohns       = func() *wire.Location { return Address("St. John's", "A1C 1A1", "CA") }
	hotelWhitehorse    = func() *wire.Location { return Address("Whitehorse", "Y1A 1A1", "CA") }
	hotelYellowknife   = func() *wire.Location { return Address("Yellowknife", "X1A 1A1", "CA") }
	hotelIqaluit       = func() *wire.Location { return Address("Iqaluit", "X0A 0H0", "CA") }
)

// caNight sells one line of class for price in Canadian dollars, dated
// date, from a hotel at origin that lists the registrations regs (none:
// registered everywhere) to a guest from Toronto, and returns the line's
// records as "jurisdiction imposition result tax" in the response's order
// and its total tax. A line of another class than ACCOMMODATION (a lamp
// of the hotel's shop) is sold to a customer at the hotel, since it is
// taxed where it is delivered.
func caNight(t *testing.T, date, class, price string, origin *wire.Location, regs ...wire.TaxRegistration) ([]string, string) {
	t.Helper()
	guest := toronto()
	if class != "ACCOMMODATION" {
		guest = origin
	}
	req := hotelInvoice(date, class, "CAD", origin, guest, false)
	req.Seller.TaxRegistrations = regs
	req.LineItems[0].ExtendedPrice = amt(price)
	resp, err := testEngine(t).Sale(context.Background(), req)
	if err != nil {
		t.Fatalf("%s of %s at %s on %s: %v", class, price, origin.City, date, err)
	}
	l := resp.LineItems[0]
	var got []string
	for _, x := range l.Taxes {
		if x.Jurisdiction == nil || x.Imposition == nil {
			t.Fatalf("%s at %s on %s: a record without jurisdiction or imposition: %+v", class, origin.City, date, x)
		}
		got = append(got, x.Jurisdiction.JurisdictionID+" "+x.Imposition.Value+" "+string(x.TaxResult)+" "+x.CalculatedTax.String())
	}
	return got, l.TotalTax.String()
}

// caNightCase is a sale of the tests: the records and total it must give.
type caNightCase struct {
	what, date, class, price string
	hotel                    *wire.Location
	want                     []string
	total                    string
}

// checkNights sells each case and compares its records, in any order,
// and its total tax.
func checkNights(t *testing.T, cases []caNightCase) {
	t.Helper()
	for _, c := range cases {
		got, total := caNight(t, c.date, c.class, c.price, c.hotel)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) || total != c.total {
			t.Errorf("%s on %s: %s of %s bears %q, %s in all; want %q, %s", c.what, c.date, c.class, c.price, got, total, want, c.total)
		}
	}
}

// TestQuebecTaxOnLodging sells nights in Montreal on both sides of
// November 1, 2016, when Quebec's tax on lodging became 3.5% of the
// price of a night in every tourism region where it applies (Revenu
// Québec, Changes to the Tax on Lodging). The GST and the QST are charged
// on the price including the tax on lodging (Revenu Québec, Tax on
// Lodging), which Levy charges as their effective rates on the price
// (5% and 9.975% of 103.5%). Figures by hand, as on the invoice:
//
//   - 2016-10-31, a 200.00 night: no tax on lodging (the regional $2, $3,
//     3% or 3.5% of before are not modelled); GST 5% of 200.00 = 10.00,
//     QST 9.975% of 200.00 = 19.95; 29.95 in all.
//   - 2016-11-01 and 2026-06-01, a 200.00 night: tax on lodging 3.5% of
//     200.00 = 7.00; GST 5% of 207.00 = 10.35; QST 9.975% of 207.00 =
//     20.64825, 20.65; 38.00 in all.
//   - 2026-06-01, a 100.00 night: tax on lodging 3.50; GST 5% of 103.50
//     = 5.175, 5.18; QST 9.975% of 103.50 = 10.324125, 10.32; 19.00.
//   - 2026-06-01, a lamp (GENERAL) of 200.00 in Montreal: GST 10.00 and
//     QST 19.95, no tax on lodging; 29.95.
func TestQuebecTaxOnLodging(t *testing.T) {
	night := "ACCOMMODATION"
	checkNights(t, []caNightCase{
		{"a night in Montreal the day before", "2016-10-31", night, "200.00", hotelMontreal(),
			[]string{"CA GST TAXABLE 10.00", "CA-QC QST TAXABLE 19.95"}, "29.95"},
		{"a night in Montreal on the first day", "2016-11-01", night, "200.00", hotelMontreal(),
			[]string{"CA GST TAXABLE 10.35", "CA-QC QST TAXABLE 20.65", "CA-QC Tax on Lodging TAXABLE 7.00"}, "38.00"},
		{"a night in Montreal", "2026-06-01", night, "200.00", hotelMontreal(),
			[]string{"CA GST TAXABLE 10.35", "CA-QC QST TAXABLE 20.65", "CA-QC Tax on Lodging TAXABLE 7.00"}, "38.00"},
		{"a night of 100.00 in Montreal", "2026-06-01", night, "100.00", hotelMontreal(),
			[]string{"CA GST TAXABLE 5.18", "CA-QC QST TAXABLE 10.32", "CA-QC Tax on Lodging TAXABLE 3.50"}, "19.00"},
		{"a lamp in Montreal", "2026-06-01", "GENERAL", "200.00", hotelMontreal(),
			[]string{"CA GST TAXABLE 10.00", "CA-QC QST TAXABLE 19.95"}, "29.95"},
	})
}

// TestAlbertaTaxesOnAccommodation sells nights in Calgary. Alberta has no
// sales tax of its own; accommodation bore the Hotel Room Tax of 5% until
// March 31, 2005 and bears the Tourism Levy of 4% since April 1, 2005
// (Alberta Tax and Revenue Administration, Tourism Levy - Overview).
// Figures by hand, a 200.00 night:
//
//   - 2005-03-31: GST 7% = 14.00, Hotel Room Tax 5% = 10.00; 24.00.
//   - 2005-04-01: GST 14.00, Tourism Levy 4% = 8.00; 22.00.
//   - 2026-06-01: GST 5% = 10.00, Tourism Levy 8.00; 18.00.
//   - a lamp (GENERAL) of 200.00 on 2026-06-01: GST 10.00 alone.
func TestAlbertaTaxesOnAccommodation(t *testing.T) {
	night := "ACCOMMODATION"
	checkNights(t, []caNightCase{
		{"a night in Calgary, the hotel room tax's last day", "2005-03-31", night, "200.00", hotelCalgary(),
			[]string{"CA GST TAXABLE 14.00", "CA-AB Hotel Room Tax TAXABLE 10.00"}, "24.00"},
		{"a night in Calgary, the tourism levy's first day", "2005-04-01", night, "200.00", hotelCalgary(),
			[]string{"CA GST TAXABLE 14.00", "CA-AB Tourism Levy TAXABLE 8.00"}, "22.00"},
		{"a night in Calgary", "2026-06-01", night, "200.00", hotelCalgary(),
			[]string{"CA GST TAXABLE 10.00", "CA-AB Tourism Levy TAXABLE 8.00"}, "18.00"},
		{"a lamp in Calgary", "2026-06-01", "GENERAL", "200.00", hotelCalgary(),
			[]string{"CA GST TAXABLE 10.00"}, "10.00"},
	})
}

// TestOntarioAccommodationBeforeHST sells nights in Toronto on both sides
// of the HST of July 1, 2010: Ontario's retail sales tax reached
// transient accommodation at 5%, not its general 8% (Guide 301
// Accommodation, August 2006), and the HST's provincial part of 8%
// reaches it since. Figures by hand, 200.00: on 2010-06-30 a night bears
// GST 10.00 and PST 10.00 (20.00), a lamp GST 10.00 and PST 16.00
// (26.00); on 2010-07-01 a night bears GST 10.00 and HST 16.00 (26.00).
func TestOntarioAccommodationBeforeHST(t *testing.T) {
	checkNights(t, []caNightCase{
		{"a night in Toronto, the RST's last day", "2010-06-30", "ACCOMMODATION", "200.00", hotelToronto(),
			[]string{"CA GST TAXABLE 10.00", "CA-ON PST TAXABLE 10.00"}, "20.00"},
		{"a lamp in Toronto, the RST's last day", "2010-06-30", "GENERAL", "200.00", hotelToronto(),
			[]string{"CA GST TAXABLE 10.00", "CA-ON PST TAXABLE 16.00"}, "26.00"},
		{"a night in Toronto, the HST's first day", "2010-07-01", "ACCOMMODATION", "200.00", hotelToronto(),
			[]string{"CA GST TAXABLE 10.00", "CA-ON HST TAXABLE 16.00"}, "26.00"},
	})
}

// TestCanadaAccommodationByProvince sells a 200.00 night on 2026-06-01 in
// each province and territory and checks what Levy charges against each
// one's rule for accommodation. Figures by hand:
//
//   - Quebec: GST 10.35, QST 20.65, tax on lodging 7.00 (see
//     TestQuebecTaxOnLodging); 38.00.
//   - Alberta: GST 10.00, Tourism Levy 8.00; 18.00.
//   - British Columbia: GST 10.00, PST at its 8% on accommodation 16.00;
//     26.00 (the MRDT of participating places is not modelled).
//   - Saskatchewan: GST 10.00, PST 6% 12.00 (lodging for less than 30 days
//     is a taxable service); 22.00.
//   - Manitoba: GST 10.00, RST 7% 14.00; 24.00 (Winnipeg's accommodation
//     tax is not modelled).
//   - Ontario: GST 10.00, HST part 8% 16.00; 26.00 (municipal
//     accommodation taxes not modelled).
//   - Nova Scotia: GST 10.00, HST part 9% 18.00; 28.00.
//   - New Brunswick, Prince Edward Island, Newfoundland and Labrador: GST
//     10.00, HST part 10% 20.00; 30.00.
//   - Yukon, the Northwest Territories, Nunavut: GST 10.00 alone.
func TestCanadaAccommodationByProvince(t *testing.T) {
	const day, night = "2026-06-01", "ACCOMMODATION"
	checkNights(t, []caNightCase{
		{"Montreal", day, night, "200.00", hotelMontreal(),
			[]string{"CA GST TAXABLE 10.35", "CA-QC QST TAXABLE 20.65", "CA-QC Tax on Lodging TAXABLE 7.00"}, "38.00"},
		{"Calgary", day, night, "200.00", hotelCalgary(), []string{"CA GST TAXABLE 10.00", "CA-AB Tourism Levy TAXABLE 8.00"}, "18.00"},
		{"Vancouver", day, night, "200.00", hotelVancouver(), []string{"CA GST TAXABLE 10.00", "CA-BC PST TAXABLE 16.00"}, "26.00"},
		{"Regina", day, night, "200.00", hotelRegina(), []string{"CA GST TAXABLE 10.00", "CA-SK PST TAXABLE 12.00"}, "22.00"},
		{"Winnipeg", day, night, "200.00", hotelWinnipeg(), []string{"CA GST TAXABLE 10.00", "CA-MB PST TAXABLE 14.00"}, "24.00"},
		{"Toronto", day, night, "200.00", hotelToronto(), []string{"CA GST TAXABLE 10.00", "CA-ON HST TAXABLE 16.00"}, "26.00"},
		{"Halifax", day, night, "200.00", hotelHalifax(), []string{"CA GST TAXABLE 10.00", "CA-NS HST TAXABLE 18.00"}, "28.00"},
		{"Fredericton", day, night, "200.00", hotelFredericton(), []string{"CA GST TAXABLE 10.00", "CA-NB HST TAXABLE 20.00"}, "30.00"},
		{"Charlottetown", day, night, "200.00", hotelCharlottetown(), []string{"CA GST TAXABLE 10.00", "CA-PE HST TAXABLE 20.00"}, "30.00"},
		{"St. John's", day, night, "200.00", hotelStJohns(), []string{"CA GST TAXABLE 10.00", "CA-NL HST TAXABLE 20.00"}, "30.00"},
		{"Whitehorse", day, night, "200.00", hotelWhitehorse(), []string{"CA GST TAXABLE 10.00"}, "10.00"},
		{"Yellowknife", day, night, "200.00", hotelYellowknife(), []string{"CA GST TAXABLE 10.00"}, "10.00"},
		{"Iqaluit", day, night, "200.00", hotelIqaluit(), []string{"CA GST TAXABLE 10.00"}, "10.00"},
	})
}

// TestProvincialLodgingTaxesNeedTheProvincesRegistration sells a 200.00
// night on 2026-06-01 from hotels that list their registrations. Quebec's
// tax on lodging and Alberta's tourism levy are provincial taxes, for
// which an operator registers with the province (Revenu Québec; Alberta's
// Tax and Revenue Administration), not under the GST/HST registration: a
// hotel that lists its GST/HST registration alone charges the GST (on
// the price alone, 10.00, since the line bears no tax on lodging) and
// says it is not registered for the QST and the tax on lodging, or the
// tourism levy; a hotel that also lists a registration for the province
// charges them.
func TestProvincialLodgingTaxesNeedTheProvincesRegistration(t *testing.T) {
	gst := wire.TaxRegistration{ISOCountryCode: "CA", TaxRegistrationNumber: "123456789RT0001"}
	for _, c := range []struct {
		what  string
		hotel *wire.Location
		regs  []wire.TaxRegistration
		want  []string
		total string
	}{
		{"a Montreal hotel with its GST/HST registration alone", hotelMontreal(), []wire.TaxRegistration{gst},
			[]string{"CA GST TAXABLE 10.00", "CA-QC QST NO_TAX 0.00", "CA-QC Tax on Lodging NO_TAX 0.00"}, "10.00"},
		{"a Montreal hotel registered in Quebec too", hotelMontreal(), []wire.TaxRegistration{gst, {ISOCountryCode: "CA", MainDivision: "QC"}},
			[]string{"CA GST TAXABLE 10.35", "CA-QC QST TAXABLE 20.65", "CA-QC Tax on Lodging TAXABLE 7.00"}, "38.00"},
		{"a Calgary hotel with its GST/HST registration alone", hotelCalgary(), []wire.TaxRegistration{gst},
			[]string{"CA GST TAXABLE 10.00", "CA-AB Tourism Levy NO_TAX 0.00"}, "10.00"},
		{"a Calgary hotel registered in Alberta too", hotelCalgary(), []wire.TaxRegistration{gst, {ISOCountryCode: "CA", MainDivision: "AB"}},
			[]string{"CA GST TAXABLE 10.00", "CA-AB Tourism Levy TAXABLE 8.00"}, "18.00"},
	} {
		got, total := caNight(t, "2026-06-01", "ACCOMMODATION", "200.00", c.hotel, c.regs...)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) || total != c.total {
			t.Errorf("%s: a night of 200.00 bears %q, %s in all; want %q, %s", c.what, got, total, want, c.total)
		}
	}
}

// TestCanadaLodgingTaxesNotComputed sells nights where a municipal tax on
// accommodation may be due, which Levy knows of and does not compute (it
// knows no Canadian municipality), and Quebec's tax on lodging before it
// became one rate in every region: the line says so once in its
// assistedParameters (ruleName tax-not-computed), naming the province's
// jurisdiction, the tax and the source, where the property is, whoever the
// guest. A night outside the tax's period, at a property in another
// province, or a line of another class says nothing.
func TestCanadaLodgingTaxesNotComputed(t *testing.T) {
	const (
		mrdt     = "CA-BC British Columbia's participating municipalities and regional districts tax ACCOMMODATION by the MRDT of up to 3% (Bulletin PST 120 Accommodation); Levy does not compute it"
		winnipeg = "CA-MB Winnipeg taxes ACCOMMODATION by its Accommodation Tax (5%, 6% from April 1, 2024) (Accommodation Tax By-law No. 70/2008); Levy does not compute it"
		ontario  = "CA-ON Ontario municipalities that impose it tax ACCOMMODATION by a municipal accommodation tax (Ottawa 4% from 2018, Newmarket 4% from 2025, and others) (O. Reg. 435/17); Levy does not compute it"
		quebec   = "CA-QC Quebec's tourism regions that asked for it taxed ACCOMMODATION by the tax on lodging: $2 or $3 a night, or 3% or 3.5% of its price, by region (Revenu Québec, Tax on Lodging); Levy does not compute it"
	)
	for _, c := range []struct {
		what, date, class string
		hotel, guest      *wire.Location
		want              string
	}{
		{"a night in Vancouver", "2026-06-01", "ACCOMMODATION", hotelVancouver(), toronto(), mrdt},
		{"a night in Vancouver before the PST's MRDT", "2013-03-31", "ACCOMMODATION", hotelVancouver(), toronto(), ""},
		{"a lamp in Vancouver", "2026-06-01", "GENERAL", hotelVancouver(), hotelVancouver(), ""},
		{"a night in Calgary for a guest from Vancouver", "2026-06-01", "ACCOMMODATION", hotelCalgary(), vancouver(), ""},
		{"a night in Winnipeg", "2026-06-01", "ACCOMMODATION", hotelWinnipeg(), toronto(), winnipeg},
		{"a night in Winnipeg before the city's tax", "2008-05-31", "ACCOMMODATION", hotelWinnipeg(), toronto(), ""},
		{"a night in Toronto", "2026-06-01", "ACCOMMODATION", hotelToronto(), vancouver(), ontario},
		{"a night in Montreal the day before the 3.5%", "2016-10-31", "ACCOMMODATION", hotelMontreal(), toronto(), quebec},
		{"a night in Montreal on its first day", "2016-11-01", "ACCOMMODATION", hotelMontreal(), toronto(), ""},
	} {
		req := hotelInvoice(c.date, c.class, "CAD", c.hotel, c.guest, false)
		resp, err := testEngine(t).Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		got := notComputed(resp)
		switch {
		case c.want == "" && len(got) != 0:
			t.Errorf("%s on %s: %+v, want no tax-not-computed", c.what, c.date, got)
		case c.want != "" && (len(got) != 1 || got[0] != wire.AssistedParameter{ParamName: "productClass", Phase: wire.PhasePost,
			RuleName: TaxNotComputedRule, OriginalValue: c.class, Value: c.want}):
			t.Errorf("%s on %s: %+v, want one tax-not-computed %q", c.what, c.date, got, c.want)
		}
	}
}
