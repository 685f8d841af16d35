package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/taxarea"
)

// decodeSearches reads the body of a batch lookup, an array of searches.
// Each search is decoded on its own, so that every malformed one is
// reported, each error named by the index of its search and the member at
// fault ("[3].lookupRequest.asOfDate"), and the batch as a whole is
// refused before any search runs.
func (s *Server) decodeSearches(r *http.Request) ([]taxarea.Search, error) {
	var items []json.RawMessage
	if err := s.decode(r, &items); err != nil {
		return nil, err
	}
	if len(items) > taxarea.MaxSearches {
		return nil, levy.Invalid("", "a batch holds at most %d searches, not %d", taxarea.MaxSearches, len(items))
	}
	searches := make([]taxarea.Search, len(items))
	var errs levy.Errors
	for i, item := range items {
		if e := looseSearch(item); e != nil {
			errs = append(errs, levy.Invalid(fmt.Sprintf("[%d].%s", i, e.Field), "%s", e.Message))
			continue
		}
		if err := json.Unmarshal(item, &searches[i]); err != nil {
			errs = append(errs, searchError(i, item, err))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return searches, nil
}

// searchError names the member of search i, item, that err, the error of
// its decoding, is about. A search names the fault relative to itself,
// and only as far as lookupRequest when a lookup does not decode; the
// member itself is found by decoding the parts of item with
// engine.Decode, which names the exact place of a bad value.
func searchError(i int, item json.RawMessage, err error) *levy.Error {
	at := fmt.Sprintf("[%d]", i)
	var one *levy.Error
	if !errors.As(err, &one) {
		return levy.Invalid(at, "must be a search object with a lookupId and a lookupRequest")
	}
	switch one.Field {
	case "":
		var wire searchWire
		if e := fieldError(jsonbody.Decode(bytes.NewReader(item), &wire, 0)); e != nil {
			return levy.Invalid(at+"."+e.Field, "%s", e.Message)
		}
		return levy.Invalid(at, "must be a search object with a lookupId and a lookupRequest")
	case "lookupRequest":
		var wire searchWire
		if json.Unmarshal(item, &wire) == nil {
			if e := lookupError(wire.LookupRequest); e != nil {
				return levy.Invalid(at+".lookupRequest."+e.Field, "%s", e.Message)
			}
		}
	}
	return levy.Invalid(at+"."+one.Field, "%s", one.Message)
}

// searchWire is a search as it comes: the lookup request stays raw until
// its members tell its kind.
type searchWire struct {
	LookupID      string          `json:"lookupId"`
	LookupRequest json.RawMessage `json:"lookupRequest"`
}

// looseSearch holds a search, item, to the rules of engine.Decode on
// member names, which taxarea.Search.UnmarshalJSON, built on
// encoding/json, does not apply: it returns the error about a member name
// that differs from a member's only in case (a duplicate name is refused
// with the whole batch), relative to the search, or nil.
func looseSearch(item json.RawMessage) *levy.Error {
	var wire searchWire
	if e := fieldError(jsonbody.Decode(bytes.NewReader(item), &wire, 0)); e != nil {
		return e
	}
	if e := lookupError(wire.LookupRequest); e != nil {
		return levy.Invalid("lookupRequest."+e.Field, "%s", e.Message)
	}
	return nil
}

// lookupError decodes req, the lookupRequest of a search of one kind, as
// the lookup of that kind, and returns the error about one of its
// members, or nil.
func lookupError(req json.RawMessage) *levy.Error {
	var keys map[string]json.RawMessage
	if json.Unmarshal(req, &keys) != nil {
		return nil
	}
	var into any
	kinds := 0
	for key, v := range map[string]any{
		"postalAddress":            new(taxarea.AddressLookupRequest),
		"coordinates":              new(taxarea.CoordinatesLookupRequest),
		"taxAreaId":                new(taxarea.TaxAreaIDLookupRequest),
		"externalJurisdictionCode": new(taxarea.ExternalJurisdictionLookupRequest),
	} {
		if _, ok := keys[key]; ok {
			into = v
			kinds++
		}
	}
	if kinds != 1 {
		return nil
	}
	return fieldError(jsonbody.Decode(bytes.NewReader(req), into, 0))
}

// fieldError returns err when it is a *levy.Error about a field, else nil.
func fieldError(err error) *levy.Error {
	var one *levy.Error
	if errors.As(err, &one) && one.Field != "" {
		return one
	}
	return nil
}
