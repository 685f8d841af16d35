package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// procWalkHarness is a server on loopback over an engine with a journal
// in memory, a tolerance of 1.00 for every tenant, and a tenant "strict"
// whose stored policy has a tolerance of 1% and holds an undercharge for
// review; the bearer token names the tenant.
func procWalkHarness(t *testing.T) (*harness, journal.Store) {
	t.Helper()
	ctx := context.Background()
	store := profile.NewMemory()
	one := decimal.RequireFromString("1")
	if _, err := profile.NewService(store, profile.Config{}).Apply(ctx, "strict", "test", profile.ChangeSet{Policy: &profile.Policy{
		Tolerance: &profile.Tolerance{Percent: &one}, Undercharge: wire.ProcurementHoldForReview}}); err != nil {
		t.Fatal(err)
	}
	j := journal.NewMemory()
	amount := decimal.RequireFromString("1.00")
	e, err := engine.New(ctx, engine.WithProfileStore(store), engine.WithJournal(j),
		engine.WithSettings(engine.Settings{Tolerance: &engine.Tolerance{Amount: &amount}}),
		engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(e, WithLogger(slog.New(slog.DiscardHandler)), WithAuthenticator(tokenAuth{}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &harness{t: t, api: s, srv: srv, logs: &syncBuffer{}}, j
}

const (
	pwAtlanta  = `{"city":"Atlanta","mainDivision":"GA","postalCode":"30303","country":"US"}`
	pwPortland = `{"city":"Portland","mainDivision":"OR","postalCode":"97204","country":"US"}`
)

// pwPurchaseBody is a purchase of 1000.00 of general goods delivered to
// Atlanta on 2026-06-01, of message type mt, with the further members
// head and the vendor's JSON.
func pwPurchaseBody(mt, head, vendor string) string {
	return `{"purchaseMessageType":"` + mt + `","transactionType":"PURCHASE","documentDate":"2026-06-01",` + head +
		`"buyer":{"destination":` + pwAtlanta + `},"vendor":` + vendor +
		`,"lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":1000.00}]}`
}

// TestProcurementWalkOverHTTP: a purchasing department's calls through
// /procurement, /owner and the transaction routes on loopback, each
// answered as the engine answers it. Atlanta's rate is 8.9%: 89.00 on
// 1000.00.
func TestProcurementWalkOverHTTP(t *testing.T) {
	h, j := procWalkHarness(t)
	post := func(tenant, path, body string, v any) {
		t.Helper()
		dataOf(t, h.do("POST", path, strings.NewReader(body), "Authorization", "Bearer "+tenant), v)
	}
	gaVendor := `{"physicalOrigin":` + pwAtlanta + `,"taxRegistrations":[{"isoCountryCode":"US","mainDivision":"GA"}]}`
	orVendor := `{"physicalOrigin":` + pwPortland + `,"taxRegistrations":[{"isoCountryCode":"US","mainDivision":"OR"}]}`

	// An Oregon vendor without nexus in Georgia charged nothing: the
	// accrual stores 89.00 of Georgia use tax accrued by the buyer.
	var acc wire.PurchaseResponse
	post("acme", "/api/v2/procurement", pwPurchaseBody("ACCRUAL", `"transactionId":"AP-77",`, orVendor), &acc)
	if acc.TransactionID != "AP-77" || acc.TotalTax.String() != "89.00" || len(acc.LineItems) != 1 {
		t.Fatalf("accrual: %s, tax %s", acc.TransactionID, acc.TotalTax)
	}
	for _, x := range acc.LineItems[0].Taxes {
		if x.TaxCollectedFromParty != wire.TaxCollectedFromBuyer || x.TaxType != wire.TaxTypeConsumersUse {
			t.Errorf("accrual's tax of %s: %s from %s, want CONSUMERS_USE from BUYER", x.Jurisdiction.Value, x.TaxType, x.TaxCollectedFromParty)
		}
	}

	// The vendor invoice is reversed: the journal holds the reversal's
	// -89.00 beside the accrual's 89.00.
	var rev wire.ReversalResponse
	post("acme", "/api/v2/transactions/AP-77/reversal", `{"data":{"transactionId":"AP-77-R"}}`, &rev)
	if rev.TransactionID != "AP-77-R" {
		t.Errorf("reversal %+v", rev)
	}
	tx, err := j.Get(context.Background(), "acme", "AP-77-R")
	if err != nil || tx.TotalTax.String() != "-89.00" || tx.ReversalOf != "AP-77" || tx.Perspective != "BUYER" {
		t.Errorf("the stored reversal: %+v, %v; want BUYER -89.00 of AP-77", tx, err)
	}
	a := h.do("GET", "/api/v2/transaction-exists/AP-77-R", nil, "Authorization", "Bearer acme")
	var ea ExistsAnswer
	if err := json.Unmarshal(a.body, &ea); err != nil || ea.TransactionExistsIndicator != "true" {
		t.Errorf("the reversal exists: %s", a.body)
	}

	// A Georgia vendor charged 88.20 (0.80 under): within the server's
	// 1.00 and within the strict tenant's 1% (0.89), paid for both. At
	// 88.05 (0.95 under) the strict tenant holds it for review while the
	// server's tolerance still pays it; at 80.00 (9.00 under) the
	// server's policy accrues the 9.00.
	for _, c := range []struct {
		tenant, charged, action, rule, accrued string
	}{
		{"acme", "88.20", wire.ProcurementPayVendorTax, "conditional-within-tolerance", ""},
		{"strict", "88.20", wire.ProcurementPayVendorTax, "conditional-within-tolerance", ""},
		{"acme", "88.05", wire.ProcurementPayVendorTax, "conditional-within-tolerance", ""},
		{"strict", "88.05", wire.ProcurementHoldForReview, "conditional-undercharge-hold", ""},
		{"acme", "80.00", wire.ProcurementAccrue, "conditional-undercharge-accrue", "9.00"},
	} {
		var r wire.PurchaseResponse
		post(c.tenant, "/api/v2/procurement", pwPurchaseBody("CONDITIONAL_PROCUREMENT", `"chargedTax":`+c.charged+`,`, gaVendor), &r)
		act := r.ProcurementAction
		accrued := ""
		if act != nil && act.AccruedTax != nil {
			accrued = act.AccruedTax.String()
		}
		if act == nil || act.Action != c.action || act.RuleID != c.rule || accrued != c.accrued || r.TotalTax.String() != "89.00" {
			t.Errorf("%s, charged %s: %+v, tax %s; want %s %s accruing %q", c.tenant, c.charged, act, r.TotalTax, c.action, c.rule, c.accrued)
		}
	}

	// A German buyer's acquisition of goods from a French vendor: the
	// conditional procurement accrues the 190.00 reverse charge.
	eu := `{"purchaseMessageType":"CONDITIONAL_PROCUREMENT","transactionType":"PURCHASE","documentDate":"2026-06-01","chargedTax":0.00,
 "currency":{"isoCurrencyCodeAlpha":"EUR"},
 "buyer":{"destination":{"city":"Berlin","postalCode":"10115","country":"DE"},"taxRegistrations":[{"isoCountryCode":"DE","taxRegistrationNumber":"DE136695976"}]},
 "vendor":{"physicalOrigin":{"city":"Paris","postalCode":"75001","country":"FR"},"taxRegistrations":[{"isoCountryCode":"FR","taxRegistrationNumber":"FR40303265045"}]},
 "lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":1000.00}]}`
	var er wire.PurchaseResponse
	post("acme", "/api/v2/procurement", eu, &er)
	if act := er.ProcurementAction; act == nil || act.Action != wire.ProcurementAccrue || act.AccruedTax == nil || act.AccruedTax.String() != "190.00" ||
		er.TotalTax.String() != "190.00" || er.Variance == nil || er.Variance.String() != "0.00" {
		t.Errorf("acquisition: %+v, tax %s, variance %v; want ACCRUE 190.00, tax 190.00, variance 0.00", act, er.TotalTax, er.Variance)
	}

	// An owner moves a machine of net book value 1500.00 from Portland
	// to Atlanta: 133.50 of Georgia use tax.
	var own wire.OwnerResponse
	post("acme", "/api/v2/owner", `{"ownerMessageType":"ASSET_MOVEMENT","documentDate":"2026-06-01",
 "owner":{"physicalOrigin":`+pwPortland+`,"destination":`+pwAtlanta+`},
 "lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"netBookValue":1500.00}]}`, &own)
	if own.TotalTax.String() != "133.50" || len(own.LineItems) != 1 || len(own.LineItems[0].Taxes) != 3 {
		t.Errorf("asset movement: tax %s, %d lines; want 133.50 in three jurisdictions", own.TotalTax, len(own.LineItems))
	}
}
