package profileadmin_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/civil"
)

// TestImportLaterRevocationDate revokes TX-1 from 2026-03-01 through the
// route and imports a change set, then a CSV file, revoking it from a
// later day: both are refused with a conflict naming the member or the
// row and both dates, and nothing is stored, as the revoke route
// refuses a later day; reinstateRevoked=true takes the later day, and
// an earlier day (revoking sooner) is taken without it.
func TestImportLaterRevocationDate(t *testing.T) {
	s := newServer(t)
	s.seed(t) // TX-1 of C-1, active; today is 2026-06-15
	s.must(t, 200, "POST", p+"/customers/C-1/certificates/TX-1/revoke", s.acme, `{"revokedDate":"2026-03-01"}`)
	v := s.version(t, "acme")
	revokedOn := func() civil.Date {
		t.Helper()
		var cert profileadmin.CertificateDetail
		s.must(t, 200, "GET", p+"/customers/C-1/certificates/TX-1", s.acme, "").data(t, &cert)
		if !cert.Certificate.Revoked() {
			t.Fatalf("TX-1 is not revoked: %+v", cert.Certificate)
		}
		return cert.Certificate.RevokedDate
	}
	changeSet := func(day string) string {
		return `{"certificates":[{"customerCode":"C-1","number":"TX-1","jurisdictions":["TX"],"reasonCode":"G",` +
			`"effectiveDate":"2026-01-01","expirationDate":"2026-12-31","status":"revoked","revokedDate":"` + day + `"}]}`
	}
	file := func(day string) map[string]string {
		return map[string]string{"certificates.csv": "certificate_number,customer_code,jurisdictions,reason_code,product_classes," +
			"effective_date,expiration_date,transaction_id,status,revoked_date\n" +
			"TX-1,C-1,TX,G,,2026-01-01,2026-12-31,,revoked," + day + "\n"}
	}

	a := s.json(t, "POST", p+"/import", s.acme, changeSet("2026-05-01"))
	if msg := a.errs()["certificates[0].revokedDate"]; a.status != 409 || !strings.Contains(msg, "2026-03-01") ||
		!strings.Contains(msg, "2026-05-01") || !strings.Contains(msg, "reinstateRevoked=true") {
		t.Fatalf("a change set revoking TX-1 later: %d %s", a.status, a.body)
	}
	a = s.multipart(t, p+"/import/files", s.acme, file("2026-05-01"))
	if msg := a.errs()["certificates.csv:2:revoked_date"]; a.status != 409 || !strings.Contains(msg, "2026-03-01") ||
		!strings.Contains(msg, "2026-05-01") || !strings.Contains(msg, "reinstateRevoked=true") {
		t.Fatalf("a file revoking TX-1 later: %d %s", a.status, a.body)
	}
	if got := s.version(t, "acme"); got != v {
		t.Errorf("the refused imports stored version %d (was %d)", got, v)
	}
	if d := revokedOn(); d != civil.MustParse("2026-03-01") {
		t.Errorf("TX-1 after the refused imports is revoked from %s", d)
	}

	s.must(t, 200, "POST", p+"/import", s.acme, changeSet("2026-02-15"))
	if d := revokedOn(); d != civil.MustParse("2026-02-15") {
		t.Errorf("TX-1 revoked sooner by a change set is revoked from %s", d)
	}
	if a := s.multipart(t, p+"/import/files", s.acme, file("2026-02-01")); a.status != 200 {
		t.Fatalf("a file revoking TX-1 sooner: %d %s", a.status, a.body)
	}
	if d := revokedOn(); d != civil.MustParse("2026-02-01") {
		t.Errorf("TX-1 revoked sooner by a file is revoked from %s", d)
	}

	s.must(t, 200, "POST", p+"/import?reinstateRevoked=true", s.acme, changeSet("2026-04-01"))
	if d := revokedOn(); d != civil.MustParse("2026-04-01") {
		t.Errorf("TX-1 after a change set with reinstateRevoked=true is revoked from %s", d)
	}
	if a := s.multipart(t, p+"/import/files?reinstateRevoked=true", s.acme, file("2026-05-01")); a.status != 200 {
		t.Fatalf("a file with reinstateRevoked=true: %d %s", a.status, a.body)
	}
	if d := revokedOn(); d != civil.MustParse("2026-05-01") {
		t.Errorf("TX-1 after a file with reinstateRevoked=true is revoked from %s", d)
	}
}
