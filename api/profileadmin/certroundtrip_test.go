package profileadmin_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// TestCertificateReadAndPutBackKeepsItsCountries reads a certificate of
// Germany, Malta and Texas (stored DE, MT, US-TX) and sends the body as
// read back to its path with a new expiration date: it still covers
// Germany and Malta. Before, the PUT read the stored DE and MT as the
// bare state codes of Delaware and Montana, and the certificate silently
// moved there. A client that means Delaware says so (US-DE, or DE on a
// certificate that holds no Germany).
func TestCertificateReadAndPutBackKeepsItsCountries(t *testing.T) {
	s := newServer(t)
	s.must(t, 201, "POST", p+"/customers", s.acme, `{"code":"C-1","name":"Alpha GmbH","isBusiness":true}`)
	s.must(t, 201, "POST", p+"/customers/C-1/certificates", s.acme,
		`{"number":"EU-1","jurisdictions":["DEU","MLT","TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`)
	path := p + "/customers/C-1/certificates/EU-1"
	var read profileadmin.CertificateDetail
	s.must(t, 200, "GET", path, s.acme, "").data(t, &read)
	if read.Certificate == nil || !slices.Equal(read.Certificate.Jurisdictions, []string{"DE", "MT", "US-TX"}) {
		t.Fatalf("stored: %+v", read.Certificate)
	}
	c := *read.Certificate
	c.ExpirationDate = c.EffectiveDate.AddDays(365)
	body, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var d profileadmin.CertificateDetail
	s.must(t, 200, "PUT", path, s.acme, string(body)).data(t, &d)
	if got, want := d.Certificate.Jurisdictions, []string{"DE", "MT", "US-TX"}; !slices.Equal(got, want) {
		t.Fatalf("after a GET-then-PUT the certificate covers %q, want %q", got, want)
	}
	if d.Certificate.ExpirationDate != c.ExpirationDate || len(d.Versions) != 2 {
		t.Fatalf("the PUT did not store the new expiration date: %+v", d)
	}

	// A list that names the stored form of a country the certificate
	// does not hold is read as a request is: DE, on a certificate of
	// Malta alone, is Delaware.
	s.must(t, 200, "PUT", path, s.acme, `{"jurisdictions":["MT"],"reasonCode":"G","effectiveDate":"2026-01-01"}`).data(t, &d)
	if got, want := d.Certificate.Jurisdictions, []string{"MT"}; !slices.Equal(got, want) {
		t.Fatalf("Malta kept: %q, want %q", got, want)
	}
	s.must(t, 200, "PUT", path, s.acme, `{"jurisdictions":["MT","DE"],"reasonCode":"G","effectiveDate":"2026-01-01"}`).data(t, &d)
	if got, want := d.Certificate.Jurisdictions, []string{"MT", "US-DE"}; !slices.Equal(got, want) {
		t.Fatalf("DE added to a certificate without Germany: %q, want %q", got, want)
	}
	// US-DE beside the stored Germany is Delaware, and DEU Germany.
	s.must(t, 200, "PUT", path, s.acme, `{"jurisdictions":["DEU","US-DE"],"reasonCode":"G","effectiveDate":"2026-01-01"}`).data(t, &d)
	if got, want := d.Certificate.Jurisdictions, []string{"DE", "US-DE"}; !slices.Equal(got, want) {
		t.Fatalf("Germany and Delaware: %q, want %q", got, want)
	}
}
