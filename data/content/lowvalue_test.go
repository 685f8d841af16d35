package content

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// lowValueHeader is the header of a low-value limits table.
const lowValueHeader = "country,effective,expiration,limit,currency,applies_to,within,business_reverse_charge,scheme,citation\n"

// loadLowValue loads a low-value limits table of the given text, by
// detection.
func loadLowValue(t *testing.T, text string) (*data.Overlay, error) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "limits.csv")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")}, Source{Path: p})
}

// TestLoadLowValueLimits: a user's low-value limits table, with the
// columns of the generator's low-value-limits.csv, is detected by its
// header; its rows replace the dataset's rows of the countries they name
// (the United Kingdom's £135 becomes £300 from 2027, kept before) and add
// a country (Switzerland); the others keep the dataset's (the EU's €150).
func TestLoadLowValueLimits(t *testing.T) {
	o, err := loadLowValue(t, lowValueHeader+
		"GB,2021-01-01,2026-12-31,135,GBP,consignment,at-or-below,yes,the United Kingdom's £135 rule,a test\n"+
		"GB,2027-01-01,,300,GBP,,,yes,a test's £300 rule,a test\n"+
		"CH,2026-01-01,,65,CHF,item,below,,a test's Swiss rule,a test\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(o.LowValueLimits) != 3 || o.Name != "limits.csv" || !o.ChangesDataset() {
		t.Fatalf("overlay %+v", o)
	}
	ds, err := data.Default().WithOverlay(o)
	if err != nil {
		t.Fatal(err)
	}
	j, err := ds.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ country, date, want string }{
		{"GB", "2026-06-01", "GBP 135"}, {"GB", "2027-01-01", "GBP 300"}, {"GB", "2020-12-31", ""},
		{"CH", "2026-06-01", "CHF 65 below per item"}, {"FR", "2026-06-01", "EUR 150"},
	} {
		got := ""
		if v, ok := j.LowValueLimit(c.country, civil.MustParse(c.date)); ok {
			got = v.Currency + " " + v.Amount.String()
			if v.Strict {
				got += " below"
			}
			if v.PerItem {
				got += " per item"
			}
		}
		if got != c.want {
			t.Errorf("%s on %s: %q, want %q", c.country, c.date, got, c.want)
		}
	}
	if ParseSource("low-value-limits:x.csv").Format != FormatLowValueLimits {
		t.Error("ParseSource does not name the format")
	}
	ex, err := Load(context.Background(), data.Default(), Options{}, Source{Path: "testdata/low-value-limits-example.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.LowValueLimits) != 1 || ex.LowValueLimits[0].Country != "GB" || !ex.LowValueLimits[0].BusinessReverseCharge {
		t.Errorf("the example: %+v", ex.LowValueLimits)
	}
}

// TestLoadLowValueLimitsFaults: every fault of a low-value limits table
// is reported with its line and column, and no row is taken from a table
// with one.
func TestLoadLowValueLimitsFaults(t *testing.T) {
	_, err := loadLowValue(t, lowValueHeader+
		"XX,,,100,GBP,,,,s,c\n"+ // line 2: no such country
		"ES-CN,,,100,EUR,,,,s,c\n"+ // line 3: a territory, not a country
		"GB,,,-5,GBP,,,,s,c\n"+ // line 4: a negative limit
		"GB,,,100,pounds,,,,s,c\n"+ // line 5: no ISO 4217 code
		"GB,,,100,GBP,pallet,,,s,c\n"+ // line 6: applies to what?
		"GB,,,100,GBP,,under,,s,c\n"+ // line 7: within how?
		"GB,,,100,GBP,,,maybe,s,c\n"+ // line 8: a bad flag
		"GB,2026-02-30,,100,GBP,,,,s,c\n"+ // line 9: a bad date
		"GB,,,100,GBP,,,,,\n"+ // line 10: no scheme, no citation
		"NO,2020-01-01,,3000,NOK,item,below,,s,c\n"+ // line 11: good
		"NO,2025-01-01,,5000,NOK,item,below,,s,c\n") // line 12: overlaps line 11
	var es Errors
	if !errors.As(err, &es) {
		t.Fatalf("error %v", err)
	}
	want := []struct {
		line        int
		column, msg string
	}{
		{2, "country", "neither a country"}, {3, "country", "neither a country"}, {4, "limit", "not a positive amount"},
		{5, "currency", "not an ISO 4217 code"}, {6, "applies_to", "neither consignment nor item"}, {7, "within", "neither at-or-below nor below"},
		{8, "business_reverse_charge", "neither yes"}, {9, "effective", "not a date"}, {10, "scheme", "empty"}, {10, "citation", "empty"},
		{12, "effective", "overlap"},
	}
	if len(es) != len(want) {
		t.Fatalf("%d faults, want %d: %v", len(es), len(want), err)
	}
	for i, w := range want {
		if e := es[i]; e.File != "limits.csv" || e.Line != w.line || e.Column != w.column || !strings.Contains(e.Message, w.msg) {
			t.Errorf("fault %d: %+v, want line %d column %s saying %q", i, e, w.line, w.column, w.msg)
		}
	}
}

// TestLoadLowValueLimitsMemberState: a row of a member state of the EU's
// VAT area (France's own €22, the United Kingdom's £135 from 2020, while
// it still belonged) is refused naming its line and the country column:
// on the days the country belongs to the area the Union's €150 holds
// there, so the row would load and never apply. The United Kingdom's
// limit from 2021-01-01, after it left, loads.
func TestLoadLowValueLimitsMemberState(t *testing.T) {
	_, err := loadLowValue(t, lowValueHeader+
		"FR,2021-07-01,,22,EUR,,,,a test's French rule,a test\n"+ // line 2: a member state
		"GB,2020-01-01,2020-12-31,135,GBP,,,yes,s,c\n"+ // line 3: the United Kingdom before it left
		"GB,2021-01-01,,135,GBP,,,yes,s,c\n") // line 4: after
	var es Errors
	if !errors.As(err, &es) {
		t.Fatalf("a member state's own limit loads (error %v): the Union's would hold in its place", err)
	}
	if len(es) != 2 {
		t.Fatalf("%d faults, want 2: %v", len(es), err)
	}
	for i, line := range []int{2, 3} {
		if e := es[i]; e.Line != line || e.Column != "country" || !strings.Contains(e.Message, "EU's VAT area") {
			t.Errorf("fault %d: %+v, want line %d column country naming the EU's VAT area", i, e, line)
		}
	}
	if _, err := loadLowValue(t, lowValueHeader+"GB,2021-01-01,,135,GBP,,,yes,s,c\n"); err != nil {
		t.Errorf("the United Kingdom's limit after it left: %v", err)
	}
}
