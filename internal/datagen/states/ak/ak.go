// Package ak is Alaska's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ak.md and its
// curated tables.
package ak

import (
	"embed"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed ak.md *.csv
var files embed.FS

// New returns Alaska's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "AK", Files: files, Build: build}
}

// akBoroughs are the boroughs with a sales tax of their own, by the
// names TaxLocus gives them. Seven are unified city-boroughs (Juneau,
// Sitka, Wrangell, Yakutat, Petersburg, Haines, Skagway): the borough is
// the municipality, and OpenSalesTax lists it among its cities.
var akBoroughs = map[string]struct{ fips, ostCity string }{
	"Haines Borough":            {"02100", "Haines"},
	"Juneau City and Borough":   {"02110", "Juneau"},
	"Kenai Peninsula Borough":   {"02122", ""},
	"Ketchikan Gateway Borough": {"02130", ""},
	"Petersburg Borough":        {"02195", "Petersburg"},
	"Sitka City and Borough":    {"02220", "Sitka"},
	"Skagway Municipality":      {"02230", "Skagway"},
	"Wrangell City and Borough": {"02275", "Wrangell"},
	"Yakutat City and Borough":  {"02282", "Yakutat"},
}

// build builds Alaska's local content: see ak.md.
//
// Alaska has no state sales tax. Boroughs levy areawide taxes (their
// cities included) and cities levy their own on top; in a unified
// city-borough the borough is the city. TaxLocus and OpenSalesTax (from
// the Alaska Remote Seller Sales Tax Commission's member list) both
// give borough and city rates; where they differ, OpenSalesTax's
// commission rate wins: TaxLocus carries the off-season rate of the
// cities whose rates change with the season, and older rates of a few
// others (see the note).
func build(s *datagen.State, in *datagen.Inputs) error {
	ost := map[string]datagen.Row{} // OpenSalesTax city and borough rows by name
	for _, r := range in.OSTRows["AK"] {
		if table, key, _ := strings.Cut(r.Ref, "/"); table == "AK_CITIES" || table == "AK_BOROUGHS" {
			ost[key] = r
		}
	}
	done := map[string]bool{}
	// The boroughs.
	byOSTCity := map[string]string{}
	for _, row := range in.Taxlocus["AK"] {
		if row.Kind != "borough" {
			continue
		}
		b, ok := akBoroughs[row.Label]
		if !ok {
			return fmt.Errorf("%s: borough %q unknown", row.Ref, row.Label)
		}
		id := "US-" + b.fips
		v := row.Rate
		o, hasOST := ost[row.Label]
		if b.ostCity != "" {
			o, hasOST = ost[b.ostCity]
			byOSTCity[b.ostCity] = b.fips
		}
		if hasOST && !o.Rate.Equal(v) {
			s.Refuse(row, "%s%% disagrees with the Alaska Remote Seller Sales Tax Commission's %s%% (OpenSalesTax %s), which wins: the commission lists the rate in force in mid-2026, its peak-season rate where the rate changes with the season", v.Shift(2), o.Rate.Shift(2), o.Ref)
			v = o.Rate
			if err := s.SetCountyRate(b.fips, "", v, civil.Period{}, datagen.SrcOpenSalesTax); err != nil {
				return err
			}
		} else {
			if err := s.SetCountyRate(b.fips, "", v, civil.Period{}, datagen.SrcTaxlocus); err != nil {
				return err
			}
			s.Represent(row, id)
		}
		if hasOST {
			s.Represent(o, id)
			done[o.Ref] = true
		}
	}
	// The cities: TaxLocus's rows, OpenSalesTax's where they differ or
	// where TaxLocus has none.
	type cityRate struct {
		tl, ost *datagen.Row
	}
	cities := map[string]*cityRate{}
	for _, row := range in.Taxlocus["AK"] {
		if row.Kind != "city" {
			if row.Kind != "borough" {
				s.Refuse(row, "a %s row: Alaska's local taxes are its boroughs' and cities'", row.Kind)
			}
			continue
		}
		r := row
		cities[datagen.PlaceKey(row.Label)] = &cityRate{tl: &r}
	}
	for name, r := range ost {
		table, _, _ := strings.Cut(r.Ref, "/")
		if table != "AK_CITIES" || done[r.Ref] {
			continue
		}
		if _, ok := byOSTCity[name]; ok {
			continue
		}
		rr := r
		k := datagen.PlaceKey(name)
		if cities[k] == nil {
			cities[k] = &cityRate{}
		}
		cities[k].ost = &rr
	}
	for _, k := range slices.Sorted(maps.Keys(cities)) {
		c := cities[k]
		label := ""
		if c.tl != nil {
			label = c.tl.Label
		} else {
			label = c.ost.Label
		}
		p, ok := s.Place(label, "")
		if !ok {
			for _, r := range []*datagen.Row{c.tl, c.ost} {
				if r != nil {
					s.Refuse(*r, "no single Census place of Alaska is named %q", label)
					done[r.Ref] = true
				}
			}
			continue
		}
		id := s.City(p)
		var v decimal.Decimal
		src := datagen.SrcTaxlocus
		switch {
		case c.ost != nil && (c.tl == nil || !c.ost.Rate.Equal(c.tl.Rate)):
			v, src = c.ost.Rate, datagen.SrcOpenSalesTax
			if c.tl != nil {
				s.Refuse(*c.tl, "%s%% disagrees with the Alaska Remote Seller Sales Tax Commission's %s%% (OpenSalesTax %s), which wins: the commission lists the rate in force in mid-2026, its peak-season rate where the rate changes with the season", c.tl.Rate.Shift(2), c.ost.Rate.Shift(2), c.ost.Ref)
			}
			s.Represent(*c.ost, id)
			done[c.ost.Ref] = true
		default:
			v = c.tl.Rate
			s.Represent(*c.tl, id)
			if c.ost != nil {
				s.Represent(*c.ost, id)
				done[c.ost.Ref] = true
			}
		}
		if err := s.AddRate(id, "", v, civil.Period{}, src); err != nil {
			return err
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(datagen.OSTRowsExcept(in, "AK", done))
}
