package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestVATRateCorrections sends a domestic sale of a GENERAL line on either
// side of the standard-rate changes that the rate sources miss and the
// curated corrections (internal/datagen/curated/vat-rate-corrections.csv)
// supply: Liechtenstein following Switzerland, Japan's and Iceland's
// history, Russia's and Kazakhstan's rises of 2026, the Gulf states'
// introductions and rises, and the others the sources miss, most of them
// from 2018 to 2026.
func TestVATRateCorrections(t *testing.T) {
	sale := func(city, postal, country, currency string) func(date, rate string) worldClassCase {
		return func(date, rate string) worldClassCase {
			return worldClassCase{city, "", postal, country, currency, date, "GENERAL", one(rate)}
		}
	}
	li := sale("Vaduz", "9490", "LI", "CHF")
	ch := sale("Zürich", "8001", "CH", "CHF")
	jp := sale("Tokyo", "100-0001", "JP", "JPY")
	is := sale("Reykjavík", "101", "IS", "ISK")
	ru := sale("Moscow", "101000", "RU", "RUB")
	kz := sale("Almaty", "050000", "KZ", "KZT")
	bh := sale("Manama", "317", "BH", "BHD")
	sa := sale("Riyadh", "11564", "SA", "SAR")
	tr := sale("Ankara", "06100", "TR", "TRY")
	lk := sale("Colombo", "00100", "LK", "LKR")
	th := sale("Bangkok", "10200", "TH", "THB")
	ec := sale("Quito", "170150", "EC", "USD")
	bs := sale("Nassau", "", "BS", "BSD")
	ng := sale("Lagos", "100001", "NG", "NGN")
	ke := sale("Nairobi", "00100", "KE", "KES")
	cn := sale("Beijing", "100000", "CN", "CNY")
	pk := sale("Karachi", "74000", "PK", "PKR")
	eg := sale("Cairo", "11511", "EG", "EGP")
	id := sale("Jakarta", "10110", "ID", "IDR")
	za := sale("Cape Town", "8001", "ZA", "ZAR")
	zw := sale("Harare", "", "ZW", "USD")
	checkWorldClassRates(t, []worldClassCase{
		li("2026-06-01", "0.081"), li("2024-01-01", "0.081"), li("2023-12-31", "0.077"), li("2020-06-01", "0.077"),
		li("2017-12-31", "0.08"), li("2011-01-01", "0.08"), li("2010-12-31", "0.076"),
		ch("2026-06-01", "0.081"), ch("2020-06-01", "0.077"), ch("2015-06-01", "0.08"), ch("2010-06-01", "0.076"),
		jp("2026-06-01", "0.1"), jp("2019-10-01", "0.1"), jp("2019-09-30", "0.08"), jp("2015-06-01", "0.08"),
		jp("2014-03-31", "0.05"), jp("2000-01-01", "0.05"), jp("1990-01-01", "0.03"),
		is("2026-06-01", "0.24"), is("2015-01-01", "0.24"), is("2014-06-01", "0.255"), is("2009-06-01", "0.245"),
		ru("2026-06-01", "0.22"), ru("2025-12-31", "0.2"), ru("2018-06-01", "0.18"),
		kz("2026-06-01", "0.16"), kz("2025-12-31", "0.12"),
		bh("2026-06-01", "0.1"), bh("2021-12-31", "0.05"), bh("2019-01-01", "0.05"),
		sa("2026-06-01", "0.15"), sa("2020-06-30", "0.05"), sa("2018-01-01", "0.05"),
		tr("2026-06-01", "0.2"), tr("2023-07-10", "0.2"), tr("2023-07-09", "0.18"),
		lk("2026-06-01", "0.18"), lk("2023-06-01", "0.15"), lk("2022-07-01", "0.12"), lk("2021-06-01", "0.08"), lk("2018-06-01", "0.15"),
		th("2026-06-01", "0.07"), th("2023-09-01", "0.07"), th("2023-08-31", "0.07"), th("2026-11-28", "0.07"),
		ec("2026-06-01", "0.15"), ec("2024-03-31", "0.12"),
		bs("2026-06-01", "0.1"), bs("2020-06-01", "0.12"), bs("2016-06-01", "0.075"),
		ng("2026-06-01", "0.075"), ng("2020-01-31", "0.05"),
		ke("2020-06-01", "0.14"), ke("2021-01-01", "0.16"),
		cn("2026-06-01", "0.13"), cn("2019-03-31", "0.16"), cn("2018-04-30", "0.17"),
		pk("2026-06-01", "0.18"), pk("2023-02-13", "0.17"),
		eg("2026-06-01", "0.14"), eg("2017-07-01", "0.14"), eg("2017-06-30", "0.13"), eg("2016-09-08", "0.13"),
		id("2026-06-01", "0.11"), id("2022-03-31", "0.1"),
		za("2026-06-01", "0.15"), za("2018-03-31", "0.14"),
		zw("2026-06-01", "0.155"), zw("2025-12-31", "0.15"), zw("2022-12-31", "0.145"), zw("2019-12-31", "0.15"),
	})
}

// TestNoVATWhereNoneIsInForce: Kuwait and Qatar have no VAT in force, so
// a domestic sale there bears no tax at all, as in a country the dataset
// has no tax for; the Gulf states that introduced a VAT charged none
// before (the UAE and Saudi Arabia before 2018, Bahrain before 2019, Oman
// before April 16, 2021), nor did the Bahamas before 2015, Egypt before
// September 8, 2016, Angola before October 1, 2019 (their earlier sales
// and consumption taxes are not modelled) and Japan before its
// consumption tax of April 1, 1989.
func TestNoVATWhereNoneIsInForce(t *testing.T) {
	none := func(city, postal, country, currency, date string) worldClassCase {
		return worldClassCase{city, "", postal, country, currency, date, "GENERAL", nil}
	}
	checkWorldClassRates(t, []worldClassCase{
		none("Kuwait City", "13001", "KW", "KWD", "2026-06-01"),
		none("Kuwait City", "13001", "KW", "KWD", "2019-06-01"),
		none("Doha", "", "QA", "QAR", "2026-06-01"),
		none("Doha", "", "QA", "QAR", "2020-06-01"),
		none("Dubai", "", "AE", "AED", "2017-12-31"),
		none("Riyadh", "11564", "SA", "SAR", "2017-12-31"),
		none("Manama", "317", "BH", "BHD", "2018-12-31"),
		none("Muscat", "100", "OM", "OMR", "2021-04-15"),
		none("Tokyo", "100-0001", "JP", "JPY", "1989-03-31"),
		none("Nassau", "", "BS", "BSD", "2014-12-31"),
		none("Luanda", "", "AO", "AOA", "2019-09-30"),
		none("Cairo", "11511", "EG", "EGP", "2016-09-07"),
	})
	checkWorldClassRates(t, []worldClassCase{
		{"Dubai", "", "", "AE", "AED", "2018-01-01", "GENERAL", one("0.05")},
		{"Muscat", "", "100", "OM", "OMR", "2021-04-16", "GENERAL", one("0.05")},
		{"Tokyo", "", "100-0001", "JP", "JPY", "1989-04-01", "GENERAL", one("0.03")},
		{"Luanda", "", "", "AO", "AOA", "2019-10-01", "GENERAL", one("0.14")},
	})
}

// TestNoTaxLeviedSaysSo: a line in a country that levies no tax Levy
// knows of (Kuwait and Qatar, without a VAT in force; Hong Kong) bears no
// tax record, and says why in an assisted parameter that a batch does not
// flag (Explains); a line taxed elsewhere does not.
func TestNoTaxLeviedSaysSo(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		city, postal, country, currency string
		untaxed                         bool
	}{
		{"Kuwait City", "13001", "KW", "KWD", true},
		{"Doha", "", "QA", "QAR", true},
		{"Hong Kong", "", "HK", "HKD", true},
		{"Tokyo", "100-0001", "JP", "JPY", false},
	} {
		at := Address(c.city, c.postal, c.country)
		q := Quotation("2026-09-01", SellerAt(at), CustomerAt(at), Line("l", "GENERAL", "100"))
		q.Currency = CurrencyCode(c.currency)
		resp, err := e.Sale(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", c.country, err)
		}
		l := resp.LineItems[0]
		var said *wire.AssistedParameter
		for i := range l.AssistedParameters {
			if l.AssistedParameters[i].RuleName == NoTaxRule {
				said = &l.AssistedParameters[i]
			}
		}
		switch {
		case c.untaxed && (len(l.Taxes) != 0 || said == nil || said.OriginalValue != c.country || said.ParamName != "destination"):
			t.Errorf("%s: %d tax records, parameter %+v; want none and a %s parameter naming %s", c.country, len(l.Taxes), said, NoTaxRule, c.country)
		case !c.untaxed && said != nil:
			t.Errorf("%s: a taxed line says %+v", c.country, said)
		}
	}
	if !Explains(NoTaxRule) {
		t.Errorf("Explains(%q) = false: a batch would flag a document for a fact", NoTaxRule)
	}
}
