package profileadmin_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// TestRegistrationRepresentativeThroughTheRoutes: a registration created
// with its fiscal representative is read back with it, normalised (the
// name trimmed, the country DEU stored as DE); one whose representative
// lacks its number or names no country is refused with 400 naming the
// member; and a replacement without it takes it away, the version before
// keeping it.
func TestRegistrationRepresentativeThroughTheRoutes(t *testing.T) {
	s := newServer(t)
	const rep = `"representative":{"name":" Elbe Steuervertretung GmbH ","number":"DE129273398","address":{"street1":"Jungfernstieg 7","city":"Hamburg","postalCode":"20354","country":"DEU"}}`
	s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"GRACHTEN","jurisdiction":"DEU","number":"DE136695976",`+rep+`}`)
	var reg profileadmin.RegistrationDetail
	s.must(t, 200, "GET", p+"/registrations/DEU/DE136695976?company=GRACHTEN", s.acme, "").data(t, &reg)
	if r := reg.Registration; r == nil || r.Representative == nil || r.Representative.Name != "Elbe Steuervertretung GmbH" ||
		r.Representative.Address == nil || r.Representative.Address.Country != "DE" || r.Representative.Address.City != "Hamburg" {
		t.Fatalf("the registration read back: %+v", reg.Registration)
	}

	for _, tc := range []struct{ body, field, msg string }{
		{`{"representative":{"name":"Elbe","address":{"country":"DE"}}}`, "representative.number", "required"},
		{`{"representative":{"name":"Elbe","number":"DE129273398","address":{"city":"Hamburg"}}}`, "representative.address.country", "required"},
		{`{"representative":{"name":"Elbe","number":"DE129273398","address":{"country":"Atlantis"}}}`, "representative.address.country", "not a country"},
	} {
		a := s.json(t, "PUT", p+"/registrations/DEU/DE136695976?company=GRACHTEN", s.acme, tc.body)
		if msg := a.errs()[tc.field]; a.status != 400 || !strings.Contains(msg, tc.msg) {
			t.Errorf("PUT %s: %d %s, want 400 naming %s", tc.body, a.status, a.body, tc.field)
		}
	}

	var replaced profileadmin.RegistrationDetail
	s.must(t, 200, "PUT", p+"/registrations/DEU/DE136695976?company=GRACHTEN", s.acme, `{}`).data(t, &replaced)
	if replaced.Registration.Representative != nil || len(replaced.Versions) != 2 {
		t.Fatalf("the registration replaced without its representative: %+v, %d versions", replaced.Registration, len(replaced.Versions))
	}
	kept := 0
	for _, v := range replaced.Versions {
		if v.Registration != nil && v.Registration.Representative != nil && v.Registration.Representative.Number == "DE129273398" {
			kept++
		}
	}
	if kept != 1 {
		t.Errorf("%d versions name the representative, want the first alone: %+v", kept, replaced.Versions)
	}
}
