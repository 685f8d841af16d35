package profileadmin_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
)

// TestRevokeNeverWidens revokes a certificate revoked already, as a
// second click of the console or a script run twice does: the revocation
// day stays (today, the default, is later than it), an earlier day
// narrows it, and a later day sent on purpose is refused naming
// revokedDate, with nothing stored.
func TestRevokeNeverWidens(t *testing.T) {
	s := newServer(t)
	s.seed(t) // TX-1 of C-1, 2026-01-01 to 2026-12-31; today is 2026-06-15
	revoke := p + "/customers/C-1/certificates/TX-1/revoke"
	var cert profileadmin.CertificateDetail
	s.must(t, 200, "POST", revoke, s.acme, `{"revokedDate":"2026-03-01"}`).data(t, &cert)
	if cert.Certificate.RevokedDate != civil.MustParse("2026-03-01") {
		t.Fatalf("revoked: %+v", cert.Certificate)
	}
	v := s.version(t, "acme")

	// Again, without a day: today (2026-06-15) would give back
	// March to June.
	s.must(t, 200, "POST", revoke, s.acme, "").data(t, &cert)
	if got := cert.Certificate.RevokedDate; got != civil.MustParse("2026-03-01") {
		t.Errorf("revoked again without a day: revoked from %s, want 2026-03-01", got)
	}
	// Again, from the same day.
	s.must(t, 200, "POST", revoke, s.acme, `{"revokedDate":"2026-03-01"}`)
	if got := s.version(t, "acme"); got != v {
		t.Errorf("a revocation that changes nothing made version %d (was %d)", got, v)
	}

	// A later day is refused, and nothing is stored.
	a := s.json(t, "POST", revoke, s.acme, `{"revokedDate":"2026-09-01"}`)
	if a.status != 400 || !strings.Contains(a.errs()["revokedDate"], "revoked from 2026-03-01 already") {
		t.Errorf("revoked again from a later day: %d %s", a.status, a.body)
	}
	if got := s.version(t, "acme"); got != v {
		t.Errorf("the refused revocation stored version %d (was %d)", got, v)
	}

	// An earlier day narrows it.
	s.must(t, 200, "POST", revoke, s.acme, `{"revokedDate":"2026-02-01"}`).data(t, &cert)
	if got := cert.Certificate.RevokedDate; got != civil.MustParse("2026-02-01") || len(cert.Versions) != 3 {
		t.Errorf("revoked again from an earlier day: %s, %d versions", got, len(cert.Versions))
	}
}

// TestRevokeDoesNotUndoAConcurrentChange: another request changes the
// certificate between the revocation's read of it and its write (here,
// from the routes' clock, which the revocation reads in between). The
// revocation is refused with a conflict rather than writing back the
// copy it read, which would undo that change unseen; the change stays,
// and a revocation sent again revokes the certificate as it now is.
func TestRevokeDoesNotUndoAConcurrentChange(t *testing.T) {
	var s *server
	meddle := false
	s = newServerWith(t, func() civil.Date {
		if meddle {
			meddle = false
			cs := profile.ChangeSet{Certificates: []profile.Certificate{{CustomerCode: "C-1", Number: "TX-1", Jurisdictions: []string{"US-TX"},
				ReasonCode: "G", EffectiveDate: civil.MustParse("2026-01-01"), ExpirationDate: civil.MustParse("2027-06-30")}}}
			if _, err := s.svc.Update(context.Background(), "acme", "other-admin", cs); err != nil {
				t.Errorf("the change made meanwhile: %v", err)
			}
		}
		return civil.MustParse("2026-06-15")
	})
	s.seed(t)
	revoke := p + "/customers/C-1/certificates/TX-1/revoke"
	meddle = true
	a := s.json(t, "POST", revoke, s.acme, "")
	if a.status != 409 || !strings.Contains(a.errs()["number"], "changed by another request") {
		t.Fatalf("a revocation racing a change: %d %s, want 409", a.status, a.body)
	}
	var cert profileadmin.CertificateDetail
	s.must(t, 200, "GET", p+"/customers/C-1/certificates/TX-1", s.acme, "").data(t, &cert)
	if cert.Certificate.ExpirationDate != civil.MustParse("2027-06-30") || cert.Certificate.Revoked() {
		t.Fatalf("after the refused revocation: %+v, want the change kept and no revocation", cert.Certificate)
	}
	s.must(t, 200, "POST", revoke, s.acme, "").data(t, &cert)
	if cert.Certificate.ExpirationDate != civil.MustParse("2027-06-30") || cert.Certificate.RevokedDate != civil.MustParse("2026-06-15") {
		t.Fatalf("revoked again: %+v, want the change kept and revoked from 2026-06-15", cert.Certificate)
	}
}
