package engine

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// The walk of tax profiles as a distributor uses them: each test below
// is a scenario of docs/profiles.md with the answer a tax professional
// expects, run against the engine over a real profile store.

// profileWalk is an engine over a profile store, the service that
// changes the store and tells the engine's cache, and the journal.
type profileWalk struct {
	t   *testing.T
	e   *Engine
	svc *profile.Service
	j   journal.Store
	ctx context.Context
}

// walkTenant is the tenant of the walk.
const walkTenant = "walk"

// newProfileWalk stores cs for walkTenant in store and returns the walk.
func newProfileWalk(t *testing.T, store profile.Store, cs profile.ChangeSet) *profileWalk {
	t.Helper()
	e, j := profileEngine(t, store)
	w := &profileWalk{t: t, e: e, svc: profile.NewService(store, profile.Config{Cache: e.Profiles()}), j: j,
		ctx: levy.WithTenant(context.Background(), walkTenant)}
	w.apply(cs)
	return w
}

// apply stores cs for the walk's tenant.
func (w *profileWalk) apply(cs profile.ChangeSet) uint64 {
	w.t.Helper()
	v, err := w.svc.Apply(w.ctx, walkTenant, "walk", cs)
	if err != nil {
		w.t.Fatalf("storing %+v: %v", cs, err)
	}
	return v
}

// sale calculates a Dallas sale of one GENERAL line of 100.00 dated
// 2026-06-01 to customer, changed by edit.
func (w *profileWalk) sale(customer string, edit func(*wire.SaleRequest)) *wire.SaleResponse {
	w.t.Helper()
	req := profileSale(customer, "GENERAL")
	if edit != nil {
		edit(req)
	}
	r, err := w.e.Sale(w.ctx, req)
	if err != nil {
		w.t.Fatalf("the sale: %v", err)
	}
	return r
}

// walkCert is a Texas resale certificate of customer C-W for 2026.
func walkCert() profile.Certificate {
	return profile.Certificate{Number: "TX-W", CustomerCode: "C-W", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
		EffectiveDate: civil.MustParse("2026-01-01"), ExpirationDate: civil.MustParse("2026-12-31")}
}

// walkSet is certs with the customers they name, C-W always.
func walkSet(certs ...profile.Certificate) profile.ChangeSet {
	cs := profile.ChangeSet{Customers: []profile.Customer{{Code: "C-W", Name: "Walk Wholesale"}}, Certificates: certs}
	seen := map[string]bool{"C-W": true}
	for _, c := range certs {
		if !seen[c.CustomerCode] {
			seen[c.CustomerCode] = true
			cs.Customers = append(cs.Customers, profile.Customer{Code: c.CustomerCode})
		}
	}
	return cs
}

// exemptBy checks that every tax of every line is exempt by certificate
// number, nothing charged and nothing said about certificates.
func exemptBy(t *testing.T, what string, r *wire.SaleResponse, number string) {
	t.Helper()
	if !r.TotalTax.IsZero() {
		t.Errorf("%s: total tax %s, want 0", what, r.TotalTax)
	}
	for li, l := range r.LineItems {
		if len(l.Taxes) == 0 {
			t.Errorf("%s: line %d has no taxes", what, li)
		}
		for _, tx := range l.Taxes {
			if tx.TaxResult != wire.TaxResultExempt || tx.CertificateNumber == nil || tx.CertificateNumber.Value != number {
				t.Errorf("%s: line %d, tax of %s is %s, certificate %+v", what, li, tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CertificateNumber)
			}
		}
		for _, p := range l.AssistedParameters {
			if p.ParamName == "exemptionCertificate" {
				t.Errorf("%s: line %d says %+v", what, li, p)
			}
		}
	}
}

// chargedSaying checks that the only line is charged its taxes (tax
// total want) and that it says rule about certificate number ("" rule:
// it says nothing about certificates).
func chargedSaying(t *testing.T, what string, r *wire.SaleResponse, want, rule, number string) {
	t.Helper()
	if r.TotalTax.String() != want {
		t.Errorf("%s: total tax %s, want %s", what, r.TotalTax, want)
	}
	var got []wire.AssistedParameter
	for _, p := range r.LineItems[0].AssistedParameters {
		if p.ParamName == "exemptionCertificate" {
			got = append(got, p)
		}
	}
	if rule == "" {
		if len(got) != 0 {
			t.Errorf("%s: the line says %+v, want nothing about certificates", what, got)
		}
		return
	}
	if len(got) != 1 || got[0].RuleName != rule || got[0].OriginalValue != number {
		t.Errorf("%s: the line says %+v, want one %s of %s", what, got, rule, number)
	}
}

// dallasTax is the tax of 100.00 in Dallas on 2026-06-01: Texas 6.25%,
// the city 1% and DART 1%.
const dallasTax = "8.25"

func date(s string) civil.Date { return civil.MustParse(s) }

// TestProfileWalkCertificateDates: a certificate covers its effective
// and its expiration date (both included), not the day before nor the
// day after; the line's taxDate, not the document's date, is the date
// it is checked on, either way round; a certificate without expiration
// covers a date years ahead, and one beyond the content's horizon
// (flagged as such); a certificate revoked from a day covers the
// day before and not the day itself.
func TestProfileWalkCertificateDates(t *testing.T) {
	w := newProfileWalk(t, profile.NewMemory(), walkSet(walkCert(),
		profile.Certificate{Number: "TX-OPEN", CustomerCode: "C-OPEN", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: date("2026-01-01")},
		profile.Certificate{Number: "TX-REV", CustomerCode: "C-REV", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: date("2026-01-01"),
			Status: profile.StatusRevoked, RevokedDate: date("2026-06-01")}))
	on := func(doc, line string) func(*wire.SaleRequest) {
		return func(r *wire.SaleRequest) {
			r.DocumentDate = date(doc)
			if line != "" {
				r.LineItems[0].TaxDate = date(line)
			}
		}
	}
	exemptBy(t, "on the effective date", w.sale("C-W", on("2026-01-01", "")), "TX-W")
	exemptBy(t, "on the expiration date", w.sale("C-W", on("2026-12-31", "")), "TX-W")
	chargedSaying(t, "the day before the effective date", w.sale("C-W", on("2025-12-31", "")), dallasTax, string(profile.RefusalNotYetValid), "TX-W")
	chargedSaying(t, "the day after the expiration date", w.sale("C-W", on("2027-01-01", "")), dallasTax, string(profile.RefusalExpired), "TX-W")
	exemptBy(t, "a document of 2027 whose line is of 2026", w.sale("C-W", on("2027-01-05", "2026-12-31")), "TX-W")
	chargedSaying(t, "a document of 2026 whose line is of 2027", w.sale("C-W", on("2026-12-31", "2027-01-01")), dallasTax, string(profile.RefusalExpired), "TX-W")
	exemptBy(t, "a certificate without expiration, years ahead", w.sale("C-OPEN", on("2031-03-01", "")), "TX-OPEN")
	// Beyond the content's horizon the certificate still decides, and the
	// line says its date lies beyond the rates Levy holds.
	far := w.sale("C-OPEN", on("2060-03-01", ""))
	if p := far.LineItems[0].AssistedParameters; !far.TotalTax.IsZero() || len(p) != 1 || p[0].RuleName != beyondContentRule {
		t.Errorf("a date beyond the content: tax %s, parameters %+v", far.TotalTax, p)
	}
	exemptBy(t, "the day before the revocation", w.sale("C-REV", on("2026-05-31", "")), "TX-REV")
	chargedSaying(t, "the day of the revocation", w.sale("C-REV", on("2026-06-01", "")), dallasTax, string(profile.RefusalRevoked), "TX-REV")
}

// TestProfileWalkCertificateCoverage: what a certificate covers. A
// certificate of another state leaves a Dallas sale charged saying so; a
// certificate of the whole country covers it; one of the city of Dallas
// alone exempts the city's tax and leaves the state's and the transit
// district's charged; one limited to CLOTHING covers CHILDRENS_CLOTHING
// (a class within it) and leaves GENERAL charged; of a customer's two
// certificates, an expired one and a good one, the good one exempts and
// nothing is said; a customer whose certificates fail for two reasons
// hears of both.
func TestProfileWalkCertificateCoverage(t *testing.T) {
	cert := func(number, customer string, jurs ...string) profile.Certificate {
		c := walkCert()
		c.Number, c.CustomerCode, c.Jurisdictions = number, customer, jurs
		return c
	}
	clothing := cert("TX-CLOTH", "C-CLOTH", "US-TX")
	clothing.ProductClasses = []string{"CLOTHING"}
	old := cert("TX-OLD", "C-TWO", "US-TX")
	old.EffectiveDate, old.ExpirationDate = date("2024-01-01"), date("2025-12-31")
	good := cert("TX-NEW", "C-TWO", "US-TX")
	expired := cert("TX-EXP", "C-MIX", "US-TX")
	expired.ExpirationDate = date("2026-03-31")
	w := newProfileWalk(t, profile.NewMemory(), walkSet(
		cert("OK-1", "C-OK", "US-OK"), cert("US-ALL", "C-US", "US"), cert("DAL-1", "C-DAL", "US-4819000"),
		clothing, old, good, expired, cert("CA-1", "C-MIX", "US-CA")))

	chargedSaying(t, "Oklahoma's certificate on a Dallas sale", w.sale("C-OK", nil), dallasTax, string(profile.RefusalJurisdiction), "OK-1")
	exemptBy(t, "the country's certificate", w.sale("C-US", nil), "US-ALL")

	r := w.sale("C-DAL", nil)
	city := taxOf(t, r.LineItems[0].Taxes, "US-4819000")
	if city.TaxResult != wire.TaxResultExempt || city.CertificateNumber == nil || city.CertificateNumber.Value != "DAL-1" {
		t.Errorf("the city's certificate: the city's tax is %s, certificate %+v", city.TaxResult, city.CertificateNumber)
	}
	if state := taxOf(t, r.LineItems[0].Taxes, "US-TX"); state.TaxResult != wire.TaxResultTaxable {
		t.Errorf("the city's certificate: the state's tax is %s", state.TaxResult)
	}
	chargedSaying(t, "the city's certificate", r, "7.25", string(profile.RefusalJurisdiction), "DAL-1")

	children := func(r *wire.SaleRequest) { r.LineItems[0].Product.ProductClass = "CHILDRENS_CLOTHING" }
	exemptBy(t, "CLOTHING's certificate on CHILDRENS_CLOTHING", w.sale("C-CLOTH", children), "TX-CLOTH")
	chargedSaying(t, "CLOTHING's certificate on GENERAL", w.sale("C-CLOTH", nil), dallasTax, string(profile.RefusalClass), "TX-CLOTH")

	exemptBy(t, "an expired and a good certificate", w.sale("C-TWO", nil), "TX-NEW")

	r = w.sale("C-MIX", func(r *wire.SaleRequest) { r.DocumentDate = date("2026-06-01") })
	var rules []string
	for _, p := range r.LineItems[0].AssistedParameters {
		if p.ParamName == "exemptionCertificate" {
			rules = append(rules, p.RuleName+" "+p.OriginalValue)
		}
	}
	if r.TotalTax.String() != dallasTax || strings.Join(rules, ", ") != "certificate-expired TX-EXP, certificate-other-jurisdiction CA-1" {
		t.Errorf("two refused certificates: tax %s, said %v", r.TotalTax, rules)
	}
}

// TestProfileWalkSinglePurchase: a single-purchase certificate covers
// each line of its transaction's document (two lines, both exempt), any
// number of times (a quotation, then the invoice, then the invoice made
// again: it is matched by the transaction, never used up, so concurrent
// requests of the transaction are each covered), and no other
// transaction, nor a document without a transactionId.
func TestProfileWalkSinglePurchase(t *testing.T) {
	single := walkCert()
	single.TransactionID = "PO-77"
	w := newProfileWalk(t, profile.NewMemory(), walkSet(single))
	twoLines := func(id string) func(*wire.SaleRequest) {
		return func(r *wire.SaleRequest) {
			r.TransactionID = id
			second := r.LineItems[0]
			second.LineItemID = "2"
			r.LineItems = append(r.LineItems, second)
		}
	}
	exemptBy(t, "both lines of PO-77", w.sale("C-W", twoLines("PO-77")), "TX-W")

	var wg sync.WaitGroup
	results := make([]*wire.SaleResponse, 8)
	errs := make([]error, len(results))
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := profileSale("C-W", "GENERAL")
			req.TransactionID = "PO-77"
			results[i], errs[i] = w.e.Sale(w.ctx, req)
		}()
	}
	wg.Wait()
	for i, r := range results {
		if errs[i] != nil {
			t.Fatalf("concurrent quotation %d: %v", i, errs[i])
		}
		exemptBy(t, "a concurrent quotation of PO-77", r, "TX-W")
	}

	r := w.sale("C-W", twoLines("PO-78"))
	if r.TotalTax.String() != "16.50" {
		t.Errorf("PO-78: total tax %s, want 16.50", r.TotalTax)
	}
	for i := range r.LineItems {
		got := ""
		for _, p := range r.LineItems[i].AssistedParameters {
			if p.ParamName == "exemptionCertificate" {
				got = p.RuleName + " " + p.Value
			}
		}
		if !strings.HasPrefix(got, string(profile.RefusalTransaction)) || !strings.Contains(got, "PO-77 only, not PO-78") {
			t.Errorf("PO-78, line %d says %q", i, got)
		}
	}
	r = w.sale("C-W", nil)
	chargedSaying(t, "no transactionId", r, dallasTax, string(profile.RefusalTransaction), "TX-W")
	if v := r.LineItems[0].AssistedParameters; len(v) == 0 || !strings.Contains(v[len(v)-1].Value, "this one has no transactionId") {
		t.Errorf("no transactionId: the line says %+v", v)
	}
}

// TestProfileWalkRequestWins: what the request sends decides over the
// stored certificates, and the answer says which. isTaxExempt exempts
// every tax by the customer's flag (rule customer-exempt), naming no
// certificate, even where the stored one has expired; a number the
// request sends exempts the taxes naming it, and when the profile holds
// it expired for the customer the line says so; the number of another
// customer's certificate is flagged naming that customer; a number no
// customer holds says nothing.
func TestProfileWalkRequestWins(t *testing.T) {
	other := walkCert()
	other.Number, other.CustomerCode = "TX-OTHER", "C-OTHER"
	w := newProfileWalk(t, profile.NewMemory(), walkSet(walkCert(), other))
	later := func(r *wire.SaleRequest) { r.DocumentDate = date("2027-02-01") }

	r := w.sale("C-W", func(r *wire.SaleRequest) { later(r); r.Customer.IsTaxExempt = true })
	if !r.TotalTax.IsZero() {
		t.Errorf("isTaxExempt: tax %s", r.TotalTax)
	}
	for _, tx := range r.LineItems[0].Taxes {
		if tx.TaxResult != wire.TaxResultExempt || tx.CertificateNumber != nil || tx.CalculationRuleID == nil || tx.CalculationRuleID.Value != "customer-exempt" {
			t.Errorf("isTaxExempt: the tax of %s is %s, certificate %+v, rule %+v", tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CertificateNumber, tx.CalculationRuleID)
		}
	}

	sent := func(number string) func(*wire.SaleRequest) {
		return func(r *wire.SaleRequest) {
			later(r)
			r.Customer.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: number}
		}
	}
	check := func(what string, r *wire.SaleResponse, number, rule, says string) {
		t.Helper()
		if !r.TotalTax.IsZero() {
			t.Errorf("%s: tax %s", what, r.TotalTax)
		}
		for _, tx := range r.LineItems[0].Taxes {
			if tx.TaxResult != wire.TaxResultExempt || tx.CertificateNumber == nil || tx.CertificateNumber.Value != number {
				t.Errorf("%s: the tax of %s is %s, certificate %+v", what, tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CertificateNumber)
			}
		}
		var got []wire.AssistedParameter
		for _, p := range r.LineItems[0].AssistedParameters {
			if p.ParamName == "exemptionCertificate" {
				got = append(got, p)
			}
		}
		if rule == "" {
			if len(got) != 0 {
				t.Errorf("%s: the line says %+v", what, got)
			}
			return
		}
		if len(got) != 1 || got[0].RuleName != rule || got[0].OriginalValue != number || !strings.Contains(got[0].Value, says) {
			t.Errorf("%s: the line says %+v, want %s saying %q", what, got, rule, says)
		}
	}
	check("the stored number, expired", w.sale("C-W", sent("TX-W")), "TX-W", SentCertificateRulePrefix+string(profile.RefusalExpired),
		"which expired on 2026-12-31, before the tax date 2027-02-01")
	check("another customer's number", w.sale("C-W", sent("TX-OTHER")), "TX-OTHER", SentOtherCustomerRule, "for customer C-OTHER, not for customer C-W")
	check("a number no customer holds", w.sale("C-W", sent("ERP-ONLY-9")), "ERP-ONLY-9", "", "")
}

// TestProfileWalkCustomerCodes: the customer code finds the stored
// customer with the spaces around it ignored but its case kept; a line
// that ships to a stored customer of its own takes that customer's
// certificate although the document's customer has none.
func TestProfileWalkCustomerCodes(t *testing.T) {
	cs := walkSet(walkCert())
	cs.Customers = append(cs.Customers, profile.Customer{Code: "C-PLAIN"})
	w := newProfileWalk(t, profile.NewMemory(), cs)
	exemptBy(t, "a padded code", w.sale(" C-W   ", nil), "TX-W")
	chargedSaying(t, "the code in lower case", w.sale("c-w", nil), dallasTax, "", "")
	r := w.sale("C-PLAIN", func(r *wire.SaleRequest) {
		dest := *r.Customer.Destination
		r.LineItems[0].Customer = &wire.Customer{CustomerCode: &wire.CustomerCode{Value: "C-W"}, Destination: &dest}
	})
	exemptBy(t, "a line of the stored customer", r, "TX-W")
}

// TestProfileWalkReturn: a return dated after the certificate expired
// refunds a tax its sale never charged, and says so; sending the sale's
// date as the line's taxDate refunds nothing.
func TestProfileWalkReturn(t *testing.T) {
	w := newProfileWalk(t, profile.NewMemory(), walkSet(walkCert()))
	ret := func(taxDate string) func(*wire.SaleRequest) {
		return func(r *wire.SaleRequest) {
			r.DocumentDate = date("2027-02-01")
			r.LineItems[0].ExtendedPrice = amt("-100.00")
			if taxDate != "" {
				r.LineItems[0].TaxDate = date(taxDate)
			}
		}
	}
	r := w.sale("C-W", ret(""))
	chargedSaying(t, "a return after the expiry", r, "-"+dallasTax, string(profile.RefusalExpired), "TX-W")
	if v := r.LineItems[0].AssistedParameters; len(v) == 0 || !strings.Contains(v[len(v)-1].Value, "the tax is refunded") {
		t.Errorf("a return after the expiry says %+v", v)
	}
	r = w.sale("C-W", ret("2026-11-15"))
	if !r.TotalTax.IsZero() {
		t.Errorf("a return with the sale's taxDate refunds %s", r.TotalTax)
	}
}

// TestProfileWalkProducts: a SKU mapped to CLOTHING gets the class, which
// a certificate limited to CLOTHING then covers; a class sent wins over
// the SKU's; an unmapped SKU is taxed as GENERAL and flagged; a mapping
// changed applies to the next calculation; a mapping to a class Levy
// does not know is refused naming the field, and nothing is stored.
func TestProfileWalkProducts(t *testing.T) {
	clothing := walkCert()
	clothing.ProductClasses = []string{"CLOTHING"}
	cs := walkSet(clothing)
	cs.Products = []profile.Product{{Code: "SHIRT-1", Class: "CLOTHING"}}
	w := newProfileWalk(t, profile.NewMemory(), cs)
	sku := func(code, class string) func(*wire.SaleRequest) {
		return func(r *wire.SaleRequest) { r.LineItems[0].Product = &wire.Product{Value: code, ProductClass: class} }
	}
	r := w.sale("C-W", sku("SHIRT-1", ""))
	exemptBy(t, "the SKU of CLOTHING", r, "TX-W")
	if p := r.LineItems[0].Product; p == nil || p.ProductClass != "CLOTHING" {
		t.Errorf("the SKU of CLOTHING: the line's product %+v", p)
	}
	chargedSaying(t, "the class sent over the SKU's", w.sale("C-W", sku("SHIRT-1", "GENERAL")), dallasTax, string(profile.RefusalClass), "TX-W")

	r = w.sale("", sku("NO-SUCH", ""))
	flagged := false
	for _, p := range r.LineItems[0].AssistedParameters {
		flagged = flagged || p.RuleName == UnknownProductCodeRule && p.OriginalValue == "NO-SUCH"
	}
	if r.TotalTax.String() != dallasTax || !flagged {
		t.Errorf("an unmapped SKU: tax %s, parameters %+v", r.TotalTax, r.LineItems[0].AssistedParameters)
	}

	w.apply(profile.ChangeSet{Products: []profile.Product{{Code: "SHIRT-1", Class: "GENERAL"}}})
	chargedSaying(t, "the SKU mapped to GENERAL since", w.sale("C-W", sku("SHIRT-1", "")), dallasTax, string(profile.RefusalClass), "TX-W")

	_, err := w.svc.Apply(w.ctx, walkTenant, "walk", profile.ChangeSet{Products: []profile.Product{{Code: "SHIRT-2", Class: "NO_SUCH_CLASS"}}})
	if err == nil || !strings.Contains(err.Error(), "products[0]") {
		t.Errorf("a mapping to an unknown class: %v", err)
	}
	r = w.sale("", sku("SHIRT-2", ""))
	if p := r.LineItems[0].Product; p != nil && p.ProductClass == "NO_SUCH_CLASS" {
		t.Errorf("the refused mapping was stored: %+v", p)
	}
}

// TestProfileWalkPolicies: two tenants of one engine with different
// rounding policies get different answers for the same sale; a policy
// changed applies to the calculations made from then on, and a stored
// invoice keeps its amounts and the profile version it was calculated
// with; a deleted certificate no longer exempts a sale made again, and a
// revoked one keeps the days before its revocation. Over each store.
func TestProfileWalkPolicies(t *testing.T) {
	for name, open := range profileStores(t) {
		t.Run(name, func(t *testing.T) {
			store := open(t)
			w := newProfileWalk(t, store, walkSet(walkCert()))
			v1 := w.apply(profile.ChangeSet{Policy: &profile.Policy{Rounding: map[string]money.RoundingMode{"US-TX*": money.Up}}})
			other := levy.WithTenant(context.Background(), "walk-down")
			if _, err := w.svc.Apply(other, "walk-down", "walk", profile.ChangeSet{Policy: &profile.Policy{Rounding: map[string]money.RoundingMode{"US-TX*": money.Down}}}); err != nil {
				t.Fatal(err)
			}
			odd := func(id string) *wire.SaleRequest {
				req := profileSale("", "GENERAL")
				req.LineItems[0].ExtendedPrice = amt("100.01")
				req.SaleMessageType, req.TransactionID = wire.SaleInvoice, id
				return req
			}
			state := func(ctx context.Context, id string) string {
				t.Helper()
				r, err := w.e.Sale(ctx, odd(id))
				if err != nil {
					t.Fatal(err)
				}
				return taxOf(t, r.LineItems[0].Taxes, "US-TX").CalculatedTax.String()
			}
			// Texas's 6.25% of 100.01 is 6.250625.
			if up, down := state(w.ctx, "INV-UP-1"), state(other, "INV-DOWN-1"); up != "6.26" || down != "6.25" {
				t.Errorf("one engine, two policies: %s rounded up, %s down; want 6.26 and 6.25", up, down)
			}

			v2 := w.apply(profile.ChangeSet{Policy: &profile.Policy{Rounding: map[string]money.RoundingMode{"US-TX*": money.Down}}})
			if got := state(w.ctx, "INV-UP-2"); got != "6.25" {
				t.Errorf("after the policy changed: %s, want 6.25", got)
			}
			for id, want := range map[string]struct {
				tax     string
				version uint64
			}{"INV-UP-1": {"6.26", v1}, "INV-UP-2": {"6.25", v2}} {
				tx, err := w.j.Get(w.ctx, walkTenant, id)
				if err != nil {
					t.Fatal(err)
				}
				var got money.Amount
				for _, x := range tx.Lines[0].Taxes {
					if x.JurisdictionID == "US-TX" {
						got = x.Tax
					}
				}
				if got.String() != want.tax || tx.ProfileVersion != want.version {
					t.Errorf("the journal's %s: Texas tax %s at profile version %d, want %s at %d", id, got, tx.ProfileVersion, want.tax, want.version)
				}
			}

			revoked := walkCert()
			revoked.Status, revoked.RevokedDate = profile.StatusRevoked, date("2026-05-01")
			w.apply(profile.ChangeSet{Certificates: []profile.Certificate{revoked}})
			exemptBy(t, "a revoked certificate, before its day", w.sale("C-W", func(r *wire.SaleRequest) { r.DocumentDate = date("2026-04-30") }), "TX-W")
			chargedSaying(t, "a revoked certificate, after its day", w.sale("C-W", nil), dallasTax, string(profile.RefusalRevoked), "TX-W")
			w.apply(profile.ChangeSet{Deletes: []profile.Key{revoked.Key()}})
			chargedSaying(t, "a deleted certificate, before its revocation", w.sale("C-W", func(r *wire.SaleRequest) { r.DocumentDate = date("2026-04-30") }), dallasTax, "", "")
		})
	}
}

// TestProfileWalkDocuments: what a document of a stored customer does in
// the journal. An invoice's lines of two tax dates are each checked on
// their own (the 2026 line exempt, the 2027 one charged saying the
// certificate expired); the reversal of an invoice that a certificate
// exempted takes back the exempt amounts naming it, even after the
// certificate is deleted; the same invoice posted again after the
// deletion is charged, at the profile's new version.
func TestProfileWalkDocuments(t *testing.T) {
	for name, open := range profileStores(t) {
		t.Run(name, func(t *testing.T) {
			w := newProfileWalk(t, open(t), walkSet(walkCert()))
			r := w.sale("C-W", func(r *wire.SaleRequest) {
				r.SaleMessageType, r.TransactionID, r.DocumentDate = wire.SaleInvoice, "INV-2DATES", date("2027-01-10")
				first := r.LineItems[0]
				first.TaxDate = date("2026-12-20")
				second := r.LineItems[0]
				second.LineItemID = "2"
				r.LineItems = []wire.SaleLineItem{first, second}
			})
			if r.TotalTax.String() != dallasTax || !r.LineItems[0].TotalTax.IsZero() {
				t.Errorf("two dates: total %s, first line %s", r.TotalTax, r.LineItems[0].TotalTax)
			}
			var said []string
			for _, p := range r.LineItems[1].AssistedParameters {
				if p.ParamName == "exemptionCertificate" {
					said = append(said, p.RuleName)
				}
			}
			if strings.Join(said, ",") != string(profile.RefusalExpired) {
				t.Errorf("two dates: the 2027 line says %v", said)
			}

			v1, err := w.svc.Store().Version(w.ctx, walkTenant)
			if err != nil {
				t.Fatal(err)
			}
			w.sale("C-W", func(r *wire.SaleRequest) { r.SaleMessageType, r.TransactionID = wire.SaleInvoice, "INV-W" })
			gone := walkCert()
			v2 := w.apply(profile.ChangeSet{Deletes: []profile.Key{gone.Key()}})
			if _, err := w.e.ReverseTransaction(w.ctx, "INV-W", wire.ReversalRequest{TransactionID: "INV-W-R"}); err != nil {
				t.Fatal(err)
			}
			rev, err := w.j.Get(w.ctx, walkTenant, "INV-W-R")
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range rev.Lines[0].Taxes {
				if x.CertificateNumber != "TX-W" || x.Exempt.Sign() >= 0 || !x.Tax.IsZero() {
					t.Errorf("the reversal's tax of %s: certificate %q, exempt %v, tax %v", x.JurisdictionID, x.CertificateNumber, x.Exempt, x.Tax)
				}
			}
			orig, err := w.j.Get(w.ctx, walkTenant, "INV-W")
			if err != nil {
				t.Fatal(err)
			}
			if orig.ProfileVersion != v1 {
				t.Errorf("the invoice keeps profile version %d, want %d", orig.ProfileVersion, v1)
			}
			again := w.sale("C-W", func(r *wire.SaleRequest) { r.SaleMessageType, r.TransactionID = wire.SaleInvoice, "INV-W-2" })
			chargedSaying(t, "the invoice posted after the deletion", again, dallasTax, "", "")
			if tx, err := w.j.Get(w.ctx, walkTenant, "INV-W-2"); err != nil || tx.ProfileVersion != v2 {
				t.Errorf("the invoice after the deletion: version %v (%v), want %d", tx, err, v2)
			}
		})
	}
}

// TestProfileWalkSellerAndNumbers: a seller company registered in Texas
// until a day charges the Dallas sale up to that day and nothing after
// it; a customer's expired certificate says nothing on a sale that
// charges nothing; two customers holding certificates of the same number
// each get their own; a certificate of two states covers each.
func TestProfileWalkSellerAndNumbers(t *testing.T) {
	twin := walkCert()
	twin.CustomerCode, twin.Jurisdictions = "C-TWIN", []string{"US-OK"}
	both := walkCert()
	both.Number, both.CustomerCode, both.Jurisdictions = "TX-OK", "C-BOTH", []string{"US-OK", "US-TX"}
	cs := walkSet(walkCert(), twin, both)
	cs.Registrations = []profile.Registration{{CompanyCode: "TX-SELLER", Jurisdiction: "US-TX", Number: "32000000000",
		EffectiveDate: date("2020-01-01"), EndDate: date("2026-06-30")}}
	w := newProfileWalk(t, profile.NewMemory(), cs)
	seller := func(day string) func(*wire.SaleRequest) {
		return func(r *wire.SaleRequest) { r.Seller.Company, r.DocumentDate = "TX-SELLER", date(day) }
	}
	chargedSaying(t, "the last day of the registration", w.sale("", seller("2026-06-30")), dallasTax, "", "")
	chargedSaying(t, "the day after the registration ended", w.sale("", seller("2026-07-01")), "0.00", "", "")
	chargedSaying(t, "an expired certificate where nothing is charged", w.sale("C-W", seller("2027-02-01")), "0.00", "", "")

	exemptBy(t, "C-W's TX-W", w.sale("C-W", nil), "TX-W")
	chargedSaying(t, "C-TWIN's TX-W, of Oklahoma", w.sale("C-TWIN", nil), dallasTax, string(profile.RefusalJurisdiction), "TX-W")
	exemptBy(t, "a certificate of two states", w.sale("C-BOTH", nil), "TX-OK")
}

// TestProfileWalkTolerance: one engine, two tenants' tolerances: the
// same vendor invoice whose tax is 0.75 short of Levy's is within
// acme's tolerance of 1.00 and outside beta's of 0.10.
func TestProfileWalkTolerance(t *testing.T) {
	store := profile.NewMemory()
	e, _ := profileEngine(t, store)
	svc := profile.NewService(store, profile.Config{Cache: e.Profiles()})
	for tenant, amount := range map[string]string{"tol-wide": "1.00", "tol-narrow": "0.10"} {
		a := decimal.RequireFromString(amount)
		if _, err := svc.Apply(context.Background(), tenant, "walk", profile.ChangeSet{Policy: &profile.Policy{Tolerance: &profile.Tolerance{Amount: &a}}}); err != nil {
			t.Fatal(err)
		}
	}
	dallas := &wire.Location{StreetAddress1: "1500 Marilla St", City: "Dallas", MainDivision: "TX", PostalCode: "75201", Country: "US"}
	for tenant, outside := range map[string]bool{"tol-wide": false, "tol-narrow": true} {
		req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseInvoiceVerification, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: date("2026-06-01"), Vendor: &wire.Vendor{PhysicalOrigin: dallas}, Buyer: &wire.Buyer{Destination: dallas},
			LineItems: []wire.PurchaseLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00"), ChargedTax: amt("7.50")}}}
		r, err := e.Purchase(levy.WithTenant(context.Background(), tenant), req)
		if err != nil {
			t.Fatal(err)
		}
		if r.Variance == nil || r.Variance.String() != "-0.75" || r.OutsideThreshold == nil || *r.OutsideThreshold != outside {
			t.Errorf("%s: variance %v, outside %v; want -0.75, %v", tenant, r.Variance, r.OutsideThreshold, outside)
		}
	}
}

// TestProfileWalkExemptFlag: a request that exempts a stored customer by
// isTaxExempt alone wins over the stored certificates (every tax exempt,
// rule customer-exempt), and the line says so when none of the
// customer's certificates would have exempted a tax on its date: a flag
// an ERP keeps sending after the certificate lapsed, or for a state the
// certificates do not cover, is seen, as a number sent is. A certificate
// that covers the sale, or a customer without stored certificates, says
// nothing.
func TestProfileWalkExemptFlag(t *testing.T) {
	cs := walkSet(walkCert())
	cs.Customers = append(cs.Customers, profile.Customer{Code: "C-NONE"})
	w := newProfileWalk(t, profile.NewMemory(), cs)
	flag := func(day string) func(*wire.SaleRequest) {
		return func(r *wire.SaleRequest) { r.DocumentDate, r.Customer.IsTaxExempt = date(day), true }
	}
	says := func(what string, r *wire.SaleResponse, want string) {
		t.Helper()
		if !r.TotalTax.IsZero() {
			t.Errorf("%s: tax %s", what, r.TotalTax)
		}
		for _, tx := range r.LineItems[0].Taxes {
			if tx.TaxResult != wire.TaxResultExempt || tx.CalculationRuleID == nil || tx.CalculationRuleID.Value != "customer-exempt" {
				t.Errorf("%s: the tax of %s is %s by %+v", what, tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CalculationRuleID)
			}
		}
		var got []wire.AssistedParameter
		for _, p := range r.LineItems[0].AssistedParameters {
			if p.RuleName == ExemptFlagUncoveredRule {
				got = append(got, p)
			}
		}
		switch {
		case want == "" && len(got) != 0:
			t.Errorf("%s: the line says %+v", what, got)
		case want != "" && (len(got) != 1 || got[0].ParamName != "customer.isTaxExempt" || got[0].OriginalValue != "true" || got[0].Value != want):
			t.Errorf("%s: the line says %+v\nwant %q", what, got, want)
		}
	}
	says("the certificate covers the sale", w.sale("C-W", flag("2026-06-01")), "")
	says("the certificate expired", w.sale("C-W", flag("2027-01-05")),
		"the request sends isTaxExempt for customer C-W, and none of its exemption certificates in the tenant's profile covers the tax of US-TX on 2027-01-05 "+
			"(certificate TX-W expired on 2026-12-31, before the tax date 2027-01-05): the flag exempts the taxes all the same")
	says("a customer without certificates", w.sale("C-NONE", flag("2027-01-05")), "")
	r := w.sale("C-W", func(r *wire.SaleRequest) {
		flag("2026-06-01")(r)
		r.Customer.Destination = &wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	})
	says("another state", r, "the request sends isTaxExempt for customer C-W, and none of its exemption certificates in the tenant's profile covers the tax of US-CA on 2026-06-01 "+
		"(certificate TX-W covers US-TX, not US-CA): the flag exempts the taxes all the same")

	// A line's own customer sent as exempt is named by its path.
	r = w.sale("C-NONE", func(r *wire.SaleRequest) {
		r.DocumentDate = date("2027-01-05")
		second := r.LineItems[0]
		second.LineItemID = "2"
		dest := *r.Customer.Destination
		second.Customer = &wire.Customer{CustomerCode: &wire.CustomerCode{Value: "C-W"}, IsTaxExempt: true, Destination: &dest}
		r.LineItems = append(r.LineItems, second)
	})
	var got []string
	for _, p := range r.LineItems[1].AssistedParameters {
		if p.RuleName == ExemptFlagUncoveredRule {
			got = append(got, p.ParamName)
		}
	}
	if r.TotalTax.String() != dallasTax || strings.Join(got, ",") != "lineItems[1].customer.isTaxExempt" {
		t.Errorf("a line's own exempt customer: tax %s, flagged %v", r.TotalTax, got)
	}
}

// TestProfileWalkJournalCustomer: the journal keeps the customer as the
// calculation took it from the profile: a stored business customer sent
// without isBusinessIndicator is a business there too, and a request
// without customerName keeps the stored name (the e-invoice's buyer);
// a name sent wins; a line's own stored customer alike.
func TestProfileWalkJournalCustomer(t *testing.T) {
	cs := walkSet()
	cs.Customers[0].IsBusiness = true
	cs.Customers = append(cs.Customers, profile.Customer{Code: "C-SHOP", Name: "Corner Shop"})
	w := newProfileWalk(t, profile.NewMemory(), cs)
	w.sale("C-W", func(r *wire.SaleRequest) {
		r.SaleMessageType, r.TransactionID = wire.SaleInvoice, "INV-PARTY"
		second := r.LineItems[0]
		second.LineItemID = "2"
		dest := *r.Customer.Destination
		second.Customer = &wire.Customer{CustomerCode: &wire.CustomerCode{Value: "C-SHOP"}, Destination: &dest}
		r.LineItems = append(r.LineItems, second)
	})
	w.sale("C-W", func(r *wire.SaleRequest) {
		r.SaleMessageType, r.TransactionID, r.Customer.CustomerName = wire.SaleInvoice, "INV-NAMED", "Walk Wholesale Ltd (as invoiced)"
	})
	tx, err := w.j.Get(w.ctx, walkTenant, "INV-PARTY")
	if err != nil {
		t.Fatal(err)
	}
	if c := tx.Customer; c == nil || c.Code != "C-W" || !c.Business || c.Name != "Walk Wholesale" {
		t.Errorf("the journal's customer: %+v", c)
	}
	if c := tx.Lines[1].Customer; c == nil || c.Code != "C-SHOP" || c.Business || c.Name != "Corner Shop" {
		t.Errorf("the journal's customer of line 2: %+v", c)
	}
	named, err := w.j.Get(w.ctx, walkTenant, "INV-NAMED")
	if err != nil {
		t.Fatal(err)
	}
	if c := named.Customer; c == nil || c.Name != "Walk Wholesale Ltd (as invoiced)" || !c.Business {
		t.Errorf("the journal's customer named by the request: %+v", c)
	}
}
