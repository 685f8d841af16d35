package taxarea

import (
	"context"
	"errors"
	"fmt"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// Find runs a batch of searches and returns their results in order. The
// batch fails as a whole when a search is malformed, with no results and
// the errors of every such search, so that a caller fixes them all in
// one go; a search that finds nothing gives an empty result list. Errors
// name the search by its index: "[3].lookupRequest.coordinates".
func (r *Resolver) Find(ctx context.Context, searches []wire.Search) ([]wire.SearchResult, error) {
	if !r.made() {
		return nil, notMade()
	}
	if len(searches) > wire.MaxSearches {
		return nil, levy.Invalid("", "a batch holds at most %d searches, not %d", wire.MaxSearches, len(searches))
	}
	var errs levy.Errors
	out := make([]wire.SearchResult, len(searches))
	for i, s := range searches {
		var bad *levy.Error
		if errors.As(wire.CheckLookupID(fmt.Sprintf("[%d].lookupId", i), s.LookupID), &bad) {
			errs = append(errs, bad)
		}
		prefix := fmt.Sprintf("[%d].lookupRequest.", i)
		var resp *wire.LookupResponse
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
		out[i] = wire.SearchResult{LookupID: s.LookupID, Results: []wire.LookupResult{}}
		switch levy.ErrorCode(err) {
		case "":
			out[i].Results = resp.LookupResults
		case levy.ENotFound:
			// Nothing found is an answer in a batch, not a failure of it.
		case levy.EInvalid:
			// The batch fails, but the later searches are still checked.
			errs = appendInvalid(errs, err)
		default:
			return nil, err
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// appendInvalid appends to errs the *levy.Error values of err, an
// EInvalid error of one search or member (a single error or several,
// or nil).
func appendInvalid(errs levy.Errors, err error) levy.Errors {
	var many levy.Errors
	if errors.As(err, &many) {
		return append(errs, many...)
	}
	var one *levy.Error
	if errors.As(err, &one) {
		return append(errs, one)
	}
	return errs
}
