package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// worldClassCase is a domestic sale of one product class, outside the EU,
// on a day, in the country's currency, with the rate of each of its tax
// records in the order the response gives them (for Canada, the GST and
// then the province's HST, PST or QST).
type worldClassCase struct {
	city, division, postalCode, country, currency string
	date, class                                   string
	rates                                         []string
}

// checkWorldClassRates sends each case as a domestic quotation of 100.00
// in the country's currency and checks the rate of each tax record of the
// line.
func checkWorldClassRates(t *testing.T, cases []worldClassCase) {
	t.Helper()
	e := testEngine(t)
	for _, c := range cases {
		at := Address(c.city, c.postalCode, c.country)
		at.MainDivision = c.division
		q := Quotation(c.date, SellerAt(at), CustomerAt(at), Line("l", c.class, "100.00"))
		q.Currency = CurrencyCode(c.currency)
		name := strings.TrimSpace(c.country + " " + c.division + " " + c.class + " on " + c.date)
		resp, err := e.Sale(context.Background(), q)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		taxes := resp.LineItems[0].Taxes
		if len(taxes) != len(c.rates) {
			t.Errorf("%s: %d tax records, want %d", name, len(taxes), len(c.rates))
			continue
		}
		for i, x := range taxes {
			if got := x.EffectiveRate.Decimal(); !got.Equal(decimal.RequireFromString(c.rates[i])) {
				rule := ""
				if x.CalculationRuleID != nil {
					rule = x.CalculationRuleID.Value
				}
				t.Errorf("%s: %s rate %s (rule %s), want %s", name, x.Jurisdiction.JurisdictionID, got, rule, c.rates[i])
			}
		}
	}
}

// one returns the rates of a sale that bears one tax.
func one(rate string) []string { return []string{rate} }

// TestVATClassesSwitzerland sends sales of the classes that Switzerland
// taxes at its reduced rate, 2.5% until 2023 and 2.6% from 2024, on both
// sides of the change, e-books from the day they joined printed books
// (January 1, 2018), menstrual products before and after they joined them
// on January 1, 2025, and restaurant meals at the standard rate.
func TestVATClassesSwitzerland(t *testing.T) {
	ch := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Zürich", "", "8001", "CH", "CHF", date, class, one(rate)}
	}
	var cases []worldClassCase
	for _, class := range []string{"FOOD", "BOTTLED_WATER", "SOFT_DRINKS", "CANDY", "BOOKS", "TEXTBOOKS", "NEWSPAPERS",
		"MAGAZINES", "EBOOKS", "PRESCRIPTION_DRUGS", "OTC_DRUGS"} {
		cases = append(cases, ch("2023-12-31", class, "0.025"), ch("2024-01-01", class, "0.026"))
	}
	cases = append(cases,
		ch("2018-01-01", "EBOOKS", "0.025"),
		ch("2016-06-01", "BOOKS", "0.025"),
		ch("2024-12-31", "MENSTRUAL_PRODUCTS", "0.081"),
		ch("2025-01-01", "MENSTRUAL_PRODUCTS", "0.026"),
		ch("2026-06-01", "MENSTRUAL_PRODUCTS", "0.026"),
		ch("2026-06-01", "PREPARED_FOOD", "0.081"),
		ch("2026-06-01", "GENERAL", "0.081"),
		ch("2026-06-01", "DIAPERS", "0.081"),
		ch("2026-06-01", "MEDICAL_DEVICES", "0.081"),
	)
	checkWorldClassRates(t, cases)
}

// TestVATClassesNorway sends sales of food and drink at Norway's 15%,
// books, textbooks and newspapers at its zero rate, e-books before and
// after they joined them on July 1, 2019, and the classes that keep 25%.
func TestVATClassesNorway(t *testing.T) {
	no := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Oslo", "", "0150", "NO", "NOK", date, class, one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		no("2012-01-01", "FOOD", "0.15"),
		no("2026-06-01", "FOOD", "0.15"),
		no("2026-06-01", "BOTTLED_WATER", "0.15"),
		no("2026-06-01", "SOFT_DRINKS", "0.15"),
		no("2026-06-01", "CANDY", "0.15"),
		no("2026-06-01", "BOOKS", "0"),
		no("2026-06-01", "TEXTBOOKS", "0"),
		no("2026-06-01", "NEWSPAPERS", "0"),
		no("2019-06-30", "EBOOKS", "0.25"),
		no("2019-07-01", "EBOOKS", "0"),
		no("2026-06-01", "PREPARED_FOOD", "0.25"),
		no("2026-06-01", "MAGAZINES", "0.25"),
		no("2026-06-01", "PRESCRIPTION_DRUGS", "0.25"),
		no("2026-06-01", "GENERAL", "0.25"),
	})
}

// TestVATClassesIceland sends sales of the classes at Iceland's 11% since
// 2015 and of menstrual products before and after they joined them on
// September 1, 2019.
func TestVATClassesIceland(t *testing.T) {
	is := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Reykjavík", "", "101", "IS", "ISK", date, class, one(rate)}
	}
	var cases []worldClassCase
	for _, class := range []string{"FOOD", "PREPARED_FOOD", "BOTTLED_WATER", "SOFT_DRINKS", "CANDY", "BOOKS", "EBOOKS",
		"TEXTBOOKS", "NEWSPAPERS", "MAGAZINES"} {
		cases = append(cases, is("2015-01-01", class, "0.11"), is("2026-06-01", class, "0.11"))
	}
	cases = append(cases,
		is("2019-08-31", "MENSTRUAL_PRODUCTS", "0.24"),
		is("2019-09-01", "MENSTRUAL_PRODUCTS", "0.11"),
		is("2026-06-01", "PRESCRIPTION_DRUGS", "0.24"),
		is("2026-06-01", "GENERAL", "0.24"),
	)
	checkWorldClassRates(t, cases)
}

// TestVATClassesJapan sends sales of food, non-alcoholic drinks and
// supplements (food under the Food Labeling Act) and of newspapers (the
// class as a whole: subscriptions of papers published at least twice a
// week) at Japan's reduced consumption tax rate of 8% from October 1,
// 2019, at the single rate before (8% from April 2014, 5% before),
// prescription drugs dispensed under public medical insurance as
// non-taxable (exempt, at no rate) since 1989, and the classes that take
// 10%: restaurant meals (split: take-out is at 8%), books, magazines,
// textbooks (the non-taxable school textbooks approved by the Ministry of
// Education are not the class's), diapers and menstrual products.
func TestVATClassesJapan(t *testing.T) {
	jp := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Tokyo", "", "100-0001", "JP", "JPY", date, class, one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		jp("2019-10-01", "FOOD", "0.08"),
		jp("2026-06-01", "FOOD", "0.08"),
		jp("2026-06-01", "BOTTLED_WATER", "0.08"),
		jp("2026-06-01", "SOFT_DRINKS", "0.08"),
		jp("2026-06-01", "CANDY", "0.08"),
		jp("2026-06-01", "PREPARED_FOOD", "0.1"),
		jp("2019-10-01", "NEWSPAPERS", "0.08"),
		jp("2026-06-01", "NEWSPAPERS", "0.08"),
		jp("2019-09-30", "NEWSPAPERS", "0.08"),
		jp("2014-03-31", "NEWSPAPERS", "0.05"),
		jp("2019-10-01", "DIETARY_SUPPLEMENTS", "0.08"),
		jp("2026-06-01", "DIETARY_SUPPLEMENTS", "0.08"),
		jp("2014-03-31", "DIETARY_SUPPLEMENTS", "0.05"),
		jp("2026-06-01", "PRESCRIPTION_DRUGS", "0"),
		jp("2019-09-30", "PRESCRIPTION_DRUGS", "0"),
		jp("1990-01-01", "PRESCRIPTION_DRUGS", "0"),
		jp("2026-06-01", "BOOKS", "0.1"),
		jp("2026-06-01", "MAGAZINES", "0.1"),
		jp("2026-06-01", "TEXTBOOKS", "0.1"),
		jp("2026-06-01", "DIAPERS", "0.1"),
		jp("2026-06-01", "MENSTRUAL_PRODUCTS", "0.1"),
		jp("2019-09-30", "FOOD", "0.08"),
		jp("2014-03-31", "FOOD", "0.05"),
		jp("2026-06-01", "OTC_DRUGS", "0.1"),
		jp("2026-06-01", "GENERAL", "0.1"),
	})
}

// TestVATClassesUnitedKingdom sends sales of the zero-rated publications
// and of women's sanitary products at 5% until 2020 and 0% from 2021, and
// of the food classes Schedule 8 leaves standard-rated.
func TestVATClassesUnitedKingdom(t *testing.T) {
	gb := func(date, class, rate string) worldClassCase {
		return worldClassCase{"London", "", "SW1A 1AA", "GB", "GBP", date, class, one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		gb("2026-06-01", "NEWSPAPERS", "0"),
		gb("2026-06-01", "MAGAZINES", "0"),
		gb("2026-06-01", "TEXTBOOKS", "0"),
		gb("2020-12-31", "MENSTRUAL_PRODUCTS", "0.05"),
		gb("2021-01-01", "MENSTRUAL_PRODUCTS", "0"),
		gb("2026-06-01", "MENSTRUAL_PRODUCTS", "0"),
		gb("2026-06-01", "BOTTLED_WATER", "0.2"),
		gb("2026-06-01", "SOFT_DRINKS", "0.2"),
		gb("2026-06-01", "CANDY", "0.2"),
		gb("2026-06-01", "OTC_DRUGS", "0.2"),
	})
}

// TestGSTClassesCanada sends sales of menstrual products before and after
// July 1, 2015, when the GST and HST (and Quebec's QST and Saskatchewan's
// PST) stopped taxing them, in provinces of each kind of tax. Ontario had
// rebated its part of the HST on them at the point of sale since July 1,
// 2010, so on June 30, 2015 the GST part alone was charged there.
func TestGSTClassesCanada(t *testing.T) {
	ca := func(city, prov, postal, date string, rates ...string) worldClassCase {
		return worldClassCase{city, prov, postal, "CA", "CAD", date, "MENSTRUAL_PRODUCTS", rates}
	}
	checkWorldClassRates(t, []worldClassCase{
		ca("Toronto", "ON", "M5V 3L9", "2015-06-30", "0.05", "0"),
		ca("Toronto", "ON", "M5V 3L9", "2015-07-01", "0", "0"),
		ca("Montreal", "QC", "H2X 1Y4", "2026-06-01", "0", "0"),
		ca("Regina", "SK", "S4P 0A1", "2026-06-01", "0", "0"),
		ca("Vancouver", "BC", "V6B 1A1", "2026-06-01", "0", "0"),
		ca("Calgary", "AB", "T2P 0A1", "2026-06-01", "0"),
		{"Toronto", "ON", "M5V 3L9", "CA", "CAD", "2026-06-01", "GENERAL", []string{"0.05", "0.08"}},
	})
}

// TestGSTClassesAustralia sends sales of menstrual products before and
// after they became GST-free on January 1, 2019, of plain bottled water,
// and of the food classes that stay taxable.
func TestGSTClassesAustralia(t *testing.T) {
	au := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Sydney", "", "2000", "AU", "AUD", date, class, one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		au("2018-12-31", "MENSTRUAL_PRODUCTS", "0.1"),
		au("2019-01-01", "MENSTRUAL_PRODUCTS", "0"),
		au("2026-06-01", "BOTTLED_WATER", "0"),
		au("2026-06-01", "SOFT_DRINKS", "0.1"),
		au("2026-06-01", "CANDY", "0.1"),
		au("2026-06-01", "PREPARED_FOOD", "0.1"),
	})
}

// TestVATClassesMexicoAndKorea sends sales of food and medicines at
// Mexico's 0% rate, of menstrual products before and after they joined it
// on January 1, 2022, and of the classes it leaves at 16%, and of the
// publications and the unprocessed staples that Korea exempts (processed
// food bears 10%; Levy's FOOD follows the staples).
func TestVATClassesMexicoAndKorea(t *testing.T) {
	mx := func(class, rate string) worldClassCase {
		return worldClassCase{"Ciudad de México", "", "06000", "MX", "MXN", "2026-06-01", class, one(rate)}
	}
	kr := func(class, rate string) worldClassCase {
		return worldClassCase{"Seoul", "", "04524", "KR", "KRW", "2026-06-01", class, one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		mx("FOOD", "0"),
		mx("PRESCRIPTION_DRUGS", "0"),
		mx("OTC_DRUGS", "0"),
		mx("PREPARED_FOOD", "0.16"),
		mx("SOFT_DRINKS", "0.16"),
		{"Ciudad de México", "", "06000", "MX", "MXN", "2021-12-31", "MENSTRUAL_PRODUCTS", one("0.16")},
		{"Ciudad de México", "", "06000", "MX", "MXN", "2022-01-01", "MENSTRUAL_PRODUCTS", one("0")},
		kr("BOOKS", "0"),
		kr("TEXTBOOKS", "0"),
		kr("NEWSPAPERS", "0"),
		kr("MAGAZINES", "0"),
		kr("FOOD", "0"),
	})
}

// TestVATClassesLiechtensteinAndIsleOfMan sends sales of the classes that
// Liechtenstein, whose VAT follows Switzerland's, taxes at 2.5% until 2023
// and 2.6% from 2024, and of those the Isle of Man, whose VAT follows the
// UK's, zero-rates.
func TestVATClassesLiechtensteinAndIsleOfMan(t *testing.T) {
	li := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Vaduz", "", "9490", "LI", "CHF", date, class, one(rate)}
	}
	im := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Douglas", "", "IM1 1AA", "IM", "GBP", date, class, one(rate)}
	}
	var cases []worldClassCase
	for _, class := range []string{"FOOD", "BOTTLED_WATER", "SOFT_DRINKS", "CANDY", "BOOKS", "TEXTBOOKS", "NEWSPAPERS",
		"MAGAZINES", "PRESCRIPTION_DRUGS", "OTC_DRUGS"} {
		cases = append(cases, li("2023-12-31", class, "0.025"), li("2024-01-01", class, "0.026"))
	}
	for _, class := range []string{"FOOD", "BOOKS", "TEXTBOOKS", "NEWSPAPERS", "MAGAZINES", "PRESCRIPTION_DRUGS"} {
		cases = append(cases, im("2026-06-01", class, "0"))
	}
	cases = append(cases,
		im("2021-01-01", "MENSTRUAL_PRODUCTS", "0"),
		im("2026-06-01", "CANDY", "0.2"),
		im("2026-06-01", "GENERAL", "0.2"),
	)
	checkWorldClassRates(t, cases)
}
