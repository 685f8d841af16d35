package cli

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestTenantAdminNeverReachesTheOperator starts levy serve on Badger with
// an operator credential made as the docs make it (levy clients create
// --operator, whose tenant is "default") and an admin credential of the
// tenant "default", as docs/journal.md makes one. The tenant's admin
// administers its tenant's credentials, but the operator's credential is
// not one of them: the list leaves it out, and revoking it or replacing
// its secret is answered exactly as for a client ID that does not exist.
// Before, the admin listed the operator's client ID, revoked it (200),
// which locked the operator out of every tenant, and was told 403 with
// what the credential is when it asked for its secret.
func TestTenantAdminNeverReachesTheOperator(t *testing.T) {
	dir := t.TempDir()
	operator := createOperator(t, dir)
	admin := createCredential(t, dir, "default", "levy://admin")
	api := createCredential(t, dir, "default", "verx://migration-api")
	base, stop, _, _ := startServe(t, dir, serveConfig{})
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	c := consoleClient{t, base}
	adminTok := c.token(admin.ClientID, admin.ClientSecret, "levy://admin")

	st, body := c.do("GET", "/admin/v1/clients", adminTok, "", nil)
	ids := clientIDs(t, body)
	if st != http.StatusOK || !slices.Contains(ids, api.ClientID) || slices.Contains(ids, operator.ClientID) {
		t.Errorf("the tenant admin lists %v (%d); want its tenant's API credential and not the operator's %s", ids, st, operator.ClientID)
	}
	st, body = c.do("GET", "/admin/v1/clients?tenant=default", adminTok, "", nil)
	if ids := clientIDs(t, body); st != http.StatusOK || slices.Contains(ids, operator.ClientID) {
		t.Errorf("the tenant admin lists %v with ?tenant=default (%d)", ids, st)
	}

	// The answers to an unknown client ID, word for word but for the ID.
	const unknown = "AAAAAAAAAAAAAAAAAAAAAA"
	for _, call := range []struct{ method, path string }{
		{"DELETE", "/admin/v1/clients/%s"},
		{"POST", "/admin/v1/clients/%s/secret"},
	} {
		wantSt, want := c.do(call.method, strings.Replace(call.path, "%s", unknown, 1), adminTok, "", nil)
		st, got := c.do(call.method, strings.Replace(call.path, "%s", operator.ClientID, 1), adminTok, "", nil)
		if wantSt != http.StatusNotFound || st != wantSt || errorsOf(t, strings.ReplaceAll(string(got), operator.ClientID, unknown)) != errorsOf(t, string(want)) {
			t.Errorf("%s the operator's credential with the tenant admin's token: %d %s; an unknown one: %d %s", call.method, st, got, wantSt, want)
		}
	}

	// The operator still gets tokens and still manages the keys.
	opTok := c.token(operator.ClientID, operator.ClientSecret, "levy://operator")
	if st, body := c.do("GET", "/admin/v1/keys", opTok, "", nil); st != http.StatusOK {
		t.Errorf("the operator after the tenant admin's calls: GET /admin/v1/keys %d %s", st, body)
	}
	// The operator lists its own credential, and the tenant admin's
	// own calls still work.
	st, body = c.do("GET", "/admin/v1/clients?tenant=default", opTok, "", nil)
	if ids := clientIDs(t, body); st != http.StatusOK || !slices.Contains(ids, operator.ClientID) {
		t.Errorf("the operator lists %v (%d)", ids, st)
	}
	if st, body := c.do("POST", "/admin/v1/clients/"+api.ClientID+"/secret", adminTok, "", nil); st != http.StatusOK {
		t.Errorf("the tenant admin replaces its API credential's secret: %d %s", st, body)
	}
}

// errorsOf returns the errors member of an answer, as JSON, without its
// meta (whose times differ from one answer to the next).
func errorsOf(t *testing.T, body string) string {
	t.Helper()
	var a struct {
		Errors json.RawMessage `json:"errors"`
	}
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return string(a.Errors)
}
