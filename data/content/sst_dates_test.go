package content

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// TestSSTRowEndingBeforeItStarts loads Minnesota's SST files with a row
// whose end date is before its start date: in the rate file, the
// state's own row; in the boundary file, a ZIP range's. Each is a fault
// naming the file, the line and the column of the end, as the formats
// with a header report it. The rate row was loaded as a rate that never
// holds (no Minnesota tax on any day), the boundary row skipped as out
// of force.
func TestSSTRowEndingBeforeItStarts(t *testing.T) {
	dir := t.TempDir()
	rates, err := os.ReadFile(filepath.Join(sstDir, "MNR2026Q2FEB18.csv"))
	if err != nil {
		t.Fatal(err)
	}
	bounds, err := os.ReadFile(filepath.Join(sstDir, "MNB2026Q2FEB18-sample.csv"))
	if err != nil {
		t.Fatal(err)
	}
	const state = "27,45,27,0.06875,0.06875,0.06875,0.06875,20090701,29991231"
	if !strings.Contains(string(rates), "\n"+state+"\n") {
		t.Fatal("the rate file has no longer the state's row")
	}
	badRates := strings.Replace(string(rates), state, strings.Replace(state, "29991231", "20080101", 1), 1)
	line := strings.Count(string(rates[:strings.Index(string(rates), state)]), "\n") + 1
	first, _, _ := strings.Cut(string(bounds), "\n")
	badFirst := strings.Replace(first, "z,20161001,20190331,", "z,20161001,20151231,", 1)
	if badFirst == first {
		t.Fatal("the boundary file's first row is another")
	}
	badBounds := strings.Replace(string(bounds), first, badFirst, 1)
	for _, c := range []struct {
		rates, bounds, want string
	}{
		{badRates, string(bounds), "mnr.csv:" + strconv.Itoa(line) + ": column 9: 2008-01-01 is before the start date 2009-07-01"},
		{string(rates), badBounds, "mnb.csv:1: column 3: 2015-12-31 is before the start date 2016-10-01"},
	} {
		r := writeContent(t, dir, "mnr.csv", c.rates)
		b := writeContent(t, dir, "mnb.csv", c.bounds)
		r.Format, b.Format = FormatSST, FormatSST
		_, err := Load(t.Context(), data.Default(), Options{AsOf: civil.New(2018, 6, 1)}, r, b)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want it to say %q", err, c.want)
		}
	}
}
