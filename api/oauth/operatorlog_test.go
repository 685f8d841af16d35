package oauth_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestOperatorRequestsLogTheTenantReached: the request log line of an
// admin route names the tenant whose records the request reached. The
// operator's credential has a tenant of its own ("default" unless levy
// clients create --operator names another), which docs/journal.md also
// gives a tenant's admin. Before, an operator's request that read beta's
// credentials was logged as tenant default, word for word as a request
// of the default tenant's admin: the log could not tell who reached
// beta. Now it names beta and says that the operator made it; one over
// every tenant names none.
func TestOperatorRequestsLogTheTenantReached(t *testing.T) {
	f := setup(t)
	op := authtest.Token(t, f.iss, "default", oauth.DefaultOperatorAudience)
	admin := authtest.Token(t, f.iss, "default", oauth.DefaultAdminAudience)
	authtest.Token(t, f.iss, "beta", "verx://migration-api")
	for _, call := range []struct{ query, tok string }{{"?tenant=beta", op}, {"", op}, {"", admin}} {
		if r := f.send(t, "GET", "/admin/v1/clients"+call.query, "", "", "Authorization", "Bearer "+call.tok); r.status != 200 {
			t.Fatalf("GET /admin/v1/clients%s: %d %s", call.query, r.status, r.raw)
		}
	}
	type line struct {
		Msg, Route, Tenant, Role string
	}
	var got []line
	for _, raw := range strings.Split(strings.TrimSpace(f.logged()), "\n") {
		var l line
		if err := json.Unmarshal([]byte(raw), &l); err != nil {
			t.Fatalf("%v: %s", err, raw)
		}
		if l.Msg == "request" && l.Route == "GET /admin/v1/clients" {
			got = append(got, l)
		}
	}
	want := []line{
		{"request", "GET /admin/v1/clients", "beta", "operator"},
		{"request", "GET /admin/v1/clients", "", "operator"},
		{"request", "GET /admin/v1/clients", "default", ""},
	}
	if len(got) != len(want) {
		t.Fatalf("the request lines: %+v; want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("request %d logged %+v; want %+v", i, got[i], want[i])
		}
	}
}
