package content

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// TestStateRateAloneKeepsTheLocalContent loads a Levy file that gives
// Texas's own rate from 2027 and nothing else. It set the state's rate,
// and it also took Texas for a state the file covers, whose cities and
// districts are the file's alone: Houston's city tax and METRO's, and
// every other local tax of Texas, were dropped on every date, so a sale
// in Houston bore the state's tax alone with no word. A file of a
// state's own rates alone now leaves its local content as the dataset
// has it; a file that gives any local rate still replaces it.
func TestStateRateAloneKeepsTheLocalContent(t *testing.T) {
	dir := t.TempDir()
	head := "state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n"
	write := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(head+body), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	stateOnly := write("tx-state.csv", "TX,US-TX,,,,0.07,general,2027-01-01,,,Comptroller\n")
	ds, o := load(t, Options{}, Source{Path: stateOnly})
	if len(o.States) != 0 {
		t.Errorf("a file of Texas's rate alone covers %v", o.States)
	}
	local, err := ds.Local()
	if err != nil {
		t.Fatal(err)
	}
	if st, ok := local.State("TX"); !ok || st.Content != "" {
		t.Errorf("Texas's local content: %+v, want the dataset's", st)
	}
	js, err := ds.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	salesRate := func(id, day string) decimal.Decimal {
		sum := decimal.Zero
		for _, r := range js.RatesOn(id, civil.MustParse(day)) {
			if r.Tax == jurisdiction.SalesTax && r.Category == jurisdiction.General {
				sum = sum.Add(r.Value)
			}
		}
		return sum
	}
	for _, c := range []struct{ id, day, want string }{
		{"US-TX", "2026-06-01", "0.0625"},
		{"US-TX", "2027-06-01", "0.07"},
		{"US-4835000", "2027-06-01", "0.01"},
		{"US-TX-D-HOUSTON_METRO", "2027-06-01", "0.01"},
		{"US-TX-D-HOUSTON_METRO", "2026-06-01", "0.01"},
	} {
		if got := salesRate(c.id, c.day); !got.Equal(decimal.RequireFromString(c.want)) {
			t.Errorf("%s on %s: %s, want %s", c.id, c.day, got, c.want)
		}
	}

	// Beside a place's rate the file covers Texas, as before.
	withPlace := write("tx-houston.csv", "TX,US-TX,,,,0.07,general,2027-01-01,,,Comptroller\n"+
		"TX,US-4835000,CITY,Houston,4835000,0.01,general,,,place:4835000,Comptroller\n")
	ds, o = load(t, Options{}, Source{Path: withPlace})
	if len(o.States) != 1 || o.States[0] != "TX" {
		t.Errorf("a file of Texas's and Houston's rates covers %v", o.States)
	}
	if js, err = ds.Jurisdictions(); err != nil {
		t.Fatal(err)
	}
	if got := salesRate("US-TX-D-HOUSTON_METRO", "2027-06-01"); !got.IsZero() {
		t.Errorf("METRO with Texas covered by the file: %s, want none", got)
	}
	if got := salesRate("US-TX", "2027-06-01"); !got.Equal(decimal.RequireFromString("0.07")) {
		t.Errorf("US-TX with Texas covered by the file: %s", got)
	}
}
