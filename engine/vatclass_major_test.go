package engine

import "testing"

// TestGSTClassesIndia sends sales of the classes that India's GST taxes
// below or above its 18% standard rate, on either side of the rate
// rationalisation of September 22, 2025 (the 56th GST Council's two
// slabs of 5% and 18%, with 40% for sin goods): groceries, printed books
// and newspapers nil-rated throughout; restaurant meals at 5% from
// November 15, 2017; e-books at 5% from July 27, 2018; medicines and diapers at 12% and then 5%; aerated
// drinks at 28% and then 40%; confectionery and personal care services
// at 18% and then 5%; menstrual products nil-rated from July 27, 2018.
// Levy charges the CGST and SGST (or the IGST) as one GST at their sum;
// there was no GST before July 1, 2017.
func TestGSTClassesIndia(t *testing.T) {
	in := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Mumbai", "", "400001", "IN", "INR", date, class, one(rate)}
	}
	var cases []worldClassCase
	for _, class := range []string{"FOOD", "BOOKS", "TEXTBOOKS", "NEWSPAPERS", "MAGAZINES"} {
		cases = append(cases, in("2017-07-01", class, "0"), in("2025-09-21", class, "0"), in("2026-06-01", class, "0"))
	}
	for _, c := range []struct{ class, before, after string }{
		{"PRESCRIPTION_DRUGS", "0.12", "0.05"},
		{"OTC_DRUGS", "0.12", "0.05"},
		{"DIAPERS", "0.12", "0.05"},
		{"SOFT_DRINKS", "0.28", "0.4"},
		{"CANDY", "0.18", "0.05"},
		{"PERSONAL_CARE_SERVICES", "0.18", "0.05"},
		{"PREPARED_FOOD", "0.05", "0.05"},
		{"GENERAL", "0.18", "0.18"},
		{"ELECTRONICS", "0.18", "0.18"},
	} {
		cases = append(cases, in("2025-09-21", c.class, c.before), in("2025-09-22", c.class, c.after))
	}
	cases = append(cases,
		in("2017-11-14", "PREPARED_FOOD", "0.18"),
		in("2017-11-15", "PREPARED_FOOD", "0.05"),
		in("2018-07-26", "MENSTRUAL_PRODUCTS", "0.12"),
		in("2018-07-27", "MENSTRUAL_PRODUCTS", "0"),
		in("2026-06-01", "MENSTRUAL_PRODUCTS", "0"),
		in("2017-07-01", "PRESCRIPTION_DRUGS", "0.12"),
		in("2017-07-01", "SOFT_DRINKS", "0.28"),
		in("2018-07-26", "EBOOKS", "0.18"),
		in("2018-07-27", "EBOOKS", "0.05"),
		in("2026-06-01", "EBOOKS", "0.05"),
		in("2017-07-01", "CANDY", "0.18"),
		worldClassCase{"Mumbai", "", "400001", "IN", "INR", "2017-06-30", "GENERAL", nil},
		worldClassCase{"Mumbai", "", "400001", "IN", "INR", "2017-06-30", "FOOD", nil},
	)
	checkWorldClassRates(t, cases)
}

// TestVATClassesChina sends sales of the classes at China's low VAT rate
// (13% until June 2017, 11%, 10% from May 2018, 9% from April 2019, kept
// by the VAT Law in force from January 1, 2026): food, newspapers,
// magazines and electronic publications; of printed books, whose
// wholesale and retail is exempt from 2013 to the end of 2027; and of
// the services at 6% since the VAT replaced the business tax on them.
func TestVATClassesChina(t *testing.T) {
	cn := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Beijing", "", "100000", "CN", "CNY", date, class, one(rate)}
	}
	var cases []worldClassCase
	for _, class := range []string{"FOOD", "NEWSPAPERS", "MAGAZINES", "EBOOKS"} {
		cases = append(cases,
			cn("2017-06-30", class, "0.13"), cn("2017-07-01", class, "0.11"), cn("2018-04-30", class, "0.11"),
			cn("2018-05-01", class, "0.1"), cn("2019-03-31", class, "0.1"), cn("2019-04-01", class, "0.09"),
			cn("2026-01-01", class, "0.09"), cn("2026-06-01", class, "0.09"))
	}
	for _, class := range []string{"BOOKS", "TEXTBOOKS"} {
		cases = append(cases, cn("2012-12-31", class, "0.13"), cn("2013-01-01", class, "0"), cn("2026-06-01", class, "0"),
			cn("2027-12-31", class, "0"), cn("2028-01-01", class, "0.09"))
	}
	for _, class := range []string{"SAAS", "DATA_PROCESSING", "WEB_HOSTING", "AI_SERVICES", "CUSTOM_SOFTWARE"} {
		cases = append(cases, cn("2013-08-01", class, "0.06"), cn("2026-06-01", class, "0.06"))
	}
	for _, class := range []string{"SERVICES", "PROFESSIONAL_SERVICES", "PERSONAL_CARE_SERVICES", "PREPARED_FOOD"} {
		cases = append(cases, cn("2016-05-01", class, "0.06"), cn("2026-06-01", class, "0.06"))
	}
	cases = append(cases,
		cn("2026-06-01", "GENERAL", "0.13"),
		cn("2026-06-01", "REPAIR_SERVICES", "0.13"),
		cn("2026-06-01", "PRESCRIPTION_DRUGS", "0.13"),
		cn("2026-06-01", "PREWRITTEN_SOFTWARE", "0.13"),
	)
	checkWorldClassRates(t, cases)
}

// TestVATClassesVietnamReduced sends sales of the classes at Vietnam's 5%
// rate (fresh food, medicines, medical equipment, books) and of those
// outside its VAT (textbooks, newspapers, magazines, software), which
// the temporary 8% leaves alone, under the VAT Law of 2008 and the one in
// force from July 1, 2025.
func TestVATClassesVietnamReduced(t *testing.T) {
	vn := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Hanoi", "", "100000", "VN", "VND", date, class, one(rate)}
	}
	var cases []worldClassCase
	for _, date := range []string{"2021-06-01", "2024-06-01", "2025-07-01", "2026-06-01", "2027-01-01"} {
		for _, class := range []string{"FOOD", "PRESCRIPTION_DRUGS", "OTC_DRUGS", "MEDICAL_EQUIPMENT", "MEDICAL_DEVICES", "BOOKS"} {
			cases = append(cases, vn(date, class, "0.05"))
		}
		for _, class := range []string{"TEXTBOOKS", "NEWSPAPERS", "MAGAZINES", "PREWRITTEN_SOFTWARE", "CUSTOM_SOFTWARE"} {
			cases = append(cases, vn(date, class, "0"))
		}
	}
	cases = append(cases, vn("2026-06-01", "PREPARED_FOOD", "0.08"), vn("2027-01-01", "PREPARED_FOOD", "0.1"))
	checkWorldClassRates(t, cases)
}

// TestVATClassesMajorEconomies sends sales of the classes that the VAT of
// other large economies outside the EU reduces, zero-rates or exempts,
// and of some that keep the standard rate: Russia's 10% (food, books,
// periodicals, medicines), kept beside the 22% of 2026; Turkey's basic
// food at 8% and 1% from February 14, 2022, medicines at 8% and 10%
// from July 10, 2023; South Africa's zero-rated basic foodstuffs;
// Indonesia's exempt staples and textbooks, and every lawful book from
// January 10, 2020; Saudi Arabia's and the UAE's
// zero-rated medicines and medical equipment; the Philippines' and
// Thailand's exempt food and publications; Argentina's 10.5% on food and
// its exempt books; Colombia's zero-rated food and books; Nigeria's
// exempt food, medicines and textbooks, zero-rated from 2026 under the
// Nigeria Tax Act 2025; Ukraine's 7% on medicines; Kazakhstan's 5% on
// medicines and medical goods in 2026 and 10% from 2027; Egypt's exempt
// basic foodstuffs since its VAT of September 8, 2016; and Singapore
// and Chile, which have no reduced rate.
func TestVATClassesMajorEconomies(t *testing.T) {
	at := func(city, postal, country, currency string) func(date, class, rate string) worldClassCase {
		return func(date, class, rate string) worldClassCase {
			return worldClassCase{city, "", postal, country, currency, date, class, one(rate)}
		}
	}
	ru := at("Moscow", "101000", "RU", "RUB")
	tr := at("Ankara", "06100", "TR", "TRY")
	za := at("Cape Town", "8001", "ZA", "ZAR")
	id := at("Jakarta", "10110", "ID", "IDR")
	sa := at("Riyadh", "11564", "SA", "SAR")
	ae := at("Dubai", "", "AE", "AED")
	ph := at("Manila", "1000", "PH", "PHP")
	th := at("Bangkok", "10200", "TH", "THB")
	ar := at("Buenos Aires", "C1002", "AR", "ARS")
	co := at("Bogotá", "110111", "CO", "COP")
	ng := at("Lagos", "100001", "NG", "NGN")
	ua := at("Kyiv", "01001", "UA", "UAH")
	kz := at("Almaty", "050000", "KZ", "KZT")
	sg := at("Singapore", "018989", "SG", "SGD")
	cl := at("Santiago", "8320000", "CL", "CLP")
	eg := at("Cairo", "11511", "EG", "EGP")
	var cases []worldClassCase
	for _, class := range []string{"FOOD", "BOOKS", "TEXTBOOKS", "NEWSPAPERS", "MAGAZINES", "PRESCRIPTION_DRUGS", "OTC_DRUGS"} {
		cases = append(cases, ru("2018-06-01", class, "0.1"), ru("2025-12-31", class, "0.1"), ru("2026-01-01", class, "0.1"))
	}
	cases = append(cases,
		ru("2026-01-01", "GENERAL", "0.22"), ru("2026-01-01", "PREPARED_FOOD", "0.22"),
		tr("2022-02-13", "FOOD", "0.08"), tr("2022-02-14", "FOOD", "0.01"), tr("2026-06-01", "FOOD", "0.01"),
		tr("2023-07-09", "PRESCRIPTION_DRUGS", "0.08"), tr("2023-07-10", "PRESCRIPTION_DRUGS", "0.1"),
		tr("2023-07-10", "OTC_DRUGS", "0.1"), tr("2026-06-01", "GENERAL", "0.2"),
		za("2018-03-31", "FOOD", "0"), za("2026-06-01", "FOOD", "0"), za("2026-06-01", "PREPARED_FOOD", "0.15"),
		za("2026-06-01", "BOOKS", "0.15"),
		id("2022-03-31", "FOOD", "0"), id("2026-06-01", "FOOD", "0"), id("2026-06-01", "TEXTBOOKS", "0"),
		id("2026-06-01", "PRESCRIPTION_DRUGS", "0.11"), id("2020-01-09", "BOOKS", "0.1"), id("2020-01-10", "BOOKS", "0"),
		id("2026-06-01", "BOOKS", "0"), id("2026-06-01", "EBOOKS", "0"), id("2019-06-01", "TEXTBOOKS", "0"),
		sa("2018-01-01", "PRESCRIPTION_DRUGS", "0"), sa("2026-06-01", "PRESCRIPTION_DRUGS", "0"),
		sa("2026-06-01", "MEDICAL_EQUIPMENT", "0"), sa("2026-06-01", "FOOD", "0.15"),
		ae("2018-01-01", "PRESCRIPTION_DRUGS", "0"), ae("2026-06-01", "MEDICAL_EQUIPMENT", "0"), ae("2026-06-01", "FOOD", "0.05"),
		ph("2026-06-01", "FOOD", "0"), ph("2026-06-01", "BOOKS", "0"), ph("2026-06-01", "NEWSPAPERS", "0"),
		ph("2026-06-01", "MAGAZINES", "0"), ph("2026-06-01", "PREPARED_FOOD", "0.12"),
		th("2026-06-01", "FOOD", "0"), th("2026-06-01", "TEXTBOOKS", "0"), th("2026-06-01", "NEWSPAPERS", "0"),
		th("2026-06-01", "MAGAZINES", "0"), th("2026-06-01", "PREPARED_FOOD", "0.07"),
		ar("2026-06-01", "FOOD", "0.105"), ar("2026-06-01", "BOOKS", "0"), ar("2026-06-01", "GENERAL", "0.21"),
		co("2026-06-01", "FOOD", "0"), co("2026-06-01", "BOOKS", "0"), co("2026-06-01", "GENERAL", "0.19"),
		ng("2025-12-31", "FOOD", "0"), ng("2026-01-01", "FOOD", "0"), ng("2025-12-31", "PRESCRIPTION_DRUGS", "0"),
		ng("2026-01-01", "PRESCRIPTION_DRUGS", "0"), ng("2026-01-01", "TEXTBOOKS", "0"), ng("2026-01-01", "GENERAL", "0.075"),
		ua("2026-06-01", "PRESCRIPTION_DRUGS", "0.07"), ua("2026-06-01", "OTC_DRUGS", "0.07"), ua("2026-06-01", "GENERAL", "0.2"),
		kz("2025-12-31", "PRESCRIPTION_DRUGS", "0.12"), kz("2026-01-01", "PRESCRIPTION_DRUGS", "0.05"),
		kz("2026-12-31", "MEDICAL_DEVICES", "0.05"), kz("2027-01-01", "PRESCRIPTION_DRUGS", "0.1"),
		kz("2027-01-01", "MEDICAL_EQUIPMENT", "0.1"), kz("2026-06-01", "GENERAL", "0.16"),
		sg("2026-06-01", "FOOD", "0.09"), sg("2026-06-01", "BOOKS", "0.09"), sg("2026-06-01", "PRESCRIPTION_DRUGS", "0.09"),
		cl("2026-06-01", "FOOD", "0.19"), cl("2026-06-01", "BOOKS", "0.19"),
		eg("2016-09-08", "FOOD", "0"), eg("2026-06-01", "FOOD", "0"),
	)
	checkWorldClassRates(t, cases)
}

// TestVATClassResultsOfMajorEconomies checks how the reliefs show on the
// wire: an exempt class (India's groceries, China's books, Vietnam's
// textbooks) is EXEMPT, a zero-rated one (South Africa's basic food)
// TAXABLE at 0.
func TestVATClassResultsOfMajorEconomies(t *testing.T) {
	for _, c := range []struct {
		city, postal, country, currency, class, result string
	}{
		{"Mumbai", "400001", "IN", "INR", "FOOD", "EXEMPT"},
		{"Beijing", "100000", "CN", "CNY", "BOOKS", "EXEMPT"},
		{"Hanoi", "100000", "VN", "VND", "TEXTBOOKS", "EXEMPT"},
		{"Cape Town", "8001", "ZA", "ZAR", "FOOD", "TAXABLE"},
		{"Riyadh", "11564", "SA", "SAR", "PRESCRIPTION_DRUGS", "TAXABLE"},
	} {
		taxes := localQuote(t, Address(c.city, c.postal, c.country), c.currency, "2026-06-01", c.class, nil)
		if len(taxes) != 1 || string(taxes[0].TaxResult) != c.result || !taxes[0].CalculatedTax.IsZero() {
			t.Errorf("%s %s: %+v, want one %s record of no tax", c.country, c.class, taxes, c.result)
		}
	}
}
