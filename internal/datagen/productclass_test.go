package datagen

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// classReader returns a reader of product class rows, under the table's
// header, checked against the default dataset's jurisdictions.
func classReader(t *testing.T) func(rows string) ([]classRow, error) {
	t.Helper()
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	const head = "country,tax,product_class,treatment,category,rate,effective,expiration,citation\n"
	return func(rows string) ([]classRow, error) {
		fs := fstest.MapFS{"t.csv": &fstest.MapFile{Data: []byte(head + rows)}}
		out, _, err := readProductClasses(file{fs, "t.csv"}, "t.csv", j)
		return out, err
	}
}

// classRowCase is a product class table's rows and what reading them
// says: an error containing want, or none when want is "".
type classRowCase struct{ rows, want string }

// checkClassRows reads each case's rows and checks what the reader says.
func checkClassRows(t *testing.T, read func(rows string) ([]classRow, error), cases []classRowCase) {
	t.Helper()
	for _, c := range cases {
		_, err := read(c.rows)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.rows, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: error %v, want one saying %q", c.rows, err, c.want)
		}
	}
}

// TestReadProductClassesPeriods reads small product class tables: rows of
// one class for consecutive periods are taken, overlapping ones refused,
// and a reduced row is checked against the category's rate on its last
// day.
func TestReadProductClassesPeriods(t *testing.T) {
	read := classReader(t)
	out, err := read("RO,,FOOD,reduced,reduced,0.11,2025-08-01,,c\n" +
		"RO,,FOOD,reduced,reduced2,0.09,,2025-07-31,c\n" +
		"EE,,BOOKS,rate,,0.09,2009-07-01,,c\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 3 || out[0].country != "EE" || out[0].rate == nil || out[0].rate.String() != "0.09" ||
		out[1].category != "reduced2" || out[1].period.Expiration.String() != "2025-07-31" || out[2].period.Effective.String() != "2025-08-01" || out[2].rate != nil {
		t.Errorf("rows %+v", out)
	}
	checkClassRows(t, read, []classRowCase{
		{"RO,,FOOD,reduced,reduced2,,,2025-07-31,c\nRO,,FOOD,reduced,reduced,,2025-07-31,,c\n", "overlaps"},
		{"RO,,FOOD,reduced,reduced,0.05,,2025-07-31,c\nRO,,FOOD,standard,,,2025-08-01,,c\n", ""},
		{"RO,,FOOD,reduced,reduced,0.11,,2025-07-31,c\n", "the table says 0.11"},
		{"RO,,FOOD,reduced,reduced2,,2025-08-01,,c\n", "no reduced2 rate"},
		{"EE,,BOOKS,rate,,,,,c\n", "rate takes no category"},
		{"EE,,BOOKS,rate,reduced,0.09,,,c\n", "rate takes no category"},
		{"FI,,BOOKS,reduced,reduced,,2025-01-01,2024-12-31,c\n", "expires"},
	})
}

// TestReadProductClassesProvinces reads rows of Canadian provinces: a
// province with a sales tax of its own (British Columbia's PST, Quebec's
// QST) takes nontaxable, exempt and standard rows; an HST province, a
// province's reduced row and a country's nontaxable row are refused.
func TestReadProductClassesProvinces(t *testing.T) {
	read := classReader(t)
	out, err := read("CA-BC,,SERVICES,nontaxable,,,,,c\n" +
		"CA-BC,,SAAS,standard,,,,,c\n" +
		"CA-MB,,SAAS,nontaxable,,,,2025-12-31,c\n" +
		"CA-MB,,SAAS,standard,,,2026-01-01,,c\n" +
		"CA-SK,,EBOOKS,exempt,,,,,c\n" +
		"CA-QC,,SERVICES,standard,,,,,c\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 3 || out[0].country != "CA-BC" || out[0].treatment != "nontaxable" ||
		out[1].country != "CA-MB" || out[1].period.Expiration.String() != "2025-12-31" || out[2].treatment != "exempt" {
		t.Errorf("rows %+v", out)
	}
	checkClassRows(t, read, []classRowCase{
		{"CA-NS,,SERVICES,nontaxable,,,,,c\n", "no PST or QST"},
		{"CA-YT,,SERVICES,nontaxable,,,,,c\n", "no PST or QST"},
		{"CA-BC,,BOOKS,reduced,reduced,,,,c\n", "nontaxable, exempt or standard"},
		{"CA-BC,,BOOKS,zero,,,,,c\n", "nontaxable, exempt or standard"},
		{"DE,,SERVICES,nontaxable,,,,,c\n", "only a Canadian province"},
		{"CA,,SERVICES,nontaxable,,,,,c\n", "only a Canadian province"},
		{"CA-BC,,SERVICES,nontaxable,reduced,,,,c\n", "takes no category"},
		{"CA-XX,,SERVICES,nontaxable,,,,,c\n", "unknown country"},
	})
}

// TestReadProductClassesProvinceTax reads province rows that name the tax
// they decide: the HST's provincial part (a point-of-sale rebate) beside
// the province's own PST for the same class, on the dates the province
// levies each. A tax the province does not levy on the row's first or
// last day, or today for a row without a last day, a tax that is not a
// provincial one, and a tax that a country's row names but the country
// does not levy are refused.
func TestReadProductClassesProvinceTax(t *testing.T) {
	read := classReader(t)
	out, err := read("CA-ON,HST,BOOKS,exempt,,,2010-07-01,,c\n" +
		"CA-ON,,BOOKS,exempt,,,,2010-06-30,c\n" +
		"CA-BC,,BOOKS,exempt,,,,,c\n" +
		"CA-BC,HST,BOOKS,exempt,,,2010-07-01,2013-03-31,c\n" +
		"CA-NL,HST,BOOKS,exempt,,,1997-04-01,2016-12-31,c\n" +
		"CA-NL,HST,BOOKS,exempt,,,2018-01-01,,c\n" +
		"CA-QC,QST,SERVICES,standard,,,,,c\n")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range out {
		got = append(got, r.country+" "+r.tax+" "+r.period.Effective.String())
	}
	want := "[CA-BC HST 2010-07-01 CA-BC PST  CA-NL HST 1997-04-01 CA-NL HST 2018-01-01 CA-ON HST 2010-07-01 CA-ON PST ]"
	if s := fmt.Sprint(got); s != want {
		t.Errorf("rows %s, want %s", s, want)
	}
	checkClassRows(t, read, []classRowCase{
		{"CA-ON,HST,BOOKS,exempt,,,2009-01-01,,c\n", "CA-ON levies no HST on 2009-01-01, the row's first day"},
		{"CA-ON,HST,BOOKS,exempt,,,,,c\n", ""},
		{"CA-BC,HST,BOOKS,exempt,,,2010-07-01,,c\n", "CA-BC levies no HST today"},
		{"CA-BC,HST,BOOKS,exempt,,,2010-07-01,2013-06-30,c\n", "CA-BC levies no HST on 2013-06-30, the row's last day"},
		{"CA-BC,HST,BOOKS,exempt,,,,2009-12-31,c\n", "CA-BC levies no HST on 2009-12-31"},
		{"CA-ON,,BOOKS,exempt,,,,,c\n", "CA-ON levies no PST today"},
		{"CA-ON,PST,BOOKS,exempt,,,2011-01-01,,c\n", "CA-ON levies no PST on 2011-01-01"},
		{"CA-ON,QST,BOOKS,exempt,,,2011-01-01,,c\n", "CA-ON levies no QST in the dataset"},
		{"CA-AB,HST,BOOKS,exempt,,,,,c\n", "CA-AB levies no HST in the dataset"},
		{"CA-ON,GST,BOOKS,exempt,,,2011-01-01,,c\n", `a province's row of the GST is a rate row`},
		{"CA-ON,hst,BOOKS,exempt,,,2011-01-01,,c\n", `tax: "hst" is not PST, QST, HST or GST`},
		{"DE,HST,BOOKS,exempt,,,,,c\n", "levies no HST in the dataset"},
		{"CA,HST,BOOKS,exempt,,,,,c\n", "levies no HST in the dataset"},
		{"CA-ON,HST,BOOKS,exempt,,,2010-07-01,,c\nCA-ON,HST,BOOKS,exempt,,,2020-01-01,,c\n", "overlaps"},
		{"CA-ON,HST,BOOKS,reduced,reduced,,2010-07-01,,c\n", "nontaxable, exempt or standard"},
	})
}

// TestReadProductClassesProvinceGST reads a province's row of the GST: a
// rate of the federal GST of its own for a class in the province alone
// (Quebec's accommodation, whose GST base holds the tax on lodging),
// checked against the GST's rates, which are Canada's. A GST row that is
// not a rate row, one at the GST's general rate, and one before the GST
// are refused.
func TestReadProductClassesProvinceGST(t *testing.T) {
	read := classReader(t)
	out, err := read("CA-QC,GST,ACCOMMODATION,rate,,0.05175,2016-11-01,,c\n" +
		"CA-QC,QST,ACCOMMODATION,rate,,0.10324125,2016-11-01,,c\n")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range out {
		got = append(got, r.country+" "+r.tax+" "+r.rate.String()+" "+r.period.Effective.String())
	}
	want := "[CA-QC GST 0.05175 2016-11-01 CA-QC QST 0.10324125 2016-11-01]"
	if s := fmt.Sprint(got); s != want {
		t.Errorf("rows %s, want %s", s, want)
	}
	checkClassRows(t, read, []classRowCase{
		{"CA-QC,GST,ACCOMMODATION,exempt,,,2016-11-01,,c\n", "a province's row of the GST is a rate row"},
		{"CA-QC,GST,ACCOMMODATION,rate,,0.05,2016-11-01,,c\n", "is the general rate of GST"},
		{"CA-QC,GST,ACCOMMODATION,rate,,0.05175,1990-06-01,,c\n", "CA levies no GST on 1990-06-01"},
		{"CA-AB,GST,ACCOMMODATION,rate,,0.052,2005-04-01,,c\n", ""},
	})
}

// TestReadProductClassesCountryTax reads rows of Malaysia, whose sales
// tax and service tax reach different classes: a row names the tax it
// decides, may be nontaxable, and is checked against that tax's rates
// alone; the classes outside each tax's scope that no row names get a
// nontaxable row of their own (services for the sales tax, goods for the
// service tax); a tax the country does not levy, a nontaxable row that
// names no tax and a row for every tax that overlaps one for a single
// tax are refused.
func TestReadProductClassesCountryTax(t *testing.T) {
	read := classReader(t)
	out, err := read("MY,Sales Tax,FOOD,exempt,,,,,c\n" +
		"MY,Sales Tax,CUSTOM_SOFTWARE,nontaxable,,,,,c\n" +
		"MY,Service Tax,CUSTOM_SOFTWARE,standard,,,,,c\n" +
		"MY,Service Tax,PREPARED_FOOD,rate,,0.06,,,c\n" +
		"MY,Service Tax,SERVICES,nontaxable,,,,,c\n")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]classRow{}
	for _, r := range out {
		if r.country != "MY" {
			t.Errorf("row of %s", r.country)
		}
		rows[r.class+"/"+r.tax] = r
	}
	for _, c := range []struct{ key, treatment string }{
		{"FOOD/Sales Tax", "exempt"},                // the table's
		{"CUSTOM_SOFTWARE/Sales Tax", "nontaxable"}, // the table's
		{"PREPARED_FOOD/Service Tax", "rate"},       // the table's
		{"SERVICES/Service Tax", "nontaxable"},      // the table's
		{"GENERAL/Service Tax", "nontaxable"},       // goods, outside the service tax
		{"FOOD/Service Tax", "nontaxable"},          // goods, outside the service tax
		{"SAAS/Sales Tax", "nontaxable"},            // a service, outside the sales tax
		{"PROFESSIONAL_SERVICES/Sales Tax", "nontaxable"},
	} {
		if r, ok := rows[c.key]; !ok || r.treatment != c.treatment || r.citation == "" {
			t.Errorf("%s: %+v, %v; want %s", c.key, r, ok, c.treatment)
		}
	}
	for _, key := range []string{
		"GENERAL/Sales Tax",                 // goods in the sales tax: the standard rate
		"SAAS/Service Tax",                  // a service in the service tax: the standard rate
		"CUSTOM_SOFTWARE/Service Tax",       // the table's standard row, not a scope row
		"PROFESSIONAL_SERVICES/Service Tax", // the standard rate
	} {
		if r, ok := rows[key]; ok {
			t.Errorf("%s has a row %+v, want the standard rate", key, r)
		}
	}
	checkClassRows(t, read, []classRowCase{
		{"MY,VAT,FOOD,exempt,,,,,c\n", "MY levies no VAT in the dataset"},
		{"MY,,SERVICES,nontaxable,,,,,c\n", "names one of its taxes"},
		{"MY,Service Tax,REPAIR_SERVICES,nontaxable,,,,2015-01-01,c\n", "MY levies no Service Tax on 2015-01-01"},
		{"MY,,FOOD,exempt,,,,,c\nMY,Sales Tax,FOOD,exempt,,,,,c\n", "overlaps"},
		{"MY,Service Tax,PREPARED_FOOD,reduced,reduced,,,,c\n", "MY has no reduced rate"},
	})
}

// TestReadProductClassesProvinceLimits reads province rows with the
// threshold, threshold_kind and threshold_currency columns and a rate
// of their own: an exempt row limited by a price per item in its
// currency (Manitoba's children's clothing of CAD 150 or less) and a
// rate for the province's tax (British Columbia's PST of 8% on
// accommodation) are taken; a limit without its kind or its currency, a
// kind or a currency without its limit, an unknown kind, a currency
// that is not three capital letters, a limit that is not a positive
// amount, a limit on a row that is not a province's exempt row, and a
// province's rate equal to its tax's general rate are refused.
func TestReadProductClassesProvinceLimits(t *testing.T) {
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	const head = "country,tax,product_class,treatment,category,rate,threshold,threshold_kind,threshold_currency,effective,expiration,citation\n"
	read := func(rows string) ([]classRow, error) {
		fs := fstest.MapFS{"t.csv": &fstest.MapFile{Data: []byte(head + rows)}}
		out, _, err := readProductClasses(file{fs, "t.csv"}, "t.csv", j)
		return out, err
	}
	out, err := read("CA-MB,,CHILDRENS_CLOTHING,exempt,,,150,up_to_exempt,CAD,,,c\n" +
		"CA-BC,,ACCOMMODATION,rate,,0.08,,,,2013-04-01,,c\n" +
		"CA-SK,,EBOOKS,exempt,,,,,,,,c\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 3 || out[0].country != "CA-BC" || out[0].tax != "PST" || out[0].rate == nil || out[0].rate.String() != "0.08" || out[0].threshold != nil ||
		out[1].country != "CA-MB" || out[1].threshold == nil || out[1].threshold.String() != "150" || out[1].thresholdKind != "up_to_exempt" || out[1].tax != "PST" ||
		out[1].thresholdCurrency != "CAD" ||
		out[2].threshold != nil || out[2].thresholdKind != "" {
		t.Errorf("rows %+v", out)
	}
	checkClassRows(t, read, []classRowCase{
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,150,,CAD,,,c\n", "threshold, threshold_kind and threshold_currency go together"},
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,,below_exempt,CAD,,,c\n", "threshold, threshold_kind and threshold_currency go together"},
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,150,up_to_exempt,,,,c\n", "threshold, threshold_kind and threshold_currency go together"},
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,,,CAD,,,c\n", "threshold, threshold_kind and threshold_currency go together"},
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,150,up_to_exempt,C$,,,c\n", `threshold_currency "C$" is not`},
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,150,up_to_exempt,cad,,,c\n", `threshold_currency "cad" is not`},
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,150,under,CAD,,,c\n", `threshold_kind "under" is not`},
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,0,below_exempt,CAD,,,c\n", "is not a positive amount"},
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,-5,below_exempt,CAD,,,c\n", "is not a positive amount"},
		{"CA-MB,,CHILDRENS_CLOTHING,exempt,,,$150,below_exempt,CAD,,,c\n", "is not a positive amount"},
		{"CA-MB,,CHILDRENS_CLOTHING,nontaxable,,,150,below_exempt,CAD,,,c\n", "only a Canadian province's exempt row"},
		{"CA-BC,,ACCOMMODATION,rate,,0.08,100,below_exempt,CAD,2013-04-01,,c\n", "only a Canadian province's exempt row"},
		{"DE,,CHILDRENS_CLOTHING,exempt,,,150,below_exempt,EUR,,,c\n", "only a Canadian province's exempt row"},
		{"CA-BC,,ACCOMMODATION,rate,,0.07,,,,2013-04-01,,c\n", "is the general rate of PST"},
		{"CA-BC,,ACCOMMODATION,rate,,,,,,2013-04-01,,c\n", "rate takes no category"},
		{"CA-BC,,ACCOMMODATION,rate,,1.08,,,,2013-04-01,,c\n", "rate takes no category"},
		{"CA-BC,,ACCOMMODATION,rate,,0.08,,,,2011-01-01,,c\n", "CA-BC levies no PST on 2011-01-01"},
	})
}

// TestThresholdCurrencyIsISO4217: a product class row's threshold is in
// a currency of the ISO 4217 list that the codes step reads; a code of
// the right form that the list lacks is refused, naming the row.
func TestThresholdCurrencyIsISO4217(t *testing.T) {
	d := decimal.NewFromInt(150)
	known := []codesCurrency{{alpha: "CAD", numeric: 124, name: "Canadian Dollar", minorUnits: 2}}
	rows := []classRow{{country: "CA-SK", class: "EBOOKS"}, {country: "CA-MB", class: "CHILDRENS_CLOTHING", threshold: &d, thresholdKind: "up_to_exempt", thresholdCurrency: "CAD"}}
	if err := checkThresholdCurrencies(rows, known); err != nil {
		t.Errorf("CAD 150: %v", err)
	}
	rows[1].thresholdCurrency = "CAX"
	if err := checkThresholdCurrencies(rows, known); err == nil || !strings.Contains(err.Error(), `threshold_currency "CAX" is not an ISO 4217 currency`) ||
		!strings.Contains(err.Error(), "CA-MB") {
		t.Errorf("CAX 150: %v, want a refusal naming CA-MB and CAX", err)
	}
}

// TestReadProductClassesDocumentLimit: a province's exempt row may limit
// the total of a document's lines rather than an item
// (document_up_to_exempt: Ontario's rebate of its part of the HST on
// prepared food sold together for CAD 4.00 or less), which the default
// rules carry to the engine as a threshold of that kind; the kind is
// refused where a per-item limit is (a row that is not a province's
// exempt row).
func TestReadProductClassesDocumentLimit(t *testing.T) {
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	const head = "country,tax,product_class,treatment,category,rate,threshold,threshold_kind,threshold_currency,effective,expiration,citation\n"
	read := func(rows string) ([]classRow, error) {
		fs := fstest.MapFS{"t.csv": &fstest.MapFile{Data: []byte(head + rows)}}
		out, _, err := readProductClasses(file{fs, "t.csv"}, "t.csv", j)
		return out, err
	}
	out, err := read("CA-ON,HST,PREPARED_FOOD,exempt,,,4.00,document_up_to_exempt,CAD,2010-07-01,2024-12-13,c\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].tax != "HST" || out[0].threshold == nil || out[0].threshold.String() != "4" ||
		out[0].thresholdKind != string(rules.DocumentUpToExempt) || out[0].thresholdCurrency != "CAD" {
		t.Errorf("rows %+v", out)
	}
	checkClassRows(t, read, []classRowCase{
		{"CA-ON,HST,PREPARED_FOOD,nontaxable,,,4.00,document_up_to_exempt,CAD,2010-07-01,,c\n", "only a Canadian province's exempt row"},
		{"CA,,PREPARED_FOOD,exempt,,,4.00,document_up_to_exempt,CAD,,,c\n", "only a Canadian province's exempt row"},
		{"CA-ON,HST,PREPARED_FOOD,exempt,,,4.00,document_under,CAD,2010-07-01,,c\n", `threshold_kind "document_under" is not`},
	})
}

// TestReadProductClassesRateByPrice reads rows with an up_to_rate
// threshold and its threshold_rate, on any country's standard, reduced
// or rate row: India's garments of Rs 1,000 or less a piece at 5% and
// dearer ones at the row's 12%, then of Rs 2,500 or less at 5% and
// dearer ones at the standard rate (a standard row that is kept for its
// limit). A threshold_rate without the kind up_to_rate, the kind without
// a threshold_rate, a rate that is not a fraction below 1, and the kind
// on an exempt row are refused.
func TestReadProductClassesRateByPrice(t *testing.T) {
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	const head = "country,tax,product_class,treatment,category,rate,threshold,threshold_kind,threshold_currency,threshold_rate,effective,expiration,citation\n"
	read := func(rows string) ([]classRow, error) {
		fs := fstest.MapFS{"t.csv": &fstest.MapFile{Data: []byte(head + rows)}}
		out, _, err := readProductClasses(file{fs, "t.csv"}, "t.csv", j)
		return out, err
	}
	out, err := read("IN,,CLOTHING,rate,,0.12,1000,up_to_rate,INR,0.05,2017-07-01,2025-09-21,c\n" +
		"IN,,CLOTHING,standard,,,2500,up_to_rate,INR,0.05,2025-09-22,,c\n" +
		"IN,,CANDY,standard,,,,,,,2017-07-01,,c\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0].treatment != "rate" || out[0].rate == nil || out[0].rate.String() != "0.12" ||
		out[0].threshold == nil || out[0].threshold.String() != "1000" || out[0].thresholdKind != "up_to_rate" || out[0].thresholdCurrency != "INR" ||
		out[0].thresholdRate == nil || out[0].thresholdRate.String() != "0.05" ||
		out[1].treatment != "standard" || out[1].rate != nil || out[1].threshold == nil || out[1].threshold.String() != "2500" ||
		out[1].thresholdRate == nil || out[1].thresholdRate.String() != "0.05" {
		t.Errorf("rows %+v", out)
	}
	checkClassRows(t, read, []classRowCase{
		{"IN,,CLOTHING,rate,,0.12,1000,up_to_exempt,INR,0.05,2017-07-01,,c\n", "threshold_rate goes with threshold_kind up_to_rate alone"},
		{"IN,,CLOTHING,rate,,0.12,1000,up_to_rate,INR,,2017-07-01,,c\n", "threshold_rate goes with threshold_kind up_to_rate alone"},
		{"IN,,CLOTHING,rate,,0.12,,,,0.05,2017-07-01,,c\n", "threshold, threshold_kind and threshold_currency go together"},
		{"IN,,CLOTHING,rate,,0.12,1000,up_to_rate,INR,1.05,2017-07-01,,c\n", `threshold_rate "1.05" is not a rate`},
		{"IN,,CLOTHING,rate,,0.12,1000,up_to_rate,INR,-0.05,2017-07-01,,c\n", `threshold_rate "-0.05" is not a rate`},
		{"IN,,CLOTHING,rate,,0.12,1000,up_to_rate,INR,5%,2017-07-01,,c\n", `threshold_rate "5%" is not a rate`},
		{"IN,,CLOTHING,exempt,,,1000,up_to_rate,INR,0.05,2017-07-01,,c\n", "only a standard, reduced or rate row has a rate by price"},
		{"IN,,CLOTHING,rate,,0.12,0,up_to_rate,INR,0.05,2017-07-01,,c\n", "is not a positive amount"},
	})
}
