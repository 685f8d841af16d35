package api_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestBadInputSweep sends the same families of bad input to every route
// that a whole server mounts, as the server's own OpenAPI document
// describes them (and the web console's routes, which the document leaves
// out): for each path parameter, values too long or with odd characters;
// for each query parameter, values no parameter of its form takes, and a
// parameter the route does not know; for each header parameter, values no
// key takes; for a body, an empty one and one of another media type; for
// a JSON body, one that is not a request, and for each member (at the top,
// and one level down on the in-memory server), values of the wrong JSON
// type, numbers out of range, strings with control characters or invalid
// UTF-8 and dates that do not exist. No answer may be a 5xx; each must be
// a 4xx in the route's error format naming the parameter or member at
// fault. A null member, -0 and a right-to-left override in text are
// values a client may send: they must be answered as the member left out,
// as 0 and as the text without the override are (or, for the override,
// refused naming the member). It runs once on a server whose stores are
// in memory, and for the routes behind the stores once on Badger's and
// once on PostgreSQL's; it fails when a route is mounted that it does not
// sweep.
func TestBadInputSweep(t *testing.T) {
	for _, kind := range []string{"memory", "badger", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			s := newBadServerOn(t, kind)
			s.store(t)
			run := sweepFixtures(t, s)
			run.nested = kind == "memory"
			ops := sweepOperations(t, s)
			checkSwept(t, s, ops)
			n := 0
			for _, op := range ops {
				if kind != "memory" && !storedBehind(op) {
					continue
				}
				for _, c := range run.cases(op) {
					n++
					t.Run(op.method+" "+op.path+"/"+c.name, func(t *testing.T) { run.sweep(t, op, c) })
				}
			}
			t.Logf("%d operations, %d requests", len(ops), n)
			t.Run("still answering", func(t *testing.T) { s.stillAnswering(t) })
		})
	}
}

// storedBehind reports whether op reads or writes the stores that the
// kinds of server differ in (the journal, the profiles, e-invoicing): the
// runs on Badger and PostgreSQL sweep those operations alone. The
// calculations of the sweep are quotations and orders, which store
// nothing; the lookups, the token and key routes and the documents read
// the dataset and the credentials, in memory on every kind.
func storedBehind(op sweepOp) bool {
	for _, prefix := range []string{"/api/v2/transaction", "/admin/v1/profile/", "/admin/v1/journal/", "/admin/v1/nexus/",
		"/admin/v1/einvoicing/", "/einvoicing/", "/console/api/journal/"} {
		if strings.HasPrefix(op.path, prefix) {
			return true
		}
	}
	return false
}

// checkSwept fails when a route that s mounts is not among ops. The API's
// routes are swept under /api/v2 alone: the other base paths serve the
// same handlers. The console's pages (GET /console and the files under
// /console/) read no input but their path, which the console's own tests
// hold to its files.
func checkSwept(t *testing.T, s *badServer, ops []sweepOp) {
	t.Helper()
	swept := map[string]bool{}
	for _, op := range ops {
		swept[op.method+" "+op.path] = true
	}
	n := 0
	for _, p := range s.srv.Served() {
		if p == "GET /console" || p == "/console/" {
			continue
		}
		for _, base := range api.Bases[1:] {
			if method, path, _ := strings.Cut(p, " "); strings.HasPrefix(path, base+"/") {
				p = method + " /api/v2" + strings.TrimPrefix(path, base)
			}
		}
		if !swept[p] {
			t.Errorf("%s is mounted but not swept", p)
		}
		n++
	}
	if n < 90 {
		t.Errorf("the server mounts only %d routes", n)
	}
}

// sweepOp is one operation of the server: its method and path (from the
// root, with {name} for a path parameter), its parameters and what its
// body takes.
type sweepOp struct {
	method, path string
	pathParams   []string
	query        []sweepParam
	headers      []string // the header parameters of the document
	// media are the media types of the body, none when it takes none;
	// bodyRequired says whether it may be left out.
	media        []string
	bodyRequired bool
	// members are the members of a JSON body (of the items of an array
	// body when array), at the top and one level down (sweepMember).
	members []sweepMember
	array   bool
	// oauth marks a token endpoint, which answers in the form of RFC
	// 6749; documented says whether the document describes the operation.
	oauth, documented bool
}

type sweepParam struct{ name, format string }

// sweepMember is a member of a body: its path below the body (a
// top-level member's name, or "parent.child" and "parent[0].child" for
// the members one level down, nested), its JSON type and format.
type sweepMember struct {
	name, typ, format string
	nested            bool
}

// sweepOperations reads the operations from the document that s serves
// and adds the console's.
func sweepOperations(t *testing.T, s *badServer) []sweepOp {
	t.Helper()
	x := s.send(t, "GET", "/api/v2/openapi.json", "", "Authorization", "")
	if x.status != http.StatusOK {
		t.Fatalf("the document: %d %s", x.status, clipped(x.body))
	}
	type schema struct {
		Ref        string             `json:"$ref"`
		Type       string             `json:"type"`
		Format     string             `json:"format"`
		Properties map[string]*schema `json:"properties"`
		Items      *schema            `json:"items"`
	}
	type param struct {
		Name   string  `json:"name"`
		In     string  `json:"in"`
		Schema *schema `json:"schema"`
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
		// Components holds the schemas that the bodies refer to.
		Components struct {
			Schemas map[string]*schema `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(x.body, &doc); err != nil {
		t.Fatal(err)
	}
	resolve := func(sc *schema) *schema {
		for sc != nil && sc.Ref != "" {
			sc = doc.Components.Schemas[strings.TrimPrefix(sc.Ref, "#/components/schemas/")]
		}
		if sc == nil {
			return &schema{}
		}
		return sc
	}
	var ops []sweepOp
	for path, item := range doc.Paths {
		_, root := item["servers"]
		if !root {
			path = "/api/v2" + path
		}
		for method, raw := range item {
			if method == "servers" || method == "parameters" {
				continue
			}
			var o struct {
				Parameters  []param `json:"parameters"`
				RequestBody *struct {
					Required bool `json:"required"`
					Content  map[string]struct {
						Schema *schema `json:"schema"`
					} `json:"content"`
				} `json:"requestBody"`
			}
			if err := json.Unmarshal(raw, &o); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			op := sweepOp{method: strings.ToUpper(method), path: path, documented: true}
			for _, p := range o.Parameters {
				switch p.In {
				case "path":
					op.pathParams = append(op.pathParams, p.Name)
				case "query":
					op.query = append(op.query, sweepParam{p.Name, resolve(p.Schema).Format})
				case "header":
					op.headers = append(op.headers, p.Name)
				}
			}
			if rb := o.RequestBody; rb != nil {
				op.bodyRequired = rb.Required
				for media, c := range rb.Content {
					op.media = append(op.media, media)
					if media != "application/json" {
						continue
					}
					sc := resolve(c.Schema)
					if sc.Type == "array" {
						op.array = true
						sc = resolve(sc.Items)
					}
					for name, m := range sc.Properties {
						m = resolve(m)
						op.members = append(op.members, sweepMember{name: name, typ: m.Type, format: m.Format})
						below, at := m, name+"."
						if m.Type == "array" {
							below, at = resolve(m.Items), name+"[0]."
						}
						for child, c := range below.Properties {
							c = resolve(c)
							op.members = append(op.members, sweepMember{name: at + child, typ: c.Type, format: c.Format, nested: true})
						}
					}
				}
				slices.Sort(op.media)
				slices.SortFunc(op.members, func(a, b sweepMember) int { return strings.Compare(a.name, b.name) })
			}
			op.oauth = strings.HasSuffix(path, "/oauth/token") || strings.HasSuffix(path, "/authorize")
			ops = append(ops, op)
		}
	}
	// The console's routes, mounted undocumented, each with the query
	// parameters it takes.
	for _, c := range []struct {
		path  string
		query []string
	}{
		{"/console/api/config", nil}, {"/console/api/whoami", nil},
		{"/console/api/geo/{layer}", []string{"zoom", "bbox"}}, {"/console/api/rules/{id}", nil},
		{"/console/api/journal/summary", []string{"from", "to", "company"}},
		{"/console/api/journal/series", []string{"from", "to", "company"}},
		{"/console/api/journal/companies", []string{"from", "to"}},
		{"/console/api/journal/transactions", []string{"from", "to", "company", "jurisdiction", "currency", "imposition",
			"collectedFrom", "zeroTaxReason", "withheld", "withholdingType", "paidToVendor"}},
		{"/console/api/journal/transactions/{id}", nil},
		{"/console/api/journal/export", []string{"from", "to", "format", "company"}},
	} {
		op := sweepOp{method: "GET", path: c.path}
		for _, name := range c.query {
			format := ""
			if name == "from" || name == "to" {
				format = "date"
			}
			op.query = append(op.query, sweepParam{name, format})
		}
		for _, seg := range strings.Split(c.path, "/") {
			if strings.HasPrefix(seg, "{") {
				op.pathParams = append(op.pathParams, strings.Trim(seg, "{}"))
			}
		}
		ops = append(ops, op)
	}
	slices.SortFunc(ops, func(a, b sweepOp) int { return strings.Compare(a.method+" "+a.path, b.method+" "+b.path) })
	return ops
}

// sweepRun is the sweep of one server: the valid path parameters, query
// parameters and bodies that each bad request departs from.
type sweepRun struct {
	s *badServer
	// paths are valid values of the path parameters, by name.
	paths map[string]string
	// queries are the query parameters an operation needs, by "Method
	// path"; bodies are valid bodies, with their media type when it is not
	// JSON. In a body, {u} is replaced by a name no other request uses, so
	// that a request the route takes stores nothing another one then meets.
	queries map[string]url.Values
	bodies  map[string]string
	media   map[string]string
	// nested sweeps the members one level below the top of the bodies
	// too; the run on Badger's stores sweeps the top-level ones, which
	// reach the stores alike.
	nested bool
}

// sweepFixtures stores what the paths of the sweep name (customer C-1 of
// the admin token's tenant with certificate TX-1, and a webhook
// connection) and returns the run over s.
func sweepFixtures(t *testing.T, s *badServer) *sweepRun {
	t.Helper()
	admin := []string{"Authorization", "Bearer " + s.admin}
	for _, c := range []struct{ path, body string }{
		{"/admin/v1/profile/customers", `{"code":"C-1","name":"Alpha Supply","isBusiness":true}`},
		{"/admin/v1/profile/customers/C-1/certificates", `{"number":"TX-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`},
	} {
		if x := s.send(t, "POST", c.path, c.body, admin...); x.status != http.StatusCreated {
			t.Fatalf("storing %s: %d %s", c.path, x.status, clipped(x.body))
		}
	}
	var hook struct {
		Data struct {
			WebhookID string `json:"webhookId"`
		} `json:"data"`
	}
	x := s.send(t, "POST", webhooks, connectionBase)
	if err := json.Unmarshal(x.body, &hook); x.status != http.StatusCreated || err != nil || hook.Data.WebhookID == "" {
		t.Fatalf("making a webhook connection: %d %v %s", x.status, err, clipped(x.body))
	}
	customers := s.send(t, "GET", "/admin/v1/profile/export/customers", "", admin...)
	if customers.status != http.StatusOK || !strings.HasPrefix(customers.header.Get("Content-Type"), "text/csv") {
		t.Fatalf("the customers as CSV: %d %q %s", customers.status, customers.header.Get("Content-Type"), clipped(customers.body))
	}
	// A credential of the sweep's own, whose tokens count towards its own
	// limit, not towards that of the credential the other tests use.
	cred, secret := authtest.Credential(t, s.iss, "acme", oauth.DefaultAudience)
	token, err := json.Marshal(map[string]string{"grant_type": "client_credentials", "client_id": cred.ClientID,
		"client_secret": secret, "audience": oauth.DefaultAudience})
	if err != nil {
		t.Fatal(err)
	}
	pdf := "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
	// An import of one record of each kind, a document and a deletion.
	sum := sha256.Sum256([]byte(pdf))
	imported := `{"customers":[{"code":"IC-{u}","name":"Gamma"}],` +
		`"certificates":[{"customerCode":"C-1","number":"IN-{u}","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01",` +
		`"document":{"sha256":"` + hex.EncodeToString(sum[:]) + `","mediaType":"application/pdf","size":` + strconv.Itoa(len(pdf)) + `}}],` +
		`"registrations":[{"companyCode":"ACME","jurisdiction":"TX","number":"IR-{u}"}],` +
		`"products":[{"code":"ISKU-{u}","class":"GENERAL"}],"franchises":[{"areaId":"53011","name":"IF-{u}","rate":"0.01"}],` +
		`"documents":[{"content":"` + base64.StdEncoding.EncodeToString([]byte(pdf)) + `","mediaType":"application/pdf","sha256":"` + hex.EncodeToString(sum[:]) + `"}],` +
		`"deletes":[{"kind":"customer","code":"IC-{u}-gone"}],"policy":{"expiryNoticeDays":30}}`
	run := &sweepRun{s: s,
		paths: map[string]string{
			"id": "stored-2", "transactionid": "stored-2", "transactionId": "stored-2", "taxareaid": "53011",
			"documentId": unknownGUID, "webhookId": hook.Data.WebhookID, "eventId": unknownGUID, "kid": "k-1",
			"code": "C-1", "number": "TX-1", "jurisdiction": "US-TX", "codeType": "sku", "areaId": "53011", "name": "F-1",
			"sha256": strings.Repeat("0", 64), "kind": "customers", "layer": "states",
		},
		queries: map[string]url.Values{
			"GET /api/v2/changed-taxareas":                                          {"beginDate": {"2026-01-01"}},
			"GET /api/v2/changed-taxareas/{taxareaid}":                              {"beginDate": {"2026-01-01"}},
			"GET /console/api/geo/{layer}":                                          {"zoom": {"3"}},
			"GET /admin/v1/journal/intrastat":                                       {"memberState": {"DE"}, "flow": {"dispatch"}, "from": {"2026-05-01"}, "to": {"2026-05-31"}},
			"GET /console/api/journal/summary":                                      {"from": {"2026-01-01"}, "to": {"2026-12-31"}},
			"GET /console/api/journal/series":                                       {"from": {"2026-01-01"}, "to": {"2026-12-31"}},
			"GET /console/api/journal/companies":                                    {"from": {"2026-01-01"}, "to": {"2026-12-31"}},
			"GET /console/api/journal/transactions":                                 {"from": {"2026-01-01"}, "to": {"2026-12-31"}},
			"GET /console/api/journal/export":                                       {"from": {"2026-01-01"}, "to": {"2026-12-31"}, "format": {"jsonl"}},
			"POST /admin/v1/profile/import/files":                                   {"name": {"customers.csv"}},
			"POST /admin/v1/profile/documents":                                      {"fileName": {"cert.pdf"}},
			"PUT /admin/v1/profile/customers/{code}/certificates/{number}/document": {"fileName": {"cert.pdf"}},
		},
		bodies: map[string]string{
			"POST /api/v2/supplies":                                                 saleBase,
			"POST /api/v2/explain/supplies":                                         saleBase,
			"POST /api/v2/procurement":                                              purchaseBase,
			"POST /api/v2/explain/procurement":                                      purchaseBase,
			"POST /api/v2/owner":                                                    ownerBase,
			"POST /api/v2/explain/owner":                                            ownerBase,
			"POST /api/v2/transactions/{id}/reversal":                               `{"data":{"transactionId":"rev-{u}"}}`,
			"POST /api/v2/address-lookup":                                           `{"postalAddress":{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118"}}`,
			"POST /api/v2/coordinates-lookup":                                       `{"coordinates":{"latitude":34.0522,"longitude":-118.2437}}`,
			"POST /api/v2/taxareaid-lookup":                                         `{"taxAreaId":"53011"}`,
			"POST /api/v2/external-jurisdiction-lookup":                             `{"externalJurisdictionCode":"06037","country":"US"}`,
			"POST /api/v2/find-taxareas":                                            `[{"lookupId":"a","lookupRequest":{"taxAreaId":"53011"}}]`,
			"POST /admin/v1/clients":                                                `{"tenant":"ops","audiences":["` + oauth.DefaultAudience + `"]}`,
			"POST /einvoicing/v1/webhooks":                                          connectionBase,
			"POST /einvoicing/v1/webhooks/{webhookId}/secret":                       `{"secretKey":"0123456789abcdef0123456789abcdef"}`,
			"POST /einvoicing/v1/transactions/{transactionId}/render":               `{"syntax":"ubl"}`,
			"POST /einvoicing/v1/transactions/{transactionId}/submit":               `{"syntax":"ubl"}`,
			"POST /admin/v1/profile/customers":                                      `{"code":"C-{u}","name":"Beta"}`,
			"PUT /admin/v1/profile/customers/{code}":                                `{"name":"Alpha Supply"}`,
			"POST /admin/v1/profile/customers/{code}/certificates":                  `{"number":"N-{u}","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`,
			"PUT /admin/v1/profile/customers/{code}/certificates/{number}":          `{"jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`,
			"POST /admin/v1/profile/customers/{code}/certificates/{number}/revoke":  `{"revokedDate":"2026-03-01"}`,
			"POST /admin/v1/profile/registrations":                                  `{"companyCode":"ACME","jurisdiction":"TX","number":"R-{u}"}`,
			"PUT /admin/v1/profile/registrations/{jurisdiction}/{number}":           `{"effectiveDate":"2025-01-01"}`,
			"POST /admin/v1/profile/products":                                       `{"code":"SKU-{u}","class":"GENERAL"}`,
			"PUT /admin/v1/profile/products/{codeType}/{code}":                      `{"class":"GENERAL"}`,
			"POST /admin/v1/profile/franchises":                                     `{"areaId":"53011","name":"F-{u}","rate":"0.01"}`,
			"PUT /admin/v1/profile/franchises/{areaId}/{name}":                      `{"rate":"0.01"}`,
			"PUT /admin/v1/profile/policy":                                          `{"expiryNoticeDays":30}`,
			"POST /admin/v1/profile/import":                                         imported,
			"POST /admin/v1/profile/import/files":                                   string(customers.body),
			"POST /admin/v1/profile/documents":                                      pdf,
			"PUT /admin/v1/profile/customers/{code}/certificates/{number}/document": pdf,
			"POST /einvoicing/v1/documents":                                         "<Invoice/>",
			"token":                                                                 string(token),
		},
		media: map[string]string{
			"POST /admin/v1/profile/import/files":                                   "text/csv",
			"POST /admin/v1/profile/documents":                                      "application/pdf",
			"PUT /admin/v1/profile/customers/{code}/certificates/{number}/document": "application/pdf",
			"POST /einvoicing/v1/documents":                                         "application/xml",
		},
	}
	return run
}

// sweepCase is one bad request of an operation.
type sweepCase struct {
	name string
	// pathValues replaces the values of path parameters; query those of
	// query parameters (an empty value leaves the parameter out), and
	// rawQuery is added to the query as it is; body and contentType are
	// the body ("" sends none).
	pathValues  map[string]string
	header      []string
	query       url.Values
	rawQuery    string
	body        string
	contentType string
	// target is the parameter or member the answer must name ("" when
	// none need be named); status, when set, is the status it must have.
	target string
	status int
	// mayTake says that the value may be a valid one, which the route
	// may take; when it refuses it, the answer must name target.
	mayTake bool
	// like, when set, is a request the answer must agree with: both
	// refused (4xx) or both taken (2xx), as a member that is null must
	// be answered as the member left out. fresh makes each of the two
	// name a transaction stored just before, which a reversal uses up.
	like  *sweepCase
	fresh bool
	// orNamed lets the answer be a refusal naming target where like's is
	// not one.
	orNamed bool
}

// oddPathValues are values of a path parameter that no identifier of
// Levy takes; freeTextPathValues are values that an identifier of free
// text, such as a transaction ID or a franchise fee's name, may be.
var (
	oddPathValues = []struct{ name, value string }{
		{"of 2000 characters", long(2000)}, {"with a NUL", "a%00b"}, {"not UTF-8", "%FF%FE"},
		{"with a line feed", "a%0Ab"}, {"with a right-to-left override", "a%E2%80%AEb"},
	}
	freeTextPathValues = []struct{ name, value string }{
		{"of a space", "%20"}, {"with markup", "%3Cscript%3E"}, {"with a backslash", "a%5C..%5Cb"},
		{"of a dot sent encoded", "%2E"}, {"of two dots sent encoded", "%2E%2E"},
	}
)

// cases builds the bad requests of op.
func (run *sweepRun) cases(op sweepOp) []sweepCase {
	var cases []sweepCase
	add := func(c sweepCase) { cases = append(cases, c) }
	key := op.method + " " + op.path
	base, ct := run.bodies[key], run.media[key]
	jsonBody := slices.Contains(op.media, "application/json")
	if op.oauth {
		base = run.bodies["token"]
	}
	if jsonBody && ct == "" {
		ct = "application/json"
		if base == "" {
			base = "{}"
		}
	}
	valid := func(name string) sweepCase { return sweepCase{name: name, body: base, contentType: ct} }

	// Path parameters.
	for _, p := range op.pathParams {
		for _, v := range oddPathValues {
			c := valid("path " + p + " " + v.name)
			c.pathValues = map[string]string{p: v.value}
			c.target = p
			add(c)
		}
		for _, v := range freeTextPathValues {
			c := valid("path " + p + " " + v.name)
			c.pathValues = map[string]string{p: v.value}
			c.target, c.mayTake = p, true
			add(c)
		}
	}

	// Query parameters: one the route does not know, and each it knows
	// with values of no form it takes. A token endpoint passes over a
	// parameter it does not know, as RFC 6749 section 3.2 has it; the
	// public documents (the OpenAPI document, /healthz and /metrics) read
	// nothing from a request and answer any.
	unknown := valid("unknown query parameter")
	unknown.rawQuery = "sweepBogus=1"
	unknown.target, unknown.status = "sweepBogus", http.StatusBadRequest
	if op.oauth || op.path == "/healthz" || op.path == "/metrics" || strings.HasSuffix(op.path, "/openapi.json") {
		unknown.mayTake, unknown.status = true, 0
	}
	add(unknown)
	for _, q := range op.query {
		values := []struct{ name, value string }{
			{"with a NUL", "a\x00b"}, {"not UTF-8", "\xff\xfe"}, {"with a line feed", "a\nb"},
			{"of 5000 characters", long(5000)},
		}
		switch q.format {
		case "date":
			values = append(values, struct{ name, value string }{"February 30", "2026-02-30"},
				struct{ name, value string }{"month 13", "2026-13-01"})
		case "boolean":
			values = append(values, struct{ name, value string }{"maybe", "maybe"})
		}
		if q.name == "limit" || q.name == "offset" || q.name == "zoom" {
			values = append(values, struct{ name, value string }{"1e400", "1e400"},
				struct{ name, value string }{"9999999999999999999", "9999999999999999999"},
				struct{ name, value string }{"-1", "-1"})
		}
		for _, v := range values {
			c := valid("query " + q.name + " " + v.name)
			c.query = url.Values{q.name: {v.value}}
			c.target, c.status = q.name, http.StatusBadRequest
			add(c)
		}
		twice := valid("query " + q.name + " twice")
		twice.query = url.Values{q.name: {"a", "b"}}
		twice.target, twice.status = q.name, http.StatusBadRequest
		add(twice)
		escape := valid("query " + q.name + " with a bad escape")
		escape.rawQuery = q.name + "=%zz"
		escape.query = url.Values{q.name: nil}
		escape.target, escape.status = q.name, http.StatusBadRequest
		add(escape)
	}

	// Header parameters: values no key takes.
	for _, h := range op.headers {
		for _, v := range []struct{ name, value string }{
			{"of 1000 characters", long(1000)}, {"not ASCII", "clé"}, {"of spaces", "   "},
		} {
			c := valid("header " + h + " " + v.name)
			c.header = []string{h, v.value}
			c.target, c.status = h, http.StatusBadRequest
			add(c)
		}
	}

	if len(op.media) == 0 {
		return cases
	}
	// The body as a whole.
	other := valid("body of another media type")
	other.contentType = "text/plain"
	if !jsonBody {
		other.contentType = "application/json"
	}
	other.target, other.status = "Content-Type", http.StatusUnsupportedMediaType
	if op.oauth {
		// A token endpoint reads a JSON object sent as text/plain, as
		// browsers label it, and refuses other types as RFC 6749 has it.
		other.contentType, other.target, other.status = "application/xml", "", http.StatusBadRequest
	}
	add(other)
	if op.bodyRequired {
		empty := valid("empty body")
		empty.body = ""
		add(empty)
	}
	if !jsonBody {
		return cases
	}
	for _, v := range []struct{ name, body string }{
		{"truncated", base[:len(base)/2]}, {"not UTF-8", "{\"\xff\":1}"}, {"of a string", `"x"`},
		{"of two values", base + base},
	} {
		c := valid("body " + v.name)
		c.body = v.body
		add(c)
	}
	if op.bodyRequired && !op.array {
		// null is read as the empty object, as a null member is read as
		// the member left out.
		empty := valid("body {}")
		empty.body = "{}"
		null := valid("body null")
		null.body = "null"
		null.like = &empty
		add(null)
	}

	// A member the body does not have, and each top-level member of the
	// valid body given twice or spelt in another case, which a loose
	// decoder would take for the member. A token endpoint passes over a
	// parameter it does not know (RFC 6749 section 3.2), and the
	// calculations over the members of the commercial API's requests that
	// Levy does not read.
	if !op.array {
		calculation := slices.Contains([]string{"supplies", "procurement", "owner"}, path.Base(op.path))
		unknown := valid("body with an unknown member")
		unknown.body = withMember(base, `"sweepBogus":1`)
		unknown.target, unknown.status, unknown.mayTake = "sweepBogus", http.StatusBadRequest, op.oauth || calculation
		add(unknown)
		var top map[string]json.RawMessage
		if err := json.Unmarshal([]byte(base), &top); err != nil {
			panic(fmt.Sprintf("%s %s: the valid body is not a JSON object: %v", op.method, op.path, err))
		}
		for _, name := range slices.Sorted(maps.Keys(top)) {
			twice := valid("member " + name + " twice")
			twice.body = withMember(base, strconv.Quote(name)+":"+string(top[name]))
			twice.target, twice.status = name, http.StatusBadRequest
			add(twice)
			other := strings.ToUpper(name[:1]) + name[1:]
			if other == name {
				other = strings.ToLower(name[:1]) + name[1:]
			}
			spelt := valid("member " + name + " spelt " + other)
			spelt.body = withMember(base, strconv.Quote(other)+":"+string(top[name]))
			spelt.target, spelt.status = other, http.StatusBadRequest
			add(spelt)
		}
	}

	// Each member.
	prefix := ""
	if op.array {
		prefix = "[0]."
	}
	fresh := op.method == http.MethodPost && strings.HasPrefix(op.path, "/api/v2/transactions/{id}/")
	// The explanations read the calculations' requests with the same
	// decoder and checks: their members one level down are swept at the
	// calculations alone.
	explain := strings.HasPrefix(op.path, "/api/v2/explain/")
	for _, m := range op.members {
		if m.nested && (!run.nested || explain) {
			continue
		}
		path := prefix + m.name
		wrong := func(name string, value raw) {
			c := valid("member " + m.name + " " + name)
			c.body = set(base, path, value)
			c.target, c.status = path, http.StatusBadRequest
			add(c)
		}
		switch m.typ {
		case "string":
			if op.oauth && strings.HasPrefix(m.name, "client_") {
				// Wrong credentials are answered 401 invalid_client
				// without saying which (RFC 6749 section 5.2), and
				// counted towards the client's throttle: only their
				// JSON types are swept.
				wrong("a number", "5")
				wrong("an object", "{}")
				continue
			}
			if m.format != "decimal" {
				wrong("a number", "5") // a decimal may be sent as a JSON number
			}
			wrong("an object", "{}")
			if !m.nested {
				// One level down, a number and an object stand for
				// every other type: the decoder refuses them alike.
				wrong("true", "true")
				wrong("an array", `["x"]`)
			}
			wrong("with a NUL", `"a\u0000b"`)
			if m.name != "lineItemDescription" && !strings.HasSuffix(m.name, ".lineItemDescription") {
				wrong("with a line feed", `"a\nb"`) // a description may run over several lines
			}
			// Free text may hold a right-to-left override, as text in
			// Arabic or Hebrew may; an identifier may not.
			plain := valid("member " + m.name + " without the override")
			plain.body = set(base, path, raw(`"ab"`))
			override := valid("member " + m.name + " with a right-to-left override")
			override.body = set(base, path, raw(`"a\u202eb"`))
			override.target, override.like, override.orNamed = path, &plain, true
			add(override)
			wrong("of a lone surrogate", `"\ud800"`)
			switch m.format {
			case "date":
				wrong("February 30", `"2026-02-30"`)
				wrong("day 00", `"2026-06-00"`)
			case "decimal":
				wrong("1e400", `"1e400"`)
				wrong("1e400 as a number", "1e400")
				wrong("9999999999999999999", `"9999999999999999999"`)
				wrong("a word", `"ten"`)
			}
		case "number", "integer":
			wrong("a word", `"x"`)
			wrong("true", "true")
			wrong("an object", "{}")
			wrong("1e400", "1e400")
			wrong("9999999999999999999", "9999999999999999999")
			zero := valid("member " + m.name + " 0")
			zero.body = set(base, path, raw("0"))
			minus := valid("member " + m.name + " -0")
			minus.body = set(base, path, raw("-0"))
			minus.like = &zero
			add(minus)
		case "boolean":
			wrong("a word", `"yes"`)
			wrong("1", "1")
			wrong("an object", "{}")
		case "object":
			wrong("a string", `"x"`)
			wrong("a number", "5")
			wrong("an array", "[]")
			wrong("true", "true")
		case "array":
			wrong("a string", `"x"`)
			wrong("an object", "{}")
			wrong("a number", "5")
			wrong("with a null item", "[null]")
		default:
			wrong("an object holding a NUL", `{"\u0000":1}`)
		}
		if m.typ == "object" || m.typ == "array" {
			left := valid("member " + m.name + " left out")
			left.body = set(base, path, dropped{})
			left.fresh = fresh
			null := valid("member " + m.name + " null")
			null.body = set(base, path, raw("null"))
			null.like, null.fresh = &left, fresh
			add(null)
		}
		// Invalid UTF-8 inside a string of the member, as raw bytes.
		if m.typ == "string" {
			c := valid("member " + m.name + " not UTF-8")
			c.body = strings.Replace(set(base, path, "sweep-marker"), "sweep-marker", "a\xff\xfeb", 1)
			c.target, c.status = path, http.StatusBadRequest
			add(c)
		}
	}
	return cases
}

// sweepSeq numbers the requests of the sweep, for the names in {u}.
var sweepSeq int

// request returns the path with its query and the body of c on op.
func (run *sweepRun) request(t *testing.T, op sweepOp, c sweepCase) (string, string) {
	t.Helper()
	sweepSeq++
	path := op.path
	for _, p := range op.pathParams {
		v, ok := c.pathValues[p]
		if !ok {
			v = run.paths[p]
			if c.fresh && p == "id" {
				v = fmt.Sprint("sweep-fresh-", sweepSeq)
				if x := run.s.send(t, "POST", supplies, set(saleBase, "saleMessageType", "INVOICE", "transactionId", v)); x.status != http.StatusOK {
					t.Fatalf("storing %s: %d %s", v, x.status, clipped(x.body))
				}
			}
		}
		path = strings.Replace(path, "{"+p+"}", v, 1)
	}
	q := url.Values{}
	for k, vs := range run.queries[op.method+" "+op.path] {
		q[k] = vs
	}
	for k, vs := range c.query {
		if vs == nil {
			delete(q, k)
		} else {
			q[k] = vs
		}
	}
	query := q.Encode()
	if c.rawQuery != "" {
		query = strings.TrimPrefix(query+"&"+c.rawQuery, "&")
	}
	if query != "" {
		path += "?" + query
	}
	return path, strings.ReplaceAll(c.body, "{u}", strconv.Itoa(sweepSeq))
}

// tokenOf returns the Authorization header that op needs.
func (run *sweepRun) tokenOf(op sweepOp) string {
	switch {
	case op.oauth || op.path == "/healthz" || op.path == "/metrics" || strings.HasSuffix(op.path, "/openapi.json"):
		return ""
	case strings.HasPrefix(op.path, "/admin/v1/keys"):
		return "Bearer " + run.s.operator
	case strings.HasPrefix(op.path, "/admin/") || strings.HasPrefix(op.path, "/console/"):
		return "Bearer " + run.s.admin
	}
	return "Bearer " + run.s.api
}

// exchange sends c to op.
func (run *sweepRun) exchange(t *testing.T, op sweepOp, c sweepCase) exchange {
	t.Helper()
	path, body := run.request(t, op, c)
	header := []string{"Authorization", run.tokenOf(op), "Content-Type", c.contentType}
	if body == "" {
		header[3] = ""
	}
	return run.s.send(t, op.method, path, body, append(header, c.header...)...)
}

// sweep sends c to op and checks the answer.
func (run *sweepRun) sweep(t *testing.T, op sweepOp, c sweepCase) {
	x := run.exchange(t, op, c)
	clip := clipped(x.body)
	if x.status >= 500 || x.status < 200 {
		t.Fatalf("answered %d: %s", x.status, clip)
	}
	if c.like != nil {
		y := run.exchange(t, op, *c.like)
		switch {
		case x.status/100 == y.status/100:
			if x.status >= 400 {
				return // refused for what the two share
			}
		case c.orNamed && x.status >= 400:
			// Refused where the other is not: the answer must name
			// target, as checked below.
		default:
			t.Fatalf("answered %d, but %s answered %d: %s | %s", x.status, c.like.name, y.status, clip, clipped(y.body))
		}
	}
	if x.status < 400 {
		if !c.mayTake && c.like == nil {
			t.Fatalf("taken (%d): %s", x.status, clip)
		}
		return
	}
	// Another tenant than the token's is refused 403 naming tenant,
	// whatever the name.
	forbidden := x.status == http.StatusForbidden && strings.HasSuffix(c.target, "tenant")
	if c.status != 0 && x.status != c.status && !forbidden {
		t.Errorf("status %d, want %d: %s", x.status, c.status, clip)
	}
	if ct := x.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, want application/json: %s", ct, clip)
	}
	if op.documented {
		run.s.srv.CheckAnswer(t, x.req, x.status, x.header, x.body)
	}
	if op.oauth {
		var oe map[string]string
		if err := json.Unmarshal(x.body, &oe); err != nil || oe["error"] == "" || oe["error_description"] == "" {
			t.Fatalf("not an OAuth error (%v): %s", err, clip)
		}
		// The codes of RFC 6749 that are about one parameter name it.
		byCode := map[string]string{"unsupported_grant_type": "grant_type", "invalid_target": "audience"}
		if c.target != "" && !strings.Contains(oe["error_description"], c.target) && byCode[oe["error"]] != c.target {
			t.Errorf("the description does not name %s: %s", c.target, clip)
		}
		return
	}
	var eb api.ErrorBody
	dec := json.NewDecoder(bytes.NewReader(x.body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&eb); err != nil || len(eb.Errors) == 0 {
		t.Fatalf("not an error body (%v): %s", err, clip)
	}
	if eb.Meta.App == "" || eb.Meta.TimeReceived.IsZero() {
		t.Errorf("bad meta: %s", clip)
	}
	var targets []string
	for _, e := range eb.Errors {
		if e.Code == "" || e.Message == "" {
			t.Errorf("error without a code or a message: %+v", e)
		}
		targets = append(targets, e.Target)
	}
	if c.target == "" {
		return
	}
	names := []string{c.target}
	if x.status == http.StatusNotFound && slices.Contains(op.pathParams, c.target) {
		// Another path parameter may name what is not there.
		names = op.pathParams
	}
	for _, got := range targets {
		for _, want := range names {
			if got == want || strings.HasPrefix(got, want+".") || strings.HasPrefix(got, want+"[") {
				return
			}
		}
	}
	t.Errorf("no error names %s (%d); the targets are %q: %s", c.target, x.status, targets, clip)
}
