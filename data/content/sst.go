package content

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// SST jurisdiction types of the rate files: the state, a county, a city
// (or other place); every other type is a special district.
const (
	sstState  = "45"
	sstCounty = "00"
	sstCity   = "01"
)

// addSST reads an SST rate file or boundary file, telling them apart by
// their first field.
func (b *builder) addSST(name string, raw []byte) error {
	lines := strings.Split(strings.ReplaceAll(string(bytes.TrimPrefix(raw, []byte("\ufeff"))), "\r\n", "\n"), "\n")
	for _, l := range lines {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		switch strings.ToLower(strings.SplitN(l, ",", 2)[0]) {
		case "z", "4", "a":
			return b.addSSTBoundary(name, lines)
		}
		return b.addSSTRates(name, lines)
	}
	return &Error{File: name, Message: "the file is empty"}
}

// sstCode is the key of a jurisdiction of an SST rate file.
func sstCode(typ, code string) string { return typ + ":" + code }

// addSSTRates reads an SST rate file: for each jurisdiction of a state
// (type and code) its general and food rates, intrastate, with their
// periods.
func (b *builder) addSSTRates(name string, lines []string) error {
	var errs Errors
	for i, l := range lines {
		line := i + 1
		if strings.TrimSpace(l) == "" {
			continue
		}
		f := strings.Split(l, ",")
		fail := func(col int, format string, args ...any) {
			errs.add(&Error{File: name, Line: line, Column: strconv.Itoa(col), Message: fmt.Sprintf(format, args...)})
		}
		if len(f) != 9 {
			fail(0, "%d fields; an SST rate file has 9 (state, type, code, general and food rates intrastate and interstate, start, end)", len(f))
			continue
		}
		for k := range f {
			f[k] = strings.TrimSpace(f[k])
		}
		sub, ok := jurisdiction.SubdivisionByFIPS(f[0])
		if !ok {
			fail(1, "%q is not a state FIPS code", f[0])
			continue
		}
		s, err := b.state(name, line, sub.Code, FormatSST)
		if err != nil {
			errs.add(err.(*Error))
			continue
		}
		if s.sstIDs == nil {
			s.sstIDs = map[string]string{}
		}
		typ, code := f[1], f[2]
		if !digits(typ) || len(typ) != 2 {
			fail(2, "jurisdiction type %q is not two digits", typ)
			continue
		}
		general, err1 := ParseRate(f[3])
		food, err2 := ParseRate(f[5])
		if err1 != nil {
			fail(4, "%v", err1)
		}
		if err2 != nil {
			fail(6, "%v", err2)
		}
		from, err3 := civil.ParseCompact(f[7])
		if err3 != nil {
			fail(8, "%q is not a date (YYYYMMDD)", f[7])
		}
		var to civil.Date
		if f[8] != "29991231" && f[8] != "99991231" {
			var err4 error
			if to, err4 = civil.ParseCompact(f[8]); err4 != nil {
				fail(9, "%q is not a date (YYYYMMDD)", f[8])
			}
		}
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		var j jurisdiction.Jurisdiction
		switch typ {
		case sstState:
			if code != sub.FIPS {
				fail(3, "the state row of %s has code %q", sub.Code, code)
				continue
			}
			j = jurisdiction.Jurisdiction{ID: sub.ID(), Type: sub.Type, Name: sub.Name, Parent: "US", Country: "US", ExternalCode: sub.FIPS}
		case sstCounty:
			c, ok := b.juris.ByID("US-" + sub.FIPS + code)
			if len(code) != 3 || !digits(code) || !ok {
				fail(3, "county %q of %s is not a county of the dataset", code, sub.Code)
				continue
			}
			j = c
		case sstCity:
			if len(code) != 5 || !digits(code) {
				fail(3, "place code %q is not five digits", code)
				continue
			}
			if p := b.placeByCode(sub.FIPS + code); p >= 0 {
				parent := sub.ID()
				if c := b.local.PlaceMainCounty(p); c != 0 {
					parent = fmt.Sprintf("US-%05d", c)
				}
				j = jurisdiction.Jurisdiction{ID: "US-" + sub.FIPS + code, Type: jurisdiction.City, Name: b.local.PlaceName(p), Parent: parent, Country: "US", ExternalCode: sub.FIPS + code}
			} else {
				j = jurisdiction.Jurisdiction{ID: sub.ID() + "-SST-" + code, Type: jurisdiction.City, Name: "Place " + code + " of the SST file", Parent: sub.ID(), Country: "US", ExternalCode: code}
			}
		default:
			if code == "" || strings.ContainsAny(code, " ,") {
				fail(3, "district code %q", code)
				continue
			}
			j = jurisdiction.Jurisdiction{ID: sub.ID() + "-D" + jurisdiction.Slug(code), Type: jurisdiction.SpecialPurposeDistrict,
				Name: "Special district " + code + " (SST type " + typ + ")", Parent: sub.ID(), Country: "US", ExternalCode: code}
		}
		if err := s.define(j); err != nil {
			fail(3, "%v", err)
			continue
		}
		s.sstIDs[sstCode(typ, code)] = j.ID
		if typ != sstState && typ != sstCounty && typ != sstCity {
			s.sstIDs[sstCode("district", code)] = j.ID
		}
		for _, rt := range []struct {
			cat string
			v   decimal.Decimal
		}{{jurisdiction.General, general}, {jurisdiction.Food, food}} {
			r := jurisdiction.Rate{Jurisdiction: j.ID, Tax: jurisdiction.SalesTax, Category: rt.cat, Value: rt.v,
				Period: civil.Period{Effective: from, Expiration: to}, Source: "content " + name}
			if err := s.addRate(r); err != nil {
				fail(4, "%v", err)
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// sstBoundary is a row of an SST boundary file in force on the load's
// date, kept until every rate file is read.
type sstBoundary struct {
	file       string
	line       int
	state      string
	zipLo      string
	zip4Lo     int
	zipHi      string
	zip4Hi     int
	county     string   // 3 digits, or ""
	place      string   // 5 digits, or ""
	districts  []string // codes
	districtAt []int    // their columns
}

// addSSTBoundary reads an SST boundary file: its rows in force on the
// load's date, resolved against the rate files once all are read.
func (b *builder) addSSTBoundary(name string, lines []string) error {
	var errs Errors
	kept := 0
	var latest civil.Date
	for i, l := range lines {
		line := i + 1
		if strings.TrimSpace(l) == "" {
			continue
		}
		f := strings.Split(l, ",")
		fail := func(col int, format string, args ...any) {
			errs.add(&Error{File: name, Line: line, Column: strconv.Itoa(col), Message: fmt.Sprintf(format, args...)})
		}
		if len(f) < 32 {
			fail(0, "%d fields; an SST boundary row has at least 32", len(f))
			continue
		}
		for k := range f {
			f[k] = strings.TrimSpace(f[k])
		}
		kind := strings.ToLower(f[0])
		if kind != "z" && kind != "4" && kind != "a" {
			fail(1, "record type %q is not z, 4 or a", f[0])
			continue
		}
		from, err := civil.ParseCompact(f[1])
		if err != nil {
			fail(2, "%q is not a date (YYYYMMDD)", f[1])
			continue
		}
		var to civil.Date
		if f[2] != "29991231" && f[2] != "99991231" {
			if to, err = civil.ParseCompact(f[2]); err != nil {
				fail(3, "%q is not a date (YYYYMMDD)", f[2])
				continue
			}
		}
		if to.After(latest) || to.IsZero() && !latest.IsZero() {
			latest = to
		}
		if !(civil.Period{Effective: from, Expiration: to}).Contains(b.opts.AsOf) {
			continue
		}
		sub, ok := jurisdiction.SubdivisionByFIPS(f[22])
		if !ok {
			fail(23, "%q is not a state FIPS code", f[22])
			continue
		}
		row := sstBoundary{file: name, line: line, state: sub.Code, zipLo: f[17], zipHi: f[19], county: f[24], place: f[25]}
		if row.zipHi == "" {
			row.zipHi = row.zipLo
		}
		if len(row.zipLo) != 5 || !digits(row.zipLo) || len(row.zipHi) != 5 || !digits(row.zipHi) || row.zipHi < row.zipLo {
			fail(18, "ZIP range %q to %q", f[17], f[19])
			continue
		}
		row.zip4Lo, row.zip4Hi = 0, 9999
		if kind == "4" {
			lo, err1 := strconv.Atoi(f[18])
			hi, err2 := strconv.Atoi(f[20])
			if err1 != nil || err2 != nil || lo < 0 || hi > 9999 || (row.zipLo == row.zipHi && lo > hi) {
				fail(19, "ZIP+4 range %q to %q", f[18], f[20])
				continue
			}
			row.zip4Lo, row.zip4Hi = lo, hi
		}
		for k := 29; k+2 < len(f); k += 3 {
			code, typ := f[k+1], f[k+2]
			if code == "" || typ == sstState {
				continue // a location code that repeats the state
			}
			row.districts = append(row.districts, code)
			row.districtAt = append(row.districtAt, k+2)
		}
		if _, err := b.state(name, line, sub.Code, FormatSST); err != nil {
			errs.add(err.(*Error))
			continue
		}
		b.states[sub.Code].boundary = append(b.states[sub.Code].boundary, row)
		kept++
	}
	if len(errs) > 0 {
		return errs
	}
	if kept == 0 {
		when := "never"
		if !latest.IsZero() {
			when = latest.String()
		}
		return &Error{File: name, Message: fmt.Sprintf("no row is in force on %s (the rows end by %s): load the file with the date it speaks for", b.opts.AsOf, when)}
	}
	return nil
}

// resolveSST turns the boundary rows of a state into its ZIP lists.
func (b *builder) resolveSST(s *stateContent) error {
	var errs Errors
	for _, row := range s.boundary {
		fail := func(col int, format string, args ...any) {
			errs.add(&Error{File: row.file, Line: row.line, Column: strconv.Itoa(col), Message: fmt.Sprintf(format, args...)})
		}
		var ids []string
		if row.place != "" {
			id, ok := s.sstIDs[sstCode(sstCity, row.place)]
			if !ok {
				fail(26, "place %s has no row in the state's rate files", row.place)
				continue
			}
			ids = append(ids, id)
		}
		bad := false
		for k, code := range row.districts {
			id, ok := s.sstIDs[sstCode("district", code)]
			if !ok {
				fail(row.districtAt[k], "district %s has no row in the state's rate files", code)
				bad = true
				continue
			}
			if !containsID(ids, id) {
				ids = append(ids, id)
			}
		}
		if bad {
			continue
		}
		for _, z := range b.zipsBetween(row.zipLo, row.zipHi, s.sub.Code) {
			county := ""
			if row.county != "" {
				county = s.sub.FIPS + row.county
				if _, ok := b.juris.ByID("US-" + county); !ok {
					fail(25, "county %s of %s is not a county of the dataset", row.county, s.sub.Code)
					break
				}
			} else {
				county = b.zipCounty(z)
			}
			lo, hi := 0, 9999
			if z == row.zipLo {
				lo = row.zip4Lo
			}
			if z == row.zipHi {
				hi = row.zip4Hi
			}
			s.zips = append(s.zips, zipDraft{zip: z, lo: lo, hi: hi, county: county, members: ids})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	sortDrafts(s.zips)
	return nil
}

// zipsBetween returns the ZIP codes of a state the dataset knows from lo
// to hi.
func (b *builder) zipsBetween(lo, hi, state string) []string {
	i, _ := slices.BinarySearchFunc(b.zips, lo, func(z zipOfState, c string) int { return strings.Compare(z.code, c) })
	var out []string
	for ; i < len(b.zips) && b.zips[i].code <= hi; i++ {
		if b.zips[i].state == state {
			out = append(out, b.zips[i].code)
		}
	}
	return out
}
