package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// servedOperation is one method on one path of the served OpenAPI
// document: its path template ({code}, {number}, ...), the base path it is
// served under ("/api/v2" for the API's, "" for a path under a server of
// its own), its path and query parameters, and whether it states a
// security of its own (the public routes and the token endpoints) rather
// than the document's, a tenant's access token.
type servedOperation struct {
	method, path, base string
	params             []struct{ Name, In string }
	ownSecurity        bool
}

// servedOperations returns every operation of the server's OpenAPI
// document, in path and method order.
func servedOperations(t *testing.T, c consoleClient) []servedOperation {
	t.Helper()
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	c.must(http.StatusOK, "GET", "/api/v2/openapi.json", "", "", nil, &doc)
	var ops []servedOperation
	for path, item := range doc.Paths {
		base := "/api/v2"
		if _, ok := item["servers"]; ok {
			base = ""
		}
		for method, raw := range item {
			switch method {
			case "get", "post", "put", "patch", "delete":
			default:
				continue
			}
			var op struct {
				Parameters []struct{ Name, In string }
				Security   json.RawMessage
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			ops = append(ops, servedOperation{strings.ToUpper(method), path, base, op.Parameters, op.Security != nil})
		}
	}
	slices.SortFunc(ops, func(a, b servedOperation) int { return strings.Compare(a.path+" "+a.method, b.path+" "+b.method) })
	return ops
}

// recordKeys fills the path parameters of every operation with keys of
// acme's records, or keys that name nothing.
func recordKeys(f *tenantsFixture) *strings.Replacer {
	return strings.NewReplacer("{id}", f.acmeInvoice, "{transactionid}", f.acmeInvoice, "{transactionId}", f.acmeInvoice,
		"{webhookId}", f.acmeWebhook, "{documentId}", "no-such-document", "{eventId}", "no-such-event", "{kid}", "no-such-key",
		"{code}", "C-1", "{number}", "N-1", "{codeType}", "SKU", "{jurisdiction}", "TX", "{areaId}", "A-1", "{name}", "F",
		"{kind}", "customers", "{sha256}", strings.Repeat("0", 64), "{taxareaid}", "7958356673950504")
}

// TestEveryAdminRouteRefusesAnotherTenant walks every admin operation of
// the served OpenAPI document, so that a route added later is walked too,
// with acme's admin token, twice: naming beta (the query's tenant and the
// body's), which must be answered 403; and with beta's record keys in the
// path (IDOR), which may reach acme's own records but never beta's. No
// answer carries beta's records, none is a 5xx, and beta's credentials,
// dead letters, journal and profile, and the shared signing keys, are as
// they were.
func TestEveryAdminRouteRefusesAnotherTenant(t *testing.T) {
	f := startTenants(t)
	c := f.c
	betaAdminTok := c.token(f.betaAdmin.ClientID, f.betaAdmin.ClientSecret, "levy://admin")

	// beta's records, each with a mark that acme never sends.
	const (
		betaName    = "Beta Confidential Customer"
		betaInvoice = "BETA-CONFIDENTIAL-INV"
		betaPDF     = "%PDF-1.7\n% beta's confidential scan\n%%EOF\n"
	)
	const ctJSON = "application/json"
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/customers", betaAdminTok, ctJSON, []byte(`{"code":"B-1","name":"`+betaName+`"}`), nil)
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/customers/B-1/certificates", betaAdminTok, ctJSON,
		[]byte(`{"number":"BTX-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`), nil)
	c.must(http.StatusOK, "PUT", "/admin/v1/profile/customers/B-1/certificates/BTX-1/document", betaAdminTok, "application/pdf", []byte(betaPDF), nil)
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/registrations", betaAdminTok, ctJSON, []byte(`{"jurisdiction":"TX","number":"32099999999"}`), nil)
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/products", betaAdminTok, ctJSON, []byte(`{"code":"BETA-SKU","class":"SAAS"}`), nil)
	c.must(http.StatusOK, "PUT", "/admin/v1/profile/franchises/BETA-AREA/Beta%20Fee", betaAdminTok, ctJSON,
		[]byte(`{"rate":"0.03","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"beta's agreement"}`), nil)
	c.must(http.StatusOK, "PUT", "/admin/v1/profile/policy", betaAdminTok, ctJSON, []byte(`{"expiryNoticeDays":45}`), nil)
	c.must(http.StatusOK, "POST", "/api/v2/supplies", f.betaAPITok, ctJSON, []byte(`{"saleMessageType":"INVOICE",
		"transactionType":"SALE","documentDate":"2026-06-01","transactionId":"`+betaInvoice+`",
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`), nil)
	scan := sha256.Sum256([]byte(betaPDF))

	// What beta has, as the operator reads it.
	var reads []stateRead
	for _, path := range []string{"/admin/v1/clients?tenant=beta", "/admin/v1/einvoicing/dead-letters?tenant=beta",
		"/admin/v1/journal/export?tenant=beta", "/admin/v1/journal/report?tenant=beta", "/admin/v1/profile/export?tenant=beta",
		"/admin/v1/profile/policy?tenant=beta", "/admin/v1/keys"} {
		reads = append(reads, stateRead{path, f.opTok})
	}
	state := func() string { return readState(t, c, reads...) }
	before := state()
	if !strings.Contains(before, betaName) || !strings.Contains(before, betaInvoice) {
		t.Fatalf("beta's records are not where the walk looks:\n%s", before)
	}
	marks := []string{betaName, betaInvoice, "beta's confidential scan", "beta's agreement", f.betaAPI.ClientID, f.betaDocs}

	// beta's keys, by the names the paths give them.
	keys := map[string]string{
		"id": f.betaAPI.ClientID, "eventId": f.betaDeadLetter, "kid": "no-such-key",
		"code": "B-1", "number": "BTX-1", "sha256": hex.EncodeToString(scan[:]), "kind": "customers",
		"jurisdiction": "TX", "codeType": "SKU", "areaId": "BETA-AREA", "name": "Beta Fee",
	}
	bodies := map[string]struct{ ctype, body string }{
		"POST /admin/v1/clients":                                                {ctJSON, `{"audiences":["levy://admin"],"activeNow":true}`},
		"POST /admin/v1/profile/customers":                                      {ctJSON, `{"code":"A-NEW","name":"made by acme"}`},
		"PUT /admin/v1/profile/customers/{code}":                                {ctJSON, `{"name":"changed by acme"}`},
		"POST /admin/v1/profile/customers/{code}/certificates":                  {ctJSON, `{"number":"A-9","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`},
		"PUT /admin/v1/profile/customers/{code}/certificates/{number}":          {ctJSON, `{"jurisdictions":["CA"],"reasonCode":"G","effectiveDate":"2020-01-01"}`},
		"PUT /admin/v1/profile/customers/{code}/certificates/{number}/document": {"application/pdf", "%PDF-1.7\n% acme's\n%%EOF\n"},
		"POST /admin/v1/profile/documents":                                      {"application/pdf", "%PDF-1.7\n% acme's\n%%EOF\n"},
		"POST /admin/v1/profile/registrations":                                  {ctJSON, `{"jurisdiction":"CA","number":"9"}`},
		"PUT /admin/v1/profile/registrations/{jurisdiction}/{number}":           {ctJSON, `{"physicalPresence":true}`},
		"POST /admin/v1/profile/products":                                       {ctJSON, `{"code":"A-SKU","class":"GENERAL"}`},
		"PUT /admin/v1/profile/products/{codeType}/{code}":                      {ctJSON, `{"class":"GENERAL"}`},
		"POST /admin/v1/profile/franchises":                                     {ctJSON, `{"areaId":"BETA-AREA","name":"Beta Fee","rate":"0.09","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"acme"}`},
		"PUT /admin/v1/profile/franchises/{areaId}/{name}":                      {ctJSON, `{"rate":"0.09","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"acme"}`},
		"PUT /admin/v1/profile/policy":                                          {ctJSON, `{"expiryNoticeDays":1}`},
		"POST /admin/v1/profile/import":                                         {ctJSON, `{"customers":[{"code":"B-1","name":"imported by acme"}]}`},
		"POST /admin/v1/profile/import/files":                                   {"text/csv", "product_code,product_class\nBETA-SKU,GENERAL\n"},
	}
	// The code of a product path is its code type's: the registrations'
	// number is beta's registration, not its certificate.
	fill := func(op servedOperation) string {
		path := op.path
		if strings.HasPrefix(path, "/admin/v1/profile/products/") {
			path = strings.Replace(path, "{code}", "BETA-SKU", 1)
		}
		if strings.HasPrefix(path, "/admin/v1/profile/registrations/") {
			path = strings.Replace(path, "{number}", "32099999999", 1)
		}
		for k, v := range keys {
			path = strings.ReplaceAll(path, "{"+k+"}", url.PathEscape(v))
		}
		if strings.Contains(path, "{") {
			t.Fatalf("%s %s: a path parameter the walk does not know", op.method, op.path)
		}
		return path
	}
	withTenant := func(path, body string) (string, string) {
		if strings.HasPrefix(body, "{") {
			body = `{"tenant":"beta",` + strings.TrimPrefix(body, "{")
		}
		return path + "?tenant=beta", body
	}

	var ops []servedOperation
	for _, op := range servedOperations(t, c) {
		if strings.HasPrefix(op.path, "/admin/") {
			ops = append(ops, op)
		}
	}
	if len(ops) < 30 {
		t.Fatalf("only %d admin operations in the OpenAPI document", len(ops))
	}
	for _, op := range ops {
		b, ok := bodies[op.method+" "+op.path]
		if !ok && op.method != "GET" && op.method != "DELETE" {
			b = struct{ ctype, body string }{ctJSON, `{}`}
		}
		path := fill(op)
		// Naming beta: refused, whatever the route.
		named, body := withTenant(path, b.body)
		st, out := c.do(op.method, named, f.acmeAdminTok, b.ctype, []byte(body))
		if st != http.StatusForbidden && (st != http.StatusBadRequest || !strings.Contains(string(out), `"target":"tenant"`)) {
			t.Errorf("%s %s with acme's admin token: %d, want 403, or 400 for a route without the parameter: %.300s", op.method, named, st, out)
		}
		checkNoMarks(t, op.method+" "+named, out, marks)
		// beta's keys in acme's own tenant: acme's records or none.
		st, out = c.do(op.method, path, f.acmeAdminTok, b.ctype, []byte(b.body))
		if st >= 500 {
			t.Errorf("%s %s with acme's admin token: %d: %.300s", op.method, path, st, out)
		}
		checkNoMarks(t, op.method+" "+path, out, marks)
	}
	if after := state(); after != before {
		t.Errorf("acme's admin token changed beta's records or the keys:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// stateRead is a GET whose answer is part of what a walk must leave as
// it was, and the token that reads it.
type stateRead struct{ path, tok string }

// readState returns the answers of reads, without their meta, one after
// the other: two calls compare equal when nothing they read changed.
func readState(t *testing.T, c consoleClient, reads ...stateRead) string {
	t.Helper()
	var b strings.Builder
	for _, r := range reads {
		st, out := c.do("GET", r.path, r.tok, "", nil)
		if st != http.StatusOK {
			t.Fatalf("GET %s: %d %s", r.path, st, out)
		}
		b.WriteString(r.path + "\n" + dropMeta(out) + "\n")
	}
	return b.String()
}

// checkNoMarks fails when an answer to what ("METHOD path") carries one
// of another tenant's marks that the request did not send itself (an
// error may name the key it was given).
func checkNoMarks(t *testing.T, what string, out []byte, marks []string) {
	t.Helper()
	for _, m := range marks {
		if m != "" && !strings.Contains(what, m) && strings.Contains(string(out), m) {
			t.Errorf("%s answered with another tenant's %q: %.300s", what, m, out)
		}
	}
}

// dropMeta returns a JSON answer without its meta member, whose times
// change from one request to the next; other answers as they are.
func dropMeta(out []byte) string {
	var v map[string]json.RawMessage
	if json.Unmarshal(out, &v) != nil {
		return string(out)
	}
	delete(v, "meta")
	b, _ := json.Marshal(v)
	return string(b)
}

// TestEveryTenantRouteKeepsToItsTenant walks every operation of the
// served OpenAPI document that takes a record's key (a transaction, an
// e-invoice, a webhook connection), so that a route added later is walked
// too, with acme's calculation token and beta's keys (IDOR): none answers
// with beta's records or a 5xx, beta's e-invoice and connection are
// answered 404 as unknown ones are, and beta's journal, e-invoice and
// connection are as they were.
func TestEveryTenantRouteKeepsToItsTenant(t *testing.T) {
	f := startTenants(t)
	c := f.c
	const betaInvoice, betaMark = "BETA-WALK-INV", "BETA-CONFIDENTIAL-CUSTOMER"
	c.must(http.StatusOK, "POST", "/api/v2/supplies", f.betaAPITok, "application/json", []byte(`{"saleMessageType":"INVOICE",
		"transactionType":"SALE","documentDate":"2026-06-01","transactionId":"`+betaInvoice+`",
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"customerCode":{"value":"`+betaMark+`"},"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`), nil)
	state := func() string {
		return readState(t, c, stateRead{"/admin/v1/journal/export?tenant=beta", f.opTok},
			stateRead{"/api/v2/transaction-exists/" + betaInvoice, f.betaAPITok},
			stateRead{"/einvoicing/v1/documents/" + f.betaDocs, f.betaAPITok},
			stateRead{"/einvoicing/v1/documents/" + f.betaDocs + "/content", f.betaAPITok},
			stateRead{"/einvoicing/v1/webhooks/" + f.betaWebhook, f.betaAPITok})
	}
	// beta's e-invoice moves on by itself until it is Completed (or in
	// Error): wait for that, so that only a change acme makes can differ.
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var d struct{ Data struct{ Status string } }
		c.must(http.StatusOK, "GET", "/einvoicing/v1/documents/"+f.betaDocs, f.betaAPITok, "", nil, &d)
		if d.Data.Status == "Completed" || d.Data.Status == "Error" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("beta's e-invoice stays %s", d.Data.Status)
		}
	}
	before := state()
	if !strings.Contains(before, betaMark) {
		t.Fatalf("beta's invoice is not where the walk looks:\n%s", before)
	}

	keys := map[string]string{"id": betaInvoice, "transactionid": betaInvoice, "transactionId": betaInvoice,
		"documentId": f.betaDocs, "webhookId": f.betaWebhook}
	walked := 0
	for _, op := range servedOperations(t, c) {
		if strings.HasPrefix(op.path, "/admin/") {
			continue
		}
		path, keyed := op.path, false
		var query []string
		for _, p := range op.params {
			v, ok := keys[p.Name]
			switch {
			case p.In == "path" && ok:
				path = strings.ReplaceAll(path, "{"+p.Name+"}", url.PathEscape(v))
				keyed = true
			case p.In == "query" && ok:
				query = append(query, p.Name+"="+url.QueryEscape(v))
				keyed = true
			}
		}
		if !keyed {
			continue
		}
		if strings.Contains(path, "{") {
			t.Fatalf("%s %s: a path parameter the walk does not know", op.method, op.path)
		}
		at := op.base + path
		if len(query) > 0 {
			at += "?" + strings.Join(query, "&")
		}
		m := op.method
		body, ctype := "", ""
		if m == "POST" {
			body, ctype = `{"data":{"transactionId":"ACME-WALK-REV"}}`, "application/json"
			if strings.HasPrefix(at, "/einvoicing/") {
				body = `{}`
			}
		}
		walked++
		st, out := c.do(m, at, f.acmeAPITok, ctype, []byte(body))
		if st >= 500 || (strings.Contains(at, f.betaDocs) || strings.Contains(at, f.betaWebhook)) && st != http.StatusNotFound {
			t.Errorf("%s %s with acme's token: %d: %.300s", m, at, st, out)
		}
		checkNoMarks(t, m+" "+at, out, []string{betaMark})
	}
	if walked < 9 {
		t.Fatalf("only %d operations take a record's key", walked)
	}
	t.Logf("%d operations walked", walked)
	if after := state(); after != before {
		t.Errorf("acme's token changed beta's records:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestEveryWriteRefusesAReader sends every operation of the served
// OpenAPI document that may change something, so that a route added later
// is sent too, with acme's console token, which reads and estimates only:
// each is answered 403, and acme's journal and profile are as they were.
// Estimates and lookups (POST with nothing stored), rendering an
// e-invoice and the token endpoints are what a reader may POST; the
// explanations (POST /explain/...), which store nothing whatever the
// message type, are sent the invoice too and answer it, 200, leaving
// the journal as it was.
func TestEveryWriteRefusesAReader(t *testing.T) {
	f := startTenants(t)
	c := f.c
	acmeAdminState := func() string {
		var reads []stateRead
		for _, path := range []string{"/admin/v1/journal/export", "/admin/v1/profile/export", "/admin/v1/clients", "/admin/v1/profile/policy"} {
			reads = append(reads, stateRead{path, f.acmeAdminTok})
		}
		return readState(t, c, reads...)
	}
	before := acmeAdminState()

	reads := []string{"/address-lookup", "/coordinates-lookup", "/taxareaid-lookup", "/external-jurisdiction-lookup",
		"/find-taxareas", "/oauth/token", "/authorize", "/render"}
	invoice := `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","transactionId":"READER-1",
		"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`
	bodies := map[string]string{
		"/supplies":    invoice,
		"/procurement": strings.NewReplacer(`"saleMessageType":"INVOICE"`, `"purchaseMessageType":"ACCRUAL"`, `"transactionType":"SALE"`, `"transactionType":"PURCHASE"`, `"customer"`, `"buyer"`).Replace(invoice),
		"/owner":       strings.NewReplacer(`"saleMessageType":"INVOICE"`, `"ownerMessageType":"ASSET_MOVEMENT"`, `"transactionType":"SALE",`, ``, `"customer"`, `"owner"`).Replace(invoice),
	}
	keys := recordKeys(f)
	sent, explained := 0, 0
	for _, op := range servedOperations(t, c) {
		if slices.ContainsFunc(reads, func(r string) bool { return strings.HasSuffix(op.path, r) }) {
			continue
		}
		m := op.method
		if m != "POST" && m != "PUT" && m != "PATCH" && m != "DELETE" {
			continue
		}
		at := op.base + keys.Replace(op.path)
		explain, isExplain := strings.CutPrefix(op.path, "/explain")
		body := bodies[explain]
		if body == "" {
			body = `{}`
		}
		sent++
		if isExplain {
			explained++
			st, out := c.do(m, at, f.acmeConsoleTok, "application/json", []byte(body))
			if st != http.StatusOK || !strings.Contains(string(out), `"explanation":[{"path":"lineItems[0]"`) {
				t.Errorf("%s %s with acme's console token: %d, want 200 and an explanation: %.300s", m, at, st, out)
			}
			continue
		}
		st, out := c.do(m, at, f.acmeConsoleTok, "application/json", []byte(body))
		// 403 because the token is read-only, or because its audience
		// may not use the route at all (the credentials and keys).
		if st != http.StatusForbidden || !strings.Contains(string(out), "read-only") && !strings.Contains(string(out), "may not use this route") {
			t.Errorf("%s %s with acme's console token: %d, want 403: %.300s", m, at, st, out)
		}
	}
	if sent < 30 {
		t.Fatalf("only %d operations sent", sent)
	}
	if explained != 3 {
		t.Errorf("%d explanations sent, want 3", explained)
	}
	t.Logf("%d operations sent", sent)
	if after := acmeAdminState(); after != before {
		t.Errorf("the console token changed acme's records:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestEveryOperationRefusesGarbage sends every operation of the served
// OpenAPI document, so that a route added later is sent too, bodies that
// are not what it takes (broken JSON, the wrong JSON, the wrong media
// type) and a query parameter with a control character, with a token
// that may use it (the operator's for the admin routes, acme's
// calculation token for the others): each answer is a 4xx with a body
// that names the fault, never a 5xx.
func TestEveryOperationRefusesGarbage(t *testing.T) {
	f := startTenants(t)
	c := f.c
	keys := recordKeys(f)
	garbage := []struct{ ctype, body string }{
		{"application/json", `{`}, {"application/json", `[1,`}, {"application/json", `{"noSuchMember":1}`},
		{"application/json", `null`}, {"application/json", "\x00\xff"}, {"text/plain", "hello"},
	}
	sent := 0
	for _, op := range servedOperations(t, c) {
		tok := f.acmeAPITok
		if strings.HasPrefix(op.path, "/admin/") {
			tok = f.opTok
		}
		m := op.method
		at := op.base + keys.Replace(op.path)
		check := func(what string, st int, out []byte) {
			t.Helper()
			sent++
			if st < 400 {
				t.Logf("%s %s %s: %d", m, at, what, st)
			}
			if st >= 500 || st < 400 && st != http.StatusOK && st != http.StatusCreated && st != http.StatusAccepted {
				t.Errorf("%s %s %s: %d: %.300s", m, at, what, st, out)
			}
			if st >= 400 && !strings.Contains(string(out), "error") {
				t.Errorf("%s %s %s: %d without an error named: %.300s", m, at, what, st, out)
			}
		}
		st, out := c.do(m, at+"?x=%01", tok, "", nil)
		if st < 400 {
			t.Errorf("%s %s?x=%%01: %d, want a refusal: %.300s", m, at, st, out)
		}
		check("?x=%01", st, out)
		if m == "GET" || m == "DELETE" {
			continue
		}
		for _, g := range garbage {
			st, out := c.do(m, at, tok, g.ctype, []byte(g.body))
			check(fmt.Sprintf("%s %q", g.ctype, g.body), st, out)
		}
	}
	t.Logf("%d requests sent", sent)
}

// TestEveryTenantRouteRefusesATenantParameter sends every operation of
// the served OpenAPI document that a tenant's access token calls (every
// one that states no security of its own and is not an admin route), so
// that a route added later is sent too, with acme's calculation token,
// acme's own record keys and a parameter naming beta (tenant=beta or
// tenantId=beta). The token alone chooses the tenant, so each is refused
// 400 naming the parameter: a route that passed over it answered acme's
// records, or stored acme's document, as if beta's had been asked for.
// Acme's journal and connections are as they were.
func TestEveryTenantRouteRefusesATenantParameter(t *testing.T) {
	f := startTenants(t)
	c := f.c
	doc, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var submitted struct{ Data struct{ DocumentID string } }
	c.must(http.StatusAccepted, "POST", "/einvoicing/v1/documents", f.acmeAPITok, "application/xml", doc, &submitted)
	state := func() string {
		return readState(t, c, stateRead{"/admin/v1/journal/export", f.acmeAdminTok},
			stateRead{"/einvoicing/v1/webhooks", f.acmeAPITok})
	}
	before := state()
	keys := strings.NewReplacer("{id}", f.acmeInvoice, "{transactionid}", f.acmeInvoice, "{transactionId}", f.acmeInvoice,
		"{documentId}", submitted.Data.DocumentID, "{webhookId}", f.acmeWebhook, "{taxareaid}", "7958356673950504")
	sent := 0
	for _, op := range servedOperations(t, c) {
		if op.ownSecurity || strings.HasPrefix(op.path, "/admin/") {
			continue
		}
		path := keys.Replace(op.path)
		if strings.Contains(path, "{") {
			t.Fatalf("%s %s: a path parameter the walk does not know", op.method, op.path)
		}
		var query []string
		for _, p := range op.params {
			if p.In == "query" && p.Name == "webhookId" {
				query = append(query, "webhookId="+url.QueryEscape(f.acmeWebhook))
			}
		}
		ctype, body := "", ""
		switch {
		case op.method == "POST" && op.path == "/einvoicing/v1/documents":
			ctype, body = "application/xml", string(doc)
		case op.method == "POST" || op.method == "PUT" || op.method == "PATCH":
			ctype, body = "application/json", `{}`
		}
		for _, name := range []string{"tenant", "tenantId"} {
			at := op.base + path + "?" + strings.Join(append(slices.Clone(query), name+"=beta"), "&")
			sent++
			st, out := c.do(op.method, at, f.acmeAPITok, ctype, []byte(body))
			if st != http.StatusBadRequest || !strings.Contains(string(out), `"target":"`+name+`"`) {
				t.Errorf("%s %s with acme's token: %d, want 400 naming %s: %.300s", op.method, at, st, name, out)
			}
		}
	}
	if sent < 40 {
		t.Fatalf("only %d requests sent", sent)
	}
	t.Logf("%d requests sent", sent)
	if after := state(); after != before {
		t.Errorf("a request naming beta changed acme's records:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}
