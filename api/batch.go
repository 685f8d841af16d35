package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// decodeSearches reads the body of a batch lookup, an array of searches.
// Each search is decoded on its own (wire.Search reads its kind and
// names its faults), so that every malformed one is reported, each error
// named by the index of its search and the member at fault
// ("[3].lookupRequest.asOfDate"), and the batch as a whole is refused
// before any search runs.
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
	var errs levy.Errors
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
			errs = append(errs, levy.Invalid(at, "%s", one.Message))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return searches, nil
}
