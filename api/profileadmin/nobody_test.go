package profileadmin_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestBodyOfAnOperationThatTakesNone: a deletion, a revocation of a
// credential, a rotation of the signing keys take no body, and refuse
// one, 400 naming each member, before they change anything. A
// certificate's DELETE with {"reason":"expired"} deleted it, the reason
// passed over, as a customer's DELETE with {"effectiveDate":"2030-01-01"}
// deleted it at once; POST /admin/v1/keys with {"alg":"ES256"} rotated
// the key in Levy's own algorithm. {} and no body are taken as nothing.
func TestBodyOfAnOperationThatTakesNone(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	for _, c := range []struct{ method, path, token, body, member string }{
		{"DELETE", p + "/customers/C-1", s.acme, `{"effectiveDate":"2030-01-01"}`, "effectiveDate"},
		{"DELETE", p + "/customers/C-1/certificates/TX-1", s.acme, `{"reason":"expired"}`, "reason"},
		{"DELETE", "/admin/v1/clients/no-such-client", s.acme, `{"revokeAt":"2030-01-01"}`, "revokeAt"},
		{"POST", "/admin/v1/keys", s.oper, `{"alg":"ES256"}`, "alg"},
	} {
		a := s.json(t, c.method, c.path, c.token, c.body)
		errs := a.errs()
		if a.status != http.StatusBadRequest || len(errs) != 1 || !strings.Contains(errs[c.member], "takes no body") {
			t.Errorf("%s %s with %s: %d %s, want 400 naming %s", c.method, c.path, c.body, a.status, a.body, c.member)
		}
	}
	var cust struct {
		Certificates []struct{ Number string }
	}
	s.must(t, http.StatusOK, "GET", p+"/customers/C-1", s.acme, "").data(t, &cust)
	if len(cust.Certificates) != 1 {
		t.Errorf("the certificate was deleted: %+v", cust)
	}
	s.must(t, http.StatusOK, "DELETE", p+"/customers/C-1/certificates/TX-1", s.acme, `{}`)
	s.must(t, http.StatusOK, "DELETE", p+"/customers/C-1", s.acme, "")
}
