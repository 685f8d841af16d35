// Package mn is Minnesota's part of the generator of Levy's dataset:
// the builder of its local content, beside its note mn.md and its
// curated tables.
package mn

import (
	"embed"
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
)

// files are the files of the folder that the generator reads.
//
//go:embed mn.md *.csv
var files embed.FS

// New returns Minnesota's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "MN", Files: files, Build: build}
}

// mnMeekerTransit is the Meeker County transit sales tax (SST code
// 80054), which starts on 2026-07-01, after the SST rate file read.
const mnMeekerTransit = "US-MN-D80054"

// build builds Minnesota's local content from its SST rate file (see
// mn.md): counties, cities by their place FIPS codes, and the
// special district codes that mn-sst.csv places. The
// TaxLocus rows are checked against it; its Meeker County transit tax,
// which begins after the SST file's quarter, is read from TaxLocus.
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := s.ApplySST(in); err != nil {
		return err
	}
	// Minneapolis lies wholly in Hennepin County and St. Paul in Ramsey
	// County, but the coarse county lines of the atlas put parts of them
	// in the neighbouring counties, where the postal names Minneapolis
	// and St. Paul cover suburbs and Fort Snelling.
	for place, county := range map[string]string{"2743000": "27053", "2758000": "27123"} {
		if err := rescopePlace(s, place, county); err != nil {
			return err
		}
	}
	var rest []datagen.Row
	for _, row := range in.Taxlocus["MN"] {
		switch {
		case row.Kind == "special_district" && row.Code == "80054":
			id, err := s.AddDistrict(mnMeekerTransit, jurisdiction.TransitDistrict, "Meeker County Transit Sales and Use Tax", "80054", row.Rate,
				civil.Period{Effective: civil.New(2026, 7, 1)}, datagen.SrcTaxlocus, datagen.Scope{Kind: datagen.ScopeCounty, County: "27093"})
			if err != nil {
				return fmt.Errorf("%s: %w", row.Ref, err)
			}
			s.Represent(row, id)
		case row.Kind == "transit" && row.Label == "Hennepin County transit tax":
			s.RepresentIfSum(row, []string{s.DistrictID("80004", "")})
		case row.Kind == "transit" && row.Label == "Twin Cities metro transportation tax":
			s.RepresentIfSum(row, []string{s.DistrictID("80008", "")})
		default:
			rest = append(rest, row)
		}
	}
	only := *in
	only.Taxlocus = map[string][]datagen.Row{"MN": rest}
	s.ReconcileTaxlocus(&only, "the SST rate file")
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}

// rescopePlace makes the jurisdictions that apply in a whole place apply
// in its part in the given counties only.
func rescopePlace(s *datagen.State, place string, counties ...string) error {
	whole := datagen.Scope{Kind: datagen.ScopePlace, Place: place}
	ids := s.ScopeJuris(whole)
	if len(ids) == 0 {
		return fmt.Errorf("%s: place %s has no jurisdiction to rescope", s.Sub.Code, place)
	}
	for _, id := range ids {
		s.Unassign(id, whole)
	}
	for _, c := range counties {
		for _, id := range ids {
			s.Assign(id, datagen.Scope{Kind: datagen.ScopePlace, Place: place, County: c})
		}
	}
	return nil
}
