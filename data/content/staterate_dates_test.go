package content

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// TestStateRateFromADateKeepsTheDatasetBefore loads a Levy file that
// gives Texas's own rate from dates of its own: the dataset's rate of
// the state (6.25% since 1990) must answer the days the file's rows do
// not cover, and the file's rows theirs. The state's whole rate history
// was dropped, so a sale in Texas before the file's first date bore no
// state tax at all ("no tax is due").
func TestStateRateFromADateKeepsTheDatasetBefore(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tx-state.csv")
	body := "state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n" +
		"TX,US-TX,,,,0.07,general,2027-01-01,2027-12-31,,test\n" +
		"TX,US-TX,,,,0.071,general,2029-01-01,,,test\n"
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	ds, _ := load(t, Options{}, Source{Path: path})
	js, err := ds.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		day    string
		rate   string
		source string
	}{
		{"2026-06-01", "0.0625", "us-state-rates"},
		{"2026-12-31", "0.0625", "us-state-rates"},
		{"2027-01-01", "0.07", rateSource(FormatLevy, "tx-state.csv", 2)},
		{"2027-12-31", "0.07", rateSource(FormatLevy, "tx-state.csv", 2)},
		{"2028-01-01", "0.0625", "us-state-rates"},
		{"2028-12-31", "0.0625", "us-state-rates"},
		{"2029-01-01", "0.071", rateSource(FormatLevy, "tx-state.csv", 3)},
		{"2035-01-01", "0.071", rateSource(FormatLevy, "tx-state.csv", 3)},
	} {
		day := civil.MustParse(c.day)
		var got []jurisdiction.Rate
		for _, r := range js.RatesOn("US-TX", day) {
			if r.Tax == jurisdiction.SalesTax && r.Category == jurisdiction.General {
				got = append(got, r)
			}
		}
		if len(got) != 1 || !got[0].Value.Equal(decimal.RequireFromString(c.rate)) || got[0].Source != c.source {
			t.Errorf("US-TX on %s: %+v, want one rate %s from %s", c.day, got, c.rate, c.source)
		}
	}
}
