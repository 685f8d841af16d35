package api_test

import (
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/einvoice"
)

// specRow is one statement of the service's specification checked over
// loopback: the request that exercises it and what the answer must hold.
// Every {name} of path, body and header values is replaced by what an
// earlier row saved under that name (or what newSpecWalk set up).
type specRow struct {
	section string // the specification's section
	name    string
	method  string
	path    string
	body    string
	// header holds name, value pairs that replace the defaults (a token of
	// the API's audience, Content-Type application/json with a body); an
	// empty value leaves the header out.
	header []string
	// advance moves the server's clock forward before the request.
	advance time.Duration
	// before is how many times the same request is sent first, each of
	// which must be answered 200.
	before int
	status int
	// headers are headers the answer must have: the exact value, with a
	// leading "~" a value that contains the rest, or "<present>" any.
	headers map[string]string
	// want are members of the answer's JSON body by path: the exact value
	// (strings unquoted, numbers as written), "~text" for a value that
	// contains text, "≤n" for a whole number from 1 to n, "<present>" for
	// any value and "<absent>" for none.
	want map[string]string
	// save keeps the values of members of the answer under names, for
	// later rows.
	save map[string]string
	// differ holds members by path and a value each must not have.
	differ map[string]string
	// contentType is the media type of the answer when it is not
	// application/json; line then picks, from an answer of JSON lines,
	// the first line that contains it, which want reads.
	contentType, line string
	// lacks are texts that the answer's body must not hold anywhere.
	lacks []string
}

// Bodies of the calculation rows: a sale in Los Angeles (9.75%) and a
// purchase shipped from Oregon to Seattle, filled in by sale and
// purchase.
const (
	specSale = `{"saleMessageType":"%s","transactionType":"SALE","transactionId":"%s","documentDate":"2026-06-01",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "customer":{"destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "lineItems":[{"lineItemId":"1","extendedPrice":%s%s}]}`
	specPurchase = `{"purchaseMessageType":"%s","transactionType":"PURCHASE","transactionId":"%s","documentDate":"2026-06-01",
 "vendor":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
 "buyer":{"company":"ACME","destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":2500%s}]}`
)

func sale(message, id, price, more string) string {
	return sprintf(specSale, message, id, price, more)
}

func purchase(message, id, more string) string {
	return sprintf(specPurchase, message, id, more)
}

// sprintf fills the %s verbs of a body in order.
func sprintf(format string, args ...string) string {
	for _, a := range args {
		format = strings.Replace(format, "%s", a, 1)
	}
	return format
}

// specWalk is the server of the walk and the names its rows read.
type specWalk struct {
	s     *badServer
	clock *specClock
	vars  map[string]string
}

// newSpecWalk builds a whole server as `levy serve` builds it (see
// newWholeServer), with the issuer's defaults but for its clock: the
// activation delay of 15 minutes and 10 tokens per client and audience
// per 28800 seconds; and with e-invoicing allowed to deliver to a
// receiver on loopback over plain HTTP, its events naming each tenant by
// the GUID of its credentials, as levy serve names it.
func newSpecWalk(t *testing.T) *specWalk {
	clock := &specClock{t: time.Now()}
	s := newWholeServer(t, "memory", auth.Config{Now: clock.now}, func(c *einvoice.Config, iss *auth.Issuer) {
		c.AllowHTTP, c.AllowPrivateTargets, c.TenantID = true, true, iss.TenantID
	})
	w := &specWalk{s: s, clock: clock, vars: map[string]string{
		"id": s.clientID, "secret": s.secret, "admin": s.admin, "audience": oauth.DefaultAudience,
		"audienceForm": "verx%3A%2F%2Fmigration-api",
	}}
	// A credential for the rate limit's row alone, and one created now
	// without being made active at once.
	rl, rlSecret := authtest.Credential(t, s.iss, "acme", oauth.DefaultAudience)
	w.vars["rlid"], w.vars["rlsecret"] = rl.ClientID, rlSecret
	late, lateSecret, err := s.iss.Create(context.Background(), "acme", []string{oauth.DefaultAudience}, false)
	if err != nil {
		t.Fatal(err)
	}
	w.vars["lateid"], w.vars["latesecret"] = late.ClientID, lateSecret
	w.vars["basic"] = base64.StdEncoding.EncodeToString([]byte(s.clientID + ":" + s.secret))
	w.vars["acmeadmin"] = authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	return w
}

// run sends the request of row r and checks its answer.
func (w *specWalk) run(t *testing.T, r specRow) {
	t.Helper()
	if r.advance > 0 {
		w.clock.advance(r.advance)
	}
	path, body := expand(r.path, w.vars), expand(r.body, w.vars)
	header := make([]string, len(r.header))
	for i, h := range r.header {
		header[i] = expand(h, w.vars)
	}
	for i := range r.before {
		if x := w.s.send(t, r.method, path, body, header...); x.status != http.StatusOK {
			t.Fatalf("request %d of %d before the checked one: %d %s", i+1, r.before, x.status, clipped(x.body))
		}
	}
	x := w.s.send(t, r.method, path, body, header...)
	clip := clipped(x.body)
	if x.status != r.status {
		t.Fatalf("%s %s: status %d, want %d: %s", r.method, path, x.status, r.status, clip)
	}
	wantType := cmp.Or(r.contentType, "application/json")
	if ct := x.header.Get("Content-Type"); !strings.HasPrefix(ct, wantType) {
		t.Errorf("Content-Type %q, want %s", ct, wantType)
	}
	for _, text := range r.lacks {
		if strings.Contains(string(x.body), expand(text, w.vars)) {
			t.Errorf("the answer holds %q", expand(text, w.vars))
		}
	}
	doc := x.body
	if r.line != "" {
		doc = nil
		for l := range strings.Lines(string(x.body)) {
			if strings.Contains(l, expand(r.line, w.vars)) {
				doc = []byte(l)
				break
			}
		}
		if doc == nil {
			t.Fatalf("no line holds %q: %s", expand(r.line, w.vars), clip)
		}
	}
	for name, want := range r.headers {
		got := x.header.Get(name)
		if want == "<present>" {
			if got == "" {
				t.Errorf("no header %s", name)
			}
		} else if c, ok := strings.CutPrefix(want, "~"); ok {
			if !strings.Contains(got, c) {
				t.Errorf("header %s %q, want it to contain %q", name, got, c)
			}
		} else if got != want {
			t.Errorf("header %s %q, want %q", name, got, want)
		}
	}
	for path, want := range r.want {
		want = expand(want, w.vars)
		got, ok := jsonAt(doc, path)
		switch {
		case want == "<absent>":
			if ok {
				t.Errorf("%s is %q, want none: %s", path, got, clip)
			}
		case !ok:
			t.Errorf("no %s, want %q: %s", path, want, clip)
		case want == "<present>":
		case strings.HasPrefix(want, "≤"):
			n, err := strconv.Atoi(got)
			most, _ := strconv.Atoi(strings.TrimPrefix(want, "≤"))
			if err != nil || n < 1 || n > most {
				t.Errorf("%s is %q, want a whole number from 1 to %d", path, got, most)
			}
		case strings.HasPrefix(want, "~"):
			if !strings.Contains(got, want[1:]) {
				t.Errorf("%s is %q, want it to contain %q", path, got, want[1:])
			}
		case got != want:
			t.Errorf("%s is %q, want %q: %s", path, got, want, clip)
		}
	}
	for path, not := range r.differ {
		if got, _ := jsonAt(doc, path); got == expand(not, w.vars) {
			t.Errorf("%s is %q, which it must not be", path, got)
		}
	}
	for name, path := range r.save {
		v, ok := jsonAt(doc, path)
		if !ok || v == "" {
			t.Fatalf("no %s to save as {%s}: %s", path, name, clip)
		}
		w.vars[name] = v
	}
	// The API's own routes answer as the OpenAPI document says; the token
	// endpoints' answers are RFC 6749's, which the document describes too.
	// (The checker reads JSON bodies only.)
	if r.contentType == "" {
		w.s.srv.CheckAnswer(t, x.req, x.status, x.header, x.body)
	}
}

// TestSpecWalk checks, in order, the statements of the service
// specification that a client can observe on the calculation,
// transaction, tax area and token endpoints of a whole server (the list
// with where Levy implements each is in the specwalk notes; the rows name
// the specification's section). The rows share one server: later rows
// read what earlier ones stored.
func TestSpecWalk(t *testing.T) {
	w := newSpecWalk(t)
	form := []string{"Content-Type", "application/x-www-form-urlencoded", "Authorization", ""}
	tokenForm := "grant_type=client_credentials&client_id={id}&client_secret={secret}&audience={audienceForm}"
	long41 := strings.Repeat("t", 41)
	exists := func(id, want string) specRow {
		return specRow{section: "Endpoints: Transactions", name: "exists " + id + " " + want, method: "GET",
			path: "/api/v2/transaction-exists/" + id, status: 200,
			want: map[string]string{"transactionId": id, "transactionExistsIndicator": want, "meta.app": "<present>"}}
	}
	rows := []specRow{
		// Calculation, and which kinds are stored.
		{section: "Endpoints: Calculation", name: "supplies QUOTATION", method: "POST", path: "/api/v2/supplies",
			body: sale("QUOTATION", "sw-quote", "100.00", ""), status: 200,
			want: map[string]string{"data.subTotal": "100.00", "data.totalTax": "9.75", "data.total": "109.75",
				"data.lineItems[0].totalTax": "9.75", "meta.app": "levy test",
				// SaleRequestLineItemType: lineItemNumber is assigned when absent.
				"data.lineItems[0].lineItemNumber": "1"}},
		exists("sw-quote", "false"),
		{section: "Endpoints: Calculation", name: "supplies INVOICE", method: "POST", path: "/api/v2/supplies",
			body: sale("INVOICE", "sw-inv", "100.00", ""), status: 200,
			want: map[string]string{"data.transactionId": "sw-inv", "data.totalTax": "9.75"}},
		exists("sw-inv", "true"),
		{section: "What the service does: Distribute Tax", name: "supplies DISTRIBUTE_TAX", method: "POST", path: "/api/v2/supplies",
			body: sale("DISTRIBUTE_TAX", "sw-dt", "150.00", `,"inputTotalTax":19.50`), status: 200,
			// The base comes from the tax and the combined rate (19.50 /
			// 9.75% = 200), not from the line's price.
			want: map[string]string{"data.totalTax": "19.50", "data.lineItems[0].totalTax": "19.50",
				"data.lineItems[0].taxes[0].jurisdiction.jurisdictionId": "US-CA", "data.lineItems[0].taxes[0].taxable": "200.00",
				"data.lineItems[0].taxes[0].calculatedTax": "14.50"}},
		exists("sw-dt", "true"),
		{section: "What the service does: ARBilling Sync", name: "supplies ARBILLING_SYNC of sw-inv", method: "POST", path: "/api/v2/supplies",
			body: sale("ARBILLING_SYNC", "sw-inv", "200.00", `,"syncType":"UPDATE"`), status: 200,
			want: map[string]string{"data.transactionId": "sw-inv", "data.totalTax": "19.50"}},
		{section: "Endpoints: Transactions", name: "rollback of the sync", method: "POST", path: "/api/v2/transactions/sw-inv/rollback",
			status: 200, want: map[string]string{"data.transactionId": "sw-inv", "data.version": "3", "data.restoredVersion": "1"}},
		{section: "Endpoints: Calculation", name: "supplies unknown message type", method: "POST", path: "/api/v2/supplies",
			body: sale("ESTIMATE", "sw-x", "1", ""), status: 400,
			want: map[string]string{"errors[0].target": "saleMessageType", "errors[0].code": "invalid"}},
		{section: "Endpoints: Calculation", name: "procurement PURCHASE_ORDER", method: "POST", path: "/api/v2/procurement",
			body: purchase("PURCHASE_ORDER", "sw-po", ""), status: 200,
			want: map[string]string{"data.subTotal": "2500.00", "data.totalTax": "~."}},
		exists("sw-po", "false"),
		{section: "Endpoints: Calculation", name: "procurement ACCRUAL", method: "POST", path: "/api/v2/procurement",
			body: purchase("ACCRUAL", "sw-acc", ""), status: 200, want: map[string]string{"data.transactionId": "sw-acc"}},
		exists("sw-acc", "true"),
		{section: "Endpoints: Transactions", name: "procurement ACCRUAL_SYNC of sw-acc", method: "POST", path: "/api/v2/procurement",
			body: set(purchase("ACCRUAL_SYNC", "sw-acc", `,"syncType":"UPDATE"`), "lineItems[0].extendedPrice", 5000), status: 200,
			want: map[string]string{"data.transactionId": "sw-acc", "data.subTotal": "5000.00"}},
		{section: "Endpoints: Transactions", name: "rollback of the accrual sync", method: "POST", path: "/api/v2/transactions/sw-acc/rollback",
			status: 200, want: map[string]string{"data.transactionId": "sw-acc", "data.version": "3", "data.restoredVersion": "1"}},
		{section: "Endpoints: Transactions", name: "procurement APINVOICE_SYNC, a new invoice", method: "POST", path: "/api/v2/procurement",
			body: purchase("APINVOICE_SYNC", "sw-ap", `,"chargedTax":263.75`), status: 200, want: map[string]string{"data.transactionId": "sw-ap"}},
		{section: "Endpoints: Transactions", name: "procurement APINVOICE_SYNC, the invoice changed", method: "POST", path: "/api/v2/procurement",
			body: set(purchase("APINVOICE_SYNC", "sw-ap", `,"chargedTax":263.75,"syncType":"UPDATE"`), "lineItems[0].extendedPrice", 5000), status: 200,
			want: map[string]string{"data.transactionId": "sw-ap", "data.subTotal": "5000.00"}},
		{section: "Endpoints: Transactions", name: "rollback of the AP invoice sync", method: "POST", path: "/api/v2/transactions/sw-ap/rollback",
			status: 200, want: map[string]string{"data.transactionId": "sw-ap", "data.version": "3", "data.restoredVersion": "1"}},
		{section: "Stored transactions", name: "a rollback of a version no sync wrote", method: "POST", path: "/api/v2/transactions/sw-dt/rollback",
			status: 409, want: map[string]string{"errors[0].code": "conflict"}},
		{section: "Endpoints: Calculation", name: "procurement INVOICE_VERIFICATION", method: "POST", path: "/api/v2/procurement",
			body: purchase("INVOICE_VERIFICATION", "sw-iv", ""), status: 200, want: map[string]string{"data.subTotal": "2500.00"}},
		exists("sw-iv", "false"),
		{section: "Endpoints: Calculation", name: "procurement DISTRIBUTE_TAX", method: "POST", path: "/api/v2/procurement",
			body: purchase("DISTRIBUTE_TAX", "sw-pdt", `,"inputTotalTax":250`), status: 200,
			want: map[string]string{"data.totalTax": "250.00"}},
		exists("sw-pdt", "true"),
		{section: "What the service does: Distribute Tax", name: "supplies DISTRIBUTE_TAX as a tax-only credit", method: "POST", path: "/api/v2/supplies",
			body: set(sale("DISTRIBUTE_TAX", "sw-to", "0", `,"inputTotalTax":-5`), "isTaxOnlyAdjustmentIndicator", true), status: 200,
			want: map[string]string{"data.totalTax": "-5.00", "data.subTotal": "0.00"}},
		{section: "What the service does: Distribute Tax", name: "procurement DISTRIBUTE_TAX as a tax-only adjustment", method: "POST", path: "/api/v2/procurement",
			body: set(purchase("DISTRIBUTE_TAX", "sw-pto", `,"inputTotalTax":5`), "isTaxOnlyAdjustmentIndicator", true), status: 200,
			want: map[string]string{"data.totalTax": "5.00", "data.subTotal": "0.00"}},
		{section: "What the service does: Distribute Tax", name: "stored: the tax-only credit affects no revenue", method: "GET",
			path: "/admin/v1/journal/export", header: []string{"Authorization", "Bearer {acmeadmin}"}, status: 200,
			contentType: "application/x-ndjson", line: `"transactionId":"sw-to"`,
			want: map[string]string{"taxOnly": "true", "subTotal": "0.00", "totalTax": "-5.00"}},
		{section: "What the service does: Distribute Tax", name: "stored: the buyer's adjustment affects no revenue", method: "GET",
			path: "/admin/v1/journal/export", header: []string{"Authorization", "Bearer {acmeadmin}"}, status: 200,
			contentType: "application/x-ndjson", line: `"transactionId":"sw-pto"`,
			want: map[string]string{"taxOnly": "true", "subTotal": "0.00", "totalTax": "5.00"}},
		{section: "What the service does: Distribute Tax", name: "stored: the buyer's distribution without the indicator affects revenue", method: "GET",
			path: "/admin/v1/journal/export", header: []string{"Authorization", "Bearer {acmeadmin}"}, status: 200,
			contentType: "application/x-ndjson", line: `"transactionId":"sw-pdt"`,
			want: map[string]string{"taxOnly": "<absent>", "subTotal": "2500.00", "totalTax": "250.00"}},
		{section: "What the service does: Evaluated Receipts Settlement", name: "procurement ERS, the vendor with nexus", method: "POST",
			path: "/api/v2/procurement", body: purchase("ERS", "sw-ers", ""), status: 200,
			want: map[string]string{"data.transactionId": "sw-ers", "data.totalTax": "263.75",
				"data.lineItems[0].taxes[0].taxType": "SELLER_USE", "data.lineItems[0].taxes[0].taxCollectedFromParty": "SELLER"}},
		{section: "What the service does: Evaluated Receipts Settlement", name: "procurement ERS, the vendor registered elsewhere only", method: "POST",
			path: "/api/v2/procurement", body: set(purchase("ERS", "sw-ers2", ""), "vendor.taxRegistrations",
				raw(`[{"isoCountryCode":"US","mainDivision":"OR","taxRegistrationNumber":"OR-1"}]`)), status: 200,
			want: map[string]string{"data.totalTax": "263.75", "data.lineItems[0].taxes[0].taxType": "CONSUMERS_USE",
				"data.lineItems[0].taxes[0].taxCollectedFromParty": "BUYER"}},
		{section: "What the service does: Invoice Verification", name: "procurement INVOICE_VERIFICATION without thresholds", method: "POST",
			path: "/api/v2/procurement", body: purchase("INVOICE_VERIFICATION", "sw-iv2", `,"chargedTax":100`), status: 200,
			want: map[string]string{"data.variance": "-163.75", "data.outsideThreshold": "<absent>", "data.procurementAction": "<absent>"}},
		{section: "What the service does: Conditional Procurement", name: "procurement CONDITIONAL_PROCUREMENT, an undercharge", method: "POST",
			path: "/api/v2/procurement", body: purchase("CONDITIONAL_PROCUREMENT", "sw-cp", `,"chargedTax":100`), status: 200,
			want: map[string]string{"data.subTotal": "2500.00", "data.variance": "-163.75",
				"data.procurementAction.action": "ACCRUE", "data.procurementAction.accruedTax": "163.75"}},
		exists("sw-cp", "false"),
		{section: "What the service does: Conditional Procurement", name: "procurement CONDITIONAL_PROCUREMENT, an overcharge", method: "POST",
			path: "/api/v2/procurement", body: purchase("CONDITIONAL_PROCUREMENT", "sw-cp2", `,"chargedTax":300`), status: 200,
			want: map[string]string{"data.variance": "36.25", "data.procurementAction.action": "HOLD_FOR_REVIEW"}},
		// With a user-defined threshold (the tenant's policy, Levy's
		// profile), the verification says whether the variance is outside.
		{section: "What the service does: Invoice Verification", name: "a tolerance of 10.00 for the tenant", method: "PUT",
			path: "/admin/v1/profile/policy", body: `{"tolerance":{"amount":10}}`, header: []string{"Authorization", "Bearer {acmeadmin}"},
			status: 200, want: map[string]string{"data.policy.tolerance.amount": "10"}},
		{section: "What the service does: Invoice Verification", name: "an undercharge outside the tolerance", method: "POST",
			path: "/api/v2/procurement", body: purchase("INVOICE_VERIFICATION", "sw-iv3", `,"chargedTax":100`), status: 200,
			want: map[string]string{"data.variance": "-163.75", "data.outsideThreshold": "true"}},
		{section: "What the service does: Invoice Verification", name: "an overcharge outside the tolerance", method: "POST",
			path: "/api/v2/procurement", body: purchase("INVOICE_VERIFICATION", "sw-iv4", `,"chargedTax":280`), status: 200,
			want: map[string]string{"data.variance": "16.25", "data.outsideThreshold": "true"}},
		{section: "What the service does: Invoice Verification", name: "a variance within the tolerance", method: "POST",
			path: "/api/v2/procurement", body: purchase("INVOICE_VERIFICATION", "sw-iv5", `,"chargedTax":260`), status: 200,
			want: map[string]string{"data.variance": "-3.75", "data.outsideThreshold": "false"}},
		{section: "What the service does: Conditional Procurement", name: "within the tolerance the vendor's tax is paid", method: "POST",
			path: "/api/v2/procurement", body: purchase("CONDITIONAL_PROCUREMENT", "sw-cp3", `,"chargedTax":260`), status: 200,
			want: map[string]string{"data.variance": "-3.75", "data.procurementAction.action": "PAY_VENDOR_TAX"}},
		{section: "Endpoints: Calculation", name: "owner ASSET_MOVEMENT", method: "POST", path: "/api/v2/owner",
			body: `{"ownerMessageType":"ASSET_MOVEMENT","transactionId":"sw-own","documentDate":"2026-06-01",
 "owner":{"company":"ACME","physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"},
  "destination":{"city":"Minneapolis","mainDivision":"MN","postalCode":"55401","country":"US"}},
 "lineItems":[{"lineItemId":"desk","purchase":{"purchaseClass":"GENERAL"},"cost":800}]}`, status: 200,
			want: map[string]string{"data.transactionId": "sw-own", "data.lineItems[0].lineItemId": "desk"}},
		{section: "Endpoints: Calculation", name: "owner INVENTORY_REMOVAL", method: "POST", path: "/api/v2/owner",
			body: `{"ownerMessageType":"INVENTORY_REMOVAL","transactionId":"sw-own2","documentDate":"2026-06-01",
 "owner":{"company":"ACME","physicalOrigin":{"city":"Minneapolis","mainDivision":"MN","postalCode":"55401","country":"US"},
  "destination":{"city":"Minneapolis","mainDivision":"MN","postalCode":"55401","country":"US"}},
 "lineItems":[{"lineItemId":"stock","purchase":{"purchaseClass":"GENERAL"},"cost":100}]}`, status: 200,
			want: map[string]string{"data.ownerMessageType": "INVENTORY_REMOVAL", "data.lineItems[0].lineItemId": "stock", "data.totalTax": "~."}},

		// Statements of the request's fields that the answer shows.
		{section: "CustomerType: exemptionReasonCode", name: "a standard code sent padded to four digits is kept", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q4", "100.00", ""), "customer.isTaxExempt", true, "customer.exemptionReasonCode", "0004"),
			status: 200, want: map[string]string{"data.customer.exemptionReasonCode": "0004", "data.lineItems[0].taxes[0].reasonCode": "0004",
				"data.lineItems[0].taxes[0].taxResult": "EXEMPT", "data.totalTax": "0.00"}},
		{section: "CustomerType: isTaxExempt", name: "an exemption certificate number makes the customer exempt", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q5", "100.00", ""), "customer.exemptionCertificate.exemptionCertificateNumber", "EX-1"),
			status: 200, want: map[string]string{"data.customer.isTaxExempt": "true", "data.totalTax": "0.00"}},
		{section: "CurrencyType", name: "the name is filled from the number and ignored in the request", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q6", "100.00", ""), "currency", raw(`{"isoCurrencyCodeNum":840,"isoCurrencyName":"Not a name"}`)),
			status: 200, want: map[string]string{"data.currency.isoCurrencyCodeAlpha": "USD", "data.currency.isoCurrencyName": "US Dollar"}},
		{section: "SaleRequestLineItemType: isMulticomponent", name: "the parent's amounts are ignored for its children's", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q7", "100.00", ""), "lineItems[0].isMulticomponent", true,
				"lineItems[0].lineItems", raw(`[{"lineItemId":"c1","extendedPrice":10},{"lineItemId":"c2","extendedPrice":20}]`)),
			status: 200, want: map[string]string{"data.subTotal": "30.00", "data.totalTax": "2.93",
				"data.lineItems[0].lineItems[0].totalTax": "0.98", "data.lineItems[0].lineItems[1].totalTax": "1.95"}},
		{section: "LocationType: country", name: "an address without a country is in the default country", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q8", "100.00", ""), "customer.destination.country", dropped{},
				"seller.physicalOrigin.country", dropped{}),
			status: 200, want: map[string]string{"data.totalTax": "9.75", "data.customer.destination.taxAreaId": "2650841047330893"}},
		{section: "Location evidence", name: "evidence without a destination places the customer", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q9", "100.00", ""), "customer.destination", dropped{},
				"customer.locationEvidence", raw(`{"forced":{"address":{"country":"US","mainDivision":"CA"}}}`)),
			status: 200, want: map[string]string{"data.totalTax": "7.25", "data.lineItems[0].taxes[0].jurisdiction.jurisdictionId": "US-CA",
				"data.lineItems[0].taxes[1]": "<absent>"}},
		{section: "SaleRequestLineItemType: taxDate", name: "a taxDate before a district's start", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q10", "100.00", ""), "documentDate", "2025-03-15"),
			status: 200, save: map[string]string{"march": "data.totalTax"}},
		{section: "SaleRequestLineItemType: taxDate", name: "taxDate defaults to documentDate", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q11", "100.00", ""), "documentDate", "2025-03-15", "lineItems[0].taxDate", "2025-03-15"),
			status: 200, want: map[string]string{"data.totalTax": "{march}"}},
		{section: "SaleRequestLineItemType: taxDate", name: "taxDate overrides documentDate", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q12", "100.00", ""), "documentDate", "2025-03-15", "lineItems[0].taxDate", "2026-06-01"),
			status: 200, want: map[string]string{"data.totalTax": "9.75"}, differ: map[string]string{"data.totalTax": "{march}"}},
		{section: "TaxRegistrationType: taxRegistrationAdditionalId", name: "an invoice with an additional ID", method: "POST",
			path: "/api/v2/supplies", body: set(sale("INVOICE", "sw-addl", "100.00", ""), "customer.taxRegistrations",
				raw(`[{"isoCountryCode":"US","taxRegistrationNumber":"12-3456789","taxRegistrationAdditionalId":"ADDL-SECRET-7731"}]`)),
			status: 200, want: map[string]string{"data.transactionId": "sw-addl"}},
		{section: "TaxRegistrationType: taxRegistrationAdditionalId", name: "the additional ID is not persisted", method: "GET",
			path: "/admin/v1/journal/export", header: []string{"Authorization", "Bearer {acmeadmin}"}, status: 200,
			contentType: "application/x-ndjson", line: `"transactionId":"sw-addl"`, lacks: []string{"ADDL-SECRET-7731"},
			want: map[string]string{"totalTax": "9.75"}},

		{section: "ExemptionCertificate", name: "an invoice with a certificate number", method: "POST",
			path: "/api/v2/supplies", body: set(sale("INVOICE", "sw-cert", "100.00", ""), "customer.exemptionCertificate.exemptionCertificateNumber", "EX-77",
				"lineItems[0].locationCode", "STORE-9"),
			status: 200, want: map[string]string{"data.totalTax": "0.00"}},
		{section: "ExemptionCertificate / LocationType: locationCode", name: "the certificate number and location code are in the journal", method: "GET",
			path: "/admin/v1/journal/export", header: []string{"Authorization", "Bearer {acmeadmin}"}, status: 200,
			contentType: "application/x-ndjson", line: `"transactionId":"sw-cert"`, want: map[string]string{"lines[0].taxes[0].certificateNumber": "EX-77",
				"lines[0].locationCode": "STORE-9"}},
		{section: "LocationType: taxAreaId", name: "a taxAreaId alone places the customer", method: "POST",
			path: "/api/v2/supplies", body: set(sale("QUOTATION", "sw-q13", "100.00", ""), "customer.destination", raw(`{"taxAreaId":"2650841047330893"}`)),
			status: 200, want: map[string]string{"data.totalTax": "9.75", "data.customer.destination.taxAreaId": "2650841047330893"}},
		{section: "SaleRequestLineItemType: inputTotalTax", name: "inputTotalTax applies to Distribute Tax only", method: "POST",
			path: "/api/v2/supplies", body: sale("QUOTATION", "sw-q14", "100.00", `,"inputTotalTax":5`),
			status: 200, want: map[string]string{"data.totalTax": "9.75"}},
		{section: "SaleRequestLineItemType: lineItemId", name: "a sync needs lineItemId", method: "POST",
			path: "/api/v2/supplies", body: set(sale("ARBILLING_SYNC", "sw-inv", "100.00", ""), "lineItems[0].lineItemId", dropped{}),
			status: 400, want: map[string]string{"errors[0].target": "lineItems[0].lineItemId"}},

		// Operations on stored transactions.
		{section: "Endpoints: Transactions", name: "reversal without a body", method: "POST", path: "/api/v2/transactions/sw-inv/reversal",
			status: 200, want: map[string]string{"data.transactionId": "<present>"}, differ: map[string]string{"data.transactionId": "sw-inv"},
			save: map[string]string{"invrev": "data.transactionId"}},
		exists("{invrev}", "true"),
		{section: "Endpoints: Transactions", name: "the reversal's amounts are the original's negated", method: "GET",
			path: "/admin/v1/journal/export", header: []string{"Authorization", "Bearer {acmeadmin}"}, status: 200,
			contentType: "application/x-ndjson", line: `"transactionId":"{invrev}"`,
			want: map[string]string{"reversalOf": "sw-inv", "subTotal": "-100.00", "totalTax": "-9.75", "total": "-109.75",
				"lines[0].amount": "-100.00", "lines[0].taxes[0].taxable": "-100.00", "lines[0].taxes[0].tax": "-7.25"}},
		{section: "Endpoints: Transactions", name: "reversal with a body naming it", method: "POST", path: "/api/v2/transactions/sw-dt/reversal",
			body: `{"data":{"transactionId":"sw-dt-rev"}}`, status: 200, want: map[string]string{"data.transactionId": "sw-dt-rev"}},
		exists("sw-dt-rev", "true"),
		{section: "Endpoints: Transactions", name: "delete", method: "DELETE", path: "/api/v2/transactions/sw-dt-rev",
			status: 200, want: map[string]string{"transactionId": "sw-dt-rev", "meta.app": "levy test", "data": "<absent>"}},
		exists("sw-dt-rev", "false"),
		{section: "Limits: Transaction ID", name: "delete 41 characters", method: "DELETE", path: "/api/v2/transactions/" + long41,
			status: 400, want: map[string]string{"errors[0].target": "id"}},
		{section: "Limits: Transaction ID", name: "reversal 41 characters", method: "POST", path: "/api/v2/transactions/" + long41 + "/reversal",
			status: 400, want: map[string]string{"errors[0].target": "id"}},
		{section: "Limits: Transaction ID", name: "rollback 41 characters", method: "POST", path: "/api/v2/transactions/" + long41 + "/rollback",
			status: 400, want: map[string]string{"errors[0].target": "id"}},
		{section: "Limits: Transaction ID", name: "exists 41 characters", method: "GET", path: "/api/v2/transaction-exists/" + long41,
			status: 400, want: map[string]string{"errors[0].target": "transactionid"}},
		exists(long41[1:], "false"),
	}
	// Limits of fields, each at its bound and beyond.
	rows = append(rows, limitRows()...)
	rows = append(rows, []specRow{

		// Tax area lookups.
		{section: "Endpoints: Tax area lookup", name: "address-lookup", method: "POST", path: "/api/v2/address-lookup",
			body:   `{"postalAddress":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}}`,
			status: 200, want: map[string]string{"data.lookupResults[0].taxAreaId": "<present>",
				"data.lookupResults[0].postalAddresses[0].mainDivision": "CA"},
			save: map[string]string{"area": "data.lookupResults[0].taxAreaId"}},
		{section: "Endpoints: Tax area lookup", name: "coordinates-lookup", method: "POST", path: "/api/v2/coordinates-lookup",
			body: `{"coordinates":{"latitude":34.0537,"longitude":-118.2428}}`, status: 200,
			want: map[string]string{"data.lookupResults[0].taxAreaId": "{area}"}},
		{section: "Endpoints: Tax area lookup", name: "taxareaid-lookup", method: "POST", path: "/api/v2/taxareaid-lookup",
			body: `{"taxAreaId":"{area}"}`, status: 200,
			want: map[string]string{"data.lookupResults[0].taxAreaId": "{area}", "data.lookupResults[0].jurisdictions[0].jurisdictionType": "<present>"}},
		{section: "Endpoints: Tax area lookup", name: "external-jurisdiction-lookup", method: "POST", path: "/api/v2/external-jurisdiction-lookup",
			body: `{"externalJurisdictionCode":"06037","country":"US"}`, status: 200,
			want: map[string]string{"data.lookupResults[0].taxAreaId": "<present>"}},
		{section: "Endpoints: Tax area lookup", name: "find-taxareas", method: "POST", path: "/api/v2/find-taxareas",
			body: `[{"lookupId":"a","lookupRequest":{"taxAreaId":"{area}"}},
 {"lookupId":"b","lookupRequest":{"coordinates":{"latitude":34.0537,"longitude":-118.2428}}}]`, status: 200,
			want: map[string]string{"data[0].lookupId": "a", "data[0].results[0].taxAreaId": "{area}",
				"data[1].lookupId": "b", "data[1].results[0].taxAreaId": "{area}", "data[2]": "<absent>"}},
		{section: "Endpoints: Changed tax areas", name: "changed-taxareas", method: "GET", path: "/api/v2/changed-taxareas?beginDate=2025-01-01&endDate=2025-12-31",
			status: 200, want: map[string]string{"data[0]": "<present>"}, save: map[string]string{"changedArea": "data[0]"}},
		{section: "Endpoints: Changed tax areas", name: "changed-taxareas/{taxareaid} of a listed area", method: "GET",
			path: "/api/v2/changed-taxareas/{changedArea}?beginDate=2025-01-01&endDate=2025-12-31", status: 200,
			want: map[string]string{"data.changed": "true"}},
		{section: "Endpoints: Changed tax areas", name: "changed-taxareas of a range without Los Angeles", method: "GET",
			path: "/api/v2/changed-taxareas?beginDate=2026-02-01&endDate=2026-02-28", status: 200,
			want: map[string]string{"data": "<present>"}, lacks: []string{`"{area}"`}},
		{section: "Endpoints: Changed tax areas", name: "changed-taxareas without beginDate", method: "GET", path: "/api/v2/changed-taxareas?endDate=2026-06-01",
			status: 400, want: map[string]string{"errors[0].target": "beginDate"}},
		{section: "Endpoints: Changed tax areas", name: "changed-taxareas/{taxareaid} of an area not listed", method: "GET",
			path: "/api/v2/changed-taxareas/{area}?beginDate=2026-02-01&endDate=2026-02-28", status: 200,
			want: map[string]string{"data.changed": "false"}},

		// Authentication of the data endpoints.
		{section: "Authentication 2", name: "no token", method: "POST", path: "/api/v2/supplies", body: sale("QUOTATION", "sw-q2", "1", ""),
			header: []string{"Authorization", ""}, status: 401,
			headers: map[string]string{"WWW-Authenticate": "~Bearer"}, want: map[string]string{"errors[0].code": "unauthorized"}},
		{section: "Authentication 2", name: "a token that is not one", method: "GET", path: "/api/v2/transaction-exists/sw-inv",
			header: []string{"Authorization", "Bearer not-a-token"}, status: 401, want: map[string]string{"errors[0].code": "unauthorized"}},
		{section: "Authentication 2", name: "a token of another audience", method: "GET", path: "/api/v2/transaction-exists/sw-inv",
			header: []string{"Authorization", "Bearer {admin}"}, status: 403, want: map[string]string{"errors[0].code": "forbidden"}},

		// The standard token endpoint.
		{section: "Authentication: Standard token endpoint", name: "token: client credentials", method: "POST", path: "/oauth/token",
			body: tokenForm, header: form, status: 200,
			headers: map[string]string{"Cache-Control": "no-store"},
			want:    map[string]string{"token_type": "Bearer", "expires_in": "≤1200", "access_token": "<present>"},
			save:    map[string]string{"tok": "access_token"}},
		{section: "Authentication: Standard token endpoint", name: "token: used for a calculation", method: "POST", path: "/api/v2/supplies",
			body: sale("QUOTATION", "sw-q3", "100.00", ""), header: []string{"Authorization", "Bearer {tok}"}, status: 200,
			want: map[string]string{"data.totalTax": "9.75"}},
		{section: "Authentication: Standard token endpoint", name: "token: used again for a lookup", method: "POST", path: "/api/v2/taxareaid-lookup",
			body: `{"taxAreaId":"{area}"}`, header: []string{"Authorization", "Bearer {tok}"}, status: 200,
			want: map[string]string{"data.lookupResults[0].taxAreaId": "{area}"}},
		{section: "Authentication: Standard token endpoint", name: "token: JSON body", method: "POST", path: "/oauth/token",
			body:   `{"grant_type":"client_credentials","client_id":"{id}","client_secret":"{secret}","audience":"{audience}"}`,
			header: []string{"Authorization", ""}, status: 200, want: map[string]string{"token_type": "Bearer", "access_token": "<present>"}},
		{section: "Authentication 3", name: "token: an audience the credential is not mapped to", method: "POST", path: "/oauth/token",
			body: "grant_type=client_credentials&client_id={id}&client_secret={secret}&audience=levy%3A%2F%2Fnothing", header: form, status: 400,
			want: map[string]string{"error": "invalid_target", "access_token": "<absent>"}},
		// The specification requires audience; Levy gives a credential of
		// one audience its token without it, as clients of the wire format
		// send none (a deliberate choice, docs/serving.md).
		{section: "Authentication: Standard token endpoint (Levy's documented choice)", name: "token: without audience", method: "POST", path: "/oauth/token",
			body: "grant_type=client_credentials&client_id={id}&client_secret={secret}", header: form, status: 200,
			want: map[string]string{"token_type": "Bearer", "access_token": "<present>"}},
		{section: "Authentication: Standard token endpoint", name: "token: the credentials in HTTP Basic", method: "POST", path: "/oauth/token",
			body: "grant_type=client_credentials&audience={audienceForm}", header: []string{"Content-Type", "application/x-www-form-urlencoded",
				"Authorization", "Basic {basic}"}, status: 200, want: map[string]string{"token_type": "Bearer", "access_token": "<present>"}},
		{section: "Authentication 2", name: "the Bearer scheme in any case", method: "GET", path: "/api/v2/transaction-exists/sw-inv",
			header: []string{"Authorization", "bearer {tok}"}, status: 200, want: map[string]string{"transactionExistsIndicator": "true"}},
		{section: "Errors 3", name: "token: wrong secret", method: "POST", path: "/oauth/token",
			body: "grant_type=client_credentials&client_id={id}&client_secret=wrong&audience={audienceForm}", header: form, status: 401,
			headers: map[string]string{"Cache-Control": "no-store"},
			want:    map[string]string{"error": "invalid_client", "access_token": "<absent>"}},
		{section: "Errors 3", name: "token: another grant", method: "POST", path: "/oauth/token",
			body: "grant_type=password&client_id={id}&client_secret={secret}&audience={audienceForm}", header: form, status: 400,
			want: map[string]string{"error": "unsupported_grant_type"}},
		{section: "Errors 3", name: "token: no grant_type", method: "POST", path: "/oauth/token",
			body: "client_id={id}&client_secret={secret}&audience={audienceForm}", header: form, status: 400,
			want: map[string]string{"error": "invalid_request", "error_description": "~grant_type"}},
		{section: "Endpoints: Token issuance", name: "token: at the interface description's /authorize", method: "POST", path: "/api/v2/authorize",
			body: tokenForm, header: form, status: 200, want: map[string]string{"token_type": "Bearer", "access_token": "<present>"}},
		{section: "Errors 2", name: "token: the 11th in 28800 seconds", method: "POST", path: "/oauth/token",
			body:   "grant_type=client_credentials&client_id={rlid}&client_secret={rlsecret}&audience={audienceForm}",
			header: form, before: 10, status: 400,
			headers: map[string]string{"Retry-After": "<present>", "Cache-Control": "no-store"},
			want:    map[string]string{"error": "invalid_request", "error_description": "~10 tokens/28800 seconds", "access_token": "<absent>"}},
		{section: "Errors 2", name: "token: the description names the client and the audience", method: "POST", path: "/oauth/token",
			body:   "grant_type=client_credentials&client_id={rlid}&client_secret={rlsecret}&audience={audienceForm}",
			header: form, status: 400, want: map[string]string{"error": "invalid_request", "error_description": "~{rlid}"},
			lacks: []string{"{rlsecret}"}},

		// The token caching endpoint.
		{section: "Authentication: Token caching endpoint", name: "cached: form body", method: "POST", path: "/cached/oauth/token",
			body: tokenForm, header: form, status: 200, headers: map[string]string{"Cache-Control": "no-store"},
			want: map[string]string{"token_type": "Bearer", "expires_in": "≤1200"}, save: map[string]string{"cached": "access_token"}},
		{section: "Authentication: Token caching endpoint", name: "cached: the same token from a JSON body", method: "POST", path: "/cached/oauth/token",
			body:   `{"grant_type":"client_credentials","client_id":"{id}","client_secret":"{secret}","audience":"{audience}"}`,
			header: []string{"Authorization", ""}, status: 200, want: map[string]string{"access_token": "{cached}"}},
		{section: "Authentication: Token caching endpoint", name: "cached: without grant_type", method: "POST", path: "/cached/oauth/token",
			body: "client_id={id}&client_secret={secret}&audience={audienceForm}", header: form, status: 200,
			want: map[string]string{"access_token": "{cached}"}},
		{section: "Authentication: Token caching endpoint", name: "cached: credentials in Basic", method: "POST", path: "/cached/oauth/token",
			body: "audience={audienceForm}&grant_type=client_credentials", header: []string{"Content-Type", "application/x-www-form-urlencoded",
				"Authorization", "Basic {basic}"}, status: 200, want: map[string]string{"access_token": "{cached}"}},
		{section: "Authentication: Token caching endpoint", name: "cached: credentials in Bearer base64", method: "POST", path: "/cached/oauth/token",
			body: `{"audience":"{audience}","grant_type":"client_credentials"}`, header: []string{"Authorization", "Bearer {basic}"},
			status: 200, want: map[string]string{"access_token": "{cached}"}},
		{section: "Authentication: Token caching endpoint", name: "cached: the token works", method: "GET", path: "/api/v2/transaction-exists/sw-inv",
			header: []string{"Authorization", "Bearer {cached}"}, status: 200, want: map[string]string{"transactionExistsIndicator": "true"}},

		// The interface description: version, security schemes, statuses.
		{section: "Versioning 1", name: "openapi version", method: "GET", path: "/api/v2/openapi.json", header: []string{"Authorization", ""},
			status: 200, want: map[string]string{"info.version": "2.9.0", "servers[0].url": "/api/v2"}},
		{section: "Authentication 1", name: "openapi: oauth2 client credentials without scopes, or bearer", method: "GET", path: "/api/v2/openapi.json",
			header: []string{"Authorization", ""}, status: 200,
			want: map[string]string{"components.securitySchemes.oauth2.type": "oauth2",
				"components.securitySchemes.oauth2.flows.clientCredentials.scopes": "{}",
				"components.securitySchemes.bearer.type":                           "http", "components.securitySchemes.bearer.scheme": "bearer",
				"security[0].oauth2": "[]", "security[1].bearer": "[]", "security[2]": "<absent>"}},
		{section: "Endpoints / Errors 1", name: "openapi: every operation answers 200, 400, 401, 403 and 500", method: "GET", path: "/api/v2/openapi.json",
			header: []string{"Authorization", ""}, status: 200, want: everyStatus()},

		// Last, since it moves the clock: a credential may have tokens 15
		// minutes after its creation, not before.
		{section: "Authentication 3 / Limits", name: "token: a credential younger than 15 minutes", method: "POST", path: "/oauth/token",
			body:   "grant_type=client_credentials&client_id={lateid}&client_secret={latesecret}&audience={audienceForm}",
			header: form, advance: 14 * time.Minute, status: 400,
			want: map[string]string{"error": "unauthorized_client", "access_token": "<absent>"}},
		{section: "Authentication 3 / Limits", name: "token: the same credential at 15 minutes", method: "POST", path: "/oauth/token",
			body:   "grant_type=client_credentials&client_id={lateid}&client_secret={latesecret}&audience={audienceForm}",
			header: form, advance: time.Minute + time.Second, status: 200,
			want: map[string]string{"token_type": "Bearer", "access_token": "<present>"}},
		// Once a token has expired (20 minutes), it is refused, and the
		// caching endpoint issues a new one in place of the one it cached.
		{section: "Authentication: Standard token endpoint", name: "an expired token", method: "GET", path: "/api/v2/transaction-exists/sw-inv",
			header: []string{"Authorization", "Bearer {tok}"}, advance: 6 * time.Minute, status: 401,
			headers: map[string]string{"WWW-Authenticate": "~Bearer"}, want: map[string]string{"errors[0].code": "unauthorized"}},
		{section: "Authentication: Token caching endpoint", name: "cached: a new token once the cached one expired", method: "POST", path: "/cached/oauth/token",
			body: tokenForm, header: form, status: 200, want: map[string]string{"access_token": "<present>"},
			differ: map[string]string{"access_token": "{cached}"}, save: map[string]string{"cached2": "access_token"}},
		{section: "Authentication: Token caching endpoint", name: "cached: the new token works", method: "GET", path: "/api/v2/transaction-exists/sw-inv",
			header: []string{"Authorization", "Bearer {cached2}"}, status: 200, want: map[string]string{"transactionExistsIndicator": "true"}},
		// 28800 seconds after its ten tokens, the client may have more.
		{section: "Limits: Token requests", name: "token: the limited client 8 hours later", method: "POST", path: "/oauth/token",
			body:   "grant_type=client_credentials&client_id={rlid}&client_secret={rlsecret}&audience={audienceForm}",
			header: form, advance: 8 * time.Hour, status: 200, want: map[string]string{"token_type": "Bearer", "access_token": "<present>"}},
	}...)
	for _, r := range rows {
		if !t.Run(describe(r.section, r.name), func(t *testing.T) { w.run(t, r) }) {
			// Later rows read what this one should have stored.
			if r.save != nil {
				t.FailNow()
			}
		}
	}
}

// limitRows are the rows of the specification's Limits table and the
// field bounds it points to: for each, a quotation with the value at
// its bound, answered 200, and one beyond it, refused with 400 naming
// the member.
func limitRows() []specRow {
	nexus := func(n int) raw {
		return raw("[" + strings.TrimSuffix(strings.Repeat(`{"locationRole":"DESTINATION","mainDivision":true},`, n), ",") + "]")
	}
	reg := func(member string) string { return "customer.taxRegistrations[0]." + member }
	regBase := set(sale("QUOTATION", "sw-lim", "100.00", ""), reg("isoCountryCode"), "US", reg("mainDivision"), "CA",
		reg("taxRegistrationNumber"), "123456789")
	line := func(member string) string { return "lineItems[0]." + member }
	base := sale("QUOTATION", "sw-lim", "100.00", "")
	lineType := set(base, line("lineTypes[0].value"), "WIRELESS")
	var rows []specRow
	for _, c := range []struct {
		section, member string
		body            string // the base the member is set in
		ok, bad         any
	}{
		{"Limits: nexusOverrides", reg("nexusOverrides"), regBase, nexus(4), nexus(5)},
		{"Limits: taxRegistrationAdditionalId", reg("taxRegistrationAdditionalId"), regBase, long(64), long(65)},
		{"Limits: flexibleCodeFields fieldId", line("flexibleFields.flexibleCodeFields[0].fieldId"), set(base, line("flexibleFields.flexibleCodeFields[0].value"), "v"), 100, 101},
		{"Limits: flexibleCodeFields fieldId", line("flexibleFields.flexibleCodeFields[0].fieldId"), set(base, line("flexibleFields.flexibleCodeFields[0].value"), "v"), 1, 0},
		{"Limits: flexibleCodeFields value", line("flexibleFields.flexibleCodeFields[0].value"), set(base, line("flexibleFields.flexibleCodeFields[0].fieldId"), 1), long(250), long(251)},
		{"Limits: flexibleDateFields fieldId", line("flexibleFields.flexibleDateFields[0].fieldId"), set(base, line("flexibleFields.flexibleDateFields[0].value"), "2026-06-01"), 10, 11},
		{"Limits: flexibleNumericFields fieldId", line("flexibleFields.flexibleNumericFields[0].fieldId"), set(base, line("flexibleFields.flexibleNumericFields[0].value"), 1.5), 50, 51},
		{"Limits: modeOfTransport", line("modeOfTransport"), base, 99, 100},
		{"Limits: modeOfTransport", line("modeOfTransport"), base, 1, 0},
		{"Limits: natureOfTransaction", line("natureOfTransaction"), base, 999, 1000},
		{"Limits: natureOfTransaction", line("natureOfTransaction"), base, 1, 0},
		// Levy takes only the CFOPs of its list (docs/brazil.md), so the
		// accepted one is a real CFOP rather than the bound itself.
		{"Limits: cfopTaxCodeOverride", line("cfopTaxCodeOverride"), base, 5102, 10000},
		{"Limits: cfopTaxCodeOverride", line("cfopTaxCodeOverride"), base, 5102, -1},
		{"Limits: lineTypeNumber", line("lineTypes[0].lineTypeNumber"), lineType, raw("999999999999"), raw("1000000000000")},
		{"Limits: lineTypeNumber", line("lineTypes[0].lineTypeNumber"), lineType, 0, -1},
		{"SaleRequestLineItemType: netMassKilograms", line("netMassKilograms"), base, 1, 0},
		{"LocationEvidenceRequest: bin", "customer.locationEvidence.bin.value", set(base, "customer.destination", dropped{}), "411111", "41111"},
		{"LocationEvidenceRequest: bin", "customer.locationEvidence.bin.value", set(base, "customer.destination", dropped{}), "41111111", "411111111"},
		{"CurrencyType: isoCurrencyCodeAlpha", "currency.isoCurrencyCodeAlpha", base, "USD", "usd"},
		{"TaxRegistrationType: isoCountryCode", reg("isoCountryCode"), regBase, "USA", "U"},
		{"SaleRequestLineItemType: countryOfOriginISOCode", line("countryOfOriginISOCode"), base, "USA", "US"},
		{"ExemptionCertificate: exemptionCertificateNumber", "customer.exemptionCertificate.exemptionCertificateNumber", base, long(30), long(31)},
		{"LocationType: streetAddress1", "customer.destination.streetAddress1", base, "200 N Spring St" + long(85), "200 N Spring St" + long(86)},
		{"CustomerCodeType: classCode", "customer.customerCode.classCode", base, long(40), long(41)},
	} {
		name := fmt.Sprint(c.member, " ", c.ok, " and ", c.bad)
		if len(name) > 90 {
			name = fmt.Sprintf("%s of %d and %d characters", c.member, len(fmt.Sprint(c.ok)), len(fmt.Sprint(c.bad)))
		}
		rows = append(rows,
			specRow{section: c.section, name: name + ": the bound", method: "POST", path: "/api/v2/supplies",
				body: set(c.body, c.member, c.ok), status: 200, want: map[string]string{"data.subTotal": "100.00"}},
			specRow{section: c.section, name: name + ": beyond", method: "POST", path: "/api/v2/supplies",
				body: set(c.body, c.member, c.bad), status: 400, want: map[string]string{"errors[0].target": c.member}})
	}
	return rows
}

// everyStatus is what the OpenAPI document must say of each operation
// of the specification: that it may answer 200, 400, 401, 403 and 500.
func everyStatus() map[string]string {
	want := map[string]string{}
	for _, op := range []string{"/supplies.post", "/procurement.post", "/owner.post", "/transactions/{id}.delete",
		"/transactions/{id}/reversal.post", "/transactions/{id}/rollback.post", "/transaction-exists/{transactionid}.get",
		"/address-lookup.post", "/coordinates-lookup.post", "/taxareaid-lookup.post", "/external-jurisdiction-lookup.post",
		"/find-taxareas.post", "/changed-taxareas.get", "/changed-taxareas/{taxareaid}.get"} {
		for _, status := range []string{"200", "400", "401", "403", "500"} {
			want["paths."+op+".responses."+status] = "<present>"
		}
	}
	return want
}

// hookConn is a webhook connection of the walk and the receiver behind it.
type hookConn struct {
	rc     *receiver
	target string
	secret string
	// selected are the statuses the connection asked for, nil for all;
	// metadata says whether it asked for the metadata.
	selected []string
	metadata bool
}

// TestSpecWalkWebhook checks the specification's Events and States
// sections over loopback: two connections to receivers, one for every
// event and one for a selection with metadata; documents that end in
// each final status; and for every event its headers, signature
// (recomputed here from the specification's recipe, not with Levy's own
// code), body members and its retry under the same Idempotency-Key.
func TestSpecWalkWebhook(t *testing.T) {
	w := newSpecWalk(t)
	all := &hookConn{rc: newReceiver(t), secret: "spec-walk-secret-of-32-bytes-or-more"}
	some := &hookConn{rc: newReceiver(t), secret: "a-second-secret-of-32-bytes-or-more", selected: []string{"Completed", "Error"}, metadata: true}
	all.target = all.rc.srv.URL + "/levy/events"
	some.target = some.rc.srv.URL + "/selected"
	for _, body := range []string{
		`{"targetUrl":"` + all.target + `","secretKey":"` + all.secret + `","events":"all"}`,
		`{"targetUrl":"` + some.target + `","secretKey":"` + some.secret + `","events":["Completed","Error"],"includeMetadata":true}`,
	} {
		if x := w.s.send(t, "POST", "/einvoicing/v1/webhooks", body); x.status != http.StatusCreated {
			t.Fatalf("the connection: %d %s", x.status, clipped(x.body))
		}
	}
	good, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	// The buyer's name is required (EN 16931 BR-07): a business error
	// found after the document was read.
	buyerName := "<cac:PartyLegalEntity><cbc:RegistrationName>Fyn Byg A/S</cbc:RegistrationName></cac:PartyLegalEntity>"
	if !strings.Contains(string(good), buyerName) {
		t.Fatal("the test invoice no longer names its buyer as this test expects")
	}
	noBuyer := strings.Replace(string(good), buyerName, "", 1)
	tenantGUID := ""
	for _, c := range []struct {
		name     string
		document string
		statuses []string
		number   string // the document number of the events, "" for none
	}{
		{"a valid invoice", string(good), []string{"Pending", "In Progress", "Completed"}, "LVY-2026-0042"},
		{"an invoice without its buyer's name", noBuyer, []string{"Pending", "In Progress", "Error"}, "LVY-2026-0042"},
		{"a document that is not XML", "this is not an invoice", []string{"Pending", "Processing Issue"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := w.s.send(t, "POST", "/einvoicing/v1/documents", c.document, "Content-Type", "application/xml")
			id, _ := jsonAt(x.body, "data.documentId")
			if x.status != http.StatusAccepted || !guid.MatchString(id) {
				t.Fatalf("submission: %d, documentId %q: %s", x.status, id, clipped(x.body))
			}
			for _, hc := range []*hookConn{all, some} {
				want := c.statuses
				if hc.selected != nil {
					want = slices.DeleteFunc(slices.Clone(want), func(s string) bool { return !slices.Contains(hc.selected, s) })
				}
				if len(want) == 0 {
					// Nothing for this connection: the other one's events,
					// made at the same time, have all come; one sent here
					// by mistake would have come by now too.
					time.Sleep(200 * time.Millisecond)
				}
				events := hc.rc.accepted(t, id, len(want))
				if got := statusesOf(events); !slices.Equal(got, want) {
					t.Fatalf("%s: statuses %q, want %q", hc.target, got, want)
				}
				for _, ev := range events {
					tenantGUID = checkEvent(t, hc, ev, id, c.number, tenantGUID)
				}
			}
		})
	}
}

// checkEvent checks one event that hc's receiver accepted against the
// specification, and returns its tenantId, which must be tenant unless
// tenant is "".
func checkEvent(t *testing.T, hc *hookConn, ev delivery, documentID, number, tenant string) string {
	t.Helper()
	status, _ := jsonAt(ev.body, "status")
	key := ev.header.Get("Idempotency-Key")
	if want := strings.TrimPrefix(hc.target, hc.rc.srv.URL); ev.path != want {
		t.Errorf("%s: posted to %s, want %s", status, ev.path, want)
	}
	if ct := ev.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s: Content-Type %q", status, ct)
	}
	if !guid.MatchString(key) {
		t.Errorf("%s: Idempotency-Key %q is not a GUID", status, key)
	}
	stamp := ev.header.Get("X-Event-Timestamp")
	if at, err := time.Parse(time.RFC1123, stamp); err != nil || time.Since(at) > time.Minute || time.Until(at) > time.Minute {
		t.Errorf("%s: X-Event-Timestamp %q is not a recent RFC 1123 time (%v)", status, stamp, err)
	}
	mac := hmac.New(sha256.New, []byte(hc.secret))
	mac.Write(ev.body)
	mac.Write([]byte(hc.target + key + stamp))
	sig := strings.TrimRight(ev.header.Get("X-Signature"), "=")
	if sig != base64.RawURLEncoding.EncodeToString(mac.Sum(nil)) {
		t.Errorf("%s: X-Signature %q is not the HMAC-SHA256 of body, target URL, key and timestamp", status, sig)
	}
	// Every event was refused once by the receiver: its retry carries the
	// same key and the same body.
	tries := hc.rc.attempts(key)
	if len(tries) != 2 || tries[0].status != http.StatusServiceUnavailable || string(tries[0].body) != string(ev.body) {
		t.Errorf("%s: %d attempts under its key, want a refused one and the accepted retry with the same body", status, len(tries))
	}
	for member, want := range map[string]string{"documentId": documentID, "documentNumber": number,
		"transmissionDirection": "<present>", "transmissionDateTime": "<present>"} {
		got, ok := jsonAt(ev.body, member)
		switch {
		case want == "" && ok:
			t.Errorf("%s: %s %q, want none", status, member, got)
		case want != "" && !ok:
			t.Errorf("%s: no %s: %s", status, member, ev.body)
		case want != "" && want != "<present>" && got != want:
			t.Errorf("%s: %s %q, want %q", status, member, got, want)
		}
	}
	if number != "" {
		if issue, _ := jsonAt(ev.body, "issueDate"); issue != "2026-11-20" {
			t.Errorf("%s: issueDate %q, want 2026-11-20", status, issue)
		}
	}
	if _, ok := jsonAt(ev.body, "errorDetail"); ok != (status == "Error" || status == "Processing Issue") {
		t.Errorf("%s: errorDetail present %v: %s", status, ok, ev.body)
	}
	currency, ok := jsonAt(ev.body, "metadata.currency")
	if ok != hc.metadata || (ok && currency != "EUR") {
		t.Errorf("%s: metadata.currency %q (present %v), want EUR only when the connection asked for metadata", status, currency, ok)
	}
	got, _ := jsonAt(ev.body, "tenantId")
	if !guid.MatchString(got) || (tenant != "" && got != tenant) {
		t.Errorf("%s: tenantId %q, want the tenant's one GUID", status, got)
	}
	return got
}
