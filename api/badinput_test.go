package api_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/console"
	"github.com/levytax/levy/api/einvoicing"
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/api/nexusadmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/postgres"
	"github.com/levytax/levy/profile"
)

// TestBadInputTable sends a table of malformed and out-of-bounds requests
// to every endpoint of a whole Levy server (the calculation and lookup API,
// the token endpoints, the admin routes and e-invoicing, mounted as `levy
// serve` mounts them) over real HTTP. Each must be answered with its
// documented 4xx, never 500, in the error format of its endpoint, naming
// the offending field, parameter or header in errors[].target; and the
// server must answer valid requests of every route family afterwards.
func TestBadInputTable(t *testing.T) {
	s := newBadServer(t)
	s.store(t)
	rows := badInputRows(s)
	if len(rows) < 200 {
		t.Fatalf("the table has %d rows; it should have at least 200", len(rows))
	}
	seen := map[string]bool{}
	for _, c := range rows {
		if seen[c.name] {
			t.Fatalf("two rows are named %q", c.name)
		}
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) { s.check(t, c) })
	}
	t.Run("still answering", func(t *testing.T) { s.stillAnswering(t) })
}

// bodyLimit is the body limit of the server under test (--max-body), small
// so that a body over it is quick to send.
const bodyLimit = 1 << 20

// The paths of the table, under both base paths.
const (
	supplies    = "/api/v2/supplies"
	procurement = "/api/v2/procurement"
	owner       = "/vertex-ws/v2/owner"
	txns        = "/api/v2/transactions/"
	exists      = "/api/v2/transaction-exists/"
	addrLookup  = "/api/v2/address-lookup"
	coordLookup = "/api/v2/coordinates-lookup"
	areaLookup  = "/vertex-ws/v2/taxareaid-lookup"
	extLookup   = "/api/v2/external-jurisdiction-lookup"
	findAreas   = "/api/v2/find-taxareas"
	changed     = "/api/v2/changed-taxareas"
	documents   = "/einvoicing/v1/documents"
	webhooks    = "/einvoicing/v1/webhooks"
	deadLetters = "/admin/v1/einvoicing/dead-letters"
	clients     = "/admin/v1/clients"
)

// The valid bodies that the rows mutate one field at a time.
const (
	saleBase = `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "customer":{"destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "lineItems":[{"lineItemId":"1","quantity":{"value":2},"unitPrice":19.99}]}`
	purchaseBase = `{"purchaseMessageType":"PURCHASE_ORDER","transactionType":"PURCHASE","documentDate":"2026-06-01",
 "vendor":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
 "buyer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":2500}]}`
	ownerBase = `{"ownerMessageType":"ASSET_MOVEMENT","documentDate":"2026-06-01",
 "owner":{"company":"ACME","physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"},
  "destination":{"city":"Minneapolis","mainDivision":"MN","postalCode":"55401","country":"US"}},
 "lineItems":[{"lineItemId":"desk","purchase":{"purchaseClass":"GENERAL"},"cost":800}]}`
	connectionBase = `{"targetUrl":"https://hooks.example.com/levy","secretKey":"0123456789abcdef0123456789abcdef","events":"all"}`
)

// unknownGUID is a well-formed GUID that names nothing.
const unknownGUID = "6f1c0b1e-5d4a-4c1b-9a53-0e7d2f3b4a59"

// bad is one row of the table: a request and the answer it must get.
type bad struct {
	name   string
	method string
	path   string
	// header holds name, value pairs that replace the defaults (a bearer
	// token of the API's audience, and Content-Type application/json when
	// there is a body); an empty value leaves the header out.
	header []string
	body   string
	// status is the status the answer must have.
	status int
	// target must be the target of one of the answer's errors; "" means
	// that no field applies and no error may name one. With prefix, a
	// target that starts with it will do.
	target string
	prefix bool
	// more lets the answer hold errors about other fields too; without
	// it, every error must be about target, since a row breaks one thing.
	more bool
	// oauth is the error code of an answer of a token endpoint, which
	// answers in the format of RFC 6749 instead of the API's.
	oauth string
	// allow is the Allow header of a 405 answer.
	allow string
}

// post, get, del and put start rows.
func post(name, path, body string, status int, target string) bad {
	return bad{name: name, method: http.MethodPost, path: path, body: body, status: status, target: target}
}

func get(name, path string, status int, target string) bad {
	return bad{name: name, method: http.MethodGet, path: path, status: status, target: target}
}

func del(name, path string, status int, target string) bad {
	return bad{name: name, method: http.MethodDelete, path: path, status: status, target: target}
}

// with returns b with header pairs added.
func (b bad) with(header ...string) bad {
	b.header = append(append([]string(nil), b.header...), header...)
	return b
}

// noToken is the header pair that sends a request without a token.
var noToken = []string{"Authorization", ""}

// badServer is a whole Levy server on loopback with the tokens the table
// needs.
type badServer struct {
	url    string
	srv    *api.Server
	client *http.Client
	// api is a token of the API's audience, admin one of the admin
	// audience; clientID and secret are a credential of the API's audience.
	api, admin       string
	operator         string // a token of the server's operator
	clientID, secret string
	iss              *auth.Issuer // the issuer of the tokens, for tokens of other tenants
}

// newBadServer builds the server as `levy serve` does (see startAPI in
// cmd/levy): an engine with an in-memory journal, real tokens, the token
// and admin routes, e-invoicing over a store in a temporary directory,
// the journal's admin routes, the nexus report and the web console.
func newBadServer(t *testing.T) *badServer {
	t.Helper()
	return newBadServerOn(t, "memory")
}

// newBadServerOn builds the server of newBadServer with its journal and
// profiles in memory (kind "memory", its e-invoicing in a Badger store),
// in Badger stores in temporary directories ("badger"), or with the three
// in a database of the test binary's PostgreSQL cluster ("postgres",
// skipped without PostgreSQL; see pgtest).
func newBadServerOn(t *testing.T, kind string) *badServer {
	t.Helper()
	return newWholeServer(t, kind, auth.Config{NoActivationDelay: true}, nil)
}

// newWholeServer builds the server of newBadServerOn with its issuer
// configured by ac (whose clock, when set, the token endpoints read too)
// and its e-invoicing configuration changed by einvCfg (when not nil),
// which is given the issuer, before the service starts.
func newWholeServer(t *testing.T, kind string, ac auth.Config, einvCfg func(*einvoice.Config, *auth.Issuer)) *badServer {
	t.Helper()
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	iss := authtest.Issuer(t, ac)
	var store journal.Store = journal.NewMemory()
	var profiles profile.Store = profile.NewMemory()
	var einvStore einvoice.Store
	switch kind {
	case "memory":
	case "postgres":
		db, err := postgres.Open(ctx, pgtest.URL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
		store, profiles, einvStore = db.Journal(), db.Profile(), db.EInvoice()
	case "badger":
		js, err := badger.OpenJournal(ctx, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = js.Close() })
		ps, err := badger.OpenProfile(ctx, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = ps.Close() })
		store, profiles = js, ps
	default:
		t.Fatalf("no stores of kind %q", kind)
	}
	if einvStore == nil {
		es, err := badger.OpenEInvoice(ctx, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = es.Close() })
		einvStore = es
	}
	ecfg := einvoice.Config{MaxDocumentBytes: bodyLimit, Logger: quiet,
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond, OutboxDir: t.TempDir()}
	if einvCfg != nil {
		einvCfg(&ecfg, iss)
	}
	einv, err := einvoice.New(ctx, einvStore, ecfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = einv.Close() })
	// The calculations read the tenants' profiles through the cache that
	// the profile admin routes keep up to date, as levy serve wires them.
	profCache := profile.NewCache(profiles, quiet)
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithLogger(quiet), engine.WithProfiles(profCache),
		engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	tokenOpts := []oauth.Option{oauth.WithLogger(quiet)}
	if ac.Now != nil {
		tokenOpts = append(tokenOpts, oauth.WithClock(ac.Now))
	}
	tokens := oauth.New(iss, tokenOpts...)
	opts := append([]api.Option{api.WithLogger(quiet), api.WithBodyLimit(bodyLimit), api.WithApp("levy test"),
		api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)
	opts = append(opts, einvoicing.New(einv, einvoicing.WithAuthenticator(tokens.Authenticator()),
		einvoicing.WithAdminAuthenticator(tokens.AdminAuthenticator()), einvoicing.WithBodyLimit(bodyLimit), einvoicing.WithJournal(store)).Mounts()...)
	opts = append(opts, journaladmin.New(store, tokens.AdminAuthenticator(), journaladmin.WithLogger(quiet), journaladmin.WithIntrastatOf(e.IntrastatCodes)).Mounts()...)
	rules, err := data.Default().Nexus()
	if err != nil {
		t.Fatal(err)
	}
	opts = append(opts, nexusadmin.New(store, rules, tokens.AdminAuthenticator()).Mounts()...)
	opts = append(opts, profileadmin.New(profile.NewService(profiles, profile.Config{Cache: profCache}), tokens.AdminReaderAuthenticator(),
		profileadmin.WithBodyLimit(bodyLimit)).Mounts()...)
	opts = append(opts, console.New(e, console.WithJournal(store), console.WithAuthenticator(tokens.ConsoleAuthenticator()),
		console.WithLogger(quiet)).Mounts()...)
	srv, err := api.New(e, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	client := ts.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	cred, secret := authtest.Credential(t, iss, "acme", oauth.DefaultAudience)
	return &badServer{url: ts.URL, srv: srv, client: client,
		api:      authtest.Token(t, iss, "acme", oauth.DefaultAudience),
		admin:    authtest.Token(t, iss, "ops", oauth.DefaultAdminAudience),
		operator: authtest.Token(t, iss, "ops", oauth.DefaultOperatorAudience),
		clientID: cred.ClientID, secret: secret, iss: iss}
}

// store stores the transactions that the rows about stored state need:
// stored-1, reversed by stored-1-rev, and stored-2.
func (s *badServer) store(t *testing.T) {
	t.Helper()
	for _, id := range []string{"stored-1", "stored-2"} {
		x := s.send(t, "POST", supplies, set(saleBase, "saleMessageType", "INVOICE", "transactionId", id))
		if x.status != 200 {
			t.Fatalf("storing %s: %d %s", id, x.status, clipped(x.body))
		}
	}
	if x := s.send(t, "POST", txns+"stored-1/reversal", `{"data":{"transactionId":"stored-1-rev"}}`); x.status != 200 {
		t.Fatalf("reversing stored-1: %d %s", x.status, clipped(x.body))
	}
}

// exchange is one request as sent and its answer.
type exchange struct {
	req    *http.Request
	status int
	header http.Header
	body   []byte
}

// send sends a request with a body and header pairs; the defaults are a
// bearer token of the API's audience and, with a body, Content-Type
// application/json. A pair replaces a default; an empty value removes it.
func (s *badServer) send(t testing.TB, method, path, body string, header ...string) exchange {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, s.url+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+s.api)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i+1] == "" {
			req.Header.Del(header[i])
		} else {
			req.Header.Set(header[i], header[i+1])
		}
	}
	resp, err := s.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the answer: %v", method, path, err)
	}
	return exchange{req: req, status: resp.StatusCode, header: resp.Header, body: b}
}

// check sends the request of row c and checks its answer.
func (s *badServer) check(t *testing.T, c bad) {
	x := s.send(t, c.method, c.path, c.body, c.header...)
	clip := clipped(x.body)
	if x.status >= 500 {
		t.Fatalf("%s %s answered %d: %s", c.method, clipped([]byte(c.path)), x.status, clip)
	}
	if x.status != c.status {
		t.Fatalf("status %d, want %d: %s", x.status, c.status, clip)
	}
	if ct := x.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, want application/json: %s", ct, clip)
	}
	if c.oauth != "" {
		checkOAuthError(t, c, x)
		s.srv.CheckAnswer(t, x.req, x.status, x.header, x.body)
		return
	}
	if x.header.Get("X-Request-Id") == "" {
		t.Error("no X-Request-Id")
	}
	var eb api.ErrorBody
	dec := json.NewDecoder(bytes.NewReader(x.body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&eb); err != nil || len(eb.Errors) == 0 {
		t.Fatalf("not an error body (%v): %s", err, clip)
	}
	if eb.Meta.App == "" || eb.Meta.TimeReceived.IsZero() || eb.Meta.TimeElapsed < 0 {
		t.Errorf("bad meta: %s", clip)
	}
	code := codeOf[c.status]
	var targets []string
	found := false
	for _, e := range eb.Errors {
		if e.Code != code || e.Message == "" {
			t.Errorf("error %+v: want code %q and a message", e, code)
		}
		targets = append(targets, e.Target)
		switch {
		case c.target == "":
			if e.Target != "" {
				t.Errorf("target %q, but no field applies: %s", e.Target, clip)
			}
		case e.Target == c.target, c.prefix && strings.HasPrefix(e.Target, c.target):
			found = true
		case !c.more:
			t.Errorf("target %q besides %q: %s", e.Target, c.target, clip)
		}
	}
	if c.target != "" && !found {
		t.Errorf("no error with target %q (prefix %v); the targets are %q: %s", c.target, c.prefix, targets, clip)
	}
	switch c.status {
	case http.StatusMethodNotAllowed:
		if got := x.header.Get("Allow"); got != c.allow || c.allow == "" {
			t.Errorf("Allow %q, want %q", got, c.allow)
		}
	case http.StatusUnauthorized:
		if !strings.HasPrefix(x.header.Get("WWW-Authenticate"), "Bearer ") {
			t.Errorf("WWW-Authenticate %q, want a Bearer challenge", x.header.Get("WWW-Authenticate"))
		}
	}
	s.srv.CheckAnswer(t, x.req, x.status, x.header, x.body)
}

// codeOf is the error code that answers each status.
var codeOf = map[int]string{
	http.StatusBadRequest:            "invalid",
	http.StatusUnauthorized:          "unauthorized",
	http.StatusForbidden:             "forbidden",
	http.StatusNotFound:              "not_found",
	http.StatusMethodNotAllowed:      "method_not_allowed",
	http.StatusConflict:              "conflict",
	http.StatusRequestEntityTooLarge: "too_large",
	http.StatusUnsupportedMediaType:  "unsupported",
}

// checkOAuthError checks an error answer of a token endpoint: RFC 6749
// §5.2's {"error","error_description"}, not to be cached.
func checkOAuthError(t *testing.T, c bad, x exchange) {
	var oe map[string]string
	if err := json.Unmarshal(x.body, &oe); err != nil {
		t.Fatalf("not an OAuth error (%v): %s", err, x.body)
	}
	if oe["error"] != c.oauth || oe["error_description"] == "" || len(oe) != 2 {
		t.Errorf("error %q (%d members), want %q with a description: %s", oe["error"], len(oe), c.oauth, x.body)
	}
	if x.header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q, want no-store", x.header.Get("Cache-Control"))
	}
	if c.target != "" && !strings.Contains(oe["error_description"], c.target) {
		t.Errorf("the description does not name %s: %s", c.target, x.body)
	}
}

// clipped shortens a body for a message.
func clipped(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// raw is a JSON value that set writes as it is.
type raw string

// dropped makes set remove a member.
type dropped struct{}

// set returns the JSON body base with the values at the given JSON paths
// (path, value pairs; "lineItems[0].quantity.value", "[0].lookupId")
// replaced, creating the objects and array elements on the way.
func set(base string, pairs ...any) string {
	dec := json.NewDecoder(strings.NewReader(base))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		panic("set: the base is not JSON: " + err.Error())
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		v := pairs[i+1]
		if r, ok := v.(raw); ok {
			v = json.RawMessage(r)
		}
		doc = setAt(doc, parsePath(pairs[i].(string)), v)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		panic("set: " + err.Error())
	}
	return strings.TrimSpace(buf.String())
}

// step is one step of a JSON path: a member name, or an index when
// index >= 0.
type step struct {
	name  string
	index int
}

// parsePath splits a JSON path into its steps.
func parsePath(path string) []step {
	var out []step
	for path != "" {
		switch path[0] {
		case '.':
			path = path[1:]
		case '[':
			end := strings.IndexByte(path, ']')
			i, err := strconv.Atoi(path[1:end])
			if err != nil {
				panic("set: bad index in " + path)
			}
			out = append(out, step{index: i})
			path = path[end+1:]
		default:
			end := strings.IndexAny(path, ".[")
			if end < 0 {
				end = len(path)
			}
			out = append(out, step{name: path[:end], index: -1})
			path = path[end:]
		}
	}
	return out
}

// setAt sets v at the steps below node and returns the new node.
func setAt(node any, steps []step, v any) any {
	if len(steps) == 0 {
		return v
	}
	st := steps[0]
	if st.index < 0 {
		m, _ := node.(map[string]any)
		if m == nil {
			m = map[string]any{}
		}
		if _, drop := v.(dropped); drop && len(steps) == 1 {
			delete(m, st.name)
			return m
		}
		m[st.name] = setAt(m[st.name], steps[1:], v)
		return m
	}
	a, _ := node.([]any)
	for len(a) <= st.index {
		a = append(a, map[string]any{})
	}
	a[st.index] = setAt(a[st.index], steps[1:], v)
	return a
}

// long returns a string of n characters.
func long(n int) string { return strings.Repeat("x", n) }

// field is a field of a body and a bound of it.
type field struct {
	path  string
	bound int
}

// badInputRows builds the table.
func badInputRows(s *badServer) []bad {
	var rows []bad
	add := func(b ...bad) { rows = append(rows, b...) }

	// Every length-limited field of a sale, one character over its limit.
	for _, f := range []field{
		{"transactionId", 40}, {"documentNumber", 50}, {"documentSequenceId", 60}, {"documentType", 20},
		{"billingType", 20}, {"orderType", 20}, {"locationCode", 20},
		{"accumulationCustomerNumber", 40}, {"accumulationDocumentNumber", 40},
		{"seller.company", 40}, {"seller.division", 40}, {"seller.department", 40},
		{"seller.physicalOrigin.streetAddress1", 100}, {"seller.physicalOrigin.streetAddress2", 100},
		{"seller.physicalOrigin.city", 60}, {"seller.physicalOrigin.mainDivision", 60},
		{"seller.physicalOrigin.subDivision", 60}, {"seller.physicalOrigin.postalCode", 20},
		{"seller.physicalOrigin.country", 60}, {"seller.physicalOrigin.locationCode", 20},
		{"seller.physicalOrigin.externalJurisdictionCode", 20}, {"seller.physicalOrigin.locationCondition", 40},
		{"seller.administrativeOrigin.city", 60},
		{"seller.dispatcher.dispatcherCode.value", 40}, {"seller.dispatcher.dispatcherCode.classCode", 40},
		{"seller.taxRegistrations[0].taxRegistrationNumber", 40},
		{"customer.destination.streetAddress1", 100}, {"customer.destination.postalCode", 20},
		{"customer.destination.latitude", 20}, {"customer.destination.longitude", 20},
		{"customer.administrativeDestination.subDivision", 60},
		{"customer.customerCode.value", 40}, {"customer.customerCode.classCode", 40},
		{"customer.exemptionCertificate.exemptionCertificateNumber", 30},
		{"customer.locationEvidence.paymentMethod.country", 60},
		{"customer.locationEvidence.otherCommerciallyRelevantInfo.country", 60},
		{"customer.locationEvidence.selfDeclaration.address.country", 60},
		{"customer.locationEvidence.forced.address.mainDivision", 60},
		{"customer.taxRegistrations[0].mainDivision", 60},
		{"customer.taxRegistrations[0].taxRegistrationNumber", 40},
		{"customer.taxRegistrations[0].taxRegistrationAdditionalId", 64},
		{"customer.taxRegistrations[0].impositionType.withholdingType", 60},
		{"customer.taxRegistrations[0].fiscalRepresentative.taxRegistrationNumber", 40},
		{"customer.taxRegistrations[0].fiscalRepresentative.address.city", 60},
		{"customer.taxRegistrations[0].physicalLocations[0].streetAddress2", 100},
		{"customer.taxRegistrations[0].physicalLocations[0].postalCode", 20},
		{"discount.userDefinedDiscountCode", 20},
		{"lineItems[0].lineItemId", 40}, {"lineItems[0].lineItemDescription", 512},
		{"lineItems[0].buyerCondition", 40}, {"lineItems[0].transactionCondition", 40},
		{"lineItems[0].buyerCNAE", 40}, {"lineItems[0].sellerCondition", 40}, {"lineItems[0].sellerCNAE", 40},
		{"lineItems[0].natureOfFiscalOperation", 40}, {"lineItems[0].consignmentId", 40},
		{"lineItems[0].franchiseAreaId", 40}, {"lineItems[0].costCenter", 40}, {"lineItems[0].departmentCode", 40},
		{"lineItems[0].generalLedgerAccount", 40}, {"lineItems[0].materialCode", 40},
		{"lineItems[0].materialOrigin", 60}, {"lineItems[0].projectNumber", 40}, {"lineItems[0].usage", 40},
		{"lineItems[0].usageClass", 40}, {"lineItems[0].vendorSKU", 40}, {"lineItems[0].locationCode", 20},
		{"lineItems[0].exportProcedure", 20}, {"lineItems[0].intrastatCommodityCode", 8},
		{"lineItems[0].product.productClass", 40}, {"lineItems[0].product.value", 40},
		{"lineItems[0].commodityCode.commodityCodeType", 60}, {"lineItems[0].commodityCode.value", 40},
		{"lineItems[0].additionalCommodityCode.value", 40},
		{"lineItems[0].quantity.unitOfMeasure", 3}, {"lineItems[0].weight.unitOfMeasure", 3},
		{"lineItems[0].discount.userDefinedDiscountCode", 20},
		{"lineItems[0].citationOverrides[0].citation", 512},
		{"lineItems[0].lineType.accumulationLocation", 40}, {"lineItems[0].lineType.content", 40},
		{"lineItems[0].lineType.direction", 40}, {"lineItems[0].lineType.status", 40}, {"lineItems[0].lineType.value", 40},
		{"lineItems[0].lineTypes[0].basis", 40}, {"lineItems[0].lineTypes[0].value", 40},
		{"lineItems[0].supplementaryUnit.unitType", 20},
		{"lineItems[0].seller.company", 40}, {"lineItems[0].customer.destination.city", 60},
		{"lineItems[0].lineItems[0].lineItemId", 40},
	} {
		add(post("supplies/"+f.path+" over "+strconv.Itoa(f.bound), supplies, set(saleBase, f.path, long(f.bound+1)), 400, f.path))
	}
	add(post("supplies/flexible code value over 250", supplies,
		set(saleBase, "lineItems[0].flexibleFields.flexibleCodeFields[0].fieldId", 1,
			"lineItems[0].flexibleFields.flexibleCodeFields[0].value", long(251)),
		400, "lineItems[0].flexibleFields.flexibleCodeFields[0].value"))
	// Lengths are counted in characters, not bytes: 40 two-byte
	// characters fit, 41 do not.
	add(post("supplies/transactionId of 41 two-byte characters", supplies,
		set(saleBase, "transactionId", strings.Repeat("é", 41)), 400, "transactionId"))

	// Every enumeration of a sale, with a value it does not have.
	for _, path := range []string{
		"saleMessageType", "transactionType", "deliveryTerm", "simplificationCode",
		"seller.utilityProvider", "situsOverride.taxingLocation", "taxOverride.overrideType",
		"customer.destination.locationCustomsStatus",
		"customer.taxRegistrations[0].taxRegistrationType",
		"customer.taxRegistrations[0].nexusOverrides[0].locationRole",
		"customer.taxRegistrations[0].validationResult.validationInfo",
		"exemptOverrides[0].jurisdictionType",
		"lineItems[0].transactionType", "lineItems[0].syncType", "lineItems[0].titleTransfer",
		"lineItems[0].chainTransactionPhase", "lineItems[0].exporterOfRecord", "lineItems[0].importerOfRecord",
		"lineItems[0].transportResponsibleEntity", "lineItems[0].deliveryTerm",
		"lineItems[0].pautaOverrides.pautaOverride[0].quantityType",
		"lineItems[0].rateOverrides[0].jurisdictionType",
	} {
		add(post("supplies/"+path+" not in its enumeration", supplies, set(saleBase, path, "BOGUS"), 400, path))
	}
	add(post("supplies/discountType not in its enumeration", supplies,
		set(saleBase, "discount.discountType", "DiscountFraction", "discount.discountValue", 5), 400, "discount.discountType"))
	add(post("supplies/transactionType PURCHASE on a sale", supplies, set(saleBase, "transactionType", "PURCHASE"), 400, "transactionType"))
	add(post("supplies/saleMessageType in lower case", supplies, set(saleBase, "saleMessageType", "quotation"), 400, "saleMessageType"))

	// Patterns.
	for _, c := range []struct{ path, value string }{
		{"currency.isoCurrencyCodeAlpha", "usd"},
		{"currency.isoCurrencyCodeAlpha", "USDX"},
		{"companyCodeCurrency.isoCurrencyCodeAlpha", "U$D"},
		{"lineItems[0].countryOfOriginISOCode", "US"},
		{"lineItems[0].countryOfOriginISOCode", "us1"},
		{"customer.taxRegistrations[0].isoCountryCode", "U"},
		{"customer.taxRegistrations[0].isoCountryCode", "usa"},
		{"customer.taxRegistrations[0].isoCountryCode", "US-CA"},
		{"customer.destination.taxAreaId", "abc"},
		{"customer.destination.taxAreaId", "12345678901234567"},
		{"customer.taxRegistrations[0].physicalLocations[0].taxAreaId", "-1"},
		{"customer.destination.latitude", "north"},
		{"customer.destination.latitude", "90.5"},
		{"customer.destination.longitude", "-180.01"},
		{"customer.locationEvidence.bin.value", "12345"},
		{"customer.locationEvidence.bin.value", "1234abcd"},
		{"customer.locationEvidence.ipAddress.value", "999.1.1.1"},
	} {
		add(post(fmt.Sprintf("supplies/%s %q breaks its pattern", c.path, c.value), supplies, set(saleBase, c.path, c.value), 400, c.path))
	}

	// Ranges: just below the least and just above the greatest value.
	for _, c := range []struct {
		path  string
		value raw
	}{
		{"proratePercentage", "-100000000.01"}, {"proratePercentage", "100000000.01"},
		{"currency.isoCurrencyCodeNum", "0"}, {"currency.isoCurrencyCodeNum", "1000"},
		{"currencyConversionFactors[0].conversionFactor", "0"},
		{"customer.destination.currencyConversion.rate", "-1"},
		{"rateOverrides[0].rate", "-0.01"}, {"rateOverrides[0].rate", "1.01"},
		{"lineItems[0].lineItemNumber", "-1"},
		{"lineItems[0].quantity.value", "0"}, {"lineItems[0].quantity.value", "-2"},
		{"lineItems[0].cfopTaxCodeOverride", "-1"}, {"lineItems[0].cfopTaxCodeOverride", "10000"},
		{"lineItems[0].modeOfTransport", "0"}, {"lineItems[0].modeOfTransport", "100"},
		{"lineItems[0].natureOfTransaction", "0"}, {"lineItems[0].natureOfTransaction", "1000"},
		{"lineItems[0].netMassKilograms", "0"},
		{"lineItems[0].lineTypes[0].lineTypeNumber", "-1"}, {"lineItems[0].lineTypes[0].lineTypeNumber", "1000000000000"},
		{"lineItems[0].pautaOverrides.pautaOverride[0].amount", "-1"},
	} {
		add(post(fmt.Sprintf("supplies/%s %s out of range", c.path, c.value), supplies, set(saleBase, c.path, c.value), 400, c.path))
	}
	// The flexible fields: fieldId out of its range, and each member left out.
	for _, c := range []struct {
		kind   string
		lo, hi int
	}{{"flexibleCodeFields", 1, 100}, {"flexibleNumericFields", 1, 50}, {"flexibleDateFields", 1, 10}} {
		item := "lineItems[0].flexibleFields." + c.kind + "[0]"
		value := any("code")
		switch c.kind {
		case "flexibleNumericFields":
			value = 1
		case "flexibleDateFields":
			value = "2026-06-01"
		}
		for _, id := range []int{c.lo - 1, c.hi + 1} {
			add(post(fmt.Sprintf("supplies/%s fieldId %d", c.kind, id), supplies,
				set(saleBase, item+".fieldId", id, item+".value", value), 400, item+".fieldId"))
		}
		add(post("supplies/"+c.kind+" without fieldId", supplies, set(saleBase, item+".value", value), 400, item+".fieldId"))
		add(post("supplies/"+c.kind+" without value", supplies, set(saleBase, item+".fieldId", 1), 400, item+".value"))
	}
	add(post("supplies/discount percent over 100", supplies,
		set(saleBase, "lineItems[0].discount.discountType", "DiscountPercent", "lineItems[0].discount.discountValue", 100.5),
		400, "lineItems[0].discount.discountValue"))
	add(post("supplies/discount amount below 0", supplies,
		set(saleBase, "discount.discountType", "DiscountAmount", "discount.discountValue", -1), 400, "discount.discountValue"))
	add(post("supplies/discount value without a type", supplies,
		set(saleBase, "discount.discountValue", 5), 400, "discount.discountType"))

	// Counts and required members.
	nexus := raw(`[{"locationRole":"DESTINATION"},{"locationRole":"DESTINATION"},{"locationRole":"DESTINATION"},{"locationRole":"DESTINATION"},{"locationRole":"DESTINATION"}]`)
	add(post("supplies/five nexusOverrides", supplies,
		set(saleBase, "customer.taxRegistrations[0].nexusOverrides", nexus), 400, "customer.taxRegistrations[0].nexusOverrides"),
		post("supplies/five nexusOverrides of the seller", supplies,
			set(saleBase, "seller.taxRegistrations[0].nexusOverrides", nexus), 400, "seller.taxRegistrations[0].nexusOverrides"),
		post("supplies/no lineItems", supplies, set(saleBase, "lineItems", raw(`[]`)), 400, "lineItems"),
		post("supplies/lineItems left out", supplies, set(saleBase, "lineItems", dropped{}), 400, "lineItems"),
		post("supplies/10001 lineItems", supplies,
			set(saleBase, "lineItems", raw("["+strings.Repeat(`{"unitPrice":1},`, 10000)+`{"unitPrice":1}]`)), 400, "lineItems"),
		post("supplies/lines nested 9 deep", supplies,
			set(saleBase, "lineItems[0]"+strings.Repeat(".lineItems[0]", 8)+".unitPrice", 1),
			400, strings.Repeat("lineItems[0].", 8)+"lineItems"),
		post("supplies/duplicate lineItemId", supplies,
			set(saleBase, "lineItems[1].lineItemId", "1", "lineItems[1].unitPrice", 1), 400, "lineItems[1].lineItemId"),
		post("supplies/saleMessageType left out", supplies, set(saleBase, "saleMessageType", dropped{}), 400, "saleMessageType"),
		post("supplies/transactionType left out", supplies, set(saleBase, "transactionType", dropped{}), 400, "transactionType"),
		post("supplies/rateOverride without rate", supplies, set(saleBase, "rateOverrides[0].jurisdictionId", "1"), 400, "rateOverrides[0].rate"),
		post("supplies/bin evidence without value", supplies,
			set(saleBase, "customer.locationEvidence.bin", raw(`{}`)), 400, "customer.locationEvidence.bin.value"),
		post("supplies/payment method evidence without country", supplies,
			set(saleBase, "customer.locationEvidence.paymentMethod", raw(`{}`)), 400, "customer.locationEvidence.paymentMethod.country"),
		post("supplies/classCode with taxRegistrationNumber", supplies,
			set(saleBase, "customer.customerCode.classCode", "RESELLER",
				"customer.taxRegistrations[0].taxRegistrationNumber", "DE123456789"), 400, "customer.customerCode.classCode"),
		post("supplies/dispatcher classCode with taxRegistrationNumber", supplies,
			set(saleBase, "seller.dispatcher.dispatcherCode.classCode", "X",
				"seller.dispatcher.taxRegistrations[0].taxRegistrationNumber", "FR123"), 400, "seller.dispatcher.dispatcherCode.classCode"),
		post("supplies/line customer classCode with taxRegistrationNumber", supplies,
			set(saleBase, "lineItems[0].customer.customerCode.classCode", "X",
				"lineItems[0].customer.taxRegistrations[0].taxRegistrationNumber", "GB123"), 400, "lineItems[0].customer.customerCode.classCode"),
	)

	// Wrong JSON types, and values no type holds.
	for _, c := range []struct {
		path  string
		value raw
	}{
		{"saleMessageType", "5"}, {"documentDate", "20260601"}, {"documentDate", `"2026-02-30"`},
		{"documentDate", `"01/06/2026"`}, {"postToJournal", `"yes"`}, {"seller", `[]`}, {"seller.company", "true"},
		{"customer.destination", `"Los Angeles"`}, {"lineItems", `{"unitPrice":1}`}, {"lineItems[0]", `"line"`},
		{"lineItems[0].quantity.value", `"two"`}, {"lineItems[0].unitPrice", `"19.99x"`}, {"lineItems[0].unitPrice", "1e1001"},
		{"lineItems[0].lineItemNumber", "1.5"}, {"lineItems[0].modeOfTransport", "2147483648"},
		{"lineItems[0].taxDate", `"tomorrow"`}, {"lineItems[0].isMulticomponent", "1"},
		{"lineItems[0].flexibleFields.flexibleDateFields", `{"fieldId":1}`},
		{"customer.taxRegistrations", `{"isoCountryCode":"DE"}`},
	} {
		add(post(fmt.Sprintf("supplies/%s is %s", c.path, c.value), supplies, set(saleBase, c.path, c.value), 400, c.path))
	}
	add(post("supplies/flexible date value not a date", supplies,
		set(saleBase, "lineItems[0].flexibleFields.flexibleDateFields[0].fieldId", 1,
			"lineItems[0].flexibleFields.flexibleDateFields[0].value", "2026-13-01"),
		400, "lineItems[0].flexibleFields.flexibleDateFields[0].value"))

	// Purchases.
	for _, f := range []field{
		{"transactionId", 40}, {"documentNumber", 50}, {"documentType", 20},
		{"buyer.company", 40}, {"buyer.division", 40}, {"buyer.department", 40}, {"buyer.destination.postalCode", 20},
		{"buyer.recipient.recipientCode.value", 40}, {"buyer.recipient.recipientCode.classCode", 40},
		{"vendor.vendorCode.value", 40}, {"vendor.vendorCode.classCode", 40}, {"vendor.dispatcherCode.value", 40},
		{"vendor.physicalOrigin.city", 60},
		{"taxabilityCategoryTotals[0].country", 60}, {"taxabilityCategoryTotals[0].mainDivision", 60},
		{"taxabilityCategoryTotals[0].subDivision", 60}, {"taxabilityCategoryTotals[0].city", 60},
		{"lineItems[0].lineItemId", 40}, {"lineItems[0].purchase.purchaseClass", 40}, {"lineItems[0].purchase.value", 40},
		{"lineItems[0].vendorTaxes[0].taxingJurisdictionLocation.city", 60},
		{"lineItems[0].buyer.company", 40}, {"lineItems[0].costCenter", 40},
	} {
		add(post("procurement/"+f.path+" over "+strconv.Itoa(f.bound), procurement, set(purchaseBase, f.path, long(f.bound+1)), 400, f.path))
	}
	for _, c := range []struct {
		path  string
		value any
	}{
		{"purchaseMessageType", "INVOICE"}, {"purchaseMessageType", raw("null")}, {"transactionType", "BARTER"},
		{"lineItems[0].blockingOverridePercent", 100.5}, {"lineItems[0].partialExemptRecoverableOverridePercent", -1},
		{"lineItems[0].vendorTaxes[0].blockingOverridePercent", 101},
		{"lineItems[0].modeOfTransport", 100}, {"lineItems[0].natureOfTransaction", 0}, {"lineItems[0].cfopTaxCodeOverride", 10000},
		{"lineItems[0].lineTypes[0].lineTypeNumber", raw("1000000000000")},
		{"proratePercentage", raw("1e9")}, {"chargedTax", "lots"}, {"recoverableDate", "2026-06-31"},
		{"buyer.taxRegistrations[0].nexusOverrides", nexus},
	} {
		add(post(fmt.Sprintf("procurement/%s is %v", c.path, c.value), procurement, set(purchaseBase, c.path, c.value), 400, c.path))
	}
	add(post("procurement/vendor classCode with taxRegistrationNumber", procurement,
		set(purchaseBase, "vendor.vendorCode.classCode", "X", "vendor.taxRegistrations[0].taxRegistrationNumber", "US12"),
		400, "vendor.vendorCode.classCode"),
		post("procurement/recipient classCode with taxRegistrationNumber", procurement,
			set(purchaseBase, "buyer.recipient.recipientCode.classCode", "X", "buyer.recipient.taxRegistrations[0].taxRegistrationNumber", "US12"),
			400, "buyer.recipient.recipientCode.classCode"),
		post("procurement/no lineItems", procurement, set(purchaseBase, "lineItems", raw(`[]`)), 400, "lineItems"),
		// A vendor's tax of the other sign than the tax it is compared
		// with, and a sync's line that the journal could not match.
		post("procurement/negative chargedTax on a verification", procurement,
			set(purchaseBase, "purchaseMessageType", "INVOICE_VERIFICATION", "chargedTax", -5), 400, "chargedTax"),
		post("procurement/negative line chargedTax on a conditional procurement", procurement,
			set(purchaseBase, "purchaseMessageType", "CONDITIONAL_PROCUREMENT", "lineItems[0].chargedTax", -5), 400, "lineItems[0].chargedTax"),
		// A vendor's tax, or a tax to distribute, on a line that is not
		// calculated (child lines and no price of its own) reached no line.
		post("procurement/chargedTax on a parent line without a price", procurement,
			set(purchaseBase, "purchaseMessageType", "ACCRUAL", "lineItems[0].extendedPrice", nil,
				"lineItems[0].chargedTax", 5, "lineItems[0].lineItems", raw(`[{"lineItemId":"2","extendedPrice":100}]`)),
			400, "lineItems[0].chargedTax"),
		post("procurement/inputTotalTax on a parent line without a price", procurement,
			set(purchaseBase, "purchaseMessageType", "DISTRIBUTE_TAX", "lineItems[0].extendedPrice", nil,
				"lineItems[0].inputTotalTax", 5, "lineItems[0].lineItems", raw(`[{"lineItemId":"2","extendedPrice":100,"inputTotalTax":5}]`)),
			400, "lineItems[0].inputTotalTax"),
		// A sale's tax paid elsewhere, or tax to distribute, and an
		// owner's tax paid elsewhere, on such a line.
		post("supplies/previousTaxPaid on a parent line without a price", supplies,
			set(saleBase, "lineItems[0].unitPrice", dropped{}, "lineItems[0].previousTaxPaid", 5,
				"lineItems[0].lineItems", raw(`[{"lineItemId":"2","extendedPrice":100}]`)),
			400, "lineItems[0].previousTaxPaid"),
		post("supplies/inputTotalTax on a parent line without a price", supplies,
			set(saleBase, "saleMessageType", "DISTRIBUTE_TAX", "lineItems[0].unitPrice", dropped{}, "lineItems[0].inputTotalTax", 5,
				"lineItems[0].lineItems", raw(`[{"lineItemId":"2","extendedPrice":100,"inputTotalTax":5}]`)),
			400, "lineItems[0].inputTotalTax"),
		post("owner/previousTaxPaid on a parent line without a price", owner,
			set(ownerBase, "lineItems[0].cost", dropped{}, "lineItems[0].previousTaxPaid", 5,
				"lineItems[0].lineItems", raw(`[{"lineItemId":"2","cost":100}]`)),
			400, "lineItems[0].previousTaxPaid"),
		// A special basis on such a line replaced no line's amount.
		post("procurement/specialTaxBasis on a parent line without a price", procurement,
			set(purchaseBase, "purchaseMessageType", "ACCRUAL", "lineItems[0].extendedPrice", nil,
				"lineItems[0].specialTaxBasis", 500, "lineItems[0].lineItems", raw(`[{"lineItemId":"2","extendedPrice":100}]`)),
			400, "lineItems[0].specialTaxBasis"),
		post("owner/specialTaxBasis on a parent line without a price", owner,
			set(ownerBase, "lineItems[0].cost", dropped{}, "lineItems[0].specialTaxBasis", 500,
				"lineItems[0].lineItems", raw(`[{"lineItemId":"2","cost":100}]`)),
			400, "lineItems[0].specialTaxBasis"),
		// An accrual credits the lines' vendor's tax when any line sends
		// one: a document's that disagrees would be dropped.
		post("procurement/document chargedTax the lines' contradict on an accrual", procurement,
			set(purchaseBase, "purchaseMessageType", "ACCRUAL", "chargedTax", 50, "lineItems[0].chargedTax", 10), 400, "chargedTax"),
		post("procurement/multicomponent line without child lines", procurement,
			set(purchaseBase, "lineItems[0].isMulticomponent", true), 400, "lineItems[0].isMulticomponent"),
		post("procurement/AP invoice sync line without lineItemId", procurement,
			set(purchaseBase, "purchaseMessageType", "APINVOICE_SYNC", "transactionId", "sync-no-line-id", "lineItems[0].lineItemId", ""), 400, "lineItems[0].lineItemId"),
		// A stored sale's ID is not a purchase's, nor an owner's.
		post("procurement/accrual under a stored sale's transactionId", procurement,
			set(purchaseBase, "purchaseMessageType", "ACCRUAL", "transactionId", "stored-2"), 409, "transactionId"),
		post("owner/movement under a stored sale's transactionId", owner, set(ownerBase, "transactionId", "stored-2"), 409, "transactionId"),
	)

	// Owner movements.
	for _, f := range []field{
		{"transactionId", 40}, {"documentNumber", 50}, {"owner.company", 40}, {"owner.division", 40},
		{"owner.department", 40}, {"owner.physicalOrigin.city", 60}, {"owner.destination.postalCode", 20},
		{"lineItems[0].lineItemId", 40}, {"lineItems[0].purchase.purchaseClass", 40}, {"lineItems[0].owner.company", 40},
	} {
		add(post("owner/"+f.path+" over "+strconv.Itoa(f.bound), owner, set(ownerBase, f.path, long(f.bound+1)), 400, f.path))
	}
	for _, c := range []struct {
		path  string
		value any
	}{
		{"ownerMessageType", "SALE"}, {"ownerMessageType", dropped{}}, {"movementMethod", "TELEPORT"},
		{"lineItems[0].movementMethod", "TELEPORT"}, {"lineItems[0].netMassKilograms", 0},
		{"lineItems[0].natureOfTransaction", 1000}, {"lineItems[0].cfopTaxCodeOverride", -1},
		{"lineItems[0].netBookValue", "a lot"}, {"owner.taxRegistrations[0].nexusOverrides", nexus},
		{"lineItems", raw(`[]`)},
	} {
		add(post(fmt.Sprintf("owner/%s is %v", c.path, c.value), owner, set(ownerBase, c.path, c.value), 400, c.path))
	}

	// Numbers too large for a double, or for the 15 digits before the
	// decimal point that Levy keeps to, which the response would echo.
	digits500 := raw("1" + strings.Repeat("0", 499))
	for _, c := range []struct {
		name, url, base, path string
		value                 raw
		also                  []any // other members the value needs
	}{
		{"supplies", supplies, saleBase, "lineItems[0].unitPrice", "1e400", nil},
		{"supplies", supplies, saleBase, "lineItems[0].extendedPrice", digits500, nil},
		{"supplies", supplies, saleBase, "lineItems[0].previousTaxPaid", "-1e400", nil},
		{"supplies", supplies, saleBase, "lineItems[0].quantity.value", "1000000000000000", nil},
		{"supplies", supplies, saleBase, "lineItems[0].flexibleFields.flexibleNumericFields[0].value", "1e16",
			[]any{"lineItems[0].flexibleFields.flexibleNumericFields[0].fieldId", 1}},
		{"supplies", supplies, saleBase, "lineItems[0].discount.discountValue", "1e400",
			[]any{"lineItems[0].discount.discountType", "DiscountAmount"}},
		{"procurement", procurement, purchaseBase, "chargedTax", "1e400", nil},
		{"procurement", procurement, purchaseBase, "lineItems[0].chargedTax", digits500, nil},
		{"procurement", procurement, purchaseBase, "lineItems[0].extendedPrice", "999999999999999.999e1", nil},
		{"procurement", procurement, purchaseBase, "lineItems[0].blockingOverridePercent", "1e400", nil},
		{"owner", owner, ownerBase, "lineItems[0].netBookValue", "1e400", nil},
		{"owner", owner, ownerBase, "lineItems[0].previousTaxPaid", digits500, nil},
	} {
		value := string(c.value)
		if len(value) > 24 {
			value = "a " + strconv.Itoa(len(value)) + "-digit integer"
		}
		body := set(c.base, append(c.also, c.path, c.value)...)
		add(post(fmt.Sprintf("%s/%s is %s", c.name, c.path, value), c.url, body, 400, c.path))
	}

	// Bodies that are not a request at all, at each calculation endpoint.
	deep := strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000)
	deepSmall := strings.Repeat(`{"a":`, 1000) + "1" + strings.Repeat("}", 1000) // under the 16 KiB of some bodies
	deepArray := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	huge := `{"documentNumber":"` + long(bodyLimit) + `"}`
	// 300,000 empty lines, 900 KB under the limit, would take 300 MB.
	emptyLines := `{"lineItems":[` + strings.TrimSuffix(strings.Repeat("{},", 300_000), ",") + `]}`
	for _, ep := range []struct{ name, path, base string }{
		{"supplies", supplies, saleBase}, {"procurement", procurement, purchaseBase}, {"owner", owner, ownerBase},
	} {
		add(post(ep.name+"/truncated JSON", ep.path, ep.base[:len(ep.base)/2], 400, ""),
			post(ep.name+"/10000-deep objects", ep.path, deep, 400, ""),
			post(ep.name+"/body over the limit", ep.path, huge, 413, "Content-Length"),
			post(ep.name+"/300,000 empty lines", ep.path, emptyLines, 413, "lineItems"),
			post(ep.name+"/empty body", ep.path, "", 400, ""),
			post(ep.name+"/array body", ep.path, `[1,2,3]`, 400, ""),
			post(ep.name+"/two values", ep.path, ep.base+ep.base, 400, ""),
			post(ep.name+"/text/plain", ep.path, ep.base, 415, "Content-Type").with("Content-Type", "text/plain"),
		)
	}
	add(post("supplies/10000-deep arrays", supplies, deepArray, 400, ""),
		post("supplies/garbage", supplies, "\x00\x01\xff garbage", 400, ""),
		bad{name: "supplies/null", method: "POST", path: supplies, body: "null", status: 400, target: "saleMessageType", more: true},
		post("supplies/a string", supplies, `"QUOTATION"`, 400, ""),
		post("supplies/unterminated string", supplies, `{"saleMessageType":"QUOTATION`, 400, ""),
		post("supplies/application/xml", supplies, saleBase, 415, "Content-Type").with("Content-Type", "application/xml"),
		post("supplies/form", supplies, "saleMessageType=QUOTATION", 415, "Content-Type").with("Content-Type", "application/x-www-form-urlencoded"),
		post("supplies/malformed Content-Type", supplies, saleBase, 415, "Content-Type").with("Content-Type", "application/"),
		post("supplies/multipart", supplies, saleBase, 415, "Content-Type").with("Content-Type", "multipart/form-data; boundary=x"),
	)

	// Transactions: the ID path parameters and the reversal body.
	id41 := long(41)
	add(del("transactions/delete ID of 41 characters", txns+id41, 400, "id"),
		del("transactions/delete ID of 10000 characters", txns+long(10000), 400, "id"),
		del("transactions/delete ID of 41 two-byte characters", txns+strings.Repeat("%C3%A9", 41), 400, "id"),
		del("transactions/delete ID not UTF-8", txns+"%FF%FE", 400, "id"),
		del("transactions/delete ID empty", txns, 404, ""),
		del("transactions/delete unknown ID", txns+"no-such-transaction", 404, "id"),
		del("transactions/delete ID with a slash", txns+"a%2Fb", 404, "id"),
		del("transactions/delete ID with a NUL", txns+"a%00b", 400, "id"),
		post("transactions/reversal ID of 41 characters", txns+id41+"/reversal", "", 400, "id"),
		post("transactions/reversal ID not UTF-8", txns+"%C3/reversal", "", 400, "id"),
		post("transactions/reversal ID empty", txns+"/reversal", "", 404, ""),
		post("transactions/reversal unknown ID", txns+"no-such-transaction/reversal", "", 404, "id"),
		post("transactions/reversal new ID of 41", txns+"abc/reversal", `{"data":{"transactionId":"`+id41+`"}}`, 400, "data.transactionId"),
		post("transactions/reversal documentNumber of 51", txns+"abc/reversal", `{"data":{"documentNumber":"`+long(51)+`"}}`, 400, "data.documentNumber"),
		post("transactions/reversal postingDate not a date", txns+"abc/reversal", `{"data":{"postingDate":"2026-02-30"}}`, 400, "data.postingDate"),
		post("transactions/reversal data an array", txns+"abc/reversal", `{"data":[]}`, 400, "data"),
		post("transactions/reversal truncated", txns+"abc/reversal", `{"data":{"transactionId":`, 400, ""),
		post("transactions/reversal deep", txns+"abc/reversal", deep, 400, ""),
		post("transactions/reversal over the limit", txns+"abc/reversal", huge, 413, "Content-Length"),
		post("transactions/reversal text/plain", txns+"abc/reversal", `{"data":{}}`, 415, "Content-Type").with("Content-Type", "text/plain"),
		post("transactions/rollback ID of 41 characters", "/vertex-ws/v2/transactions/"+id41+"/rollback", "", 400, "id"),
		post("transactions/rollback unknown ID", txns+"no-such-transaction/rollback", "", 404, "id"),
		post("transactions/rollback without a sync", txns+"stored-2/rollback", "", 409, "id"),
		post("transactions/second reversal", txns+"stored-1/reversal", "", 409, "id"),
		post("transactions/reversal to a stored ID", txns+"stored-2/reversal", `{"data":{"transactionId":"stored-1"}}`, 409, "data.transactionId"),
		post("transactions/second reversal with a new ID", txns+"stored-1/reversal", `{"data":{"transactionId":"fresh"}}`, 409, "id"),
		get("transactions/exists ID of 41 characters", exists+id41, 400, "transactionid"),
		get("transactions/exists ID not UTF-8", exists+"%80", 400, "transactionid"),
		get("transactions/exists ID empty", exists, 404, ""),
	)

	// Tax area lookups.
	add(post("lookup/address without postalAddress", addrLookup, `{}`, 400, "postalAddress"),
		post("lookup/address postalAddress a string", addrLookup, `{"postalAddress":"350 5th Ave"}`, 400, "postalAddress"),
		post("lookup/address city over 60", addrLookup, `{"postalAddress":{"city":"`+long(61)+`","mainDivision":"NY","country":"US"}}`, 400, "postalAddress.city"),
		post("lookup/address streetAddress1 over 100", addrLookup, `{"postalAddress":{"streetAddress1":"`+long(101)+`","postalCode":"10118"}}`, 400, "postalAddress.streetAddress1"),
		post("lookup/address postalCode over 20", addrLookup, `{"postalAddress":{"postalCode":"`+long(21)+`"}}`, 400, "postalAddress.postalCode"),
		post("lookup/address country over 60", addrLookup, `{"postalAddress":{"city":"Paris","country":"`+long(61)+`"}}`, 400, "postalAddress.country"),
		post("lookup/address unknown country", addrLookup, `{"postalAddress":{"city":"Emerald City","country":"Oz"}}`, 400, "postalAddress.country"),
		post("lookup/address bad ZIP", addrLookup, `{"postalAddress":{"postalCode":"ABCDE","country":"US"}}`, 400, "postalAddress.postalCode"),
		post("lookup/address bad state", addrLookup, `{"postalAddress":{"city":"Springfield","mainDivision":"ZZ","country":"US"}}`, 400, "postalAddress.mainDivision"),
		post("lookup/address bad asOfDate", addrLookup, `{"postalAddress":{"postalCode":"10118"},"asOfDate":"2026-02-30"}`, 400, "asOfDate"),
		post("lookup/address asOfDate a number", addrLookup, `{"postalAddress":{"postalCode":"10118"},"asOfDate":20260601}`, 400, "asOfDate"),
		post("lookup/address truncated", addrLookup, `{"postalAddress":{"postalCode":"10118"`, 400, ""),
		post("lookup/address text/plain", addrLookup, `{}`, 415, "Content-Type").with("Content-Type", "text/plain"),
		post("lookup/address over the limit", addrLookup, huge, 413, "Content-Length"),
		post("lookup/coordinates without coordinates", coordLookup, `{}`, 400, "coordinates"),
		post("lookup/coordinates null", coordLookup, `{"coordinates":null}`, 400, "coordinates"),
		post("lookup/coordinates latitude 91", coordLookup, `{"coordinates":{"latitude":91,"longitude":0}}`, 400, "coordinates.latitude"),
		post("lookup/coordinates latitude -90.0001", coordLookup, `{"coordinates":{"latitude":-90.0001,"longitude":0}}`, 400, "coordinates.latitude"),
		post("lookup/coordinates longitude 180.5", coordLookup, `{"coordinates":{"latitude":0,"longitude":180.5}}`, 400, "coordinates.longitude"),
		post("lookup/coordinates longitude -181", coordLookup, `{"coordinates":{"latitude":0,"longitude":-181}}`, 400, "coordinates.longitude"),
		post("lookup/coordinates latitude a string", coordLookup, `{"coordinates":{"latitude":"34.05","longitude":-118.24}}`, 400, "coordinates.latitude"),
		post("lookup/coordinates latitude 1e400", coordLookup, `{"coordinates":{"latitude":1e400,"longitude":0}}`, 400, "coordinates.latitude"),
		post("lookup/coordinates an array", coordLookup, `{"coordinates":[34.05,-118.24]}`, 400, "coordinates"),
		// A latitude or longitude left out or null decoded as 0: the
		// point moved to the equator or the prime meridian (Algeria for
		// latitude 34 alone), answered 200.
		post("lookup/coordinates longitude left out", coordLookup, `{"coordinates":{"latitude":34}}`, 400, "coordinates.longitude"),
		post("lookup/coordinates latitude left out", coordLookup, `{"coordinates":{"longitude":-118.24}}`, 400, "coordinates.latitude"),
		post("lookup/coordinates latitude null", coordLookup, `{"coordinates":{"latitude":null,"longitude":-118.24}}`, 400, "coordinates.latitude"),
		bad{name: "lookup/coordinates empty", method: "POST", path: coordLookup, body: `{"coordinates":{}}`, status: 400, target: "coordinates.latitude", more: true},
		bad{name: "lookup/coordinates lat and lng", method: "POST", path: coordLookup, body: "\uFEFF" + `{"coordinates":{"lat":34.05,"lng":-118.24}}`,
			status: 400, target: "coordinates.longitude", more: true},
		// A member its lookup does not have was refused in Go's words
		// ("json: unknown field \"cty\"") about [0].lookupRequest.
		// The body null was answered 200 with no results, as [] is.
		post("batch/null", findAreas, `null`, 400, ""),
		post("batch/address member misspelt", findAreas,
			`[{"lookupRequest":{"postalAddress":{"cty":"Denver","postalCode":"80202"}}}]`, 400, "[0].lookupRequest.postalAddress.cty"),
		post("batch/unknown member beside taxAreaId", findAreas,
			`[{"lookupRequest":{"taxAreaId":"1"}},{"lookupRequest":{"taxAreaId":"1","asOf":"2026-01-01"}}]`, 400, "[1].lookupRequest.asOf"),
		post("batch/coordinates longitude left out", findAreas,
			`[{"lookupRequest":{"taxAreaId":"1"}},{"lookupRequest":{"coordinates":{"latitude":34}}}]`, 400, "[1].lookupRequest.coordinates.longitude"),
		post("batch/coordinates latitude null", findAreas,
			`[{"lookupRequest":{"coordinates":{"latitude":null,"longitude":-118.24}}}]`, 400, "[0].lookupRequest.coordinates.latitude"),
		post("lookup/coordinates bad asOfDate", coordLookup, `{"coordinates":{"latitude":34.05,"longitude":-118.24},"asOfDate":"June"}`, 400, "asOfDate"),
		post("lookup/tax area ID missing", areaLookup, `{}`, 400, "taxAreaId"),
		post("lookup/tax area ID letters", areaLookup, `{"taxAreaId":"abc"}`, 400, "taxAreaId"),
		post("lookup/tax area ID of 17 digits", areaLookup, `{"taxAreaId":"12345678901234567"}`, 400, "taxAreaId"),
		post("lookup/tax area ID a number", areaLookup, `{"taxAreaId":50371234}`, 400, "taxAreaId"),
		post("lookup/tax area ID unknown", areaLookup, `{"taxAreaId":"999999999"}`, 404, "taxAreaId"),
		post("lookup/tax area bad asOfDate", areaLookup, `{"taxAreaId":"1","asOfDate":"2026-1-1"}`, 400, "asOfDate"),
		post("lookup/government code missing", extLookup, `{"country":"US"}`, 400, "externalJurisdictionCode"),
		post("lookup/government code country missing", extLookup, `{"externalJurisdictionCode":"06037"}`, 400, "country"),
		post("lookup/government code over 20", extLookup, `{"externalJurisdictionCode":"`+long(21)+`","country":"US"}`, 400, "externalJurisdictionCode"),
		post("lookup/government code country over 60", extLookup, `{"externalJurisdictionCode":"06037","country":"`+long(61)+`"}`, 400, "country"),
		post("lookup/government code unknown country", extLookup, `{"externalJurisdictionCode":"06037","country":"Atlantis"}`, 400, "country"),
		post("lookup/government code unknown", extLookup, `{"externalJurisdictionCode":"0000000000","country":"US"}`, 404, "externalJurisdictionCode"),
		post("lookup/government code a number", extLookup, `{"externalJurisdictionCode":6037,"country":"US"}`, 400, "externalJurisdictionCode"),
	)

	// Batch lookups.
	searches := make([]string, 1001)
	for i := range searches {
		searches[i] = `{"lookupRequest":{"taxAreaId":"1"}}`
	}
	add(post("batch/not an array", findAreas, `{"lookupId":"1"}`, 400, ""),
		post("batch/1001 searches", findAreas, "["+strings.Join(searches, ",")+"]", 400, ""),
		post("batch/lookupId over 40", findAreas, `[{"lookupId":"`+id41+`","lookupRequest":{"taxAreaId":"1"}}]`, 400, "[0].lookupId"),
		post("batch/lookupId empty", findAreas, `[{"lookupId":"","lookupRequest":{"taxAreaId":"1"}}]`, 400, "[0].lookupId"),
		post("batch/lookupId of spaces in the second search", findAreas,
			`[{"lookupId":"a","lookupRequest":{"taxAreaId":"1"}},{"lookupId":"   ","lookupRequest":{"taxAreaId":"1"}}]`, 400, "[1].lookupId"),
		post("batch/lookupId a number", findAreas, `[{"lookupId":7,"lookupRequest":{"taxAreaId":"1"}}]`, 400, "[0].lookupId"),
		post("batch/search without lookupRequest", findAreas, `[{"lookupId":"a"}]`, 400, "[0].lookupRequest"),
		post("batch/lookupRequest a string", findAreas, `[{"lookupRequest":"taxAreaId=1"}]`, 400, "[0].lookupRequest"),
		post("batch/lookupRequest of two kinds", findAreas, `[{"lookupRequest":{"taxAreaId":"1","coordinates":{"latitude":1,"longitude":1}}}]`, 400, "[0].lookupRequest"),
		post("batch/lookupRequest of no kind", findAreas, `[{"lookupRequest":{"asOfDate":"2026-06-01"}}]`, 400, "[0].lookupRequest"),
		post("batch/search not an object", findAreas, `[{"lookupRequest":{"taxAreaId":"1"}},42]`, 400, "[1]"),
		post("batch/latitude 91 in the second search", findAreas,
			`[{"lookupRequest":{"taxAreaId":"1"}},{"lookupRequest":{"coordinates":{"latitude":91,"longitude":0}}}]`, 400, "[1].lookupRequest.coordinates.latitude"),
		post("batch/tax area ID letters", findAreas, `[{"lookupRequest":{"taxAreaId":"abc"}}]`, 400, "[0].lookupRequest.taxAreaId"),
		post("batch/government code over 20", findAreas,
			`[{"lookupRequest":{"externalJurisdictionCode":"`+long(21)+`","country":"US"}}]`, 400, "[0].lookupRequest.externalJurisdictionCode"),
		post("batch/address city over 60", findAreas,
			`[{"lookupRequest":{"postalAddress":{"city":"`+long(61)+`"}}}]`, 400, "[0].lookupRequest.postalAddress.city"),
		post("batch/bad asOfDate", findAreas,
			`[{"lookupRequest":{"taxAreaId":"1","asOfDate":"someday"}}]`, 400, "[0].lookupRequest.asOfDate"),
		post("batch/truncated", findAreas, `[{"lookupRequest":{"taxAreaId":"1"}`, 400, ""),
		post("batch/deep", findAreas, deepArray, 400, ""),
		post("batch/text/plain", findAreas, `[]`, 415, "Content-Type").with("Content-Type", "text/plain"),
	)

	// Changed tax areas: the query and path parameters.
	add(get("changed/no beginDate", changed, 400, "beginDate"),
		get("changed/only endDate", changed+"?endDate=2026-01-01", 400, "beginDate"),
		get("changed/beginDate month 13", changed+"?beginDate=2026-13-01", 400, "beginDate"),
		get("changed/beginDate February 30", changed+"?beginDate=2026-02-30", 400, "beginDate"),
		get("changed/beginDate a word", changed+"?beginDate=yesterday", 400, "beginDate"),
		get("changed/beginDate with a time", changed+"?beginDate=2026-01-01T00:00:00Z", 400, "beginDate"),
		get("changed/beginDate long", changed+"?beginDate="+long(1000), 400, "beginDate"),
		get("changed/beginDate with a NUL", changed+"?beginDate=2026-01-01%00", 400, "beginDate"),
		get("changed/endDate a word", changed+"?beginDate=2026-01-01&endDate=tomorrow", 400, "endDate"),
		get("changed/endDate before beginDate", changed+"?beginDate=2026-02-01&endDate=2026-01-31", 400, "endDate"),
		get("changed/bad query escape", changed+"?beginDate=%zz", 400, "beginDate"),
		// Parameters the routes do not read were passed over: a misspelt
		// endDate left the range open to today, a second beginDate was
		// dropped, both answered 200.
		get("changed/endDate misspelt", changed+"?beginDate=2025-04-01&enddate=2025-04-30", 400, "enddate"),
		get("changed/end_date", changed+"?beginDate=2025-04-01&end_date=2025-04-30", 400, "end_date"),
		get("changed/beginDate twice", changed+"?beginDate=2025-04-01&beginDate=2025-05-01", 400, "beginDate"),
		get("changed/tax area endDate misspelt", changed+"/1?beginDate=2025-04-01&EndDate=2025-04-30", 400, "EndDate"),
		get("changed/tax area letters", changed+"/abc?beginDate=2026-01-01", 400, "taxareaid"),
		get("changed/tax area of 17 digits", changed+"/12345678901234567?beginDate=2026-01-01", 400, "taxareaid"),
		get("changed/tax area unknown", changed+"/999999999?beginDate=2026-01-01", 404, "taxareaid"),
		get("changed/tax area without beginDate", changed+"/1", 400, "beginDate"),
		get("changed/tax area empty", changed+"/?beginDate=2026-01-01", 404, ""),
		get("changed/tax area reversed range", changed+"/1?beginDate=2026-03-01&endDate=2026-01-01", 400, "endDate"),
	)

	// Access tokens of the API.
	add(post("auth/no token", supplies, saleBase, 401, "").with(noToken...),
		post("auth/not a token", supplies, saleBase, 401, "").with("Authorization", "Bearer not-a-token"),
		post("auth/empty bearer", supplies, saleBase, 401, "").with("Authorization", "Bearer "),
		post("auth/basic scheme", supplies, saleBase, 401, "").with("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte("a:b"))),
		post("auth/tampered token", supplies, saleBase, 401, "").with("Authorization", "Bearer "+tamper(s.api)),
		post("auth/admin token on the API", supplies, saleBase, 403, "").with("Authorization", "Bearer "+s.admin),
		get("auth/no token on a lookup", changed+"?beginDate=2026-01-01", 401, "").with(noToken...),
		get("auth/no token on e-invoicing", webhooks, 401, "").with(noToken...),
		get("auth/admin token on e-invoicing", webhooks, 403, "").with("Authorization", "Bearer "+s.admin),
	)

	// Paths that do not exist and methods that are not served.
	add(get("paths/unknown under the base", "/api/v2/no-such-thing", 404, ""),
		post("paths/unknown version", "/api/v3/supplies", saleBase, 404, ""),
		post("paths/extra segment", supplies+"/extra", saleBase, 404, ""),
		post("paths/double slash", "/api/v2//supplies", saleBase, 404, ""),
		post("paths/dot segment", "/api/v2/./supplies", saleBase, 404, ""),
		post("paths/dot-dot segment", "/api/v2/owner/../supplies", saleBase, 404, ""),
		get("paths/trailing slash", "/api/v2/openapi.json/", 404, ""),
		get("paths/root", "/", 404, ""),
		get("paths/base alone", "/api/v2", 404, ""),
		post("paths/unknown token path", "/oauth/tokens", "grant_type=client_credentials", 404, ""),
		get("paths/unknown e-invoicing version", "/einvoicing/v2/documents", 404, ""),
		get("paths/document content of nothing", documents+"/"+unknownGUID+"/content/extra", 404, ""),
	)
	for _, c := range []struct{ method, path, allow string }{
		{"GET", supplies, "POST"}, {"PUT", supplies, "POST"}, {"OPTIONS", supplies, "POST"}, {"DELETE", procurement, "POST"}, {"PATCH", owner, "POST"},
		{"GET", txns + "abc", "DELETE"}, {"GET", txns + "abc/reversal", "POST"}, {"DELETE", txns + "abc/rollback", "POST"},
		{"DELETE", exists + "abc", "GET, HEAD"}, {"PUT", addrLookup, "POST"}, {"GET", findAreas, "POST"},
		{"POST", changed, "GET, HEAD"}, {"POST", changed + "/1", "GET, HEAD"}, {"POST", "/api/v2/openapi.json", "GET, HEAD"},
		{"GET", "/oauth/token", "POST"}, {"PUT", "/cached/oauth/token", "POST"},
		{"PUT", clients, "POST, GET, HEAD"}, {"GET", clients + "/x/secret", "POST"},
		{"GET", documents, "POST"}, {"PUT", webhooks, "POST, GET, HEAD, DELETE"}, {"POST", documents + "/" + unknownGUID, "GET, HEAD"},
		{"POST", deadLetters, "GET, HEAD"}, {"POST", "/healthz", "GET, HEAD"},
	} {
		b := bad{name: "methods/" + c.method + " " + c.path, method: c.method, path: c.path, status: 405, allow: c.allow}
		if strings.HasSuffix(c.path, "/oauth/token") {
			b.oauth = "invalid_request" // a token endpoint refuses in the form of RFC 6749
		}
		add(b)
	}

	// The token endpoints, which answer in the format of RFC 6749.
	form := func(v url.Values) string { return v.Encode() }
	good := url.Values{"grant_type": {"client_credentials"}, "client_id": {s.clientID}, "client_secret": {s.secret},
		"audience": {oauth.DefaultAudience}}
	without := func(name string) string {
		v := url.Values{}
		for k, vs := range good {
			if k != name {
				v[k] = vs
			}
		}
		return form(v)
	}
	replaced := func(name, value string) string {
		v := url.Values{}
		for k, vs := range good {
			v[k] = vs
		}
		v.Set(name, value)
		return form(v)
	}
	formType := []string{"Content-Type", "application/x-www-form-urlencoded", "Authorization", ""}
	token := func(name, path, body string, status int, code string, header ...string) bad {
		b := post("token/"+name, path, body, status, "").with(formType...).with(header...)
		b.oauth = code
		return b
	}
	basic := func(id, secret string) string {
		return "Basic " + base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(id)+":"+url.QueryEscape(secret)))
	}
	add(token("no body", "/oauth/token", "", 400, "invalid_request"),
		token("without grant_type", "/oauth/token", without("grant_type"), 400, "invalid_request"),
		token("password grant", "/oauth/token", replaced("grant_type", "password"), 400, "unsupported_grant_type"),
		token("authorization_code grant", "/oseries-auth/oauth/token", replaced("grant_type", "authorization_code"), 400, "unsupported_grant_type"),
		token("without client_id", "/oauth/token", without("client_id"), 400, "invalid_request"),
		token("without client_secret", "/oauth/token", without("client_secret"), 400, "invalid_request"),
		token("wrong secret", "/oauth/token", replaced("client_secret", "wrong"), 401, "invalid_client"),
		token("unknown client", "/oauth/token", replaced("client_id", "no-such-client"), 401, "invalid_client"),
		token("audience of another API", "/oauth/token", replaced("audience", oauth.DefaultAdminAudience), 400, "invalid_target"),
		token("repeated grant_type", "/oauth/token", form(good)+"&grant_type=client_credentials", 400, "invalid_request"),
		token("bad form escape", "/oauth/token", "grant_type=%zz", 400, "invalid_request"),
		token("JSON not an object", "/oauth/token", `["client_credentials"]`, 400, "invalid_request", "Content-Type", "application/json"),
		token("JSON numbers", "/oauth/token", `{"grant_type":1,"client_id":2}`, 400, "invalid_request", "Content-Type", "application/json"),
		token("JSON truncated", "/oauth/token", `{"grant_type":"client_credentials"`, 400, "invalid_request", "Content-Type", "application/json"),
		token("application/xml", "/oauth/token", form(good), 400, "invalid_request", "Content-Type", "application/xml"),
		token("body over 16 KiB", "/oauth/token", replaced("audience", long(17<<10)), 413, "invalid_request"),
		token("Digest authorization", "/oauth/token", without("client_secret"), 401, "invalid_client", "Authorization", "Digest abc"),
		token("Basic not base64", "/oauth/token", "grant_type=client_credentials&audience=x", 401, "invalid_client", "Authorization", "Basic !!!"),
		token("Basic and a secret in the body", "/oauth/token", form(good), 400, "invalid_request", "Authorization", basic(s.clientID, s.secret)),
		token("Basic with a wrong secret", "/oauth/token", "grant_type=client_credentials&audience="+url.QueryEscape(oauth.DefaultAudience),
			401, "invalid_client", "Authorization", basic(s.clientID, "wrong")),
		token("cached password grant", "/cached/oauth/token", replaced("grant_type", "password"), 400, "unsupported_grant_type"),
		token("cached bearer not base64", "/cached/oauth/token", "audience=x", 401, "invalid_client", "Authorization", "Bearer %%%"),
		token("cached wrong secret", "/cached/oauth/token", replaced("client_secret", "wrong"), 401, "invalid_client"),
	)

	// The admin routes, which need a token of the admin audience.
	admin := []string{"Authorization", "Bearer " + s.admin}
	// The checks of a new credential's fields, with the operator's token,
	// which names any tenant.
	operator := []string{"Authorization", "Bearer " + s.operator}
	add(get("admin/clients with an API token", clients, 403, ""),
		get("admin/clients without a token", clients, 401, "").with(noToken...),
		post("admin/new client with an API token", clients, `{"tenant":"x","audiences":["a"]}`, 403, ""),
		post("admin/key rotation with an API token", "/admin/v1/keys", "", 403, ""),
		del("admin/revocation with an API token", clients+"/abc", 403, ""),
		post("admin/new secret with an API token", clients+"/abc/secret", "", 403, ""),
		get("admin/dead letters with an API token", deadLetters, 403, ""),
		post("admin/replay with an API token", deadLetters+"/"+unknownGUID+"/replay", "", 403, ""),
		post("admin/new client without tenant", clients, `{"audiences":["a"]}`, 400, "tenant").with(operator...),
		post("admin/new client without audiences", clients, `{"tenant":"t"}`, 400, "audiences").with(operator...),
		post("admin/new client empty audience", clients, `{"tenant":"t","audiences":[""]}`, 400, "audiences[0]").with(operator...),
		post("admin/new client audience with a space", clients, `{"tenant":"t","audiences":["a","b c"]}`, 400, "audiences[1]").with(operator...),
		post("admin/new client tenant with a control character", clients, `{"tenant":"t\u0001","audiences":["a"]}`, 400, "tenant").with(operator...),
		post("admin/new client tenant a number", clients, `{"tenant":5,"audiences":["a"]}`, 400, "tenant").with(operator...),
		post("admin/new client audiences a string", clients, `{"tenant":"t","audiences":"a"}`, 400, "audiences").with(operator...),
		post("admin/new client truncated", clients, `{"tenant":"t"`, 400, "").with(admin...),
		post("admin/new client deep", clients, deepSmall, 400, "").with(admin...),
		post("admin/new client text/plain", clients, `{"tenant":"t","audiences":["a"]}`, 415, "Content-Type").with(admin...).with("Content-Type", "text/plain"),
		post("admin/new secret of an unknown client", clients+"/no-such-client/secret", "", 404, "id").with(admin...),
		del("admin/revocation of an unknown client", clients+"/no-such-client", 404, "id").with(admin...),
		post("admin/replay of an unknown event", deadLetters+"/"+unknownGUID+"/replay", "", 404, "eventId").with(admin...),
		post("admin/replay of a malformed event ID", deadLetters+"/not-a-guid/replay", "", 400, "eventId").with(admin...),
		// A tenant's tolerance that limits by nothing would pay every
		// vendor's tax on a conditional procurement.
		bad{name: "admin/profile policy with an empty tolerance", method: http.MethodPut, path: "/admin/v1/profile/policy",
			body: `{"tolerance":{}}`, status: 400, target: "tolerance"}.with(admin...),
	)

	// E-invoicing.
	xml := "<Invoice/>"
	add(post("einvoicing/document as JSON", documents, `{"invoice":1}`, 415, "Content-Type"),
		post("einvoicing/document without Content-Type", documents, xml, 415, "Content-Type").with("Content-Type", ""),
		post("einvoicing/document text/plain", documents, xml, 415, "Content-Type").with("Content-Type", "text/plain"),
		post("einvoicing/empty document", documents, "", 400, "body").with("Content-Type", "application/xml"),
		// Refused on its Content-Length, before the document is read.
		post("einvoicing/document over the limit", documents, "<a>"+long(bodyLimit)+"</a>", 413, "Content-Length").with("Content-Type", "application/xml"),
		post("einvoicing/Idempotency-Key over 128", documents, xml, 400, "Idempotency-Key").with("Content-Type", "application/xml", "Idempotency-Key", long(129)),
		get("einvoicing/document ID not a GUID", documents+"/not-a-guid", 400, "documentId"),
		get("einvoicing/document ID of 37 characters", documents+"/"+unknownGUID+"0", 400, "documentId"),
		get("einvoicing/unknown document", documents+"/"+unknownGUID, 404, "documentId"),
		get("einvoicing/content ID not a GUID", documents+"/x/content", 400, "documentId"),
		get("einvoicing/content of an unknown document", documents+"/"+unknownGUID+"/content", 404, "documentId"),
		bad{name: "einvoicing/connection empty", method: "POST", path: webhooks, body: `{}`, status: 400, target: "targetUrl", more: true},
		post("einvoicing/connection without secretKey", webhooks, set(connectionBase, "secretKey", dropped{}), 400, "secretKey"),
		post("einvoicing/connection secretKey of 31 bytes", webhooks, set(connectionBase, "secretKey", long(31)), 400, "secretKey"),
		post("einvoicing/connection secretKey of 513 bytes", webhooks, set(connectionBase, "secretKey", long(513)), 400, "secretKey"),
		post("einvoicing/connection without events", webhooks, set(connectionBase, "events", dropped{}), 400, "events"),
		post("einvoicing/connection events a word", webhooks, set(connectionBase, "events", "some"), 400, "events"),
		post("einvoicing/connection events a number", webhooks, set(connectionBase, "events", 5), 400, "events"),
		post("einvoicing/connection unknown status", webhooks, set(connectionBase, "events", raw(`["Completed","Shipped"]`)), 400, "events[1]"),
		post("einvoicing/connection status twice", webhooks, set(connectionBase, "events", raw(`["Error","error"]`)), 400, "events[1]"),
		post("einvoicing/connection ftp target", webhooks, set(connectionBase, "targetUrl", "ftp://hooks.example.com/"), 400, "targetUrl"),
		post("einvoicing/connection plain http target", webhooks, set(connectionBase, "targetUrl", "http://hooks.example.com/"), 400, "targetUrl"),
		post("einvoicing/connection relative target", webhooks, set(connectionBase, "targetUrl", "/levy"), 400, "targetUrl"),
		post("einvoicing/connection target with a password", webhooks, set(connectionBase, "targetUrl", "https://u:p@hooks.example.com/"), 400, "targetUrl"),
		post("einvoicing/connection target with a fragment", webhooks, set(connectionBase, "targetUrl", "https://hooks.example.com/#x"), 400, "targetUrl"),
		post("einvoicing/connection target over the limit", webhooks, set(connectionBase, "targetUrl", "https://hooks.example.com/"+long(4096)), 400, "targetUrl"),
		post("einvoicing/connection target a number", webhooks, set(connectionBase, "targetUrl", 443), 400, "targetUrl"),
		post("einvoicing/connection unknown member", webhooks, set(connectionBase, "secret", "x"), 400, "secret"),
		post("einvoicing/connection truncated", webhooks, connectionBase[:30], 400, ""),
		post("einvoicing/connection an array", webhooks, `[`+connectionBase+`]`, 400, ""),
		post("einvoicing/connection deep", webhooks, deepSmall, 400, ""),
		post("einvoicing/connection over 16 KiB", webhooks, set(connectionBase, "secretKey", long(17<<10)), 413, "Content-Length"),
		post("einvoicing/connection text/plain", webhooks, connectionBase, 415, "Content-Type").with("Content-Type", "text/plain"),
		get("einvoicing/connection ID not a GUID", webhooks+"/not-a-guid", 400, "webhookId"),
		get("einvoicing/unknown connection", webhooks+"/"+unknownGUID, 404, "webhookId"),
		del("einvoicing/delete without an ID", webhooks, 400, "webhookId"),
		del("einvoicing/delete ID not a GUID", webhooks+"?webhookId=nope", 400, "webhookId"),
		del("einvoicing/delete unknown connection", webhooks+"/"+unknownGUID, 404, "webhookId"),
	)

	// Low 9: member names given twice, or differing from a member's only in
	// case, which encoding/json would read loosely (the last duplicate
	// wins; SaleMessageType is saleMessageType), on every route that reads
	// JSON.
	invoice := set(saleBase, "transactionId", "loose-1")
	add(post("loose/second saleMessageType in capitals", supplies, withMember(invoice, `"SaleMessageType":"INVOICE"`), 400, "SaleMessageType"),
		post("loose/saleMessageType twice", supplies, withMember(invoice, `"saleMessageType":"INVOICE"`), 400, "saleMessageType"),
		post("loose/saleMessageType twice by an escape", supplies, withMember(invoice, `"saleMessage\u0054ype":"INVOICE"`), 400, "saleMessageType"),
		post("loose/line member in capitals", supplies, set(saleBase, "lineItems[0].UnitPrice", 5), 400, "lineItems[0].UnitPrice"),
		post("loose/purchase message type in capitals", procurement, withMember(purchaseBase, `"PurchaseMessageType":"ACCRUAL"`), 400, "PurchaseMessageType"),
		post("loose/owner member twice", owner, withMember(ownerBase, `"ownerMessageType":"INVENTORY_REMOVAL"`), 400, "ownerMessageType"),
		post("loose/address lookup City", addrLookup, `{"postalAddress":{"city":"New York","City":"Paris"}}`, 400, "postalAddress.City"),
		post("loose/coordinates twice", coordLookup, `{"coordinates":{"latitude":34.05,"longitude":-118.24,"latitude":40.7}}`, 400, "coordinates.latitude"),
		post("loose/batch LookupRequest", findAreas, `[{"lookupId":"a","LookupRequest":{"taxAreaId":"53011"}}]`, 400, "[0].LookupRequest"),
		post("loose/batch lookupId twice", findAreas, `[{"lookupId":"a","lookupId":"b","lookupRequest":{"taxAreaId":"53011"}}]`, 400, "[0].lookupId"),
		post("loose/batch Latitude", findAreas, `[{"lookupId":"a","lookupRequest":{"coordinates":{"latitude":34.05,"longitude":-118.24,"Latitude":40.7}}}]`,
			400, "[0].lookupRequest.coordinates.Latitude"),
		post("loose/reversal TransactionId", txns+"stored-2/reversal", `{"data":{"transactionId":"r-1","TransactionId":"r-2"}}`, 400, "data.TransactionId"),
		post("loose/admin Tenant", clients, `{"tenant":"t","audiences":["a"],"Tenant":"u"}`, 400, "Tenant").with(admin...),
		post("loose/webhook TargetUrl", webhooks, withMember(connectionBase, `"TargetUrl":"https://elsewhere.example.com/"`), 400, "TargetUrl"),
		post("loose/webhook targetUrl twice", webhooks, withMember(connectionBase, `"targetUrl":"https://elsewhere.example.com/"`), 400, "targetUrl"),
	)
	// Requests that encoding/json read as valid ones, and got a token.
	creds := `{"grant_type":"client_credentials","client_id":` + strconv.Quote(s.clientID) + `,"client_secret":` + strconv.Quote(s.secret)
	looseToken := func(name, body, member string) bad {
		b := token(name, "/oauth/token", body, 400, "invalid_request", "Content-Type", "application/json")
		b.target = member
		return b
	}
	add(looseToken("loose JSON Audience", creds+`,"Audience":"`+oauth.DefaultAudience+`"}`, "Audience"),
		looseToken("loose JSON audience twice", creds+`,"audience":"levy://other","audience":"`+oauth.DefaultAudience+`"}`, "audience"),
	)

	// Low 13: control characters, line separators and bidirectional
	// formatting characters in identifiers: members of the bodies, path
	// and query parameters.
	add(post("control/NUL in the transaction ID", supplies, set(invoice, "transactionId", "tx\x00-1"), 400, "transactionId"),
		post("control/right-to-left override in the transaction ID", supplies, set(invoice, "transactionId", "tx\u202e1-gnp"), 400, "transactionId"),
		post("control/CR LF in the document number", supplies, set(invoice, "documentNumber", "INV-1\r\nX-Forged: 1"), 400, "documentNumber"),
		post("control/tab in a line item ID", procurement, set(purchaseBase, "lineItems[0].lineItemId", "1\t"), 400, "lineItems[0].lineItemId"),
		post("control/BEL in a customer code", supplies, set(saleBase, "customer.customerCode.value", "C\a"), 400, "customer.customerCode.value"),
		post("control/isolate in a vendor code", procurement, set(purchaseBase, "vendor.vendorCode.value", "V\u2067"), 400, "vendor.vendorCode.value"),
		post("control/NUL in the reversal's ID", txns+"stored-2/reversal", `{"data":{"transactionId":"r\u0000"}}`, 400, "data.transactionId"),
		post("control/LF in the reversal's document number", txns+"stored-2/reversal", `{"data":{"documentNumber":"D\n2"}}`, 400, "data.documentNumber"),
		get("control/override in a transaction ID of the path", exists+"a%E2%80%AEb", 400, "transactionid"),
		post("control/LF in the ID of a rollback", txns+"a%0Ab/rollback", "", 400, "id"),
		get("control/NUL in a document ID", documents+"/%00", 400, "documentId"),
		get("control/mark in a webhook ID", webhooks+"/a%E2%80%8Fb", 400, "webhookId"),
		del("control/NUL in the webhookId parameter", webhooks+"?webhookId=%00", 400, "webhookId"),
		get("control/LF in the tenant of the clients", clients+"?tenant=a%0Ab", 400, "tenant").with(admin...),
		get("control/override in the tenant of the dead letters", deadLetters+"?tenant=%E2%80%AE", 400, "tenant").with(admin...),
		post("control/NUL in a client ID", clients+"/a%00/secret", "", 400, "id").with(admin...),
		post("control/C1 control in an event ID", deadLetters+"/%C2%85/replay", "", 400, "eventId").with(admin...),
	)

	// Transaction IDs of only whitespace, which were stored and matched
	// as keys: refused on the calculations and as a reversal's own ID.
	// The path parameters of the transaction routes name a stored
	// transaction, which a journal may hold under such an ID from before
	// the rule: they reach the journal, which finds none here.
	add(post("blank/spaces as the transaction ID of a sale", supplies, set(saleBase, "saleMessageType", "INVOICE", "transactionId", "   "), 400, "transactionId"),
		post("blank/space as the transaction ID of a purchase", procurement, set(purchaseBase, "transactionId", " "), 400, "transactionId"),
		post("blank/ideographic space as the transaction ID of an owner request", owner, set(ownerBase, "transactionId", "\u3000"), 400, "transactionId"),
		del("blank/delete ID of spaces", txns+"%20%20%20", 404, "id"),
		post("blank/reversal ID of spaces", txns+"%20%20/reversal", "", 404, "id"),
		post("blank/rollback ID of a no-break space", txns+"%C2%A0/rollback", "", 404, "id"),
		post("blank/reversal's own ID of spaces", txns+"stored-2/reversal", `{"data":{"transactionId":"   "}}`, 400, "data.transactionId"),
	)
	return rows
}

// withMember returns the JSON object body with member (`"name":value`)
// added at its end, after any member of the same name.
func withMember(body, member string) string {
	return strings.TrimSuffix(strings.TrimSpace(body), "}") + "," + member + "}"
}

// tamper changes one character in the signature of a token.
func tamper(tok string) string {
	b := []byte(tok)
	i := len(b) - 2
	if b[i] == 'A' {
		b[i] = 'B'
	} else {
		b[i] = 'A'
	}
	return string(b)
}

// stillAnswering sends a valid request to each route family after the
// table and wants it answered.
func (s *badServer) stillAnswering(t *testing.T) {
	invoice := set(saleBase, "saleMessageType", "INVOICE", "transactionId", "after-bad-input")
	admin := []string{"Authorization", "Bearer " + s.admin}
	xmlDoc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Data struct {
			DocumentID string `json:"documentId"`
		} `json:"data"`
	}
	var hook struct {
		Data struct {
			WebhookID string `json:"webhookId"`
		} `json:"data"`
	}
	for _, c := range []struct {
		name         string
		method, path string
		body         string
		status       int
		header       []string
		into         any
	}{
		{"sale", "POST", supplies, saleBase, 200, nil, nil},
		{"sale invoice", "POST", "/vertex-ws/v2/supplies", invoice, 200, nil, nil},
		{"purchase", "POST", procurement, purchaseBase, 200, nil, nil},
		{"owner", "POST", owner, ownerBase, 200, nil, nil},
		{"exists", "GET", exists + "after-bad-input", "", 200, nil, nil},
		{"reversal", "POST", txns + "after-bad-input/reversal", `{"data":{"transactionId":"after-bad-input-rev"}}`, 200, nil, nil},
		{"delete", "DELETE", txns + "after-bad-input-rev", "", 200, nil, nil},
		{"address", "POST", addrLookup, `{"postalAddress":{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118"}}`, 200, nil, nil},
		{"coordinates", "POST", coordLookup, `{"coordinates":{"latitude":34.0522,"longitude":-118.2437}}`, 200, nil, nil},
		{"government code", "POST", extLookup, `{"externalJurisdictionCode":"06037","country":"US"}`, 200, nil, nil},
		{"batch", "POST", findAreas, `[{"lookupId":"a","lookupRequest":{"coordinates":{"latitude":48.85837,"longitude":2.294481}}}]`, 200, nil, nil},
		{"changed", "GET", changed + "?beginDate=2026-10-01&endDate=2026-10-01", "", 200, nil, nil},
		{"openapi", "GET", "/api/v2/openapi.json", "", 200, nil, nil},
		{"token", "POST", "/oauth/token", url.Values{"grant_type": {"client_credentials"}, "client_id": {s.clientID},
			"client_secret": {s.secret}, "audience": {oauth.DefaultAudience}}.Encode(), 200,
			[]string{"Content-Type", "application/x-www-form-urlencoded", "Authorization", ""}, nil},
		{"admin clients", "GET", clients, "", 200, admin, nil},
		{"admin dead letters", "GET", deadLetters, "", 200, admin, nil},
		{"document", "POST", documents, string(xmlDoc), 202, []string{"Content-Type", "application/xml"}, &doc},
		{"webhook", "POST", webhooks, connectionBase, 201, nil, &hook},
		{"webhooks", "GET", webhooks, "", 200, nil, nil},
		{"healthz", "GET", "/healthz", "", 200, nil, nil},
	} {
		x := s.send(t, c.method, c.path, c.body, c.header...)
		if x.status != c.status {
			t.Errorf("%s: %s %s answered %d, want %d: %s", c.name, c.method, c.path, x.status, c.status, clipped(x.body))
			continue
		}
		s.srv.CheckAnswer(t, x.req, x.status, x.header, x.body)
		if c.into != nil {
			if err := json.Unmarshal(x.body, c.into); err != nil {
				t.Errorf("%s: %v: %s", c.name, err, clipped(x.body))
			}
		}
	}
	if doc.Data.DocumentID != "" {
		if x := s.send(t, "GET", documents+"/"+doc.Data.DocumentID, ""); x.status != 200 {
			t.Errorf("the document just submitted: %d %s", x.status, clipped(x.body))
		}
	}
	if hook.Data.WebhookID != "" {
		if x := s.send(t, "DELETE", webhooks+"/"+hook.Data.WebhookID, ""); x.status != 200 {
			t.Errorf("deleting the connection just made: %d %s", x.status, clipped(x.body))
		}
	}
}
