package datagen

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

const vatFixHead = "jurisdiction,tax,category,rate,effective,expiration,citation\n"

// fixTable reads a corrections table of the given rows, after the header.
func fixTable(rows ...string) ([]vatFix, error) {
	fsys := fstest.MapFS{vatFixFile: {Data: []byte(vatFixHead + strings.Join(rows, "\n") + "\n")}}
	return readVATFixes(file{fsys, vatFixFile}, vatFixFile)
}

// TestReadVATFixesRefuses: the reader refuses a row that overlaps another
// of its country and tax (a "none" row overlaps every category), and a
// row that is malformed, naming the line.
func TestReadVATFixesRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		rows []string
		want string
	}{
		{"same category, overlapping periods", []string{
			`XX,VAT,general,0.2,2020-01-01,2020-12-31,a`, `XX,VAT,general,0.21,2020-12-31,,b`}, ":3: XX VAT general 0.21 from 2020-12-31 to open overlaps"},
		{"an open start overlaps an earlier row", []string{
			`XX,VAT,general,0.2,2020-01-01,2020-12-31,a`, `XX,VAT,general,0.19,,2020-01-01,b`}, "overlaps"},
		{"a none row overlaps every category", []string{
			`XX,VAT,reduced,0.05,2020-01-01,,a`, `XX,VAT,,none,,2020-06-30,b`}, "overlaps"},
		{"no citation", []string{`XX,VAT,general,0.2,2020-01-01,,`}, "no citation"},
		{"unknown tax", []string{`XX,SALES,general,0.2,2020-01-01,,a`}, `tax "SALES"`},
		{"unknown category", []string{`XX,VAT,luxury,0.2,2020-01-01,,a`}, `category "luxury"`},
		{"a none row with a category", []string{`XX,VAT,general,none,,,a`}, "leave category empty"},
		{"a rate of 100%", []string{`XX,VAT,general,1,2020-01-01,,a`}, "not a fraction"},
		{"a percentage", []string{`XX,VAT,general,20,2020-01-01,,a`}, "not a fraction"},
		{"a negative rate", []string{`XX,VAT,general,-0.1,2020-01-01,,a`}, "not a fraction"},
		{"a rate that is no number", []string{`XX,VAT,general,twenty,2020-01-01,,a`}, "rate:"},
		{"an inverted period", []string{`XX,VAT,general,0.2,2020-01-01,2019-12-31,a`}, "before effective"},
		{"a bad date", []string{`XX,VAT,general,0.2,2020-13-01,,a`}, "effective:"},
		{"a lowercase country", []string{`xx,VAT,general,0.2,2020-01-01,,a`}, "alpha-2"},
		{"a province of a lowercase country", []string{`ca-bc,PST,general,0.2,2020-01-01,,a`}, "alpha-2"},
		{"a tax of no kind Levy knows", []string{`CA-BC,RST,general,0.2,2020-01-01,,a`}, `tax "RST" is not VAT, GST, HST, PST, QST, Consumption Tax, Sales Tax or Service Tax`},
	} {
		_, err := fixTable(c.rows...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	// Rows of other categories, taxes or countries, or of periods that
	// touch without overlapping, are fine.
	fixes, err := fixTable(
		`XX,VAT,general,0.2,2020-01-01,2020-12-31,a`, `XX,VAT,general,0.21,2021-01-01,,b`,
		`XX,VAT,reduced,0.1,2020-01-01,,c`, `XX,GST,general,0.1,2020-01-01,,d`, `YY,VAT,,none,,,e`)
	if err != nil {
		t.Fatal(err)
	}
	if len(fixes) != 5 || !fixes[4].none || fixes[4].category != "" || fixes[0].at.line != 2 {
		t.Errorf("read %+v", fixes)
	}
}

// vatFixBuilder returns a builder with countries XX, YY and ZZ: XX has a
// standard VAT of 20% since always and a reduced one of 10% from 2015 (in
// two rates, split at 2018), YY
// a standard one of 5% from 2018 to 2020 and of 10% after, ZZ none.
func vatFixBuilder(t *testing.T) *ratesBuilder {
	t.Helper()
	b := &ratesBuilder{juris: map[string]jurisdiction.Jurisdiction{}}
	for _, cc := range []string{"XX", "YY", "ZZ"} {
		if err := b.addJuris(jurisdiction.Jurisdiction{ID: cc, Type: jurisdiction.Country, Name: cc, Country: cc}); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range []struct {
		id, cat, value, from, to string
	}{
		{"XX", jurisdiction.General, "0.2", "", ""},
		{"XX", jurisdiction.Reduced, "0.1", "2015-01-01", "2017-12-31"},
		{"XX", jurisdiction.Reduced, "0.1", "2018-01-01", ""},
		{"YY", jurisdiction.General, "0.05", "2018-01-01", "2020-12-31"},
		{"YY", jurisdiction.General, "0.1", "2021-01-01", ""},
	} {
		if err := b.addRate(jurisdiction.Rate{Jurisdiction: r.id, Tax: jurisdiction.VAT, Category: r.cat, Value: decimal.RequireFromString(r.value),
			Period: period(r.from, r.to), Source: worldKey}); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func period(from, to string) civil.Period {
	var p civil.Period
	if from != "" {
		p.Effective = civil.MustParse(from)
	}
	if to != "" {
		p.Expiration = civil.MustParse(to)
	}
	return p
}

// ratesText writes the rates of a jurisdiction, sorted, one a line.
func ratesText(b *ratesBuilder, id string) string {
	b.sortRates()
	var out []string
	for _, r := range b.ratesOf(id) {
		out = append(out, fmt.Sprintf("%s %s %s %s..%s %s", r.Tax, r.Category, r.Value, dateOrOpen(r.Effective), dateOrOpen(r.Expiration), r.Source))
	}
	return strings.Join(out, "\n")
}

// TestApplyVATFixes: a rate row replaces the source's rate for its period
// (splitting the rate it falls in), a "none" row removes every category of
// the tax for its period, or for good, and the result passes the
// builder's checks.
func TestApplyVATFixes(t *testing.T) {
	b := vatFixBuilder(t)
	fixes, err := fixTable(
		`XX,VAT,general,0.25,2020-01-01,2020-12-31,a rise`,
		`XX,VAT,,none,,2009-12-31,before the VAT`,
		`YY,VAT,,none,,,no VAT in force`,
	)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.applyVATFixes(fixes, worldKey); err != nil {
		t.Fatal(err)
	}
	if err := b.check(); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"VAT general 0.2 2010-01-01..2019-12-31 world-sales-tax-rates",
		"VAT general 0.25 2020-01-01..2020-12-31 vat-rate-corrections",
		"VAT general 0.2 2021-01-01..open world-sales-tax-rates",
		"VAT reduced 0.1 2015-01-01..2017-12-31 world-sales-tax-rates",
		"VAT reduced 0.1 2018-01-01..open world-sales-tax-rates",
	}, "\n")
	if got := ratesText(b, "XX"); got != want {
		t.Errorf("XX:\n%s\nwant\n%s", got, want)
	}
	if got := ratesText(b, "YY"); got != "" {
		t.Errorf("YY keeps\n%s", got)
	}
}

// TestApplyVATFixesRefuses: a correction is refused when it changes
// nothing (the sources already give its rate over all its period, or
// there is no tax for a "none" row to remove), or when it names a
// country, tax or category that no source gives; a gap in the sources'
// rates is a change.
func TestApplyVATFixesRefuses(t *testing.T) {
	for _, c := range []struct {
		name, row, want string
	}{
		{"the same rate", `XX,VAT,general,0.2,2020-01-01,2020-12-31,a`, "changes nothing"},
		{"the same rate since always", `XX,VAT,general,0.2,,2020-12-31,a`, "changes nothing"},
		{"the same rate over two source rates", `XX,VAT,reduced,0.1,2016-01-01,,a`, "changes nothing"},
		{"nothing to remove", `YY,VAT,,none,,2017-12-31,a`, "changes nothing"},
		{"a country without the tax", `ZZ,VAT,general,0.1,2020-01-01,,a`, "no source gives a VAT of ZZ"},
		{"a country that does not exist", `QQ,VAT,general,0.1,2020-01-01,,a`, "no source gives a VAT of QQ"},
		{"another tax", `XX,GST,general,0.1,2020-01-01,,a`, "no source gives a GST of XX"},
		{"a category the sources lack", `XX,VAT,reduced2,0.12,2026-01-01,,a`, "no source gives a reduced2 VAT rate of XX"},
	} {
		b := vatFixBuilder(t)
		fixes, err := fixTable(c.row)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		err = b.applyVATFixes(fixes, worldKey)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), vatFixFile+":2") {
			t.Errorf("%s: error %v, want one at line 2 containing %q", c.name, err, c.want)
		}
	}
	// A rate row changes the sources where they differ on part of its
	// period or leave part of it without a rate.
	for _, row := range []string{
		`YY,VAT,general,0.1,2020-01-01,2021-12-31,differs in 2020`,
		`YY,VAT,general,0.05,2017-01-01,2018-12-31,no rate in 2017`,
		`XX,VAT,reduced,0.1,,2015-06-30,no rate before 2015`,
	} {
		b := vatFixBuilder(t)
		fixes, err := fixTable(row)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.applyVATFixes(fixes, worldKey); err != nil {
			t.Errorf("%s: %v", row, err)
		}
		if err := b.check(); err != nil {
			t.Errorf("%s: %v", row, err)
		}
	}
	// Rates of another source are not the sources' to correct.
	b := vatFixBuilder(t)
	fixes, err := fixTable(`XX,VAT,general,0.25,2020-01-01,,a`)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.applyVATFixes(fixes, euVATKey); err == nil || !strings.Contains(err.Error(), "no source gives") {
		t.Errorf("rates of another source corrected: %v", err)
	}
}

// TestApplyVATFixesNewTax: the corrections give Malaysia the service tax
// and the GST that no source gives it (vatFixNewTaxes), beside the sales
// tax of the sources, which a "none" row ends before September 1, 2018;
// the same rows for a country without such a tax, a "none" row of the
// new tax and a category other than general are refused.
func TestApplyVATFixesNewTax(t *testing.T) {
	builder := func() *ratesBuilder {
		b := vatFixBuilder(t)
		if err := b.addJuris(jurisdiction.Jurisdiction{ID: "MY", Type: jurisdiction.Country, Name: "Malaysia", Country: "MY"}); err != nil {
			t.Fatal(err)
		}
		if err := b.addRate(jurisdiction.Rate{Jurisdiction: "MY", Tax: jurisdiction.GoodsSalesTax, Category: jurisdiction.General,
			Value: decimal.RequireFromString("0.1"), Source: worldKey}); err != nil {
			t.Fatal(err)
		}
		return b
	}
	b := builder()
	fixes, err := fixTable(
		`MY,Sales Tax,,none,,2018-08-31,the GST before`,
		`MY,GST,general,0.06,2015-04-01,2018-05-31,the GST`,
		`MY,Service Tax,general,0.06,2018-09-01,2024-02-29,six`,
		`MY,Service Tax,general,0.08,2024-03-01,,eight`,
	)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.applyVATFixes(fixes, worldKey); err != nil {
		t.Fatal(err)
	}
	if err := b.check(); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"GST general 0.06 2015-04-01..2018-05-31 vat-rate-corrections",
		"Sales Tax general 0.1 2018-09-01..open world-sales-tax-rates",
		"Service Tax general 0.06 2018-09-01..2024-02-29 vat-rate-corrections",
		"Service Tax general 0.08 2024-03-01..open vat-rate-corrections",
	}, "\n")
	if got := ratesText(b, "MY"); got != want {
		t.Errorf("MY:\n%s\nwant\n%s", got, want)
	}
	for _, c := range []struct{ name, row, want string }{
		{"a country the new taxes are not listed for", `XX,Service Tax,general,0.06,2018-09-01,,a`, "no source gives a Service Tax of XX"},
		{"a tax not listed for the country", `MY,VAT,general,0.06,2018-09-01,,a`, "no source gives a VAT of MY"},
		{"a none row of a new tax", `MY,Service Tax,,none,,2018-08-31,a`, "no rate to remove"},
		{"a reduced rate of a new tax", `MY,Service Tax,reduced,0.06,2018-09-01,,a`, "general rates only"},
	} {
		fixes, err := fixTable(c.row)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := builder().applyVATFixes(fixes, worldKey); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestApplyVATFixesToATerritory: a VAT special territory's corrections
// (the Azores' "PT-20") replace its standard rate in their period and
// give it a reduced rate that only its country has in the sources; a
// category its country lacks too is refused, and so is a territory code
// of another form.
func TestApplyVATFixesToATerritory(t *testing.T) {
	b := vatFixBuilder(t)
	if err := b.addJuris(jurisdiction.Jurisdiction{ID: "XX-20", Type: jurisdiction.Territory, Name: "Isles", Country: "XX", Parent: "XX"}); err != nil {
		t.Fatal(err)
	}
	if err := b.addRate(jurisdiction.Rate{Jurisdiction: "XX-20", Tax: jurisdiction.VAT, Category: jurisdiction.General,
		Value: decimal.RequireFromString("0.18"), Source: euVATKey}); err != nil {
		t.Fatal(err)
	}
	fixes, err := fixTable(`XX-20,VAT,general,0.16,2021-07-01,,a cut`, `XX-20,VAT,reduced,0.04,2021-07-01,,the islands' reduced rate`)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.applyVATFixes(fixes, worldKey, euVATKey); err != nil {
		t.Fatal(err)
	}
	if err := b.check(); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"VAT general 0.18 open..2021-06-30 eu-vat-rates",
		"VAT general 0.16 2021-07-01..open vat-rate-corrections",
		"VAT reduced 0.04 2021-07-01..open vat-rate-corrections",
	}, "\n")
	if got := ratesText(b, "XX-20"); got != want {
		t.Errorf("XX-20:\n%s\nwant\n%s", got, want)
	}
	fixes, err = fixTable(`XX-20,VAT,reduced2,0.09,2021-07-01,,c`)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.applyVATFixes(fixes, worldKey, euVATKey); err == nil || !strings.Contains(err.Error(), "no source gives a reduced2 VAT rate of XX-20") {
		t.Errorf("a category neither the territory nor its country has: %v", err)
	}
	for _, id := range []string{"XX20", "XX-2O2O", "XX-"} {
		if _, err := fixTable(id + `,VAT,general,0.16,2021-07-01,,d`); err == nil {
			t.Errorf("%s: read as a jurisdiction", id)
		}
	}
}
