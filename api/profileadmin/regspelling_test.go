package profileadmin_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/profile"
)

// TestRegistrationNumberSpellings: a registration stored before numbers
// were canonicalised ("DE 136 695 976") is read, changed and deleted at
// the path of its canonical number, and a PUT whose body spells the
// number as the record stores it (as a GET answers it) is the same
// record, not another.
func TestRegistrationNumberSpellings(t *testing.T) {
	s := newServer(t)
	old := profile.Registration{CompanyCode: "EU-1", Jurisdiction: "DE", Number: "DE 136 695 976"}
	data, err := json.Marshal(&old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.Store().Apply(context.Background(), "acme", profile.Commit{At: time.Now(), By: "before",
		Entries: []profile.Entry{{Key: old.Key(), Data: data}}}); err != nil {
		t.Fatal(err)
	}
	path := p + "/registrations/DEU/DE136695976?company=EU-1"
	var d profileadmin.RegistrationDetail
	s.must(t, 200, "GET", path, s.acme, "").data(t, &d)
	if d.Registration == nil || d.Registration.Number != "DE 136 695 976" {
		t.Fatalf("GET %s: %+v", path, d)
	}
	s.must(t, 200, "PUT", path, s.acme, `{"number":"DE 136 695 976","effectiveDate":"2026-01-01"}`).data(t, &d)
	if d.Registration == nil || d.Registration.EffectiveDate.String() != "2026-01-01" || len(d.Versions) != 2 {
		t.Fatalf("PUT %s: %+v", path, d)
	}
	s.must(t, 400, "POST", p+"/registrations", s.acme, `{"companyCode":"EU-1","jurisdiction":"DEU","number":"de136695976"}`)
	s.must(t, 200, "DELETE", path, s.acme, "")
	var page profileadmin.Page[profile.Registration]
	s.must(t, 200, "GET", p+"/registrations?company=EU-1", s.acme, "").data(t, &page)
	if page.Total != 0 {
		t.Fatalf("after the deletion: %+v", page.Items)
	}
}
