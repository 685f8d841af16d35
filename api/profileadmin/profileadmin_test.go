package profileadmin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/profile"
)

// server is an API on loopback with the token routes and the profile's
// admin routes over a memory store whose validator knows the dataset's
// jurisdictions, and the tokens of two tenants' admins, of acme's
// console reader and API client, and of the operator.
type server struct {
	url                              string
	svc                              *profile.Service
	iss                              *auth.Issuer
	acme, beta, reader, apiTok, oper string
}

var shared *engine.Engine

func newServer(t *testing.T) *server {
	t.Helper()
	return newServerWith(t, func() civil.Date { return civil.MustParse("2026-06-15") })
}

// newServerWith is newServer with the routes' clock today.
func newServerWith(t *testing.T, today func() civil.Date) *server {
	t.Helper()
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	if shared == nil {
		e, err := engine.New(ctx, engine.WithLogger(quiet))
		if err != nil {
			t.Fatal(err)
		}
		shared = e
	}
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	svc := profile.NewService(profile.NewMemory(), profile.Config{Validator: profile.Validator{
		Jurisdiction: func(id string) bool { _, ok := j.Index(id); return ok }}})
	iss := authtest.Issuer(t, auth.Config{NoActivationDelay: true})
	tokens := oauth.New(iss, oauth.WithLogger(quiet), oauth.WithReaderAudiences("levy://console"))
	opts := append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)
	opts = append(opts, profileadmin.New(svc, tokens.AdminReaderAuthenticator(),
		profileadmin.WithToday(today), profileadmin.WithOperatorClients(tokens.OperatorClient)).Mounts()...)
	srv, err := api.New(shared, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &server{url: ts.URL, svc: svc, iss: iss,
		acme:   authtest.Token(t, iss, "acme", oauth.DefaultAdminAudience),
		beta:   authtest.Token(t, iss, "beta", oauth.DefaultAdminAudience),
		reader: authtest.Token(t, iss, "acme", "levy://console"),
		apiTok: authtest.Token(t, iss, "acme", oauth.DefaultAudience),
		oper:   authtest.Token(t, iss, "ops", oauth.DefaultOperatorAudience),
	}
}

// answer is a reply of the server.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// errs returns the targets and messages of an error answer.
func (a answer) errs() map[string]string {
	var e struct {
		Errors []struct{ Target, Message string }
	}
	_ = json.Unmarshal(a.body, &e)
	out := map[string]string{}
	for _, x := range e.Errors {
		out[x.Target] += x.Message
	}
	return out
}

// data decodes the data member of the answer into v.
func (a answer) data(t *testing.T, v any) {
	t.Helper()
	var env struct{ Data json.RawMessage }
	if err := json.Unmarshal(a.body, &env); err != nil || env.Data == nil {
		t.Fatalf("the answer has no data (%v): %s", err, a.body)
	}
	if err := json.Unmarshal(env.Data, v); err != nil {
		t.Fatalf("%v: %s", err, env.Data)
	}
}

// send sends a request with a token and a body of content type ctype.
func (s *server) send(t *testing.T, method, path, token, ctype string, body []byte) answer {
	t.Helper()
	req, err := http.NewRequest(method, s.url+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{status: resp.StatusCode, header: resp.Header, body: b}
}

// json sends a JSON body.
func (s *server) json(t *testing.T, method, path, token, body string) answer {
	t.Helper()
	ctype := ""
	if body != "" {
		ctype = "application/json"
	}
	return s.send(t, method, path, token, ctype, []byte(body))
}

// must sends a JSON request that must answer want.
func (s *server) must(t *testing.T, want int, method, path, token, body string) answer {
	t.Helper()
	a := s.json(t, method, path, token, body)
	if a.status != want {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, a.status, want, a.body)
	}
	return a
}

// version returns the tenant's version.
func (s *server) version(t *testing.T, tenant string) uint64 {
	t.Helper()
	v, err := s.svc.Store().Version(context.Background(), tenant)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

const (
	p        = profileadmin.Prefix
	texasTX1 = `{"number":"TX-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01","expirationDate":"2026-12-31"}`
	pdfScan  = "%PDF-1.7\n% a scanned certificate\n%%EOF\n"
)

// seed gives acme a customer with a Texas certificate, a registration,
// a product and a policy.
func (s *server) seed(t *testing.T) {
	t.Helper()
	s.must(t, 201, "POST", p+"/customers", s.acme, `{"code":"C-1","name":"Alpha Supply","isBusiness":true}`)
	s.must(t, 201, "POST", p+"/customers/C-1/certificates", s.acme, texasTX1)
	s.must(t, 201, "POST", p+"/registrations", s.acme, `{"companyCode":"ACME","jurisdiction":"TX","number":"32000000001","physicalPresence":true}`)
	s.must(t, 201, "POST", p+"/products", s.acme, `{"code":"SKU-1","class":"SAAS"}`)
	s.must(t, 200, "PUT", p+"/policy", s.acme, `{"expiryNoticeDays":30}`)
}

func TestRecordsThroughTheRoutes(t *testing.T) {
	s := newServer(t)
	s.seed(t)

	// A customer with its certificate and versions, by whom.
	var cust profileadmin.CustomerDetail
	s.must(t, 200, "GET", p+"/customers/C-1", s.acme, "").data(t, &cust)
	if cust.Customer == nil || cust.Customer.Name != "Alpha Supply" || len(cust.Certificates) != 1 || cust.Certificates[0].Jurisdictions[0] != "US-TX" ||
		len(cust.Versions) != 1 || cust.Versions[0].By == "" {
		t.Fatalf("the customer: %+v", cust)
	}
	s.must(t, 200, "PUT", p+"/customers/C-1", s.acme, `{"name":"Alpha Supply Inc.","isBusiness":true}`).data(t, &cust)
	if cust.Customer.Name != "Alpha Supply Inc." || len(cust.Versions) != 2 || cust.Versions[0].Customer.Name != "Alpha Supply" {
		t.Fatalf("after the update: %+v", cust)
	}

	// Lists and their filters.
	var page profileadmin.CertificatePage
	s.must(t, 201, "POST", p+"/customers", s.acme, `{"code":"C-2"}`)
	s.must(t, 201, "POST", p+"/customers/C-2/certificates", s.acme,
		`{"number":"CA-9","jurisdictions":["US-CA"],"reasonCode":"E","effectiveDate":"2026-01-01","expirationDate":"2026-07-01"}`)
	for query, want := range map[string]string{
		"":                                     "TX-1,CA-9",
		"?customer=C-2":                        "CA-9",
		"?jurisdiction=TX":                     "TX-1",
		"?jurisdiction=US-4819000":             "TX-1",
		"?jurisdiction=US":                     "TX-1,CA-9",
		"?expiringBefore=2026-07-15":           "CA-9",
		"?expiringBefore=2026-07-01":           "",
		"?status=revoked":                      "",
		"?limit=1&offset=1":                    "CA-9",
		"?customer=C-1&jurisdiction=CA":        "",
		"?asOf=2000-01-01":                     "",
		"?asOf=2999-01-01T00:00:00Z&limit=500": "TX-1,CA-9",
	} {
		s.must(t, 200, "GET", p+"/certificates"+query, s.acme, "").data(t, &page)
		var got []string
		for _, c := range page.Items {
			got = append(got, c.Number)
		}
		// The page comes in customer order: C-1's TX-1, then C-2's CA-9.
		if g := strings.Join(got, ","); !sameSet(g, want) {
			t.Errorf("GET certificates%s: %q, want %q", query, g, want)
		}
	}

	// Revocation, from today by default or from a day.
	var cert profileadmin.CertificateDetail
	s.must(t, 200, "POST", p+"/customers/C-2/certificates/CA-9/revoke", s.acme, "").data(t, &cert)
	if cert.Certificate.Status != "revoked" || cert.Certificate.RevokedDate != civil.MustParse("2026-06-15") {
		t.Errorf("revoked today: %+v", cert.Certificate)
	}
	s.must(t, 200, "POST", p+"/customers/C-1/certificates/TX-1/revoke", s.acme, `{"revokedDate":"2026-03-01"}`).data(t, &cert)
	if cert.Certificate.RevokedDate != civil.MustParse("2026-03-01") || len(cert.Versions) != 2 {
		t.Errorf("revoked on a day: %+v", cert)
	}

	// The scan: stored, given to the certificate, served back as an
	// attachment of its type that a browser runs nothing of.
	a := s.send(t, "PUT", p+"/customers/C-1/certificates/TX-1/document?fileName=C:%5Cscans%5Ctx-1.pdf", s.acme, "application/pdf", []byte(pdfScan))
	if a.status != 200 {
		t.Fatalf("the scan: %d %s", a.status, a.body)
	}
	a.data(t, &cert)
	if d := cert.Certificate.Document; d == nil || d.FileName != "tx-1.pdf" || d.Size != int64(len(pdfScan)) || d.SHA256 != profile.Digest([]byte(pdfScan)) {
		t.Fatalf("the certificate's document: %+v", cert.Certificate.Document)
	}
	for _, path := range []string{p + "/customers/C-1/certificates/TX-1/document", p + "/documents/" + profile.Digest([]byte(pdfScan))} {
		a = s.send(t, "GET", path, s.acme, "", nil)
		h := a.header
		if a.status != 200 || string(a.body) != pdfScan || h.Get("Content-Type") != "application/pdf" || h.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(h.Get("Content-Security-Policy"), "sandbox") || !strings.HasPrefix(h.Get("Content-Disposition"), "attachment") {
			t.Errorf("GET %s: %d %v %q", path, a.status, h, a.body)
		}
	}
	// A page of HTML said to be a PDF is refused, and stored nowhere.
	a = s.send(t, "POST", p+"/documents", s.acme, "application/pdf", []byte("<html><script>alert(1)</script></html>"))
	if a.status != 400 || a.errs()["body"] == "" {
		t.Errorf("HTML as a PDF: %d %s", a.status, a.body)
	}
	a = s.send(t, "POST", p+"/documents", s.acme, "image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`))
	if a.status != 415 || a.errs()["Content-Type"] == "" {
		t.Errorf("an SVG: %d %s", a.status, a.body)
	}
	a = s.send(t, "GET", p+"/documents/"+profile.Digest([]byte("<html><script>alert(1)</script></html>")), s.acme, "", nil)
	if a.status != 404 {
		t.Errorf("the refused HTML is served: %d", a.status)
	}

	// Registrations and products, by their keys.
	var reg profileadmin.RegistrationDetail
	s.must(t, 200, "GET", p+"/registrations/TX/32000000001?company=ACME", s.acme, "").data(t, &reg)
	if reg.Registration == nil || reg.Registration.Jurisdiction != "US-TX" {
		t.Errorf("the registration: %+v", reg)
	}
	s.must(t, 404, "GET", p+"/registrations/TX/32000000001", s.acme, "") // of the seller that names no company
	s.must(t, 200, "PUT", p+"/registrations/US-TX/32000000001?company=ACME", s.acme, `{"effectiveDate":"2025-01-01","physicalPresence":true}`).data(t, &reg)
	if reg.Registration.EffectiveDate != civil.MustParse("2025-01-01") || len(reg.Versions) != 2 {
		t.Errorf("the registration updated: %+v", reg)
	}
	var prod profileadmin.ProductDetail
	s.must(t, 200, "PUT", p+"/products/sku/SKU-1", s.acme, `{"class":"GENERAL"}`).data(t, &prod)
	if prod.Product.Class != "GENERAL" || prod.Product.CodeType != "SKU" {
		t.Errorf("the product updated: %+v", prod)
	}
	s.must(t, 201, "POST", p+"/products", s.acme, `{"codeType":"HS","code":"6402.99","class":"CLOTHING"}`)
	s.must(t, 200, "GET", p+"/products/HS/6402.99", s.acme, "").data(t, &prod)
	if prod.Product.Code != "640299" {
		t.Errorf("the HS product: %+v", prod)
	}
	var pol profileadmin.PolicyDetail
	s.must(t, 200, "GET", p+"/policy", s.acme, "").data(t, &pol)
	if pol.Policy == nil || pol.Policy.ExpiryNoticeDays != 30 {
		t.Errorf("the policy: %+v", pol)
	}

	// Deletions: a customer that holds certificates is refused; its
	// versions stay once it is deleted.
	a = s.json(t, "DELETE", p+"/customers/C-1", s.acme, "")
	if a.status != 400 || !strings.Contains(a.errs()["code"], "still holds certificates TX-1") {
		t.Errorf("deleting a customer with certificates: %d %s", a.status, a.body)
	}
	s.must(t, 200, "DELETE", p+"/customers/C-1/certificates/TX-1", s.acme, "")
	cust = profileadmin.CustomerDetail{}
	s.must(t, 200, "DELETE", p+"/customers/C-1", s.acme, "").data(t, &cust)
	if !cust.Deleted || cust.Customer != nil || len(cust.Versions) != 3 || !cust.Versions[2].Deleted {
		t.Errorf("the deleted customer: %+v", cust)
	}
	s.must(t, 404, "DELETE", p+"/customers/C-1", s.acme, "")
	s.must(t, 404, "GET", p+"/customers/C-404", s.acme, "")
	s.must(t, 200, "DELETE", p+"/products/HS/640299", s.acme, "")
	s.must(t, 200, "DELETE", p+"/registrations/TX/32000000001?company=ACME", s.acme, "")
}

// sameSet reports whether two comma lists hold the same items.
func sameSet(a, b string) bool {
	split := func(s string) map[string]int {
		m := map[string]int{}
		for _, x := range strings.Split(s, ",") {
			if x != "" {
				m[x]++
			}
		}
		return m
	}
	x, y := split(a), split(b)
	if len(x) != len(y) {
		return false
	}
	for k, n := range x {
		if y[k] != n {
			return false
		}
	}
	return true
}

// TestBadInputNamesTheField sends the bad input of the issue through the
// routes: each is a 400 that names the field, and nothing is stored.
func TestBadInputNamesTheField(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	before := s.version(t, "acme")
	for name, c := range map[string]struct {
		method, path, body string
		status             int
		target, text       string
	}{
		"expiration before the effective date": {"POST", "/customers/C-1/certificates", `{"number":"TX-2","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-06-01","expirationDate":"2026-05-31"}`,
			400, "expirationDate", "before the effective date"},
		"an unknown jurisdiction": {"POST", "/customers/C-1/certificates", `{"number":"TX-2","jurisdictions":["US-9999999"],"reasonCode":"G","effectiveDate":"2026-06-01"}`,
			400, "jurisdictions[0]", "not a jurisdiction Levy knows"},
		"an unknown reason": {"POST", "/customers/C-1/certificates", `{"number":"TX-2","jurisdictions":["TX"],"reasonCode":"Z","effectiveDate":"2026-06-01"}`,
			400, "reasonCode", "not a reason code"},
		"an unknown class": {"POST", "/customers/C-1/certificates", `{"number":"TX-2","jurisdictions":["TX"],"reasonCode":"G","productClasses":["WIDGETS"],"effectiveDate":"2026-06-01"}`,
			400, "productClasses[0]", "not a product class"},
		"a number the customer holds": {"POST", "/customers/C-1/certificates", texasTX1, 400, "number", "exists already"},
		"an unknown customer": {"POST", "/customers/C-404/certificates", `{"number":"X-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-06-01"}`,
			400, "code", `no customer "C-404"`},
		"a product of an unknown class":     {"POST", "/products", `{"code":"SKU-2","class":"WIDGETS"}`, 400, "class", "not a product class"},
		"a registration of no jurisdiction": {"POST", "/registrations", `{"jurisdiction":"ZZ-ZZ","number":"1"}`, 400, "jurisdiction", "not a jurisdiction"},
		"a customer twice":                  {"POST", "/customers", `{"code":"C-1"}`, 400, "code", "exists already"},
		"a misspelt member":                 {"POST", "/customers/C-1/certificates", `{"number":"TX-2","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-06-01","expiration":"2026-12-31"}`, 400, "expiration", "not a member"},
		// The members are listed as they are spelt, so that one copied
		// from the message is taken.
		"a member the list spells":          {"POST", "/customers", `{"code":"C-7","business":true}`, 400, "business", "classCode, code, isBusiness, name"},
		"a date that is not one":            {"POST", "/customers/C-1/certificates", `{"number":"TX-2","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"06/01/2026"}`, 400, "effectiveDate", ""},
		"another key in the body":           {"PUT", "/customers/C-1/certificates/TX-1", `{"number":"TX-9","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`, 400, "number", "which the path names"},
		"an update of nothing":              {"PUT", "/customers/C-404", `{"name":"x"}`, 404, "code", "not in the tenant's profile"},
		"a revocation before the effective": {"POST", "/customers/C-1/certificates/TX-1/revoke", `{"revokedDate":"nope"}`, 400, "revokedDate", ""},
		"a policy out of bounds":            {"PUT", "/policy", `{"expiryNoticeDays":-1}`, 400, "expiryNoticeDays", "not between"},
		"an unknown parameter":              {"GET", "/certificates?expiring=2026-01-01", "", 400, "expiring", "not a parameter"},
		"a bad filter":                      {"GET", "/certificates?jurisdiction=Texas", "", 400, "jurisdiction", "not a jurisdiction ID"},
		"a limit too large":                 {"GET", "/customers?limit=99999", "", 400, "limit", ""},
		"an unknown export":                 {"GET", "/export/items", "", 400, "kind", "not a kind"},
	} {
		a := s.json(t, c.method, p+c.path, s.acme, c.body)
		if a.status != c.status || !strings.Contains(a.errs()[c.target], c.text) {
			t.Errorf("%s: %d %s; want %d naming %s", name, a.status, a.body, c.status, c.target)
		}
	}
	if v := s.version(t, "acme"); v != before {
		t.Errorf("bad input stored versions %d to %d", before+1, v)
	}
}

// writes are the routes that change a profile, with acme's record keys
// and good bodies.
var writes = []struct{ method, path, ctype, body string }{
	{"POST", "/customers", "application/json", `{"code":"C-9"}`},
	{"PUT", "/customers/C-1", "application/json", `{"name":"changed"}`},
	{"DELETE", "/customers/C-1", "", ""},
	{"POST", "/customers/C-1/certificates", "application/json", `{"number":"TX-9","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`},
	{"PUT", "/customers/C-1/certificates/TX-1", "application/json", `{"jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2020-01-01"}`},
	{"DELETE", "/customers/C-1/certificates/TX-1", "", ""},
	{"POST", "/customers/C-1/certificates/TX-1/revoke", "", ""},
	{"PUT", "/customers/C-1/certificates/TX-1/document", "application/pdf", pdfScan},
	{"POST", "/registrations", "application/json", `{"jurisdiction":"CA","number":"9"}`},
	{"PUT", "/registrations/TX/32000000001?company=ACME", "application/json", `{"physicalPresence":false}`},
	{"DELETE", "/registrations/TX/32000000001?company=ACME", "", ""},
	{"POST", "/products", "application/json", `{"code":"SKU-9","class":"GENERAL"}`},
	{"PUT", "/products/SKU/SKU-1", "application/json", `{"class":"GENERAL"}`},
	{"DELETE", "/products/SKU/SKU-1", "", ""},
	{"PUT", "/policy", "application/json", `{"expiryNoticeDays":1}`},
	{"POST", "/documents", "application/pdf", pdfScan},
	{"POST", "/import", "application/json", `{"customers":[{"code":"C-9"}]}`},
	{"POST", "/import/files", "text/csv", "product_code,product_class\nSKU-9,GENERAL\n"},
}

// reads are the routes that read a profile, with acme's record keys.
var reads = []string{
	"/customers", "/customers/C-1", "/certificates", "/customers/C-1/certificates/TX-1", "/customers/C-1/certificates/TX-1/document",
	"/registrations", "/registrations/TX/32000000001?company=ACME", "/products", "/products/SKU/SKU-1", "/policy",
	"/documents/" + profile.Digest([]byte(pdfScan)), "/export", "/export/certificates",
}

// withQuery adds a parameter to a path.
func withQuery(path, param string) string {
	if strings.Contains(path, "?") {
		return path + "&" + param
	}
	return path + "?" + param
}

// snapshot is acme's profile as JSON, with its version.
func (s *server) snapshot(t *testing.T) string {
	t.Helper()
	r, err := s.svc.Records(context.Background(), "acme", zero)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	return string(b)
}

// TestTenantsStayApart sends every route with beta's admin token: naming
// acme is refused 403, acme's record keys are answered 404 as unknown
// ones (in beta's own profile), and acme's profile is as it was. The
// API's calculation token may use none of them; the operator names the
// tenant it acts on.
func TestTenantsStayApart(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	s.send(t, "PUT", p+"/customers/C-1/certificates/TX-1/document", s.acme, "application/pdf", []byte(pdfScan))
	before := s.snapshot(t)

	for _, path := range reads {
		if a := s.json(t, "GET", withQuery(p+path, "tenant=acme"), s.beta, ""); a.status != 403 || a.errs()["tenant"] == "" {
			t.Errorf("GET %s?tenant=acme with beta's token: %d %s", path, a.status, a.body)
		}
		// acme's keys in beta's own profile: unknown. The lists are
		// beta's, empty.
		a := s.json(t, "GET", p+path, s.beta, "")
		switch {
		case strings.HasPrefix(path, "/export"):
			if a.status != 200 || strings.Contains(string(a.body), "C-1") {
				t.Errorf("GET %s with beta's token: %d %s", path, a.status, a.body)
			}
		case path == "/customers" || path == "/certificates" || path == "/registrations" || path == "/products":
			if a.status != 200 || !strings.Contains(string(a.body), `"total":0`) {
				t.Errorf("GET %s with beta's token: %d %s", path, a.status, a.body)
			}
		case path == "/policy":
			if a.status != 200 || strings.Contains(string(a.body), "expiryNoticeDays") {
				t.Errorf("GET %s with beta's token: %d %s", path, a.status, a.body)
			}
		default:
			if a.status != 404 || strings.Contains(string(a.body), "Alpha") || strings.Contains(string(a.body), "PDF") {
				t.Errorf("GET %s with beta's token: %d %s", path, a.status, a.body)
			}
		}
		if a := s.json(t, "GET", p+path, s.apiTok, ""); a.status != 403 {
			t.Errorf("GET %s with an API token: %d %s", path, a.status, a.body)
		}
	}
	for _, w := range writes {
		if a := s.send(t, w.method, withQuery(p+w.path, "tenant=acme"), s.beta, w.ctype, []byte(w.body)); a.status != 403 {
			t.Errorf("%s %s?tenant=acme with beta's token: %d %s", w.method, w.path, a.status, a.body)
		}
		if a := s.send(t, w.method, p+w.path, s.apiTok, w.ctype, []byte(w.body)); a.status != 403 {
			t.Errorf("%s %s with an API token: %d %s", w.method, w.path, a.status, a.body)
		}
		// acme's keys with beta's token: the updates and deletions find
		// nothing in beta's profile.
		if w.method == "POST" && !strings.Contains(w.path, "/C-1/") {
			continue // creations and imports make beta's own records
		}
		if w.path == "/customers/C-1/certificates" {
			// A certificate of a customer beta does not have.
			if a := s.send(t, w.method, p+w.path, s.beta, w.ctype, []byte(w.body)); a.status != 400 || !strings.Contains(a.errs()["code"], "no customer") {
				t.Errorf("%s %s with beta's token: %d %s", w.method, w.path, a.status, a.body)
			}
			continue
		}
		if a := s.send(t, w.method, p+w.path, s.beta, w.ctype, []byte(w.body)); a.status != 404 && !(w.path == "/policy") {
			t.Errorf("%s %s with beta's token: %d %s", w.method, w.path, a.status, a.body)
		}
	}
	if after := s.snapshot(t); after != before {
		t.Errorf("beta's requests changed acme's profile:\nbefore %s\nafter  %s", before, after)
	}

	// The operator names the tenant; without one it is refused.
	if a := s.json(t, "GET", p+"/customers", s.oper, ""); a.status != 400 || a.errs()["tenant"] == "" {
		t.Errorf("the operator without a tenant: %d %s", a.status, a.body)
	}
	var cust profileadmin.CustomerDetail
	s.must(t, 200, "GET", p+"/customers/C-1?tenant=acme", s.oper, "").data(t, &cust)
	if cust.Customer == nil || cust.Customer.Code != "C-1" {
		t.Errorf("the operator reads acme's customer: %+v", cust)
	}
	s.must(t, 201, "POST", p+"/customers?tenant=beta", s.oper, `{"code":"B-1"}`)
	if s.version(t, "beta") == 0 {
		t.Error("the operator's creation for beta stored nothing")
	}
}

// TestReaderReadsOnly sends every route with acme's console token: it
// reads, and every write is refused 403 as read-only, before its body
// is read, and changes nothing.
func TestReaderReadsOnly(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	s.send(t, "PUT", p+"/customers/C-1/certificates/TX-1/document", s.acme, "application/pdf", []byte(pdfScan))
	before := s.snapshot(t)
	for _, path := range reads {
		if a := s.json(t, "GET", p+path, s.reader, ""); a.status != 200 {
			t.Errorf("GET %s with the console's token: %d %s", path, a.status, a.body)
		}
	}
	for _, w := range writes {
		a := s.send(t, w.method, p+w.path, s.reader, w.ctype, []byte(w.body))
		if a.status != 403 || !strings.Contains(string(a.body), "read-only") {
			t.Errorf("%s %s with the console's token: %d %s", w.method, w.path, a.status, a.body)
		}
		// The refusal names the credential that may make the change: the
		// tenant's admin, not the API's audience, which every route of
		// the tax profile refuses.
		if !strings.Contains(string(a.body), "tenant admin's credential") || strings.Contains(string(a.body), "API's audience") {
			t.Errorf("%s %s with the console's token names the wrong credential: %s", w.method, w.path, a.body)
		}
		// A bad body is refused as a write all the same.
		if a := s.send(t, w.method, p+w.path, s.reader, "application/json", []byte("{")); a.status != 403 {
			t.Errorf("%s %s with the console's token and a broken body: %d %s", w.method, w.path, a.status, a.body)
		}
	}
	if after := s.snapshot(t); after != before {
		t.Errorf("the console's token changed the profile:\nbefore %s\nafter  %s", before, after)
	}
	// The service refuses it too, should a route forget (the second
	// line: levy.WithReadOnly).
	if _, err := s.svc.Apply(readOnly(), "acme", "x", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-8"}}}); err == nil ||
		!strings.Contains(err.Error(), "read-only") || !strings.Contains(err.Error(), "tenant admin's credential") {
		t.Errorf("a read-only context's change: %v", err)
	}
}

// TestImportAndExport imports a JSON change set and the CSV files (one
// as text/csv, several as multipart), refuses bad rows by file, line and
// column storing nothing, and exports what it stored in forms the import
// takes back.
func TestImportAndExport(t *testing.T) {
	s := newServer(t)
	var ans profileadmin.ImportAnswer
	s.must(t, 200, "POST", p+"/import", s.acme, `{"customers":[{"code":"C-1","name":"Alpha"}],
		"certificates":[{"number":"TX-1","customerCode":"C-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}],
		"policy":{"expiryNoticeDays":15}}`).data(t, &ans)
	if ans.Version != 1 || ans.Customers != 1 || ans.Certificates != 1 || !ans.Policy {
		t.Fatalf("the JSON import: %+v", ans)
	}
	a := s.send(t, "POST", p+"/import/files?name=products.csv", s.acme, "text/csv", []byte("product_code,product_class\nSKU-1,SAAS\n"))
	if a.status != 200 {
		t.Fatalf("a text/csv import: %d %s", a.status, a.body)
	}
	files := map[string]string{
		"customers.csv": "customer_code,class_code,is_business,name\nC-2,,yes,Beta\n",
		"certs.csv": "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
			"CA-1,C-2,CA;US-4819000,E,,2026-01-01,2026-12-31,,active\n",
	}
	a = s.multipart(t, p+"/import/files", s.acme, files)
	a.data(t, &ans)
	if a.status != 200 || ans.Version != 3 || ans.Customers != 1 || ans.Certificates != 1 || len(ans.Files) != 2 {
		t.Fatalf("a multipart import: %d %s", a.status, a.body)
	}

	// Bad rows: every one named by file, line and column, and nothing of
	// any file stored.
	files = map[string]string{
		"customers.csv": "customer_code,class_code,is_business,name\nC-3,,yes,Gamma\n",
		"certs.csv": "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
			"TX-2,C-3,TX,G,,2026-06-01,2026-05-01,,active\n" +
			"TX-3,C-404,TX,G,,2026-06-01,,,active\n" +
			"TX-2,C-3,US-ZZ,Q,WIDGETS,2026-06-01,,,active\n",
	}
	a = s.multipart(t, p+"/import/files", s.acme, files)
	got := a.errs()
	for target, text := range map[string]string{
		"certs.csv:2:expiration_date":    "before the effective date",
		"certs.csv:4:jurisdictions":      "not a jurisdiction",
		"certs.csv:4:reason_code":        "not a reason code",
		"certs.csv:4:product_classes":    "WIDGETS",
		"certs.csv:4:certificate_number": "listed twice (also at certs.csv:2:certificate_number)",
	} {
		if !strings.Contains(got[target], text) {
			t.Errorf("no error at %s saying %q: %d %s", target, text, a.status, a.body)
		}
	}
	if a.status != 400 || s.version(t, "acme") != 3 {
		t.Fatalf("a bad import: %d, version %d", a.status, s.version(t, "acme"))
	}
	// The unknown customer is found within the change's unit once the
	// rows are good otherwise.
	a = s.send(t, "POST", p+"/import/files?name=certs.csv", s.acme, "text/csv",
		[]byte("certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\nTX-3,C-404,TX,G,,2026-06-01,,,active\n"))
	if a.status != 400 || !strings.Contains(a.errs()["certs.csv:2:customer_code"], `no customer "C-404"`) {
		t.Errorf("an unknown customer: %d %s", a.status, a.body)
	}

	// The exports, imported into another tenant by the operator: the
	// same records.
	a = s.send(t, "GET", p+"/export", s.acme, "", nil)
	if a.status != 200 || a.header.Get("Content-Type") != "application/json" {
		t.Fatalf("the JSON export: %d %s", a.status, a.body)
	}
	s.must(t, 200, "POST", p+"/import?tenant=beta", s.oper, string(a.body))
	csv := map[string]string{}
	for _, k := range []string{"customers", "certificates", "registrations", "products"} {
		a := s.send(t, "GET", p+"/export/"+k, s.acme, "", nil)
		if a.status != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), "text/csv") {
			t.Fatalf("the CSV export of %s: %d %s", k, a.status, a.body)
		}
		if k != "registrations" {
			csv[k+".csv"] = string(a.body)
		}
	}
	a = s.multipart(t, p+"/import/files?tenant=gamma", s.oper, csv)
	if a.status != 200 {
		t.Fatalf("the CSV re-import: %d %s", a.status, a.body)
	}
	want := strip(s.records(t, "acme"))
	for _, tenant := range []string{"beta", "gamma"} {
		got := strip(s.records(t, tenant))
		if tenant == "gamma" {
			want.Policy = nil // the files carry no policy
		}
		if g, w := js(got), js(want); g != w {
			t.Errorf("tenant %s imported:\n%s\nacme has:\n%s", tenant, g, w)
		}
	}
}

// multipart posts files as a multipart/form-data body.
func (s *server) multipart(t *testing.T, path, token string, files map[string]string) answer {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for name, content := range files {
		w, err := mw.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.WriteString(w, content)
	}
	_ = mw.Close()
	return s.send(t, "POST", path, token, mw.FormDataContentType(), buf.Bytes())
}

// records reads a tenant's records.
func (s *server) records(t *testing.T, tenant string) *profile.Records {
	t.Helper()
	r, err := s.svc.Records(context.Background(), tenant, zero)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// strip drops what differs between tenants that hold the same records:
// the version, its time and credential.
func strip(r *profile.Records) *profile.Records {
	r.Version, r.At, r.By = 0, zero, ""
	return r
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// zero is the zero time: now, for Records.
var zero time.Time

// readOnly is a context of acme's reader.
func readOnly() context.Context {
	return levy.WithReadOnly(levy.WithTenant(context.Background(), "acme"))
}
