package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

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

// buildAK builds Alaska's local content: see data/states/ak.md.
//
// Alaska has no state sales tax. Boroughs levy areawide taxes (their
// cities included) and cities levy their own on top; in a unified
// city-borough the borough is the city. TaxLocus and OpenSalesTax (from
// the Alaska Remote Seller Sales Tax Commission's member list) both
// give borough and city rates; where they differ, OpenSalesTax's
// commission rate wins: TaxLocus carries the off-season rate of the
// cities whose rates change with the season, and older rates of a few
// others (see the note).
func buildAK(s *localState, in *localInputs) error {
	ost := map[string]srcRow{} // OpenSalesTax city and borough rows by name
	for _, r := range in.ostRows["AK"] {
		if table, key, _ := cutRef(r.ref); table == "AK_CITIES" || table == "AK_BOROUGHS" {
			ost[key] = r
		}
	}
	done := map[string]bool{}
	// The boroughs.
	byOSTCity := map[string]string{}
	for _, row := range in.taxlocus["AK"] {
		if row.kind != "borough" {
			continue
		}
		b, ok := akBoroughs[row.label]
		if !ok {
			return fmt.Errorf("%s: borough %q unknown", row.ref, row.label)
		}
		id := "US-" + b.fips
		v := row.rate
		o, hasOST := ost[row.label]
		if b.ostCity != "" {
			o, hasOST = ost[b.ostCity]
			byOSTCity[b.ostCity] = b.fips
		}
		if hasOST && !o.rate.Equal(v) {
			s.Refuse(row, "%s%% disagrees with the Alaska Remote Seller Sales Tax Commission's %s%% (OpenSalesTax %s), which wins: the commission lists the rate in force in mid-2026, its peak-season rate where the rate changes with the season", v.Shift(2), o.rate.Shift(2), o.ref)
			v = o.rate
			if err := s.SetCountyRate(b.fips, "", v, civil.Period{}, srcOpenSalesTax); err != nil {
				return err
			}
		} else {
			if err := s.SetCountyRate(b.fips, "", v, civil.Period{}, srcTaxlocus); err != nil {
				return err
			}
			s.Represent(row, id)
		}
		if hasOST {
			s.Represent(o, id)
			done[o.ref] = true
		}
	}
	// The cities: TaxLocus's rows, OpenSalesTax's where they differ or
	// where TaxLocus has none.
	type cityRate struct {
		tl, ost *srcRow
	}
	cities := map[string]*cityRate{}
	for _, row := range in.taxlocus["AK"] {
		if row.kind != "city" {
			if row.kind != "borough" {
				s.Refuse(row, "a %s row: Alaska's local taxes are its boroughs' and cities'", row.kind)
			}
			continue
		}
		r := row
		cities[placeKey(row.label)] = &cityRate{tl: &r}
	}
	for name, r := range ost {
		table, _, _ := cutRef(r.ref)
		if table != "AK_CITIES" || done[r.ref] {
			continue
		}
		if _, ok := byOSTCity[name]; ok {
			continue
		}
		rr := r
		k := placeKey(name)
		if cities[k] == nil {
			cities[k] = &cityRate{}
		}
		cities[k].ost = &rr
	}
	for _, k := range slices.Sorted(maps.Keys(cities)) {
		c := cities[k]
		label := ""
		if c.tl != nil {
			label = c.tl.label
		} else {
			label = c.ost.label
		}
		p, ok := s.Place(label, "")
		if !ok {
			for _, r := range []*srcRow{c.tl, c.ost} {
				if r != nil {
					s.Refuse(*r, "no single Census place of Alaska is named %q", label)
					done[r.ref] = true
				}
			}
			continue
		}
		id := s.City(p)
		var v decimal.Decimal
		src := srcTaxlocus
		switch {
		case c.ost != nil && (c.tl == nil || !c.ost.rate.Equal(c.tl.rate)):
			v, src = c.ost.rate, srcOpenSalesTax
			if c.tl != nil {
				s.Refuse(*c.tl, "%s%% disagrees with the Alaska Remote Seller Sales Tax Commission's %s%% (OpenSalesTax %s), which wins: the commission lists the rate in force in mid-2026, its peak-season rate where the rate changes with the season", c.tl.rate.Shift(2), c.ost.rate.Shift(2), c.ost.ref)
			}
			s.Represent(*c.ost, id)
			done[c.ost.ref] = true
		default:
			v = c.tl.rate
			s.Represent(*c.tl, id)
			if c.ost != nil {
				s.Represent(*c.ost, id)
				done[c.ost.ref] = true
			}
		}
		if err := s.addRate(id, "", v, civil.Period{}, src); err != nil {
			return err
		}
	}
	if r, ok := in.taxlocusStates["AK"]; ok {
		s.compareStateRate(r)
	}
	return s.reconcileOST(ostRowsExcept(in, "AK", done))
}
