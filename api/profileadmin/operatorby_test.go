package profileadmin_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/profile"
)

// TestOperatorChangeNamesNoClientID: a change the server's operator makes
// to a tenant's profile is answered to that tenant's admin and console
// reader as made by "operator", never with the operator credential's
// client ID, which a tenant could otherwise use to spend the operator's
// failed-authentication allowance at the token endpoints (429 for every
// token request of the operator, its secret right or not). The operator
// reads its own client ID; a tenant's admin reads its own.
func TestOperatorChangeNamesNoClientID(t *testing.T) {
	s := newServer(t)
	const p = "/admin/v1/profile"
	s.must(t, 201, "POST", p+"/customers?tenant=acme", s.oper, `{"code":"OP-1","name":"Made by the operator"}`)
	s.must(t, 200, "PUT", p+"/customers/OP-1", s.acme, `{"name":"Renamed by acme"}`)

	var mine profileadmin.CustomerDetail
	s.must(t, 200, "GET", p+"/customers/OP-1?tenant=acme", s.oper, "").data(t, &mine)
	if len(mine.Versions) != 2 {
		t.Fatalf("the operator reads %d versions, want 2", len(mine.Versions))
	}
	opBy := mine.Versions[0].By
	opID := strings.TrimPrefix(opBy, "operator/")
	acmeID := mine.Versions[1].By
	if opID == "" || acmeID == "" || strings.Contains(acmeID, "operator") {
		t.Fatalf("the operator reads the versions by %q and %q, want its own client ID and acme's", opBy, acmeID)
	}

	for _, who := range []struct{ name, token string }{{"acme's admin", s.acme}, {"acme's console reader", s.reader}} {
		a := s.must(t, 200, "GET", p+"/customers/OP-1", who.token, "")
		if strings.Contains(string(a.body), opID) {
			t.Errorf("%s reads the operator's client ID %s: %s", who.name, opID, a.body)
		}
		var d profileadmin.CustomerDetail
		a.data(t, &d)
		if len(d.Versions) != 2 || d.Versions[0].By != "operator" || d.Versions[1].By != acmeID {
			t.Errorf("%s reads the versions by %+v, want operator then %s", who.name, d.Versions, acmeID)
		}
	}
	if opBy != "operator/"+opID {
		t.Errorf("the operator reads its change as by %q, want operator/ and its client ID", opBy)
	}
}

// TestOperatorChangeStoredBeforeNamesNoClientID: a version that the
// operator made before its changes were stored as the operator's holds
// its bare client ID; a tenant's admin and reader read it as "operator"
// too, while the command line's "cli" and a tenant's own client ID read
// as they are. The operator reads its client ID.
func TestOperatorChangeStoredBeforeNamesNoClientID(t *testing.T) {
	s := newServer(t)
	ctx := context.Background()
	op, _ := authtest.Credential(t, s.iss, "default", oauth.DefaultOperatorAudience)
	if _, err := s.svc.Apply(ctx, "acme", op.ClientID, profile.ChangeSet{Customers: []profile.Customer{{Code: "OLD-1"}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Customers: []profile.Customer{{Code: "OLD-1", Name: "By the command line"}}}); err != nil {
		t.Fatal(err)
	}
	const path = "/admin/v1/profile/customers/OLD-1"
	for _, who := range []struct{ name, token string }{{"acme's admin", s.acme}, {"acme's console reader", s.reader}} {
		a := s.must(t, 200, "GET", path, who.token, "")
		if strings.Contains(string(a.body), op.ClientID) {
			t.Errorf("%s reads the operator's client ID %s: %s", who.name, op.ClientID, a.body)
		}
		var d profileadmin.CustomerDetail
		a.data(t, &d)
		if len(d.Versions) != 2 || d.Versions[0].By != "operator" || d.Versions[1].By != "cli" {
			t.Errorf("%s reads the versions by %+v, want operator then cli", who.name, d.Versions)
		}
	}
	var d profileadmin.CustomerDetail
	s.must(t, 200, "GET", path+"?tenant=acme", s.oper, "").data(t, &d)
	if len(d.Versions) != 2 || d.Versions[0].By != op.ClientID {
		t.Errorf("the operator reads the versions by %+v, want its client ID %s first", d.Versions, op.ClientID)
	}
}
