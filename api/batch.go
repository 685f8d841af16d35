package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// decodeSearches reads the body of a batch lookup, an array of searches.
// Each search is decoded on its own (wire.Search reads its kind and
// names its faults), so that every malformed one is reported, each error
// named by the index of its search and the member at fault
// ("[3].lookupRequest.asOfDate"), and the batch as a whole is refused
// before any search runs. The faults of the searches that decode, which
// their lookups find (a latitude of 91, a government code without its
// country), are told beside them, in the order of the searches, so that
// one answer names every fault of the batch.
func (s *Server) decodeSearches(r *http.Request) ([]wire.Search, error) {
	var items []json.RawMessage
	if err := s.decode(r, &items); err != nil {
		return nil, err
	}
	if items == nil {
		// The body null, which decodes as no searches.
		return nil, levy.Invalid("", "the request body must be a JSON array of searches, not null")
	}
	if len(items) > wire.MaxSearches {
		return nil, levy.Invalid("", "a batch holds at most %d searches, not %d", wire.MaxSearches, len(items))
	}
	searches := make([]wire.Search, len(items))
	faults := make([]levy.Errors, len(items))
	bad := false
	for i, item := range items {
		if err := searches[i].UnmarshalJSON(item); err != nil {
			at := fmt.Sprintf("[%d]", i)
			var one *levy.Error
			if !errors.As(err, &one) {
				return nil, err
			}
			if one.Field != "" {
				at += "." + one.Field
			}
			faults[i] = levy.Errors{levy.Invalid(at, "%s", one.Message)}
			bad = true
		}
	}
	if !bad {
		return searches, nil
	}
	var errs levy.Errors
	for i := range searches {
		if faults[i] == nil {
			f, err := s.searchFaults(r, i, searches[i])
			if err != nil {
				return nil, err
			}
			faults[i] = f
		}
		errs = append(errs, faults[i]...)
	}
	return nil, errs
}

// searchFaults returns the faults that the lookup of a batch's search i,
// which decoded, finds in it, each named by the search's index: those
// the resolver's Find names "[0]..." for a batch of that search alone.
// An error that is no fault of the search (the context's end) is
// returned as the error.
func (s *Server) searchFaults(r *http.Request, i int, search wire.Search) (levy.Errors, error) {
	_, err := s.engine.Resolver().Find(r.Context(), []wire.Search{search})
	if err == nil {
		return nil, nil
	}
	if levy.ErrorCode(err) != levy.EInvalid {
		return nil, err
	}
	var many levy.Errors
	if !errors.As(err, &many) {
		var one *levy.Error
		if !errors.As(err, &one) {
			return nil, err
		}
		many = levy.Errors{one}
	}
	out := make(levy.Errors, 0, len(many))
	for _, e := range many {
		field, ok := strings.CutPrefix(e.Field, "[0]")
		if !ok {
			return nil, err
		}
		out = append(out, levy.Invalid(fmt.Sprintf("[%d]%s", i, field), "%s", e.Message))
	}
	return out, nil
}
