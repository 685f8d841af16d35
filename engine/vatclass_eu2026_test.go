package engine

import "testing"

// The tests of this file check the EU member states' rate changes of 2025
// and 2026 against the product class rows of
// internal/datagen/curated/vat-product-classes.csv and the rate
// corrections of vat-rate-corrections.csv, each on both sides of the day it
// took effect, and the rates in force on 2026-11-28. Changes that reach no
// class of Levy's (admissions, Latvia's and Austria's lists of basic
// foods) are left to the classes that stand for the bulk of the category:
// FOOD keeps the general food rate. Hotels and other accommodation in
// Belgium, the Netherlands and Lithuania have the class ACCOMMODATION,
// whose changes accommodation_test.go checks.

// TestVATClassRatesEUChanges2026 sends domestic sales on both sides of the
// class changes of 2025 and 2026 that the rows hold: Austria's 0% for
// menstrual products from 2026, Slovakia's restaurant meals at 10% from
// 2023 and 5% from 2025 and its sweetened drinks at 19% in 2025 and 23%
// from 2026, Ireland's restaurant meals at 13.5% before the 9% of July
// 2011 and again from July 2026, Germany's 7% for restaurant meals from
// 2026, Sweden's food at 6% from April 2026, Finland's 13.5% from 2026,
// Lithuania's books at 5% from 2026, Estonia's 24% from July 2025 and
// Romania's 21% and 11% from August 2025.
func TestVATClassRatesEUChanges2026(t *testing.T) {
	checkVATClassRates(t, []vatClassCase{
		// Austria: menstrual products exempt with the right to deduct from 2026.
		{"Wien", "1010", "AT", "2025-12-31", "MENSTRUAL_PRODUCTS", "0.1"},
		{"Wien", "1010", "AT", "2026-01-01", "MENSTRUAL_PRODUCTS", "0"},
		{"Wien", "1010", "AT", "2026-11-28", "MENSTRUAL_PRODUCTS", "0"},
		{"Wien", "1010", "AT", "2026-11-28", "FOOD", "0.1"},
		// Slovakia: restaurant and catering services.
		{"Bratislava", "811 01", "SK", "2022-12-31", "PREPARED_FOOD", "0.2"},
		{"Bratislava", "811 01", "SK", "2023-01-01", "PREPARED_FOOD", "0.1"},
		{"Bratislava", "811 01", "SK", "2024-12-31", "PREPARED_FOOD", "0.1"},
		{"Bratislava", "811 01", "SK", "2025-01-01", "PREPARED_FOOD", "0.05"},
		{"Bratislava", "811 01", "SK", "2026-11-28", "PREPARED_FOOD", "0.05"},
		// Slovakia: sweetened drinks at 19% in 2025, 23% from 2026.
		{"Bratislava", "811 01", "SK", "2024-12-31", "SOFT_DRINKS", "0.2"},
		{"Bratislava", "811 01", "SK", "2025-01-01", "SOFT_DRINKS", "0.19"},
		{"Bratislava", "811 01", "SK", "2025-12-31", "SOFT_DRINKS", "0.19"},
		{"Bratislava", "811 01", "SK", "2026-01-01", "SOFT_DRINKS", "0.23"},
		{"Bratislava", "811 01", "SK", "2026-11-28", "GENERAL", "0.23"},
		{"Bratislava", "811 01", "SK", "2026-11-28", "FOOD", "0.05"},
		{"Bratislava", "811 01", "SK", "2026-11-28", "BOTTLED_WATER", "0.19"},
		{"Bratislava", "811 01", "SK", "2026-11-28", "CANDY", "0.23"},
		// Ireland: restaurant meals at 13.5% before July 2011 and from
		// September 2023 to June 2026, 9% from July 2026.
		{"Dublin", "D02 X285", "IE", "2008-06-01", "PREPARED_FOOD", "0.135"},
		{"Dublin", "D02 X285", "IE", "2011-06-30", "PREPARED_FOOD", "0.135"},
		{"Dublin", "D02 X285", "IE", "2011-07-01", "PREPARED_FOOD", "0.09"},
		{"Dublin", "D02 X285", "IE", "2026-06-30", "PREPARED_FOOD", "0.135"},
		{"Dublin", "D02 X285", "IE", "2026-07-01", "PREPARED_FOOD", "0.09"},
		{"Dublin", "D02 X285", "IE", "2026-11-28", "PREPARED_FOOD", "0.09"},
		// Germany: restaurant meals at 7% from 2026.
		{"Berlin", "10115", "DE", "2025-12-31", "PREPARED_FOOD", "0.19"},
		{"Berlin", "10115", "DE", "2026-01-01", "PREPARED_FOOD", "0.07"},
		// Sweden: food halved to 6% from April 2026 to 2027; restaurants
		// stay at 12%.
		{"Stockholm", "111 20", "SE", "2026-03-31", "FOOD", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-04-01", "FOOD", "0.06"},
		{"Stockholm", "111 20", "SE", "2026-11-28", "PREPARED_FOOD", "0.12"},
		// Finland: 25.5% from September 2024, the 14% rate at 13.5% from 2026.
		{"Helsinki", "00100", "FI", "2024-08-31", "GENERAL", "0.24"},
		{"Helsinki", "00100", "FI", "2024-09-01", "GENERAL", "0.255"},
		{"Helsinki", "00100", "FI", "2025-12-31", "PREPARED_FOOD", "0.14"},
		{"Helsinki", "00100", "FI", "2026-01-01", "PREPARED_FOOD", "0.135"},
		// Lithuania: books from 9% to 5% in 2026.
		{"Vilnius", "01100", "LT", "2025-12-31", "BOOKS", "0.09"},
		{"Vilnius", "01100", "LT", "2026-01-01", "BOOKS", "0.05"},
		// Estonia: 24% from July 2025, medicines and books still at 9%.
		{"Tallinn", "10111", "EE", "2025-06-30", "GENERAL", "0.22"},
		{"Tallinn", "10111", "EE", "2025-07-01", "GENERAL", "0.24"},
		{"Tallinn", "10111", "EE", "2026-11-28", "PRESCRIPTION_DRUGS", "0.09"},
		// Romania: 21% and 11% from August 2025.
		{"Bucuresti", "010011", "RO", "2025-07-31", "GENERAL", "0.19"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "GENERAL", "0.21"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "PREPARED_FOOD", "0.11"},
	})
}

// TestVATClassRatesEUUnchanged2026 sends sales on 2026-11-28 of the classes
// that announced changes of 2025 and 2026 could have reached but did not:
// Belgium's restaurant meals stay at 12% and food at 6% (the 12% for
// take-away meals was withdrawn before the decree of March 2026, which
// raised only hotels and campsites), the Netherlands' food, drinks and
// books stay at 9% (only accommodation went to 21%), Czechia's medicines
// stay at 12% (a 0% rate for prescription medicines is a plan of the
// government of December 2025, not an act in force) and its restaurant
// meals at the 12% of 2024, and Latvia's general food stays at 21% (the
// 12% from July 2026 covers bread, fresh milk, poultry and eggs only).
func TestVATClassRatesEUUnchanged2026(t *testing.T) {
	checkVATClassRates(t, []vatClassCase{
		{"Bruxelles", "1000", "BE", "2026-11-28", "PREPARED_FOOD", "0.12"},
		{"Bruxelles", "1000", "BE", "2026-11-28", "FOOD", "0.06"},
		{"Bruxelles", "1000", "BE", "2026-11-28", "SOFT_DRINKS", "0.06"},
		{"Amsterdam", "1011 AB", "NL", "2026-11-28", "FOOD", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-11-28", "BOOKS", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-11-28", "PREPARED_FOOD", "0.09"},
		{"Praha", "11000", "CZ", "2026-11-28", "PRESCRIPTION_DRUGS", "0.12"},
		{"Praha", "11000", "CZ", "2026-11-28", "PREPARED_FOOD", "0.12"},
		{"Praha", "11000", "CZ", "2026-11-28", "SOFT_DRINKS", "0.21"},
		{"Riga", "LV-1050", "LV", "2026-11-28", "FOOD", "0.21"},
		{"Riga", "LV-1050", "LV", "2026-11-28", "GENERAL", "0.21"},
	})
}
