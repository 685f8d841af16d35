package content

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"iter"
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

// addSST reads an SST rate file or boundary file from r, line by line,
// telling them apart by the first field of the first line that is not
// blank. It holds one line at a time: a rate row becomes the content's
// jurisdictions and rates, a boundary row in force a compact record
// (sstBoundary).
func (b *builder) addSST(name string, r io.Reader) error {
	lr := lineReader{br: bufio.NewReaderSize(r, 64<<10)}
	var (
		errs     Errors
		f        []string
		boundary *sstBoundaryFile
		rates    bool
	)
	for lr.next() {
		l := lr.text
		if strings.TrimSpace(l) == "" {
			continue
		}
		if boundary == nil && !rates {
			first, _, _ := strings.Cut(strings.TrimSpace(l), ",")
			switch strings.ToLower(first) {
			case "z", "4", "a":
				boundary = &sstBoundaryFile{file: b.sst.id(name)}
			default:
				rates = true
			}
		}
		f = splitComma(f[:0], l)
		if rates {
			b.addSSTRate(name, lr.line, f, &errs)
		} else {
			b.addSSTBoundary(name, lr.line, f, boundary, &errs)
		}
	}
	if lr.err != nil {
		return fmt.Errorf("content: read %s: %w", name, lr.err)
	}
	switch {
	case boundary == nil && !rates:
		return &Error{File: name, Message: "the file is empty"}
	case len(errs) > 0:
		return errs
	case boundary != nil && boundary.kept == 0:
		when := "never"
		if !boundary.latest.IsZero() {
			when = boundary.latest.String()
		}
		return &Error{File: name, Message: fmt.Sprintf("no row is in force on %s (the rows end by %s): load the file with the date it speaks for", b.opts.AsOf, when)}
	}
	return nil
}

// lineReader reads a file line by line as the SST readers take it: lines
// end at "\n", one "\r" before it is dropped, and a byte order mark
// starting the file is dropped.
type lineReader struct {
	br   *bufio.Reader
	buf  []byte
	text string // the line read
	line int    // its number, from 1
	err  error  // the error that stopped the reading, but io.EOF
	done bool
}

// next reads the next line into text, and reports whether there was one.
func (lr *lineReader) next() bool {
	if lr.done {
		return false
	}
	lr.buf = lr.buf[:0]
	for {
		s, err := lr.br.ReadSlice('\n')
		lr.buf = append(lr.buf, s...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			lr.done = true
			if err != io.EOF {
				lr.err = err
				return false
			}
			if len(lr.buf) == 0 {
				return false
			}
		}
		break
	}
	l := lr.buf
	if n := len(l); n > 0 && l[n-1] == '\n' {
		l = l[:n-1]
		if n := len(l); n > 0 && l[n-1] == '\r' {
			l = l[:n-1]
		}
	}
	if lr.line == 0 {
		l = bytes.TrimPrefix(l, []byte("\ufeff"))
	}
	lr.line++
	lr.text = string(l)
	return true
}

// splitComma appends to dst the fields of s between commas, as
// strings.Split(s, ",") returns them. It looks at each byte once itself:
// an SST boundary line is mostly commas (89 fields, most of them empty),
// and a call of strings.IndexByte for each short field cost more than
// the search.
func splitComma(dst []string, s string) []string {
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ',' {
			dst = append(dst, s[start:i])
			start = i + 1
		}
	}
	return append(dst, s[start:])
}

// trimField returns s without its leading and trailing white space, as
// strings.TrimSpace does, without the call for the fields that have none
// to trim (most SST fields: empty, or ASCII that starts and ends with a
// letter or digit).
func trimField(s string) string {
	if n := len(s); n == 0 || s[0] > ' ' && s[0] < 0x80 && s[n-1] > ' ' && s[n-1] < 0x80 {
		return s
	}
	return strings.TrimSpace(s)
}

// sstCode is the key of a jurisdiction of an SST rate file.
func sstCode(typ, code string) string { return typ + ":" + code }

// addSSTRate reads row line of an SST rate file, its fields f: for a
// jurisdiction of a state (type and code) its general and food rates,
// intrastate, with their period. Its faults go to errs.
func (b *builder) addSSTRate(name string, line int, f []string, errs *Errors) {
	fail := func(col int, format string, args ...any) {
		errs.add(&Error{File: name, Line: line, Column: strconv.Itoa(col), Message: fmt.Sprintf(format, args...)})
	}
	if len(f) != 9 {
		fail(0, "%d fields; an SST rate file has 9 (state, type, code, general and food rates intrastate and interstate, start, end)", len(f))
		return
	}
	for k := range f {
		f[k] = strings.TrimSpace(f[k])
	}
	sub, ok := jurisdiction.SubdivisionByFIPS(f[0])
	if !ok {
		fail(1, "%q is not a state FIPS code", f[0])
		return
	}
	s, err := b.state(name, line, sub.Code, FormatSST)
	if err != nil {
		errs.add(err.(*Error))
		return
	}
	if s.sstIDs == nil {
		s.sstIDs = map[string]string{}
	}
	typ, code := f[1], f[2]
	if !digits(typ) || len(typ) != 2 {
		fail(2, "jurisdiction type %q is not two digits", typ)
		return
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
		return
	}
	if !to.IsZero() && to.Before(from) {
		fail(9, "%s is before the start date %s", to, from)
		return
	}
	var j jurisdiction.Jurisdiction
	switch typ {
	case sstState:
		if code != sub.FIPS {
			fail(3, "the state row of %s has code %q", sub.Code, code)
			return
		}
		j = jurisdiction.Jurisdiction{ID: sub.ID(), Type: sub.Type, Name: sub.Name, Parent: "US", Country: "US", ExternalCode: sub.FIPS}
	case sstCounty:
		c, ok := b.juris.ByID("US-" + sub.FIPS + code)
		if len(code) != 3 || !digits(code) || !ok {
			fail(3, "county %q of %s is not a county of the dataset", code, sub.Code)
			return
		}
		j = c
	case sstCity:
		if len(code) != 5 || !digits(code) {
			fail(3, "place code %q is not five digits", code)
			return
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
			return
		}
		j = jurisdiction.Jurisdiction{ID: sub.ID() + "-D" + jurisdiction.Slug(code), Type: jurisdiction.SpecialPurposeDistrict,
			Name: "Special district " + code + " (SST type " + typ + ")", Parent: sub.ID(), Country: "US", ExternalCode: code}
	}
	if err := s.define(j); err != nil {
		fail(3, "%v", err)
		return
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
			Period: civil.Period{Effective: from, Expiration: to}, Source: rateSource(FormatSST, name, line)}
		if err := s.addRateAt(r, fmt.Sprintf("%s:%d", name, line)); err != nil {
			fail(4, "%v", err)
		}
	}
}

// sstBoundary is a row of an SST boundary file in force on the load's
// date, kept until every rate file is read. A million of them are the
// ZIP+4 ranges of a state: they hold numbers, and the strings they name
// are in the builder's sstTables once each.
type sstBoundary struct {
	zip4Lo, zip4Hi int    // as the row gives them
	file           uint32 // the file's name, in sstTables.strs
	line           int32  // a content file has at most MaxLines lines
	zipLo, zipHi   uint32 // in sstTables.strs
	county, place  uint32 // in sstTables.strs: 3 and 5 digits, or ""
	// districts are sstTables.districts[districts:districts+nDistricts]
	districts, nDistricts uint32
}

// sstRows are the boundary rows of a state, in chunks of sstChunk rows:
// a million rows grow without being copied each time the slice would
// grow, nor held twice while they are.
type sstRows struct {
	chunks [][]sstBoundary
	n      int
}

// sstChunk is the rows of a chunk of sstRows (768 KiB). The first chunk
// grows as a slice does, so that a small file takes little.
const sstChunk = 1 << 14

// add adds a row.
func (r *sstRows) add(row sstBoundary) {
	if k := len(r.chunks); k == 0 || len(r.chunks[k-1]) == sstChunk {
		var c []sstBoundary
		if k > 0 {
			c = make([]sstBoundary, 0, sstChunk)
		}
		r.chunks = append(r.chunks, c)
	}
	k := len(r.chunks) - 1
	r.chunks[k] = append(r.chunks[k], row)
	r.n++
}

// all yields the rows in the order they were added.
func (r *sstRows) all() iter.Seq[sstBoundary] {
	return func(yield func(sstBoundary) bool) {
		for _, c := range r.chunks {
			for _, row := range c {
				if !yield(row) {
					return
				}
			}
		}
	}
}

// sstDistrict is a district code of a boundary row and its column.
type sstDistrict struct {
	code uint32 // in sstTables.strs
	col  int32
}

// sstTables hold the strings and district codes of the SST boundary
// rows of a load.
type sstTables struct {
	strs      []string
	index     map[string]uint32
	districts []sstDistrict
}

// id returns the number of the string s in t.strs, adding a copy of it
// (s is part of a line that is not kept) when it is new. The empty
// string is 0.
func (t *sstTables) id(s string) uint32 {
	if s == "" {
		return 0
	}
	if k, ok := t.index[s]; ok {
		return k
	}
	if t.index == nil {
		t.index = map[string]uint32{}
		t.strs = []string{""}
	}
	k := uint32(len(t.strs))
	s = strings.Clone(s)
	t.strs = append(t.strs, s)
	t.index[s] = k
	return k
}

// str returns the string numbered k by id.
func (t *sstTables) str(k uint32) string {
	if k == 0 {
		return ""
	}
	return t.strs[k]
}

// sstBoundaryFile is what addSST keeps of a boundary file while it reads
// it: its name's number, the rows in force kept, and the latest end of
// the rows.
type sstBoundaryFile struct {
	file   uint32
	kept   int
	latest civil.Date
}

// addSSTBoundary reads row line of an SST boundary file, its fields f:
// a row in force on the load's date is kept, to be resolved against the
// rate files once all are read. Its faults go to errs.
func (b *builder) addSSTBoundary(name string, line int, f []string, bf *sstBoundaryFile, errs *Errors) {
	fail := func(col int, format string, args ...any) {
		errs.add(&Error{File: name, Line: line, Column: strconv.Itoa(col), Message: fmt.Sprintf(format, args...)})
	}
	if len(f) < 32 {
		fail(0, "%d fields; an SST boundary row has at least 32", len(f))
		return
	}
	for k := range f {
		f[k] = trimField(f[k])
	}
	kind := strings.ToLower(f[0])
	if kind != "z" && kind != "4" && kind != "a" {
		fail(1, "record type %q is not z, 4 or a", f[0])
		return
	}
	from, err := civil.ParseCompact(f[1])
	if err != nil {
		fail(2, "%q is not a date (YYYYMMDD)", f[1])
		return
	}
	var to civil.Date
	if f[2] != "29991231" && f[2] != "99991231" {
		if to, err = civil.ParseCompact(f[2]); err != nil {
			fail(3, "%q is not a date (YYYYMMDD)", f[2])
			return
		}
	}
	if !to.IsZero() && to.Before(from) {
		fail(3, "%s is before the start date %s", to, from)
		return
	}
	if to.After(bf.latest) || to.IsZero() && !bf.latest.IsZero() {
		bf.latest = to
	}
	if !(civil.Period{Effective: from, Expiration: to}).Contains(b.opts.AsOf) {
		return
	}
	sub, ok := jurisdiction.SubdivisionByFIPS(f[22])
	if !ok {
		fail(23, "%q is not a state FIPS code", f[22])
		return
	}
	zipLo, zipHi := f[17], f[19]
	if zipHi == "" {
		zipHi = zipLo
	}
	if len(zipLo) != 5 || !digits(zipLo) || len(zipHi) != 5 || !digits(zipHi) || zipHi < zipLo {
		fail(18, "ZIP range %q to %q", f[17], f[19])
		return
	}
	zip4Lo, zip4Hi := 0, 9999
	if kind == "4" {
		lo, err1 := strconv.Atoi(f[18])
		hi, err2 := strconv.Atoi(f[20])
		if err1 != nil || err2 != nil || lo < 0 || hi > 9999 || (zipLo == zipHi && lo > hi) {
			fail(19, "ZIP+4 range %q to %q", f[18], f[20])
			return
		}
		zip4Lo, zip4Hi = lo, hi
	}
	if _, err := b.state(name, line, sub.Code, FormatSST); err != nil {
		errs.add(err.(*Error))
		return
	}
	t := &b.sst
	row := sstBoundary{file: bf.file, line: int32(line), zipLo: t.id(zipLo), zipHi: t.id(zipHi), county: t.id(f[24]), place: t.id(f[25]),
		zip4Lo: zip4Lo, zip4Hi: zip4Hi, districts: uint32(len(t.districts))}
	for k := 29; k+2 < len(f); k += 3 {
		code, typ := f[k+1], f[k+2]
		if code == "" || typ == sstState {
			continue // a location code that repeats the state
		}
		t.districts = append(t.districts, sstDistrict{code: t.id(code), col: int32(k + 2)})
		row.nDistricts++
	}
	b.states[sub.Code].boundary.add(row)
	bf.kept++
}

// resolveSST turns the boundary rows of a state into its ZIP lists, and
// lets the rows go.
func (b *builder) resolveSST(s *stateContent) error {
	var errs Errors
	t := &b.sst
	// The lists of jurisdictions of the rows, each kept once, by their
	// IDs joined; the counties of the rows, checked once each.
	lists := map[string][]string{}
	var key []byte
	type county struct {
		fips string
		ok   bool
	}
	counties := map[uint32]county{}
	s.zips = slices.Grow(s.zips, s.boundary.n)
	var zips []string
	for row := range s.boundary.all() {
		file := t.str(row.file)
		fail := func(col int, format string, args ...any) {
			errs.add(&Error{File: file, Line: int(row.line), Column: strconv.Itoa(col), Message: fmt.Sprintf(format, args...)})
		}
		var ids []string
		if place := t.str(row.place); place != "" {
			id, ok := s.sstIDs[sstCode(sstCity, place)]
			if !ok {
				fail(26, "place %s has no row in the state's rate files", place)
				continue
			}
			ids = append(ids, id)
		}
		bad := false
		for _, d := range t.districts[row.districts : row.districts+row.nDistricts] {
			code := t.str(d.code)
			id, ok := s.sstIDs[sstCode("district", code)]
			if !ok {
				fail(int(d.col), "district %s has no row in the state's rate files", code)
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
		key = key[:0]
		for _, id := range ids {
			key = append(append(key, id...), 0)
		}
		if l, ok := lists[string(key)]; ok {
			ids = l
		} else {
			lists[string(key)] = ids
		}
		zipLo, zipHi := t.str(row.zipLo), t.str(row.zipHi)
		zips = b.appendZIPsBetween(zips[:0], zipLo, zipHi, s.sub.Code)
		for _, z := range zips {
			county := ""
			if c := t.str(row.county); c != "" {
				cc, seen := counties[row.county]
				if !seen {
					cc.fips = s.sub.FIPS + c
					_, cc.ok = b.juris.ByID("US-" + cc.fips)
					counties[row.county] = cc
				}
				if !cc.ok {
					fail(25, "county %s of %s is not a county of the dataset", c, s.sub.Code)
					break
				}
				county = cc.fips
			} else {
				county = b.zipCounty(z)
			}
			lo, hi := 0, 9999
			if z == zipLo {
				lo = row.zip4Lo
			}
			if z == zipHi {
				hi = row.zip4Hi
			}
			s.zips = append(s.zips, zipDraft{zip: z, lo: lo, hi: hi, county: county, members: ids})
		}
	}
	s.boundary = sstRows{}
	if len(errs) > 0 {
		return errs
	}
	sortDrafts(s.zips)
	return nil
}

// appendZIPsBetween appends to dst the ZIP codes of a state the dataset
// knows from lo to hi.
func (b *builder) appendZIPsBetween(dst []string, lo, hi, state string) []string {
	i, _ := slices.BinarySearchFunc(b.zips, lo, func(z zipOfState, c string) int { return strings.Compare(z.code, c) })
	for ; i < len(b.zips) && b.zips[i].code <= hi; i++ {
		if b.zips[i].state == state {
			dst = append(dst, b.zips[i].code)
		}
	}
	return dst
}
