package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestWorldVATWalk2 walks the VAT and GST histories of countries that
// TestWorldVATWalk leaves out, chiefly trading partners in Asia, Latin
// America, Africa and the Balkans: each case is a domestic sale of 1,000
// units of the local currency, written without decimals where the
// currency has none (Korean won, Chilean pesos). The comments give each
// country's rates and the days they changed, from which the figures
// follow by hand; the content rows cite the laws and the secondary
// sources.
func TestWorldVATWalk2(t *testing.T) {
	var (
		seoul      = Address("Seoul", "04524", "KR")
		beijing    = Address("Beijing", "100000", "CN")
		taipei     = Address("Taipei", "100", "TW")
		bangkok    = Address("Bangkok", "10200", "TH")
		kualaLumpr = Address("Kuala Lumpur", "50000", "MY")
		jakarta    = Address("Jakarta", "10110", "ID")
		manila     = Address("Manila", "1000", "PH")
		santiago   = Address("Santiago", "8320000", "CL")
		bogota     = Address("Bogotá", "110111", "CO")
		buenosAirs = Address("Buenos Aires", "C1002", "AR")
		quito      = Address("Quito", "170150", "EC")
		lima       = Address("Lima", "15001", "PE")
		cairo      = Address("Cairo", "11511", "EG")
		nairobi    = Address("Nairobi", "00100", "KE")
		lagos      = Address("Lagos", "100001", "NG")
		kyiv       = Address("Kyiv", "01001", "UA")
		belgrade   = Address("Belgrade", "11000", "RS")
		sarajevo   = Address("Sarajevo", "71000", "BA")
		skopje     = Address("Skopje", "1000", "MK")
		tbilisi    = Address("Tbilisi", "0105", "GE")
		astana     = Address("Astana", "010000", "KZ")
		montevideo = Address("Montevideo", "11000", "UY")
		sanJose    = Address("San José", "10101", "CR")
		santoDom   = Address("Santo Domingo", "10101", "DO")
		dhaka      = Address("Dhaka", "1000", "BD")
		karachi    = Address("Karachi", "74000", "PK")
		colombo    = Address("Colombo", "00100", "LK")
	)
	cases := []wwCase{
		// South Korea: 10% since the VAT of July 1, 1977; unprocessed food
		// and books exempt; medicines and restaurant meals at 10%. On
		// 1,000 won.
		{"KR no VAT before 1977-07-01", "1977-06-30", "GENERAL", seoul, "KRW", "1000", "0", "", ""},
		{"KR the first day of the VAT", "1977-07-01", "GENERAL", seoul, "KRW", "1000", "100", "KR", ""},
		{"KR standard", "2026-06-01", "GENERAL", seoul, "KRW", "1000", "100", "KR", ""},
		{"KR unprocessed food", "2026-06-01", "FOOD", seoul, "KRW", "1000", "0", "KR", "kr-food"},
		{"KR books", "2026-06-01", "BOOKS", seoul, "KRW", "1000", "0", "KR", "kr-books"},
		{"KR medicines", "2026-06-01", "PRESCRIPTION_DRUGS", seoul, "KRW", "1000", "100", "KR", "domestic-supply"},
		{"KR restaurant meals", "2026-06-01", "PREPARED_FOOD", seoul, "KRW", "1000", "100", "KR", "domestic-supply"},
		// China: 17% until 2018-04-30, 16% until 2019-03-31, 13% from
		// 2019-04-01; farm produce 9%, catering 6%, the retail of books
		// exempt to the end of 2027.
		{"CN 17% the day before the cut", "2018-04-30", "GENERAL", beijing, "CNY", "1000.00", "170.00", "CN", ""},
		{"CN 16% from 2018-05-01", "2018-05-01", "GENERAL", beijing, "CNY", "1000.00", "160.00", "CN", ""},
		{"CN 16% the day before 13%", "2019-03-31", "GENERAL", beijing, "CNY", "1000.00", "160.00", "CN", ""},
		{"CN 13% from 2019-04-01", "2019-04-01", "GENERAL", beijing, "CNY", "1000.00", "130.00", "CN", ""},
		{"CN farm produce", "2026-06-01", "FOOD", beijing, "CNY", "1000.00", "90.00", "CN", "cn-food-2019-04-01"},
		{"CN catering", "2026-06-01", "PREPARED_FOOD", beijing, "CNY", "1000.00", "60.00", "CN", "cn-prepared_food-2016-05-01"},
		{"CN retail of books", "2026-06-01", "BOOKS", beijing, "CNY", "1000.00", "0.00", "CN", "cn-books-2013-01-01"},
		// Taiwan: business tax of the VAT type, 5%.
		{"TW standard", "2026-06-01", "GENERAL", taipei, "TWD", "1000.00", "50.00", "TW", ""},
		// Thailand: VAT from 1992-01-01; 10% in the Revenue Code, cut to 7%
		// by royal decree except from 1997-08-16 to 1999-03-31; unprocessed
		// farm produce exempt.
		{"TH no VAT before 1992", "1991-12-31", "GENERAL", bangkok, "THB", "1000.00", "0.00", "", ""},
		{"TH 7% from 1992", "1992-01-01", "GENERAL", bangkok, "THB", "1000.00", "70.00", "TH", ""},
		{"TH 10% in 1998", "1998-06-01", "GENERAL", bangkok, "THB", "1000.00", "100.00", "TH", ""},
		{"TH 7% again from 1999-04-01", "1999-04-01", "GENERAL", bangkok, "THB", "1000.00", "70.00", "TH", ""},
		{"TH standard", "2026-06-01", "GENERAL", bangkok, "THB", "1000.00", "70.00", "TH", ""},
		{"TH unprocessed food", "2026-06-01", "FOOD", bangkok, "THB", "1000.00", "0.00", "TH", "th-food"},
		// Malaysia: GST 6% from 2015-04-01, 0% from 2018-06-01 to
		// 2018-08-31; then a sales tax of 10% on goods and a service tax
		// of 6%, 8% from 2024-03-01 (food and drink services stay at 6%),
		// which TestWorldVATWalk2Malaysia checks, a sale there bearing two
		// taxes.
		{"MY GST 6% in 2016", "2016-06-01", "GENERAL", kualaLumpr, "MYR", "1000.00", "60.00", "MY", ""},
		{"MY GST 0% in the summer of 2018", "2018-07-01", "GENERAL", kualaLumpr, "MYR", "1000.00", "0.00", "MY", ""},
		{"MY no GST before 2015-04-01", "2015-03-31", "GENERAL", kualaLumpr, "MYR", "1000.00", "0.00", "", ""},
		// Indonesia: 10% until 2022-03-31, 11% from 2022-04-01; from 2025
		// 12% on a base of 11/12 for goods that are not luxury goods, 11% in
		// effect; basic food exempt.
		{"ID 10% the day before 11%", "2022-03-31", "GENERAL", jakarta, "IDR", "1000.00", "100.00", "ID", ""},
		{"ID 11% from 2022-04-01", "2022-04-01", "GENERAL", jakarta, "IDR", "1000.00", "110.00", "ID", ""},
		{"ID 11% in effect in 2026", "2026-06-01", "GENERAL", jakarta, "IDR", "1000.00", "110.00", "ID", ""},
		{"ID basic food", "2026-06-01", "FOOD", jakarta, "IDR", "1000.00", "0.00", "ID", "id-food"},
		// Philippines: VAT from 1988-01-01 at 10%, 12% from 2006-02-01;
		// food in its original state and books exempt.
		{"PH no VAT before 1988", "1987-12-31", "GENERAL", manila, "PHP", "1000.00", "0.00", "", ""},
		{"PH 10% from 1988", "1988-01-01", "GENERAL", manila, "PHP", "1000.00", "100.00", "PH", ""},
		{"PH 10% the day before 12%", "2006-01-31", "GENERAL", manila, "PHP", "1000.00", "100.00", "PH", ""},
		{"PH 12% from 2006-02-01", "2006-02-01", "GENERAL", manila, "PHP", "1000.00", "120.00", "PH", ""},
		{"PH food", "2026-06-01", "FOOD", manila, "PHP", "1000.00", "0.00", "PH", "ph-food"},
		{"PH books", "2026-06-01", "BOOKS", manila, "PHP", "1000.00", "0.00", "PH", "ph-books"},
		// Chile: 18% until 2003-09-30, 19% from 2003-10-01; one rate, food
		// included. On 1,000 pesos.
		{"CL 18% the day before 19%", "2003-09-30", "GENERAL", santiago, "CLP", "1000", "180", "CL", ""},
		{"CL 19% from 2003-10-01", "2003-10-01", "GENERAL", santiago, "CLP", "1000", "190", "CL", ""},
		{"CL food", "2026-06-01", "FOOD", santiago, "CLP", "1000", "190", "CL", "domestic-supply"},
		// Colombia: 16% until 2016-12-31, 19% from 2017-01-01; staples and
		// books of cultural character at 0%.
		{"CO 16% the day before 19%", "2016-12-31", "GENERAL", bogota, "COP", "1000.00", "160.00", "CO", ""},
		{"CO 19% from 2017-01-01", "2017-01-01", "GENERAL", bogota, "COP", "1000.00", "190.00", "CO", ""},
		{"CO staples", "2026-06-01", "FOOD", bogota, "COP", "1000.00", "0.00", "CO", "co-food"},
		// Argentina: 18% until March 1995, 21% from 1995-04-01; fresh food
		// 10.5%, books exempt.
		{"AR 18% before April 1995", "1995-03-31", "GENERAL", buenosAirs, "ARS", "1000.00", "180.00", "AR", ""},
		{"AR 21% from April 1995", "1995-04-01", "GENERAL", buenosAirs, "ARS", "1000.00", "210.00", "AR", ""},
		{"AR standard", "2026-06-01", "GENERAL", buenosAirs, "ARS", "1000.00", "210.00", "AR", ""},
		{"AR fresh food", "2026-06-01", "FOOD", buenosAirs, "ARS", "1000.00", "105.00", "AR", "ar-food"},
		{"AR books", "2026-06-01", "BOOKS", buenosAirs, "ARS", "1000.00", "0.00", "AR", "ar-books"},
		// Ecuador: 12% until 2024-03-31, 15% from 2024-04-01; staples
		// (natural food, milk, bread, flour, oils) at 0%. In US dollars.
		{"EC 12% the day before 15%", "2024-03-31", "GENERAL", quito, "USD", "1000.00", "120.00", "EC", ""},
		{"EC 15% from 2024-04-01", "2024-04-01", "GENERAL", quito, "USD", "1000.00", "150.00", "EC", ""},
		{"EC staples", "2026-06-01", "FOOD", quito, "USD", "1000.00", "0.00", "EC", "ec-food"},
		// Peru: IGV and municipal promotion tax, 16% and 2%, 18% in all;
		// 17% and 2% from 2003-08-01 to 2011-02-28; fresh farm goods
		// exempt.
		{"PE fresh food", "2026-06-01", "FOOD", lima, "PEN", "1000.00", "0.00", "PE", "pe-food"},
		{"PE 18% before August 2003", "2003-07-31", "GENERAL", lima, "PEN", "1000.00", "180.00", "PE", ""},
		{"PE 19% from 2003-08-01", "2003-08-01", "GENERAL", lima, "PEN", "1000.00", "190.00", "PE", ""},
		{"PE 19% the day before 18%", "2011-02-28", "GENERAL", lima, "PEN", "1000.00", "190.00", "PE", ""},
		{"PE 18% from 2011-03-01", "2011-03-01", "GENERAL", lima, "PEN", "1000.00", "180.00", "PE", ""},
		// Egypt: VAT from 2016-09-08 at 13%, 14% from 2017-07-01; basic
		// food exempt.
		{"EG general sales tax before the VAT", "2016-09-07", "GENERAL", cairo, "EGP", "1000.00", "0.00", "", ""},
		{"EG 13% from 2016-09-08", "2016-09-08", "GENERAL", cairo, "EGP", "1000.00", "130.00", "EG", ""},
		{"EG 14% from 2017-07-01", "2017-07-01", "GENERAL", cairo, "EGP", "1000.00", "140.00", "EG", ""},
		{"EG basic food", "2026-06-01", "FOOD", cairo, "EGP", "1000.00", "0.00", "EG", "eg-food-2016-09-08"},
		// Kenya: 16%, 14% from 2020-04-01 to 2020-12-31; under the VAT Act
		// of 2013 (from 2013-09-02) unprocessed staples exempt.
		{"KE unprocessed food", "2026-06-01", "FOOD", nairobi, "KES", "1000.00", "0.00", "KE", "ke-food-2013-09-02"},
		{"KE 16% before the cut", "2020-03-31", "GENERAL", nairobi, "KES", "1000.00", "160.00", "KE", ""},
		{"KE 14% from 2020-04-01", "2020-04-01", "GENERAL", nairobi, "KES", "1000.00", "140.00", "KE", ""},
		{"KE 16% again from 2021", "2021-01-01", "GENERAL", nairobi, "KES", "1000.00", "160.00", "KE", ""},
		// Nigeria: 5% until 2020-01-31, 7.5% from 2020-02-01; basic food
		// and medicines exempt, zero-rated from 2026-01-01.
		{"NG 5% the day before 7.5%", "2020-01-31", "GENERAL", lagos, "NGN", "1000.00", "50.00", "NG", ""},
		{"NG 7.5% from 2020-02-01", "2020-02-01", "GENERAL", lagos, "NGN", "1000.00", "75.00", "NG", ""},
		{"NG basic food exempt in 2025", "2025-06-01", "FOOD", lagos, "NGN", "1000.00", "0.00", "NG", "ng-food"},
		{"NG basic food zero-rated in 2026", "2026-06-01", "FOOD", lagos, "NGN", "1000.00", "0.00", "NG", "ng-food-2026-01-01"},
		{"NG medicines", "2026-06-01", "PRESCRIPTION_DRUGS", lagos, "NGN", "1000.00", "0.00", "NG", "ng-prescription_drugs-2026-01-01"},
		// Ukraine: 20%; medicines 7% from 2014-04-01; food at 20%.
		{"UA standard", "2026-06-01", "GENERAL", kyiv, "UAH", "1000.00", "200.00", "UA", ""},
		{"UA medicines", "2026-06-01", "PRESCRIPTION_DRUGS", kyiv, "UAH", "1000.00", "70.00", "UA", "ua-prescription_drugs-2014-04-01"},
		{"UA food", "2026-06-01", "FOOD", kyiv, "UAH", "1000.00", "200.00", "UA", "domestic-supply"},
		// Serbia: VAT from 2005-01-01, 18% (reduced 8%), 20% from
		// 2012-10-01; the reduced rate for basic food, medicines and books
		// 10% from 2014-01-01.
		{"RS no VAT before 2005", "2004-12-31", "GENERAL", belgrade, "RSD", "1000.00", "0.00", "", ""},
		{"RS 18% from 2005", "2005-01-01", "GENERAL", belgrade, "RSD", "1000.00", "180.00", "RS", ""},
		{"RS 18% the day before 20%", "2012-09-30", "GENERAL", belgrade, "RSD", "1000.00", "180.00", "RS", ""},
		{"RS 20% from 2012-10-01", "2012-10-01", "GENERAL", belgrade, "RSD", "1000.00", "200.00", "RS", ""},
		{"RS food 8% in 2013", "2013-12-31", "FOOD", belgrade, "RSD", "1000.00", "80.00", "RS", "rs-food-2005-01-01"},
		{"RS food 10% from 2014", "2014-01-01", "FOOD", belgrade, "RSD", "1000.00", "100.00", "RS", "rs-food-2014-01-01"},
		{"RS medicines", "2026-06-01", "PRESCRIPTION_DRUGS", belgrade, "RSD", "1000.00", "100.00", "RS", "rs-prescription_drugs-2014-01-01"},
		{"RS books", "2026-06-01", "BOOKS", belgrade, "RSD", "1000.00", "100.00", "RS", "rs-books-2014-01-01"},
		// Bosnia and Herzegovina: VAT from 2006-01-01 at one rate of 17%.
		{"BA no VAT before 2006", "2005-12-31", "GENERAL", sarajevo, "BAM", "1000.00", "0.00", "", ""},
		{"BA 17% from 2006", "2006-01-01", "GENERAL", sarajevo, "BAM", "1000.00", "170.00", "BA", ""},
		{"BA food", "2026-06-01", "FOOD", sarajevo, "BAM", "1000.00", "170.00", "BA", "domestic-supply"},
		// North Macedonia: 18%; food and medicines at the preferential 5%.
		{"MK standard", "2026-06-01", "GENERAL", skopje, "MKD", "1000.00", "180.00", "MK", ""},
		{"MK food", "2026-06-01", "FOOD", skopje, "MKD", "1000.00", "50.00", "MK", "mk-food"},
		{"MK medicines", "2026-06-01", "PRESCRIPTION_DRUGS", skopje, "MKD", "1000.00", "50.00", "MK", "mk-prescription_drugs"},
		// Georgia: 20% until 2005-06-30, 18% from 2005-07-01 under the Tax
		// Code of 2005.
		{"GE 20% the day before 18%", "2005-06-30", "GENERAL", tbilisi, "GEL", "1000.00", "200.00", "GE", ""},
		{"GE 18% from 2005-07-01", "2005-07-01", "GENERAL", tbilisi, "GEL", "1000.00", "180.00", "GE", ""},
		// Kazakhstan: 12% until 2025-12-31, 16% from 2026-01-01; medicines
		// 5% in 2026.
		{"KZ 12% the day before 16%", "2025-12-31", "GENERAL", astana, "KZT", "1000.00", "120.00", "KZ", ""},
		{"KZ 16% from 2026-01-01", "2026-01-01", "GENERAL", astana, "KZT", "1000.00", "160.00", "KZ", ""},
		{"KZ medicines 5% in 2026", "2026-06-01", "PRESCRIPTION_DRUGS", astana, "KZT", "1000.00", "50.00", "KZ", "kz-prescription_drugs-2026-01-01"},
		// Uruguay: basic rate 23% until 2007-06-30, 22% from 2007-07-01.
		{"UY 23% the day before 22%", "2007-06-30", "GENERAL", montevideo, "UYU", "1000.00", "230.00", "UY", ""},
		{"UY 22% from 2007-07-01", "2007-07-01", "GENERAL", montevideo, "UYU", "1000.00", "220.00", "UY", ""},
		// Costa Rica: 13%; from the IVA of 2019-07-01 the staples of the
		// canasta básica 1% and medicines 2%.
		{"CR standard", "2026-06-01", "GENERAL", sanJose, "CRC", "1000.00", "130.00", "CR", ""},
		{"CR canasta básica", "2026-06-01", "FOOD", sanJose, "CRC", "1000.00", "10.00", "CR", "cr-food-2019-07-01"},
		{"CR medicines", "2026-06-01", "PRESCRIPTION_DRUGS", sanJose, "CRC", "1000.00", "20.00", "CR", "cr-prescription_drugs-2019-07-01"},
		{"CR medicines without prescription", "2026-06-01", "OTC_DRUGS", sanJose, "CRC", "1000.00", "20.00", "CR", "cr-otc_drugs-2019-07-01"},
		// Dominican Republic: ITBIS 16% until 2012-12-31, 18% from
		// 2013-01-01; it taxes industrialized goods, so fresh staples bear
		// none.
		{"DO fresh food", "2026-06-01", "FOOD", santoDom, "DOP", "1000.00", "0.00", "DO", "do-food"},
		{"DO 16% the day before 18%", "2012-12-31", "GENERAL", santoDom, "DOP", "1000.00", "160.00", "DO", ""},
		{"DO 18% from 2013-01-01", "2013-01-01", "GENERAL", santoDom, "DOP", "1000.00", "180.00", "DO", ""},
		// Bangladesh: 15% since the VAT of 1991.
		{"BD standard", "2026-06-01", "GENERAL", dhaka, "BDT", "1000.00", "150.00", "BD", ""},
		// Pakistan: sales tax 17% until 2023-02-13, 18% from 2023-02-14.
		{"PK 17% the day before 18%", "2023-02-13", "GENERAL", karachi, "PKR", "1000.00", "170.00", "PK", ""},
		{"PK 18% from 2023-02-14", "2023-02-14", "GENERAL", karachi, "PKR", "1000.00", "180.00", "PK", ""},
		// Sri Lanka: 8% to 2022-05-31, 12% from 2022-06-01, 15% from
		// 2022-09-01, 18% from 2024-01-01.
		{"LK 8% in 2021", "2021-06-01", "GENERAL", colombo, "LKR", "1000.00", "80.00", "LK", ""},
		{"LK 12% in the summer of 2022", "2022-07-01", "GENERAL", colombo, "LKR", "1000.00", "120.00", "LK", ""},
		{"LK 15% the day before 18%", "2023-12-31", "GENERAL", colombo, "LKR", "1000.00", "150.00", "LK", ""},
		{"LK 18% from 2024-01-01", "2024-01-01", "GENERAL", colombo, "LKR", "1000.00", "180.00", "LK", ""},
	}
	runWorldVATWalk(t, testEngine(t), cases)
}

// TestWorldVATWalk2Malaysia: from 2018-09-01 Malaysia levies a sales tax
// on goods (10%, with food, books and medicines exempt) beside a service
// tax on listed services (6%, 8% from 2024-03-01, food and drink services
// staying at 6%), so Levy answers a sale with both taxes, one of them
// nothing. The case gives the whole tax of the line and the rule of the
// tax that bears it (or of the exemption, when nothing is due).
func TestWorldVATWalk2Malaysia(t *testing.T) {
	e := testEngine(t)
	kl := Address("Kuala Lumpur", "50000", "MY")
	for _, c := range []struct {
		name, date, class, tax, rule string
	}{
		{"goods, sales tax 10%", "2026-06-01", "GENERAL", "100.00", "domestic-supply"},
		{"goods the first day of the sales tax", "2018-09-01", "GENERAL", "100.00", "domestic-supply"},
		{"food exempt", "2026-06-01", "FOOD", "0.00", "my-food-sales-tax"},
		{"restaurant meals, service tax 6%", "2026-06-01", "PREPARED_FOOD", "60.00", "my-prepared_food-service-tax"},
		{"IT services 6% before 2024-03-01", "2024-02-29", "CUSTOM_SOFTWARE", "60.00", "domestic-supply"},
		{"IT services 8% from 2024-03-01", "2024-03-01", "CUSTOM_SOFTWARE", "80.00", "domestic-supply"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := Quotation(c.date, SellerAt(kl), CustomerAt(kl), Line("1", c.class, "1000.00"))
			req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "MYR"}
			r, err := e.Sale(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if r.TotalTax.String() != c.tax {
				t.Errorf("total tax %s, want %s: %+v", r.TotalTax, c.tax, r.LineItems[0].Taxes)
			}
			found := false
			for _, x := range r.LineItems[0].Taxes {
				if x.Jurisdiction.JurisdictionID != "MY" {
					t.Errorf("tax in %s, want MY", x.Jurisdiction.JurisdictionID)
				}
				if ruleOf(x) == c.rule && (c.tax == "0.00" || x.CalculatedTax.String() == c.tax) {
					found = true
				}
			}
			if !found {
				t.Errorf("no tax of %s by rule %s: %+v", c.tax, c.rule, r.LineItems[0].Taxes)
			}
		})
	}
}
