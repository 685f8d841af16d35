package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/internal/profilecase"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/postgres"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestMain runs the tests with a throwaway PostgreSQL cluster, for the
// tax profiles stored there (pgtest); the other tests do not use it.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// profileStores opens each kind of profile store for a test: memory,
// Badger in a temporary directory, PostgreSQL in a database of its own.
func profileStores(t *testing.T) map[string]func(t *testing.T) profile.Store {
	return map[string]func(t *testing.T) profile.Store{
		"memory": func(t *testing.T) profile.Store { return profile.NewMemory() },
		"badger": func(t *testing.T) profile.Store {
			s, err := badger.OpenProfile(context.Background(), filepath.Join(t.TempDir(), "profile"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		},
		"postgres": func(t *testing.T) profile.Store {
			db, err := postgres.Open(context.Background(), pgtest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db.Profile()
		},
	}
}

// profileEngine returns an engine that applies the profiles of store
// and keeps a journal in memory.
func profileEngine(t testing.TB, store profile.Store, opts ...Option) (*Engine, journal.Store) {
	t.Helper()
	j := journal.NewMemory()
	e, err := New(context.Background(), append([]Option{WithProfileStore(store), WithJournal(j),
		WithToday(func() civil.Date { return civil.MustParse("2026-06-01") })}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return e, j
}

// engineOfProfile returns an engine (profileEngine) over a profile
// store in memory that holds cs for the default tenant.
func engineOfProfile(t testing.TB, cs profile.ChangeSet, opts ...Option) *Engine {
	t.Helper()
	store := profile.NewMemory()
	if _, err := profile.NewService(store, profile.Config{}).Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store, opts...)
	return e
}

// TestProfileCases runs the worked example of package profilecase
// through the engine over each profile store: the Texas certificate
// exempts the Dallas sale of 2026-06-01 and is named by every tax (and
// kept by the journal), leaves the Los Angeles sale and the Dallas sale
// of 2027-01-05 taxed saying why, a revoked certificate and one for
// another transaction leave the tax charged, a SKU mapped to SAAS is not
// taxed in Los Angeles, and the other tenant's customer and SKU of the
// same codes are unaffected.
func TestProfileCases(t *testing.T) {
	for name, open := range profileStores(t) {
		t.Run(name, func(t *testing.T) {
			store := open(t)
			profilecase.Load(t, store)
			e, j := profileEngine(t, store)
			for _, c := range profilecase.Cases() {
				t.Run(c.Name, func(t *testing.T) {
					var req wire.SaleRequest
					mustDecode(t, []byte(c.Request), &req)
					r, err := e.Sale(levy.WithTenant(context.Background(), c.Tenant), &req)
					if err != nil {
						t.Fatal(err)
					}
					if err := c.Check(r); err != nil {
						b, _ := json.MarshalIndent(r.LineItems, "", " ")
						t.Fatalf("%v\n%s", err, b)
					}
				})
			}
			tx, err := j.Get(context.Background(), profilecase.Tenant, profilecase.InvoiceID)
			if err != nil {
				t.Fatal(err)
			}
			if err := profilecase.CheckJournal(tx); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestProfileGolden calculates the requests of testdata/profile with the
// example's profiles (tenant acme) and compares the responses with the
// files beside them (-update rewrites them): the whole answer of a sale
// that a stored certificate exempts, and of one that it does not.
func TestProfileGolden(t *testing.T) {
	store := profile.NewMemory()
	profilecase.Load(t, store)
	e, _ := profileEngine(t, store)
	files, err := filepath.Glob("testdata/profile/*.request.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no requests: %v", err)
	}
	ctx := levy.WithTenant(context.Background(), profilecase.Tenant)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".request.json")
		t.Run(name, func(t *testing.T) {
			body, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var req wire.SaleRequest
			mustDecode(t, body, &req)
			r, err := e.Sale(ctx, &req)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, name, r.SubTotal, r.Total, r.TotalTax, saleTotals(r.LineItems))
			checkGolden(t, f, r, "TestProfileGolden")
		})
	}
}

// profileSale is the example's sale to Dallas on 2026-06-01 of one line
// of 100.00 of class, to the customer of code (none when "").
func profileSale(customer, class string) *wire.SaleRequest {
	req := usSale("1500 Marilla St", "Dallas", "TX", "75201", class, "100.00")
	if customer != "" {
		req.Customer.CustomerCode = &wire.CustomerCode{Value: customer}
	}
	return req
}

// TestProfileRequestWins: exemption members of the request decide what
// they cover, whatever the stored certificates say: isTaxExempt alone
// exempts every tax without naming a certificate, and an exempt or
// non-taxable override decides the taxes it matches, the stored
// certificate the others.
func TestProfileRequestWins(t *testing.T) {
	store := profile.NewMemory()
	profilecase.Load(t, store)
	e, _ := profileEngine(t, store)
	ctx := levy.WithTenant(context.Background(), profilecase.Tenant)

	req := profileSale("C-1", "GENERAL")
	req.Customer.IsTaxExempt = true
	r, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, tx := range r.LineItems[0].Taxes {
		if tx.TaxResult != wire.TaxResultExempt || tx.CertificateNumber != nil || tx.CalculationRuleID.Value != "customer-exempt" {
			t.Errorf("isTaxExempt: tax of %s %s certificate %+v rule %v", tx.Jurisdiction.JurisdictionID, tx.TaxResult, tx.CertificateNumber, tx.CalculationRuleID)
		}
	}

	req = profileSale("C-1", "GENERAL")
	req.NonTaxableOverrides = []wire.Override{{JurisdictionID: "US-TX", ReasonCode: "9"}}
	if r, err = e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	state := taxOf(t, r.LineItems[0].Taxes, "US-TX")
	if state.TaxResult != wire.TaxResultNonTaxable || state.CertificateNumber != nil || state.CalculationRuleID.Value != "override" {
		t.Errorf("the override's tax: %s certificate %+v rule %v", state.TaxResult, state.CertificateNumber, state.CalculationRuleID)
	}
	for _, tx := range r.LineItems[0].Taxes {
		if tx.Jurisdiction.JurisdictionID != "US-TX" && (tx.CertificateNumber == nil || tx.CertificateNumber.Value != profilecase.Resale) {
			t.Errorf("a local tax the override leaves: %s certificate %+v", tx.TaxResult, tx.CertificateNumber)
		}
	}
	if !r.TotalTax.IsZero() || len(r.LineItems[0].AssistedParameters) != 0 {
		t.Errorf("total %s, parameters %+v", r.TotalTax, r.LineItems[0].AssistedParameters)
	}
}

// TestProfileCertificateReports: a line says why once per reason, and
// counts the other certificates refused for it, however many taxes and
// certificates there are; a certificate for another state is reported
// beside none that says more.
func TestProfileCertificateReports(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	d := civil.MustParse
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "MANY"}},
		Certificates: []profile.Certificate{
			{Number: "A-CA", CustomerCode: "MANY", Jurisdictions: []string{"CA"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
			{Number: "B-NY", CustomerCode: "MANY", Jurisdictions: []string{"NY"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
			{Number: "C-TX-OLD", CustomerCode: "MANY", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2024-01-01"), ExpirationDate: d("2025-12-31")},
			{Number: "D-TX-OLDER", CustomerCode: "MANY", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2023-01-01"), ExpirationDate: d("2024-12-31")},
			{Number: "E-TX-NEXT", CustomerCode: "MANY", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2027-01-01")},
			{Number: "F-DALLAS", CustomerCode: "MANY", Jurisdictions: []string{"US-4819000"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")},
		},
	}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	r, err := e.Sale(context.Background(), profileSale("MANY", "GENERAL"))
	if err != nil {
		t.Fatal(err)
	}
	l := r.LineItems[0]
	if city := taxOf(t, l.Taxes, "US-4819000"); city.CertificateNumber == nil || city.CertificateNumber.Value != "F-DALLAS" || !city.CalculatedTax.IsZero() {
		t.Errorf("the city's certificate: %+v", city)
	}
	if state := taxOf(t, l.Taxes, "US-TX"); state.CalculatedTax.IsZero() {
		t.Errorf("the state's tax is not charged: %+v", state)
	}
	got := map[string]wire.AssistedParameter{}
	for _, p := range l.AssistedParameters {
		if _, twice := got[p.RuleName]; twice {
			t.Errorf("%s twice", p.RuleName)
		}
		got[p.RuleName] = p
	}
	want := map[string]struct{ number, says string }{
		"certificate-expired":            {"C-TX-OLD", "expired on 2025-12-31, before the tax date 2026-06-01: the tax is charged; 1 other certificate"},
		"certificate-not-yet-valid":      {"E-TX-NEXT", "takes effect on 2027-01-01"},
		"certificate-other-jurisdiction": {"A-CA", "covers US-CA, not US-TX: the tax is charged; 2 other certificates"},
	}
	if len(got) != len(want) {
		t.Errorf("parameters %+v, want %v", l.AssistedParameters, want)
	}
	for rule, w := range want {
		p := got[rule]
		if p.OriginalValue != w.number || p.ParamName != "exemptionCertificate" || !strings.Contains(p.Value, w.says) {
			t.Errorf("%s: %+v, want certificate %s saying %q", rule, p, w.number, w.says)
		}
	}

	// A customer of more certificates than a tax records the refusals
	// of: the last ones are asked again, and counted the same.
	cs = profile.ChangeSet{Customers: []profile.Customer{{Code: "LOTS"}}}
	states := []string{"AL", "AZ", "AR", "CA", "CO", "CT", "FL", "GA", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MI", "MN"}
	for i, st := range states {
		cs.Certificates = append(cs.Certificates, profile.Certificate{Number: fmt.Sprintf("S-%02d-%s", i, st), CustomerCode: "LOTS",
			Jurisdictions: []string{st}, ReasonCode: "G", EffectiveDate: d("2026-01-01")})
	}
	cs.Certificates = append(cs.Certificates, profile.Certificate{Number: "T-99-TX", CustomerCode: "LOTS", Jurisdictions: []string{"TX"},
		ReasonCode: "G", EffectiveDate: d("2020-01-01"), ExpirationDate: d("2025-12-31")})
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	if err := e.Profiles().Invalidate(context.Background(), levy.DefaultTenant); err != nil {
		t.Fatal(err)
	}
	if r, err = e.Sale(context.Background(), profileSale("LOTS", "GENERAL")); err != nil {
		t.Fatal(err)
	}
	ps := r.LineItems[0].AssistedParameters
	if len(ps) != 2 || ps[0].RuleName != "certificate-expired" || ps[0].OriginalValue != "T-99-TX" ||
		ps[1].RuleName != "certificate-other-jurisdiction" || ps[1].OriginalValue != "S-00-AL" ||
		!strings.Contains(ps[1].Value, fmt.Sprintf("; %d other certificates", len(states)-1)) {
		t.Errorf("%d certificates: %+v", len(cs.Certificates), ps)
	}
}

// TestProfileRegistrations: the registrations stored for the seller's
// company stand in for those the request does not send, on the line's
// date; the request's registrations or nexus indicator win.
func TestProfileRegistrations(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	d := civil.MustParse
	cs := profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "ACME", Jurisdiction: "TX", Number: "TX-1", EffectiveDate: d("2026-03-01")},
		{CompanyCode: "ACME", Jurisdiction: "WA", Number: "WA-1", EffectiveDate: d("2020-01-01"), EndDate: d("2025-12-31")},
	}}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	ctx := context.Background()
	registered := func(req *wire.SaleRequest) bool {
		t.Helper()
		r, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		state := r.LineItems[0].Taxes[0]
		return !state.NotRegisteredIndicator && state.TaxResult == wire.TaxResultTaxable
	}
	if !registered(profileSale("", "GENERAL")) {
		t.Error("Dallas on 2026-06-01: the Texas registration is in force")
	}
	early := profileSale("", "GENERAL")
	early.DocumentDate = d("2026-02-01")
	if registered(early) {
		t.Error("Dallas on 2026-02-01, before the Texas registration: no nexus")
	}
	seattle := usSale("", "Seattle", "WA", "98101", "GENERAL", "100.00")
	if registered(seattle) {
		t.Error("Seattle: the Washington registration has ended, and no other is in force there")
	}
	other := profileSale("", "GENERAL")
	other.Seller.Company = "OTHER"
	if !registered(other) {
		t.Error("a company without stored registrations is registered everywhere")
	}
	sent := profileSale("", "GENERAL")
	sent.DocumentDate = d("2026-02-01")
	sent.Seller.TaxRegistrations = []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "TX"}}
	if !registered(sent) {
		t.Error("the request's registrations win over the stored ones")
	}
	yes := true
	said := profileSale("", "GENERAL")
	said.DocumentDate = d("2026-02-01")
	said.Seller.NexusIndicator = &yes
	if !registered(said) {
		t.Error("the request's nexus indicator wins over the stored registrations")
	}
}

// TestProfileCodes: a line without a class takes it from its product code
// (the tenant's SKU) or its commodity code (the tenant's products of the
// type, then Levy's TIC and HS crosswalks); a class sent wins over both,
// and codes nothing maps leave the line GENERAL, flagged.
func TestProfileCodes(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	cs := profile.ChangeSet{Products: []profile.Product{{Code: "BOOK-1", Class: "BOOKS"}, {CodeType: "UNSPSC", Code: "43211503", Class: "ELECTRONICS"}}}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, j := profileEngine(t, store)
	cases := []struct {
		name      string
		product   *wire.Product
		commodity *wire.CommodityCode
		class     string // the class the line was taxed as
		param     wire.AssistedParameter
	}{
		{"SKU", &wire.Product{Value: "BOOK-1"}, nil, "BOOKS",
			wire.AssistedParameter{ParamName: "product.value", Phase: wire.PhasePre, RuleName: ProductCodeRule, OriginalValue: "BOOK-1", Value: "BOOKS"}},
		{"tenant's code type", nil, &wire.CommodityCode{CommodityCodeType: "unspsc", Value: "43211503"}, "ELECTRONICS",
			wire.AssistedParameter{ParamName: "commodityCode", Phase: wire.PhasePre, RuleName: ProductCodeRule, OriginalValue: "43211503", Value: "ELECTRONICS"}},
		{"HS crosswalk", &wire.Product{Value: "UNMAPPED"}, &wire.CommodityCode{CommodityCodeType: "HS", Value: "6109.10"}, "CLOTHING",
			wire.AssistedParameter{ParamName: "commodityCode", Phase: wire.PhasePre, RuleName: ProductCodeRule, OriginalValue: "6109.10", Value: "CLOTHING"}},
		{"TIC crosswalk", nil, &wire.CommodityCode{CommodityCodeType: "TIC", Value: "20010"}, "CLOTHING",
			wire.AssistedParameter{ParamName: "commodityCode", Phase: wire.PhasePre, RuleName: ProductCodeRule, OriginalValue: "20010", Value: "CLOTHING"}},
		{"unmapped", &wire.Product{Value: "UNMAPPED"}, &wire.CommodityCode{CommodityCodeType: "HS", Value: "9999.99"}, "GENERAL",
			wire.AssistedParameter{ParamName: "product.value", Phase: wire.PhasePre, RuleName: UnknownProductCodeRule, OriginalValue: "UNMAPPED", Value: "GENERAL"}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := profileSale("", "")
			req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "CODE-"+string(rune('A'+i))
			req.LineItems[0].Product, req.LineItems[0].CommodityCode = c.product, c.commodity
			r, err := e.Sale(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if len(l.AssistedParameters) != 1 || l.AssistedParameters[0] != c.param {
				t.Errorf("parameters %+v, want %+v", l.AssistedParameters, c.param)
			}
			if c.param.RuleName == ProductCodeRule && (l.Product == nil || l.Product.ProductClass != c.class) {
				t.Errorf("response product %+v, want class %s", l.Product, c.class)
			}
			if c.param.RuleName == UnknownProductCodeRule && l.Product.ProductClass != "" {
				t.Errorf("an unmapped code gave the response class %q", l.Product.ProductClass)
			}
			if c.product != nil && c.product.ProductClass != "" || req.LineItems[0].Product != c.product {
				t.Error("the request was changed")
			}
			tx, err := j.Get(context.Background(), levy.DefaultTenant, req.TransactionID)
			if err != nil {
				t.Fatal(err)
			}
			want := c.class // the journal keeps the class a code gave, and none sent otherwise
			if c.param.RuleName == UnknownProductCodeRule {
				want = ""
			}
			if tx.Lines[0].ProductClass != want {
				t.Errorf("journal class %q, want %q", tx.Lines[0].ProductClass, want)
			}
		})
	}
	// A class sent wins over the code.
	req := profileSale("", "GENERAL")
	req.LineItems[0].Product.Value = "BOOK-1"
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.LineItems[0].AssistedParameters) != 0 || r.LineItems[0].Product.ProductClass != "GENERAL" {
		t.Errorf("a class sent: %+v %+v", r.LineItems[0].Product, r.LineItems[0].AssistedParameters)
	}
	// A purchase's commodity code gives the purchase its class (a T-shirt
	// in Boston: clothing under $175 is not taxed), which the journal
	// keeps; a stored customer certificate never applies to a purchase.
	purchase := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
		TransactionID: "CODE-PURCHASE", DocumentDate: civil.MustParse("2026-06-01"),
		Vendor: &wire.Vendor{PhysicalOrigin: &wire.Location{City: "Portland", MainDivision: "OR", PostalCode: "97201", Country: "US"}},
		Buyer:  &wire.Buyer{Destination: &wire.Location{City: "Boston", MainDivision: "MA", PostalCode: "02108", Country: "US"}},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "1", CommodityCode: &wire.CommodityCode{CommodityCodeType: "HS", Value: "610910"},
			ExtendedPrice: amt("40.00")}}}
	pr, err := e.Purchase(context.Background(), purchase)
	if err != nil {
		t.Fatal(err)
	}
	if pl := pr.LineItems[0]; pl.Purchase == nil || pl.Purchase.PurchaseClass != "CLOTHING" || !pl.TotalTax.IsZero() || len(pl.AssistedParameters) != 1 {
		t.Errorf("purchase: %+v, tax %s, %+v", pl.Purchase, pl.TotalTax, pl.AssistedParameters)
	}
	if tx, err := j.Get(context.Background(), levy.DefaultTenant, "CODE-PURCHASE"); err != nil || tx.Lines[0].ProductClass != "CLOTHING" {
		t.Errorf("journal of the purchase: %v %+v", err, tx)
	}
	// Without profiles a code is no class.
	plain := testEngine(t)
	req = profileSale("", "")
	req.LineItems[0].Product = &wire.Product{Value: "BOOK-1"}
	if r, err = plain.Sale(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if len(r.LineItems[0].AssistedParameters) != 0 || r.LineItems[0].Product.ProductClass != "" {
		t.Errorf("without profiles: %+v %+v", r.LineItems[0].Product, r.LineItems[0].AssistedParameters)
	}
}

// TestProfilePolicy: a tenant's policy replaces the engine's settings for
// its calculations, member by member, and for no other tenant's; its
// address check wins over the server's for the tenant.
func TestProfilePolicy(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	policy := &profile.Policy{EUDistanceSales: map[string]decimal.Decimal{"TINY": decimal.NewFromInt(8000)},
		Rounding: map[string]money.RoundingMode{"AT": money.Down}, AddressCheck: profile.AddressStrict}
	if _, err := svc.Apply(context.Background(), "acme", "test", profile.ChangeSet{Policy: policy}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Apply(context.Background(), "lenient", "test", profile.ChangeSet{Policy: &profile.Policy{AddressCheck: profile.AddressLenient}}); err != nil {
		t.Fatal(err)
	}
	// The server: strict for tenant "lenient" (its policy wins) and for
	// "beta" (no policy), lenient otherwise.
	e, _ := profileEngine(t, store, WithAddressCheck(AddressLenient, map[string]AddressCheck{"lenient": AddressStrict, "beta": AddressStrict}))
	eu := func(tenant string) wire.Tax {
		t.Helper()
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-01"),
			Currency:  &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:    &wire.Seller{Company: "TINY", PhysicalOrigin: &wire.Location{City: "Wien", PostalCode: "1010", Country: "AT"}},
			Customer:  &wire.Customer{Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.99")}}}
		r, err := e.Sale(levy.WithTenant(context.Background(), tenant), req)
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0].Taxes[0]
	}
	// 20% of 100.99 is 20.198: rounded down to 20.19 by acme's policy.
	if tx := eu("acme"); tx.Jurisdiction.JurisdictionID != "AT" || tx.CalculatedTax.String() != "20.19" {
		t.Errorf("acme, below its EU threshold, rounding down: %s %s", tx.Jurisdiction.JurisdictionID, tx.CalculatedTax)
	}
	if tx := eu("other"); tx.Jurisdiction.JurisdictionID != "DE" {
		t.Errorf("another tenant keeps the server's settings: %s %s", tx.Jurisdiction.JurisdictionID, tx.CalculatedTax)
	}
	bad := func(tenant string) error {
		req := usSale("", "Los Angeles", "CA", "10118", "GENERAL", "10.00")
		_, err := e.Sale(levy.WithTenant(context.Background(), tenant), req)
		return err
	}
	for tenant, strict := range map[string]bool{"acme": true, "beta": true, "lenient": false, "other": false} {
		if err := bad(tenant); (err != nil) != strict {
			t.Errorf("%s: a ZIP code of another state gives %v, want strict %v", tenant, err, strict)
		} else if strict && levy.ErrorCode(err) != levy.EInvalid {
			t.Errorf("%s: %v", tenant, err)
		}
	}
	// A change of the policy reaches the next calculation.
	if _, err := svc.Apply(context.Background(), "acme", "test", profile.ChangeSet{Deletes: []profile.Key{profile.PolicyKey()}}); err != nil {
		t.Fatal(err)
	}
	if err := e.Profiles().Invalidate(context.Background(), "acme"); err != nil {
		t.Fatal(err)
	}
	if tx := eu("acme"); tx.Jurisdiction.JurisdictionID != "DE" {
		t.Errorf("acme without its policy: %s", tx.Jurisdiction.JurisdictionID)
	}
	if err := bad("acme"); err != nil {
		t.Errorf("acme without its policy is lenient again: %v", err)
	}
}

// TestProfileStoreFailure: a calculation whose tenant's profile cannot be
// read fails, rather than calculate without it.
func TestProfileStoreFailure(t *testing.T) {
	store := profile.NewMemory()
	e, _ := profileEngine(t, store)
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	_, err := e.Sale(context.Background(), profileSale("C-1", "GENERAL"))
	if err == nil || !strings.Contains(err.Error(), "tax profile of tenant default") {
		t.Fatalf("got %v", err)
	}
}

// TestProfileCacheNotMade: an engine given a profile cache over no store
// fails its calculations as invalid rather than panicking at the first.
func TestProfileCacheNotMade(t *testing.T) {
	e, err := New(context.Background(), WithProfiles(profile.NewCache(nil, nil)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Sale(context.Background(), profileSale("C-1", "GENERAL"))
	if levy.ErrorCode(err) != levy.EInvalid {
		t.Fatalf("got %v, want %s", err, levy.EInvalid)
	}
}

// raceEnabled is set by race_test.go under the race detector.
var raceEnabled bool

// TestProfileAllocations: an engine whose tenant has an empty profile
// allocates, for the usual one-line quotation, what an engine without
// profiles does; BenchmarkQuotation1 measures the latter.
func TestProfileAllocations(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("measures allocations (not under -short or -race)")
	}
	ctx := context.Background()
	plain := testEngine(t)
	prof, _ := profileEngine(t, profile.NewMemory())
	req := benchQuotation(1)
	count := func(e *Engine) float64 {
		if _, err := e.Sale(ctx, req); err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(200, func() {
			if _, err := e.Sale(ctx, req); err != nil {
				t.Fatal(err)
			}
		})
	}
	if a, b := count(plain), count(prof); b > a {
		t.Errorf("with an empty profile %v allocations, without profiles %v", b, a)
	}
}

// TestProfileCustomer: on a sale, the stored customer's business
// indicator makes a customer sent without one a business (services to a
// business in another member state: the customer accounts for the VAT),
// and its class code stands in for none sent.
func TestProfileCustomer(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	cs := profile.ChangeSet{Customers: []profile.Customer{{Code: "BIZ", IsBusiness: true, ClassCode: "RESELLER"}, {Code: "PERSON"}}}
	if _, err := svc.Apply(context.Background(), levy.DefaultTenant, "test", cs); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	rule := func(customer string) string {
		t.Helper()
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-01"),
			Currency:  &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:    &wire.Seller{PhysicalOrigin: &wire.Location{City: "Wien", PostalCode: "1010", Country: "AT"}},
			Customer:  &wire.Customer{CustomerCode: &wire.CustomerCode{Value: customer}, Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "PROFESSIONAL_SERVICES"}, ExtendedPrice: amt("100.00")}}}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0].Taxes[0].CalculationRuleID.Value
	}
	if got := rule("BIZ"); got != "eu-b2b-services" {
		t.Errorf("the stored business: rule %s", got)
	}
	if got := rule("PERSON"); got != "eu-b2c-services" {
		t.Errorf("a stored consumer: rule %s", got)
	}
	if got := rule("UNKNOWN"); got != "eu-b2c-services" {
		t.Errorf("a customer the profile does not know: rule %s", got)
	}

	// The class code, which a host's rule exempts.
	withRule, _ := profileEngine(t, store, WithRules([]rules.Rule{{ID: "host-resale", CustomerClass: "RESELLER", Outcome: rules.Exempt, Priority: 5}}, nil))
	for code, want := range map[string]wire.TaxResult{"BIZ": wire.TaxResultExempt, "PERSON": wire.TaxResultTaxable} {
		req := usSale("1 Main St", "Albany", "NY", "12207", "GENERAL", "100.00")
		req.Customer.CustomerCode = &wire.CustomerCode{Value: code}
		r, err := withRule.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		tx := r.LineItems[0].Taxes[0]
		if tx.TaxResult != want || want == wire.TaxResultExempt && tx.CalculationRuleID.Value != "host-resale" {
			t.Errorf("customer %s: %s by rule %v, want %s", code, tx.TaxResult, tx.CalculationRuleID, want)
		}
	}
}
