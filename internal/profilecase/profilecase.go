// Package profilecase is the worked example of tax profiles that the
// tests of the engine, the HTTP API and the command run through each of
// them, over each profile store: a distributor (tenant acme) whose resale
// customer holds a Texas certificate for 2026, customers whose
// certificates are revoked or for one purchase, a catalog that maps a SKU
// to SAAS, a seller company registered in California only; and another
// tenant (beta) with a customer of the same code and nothing else.
//
// Each Case is a v2 sale request, as JSON, with the check of its
// response, so that a test sends it through whatever it tests (a call of
// the engine, POST /api/v2/supplies, a line of `levy batch`) and checks
// the answer the same way.
package profilecase

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// The tenants of the example.
const (
	Tenant = "acme"
	Other  = "beta"
)

// The records of the example.
const (
	// Resale is C-1's Texas resale certificate, 2026-01-01 to 2026-12-31.
	Resale = "TX-RESALE-1"
	// ResaleReason is its reason: SST reason G, resale.
	ResaleReason = "G"
	// SaaSSKU is acme's product code mapped to SAAS; UnknownSKU one that
	// nothing maps.
	SaaSSKU    = "CRM-SEAT"
	UnknownSKU = "NO-SUCH-SKU"
	// InvoiceID is the transaction ID of the stored invoice of case
	// dallas-invoice, whose journal keeps the certificate.
	InvoiceID = "PROFILE-INV-1"
)

func date(s string) civil.Date { return civil.MustParse(s) }

// ChangeSet is acme's profile.
func ChangeSet() profile.ChangeSet {
	return profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1", Name: "Resale Distributors", IsBusiness: true},
			{Code: "C-REVOKED", Name: "Revoked Co"}, {Code: "C-SINGLE", Name: "One Purchase Co"},
			{Code: "C-FOOD", Name: "Food Bank"}},
		Certificates: []profile.Certificate{
			{Number: Resale, CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: ResaleReason,
				EffectiveDate: date("2026-01-01"), ExpirationDate: date("2026-12-31")},
			{Number: "TX-REV-1", CustomerCode: "C-REVOKED", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
				EffectiveDate: date("2026-01-01"), ExpirationDate: date("2026-12-31"), Status: profile.StatusRevoked, RevokedDate: date("2026-03-01")},
			{Number: "TX-PO-1", CustomerCode: "C-SINGLE", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
				EffectiveDate: date("2026-01-01"), TransactionID: "PO-1"},
			{Number: "TX-FOOD-1", CustomerCode: "C-FOOD", Jurisdictions: []string{"US-TX"}, ReasonCode: "E",
				ProductClasses: []string{"FOOD", "PREPARED_FOOD"}, EffectiveDate: date("2026-01-01")},
		},
		Registrations: []profile.Registration{{CompanyCode: "CA-ONLY", Jurisdiction: "US-CA", Number: "CA-SELLER-1",
			EffectiveDate: date("2020-01-01")}},
		Products: []profile.Product{{Code: SaaSSKU, Class: "SAAS"}},
	}
}

// OtherChangeSet is beta's profile: a customer of the same code as
// acme's resale customer, without certificates.
func OtherChangeSet() profile.ChangeSet {
	return profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1", Name: "Beta's own C-1"}}}
}

// Load stores both tenants' profiles in s, as `levy profile import`
// or the admin routes would (profile.Service, the built-in classes,
// jurisdictions checked for their form).
func Load(t testing.TB, s profile.Store) {
	t.Helper()
	svc := profile.NewService(s, profile.Config{})
	ctx := context.Background()
	if _, err := svc.Apply(ctx, Tenant, "test", ChangeSet()); err != nil {
		t.Fatalf("storing %s's profile: %v", Tenant, err)
	}
	if _, err := svc.Apply(ctx, Other, "test", OtherChangeSet()); err != nil {
		t.Fatalf("storing %s's profile: %v", Other, err)
	}
}

// The places of the example: a customer in Dallas, one in Los Angeles,
// a seller in Seattle.
const (
	dallas     = `{"streetAddress1":"1500 Marilla St","city":"Dallas","mainDivision":"TX","postalCode":"75201","country":"US"}`
	losAngeles = `{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}`
	seattle    = `{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}`
)

// sale returns a request: a sale of kind (QUOTATION or INVOICE) with
// transaction ID id ("" for none) on day from company's seller in
// Seattle to customer (its code; "" for none) at place, of one line of
// 100.00 with product (the members of lineItems[0].product).
func sale(kind, id, day, company, customer, place, product string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"saleMessageType":%q,"transactionType":"SALE","documentDate":%q,`, kind, day)
	if id != "" {
		fmt.Fprintf(&b, `"transactionId":%q,`, id)
	}
	fmt.Fprintf(&b, `"seller":{"company":%q,"physicalOrigin":%s},"customer":{`, company, seattle)
	if customer != "" {
		fmt.Fprintf(&b, `"customerCode":{"value":%q},`, customer)
	}
	fmt.Fprintf(&b, `"destination":%s},"lineItems":[{"lineItemId":"1","product":{%s},"quantity":{"value":1},"extendedPrice":100}]}`, place, product)
	return b.String()
}

// Case is one request of the example and what its answer must be.
type Case struct {
	Name   string
	Tenant string
	// Request is the body of POST /api/v2/supplies (a v2 SaleRequest).
	Request string
	// Check reports what is wrong with the response, nil when nothing is.
	Check func(r *wire.SaleResponse) error
}

// Cases are the example's requests. Each stands alone: none needs
// another to have run.
func Cases() []Case {
	general := `"productClass":"GENERAL"`
	return []Case{
		{"dallas-covered", Tenant, sale("QUOTATION", "", "2026-06-01", "ACME", "C-1", dallas, general), coveredBy(Resale, ResaleReason)},
		{"dallas-invoice", Tenant, sale("INVOICE", InvoiceID, "2026-06-01", "ACME", "C-1", dallas, general), coveredBy(Resale, ResaleReason)},
		{"los-angeles-taxed", Tenant, sale("QUOTATION", "", "2026-06-01", "ACME", "C-1", losAngeles, general),
			taxedSaying(profile.RefusalJurisdiction, Resale)},
		{"dallas-expired", Tenant, sale("QUOTATION", "", "2027-01-05", "ACME", "C-1", dallas, general),
			taxedSaying(profile.RefusalExpired, Resale)},
		{"dallas-revoked", Tenant, sale("QUOTATION", "", "2026-06-01", "ACME", "C-REVOKED", dallas, general),
			taxedSaying(profile.RefusalRevoked, "TX-REV-1")},
		{"dallas-other-transaction", Tenant, sale("QUOTATION", "PO-2", "2026-06-01", "ACME", "C-SINGLE", dallas, general),
			taxedSaying(profile.RefusalTransaction, "TX-PO-1")},
		{"dallas-its-transaction", Tenant, sale("QUOTATION", "PO-1", "2026-06-01", "ACME", "C-SINGLE", dallas, general), coveredBy("TX-PO-1", "G")},
		{"dallas-other-class", Tenant, sale("QUOTATION", "", "2026-06-01", "ACME", "C-FOOD", dallas, general),
			taxedSaying(profile.RefusalClass, "TX-FOOD-1")},
		{"saas-by-code", Tenant, sale("QUOTATION", "", "2026-06-01", "ACME", "", losAngeles, `"value":"`+SaaSSKU+`"`), saasByCode},
		{"unknown-code", Tenant, sale("QUOTATION", "", "2026-06-01", "ACME", "", losAngeles, `"value":"`+UnknownSKU+`"`),
			unknownCode(UnknownSKU)},
		{"registered-elsewhere", Tenant, sale("QUOTATION", "", "2026-06-01", "CA-ONLY", "", dallas, general), notRegistered},
		{"registered-here", Tenant, sale("QUOTATION", "", "2026-06-01", "CA-ONLY", "", losAngeles, general), taxedSaying("", "")},
		{"request-exemption-wins", Tenant, strings.Replace(sale("QUOTATION", "", "2026-06-01", "ACME", "C-1", losAngeles, general),
			`"customerCode":{"value":"C-1"},`, `"customerCode":{"value":"C-1"},"exemptionCertificate":{"exemptionCertificateNumber":"REQ-9"},"exemptionReasonCode":"3",`, 1),
			coveredByRequest("REQ-9", "3")},
		// An ERP that pads the number of a certificate it does not have
		// sends spaces: no certificate, so the stored one decides.
		{"blank-certificate-number", Tenant, strings.Replace(sale("QUOTATION", "", "2026-06-01", "ACME", "C-1", dallas, general),
			`"customerCode":{"value":"C-1"},`, `"customerCode":{"value":"C-1"},"exemptionCertificate":{"exemptionCertificateNumber":"          "},`, 1),
			coveredBy(Resale, ResaleReason)},
		{"other-tenant-same-customer", Other, sale("QUOTATION", "", "2026-06-01", "ACME", "C-1", dallas, general), taxedSaying("", "")},
		{"other-tenant-same-sku", Other, sale("QUOTATION", "", "2026-06-01", "ACME", "", losAngeles, `"value":"`+SaaSSKU+`"`),
			unknownCode(SaaSSKU)},
	}
}

// line returns the response's only line.
func line(r *wire.SaleResponse) (*wire.SaleResponseLineItem, error) {
	if r == nil || len(r.LineItems) != 1 {
		return nil, fmt.Errorf("want one response line, got %+v", r)
	}
	return &r.LineItems[0], nil
}

// certificateParams returns the line's assisted parameters about
// certificates.
func certificateParams(l *wire.SaleResponseLineItem) []wire.AssistedParameter {
	var out []wire.AssistedParameter
	for _, p := range l.AssistedParameters {
		if p.ParamName == "exemptionCertificate" {
			out = append(out, p)
		}
	}
	return out
}

// coveredBy checks a line that certificate number exempts: every tax
// exempt, naming it and its reason, nothing charged and nothing said
// about certificates.
func coveredBy(number, reason string) func(*wire.SaleResponse) error {
	return func(r *wire.SaleResponse) error {
		l, err := line(r)
		if err != nil {
			return err
		}
		if !r.TotalTax.IsZero() || len(l.Taxes) < 2 {
			return fmt.Errorf("total tax %s over %d taxes, want 0 over the state's and the local taxes", r.TotalTax, len(l.Taxes))
		}
		for _, tx := range l.Taxes {
			if tx.TaxResult != wire.TaxResultExempt || tx.CertificateNumber == nil || tx.CertificateNumber.Value != number ||
				tx.ReasonCode != reason || tx.CalculationRuleID == nil || tx.CalculationRuleID.Value != "customer-certificate" {
				return fmt.Errorf("tax of %s: %s, certificate %+v, reason %q, rule %v; want EXEMPT by certificate %s, reason %s",
					tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CertificateNumber, tx.ReasonCode, tx.CalculationRuleID, number, reason)
			}
		}
		if ps := certificateParams(l); len(ps) > 0 {
			return fmt.Errorf("a covered line says %+v", ps)
		}
		return nil
	}
}

// coveredByRequest checks a line that the request's own exemption
// exempts.
func coveredByRequest(number, reason string) func(*wire.SaleResponse) error {
	return func(r *wire.SaleResponse) error {
		l, err := line(r)
		if err != nil {
			return err
		}
		if !r.TotalTax.IsZero() || len(l.Taxes) == 0 {
			return fmt.Errorf("total tax %s over %d taxes, want 0", r.TotalTax, len(l.Taxes))
		}
		for _, tx := range l.Taxes {
			if tx.TaxResult != wire.TaxResultExempt || tx.CertificateNumber == nil || tx.CertificateNumber.Value != number ||
				tx.ReasonCode != reason || tx.CalculationRuleID == nil || tx.CalculationRuleID.Value != "customer-exempt" {
				return fmt.Errorf("tax of %s: %s, certificate %+v, reason %q, rule %v; want EXEMPT by the request's certificate %s",
					tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CertificateNumber, tx.ReasonCode, tx.CalculationRuleID, number)
			}
		}
		if ps := certificateParams(l); len(ps) > 0 {
			return fmt.Errorf("the request's exemption won, yet the line says %+v", ps)
		}
		return nil
	}
}

// taxedSaying checks a line that is taxed, every tax without a
// certificate, and that says why certificate number did not exempt it
// (rule), and nothing else about certificates; an empty rule checks that
// it says nothing about certificates.
func taxedSaying(rule profile.Refusal, number string) func(*wire.SaleResponse) error {
	return func(r *wire.SaleResponse) error {
		l, err := line(r)
		if err != nil {
			return err
		}
		if r.TotalTax.Sign() <= 0 {
			return fmt.Errorf("total tax %s, want the sale taxed", r.TotalTax)
		}
		for _, tx := range l.Taxes {
			if tx.CertificateNumber != nil {
				return fmt.Errorf("tax of %s names certificate %s", tx.Jurisdiction.JurisdictionID, tx.CertificateNumber.Value)
			}
		}
		ps := certificateParams(l)
		if rule == "" {
			if len(ps) > 0 {
				return fmt.Errorf("want nothing said of certificates, got %+v", ps)
			}
			return nil
		}
		if len(ps) != 1 || ps[0].RuleName != string(rule) || ps[0].OriginalValue != number || ps[0].Phase != wire.PhasePost ||
			!strings.Contains(ps[0].Value, number) {
			return fmt.Errorf("want one assisted parameter %s of certificate %s, got %+v", rule, number, ps)
		}
		return nil
	}
}

// saasByCode checks the line whose SKU maps to SAAS, in Los Angeles,
// where SaaS is not taxed.
func saasByCode(r *wire.SaleResponse) error {
	l, err := line(r)
	if err != nil {
		return err
	}
	if !r.TotalTax.IsZero() || len(l.Taxes) == 0 {
		return fmt.Errorf("total tax %s over %d taxes, want 0: SaaS is not taxed in California", r.TotalTax, len(l.Taxes))
	}
	if l.Product == nil || l.Product.ProductClass != "SAAS" || l.Product.Value != SaaSSKU {
		return fmt.Errorf("response product %+v, want class SAAS of %s", l.Product, SaaSSKU)
	}
	want := wire.AssistedParameter{ParamName: "product.value", Phase: wire.PhasePre, RuleName: "product-code-class", OriginalValue: SaaSSKU, Value: "SAAS"}
	if len(l.AssistedParameters) != 1 || l.AssistedParameters[0] != want {
		return fmt.Errorf("assisted parameters %+v, want %+v", l.AssistedParameters, want)
	}
	return nil
}

// unknownCode checks a line whose SKU nothing maps: taxed as GENERAL, and
// flagged.
func unknownCode(sku string) func(*wire.SaleResponse) error {
	return func(r *wire.SaleResponse) error {
		l, err := line(r)
		if err != nil {
			return err
		}
		if r.TotalTax.Sign() <= 0 {
			return fmt.Errorf("total tax %s, want the line taxed as GENERAL", r.TotalTax)
		}
		want := wire.AssistedParameter{ParamName: "product.value", Phase: wire.PhasePre, RuleName: "unknown-product-code", OriginalValue: sku, Value: "GENERAL"}
		if len(l.AssistedParameters) != 1 || l.AssistedParameters[0] != want {
			return fmt.Errorf("assisted parameters %+v, want %+v", l.AssistedParameters, want)
		}
		return nil
	}
}

// notRegistered checks a sale of a seller whose stored registrations
// are elsewhere: no tax, each tax saying the seller is not registered.
func notRegistered(r *wire.SaleResponse) error {
	l, err := line(r)
	if err != nil {
		return err
	}
	if !r.TotalTax.IsZero() || len(l.Taxes) == 0 {
		return fmt.Errorf("total tax %s over %d taxes, want 0: the seller is registered in California only", r.TotalTax, len(l.Taxes))
	}
	for _, tx := range l.Taxes {
		if !tx.NotRegisteredIndicator || tx.TaxResult != wire.TaxResultNoTax {
			return fmt.Errorf("tax of %s: %s, notRegistered %v; want NO_TAX, not registered", tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.NotRegisteredIndicator)
		}
	}
	return nil
}

// CheckJournal checks the stored invoice of case dallas-invoice: each
// tax keeps the certificate and its reason.
func CheckJournal(tx *journal.Transaction) error {
	if tx == nil || len(tx.Lines) != 1 || len(tx.Lines[0].Taxes) < 2 {
		return fmt.Errorf("want the stored invoice with one line of several taxes, got %+v", tx)
	}
	for _, t := range tx.Lines[0].Taxes {
		if t.CertificateNumber != Resale || t.ReasonCode != ResaleReason || t.TaxResult != string(wire.TaxResultExempt) || !t.Tax.IsZero() {
			return fmt.Errorf("stored tax of %s: %+v; want EXEMPT with certificate %s, reason %s", t.JurisdictionID, t, Resale, ResaleReason)
		}
	}
	return nil
}
