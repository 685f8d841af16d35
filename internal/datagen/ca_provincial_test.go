package datagen

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/data"
)

// TestReadCAProvincialTaxes reads rows of the table of Canadian provincial
// taxes: a province's tax with or without a first day (a tax older than
// the sources found); a row levied by another jurisdiction than its
// province's own (another province, Canada, a US state), an unknown
// province and a US state's row in the Canadian table are refused.
func TestReadCAProvincialTaxes(t *testing.T) {
	const header = "province,jurisdiction,key,tax,category,classes,rate,effective,expiration,citation,decision\n"
	for _, c := range []struct {
		name, row, err string
	}{
		{"Quebec's tax on lodging", "QC,CA-QC,lodging-tax,Tax on Lodging,lodging,ACCOMMODATION,0.035,2016-11-01,,Revenu Québec,d\n", ""},
		{"a province's tax without a first day", "AB,CA-AB,hotel-room-tax,Hotel Room Tax,hotel_room,ACCOMMODATION,0.05,,2005-03-31,Hotel Room Tax Act,d\n", ""},
		{"another province's jurisdiction", "QC,CA-ON,lodging-tax,Tax on Lodging,lodging,ACCOMMODATION,0.035,2016-11-01,,c,d\n",
			"levied by the province's own jurisdiction, CA-QC"},
		{"Canada's jurisdiction", "QC,CA,lodging-tax,Tax on Lodging,lodging,ACCOMMODATION,0.035,2016-11-01,,c,d\n",
			`jurisdiction "CA" is not a CA jurisdiction ID`},
		{"a US state's", "TX,US-TX,hotel-occupancy-tax,Hotel Occupancy Tax,hotel,ACCOMMODATION,0.06,,,c,d\n", `unknown province "TX"`},
		{"an unknown province", "ZZ,CA-ZZ,lodging-tax,Tax on Lodging,lodging,ACCOMMODATION,0.035,2016-11-01,,c,d\n", `unknown province "ZZ"`},
		{"the sales tax's name", "QC,CA-QC,lodging-tax,Sales and Use Tax,lodging,ACCOMMODATION,0.035,2016-11-01,,c,d\n", "an imposition of its own"},
		{"a sales tax category", "QC,CA-QC,lodging-tax,Tax on Lodging,general,ACCOMMODATION,0.035,2016-11-01,,c,d\n", "not a sales tax category"},
	} {
		g := &gen{curated: fstest.MapFS{caProvincialSrc: &fstest.MapFile{Data: []byte(header + c.row)}}}
		rows, err := readCAProvincialTaxes(g)
		switch {
		case c.err == "" && (err != nil || len(rows) != 1):
			t.Errorf("%s: %d rows, %v", c.name, len(rows), err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
		}
	}
	// The US table still refuses a Canadian row.
	const usHeader = "state,jurisdiction,key,tax,category,classes,rate,effective,expiration,citation,decision\n"
	g := &gen{curated: fstest.MapFS{localTaxesSrc: &fstest.MapFile{Data: []byte(usHeader +
		"QC,CA-QC,lodging-tax,Tax on Lodging,lodging,ACCOMMODATION,0.035,2016-11-01,,c,d\n")}}}
	if _, err := readLocalTaxes(g); err == nil || !strings.Contains(err.Error(), `unknown state "QC"`) {
		t.Errorf("a Canadian row in the US table: %v", err)
	}
}

// TestReadCAProvincialLacking reads rows of the Canadian taxes Levy knows
// of and does not compute: a municipal tax named at its province, with a
// first day or a day its source attests it; a row of another province's
// jurisdiction, of Canada's, an unknown province and a note or reference
// that responses could not quote are refused.
func TestReadCAProvincialLacking(t *testing.T) {
	juris, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	const header = "province,jurisdiction,tax,classes,transactions,effective,expiration,as_of,note,reference,instead,citation\n"
	for _, c := range []struct {
		name, row, err string
	}{
		{"British Columbia's MRDT", "BC,CA-BC,Municipal and Regional District Tax,ACCOMMODATION,,2013-04-01,,,places tax {class},Bulletin PST 120,i,Bulletin PST 120 Accommodation\n", ""},
		{"a tax attested on a day", "PE,CA-PE,Municipal Tourism Levy,ACCOMMODATION,,,,2013-02-08,cities tax {class},The Guardian,i,The Guardian of 2013\n", ""},
		{"another province's jurisdiction", "BC,CA-ON,Municipal Accommodation Tax,ACCOMMODATION,,2017-11-23,,,n,r,i,r\n", "is not a jurisdiction of BC"},
		{"Canada's", "BC,CA,Municipal Accommodation Tax,ACCOMMODATION,,2017-11-23,,,n,r,i,r\n", "is not a jurisdiction of BC"},
		{"an unknown province", "ZZ,CA-BC,Municipal Accommodation Tax,ACCOMMODATION,,2017-11-23,,,n,r,i,r\n", `unknown province "ZZ"`},
		{"a reference not quoted", "BC,CA-BC,Municipal and Regional District Tax,ACCOMMODATION,,2013-04-01,,,n,Bulletin PST 121,i,Bulletin PST 120\n", "is not quoted from the citation"},
		{"a note with a full stop", "BC,CA-BC,Municipal and Regional District Tax,ACCOMMODATION,,2013-04-01,,,places tax it.,r,i,r\n", "ends with a full stop"},
	} {
		g := &gen{curated: fstest.MapFS{caLackingSrc: &fstest.MapFile{Data: []byte(header + c.row)}}}
		rows, err := readCAProvincialLacking(g, juris)
		switch {
		case c.err == "" && (err != nil || len(rows) != 1):
			t.Errorf("%s: %d rows, %v", c.name, len(rows), err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
		}
	}
}
