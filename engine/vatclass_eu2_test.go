package engine

import "testing"

// TestVATClassRatesEUMemberStatesIEToSK sends domestic sales of the
// product classes that vat-product-classes.csv gives a treatment in
// Ireland, Italy, Lithuania, Luxembourg, Latvia, Malta, the Netherlands,
// Poland, Portugal, Romania, Sweden, Slovenia and Slovakia: each row on a
// day it is in force (its first and last day where it has them), and the
// standard rate on the day before a row starts or after it ends when no
// other row takes over. A reduced row follows its rate category through
// the rate table's own changes, so a day before such a change reads the
// category's rate of that day (the Netherlands' 6% before 2019,
// Slovakia's 10% before 2025, Romania's 5% and 9% before August 2025).
func TestVATClassRatesEUMemberStatesIEToSK(t *testing.T) {
	checkVATClassRates(t, []vatClassCase{
		// IE
		{"Dublin", "D02 X285", "IE", "2018-12-31", "EBOOKS", "0.23"}, // standard rate outside the row
		{"Dublin", "D02 X285", "IE", "2019-01-01", "EBOOKS", "0.09"},
		{"Dublin", "D02 X285", "IE", "2023-12-31", "EBOOKS", "0.09"},
		{"Dublin", "D02 X285", "IE", "2024-01-01", "EBOOKS", "0"},
		{"Dublin", "D02 X285", "IE", "2026-06-01", "MAGAZINES", "0.09"},
		{"Dublin", "D02 X285", "IE", "2026-06-01", "MEDICAL_DEVICES", "0"},
		{"Dublin", "D02 X285", "IE", "2026-06-01", "MEDICAL_EQUIPMENT", "0"},
		{"Dublin", "D02 X285", "IE", "2026-06-01", "MENSTRUAL_PRODUCTS", "0"},
		{"Dublin", "D02 X285", "IE", "2022-12-31", "NEWSPAPERS", "0.09"},
		{"Dublin", "D02 X285", "IE", "2023-01-01", "NEWSPAPERS", "0"},
		{"Dublin", "D02 X285", "IE", "2026-06-01", "OTC_DRUGS", "0"},
		{"Dublin", "D02 X285", "IE", "2011-06-30", "PREPARED_FOOD", "0.135"},
		{"Dublin", "D02 X285", "IE", "2011-07-01", "PREPARED_FOOD", "0.09"},
		{"Dublin", "D02 X285", "IE", "2018-12-31", "PREPARED_FOOD", "0.09"},
		{"Dublin", "D02 X285", "IE", "2019-01-01", "PREPARED_FOOD", "0.135"},
		{"Dublin", "D02 X285", "IE", "2020-10-31", "PREPARED_FOOD", "0.135"},
		{"Dublin", "D02 X285", "IE", "2020-11-01", "PREPARED_FOOD", "0.09"},
		{"Dublin", "D02 X285", "IE", "2023-08-31", "PREPARED_FOOD", "0.09"},
		{"Dublin", "D02 X285", "IE", "2023-09-01", "PREPARED_FOOD", "0.135"},
		{"Dublin", "D02 X285", "IE", "2026-06-30", "PREPARED_FOOD", "0.135"},
		{"Dublin", "D02 X285", "IE", "2026-07-01", "PREPARED_FOOD", "0.09"},
		{"Dublin", "D02 X285", "IE", "2026-06-01", "TEXTBOOKS", "0"},
		// IT
		{"Roma", "00100", "IT", "2026-06-01", "MAGAZINES", "0.04"},
		{"Roma", "00100", "IT", "2026-06-01", "MEDICAL_DEVICES", "0.04"},
		{"Roma", "00100", "IT", "2021-12-31", "MENSTRUAL_PRODUCTS", "0.22"}, // standard rate outside the row
		{"Roma", "00100", "IT", "2022-01-01", "MENSTRUAL_PRODUCTS", "0.1"},
		{"Roma", "00100", "IT", "2022-12-31", "MENSTRUAL_PRODUCTS", "0.1"},
		{"Roma", "00100", "IT", "2023-01-01", "MENSTRUAL_PRODUCTS", "0.05"},
		{"Roma", "00100", "IT", "2023-12-31", "MENSTRUAL_PRODUCTS", "0.05"},
		{"Roma", "00100", "IT", "2024-01-01", "MENSTRUAL_PRODUCTS", "0.1"},
		{"Roma", "00100", "IT", "2026-06-01", "NEWSPAPERS", "0.04"},
		{"Roma", "00100", "IT", "2026-06-01", "OTC_DRUGS", "0.1"},
		{"Roma", "00100", "IT", "2026-06-01", "TEXTBOOKS", "0.04"},
		// LT
		{"Vilnius", "01100", "LT", "2025-12-31", "BOOKS", "0.09"},
		{"Vilnius", "01100", "LT", "2026-01-01", "BOOKS", "0.05"},
		{"Vilnius", "01100", "LT", "2022-12-31", "EBOOKS", "0.21"}, // standard rate outside the row
		{"Vilnius", "01100", "LT", "2023-01-01", "EBOOKS", "0.09"},
		{"Vilnius", "01100", "LT", "2025-12-31", "EBOOKS", "0.09"},
		{"Vilnius", "01100", "LT", "2026-01-01", "EBOOKS", "0.05"},
		{"Vilnius", "01100", "LT", "2018-12-31", "MAGAZINES", "0.21"}, // standard rate outside the row
		{"Vilnius", "01100", "LT", "2019-01-01", "MAGAZINES", "0.05"},
		{"Vilnius", "01100", "LT", "2018-12-31", "NEWSPAPERS", "0.21"}, // standard rate outside the row
		{"Vilnius", "01100", "LT", "2019-01-01", "NEWSPAPERS", "0.05"},
		{"Vilnius", "01100", "LT", "2017-12-31", "PRESCRIPTION_DRUGS", "0.21"}, // standard rate outside the row
		{"Vilnius", "01100", "LT", "2018-01-01", "PRESCRIPTION_DRUGS", "0.05"},
		{"Vilnius", "01100", "LT", "2025-12-31", "TEXTBOOKS", "0.09"},
		{"Vilnius", "01100", "LT", "2026-01-01", "TEXTBOOKS", "0.05"},
		// LU
		{"Luxembourg", "1009", "LU", "2026-06-01", "BOTTLED_WATER", "0.03"},
		{"Luxembourg", "1009", "LU", "2026-06-01", "CANDY", "0.03"},
		{"Luxembourg", "1009", "LU", "2019-04-30", "EBOOKS", "0.17"}, // standard rate outside the row
		{"Luxembourg", "1009", "LU", "2019-05-01", "EBOOKS", "0.03"},
		{"Luxembourg", "1009", "LU", "2026-06-01", "MAGAZINES", "0.03"},
		{"Luxembourg", "1009", "LU", "2019-04-30", "MENSTRUAL_PRODUCTS", "0.17"}, // standard rate outside the row
		{"Luxembourg", "1009", "LU", "2019-05-01", "MENSTRUAL_PRODUCTS", "0.03"},
		{"Luxembourg", "1009", "LU", "2026-06-01", "NEWSPAPERS", "0.03"},
		{"Luxembourg", "1009", "LU", "2026-06-01", "OTC_DRUGS", "0.03"},
		{"Luxembourg", "1009", "LU", "2026-06-01", "PREPARED_FOOD", "0.03"},
		{"Luxembourg", "1009", "LU", "2026-06-01", "SOFT_DRINKS", "0.03"},
		{"Luxembourg", "1009", "LU", "2026-06-01", "TEXTBOOKS", "0.03"},
		// LV
		{"Riga", "LV-1050", "LV", "2021-12-31", "BOOKS", "0.12"},
		{"Riga", "LV-1050", "LV", "2022-01-01", "BOOKS", "0.05"},
		{"Riga", "LV-1050", "LV", "2021-12-31", "EBOOKS", "0.21"}, // standard rate outside the row
		{"Riga", "LV-1050", "LV", "2022-01-01", "EBOOKS", "0.05"},
		{"Riga", "LV-1050", "LV", "2021-12-31", "MAGAZINES", "0.12"},
		{"Riga", "LV-1050", "LV", "2022-01-01", "MAGAZINES", "0.05"},
		{"Riga", "LV-1050", "LV", "2026-06-01", "MEDICAL_DEVICES", "0.12"},
		{"Riga", "LV-1050", "LV", "2021-12-31", "NEWSPAPERS", "0.12"},
		{"Riga", "LV-1050", "LV", "2022-01-01", "NEWSPAPERS", "0.05"},
		{"Riga", "LV-1050", "LV", "2026-06-01", "OTC_DRUGS", "0.12"},
		{"Riga", "LV-1050", "LV", "2021-12-31", "TEXTBOOKS", "0.12"},
		{"Riga", "LV-1050", "LV", "2022-01-01", "TEXTBOOKS", "0.05"},
		// MT
		{"Valletta", "VLT 1010", "MT", "2026-06-01", "CANDY", "0.05"},
		{"Valletta", "VLT 1010", "MT", "2018-12-31", "EBOOKS", "0.18"}, // standard rate outside the row
		{"Valletta", "VLT 1010", "MT", "2019-01-01", "EBOOKS", "0.05"},
		{"Valletta", "VLT 1010", "MT", "2026-06-01", "MAGAZINES", "0.05"},
		{"Valletta", "VLT 1010", "MT", "2026-06-01", "MEDICAL_DEVICES", "0.05"},
		{"Valletta", "VLT 1010", "MT", "2026-06-01", "NEWSPAPERS", "0.05"},
		{"Valletta", "VLT 1010", "MT", "2026-06-01", "TEXTBOOKS", "0.05"},
		// NL
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "BOTTLED_WATER", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "CANDY", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "MAGAZINES", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "MEDICAL_DEVICES", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "MEDICAL_EQUIPMENT", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "MENSTRUAL_PRODUCTS", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "NEWSPAPERS", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "OTC_DRUGS", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "SOFT_DRINKS", "0.09"},
		{"Amsterdam", "1011 AB", "NL", "2026-06-01", "TEXTBOOKS", "0.09"},
		// PL
		{"Warszawa", "00-001", "PL", "2020-06-30", "DIAPERS", "0.08"},
		{"Warszawa", "00-001", "PL", "2020-07-01", "DIAPERS", "0.05"},
		{"Warszawa", "00-001", "PL", "2019-10-31", "EBOOKS", "0.23"}, // standard rate outside the row
		{"Warszawa", "00-001", "PL", "2019-11-01", "EBOOKS", "0.05"},
		{"Warszawa", "00-001", "PL", "2022-01-31", "FOOD", "0.05"},
		{"Warszawa", "00-001", "PL", "2022-02-01", "FOOD", "0"},
		{"Warszawa", "00-001", "PL", "2024-03-31", "FOOD", "0"},
		{"Warszawa", "00-001", "PL", "2024-04-01", "FOOD", "0.05"},
		{"Warszawa", "00-001", "PL", "2026-06-01", "MAGAZINES", "0.08"},
		{"Warszawa", "00-001", "PL", "2026-06-01", "MEDICAL_DEVICES", "0.08"},
		{"Warszawa", "00-001", "PL", "2026-06-01", "MEDICAL_EQUIPMENT", "0.08"},
		{"Warszawa", "00-001", "PL", "2020-06-30", "MENSTRUAL_PRODUCTS", "0.08"},
		{"Warszawa", "00-001", "PL", "2020-07-01", "MENSTRUAL_PRODUCTS", "0.05"},
		{"Warszawa", "00-001", "PL", "2026-06-01", "NEWSPAPERS", "0.08"},
		{"Warszawa", "00-001", "PL", "2026-06-01", "OTC_DRUGS", "0.08"},
		{"Warszawa", "00-001", "PL", "2026-06-01", "PREPARED_FOOD", "0.08"},
		{"Warszawa", "00-001", "PL", "2026-06-01", "TEXTBOOKS", "0.05"},
		// PT
		{"Lisboa", "1100-148", "PT", "2018-12-31", "EBOOKS", "0.23"}, // standard rate outside the row
		{"Lisboa", "1100-148", "PT", "2019-01-01", "EBOOKS", "0.06"},
		{"Lisboa", "1100-148", "PT", "2026-06-01", "MAGAZINES", "0.06"},
		{"Lisboa", "1100-148", "PT", "2026-06-01", "MEDICAL_DEVICES", "0.06"},
		{"Lisboa", "1100-148", "PT", "2026-06-01", "MEDICAL_EQUIPMENT", "0.06"},
		{"Lisboa", "1100-148", "PT", "2026-06-01", "MENSTRUAL_PRODUCTS", "0.06"},
		{"Lisboa", "1100-148", "PT", "2026-06-01", "NEWSPAPERS", "0.06"},
		{"Lisboa", "1100-148", "PT", "2026-06-01", "OTC_DRUGS", "0.06"},
		{"Lisboa", "1100-148", "PT", "2016-06-30", "PREPARED_FOOD", "0.23"}, // standard rate outside the row
		{"Lisboa", "1100-148", "PT", "2016-07-01", "PREPARED_FOOD", "0.13"},
		{"Lisboa", "1100-148", "PT", "2026-06-01", "TEXTBOOKS", "0.06"},
		// RO
		{"Bucuresti", "010011", "RO", "2015-05-31", "BOTTLED_WATER", "0.24"}, // standard rate outside the row
		{"Bucuresti", "010011", "RO", "2015-06-01", "BOTTLED_WATER", "0.09"},
		{"Bucuresti", "010011", "RO", "2025-07-31", "BOTTLED_WATER", "0.09"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "BOTTLED_WATER", "0.11"},
		{"Bucuresti", "010011", "RO", "2021-12-31", "EBOOKS", "0.19"}, // standard rate outside the row
		{"Bucuresti", "010011", "RO", "2022-01-01", "EBOOKS", "0.05"},
		{"Bucuresti", "010011", "RO", "2025-07-31", "MAGAZINES", "0.05"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "MAGAZINES", "0.11"},
		{"Bucuresti", "010011", "RO", "2025-07-31", "MEDICAL_DEVICES", "0.09"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "MEDICAL_DEVICES", "0.11"},
		{"Bucuresti", "010011", "RO", "2025-07-31", "NEWSPAPERS", "0.05"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "NEWSPAPERS", "0.11"},
		{"Bucuresti", "010011", "RO", "2025-07-31", "OTC_DRUGS", "0.09"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "OTC_DRUGS", "0.11"},
		{"Bucuresti", "010011", "RO", "2015-05-31", "PREPARED_FOOD", "0.24"}, // standard rate outside the row
		{"Bucuresti", "010011", "RO", "2015-06-01", "PREPARED_FOOD", "0.09"},
		{"Bucuresti", "010011", "RO", "2018-10-31", "PREPARED_FOOD", "0.09"},
		{"Bucuresti", "010011", "RO", "2018-11-01", "PREPARED_FOOD", "0.05"},
		{"Bucuresti", "010011", "RO", "2022-12-31", "PREPARED_FOOD", "0.05"},
		{"Bucuresti", "010011", "RO", "2023-01-01", "PREPARED_FOOD", "0.09"},
		{"Bucuresti", "010011", "RO", "2025-07-31", "PREPARED_FOOD", "0.09"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "PREPARED_FOOD", "0.11"},
		{"Bucuresti", "010011", "RO", "2015-05-31", "SOFT_DRINKS", "0.24"}, // standard rate outside the row
		{"Bucuresti", "010011", "RO", "2015-06-01", "SOFT_DRINKS", "0.09"},
		{"Bucuresti", "010011", "RO", "2022-12-31", "SOFT_DRINKS", "0.09"},
		{"Bucuresti", "010011", "RO", "2023-01-01", "SOFT_DRINKS", "0.19"}, // standard rate outside the row
		{"Bucuresti", "010011", "RO", "2025-07-31", "TEXTBOOKS", "0.05"},
		{"Bucuresti", "010011", "RO", "2025-08-01", "TEXTBOOKS", "0.11"},
		// SE
		{"Stockholm", "111 20", "SE", "2026-03-31", "BOTTLED_WATER", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-04-01", "BOTTLED_WATER", "0.06"},
		{"Stockholm", "111 20", "SE", "2027-12-31", "BOTTLED_WATER", "0.06"},
		{"Stockholm", "111 20", "SE", "2028-01-01", "BOTTLED_WATER", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-03-31", "CANDY", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-04-01", "CANDY", "0.06"},
		{"Stockholm", "111 20", "SE", "2027-12-31", "CANDY", "0.06"},
		{"Stockholm", "111 20", "SE", "2028-01-01", "CANDY", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-06-01", "MAGAZINES", "0.06"},
		{"Stockholm", "111 20", "SE", "2026-06-01", "NEWSPAPERS", "0.06"},
		{"Stockholm", "111 20", "SE", "2011-12-31", "PREPARED_FOOD", "0.25"}, // standard rate outside the row
		{"Stockholm", "111 20", "SE", "2012-01-01", "PREPARED_FOOD", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-03-31", "SOFT_DRINKS", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-04-01", "SOFT_DRINKS", "0.06"},
		{"Stockholm", "111 20", "SE", "2027-12-31", "SOFT_DRINKS", "0.06"},
		{"Stockholm", "111 20", "SE", "2028-01-01", "SOFT_DRINKS", "0.12"},
		{"Stockholm", "111 20", "SE", "2026-06-01", "TEXTBOOKS", "0.06"},
		// SI
		{"Ljubljana", "1000", "SI", "2019-12-31", "BOOKS", "0.095"},
		{"Ljubljana", "1000", "SI", "2020-01-01", "BOOKS", "0.05"},
		{"Ljubljana", "1000", "SI", "2026-06-01", "BOTTLED_WATER", "0.095"},
		{"Ljubljana", "1000", "SI", "2026-06-01", "CANDY", "0.095"},
		{"Ljubljana", "1000", "SI", "2019-12-31", "EBOOKS", "0.22"}, // standard rate outside the row
		{"Ljubljana", "1000", "SI", "2020-01-01", "EBOOKS", "0.05"},
		{"Ljubljana", "1000", "SI", "2019-12-31", "MAGAZINES", "0.095"},
		{"Ljubljana", "1000", "SI", "2020-01-01", "MAGAZINES", "0.05"},
		{"Ljubljana", "1000", "SI", "2026-06-01", "MEDICAL_DEVICES", "0.095"},
		{"Ljubljana", "1000", "SI", "2026-06-01", "MEDICAL_EQUIPMENT", "0.095"},
		{"Ljubljana", "1000", "SI", "2026-06-01", "MENSTRUAL_PRODUCTS", "0.095"},
		{"Ljubljana", "1000", "SI", "2019-12-31", "NEWSPAPERS", "0.095"},
		{"Ljubljana", "1000", "SI", "2020-01-01", "NEWSPAPERS", "0.05"},
		{"Ljubljana", "1000", "SI", "2026-06-01", "OTC_DRUGS", "0.095"},
		{"Ljubljana", "1000", "SI", "2026-06-01", "PREPARED_FOOD", "0.095"},
		{"Ljubljana", "1000", "SI", "2026-06-01", "SOFT_DRINKS", "0.095"},
		{"Ljubljana", "1000", "SI", "2019-12-31", "TEXTBOOKS", "0.095"},
		{"Ljubljana", "1000", "SI", "2020-01-01", "TEXTBOOKS", "0.05"},
		// SK
		{"Bratislava", "811 01", "SK", "2024-12-31", "BOTTLED_WATER", "0.2"}, // standard rate outside the row
		{"Bratislava", "811 01", "SK", "2025-01-01", "BOTTLED_WATER", "0.19"},
		{"Bratislava", "811 01", "SK", "2024-12-31", "CANDY", "0.2"}, // standard rate outside the row
		{"Bratislava", "811 01", "SK", "2025-01-01", "CANDY", "0.19"},
		{"Bratislava", "811 01", "SK", "2025-12-31", "CANDY", "0.19"},
		{"Bratislava", "811 01", "SK", "2026-01-01", "CANDY", "0.23"}, // standard rate outside the row
		{"Bratislava", "811 01", "SK", "2024-12-31", "EBOOKS", "0.2"}, // standard rate outside the row
		{"Bratislava", "811 01", "SK", "2025-01-01", "EBOOKS", "0.05"},
		{"Bratislava", "811 01", "SK", "2024-12-31", "MAGAZINES", "0.2"}, // standard rate outside the row
		{"Bratislava", "811 01", "SK", "2025-01-01", "MAGAZINES", "0.05"},
		{"Bratislava", "811 01", "SK", "2026-06-01", "MEDICAL_DEVICES", "0.05"},
		{"Bratislava", "811 01", "SK", "2024-12-31", "NEWSPAPERS", "0.1"}, // dailies at 10% from 2020 (review_vatcalc_press_test.go)
		{"Bratislava", "811 01", "SK", "2025-01-01", "NEWSPAPERS", "0.05"},
		{"Bratislava", "811 01", "SK", "2026-06-01", "OTC_DRUGS", "0.05"},
		{"Bratislava", "811 01", "SK", "2026-06-01", "TEXTBOOKS", "0.05"},

		// A reduced category read on a day before the rate table's change.
		{"Amsterdam", "1011 AB", "NL", "2018-06-01", "CANDY", "0.06"},
		{"Amsterdam", "1011 AB", "NL", "2018-06-01", "OTC_DRUGS", "0.06"},
		{"Bratislava", "811 01", "SK", "2024-06-01", "OTC_DRUGS", "0.1"},
		{"Bratislava", "811 01", "SK", "2024-06-01", "MEDICAL_DEVICES", "0.1"},
		{"Bratislava", "811 01", "SK", "2024-06-01", "TEXTBOOKS", "0.1"},
		{"Bucuresti", "010011", "RO", "2024-06-01", "OTC_DRUGS", "0.09"},
		{"Bucuresti", "010011", "RO", "2024-06-01", "NEWSPAPERS", "0.05"},
		// Classes left at the standard rate (split or not reduced).
		{"Dublin", "D02 X285", "IE", "2026-06-01", "SOFT_DRINKS", "0.23"},
		{"Roma", "00100", "IT", "2026-06-01", "BOTTLED_WATER", "0.22"},
		{"Stockholm", "111 20", "SE", "2026-06-01", "OTC_DRUGS", "0.25"},
		{"Warszawa", "00-001", "PL", "2026-06-01", "SOFT_DRINKS", "0.23"},
		{"Bratislava", "811 01", "SK", "2024-06-01", "BOTTLED_WATER", "0.2"},
		{"Bucuresti", "010011", "RO", "2023-01-01", "SOFT_DRINKS", "0.19"},
	})
}
