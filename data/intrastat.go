package data

import (
	"sort"
	"strings"

	"github.com/levytax/levy/internal/binfmt"
)

// intrastatFile is the generated file of the Intrastat code lists;
// internal/datagen/intrastat.go writes it.
const (
	intrastatFile    = "intrastat.lvd"
	intrastatKind    = "intrastat"
	intrastatVersion = 1
)

// Intrastat holds the code lists of the EU's Intrastat declarations: the
// Combined Nomenclature of one year (CN8 codes with the supplementary
// unit each requires), the supplementary units, the 2022 nature of
// transaction codes and the modes of transport. It is immutable and safe
// for concurrent use.
type Intrastat struct {
	year    int
	cn8     map[string]string // CN8 code -> supplementary unit code, "" for none
	units   []IntrastatUnit   // sorted by code
	natures map[int]string    // code -> description
	modes   map[int]string    // code -> name
}

// IntrastatUnit is a supplementary unit of the Combined Nomenclature.
type IntrastatUnit struct {
	// Code is the unit's code in the source ("PST"), Symbol the one the
	// CN prints ("p/st").
	Code, Symbol, Description string
}

// Intrastat returns the dataset's Intrastat code lists, decoding them
// the first time it is called.
func (d *Dataset) Intrastat() (*Intrastat, error) {
	return part(d, &d.intra, intrastatFile, decodeIntrastat)
}

// Year is the year of the Combined Nomenclature.
func (x *Intrastat) Year() int { return x.year }

// CN8 reports whether code is an eight-digit code of the year's Combined
// Nomenclature, and the supplementary unit it requires ("" for none).
func (x *Intrastat) CN8(code string) (unit string, ok bool) {
	unit, ok = x.cn8[code]
	return unit, ok
}

// Unit finds a supplementary unit by its code ("PST") or its symbol
// ("p/st"), ignoring case and spaces.
func (x *Intrastat) Unit(s string) (IntrastatUnit, bool) {
	key := unitKey(s)
	for _, u := range x.units {
		if unitKey(u.Code) == key || unitKey(u.Symbol) == key {
			return u, true
		}
	}
	return IntrastatUnit{}, false
}

// unitKey folds a unit's code or symbol for comparison.
func unitKey(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// NatureOfTransaction reports whether code is a 2022 nature of
// transaction code (11 to 99), with its description.
func (x *Intrastat) NatureOfTransaction(code int) (string, bool) {
	d, ok := x.natures[code]
	return d, ok
}

// TransportMode reports whether code is a mode of transport code, with
// its name.
func (x *Intrastat) TransportMode(code int) (string, bool) {
	n, ok := x.modes[code]
	return n, ok
}

// TransportModes returns the mode of transport codes, in order.
func (x *Intrastat) TransportModes() []int {
	out := make([]int, 0, len(x.modes))
	for c := range x.modes {
		out = append(out, c)
	}
	sort.Ints(out)
	return out
}

// Len returns the number of CN8 codes.
func (x *Intrastat) Len() int { return len(x.cn8) }

// The body of intrastat.lvd:
//
//	year (int)
//	count of units, then each: code, symbol, description (strings)
//	count of CN8 codes, then each in order: code (string), unit (int:
//	  index of the unit plus one, 0 for none)
//	count of nature of transaction codes, then each: code (int),
//	  description (string)
//	count of modes of transport, then each: code (int), name (string)
func decodeIntrastat(b []byte) (*Intrastat, error) {
	r, err := binfmt.Open(b, intrastatKind, intrastatVersion)
	if err != nil {
		return nil, err
	}
	x := &Intrastat{year: r.Int(), cn8: map[string]string{}, natures: map[int]string{}, modes: map[int]string{}}
	for range r.Count(3) {
		x.units = append(x.units, IntrastatUnit{Code: r.String(), Symbol: r.String(), Description: r.String()})
	}
	for range r.Count(2) {
		code, u := r.String(), r.Int()
		unit := ""
		if u > 0 && u <= len(x.units) {
			unit = x.units[u-1].Code
		}
		x.cn8[code] = unit
	}
	for range r.Count(2) {
		c := r.Int()
		x.natures[c] = r.String()
	}
	for range r.Count(2) {
		c := r.Int()
		x.modes[c] = r.String()
	}
	if err := r.Done(); err != nil {
		return nil, err
	}
	return x, nil
}
