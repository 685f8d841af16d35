package datagen

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// TestReadLowValueLimitsRefuses: low-value-limits.csv refuses a malformed
// row, naming the file, the line and the column (a member state's own
// limit, which the Union's would hide, among them); the curated table reads
// and has the Union's limit under EU.
func TestReadLowValueLimitsRefuses(t *testing.T) {
	head := strings.Join(lowValueColumns, ",") + "\n"
	read := func(rows ...string) error {
		_, err := readLowValueLimits(geoFile(lowValueFile, head, rows...), lowValueFile, geoKnown)
		return err
	}
	good := "GB,2021-01-01,,135,GBP,consignment,at-or-below,yes,s,c"
	if err := read(good, "EU,2021-07-01,,150,EUR,consignment,at-or-below,,s,c"); err != nil {
		t.Fatalf("good rows: %v", err)
	}
	checkGeoRefusals(t, read, []geoCase{
		{"a country of no dataset", []string{"XX,,,1,GBP,consignment,at-or-below,,s,c"}, "low-value-limits.csv:2: column country"},
		{"a limit of zero", []string{"GB,,,0,GBP,consignment,at-or-below,,s,c"}, "column limit"},
		{"a currency of no form", []string{"GB,,,1,gbp,consignment,at-or-below,,s,c"}, "column currency"},
		{"applies to an empty cell", []string{"GB,,,1,GBP,,at-or-below,,s,c"}, "column applies_to"},
		{"within nothing", []string{"GB,,,1,GBP,consignment,,,s,c"}, "column within"},
		{"a flag of no form", []string{"GB,,,1,GBP,consignment,at-or-below,no,s,c"}, "column business_reverse_charge"},
		{"no scheme", []string{"GB,,,1,GBP,consignment,at-or-below,,,c"}, "column scheme"},
		{"no citation", []string{"GB,,,1,GBP,consignment,at-or-below,,s,"}, "column citation"},
		{"an inverted period", []string{"GB,2021-01-01,2020-01-01,1,GBP,consignment,at-or-below,,s,c"}, "column expiration"},
		{"two periods that overlap", []string{good, "GB,2024-01-01,,200,GBP,consignment,at-or-below,yes,s,c"}, "low-value-limits.csv:3: columns effective, expiration"},
		{"a member state of the EU's VAT area, where the Union's limit holds", []string{"FR,2021-07-01,,22,EUR,consignment,at-or-below,,s,c"}, "low-value-limits.csv:2: column country"},
		{"the United Kingdom while it belonged", []string{"GB,2020-01-01,,135,GBP,consignment,at-or-below,yes,s,c"}, "low-value-limits.csv:2: column country"},
	})
	curated, err := fs.Sub(curatedFiles, "curated")
	if err != nil {
		t.Fatal(err)
	}
	low, err := readLowValueLimits(file{curated, lowValueFile}, lowValueFile, func(id string) bool { return jurisdiction.IsAlpha2Form(id) })
	if err != nil {
		t.Fatal(err)
	}
	lv, err := jurisdiction.NewLowValueLimits(low)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := lv.Limit("DE", civil.MustParse("2026-01-01")); !ok || !v.EU || v.Currency != "EUR" {
		t.Errorf("the curated table's limit in Germany: %+v %v", v, ok)
	}
}

// TestReadTaxAccrualsRefuses: tax-accruals.csv refuses a malformed row,
// naming the file, the line and the column: a tax the jurisdiction does
// not levy in the dataset, an accrual of no kind, no citation, periods of
// one tax that overlap.
func TestReadTaxAccrualsRefuses(t *testing.T) {
	head := "jurisdiction,tax,accrual,effective,expiration,citation\n"
	levies := func(id string, tax jurisdiction.Tax) bool {
		return id == "MY" && (tax == jurisdiction.GoodsSalesTax || tax == jurisdiction.ServiceTax)
	}
	read := func(rows ...string) error {
		_, err := readTaxAccruals(geoFile(taxAccrualFile, head, rows...), taxAccrualFile, levies)
		return err
	}
	good := "MY,Service Tax,none,2018-09-01,2018-12-31,c"
	if err := read(good, "MY,Service Tax,imported-services,2019-01-01,,c", "MY,Sales Tax,none,2018-09-01,,c"); err != nil {
		t.Fatalf("good rows: %v", err)
	}
	checkGeoRefusals(t, read, []geoCase{
		{"a tax the jurisdiction does not levy", []string{"MY,VAT,none,,,c"}, "tax-accruals.csv:2: columns jurisdiction, tax"},
		{"a jurisdiction without the tax", []string{"SG,Service Tax,none,,,c"}, "columns jurisdiction, tax"},
		{"an accrual of no kind", []string{"MY,Service Tax,some,,,c"}, "column accrual"},
		{"no citation", []string{"MY,Service Tax,none,,,"}, "column citation"},
		{"two periods that overlap", []string{good, "MY,Service Tax,imported-services,2018-12-01,,c"}, "tax-accruals.csv:3: columns effective, expiration"},
	})
}
