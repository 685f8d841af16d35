package content

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"

	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// zip5Columns are the columns of a ZIP rate table, each with the header
// names it goes by (compared without case, spaces and underscores).
var zip5Columns = []struct {
	name  string
	alias []string
}{
	{"state", []string{"state", "statecode", "stateabbreviation"}},
	{"zip", []string{"zipcode", "zip", "zip5", "postalcode"}},
	{"region", []string{"taxregionname", "regionname", "region", "taxregion"}},
	{"combined", []string{"estimatedcombinedrate", "combinedrate", "totalrate", "combined"}},
	{"stateRate", []string{"staterate"}},
	{"county", []string{"estimatedcountyrate", "countyrate"}},
	{"city", []string{"estimatedcityrate", "cityrate"}},
	{"special", []string{"estimatedspecialrate", "specialrate", "specialdistrictrate", "districtrate"}},
}

// isZIPColumn reports whether a header cell names the ZIP column of a
// ZIP rate table.
func isZIPColumn(h string) bool {
	k := columnKey(h)
	for _, a := range zip5Columns[1].alias {
		if k == a {
			return true
		}
	}
	return false
}

// columnKey folds a header cell for comparison.
func columnKey(h string) string {
	h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
	return strings.NewReplacer(" ", "", "_", "", "-", "").Replace(h)
}

// addZIP5 reads a ZIP rate table: for each ZIP code its tax region and
// rates. Each region becomes up to three jurisdictions of the state (its
// county, city and special parts, where above zero); a ZIP's tax area is
// its county with the parts of its region. The state rate of every row
// of a state must agree and becomes the state's rate; the parts must add
// up to the combined rate.
func (b *builder) addZIP5(name string, raw []byte) error {
	r := csv.NewReader(bytes.NewReader(raw))
	r.FieldsPerRecord = -1
	head, err := r.Read()
	if err != nil {
		return &Error{File: name, Line: 1, Message: "no header row"}
	}
	col := map[string]int{}
	for i, h := range head {
		k := columnKey(h)
		for _, c := range zip5Columns {
			for _, a := range c.alias {
				if k == a {
					col[c.name] = i
				}
			}
		}
	}
	var errs Errors
	for _, c := range zip5Columns {
		if _, ok := col[c.name]; !ok {
			errs.add(&Error{File: name, Line: 1, Column: c.name, Message: fmt.Sprintf("no column for %s (one of %s)", c.name, strings.Join(c.alias, ", "))})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	seen := map[string]int{}
	stateRate := map[string]decimal.Decimal{}
	if err := eachRecord(r, name, &errs, func(line int, rec []string) {
		fail := func(c, format string, args ...any) {
			errs.add(&Error{File: name, Line: line, Column: head[col[c]], Message: fmt.Sprintf(format, args...)})
		}
		get := func(c string) string {
			if i := col[c]; i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		st := strings.ToUpper(get("state"))
		s, err := b.state(name, line, st, FormatZIP5)
		if err != nil {
			errs.add(err.(*Error))
			return
		}
		zip := get("zip")
		if digits(zip) && len(zip) < 5 && len(zip) >= 3 {
			zip = strings.Repeat("0", 5-len(zip)) + zip // a spreadsheet dropped the leading zeros
		}
		if !digits(zip) || len(zip) != 5 {
			fail("zip", "%q is not a five-digit ZIP code", get("zip"))
			return
		}
		if prev, dup := seen[zip]; dup {
			fail("zip", "ZIP code %s is already on line %d", zip, prev)
			return
		}
		seen[zip] = line
		if msg := b.checkWhere(s, Where{Kind: "zip", ZIP: zip}); msg != "" {
			fail("zip", "%s", msg)
			return
		}
		region := get("region")
		if region == "" {
			fail("region", "no tax region name")
			return
		}
		rates := map[string]decimal.Decimal{}
		bad := false
		for _, c := range []string{"combined", "stateRate", "county", "city", "special"} {
			v, err := ParseRate(get(c))
			if err != nil {
				fail(c, "%v", err)
				bad = true
			}
			rates[c] = v
		}
		if bad {
			return
		}
		sum := rates["stateRate"].Add(rates["county"]).Add(rates["city"]).Add(rates["special"])
		if !sum.Sub(rates["combined"]).Abs().LessThanOrEqual(decimal.New(1, -6)) {
			fail("combined", "%s is not the sum of the state, county, city and special rates (%s)", rates["combined"], sum)
			return
		}
		if v, ok := stateRate[st]; !ok {
			stateRate[st] = rates["stateRate"]
			if err := s.addRateAt(jurisdiction.Rate{Jurisdiction: s.sub.ID(), Tax: jurisdiction.SalesTax, Category: jurisdiction.General,
				Value: rates["stateRate"], Source: rateSource(FormatZIP5, name, line)}, fmt.Sprintf("%s:%d", name, line)); err != nil {
				fail("stateRate", "%v", err)
			}
		} else if !v.Equal(rates["stateRate"]) {
			fail("stateRate", "%s differs from the state rate %s of the state's first row", rates["stateRate"], v)
			return
		}
		var members []string
		for _, part := range []struct {
			col, suffix, label string
			typ                jurisdiction.Type
		}{
			{"county", "COUNTY", "county part", jurisdiction.County},
			{"city", "CITY", "city part", jurisdiction.City},
			{"special", "SPECIAL", "special districts", jurisdiction.SpecialPurposeDistrict},
		} {
			v := rates[part.col]
			if !v.IsPositive() {
				continue
			}
			id := s.sub.ID() + "-Z-" + jurisdiction.Slug(region) + "-" + part.suffix
			j := jurisdiction.Jurisdiction{ID: id, Type: part.typ, Name: region + " (" + part.label + ")", Parent: s.sub.ID(), Country: "US"}
			if err := s.define(j); err != nil {
				fail("region", "%v", err)
				continue
			}
			if err := s.addRateAt(jurisdiction.Rate{Jurisdiction: id, Tax: jurisdiction.SalesTax, Category: jurisdiction.General,
				Value: v, Source: rateSource(FormatZIP5, name, line)}, fmt.Sprintf("%s:%d", name, line)); err != nil {
				fail(part.col, "region %s: %v", region, err)
				continue
			}
			members = append(members, id)
		}
		s.zips = append(s.zips, zipDraft{zip: zip, lo: 0, hi: 9999, county: b.zipCounty(zip), members: members})
	}); err != nil {
		return err
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
