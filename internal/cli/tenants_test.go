package cli

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// tenantsFixture is a running levy serve (Badger on disk, real HTTP) with
// the credentials of two tenants, acme and beta, and of the server's
// operator, and a dead letter of beta's.
type tenantsFixture struct {
	c                                  consoleClient
	acmeAdmin, betaAdmin, acmeAPI      credential
	betaAPI, acmeConsole, operator     credential
	acmeAdminTok, betaAPITok, opTok    string
	acmeAPITok, acmeConsoleTok         string
	betaDeadLetter, betaWebhook        string
	acmeWebhook, acmeInvoice, betaDocs string
}

// startTenants starts the fixture: the credentials are made on the data
// directory before the server starts, as an operator does.
func startTenants(t *testing.T) *tenantsFixture {
	t.Helper()
	return startTenantsSlow(t, 0)
}

// startTenantsSlow is startTenants with a webhook target that takes slow
// to answer each event but the first, as a loaded machine may.
func startTenantsSlow(t *testing.T, slow time.Duration) *tenantsFixture {
	t.Helper()
	// A webhook target that refuses, so that beta's events die.
	var answered atomic.Int64
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if answered.Add(1) > 1 {
			time.Sleep(slow)
		}
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	t.Cleanup(target.Close)
	dir := t.TempDir()
	f := &tenantsFixture{
		acmeAdmin:   createCredential(t, dir, "acme", "levy://admin"),
		betaAdmin:   createCredential(t, dir, "beta", "levy://admin"),
		acmeAPI:     createCredential(t, dir, "acme", "verx://migration-api"),
		betaAPI:     createCredential(t, dir, "beta", "verx://migration-api"),
		acmeConsole: createCredential(t, dir, "acme", "levy://console"),
		operator:    createOperator(t, dir),
	}
	base, stop, _, _ := startServe(t, dir, serveConfig{}, "--webhook-max-attempts", "1", "--webhook-min-backoff", "10ms")
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	f.c = consoleClient{t, base}
	populateTenants(t, f, target.URL)
	return f
}

// populateTenants asks f's server for the tokens of f's credentials and
// stores the records of the fixture: a webhook connection of each tenant
// to target (which refuses), a document of beta's whose events all die,
// and an invoice of acme's.
func populateTenants(t *testing.T, f *tenantsFixture, target string) {
	t.Helper()
	f.acmeAdminTok = f.c.token(f.acmeAdmin.ClientID, f.acmeAdmin.ClientSecret, "levy://admin")
	f.acmeAPITok = f.c.token(f.acmeAPI.ClientID, f.acmeAPI.ClientSecret, "verx://migration-api")
	f.betaAPITok = f.c.token(f.betaAPI.ClientID, f.betaAPI.ClientSecret, "verx://migration-api")
	f.acmeConsoleTok = f.c.token(f.acmeConsole.ClientID, f.acmeConsole.ClientSecret, "levy://console")
	f.opTok = f.c.token(f.operator.ClientID, f.operator.ClientSecret, "levy://operator")

	// beta: a connection to the refusing target and a document whose
	// events die; acme: a connection and a stored invoice.
	hook := func(tok string) string {
		var made struct{ Data struct{ WebhookID string } }
		f.c.must(http.StatusCreated, "POST", "/einvoicing/v1/webhooks", tok, "application/json",
			[]byte(`{"targetUrl":"`+target+`/events","secretKey":"tenant-test-secret-0123456789abcdef","events":"all"}`), &made)
		return made.Data.WebhookID
	}
	f.betaWebhook, f.acmeWebhook = hook(f.betaAPITok), hook(f.acmeAPITok)
	doc, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var submitted struct{ Data struct{ DocumentID string } }
	f.c.must(http.StatusAccepted, "POST", "/einvoicing/v1/documents", f.betaAPITok, "application/xml", doc, &submitted)
	f.betaDocs = submitted.Data.DocumentID
	// Every event of the document dies, one after the other in the order
	// of its statuses: wait for the document's last status and its dead
	// letter, so that beta's dead letters stay as they are from here on
	// and a test can compare them before and after. (It waited for the
	// first dead letter alone before: on a loaded machine the others died
	// later, while a test compared beta's records.)
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var doc struct{ Data struct{ Status string } }
		f.c.must(http.StatusOK, "GET", "/einvoicing/v1/documents/"+f.betaDocs, f.betaAPITok, "", nil, &doc)
		var dead struct {
			Data []struct{ EventID, WebhookID, DocumentID, Status string }
		}
		f.c.must(http.StatusOK, "GET", "/admin/v1/einvoicing/dead-letters?tenant=beta", f.opTok, "", nil, &dead)
		last := false
		for _, d := range dead.Data {
			if d.WebhookID == f.betaWebhook && d.DocumentID == f.betaDocs {
				f.betaDeadLetter = d.EventID
				last = last || d.Status == doc.Data.Status
			}
		}
		if last && (doc.Data.Status == "Completed" || doc.Data.Status == "Error") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("beta's events did not all die: the document is %s, %d dead letters", doc.Data.Status, len(dead.Data))
		}
	}
	f.acmeInvoice = "ACME-INV-1"
	f.c.must(http.StatusOK, "POST", "/api/v2/supplies", f.acmeAPITok, "application/json", []byte(`{"saleMessageType":"INVOICE",
		"transactionType":"SALE","documentDate":"2026-06-01","transactionId":"`+f.acmeInvoice+`",
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`), nil)
}

// TestTenantsFixtureLeavesNoEventToDie: the fixture returns once every
// event of beta's document is dead, even when the target answers slowly,
// so that the tests that compare beta's records before and after their
// walk (TestEveryAdminRouteRefusesAnotherTenant) do not see a dead
// letter arrive in between.
func TestTenantsFixtureLeavesNoEventToDie(t *testing.T) {
	f := startTenantsSlow(t, 300*time.Millisecond)
	var dead struct {
		Data []struct{ DocumentID, Status string }
	}
	f.c.must(http.StatusOK, "GET", "/admin/v1/einvoicing/dead-letters?tenant=beta", f.opTok, "", nil, &dead)
	var statuses []string
	for _, d := range dead.Data {
		if d.DocumentID == f.betaDocs {
			statuses = append(statuses, d.Status)
		}
	}
	if want := []string{"Pending", "In Progress", "Completed"}; !slices.Equal(statuses, want) {
		t.Errorf("beta's dead letters when the fixture returns: %q, want %q", statuses, want)
	}
}

// clientIDs lists the client IDs of an answer of GET /admin/v1/clients.
func clientIDs(t *testing.T, body []byte) []string {
	t.Helper()
	var list struct{ Data []credential }
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	var ids []string
	for _, c := range list.Data {
		ids = append(ids, c.ClientID)
	}
	return ids
}

// TestAdminTokenStaysInItsTenant sends, with acme's admin token, every
// admin route that names a tenant, a credential, a dead letter or the
// signing keys, with beta's name and beta's record IDs (IDOR), and checks
// that each is refused and that beta's records are as they were: before
// the admin audience was split from the operator's, each of these
// reached beta.
func TestAdminTokenStaysInItsTenant(t *testing.T) {
	f := startTenants(t)
	c, acme := f.c, f.acmeAdminTok

	// Listing: acme's own credentials only, whatever it asks for.
	st, body := c.do("GET", "/admin/v1/clients", acme, "", nil)
	ids := clientIDs(t, body)
	if st != 200 || !slices.Contains(ids, f.acmeAPI.ClientID) || slices.Contains(ids, f.betaAdmin.ClientID) || slices.Contains(ids, f.operator.ClientID) {
		t.Errorf("acme's admin lists %v (%d)", ids, st)
	}
	for _, path := range []string{"/admin/v1/clients?tenant=beta", "/admin/v1/einvoicing/dead-letters?tenant=beta",
		"/admin/v1/journal/report?tenant=beta", "/admin/v1/journal/export?tenant=beta"} {
		if st, body := c.do("GET", path, acme, "", nil); st != http.StatusForbidden || !strings.Contains(string(body), `"target":"tenant"`) {
			t.Errorf("GET %s with acme's admin token: %d %s", path, st, body)
		}
	}
	var dead struct {
		Data []struct{ EventID, TenantID string }
	}
	c.must(http.StatusOK, "GET", "/admin/v1/einvoicing/dead-letters", acme, "", nil, &dead)
	if len(dead.Data) != 0 {
		t.Errorf("acme's admin lists dead letters of others: %+v", dead.Data)
	}

	// Creating: a credential of beta, and one of the operator's audience.
	for _, body := range []string{`{"tenant":"beta","audiences":["levy://admin"],"activeNow":true}`,
		`{"audiences":["levy://operator"],"activeNow":true}`, `{"tenant":"acme","audiences":["verx://migration-api","levy://operator"]}`} {
		if st, out := c.do("POST", "/admin/v1/clients", acme, "application/json", []byte(body)); st != http.StatusForbidden || strings.Contains(string(out), "client_secret") {
			t.Errorf("create %s with acme's admin token: %d %s", body, st, out)
		}
	}
	// Nor does the operator's token make an operator credential.
	if st, out := c.do("POST", "/admin/v1/clients", f.opTok, "application/json", []byte(`{"tenant":"beta","audiences":["levy://operator"]}`)); st != http.StatusForbidden {
		t.Errorf("the operator creating an operator credential: %d %s", st, out)
	}

	// beta's credentials by their IDs: answered as unknown, and untouched.
	unknownSecret, unknownRevoke := "", ""
	if st, out := c.do("POST", "/admin/v1/clients/no-such-client/secret", acme, "", nil); st == 404 {
		unknownSecret = string(out)
	}
	if st, out := c.do("DELETE", "/admin/v1/clients/no-such-client", acme, "", nil); st == 404 {
		unknownRevoke = string(out)
	}
	for _, id := range []string{f.betaAdmin.ClientID, f.betaAPI.ClientID, f.operator.ClientID} {
		st, out := c.do("POST", "/admin/v1/clients/"+id+"/secret", acme, "", nil)
		if st != http.StatusNotFound || strings.Contains(string(out), "client_secret") ||
			!sameShape(unknownSecret, string(out), "no-such-client", id) {
			t.Errorf("replacing the secret of %s with acme's admin token: %d %s", id, st, out)
		}
		st, out = c.do("DELETE", "/admin/v1/clients/"+id, acme, "", nil)
		if st != http.StatusNotFound || !sameShape(unknownRevoke, string(out), "no-such-client", id) {
			t.Errorf("revoking %s with acme's admin token: %d %s", id, st, out)
		}
	}
	// beta's admin still gets tokens with its secret, and sees its export.
	betaAdminTok := c.token(f.betaAdmin.ClientID, f.betaAdmin.ClientSecret, "levy://admin")
	c.must(http.StatusOK, "GET", "/admin/v1/clients", betaAdminTok, "", nil, nil)

	// beta's dead letter: not replayed, still dead.
	if st, out := c.do("POST", "/admin/v1/einvoicing/dead-letters/"+f.betaDeadLetter+"/replay", acme, "", nil); st != http.StatusNotFound {
		t.Errorf("replaying beta's dead letter with acme's admin token: %d %s", st, out)
	}
	c.must(http.StatusOK, "GET", "/admin/v1/einvoicing/dead-letters", betaAdminTok, "", nil, &dead)
	if len(dead.Data) == 0 || dead.Data[0].TenantID == "" {
		t.Errorf("beta's dead letters after acme's replay: %+v", dead.Data)
	}

	// The signing keys, which every tenant shares.
	for _, r := range []struct{ method, path string }{{"GET", "/admin/v1/keys"}, {"POST", "/admin/v1/keys"}, {"DELETE", "/admin/v1/keys/k1"}} {
		if st, out := c.do(r.method, r.path, acme, "", nil); st != http.StatusForbidden {
			t.Errorf("%s %s with acme's admin token: %d %s", r.method, r.path, st, out)
		}
	}

	// What acme's admin may do: its own tenant.
	var made struct{ Data credential }
	c.must(http.StatusCreated, "POST", "/admin/v1/clients", acme, "application/json", []byte(`{"audiences":["levy://console"]}`), &made)
	if made.Data.Tenant != "acme" {
		t.Errorf("acme's admin made a credential of %q", made.Data.Tenant)
	}
	c.must(http.StatusOK, "POST", "/admin/v1/clients/"+made.Data.ClientID+"/secret", acme, "", nil, nil)
	c.must(http.StatusOK, "DELETE", "/admin/v1/clients/"+made.Data.ClientID, acme, "", nil, nil)
	c.must(http.StatusOK, "GET", "/admin/v1/journal/report?tenant=acme", acme, "", nil, nil)

	// What the operator may do: any tenant, and the keys.
	st, body = c.do("GET", "/admin/v1/clients", f.opTok, "", nil)
	if ids := clientIDs(t, body); st != 200 || !slices.Contains(ids, f.acmeAPI.ClientID) || !slices.Contains(ids, f.betaAPI.ClientID) {
		t.Errorf("the operator lists %v", ids)
	}
	c.must(http.StatusOK, "POST", "/admin/v1/einvoicing/dead-letters/"+f.betaDeadLetter+"/replay", f.opTok, "", nil, nil)
	c.must(http.StatusOK, "GET", "/admin/v1/keys", f.opTok, "", nil, nil)
	c.must(http.StatusOK, "GET", "/admin/v1/journal/report?tenant=beta", f.opTok, "", nil, nil)
	// The operator's secret is replaced only on the server's storage.
	if st, out := c.do("POST", "/admin/v1/clients/"+f.operator.ClientID+"/secret", f.opTok, "", nil); st != http.StatusForbidden {
		t.Errorf("replacing the operator's secret through the API: %d %s", st, out)
	}
}

// sameShape reports whether got is want with the one ID replaced by the
// other: the answer to another tenant's ID says no more than the answer
// to an ID that does not exist. Only the error items are compared (the
// meta has times).
func sameShape(want, got, wantID, gotID string) bool {
	items := func(s string) string {
		var a struct{ Errors json.RawMessage }
		_ = json.Unmarshal([]byte(s), &a)
		return string(a.Errors)
	}
	w := strings.ReplaceAll(items(want), wantID, gotID)
	return w != "" && w == items(got)
}

// TestTokensKeepToTheirRole sends the calls that the review made across
// roles: an API token at the console's journal routes (the whole journal,
// deleted versions included), and a console token at the API's and
// e-invoicing's writes. Each is refused now and changes nothing; before,
// each was answered 200.
func TestTokensKeepToTheirRole(t *testing.T) {
	f := startTenants(t)
	c := f.c
	for _, path := range []string{"/console/api/journal/export?from=0001-01-01&to=9999-12-31&format=csv",
		"/console/api/journal/transactions/" + f.acmeInvoice, "/console/api/journal/summary?from=2026-01-01&to=2026-12-31",
		"/console/api/journal/transactions?from=2026-01-01&to=2026-12-31", "/console/api/journal/series?from=2026-01-01&to=2026-12-31",
		"/console/api/journal/companies?from=2026-01-01&to=2026-12-31"} {
		if st, out := c.do("GET", path, f.acmeAPITok, "", nil); st != http.StatusForbidden || strings.Contains(string(out), "Los Angeles") {
			t.Errorf("GET %s with an API token: %d %.200s", path, st, out)
		}
		// The console's own token and acme's admin read them.
		c.must(http.StatusOK, "GET", path, f.acmeConsoleTok, "", nil, nil)
		c.must(http.StatusOK, "GET", path, f.acmeAdminTok, "", nil, nil)
	}

	// beta's company codes stay beta's: acme's console lists none of
	// them, and asking for one by name gives acme's nothing.
	c.must(http.StatusOK, "POST", "/api/v2/supplies", f.betaAPITok, "application/json", []byte(`{"saleMessageType":"INVOICE",
		"transactionType":"SALE","documentDate":"2026-06-01","transactionId":"BETA-INV-1",
		"seller":{"company":"BETA-SECRET-CO","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`), nil)
	for _, tok := range []string{f.acmeConsoleTok, f.acmeAdminTok} {
		for _, path := range []string{"/console/api/journal/companies?from=2026-01-01&to=2026-12-31",
			"/console/api/journal/companies?from=2026-01-01&to=2026-12-31&tenant=beta",
			"/console/api/journal/summary?from=2026-01-01&to=2026-12-31&company=BETA-SECRET-CO",
			"/console/api/journal/transactions?from=2026-01-01&to=2026-12-31&company=BETA-SECRET-CO"} {
			st, out := c.do("GET", path, tok, "", nil)
			if strings.Contains(string(out), "BETA") || strings.Contains(string(out), "Los Angeles") && strings.Contains(path, "BETA") {
				t.Errorf("GET %s with an acme token: %d %.300s", path, st, out)
			}
		}
	}

	ro := f.acmeConsoleTok
	invoice := `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","transactionId":"RO-1",
		"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`
	for _, r := range []struct{ method, path, ctype, body string }{
		{"DELETE", "/api/v2/transactions/" + f.acmeInvoice, "", ""},
		{"POST", "/api/v2/transactions/" + f.acmeInvoice + "/reversal", "application/json", `{"data":{"transactionId":"RO-REV"}}`},
		{"POST", "/api/v2/transactions/" + f.acmeInvoice + "/rollback", "", ""},
		{"POST", "/api/v2/supplies", "application/json", invoice},
		{"POST", "/einvoicing/v1/webhooks", "application/json", `{"targetUrl":"https://example.com/hook","secretKey":"tenant-test-secret-0123456789abcdef","events":"all"}`},
		{"DELETE", "/einvoicing/v1/webhooks/" + f.acmeWebhook, "", ""},
		{"POST", "/einvoicing/v1/documents", "application/xml", "<Invoice/>"},
	} {
		st, out := c.do(r.method, r.path, ro, r.ctype, []byte(r.body))
		if st != http.StatusForbidden || !strings.Contains(string(out), "read-only") {
			t.Errorf("%s %s with a console token: %d %s", r.method, r.path, st, out)
		}
	}
	// Nothing changed: the invoice is live and alone, the connection is
	// there.
	var exists struct{ TransactionExistsIndicator string }
	for id, want := range map[string]string{f.acmeInvoice: "true", "RO-1": "false", "RO-REV": "false"} {
		c.must(http.StatusOK, "GET", "/api/v2/transaction-exists/"+id, f.acmeAPITok, "", nil, &exists)
		if exists.TransactionExistsIndicator != want {
			t.Errorf("transaction %s exists: %s, want %s", id, exists.TransactionExistsIndicator, want)
		}
	}
	c.must(http.StatusOK, "GET", "/einvoicing/v1/webhooks/"+f.acmeWebhook, f.acmeAPITok, "", nil, nil)
	// What it may do: read and estimate.
	c.must(http.StatusOK, "POST", "/api/v2/supplies", ro, "application/json", []byte(strings.Replace(invoice, `"INVOICE"`, `"QUOTATION"`, 1)), nil)
	c.must(http.StatusOK, "GET", "/api/v2/transaction-exists/"+f.acmeInvoice, ro, "", nil, nil)
	c.must(http.StatusOK, "GET", "/einvoicing/v1/webhooks", ro, "", nil, nil)
}

// TestConsoleSignInSpendsNoRate signs in to the console twelve times, as
// a day of new tabs and renewals does, at the token path the console's
// settings name: every sign-in gets the same token, and the credential's
// limit of 10 tokens per 8 hours is not reached. At /oauth/token, where
// the console signed in before, the eleventh sign-in was refused.
func TestConsoleSignInSpendsNoRate(t *testing.T) {
	f := startTenants(t)
	var cfg struct {
		Data struct{ TokenPath, Audience string }
	}
	f.c.must(http.StatusOK, "GET", "/console/api/config", "", "", nil, &cfg)
	if cfg.Data.TokenPath != "/cached/oauth/token" {
		t.Errorf("the console signs in at %s", cfg.Data.TokenPath)
	}
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {f.acmeConsole.ClientID},
		"client_secret": {f.acmeConsole.ClientSecret}, "audience": {cfg.Data.Audience}}.Encode()
	first := ""
	for i := range 12 {
		var tok struct {
			AccessToken string `json:"access_token"`
		}
		f.c.must(http.StatusOK, "POST", cfg.Data.TokenPath, "", "application/x-www-form-urlencoded", []byte(form), &tok)
		if i == 0 {
			first = tok.AccessToken
		} else if tok.AccessToken != first {
			t.Errorf("sign-in %d got another token", i+1)
		}
	}
	// At /oauth/token a credential's eleventh token in the window is
	// refused: beta's API credential has spent one already.
	form = url.Values{"grant_type": {"client_credentials"}, "client_id": {f.betaAPI.ClientID},
		"client_secret": {f.betaAPI.ClientSecret}, "audience": {"verx://migration-api"}}.Encode()
	for i := 2; i <= 11; i++ {
		st, out := f.c.do("POST", "/oauth/token", "", "application/x-www-form-urlencoded", []byte(form))
		if (st == http.StatusOK) != (i <= 10) {
			t.Errorf("token %d at /oauth/token: %d %s", i, st, out)
		}
	}
}
