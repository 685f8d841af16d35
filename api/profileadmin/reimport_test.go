package profileadmin_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/civil"
)

// TestReimportDoesNotUnrevoke exports the certificates as CSV, revokes
// TX-1 through the route, and imports the export again: its row of
// TX-1, status active, is refused with a conflict naming the file, the
// row and the certificate, and nothing is stored; reinstateRevoked=true
// makes TX-1 active again, and a value that is no boolean is refused
// naming the parameter.
func TestReimportDoesNotUnrevoke(t *testing.T) {
	s := newServer(t)
	s.seed(t) // TX-1 of C-1, active; today is 2026-06-15
	export := s.send(t, "GET", p+"/export/certificates", s.acme, "", nil)
	if export.status != 200 {
		t.Fatalf("the export: %d %s", export.status, export.body)
	}
	s.must(t, 200, "POST", p+"/customers/C-1/certificates/TX-1/revoke", s.acme, `{"revokedDate":"2026-03-01"}`)
	v := s.version(t, "acme")

	files := map[string]string{"certificates.csv": string(export.body)}
	a := s.multipart(t, p+"/import/files", s.acme, files)
	if msg := a.errs()["certificates.csv:2:status"]; a.status != 409 ||
		!strings.Contains(msg, "TX-1 of customer C-1 is revoked (from 2026-03-01)") || !strings.Contains(msg, "reinstateRevoked=true") {
		t.Fatalf("the export imported again after the revocation: %d %s", a.status, a.body)
	}
	if got := s.version(t, "acme"); got != v {
		t.Errorf("the refused import stored version %d (was %d)", got, v)
	}
	var cert profileadmin.CertificateDetail
	s.must(t, 200, "GET", p+"/customers/C-1/certificates/TX-1", s.acme, "").data(t, &cert)
	if !cert.Certificate.Revoked() || cert.Certificate.RevokedDate != civil.MustParse("2026-03-01") {
		t.Errorf("TX-1 after the refused import: %+v", cert.Certificate)
	}

	a = s.multipart(t, p+"/import/files?reinstateRevoked=maybe", s.acme, files)
	if a.status != 400 || !strings.Contains(a.errs()["reinstateRevoked"], `"maybe" is neither true nor false`) {
		t.Errorf("reinstateRevoked=maybe: %d %s", a.status, a.body)
	}
	a = s.multipart(t, p+"/import/files?reinstateRevoked=true", s.acme, files)
	if a.status != 200 {
		t.Fatalf("reinstateRevoked=true: %d %s", a.status, a.body)
	}
	s.must(t, 200, "GET", p+"/customers/C-1/certificates/TX-1", s.acme, "").data(t, &cert)
	if cert.Certificate.Revoked() {
		t.Errorf("TX-1 reinstated: %+v", cert.Certificate)
	}
}
