package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
)

// MaxSearches is the most searches one batch may hold.
const MaxSearches = 1000

// Search is one search of a batch (the wire's FindTaxAreasLookupType).
// Exactly one of its requests is set; on the wire lookupRequest holds the
// body of one of the four lookups and its members tell which.
type Search struct {
	LookupID    string
	Address     *AddressLookupRequest
	Coordinates *CoordinatesLookupRequest
	TaxAreaID   *TaxAreaIDLookupRequest
	External    *ExternalJurisdictionLookupRequest
}

// SearchResult is the answer to one search (FindTaxAreasResultType).
type SearchResult struct {
	LookupID string         `json:"lookupId,omitempty"`
	Results  []LookupResult `json:"results"`
}

// searchWire is the wire form of a search. LookupID is a pointer so
// that a lookupId given empty is told from one left out.
type searchWire struct {
	LookupID      *string         `json:"lookupId,omitempty"`
	LookupRequest json.RawMessage `json:"lookupRequest"`
}

// MaxLookupIDLength is the most characters of a search's lookupId.
const MaxLookupIDLength = 40

// CheckLookupID returns an EInvalid error about field when id, the
// lookupId of a search, is longer than MaxLookupIDLength characters, is
// only whitespace or is not fit to be an identifier (CheckIdentifier: it
// names the search in its result, as a lineItemId names a line), and nil
// otherwise. "" is a search without a lookupId, which the OpenAPI's
// FindTaxAreasLookupType allows.
func CheckLookupID(field, id string) error {
	if n := utf8.RuneCountInString(id); n > MaxLookupIDLength {
		return levy.Invalid(field, "is %d characters long; at most %d are allowed", n, MaxLookupIDLength)
	}
	msg := identifierViolation(id)
	if msg == "" {
		msg = blankViolation(id)
	}
	if msg != "" {
		return levy.Invalid(field, "%s", msg)
	}
	return nil
}

// MarshalJSON writes the search in its wire form.
func (s Search) MarshalJSON() ([]byte, error) {
	var req any
	switch {
	case s.Address != nil:
		req = s.Address
	case s.Coordinates != nil:
		req = s.Coordinates
	case s.TaxAreaID != nil:
		req = s.TaxAreaID
	case s.External != nil:
		req = s.External
	default:
		return nil, fmt.Errorf("wire: search %q has no request", s.LookupID)
	}
	b, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	w := searchWire{LookupRequest: b}
	if s.LookupID != "" {
		w.LookupID = &s.LookupID
	}
	return json.Marshal(w)
}

// lookupKinds are the members of lookupRequest that tell a search's
// kind, and the request each makes.
var lookupKinds = []struct {
	member string
	make   func(*Search) any
}{
	{"postalAddress", func(s *Search) any { s.Address = new(AddressLookupRequest); return s.Address }},
	{"coordinates", func(s *Search) any { s.Coordinates = new(CoordinatesLookupRequest); return s.Coordinates }},
	{"taxAreaId", func(s *Search) any { s.TaxAreaID = new(TaxAreaIDLookupRequest); return s.TaxAreaID }},
	{"externalJurisdictionCode", func(s *Search) any { s.External = new(ExternalJurisdictionLookupRequest); return s.External }},
}

// UnmarshalJSON reads a search and decides its kind from the members of
// lookupRequest: postalAddress, coordinates, taxAreaId or
// externalJurisdictionCode. It reads as strictly as the API reads a body
// (a member given twice, or named in another case, is refused), and its
// errors are *levy.Error values whose Field is the path of the value at
// fault relative to the search ("lookupRequest.coordinates.latitude").
func (s *Search) UnmarshalJSON(b []byte) error {
	var w searchWire
	if err := jsonbody.Decode(bytes.NewReader(b), &w, 0); err != nil {
		var one *levy.Error
		if errors.As(err, &one) && one.Field != "" {
			return one
		}
		return levy.Invalid("", "must be a search object with a lookupId and a lookupRequest")
	}
	var id string
	if w.LookupID != nil {
		// Given, a lookupId has 1 to 40 characters: it names the search
		// in its result, and "" would name none. Its other faults are
		// CheckLookupID's, which the batch's run reports beside those of
		// the other searches; an empty one only the wire can tell from
		// one left out.
		if id = *w.LookupID; id == "" {
			return levy.Invalid("lookupId", "is empty; leave it out or give 1 to %d characters", MaxLookupIDLength)
		}
	}
	*s = Search{LookupID: id}
	req := bytes.TrimSpace(w.LookupRequest)
	if len(req) == 0 || bytes.Equal(req, []byte("null")) {
		return levy.Invalid("lookupRequest", "is required")
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(req, &keys); err != nil {
		return levy.Invalid("lookupRequest", "must be an object")
	}
	var into any
	kinds := 0
	for _, k := range lookupKinds {
		if _, ok := keys[k.member]; ok {
			kinds++
			into = k.make(s)
		}
	}
	if kinds != 1 {
		*s = Search{LookupID: id}
		return levy.Invalid("lookupRequest", "must hold exactly one of postalAddress, coordinates, taxAreaId or externalJurisdictionCode")
	}
	if err := jsonbody.Decode(bytes.NewReader(req), into, 0); err != nil {
		var one *levy.Error
		if errors.As(err, &one) && one.Field != "" {
			return levy.Invalid("lookupRequest."+one.Field, "%s", one.Message)
		}
		if one != nil {
			return levy.Invalid("lookupRequest", "%s", one.Message)
		}
		return levy.Invalid("lookupRequest", "%v", err)
	}
	// A member that no lookup knows is a mistake in a search, where it
	// may be a lookup of another kind misspelt.
	var unknown *jsonbody.Unknown
	jsonbody.UnknownMembers(req, reflect.TypeOf(into), nil, func(u jsonbody.Unknown) bool { unknown = &u; return false })
	if unknown != nil {
		return levy.Invalid(jsonbody.Clip("lookupRequest."+unknown.Path.String()), "is not a member of this lookup; its members are %s", strings.Join(unknown.Known, ", "))
	}
	if s.Coordinates != nil {
		var errs levy.Errors
		if errors.As(CheckCoordinates("lookupRequest.", req), &errs) {
			return errs[0]
		}
	}
	// A member beside lookupId and lookupRequest is a lookup's member put
	// one level too high ({"lookupId":"a","asOfDate":"2020-01-01",
	// "lookupRequest":{...}}): ignored, the search would answer as of
	// today without a word, where the same member inside lookupRequest is
	// refused.
	jsonbody.UnknownMembers(b, reflect.TypeFor[searchWire](), nil, func(u jsonbody.Unknown) bool { unknown = &u; return false })
	if unknown != nil {
		return levy.Invalid(jsonbody.Clip(unknown.Path.String()), "is not a member of a search; its members are %s (the lookup's own members go in lookupRequest)", strings.Join(unknown.Known, ", "))
	}
	return nil
}
