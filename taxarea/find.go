package taxarea

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/levytax/levy"
)

// Find runs a batch of searches and returns their results in order. The
// batch fails as a whole, before any search runs, when a search is
// malformed; a search that finds nothing gives an empty result list.
// Errors name the search by its index: "[3].lookupRequest.coordinates".
func (r *Resolver) Find(ctx context.Context, searches []Search) ([]SearchResult, error) {
	if len(searches) > MaxSearches {
		return nil, levy.Invalid("", "a batch holds at most %d searches, not %d", MaxSearches, len(searches))
	}
	var errs levy.Errors
	for i, s := range searches {
		if n := utf8.RuneCountInString(s.LookupID); n > 40 {
			errs = append(errs, levy.Invalid(fmt.Sprintf("[%d].lookupId", i), "is %d characters long; at most 40 are allowed", n))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	out := make([]SearchResult, len(searches))
	for i, s := range searches {
		prefix := fmt.Sprintf("[%d].lookupRequest.", i)
		var resp *LookupResponse
		var err error
		switch {
		case s.Address != nil:
			resp, err = r.lookupAddress(ctx, prefix+"postalAddress", s.Address.PostalAddress, s.Address.AsOfDate)
		case s.Coordinates != nil:
			resp, err = r.lookupCoordinates(ctx, prefix, *s.Coordinates)
		case s.TaxAreaID != nil:
			resp, err = r.lookupTaxAreaID(ctx, prefix, *s.TaxAreaID)
		case s.External != nil:
			resp, err = r.lookupExternal(ctx, prefix, *s.External)
		default:
			err = levy.Invalid(prefix[:len(prefix)-1], "is required")
		}
		out[i] = SearchResult{LookupID: s.LookupID, Results: []LookupResult{}}
		switch levy.ErrorCode(err) {
		case "":
			out[i].Results = resp.LookupResults
		case levy.ENotFound:
			// Nothing found is an answer in a batch, not a failure of it.
		default:
			return nil, err
		}
	}
	return out, nil
}
