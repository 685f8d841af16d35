package profileadmin_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// TestPolicyLevyMembersThroughTheRoutes: the policy's levyMembers is
// refused 400 naming it when it is neither include nor omit, stored
// normalised when it is, and carried by the JSON export into another
// tenant's import.
func TestPolicyLevyMembersThroughTheRoutes(t *testing.T) {
	s := newServer(t)
	before := s.version(t, "acme")
	a := s.json(t, "PUT", p+"/policy", s.acme, `{"levyMembers":"strip"}`)
	if a.status != 400 || !strings.Contains(a.errs()["levyMembers"], `"strip" is not include or omit`) {
		t.Fatalf("levyMembers strip: %d %s; want 400 naming levyMembers", a.status, a.body)
	}
	if v := s.version(t, "acme"); v != before {
		t.Fatalf("the refused policy stored version %d", v)
	}
	var pol profileadmin.PolicyDetail
	s.must(t, 200, "PUT", p+"/policy", s.acme, `{"levyMembers":" Omit "}`).data(t, &pol)
	if pol.Policy == nil || pol.Policy.LevyMembers != "omit" {
		t.Fatalf("the stored policy: %+v", pol.Policy)
	}
	exp := s.send(t, "GET", p+"/export", s.acme, "", nil)
	if exp.status != 200 || !strings.Contains(string(exp.body), `"levyMembers": "omit"`) {
		t.Fatalf("the JSON export: %d %s", exp.status, exp.body)
	}
	s.must(t, 200, "POST", p+"/import?tenant=beta", s.oper, string(exp.body))
	if r := s.records(t, "beta"); r.Policy == nil || r.Policy.LevyMembers != "omit" {
		t.Fatalf("beta's policy after the import: %+v", r.Policy)
	}
}
