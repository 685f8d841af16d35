package engine

import "testing"

// TestEURateHistoryWalk sells one line of 1,000 in the local currency of
// the day within each member state of the EU (and the United Kingdom,
// Northern Ireland after 2020 included) on the day before and the day of
// each change of its standard rate, and of a main reduced rate or of the
// rate of food, books, medicines, restaurant meals or accommodation, from
// 2010 on (France's restaurant meals from 2009), over the real dataset.
// The comments give each change with its date; the tax follows from the
// rate by hand.
func TestEURateHistoryWalk(t *testing.T) {
	var (
		vienna    = Address("Wien", "1010", "AT")
		brussels  = Address("Bruxelles", "1000", "BE")
		sofia     = Address("Sofia", "1000", "BG")
		nicosia   = Address("Nicosia", "1010", "CY")
		prague    = Address("Praha", "11000", "CZ")
		berlin    = Address("Berlin", "10115", "DE")
		copenhagn = Address("København", "1050", "DK")
		tallinn   = Address("Tallinn", "10111", "EE")
		madrid    = Address("Madrid", "28001", "ES")
		helsinki  = Address("Helsinki", "00100", "FI")
		paris     = Address("Paris", "75001", "FR")
		athens    = Address("Athina", "10431", "GR")
		zagreb    = Address("Zagreb", "10000", "HR")
		budapest  = Address("Budapest", "1051", "HU")
		dublin    = Address("Dublin", "D02 X285", "IE")
		rome      = Address("Roma", "00184", "IT")
		vilnius   = Address("Vilnius", "01100", "LT")
		luxembg   = Address("Luxembourg", "1111", "LU")
		riga      = Address("Riga", "LV-1050", "LV")
		valletta  = Address("Valletta", "VLT 1010", "MT")
		amsterdam = Address("Amsterdam", "1012 AB", "NL")
		warsaw    = Address("Warszawa", "00-001", "PL")
		lisbon    = Address("Lisboa", "1100-148", "PT")
		bucharest = Address("Bucuresti", "010011", "RO")
		stockholm = Address("Stockholm", "111 22", "SE")
		ljubljana = Address("Ljubljana", "1000", "SI")
		bratislav = Address("Bratislava", "81101", "SK")
		london    = Address("London", "SW1A 1AA", "GB")
		belfast   = Address("Belfast", "BT1 5GS", "GB")
	)
	const g = "GENERAL"
	cases := []wwCase{
		// Austria: 20% throughout; food 10%.
		{"AT 2010", "2010-06-01", g, vienna, "EUR", "1000.00", "200.00", "AT", ""},
		{"AT food", "2016-01-01", "FOOD", vienna, "EUR", "1000.00", "100.00", "AT", ""},
		// Belgium: 21% throughout; food 6%.
		{"BE 2010", "2010-06-01", g, brussels, "EUR", "1000.00", "210.00", "BE", ""},
		{"BE food", "2026-06-01", "FOOD", brussels, "EUR", "1000.00", "60.00", "BE", ""},
		// Bulgaria: 20% throughout; the lev until 2025, the euro from
		// 2026-01-01.
		{"BG 2010", "2010-06-01", g, sofia, "BGN", "1000.00", "200.00", "BG", ""},
		// Denmark: 25% throughout, no reduced rate.
		{"DK 2010", "2010-06-01", g, copenhagn, "DKK", "1000.00", "250.00", "DK", ""},
		{"DK food", "2010-06-01", "FOOD", copenhagn, "DKK", "1000.00", "250.00", "DK", ""},
		// Sweden: 25% throughout; food 12%.
		{"SE 2010", "2010-06-01", g, stockholm, "SEK", "1000.00", "250.00", "SE", ""},
		// Malta: 18% throughout.
		{"MT 2010", "2010-06-01", g, valletta, "EUR", "1000.00", "180.00", "MT", ""},
		// Lithuania: 21% from 2009-09-01.
		{"LT 2010", "2010-06-01", g, vilnius, "LTL", "1000.00", "210.00", "LT", ""},
		// Germany: 19%, 16% from 2020-07-01 to 2020-12-31; food 7%, 5% over
		// the same half year.
		{"DE the day before 16%", "2020-06-30", g, berlin, "EUR", "1000.00", "190.00", "DE", ""},
		{"DE the first day of 16%", "2020-07-01", g, berlin, "EUR", "1000.00", "160.00", "DE", ""},
		{"DE the last day of 16%", "2020-12-31", g, berlin, "EUR", "1000.00", "160.00", "DE", ""},
		{"DE 19% again", "2021-01-01", g, berlin, "EUR", "1000.00", "190.00", "DE", ""},
		{"DE food the day before 5%", "2020-06-30", "FOOD", berlin, "EUR", "1000.00", "70.00", "DE", ""},
		{"DE food the first day of 5%", "2020-07-01", "FOOD", berlin, "EUR", "1000.00", "50.00", "DE", ""},
		{"DE food the last day of 5%", "2020-12-31", "FOOD", berlin, "EUR", "1000.00", "50.00", "DE", ""},
		{"DE food 7% again", "2021-01-01", "FOOD", berlin, "EUR", "1000.00", "70.00", "DE", ""},
		// Ireland: 21% to 2011-12-31, 23% from 2012-01-01, 21% from
		// 2020-09-01 to 2021-02-28.
		{"IE the day before 23%", "2011-12-31", g, dublin, "EUR", "1000.00", "210.00", "IE", ""},
		{"IE the first day of 23%", "2012-01-01", g, dublin, "EUR", "1000.00", "230.00", "IE", ""},
		{"IE the day before 21%", "2020-08-31", g, dublin, "EUR", "1000.00", "230.00", "IE", ""},
		{"IE the first day of 21%", "2020-09-01", g, dublin, "EUR", "1000.00", "210.00", "IE", ""},
		{"IE the last day of 21%", "2021-02-28", g, dublin, "EUR", "1000.00", "210.00", "IE", ""},
		{"IE 23% again", "2021-03-01", g, dublin, "EUR", "1000.00", "230.00", "IE", ""},
		// Finland: 23% from 2010-07-01, 24% from 2013-01-01, 25.5% from
		// 2024-09-01; food 13%, then 14% from 2013-01-01.
		{"FI the day before 24%", "2012-12-31", g, helsinki, "EUR", "1000.00", "230.00", "FI", ""},
		{"FI the first day of 24%", "2013-01-01", g, helsinki, "EUR", "1000.00", "240.00", "FI", ""},
		{"FI the day before 25.5%", "2024-08-31", g, helsinki, "EUR", "1000.00", "240.00", "FI", ""},
		{"FI the first day of 25.5%", "2024-09-01", g, helsinki, "EUR", "1000.00", "255.00", "FI", ""},
		{"FI food the day before 14%", "2012-12-31", "FOOD", helsinki, "EUR", "1000.00", "130.00", "FI", ""},
		{"FI food the first day of 14%", "2013-01-01", "FOOD", helsinki, "EUR", "1000.00", "140.00", "FI", ""},
		// Estonia: 20% from 2009-07-01, 22% from 2024-01-01, 24% from
		// 2025-07-01.
		{"EE the day before 22%", "2023-12-31", g, tallinn, "EUR", "1000.00", "200.00", "EE", ""},
		{"EE the first day of 22%", "2024-01-01", g, tallinn, "EUR", "1000.00", "220.00", "EE", ""},
		{"EE the day before 24%", "2025-06-30", g, tallinn, "EUR", "1000.00", "220.00", "EE", ""},
		{"EE the first day of 24%", "2025-07-01", g, tallinn, "EUR", "1000.00", "240.00", "EE", ""},
		{"EE books 9%", "2025-07-01", "BOOKS", tallinn, "EUR", "1000.00", "90.00", "EE", ""},
		// Slovakia: 19% to 2010-12-31, 20% from 2011-01-01, 23% from
		// 2025-01-01.
		{"SK the day before 20%", "2010-12-31", g, bratislav, "EUR", "1000.00", "190.00", "SK", ""},
		{"SK the first day of 20%", "2011-01-01", g, bratislav, "EUR", "1000.00", "200.00", "SK", ""},
		{"SK the day before 23%", "2024-12-31", g, bratislav, "EUR", "1000.00", "200.00", "SK", ""},
		{"SK the first day of 23%", "2025-01-01", g, bratislav, "EUR", "1000.00", "230.00", "SK", ""},
		{"SK medicines 10% in 2024", "2024-12-31", "PRESCRIPTION_DRUGS", bratislav, "EUR", "1000.00", "100.00", "SK", ""},
		{"SK medicines 5% from 2025", "2025-01-01", "PRESCRIPTION_DRUGS", bratislav, "EUR", "1000.00", "50.00", "SK", ""},
		// Romania: 19% to 2010-06-30, 24% from 2010-07-01, 20% in 2016,
		// 19% from 2017-01-01, 21% from 2025-08-01; food 24% until
		// 2015-05-31, 9% from 2015-06-01, 11% from 2025-08-01.
		{"RO the day before 24%", "2010-06-30", g, bucharest, "RON", "1000.00", "190.00", "RO", ""},
		{"RO the first day of 24%", "2010-07-01", g, bucharest, "RON", "1000.00", "240.00", "RO", ""},
		{"RO the day before 20%", "2015-12-31", g, bucharest, "RON", "1000.00", "240.00", "RO", ""},
		{"RO the first day of 20%", "2016-01-01", g, bucharest, "RON", "1000.00", "200.00", "RO", ""},
		{"RO the day before 19%", "2016-12-31", g, bucharest, "RON", "1000.00", "200.00", "RO", ""},
		{"RO the first day of 19%", "2017-01-01", g, bucharest, "RON", "1000.00", "190.00", "RO", ""},
		{"RO the day before 21%", "2025-07-31", g, bucharest, "RON", "1000.00", "190.00", "RO", ""},
		{"RO the first day of 21%", "2025-08-01", g, bucharest, "RON", "1000.00", "210.00", "RO", ""},
		{"RO food the day before 9%", "2015-05-31", "FOOD", bucharest, "RON", "1000.00", "240.00", "RO", ""},
		{"RO food the first day of 9%", "2015-06-01", "FOOD", bucharest, "RON", "1000.00", "90.00", "RO", ""},
		{"RO food the day before 11%", "2025-07-31", "FOOD", bucharest, "RON", "1000.00", "90.00", "RO", ""},
		{"RO food the first day of 11%", "2025-08-01", "FOOD", bucharest, "RON", "1000.00", "110.00", "RO", ""},
		// Luxembourg: 15% to 2014-12-31, 17% from 2015-01-01, 16% in 2023,
		// 17% from 2024-01-01; food 3% throughout.
		{"LU the day before 17%", "2014-12-31", g, luxembg, "EUR", "1000.00", "150.00", "LU", ""},
		{"LU the first day of 17%", "2015-01-01", g, luxembg, "EUR", "1000.00", "170.00", "LU", ""},
		{"LU the day before 16%", "2022-12-31", g, luxembg, "EUR", "1000.00", "170.00", "LU", ""},
		{"LU the first day of 16%", "2023-01-01", g, luxembg, "EUR", "1000.00", "160.00", "LU", ""},
		{"LU the last day of 16%", "2023-12-31", g, luxembg, "EUR", "1000.00", "160.00", "LU", ""},
		{"LU 17% again", "2024-01-01", g, luxembg, "EUR", "1000.00", "170.00", "LU", ""},
		{"LU food 3%", "2023-01-01", "FOOD", luxembg, "EUR", "1000.00", "30.00", "LU", ""},
		// Czechia: 20% from 2010-01-01, 21% from 2013-01-01. The reduced
		// rate: 10% in 2010 and 2011, 14% in 2012, 15% from 2013-01-01
		// (food), with a second one of 10% for medicines and books from
		// 2015-01-01; one reduced rate of 12% from 2024-01-01, books 0%.
		{"CZ the day before 21%", "2012-12-31", g, prague, "CZK", "1000.00", "200.00", "CZ", ""},
		{"CZ the first day of 21%", "2013-01-01", g, prague, "CZK", "1000.00", "210.00", "CZ", ""},
		{"CZ food 10% in 2011", "2011-12-31", "FOOD", prague, "CZK", "1000.00", "100.00", "CZ", ""},
		{"CZ food 14% from 2012-01-01", "2012-01-01", "FOOD", prague, "CZK", "1000.00", "140.00", "CZ", ""},
		{"CZ food the day before 15%", "2012-12-31", "FOOD", prague, "CZK", "1000.00", "140.00", "CZ", ""},
		{"CZ food the first day of 15%", "2013-01-01", "FOOD", prague, "CZK", "1000.00", "150.00", "CZ", ""},
		{"CZ medicines 10% in 2011", "2011-12-31", "PRESCRIPTION_DRUGS", prague, "CZK", "1000.00", "100.00", "CZ", ""},
		{"CZ medicines 14% from 2012-01-01", "2012-01-01", "PRESCRIPTION_DRUGS", prague, "CZK", "1000.00", "140.00", "CZ", ""},
		{"CZ food the day before 12%", "2023-12-31", "FOOD", prague, "CZK", "1000.00", "150.00", "CZ", ""},
		{"CZ food the first day of 12%", "2024-01-01", "FOOD", prague, "CZK", "1000.00", "120.00", "CZ", ""},
		{"CZ books the day before 0%", "2023-12-31", "BOOKS", prague, "CZK", "1000.00", "100.00", "CZ", ""},
		{"CZ books the first day of 0%", "2024-01-01", "BOOKS", prague, "CZK", "1000.00", "0.00", "CZ", ""},
		// Greece: 23% from 2010-07-01, 24% from 2016-06-01.
		{"GR the day before 23%", "2010-06-30", g, athens, "EUR", "1000.00", "210.00", "GR", ""},
		{"GR the first day of 23%", "2010-07-01", g, athens, "EUR", "1000.00", "230.00", "GR", ""},
		{"GR the day before 24%", "2016-05-31", g, athens, "EUR", "1000.00", "230.00", "GR", ""},
		{"GR the first day of 24%", "2016-06-01", g, athens, "EUR", "1000.00", "240.00", "GR", ""},
		// Hungary: 25% to 2011-12-31, 27% from 2012-01-01.
		{"HU the day before 27%", "2011-12-31", g, budapest, "HUF", "1000.00", "250.00", "HU", ""},
		{"HU the first day of 27%", "2012-01-01", g, budapest, "HUF", "1000.00", "270.00", "HU", ""},
		// Spain: 18% to 2012-08-31, 21% from 2012-09-01; food 8%, then
		// 10%.
		{"ES the day before 21%", "2012-08-31", g, madrid, "EUR", "1000.00", "180.00", "ES", ""},
		{"ES the first day of 21%", "2012-09-01", g, madrid, "EUR", "1000.00", "210.00", "ES", ""},
		{"ES food the day before 10%", "2012-08-31", "FOOD", madrid, "EUR", "1000.00", "80.00", "ES", ""},
		{"ES food the first day of 10%", "2012-09-01", "FOOD", madrid, "EUR", "1000.00", "100.00", "ES", ""},
		// Italy: 21% to 2013-09-30, 22% from 2013-10-01.
		{"IT the day before 22%", "2013-09-30", g, rome, "EUR", "1000.00", "210.00", "IT", ""},
		{"IT the first day of 22%", "2013-10-01", g, rome, "EUR", "1000.00", "220.00", "IT", ""},
		// Cyprus: 18% to 2014-01-12, 19% from 2014-01-13.
		{"CY the day before 19%", "2014-01-12", g, nicosia, "EUR", "1000.00", "180.00", "CY", ""},
		{"CY the first day of 19%", "2014-01-13", g, nicosia, "EUR", "1000.00", "190.00", "CY", ""},
		// Croatia: 23% to 2012-02-29, 25% from 2012-03-01, in kuna.
		{"HR the day before 25%", "2012-02-29", g, zagreb, "HRK", "1000.00", "230.00", "HR", ""},
		{"HR the first day of 25%", "2012-03-01", g, zagreb, "HRK", "1000.00", "250.00", "HR", ""},
		// Croatia: books and medicines zero-rated until 2012-12-31, 5% from
		// 2013-01-01; accommodation 10% until 2013-12-31, 13% from
		// 2014-01-01.
		{"HR books the day before 5%", "2012-12-31", "BOOKS", zagreb, "HRK", "1000.00", "0.00", "HR", ""},
		{"HR books the first day of 5%", "2013-01-01", "BOOKS", zagreb, "HRK", "1000.00", "50.00", "HR", ""},
		{"HR medicines the day before 5%", "2012-12-31", "PRESCRIPTION_DRUGS", zagreb, "HRK", "1000.00", "0.00", "HR", ""},
		{"HR medicines the first day of 5%", "2013-01-01", "PRESCRIPTION_DRUGS", zagreb, "HRK", "1000.00", "50.00", "HR", ""},
		{"HR accommodation the day before 13%", "2013-12-31", "ACCOMMODATION", zagreb, "HRK", "1000.00", "100.00", "HR", ""},
		{"HR accommodation the first day of 13%", "2014-01-01", "ACCOMMODATION", zagreb, "HRK", "1000.00", "130.00", "HR", ""},
		// Greece: restaurant meals 13% until 2011-08-31, 23% from
		// 2011-09-01, 13% from 2013-08-01, 23% from 2015-07-20 (24% from
		// 2016-06-01), 13% from 2019-05-20.
		{"GR restaurants the day before 23%", "2011-08-31", "PREPARED_FOOD", athens, "EUR", "1000.00", "130.00", "GR", ""},
		{"GR restaurants the first day of 23%", "2011-09-01", "PREPARED_FOOD", athens, "EUR", "1000.00", "230.00", "GR", ""},
		{"GR restaurants the day before 13%", "2013-07-31", "PREPARED_FOOD", athens, "EUR", "1000.00", "230.00", "GR", ""},
		{"GR restaurants the first day of 13%", "2013-08-01", "PREPARED_FOOD", athens, "EUR", "1000.00", "130.00", "GR", ""},
		{"GR restaurants the day before 23% again", "2015-07-19", "PREPARED_FOOD", athens, "EUR", "1000.00", "130.00", "GR", ""},
		{"GR restaurants the first day of 23% again", "2015-07-20", "PREPARED_FOOD", athens, "EUR", "1000.00", "230.00", "GR", ""},
		{"GR restaurants the day before 13% of 2019", "2019-05-19", "PREPARED_FOOD", athens, "EUR", "1000.00", "240.00", "GR", ""},
		{"GR restaurants the first day of 13% of 2019", "2019-05-20", "PREPARED_FOOD", athens, "EUR", "1000.00", "130.00", "GR", ""},
		// Germany: restaurant meals 19%, the reduced rate from 2020-07-01
		// to 2023-12-31 (5% in the second half of 2020), 19% in 2024 and
		// 2025, 7% from 2026-01-01.
		{"DE restaurants the day before the reduced rate", "2020-06-30", "PREPARED_FOOD", berlin, "EUR", "1000.00", "190.00", "DE", ""},
		{"DE restaurants the first day of the reduced rate", "2020-07-01", "PREPARED_FOOD", berlin, "EUR", "1000.00", "50.00", "DE", ""},
		{"DE restaurants 7% in 2021", "2021-01-01", "PREPARED_FOOD", berlin, "EUR", "1000.00", "70.00", "DE", ""},
		{"DE restaurants the last day of 7%", "2023-12-31", "PREPARED_FOOD", berlin, "EUR", "1000.00", "70.00", "DE", ""},
		{"DE restaurants 19% again", "2024-01-01", "PREPARED_FOOD", berlin, "EUR", "1000.00", "190.00", "DE", ""},
		{"DE restaurants the day before 7% of 2026", "2025-12-31", "PREPARED_FOOD", berlin, "EUR", "1000.00", "190.00", "DE", ""},
		{"DE restaurants the first day of 7% of 2026", "2026-01-01", "PREPARED_FOOD", berlin, "EUR", "1000.00", "70.00", "DE", ""},
		// Austria: accommodation 10%, 13% from 2016-05-01 to 2018-10-31.
		{"AT accommodation the day before 13%", "2016-04-30", "ACCOMMODATION", vienna, "EUR", "1000.00", "100.00", "AT", ""},
		{"AT accommodation the first day of 13%", "2016-05-01", "ACCOMMODATION", vienna, "EUR", "1000.00", "130.00", "AT", ""},
		{"AT accommodation the last day of 13%", "2018-10-31", "ACCOMMODATION", vienna, "EUR", "1000.00", "130.00", "AT", ""},
		{"AT accommodation 10% again", "2018-11-01", "ACCOMMODATION", vienna, "EUR", "1000.00", "100.00", "AT", ""},
		// Ireland: restaurant meals 13.5%, 9% from 2011-07-01 to
		// 2018-12-31.
		{"IE restaurants the day before 9%", "2011-06-30", "PREPARED_FOOD", dublin, "EUR", "1000.00", "135.00", "IE", ""},
		{"IE restaurants the first day of 9%", "2011-07-01", "PREPARED_FOOD", dublin, "EUR", "1000.00", "90.00", "IE", ""},
		{"IE restaurants the last day of 9%", "2018-12-31", "PREPARED_FOOD", dublin, "EUR", "1000.00", "90.00", "IE", ""},
		{"IE restaurants 13.5% again", "2019-01-01", "PREPARED_FOOD", dublin, "EUR", "1000.00", "135.00", "IE", ""},
		// Netherlands: accommodation 9% until 2025-12-31, 21% from
		// 2026-01-01.
		{"NL accommodation the day before 21%", "2025-12-31", "ACCOMMODATION", amsterdam, "EUR", "1000.00", "90.00", "NL", ""},
		{"NL accommodation the first day of 21%", "2026-01-01", "ACCOMMODATION", amsterdam, "EUR", "1000.00", "210.00", "NL", ""},
		// Slovakia: basic food at the standard rate until 2015-12-31, 10%
		// from 2016-01-01, 5% from 2025-01-01.
		{"SK food the day before 10%", "2015-12-31", "FOOD", bratislav, "EUR", "1000.00", "200.00", "SK", ""},
		{"SK food the first day of 10%", "2016-01-01", "FOOD", bratislav, "EUR", "1000.00", "100.00", "SK", ""},
		{"SK food the day before 5%", "2024-12-31", "FOOD", bratislav, "EUR", "1000.00", "100.00", "SK", ""},
		{"SK food the first day of 5%", "2025-01-01", "FOOD", bratislav, "EUR", "1000.00", "50.00", "SK", ""},
		// Portugal: basic food 6%, zero from 2023-04-18 to 2024-01-04.
		{"PT food the day before zero", "2023-04-17", "FOOD", lisbon, "EUR", "1000.00", "60.00", "PT", ""},
		{"PT food the first day of zero", "2023-04-18", "FOOD", lisbon, "EUR", "1000.00", "0.00", "PT", ""},
		{"PT food the last day of zero", "2024-01-04", "FOOD", lisbon, "EUR", "1000.00", "0.00", "PT", ""},
		{"PT food 6% again", "2024-01-05", "FOOD", lisbon, "EUR", "1000.00", "60.00", "PT", ""},
		// Malta: accommodation 5% until 2010-12-31, 7% from 2011-01-01.
		{"MT accommodation the day before 7%", "2010-12-31", "ACCOMMODATION", valletta, "EUR", "1000.00", "50.00", "MT", ""},
		{"MT accommodation the first day of 7%", "2011-01-01", "ACCOMMODATION", valletta, "EUR", "1000.00", "70.00", "MT", ""},
		// Portugal: 21% to 2010-12-31, 23% from 2011-01-01.
		{"PT the day before 23%", "2010-12-31", g, lisbon, "EUR", "1000.00", "210.00", "PT", ""},
		{"PT the first day of 23%", "2011-01-01", g, lisbon, "EUR", "1000.00", "230.00", "PT", ""},
		// Netherlands: 19% to 2012-09-30, 21% from 2012-10-01; food 6%,
		// 9% from 2019-01-01.
		{"NL the day before 21%", "2012-09-30", g, amsterdam, "EUR", "1000.00", "190.00", "NL", ""},
		{"NL the first day of 21%", "2012-10-01", g, amsterdam, "EUR", "1000.00", "210.00", "NL", ""},
		{"NL food the day before 9%", "2018-12-31", "FOOD", amsterdam, "EUR", "1000.00", "60.00", "NL", ""},
		{"NL food the first day of 9%", "2019-01-01", "FOOD", amsterdam, "EUR", "1000.00", "90.00", "NL", ""},
		// France: 19.6% to 2013-12-31, 20% from 2014-01-01; restaurant
		// meals 5.5% from 2009-07-01, 7% from 2012-01-01, 10% from
		// 2014-01-01.
		{"FR the day before 20%", "2013-12-31", g, paris, "EUR", "1000.00", "196.00", "FR", ""},
		{"FR the first day of 20%", "2014-01-01", g, paris, "EUR", "1000.00", "200.00", "FR", ""},
		{"FR restaurants the day before 5.5%", "2009-06-30", "PREPARED_FOOD", paris, "EUR", "1000.00", "196.00", "FR", ""},
		{"FR restaurants the first day of 5.5%", "2009-07-01", "PREPARED_FOOD", paris, "EUR", "1000.00", "55.00", "FR", ""},
		{"FR restaurants the day before 7%", "2011-12-31", "PREPARED_FOOD", paris, "EUR", "1000.00", "55.00", "FR", ""},
		{"FR restaurants the first day of 7%", "2012-01-01", "PREPARED_FOOD", paris, "EUR", "1000.00", "70.00", "FR", ""},
		{"FR restaurants the day before 10%", "2013-12-31", "PREPARED_FOOD", paris, "EUR", "1000.00", "70.00", "FR", ""},
		{"FR restaurants the first day of 10%", "2014-01-01", "PREPARED_FOOD", paris, "EUR", "1000.00", "100.00", "FR", ""},
		// Poland: 22% to 2010-12-31, 23% from 2011-01-01; medicines 7%,
		// then 8%; printed books zero-rated, then 5%.
		{"PL the day before 23%", "2010-12-31", g, warsaw, "PLN", "1000.00", "220.00", "PL", ""},
		{"PL the first day of 23%", "2011-01-01", g, warsaw, "PLN", "1000.00", "230.00", "PL", ""},
		{"PL medicines the day before 8%", "2010-12-31", "PRESCRIPTION_DRUGS", warsaw, "PLN", "1000.00", "70.00", "PL", ""},
		{"PL medicines the first day of 8%", "2011-01-01", "PRESCRIPTION_DRUGS", warsaw, "PLN", "1000.00", "80.00", "PL", ""},
		{"PL books the day before 5%", "2010-12-31", "BOOKS", warsaw, "PLN", "1000.00", "0.00", "PL", ""},
		{"PL books the first day of 5%", "2011-01-01", "BOOKS", warsaw, "PLN", "1000.00", "50.00", "PL", ""},
		// Slovenia: 20% to 2013-06-30, 22% from 2013-07-01.
		{"SI the day before 22%", "2013-06-30", g, ljubljana, "EUR", "1000.00", "200.00", "SI", ""},
		{"SI the first day of 22%", "2013-07-01", g, ljubljana, "EUR", "1000.00", "220.00", "SI", ""},
		// Latvia: 22% from 2011-01-01 to 2012-06-30, 21% from 2012-07-01,
		// in lats.
		{"LV the day before 22%", "2010-12-31", g, riga, "LVL", "1000.00", "210.00", "LV", ""},
		{"LV the first day of 22%", "2011-01-01", g, riga, "LVL", "1000.00", "220.00", "LV", ""},
		{"LV the day before 21%", "2012-06-30", g, riga, "LVL", "1000.00", "220.00", "LV", ""},
		{"LV the first day of 21%", "2012-07-01", g, riga, "LVL", "1000.00", "210.00", "LV", ""},
		// United Kingdom: 17.5% to 2008-11-30, 15% to 2009-12-31, 17.5%
		// to 2011-01-03, 20% from 2011-01-04; Northern Ireland alike,
		// before and after 2020.
		{"GB the day before 15%", "2008-11-30", g, london, "GBP", "1000.00", "175.00", "GB", ""},
		{"GB the first day of 15%", "2008-12-01", g, london, "GBP", "1000.00", "150.00", "GB", ""},
		{"GB the last day of 15%", "2009-12-31", g, london, "GBP", "1000.00", "150.00", "GB", ""},
		{"GB 17.5% again", "2010-01-01", g, london, "GBP", "1000.00", "175.00", "GB", ""},
		{"GB the day before 20%", "2011-01-03", g, london, "GBP", "1000.00", "175.00", "GB", ""},
		{"GB the first day of 20%", "2011-01-04", g, london, "GBP", "1000.00", "200.00", "GB", ""},
		{"XI the day before 20%", "2011-01-03", g, belfast, "GBP", "1000.00", "175.00", "GB", ""},
		{"XI the first day of 20%", "2011-01-04", g, belfast, "GBP", "1000.00", "200.00", "GB", ""},
		{"XI the last day of 2020", "2020-12-31", g, belfast, "GBP", "1000.00", "200.00", "GB", ""},
		{"XI the first day of 2021", "2021-01-01", g, belfast, "GBP", "1000.00", "200.00", "GB", ""},
	}
	runWorldVATWalk(t, testEngine(t), cases)
}
