package profileadmin_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/profile"
)

// TestKeysTheRoutesCanName: a record whose key part the routes' paths
// cannot name (".", "..", or such a piece, or an empty one, between
// slashes) is refused naming the field, whichever route or import would
// store it, and nothing is stored; a key with a slash between other
// characters is stored and read, replaced and deleted through its path,
// the slash sent as %2F.
func TestKeysTheRoutesCanName(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	v := s.version(t, "acme")
	for _, tc := range []struct{ method, path, body, field string }{
		{"POST", p + "/customers/C-1/certificates", `{"number":"../TX-9","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`, "number"},
		{"POST", p + "/customers/C-1/certificates", `{"number":"TX-9/","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`, "number"},
		{"POST", p + "/customers", `{"code":".."}`, "code"},
		{"POST", p + "/customers", `{"code":"A//B"}`, "code"},
		{"POST", p + "/products", `{"code":"SKU/../1","class":"SAAS"}`, "code"},
		{"POST", p + "/products", `{"codeType":"..","code":"1","class":"SAAS"}`, "codeType"},
		{"POST", p + "/registrations", `{"jurisdiction":"TX","number":"."}`, "number"},
		{"POST", p + "/franchises", `{"areaId":"./A","name":"Fee","rate":"0.05"}`, "areaId"},
		{"POST", p + "/import", `{"customers":[{"code":"C-2/."}]}`, "customers[0].code"},
	} {
		a := s.json(t, tc.method, tc.path, s.acme, tc.body)
		if a.status != 400 || !strings.Contains(a.errs()[tc.field], "no path of the admin routes") {
			t.Errorf("%s %s %s: %d %s", tc.method, tc.path, tc.body, a.status, a.body)
		}
	}
	if got := s.version(t, "acme"); got != v {
		t.Errorf("the refused records made version %d (was %d)", got, v)
	}

	s.must(t, 201, "POST", p+"/customers/C-1/certificates", s.acme, `{"number":"TX/2026","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`)
	s.must(t, 200, "GET", p+"/customers/C-1/certificates/TX%2F2026", s.acme, "")
	s.must(t, 200, "POST", p+"/customers/C-1/certificates/TX%2F2026/revoke", s.acme, "")
	s.must(t, 200, "DELETE", p+"/customers/C-1/certificates/TX%2F2026", s.acme, "")
}

// TestPaddedPathCode: a customer's code sent in the path with spaces
// around it names the customer, as every route takes it, and its answer
// lists the customer's certificates, not none.
func TestPaddedPathCode(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	for _, path := range []string{p + "/customers/C-1", p + "/customers/%20C-1", p + "/customers/C-1%20%20"} {
		var cust profileadmin.CustomerDetail
		s.must(t, 200, "GET", path, s.acme, "").data(t, &cust)
		if cust.Customer == nil || len(cust.Certificates) != 1 || cust.Certificates[0].Number != "TX-1" {
			t.Errorf("GET %s: %+v", path, cust)
		}
	}
}

// TestDeleteNotFoundNamesItsField: the deletion of a record the tenant
// does not have is answered 404 naming the key's last part, the field
// profileadmin.KeyField gives levy profile.
func TestDeleteNotFoundNamesItsField(t *testing.T) {
	s := newServer(t)
	for path, kind := range map[string]profile.Kind{
		"/customers/C-404":                           profile.KindCustomer,
		"/customers/C-404/certificates/X-1":          profile.KindCertificate,
		"/registrations/TX/32000000001?company=ACME": profile.KindRegistration,
		"/products/HS/640299":                        profile.KindProduct,
		"/franchises/US-TX/fee":                      profile.KindFranchise,
	} {
		field := profileadmin.KeyField(kind)
		a := s.json(t, "DELETE", p+path, s.acme, "")
		if a.status != 404 || field == "" || !strings.Contains(a.errs()[field], "not in the tenant's profile") {
			t.Errorf("DELETE %s: %d %s; want 404 naming %q", path, a.status, a.body, field)
		}
	}
}
