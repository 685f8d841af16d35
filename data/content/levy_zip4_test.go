package content

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLevyZIP4RangeKeepsTheZIPsJurisdictions: in Levy's format a row's
// zip:ZIP names every address of the ZIP code, and zip4:ZIP-LOW-HIGH
// every address of the range. Houston given at zip:77002 and METRO at
// zip4:77002-1000-1999 left 77002-1500 with METRO alone: the narrowest
// range decided, as an SST boundary record (which lists all of its
// range's jurisdictions) does, and Houston's city tax was dropped there.
// A ZIP+4 code now bears the jurisdictions of its whole ZIP and of every
// range holding it, ranges that overlap included.
func TestLevyZIP4RangeKeepsTheZIPsJurisdictions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tx-zip.csv")
	body := "state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n" +
		"TX,US-4835000,CITY,Houston,4835000,0.01,general,,,zip:77002,test\n" +
		"TX,US-TX-DMETRO,TRANSIT_DISTRICT,Metro,,0.01,general,,,zip4:77002-1000-1999,test\n" +
		"TX,US-TX-DMGMT,SPECIAL_PURPOSE_DISTRICT,Downtown management,,0.0025,general,,,zip4:77002-1500-1599,test\n" +
		"TX,US-TX-DESD,SPECIAL_PURPOSE_DISTRICT,Emergency services,,0.0025,general,,,zip4:77002-1900-2099,test\n" +
		"TX,US-TX-DESD,SPECIAL_PURPOSE_DISTRICT,Emergency services,,0.0025,general,,,zip4:77003-0100-0199,test\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	ds, _ := load(t, Options{}, Source{Path: path})
	local, err := ds.Local()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		zip   uint32
		plus4 int
		want  string
	}{
		{77002, -1, "US-48201 US-4835000"},
		{77002, 999, "US-48201 US-4835000"},
		{77002, 1000, "US-48201 US-4835000 US-TX-DMETRO"},
		{77002, 1550, "US-48201 US-4835000 US-TX-DMETRO US-TX-DMGMT"},
		{77002, 1600, "US-48201 US-4835000 US-TX-DMETRO"},
		{77002, 1950, "US-48201 US-4835000 US-TX-DESD US-TX-DMETRO"},
		{77002, 2050, "US-48201 US-4835000 US-TX-DESD"},
		{77002, 2100, "US-48201 US-4835000"},
		{77003, 150, "US-TX-DESD"},
	} {
		k, _ := local.ZIPArea(c.zip, c.plus4)
		if k < 0 {
			t.Errorf("%d-%04d: no area", c.zip, c.plus4)
			continue
		}
		ids := slices.Clone(local.AreaAt(k).Jurisdictions)
		slices.Sort(ids)
		want := strings.Fields(c.want)
		if c.zip == 77003 {
			// 77003's county comes first, whatever the dataset says it is.
			ids = slices.DeleteFunc(ids, func(id string) bool { return len(id) == 8 })
		}
		if !slices.Equal(ids, want) {
			t.Errorf("%d-%04d: %v, want %v", c.zip, c.plus4, ids, want)
		}
	}
}
