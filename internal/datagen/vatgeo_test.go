package datagen

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/jurisdiction"
)

// The headers of the VAT geography's tables.
const (
	vatAreasHead = "place,area,own_numbers,effective,expiration,citation\n"
	vatTerrHead  = "country,name,id,id_citation,kind,area,keeps_reduced,local_tax,effective,expiration,citation\n"
	vatBoxesHead = "country,jurisdiction,found_in,lat_min,lat_max,lng_min,lng_max,citation\n"
	postcodeHead = "country,prefix,place,effective,expiration,citation\n"
)

// geoFile is a curated table of the given header and rows.
func geoFile(name, head string, rows ...string) file {
	return file{fstest.MapFS{name: {Data: []byte(head + strings.Join(rows, "\n") + "\n")}}, name}
}

// geoKnown are the jurisdictions of the tests' dataset.
func geoKnown(id string) bool {
	switch id {
	case "MC", "FR", "IM", "GB", "JE", "LI", "CH", "DE", "ES", "MA", "NC", "BL", "MF", "ES-CN", "DE-X-BÜSINGEN_AM_HOCHRHEIN":
		return true
	}
	return false
}

// geoCase is a table whose reading must fail with an error that contains
// want: the file, the line and the column of the bad row.
type geoCase struct {
	name string
	rows []string
	want string
}

// checkGeoRefusals reads each case with read and checks its error.
func checkGeoRefusals(t *testing.T, read func(rows ...string) error, cases []geoCase) {
	t.Helper()
	for _, c := range cases {
		err := read(c.rows...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestReadVATAreasRefuses: vat-areas.csv refuses a malformed row, naming
// the file, the line and the column.
func TestReadVATAreasRefuses(t *testing.T) {
	read := func(rows ...string) error {
		_, err := readVATAreas(geoFile(vatAreasFile, vatAreasHead, rows...), vatAreasFile, geoKnown)
		return err
	}
	good := `MC,FR,,1963-05-18,,c`
	if err := read(good, `LI,CH,yes,1995-01-01,,c`); err != nil {
		t.Fatal(err)
	}
	checkGeoRefusals(t, read, []geoCase{
		{"an unknown place", []string{good, `ZZ,FR,,,,c`}, "vat-areas.csv:3: column place:"},
		{"no place", []string{`,FR,,,,c`}, "vat-areas.csv:2: column place:"},
		{"an area that is no country", []string{`MC,ES-CN,,,,c`}, "vat-areas.csv:2: column area:"},
		{"a place in its own area", []string{`FR,FR,,,,c`}, "vat-areas.csv:2: column area:"},
		{"a chain", []string{good, `CH,MC,,,,c`}, "vat-areas.csv:3: column area: MC is itself"},
		{"a bad flag", []string{`LI,CH,no,,,c`}, "vat-areas.csv:2: column own_numbers:"},
		{"a bad date", []string{`MC,FR,,1963-13-18,,c`}, "vat-areas.csv:2: column effective:"},
		{"an inverted period", []string{`MC,FR,,1963-05-18,1960-01-01,c`}, "vat-areas.csv:2: column expiration:"},
		{"no citation", []string{`MC,FR,,1963-05-18,,`}, "vat-areas.csv:2: column citation:"},
		{"overlapping periods", []string{good, `MC,GB,,2000-01-01,,c`}, "vat-areas.csv:3: columns effective, expiration:"},
	})
}

// TestReadVATTerritoryRowsRefuses: vat-territories.csv refuses a
// malformed row, naming the file, the line and the column.
func TestReadVATTerritoryRowsRefuses(t *testing.T) {
	read := func(rows ...string) error {
		_, err := readVATTerritoryRowsOf(rows...)
		return err
	}
	canaries := `ES,Canary Islands,ES-CN,iso,no_vat,ES-CN,,the IGIC,,,c`
	rows, err := readVATTerritoryRowsOf(canaries, `DE,Büsingen am Hochrhein,,slug,,,,,,,c`,
		`IT,Campione,,slug,no_vat,IT-X-CAMPIONE,,,,2019-12-31,c`, `IT,Campione,,slug,no_vat,IT-X-CAMPIONE,,tax,2020-01-01,,c`)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[1].standing != nil || rows[0].standing.Kind != jurisdiction.NoVAT || rows[3].standing.LocalTax != "tax" {
		t.Errorf("rows %+v", rows)
	}
	checkGeoRefusals(t, read, []geoCase{
		{"a lowercase country", []string{`es,Canary Islands,ES-CN,iso,no_vat,ES-CN,,,,,c`}, "vat-territories.csv:2: column country:"},
		{"no name", []string{`ES,,ES-CN,iso,no_vat,ES-CN,,,,,c`}, "vat-territories.csv:2: column name:"},
		{"an ID of another country", []string{`ES,Canary Islands,PT-20,iso,no_vat,ES-CN,,,,,c`}, "vat-territories.csv:2: column id:"},
		{"no ID citation", []string{`ES,Canary Islands,ES-CN,,no_vat,ES-CN,,,,,c`}, "vat-territories.csv:2: column id_citation:"},
		{"no citation", []string{`ES,Canary Islands,ES-CN,iso,no_vat,ES-CN,,,,,`}, "vat-territories.csv:2: column citation:"},
		{"an unknown kind", []string{canaries, `ES,Ceuta,ES-CE,iso,duty_free,ES-CE,,,,,c`}, "vat-territories.csv:3: column kind:"},
		{"no area", []string{`ES,Canary Islands,ES-CN,iso,no_vat,,,,,,c`}, "vat-territories.csv:2: column area:"},
		{"regional rates in another area", []string{`PT,Azores,PT-20,iso,regional_rates,ES,,,,,c`}, "vat-territories.csv:2: column area:"},
		{"a bad flag", []string{`AT,Jungholz,,slug,regional_rates,AT,true,,,,c`}, "vat-territories.csv:2: column keeps_reduced:"},
		{"a standing without a kind", []string{`DE,Büsingen am Hochrhein,,slug,,CH,,,,,c`}, "vat-territories.csv:2: column area:"},
		{"a bad date", []string{`ES,Canary Islands,ES-CN,iso,no_vat,ES-CN,,,2020-02-30,,c`}, "vat-territories.csv:2: column effective:"},
		{"two IDs of one territory", []string{canaries, `ES,Canary Islands,ES-XX,iso,no_vat,ES-CN,,,,,c`}, "vat-territories.csv:3: column id:"},
		{"overlapping periods", []string{canaries, `ES,Canary Islands,ES-CN,iso,no_vat,ES-CN,,,2020-01-01,,c`}, "vat-territories.csv:3: columns effective, expiration:"},
	})
}

// readVATTerritoryRowsOf reads a vat-territories.csv of the given rows.
// TestReadVATTerritoryISOCountry: the column iso_country, optional,
// takes the ISO 3166-1 code of a territory with an ISO 3166-2 ID, and
// refuses one of the wrong form, the country's own, or of a territory
// without an ID.
func TestReadVATTerritoryISOCountry(t *testing.T) {
	head := "country,name,id,iso_country,id_citation,kind,area,keeps_reduced,local_tax,effective,expiration,citation\n"
	read := func(row string) error {
		_, err := readVATTerritoryRows(geoFile(vatTerrFile, head, row), vatTerrFile)
		return err
	}
	if err := read(`FI,Åland,FI-01,AX,iso,own_vat,FI-01,yes,,,,c`); err != nil {
		t.Fatal(err)
	}
	for _, row := range []string{`FI,Åland,FI-01,ax,iso,own_vat,FI-01,yes,,,,c`, `FI,Åland,FI-01,FI,iso,own_vat,FI-01,yes,,,,c`,
		`IT,Livigno,,LV,slug,no_vat,IT-X-LIVIGNO,,,,,c`} {
		if err := read(row); err == nil || !strings.Contains(err.Error(), "vat-territories.csv:2: column iso_country:") {
			t.Errorf("%s: %v, want an error of column iso_country", row, err)
		}
	}
}

func readVATTerritoryRowsOf(rows ...string) ([]vatTerritoryRow, error) {
	return readVATTerritoryRows(geoFile(vatTerrFile, vatTerrHead, rows...), vatTerrFile)
}

// TestReadTerritoryBoxesRefuses: vat-territory-boxes.csv refuses a
// malformed row, naming the file, the line and the column.
func TestReadTerritoryBoxesRefuses(t *testing.T) {
	territory := func(id, country string) bool { return id == "ES-CN" && country == "ES" }
	read := func(rows ...string) error {
		_, err := readTerritoryBoxes(geoFile(vatBoxesFile, vatBoxesHead, rows...), vatBoxesFile, territory, geoKnown)
		return err
	}
	boxes, err := readTerritoryBoxes(geoFile(vatBoxesFile, vatBoxesHead, `ES,ES-CN,ES,27.4,29.6,-18.4,-13.2,c`, `ES,ES-CN,sea,27.4,29.6,-18.4,-13.2,c`),
		vatBoxesFile, territory, geoKnown)
	if err != nil {
		t.Fatal(err)
	}
	if len(boxes) != 2 || boxes[0].latMin != 27400000 || boxes[0].lngMin != -18400000 || boxes[0].foundIn != "ES" || boxes[1].foundIn != "" {
		t.Errorf("boxes %+v", boxes)
	}
	checkGeoRefusals(t, read, []geoCase{
		{"a lowercase country", []string{`es,ES-CN,ES,27.4,29.6,-18.4,-13.2,c`}, "vat-territory-boxes.csv:2: column country:"},
		{"no territory", []string{`ES,ES-CE,ES,27.4,29.6,-18.4,-13.2,c`}, "vat-territory-boxes.csv:2: column jurisdiction:"},
		{"an unknown found_in", []string{`ES,ES-CN,XX,27.4,29.6,-18.4,-13.2,c`}, "vat-territory-boxes.csv:2: column found_in:"},
		{"no number", []string{`ES,ES-CN,ES,north,29.6,-18.4,-13.2,c`}, "vat-territory-boxes.csv:2: column lat_min:"},
		{"a latitude over 90", []string{`ES,ES-CN,ES,27.4,91,-18.4,-13.2,c`}, "vat-territory-boxes.csv:2: column lat_max:"},
		{"too many decimals", []string{`ES,ES-CN,ES,27.4,29.6,-18.4000001,-13.2,c`}, "vat-territory-boxes.csv:2: column lng_min:"},
		{"an inverted latitude", []string{`ES,ES-CN,ES,29.6,27.4,-18.4,-13.2,c`}, "vat-territory-boxes.csv:2: column lat_max:"},
		{"an inverted longitude", []string{`ES,ES-CN,ES,27.4,29.6,-13.2,-18.4,c`}, "vat-territory-boxes.csv:2: column lng_max:"},
		{"no citation", []string{`ES,ES-CN,ES,27.4,29.6,-18.4,-13.2,`}, "vat-territory-boxes.csv:2: column citation:"},
	})
}

// TestReadPostcodeCountriesRefuses: postcode-countries.csv refuses a
// malformed row, naming the file, the line and the column.
func TestReadPostcodeCountriesRefuses(t *testing.T) {
	read := func(rows ...string) error {
		_, err := readPostcodeCountries(geoFile(postcodeCtryFile, postcodeHead, rows...), postcodeCtryFile, geoKnown)
		return err
	}
	good := `FR,988,NC,,,c`
	if err := read(good, `FR,97133,BL,2007-07-15,,c`, `GB,JE,JE,,,c`); err != nil {
		t.Fatal(err)
	}
	checkGeoRefusals(t, read, []geoCase{
		{"an unknown country", []string{`XX,988,NC,,,c`}, "postcode-countries.csv:2: column country:"},
		{"a prefix in small letters", []string{`GB,je,JE,,,c`}, "postcode-countries.csv:2: column prefix:"},
		{"a prefix with a space", []string{`FR,98 8,NC,,,c`}, "postcode-countries.csv:2: column prefix:"},
		{"no prefix", []string{`FR,,NC,,,c`}, "postcode-countries.csv:2: column prefix:"},
		{"the country itself", []string{`FR,988,FR,,,c`}, "postcode-countries.csv:2: column place:"},
		{"an unknown place", []string{`FR,988,XX,,,c`}, "postcode-countries.csv:2: column place:"},
		{"a bad date", []string{`FR,988,NC,,2020-1-1,c`}, "postcode-countries.csv:2: column expiration:"},
		{"no citation", []string{`FR,988,NC,,,`}, "postcode-countries.csv:2: column citation:"},
		{"overlapping prefixes", []string{`FR,97,BL,,,c`, good, `FR,9713,MF,,,c`}, "postcode-countries.csv:4: column prefix:"},
	})
}

// TestAddVATGeographyRefuses: the tables are checked against each other
// and the dataset: a territory without a kind must be in another
// country's VAT area, one with a kind must not be, and every row of
// vat-territories.csv must be an exception of the EU VAT file.
func TestAddVATGeographyRefuses(t *testing.T) {
	for _, c := range []struct {
		name, areas, terr, want string
	}{
		{"Büsingen without a kind and without an area",
			`MC,FR,,,,c`, `DE,Büsingen am Hochrhein,,slug,,,,,,,c`, "vat-territories.csv:2: column kind: empty"},
		{"Büsingen with a kind and an area",
			`DE-X-BÜSINGEN_AM_HOCHRHEIN,CH,,,,c`, `DE,Büsingen am Hochrhein,,slug,no_vat,CH,,,,,c`, "vat-territories.csv:2: column kind: DE-X-BÜSINGEN_AM_HOCHRHEIN is in another"},
		{"a territory that is no exception",
			`MC,FR,,,,c`, `ES,Nowhere,ES-NW,iso,no_vat,ES-NW,,,,,c`, "vat-territories.csv:2: column name:"},
	} {
		g, err := newGen(Config{})
		if err != nil {
			t.Fatal(err)
		}
		g.curated = fstest.MapFS{
			vatAreasFile:     {Data: []byte(vatAreasHead + c.areas + "\n")},
			vatBoxesFile:     {Data: []byte(vatBoxesHead)},
			postcodeCtryFile: {Data: []byte(postcodeHead)},
		}
		rows, err := readVATTerritoryRows(geoFile(vatTerrFile, vatTerrHead, c.terr), curatedRef+vatTerrFile)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b := &ratesBuilder{juris: map[string]jurisdiction.Jurisdiction{}, territoryRows: rows}
		for _, id := range []string{"MC", "FR", "DE", "CH", "ES", "DE-X-BÜSINGEN_AM_HOCHRHEIN"} {
			b.juris[id] = jurisdiction.Jurisdiction{ID: id}
		}
		if err := addVATGeography(g, b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// vatRegionsHead is the header of vat-regions.csv.
const vatRegionsHead = "region,country,name,by,value,lat_min,lat_max,lng_min,lng_max,citation\n"

// TestReadVATRegionsRefuses: vat-regions.csv gathers a region's rows and
// refuses a malformed one, naming the file, the line and the column.
func TestReadVATRegionsRefuses(t *testing.T) {
	read := func(rows ...string) ([]vatRegion, error) {
		return readVATRegions(geoFile(vatRegionsFile, vatRegionsHead, rows...), vatRegionsFile, geoKnown)
	}
	good := []string{
		`XI,GB,Northern Ireland,postcode_area,BT,,,,,c`,
		`XI,GB,Northern Ireland,division,Northern Ireland,,,,,c`,
		`XI,GB,Northern Ireland,division,Antrim,,,,,c`,
		`XI,GB,Northern Ireland,box,,53.9,55.35,-8.25,-5.3,c`,
		`XI,GB,Northern Ireland,excluded_box,,55.25,55.35,-6.05,-5.3,c`,
	}
	rs, err := read(good...)
	if err != nil {
		t.Fatal(err)
	}
	want := jurisdiction.VATRegion{Code: "XI", Country: "GB", Name: "Northern Ireland", PostcodeAreas: []string{"BT"},
		Divisions: []string{"Northern Ireland", "Antrim"},
		Boxes:     []jurisdiction.VATBox{{LatMin: 53.9, LatMax: 55.35, LngMin: -8.25, LngMax: -5.3}},
		Excluded:  []jurisdiction.VATBox{{LatMin: 55.25, LatMax: 55.35, LngMin: -6.05, LngMax: -5.3}}}
	if len(rs) != 1 || !reflect.DeepEqual(rs[0].fact(), want) {
		t.Fatalf("regions %+v, want one: %+v", rs, want)
	}
	read1 := func(rows ...string) error {
		_, err := read(rows...)
		return err
	}
	checkGeoRefusals(t, read1, []geoCase{
		{"a region code that is a country", []string{`GB,GB,Great Britain,postcode_area,SW,,,,,c`}, "vat-regions.csv:2: column region:"},
		{"a region code of three letters", []string{`XIR,GB,Northern Ireland,postcode_area,BT,,,,,c`}, "vat-regions.csv:2: column region:"},
		{"an unknown country", []string{`XI,XX,Northern Ireland,postcode_area,BT,,,,,c`}, "vat-regions.csv:2: column country:"},
		{"no name", []string{`XI,GB,,postcode_area,BT,,,,,c`}, "vat-regions.csv:2: column name:"},
		{"no citation", []string{`XI,GB,Northern Ireland,postcode_area,BT,,,,,`}, "vat-regions.csv:2: column citation:"},
		{"another name on a later row", []string{good[0], `XI,GB,Ulster,division,Down,,,,,c`}, "vat-regions.csv:3: columns country, name:"},
		{"an unknown way", []string{`XI,GB,Northern Ireland,city,Belfast,,,,,c`}, "vat-regions.csv:2: column by:"},
		{"a postcode area of digits", []string{`XI,GB,Northern Ireland,postcode_area,BT1,,,,,c`}, "vat-regions.csv:2: column value:"},
		{"a postcode area in lower case", []string{`XI,GB,Northern Ireland,postcode_area,bt,,,,,c`}, "vat-regions.csv:2: column value:"},
		{"a postcode row with a box", []string{`XI,GB,Northern Ireland,postcode_area,BT,1,2,3,4,c`}, "vat-regions.csv:2: columns lat_min"},
		{"a division with County", []string{`XI,GB,Northern Ireland,division,County Antrim,,,,,c`}, "vat-regions.csv:2: column value:"},
		{"an empty division", []string{`XI,GB,Northern Ireland,division,,,,,,c`}, "vat-regions.csv:2: column value:"},
		{"a box with a value", []string{`XI,GB,Northern Ireland,box,BT,53.9,55.35,-8.25,-5.3,c`}, "vat-regions.csv:2: column value:"},
		{"a box without a corner", []string{`XI,GB,Northern Ireland,box,,53.9,,-8.25,-5.3,c`}, "vat-regions.csv:2: column lat_max:"},
		{"an inverted box", []string{`XI,GB,Northern Ireland,box,,55.35,53.9,-8.25,-5.3,c`}, "vat-regions.csv:2: column lat_max: below"},
		{"an excluded box alone", []string{good[0], good[4]}, "vat-regions.csv:2: column by: region XI has an excluded box but no box"},
	})
}

// TestAddVATGeographyRegions: the VAT regions are checked with the rest
// of the geography: a division written twice is refused, naming the
// table.
func TestAddVATGeographyRegions(t *testing.T) {
	g, err := newGen(Config{})
	if err != nil {
		t.Fatal(err)
	}
	g.curated = fstest.MapFS{
		vatAreasFile:     {Data: []byte(vatAreasHead + "MC,FR,,,,c\n")},
		vatBoxesFile:     {Data: []byte(vatBoxesHead)},
		postcodeCtryFile: {Data: []byte(postcodeHead)},
		vatRegionsFile: {Data: []byte(vatRegionsHead + "XI,GB,Northern Ireland,division,Down,,,,,c\n" +
			"XI,GB,Northern Ireland,division,down,,,,,c\n")},
	}
	b := &ratesBuilder{juris: map[string]jurisdiction.Jurisdiction{}}
	for _, id := range []string{"MC", "FR", "GB"} {
		b.juris[id] = jurisdiction.Jurisdiction{ID: id}
	}
	if err := addVATGeography(g, b); err == nil || !strings.Contains(err.Error(), "vat-regions.csv: jurisdiction: VAT region XI: division \"down\"") {
		t.Errorf("a division written twice: %v", err)
	}
}
