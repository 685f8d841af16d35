package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// The seller's and buyer's places of the second set of domestic reverse
// charge tests: Ireland, Poland, Sweden, Finland, Slovakia, Hungary, Estonia,
// Croatia, Denmark, Portugal, Latvia and Cyprus.
var (
	drcDublin     = drcPlace{`{"city":"Dublin","postalCode":"D02 X285","country":"IE"}`, "IE", "IE6388047V"}
	drcCork       = drcPlace{`{"city":"Cork","postalCode":"T12 X70A","country":"IE"}`, "IE", "IE6388047V"}
	drcWarsaw     = drcPlace{`{"city":"Warszawa","postalCode":"00-001","country":"PL"}`, "PL", "PL5260250995"}
	drcKrakow     = drcPlace{`{"city":"Kraków","postalCode":"31-001","country":"PL"}`, "PL", "PL5260250995"}
	drcStockholm  = drcPlace{`{"city":"Stockholm","postalCode":"111 52","country":"SE"}`, "SE", "SE556703748501"}
	drcGoteborg   = drcPlace{`{"city":"Göteborg","postalCode":"411 04","country":"SE"}`, "SE", "SE556703748501"}
	drcHelsinki   = drcPlace{`{"city":"Helsinki","postalCode":"00100","country":"FI"}`, "FI", "FI01120389"}
	drcTampere    = drcPlace{`{"city":"Tampere","postalCode":"33100","country":"FI"}`, "FI", "FI01120389"}
	drcBratislava = drcPlace{`{"city":"Bratislava","postalCode":"811 01","country":"SK"}`, "SK", "SK2020317068"}
	drcBudapest   = drcPlace{`{"city":"Budapest","postalCode":"1051","country":"HU"}`, "HU", "HU10773381"}
	drcDebrecen   = drcPlace{`{"city":"Debrecen","postalCode":"4024","country":"HU"}`, "HU", "HU10773381"}
	drcTallinn    = drcPlace{`{"city":"Tallinn","postalCode":"10111","country":"EE"}`, "EE", "EE100247019"}
	drcTartu      = drcPlace{`{"city":"Tartu","postalCode":"51003","country":"EE"}`, "EE", "EE100247019"}
	drcZagreb     = drcPlace{`{"city":"Zagreb","postalCode":"10000","country":"HR"}`, "HR", "HR33392005961"}
	drcSplit      = drcPlace{`{"city":"Split","postalCode":"21000","country":"HR"}`, "HR", "HR33392005961"}
	drcCopenhagen = drcPlace{`{"city":"København","postalCode":"1050","country":"DK"}`, "DK", "DK13585628"}
	drcAarhus     = drcPlace{`{"city":"Aarhus","postalCode":"8000","country":"DK"}`, "DK", "DK13585628"}
	drcLisbon     = drcPlace{`{"city":"Lisboa","postalCode":"1100-148","country":"PT"}`, "PT", "PT501442600"}
	drcPorto      = drcPlace{`{"city":"Porto","postalCode":"4000-322","country":"PT"}`, "PT", "PT501442600"}
	drcRiga       = drcPlace{`{"city":"Rīga","postalCode":"LV-1050","country":"LV"}`, "LV", "LV40003032949"}
	drcDaugavpils = drcPlace{`{"city":"Daugavpils","postalCode":"LV-5401","country":"LV"}`, "LV", "LV40003032949"}
	drcNicosia    = drcPlace{`{"city":"Nicosia","postalCode":"1010","country":"CY"}`, "CY", "CY10259033P"}
	drcLimassol   = drcPlace{`{"city":"Limassol","postalCode":"3030","country":"CY"}`, "CY", "CY10259033P"}
	drcKosice     = drcPlace{`{"city":"Košice","postalCode":"040 01","country":"SK"}`, "SK", "SK2020317068"}
)

// TestDomesticReverseChargeSalesMoreStates: the states added after the
// first nine, and the rows added to those nine. A reverse charged line
// is 0.00, collected from the buyer, REVERSE_CHARGE, rule
// domestic-reverse-charge; otherwise the seller charges the VAT, worked
// by hand as the net price times the standard rate, rounded half up to
// the cent: Ireland 21% in 2010 and 2011 and 23% from 2012, Poland 23%,
// Sweden 25%, Finland 23% in 2011, Austria 20%, the Czech Republic 20%
// in 2011, Slovakia 20% until 2024 and 23% from 2025, Italy 20% before
// September 17, 2011, Germany 19%, Hungary 20% in 2007 and 27% from
// 2012, Estonia 20% in 2010, Croatia 25%, Denmark 25%, Portugal 21% in
// 2007, Latvia 22% in 2011, Cyprus 19%. Poland's threshold is more than
// PLN 20,000 and Sweden's more than SEK 100,000 of the listed goods of
// the document together; Poland's rows end on 2019-10-31.
func TestDomesticReverseChargeSalesMoreStates(t *testing.T) {
	e := testEngine(t)
	rc := drcGot{tax: "0.00", rule: DomesticReverseChargeRule, from: wire.TaxCollectedFromBuyer, io: wire.InputOutputTypeOutput, reverse: true}
	vat := func(tax string) drcGot {
		return drcGot{tax: tax, rule: "domestic-supply", from: wire.TaxCollectedFromSeller, io: wire.InputOutputTypeOutput}
	}
	for _, c := range []drcCase{
		{name: "IE construction to a principal contractor, assumed", date: "2026-06-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "IE construction on 2008-09-01, its start, assumed", date: "2008-09-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "IE emission allowances on 2010-04-08", date: "2010-04-08", cur: "EUR", seller: drcDublin, customer: drcCork,
			lines: []drcLine{{"EMISSION_ALLOWANCES", "1000.00"}}, want: []drcGot{rc}},
		{name: "IE emission allowances on 2010-04-07: 21% is 210.00", date: "2010-04-07", cur: "EUR", seller: drcDublin, customer: drcCork,
			lines: []drcLine{{"EMISSION_ALLOWANCES", "1000.00"}}, want: []drcGot{vat("210.00")}},
		{name: "IE scrap on 2011-05-01 to a scrap dealer, assumed", date: "2011-05-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "IE scrap on 2011-04-30: 21% is 21.00", date: "2011-04-30", cur: "EUR", seller: drcDublin, customer: drcCork,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{vat("21.00")}},
		{name: "IE scrap of 100.05 to a consumer: 23% is 23.01", date: "2026-06-01", cur: "EUR", seller: drcDublin, customer: drcCork, consumer: true,
			lines: []drcLine{{"SCRAP_METAL", "100.05"}}, want: []drcGot{vat("23.01")}},
		{name: "IE wholesale gas and electricity on 2016-01-01 to a dealer, assumed", date: "2016-01-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			lines: []drcLine{{"WHOLESALE_GAS_ELECTRICITY", "5000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "IE mobile phones, which Ireland does not list: 23% is 1,380.00", date: "2026-06-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			lines: []drcLine{{"MOBILE_PHONES", "6000.00"}}, want: []drcGot{vat("1380.00")}},
		{name: "PL phones of 20,000.00, not more than PLN 20,000: 4,600.00", date: "2017-06-01", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"MOBILE_PHONES", "20000.00"}}, want: []drcGot{vat("4600.00")}},
		{name: "PL phones of 20,000.01", date: "2017-06-01", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"MOBILE_PHONES", "20000.01"}}, want: []drcGot{rc}},
		{name: "PL phones of 12,000.00 and consoles of 8,000.01: one transaction", date: "2017-06-01", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"MOBILE_PHONES", "12000.00"}, {"GAME_CONSOLES", "8000.01"}}, want: []drcGot{rc, rc}},
		{name: "PL laptops of 12,000.00 and a GENERAL line of 8,000.01: 2,760.00 and 1,840.00", date: "2017-06-01", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"LAPTOPS", "12000.00"}, {"GENERAL", "8000.01"}}, want: []drcGot{vat("2760.00"), vat("1840.00")}},
		{name: "PL tablets on 2015-06-30, before the start: 6,900.00", date: "2015-06-30", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"TABLET_COMPUTERS", "30000.00"}}, want: []drcGot{vat("6900.00")}},
		{name: "PL tablets on 2015-07-01", date: "2015-07-01", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"TABLET_COMPUTERS", "30000.00"}}, want: []drcGot{rc}},
		{name: "PL phones on 2019-10-31, the last day", date: "2019-10-31", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"MOBILE_PHONES", "30000.00"}}, want: []drcGot{rc}},
		{name: "PL phones on 2019-11-01, after the repeal: 6,900.00", date: "2019-11-01", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"MOBILE_PHONES", "30000.00"}}, want: []drcGot{vat("6900.00")}},
		{name: "SE phones of 100,000.00, not more than SEK 100,000: 25,000.00", date: "2026-06-01", cur: "SEK", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"MOBILE_PHONES", "100000.00"}}, want: []drcGot{vat("25000.00")}},
		{name: "SE phones of 100,000.01", date: "2026-06-01", cur: "SEK", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"MOBILE_PHONES", "100000.01"}}, want: []drcGot{rc}},
		{name: "SE chips of 60,000.00 and laptops of 40,000.01: one invoice", date: "2026-06-01", cur: "SEK", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"INTEGRATED_CIRCUITS", "60000.00"}, {"LAPTOPS", "40000.01"}}, want: []drcGot{rc, rc}},
		{name: "SE tablets on 2021-03-31, before the start: 50,000.00", date: "2021-03-31", cur: "SEK", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"TABLET_COMPUTERS", "200000.00"}}, want: []drcGot{vat("50000.00")}},
		{name: "SE tablets on 2021-04-01", date: "2021-04-01", cur: "SEK", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"TABLET_COMPUTERS", "200000.00"}}, want: []drcGot{rc}},
		{name: "SE consoles in EUR with nothing that converts them: 25% is 5,000.00, flagged", date: "2026-06-01", cur: "EUR", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"GAME_CONSOLES", "20000.00"}}, want: []drcGot{vat("5000.00")}, unweighed: true},
		{name: "SE construction on 2007-07-01 to a builder, assumed", date: "2007-07-01", cur: "SEK", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "10000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "SE construction on 2007-06-30: 25% is 2,500.00", date: "2007-06-30", cur: "SEK", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "10000.00"}}, want: []drcGot{vat("2500.00")}},
		{name: "FI construction on 2011-04-01 to a builder, assumed", date: "2011-04-01", cur: "EUR", seller: drcHelsinki, customer: drcTampere,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "FI construction on 2011-03-31: 23% is 230.00", date: "2011-03-31", cur: "EUR", seller: drcHelsinki, customer: drcTampere,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{vat("230.00")}},
		{name: "AT construction on 2002-10-01 to a builder, assumed", date: "2002-10-01", cur: "EUR", seller: drcVienna, customer: drcGraz,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "AT construction on 2002-09-30: 20% is 200.00", date: "2002-09-30", cur: "EUR", seller: drcVienna, customer: drcGraz,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{vat("200.00")}},
		{name: "AT scrap on 2007-07-01", date: "2007-07-01", cur: "EUR", seller: drcVienna, customer: drcGraz,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{rc}},
		{name: "AT scrap on 2007-06-30: 20% is 20.00", date: "2007-06-30", cur: "EUR", seller: drcVienna, customer: drcGraz,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{vat("20.00")}},
		{name: "CZ construction on 2012-01-01, no threshold", date: "2012-01-01", cur: "CZK", seller: drcPrague, customer: drcBrno,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "10000.00"}}, want: []drcGot{rc}},
		{name: "CZ construction on 2011-12-31: 20% is 2,000.00", date: "2011-12-31", cur: "CZK", seller: drcPrague, customer: drcBrno,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "10000.00"}}, want: []drcGot{vat("2000.00")}},
		{name: "CZ scrap on 2011-04-01", date: "2011-04-01", cur: "CZK", seller: drcPrague, customer: drcBrno,
			lines: []drcLine{{"SCRAP_METAL", "1000.00"}}, want: []drcGot{rc}},
		{name: "CZ scrap on 2011-03-31: 20% is 200.00", date: "2011-03-31", cur: "CZK", seller: drcPrague, customer: drcBrno,
			lines: []drcLine{{"SCRAP_METAL", "1000.00"}}, want: []drcGot{vat("200.00")}},
		{name: "SK construction on 2016-01-01", date: "2016-01-01", cur: "EUR", seller: drcBratislava, customer: drcKosice,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}},
		{name: "SK construction on 2015-12-31: 20% is 200.00", date: "2015-12-31", cur: "EUR", seller: drcBratislava, customer: drcKosice,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{vat("200.00")}},
		{name: "SK construction to a consumer: 23% (from 2025) of 1,000.05 is 230.01", date: "2026-06-01", cur: "EUR", seller: drcBratislava, customer: drcKosice, consumer: true,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.05"}}, want: []drcGot{vat("230.01")}},
		{name: "IT phones on 2011-04-01 before retail, assumed", date: "2011-04-01", cur: "EUR", seller: drcMilan, customer: drcRome,
			lines: []drcLine{{"MOBILE_PHONES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "IT phones on 2011-03-31: 20% is 200.00", date: "2011-03-31", cur: "EUR", seller: drcMilan, customer: drcRome,
			lines: []drcLine{{"MOBILE_PHONES", "1000.00"}}, want: []drcGot{vat("200.00")}},
		{name: "IT chips of 1.00, no threshold, assumed", date: "2026-06-01", cur: "EUR", seller: drcMilan, customer: drcRome,
			lines: []drcLine{{"INTEGRATED_CIRCUITS", "1.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "GB emission allowances on 2010-11-01, no de minimis", date: "2010-11-01", cur: "GBP", seller: drcLondon, customer: drcLeeds,
			lines: []drcLine{{"EMISSION_ALLOWANCES", "100.00"}}, want: []drcGot{rc}},
		{name: "DE wholesale gas and electricity on 2013-09-01 between resellers, assumed", date: "2013-09-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"WHOLESALE_GAS_ELECTRICITY", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "DE wholesale gas and electricity on 2013-08-31: 19% is 190.00", date: "2013-08-31", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"WHOLESALE_GAS_ELECTRICITY", "1000.00"}}, want: []drcGot{vat("190.00")}},
		{name: "PL construction by a subcontractor on 2017-01-01, assumed", date: "2017-01-01", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "10000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "PL construction on 2016-12-31: 23% is 2,300.00", date: "2016-12-31", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "10000.00"}}, want: []drcGot{vat("2300.00")}},
		{name: "PL construction on 2019-11-01, after the repeal: 2,300.00", date: "2019-11-01", cur: "PLN", seller: drcWarsaw, customer: drcKrakow,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "10000.00"}}, want: []drcGot{vat("2300.00")}},
		{name: "HU construction on 2008-01-01 needing a permit, assumed", date: "2008-01-01", cur: "HUF", seller: drcBudapest, customer: drcDebrecen,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "100000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "HU construction on 2007-12-31: 20% is 20,000.00", date: "2007-12-31", cur: "HUF", seller: drcBudapest, customer: drcDebrecen,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "100000.00"}}, want: []drcGot{vat("20000.00")}},
		{name: "HU construction to a consumer: 27% of 100,000.00 is 27,000.00", date: "2026-06-01", cur: "HUF", seller: drcBudapest, customer: drcDebrecen, consumer: true,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "100000.00"}}, want: []drcGot{vat("27000.00")}},
		{name: "SE emission allowances on 2011-01-01", date: "2011-01-01", cur: "SEK", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"EMISSION_ALLOWANCES", "10000.00"}}, want: []drcGot{rc}},
		{name: "SE emission allowances on 2010-12-31: 25% is 2,500.00", date: "2010-12-31", cur: "SEK", seller: drcStockholm, customer: drcGoteborg,
			lines: []drcLine{{"EMISSION_ALLOWANCES", "10000.00"}}, want: []drcGot{vat("2500.00")}},
		{name: "EE scrap on 2011-01-01", date: "2011-01-01", cur: "EUR", seller: drcTallinn, customer: drcTartu,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{rc}},
		{name: "EE scrap on 2010-12-31: 20% is 20.00", date: "2010-12-31", cur: "EUR", seller: drcTallinn, customer: drcTartu,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{vat("20.00")}},
		{name: "HR construction on 2013-07-01, the accession", date: "2013-07-01", cur: "HRK", seller: drcZagreb, customer: drcSplit,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "10000.00"}}, want: []drcGot{rc}},
		{name: "HR construction to a consumer: 25% of 1,000.02 is 250.01", date: "2026-06-01", cur: "EUR", seller: drcZagreb, customer: drcSplit, consumer: true,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.02"}}, want: []drcGot{vat("250.01")}},
		{name: "DK phones of 100.00 on 2014-07-01 from a wholesaler, no threshold, assumed", date: "2014-07-01", cur: "DKK", seller: drcCopenhagen, customer: drcAarhus,
			lines: []drcLine{{"MOBILE_PHONES", "100.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "DK phones on 2014-06-30: 25% is 25.00", date: "2014-06-30", cur: "DKK", seller: drcCopenhagen, customer: drcAarhus,
			lines: []drcLine{{"MOBILE_PHONES", "100.00"}}, want: []drcGot{vat("25.00")}},
		{name: "DK laptops and chips, each reverse charged, assumed", date: "2026-06-01", cur: "DKK", seller: drcCopenhagen, customer: drcAarhus,
			lines: []drcLine{{"LAPTOPS", "5000.00"}, {"INTEGRATED_CIRCUITS", "10.00"}}, want: []drcGot{rc, rc}, assumed: true},
		{name: "PT construction on 2007-04-01 under a contract for work, assumed", date: "2007-04-01", cur: "EUR", seller: drcLisbon, customer: drcPorto,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "PT construction on 2007-03-31: 21% is 210.00", date: "2007-03-31", cur: "EUR", seller: drcLisbon, customer: drcPorto,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{vat("210.00")}},
		{name: "LV construction on 2012-06-01, a contract of 2012 assumed", date: "2012-06-01", cur: "LVL", seller: drcRiga, customer: drcDaugavpils,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "LV construction on 2013-01-01, any contract, nothing assumed", date: "2013-01-01", cur: "LVL", seller: drcRiga, customer: drcDaugavpils,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}},
		{name: "LV construction on 2011-12-31: 22% is 220.00", date: "2011-12-31", cur: "LVL", seller: drcRiga, customer: drcDaugavpils,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{vat("220.00")}},
		{name: "LV scrap on 2011-10-01", date: "2011-10-01", cur: "LVL", seller: drcRiga, customer: drcDaugavpils,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{rc}},
		{name: "LV scrap on 2011-09-30: 22% is 22.00", date: "2011-09-30", cur: "LVL", seller: drcRiga, customer: drcDaugavpils,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{vat("22.00")}},
		{name: "CY phones on 2020-10-01 for the business, no threshold, assumed", date: "2020-10-01", cur: "EUR", seller: drcNicosia, customer: drcLimassol,
			lines: []drcLine{{"MOBILE_PHONES", "100.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "CY phones on 2020-09-30: 19% is 19.00", date: "2020-09-30", cur: "EUR", seller: drcNicosia, customer: drcLimassol,
			lines: []drcLine{{"MOBILE_PHONES", "100.00"}}, want: []drcGot{vat("19.00")}},
		{name: "CY construction on 2012-03-09", date: "2012-03-09", cur: "EUR", seller: drcNicosia, customer: drcLimassol,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}},
		{name: "CY construction to a consumer: 19% is 190.00", date: "2026-06-01", cur: "EUR", seller: drcNicosia, customer: drcLimassol, consumer: true,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{vat("190.00")}},
	} {
		c.check(t, e)
	}
}
