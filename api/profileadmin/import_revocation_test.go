package profileadmin_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// TestChangeSetImportKeepsRevocation imports back a JSON export made
// before a certificate was revoked: the change set, which holds the
// certificate as active, is refused 409 on its status and stores
// nothing, as a CSV row would be, so that the revocation is not undone
// unseen (the certificate exempted the customer's sales again); with
// reinstateRevoked=true it makes the certificate active on purpose.
func TestChangeSetImportKeepsRevocation(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	export := s.must(t, 200, "GET", p+"/export", s.acme, "").body
	s.must(t, 200, "POST", p+"/customers/C-1/certificates/TX-1/revoke", s.acme, `{"revokedDate":"2026-03-01"}`)
	v := s.version(t, "acme")

	a := s.json(t, "POST", p+"/import", s.acme, string(export))
	if a.status != 409 {
		t.Fatalf("the export of before the revocation imported back: %d, want 409: %s", a.status, a.body)
	}
	if msg := a.errs()["certificates[0].status"]; !strings.Contains(msg, "TX-1 of customer C-1 is revoked (from 2026-03-01)") ||
		!strings.Contains(msg, "reinstateRevoked=true") {
		t.Errorf("the refusal: %s", a.body)
	}
	if got := s.version(t, "acme"); got != v {
		t.Errorf("the refused import stored version %d (was %d)", got, v)
	}
	var cert profileadmin.CertificateDetail
	s.must(t, 200, "GET", p+"/customers/C-1/certificates/TX-1", s.acme, "").data(t, &cert)
	if !cert.Certificate.Revoked() || cert.Certificate.RevokedDate.String() != "2026-03-01" {
		t.Errorf("TX-1 after the refused import: %+v", cert.Certificate)
	}

	// Among other certificates, the refused one is named where the
	// change set holds it, and a new active one alongside refuses
	// nothing of its own.
	two := `{"certificates":[
		{"number":"TX-2","customerCode":"C-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"},
		{"number":"TX-1","customerCode":"C-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01","expirationDate":"2026-12-31"}]}`
	a = s.json(t, "POST", p+"/import", s.acme, two)
	if errs := a.errs(); a.status != 409 || len(errs) != 1 || errs["certificates[1].status"] == "" {
		t.Errorf("a change set reviving the second certificate: %d %s", a.status, a.body)
	}

	// Said as revoked, the certificate stays as it is.
	var ans profileadmin.ImportAnswer
	s.must(t, 200, "POST", p+"/import", s.acme, `{"certificates":[{"number":"TX-1","customerCode":"C-1","jurisdictions":["TX"],"reasonCode":"G",
		"effectiveDate":"2026-01-01","expirationDate":"2026-12-31","status":"revoked","revokedDate":"2026-03-01"}]}`).data(t, &ans)
	if ans.Unchanged != 1 || ans.Version != v {
		t.Errorf("the certificate as stored: %+v", ans)
	}

	s.must(t, 200, "POST", p+"/import?reinstateRevoked=true", s.acme, string(export)).data(t, &ans)
	s.must(t, 200, "GET", p+"/customers/C-1/certificates/TX-1", s.acme, "").data(t, &cert)
	if cert.Certificate.Revoked() || ans.Certificates != 1 {
		t.Errorf("reinstated: %+v, %+v", cert.Certificate, ans)
	}
}
