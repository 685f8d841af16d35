package profileadmin_test

import (
	"reflect"
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

// TestReimportThroughTheRoute imports the same CSV files twice: the
// second answer stores nothing, counts the records unchanged and names
// the current version, which stays.
func TestReimportThroughTheRoute(t *testing.T) {
	s := newServer(t)
	files := map[string]string{
		"customers.csv": "customer_code,class_code,is_business,name\nC-2,,yes,Beta\n",
		"certs.csv": "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
			"CA-1,C-2,CA;US-4819000,E,,2026-01-01,2026-12-31,,active\n",
	}
	var ans profileadmin.ImportAnswer
	s.multipart(t, p+"/import/files", s.acme, files).data(t, &ans)
	if ans.Version != 1 || ans.Customers != 1 || ans.Certificates != 1 || ans.Unchanged != 0 {
		t.Fatalf("the first import: %+v", ans)
	}
	a := s.multipart(t, p+"/import/files", s.acme, files)
	ans = profileadmin.ImportAnswer{}
	a.data(t, &ans)
	if a.status != 200 || ans.Version != 1 || ans.Customers != 0 || ans.Certificates != 0 || ans.Unchanged != 2 || len(ans.Files) != 2 {
		t.Fatalf("the same files again: %d %s", a.status, a.body)
	}
	if v := s.version(t, "acme"); v != 1 {
		t.Errorf("the same files again made version %d", v)
	}
}

// TestReimportChangeSetThroughTheRoute imports the JSON export back as a
// change set: nothing is stored, the answer counts every record and the
// policy unchanged and names the current version. A change set of equal
// and changed records stores only the changed ones, and an error of a
// record stored after an equal one left out names it where the change
// set holds it.
func TestReimportChangeSetThroughTheRoute(t *testing.T) {
	s := newServer(t)
	s.seed(t) // a customer, a certificate, a registration, a product, a policy
	export := s.send(t, "GET", p+"/export", s.acme, "", nil)
	if export.status != 200 {
		t.Fatalf("the export: %d %s", export.status, export.body)
	}
	v := s.version(t, "acme")
	var ans profileadmin.ImportAnswer
	a := s.json(t, "POST", p+"/import", s.acme, string(export.body))
	a.data(t, &ans)
	if a.status != 200 || !reflect.DeepEqual(ans, profileadmin.ImportAnswer{Version: v, Unchanged: 5}) {
		t.Fatalf("the export imported again: %d %s", a.status, a.body)
	}
	if got := s.version(t, "acme"); got != v {
		t.Fatalf("the export imported again made version %d (was %d)", got, v)
	}

	// C-1 as stored, C-2 new, and the product with another class.
	a = s.json(t, "POST", p+"/import", s.acme, `{"customers":[{"code":"C-1","name":"Alpha Supply","isBusiness":true},{"code":"C-2","name":"Beta"}],
		"products":[{"code":"SKU-1","class":"GENERAL"}]}`)
	ans = profileadmin.ImportAnswer{}
	a.data(t, &ans)
	if a.status != 200 || !reflect.DeepEqual(ans, profileadmin.ImportAnswer{Version: v + 1, Customers: 1, Products: 1, Unchanged: 1}) {
		t.Fatalf("a change set of an equal customer, a new one and a changed product: %d %s", a.status, a.body)
	}
	var c1 profileadmin.CustomerDetail
	s.must(t, 200, "GET", p+"/customers/C-1", s.acme, "").data(t, &c1)
	if len(c1.Versions) != 1 {
		t.Errorf("C-1, sent as stored, has %d versions, want 1: %+v", len(c1.Versions), c1)
	}

	// The certificate as stored is left out; the second, of a customer
	// the tenant does not have, is refused as certificates[1].
	a = s.json(t, "POST", p+"/import", s.acme, `{"certificates":[
		{"customerCode":"C-1","number":"TX-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01","expirationDate":"2026-12-31"},
		{"customerCode":"C-404","number":"TX-9","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}]}`)
	errs := a.errs()
	if a.status < 400 || len(errs) == 0 {
		t.Fatalf("a certificate of an unknown customer: %d %s", a.status, a.body)
	}
	for field := range errs {
		if !strings.HasPrefix(field, "certificates[1]") {
			t.Errorf("the error of the second certificate names %q, want certificates[1]: %s", field, a.body)
		}
	}
	if got := s.version(t, "acme"); got != v+1 {
		t.Errorf("the refused change set made version %d (was %d)", got, v+1)
	}
}
