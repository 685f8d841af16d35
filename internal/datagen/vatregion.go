package datagen

import (
	"slices"
	"strings"

	"github.com/levytax/levy/jurisdiction"
)

// The curated table of the VAT regions (jurisdiction.VATRegion) and the
// key of its source.
const (
	vatRegionsFile = "vat-regions.csv"
	vatRegionsKey  = "vat-regions"
)

// How a row of vat-regions.csv finds a location in its region (column by).
const (
	regionByPostcode = "postcode_area" // value: the letters before the postcode's first digit
	regionByDivision = "division"      // value: a name of a mainDivision
	regionByBox      = "box"           // the corners: a box of the region's points
	regionByExcluded = "excluded_box"  // the corners: a box of points that are not the region's
)

// vatRegion is a region of vat-regions.csv, its rows gathered in the
// table's order, its boxes' corners in millionths of a degree.
type vatRegion struct {
	code, country, name string
	postcodes           []string
	divisions           []string
	boxes               []regionBox
	at                  lineRef // the region's first row
}

// regionBox is a box of a region, or excluded from it.
type regionBox struct {
	excluded bool
	microBox
}

// fact returns the region as jurisdiction.VATGeography holds it.
func (r *vatRegion) fact() jurisdiction.VATRegion {
	out := jurisdiction.VATRegion{Code: r.code, Country: r.country, Name: r.name,
		PostcodeAreas: slices.Clone(r.postcodes), Divisions: slices.Clone(r.divisions)}
	for _, b := range r.boxes {
		box := jurisdiction.VATBox{LatMin: float64(b.latMin) / 1e6, LatMax: float64(b.latMax) / 1e6,
			LngMin: float64(b.lngMin) / 1e6, LngMax: float64(b.lngMax) / 1e6}
		if b.excluded {
			out.Excluded = append(out.Excluded, box)
		} else {
			out.Boxes = append(out.Boxes, box)
		}
	}
	return out
}

// readVATRegions reads vat-regions.csv: one row for each postcode area,
// division name, box or excluded box of a region, the rows of a region
// agreeing on its country and name. known reports whether a jurisdiction
// ID is in the dataset: the country must be, the region's code must not
// be (it stands for a part of a country, not a country).
func readVATRegions(f file, name string, known func(string) bool) ([]vatRegion, error) {
	t, err := readLineTable(f, name, "region", "country", "name", "by", "value", "lat_min", "lat_max", "lng_min", "lng_max", "citation")
	if err != nil {
		return nil, err
	}
	var out []vatRegion
	for i := range t.rows {
		at := t.refs[i]
		code, country, rname := t.get(i, "region"), t.get(i, "country"), t.get(i, "name")
		if !jurisdiction.IsAlpha2Form(code) || known(code) {
			return nil, at.errorf("column region: %q is not two upper-case letters that are no country of the dataset", code)
		}
		if !jurisdiction.IsAlpha2Form(country) || !known(country) {
			return nil, at.errorf("column country: %q is no country of the dataset (ISO 3166-1 alpha-2)", country)
		}
		if rname == "" {
			return nil, at.errorf("column name: empty")
		}
		if t.get(i, "citation") == "" {
			return nil, at.errorf("column citation: empty; say where the row's fact comes from")
		}
		k := slices.IndexFunc(out, func(r vatRegion) bool { return r.code == code })
		if k < 0 {
			out = append(out, vatRegion{code: code, country: country, name: rname, at: at})
			k = len(out) - 1
		}
		r := &out[k]
		if r.country != country || r.name != rname {
			return nil, at.errorf("columns country, name: region %s is %s %s on line %d", code, r.country, r.name, r.at.line)
		}
		value := t.get(i, "value")
		corners := t.get(i, "lat_min") + t.get(i, "lat_max") + t.get(i, "lng_min") + t.get(i, "lng_max")
		switch by := t.get(i, "by"); by {
		case regionByPostcode, regionByDivision:
			if corners != "" {
				return nil, at.errorf("columns lat_min, lat_max, lng_min, lng_max: a row by %s has no box; leave them empty", by)
			}
			if by == regionByPostcode {
				if value == "" || len(value) > 2 || strings.Trim(value, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
					return nil, at.errorf("column value: %q is not a postcode area (the one or two upper-case letters before a postcode's first digit)", value)
				}
				r.postcodes = append(r.postcodes, value)
			} else {
				if value == "" || jurisdiction.FoldDivision(value) != strings.ToLower(strings.Join(strings.Fields(value), " ")) {
					return nil, at.errorf("column value: %q is empty or begins with County or Co; write the county's name alone (the prefix is dropped when a name is matched)", value)
				}
				r.divisions = append(r.divisions, value)
			}
		case regionByBox, regionByExcluded:
			if value != "" {
				return nil, at.errorf("column value: a row by %s has no value; leave it empty", by)
			}
			b := regionBox{excluded: by == regionByExcluded}
			if b.microBox, err = readBoxCorners(t, i); err != nil {
				return nil, err
			}
			r.boxes = append(r.boxes, b)
		default:
			return nil, at.errorf("column by: %q is not %s, %s, %s or %s", by, regionByPostcode, regionByDivision, regionByBox, regionByExcluded)
		}
	}
	for _, r := range out {
		if !slices.ContainsFunc(r.boxes, func(b regionBox) bool { return !b.excluded }) && slices.ContainsFunc(r.boxes, func(b regionBox) bool { return b.excluded }) {
			return nil, r.at.errorf("column by: region %s has an excluded box but no box to exclude it from", r.code)
		}
	}
	return out, nil
}

// regionFacts returns the regions as jurisdiction.VATGeography holds
// them.
func regionFacts(rs []vatRegion) []jurisdiction.VATRegion {
	out := make([]jurisdiction.VATRegion, len(rs))
	for i := range rs {
		out[i] = rs[i].fact()
	}
	return out
}
