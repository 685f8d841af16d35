// Package il is Illinois's part of the generator of Levy's dataset:
// the builder of its local content, beside its note il.md and its
// curated tables.
package il

import (
	"embed"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed il.md *.csv
var files embed.FS

// New returns Illinois's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "IL", Files: files, Build: build}
}

// The Northern Illinois Transit Authority (the Regional Transportation
// Authority until 2026) taxes Cook County at one rate and the five collar
// counties at another; each part is a district of its own. The TaxLocus
// rates (1.25% and 1%, the 0.25-point increase of Public Act 104-0457) are
// recorded from 2026-08-01, the start the Department of Revenue's rate
// files give; the rates before (1% and 0.75%), and the authority's rates
// on qualifying food, drugs and medical appliances in both periods, are in
// il.csv. See il.md.
var ilTransit = []struct {
	id, name string
	rate     string
	counties []string
}{
	{"US-IL-D-NITA_COOK", "Northern Illinois Transit Authority (Cook County)", "0.0125", []string{"17031"}},
	{"US-IL-D-NITA_COLLAR", "Northern Illinois Transit Authority (DuPage, Kane, Lake, McHenry and Will Counties)", "0.01",
		[]string{"17043", "17089", "17097", "17111", "17197"}},
}

// ilTransitFrom is the first day of the transit rates TaxLocus gives.
var ilTransitFrom = civil.New(2026, 8, 1)

// build builds Illinois's local content (see il.md): the
// TaxLocus county rows are the whole local rate of the county outside its
// municipalities (the county's taxes and, in the six northeastern
// counties, the transit authority's); its city rows the whole local rate
// inside a municipality, so a municipality's own rate is its row less the
// whole rate of the county it mainly lies in. OpenSalesTax gives the
// municipal rates of the large cities that TaxLocus lacks, and is checked
// against the rest.
func build(s *datagen.State, in *datagen.Inputs) error {
	transitOf := map[string]string{} // county FIPS -> transit district
	for _, t := range ilTransit {
		var where []datagen.Scope
		for _, c := range t.counties {
			where = append(where, datagen.Scope{Kind: datagen.ScopeCounty, County: c})
			transitOf[c] = t.id
		}
		if _, err := s.AddDistrict(t.id, jurisdiction.TransitDistrict, t.name, "", decimal.RequireFromString(t.rate), civil.Period{Effective: ilTransitFrom}, datagen.SrcTaxlocus, where...); err != nil {
			return err
		}
	}
	// wholeCounty returns the jurisdictions of a county outside its
	// municipalities, and the sum of their rates on d.
	wholeCounty := func(fips string, d civil.Date) ([]string, decimal.Decimal) {
		ids := []string{"US-" + fips}
		if t := transitOf[fips]; t != "" {
			ids = append(ids, t)
		}
		sum := decimal.Zero
		for _, id := range ids {
			v, _ := s.RateOn(id, d)
			sum = sum.Add(v)
		}
		return ids, sum
	}
	rows := in.Taxlocus["IL"]
	for _, row := range rows {
		switch row.Kind {
		case "county":
			fips, ok := s.County(row.Label)
			if !ok {
				s.Refuse(row, "no county of Illinois is named %q", row.Label)
				continue
			}
			ids, transit := wholeCounty(fips, row.When)
			own := row.Rate.Sub(transit)
			if own.IsNegative() {
				s.Refuse(row, "%s%% is below the transit authority's %s%% in the county", row.Rate.Shift(2), transit.Shift(2))
				continue
			}
			if own.IsPositive() {
				if err := s.SetCountyRate(fips, "", own, civil.Period{}, datagen.SrcTaxlocus); err != nil {
					return fmt.Errorf("%s: %w", row.Ref, err)
				}
			}
			s.Represent(row, ids...)
		case "transit":
			if row.Label == "Northern Illinois Transit Authority (Cook)" {
				s.Represent(row, ilTransit[0].id)
				continue
			}
			s.Refuse(row, "a transit row that Illinois's content does not know")
		}
	}
	for _, c := range ilRateChanges {
		if err := s.StartRatesOn(c.id, c.from); err != nil {
			return err
		}
	}
	if err := ilOSTCities(s, in); err != nil {
		return err
	}
	for _, row := range rows {
		if row.Kind != "city" {
			continue
		}
		p, ok := ilPlace(s, row.Label)
		if !ok {
			s.Refuse(row, "no single incorporated Census place of Illinois is named %q (a municipality missing from the Census's 2015 places, or two of that name)", row.Label)
			continue
		}
		// The row speaks for the part of the municipality in one of its
		// counties: the county it mainly lies in, else the next whose
		// whole rate the row holds, among those holding a fifth of the
		// place at least (a smaller share is most often the coarse
		// county lines of the atlas).
		var ids []string
		own := decimal.Zero
		found := false
		for _, c := range p.Counties {
			if c.Share < 2000 && c.FIPS != p.MainCounty() {
				continue
			}
			var whole decimal.Decimal
			ids, whole = wholeCounty(c.FIPS, row.When)
			if own = row.Rate.Sub(whole); !own.IsNegative() {
				found = true
				break
			}
		}
		if prev, ok := s.RateOn("US-"+p.Code, row.When); ok && s.Defines("US-"+p.Code) {
			// A city whose rate OpenSalesTax gave (checked against the
			// Department of Revenue's Tax Rate Finder).
			if found && prev.Equal(own) {
				s.Represent(row, append(ids, "US-"+p.Code)...)
			} else {
				s.Refuse(row, "%s%% less the county's whole rate is %s%%, but OpenSalesTax's Illinois tables, checked against the Department of Revenue's Tax Rate Finder in 2026, give %s %s%%, which wins", row.Rate.Shift(2), own.Shift(2), p.Name, prev.Shift(2))
			}
			continue
		}
		switch {
		case !found:
			county := p.MainCounty()
			_, whole := wholeCounty(county, row.When)
			s.Refuse(row, "the whole local rate %s%% of %s is below the %s%% of %s outside its municipalities: the county's rate includes a district (the Metro-East Mass Transit District) that does not reach this municipality, and the sources do not give the district's part",
				row.Rate.Shift(2), p.Name, whole.Shift(2), s.Juris("US-"+county).Name)
		case own.IsZero():
			s.Represent(row, ids...)
		default:
			id := s.City(p)
			if err := s.SetRate(id, "", own, civil.Period{}, datagen.SrcTaxlocus); err != nil {
				return fmt.Errorf("%s: %w", row.Ref, err)
			}
			s.Represent(row, append(ids, id)...)
		}
	}
	if err := ilGrocery(s); err != nil {
		return err
	}
	s.CompareTaxlocusStateRate(in)
	return reconcileILOST(s, in)
}

// ilPlace returns the incorporated place of Illinois that a TaxLocus
// row names: the one place of exactly that name ("Mason City" and
// "Mason" are two villages), else the place the name is known by (an
// alias of il-aliases.csv, or the name folded).
func ilPlace(s *datagen.State, name string) (*datagen.Place, bool) {
	want := datagen.FoldName(name)
	var hit []*datagen.Place
	for _, p := range s.Places() {
		if p.Incorporated && datagen.FoldName(p.Name) == want {
			hit = append(hit, p)
		}
	}
	switch len(hit) {
	case 1:
		return hit[0], true
	case 0:
		p, ok := s.Place(name, "")
		return p, ok && p.Incorporated
	}
	return nil, false
}

// ilOSTCities defines the municipalities of OpenSalesTax's Illinois city
// table with their municipal rates: its tables were checked against the
// Department of Revenue's Tax Rate Finder in 2026, and it gives the large
// cities TaxLocus lacks (Springfield, Peoria, Skokie).
func ilOSTCities(s *datagen.State, in *datagen.Inputs) error {
	cities, err := in.OST["IL"].Cities("IL_CITIES")
	if err != nil {
		return err
	}
	for _, c := range cities {
		county, _ := s.County(c.County)
		p, ok := s.Place(c.Name, county)
		if !ok || c.Rate == nil {
			continue
		}
		id := s.City(p)
		if _, ok := ilCuratedCities[c.Name]; ok {
			// il.csv gives the city's rates with their dates.
			continue
		}
		if err := s.SetRate(id, "", c.Rate.Shift(-2), civil.Period{}, datagen.SrcOpenSalesTax); err != nil {
			return fmt.Errorf("IL_CITIES/%s: %w", c.Name, err)
		}
	}
	return nil
}

// reconcileILOST accounts for OpenSalesTax's Illinois rows: its RTA rows
// against the transit districts, the rest as every state's
// (reconcileOST).
func reconcileILOST(s *datagen.State, in *datagen.Inputs) error {
	var rest []datagen.Row
	for _, row := range in.OSTRows["IL"] {
		if !strings.HasPrefix(row.Ref, "IL_RTA_DISTRICTS/") {
			rest = append(rest, row)
			continue
		}
		id := ilTransit[0].id
		if strings.Contains(row.Label, "Collar") {
			id = ilTransit[1].id
		}
		if row.When.Before(ilTransitFrom) {
			// The authority's rate before the increase is in
			// il.csv, read after this builder; the
			// ledger's check of the sums comes after both.
			s.Represent(row, id)
			continue
		}
		v, _ := s.RateOn(id, row.When)
		if v.Equal(row.Rate) {
			s.Represent(row, id)
			continue
		}
		s.Refuse(row, "%s%% is the authority's rate until 2026-07-31 (OpenSalesTax's Illinois tables were checked on 2026-05-04), recorded as such in internal/datagen/states/il/il.csv; on %s the rate is %s%% (TaxLocus, the 0.25-point increase of Public Act 104-0457)",
			row.Rate.Shift(2), row.When, v.Shift(2))
	}
	only := *in
	only.OSTRows = map[string][]datagen.Row{"IL": rest}
	over := map[string]datagen.OSTOverride{}
	for name, why := range ilCuratedCities {
		over["IL_CITIES/"+name] = datagen.OSTOverride{Refuse: why}
	}
	return s.ReconcileOSTWith(&only, over)
}

// ilCuratedCities are the cities of OpenSalesTax's Illinois tables whose
// rate il.csv gives instead, with dates, and why OpenSalesTax's row is
// refused.
var ilCuratedCities = map[string]string{
	"Springfield": "2.25% is Springfield's home-rule rate before 2018-07-01; the city council raised it to 2.5% from that day (il.csv)",
}

// ilRateChanges are the rate changes of Illinois jurisdictions whose new
// rate is the sources' (TaxLocus, 2026-08-18), with the day each began:
// that rate starts on it, and il.csv gives the rate before it with its
// publication.
var ilRateChanges = []struct {
	id   string
	from civil.Date
}{
	{"US-17167", civil.New(2026, 7, 1)}, // Sangamon County, 1% to 1.5%
}

// The local grocery taxes: il-grocery.csv.
const (
	ilGroceryFile = "il-grocery.csv"
	ilGroceryKey  = "us-local-il-grocery"
)

// ilGroceryColumns are the columns of the grocery file.
var ilGroceryColumns = []string{"name", "kind", "county", "rate", "effective", "expiration", "source"}

// ilGrocery gives the municipalities and counties that impose Illinois's
// local grocery tax (from 2026, in place of the state's 1% on groceries;
// 65 ILCS 5/8-11-24, 55 ILCS 5/5-1006.9) their rate of category food over
// its period. A municipality's tax applies within it: the rate is its
// city's, which most often has no general rate. A county's applies only
// outside its municipalities: it is a district of the county's
// unincorporated area. Every row is accounted for: a name that is no
// single incorporated place (or county) of Illinois is refused. Illinois's
// other local taxes do not reach groceries, so no other food rate is
// given here (the transit districts' are in il.csv).
func ilGrocery(s *datagen.State) error {
	rel := s.FileRef(ilGroceryFile)
	f, err := s.Open(ilGroceryFile)
	if err != nil {
		return err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	head, err := r.Read()
	if err != nil {
		return fmt.Errorf("%s: header: %w", rel, err)
	}
	if !slices.Equal(head, ilGroceryColumns) {
		return fmt.Errorf("%s: columns %q, want %q", rel, head, ilGroceryColumns)
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		line, _ := r.FieldPos(0)
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s line %d: %s", rel, line, fmt.Sprintf(format, args...))
		}
		get := func(col string) string { return strings.TrimSpace(rec[slices.Index(ilGroceryColumns, col)]) }
		name, kind, county := get("name"), get("kind"), get("county")
		if name == "" || get("source") == "" {
			return fail("a row needs the name and the publication that names it")
		}
		pct, err := decimal.NewFromString(get("rate"))
		if err != nil || !pct.IsPositive() || pct.GreaterThan(decimal.NewFromInt(100)) {
			return fail("rate %q is not a percentage", get("rate"))
		}
		var p civil.Period
		if p.Effective, err = civil.Parse(get("effective")); err != nil {
			return fail("effective: %v", err)
		}
		if v := get("expiration"); v != "" {
			if p.Expiration, err = civil.Parse(v); err != nil {
				return fail("expiration: %v", err)
			}
			if p.Expiration.Before(p.Effective) {
				return fail("expires %s before it starts %s", p.Expiration, p.Effective)
			}
		}
		rate := pct.Shift(-2)
		row := datagen.Row{Source: ilGroceryKey, Ref: fmt.Sprintf("line %d", line), State: s.Sub.Code, Label: name, Kind: kind,
			Rate: rate, Cat: jurisdiction.Food, When: p.Effective}
		s.CountRow(ilGroceryKey)
		switch kind {
		case "municipality":
			pl, ok := ilGroceryPlace(s, name, county)
			if !ok {
				s.Refuse(row, "no single incorporated Census place of Illinois is named %q (in %s County), so its grocery tax is not given", name, county)
				continue
			}
			id := s.City(pl)
			if err := s.SetRate(id, jurisdiction.Food, rate, p, ilGroceryKey); err != nil {
				return fail("%v", err)
			}
			s.Represent(row, id)
		case "county":
			fips, ok := s.County(name)
			if !ok {
				s.Refuse(row, "no county of Illinois is named %q, so its grocery tax is not given", name)
				continue
			}
			cname := s.Juris("US-" + fips).Name
			id, err := s.District("US-"+fips+"-GROCERY", jurisdiction.District, cname+" grocery tax (outside municipalities)", "")
			if err != nil {
				return fail("%v", err)
			}
			if err := s.AddRate(id, jurisdiction.Food, rate, p, ilGroceryKey); err != nil {
				return fail("%v", err)
			}
			s.Assign(id, datagen.Scope{Kind: datagen.ScopeUninc, County: fips})
			s.Represent(row, id)
		default:
			return fail("kind %q, want municipality or county", kind)
		}
	}
	s.AddSource(datagen.Source{
		Key:   ilGroceryKey,
		Files: rel,
		What: "the Illinois municipalities (and counties, outside their municipalities) known to impose the 1% local grocery tax that replaced the state's 1% " +
			"rate on groceries from 2026-01-01 (Public Act 103-0781), each with its start date and the publication naming it; a partial list (see internal/datagen/states/il/il.md)",
		From:    "Illinois Department of Revenue rate records and news reports of the municipal votes, cited in each row (curated by the Levy project)",
		Licence: "public government information and facts reported in the press",
	})
	return nil
}

// ilGroceryPlace returns the incorporated place a row of the grocery file
// names: the one place of that name, or of that name in the county the
// row gives, or the place an alias names.
func ilGroceryPlace(s *datagen.State, name, county string) (*datagen.Place, bool) {
	if p, ok := ilPlace(s, name); ok {
		return p, true
	}
	fips, ok := s.County(county)
	if !ok {
		return nil, false
	}
	want := datagen.FoldName(name)
	var hit []*datagen.Place
	for _, p := range s.Places() {
		if p.Incorporated && datagen.FoldName(p.Name) == want && p.InCounty(fips) {
			hit = append(hit, p)
		}
	}
	if len(hit) == 1 {
		return hit[0], true
	}
	return nil, false
}
