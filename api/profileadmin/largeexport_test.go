package profileadmin_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/profile"
)

// seedCustomers stores n customers for tenant, in changes of at most
// profile.MaxChanges records each, as a tenant's profile grows.
func seedCustomers(t *testing.T, s *server, tenant string, n int) {
	t.Helper()
	for from := 0; from < n; from += profile.MaxChanges {
		var cs profile.ChangeSet
		for i := from; i < min(n, from+profile.MaxChanges); i++ {
			cs.Customers = append(cs.Customers, profile.Customer{Code: fmt.Sprintf("C-%06d", i), Name: "Customer"})
		}
		if _, err := s.svc.Apply(context.Background(), tenant, "test", cs); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLargeExportImportsBack: a tenant of more records than one change
// may store imports its own exports back, CSV and JSON, as nothing
// changed; a file of them with one row changed stores that row.
func TestLargeExportImportsBack(t *testing.T) {
	s := newServer(t)
	n := profile.MaxChanges + 5
	seedCustomers(t, s, "acme", n)
	v := s.version(t, "acme")
	check := func(what string, a answer, wantVersion uint64, stored, unchanged int) {
		t.Helper()
		if a.status != 200 {
			t.Fatalf("%s: %d %s", what, a.status, a.body)
		}
		var ans profileadmin.ImportAnswer
		a.data(t, &ans)
		if ans.Version != wantVersion || ans.Customers != stored || ans.Unchanged != unchanged {
			t.Errorf("%s: %+v, want version %d, %d customers stored, %d unchanged", what, ans, wantVersion, stored, unchanged)
		}
	}
	csv := s.must(t, 200, "GET", p+"/export/customers", s.acme, "")
	check("customers.csv", s.send(t, "POST", p+"/import/files?name=customers.csv", s.acme, "text/csv", csv.body), v, 0, n)
	js := s.must(t, 200, "GET", p+"/export", s.acme, "")
	check("the JSON export", s.send(t, "POST", p+"/import", s.acme, "application/json", js.body), v, 0, n)

	edited := strings.Replace(string(csv.body), "C-000007,,false,Customer", "C-000007,,true,Customer", 1)
	check("customers.csv with a row changed", s.send(t, "POST", p+"/import/files?name=customers.csv", s.acme, "text/csv", []byte(edited)), v+1, 1, n-1)
	if c := s.records(t, "acme").Customers[7]; !c.IsBusiness {
		t.Errorf("customer %s was not changed: %+v", c.Code, c)
	}

	// A bad row of such a file is named, not the file's size.
	bad := strings.Replace(string(csv.body), "C-000009,,false,Customer", "C-000009,,perhaps,Customer", 1)
	a := s.send(t, "POST", p+"/import/files?name=customers.csv", s.acme, "text/csv", []byte(bad))
	if a.status != 400 || a.errs()["customers.csv:11:is_business"] == "" {
		t.Errorf("a bad row among %d: %d %s", n, a.status, a.body)
	}
	badJSON := strings.Replace(string(js.body), `"name": "Customer"`, `"name": "Bell\u0007"`, 1)
	a = s.send(t, "POST", p+"/import", s.acme, "application/json", []byte(badJSON))
	if a.status != 400 || a.errs()["customers[0].name"] == "" {
		t.Errorf("a bad record among %d of a change set: %d %s", n, a.status, a.body)
	}
	// More records that differ from the stored ones than one change
	// stores are refused whole.
	all := strings.ReplaceAll(string(csv.body), ",false,Customer", ",true,Customer")
	a = s.send(t, "POST", p+"/import/files?name=customers.csv", s.acme, "text/csv", []byte(all))
	if a.status != 413 || s.version(t, "acme") != v+1 {
		t.Errorf("%d changed rows: %d %s, version %d", n, a.status, a.body, s.version(t, "acme"))
	}
}
