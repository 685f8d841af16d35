package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/internal/pgtest"
)

// keyPair is a key of beta's records and a key of the same shape that
// names nothing in any tenant.
type keyPair struct{ beta, none string }

// unknownLike returns a key of the shape of k (its length, its case, its
// separators) that names nothing: each hex digit is moved on by one and
// each other letter or digit by one in its own range.
func unknownLike(k string) string {
	b := []byte(k)
	for i, c := range b {
		switch {
		case c >= '0' && c <= '8', c >= 'a' && c <= 'e', c >= 'A' && c <= 'E':
			b[i] = c + 1
		case c == '9':
			b[i] = '0'
		case c == 'f' || c == 'F':
			b[i] = c - 5
		case c >= 'g' && c < 'z', c >= 'G' && c < 'Z':
			b[i] = c + 1
		case c == 'z' || c == 'Z':
			b[i] = c - 19
		}
	}
	return string(b)
}

// asUnknown returns out with every key of beta's in pairs written as its
// unknown twin (raw, path-escaped and query-escaped), and without its
// meta: the answer to beta's key, told as if the unknown key had been
// sent.
func asUnknown(out []byte, pairs []keyPair) string {
	s := string(out)
	for _, p := range pairs {
		for _, enc := range []func(string) string{url.PathEscape, url.QueryEscape, func(s string) string { return s }} {
			if b := enc(p.beta); b != "" {
				s = strings.ReplaceAll(s, b, enc(p.none))
			}
		}
	}
	return dropMeta([]byte(s))
}

// versionStamps matches the version numbers and times of acme's own
// writes in an answer: the two sides of a pair are two writes, one after
// the other, so these differ by design.
var versionStamps = regexp.MustCompile(`"(version|at)":("[^"]*"|[0-9]+)`)

// sameButStamps reports whether two answers are the same but for the
// version numbers and times of their writes.
func sameButStamps(a, b string) bool {
	return versionStamps.ReplaceAllString(a, "") == versionStamps.ReplaceAllString(b, "")
}

// walkPair sends one request twice with tok: with beta's keys and with
// the unknown keys of the same shape (both in the path, query and body,
// built by build from one of the two sides of each pair). The answers
// must be the same, but for the key each names, byte for byte: an answer
// that differs tells acme that beta holds the key (a 403 where an
// unknown key gets 404, a 409, a longer error), or hands over beta's
// record.
func walkPair(t *testing.T, c consoleClient, tok string, pairs []keyPair, marks []string,
	build func(key func(string) string) (method, path, ctype, body string)) (status int) {
	t.Helper()
	side := func(beta bool) func(string) string {
		return func(name string) string {
			for _, p := range pairs {
				if p.beta == name {
					if beta {
						return p.beta
					}
					return p.none
				}
			}
			t.Fatalf("no key pair for %q", name)
			return ""
		}
	}
	m, path, ctype, body := build(side(true))
	st, out := c.do(m, path, tok, ctype, []byte(body))
	um, upath, uctype, ubody := build(side(false))
	ust, uout := c.do(um, upath, tok, uctype, []byte(ubody))
	if st >= 500 || ust >= 500 {
		t.Errorf("%s %s: %d, and with unknown keys %d: %.300s", m, path, st, ust, out)
	}
	if st != ust || !sameButStamps(asUnknown(out, pairs), dropMeta(uout)) {
		t.Errorf("%s %s with acme's token tells beta's keys from unknown ones:\nbeta's keys:   %d %.400s\nunknown keys:  %d %.400s",
			m, path, st, asUnknown(out, pairs), ust, dropMeta(uout))
	}
	checkNoMarks(t, m+" "+path, out, marks)
	return st
}

// TestAnotherTenantsKeysAnswerAsUnknownOnes walks every admin operation
// of the served OpenAPI document (so that a route added later is walked
// too) with acme's admin token and the keys of beta's records (its
// customer, certificate and its scan, registration, product, franchise
// fee, credential, dead letter, and the same keys in the bodies that
// create records), and again with keys of the same shape that name
// nothing (each GET also as HEAD): each pair of answers must be the same
// but for the key, so that no status, no conflict and no message tells
// acme that beta holds a key. Acme may create a record under a key beta uses, as under any
// other. Beta's records are as they were, and no answer carries them.
func TestAnotherTenantsKeysAnswerAsUnknownOnes(t *testing.T) {
	f := startTenants(t)
	walkAdminKeys(t, f, f.c)
}

// TestAnotherTenantsKeysAnswerAsUnknownOnesOnTwoNodes is
// TestAnotherTenantsKeysAnswerAsUnknownOnes over two nodes sharing one
// PostgreSQL database: beta's records are made through one node and acme
// walks the other.
func TestAnotherTenantsKeysAnswerAsUnknownOnesOnTwoNodes(t *testing.T) {
	f, victim := startTenantsOnTwoNodes(t)
	walkAdminKeys(t, f, victim)
}

// walkAdminKeys is the walk of TestAnotherTenantsKeysAnswerAsUnknownOnes:
// beta's records are made through victim, and acme sends its requests
// through f's client.
func walkAdminKeys(t *testing.T, f *tenantsFixture, victim consoleClient) {
	t.Helper()
	c := f.c
	betaAdminTok := victim.token(f.betaAdmin.ClientID, f.betaAdmin.ClientSecret, "levy://admin")
	const ctJSON = "application/json"
	const (
		betaName = "Beta Walk Customer Secret"
		betaPDF  = "%PDF-1.7\n% beta's walk scan\n%%EOF\n"
		nonePDF  = "%PDF-1.7\n% zeta's walk scan\n%%EOF\n"
	)
	victim.must(http.StatusCreated, "POST", "/admin/v1/profile/customers", betaAdminTok, ctJSON, []byte(`{"code":"BC-1","name":"`+betaName+`"}`), nil)
	victim.must(http.StatusCreated, "POST", "/admin/v1/profile/customers/BC-1/certificates", betaAdminTok, ctJSON,
		[]byte(`{"number":"BTX-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`), nil)
	victim.must(http.StatusOK, "PUT", "/admin/v1/profile/customers/BC-1/certificates/BTX-1/document", betaAdminTok, "application/pdf", []byte(betaPDF), nil)
	victim.must(http.StatusCreated, "POST", "/admin/v1/profile/registrations", betaAdminTok, ctJSON, []byte(`{"jurisdiction":"TX","number":"32099999999"}`), nil)
	victim.must(http.StatusCreated, "POST", "/admin/v1/profile/products", betaAdminTok, ctJSON, []byte(`{"code":"BETA-SKU","class":"SAAS"}`), nil)
	victim.must(http.StatusOK, "PUT", "/admin/v1/profile/franchises/BETA-AREA/Beta%20Fee", betaAdminTok, ctJSON,
		[]byte(`{"rate":"0.03","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"beta's agreement"}`), nil)
	scan, noneScan := sha256.Sum256([]byte(betaPDF)), sha256.Sum256([]byte(nonePDF))

	pairs := []keyPair{
		{"BC-1", "ZC-1"}, {"BTX-1", "ZTX-1"}, {"32099999999", "32088888888"}, {"BETA-SKU", "ZETA-SKU"},
		{"BETA-AREA", "ZETA-AREA"}, {"Beta Fee", "Zeta Fee"}, {betaPDF, nonePDF},
		{hex.EncodeToString(scan[:]), hex.EncodeToString(noneScan[:])},
		{f.betaAPI.ClientID, unknownLike(f.betaAPI.ClientID)}, {f.betaDeadLetter, unknownLike(f.betaDeadLetter)},
	}
	marks := []string{betaName, "beta's walk scan", "beta's agreement", f.betaDocs}

	var reads []stateRead
	for _, path := range []string{"/admin/v1/clients?tenant=beta", "/admin/v1/einvoicing/dead-letters?tenant=beta",
		"/admin/v1/profile/export?tenant=beta", "/admin/v1/profile/policy?tenant=beta"} {
		reads = append(reads, stateRead{path, f.opTok})
	}
	before := readState(t, c, reads...)
	if !strings.Contains(before, betaName) || !strings.Contains(before, f.betaDeadLetter) {
		t.Fatalf("beta's records are not where the walk looks:\n%s", before)
	}

	// What each path parameter is, by the path it is in.
	param := func(path, name string) string {
		switch {
		case name == "id":
			return f.betaAPI.ClientID
		case name == "eventId":
			return f.betaDeadLetter
		case name == "sha256":
			return hex.EncodeToString(scan[:])
		case name == "number" && strings.HasPrefix(path, "/admin/v1/profile/registrations/"):
			return "32099999999"
		case name == "number":
			return "BTX-1"
		case name == "code" && strings.HasPrefix(path, "/admin/v1/profile/products/"):
			return "BETA-SKU"
		case name == "code":
			return "BC-1"
		case name == "areaId":
			return "BETA-AREA"
		case name == "name":
			return "Beta Fee"
		}
		return ""
	}
	// The bodies, with beta's keys where a key goes.
	bodies := map[string]struct{ ctype, body string }{
		"POST /admin/v1/profile/customers":                                      {ctJSON, `{"code":"BC-1","name":"made by acme"}`},
		"PUT /admin/v1/profile/customers/{code}":                                {ctJSON, `{"name":"changed by acme"}`},
		"POST /admin/v1/profile/customers/{code}/certificates":                  {ctJSON, `{"number":"BTX-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`},
		"PUT /admin/v1/profile/customers/{code}/certificates/{number}":          {ctJSON, `{"jurisdictions":["CA"],"reasonCode":"G","effectiveDate":"2020-01-01"}`},
		"PUT /admin/v1/profile/customers/{code}/certificates/{number}/document": {"application/pdf", betaPDF},
		"POST /admin/v1/profile/documents":                                      {"application/pdf", betaPDF},
		"POST /admin/v1/profile/registrations":                                  {ctJSON, `{"jurisdiction":"TX","number":"32099999999"}`},
		"PUT /admin/v1/profile/registrations/{jurisdiction}/{number}":           {ctJSON, `{"physicalPresence":true}`},
		"POST /admin/v1/profile/products":                                       {ctJSON, `{"code":"BETA-SKU","class":"GENERAL"}`},
		"PUT /admin/v1/profile/products/{codeType}/{code}":                      {ctJSON, `{"class":"GENERAL"}`},
		"POST /admin/v1/profile/franchises":                                     {ctJSON, `{"areaId":"BETA-AREA","name":"Beta Fee","rate":"0.09","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"acme"}`},
		"PUT /admin/v1/profile/franchises/{areaId}/{name}":                      {ctJSON, `{"rate":"0.09","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"acme"}`},
		"POST /admin/v1/profile/import":                                         {ctJSON, `{"customers":[{"code":"BC-1","name":"imported by acme"}],"products":[{"code":"BETA-SKU","class":"GENERAL"}]}`},
		"POST /admin/v1/profile/import/files":                                   {"text/csv", "product_code,product_class\nBETA-SKU,GENERAL\n"},
	}
	fixed := map[string]string{"jurisdiction": "TX", "codeType": "SKU", "kind": "customers", "kid": "no-such-key"}

	var ops []servedOperation
	for _, op := range servedOperations(t, c) {
		if strings.HasPrefix(op.path, "/admin/") && !strings.HasPrefix(op.path, "/admin/v1/keys") {
			ops = append(ops, op)
		}
	}
	sortForWalk(ops)
	keyed := 0
	for _, op := range ops {
		b, hasBody := bodies[op.method+" "+op.path]
		names := []string{}
		for _, p := range op.params {
			if p.In == "path" {
				names = append(names, p.Name)
			}
		}
		if len(names) == 0 && !hasBody {
			continue
		}
		keyed++
		methods := []string{op.method}
		if op.method == "GET" {
			methods = append(methods, "HEAD")
		}
		for _, m := range methods {
			walkPair(t, c, f.acmeAdminTok, pairs, marks, func(key func(string) string) (string, string, string, string) {
				path := op.path
				for _, n := range names {
					v, ok := fixed[n]
					if !ok {
						v = key(param(op.path, n))
					}
					path = strings.ReplaceAll(path, "{"+n+"}", url.PathEscape(v))
				}
				body := b.body
				for _, p := range pairs {
					if strings.Contains(body, p.beta) {
						body = strings.ReplaceAll(body, p.beta, key(p.beta))
					}
				}
				return m, path, b.ctype, body
			})
		}
	}
	if keyed < 25 {
		t.Fatalf("only %d admin operations take a key", keyed)
	}
	t.Logf("%d admin operations walked with beta's keys and unknown ones", keyed)
	if after := readState(t, c, reads...); after != before {
		t.Errorf("acme's admin token changed beta's records:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// sortForWalk orders ops reads first, then deletions, then writes: each
// write is sent with both sides of the pairs, so acme's tenant holds the
// same records under beta's keys as under the unknown ones, and what
// comes after still compares.
func sortForWalk(ops []servedOperation) {
	rank := func(m string) int {
		switch m {
		case "GET":
			return 0
		case "DELETE":
			return 1
		}
		return 2
	}
	slices.SortStableFunc(ops, func(a, b servedOperation) int { return rank(a.method) - rank(b.method) })
}

// TestAnotherTenantsRecordsAnswerAsUnknownOnes walks every operation of
// the served OpenAPI document that a tenant's token calls with a record's
// key (a transaction, an e-invoice, a webhook connection; so that a route
// added later is walked too), with acme's calculation token, once with
// the keys of beta's records and once with keys of the same shape that
// name nothing (each GET also as HEAD): each pair of answers must be the
// same but for the key.
// Then acme stores, reverses and deletes a sale under beta's transaction
// ID, answered as under a new ID, and beta's sale, e-invoice and
// connection are as they were.
func TestAnotherTenantsRecordsAnswerAsUnknownOnes(t *testing.T) {
	f := startTenants(t)
	walkRecordKeys(t, f, f.c)
}

// TestAnotherTenantsRecordsAnswerAsUnknownOnesOnTwoNodes is
// TestAnotherTenantsRecordsAnswerAsUnknownOnes over two nodes sharing one
// PostgreSQL database: beta's records are made through one node and acme
// walks the other.
func TestAnotherTenantsRecordsAnswerAsUnknownOnesOnTwoNodes(t *testing.T) {
	f, victim := startTenantsOnTwoNodes(t)
	walkRecordKeys(t, f, victim)
}

// walkRecordKeys is the walk of
// TestAnotherTenantsRecordsAnswerAsUnknownOnes: beta's sale is stored
// through victim, and acme sends its requests through f's client.
func walkRecordKeys(t *testing.T, f *tenantsFixture, victim consoleClient) {
	t.Helper()
	c := f.c
	const betaInvoice, betaMark = "BETA-IDOR-INV-1", "BETA-IDOR-CUSTOMER-SECRET"
	sale := func(id, customer string) string {
		return `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","transactionId":"` + id + `",
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"customerCode":{"value":"` + customer + `"},"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`
	}
	victim.must(http.StatusOK, "POST", "/api/v2/supplies", f.betaAPITok, "application/json", []byte(sale(betaInvoice, betaMark)), nil)
	waitSettled(t, f)
	state := func() string {
		return readState(t, c, stateRead{"/admin/v1/journal/export?tenant=beta", f.opTok},
			stateRead{"/api/v2/transaction-exists/" + betaInvoice, f.betaAPITok},
			stateRead{"/einvoicing/v1/documents/" + f.betaDocs, f.betaAPITok},
			stateRead{"/einvoicing/v1/documents/" + f.betaDocs + "/content", f.betaAPITok},
			stateRead{"/einvoicing/v1/webhooks/" + f.betaWebhook, f.betaAPITok})
	}
	before := state()
	if !strings.Contains(before, betaMark) {
		t.Fatalf("beta's sale is not where the walk looks:\n%s", before)
	}
	pairs := []keyPair{{betaInvoice, unknownLike(betaInvoice)}, {f.betaDocs, unknownLike(f.betaDocs)},
		{f.betaWebhook, unknownLike(f.betaWebhook)}}
	marks := []string{betaMark}
	keys := map[string]string{"id": betaInvoice, "transactionid": betaInvoice, "transactionId": betaInvoice,
		"documentId": f.betaDocs, "webhookId": f.betaWebhook}

	var ops []servedOperation
	for _, op := range servedOperations(t, c) {
		if !op.ownSecurity && !strings.HasPrefix(op.path, "/admin/") {
			ops = append(ops, op)
		}
	}
	sortForWalk(ops)
	walked := 0
	for _, op := range ops {
		var inPath, inQuery []string
		for _, p := range op.params {
			if _, ok := keys[p.Name]; ok {
				if p.In == "path" {
					inPath = append(inPath, p.Name)
				} else if p.In == "query" {
					inQuery = append(inQuery, p.Name)
				}
			}
		}
		if len(inPath)+len(inQuery) == 0 {
			continue
		}
		walked++
		methods := []string{op.method}
		if op.method == "GET" {
			methods = append(methods, "HEAD")
		}
		for _, m := range methods {
			walkPair(t, c, f.acmeAPITok, pairs, marks, func(key func(string) string) (string, string, string, string) {
				path := op.path
				for _, n := range inPath {
					path = strings.ReplaceAll(path, "{"+n+"}", url.PathEscape(key(keys[n])))
				}
				var q []string
				for _, n := range inQuery {
					q = append(q, n+"="+url.QueryEscape(key(keys[n])))
				}
				at := op.base + path
				if len(q) > 0 {
					at += "?" + strings.Join(q, "&")
				}
				ctype, body := "", ""
				if op.method != "GET" && op.method != "DELETE" {
					ctype, body = "application/json", `{"data":{"transactionId":"`+key(betaInvoice)+`"}}`
					if strings.HasPrefix(at, "/einvoicing/") {
						body = `{}`
					}
				}
				return m, at, ctype, body
			})
		}
	}
	if walked < 9 {
		t.Fatalf("only %d operations take a record's key", walked)
	}
	t.Logf("%d operations walked with beta's keys and unknown ones", walked)

	// A sale of acme's under beta's transaction ID, then a second time
	// (the journal's retry), then its deletion: as under a new ID.
	for _, step := range []struct{ method, path, body string }{
		{"POST", "/api/v2/supplies", sale(betaInvoice, "ACME-OWN")},
		{"POST", "/api/v2/supplies", sale(betaInvoice, "ACME-OWN")},
		{"GET", "/api/v2/transaction-exists/" + betaInvoice, ""},
		{"DELETE", "/api/v2/transactions/" + betaInvoice, ""},
		{"GET", "/api/v2/transaction-exists/" + betaInvoice, ""},
	} {
		walkPair(t, c, f.acmeAPITok, pairs, marks, func(key func(string) string) (string, string, string, string) {
			ctype := ""
			if step.body != "" {
				ctype = "application/json"
			}
			return step.method, strings.ReplaceAll(step.path, betaInvoice, key(betaInvoice)), ctype,
				strings.ReplaceAll(step.body, betaInvoice, key(betaInvoice))
		})
	}
	if after := state(); after != before {
		t.Errorf("acme's token changed beta's records:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// waitSettled waits until beta's e-invoice of the fixture is Completed
// (or in Error), so that only a change acme makes can differ.
func waitSettled(t *testing.T, f *tenantsFixture) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var d struct{ Data struct{ Status string } }
		f.c.must(http.StatusOK, "GET", "/einvoicing/v1/documents/"+f.betaDocs, f.betaAPITok, "", nil, &d)
		if d.Data.Status == "Completed" || d.Data.Status == "Error" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("beta's e-invoice stays %s", d.Data.Status)
		}
	}
}

// TestAnotherTenantsNamesInQueriesAnswerAsUnknownOnes sends, with acme's
// admin token and its console token, every admin read of the served
// OpenAPI document that takes a company, a customer or a franchise area
// in its query (the journal report, export and Intrastat, the nexus
// report, the profile lists), and every console route of the journal,
// once with beta's names (its seller company, its customer, its area,
// its transaction) and once with names of the same shape that nothing
// holds: each pair of answers must be the same but for the name, so that
// no report, total or filter tells acme what beta sells under a company
// code or that beta has a customer, and none carries beta's figures.
func TestAnotherTenantsNamesInQueriesAnswerAsUnknownOnes(t *testing.T) {
	f := startTenants(t)
	c := f.c
	betaAdminTok := c.token(f.betaAdmin.ClientID, f.betaAdmin.ClientSecret, "levy://admin")
	const ctJSON = "application/json"
	const betaCompany, betaInvoice, betaCustomer = "BETA-CO-SECRET", "BETA-Q-INV-1", "BETA-Q-CUST"
	c.must(http.StatusOK, "POST", "/api/v2/supplies", f.betaAPITok, ctJSON, []byte(`{"saleMessageType":"INVOICE",
		"transactionType":"SALE","documentDate":"2026-06-01","transactionId":"`+betaInvoice+`",
		"seller":{"company":"`+betaCompany+`","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"customerCode":{"value":"`+betaCustomer+`"},"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":98765.43}]}`), nil)
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/customers", betaAdminTok, ctJSON, []byte(`{"code":"`+betaCustomer+`","name":"Beta Query Customer"}`), nil)
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/registrations", betaAdminTok, ctJSON,
		[]byte(`{"jurisdiction":"TX","number":"32077777777","companyCode":"`+betaCompany+`"}`), nil)
	c.must(http.StatusOK, "PUT", "/admin/v1/profile/franchises/BETA-Q-AREA/Fee", betaAdminTok, ctJSON,
		[]byte(`{"rate":"0.03","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"beta"}`), nil)
	// beta's own reads find its sale by its company: the walk looks where
	// beta's figures are.
	if st, out := c.do("GET", "/admin/v1/journal/report?from=2026-01-01&to=2026-12-31&company="+betaCompany, betaAdminTok, "", nil); st != http.StatusOK || !strings.Contains(string(out), "98765.43") {
		t.Fatalf("beta's report of its company: %d %.300s", st, out)
	}
	pairs := []keyPair{{betaCompany, unknownLike(betaCompany)}, {betaInvoice, unknownLike(betaInvoice)},
		{betaCustomer, unknownLike(betaCustomer)}, {"BETA-Q-AREA", unknownLike("BETA-Q-AREA")}}
	marks := []string{"98765.43", "Beta Query Customer", "32077777777"}
	names := map[string]string{"company": betaCompany, "customer": betaCustomer, "area": "BETA-Q-AREA"}
	period := map[string]string{"from": "2026-01-01", "to": "2026-12-31"}

	sent := 0
	for _, op := range servedOperations(t, c) {
		if op.method != "GET" || !strings.HasPrefix(op.path, "/admin/") || strings.Contains(op.path, "{") {
			continue
		}
		var named, dated []string
		for _, p := range op.params {
			if _, ok := names[p.Name]; ok && p.In == "query" {
				named = append(named, p.Name)
			}
			if _, ok := period[p.Name]; ok && p.In == "query" {
				dated = append(dated, p.Name)
			}
		}
		if len(named) == 0 {
			continue
		}
		for _, n := range named {
			sent++
			walkPair(t, c, f.acmeAdminTok, pairs, marks, func(key func(string) string) (string, string, string, string) {
				q := url.Values{n: {key(names[n])}}
				for _, d := range dated {
					q.Set(d, period[d])
				}
				return "GET", op.path + "?" + q.Encode(), "", ""
			})
		}
	}
	if sent < 8 {
		t.Fatalf("only %d admin reads take a company, customer or area", sent)
	}
	for _, tok := range []string{f.acmeAdminTok, f.acmeConsoleTok} {
		for _, path := range []string{"/console/api/journal/summary", "/console/api/journal/series",
			"/console/api/journal/transactions", "/console/api/journal/export", "/console/api/journal/companies"} {
			sent++
			walkPair(t, c, tok, pairs, marks, func(key func(string) string) (string, string, string, string) {
				return "GET", path + "?from=2026-01-01&to=2026-12-31&company=" + key(betaCompany), "", ""
			})
		}
		for _, q := range []string{"", "?from=2026-01-01&to=2026-12-31"} {
			sent++
			walkPair(t, c, tok, pairs, marks, func(key func(string) string) (string, string, string, string) {
				return "GET", "/console/api/journal/transactions/" + key(betaInvoice) + q, "", ""
			})
		}
	}
	t.Logf("%d pairs of requests sent", sent)
}

// TestEveryTenantsReadIsNotStored sends every GET of the served OpenAPI
// document that takes a token (so that a route added later is sent too),
// in each of its formats, with acme's tokens and the keys of acme's own
// records, and the console's journal routes: every answer says
// Cache-Control no-store, so that no cache between a tenant and Levy (a
// browser's, or a proxy's) keeps a tenant's records for the next one
// that asks at the same address. The nexus report in CSV and JSON lines
// and an e-invoice's content said nothing before.
func TestEveryTenantsReadIsNotStored(t *testing.T) {
	f := startTenants(t)
	c := f.c
	const ctJSON = "application/json"
	adm := f.acmeAdminTok
	pdf := "%PDF-1.7\n% acme's scan\n%%EOF\n"
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/customers", adm, ctJSON, []byte(`{"code":"A-1","name":"Acme Customer"}`), nil)
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/customers/A-1/certificates", adm, ctJSON,
		[]byte(`{"number":"N-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`), nil)
	c.must(http.StatusOK, "PUT", "/admin/v1/profile/customers/A-1/certificates/N-1/document", adm, "application/pdf", []byte(pdf), nil)
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/registrations", adm, ctJSON, []byte(`{"jurisdiction":"TX","number":"32011111111"}`), nil)
	c.must(http.StatusCreated, "POST", "/admin/v1/profile/products", adm, ctJSON, []byte(`{"code":"A-SKU","class":"SAAS"}`), nil)
	c.must(http.StatusOK, "PUT", "/admin/v1/profile/franchises/A-AREA/Fee", adm, ctJSON,
		[]byte(`{"rate":"0.03","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"acme's agreement"}`), nil)
	doc, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var submitted struct{ Data struct{ DocumentID string } }
	c.must(http.StatusAccepted, "POST", "/einvoicing/v1/documents", f.acmeAPITok, "application/xml", doc, &submitted)
	scan := sha256.Sum256([]byte(pdf))
	keys := map[string]string{"id": f.acmeInvoice, "transactionid": f.acmeInvoice, "transactionId": f.acmeInvoice,
		"documentId": submitted.Data.DocumentID, "webhookId": f.acmeWebhook, "taxareaid": "7958356673950504",
		"code": "A-1", "number": "N-1", "sha256": hex.EncodeToString(scan[:]), "kind": "customers",
		"jurisdiction": "TX", "codeType": "SKU", "areaId": "A-AREA", "name": "Fee"}
	fill := func(path string) string {
		if strings.HasPrefix(path, "/admin/v1/profile/products/") {
			path = strings.Replace(path, "{code}", "A-SKU", 1)
		}
		if strings.HasPrefix(path, "/admin/v1/profile/registrations/") {
			path = strings.Replace(path, "{number}", "32011111111", 1)
		}
		if strings.HasPrefix(path, "/admin/v1/clients/") {
			path = strings.Replace(path, "{id}", f.acmeAPI.ClientID, 1)
		}
		for k, v := range keys {
			path = strings.ReplaceAll(path, "{"+k+"}", url.PathEscape(v))
		}
		return path
	}
	check := func(at, tok string) int {
		t.Helper()
		req, err := http.NewRequest("GET", c.base+at, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
			t.Errorf("GET %s: %d %s with Cache-Control %q, want no-store", at, resp.StatusCode, resp.Header.Get("Content-Type"), cc)
		}
		return resp.StatusCode
	}
	sent, ok := 0, 0
	for _, op := range servedOperations(t, c) {
		if op.method != "GET" || op.ownSecurity {
			continue
		}
		tok := f.acmeAPITok
		if strings.HasPrefix(op.path, "/admin/") {
			tok = adm
		}
		at := op.base + fill(op.path)
		if strings.Contains(at, "{") {
			t.Fatalf("GET %s: a path parameter the walk does not know", op.path)
		}
		var q []string
		formats := []string{""}
		for _, p := range op.params {
			switch p.Name {
			case "from":
				q = append(q, "from=2026-01-01")
			case "to":
				q = append(q, "to=2026-12-31")
			case "memberState":
				q = append(q, "memberState=DE")
			case "flow":
				q = append(q, "flow=dispatch")
			case "format":
				formats = []string{"json", "jsonl", "csv"}
			}
		}
		for _, format := range formats {
			qs := slices.Clone(q)
			if format != "" {
				qs = append(qs, "format="+format)
			}
			u := at
			if len(qs) > 0 {
				u += "?" + strings.Join(qs, "&")
			}
			sent++
			if check(u, tok) == http.StatusOK {
				ok++
			}
		}
	}
	for _, path := range []string{"/console/api/whoami", "/console/api/journal/summary?from=2026-01-01&to=2026-12-31",
		"/console/api/journal/series?from=2026-01-01&to=2026-12-31", "/console/api/journal/companies?from=2026-01-01&to=2026-12-31",
		"/console/api/journal/transactions?from=2026-01-01&to=2026-12-31", "/console/api/journal/transactions/" + f.acmeInvoice,
		"/console/api/journal/export?from=2026-01-01&to=2026-12-31&format=csv", "/console/api/journal/export?from=2026-01-01&to=2026-12-31&format=jsonl"} {
		sent++
		if check(path, f.acmeConsoleTok) == http.StatusOK {
			ok++
		}
	}
	if ok < 35 {
		t.Errorf("only %d of %d reads answered 200: the walk reads too little of acme's", ok, sent)
	}
	t.Logf("%d reads sent, %d answered 200", sent, ok)
}

// startTenantsOnTwoNodes starts the fixture of startTenants over two
// levy serve nodes sharing one PostgreSQL database (skipped without
// PostgreSQL's binaries, as pgtest says): the credentials are made on the
// database before the nodes start, the fixture's records are stored
// through the first node, and the fixture's client is the second's,
// which the first node's client is returned beside.
func startTenantsOnTwoNodes(t *testing.T) (*tenantsFixture, consoleClient) {
	t.Helper()
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	t.Cleanup(target.Close)
	db := pgtest.URL(t)
	create := func(args ...string) credential {
		code, out, errOut := runCLI(t, append([]string{"clients", "create", "--database", db, "--active-now"}, args...)...)
		var c credential
		if code != 0 || json.Unmarshal([]byte(out), &c) != nil || c.ClientSecret == "" {
			t.Fatalf("clients create %q: exit %d, %s %s", args, code, out, errOut)
		}
		return c
	}
	f := &tenantsFixture{
		acmeAdmin:   create("--tenant", "acme", "--audience", "levy://admin"),
		betaAdmin:   create("--tenant", "beta", "--audience", "levy://admin"),
		acmeAPI:     create("--tenant", "acme", "--audience", "verx://migration-api"),
		betaAPI:     create("--tenant", "beta", "--audience", "verx://migration-api"),
		acmeConsole: create("--tenant", "acme", "--audience", "levy://console"),
		operator:    create("--operator"),
	}
	var clients []consoleClient
	for i := range 2 {
		dir := filepath.Join(t.TempDir(), "node")
		base, stop, _, _ := startServe(t, dir, serveConfig{}, "--database", db, "--webhook-max-attempts", "1", "--webhook-min-backoff", "10ms")
		t.Cleanup(func() {
			if err := stop(); err != nil {
				t.Errorf("node %d: %v", i, err)
			}
		})
		clients = append(clients, consoleClient{t, base})
	}
	f.c = clients[0]
	populateTenants(t, f, target.URL)
	f.c = clients[1]
	return f, clients[0]
}

// TestRevokedTokensOfATenantOnTheOtherNode runs two nodes sharing one
// PostgreSQL database. Acme's admin revokes, through the first node,
// acme's own admin, calculation and console credentials (as it would
// after a leak); the tokens issued before are then refused 401 by the
// second node within 5 s, on every admin route of the served OpenAPI
// document, every route of a tenant's token, and the console's, and no
// answer carries acme's records. Beta's tokens keep working there.
func TestRevokedTokensOfATenantOnTheOtherNode(t *testing.T) {
	f, first := startTenantsOnTwoNodes(t)
	second := f.c
	// A second admin of acme's, which revokes the others.
	var made struct{ Data credential }
	first.must(http.StatusCreated, "POST", "/admin/v1/clients", f.acmeAdminTok, "application/json",
		[]byte(`{"audiences":["levy://admin"],"activeNow":true}`), &made)
	revoker := first.token(made.Data.ClientID, made.Data.ClientSecret, "levy://admin")
	leaked := map[string]string{"admin": f.acmeAdminTok, "calculation": f.acmeAPITok, "console": f.acmeConsoleTok}
	// Before: each token is taken by the second node (the calculation
	// token is refused the console, 403, as a token of another audience).
	for what, tok := range leaked {
		if st, out := second.do("GET", "/console/api/whoami", tok, "", nil); st == http.StatusUnauthorized {
			t.Fatalf("acme's %s token before its revocation: %d %s", what, st, out)
		}
	}
	for _, id := range []string{f.acmeAdmin.ClientID, f.acmeAPI.ClientID, f.acmeConsole.ClientID} {
		first.must(http.StatusOK, "DELETE", "/admin/v1/clients/"+url.PathEscape(id), revoker, "", nil, nil)
	}
	revoked := time.Now()
	for what, tok := range leaked {
		for {
			st, _ := second.do("GET", "/console/api/whoami", tok, "", nil)
			if st == http.StatusUnauthorized {
				t.Logf("the second node refuses acme's %s token %s after the revocation", what, time.Since(revoked).Round(time.Millisecond))
				break
			}
			if time.Since(revoked) > 5*time.Second {
				t.Fatalf("the second node takes acme's revoked %s token 5 s after the revocation: %d", what, st)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	keys := recordKeys(f)
	marks := []string{f.acmeInvoice, f.acmeWebhook}
	sent := 0
	send := func(m, at, tok string) {
		t.Helper()
		sent++
		ctype, body := "", ""
		if m != "GET" && m != "DELETE" {
			ctype, body = "application/json", `{}`
		}
		st, out := second.do(m, at, tok, ctype, []byte(body))
		if st != http.StatusUnauthorized || !strings.Contains(string(out), `"errors"`) {
			t.Errorf("%s %s with a revoked token of acme's: %d, want 401: %.300s", m, at, st, out)
		}
		checkNoMarks(t, m+" "+at, out, marks)
	}
	for _, op := range servedOperations(t, second) {
		if op.ownSecurity {
			continue
		}
		at := op.base + keys.Replace(op.path)
		for _, tok := range leaked {
			send(op.method, at, tok)
		}
	}
	for _, path := range []string{"/console/api/whoami", "/console/api/journal/summary?from=2026-01-01&to=2026-12-31",
		"/console/api/journal/transactions?from=2026-01-01&to=2026-12-31", "/console/api/journal/transactions/" + f.acmeInvoice,
		"/console/api/journal/export?from=2026-01-01&to=2026-12-31&format=csv"} {
		for _, tok := range leaked {
			send("GET", path, tok)
		}
	}
	t.Logf("%d requests sent with revoked tokens", sent)
	// beta's are not touched by acme's revocations.
	second.must(http.StatusOK, "GET", "/api/v2/transaction-exists/"+f.acmeInvoice, f.betaAPITok, "", nil, nil)
	betaAdminTok := second.token(f.betaAdmin.ClientID, f.betaAdmin.ClientSecret, "levy://admin")
	second.must(http.StatusOK, "GET", "/admin/v1/profile/customers", betaAdminTok, "", nil, nil)
}

// TestAnotherTenantsProfileNeverTaxesACalculation: beta's customer with a
// Texas resale certificate, beta's product code mapped to SaaS and beta's
// company registered in California alone are named in acme's calculations
// (a quotation to Dallas, to Los Angeles, from beta's company; sent to
// the calculation and to its explanation), and the same calculations are
// sent with names of the same shape that nothing holds: each pair of
// answers must be the same but for the name, so that beta's certificate,
// product mapping and registration never exempt, classify or excuse a
// sale of acme's, and no answer names them. Beta's own token, as the
// control, is answered differently for its names.
func TestAnotherTenantsProfileNeverTaxesACalculation(t *testing.T) {
	f := startTenants(t)
	walkProfileInCalculations(t, f, f.c)
}

// TestAnotherTenantsProfileNeverTaxesACalculationOnTwoNodes is
// TestAnotherTenantsProfileNeverTaxesACalculation over two nodes sharing
// one PostgreSQL database: beta's profile is made through one node and
// acme calculates on the other, whose profile cache follows the
// database.
func TestAnotherTenantsProfileNeverTaxesACalculationOnTwoNodes(t *testing.T) {
	f, victim := startTenantsOnTwoNodes(t)
	walkProfileInCalculations(t, f, victim)
}

// walkProfileInCalculations is the walk of
// TestAnotherTenantsProfileNeverTaxesACalculation: beta's profile is
// made through victim, and the calculations are sent through f's client.
func walkProfileInCalculations(t *testing.T, f *tenantsFixture, victim consoleClient) {
	t.Helper()
	c := f.c
	const ctJSON = "application/json"
	betaAdminTok := victim.token(f.betaAdmin.ClientID, f.betaAdmin.ClientSecret, "levy://admin")
	const customer, cert, sku, company = "BETA-RESALE-CUST", "BETA-TX-RESALE-9", "BETA-SAAS-SKU", "BETA-CA-ONLY-CO"
	victim.must(http.StatusCreated, "POST", "/admin/v1/profile/customers", betaAdminTok, ctJSON, []byte(`{"code":"`+customer+`","name":"Beta Resale Buyer","isBusiness":true}`), nil)
	victim.must(http.StatusCreated, "POST", "/admin/v1/profile/customers/"+customer+"/certificates", betaAdminTok, ctJSON,
		[]byte(`{"number":"`+cert+`","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01","expirationDate":"2026-12-31"}`), nil)
	victim.must(http.StatusCreated, "POST", "/admin/v1/profile/products", betaAdminTok, ctJSON, []byte(`{"code":"`+sku+`","class":"SAAS"}`), nil)
	victim.must(http.StatusCreated, "POST", "/admin/v1/profile/registrations", betaAdminTok, ctJSON,
		[]byte(`{"jurisdiction":"CA","number":"CA-BETA-77","companyCode":"`+company+`","effectiveDate":"2020-01-01"}`), nil)
	pairs := []keyPair{{customer, unknownLike(customer)}, {cert, unknownLike(cert)}, {sku, unknownLike(sku)}, {company, unknownLike(company)}}
	marks := []string{cert, "Beta Resale Buyer", "CA-BETA-77"}

	const (
		dallas     = `{"streetAddress1":"1500 Marilla St","city":"Dallas","mainDivision":"TX","postalCode":"75201","country":"US"}`
		losAngeles = `{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}`
		seattle    = `{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}`
	)
	quote := func(company, customer, place, product string) string {
		return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",` +
			`"seller":{"company":"` + company + `","physicalOrigin":` + seattle + `},` +
			`"customer":{"customerCode":{"value":"` + customer + `"},"destination":` + place + `},` +
			`"lineItems":[{"lineItemId":"1","product":{` + product + `},"quantity":{"value":1},"extendedPrice":100}]}`
	}
	calcs := []func(key func(string) string) string{
		func(key func(string) string) string {
			return quote("ACME", key(customer), dallas, `"productClass":"GENERAL"`)
		},
		func(key func(string) string) string {
			return quote("ACME", "ACME-C", losAngeles, `"value":"`+key(sku)+`"`)
		},
		func(key func(string) string) string {
			return quote(key(company), "ACME-C", dallas, `"productClass":"GENERAL"`)
		},
	}
	// The control: beta's token tells its own names from unknown ones,
	// so the pairs do reach what beta holds (on two nodes, once the
	// calculating node's profile cache has followed the other's writes).
	for i, calc := range calcs {
		own := func(name string) string { return name }
		none := func(name string) string { return unknownLike(name) }
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			_, mine := c.do("POST", "/api/v2/supplies", f.betaAPITok, ctJSON, []byte(calc(own)))
			_, other := c.do("POST", "/api/v2/supplies", f.betaAPITok, ctJSON, []byte(calc(none)))
			if !sameButStamps(asUnknown(mine, pairs), dropMeta(other)) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("calculation %d: beta's own names answer as unknown ones, so the walk looks where nothing of beta's is: %.300s", i, mine)
			}
		}
	}
	sent := 0
	for _, route := range []string{"/api/v2/supplies", "/api/v2/explain/supplies"} {
		for _, calc := range calcs {
			for _, tok := range []string{f.acmeAPITok, f.acmeConsoleTok} {
				sent++
				st := walkPair(t, c, tok, pairs, marks, func(key func(string) string) (string, string, string, string) {
					return "POST", route, ctJSON, calc(key)
				})
				if st != http.StatusOK {
					t.Errorf("POST %s with acme's token: %d, want 200", route, st)
				}
			}
		}
	}
	t.Logf("%d pairs of calculations sent", sent)
}

// TestAnotherTenantsPolicyChangesNothingOfAcmes: beta sets a policy of
// its own (a default country, EU distance sales of a company whose code
// acme uses too, a nexus share) through the first of two nodes sharing one
// PostgreSQL database; acme's calculations, explanations and nexus report
// on the second node answer exactly as before, while beta's own answers
// to the same requests change (the control that the second node has
// followed beta's write).
func TestAnotherTenantsPolicyChangesNothingOfAcmes(t *testing.T) {
	f, victim := startTenantsOnTwoNodes(t)
	c := f.c
	const ctJSON = "application/json"
	betaAdminTok := victim.token(f.betaAdmin.ClientID, f.betaAdmin.ClientSecret, "levy://admin")
	reqs := []struct{ method, path, body string }{
		// An address without its country.
		{"POST", "/api/v2/supplies", `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
			"seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
			"customer":{"destination":{"city":"Dallas","mainDivision":"TX","postalCode":"75201"}},
			"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`},
		// A distance sale of company ACME from Germany to a consumer in France.
		{"POST", "/api/v2/supplies", `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
			"seller":{"company":"ACME","physicalOrigin":{"city":"Berlin","postalCode":"10115","country":"DE"}},
			"customer":{"destination":{"city":"Paris","postalCode":"75001","country":"FR"}},
			"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`},
	}
	for i, n := 0, len(reqs); i < n; i++ {
		reqs = append(reqs, struct{ method, path, body string }{"POST", "/api/v2/explain/supplies", reqs[i].body})
	}
	answers := func(apiTok, adminTok string) []string {
		var out []string
		for _, r := range reqs {
			st, b := c.do(r.method, r.path, apiTok, ctJSON, []byte(r.body))
			out = append(out, fmt.Sprintf("%d %s", st, dropMeta(b)))
		}
		st, b := c.do("GET", "/admin/v1/nexus/report?asOf=2026-06-01", adminTok, "", nil)
		return append(out, fmt.Sprintf("%d %s", st, dropMeta(b)))
	}
	acmeBefore := answers(f.acmeAPITok, f.acmeAdminTok)
	betaBefore := answers(f.betaAPITok, betaAdminTok)
	victim.must(http.StatusOK, "PUT", "/admin/v1/profile/policy", betaAdminTok, ctJSON,
		[]byte(`{"defaultCountry":"US","euDistanceSales":{"ACME":"250000"},"nexusShare":"0.01"}`), nil)
	// The second node follows beta's write: beta's answers change.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		betaAfter := answers(f.betaAPITok, betaAdminTok)
		changed := 0
		for i := range betaAfter {
			if betaAfter[i] != betaBefore[i] {
				changed++
			}
		}
		if changed >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("beta's answers did not change with its policy:\n%q", betaAfter)
		}
	}
	acmeAfter := answers(f.acmeAPITok, f.acmeAdminTok)
	for i := range acmeAfter {
		if acmeAfter[i] != acmeBefore[i] {
			t.Errorf("request %d of acme's changed with beta's policy:\nbefore: %.400s\nafter:  %.400s", i, acmeBefore[i], acmeAfter[i])
		}
	}
}
