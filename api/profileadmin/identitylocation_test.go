package profileadmin_test

import (
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// TestIdentityRegistrationLocation: the Location of a registration
// created beside the other registration of its number names the record
// created, so that a GET of it reads that record and not its twin: a
// CVR created beside its company's VAT number, and a VAT number created
// (under another spelling) beside its CVR. A GET that names no type is
// refused while both are stored.
func TestIdentityRegistrationLocation(t *testing.T) {
	const (
		vat = `{"companyCode":"ACME","jurisdiction":"DNK","number":"DK13585628","type":"VAT Registration"}`
		cvr = `{"companyCode":"ACME","jurisdiction":"DNK","number":"13585628","type":"Commercial Registration"}`
		// The VAT number as a person types it, which Levy stores
		// canonically.
		spaced = `{"companyCode":"ACME","jurisdiction":"DNK","number":"DK 13 58 56 28","type":"VAT Registration"}`
	)
	for _, c := range []struct {
		name        string
		first, then string
		want        string
	}{
		{"the CVR after the VAT number", vat, cvr, "Commercial Registration"},
		{"the VAT number after the CVR", cvr, vat, "VAT Registration"},
		{"a spaced VAT number after the CVR", cvr, spaced, "VAT Registration"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newServer(t)
			s.must(t, 201, "POST", p+"/registrations", s.acme, c.first)
			a := s.must(t, 201, "POST", p+"/registrations", s.acme, c.then)
			loc := a.header.Get("Location")
			// A read that names no type, of a number stored both ways, is
			// refused naming type rather than answered with either.
			untyped := p + "/registrations/DNK/DK13585628?company=ACME"
			if e := s.must(t, 400, "GET", untyped, s.acme, "").errs(); e["type"] == "" {
				t.Fatalf("GET %s: %v, want an error naming type", untyped, e)
			}
			var d profileadmin.RegistrationDetail
			s.must(t, 200, "GET", loc, s.acme, "").data(t, &d)
			if d.Registration == nil || string(d.Registration.Type) != c.want {
				t.Fatalf("GET %s reads %+v, want the %s created", loc, d.Registration, c.want)
			}
			// The Location deletes the record created alone.
			s.must(t, 200, "DELETE", loc, s.acme, "")
			var page profileadmin.RegistrationPage
			s.must(t, 200, "GET", p+"/registrations?company=ACME", s.acme, "").data(t, &page)
			if page.Total != 1 || string(page.Items[0].Type) == c.want {
				t.Fatalf("after DELETE %s: %+v", loc, page.Items)
			}
		})
	}
}

// TestLoneIdentityRegistrationDeleted: a DELETE without a type of a
// number stored only as a number of identity (a CVR) deletes it and
// answers 200 with the record deleted; it answered 404, the record
// deleted, as its answer read the tax registration of the number.
func TestLoneIdentityRegistrationDeleted(t *testing.T) {
	s := newServer(t)
	s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"ACME","jurisdiction":"DNK","number":"13585628","type":"Commercial Registration"}`)
	var d profileadmin.RegistrationDetail
	s.must(t, 200, "DELETE", p+"/registrations/DNK/13585628?company=ACME", s.acme, "").data(t, &d)
	if !d.Deleted || len(d.Versions) != 2 || d.Versions[0].Registration == nil || string(d.Versions[0].Registration.Type) != "Commercial Registration" {
		t.Fatalf("the deletion's answer: %+v, want the CVR's two versions, the last a deletion", d)
	}
	var page profileadmin.RegistrationPage
	s.must(t, 200, "GET", p+"/registrations?company=ACME", s.acme, "").data(t, &page)
	if page.Total != 0 {
		t.Fatalf("after the deletion: %+v", page.Items)
	}
}
