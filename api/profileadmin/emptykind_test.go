package profileadmin_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// TestExportOfNothingImportsBack exports a kind of record the tenant has
// none of (franchises.csv, its header alone), and a profile that has no
// record at all (the JSON export "{}"), and imports each back, as a file
// and as a change set: the import stores nothing and answers the
// current version, as an export of records does. Each was refused 400,
// "the change set is empty", before.
func TestExportOfNothingImportsBack(t *testing.T) {
	s := newServer(t)
	s.seed(t) // acme has a customer, a certificate, a registration and a product, no franchise fee
	v := s.version(t, "acme")
	ex := s.must(t, 200, "GET", p+"/export/franchises", s.acme, "")
	if strings.Count(string(ex.body), "\n") != 1 {
		t.Fatalf("the export of no franchise fee: %q", ex.body)
	}
	check := func(what string, a answer, tenant string, want uint64) {
		t.Helper()
		var ans profileadmin.ImportAnswer
		if a.status != 200 {
			t.Errorf("%s: %d %s", what, a.status, a.body)
			return
		}
		a.data(t, &ans)
		if ans.Version != want || ans.Customers+ans.Certificates+ans.Registrations+ans.Products+ans.Franchises+ans.Deletes != 0 || ans.Policy {
			t.Errorf("%s: %+v, want nothing stored at version %d", what, ans, want)
		}
		if got := s.version(t, tenant); got != want {
			t.Errorf("%s: the version is %d, want %d", what, got, want)
		}
	}
	check("franchises.csv as multipart", s.multipart(t, p+"/import/files", s.acme, map[string]string{"franchises.csv": string(ex.body)}), "acme", v)
	check("franchises.csv as text/csv", s.send(t, "POST", p+"/import/files?name=franchises.csv", s.acme, "text/csv", ex.body), "acme", v)

	empty := s.must(t, 200, "GET", p+"/export", s.beta, "")
	check("beta's JSON export", s.send(t, "POST", p+"/import", s.beta, "application/json", empty.body), "beta", 0)
}
