package wire

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestCoordinatesLeftOut: a search or a coordinates lookup whose
// latitude or longitude is left out or null is refused naming the
// member, where the decoded value would hold 0 and place the point on
// the equator or the prime meridian.
func TestCoordinatesLeftOut(t *testing.T) {
	for _, c := range []struct {
		body, field string
	}{
		{`{"coordinates":{"latitude":34}}`, "coordinates.longitude"},
		{`{"coordinates":{"longitude":-118.24}}`, "coordinates.latitude"},
		{`{"coordinates":{"latitude":null,"longitude":-118.24}}`, "coordinates.latitude"},
		{`{"coordinates":{}}`, "coordinates.latitude"},
		{`{"coordinates":{"latitude":34.05,"longitude":-118.24}}`, ""},
		{`{"coordinates":{"latitude":0,"longitude":0}}`, ""},
		{`{"coordinates":null}`, ""}, // the lookup requires coordinates
	} {
		err := CheckCoordinates("", []byte(c.body))
		var es levy.Errors
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: %v", c.body, err)
		case c.field != "" && (!errors.As(err, &es) || es[0].Field != c.field || es[0].Code != levy.EInvalid):
			t.Errorf("%s: %v, want an error about %s", c.body, err, c.field)
		}
		var s Search
		err = s.UnmarshalJSON([]byte(`{"lookupId":"a","lookupRequest":` + c.body + `}`))
		var one *levy.Error
		switch {
		case c.field == "" && err != nil:
			t.Errorf("search %s: %v", c.body, err)
		case c.field != "" && (!errors.As(err, &one) || one.Field != "lookupRequest."+c.field):
			t.Errorf("search %s: %v, want an error about lookupRequest.%s", c.body, err, c.field)
		}
	}
}

// TestSearchUnknownMember: a member of a search's lookupRequest that its
// lookup does not have is refused naming its path, where the error was
// encoding/json's ("json: unknown field \"cty\"") about lookupRequest.
func TestSearchUnknownMember(t *testing.T) {
	for _, c := range []struct{ req, field string }{
		{`{"postalAddress":{"cty":"Denver","postalCode":"80202"}}`, "lookupRequest.postalAddress.cty"},
		{`{"coordinates":{"lat":1,"longitude":2}}`, "lookupRequest.coordinates.lat"},
		{`{"taxAreaId":"1","extra":1}`, "lookupRequest.extra"},
		{`{"externalJurisdictionCode":"06037","country":"US","zip":"90012"}`, "lookupRequest.zip"},
	} {
		var s Search
		err := s.UnmarshalJSON([]byte(`{"lookupId":"a","lookupRequest":` + c.req + `}`))
		var one *levy.Error
		if !errors.As(err, &one) || one.Field != c.field || one.Code != levy.EInvalid {
			t.Errorf("%s: %v, want an error about %s", c.req, err, c.field)
		}
	}
}

// TestSearchMemberBesideLookupRequest: a member of a search beside
// lookupId and lookupRequest (a lookup's asOfDate put one level too
// high) is refused naming it, as a client that imports wire alone reads
// a search too; it was ignored and the search answered as of today.
func TestSearchMemberBesideLookupRequest(t *testing.T) {
	var s Search
	err := s.UnmarshalJSON([]byte(`{"lookupId":"a","asOfDate":"2020-01-01","lookupRequest":{"taxAreaId":"1"}}`))
	var one *levy.Error
	if !errors.As(err, &one) || one.Field != "asOfDate" || one.Code != levy.EInvalid || !strings.Contains(one.Message, "lookupRequest") {
		t.Errorf("%v, want an error about asOfDate saying it goes in lookupRequest", err)
	}
	if err := s.UnmarshalJSON([]byte(`{"lookupId":"a","lookupRequest":{"taxAreaId":"1","asOfDate":"2020-01-01"}}`)); err != nil {
		t.Errorf("asOfDate inside lookupRequest: %v", err)
	}
}

// TestSearchLookupID: a search's lookupId is optional (the OpenAPI's
// FindTaxAreasLookupType does not require it), but when given it has 1
// to 40 characters: an empty one is refused when the search is read,
// one of only whitespace or too long by CheckLookupID, each naming
// lookupId, where they were taken for names of the search.
func TestSearchLookupID(t *testing.T) {
	const req = `"lookupRequest":{"taxAreaId":"1"}`
	var s Search
	err := s.UnmarshalJSON([]byte(`{"lookupId":"",` + req + `}`))
	var one *levy.Error
	if !errors.As(err, &one) || one.Field != "lookupId" || one.Code != levy.EInvalid {
		t.Errorf("an empty lookupId: %v, want an error about lookupId", err)
	}
	for _, id := range []string{" ", "\t ", "\u3000", strings.Repeat("é", MaxLookupIDLength+1)} {
		if err := CheckLookupID("[2].lookupId", id); !errors.As(err, &one) || one.Field != "[2].lookupId" || one.Code != levy.EInvalid {
			t.Errorf("lookupId %q: %v, want an error about [2].lookupId", id, err)
		}
	}
	for _, id := range []string{"", "a", " a ", strings.Repeat("é", MaxLookupIDLength)} {
		if err := CheckLookupID("lookupId", id); err != nil {
			t.Errorf("lookupId %q: %v", id, err)
		}
	}
	for _, body := range []string{`{` + req + `}`, `{"lookupId":"a",` + req + `}`, `{"lookupId":" a ",` + req + `}`} {
		var s Search
		if err := s.UnmarshalJSON([]byte(body)); err != nil {
			t.Errorf("%s: %v", body, err)
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var again Search
		if err := again.UnmarshalJSON(b); err != nil || again.LookupID != s.LookupID {
			t.Errorf("%s: round trip %s gave %q, %v", body, b, again.LookupID, err)
		}
	}
}
