package datagen_test

import (
	"encoding/csv"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// TestNexusCuratedTable: the curated thresholds read and check, and a bad
// value names its line and column.
func TestNexusCuratedTable(t *testing.T) {
	f, err := os.Open("curated/nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rules, err := datagen.ReadNexusCSV(f, "nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := data.NewNexusRules(rules); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("curated/nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(raw), "\n")
	for _, c := range []struct{ from, to, field string }{
		{"TX,,2019-07-01,,500000,", "TX,,2019-07-01,,-500000,", "sales_threshold"},
		{"TX,,2019-07-01,", "TX,,2219-07-01,", "effective"},
		{"TX,,2019-07-01,,500000,at-least,,,sales,12-months,gross,included", "TX,,2019-07-01,,500000,at-least,,,sales,12-months,gross,sometimes", "marketplace"},
		// Canada's rows: a province named by its code alone, Canada
		// without its scheme, a province with one, consumer sales counted
		// in a US state, any sale "at least" nothing.
		{"CA-BC,,2021-04-01,", "BC,,2021-04-01,", "jurisdiction"},
		{"CAN,simplified,", "CAN,,", "scheme"},
		{"CA-MB,,", "CA-MB,simplified,", "scheme"},
		{"TX,,2019-07-01,,500000,at-least,,,sales,12-months,gross", "TX,,2019-07-01,,500000,at-least,,,sales,12-months,consumer", "counts"},
		{"CA-SK,,2020-01-01,,0,over,", "CA-SK,,2020-01-01,,0,at-least,", "logic"},
		{"CAN,small-supplier,2000-01-01,,30000,over,,,sales,4-quarters,", "CAN,small-supplier,2000-01-01,,30000,over,,,sales,quarterly,", "period"},
		// A citation to a commercial tax-data provider, the host alone
		// or under it, is refused like a bad value.
		{"TX,,2019-07-01,,500000,at-least,,,sales,12-months,gross,included,month+4,https://comptroller.texas.gov/",
			"TX,,2019-07-01,,500000,at-least,,,sales,12-months,gross,included,month+4,https://www.avalara.com/", "citation"},
		{"TX,,2019-07-01,,500000,at-least,,,sales,12-months,gross,included,month+4,https://comptroller.texas.gov/",
			"TX,,2019-07-01,,500000,at-least,,,sales,12-months,gross,included,month+4,https://news.Orbitax.com/", "citation"},
	} {
		bad := make([]string, len(lines))
		copy(bad, lines)
		n := 0
		for i, l := range bad {
			if strings.HasPrefix(l, c.from) {
				bad[i], n = strings.Replace(l, c.from, c.to, 1), i+1
			}
		}
		if n == 0 {
			t.Fatalf("no line starts with %q", c.from)
		}
		_, err := datagen.ReadNexusCSV(strings.NewReader(strings.Join(bad, "\n")), "nexus.csv")
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != c.field || !strings.Contains(err.Error(), "column "+c.field) || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%s: %v, want an error naming the line and column %s", c.field, err, c.field)
		}
	}
}

// TestNexusCuratedTableOldFormat: a table in the columns before Canada's
// rows (first column state, no scheme) is refused, saying what changed;
// a row with a column too few names its line.
func TestNexusCuratedTableOldFormat(t *testing.T) {
	old := "state,effective,expiration,sales_threshold,sales_test,transaction_threshold,transaction_test,logic,period,counts,marketplace,collect,citation,checked,decision\n" +
		"TX,2019-10-01,,500000,at-least,,,sales,12-months,gross,included,month+4,https://comptroller.texas.gov/,revenue,\n"
	_, err := datagen.ReadNexusCSV(strings.NewReader(old), "nexus.csv")
	var le *levy.Error
	if !errors.As(err, &le) || le.Field != "jurisdiction" || !strings.Contains(err.Error(), "before Canada") || !strings.Contains(err.Error(), "jurisdiction,scheme,effective") {
		t.Errorf("the old format: %v", err)
	}
	short := "jurisdiction,scheme,effective,expiration,sales_threshold,sales_test,transaction_threshold,transaction_test,logic,period,counts,marketplace,collect,citation,checked,decision\n" +
		"TX,2019-10-01,,500000,at-least,,,sales,12-months,gross,included,month+4,https://comptroller.texas.gov/,revenue,\n"
	if _, err := datagen.ReadNexusCSV(strings.NewReader(short), "nexus.csv"); err == nil || !strings.Contains(err.Error(), "line 2: 15 columns, want 16") {
		t.Errorf("a row of the old format under the new header: %v", err)
	}
}

// TestNexusCitationsAreNotCommercialProviders: every row of the curated
// table cites the revenue department, the law or a publication that is
// not a commercial tax-data provider's; British Columbia's row cited
// Orbitax's news page for the bulletin it reproduced.
func TestNexusCitationsAreNotCommercialProviders(t *testing.T) {
	f, err := os.Open("curated/nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(recs[0], "citation")
	if col < 0 {
		t.Fatalf("no citation column in %v", recs[0])
	}
	for i, rec := range recs[1:] {
		for _, host := range []string{"orbitax.com", "avalara.com", "sovos.com", "taxjar.com", "salestaxinstitute.com"} {
			if strings.Contains(strings.ToLower(rec[col]), host) {
				t.Errorf("line %d (%s from %s) cites %s: %s", i+2, rec[0], rec[2], host, rec[col])
			}
		}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if _, err := datagen.ReadNexusCSV(f, "nexus.csv"); err != nil {
		t.Errorf("the curated table does not read: %v", err)
	}
}

// TestNexusCuratedTableCoversTaxedJurisdictions: every US jurisdiction
// whose general sales tax the dataset rates above zero (the states with
// one, DC and Puerto Rico) has a threshold in the curated table, so that
// a seller's sales there reach a row of the report. Puerto Rico, whose
// IVU Levy calculates, had none: its sales were kept in the figures and
// shown nowhere.
func TestNexusCuratedTableCoversTaxedJurisdictions(t *testing.T) {
	f, err := os.Open("curated/nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	read, err := datagen.ReadNexusCSV(f, "nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	rules, err := data.NewNexusRules(read)
	if err != nil {
		t.Fatal(err)
	}
	juris, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	day := civil.MustParse("2026-01-01")
	taxed := 0
	for _, j := range juris.All() {
		st, ok := strings.CutPrefix(j.ID, "US-")
		if !ok || len(st) != 2 {
			continue
		}
		if !slices.ContainsFunc(juris.RatesOn(j.ID, day), func(r jurisdiction.Rate) bool {
			return r.Jurisdiction == j.ID && r.Category == jurisdiction.General && r.Value.Sign() > 0
		}) {
			continue
		}
		taxed++
		if _, ok := rules.On(st, day); !ok {
			t.Errorf("%s has a general sales tax on %s and no economic-nexus threshold in the curated table", j.ID, day)
		}
	}
	if taxed < 46 {
		t.Fatalf("%d US jurisdictions with a general sales tax on %s, want the 45 states with one, DC and Puerto Rico", taxed, day)
	}
	pr, ok := rules.On("PR", day)
	if !ok {
		t.Fatal("no rule of Puerto Rico")
	}
	if !pr.Sales.Equal(decimal.NewFromInt(100000)) || pr.SalesTest != data.NexusOver || pr.Transactions != 200 || pr.Logic != data.NexusOr || pr.Marketplace {
		t.Errorf("Puerto Rico: %+v, want more than $100,000 or 200 transactions, marketplace sales excluded", pr)
	}
}
