// Package oh is Ohio's part of the generator of Levy's dataset:
// the builder of its local content, beside its note oh.md and its
// curated tables.
package oh

import (
	"embed"
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
)

// files are the files of the folder that the generator reads.
//
//go:embed oh.md *.csv
var files embed.FS

// New returns Ohio's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "OH", Files: files, Build: build}
}

// ohTransit are Ohio's transit authorities that levy a sales tax (Ohio
// Rev. Code 5739.023), with where each levies it. TaxLocus gives each as
// a special district row coded by the Department of Taxation's county
// number (the counties numbered alphabetically, then 000, or 100 for the
// part of a county), and some again as a transit row by name. See
// oh.md.
var ohTransit = []struct {
	id, name string
	codes    []string // TaxLocus special district codes
	names    []string // TaxLocus transit row names
	where    []string
	since    civil.Date // the first day of the TaxLocus rate, when known
}{
	{"US-OH-D-ACRTA", "Allen County Regional Transit Authority", []string{"02000"}, nil, []string{"county:39003"}, civil.Date{}},
	{"US-OH-D-GCRTA", "Greater Cleveland Regional Transit Authority", []string{"18000"}, []string{"Greater Cleveland RTA"}, []string{"county:39035"}, civil.Date{}},
	// COTA: Franklin County, and the parts of its member cities in
	// Delaware (96), Fairfield (93), Licking (94) and Union (98).
	{"US-OH-D-COTA", "Central Ohio Transit Authority", []string{"25000", "93000", "94000", "96000", "98000"}, []string{"Central Ohio Transit Authority"},
		[]string{"county:39049", "place:3922694@39041", "place:3922694@39159", "place:3983342@39041", "place:3911332@39045", "place:3953970@39089", "place:3966390@39089"},
		civil.New(2025, 4, 1)},
	{"US-OH-D-SORTA", "Southwest Ohio Regional Transit Authority", []string{"31000"}, nil, []string{"county:39061"}, civil.Date{}},
	{"US-OH-D-LAKETRAN", "Laketran (Lake County Regional Transit Authority)", []string{"43000"}, nil, []string{"county:39085"}, civil.Date{}},
	// TARTA: Lucas County and the city of Rossford in Wood County (87100).
	{"US-OH-D-TARTA", "Toledo Area Regional Transit Authority", []string{"48000", "87100"}, []string{"Toledo Area Regional Transit Authority"},
		[]string{"county:39095", "place:3968686@39173"}, civil.New(2022, 4, 1)},
	{"US-OH-D-WRTA", "Western Reserve Transit Authority", []string{"50000"}, nil, []string{"county:39099"}, civil.Date{}},
	{"US-OH-D-GDRTA", "Greater Dayton Regional Transit Authority", []string{"57000"}, []string{"Greater Dayton RTA"}, []string{"county:39113"}, civil.Date{}},
	{"US-OH-D-PARTA", "Portage Area Regional Transportation Authority", []string{"67000"}, nil, []string{"county:39133"}, civil.Date{}},
	{"US-OH-D-SARTA", "Stark Area Regional Transit Authority", []string{"76000"}, []string{"Stark Area Regional Transit Authority"}, []string{"county:39151"}, civil.Date{}},
	{"US-OH-D-METRO", "METRO Regional Transit Authority (Summit County)", []string{"77000"}, []string{"Akron METRO RTA"}, []string{"county:39153"}, civil.Date{}},
}

// build builds Ohio's local content from the TaxLocus rows (see
// oh.md): the county permissive taxes, countywide, and the
// transit authorities' taxes where each levies them.
func build(s *datagen.State, in *datagen.Inputs) error {
	byCode, byName := map[string]int{}, map[string]int{}
	for i, t := range ohTransit {
		for _, c := range t.codes {
			byCode[c] = i
		}
		for _, n := range t.names {
			byName[n] = i
		}
	}
	defined := map[string]bool{}
	transit := func(row datagen.Row, i int) error {
		t := ohTransit[i]
		if defined[t.id] {
			s.RepresentIfSum(row, []string{t.id})
			return nil
		}
		defined[t.id] = true
		if err := s.DefineDistrict(t.id, jurisdiction.TransitDistrict, t.name, "", row.Rate, civil.Period{Effective: t.since}, datagen.SrcTaxlocus, t.where); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		s.Represent(row, t.id)
		return nil
	}
	for _, row := range in.Taxlocus["OH"] {
		switch row.Kind {
		case "county":
			fips, ok := s.County(row.Label)
			if !ok {
				s.Refuse(row, "no county of Ohio is named %q", row.Label)
				continue
			}
			if err := s.SetCountyRate(fips, "", row.Rate, civil.Period{}, datagen.SrcTaxlocus); err != nil {
				return fmt.Errorf("%s: %w", row.Ref, err)
			}
			s.Represent(row, "US-"+fips)
		case "special_district", "transit":
			i, ok := byCode[row.Code]
			if row.Kind == "transit" {
				i, ok = byName[row.Label]
			}
			if !ok {
				s.Refuse(row, "a %s row that no transit authority of Ohio's content matches", row.Kind)
				continue
			}
			if err := transit(row, i); err != nil {
				return err
			}
		default:
			s.Refuse(row, "a %s row, which Ohio's content does not read", row.Kind)
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}
