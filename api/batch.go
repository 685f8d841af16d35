package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
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
		err := searches[i].UnmarshalJSON(item)
		if err == nil {
			err = unknownSearchMember(item)
		}
		if err != nil {
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

// searchMembers are the members of a search beside its lookupRequest,
// whose own members wire.Search checks.
type searchMembers struct {
	LookupID      *string         `json:"lookupId"`
	LookupRequest json.RawMessage `json:"lookupRequest"`
}

// unknownSearchMember refuses the first member of item, a search that
// wire.Search has read, that a search does not have: a request's member
// put one level too high ({"lookupId":"a","asOfDate":"2020-01-01",
// "lookupRequest":{...}}), which was ignored, and the search answered as
// of today without a word, where the same member inside lookupRequest,
// or in a single lookup's body, is refused.
func unknownSearchMember(item []byte) error {
	var err error
	jsonbody.UnknownMembers(item, reflect.TypeFor[searchMembers](), nil, func(u jsonbody.Unknown) bool {
		err = levy.Invalid(jsonbody.Clip(u.Path.String()), "is not a member of a search; its members are %s (the lookup's own members go in lookupRequest)", strings.Join(u.Known, ", "))
		return false
	})
	return err
}
