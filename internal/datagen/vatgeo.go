package datagen

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// The curated tables of the VAT geography and the keys of their sources.
const (
	vatAreasFile      = "vat-areas.csv"
	vatTerrFile       = "vat-territories.csv"
	vatBoxesFile      = "vat-territory-boxes.csv"
	postcodeCtryFile  = "postcode-countries.csv"
	vatAreasKey       = "vat-areas"
	vatBoxesKey       = "vat-territory-boxes"
	postcodeCtryKey   = "postcode-countries"
	vatGeoMicroDegree = 6 // box corners are written in millionths of a degree
)

// vatGeography is the VAT geography the generator writes into the
// jurisdictions file after the exceptions.
type vatGeography struct {
	areas       []jurisdiction.VATAreaPeriod
	territories []jurisdiction.SpecialTerritory
	boxes       []territoryBox
	postcodes   []postcodeCountry
	regions     []vatRegion // sorted by code
}

// territoryBox is a row of vat-territory-boxes.csv.
type territoryBox struct {
	country, jurisdiction string
	foundIn               string // "" for the open sea
	microBox
	at lineRef
}

// microBox is a box of latitude and longitude, its corners in millionths
// of a degree.
type microBox struct {
	latMin, latMax int64
	lngMin, lngMax int64
}

// write writes the box's corners as the jurisdictions file holds them.
func (b microBox) write(w *binfmt.Writer) {
	w.Varint(b.latMin)
	w.Varint(b.latMax)
	w.Varint(b.lngMin)
	w.Varint(b.lngMax)
}

// postcodeCountry is a row of postcode-countries.csv.
type postcodeCountry struct {
	country, prefix, place string
	period                 civil.Period
}

// vatTerritoryRow is a row of vat-territories.csv: the ID of one of the
// EU VAT file's exceptions and, unless its kind is empty (a territory in
// another country's VAT area, which vat-areas.csv gives), how it stands
// to its country's VAT in a period.
type vatTerritoryRow struct {
	country, name, id, idCitation string
	standing                      *jurisdiction.SpecialTerritory // nil for an empty kind
	at                            lineRef
}

// readVATTerritoryRows reads vat-territories.csv and checks each row:
// the rows of one territory agree on its ID, and their periods do not
// overlap.
func readVATTerritoryRows(f file, name string) ([]vatTerritoryRow, error) {
	t, err := readLineTable(f, name, "country", "name", "id", "id_citation", "kind", "area", "keeps_reduced", "local_tax", "effective", "expiration", "citation")
	if err != nil {
		return nil, err
	}
	var out []vatTerritoryRow
	for i := range t.rows {
		at := t.refs[i]
		r := vatTerritoryRow{country: t.get(i, "country"), name: t.get(i, "name"), id: t.get(i, "id"), idCitation: t.get(i, "id_citation"), at: at}
		if !jurisdiction.IsAlpha2Form(r.country) {
			return nil, at.errorf("column country: %q is not an ISO 3166-1 alpha-2 code", r.country)
		}
		if r.name == "" {
			return nil, at.errorf("column name: empty")
		}
		if r.id != "" && !strings.HasPrefix(r.id, r.country+"-") {
			return nil, at.errorf("column id: %q is not a code of a part of %s (%s-...)", r.id, r.country, r.country)
		}
		if r.idCitation == "" {
			return nil, at.errorf("column id_citation: empty; say where the ID comes from")
		}
		// iso_country, optional, is the ISO 3166-1 code that also names
		// the territory (AX, Åland): taxarea.TerritoryCountry holds the
		// same codes, and its test reads them here.
		if iso := t.opt(i, "iso_country"); iso != "" && (!jurisdiction.IsAlpha2Form(iso) || iso == r.country || r.id == "") {
			return nil, at.errorf("column iso_country: %q is not the ISO 3166-1 alpha-2 code of a territory of %s with an ISO 3166-2 ID", iso, r.country)
		}
		if t.get(i, "citation") == "" {
			return nil, at.errorf("column citation: empty; cite the law that sets the territory's standing")
		}
		period, err := rowPeriod(t, i)
		if err != nil {
			return nil, err
		}
		kind := t.get(i, "kind")
		if kind == "" {
			for _, col := range []string{"area", "keeps_reduced", "local_tax", "effective", "expiration"} {
				if t.get(i, col) != "" {
					return nil, at.errorf("column %s: a territory without a kind is in another country's VAT area (%s); leave %s empty", col, vatAreasFile, col)
				}
			}
		} else {
			k, ok := jurisdiction.ParseTerritoryKind(kind)
			if !ok {
				return nil, at.errorf("column kind: %q is not regional_rates, own_vat, no_vat or empty (in another country's VAT area)", kind)
			}
			s := &jurisdiction.SpecialTerritory{Kind: k, Area: t.get(i, "area"), LocalTax: t.get(i, "local_tax"), Period: period}
			if s.Area == "" {
				return nil, at.errorf("column area: empty; name the VAT area the territory belongs to")
			}
			if k == jurisdiction.RegionalRates && s.Area != r.country {
				return nil, at.errorf("column area: a territory of regional rates is in its country's VAT area, %s, not %q", r.country, s.Area)
			}
			if s.KeepsReduced, err = yesFlag(t, i, "keeps_reduced"); err != nil {
				return nil, err
			}
			r.standing = s
		}
		for _, o := range out {
			if o.country != r.country || o.name != r.name {
				continue
			}
			if o.id != r.id || o.idCitation != r.idCitation {
				return nil, at.errorf("column id: %s %s has another ID or ID citation on line %d", r.country, r.name, o.at.line)
			}
			if o.standing == nil || r.standing == nil {
				return nil, at.errorf("column kind: %s %s is in another country's VAT area on line %d and has a standing here, or the other way round", r.country, r.name, o.at.line)
			}
			if o.standing.Period.Overlaps(r.standing.Period) {
				return nil, at.errorf("columns effective, expiration: the period of %s %s overlaps that of line %d", r.country, r.name, o.at.line)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// rowPeriod reads the effective and expiration columns of row i.
func rowPeriod(t *lineTable, i int) (civil.Period, error) {
	var p civil.Period
	var err error
	at := t.refs[i]
	if p.Effective, err = ParseDate(t.get(i, "effective")); err != nil {
		return p, at.errorf("column effective: %v", err)
	}
	if p.Expiration, err = ParseDate(t.get(i, "expiration")); err != nil {
		return p, at.errorf("column expiration: %v", err)
	}
	if !p.Effective.IsZero() && !p.Expiration.IsZero() && p.Expiration.Before(p.Effective) {
		return p, at.errorf("column expiration: %s is before effective %s", p.Expiration, p.Effective)
	}
	return p, nil
}

// yesFlag reads column col of row i: "yes" is true, empty is false.
func yesFlag(t *lineTable, i int, col string) (bool, error) {
	switch v := t.get(i, col); v {
	case "yes":
		return true, nil
	case "":
		return false, nil
	default:
		return false, t.refs[i].errorf("column %s: %q is neither yes nor empty", col, v)
	}
}

// readVATAreas reads vat-areas.csv: the places in another country's VAT
// area. known reports whether a jurisdiction ID is in the dataset.
func readVATAreas(f file, name string, known func(string) bool) ([]jurisdiction.VATAreaPeriod, error) {
	t, err := readLineTable(f, name, "place", "area", "own_numbers", "effective", "expiration", "citation")
	if err != nil {
		return nil, err
	}
	var out []jurisdiction.VATAreaPeriod
	for i := range t.rows {
		at := t.refs[i]
		a := jurisdiction.VATAreaPeriod{Place: t.get(i, "place"), Area: t.get(i, "area")}
		if a.Place == "" || !known(a.Place) {
			return nil, at.errorf("column place: %q is no jurisdiction of the dataset (a country's ISO 3166-1 alpha-2 code, or a special territory's ID)", a.Place)
		}
		if !jurisdiction.IsAlpha2Form(a.Area) || !known(a.Area) {
			return nil, at.errorf("column area: %q is no country of the dataset (ISO 3166-1 alpha-2)", a.Area)
		}
		if a.Place == a.Area {
			return nil, at.errorf("column area: %s is its own VAT area; list only places in another country's", a.Place)
		}
		if a.OwnNumbers, err = yesFlag(t, i, "own_numbers"); err != nil {
			return nil, err
		}
		if a.Period, err = rowPeriod(t, i); err != nil {
			return nil, err
		}
		if t.get(i, "citation") == "" {
			return nil, at.errorf("column citation: empty")
		}
		for _, o := range out {
			if o.Place == a.Place && o.Period.Overlaps(a.Period) {
				return nil, at.errorf("columns effective, expiration: %s is in the VAT area of %s in an overlapping period", a.Place, o.Area)
			}
		}
		out = append(out, a)
	}
	for i, a := range out {
		if slices.ContainsFunc(out, func(o jurisdiction.VATAreaPeriod) bool { return o.Place == a.Area }) {
			return nil, t.refs[i].errorf("column area: %s is itself in another country's VAT area; name that country", a.Area)
		}
	}
	return out, nil
}

// readTerritoryBoxes reads vat-territory-boxes.csv. territory reports
// whether a jurisdiction ID is a special territory of a country.
// known reports whether a jurisdiction ID is in the dataset.
func readTerritoryBoxes(f file, name string, territory func(id, country string) bool, known func(string) bool) ([]territoryBox, error) {
	t, err := readLineTable(f, name, "country", "jurisdiction", "found_in", "lat_min", "lat_max", "lng_min", "lng_max", "citation")
	if err != nil {
		return nil, err
	}
	var out []territoryBox
	for i := range t.rows {
		at := t.refs[i]
		b := territoryBox{country: t.get(i, "country"), jurisdiction: t.get(i, "jurisdiction"), at: at}
		if !jurisdiction.IsAlpha2Form(b.country) {
			return nil, at.errorf("column country: %q is not an ISO 3166-1 alpha-2 code", b.country)
		}
		if !territory(b.jurisdiction, b.country) {
			return nil, at.errorf("column jurisdiction: %q is not a VAT special territory of %s (vat-territories.csv)", b.jurisdiction, b.country)
		}
		switch in := t.get(i, "found_in"); {
		case in == "sea":
		case jurisdiction.IsAlpha2Form(in) && known(in):
			b.foundIn = in
		default:
			return nil, at.errorf("column found_in: %q is neither a country of the dataset (ISO 3166-1 alpha-2) nor sea", in)
		}
		if b.microBox, err = readBoxCorners(t, i); err != nil {
			return nil, err
		}
		if t.get(i, "citation") == "" {
			return nil, at.errorf("column citation: empty")
		}
		out = append(out, b)
	}
	return out, nil
}

// readBoxCorners reads the corners of the box of row i, in the columns
// lat_min, lat_max, lng_min and lng_max, as millionths of a degree.
func readBoxCorners(t *lineTable, i int) (microBox, error) {
	at := t.refs[i]
	var b microBox
	for _, c := range []struct {
		col   string
		to    *int64
		limit int64
	}{{"lat_min", &b.latMin, 90}, {"lat_max", &b.latMax, 90}, {"lng_min", &b.lngMin, 180}, {"lng_max", &b.lngMax, 180}} {
		v, err := decimal.NewFromString(t.get(i, c.col))
		if err != nil {
			return microBox{}, at.errorf("column %s: %q is not a number of degrees", c.col, t.get(i, c.col))
		}
		m := v.Shift(vatGeoMicroDegree)
		if !m.IsInteger() || m.Abs().GreaterThan(decimal.NewFromInt(c.limit*1e6)) {
			return microBox{}, at.errorf("column %s: %s is not a number of degrees from -%d to %d with at most %d decimals", c.col, v, c.limit, c.limit, vatGeoMicroDegree)
		}
		*c.to = m.IntPart()
	}
	if b.latMin > b.latMax {
		return microBox{}, at.errorf("column lat_max: below lat_min")
	}
	if b.lngMin > b.lngMax {
		return microBox{}, at.errorf("column lng_max: below lng_min (a box across the antimeridian is not supported)")
	}
	return b, nil
}

// readPostcodeCountries reads postcode-countries.csv. known reports
// whether a jurisdiction ID is in the dataset.
func readPostcodeCountries(f file, name string, known func(string) bool) ([]postcodeCountry, error) {
	t, err := readLineTable(f, name, "country", "prefix", "place", "effective", "expiration", "citation")
	if err != nil {
		return nil, err
	}
	var out []postcodeCountry
	for i := range t.rows {
		at := t.refs[i]
		p := postcodeCountry{country: t.get(i, "country"), prefix: t.get(i, "prefix"), place: t.get(i, "place")}
		if !jurisdiction.IsAlpha2Form(p.country) || !known(p.country) {
			return nil, at.errorf("column country: %q is no country of the dataset (ISO 3166-1 alpha-2)", p.country)
		}
		if p.prefix == "" || strings.Trim(p.prefix, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
			// Digits (France's 988) or capital letters and digits (the
			// United Kingdom's JE, Jersey's area), as a postcode is
			// matched: without spaces or hyphens, in capitals.
			return nil, at.errorf("column prefix: %q is not the digits or capital letters a postcode begins with", p.prefix)
		}
		if !jurisdiction.IsAlpha2Form(p.place) || !known(p.place) || p.place == p.country {
			return nil, at.errorf("column place: %q is no other country of the dataset (ISO 3166-1 alpha-2)", p.place)
		}
		if p.period, err = rowPeriod(t, i); err != nil {
			return nil, err
		}
		if t.get(i, "citation") == "" {
			return nil, at.errorf("column citation: empty")
		}
		for _, o := range out {
			if o.country == p.country && (strings.HasPrefix(o.prefix, p.prefix) || strings.HasPrefix(p.prefix, o.prefix)) && o.period.Overlaps(p.period) {
				return nil, at.errorf("column prefix: %s %s overlaps %s in an overlapping period", p.country, p.prefix, o.prefix)
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// addVATGeography reads the curated VAT geography (the territories' rows
// that addEUVAT left in b, the VAT areas, the territories' boxes and the
// postcodes of other countries) and checks it against the dataset's
// jurisdictions: each exception territory is either a special territory
// or in another country's VAT area.
func addVATGeography(g *gen, b *ratesBuilder) error {
	known := func(id string) bool { _, ok := b.juris[id]; return ok }
	areas, err := readVATAreas(g.curatedFile(vatAreasFile), curatedRef+vatAreasFile, known)
	if err != nil {
		return err
	}
	inArea := map[string]bool{}
	for _, a := range areas {
		inArea[a.Place] = true
	}
	var terrs []jurisdiction.SpecialTerritory
	ofCountry := map[string]string{}
	for _, r := range b.territoryRows {
		id := r.id
		if id == "" {
			id = r.country + "-X-" + jurisdiction.Slug(r.name)
		}
		if !known(id) {
			return r.at.errorf("column name: %s %q is not an exception of %s", r.country, r.name, euVATFile)
		}
		if r.standing == nil {
			if !inArea[id] {
				return r.at.errorf("column kind: empty, but %s is not in another country's VAT area in %s", id, vatAreasFile)
			}
			continue
		}
		if inArea[id] {
			return r.at.errorf("column kind: %s is in another country's VAT area (%s); leave kind empty", id, vatAreasFile)
		}
		s := *r.standing
		s.Jurisdiction = id
		terrs = append(terrs, s)
		ofCountry[id] = r.country
	}
	geo, err := jurisdiction.NewVATGeography(areas, terrs)
	if err != nil {
		return fmt.Errorf("%s%s, %s: %w", curatedRef, vatAreasFile, vatTerrFile, err)
	}
	boxes, err := readTerritoryBoxes(g.curatedFile(vatBoxesFile), curatedRef+vatBoxesFile, func(id, country string) bool {
		return ofCountry[id] == country
	}, known)
	if err != nil {
		return err
	}
	postcodes, err := readPostcodeCountries(g.curatedFile(postcodeCtryFile), curatedRef+postcodeCtryFile, known)
	if err != nil {
		return err
	}
	regions, err := readVATRegions(g.curatedFile(vatRegionsFile), curatedRef+vatRegionsFile, known)
	if err != nil {
		return err
	}
	slices.SortFunc(regions, func(x, y vatRegion) int { return strings.Compare(x.code, y.code) })
	if _, err := geo.WithRegions(regionFacts(regions)); err != nil {
		return fmt.Errorf("%s%s: %w", curatedRef, vatRegionsFile, err)
	}
	b.geo = vatGeography{areas: geo.Areas(), territories: geo.Territories(), boxes: boxes, postcodes: postcodes, regions: regions}
	g.addSource(Source{
		Key:   vatAreasKey,
		Files: curatedRef + vatAreasFile + ", " + curatedRef + vatTerrFile,
		What: "the places inside another country's VAT area (Monaco in France's, the Isle of Man in the United Kingdom's, Liechtenstein and Büsingen in Switzerland's) " +
			"and how each VAT special territory stands to its country's VAT (regional rates, a VAT area of its own, no VAT), with their dates",
		From:    "the treaties, VAT acts and the VAT Directive cited in each row (curated by the Levy project)",
		Licence: "facts",
	})
	g.addSource(Source{
		Key:   vatBoxesKey,
		Files: curatedRef + vatBoxesFile,
		What: "boxes of latitude and longitude around the VAT special territories that the sea parts from their countries, or that the boundaries give to another country (Ceuta and Melilla, to Morocco) " +
			"or leave in the sea (Heligoland), which give a point there its territory",
		From:    "the territories' extents; Ceuta's, Melilla's and Heligoland's drawn inside Natural Earth's 1:10m admin-0 outlines (world-atlas countries-10m.json) (curated by the Levy project)",
		Licence: "facts",
	})
	g.addSource(Source{
		Key:     postcodeCtryKey,
		Files:   curatedRef + postcodeCtryFile,
		What:    "postcodes of one country's scheme that lie in another country of ISO 3166-1 (France's overseas collectivities)",
		From:    "La Poste's postcodes of the overseas collectivities (curated by the Levy project)",
		Licence: "facts",
	})
	g.addSource(Source{
		Key:   vatRegionsKey,
		Files: curatedRef + vatRegionsFile,
		What: "the parts of a country that a VAT rule treats apart although its tax areas do not (Northern Ireland, XI, in the United Kingdom's: the Windsor Framework's goods), " +
			"and how a location is found in them: postcode areas, names of a mainDivision, boxes of latitude and longitude",
		From:    "Royal Mail's postcode area BT, Northern Ireland's counties and its extent (curated by the Levy project)",
		Licence: "facts",
	})
	return nil
}

// vatTerrPostcodesFile is the curated table of the postcodes of VAT
// special territories that the EU VAT file does not list as exceptions,
// and vatTerrPostcodesKey its source's key.
const (
	vatTerrPostcodesFile = "vat-territory-postcodes.csv"
	vatTerrPostcodesKey  = "vat-territory-postcodes"
)

// territoryAtCountryRates is a special territory of vat-territory-
// postcodes.csv: its jurisdiction ID and its country's.
type territoryAtCountryRates struct{ id, country string }

// addTerritoryPostcodes reads vat-territory-postcodes.csv: special
// territories that vat-territories.csv describes but the EU VAT file does
// not list (Åland, whose postcodes are Finland's), with the pattern of
// their postcodes. Each becomes a jurisdiction and a postcode exception of
// its country, as the file's exceptions do, marked used in used; it bears
// its country's rates (addTerritoryRates), so its kind must be own_vat
// with keeps_reduced. terr is what readVATTerritories returned.
func addTerritoryPostcodes(g *gen, b *ratesBuilder, terr map[string]vatTerritory, used map[string]bool) error {
	t, err := readLineTable(g.curatedFile(vatTerrPostcodesFile), curatedRef+vatTerrPostcodesFile, "country", "name", "postcode", "citation")
	if err != nil {
		return err
	}
	for i := range t.rows {
		at := t.refs[i]
		cc, name, pc := t.get(i, "country"), t.get(i, "name"), t.get(i, "postcode")
		key := cc + "|" + name
		v, ok := terr[key]
		if !ok {
			return at.errorf("columns country, name: %s %q is not in %s", cc, name, vatTerrFile)
		}
		if used[key] {
			return at.errorf("columns country, name: %s %q is an exception of %s already", cc, name, euVATFile)
		}
		if err := checkAtCountryRates(b, cc, name); err != nil {
			return at.errorf("columns country, name: %v", err)
		}
		if pc == "" || strings.Trim(pc, `0123456789[]-\d{},|()`) != "" {
			return at.errorf("column postcode: %q is not a pattern of digits like the EU VAT file's (22\\d{3})", pc)
		}
		pat := "^(?:" + pc + ")$"
		if _, err := regexp.Compile(pat); err != nil {
			return at.errorf("column postcode: %v", err)
		}
		if t.get(i, "citation") == "" {
			return at.errorf("column citation: empty; cite where the postcodes come from")
		}
		used[key] = true
		id := v.id
		if id == "" {
			id = cc + "-X-" + jurisdiction.Slug(name)
		}
		if _, ok := b.juris[id]; !ok {
			if err := b.addJuris(jurisdiction.Jurisdiction{ID: id, Type: jurisdiction.Territory, Name: name, Parent: cc, Country: cc, ExternalCode: v.id}); err != nil {
				return err
			}
		}
		b.exceptions = append(b.exceptions, vatException{cc, name, pat, id})
		b.atCountryRates = append(b.atCountryRates, territoryAtCountryRates{id: id, country: cc})
	}
	if len(t.rows) > 0 {
		g.addSource(Source{
			Key:     vatTerrPostcodesKey,
			Files:   curatedRef + vatTerrPostcodesFile,
			What:    "postcodes of the VAT special territories that the EU VAT file does not list (Åland's, of Finland's scheme); such a territory bears its country's VAT rates",
			From:    "the national postal operators' postcodes (Posti for Åland) (curated by the Levy project)",
			Licence: "facts",
		})
	}
	return nil
}

// checkAtCountryRates refuses a territory of vat-territory-postcodes.csv
// that vat-territories.csv does not make a VAT area of its own at its
// country's rates: kind own_vat, keeps_reduced yes, on every row.
func checkAtCountryRates(b *ratesBuilder, cc, name string) error {
	n := 0
	for _, r := range b.territoryRows {
		if r.country != cc || r.name != name {
			continue
		}
		n++
		if r.standing == nil || r.standing.Kind != jurisdiction.OwnVAT || !r.standing.KeepsReduced {
			return fmt.Errorf("%s %q: a territory at its country's rates must be own_vat with keeps_reduced yes in %s (line %d)", cc, name, vatTerrFile, r.at.line)
		}
	}
	if n == 0 {
		return fmt.Errorf("%s %q is not in %s", cc, name, vatTerrFile)
	}
	return nil
}

// addTerritoryRates gives each territory of vat-territory-postcodes.csv
// its country's standard VAT rates, with their periods and sources, once
// the corrections have set them: the territory's jurisdiction carries the
// standard rate (place.chain starts at it), and keeps_reduced brings the
// country's other rates.
func addTerritoryRates(_ *gen, b *ratesBuilder) error {
	for _, t := range b.atCountryRates {
		var own []jurisdiction.Rate
		for _, r := range b.ratesOf(t.country) {
			if r.Tax == jurisdiction.VAT && r.Category == jurisdiction.General {
				r.Jurisdiction = t.id
				own = append(own, r)
			}
		}
		if len(own) == 0 {
			return fmt.Errorf("%s%s: %s has no standard VAT rate to give %s", curatedRef, vatTerrPostcodesFile, t.country, t.id)
		}
		for _, r := range own {
			if err := b.addRate(r); err != nil {
				return fmt.Errorf("%s%s: %s: %w", curatedRef, vatTerrPostcodesFile, t.id, err)
			}
		}
	}
	return nil
}
