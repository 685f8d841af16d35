// Package wa is Washington's part of the generator of Levy's dataset:
// the builder of its local content, beside its note wa.md and its
// curated tables.
package wa

import (
	"embed"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed wa.md *.csv
var files embed.FS

// New returns Washington's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "WA", Files: files, Build: build}
}

// build builds Washington's local content: see wa.md.
//
// Washington's Department of Revenue gives every location a four-digit
// code (two digits for the county, numbered 01 Adams to 39 Yakima, two
// for the city, 00 for the unincorporated county) and one local rate per
// code, which lumps every local tax there: the county's and city's,
// the transit authorities' and the other districts'. TaxLocus's city
// rows (by place FIPS code) are the whole local rates of the cities,
// its county rows the whole local rates of the counties' unincorporated
// locations (xx00), and its "Special District Lxxxx" rows the location
// codes themselves. The builder splits the transit authorities whose
// rates and members the public record gives (wa-districts.csv) out of
// those whole rates: what remains is the county's (unincorporated) or
// the city's.
func build(s *datagen.State, in *datagen.Inputs) error {
	d, err := readWADistricts(s)
	if err != nil {
		return err
	}
	if err := waCountyTaxes(s, d); err != nil {
		return err
	}
	period := civil.Period{}
	counties := map[string][]string{} // county FIPS -> the jurisdictions of its xx00 location
	var specials []datagen.Row
	for _, row := range in.Taxlocus[s.Sub.Code] {
		switch row.Kind {
		case "county":
			n, err := strconv.Atoi(row.Code)
			if err != nil || n < 1 || n > 77 || n%2 == 0 {
				s.Refuse(row, "code %s names no county of Washington (its counties are 001 to 077, odd): the row's area is not known", row.Code)
				continue
			}
			fips := s.Sub.FIPS + row.Code
			ids := d.uninc(fips)
			v, err := d.rest(row, ids)
			if err != nil {
				return err
			}
			// The county's own rate would apply in its cities too (every
			// area of a county has the county), so the unincorporated
			// location's rate is an area-only district of the county, as
			// California's unincorporated areas are.
			id, err := s.AddDistrict("US-"+fips+"-UNINC", jurisdiction.SpecialPurposeDistrict, s.Juris("US-"+fips).Name+" County unincorporated area", "", v, period, datagen.SrcTaxlocus,
				datagen.Scope{Kind: datagen.ScopeUninc, County: fips})
			if err != nil {
				return err
			}
			counties[fips] = append([]string{id}, ids...)
			s.Represent(row, counties[fips]...)
		case "city":
			p, ok := s.PlaceByCode(row.Code)
			if !ok {
				s.Refuse(row, "no Census place of Washington has the code %s", row.Code)
				continue
			}
			ids := d.at(p, p.MainCounty())
			v, err := d.rest(row, ids)
			if err != nil {
				return err
			}
			id := s.City(p)
			if err := s.SetRate(id, "", v, period, datagen.SrcTaxlocus); err != nil {
				return fmt.Errorf("%s: %w", row.Ref, err)
			}
			s.Represent(row, append([]string{id}, ids...)...)
		default:
			specials = append(specials, row)
		}
	}
	for _, row := range specials {
		m := waLocation.FindStringSubmatch(row.Code)
		if m == nil {
			s.Refuse(row, "%q is not a Washington location code", row.Code)
			continue
		}
		n, _ := strconv.Atoi(m[1])
		switch {
		case n >= 1 && n <= 39 && m[2] == "00" && counties[waCountyFIPS(n)] != nil:
			s.Represent(row, counties[waCountyFIPS(n)]...)
		case n >= 1 && n <= 39:
			s.Refuse(row, "location code %s%s of %s County: a city, an annexation area, a tribal area or a district whose place the sources do not name "+
				"(the Department of Revenue's table of location codes is not among them); the city rows, by place code, carry the cities' rates",
				m[1], m[2], s.Juris("US-"+waCountyFIPS(n)).Name)
		default:
			s.Refuse(row, "location code %s%s lies outside the county numbering (01 to 39): a special location (tribal, annexation or district area) "+
				"whose area the sources do not give", m[1], m[2])
		}
	}
	// The cities that TaxLocus has no row for (they lie in two counties):
	// the county's base and the transit authorities of the place.
	for _, p := range s.Places() {
		if !p.Incorporated || s.Defines("US-"+p.Code) {
			continue
		}
		for _, c := range p.Counties {
			if counties[c.FIPS] == nil {
				return fmt.Errorf("WA: place %s (%s) lies in county %s, which has no rate", p.Code, p.Name, c.FIPS)
			}
			s.Assign(counties[c.FIPS][0], datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: c.FIPS})
		}
		s.Log().Info("Washington city without a rate row, taxed as its counties' base and its transit authorities", "place", p.Code, "name", p.Name)
	}
	for _, c := range waRateChanges {
		if err := s.StartRatesOn(c.id, c.from); err != nil {
			return err
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}

// waRateChanges are the locations whose TaxLocus rate (2026-08-18)
// starts on a date, wa.csv giving the city's (or the unincorporated
// area's) own part before it with its publications. A change is dated
// where a publication names its quarter (Edmonds, Lynnwood) or the
// adoption leaves one quarter possible (Burien); the others are bounded:
// the Department of Revenue's table of an earlier quarter gives the rate
// before, and TaxLocus's rate starts on the next quarter, the earliest
// the change can have come (see wa.md).
var waRateChanges = []struct {
	id   string
	from civil.Date
}{
	// Dated.
	{"US-5363000", civil.New(2026, 1, 1)}, // Seattle, 10.35% to 10.55% (its 0.1% public safety tax, with King County's 0.1%)
	{"US-5320750", civil.New(2026, 4, 1)}, // Edmonds, 10.6% to 10.7% (transportation benefit district)
	{"US-5340840", civil.New(2026, 4, 1)}, // Lynnwood, 10.6% to 10.7% (public safety tax)
	{"US-5308850", civil.New(2026, 7, 1)}, // Burien, 10.3% to 10.4% (criminal justice tax adopted 2026-02-23)
	{"US-5370000", civil.New(2026, 4, 1)}, // Tacoma, 10.3% to 10.4% (criminal justice tax, Ordinance 29087 of 2026-01-06)
	{"US-5305280", civil.New(2026, 7, 1)}, // Bellingham, 9.0% to 9.1% on 2026-01-01 (wa.csv), 9.2% from the quarter a county tax of 2026-04-14 allows
	{"US-5306085", civil.New(2026, 4, 1)}, // Bingen, 7.5% to 7.6% on 2026-01-01 (wa.csv), 7.7% from the first quarter its ordinance of December 2025 allows
	// Bounded: the rate of the DOR's table for 2025-10-01 to 2025-12-31.
	{"US-5379835", civil.New(2026, 1, 1)},     // Woodway, 10.5% to 10.6%
	{"US-5379975", civil.New(2026, 1, 1)},     // Yacolt, 8.5% to 8.7%
	{"US-5380010", civil.New(2026, 1, 1)},     // Yakima, 8.3% to 8.6%
	{"US-5380220", civil.New(2026, 1, 1)},     // Yelm, 9.5% to 9.6%
	{"US-5380500", civil.New(2026, 1, 1)},     // Zillah, 8% to 8.2%
	{"US-53077-UNINC", civil.New(2026, 1, 1)}, // Yakima County, unincorporated, 8% to 8.2%
	// Bounded: the rate of the DOR's table for 2026-01-01 to 2026-03-31.
	{"US-5315290", civil.New(2026, 4, 1)}, // Covington, 9.2% to 9.3%
	{"US-5343150", civil.New(2026, 4, 1)}, // Maple Valley, 9% to 9.1%
}

// waCountyTax is a county's own tax that began on a date, so that
// TaxLocus's rates (2026-08-18) of every location of the county hold it
// and the locations' rates before that day do not.
type waCountyTax struct {
	fips string
	rate decimal.Decimal
	from civil.Date
	why  string
}

// waCountyTaxKey is the source key of the county taxes of waCountyTaxList.
const waCountyTaxKey = "us-local-wa-county-taxes"

// waCountyTaxList are the dated county taxes. King County's 0.1%
// criminal justice and public safety tax (2025 c 426, HB 2015) was
// adopted by its council on 2025-07-22 and begins with the first quarter
// of 2026: the Department of Revenue's table for the fourth quarter of
// 2025 has no rate changes, and its table for the first quarter of 2026
// has every King County location 0.1% higher than before (Bellevue and
// the cities of the county at 10.2% from 2024-04-01, 10.3% from
// 2026-01-01). Pierce County's 0.1% (the Justice Fund, adopted on
// 2026-03-03) begins with the first quarter RCW 82.14.055 allows after
// it, 2026-07-01: TaxLocus's rates hold it, the publications of early
// 2026 do not.
var waCountyTaxList = []waCountyTax{
	{"53033", decimal.New(1, -3), civil.New(2026, 1, 1),
		"King County's 0.1% criminal justice and public safety sales and use tax (HB 2015, 2025), adopted by the King County Council on 2025-07-22 " +
			"(West Seattle Blog, 2025-07-22; KIRO 7 / MyNorthwest: in effect January 1, 2026), from 2026-01-01: Washington DOR, Local sales & use tax rate table, " +
			"Quarter 4 2025 (2025-10-01 through 2025-12-31), no rate changes that quarter; Q1 2026 table (as taxusign.com summarises it, 2026-01-05): " +
			"Bellevue 10.3%, Carnation 8.9%, Seattle 10.55%, against 10.2% in most King County cities from 2024-04-01 (King County Office of Economic and " +
			"Financial Analysis, King County Sales Tax)"},
	{"53053", decimal.New(1, -3), civil.New(2026, 7, 1),
		"Pierce County's 0.1% criminal justice sales and use tax (the Justice Fund, HB 2015), adopted by the Pierce County Council on 2026-03-03 and signed by " +
			"the County Executive on 2026-03-05 (FOX 13 Seattle, 2026-03-05; The News Tribune: the council narrowly passed a 0.1% public safety sales tax), " +
			"from 2026-07-01, a date inferred: a local sales tax change takes effect on the first day of a quarter at least 75 days after the Department of " +
			"Revenue is notified (RCW 82.14.055). Before it, early in 2026: Tacoma 10.3% (10.4% from 2026-04-01), Lakewood 10.1%, Puyallup 10.2%, Gig Harbor 9.1% " +
			"(a 2026 r/TacomaPolitics post citing The News Tribune and the DOR's Q1 2026 flyer); TaxLocus (2026-08-18) has each Pierce County location 0.1% higher"},
}

// waCountyTaxes gives each county of waCountyTaxList its dated tax,
// countywide, and counts it among the county's districts, so that the
// own part of each of its locations, read from TaxLocus's whole rates,
// leaves it out.
func waCountyTaxes(s *datagen.State, d *waDistricts) error {
	var what []string
	for i, c := range waCountyTaxList {
		id := "US-" + c.fips
		if err := s.SetCountyRate(c.fips, "", c.rate, civil.Period{Effective: c.from}, waCountyTaxKey); err != nil {
			return err
		}
		d.countywide[c.fips] = append(d.countywide[c.fips], id)
		s.CountRow(waCountyTaxKey)
		s.Represent(datagen.Row{Source: waCountyTaxKey, Ref: fmt.Sprintf("waCountyTaxList[%d]", i), State: s.Sub.Code, Label: id, Kind: "county",
			Rate: c.rate, When: c.from}, id)
		what = append(what, c.why)
	}
	s.AddSource(datagen.Source{
		Key:     waCountyTaxKey,
		Files:   "internal/datagen/states/wa/wa.go",
		What:    "Washington county taxes that began on a date, held in every location rate of the county from then: " + strings.Join(what, "; "),
		From:    "the publications cited (curated by the Levy project)",
		Licence: "public government information",
	})
	return nil
}

// waLocation is a Washington location code as TaxLocus writes it.
var waLocation = regexp.MustCompile(`^L(\d\d)(\d\d)$`)

// waCountyFIPS returns the FIPS code of the county the Department of
// Revenue numbers n: its counties in alphabetical order, 01 to 39, whose
// FIPS codes are the odd numbers in the same order.
func waCountyFIPS(n int) string { return fmt.Sprintf("53%03d", 2*n-1) }

// waDistricts are the transit authorities split out of the location
// rates, and where each applies.
type waDistricts struct {
	s          *datagen.State
	countywide map[string][]string // county FIPS -> districts of the whole county
	unincorp   map[string][]string // county FIPS -> districts of its unincorporated location
	places     map[string][]string // place code, or place code@county -> districts
}

// readWADistricts reads wa-districts.csv and defines
// its districts with their rates and scopes.
func readWADistricts(s *datagen.State) (*waDistricts, error) {
	rel := s.FileRef("wa-districts.csv")
	t, err := s.ReadTable("wa-districts.csv", "id", "type", "name", "rate", "counties", "uninc", "places", "source")
	if err != nil {
		return nil, err
	}
	const key = "us-local-wa-transit"
	d := &waDistricts{s: s, countywide: map[string][]string{}, unincorp: map[string][]string{}, places: map[string][]string{}}
	var names []string
	for i, rec := range t.Rows {
		line := i + 2
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s line %d: %s", rel, line, fmt.Sprintf(format, args...))
		}
		ty, err := jurisdiction.ParseType(t.Get(rec, "type"))
		if err != nil {
			return nil, fail("%v", err)
		}
		pct, err := decimal.NewFromString(t.Get(rec, "rate"))
		if err != nil {
			return nil, fail("rate: %v", err)
		}
		src := t.Get(rec, "source")
		if src == "" {
			return nil, fail("a district needs its source")
		}
		id, err := s.AddDistrict(t.Get(rec, "id"), ty, t.Get(rec, "name"), "", pct.Shift(-2), civil.Period{}, key)
		if err != nil {
			return nil, fail("%v", err)
		}
		names = append(names, t.Get(rec, "name"))
		for _, c := range strings.Fields(t.Get(rec, "counties")) {
			s.Assign(id, datagen.Scope{Kind: datagen.ScopeCounty, County: c})
			d.countywide[c] = append(d.countywide[c], id)
		}
		for _, c := range strings.Fields(t.Get(rec, "uninc")) {
			s.Assign(id, datagen.Scope{Kind: datagen.ScopeUninc, County: c})
			d.unincorp[c] = append(d.unincorp[c], id)
		}
		for _, name := range strings.Split(t.Get(rec, "places"), ";") {
			if name = strings.TrimSpace(name); name == "" {
				continue
			}
			name, county, _ := strings.Cut(name, "@")
			p, ok := s.Place(name, county)
			if !ok || !p.Incorporated {
				return nil, fail("%q is not a single incorporated place of Washington", name)
			}
			w := datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: county}
			s.Assign(id, w)
			k := p.Code
			if county != "" {
				k += "@" + county
			}
			d.places[k] = append(d.places[k], id)
		}
		s.CountRow(key)
		s.Represent(datagen.Row{Source: key, Ref: fmt.Sprintf("line %d", line), State: s.Sub.Code, Label: id, Kind: "district",
			Rate: pct.Shift(-2), When: datagen.TaxlocusDate}, id)
	}
	s.AddSource(datagen.Source{
		Key:   key,
		Files: rel,
		What: "Washington transit authorities split out of the Department of Revenue's location rates, with their rates and member cities: " +
			strings.Join(names, "; "),
		From:    "the publications cited in each row (curated by the Levy project)",
		Licence: "public government information",
	})
	return d, nil
}

// uninc returns the districts of a county's unincorporated location.
func (d *waDistricts) uninc(fips string) []string {
	return append(slices.Clone(d.countywide[fips]), d.unincorp[fips]...)
}

// at returns the districts at a place, in county c.
func (d *waDistricts) at(p *datagen.Place, c string) []string {
	out := slices.Clone(d.countywide[c])
	for _, k := range []string{p.Code, p.Code + "@" + c} {
		for _, id := range d.places[k] {
			if !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
	}
	return out
}

// rest returns a row's rate less the rates of the districts in it, and
// fails when they exceed it.
func (d *waDistricts) rest(row datagen.Row, ids []string) (decimal.Decimal, error) {
	v := row.Rate
	for _, id := range ids {
		r, _ := d.s.RateOn(id, row.When)
		v = v.Sub(r)
	}
	if v.IsNegative() {
		return v, fmt.Errorf("%s (%s): %s%% is less than its districts' rates %v", row.Ref, row.Label, row.Rate.Shift(2), ids)
	}
	return v, nil
}
