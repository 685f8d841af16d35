package profileadmin_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// walkSale is a Dallas sale of one line of price (class GENERAL unless
// product says otherwise) on day to customer ("" for none).
func walkSale(day, customer, price, product string) string {
	code := ""
	if customer != "" {
		code = `"customerCode":{"value":"` + customer + `"},`
	}
	if product == "" {
		product = `"productClass":"GENERAL"`
	}
	return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"` + day + `",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "customer":{` + code + `"destination":{"streetAddress1":"1500 Marilla St","city":"Dallas","mainDivision":"TX","postalCode":"75201","country":"US"}},
 "lineItems":[{"lineItemId":"1","product":{` + product + `},"quantity":{"value":1},"extendedPrice":` + price + `}]}`
}

// supplies calculates body for the tenant of token over loopback.
func (s *calcServer) supplies(t *testing.T, token, body string) (wire.SaleResponse, answer) {
	t.Helper()
	a := s.must(t, 200, "POST", api.Bases[0]+"/supplies", token, body)
	var resp wire.SaleResponse
	a.data(t, &resp)
	return resp, a
}

// certSays returns the ruleName of the only line's assisted parameters
// about certificates, and the certificate each exempt tax names.
func certSays(r wire.SaleResponse) (rules, certs []string) {
	for _, p := range r.LineItems[0].AssistedParameters {
		if p.ParamName == "exemptionCertificate" {
			rules = append(rules, p.RuleName+" "+p.OriginalValue)
		}
	}
	for _, x := range r.LineItems[0].Taxes {
		if x.CertificateNumber != nil {
			certs = append(certs, x.CertificateNumber.Value)
		}
	}
	return rules, certs
}

// TestWalkThroughTheRoutes follows what a distributor does over the
// admin routes, each change reaching the next calculation on one
// server: customers and certificates imported as CSV files exempt acme's
// Dallas sale (beta's customer of the same code is taxed); revoking the
// certificate from a day charges the sales from that day, saying so, and
// keeps those before, and the customer sent as exempt then is flagged;
// deleting it leaves nothing said; a SKU mapped
// by POST gives its class; each tenant's rounding and levyMembers policy
// shapes its own answers only.
func TestWalkThroughTheRoutes(t *testing.T) {
	s := newCalcServer(t)
	s.must(t, 200, "POST", p+"/import", s.beta, `{"customers":[{"code":"C-1","name":"Beta's own"}]}`)
	a := s.multipart(t, p+"/import/files", s.acme, map[string]string{
		"customers.csv": "customer_code,class_code,is_business,name\nC-1,,yes,Alpha Supply\n",
		"certificates.csv": "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
			"TX-1,C-1,TX,G,,2026-01-01,2026-12-31,,active\n",
	})
	if a.status != 200 {
		t.Fatalf("the import: %d %s", a.status, a.body)
	}
	june, april := walkSale("2026-06-01", "C-1", "100", ""), walkSale("2026-04-30", "C-1", "100", "")
	r, _ := s.supplies(t, s.acmeAPI, june)
	if rules, certs := certSays(r); !r.TotalTax.IsZero() || len(rules) != 0 || len(certs) != 3 || certs[0] != "TX-1" {
		t.Errorf("acme's sale after the import: tax %s, said %v, certificates %v", r.TotalTax, rules, certs)
	}
	r, _ = s.supplies(t, s.betaAPI, june)
	if rules, certs := certSays(r); r.TotalTax.String() != "8.25" || len(rules)+len(certs) != 0 {
		t.Errorf("beta's sale to its C-1: tax %s, said %v, certificates %v", r.TotalTax, rules, certs)
	}

	s.must(t, 200, "POST", p+"/customers/C-1/certificates/TX-1/revoke", s.acme, `{"revokedDate":"2026-05-01"}`)
	r, _ = s.supplies(t, s.acmeAPI, june)
	if rules, _ := certSays(r); r.TotalTax.String() != "8.25" || strings.Join(rules, ",") != "certificate-revoked TX-1" {
		t.Errorf("a sale after the revocation: tax %s, said %v", r.TotalTax, rules)
	}
	r, _ = s.supplies(t, s.acmeAPI, april)
	if _, certs := certSays(r); !r.TotalTax.IsZero() || len(certs) != 3 {
		t.Errorf("a sale before the revocation: tax %s, certificates %v", r.TotalTax, certs)
	}
	// The ERP still sends the customer as exempt: the flag wins, and the
	// answer says the stored certificate would not have exempted it.
	r, _ = s.supplies(t, s.acmeAPI, strings.Replace(june, `"customerCode":{"value":"C-1"},`, `"customerCode":{"value":"C-1"},"isTaxExempt":true,`, 1))
	flagged := ""
	for _, p := range r.LineItems[0].AssistedParameters {
		if p.RuleName == engine.ExemptFlagUncoveredRule {
			flagged = p.ParamName + ": " + p.Value
		}
	}
	if !r.TotalTax.IsZero() || !strings.Contains(flagged, "customer.isTaxExempt: ") || !strings.Contains(flagged, "(certificate TX-1 was revoked on 2026-05-01)") {
		t.Errorf("isTaxExempt after the revocation: tax %s, flagged %q", r.TotalTax, flagged)
	}
	s.must(t, 200, "DELETE", p+"/customers/C-1/certificates/TX-1", s.acme, "")
	r, _ = s.supplies(t, s.acmeAPI, april)
	if rules, certs := certSays(r); r.TotalTax.String() != "8.25" || len(rules)+len(certs) != 0 {
		t.Errorf("a sale after the deletion: tax %s, said %v, certificates %v", r.TotalTax, rules, certs)
	}

	s.must(t, 201, "POST", p+"/products", s.acme, `{"code":"CRM-SEAT","class":"SAAS"}`)
	r, _ = s.supplies(t, s.acmeAPI, walkSale("2026-06-01", "", "100", `"value":"CRM-SEAT"`))
	if pr := r.LineItems[0].Product; pr == nil || pr.ProductClass != "SAAS" {
		t.Errorf("the SKU posted: the line's product %+v", pr)
	}

	s.must(t, 200, "PUT", p+"/policy", s.acme, `{"rounding":{"US-TX*":"up"},"levyMembers":"omit"}`)
	s.must(t, 200, "PUT", p+"/policy", s.beta, `{"rounding":{"US-TX*":"down"}}`)
	odd := walkSale("2026-06-01", "", "100.01", "")
	state := func(r wire.SaleResponse) string {
		for _, x := range r.LineItems[0].Taxes {
			if x.Jurisdiction != nil && x.Jurisdiction.JurisdictionID == "US-TX" {
				return x.CalculatedTax.String()
			}
		}
		return "none"
	}
	ra, aa := s.supplies(t, s.acmeAPI, odd)
	rb, ab := s.supplies(t, s.betaAPI, odd)
	// Texas's 6.25% of 100.01 is 6.250625.
	if state(ra) != "6.26" || state(rb) != "6.25" {
		t.Errorf("one server, two rounding policies: acme %s, beta %s; want 6.26 and 6.25", state(ra), state(rb))
	}
	if strings.Contains(string(aa.body), "taxAreaLookup") || !strings.Contains(string(ab.body), "taxAreaLookup") {
		t.Errorf("levyMembers omit for acme only: acme's answer has taxAreaLookup %v, beta's %v",
			strings.Contains(string(aa.body), "taxAreaLookup"), strings.Contains(string(ab.body), "taxAreaLookup"))
	}
}
