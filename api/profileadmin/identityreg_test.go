package profileadmin_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/profile"
)

// TestIdentityAndTaxRegistrationRoutes: a company's CVR, created and
// changed at the path of its VAT number's digits, is a record of its own beside the VAT
// registration; the routes of one registration name either by their
// type parameter, and a deletion that names neither is refused naming
// type.
func TestIdentityAndTaxRegistrationRoutes(t *testing.T) {
	s := newServer(t)
	s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"ACME","jurisdiction":"DNK","number":"DK13585628","type":"VAT Registration"}`)
	path := p + "/registrations/DNK/DK13585628?company=ACME"
	var d profileadmin.RegistrationDetail
	s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"ACME","jurisdiction":"DNK","number":"13585628","type":"Commercial Registration"}`).data(t, &d)
	if d.Registration == nil || d.Registration.Type != "Commercial Registration" || len(d.Versions) != 1 {
		t.Fatalf("POST of the CVR: %+v", d)
	}
	s.must(t, 200, "PUT", path, s.acme, `{"type":"Commercial Registration","effectiveDate":"2026-01-01"}`).data(t, &d)
	if d.Registration == nil || d.Registration.Type != "Commercial Registration" || len(d.Versions) != 2 {
		t.Fatalf("PUT of the CVR: %+v", d)
	}
	var page profileadmin.Page[profile.Registration]
	s.must(t, 200, "GET", p+"/registrations?company=ACME", s.acme, "").data(t, &page)
	if page.Total != 2 {
		t.Fatalf("the CVR replaced the VAT registration: %+v", page.Items)
	}
	s.must(t, 200, "GET", path+"&type=tax", s.acme, "").data(t, &d)
	if d.Registration == nil || d.Registration.Type != "VAT Registration" {
		t.Fatalf("GET of type tax: %+v", d)
	}
	body := s.must(t, 400, "DELETE", path, s.acme, "")
	if !strings.Contains(string(body.body), `"type"`) {
		t.Errorf("a deletion of either: %s, want an error naming type", body.body)
	}
	s.must(t, 200, "DELETE", path+"&type=tax", s.acme, "")
	s.must(t, 200, "GET", p+"/registrations?company=ACME", s.acme, "").data(t, &page)
	if page.Total != 1 || page.Items[0].Type != "Commercial Registration" {
		t.Fatalf("after the deletion of the VAT registration: %+v", page.Items)
	}
}
