package profile_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
)

// dataset is the validator of a host with Levy's dataset: it knows the
// jurisdictions of the embedded dataset and the built-in classes.
func dataset(t testing.TB) profile.Validator {
	t.Helper()
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	codes, err := data.Default().Codes()
	if err != nil {
		t.Fatal(err)
	}
	return profile.Validator{Jurisdiction: func(id string) bool { _, ok := j.Index(id); return ok },
		Currency: func(c string) bool { _, ok := codes.Currencies().ByAlpha(c); return ok }}
}

func date(s string) civil.Date { return civil.MustParse(s) }

func dec(s string) *decimal.Decimal {
	d := decimal.RequireFromString(s)
	return &d
}

// goodCertificate is a certificate that passes every check.
func goodCertificate() profile.Certificate {
	return profile.Certificate{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
		EffectiveDate: date("2026-01-01"), ExpirationDate: date("2026-12-31")}
}

// TestCheckNamesTheField: each bad input is refused with one EInvalid
// error whose field is its JSON path in the change set.
func TestCheckNamesTheField(t *testing.T) {
	cert := func(f func(c *profile.Certificate)) profile.ChangeSet {
		c := goodCertificate()
		f(&c)
		return profile.ChangeSet{Certificates: []profile.Certificate{c}}
	}
	doc := func(f func(d *profile.DocumentRef)) profile.ChangeSet {
		return cert(func(c *profile.Certificate) {
			d := profile.DocumentRef{SHA256: strings.Repeat("ab", 32), MediaType: "application/pdf", FileName: "c.pdf", Size: 10}
			f(&d)
			c.Document = &d
		})
	}
	reg := func(f func(r *profile.Registration)) profile.ChangeSet {
		r := profile.Registration{CompanyCode: "ACME", Jurisdiction: "US-TX", Number: "1234"}
		f(&r)
		return profile.ChangeSet{Registrations: []profile.Registration{r}}
	}
	prod := func(f func(p *profile.Product)) profile.ChangeSet {
		p := profile.Product{Code: "SKU-1", Class: "SAAS"}
		f(&p)
		return profile.ChangeSet{Products: []profile.Product{p}}
	}
	pol := func(f func(p *profile.Policy)) profile.ChangeSet {
		var p profile.Policy
		f(&p)
		return profile.ChangeSet{Policy: &p}
	}
	del := func(k profile.Key) profile.ChangeSet { return profile.ChangeSet{Deletes: []profile.Key{k}} }
	for _, tc := range []struct {
		name  string
		cs    profile.ChangeSet
		field string
		msg   string // a part of the message
	}{
		{"customer without a code", profile.ChangeSet{Customers: []profile.Customer{{Name: "x"}}}, "customers[0].code", "required"},
		{"customer code too long", profile.ChangeSet{Customers: []profile.Customer{{Code: strings.Repeat("c", 41)}}}, "customers[0].code", "at most 40"},
		{"customer code with a control character", profile.ChangeSet{Customers: []profile.Customer{{Code: "C\x001"}}}, "customers[0].code", "control characters"},
		{"customer code with a bidi override", profile.ChangeSet{Customers: []profile.Customer{{Code: "C\u202e1"}}}, "customers[0].code", "bidirectional"},
		{"customer class too long", profile.ChangeSet{Customers: []profile.Customer{{Code: "C", ClassCode: strings.Repeat("k", 41)}}}, "customers[0].classCode", "at most 40"},
		{"customer name too long", profile.ChangeSet{Customers: []profile.Customer{{Code: "C", Name: strings.Repeat("n", 201)}}}, "customers[0].name", "at most 200"},
		{"customer code of two dots", profile.ChangeSet{Customers: []profile.Customer{{Code: ".."}}}, "customers[0].code", "no path of the admin routes"},
		{"customer code with an empty piece", profile.ChangeSet{Customers: []profile.Customer{{Code: "ACME//01"}}}, "customers[0].code", "no path of the admin routes"},
		{"customer twice", profile.ChangeSet{Customers: []profile.Customer{{Code: "C"}, {Code: " C "}}}, "customers[1].code", "listed twice (also at customers[0].code)"},

		{"certificate without a number", cert(func(c *profile.Certificate) { c.Number = " " }), "certificates[0].number", "required"},
		{"certificate number too long", cert(func(c *profile.Certificate) { c.Number = strings.Repeat("9", 31) }), "certificates[0].number", "at most 30"},
		{"certificate number of a dot segment", cert(func(c *profile.Certificate) { c.Number = "../TX-1" }), "certificates[0].number", "no path of the admin routes"},
		{"certificate number ending in a slash", cert(func(c *profile.Certificate) { c.Number = "TX-1/" }), "certificates[0].number", "no path of the admin routes"},
		{"certificate without a customer", cert(func(c *profile.Certificate) { c.CustomerCode = "" }), "certificates[0].customerCode", "required"},
		{"certificate without jurisdictions", cert(func(c *profile.Certificate) { c.Jurisdictions = nil }), "certificates[0].jurisdictions", "required"},
		{"jurisdiction of a bad form", cert(func(c *profile.Certificate) { c.Jurisdictions = []string{"TX", "Texas"} }), "certificates[0].jurisdictions[1]", "not a jurisdiction ID"},
		{"jurisdiction empty", cert(func(c *profile.Certificate) { c.Jurisdictions = []string{""} }), "certificates[0].jurisdictions[0]", "required"},
		{"no such state", cert(func(c *profile.Certificate) { c.Jurisdictions = []string{"US-XX"} }), "certificates[0].jurisdictions[0]", "not a jurisdiction ID"},
		{"jurisdiction unknown to the dataset", cert(func(c *profile.Certificate) { c.Jurisdictions = []string{"US-4899999"} }), "certificates[0].jurisdictions[0]", "not a jurisdiction Levy knows"},
		{"too many jurisdictions", cert(func(c *profile.Certificate) { c.Jurisdictions = make([]string, 101) }), "certificates[0].jurisdictions", "at most 100"},
		{"certificate without a reason", cert(func(c *profile.Certificate) { c.ReasonCode = "" }), "certificates[0].reasonCode", "required"},
		{"reason letter out of the SST's", cert(func(c *profile.Certificate) { c.ReasonCode = "Z" }), "certificates[0].reasonCode", "not a reason code"},
		{"reason of five digits", cert(func(c *profile.Certificate) { c.ReasonCode = "12345" }), "certificates[0].reasonCode", "not a reason code"},
		{"reason in words", cert(func(c *profile.Certificate) { c.ReasonCode = "RESALE" }), "certificates[0].reasonCode", "not a reason code"},
		{"unknown class", cert(func(c *profile.Certificate) { c.ProductClasses = []string{"CLOTHING", "GROCERIES"} }), "certificates[0].productClasses[1]", "not a product class"},
		{"empty class", cert(func(c *profile.Certificate) { c.ProductClasses = []string{" "} }), "certificates[0].productClasses[0]", "required"},
		{"certificate without an effective date", cert(func(c *profile.Certificate) { c.EffectiveDate = civil.Date{} }), "certificates[0].effectiveDate", "required"},
		{"expiration before effective", cert(func(c *profile.Certificate) { c.ExpirationDate = date("2025-12-31") }), "certificates[0].expirationDate", "before the effective date 2026-01-01"},
		{"transaction ID too long", cert(func(c *profile.Certificate) { c.TransactionID = strings.Repeat("t", 41) }), "certificates[0].transactionId", "at most 40"},
		// No transaction can be "." or ".." (wire.CheckTransactionID): a
		// single-purchase certificate of one would cover nothing, ever.
		{"transaction ID a dot segment", cert(func(c *profile.Certificate) { c.TransactionID = " .. " }), "certificates[0].transactionId", "no transaction"},
		{"unknown status", cert(func(c *profile.Certificate) { c.Status = "expired" }), "certificates[0].status", "not a status"},
		{"revoked without a date", cert(func(c *profile.Certificate) { c.Status = "revoked" }), "certificates[0].revokedDate", "required"},
		{"active with a revocation date", cert(func(c *profile.Certificate) { c.RevokedDate = date("2026-05-01") }), "certificates[0].revokedDate", "active certificate"},
		{"document digest", doc(func(d *profile.DocumentRef) { d.SHA256 = "abc" }), "certificates[0].document.sha256", "64 hex digits"},
		{"document type", doc(func(d *profile.DocumentRef) { d.MediaType = "text/html" }), "certificates[0].document.mediaType", "not a type of document kept"},
		{"document name", doc(func(d *profile.DocumentRef) { d.FileName = "a\nb.pdf" }), "certificates[0].document.fileName", "control characters"},
		{"document size", doc(func(d *profile.DocumentRef) { d.Size = 0 }), "certificates[0].document.size", "between 1 and"},
		{"document too large", doc(func(d *profile.DocumentRef) { d.Size = profile.MaxDocumentSize + 1 }), "certificates[0].document.size", "between 1 and"},
		{"certificate number twice for a customer", profile.ChangeSet{Certificates: []profile.Certificate{goodCertificate(), goodCertificate()}},
			"certificates[1].number", "certificate C-1/TX-1 is listed twice (also at certificates[0].number)"},

		{"registration without a jurisdiction", reg(func(r *profile.Registration) { r.Jurisdiction = "" }), "registrations[0].jurisdiction", "required"},
		{"registration of an unknown jurisdiction", reg(func(r *profile.Registration) { r.Jurisdiction = "ZZ" }), "registrations[0].jurisdiction", "not a jurisdiction Levy knows"},
		{"registration without a number", reg(func(r *profile.Registration) { r.Number = "" }), "registrations[0].number", "required"},
		{"registration type", reg(func(r *profile.Registration) { r.Type = "Sales Tax Permit" }), "registrations[0].type", "taxRegistrationType"},
		{"registration ending before it starts", reg(func(r *profile.Registration) {
			r.EffectiveDate, r.EndDate = date("2026-02-01"), date("2026-01-31")
		}), "registrations[0].endDate", "before the effective date"},
		{"registration company too long", reg(func(r *profile.Registration) { r.CompanyCode = strings.Repeat("c", 41) }), "registrations[0].companyCode", "at most 40"},
		{"registration twice", profile.ChangeSet{Registrations: []profile.Registration{
			{Jurisdiction: "TX", Number: "1"}, {Jurisdiction: "US-TX", Number: "1"}}}, "registrations[1].number", "listed twice"},

		{"product without a code", prod(func(p *profile.Product) { p.Code = "" }), "products[0].code", "required"},
		{"product code of a dot segment", prod(func(p *profile.Product) { p.Code = "A/./B" }), "products[0].code", "no path of the admin routes"},
		{"product code type of two dots", prod(func(p *profile.Product) { p.CodeType = ".." }), "products[0].codeType", "no path of the admin routes"},
		{"registration number of one dot", reg(func(r *profile.Registration) { r.Number = "." }), "registrations[0].number", "no path of the admin routes"},
		{"product without a class", prod(func(p *profile.Product) { p.Class = "" }), "products[0].class", "required"},
		{"product of an unknown class", prod(func(p *profile.Product) { p.Class = "saas" }), "products[0].class", "not a product class"},
		{"product code type", prod(func(p *profile.Product) { p.CodeType = "my codes" }), "products[0].codeType", "not a code type"},
		{"HS code with letters", prod(func(p *profile.Product) { p.CodeType, p.Code = "HS", "64a2" }), "products[0].code", "not a HS code"},
		{"product twice", profile.ChangeSet{Products: []profile.Product{{Code: "A", Class: "BOOKS"}, {CodeType: "sku", Code: "A", Class: "FOOD"}}},
			"products[1].code", "listed twice"},

		{"policy country", pol(func(p *profile.Policy) { p.DefaultCountry = "USA" }), "policy.defaultCountry", "alpha-2"},
		// A country that the dataset does not know: every address that
		// names no country would be refused, blaming the request.
		{"policy country unknown", pol(func(p *profile.Policy) { p.DefaultCountry = "ZZ" }), "policy.defaultCountry", "not a country Levy knows"},
		{"policy country not ISO", pol(func(p *profile.Policy) { p.DefaultCountry = "EU" }), "policy.defaultCountry", "not a country Levy knows"},
		{"policy tolerance amount", pol(func(p *profile.Policy) { p.Tolerance = &profile.Tolerance{Amount: dec("-1")} }), "policy.tolerance.amount", "negative"},
		{"policy tolerance percent", pol(func(p *profile.Policy) { p.Tolerance = &profile.Tolerance{Percent: dec("100.5")} }), "policy.tolerance.percent", "between 0 and 100"},
		// An empty tolerance limited nothing: every conditional
		// procurement paid the vendor's tax, whatever it charged.
		{"policy tolerance empty", pol(func(p *profile.Policy) { p.Tolerance = &profile.Tolerance{} }), "policy.tolerance", "neither amount nor percent"},
		{"policy undercharge", pol(func(p *profile.Policy) { p.Undercharge = "PAY_VENDOR_TAX" }), "policy.undercharge", "is not"},
		{"policy overcharge", pol(func(p *profile.Policy) { p.Overcharge = "ACCRUE" }), "policy.overcharge", "is not"},
		{"policy EU sales", pol(func(p *profile.Policy) { p.EUDistanceSales = map[string]decimal.Decimal{"ACME": *dec("-5")} }), `policy.euDistanceSales["ACME"]`, "negative"},
		{"policy EU threshold", pol(func(p *profile.Policy) { p.EUDistanceThreshold = dec("-1") }), "policy.euDistanceThreshold", "negative"},
		{"policy rounding key", pol(func(p *profile.Policy) { p.Rounding = map[string]money.RoundingMode{"us-ca": money.HalfEven} }), `policy.rounding["us-ca"]`, "not a jurisdiction ID"},
		{"policy rounding key of a US territory by its country code", pol(func(p *profile.Policy) { p.Rounding = map[string]money.RoundingMode{"PR": money.HalfEven} }), `policy.rounding["PR"]`, "US-PR for Puerto Rico"},
		{"policy rounding mode", pol(func(p *profile.Policy) { p.Rounding = map[string]money.RoundingMode{"US-*": 9} }), `policy.rounding["US-*"]`, "not a rounding mode"},
		{"policy address check", pol(func(p *profile.Policy) { p.AddressCheck = "loose" }), "policy.addressCheck", "is not lenient or strict"},
		{"policy notice days", pol(func(p *profile.Policy) { p.ExpiryNoticeDays = 400 }), "policy.expiryNoticeDays", "between 0 and 366"},

		{"deletion of an unknown kind", del(profile.Key{Kind: "vendor", Code: "V"}), "deletes[0].kind", "not a kind"},
		{"deletion of a customer without its code", del(profile.Key{Kind: profile.KindCustomer}), "deletes[0].code", "required"},
		{"deletion of a certificate without its customer", del(profile.Key{Kind: profile.KindCertificate, Code: "N"}), "deletes[0].scope", "required"},
		{"deletion by a key with a separator", del(profile.Key{Kind: profile.KindProduct, Scope: "SKU", Code: "A\x1f\x1fB"}), "deletes[0].code", "control characters"},
		{"deletion by a key too long", del(profile.Key{Kind: profile.KindCertificate, Scope: strings.Repeat("s", 61), Code: "N"}), "deletes[0].scope", "at most 60"},
		{"deletion of a customer with a jurisdiction", del(profile.Key{Kind: profile.KindCustomer, Code: "C", Jurisdiction: "US"}), "deletes[0].jurisdiction", "not a part of the key"},
		{"deletion of a record stored in the same change", profile.ChangeSet{Customers: []profile.Customer{{Code: "C"}}, Deletes: []profile.Key{profile.CustomerKey("C")}},
			"deletes[0]", "listed twice (also at customers[0].code)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := dataset(t).Check(&tc.cs)
			var list levy.Errors
			if !errors.As(err, &list) {
				t.Fatalf("Check: %v, want a levy.Errors", err)
			}
			if len(list) != 1 || list[0].Field != tc.field || list[0].Code != levy.EInvalid || !strings.Contains(list[0].Message, tc.msg) {
				t.Fatalf("Check: %v; want one EInvalid error of %s saying %q", err, tc.field, tc.msg)
			}
		})
	}
}

// TestCheckReportsEverything: the problems of several records are
// reported together, each naming its record.
func TestCheckReportsEverything(t *testing.T) {
	bad := goodCertificate()
	bad.ExpirationDate = date("2025-01-01")
	cs := profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-1"}, {}},
		Certificates: []profile.Certificate{goodCertificate(), bad},
		Products:     []profile.Product{{Code: "P", Class: "NOPE"}},
	}
	err := profile.Validator{}.Check(&cs)
	var fields []string
	var list levy.Errors
	if errors.As(err, &list) {
		for _, e := range list {
			fields = append(fields, e.Field)
		}
	}
	want := []string{"customers[1].code", "certificates[1].expirationDate", "certificates[1].number", "products[0].class"}
	if !reflect.DeepEqual(fields, want) {
		t.Fatalf("fields %v, want %v (%v)", fields, want, err)
	}
}

// TestCheckTooLarge: a change set of more than MaxChanges records is
// refused as too large, before any record is read.
func TestCheckTooLarge(t *testing.T) {
	cs := profile.ChangeSet{Products: make([]profile.Product, profile.MaxChanges+1)}
	if err := (profile.Validator{}).Check(&cs); levy.ErrorCode(err) != levy.ETooLarge {
		t.Fatalf("Check: %v", err)
	}
}

// TestCheckPolicyMapsBounded: a policy's rounding and EU distance sales
// hold at most MaxPolicyEntries entries each: the engine walks the
// rounding's keys for every tax of every line of the tenant, so that a
// policy of 300,000 keys, which fits a request body, made each
// calculation of the tenant some 300 times slower on a shared server.
// A policy of that many entries is refused naming the member, and one
// of MaxPolicyEntries is taken.
func TestCheckPolicyMapsBounded(t *testing.T) {
	policy := func(n int) *profile.Policy {
		p := &profile.Policy{Rounding: map[string]money.RoundingMode{}, EUDistanceSales: map[string]decimal.Decimal{}}
		for i := range n {
			p.Rounding[fmt.Sprintf("US-%07d", i)] = money.HalfUp
			p.EUDistanceSales[fmt.Sprintf("CO-%d", i)] = decimal.NewFromInt(int64(i))
		}
		return p
	}
	cs := profile.ChangeSet{Policy: policy(profile.MaxPolicyEntries)}
	if err := (profile.Validator{}).Check(&cs); err != nil {
		t.Fatalf("a policy of %d entries: %v", profile.MaxPolicyEntries, err)
	}
	cs = profile.ChangeSet{Policy: policy(profile.MaxPolicyEntries + 1)}
	err := (profile.Validator{}).Check(&cs)
	var list levy.Errors
	if !errors.As(err, &list) || len(list) != 2 || list[0].Field != "policy.euDistanceSales" || list[1].Field != "policy.rounding" ||
		!strings.Contains(list[1].Message, "at most 1000") {
		t.Fatalf("a policy of %d entries: %v", profile.MaxPolicyEntries+1, err)
	}
}

// TestCheckCapsErrors: a change set full of bad records reports
// MaxErrors of them.
func TestCheckCapsErrors(t *testing.T) {
	cs := profile.ChangeSet{Customers: make([]profile.Customer, 1000)}
	var list levy.Errors
	if err := (profile.Validator{}).Check(&cs); !errors.As(err, &list) || len(list) != profile.MaxErrors {
		t.Fatalf("Check of 1000 bad records reported %d errors, want %d", len(list), profile.MaxErrors)
	}
}

// TestCheckNormalizes: the stored forms of what people write.
func TestCheckNormalizes(t *testing.T) {
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: " C-1 ", Name: " Alpha "}},
		Certificates: []profile.Certificate{{Number: " N-1", CustomerCode: "C-1 ", Jurisdictions: []string{"tx", "US-TX", " us-ca ", "US", "US-4819000"},
			ReasonCode: " g ", ProductClasses: []string{"CLOTHING", " CLOTHING"}, EffectiveDate: date("2026-01-01"), Status: " Revoked", RevokedDate: date("2026-03-01"),
			Document: &profile.DocumentRef{SHA256: strings.Repeat("AB", 32), MediaType: "Application/PDF", FileName: "/tmp/../scan.pdf", Size: 3}}},
		Registrations: []profile.Registration{{Jurisdiction: "wa", Number: "600"}},
		Products:      []profile.Product{{CodeType: "hs", Code: "6402.99 90", Class: "CLOTHING"}, {CodeType: "tic", Code: "20.010", Class: "CLOTHING"}, {Code: "sku-1", Class: "SAAS"}},
		Policy:        &profile.Policy{DefaultCountry: "us", AddressCheck: "STRICT"},
		Deletes:       []profile.Key{{Kind: profile.KindRegistration, Jurisdiction: "or", Code: "9"}, {Kind: profile.KindProduct, Scope: "hs", Code: "01.01"}},
	}
	if err := dataset(t).Check(&cs); err != nil {
		t.Fatal(err)
	}
	c := cs.Certificates[0]
	if cs.Customers[0].Code != "C-1" || cs.Customers[0].Name != "Alpha" || c.Number != "N-1" || c.CustomerCode != "C-1" ||
		strings.Join(c.Jurisdictions, " ") != "US-TX US-CA US US-4819000" || c.ReasonCode != "G" || strings.Join(c.ProductClasses, " ") != "CLOTHING" ||
		c.Status != "revoked" || c.Document.SHA256 != strings.Repeat("ab", 32) || c.Document.MediaType != "application/pdf" || c.Document.FileName != "scan.pdf" {
		t.Fatalf("customer %+v, certificate %+v, document %+v", cs.Customers[0], c, c.Document)
	}
	if r := cs.Registrations[0]; r.Jurisdiction != "US-WA" {
		t.Fatalf("registration %+v", r)
	}
	if p := cs.Products; p[0].CodeType != "HS" || p[0].Code != "64029990" || p[1].CodeType != "TIC" || p[1].Code != "20010" || p[2].CodeType != "SKU" || p[2].Code != "sku-1" {
		t.Fatalf("products %+v", p)
	}
	if cs.Policy.DefaultCountry != "US" || cs.Policy.AddressCheck != "strict" {
		t.Fatalf("policy %+v", cs.Policy)
	}
	if d := cs.Deletes; d[0].Jurisdiction != "US-OR" || d[1].Scope != "HS" || d[1].Code != "0101" {
		t.Fatalf("deletes %+v", d)
	}
	if c := goodCertificate(); c.Status != "" {
		t.Fatal("goodCertificate has a status")
	}
	active := profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}}, Certificates: []profile.Certificate{goodCertificate()}}
	if err := (profile.Validator{}).Check(&active); err != nil || active.Certificates[0].Status != profile.StatusActive {
		t.Fatalf("a certificate without a status: %q, %v", active.Certificates[0].Status, err)
	}
}

// TestApplyLeavesTheCallersChangeSet: Apply normalises a copy.
func TestApplyLeavesTheCallersChangeSet(t *testing.T) {
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	cs := profile.ChangeSet{Customers: []profile.Customer{{Code: " C-1 "}}, Certificates: []profile.Certificate{goodCertificate()},
		Policy: &profile.Policy{AddressCheck: "STRICT", Tolerance: &profile.Tolerance{Amount: dec("1.50")}}}
	cs.Certificates[0].Jurisdictions = []string{"tx"}
	cs.Certificates[0].CustomerCode = " C-1 "
	if _, err := svc.Apply(context.Background(), "acme", "cli", cs); err != nil {
		t.Fatal(err)
	}
	if cs.Customers[0].Code != " C-1 " || cs.Certificates[0].Jurisdictions[0] != "tx" || cs.Certificates[0].Status != "" || cs.Policy.AddressCheck != "STRICT" {
		t.Fatalf("the caller's change set changed: %+v", cs)
	}
}

// TestApplyRefuses: what Apply refuses before it reads a record. A
// tenant that no credential can have (a space around it, a control
// character, not UTF-8, longer than a credential's) was accepted before,
// and its profile stored where no server reads it.
func TestApplyRefuses(t *testing.T) {
	ctx := context.Background()
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	one := profile.ChangeSet{Customers: []profile.Customer{{Code: "C"}}}
	for _, tc := range []struct {
		name       string
		ctx        context.Context
		tenant, by string
		cs         profile.ChangeSet
		code       string
		field      string
	}{
		{"empty change set", ctx, "acme", "cli", profile.ChangeSet{}, levy.EInvalid, ""},
		{"no credential", ctx, "acme", "", one, levy.EInvalid, "by"},
		{"credential with a newline", ctx, "acme", "cli\nforged", one, levy.EInvalid, "by"},
		{"credential too long", ctx, "acme", strings.Repeat("c", 101), one, levy.EInvalid, "by"},
		{"no tenant", ctx, "", "cli", one, levy.EInvalid, "tenant"},
		{"tenant with a space after it", ctx, "acme ", "cli", one, levy.EInvalid, "tenant"},
		{"tenant with a control character", ctx, "ac\x00me", "cli", one, levy.EInvalid, "tenant"},
		{"tenant not UTF-8", ctx, "acm\xe9", "cli", one, levy.EInvalid, "tenant"},
		{"tenant too long", ctx, strings.Repeat("t", 201), "cli", one, levy.EInvalid, "tenant"},
		{"read-only caller", levy.WithReadOnly(ctx), "acme", "cli", one, levy.EForbidden, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := svc.Apply(tc.ctx, tc.tenant, tc.by, tc.cs)
			var e *levy.Error
			if !errors.As(err, &e) || e.Code != tc.code || e.Field != tc.field {
				t.Fatalf("Apply: %v, want %s of field %q", err, tc.code, tc.field)
			}
		})
	}
	if _, err := svc.PutDocument(levy.WithReadOnly(ctx), "acme", []byte("%PDF-"), "application/pdf", ""); levy.ErrorCode(err) != levy.EForbidden {
		t.Fatalf("PutDocument of a read-only caller: %v", err)
	}
	if _, err := svc.PutDocument(ctx, " acme", []byte("%PDF-"), "application/pdf", ""); levy.ErrorCode(err) != levy.EInvalid {
		t.Fatalf("PutDocument for tenant \" acme\": %v", err)
	}
	if tenants, _ := svc.Tenants(ctx); len(tenants) != 0 {
		t.Fatalf("the refused changes made tenants %q", tenants)
	}
	if v, _ := svc.Store().Version(ctx, "acme"); v != 0 {
		t.Fatalf("the refused changes made version %d", v)
	}
}

// TestHistoryKeyChecked: History refuses a key it cannot name a record
// by.
func TestHistoryKeyChecked(t *testing.T) {
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	_, err := svc.History(context.Background(), "acme", profile.Key{Kind: profile.KindCertificate, Code: "N"})
	var list levy.Errors
	if !errors.As(err, &list) || list[0].Field != "key.scope" {
		t.Fatalf("History of a key without its scope: %v", err)
	}
}

// TestReasons: the reason codes a certificate may give.
func TestReasons(t *testing.T) {
	for in, want := range map[string]string{"G": "G", "g": "G", " m ": "M", "A": "A", "3": "0003", "0007": "0007", "1234": "1234"} {
		if got, ok := profile.NormalizeReason(in); !ok || got != want {
			t.Errorf("NormalizeReason(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "N", "Z", "GG", "12", "123", "12345", "resale", "-1", "0x1"} {
		if got, ok := profile.NormalizeReason(in); ok {
			t.Errorf("NormalizeReason(%q) = %q; want refused", in, got)
		}
	}
	if len(profile.Reasons) != 13 || profile.ReasonText("G") != "Resale" || profile.ReasonText("0003") != "" {
		t.Fatalf("Reasons: %d, G is %q", len(profile.Reasons), profile.ReasonText("G"))
	}
	for i, r := range profile.Reasons {
		if want := string(rune('A' + i)); r.Code != want {
			t.Errorf("reason %d is %q, want %q", i, r.Code, want)
		}
	}
}

// TestKeyID: a key reads back from its ID.
func TestKeyID(t *testing.T) {
	for _, k := range []profile.Key{
		profile.CustomerKey("C-1"), profile.CertificateKey("C-1", "N/1"), profile.RegistrationKey("", "US-TX", "9"),
		profile.RegistrationKey("ACME", "US-TX", "9"), profile.ProductKey("", "SKU"), profile.ProductKey("HS", "0101"), profile.PolicyKey(),
	} {
		if got := profile.KeyOf(k.Kind, k.ID()); got != k {
			t.Errorf("KeyOf(%q, %q) = %+v, want %+v", k.Kind, k.ID(), got, k)
		}
	}
	if s := fmt.Sprint(profile.CertificateKey("C-1", "N-1")); s != "certificate C-1/N-1" {
		t.Errorf("String: %s", s)
	}
}

// TestCheckPolicyNumbersBounded: a request's numbers are less than
// 10^wire.MaxAmountDigits in absolute value, but a policy's decimals had
// no bound: a tolerance amount of 1e400, or one of 500 digits, was
// stored, and its "is negative" error, when it had one, quoted every
// digit. Each is now refused with one error naming the member, without
// the value; the largest number a request may send is taken.
func TestCheckPolicyNumbersBounded(t *testing.T) {
	huge := "-" + strings.Repeat("9", 500)
	fine := "0." + strings.Repeat("0", money.MaxDigits) + "1"
	for _, tc := range []struct {
		name, field, msg string
		set              func(p *profile.Policy)
	}{
		{"tolerance amount of 1e15", "policy.tolerance.amount", "less than 1e15",
			func(p *profile.Policy) { p.Tolerance = &profile.Tolerance{Amount: dec("1e15")} }},
		{"tolerance amount of 500 digits", "policy.tolerance.amount", "less than 1e15",
			func(p *profile.Policy) { p.Tolerance = &profile.Tolerance{Amount: dec(huge)} }},
		{"tolerance amount of too many decimals", "policy.tolerance.amount", "digits after the decimal point",
			func(p *profile.Policy) { p.Tolerance = &profile.Tolerance{Amount: dec(fine)} }},
		{"tolerance percent of 1e400", "policy.tolerance.percent", "less than 1e15",
			func(p *profile.Policy) { p.Tolerance = &profile.Tolerance{Percent: dec("1e400")} }},
		{"tolerance percent of too many decimals", "policy.tolerance.percent", "digits after the decimal point",
			func(p *profile.Policy) { p.Tolerance = &profile.Tolerance{Percent: dec(fine)} }},
		{"EU distance sales of 500 digits", `policy.euDistanceSales["ACME"]`, "less than 1e15",
			func(p *profile.Policy) { p.EUDistanceSales = map[string]decimal.Decimal{"ACME": *dec(huge)} }},
		{"EU distance threshold of 1e400", "policy.euDistanceThreshold", "less than 1e15",
			func(p *profile.Policy) { p.EUDistanceThreshold = dec("1e400") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p profile.Policy
			tc.set(&p)
			err := (profile.Validator{}).Check(&profile.ChangeSet{Policy: &p})
			var list levy.Errors
			if !errors.As(err, &list) || len(list) != 1 || list[0].Field != tc.field || list[0].Code != levy.EInvalid ||
				!strings.Contains(list[0].Message, tc.msg) || len(list[0].Message) > 200 {
				t.Fatalf("Check: %v; want one short EInvalid error of %s saying %q", err, tc.field, tc.msg)
			}
		})
	}
	top := dec("999999999999999.999999")
	p := profile.Policy{Tolerance: &profile.Tolerance{Amount: top, Percent: dec("5")},
		EUDistanceSales: map[string]decimal.Decimal{"ACME": *top}, EUDistanceThreshold: top}
	if err := (profile.Validator{}).Check(&profile.ChangeSet{Policy: &p}); err != nil {
		t.Fatalf("a policy of numbers just under 1e15: %v", err)
	}
}

// TestApplyTenantLength: a profile is stored for every tenant a
// credential may have, up to levy.MaxTenantLength bytes, as the
// journal stores its transactions.
func TestApplyTenantLength(t *testing.T) {
	ctx := context.Background()
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	one := profile.ChangeSet{Customers: []profile.Customer{{Code: "C"}}}
	for _, n := range []int{100, 101, levy.MaxTenantLength} {
		if _, err := svc.Apply(ctx, strings.Repeat("t", n), "cli", one); err != nil {
			t.Errorf("a tenant of %d bytes: %v", n, err)
		}
	}
	if _, err := svc.Apply(ctx, strings.Repeat("t", levy.MaxTenantLength+1), "cli", one); levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("a tenant of %d bytes: %v", levy.MaxTenantLength+1, err)
	}
}
