package profileadmin_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// germanRegistration is the German VAT registration of the seller EU-1,
// its country named by its three-letter code.
const germanRegistration = `{"companyCode":"EU-1","jurisdiction":"DEU","number":"DE136695976","type":"VAT Registration"}`

// registrations returns the jurisdictions of the registrations of acme's
// list at query, sorted, each with its number.
func (s *server) registrations(t *testing.T, query string) []string {
	t.Helper()
	var pg profileadmin.RegistrationPage
	s.must(t, 200, "GET", p+"/registrations"+query, s.acme, "").data(t, &pg)
	var out []string
	for _, g := range pg.Items {
		out = append(out, g.Jurisdiction+" "+g.Number)
	}
	slices.Sort(out)
	return out
}

// TestCountryWhoseCodeIsAStatesThroughTheRoutes stores a registration in
// Germany, named DEU since DE is Delaware, through the admin routes on
// loopback: it is stored as DE, read back at its Location, found by a
// filter of DEU and not of DE, changed (PUT with the body as read)
// without becoming Delaware's, and a bare DE still names Delaware.
func TestCountryWhoseCodeIsAStatesThroughTheRoutes(t *testing.T) {
	s := newServer(t)
	var d profileadmin.RegistrationDetail
	a := s.must(t, 201, "POST", p+"/registrations", s.acme, germanRegistration)
	a.data(t, &d)
	if d.Registration == nil || d.Registration.Jurisdiction != "DE" {
		t.Fatalf("the German registration is stored as %+v, want DE", d.Registration)
	}
	loc := a.header.Get("Location")
	if want := p + "/registrations/DEU/DE136695976?company=EU-1&type=tax"; loc != want {
		t.Errorf("Location %q, want %q: a path's DE is Delaware", loc, want)
	}
	s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"EU-1","jurisdiction":"DE","number":"DE136695976"}`).data(t, &d)
	if d.Registration.Jurisdiction != "US-DE" {
		t.Fatalf("a bare DE is stored as %q, want Delaware, US-DE", d.Registration.Jurisdiction)
	}
	s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"EU-1","jurisdiction":"MLT","number":"MT15121333"}`)
	s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"EU-1","jurisdiction":"CAN","number":"123456789RT0001"}`)
	s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"EU-1","jurisdiction":"CA-BC","number":"PST-1234-5678"}`)

	// Read back where the Location says, and not at Delaware's path.
	s.must(t, 200, "GET", loc, s.acme, "").data(t, &d)
	if d.Registration == nil || d.Registration.Jurisdiction != "DE" || d.Registration.Type != "VAT Registration" {
		t.Fatalf("GET %s: %+v", loc, d.Registration)
	}
	s.must(t, 200, "GET", p+"/registrations/US-DE/DE136695976?company=EU-1", s.acme, "").data(t, &d)
	if d.Registration.Jurisdiction != "US-DE" {
		t.Fatalf("Delaware's: %+v", d.Registration)
	}

	// Filters: DEU is Germany, DE and US-DE Delaware, CAN Canada with its
	// provinces, CA California.
	for query, want := range map[string][]string{
		"?jurisdiction=DEU":   {"DE DE136695976"},
		"?jurisdiction=deu":   {"DE DE136695976"},
		"?jurisdiction=DE":    {"US-DE DE136695976"},
		"?jurisdiction=US-DE": {"US-DE DE136695976"},
		"?jurisdiction=MLT":   {"MT MT15121333"},
		"?jurisdiction=MT":    nil,
		"?jurisdiction=CAN":   {"CA 123456789RT0001", "CA-BC PST-1234-5678"},
		"?jurisdiction=CA":    nil,
	} {
		if got := s.registrations(t, query); !slices.Equal(got, want) {
			t.Errorf("GET registrations%s: %q, want %q", query, got, want)
		}
	}

	// A change of another field, sent with the body as read (DE): it
	// stays Germany's, and Delaware's is left alone.
	var read profileadmin.RegistrationDetail
	s.must(t, 200, "GET", loc, s.acme, "").data(t, &read)
	read.Registration.PhysicalPresence = true
	body, err := json.Marshal(read.Registration)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(body), `"jurisdiction":"DE"`) {
		t.Fatalf("the body as read: %s", body)
	}
	s.must(t, 200, "PUT", loc, s.acme, string(body)).data(t, &d)
	if d.Registration.Jurisdiction != "DE" || !d.Registration.PhysicalPresence || len(d.Versions) != 2 {
		t.Fatalf("after the update: %+v", d)
	}
	if got := s.registrations(t, "?jurisdiction=DE"); !slices.Equal(got, []string{"US-DE DE136695976"}) {
		t.Errorf("Delaware's registrations after the update: %q", got)
	}
	// A body that names Delaware at Germany's path is refused.
	a = s.json(t, "PUT", loc, s.acme, `{"companyCode":"EU-1","jurisdiction":"US-DE","number":"DE136695976"}`)
	if a.status != 400 || !strings.Contains(a.errs()["jurisdiction"], "US-DE") {
		t.Errorf("Delaware in the body at Germany's path: %d %s", a.status, a.body)
	}

	// The errors that list the forms a jurisdiction takes name the
	// three-letter one.
	a = s.json(t, "POST", p+"/registrations", s.acme, `{"jurisdiction":"GERMANY","number":"1"}`)
	if msg := a.errs()["jurisdiction"]; a.status != 400 || !strings.Contains(msg, "DEU") {
		t.Errorf("an ill-formed jurisdiction: %d %s", a.status, a.body)
	}
	a = s.json(t, "GET", p+"/registrations?jurisdiction=XYZ", s.acme, "")
	if msg := a.errs()["jurisdiction"]; a.status != 400 || !strings.Contains(msg, "DEU") {
		t.Errorf("an ill-formed filter: %d %s", a.status, a.body)
	}

	// Deleting by the Location's path deletes Germany's alone.
	s.must(t, 200, "DELETE", loc, s.acme, "")
	if got := s.registrations(t, "?jurisdiction=DE"); !slices.Equal(got, []string{"US-DE DE136695976"}) {
		t.Errorf("Delaware's registrations after Germany's is deleted: %q", got)
	}
	if got := s.registrations(t, "?jurisdiction=DEU"); got != nil {
		t.Errorf("Germany's after the delete: %q", got)
	}
}

// TestCountryWhoseCodeIsAStatesSurvivesRereading stores a certificate of
// Germany, Malta and Texas and a registration in Germany, then runs every
// route that stores again what it has read: a revocation and a scan
// given to the certificate, the JSON export imported back, the CSV
// export imported back. Germany stays DE and Malta MT throughout, where
// reading them in again as bare codes would make them Delaware and
// Montana.
func TestCountryWhoseCodeIsAStatesSurvivesRereading(t *testing.T) {
	s := newServer(t)
	s.must(t, 201, "POST", p+"/customers", s.acme, `{"code":"C-1","name":"Alpha GmbH","isBusiness":true}`)
	s.must(t, 201, "POST", p+"/customers/C-1/certificates", s.acme,
		`{"number":"EU-1","jurisdictions":["DEU","mlt","TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`)
	s.must(t, 201, "POST", p+"/registrations", s.acme, germanRegistration)
	want := []string{"DE", "MT", "US-TX"}
	check := func(what string) {
		t.Helper()
		var c profileadmin.CertificateDetail
		s.must(t, 200, "GET", p+"/customers/C-1/certificates/EU-1", s.acme, "").data(t, &c)
		if c.Certificate == nil || !slices.Equal(c.Certificate.Jurisdictions, want) {
			t.Fatalf("%s: the certificate covers %+v, want %q", what, c.Certificate, want)
		}
		if got := s.registrations(t, ""); !slices.Equal(got, []string{"DE DE136695976"}) {
			t.Fatalf("%s: the registrations are %q", what, got)
		}
	}
	check("stored")

	// The certificate's filter: DEU finds it, DE (Delaware) does not.
	var pg profileadmin.CertificatePage
	s.must(t, 200, "GET", p+"/certificates?jurisdiction=DEU", s.acme, "").data(t, &pg)
	if pg.Total != 1 {
		t.Errorf("certificates of DEU: %+v", pg)
	}
	s.must(t, 200, "GET", p+"/certificates?jurisdiction=DE", s.acme, "").data(t, &pg)
	if pg.Total != 0 {
		t.Errorf("certificates of DE, Delaware: %+v", pg)
	}

	a := s.send(t, "PUT", p+"/customers/C-1/certificates/EU-1/document?fileName=eu-1.pdf", s.acme, "application/pdf", []byte(pdfScan))
	if a.status != 200 {
		t.Fatalf("the scan: %d %s", a.status, a.body)
	}
	check("after the scan")
	s.must(t, 200, "POST", p+"/customers/C-1/certificates/EU-1/revoke", s.acme, `{"revokedDate":"2026-07-01"}`)
	check("after the revocation")

	// The JSON export names them as an import does, and imports back.
	a = s.must(t, 200, "GET", p+"/export", s.acme, "")
	if !strings.Contains(string(a.body), `"DEU"`) || !strings.Contains(string(a.body), `"MLT"`) {
		t.Errorf("the JSON export: %s", a.body)
	}
	s.must(t, 200, "POST", p+"/import", s.acme, string(a.body))
	check("after the JSON export imported back")

	// The CSV export, imported back as it is.
	files := map[string]string{}
	for _, kind := range []string{"customers", "certificates", "registrations"} {
		a = s.must(t, 200, "GET", p+"/export/"+kind, s.acme, "")
		files[kind+".csv"] = string(a.body)
	}
	if !strings.Contains(files["registrations.csv"], ",DEU,DE136695976,") || !strings.Contains(files["certificates.csv"], ",DEU;MLT;US-TX,") {
		t.Errorf("the CSV export: %q", files)
	}
	// Every record reads back equal to the stored one: the import
	// changes nothing, and says so.
	v := s.version(t, "acme")
	a = s.multipart(t, p+"/import/files", s.acme, files)
	var ans profileadmin.ImportAnswer
	a.data(t, &ans)
	if a.status != 200 || s.version(t, "acme") != v || ans.Version != v || ans.Unchanged != 3 {
		t.Fatalf("the CSV import: %d %s", a.status, a.body)
	}
	check("after the CSV export imported back")

	// The policy's rounding names the engine's jurisdictions as they are:
	// DE is Germany there, and a bare state code is refused.
	s.must(t, 200, "PUT", p+"/policy", s.acme, `{"rounding":{"DE":"HALF_UP","US-DE":"HALF_EVEN"}}`)
	var pol profileadmin.PolicyDetail
	s.must(t, 200, "GET", p+"/policy", s.acme, "").data(t, &pol)
	b, err := json.Marshal(pol.Policy)
	if err != nil {
		t.Fatal(err)
	}
	s.must(t, 200, "PUT", p+"/policy", s.acme, string(b))
	if a := s.json(t, "PUT", p+"/policy", s.acme, `{"rounding":{"TX":"HALF_UP"}}`); a.status != 400 {
		t.Errorf("a rounding key TX: %d %s", a.status, a.body)
	}
}

// TestUSTerritoryByCountryCodeThroughTheRoutes: a registration sent
// through the admin routes on loopback for PRI, Puerto Rico's ISO
// country code, is Puerto Rico as the engine taxes it: stored as US-PR,
// read back at its Location, found by the filters PRI, PR and US-PR.
// Before, it was stored as a country PR that no sale is placed in (San
// Juan's jurisdictions are US, US-PR and its municipality) and that the
// filter PR, Puerto Rico, did not find.
func TestUSTerritoryByCountryCodeThroughTheRoutes(t *testing.T) {
	s := newServer(t)
	var d profileadmin.RegistrationDetail
	a := s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"PR-1","jurisdiction":" pri ","number":"IVU-1234"}`)
	a.data(t, &d)
	if d.Registration == nil || d.Registration.Jurisdiction != "US-PR" {
		t.Fatalf("the registration sent for PRI is stored as %+v, want US-PR", d.Registration)
	}
	loc := a.header.Get("Location")
	if want := p + "/registrations/US-PR/IVU-1234?company=PR-1&type=tax"; loc != want {
		t.Errorf("Location %q, want %q", loc, want)
	}
	s.must(t, 200, "GET", loc, s.acme, "").data(t, &d)
	if d.Registration == nil || d.Registration.Jurisdiction != "US-PR" {
		t.Fatalf("GET %s: %+v", loc, d.Registration)
	}
	for _, q := range []string{"?jurisdiction=PRI", "?jurisdiction=PR", "?jurisdiction=US-PR"} {
		if got, want := s.registrations(t, q), []string{"US-PR IVU-1234"}; !slices.Equal(got, want) {
			t.Errorf("GET registrations%s: %q, want %q", q, got, want)
		}
	}
}
