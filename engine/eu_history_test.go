package engine

import "testing"

// historySale returns a maker of domestic sales of a class in a country of the
// EU's rate source (or the United Kingdom or the Isle of Man), in the
// country's currency, that bear one VAT of the given rate (none for an
// empty rate).
func historySale(city, postal, country, currency string) func(date, class, rate string) worldClassCase {
	return func(date, class, rate string) worldClassCase {
		c := worldClassCase{city, "", postal, country, currency, date, class, nil}
		if rate != "" {
			c.rates = one(rate)
		}
		return c
	}
}

// TestEUStandardRateHistory sends a domestic sale of a GENERAL line on
// both sides of each change of the standard rate that the EU rate source
// misses and the curated corrections
// (internal/datagen/curated/vat-rate-corrections.csv) supply: the United
// Kingdom from the VAT's start on April 1, 1973, the Isle of Man before it
// joined the United Kingdom's VAT area on April 1, 1980 (and after, at
// the United Kingdom's rates), Germany from its VAT's start on January 1,
// 1968, and the member
// states' changes from 2008.
func TestEUStandardRateHistory(t *testing.T) {
	gb := historySale("London", "SW1A 1AA", "GB", "GBP")
	im := historySale("Douglas", "IM1 1AA", "IM", "GBP")
	de := historySale("Berlin", "10115", "DE", "EUR")
	it := historySale("Roma", "00184", "IT", "EUR")
	es := historySale("Madrid", "28001", "ES", "EUR")
	gr := historySale("Athina", "10431", "GR", "EUR")
	cy := historySale("Nicosia", "1010", "CY", "EUR")
	cz := historySale("Praha", "11000", "CZ", "CZK")
	ee := historySale("Tallinn", "10111", "EE", "EUR")
	fi := historySale("Helsinki", "00100", "FI", "EUR")
	hr := historySale("Zagreb", "10000", "HR", "EUR")
	hu := historySale("Budapest", "1051", "HU", "HUF")
	ie := historySale("Dublin", "D02 X285", "IE", "EUR")
	lt := historySale("Vilnius", "01100", "LT", "EUR")
	lv := historySale("Riga", "LV-1050", "LV", "EUR")
	pl := historySale("Warszawa", "00-001", "PL", "PLN")
	pt := historySale("Lisboa", "1100-148", "PT", "EUR")
	ro := historySale("Bucuresti", "010011", "RO", "RON")
	si := historySale("Ljubljana", "1000", "SI", "EUR")
	const g = "GENERAL"
	checkWorldClassRates(t, []worldClassCase{
		gb("1973-03-31", g, ""), gb("1973-04-01", g, "0.1"), gb("1974-07-28", g, "0.1"), gb("1974-07-29", g, "0.08"),
		gb("1979-06-17", g, "0.08"), gb("1979-06-18", g, "0.15"), gb("1990-06-01", g, "0.15"), gb("1991-03-31", g, "0.15"),
		gb("1991-04-01", g, "0.175"), gb("2008-11-30", g, "0.175"), gb("2008-12-01", g, "0.15"), gb("2009-06-01", g, "0.15"),
		gb("2009-12-31", g, "0.15"), gb("2010-01-01", g, "0.175"), gb("2010-12-31", g, "0.175"), gb("2011-01-03", g, "0.175"),
		gb("2011-01-04", g, "0.2"), gb("2026-06-01", g, "0.2"),
		im("1973-03-31", g, ""), im("1973-04-01", g, "0.1"), im("1975-06-01", g, "0.08"), im("1979-06-18", g, "0.15"),
		im("1980-03-31", g, "0.15"), im("1980-04-01", g, "0.15"), im("2009-06-01", g, "0.15"), im("2010-06-01", g, "0.175"),
		im("2026-06-01", g, "0.2"),
		de("1967-12-31", g, ""), de("1968-01-01", g, "0.1"), de("1968-07-01", g, "0.11"), de("1977-12-31", g, "0.11"),
		de("1978-01-01", g, "0.12"), de("1979-06-30", g, "0.12"), de("1979-07-01", g, "0.13"), de("1983-06-30", g, "0.13"),
		de("1983-07-01", g, "0.14"), de("1992-12-31", g, "0.14"), de("1993-01-01", g, "0.15"), de("1998-03-31", g, "0.15"), de("1998-04-01", g, "0.16"),
		de("2006-12-31", g, "0.16"), de("2007-01-01", g, "0.19"),
		it("2011-09-16", g, "0.2"), it("2011-09-17", g, "0.21"), it("2013-09-30", g, "0.21"), it("2013-10-01", g, "0.22"),
		es("2010-06-30", g, "0.16"), es("2010-07-01", g, "0.18"), es("2012-08-31", g, "0.18"), es("2012-09-01", g, "0.21"),
		gr("2010-03-14", g, "0.19"), gr("2010-03-15", g, "0.21"), gr("2010-06-30", g, "0.21"), gr("2010-07-01", g, "0.23"),
		cy("2012-02-29", g, "0.15"), cy("2012-03-01", g, "0.17"), cy("2013-01-13", g, "0.17"), cy("2013-01-14", g, "0.18"),
		cy("2014-01-12", g, "0.18"), cy("2014-01-13", g, "0.19"),
		cz("2009-12-31", g, "0.19"), cz("2010-01-01", g, "0.2"), cz("2012-12-31", g, "0.2"), cz("2013-01-01", g, "0.21"),
		ee("2009-06-30", g, "0.18"), ee("2009-07-01", g, "0.2"),
		fi("2010-06-30", g, "0.22"), fi("2010-07-01", g, "0.23"), fi("2012-12-31", g, "0.23"), fi("2013-01-01", g, "0.24"),
		hr("2009-07-31", g, "0.22"), hr("2009-08-01", g, "0.23"), hr("2012-02-29", g, "0.23"), hr("2012-03-01", g, "0.25"),
		hu("2009-06-30", g, "0.2"), hu("2009-07-01", g, "0.25"), hu("2011-12-31", g, "0.25"), hu("2012-01-01", g, "0.27"),
		ie("2008-11-30", g, "0.21"), ie("2008-12-01", g, "0.215"), ie("2009-12-31", g, "0.215"), ie("2010-01-01", g, "0.21"),
		ie("2011-12-31", g, "0.21"), ie("2012-01-01", g, "0.23"),
		lt("2008-12-31", g, "0.18"), lt("2009-01-01", g, "0.19"), lt("2009-08-31", g, "0.19"), lt("2009-09-01", g, "0.21"),
		lv("2008-12-31", g, "0.18"), lv("2009-01-01", g, "0.21"), lv("2010-12-31", g, "0.21"), lv("2011-01-01", g, "0.22"),
		lv("2012-06-30", g, "0.22"), lv("2012-07-01", g, "0.21"),
		pl("2010-12-31", g, "0.22"), pl("2011-01-01", g, "0.23"),
		pt("2008-06-30", g, "0.21"), pt("2008-07-01", g, "0.2"), pt("2010-06-30", g, "0.2"), pt("2010-07-01", g, "0.21"),
		pt("2010-12-31", g, "0.21"), pt("2011-01-01", g, "0.23"),
		ro("2010-06-30", g, "0.19"), ro("2010-07-01", g, "0.24"),
		si("2013-06-30", g, "0.2"), si("2013-07-01", g, "0.22"),
	})
}

// TestEUReducedRateHistory sends sales of classes that the product class
// rows tie to a reduced category on both sides of a change of that
// category that the EU rate source misses: Germany's reduced rates of
// 1968 to 1983 (5%, 5.5%, 6%, 6.5%), the United Kingdom's 5% before
// 2011, Spain's 7% and 8%, Finland's 8% and 9%, Greece's rates of 2010
// (4.5%, 5%, 5.5% and 9%, 10%, 11%), its 6% of July 2015 and 13% of early
// 2016, Czechia's single 10% of 2010 and 2011, 14% of 2012 and 15% of
// 2013 and 2014, Latvia's 10% of 2009 and 2010, Portugal's 5% before
// July 2010 and Slovenia's 8.5% before July 2013.
func TestEUReducedRateHistory(t *testing.T) {
	de := historySale("Berlin", "10115", "DE", "EUR")
	gb := historySale("London", "SW1A 1AA", "GB", "GBP")
	es := historySale("Madrid", "28001", "ES", "EUR")
	fi := historySale("Helsinki", "00100", "FI", "EUR")
	gr := historySale("Athina", "10431", "GR", "EUR")
	cz := historySale("Praha", "11000", "CZ", "CZK")
	lv := historySale("Riga", "LV-1050", "LV", "EUR")
	pt := historySale("Lisboa", "1100-148", "PT", "EUR")
	si := historySale("Ljubljana", "1000", "SI", "EUR")
	checkWorldClassRates(t, []worldClassCase{
		de("1968-06-30", "FOOD", "0.05"), de("1968-07-01", "FOOD", "0.055"), de("1978-01-01", "FOOD", "0.06"),
		de("1979-07-01", "FOOD", "0.065"), de("1983-07-01", "FOOD", "0.07"),
		gb("2005-06-01", "MENSTRUAL_PRODUCTS", "0.05"), gb("2011-01-03", "MENSTRUAL_PRODUCTS", "0.05"),
		gb("2011-01-04", "MENSTRUAL_PRODUCTS", "0.05"),
		es("2010-06-30", "FOOD", "0.07"), es("2010-07-01", "FOOD", "0.08"), es("2012-08-31", "FOOD", "0.08"),
		es("2012-09-01", "FOOD", "0.1"),
		fi("2010-06-30", "BOOKS", "0.08"), fi("2010-07-01", "BOOKS", "0.09"), fi("2012-12-31", "BOOKS", "0.09"),
		fi("2013-01-01", "BOOKS", "0.1"),
		gr("2010-03-14", "BOOKS", "0.045"), gr("2010-03-15", "BOOKS", "0.05"), gr("2010-07-01", "BOOKS", "0.055"),
		gr("2011-01-01", "BOOKS", "0.065"), gr("2010-03-14", "FOOD", "0.09"), gr("2010-03-15", "FOOD", "0.1"),
		gr("2010-12-31", "FOOD", "0.11"), gr("2011-01-01", "FOOD", "0.13"),
		gr("2015-07-19", "BOOKS", "0.065"), gr("2015-07-20", "BOOKS", "0.06"), gr("2015-12-31", "BOOKS", "0.06"),
		gr("2016-01-01", "FOOD", "0.13"), gr("2016-05-31", "FOOD", "0.13"), gr("2016-06-01", "FOOD", "0.13"),
		cz("2011-12-31", "PRESCRIPTION_DRUGS", "0.1"), cz("2012-01-01", "PRESCRIPTION_DRUGS", "0.14"),
		cz("2012-12-31", "PRESCRIPTION_DRUGS", "0.14"), cz("2013-01-01", "PRESCRIPTION_DRUGS", "0.15"),
		cz("2014-12-31", "PRESCRIPTION_DRUGS", "0.15"), cz("2015-01-01", "PRESCRIPTION_DRUGS", "0.1"),
		lv("2010-12-31", "PRESCRIPTION_DRUGS", "0.1"), lv("2011-01-01", "PRESCRIPTION_DRUGS", "0.12"),
		pt("2010-06-30", "FOOD", "0.05"), pt("2010-07-01", "FOOD", "0.06"),
		si("2013-06-30", "FOOD", "0.085"), si("2013-07-01", "FOOD", "0.095"),
	})
}
